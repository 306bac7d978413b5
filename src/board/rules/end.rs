//! How games end: the immediate ends that stop move generation (extinction, flags, check
//! counting, castling wins, bikjang, double pass, full board) and [`Position::result`], which
//! adds checkmate and stalemate values, the n-move rule, n-fold repetition with perpetual
//! check, and the SE-Asian counting rule.
//!
//! The immediate test runs at every node of perft and search, so each rule is guarded by a
//! cheap test of the variant's data first; everything else runs only when asked.
//!
//! Repetitions and their values (perpetual check, xiangqi's perpetual chase, janggi's move
//! repetition) are found in [`super::repetition`], which the search uses too; connection
//! wins in [`super::connect`]. Not implemented (documented in
//! `variants/README.md`): the virtual-piece rules of two-board variants.

use super::{blast::adjacent, negate, EndReason, Outcome};
use crate::board::bitboard::Bitboard;
use crate::board::moves::{Move, MoveKind, MoveList};
use crate::board::position::{Position, WHITE_OO};
use crate::color::Color;
use crate::variant::{ChasingRule, CountingRule, GameValue, MaterialCounting};

/// A value from White's view turned to the view of `stm`.
fn from_white(v: GameValue, stm: Color) -> GameValue {
    if stm == Color::White {
        v
    } else {
        negate(v)
    }
}

impl<B: Bitboard> Position<B> {
    /// The immediate game end, if any: its value for the side to move and its reason.
    /// Fairy-Stockfish's `is_immediate_game_end`.
    pub fn immediate_end(&self) -> Option<(GameValue, EndReason)> {
        let v = &self.t.variant;
        let ge = &v.game_end;
        let ext = &ge.extinction;
        // Extinction does not apply to pseudo-royal pieces (they cannot be captured), except
        // in atomic variants where a blast removes them.
        if let Some(value) = ext.value {
            if !ext.pseudo_royal || v.captures.blast_on_capture {
                if let Some(r) = self.extinction_end(value) {
                    return Some(r);
                }
            }
        }
        if let Some(rule) = &self.t.bare_king {
            if let Some(r) = self.bare_king_end(rule) {
                return Some(r);
            }
        }
        if !self.t.flag_region[0].is_empty() || !self.t.flag_region[1].is_empty() {
            if let Some(r) = self.flag_end() {
                return Some(r);
            }
        }
        let wins = &v.castling.wins;
        if wins.white_kingside
            || wins.white_queenside
            || wins.black_kingside
            || wins.black_queenside
        {
            if let Some(r) = self.castling_end() {
                return Some(r);
            }
        }
        if v.checks.check_counting && self.st.checks_remaining[!self.stm] == 0 {
            return Some((GameValue::Loss, EndReason::NCheck));
        }
        if self.has_connect_rule() {
            if let Some(r) = self.connect_end() {
                return Some(r);
            }
        }
        // A double pass, bikjang (kings facing after a pass: no other move keeps them so),
        // a full board.
        if self.st.last_move.is_pass() && self.pass_or_bikjang_end() {
            let reason = if self.bikjang() {
                EndReason::Bikjang
            } else {
                EndReason::Pass
            };
            return Some((self.material_value(), reason));
        }
        if ge.adjudicate_full_board && (self.t.board & !self.occ).is_empty() {
            return Some((self.material_value(), EndReason::FullBoard));
        }
        None
    }

    fn extinction_end(&self, value: GameValue) -> Option<(GameValue, EndReason)> {
        let ext = &self.t.variant.game_end.extinction;
        let reason = if self.t.extinction_all && ext.piece_count == 1 && self.t.king.is_some() {
            EndReason::BareKing
        } else {
            EndReason::Extinction
        };
        for c in [!self.stm, self.stm] {
            let claim = u32::from(ext.claim && c == self.stm);
            let out = |mine: u32, theirs: u32| {
                mine <= ext.piece_count && theirs >= ext.opponent_piece_count + claim
            };
            let ended = if self.t.extinction_all {
                out(
                    self.by_color[c].count() + self.hand_count(c),
                    self.by_color[!c].count() + self.hand_count(!c),
                )
            } else {
                self.t
                    .extinction_types
                    .iter()
                    .any(|t| out(self.count_with_hand(t, c), self.count_with_hand(t, !c)))
            };
            if ended {
                let val = if c == self.stm { value } else { negate(value) };
                return Some((val, reason));
            }
        }
        None
    }

