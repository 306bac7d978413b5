//! Iteration over the squares of a bitboard.

use super::Bitboard;
use crate::board::geometry::Square;

/// Iterator over the squares of a bitboard, lowest index first.
#[derive(Clone, Copy, Debug)]
pub struct Squares<B: Bitboard> {
    rest: B,
}

impl<B: Bitboard> Squares<B> {
    /// Iterates over the squares of `set`.
    #[inline(always)]
    pub fn new(set: B) -> Self {
        Self { rest: set }
    }
}

impl<B: Bitboard> Iterator for Squares<B> {
    type Item = Square;

    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.rest.is_empty() {
            None
        } else {
            Some(self.rest.pop_lsb())
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.rest.count() as usize;
        (n, Some(n))
    }
}

impl<B: Bitboard> ExactSizeIterator for Squares<B> {}
