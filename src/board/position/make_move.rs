//! Make-move and unmake-move: the board, hands, walls, castling and gating updated by a
//! move, the per-ply state computed once (key, checkers, counters) and restored from the
//! history on unmake, with an observer told of every piece placed or removed.

use super::{
    color_of, make_piece, type_of, BoardObserver, Piece, Position, State, TypeSet, EMPTY, WALL,
    WHITE_OO, WHITE_OOO,
};
use crate::board::bitboard::Bitboard;
use crate::board::geometry::Square;
use crate::board::moves::{Move, MoveKind};
use crate::color::Color;
use crate::variant::{EnclosingRule, WallingRule};
use std::sync::Arc;

impl<B: Bitboard> Position<B> {
    /// Moves the castling king and rook from `(king, rook)` squares to `(king, rook)` squares,
    /// with their promotion markers. Both are lifted before either is put down, because in
    /// Chess960 a destination may be the other piece's start square.
    fn relocate_castling_pair<O: BoardObserver>(
        &mut self,
        from: (Square, Square),
        to: (Square, Square),
        obs: &mut O,
    ) {
        let pieces = (self.board[from.0.index()], self.board[from.1.index()]);
        let promoted = (
            self.promoted_from[from.0.index()],
            self.promoted_from[from.1.index()],
        );
        self.remove_piece(from.0, obs);
        self.remove_piece(from.1, obs);
        self.promoted_from[from.0.index()] = 0;
        self.promoted_from[from.1.index()] = 0;
        self.put_piece(pieces.0, to.0, obs);
        self.put_piece(pieces.1, to.1, obs);
        self.promoted_from[to.0.index()] = promoted.0;
        self.promoted_from[to.1.index()] = promoted.1;
    }

    /// Plays `m` (a legal move from the generator). Undo with [`Position::unmake_move`].
    #[inline]
    pub fn make_move(&mut self, m: Move) {
        self.make_move_observed(m, &mut ());
    }

