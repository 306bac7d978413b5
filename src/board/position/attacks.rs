//! Attack queries on a position: the pieces of a side that attack a square (with the
//! soldier, janggi-cannon and walker rules), whether a square is attacked, and the checkers.

use super::{type_of, Position};
use crate::board::bitboard::Bitboard;
use crate::board::geometry::Square;
use crate::color::Color;

impl<B: Bitboard> Position<B> {
    /// `mine` without the soldiers of `color` that cannot capture on `sq` sideways (not yet
    /// on their `soldierPromotionRank`): those must stand on `sq`'s file.
    #[inline(always)]
    fn soldier_mask(&self, type_id: u8, sq: Square, color: Color, mine: B) -> B {
        if Some(type_id) == self.t.soldier && !self.t.soldier_zone[color].contains(sq) {
            mine & self.t.files[self.t.geo.file_of(sq) as usize]
        } else {
            mine
        }
    }

    /// `color`'s pawns that do not attack `sq` (`prisonPromotion`): on a square of their
    /// promotion zone while they cannot promote, a pawn may not move there, so it gives no
    /// check there either.
    #[inline(never)]
    fn pawns_barred_from(&self, sq: Square, color: Color) -> B {
        let t = &*self.t;
        if !t.rules.moves.mandatory_pawn_promotion
            || !t.promotion_region[color].contains(sq)
            || self.can_promote_from_prison(color)
        {
            return B::EMPTY;
        }
        t.promotion_pawn_types[color]
            .iter()
            .fold(B::EMPTY, |b, ty| b | self.pieces_of(ty, color))
    }

    /// `mine` without the janggi cannons that would hop over a janggi cannon (one of
    /// `cannons`) to reach `sq` (`them`: the colour opposite the attackers).
    #[inline(always)]
    fn janggi_cannon_mask(
        &self,
        type_id: u8,
        sq: Square,
        occ: B,
        them: Color,
        mine: B,
        cannons: B,
    ) -> B {
        if Some(type_id) != self.t.janggi_cannon {
            return mine;
        }
        let pt = &self.t.pieces[type_id as usize];
        mine & pt.capture[them].get(sq, occ & !cannons)
    }

    /// The janggi cannons on the board (none in other variants).
    #[inline(always)]
    pub(crate) fn janggi_cannons(&self) -> B {
        match self.t.janggi_cannon {
            Some(t) => self.by_type[t as usize],
            None => B::EMPTY,
        }
    }

    /// Pieces of `color` that capture on `sq` with occupancy `occ` (their current squares;
    /// the caller removes captured ones).
    pub fn attackers_to(&self, sq: Square, occ: B, color: Color) -> B {
        self.attackers_to_with(sq, occ, color, self.janggi_cannons())
    }

    /// [`Position::attackers_to`] where `cannons` are the janggi cannons (after a move that
    /// is not made yet: the moved cannon on its new square, a captured one gone).
    pub(crate) fn attackers_to_with(&self, sq: Square, occ: B, color: Color, cannons: B) -> B {
        let mut b = B::EMPTY;
        let them = !color;
        for t in 0..self.t.n_types as u8 {
            let mine = self.pieces_of(t, color);
            if mine.is_empty() {
                continue;
            }
            let pt = &self.t.pieces[t as usize];
            if !pt.mobility[color].contains(sq) {
                continue;
            }
            let mine = self.soldier_mask(t, sq, color, mine);
            let mine = self.janggi_cannon_mask(t, sq, occ, them, mine, cannons);
            if pt.symmetric {
                // The empty-board reach is a table lookup and holds every square a line
                // piece could capture from: most types have no piece on it, and the lookup
                // with `occ` (a ray scan on large boards) is spared.
                if pt.capture_needs_occ && (pt.capture[them].empty_board(sq) & mine).is_empty() {
                    continue;
                }
                b |= pt.capture[them].get(sq, occ) & mine;
            } else {
                for s2 in (pt.reverse_super[color][sq.index()] & mine).iter() {
                    if pt.capture[color].get(s2, occ).contains(sq) {
                        b = b.with(s2);
                    }
                }
            }
        }
        if self.t.palace.is_some() {
            b |= self.palace_attackers(sq, occ, color, cannons);
        }
        if !self.t.walker_attackers.is_empty() {
            b |= self.walker_attackers(sq, occ, color, self.by_color[color] & occ);
        }
        if self.t.rules.moves.prison_promotion {
            b &= !self.pawns_barred_from(sq, color);
        }
        b
    }

