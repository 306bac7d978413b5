//! `VariantSpec`: a variant while its sections are being read, with pieces in fixed slots.
//!
//! Keys are applied in Fairy-Stockfish's order, not file order: board size, then pieces, then
//! aliases such as `pawnTypes`, then the specific keys. So `pawnTypes` followed by a specific
//! `enPassantTypes` means the same in any line order, and letters used by rule keys may be
//! defined anywhere in the section.

use super::error::VariantError;
use super::ini::{Entry, Section};
use super::pieces::{self, KING_SLOT, SLOTS};
use super::region::Region;
use super::types::*;
use super::values;

/// A piece in its slot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlotPiece {
    /// Upper-case FEN letter.
    pub letter: char,
    pub betza: String,
    /// `betza`, parsed.
    pub moves: std::sync::Arc<crate::betza::Piece>,
    pub dialect: BetzaDialect,
    pub special: Option<SpecialPiece>,
    /// Line of the defining key in the section being read, to report conflicts there.
    pub defined_at: Option<usize>,
}

/// Where a value came from, for messages about derived problems.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    pub file: String,
    pub line: usize,
}

/// A variant being read. Piece ids in its sets are slot numbers (see [`pieces`]).
#[derive(Clone, Debug)]
pub struct VariantSpec {
    pub files: u8,
    pub ranks: u8,
    pub slots: Vec<Option<SlotPiece>>,
    pub mobility: Vec<ByColor<Option<Region>>>,
    pub values: Vec<(Option<i32>, Option<i32>)>,
    pub start_fen: String,
    /// Where `startFen` was last set (None: the chess default).
    pub start_fen_origin: Option<Origin>,
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

/// Stands for `*` (every piece type) inside a spec's piece sets.
pub const ALL_SLOT: usize = PieceId::MAX as usize;

const CHESS_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn set_of(slots: &[usize]) -> PieceSet {
    PieceSet::from_ids(slots.iter().map(|&s| s as PieceId))
}

impl VariantSpec {
    /// The template of a section without parent: chess rules and no pieces.
    pub fn template() -> Self {
        let pawn = pieces::slot_of("pawn").unwrap_or(0);
        let rook = pieces::slot_of("rook").unwrap_or(0);
        let pawn_set = set_of(&[pawn]);
        VariantSpec {
            files: 8,
            ranks: 8,
            slots: vec![None; SLOTS],
            mobility: vec![ByColor::default(); SLOTS],
            values: vec![(None, None); SLOTS],
            start_fen: CHESS_FEN.to_string(),
            start_fen_origin: None,
            chess960: false,
            castling: Castling {
                enabled: true,
                dropped_piece: false,
                kingside_file: 6,
                queenside_file: 2,
                rank: 0,
                king_file: 4,
                king_piece: ByColor::both(Some(KING_SLOT as PieceId)),
                rook_kingside_file: None,
                rook_queenside_file: 0,
                rook_pieces: ByColor::both(set_of(&[rook])),
                opposite_castling: false,
                wins: CastlingRights::default(),
            },
            promotion: Promotion {
                region: ByColor {
                    white: Region::rank(7),
                    black: Region::rank(0),
                },
                pawn_types: ByColor::both(pawn_set.clone()),
                main_pawn_type: ByColor::both(Some(pawn as PieceId)),
                // Emptied with the pieces, as Fairy-Stockfish's reset does.
                piece_types: ByColor::both(PieceSet::default()),
                limit: Vec::new(),
                promoted_piece_type: Vec::new(),
                sittuyin: false,
                chu: false,
                piece_promotion_on_capture: false,
                mandatory_pawn_promotion: true,
                mandatory_piece_promotion: false,
                piece_demotion: false,
            },
            pawns: PawnRules {
                double_step: true,
                double_step_region: ByColor {
                    white: Region::rank(1),
                    black: Region::rank(6),
                },
                triple_step_region: ByColor::both(Region::EMPTY),
                en_passant_region: ByColor::both(Region::ALL),
                en_passant_types: ByColor::both(pawn_set.clone()),
                n_move_rule_types: ByColor::both(pawn_set),
            },
            drops: DropRules {
                piece_drops: false,
                captures_to_hand: false,
                drop_loop: false,
                free_drops: false,
                two_boards: false,
                drop_checks: true,
                must_drop: false,
                must_drop_type: None,
                first_rank_pawn_drops: false,
                promotion_zone_pawn_drops: false,
                region: ByColor::both(Region::ALL),
                enclosing_drop: EnclosingRule::None,
                enclosing_drop_start: Region::EMPTY,
                sittuyin_rook_drop: false,
                opposite_colored_bishop: false,
                drop_promoted: false,
                no_doubled: None,
                no_doubled_count: 1,
                immobility_illegal: false,
                shogi_pawn_drop_mate_illegal: false,
                hostage_ranks: Vec::new(),
                prison_promotion: false,
            },
            captures: CaptureRules {
                must_capture: false,
                blast_on_capture: false,
                blast_immune_types: PieceSet::default(),
                mutually_immune_types: PieceSet::default(),
                petrify_on_capture_types: PieceSet::default(),
                petrify_blast_pieces: false,
                lion_types: PieceSet::default(),
                lion_no_bridge_types: PieceSet::default(),
                self_capture_types: PieceSet::default(),
                iron_piece_types: PieceSet::default(),
                range_capture_types: PieceSet::default(),
                range_capture_ranks: Vec::new(),
                burn_types: PieceSet::default(),
            },
            special_moves: SpecialMoves {
                gating: false,
                seirawan_gating: false,
                cambodian_moves: false,
                diagonal_lines: Region::EMPTY,
                soldier_promotion_rank: 0,
                pass: ByColor::both(false),
                pass_on_stalemate: ByColor::both(false),
                walling_rule: WallingRule::None,
                walling_region: ByColor::both(Region::ALL),
                wall_or_move: false,
                flip_enclosed_pieces: EnclosingRule::None,
                moves_per_turn: Vec::new(),
                progressive_turns: false,
                check_ends_turn: false,
            },
            checks: CheckRules {
                checking: true,
                makpong_rule: false,
                flying_general: false,
                duple_check: false,
                check_counting: false,
                shatar_mate_rule: false,
                bikjang_rule: false,
            },
            game_end: GameEnd {
                n_move_rule: 50,
                n_fold_rule: 3,
                n_fold_value: GameValue::Draw,
                n_fold_value_absolute: false,
                perpetual_check_illegal: false,
                repetition_in_check_allowed: false,
                move_repetition_illegal: false,
                chasing_rule: ChasingRule::None,
                stalemate_value: GameValue::Draw,
                stalemate_piece_count: false,
                checkmate_value: GameValue::Loss,
                extinction: Extinction {
                    value: None,
                    claim: false,
                    pseudo_royal: false,
                    piece_types: PieceSet::default(),
                    all_pieces: false,
                    piece_count: 0,
                    opponent_piece_count: 0,
                },
                bare_king: BareKing {
                    value: None,
                    weak_types: PieceSet::default(),
                },
                flag: Flag {
                    piece: ByColor::both(None),
                    region: ByColor::both(Region::EMPTY),
                    piece_count: 1,
                    piece_blocked_win: false,
                    flag_move: false,
                    piece_safe: false,
                },
                connect: Connect {
                    n: 0,
                    piece_types: None,
                    horizontal: true,
                    vertical: true,
                    diagonal: true,
                    region1: ByColor::both(Region::EMPTY),
                    region2: ByColor::both(Region::EMPTY),
                    nxn: 0,
                    collinear_n: 0,
                    value: GameValue::Win,
                },
                material_counting: MaterialCounting::None,
                adjudicate_full_board: false,
                counting_rule: CountingRule::None,
            },
            xboard: XboardInfo {
                variant_template: "fairy".to_string(),
                piece_to_char_table: "-".to_string(),
                pocket_size: 0,
                piece_synonyms: Vec::new(),
            },
        }
    }

