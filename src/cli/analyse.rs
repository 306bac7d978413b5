//! `dabbaba analyse`: search positions from a script and print the result as text or NDJSON.
//!
//! One position (`--fen`, `--moves`): text mode prints one line per completed iteration (and
//! per MultiPV line), then the best move; `--json` prints one object per iteration line, then
//! a final `bestmove` object. A position whose game is already over gives a single `result`
//! object instead. Several positions (`--epd FILE`, `-` for standard input): one result per
//! position and a summary, with a progress bar on standard error when it is a terminal.
//!
//! JSON objects (one per line; every object has `type`):
//! - `info`: `depth seldepth multipv score{cp|mate} bound? wdl? nodes nps hashfull time_ms pv
//!   pv_san` (`pv_san` is `null` when a move of the line has no SAN form in the variant);
//! - `bestmove`: `bestmove ponder bestmove_san ponder_san score bound? wdl? depth seldepth nodes
//!   nps time_ms pv pv_san fen`;
//! - `result`: `result reason fen` (the game is over: `1-0`, `0-1`, `1/2-1/2`);
//! - `error`: `error` (exit code 1);
//! - with `--epd`, `bestmove`/`result`/`error` objects carry `index` (1-based line of the
//!   position among the positions), `fen`, `id` and, when the EPD gives `bm`/`am`, `bm`, `am`
//!   (as UCI) and `solved`; a final `summary` object counts them.

use super::net_args::NetArgs;
use crate::cli::output::say;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context};
use clap::{ArgGroup, Args};
use crossbeam_channel::{unbounded, Receiver};
use serde::Serialize;
use serde_json::{json, Map, Value};

use super::game::{set_up, GamePosition, Status};
use super::output::{error_text, json_line, with_json_errors};
use crate::board::AnyTables;
use crate::engine::options::names;
use crate::engine::{BestMove, Engine, Info, InfoLine};
use crate::search::{Bound, Limits, Score};

#[derive(Debug, Args)]
#[command(group(ArgGroup::new("limit").required(true).multiple(true).args(["depth", "movetime", "nodes"])))]
pub struct AnalyseArgs {
    /// Variant name (built-in or from --variants files).
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// The position (default: the variant's start position).
    #[arg(long, conflicts_with = "epd")]
    pub fen: Option<String>,
    /// Play these moves (UCI text) from the position first.
    #[arg(long, num_args = 1.., value_name = "MOVE", conflicts_with = "epd")]
    pub moves: Vec<String>,
    /// Search to this depth (plies).
    #[arg(long)]
    pub depth: Option<u32>,
    /// Search this many milliseconds.
    #[arg(long, value_name = "MS")]
    pub movetime: Option<u64>,
    /// Search this many nodes.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Number of best lines to report.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=500))]
    pub multipv: u32,
    /// Search threads.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: u32,
    /// Transposition table size in MB.
    #[arg(long, value_name = "MB", default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=32768))]
    pub hash: u32,
    /// Chess960 castling (X-FEN / Shredder-FEN).
    #[arg(long)]
    pub chess960: bool,
    /// Add win/draw/loss estimates (per mille) to each line.
    #[arg(long)]
    pub wdl: bool,
    /// Analyse every position of this EPD file (one FEN per line, optional `;` operations
    /// such as `bm`, `am`, `id`); `-` reads standard input.
    #[arg(long, value_name = "FILE")]
    pub epd: Option<PathBuf>,
    /// One JSON object per line (NDJSON) instead of text.
    #[arg(long)]
    pub json: bool,
    /// The evaluation.
    #[command(flatten)]
    pub net: NetArgs,
}

/// Runs `analyse`.
pub fn run(args: &AnalyseArgs, variant_files: &[PathBuf]) -> anyhow::Result<ExitCode> {
    with_json_errors(args.json, || analyse(args, variant_files))
}

