//! The option registry shared by every protocol: names, kinds, defaults and limits, and the
//! current values. Protocols list the specs (UCI `option`, CECP `feature option=`) and pass
//! text values to [`crate::engine::Engine::set_option`], which checks them here.

use thiserror::Error;

/// The kind of an option, with its default and limits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionKind {
    /// On or off.
    Check {
        /// Default.
        default: bool,
    },
    /// An integer in `min..=max`.
    Spin {
        /// Default.
        default: i64,
        /// Lowest value.
        min: i64,
        /// Highest value.
        max: i64,
    },
    /// One of a list of words.
    Combo {
        /// Default.
        default: String,
        /// The choices.
        vars: Vec<String>,
    },
    /// An action without a value.
    Button,
    /// Free text.
    String {
        /// Default.
        default: String,
    },
}

/// One option.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionSpec {
    /// Name as shown to the GUI.
    pub name: String,
    /// Kind, default, limits.
    pub kind: OptionKind,
}

/// A checked option value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionValue {
    /// A check value.
    Bool(bool),
    /// A spin value.
    Int(i64),
    /// A combo or string value.
    Text(String),
    /// A button press.
    Press,
}

/// Why an option could not be set.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum OptionError {
    /// No option of that name.
    #[error("unknown option '{0}'")]
    Unknown(String),
    /// The value does not fit the option.
    #[error("option '{name}': {reason}")]
    BadValue {
        /// Option name.
        name: String,
        /// What is wrong.
        reason: String,
    },
}

/// Option names (one place, so protocols and the engine agree).
pub mod names {
    /// Transposition table size in MB.
    pub const HASH: &str = "Hash";
    /// Search threads.
    pub const THREADS: &str = "Threads";
    /// Lines reported.
    pub const MULTIPV: &str = "MultiPV";
    /// Pondering allowed (informational for the engine).
    pub const PONDER: &str = "Ponder";
    /// Empty the transposition table.
    pub const CLEAR_HASH: &str = "Clear Hash";
    /// Reserve per move, ms.
    pub const MOVE_OVERHEAD: &str = "Move Overhead";
    /// Chess960 castling notation and FENs.
    pub const CHESS960: &str = "UCI_Chess960";
    /// The variant.
    pub const VARIANT: &str = "UCI_Variant";
    /// Variant files to load.
    pub const VARIANT_PATH: &str = "VariantPath";
    /// Win/draw/loss in info lines.
    pub const SHOW_WDL: &str = "UCI_ShowWDL";
    /// Evaluate with an NNUE net (the one of `EvalFile`, else the variant's built-in net, if
    /// it has one and `--weights` gave no weights for it) instead of the hand-crafted
    /// evaluation; true by default.
    pub const USE_NNUE: &str = "Use NNUE";
    /// The NNUE net file.
    pub const EVAL_FILE: &str = "EvalFile";
    /// Play from the book of `BookFile` while the position is in it; false by default.
    pub const OWN_BOOK: &str = "OwnBook";
    /// The opening book file (`dabbaba book`).
    pub const BOOK_FILE: &str = "BookFile";
}

/// Largest `Hash` in MB.
pub const MAX_HASH_MB: i64 = 32 * 1024;
/// Largest `Threads`.
pub const MAX_THREADS: i64 = 256;

/// The registry: specs in display order and current values.
#[derive(Debug, Clone)]
pub struct Options {
    specs: Vec<OptionSpec>,
    values: Vec<OptionValue>,
}

impl Options {
    /// The engine's options; `variants` fills the `UCI_Variant` combo.
    pub fn new(variants: Vec<String>) -> Options {
        use names::*;
        let spin = |name: &str, default, min, max| OptionSpec {
            name: name.to_string(),
            kind: OptionKind::Spin { default, min, max },
        };
        let check = |name: &str, default| OptionSpec {
            name: name.to_string(),
            kind: OptionKind::Check { default },
        };
        let specs = vec![
            spin(HASH, 16, 1, MAX_HASH_MB),
            spin(THREADS, 1, 1, MAX_THREADS),
            spin(MULTIPV, 1, 1, 500),
            check(PONDER, false),
            OptionSpec {
                name: CLEAR_HASH.to_string(),
                kind: OptionKind::Button,
            },
            spin(MOVE_OVERHEAD, 100, 0, 5000),
            check(CHESS960, false),
            OptionSpec {
                name: VARIANT.to_string(),
                kind: OptionKind::Combo {
                    default: "chess".to_string(),
                    vars: variants,
                },
            },
            OptionSpec {
                name: VARIANT_PATH.to_string(),
                kind: OptionKind::String {
                    default: "<empty>".to_string(),
                },
            },
            check(SHOW_WDL, false),
            check(USE_NNUE, true),
            OptionSpec {
                name: EVAL_FILE.to_string(),
                kind: OptionKind::String {
                    default: "<empty>".to_string(),
                },
            },
            check(OWN_BOOK, false),
            OptionSpec {
                name: BOOK_FILE.to_string(),
                kind: OptionKind::String {
                    default: "<empty>".to_string(),
                },
            },
        ];
        let values = specs.iter().map(default_value).collect();
        Options { specs, values }
    }

