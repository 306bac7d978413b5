//! The variant's rules compiled once per variant into one record of
//! [`Tables`](super::tables::Tables), [`Rules`]: what move generation, make-move, the rule
//! files (`board/rules/`) and the search read. Names are resolved to type ids and type sets,
//! switches that several keys decide are decided here, so the hot paths test a field instead
//! of walking the nested `Variant` data, and a reader sees in one place every switch a move
//! or a game end depends on. Only this compiler and the text code (FEN, SAN, notations) read
//! the `Variant` itself.

use super::tables::{TypeSet, MAX_TYPES};
use crate::board::rules::insufficient::MaterialKinds;
use crate::variant::{
    ChasingRule, CheckRules, CountingRule, GameValue, MaterialCounting, PieceId, Variant,
};

/// Every rule the board and the search read, by group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rules {
    /// Promotions, drops, gating and castling: what move generation and make-move read.
    pub moves: MoveRules,
    /// Check rules (`checking`, `flyingGeneral`, `makpongRule`, `dupleCheck`,
    /// `checkCounting`, `shatarMateRule`, `bikjangRule`), as the variant gives them: already
    /// flat switches.
    pub checks: CheckRules,
    /// What a capture does beyond removing the piece, and which captures are forced or
    /// forbidden.
    pub captures: CaptureRules,
    /// How games end.
    pub end: EndRules,
    /// The piece kinds of the insufficient-material rule (`board/rules/insufficient.rs`).
    pub material: MaterialKinds,
    /// Some rule takes moves out of the legal set after the legality test (`mustCapture`,
    /// `checking = false`, `mutuallyImmuneTypes`): see `board/rules/obligations.rs`.
    pub obligations: bool,
    /// Turns of more than one move (`movesPerTurn`, `progressiveTurns`); `None`: one move a
    /// turn.
    pub turns: Option<TurnRules>,
}

/// Turns of several moves: the same side moves again until its turn's moves are made (or a
/// check ends the turn).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnRules {
    /// `movesPerTurn`.
    pub moves_per_turn: Vec<u8>,
    /// `progressiveTurns`.
    pub progressive: bool,
    /// `checkEndsTurn`.
    pub check_ends_turn: bool,
    /// The first turn from which the turns' lengths repeat every two turns (`u32::MAX` for
    /// progressive turns, which never do).
    pub periodic_from: u32,
}

/// The first turn from which the lengths of `movesPerTurn = list` repeat every two turns (a
/// list's last two entries repeat past its end; earlier entries may already).
fn periodic_from(list: &[u8], progressive: bool) -> u32 {
    if progressive {
        return u32::MAX;
    }
    let mut p = list.len().saturating_sub(2);
    while p > 0 && list[p - 1] == list[p + 1] {
        p -= 1;
    }
    p as u32
}

impl TurnRules {
    /// The number of moves of turn `turn` (0 = White's first).
    #[inline]
    pub fn moves_in(&self, turn: u32) -> u32 {
        crate::variant::turn_length(&self.moves_per_turn, self.progressive, turn)
    }

    /// The part of the zobrist key the turn adds, `part` of its moves made: the moves left
    /// in it, and, while the turns to come do not yet repeat every two turns (progressive
    /// turns; a `movesPerTurn` list's head that differs), the turn itself, since the same
    /// board and moves left then have other turns after them.
    #[inline]
    pub fn key(&self, z: &super::zobrist::Zobrist, turn: u32, part: u32) -> u64 {
        let index = if turn >= self.periodic_from {
            0
        } else {
            z.turn_index(turn)
        };
        z.turn_left(self.moves_in(turn) - part) ^ index
    }
}

/// Capture rules, with their piece lists as type sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CaptureRules {
    /// `mustCapture`.
    pub must_capture: bool,
    /// `blastOnCapture`.
    pub blast: bool,
    /// `blastImmuneTypes`.
    pub blast_immune: TypeSet,
    /// `mutuallyImmuneTypes`.
    pub mutually_immune: TypeSet,
    /// `petrifyOnCaptureTypes`.
    pub petrify: TypeSet,
    /// `petrifyBlastPieces`: the pieces a blast removes turn to walls too.
    pub petrify_blast: bool,
    /// `selfCaptureTypes`: the types that may also capture their own side's pieces.
    pub self_capture: TypeSet,
    /// `ironPieceTypes`: the types nothing captures (they are immune to blasts too).
    pub iron: TypeSet,
    /// A capture has a side effect (a blast or petrification): make-move asks on captures.
    pub effects: bool,
    /// `rangeCaptureTypes`: the types whose slides capture by jumping lower-ranked pieces.
    pub range_capture: TypeSet,
    /// `rangeCaptureRanks`: each type's rank (0 = unlisted, the lowest).
    pub rank: [u8; MAX_TYPES],
    /// `burnPieceTypes`: the types that burn the enemy pieces next to where they stop.
    pub burn: TypeSet,
}

