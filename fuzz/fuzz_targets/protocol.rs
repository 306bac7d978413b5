//! Whole command streams through the protocol loop of a live engine (the first byte picks
//! UCI, CECP, USI or UCCI): every line is answered or ignored, never a panic or a hang.
//! Searches are kept short (`go` lines become depth-limited) and lines that would touch files
//! or ask for big tables or many threads are left out, so each run stays fast and harmless
//! (`protover 2` is left to the fuzzer: its answer builds every variant's tables, about a
//! second).

#![no_main]

use dabbaba::engine::Engine;
use dabbaba::protocol::{run_loop, Output};
use libfuzzer_sys::fuzz_target;

const OPENINGS: [&str; 4] = ["uci\n", "xboard\nsd 2\n", "usi\n", "ucci\n"];

/// Whether a line is left out of the stream (see the module comment).
fn left_out(line: &str) -> bool {
    let l = line.to_ascii_lowercase();
    [
        "file", "path", "log", "hash", "thread", "memory", "cores", "perft", "bench",
    ]
    .iter()
    .any(|w| l.contains(w))
        || ["sd", "st", "level", "time", "otim"]
            .iter()
            .any(|w| l.split_whitespace().next() == Some(w))
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let cecp = pick % 4 == 1;
    let mut input = OPENINGS[pick as usize % 4].as_bytes().to_vec();
    for line in rest.split(|&b| b == b'\n') {
        let text = String::from_utf8_lossy(line);
        if left_out(&text) {
            continue;
        }
        if !cecp && text.trim_start().starts_with("go") {
            input.extend_from_slice(b"go depth 2\n");
        } else {
            input.extend_from_slice(line);
            input.push(b'\n');
        }
    }
    let mut engine = Engine::new();
    let out = Output::new(Box::new(std::io::sink()));
    let _ = run_loop(&mut engine, &mut input.as_slice(), out);
});