    /// The slot holding a piece with this letter (either case).
    pub fn slot_by_letter(&self, c: char) -> Option<usize> {
        let up = c.to_ascii_uppercase();
        self.slots
            .iter()
            .position(|p| p.as_ref().is_some_and(|p| p.letter == up))
    }

    /// Slots that hold a piece.
    pub fn present(&self) -> impl Iterator<Item = usize> + '_ {
        (0..SLOTS).filter(|&s| self.slots[s].is_some())
    }

    fn remove_piece(&mut self, slot: usize) {
        self.slots[slot] = None;
        // As in Fairy-Stockfish: a removed type can no longer be promoted to.
        for c in Color::BOTH {
            let set = self.promotion.piece_types.get_mut(c);
            set.0.retain(|&id| id as usize != slot);
        }
    }

    /// Applies one section's keys on top of `self`. Problems go to `errors`; a bad key leaves
    /// its target unchanged and the rest is still read.
    pub fn apply(&mut self, file: &str, section: &Section, errors: &mut Vec<VariantError>) {
        let mut cx = Cx {
            file,
            keys: Keys::new(&section.entries),
            errors,
        };
        for slot in self.slots.iter_mut().flatten() {
            slot.defined_at = None;
        }
        self.board_keys(&mut cx);
        self.piece_keys(&mut cx);
        self.value_keys(&mut cx);
        self.deprecated_keys(&mut cx);
        self.alias_keys(&mut cx);
        self.setup_keys(&mut cx);
        self.promotion_keys(&mut cx);
        self.pawn_keys(&mut cx);
        self.castling_keys(&mut cx);
        self.move_rule_keys(&mut cx);
        self.game_end_keys(&mut cx);
        let unknown: Vec<(usize, String)> =
            cx.keys.unused().map(|e| (e.line, e.key.clone())).collect();
        for (line, key) in unknown {
            cx.err(line, &key, "unknown key".to_string());
        }
        // Fairy-Stockfish's conclude() keeps these consistent, and children inherit the result.
        if !self.pawns.double_step {
            self.pawns.double_step_region = ByColor::both(Region::EMPTY);
        }
        if self.pawns.double_step_region.white.is_empty()
            && self.pawns.double_step_region.black.is_empty()
        {
            self.pawns.double_step = false;
        }
    }

    fn board_keys(&mut self, cx: &mut Cx) {
        if let Some(r) = cx.parse("maxRank", values::rank) {
            self.ranks = r + 1;
        }
        if let Some(f) = cx.parse("maxFile", values::file) {
            self.files = f + 1;
        }
    }

