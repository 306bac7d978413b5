//! UCI as Fairy-Stockfish speaks it (see `reference/protocols.md` §5): text in, engine calls,
//! text out. Reading goes on while the engine searches; `info` and `bestmove` lines come from
//! the engine's callbacks on the search thread and share one locked writer with this loop.

use super::define::{self, DefineBlock, Taken};
use super::Output;
use crate::board::{Move, MoveDialect};
use crate::engine::options::{names, OptionKind};
use crate::engine::{BestMove, Engine, EngineError, Info, InfoLine, OptionOutcome, VariantSummary};
use crate::search::{Bound, Limits, Score};
use std::io::BufRead;

/// Engine name and author for `id`.
pub const ENGINE_NAME: &str = concat!("Dabbaba ", env!("CARGO_PKG_VERSION"));
/// Author line.
pub const ENGINE_AUTHOR: &str = "the Dabbaba developers";

/// Runs a UCI session on `engine`: `first` is the line that selected UCI (normally `uci`),
/// then lines from `input` until `quit` or end of input.
pub fn run(
    engine: &mut Engine,
    first: &str,
    input: &mut dyn BufRead,
    out: Output,
) -> std::io::Result<()> {
    engine.set_move_dialect(MoveDialect::Uci);
    run_translated(engine, first, input, out, &mut |_, l| Some(l.to_string()))
}

/// A UCI session whose input lines pass through `translate` first (`None`: the line is
/// dropped). USI is this with its own translation of lines in and out (`super::usi`).
pub(crate) fn run_translated(
    engine: &mut Engine,
    first: &str,
    input: &mut dyn BufRead,
    out: Output,
    translate: &mut dyn FnMut(&Engine, &str) -> Option<String>,
) -> std::io::Result<()> {
    let o = out.clone();
    engine.set_on_info(move |info| o.line(&format_info(info)));
    let o = out.clone();
    engine.set_on_bestmove(move |b| o.line(&format_bestmove(b)));
    let mut session = Session { out, define: None };
    if let Some(l) = translate(engine, first) {
        if !session.command(engine, &l) {
            engine.stop_and_wait();
            return Ok(());
        }
    }
    let mut line = String::new();
    loop {
        match super::read_line(input, &mut line)? {
            super::LineRead::Eof => break,
            super::LineRead::Text => {}
            super::LineRead::Damaged => session.info_string(
                "warning: an input line was not valid UTF-8 or too long; \
                 it is read with U+FFFD for the bad bytes, cut at 1 MiB",
            ),
        }
        let Some(l) = translate(engine, &line) else {
            continue;
        };
        if !session.command(engine, &l) {
            break;
        }
    }
    engine.stop_and_wait();
    Ok(())
}

struct Session {
    out: Output,
    /// The `define` block being read, if any.
    define: Option<DefineBlock>,
}

impl Session {
    fn info_string(&self, text: &str) {
        for l in text.lines() {
            self.out.line(&format!("info string {l}"));
        }
    }

    /// Handles one line; false on `quit`.
    fn command(&mut self, engine: &mut Engine, line: &str) -> bool {
        if let Some(block) = self.define.as_mut() {
            match block.take(line) {
                Taken::More => {}
                Taken::Done(text) => {
                    self.define = None;
                    for l in define::define(engine, &text) {
                        self.info_string(&l);
                    }
                }
                Taken::Quit => {
                    self.info_string(define::UNFINISHED);
                    return false;
                }
            }
            return true;
        }
        let line = line.trim();
        let mut words = line.split_whitespace();
        let Some(cmd) = words.next() else { return true };
        let rest: Vec<&str> = words.collect();
        match cmd {
            "uci" => self.uci(engine),
            "isready" => self.out.line("readyok"),
            "debug" | "register" => {}
            "setoption" => self.setoption(engine, &rest),
            "ucinewgame" => engine.new_game(),
            "position" => self.position(engine, &rest),
            "go" => self.go(engine, &rest),
            "stop" => engine.stop(),
            "ponderhit" => engine.ponderhit(),
            "quit" => return false,
            "define" => self.define = Some(DefineBlock::default()),
            "d" => match engine.position_refused() {
                Some(reason) => self.info_string(&format!(
                    "variant {} no position: {reason}",
                    engine.variant().name
                )),
                None => self.info_string(&format!(
                    "variant {} fen {}",
                    engine.variant().name,
                    engine.fen()
                )),
            },
            other => self.info_string(&format!("unknown command '{other}'")),
        }
        true
    }

    fn uci(&self, engine: &Engine) {
        self.out.line(&format!("id name {ENGINE_NAME}"));
        self.out.line(&format!("id author {ENGINE_AUTHOR}"));
        for spec in engine.options().specs() {
            let mut s = format!("option name {} type ", spec.name);
            match &spec.kind {
                OptionKind::Check { default } => s += &format!("check default {default}"),
                OptionKind::Spin { default, min, max } => {
                    s += &format!("spin default {default} min {min} max {max}")
                }
                OptionKind::Combo { default, vars } => {
                    s += &format!("combo default {default}");
                    for v in vars {
                        s += &format!(" var {v}");
                    }
                }
                OptionKind::Button => s += "button",
                OptionKind::String { default } => s += &format!("string default {default}"),
            }
            self.out.line(&s);
        }
        self.out.line("uciok");
    }

