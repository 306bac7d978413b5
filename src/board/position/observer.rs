//! The make-move observer: [`Position::make_move_observed`] and
//! [`Position::unmake_move_observed`] report every change of what stands on the board and in
//! the hands, so state kept beside the position (incremental evaluation terms, NNUE
//! accumulators, test checkers) follows it without rescanning the board.
//!
//! The observer is a type parameter, so the choice is made at compile time: with the unit
//! observer `()` every call is an empty inline function and make/unmake compile to what they
//! were without the seam.
//!
//! What is reported: a piece appearing on a square, leaving a square, or moving between two
//! squares (as the same piece code), and a hand count changing. A promotion is a removal
//! followed by an addition on the same square; a capture is a removal. Walls (petrification)
//! are not pieces and are not reported. Unmake reports the changes that undo the move (each
//! one valid where it happens, not necessarily in the reverse order of make's), so an
//! observer can either follow both directions or keep a stack and ignore unmake.
//!
//! [`Position::make_move_observed`]: super::Position::make_move_observed
//! [`Position::unmake_move_observed`]: super::Position::unmake_move_observed

use super::Piece;
use crate::board::geometry::Square;
use crate::color::Color;

/// Receives the changes make and unmake apply to the board and the hands.
pub trait BoardObserver {
    /// `piece` now stands on `sq` (which was empty).
    #[inline(always)]
    fn piece_added(&mut self, _piece: Piece, _sq: Square) {}
    /// `piece` left `sq` (which is now empty).
    #[inline(always)]
    fn piece_removed(&mut self, _piece: Piece, _sq: Square) {}
    /// `piece` moved from `from` to `to` (which was empty).
    #[inline(always)]
    fn piece_moved(&mut self, _piece: Piece, _from: Square, _to: Square) {}
    /// `color`'s hand held `old` pieces of `type_id` and now holds `new` (one more or one
    /// fewer).
    #[inline(always)]
    fn hand_changed(&mut self, _type_id: u8, _color: Color, _old: u32, _new: u32) {}
}

/// The observer that observes nothing; plain `make_move` uses it.
impl BoardObserver for () {}