    fn piece_keys(&mut self, cx: &mut Cx) {
        // Spelling out two mobility keys for each of the slots was a third of the start-up
        // time (every built-in section is read at start); few sections have any.
        let mobility_keys = cx.keys.any_starting_with("mobilityRegion");
        // Our addition: the notation of this section's piece definitions (Fairy-Stockfish's
        // reading of XBetza unless the section says otherwise; not inherited).
        let notation = cx
            .parse("pieceNotation", |v| match v.trim() {
                "fsf" => Ok(BetzaDialect::FairyStockfish),
                "xbetza" => Ok(BetzaDialect::XBetza),
                "bfn" => Ok(BetzaDialect::Bfn),
                "betza2" => Ok(BetzaDialect::Betza2),
                "bex" => Ok(BetzaDialect::Bex),
                other => Err(format!(
                    "expected fsf, xbetza, bfn, betza2 or bex, found '{other}'"
                )),
            })
            .unwrap_or(BetzaDialect::FairyStockfish);
        for slot in 0..SLOTS {
            let name = pieces::slot_name(slot);
            if let Some((value, line)) = cx.keys.take(name) {
                self.piece_key(cx, slot, name, &value, line, notation);
            }
            if !mobility_keys {
                continue;
            }
            let mut cap = name.to_string();
            cap[..1].make_ascii_uppercase();
            for c in Color::BOTH {
                let key = format!("mobilityRegion{c:?}{cap}");
                if let Some(r) = cx.parse(&key, values::region) {
                    *self.mobility[slot].get_mut(c) = Some(r);
                }
            }
        }
    }

    fn piece_key(
        &mut self,
        cx: &mut Cx,
        slot: usize,
        name: &str,
        value: &str,
        line: usize,
        notation: BetzaDialect,
    ) {
        if value == "-" {
            self.remove_piece(slot);
            return;
        }
        // The letter, `x'` for a primed piece, `+x` for one that exists only as a promoted
        // form.
        let plus = usize::from(value.starts_with('+'));
        let suffix = value
            .chars()
            .nth(plus + 1)
            .is_some_and(pieces::is_letter_suffix);
        let token_len = plus + 1 + usize::from(suffix);
        let split = value
            .char_indices()
            .nth(token_len)
            .map_or(value.len(), |(i, _)| i);
        let (token, rest) = value.split_at(split);
        let Some(letter) = pieces::letter_of_token(token) else {
            let reason = format!("expected a piece letter, '+letter' or '-', found '{value}'");
            return cx.err(line, name, reason);
        };
        let custom_betza = match rest.strip_prefix(':') {
            Some(b) => Some(b.trim().to_string()),
            None if rest.is_empty() => None,
            None => {
                let reason = format!("expected 'letter' or 'letter:betza', found '{value}'");
                return cx.err(line, name, reason);
            }
        };
        let written = custom_betza.is_some();
        let (betza, special) = if pieces::is_custom(slot) {
            match custom_betza {
                Some(b) => (b, None),
                None => {
                    let reason = "a custom piece needs 'letter:betza'".to_string();
                    return cx.err(line, name, reason);
                }
            }
        } else if slot == KING_SLOT {
            // `king = k:KN` makes a custom royal; plain `king = k` is the orthodox king.
            (custom_betza.unwrap_or_else(|| "K".to_string()), None)
        } else {
            if custom_betza.is_some() {
                let reason = format!(
                    "predefined piece '{name}' takes only a letter; use customPieceN = letter:betza"
                );
                return cx.err(line, name, reason);
            }
            let (_, b, special) = pieces::PREDEFINED[slot];
            (b.to_string(), special)
        };
        // Predefined pieces are Fairy-Stockfish's, whatever the section's notation.
        let dialect = if written {
            notation
        } else {
            BetzaDialect::FairyStockfish
        };
        let moves = match super::betza_check::parse(&betza, dialect) {
            Ok(m) => std::sync::Arc::new(m),
            Err(reason) => return cx.err(line, name, format!("bad Betza '{betza}': {reason}")),
        };
        if let Some(other) = self.slot_by_letter(letter).filter(|&o| o != slot) {
            let earlier = self.slots[other].as_ref().and_then(|p| p.defined_at);
            if let Some(other_line) = earlier {
                let reason = format!(
                    "ambiguous letter '{}': also used by {} on line {other_line}",
                    pieces::letter_text(letter, Color::White),
                    pieces::slot_name(other)
                );
                return cx.err(line, name, reason);
            }
            // An inherited piece with this letter is replaced, as in Fairy-Stockfish.
            self.remove_piece(other);
        }
        // Only Bex gives `e` another meaning (a leap).
        let reads_e_as_xbetza = dialect != BetzaDialect::Bex;
        if pieces::is_custom(slot) && reads_e_as_xbetza && betza.contains('e') {
            // Fairy-Stockfish: an `e` in a custom piece's Betza makes it an e.p. capturer.
            for c in Color::BOTH {
                let set = self.pawns.en_passant_types.get_mut(c);
                *set = PieceSet::from_ids(set.iter().chain([slot as PieceId]));
            }
        }
        self.slots[slot] = Some(SlotPiece {
            letter,
            betza,
            moves,
            dialect,
            special,
            defined_at: Some(line),
        });
    }

    fn value_keys(&mut self, cx: &mut Cx) {
        for (key, eg) in [("pieceValueMg", false), ("pieceValueEg", true)] {
            let Some(list) = cx.parse(key, |v| letter_pairs_of(&self.slots, v, values::int)) else {
                continue;
            };
            for (slot, value) in list {
                let entry = &mut self.values[slot];
                if eg {
                    entry.1 = Some(value);
                } else {
                    entry.0 = Some(value);
                }
            }
        }
    }

