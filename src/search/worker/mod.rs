//! One search thread: iterative deepening with aspiration windows over a principal variation
//! search with quiescence, on its own copy of the position, sharing the transposition table.
//!
//! This module holds the worker's state, iterative deepening and the root; the node searches
//! are in [`node`], move ordering in [`ordering`] and the game ends by rule in [`draws`].

mod draws;
mod node;
mod ordering;

use crate::color::Color;

use super::history::{Histories, HistoryStore, NO_PIECE_TO};
use super::support::{in_check, moving_type, NULL_MOVE};
use super::tt::{Bound, Tt};
use super::{Control, Score, INF, MATE, MATE_BOUND, MAX_PLY};
use crate::board::bitboard::Bitboard;
use crate::board::position::Position;
use crate::board::{LegalTest, Move, MoveKind, MoveList};
use crate::eval::nnue::AccumulatorStack;
use crate::eval::pawns::formation_key;
use crate::eval::{evaluate_with, EvalParams, NnueEval, PawnCache, PsqtSums};
use std::sync::atomic::Ordering;
use std::time::Instant;

/// A root move with its latest score and principal variation.
#[derive(Debug, Clone)]
pub struct RootMove {
    /// The move.
    pub mv: Move,
    /// Score of the last (possibly partial) iteration; `-INF` when not yet known.
    pub score: i32,
    /// Score of the previous completed iteration.
    pub prev_score: i32,
    /// Bound of `score` (exact unless it failed high or low in the aspiration window).
    pub bound: Bound,
    /// The principal variation, starting with `mv`.
    pub pv: Vec<Move>,
    /// Deepest ply reached below this move.
    pub seldepth: usize,
    /// The iteration that set `score` and `pv` (0: none yet).
    pub depth: i32,
    /// Nodes this thread searched below the move, over all iterations (time management).
    pub nodes: u64,
}

/// The fixed settings of a search, shared by its threads.
#[derive(Debug)]
pub(crate) struct Shared {
    pub tt: std::sync::Arc<Tt>,
    pub ctrl: std::sync::Arc<Control>,
    pub ev: std::sync::Arc<EvalParams>,
    pub start: Instant,
    pub soft: Option<std::time::Duration>,
    pub hard: Option<std::time::Duration>,
    pub max_depth: i32,
    pub node_limit: Option<u64>,
    pub mate_limit: Option<u32>,
    pub multipv: usize,
}

/// A completed iteration as reported by the main thread.
#[derive(Debug, Clone)]
pub(crate) struct Iteration {
    pub depth: i32,
    pub lines: Vec<RootMove>,
}

const LMR_SIZE: usize = 64;

/// What the main thread remembers between iterations to judge how much of its time budget
/// the position deserves.
#[derive(Debug, Default)]
struct ClockState {
    /// Best move and score of the last completed iteration.
    last: Option<(Move, i32)>,
    /// Completed iterations in a row with the same best move.
    stable: u32,
}

impl ClockState {
    /// Records a completed iteration whose best line is `best`, after `nodes` nodes in all,
    /// and returns the factor for the share of the soft budget used before no new iteration
    /// starts: above 1 when the best move is new, took few of the nodes, or its score fell;
    /// below 1 when one move has held and absorbed the search.
    fn after_iteration(&mut self, best: &RootMove, nodes: u64) -> f64 {
        let (same, drop) = match self.last {
            Some((mv, score)) => (mv == best.mv, score - best.score),
            None => (false, 0),
        };
        self.stable = if same { self.stable + 1 } else { 0 };
        self.last = Some((best.mv, best.score));
        // A move that took most of the nodes is one the search had little reason to doubt.
        let fraction = best.nodes as f64 / nodes.max(1) as f64;
        let effort = (1.5 - fraction.clamp(0.0, 1.0)) * 1.35 / 1.2;
        let stability = match self.stable {
            0 => 1.3,
            1 => 1.15,
            2 => 1.05,
            _ => 1.0,
        };
        let falling = if best.score.abs() >= MATE_BOUND {
            1.0
        } else {
            (1.0 + f64::from(drop) / 200.0).clamp(0.85, 1.5)
        };
        (effort * stability * falling).clamp(0.4, 2.4)
    }
}

