//! Search: iterative deepening, aspiration windows, principal variation search, quiescence,
//! a shared lock-free transposition table, and lazy SMP over `threads` workers.
//!
//! [`run`] searches one position and returns the best move. The main worker runs on the
//! calling thread; helpers run on the threads of a [`Pool`] (started once, reused by every
//! search) and are stopped through [`Control`] (atomics). Nothing here prints: iterations are
//! handed to a callback.

mod history;
pub mod limits;
pub mod pool;
pub mod support;
pub mod tt;
mod worker;

pub use history::HistoryStore;
pub use limits::{budget, Limits, TimeBudget};
pub use pool::{Pool, PoolHandle};
pub use tt::{Bound, Tt};
pub use worker::{to_score, RootMove};

use crate::board::bitboard::Bitboard;
use crate::board::position::Position;
use crate::board::{Move, MoveList};
use crate::eval::EvalParams;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use worker::{Shared, Worker};

/// Larger than any score.
pub const INF: i32 = 32001;
/// The score of mate at the root (mate in `n` plies scores `MATE - n`).
pub const MATE: i32 = 32000;
/// Scores beyond this are mate scores.
pub const MATE_BOUND: i32 = MATE - 2 * MAX_PLY as i32;
/// Deepest ply searched.
pub const MAX_PLY: usize = 128;

/// A score as protocols show it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// Centipawns from the side to move's view.
    Cp(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

/// Per-thread node counter on its own cache line.
#[derive(Debug, Default)]
#[repr(align(64))]
pub struct NodeCounter(AtomicU64);

impl std::ops::Deref for NodeCounter {
    type Target = AtomicU64;
    fn deref(&self) -> &AtomicU64 {
        &self.0
    }
}

/// Shared flags of a running search.
#[derive(Debug)]
pub struct Control {
    /// Set to stop every thread.
    pub stop: AtomicBool,
    /// True while pondering (or in an infinite search): the clock does not stop the search.
    pub pondering: AtomicBool,
    /// Nodes per thread (published every 1024 nodes and at the end).
    pub nodes: Vec<NodeCounter>,
}

impl Control {
    /// Flags for `threads` threads.
    pub fn new(threads: usize) -> Control {
        Control {
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(false),
            nodes: (0..threads.max(1))
                .map(|_| NodeCounter::default())
                .collect(),
        }
    }
    /// Total nodes of all threads.
    pub fn total_nodes(&self) -> u64 {
        self.nodes.iter().map(|n| n.load(Ordering::Relaxed)).sum()
    }
    /// Total nodes, with `own` as the exact count of thread `id`.
    pub(crate) fn total_nodes_with(&self, id: usize, own: u64) -> u64 {
        self.nodes
            .iter()
            .enumerate()
            .map(|(i, n)| {
                if i == id {
                    own
                } else {
                    n.load(Ordering::Relaxed)
                }
            })
            .sum()
    }
}

/// One finished line of an iteration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PvLine {
    /// 1-based index of the line (MultiPV).
    pub multipv: usize,
    /// Depth of the iteration.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Score.
    pub score: Score,
    /// Raw score (centipawns or mate distance in plies from `MATE`).
    pub raw: i32,
    /// Whether the score is only a bound.
    pub bound: Bound,
    /// The principal variation as moves.
    pub pv: Vec<Move>,
}

/// What the main thread reports after each iteration.
#[derive(Debug, Clone)]
pub struct Progress {
    /// The lines, best first.
    pub lines: Vec<PvLine>,
    /// Nodes of all threads.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// Transposition table use in permille.
    pub hashfull: u32,
}

/// The result of a search.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The best move (none when the side to move has no legal move).
    pub best: Option<Move>,
    /// The expected reply.
    pub ponder: Option<Move>,
    /// Score of the best move.
    pub score: i32,
    /// Deepest completed iteration.
    pub depth: u32,
    /// Nodes of all threads.
    pub nodes: u64,
    /// The last reported lines.
    pub lines: Vec<PvLine>,
}

/// Search settings besides the limits.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Worker threads.
    pub threads: usize,
    /// Lines to report.
    pub multipv: usize,
    /// Milliseconds kept in reserve for communication.
    pub move_overhead: u64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            threads: 1,
            multipv: 1,
            move_overhead: 100,
        }
    }
}

/// What a search shares with its helper threads (reference-counted, so a helper job on a pool
/// thread owns its share).
#[derive(Debug, Clone)]
pub struct Context {
    /// Evaluation tables of the variant.
    pub ev: Arc<EvalParams>,
    /// The transposition table.
    pub tt: Arc<Tt>,
    /// Stop flag, pondering flag and node counters.
    pub ctrl: Arc<Control>,
    /// Threads for the helpers (thread `i` runs helper `i`; thread 0 is left to the caller).
    pub pool: PoolHandle,
    /// Move-ordering histories of each thread, kept between searches.
    pub histories: Arc<HistoryStore>,
}

