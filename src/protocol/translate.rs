//! The UCI dialects (USI, UCCI): a UCI session whose command lines are translated on the way
//! in and on the way out (names, clocks, positions). Moves are not translated: the engine reads
//! and writes them in the dialect's own coordinates ([`MoveDialect`]), through the board.

use super::{uci, Output};
use crate::board::MoveDialect;
use crate::color::Color;
use crate::engine::Engine;
use crate::variant::Variant;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

/// What the translation of a line needs to know of the game: the board size (for SFEN's
/// squares), the side to move (UCCI's clocks) and the third SFEN field's meaning.
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

/// A dialect of UCI.
#[derive(Clone, Copy)]
pub struct Dialect {
    /// The variant that replaces chess: a GUI of the dialect never names its game.
    pub default_variant: &'static str,
    /// How its moves are written.
    pub moves: MoveDialect,
    /// Its input lines as UCI lines.
    pub to_uci: InFn,
    /// UCI output lines as its own.
    pub from_uci: OutFn,
}

/// Runs a session of `dialect`: `first` is the line that selected it.
pub fn run(
    engine: &mut Engine,
    dialect: &Dialect,
    first: &str,
    input: &mut dyn BufRead,
    out: Output,
) -> std::io::Result<()> {
    let Dialect {
        default_variant,
        moves,
        to_uci,
        from_uci,
    } = *dialect;
    if engine.variant().name == "chess" {
        if let Err(e) = engine.set_option("UCI_Variant", Some(default_variant)) {
            tracing::warn!("cannot switch to {default_variant}: {e}");
        }
    }
    engine.set_move_dialect(moves);
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

/// A command line's first word and the words after it; `None` for a blank line.
pub fn split_command(line: &str) -> Option<(&str, Vec<&str>)> {
    let mut words = line.split_whitespace();
    Some((words.next()?, words.collect()))
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

/// An `info string` error line of the UCI session with its position in a dialect's own
/// notation: the FEN of `illegal move 'M' in position FEN` or of `bad FEN 'FEN'` through `fen`
/// (the move is already the dialect's: the engine reads moves in it); `None` for any other
/// line. A GUI of the dialect then reads a position it can paste back.
pub fn error_out(line: &str, fen: impl Fn(&str) -> String) -> Option<String> {
    const IN: &str = "' in position ";
    const BAD_FEN: &str = "bad FEN '";
    let rest = line.strip_prefix("info string ")?;
    let (a, b) = if let Some(i) = rest.find(IN) {
        let a = i + IN.len();
        (a, a + rest[a..].find("; ").unwrap_or(rest.len() - a))
    } else {
        let a = rest.find(BAD_FEN)? + BAD_FEN.len();
        (a, a + rest[a..].find("': ").unwrap_or(rest.len() - a))
    };
    Some(format!(
        "info string {}{}{}",
        &rest[..a],
        fen(&rest[a..b]),
        &rest[b..]
    ))
}

/// `bestmove` without a move (`(none)`: no legal move; `0000`: no position) as the dialect
/// writes it (`bestmove {none}`); any other line as it is.
pub fn no_move_out(line: &str, none: &str) -> String {
    match line.split(' ').collect::<Vec<_>>().as_slice() {
        ["bestmove"] | ["bestmove", "(none)" | "0000", ..] => format!("bestmove {none}"),
        _ => line.to_string(),
    }
}
