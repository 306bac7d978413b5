//! The UCI dialects (USI, UCCI): a UCI session whose lines are translated on the way in and
//! on the way out, with the board size of the current variant for the coordinates.

use super::{uci, Output};
use crate::color::Color;
use crate::engine::Engine;
use crate::variant::Variant;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

/// The board size that coordinates are translated for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Board {
    /// Number of files.
    pub files: u32,
    /// Number of ranks.
    pub ranks: u32,
    /// The side to move: UCCI's clocks are the mover's.
    pub side_to_move: Color,
    /// The variant has Chu Shogi's lion-trading rules and no hands: an SFEN's third field
    /// is then the square of a lion just taken (lishogi's), not the pieces in hand.
    pub lion_square_field: bool,
}

impl Board {
    fn of(engine: &Engine) -> Board {
        Board::new(engine.variant(), engine.side_to_move())
    }

    /// The board of variant `v` with `side_to_move` to move.
    pub fn new(v: &Variant, side_to_move: Color) -> Board {
        Board {
            files: u32::from(v.files),
            ranks: u32::from(v.ranks),
            side_to_move,
            lion_square_field: !v.captures.lion_types.is_empty()
                && !v.drops.piece_drops
                && !v.drops.captures_to_hand,
        }
    }
    fn pack(self) -> u32 {
        u32::from(self.lion_square_field) << 17
            | (self.side_to_move.index() as u32) << 16
            | self.files << 8
            | self.ranks
    }
    fn unpack(x: u32) -> Board {
        Board {
            files: x >> 8 & 0xff,
            ranks: x & 0xff,
            side_to_move: if x >> 16 & 1 == 0 {
                Color::White
            } else {
                Color::Black
            },
            lion_square_field: x >> 17 & 1 == 1,
        }
    }
}

/// A translation of one line (`None` on the way in: nothing to do).
pub type InFn = fn(&str, Board) -> Option<String>;
/// A translation of one output line.
pub type OutFn = fn(&str, Board) -> String;

/// Runs a dialect session: `default_variant` replaces chess (a GUI of the dialect never names
/// its game), then every line goes through `to_uci` in and `from_uci` out.
pub fn run(
    engine: &mut Engine,
    default_variant: &str,
    first: &str,
    input: &mut dyn BufRead,
    out: Output,
    to_uci: InFn,
    from_uci: OutFn,
) -> std::io::Result<()> {
    if engine.variant().name == "chess" {
        if let Err(e) = engine.set_option("UCI_Variant", Some(default_variant)) {
            tracing::warn!("cannot switch to {default_variant}: {e}");
        }
    }
    let board = Arc::new(AtomicU32::new(Board::of(engine).pack()));
    let writer = Translated {
        out,
        board: Arc::clone(&board),
        pending: Vec::new(),
        from_uci,
    };
    let translated = Output::new(Box::new(writer));
    uci::run_translated(engine, first, input, translated, &mut |engine, line| {
        // The variant may have changed with the previous line.
        let b = Board::of(engine);
        board.store(b.pack(), Ordering::Relaxed);
        to_uci(line, b)
    })
}

/// Lines written by the UCI session, translated line by line.
struct Translated {
    out: Output,
    board: Arc<AtomicU32>,
    pending: Vec<u8>,
    from_uci: OutFn,
}

impl Write for Translated {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.pending.extend_from_slice(buf);
        while let Some(i) = self.pending.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.pending.drain(..=i).collect();
            let text = String::from_utf8_lossy(&line);
            let b = Board::unpack(self.board.load(Ordering::Relaxed));
            self.out
                .line(&(self.from_uci)(text.trim_end_matches(['\r', '\n']), b));
        }
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// An `option name NAME type ...` line of the UCI session with NAME renamed (`None` for any
/// other line); `name_word`: whether the dialect keeps the word `name`.
pub fn option_line(line: &str, rename: fn(&str) -> String, name_word: bool) -> Option<String> {
    let words: Vec<&str> = line.split(' ').collect();
    if words.first() != Some(&"option") || words.get(1) != Some(&"name") {
        return None;
    }
    let ti = words
        .iter()
        .position(|w| *w == "type")
        .unwrap_or(words.len());
    let name = rename(&words[2..ti].join(" "));
    let head = if name_word { "option name" } else { "option" };
    Some(
        format!("{head} {name} {}", words[ti..].join(" "))
            .trim_end()
            .to_string(),
    )
}

/// An `info string` error line of the UCI session in a dialect's own notation: the move of
/// `illegal move 'M' in position FEN` through `mv`, and that FEN (or the one of `bad FEN
/// 'FEN'`) through `fen`; `None` for any other line. A GUI of the dialect then reads the
/// move it sent and a position it can paste back.
pub fn error_out(
    line: &str,
    mv: impl Fn(&str) -> String,
    fen: impl Fn(&str) -> String,
) -> Option<String> {
    const MOVE: &str = "illegal move '";
    const IN: &str = "' in position ";
    const BAD_FEN: &str = "bad FEN '";
    let rest = line.strip_prefix("info string ")?;
    // The span of `rest` from after `start` up to `end` (or the end of the line).
    let span = |start: &str, end: &str| -> Option<(usize, usize)> {
        let a = rest.find(start)? + start.len();
        Some((a, a + rest[a..].find(end).unwrap_or(rest.len() - a)))
    };
    if let Some((a, b)) = span(MOVE, IN) {
        let at = (b + IN.len()).min(rest.len());
        let end = at + rest[at..].find("; ").unwrap_or(rest.len() - at);
        return Some(format!(
            "info string {}{}{}{}{}",
            &rest[..a],
            mv(&rest[a..b]),
            &rest[b..at],
            fen(&rest[at..end]),
            &rest[end..]
        ));
    }
    let (a, b) = span(BAD_FEN, "': ")?;
    Some(format!(
        "info string {}{}{}",
        &rest[..a],
        fen(&rest[a..b]),
        &rest[b..]
    ))
}

/// Rewrites the moves of a UCI output line (after `bestmove`, `ponder`, `currmove` and
/// `pv`) with `mv`; `bestmove (none)` and the null move `bestmove 0000` (nothing searched:
/// no position) become `bestmove {none}`.
pub fn moves_out(line: &str, none: &str, mv: impl Fn(&str) -> String) -> String {
    let words: Vec<&str> = line.split(' ').collect();
    match words.first().copied() {
        Some("bestmove") if matches!(words.get(1), Some(&"(none)") | Some(&"0000") | None) => {
            format!("bestmove {none}")
        }
        Some("bestmove") | Some("info") if words.get(1) != Some(&"string") => {
            let mut in_pv = false;
            words
                .iter()
                .enumerate()
                .map(|(i, w)| {
                    let after = |k: &str| i > 0 && words[i - 1] == k;
                    let conv = in_pv || after("bestmove") || after("ponder") || after("currmove");
                    in_pv |= *w == "pv";
                    if conv {
                        mv(w)
                    } else {
                        w.to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        }
        _ => line.to_string(),
    }
}
