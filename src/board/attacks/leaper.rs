//! Leaper tables: one set per square.

use super::{check_step, check_width, reference, AttackError};
use crate::board::bitboard::Bitboard;
use crate::board::geometry::{Geometry, Square};

/// The squares a leaper reaches from each square, for a fixed list of (dx, dy) steps.
#[derive(Debug, Clone)]
pub struct LeaperTable<B> {
    sets: Vec<B>,
}

impl<B: Bitboard> LeaperTable<B> {
    /// Builds the table for `steps` (as seen by White; negate `dy` for Black).
    pub fn new(geo: &Geometry, steps: &[(i32, i32)]) -> Result<Self, AttackError> {
        check_width::<B>(geo)?;
        for &(dx, dy) in steps {
            check_step(dx, dy)?;
        }
        let sets = geo
            .squares()
            .map(|sq| reference::leaper(geo, sq, steps))
            .collect();
        Ok(LeaperTable { sets })
    }

    /// Squares reached from `sq` (on the board the table was built for).
    #[inline(always)]
    pub fn attacks(&self, sq: Square) -> B {
        self.sets[sq.index()]
    }
}
