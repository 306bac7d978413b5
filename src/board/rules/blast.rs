//! Capture side effects: atomic explosions (`blastOnCapture`, `blastImmuneTypes`) and
//! petrification (`petrifyOnCaptureTypes`, `petrifyBlastPieces`).
//!
//! A capture in an atomic variant removes the capturing piece and every piece next to the
//! target square except pawns; pieces of a blast-immune type survive. A piece of a petrifying
//! type that captures turns into a wall square. Both follow Fairy-Stockfish's `do_move`. The
//! removed pieces are kept on a stack in the position (tagged with the depth of the move that
//! removed them) so that unmake can put them back; the state copied on every move stays small.

use crate::board::bitboard::Bitboard;
use crate::board::geometry::{Geometry, Square};

use crate::board::position::{type_of, BoardObserver, Piece, Position, WALL};

/// A piece removed by a blast or petrification, to be restored by unmake.
#[derive(Debug, Clone, Copy)]
pub struct Blasted {
    /// `history.len()` after the move that removed it was pushed.
    pub depth: u32,
    /// Where it stood.
    pub sq: Square,
    /// The piece.
    pub piece: Piece,
    /// What it was promoted from (the position's `promoted_from` marker).
    pub unpromoted: u8,
    /// A wall was put on its square (petrification).
    pub walled: bool,
}

/// The squares a king steps to from `sq` (the blast radius).
#[inline]
pub fn adjacent<B: Bitboard>(geo: &Geometry, sq: Square) -> B {
    let mut b = B::EMPTY;
    for (dx, dy) in [
        (-1, -1),
        (0, -1),
        (1, -1),
        (-1, 0),
        (1, 0),
        (-1, 1),
        (0, 1),
        (1, 1),
    ] {
        if let Some(s) = geo.offset(sq, dx, dy) {
            b = b.with(s);
        }
    }
    b
}

impl<B: Bitboard> Position<B> {
    /// Whether the variant has a capture side effect handled here (checked only on captures).
    #[inline]
    pub(crate) fn has_capture_effects(&self) -> bool {
        self.t.rules.captures.effects
    }

    /// Squares cleared by an atomic capture on `to`, seen on the board before the move:
    /// `to` and its non-pawn neighbours (the legality test uses this; it ignores immunity as
    /// Fairy-Stockfish's does).
    pub(crate) fn blast_zone_before(&self, to: Square) -> B {
        let pawns = match self.t.pawn {
            Some(p) => self.by_type[p as usize],
            None => B::EMPTY,
        };
        let pieces = self.all_pieces();
        (adjacent::<B>(&self.t.geo, to) & pieces & !pawns & !self.iron_pieces()) | B::square(to)
    }

    /// Applies the side effects of a capture that has just been played onto `to` (the
    /// capturer stands there, the victim is gone). Updates the key and castling rights.
    /// `mover_type` is the type that moved (before any promotion): it decides petrification,
    /// while the wall replaces whatever stands on `to` (Fairy-Stockfish's reading).
    pub(crate) fn apply_capture_effects<O: BoardObserver>(
        &mut self,
        to: Square,
        mover_type: u8,
        key: &mut u64,
        obs: &mut O,
    ) {
        let c = self.t.rules.captures;
        let blast = if c.blast {
            let immune = self.pieces_in(c.blast_immune);
            let pawns = match self.t.pawn {
                Some(p) => self.by_type[p as usize],
                None => B::EMPTY,
            };
            let pieces = self.all_pieces();
            ((adjacent::<B>(&self.t.geo, to) & pieces & !pawns) | B::square(to)) & pieces & !immune
        } else if c.petrify.has(mover_type) {
            B::square(to)
        } else {
            return;
        };
        let depth = self.history.len() as u32;
        let t = std::sync::Arc::clone(&self.t);
        let z = &t.zobrist;
        for sq in blast.iter() {
            let pc = self.board[sq.index()];
            let walled = if sq == to {
                c.petrify.has(type_of(pc))
            } else {
                c.petrify_blast
            };
            self.blasts.push(Blasted {
                depth,
                sq,
                piece: pc,
                unpromoted: self.promoted_from[sq.index()],
                walled,
            });
            *key ^= z.piece(type_of(pc), crate::board::position::color_of(pc), sq);
            self.promoted_from[sq.index()] = 0;
            self.remove_piece(sq, obs);
            let mask = self.castling_mask[sq.index()];
            if self.st.castling & mask != 0 {
                *key ^= z.castling[self.st.castling as usize];
                self.st.castling &= !mask;
                *key ^= z.castling[self.st.castling as usize];
            }
            if walled {
                self.board[sq.index()] = WALL;
                self.walls = self.walls.with(sq);
                self.occ = self.occ.with(sq);
                *key ^= z.wall[sq.index()];
            }
        }
    }

    /// Puts back what [`Position::apply_capture_effects`] removed at the current depth (call
    /// before the moved piece goes back; `depth` is `history.len()` before popping).
    pub(crate) fn undo_capture_effects<O: BoardObserver>(&mut self, depth: u32, obs: &mut O) {
        while let Some(b) = self.blasts.last().copied() {
            if b.depth != depth {
                break;
            }
            self.blasts.pop();
            if b.walled {
                self.board[b.sq.index()] = crate::board::position::EMPTY;
                self.walls ^= B::square(b.sq);
                self.occ ^= B::square(b.sq);
            }
            self.put_piece(b.piece, b.sq, obs);
            self.promoted_from[b.sq.index()] = b.unpromoted;
        }
    }
}
