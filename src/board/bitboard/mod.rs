//! Bitboards in three widths: `u64` (up to 64 squares), `u128` (up to 128) and [`Bb256`]
//! (up to 256). Bit `i` stands for the square with index `i` (see [`Square`]).
//!
//! Everything above this layer is generic over [`Bitboard`] and monomorphised, so standard
//! chess runs on plain `u64` instructions.

mod b256;
mod iter;

pub use b256::Bb256;
pub use iter::Squares;

use crate::board::geometry::Square;
use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

/// A set of squares, one bit per square index.
///
/// Shifts take a bit count below [`Bitboard::BITS`]; bits shifted past either end are lost.
/// `lsb`, `msb` and `pop_lsb` need a non-empty set: on an empty one they return an
/// unspecified square (checked with `debug_assert!`), never undefined behaviour.
pub trait Bitboard:
    Copy
    + Eq
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// Number of bits (64, 128 or 256).
    const BITS: u32;
    /// Number of 64-bit words (1, 2 or 4); word 0 holds squares 0..64.
    const WORDS: usize;
    /// No square.
    const EMPTY: Self;
    /// Every bit set (including bits beyond the board: mask with the board when needed).
    const ALL: Self;

    /// The set holding only `sq`. `sq` must be below `BITS`.
    fn square(sq: Square) -> Self;
    /// The 64-bit word `i` (`i < WORDS`).
    fn word(self, i: usize) -> u64;
    /// Builds a set from words, word 0 first; words beyond `WORDS` are ignored, missing ones
    /// are zero.
    fn from_words(words: &[u64]) -> Self;
    /// Number of squares in the set.
    fn count(self) -> u32;
    /// The lowest square of a non-empty set.
    fn lsb(self) -> Square;
    /// The highest square of a non-empty set.
    fn msb(self) -> Square;
    /// True if the set is empty.
    fn is_empty(self) -> bool;

    /// True if the set is not empty.
    #[inline(always)]
    fn any(self) -> bool {
        !self.is_empty()
    }
    /// True if `sq` is in the set.
    #[inline(always)]
    fn contains(self, sq: Square) -> bool {
        (self & Self::square(sq)).any()
    }
    /// True if the set holds two squares or more.
    #[inline(always)]
    fn more_than_one(self) -> bool {
        (self & self.without_lsb()).any()
    }
    /// The set without its lowest square (`self & (self - 1)`).
    fn without_lsb(self) -> Self;
    /// Removes and returns the lowest square of a non-empty set.
    #[inline(always)]
    fn pop_lsb(&mut self) -> Square {
        let sq = self.lsb();
        *self = self.without_lsb();
        sq
    }
    /// The lowest square, or `None` for the empty set.
    #[inline(always)]
    fn first(self) -> Option<Square> {
        if self.is_empty() {
            None
        } else {
            Some(self.lsb())
        }
    }
    /// The set with `sq` added.
    #[inline(always)]
    fn with(self, sq: Square) -> Self {
        self | Self::square(sq)
    }
    /// The set with `sq` removed.
    #[inline(always)]
    fn without(self, sq: Square) -> Self {
        self & !Self::square(sq)
    }
    /// Iterates over the squares, lowest first.
    #[inline(always)]
    fn iter(self) -> Squares<Self> {
        Squares::new(self)
    }
    /// The bits of `self` selected by `mask`, packed into the low bits of the result in
    /// order (a parallel bit extract). `mask` must hold at most 64 bits.
    #[inline(always)]
    fn extract(self, mask: Self) -> u64 {
        let mut out = 0u64;
        let mut filled = 0u32;
        for i in 0..Self::WORDS {
            let m = mask.word(i);
            if m != 0 {
                out |= pext64(self.word(i), m) << filled;
                filled += m.count_ones();
            }
        }
        out
    }
    /// A multiplicative hash of the set into the top bits of a `u64`: word `i` is multiplied
    /// by word `i` of `magic` and the products are xored (one multiplication on `u64`). Used
    /// by magic lookup tables.
    #[inline(always)]
    fn magic_hash(self, magic: Self) -> u64 {
        let mut h = 0u64;
        for i in 0..Self::WORDS {
            h ^= self.word(i).wrapping_mul(magic.word(i));
        }
        h
    }
}

/// Parallel bit extract of one word: the hardware instruction when compiled with BMI2,
/// otherwise a loop over the mask bits.
#[inline(always)]
pub(crate) fn pext64(value: u64, mask: u64) -> u64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    {
        // SAFETY: this branch is compiled only when the target has BMI2, so the instruction
        // exists on every CPU this binary runs on.
        unsafe { std::arch::x86_64::_pext_u64(value, mask) }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    {
        let mut out = 0u64;
        let mut m = mask;
        let mut bit = 1u64;
        while m != 0 {
            if value & m & m.wrapping_neg() != 0 {
                out |= bit;
            }
            m &= m - 1;
            bit <<= 1;
        }
        out
    }
}

/// True when [`pext64`] uses the hardware instruction (the binary was compiled with BMI2).
pub const HARDWARE_PEXT: bool = cfg!(all(target_arch = "x86_64", target_feature = "bmi2"));

impl Bitboard for u64 {
    const BITS: u32 = 64;
    const WORDS: usize = 1;
    const EMPTY: Self = 0;
    const ALL: Self = !0;

    #[inline(always)]
    fn square(sq: Square) -> Self {
        1u64 << sq.index()
    }
    #[inline(always)]
    fn word(self, _i: usize) -> u64 {
        self
    }
    fn from_words(words: &[u64]) -> Self {
        words.first().copied().unwrap_or(0)
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline(always)]
    fn lsb(self) -> Square {
        debug_assert!(self != 0);
        Square::new(self.trailing_zeros() as u8)
    }
    #[inline(always)]
    fn msb(self) -> Square {
        debug_assert!(self != 0);
        Square::new(63u32.wrapping_sub(self.leading_zeros()) as u8)
    }
    #[inline(always)]
    fn is_empty(self) -> bool {
        self == 0
    }
    #[inline(always)]
    fn without_lsb(self) -> Self {
        self & self.wrapping_sub(1)
    }
    #[inline(always)]
    fn extract(self, mask: Self) -> u64 {
        pext64(self, mask)
    }
    #[inline(always)]
    fn magic_hash(self, magic: Self) -> u64 {
        self.wrapping_mul(magic)
    }
}

impl Bitboard for u128 {
    const BITS: u32 = 128;
    const WORDS: usize = 2;
    const EMPTY: Self = 0;
    const ALL: Self = !0;

    #[inline(always)]
    fn square(sq: Square) -> Self {
        1u128 << sq.index()
    }
    #[inline(always)]
    fn word(self, i: usize) -> u64 {
        (self >> (64 * (i as u32 & 1))) as u64
    }
    fn from_words(words: &[u64]) -> Self {
        let lo = words.first().copied().unwrap_or(0) as u128;
        let hi = words.get(1).copied().unwrap_or(0) as u128;
        lo | hi << 64
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline(always)]
    fn lsb(self) -> Square {
        debug_assert!(self != 0);
        Square::new(self.trailing_zeros() as u8)
    }
    #[inline(always)]
    fn msb(self) -> Square {
        debug_assert!(self != 0);
        Square::new(127u32.wrapping_sub(self.leading_zeros()) as u8)
    }
    #[inline(always)]
    fn is_empty(self) -> bool {
        self == 0
    }
    #[inline(always)]
    fn without_lsb(self) -> Self {
        self & self.wrapping_sub(1)
    }
}

#[cfg(test)]
mod tests;
