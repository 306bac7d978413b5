//! The concluded variant: pure data that the board layer builds on.
//!
//! Everything here is board-independent (no bitboards): regions are [`Region`]s, piece sets are
//! lists of [`PieceId`]s indexing [`Variant::pieces`]. The loader fills every key of
//! Fairy-Stockfish's `variants.ini` format, including rules that move generation does not use
//! yet, so that later layers only read typed values.

use serde::Serialize;

use super::region::Region;

/// Index into [`Variant::pieces`]. Ids are dense, in Fairy-Stockfish's type order
/// (pawn, knight, ..., custom pieces, king).
pub type PieceId = u8;

pub use crate::color::Color;

/// A value per side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize)]
pub struct ByColor<T> {
    pub white: T,
    pub black: T,
}

impl<T> ByColor<T> {
    /// The same value for both sides.
    pub fn both(v: T) -> Self
    where
        T: Clone,
    {
        ByColor {
            white: v.clone(),
            black: v,
        }
    }

    /// The value of one side.
    pub fn get(&self, c: Color) -> &T {
        match c {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// The value of one side, mutably.
    pub fn get_mut(&mut self, c: Color) -> &mut T {
        match c {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }
}

/// A game result, from the point of view of the side to move (Fairy-Stockfish's `Value` keys).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GameValue {
    Win,
    Loss,
    Draw,
}

/// A set of piece types, sorted ids without duplicates.
///
/// `*` in a file means every type the variant has at the time the key is read (as in
/// Fairy-Stockfish, a later section that adds pieces does not widen an inherited `*`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default, Serialize)]
#[serde(transparent)]
pub struct PieceSet(pub Vec<PieceId>);

impl PieceSet {
    /// Whether the set holds `id`.
    pub fn contains(&self, id: PieceId) -> bool {
        self.0.binary_search(&id).is_ok()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The ids, ascending.
    pub fn iter(&self) -> impl Iterator<Item = PieceId> + '_ {
        self.0.iter().copied()
    }

    /// Builds a set from any ids (sorted and de-duplicated here).
    pub fn from_ids(ids: impl IntoIterator<Item = PieceId>) -> Self {
        let mut v: Vec<PieceId> = ids.into_iter().collect();
        v.sort_unstable();
        v.dedup();
        PieceSet(v)
    }
}

/// How a piece's Betza string is to be read.
///
/// Fairy-Stockfish reads a few strings differently from XBetza (`fK`, `fsF`, `nZ`, `J`/`L`);
/// pieces defined through its keys are read its way so that files play exactly as there. Maps to
/// `crate::betza::Dialect` once the Betza parser is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum BetzaDialect {
    /// H. G. Muller's XBetza as XBoard reads it.
    XBetza,
    /// Fairy-Stockfish's reading (`src/piece.cpp`).
    FairyStockfish,
    /// Betza's Funny Notation with his own extensions (`pieceNotation = bfn`).
    Bfn,
    /// Betza 2.0 (`pieceNotation = betza2`).
    Betza2,
    /// Bex, Betza Extended (`pieceNotation = bex`).
    Bex,
}

/// Pieces whose Fairy-Stockfish behaviour is hard-coded and not fully said by their Betza.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum SpecialPiece {
    /// `janggiCannon`: hops like `pR` but may neither hop over nor capture a cannon.
    JanggiCannon,
    /// `janggiElephant`: lame `nZ` leaper that is blocked on both intermediate squares
    /// (W then F); Fairy-Stockfish special-cases it.
    JanggiElephant,
    /// `soldier`: moves `fW` until it reaches `soldierPromotionRank`, then `fsW`.
    Soldier,
}

/// One piece type of a variant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PieceType {
    /// Fairy-Stockfish's type name (`pawn`, `knight`, `customPiece3`, `king`, ...).
    pub name: String,
    /// FEN letter of the white piece, upper case; black uses the lower-case letter. A piece
    /// that exists only promoted has a private letter and is written `+X` (see
    /// [`super::pieces::promoted_only_letter`]).
    #[serde(serialize_with = "serialize_letter")]
    pub letter: char,
    /// Move description.
    pub betza: String,
    /// `betza` as read in `dialect`, parsed once when the variant was loaded: the move
    /// generator's tables and XBoard's `piece` command are made from it.
    #[serde(skip)]
    pub moves: std::sync::Arc<crate::betza::Piece>,
    /// Which Betza reading `betza` is meant in.
    pub dialect: BetzaDialect,
    /// Whether this is the royal type (checkmate target). At most one type is royal.
    pub royal: bool,
    /// Hard-coded behaviour beyond the Betza string, if any.
    pub special: Option<SpecialPiece>,
    /// Squares the piece may stand on, per side; `None` = anywhere (palaces, rivers).
    pub mobility_region: ByColor<Option<Region>>,
    /// Middle-game value override (`pieceValueMg`), in centipawns.
    pub value_mg: Option<i32>,
    /// End-game value override (`pieceValueEg`).
    pub value_eg: Option<i32>,
}

