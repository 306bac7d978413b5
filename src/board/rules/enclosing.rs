//! Enclosing drops and flips (`enclosingDrop`, `enclosingDropStart`, `flipEnclosedPieces`):
//! where a drop may go in reversi, ataxx, snort and connect-four-style games, and which enemy
//! pieces change sides after a move. Follows Fairy-Stockfish's drop region and `do_move`.
//!
//! Flipped pieces are kept on a stack in the position, one entry per move (drop or board
//! move, not a pass) of a flipping variant, so that unmake can turn them back.

use crate::board::bitboard::Bitboard;
use crate::board::geometry::Square;
use crate::board::position::{color_of, make_piece, type_of, BoardObserver, Position, EMPTY, WALL};
use crate::board::rules::blast::adjacent;
use crate::color::Color;
use crate::variant::EnclosingRule;

/// The eight directions of a queen's lines.
const LINES: [(i32, i32); 8] = [
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// The four orthogonal directions.
const ORTHOGONAL: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

impl<B: Bitboard> Position<B> {
    /// Enemy pieces on lines from `sq` that end in a piece of `us` right behind them (the
    /// pieces a reversi move on `sq` flips; none means the move encloses nothing).
    fn enclosed_from(&self, sq: Square, us: Color) -> B {
        let geo = &self.t.geo;
        let theirs = self.by_color[!us];
        let ours = self.by_color[us];
        let mut flipped = B::EMPTY;
        for (dx, dy) in LINES {
            let mut run = B::EMPTY;
            let mut cur = geo.offset(sq, dx, dy);
            while let Some(s) = cur {
                if !theirs.contains(s) {
                    if ours.contains(s) {
                        flipped |= run;
                    }
                    break;
                }
                run = run.with(s);
                cur = geo.offset(s, dx, dy);
            }
        }
        flipped
    }

    /// Squares next to a piece of `pieces` (kings' steps, or only orthogonal ones).
    pub(crate) fn next_to(&self, pieces: B, orthogonal: bool) -> B {
        let geo = &self.t.geo;
        let mut b = B::EMPTY;
        for sq in pieces.iter() {
            if orthogonal {
                for (dx, dy) in ORTHOGONAL {
                    if let Some(s) = geo.offset(sq, dx, dy) {
                        b = b.with(s);
                    }
                }
            } else {
                b |= adjacent::<B>(geo, sq);
            }
        }
        b
    }

    /// The squares of `b` where the side to move may drop under the variant's enclosing
    /// rule. While a square of `enclosingDropStart` is empty, drops go only there.
    pub(crate) fn enclosing_drop_filter(&self, b: B) -> B {
        let t = &*self.t;
        let us = self.stm;
        if (t.enclosing_start & !self.occ).any() {
            return b & t.enclosing_start;
        }
        match t.enclosing_drop {
            EnclosingRule::Reversi => {
                let candidates = b & self.next_to(self.by_color[!us], false);
                candidates
                    .iter()
                    .filter(|&s| self.enclosed_from(s, us).any())
                    .fold(B::EMPTY, |acc, s| acc.with(s))
            }
            EnclosingRule::Ataxx => b & self.next_to(self.by_color[us], false),
            EnclosingRule::Snort => b & !self.next_to(self.by_color[!us], true),
            EnclosingRule::Top => {
                // Onto the first rank or straight above any piece or wall (gravity).
                let geo = &t.geo;
                let above = self
                    .occ
                    .iter()
                    .filter_map(|s| geo.offset(s, 0, 1))
                    .fold(B::EMPTY, |acc, s| acc.with(s));
                b & (above | t.ranks[0])
            }
            EnclosingRule::Anyside => b & self.anyside_landings(),
            EnclosingRule::None | EnclosingRule::Quadwrangle => b,
        }
    }

    /// `enclosingDrop = anyside`: a stone pushed onto a line from one of the board's four
    /// sides, whose square on that side is empty. As Fairy-Stockfish's rule: from the west it
    /// stops before the first piece (or on the far file), from the south below the first piece
    /// (or on the far rank); from the north and the east it lands on the lowest empty square
    /// above (east of) a piece or on the first rank (file), which is not always where a
    /// stone sliding from that side would stop. Walls count as pieces.
    fn anyside_landings(&self) -> B {
        let geo = &self.t.geo;
        let (files, ranks) = (geo.files(), geo.ranks());
        let full = |f: u8, r: u8| geo.square(f, r).is_some_and(|s| self.occ.contains(s));
        let mut b = B::EMPTY;
        // One side of one line (`cell(i)` for i in 0..len): if the line's `entry` cell is
        // empty, the first empty cell whose neighbour one step `ahead` (+1 or -1) is full or
        // off the board.
        let mut land = |cell: &dyn Fn(u8) -> (u8, u8), len: u8, entry: u8, ahead: i16| {
            let at = |i: u8| {
                let (f, r) = cell(i);
                full(f, r)
            };
            if at(entry) {
                return;
            }
            let stops = |i: u8| {
                let next = i as i16 + ahead;
                next < 0 || next >= len as i16 || at(next as u8)
            };
            if let Some(i) = (0..len).find(|&i| !at(i) && stops(i)) {
                let (f, r) = cell(i);
                if let Some(s) = geo.square(f, r) {
                    b = b.with(s);
                }
            }
        };
        for r in 0..ranks {
            let cell = move |f: u8| (f, r);
            land(&cell, files, 0, 1); // from the west
            land(&cell, files, files - 1, -1); // from the east
        }
        for f in 0..files {
            let cell = move |r: u8| (f, r);
            land(&cell, ranks, 0, 1); // from the south
            land(&cell, ranks, ranks - 1, -1); // from the north
        }
        b
    }

    /// Turns the enemy pieces that the move just made onto `to` encloses (reversi: lines
    /// ending in an own piece) or touches (ataxx; quadwrangle when the move was not a drop
    /// or lands next to an own piece) into pieces of the mover, and records them for unmake.
    pub(crate) fn flip_enclosed<O: BoardObserver>(
        &mut self,
        to: Square,
        drop: bool,
        key: &mut u64,
        obs: &mut O,
    ) {
        let mover = self.board[to.index()];
        if mover == EMPTY || mover == WALL {
            // Castling's `to` is the rook's start square; nothing there encloses.
            self.flips.push(B::EMPTY);
            return;
        }
        let us = color_of(mover);
        let flipped = match self.t.flip {
            EnclosingRule::Reversi => self.enclosed_from(to, us),
            EnclosingRule::Ataxx => self.next_to(B::square(to), false) & self.by_color[!us],
            EnclosingRule::Quadwrangle => {
                let near = adjacent::<B>(&self.t.geo, to);
                if !drop || (near & self.by_color[us]).any() {
                    near & self.by_color[!us]
                } else {
                    B::EMPTY
                }
            }
            _ => B::EMPTY,
        };
        let t = std::sync::Arc::clone(&self.t);
        for s in flipped.iter() {
            let ty = type_of(self.board[s.index()]);
            *key ^= t.zobrist.piece(ty, !us, s) ^ t.zobrist.piece(ty, us, s);
            self.remove_piece(s, obs);
            self.put_piece(make_piece(ty, us), s, obs);
        }
        self.flips.push(flipped);
    }

    /// Takes back the flips of the move being unmade (call before the moved piece goes back).
    pub(crate) fn unflip<O: BoardObserver>(&mut self, obs: &mut O) {
        let Some(flipped) = self.flips.pop() else {
            return;
        };
        for s in flipped.iter() {
            let pc = self.board[s.index()];
            let (ty, c) = (type_of(pc), color_of(pc));
            self.remove_piece(s, obs);
            self.put_piece(make_piece(ty, !c), s, obs);
        }
    }
}
