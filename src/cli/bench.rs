//! `dabbaba bench`: a fixed set of positions searched to a fixed depth. The last line is
//! `<N> nodes <M> nps` (OpenBench convention); with one thread the node count is a signature
//! of the binary (same binary, same count).
//!
//! Positions: for standard chess the start position, a well-known perft test position and 43
//! positions from seeded random games (generated once for this file); for every other variant
//! its start position and four positions reached by seeded pseudo-random legal moves from it.

use crate::cli::output::say;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use clap::Args;

use super::net_args::NetArgs;
use crate::engine::options::names;
use crate::engine::Engine;
use crate::search::Limits;

#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Variant name, or `all` for every variant that can be played.
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// Search depth in plies.
    #[arg(long, default_value_t = 10)]
    pub depth: u32,
    /// Search threads.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Transposition table size in MB.
    #[arg(long, default_value_t = 16)]
    pub hash: usize,
    /// NDJSON: one object per position (`variant`, `index`, `fen`, `nodes`, `bestmove`,
    /// `time_ms`), then `{"type": "total", "nodes", "nps", "time_ms"}`.
    #[arg(long)]
    pub json: bool,
    /// The evaluation (with `--variant all`, `--nnue` plays the nets of the variants that
    /// have one and skips the others).
    #[command(flatten)]
    pub net: NetArgs,
}

