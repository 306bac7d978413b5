//! Problems found while reading variant files.

use std::fmt;

/// One problem, located at a file, a line and a key.
///
/// Displayed as `FILE:LINE: key: reason`. For problems that belong to a section rather than a
/// key (an unknown parent, say), `key` is the section header, e.g. `[foo:bar]`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct VariantError {
    /// File name as given (built-ins use `variants/NAME.ini`).
    pub file: String,
    /// 1-based line number.
    pub line: usize,
    /// The key (or section header) the problem is about.
    pub key: String,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: {}: {}",
            self.file, self.line, self.key, self.reason
        )
    }
}

/// Every problem of one load, in file order.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct VariantErrors(pub Vec<VariantError>);

impl fmt::Display for VariantErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

/// Problems that are not about file content: a file that cannot be read, an unknown name.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("{path}: cannot read: {source}")]
    Io {
        path: String,
        #[source]
        source: std::io::Error,
    },
    #[error("{0}")]
    Invalid(VariantErrors),
    #[error("unknown variant '{0}'")]
    UnknownVariant(String),
}
