//! The command line: clap definitions, logging set-up and the subcommands.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

pub mod analyse;
pub mod bench;
pub mod book;
pub mod check;
mod datafile;
pub mod datagen;
pub mod game;
mod logging;
mod net_args;
pub mod output;
pub mod perft;
mod piece;
pub mod progress;
mod protocol_loop;
pub mod status;
pub mod train;
pub mod tune;
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
    /// Evaluation weights for the variant the file names (repeatable; in place of the
    /// built-in weights; written by `dabbaba tune`).
    #[arg(long = "weights", global = true, value_name = "FILE")]
    pub weight_files: Vec<PathBuf>,
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
    /// Is the game over in a position? Result and reason.
    Status(status::StatusArgs),
    /// Search positions and print lines and the best move as text or NDJSON (--json).
    Analyse(analyse::AnalyseArgs),
    /// Self-play positions for the tuner: `FEN | SCORE | RESULT | GAME` lines.
    Datagen(datagen::DatagenArgs),
    /// Fit the evaluation weights to datagen positions (Texel's method); writes a weights file.
    Tune(tune::TuneArgs),
    /// Train an NNUE net on datagen positions; writes a net file for `EvalFile` or `nets/`.
    Train(train::TrainArgs),
    /// Build an opening book by self-play; export it as EPD or PGN opening suites.
    Book(book::BookArgs),
}

/// Parses the command line and runs it. Exit codes: 0 success, 1 user error, 2 usage error.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    if let Err(err) = logging::init(cli.log.as_deref(), cli.verbose, cli.quiet) {
        eprintln!("error: {err:#}");
        return ExitCode::from(1);
    }
    progress::set_quiet(cli.quiet);
    tracing::info!(
        "{} {}",
        crate::protocol::uci::ENGINE_NAME,
        std::env::args().skip(1).collect::<Vec<_>>().join(" ")
    );
    if let Err(err) = load_weights(&cli.weight_files, &cli.variant_files) {
        eprintln!("error: {err:#}");
        return ExitCode::from(1);
    }
    if cli.command.is_none() && cli.variant_files.iter().any(|f| variants::reads_stdin(f)) {
        eprintln!(
            "error: --variants -: standard input carries the protocol here; send the variants \
             in a `define` ... `end` block instead (see README)"
        );
        return ExitCode::from(1);
    }
    let outcome = match cli.command {
        None => protocol_loop::run(&cli.variant_files),
        Some(Command::Piece(args)) => piece::run(&args),
        Some(Command::Check(args)) => check::run(&args, &cli.variant_files),
        Some(Command::Variants(args)) => variants::run(&args, &cli.variant_files),
        Some(Command::Perft(args)) => perft::run(&args, &cli.variant_files),
        Some(Command::Bench(args)) => bench::run(&args, &cli.variant_files),
        Some(Command::Status(args)) => status::run(&args, &cli.variant_files),
        Some(Command::Analyse(args)) => analyse::run(&args, &cli.variant_files),
        Some(Command::Datagen(args)) => datagen::run(&args, &cli.variant_files),
        Some(Command::Tune(args)) => tune::run(&args, &cli.variant_files),
        Some(Command::Train(args)) => train::run(&args, &cli.variant_files),
        Some(Command::Book(args)) => book::run(&args, &cli.variant_files),
    };
    match outcome {
        Ok(code) => code,
        // A reader that stops early (`| head`) is not an error of ours.
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::from(1)
        }
    }
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
            || e.downcast_ref::<serde_json::Error>()
                .and_then(|j| j.io_error_kind())
                .is_some_and(|k| k == std::io::ErrorKind::BrokenPipe)
    })
}

/// Checks each `--weights` file against the variant it names and registers it.
fn load_weights(files: &[PathBuf], variant_files: &[PathBuf]) -> anyhow::Result<()> {
    if files.is_empty() {
        return Ok(());
    }
    let set = variants::variant_set(variant_files)?;
    for f in files {
        let text = std::fs::read_to_string(f)
            .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", f.display()))?;
        let names = crate::eval::check_weights(&text, &set)
            .map_err(|e| anyhow::anyhow!("{}:{e}", f.display()))?;
        tracing::info!("weights for {} from {}", names.join(", "), f.display());
        for name in names {
            crate::eval::register_weights(&name, text.clone());
        }
    }
    Ok(())
}
