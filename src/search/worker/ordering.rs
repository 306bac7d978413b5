//! Move ordering: generating a ply's moves, scoring them (hash move, captures by exchange
//! and capture history, killers, counter move, quiet histories), picking the best next, and
//! learning from cutoffs.

use super::Worker;
use crate::board::bitboard::Bitboard;
use crate::board::{Move, MoveKind};
use crate::search::history::{self, CONT_PLIES, NO_PIECE_TO};
use crate::search::support::{captured_type, is_tactical, moving_type, see_ge, NULL_MOVE};

impl<B: Bitboard> Worker<'_, B> {
    /// The piece-to keys of the moves [`CONT_PLIES`] before the move to be made at `ply`.
    #[inline]
    pub(super) fn cont_keys(&self, ply: usize) -> [u32; 3] {
        CONT_PLIES.map(|back| {
            if ply >= back {
                self.stack[ply - back].piece_to
            } else {
                NO_PIECE_TO
            }
        })
    }

    /// The piece-to key of `m` in the current position.
    #[inline]
    pub(super) fn piece_to(&self, m: Move) -> u32 {
        self.hist.piece_to(
            self.pos.side_to_move(),
            moving_type(&self.pos, m),
            m.to().index(),
        )
    }

    /// Generates the moves of `ply` into `moves[ply]`. All moves: pseudo-legal moves that
    /// [`Worker::pick`] tests one by one as they come up, so that a cutoff spares the tests
    /// of the rest. With `tactical_only`, the legal captures and promotions (few,
    /// and quiescence needs to know whether any is legal). Returns whether there is any legal
    /// move at all (the first legal move found is enough to say so).
    pub(super) fn generate(&mut self, ply: usize, tactical_only: bool) -> bool {
        // Borrowed in place, not taken out: a move list keeps its first moves inline, and
        // moving it out and back would copy that part twice at every node.
        let frame = &mut self.stack[ply];
        let list = &mut frame.list;
        let mut test = self.pos.search_moves(list);
        let pos = &self.pos;
        let legal = |m: Move| test.as_ref().map_or(true, |t| pos.is_legal_by(m, t));
        let any = list.iter().any(|&m| legal(m));
        let moves = &mut frame.moves;
        moves.clear();
        if tactical_only {
            // Where every move also places a wall anywhere (duck chess), the captures come
            // once per empty square, and quiescence, whose job is the exchange, would branch
            // on where the duck goes at every capture: it keeps the first legal placement.
            let mut kept = Move::NONE;
            moves.extend(list.iter().copied().filter(|&m| {
                let keep = !m.differs_only_in_wall(kept) && is_tactical(pos, m) && legal(m);
                if keep {
                    kept = m;
                }
                keep
            }));
            test = None;
        } else {
            moves.extend_from_slice(list.as_slice());
        }
        frame.legal_test = test;
        any
    }

    /// Whether `m`, a move of `moves[ply]`, is legal (see [`Worker::generate`]).
    #[inline]
    fn legal_at(&self, ply: usize, m: Move) -> bool {
        match &self.stack[ply].legal_test {
            Some(test) => self.pos.is_legal_by(m, test),
            None => true,
        }
    }

    /// Scores the moves of `moves[ply]` for ordering.
    pub(super) fn score_moves(&mut self, ply: usize, tt_move: Move) {
        let us = self.pos.side_to_move();
        let ev = &*self.sh.ev;
        let killers = self.stack[ply].killers;
        let counter = if ply > 0 {
            let prev = self.stack[ply - 1].played;
            if prev == NULL_MOVE || prev == Move::NONE {
                Move::NONE
            } else {
                self.counters[us.index() * 256 + prev.to().index()]
            }
        } else {
            Move::NONE
        };
        let before = self.cont_keys(ply);
        let list = std::mem::take(&mut self.stack[ply].moves);
        let mut scores = std::mem::take(&mut self.stack[ply].scores);
        scores.clear();
        for &m in list.iter() {
            let s = if m == tt_move {
                1 << 30
            } else if let Some(victim) = captured_type(&self.pos, m) {
                let attacker = moving_type(&self.pos, m);
                let mvv = ev.see[victim as usize].min(5000) * 8
                    - ev.see[attacker as usize].min(5000) / 8
                    + self.hist.capture(self.piece_to(m), victim) / 4;
                if see_ge(&self.pos, m, 0, &ev.see) {
                    (1 << 24) + mvv
                } else {
                    -(1 << 24) + mvv
                }
            } else if matches!(m.kind(), MoveKind::Promotion) {
                (1 << 24) + ev.see[m.piece() as usize]
            } else if m == killers[0] {
                (1 << 22) + 2
            } else if m == killers[1] {
                (1 << 22) + 1
            } else if m == counter {
                1 << 22
            } else {
                self.hist.quiet(self.piece_to(m), &before)
            };
            scores.push(s);
        }
        self.stack[ply].moves = list;
        self.stack[ply].scores = scores;
    }

    /// The best-scored legal move not yet tried at `ply` (a selection sort step), or `None`
    /// when every move has been tried.
    ///
    /// The moves are pseudo-legal (see [`Worker::generate`]) and tested here, when they come
    /// up: the best one, and the one whose place it takes, since the swap moves that one
    /// back. An illegal move is taken out with the order of the others kept, so the legal
    /// moves come out in exactly the order a list of legal moves only would give them.
    #[inline]
    pub(super) fn pick(&mut self, ply: usize, i: usize) -> Option<Move> {
        loop {
            let scores = &self.stack[ply].scores;
            if i >= scores.len() {
                return None;
            }
            // The first of the highest scores, found in two passes that the compiler turns
            // into vector code (a single pass keeping the index does not vectorise).
            let rest = &scores[i..];
            let top = rest.iter().copied().max().unwrap_or(i32::MIN);
            let best = i + rest.iter().position(|&s| s == top).unwrap_or(0);
            let moves = &self.stack[ply].moves;
            let illegal = if !self.legal_at(ply, moves[best]) {
                Some(best)
            } else if best != i && !self.legal_at(ply, moves[i]) {
                Some(i)
            } else {
                None
            };
            match illegal {
                Some(k) => {
                    self.stack[ply].moves.remove(k);
                    self.stack[ply].scores.remove(k);
                }
                None => {
                    self.stack[ply].scores.swap(i, best);
                    let moves = &mut self.stack[ply].moves;
                    moves.swap(i, best);
                    return Some(moves[i]);
                }
            }
        }
    }

    /// After a cutoff by `best`: killers, counter move and the histories. The quiet moves
    /// and captures tried before it (`quiets`, `captures`) are punished; `best` is rewarded in
    /// its own table.
    pub(super) fn update_stats(
        &mut self,
        ply: usize,
        best: Move,
        depth: i32,
        quiets: &[Move],
        captures: &[Move],
    ) {
        let us = self.pos.side_to_move();
        let bonus = history::bonus(depth);
        if let Some(victim) = captured_type(&self.pos, best) {
            self.hist.update_capture(self.piece_to(best), victim, bonus);
        } else if !is_tactical(&self.pos, best) {
            if self.stack[ply].killers[0] != best {
                self.stack[ply].killers[1] = self.stack[ply].killers[0];
                self.stack[ply].killers[0] = best;
            }
            if ply > 0 {
                let prev = self.stack[ply - 1].played;
                if prev != NULL_MOVE && prev != Move::NONE {
                    self.counters[us.index() * 256 + prev.to().index()] = best;
                }
            }
            let before = self.cont_keys(ply);
            self.hist.update_quiet(self.piece_to(best), &before, bonus);
            for &m in quiets {
                self.hist.update_quiet(self.piece_to(m), &before, -bonus);
            }
        }
        for &m in captures {
            if let Some(victim) = captured_type(&self.pos, m) {
                self.hist.update_capture(self.piece_to(m), victim, -bonus);
            }
        }
    }
}
