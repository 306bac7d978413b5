//! The one place where piece Betza strings are validated: by the XBetza parser, in the dialect
//! the piece will be read in.

use super::types::BetzaDialect;
use crate::betza;

/// The Betza layer's name for a dialect.
pub fn dialect(d: BetzaDialect) -> betza::Dialect {
    match d {
        BetzaDialect::XBetza => betza::Dialect::XBetza,
        BetzaDialect::FairyStockfish => betza::Dialect::FairyStockfish,
    }
}

/// Checks that `betza` is a piece description the engine can read in `d`. The empty string is
/// a piece without moves (Fairy-Stockfish's `immobile`).
pub fn validate(text: &str, d: BetzaDialect) -> Result<(), String> {
    if text.is_empty() {
        return Ok(());
    }
    betza::parse(text, dialect(d))
        .map(|_| ())
        .map_err(|e| format!("column {}: {}", e.column, e.reason))
}