    /// [`Position::make_move`], reporting each change of the board and hands to `obs`.
    pub fn make_move_observed<O: BoardObserver>(&mut self, m: Move, obs: &mut O) {
        let t = Arc::clone(&self.t);
        let z = &t.zobrist;
        let us = self.stm;
        let them = !us;
        let from = m.from();
        let mut to = m.to();
        let kind = m.kind();
        self.history.push(self.st);
        let prev = self.st;
        let st = &mut self.st;
        st.last_move = m;
        st.rule50 += 1;
        if st.counting_limit != 0 {
            st.counting_ply += 1;
        }
        st.captured = EMPTY;
        st.captured_unpromoted = 0;
        st.moved_unpromoted = 0;
        st.hand_added = 0;
        st.walls_lifted = B::EMPTY;
        st.turn_goes_on = false;
        let mut k = st.key ^ z.side;
        // Clear e.p. squares.
        for sq in st.ep.iter() {
            k ^= z.ep[t.geo.file_of(sq) as usize];
        }
        st.ep = B::EMPTY;
        if let Some(sq) = st.lion_taker.take() {
            k ^= z.ep[t.geo.file_of(sq) as usize];
        }
        self.game_ply += 1;

        if kind == MoveKind::Special && from == to {
            // Pass (with `wallOrMove`, a wall instead of a move).
            if let Some(wall) = m.wall_square() {
                self.place_wall(wall, &mut k);
            }
            // A pass "by" a piece of `nMoveRuleTypes` (a pawn: it cannot step onto its own
            // square again) is irreversible, as in Fairy-Stockfish.
            let pc = self.board[from.index()];
            if pc != EMPTY && t.n_move_rule_types[us].has(type_of(pc)) {
                self.st.rule50 = 0;
            }
            self.st.key = k;
            self.stm = them;
            self.finish_move(None);
            return;
        }

        if kind == MoveKind::Drop {
            self.make_drop(m, k, obs);
            return;
        }
        if t.rules.moves.prisons {
            self.st.prison_added = 0;
            if kind == MoveKind::Exchange {
                self.make_exchange(m, k, obs);
                return;
            }
        }

        let pc = self.board[from.index()];
        let pt = type_of(pc);
        self.st.moved_piece = pc;
        // Castling rights lost by a piece taken on a multi-leg move's kill square.
        let mut kill_mask = 0;

        if kind == MoveKind::Castling {
            let rfrom = to;
            let (kto, rto) = t.castling_destinations(from, rfrom > from);
            let rook = self.board[rfrom.index()];
            self.relocate_castling_pair((from, rfrom), (kto, rto), obs);
            k ^= z.piece(pt, us, from) ^ z.piece(pt, us, kto);
            k ^= z.piece(type_of(rook), us, rfrom) ^ z.piece(type_of(rook), us, rto);
            to = kto;
        } else {
            if kind.is_multi_leg() {
                let (dk, mask) = self.make_kill(m, obs);
                k ^= dk;
                kill_mask = mask;
            }
            // Capture.
            let capsq = if kind == MoveKind::EnPassant {
                self.ep_capture_square(to, prev.ep)
            } else {
                to
            };
            let captured = self.board[capsq.index()];
            // `capsq == from`: a promotion in place (sittuyin) captures nothing.
            if captured != EMPTY && captured != WALL && capsq != from {
                self.st.captured = captured;
                self.st.captured_sq = capsq;
                self.st.captured_unpromoted = self.promoted_from[capsq.index()];
                self.promoted_from[capsq.index()] = 0;
                self.remove_piece(capsq, obs);
                // `them`'s piece, or with `selfCaptureTypes` one of our own.
                k ^= z.piece(type_of(captured), color_of(captured), capsq);
                self.st.rule50 = 0;
                if t.rules.moves.prisons {
                    // Into the captor's prison as the type it is (a promoted piece stays
                    // promoted there).
                    let ty = type_of(captured);
                    k ^= self.add_to_prison(ty, us);
                    self.st.prison_added = ty + 1;
                } else if t.rules.moves.captures_to_hand {
                    // A promoted piece goes back to the hand as what it was promoted from,
                    // unless `dropLoop` keeps it as it is.
                    let unpromoted = self.st.captured_unpromoted;
                    let ty = if unpromoted == 0 || t.rules.moves.drop_loop {
                        type_of(captured)
                    } else {
                        unpromoted - 1
                    };
                    k ^= self.add_to_hand(ty, us, obs);
                    self.st.hand_added = ty + 1;
                }
            }
            self.st.moved_unpromoted = self.promoted_from[from.index()];
            self.promoted_from[from.index()] = 0;
            if from != to {
                self.move_piece(from, to, obs);
            }
            self.promoted_from[to.index()] = self.st.moved_unpromoted;
            k ^= z.piece(pt, us, from) ^ z.piece(pt, us, to);

            match kind {
                MoveKind::PieceDemotion => {
                    let np = self.st.moved_unpromoted.wrapping_sub(1);
                    if (np as usize) < t.n_types {
                        self.remove_piece(to, obs);
                        self.put_piece(make_piece(np, us), to, obs);
                        self.promoted_from[to.index()] = 0;
                        k ^= z.piece(pt, us, to) ^ z.piece(np, us, to);
                    }
                }
                MoveKind::Promotion | MoveKind::PiecePromotion | MoveKind::MultiLegPromotion => {
                    let np = if kind == MoveKind::Promotion {
                        m.piece()
                    } else {
                        t.promoted_type[pt as usize].unwrap_or(pt)
                    };
                    self.remove_piece(to, obs);
                    self.put_piece(make_piece(np, us), to, obs);
                    // Both kinds remember the promoting type: a captured promoted piece
                    // goes to the hand as that type (`capturesToHand`).
                    self.promoted_from[to.index()] = pt + 1;
                    k ^= z.piece(pt, us, to) ^ z.piece(np, us, to);
                    // A promotion that can be undone (pieceDemotion) is not irreversible.
                    if kind == MoveKind::Promotion || !t.rules.moves.piece_demotion {
                        self.st.rule50 = 0;
                    }
                    // `prisonPromotion`: the new piece comes out of the opponent's prison and
                    // the pawn goes in.
                    if kind == MoveKind::Promotion && t.rules.moves.prison_promotion {
                        k ^= self.remove_from_prison(np, them);
                        k ^= self.add_to_prison(pt, them);
                    }
                }
                _ => {}
            }
            if Some(pt) == t.pawn && kind != MoveKind::Promotion && kind != MoveKind::PiecePromotion
            {
                self.st.rule50 = 0;
                // E.p. squares after a double or triple step.
                let ranks_moved = (t.geo.rank_of(to) as i32 - t.geo.rank_of(from) as i32).abs();
                if t.geo.file_of(to) == t.geo.file_of(from)
                    && (ranks_moved == 2 || ranks_moved == 3)
                {
                    let dir: i32 = us.sign();
                    // The squares passed: one after a double step, two after a triple.
                    for back in 1..ranks_moved {
                        let Some(sq) = t.geo.offset(to, 0, -dir * back) else {
                            continue;
                        };
                        if !t.ep_region[them].contains(sq) {
                            continue;
                        }
                        let pawn_attackers = t.pieces[pt as usize].capture[us].get(sq, B::EMPTY)
                            & self.pieces_of(pt, them);
                        let other_types = TypeSet(t.ep_types[them].0 & !(1u64 << pt));
                        if pawn_attackers.any() || !other_types.is_empty() {
                            self.st.ep = self.st.ep.with(sq);
                            k ^= z.ep[t.geo.file_of(to) as usize];
                        }
                    }
                }
            } else if kind == MoveKind::Normal {
                let ptab = &t.pieces[pt as usize];
                let init_only =
                    ptab.initial[us].empty_board(from) & !ptab.quiet[us].empty_board(from);
                if init_only.contains(to) {
                    let between = t.lines.between(from, to).with(to);
                    self.st.ep = between & t.ep_region[them];
                    for sq in self.st.ep.iter() {
                        k ^= z.ep[t.geo.file_of(sq) as usize];
                    }
                }
                if t.n_move_rule_types[us].has(pt) && !ptab.quiet[us].empty_board(to).contains(from)
                {
                    self.st.rule50 = 0;
                }
            }
        }

        // Castling rights.
        if self.st.castling != 0 {
            let mask =
                self.castling_mask[from.index()] | self.castling_mask[m.to().index()] | kill_mask;
            if mask != 0 {
                k ^= z.castling[self.st.castling as usize];
                self.st.castling &= !mask;
                if t.rules.moves.opposite_castling && kind == MoveKind::Castling {
                    let kingside = m.to() > from;
                    let side = if kingside { WHITE_OO } else { WHITE_OOO };
                    self.st.castling &= !(side << (2 * them.index()));
                }
                k ^= z.castling[self.st.castling as usize];
            }
        }

        // A piece gated from the hand (S-chess).
        if m.is_gating() {
            let gate = m.gating_square();
            let gt = m.piece();
            self.put_piece(make_piece(gt, us), gate, obs);
            k ^= self.remove_from_hand(gt, us, obs);
            k ^= z.piece(gt, us, gate);
            if self.st.gates[us].contains(gate) {
                self.st.gates[us] ^= B::square(gate);
                k ^= z.gate(us, gate);
            }
        }

        // Gates (Cambodian first moves, S-chess gating rights).
        if t.rules.moves.gating {
            if self.st.gates[us].contains(from) {
                self.st.gates[us] ^= B::square(from);
                k ^= z.gate(us, from);
            }
            if kind == MoveKind::Castling && self.st.gates[us].contains(m.to()) {
                self.st.gates[us] ^= B::square(m.to());
                k ^= z.gate(us, m.to());
            }
            // The captured piece's gate goes with it (ours, after a self-capture).
            let captured = self.st.captured;
            let owner = if captured != EMPTY && color_of(captured) == us {
                us
            } else {
                them
            };
            if self.st.gates[owner].contains(to) {
                self.st.gates[owner] ^= B::square(to);
                k ^= z.gate(owner, to);
            }
        }
        if t.rules.moves.seirawan_gating
            && self.hand_count(us) == 0
            && !t.rules.moves.captures_to_hand
        {
            // Nothing left to gate: the rights lapse.
            for sq in self.st.gates[us].iter() {
                k ^= z.gate(us, sq);
            }
            self.st.gates[us] = B::EMPTY;
        }
        if t.rules.moves.cambodian_moves && Some(pt) == t.rook {
            if let Some(ksq) = self.king_square(them) {
                if self.st.gates[them].contains(ksq) && t.rook_empty[to.index()].contains(ksq) {
                    self.st.gates[them] ^= B::square(ksq);
                    k ^= z.gate(them, ksq);
                }
            }
        }

        if self.st.captured != EMPTY && self.has_capture_effects() {
            self.apply_capture_effects(to, pt, &mut k, obs);
        }
        let burnt = !t.rules.captures.burn.is_empty() && self.apply_burns(to, pt, us, &mut k, obs);
        if let Some(wall) = m.wall_square() {
            self.place_wall(wall, &mut k);
        }
        if t.flip != EnclosingRule::None {
            self.flip_enclosed(to, false, &mut k, obs);
        }
        if !t.lions.is_empty() && self.took_lion_with_other_piece(pt) {
            self.st.lion_taker = Some(to);
            k ^= z.ep[t.geo.file_of(to) as usize];
        }

        self.st.key = k;
        self.stm = them;
        // A one-step move changed `from` and `to` only; castling, e.p., multi-leg and gating
        // moves change more squares.
        let one_step = kind.is_one_step() && !m.is_gating() && m.wall_square().is_none() && !burnt;
        self.finish_move(one_step.then_some((Some(from), to)));
    }

