//! Lines between and through two squares, for pins and check evasions.

use super::{check_width, reference, AttackError};
use crate::board::bitboard::Bitboard;
use crate::board::geometry::{Geometry, Square};

/// For every pair of squares on a common rank, file or diagonal: the squares strictly
/// between them, and the whole line through them.
#[derive(Debug, Clone)]
pub struct LineTable<B> {
    n: usize,
    between: Vec<B>,
    through: Vec<B>,
}

impl<B: Bitboard> LineTable<B> {
    /// Builds both tables (`n * n` sets each).
    pub fn new(geo: &Geometry) -> Result<Self, AttackError> {
        check_width::<B>(geo)?;
        let n = geo.num_squares();
        let mut between = Vec::with_capacity(n * n);
        let mut through = Vec::with_capacity(n * n);
        for a in geo.squares() {
            for b in geo.squares() {
                between.push(reference::between(geo, a, b));
                through.push(reference::line_through(geo, a, b));
            }
        }
        Ok(LineTable {
            n,
            between,
            through,
        })
    }

    /// Squares strictly between `a` and `b`; empty if they are not aligned or adjacent.
    #[inline(always)]
    pub fn between(&self, a: Square, b: Square) -> B {
        self.between[a.index() * self.n + b.index()]
    }

    /// The full line (edge to edge) through `a` and `b`, both included; empty if they are
    /// not aligned or equal.
    #[inline(always)]
    pub fn through(&self, a: Square, b: Square) -> B {
        self.through[a.index() * self.n + b.index()]
    }

    /// True if `c` lies on the line through `a` and `b` (with `a != b`).
    #[inline(always)]
    pub fn aligned(&self, a: Square, b: Square, c: Square) -> bool {
        self.through(a, b).contains(c)
    }
}