    fn deprecated_keys(&mut self, cx: &mut Cx) {
        let ranks = self.ranks;
        if let Some(r) = cx.parse("promotionRank", values::rank) {
            let zone = zone(r, ranks);
            self.promotion.region = ByColor {
                white: zone,
                black: zone.flipped(ranks),
            };
        }
        let max = cx.parse("doubleStepRank", values::rank);
        let min = cx.parse("doubleStepRankMin", values::rank);
        if max.is_some() || min.is_some() {
            let (max, min) = (max.unwrap_or(1), min.unwrap_or(1));
            let white = zone(min, ranks).minus(&zone(max.saturating_add(1), ranks));
            self.pawns.double_step_region = ByColor {
                white,
                black: white.flipped(ranks),
            };
        }
        if let Some(r) = cx.parse("whiteFlag", values::region) {
            self.game_end.flag.region.white = r;
        }
        if let Some(r) = cx.parse("blackFlag", values::region) {
            self.game_end.flag.region.black = r;
        }
        if let Some(s) = cx.parse("castlingRookPiece", |v| piece_set_of(&self.slots, v)) {
            self.castling.rook_pieces = ByColor::both(s);
        }
        if let Some(r) = cx.parse("whiteDropRegion", values::region) {
            self.drops.region.white = r;
        }
        if let Some(r) = cx.parse("blackDropRegion", values::region) {
            self.drops.region.black = r;
        }
        if let Some(true) = cx.parse("dropOnTop", values::bool_value) {
            self.drops.enclosing_drop = EnclosingRule::Top;
        }
    }

    fn alias_keys(&mut self, cx: &mut Cx) {
        if let Some(s) = cx.parse("pawnTypes", |v| piece_set_of(&self.slots, v)) {
            self.promotion.main_pawn_type = ByColor::both(s.iter().next());
            self.promotion.pawn_types = ByColor::both(s.clone());
            self.pawns.en_passant_types = ByColor::both(s.clone());
            self.pawns.n_move_rule_types = ByColor::both(s);
        }
    }

    fn setup_keys(&mut self, cx: &mut Cx) {
        if let Some(v) = cx.parse("variantTemplate", |v| Ok(v.to_string())) {
            self.xboard.variant_template = v;
        }
        if let Some(v) = cx.parse("pieceToCharTable", |v| Ok(v.to_string())) {
            self.xboard.piece_to_char_table = v;
        }
        if let Some(v) = cx.parse("pieceSynonyms", values::letter_pairs) {
            self.xboard.piece_synonyms = v;
        }
        if let Some(v) = cx.parse("pocketSize", values::count) {
            self.xboard.pocket_size = v;
        }
        if let Some(v) = cx.parse("chess960", values::bool_value) {
            self.chess960 = v;
        }
        if let Some(v) = cx.parse("twoBoards", values::bool_value) {
            self.drops.two_boards = v;
        }
        if let Some((v, line)) = cx.keys.take("startFen") {
            self.start_fen = v;
            self.start_fen_origin = Some(Origin {
                file: cx.file.to_string(),
                line,
            });
        }
    }

    fn promotion_keys(&mut self, cx: &mut Cx) {
        cx.region_pair("promotionRegion", false, &mut self.promotion.region);
        for (key, colors) in color_keys("promotionPawnTypes") {
            if let Some(s) = cx.parse(&key, |v| piece_set_of(&self.slots, v)) {
                for c in colors {
                    *self.promotion.main_pawn_type.get_mut(c) = s.iter().next();
                    *self.promotion.pawn_types.get_mut(c) = s.clone();
                }
            }
        }
        for (key, colors) in color_keys("promotionPieceTypes") {
            if let Some(s) = cx.parse(&key, |v| piece_set_of(&self.slots, v)) {
                for c in colors {
                    *self.promotion.piece_types.get_mut(c) = s.clone();
                }
            }
        }
        cx.flag("sittuyinPromotion", &mut self.promotion.sittuyin);
        // Our addition (Chu Shogi), see `Promotion::chu`.
        cx.flag("chuPromotion", &mut self.promotion.chu);
        if let Some(list) = cx.parse("promotionLimit", |v| {
            letter_pairs_of(&self.slots, v, values::count)
        }) {
            // Listed types are set, others keep their inherited limit (as in Fairy-Stockfish).
            for (slot, n) in list {
                let slot = slot as PieceId;
                self.promotion.limit.retain(|&(t, _)| t != slot);
                self.promotion.limit.push((slot, n));
            }
            self.promotion.limit.sort_unstable();
        }
        if let Some(map) = cx.parse("promotedPieceType", |v| promotion_map_of(&self.slots, v)) {
            // Listed types are set, others keep their inherited promotion.
            for (from, to) in map {
                self.promotion
                    .promoted_piece_type
                    .retain(|&(f, _)| f != from);
                if let Some(to) = to {
                    self.promotion.promoted_piece_type.push((from, to));
                }
            }
            self.promotion.promoted_piece_type.sort_unstable();
        }
        cx.flag(
            "piecePromotionOnCapture",
            &mut self.promotion.piece_promotion_on_capture,
        );
        cx.flag(
            "mandatoryPawnPromotion",
            &mut self.promotion.mandatory_pawn_promotion,
        );
        cx.flag(
            "mandatoryPiecePromotion",
            &mut self.promotion.mandatory_piece_promotion,
        );
        cx.flag("pieceDemotion", &mut self.promotion.piece_demotion);
        cx.flag("blastOnCapture", &mut self.captures.blast_on_capture);
        for (key, target) in [
            ("blastImmuneTypes", &mut self.captures.blast_immune_types),
            (
                "mutuallyImmuneTypes",
                &mut self.captures.mutually_immune_types,
            ),
            (
                "petrifyOnCaptureTypes",
                &mut self.captures.petrify_on_capture_types,
            ),
            // Our addition (Chu Shogi), see `CaptureRules::lion_types`.
            ("lionPieceTypes", &mut self.captures.lion_types),
            ("lionNoBridgeTypes", &mut self.captures.lion_no_bridge_types),
            // Our additions, see `CaptureRules::self_capture_types` and `iron_piece_types`.
            ("selfCaptureTypes", &mut self.captures.self_capture_types),
            // Our additions (Tenjiku Shogi), see `CaptureRules::range_capture_types` and
            // `burn_types`.
            ("rangeCaptureTypes", &mut self.captures.range_capture_types),
            ("burnPieceTypes", &mut self.captures.burn_types),
        ] {
            if let Some(s) = cx.parse(key, |v| piece_set_of(&self.slots, v)) {
                *target = s;
            }
        }
        let slots = &self.slots;
        if let Some(s) = cx.parse("ironPieceTypes", |v| {
            let set = piece_set_of(slots, v)?;
            if set.iter().any(|s| s as usize == KING_SLOT) {
                return Err(
                    "the king cannot be iron: it is taken by checkmate, not on the board \
                     (`*` names every piece but the king)"
                        .to_string(),
                );
            }
            Ok(set)
        }) {
            self.captures.iron_piece_types = s;
        }
        if let Some(ranks) = cx.parse("rangeCaptureRanks", |v| ranked_groups_of(&self.slots, v)) {
            self.captures.range_capture_ranks = ranks;
        }
        cx.flag(
            "petrifyBlastPieces",
            &mut self.captures.petrify_blast_pieces,
        );
    }

