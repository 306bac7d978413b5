//! Legal move generation, following Fairy-Stockfish's rules so that perft numbers agree:
//! pseudo-legal moves from the piece tables and the variant's pawn, promotion, e.p., castling
//! and special-move rules, then a legality test per move ([`Position::legal`]) that checks the
//! royal piece (and pseudo-royal pieces, with duple check) after the move.
//!
//! This module generates the moves of pieces on the board; drops and gating are in [`drops`],
//! walls in [`walls`], the legality test in [`legality`] and the text of moves in each
//! protocol's dialect in [`notation`].

mod drops;
mod legality;
mod notation;
mod range_capture;
mod walls;

use crate::color::Color;
use legality::LegalCtx;

use crate::board::bitboard::Bitboard;
use crate::board::geometry::Square;
use crate::board::moves::{Move, MoveKind, MoveList};
use crate::board::position::{cr_index, make_piece, Position, EMPTY, WHITE_OO, WHITE_OOO};
use crate::variant::WallingRule;

/// The legality test of the moves [`Position::search_moves`] generated: what it needs to
/// know about the position (king, checkers, lines to the royals), computed once per list.
#[derive(Clone, Copy, Debug)]
pub struct LegalTest<B>(LegalCtx<B>);

impl<B: Bitboard> Position<B> {
    /// Every legal move (none when the game is over by a variant rule that stops play, as in
    /// Fairy-Stockfish).
    pub fn legal_moves(&self, list: &mut MoveList) {
        if let Some(test) = self.search_moves(list) {
            list.retain(|&m| self.is_legal_by(m, &test));
        }
    }

    /// The moves a search walks: the pseudo-legal moves, with the legality test
    /// ([`Position::is_legal_by`]) the search applies to each move when it comes to it, so
    /// that a cutoff spares the tests of the moves after it. `None` when `list` holds the legal
    /// moves already: where one move's legality depends on the others (capture obligations,
    /// forced drops, walls), the whole filter runs here. The legal moves come in the order
    /// [`Position::legal_moves`] gives them either way.
    pub fn search_moves(&self, list: &mut MoveList) -> Option<LegalTest<B>> {
        list.clear();
        if self.is_immediate_game_end() {
            return None;
        }
        let checkers = self.checkers();
        self.generate_pseudo(list, checkers.any());
        let walling = self.t.walling != WallingRule::None;
        // Where a wall may shield a pseudo-royal piece (atomicduck), each wall square is its
        // own move to test: walls go on before the legality filter.
        let walls_first = walling && self.t.rules.end.pseudo_royal;
        if walls_first {
            self.add_walls(list);
        }
        let test = LegalTest(LegalCtx::new(self, checkers));
        let must_drop = self.t.rules.moves.must_drop;
        if !self.has_obligations() && !must_drop && !walling {
            return Some(test);
        }
        list.retain(|&m| self.is_legal_by(m, &test));
        if self.has_obligations() {
            self.apply_obligations(list);
        }
        if must_drop {
            self.apply_must_drop(list);
        }
        if walling && !walls_first {
            self.add_walls(list);
        }
        None
    }

    /// Whether a move of the list [`Position::search_moves`] filled, with the `test` it
    /// returned, is legal.
    #[inline]
    pub fn is_legal_by(&self, m: Move, test: &LegalTest<B>) -> bool {
        let ctx = &test.0;
        // Most moves: not in check, one step of a non-royal piece off every line to the king.
        if ctx.quick
            && m.kind().is_one_step()
            && !ctx.exposing.contains(m.from())
            && !(ctx.hoppers && ctx.sensitive.contains(m.to()))
        {
            return true;
        }
        if m.kind() == MoveKind::Drop {
            return self.legal_drop(m, ctx);
        }
        if ctx.sittuyin && m.kind() == MoveKind::Promotion {
            // A sittuyin promotion may not give check.
            return self.legal_with(m, ctx) && !self.gives_check(m);
        }
        self.legal_with(m, ctx)
    }