fn serialize_letter<S: serde::Serializer>(letter: &char, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&super::pieces::letter_text(
        *letter,
        crate::color::Color::White,
    ))
}

impl PieceType {
    /// FEN letter for a side.
    pub fn letter_for(&self, c: Color) -> char {
        match c {
            Color::White => self.letter.to_ascii_uppercase(),
            Color::Black => self.letter.to_ascii_lowercase(),
        }
    }

    /// How a FEN writes the piece for a side: its letter, `N'` for a primed piece, `+N` for
    /// one that exists only promoted (see [`super::pieces::letter_text`]).
    pub fn text_for(&self, c: Color) -> String {
        super::pieces::letter_text(self.letter, c)
    }
}

/// Castling rules (`castling*` keys).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Castling {
    /// `castling`: castling exists at all.
    pub enabled: bool,
    /// `castlingDroppedPiece`: dropped kings and rooks may castle.
    pub dropped_piece: bool,
    /// `castlingKingsideFile`: king destination file on the king side (0-based).
    pub kingside_file: u8,
    /// `castlingQueensideFile`: king destination file on the queen side (0-based).
    pub queenside_file: u8,
    /// `castlingRank`: rank of castling, relative to the side (0-based; 0 = first rank).
    pub rank: u8,
    /// `castlingKingFile`: king start file (0-based).
    pub king_file: u8,
    /// `castlingKingPiece[White/Black]`: the piece that castles like a king.
    pub king_piece: ByColor<Option<PieceId>>,
    /// `castlingRookKingsideFile` (0-based); `None` = the last file of the board.
    pub rook_kingside_file: Option<u8>,
    /// `castlingRookQueensideFile` (0-based).
    pub rook_queenside_file: u8,
    /// `castlingRookPieces[White/Black]`: pieces that castle like a rook.
    pub rook_pieces: ByColor<PieceSet>,
    /// `oppositeCastling`: may not castle to the side the opponent castled to.
    pub opposite_castling: bool,
    /// `castlingWins`: losing these rights loses (letters K, Q, k, q).
    pub wins: CastlingRights,
}

/// A set of the four classic castling rights.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CastlingRights {
    pub white_kingside: bool,
    pub white_queenside: bool,
    pub black_kingside: bool,
    pub black_queenside: bool,
}

/// Promotion rules (`promotion*`, `mandatory*`, `pieceDemotion`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Promotion {
    /// `promotionRegion[White/Black]`: where pawn-style promotion happens.
    pub region: ByColor<Region>,
    /// `promotionPawnTypes[White/Black]`: the types that promote pawn-style.
    pub pawn_types: ByColor<PieceSet>,
    /// The first of `pawn_types` (Fairy-Stockfish's "main promotion pawn type").
    pub main_pawn_type: ByColor<Option<PieceId>>,
    /// `promotionPieceTypes[White/Black]`: what a pawn may promote to.
    pub piece_types: ByColor<PieceSet>,
    /// `promotionLimit`: at most this many of a type reachable by promotion
    /// (`(type, count)`; a type not listed is unlimited).
    pub limit: Vec<(PieceId, u32)>,
    /// `promotedPieceType`: shogi-style promotion map `(from, to)`.
    pub promoted_piece_type: Vec<(PieceId, PieceId)>,
    /// `sittuyinPromotion`.
    pub sittuyin: bool,
    /// `chuPromotion` (our addition): Chu Shogi's promotion rules in place of
    /// Fairy-Stockfish's. A move that enters the zone may promote; a move that starts inside
    /// it only if it captures, or if the piece could never move again from its destination (a
    /// pawn or lance on the last rank); a piece that was promoted never promotes again.
    pub chu: bool,
    /// `piecePromotionOnCapture`.
    pub piece_promotion_on_capture: bool,
    /// `mandatoryPawnPromotion`.
    pub mandatory_pawn_promotion: bool,
    /// `mandatoryPiecePromotion`.
    pub mandatory_piece_promotion: bool,
    /// `pieceDemotion`.
    pub piece_demotion: bool,
}

