//! Opening books for play (`OwnBook`, `BookFile`): a book file of `dabbaba book` read into
//! the positions its kept lines pass through, and a move drawn there by its counts.
//!
//! The book is keyed by position (the zobrist key of the variant the book names), not by the
//! moves that led there, so a line reached by another move order, or sent as a FEN, is found
//! as well. Every line is replayed when the file is read: a line with a move that is not legal
//! makes the file refused as corrupt, and a move drawn in play is checked against the legal
//! moves again. A book is for the variant definition it was read with: once a variant of
//! its name is defined again with other rules, the book is not played from.

pub mod file;

use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

use thiserror::Error;

use crate::board::{AnyTables, MoveDialect};
use crate::variant::{Variant, VariantSet};
pub use file::{kept_lines, BookFile, BookGame, Verdict};

/// Why a book file cannot be used.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum BookError {
    /// The file cannot be read.
    #[error("cannot read {path}: {reason}")]
    Read {
        /// The file.
        path: String,
        /// Why not.
        reason: String,
    },
    /// A line of the file is not what the format says.
    #[error("{path}:{line}: {reason}")]
    Format {
        /// The file.
        path: String,
        /// The line, from 1.
        line: usize,
        /// What is wrong with it.
        reason: String,
    },
    /// The file reads, but its contents do not fit its variant.
    #[error("{path}: {reason}")]
    Contents {
        /// The file.
        path: String,
        /// What does not fit.
        reason: String,
    },
}

/// A book move offered in a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookMove {
    /// The move in UCI text.
    pub uci: String,
    /// How many kept games played it here.
    pub count: u64,
    /// How many kept games passed through the position.
    pub total: u64,
}

/// A book ready for play.
#[derive(Debug)]
pub struct OpeningBook {
    variant: Variant,
    /// Per position key, the moves played there and their counts, in the file's order.
    moves: HashMap<u64, Vec<(String, u64)>>,
    lines: usize,
    rng: AtomicU64,
}

impl OpeningBook {
    /// Reads the book file at `path` and replays its kept lines in its variant (from
    /// `variants`).
    pub fn load(path: &Path, variants: &VariantSet) -> Result<OpeningBook, BookError> {
        let shown = path.display().to_string();
        let contents = |reason: String| BookError::Contents {
            path: shown.clone(),
            reason,
        };
        let file = BookFile::read(path)?.ok_or_else(|| BookError::Read {
            path: shown.clone(),
            reason: "no such file, or it is empty".into(),
        })?;
        let v = variants
            .get(&file.variant)
            .ok_or_else(|| contents(format!("unknown variant '{}'", file.variant)))?;
        let tables = AnyTables::new(v)
            .map_err(|e| contents(format!("variant {} cannot be played: {e}", v.name)))?;
        let start = tables
            .position(Some(&file.fen), false)
            .map_err(|e| contents(format!("bad FEN '{}': {e}", file.fen)))?;
        let lines = file.kept_lines();
        if lines.is_empty() {
            return Err(contents("no kept line: the book is empty".into()));
        }
        let mut moves: HashMap<u64, Vec<(String, u64)>> = HashMap::new();
        for (line, count) in &lines {
            let mut p = start.clone();
            for m in line {
                let key = crate::with_position!(&p, q => q.key());
                p.play_moves(std::slice::from_ref(m), MoveDialect::Uci, false)
                    .map_err(|_| {
                        contents(format!(
                            "the kept line '{}' has a move that is not legal: {m}",
                            line.join(" ")
                        ))
                    })?;
                let here = moves.entry(key).or_default();
                match here.iter_mut().find(|(x, _)| x == m) {
                    Some(e) => e.1 += count,
                    None => here.push((m.clone(), *count)),
                }
            }
        }
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        Ok(OpeningBook {
            variant: v.clone(),
            moves,
            lines: lines.len(),
            rng: AtomicU64::new(seed),
        })
    }

    /// The variant the book is for, as it was defined when the book was read.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// How many distinct lines it holds.
    pub fn lines(&self) -> usize {
        self.lines
    }

    /// The book's moves in the position with this key, with their counts.
    pub fn moves_at(&self, key: u64) -> &[(String, u64)] {
        self.moves.get(&key).map_or(&[], Vec::as_slice)
    }

    /// A move drawn at random among those of `allowed` the book has for the position with
    /// this key, each as likely as its count says; `None` out of the book.
    pub fn pick(&self, key: u64, allowed: impl Fn(&str) -> bool) -> Option<BookMove> {
        let offered: Vec<&(String, u64)> = self
            .moves_at(key)
            .iter()
            .filter(|(m, _)| allowed(m))
            .collect();
        let total: u64 = offered.iter().map(|(_, n)| n).sum();
        if total == 0 {
            return None;
        }
        let mut draw = self.next_random() % total;
        for (m, n) in offered {
            if draw < *n {
                return Some(BookMove {
                    uci: m.clone(),
                    count: *n,
                    total,
                });
            }
            draw -= n;
        }
        None
    }

    /// splitmix64 on a shared state: draws need not repeat from one run to the next.
    fn next_random(&self) -> u64 {
        let s = self
            .rng
            .fetch_add(0x9E37_79B9_7F4A_7C15, Ordering::Relaxed)
            .wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = s;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}
