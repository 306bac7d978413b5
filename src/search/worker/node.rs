//! The node searches: the principal variation search and quiescence. The search is laid out
//! in numbered steps so that the code maps to the algorithm.

use super::{score_from_tt, score_to_tt, Worker};
use crate::board::bitboard::Bitboard;
use crate::board::{Move, MoveKind};
use crate::search::support::{
    captured_type, in_check, is_tactical, see_ge, terminal_value, value_score, NULL_MOVE,
};
use crate::search::tt::Bound;
use crate::search::{INF, MATE, MATE_BOUND, MAX_PLY};

/// Quiescence plies after which only recaptures (onto the square of the move before) are
/// searched: in variants where most pieces capture often (grasshopper chess), exchanges
/// elsewhere on the board would otherwise chain without end.
const QS_RECAPTURES_ONLY: u32 = 5;

impl<B: Bitboard> Worker<'_, B> {
    /// The principal variation search.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn search(
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
            return self.qsearch(alpha, beta, ply, pv_node, 0);
        }
        self.stack[ply].pv.clear();
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
        let excluded = self.stack[ply].excluded;
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
        self.stack[ply].eval = eval;
        let static_eval = eval;
        let improving = !check && ply >= 2 && eval > self.stack[ply - 2].eval;
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
                let v = self.qsearch(alpha - 1, alpha, ply, false, 0);
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
                && self.stack[ply - 1].played != NULL_MOVE
                && beta.abs() < MATE_BOUND
                && self.has_pieces(us)
                // A pass is no move of a turn of several moves: it would end or split it.
                && self.pos.tables().rules.turns.is_none()
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
                self.stack[ply].excluded = tt_move;
                let v = self.search(
                    singular_beta - 1,
                    singular_beta,
                    (depth - 1) / 2,
                    ply,
                    false,
                    cut_node,
                );
                self.stack[ply].excluded = Move::NONE;
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
        if !self.generate(ply, false) {
            return value_score(terminal_value(&self.pos, check), ply, MATE);
        }
        self.score_moves(ply, tt_move);
        self.stack[ply + 1].killers = [Move::NONE; 2];

        let orig_alpha = alpha;
        let mut best = -INF;
        let mut best_move = Move::NONE;
        let mut searched = 0usize;
        // The ply's buffers, taken for the loop (the searches below use other plies').
        let (mut quiets, mut captures) = std::mem::take(&mut self.stack[ply].tried);
        quiets.clear();
        captures.clear();
        let lmp_limit = (3 + depth * depth) as usize / if improving { 1 } else { 2 };
        for i in 0.. {
            let Some(m) = self.pick(ply, i) else {
                break;
            };
            if m == excluded {
                continue;
            }
            let tactical = is_tactical(&self.pos, m);
            let move_score = self.stack[ply].scores[i];

            // Step 9. Pruning at shallow depth: losing captures by SEE before the move; late,
            // futile and (by SEE) losing quiet moves after it, unless they give check.
            let mut prune_quiet = false;
            if ply > 0 && best > -MATE_BOUND && !check && searched > 0 {
                if !tactical {
                    // The depth this move would be searched to after its reduction.
                    let lmr_depth = (depth - 1 - self.lmr_of(depth, searched) as i32).max(0);
                    prune_quiet = (!pv_node
                        && ((depth <= 8 && searched >= lmp_limit.max(1))
                            || (depth <= 6
                                && eval + 100 + 90 * depth <= alpha
                                && move_score < (1 << 22))))
                        // A quiet move that loses material by exchange on its square.
                        || (lmr_depth <= 8
                            && !see_ge(&self.pos, m, -25 * lmr_depth * lmr_depth, &self.sh.ev.see));
                } else if depth <= 6
                    && move_score < 0
                    && !see_ge(&self.pos, m, -90 * depth, &self.sh.ev.see)
                {
                    continue;
                }
            }

            // A pruned move is not made (nor counted as a node) unless only making it shows
            // whether it checks (multi-leg attackers).
            if prune_quiet && self.check_before_make && !self.pos.gives_check(m) {
                continue;
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
                score = self.child(alpha, beta, new_depth, ply + 1, pv_node, false);
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
                score = self.child(alpha, alpha + 1, new_depth - r, ply + 1, false, true);
                if score > alpha && r > 0 {
                    score = self.child(alpha, alpha + 1, new_depth, ply + 1, false, !cut_node);
                }
                if pv_node && score > alpha && score < beta {
                    score = self.child(alpha, beta, new_depth, ply + 1, true, false);
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
                        let (head, tail) = self.stack.split_at_mut(ply + 1);
                        let dst = &mut head[ply].pv;
                        dst.clear();
                        dst.push(m);
                        dst.extend_from_slice(&tail[0].pv);
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
        self.stack[ply].tried = (quiets, captures);
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

    /// Quiescence search: captures and promotions (all evasions when in check); `qply` plies
    /// below the main search. From [`QS_RECAPTURES_ONLY`] plies on, only recaptures.
    pub(super) fn qsearch(
        &mut self,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        pv_node: bool,
        qply: u32,
    ) -> i32 {
        self.stack[ply].pv.clear();
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
        if let Some(v) = self.ended_without_repetition(ply) {
            return v;
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
        if self.stack[ply].moves.is_empty() || (!check && self.pos.tables().captures_only) {
            return stand;
        }
        self.score_moves(ply, tt_move);
        let mut best = stand;
        let mut best_move = Move::NONE;
        let orig_alpha = alpha;
        let mut quiet_evasion_tried = false;
        // The square of the move that led here (none at the root, where quiescence never runs).
        let recapture_square = ply.checked_sub(1).map(|p| self.stack[p].played.to());
        for i in 0.. {
            let Some(m) = self.pick(ply, i) else {
                break;
            };
            if check && !is_tactical(&self.pos, m) {
                // Once a quiet evasion has shown the side is not mated, the other quiet
                // ones are left to the main search (with checks among the captures, the
                // evasions would otherwise grow the quiescence tree without bound).
                if quiet_evasion_tried && best > -MATE_BOUND {
                    continue;
                }
                quiet_evasion_tried = true;
            }
            if !check && qply >= QS_RECAPTURES_ONLY && Some(m.to()) != recapture_square {
                continue;
            }
            if !check {
                // Losing captures and captures that cannot raise alpha are skipped.
                if self.stack[ply].scores[i] < 0 {
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
            let score = self.child_q(alpha, beta, ply + 1, pv_node, qply + 1);
            self.unmake(m);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = m;
                    if pv_node {
                        let (head, tail) = self.stack.split_at_mut(ply + 1);
                        let dst = &mut head[ply].pv;
                        dst.clear();
                        dst.push(m);
                        dst.extend_from_slice(&tail[0].pv);
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
