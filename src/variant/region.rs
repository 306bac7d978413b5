//! Board-independent square sets.
//!
//! A region is data about a variant, not a bitboard: it is kept as one 16-bit row per rank so it
//! fits any board up to 16x16. The board layer turns it into a bitboard of the right width when a
//! variant is concluded; squares outside the actual board are ignored there.

use std::fmt;

use serde::Serialize;

/// Most files and ranks a board may have.
pub const MAX_FILES: u8 = 16;
/// Most ranks a board may have.
pub const MAX_RANKS: u8 = 16;

/// A set of squares, `rows[rank]` bit `file` (both 0-based, a1 = file 0, rank 0).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
#[serde(into = "Vec<String>")]
pub struct Region {
    rows: [u16; MAX_RANKS as usize],
}

impl Region {
    /// No square.
    pub const EMPTY: Region = Region { rows: [0; 16] };
    /// Every square of the largest board (16x16); intersect with the board to use it.
    pub const ALL: Region = Region {
        rows: [u16::MAX; 16],
    };

    /// The whole of one rank (0-based).
    pub fn rank(rank: u8) -> Region {
        let mut r = Region::EMPTY;
        if rank < MAX_RANKS {
            r.rows[rank as usize] = u16::MAX;
        }
        r
    }

    /// The whole of one file (0-based).
    pub fn file(file: u8) -> Region {
        let mut r = Region::EMPTY;
        if file < MAX_FILES {
            for row in &mut r.rows {
                *row = 1 << file;
            }
        }
        r
    }

    /// One square (0-based file and rank).
    pub fn square(file: u8, rank: u8) -> Region {
        let mut r = Region::EMPTY;
        r.insert(file, rank);
        r
    }

    /// Adds a square; squares beyond 16x16 are ignored.
    pub fn insert(&mut self, file: u8, rank: u8) {
        if file < MAX_FILES && rank < MAX_RANKS {
            self.rows[rank as usize] |= 1 << file;
        }
    }

    /// Whether the square (0-based) is in the set.
    pub fn contains(&self, file: u8, rank: u8) -> bool {
        file < MAX_FILES && rank < MAX_RANKS && self.rows[rank as usize] & (1 << file) != 0
    }

    /// The 16-bit row of one rank (bit `file`).
    pub fn row(&self, rank: u8) -> u16 {
        self.rows.get(rank as usize).copied().unwrap_or(0)
    }

    /// Whether no square is in the set.
    pub fn is_empty(&self) -> bool {
        self.rows.iter().all(|&r| r == 0)
    }

    /// The squares inside a board of `files` x `ranks`.
    pub fn clipped(&self, files: u8, ranks: u8) -> Region {
        let mask = if files >= 16 {
            u16::MAX
        } else {
            (1u16 << files) - 1
        };
        let mut r = Region::EMPTY;
        for rank in 0..ranks.min(MAX_RANKS) {
            r.rows[rank as usize] = self.rows[rank as usize] & mask;
        }
        r
    }

    /// Union of two sets.
    pub fn union(&self, other: &Region) -> Region {
        let mut r = *self;
        for (a, b) in r.rows.iter_mut().zip(other.rows.iter()) {
            *a |= b;
        }
        r
    }

    /// Squares of `self` that are not in `other`.
    pub fn minus(&self, other: &Region) -> Region {
        let mut r = *self;
        for (a, b) in r.rows.iter_mut().zip(other.rows.iter()) {
            *a &= !b;
        }
        r
    }

    /// The set seen from the other side of a board with `ranks` ranks (rank r becomes
    /// ranks-1-r); ranks beyond the board are dropped.
    pub fn flipped(&self, ranks: u8) -> Region {
        let mut r = Region::EMPTY;
        for rank in 0..ranks.min(MAX_RANKS) {
            r.rows[(ranks - 1 - rank) as usize] = self.rows[rank as usize];
        }
        r
    }

    /// Squares in rank-major order, a1 first, as (file, rank), 0-based.
    pub fn squares(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        (0..MAX_RANKS).flat_map(move |rank| {
            (0..MAX_FILES).filter_map(move |file| self.contains(file, rank).then_some((file, rank)))
        })
    }
}

/// Square name in the INI/FEN spelling: file letter a-p, 1-based rank (`a1`, `p16`).
pub fn square_name(file: u8, rank: u8) -> String {
    format!("{}{}", (b'a' + file) as char, rank + 1)
}

impl From<Region> for Vec<String> {
    fn from(r: Region) -> Vec<String> {
        r.squares().map(|(f, rk)| square_name(f, rk)).collect()
    }
}

impl fmt::Debug for Region {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == Region::ALL {
            return write!(f, "Region(all)");
        }
        let names: Vec<String> = (*self).into();
        write!(f, "Region({})", names.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_file_square() {
        let r = Region::rank(7);
        assert!(r.contains(0, 7) && r.contains(15, 7) && !r.contains(0, 6));
        let f = Region::file(2);
        assert!(f.contains(2, 0) && f.contains(2, 15) && !f.contains(3, 0));
        assert_eq!(
            Region::square(4, 1).squares().collect::<Vec<_>>(),
            vec![(4, 1)]
        );
    }

    #[test]
    fn clip_and_flip() {
        let r = Region::rank(1).clipped(8, 8);
        assert_eq!(r.squares().count(), 8);
        let f = r.flipped(8);
        assert!(f.contains(0, 6) && !f.contains(0, 1));
    }
}
