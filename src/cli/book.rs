//! `dabbaba book`: an opening book made by self-play, the way the Bridget paper among our
//! source documents made its own: games from every first move, the moves varied at random,
//! and the opening of every game that stayed contested kept.
//!
//! Game `g` starts with the `g mod N`-th of the N legal first moves. For the book's first
//! `--plies` plies each move is drawn at random (seeded by `--seed` and `g`) among the
//! `--multipv` best lines of a `--nodes` search that score within `--margin` centipawns of
//! the best; then both sides play their best move until the game ends, is adjudicated
//! (8 plies with a score of `--win-score` or more for one side) or reaches `--max-plies`.
//! A game's opening is **kept** when the score after it is within `--max-eval` of `--centre`
//! (0 by default: balanced) and
//! the game lasted `--min-plies` or more (contested: a game decided early shows a mistake in
//! its opening); else it is **short** or **unbalanced**.
//!
//! The book file is text, one line per game, so that a stopped run resumes with the same
//! command (games already in it are not played again) and any board and piece set fits:
//!
//! ```text
//! # dabbaba opening book 1
//! variant chess
//! fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
//! plies 8
//! settings games 4 nodes 5000 multipv 4 margin 40 max-eval 150 min-plies 60 max-plies 240 win-score 1000 seed 1
//! game 0 kept score 23 length 112 result 1/2-1/2 moves e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6
//! game 1 short score -40 length 31 result 0-1 moves e2e3 d7d5 ...
//! ```
//!
//! A run that resumes a book must use the same settings (`--games` may grow), so that every
//! verdict in it was made alike. `score` is the search score for White after the book plies, `length` the game's plies,
//! `moves` the book plies in UCI text (fewer when the game ended inside them). The kept lines
//! are the book: a trie of moves whose counts say how often each line was kept. `--epd FILE`
//! and `--pgn FILE` export them as opening suites for cutechess-cli and `scripts/match.py`:
//! the position after each distinct kept line (most kept first), or the line itself in SAN.

use std::collections::HashSet;
use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use anyhow::{bail, Context};
use clap::Args;

use super::net_args::NetArgs;
use crate::board::Move;
use crate::cli::output::say;
use crate::engine::book::{kept_lines, BookFile, BookGame, Verdict};
use crate::engine::game::GameResult;
use crate::engine::options::names;
use crate::engine::Engine;
use crate::search::{Limits, MATE_BOUND};

#[derive(Debug, Args)]
pub struct BookArgs {
    /// Variant name (built-in or from --variants files).
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// The position the book starts from (default: the variant's start position).
    #[arg(long)]
    pub fen: Option<String>,
    /// The book file: created, or added to (a run resumes where it stopped).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Games from each first move.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u64).range(1..))]
    pub games: u64,
    /// Plies of each kept opening (the book's depth).
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=60))]
    pub plies: u32,
    /// Nodes searched per move.
    #[arg(long, default_value_t = 5000, value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: u64,
    /// Lines searched per book ply, among which the move is drawn.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub multipv: u32,
    /// A book move is drawn among the lines within this many centipawns of the best.
    #[arg(long, value_name = "CP", default_value_t = 40, value_parser = clap::value_parser!(i32).range(0..))]
    pub margin: i32,
    /// Keep an opening only if the score after it is within this many centipawns (of
    /// --centre).
    #[arg(long, value_name = "CP", default_value_t = 150, value_parser = clap::value_parser!(i32).range(0..=30000))]
    pub max_eval: i32,
    /// The score for White that a kept opening is centred on: positive where the side to move
    /// first is worse off than the search thinks (janggi, where the second player gets 1.5
    /// points), so that the kept openings give it back.
    #[arg(long, value_name = "CP", default_value_t = 0, allow_negative_numbers = true,
          value_parser = clap::value_parser!(i32).range(-30000..=30000))]
    pub centre: i32,
    /// Keep an opening only if its game lasted this many plies or more.
    #[arg(long, default_value_t = 60)]
    pub min_plies: u32,
    /// A game still going after this many plies is a draw.
    #[arg(long, default_value_t = 240)]
    pub max_plies: u32,
    /// A game is won once a side's score stays at or above this for 8 plies.
    #[arg(long, value_name = "CP", default_value_t = 1000)]
    pub win_score: i32,
    /// Seed of the random draws (the games are a function of it and the settings).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once (one thread each).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub jobs: u32,
    /// Write the position after each distinct kept line, one FEN a line.
    #[arg(long, value_name = "FILE")]
    pub epd: Option<PathBuf>,
    /// Write each distinct kept line as a PGN game (SAN, with the variant's tag).
    #[arg(long, value_name = "FILE")]
    pub pgn: Option<PathBuf>,
    /// The evaluation.
    #[command(flatten)]
    pub net: NetArgs,
}