    /// Whether the move just made (by a piece of type `mover`, as it was before the move)
    /// took a lion with a piece that is not one: Chu Shogi's lion-trading rule then bars
    /// every piece but a lion from taking a lion on the next move.
    fn took_lion_with_other_piece(&self, mover: u8) -> bool {
        let lions = &self.t.lions;
        // An enemy lion (a self-capture of one's own lion restricts nobody).
        let side = color_of(self.st.moved_piece);
        let is_lion =
            |pc: Piece| pc != EMPTY && lions.contains(type_of(pc)) && color_of(pc) != side;
        !lions.contains(mover)
            && (is_lion(self.st.captured)
                || (self.st.last_move.kind().is_multi_leg()
                    && self.killed.last().is_some_and(|k| is_lion(k.piece))))
    }

    /// The rest of [`Position::make_move`] for a drop; `k` is the key so far.
    #[inline(never)]
    fn make_drop<O: BoardObserver>(&mut self, m: Move, mut k: u64, obs: &mut O) {
        let us = self.stm;
        let to = m.to();
        let hand_type = m.piece();
        let placed = self.dropped_type(m);
        let pc = make_piece(placed, us);
        self.st.moved_piece = pc;
        self.put_piece(pc, to, obs);
        self.promoted_from[to.index()] = if placed != hand_type {
            hand_type + 1
        } else {
            0
        };
        k ^= self.remove_from_hand(hand_type, us, obs);
        self.finish_drop(placed, to, k, obs);
    }