impl Default for CaptureRules {
    fn default() -> Self {
        CaptureRules {
            must_capture: false,
            blast: false,
            blast_immune: TypeSet::default(),
            mutually_immune: TypeSet::default(),
            petrify: TypeSet::default(),
            petrify_blast: false,
            self_capture: TypeSet::default(),
            iron: TypeSet::default(),
            effects: false,
            range_capture: TypeSet::default(),
            rank: [0; MAX_TYPES],
            burn: TypeSet::default(),
        }
    }
}

/// Game-end rules. Regions (flag, connection) are bitboards in the tables.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EndRules {
    /// `checkmateValue`.
    pub checkmate_value: GameValue,
    /// `stalemateValue`.
    pub stalemate_value: GameValue,
    /// `stalematePieceCount`.
    pub stalemate_piece_count: bool,
    /// `extinctionValue`, where extinction ends the game: not of pseudo-royal pieces (they
    /// cannot be captured) except in atomic variants, where a blast removes them.
    pub extinction_value: Option<GameValue>,
    /// `extinctionPseudoRoyal`.
    pub pseudo_royal: bool,
    /// `extinctionPieceCount`.
    pub extinction_piece_count: u32,
    /// `extinctionOpponentPieceCount`.
    pub extinction_opponent_count: u32,
    /// `extinctionClaim`.
    pub extinction_claim: bool,
    /// `flagPiece` per colour (`None`: any piece).
    pub flag_piece: [Option<PieceId>; 2],
    /// `flagPieceCount`.
    pub flag_piece_count: u32,
    /// `flagPieceBlockedWin`.
    pub flag_blocked_win: bool,
    /// `flagMove`.
    pub flag_move: bool,
    /// `flagPieceSafe`.
    pub flag_safe: bool,
    /// Castling wins (`castlingWins`) as castling-right bits (White kingside first).
    pub castling_wins: u8,
    /// `connectPieceTypes` (`None`: every type).
    pub connect_types: Option<TypeSet>,
    /// `connectN`, `connectNxN`, `collinearN` (0: off).
    pub connect_n: u32,
    pub connect_nxn: u32,
    pub collinear_n: u32,
    /// `connectValue`.
    pub connect_value: GameValue,
    /// `adjudicateFullBoard`.
    pub full_board: bool,
    /// `materialCounting`.
    pub material_counting: MaterialCounting,
    /// Janggi's points per type, for `materialCounting = janggi`.
    pub janggi_points: Vec<(PieceId, i32)>,
    /// `nMoveRule`, in plies (0: none).
    pub n_move_plies: u32,
    /// `chasingRule = axf`: perpetual chases lose, and checks beyond ten do not count for
    /// the n-move rule.
    pub axf_chasing: bool,
    /// `moveRepetitionIllegal`.
    pub move_repetition_illegal: bool,
    /// `nFoldRule` (0: repetitions do not end the game).
    pub n_fold: u32,
    /// `nFoldValue`.
    pub n_fold_value: GameValue,
    /// `nFoldValueAbsolute`.
    pub n_fold_value_absolute: bool,
    /// `perpetualCheckIllegal`.
    pub perpetual_check_illegal: bool,
    /// `repetitionInCheckAllowed`.
    pub repetition_in_check_allowed: bool,
    /// `countingRule`.
    pub counting_rule: CountingRule,
    /// The types the counting rule counts: rooks, khons (`silver`) and knights.
    pub counted: Counted,
    /// `shatarMateRule`: the types whose check is a shak (knight, rook, bers), and the knight,
    /// whose mate alone does not count.
    pub shak_types: TypeSet,
    pub shatar_knight: Option<PieceId>,
}

/// The types of the SE-Asian counting rules and the xiangqi chase rule, by Fairy-Stockfish
/// name (`None` where the variant has no such type).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counted {
    pub rook: Option<PieceId>,
    pub silver: Option<PieceId>,
    pub knight: Option<PieceId>,
    pub horse: Option<PieceId>,
    pub cannon: Option<PieceId>,
    pub elephant: Option<PieceId>,
    pub fers: Option<PieceId>,
}

