//! The two sides of a game: one type for every layer, from XBetza directions up to the
//! protocols. The board keeps a side as an index (0 = White, 1 = Black) where it indexes arrays
//! per side; [`Color::index`] and [`Color::from_index`] cross between the two.

use serde::Serialize;

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    White,
    Black,
}

impl Color {
    /// Both sides, White first.
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    /// 0 for White, 1 for Black.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The side of a board index: 0 is White, any other Black.
    #[inline]
    pub fn from_index(index: usize) -> Color {
        if index == 0 {
            Color::White
        } else {
            Color::Black
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
}

#[cfg(test)]
mod tests {
    use super::Color;

    #[test]
    fn index_round_trips_and_sides_alternate() {
        for c in Color::BOTH {
            assert_eq!(Color::from_index(c.index()), c);
            assert_ne!(c.opposite(), c);
            assert_eq!(c.opposite().opposite(), c);
        }
        assert_eq!(Color::White.index(), 0);
        assert_eq!(Color::Black.index(), 1);
    }
}