/// One ply of the search path (Stockfish's `Stack`): the node's move buffers, its line, and
/// what the plies after it read of it (its static evaluation, the move played from it, its
/// killers).
struct Frame<B> {
    /// The generation buffer.
    list: MoveList,
    /// The moves, reordered as they are picked: pseudo-legal moves, each tested by
    /// `legal_test` (when there is one) before it is made.
    moves: Vec<Move>,
    /// The ordering score of each move of `moves`.
    scores: Vec<i32>,
    /// The legality test of `moves`; `None` when they are all legal already.
    legal_test: Option<LegalTest<B>>,
    /// The principal variation from this node.
    pv: Vec<Move>,
    /// The static evaluation (for `improving`, two plies on).
    eval: i32,
    /// The move played from this node (`NULL_MOVE` for a null move).
    played: Move,
    /// Its piece-to key ([`Histories::piece_to`]; `NO_PIECE_TO` for a null move).
    piece_to: u32,
    killers: [Move; 2],
    /// The move left out by a singular-extension search (`Move::NONE`: none).
    excluded: Move,
    /// The quiet moves and the captures searched so far at the node (reused buffers: a
    /// cutoff punishes them in the histories).
    tried: (Vec<Move>, Vec<Move>),
}

impl<B> Frame<B> {
    fn new() -> Self {
        Frame {
            list: MoveList::new(),
            moves: Vec::with_capacity(256),
            scores: Vec::with_capacity(256),
            legal_test: None,
            pv: Vec::with_capacity(32),
            eval: 0,
            played: Move::NONE,
            piece_to: NO_PIECE_TO,
            killers: [Move::NONE; 2],
            excluded: Move::NONE,
            tried: (Vec::new(), Vec::new()),
        }
    }
}

pub(crate) struct Worker<'a, B: Bitboard> {
    pub id: usize,
    pub pos: Position<B>,
    sh: &'a Shared,
    /// Material and piece-square sums of the search path, the current position's last
    /// (updated by make-move, see [`crate::eval::incremental`]).
    psqt: Vec<PsqtSums>,
    /// Passed pawns and pawn structure of the formations seen (hand-crafted evaluation).
    pawn_cache: PawnCache<B>,
    /// The net and the accumulators of the search path, when the evaluation is a net.
    nnue: Option<(&'a NnueEval, AccumulatorStack)>,
    /// The length of the position's history at the root: the states before it are the
    /// game's, those after it the search path's (a repetition inside the tree counts once).
    root_history: usize,
    pub nodes: u64,
    seldepth: usize,
    pub root_moves: Vec<RootMove>,
    pv_idx: usize,
    root_depth: i32,
    pub stopped: bool,
    pub completed_depth: i32,
    /// What the search keeps per ply of its path, the root's first.
    stack: Vec<Frame<B>>,
    hist: Histories,
    /// Counter moves, `[colour][to of the previous move]`.
    counters: Vec<Move>,
    nmp_min_ply: usize,
    lmr: Vec<[u8; LMR_SIZE]>,
    n_types: usize,
    /// Whether [`Position::gives_check`] answers without making the move (no multi-leg
    /// attackers), so a move pruned at step 9 need not be made first.
    check_before_make: bool,
}

