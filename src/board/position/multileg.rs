//! The pieces whose moves only the reference walker knows (multi-leg `a` moves, locust
//! captures, bent riders, cylinder pieces, ...; see [`super::tables::Walker`]).
//!
//! Only the piece types that have such components take this path; every other piece keeps its
//! table lookups, so variants without them pay one test of an empty type set per node.
//! Components whose legs are all single leaps (the lion's, the horned falcon's and the soaring
//! eagle's) are compiled into leap chains ([`super::chains`]) and walked with bitboard tests;
//! the rest run the walker on a copy of the board as a [`betza::Board`]: slow, but such pieces
//! are rare and the walker is the ground truth, so what they do here is what `dabbaba piece`
//! shows.
//!
//! A walker move becomes one of two moves:
//! - a plain move from → to (it removes nothing but what stands on `to`; a griffon's bent
//!   ride, a lion's two-step move), which joins the piece's table moves and goes through
//!   the same promotion rules;
//! - a [`MoveKind::MultiLeg`] move from → kill square → to, removing the piece on the kill
//!   square (a locust capture, a lion's double capture, igui when `to == from`), or with an
//!   empty kill square the null move of a piece that steps out and back.

use super::chains::{LegChains, Walked};
use super::{type_of, BoardObserver, Piece, Position, EMPTY, WALL};
use crate::betza::{self, Cell};
use crate::board::bitboard::Bitboard;
use crate::board::geometry::Square;
use crate::board::moves::{Move, MoveList};
use crate::color::Color;

/// A piece a multi-leg move removed from its kill square, for unmake.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Killed {
    /// The piece (`EMPTY` when the kill square was empty: nothing to put back).
    pub(crate) piece: Piece,
    pub(crate) sq: Square,
    /// Its `promoted_from` marker.
    pub(crate) unpromoted: u8,
    /// 1 + the type it put into the mover's hand (0 = none).
    pub(crate) hand_added: u8,
}

impl<B: Bitboard> Position<B> {
    #[inline]
    fn square_for_walker(&self, sq: Square) -> betza::Square {
        betza::Square::new(self.t.geo.file_of(sq), self.t.geo.rank_of(sq))
    }

    #[inline]
    fn walker_square(&self, sq: betza::Square) -> Option<Square> {
        self.t.geo.square(sq.file, sq.rank)
    }

    /// The board as the walker sees it for a side whose pieces are `own`, with occupancy
    /// `occ` (walls are holes; enemies on `royal` may not be taken by tame legs).
    pub(crate) fn walker_board(&self, occ: B, own: B, royal: B) -> Option<betza::Board> {
        let geo = &self.t.geo;
        let mut board = betza::Board::new(geo.files(), geo.ranks())?;
        for sq in (occ & self.t.board).iter() {
            let cell = if self.walls.contains(sq) {
                Cell::Hole
            } else if own.contains(sq) {
                Cell::Own
            } else {
                Cell::Enemy {
                    royal: royal.contains(sq),
                }
            };
            board.set(self.square_for_walker(sq), cell);
        }
        Some(board)
    }

    /// The board for generating the side to move's walker moves.
    pub(crate) fn walker_board_to_move(&self) -> Option<betza::Board> {
        let them = !self.stm;
        let royal = match self.t.king {
            Some(k) => self.pieces_of(k, them),
            None => B::EMPTY,
        };
        // Iron pieces are as good as own ones to a walker: it may not end a leg on them.
        self.walker_board(
            self.occ,
            self.by_color[self.stm] | self.iron_pieces(),
            royal,
        )
    }

    /// Adds the leap-chain moves of the side to move's piece on `from` (see
    /// [`Position::walker_moves`]; multi-leg moves already in `list[start..]` are not added
    /// again).
    pub(crate) fn chain_moves(
        &self,
        chains: &LegChains,
        from: Square,
        region: B,
        start: usize,
        b: &mut B,
        list: &mut MoveList,
    ) {
        // Iron pieces block a leg's end as own pieces do.
        let own = self.by_color[self.stm] | self.iron_pieces();
        for ch in chains.starting_on(self.stm, from) {
            match ch.walk(from, self.occ, own, self.walls, None).0 {
                Walked::Blocked => {}
                Walked::Plain { to } => {
                    if region.contains(to) {
                        *b |= B::square(to);
                    }
                }
                Walked::MultiLeg { kill, to } => {
                    if region.contains(to) {
                        self.push_multi_leg(list, start, Move::multi_leg(from, kill, to));
                    }
                }
            }
        }
    }