    /// The number of legal moves (perft's bulk count at the last ply): the moves of
    /// [`Position::legal_moves`], counted without writing the list twice.
    pub fn legal_move_count(&self, list: &mut MoveList) -> usize {
        match self.search_moves(list) {
            Some(test) => list.iter().filter(|&&m| self.is_legal_by(m, &test)).count(),
            None => list.len(),
        }
    }

    /// Pseudo-legal moves. `in_check` drops the moves Fairy-Stockfish does not generate
    /// while in check (castling, the Cambodian king leap).
    pub fn generate_pseudo(&self, list: &mut MoveList, in_check: bool) {
        self.generate_table_moves(list, in_check);
        if !self.t.walker_types.is_empty() {
            self.generate_walker_moves(list);
        }
    }

    /// [`Position::generate_pseudo`] but for the walker components.
    fn generate_table_moves(&self, list: &mut MoveList, in_check: bool) {
        let t = &*self.t;
        let us = self.stm;
        let occ = self.occ;
        let enemies = self.capturable_enemies();
        let self_capturers = t.rules.captures.self_capture;
        let empty = !occ;

        for ty in 0..t.n_types as u8 {
            let mut bb = self.pieces_of(ty, us);
            if bb.is_empty() {
                continue;
            }
            if Some(ty) == t.pawn {
                let victims = self.capture_victims(self_capturers.has(ty), enemies);
                self.generate_pawn_moves(list, ty, victims);
                continue;
            }
            let pt = &t.pieces[ty as usize];
            let region = self.board_bb(ty, us);
            if t.plain_types[us].has(ty) {
                // The same moves as the loop below gives, without the rules that do not apply.
                // A rule added to that loop must take its types out of `plain_types` too
                // (`Tables::plain_type_set`).
                let targets = region & (enemies | empty);
                for from in bb.iter() {
                    for to in (pt.capture[us].get(from, occ) & targets).iter() {
                        list.push(Move::normal(from, to));
                    }
                }
                continue;
            }
            let promo_pawn = t.promotion_pawn_types[us].has(ty);
            let ep_type = t.ep_types[us].has(ty) && self.st.ep.any();
            let soldier = Some(ty) == t.soldier;
            let shogi_promotions = t.promoted_type[ty as usize].is_some() || t.demotions;
            let palace = t.palace.as_ref().filter(|p| p.kind(ty).is_some());
            let victims = self.capture_victims(self_capturers.has(ty), enemies);
            let range_capturer = t.rules.captures.range_capture.has(ty);
            while bb.any() {
                let from = bb.pop_lsb();
                let mut region = region;
                if soldier && !t.soldier_zone[us].contains(from) {
                    region &= t.files[t.geo.file_of(from) as usize];
                }
                let attacks = pt.capture[us].get(from, occ) & region;
                let mut quiets = if pt.same_reach {
                    attacks
                } else {
                    pt.quiet[us].get(from, occ)
                };
                if t.double_step[us].contains(from) && !pt.initial[us].is_none() {
                    quiets |= pt.initial[us].get(from, occ);
                }
                let mut quiets = quiets & region;
                let mut attacks = attacks;
                if Some(ty) == t.janggi_cannon {
                    // Neither over nor onto a janggi cannon.
                    let cannons = self.by_type[ty as usize];
                    let clear = pt.capture[us].get(from, occ & !cannons) & !cannons;
                    attacks &= clear;
                    quiets &= clear;
                }
                if range_capturer {
                    attacks |= self.range_capture_targets(ty, from, us) & region;
                }
                if let Some(pal) = palace.filter(|p| p.lines.contains(from)) {
                    let d = self.palace_reach(pal, ty, us, from) & self.board_bb(ty, us);
                    attacks |= d;
                    quiets |= d;
                }
                let mut b = (attacks & victims) | (quiets & empty);
                // As `push_targets` does; written out here, where a call changes how the
                // compiler lays out the hottest loop of move generation (measured).
                if shogi_promotions {
                    self.piece_promotions(list, ty, from, &mut b);
                }
                if promo_pawn {
                    let promos = b & t.promotion_region[us];
                    if promos.any() {
                        if t.rules.moves.mandatory_pawn_promotion {
                            b &= !promos;
                        }
                        for &pt2 in &t.promotion_types[us] {
                            let lim = t.promotion_limit[pt2 as usize];
                            if (lim == 0 || lim > self.count(pt2, us)) && self.promotes_to(pt2, us)
                            {
                                for to in promos.iter() {
                                    list.push(Move::new(from, to, MoveKind::Promotion, pt2));
                                }
                            }
                        }
                    }
                }
                for to in b.iter() {
                    list.push(Move::normal(from, to));
                }
                if ep_type {
                    let eps = attacks & !quiets & self.st.ep & empty;
                    for to in eps.iter() {
                        if self.ep_may_take(self.ep_capture_square(to, self.st.ep)) {
                            list.push(Move::new(from, to, MoveKind::EnPassant, 0));
                        }
                    }
                }
            }
        }

        if t.piece_drops && (self.hand_count(us) > 0 || t.free_drops) {
            self.generate_drops(list);
        }
        if t.rules.moves.prisons {
            self.generate_exchanges(list);
        }

        // Castling.
        if !in_check && self.st.castling & (3 << (2 * us.index())) != 0 {
            let from = match t.king.and_then(|_| self.king_square(us)) {
                Some(k) => Some(k),
                None => self.castling_king_sq[us],
            };
            if let Some(from) = from {
                for cr in [WHITE_OO << (2 * us.index()), WHITE_OOO << (2 * us.index())] {
                    let i = cr_index(cr);
                    if self.st.castling & cr != 0 && (occ & self.castling_path[i]).is_empty() {
                        list.push(Move::new(
                            from,
                            self.castling_rook_sq[i],
                            MoveKind::Castling,
                            0,
                        ));
                    }
                }
            }
        }

        if t.pass[us] {
            self.generate_pass(list);
        }
        if t.wall_or_move && t.walling != WallingRule::None {
            // `wallOrMove`: a wall instead of a move is a null move of the side's first piece
            // (Fairy-Stockfish's encoding) that `add_walls` gives its walls.
            let own = self.by_color[us];
            if own.any() {
                list.push(Move::pass(own.lsb()));
            }
        }

        // Cambodian first moves.
        if t.rules.moves.cambodian_moves && self.st.gates[us].any() {
            let target = !self.by_color[us] & !self.walls & t.board & empty;
            if !in_check {
                if let Some(ksq) = self.king_square(us) {
                    if self.st.gates[us].contains(ksq) {
                        let up = us.sign();
                        if let Some(front) = t.geo.offset(ksq, 0, up) {
                            let rank = t.ranks[t.geo.rank_of(front) as usize];
                            let b = t.knight[ksq.index()] & rank & target;
                            for to in b.iter() {
                                list.push(Move::new(ksq, to, MoveKind::Special, 0));
                            }
                        }
                    }
                }
            }
            if let Some(fers) = t.fers {
                let up = if us == Color::White { 2 } else { -2 };
                for from in (self.pieces_of(fers, us) & self.st.gates[us]).iter() {
                    if let Some(to) = t.geo.offset(from, 0, up) {
                        if target.contains(to) {
                            list.push(Move::new(from, to, MoveKind::Special, 0));
                        }
                    }
                }
            }
        }
        if t.rules.moves.seirawan_gating && self.st.gates[us].any() && self.hand_count(us) > 0 {
            self.generate_gating(list);
        }
    }

