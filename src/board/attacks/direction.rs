//! The eight king directions, and sets of them.

/// One of the eight king directions. The discriminant orders them clockwise from north.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// Up the board (towards higher ranks): (0, 1).
    N = 0,
    /// (1, 1).
    NE = 1,
    /// Towards higher files: (1, 0).
    E = 2,
    /// (1, -1).
    SE = 3,
    /// (0, -1).
    S = 4,
    /// (-1, -1).
    SW = 5,
    /// (-1, 0).
    W = 6,
    /// (-1, 1).
    NW = 7,
}

impl Direction {
    /// All eight, in discriminant order.
    pub const ALL: [Direction; 8] = [
        Direction::N,
        Direction::NE,
        Direction::E,
        Direction::SE,
        Direction::S,
        Direction::SW,
        Direction::W,
        Direction::NW,
    ];

    /// The unit step (dx, dy).
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Direction::N => (0, 1),
            Direction::NE => (1, 1),
            Direction::E => (1, 0),
            Direction::SE => (1, -1),
            Direction::S => (0, -1),
            Direction::SW => (-1, -1),
            Direction::W => (-1, 0),
            Direction::NW => (-1, 1),
        }
    }

    /// The direction of a unit step, if (dx, dy) is one.
    pub fn from_delta(dx: i32, dy: i32) -> Option<Direction> {
        Direction::ALL.into_iter().find(|d| d.delta() == (dx, dy))
    }

    /// The opposite direction.
    pub const fn opposite(self) -> Direction {
        Direction::ALL[(self as usize + 4) % 8]
    }

    /// True if square indices grow along this direction: N, NE, E, and NW (one rank up is
    /// `files` indices, more than the one file back; on a one-file board NW never moves).
    /// The first blocker along such a ray is its lowest set bit, otherwise its highest.
    pub const fn is_increasing(self) -> bool {
        matches!(
            self,
            Direction::N | Direction::NE | Direction::E | Direction::NW
        )
    }

    /// Index 0..8, for tables.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// A set of [`Direction`]s.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Directions(u8);

impl Directions {
    /// No direction.
    pub const NONE: Directions = Directions(0);
    /// N, E, S, W (rook lines).
    pub const ORTHOGONAL: Directions = Directions(0b0101_0101);
    /// NE, SE, SW, NW (bishop lines).
    pub const DIAGONAL: Directions = Directions(0b1010_1010);
    /// All eight (queen lines).
    pub const ALL: Directions = Directions(0xff);

    /// The set holding only `d`.
    pub const fn only(d: Direction) -> Directions {
        Directions(1 << d as u8)
    }
    /// The set from its bits (bit `i` = `Direction::ALL[i]`).
    pub const fn from_bits(bits: u8) -> Directions {
        Directions(bits)
    }
    /// Bit `i` set for `Direction::ALL[i]`.
    pub const fn bits(self) -> u8 {
        self.0
    }
    /// The set with `d` added.
    pub const fn with(self, d: Direction) -> Directions {
        Directions(self.0 | 1 << d as u8)
    }
    /// True if `d` is in the set.
    pub const fn contains(self, d: Direction) -> bool {
        self.0 & (1 << d as u8) != 0
    }
    /// True if the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The directions of the set, in discriminant order.
    pub fn iter(self) -> impl Iterator<Item = Direction> + Clone {
        Direction::ALL
            .into_iter()
            .filter(move |d| self.contains(*d))
    }
}

impl std::ops::BitOr for Directions {
    type Output = Directions;
    fn bitor(self, rhs: Directions) -> Directions {
        Directions(self.0 | rhs.0)
    }
}

impl FromIterator<Direction> for Directions {
    fn from_iter<I: IntoIterator<Item = Direction>>(iter: I) -> Self {
        iter.into_iter().fold(Directions::NONE, Directions::with)
    }
}
