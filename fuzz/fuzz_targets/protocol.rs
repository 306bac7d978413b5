//! Whole command streams through the protocol loop of a live engine (the first byte picks
//! UCI, CECP, USI or UCCI): every line is answered or ignored, never a panic or a hang.
//! Searches are kept short (`go` lines become `go depth 1`, CECP plays `sd 1`) and lines that
//! would touch files or ask for big tables or many threads are left out, so each run stays
//! fast and harmless.
//!
//! One engine serves every run, in-process (building one, with its variants, tables and hash
//! table, took most of a run's time: 26 runs a second against thousands): after each run its
//! options go back to their defaults, which selects chess again, and it starts a new game
//! from the start position. What a run can leave behind is the variants a `define` block
//! added (the engine cannot forget them); every 4,096 runs a new engine starts from the
//! built-in variants, so that such state stays small. A crash that a single input does not
//! reproduce is one of those: run the corpus in order (`-runs=N` on the crash's directory).

#![no_main]

use std::sync::{Mutex, OnceLock};

use dabbaba::engine::options::OptionKind;
use dabbaba::engine::Engine;
use dabbaba::protocol::{run_loop, Output};
use dabbaba::variant::VariantSet;
use libfuzzer_sys::fuzz_target;

const OPENINGS: [&str; 4] = ["uci\n", "xboard\nsd 1\n", "usi\n", "ucci\n"];

/// Runs between two fresh engines.
const RUNS_PER_ENGINE: u32 = 4096;

struct Shared {
    engine: Engine,
    runs: u32,
}

/// The engine of every run, reset to its defaults.
fn with_engine(f: impl FnOnce(&mut Engine)) {
    static SHARED: OnceLock<Mutex<Shared>> = OnceLock::new();
    static BUILTINS: OnceLock<VariantSet> = OnceLock::new();
    let builtins = BUILTINS.get_or_init(VariantSet::with_builtins);
    let mut shared = SHARED
        .get_or_init(|| {
            Mutex::new(Shared {
                engine: fresh_engine(builtins),
                runs: 0,
            })
        })
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    shared.runs += 1;
    if shared.runs % RUNS_PER_ENGINE == 0 {
        shared.engine = fresh_engine(builtins);
    }
    f(&mut shared.engine);
    reset(&mut shared.engine);
}

/// A new engine with the smallest hash table: `new` and a variant change clear it, at every
/// run. (The inputs never set it: lines about hash are left out, and the reset skips it.)
fn fresh_engine(builtins: &VariantSet) -> Engine {
    let mut engine = Engine::with_variants(builtins.clone());
    let _ = engine.set_option("Hash", Some("1"));
    engine
}

/// Every option but `Hash` back to its default (the variant to chess), a new game at the
/// start.
fn reset(engine: &mut Engine) {
    engine.stop_and_wait();
    let defaults: Vec<(String, Option<String>)> = engine
        .options()
        .specs()
        .iter()
        .filter(|spec| spec.name != "Hash")
        .filter_map(|spec| {
            let value = match &spec.kind {
                OptionKind::Button => return None,
                OptionKind::Check { default } => default.to_string(),
                OptionKind::Spin { default, .. } => default.to_string(),
                OptionKind::Combo { default, .. } => default.clone(),
                OptionKind::String { default } => default.clone(),
            };
            Some((spec.name.clone(), Some(value)))
        })
        .collect();
    for (name, value) in defaults {
        let _ = engine.set_option(&name, value.as_deref());
    }
    engine.new_game();
    let _ = engine.set_position(None, &[]);
}

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
            input.extend_from_slice(b"go depth 1\n");
        } else {
            input.extend_from_slice(line);
            input.push(b'\n');
        }
    }
    with_engine(|engine| {
        let out = Output::new(Box::new(std::io::sink()));
        let _ = run_loop(engine, &mut input.as_slice(), out);
    });
});