/// Chess bench positions.
pub const CHESS_FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/3k4/8/5p2/1P6/8/4P3/3K2b1 w - - 0 35",
    "2b5/p2k2rp/p4pp1/2Kp4/4R3/1P6/PP6/R1B5 b - - 3 28",
    "2R5/8/3pp3/B7/3k4/q4P2/2P1K3/4N3 b - - 0 33",
    "1n6/1p1k4/2n5/1p5p/5P2/RN6/3Pr1PP/1K4R1 w - - 1 27",
    "rn1qk3/1pp3pB/p6B/3PP3/P7/1P4Pb/2P2K1P/RN5R b - - 0 17",
    "rnb1k1nr/Rp4pp/2p5/2bp1pq1/3P1p2/1PN2P2/1QP1P1PP/4KBNR b Kkq - 0 9",
    "rn4n1/p2k4/2p5/p6B/8/1PK4P/6P1/6NR b - - 0 27",
    "2b5/3p4/7k/1p4p1/1P2p1P1/4B1P1/8/1N1K4 w - - 5 34",
    "rn1qkbnr/p1p1pp2/1p1p4/5bpp/1P1PP3/5P1N/P1P3PP/RNBQKB1R b KQkq - 0 6",
    "5b1r/7p/1P2k2p/2p5/2K2p2/3B4/1PP4P/1N6 b - - 2 23",
    "r1b1kbnr/1p1p1ppp/p1p1p3/8/P6K/2N2P1N/3PP1P1/n1BQ1B1R b kq - 0 9",
    "r4k2/3R4/3b4/p1p5/2P5/7K/4PP1P/8 w - - 1 25",
    "1nb3nr/r1ppkppp/8/2p1P3/7P/N5N1/PP1P2PR/R1B1KB2 w Q - 2 13",
    "1nbq2nr/1p1k3p/8/p3pp2/P7/2P4P/1P1NPPP1/R3KBNR b - - 0 13",
    "1rbqkbnr/1pppp1p1/p1n5/1N3p1p/6P1/5P1B/PPPPP2P/R1BQK1NR w KQk - 0 6",
    "8/7k/1p6/p3p3/P4P1P/4P3/4P3/2K5 b - - 2 34",
    "r3kb2/p2qp1r1/1pnp3B/2p5/2P5/3K4/PP3P1P/RN2Q2R w - - 2 17",
    "r7/4bkp1/B7/2Pb4/8/2PKP3/1P3P1r/1N4N1 w - - 0 26",
    "r1b4r/3kp2p/B7/3p1pb1/3P2n1/1P3P1P/P1P3P1/R1B1K1NR b KQ - 0 15",
    "8/4p3/6Bb/PPk1p3/6b1/2K1P3/8/8 b - - 0 34",
    "r5r1/p1p3Qp/1pnqk3/3n4/6b1/P6N/P2PPP1P/R1BK1B1R w - - 1 15",
    "6nN/2b5/3r4/2k4p/8/3P1K2/6R1/8 b - - 5 32",
    "8/k7/2B5/p7/8/8/P3b3/4K3 w - - 0 33",
    "1nR5/rp1p4/2p4b/4k3/1P4p1/6N1/2P2K2/5B2 w - - 1 25",
    "5r2/5p2/5k2/1p2p3/4K3/Pp6/6R1/1N6 w - - 2 31",
    "rnbqkbnr/2pp2pp/8/p5p1/B3Pp2/1PP5/PB1P2PP/RN1QK2R w KQkq - 0 10",
    "r3kbn1/p1p2ppr/2np4/8/P7/1P1P2p1/2P1B3/R1BQK1N1 w Qq - 0 15",
    "1nbq1knr/rpp1bpp1/p2p4/7p/2P1P3/P4PK1/1P1NP1PP/RNB1QB1R b - - 1 10",
    "r2k4/pp1n4/3N4/8/2P2P2/8/P3n3/R2K4 b - - 0 23",
    "rnbqkbnr/pppp3p/4p3/5pp1/8/4PP2/PPPPK1PP/RNBQ1BNR w kq - 0 6",
    "7r/8/3kp2p/5p2/3P1P1P/8/4K2P/1N6 b - - 0 31",
    "3r4/2p3p1/ppn3kp/4p3/2P1P2P/5r2/P4P2/R1K2N1R b - - 3 20",
    "1k5r/4n2p/b3p3/2p2p2/2P5/1P2R3/P1K4P/RN6 b - - 3 23",
    "1n2k1nr/2p5/B1b5/3p2pp/8/2P1P2P/1P1B2PR/4K3 b - - 1 26",
    "2r1kbnr/1p6/2p1p3/p3p1pp/8/2PP4/PBK1PP1P/RN4NR w - - 2 17",
    "rnb1kbn1/pp1p1pp1/4p3/7r/3p4/N2P2PP/P1P1KP2/R1B2BNR w q - 0 11",
    "rnb1kb1r/2pp1ppp/p3p3/1p6/4P1nq/1P1B1P2/P1PPK2P/RNBQ2NR w kq - 0 7",
    "2b1kb1r/3pppp1/pqp5/4P2p/3N3P/2P3P1/PB1P4/RN1K3R b k - 3 12",
    "r3kb2/3R1p1r/7p/3p2pb/p2q1P2/8/PBPQP1KP/5BNR b q - 0 19",
    "7N/3kP3/8/3p3p/3P4/p7/7P/3K4 b - - 0 35",
    "r1q3n1/1pp1kp2/n7/P2ppr2/1P2P1P1/6P1/2PPP3/R1BQKB2 b Q - 0 16",
    "2b5/4n1k1/Pp2p3/pqb1PR2/2p5/P7/4N1K1/RN3B2 w - - 3 24",
    "r2qk1nr/pppb1p2/4p3/6pp/1P6/P3PP2/P2P2PP/R1BQ1KNR w kq - 1 10",
];

/// Plies of the pseudo-random openings for variants other than chess.
const RANDOM_PLIES: [u32; 4] = [6, 12, 18, 26];

/// The bench FENs of the engine's current variant.
pub fn positions(engine: &mut Engine) -> Vec<String> {
    if engine.variant().name == "chess" {
        return CHESS_FENS.iter().map(|s| s.to_string()).collect();
    }
    let mut out = Vec::new();
    if engine.set_position(None, &[]).is_err() {
        return out;
    }
    out.push(engine.fen());
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    for &plies in &RANDOM_PLIES {
        let _ = engine.set_position(None, &[]);
        let mut moves: Vec<String> = Vec::new();
        // The random walk is written as text and replayed: `set_position` is what is timed.
        for _ in 0..plies {
            let legal = engine.legal_moves();
            if legal.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            moves.push(engine.move_text(legal[(seed % legal.len() as u64) as usize]));
            if engine.set_position(None, &moves).is_err() {
                break;
            }
        }
        if !engine.legal_moves().is_empty() {
            out.push(engine.fen());
        }
    }
    out
}