    /// `prisonPromotion`: whether a pawn of `us` may promote to `ty`, held in the opponent's
    /// prison (always, without the rule).
    #[inline(always)]
    fn promotes_to(&self, ty: u8, us: Color) -> bool {
        !self.t.rules.moves.prison_promotion || self.in_prison(ty, !us) > 0
    }

    /// The moves of the `ty` piece on `from` to the squares `b`: promotions where the
    /// variant has them (`shogi_promotions`: the type promotes or demotes shogi-style;
    /// `promo_pawn`: it promotes like a pawn), plain moves to the rest.
    fn push_targets(
        &self,
        list: &mut MoveList,
        ty: u8,
        from: Square,
        mut b: B,
        shogi_promotions: bool,
        promo_pawn: bool,
    ) {
        let t = &*self.t;
        let us = self.stm;
        if shogi_promotions {
            self.piece_promotions(list, ty, from, &mut b);
        }
        if promo_pawn {
            let promos = b & t.promotion_region[us];
            if promos.any() {
                if t.rules.moves.mandatory_pawn_promotion {
                    b &= !promos;
                }
                for &pt2 in &t.promotion_types[us] {
                    let lim = t.promotion_limit[pt2 as usize];
                    if (lim == 0 || lim > self.count(pt2, us)) && self.promotes_to(pt2, us) {
                        for to in promos.iter() {
                            list.push(Move::new(from, to, MoveKind::Promotion, pt2));
                        }
                    }
                }
            }
        }
        for to in b.iter() {
            list.push(Move::normal(from, to));
        }
    }