/// Pawn multi-steps and en passant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PawnRules {
    /// `doubleStep`: pawns (promotion pawn types) may double-step.
    pub double_step: bool,
    /// `doubleStepRegion[White/Black]`: squares a double step may start from.
    pub double_step_region: ByColor<Region>,
    /// `tripleStepRegion[White/Black]`: squares a triple step may start from.
    pub triple_step_region: ByColor<Region>,
    /// `enPassantRegion[White/Black]`: squares that may become e.p. targets.
    pub en_passant_region: ByColor<Region>,
    /// `enPassantTypes[White/Black]`: types that may capture e.p. (custom pieces whose Betza
    /// holds `e` are added, as in Fairy-Stockfish).
    pub en_passant_types: ByColor<PieceSet>,
    /// `nMoveRuleTypes[White/Black]`: moves of these reset the n-move counter.
    pub n_move_rule_types: ByColor<PieceSet>,
}

/// `enclosingDrop` / `flipEnclosedPieces` rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum EnclosingRule {
    None,
    Reversi,
    Ataxx,
    Quadwrangle,
    Snort,
    Anyside,
    Top,
}

/// `wallingRule`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum WallingRule {
    None,
    Arrow,
    Duck,
    Edge,
    Past,
    Static,
}

/// `materialCounting`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum MaterialCounting {
    None,
    Janggi,
    Unweighted,
    WhiteDrawOdds,
    BlackDrawOdds,
}

/// `countingRule`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CountingRule {
    None,
    Makruk,
    Cambodian,
    Asean,
}

/// `chasingRule`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ChasingRule {
    None,
    Axf,
}

/// Drops and hands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DropRules {
    /// `pieceDrops`.
    pub piece_drops: bool,
    /// `freeDrops` (Fairy-Stockfish's ataxx has it built in; a key of ours): every piece type
    /// may be dropped without being in hand, and hands stay empty.
    pub free_drops: bool,
    /// `capturesToHand`.
    pub captures_to_hand: bool,
    /// `dropLoop`.
    pub drop_loop: bool,
    /// `twoBoards` (bughouse).
    pub two_boards: bool,
    /// `dropChecks`.
    pub drop_checks: bool,
    /// `mustDrop`.
    pub must_drop: bool,
    /// `mustDropType`; `None` = any type (`*`).
    pub must_drop_type: Option<PieceId>,
    /// `firstRankPawnDrops`.
    pub first_rank_pawn_drops: bool,
    /// `promotionZonePawnDrops`.
    pub promotion_zone_pawn_drops: bool,
    /// `dropRegion[White/Black]`.
    pub region: ByColor<Region>,
    /// `enclosingDrop`.
    pub enclosing_drop: EnclosingRule,
    /// `enclosingDropStart`.
    pub enclosing_drop_start: Region,
    /// `sittuyinRookDrop`.
    pub sittuyin_rook_drop: bool,
    /// `dropOppositeColoredBishop`.
    pub opposite_colored_bishop: bool,
    /// `dropPromoted`.
    pub drop_promoted: bool,
    /// `dropNoDoubled`: type that may not be doubled on a file by drops.
    pub no_doubled: Option<PieceId>,
    /// `dropNoDoubledCount`.
    pub no_doubled_count: u32,
    /// `immobilityIllegal`.
    pub immobility_illegal: bool,
    /// `shogiPawnDropMateIllegal`.
    pub shogi_pawn_drop_mate_illegal: bool,
    /// `hostageExchange` (our addition; hostage chess): the piece types that can be
    /// exchanged, in groups of equal rank from the lowest up. Non-empty turns prisons on:
    /// a captured piece goes to its captor's prison, not to a hand, as the type it is; the
    /// hand is the side's airfield. Instead of a move a side may give a prisoner from its
    /// prison to the opponent's airfield and drop, at once, one of its own pieces from the
    /// opponent's prison of the same or a lower rank.
    pub hostage_ranks: Vec<PieceSet>,
    /// `prisonPromotion` (our addition; hostage chess): a pawn promotes only to one of its
    /// side's pieces held in the opponent's prison, and goes there in its place; a pawn
    /// that cannot promote does not attack the squares where it would have to.
    pub prison_promotion: bool,
}

