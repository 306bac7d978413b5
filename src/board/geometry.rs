//! Board geometry: size, square numbering and names, masks, and stepping with edge checks.
//!
//! Squares are numbered densely and rank-major: a1 = 0, b1 = 1, ..., `sq = rank * files +
//! file`. Files are named `a`..`p`, ranks `1`..`16` (so `a10` is file 0, rank 9).

use crate::board::bitboard::Bitboard;
use std::fmt;
use thiserror::Error;

/// Largest number of files or ranks.
pub const MAX_SIDE: u8 = 16;

/// Errors from building a geometry or reading a square name.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GeometryError {
    /// Files or ranks outside 1..=16.
    #[error("board size {files}x{ranks} is not supported (files and ranks must be 1..=16)")]
    BadSize {
        /// Files asked for.
        files: u32,
        /// Ranks asked for.
        ranks: u32,
    },
    /// A square name that is not a file letter followed by a rank number on this board.
    #[error("'{name}' is not a square of a {files}x{ranks} board")]
    BadSquareName {
        /// The text that was read.
        name: String,
        /// Files of the board.
        files: u8,
        /// Ranks of the board.
        ranks: u8,
    },
}

/// A square index, `rank * files + file`. It is only meaningful together with the
/// [`Geometry`] it came from.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Square(u8);

impl Square {
    /// The square with index `index` (0..=255).
    #[inline(always)]
    pub const fn new(index: u8) -> Self {
        Square(index)
    }
    /// The index, for table lookups.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// The index as a byte.
    #[inline(always)]
    pub const fn to_u8(self) -> u8 {
        self.0
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Square({})", self.0)
    }
}

/// Which bitboard width a board needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Width {
    /// Up to 64 squares: `u64`.
    W64,
    /// Up to 128 squares: `u128`.
    W128,
    /// Up to 256 squares: [`Bb256`](crate::board::bitboard::Bb256).
    W256,
}

/// Board size; every square-level question goes through it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Geometry {
    files: u8,
    ranks: u8,
}

impl Geometry {
    /// A board of `files` x `ranks`, each 1..=16.
    pub fn new(files: u32, ranks: u32) -> Result<Self, GeometryError> {
        let ok = |n: u32| (1..=MAX_SIDE as u32).contains(&n);
        if ok(files) && ok(ranks) {
            Ok(Geometry {
                files: files as u8,
                ranks: ranks as u8,
            })
        } else {
            Err(GeometryError::BadSize { files, ranks })
        }
    }

    /// Number of files (columns).
    #[inline(always)]
    pub const fn files(&self) -> u8 {
        self.files
    }
    /// Number of ranks (rows).
    #[inline(always)]
    pub const fn ranks(&self) -> u8 {
        self.ranks
    }
    /// Number of squares.
    #[inline(always)]
    pub const fn num_squares(&self) -> usize {
        self.files as usize * self.ranks as usize
    }
    /// The narrowest bitboard width that holds the board.
    pub const fn width(&self) -> Width {
        match self.num_squares() {
            0..=64 => Width::W64,
            65..=128 => Width::W128,
            _ => Width::W256,
        }
    }

    /// The square at (`file`, `rank`), both 0-based, or `None` off the board.
    #[inline]
    pub fn square(&self, file: u8, rank: u8) -> Option<Square> {
        (file < self.files && rank < self.ranks).then(|| Square(rank * self.files + file))
    }
    /// True if `sq` lies on this board.
    #[inline(always)]
    pub fn contains(&self, sq: Square) -> bool {
        sq.index() < self.num_squares()
    }
    /// 0-based file of `sq`.
    #[inline(always)]
    pub fn file_of(&self, sq: Square) -> u8 {
        sq.0 % self.files
    }
    /// 0-based rank of `sq`.
    #[inline(always)]
    pub fn rank_of(&self, sq: Square) -> u8 {
        sq.0 / self.files
    }
    /// Distance in king steps (the larger of the file and rank differences).
    #[inline]
    pub fn king_distance(&self, a: Square, b: Square) -> i32 {
        let df = (self.file_of(a) as i32 - self.file_of(b) as i32).abs();
        let dr = (self.rank_of(a) as i32 - self.rank_of(b) as i32).abs();
        df.max(dr)
    }

    /// The square `dx` files and `dy` ranks away from `sq`, or `None` if that leaves the
    /// board (no wrapping at the edges).
    #[inline]
    pub fn offset(&self, sq: Square, dx: i32, dy: i32) -> Option<Square> {
        let f = self.file_of(sq) as i32 + dx;
        let r = self.rank_of(sq) as i32 + dy;
        if (0..self.files as i32).contains(&f) && (0..self.ranks as i32).contains(&r) {
            Some(Square((r * self.files as i32 + f) as u8))
        } else {
            None
        }
    }
    /// All squares of the board, a1 first.
    pub fn squares(&self) -> impl Iterator<Item = Square> + Clone {
        (0..self.num_squares()).map(|i| Square(i as u8))
    }

