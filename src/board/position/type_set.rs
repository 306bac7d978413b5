//! Sets of piece type ids as one `u64` bit mask: what the compiled rules and tables keep for
//! "these types" (there are at most [`super::tables::MAX_TYPES`] of them).

use crate::variant::PieceSet;

/// A set of piece type ids.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TypeSet(pub u64);

impl TypeSet {
    /// Whether `t` is in the set.
    #[inline(always)]
    pub fn has(self, t: u8) -> bool {
        self.0 >> t & 1 != 0
    }
    /// From a variant's piece set.
    pub fn of(set: &PieceSet) -> TypeSet {
        TypeSet(set.iter().fold(0, |acc, t| acc | 1u64 << t))
    }
    /// True if empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The ids, ascending.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        (0..64u8).filter(move |&t| self.has(t))
    }
}
