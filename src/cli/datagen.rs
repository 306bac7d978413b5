//! `dabbaba datagen`: positions for the evaluation tuner from seeded self-play.
//!
//! Each game starts from the variant's start position with a few random legal moves (so that
//! games differ), then both sides search a fixed number of nodes per move. Every quiet
//! position of the game (side to move not in check, best move neither a capture nor a
//! promotion, no mate score) is a training position, written with the search score and the
//! game's result, as text:
//!
//! ```text
//! FEN | SCORE | RESULT | GAME
//! ```
//!
//! `SCORE` is the search score in centipawns and `RESULT` the result (1, 0.5 or 0), both from
//! White's point of view; `GAME` is the game's number. `--format binary` writes whole games
//! instead (moves and scores, [`super::datafile`]), about a fifth of the size. A game is a
//! pure function of the seed, the game number and the settings (one thread per game, fresh
//! hash and histories), so a run can be stopped and started again with the same command:
//! games already in the file are skipped (a binary file's game cut off by the stop is
//! dropped and played again); `--positions N` ends a run early, once it has written N
//! training positions. Games end by the variant's rules, or are adjudicated: a win when the score stays
//! above `--win-score` for both sides for 8 plies, a draw at `--max-plies`. With `--nnue` (the
//! variant's built-in net) or `--eval-file NET` both sides evaluate with a net, so that a
//! training round learns from the best net so far.

use std::collections::HashSet;
use std::fs::OpenOptions;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use anyhow::Context;
use clap::Args;

use super::datafile::{
    binary_header, binary_variant, format_of, games_in, Format, GameRecord, Ply,
};
use super::net_args::NetArgs;
use crate::cli::output::say;
use crate::engine::game::GameResult;
use crate::engine::options::names;
use crate::engine::Engine;
use crate::search::{Limits, MATE_BOUND};