    /// The moves of the side to move's pieces with walker components, after their table
    /// moves are in `list`: multi-leg moves, and plain moves the tables do not give (with
    /// the same promotions as those).
    #[inline(never)]
    fn generate_walker_moves(&self, list: &mut MoveList) {
        let t = &*self.t;
        let us = self.stm;
        let mut board = None;
        for ty in t.walker_types.iter() {
            let pieces = self.pieces_of(ty, us);
            if pieces.is_empty() || Some(ty) == t.pawn {
                continue;
            }
            let region = self.board_bb(ty, us);
            let shogi_promotions = t.promoted_type[ty as usize].is_some() || t.demotions;
            let promo_pawn = t.promotion_pawn_types[us].has(ty);
            let Some(w) = t.walkers[ty as usize].as_ref() else {
                continue;
            };
            for from in pieces.iter() {
                let table_moves = list.len();
                let mut b = B::EMPTY;
                if let Some(chains) = w.chains.as_ref() {
                    self.chain_moves(chains, from, region, table_moves, &mut b, list);
                }
                if !w.piece.components.is_empty() {
                    if board.is_none() {
                        board = self.walker_board_to_move();
                    }
                    let Some(board) = board.as_ref() else { return };
                    self.walker_moves(ty, from, board, region, table_moves, &mut b, list);
                }
                if shogi_promotions {
                    self.multi_leg_promotions(list, ty, from, table_moves);
                }
                for m in &list.as_slice()[..table_moves] {
                    if m.from() == from && m.kind().is_one_step() {
                        b &= !B::square(m.to());
                    }
                }
                self.push_targets(list, ty, from, b, shogi_promotions, promo_pawn);
            }
        }
    }

    /// Whether the piece of type `ty` on `from` has a promotion (`promotedPieceType`, within
    /// `promotionLimit`; with Chu Shogi's rules, not if it was promoted already).
    fn may_promote(&self, ty: u8, from: Square) -> bool {
        let t = &*self.t;
        t.promoted_type[ty as usize].is_some_and(|np| {
            let lim = t.promotion_limit[np as usize];
            lim == 0 || lim > self.count(np, self.stm)
        }) && !(t.rules.moves.chu_promotion && self.promoted_from[from.index()] != 0)
    }

    /// Shogi-style promotions of the multi-leg moves `list[start..]` of the piece on `from`
    /// (Tenjiku Shogi's lion, horned falcon and soaring eagle promote): each such move also
    /// promoting, by the rule a one-step move follows. With Chu Shogi's rules a move into
    /// the zone may promote, a move from inside it only when it captures (on its kill square
    /// or at its end); otherwise a move into, inside or out of the zone (only a capture with
    /// `piecePromotionOnCapture`). Never forced: no piece with such moves can get stuck.
    fn multi_leg_promotions(&self, list: &mut MoveList, ty: u8, from: Square, start: usize) {
        if !self.may_promote(ty, from) {
            return;
        }
        let t = &*self.t;
        let rules = &t.rules.moves;
        let zone = t.promotion_region[self.stm];
        let from_in_zone = zone.contains(from);
        for i in start..list.len() {
            let m = list.as_slice()[i];
            if m.kind() != MoveKind::MultiLeg || m.from() != from {
                continue;
            }
            let to = m.to();
            let captures =
                self.occ.contains(m.kill_square()) || (to != from && self.occ.contains(to));
            let allowed = if rules.chu_promotion {
                if from_in_zone {
                    captures
                } else {
                    zone.contains(to)
                }
            } else {
                (from_in_zone || zone.contains(to))
                    && (captures || !rules.piece_promotion_on_capture)
            };
            if allowed {
                list.push(m.promoting_legs());
            }
        }
    }