fn analyse(args: &AnalyseArgs, variant_files: &[PathBuf]) -> anyhow::Result<ExitCode> {
    let stdin_variants = variant_files
        .iter()
        .any(|f| super::variants::reads_stdin(f));
    if stdin_variants && args.epd.as_deref() == Some(Path::new("-")) {
        bail!("standard input cannot give both the variants (--variants -) and the positions (--epd -)");
    }
    // Read the positions first: an unreadable file is an error before any set-up work.
    let entries = match &args.epd {
        Some(path) => Some(read_epd(path)?),
        None => None,
    };
    let set = super::variants::variant_set(variant_files)?;
    let mut engine = Engine::with_variants(set);
    engine.set_variant(&args.variant)?;
    engine.set_option(names::HASH, Some(&args.hash.to_string()))?;
    engine.set_option(names::THREADS, Some(&args.threads.to_string()))?;
    engine.set_option(names::MULTIPV, Some(&args.multipv.to_string()))?;
    args.net.apply(&mut engine, &args.variant)?;
    // The whole --movetime is for the search: nobody waits for our answer on a clock.
    engine.set_option(names::MOVE_OVERHEAD, Some("0"))?;
    if args.wdl {
        engine.set_option(names::SHOW_WDL, Some("true"))?;
    }
    if args.chess960 {
        engine.set_option(names::CHESS960, Some("true"))?;
    }
    let chess960 = args.chess960 || engine.variant().chess960;
    let tables = AnyTables::new(engine.variant())?;
    let events = Events::install(&mut engine);
    let limits = Limits {
        depth: args.depth,
        movetime: args.movetime,
        nodes: args.nodes,
        ..Limits::default()
    };
    let mut ctx = Ctx {
        engine,
        tables,
        events,
        limits,
        chess960,
        json: args.json,
    };
    match entries {
        None => ctx.single(args.fen.as_deref(), &args.moves),
        Some(entries) => ctx.many(&entries),
    }
}

/// Search events from the engine's callbacks.
enum Event {
    Line(InfoLine),
    Best(BestMove),
}

struct Events(Receiver<Event>);

impl Events {
    fn install(engine: &mut Engine) -> Events {
        let (tx, rx) = unbounded();
        let tx2 = tx.clone();
        engine.set_on_info(move |info| {
            if let Info::Line(l) = info {
                let _ = tx.send(Event::Line(l.clone()));
            }
        });
        engine.set_on_bestmove(move |b| {
            let _ = tx2.send(Event::Best(b.clone()));
        });
        Events(rx)
    }
}

struct Ctx {
    engine: Engine,
    tables: AnyTables,
    events: Events,
    limits: Limits,
    chess960: bool,
    json: bool,
}

/// What one search found.
struct Found {
    best: BestMove,
    /// The last line of MultiPV 1.
    line: Option<InfoLine>,
}

fn score_json(score: Score) -> Value {
    match score {
        Score::Cp(cp) => json!({ "cp": cp }),
        Score::Mate(m) => json!({ "mate": m }),
    }
}

fn score_text(score: Score) -> String {
    match score {
        Score::Cp(cp) => format!("{:+.2}", cp as f64 / 100.0),
        Score::Mate(m) => format!("#{m}"),
    }
}

fn bound_text(b: Bound) -> Option<&'static str> {
    match b {
        Bound::Lower => Some("lower"),
        Bound::Upper => Some("upper"),
        _ => None,
    }
}

/// The fields shared by `info` and `bestmove` objects.
fn line_fields(
    obj: &mut Map<String, Value>,
    l: &InfoLine,
    san: &Option<Vec<String>>,
    multipv: bool,
) {
    obj.insert("depth".into(), json!(l.depth));
    obj.insert("seldepth".into(), json!(l.seldepth));
    if multipv {
        obj.insert("multipv".into(), json!(l.multipv));
    }
    obj.insert("score".into(), score_json(l.score));
    if let Some(b) = bound_text(l.bound) {
        obj.insert("bound".into(), json!(b));
    }
    if let Some(w) = l.wdl {
        obj.insert("wdl".into(), json!(w));
    }
    obj.insert("nodes".into(), json!(l.nodes));
    obj.insert("nps".into(), json!(l.nps));
    obj.insert("hashfull".into(), json!(l.hashfull));
    obj.insert("time_ms".into(), json!(l.time_ms));
    obj.insert("pv".into(), json!(l.pv));
    obj.insert("pv_san".into(), json!(san));
}