/// Capture side effects.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CaptureRules {
    /// `mustCapture`.
    pub must_capture: bool,
    /// `blastOnCapture`.
    pub blast_on_capture: bool,
    /// `blastImmuneTypes`.
    pub blast_immune_types: PieceSet,
    /// `mutuallyImmuneTypes`.
    pub mutually_immune_types: PieceSet,
    /// `petrifyOnCaptureTypes`.
    pub petrify_on_capture_types: PieceSet,
    /// `petrifyBlastPieces`.
    pub petrify_blast_pieces: bool,
    /// `lionPieceTypes` (our addition): the pieces Chu Shogi's lion-trading rules protect.
    /// A lion may take a lion that does not stand next to it only if that lion is not
    /// protected (by a piece that defends it before the move, or that could retake after it),
    /// unless it takes another piece on the way (a bridge) that is not of
    /// `lion_no_bridge_types`. After a lion was taken by a piece that is not one, no piece but
    /// a lion may take a lion on the next move, except by retaking the piece that took it.
    pub lion_types: PieceSet,
    /// `lionNoBridgeTypes` (our addition): the pieces (Chu Shogi's pawn and go-between) that
    /// do not excuse a lion's capture of a protected lion when taken on the way.
    pub lion_no_bridge_types: PieceSet,
    /// `selfCaptureTypes` (our addition, Fairy-Stockfish's issue #608): pieces that may also
    /// capture their own side's pieces (not its king, not iron pieces), with the single move
    /// to the captured piece's square. Such a capture is a capture for every rule (the n-move
    /// rule, capture effects, `capturesToHand`: the piece goes to the captor's hand).
    pub self_capture_types: PieceSet,
    /// `ironPieceTypes` (our addition, Fairy-Stockfish's issue #606): pieces nothing may
    /// capture, en passant included, and that blasts leave standing. The king cannot be iron.
    pub iron_piece_types: PieceSet,
    /// `rangeCaptureTypes` (our addition; Tenjiku Shogi's great, vice, rook and bishop
    /// generals): pieces whose sliding moves, when they capture, may jump any number of
    /// pieces (of either side) ranked below them (`rangeCaptureRanks`) to take an enemy piece
    /// further along the line that is ranked below them too. Their moves to empty squares
    /// stay plain slides.
    pub range_capture_types: PieceSet,
    /// `rangeCaptureRanks` (our addition): groups of piece types of equal rank, the lowest
    /// first (`r'b' v g k`); a type not listed ranks below them all.
    pub range_capture_ranks: Vec<PieceSet>,
    /// `burnPieceTypes` (our addition; Tenjiku Shogi's fire demon): after a move of such a
    /// piece every enemy piece next to where it stops is removed (burnt); and an enemy piece
    /// that ends its move next to it is removed itself after that move (a passive burn; a
    /// burner that ends its move next to an enemy burner is burnt so and burns nothing).
    pub burn_types: PieceSet,
}

/// Special moves: gating, passing, walls.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SpecialMoves {
    /// `gating`.
    pub gating: bool,
    /// `seirawanGating`.
    pub seirawan_gating: bool,
    /// `cambodianMoves`.
    pub cambodian_moves: bool,
    /// `diagonalLines` (janggi palace diagonals).
    pub diagonal_lines: Region,
    /// `soldierPromotionRank` (0-based, relative).
    pub soldier_promotion_rank: u8,
    /// `pass[White/Black]`.
    pub pass: ByColor<bool>,
    /// `passOnStalemate[White/Black]`.
    pub pass_on_stalemate: ByColor<bool>,
    /// `wallingRule`.
    pub walling_rule: WallingRule,
    /// `wallingRegion[White/Black]`.
    pub walling_region: ByColor<Region>,
    /// `wallOrMove`.
    pub wall_or_move: bool,
    /// `flipEnclosedPieces`.
    pub flip_enclosed_pieces: EnclosingRule,
    /// `movesPerTurn` (our addition): how many moves each turn has, in turn order from the
    /// start (White's first turn, Black's first, White's second, ...); past the list, its last
    /// two entries repeat (one per side), or its only entry. Empty: one move a turn.
    pub moves_per_turn: Vec<u8>,
    /// `progressiveTurns` (our addition): turn `n` (from 1) has `n` moves, as in progressive
    /// chess; overrides `movesPerTurn`.
    pub progressive_turns: bool,
    /// `checkEndsTurn` (our addition): a move that gives check ends its side's turn, the
    /// moves left in it unplayed (Marseillais and progressive chess).
    pub check_ends_turn: bool,
}

