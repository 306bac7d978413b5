//! Repetitions, the one implementation that [`Position::result`] and the search both use:
//! n-fold repetition (`nFoldRule`) found over the position's own history of states, its
//! value with perpetual check (`perpetualCheckIllegal`), perpetual chase (`chasingRule`,
//! judged in [`super::chase`]) and `nFoldValue`; janggi's move repetition
//! (`moveRepetitionIllegal`); and the AXF n-move offset, which counts the checks of the
//! reversible stretch.
//!
//! Everything reads the per-ply states: each keeps its position's key and checkers, so no
//! position is made again to find out whether a side was in check. The search makes its
//! moves on the same position, so its path is part of the history these functions walk.

use super::{negate, EndReason};
use crate::board::bitboard::Bitboard;
use crate::board::moves::Move;
use crate::board::position::Position;
use crate::color::Color;
use crate::variant::GameValue;

impl<B: Bitboard> Position<B> {
    /// Whether the side to move was in check in the position `k` plies back (`k = 0`: this
    /// one). Positions before the known game (the FEN's) count as not in check, so no
    /// perpetual check is ever claimed from them.
    pub fn was_in_check(&self, k: usize) -> bool {
        let n = self.history.len();
        match k {
            0 => self.st.checkers.any(),
            _ if k <= n => self.history[n - k].checkers.any(),
            _ => false,
        }
    }

    /// Whether the side that made the last move was in check before it, as the checkmate
    /// rule sees check ([`Position::in_check_for_mate`]: Chu Shogi's last royal piece is a
    /// pseudo-royal one, which the stored checkers leave out). Those are read where they say
    /// it; otherwise the move is taken back to look, and played again.
    fn mover_was_in_check(&mut self) -> bool {
        if self.was_in_check(1) {
            return true;
        }
        let m = self.st.last_move;
        if !self.t.rules.end.pseudo_royal || m == Move::NONE || self.history.is_empty() {
            return false;
        }
        self.unmake_move(m);
        let checked = self.in_check_for_mate();
        self.make_move(m);
        checked
    }

    /// The length in plies of the n-fold repetition (`nFoldRule` occurrences of this
    /// position) that ends here, if there is one: the distance back to the earliest counted
    /// occurrence. Positions are looked for within the reversible stretch (over the whole
    /// history when captures go to hand: a capture does not make earlier positions
    /// unreachable). An occurrence at or after history index `counts_once_from` completes
    /// the repetition on its own: the search passes its root's index there, since from the
    /// root on either side could have deviated, so a cycle inside the tree already has the
    /// rule's value ([`Position::result`] passes `usize::MAX`).
    pub fn repetition_cycle(&self, counts_once_from: usize) -> Option<usize> {
        let n_fold = self.t.rules.end.n_fold as usize;
        let n = self.history.len();
        if n_fold == 0 {
            return None;
        }
        // With hands or prisons a capture or a drop is no one-way step: the piece can come
        // back, and so can the position before it.
        let end = if self.t.rules.moves.captures_to_hand || self.t.rules.moves.prisons {
            n
        } else {
            (self.st.rule50 as usize).min(n)
        };
        let key = self.st.key;
        let mut found = 0;
        // Two plies back only a pass answered by a pass (lions, passing variants) can repeat
        // the position; without passes the first candidate is four plies back. With turns of
        // several moves the same side may be to move after an odd number of plies (monster
        // chess: nine, White's two moves a turn and Black's one), so every ply is looked at.
        let step = if self.t.rules.turns.is_some() { 1 } else { 2 };
        let mut i = step;
        while i <= end {
            let j = n - i;
            if self.history[j].key == key {
                found += 1;
                if j >= counts_once_from || found + 1 >= n_fold {
                    return Some(i);
                }
            }
            i += step;
        }
        None
    }

    /// The value for the side to move of the repetition found `cycle` plies back (by
    /// [`Position::repetition_cycle`]): with `perpetualCheckIllegal`, a side that gave
    /// check in every one of its moves of the cycle loses (both: a draw); with
    /// `repetitionInCheckAllowed`, a repetition made by a move out of check is no end of the
    /// game (`None`); with `chasingRule`, a side that chased on every move loses; otherwise
    /// `nFoldValue` (by colour with `nFoldValueAbsolute`). A drawn repetition is scored by
    /// `materialCounting` where the variant has it. The chase is worked out by taking the
    /// cycle's moves back and playing them again; the position is left as it was.
    pub fn repetition_verdict(&mut self, cycle: usize) -> Option<(GameValue, EndReason)> {
        let t = std::sync::Arc::clone(&self.t);
        let ge = &t.rules.end;
        if ge.perpetual_check_illegal {
            // Even k: we were in check (they checked perpetually); odd k: they were.
            let them = (0..=cycle).step_by(2).all(|k| self.was_in_check(k));
            let us = (1..cycle).step_by(2).all(|k| self.was_in_check(k));
            let value = match (them, us) {
                (true, false) => Some(GameValue::Win),
                (false, true) => Some(GameValue::Loss),
                (true, true) => Some(GameValue::Draw),
                (false, false) => None,
            };
            if let Some(value) = value {
                return Some((value, EndReason::PerpetualCheck));
            }
        }
        // Chu Shogi: the side in check may repeat (its mating problems need it); the other
        // side is the one that must deviate.
        if ge.repetition_in_check_allowed && self.mover_was_in_check() {
            return None;
        }
        let value = if ge.n_fold_value_absolute && self.stm == Color::Black {
            negate(ge.n_fold_value)
        } else {
            ge.n_fold_value
        };
        if ge.axf_chasing {
            match self.chase_verdict(cycle) {
                Some(GameValue::Draw) => {
                    return Some((self.material_value(), EndReason::Repetition))
                }
                Some(v) => return Some((v, EndReason::Chase)),
                None => {}
            }
        }
        Some(match value {
            GameValue::Draw => (self.material_value(), EndReason::Repetition),
            v => (v, EndReason::Repetition),
        })
    }