    fn pawn_keys(&mut self, cx: &mut Cx) {
        cx.flag("doubleStep", &mut self.pawns.double_step);
        cx.region_pair(
            "doubleStepRegion",
            false,
            &mut self.pawns.double_step_region,
        );
        cx.region_pair(
            "tripleStepRegion",
            false,
            &mut self.pawns.triple_step_region,
        );
        cx.region_pair("enPassantRegion", true, &mut self.pawns.en_passant_region);
        for (key, colors) in color_keys("enPassantTypes") {
            if let Some(s) = cx.parse(&key, |v| piece_set_of(&self.slots, v)) {
                for c in colors {
                    *self.pawns.en_passant_types.get_mut(c) = s.clone();
                }
            }
        }
    }

    fn castling_keys(&mut self, cx: &mut Cx) {
        let c = &mut self.castling;
        cx.flag("castling", &mut c.enabled);
        cx.flag("castlingDroppedPiece", &mut c.dropped_piece);
        for (key, target) in [
            ("castlingKingsideFile", &mut c.kingside_file),
            ("castlingQueensideFile", &mut c.queenside_file),
        ] {
            if let Some(f) = cx.parse(key, values::file) {
                *target = f;
            }
        }
        if let Some(r) = cx.parse("castlingRank", values::rank) {
            c.rank = r;
        }
        if let Some(f) = cx.parse("castlingKingFile", values::file) {
            c.king_file = f;
        }
        for (key, colors) in color_keys("castlingKingPiece") {
            if let Some(p) = cx.parse(&key, |v| piece_type_of(&self.slots, v)) {
                for col in colors {
                    *c.king_piece.get_mut(col) = p;
                }
            }
        }
        if let Some(f) = cx.parse("castlingRookKingsideFile", values::file) {
            c.rook_kingside_file = Some(f);
        }
        if let Some(f) = cx.parse("castlingRookQueensideFile", values::file) {
            c.rook_queenside_file = f;
        }
        for (key, colors) in color_keys("castlingRookPieces") {
            if let Some(s) = cx.parse(&key, |v| piece_set_of(&self.slots, v)) {
                for col in colors {
                    *c.rook_pieces.get_mut(col) = s.clone();
                }
            }
        }
        cx.flag("oppositeCastling", &mut c.opposite_castling);
    }