/// The header's settings line for a run's arguments (without the number of games, which a
/// later run may raise).
fn settings_line(a: &BookArgs) -> String {
    // `centre` only where it is not 0, so that the books made before it still resume.
    let centre = if a.centre != 0 {
        format!(" centre {}", a.centre)
    } else {
        String::new()
    };
    format!(
        "nodes {} multipv {} margin {} max-eval {}{centre} min-plies {} max-plies {} win-score {} \
         seed {}",
        a.nodes, a.multipv, a.margin, a.max_eval, a.min_plies, a.max_plies, a.win_score, a.seed
    )
}

/// The settings a game is played with.
#[derive(Clone)]
struct Settings {
    variant: String,
    fen: String,
    first_moves: Arc<Vec<String>>,
    plies: u32,
    nodes: u64,
    multipv: u32,
    margin: i32,
    max_eval: i32,
    centre: i32,
    min_plies: u32,
    max_plies: u32,
    win_score: i32,
    seed: u64,
    net: NetArgs,
}

fn setup(engine: &mut Engine, s: &Settings) -> anyhow::Result<()> {
    super::datagen::setup_self_play(engine, &s.variant, &s.net)
}

fn result_text(r: GameResult) -> &'static str {
    match r {
        GameResult::WhiteWins => "1-0",
        GameResult::BlackWins => "0-1",
        GameResult::Draw => "1/2-1/2",
    }
}

/// Plays game `number` (see the module documentation).
fn play(engine: &mut Engine, s: &Settings, number: u64) -> anyhow::Result<BookGame> {
    let mut next = super::datagen::rng(s.seed, number);
    engine.new_game();
    engine.set_position(Some(&s.fen), &[])?;
    let first = &s.first_moves[(number % s.first_moves.len() as u64) as usize];
    engine.play_move(engine.parse_move(first)?)?;
    let mut moves = vec![first.clone()];
    let limits = Limits {
        nodes: Some(s.nodes),
        ..Limits::default()
    };
    engine.set_option(names::MULTIPV, Some(&s.multipv.to_string()))?;
    while moves.len() < s.plies as usize && engine.game_over().is_none() {
        let (_, outcome) = engine.search_sync(&limits);
        let lines = engine.line_first_moves(&outcome);
        let Some(&(_, best)) = lines.first() else {
            break;
        };
        let near: Vec<Move> = lines
            .iter()
            .filter(|(_, score)| *score >= best - s.margin)
            .map(|&(m, _)| m)
            .collect();
        let m = near[(next() % near.len() as u64) as usize];
        moves.push(engine.move_text(m));
        engine.play_move(m)?;
    }
    engine.set_option(names::MULTIPV, Some("1"))?;
    let mut score = None;
    let mut decisive = 0i32;
    let result = loop {
        if let Some(over) = engine.game_over() {
            break result_text(over.result);
        }
        if engine.moves_played() >= s.max_plies as usize {
            break "1/2-1/2";
        }
        let (best, outcome) = engine.search_sync(&limits);
        let Some(mv) = best.best_move else {
            bail!("game {number}: no move in {}", engine.fen());
        };
        let white = engine.side_to_move().sign() * outcome.score;
        score.get_or_insert(white);
        decisive = match (white >= s.win_score, white <= -s.win_score) {
            (true, _) => decisive.max(0) + 1,
            (_, true) => decisive.min(0) - 1,
            _ => 0,
        };
        if decisive.abs() >= 8 {
            break if decisive > 0 { "1-0" } else { "0-1" };
        }
        engine.play_move(mv)?;
    };
    let length = engine.moves_played() as u32;
    // A game over inside the book plies has no score after them: it was decided early.
    let score = score.unwrap_or(if result == "1-0" {
        MATE_BOUND
    } else if result == "0-1" {
        -MATE_BOUND
    } else {
        0
    });
    let verdict = if length < s.min_plies {
        Verdict::Short
    } else if (score - s.centre).abs() > s.max_eval {
        Verdict::Unbalanced
    } else {
        Verdict::Kept
    };
    Ok(BookGame {
        number,
        verdict,
        score,
        length,
        result,
        moves,
    })
}

