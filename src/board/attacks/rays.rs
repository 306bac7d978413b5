//! Ray scanning: per square and direction, the precomputed ray; the first blocker is found
//! with one bit scan. Works for every width and needs only `8 * squares` sets, so it is the
//! method for 256-square boards (see `docs/performance.md`).

use super::{Direction, LineKind, LineSpec};
use crate::board::bitboard::Bitboard;
use crate::board::geometry::{Geometry, Square};

use super::reference;

/// Ray tables for one line piece.
#[derive(Debug, Clone)]
pub(crate) struct RayScan<B> {
    kind: LineKind,
    /// Directions in which square indices grow (first blocker = lowest bit).
    up: Vec<Direction>,
    /// Directions in which square indices shrink (first blocker = highest bit).
    down: Vec<Direction>,
    /// Full ray from each square, `rays[sq * 8 + dir]`, edge included, start excluded.
    rays: Vec<B>,
    /// The same rays cut to the range limit (equal to `rays` when unlimited).
    reach: Vec<B>,
}

#[inline(always)]
fn first_blocker<B: Bitboard>(blockers: B, up: bool) -> Square {
    if up {
        blockers.lsb()
    } else {
        blockers.msb()
    }
}

impl<B: Bitboard> RayScan<B> {
    pub(crate) fn new(geo: &Geometry, spec: &LineSpec) -> Self {
        let n = geo.num_squares();
        let mut rays = Vec::with_capacity(n * 8);
        let mut reach = Vec::with_capacity(n * 8);
        for sq in geo.squares() {
            for d in Direction::ALL {
                rays.push(reference::line_ray(
                    geo,
                    sq,
                    B::EMPTY,
                    d,
                    LineKind::Slide,
                    None,
                ));
                reach.push(reference::line_ray(
                    geo,
                    sq,
                    B::EMPTY,
                    d,
                    LineKind::Slide,
                    spec.range,
                ));
            }
        }
        RayScan {
            kind: spec.kind,
            up: spec.dirs.iter().filter(|d| d.is_increasing()).collect(),
            down: spec.dirs.iter().filter(|d| !d.is_increasing()).collect(),
            rays,
            reach,
        }
    }

    #[inline(always)]
    fn ray(&self, sq: Square, d: Direction) -> B {
        self.rays[sq.index() * 8 + d.index()]
    }

    #[inline(always)]
    fn one_ray(&self, sq: Square, occ: B, d: Direction, up: bool) -> B {
        let reach = self.reach[sq.index() * 8 + d.index()];
        match self.kind {
            LineKind::Slide => {
                let blockers = reach & occ;
                if blockers.is_empty() {
                    reach
                } else {
                    reach & !self.ray(first_blocker(blockers, up), d)
                }
            }
            LineKind::Cannon => {
                let blockers = self.ray(sq, d) & occ;
                if blockers.is_empty() {
                    return B::EMPTY;
                }
                let beyond = self.ray(first_blocker(blockers, up), d);
                let second = beyond & occ;
                let seg = if second.is_empty() {
                    beyond
                } else {
                    beyond & !self.ray(first_blocker(second, up), d)
                };
                seg & reach
            }
            LineKind::Grasshopper => {
                let blockers = self.ray(sq, d) & occ;
                if blockers.is_empty() {
                    return B::EMPTY;
                }
                let beyond = self.ray(first_blocker(blockers, up), d);
                if beyond.is_empty() {
                    return B::EMPTY;
                }
                B::square(first_blocker(beyond, up)) & reach
            }
        }
    }

    #[inline]
    pub(crate) fn attacks(&self, sq: Square, occ: B) -> B {
        let mut out = B::EMPTY;
        for &d in &self.up {
            out |= self.one_ray(sq, occ, d, true);
        }
        for &d in &self.down {
            out |= self.one_ray(sq, occ, d, false);
        }
        out
    }
}
