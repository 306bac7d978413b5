//! The two sides of a game: one type for every layer, from XBetza directions up to the
//! protocols. Arrays per side (`[T; 2]`) are indexed by a `Color` directly; `!c` is the other
//! side. Where a side is part of a larger index (a table of `2 * n` entries), [`Color::index`]
//! gives 0 for White and 1 for Black.

use serde::Serialize;
use std::ops::{Index, IndexMut, Not};

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
#[repr(u8)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    /// Both sides, White first.
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    /// 0 for White, 1 for Black.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The side whose pieces a FEN letter names: lowercase letters are Black's.
    #[inline]
    pub fn of_letter(letter: char) -> Color {
        if letter.is_ascii_lowercase() {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The other side.
    #[inline]
    pub fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// +1 for White, -1 for Black: the sign of a score or a rank step seen from this side.
    #[inline]
    pub fn sign(self) -> i32 {
        1 - 2 * self as i32
    }
}

impl Not for Color {
    type Output = Color;
    /// The other side.
    #[inline(always)]
    fn not(self) -> Color {
        self.opposite()
    }
}

// Unchecked: the compiler does not always know that a `Color` in a register is 0 or 1, and
// `self[c as usize]` tested the index against the length at every use (measured: 1.3 % more
// instructions in `bench` than the `usize` indices before, 4 % in the evaluation; a `match`
// on the colour was worse still).
impl<T> Index<Color> for [T; 2] {
    type Output = T;
    #[inline(always)]
    fn index(&self, c: Color) -> &T {
        // SAFETY: a `Color` is 0 or 1 (`repr(u8)` with those two discriminants), below 2.
        unsafe { self.get_unchecked(c as usize) }
    }
}

impl<T> IndexMut<Color> for [T; 2] {
    #[inline(always)]
    fn index_mut(&mut self, c: Color) -> &mut T {
        // SAFETY: as for `index`.
        unsafe { self.get_unchecked_mut(c as usize) }
    }
}

#[cfg(test)]
mod tests {
    use super::Color;

    #[test]
    fn indices_and_sides_alternate() {
        for c in Color::BOTH {
            assert_ne!(c.opposite(), c);
            assert_eq!(c.opposite().opposite(), c);
        }
        assert_eq!(Color::White.index(), 0);
        assert_eq!(Color::Black.index(), 1);
        assert_eq!(!Color::White, Color::Black);
        assert_eq!(
            (Color::of_letter('k'), Color::of_letter('K')),
            (Color::Black, Color::White)
        );
        assert_eq!((Color::White.sign(), Color::Black.sign()), (1, -1));
        let mut per_side = ["white", "black"];
        assert_eq!(per_side[Color::Black], "black");
        per_side[Color::White] = "first";
        assert_eq!(per_side, ["first", "black"]);
    }
}
