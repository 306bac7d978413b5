//! Lame leapers: leaps that need some squares on the way to be empty (xiangqi horse and
//! elephant, and XBetza `n` leaps). A plain loop over precomputed (target, blockers) pairs.

use super::{check_step, check_width, reference, AttackError};
use crate::board::bitboard::Bitboard;
use crate::board::geometry::{Geometry, Square};

/// One lame leap: the step, and the squares (offsets from the start) that must be empty.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct LameStep {
    /// The leap (dx, dy), as seen by White.
    pub step: (i32, i32),
    /// Offsets from the start square that must be empty; off-board ones block the leap.
    pub path: Vec<(i32, i32)>,
}

impl LameStep {
    /// A leap with its blocking squares.
    pub fn new(step: (i32, i32), path: &[(i32, i32)]) -> Self {
        LameStep {
            step,
            path: path.to_vec(),
        }
    }
}

/// Per square, the (blockers, target) pairs of a lame leaper.
#[derive(Debug, Clone)]
pub struct LameLeaperTable<B> {
    /// Pairs of square `s` are `pairs[start[s]..start[s + 1]]`.
    start: Vec<u32>,
    pairs: Vec<(B, B)>,
}

impl<B: Bitboard> LameLeaperTable<B> {
    /// Builds the table for `steps` (as seen by White; negate every `dy` for Black).
    pub fn new(geo: &Geometry, steps: &[LameStep]) -> Result<Self, AttackError> {
        check_width::<B>(geo)?;
        for s in steps {
            check_step(s.step.0, s.step.1)?;
            for &(dx, dy) in &s.path {
                check_step(dx, dy)?;
            }
        }
        let mut start = vec![0u32];
        let mut pairs = Vec::new();
        for sq in geo.squares() {
            for s in steps {
                let Some(to) = geo.offset(sq, s.step.0, s.step.1) else {
                    continue;
                };
                let path: Option<B> = s.path.iter().try_fold(B::EMPTY, |b, &(dx, dy)| {
                    geo.offset(sq, dx, dy).map(|p| b.with(p))
                });
                // A path square off the board can never be empty: that leap never happens.
                if let Some(path) = path {
                    pairs.push((path, B::square(to)));
                }
            }
            start.push(pairs.len() as u32);
        }
        debug_assert!(geo.squares().all(|sq| reference::lame_leaper::<B>(
            geo,
            sq,
            B::EMPTY,
            steps
        )
        .count()
            <= (start[sq.index() + 1] - start[sq.index()])));
        Ok(LameLeaperTable { start, pairs })
    }

    /// Squares reached from `sq` with occupancy `occ`.
    #[inline]
    pub fn attacks(&self, sq: Square, occ: B) -> B {
        let from = self.start[sq.index()] as usize;
        let to = self.start[sq.index() + 1] as usize;
        let mut out = B::EMPTY;
        for &(path, target) in &self.pairs[from..to] {
            if (path & occ).is_empty() {
                out |= target;
            }
        }
        out
    }
}