    /// The rest of [`Position::make_move`] for a hostage exchange (see
    /// [`MoveKind::Exchange`]); `k` is the key so far.
    #[inline(never)]
    fn make_exchange<O: BoardObserver>(&mut self, m: Move, mut k: u64, obs: &mut O) {
        let us = self.stm;
        let them = !us;
        let to = m.to();
        let (rescued, ransom) = (m.piece(), m.ransom());
        let pc = make_piece(rescued, us);
        self.st.moved_piece = pc;
        self.put_piece(pc, to, obs);
        self.promoted_from[to.index()] = 0;
        k ^= self.remove_from_prison(rescued, them);
        k ^= self.remove_from_prison(ransom, us);
        k ^= self.add_to_hand(ransom, them, obs);
        self.finish_drop(rescued, to, k, obs);
    }

    /// Takes back what `m` (not a drop) did to the prisons and airfields, `st` being the state
    /// it led to: an exchange's piece, prisoner and ransom, a capture's prisoner, a
    /// promotion's swap with the opponent's prison. `self.stm` is the mover again.
    #[inline(never)]
    fn unmake_prisons<O: BoardObserver>(&mut self, m: Move, st: &State<B>, obs: &mut O) {
        let us = self.stm;
        match m.kind() {
            MoveKind::Exchange => {
                self.remove_piece(m.to(), obs);
                let _ = self.remove_from_hand(m.ransom(), !us, obs);
                let _ = self.add_to_prison(m.ransom(), us);
                let _ = self.add_to_prison(m.piece(), !us);
                return;
            }
            MoveKind::Promotion if self.t.rules.moves.prison_promotion => {
                let _ = self.remove_from_prison(type_of(st.moved_piece), !us);
                let _ = self.add_to_prison(m.piece(), !us);
            }
            _ => {}
        }
        if st.prison_added != 0 {
            let _ = self.remove_from_prison(st.prison_added - 1, us);
        }
    }

