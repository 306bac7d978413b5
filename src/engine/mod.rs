//! The engine facade: the one object protocols talk to.
//!
//! It owns the variants, the current variant's tables and evaluation, the position (a FEN plus
//! moves), the options, the transposition table and the running search. It never prints:
//! search progress and the best move go to callbacks set with [`Engine::set_on_info`] and
//! [`Engine::set_on_bestmove`]; every fallible call returns an [`EngineError`] and leaves the
//! engine in the state it had before the call.

pub mod game;
pub mod options;

use crate::board::bitboard::{Bb256, Bitboard};
use crate::board::geometry::Width;
use crate::board::position::{AnyPosition, Position, Tables};
use crate::board::MoveList;
use crate::eval::nnue::{FeatureSet, Network};
use crate::eval::{piece_letters, EvalParams, NnueEval};
use crate::search::{self, Bound, Context, Control, Limits, Pool, Progress, Score, Settings, Tt};
use crate::variant::{Variant, VariantSet};
use options::{names, OptionError, OptionValue, Options};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use thiserror::Error;

/// What went wrong in an engine call. The engine state is unchanged after an error.
#[derive(Debug, Error)]
pub enum EngineError {
    /// No variant of that name.
    #[error("unknown variant '{0}'")]
    UnknownVariant(String),
    /// The last position sent was refused; nothing can be played or searched until a new
    /// one is set.
    #[error("no position: {0}")]
    NoPosition(String),
    /// The variant's pieces or board cannot be played yet.
    #[error("variant {name} cannot be played: {reason}")]
    Unplayable {
        /// Variant name.
        name: String,
        /// Why.
        reason: String,
    },
    /// A FEN that does not fit the variant.
    #[error("bad FEN '{fen}': {reason}")]
    BadFen {
        /// The FEN.
        fen: String,
        /// Why.
        reason: String,
    },
    /// A move that is not legal in the position it is played in.
    #[error("illegal move '{mv}' in position {fen}")]
    IllegalMove {
        /// The move text.
        mv: String,
        /// The position it was played in.
        fen: String,
    },
    /// A variants file that could not be loaded.
    #[error("cannot load variants: {0}")]
    Load(String),
    /// An option problem.
    #[error(transparent)]
    Option(#[from] OptionError),
    /// Memory the system refused.
    #[error("{0}")]
    Memory(String),
    /// A net file that cannot be used (`EvalFile`, `Use NNUE`).
    #[error("cannot use net '{path}': {reason}")]
    Net {
        /// The file.
        path: String,
        /// Why not.
        reason: String,
    },
}

/// One line of search output with moves as UCI text.
#[derive(Debug, Clone, PartialEq)]
pub struct InfoLine {
    /// Iteration depth.
    pub depth: u32,
    /// Deepest ply.
    pub seldepth: u32,
    /// 1-based line number.
    pub multipv: usize,
    /// Score.
    pub score: Score,
    /// Whether the score is a bound.
    pub bound: Bound,
    /// Win/draw/loss per mille, when `UCI_ShowWDL` is on.
    pub wdl: Option<[u32; 3]>,
    /// Nodes of all threads.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Transposition table use, permille.
    pub hashfull: u32,
    /// Milliseconds since `go`.
    pub time_ms: u64,
    /// Principal variation.
    pub pv: Vec<String>,
}

/// What the engine reports while searching.
#[derive(Debug, Clone, PartialEq)]
pub enum Info {
    /// A finished iteration line.
    Line(InfoLine),
    /// Free text for the GUI (UCI `info string`).
    Text(String),
}

/// The result of `go`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BestMove {
    /// The best move, `None` when there is no legal move (or no position).
    pub best: Option<String>,
    /// The expected reply.
    pub ponder: Option<String>,
    /// Nothing was searched: the last position sent was refused ([`Engine::set_position`]);
    /// UCI answers `bestmove 0000`.
    pub no_position: bool,
}

/// A summary of the selected variant (UCI prints it as `info string variant ...`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VariantSummary {
    /// Name.
    pub name: String,
    /// Files.
    pub files: u8,
    /// Ranks.
    pub ranks: u8,
    /// Pocket size (0 without drops).
    pub pocket: u32,
    /// XBoard template (`fairy` when unset).
    pub template: String,
    /// Start FEN.
    pub start_fen: String,
    /// Something the user should know about the switch (the chosen net does not fit the new
    /// variant, so the hand-crafted evaluation plays).
    pub notice: Option<String>,
}