/// PV text for people: SAN with the UCI text after it, or UCI alone.
fn pv_text(uci: &[String], san: &Option<Vec<String>>) -> String {
    match san {
        Some(s) if !s.is_empty() => format!("{}  ({})", s.join(" "), uci.join(" ")),
        _ => uci.join(" "),
    }
}

fn text_line(l: &InfoLine, san: &Option<Vec<String>>) -> String {
    let mut s = format!("depth {:>2}/{:<2}", l.depth, l.seldepth);
    if l.multipv > 1 || l.multipv == 0 {
        s += &format!(" multipv {}", l.multipv);
    }
    s += &format!("  score {:>7}", score_text(l.score));
    if let Some(b) = bound_text(l.bound) {
        s += &format!(" ({b} bound)");
    }
    if let Some([w, d, lo]) = l.wdl {
        s += &format!("  wdl {w} {d} {lo}");
    }
    s += &format!(
        "  nodes {:>10}  nps {:>8}  time {:>6} ms  pv {}",
        l.nodes,
        l.nps,
        l.time_ms,
        pv_text(&l.pv, san)
    );
    s
}

fn san_of(game: &GamePosition, uci: &[String]) -> Option<Vec<String>> {
    game.san_line(uci)
}

impl Ctx {
    /// Searches the engine's current position; `live` sees each line as it arrives.
    fn search(&mut self, mut live: impl FnMut(&InfoLine)) -> Found {
        // Drop anything left from an earlier search.
        while self.events.0.try_recv().is_ok() {}
        self.engine.go(self.limits.clone());
        let mut line = None;
        let best = loop {
            match self.events.0.recv() {
                Ok(Event::Line(l)) => {
                    live(&l);
                    if l.multipv <= 1 {
                        line = Some(l);
                    }
                }
                Ok(Event::Best(b)) => break b,
                Err(_) => break BestMove::default(),
            }
        };
        self.engine.wait();
        tracing::info!(
            target: "analyse",
            "{}: bestmove {:?} ponder {:?} depth {} nodes {}",
            self.engine.fen(),
            best.best,
            best.ponder,
            line.as_ref().map_or(0, |l: &InfoLine| l.depth),
            line.as_ref().map_or(0, |l: &InfoLine| l.nodes)
        );
        Found { best, line }
    }

    fn set_up(&mut self, fen: Option<&str>, moves: &[String]) -> anyhow::Result<GamePosition> {
        self.engine.set_position(fen, moves)?;
        let game =
            set_up(&self.tables, fen, moves, self.chess960).context("setting up the position")?;
        Ok(game)
    }

    fn result_object(status: &Status) -> Map<String, Value> {
        let mut o = Map::new();
        o.insert("type".into(), json!("result"));
        o.insert("result".into(), json!(status.result));
        o.insert("reason".into(), json!(status.reason));
        o.insert("fen".into(), json!(status.fen));
        o
    }