    /// The end of a drop or an exchange, once the `placed` piece stands on `to` and the key
    /// `k` has the hand and prison changes.
    fn finish_drop<O: BoardObserver>(&mut self, placed: u8, to: Square, mut k: u64, obs: &mut O) {
        let us = self.stm;
        k ^= self.t.zobrist.piece(placed, us, to);
        self.st.rule50 = 0;
        if self.t.rules.moves.castling_dropped_piece {
            k ^= self.castling_after_drop(placed, to);
        }
        if self.t.flip != EnclosingRule::None {
            self.flip_enclosed(to, true, &mut k, obs);
        }
        self.st.key = k;
        self.stm = !us;
        self.finish_move(Some((None, to)));
    }

    /// `castlingDroppedPiece` (placement): a king dropped on its castling square, or a rook
    /// dropped in a corner of the castling rank with the king in place, gives the castling
    /// rights with the rooks already there. Returns the zobrist change.
    fn castling_after_drop(&mut self, placed: u8, to: Square) -> u64 {
        let t = Arc::clone(&self.t);
        let us = self.stm;
        let geo = t.geo;
        let rank = self.castling_rank(us);
        if geo.rank_of(to) != rank {
            return 0;
        }
        let old = self.st.castling;
        let king_file = t.rules.moves.castling_king_file;
        let corners = t.files[0] | t.files[geo.files() as usize - 1];
        let king_sq = geo.square(king_file, rank);
        if Some(placed) == t.castling_king[us] && geo.file_of(to) == king_file {
            self.castling_king_sq[us] = Some(to);
            let rooks = self.by_color[us] & t.ranks[rank as usize] & corners;
            for sq in rooks.iter() {
                if t.castling_rooks[us].has(type_of(self.board[sq.index()])) {
                    self.set_castling_right(us, sq);
                }
            }
        } else if t.castling_rooks[us].has(placed) && corners.contains(to) {
            let king_there = match (t.castling_king[us], king_sq) {
                (Some(k), Some(sq)) => self.board[sq.index()] == make_piece(k, us),
                _ => false,
            };
            if king_there {
                self.castling_king_sq[us] = king_sq;
                self.set_castling_right(us, to);
            }
        }
        let z = &t.zobrist;
        z.castling[old as usize] ^ z.castling[self.st.castling as usize]
    }