    fn move_rule_keys(&mut self, cx: &mut Cx) {
        cx.flag("checking", &mut self.checks.checking);
        cx.flag("dropChecks", &mut self.drops.drop_checks);
        cx.flag("mustCapture", &mut self.captures.must_capture);
        let d = &mut self.drops;
        cx.flag("mustDrop", &mut d.must_drop);
        if let Some(p) = cx.parse("mustDropType", |v| piece_type_of(&self.slots, v)) {
            d.must_drop_type = p;
        }
        cx.flag("pieceDrops", &mut d.piece_drops);
        cx.flag("freeDrops", &mut d.free_drops);
        cx.flag("dropLoop", &mut d.drop_loop);
        cx.flag("capturesToHand", &mut d.captures_to_hand);
        if let Some(ranks) = cx.parse("hostageExchange", |v| ranked_groups_of(&self.slots, v)) {
            d.hostage_ranks = ranks;
        }
        cx.flag("prisonPromotion", &mut d.prison_promotion);
        cx.flag("firstRankPawnDrops", &mut d.first_rank_pawn_drops);
        cx.flag("promotionZonePawnDrops", &mut d.promotion_zone_pawn_drops);
        if let Some(r) = cx.parse("enclosingDrop", values::enclosing) {
            d.enclosing_drop = r;
        }
        if let Some(r) = cx.parse("enclosingDropStart", values::region) {
            d.enclosing_drop_start = r;
        }
        cx.region_pair("dropRegion", false, &mut d.region);
        cx.flag("sittuyinRookDrop", &mut d.sittuyin_rook_drop);
        cx.flag("dropOppositeColoredBishop", &mut d.opposite_colored_bishop);
        cx.flag("dropPromoted", &mut d.drop_promoted);
        if let Some(p) = cx.parse("dropNoDoubled", |v| piece_type_of(&self.slots, v)) {
            d.no_doubled = p;
        }
        if let Some(n) = cx.parse("dropNoDoubledCount", values::count) {
            d.no_doubled_count = n;
        }
        cx.flag("immobilityIllegal", &mut d.immobility_illegal);
        let s = &mut self.special_moves;
        cx.flag("gating", &mut s.gating);
        if let Some(r) = cx.parse("wallingRule", values::walling) {
            s.walling_rule = r;
        }
        cx.region_pair("wallingRegion", false, &mut s.walling_region);
        // Fairy-Stockfish reads the plain key after the coloured ones, so it wins.
        if let Some(r) = cx.parse("wallingRegion", values::region) {
            s.walling_region = ByColor::both(r);
        }
        cx.flag("wallOrMove", &mut s.wall_or_move);
        cx.flag("seirawanGating", &mut s.seirawan_gating);
        cx.flag("cambodianMoves", &mut s.cambodian_moves);
        if let Some(r) = cx.parse("diagonalLines", values::region) {
            s.diagonal_lines = r;
        }
        cx.bool_pair("pass", &mut s.pass);
        cx.bool_pair("passOnStalemate", &mut s.pass_on_stalemate);
        cx.flag("makpongRule", &mut self.checks.makpong_rule);
        cx.flag("flyingGeneral", &mut self.checks.flying_general);
        if let Some(r) = cx.parse("soldierPromotionRank", values::rank) {
            s.soldier_promotion_rank = r;
        }
        if let Some(r) = cx.parse("flipEnclosedPieces", values::enclosing) {
            s.flip_enclosed_pieces = r;
        }
        // Our additions: turns of several moves (see `SpecialMoves::moves_per_turn`).
        if let Some(list) = cx.parse("movesPerTurn", values::moves_per_turn) {
            s.moves_per_turn = list;
        }
        cx.flag("progressiveTurns", &mut s.progressive_turns);
        cx.flag("checkEndsTurn", &mut s.check_ends_turn);
    }

    fn game_end_keys(&mut self, cx: &mut Cx) {
        for (key, colors) in color_keys("nMoveRuleTypes") {
            if let Some(s) = cx.parse(&key, |v| piece_set_of(&self.slots, v)) {
                for c in colors {
                    *self.pawns.n_move_rule_types.get_mut(c) = s.clone();
                }
            }
        }
        let g = &mut self.game_end;
        cx.count("nMoveRule", &mut g.n_move_rule);
        cx.count("nFoldRule", &mut g.n_fold_rule);
        cx.value("nFoldValue", &mut g.n_fold_value);
        cx.flag("nFoldValueAbsolute", &mut g.n_fold_value_absolute);
        cx.flag("perpetualCheckIllegal", &mut g.perpetual_check_illegal);
        // Our addition (Chu Shogi), see `GameEnd::repetition_in_check_allowed`.
        cx.flag(
            "repetitionInCheckAllowed",
            &mut g.repetition_in_check_allowed,
        );
        cx.flag("moveRepetitionIllegal", &mut g.move_repetition_illegal);
        if let Some(r) = cx.parse("chasingRule", values::chasing_rule) {
            g.chasing_rule = r;
        }
        cx.value("stalemateValue", &mut g.stalemate_value);
        cx.flag("stalematePieceCount", &mut g.stalemate_piece_count);
        cx.value("checkmateValue", &mut g.checkmate_value);
        cx.flag(
            "shogiPawnDropMateIllegal",
            &mut self.drops.shogi_pawn_drop_mate_illegal,
        );
        cx.flag("shatarMateRule", &mut self.checks.shatar_mate_rule);
        cx.flag("bikjangRule", &mut self.checks.bikjang_rule);
        let x = &mut g.extinction;
        if let Some(v) = cx.parse("extinctionValue", values::game_value) {
            x.value = v;
        }
        cx.flag("extinctionClaim", &mut x.claim);
        cx.flag("extinctionPseudoRoyal", &mut x.pseudo_royal);
        cx.flag("dupleCheck", &mut self.checks.duple_check);
        if let Some(s) = cx.parse("extinctionPieceTypes", |v| piece_set_of(&self.slots, v)) {
            x.all_pieces = s.iter().any(|id| id as usize == ALL_SLOT);
            x.piece_types = s;
        }
        cx.count("extinctionPieceCount", &mut x.piece_count);
        cx.count("extinctionOpponentPieceCount", &mut x.opponent_piece_count);
        // Our addition (Chu and Dai Shogi), see `BareKing`.
        let b = &mut g.bare_king;
        if let Some(v) = cx.parse("bareKingValue", values::game_value) {
            b.value = v;
        }
        if let Some(s) = cx.parse("bareKingWeakTypes", |v| piece_set_of(&self.slots, v)) {
            b.weak_types = s;
        }
        let f = &mut g.flag;
        for (key, colors) in color_keys("flagPiece") {
            if let Some(p) = cx.parse(&key, |v| piece_type_of(&self.slots, v)) {
                for c in colors {
                    *f.piece.get_mut(c) = p;
                }
            }
        }
        cx.region_pair("flagRegion", true, &mut f.region);
        cx.count("flagPieceCount", &mut f.piece_count);
        cx.flag("flagPieceBlockedWin", &mut f.piece_blocked_win);
        cx.flag("flagMove", &mut f.flag_move);
        cx.flag("flagPieceSafe", &mut f.piece_safe);
        cx.flag("checkCounting", &mut self.checks.check_counting);
        let k = &mut g.connect;
        cx.count("connectN", &mut k.n);
        if let Some(s) = cx.parse("connectPieceTypes", |v| piece_set_of(&self.slots, v)) {
            k.piece_types = Some(s);
        }
        cx.flag("connectHorizontal", &mut k.horizontal);
        cx.flag("connectVertical", &mut k.vertical);
        cx.flag("connectDiagonal", &mut k.diagonal);
        for (key, target) in [
            ("connectRegion1White", &mut k.region1.white),
            ("connectRegion2White", &mut k.region2.white),
            ("connectRegion1Black", &mut k.region1.black),
            ("connectRegion2Black", &mut k.region2.black),
        ] {
            if let Some(r) = cx.parse(key, values::region) {
                *target = r;
            }
        }
        cx.count("connectNxN", &mut k.nxn);
        cx.count("collinearN", &mut k.collinear_n);
        cx.value("connectValue", &mut k.value);
        if let Some(r) = cx.parse("materialCounting", values::material_counting) {
            g.material_counting = r;
        }
        cx.flag("adjudicateFullBoard", &mut g.adjudicate_full_board);
        if let Some(r) = cx.parse("countingRule", values::counting_rule) {
            g.counting_rule = r;
        }
        if let Some(r) = cx.parse("castlingWins", values::castling_rights) {
            self.castling.wins = r;
        }
    }
}

