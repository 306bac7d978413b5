//! A set of loaded variants: the built-ins, plus user files on top.

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, OnceLock};

use super::conclude::conclude;
use super::error::{LoadError, VariantError, VariantErrors};
use super::ini;
use super::spec::VariantSpec;
use super::types::Variant;

/// One embedded file: its name for messages and its text.
macro_rules! builtin_file {
    ($name:literal) => {
        (
            concat!("variants/", $name),
            include_str!(concat!("../../variants/", $name)),
        )
    };
}

/// The built-in variant files, in load order (a file may inherit from earlier ones).
pub const BUILTIN_FILES: &[(&str, &str)] = &[
    builtin_file!("chess.ini"),
    builtin_file!("pawns.ini"),
    builtin_file!("fairy.ini"),
    builtin_file!("historical.ini"),
    builtin_file!("small.ini"),
    builtin_file!("large.ini"),
    builtin_file!("objectives.ini"),
    builtin_file!("boardgames.ini"),
    builtin_file!("drops.ini"),
    builtin_file!("shogi.ini"),
    builtin_file!("xiangqi.ini"),
    builtin_file!("chu.ini"),
    builtin_file!("turns.ini"),
];

#[derive(Clone, Debug)]
struct Loaded {
    spec: VariantSpec,
    /// `None` when the section had problems; it may still be a parent.
    variant: Option<Variant>,
}

/// A section [`VariantSet::load_sections`] left out, with its problems.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SkippedSection {
    /// The section's variant name.
    pub name: String,
    /// The header's line.
    pub line: usize,
    /// Why, in line order (at least one).
    pub errors: Vec<VariantError>,
}

/// What [`VariantSet::load_sections`] did with each section of one file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FileReport {
    /// The file as named in messages.
    pub file: String,
    /// The variants the file defined, in file order (new ones and replacements).
    pub loaded: Vec<String>,
    /// Of those, the ones that replaced a variant of the same name.
    pub replaced: Vec<String>,
    /// Sections left out.
    pub skipped: Vec<SkippedSection>,
    /// Problems outside every section.
    pub file_errors: Vec<VariantError>,
    /// Rules the loaded variants set that the engine does not play yet
    /// (what the installed [`PlayableCheck`] reports), each `FILE:LINE: key: read but not enforced yet: ...`.
    pub warnings: Vec<String>,
    /// What a user should read, in line order, each `FILE:LINE: key: text`: every problem
    /// (ending in `; section skipped` where it cost a section), every replacement and every
    /// warning.
    pub notices: Vec<String>,
}

impl FileReport {
    /// Whether every section loaded.
    pub fn is_clean(&self) -> bool {
        self.skipped.is_empty() && self.file_errors.is_empty()
    }

    /// Every problem, in line order.
    pub fn problems(&self) -> Vec<&VariantError> {
        let mut all: Vec<&VariantError> = self
            .file_errors
            .iter()
            .chain(self.skipped.iter().flat_map(|s| s.errors.iter()))
            .collect();
        all.sort_by_key(|e| e.line);
        all
    }
}

/// Whether a concluded variant can be played, with the reason when not, and the keys of the
/// rules it sets that are read but not played yet. The board layer answers this (it knows
/// which pieces and rules it plays); this layer knows nothing of bitboards, so the check is
/// handed in ([`VariantSet::check_playable_with`]). Without one, every variant passes with
/// no warning.
pub type PlayableCheck = fn(&Variant) -> Result<Vec<&'static str>, String>;

/// Variants by name, in load order.
#[derive(Clone, Debug, Default)]
pub struct VariantSet {
    order: Vec<String>,
    /// Shared, so that copying the set (the built-ins, before a user's file is added) does
    /// not copy every variant.
    loaded: HashMap<String, Arc<Loaded>>,
    /// Run on every variant a file defines; a variant that fails it is an error of its
    /// section.
    playable: Option<PlayableCheck>,
}

impl VariantSet {
    /// An empty set (no built-ins).
    pub fn new() -> Self {
        Self::default()
    }

    /// A copy of the built-in variants, to add user files to.
    pub fn with_builtins() -> Self {
        builtins().clone()
    }

    /// From now on, a variant a file defines is also checked with `check`: one the engine
    /// cannot play is a problem of its section (`FILE:LINE: [header]: cannot be played:
    /// reason`), not a name that fails only when chosen.
    pub fn check_playable_with(&mut self, check: PlayableCheck) {
        self.playable = Some(check);
    }