    /// Puts the wall of a walling move on `wall`; the duck (`wallingRule = duck`) is lifted
    /// from where it stood first (every wall, as Fairy-Stockfish), into `st.walls_lifted`.
    fn place_wall(&mut self, wall: Square, k: &mut u64) {
        let z = &self.t.zobrist;
        if self.t.walling == WallingRule::Duck {
            for sq in self.walls.iter() {
                self.board[sq.index()] = EMPTY;
                *k ^= z.wall[sq.index()];
            }
            self.occ &= !self.walls;
            self.st.walls_lifted = self.walls;
            self.walls = B::EMPTY;
        }
        self.board[wall.index()] = WALL;
        self.walls = self.walls.with(wall);
        self.occ = self.occ.with(wall);
        *k ^= z.wall[wall.index()];
    }

    /// Takes back [`Position::place_wall`]: the wall on `wall` goes, the `lifted` ones return.
    fn lift_wall(&mut self, wall: Square, lifted: B) {
        self.board[wall.index()] = EMPTY;
        self.walls = self.walls.without(wall);
        self.occ = self.occ.without(wall);
        for sq in lifted.iter() {
            self.board[sq.index()] = WALL;
        }
        self.walls |= lifted;
        self.occ |= lifted;
    }

    /// Updates what depends on the new position: checkers, check counting, pseudo-royals.
    /// `changed`: for a one-step move or a drop, the square it emptied (none for a drop) and
    /// the square it filled.
    fn finish_move(&mut self, changed: Option<(Option<Square>, Square)>) {
        let waited_safe = self
            .history
            .last()
            .is_some_and(|prev| prev.waiting_side_safe);
        self.st.checkers = match changed {
            Some((from, to)) if waited_safe && self.t.quick_checks => self.checkers_after(from, to),
            _ => self.compute_checkers(),
        };
        self.st.waiting_side_safe = self.t.quick_checks;
        if self.t.rules.checks.check_counting && self.st.checkers.any() {
            let us = !self.stm;
            let z = &self.t.zobrist;
            let old = self.st.checks_remaining[us];
            if old > 0 {
                self.st.key ^=
                    z.checks[us][old.min(15) as usize] ^ z.checks[us][(old - 1).min(15) as usize];
                self.st.checks_remaining[us] = old - 1;
            }
        }
        if self.t.rules.end.pseudo_royal {
            self.st.pseudo_royals = self.compute_pseudo_royals();
        }
        if self.t.rules.moves.counting {
            self.update_counting();
        }
        if self.t.rules.turns.is_some() {
            self.advance_turn();
        }
    }

    /// Turns of several moves: after a move (the side already switched), either the mover's
    /// turn goes on (it moves again: the side switches back, its e.p. squares go, which only
    /// the opponent could use) or the turn ends. A check ends it where `checkEndsTurn` says
    /// so. The key holds the number of moves left in the turn.
    #[inline(never)]
    fn advance_turn(&mut self) {
        let t = Arc::clone(&self.t);
        let Some(turns) = &t.rules.turns else {
            return;
        };
        let z = &t.zobrist;
        let st = &mut self.st;
        let length = turns.moves_in(st.turn);
        let mut k = st.key ^ turns.key(z, st.turn, st.turn_part);
        let part = st.turn_part + 1;
        let check = st.checkers.any();
        if part < length && !(turns.check_ends_turn && check) {
            st.turn_part = part;
            st.turn_goes_on = true;
            k ^= z.side;
            for sq in st.ep.iter() {
                k ^= z.ep[t.geo.file_of(sq) as usize];
            }
            st.ep = B::EMPTY;
            // Likewise Chu Shogi's lion-trading limit binds the opponent's next move only.
            if let Some(sq) = st.lion_taker.take() {
                k ^= z.ep[t.geo.file_of(sq) as usize];
            }
            self.stm = !self.stm;
        } else {
            st.turn += 1;
            st.turn_part = 0;
        }
        let st = &mut self.st;
        k ^= turns.key(z, st.turn, st.turn_part);
        st.key = k;
        if st.turn_goes_on {
            // The mover's own king: the opponent did not move, but the mover's own move may
            // not have left it safe to test from the changed squares alone.
            self.st.checkers = self.compute_checkers();
            self.st.waiting_side_safe = false;
        }
    }