    /// Whether colour `c` has reached its flag region (Fairy-Stockfish's `flag_reached`,
    /// with the safety test of `flagPieceSafe`).
    pub(crate) fn flag_reached(&self, c: Color) -> bool {
        let flag = &self.t.variant.game_end.flag;
        let region = self.t.flag_region[c];
        if region.is_empty() {
            return false;
        }
        let mine = match flag.piece.get(c) {
            Some(t) => self.pieces_of(*t, c),
            None => self.by_color[c],
        };
        let on = region & mine;
        let reached = on.any()
            && (on.count() >= flag.piece_count
                || (flag.piece_blocked_win && (region & !self.occ).is_empty()));
        if reached
            && flag.piece_safe
            && (!flag.flag_move || c != self.stm)
            && on.count() == flag.piece_count
        {
            for sq in on.iter() {
                if self.attackers_to(sq, self.occ, !c).any() {
                    return false;
                }
            }
        }
        reached
    }

    fn flag_end(&self) -> Option<(GameValue, EndReason)> {
        let v = &self.t.variant;
        let flag = &v.game_end.flag;
        let stm = self.stm;
        let flag_piece = |c: Color| *flag.piece.get(c);
        let king_flag = |c: Color| self.t.king.is_some() && flag_piece(c) == self.t.king;
        // A flag win by the side to move: it reached the region on its last move and the
        // opponent's extra move (flagMove) did not change that.
        if (flag.flag_move || flag.piece_safe) && self.flag_reached(stm) {
            let draw = ((flag.flag_move && stm == Color::White && king_flag(Color::Black))
                || (flag.piece_safe && !flag.flag_move))
                && self.flag_reached(!stm);
            let value = if draw {
                GameValue::Draw
            } else {
                GameValue::Win
            };
            return Some((value, EndReason::Flag));
        }
        if (!flag.flag_move || flag.piece_safe || king_flag(stm)) && self.flag_reached(!stm) {
            // Racing kings: Black still draws if its king can step into the region now.
            if flag.flag_move
                && king_flag(stm)
                && stm == Color::Black
                && self.black_king_can_follow()
            {
                return None;
            }
            return Some((GameValue::Loss, EndReason::Flag));
        }
        None
    }

    /// Whether the side to move's king has a legal move into its flag region (not in check).
    fn black_king_can_follow(&self) -> bool {
        let stm = self.stm;
        let Some(ksq) = self.king_square(stm) else {
            return false;
        };
        if self.checkers().any() {
            return false;
        }
        let region = self.t.flag_region[stm];
        let mut list = MoveList::new();
        self.generate_pseudo(&mut list, false);
        list.iter().any(|&m| {
            m.from() == ksq
                && m.kind() != MoveKind::Castling
                && region.contains(m.to())
                && self.legal_basic(m)
        })
    }

    fn castling_end(&self) -> Option<(GameValue, EndReason)> {
        let wins = &self.t.variant.castling.wins;
        let w = u8::from(wins.white_kingside)
            | u8::from(wins.white_queenside) << 1
            | u8::from(wins.black_kingside) << 2
            | u8::from(wins.black_queenside) << 3;
        let m = self.st.last_move;
        if m != Move::NONE && m.kind() == MoveKind::Castling {
            let side = if m.to() > m.from() {
                WHITE_OO
            } else {
                WHITE_OO << 1
            };
            if w & (side << (2 * (!self.stm).index())) != 0 {
                return Some((GameValue::Loss, EndReason::Castling));
            }
        }
        // The opponent first: a capture may take both sides' rights away at once.
        for c in [!self.stm, self.stm] {
            let mask = 3 << (2 * c.index());
            if w & mask != 0 && w & mask & self.st.castling == 0 {
                let value = if c == self.stm {
                    GameValue::Loss
                } else {
                    GameValue::Win
                };
                return Some((value, EndReason::Castling));
            }
        }
        None
    }

