//! Atoms (the capital letters) and the geometry of their steps: images, classes, turns.

/// A step `(dx, dy)` in squares: +x towards the last file, +y forwards (White's view).
pub type Step = (i8, i8);

/// The leaper behind every atom letter. Riders are leapers with a range: `R` is `W` with an
/// unlimited range, `B` is `F`, `Q` is `K`. `L` (camel) reads as [`Atom::C`] and `J` (zebra) as
/// [`Atom::Z`], as in standard Betza and Fairy-Stockfish (XBoard 4.9.1 swaps them, so we never
/// write either letter).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Atom {
    W,
    F,
    D,
    N,
    A,
    H,
    C,
    Z,
    G,
    /// Wazir and ferz steps together: one atom with eight directions.
    K,
    /// Universal leaper: any square of the board (steps up to 15 in each coordinate).
    U,
}

/// How direction modifiers apply to an atom (xbetza.md §3.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AtomClass {
    /// W, D, H: four orthogonal directions.
    Orthogonal,
    /// F, A, G: four diagonal directions.
    Diagonal,
    /// N, C, Z: eight directions, two per side.
    Oblique,
    /// K: eight directions, one letter each.
    EightFold,
    /// U: takes no direction modifiers.
    Universal,
}

impl Atom {
    /// The atom for a capital letter, and whether the letter is a rider (R, B, Q).
    pub fn from_letter(letter: char) -> Option<(Atom, bool)> {
        let atom = match letter {
            'W' => (Atom::W, false),
            'F' => (Atom::F, false),
            'D' => (Atom::D, false),
            'N' => (Atom::N, false),
            'A' => (Atom::A, false),
            'H' => (Atom::H, false),
            'C' | 'L' => (Atom::C, false),
            'Z' | 'J' => (Atom::Z, false),
            'G' => (Atom::G, false),
            'K' => (Atom::K, false),
            'U' => (Atom::U, false),
            'R' => (Atom::W, true),
            'B' => (Atom::F, true),
            'Q' => (Atom::K, true),
            _ => return None,
        };
        Some(atom)
    }

    /// The leaper letter we write (never J or L).
    pub fn letter(self) -> char {
        match self {
            Atom::W => 'W',
            Atom::F => 'F',
            Atom::D => 'D',
            Atom::N => 'N',
            Atom::A => 'A',
            Atom::H => 'H',
            Atom::C => 'C',
            Atom::Z => 'Z',
            Atom::G => 'G',
            Atom::K => 'K',
            Atom::U => 'U',
        }
    }

    /// The rider letter for an unlimited (or limited) ride of a unit atom, if it has one.
    pub fn rider_letter(self) -> Option<char> {
        match self {
            Atom::W => Some('R'),
            Atom::F => Some('B'),
            Atom::K => Some('Q'),
            _ => None,
        }
    }

    /// `(minor, major)` lengths of the step, for the atoms that have a single one.
    pub fn shape(self) -> Option<(i8, i8)> {
        match self {
            Atom::W => Some((0, 1)),
            Atom::F => Some((1, 1)),
            Atom::D => Some((0, 2)),
            Atom::N => Some((1, 2)),
            Atom::A => Some((2, 2)),
            Atom::H => Some((0, 3)),
            Atom::C => Some((1, 3)),
            Atom::Z => Some((2, 3)),
            Atom::G => Some((3, 3)),
            Atom::K | Atom::U => None,
        }
    }

    pub fn class(self) -> AtomClass {
        match self {
            Atom::W | Atom::D | Atom::H => AtomClass::Orthogonal,
            Atom::F | Atom::A | Atom::G => AtomClass::Diagonal,
            Atom::N | Atom::C | Atom::Z => AtomClass::Oblique,
            Atom::K => AtomClass::EightFold,
            Atom::U => AtomClass::Universal,
        }
    }

    /// One-square steps (W, F, K and their riders): `j` skips squares on them, and `n` makes
    /// no sense.
    pub fn is_unit(self) -> bool {
        matches!(self, Atom::W | Atom::F | Atom::K)
    }

    /// Every step of the atom, White's view, clockwise from straight forward.
    pub fn images(self) -> Vec<Step> {
        match self {
            Atom::K => COMPASS.to_vec(),
            Atom::U => {
                let mut all = Vec::new();
                for dy in -15i8..=15 {
                    for dx in -15i8..=15 {
                        if (dx, dy) != (0, 0) {
                            all.push((dx, dy));
                        }
                    }
                }
                all
            }
            _ => {
                let (minor, major) = self.shape().unwrap_or((0, 1));
                images_of(minor, major)
            }
        }
    }
}

/// The eight unit directions, clockwise from forward: N NE E SE S SW W NW.
pub const COMPASS: [Step; 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// The distinct images of a `(minor, major)` leap under the board's symmetries, clockwise from
/// forward.
pub fn images_of(minor: i8, major: i8) -> Vec<Step> {
    let mut all: Vec<Step> = Vec::with_capacity(8);
    for (x, y) in [(minor, major), (major, minor)] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                let step = (x * sx, y * sy);
                if !all.contains(&step) {
                    all.push(step);
                }
            }
        }
    }
    sort_clockwise(&mut all);
    all
}

/// Sorts steps by their angle measured clockwise from straight forward.
pub fn sort_clockwise(steps: &mut [Step]) {
    steps.sort_by(|a, b| clockwise_angle(*a).total_cmp(&clockwise_angle(*b)));
}

fn clockwise_angle((dx, dy): Step) -> f64 {
    let angle = f64::from(dx).atan2(f64::from(dy));
    if angle < 0.0 {
        angle + std::f64::consts::TAU
    } else {
        angle
    }
}

/// Turns a step clockwise by `eighths` × 45°, staying on the atom's own compass.
///
/// Orthogonal and diagonal steps of length n use the eight directions of `COMPASS` scaled by n,
/// so a 45° turn turns a W step into an F step and a D step into an A step (xbetza.md §3.8).
/// Oblique steps use their eight images in clockwise order: a 45° turn of (1,2) is (2,1), a
/// 90° turn is (2,-1), exactly the 90° rotation.
pub fn turn(step: Step, eighths: u8) -> Step {
    let (dx, dy) = step;
    if dx == 0 || dy == 0 || dx.abs() == dy.abs() {
        let length = dx.abs().max(dy.abs());
        let unit = (dx.signum(), dy.signum());
        let index = COMPASS.iter().position(|&c| c == unit).unwrap_or(0);
        let (ux, uy) = COMPASS[(index + usize::from(eighths)) % 8];
        (ux * length, uy * length)
    } else {
        let images = images_of(dx.abs().min(dy.abs()), dx.abs().max(dy.abs()));
        let index = images.iter().position(|&c| c == step).unwrap_or(0);
        images[(index + usize::from(eighths)) % images.len()]
    }
}

/// The step as Black sees it: the whole board rotated by 180°.
pub fn rotate_half(step: Step) -> Step {
    (-step.0, -step.1)
}
