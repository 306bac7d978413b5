//! `dabbaba status`: is the game over in a position, with which result and why.
//!
//! Prints `RESULT REASON` (`1-0 checkmate`, `1/2-1/2 stalemate`) when the game is over, or
//! `* ...` with the side to move and the number of legal moves; `--json` prints one object
//! `{"over","result","reason","side_to_move","in_check","legal_moves","fen"}` (`result` and
//! `reason` are `null` while the game goes on). The exit code is 0 either way (1 for a bad
//! variant, FEN or move). The rules are the board layer's `Position::result`.
//!
//! `--serve` answers many positions in one process (a match referee asks after every move):
//! each line of stdin is `startpos [moves M...]` or `fen FEN [moves M...]`, each answer one
//! JSON line, the `--json` object plus `"moves"`, the legal moves in UCI text; a bad line is
//! answered `{"type":"error","error":...}` and serving goes on until the end of input.

use crate::cli::output::say;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;

use super::game::{set_up, Status};
use super::output::{error_text, json_line, with_json_errors};
use crate::board::AnyTables;
use serde::Serialize;
use serde_json::json;
use std::io::BufRead;

#[derive(Debug, Args)]
pub struct StatusArgs {
    /// Variant name (built-in or from --variants files).
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// The position (default: the variant's start position).
    #[arg(long)]
    pub fen: Option<String>,
    /// Play these moves (UCI text or SAN) first; repetitions count only positions reached this way.
    #[arg(long, num_args = 1.., value_name = "MOVE")]
    pub moves: Vec<String>,
    /// Chess960 castling (X-FEN / Shredder-FEN).
    #[arg(long)]
    pub chess960: bool,
    /// One JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Answer positions read from stdin, one JSON line each (see the module documentation).
    #[arg(long, conflicts_with_all = ["fen", "moves", "json"])]
    pub serve: bool,
}

/// A `--serve` answer: the status and the legal moves.
#[derive(Serialize)]
struct Served {
    #[serde(flatten)]
    status: Status,
    moves: Vec<String>,
}

/// Splits a `--serve` line into the FEN (`None`: the start position) and the moves.
fn parse_served_line(line: &str) -> anyhow::Result<(Option<String>, Vec<String>)> {
    let mut words = line.split_whitespace();
    let mut fen_words = Vec::new();
    match words.next() {
        Some("startpos") => {}
        Some("fen") => {
            for w in words.by_ref() {
                if w == "moves" {
                    break;
                }
                fen_words.push(w);
            }
            if fen_words.is_empty() {
                anyhow::bail!("'fen' needs a FEN");
            }
        }
        _ => anyhow::bail!("expected 'startpos' or 'fen FEN', then optionally 'moves M...'"),
    }
    let mut moves: Vec<String> = Vec::new();
    if fen_words.is_empty() {
        match words.next() {
            None => {}
            Some("moves") => {}
            Some(w) => anyhow::bail!("expected 'moves' after 'startpos', found '{w}'"),
        }
    }
    moves.extend(words.map(str::to_string));
    let fen = (!fen_words.is_empty()).then(|| fen_words.join(" "));
    Ok((fen, moves))
}

/// Serves positions from stdin until it ends.
fn serve(tables: &AnyTables, chess960: bool) -> anyhow::Result<ExitCode> {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        if input.read_until(b'\n', &mut bytes)? == 0 {
            break;
        }
        // Bytes that are not UTF-8 make a line that is answered with an error, not an end.
        let line = String::from_utf8_lossy(&bytes);
        if line.trim().is_empty() {
            continue;
        }
        let answer = parse_served_line(&line).and_then(|(fen, moves)| {
            let game = set_up(tables, fen.as_deref(), &moves, chess960)?;
            Ok(Served {
                status: game.status(),
                moves: game.legal_move_texts(),
            })
        });
        match answer {
            Ok(a) => json_line(&a)?,
            Err(e) => json_line(&json!({ "type": "error", "error": error_text(&e) }))?,
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Runs `status`.
pub fn run(args: &StatusArgs, variant_files: &[PathBuf]) -> anyhow::Result<ExitCode> {
    with_json_errors(args.json, || {
        let set = super::variants::variant_set(variant_files)?;
        let variant = set
            .get(&args.variant)
            .with_context(|| format!("unknown variant '{}'", args.variant))?;
        let tables = AnyTables::new(variant)?;
        if args.serve {
            return serve(&tables, args.chess960 || variant.chess960);
        }
        let game = set_up(
            &tables,
            args.fen.as_deref(),
            &args.moves,
            args.chess960 || variant.chess960,
        )?;
        let s = game.status();
        if args.json {
            json_line(&s)?;
        } else if s.over {
            say!("{} {}", s.result, s.reason.unwrap_or("over"));
        } else {
            say!(
                "* {} to move, {} legal move{}{}",
                s.side_to_move,
                s.legal_moves,
                if s.legal_moves == 1 { "" } else { "s" },
                if s.in_check { ", in check" } else { "" }
            );
        }
        Ok(ExitCode::SUCCESS)
    })
}