#[derive(Debug, Args)]
pub struct DatagenArgs {
    /// Variant name (built-in or from --variants files).
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// Games to play (numbered from --first-game to N-1; those already in the output are
    /// skipped).
    #[arg(long, default_value_t = 1000)]
    pub games: u64,
    /// The number of the first game: a run of games F to N-1 is one shard of a larger run
    /// (each game depends only on the seed, its number and the settings, so shards played
    /// apart and joined in order are the games of one run; `scripts/cluster.py datagen`).
    #[arg(long, default_value_t = 0)]
    pub first_game: u64,
    /// Stop once this run has written this many training positions (the games under way
    /// are finished and kept); without it, the run plays all of `--games`.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub positions: Option<u64>,
    /// Nodes per move.
    #[arg(long, default_value_t = 5000)]
    pub nodes: u64,
    /// Random legal moves at the start of each game.
    #[arg(long, default_value_t = 8)]
    pub random_plies: u32,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once (one search thread each).
    #[arg(long, visible_alias = "threads", default_value_t = 1)]
    pub jobs: usize,
    /// Adjudicate a win when both sides' scores agree beyond this many centipawns.
    #[arg(long, default_value_t = 1500)]
    pub win_score: i32,
    /// Adjudicate a draw after this many plies.
    #[arg(long, default_value_t = 400)]
    pub max_plies: usize,
    /// The evaluation both sides play with (a training round's data comes from the best net
    /// so far).
    #[command(flatten)]
    pub net: NetArgs,
    /// Output file, appended to (in its own format when it exists).
    #[arg(long)]
    pub out: PathBuf,
    /// The output's format: text lines or binary games (`nets/README.md`).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// Runs `datagen`.
pub fn run(args: &DatagenArgs, variant_files: &[PathBuf]) -> anyhow::Result<ExitCode> {
    let set = super::variants::variant_set(variant_files)?;
    if set.get(&args.variant).is_none() {
        anyhow::bail!("unknown variant '{}'", args.variant);
    }
    // Options that cannot be used (a net that is not there) fail here, before the output
    // file is created.
    setup(
        &mut Engine::with_variants(set.clone()),
        &Settings::from(args),
    )?;
    let shown = args.out.display().to_string();
    if let Some(existing) = format_of(&args.out)? {
        if existing != args.format {
            anyhow::bail!(
                "{shown} holds {} data; give --format {} to add to it",
                format_name(existing),
                format_name(existing)
            );
        }
    }
    if let Some(v) = binary_variant(&args.out)? {
        if v != args.variant {
            anyhow::bail!("{shown} holds games of variant {v}, not {}", args.variant);
        }
    }
    let (done, whole_until) = games_in(&args.out)?;
    let done: HashSet<u64> = done.into_iter().collect();
    let todo: Vec<u64> = (args.first_game..args.games)
        .filter(|g| !done.contains(g))
        .collect();
    let mut file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args.out)
        .with_context(|| format!("cannot write {shown}"))?;
    let len = file.metadata().map(|m| m.len()).unwrap_or(0);
    if let Some(end) = whole_until.filter(|&e| (e as u64) < len) {
        // A stop cut the last game off: it goes, and is played again.
        file.set_len(end as u64)
            .with_context(|| format!("cannot cut {shown} to its whole games"))?;
        say!("{shown}: dropped an unfinished game at the end");
    }
    if args.format == Format::Binary && len == 0 {
        file.write_all(&binary_header(&args.variant))
            .with_context(|| format!("cannot write {shown}"))?;
    }
    let next = Arc::new(AtomicU64::new(0));
    // Set when `--positions` are written: workers take no new game after it.
    let enough = Arc::new(AtomicBool::new(false));
    let todo = Arc::new(todo);
    let (tx, rx) = crossbeam_channel::unbounded::<anyhow::Result<GameRecord>>();
    let mut workers = Vec::new();
    for _ in 0..args.jobs.max(1) {
        let (next, enough, todo, tx, set) = (
            Arc::clone(&next),
            Arc::clone(&enough),
            Arc::clone(&todo),
            tx.clone(),
            set.clone(),
        );
        let settings = Settings::from(args);
        workers.push(std::thread::spawn(move || {
            let mut engine = Engine::with_variants(set);
            if let Err(e) = setup(&mut engine, &settings) {
                let _ = tx.send(Err(e));
                return;
            }
            while !enough.load(Ordering::Relaxed) {
                let k = next.fetch_add(1, Ordering::Relaxed) as usize;
                let Some(&number) = todo.get(k) else { break };
                if tx.send(play(&mut engine, &settings, number)).is_err() {
                    break;
                }
            }
        }));
    }
    drop(tx);
    // The bar counts what ends the run: positions with `--positions`, games otherwise.
    let pb = match args.positions {
        Some(n) => super::progress::bar(n, "datagen positions"),
        None => super::progress::bar(todo.len() as u64, "datagen"),
    };
    let (mut games, mut positions, mut score) = (0u64, 0u64, 0.0f64);
    for game in rx {
        let game = game?;
        let bytes = match args.format {
            Format::Text => game.to_text().into_bytes(),
            Format::Binary => game.to_binary()?,
        };
        file.write_all(&bytes)
            .with_context(|| format!("cannot write {shown}"))?;
        games += 1;
        let samples = game.plies.iter().filter(|p| p.sample.is_some()).count() as u64;
        positions += samples;
        score += game.white_result as f64;
        pb.inc(if args.positions.is_some() { samples } else { 1 });
        if args.positions.is_some_and(|n| positions >= n) {
            enough.store(true, Ordering::Relaxed);
        }
    }
    pb.finish_and_clear();
    for w in workers {
        // The games a failed worker did not finish are missing from the file; say so rather
        // than report a short run as complete (running the command again plays them).
        if w.join().is_err() {
            anyhow::bail!("a datagen worker failed; run the same command again to resume");
        }
    }
    say!(
        "{games} games ({} already in the file), {positions} positions, White scored {:.1}%",
        done.len(),
        if games > 0 {
            100.0 * score / games as f64
        } else {
            0.0
        }
    );
    Ok(ExitCode::SUCCESS)
}

fn format_name(f: Format) -> &'static str {
    match f {
        Format::Text => "text",
        Format::Binary => "binary",
    }
}

