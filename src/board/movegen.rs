//! Legal move generation, following Fairy-Stockfish's rules so that perft numbers agree:
//! pseudo-legal moves from the piece tables and the variant's pawn, promotion, e.p., castling
//! and special-move rules, then a legality test per move ([`Position::legal`]) that checks the
//! royal piece (and pseudo-royal pieces, with duple check) after the move.

use crate::board::bitboard::Bitboard;
use crate::board::geometry::Square;
use crate::board::moves::{Move, MoveKind, MoveList};
use crate::board::position::{
    cr_index, make_piece, type_of, Piece, Position, EMPTY, WHITE_OO, WHITE_OOO,
};
use crate::board::rules::blast::adjacent;
use crate::variant::{EnclosingRule, WallingRule};

impl<B: Bitboard> Position<B> {
    /// Every legal move (none when the game is over by a variant rule that stops play, as in
    /// Fairy-Stockfish).
    pub fn legal_moves(&self, list: &mut MoveList) {
        list.clear();
        if self.is_immediate_game_end() {
            return;
        }
        let checkers = self.checkers();
        self.generate_pseudo(list, checkers.any());
        // Where a wall may shield a pseudo-royal piece (atomicduck), each wall square is its
        // own move to test: walls go on before the legality filter.
        let walls_first =
            self.t.walling != WallingRule::None && self.t.variant.game_end.extinction.pseudo_royal;
        if walls_first {
            self.add_walls(list);
        }
        let ctx = LegalCtx::new(self, checkers);
        let fast = ctx.fast;
        let king = ctx.king;
        let sensitive = ctx.sensitive;
        let hoppers = ctx.hoppers;
        let sittuyin = self.t.variant.promotion.sittuyin;
        list.retain(|&m| {
            if m.kind() == MoveKind::Drop {
                return self.legal_drop(m, &ctx);
            }
            if sittuyin && m.kind() == MoveKind::Promotion {
                // A sittuyin promotion may not give check.
                return self.legal_with(m, &ctx) && !self.gives_check(m);
            }
            // Most moves: not in check, a non-royal piece off every line to the king.
            if fast
                && matches!(
                    m.kind(),
                    MoveKind::Normal
                        | MoveKind::Promotion
                        | MoveKind::PiecePromotion
                        | MoveKind::PieceDemotion
                )
                && Some(m.from()) != king
                && !sensitive.contains(m.from())
                && !(hoppers && sensitive.contains(m.to()))
            {
                return true;
            }
            self.legal_with(m, &ctx)
        });
        if self.has_obligations() {
            self.apply_obligations(list);
        }
        if self.t.variant.drops.must_drop {
            self.apply_must_drop(list);
        }
        if self.t.walling != WallingRule::None && !walls_first {
            self.add_walls(list);
        }
    }

    /// `wallingRule`: every move also puts a wall on an empty square, chosen by the rule
    /// (Fairy-Stockfish's gating of walls): `past` the square the piece left, `static` any
    /// square of the walling region, `arrow` a square the moved piece could move to from its
    /// new square, `edge` a square on the board's edge or next to a wall, `duck` any empty
    /// square but the duck's own (the duck must move; make-move lifts it). Each move becomes
    /// one move per wall square; a move with no square for its wall is not legal.
    #[inline(never)]
    fn add_walls(&self, list: &mut MoveList) {
        let t = &*self.t;
        let us = self.stm;
        // The walled moves go after the plain ones, which are then dropped.
        let plain = list.len();
        let wall_or_move = t.wall_or_move;
        for i in 0..plain {
            let m = list.as_slice()[i];
            if wall_or_move && m.from() != m.to() {
                // `wallOrMove`: a move or a wall, not both.
                list.push(m);
                continue;
            }
            let Some(after) = self.occupied_after(m) else {
                // Drops and multi-leg moves take no wall (`Variant::walling_enforced`).
                list.push(m);
                continue;
            };
            let (from, to) = (m.from(), m.to());
            let mut b = t.board & !after & t.walling_region[us];
            match t.walling {
                WallingRule::Past => b &= B::square(from),
                WallingRule::Arrow => {
                    // As Fairy-Stockfish: from `to` (the rook's square for castling) with
                    // the mover's own square left empty.
                    let ty = type_of(self.board[from.index()]);
                    b &= t.pieces[ty as usize].quiet[us].get(to, self.occ.without(from));
                }
                WallingRule::Edge => {
                    let g = &t.geo;
                    let edge = t.files[0]
                        | t.files[g.files() as usize - 1]
                        | t.ranks[0]
                        | t.ranks[g.ranks() as usize - 1];
                    b &= edge | self.next_to(self.walls, true);
                }
                WallingRule::Static | WallingRule::Duck | WallingRule::None => {}
            }
            for wall in b.iter() {
                list.push(m.with_wall(wall));
            }
        }
        list.remove_first(plain);
    }

    /// The occupied squares (walls included) after a move that can take a wall, or `None`
    /// for the kinds that cannot (drops, multi-leg moves, Cambodian specials, promotions to a
    /// type a walling move cannot hold).
    fn occupied_after(&self, m: Move) -> Option<B> {
        let (from, to) = (m.from(), m.to());
        let moved = self.occ.without(from).with(to);
        match m.kind() {
            MoveKind::Normal | MoveKind::PiecePromotion | MoveKind::PieceDemotion => Some(moved),
            MoveKind::Promotion => (m.piece() < Move::MAX_WALLED_PROMOTION).then_some(moved),
            MoveKind::EnPassant => Some(moved.without(self.ep_capture_square(to, self.st.ep))),
            MoveKind::Castling => {
                let (kto, rto) = self.t.castling_destinations(from, to > from);
                Some(self.occ.without(from).without(to).with(kto).with(rto))
            }
            // A pass (`wallOrMove`'s null move) walls too, as in Fairy-Stockfish.
            MoveKind::Special if from == to => Some(self.occ),
            MoveKind::Drop | MoveKind::Special | MoveKind::MultiLeg => None,
        }
    }

