//! The search thread: `go` with its limits, stop and ponderhit, the refusal of a position that
//! could not be set, and the synchronous search scripts use.

use super::book::BookMove;
use super::options::names;
use super::{wdl, BestMove, Engine, Info, InfoLine};
use crate::board::bitboard::Bitboard;
use crate::board::position::Position;
use crate::board::{Move, MoveDialect, MoveList};
use crate::search::{self, Context, Control, Limits, Progress, Settings};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

pub(super) struct Running {
    ctrl: Arc<Control>,
    stop_requested: Arc<AtomicBool>,
    /// Set when the best move has been reported.
    finished: Arc<AtomicBool>,
    /// Receives one message (or a disconnect) when the search job has ended.
    done: crossbeam_channel::Receiver<()>,
}

/// In ponder or infinite mode the answer waits for `ponderhit` or `stop`.
fn wait_for_release(infinite: bool, ctrl: &Control, stop_requested: &AtomicBool) {
    while (infinite || ctrl.pondering.load(Ordering::Relaxed))
        && !stop_requested.load(Ordering::Relaxed)
    {
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// Moves as text in `dialect`, each in the position it is played in; stops at the first move
/// that is not legal there (a PV must never show an illegal move).
fn pv_text<B: Bitboard>(root: &Position<B>, pv: &[Move], dialect: MoveDialect) -> Vec<String> {
    let mut p = root.clone();
    let mut out = Vec::with_capacity(pv.len());
    let mut list = MoveList::new();
    for &m in pv {
        p.legal_moves(&mut list);
        if !list.iter().any(|&x| x == m) {
            break;
        }
        out.push(p.move_text(m, dialect));
        p.make_move(m);
    }
    out
}

/// The answer to `go` from a search's outcome: the best move and the reply expected, each
/// checked legal where it is played.
fn best_move<B: Bitboard>(
    p: &Position<B>,
    out: &search::Outcome,
    dialect: MoveDialect,
) -> BestMove {
    let line: Vec<Move> = out.best.into_iter().chain(out.ponder).collect();
    let text = pv_text(p, &line, dialect);
    BestMove {
        best: text.first().cloned(),
        ponder: text.get(1).cloned(),
        best_move: out.best.filter(|_| !text.is_empty()),
        ponder_move: out.ponder.filter(|_| text.len() > 1),
        no_position: false,
    }
}

impl Engine {
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
        if let Some((m, pick)) = self.book_move(&limits) {
            let text = self.move_text(m);
            (self.on_info)(&Info::Text(format!(
                "book move {text} ({} of {} games)",
                pick.count, pick.total
            )));
            (self.on_bestmove)(&BestMove {
                best: Some(text),
                best_move: Some(m),
                ..BestMove::default()
            });
            return;
        }
        let threads = self.options.int(names::THREADS).max(1) as usize;
        let settings = Settings {
            threads,
            multipv: self.options.int(names::MULTIPV).max(1) as usize,
            move_overhead: self.options.int(names::MOVE_OVERHEAD).max(0) as u64,
        };
        let show_wdl = self.options.bool(names::SHOW_WDL);
        let dialect = self.dialect;
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
                            pv: pv_text(p, &line.pv, dialect),
                        };
                        on_info(&Info::Line(info));
                    }
                };
                let out = search::run(p, &limits, &settings, &cx, start, &mut report);
                best_move(p, &out, dialect)
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

    /// The book's move for `go`, when `OwnBook` is on, the book is for this variant and has
    /// the position. Analysis (`infinite`) and pondering search instead, and `searchmoves`
    /// limits the book's choice too.
    fn book_move(&self, limits: &Limits) -> Option<(Move, BookMove)> {
        if limits.infinite || limits.ponder || !self.options.bool(names::OWN_BOOK) {
            return None;
        }
        let book = self
            .book
            .as_ref()
            .filter(|b| *b.variant() == self.variant)?;
        crate::with_position!(&self.game, p => {
            // The book keeps its moves in UCI text, whatever the protocol.
            let allowed = |text: &str| {
                p.parse_uci_move(text).ok().filter(|m| {
                    limits.searchmoves.is_empty() || limits.searchmoves.contains(m)
                })
            };
            let pick = book.pick(p.key(), |text| allowed(text).is_some())?;
            Some((allowed(&pick.uci)?, pick))
        })
    }

    /// `go` without a position (the last one sent was refused): the reason and no move, at
    /// once, or in ponder or infinite mode after `ponderhit` or `stop`, as a search would.
    pub(super) fn refuse_go(&mut self, reason: String, limits: &Limits) {
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
    pub(super) fn context(&self, threads: usize) -> Context {
        Context {
            ev: Arc::clone(&self.ev),
            tt: Arc::clone(&self.tt),
            ctrl: Arc::new(Control::new(threads)),
            pool: self.pool.handle(),
            histories: Arc::clone(&self.histories),
        }
    }

    /// The first move and score (for the side to move) of each line of `outcome`, a search of
    /// the current position, in its order (best first); a first move that is not legal here
    /// is left out, as [`pv_text`] does.
    pub fn line_first_moves(&self, outcome: &search::Outcome) -> Vec<(Move, i32)> {
        let legal = self.legal_moves();
        outcome
            .lines
            .iter()
            .filter_map(|l| {
                let first = *l.pv.first()?;
                legal.contains(&first).then_some((first, l.raw))
            })
            .collect()
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
            (best_move(p, &out, self.dialect), out)
        })
    }
}