/// Janggi's material points (`materialCounting = janggi`), by Fairy-Stockfish name.
const JANGGI_POINTS: [(&str, i32); 6] = [
    ("rook", 13),
    ("janggiCannon", 7),
    ("horse", 5),
    ("janggiElephant", 3),
    ("wazir", 3),
    ("soldier", 2),
];

impl Rules {
    /// The rules of `v`.
    pub fn compile(v: &Variant) -> Self {
        let c = &v.captures;
        let captures = CaptureRules {
            must_capture: c.must_capture,
            blast: c.blast_on_capture,
            blast_immune: TypeSet(
                TypeSet::of(&c.blast_immune_types).0 | TypeSet::of(&c.iron_piece_types).0,
            ),
            mutually_immune: TypeSet::of(&c.mutually_immune_types),
            petrify: TypeSet::of(&c.petrify_on_capture_types),
            petrify_blast: c.petrify_blast_pieces,
            self_capture: TypeSet::of(&c.self_capture_types),
            iron: TypeSet::of(&c.iron_piece_types),
            effects: c.blast_on_capture || !c.petrify_on_capture_types.0.is_empty(),
            range_capture: TypeSet::of(&c.range_capture_types),
            rank: std::array::from_fn(|ty| {
                c.range_capture_ranks
                    .iter()
                    .position(|r| r.contains(ty as PieceId))
                    .map_or(0, |r| r as u8 + 1)
            }),
            burn: TypeSet::of(&c.burn_types),
        };
        let checks = v.checks.clone();
        Rules {
            moves: MoveRules::compile(v),
            obligations: captures.must_capture
                || !checks.checking
                || !captures.mutually_immune.is_empty(),
            checks,
            captures,
            end: EndRules::compile(v),
            material: MaterialKinds::compile(v),
            turns: v.special_moves.multi_move_turns().then(|| TurnRules {
                moves_per_turn: v.special_moves.moves_per_turn.clone(),
                progressive: v.special_moves.progressive_turns,
                check_ends_turn: v.special_moves.check_ends_turn,
                periodic_from: periodic_from(
                    &v.special_moves.moves_per_turn,
                    v.special_moves.progressive_turns,
                ),
            }),
        }
    }
}

impl EndRules {
    fn compile(v: &Variant) -> Self {
        let ge = &v.game_end;
        let (ext, flag, connect) = (&ge.extinction, &ge.flag, &ge.connect);
        let by_name = |n: &str| v.piece_by_name(n);
        let wins = &v.castling.wins;
        EndRules {
            checkmate_value: ge.checkmate_value,
            stalemate_value: ge.stalemate_value,
            stalemate_piece_count: ge.stalemate_piece_count,
            extinction_value: ext
                .value
                .filter(|_| !ext.pseudo_royal || v.captures.blast_on_capture),
            pseudo_royal: ext.pseudo_royal,
            extinction_piece_count: ext.piece_count,
            extinction_opponent_count: ext.opponent_piece_count,
            extinction_claim: ext.claim,
            flag_piece: [flag.piece.white, flag.piece.black],
            flag_piece_count: flag.piece_count,
            flag_blocked_win: flag.piece_blocked_win,
            flag_move: flag.flag_move,
            flag_safe: flag.piece_safe,
            castling_wins: u8::from(wins.white_kingside)
                | u8::from(wins.white_queenside) << 1
                | u8::from(wins.black_kingside) << 2
                | u8::from(wins.black_queenside) << 3,
            connect_types: connect.piece_types.as_ref().map(TypeSet::of),
            connect_n: connect.n,
            connect_nxn: connect.nxn,
            collinear_n: connect.collinear_n,
            connect_value: connect.value,
            full_board: ge.adjudicate_full_board,
            material_counting: ge.material_counting,
            janggi_points: JANGGI_POINTS
                .iter()
                .filter_map(|&(name, points)| by_name(name).map(|t| (t, points)))
                .collect(),
            n_move_plies: 2 * ge.n_move_rule,
            axf_chasing: ge.chasing_rule == ChasingRule::Axf,
            move_repetition_illegal: ge.move_repetition_illegal,
            n_fold: ge.n_fold_rule,
            n_fold_value: ge.n_fold_value,
            n_fold_value_absolute: ge.n_fold_value_absolute,
            perpetual_check_illegal: ge.perpetual_check_illegal,
            repetition_in_check_allowed: ge.repetition_in_check_allowed,
            counting_rule: ge.counting_rule,
            counted: Counted {
                rook: by_name("rook"),
                silver: by_name("silver"),
                knight: by_name("knight"),
                horse: by_name("horse"),
                cannon: by_name("cannon"),
                elephant: by_name("elephant"),
                fers: by_name("fers"),
            },
            shak_types: TypeSet(
                ["knight", "rook", "bers"]
                    .iter()
                    .filter_map(|n| by_name(n))
                    .fold(0, |acc, t| acc | 1u64 << t),
            ),
            shatar_knight: by_name("knight"),
        }
    }
}