/// Runs `book`.
pub fn run(args: &BookArgs, variant_files: &[PathBuf]) -> anyhow::Result<ExitCode> {
    let set = super::variants::variant_set(variant_files)?;
    let mut engine = Engine::with_variants(set.clone());
    engine.set_variant(&args.variant)?;
    engine.set_position(args.fen.as_deref(), &[])?;
    let fen = engine.fen();
    let first_moves: Vec<String> = engine
        .legal_moves()
        .into_iter()
        .map(|m| engine.move_text(m))
        .collect();
    if first_moves.is_empty() || engine.game_over().is_some() {
        bail!("the game is over in {fen}: no book can start there");
    }
    let settings = Settings {
        variant: args.variant.clone(),
        fen: fen.clone(),
        first_moves: Arc::new(first_moves),
        plies: args.plies,
        nodes: args.nodes,
        multipv: args.multipv,
        margin: args.margin,
        max_eval: args.max_eval,
        centre: args.centre,
        min_plies: args.min_plies,
        max_plies: args.max_plies,
        win_score: args.win_score,
        seed: args.seed,
        net: args.net.clone(),
    };
    // Options that cannot be used (a net that is not there) fail before the file is touched.
    setup(&mut engine, &settings)?;
    let shown = args.out.display().to_string();
    let existing = BookFile::read(&args.out)?;
    let mut games = match &existing {
        Some(b) => {
            if (b.variant.as_str(), b.fen.as_str(), b.plies) != (&args.variant, &fen, args.plies) {
                bail!(
                    "{shown} is a book of {} from {} to {} plies; this run asks for {} from {} \
                     to {} plies",
                    b.variant,
                    b.fen,
                    b.plies,
                    args.variant,
                    fen,
                    args.plies
                );
            }
            if b.settings != settings_line(args) {
                bail!(
                    "{shown} was made with {}; this run asks for {} (a book keeps one set of \
                     settings, so that its verdicts are alike)",
                    b.settings,
                    settings_line(args)
                );
            }
            b.games.clone()
        }
        None => Vec::new(),
    };
    let done: HashSet<u64> = games.iter().map(|g| g.number).collect();
    let total = settings.first_moves.len() as u64 * args.games;
    let todo: Vec<u64> = (0..total).filter(|g| !done.contains(g)).collect();
    let header = BookFile::header(
        &args.variant,
        &fen,
        args.plies,
        args.games,
        &settings_line(args),
    );
    rewrite_whole_lines(&args.out, existing.is_none().then_some(&header))?;
    let mut file = OpenOptions::new()
        .append(true)
        .open(&args.out)
        .with_context(|| format!("cannot write {shown}"))?;
    let next = Arc::new(AtomicU64::new(0));
    let todo = Arc::new(todo);
    let (tx, rx) = crossbeam_channel::unbounded::<anyhow::Result<BookGame>>();
    let mut workers = Vec::new();
    for _ in 0..args.jobs {
        let (next, todo, tx, set, settings) = (
            Arc::clone(&next),
            Arc::clone(&todo),
            tx.clone(),
            set.clone(),
            settings.clone(),
        );
        workers.push(std::thread::spawn(move || {
            let mut engine = Engine::with_variants(set);
            if let Err(e) = setup(&mut engine, &settings) {
                let _ = tx.send(Err(e));
                return;
            }
            loop {
                let k = next.fetch_add(1, Ordering::Relaxed) as usize;
                let Some(&number) = todo.get(k) else { break };
                if tx.send(play(&mut engine, &settings, number)).is_err() {
                    break;
                }
            }
        }));
    }
    drop(tx);
    let pb = super::progress::bar(todo.len() as u64, "book games");
    let mut played = 0u64;
    for game in rx {
        let game = game?;
        file.write_all(game.to_line().as_bytes())
            .with_context(|| format!("cannot write {shown}"))?;
        games.push(game);
        played += 1;
        pb.inc(1);
    }
    pb.finish_and_clear();
    for w in workers {
        if w.join().is_err() {
            bail!("a book worker failed; run the same command again to resume");
        }
    }
    let lines = kept_lines(&games);
    let count = |v: Verdict| games.iter().filter(|g| g.verdict == v).count();
    say!(
        "{shown}: {played} games played ({} already in the book), {} kept, {} short, {} \
         unbalanced; {} distinct lines",
        done.len(),
        count(Verdict::Kept),
        count(Verdict::Short),
        count(Verdict::Unbalanced),
        lines.len()
    );
    if let Some(path) = &args.epd {
        write_epd(&mut engine, &fen, &lines, path)?;
    }
    if let Some(path) = &args.pgn {
        write_pgn(&set, &args.variant, &fen, &lines, path)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes the `header` of a new book, or cuts an existing one (whose header is whole, as
/// [`BookFile::read`] checked) back to its whole lines: a stop in the middle of a write leaves a
/// game's line cut short, and that game is played again.
fn rewrite_whole_lines(path: &Path, header: Option<&String>) -> anyhow::Result<()> {
    let shown = path.display();
    if let Some(header) = header {
        return std::fs::write(path, header).with_context(|| format!("cannot write {shown}"));
    }
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {shown}"))?;
    if !text.ends_with('\n') {
        let whole = text.rfind('\n').map_or(0, |i| i + 1);
        std::fs::write(path, &text[..whole]).with_context(|| format!("cannot write {shown}"))?;
        say!("{shown}: dropped an unfinished line at the end");
    }
    Ok(())
}

fn write_epd(
    engine: &mut Engine,
    fen: &str,
    lines: &[(Vec<String>, u64)],
    path: &Path,
) -> anyhow::Result<()> {
    let mut out = String::new();
    let mut seen = HashSet::new();
    for (moves, _) in lines {
        engine.set_position(Some(fen), moves)?;
        let end = engine.fen();
        if seen.insert(end.clone()) {
            out.push_str(&end);
            out.push('\n');
        }
    }
    std::fs::write(path, out).with_context(|| format!("cannot write {}", path.display()))?;
    say!("{}: {} positions", path.display(), seen.len());
    Ok(())
}

fn write_pgn(
    set: &crate::variant::VariantSet,
    variant: &str,
    fen: &str,
    lines: &[(Vec<String>, u64)],
    path: &Path,
) -> anyhow::Result<()> {
    let v = set.require(variant)?;
    let tables = crate::board::AnyTables::new(v)?;
    let start = super::game::set_up(&tables, Some(fen), &[], false)?;
    let standard_start = fen == v.start_fen;
    let mut fields = fen.split_whitespace();
    let black_first = fields.nth(1) == Some("b");
    let first_number: u32 = fen
        .split_whitespace()
        .last()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1);
    let mut out = String::new();
    for (round, (moves, count)) in lines.iter().enumerate() {
        let Some(san) = start.san_line(moves) else {
            bail!("a kept line has no SAN form: {}", moves.join(" "));
        };
        out.push_str(&format!("[Event \"dabbaba book: kept {count}\"]\n"));
        out.push_str(&format!("[Round \"{}\"]\n", round + 1));
        out.push_str("[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n");
        if variant != "chess" {
            out.push_str(&format!("[Variant \"{variant}\"]\n"));
        }
        if !standard_start {
            out.push_str(&format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n"));
        }
        out.push('\n');
        out.push_str(&movetext(&san, first_number, black_first));
        out.push_str(" *\n\n");
    }
    std::fs::write(path, out).with_context(|| format!("cannot write {}", path.display()))?;
    say!("{}: {} games", path.display(), lines.len());
    Ok(())
}

/// PGN move text: numbers before White's moves (and `N...` before a first move of Black's).
fn movetext(san: &[String], first_number: u32, black_first: bool) -> String {
    let mut parts = Vec::new();
    for (i, m) in san.iter().enumerate() {
        let ply = i as u32 + u32::from(black_first);
        let number = first_number + ply / 2;
        if ply % 2 == 0 {
            parts.push(format!("{number}. {m}"));
        } else if i == 0 {
            parts.push(format!("{number}... {m}"));
        } else {
            parts.push(m.clone());
        }
    }
    parts.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_numbers() {
        let san: Vec<String> = ["e4", "e5", "Nf3"].iter().map(|s| s.to_string()).collect();
        assert_eq!(movetext(&san, 1, false), "1. e4 e5 2. Nf3");
        assert_eq!(movetext(&san, 5, true), "5... e4 6. e5 Nf3");
    }
}