impl<'a, B: Bitboard> Worker<'a, B> {
    pub fn new(
        id: usize,
        pos: Position<B>,
        root_moves: Vec<RootMove>,
        sh: &'a Shared,
        store: &HistoryStore,
    ) -> Self {
        let squares = pos.tables().geo.num_squares();
        let n_types = pos.tables().n_types;
        let check_before_make = pos.tables().walker_attackers.is_empty();
        let root_history = pos.history_len();
        let lmr = (0..LMR_SIZE)
            .map(|d| {
                let mut row = [0u8; LMR_SIZE];
                for (m, r) in row.iter_mut().enumerate() {
                    if d > 0 && m > 0 {
                        *r = (0.75 + (d as f64).ln() * (m as f64).ln() / 2.25) as u8;
                    }
                }
                row
            })
            .collect();
        let mut psqt = Vec::with_capacity(MAX_PLY + 2);
        psqt.push(PsqtSums::compute(&pos, &sh.ev));
        let nnue = sh.ev.nnue().map(|n| {
            let stack = AccumulatorStack::new(&n.net, &n.fs, &pos, MAX_PLY + 2);
            (n, stack)
        });
        Worker {
            id,
            pos,
            sh,
            psqt,
            pawn_cache: PawnCache::default(),
            nnue,
            root_history,
            nodes: 0,
            seldepth: 0,
            root_moves,
            pv_idx: 0,
            root_depth: 0,
            stopped: false,
            completed_depth: 0,
            stack: (0..MAX_PLY + 2).map(|_| Frame::new()).collect(),
            hist: store.take(id, n_types, squares),
            counters: vec![Move::NONE; 2 * 256],
            nmp_min_ply: 0,
            lmr,
            n_types,
            check_before_make,
        }
    }

    /// The worker's histories, for the next search.
    pub fn into_histories(self) -> Histories {
        self.hist
    }

    /// Iterative deepening. The main thread (id 0) reports each finished iteration.
    pub fn iterate(&mut self, report: &mut dyn FnMut(&Self, Iteration)) {
        let multipv = self.sh.multipv.min(self.root_moves.len()).max(1);
        let max_depth = self.sh.max_depth.min(MAX_PLY as i32 - 4);
        let mut depth = 0;
        // The lines of the last completed iteration, for a search stopped inside the next.
        let mut completed: Vec<RootMove> = Vec::new();
        let mut clock = ClockState::default();
        while depth < max_depth {
            depth += 1;
            // Lazy SMP: helpers skip some depths so the threads spread over several.
            if self.id > 0 && depth > 2 && (depth + self.id as i32) % 3 == 0 {
                continue;
            }
            self.root_depth = depth;
            for rm in &mut self.root_moves {
                rm.prev_score = rm.score;
            }
            for pv_idx in 0..multipv {
                self.pv_idx = pv_idx;
                self.seldepth = 0;
                let prev = self.root_moves[pv_idx].prev_score;
                let mut delta = 20;
                let (mut alpha, mut beta) = if depth >= 4 && prev > -INF {
                    ((prev - delta).max(-INF), (prev + delta).min(INF))
                } else {
                    (-INF, INF)
                };
                loop {
                    let score = self.root_search(depth, alpha, beta);
                    self.root_moves[pv_idx..].sort_by_key(|rm| std::cmp::Reverse(rm.score));
                    if self.stopped {
                        break;
                    }
                    if score <= alpha {
                        beta = (alpha + beta) / 2;
                        alpha = (score - delta).max(-INF);
                    } else if score >= beta {
                        beta = (score + delta).min(INF);
                    } else {
                        break;
                    }
                    delta += delta / 2;
                    if delta > 1000 {
                        alpha = -INF;
                        beta = INF;
                    }
                }
                self.root_moves[..=pv_idx].sort_by_key(|rm| std::cmp::Reverse(rm.score));
                if self.stopped {
                    break;
                }
            }
            if self.stopped {
                if self.id == 0 && self.settle_unfinished(depth, multipv, &completed) {
                    report(
                        self,
                        Iteration {
                            depth,
                            lines: self.root_moves[..multipv].to_vec(),
                        },
                    );
                }
                break;
            }
            self.completed_depth = depth;
            completed = self.root_moves[..multipv].to_vec();
            if self.id == 0 {
                report(
                    self,
                    Iteration {
                        depth,
                        lines: self.root_moves[..multipv].to_vec(),
                    },
                );
                // Limits checked between iterations.
                let best = self.root_moves[0].score;
                if let Some(m) = self.sh.mate_limit {
                    if best >= MATE - 2 * m as i32 {
                        break;
                    }
                }
                let scale = clock.after_iteration(&self.root_moves[0], self.nodes);
                if !self.sh.ctrl.pondering.load(Ordering::Relaxed) {
                    if let Some(soft) = self.sh.soft {
                        // Little chance to finish another iteration in the share of the
                        // budget this position deserves: stop now.
                        if self.sh.start.elapsed() >= soft.mul_f64(0.5 * scale) {
                            break;
                        }
                    }
                }
                if self.root_moves.len() == 1 && self.sh.soft.is_some() && depth >= 4 {
                    break;
                }
                // (xb, for the CECP/UCI mate spam) A mate score found with time management
                // cannot be changed by the remaining depths: each further iteration only
                // re-reads the TT and reports the same line, up to MAX_PLY times. Stop once
                // the depth is well past the mate's length (twice the plies, so a shorter
                // mate hidden by reductions at the depth it was found still gets a chance).
                // Not while pondering, nor for infinite/depth-limited searches (no `soft`).
                let mate_plies = MATE - best.abs();
                if best.abs() >= MATE_BOUND
                    && self.sh.soft.is_some()
                    && !self.sh.ctrl.pondering.load(Ordering::Relaxed)
                    && depth >= 2 * mate_plies + 2
                {
                    break;
                }
            }
            if self.sh.ctrl.stop.load(Ordering::Relaxed) {
                break;
            }
        }
    }