    /// Adds a multi-leg move unless `list[start..]` has it (or, for a pass, another pass).
    fn push_multi_leg(&self, list: &mut MoveList, start: usize, mv: Move) {
        let from = mv.from();
        let null = mv.to() == from && self.board[mv.kill_square().index()] == EMPTY;
        let seen = list.as_slice()[start..].iter().any(|&o| {
            o == mv
                || null
                    && o.from() == from
                    && o.to() == from
                    && self.board[o.kill_square().index()] == EMPTY
        });
        if !seen {
            list.push(mv);
        }
    }

    /// Adds the walker moves of the `ty` piece of the side to move on `from`: destinations of
    /// plain moves to `b` (the caller turns them into moves with the table moves, promotions
    /// included), multi-leg moves to `list` (unless `list[start..]` has them). Only
    /// destinations in `region` count.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn walker_moves(
        &self,
        ty: u8,
        from: Square,
        board: &betza::Board,
        region: B,
        start: usize,
        b: &mut B,
        list: &mut MoveList,
    ) {
        let Some(w) = self.t.walkers[ty as usize].as_ref() else {
            return;
        };
        let situation = betza::Situation {
            board,
            color: self.stm,
            from: self.square_for_walker(from),
            en_passant: None,
            on_start: false,
            one_step_from_start: false,
        };
        for m in betza::moves(&w.piece, &situation) {
            let Some(to) = self.walker_square(m.to) else {
                continue;
            };
            if !region.contains(to) {
                continue;
            }
            let mut removed = m.captures.iter().filter(|&&c| c != m.to);
            let kill = match (removed.next(), removed.next()) {
                (None, _) if to != from => {
                    *b |= B::square(to);
                    continue;
                }
                // Out and back without a capture: a null move, written through an empty
                // square it passed (one of them: every route has the same effect).
                (None, _) => match m.via.iter().find(|&&v| board.get(v) == Cell::Empty) {
                    Some(&v) => v,
                    None => continue,
                },
                (Some(&k), None) => k,
                // Two removals before the last leg are refused when the tables are built.
                (Some(_), Some(_)) => continue,
            };
            let Some(kill) = self.walker_square(kill) else {
                continue;
            };
            self.push_multi_leg(list, start, Move::multi_leg(from, kill, to));
        }
    }

    /// The pieces of `color` among `own` whose walker components capture on `target` with
    /// occupancy `occ` (`target` counts as an enemy royal piece: check detection).
    pub(crate) fn walker_attackers(&self, target: Square, occ: B, color: Color, own: B) -> B {
        let t = &*self.t;
        let mut out = B::EMPTY;
        let mut board: Option<betza::Board> = None;
        let tw = self.square_for_walker(target);
        for ty in t.walker_attackers.iter() {
            let pt = &t.pieces[ty as usize];
            let Some(w) = t.walkers[ty as usize].as_ref() else {
                continue;
            };
            if !pt.mobility[color].contains(target) {
                continue;
            }
            let cands =
                self.pieces_of(ty, color) & own & w.zone[target.index()] & !B::square(target);
            for s in cands.iter() {
                if let Some(ch) = w.chains.as_ref().filter(|_| w.chain_attacks) {
                    let (tb, walls) = (B::square(target), self.walls);
                    let hits = ch
                        .starting_on(color, s)
                        .iter()
                        .any(|c| c.walk(s, occ | tb, own & !tb, walls, Some(target)).1);
                    if hits {
                        out = out.with(s);
                        continue;
                    }
                }
                if !w.captures {
                    continue;
                }
                if board.is_none() {
                    let tb = B::square(target);
                    board = self.walker_board(occ | tb, own & !tb, tb);
                }
                let Some(board) = board.as_ref() else {
                    return out;
                };
                let situation = betza::Situation {
                    board,
                    color,
                    from: self.square_for_walker(s),
                    en_passant: None,
                    on_start: false,
                    one_step_from_start: false,
                };
                if betza::moves(&w.piece, &situation)
                    .iter()
                    .any(|m| m.captures.contains(&tw))
                {
                    out = out.with(s);
                }
            }
        }
        out
    }

    /// Whether enemy pieces with walker captures are on the board (the legality shortcuts
    /// that assume line attacks do not hold then).
    #[inline(never)]
    pub(crate) fn walker_threats(&self) -> bool {
        self.t
            .walker_attackers
            .iter()
            .any(|ty| self.pieces_of(ty, !self.stm).any())
    }

    /// Legality of a [`MoveKind::MultiLeg`] move: the mover's royal piece (on `to` if it is
    /// the mover) is not attacked once the kill square and `to` are emptied of enemies.
    pub(crate) fn legal_multi_leg(&self, m: Move, king: Option<Square>) -> bool {
        let us = self.stm;
        let them = !us;
        let (from, to, kill) = (m.from(), m.to(), m.kill_square());
        let mover = type_of(self.board[from.index()]);
        let occ = ((self.occ & !B::square(kill)) ^ B::square(from)) | B::square(to);
        let candidates = self.by_color[them] & !B::square(to) & !B::square(kill);
        let ksq = if Some(mover) == self.t.king {
            to
        } else {
            match king {
                Some(k) => k,
                None => return true,
            }
        };
        !self.attacked_by(ksq, occ, them, candidates)
    }

    /// The kill-square part of making a multi-leg move: removes the piece there (to the
    /// mover's hand if captures go to hand, with the gate and castling rights it held).
    /// Returns the zobrist change and the castling rights to clear.
    #[inline(never)]
    pub(crate) fn make_kill<O: BoardObserver>(&mut self, m: Move, obs: &mut O) -> (u64, u8) {
        let kill = m.kill_square();
        let us = self.stm;
        let them = !us;
        let mut k = 0;
        if self.t.rules.moves.gating && self.st.gates[them].contains(kill) {
            self.st.gates[them] ^= B::square(kill);
            k ^= self.t.zobrist.gate(them, kill);
        }
        let victim = self.board[kill.index()];
        let mut entry = Killed {
            piece: EMPTY,
            sq: kill,
            unpromoted: 0,
            hand_added: 0,
        };
        if victim != EMPTY && victim != WALL && kill != m.from() {
            let t = std::sync::Arc::clone(&self.t);
            entry.piece = victim;
            entry.unpromoted = self.promoted_from[kill.index()];
            self.promoted_from[kill.index()] = 0;
            self.remove_piece(kill, obs);
            k ^= t.zobrist.piece(type_of(victim), !us, kill);
            self.st.rule50 = 0;
            if t.rules.moves.captures_to_hand {
                let ty = if entry.unpromoted == 0 || t.rules.moves.drop_loop {
                    type_of(victim)
                } else {
                    entry.unpromoted - 1
                };
                k ^= self.add_to_hand(ty, us, obs);
                entry.hand_added = ty + 1;
            }
        }
        self.killed.push(entry);
        (k, self.castling_mask[kill.index()])
    }

    /// Undoes [`Position::make_kill`] (after the rest of the move is undone; `us` is the
    /// side that made the move).
    #[inline(never)]
    pub(crate) fn unmake_kill<O: BoardObserver>(&mut self, us: Color, obs: &mut O) {
        let Some(e) = self.killed.pop() else { return };
        if e.piece == EMPTY {
            return;
        }
        if e.hand_added != 0 {
            let _ = self.remove_from_hand(e.hand_added - 1, us, obs);
        }
        self.put_piece(e.piece, e.sq, obs);
        self.promoted_from[e.sq.index()] = e.unpromoted;
    }

    /// Whether `m` changes nothing but the side to move: a pass, or a piece stepping out
    /// through an empty square and back (a lion's pass, which CECP engines such as HaChu
    /// write `@@@@`).
    pub fn passes(&self, m: Move) -> bool {
        m.is_pass()
            || (m.kind().is_multi_leg()
                && m.from() == m.to()
                && self.board[m.kill_square().index()] == EMPTY)
    }

    /// Whether `m` is a multi-leg move whose kill square holds a piece (it captures there).
    #[inline]
    pub fn kills(&self, m: Move) -> bool {
        if !m.kind().is_multi_leg() {
            return false;
        }
        let pc = self.board[m.kill_square().index()];
        pc != EMPTY && pc != WALL && m.kill_square() != m.from()
    }
}
