//! Rules that take moves away from the legal set: `mustCapture` (a capture must be played when
//! one is legal), `checking = false` (a move that gives check is illegal) and
//! `mutuallyImmuneTypes` (a piece may not capture a piece of its own type).

use crate::board::bitboard::Bitboard;
use crate::board::geometry::Square;
use crate::board::moves::{Move, MoveKind, MoveList};
use crate::board::position::{type_of, Position, EMPTY, WALL};

impl<B: Bitboard> Position<B> {
    /// Whether a move (pseudo-legal, not yet played) captures, as Fairy-Stockfish counts it:
    /// e.p., or a non-castling move onto an occupied square.
    #[inline]
    pub fn is_capture_move(&self, m: Move) -> bool {
        match m.kind() {
            MoveKind::EnPassant => true,
            MoveKind::Castling | MoveKind::Drop | MoveKind::Exchange => false,
            _ => {
                let pc = self.board[m.to().index()];
                m.from() != m.to() && pc != EMPTY && pc != WALL
            }
        }
    }

    /// Whether the variant has a rule handled by [`Position::apply_obligations`].
    #[inline]
    pub(crate) fn has_obligations(&self) -> bool {
        self.t.rules.obligations
    }

    /// Whether a move is forbidden by `checking = false` or `mutuallyImmuneTypes` (both are
    /// tests on the single move).
    pub(crate) fn forbidden_by_rule(&self, m: Move) -> bool {
        let rules = &self.t.rules;
        let immune = rules.captures.mutually_immune;
        if !immune.is_empty() && m.kind() != MoveKind::Castling && !m.kind().is_drop_like() {
            let a = self.board[m.from().index()];
            let b = self.board[m.to().index()];
            if b != EMPTY
                && b != WALL
                && a != EMPTY
                && a != WALL
                && type_of(a) == type_of(b)
                && immune.has(type_of(a))
            {
                return true;
            }
        }
        !rules.checks.checking && self.gives_check(m)
    }

    /// Removes from a list of legal moves what the variant's obligations forbid.
    pub(crate) fn apply_obligations(&self, list: &mut MoveList) {
        let rules = &self.t.rules;
        if !rules.checks.checking || !rules.captures.mutually_immune.is_empty() {
            list.retain(|&m| !self.forbidden_by_rule(m));
        }
        if rules.captures.must_capture && list.iter().any(|&m| self.is_capture_move(m)) {
            list.retain(|&m| self.is_capture_move(m));
        }
    }

    /// Whether `m`, legal otherwise, is forbidden by `mustCapture`: it does not capture while
    /// a legal capture exists.
    pub(crate) fn capture_missed(&self, m: Move) -> bool {
        if !self.t.rules.captures.must_capture || self.is_capture_move(m) {
            return false;
        }
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        list.iter().any(|&c| self.is_capture_move(c))
    }

    /// Whether playing `m` attacks the opponent's royal piece: what [`Self::checkers`] shows
    /// after the move (`tests/gives_check.rs`). Worked out without making the move, except
    /// for the rarer moves and pieces named below, which are played on a copy.
    pub fn gives_check(&self, m: Move) -> bool {
        let us = self.stm;
        let Some(ksq) = self.king_square(!us) else {
            return false;
        };
        let (from, to) = (m.from(), m.to());
        let kind = m.kind();
        // Prisons change which pawns attack (`prisonPromotion`).
        if self.t.rules.moves.prisons {
            return self.gives_check_by_playing(m);
        }
        if kind == MoveKind::Drop && !m.drop_promoted() && m.wall_square().is_none() {
            return self.drop_gives_check(m.piece(), to, self.occ | B::square(to));
        }
        // A gated piece or a wall changes a second square, a piece arriving on a palace line
        // may attack along it, and multi-leg attacks depend on which pieces are friendly:
        // these moves are played on a copy.
        let on_palace_line = self.t.palace.as_ref().is_some_and(|p| p.lines.contains(to));
        if m.is_gating()
            || m.wall_square().is_some()
            || on_palace_line
            || !self.t.walker_attackers.is_empty()
        {
            return self.gives_check_by_playing(m);
        }
        let new_type = match kind {
            MoveKind::Normal | MoveKind::EnPassant => type_of(self.board[from.index()]),
            MoveKind::Promotion | MoveKind::PiecePromotion => self
                .promotion_type(m)
                .unwrap_or(type_of(self.board[from.index()])),
            // Castling, promoted drops, passes and anything rarer.
            _ => return self.gives_check_by_playing(m),
        };
        let mut occ = (self.occ ^ B::square(from)) | B::square(to);
        if kind == MoveKind::EnPassant {
            occ ^= B::square(self.ep_capture_square(to, self.st.ep));
        }
        // Janggi cannons after the move: the moved one on its new square, a captured one
        // gone (a cannon cannot hop over a cannon).
        let cannons = match self.t.janggi_cannon {
            Some(c) => {
                let left = self.by_type[c as usize] & !B::square(from) & !B::square(to);
                if new_type == c {
                    left | B::square(to)
                } else {
                    left
                }
            }
            None => B::EMPTY,
        };
        let pt = &self.t.pieces[new_type as usize];
        if (pt.capture[us].get(to, occ) & self.board_bb(new_type, us)).contains(ksq)
            && (Some(new_type) != self.t.janggi_cannon
                || pt.capture[us].get(to, occ & !cannons).contains(ksq))
        {
            return true;
        }
        // Where checks follow from the squares a move changed (leaps and king-line slides
        // only, see `checkers_after`), another piece can check only through a line the move
        // opened: through `from`, or through the pawn taken en passant.
        if self.t.quick_checks {
            let opens = |s: Square| self.t.lines.through(ksq, s).any();
            let ep_opens =
                kind == MoveKind::EnPassant && opens(self.ep_capture_square(to, self.st.ep));
            if !opens(from) && !ep_opens {
                return false;
            }
        }
        self.attacked_by_with(ksq, occ, us, self.by_color[us] & !B::square(from), cannons)
    }

    /// [`Self::gives_check`] the slow and sure way: the move is made on a copy.
    fn gives_check_by_playing(&self, m: Move) -> bool {
        let mut q = self.clone();
        q.make_move(m);
        q.checkers().any()
    }
}