    /// The specs in display order.
    pub fn specs(&self) -> &[OptionSpec] {
        &self.specs
    }

    fn index(&self, name: &str) -> Option<usize> {
        self.specs
            .iter()
            .position(|s| s.name.eq_ignore_ascii_case(name.trim()))
    }

    /// The spec of an option (names are case-insensitive).
    pub fn spec(&self, name: &str) -> Option<&OptionSpec> {
        self.index(name).map(|i| &self.specs[i])
    }

    /// Checks `value` for option `name` and stores it. Returns the canonical name and value.
    pub fn set(
        &mut self,
        name: &str,
        value: Option<&str>,
    ) -> Result<(String, OptionValue), OptionError> {
        let i = self
            .index(name)
            .ok_or_else(|| OptionError::Unknown(name.trim().to_string()))?;
        let spec = &self.specs[i];
        let bad = |reason: String| OptionError::BadValue {
            name: spec.name.clone(),
            reason,
        };
        let text = value.map(str::trim).unwrap_or("");
        let v = match &spec.kind {
            OptionKind::Check { .. } => match text.to_ascii_lowercase().as_str() {
                "true" => OptionValue::Bool(true),
                "false" => OptionValue::Bool(false),
                _ => return Err(bad(format!("expected true or false, found '{text}'"))),
            },
            OptionKind::Spin { min, max, .. } => {
                let n: i64 = text.parse().map_err(|_| {
                    bad(format!(
                        "expected an integer from {min} to {max}, found '{text}'"
                    ))
                })?;
                if n < *min || n > *max {
                    return Err(bad(format!("{n} is outside {min}..{max}")));
                }
                OptionValue::Int(n)
            }
            OptionKind::Combo { vars, .. } => {
                match vars.iter().find(|v| v.eq_ignore_ascii_case(text)) {
                    Some(v) => OptionValue::Text(v.clone()),
                    None => return Err(bad(format!("'{text}' is not one of the choices"))),
                }
            }
            OptionKind::Button => OptionValue::Press,
            OptionKind::String { .. } => OptionValue::Text(if text == "<empty>" {
                String::new()
            } else {
                text.to_string()
            }),
        };
        if v != OptionValue::Press {
            self.values[i] = v.clone();
        }
        Ok((spec.name.clone(), v))
    }

    /// Replaces the choices of a combo (the variant list after `VariantPath`).
    pub fn set_combo_vars(&mut self, name: &str, vars: Vec<String>) {
        if let Some(i) = self.index(name) {
            if let OptionKind::Combo { vars: v, .. } = &mut self.specs[i].kind {
                *v = vars;
            }
        }
    }

    /// Current value of a check option.
    pub fn bool(&self, name: &str) -> bool {
        matches!(
            self.index(name).map(|i| &self.values[i]),
            Some(OptionValue::Bool(true))
        )
    }

    /// Current value of a spin option (0 if unknown).
    pub fn int(&self, name: &str) -> i64 {
        match self.index(name).map(|i| &self.values[i]) {
            Some(OptionValue::Int(n)) => *n,
            _ => 0,
        }
    }

    /// Current value of a combo or string option.
    pub fn text(&self, name: &str) -> String {
        match self.index(name).map(|i| &self.values[i]) {
            Some(OptionValue::Text(s)) => s.clone(),
            _ => String::new(),
        }
    }
}

fn default_value(spec: &OptionSpec) -> OptionValue {
    match &spec.kind {
        OptionKind::Check { default } => OptionValue::Bool(*default),
        OptionKind::Spin { default, .. } => OptionValue::Int(*default),
        OptionKind::Combo { default, .. } => OptionValue::Text(default.clone()),
        OptionKind::Button => OptionValue::Press,
        OptionKind::String { default } => OptionValue::Text(if default == "<empty>" {
            String::new()
        } else {
            default.clone()
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_checked() {
        let mut o = Options::new(vec!["chess".into(), "shogi".into()]);
        assert_eq!(o.int(names::HASH), 16);
        assert!(o.set("hash", Some("64")).is_ok());
        assert_eq!(o.int(names::HASH), 64);
        assert!(matches!(
            o.set("Hash", Some("0")),
            Err(OptionError::BadValue { .. })
        ));
        assert!(matches!(
            o.set("Hash", Some("lots")),
            Err(OptionError::BadValue { .. })
        ));
        assert_eq!(o.int(names::HASH), 64);
        assert!(matches!(
            o.set("Nope", Some("1")),
            Err(OptionError::Unknown(_))
        ));
        assert!(
            matches!(o.set("UCI_Variant", Some("SHOGI")), Ok((_, OptionValue::Text(ref s))) if s == "shogi")
        );
        assert!(o.set("UCI_Variant", Some("nonexistent")).is_err());
        assert!(o.set("Ponder", Some("maybe")).is_err());
        assert!(o.set("ponder", Some("TRUE")).is_ok());
        assert!(o.bool(names::PONDER));
        assert_eq!(
            o.set("clear hash", None).map(|x| x.1),
            Ok(OptionValue::Press)
        );
        assert_eq!(o.text(names::VARIANT_PATH), "");
    }
}