/// Searches `root` and returns the best move. Repetitions are looked for in the moves
/// played on `root` since it was set up (its history) and in the search path; `start` is
/// when the `go` arrived (the clock runs from then). `report` is called by the main thread
/// after every completed iteration. Helpers run on `cx.pool` threads 1..`settings.threads`;
/// a helper whose thread is missing is skipped.
pub fn run<B: Bitboard>(
    root: &Position<B>,
    limits: &Limits,
    settings: &Settings,
    cx: &Context,
    start: Instant,
    report: &mut dyn FnMut(&Progress),
) -> Outcome {
    let (tt, ctrl) = (&*cx.tt, &*cx.ctrl);
    let mut list = MoveList::new();
    root.legal_moves(&mut list);
    let mut moves: Vec<Move> = list.iter().copied().collect();
    if !limits.searchmoves.is_empty() {
        let wanted: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| limits.searchmoves.contains(m))
            .collect();
        if !wanted.is_empty() {
            moves = wanted;
        }
    }
    if moves.is_empty() {
        return Outcome {
            best: None,
            ponder: None,
            score: 0,
            depth: 0,
            nodes: 0,
            lines: Vec::new(),
        };
    }
    tt.new_search();
    let tb = budget(limits, root.side_to_move(), settings.move_overhead);
    let shared = Arc::new(Shared {
        tt: Arc::clone(&cx.tt),
        ctrl: Arc::clone(&cx.ctrl),
        ev: Arc::clone(&cx.ev),
        start,
        soft: tb.soft,
        hard: tb.hard,
        max_depth: limits.depth.map_or(MAX_PLY as i32, |d| d.max(1) as i32),
        node_limit: limits.nodes,
        mate_limit: limits.mate,
        multipv: settings.multipv.max(1),
    });
    let root_moves: Vec<RootMove> = moves
        .iter()
        .map(|&mv| RootMove {
            mv,
            score: -INF,
            prev_score: -INF,
            nodes: 0,
            bound: Bound::Exact,
            pv: vec![mv],
            seldepth: 0,
            depth: 0,
        })
        .collect();
    let threads = settings.threads.max(1).min(ctrl.nodes.len());
    for n in &ctrl.nodes {
        n.store(0, Ordering::Relaxed);
    }

    // Helpers on the pool's threads; each reports on `done` when it has returned.
    let (done_tx, done_rx) = crossbeam_channel::unbounded::<()>();
    let mut launched = 0;
    for id in 1..threads {
        let pos = root.clone();
        let rms = root_moves.clone();
        let shared = Arc::clone(&shared);
        let done = done_tx.clone();
        let store = Arc::clone(&cx.histories);
        let job: pool::Job = Box::new(move || {
            let mut w = Worker::new(id, pos, rms, &shared, &store);
            w.iterate(&mut |_, _| {});
            shared.ctrl.nodes[id].store(w.nodes, Ordering::Relaxed);
            store.put(id, w.into_histories());
            let _ = done.send(());
        });
        if cx.pool.execute(id, job).is_ok() {
            launched += 1;
        }
    }
    // Only the helpers' clones remain: a helper that dies without reporting ends the wait.
    drop(done_tx);

    let mut last_lines: Vec<PvLine> = Vec::new();
    let mut w = Worker::new(0, root.clone(), root_moves, &shared, &cx.histories);
    w.iterate(&mut |w, it| {
        let lines = it
            .lines
            .iter()
            .enumerate()
            .map(|(i, rm)| PvLine {
                multipv: i + 1,
                depth: it.depth as u32,
                seldepth: rm.seldepth.max(1) as u32,
                score: to_score(rm.score),
                raw: rm.score,
                bound: rm.bound,
                pv: rm.pv.clone(),
            })
            .collect::<Vec<_>>();
        let nodes = ctrl.total_nodes_with(0, w.nodes);
        let p = Progress {
            lines,
            nodes,
            elapsed: start.elapsed(),
            hashfull: tt.hashfull(),
        };
        report(&p);
        last_lines = p.lines;
    });
    ctrl.stop.store(true, Ordering::Relaxed);
    ctrl.nodes[0].store(w.nodes, Ordering::Relaxed);
    for _ in 0..launched {
        if done_rx.recv().is_err() {
            break;
        }
    }
    let (best_rm, depth) = (w.root_moves[0].clone(), w.completed_depth);
    cx.histories.put(0, w.into_histories());
    // The move of the main thread's best line; its reply from the PV, or from the table.
    let best = best_rm.mv;
    let mut ponder = best_rm.pv.get(1).copied();
    if ponder.is_none() {
        let mut p = root.clone();
        p.make_move(best);
        if let Some(e) = tt.probe(p.key()) {
            let mut l = MoveList::new();
            p.legal_moves(&mut l);
            if l.iter().any(|&m| m == e.mv) {
                ponder = Some(e.mv);
            }
        }
    }
    // The move to ponder on is the opponent's reply: none while the best move leaves the
    // mover's own turn going on (its next move is the rest of the line, not a reply).
    if ponder.is_some() && root.tables().rules.turns.is_some() {
        let mut p = root.clone();
        p.make_move(best);
        if p.state().turn_goes_on {
            ponder = None;
        }
    }
    Outcome {
        best: Some(best),
        ponder,
        score: best_rm.score,
        depth: depth as u32,
        nodes: ctrl.total_nodes(),
        lines: last_lines,
    }
}