    /// The variant, or why the installed check says it cannot be played.
    /// `v` with the keys the installed check reports as read but not played.
    fn checked(&self, v: Variant) -> Result<(Variant, Vec<&'static str>), String> {
        match self.playable {
            Some(check) => check(&v)
                .map(|unenforced| (v, unenforced))
                .map_err(|why| format!("cannot be played: {why}")),
            None => Ok((v, Vec::new())),
        }
    }

    /// Reads one file's text. `file` names it in messages. On any problem nothing is added and
    /// every problem of the file is returned.
    pub fn load_str(&mut self, file: &str, text: &str) -> Result<Vec<String>, VariantErrors> {
        let mut errors = Vec::new();
        let sections = ini::parse(file, text, &mut errors);
        let mut staged = self.clone();
        let mut added = Vec::new();
        for section in &sections {
            let located = |reason: String| VariantError {
                file: file.to_string(),
                line: section.line,
                key: section.header.clone(),
                reason,
            };
            if staged.loaded.contains_key(&section.name) {
                errors.push(located(format!(
                    "variant '{}' is already defined",
                    section.name
                )));
                continue;
            }
            let mut spec = match &section.parent {
                None => VariantSpec::template(),
                Some(parent) => match staged.loaded.get(parent) {
                    Some(l) => l.spec.clone(),
                    None => {
                        errors.push(located(format!("unknown parent variant '{parent}'")));
                        continue;
                    }
                },
            };
            let before = errors.len();
            spec.apply(file, section, &mut errors);
            let variant = match conclude(&section.name, &spec, file, section.line) {
                Ok(v) => staged
                    .checked(v)
                    .map(|(v, _)| v)
                    .map_err(|why| errors.push(located(why)))
                    .ok(),
                Err(mut e) => {
                    errors.append(&mut e);
                    None
                }
            };
            let variant = variant.filter(|_| errors.len() == before);
            staged.order.push(section.name.clone());
            staged
                .loaded
                .insert(section.name.clone(), Arc::new(Loaded { spec, variant }));
            added.push(section.name.clone());
        }
        if errors.is_empty() {
            *self = staged;
            Ok(added)
        } else {
            errors.sort_by_key(|e| e.line);
            Err(VariantErrors(errors))
        }
    }

    /// Reads one file's text section by section, as Fairy-Stockfish does: a section with a
    /// problem (a bad key or value, an unknown parent, a syntax error inside it) is skipped and
    /// the rest of the file loads; a section named like a known variant (a built-in, an
    /// earlier file or section) replaces it. The report says what happened to each section.
    /// Variants that inherited from a replaced one keep what they inherited.
    pub fn load_sections(&mut self, file: &str, text: &str) -> FileReport {
        let mut parse_errors = Vec::new();
        let sections = ini::parse(file, text, &mut parse_errors);
        let mut report = FileReport {
            file: file.to_string(),
            ..FileReport::default()
        };
        // A syntax problem belongs to the section it is written in (the last header above
        // it: a malformed header's keys were read into that section); one above every
        // section belongs to the file.
        let mut own_errors: Vec<Vec<VariantError>> = vec![Vec::new(); sections.len()];
        for e in parse_errors {
            match sections.iter().rposition(|s| s.line < e.line) {
                Some(i) => own_errors[i].push(e),
                None => {
                    report.notices.push(e.to_string());
                    report.file_errors.push(e);
                }
            }
        }
        for (section, mut errors) in sections.iter().zip(own_errors) {
            let located = |reason: String| VariantError {
                file: file.to_string(),
                line: section.line,
                key: section.header.clone(),
                reason,
            };
            let parent_spec = match &section.parent {
                None => Some(VariantSpec::template()),
                Some(parent) => match self.loaded.get(parent) {
                    Some(l) => Some(l.spec.clone()),
                    None => {
                        let why = if report.skipped.iter().any(|s| &s.name == parent) {
                            format!("parent variant '{parent}' was skipped")
                        } else {
                            format!("unknown parent variant '{parent}'")
                        };
                        errors.push(located(why));
                        None
                    }
                },
            };
            let variant = parent_spec.and_then(|mut spec| {
                spec.apply(file, section, &mut errors);
                match conclude(&section.name, &spec, file, section.line) {
                    Ok(v) => match self.checked(v) {
                        Ok((v, unenforced)) => Some((spec, v, unenforced)),
                        Err(why) => {
                            errors.push(located(why));
                            None
                        }
                    },
                    Err(mut e) => {
                        errors.append(&mut e);
                        None
                    }
                }
            });
            match variant {
                Some((spec, v, unenforced)) if errors.is_empty() => {
                    if self.loaded.contains_key(&section.name) {
                        report.notices.push(format!(
                            "{file}:{}: {}: replaces the variant '{}' defined before",
                            section.line, section.header, section.name
                        ));
                        report.replaced.push(section.name.clone());
                    } else {
                        self.order.push(section.name.clone());
                    }
                    self.loaded.insert(
                        section.name.clone(),
                        Arc::new(Loaded {
                            spec,
                            variant: Some(v),
                        }),
                    );
                    report.loaded.push(section.name.clone());
                    // In line order; an inherited rule is reported at the header.
                    let mut warnings: Vec<(usize, String)> = unenforced
                        .into_iter()
                        .map(
                            |key| match section.entries.iter().rev().find(|e| e.key == key) {
                                Some(e) => (e.line, format!("{file}:{}: {key}", e.line)),
                                None => (
                                    section.line,
                                    format!(
                                        "{file}:{}: {}: {key} (inherited)",
                                        section.line, section.header
                                    ),
                                ),
                            },
                        )
                        .collect();
                    warnings.sort_by_key(|(line, _)| *line);
                    for (_, w) in warnings {
                        let w = format!(
                            "{w}: read but not enforced yet: the variant plays without this rule"
                        );
                        report.notices.push(w.clone());
                        report.warnings.push(w);
                    }
                }
                _ => {
                    errors.sort_by_key(|e| e.line);
                    report
                        .notices
                        .extend(errors.iter().map(|e| format!("{e}; section skipped")));
                    report.skipped.push(SkippedSection {
                        name: section.name.clone(),
                        line: section.line,
                        errors,
                    });
                }
            }
        }
        report
    }