    fn setoption(&self, engine: &mut Engine, words: &[&str]) {
        // setoption name <name words> [value <value words>]
        if words.first() != Some(&"name") {
            self.info_string("setoption needs 'name'");
            return;
        }
        let vi = words.iter().position(|w| *w == "value");
        let name = words[1..vi.unwrap_or(words.len())].join(" ");
        let value = vi.map(|i| words[i + 1..].join(" "));
        match engine.set_option(&name, value.as_deref()) {
            Ok(OptionOutcome::Done) => {}
            Ok(OptionOutcome::VariantChanged(s)) => self.variant_line(&s),
            Ok(OptionOutcome::VariantsLoaded(added, notices)) => {
                for n in &notices {
                    self.info_string(n);
                }
                self.info_string(&format!(
                    "loaded {} variants: {}",
                    added.len(),
                    added.join(" ")
                ));
            }
            Err(e) => self.info_string(&format!("error: {e}")),
        }
    }

    fn variant_line(&self, s: &VariantSummary) {
        self.info_string(&format!(
            "variant {} files {} ranks {} pocket {} template {} startpos {}",
            s.name, s.files, s.ranks, s.pocket, s.template, s.start_fen
        ));
        if let Some(n) = &s.notice {
            self.info_string(n);
        }
    }

    fn position(&self, engine: &mut Engine, words: &[&str]) {
        let mi = words.iter().position(|w| *w == "moves");
        let (spec, moves) = match mi {
            Some(i) => (&words[..i], &words[i + 1..]),
            None => (words, &words[0..0]),
        };
        let fen = match spec.first() {
            Some(&"startpos") => None,
            Some(&"fen") if spec.len() > 1 => Some(spec[1..].join(" ")),
            _ => {
                let reason = "position needs 'startpos' or 'fen <FEN>'";
                engine.refuse_position(reason);
                self.info_string(&format!(
                    "error: {reason}; no position is set, go answers with no move"
                ));
                return;
            }
        };
        let moves: Vec<String> = moves.iter().map(|s| s.to_string()).collect();
        match engine.set_position(fen.as_deref(), &moves) {
            Ok(()) => {}
            // The position is now the one before the illegal move, which the error names.
            Err(e @ EngineError::IllegalMove { .. }) => self.info_string(&format!(
                "error: {e}; it and the moves after it are ignored"
            )),
            Err(e) => self.info_string(&format!(
                "error: {e}; no position is set, go answers with no move"
            )),
        }
    }

    fn go(&self, engine: &mut Engine, words: &[&str]) {
        if words.first() == Some(&"perft") {
            if let Some(reason) = engine.position_refused() {
                self.info_string(&format!("no position to count: {reason}"));
                return;
            }
            let depth = words
                .get(1)
                .and_then(|d| d.parse::<u32>().ok())
                .unwrap_or(1);
            let d = engine.perft_divide(depth.max(1));
            let mut total = 0;
            for (m, n) in &d {
                self.out.line(&format!("{m}: {n}"));
                total += n;
            }
            self.out.line("");
            self.out.line(&format!("Nodes searched: {total}"));
            return;
        }
        let mut unreadable = Vec::new();
        let limits = parse_go(words, &mut |text| match engine.parse_move(text) {
            Ok(m) => Some(m),
            Err(e) => {
                unreadable.push(e.to_string());
                None
            }
        });
        for e in unreadable {
            self.info_string(&format!("error: searchmoves: {e}; it is left out"));
        }
        match limits {
            Ok(l) => engine.go(l),
            Err(e) => self.info_string(&format!("error: {e}")),
        }
    }
}

