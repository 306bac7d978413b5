//! Protocol adapters: text in, [`crate::engine::Engine`] calls, text out.
//!
//! [`run_loop`] reads the first non-empty line and hands the session to the protocol it names:
//! `uci` or `xboard` (CECP).

pub mod movetext;
pub mod uci;
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

/// The protocol a session speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Protocol {
    /// UCI (and Fairy-Stockfish's variant extensions).
    Uci,
    /// CECP / XBoard protocol 2.
    Xboard,
}

impl Protocol {
    /// The protocol a first line selects.
    pub fn from_first_line(line: &str) -> Option<Protocol> {
        match line.split_whitespace().next()? {
            "uci" => Some(Protocol::Uci),
            "xboard" => Some(Protocol::Xboard),
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
        line.clear();
        if input.read_line(&mut line)? == 0 {
            return Ok(());
        }
        let l = line.trim();
        if l.is_empty() {
            continue;
        }
        match Protocol::from_first_line(l) {
            Some(Protocol::Uci) => return uci::run(engine, l, input, out),
            Some(Protocol::Xboard) => return xboard::run(engine, l, input, out),
            None if l == "quit" => return Ok(()),
            None => out.line(&format!("Error (unknown command): {l}")),
        }
    }
}