    /// The result of a drawn ending under `materialCounting` (janggi points, piece count,
    /// draw odds), from the side to move's view; a draw without it.
    pub fn material_value(&self) -> GameValue {
        let v = &self.t.variant;
        let white = match v.game_end.material_counting {
            MaterialCounting::None => return GameValue::Draw,
            MaterialCounting::Janggi => {
                // Points per type; Black's 1.5-point komi is the -1 below with integer
                // points (White needs a strict majority of at least two half-points).
                let weights = [
                    ("rook", 13),
                    ("janggiCannon", 7),
                    ("horse", 5),
                    ("janggiElephant", 3),
                    ("wazir", 3),
                    ("soldier", 2),
                ];
                let mut score = -1i32;
                for (name, w) in weights {
                    if let Some(t) = v.piece_by_name(name) {
                        score += w
                            * (self.count(t, Color::White) as i32
                                - self.count(t, Color::Black) as i32);
                    }
                }
                if score > 0 {
                    GameValue::Win
                } else {
                    GameValue::Loss
                }
            }
            MaterialCounting::Unweighted => {
                let (w, b) = (self.by_color[0].count(), self.by_color[1].count());
                match w.cmp(&b) {
                    std::cmp::Ordering::Greater => GameValue::Win,
                    std::cmp::Ordering::Less => GameValue::Loss,
                    std::cmp::Ordering::Equal => GameValue::Draw,
                }
            }
            MaterialCounting::WhiteDrawOdds => GameValue::Win,
            MaterialCounting::BlackDrawOdds => GameValue::Loss,
        };
        from_white(white, self.stm)
    }

    /// Whether the side to move is "in check" for the checkmate rule: its royal piece is
    /// attacked, or (extinctionPseudoRoyal) one of its pseudo-royal pieces is, or (dupleCheck)
    /// all of them are. Touching pseudo-royals are immune in atomic variants.
    pub fn in_check_for_mate(&self) -> bool {
        if self.checkers().any() {
            return true;
        }
        let v = &self.t.variant;
        if !v.game_end.extinction.pseudo_royal {
            return false;
        }
        let us = self.stm;
        let theirs = self.st.pseudo_royals & self.by_color[!us];
        let blast = v.captures.blast_on_capture;
        let attacked = |sr| {
            !(blast && (adjacent::<B>(&self.t.geo, sr) & theirs).any())
                && self.attackers_to(sr, self.occ, !us).any()
        };
        if (self.st.pseudo_royals & self.by_color[us])
            .iter()
            .any(attacked)
        {
            return true;
        }
        if v.checks.duple_check {
            let cands = self.pseudo_royal_candidates() & self.by_color[us];
            return cands.any() && cands.iter().all(attacked);
        }
        false
    }

    /// The value of a position without legal moves, for the side to move.
    fn no_move_value(&self, in_check: bool) -> (GameValue, EndReason) {
        let ge = &self.t.variant.game_end;
        if in_check {
            return (self.checkmate_value(), EndReason::Checkmate);
        }
        let mut value = ge.stalemate_value;
        if ge.stalemate_piece_count {
            let mine = self.by_color[self.stm].count();
            let theirs = self.by_color[!self.stm].count();
            value = match mine.cmp(&theirs) {
                std::cmp::Ordering::Equal => GameValue::Draw,
                std::cmp::Ordering::Less => ge.stalemate_value,
                std::cmp::Ordering::Greater => negate(ge.stalemate_value),
            };
        }
        if value == GameValue::Draw {
            value = self.material_value();
        }
        (value, EndReason::Stalemate)
    }

    /// `checkmateValue`, with shatar's rule: a mate by knight alone does not count (the mated
    /// side wins), and a mate counts only if the series of checks leading to it contains a
    /// shak (a check by a rook, knight or bers); otherwise it is a draw.
    fn checkmate_value(&self) -> GameValue {
        let v = &self.t.variant;
        if self.checked_by_pawn_drop() {
            // Mate by a pawn drop (shogiPawnDropMateIllegal) loses for the dropping side.
            return GameValue::Win;
        }
        if !v.checks.shatar_mate_rule {
            return v.game_end.checkmate_value;
        }
        let shak_types: Vec<u8> = ["knight", "rook", "bers"]
            .iter()
            .filter_map(|n| v.piece_by_name(n))
            .collect();
        let knight = v.piece_by_name("knight");
        let checkers = self.checkers();
        let by_knight = knight.map_or(B::EMPTY, |k| self.by_type[k as usize]);
        if (checkers & !by_knight).is_empty() {
            return GameValue::Win;
        }
        // Walk back through the series of checks given by the mating side.
        let mut q = self.clone();
        loop {
            let checkers = q.checkers();
            if checkers.is_empty() {
                break;
            }
            let shak = shak_types
                .iter()
                .any(|&t| (checkers & q.by_type[t as usize]).any());
            if shak {
                return v.game_end.checkmate_value;
            }
            if q.history.len() < 2 {
                break;
            }
            for _ in 0..2 {
                let m = q.st.last_move;
                q.unmake_move(m);
            }
        }
        GameValue::Draw
    }

