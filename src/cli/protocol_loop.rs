//! The protocol loop started when `dabbaba` runs without a subcommand: the first line decides
//! the protocol (see [`crate::protocol::run_loop`]).

use crate::engine::Engine;
use crate::protocol::{run_loop, Output};
use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

/// Reads commands from standard input until `quit` or end of input.
pub fn run(variant_files: &[PathBuf]) -> anyhow::Result<ExitCode> {
    let set = super::variants::variant_set(variant_files)?;
    let mut engine = Engine::with_variants(set);
    let out = Output::new(Box::new(io::stdout()));
    let stdin = io::stdin();
    let mut input = stdin.lock();
    run_loop(&mut engine, &mut input, out)?;
    Ok(ExitCode::SUCCESS)
}
