//! The command line: clap definitions, logging set-up and the subcommands.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

pub mod bench;
pub mod check;
mod logging;
pub mod perft;
mod piece;
mod protocol_loop;
pub mod variants;

/// Dabbaba, a fairy-chess engine. Without a subcommand it runs the protocol loop.
#[derive(Debug, Parser)]
#[command(name = "dabbaba", version, about)]
pub struct Cli {
    /// Write logs to this file instead of standard error.
    #[arg(long, global = true, value_name = "FILE")]
    pub log: Option<PathBuf>,
    /// More log output (repeat for more).
    #[arg(short, long, global = true, action = clap::ArgAction::Count)]
    pub verbose: u8,
    /// Only errors in the log.
    #[arg(short, long, global = true)]
    pub quiet: bool,
    /// Load more variants from this variants.ini file (repeatable; later files may inherit
    /// from built-ins and earlier files).
    #[arg(long = "variants", global = true, value_name = "FILE")]
    pub variant_files: Vec<PathBuf>,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Draw a piece's moves (XBetza) on a board, or print them as JSON.
    Piece(piece::PieceArgs),
    /// Validate variants.ini files: every problem as FILE:LINE: key: reason.
    Check(check::CheckArgs),
    /// List the known variants with board size and pieces.
    Variants(variants::VariantsArgs),
    /// Search a fixed set of positions to a fixed depth; last line `<N> nodes <M> nps`.
    Bench(bench::BenchArgs),
    /// Count leaf nodes of the legal-move tree (move generator test and benchmark).
    Perft(perft::PerftArgs),
}

/// Parses the command line and runs it. Exit codes: 0 success, 1 user error, 2 usage error.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    if let Err(err) = logging::init(cli.log.as_deref(), cli.verbose, cli.quiet) {
        eprintln!("error: {err:#}");
        return ExitCode::from(1);
    }
    let outcome = match cli.command {
        None => protocol_loop::run(&cli.variant_files),
        Some(Command::Piece(args)) => piece::run(&args),
        Some(Command::Check(args)) => check::run(&args, &cli.variant_files),
        Some(Command::Variants(args)) => variants::run(&args, &cli.variant_files),
        Some(Command::Perft(args)) => perft::run(&args, &cli.variant_files),
        Some(Command::Bench(args)) => bench::run(&args, &cli.variant_files),
    };
    match outcome {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::from(1)
        }
    }
}