    /// Shogi-style promotions and demotions of the piece on `from` to the squares `b` it
    /// reaches, as Fairy-Stockfish generates them: a move into, inside or out of the
    /// promotion zone may promote (`promotedPieceType`, within `promotionLimit`) or, for a
    /// promoted piece with `pieceDemotion`, demote; `piecePromotionOnCapture` only on
    /// captures. With `mandatoryPiecePromotion` the plain moves that could promote go from `b`.
    #[inline(never)]
    fn piece_promotions(&self, list: &mut MoveList, ty: u8, from: Square, b: &mut B) {
        let t = &*self.t;
        let us = self.stm;
        let rules = &t.rules.moves;
        let can_promote = self.may_promote(ty, from);
        let can_demote = rules.piece_demotion && self.promoted_from[from.index()] != 0;
        if !can_promote && !can_demote {
            return;
        }
        let zone = t.promotion_region[us];
        let from_in_zone = zone.contains(from);
        let mut targets = *b;
        if rules.mandatory_piece_promotion {
            let mut keep = if from_in_zone { B::EMPTY } else { !zone };
            if rules.piece_promotion_on_capture {
                keep |= !self.occ;
            }
            *b &= keep;
        }
        if rules.piece_promotion_on_capture {
            targets &= self.occ;
        }
        if rules.chu_promotion && from_in_zone {
            let piece = &t.pieces[ty as usize];
            let dead_end = |to: Square| (piece.quiet[us].empty_board(to) & t.board).is_empty();
            let mut allowed = targets & self.occ;
            for to in (targets & !self.occ).iter() {
                if dead_end(to) {
                    allowed |= B::square(to);
                }
            }
            targets = allowed;
        } else if !from_in_zone {
            targets &= zone;
        }
        let kind = if can_promote {
            MoveKind::PiecePromotion
        } else {
            MoveKind::PieceDemotion
        };
        for to in targets.iter() {
            list.push(Move::new(from, to, kind, 0));
        }
        if can_promote && can_demote {
            for to in targets.iter() {
                list.push(Move::new(from, to, MoveKind::PieceDemotion, 0));
            }
        }
    }

    /// The pass, where the side may pass: by the king, or by the side's first piece when
    /// it has no king (Fairy-Stockfish's encoding).
    fn generate_pass(&self, list: &mut MoveList) {
        let us = self.stm;
        let own = self.by_color[us];
        if let Some(sq) = self
            .king_square(us)
            .or_else(|| own.any().then(|| own.lsb()))
        {
            list.push(Move::pass(sq));
        }
    }

    /// Whether the side to move has a legal move other than a pass (`passOnStalemate`).
    fn has_legal_non_pass(&self, ctx: &LegalCtx<B>) -> bool {
        let mut list = MoveList::new();
        self.generate_pseudo(&mut list, ctx.checkers.any());
        list.iter()
            .any(|&m| !m.is_pass() && self.legal_with(m, ctx))
    }

    /// `sittuyinPromotion`: a pawn in the promotion zone (any pawn when it is the last one)
    /// may become a promotion piece where it stands or with one of that piece's moves to an
    /// empty square, if the new piece attacks no enemy piece there.
    #[inline(never)]
    fn sittuyin_promotions(&self, list: &mut MoveList, pawn: u8) {
        let t = &*self.t;
        let us = self.stm;
        let pawns = self.pieces_of(pawn, us);
        let pawns = if pawns.more_than_one() {
            pawns & t.promotion_region[us]
        } else {
            pawns
        };
        for from in pawns.iter() {
            for &pt in t.promotion_types[us].iter().rev() {
                let lim = t.promotion_limit[pt as usize];
                if lim != 0 && lim <= self.count(pt, us) {
                    continue;
                }
                let reach = &t.pieces[pt as usize].capture[us];
                let b = ((reach.get(from, self.occ) & !self.occ) | B::square(from)) & t.board;
                for to in b.iter() {
                    let occ = self.occ ^ B::square(from) | B::square(to);
                    if (reach.get(to, occ) & self.by_color[!us]).is_empty() {
                        list.push(Move::new(from, to, MoveKind::Promotion, pt));
                    }
                }
            }
        }
    }