/// Rule switches move generation and make-move read per move (each named after its
/// `variants.ini` key).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MoveRules {
    /// `mandatoryPawnPromotion`.
    pub mandatory_pawn_promotion: bool,
    /// `mandatoryPiecePromotion`.
    pub mandatory_piece_promotion: bool,
    /// `piecePromotionOnCapture`.
    pub piece_promotion_on_capture: bool,
    /// `pieceDemotion`.
    pub piece_demotion: bool,
    /// `sittuyinPromotion`.
    pub sittuyin_promotion: bool,
    /// `chuPromotion` (ours): Chu Shogi's promotion rules.
    pub chu_promotion: bool,
    /// `mustDrop`.
    pub must_drop: bool,
    /// `mustDropType`.
    pub must_drop_type: Option<PieceId>,
    /// `dropNoDoubledCount`.
    pub drop_no_doubled_count: u32,
    /// `dropPromoted`.
    pub drop_promoted: bool,
    /// `capturesToHand`.
    pub captures_to_hand: bool,
    /// `dropLoop`.
    pub drop_loop: bool,
    /// `shogiPawnDropMateIllegal`.
    pub shogi_pawn_drop_mate_illegal: bool,
    /// `gating`.
    pub gating: bool,
    /// `seirawanGating`.
    pub seirawan_gating: bool,
    /// `cambodianMoves`.
    pub cambodian_moves: bool,
    /// `oppositeCastling`.
    pub opposite_castling: bool,
    /// `castlingDroppedPiece`.
    pub castling_dropped_piece: bool,
    /// `castlingKingFile`.
    pub castling_king_file: u8,
    /// `castlingKingsideFile` and `castlingQueensideFile`: where the king lands.
    pub castling_kingside_file: u8,
    pub castling_queenside_file: u8,
    /// `immobilityIllegal`.
    pub immobility_illegal: bool,
    /// `dropOppositeColoredBishop`.
    pub opposite_colored_bishop_drops: bool,
    /// `dropChecks`.
    pub drop_checks: bool,
    /// `countingRule` is not `none`.
    pub counting: bool,
    /// `hostageExchange` is set: captures go to prisons, and exchanges are moves.
    pub prisons: bool,
    /// `hostageExchange`: per type, its rank for exchanges (1 = the lowest; 0 = a type that
    /// is never exchanged).
    pub hostage_rank: Vec<u8>,
    /// `prisonPromotion`.
    pub prison_promotion: bool,
}