/// What each worker needs from the arguments.
#[derive(Debug, Clone)]
struct Settings {
    variant: String,
    nodes: u64,
    random_plies: u32,
    seed: u64,
    win_score: i32,
    max_plies: usize,
    net: NetArgs,
}

impl From<&DatagenArgs> for Settings {
    fn from(a: &DatagenArgs) -> Settings {
        Settings {
            variant: a.variant.clone(),
            nodes: a.nodes,
            random_plies: a.random_plies,
            seed: a.seed,
            win_score: a.win_score,
            max_plies: a.max_plies,
            net: a.net.clone(),
        }
    }
}

fn setup(engine: &mut Engine, s: &Settings) -> anyhow::Result<()> {
    setup_self_play(engine, &s.variant, &s.net)
}

/// An engine for self-play (datagen, book): the variant, one thread, the chosen evaluation.
pub(super) fn setup_self_play(
    engine: &mut Engine,
    variant: &str,
    net: &NetArgs,
) -> anyhow::Result<()> {
    engine.set_variant(variant)?;
    engine.set_option(names::THREADS, Some("1"))?;
    net.apply(engine, variant)
}

/// A xorshift generator seeded by the run's seed and the game number.
pub(super) fn rng(seed: u64, game: u64) -> impl FnMut() -> u64 {
    let mut x = (seed ^ 0x9E37_79B9_7F4A_7C15).wrapping_mul(game.wrapping_add(1) | 1)
        ^ game.wrapping_mul(0xD1B5_4A32_D192_ED03);
    if x == 0 {
        x = 1;
    }
    move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    }
}

fn white_score(r: GameResult) -> f32 {
    match r {
        GameResult::WhiteWins => 1.0,
        GameResult::BlackWins => 0.0,
        GameResult::Draw => 0.5,
    }
}

/// Plays game `number`.
fn play(engine: &mut Engine, s: &Settings, number: u64) -> anyhow::Result<GameRecord> {
    let mut next = rng(s.seed, number);
    // Random openings that end the game are drawn again.
    loop {
        engine.new_game();
        engine.set_position(None, &[])?;
        let mut ok = true;
        for _ in 0..s.random_plies {
            let legal = engine.legal_moves();
            if legal.is_empty() || engine.game_over().is_some() {
                ok = false;
                break;
            }
            engine.play_move(legal[(next() % legal.len() as u64) as usize])?;
        }
        if ok && engine.game_over().is_none() && !engine.legal_moves().is_empty() {
            break;
        }
    }
    let limits = Limits {
        nodes: Some(s.nodes),
        ..Limits::default()
    };
    let start_fen = engine.fen();
    let mut plies = Vec::new();
    // Consecutive plies with a decisive score for White (+) or Black (-).
    let mut decisive = 0i32;
    let result = loop {
        if let Some(over) = engine.game_over() {
            break white_score(over.result);
        }
        if engine.moves_played() >= s.max_plies {
            break 0.5;
        }
        let (best, outcome) = engine.search_sync(&limits);
        let (Some(mv), Some(text)) = (best.best_move, best.best) else {
            anyhow::bail!("game {number}: no move in {}", engine.fen());
        };
        let white = engine.side_to_move().sign();
        let score = outcome.score * white;
        let detail = engine
            .legal_move_details()
            .into_iter()
            .find(|d| d.mv == mv)
            .with_context(|| format!("game {number}: {text} is not legal in {}", engine.fen()))?;
        let quiet = !detail.capture && detail.promotion.is_none() && !detail.piece_promotion;
        let sample = quiet && outcome.score.abs() < MATE_BOUND && !engine.in_check();
        plies.push(Ply {
            uci: text,
            white_score: score,
            sample: sample.then(|| engine.fen()),
        });
        decisive = match (score >= s.win_score, score <= -s.win_score) {
            (true, _) => decisive.max(0) + 1,
            (_, true) => decisive.min(0) - 1,
            _ => 0,
        };
        if decisive.abs() >= 8 {
            break if decisive > 0 { 1.0 } else { 0.0 };
        }
        engine.play_move(mv)?;
    };
    Ok(GameRecord {
        number,
        white_result: result,
        start_fen,
        plies,
    })
}