impl SpecialMoves {
    /// Whether a turn may have more than one move.
    pub fn multi_move_turns(&self) -> bool {
        self.progressive_turns || self.moves_per_turn.iter().any(|&n| n > 1)
    }
}

/// The number of moves of turn `turn` (0 = White's first) under `movesPerTurn = list` and
/// `progressiveTurns = progressive`, at least 1.
pub fn turn_length(list: &[u8], progressive: bool, turn: u32) -> u32 {
    if progressive {
        return turn.saturating_add(1);
    }
    let n = match list.len() {
        0 => 1,
        1 => list[0],
        len => {
            let i = turn as usize;
            if i < len {
                list[i]
            } else {
                list[len - 2 + (i - len) % 2]
            }
        }
    };
    u32::from(n).max(1)
}

/// Checks and king rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CheckRules {
    /// `checking`: if false, giving check is illegal.
    pub checking: bool,
    /// `makpongRule`: the king may not move out of check.
    pub makpong_rule: bool,
    /// `flyingGeneral`: kings may not face each other on an open file.
    pub flying_general: bool,
    /// `dupleCheck`: in check only if all pseudo-royals are attacked.
    pub duple_check: bool,
    /// `checkCounting`: n-check, counts in the FEN.
    pub check_counting: bool,
    /// `shatarMateRule`.
    pub shatar_mate_rule: bool,
    /// `bikjangRule`.
    pub bikjang_rule: bool,
}

/// Extinction (`extinction*`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Extinction {
    /// `extinctionValue`; `None` = no extinction rule.
    pub value: Option<GameValue>,
    /// `extinctionClaim`.
    pub claim: bool,
    /// `extinctionPseudoRoyal`.
    pub pseudo_royal: bool,
    /// `extinctionPieceTypes`.
    pub piece_types: PieceSet,
    /// `extinctionPieceTypes` was `*`: the pieces of a side are counted together (not per
    /// type), as Fairy-Stockfish's `ALL_PIECES` entry is.
    pub all_pieces: bool,
    /// `extinctionPieceCount`.
    pub piece_count: u32,
    /// `extinctionOpponentPieceCount`.
    pub opponent_piece_count: u32,
}

/// The bare-king rule of the large shogi variants (`bareKing*`, our addition): a side left
/// with one royal piece and nothing else that can move loses against a side that has more
/// than its royal pieces, unless its royal could bare the other side in turn with its next
/// move; two lone royals draw.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BareKing {
    /// `bareKingValue`: the value for the side that is bared; `None` = no rule.
    pub value: Option<GameValue>,
    /// `bareKingWeakTypes`: pieces that do not count for the side that bares (Chu Shogi's
    /// pawn and go-between): a lone royal against a royal and such pieces plays on.
    pub weak_types: PieceSet,
}

/// Capture-the-flag (`flag*`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Flag {
    /// `flagPiece[White/Black]`; `None` = any piece (`*`, the default).
    pub piece: ByColor<Option<PieceId>>,
    /// `flagRegion[White/Black]`; empty = no flag rule.
    pub region: ByColor<Region>,
    /// `flagPieceCount`.
    pub piece_count: u32,
    /// `flagPieceBlockedWin`.
    pub piece_blocked_win: bool,
    /// `flagMove`.
    pub flag_move: bool,
    /// `flagPieceSafe`.
    pub piece_safe: bool,
}

/// k-in-a-row (`connect*`, `collinearN`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Connect {
    /// `connectN`; 0 = off.
    pub n: u32,
    /// `connectPieceTypes`; `None` = every type (the default).
    pub piece_types: Option<PieceSet>,
    pub horizontal: bool,
    pub vertical: bool,
    pub diagonal: bool,
    /// `connectRegion1[White/Black]`.
    pub region1: ByColor<Region>,
    /// `connectRegion2[White/Black]`.
    pub region2: ByColor<Region>,
    /// `connectNxN`.
    pub nxn: u32,
    /// `collinearN`.
    pub collinear_n: u32,
    /// `connectValue`.
    pub value: GameValue,
}