    fn best_object(&self, game: &GamePosition, found: &Found) -> Map<String, Value> {
        let mut o = Map::new();
        o.insert("type".into(), json!("bestmove"));
        o.insert("bestmove".into(), json!(found.best.best));
        o.insert("ponder".into(), json!(found.best.ponder));
        let first = |m: &Option<String>| -> Option<String> {
            let m = m.as_ref()?;
            san_of(game, std::slice::from_ref(m))?.into_iter().next()
        };
        o.insert("bestmove_san".into(), json!(first(&found.best.best)));
        let ponder_san = match (&found.best.best, &found.best.ponder) {
            (Some(b), Some(p)) => {
                san_of(game, &[b.clone(), p.clone()]).and_then(|v| v.get(1).cloned())
            }
            _ => None,
        };
        o.insert("ponder_san".into(), json!(ponder_san));
        match &found.line {
            Some(l) => {
                let san = san_of(game, &l.pv);
                line_fields(&mut o, l, &san, false);
            }
            None => {
                o.insert("score".into(), Value::Null);
            }
        }
        o.insert("fen".into(), json!(game.status().fen));
        o
    }

    fn best_text(game: &GamePosition, best: &BestMove) -> String {
        let show = |m: &str, before: &[String]| -> String {
            let mut line = before.to_vec();
            line.push(m.to_string());
            match san_of(game, &line).and_then(|v| v.last().cloned()) {
                Some(s) if s != m => format!("{s} ({m})"),
                _ => m.to_string(),
            }
        };
        match (&best.best, &best.ponder) {
            (Some(b), Some(p)) => format!(
                "bestmove {} ponder {}",
                show(b, &[]),
                show(p, std::slice::from_ref(b))
            ),
            (Some(b), None) => format!("bestmove {}", show(b, &[])),
            _ => "bestmove (none)".to_string(),
        }
    }

    fn single(&mut self, fen: Option<&str>, moves: &[String]) -> anyhow::Result<ExitCode> {
        let game = self.set_up(fen, moves)?;
        let status = game.status();
        if status.over {
            if self.json {
                json_line(&Ctx::result_object(&status))?;
            } else {
                say!(
                    "game over: {} ({})",
                    status.result,
                    status.reason.unwrap_or("over")
                );
            }
            return Ok(ExitCode::SUCCESS);
        }
        let json = self.json;
        let mut write_err = None;
        let found = self.search(|l| {
            let san = san_of(&game, &l.pv);
            let r = if json {
                let mut o = Map::new();
                o.insert("type".into(), json!("info"));
                line_fields(&mut o, l, &san, true);
                json_line(&o)
            } else {
                say!("{}", text_line(l, &san));
                Ok(())
            };
            if let Err(e) = r {
                write_err.get_or_insert(e);
            }
        });
        if let Some(e) = write_err {
            return Err(e);
        }
        if json {
            json_line(&self.best_object(&game, &found))?;
        } else {
            say!("{}", Ctx::best_text(&game, &found.best));
        }
        Ok(ExitCode::SUCCESS)
    }

