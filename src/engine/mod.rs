//! The engine facade: the one object protocols talk to.
//!
//! It owns the variants, the current variant's tables and evaluation, the position (a FEN plus
//! moves), the options, the transposition table and the running search. It never prints:
//! search progress and the best move go to callbacks set with [`Engine::set_on_info`] and
//! [`Engine::set_on_bestmove`]; every fallible call returns an [`EngineError`] and leaves the
//! engine in the state it had before the call, but for a refused `BookFile`, after which no
//! book is played from (the GUI asked for another one than the book before).
//!
//! This file holds the engine record, the position and the options; the rest is split by
//! job: variant selection and loading (`variants.rs`), the net (`nets.rs`), the search thread
//! (`searching.rs`), the opening book (`book/`), what is reported (`report.rs`) and the
//! errors (`error.rs`).

pub mod book;
mod error;
pub mod game;
mod nets;
pub mod options;
mod report;
mod searching;
mod variants;

pub use error::EngineError;
pub use report::{wdl, BestMove, Info, InfoLine, OptionOutcome, VariantSummary};
use searching::Running;
use variants::{build_tables, unreachable_tables, unreachable_variant};

use crate::board::position::AnyPosition;
use crate::board::{AnyTables, Move, MoveDialect};
use crate::eval::EvalParams;
use crate::search::{self, Pool, Tt};
use crate::variant::{Variant, VariantSet};
use options::{names, OptionValue, Options};
use std::sync::Arc;

type InfoFn = Arc<dyn Fn(&Info) + Send + Sync>;
type BestFn = Arc<dyn Fn(&BestMove) + Send + Sync>;

/// The engine facade (see the module documentation).
pub struct Engine {
    variants: VariantSet,
    variant: Variant,
    tables: AnyTables,
    ev: Arc<EvalParams>,
    /// The current position.
    game: AnyPosition,
    /// Why the last [`Engine::set_position`] could not set a position (a bad FEN): until one
    /// is set, `go` searches nothing and answers [`BestMove::no_position`], and no move is
    /// played, so a GUI's next `go` never searches a position it did not send.
    refused: Option<String>,
    options: Options,
    /// How the protocol in use writes moves: every move the engine reads or writes as text
    /// (positions, search lines, the best move) is in it.
    dialect: MoveDialect,
    /// Recently selected variants' tables and evaluation (most recent last).
    compiled: Vec<variants::Compiled>,
    /// The book of `BookFile`, played from when `OwnBook` is on.
    book: Option<Arc<book::OpeningBook>>,
    tt: Arc<Tt>,
    /// Move-ordering histories, kept from one search to the next within a game.
    histories: Arc<search::HistoryStore>,
    /// The search threads, resized when `Threads` is set.
    pool: Pool,
    running: Option<Running>,
    on_info: InfoFn,
    on_bestmove: BestFn,
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("variant", &self.variant.name)
            .field("fen", &self.fen())
            .finish_non_exhaustive()
    }
}

impl Engine {
    /// An engine on standard chess with the built-in variants and default options.
    pub fn new() -> Engine {
        Engine::with_variants(VariantSet::with_builtins())
    }

