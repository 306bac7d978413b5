//! Connection wins (`connectN`, `connectNxN`, `collinearN`, `connectRegion1`/`2`): the side
//! that just moved wins (or loses, by `connectValue`) when its pieces of
//! `connectPieceTypes` form a line, a square block, a line with gaps, or a chain from one
//! region to the other. Follows Fairy-Stockfish's `is_immediate_game_end`, including its
//! directions: lines run along the enabled directions east, north, north-east and south-east
//! (`connectHorizontal`, `connectVertical`, `connectDiagonal`), and a region chain grows only
//! along those four directions.

use super::{negate, EndReason};
use crate::board::bitboard::Bitboard;
use crate::board::geometry::Square;
use crate::board::position::Position;
use crate::variant::GameValue;

impl<B: Bitboard> Position<B> {
    /// Whether the variant has any connection rule (checked before the rest, at every node).
    pub(crate) fn has_connect_rule(&self) -> bool {
        self.t.connect_rule
    }

    /// The connection win of the side that just moved, valued for the side to move.
    pub(crate) fn connect_end(&self) -> Option<(GameValue, EndReason)> {
        let end = &self.t.rules.end;
        let mover = !self.stm;
        let pieces = match end.connect_types {
            None => self.by_color[mover],
            Some(set) => set
                .iter()
                .fold(B::EMPTY, |b, t| b | self.pieces_of(t, mover)),
        };
        let dirs = &self.t.connect_dirs;
        let geo = &self.t.geo;
        let step = |s: Square, (dx, dy): (i32, i32), k: i32| geo.offset(s, dx * k, dy * k);
        let won = (end.connect_n > 0
            && pieces.iter().any(|s| {
                dirs.iter().any(|&d| {
                    (1..end.connect_n as i32)
                        .all(|k| step(s, d, k).is_some_and(|q| pieces.contains(q)))
                })
            }))
            || (end.connect_nxn > 0
                && pieces.iter().any(|s| {
                    let n = end.connect_nxn as i32;
                    (0..n).all(|dx| {
                        (0..n).all(|dy| geo.offset(s, dx, dy).is_some_and(|q| pieces.contains(q)))
                    })
                }))
            || (end.collinear_n > 0
                && pieces.iter().any(|s| {
                    dirs.iter().any(|&d| {
                        let on_line = |sign: i32| {
                            (1..)
                                .map_while(|k| step(s, d, sign * k))
                                .filter(|&q| pieces.contains(q))
                                .count()
                        };
                        1 + on_line(1) + on_line(-1) >= end.collinear_n as usize
                    })
                }))
            || (self.t.connect_regions && self.regions_connected(pieces, mover.index(), dirs));
        won.then(|| (negate(end.connect_value), EndReason::Connect))
    }

    /// Whether `pieces` chain from `connectRegion1` to `connectRegion2` of `mover`: the
    /// chain grows step by step from the pieces in the first region, and wins when a step
    /// lands in the second.
    fn regions_connected(&self, pieces: B, mover: usize, dirs: &[(i32, i32)]) -> bool {
        let from = self.t.connect_region1[mover];
        let target = self.t.connect_region2[mover];
        let mut reached = from & pieces;
        if reached.is_empty() || (target & pieces).is_empty() {
            return false;
        }
        loop {
            let mut stepped = B::EMPTY;
            for s in reached.iter() {
                for &(dx, dy) in dirs {
                    if let Some(q) = self.t.geo.offset(s, dx, dy) {
                        stepped = stepped.with(q);
                    }
                }
            }
            stepped &= pieces;
            if (stepped & target).any() {
                return true;
            }
            if (stepped & !reached).is_empty() {
                return false;
            }
            reached |= stepped;
        }
    }
}