/// Game-end rules other than checkmate shape.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GameEnd {
    /// `nMoveRule` (plies are 2n); 0 disables it.
    pub n_move_rule: u32,
    /// `nFoldRule`.
    pub n_fold_rule: u32,
    /// `nFoldValue`.
    pub n_fold_value: GameValue,
    /// `nFoldValueAbsolute`.
    pub n_fold_value_absolute: bool,
    /// `perpetualCheckIllegal`.
    pub perpetual_check_illegal: bool,
    /// `repetitionInCheckAllowed` (ours, Chu Shogi's traditional rule): a move out of check
    /// may repeat a position; the repetition it makes does not end the game.
    pub repetition_in_check_allowed: bool,
    /// `moveRepetitionIllegal`.
    pub move_repetition_illegal: bool,
    /// `chasingRule`.
    pub chasing_rule: ChasingRule,
    /// `stalemateValue`.
    pub stalemate_value: GameValue,
    /// `stalematePieceCount`.
    pub stalemate_piece_count: bool,
    /// `checkmateValue`.
    pub checkmate_value: GameValue,
    pub extinction: Extinction,
    pub bare_king: BareKing,
    pub flag: Flag,
    pub connect: Connect,
    /// `materialCounting`.
    pub material_counting: MaterialCounting,
    /// `adjudicateFullBoard`.
    pub adjudicate_full_board: bool,
    /// `countingRule`.
    pub counting_rule: CountingRule,
}

/// Presentation data for XBoard.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct XboardInfo {
    /// `variantTemplate` (`fairy`, `shogi`, `bughouse`).
    pub variant_template: String,
    /// `pieceToCharTable` (`-` = none).
    pub piece_to_char_table: String,
    /// `pocketSize` (0 = automatic).
    pub pocket_size: u32,
    /// `pieceSynonyms` (ours; Fairy-Stockfish has them built into its xiangqi and janggi):
    /// second letters for pieces, upper case, as `(letter, synonym)`. A FEN may use either
    /// letter; SAN writes the synonym (`H` for the xiangqi horse written `n` in FENs).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub piece_synonyms: Vec<(char, char)>,
}

/// A variant, fully resolved: inheritance applied, letters checked, start FEN checked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Variant {
    /// Section name (`chess`, `capablanca`, ...).
    pub name: String,
    /// Number of files, 1..=16.
    pub files: u8,
    /// Number of ranks, 1..=16.
    pub ranks: u8,
    /// Piece types; the index is the [`PieceId`].
    pub pieces: Vec<PieceType>,
    /// The royal type, if any.
    pub king: Option<PieceId>,
    /// Start position (Fairy-Stockfish FEN dialect).
    pub start_fen: String,
    /// `chess960`: shuffle castling (X-FEN/Shredder-FEN rights).
    pub chess960: bool,
    pub castling: Castling,
    pub promotion: Promotion,
    pub pawns: PawnRules,
    pub drops: DropRules,
    pub captures: CaptureRules,
    pub special_moves: SpecialMoves,
    pub checks: CheckRules,
    pub game_end: GameEnd,
    pub xboard: XboardInfo,
}

impl Variant {
    /// The piece type with this FEN letter (either case).
    pub fn piece_by_letter(&self, letter: char) -> Option<PieceId> {
        let up = letter.to_ascii_uppercase();
        let own = |up: char| self.pieces.iter().position(|p| p.letter == up);
        own(up)
            .or_else(|| {
                // A synonym names the piece only where no piece has the letter itself.
                let (base, _) = self.xboard.piece_synonyms.iter().find(|s| s.1 == up)?;
                own(*base)
            })
            .map(|i| i as PieceId)
    }

    /// The synonym of a piece's letter (`pieceSynonyms`), upper case, where no other piece
    /// has that letter: the letter SAN writes.
    pub fn synonym_of(&self, id: PieceId) -> Option<char> {
        let letter = self.pieces.get(id as usize)?.letter;
        let (_, synonym) = self.xboard.piece_synonyms.iter().find(|s| s.0 == letter)?;
        (!self.pieces.iter().any(|p| p.letter == *synonym)).then_some(*synonym)
    }

    /// The piece type with this Fairy-Stockfish type name.
    pub fn piece_by_name(&self, name: &str) -> Option<PieceId> {
        self.pieces
            .iter()
            .position(|p| p.name == name)
            .map(|i| i as PieceId)
    }

    /// One piece type.
    pub fn piece(&self, id: PieceId) -> Option<&PieceType> {
        self.pieces.get(id as usize)
    }

    /// Board size as `FxR` (`8x8`, `10x8`).
    pub fn board_size(&self) -> String {
        format!("{}x{}", self.files, self.ranks)
    }

    /// Number of squares.
    pub fn squares(&self) -> usize {
        self.files as usize * self.ranks as usize
    }
}