/// What setting an option did beyond storing it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionOutcome {
    /// Stored.
    Done,
    /// A new variant is selected and the position reset to its start.
    VariantChanged(VariantSummary),
    /// Variant files were loaded: the names of the variants they defined (new or replacing
    /// one of the same name), and the notices to show (problems that cost a section, one
    /// line each `FILE:LINE: key: reason; section skipped`, and replacements).
    VariantsLoaded(Vec<String>, Vec<String>),
}

type InfoFn = Arc<dyn Fn(&Info) + Send + Sync>;
type BestFn = Arc<dyn Fn(&BestMove) + Send + Sync>;

/// The tables of the current variant, at its width.
#[derive(Debug, Clone)]
enum AnyTables {
    W64(Arc<Tables<u64>>),
    W128(Arc<Tables<u128>>),
    W256(Arc<Tables<Bb256>>),
}

struct Running {
    ctrl: Arc<Control>,
    stop_requested: Arc<AtomicBool>,
    /// Set when the best move has been reported.
    finished: Arc<AtomicBool>,
    /// Receives one message (or a disconnect) when the search job has ended.
    done: crossbeam_channel::Receiver<()>,
}

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

fn build_tables(v: &Variant) -> Result<(AnyTables, Arc<EvalParams>, AnyPosition), EngineError> {
    let unplayable = |reason: String| EngineError::Unplayable {
        name: v.name.clone(),
        reason,
    };
    type Built<B> = (Arc<Tables<B>>, EvalParams, Position<B>);
    fn one<B: Bitboard>(v: &Variant) -> Result<Built<B>, String> {
        let t = Arc::new(Tables::<B>::new(v).map_err(|e| e.to_string())?);
        let start = Position::startpos(Arc::clone(&t), false).map_err(|e| e.to_string())?;
        let mut ev = EvalParams::new(&t, &start);
        if let Err(e) = ev.apply_builtin_weights(v) {
            tracing::warn!(
                "weights/{}.txt does not fit this variant, not used: line {e}",
                v.name
            );
        }
        Ok((t, ev, start))
    }
    Ok(match AnyPosition::width_for(v) {
        Width::W64 => {
            let (t, ev, p) = one::<u64>(v).map_err(unplayable)?;
            (AnyTables::W64(t), Arc::new(ev), AnyPosition::W64(p))
        }
        Width::W128 => {
            let (t, ev, p) = one::<u128>(v).map_err(unplayable)?;
            (AnyTables::W128(t), Arc::new(ev), AnyPosition::W128(p))
        }
        Width::W256 => {
            let (t, ev, p) = one::<Bb256>(v).map_err(unplayable)?;
            (AnyTables::W256(t), Arc::new(ev), AnyPosition::W256(p))
        }
    })
}

/// Win/draw/loss per mille from a score (a simple logistic model).
pub fn wdl(score: Score) -> [u32; 3] {
    match score {
        Score::Mate(m) if m > 0 => [1000, 0, 0],
        Score::Mate(_) => [0, 0, 1000],
        Score::Cp(cp) => {
            let f = |x: f64| 1000.0 / (1.0 + (-(x) / 90.0).exp());
            let w = f(cp as f64 - 200.0).round() as u32;
            let l = f(-(cp as f64) - 200.0).round() as u32;
            let w = w.min(1000);
            let l = l.min(1000 - w);
            [w, 1000 - w - l, l]
        }
    }
}

