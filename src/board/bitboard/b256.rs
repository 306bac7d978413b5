//! The 256-bit bitboard for boards above 128 squares (up to 16x16).

use super::Bitboard;
use crate::board::geometry::Square;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

/// 256 bits as four little-endian 64-bit words: word 0 holds squares 0..64.
///
/// Plain arrays of `u64` let the compiler keep the words in registers or vector lanes;
/// two `u128` halves measured no better and make word access awkward.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bb256(pub [u64; 4]);

impl std::fmt::Debug for Bb256 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Bb256({:#018x}, {:#018x}, {:#018x}, {:#018x})",
            self.0[3], self.0[2], self.0[1], self.0[0]
        )
    }
}

macro_rules! word_op {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl $tr for Bb256 {
            type Output = Bb256;
            #[inline(always)]
            fn $f(self, rhs: Bb256) -> Bb256 {
                Bb256([
                    self.0[0] $op rhs.0[0],
                    self.0[1] $op rhs.0[1],
                    self.0[2] $op rhs.0[2],
                    self.0[3] $op rhs.0[3],
                ])
            }
        }
        impl $atr for Bb256 {
            #[inline(always)]
            fn $af(&mut self, rhs: Bb256) {
                *self = *self $op rhs;
            }
        }
    };
}

word_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
word_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
word_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bb256 {
    type Output = Bb256;
    #[inline(always)]
    fn not(self) -> Bb256 {
        Bb256([!self.0[0], !self.0[1], !self.0[2], !self.0[3]])
    }
}

impl Shl<u32> for Bb256 {
    type Output = Bb256;
    /// Moves every bit `n` places up (towards higher squares); `n` is taken modulo 256.
    #[inline(always)]
    fn shl(self, n: u32) -> Bb256 {
        let words = (n as usize / 64) & 3;
        let bits = n % 64;
        let mut out = [0u64; 4];
        for (i, o) in out.iter_mut().enumerate().skip(words) {
            let src = i - words;
            *o = self.0[src] << bits;
            if bits != 0 && src > 0 {
                *o |= self.0[src - 1] >> (64 - bits);
            }
        }
        Bb256(out)
    }
}

impl Shr<u32> for Bb256 {
    type Output = Bb256;
    /// Moves every bit `n` places down (towards lower squares); `n` is taken modulo 256.
    #[inline(always)]
    fn shr(self, n: u32) -> Bb256 {
        let words = (n as usize / 64) & 3;
        let bits = n % 64;
        let mut out = [0u64; 4];
        for (i, o) in out.iter_mut().enumerate().take(4 - words) {
            let src = i + words;
            *o = self.0[src] >> bits;
            if bits != 0 && src < 3 {
                *o |= self.0[src + 1] << (64 - bits);
            }
        }
        Bb256(out)
    }
}

impl Bitboard for Bb256 {
    const BITS: u32 = 256;
    const WORDS: usize = 4;
    const EMPTY: Self = Bb256([0; 4]);
    const ALL: Self = Bb256([!0; 4]);

    #[inline(always)]
    fn square(sq: Square) -> Self {
        let i = sq.index();
        let mut w = [0u64; 4];
        w[i >> 6] = 1u64 << (i & 63);
        Bb256(w)
    }
    #[inline(always)]
    fn word(self, i: usize) -> u64 {
        self.0[i & 3]
    }
    fn from_words(words: &[u64]) -> Self {
        let mut w = [0u64; 4];
        for (dst, src) in w.iter_mut().zip(words) {
            *dst = *src;
        }
        Bb256(w)
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline(always)]
    fn lsb(self) -> Square {
        debug_assert!(!self.is_empty());
        let w = &self.0;
        let i = if w[0] != 0 {
            w[0].trailing_zeros()
        } else if w[1] != 0 {
            64 + w[1].trailing_zeros()
        } else if w[2] != 0 {
            128 + w[2].trailing_zeros()
        } else {
            192 + w[3].trailing_zeros()
        };
        Square::new(i as u8)
    }
    #[inline(always)]
    fn msb(self) -> Square {
        debug_assert!(!self.is_empty());
        let w = &self.0;
        let i = if w[3] != 0 {
            255 - w[3].leading_zeros()
        } else if w[2] != 0 {
            191 - w[2].leading_zeros()
        } else if w[1] != 0 {
            127 - w[1].leading_zeros()
        } else {
            63u32.wrapping_sub(w[0].leading_zeros())
        };
        Square::new(i as u8)
    }
    #[inline(always)]
    fn is_empty(self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }
    #[inline(always)]
    fn without_lsb(self) -> Self {
        let mut w = self.0;
        if w[0] != 0 {
            w[0] &= w[0] - 1;
        } else if w[1] != 0 {
            w[1] &= w[1] - 1;
        } else if w[2] != 0 {
            w[2] &= w[2] - 1;
        } else {
            w[3] &= w[3].wrapping_sub(1);
        }
        Bb256(w)
    }
}