    /// `mustDrop`: while the side to move holds a piece of `mustDropType` (any piece without
    /// it), only drops of that type are legal, and other moves only if there is no such drop.
    #[inline(never)]
    fn apply_must_drop(&self, list: &mut MoveList) {
        let us = self.stm;
        let must = self.t.variant.drops.must_drop_type;
        let held = match must {
            Some(ty) => self.in_hand(ty, us),
            None => self.hand_count(us),
        };
        if held == 0 {
            return;
        }
        list.retain(|&m| m.kind() != MoveKind::Drop || must.map_or(true, |ty| m.piece() == ty));
        if list.iter().any(|m| m.kind() == MoveKind::Drop) {
            list.retain(|&m| m.kind() == MoveKind::Drop);
        }
    }

    /// S-chess gating: every normal move or castling from a gate square may also bring a
    /// piece from the hand onto the square it leaves (for castling, also onto the rook's
    /// square), where that piece may be dropped.
    #[inline(never)]
    fn generate_gating(&self, list: &mut MoveList) {
        let t = &*self.t;
        let us = self.stm;
        let gates = self.st.gates[us];
        let n = list.len();
        for i in 0..n {
            let m = list.as_slice()[i];
            let castling = m.kind() == MoveKind::Castling;
            if m.kind() != MoveKind::Normal && !castling {
                continue;
            }
            for (sq, at_to) in [(m.from(), false), (m.to(), true)] {
                if !gates.contains(sq) || at_to && !castling {
                    continue;
                }
                for ty in 0..t.n_types as u8 {
                    if self.in_hand(ty, us) > 0 && t.drop_region[us][ty as usize].contains(sq) {
                        list.push(m.with_gating(ty, at_to));
                    }
                }
            }
        }
    }

    /// Drops of every type in the side to move's hand onto the empty squares its rules allow.
    #[inline(never)]
    fn generate_drops(&self, list: &mut MoveList) {
        let t = &*self.t;
        let us = self.stm;
        let empty = !self.occ & t.board;
        let free = t.free_drops;
        for ty in 0..t.n_types as u8 {
            if !free && self.in_hand(ty, us) == 0 {
                continue;
            }
            let mut b = t.drop_region[us][ty as usize] & empty;
            if t.enclosing_drop != EnclosingRule::None {
                b = self.enclosing_drop_filter(b);
            }
            if Some(ty) == t.drop_no_doubled {
                // Nifu: not onto a file that already holds the limit of own pieces of it.
                let limit = t.variant.drops.no_doubled_count;
                let mine = self.pieces_of(ty, us);
                for f in &t.files {
                    if (mine & *f).count() >= limit {
                        b &= !*f;
                    }
                }
            }
            if t.variant.drops.drop_promoted && t.promoted_type[ty as usize].is_some() {
                for to in b.iter() {
                    list.push(Move::drop(to, ty, true));
                }
            }
            for to in b.iter() {
                list.push(Move::drop(to, ty, false));
            }
        }
    }

    /// Whether a pseudo-legal drop is legal.
    #[inline(never)]
    fn legal_drop(&self, m: Move, ctx: &LegalCtx<B>) -> bool {
        let t = &*self.t;
        let v = &t.variant;
        let us = self.stm;
        let them = us ^ 1;
        let to = m.to();
        let placed = self.dropped_type(m);
        // A piece may not be dropped where it could never move.
        if v.drops.immobility_illegal
            && (t.pieces[placed as usize].quiet[us].empty_board(to) & t.board & !self.walls)
                .is_empty()
        {
            return false;
        }
        if v.drops.opposite_colored_bishop && !self.bishop_drop_ok(placed, to) {
            return false;
        }
        let occ = self.occ | B::square(to);
        if !v.drops.drop_checks && self.drop_gives_check(placed, to, occ) {
            return false;
        }
        if Some(placed) == t.king {
            return !self.attacked_by(to, occ, them, self.by_color[them]);
        }
        // A drop must leave pseudo-royal pieces safe too (it may block a line, never a
        // contact attack).
        if v.game_end.extinction.pseudo_royal && !self.pseudo_royal_ok(m, ctx) {
            return false;
        }
        let Some(ksq) = ctx.king else { return true };
        if ctx.usable && !ctx.hoppers {
            if ctx.checkers.is_empty() {
                // Adding a piece only blocks lines.
                return true;
            }
            if !ctx.drop_blocks.contains(to) {
                return false;
            }
        } else if ctx.usable && ctx.checkers.is_empty() && !ctx.sensitive.contains(to) {
            // With hoppers, only a drop onto a line to the king can open a check.
            return true;
        }
        !self.attacked_by(ksq, occ, them, self.by_color[them])
    }

    /// Whether a piece of type `placed` dropped on `to` (occupancy `occ` after the drop)
    /// attacks the enemy royal piece, directly or as a screen for a hopper.
    #[inline(never)]
    fn drop_gives_check(&self, placed: u8, to: Square, occ: B) -> bool {
        let t = &*self.t;
        let us = self.stm;
        let Some(eksq) = self.king_square(us ^ 1) else {
            return false;
        };
        let pt = &t.pieces[placed as usize];
        if pt.mobility[us].contains(eksq) && pt.capture[us].get(to, occ).contains(eksq) {
            return true;
        }
        t.hoppers && self.attacked_by(eksq, occ, us, self.by_color[us])
    }

