//! Attack tables, built per variant at load time and generic over the bitboard width.
//!
//! Every query takes the occupancy (all pieces of both sides, plus holes if the board has
//! them) and returns the squares the piece reaches; the caller removes its own pieces and
//! splits quiet moves from captures. Colour is the caller's business: tables are built from
//! steps as seen by White (`dy > 0` is forward), and Black's tables are built from the same
//! steps with `dy` negated.
//!
//! | piece shape | table | method |
//! |---|---|---|
//! | leaper (any step list) | [`LeaperTable`] | one set per square |
//! | slider, limited slider, cannon, grasshopper on king lines | [`LineAttacks`] | magic or PEXT up to 128 squares, ray scan above (see [`LineMethod`]) |
//! | lame leaper (xiangqi horse, elephant) | [`LameLeaperTable`] | loop over (target, blockers) pairs |
//! | oblique rider (nightrider) | [`ObliqueRiderTable`] | loop over precomputed rays |
//! | line between / through two squares | [`LineTable`] | one set per square pair |
//!
//! [`reference`] has slow, obviously correct walkers that the tests compare every table with.

mod direction;
mod indexed;
mod lame;
mod leaper;
mod line;
mod lines;
mod magic;
mod magic_8x8;
mod oblique;
mod rays;
pub mod reference;

pub use direction::{Direction, Directions};
pub use lame::{LameLeaperTable, LameStep};
pub use leaper::LeaperTable;
pub use line::{LineAttacks, LineKind, LineMethod, LineSpec};
pub use lines::LineTable;
pub use oblique::ObliqueRiderTable;

use thiserror::Error;

/// Errors from building attack tables from a piece description.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AttackError {
    /// A line piece with no direction.
    #[error("a line piece needs at least one direction")]
    NoDirection,
    /// A range of zero squares.
    #[error("a range limit must be at least 1")]
    ZeroRange,
    /// A step of (0, 0), or one longer than the largest board.
    #[error("step ({dx}, {dy}) is not a move (each part must be -15..=15, not both 0)")]
    BadStep {
        /// Files moved.
        dx: i32,
        /// Ranks moved.
        dy: i32,
    },
    /// The chosen method does not fit this board or bitboard width.
    #[error("{method:?} tables are not available for a {bits}-bit board of {squares} squares")]
    MethodUnavailable {
        /// The method asked for.
        method: LineMethod,
        /// Bitboard width.
        bits: u32,
        /// Squares on the board.
        squares: usize,
    },
    /// The bitboard type is too narrow for the board.
    #[error("a {bits}-bit bitboard cannot hold a board of {squares} squares")]
    BoardTooLarge {
        /// Bitboard width.
        bits: u32,
        /// Squares on the board.
        squares: usize,
    },
}

/// Checks that `step` is a real move that fits on some board.
pub(crate) fn check_step(dx: i32, dy: i32) -> Result<(), AttackError> {
    if (dx, dy) == (0, 0) || dx.abs() > 15 || dy.abs() > 15 {
        Err(AttackError::BadStep { dx, dy })
    } else {
        Ok(())
    }
}

/// Checks that bitboards of type `B` can hold the board.
pub(crate) fn check_width<B: crate::board::bitboard::Bitboard>(
    geo: &crate::board::geometry::Geometry,
) -> Result<(), AttackError> {
    if geo.num_squares() > B::BITS as usize {
        Err(AttackError::BoardTooLarge {
            bits: B::BITS,
            squares: geo.num_squares(),
        })
    } else {
        Ok(())
    }
}
