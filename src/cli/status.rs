//! `dabbaba status`: is the game over in a position, with which result and why.
//!
//! Prints `RESULT REASON` (`1-0 checkmate`, `1/2-1/2 stalemate`) when the game is over, or
//! `* ...` with the side to move and the number of legal moves; `--json` prints one object
//! `{"over","result","reason","side_to_move","in_check","legal_moves","fen"}` (`result` and
//! `reason` are `null` while the game goes on). The exit code is 0 either way (1 for a bad
//! variant, FEN or move). The rules are the board layer's `Position::result`.

use crate::cli::output::say;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;

use super::game::VariantTables;
use super::output::{json_line, with_json_errors};

#[derive(Debug, Args)]
pub struct StatusArgs {
    /// Variant name (built-in or from --variants files).
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// The position (default: the variant's start position).
    #[arg(long)]
    pub fen: Option<String>,
    /// Play these moves (UCI text) first; repetitions count only positions reached this way.
    #[arg(long, num_args = 1.., value_name = "MOVE")]
    pub moves: Vec<String>,
    /// Chess960 castling (X-FEN / Shredder-FEN).
    #[arg(long)]
    pub chess960: bool,
    /// One JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs `status`.
pub fn run(args: &StatusArgs, variant_files: &[PathBuf]) -> anyhow::Result<ExitCode> {
    with_json_errors(args.json, || {
        let set = super::variants::variant_set(variant_files)?;
        let variant = set
            .get(&args.variant)
            .with_context(|| format!("unknown variant '{}'", args.variant))?;
        let tables = VariantTables::new(variant)?;
        let game = tables.position(
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