    /// An engine with these variants (standard chess first if present, else the first one
    /// that can be played).
    pub fn with_variants(mut variants: VariantSet) -> Engine {
        // Files loaded later (`VariantPath`) skip the sections it cannot play.
        variants.check_playable_with(crate::board::setup::playable);
        let names: Vec<String> = variants.iter().map(|v| v.name.clone()).collect();
        let mut options = Options::new(names.clone());
        let order = std::iter::once("chess".to_string()).chain(names);
        let mut chosen = None;
        for n in order {
            if let Some(v) = variants.get(&n) {
                if let Ok(t) = build_tables(v) {
                    chosen = Some((v.clone(), t));
                    break;
                }
            }
        }
        let (variant, (tables, ev, game)) = chosen.unwrap_or_else(|| {
            let v = crate::variant::builtin("chess")
                .cloned()
                .unwrap_or_else(|| {
                    // The built-in set always has chess; this is only a fallback for a set
                    // without any playable variant.
                    variants
                        .iter()
                        .next()
                        .cloned()
                        .unwrap_or_else(unreachable_variant)
                });
            let t = build_tables(&v).unwrap_or_else(|_| unreachable_tables());
            (v, t)
        });
        let _ = options.set(names::VARIANT, Some(&variant.name));
        let hash = options.int(names::HASH) as usize;
        let threads = options.int(names::THREADS).max(1) as usize;
        let compiled = vec![variants::Compiled::new(
            variant.clone(),
            tables.clone(),
            Arc::clone(&ev),
        )];
        let mut engine = Engine {
            variants,
            variant,
            tables,
            ev,
            game,
            refused: None,
            options,
            dialect: MoveDialect::Uci,
            compiled,
            book: None,
            tt: Arc::new(Tt::new(hash)),
            histories: Arc::default(),
            pool: Pool::new(threads),
            running: None,
            on_info: Arc::new(|_| {}),
            on_bestmove: Arc::new(|_| {}),
        };
        // The options' net for the first variant: its built-in net, if any (`Use NNUE` is true
        // by default; without an `EvalFile` nothing is read, so nothing can fail).
        let _ = engine.apply_nnue(&engine.options.clone());
        engine
    }

    /// Sets the callback for search progress.
    pub fn set_on_info(&mut self, f: impl Fn(&Info) + Send + Sync + 'static) {
        self.on_info = Arc::new(f);
    }

    /// Sets the callback for the result of `go`.
    pub fn set_on_bestmove(&mut self, f: impl Fn(&BestMove) + Send + Sync + 'static) {
        self.on_bestmove = Arc::new(f);
    }

    /// The option registry (specs and current values).
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Names of the variants that can be selected.
    pub fn variant_names(&self) -> Vec<String> {
        self.variants.iter().map(|v| v.name.clone()).collect()
    }

    /// The definition of the variant named `name`, if the engine has one.
    pub fn variant_named(&self, name: &str) -> Option<&Variant> {
        self.variants.get(name)
    }