/// `promotedPieceType = p:g s:g`; `-` as target means "does not promote".
fn promotion_map_of(
    slots: &[Option<SlotPiece>],
    v: &str,
) -> Result<Vec<(PieceId, Option<PieceId>)>, String> {
    {
        let pairs = letter_pairs_of(slots, v, |t| Ok(t.to_string()))?;
        let mut out = Vec::new();
        for (from, to) in pairs {
            if to == "-" {
                out.push((from as PieceId, None));
                continue;
            }
            let target = pieces::letter_of_token(&to).and_then(|c| slot_by_letter_of(slots, c));
            match target {
                Some(t) => out.push((from as PieceId, Some(t as PieceId))),
                None => return Err(format!("'{to}' is not a piece letter of this variant")),
            }
        }
        Ok(out)
    }
}

/// Ranks `from` (0-based) to the last, the white promotion zone of Fairy-Stockfish's
/// `zone_bb`.
fn zone(from: u8, ranks: u8) -> Region {
    let mut r = Region::EMPTY;
    for rank in from..ranks {
        r = r.union(&Region::rank(rank));
    }
    r
}

/// The plain key (both sides) and its White/Black forms, in Fairy-Stockfish's reading order.
fn color_keys(base: &str) -> [(String, Vec<Color>); 3] {
    [
        (base.to_string(), Color::BOTH.to_vec()),
        (format!("{base}White"), vec![Color::White]),
        (format!("{base}Black"), vec![Color::Black]),
    ]
}

fn slot_by_letter_of(slots: &[Option<SlotPiece>], c: char) -> Option<usize> {
    let up = c.to_ascii_uppercase();
    slots
        .iter()
        .position(|p| p.as_ref().is_some_and(|p| p.letter == up))
}

/// A piece set: letters (spaces optional), `*` for every present type, `-` for none.
fn piece_set_of(slots: &[Option<SlotPiece>], v: &str) -> Result<PieceSet, String> {
    let mut ids = Vec::new();
    let mut chars = v.chars().filter(|c| !c.is_whitespace()).peekable();
    while let Some(c) = chars.next() {
        match c {
            '-' => break,
            // Resolved to every present type when the variant is concluded, so that a child
            // section's new pieces are included, as Fairy-Stockfish's ALL_PIECES bit is.
            '*' => ids.push(ALL_SLOT),
            _ => {
                let mut token = c.to_string();
                if c == '+' {
                    token.push(chars.next().unwrap_or(' '));
                }
                if let Some(suffix) = chars.next_if(|&c| pieces::is_letter_suffix(c)) {
                    token.push(suffix);
                }
                match pieces::letter_of_token(&token).and_then(|l| slot_by_letter_of(slots, l)) {
                    Some(s) => ids.push(s),
                    None => return Err(format!("'{token}' is not a piece letter of this variant")),
                }
            }
        }
    }
    Ok(PieceSet::from_ids(ids.into_iter().map(|s| s as PieceId)))
}