impl MoveRules {
    /// The switches of `v`.
    pub fn compile(v: &Variant) -> Self {
        let (p, d, s) = (&v.promotion, &v.drops, &v.special_moves);
        MoveRules {
            mandatory_pawn_promotion: p.mandatory_pawn_promotion,
            mandatory_piece_promotion: p.mandatory_piece_promotion,
            piece_promotion_on_capture: p.piece_promotion_on_capture,
            piece_demotion: p.piece_demotion,
            sittuyin_promotion: p.sittuyin,
            chu_promotion: p.chu,
            must_drop: d.must_drop,
            must_drop_type: d.must_drop_type,
            drop_no_doubled_count: d.no_doubled_count,
            drop_promoted: d.drop_promoted,
            captures_to_hand: d.captures_to_hand,
            drop_loop: d.drop_loop,
            shogi_pawn_drop_mate_illegal: d.shogi_pawn_drop_mate_illegal,
            gating: s.gating,
            seirawan_gating: s.seirawan_gating,
            cambodian_moves: s.cambodian_moves,
            opposite_castling: v.castling.opposite_castling,
            castling_dropped_piece: v.castling.dropped_piece,
            castling_king_file: v.castling.king_file,
            castling_kingside_file: v.castling.kingside_file,
            castling_queenside_file: v.castling.queenside_file,
            immobility_illegal: d.immobility_illegal,
            opposite_colored_bishop_drops: d.opposite_colored_bishop,
            drop_checks: d.drop_checks,
            counting: v.game_end.counting_rule != CountingRule::None,
            prisons: !d.hostage_ranks.is_empty(),
            hostage_rank: (0..v.pieces.len())
                .map(|ty| {
                    d.hostage_ranks
                        .iter()
                        .position(|rank| rank.contains(ty as PieceId))
                        .map_or(0, |r| r as u8 + 1)
                })
                .collect(),
            prison_promotion: d.prison_promotion,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::builtin;

    fn rules(name: &str) -> Rules {
        Rules::compile(builtin(name).expect("built-in variant"))
    }

    #[test]
    fn each_switch_comes_from_its_variant_key() {
        // Chess: Fairy-Stockfish's defaults (pawns must promote; the king starts on file e
        // and lands on g or c).
        let chess = rules("chess");
        assert_eq!(
            chess.moves,
            MoveRules {
                mandatory_pawn_promotion: true,
                drop_no_doubled_count: 1,
                castling_king_file: 4,
                castling_kingside_file: 6,
                castling_queenside_file: 2,
                drop_checks: true,
                hostage_rank: vec![0; 6],
                ..MoveRules::default()
            }
        );
        let hostage = rules("hostage").moves;
        assert!(hostage.prisons && hostage.prison_promotion && !hostage.captures_to_hand);
        // p nb r q; the king is never exchanged.
        assert_eq!(hostage.hostage_rank, [1, 2, 2, 3, 4, 0]);
        assert!(!chess.obligations && chess.captures == CaptureRules::default());
        assert_eq!(chess.end.n_move_plies, 100);
        assert_eq!((chess.end.n_fold, chess.end.extinction_value), (3, None));
        let shogi = rules("shogi");
        assert!(shogi.moves.captures_to_hand && shogi.moves.shogi_pawn_drop_mate_illegal);
        assert_eq!(shogi.moves.drop_no_doubled_count, 1);
        assert!(!shogi.moves.drop_loop && !shogi.moves.gating);
        assert!(shogi.moves.immobility_illegal && shogi.end.perpetual_check_illegal);
        assert!(rules("loop").moves.drop_loop);
        let makruk = rules("makruk");
        assert!(makruk.moves.counting && makruk.end.counting_rule == CountingRule::Makruk);
        assert!(makruk.end.counted.rook.is_some() && makruk.end.counted.silver.is_some());
        assert!(rules("cambodian").moves.cambodian_moves && rules("cambodian").moves.gating);
        assert!(rules("karouk").checks.check_counting);
        assert!(rules("seirawan").moves.seirawan_gating);
        assert!(rules("sittuyin").moves.sittuyin_promotion);
        let janggi = rules("janggi");
        assert!(janggi.checks.bikjang_rule && rules("janggimodern").end.move_repetition_illegal);
        assert_eq!(janggi.end.material_counting, MaterialCounting::Janggi);
        assert_eq!(janggi.end.janggi_points.len(), 6);
        let chu = rules("chu");
        assert!(chu.moves.chu_promotion && chu.end.pseudo_royal);
        assert!(chu.end.repetition_in_check_allowed);
        // Atomic: extinction of pseudo-royal kings counts, since a blast removes them.
        let atomic = rules("atomic");
        assert!(atomic.end.pseudo_royal && atomic.captures.blast && atomic.captures.effects);
        assert!(atomic.end.extinction_value.is_some());
        assert!(!rules("nocheckatomic").end.pseudo_royal);
        let xiangqi = rules("xiangqi");
        assert!(xiangqi.checks.flying_general && xiangqi.end.axf_chasing);
        assert!(xiangqi.end.counted.horse.is_some() && xiangqi.end.counted.cannon.is_some());
        assert!(rules("antichess").obligations && rules("antichess").captures.must_capture);
        let shatar = rules("shatar");
        assert!(shatar.checks.shatar_mate_rule && shatar.end.shatar_knight.is_some());
        assert_eq!(shatar.end.shak_types.iter().count(), 3);
        assert_eq!(
            rules("kingofthehill").end.flag_piece[0],
            builtin("chess").unwrap().king
        );
    }
}

#[cfg(test)]
mod turn_tests {
    use super::periodic_from;

    #[test]
    fn turn_lengths_repeat_from_where_the_list_says() {
        assert_eq!(periodic_from(&[], false), 0);
        assert_eq!(periodic_from(&[2], false), 0);
        assert_eq!(periodic_from(&[2, 1], false), 0);
        assert_eq!(periodic_from(&[1, 2, 2], false), 1);
        assert_eq!(periodic_from(&[1, 2, 1, 2], false), 0);
        assert_eq!(periodic_from(&[3, 1, 2, 2], false), 2);
        assert_eq!(periodic_from(&[2], true), u32::MAX);
    }
}