    /// True if any piece of `color` captures on `sq` with occupancy `occ`, among `candidates`.
    #[inline]
    pub fn attacked_by(&self, sq: Square, occ: B, color: Color, candidates: B) -> bool {
        self.attacked_by_with(sq, occ, color, candidates, self.janggi_cannons())
    }

    /// [`Position::attacked_by`] with the janggi cannons given (see
    /// [`Position::attackers_to_with`]).
    #[inline]
    pub(crate) fn attacked_by_with(
        &self,
        sq: Square,
        occ: B,
        color: Color,
        candidates: B,
        cannons: B,
    ) -> bool {
        let them = !color;
        if self.t.rules.moves.prison_promotion {
            return (self.attackers_to_with(sq, occ, color, cannons) & candidates).any();
        }
        for t in 0..self.t.n_types as u8 {
            let mine = self.pieces_of(t, color) & candidates;
            if mine.is_empty() {
                continue;
            }
            let pt = &self.t.pieces[t as usize];
            if !pt.mobility[color].contains(sq) {
                continue;
            }
            let mine = self.soldier_mask(t, sq, color, mine);
            let mine = self.janggi_cannon_mask(t, sq, occ, them, mine, cannons);
            if pt.symmetric {
                // See `attackers_to_with`.
                if pt.capture_needs_occ && (pt.capture[them].empty_board(sq) & mine).is_empty() {
                    continue;
                }
                if (pt.capture[them].get(sq, occ) & mine).any() {
                    return true;
                }
            } else {
                for s2 in (pt.reverse_super[color][sq.index()] & mine).iter() {
                    if pt.capture[color].get(s2, occ).contains(sq) {
                        return true;
                    }
                }
            }
        }
        if !self.t.walker_attackers.is_empty()
            && self
                .walker_attackers(sq, occ, color, self.by_color[color] & candidates & occ)
                .any()
        {
            return true;
        }
        self.t.palace.is_some()
            && (self.palace_attackers(sq, occ, color, cannons) & candidates).any()
    }

    /// Enemy pieces giving check to the side to move's royal piece.
    #[inline]
    pub fn checkers(&self) -> B {
        self.st.checkers
    }

    /// [`Position::compute_checkers`] after a move that emptied `from` (none for a drop) and
    /// filled `to`, where [`Tables::quick_checks`] holds and the side to move was not in
    /// check before the move: the moved piece may check from `to`, and only a line opened
    /// through `from` can let another piece check (the piece on `to` blocks, it cannot
    /// attack through itself).
    pub(crate) fn checkers_after(&self, from: Option<Square>, to: Square) -> B {
        let Some(ksq) = self.king_square(self.stm) else {
            return B::EMPTY;
        };
        if from.is_some_and(|f| self.t.lines.through(ksq, f).any()) {
            return self.compute_checkers();
        }
        let mover = !self.stm;
        let pt = &self.t.pieces[type_of(self.board[to.index()]) as usize];
        let checks = pt.mobility[mover].contains(ksq)
            && pt.capture[self.stm].empty_board(ksq).contains(to)
            && (!pt.capture_needs_occ || pt.capture[self.stm].get(ksq, self.occ).contains(to));
        if checks {
            B::square(to)
        } else {
            B::EMPTY
        }
    }

    /// Recomputes [`Position::checkers`] from the board (tested equal to the stored set).
    pub fn compute_checkers(&self) -> B {
        match self.king_square(self.stm) {
            Some(k) => self.attackers_to(k, self.occ, !self.stm),
            None => B::EMPTY,
        }
    }
}
