//! Walls after a move (`wallingRule`): each move becomes one move per square its wall may go to.

use crate::board::bitboard::Bitboard;
use crate::board::moves::{Move, MoveKind, MoveList};
use crate::board::position::{type_of, Position};
use crate::variant::WallingRule;

impl<B: Bitboard> Position<B> {
    /// `wallingRule`: every move also puts a wall on an empty square, chosen by the rule
    /// (Fairy-Stockfish's gating of walls): `past` the square the piece left, `static` any
    /// square of the walling region, `arrow` a square the moved piece could move to from its
    /// new square, `edge` a square on the board's edge or next to a wall, `duck` any empty
    /// square but the duck's own (the duck must move; make-move lifts it). Each move becomes
    /// one move per wall square; a move with no square for its wall is not legal.
    #[inline(never)]
    pub(super) fn add_walls(&self, list: &mut MoveList) {
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
                // Drops and multi-leg moves take no wall (`board::unenforced::walling_enforced`).
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
            // One move per square of `b`: `count` of them, so `pop_lsb` never sees `b` empty.
            list.extend_with(b.count() as usize, || m.with_wall(b.pop_lsb()));
        }
        list.remove_first(plain);
    }

    /// The occupied squares (walls included) after a move that can take a wall, or `None`
    /// for the kinds that cannot (drops, multi-leg moves, Cambodian specials, promotions to a
    /// type a walling move cannot hold).
    pub(super) fn occupied_after(&self, m: Move) -> Option<B> {
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
            MoveKind::Drop
            | MoveKind::Exchange
            | MoveKind::Special
            | MoveKind::MultiLeg
            | MoveKind::MultiLegPromotion => None,
        }
    }
}