    /// A pawn move: pushed at once outside the promotion `zone`, through
    /// [`Position::push_pawn_move`] inside it.
    #[inline(always)]
    fn push_pawn_target(&self, list: &mut MoveList, from: Square, to: Square, pawn: u8, zone: B) {
        if zone.contains(to) {
            self.push_pawn_move(list, from, to, pawn);
        } else {
            list.push(Move::normal(from, to));
        }
    }

    /// A pawn move into the promotion zone: its promotions, and the plain move unless
    /// promotion is mandatory.
    fn push_pawn_move(&self, list: &mut MoveList, from: Square, to: Square, pawn: u8) {
        let t = &*self.t;
        let us = self.stm;
        if t.promotion_region[us].contains(to) && !t.rules.moves.sittuyin_promotion {
            for &pt2 in &t.promotion_types[us] {
                let lim = t.promotion_limit[pt2 as usize];
                if (lim == 0 || lim > self.count(pt2, us)) && self.promotes_to(pt2, us) {
                    list.push(Move::new(from, to, MoveKind::Promotion, pt2));
                }
            }
            let capture = self.board[to.index()] != EMPTY;
            if t.promoted_type[pawn as usize].is_some()
                && (capture || !t.rules.moves.piece_promotion_on_capture)
            {
                list.push(Move::new(from, to, MoveKind::PiecePromotion, 0));
            }
            if t.rules.moves.mandatory_pawn_promotion {
                return;
            }
        }
        list.push(Move::normal(from, to));
    }

    /// `victims`: the pieces a pawn may capture.
    fn generate_pawn_moves(&self, list: &mut MoveList, pawn: u8, victims: B) {
        let t = &*self.t;
        let us = self.stm;
        let them = !us;
        let occ = self.occ;
        let region = self.board_bb(pawn, us);
        let movable = region & !occ;
        let capturable = region & victims;
        let pt = &t.pieces[pawn as usize];
        let forward = &*t.forward[us];
        let pawns = self.pieces_of(pawn, us);
        // Most pawn moves end outside the promotion zone: those are pushed here, the rest go
        // through `push_pawn_move` and its promotion rules.
        let zone = t.promotion_region[us];
        let push = |list: &mut MoveList, from: Square, to: Square| {
            self.push_pawn_target(list, from, to, pawn, zone)
        };
        for from in pawns.iter() {
            if let Some(s1) = forward[from.index()].filter(|s| movable.contains(*s)) {
                push(list, from, s1);
                let double = t.double_step[us].contains(from);
                let triple = t.triple_step[us].contains(from);
                if double || triple {
                    if let Some(s2) = forward[s1.index()].filter(|s| movable.contains(*s)) {
                        if double {
                            push(list, from, s2);
                        }
                        if triple {
                            if let Some(s3) = forward[s2.index()].filter(|s| movable.contains(*s)) {
                                push(list, from, s3);
                            }
                        }
                    }
                }
            }
            let caps = pt.capture[us].get(from, occ) & capturable;
            for to in caps.iter() {
                push(list, from, to);
            }
        }
        if t.rules.moves.sittuyin_promotion {
            self.sittuyin_promotions(list, pawn);
        }
        for ep in (self.st.ep & !occ).iter() {
            if !self.ep_may_take(self.ep_capture_square(ep, self.st.ep)) {
                continue;
            }
            let b = pawns & pt.capture[them].get(ep, occ);
            for from in b.iter() {
                list.push(Move::new(from, ep, MoveKind::EnPassant, 0));
            }
        }
    }

    /// The piece code a move puts on its destination (for callers that display moves).
    pub fn moved_piece(&self, m: Move) -> u8 {
        match m.kind() {
            MoveKind::Promotion => make_piece(m.piece(), self.stm),
            MoveKind::Drop => make_piece(self.dropped_type(m), self.stm),
            MoveKind::Exchange => make_piece(m.piece(), self.stm),
            _ => self.board[m.from().index()],
        }
    }
}
