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
use crate::variant::{GameValue, MaterialCounting};

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
        let rules = &self.t.rules;
        let end = &rules.end;
        if let Some(value) = end.extinction_value {
            if let Some(r) = self.extinction_end(value) {
                return Some(r);
            }
        }
        if let Some(rule) = &self.t.bare_king {
            if let Some(r) = self.bare_king_end(rule) {
                return Some(r);
            }
        }
        if self.t.flag_region.iter().any(|r| r.any()) {
            if let Some(r) = self.flag_end() {
                return Some(r);
            }
        }
        if end.castling_wins != 0 {
            if let Some(r) = self.castling_end() {
                return Some(r);
            }
        }
        if rules.checks.check_counting && self.st.checks_remaining[!self.stm] == 0 {
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
        if end.full_board && (self.t.board & !self.occ).is_empty() {
            return Some((self.material_value(), EndReason::FullBoard));
        }
        None
    }

    fn extinction_end(&self, value: GameValue) -> Option<(GameValue, EndReason)> {
        let end = &self.t.rules.end;
        let reason =
            if self.t.extinction_all && end.extinction_piece_count == 1 && self.t.king.is_some() {
                EndReason::BareKing
            } else {
                EndReason::Extinction
            };
        for c in [!self.stm, self.stm] {
            let claim = u32::from(end.extinction_claim && c == self.stm);
            let out = |mine: u32, theirs: u32| {
                mine <= end.extinction_piece_count
                    && theirs >= end.extinction_opponent_count + claim
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
        let end = &self.t.rules.end;
        let region = self.t.flag_region[c];
        if region.is_empty() {
            return false;
        }
        let mine = match end.flag_piece[c] {
            Some(t) => self.pieces_of(t, c),
            None => self.by_color[c],
        };
        let on = region & mine;
        let reached = on.any()
            && (on.count() >= end.flag_piece_count
                || (end.flag_blocked_win && (region & !self.occ).is_empty()));
        if reached
            && end.flag_safe
            && (!end.flag_move || c != self.stm)
            && on.count() == end.flag_piece_count
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
        let end = &self.t.rules.end;
        let (flag_move, flag_safe) = (end.flag_move, end.flag_safe);
        let stm = self.stm;
        let king_flag = |c: Color| self.t.king.is_some() && end.flag_piece[c] == self.t.king;
        // A flag win by the side to move: it reached the region on its last move and the
        // opponent's extra move (flagMove) did not change that.
        if (flag_move || flag_safe) && self.flag_reached(stm) {
            let draw = ((flag_move && stm == Color::White && king_flag(Color::Black))
                || (flag_safe && !flag_move))
                && self.flag_reached(!stm);
            let value = if draw {
                GameValue::Draw
            } else {
                GameValue::Win
            };
            return Some((value, EndReason::Flag));
        }
        if (!flag_move || flag_safe || king_flag(stm)) && self.flag_reached(!stm) {
            // Racing kings: Black still draws if its king can step into the region now.
            if flag_move && king_flag(stm) && stm == Color::Black && self.black_king_can_follow() {
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
        let w = self.t.rules.end.castling_wins;
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
        let end = &self.t.rules.end;
        let white = match end.material_counting {
            MaterialCounting::None => return GameValue::Draw,
            MaterialCounting::Janggi => {
                // Points per type; Black's 1.5-point komi is the -1 below with integer
                // points (White needs a strict majority of at least two half-points).
                let mut score = -1i32;
                for &(t, points) in &end.janggi_points {
                    score += points
                        * (self.count(t, Color::White) as i32 - self.count(t, Color::Black) as i32);
                }
                if score > 0 {
                    GameValue::Win
                } else {
                    GameValue::Loss
                }
            }
            MaterialCounting::Unweighted => {
                let (w, b) = Color::BOTH.map(|c| self.by_color[c].count()).into();
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
        let rules = &self.t.rules;
        if !rules.end.pseudo_royal {
            return false;
        }
        let us = self.stm;
        let theirs = self.st.pseudo_royals & self.by_color[!us];
        let blast = rules.captures.blast;
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
        if rules.checks.duple_check {
            let cands = self.pseudo_royal_candidates() & self.by_color[us];
            return cands.any() && cands.iter().all(attacked);
        }
        false
    }

    /// The value of a position without legal moves, for the side to move.
    fn no_move_value(&self, in_check: bool) -> (GameValue, EndReason) {
        let ge = &self.t.rules.end;
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
        let rules = &self.t.rules;
        let end = &rules.end;
        if self.checked_by_pawn_drop() {
            // Mate by a pawn drop (shogiPawnDropMateIllegal) loses for the dropping side.
            return GameValue::Win;
        }
        if !rules.checks.shatar_mate_rule {
            return end.checkmate_value;
        }
        let checkers = self.checkers();
        let by_knight = end
            .shatar_knight
            .map_or(B::EMPTY, |k| self.by_type[k as usize]);
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
            let shak = end
                .shak_types
                .iter()
                .any(|t| (checkers & q.by_type[t as usize]).any());
            if shak {
                return end.checkmate_value;
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
        self.optional_game_end().map(outcome)
    }

    /// The optional game end Fairy-Stockfish's `is_optional_game_end` reports (n-move rule,
    /// repetitions, counting, sittuyin's lone pawn), for the side to move; `None` where the
    /// game goes on by those rules (immediate ends and mates are not looked at). Repetitions
    /// count over the whole history: [`Position::rule_end`] from its start.
    pub fn optional_game_end(&self) -> Option<(GameValue, EndReason)> {
        let end = &self.t.rules.end;
        let repetitions = end.n_fold > 0 || end.move_repetition_illegal;
        let by_rule = if repetitions {
            // Judging a chase plays the cycle's moves again: on a copy.
            self.clone().rule_end(usize::MAX)
        } else {
            self.rule_end_without_repetition()
        };
        by_rule.or_else(|| self.lone_pawn_without_moves())
    }

    /// The game ends by rule besides checkmate, stalemate and the immediate ends
    /// (Fairy-Stockfish's `is_optional_game_end`), in its order: the n-move rule (unless the
    /// side to move is mated), janggi's move repetition,
    /// n-fold repetition (with perpetual check and chase), the counting rule and sittuyin's
    /// lone-pawn promotion. The one implementation [`Position::result`] and the search use.
    /// A repetition completes at its first occurrence at or after history index
    /// `counts_once_from` (see [`Position::repetition_cycle`]: the search passes its root).
    /// A chase is judged by playing the cycle again; the position is left as it was.
    pub fn rule_end(&mut self, counts_once_from: usize) -> Option<(GameValue, EndReason)> {
        if let Some(r) = self.n_move_end() {
            return Some(r);
        }
        let end = &self.t.rules.end;
        if end.move_repetition_illegal && self.move_repetition() {
            // The side that just moved repeated itself and loses.
            return Some((GameValue::Win, EndReason::MoveRepetition));
        }
        if end.n_fold > 0 {
            if let Some(cycle) = self.repetition_cycle(counts_once_from) {
                if let Some(verdict) = self.repetition_verdict(cycle) {
                    return Some(verdict);
                }
            }
        }
        self.counting_end().or_else(|| self.lone_pawn_end())
    }

    /// [`Position::rule_end`] without the repetitions: what quiescence asks (it plays no
    /// move that repeats a position), and all there is in a variant without repetition
    /// rules.
    pub fn rule_end_without_repetition(&self) -> Option<(GameValue, EndReason)> {
        self.n_move_end()
            .or_else(|| self.counting_end())
            .or_else(|| self.lone_pawn_end())
    }

    /// The n-move rule (`nMoveRule`; with `chasingRule = axf`, checks beyond ten do not
    /// count), unless the move that reached the limit mated: a drawn ending by
    /// `materialCounting`.
    fn n_move_end(&self) -> Option<(GameValue, EndReason)> {
        let end = &self.t.rules.end;
        let rule50 = self.st.rule50;
        if end.n_move_plies == 0 || rule50 < end.n_move_plies {
            return None;
        }
        if end.axf_chasing && rule50 < end.n_move_plies + self.axf_check_offset() {
            return None;
        }
        if self.mated() {
            return None;
        }
        Some((self.material_value(), EndReason::MoveRule))
    }

    /// The SE-Asian counting rule: the count ran out, unless the last move mated.
    fn counting_end(&self) -> Option<(GameValue, EndReason)> {
        let st = &self.st;
        let ran_out = self.t.rules.moves.counting
            && st.counting_limit != 0
            && st.counting_ply > st.counting_limit;
        (ran_out && !self.mated()).then_some((GameValue::Draw, EndReason::Counting))
    }

    /// Sittuyin's lone-pawn promotion draw.
    fn lone_pawn_end(&self) -> Option<(GameValue, EndReason)> {
        self.lone_pawn_promotion_draw()
            .then_some((GameValue::Draw, EndReason::SittuyinPromotion))
    }

    /// Sittuyin's lone-pawn rule for a king and pawn without any legal move and not in
    /// check: "every legal move is a promotion" holds there too, as Fairy-Stockfish's
    /// `is_optional_game_end` reads it. Only [`Position::optional_game_end`] asks: the search
    /// and [`Position::result`] score such a position as the stalemate it is.
    fn lone_pawn_without_moves(&self) -> Option<(GameValue, EndReason)> {
        let pawn = self.t.pawn?;
        if !self.t.rules.moves.sittuyin_promotion
            || self.by_color[self.stm].count() != 2
            || self.count(pawn, self.stm) != 1
            || self.checkers().any()
        {
            return None;
        }
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        list.is_empty()
            .then_some((GameValue::Draw, EndReason::SittuyinPromotion))
    }

    /// The side to move is in check without a legal move (only asked where a rule would
    /// otherwise end the game: a mate on the move that reaches a limit stands).
    fn mated(&self) -> bool {
        if self.checkers().is_empty() {
            return false;
        }
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        list.is_empty()
    }

    /// Sittuyin's lone-pawn promotion draw for the side to move (see
    /// [`Position::result`]), with the cheap tests first so the search can ask at every node:
    /// legal moves are generated only for a king and one pawn not in check.
    pub fn lone_pawn_promotion_draw(&self) -> bool {
        let Some(pawn) = self.t.pawn else {
            return false;
        };
        if !self.t.rules.moves.sittuyin_promotion
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
