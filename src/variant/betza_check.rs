//! The one place where piece Betza strings are validated.
//!
//! The XBetza parser (`crate::betza`) is written in parallel; until it is merged this accepts
//! every string made of Betza characters. Once `crate::betza::parse` exists, call it here with
//! the matching dialect and return its message.

use super::types::BetzaDialect;

/// Checks that `betza` is a piece description the engine can read in `dialect`.
pub fn validate(betza: &str, _dialect: BetzaDialect) -> Result<(), String> {
    // Characters that appear in XBetza: letters, digits, brackets, and the few punctuation
    // marks of its grammar. Anything else is certainly a typo.
    if let Some(c) = betza
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || "()[]{}-?!*'.,<>=@#&_~^$/|".contains(*c)))
    {
        return Err(format!("unexpected character '{c}'"));
    }
    Ok(())
}