    fn many(&mut self, entries: &[EpdEntry]) -> anyhow::Result<ExitCode> {
        let pb = super::progress::bar(entries.len() as u64, "analyse");
        let mut summary = Summary::default();
        let started = std::time::Instant::now();
        for (i, e) in entries.iter().enumerate() {
            pb.set_message(e.id.clone().unwrap_or_default());
            self.engine.new_game();
            let mut o = Map::new();
            let mut text;
            match self.set_up(Some(&e.fen), &[]) {
                Err(err) => {
                    summary.errors += 1;
                    o.insert("type".into(), json!("error"));
                    o.insert("error".into(), json!(error_text(&err)));
                    text = format!("error: {}", error_text(&err));
                }
                Ok(game) => {
                    let status = game.status();
                    if status.over {
                        summary.over += 1;
                        o = Ctx::result_object(&status);
                        text = format!(
                            "game over: {} ({})",
                            status.result,
                            status.reason.unwrap_or("over")
                        );
                    } else {
                        let found = self.search(|_| {});
                        summary.nodes += found.line.as_ref().map_or(0, |l| l.nodes);
                        o = self.best_object(&game, &found);
                        text = format!(
                            "{}  score {}  depth {}  pv {}",
                            Ctx::best_text(&game, &found.best),
                            found
                                .line
                                .as_ref()
                                .map_or("-".to_string(), |l| score_text(l.score)),
                            found.line.as_ref().map_or(0, |l| l.depth),
                            found
                                .line
                                .as_ref()
                                .map_or(String::new(), |l| pv_text(&l.pv, &san_of(&game, &l.pv)))
                        );
                        let expect = |ops: &[String]| -> Vec<String> {
                            ops.iter().filter_map(|m| game.move_from_text(m)).collect()
                        };
                        let bm = expect(&e.bm);
                        let am = expect(&e.am);
                        if !e.bm.is_empty() || !e.am.is_empty() {
                            let best = found.best.best.clone().unwrap_or_default();
                            let solved =
                                (e.bm.is_empty() || bm.contains(&best)) && !am.contains(&best);
                            summary.with_goal += 1;
                            summary.solved += u32::from(solved);
                            if !e.bm.is_empty() {
                                o.insert("bm".into(), json!(bm));
                                text += &format!("  bm {}", e.bm.join(" "));
                            }
                            if !e.am.is_empty() {
                                o.insert("am".into(), json!(am));
                                text += &format!("  am {}", e.am.join(" "));
                            }
                            o.insert("solved".into(), json!(solved));
                            text += if solved { "  solved" } else { "  not solved" };
                        }
                    }
                }
            }
            o.insert("index".into(), json!(i + 1));
            o.insert("line".into(), json!(e.line));
            o.insert("fen".into(), json!(e.fen));
            o.insert("id".into(), json!(e.id));
            let head = match &e.id {
                Some(id) => format!("{}/{} {id}: ", i + 1, entries.len()),
                None => format!("{}/{}: ", i + 1, entries.len()),
            };
            let json = self.json;
            pb.suspend(|| {
                if json {
                    json_line(&o)
                } else {
                    say!("{head}{text}");
                    Ok(())
                }
            })?;
            pb.inc(1);
        }
        pb.finish_and_clear();
        summary.positions = entries.len() as u32;
        summary.time_ms = started.elapsed().as_millis() as u64;
        if self.json {
            let mut o = Map::new();
            o.insert("type".into(), json!("summary"));
            if let Value::Object(m) = serde_json::to_value(&summary)? {
                o.extend(m);
            }
            json_line(&o)?;
        } else {
            let mut s = format!(
                "positions {}  analysed {}  over {}  errors {}  nodes {}  time {} ms",
                summary.positions,
                summary.positions - summary.over - summary.errors,
                summary.over,
                summary.errors,
                summary.nodes,
                summary.time_ms
            );
            if summary.with_goal > 0 {
                s += &format!("  solved {}/{}", summary.solved, summary.with_goal);
            }
            say!("{s}");
        }
        if summary.errors > 0 {
            // Each failed position has its own `error` object already.
            eprintln!(
                "error: {} of {} positions could not be analysed",
                summary.errors, summary.positions
            );
            return Ok(ExitCode::from(1));
        }
        Ok(ExitCode::SUCCESS)
    }
}

#[derive(Debug, Default, Serialize)]
struct Summary {
    positions: u32,
    over: u32,
    errors: u32,
    with_goal: u32,
    solved: u32,
    nodes: u64,
    time_ms: u64,
}

/// One position of an EPD file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EpdEntry {
    /// 1-based line number in the file.
    pub line: usize,
    /// The FEN (EPD's four fields, or a full FEN).
    pub fen: String,
    /// `id` operand.
    pub id: Option<String>,
    /// `bm` operands (SAN or UCI).
    pub bm: Vec<String>,
    /// `am` operands.
    pub am: Vec<String>,
}

