//! The board layer: bitboards, geometry and attack tables (position and move generation
//! build on these).

pub mod attacks;
pub mod bitboard;
pub mod geometry;
pub mod pieces;

pub use bitboard::{Bb256, Bitboard};
pub use geometry::{Geometry, GeometryError, Square, Width};