/// Runs the bench on one variant; returns (nodes, seconds).
fn bench_variant(
    engine: &mut Engine,
    depth: u32,
    out: &mut String,
    rows: &mut Vec<serde_json::Value>,
    pb: &indicatif::ProgressBar,
) -> anyhow::Result<(u64, f64)> {
    engine.new_game();
    let fens = positions(engine);
    let mut nodes = 0;
    let mut secs = 0.0;
    for (i, fen) in fens.iter().enumerate() {
        engine
            .set_position(Some(fen), &[])
            .with_context(|| format!("bench position {fen}"))?;
        pb.set_message(format!(
            "{} {}/{}",
            engine.variant().name,
            i + 1,
            fens.len()
        ));
        let start = Instant::now();
        let (best, outcome) = engine.search_sync(&Limits::depth(depth));
        let took = start.elapsed().as_secs_f64();
        secs += took;
        rows.push(serde_json::json!({
            "type": "position",
            "variant": engine.variant().name,
            "index": i + 1,
            "fen": fen,
            "nodes": outcome.nodes,
            "bestmove": best.best,
            "time_ms": (took * 1000.0) as u64,
        }));
        nodes += outcome.nodes;
        out.push_str(&format!(
            "{} {}/{}: {} nodes {} bestmove {}\n",
            engine.variant().name,
            i + 1,
            fens.len(),
            fen,
            outcome.nodes,
            best.best.as_deref().unwrap_or("(none)")
        ));
    }
    Ok((nodes, secs))
}

pub fn run(args: &BenchArgs, variant_files: &[PathBuf]) -> anyhow::Result<ExitCode> {
    super::output::with_json_errors(args.json, || run_inner(args, variant_files))
}

fn run_inner(args: &BenchArgs, variant_files: &[PathBuf]) -> anyhow::Result<ExitCode> {
    let set = super::variants::variant_set(variant_files)?;
    let mut engine = Engine::with_variants(set);
    engine.set_option(names::HASH, Some(&args.hash.to_string()))?;
    engine.set_option(names::THREADS, Some(&args.threads.to_string()))?;
    let names: Vec<String> = if args.variant == "all" {
        engine.variant_names()
    } else {
        vec![args.variant.clone()]
    };
    let mut nodes = 0u64;
    let mut secs = 0.0;
    let pb = super::progress::spinner("bench");
    for name in &names {
        if let Err(e) = engine.set_variant(name) {
            if args.variant == "all" {
                eprintln!("skipped {name}: {e}");
                continue;
            }
            return Err(e.into());
        }
        if let Err(e) = args.net.apply(&mut engine, name) {
            if args.variant == "all" {
                eprintln!("skipped {name}: {e}");
                continue;
            }
            return Err(e);
        }
        let mut text = String::new();
        let mut rows = Vec::new();
        let (n, s) = bench_variant(&mut engine, args.depth.max(1), &mut text, &mut rows, &pb)?;
        if args.json {
            for r in &rows {
                super::output::json_line(r)?;
            }
        } else {
            pb.suspend(|| crate::cli::output::write_stdout(format_args!("{text}")));
        }
        nodes += n;
        secs += s;
    }
    pb.finish_and_clear();
    let nps = (nodes as f64 / secs.max(1e-9)) as u64;
    if args.json {
        super::output::json_line(&serde_json::json!({
            "type": "total",
            "nodes": nodes,
            "nps": nps,
            "time_ms": (secs * 1000.0) as u64,
        }))?;
        return Ok(ExitCode::SUCCESS);
    }
    say!();
    say!("{} nodes {} nps", nodes, nps);
    Ok(ExitCode::SUCCESS)
}
