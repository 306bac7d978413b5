//! One search thread: iterative deepening with aspiration windows over a principal variation
//! search with quiescence, on its own copy of the position, sharing the transposition table.
//!
//! The node search is laid out in numbered steps so that the code maps to the algorithm.

use super::history::{self, Histories, HistoryStore, CONT_PLIES, NO_PIECE_TO};
use super::support::{
    captured_type, in_check, is_tactical, moving_type, see_ge, terminal_value, value_score,
    NULL_MOVE,
};
use super::tt::{Bound, Tt};
use super::{Control, Score, INF, MATE, MATE_BOUND, MAX_PLY};
use crate::board::bitboard::Bitboard;
use crate::board::position::Position;
use crate::board::{Move, MoveKind, MoveList};
use crate::eval::nnue::AccumulatorStack;
use crate::eval::{evaluate_with, EvalParams, NnueEval, PsqtSums};
use crate::variant::GameValue;
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

pub(crate) struct Worker<'a, B: Bitboard> {
    pub id: usize,
    pub pos: Position<B>,
    sh: &'a Shared,
    /// Keys of the positions of the game and the search path, the current one last.
    keys: Vec<u64>,
    /// Material and piece-square sums of the search path, the current position's last
    /// (updated by make-move, see [`crate::eval::incremental`]).
    psqt: Vec<PsqtSums>,
    /// The net and the accumulators of the search path, when the evaluation is a net.
    nnue: Option<(&'a NnueEval, AccumulatorStack)>,
    /// Number of keys that belong to the game before the root.
    root_keys: usize,
    pub nodes: u64,
    seldepth: usize,
    pub root_moves: Vec<RootMove>,
    pv_idx: usize,
    root_depth: i32,
    pub stopped: bool,
    pub completed_depth: i32,
    /// Generation buffer per ply.
    lists: Vec<MoveList>,
    /// The moves of each ply, reordered as they are picked.
    moves: Vec<Vec<Move>>,
    scores: Vec<Vec<i32>>,
    pv: Vec<Vec<Move>>,
    evals: Vec<i32>,
    played: Vec<Move>,
    /// The piece-to key ([`Histories::piece_to`]) of each ply's move (`NO_PIECE_TO` for a
    /// null move).
    played_pt: Vec<u32>,
    killers: Vec<[Move; 2]>,
    hist: Histories,
    /// Counter moves, `[colour][to of the previous move]`.
    counters: Vec<Move>,
    nmp_min_ply: usize,
    /// The move left out at each ply by a singular-extension search (`Move::NONE`: none).
    excluded: Vec<Move>,
    lmr: Vec<[u8; LMR_SIZE]>,
    n_types: usize,
    /// The game-ending draw rules, read once from the variant.
    rules: DrawRules,
    /// With `perpetualCheckIllegal`: whether the side to move was in check in each position
    /// of `keys` (false where the game before the root is not known; set at step 4 of the
    /// search for positions of the search path, so an earlier position of a cycle always
    /// has it).
    checks: Vec<bool>,
}

/// The variant's optional game ends as the search needs them: the same rules as
/// [`Position::result`], read from the variant once so that a chess node pays one test per
/// rule.
#[derive(Debug, Clone, Copy)]
struct DrawRules {
    /// `nMoveRule` in plies (0: none).
    rule50_limit: u32,
    /// `nFoldValue` for the side to move, by colour (`nFoldValueAbsolute` gives it from
    /// White's view).
    nfold: [GameValue; 2],
    /// Drawn endings are scored by `materialCounting` (janggi).
    material_counting: bool,
    /// A repetition in which one side checked all the time loses for it.
    perpetual: bool,
    /// The SE-Asian counting rule.
    counting: bool,
    /// Janggi's `moveRepetitionIllegal`: moving a piece back and forth a third time loses.
    move_repetition: bool,
    /// Repetitions are looked for over the whole game (captures go to hand, so a capture
    /// does not make the earlier positions unreachable).
    whole_history: bool,
    /// `nFoldRule`: how many times a position must occur in the game (0: no repetition
    /// rule).
    n_fold: usize,
    /// Xiangqi's `chasingRule`: a repetition in which one side chased all the time loses for
    /// it.
    chasing: bool,
    /// Sittuyin: a lone pawn whose only moves are promotions draws.
    sittuyin: bool,
}

