//! The board layer: bitboards, geometry, attack tables, positions, FEN, moves, move generation
//! and perft.

pub mod attacks;
pub mod bitboard;
pub mod dialect;
pub mod fen;
pub mod geometry;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod position;
pub mod rules;
pub mod san;
pub mod setup;
pub mod unenforced;

pub use bitboard::{Bb256, Bitboard};
pub use dialect::MoveDialect;
pub use fen::FenError;
pub use geometry::{Geometry, GeometryError, Square, Width};
pub use movegen::LegalTest;
pub use moves::{Move, MoveKind, MoveList};
pub use position::{AnyPosition, Position, TableError, Tables};
pub use setup::{AnyTables, Game, SetupError};

use thiserror::Error;

/// A move that cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    /// Not among the legal moves.
    #[error("Illegal move: {0}")]
    Illegal(String),
}