    /// `dropOppositeColoredBishop`: bishops must end up on both square colours, so a drop
    /// must leave enough squares of each colour for the bishops still in hand.
    #[inline(never)]
    fn bishop_drop_ok(&self, placed: u8, to: Square) -> bool {
        let t = &*self.t;
        let us = self.stm;
        let Some(bishop) = t.bishop else { return true };
        let total = self.count_with_hand(bishop, us);
        let dark = t.dark_squares;
        let on_board = self.pieces_of(bishop, us);
        if placed == bishop {
            let same = if dark.contains(to) { dark } else { !dark };
            (same & on_board).count() < total.div_ceil(2)
        } else {
            let remaining = t.drop_region[us][bishop as usize] & !self.occ & !B::square(to);
            let avail = on_board | remaining;
            (dark & avail).count() >= total / 2 && (!dark & avail & t.board).count() >= total / 2
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
        let them = us ^ 1;
        let occ = self.occ;
        let enemies = self.by_color[them];
        let empty = !occ;

        for ty in 0..t.n_types as u8 {
            let mut bb = self.pieces_of(ty, us);
            if bb.is_empty() {
                continue;
            }
            if Some(ty) == t.pawn {
                self.generate_pawn_moves(list, ty);
                continue;
            }
            let pt = &t.pieces[ty as usize];
            let region = self.board_bb(ty, us);
            let promo_pawn = t.promotion_pawn_types[us].has(ty);
            let ep_type = t.ep_types[us].has(ty) && self.st.ep.any();
            let soldier = Some(ty) == t.soldier;
            let shogi_promotions = t.promoted_type[ty as usize].is_some() || t.demotions;
            let palace = t.palace.as_ref().filter(|p| p.kind(ty).is_some());
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
                if let Some(pal) = palace.filter(|p| p.lines.contains(from)) {
                    let d = self.palace_reach(pal, ty, us, from) & self.board_bb(ty, us);
                    attacks |= d;
                    quiets |= d;
                }
                let mut b = (attacks & enemies) | (quiets & empty);
                // As `push_targets` does; written out here, where a call changes how the
                // compiler lays out the hottest loop of move generation (measured).
                if shogi_promotions {
                    self.piece_promotions(list, ty, from, &mut b);
                }
                if promo_pawn {
                    let promos = b & t.promotion_region[us];
                    if promos.any() {
                        if t.variant.promotion.mandatory_pawn_promotion {
                            b &= !promos;
                        }
                        for &pt2 in &t.promotion_types[us] {
                            let lim = t.promotion_limit[pt2 as usize];
                            if lim == 0 || lim > self.count(pt2, us) {
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
                        list.push(Move::new(from, to, MoveKind::EnPassant, 0));
                    }
                }
            }
        }

        if t.piece_drops && (self.hand_count(us) > 0 || t.free_drops) {
            self.generate_drops(list);
        }

        // Castling.
        if !in_check && self.st.castling & (3 << (2 * us)) != 0 {
            let from = match t.king.and_then(|_| self.king_square(us)) {
                Some(k) => Some(k),
                None => self.castling_king_sq[us],
            };
            if let Some(from) = from {
                for cr in [WHITE_OO << (2 * us), WHITE_OOO << (2 * us)] {
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
        if t.variant.special_moves.cambodian_moves && self.st.gates[us].any() {
            let target = !self.by_color[us] & !self.walls & t.board & empty;
            if !in_check {
                if let Some(ksq) = self.king_square(us) {
                    if self.st.gates[us].contains(ksq) {
                        let up = if us == 0 { 1 } else { -1 };
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
                let up = if us == 0 { 2 } else { -2 };
                for from in (self.pieces_of(fers, us) & self.st.gates[us]).iter() {
                    if let Some(to) = t.geo.offset(from, 0, up) {
                        if target.contains(to) {
                            list.push(Move::new(from, to, MoveKind::Special, 0));
                        }
                    }
                }
            }
        }
        if t.variant.special_moves.seirawan_gating
            && self.st.gates[us].any()
            && self.hand_count(us) > 0
        {
            self.generate_gating(list);
        }
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
                if t.variant.promotion.mandatory_pawn_promotion {
                    b &= !promos;
                }
                for &pt2 in &t.promotion_types[us] {
                    let lim = t.promotion_limit[pt2 as usize];
                    if lim == 0 || lim > self.count(pt2, us) {
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
                for m in &list.as_slice()[..table_moves] {
                    if m.from() == from
                        && matches!(
                            m.kind(),
                            MoveKind::Normal
                                | MoveKind::Promotion
                                | MoveKind::PiecePromotion
                                | MoveKind::PieceDemotion
                        )
                    {
                        b &= !B::square(m.to());
                    }
                }
                self.push_targets(list, ty, from, b, shogi_promotions, promo_pawn);
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
        let promo = &t.variant.promotion;
        let can_promote = t.promoted_type[ty as usize].is_some_and(|np| {
            let lim = t.promotion_limit[np as usize];
            lim == 0 || lim > self.count(np, us)
        }) && !(promo.chu && self.promoted_from[from.index()] != 0);
        let can_demote = promo.piece_demotion && self.promoted_from[from.index()] != 0;
        if !can_promote && !can_demote {
            return;
        }
        let zone = t.promotion_region[us];
        let from_in_zone = zone.contains(from);
        let mut targets = *b;
        if promo.mandatory_piece_promotion {
            let mut keep = if from_in_zone { B::EMPTY } else { !zone };
            if promo.piece_promotion_on_capture {
                keep |= !self.occ;
            }
            *b &= keep;
        }
        if promo.piece_promotion_on_capture {
            targets &= self.occ;
        }
        if promo.chu && from_in_zone {
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
                    if (reach.get(to, occ) & self.by_color[us ^ 1]).is_empty() {
                        list.push(Move::new(from, to, MoveKind::Promotion, pt));
                    }
                }
            }
        }
    }

    fn push_pawn_move(&self, list: &mut MoveList, from: Square, to: Square, pawn: u8) {
        let t = &*self.t;
        let us = self.stm;
        if t.promotion_region[us].contains(to) && !t.variant.promotion.sittuyin {
            for &pt2 in &t.promotion_types[us] {
                let lim = t.promotion_limit[pt2 as usize];
                if lim == 0 || lim > self.count(pt2, us) {
                    list.push(Move::new(from, to, MoveKind::Promotion, pt2));
                }
            }
            let capture = self.by_color[us ^ 1].contains(to);
            if t.promoted_type[pawn as usize].is_some()
                && (capture || !t.variant.promotion.piece_promotion_on_capture)
            {
                list.push(Move::new(from, to, MoveKind::PiecePromotion, 0));
            }
            if t.variant.promotion.mandatory_pawn_promotion {
                return;
            }
        }
        list.push(Move::normal(from, to));
    }

    fn generate_pawn_moves(&self, list: &mut MoveList, pawn: u8) {
        let t = &*self.t;
        let us = self.stm;
        let them = us ^ 1;
        let occ = self.occ;
        let region = self.board_bb(pawn, us);
        let movable = region & !occ;
        let capturable = region & self.by_color[them];
        let pt = &t.pieces[pawn as usize];
        let up = if us == 0 { 1 } else { -1 };
        let pawns = self.pieces_of(pawn, us);
        for from in pawns.iter() {
            if let Some(s1) = t.geo.offset(from, 0, up).filter(|s| movable.contains(*s)) {
                self.push_pawn_move(list, from, s1, pawn);
                let double = t.double_step[us].contains(from);
                let triple = t.triple_step[us].contains(from);
                if double || triple {
                    if let Some(s2) = t.geo.offset(s1, 0, up).filter(|s| movable.contains(*s)) {
                        if double {
                            self.push_pawn_move(list, from, s2, pawn);
                        }
                        if triple {
                            if let Some(s3) =
                                t.geo.offset(s2, 0, up).filter(|s| movable.contains(*s))
                            {
                                self.push_pawn_move(list, from, s3, pawn);
                            }
                        }
                    }
                }
            }
            let caps = pt.capture[us].get(from, occ) & capturable;
            for to in caps.iter() {
                self.push_pawn_move(list, from, to, pawn);
            }
        }
        if t.variant.promotion.sittuyin {
            self.sittuyin_promotions(list, pawn);
        }
        for ep in (self.st.ep & !occ).iter() {
            let b = pawns & pt.capture[them].get(ep, occ);
            for from in b.iter() {
                list.push(Move::new(from, ep, MoveKind::EnPassant, 0));
            }
        }
    }

    /// Whether a pseudo-legal move is legal.
    pub fn legal(&self, m: Move) -> bool {
        self.legal_basic(m) && !(self.has_obligations() && self.capture_missed(m))
    }

    /// Legality without the `mustCapture` obligation (which needs the other moves).
    pub(crate) fn legal_basic(&self, m: Move) -> bool {
        let ctx = LegalCtx::new(self, self.checkers());
        self.legal_with(m, &ctx) && !(self.has_obligations() && self.forbidden_by_rule(m))
    }

    fn legal_with(&self, m: Move, ctx: &LegalCtx<B>) -> bool {
        if m.kind() == MoveKind::Drop {
            return self.legal_drop(m, ctx);
        }
        let t = &*self.t;
        let v = &t.variant;
        let us = self.stm;
        let them = us ^ 1;
        let from = m.from();
        let to = m.to();
        let kind = m.kind();
        let moved = self.board[from.index()];
        let mt = type_of(moved);

        // A piece may not move to a square it can never leave.
        if v.drops.immobility_illegal
            && kind == MoveKind::Normal
            && (t.pieces[mt as usize].quiet[us].empty_board(to) & t.board & !self.walls).is_empty()
        {
            return false;
        }

        let pass = m.is_pass();
        if pass
            && t.pass_on_stalemate[us]
            && ctx.checkers.is_empty()
            && self.has_legal_non_pass(ctx)
        {
            return false;
        }

        if v.game_end.extinction.pseudo_royal && !self.pseudo_royal_ok(m, ctx) {
            return false;
        }
        if !t.lions.is_empty() && !self.lion_trading_ok(m) {
            return false;
        }

        let king = ctx.king;
        if kind == MoveKind::MultiLeg {
            return self.legal_multi_leg(m, king);
        }
        if kind == MoveKind::EnPassant {
            if let Some(ksq) = king {
                let capsq = self.ep_capture_square(to, self.st.ep);
                let occ = (self.occ ^ B::square(from) ^ B::square(capsq)) | B::square(to);
                return (self.attackers_to(ksq, occ, them) & occ).is_empty();
            }
        }

        if kind == MoveKind::Castling {
            let kingside = to > from;
            if m.is_gating() {
                let (kto, rto) = t.castling_destinations(from, kingside);
                let gate = m.gating_square();
                if gate == kto || gate == rto {
                    return false;
                }
            }
            let rank = t.geo.rank_of(from);
            let c = &v.castling;
            let Some(kto) = t.geo.square(
                if kingside {
                    c.kingside_file
                } else {
                    c.queenside_file
                },
                rank,
            ) else {
                return false;
            };
            if Some(mt) != t.king {
                return true;
            }
            let step: i32 = if kto > from { -1 } else { 1 };
            let mut s = kto;
            while s != from {
                if self.attacked_by(s, self.occ, them, self.by_color[them]) {
                    return false;
                }
                match t.geo.offset(s, step, 0) {
                    Some(n) => s = n,
                    None => break,
                }
            }
            return !self.attacked_by(kto, self.occ ^ B::square(to), them, self.by_color[them]);
        }

        let occ = (self.occ ^ B::square(from)) | B::square(to);

        // In bikjang the side may always pass, and must not leave the kings facing otherwise.
        if ctx.bikjang && pass {
            return true;
        }
        if (v.checks.flying_general || ctx.bikjang) && self.kings_face(mt, to, occ) {
            return false;
        }

        if v.checks.makpong_rule
            && ctx.checkers.any()
            && Some(mt) == t.king
            && (ctx.checkers ^ B::square(to)).any()
        {
            return false;
        }

        if Some(mt) == t.king {
            return !self.attacked_by(to, occ, them, self.by_color[them]);
        }
        let Some(ksq) = king else { return true };
        // Fast path: without check, a move that neither leaves nor (with hoppers) enters a
        // line between the king and a possible line attacker (or a lame leaper's path)
        // cannot expose the king.
        if ctx.checkers.is_empty()
            && !ctx.sensitive.contains(from)
            && !(ctx.hoppers && ctx.sensitive.contains(to))
        {
            return true;
        }
        let candidates = self.by_color[them] & !B::square(to);
        if let Some(jc) = t.janggi_cannon {
            // Enemy cannons may not hop over a cannon: the moved one stands on `to` now, and
            // a captured one is gone.
            let mut cannons = self.by_type[jc as usize];
            if mt == jc {
                cannons = (cannons ^ B::square(from)) | B::square(to);
            } else if cannons.contains(to) {
                cannons ^= B::square(to);
            }
            return !self.attacked_by_with(ksq, occ, them, candidates, cannons);
        }
        !self.attacked_by(ksq, occ, them, candidates)
    }

    /// Chu Shogi's lion-trading rules ([`crate::variant::CaptureRules::lion_types`]) for a
    /// pseudo-legal move.
    fn lion_trading_ok(&self, m: Move) -> bool {
        let t = &*self.t;
        let them = self.stm ^ 1;
        let (from, to) = (m.from(), m.to());
        let lions = self.lions_of(them);
        let kill = (m.kind() == MoveKind::MultiLeg).then(|| m.kill_square());
        let takes_lion_on_to = lions.contains(to);
        let takes_lion = takes_lion_on_to || kill.is_some_and(|k| lions.contains(k));
        if !takes_lion {
            return true;
        }
        let mover_is_lion = t.lions.contains(type_of(self.board[from.index()]));
        if !mover_is_lion {
            // Retaking the piece that just took a lion stays allowed (as on lishogi), even
            // when it became a lion by promoting (a kirin).
            let only_the_taker = kill.is_none() && to == self.st.last_move.to();
            return only_the_taker || !self.lion_taken_by_other_piece();
        }
        if !takes_lion_on_to || adjacent::<B>(&t.geo, from).contains(to) {
            return true;
        }
        let bridge = kill.map(|k| self.board[k.index()]).unwrap_or(EMPTY);
        if bridge != EMPTY && !t.lion_no_bridge.contains(type_of(bridge)) {
            return true;
        }
        // Is the lion on `to` protected, before the move (the taker lifted) or after it (a
        // piece taken on the way gone too)?
        let occ = self.occ ^ B::square(from);
        let defenders = self.by_color[them] & !B::square(to);
        if self.attacked_by(to, occ, them, defenders) {
            return false;
        }
        match kill {
            Some(k) if bridge != EMPTY => {
                let gone = !B::square(k);
                !self.attacked_by(to, occ & gone, them, defenders & gone)
            }
            _ => true,
        }
    }

    /// The pieces of `color` that the lion-trading rules protect.
    fn lions_of(&self, color: usize) -> B {
        let t = &*self.t;
        t.lions
            .iter()
            .fold(B::EMPTY, |b, ty| b | self.by_type[ty as usize])
            & self.by_color[color]
    }

    /// Whether the move that led here took a lion with a piece that is not one (which bars
    /// every piece but a lion from taking a lion now).
    fn lion_taken_by_other_piece(&self) -> bool {
        let t = &*self.t;
        let st = &self.st;
        if st.last_move == Move::NONE || t.lions.contains(type_of(st.moved_piece)) {
            return false;
        }
        let took_lion = |pc: Piece| pc != EMPTY && t.lions.contains(type_of(pc));
        took_lion(st.captured)
            || (st.last_move.kind() == MoveKind::MultiLeg
                && self.killed.last().is_some_and(|k| took_lion(k.piece)))
    }

    /// Flying general: whether, with occupancy `occ` after a move of a `mt` piece to `to`,
    /// the side to move's king sees the enemy king along an open rank or file.
    fn kings_face(&self, mt: u8, to: Square, occ: B) -> bool {
        let t = &*self.t;
        let us = self.stm;
        let (Some(k), Some(ksq), Some(eksq)) =
            (t.king, self.king_square(us), self.king_square(us ^ 1))
        else {
            return false;
        };
        let s = if mt == k { to } else { ksq };
        eksq != to
            && t.rook_empty[s.index()].contains(eksq)
            && (t.lines.between(s, eksq) & occ).is_empty()
    }

    /// Fairy-Stockfish's checks for pseudo-royal pieces (extinctionPseudoRoyal, dupleCheck).
    fn pseudo_royal_ok(&self, m: Move, ctx: &LegalCtx<B>) -> bool {
        let t = &*self.t;
        let v = &t.variant;
        let us = self.stm;
        let them = us ^ 1;
        let from = m.from();
        let to = m.to();
        let mut kto = to;
        let mut occupied = self.occ ^ B::square(from);
        // The new wall shields; the duck it replaces no longer does (Fairy-Stockfish's rule).
        let lifted = match m.wall_square() {
            Some(_) if t.walling == WallingRule::Duck => self.walls,
            _ => B::EMPTY,
        };
        if let Some(wall) = m.wall_square() {
            occupied = (occupied & !lifted) | B::square(wall);
        }
        if m.kind() == MoveKind::Castling {
            let kingside = to > from;
            let rank = t.geo.rank_of(from);
            let c = &v.castling;
            kto = t
                .geo
                .square(
                    if kingside {
                        c.kingside_file
                    } else {
                        c.queenside_file
                    },
                    rank,
                )
                .unwrap_or(from);
            let step: i32 = if kto > from { 1 } else { -1 };
            let rto = t.geo.offset(kto, -step, 0).unwrap_or(kto);
            if self.st.pseudo_royals.contains(from) {
                let mut s = from;
                loop {
                    if from != kto && s == kto {
                        break;
                    }
                    let touching = v.captures.blast_on_capture
                        && (adjacent::<B>(&t.geo, s) & self.st.pseudo_royals & self.by_color[them])
                            .any();
                    if !touching && self.attackers_to(s, occupied, them).any() {
                        return false;
                    }
                    if from == kto {
                        break;
                    }
                    match t.geo.offset(s, step, 0) {
                        Some(n) => s = n,
                        None => break,
                    }
                }
            }
            occupied ^= B::square(to) | B::square(rto);
        }
        occupied |= B::square(kto);
        // A lion's double capture or igui empties its kill square too: the piece taken there
        // no longer attacks nor blocks.
        if self.kills(m) {
            occupied &= !B::square(m.kill_square());
        }
        if m.kind() == MoveKind::EnPassant {
            occupied &= !B::square(self.ep_capture_square(kto, self.st.ep));
        }
        let capture = self.is_capture_move(m);
        if capture && v.captures.blast_on_capture {
            occupied &= !self.blast_zone_before(kto);
        }
        // Petrifying a pseudo-royal piece is illegal.
        if capture
            && self.st.pseudo_royals.contains(from)
            && v.captures
                .petrify_on_capture_types
                .contains(type_of(self.board[from.index()]))
        {
            return false;
        }
        let mut royals = self.st.pseudo_royals & self.by_color[us];
        let theirs = self.st.pseudo_royals & self.by_color[them];
        if royals.contains(from) {
            royals ^= B::square(from) | B::square(kto);
        }
        if m.kind() == MoveKind::Promotion && t.extinction_types.has(m.piece()) {
            if self.count(m.piece(), us) > v.game_end.extinction.piece_count {
                royals &= !self.pieces_of(m.piece(), us);
            } else {
                royals |= B::square(kto);
            }
        }
        if (royals & !occupied).any() {
            return false;
        }
        let mut candidates = occupied & !B::square(kto);
        // Their pseudo-royals that would turn to stone by capturing cannot capture.
        for pt in v.captures.petrify_on_capture_types.iter() {
            if t.extinction_types.has(pt) {
                candidates &= !self.pieces_of(pt, them);
            }
        }
        // Touching pseudo-royals are immune in atomic variants (a capture would blast both).
        let immune =
            |sr: Square| v.captures.blast_on_capture && (adjacent::<B>(&t.geo, sr) & theirs).any();
        // A royal that neither moves nor is attacked now stays safe when the move opens no
        // line to it (see `LegalCtx::safe_royals`).
        let lines = ctx.royal_lines;
        let opens_line = lines.contains(from)
            || (self.kills(m) && lines.contains(m.kill_square()))
            || (ctx.hoppers && lines.contains(to))
            || matches!(m.kind(), MoveKind::EnPassant | MoveKind::Castling)
            || (lines & lifted).any();
        let stays_safe = |sr: Square| sr != kto && ctx.safe_royals.contains(sr) && !opens_line;
        if (theirs & !occupied).is_empty() {
            for sr in royals.iter() {
                if stays_safe(sr) {
                    continue;
                }
                if !immune(sr) && (self.attackers_to(sr, occupied, them) & candidates).any() {
                    return false;
                }
            }
        }
        if v.checks.duple_check {
            let mut cands = self.pseudo_royal_candidates() & self.by_color[us];
            if cands.contains(from) {
                cands ^= B::square(from) | B::square(kto);
            }
            if m.kind() == MoveKind::Promotion && t.extinction_types.has(m.piece()) {
                cands |= B::square(kto);
            }
            let mut all = cands.any();
            for sr in cands.iter() {
                if immune(sr) || (self.attackers_to(sr, occupied, them) & candidates).is_empty() {
                    all = false;
                    break;
                }
            }
            if all {
                return false;
            }
        }
        true
    }

    /// The move whose UCI text is `text`, among the legal moves. The piece letter of a drop
    /// may be given in either case (`P@e4`, `p@e4`). A pass is written as Fairy-Stockfish
    /// writes it (the passing piece's square twice, `e2e2`); `@@@@` and `0000` are read as a
    /// pass too where one is legal, or as a lion's pass (out through an empty square and
    /// back: every such move leaves the same position).
    pub fn parse_uci_move(&self, text: &str) -> Result<Move, crate::board::MoveError> {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        let pass_alias = matches!(text, "@@@@" | "0000");
        let want = match text.split_once('@') {
            Some((piece, sq)) if !pass_alias => format!("{}@{sq}", piece.to_ascii_uppercase()),
            _ => text.to_string(),
        };
        // A trailing `=` says "no promotion" (shogi); the move is the one without suffix.
        let want = match want.strip_suffix('=') {
            Some(w) if !w.contains('@') => w.to_string(),
            _ => want,
        };
        // A move without a wall is also read without Fairy-Stockfish's empty wall leg.
        let bare = |m: Move| {
            let text = self.move_to_uci(m);
            text == want
                || m.wall_square().is_none()
                    && text
                        .split_once(',')
                        .is_some_and(|(move_part, _)| move_part == want)
        };
        list.iter()
            .copied()
            .find(|&m| (pass_alias && self.passes(m)) || bare(m))
            .ok_or_else(|| crate::board::MoveError::Illegal(text.to_string()))
    }

    /// UCI text of a move: ranks 1-based, promotions with the lower-case piece letter, shogi
    /// promotions with `+`; castling as the king's destination, or king-takes-rook in Chess960
    /// and when the destination would be ambiguous with a normal king move (as
    /// Fairy-Stockfish prints it).
    pub fn move_to_uci(&self, m: Move) -> String {
        let t = &*self.t;
        let geo = t.geo;
        let mut from = m.from();
        let mut to = m.to();
        if m.kind() == MoveKind::Castling
            && !self.chess960
            && !(m.is_gating() && m.gating_square() == m.to())
        {
            let c = &t.variant.castling;
            let kingside = to > from;
            if let Some(kto) = geo.square(
                if kingside {
                    c.kingside_file
                } else {
                    c.queenside_file
                },
                geo.rank_of(from),
            ) {
                if !self.king_move_pseudo_legal(from, kto) {
                    to = kto;
                }
            }
        }
        if m.kind() == MoveKind::MultiLeg {
            return self.multi_leg_text(m);
        }
        if m.kind() == MoveKind::Drop {
            let p = &t.variant.pieces[m.piece() as usize];
            let plus = if m.drop_promoted() { "+" } else { "" };
            return format!(
                "{plus}{}@{}",
                p.letter.to_ascii_uppercase(),
                geo.square_name(to)
            );
        }
        if m.is_gating() && m.gating_square() == m.to() {
            // Gating onto the rook's square: written rook square to king square.
            to = from;
            from = m.to();
        }
        let mut s = format!("{}{}", geo.square_name(from), geo.square_name(to));
        if m.is_gating() {
            s.push(
                t.variant.pieces[m.piece() as usize]
                    .letter
                    .to_ascii_lowercase(),
            );
            if m.gating_square() != from {
                s += &geo.square_name(m.gating_square()).to_string();
            }
            return s;
        }
        match m.kind() {
            MoveKind::Promotion => {
                let p = &t.variant.pieces[m.piece() as usize];
                s.push(p.letter.to_ascii_lowercase());
            }
            MoveKind::PiecePromotion => s.push('+'),
            MoveKind::PieceDemotion => s.push('-'),
            _ => {}
        }
        if let Some(wall) = m.wall_square() {
            // Fairy-Stockfish writes the wall as a second leg from the destination (the
            // king's for castling), after the promotion letter: `b7b8q,b8a1`.
            s += &format!(",{}{}", geo.square_name(to), geo.square_name(wall));
        } else if t.walling != WallingRule::None {
            // A move without a wall (`wallOrMove`) gets the same leg, to the first square
            // (its empty wall field): `a2a3,a3a1`, as Fairy-Stockfish writes it.
            let first = Square::new(0);
            s += &format!(",{}{}", geo.square_name(to), geo.square_name(first));
        }
        s
    }

    /// Whether the piece on `from` has a normal pseudo-legal move to `to`.
    fn king_move_pseudo_legal(&self, from: Square, to: Square) -> bool {
        let pc = self.board[from.index()];
        if pc == 0 || pc == crate::board::position::WALL {
            return false;
        }
        let ty = type_of(pc);
        let us = self.stm;
        let pt = &self.t.pieces[ty as usize];
        let region = self.board_bb(ty, us);
        let occ = self.occ;
        let b = ((pt.capture[us].get(from, occ) & self.by_color[us ^ 1])
            | (pt.quiet[us].get(from, occ) & !occ))
            & region;
        b.contains(to)
    }

    /// The piece code a move puts on its destination (for callers that display moves).
    pub fn moved_piece(&self, m: Move) -> u8 {
        match m.kind() {
            MoveKind::Promotion => make_piece(m.piece(), self.stm),
            MoveKind::Drop => make_piece(self.dropped_type(m), self.stm),
            _ => self.board[m.from().index()],
        }
    }
}

/// Per-node data for the legality test.
pub(crate) struct LegalCtx<B> {
    king: Option<Square>,
    checkers: B,
    /// Squares between the king and every enemy line piece (slider, rider, hopper) that could
    /// capture it on some occupancy, and the squares a lame leaper's path to it may cross:
    /// only moves from (or, with hoppers, to) these can expose the king.
    sensitive: B,
    hoppers: bool,
    /// No lame-leap captures (checks are blocked on lines only; drops rely on it).
    usable: bool,
    /// The fast path applies and nothing else needs a look: not in check, a royal piece, no
    /// pseudo-royals, no immobility rule.
    fast: bool,
    /// Janggi bikjang: the kings face each other (see [`Position::bikjang`]).
    bikjang: bool,
    /// Pseudo-royal pieces (extinctionPseudoRoyal) of the side to move that no enemy attacks
    /// now, where only moves from (or through a kill square on, or with hoppers to)
    /// [`LegalCtx::royal_lines`] can change that: without walker attacks, blasts or petrified
    /// captures, the only new attack a move can make on an unmoved piece is a line it opens.
    safe_royals: B,
    /// The squares between those royals and every enemy line piece (as `sensitive`).
    royal_lines: B,
    /// In check without hoppers or lame leapers: the squares on the line from the king to
    /// every checker, the only places where a drop can help (a superset: a drop there is
    /// still tested).
    drop_blocks: B,
}

impl<B: Bitboard> LegalCtx<B> {
    fn new(p: &Position<B>, checkers: B) -> Self {
        let king = p.king_square(p.stm);
        let t = &*p.t;
        let walkers = !t.walker_attackers.is_empty() && p.walker_threats();
        let usable = t.path_attacks && !walkers;
        let mut sensitive = B::EMPTY;
        if let Some(ksq) = king {
            sensitive = lines_to(p, ksq);
            // Pins along the palace diagonals.
            if let Some(pal) = t.palace.as_ref().filter(|pal| pal.lines.contains(ksq)) {
                sensitive |= pal.lines;
            }
            // Walker attacks follow no line: any move may expose the king.
            if walkers {
                sensitive = t.board;
            }
        }
        let mut drop_blocks = B::EMPTY;
        if let (Some(ksq), true) = (king, checkers.any() && t.piece_drops) {
            drop_blocks = t.board;
            for c in checkers.iter() {
                drop_blocks &= ray_between(p, ksq, c);
            }
        }
        let v = &t.variant;
        let (mut safe_royals, mut royal_lines) = (B::EMPTY, B::EMPTY);
        if v.game_end.extinction.pseudo_royal
            && !walkers
            && !v.captures.blast_on_capture
            && v.captures.petrify_on_capture_types.is_empty()
            && t.palace.is_none()
        {
            let (us, them) = (p.stm, p.stm ^ 1);
            for sr in (p.st.pseudo_royals & p.by_color[us]).iter() {
                if !p.attacked_by(sr, p.occ, them, p.by_color[them]) {
                    safe_royals = safe_royals.with(sr);
                    royal_lines |= lines_to(p, sr);
                }
            }
        }
        let bikjang = p.bikjang();
        let fast = king.is_some()
            && checkers.is_empty()
            && !v.game_end.extinction.pseudo_royal
            && !v.drops.immobility_illegal
            && !v.checks.flying_general
            && !bikjang
            && !walkers;
        LegalCtx {
            king,
            checkers,
            sensitive,
            hoppers: t.hoppers,
            usable,
            fast,
            bikjang,
            drop_blocks,
            safe_royals,
            royal_lines,
        }
    }
}

/// The squares between `sq` and every enemy (of the side to move) line piece that could
/// capture on it on some occupancy, and the squares a lame leaper's path to it may cross.
fn lines_to<B: Bitboard>(p: &Position<B>, sq: Square) -> B {
    let t = &*p.t;
    let us = p.stm;
    let them = us ^ 1;
    let mut lines = B::EMPTY;
    for ty in 0..t.n_types as u8 {
        let pt = &t.pieces[ty as usize];
        if !pt.capture_needs_occ {
            continue;
        }
        let theirs = p.pieces_of(ty, them);
        if theirs.is_empty() {
            continue;
        }
        let reach = if pt.symmetric {
            pt.capture[us].empty_board(sq)
        } else {
            pt.reverse_super[them][sq.index()]
        };
        for s in (theirs & reach).iter() {
            lines |= ray_between(p, sq, s);
            if pt.lame_capture {
                lines |= box_between(p, sq, s);
            }
        }
    }
    lines
}

/// Squares strictly between `a` and `b` on the straight line of steps from `a` to `b` (king
/// lines from the line table, other steps such as a nightrider's walked).
#[inline]
fn ray_between<B: Bitboard>(p: &Position<B>, a: Square, b: Square) -> B {
    let t = &*p.t;
    if t.lines.through(a, b).any() {
        return t.lines.between(a, b);
    }
    let geo = t.geo;
    let dx = geo.file_of(b) as i32 - geo.file_of(a) as i32;
    let dy = geo.rank_of(b) as i32 - geo.rank_of(a) as i32;
    let g = gcd(dx.unsigned_abs(), dy.unsigned_abs()) as i32;
    let mut out = B::EMPTY;
    if g <= 1 {
        return out;
    }
    let (sx, sy) = (dx / g, dy / g);
    let mut cur = a;
    for _ in 1..g {
        match geo.offset(cur, sx, sy) {
            Some(n) => {
                out = out.with(n);
                cur = n;
            }
            None => break,
        }
    }
    out
}

/// Squares of the rectangle spanned by `a` and `b`, without the two corners: a lame leaper's
/// path between them (each leg steps towards the target) lies inside.
#[inline]
fn box_between<B: Bitboard>(p: &Position<B>, a: Square, b: Square) -> B {
    let t = &*p.t;
    let geo = t.geo;
    let (fa, fb) = (geo.file_of(a), geo.file_of(b));
    let (ra, rb) = (geo.rank_of(a), geo.rank_of(b));
    let files = (fa.min(fb)..=fa.max(fb)).fold(B::EMPTY, |m, f| m | t.files[f as usize]);
    let ranks = (ra.min(rb)..=ra.max(rb)).fold(B::EMPTY, |m, r| m | t.ranks[r as usize]);
    files & ranks & !B::square(a) & !B::square(b)
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}