    /// Every square of the board.
    pub fn board_mask<B: Bitboard>(&self) -> B {
        self.squares().fold(B::EMPTY, |b, sq| b.with(sq))
    }
    /// Every square of file `file` (0-based); empty if off the board.
    pub fn file_mask<B: Bitboard>(&self, file: u8) -> B {
        (0..self.ranks)
            .filter_map(|r| self.square(file, r))
            .fold(B::EMPTY, |b, sq| b.with(sq))
    }
    /// Every square of rank `rank` (0-based); empty if off the board.
    pub fn rank_mask<B: Bitboard>(&self, rank: u8) -> B {
        (0..self.files)
            .filter_map(|f| self.square(f, rank))
            .fold(B::EMPTY, |b, sq| b.with(sq))
    }

    /// The name of `sq`, such as `e4` or `a10`.
    pub fn square_name(&self, sq: Square) -> SquareName {
        SquareName {
            file: self.file_of(sq),
            rank: self.rank_of(sq),
        }
    }
    /// Reads a square name (`a1`..`p16`, lower-case file letter, rank without leading zero).
    pub fn parse_square(&self, name: &str) -> Result<Square, GeometryError> {
        let bad = || GeometryError::BadSquareName {
            name: name.to_string(),
            files: self.files,
            ranks: self.ranks,
        };
        let mut chars = name.chars();
        let letter = chars.next().ok_or_else(bad)?;
        let digits = chars.as_str();
        if !letter.is_ascii_lowercase()
            || digits.is_empty()
            || digits.len() > 2
            || digits.starts_with('0')
            || !digits.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(bad());
        }
        let file = letter as u32 - 'a' as u32;
        let rank: u32 = digits.parse().map_err(|_| bad())?;
        if file >= self.files as u32 || rank == 0 || rank > self.ranks as u32 {
            return Err(bad());
        }
        self.square(file as u8, (rank - 1) as u8).ok_or_else(bad)
    }
}

/// Printable square name (from [`Geometry::square_name`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SquareName {
    file: u8,
    rank: u8,
}

impl fmt::Display for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.rank as u32 + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_validated() {
        assert!(Geometry::new(1, 1).is_ok());
        assert!(Geometry::new(16, 16).is_ok());
        assert!(Geometry::new(0, 8).is_err());
        assert!(Geometry::new(8, 17).is_err());
        assert_eq!(Geometry::new(8, 8).unwrap().width(), Width::W64);
        assert_eq!(Geometry::new(10, 8).unwrap().width(), Width::W128);
        assert_eq!(Geometry::new(16, 8).unwrap().width(), Width::W128);
        assert_eq!(Geometry::new(12, 12).unwrap().width(), Width::W256);
    }

    #[test]
    fn names_round_trip() {
        let g = Geometry::new(10, 10).unwrap();
        for sq in g.squares() {
            let name = g.square_name(sq).to_string();
            assert_eq!(g.parse_square(&name), Ok(sq), "{name}");
        }
        assert_eq!(g.parse_square("a10").unwrap().index(), 90);
        assert_eq!(g.square_name(Square::new(99)).to_string(), "j10");
        for bad in ["", "a", "a0", "a01", "k1", "a11", "A1", "a1x", "é1"] {
            assert!(g.parse_square(bad).is_err(), "{bad}");
        }
        let big = Geometry::new(16, 16).unwrap();
        assert_eq!(big.square_name(Square::new(255)).to_string(), "p16");
    }

    #[test]
    fn offsets_stop_at_edges() {
        let g = Geometry::new(8, 8).unwrap();
        let a1 = g.square(0, 0).unwrap();
        assert_eq!(g.offset(a1, -1, 0), None);
        assert_eq!(g.offset(a1, 0, -1), None);
        assert_eq!(g.offset(a1, 1, 2), g.square(1, 2));
        let h1 = g.square(7, 0).unwrap();
        assert_eq!(g.offset(h1, 1, 0), None, "no wrap to the next rank");
        assert_eq!(g.king_distance(a1, h1), 7);
        assert_eq!(g.king_distance(h1, g.square(5, 2).unwrap()), 2);
        assert_eq!(g.king_distance(a1, a1), 0);
    }

    #[test]
    fn masks() {
        let g = Geometry::new(9, 10).unwrap();
        assert_eq!(g.board_mask::<u128>().count_ones(), 90);
        assert_eq!(g.file_mask::<u128>(3).count_ones(), 10);
        assert_eq!(g.rank_mask::<u128>(9).count_ones(), 9);
        assert_eq!(g.file_mask::<u128>(9), 0);
    }
}
