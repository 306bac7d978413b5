//! The intermediate representation a description is parsed into (documented in `mod.rs`).

use super::atom::{rotate_half, turn, Atom, Step};

/// A piece: the union of its components' moves.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Piece {
    pub components: Vec<Component>,
}

/// One component: an atom with its modifiers, or castling.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Component {
    pub initial: Initial,
    pub kind: ComponentKind,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ComponentKind {
    /// A move of one or more legs (more than one when the text has `a`).
    Legs(Vec<Leg>),
    /// `On`: the piece moves `distance` squares along its rank towards a corner piece.
    Castling { distance: u8 },
}

/// When a component may be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Initial {
    /// Always (no `i`).
    #[default]
    Always,
    /// `i`: only while the piece stands on its start square.
    Start,
    /// `ii`: only when the piece has made exactly one step forward from its start square.
    OneStepFromStart,
}

/// How far a leg goes in one direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Range {
    /// One step.
    Leaper,
    /// Up to n steps (n ≥ 2), each landing square but the last empty.
    Limited(u8),
    /// Any number of steps.
    Unlimited,
    /// Exactly n steps (`X0n`), the squares landed on before the last empty.
    Exactly(u8),
}

impl Range {
    /// The g/y toggle: riders become leapers, leapers become unlimited riders.
    pub fn toggled(self) -> Range {
        match self {
            Range::Leaper => Range::Unlimited,
            Range::Limited(_) | Range::Unlimited | Range::Exactly(_) => Range::Leaper,
        }
    }

    /// The most steps a ride may take.
    pub fn max_steps(self) -> u8 {
        match self {
            Range::Leaper => 1,
            Range::Limited(n) | Range::Exactly(n) => n,
            Range::Unlimited => u8::MAX,
        }
    }
}

/// Which directions a leg may take.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Directions {
    /// Leg 1: absolute steps from White's point of view (Black uses them rotated by 180°),
    /// clockwise from forward.
    Absolute(Vec<Step>),
    /// Later legs: a bit set of turns relative to the previous leg's last step. Bit k means
    /// "turn k × 45° clockwise": 0 straight on, 2 right, 4 back, 6 left, odd bits the 45°
    /// turns, which switch between orthogonal and diagonal steps (W↔F, D↔A, R↔B).
    Relative(u8),
}

/// The shape of a ride.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Path {
    /// Every step the same.
    #[default]
    Straight,
    /// `z`: crooked rider. The first step goes in a chosen direction, then the steps alternate
    /// between it and the same step turned 90° one way (either way may be chosen, once).
    Crooked,
    /// `q`: circular rider. Each step is the previous one turned to the next image of the atom
    /// (clockwise or anticlockwise, chosen once), so `qN` walks the Rose's octagon.
    Circular,
}

/// How a lame leap (`n`) is blocked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lame {
    /// XBetza (XBoard 4.9.1): one square, the step halved and truncated towards zero.
    HalfStep,
    /// Fairy-Stockfish: every square of the path that goes straight first, then diagonally
    /// (so `nZ` is the Janggi elephant).
    Path,
}

impl Lame {
    /// The offsets (from the square the leap starts on) that must be empty.
    pub fn blockers(self, (dx, dy): Step) -> Vec<Step> {
        match self {
            Lame::HalfStep => {
                let half = (dx / 2, dy / 2);
                if half == (0, 0) {
                    Vec::new()
                } else {
                    vec![half]
                }
            }
            Lame::Path => {
                let (sx, sy) = (dx.signum(), dy.signum());
                let straight = (dx.abs() - dy.abs()).abs();
                let diagonal = dx.abs().min(dy.abs());
                let mut at = (0i8, 0i8);
                let mut squares = Vec::new();
                for _ in 0..straight {
                    at = if dx.abs() > dy.abs() {
                        (at.0 + sx, at.1)
                    } else {
                        (at.0, at.1 + sy)
                    };
                    squares.push(at);
                }
                for _ in 0..diagonal {
                    at = (at.0 + sx, at.1 + sy);
                    squares.push(at);
                }
                squares.pop();
                squares
            }
        }
    }
}

/// A hopper's kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Hop {
    /// `p`: on a final leg, jump one hurdle anywhere on the ride and land anywhere beyond it.
    /// On a non-final leg: the leg must end on an occupied square (not captured).
    Cannon,
    /// `g`: on a final leg, land directly behind the hurdle. On a non-final leg, like `p` and
    /// the next leg's range is toggled.
    Grasshopper,
}

