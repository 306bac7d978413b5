//! Variant definitions: Fairy-Stockfish's `variants.ini` format in, [`Variant`] data out.
//!
//! This layer knows nothing of bitboards (design.md §2): regions are board-independent square
//! sets and piece sets are lists of type ids. The board layer derives its tables from it.

pub mod region;
pub mod types;

pub use region::Region;
pub use types::*;
