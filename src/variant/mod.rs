//! Variant definitions: Fairy-Stockfish's `variants.ini` format in, [`Variant`] data out.
//!
//! This layer knows nothing of bitboards (design.md §2): regions are board-independent square
//! sets and piece sets are lists of type ids. The board layer derives its tables from it.
//!
//! Reading goes: [`ini`] splits a file into sections, [`spec::VariantSpec`] applies each
//! section's keys on top of its parent (pieces in fixed slots, as Fairy-Stockfish's type ids),
//! and `conclude` numbers the pieces densely and checks the start FEN.

pub mod betza_check;
mod conclude;
pub mod error;
mod fen;
pub mod ini;
pub mod pieces;
pub mod region;
mod registry;
pub mod spec;
pub mod types;
pub mod values;

pub use error::{LoadError, VariantError, VariantErrors};
pub use region::Region;
pub use registry::{
    builtin, builtin_names, builtins, load_builtins, FileReport, PlayableCheck, SkippedSection,
    VariantSet, BUILTIN_FILES,
};
pub use types::*;