/// `hostageExchange`, `rangeCaptureRanks`: groups of piece letters separated by spaces, the
/// lowest rank first (`p nb r q`); `-` for none.
fn ranked_groups_of(slots: &[Option<SlotPiece>], v: &str) -> Result<Vec<PieceSet>, String> {
    if v.trim() == "-" {
        return Ok(Vec::new());
    }
    let mut ranks: Vec<PieceSet> = Vec::new();
    for group in v.split_whitespace() {
        if group.contains('*') {
            return Err(format!("'{group}': name the types of each rank, not '*'"));
        }
        let set = piece_set_of(slots, group)?;
        let earlier = |id: &PieceId| ranks.iter().any(|r| r.contains(*id));
        if set.0.iter().any(earlier)
            || set.0.len() < group.chars().filter(|c| c.is_ascii_alphabetic()).count()
        {
            return Err(format!("'{group}': a type of it is in two ranks"));
        }
        ranks.push(set);
    }
    if ranks.is_empty() {
        return Err("no piece types".to_string());
    }
    Ok(ranks)
}

/// One piece type: a letter; `*` (any) and `-` (none) give `None`.
fn piece_type_of(slots: &[Option<SlotPiece>], v: &str) -> Result<Option<PieceId>, String> {
    match v {
        "*" | "-" => Ok(None),
        _ => match pieces::letter_of_token(v) {
            Some(c) => slot_by_letter_of(slots, c)
                .map(|s| Some(s as PieceId))
                .ok_or_else(|| format!("'{v}' is not a piece letter of this variant")),
            None => Err(format!("expected one piece letter, found '{v}'")),
        },
    }
}

/// `x:value y:value ...`.
fn letter_pairs_of<T>(
    slots: &[Option<SlotPiece>],
    v: &str,
    parse: fn(&str) -> Result<T, String>,
) -> Result<Vec<(usize, T)>, String> {
    let mut out = Vec::new();
    for token in v.split_whitespace() {
        let (letter, value) = token
            .split_once(':')
            .ok_or_else(|| format!("expected 'letter:value', found '{token}'"))?;
        let slot = pieces::letter_of_token(letter)
            .and_then(|c| slot_by_letter_of(slots, c))
            .ok_or_else(|| format!("'{letter}' is not a piece letter of this variant"))?;
        out.push((slot, parse(value).map_err(|e| format!("{letter}: {e}"))?));
    }
    Ok(out)
}

/// The keys of one section, each taken at most once; the last of duplicates wins.
struct Keys<'a> {
    entries: &'a [Entry],
    used: Vec<bool>,
}

impl<'a> Keys<'a> {
    fn new(entries: &'a [Entry]) -> Self {
        Keys {
            entries,
            used: vec![false; entries.len()],
        }
    }

    fn take(&mut self, key: &str) -> Option<(String, usize)> {
        let mut found = None;
        for (i, e) in self.entries.iter().enumerate() {
            if e.key == key {
                self.used[i] = true;
                found = Some((e.value.clone(), e.line));
            }
        }
        found
    }

    fn any_starting_with(&self, prefix: &str) -> bool {
        self.entries.iter().any(|e| e.key.starts_with(prefix))
    }

    fn unused(&self) -> impl Iterator<Item = &Entry> + '_ {
        self.entries
            .iter()
            .zip(self.used.iter())
            .filter(|(_, &u)| !u)
            .map(|(e, _)| e)
    }
}

/// Reading context of one section: the file name, its keys, the error list.
struct Cx<'a, 'e> {
    file: &'a str,
    keys: Keys<'a>,
    errors: &'e mut Vec<VariantError>,
}

impl Cx<'_, '_> {
    fn err(&mut self, line: usize, key: &str, reason: String) {
        self.errors.push(VariantError {
            file: self.file.to_string(),
            line,
            key: key.to_string(),
            reason,
        });
    }

    /// Takes `key` and parses it; a bad value is reported and gives `None`.
    fn parse<T>(&mut self, key: &str, parse: impl FnOnce(&str) -> Result<T, String>) -> Option<T> {
        let (value, line) = self.keys.take(key)?;
        match parse(&value) {
            Ok(v) => Some(v),
            Err(reason) => {
                self.err(line, key, reason);
                None
            }
        }
    }

    fn flag(&mut self, key: &str, target: &mut bool) {
        if let Some(v) = self.parse(key, values::bool_value) {
            *target = v;
        }
    }

    fn count(&mut self, key: &str, target: &mut u32) {
        if let Some(v) = self.parse(key, values::count) {
            *target = v;
        }
    }

    fn value(&mut self, key: &str, target: &mut GameValue) {
        if let Some(v) = self.parse(key, values::required_game_value) {
            *target = v;
        }
    }

    /// `baseWhite`/`baseBlack`, and `base` for both first if `with_plain`.
    fn region_pair(&mut self, base: &str, with_plain: bool, target: &mut ByColor<Region>) {
        for (key, colors) in color_keys(base) {
            if colors.len() == 2 && !with_plain {
                continue;
            }
            if let Some(r) = self.parse(&key, values::region) {
                for c in colors {
                    *target.get_mut(c) = r;
                }
            }
        }
    }

    fn bool_pair(&mut self, base: &str, target: &mut ByColor<bool>) {
        for (key, colors) in color_keys(base) {
            if let Some(v) = self.parse(&key, values::bool_value) {
                for c in colors {
                    *target.get_mut(c) = v;
                }
            }
        }
    }
}