    /// After a stop inside iteration `depth`: keeps a new best move that iteration proved
    /// (searched to the end with a score that is not an upper bound: a fail-low only says the
    /// move got worse, and a move not yet searched still carries an older score) and returns
    /// true so that its line is reported. Otherwise puts the lines of the last completed
    /// iteration back in front, so that the move played is the one last reported. With
    /// MultiPV the other lines of an unfinished iteration are incomplete: always the latter.
    fn settle_unfinished(&mut self, depth: i32, multipv: usize, completed: &[RootMove]) -> bool {
        let Some(last_best) = completed.first() else {
            // Not even the first iteration finished: any root move is a legal answer.
            return false;
        };
        let front = &self.root_moves[0];
        if multipv == 1
            && front.mv != last_best.mv
            && front.depth == depth
            && front.score > -INF
            && front.bound != Bound::Upper
        {
            return true;
        }
        for (k, line) in completed.iter().enumerate() {
            if let Some(i) = self.root_moves.iter().position(|rm| rm.mv == line.mv) {
                self.root_moves.swap(k, i);
                self.root_moves[k] = line.clone();
            }
        }
        false
    }

    fn root_search(&mut self, depth: i32, mut alpha: i32, beta: i32) -> i32 {
        let mut best = -INF;
        self.stack[0].pv.clear();
        self.stack[0].eval = if in_check(&self.pos) {
            -INF
        } else {
            self.static_eval()
        };
        for i in self.pv_idx..self.root_moves.len() {
            let m = self.root_moves[i].mv;
            self.root_moves[i].score = -INF;
            let nodes_before = self.nodes;
            self.make(m, 0);
            let check = in_check(&self.pos);
            let new_depth = depth - 1 + i32::from(check);
            let mut score;
            if i == self.pv_idx {
                score = self.child(alpha, beta, new_depth, 1, true, false);
            } else {
                let r = if depth >= 3 && i >= self.pv_idx + 3 && !check && !is_tactical_after(m) {
                    (self.lmr_of(depth, i - self.pv_idx) as i32 - 1).clamp(0, new_depth - 1)
                } else {
                    0
                };
                score = self.child(alpha, alpha + 1, new_depth - r, 1, false, true);
                if score > alpha && r > 0 {
                    score = self.child(alpha, alpha + 1, new_depth, 1, false, false);
                }
                if score > alpha && score < beta {
                    score = self.child(alpha, beta, new_depth, 1, true, false);
                }
            }
            self.unmake(m);
            self.root_moves[i].nodes += self.nodes - nodes_before;
            if self.stopped {
                break;
            }
            if i == self.pv_idx || score > alpha {
                let rm = &mut self.root_moves[i];
                rm.score = score;
                rm.depth = depth;
                rm.seldepth = self.seldepth;
                rm.bound = if score >= beta {
                    Bound::Lower
                } else if score <= alpha {
                    Bound::Upper
                } else {
                    Bound::Exact
                };
                rm.pv.clear();
                rm.pv.push(m);
                rm.pv.extend_from_slice(&self.stack[1].pv);
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                if score >= beta {
                    break;
                }
            }
        }
        best
    }