    /// The current variant.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    fn chess960(&self) -> bool {
        self.options.bool(names::CHESS960) || self.variant.chess960
    }

    /// Sets the notation of every move the engine reads and writes as text (UCI until set).
    pub fn set_move_dialect(&mut self, dialect: MoveDialect) {
        self.dialect = dialect;
    }

    /// The legal move of the current position whose text (in the engine's dialect) is
    /// `text`.
    pub fn parse_move(&self, text: &str) -> Result<Move, EngineError> {
        if let Some(reason) = &self.refused {
            return Err(EngineError::NoPosition(reason.clone()));
        }
        crate::with_position!(&self.game, p => {
            p.parse_move_text(text, self.dialect).map_err(|_| EngineError::IllegalMove {
                mv: text.to_string(),
                fen: p.fen(),
            })
        })
    }

    /// The text of `m`, a move of the current position, in the engine's dialect.
    pub fn move_text(&self, m: Move) -> String {
        crate::with_position!(&self.game, p => p.move_text(m, self.dialect))
    }

    /// Sets the position: `fen` (`None` = the variant's start) and then `moves` in the
    /// engine's dialect ([`Engine::set_move_dialect`]).
    /// A bad FEN sets no position: until the next one, `go` answers without a move and no
    /// move is played ([`Engine::position_refused`]). An illegal move leaves the position
    /// reached before it, as Stockfish and Fairy-Stockfish do (what GUIs expect), and is the
    /// error.
    pub fn set_position(&mut self, fen: Option<&str>, moves: &[String]) -> Result<(), EngineError> {
        self.stop_and_wait();
        let result = self.set_position_from(fen, moves);
        self.refused = match &result {
            Err(e @ EngineError::BadFen { .. }) => Some(e.to_string()),
            _ => None,
        };
        result
    }

    /// Why no position is set (the last FEN sent was refused), if so.
    pub fn position_refused(&self) -> Option<&str> {
        self.refused.as_deref()
    }

    /// Records that a protocol could not read a position command (`reason` says why): as
    /// after a bad FEN, no position is set until the next one.
    pub fn refuse_position(&mut self, reason: &str) {
        self.stop_and_wait();
        self.refused = Some(reason.to_string());
    }

    fn set_position_from(
        &mut self,
        fen: Option<&str>,
        moves: &[String],
    ) -> Result<(), EngineError> {
        let c960 = self.chess960();
        let bad_fen = |f: &str, e: String| EngineError::BadFen {
            fen: f.to_string(),
            reason: e,
        };
        let mut game = self
            .tables
            .position(fen, c960)
            .map_err(|e| bad_fen(fen.unwrap_or("startpos"), e.to_string()))?;
        // The moves up to an illegal one are played; the error names that move and the
        // position it was tried in.
        let result = game.play_moves(moves, self.dialect, false).map_err(|e| {
            let crate::board::MoveError::Illegal(mv) = e;
            EngineError::IllegalMove {
                mv,
                fen: game.fen(),
            }
        });
        self.game = game;
        result
    }

    /// The current position as FEN.
    pub fn fen(&self) -> String {
        self.game.fen()
    }

    /// The legal moves of the current position, in generation order.
    pub fn legal_moves(&self) -> Vec<Move> {
        crate::with_position!(&self.game, p => {
            let mut list = crate::board::MoveList::new();
            p.legal_moves(&mut list);
            list.as_slice().to_vec()
        })
    }

    /// Perft of the current position per root move.
    pub fn perft_divide(&self, depth: u32) -> Vec<(String, u64)> {
        let threads = self.options.int(names::THREADS).max(1) as usize;
        self.game.divide(depth.max(1), threads)
    }

    /// Sets an option by name (case-insensitive) from text; buttons take no value.
    pub fn set_option(
        &mut self,
        name: &str,
        value: Option<&str>,
    ) -> Result<OptionOutcome, EngineError> {
        // cutechess-cli asks for its `fischerandom` as `UCI_Variant chess960` (its name in
        // the UCI_Chess960 convention); the variant is ours under the name `fischerandom`.
        let value = match value {
            Some(v)
                if name.trim().eq_ignore_ascii_case(names::VARIANT)
                    && v.trim().eq_ignore_ascii_case("chess960")
                    && self.variant_names().iter().any(|n| n == "fischerandom") =>
            {
                Some("fischerandom")
            }
            v => v,
        };
        // Validate first, on a copy, so an error changes nothing.
        let mut opts = self.options.clone();
        let (canon, v) = opts.set(name, value)?;
        match (canon.as_str(), &v) {
            (names::VARIANT, OptionValue::Text(n)) => {
                let n = n.clone();
                let summary = self.set_variant(&n)?;
                self.options = opts;
                return Ok(OptionOutcome::VariantChanged(summary));
            }
            (names::USE_NNUE | names::EVAL_FILE, _) => {
                self.stop_and_wait();
                // Kept even when the net cannot be used now: a GUI may send `EvalFile` before
                // `UCI_Variant`, and `set_variant` tries the net again for the next variant.
                // Until then the hand-crafted evaluation plays.
                let applied = self.apply_nnue(&opts);
                self.options = opts;
                if applied.is_err() {
                    let mut ev = (*self.ev).clone();
                    ev.set_nnue(None);
                    self.ev = Arc::new(ev);
                }
                applied?;
                return Ok(OptionOutcome::Done);
            }
            (names::BOOK_FILE, OptionValue::Text(p)) => {
                // A book that cannot be used is refused, and the engine plays on without one.
                self.book = None;
                if p.is_empty() {
                    self.options = opts;
                    return Ok(OptionOutcome::Done);
                }
                let loaded = book::OpeningBook::load(std::path::Path::new(p), &self.variants);
                let loaded = match loaded {
                    Ok(b) => b,
                    Err(e) => {
                        // The option says what is in play: no book.
                        let _ = self.options.set(names::BOOK_FILE, Some(""));
                        return Err(EngineError::Book(e.to_string()));
                    }
                };
                self.book = Some(Arc::new(loaded));
                self.options = opts;
                return Ok(OptionOutcome::Done);
            }
            (names::VARIANT_PATH, OptionValue::Text(p)) => {
                if p.is_empty() {
                    self.options = opts;
                    return Ok(OptionOutcome::Done);
                }
                let p = p.clone();
                let (added, notices) = self.load_variants_reported(&p)?;
                let vars = self.variant_names();
                opts.set_combo_vars(names::VARIANT, vars);
                self.options = opts;
                return Ok(OptionOutcome::VariantsLoaded(added, notices));
            }
            _ => {}
        }
        self.stop_and_wait();
        match (canon.as_str(), &v) {
            (names::HASH, OptionValue::Int(mb)) => {
                // Refused memory leaves the old table and the option's old value in place.
                let tt =
                    Tt::try_new(*mb as usize).map_err(|e| EngineError::Memory(e.to_string()))?;
                self.tt = Arc::new(tt);
            }
            (names::CLEAR_HASH, _) => {
                self.tt.clear();
                self.histories.clear();
            }
            (names::THREADS, OptionValue::Int(n)) => self.pool.resize((*n).max(1) as usize),
            (names::CHESS960, _) => {
                self.options = opts;
                // Read the game again so castling notation follows the option.
                let c960 = self.chess960();
                crate::with_position!(&mut self.game, p => {
                    *p = p.with_chess960(c960).map_err(|e| EngineError::BadFen {
                        fen: p.fen(),
                        reason: e.to_string(),
                    })?;
                });
                return Ok(OptionOutcome::Done);
            }
            _ => {}
        }
        self.options = opts;
        Ok(OptionOutcome::Done)
    }

    /// Starts a new game: clears the transposition table and the move-ordering histories.
    pub fn new_game(&mut self) {
        self.stop_and_wait();
        self.tt.clear();
        self.histories.clear();
    }
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.stop_and_wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Limits;

    fn tables_ptr(e: &Engine) -> *const () {
        match &e.tables {
            AnyTables::W64(t) => Arc::as_ptr(t) as *const (),
            AnyTables::W128(t) => Arc::as_ptr(t) as *const (),
            AnyTables::W256(t) => Arc::as_ptr(t) as *const (),
        }
    }

    /// A variant selected again plays on the tables built the first time (and its built-in
    /// net read then), while a variant defined again with other rules is built again.
    #[test]
    fn selected_variants_are_kept_until_redefined() {
        let mut e = Engine::new();
        e.set_variant("xiangqi").unwrap();
        let xiangqi = tables_ptr(&e);
        // Held, so that no later tables can be given the same address.
        let _held = e.tables.clone();
        let net = e.current_compiled().and_then(|c| c.builtin_net.clone());
        assert!(net.is_some(), "xiangqi's built-in net was not kept");
        e.set_variant("chess").unwrap();
        e.set_variant("xiangqi").unwrap();
        assert_eq!(tables_ptr(&e), xiangqi);
        let again = e.current_compiled().and_then(|c| c.builtin_net.clone());
        assert!(Arc::ptr_eq(&net.unwrap(), &again.unwrap()));
        // Four others push xiangqi out.
        for v in ["shogi", "makruk", "janggi", "capablanca", "xiangqi"] {
            e.set_variant(v).unwrap();
        }
        assert_ne!(tables_ptr(&e), xiangqi);
        // The same name with another board: new tables, and the rules of the new one.
        let kept = tables_ptr(&e);
        let _held_too = e.tables.clone();
        let (names, notices) = e.define_variants(
            "test",
            "[xiangqi:chess]\nmaxRank = 6\nstartFen = rnbqkbnr/pppppppp/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
        );
        assert_eq!(names, ["xiangqi"], "{notices:?}");
        e.set_variant("xiangqi").unwrap();
        assert_ne!(tables_ptr(&e), kept);
        assert_eq!(e.variant().ranks, 6);
    }

    /// What `Engine::playable_variant_names` takes for granted.
    #[test]
    fn every_builtin_variant_is_playable() {
        for v in crate::variant::builtins().iter() {
            if let Err(e) = build_tables(v) {
                panic!("{}: {e}", v.name);
            }
        }
    }

    #[test]
    fn playable_variants_are_the_builtins_and_the_files_that_set_up() {
        let mut set = VariantSet::with_builtins();
        set.load_str(
            "t.ini",
            "[fine:chess]\n\n[unplayable:chess]\ncustomPiece1 = a:cacafK\n\
             startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNA w KQkq - 0 1\n",
        )
        .expect("loads");
        let e = Engine::with_variants(set);
        let names = e.playable_variant_names();
        assert_eq!(
            names.len(),
            crate::variant::builtins().len() + 1,
            "{names:?}"
        );
        assert!(names.iter().any(|n| n == "fine"));
        assert!(names.iter().any(|n| n == "makruk"));
        assert!(!names.iter().any(|n| n == "unplayable"));
    }

    /// A net committed to `nets/` under the wrong name, or made before its variant's pieces
    /// changed, would only be logged and replaced by the hand-crafted evaluation at run time.
    #[test]
    fn every_builtin_net_fits_its_variant() {
        assert!(!crate::eval::nnue::BUILTIN_NETS.is_empty());
        let mut e = Engine::new();
        for &(name, bytes) in crate::eval::nnue::BUILTIN_NETS {
            assert_net_fits(&mut e, name, bytes, &format!("nets/{name}.nnue"));
        }
    }

    fn assert_net_fits(e: &mut Engine, variant: &str, bytes: &[u8], file: &str) {
        e.set_variant(variant)
            .unwrap_or_else(|err| panic!("{file}: no such variant: {err}"));
        if let Err(err) = e.read_net(bytes, file) {
            panic!("{file} does not fit {variant}: {err}");
        }
    }

    /// Every net file in the repository, read from disk: `nets/NAME.nnue` must fit variant
    /// NAME (and be one the build embedded), and each candidate of `nets/candidates/`
    /// (`VARIANT-rN.nnue`, not built in, what the next training round continues from) must
    /// fit the variant its name gives. A missing `nets/` folder fails: the build reads it.
    #[test]
    fn every_net_file_fits_its_variant() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("nets");
        let mut e = Engine::new();
        let mut checked = Vec::new();
        for (dir, candidates) in [(root.clone(), false), (root.join("candidates"), true)] {
            let entries = match std::fs::read_dir(&dir) {
                Ok(entries) => entries,
                // No candidates folder: every kept net is built in.
                Err(err) if candidates && err.kind() == std::io::ErrorKind::NotFound => continue,
                Err(err) => panic!("{}: {err}", dir.display()),
            };
            for path in entries.map(|entry| entry.expect("readable folder").path()) {
                let file = path.file_name().unwrap_or_default().to_string_lossy();
                let Some(stem) = file.strip_suffix(".nnue") else {
                    continue;
                };
                let variant = if candidates {
                    let (variant, _round) = stem
                        .rsplit_once('-')
                        .unwrap_or_else(|| panic!("{file}: not named VARIANT-rN.nnue"));
                    variant
                } else {
                    stem
                };
                let bytes = std::fs::read(&path).expect("readable net");
                assert_net_fits(&mut e, variant, &bytes, &file);
                if !candidates {
                    checked.push(stem.to_string());
                }
            }
        }
        checked.sort();
        let mut embedded: Vec<String> = crate::eval::nnue::BUILTIN_NETS
            .iter()
            .map(|&(name, _)| name.to_string())
            .collect();
        embedded.sort();
        assert!(!checked.is_empty(), "no net file in nets/");
        assert_eq!(checked, embedded, "the nets of nets/ are the ones built in");
    }

    #[test]
    fn threads_start_once_and_serve_every_search() {
        let mut e = Engine::new();
        assert_eq!(e.pool.len(), 1);
        e.set_option(names::THREADS, Some("3")).expect("threads");
        assert_eq!(e.pool.len(), 3);
        let (tx, rx) = crossbeam_channel::unbounded();
        e.set_on_bestmove(move |b| {
            let _ = tx.send(b.best_move);
        });
        for moves in [vec![], vec!["e2e4".to_string()]] {
            e.set_position(None, &moves).expect("position");
            let legal = e.legal_moves();
            e.go(Limits::depth(6));
            e.wait();
            let best = rx.recv().expect("bestmove").expect("a move");
            assert!(legal.contains(&best), "{best:?}");
            assert!(!e.is_searching());
            let (_, out) = e.search_sync(&Limits::depth(6));
            assert!(out.best.is_some());
        }
        e.set_option(names::THREADS, Some("1")).expect("threads");
        assert_eq!(e.pool.len(), 1);
        e.go(Limits::depth(3));
        e.wait();
        assert!(rx.recv().expect("bestmove").is_some());
    }
}
