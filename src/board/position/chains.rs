//! Multi-leg components whose every leg is a single leap (the lion's `caK` and `mcabK`, the
//! horned falcon's `fcafW`, the soaring eagle's `fcafF`), compiled per square into fixed
//! chains of squares, so the position plays them with a few bitboard tests instead of
//! running the reference walker on a copy of the board.
//!
//! A leap chain is what the walker would walk: from the piece's square, leg after leg, each
//! leg one step (the first in its absolute directions, the later ones turned from the step
//! before), each landing square empty (the leg may move), an enemy (it may capture) or, for
//! the piece's own square, empty since the piece has left. Because no leg rides, hops or
//! looks at more than its landing square, which squares a chain visits depends on nothing
//! but the piece's square; only whether it may be walked depends on the board. Every other
//! walker component (riders, hoppers, cylinder, `t`, `j`, `z`, `q`, ...) stays with the walker.

use crate::betza::{self, ComponentKind, Path, Range, Step};
use crate::board::bitboard::Bitboard;
use crate::board::geometry::{Geometry, Square};
use crate::color::Color;

/// The leg may end on an empty square.
const MOVE: u8 = 1;
/// The leg may end on an enemy piece (taking it).
const CAPTURE: u8 = 2;
/// The most legs a compiled chain has; longer components stay with the walker.
const MAX_LEGS: usize = 4;

/// One way through a component's legs from one square: the landing square of each leg and
/// what the leg may do there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Chain {
    squares: [Square; MAX_LEGS],
    modes: [u8; MAX_LEGS],
    len: u8,
}

/// What walking a chain on a board gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Walked {
    /// A leg landed where it may not (an own piece, a wall, an enemy it may not take, an
    /// empty square it may not stop on).
    Blocked,
    /// The piece ends on `to` having taken nothing on the way (what stands on `to` is taken
    /// as by any move).
    Plain { to: Square },
    /// The piece ends on `to` after taking the piece on `kill`, or, with `kill` empty and
    /// `to` its own square, after stepping out through `kill` and back (a pass).
    MultiLeg { kill: Square, to: Square },
}

/// The compiled leap chains of a piece type, per colour and square.
#[derive(Debug, Clone)]
pub struct LegChains {
    /// Per colour: `chains[c][start[c][sq]..start[c][sq + 1]]` are the chains from `sq`.
    start: [Vec<u32>; 2],
    chains: [Vec<Chain>; 2],
    /// Per colour and square: every square some leg may capture on.
    capture_squares: [Vec<Vec<Square>>; 2],
}

/// Whether the walker's moves of `comp` are all leap chains this module compiles.
pub(crate) fn chainable(comp: &betza::Component) -> bool {
    let ComponentKind::Legs(legs) = &comp.kind else {
        return false;
    };
    comp.initial == betza::Initial::Always
        && (2..=MAX_LEGS).contains(&legs.len())
        && legs.iter().all(|l| {
            l.range == Range::Leaper
                && l.hop.is_none()
                && l.lame.is_none()
                && l.path == Path::Straight
                && l.jump == 0
                && !l.cylinder
                && !l.toggles_next
                && !l.tame
                && !l.can_destroy
                && !l.en_passant
        })
}

impl LegChains {
    /// Compiles chainable components (see [`chainable`]) for every square of `geo`.
    pub(crate) fn new(geo: &Geometry, comps: &[betza::Component]) -> LegChains {
        let n = geo.num_squares();
        let mut start: [Vec<u32>; 2] = [Vec::with_capacity(n + 1), Vec::with_capacity(n + 1)];
        let mut chains: [Vec<Chain>; 2] = [Vec::new(), Vec::new()];
        let mut capture_squares: [Vec<Vec<Square>>; 2] = [Vec::new(), Vec::new()];
        for color in Color::BOTH {
            for from in geo.squares() {
                start[color].push(chains[color].len() as u32);
                let mut here = Vec::new();
                for comp in comps {
                    let ComponentKind::Legs(legs) = &comp.kind else {
                        continue;
                    };
                    let mut path = Vec::new();
                    collect(geo, legs, color, from, None, &mut path, &mut here);
                }
                // The walker's order (destination, then the squares on the way, file before
                // rank), so the pass kept among equivalent ones is the walker's.
                let key = |ch: &Chain| {
                    let n = ch.len as usize;
                    let mut k: Vec<(u8, u8)> = vec![sq_key(geo, ch.squares[n - 1])];
                    k.extend(ch.squares[..n - 1].iter().map(|&s| sq_key(geo, s)));
                    k
                };
                here.sort_by_key(key);
                here.dedup();
                let mut caps: Vec<Square> = here
                    .iter()
                    .flat_map(|ch| {
                        (0..ch.len as usize)
                            .filter(|&i| ch.modes[i] & CAPTURE != 0)
                            .map(|i| ch.squares[i])
                            // Its own square is empty once the piece has left.
                            .filter(|&s| s != from)
                    })
                    .collect();
                caps.sort();
                caps.dedup();
                capture_squares[color].push(caps);
                chains[color].extend(here);
            }
            start[color].push(chains[color].len() as u32);
        }
        LegChains {
            start,
            chains,
            capture_squares,
        }
    }

