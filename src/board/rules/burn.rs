//! Burns (`burnPieceTypes`, Tenjiku Shogi's fire demon), as HaChu plays them: after a move of
//! a burner, every enemy piece next to where it stops is removed; a piece that ends its move
//! next to an enemy burner is removed itself after that move (a passive burn), and a burner
//! burnt so burns nothing. Burns are capture side effects: the removed pieces go on the
//! position's stack of [`Blasted`] pieces, which unmake puts back.
//!
//! They change what "attacked" means, so while a burner is on the board the legality test
//! plays the move on a copy and asks [`Position::threatened`] of each royal piece.

use crate::board::bitboard::Bitboard;
use crate::board::geometry::Square;
use crate::board::moves::Move;
use crate::board::position::{color_of, type_of, BoardObserver, Position, EMPTY};
use crate::board::rules::blast::{adjacent, Blasted};
use crate::color::Color;

impl<B: Bitboard> Position<B> {
    /// The burners of `color` on the board.
    #[inline]
    fn burners(&self, color: Color) -> B {
        self.pieces_in(self.t.rules.captures.burn) & self.by_color[color]
    }

    /// Whether a burner of either side stands on the board (then moves are judged by
    /// playing them).
    #[inline]
    pub(crate) fn burners_on_board(&self) -> bool {
        !self.t.rules.captures.burn.is_empty() && self.pieces_in(self.t.rules.captures.burn).any()
    }

    /// Applies the burns of a move of `us` by a piece of type `mover_type` (before any
    /// promotion) that ended on `to` (the piece stands there). Updates the key; returns
    /// whether anything was removed.
    pub(crate) fn apply_burns<O: BoardObserver>(
        &mut self,
        to: Square,
        mover_type: u8,
        us: Color,
        key: &mut u64,
        obs: &mut O,
    ) -> bool {
        let near = adjacent::<B>(&self.t.geo, to);
        let mover_stands = {
            let pc = self.board[to.index()];
            pc != EMPTY && color_of(pc) == us
        };
        let burnt = if mover_stands && (near & self.burners(!us)).any() {
            B::square(to)
        } else if mover_stands && self.t.rules.captures.burn.has(mover_type) {
            near & self.by_color[!us] & !self.iron_pieces()
        } else {
            return false;
        };
        if burnt.is_empty() {
            return false;
        }
        let depth = self.history.len() as u32;
        let t = std::sync::Arc::clone(&self.t);
        for sq in burnt.iter() {
            let pc = self.board[sq.index()];
            self.blasts.push(Blasted {
                depth,
                sq,
                piece: pc,
                unpromoted: self.promoted_from[sq.index()],
                walled: false,
            });
            *key ^= t.zobrist.piece(type_of(pc), color_of(pc), sq);
            self.promoted_from[sq.index()] = 0;
            self.remove_piece(sq, obs);
        }
        self.st.rule50 = 0;
        true
    }

    /// Whether a piece of `color`'s opponent on `sq` could be removed by `color`'s next move:
    /// attacked, or next to (or on) a square one of `color`'s burners can move to and stay
    /// on unburnt.
    pub(crate) fn threatened(&self, sq: Square, color: Color) -> bool {
        if self.attacked_by(sq, self.occ, color, self.by_color[color]) {
            return true;
        }
        let t = &*self.t;
        let near = adjacent::<B>(&t.geo, sq).with(sq);
        let enemy_burners = self.burners(!color);
        let empty = !self.occ & t.board;
        for from in self.burners(color).iter() {
            let ty = type_of(self.board[from.index()]);
            let pt = &t.pieces[ty as usize];
            let captures = pt.capture[color].get(from, self.occ);
            let quiets = if pt.same_reach {
                captures
            } else {
                pt.quiet[color].get(from, self.occ)
            };
            let reach = (captures & self.by_color[!color]) | (quiets & empty);
            for to in (reach & near).iter() {
                let burnt_there =
                    (adjacent::<B>(&t.geo, to) & enemy_burners & !B::square(to)).any();
                if !burnt_there {
                    return true;
                }
            }
        }
        false
    }

    /// Legality with burners on the board: the move played on a copy, after which the mover
    /// must keep a royal piece, and (as the pseudo-royal test does) no royal of its that is
    /// the last of its kind may be threatened, nor, with duple check, all of them at once.
    #[inline(never)]
    pub(crate) fn legal_with_burns(&self, m: Move) -> bool {
        let us = self.stm;
        let them = !us;
        let mut q = self.copy_without_history();
        q.make_move(m);
        let royal_types = self.t.extinction_types;
        let royals = q.pieces_in(royal_types) & q.by_color[us];
        if royals.is_empty() && !royal_types.is_empty() {
            return false;
        }
        if let Some(ksq) = q.king_square(us).filter(|_| self.t.king.is_some()) {
            if q.threatened(ksq, them) {
                return false;
            }
        }
        let last = q.st.pseudo_royals & q.by_color[us];
        if last.iter().any(|sq| q.threatened(sq, them)) {
            return false;
        }
        if self.t.rules.checks.duple_check {
            let cands = q.pseudo_royal_candidates() & q.by_color[us];
            if cands.any() && cands.iter().all(|sq| q.threatened(sq, them)) {
                return false;
            }
        }
        true
    }
}
