//! Protocol adapters: text in, [`crate::engine::Engine`] calls, text out.
//!
//! [`run_loop`] reads the first non-empty line and hands the session to the protocol it names:
//! `uci`, `xboard` (CECP), `usi` or `ucci`. UCI and CECP sessions also take variant
//! definitions between `define` and `end` lines ([`define`]).

mod define;
pub mod movetext;
mod translate;
pub mod ucci;
pub mod uci;
pub mod usi;
pub mod xboard;
pub mod xboard_setup;

use crate::engine::Engine;
use std::io::{BufRead, Write};
use std::sync::{Arc, Mutex};

/// A shared, locked line writer (stdout in the binary, a buffer in tests). Every line is
/// flushed at once.
#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl std::fmt::Debug for Output {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Output")
    }
}

impl Output {
    /// Wraps a writer.
    pub fn new(w: Box<dyn Write + Send>) -> Output {
        Output(Arc::new(Mutex::new(w)))
    }
    /// Writes one line and flushes. Write errors (a closed pipe) are logged, not fatal: the
    /// session ends when input ends.
    pub fn line(&self, s: &str) {
        let mut w = match self.0.lock() {
            Ok(w) => w,
            Err(p) => p.into_inner(),
        };
        tracing::debug!(target: "protocol", ">> {s}");
        if let Err(e) = writeln!(w, "{s}").and_then(|_| w.flush()) {
            tracing::warn!("cannot write to the GUI: {e}");
        }
    }
}

/// The longest input line kept, in bytes (a UCI `position` with 100,000 moves fits); the rest
/// of a longer line is read and dropped, so a GUI that never sends a newline cannot make the
/// engine grow without bound.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// How a line of input was read by [`read_line`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineRead {
    /// The input has ended.
    Eof,
    /// A line of valid UTF-8.
    Text,
    /// A line with bytes that are not UTF-8 (each replaced by U+FFFD) or longer than
    /// [`MAX_LINE_BYTES`] (cut): read, but the session should say so.
    Damaged,
}

/// Reads one line as bytes and decodes it leniently into `line` (cleared first): a byte that
/// is not UTF-8 (an ICS name or a file path in a GUI's Latin-1 locale) must not end the
/// session. Only a read error of the input itself is an error.
pub fn read_line(input: &mut dyn BufRead, line: &mut String) -> std::io::Result<LineRead> {
    line.clear();
    let mut bytes = Vec::new();
    let mut cut = false;
    let mut any = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            break;
        }
        any = true;
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..=i], true),
            None => (buf, false),
        };
        let room = MAX_LINE_BYTES.saturating_sub(bytes.len());
        cut |= chunk.len() > room;
        bytes.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let n = chunk.len();
        input.consume(n);
        if done {
            break;
        }
    }
    if !any {
        return Ok(LineRead::Eof);
    }
    match String::from_utf8(bytes) {
        Ok(text) => {
            *line = text;
            Ok(if cut {
                LineRead::Damaged
            } else {
                LineRead::Text
            })
        }
        Err(e) => {
            *line = String::from_utf8_lossy(e.as_bytes()).into_owned();
            Ok(LineRead::Damaged)
        }
    }
}

/// The protocol a session speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Protocol {
    /// UCI (and Fairy-Stockfish's variant extensions).
    Uci,
    /// CECP / XBoard protocol 2.
    Xboard,
    /// USI (shogi GUIs), as UCI with shogi coordinates and SFEN.
    Usi,
    /// UCCI (xiangqi GUIs), as UCI with ranks 0-9 and its own option and clock words.
    Ucci,
}

impl Protocol {
    /// The protocol a first line selects.
    pub fn from_first_line(line: &str) -> Option<Protocol> {
        match line.split_whitespace().next()? {
            "uci" => Some(Protocol::Uci),
            "xboard" => Some(Protocol::Xboard),
            "usi" => Some(Protocol::Usi),
            "ucci" => Some(Protocol::Ucci),
            _ => None,
        }
    }
}

/// Input that logs every line the protocol reads (`<<`, target `protocol`, level debug), as
/// [`Output::line`] logs every line written (`>>`): a `--log` file holds the whole session
/// with timestamps, whichever protocol it speaks.
struct LoggedInput<'a> {
    inner: &'a mut dyn BufRead,
    pending: Vec<u8>,
}

impl LoggedInput<'_> {
    fn log_pending(&mut self) {
        if !self.pending.is_empty() {
            let text = String::from_utf8_lossy(&self.pending);
            tracing::debug!(target: "protocol", "<< {}", text.trim_end_matches(['\r', '\n']));
            self.pending.clear();
        }
    }
}

impl std::io::Read for LoggedInput<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = {
            let avail = self.fill_buf()?;
            let n = avail.len().min(buf.len());
            buf[..n].copy_from_slice(&avail[..n]);
            n
        };
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for LoggedInput<'_> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        self.inner.fill_buf()
    }
    fn consume(&mut self, amt: usize) {
        if amt > 0 && tracing::enabled!(target: "protocol", tracing::Level::DEBUG) {
            let mut lines = Vec::new();
            if let Ok(buf) = self.inner.fill_buf() {
                for part in buf[..amt.min(buf.len())].split_inclusive(|&b| b == b'\n') {
                    self.pending.extend_from_slice(part);
                    if part.ends_with(b"\n") {
                        lines.push(std::mem::take(&mut self.pending));
                    }
                }
            }
            for l in lines {
                self.pending = l;
                self.log_pending();
            }
        }
        self.inner.consume(amt);
    }
}

impl Drop for LoggedInput<'_> {
    fn drop(&mut self) {
        self.log_pending();
    }
}

/// Runs the protocol loop: the first line decides the protocol.
pub fn run_loop(engine: &mut Engine, input: &mut dyn BufRead, out: Output) -> std::io::Result<()> {
    let mut logged = LoggedInput {
        inner: input,
        pending: Vec::new(),
    };
    let input: &mut dyn BufRead = &mut logged;
    let mut line = String::new();
    loop {
        if read_line(input, &mut line)? == LineRead::Eof {
            return Ok(());
        }
        let l = line.trim();
        if l.is_empty() {
            continue;
        }
        match Protocol::from_first_line(l) {
            Some(Protocol::Uci) => return uci::run(engine, l, input, out),
            Some(Protocol::Xboard) => return xboard::run(engine, l, input, out),
            Some(Protocol::Usi) => return usi::run(engine, l, input, out),
            Some(Protocol::Ucci) => return ucci::run(engine, l, input, out),
            None if l == "quit" => return Ok(()),
            None => out.line(&format!("Error (unknown command): {l}")),
        }
    }
}