    /// The chains of `color`'s piece on `from`.
    #[inline]
    pub(crate) fn starting_on(&self, color: Color, from: Square) -> &[Chain] {
        let s = &self.start[color];
        &self.chains[color][s[from.index()] as usize..s[from.index() + 1] as usize]
    }

    /// Whether every square a chain of `color` could capture on from `from` is in `b`.
    pub(crate) fn captures_within<B: Bitboard>(&self, color: Color, from: Square, b: B) -> bool {
        self.capture_squares[color][from.index()]
            .iter()
            .all(|&s| b.contains(s))
    }

    /// Whether some leg of some chain may capture.
    pub(crate) fn captures(&self) -> bool {
        self.capture_squares
            .iter()
            .any(|per_square| per_square.iter().any(|caps| !caps.is_empty()))
    }
}

fn sq_key(geo: &Geometry, sq: Square) -> (u8, u8) {
    (geo.file_of(sq), geo.rank_of(sq))
}

/// Appends to `out` every chain of `legs` from `at` (leg `path.len()` next; `previous` the
/// step before it).
fn collect(
    geo: &Geometry,
    legs: &[betza::Leg],
    color: Color,
    at: Square,
    previous: Option<Step>,
    path: &mut Vec<(Square, u8)>,
    out: &mut Vec<Chain>,
) {
    let Some(leg) = legs.get(path.len()) else {
        let mut chain = Chain {
            squares: [at; MAX_LEGS],
            modes: [0; MAX_LEGS],
            len: path.len() as u8,
        };
        for (i, &(sq, mode)) in path.iter().enumerate() {
            chain.squares[i] = sq;
            chain.modes[i] = mode;
        }
        out.push(chain);
        return;
    };
    let Some(mut steps) = leg.steps_after(color, previous) else {
        return;
    };
    steps.sort();
    steps.dedup();
    let mode = (u8::from(leg.can_move) * MOVE) | (u8::from(leg.can_capture) * CAPTURE);
    for step in steps {
        let (f, r) = (geo.file_of(at) as i32, geo.rank_of(at) as i32);
        let (x, y) = (f + i32::from(step.0), r + i32::from(step.1));
        let (Ok(x), Ok(y)) = (u8::try_from(x), u8::try_from(y)) else {
            continue;
        };
        let Some(next) = geo.square(x, y) else {
            continue;
        };
        path.push((next, mode));
        collect(geo, legs, color, next, Some(step), path, out);
        path.pop();
    }
}

impl Chain {
    /// Walks the chain of a piece on `from` with occupancy `occ` (on the board `board`),
    /// `own` its side's pieces and `walls` the walls: where it ends and what it takes.
    /// `target` (if any) counts as an enemy wherever it is, and `hit` tells whether the chain
    /// took it.
    #[inline]
    pub(crate) fn walk<B: Bitboard>(
        &self,
        from: Square,
        occ: B,
        own: B,
        walls: B,
        target: Option<Square>,
    ) -> (Walked, bool) {
        let n = self.len as usize;
        let mut kill: Option<Square> = None;
        let mut empty_via: Option<Square> = None;
        let mut hit = false;
        for i in 0..n {
            let sq = self.squares[i];
            let mode = self.modes[i];
            let empty = sq == from || Some(sq) == kill || !occ.contains(sq);
            let need = if empty {
                MOVE
            } else if Some(sq) == target || !(own.contains(sq) || walls.contains(sq)) {
                CAPTURE
            } else {
                return (Walked::Blocked, false);
            };
            if mode & need == 0 {
                return (Walked::Blocked, false);
            }
            if need == CAPTURE {
                hit |= Some(sq) == target;
                if i + 1 < n {
                    kill = Some(sq);
                }
            } else if i + 1 < n && empty_via.is_none() && sq != from && !occ.contains(sq) {
                empty_via = Some(sq);
            }
        }
        let to = self.squares[n - 1];
        let walked = match kill {
            Some(kill) => Walked::MultiLeg { kill, to },
            None if to != from => Walked::Plain { to },
            None => match empty_via {
                Some(kill) => Walked::MultiLeg { kill, to },
                None => Walked::Blocked,
            },
        };
        (walked, hit)
    }
}
