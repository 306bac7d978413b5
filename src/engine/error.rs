//! The errors of engine calls.

use super::options::OptionError;
use thiserror::Error;

/// What went wrong in an engine call. The engine state is unchanged after an error.
#[derive(Debug, Error)]
pub enum EngineError {
    /// No variant of that name.
    #[error("unknown variant '{0}'")]
    UnknownVariant(String),
    /// The last position sent was refused; nothing can be played or searched until a new
    /// one is set.
    #[error("no position: {0}")]
    NoPosition(String),
    /// The variant's pieces or board cannot be played yet.
    #[error("variant {name} cannot be played: {reason}")]
    Unplayable {
        /// Variant name.
        name: String,
        /// Why.
        reason: String,
    },
    /// A FEN that does not fit the variant.
    #[error("bad FEN '{fen}': {reason}")]
    BadFen {
        /// The FEN.
        fen: String,
        /// Why.
        reason: String,
    },
    /// A move that is not legal in the position it is played in.
    #[error("illegal move '{mv}' in position {fen}")]
    IllegalMove {
        /// The move text.
        mv: String,
        /// The position it was played in.
        fen: String,
    },
    /// A variants file that could not be loaded.
    #[error("cannot load variants: {0}")]
    Load(String),
    /// An option problem.
    #[error(transparent)]
    Option(#[from] OptionError),
    /// Memory the system refused.
    #[error("{0}")]
    Memory(String),
    /// A net file that cannot be used (`EvalFile`, `Use NNUE`).
    #[error("cannot use net '{path}': {reason}")]
    Net {
        /// The file.
        path: String,
        /// Why not.
        reason: String,
    },
    /// A book file that cannot be used (`BookFile`).
    #[error("cannot use book: {0}")]
    Book(String),
}
