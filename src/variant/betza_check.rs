//! The one place where piece Betza strings are read for a variant: by the XBetza parser, in
//! the dialect the piece will be read in, once, at load time. Everything after (the move
//! generator's tables, XBoard's `piece` command) works from the parsed form.

use super::types::BetzaDialect;
use crate::betza;

impl BetzaDialect {
    /// The Betza layer's name for the notation.
    pub fn notation(self) -> betza::Notation {
        match self {
            BetzaDialect::XBetza => betza::Notation::XBetza,
            BetzaDialect::FairyStockfish => betza::Notation::FairyStockfish,
            BetzaDialect::Bfn => betza::Notation::Bfn,
            BetzaDialect::Betza2 => betza::Notation::Betza2,
            BetzaDialect::Bex => betza::Notation::Bex,
        }
    }
}

/// Reads `betza` in `d`, or says why it is not a piece description. The empty string is a
/// piece without moves (Fairy-Stockfish's `immobile`).
pub fn parse(text: &str, d: BetzaDialect) -> Result<betza::Piece, String> {
    if text.is_empty() {
        return Ok(betza::Piece::default());
    }
    betza::parse_notation(text, d.notation())
        .map_err(|e| format!("column {}: {}", e.column, e.reason))
}
