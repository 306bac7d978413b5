//! The INI layer of `variants.ini`: sections and `key = value` lines, nothing about meaning.
//!
//! Follows Fairy-Stockfish's reading: lines before the first section are ignored, a line whose
//! first non-blank character is `#` or `;` is a comment, keys and values are trimmed, and a key
//! given twice in one section keeps its last value.

use super::error::VariantError;

/// One `key = value` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub key: String,
    pub value: String,
    pub line: usize,
}

/// One `[name]` or `[name:parent]` section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    pub name: String,
    pub parent: Option<String>,
    /// The header text as written, e.g. `[foo:chess]`, for messages.
    pub header: String,
    pub line: usize,
    pub entries: Vec<Entry>,
}

/// Splits a file into sections. Syntax problems are pushed to `errors`; the rest is still read.
pub fn parse(file: &str, text: &str, errors: &mut Vec<VariantError>) -> Vec<Section> {
    let mut sections: Vec<Section> = Vec::new();
    for (idx, raw) in text.lines().enumerate() {
        let line = idx + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with(';') {
            continue;
        }
        if trimmed.starts_with('[') {
            match parse_header(trimmed) {
                Ok((name, parent)) => sections.push(Section {
                    name,
                    parent,
                    header: trimmed.to_string(),
                    line,
                    entries: Vec::new(),
                }),
                Err(reason) => errors.push(VariantError {
                    file: file.to_string(),
                    line,
                    key: trimmed.to_string(),
                    reason: reason.to_string(),
                }),
            }
            continue;
        }
        let Some(section) = sections.last_mut() else {
            // Fairy-Stockfish skips everything before the first section; so do we.
            continue;
        };
        match trimmed.split_once('=') {
            Some((key, value)) if !key.trim().is_empty() => section.entries.push(Entry {
                key: key.trim().to_string(),
                value: value.trim().to_string(),
                line,
            }),
            _ => errors.push(VariantError {
                file: file.to_string(),
                line,
                key: trimmed.to_string(),
                reason: "expected 'key = value'".to_string(),
            }),
        }
    }
    sections
}

fn parse_header(text: &str) -> Result<(String, Option<String>), &'static str> {
    let inner = text
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .ok_or("section header must be '[name]' or '[name:parent]'")?;
    let (name, parent) = match inner.split_once(':') {
        Some((n, p)) => (n.trim(), Some(p.trim())),
        None => (inner.trim(), None),
    };
    if name.is_empty() || name.contains(char::is_whitespace) {
        return Err("variant name must be non-empty and without spaces");
    }
    if let Some(p) = parent {
        if p.is_empty() || p.contains(char::is_whitespace) {
            return Err("parent name must be non-empty and without spaces");
        }
    }
    Ok((name.to_string(), parent.map(str::to_string)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_comments_and_entries() {
        let text = "junk before\n[a]\n# c\n; c\nx = 1\n\n[b:a]\n  y=two words \n";
        let mut errs = Vec::new();
        let s = parse("f.ini", text, &mut errs);
        assert!(errs.is_empty(), "{errs:?}");
        assert_eq!(s.len(), 2);
        assert_eq!(s[0].entries[0].key, "x");
        assert_eq!(s[0].entries[0].line, 5);
        assert_eq!(s[1].parent.as_deref(), Some("a"));
        assert_eq!(s[1].entries[0].value, "two words");
    }

    #[test]
    fn syntax_errors_are_located() {
        let mut errs = Vec::new();
        parse("f.ini", "[a]\nnot a pair\n[bad\n", &mut errs);
        assert_eq!(errs.len(), 2);
        assert_eq!(errs[0].line, 2);
        assert_eq!(
            errs[1].to_string(),
            "f.ini:3: [bad: section header must be '[name]' or '[name:parent]'"
        );
    }
}