    #[inline]
    fn lmr_of(&self, depth: i32, moves: usize) -> u8 {
        self.lmr[(depth as usize).min(LMR_SIZE - 1)][moves.min(LMR_SIZE - 1)]
    }

    /// The score of the position after the move just made, for the side that made it, from
    /// a search of it with the window `(alpha, beta)` seen from that side. Negamax, unless the
    /// move left the same side to move (a turn of several moves goes on): then the child is
    /// searched from the mover's side as it is.
    #[inline]
    fn child(
        &mut self,
        alpha: i32,
        beta: i32,
        depth: i32,
        ply: usize,
        pv_node: bool,
        cut_node: bool,
    ) -> i32 {
        if self.pos.state().turn_goes_on {
            self.search(alpha, beta, depth, ply, pv_node, cut_node)
        } else {
            -self.search(-beta, -alpha, depth, ply, pv_node, cut_node)
        }
    }

    /// [`Worker::child`] for quiescence.
    #[inline]
    fn child_q(&mut self, alpha: i32, beta: i32, ply: usize, pv_node: bool, qply: u32) -> i32 {
        if self.pos.state().turn_goes_on {
            self.qsearch(alpha, beta, ply, pv_node, qply)
        } else {
            -self.qsearch(-beta, -alpha, ply, pv_node, qply)
        }
    }

    #[inline]
    fn make(&mut self, m: Move, ply: usize) {
        self.stack[ply].played = m;
        self.stack[ply].piece_to = if m == NULL_MOVE {
            NO_PIECE_TO
        } else {
            let ty = moving_type(&self.pos, m);
            self.hist
                .piece_to(self.pos.side_to_move(), ty, m.to().index())
        };
        match &mut self.nnue {
            Some((nn, stack)) => {
                self.pos
                    .make_move_observed(m, &mut stack.push(&nn.net, &nn.fs));
            }
            None => {
                let mut sums = *self.psqt.last().expect("the root's sums are on the stack");
                self.pos
                    .make_move_observed(m, &mut sums.tracker(&self.sh.ev));
                self.psqt.push(sums);
            }
        }
        self.sh.tt.prefetch(self.pos.key());
        self.nodes += 1;
        if self.nodes & 1023 == 0 {
            self.sh.ctrl.nodes[self.id].store(self.nodes, Ordering::Relaxed);
        }
    }

    /// The static evaluation of the current position.
    #[inline]
    fn static_eval(&mut self) -> i32 {
        let ev = &*self.sh.ev;
        if let Some((nn, stack)) = &self.nnue {
            debug_assert!(
                self.nodes % 64 != 0 || stack.current_is_fresh(&nn.net, &nn.fs, &self.pos),
                "the search's accumulator differs from a refresh at {}",
                self.pos.fen()
            );
            let pieces = self.pos.piece_count();
            let score = nn
                .net
                .output(stack.current(), self.pos.side_to_move(), pieces);
            return ev.adjust_for_material(&self.pos, score);
        }
        let sums = self.psqt.last().expect("the root's sums are on the stack");
        evaluate_with(&self.pos, ev, sums, &mut self.pawn_cache)
    }

    #[inline]
    fn unmake(&mut self, m: Move) {
        self.pos.unmake_move(m);
        match &mut self.nnue {
            Some((_, stack)) => stack.pop(),
            None => {
                self.psqt.pop();
            }
        }
    }

