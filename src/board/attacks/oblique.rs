//! Riders along any step (nightrider `NN`, and limited ones like `N3`): only landing
//! squares block. A loop over precomputed rays of landing squares.

use super::{check_step, check_width, AttackError};
use crate::board::bitboard::Bitboard;
use crate::board::geometry::{Geometry, Square};

/// Per square and step, the landing squares in order from the start square.
#[derive(Debug, Clone)]
pub struct ObliqueRiderTable<B> {
    /// Rays of square `s` are `rays[start[s]..start[s + 1]]`, each a range into `squares`.
    start: Vec<u32>,
    rays: Vec<(u32, u32)>,
    squares: Vec<B>,
}

impl<B: Bitboard> ObliqueRiderTable<B> {
    /// Builds the table for riding each of `steps` at most `range` times (`None`: until the
    /// edge). Steps are as seen by White.
    pub fn new(
        geo: &Geometry,
        steps: &[(i32, i32)],
        range: Option<u8>,
    ) -> Result<Self, AttackError> {
        check_width::<B>(geo)?;
        if range == Some(0) {
            return Err(AttackError::ZeroRange);
        }
        for &(dx, dy) in steps {
            check_step(dx, dy)?;
        }
        let max = range.map_or(usize::MAX, usize::from);
        let mut start = vec![0u32];
        let mut rays = Vec::new();
        let mut squares = Vec::new();
        for sq in geo.squares() {
            for &(dx, dy) in steps {
                let first = squares.len() as u32;
                let mut cur = sq;
                while let Some(next) = geo.offset(cur, dx, dy) {
                    if squares.len() - first as usize >= max {
                        break;
                    }
                    squares.push(B::square(next));
                    cur = next;
                }
                if squares.len() as u32 > first {
                    rays.push((first, squares.len() as u32));
                }
            }
            start.push(rays.len() as u32);
        }
        Ok(ObliqueRiderTable {
            start,
            rays,
            squares,
        })
    }

    /// Squares reached from `sq` with occupancy `occ` (the first occupied square of each ray
    /// is included).
    #[inline]
    pub fn attacks(&self, sq: Square, occ: B) -> B {
        let from = self.start[sq.index()] as usize;
        let to = self.start[sq.index() + 1] as usize;
        let mut out = B::EMPTY;
        for &(a, b) in &self.rays[from..to] {
            for &s in &self.squares[a as usize..b as usize] {
                out |= s;
                if (s & occ).any() {
                    break;
                }
            }
        }
        out
    }
}
