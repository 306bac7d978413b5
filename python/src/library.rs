//! The module's state: the variants (built-ins plus what `load_variant_config` and the
//! `VariantPath` option added), each variant's tables built once, and an engine for
//! `analyse` with the options `set_option` gave.
//!
//! pyffish keeps the same things global; so does this module, behind one lock that no call
//! holds while it searches or counts (the tables are shared `Arc`s, the engine is taken out).

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex, MutexGuard};

use dabbaba::board::setup::playable;
use dabbaba::board::AnyTables;
use dabbaba::cli::game::{set_up, GamePosition};
use dabbaba::engine::Engine;
use dabbaba::variant::{Variant, VariantSet};

/// What the module knows.
pub struct Library {
    set: VariantSet,
    tables: HashMap<String, (Arc<Variant>, AnyTables)>,
    /// Options given to `set_option`, the last value of each (names compared ignoring
    /// case), replayed on every new engine.
    options: Vec<(String, String)>,
    /// An idle engine, if one was made.
    engine: Option<Engine>,
    /// Counts changes of the variants and options: an engine taken out before a change is
    /// not taken back, so a search that overlapped `set_option` or `load_variant_config`
    /// cannot bring back the old settings.
    generation: u64,
}

/// An engine lent out of the library for one search, with the settings' generation it has.
pub struct Lent {
    pub engine: Engine,
    generation: u64,
}

/// A bad variant, FEN, move or option: the message becomes a `ValueError`.
pub type Failure = String;

static LIBRARY: LazyLock<Mutex<Library>> = LazyLock::new(|| {
    let mut set = VariantSet::with_builtins();
    set.check_playable_with(playable);
    Mutex::new(Library {
        set,
        tables: HashMap::new(),
        options: Vec::new(),
        engine: None,
        generation: 0,
    })
});

/// The library, locked. After a panic inside a call (which PyO3 turns into an exception)
/// the caches are dropped: the variants stay (a section is added whole or not at all), but
/// tables or an engine built from a half-done change are not trusted.
pub fn library() -> MutexGuard<'static, Library> {
    LIBRARY.lock().unwrap_or_else(|poisoned| {
        LIBRARY.clear_poison();
        let mut lib = poisoned.into_inner();
        lib.tables.clear();
        lib.engine = None;
        lib.generation += 1;
        lib
    })
}

impl Library {
    /// The variants' names, in load order.
    pub fn names(&self) -> Vec<String> {
        self.set.names().map(str::to_string).collect()
    }

    /// A variant and its tables (built on first use).
    pub fn variant(&mut self, name: &str) -> Result<(Arc<Variant>, AnyTables), Failure> {
        if let Some((v, t)) = self.tables.get(name) {
            return Ok((Arc::clone(v), t.clone()));
        }
        let v = self
            .set
            .get(name)
            .ok_or_else(|| format!("unknown variant '{name}'"))?
            .clone();
        let t = AnyTables::new(&v).map_err(|e| e.to_string())?;
        let v = Arc::new(v);
        self.tables
            .insert(name.to_string(), (Arc::clone(&v), t.clone()));
        Ok((v, t))
    }

    /// Adds the sections of an INI text (a section named like a known variant replaces it).
    /// The sections without problems are kept even when others have some; the problems are
    /// the error, one `FILE:LINE: key: reason` per line.
    pub fn load_config(&mut self, file: &str, text: &str) -> Result<(), Failure> {
        let report = self.set.load_sections(file, text);
        // A replaced variant has new tables, and the engine must see the new set.
        for name in &report.loaded {
            self.tables.remove(name);
        }
        if !report.loaded.is_empty() {
            self.engine = None;
            self.generation += 1;
        }
        if report.is_clean() {
            return Ok(());
        }
        let lines: Vec<String> = report.problems().iter().map(|e| e.to_string()).collect();
        Err(lines.join("\n"))
    }

    /// Sets an engine option, checked by the engine's option registry (`VariantPath` loads
    /// its file here instead).
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), Failure> {
        if name.trim().eq_ignore_ascii_case("VariantPath") {
            let text = std::fs::read_to_string(value)
                .map_err(|e| format!("VariantPath: cannot read '{value}': {e}"))?;
            return self.load_config(value, &text);
        }
        // Checked by an engine (a bad value, an unknown name, an EvalFile that does not
        // load are its errors), which then stays idle with the option set.
        let Lent { mut engine, .. } = self.take_engine()?;
        let outcome = engine
            .set_option(name, Some(value))
            .map(|_| ())
            .map_err(|e| e.to_string());
        if outcome.is_ok() {
            self.options
                .retain(|(old, _)| !old.trim().eq_ignore_ascii_case(name.trim()));
            self.options.push((name.to_string(), value.to_string()));
            self.generation += 1;
        }
        self.engine = Some(engine);
        outcome
    }

    /// The idle engine, or a new one with the options set so far. Give it back with
    /// [`Library::return_engine`].
    pub fn take_engine(&mut self) -> Result<Lent, Failure> {
        let generation = self.generation;
        if let Some(engine) = self.engine.take() {
            return Ok(Lent { engine, generation });
        }
        let mut engine = Engine::with_variants(self.set.clone());
        for (name, value) in &self.options {
            engine
                .set_option(name, Some(value))
                .map_err(|e| e.to_string())?;
        }
        Ok(Lent { engine, generation })
    }

    /// Keeps an engine for the next search, unless the settings changed while it was out.
    pub fn return_engine(&mut self, lent: Lent) {
        if lent.generation == self.generation {
            self.engine = Some(lent.engine);
        }
    }
}

/// A variant's position: `fen` (`"startpos"`: the variant's start) after `moves` in UCI text,
/// as pyffish reads its arguments. `chess960` adds to a variant that is Chess960 by
/// definition.
pub fn position(
    variant: &str,
    fen: &str,
    moves: &[String],
    chess960: bool,
) -> Result<(Arc<Variant>, GamePosition), Failure> {
    let (v, tables) = library().variant(variant)?;
    let fen = (fen != "startpos").then_some(fen);
    let mut game = set_up(&tables, fen, &[], chess960 || v.chess960).map_err(|e| e.to_string())?;
    // UCI text only, as pyffish: a move list another function can read back the same way.
    game.pos
        .play_moves(moves, dabbaba::board::MoveDialect::Uci, false)
        .map_err(|e| e.to_string())?;
    Ok((v, game))
}
