//! Which pieces a move may capture: enemy pieces but the iron ones (`ironPieceTypes`), and
//! for the types of `selfCaptureTypes` also their own side's pieces but the king and the iron
//! ones. Move generation keeps only the enemy set in its loop and asks for the rest where a
//! rule needs it, so that variants without these rules pay an empty-set test.

use crate::board::bitboard::Bitboard;
use crate::board::position::{Position, TypeSet};

impl<B: Bitboard> Position<B> {
    /// The pieces of the types in `types`, both colours.
    #[inline(never)]
    pub(crate) fn pieces_in(&self, types: TypeSet) -> B {
        let mut bits = types.0;
        let mut b = B::EMPTY;
        while bits != 0 {
            b |= self.by_type[bits.trailing_zeros() as usize];
            bits &= bits - 1;
        }
        b
    }

    /// The pieces nothing may capture (`ironPieceTypes`).
    #[inline(always)]
    pub(crate) fn iron_pieces(&self) -> B {
        // Tested first: move generation asks on every call, and most variants have none.
        let iron = self.t.rules.captures.iron;
        if iron.is_empty() {
            B::EMPTY
        } else {
            self.pieces_in(iron)
        }
    }

    /// The enemy pieces the side to move may capture.
    #[inline(always)]
    pub(crate) fn capturable_enemies(&self) -> B {
        self.by_color[!self.stm] & !self.iron_pieces()
    }

    /// What the side to move's pieces of a type may capture, given the capturable
    /// `enemies` and whether the type is one of `selfCaptureTypes` (`self_captures`): then
    /// its own pieces too (not its king, not iron ones).
    #[inline(always)]
    pub(crate) fn capture_victims(&self, self_captures: bool, enemies: B) -> B {
        if !self_captures {
            return enemies;
        }
        self.own_victims(enemies)
    }

    #[inline(never)]
    fn own_victims(&self, enemies: B) -> B {
        let king = self.t.king.map_or(B::EMPTY, |k| self.by_type[k as usize]);
        enemies | (self.by_color[self.stm] & !king & !self.iron_pieces())
    }

    /// Whether en passant may take the piece on `sq` (it is not iron).
    #[inline]
    pub(crate) fn ep_may_take(&self, sq: crate::board::geometry::Square) -> bool {
        let iron = self.t.rules.captures.iron;
        iron.is_empty() || !self.iron_pieces().contains(sq)
    }
}
