//! Errors of the XBetza layer: parse errors carry the text and a 1-based column.

use thiserror::Error;

/// A description that could not be read. Displays as
/// `betza error at column 4 in "fmWx": unknown letter 'x'`.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("betza error at column {column} in \"{text}\": {reason}")]
pub struct BetzaError {
    /// The whole description as given.
    pub text: String,
    /// 1-based column (in characters) of the offending letter; one past the end for
    /// "something is missing at the end".
    pub column: usize,
    /// What is wrong there.
    pub reason: Reason,
}

/// Why a description could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Reason {
    #[error("unknown letter '{0}'")]
    UnknownLetter(char),
    #[error("modifiers without an atom (a capital letter such as W, N or R must follow)")]
    MissingAtom,
    #[error("'{letter}' cannot apply here: {why}")]
    CannotApply { letter: char, why: String },
    #[error("'{letter}' is out of order: {why}")]
    OutOfOrder { letter: char, why: String },
    #[error("'{0}' is repeated in one leg")]
    Repeated(char),
    #[error("bad range: {0}")]
    BadRange(String),
    #[error("the direction modifiers select no move")]
    NoDirection,
}

/// A piece that cannot be written in the XBetza that XBoard 4.9.1 reads.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("cannot be written for XBoard 4.9.1: {0}")]
pub struct PrintError(pub String);