/// In ponder or infinite mode the answer waits for `ponderhit` or `stop`.
fn wait_for_release(infinite: bool, ctrl: &Control, stop_requested: &AtomicBool) {
    while (infinite || ctrl.pondering.load(Ordering::Relaxed))
        && !stop_requested.load(Ordering::Relaxed)
    {
        std::thread::sleep(Duration::from_millis(1));
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
        let mut engine = Engine {
            variants,
            variant,
            tables,
            ev,
            game,
            refused: None,
            options,
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

    /// The current variant.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// A summary of the current variant.
    pub fn variant_summary(&self) -> VariantSummary {
        let v = &self.variant;
        let pocket = if v.drops.piece_drops {
            if v.xboard.pocket_size > 0 {
                v.xboard.pocket_size
            } else {
                v.pieces.len() as u32
            }
        } else {
            0
        };
        let template = if v.xboard.variant_template.is_empty() {
            "fairy".to_string()
        } else {
            v.xboard.variant_template.clone()
        };
        VariantSummary {
            name: v.name.clone(),
            files: v.files,
            ranks: v.ranks,
            pocket,
            template,
            start_fen: v.start_fen.clone(),
            notice: None,
        }
    }

    /// Chooses the net `opts` ask for (`Use NNUE`, `EvalFile`) for the current variant, or
    /// none; a file that cannot be read or does not fit the variant is an error and changes
    /// nothing here (`set_option` then drops the net). Without an `EvalFile` the variant's built-in net plays (`nets/NAME.nnue`); a
    /// variant without either, or whose weights `--weights` gave (they are what is being
    /// measured), plays with the hand-crafted evaluation.
    fn apply_nnue(&mut self, opts: &Options) -> Result<(), EngineError> {
        let path = opts.text(names::EVAL_FILE);
        let net = if !opts.bool(names::USE_NNUE) {
            None
        } else if !path.is_empty() {
            let net = self.load_net(&path)?;
            // After a variant's "no net" line (the variant is set before its options), this
            // says what evaluates in the end.
            tracing::info!("{}: the net {path} evaluates", self.variant.name);
            Some(Arc::new(net))
        } else if crate::eval::has_user_weights(&self.variant.name) {
            tracing::info!(
                "weights for {} given with --weights: the hand-crafted evaluation plays",
                self.variant.name
            );
            None
        } else {
            match crate::eval::nnue::builtin_net(&self.variant.name) {
                Some(bytes) => match self.read_net(bytes, "built-in") {
                    Ok(net) => Some(Arc::new(net)),
                    Err(e) => {
                        // A user's variant that redefines a built-in name with other pieces.
                        tracing::warn!("{e}; the hand-crafted evaluation plays");
                        None
                    }
                },
                None => {
                    tracing::info!(
                        "no net for {}: the hand-crafted evaluation plays",
                        self.variant.name
                    );
                    None
                }
            }
        };
        let mut ev = (*self.ev).clone();
        ev.set_nnue(net);
        self.ev = Arc::new(ev);
        Ok(())
    }

    /// Reads the net file at `path` and checks that it fits the current variant.
    fn load_net(&self, path: &str) -> Result<NnueEval, EngineError> {
        let bytes = std::fs::read(path).map_err(|e| EngineError::Net {
            path: path.to_string(),
            reason: e.to_string(),
        })?;
        self.read_net(&bytes, path)
    }

    /// The net of a net file's bytes, checked against the current variant; `path` names it
    /// in errors.
    fn read_net(&self, bytes: &[u8], path: &str) -> Result<NnueEval, EngineError> {
        let err = |reason: String| EngineError::Net {
            path: path.to_string(),
            reason,
        };
        let net = Network::from_bytes(bytes).map_err(|e| err(e.to_string()))?;
        let (geo, n_types, hands) = match &self.tables {
            AnyTables::W64(t) => (t.geo, t.n_types, t.has_hands),
            AnyTables::W128(t) => (t.geo, t.n_types, t.has_hands),
            AnyTables::W256(t) => (t.geo, t.n_types, t.has_hands),
        };
        let fs = FeatureSet::new(&geo, n_types, hands);
        let letters = piece_letters(&self.variant);
        net.check_fits(
            &self.variant.name,
            geo.files(),
            geo.ranks(),
            &letters,
            fs.len(),
        )
        .map_err(|e| err(e.to_string()))?;
        Ok(NnueEval { net, fs })
    }

    /// Selects a variant and resets the position to its start.
    pub fn set_variant(&mut self, name: &str) -> Result<VariantSummary, EngineError> {
        self.stop_and_wait();
        let v = self
            .variants
            .get(name)
            .ok_or_else(|| EngineError::UnknownVariant(name.to_string()))?
            .clone();
        let (tables, ev, _) = build_tables(&v)?;
        self.variant = v;
        self.tables = tables;
        self.ev = ev;
        let notice = self.apply_nnue(&self.options.clone()).err().map(|e| {
            format!(
                "{e}; {} plays with the hand-crafted evaluation",
                self.variant.name
            )
        });
        let _ = self.options.set(names::VARIANT, Some(name));
        self.set_position(None, &[])?;
        self.tt.clear();
        self.histories.clear();
        Ok(VariantSummary {
            notice,
            ..self.variant_summary()
        })
    }

    /// Loads a variants file (or several separated by `:`, `;` on Windows); returns the names
    /// of the variants defined. Sections with problems are skipped (logged as warnings); see
    /// [`Engine::load_variants_reported`]. The `UCI_Variant` choices are updated.
    pub fn load_variants(&mut self, paths: &str) -> Result<Vec<String>, EngineError> {
        self.load_variants_reported(paths).map(|(names, _)| names)
    }

    /// Like [`Engine::load_variants`], also returning the notices of every file (problems
    /// that cost a section, replaced variants), which are logged as warnings too. Only a file
    /// that cannot be read is an error, and then nothing is loaded.
    pub fn load_variants_reported(
        &mut self,
        paths: &str,
    ) -> Result<(Vec<String>, Vec<String>), EngineError> {
        let sep = if cfg!(windows) { ';' } else { ':' };
        let mut set = self.variants.clone();
        let mut added = Vec::new();
        let mut notices = Vec::new();
        for p in paths.split(sep).map(str::trim).filter(|p| !p.is_empty()) {
            let mut report = set
                .load_file_sections(Path::new(p))
                .map_err(|e| EngineError::Load(e.to_string()))?;
            for n in &report.notices {
                tracing::warn!("{n}");
            }
            added.append(&mut report.loaded);
            notices.append(&mut report.notices);
        }
        self.variants = set;
        let names = self.variant_names();
        self.options.set_combo_vars(names::VARIANT, names);
        Ok((added, notices))
    }

    fn chess960(&self) -> bool {
        self.options.bool(names::CHESS960) || self.variant.chess960
    }

    /// Sets the position: `fen` (`None` = the variant's start) and then `moves` in UCI text.
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
        let mut game = match &self.tables {
            AnyTables::W64(t) => AnyPosition::W64(match fen {
                Some(f) => Position::from_fen(Arc::clone(t), f, c960)
                    .map_err(|e| bad_fen(f, e.to_string()))?,
                None => Position::startpos(Arc::clone(t), c960)
                    .map_err(|e| bad_fen("startpos", e.to_string()))?,
            }),
            AnyTables::W128(t) => AnyPosition::W128(match fen {
                Some(f) => Position::from_fen(Arc::clone(t), f, c960)
                    .map_err(|e| bad_fen(f, e.to_string()))?,
                None => Position::startpos(Arc::clone(t), c960)
                    .map_err(|e| bad_fen("startpos", e.to_string()))?,
            }),
            AnyTables::W256(t) => AnyPosition::W256(match fen {
                Some(f) => Position::from_fen(Arc::clone(t), f, c960)
                    .map_err(|e| bad_fen(f, e.to_string()))?,
                None => Position::startpos(Arc::clone(t), c960)
                    .map_err(|e| bad_fen("startpos", e.to_string()))?,
            }),
        };
        let mut result = Ok(());
        for text in moves {
            let played = crate::with_position!(&mut game, p => {
                match p.parse_uci_move(text) {
                    Ok(m) => {
                        p.make_move(m);
                        Ok(())
                    }
                    Err(_) => Err(EngineError::IllegalMove {
                        mv: text.clone(),
                        fen: p.fen(),
                    }),
                }
            });
            if let Err(e) = played {
                result = Err(e);
                break;
            }
        }
        self.game = game;
        result
    }

    /// The current position as FEN.
    pub fn fen(&self) -> String {
        self.game.fen()
    }

    /// The legal moves of the current position in UCI text.
    pub fn legal_moves(&self) -> Vec<String> {
        self.game.legal_moves_uci()
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

    /// Whether a search is running.
    pub fn is_searching(&self) -> bool {
        self.running
            .as_ref()
            .is_some_and(|r| !r.finished.load(Ordering::Acquire))
    }

    /// Starts searching the current position; the result arrives through the best-move
    /// callback (after `stop` or `ponderhit` when searching infinitely or pondering).
    pub fn go(&mut self, limits: Limits) {
        let start = Instant::now();
        self.stop_and_wait();
        if let Some(reason) = self.refused.clone() {
            self.refuse_go(reason, &limits);
            return;
        }
        let threads = self.options.int(names::THREADS).max(1) as usize;
        let settings = Settings {
            threads,
            multipv: self.options.int(names::MULTIPV).max(1) as usize,
            move_overhead: self.options.int(names::MOVE_OVERHEAD).max(0) as u64,
        };
        let show_wdl = self.options.bool(names::SHOW_WDL);
        let cx = self.context(threads);
        let ctrl = Arc::clone(&cx.ctrl);
        ctrl.pondering.store(limits.ponder, Ordering::Relaxed);
        let stop_requested = Arc::new(AtomicBool::new(false));
        let game = self.game.clone();
        let on_info = Arc::clone(&self.on_info);
        let on_best = Arc::clone(&self.on_bestmove);
        let (c2, s2) = (Arc::clone(&ctrl), Arc::clone(&stop_requested));
        let finished = Arc::new(AtomicBool::new(false));
        let f2 = Arc::clone(&finished);
        let (done_tx, done) = crossbeam_channel::bounded::<()>(1);
        let pool = cx.pool.clone();
        let job: search::pool::Job = Box::new(move || {
            let best = crate::with_position!(&game, p => {
                let mut report = |prog: &Progress| {
                    for line in &prog.lines {
                        let ms = prog.elapsed.as_millis() as u64;
                        let info = InfoLine {
                            depth: line.depth,
                            seldepth: line.seldepth,
                            multipv: line.multipv,
                            score: line.score,
                            bound: line.bound,
                            wdl: show_wdl.then(|| wdl(line.score)),
                            nodes: prog.nodes,
                            nps: prog.nodes * 1000 / ms.max(1),
                            hashfull: prog.hashfull,
                            time_ms: ms,
                            pv: pv_text(p, &line.pv),
                        };
                        on_info(&Info::Line(info));
                    }
                };
                let out = search::run(p, &limits, &settings, &cx, start, &mut report);
                let mut text = out.best.map(|m| pv_text(p, &[m])).unwrap_or_default();
                if let (Some(b), Some(r)) = (out.best, out.ponder) {
                    text = pv_text(p, &[b, r]);
                }
                BestMove {
                    best: text.first().cloned(),
                    ponder: text.get(1).cloned(),
                    no_position: false,
                }
            });
            wait_for_release(limits.infinite, &c2, &s2);
            on_best(&best);
            f2.store(true, Ordering::Release);
            let _ = done_tx.send(());
        });
        // The main worker runs on pool thread 0; should that thread be gone, on a new one.
        if let Err(job) = pool.execute(0, job) {
            std::thread::spawn(job);
        }
        self.running = Some(Running {
            ctrl,
            stop_requested,
            finished,
            done,
        });
    }

    /// `go` without a position (the last one sent was refused): the reason and no move, at
    /// once, or in ponder or infinite mode after `ponderhit` or `stop`, as a search would.
    fn refuse_go(&mut self, reason: String, limits: &Limits) {
        let on_info = Arc::clone(&self.on_info);
        let on_best = Arc::clone(&self.on_bestmove);
        let answer = move || {
            on_info(&Info::Text(format!("no position to search: {reason}")));
            on_best(&BestMove {
                no_position: true,
                ..BestMove::default()
            });
        };
        if !(limits.infinite || limits.ponder) {
            answer();
            return;
        }
        let ctrl = Arc::new(Control::new(1));
        ctrl.pondering.store(limits.ponder, Ordering::Relaxed);
        let stop_requested = Arc::new(AtomicBool::new(false));
        let finished = Arc::new(AtomicBool::new(false));
        let (done_tx, done) = crossbeam_channel::bounded::<()>(1);
        let (c2, s2, f2, infinite) = (
            Arc::clone(&ctrl),
            Arc::clone(&stop_requested),
            Arc::clone(&finished),
            limits.infinite,
        );
        std::thread::spawn(move || {
            wait_for_release(infinite, &c2, &s2);
            answer();
            f2.store(true, Ordering::Release);
            let _ = done_tx.send(());
        });
        self.running = Some(Running {
            ctrl,
            stop_requested,
            finished,
            done,
        });
    }

    /// Stops the search; the best move is reported through the callback.
    pub fn stop(&self) {
        if let Some(r) = &self.running {
            r.stop_requested.store(true, Ordering::Relaxed);
            r.ctrl.stop.store(true, Ordering::Relaxed);
        }
    }

    /// The opponent played the expected move: the ponder search goes on under the clock.
    pub fn ponderhit(&self) {
        if let Some(r) = &self.running {
            r.ctrl.pondering.store(false, Ordering::Relaxed);
        }
    }

    /// Waits until the running search (if any) has reported its best move.
    pub fn wait(&mut self) {
        if let Some(r) = self.running.take() {
            // A disconnect (the job ended without reporting) also ends the wait.
            let _ = r.done.recv();
        }
    }

    /// Stops any running search and waits for its best move to be reported.
    pub fn stop_and_wait(&mut self) {
        self.stop();
        self.wait();
    }

    /// What a search of `threads` threads shares: fresh stop flags and node counters, the
    /// table, the evaluation and the pool.
    fn context(&self, threads: usize) -> Context {
        Context {
            ev: Arc::clone(&self.ev),
            tt: Arc::clone(&self.tt),
            ctrl: Arc::new(Control::new(threads)),
            pool: self.pool.handle(),
            histories: Arc::clone(&self.histories),
        }
    }

    /// Runs a search to completion and returns its outcome without callbacks (for `bench`,
    /// `analyse` and tests). Uses the engine's options (threads, hash, MultiPV).
    pub fn search_sync(&mut self, limits: &Limits) -> (BestMove, search::Outcome) {
        self.stop_and_wait();
        let threads = self.options.int(names::THREADS).max(1) as usize;
        let settings = Settings {
            threads,
            multipv: self.options.int(names::MULTIPV).max(1) as usize,
            move_overhead: self.options.int(names::MOVE_OVERHEAD).max(0) as u64,
        };
        let start = Instant::now();
        let cx = self.context(threads);
        crate::with_position!(&self.game, p => {
            let out = search::run(p, limits, &settings, &cx, start, &mut |_| {});
            let text = match (out.best, out.ponder) {
                (Some(b), Some(r)) => pv_text(p, &[b, r]),
                (Some(b), None) => pv_text(p, &[b]),
                _ => Vec::new(),
            };
            let best = BestMove {
                best: text.first().cloned(),
                ponder: text.get(1).cloned(),
                no_position: false,
            };
            (best, out)
        })
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

/// Moves as UCI text, each in the position it is played in; stops at the first move that is
/// not legal there (a PV must never show an illegal move).
fn pv_text<B: Bitboard>(root: &Position<B>, pv: &[crate::board::Move]) -> Vec<String> {
    let mut p = root.clone();
    let mut out = Vec::with_capacity(pv.len());
    let mut list = MoveList::new();
    for &m in pv {
        p.legal_moves(&mut list);
        if !list.iter().any(|&x| x == m) {
            break;
        }
        out.push(p.move_to_uci(m));
        p.make_move(m);
    }
    out
}

#[cold]
fn unreachable_variant() -> Variant {
    // Built-in variants are compiled in and tested; this cannot be reached.
    panic!("no variant available")
}

#[cold]
fn unreachable_tables() -> (AnyTables, Arc<EvalParams>, AnyPosition) {
    panic!("standard chess cannot be set up")
}

#[cfg(test)]
mod tests {
    use super::*;

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
            let _ = tx.send(b.best.clone());
        });
        for moves in [vec![], vec!["e2e4".to_string()]] {
            e.set_position(None, &moves).expect("position");
            let legal = e.legal_moves();
            e.go(Limits::depth(6));
            e.wait();
            let best = rx.recv().expect("bestmove").expect("a move");
            assert!(legal.contains(&best), "{best}");
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
