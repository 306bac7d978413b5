//! Rules that take moves away from the legal set: `mustCapture` (a capture must be played when
//! one is legal), `checking = false` (a move that gives check is illegal) and
//! `mutuallyImmuneTypes` (a piece may not capture a piece of its own type).

use crate::board::bitboard::Bitboard;
use crate::board::moves::{Move, MoveKind, MoveList};
use crate::board::position::{type_of, Position, EMPTY, WALL};

impl<B: Bitboard> Position<B> {
    /// Whether a move (pseudo-legal, not yet played) captures, as Fairy-Stockfish counts it:
    /// e.p., or a non-castling move onto an occupied square.
    #[inline]
    pub fn is_capture_move(&self, m: Move) -> bool {
        match m.kind() {
            MoveKind::EnPassant => true,
            MoveKind::Castling | MoveKind::Drop => false,
            _ => {
                let pc = self.board[m.to().index()];
                m.from() != m.to() && pc != EMPTY && pc != WALL
            }
        }
    }

    /// Whether the variant has a rule handled by [`Position::apply_obligations`].
    #[inline]
    pub(crate) fn has_obligations(&self) -> bool {
        let v = &self.t.variant;
        v.captures.must_capture
            || !v.checks.checking
            || !v.captures.mutually_immune_types.is_empty()
    }

    /// Whether a move is forbidden by `checking = false` or `mutuallyImmuneTypes` (both are
    /// tests on the single move).
    pub(crate) fn forbidden_by_rule(&self, m: Move) -> bool {
        let v = &self.t.variant;
        if !v.captures.mutually_immune_types.is_empty()
            && m.kind() != MoveKind::Castling
            && m.kind() != MoveKind::Drop
        {
            let a = self.board[m.from().index()];
            let b = self.board[m.to().index()];
            if b != EMPTY
                && b != WALL
                && a != EMPTY
                && a != WALL
                && type_of(a) == type_of(b)
                && v.captures.mutually_immune_types.contains(type_of(a))
            {
                return true;
            }
        }
        !v.checks.checking && self.gives_check(m)
    }

    /// Removes from a list of legal moves what the variant's obligations forbid.
    pub(crate) fn apply_obligations(&self, list: &mut MoveList) {
        let v = &self.t.variant;
        if !v.checks.checking || !v.captures.mutually_immune_types.is_empty() {
            list.retain(|&m| !self.forbidden_by_rule(m));
        }
        if self.t.variant.captures.must_capture && list.iter().any(|&m| self.is_capture_move(m)) {
            list.retain(|&m| self.is_capture_move(m));
        }
    }

    /// Whether `m`, legal otherwise, is forbidden by `mustCapture`: it does not capture while
    /// a legal capture exists.
    pub(crate) fn capture_missed(&self, m: Move) -> bool {
        if !self.t.variant.captures.must_capture || self.is_capture_move(m) {
            return false;
        }
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        list.iter().any(|&c| self.is_capture_move(c))
    }

    /// Whether playing `m` attacks the opponent's royal piece.
    pub fn gives_check(&self, m: Move) -> bool {
        let us = self.stm;
        let Some(ksq) = self.king_square(us ^ 1) else {
            return false;
        };
        let (from, to) = (m.from(), m.to());
        let kind = m.kind();
        let new_type = match kind {
            MoveKind::Normal | MoveKind::EnPassant => type_of(self.board[from.index()]),
            MoveKind::Promotion => m.piece(),
            MoveKind::PiecePromotion => {
                let t = type_of(self.board[from.index()]);
                self.t.promoted_type[t as usize].unwrap_or(t)
            }
            _ => {
                // Castling, drops, passes and anything rarer: play it on a copy.
                let mut q = self.clone();
                q.make_move(m);
                return q.checkers().any();
            }
        };
        let mut occ = (self.occ ^ B::square(from)) | B::square(to);
        if kind == MoveKind::EnPassant {
            occ ^= B::square(self.ep_capture_square(to, self.st.ep));
        }
        let pt = &self.t.pieces[new_type as usize];
        if (pt.capture[us].get(to, occ) & self.board_bb(new_type, us)).contains(ksq) {
            return true;
        }
        self.attacked_by(ksq, occ, us, self.by_color[us] & !B::square(from))
    }
}
