//! Game ends by rule inside the search: the n-move and counting rules, repetitions and how
//! each variant scores them.

use super::Worker;
use crate::board::bitboard::Bitboard;
use crate::board::MoveList;
use crate::search::support::{in_check, value_score};
use crate::search::MATE;
use crate::variant::GameValue;

/// The variant's optional game ends as the search needs them: the same rules as
/// [`Position::result`], read from the variant once so that a chess node pays one test per
/// rule. Repetitions are found and judged by the position itself
/// ([`crate::board::rules::repetition`]), over the states of the game and the search path.
#[derive(Debug, Clone, Copy)]
pub(super) struct DrawRules {
    /// `nMoveRule` in plies (0: none).
    pub(super) rule50_limit: u32,
    /// Drawn endings are scored by `materialCounting` (janggi).
    pub(super) material_counting: bool,
    /// The SE-Asian counting rule.
    pub(super) counting: bool,
    /// Janggi's `moveRepetitionIllegal`: moving a piece back and forth a third time loses.
    pub(super) move_repetition: bool,
    /// `nFoldRule` is set: repetitions end the game.
    pub(super) repetition: bool,
    /// Xiangqi's `chasingRule`, whose n-move rule does not count checks beyond ten.
    pub(super) chasing: bool,
    /// Sittuyin: a lone pawn whose only moves are promotions draws.
    pub(super) sittuyin: bool,
}

impl DrawRules {
    pub(super) fn new(v: &crate::variant::Variant) -> Self {
        let ge = &v.game_end;
        DrawRules {
            rule50_limit: ge.n_move_rule * 2,
            material_counting: ge.material_counting != crate::variant::MaterialCounting::None,
            counting: ge.counting_rule != crate::variant::CountingRule::None,
            move_repetition: ge.move_repetition_illegal,
            repetition: ge.n_fold_rule > 0,
            chasing: ge.chasing_rule == crate::variant::ChasingRule::Axf,
            sittuyin: v.promotion.sittuyin,
        }
    }
}

impl<B: Bitboard> Worker<'_, B> {
    /// The side to move is checkmated (only asked where a rule would otherwise end the game:
    /// a mate on the last move of the n-move rule or the count stands, as in `result()`).
    pub(super) fn mated(&self) -> bool {
        if !in_check(&self.pos) {
            return false;
        }
        let mut list = MoveList::new();
        self.pos.legal_moves(&mut list);
        list.is_empty()
    }

    /// A drawn ending's score: 0, or the `materialCounting` result (janggi).
    pub(super) fn drawn(&self, ply: usize) -> i32 {
        if self.rules.material_counting {
            value_score(self.pos.material_value(), ply, MATE)
        } else {
            0
        }
    }

    /// The n-move rule and the SE-Asian counting rule (used by quiescence too).
    pub(super) fn move_rules(&self, ply: usize) -> Option<i32> {
        let st = self.pos.state();
        let r = &self.rules;
        if r.rule50_limit > 0
            && st.rule50 >= r.rule50_limit
            && (!r.chasing || st.rule50 >= r.rule50_limit + self.pos.axf_check_offset())
            && !self.mated()
        {
            return Some(self.drawn(ply));
        }
        if r.counting
            && st.counting_limit != 0
            && st.counting_ply > st.counting_limit
            && !self.mated()
        {
            return Some(0);
        }
        None
    }

    /// The game ended by rule: the n-move rule, the counting rule, janggi's move repetition
    /// (a loss for the side that repeated), repetition, or sittuyin's lone-pawn promotion.
    /// A repetition counts once inside the search tree (the earlier position at or after the
    /// root: from there on either side could have deviated, so the cycle's value is the
    /// rule's), and otherwise only when the position has occurred `nFoldRule` times in the
    /// game. It is scored as `result()` scores it: `nFoldValue` (by colour with
    /// `nFoldValueAbsolute`), material counting for drawn endings, a loss for the side that
    /// checked in every position of the cycle with `perpetualCheckIllegal`, or for the side
    /// that chased on every move with `chasingRule`.
    pub(super) fn is_draw(&mut self, ply: usize) -> Option<i32> {
        if let Some(v) = self.move_rules(ply) {
            return Some(v);
        }
        if self.rules.move_repetition && self.pos.move_repetition() {
            return Some(value_score(GameValue::Win, ply, MATE));
        }
        if self.rules.repetition {
            if let Some(cycle) = self.pos.repetition_cycle(self.root_history) {
                if let Some((value, _)) = self.pos.repetition_verdict(cycle) {
                    return Some(value_score(value, ply, MATE));
                }
            }
        }
        if self.rules.sittuyin && self.pos.lone_pawn_promotion_draw() {
            return Some(0);
        }
        None
    }
}