    /// Takes back the last move made with [`Position::make_move`].
    #[inline]
    pub fn unmake_move(&mut self, m: Move) {
        self.unmake_move_observed(m, &mut ());
    }

    /// [`Position::unmake_move`], reporting each change of the board and hands to `obs`.
    pub fn unmake_move_observed<O: BoardObserver>(&mut self, m: Move, obs: &mut O) {
        let Some(prev) = self.history.pop() else {
            return;
        };
        let st = self.st;
        if !st.turn_goes_on {
            self.stm = !self.stm;
        }
        self.game_ply -= 1;
        let us = self.stm;
        let from = m.from();
        let to = m.to();
        let kind = m.kind();
        if kind == MoveKind::Special && from == to {
            if let Some(wall) = m.wall_square() {
                self.lift_wall(wall, st.walls_lifted);
            }
            self.st = prev;
            return;
        }
        if self.t.flip != EnclosingRule::None {
            self.unflip(obs);
        }
        if kind == MoveKind::Drop {
            self.remove_piece(to, obs);
            self.promoted_from[to.index()] = 0;
            let _ = self.add_to_hand(m.piece(), us, obs);
            self.st = prev;
            return;
        }
        if self.t.rules.moves.prisons {
            self.unmake_prisons(m, &st, obs);
            if kind == MoveKind::Exchange {
                self.st = prev;
                return;
            }
        }
        if let Some(wall) = m.wall_square() {
            self.lift_wall(wall, st.walls_lifted);
        }
        if st.hand_added != 0 {
            let _ = self.remove_from_hand(st.hand_added - 1, us, obs);
        }
        if m.is_gating() {
            let gate = m.gating_square();
            self.remove_piece(gate, obs);
            let _ = self.add_to_hand(m.piece(), us, obs);
        }
        if !self.blasts.is_empty() {
            self.undo_capture_effects(self.history.len() as u32 + 1, obs);
        }
        if kind == MoveKind::Castling {
            let (kto, rto) = self.t.castling_destinations(from, to > from);
            self.relocate_castling_pair((kto, rto), (from, to), obs);
        } else {
            if matches!(
                kind,
                MoveKind::Promotion
                    | MoveKind::PiecePromotion
                    | MoveKind::PieceDemotion
                    | MoveKind::MultiLegPromotion
            ) {
                self.remove_piece(to, obs);
                self.put_piece(st.moved_piece, to, obs);
            }
            if from != to {
                self.move_piece(to, from, obs);
            }
            self.promoted_from[to.index()] = 0;
            self.promoted_from[from.index()] = st.moved_unpromoted;
            if st.captured != EMPTY {
                self.put_piece(st.captured, st.captured_sq, obs);
                self.promoted_from[st.captured_sq.index()] = st.captured_unpromoted;
            }
            if kind.is_multi_leg() {
                self.unmake_kill(us, obs);
            }
        }
        let _ = us;
        self.st = prev;
    }

    /// The square of the piece an e.p. capture to `to` removes (Fairy-Stockfish's
    /// `capture_square`): a marked e.p. piece if any, else the nearest enemy piece behind `to`.
    pub(crate) fn ep_capture_square(&self, to: Square, ep: B) -> Square {
        let custom = ep & self.occ;
        if custom.any() {
            return if self.stm == Color::White {
                custom.lsb()
            } else {
                custom.msb()
            };
        }
        let file = self.t.files[self.t.geo.file_of(to) as usize];
        let them = self.pieces(!self.stm) & file;
        let below = if self.stm == Color::White {
            them & !(B::ALL << to.index() as u32)
        } else {
            them & (B::ALL << (to.index() as u32 + 1).min(B::BITS - 1)) & !B::square(to)
        };
        if below.is_empty() {
            return to;
        }
        if self.stm == Color::White {
            below.msb()
        } else {
            below.lsb()
        }
    }
}
