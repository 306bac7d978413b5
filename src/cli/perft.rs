//! `dabbaba perft`: count the leaves of the legal-move tree.
//!
//! Prints `MOVE: COUNT` per root move with `--divide`, and always a last line
//! `Nodes searched: N`; time and nodes per second go to standard error.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use clap::Args;

use crate::board::Game;

#[derive(Debug, Args)]
pub struct PerftArgs {
    /// Depth in plies.
    pub depth: u32,
    /// Variant name (built-in or from --variants files).
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// Start from this FEN instead of the variant's start position.
    #[arg(long)]
    pub fen: Option<String>,
    /// Play these moves (UCI text) first.
    #[arg(long, num_args = 1.., value_name = "MOVE")]
    pub moves: Vec<String>,
    /// Print the count below each root move.
    #[arg(long)]
    pub divide: bool,
    /// Chess960 castling rules (X-FEN / Shredder-FEN).
    #[arg(long)]
    pub chess960: bool,
    /// Threads (root moves are shared out).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
}

pub fn run(args: &PerftArgs, variant_files: &[PathBuf]) -> anyhow::Result<ExitCode> {
    let set = super::variants::variant_set(variant_files)?;
    let variant = set
        .get(&args.variant)
        .with_context(|| format!("unknown variant '{}'", args.variant))?;
    let mut game = Game::new(variant, args.fen.as_deref(), args.chess960)?;
    game.play_uci(&args.moves)?;
    let start = Instant::now();
    let nodes = if args.divide {
        let d = game.divide(args.depth, args.threads.max(1));
        let mut out = String::new();
        for (m, n) in &d {
            out += &format!("{m}: {n}\n");
        }
        if write_out(&out).is_err() {
            return Ok(ExitCode::SUCCESS);
        }
        if args.depth == 0 {
            1
        } else {
            d.iter().map(|x| x.1).sum()
        }
    } else {
        game.perft(args.depth, args.threads.max(1))
    };
    let secs = start.elapsed().as_secs_f64();
    let last = if args.divide {
        format!("\nNodes searched: {nodes}\n")
    } else {
        format!("Nodes searched: {nodes}\n")
    };
    if write_out(&last).is_err() {
        // A closed pipe (`| head`) is not an error of ours.
        return Ok(ExitCode::SUCCESS);
    }
    eprintln!(
        "time {:.3} s, {:.0} nodes/s",
        secs,
        nodes as f64 / secs.max(1e-9)
    );
    Ok(ExitCode::SUCCESS)
}

fn write_out(text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()
}
