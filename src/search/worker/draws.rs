//! Game ends by rule inside the search: the board's own rules ([`Position::rule_end`]),
//! scored from the side to move's view at the node's ply.
//!
//! [`Position::rule_end`]: crate::board::Position::rule_end

use super::Worker;
use crate::board::bitboard::Bitboard;
use crate::search::support::value_score;
use crate::search::MATE;

impl<B: Bitboard> Worker<'_, B> {
    /// The game ended by a rule other than repetition (quiescence plays no move that
    /// repeats a position): the n-move rule, the counting rule, sittuyin's lone pawn.
    pub(super) fn ended_without_repetition(&self, ply: usize) -> Option<i32> {
        self.pos
            .rule_end_without_repetition()
            .map(|(value, _)| value_score(value, ply, MATE))
    }

    /// The game ended by rule: the n-move rule, janggi's move repetition, repetition (with
    /// perpetual check and chase), the counting rule or sittuyin's lone-pawn promotion. A
    /// repetition counts once inside the search tree (the earlier position at or after the
    /// root: from there on either side could have deviated, so the cycle's value is the
    /// rule's), and otherwise only when the position has occurred `nFoldRule` times in the
    /// game.
    pub(super) fn is_draw(&mut self, ply: usize) -> Option<i32> {
        let root = self.root_history;
        self.pos
            .rule_end(root)
            .map(|(value, _)| value_score(value, ply, MATE))
    }
}