impl DrawRules {
    fn new(v: &crate::variant::Variant) -> Self {
        let ge = &v.game_end;
        let nfold = if ge.n_fold_value_absolute {
            [ge.n_fold_value, super::support::negate(ge.n_fold_value)]
        } else {
            [ge.n_fold_value; 2]
        };
        DrawRules {
            rule50_limit: ge.n_move_rule * 2,
            nfold,
            material_counting: ge.material_counting != crate::variant::MaterialCounting::None,
            perpetual: ge.perpetual_check_illegal,
            counting: ge.counting_rule != crate::variant::CountingRule::None,
            move_repetition: ge.move_repetition_illegal,
            whole_history: v.drops.captures_to_hand,
            n_fold: ge.n_fold_rule as usize,
            chasing: ge.chasing_rule == crate::variant::ChasingRule::Axf,
            sittuyin: v.promotion.sittuyin,
        }
    }
}

impl<'a, B: Bitboard> Worker<'a, B> {
    pub fn new(
        id: usize,
        pos: Position<B>,
        keys: Vec<u64>,
        root_moves: Vec<RootMove>,
        sh: &'a Shared,
        store: &HistoryStore,
    ) -> Self {
        let squares = pos.tables().geo.num_squares();
        let n_types = pos.tables().n_types;
        let v = pos.variant();
        let rules = DrawRules::new(v);
        let root_keys = keys.len();
        let checks = if rules.perpetual {
            pos.check_history(root_keys)
        } else {
            Vec::new()
        };
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
            keys,
            psqt,
            nnue,
            root_keys,
            nodes: 0,
            seldepth: 0,
            root_moves,
            pv_idx: 0,
            root_depth: 0,
            stopped: false,
            completed_depth: 0,
            lists: (0..MAX_PLY + 2).map(|_| MoveList::new()).collect(),
            moves: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(256)).collect(),
            scores: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(256)).collect(),
            pv: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(32)).collect(),
            evals: vec![0; MAX_PLY + 2],
            played: vec![Move::NONE; MAX_PLY + 2],
            played_pt: vec![NO_PIECE_TO; MAX_PLY + 2],
            killers: vec![[Move::NONE; 2]; MAX_PLY + 2],
            hist: store.take(id, n_types, squares),
            counters: vec![Move::NONE; 2 * 256],
            nmp_min_ply: 0,
            excluded: vec![Move::NONE; MAX_PLY + 2],
            lmr,
            n_types,
            rules,
            checks,
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
                if !self.sh.ctrl.pondering.load(Ordering::Relaxed) {
                    if let Some(soft) = self.sh.soft {
                        // Little chance to finish another iteration: stop now.
                        if self.sh.start.elapsed() >= soft / 2 {
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
        self.pv[0].clear();
        self.evals[0] = if in_check(&self.pos) {
            -INF
        } else {
            self.static_eval()
        };
        for i in self.pv_idx..self.root_moves.len() {
            let m = self.root_moves[i].mv;
            self.root_moves[i].score = -INF;
            self.make(m, 0);
            let check = in_check(&self.pos);
            let new_depth = depth - 1 + i32::from(check);
            let mut score;
            if i == self.pv_idx {
                score = -self.search(-beta, -alpha, new_depth, 1, true, false);
            } else {
                let r = if depth >= 3 && i >= self.pv_idx + 3 && !check && !is_tactical_after(m) {
                    (self.lmr_of(depth, i - self.pv_idx) as i32 - 1).clamp(0, new_depth - 1)
                } else {
                    0
                };
                score = -self.search(-alpha - 1, -alpha, new_depth - r, 1, false, true);
                if score > alpha && r > 0 {
                    score = -self.search(-alpha - 1, -alpha, new_depth, 1, false, false);
                }
                if score > alpha && score < beta {
                    score = -self.search(-beta, -alpha, new_depth, 1, true, false);
                }
            }
            self.unmake(m);
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
                rm.pv.extend_from_slice(&self.pv[1]);
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

    #[inline]
    fn make(&mut self, m: Move, ply: usize) {
        self.played[ply] = m;
        self.played_pt[ply] = if m == NULL_MOVE {
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
        self.keys.push(self.pos.key());
        if self.rules.perpetual {
            // Filled in at step 4 of the node's search: only nodes that search further
            // moves are ever looked at as earlier positions of a cycle.
            self.checks.push(false);
        }
        self.nodes += 1;
        if self.nodes & 1023 == 0 {
            self.sh.ctrl.nodes[self.id].store(self.nodes, Ordering::Relaxed);
        }
    }

    /// The static evaluation of the current position.
    #[inline]
    fn static_eval(&self) -> i32 {
        let ev = &*self.sh.ev;
        if let Some((nn, stack)) = &self.nnue {
            let score = nn.net.output(stack.current(), self.pos.side_to_move());
            return ev.adjust_for_material(&self.pos, score);
        }
        let sums = self.psqt.last().expect("the root's sums are on the stack");
        evaluate_with(&self.pos, ev, sums)
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
        self.keys.pop();
        if self.rules.perpetual {
            self.checks.pop();
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

    /// The side to move is checkmated (only asked where a rule would otherwise end the game:
    /// a mate on the last move of the n-move rule or the count stands, as in `result()`).
    fn mated(&self) -> bool {
        if !in_check(&self.pos) {
            return false;
        }
        let mut list = MoveList::new();
        self.pos.legal_moves(&mut list);
        list.is_empty()
    }

    /// With `chasingRule = axf`: the plies the n-move rule adds for checks beyond ten, as
    /// [`Position::axf_check_offset`] counts them, from the check flags of the game and the
    /// search path (only asked once the n-move limit is reached).
    fn axf_offset(&self) -> u32 {
        let n = self.keys.len();
        if !self.rules.perpetual {
            return self.pos.axf_check_offset();
        }
        if n < 21 {
            return 0;
        }
        let end = (self.pos.state().rule50 as usize).min(n - 1);
        let now = in_check(&self.pos);
        crate::board::rules::end::axf_offset(
            |k| if k == 0 { now } else { self.checks[n - 1 - k] },
            end,
        )
    }

    /// A drawn ending's score: 0, or the `materialCounting` result (janggi).
    fn drawn(&self, ply: usize) -> i32 {
        if self.rules.material_counting {
            value_score(self.pos.material_value(), ply, MATE)
        } else {
            0
        }
    }

    /// The n-move rule and the SE-Asian counting rule (used by quiescence too).
    fn move_rules(&self, ply: usize) -> Option<i32> {
        let st = self.pos.state();
        let r = &self.rules;
        if r.rule50_limit > 0
            && st.rule50 >= r.rule50_limit
            && (!r.chasing || st.rule50 >= r.rule50_limit + self.axf_offset())
            && !self.mated()
        {
            return Some(self.drawn(ply));
        }
        if r.counting
            && st.counting_limit != 0
            && st.counting_ply > st.counting_limit
            && !self.mated()
        {
            return Some(0);
        }
        None
    }

    /// The game ended by rule: the n-move rule, the counting rule, janggi's move repetition
    /// (a loss for the side that repeated), repetition, or sittuyin's lone-pawn promotion.
    /// A repetition counts once inside the search tree (the earlier position at or after the
    /// root: from there on either side could have deviated, so the cycle's value is the
    /// rule's), and otherwise only when the position has occurred `nFoldRule` times in the
    /// game. It is scored as `result()` scores it: `nFoldValue` (by colour with
    /// `nFoldValueAbsolute`), material counting for drawn endings, a loss for the side that
    /// checked in every position of the cycle with `perpetualCheckIllegal`, or for the side
    /// that chased on every move with `chasingRule`.
    fn is_draw(&mut self, ply: usize) -> Option<i32> {
        if let Some(v) = self.move_rules(ply) {
            return Some(v);
        }
        if self.rules.move_repetition && self.pos.move_repetition() {
            return Some(value_score(GameValue::Win, ply, MATE));
        }
        if self.rules.n_fold > 0 {
            let rule50 = self.pos.state().rule50 as usize;
            let n = self.keys.len();
            let key = self.pos.key();
            let back = if self.rules.whole_history {
                n - 1
            } else {
                rule50.min(n - 1)
            };
            // Earlier occurrences found so far (all before the root).
            let mut reps = 0;
            let mut i = 4;
            while i <= back {
                let j = n - 1 - i;
                if self.keys[j] == key {
                    if j + 1 >= self.root_keys || reps + 2 >= self.rules.n_fold {
                        return Some(self.repetition_score(i, ply));
                    }
                    reps += 1;
                }
                i += 2;
            }
        }
        if self.rules.sittuyin && self.pos.lone_pawn_promotion_draw() {
            return Some(0);
        }
        None
    }

    /// The score of a repetition whose earliest counted occurrence is `cycle` plies back.
    fn repetition_score(&mut self, cycle: usize, ply: usize) -> i32 {
        if self.rules.perpetual {
            let n = self.checks.len();
            // checks[n - 1 - k]: the side to move k plies back was in check. Even k: we
            // were checked (they checked perpetually); odd k: they were.
            // The current node's own flag is not filled in yet (step 4 comes later).
            let now = in_check(&self.pos);
            let checked = |k: usize| if k == 0 { now } else { self.checks[n - 1 - k] };
            let them = (0..=cycle).step_by(2).all(checked);
            let us = (1..cycle).step_by(2).all(checked);
            match (them, us) {
                (true, false) => return value_score(GameValue::Win, ply, MATE),
                (false, true) => return value_score(GameValue::Loss, ply, MATE),
                (true, true) => return 0,
                (false, false) => {}
            }
        }
        if self.rules.chasing {
            // Worked out only here, with a repetition found: cheap enough at these few nodes.
            match self.pos.chase_verdict(cycle) {
                Some(GameValue::Draw) => return self.drawn(ply),
                Some(v) => return value_score(v, ply, MATE),
                None => {}
            }
        }
        match self.rules.nfold[self.pos.side_to_move()] {
            GameValue::Draw => self.drawn(ply),
            v => value_score(v, ply, MATE),
        }
    }

    /// The piece-to keys of the moves [`CONT_PLIES`] before the move to be made at `ply`.
    #[inline]
    fn cont_keys(&self, ply: usize) -> [u32; 3] {
        CONT_PLIES.map(|back| {
            if ply >= back {
                self.played_pt[ply - back]
            } else {
                NO_PIECE_TO
            }
        })
    }

    /// The piece-to key of `m` in the current position.
    #[inline]
    fn piece_to(&self, m: Move) -> u32 {
        self.hist.piece_to(
            self.pos.side_to_move(),
            moving_type(&self.pos, m),
            m.to().index(),
        )
    }

    fn has_pieces(&self, color: usize) -> bool {
        let ev = &*self.sh.ev;
        (0..self.n_types as u8).any(|t| ev.is_piece(t) && self.pos.count(t, color) > 0)
    }

    /// Generates the legal moves of `ply` into `moves[ply]` (only captures and promotions
    /// with `tactical_only`). Returns whether there was any legal move at all.
    fn generate(&mut self, ply: usize, tactical_only: bool) -> bool {
        let mut list = std::mem::take(&mut self.lists[ply]);
        self.pos.legal_moves(&mut list);
        let any = !list.is_empty();
        let moves = &mut self.moves[ply];
        moves.clear();
        if tactical_only {
            let pos = &self.pos;
            moves.extend(list.iter().copied().filter(|&m| is_tactical(pos, m)));
        } else {
            moves.extend_from_slice(list.as_slice());
        }
        self.lists[ply] = list;
        any
    }

    /// Scores the moves of `moves[ply]` for ordering.
    fn score_moves(&mut self, ply: usize, tt_move: Move) {
        let us = self.pos.side_to_move();
        let ev = &*self.sh.ev;
        let killers = self.killers[ply];
        let counter = if ply > 0 {
            let prev = self.played[ply - 1];
            if prev == NULL_MOVE || prev == Move::NONE {
                Move::NONE
            } else {
                self.counters[us * 256 + prev.to().index()]
            }
        } else {
            Move::NONE
        };
        let before = self.cont_keys(ply);
        let list = std::mem::take(&mut self.moves[ply]);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        scores.clear();
        for &m in list.iter() {
            let s = if m == tt_move {
                1 << 30
            } else if let Some(victim) = captured_type(&self.pos, m) {
                let attacker = moving_type(&self.pos, m);
                let mvv = ev.see[victim as usize].min(5000) * 8
                    - ev.see[attacker as usize].min(5000) / 8
                    + self.hist.capture(self.piece_to(m), victim) / 4;
                if see_ge(&self.pos, m, 0, &ev.see) {
                    (1 << 24) + mvv
                } else {
                    -(1 << 24) + mvv
                }
            } else if matches!(m.kind(), MoveKind::Promotion) {
                (1 << 24) + ev.see[m.piece() as usize]
            } else if m == killers[0] {
                (1 << 22) + 2
            } else if m == killers[1] {
                (1 << 22) + 1
            } else if m == counter {
                1 << 22
            } else {
                self.hist.quiet(self.piece_to(m), &before)
            };
            scores.push(s);
        }
        self.moves[ply] = list;
        self.scores[ply] = scores;
    }

    /// The best-scored move not yet tried at `ply` (selection sort step).
    #[inline]
    fn pick(&mut self, ply: usize, i: usize) -> Move {
        let scores = &mut self.scores[ply];
        let mut best = i;
        for j in i + 1..scores.len() {
            if scores[j] > scores[best] {
                best = j;
            }
        }
        scores.swap(i, best);
        let moves = &mut self.moves[ply];
        moves.swap(i, best);
        moves[i]
    }

    /// After a cutoff by `best`: killers, counter move and the histories. The quiet moves
    /// and captures tried before it (`quiets`, `captures`) are punished; `best` is rewarded in
    /// its own table.
    fn update_stats(
        &mut self,
        ply: usize,
        best: Move,
        depth: i32,
        quiets: &[Move],
        captures: &[Move],
    ) {
        let us = self.pos.side_to_move();
        let bonus = history::bonus(depth);
        if let Some(victim) = captured_type(&self.pos, best) {
            self.hist.update_capture(self.piece_to(best), victim, bonus);
        } else if !is_tactical(&self.pos, best) {
            if self.killers[ply][0] != best {
                self.killers[ply][1] = self.killers[ply][0];
                self.killers[ply][0] = best;
            }
            if ply > 0 {
                let prev = self.played[ply - 1];
                if prev != NULL_MOVE && prev != Move::NONE {
                    self.counters[us * 256 + prev.to().index()] = best;
                }
            }
            let before = self.cont_keys(ply);
            self.hist.update_quiet(self.piece_to(best), &before, bonus);
            for &m in quiets {
                self.hist.update_quiet(self.piece_to(m), &before, -bonus);
            }
        }
        for &m in captures {
            if let Some(victim) = captured_type(&self.pos, m) {
                self.hist.update_capture(self.piece_to(m), victim, -bonus);
            }
        }
    }

    /// The principal variation search.
    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        mut alpha: i32,
        mut beta: i32,
        mut depth: i32,
        ply: usize,
        pv_node: bool,
        cut_node: bool,
    ) -> i32 {
        // Step 1. Leaves go to quiescence; initialise the node.
        if depth <= 0 {
            return self.qsearch(alpha, beta, ply, pv_node);
        }
        self.pv[ply].clear();
        if self.check_stop() {
            return 0;
        }
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        if ply >= MAX_PLY - 1 {
            return self.static_eval();
        }

        // Step 2. Draws by rule, mate distance pruning, games ended by a variant rule.
        if let Some(v) = self.is_draw(ply) {
            return v;
        }
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        if self.pos.is_immediate_game_end() {
            return value_score(terminal_value(&self.pos, false), ply, MATE);
        }

        // Step 3. Transposition table. A singular-extension search (a move excluded) reads
        // the entry for its move and static evaluation only: its result is not the node's.
        let excluded = self.excluded[ply];
        let key = self.pos.key();
        let tte = self.sh.tt.probe(key);
        let mut tt_move = Move::NONE;
        if let Some(e) = tte {
            tt_move = e.mv;
            let s = score_from_tt(e.score, ply);
            if !pv_node
                && excluded == Move::NONE
                && e.depth >= depth
                && match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                    Bound::None => false,
                }
            {
                return s;
            }
        }

        // Step 4. Static evaluation.
        let check = in_check(&self.pos);
        if self.rules.perpetual {
            if let Some(c) = self.checks.last_mut() {
                *c = check;
            }
        }
        // The raw evaluation goes to the table; the search judges by the corrected one.
        let us = self.pos.side_to_move();
        let pawn_hash = self.pawn_hash();
        let raw_eval = if check {
            -INF
        } else {
            match tte {
                Some(e) if e.bound != Bound::None || e.depth > 0 || e.eval != 0 => e.eval,
                _ => self.static_eval(),
            }
        };
        let eval = if check {
            -INF
        } else {
            self.hist.corrected(us, pawn_hash, raw_eval)
        };
        self.evals[ply] = eval;
        let static_eval = eval;
        let improving = !check && ply >= 2 && eval > self.evals[ply - 2];
        // A table score whose bound lies beyond the static evaluation is a better guess of
        // the node's value for the pruning decisions below (`improving` keeps comparing
        // static evaluations, which are alike at every ply).
        let eval = match tte {
            Some(e) if !check && excluded == Move::NONE => {
                let s = score_from_tt(e.score, ply);
                let beyond = match e.bound {
                    Bound::Lower => s > eval,
                    Bound::Upper => s < eval,
                    Bound::Exact => true,
                    Bound::None => false,
                };
                if beyond && s.abs() < MATE_BOUND {
                    s
                } else {
                    eval
                }
            }
            _ => eval,
        };

        // Steps 5 and 6 judge a node by its static evaluation, which cannot see a quiet
        // threat made by the move before. Keeping them out of ply 1 (where that move is a root
        // move), or a mate-threat probe there, found quiet mates in 2 sooner but did not hold
        // up in fixed-node matches (docs/search.md), so pruning stays everywhere.
        if !pv_node && !check && excluded == Move::NONE {
            // Step 5. Reverse futility pruning. Not when beta is a mated score: an evaluation
            // above it does not show that no quicker mate exists (a mate in 3 found first hid
            // a mate in 2 until depth 11).
            if depth <= 7
                && eval - 80 * depth + 40 * i32::from(improving) >= beta
                && eval.abs() < MATE_BOUND
                && beta > -MATE_BOUND
            {
                return eval;
            }

            // Step 5b. Razoring: far below alpha at low depth, only a capture can help; if
            // quiescence cannot reach alpha either, the node fails low. Not against a mate
            // score: a quiet mate that beats it is what quiescence cannot see (a xiangqi mate
            // in 2 of the tactical suite was found as a mate in 3).
            if depth <= 3 && eval + 250 + 200 * depth * depth < alpha && alpha.abs() < MATE_BOUND {
                let v = self.qsearch(alpha - 1, alpha, ply, false);
                if self.stopped {
                    return 0;
                }
                if v < alpha {
                    return v;
                }
            }

            // Step 6. Null move with verification at high depth.
            if depth >= 3
                && eval >= beta
                && ply >= self.nmp_min_ply
                && self.played[ply - 1] != NULL_MOVE
                && beta.abs() < MATE_BOUND
                && self.has_pieces(us)
            {
                let r = 3 + depth / 4 + ((eval - beta) / 200).min(3);
                self.make(NULL_MOVE, ply);
                let mut v = -self.search(-beta, -beta + 1, depth - r, ply + 1, false, !cut_node);
                self.unmake(NULL_MOVE);
                if self.stopped {
                    return 0;
                }
                if v >= beta {
                    if v >= MATE_BOUND {
                        v = beta;
                    }
                    if depth < 10 {
                        return v;
                    }
                    self.nmp_min_ply = ply + 3 * (depth - r) as usize / 4;
                    let w = self.search(beta - 1, beta, depth - r, ply, false, false);
                    self.nmp_min_ply = 0;
                    if w >= beta {
                        return v;
                    }
                }
            }
        }

        // Step 7. Internal iterative reduction without a hash move.
        if tt_move == Move::NONE && depth >= 5 && (pv_node || cut_node) {
            depth -= 1;
        }

        // Step 7b. Singular extension: when every other move fails well below the table's
        // lower bound for the hash move, that move is extended; when some other move also
        // beats beta with margin, the node is cut (multi-cut). Searched here, before this
        // node's own move list is built, since the search reuses the ply's buffers.
        let mut tt_ext = 0;
        if let Some(e) = tte {
            let tt_score = score_from_tt(e.score, ply);
            if ply > 0
                && depth >= 7
                && excluded == Move::NONE
                && tt_move != Move::NONE
                && matches!(e.bound, Bound::Lower | Bound::Exact)
                && e.depth >= depth - 3
                && tt_score.abs() < MATE_BOUND
            {
                let singular_beta = tt_score - 2 * depth;
                self.excluded[ply] = tt_move;
                let v = self.search(
                    singular_beta - 1,
                    singular_beta,
                    (depth - 1) / 2,
                    ply,
                    false,
                    cut_node,
                );
                self.excluded[ply] = Move::NONE;
                if self.stopped {
                    return 0;
                }
                if v < singular_beta {
                    tt_ext = 1;
                } else if singular_beta >= beta {
                    return singular_beta;
                }
            }
        }

        // Step 8. Moves.
        self.generate(ply, false);
        if self.moves[ply].is_empty() {
            return value_score(terminal_value(&self.pos, check), ply, MATE);
        }
        self.score_moves(ply, tt_move);
        self.killers[ply + 1] = [Move::NONE; 2];

        let orig_alpha = alpha;
        let mut best = -INF;
        let mut best_move = Move::NONE;
        let mut searched = 0usize;
        let mut quiets: Vec<Move> = Vec::new();
        let mut captures: Vec<Move> = Vec::new();
        let n = self.moves[ply].len();
        let lmp_limit = (3 + depth * depth) as usize / if improving { 1 } else { 2 };
        for i in 0..n {
            let m = self.pick(ply, i);
            if m == excluded {
                continue;
            }
            let tactical = is_tactical(&self.pos, m);
            let move_score = self.scores[ply][i];

            // Step 9. Pruning at shallow depth: losing captures by SEE before the move; late
            // and futile quiet moves after it, unless they give check.
            let mut prune_quiet = false;
            if ply > 0 && best > -MATE_BOUND && !check && searched > 0 {
                if !tactical {
                    prune_quiet = !pv_node
                        && ((depth <= 8 && searched >= lmp_limit.max(1))
                            || (depth <= 6
                                && eval + 100 + 90 * depth <= alpha
                                && move_score < (1 << 22)));
                } else if depth <= 6
                    && move_score < 0
                    && !see_ge(&self.pos, m, -90 * depth, &self.sh.ev.see)
                {
                    continue;
                }
            }

            // Step 10. Make the move, extend checks.
            self.make(m, ply);
            let gives_check = in_check(&self.pos);
            if prune_quiet && !gives_check {
                self.unmake(m);
                continue;
            }
            let ext = if m == tt_move && tt_ext > 0 {
                tt_ext
            } else if gives_check {
                // Only checks that do not lose material by exchange are extended; the
                // exchange is judged on the position before the move.
                self.unmake(m);
                let safe = see_ge(&self.pos, m, 0, &self.sh.ev.see);
                self.make(m, ply);
                i32::from(safe)
            } else {
                0
            };
            let ext = if (ply as i32) < 2 * self.root_depth {
                ext
            } else {
                0
            };
            let new_depth = depth - 1 + ext;

            // Step 11. Late move reductions, then PVS re-searches.
            let mut score;
            if searched == 0 {
                score = -self.search(-beta, -alpha, new_depth, ply + 1, pv_node, false);
            } else {
                let mut r = 0;
                if depth >= 3
                    && searched > 2 * usize::from(pv_node)
                    && (!tactical || move_score < 0)
                {
                    r = self.lmr_of(depth, searched) as i32;
                    r -= i32::from(pv_node);
                    r += i32::from(!improving);
                    r += i32::from(cut_node);
                    r -= i32::from(gives_check);
                    r -= i32::from(move_score >= (1 << 22));
                    if !tactical && move_score < (1 << 22) {
                        r -= move_score / 8192;
                    }
                    r = r.clamp(0, (new_depth - 1).max(0));
                }
                score = -self.search(-alpha - 1, -alpha, new_depth - r, ply + 1, false, true);
                if score > alpha && r > 0 {
                    score = -self.search(-alpha - 1, -alpha, new_depth, ply + 1, false, !cut_node);
                }
                if pv_node && score > alpha && score < beta {
                    score = -self.search(-beta, -alpha, new_depth, ply + 1, true, false);
                }
            }
            self.unmake(m);
            if self.stopped {
                return 0;
            }
            searched += 1;

            // Step 12. New best move.
            if score > best {
                best = score;
                if score > alpha {
                    best_move = m;
                    if pv_node {
                        let (head, tail) = self.pv.split_at_mut(ply + 1);
                        let dst = &mut head[ply];
                        dst.clear();
                        dst.push(m);
                        dst.extend_from_slice(&tail[0]);
                    }
                    if score >= beta {
                        self.update_stats(ply, m, depth, &quiets, &captures);
                        break;
                    }
                    alpha = score;
                }
            }
            if !tactical {
                quiets.push(m);
            } else if captured_type(&self.pos, m).is_some() {
                captures.push(m);
            }
        }
        if searched == 0 {
            // Everything was pruned (cannot happen with a legal move left at ply > 0 and
            // best = -INF, but keep the score sane).
            return alpha;
        }

        // Step 13. Store (not the result of a search without the hash move).
        if excluded != Move::NONE {
            return best;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > orig_alpha && pv_node {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.sh.tt.store(
            key,
            best_move,
            score_to_tt(best, ply),
            if check { 0 } else { raw_eval },
            depth,
            bound,
        );
        // Teach the correction history what the search found, where the bound says
        // something about the evaluation's error and a quiet position produced it.
        if !check
            && best.abs() < MATE_BOUND
            && (best_move == Move::NONE || !is_tactical(&self.pos, best_move))
            && !(bound == Bound::Lower && best <= static_eval)
            && !(bound == Bound::Upper && best >= static_eval)
        {
            self.hist
                .update_correction(us, pawn_hash, depth, best, raw_eval);
        }
        best
    }

    /// A hash of both sides' pawns (zero in a variant without a pawn type), keying the
    /// correction history.
    #[inline]
    fn pawn_hash(&self) -> u64 {
        let Some(pawn) = self.pos.tables().pawn else {
            return 0;
        };
        let mut h = 0u64;
        for c in 0..2 {
            let pawns = self.pos.pieces_of(pawn, c);
            for w in 0..B::WORDS {
                h = (h ^ pawns.word(w)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                h ^= h >> 29;
            }
            h = h.wrapping_add(0xD1B5_4A32_D192_ED03);
        }
        h
    }

    /// Quiescence search: captures and promotions (all evasions when in check).
    fn qsearch(&mut self, mut alpha: i32, beta: i32, ply: usize, pv_node: bool) -> i32 {
        self.pv[ply].clear();
        if self.check_stop() {
            return 0;
        }
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        if ply >= MAX_PLY - 1 {
            return self.static_eval();
        }
        if self.pos.is_immediate_game_end() {
            return value_score(terminal_value(&self.pos, false), ply, MATE);
        }
        if let Some(v) = self.move_rules(ply) {
            return v;
        }
        if self.rules.sittuyin && self.pos.lone_pawn_promotion_draw() {
            return 0;
        }
        let key = self.pos.key();
        let tte = self.sh.tt.probe(key);
        let mut tt_move = Move::NONE;
        if let Some(e) = tte {
            let s = score_from_tt(e.score, ply);
            if !pv_node
                && match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                    Bound::None => false,
                }
            {
                return s;
            }
            tt_move = e.mv;
        }
        let check = in_check(&self.pos);
        if self.rules.perpetual {
            // Read by the AXF n-move offset of deeper nodes (no repetition is looked for in
            // quiescence).
            if let Some(c) = self.checks.last_mut() {
                *c = check;
            }
        }
        let mut raw_eval = 0;
        let stand = if check {
            -INF
        } else {
            raw_eval = match tte {
                Some(e) if e.eval != 0 => e.eval,
                _ => self.static_eval(),
            };
            let e = self
                .hist
                .corrected(self.pos.side_to_move(), self.pawn_hash(), raw_eval);
            if e >= beta {
                if tte.is_none() {
                    self.sh.tt.store(
                        key,
                        Move::NONE,
                        score_to_tt(e, ply),
                        raw_eval,
                        0,
                        Bound::Lower,
                    );
                }
                return e;
            }
            alpha = alpha.max(e);
            e
        };
        if !self.generate(ply, !check) {
            return value_score(terminal_value(&self.pos, check), ply, MATE);
        }
        // Where every move captures (clobber), searching captures is searching everything to
        // the end of the game: quiescence stands pat.
        if self.moves[ply].is_empty() || (!check && self.pos.tables().captures_only) {
            return stand;
        }
        self.score_moves(ply, tt_move);
        let mut best = stand;
        let mut best_move = Move::NONE;
        let orig_alpha = alpha;
        let n = self.moves[ply].len();
        for i in 0..n {
            let m = self.pick(ply, i);
            if !check {
                // Losing captures and captures that cannot raise alpha are skipped.
                if self.scores[ply][i] < 0 {
                    continue;
                }
                let gain = captured_type(&self.pos, m).map_or(0, |t| self.sh.ev.see[t as usize])
                    + if m.kind() == MoveKind::Promotion {
                        self.sh.ev.see[m.piece() as usize]
                    } else {
                        0
                    };
                if stand + gain + 200 <= alpha && m.kind() != MoveKind::Promotion {
                    continue;
                }
            }
            self.make(m, ply);
            let score = -self.qsearch(-beta, -alpha, ply + 1, pv_node);
            self.unmake(m);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = m;
                    if pv_node {
                        let (head, tail) = self.pv.split_at_mut(ply + 1);
                        let dst = &mut head[ply];
                        dst.clear();
                        dst.push(m);
                        dst.extend_from_slice(&tail[0]);
                    }
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > orig_alpha && pv_node {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.sh.tt.store(
            key,
            best_move,
            score_to_tt(best, ply),
            if check { 0 } else { raw_eval },
            0,
            bound,
        );
        best
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