/// One leg of a move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Leg {
    /// The atom written at the end of the component (every leg shares it; later legs derive
    /// their actual step from the previous leg's step, see [`Directions::Relative`]).
    pub atom: Atom,
    pub directions: Directions,
    /// This leg's effective range (the component's, toggled when the previous leg has g/y).
    pub range: Range,
    pub path: Path,
    /// `m` (after defaults): may end on an empty square.
    pub can_move: bool,
    /// `c`: may end on an enemy, capturing it (on a non-final leg: a locust capture).
    pub can_capture: bool,
    /// `d`: may end on an own piece, destroying it.
    pub can_destroy: bool,
    /// `e`: may end on the e.p. square, capturing the e.p. victim (final legs only).
    pub en_passant: bool,
    /// `t`: tame. Cannot capture a royal piece; on a non-final hopping leg, only own pieces
    /// may be hopped.
    pub tame: bool,
    /// `p` / `g`.
    pub hop: Option<Hop>,
    /// `y` or `g` on a non-final leg: the next leg's range is toggled.
    pub toggles_next: bool,
    /// `o`: files wrap around (cylinder board).
    pub cylinder: bool,
    /// `n`: lame leap.
    pub lame: Option<Lame>,
    /// Count of `j`. On unit atoms: squares skipped at the start of the ride whatever is on
    /// them. On longer atoms (at most one `j`): the half-step square must be occupied.
    pub jump: u8,
}

impl Leg {
    /// Leg 1's steps for a side: White's as written, Black's rotated by 180°. Empty for
    /// continuation legs (their steps depend on the previous leg).
    pub fn steps_for(&self, color: Color) -> Vec<Step> {
        match &self.directions {
            Directions::Absolute(steps) => match color {
                Color::White => steps.clone(),
                Color::Black => steps.iter().copied().map(rotate_half).collect(),
            },
            Directions::Relative(_) => Vec::new(),
        }
    }

    /// The leg's steps after a leg that ended with step `previous` (`None` for leg 1): the
    /// absolute steps for leg 1, the allowed turns of `previous` for a continuation leg
    /// (`None` when a continuation leg has no previous step).
    pub fn steps_after(&self, color: Color, previous: Option<Step>) -> Option<Vec<Step>> {
        match (&self.directions, previous) {
            (Directions::Absolute(_), _) => Some(self.steps_for(color)),
            (Directions::Relative(bits), Some(previous)) => {
                let mut steps: Vec<Step> = (0..8u8)
                    .filter(|k| bits & (1 << k) != 0)
                    .map(|k| turn(previous, k))
                    .collect();
                steps.dedup();
                Some(steps)
            }
            (Directions::Relative(_), None) => None,
        }
    }
}

pub use crate::color::Color;

/// A single-leg component with nothing exotic: what a fast generator can take as it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Simple {
    /// Absolute steps, White's view.
    pub steps: Vec<Step>,
    pub range: Range,
    pub can_move: bool,
    pub can_capture: bool,
    /// Also captures e.p. (pawns' `e`).
    pub en_passant: bool,
    pub hop: Option<Hop>,
    /// For lame leapers: which squares block (see [`Lame::blockers`]).
    pub lame: Option<Lame>,
    pub initial: Initial,
}

impl Simple {
    /// The steps for a side (Black's rotated by 180°).
    pub fn steps_for(&self, color: Color) -> Vec<Step> {
        match color {
            Color::White => self.steps.clone(),
            Color::Black => self.steps.iter().copied().map(rotate_half).collect(),
        }
    }
}

impl Component {
    /// The component as a [`Simple`] one, or `None` when it needs the general walker
    /// (several legs, castling, `d`, `t`, `o`, `j`, `z`, `q`, exact ranges, lame riders).
    pub fn simple(&self) -> Option<Simple> {
        let ComponentKind::Legs(legs) = &self.kind else {
            return None;
        };
        let [leg] = legs.as_slice() else {
            return None;
        };
        let Directions::Absolute(steps) = &leg.directions else {
            return None;
        };
        let exotic = leg.can_destroy
            || leg.tame
            || leg.cylinder
            || leg.jump > 0
            || leg.path != Path::Straight
            || matches!(leg.range, Range::Exactly(_))
            || (leg.lame.is_some() && leg.range != Range::Leaper);
        if exotic {
            return None;
        }
        Some(Simple {
            steps: steps.clone(),
            range: leg.range,
            can_move: leg.can_move,
            can_capture: leg.can_capture,
            en_passant: leg.en_passant,
            hop: leg.hop,
            lame: leg.lame,
            initial: self.initial,
        })
    }

    /// The legs, empty for castling.
    pub fn legs(&self) -> &[Leg] {
        match &self.kind {
            ComponentKind::Legs(legs) => legs,
            ComponentKind::Castling { .. } => &[],
        }
    }
}
