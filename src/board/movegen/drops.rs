//! Drops and gating: pieces in hand put on the board, their legality, and `mustDrop`.

use super::LegalCtx;
use crate::board::bitboard::Bitboard;
use crate::board::geometry::Square;
use crate::board::moves::{Move, MoveKind, MoveList};
use crate::board::position::Position;
use crate::variant::EnclosingRule;

impl<B: Bitboard> Position<B> {
    /// `mustDrop`: while the side to move holds a piece of `mustDropType` (any piece without
    /// it), only drops of that type are legal, and other moves only if there is no such drop.
    #[inline(never)]
    pub(super) fn apply_must_drop(&self, list: &mut MoveList) {
        let us = self.stm;
        let must = self.t.rules.moves.must_drop_type;
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
    pub(super) fn generate_gating(&self, list: &mut MoveList) {
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
    pub(super) fn generate_drops(&self, list: &mut MoveList) {
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
                let limit = t.rules.moves.drop_no_doubled_count;
                let mine = self.pieces_of(ty, us);
                for f in &t.files {
                    if (mine & *f).count() >= limit {
                        b &= !*f;
                    }
                }
            }
            if t.rules.moves.drop_promoted && t.promoted_type[ty as usize].is_some() {
                for to in b.iter() {
                    list.push(Move::drop(to, ty, true));
                }
            }
            for to in b.iter() {
                list.push(Move::drop(to, ty, false));
            }
        }
    }

    /// Hostage exchanges (`hostageExchange`): for each of the side's own pieces in the
    /// opponent's prison, each prisoner of the same or a higher rank the side holds as its
    /// price, onto each empty square where that piece may be dropped.
    #[inline(never)]
    pub(super) fn generate_exchanges(&self, list: &mut MoveList) {
        let t = &*self.t;
        let us = self.stm;
        let them = !us;
        let rank = &t.rules.moves.hostage_rank;
        let empty = !self.occ & t.board;
        for rescued in 0..t.n_types as u8 {
            let r = rank[rescued as usize];
            if r == 0 || self.in_prison(rescued, them) == 0 {
                continue;
            }
            let targets = t.drop_region[us][rescued as usize] & empty;
            for ransom in 0..t.n_types.min(Move::MAX_RANSOM_TYPES as usize) as u8 {
                if rank[ransom as usize] >= r && self.in_prison(ransom, us) > 0 {
                    for to in targets.iter() {
                        list.push(Move::exchange(to, rescued, ransom));
                    }
                }
            }
        }
    }

    /// Whether a pseudo-legal drop is legal.
    #[inline(never)]
    pub(super) fn legal_drop(&self, m: Move, ctx: &LegalCtx<B>) -> bool {
        let t = &*self.t;
        if t.rules.moves.prisons {
            return self.legal_by_playing(m);
        }
        let rules = &t.rules;
        let us = self.stm;
        let them = !us;
        let to = m.to();
        let placed = self.dropped_type(m);
        // A piece may not be dropped where it could never move.
        if rules.moves.immobility_illegal
            && (t.pieces[placed as usize].quiet[us].empty_board(to) & t.board & !self.walls)
                .is_empty()
        {
            return false;
        }
        if rules.moves.opposite_colored_bishop_drops && !self.bishop_drop_ok(placed, to) {
            return false;
        }
        let occ = self.occ | B::square(to);
        if !rules.moves.drop_checks && self.drop_gives_check(placed, to, occ) {
            return false;
        }
        if Some(placed) == t.king {
            return !self.attacked_by(to, occ, them, self.by_color[them]);
        }
        // A drop must leave pseudo-royal pieces safe too (it may block a line, never a
        // contact attack).
        if rules.end.pseudo_royal && !self.pseudo_royal_ok(m, ctx) {
            return false;
        }
        let Some(ksq) = ctx.king else { return true };
        if ctx.usable && !ctx.hoppers {
            if ctx.checkers.is_empty() {
                // Adding a piece only blocks lines.
                return true;
            }
            if !ctx.check_lines.contains(to) {
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
    pub(crate) fn drop_gives_check(&self, placed: u8, to: Square, occ: B) -> bool {
        let t = &*self.t;
        let us = self.stm;
        let Some(eksq) = self.king_square(!us) else {
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
    pub(super) fn bishop_drop_ok(&self, placed: u8, to: Square) -> bool {
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
}