    /// Reads a file from disk section by section (see [`VariantSet::load_sections`]); only a
    /// file that cannot be read is an error.
    pub fn load_file_sections(&mut self, path: &Path) -> Result<FileReport, LoadError> {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|source| LoadError::Io {
            path: name.clone(),
            source,
        })?;
        Ok(self.load_sections(&name, &text))
    }

    /// Reads a file from disk.
    pub fn load_file(&mut self, path: &Path) -> Result<Vec<String>, LoadError> {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|source| LoadError::Io {
            path: name.clone(),
            source,
        })?;
        self.load_str(&name, &text).map_err(LoadError::Invalid)
    }

    /// A variant by name.
    pub fn get(&self, name: &str) -> Option<&Variant> {
        self.loaded.get(name).and_then(|l| l.variant.as_ref())
    }

    /// A variant by name, or an error naming it.
    pub fn require(&self, name: &str) -> Result<&Variant, LoadError> {
        self.get(name)
            .ok_or_else(|| LoadError::UnknownVariant(name.to_string()))
    }

    /// Names in load order.
    pub fn names(&self) -> impl Iterator<Item = &str> + '_ {
        self.order.iter().map(String::as_str)
    }

    /// Variants in load order.
    pub fn iter(&self) -> impl Iterator<Item = &Variant> + '_ {
        self.order.iter().filter_map(|n| self.get(n))
    }

    /// Number of variants.
    pub fn len(&self) -> usize {
        self.order.len()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }
}

/// Reads the built-in files into a set, reporting problems (a bug: tests load every built-in).
pub fn load_builtins() -> Result<VariantSet, VariantErrors> {
    let mut set = VariantSet::new();
    let mut all = Vec::new();
    for (file, text) in BUILTIN_FILES {
        if let Err(mut e) = set.load_str(file, text) {
            all.append(&mut e.0);
        }
    }
    if all.is_empty() {
        Ok(set)
    } else {
        Err(VariantErrors(all))
    }
}

/// The built-in variants, read once. A built-in file with problems is left out and logged.
pub fn builtins() -> &'static VariantSet {
    static SET: OnceLock<VariantSet> = OnceLock::new();
    SET.get_or_init(|| {
        let mut set = VariantSet::new();
        for (file, text) in BUILTIN_FILES {
            if let Err(e) = set.load_str(file, text) {
                tracing::error!("built-in variants: {e}");
            }
        }
        set
    })
}

/// A built-in variant by name.
pub fn builtin(name: &str) -> Option<&'static Variant> {
    builtins().get(name)
}

/// Names of the built-in variants, in file order.
pub fn builtin_names() -> Vec<&'static str> {
    builtins().names().collect()
}
