//! What the engine reports to the protocols: search lines, the best move, the selected
//! variant's summary, what setting an option did, and the win/draw/loss model.

use crate::board::Move;
use crate::search::{Bound, Score};

/// One line of search output with moves as text in the engine's dialect.
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
    /// The best move in the engine's dialect, `None` when there is no legal move (or no
    /// position).
    pub best: Option<String>,
    /// The expected reply, in the engine's dialect.
    pub ponder: Option<String>,
    /// The best move, a move of the position searched.
    pub best_move: Option<Move>,
    /// The expected reply, a move of the position after the best move.
    pub ponder_move: Option<Move>,
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