/// Reads the arguments of `go`; `read_move` reads a move of `searchmoves` (`None`: left
/// out).
pub fn parse_go(
    words: &[&str],
    read_move: &mut dyn FnMut(&str) -> Option<Move>,
) -> Result<Limits, String> {
    let mut l = Limits::default();
    let mut i = 0;
    let num = |i: usize, what: &str| -> Result<u64, String> {
        let w = words
            .get(i + 1)
            .ok_or_else(|| format!("'{what}' needs a number"))?;
        // Clocks may go negative in some GUIs: read as zero.
        if let Ok(n) = w.parse::<i64>() {
            return Ok(n.max(0) as u64);
        }
        Err(format!("'{what}' needs a number, found '{w}'"))
    };
    while i < words.len() {
        let w = words[i];
        match w {
            "wtime" => l.wtime = Some(num(i, w)?),
            "btime" => l.btime = Some(num(i, w)?),
            "winc" => l.winc = Some(num(i, w)?),
            "binc" => l.binc = Some(num(i, w)?),
            "movestogo" => l.movestogo = Some(num(i, w)?.min(u32::MAX as u64) as u32),
            "depth" => l.depth = Some(num(i, w)?.clamp(1, 1000) as u32),
            "nodes" => l.nodes = Some(num(i, w)?.max(1)),
            "mate" => l.mate = Some(num(i, w)?.clamp(1, 1000) as u32),
            "movetime" => l.movetime = Some(num(i, w)?),
            "infinite" => {
                l.infinite = true;
                i += 1;
                continue;
            }
            "ponder" => {
                l.ponder = true;
                i += 1;
                continue;
            }
            "searchmoves" => {
                i += 1;
                while i < words.len() && !is_go_keyword(words[i]) {
                    l.searchmoves.extend(read_move(words[i]));
                    i += 1;
                }
                continue;
            }
            _ => {
                // Unknown tokens are ignored (UCI).
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    Ok(l)
}

fn is_go_keyword(w: &str) -> bool {
    matches!(
        w,
        "wtime"
            | "btime"
            | "winc"
            | "binc"
            | "movestogo"
            | "depth"
            | "nodes"
            | "mate"
            | "movetime"
            | "infinite"
            | "ponder"
    )
}

/// An `info` line.
pub fn format_info(info: &Info) -> String {
    match info {
        Info::Text(t) => format!("info string {t}"),
        Info::Line(l) => format_line(l),
    }
}

fn format_line(l: &InfoLine) -> String {
    let mut s = format!(
        "info depth {} seldepth {} multipv {} score ",
        l.depth, l.seldepth, l.multipv
    );
    match l.score {
        Score::Cp(cp) => s += &format!("cp {cp}"),
        Score::Mate(m) => s += &format!("mate {m}"),
    }
    match l.bound {
        Bound::Lower => s += " lowerbound",
        Bound::Upper => s += " upperbound",
        _ => {}
    }
    if let Some([w, d, lo]) = l.wdl {
        s += &format!(" wdl {w} {d} {lo}");
    }
    s += &format!(
        " nodes {} nps {} hashfull {} time {} pv",
        l.nodes, l.nps, l.hashfull, l.time_ms
    );
    for m in &l.pv {
        s.push(' ');
        s += m;
    }
    s
}

/// A `bestmove` line.
pub fn format_bestmove(b: &BestMove) -> String {
    if b.no_position {
        // The null move: nothing was searched (the last position sent was refused).
        return "bestmove 0000".to_string();
    }
    match (&b.best, &b.ponder) {
        (Some(m), Some(p)) => format!("bestmove {m} ponder {p}"),
        (Some(m), None) => format!("bestmove {m}"),
        _ => "bestmove (none)".to_string(),
    }
}

#[allow(dead_code)]
fn _option_names_used() -> [&'static str; 1] {
    [names::HASH]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads every move as the null move but `d2d4`, which it cannot read.
    fn moves(text: &str) -> Option<Move> {
        (text != "d2d4").then_some(Move::NONE)
    }

    #[test]
    fn go_arguments() {
        let l = parse_go(
            &[
                "wtime",
                "1000",
                "btime",
                "-5",
                "winc",
                "10",
                "movestogo",
                "3",
                "ponder",
            ],
            &mut moves,
        )
        .unwrap();
        assert_eq!(l.wtime, Some(1000));
        assert_eq!(l.btime, Some(0));
        assert_eq!(l.winc, Some(10));
        assert_eq!(l.movestogo, Some(3));
        assert!(l.ponder);
        let l = parse_go(
            &["searchmoves", "e2e4", "d2d4", "a2a3", "depth", "3"],
            &mut moves,
        );
        let l = l.unwrap();
        assert_eq!(l.searchmoves, vec![Move::NONE, Move::NONE]);
        assert_eq!(l.depth, Some(3));
        assert!(parse_go(&["depth", "x"], &mut moves).is_err());
        assert!(parse_go(&["depth"], &mut moves).is_err());
        assert!(parse_go(&["infinite", "foo"], &mut moves).unwrap().infinite);
    }

    #[test]
    fn lines() {
        assert_eq!(format_bestmove(&BestMove::default()), "bestmove (none)");
        assert_eq!(
            format_bestmove(&BestMove {
                no_position: true,
                ..BestMove::default()
            }),
            "bestmove 0000"
        );
        let l = InfoLine {
            depth: 3,
            seldepth: 5,
            multipv: 1,
            score: Score::Mate(-2),
            bound: Bound::Exact,
            wdl: None,
            nodes: 10,
            nps: 100,
            hashfull: 0,
            time_ms: 100,
            pv: vec!["e2e4".into(), "a10a9".into()],
        };
        assert_eq!(
            format_line(&l),
            "info depth 3 seldepth 5 multipv 1 score mate -2 nodes 10 nps 100 hashfull 0 time 100 pv e2e4 a10a9"
        );
    }
}
