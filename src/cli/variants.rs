//! `dabbaba variants`: list the known variants; and loading `--variants FILE` for every command.

use crate::cli::output::say;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use serde::Serialize;

use crate::variant::{Variant, VariantSet};

#[derive(Debug, Args)]
pub struct VariantsArgs {
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// With --json: every rule of every variant, not only the summary.
    #[arg(long, requires = "json")]
    pub full: bool,
}

/// The built-in variants plus the user files, in order (later files may inherit from earlier
/// ones). Files load section by section as in Fairy-Stockfish: a section with a problem is
/// skipped with a warning on the log (`FILE:LINE: key: reason; section skipped`), a
/// redefined name replaces the earlier variant (also a warning). A file that cannot be read
/// is an error. A section whose variant the board cannot play (a piece move the generator
/// does not support) is skipped like a section with a bad key. The file `-` is standard
/// input (read once, whichever command asks): a script defines variants without a file.
pub fn variant_set(files: &[PathBuf]) -> anyhow::Result<VariantSet> {
    let mut set = VariantSet::with_builtins();
    set.check_playable_with(crate::board::setup::playable);
    for f in files {
        let report = if reads_stdin(f) {
            set.load_sections(STDIN_NAME, standard_input()?)
        } else {
            set.load_file_sections(f)
                .with_context(|| format!("loading variants from {}", f.display()))?
        };
        for n in &report.notices {
            tracing::warn!("{n}");
        }
    }
    Ok(set)
}

/// The name standard input's variants are read under (`stdin:LINE: key: reason`).
const STDIN_NAME: &str = "stdin";

/// Whether `--variants` names standard input (`-`).
pub fn reads_stdin(file: &std::path::Path) -> bool {
    file.as_os_str() == "-"
}

/// Standard input's whole text, read at the first call.
fn standard_input() -> anyhow::Result<&'static str> {
    static TEXT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    if let Some(t) = TEXT.get() {
        return Ok(t);
    }
    let mut text = String::new();
    std::io::Read::read_to_string(&mut std::io::stdin(), &mut text)
        .context("reading variants from standard input")?;
    Ok(TEXT.get_or_init(|| text))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PieceSummary<'a> {
    /// The letter, or `+X` for a piece that exists only promoted.
    letter: String,
    name: &'a str,
    betza: &'a str,
    royal: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Summary<'a> {
    name: &'a str,
    board: String,
    files: u8,
    ranks: u8,
    pieces: Vec<PieceSummary<'a>>,
    start_fen: &'a str,
    chess960: bool,
}

fn summary(v: &Variant) -> Summary<'_> {
    Summary {
        name: &v.name,
        board: v.board_size(),
        files: v.files,
        ranks: v.ranks,
        pieces: v
            .pieces
            .iter()
            .map(|p| PieceSummary {
                letter: crate::variant::pieces::letter_text(p.letter, crate::color::Color::White),
                name: &p.name,
                betza: &p.betza,
                royal: p.royal,
            })
            .collect(),
        start_fen: &v.start_fen,
        chess960: v.chess960,
    }
}

/// Runs `variants`.
pub fn run(args: &VariantsArgs, files: &[PathBuf]) -> anyhow::Result<ExitCode> {
    // A bad `--variants` file: with --json also an error object, as from the other commands.
    super::output::with_json_errors(args.json, || run_inner(args, files))
}

fn run_inner(args: &VariantsArgs, files: &[PathBuf]) -> anyhow::Result<ExitCode> {
    let set = variant_set(files)?;
    let text = if args.json && args.full {
        serde_json::to_string_pretty(&set.iter().collect::<Vec<_>>())?
    } else if args.json {
        serde_json::to_string_pretty(&set.iter().map(summary).collect::<Vec<_>>())?
    } else {
        let width = set.iter().map(|v| v.name.len()).max().unwrap_or(0);
        set.iter()
            .map(|v| {
                let letters: String = v
                    .pieces
                    .iter()
                    .map(|p| {
                        crate::variant::pieces::letter_text(p.letter, crate::color::Color::White)
                    })
                    .collect();
                format!("{:width$}  {:5}  {letters}", v.name, v.board_size())
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    say!("{text}");
    Ok(ExitCode::SUCCESS)
}
