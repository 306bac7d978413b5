//! Game ends by rule inside the search: the n-move and counting rules, repetitions and how
//! each variant scores them.

use super::Worker;
use crate::board::bitboard::Bitboard;
use crate::board::MoveList;
use crate::search::support::{in_check, negate, value_score};
use crate::search::MATE;
use crate::variant::GameValue;

/// The variant's optional game ends as the search needs them: the same rules as
/// [`Position::result`], read from the variant once so that a chess node pays one test per
/// rule.
#[derive(Debug, Clone, Copy)]
pub(super) struct DrawRules {
    /// `nMoveRule` in plies (0: none).
    pub(super) rule50_limit: u32,
    /// `nFoldValue` for the side to move, by colour (`nFoldValueAbsolute` gives it from
    /// White's view).
    pub(super) nfold: [GameValue; 2],
    /// Drawn endings are scored by `materialCounting` (janggi).
    pub(super) material_counting: bool,
    /// A repetition in which one side checked all the time loses for it.
    pub(super) perpetual: bool,
    /// The SE-Asian counting rule.
    pub(super) counting: bool,
    /// Janggi's `moveRepetitionIllegal`: moving a piece back and forth a third time loses.
    pub(super) move_repetition: bool,
    /// Repetitions are looked for over the whole game (captures go to hand, so a capture
    /// does not make the earlier positions unreachable).
    pub(super) whole_history: bool,
    /// `nFoldRule`: how many times a position must occur in the game (0: no repetition
    /// rule).
    pub(super) n_fold: usize,
    /// Xiangqi's `chasingRule`: a repetition in which one side chased all the time loses for
    /// it.
    pub(super) chasing: bool,
    /// Sittuyin: a lone pawn whose only moves are promotions draws.
    pub(super) sittuyin: bool,
}

impl DrawRules {
    pub(super) fn new(v: &crate::variant::Variant) -> Self {
        let ge = &v.game_end;
        let nfold = if ge.n_fold_value_absolute {
            [ge.n_fold_value, negate(ge.n_fold_value)]
        } else {
            [ge.n_fold_value; 2]
        };
        DrawRules {
            rule50_limit: ge.n_move_rule * 2,
            nfold,
            material_counting: ge.material_counting != crate::variant::MaterialCounting::None,
            perpetual: ge.perpetual_check_illegal,
            counting: ge.counting_rule != crate::variant::CountingRule::None,
            move_repetition: ge.move_repetition_illegal,
            whole_history: v.drops.captures_to_hand,
            n_fold: ge.n_fold_rule as usize,
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

    /// With `chasingRule = axf`: the plies the n-move rule adds for checks beyond ten, as
    /// [`Position::axf_check_offset`] counts them, from the check flags of the game and the
    /// search path (only asked once the n-move limit is reached).
    pub(super) fn axf_offset(&self) -> u32 {
        let n = self.keys.len();
        if !self.rules.perpetual {
            return self.pos.axf_check_offset();
        }
        if n < 21 {
            return 0;
        }
        let end = (self.pos.state().rule50 as usize).min(n - 1);
        let now = in_check(&self.pos);
        crate::board::rules::end::axf_offset(
            |k| if k == 0 { now } else { self.checks[n - 1 - k] },
            end,
        )
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
            && (!r.chasing || st.rule50 >= r.rule50_limit + self.axf_offset())
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
        if self.rules.n_fold > 0 {
            let rule50 = self.pos.state().rule50 as usize;
            let n = self.keys.len();
            let key = self.pos.key();
            let back = if self.rules.whole_history {
                n - 1
            } else {
                rule50.min(n - 1)
            };
            // Earlier occurrences found so far (all before the root).
            let mut reps = 0;
            let mut i = 4;
            while i <= back {
                let j = n - 1 - i;
                if self.keys[j] == key {
                    if j + 1 >= self.root_keys || reps + 2 >= self.rules.n_fold {
                        return Some(self.repetition_score(i, ply));
                    }
                    reps += 1;
                }
                i += 2;
            }
        }
        if self.rules.sittuyin && self.pos.lone_pawn_promotion_draw() {
            return Some(0);
        }
        None
    }

    /// The score of a repetition whose earliest counted occurrence is `cycle` plies back.
    pub(super) fn repetition_score(&mut self, cycle: usize, ply: usize) -> i32 {
        if self.rules.perpetual {
            let n = self.checks.len();
            // checks[n - 1 - k]: the side to move k plies back was in check. Even k: we
            // were checked (they checked perpetually); odd k: they were.
            // The current node's own flag is not filled in yet (step 4 comes later).
            let now = in_check(&self.pos);
            let checked = |k: usize| if k == 0 { now } else { self.checks[n - 1 - k] };
            let them = (0..=cycle).step_by(2).all(checked);
            let us = (1..cycle).step_by(2).all(checked);
            match (them, us) {
                (true, false) => return value_score(GameValue::Win, ply, MATE),
                (false, true) => return value_score(GameValue::Loss, ply, MATE),
                (true, true) => return 0,
                (false, false) => {}
            }
        }
        if self.rules.chasing {
            // Worked out only here, with a repetition found: cheap enough at these few nodes.
            match self.pos.chase_verdict(cycle) {
                Some(GameValue::Draw) => return self.drawn(ply),
                Some(v) => return value_score(v, ply, MATE),
                None => {}
            }
        }
        match self.rules.nfold[self.pos.side_to_move()] {
            GameValue::Draw => self.drawn(ply),
            v => value_score(v, ply, MATE),
        }
    }
}