    /// The value and reason of a position where the game has ended by an immediate rule or
    /// for want of legal moves (the caller knows there are none); `in_check` is the royal
    /// check the caller computed (pseudo-royal checks are added here).
    pub fn terminal_outcome(&self, in_check: bool) -> (GameValue, EndReason) {
        if let Some(r) = self.immediate_end() {
            return r;
        }
        self.no_move_value(in_check || self.in_check_for_mate())
    }

    /// Whether the game is over in this position, with the result for the side to move and
    /// the reason: the immediate ends, no legal move (checkmate or stalemate with the
    /// variant's values), then the optional ends Fairy-Stockfish's `is_optional_game_end`
    /// reports (n-move rule, n-fold repetition with perpetual check and chase, counting rule,
    /// sittuyin's lone-pawn promotion). Repetition counts only positions reached by moves played on
    /// this position (its history), as it does for pyffish.
    pub fn result(&self) -> Option<Outcome> {
        let outcome = |(value, reason)| Outcome {
            value,
            reason,
            side_to_move: self.stm,
        };
        if let Some(r) = self.immediate_end() {
            return Some(outcome(r));
        }
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        let in_check = self.in_check_for_mate();
        if list.is_empty() {
            return Some(outcome(self.no_move_value(in_check)));
        }
        self.optional_end(&list).map(outcome)
    }

    /// The optional game end Fairy-Stockfish's `is_optional_game_end` reports (n-move rule,
    /// repetitions, counting, sittuyin's lone pawn), for the side to move; `None` where the
    /// game goes on by those rules (immediate ends and mates are not looked at).
    pub fn optional_game_end(&self) -> Option<(GameValue, EndReason)> {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        self.optional_end(&list)
    }

    fn optional_end(&self, legal: &MoveList) -> Option<(GameValue, EndReason)> {
        let v = &self.t.variant;
        let ge = &v.game_end;
        let rule50 = self.st.rule50;
        if ge.n_move_rule > 0 && rule50 >= 2 * ge.n_move_rule && !legal.is_empty() {
            let offset = if ge.chasing_rule == ChasingRule::Axf {
                self.axf_check_offset()
            } else {
                0
            };
            if rule50 >= 2 * ge.n_move_rule + offset {
                return Some((self.material_value(), EndReason::MoveRule));
            }
        }
        if ge.move_repetition_illegal && self.move_repetition() {
            // The side that just moved repeated itself and loses.
            return Some((GameValue::Win, EndReason::MoveRepetition));
        }
        if let Some(cycle) = self.repetition_cycle(usize::MAX) {
            // Judging a chase plays the cycle's moves again: on a copy.
            if let Some(verdict) = self.clone().repetition_verdict(cycle) {
                return Some(verdict);
            }
        }
        if ge.counting_rule != CountingRule::None
            && self.st.counting_limit != 0
            && self.st.counting_ply > self.st.counting_limit
        {
            return Some((GameValue::Draw, EndReason::Counting));
        }
        if v.promotion.sittuyin && self.sittuyin_lone_pawn(legal) {
            return Some((GameValue::Draw, EndReason::SittuyinPromotion));
        }
        None
    }

    /// Sittuyin's lone-pawn promotion draw for the side to move (see
    /// [`Position::result`]), with the cheap tests first so the search can ask at every node:
    /// legal moves are generated only for a king and one pawn not in check.
    pub fn lone_pawn_promotion_draw(&self) -> bool {
        let Some(pawn) = self.t.pawn else {
            return false;
        };
        if !self.t.variant.promotion.sittuyin
            || self.by_color[self.stm].count() != 2
            || self.count(pawn, self.stm) != 1
        {
            return false;
        }
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        !list.is_empty() && self.sittuyin_lone_pawn(&list)
    }

    /// Sittuyin: a side with only its king and one pawn whose every legal move is a
    /// promotion may not promote that way, so the game is drawn.
    fn sittuyin_lone_pawn(&self, legal: &MoveList) -> bool {
        let Some(pawn) = self.t.pawn else {
            return false;
        };
        self.by_color[self.stm].count() == 2
            && self.count(pawn, self.stm) == 1
            && self.checkers().is_empty()
            && legal.iter().all(|m| m.kind() == MoveKind::Promotion)
    }
}