    /// Janggi's `moveRepetitionIllegal`: the move just played is the third of the same
    /// piece's back-and-forth, that is, it equals the mover's own move two and four moves
    /// before (passes skipped; a pass itself repeats nothing). The rule as pyffish plays it,
    /// found by experiment: it looks at moves, not positions (the opponent may change the
    /// board meanwhile), a three-move cycle (a1a2 a2a3 a3a1) never triggers it, and it ends
    /// the game at the third time, before janggimodern's fourfold repetition.
    pub fn move_repetition(&self) -> bool {
        let n = self.history.len();
        // The k-th last move played (k = 0: the one that led here); history[n - k] is the
        // state k plies back, whose last move is that one.
        let played = |k: usize| {
            if k == 0 {
                Some(self.st.last_move)
            } else if k <= n {
                Some(self.history[n - k].last_move)
            } else {
                None
            }
        };
        let mut own = [Move::NONE; 5];
        let mut found = 0;
        let mut k = 0;
        while found < own.len() {
            match played(k) {
                Some(m) if m != Move::NONE => {
                    if !m.is_pass() {
                        own[found] = m;
                        found += 1;
                    } else if found == 0 {
                        return false;
                    }
                }
                _ => return false,
            }
            k += 2;
        }
        own[0] == own[2] && own[0] == own[4]
    }

    /// With `chasingRule = axf`, the n-move rule does not count the checks a side gives
    /// beyond ten (Fairy-Stockfish's reading of the AXF rule): the plies to add to the
    /// limit, twice the excess of the side that checked more often over the reversible
    /// stretch. Only once 20 moves of the game are known.
    pub fn axf_check_offset(&self) -> u32 {
        let n = self.history.len();
        if n < 20 {
            return 0;
        }
        let end = (self.st.rule50 as usize).min(n);
        // The side to move's opponent checked in the positions 0, 2, .. below `end`, the
        // side to move in 1, 3, .. up to `end`.
        let them = (0..end)
            .step_by(2)
            .filter(|&k| self.was_in_check(k))
            .count() as u32;
        let us = (1..=end)
            .step_by(2)
            .filter(|&k| self.was_in_check(k))
            .count() as u32;
        2 * them.max(us).saturating_sub(10)
    }
}

#[cfg(test)]
mod tests {
    use crate::board::bitboard::Bitboard;
    use crate::board::{Game, MoveList, Position};
    use crate::variant::builtin;

    fn start(variant: &str, fen: Option<&str>) -> Position<u128> {
        let v = builtin(variant).expect("built-in variant");
        match Game::new(v, fen, false).expect("start position") {
            Game::W128(p) => p,
            _ => unreachable!("{variant} is on a 128-bit board"),
        }
    }

    fn play(p: &mut Position<u128>, moves: &[&str]) {
        for text in moves {
            let m = p.parse_uci_move(text).expect("legal move");
            p.make_move(m);
        }
    }

    /// The check flags read from the per-ply states are the ones of the positions the game
    /// went through (taken back one by one), over random xiangqi games with checks in them.
    #[test]
    fn check_flags_of_the_states_are_those_of_the_positions_played() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut checks_seen = 0;
        for _game in 0..20 {
            let mut p = start("xiangqi", None);
            for _ply in 0..80 {
                let mut list = MoveList::new();
                p.legal_moves(&mut list);
                if list.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                p.make_move(list.as_slice()[(seed % list.len() as u64) as usize]);
            }
            let flags: Vec<bool> = (0..=p.history_len() + 2)
                .map(|k| p.was_in_check(k))
                .collect();
            let mut q = p.clone();
            for (k, &flag) in flags.iter().enumerate() {
                assert_eq!(flag, q.checkers().any(), "{k} plies back from {}", p.fen());
                checks_seen += usize::from(flag);
                if q.history_len() == 0 {
                    assert!(flags[k + 1..].iter().all(|&f| !f), "before the game");
                    break;
                }
                let m = q.state().last_move;
                q.unmake_move(m);
            }
        }
        assert!(checks_seen > 5, "only {checks_seen} checks in the games");
    }

    /// A repetition needs `nFoldRule` occurrences in the game, but one inside the search
    /// tree (at or after the index the search gives) completes it; an irreversible move
    /// ends the stretch looked in.
    #[test]
    fn repetition_cycle_counts_the_game_and_the_tree() {
        let mut p = start("capablanca", None);
        let shuffle = ["h1g3", "h8g6", "g3h1", "g6h8"];
        play(&mut p, &shuffle);
        assert_eq!(
            p.repetition_cycle(usize::MAX),
            None,
            "twice is not threefold"
        );
        assert_eq!(
            p.repetition_cycle(0),
            Some(4),
            "in the tree, once is enough"
        );
        assert_eq!(
            p.repetition_cycle(1),
            None,
            "the first occurrence is before index 1"
        );
        play(&mut p, &shuffle);
        assert_eq!(
            p.repetition_cycle(usize::MAX),
            Some(8),
            "the third occurrence"
        );
        // A pawn move between the shuffles: the earlier positions are out of reach.
        let mut p = start("capablanca", None);
        play(&mut p, &shuffle);
        play(&mut p, &["e2e3", "e7e6"]);
        play(&mut p, &shuffle);
        assert_eq!(p.repetition_cycle(0), Some(4));
        play(&mut p, &shuffle);
        assert_eq!(p.repetition_cycle(usize::MAX), Some(8));
    }
}