/// EPD opcodes recognised where the FEN ends (the standard's, plus perft suites' `D1`..).
fn is_opcode(tok: &str) -> bool {
    const OPS: &[&str] = &[
        "acd",
        "acn",
        "acs",
        "am",
        "bm",
        "ce",
        "dm",
        "draw_accept",
        "draw_claim",
        "draw_offer",
        "draw_reject",
        "eco",
        "fmvn",
        "hmvc",
        "id",
        "nic",
        "noop",
        "pm",
        "pv",
        "rc",
        "resign",
        "sm",
        "tcgs",
        "tcri",
        "tcsi",
        "perft",
    ];
    if OPS.contains(&tok) {
        return true;
    }
    let (head, digits) = tok.split_at(1.min(tok.len()));
    let numbered = |prefix: &str| {
        head == prefix && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
    };
    numbered("c") || numbered("v") || numbered("D")
}

/// Reads one EPD line: `FEN [op operands; ...]` or `FEN ; op operands ; ...`. `None` for an
/// empty or `#` comment line.
pub fn parse_epd_line(text: &str, line: usize) -> Option<EpdEntry> {
    let text = text.trim();
    if text.is_empty() || text.starts_with('#') {
        return None;
    }
    let (head, tail) = match text.find(';') {
        Some(i) => (&text[..i], &text[i..]),
        None => (text, ""),
    };
    let tokens: Vec<&str> = head.split_whitespace().collect();
    let cut = tokens
        .iter()
        .enumerate()
        .skip(2)
        .find(|(_, t)| is_opcode(t))
        .map_or(tokens.len(), |(i, _)| i);
    let fen = tokens[..cut].join(" ");
    let ops_text = format!("{} {}", tokens[cut..].join(" "), tail);
    let mut entry = EpdEntry {
        line,
        fen,
        id: None,
        bm: Vec::new(),
        am: Vec::new(),
    };
    for op in ops_text.split(';') {
        let mut words = op.split_whitespace();
        let Some(code) = words.next() else { continue };
        let rest: Vec<String> = words.map(|w| w.trim_matches('"').to_string()).collect();
        match code {
            "id" => entry.id = Some(op.trim()[2..].trim().trim_matches('"').to_string()),
            "bm" => entry.bm = rest,
            "am" => entry.am = rest,
            _ => {}
        }
    }
    Some(entry)
}

fn read_epd(path: &Path) -> anyhow::Result<Vec<EpdEntry>> {
    let reader: Box<dyn Read> = if path == Path::new("-") {
        Box::new(std::io::stdin())
    } else {
        Box::new(
            std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?,
        )
    };
    let mut out = Vec::new();
    for (i, line) in BufReader::new(reader).lines().enumerate() {
        let line = line.with_context(|| format!("cannot read {}", path.display()))?;
        if let Some(e) = parse_epd_line(&line, i + 1) {
            out.push(e);
        }
    }
    if out.is_empty() {
        bail!("no positions in {}", path.display());
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epd_lines() {
        let e = parse_epd_line(
            "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - bm Qxf7#; id \"scholar\";",
            3,
        )
        .expect("entry");
        assert_eq!(
            e.fen,
            "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq -"
        );
        assert_eq!(e.bm, vec!["Qxf7#"]);
        assert_eq!(e.id.as_deref(), Some("scholar"));
        assert_eq!(e.line, 3);
        let e = parse_epd_line("8/8/8/8/8/8/8/K1k5 w - - 0 1 ;D1 3 ;D2 9", 1).expect("entry");
        assert_eq!(e.fen, "8/8/8/8/8/8/8/K1k5 w - - 0 1");
        // Shogi-style FENs without castling and e.p. fields.
        let e = parse_epd_line(
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1",
            1,
        )
        .expect("entry");
        assert_eq!(
            e.fen,
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1"
        );
        let e = parse_epd_line("4k3/8/8/8/8/8/8/4K2R w K - id \"x y\"; am Rh8;", 1).expect("entry");
        assert_eq!(e.fen, "4k3/8/8/8/8/8/8/4K2R w K -");
        assert_eq!(e.id.as_deref(), Some("x y"));
        assert_eq!(e.am, vec!["Rh8"]);
        assert!(parse_epd_line("   ", 1).is_none());
        assert!(parse_epd_line("# comment", 1).is_none());
    }
}