    /// Whether to stop now (checked at every node; the clock is read every 1024 nodes).
    #[inline]
    fn check_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.id == 0 {
            if let Some(limit) = self.sh.node_limit {
                if self.sh.ctrl.total_nodes_with(self.id, self.nodes) >= limit {
                    self.stop_all();
                    return true;
                }
            }
        }
        if self.nodes & 1023 == 0 {
            if self.sh.ctrl.stop.load(Ordering::Relaxed) {
                self.stopped = true;
                return true;
            }
            // Even the first iteration may be cut: any root move is a legal answer.
            if self.id == 0 && !self.sh.ctrl.pondering.load(Ordering::Relaxed) {
                if let Some(hard) = self.sh.hard {
                    if self.sh.start.elapsed() >= hard {
                        self.stop_all();
                        return true;
                    }
                }
            }
        }
        false
    }

    fn stop_all(&mut self) {
        self.stopped = true;
        self.sh.ctrl.stop.store(true, Ordering::Relaxed);
    }

    fn has_pieces(&self, color: Color) -> bool {
        let ev = &*self.sh.ev;
        (0..self.n_types as u8).any(|t| ev.is_piece(t) && self.pos.count(t, color) > 0)
    }

    /// A hash of both sides' pawns (zero in a variant without a pawn type), keying the
    /// correction history.
    #[inline]
    fn pawn_hash(&self) -> u64 {
        let Some(pawn) = self.pos.tables().pawn else {
            return 0;
        };
        formation_key(&[
            self.pos.pieces_of(pawn, Color::White),
            self.pos.pieces_of(pawn, Color::Black),
        ])
    }
}

fn is_tactical_after(m: Move) -> bool {
    matches!(
        m.kind(),
        MoveKind::Promotion | MoveKind::PiecePromotion | MoveKind::EnPassant
    )
}

/// A score stored in the table: mate scores relative to the node instead of the root.
#[inline]
pub(crate) fn score_to_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s + ply as i32
    } else if s <= -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

/// The inverse of [`score_to_tt`].
#[inline]
pub(crate) fn score_from_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s - ply as i32
    } else if s <= -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}

/// A search score as UCI shows it.
pub fn to_score(s: i32) -> Score {
    if s >= MATE_BOUND {
        Score::Mate((MATE - s + 1) / 2)
    } else if s <= -MATE_BOUND {
        Score::Mate(-((MATE + s) / 2))
    } else {
        Score::Cp(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::geometry::Square;

    fn line(mv: Move, score: i32, nodes: u64) -> RootMove {
        RootMove {
            mv,
            score,
            prev_score: -INF,
            bound: Bound::Exact,
            pv: vec![mv],
            seldepth: 0,
            depth: 1,
            nodes,
        }
    }

    #[test]
    fn clock_gives_more_time_to_doubt_and_less_to_a_settled_move() {
        let a = Move::normal(Square::new(0), Square::new(1));
        let b = Move::normal(Square::new(2), Square::new(3));
        let mut clock = ClockState::default();
        // A new best move that took a tenth of the nodes: more than the usual share.
        let first = clock.after_iteration(&line(a, 20, 100), 1000);
        assert!(first > 1.5, "{first}");
        // The same move, holding, with most of the nodes: less than the usual share.
        let mut settled = first;
        for _ in 0..4 {
            settled = clock.after_iteration(&line(a, 20, 900), 1000);
        }
        assert!(settled < 0.8, "{settled}");
        // Its score falls by a pawn: more time again, for the same node share.
        let falling = clock.after_iteration(&line(a, -80, 900), 1000);
        assert!(falling > settled * 1.3, "{falling} vs {settled}");
        // Another move takes over: the stability count starts again.
        let changed = clock.after_iteration(&line(b, -80, 900), 1000);
        assert!(changed > settled * 1.2, "{changed} vs {settled}");
        assert_eq!(clock.stable, 0);
        // A falling mate score does not count as a falling evaluation.
        let mut clock = ClockState::default();
        clock.after_iteration(&line(a, MATE - 5, 900), 1000);
        let mate = clock.after_iteration(&line(a, MATE - 9, 900), 1000);
        assert!(mate < 1.0, "{mate}");
    }
}
