//! The protocol loop started when `dabbaba` runs without a subcommand.
//!
//! The protocols (UCI, CECP) arrive with the engine facade; until then the loop greets, answers
//! `quit`, and says plainly that other input is not understood yet.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

/// Reads commands from standard input until `quit` or end of input.
pub fn run() -> anyhow::Result<ExitCode> {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    writeln!(
        out,
        "Dabbaba {} (protocols not implemented yet; type quit)",
        env!("CARGO_PKG_VERSION")
    )?;
    out.flush()?;
    for line in io::stdin().lock().lines() {
        let line = line?;
        let command = line.trim();
        match command {
            "" => continue,
            "quit" => break,
            other => {
                writeln!(out, "Error (unknown command): {other}")?;
                out.flush()?;
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
