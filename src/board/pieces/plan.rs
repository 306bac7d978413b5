//! From the Betza IR to generator plans: which fast generator each component compiles to, or
//! that it needs the reference walker.

use crate::betza::atom::turn;
use crate::betza::{
    Color as BColor, Component, ComponentKind, Directions as LegDirections, Hop, Initial, Leg,
    Path, Range, Step,
};
use crate::board::attacks::{Direction, Directions, LameStep, LineKind};

/// One fast generator before tables are built: what it reaches from a square (the "reach",
/// empty and occupied squares alike; quiet moves keep the empty ones, captures the occupied).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Plan {
    /// Leaps, each step once.
    Leap(Vec<(i32, i32)>),
    /// King-line pieces: slider, cannon or grasshopper along `dirs`, with a range.
    Line {
        dirs: Directions,
        kind: LineKind,
        range: Option<u8>,
    },
    /// Lame leaps (the `n` leapers and fixed multi-leg paths such as `afsW`).
    Lame(Vec<LameStep>),
    /// Riders along any other step (nightrider `N0`, `N2`, dabbaba rider `D0`).
    Ride {
        steps: Vec<(i32, i32)>,
        range: Option<u8>,
    },
}

impl Plan {
    /// The plan that finds, from a target square, every square from which this plan reaches
    /// the target. `None` for grasshoppers (see `Reverse::Grasshopper`).
    pub(crate) fn reversed(&self) -> Reverse {
        match self {
            Plan::Leap(steps) => {
                Reverse::Plan(Plan::Leap(steps.iter().map(|&(x, y)| (-x, -y)).collect()))
            }
            Plan::Line {
                dirs,
                kind: LineKind::Grasshopper,
                range,
            } => Reverse::Grasshopper {
                dirs: *dirs,
                range: *range,
            },
            Plan::Line { dirs, kind, range } => Reverse::Plan(Plan::Line {
                dirs: dirs.iter().map(Direction::opposite).collect(),
                kind: *kind,
                range: *range,
            }),
            Plan::Lame(steps) => Reverse::Plan(Plan::Lame(
                steps
                    .iter()
                    .map(|s| {
                        let (sx, sy) = s.step;
                        let path: Vec<(i32, i32)> = s
                            .path
                            .iter()
                            .map(|&(x, y)| (x - sx, y - sy))
                            .filter(|&o| o != (0, 0))
                            .collect();
                        LameStep::new((-sx, -sy), &path)
                    })
                    .collect(),
            )),
            Plan::Ride { steps, range } => Reverse::Plan(Plan::Ride {
                steps: steps.iter().map(|&(x, y)| (-x, -y)).collect(),
                range: *range,
            }),
        }
    }
}

/// A reversed plan (for `attackers_of_type`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Reverse {
    Plan(Plan),
    /// Grasshopper along `dirs`: from the target, the square one step back (against each
    /// direction) must be occupied (the hurdle); the attackers are the squares a slider
    /// reaches from the hurdle going on backwards, within `range - 1`.
    Grasshopper {
        dirs: Directions,
        range: Option<u8>,
    },
}

/// What a component compiles to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Compiled {
    /// Fast generators with their modality.
    Fast {
        plans: Vec<Plan>,
        can_move: bool,
        can_capture: bool,
        en_passant: bool,
        initial: bool,
    },
    /// Never produces a move (a one-step hopper such as `pW`).
    Nothing,
    /// Needs the reference walker.
    Walker,
}

fn unit_direction((dx, dy): Step) -> Option<Direction> {
    Direction::from_delta(i32::from(dx), i32::from(dy))
}

fn wide(step: Step) -> (i32, i32) {
    (i32::from(step.0), i32::from(step.1))
}

fn range_limit(range: Range) -> Option<u8> {
    match range {
        Range::Limited(n) | Range::Exactly(n) => Some(n),
        Range::Unlimited | Range::Leaper => None,
    }
}

/// Compiles one component for one side.
pub(crate) fn compile(component: &Component, color: BColor) -> Compiled {
    let initial = match component.initial {
        Initial::Always => false,
        Initial::Start => true,
        Initial::OneStepFromStart => return Compiled::Walker,
    };
    if matches!(component.kind, ComponentKind::Castling { .. }) {
        return Compiled::Walker;
    }
    if let Some(simple) = component.simple() {
        if simple.en_passant && initial {
            return Compiled::Walker;
        }
        let steps = simple.steps_for(color);
        if steps.is_empty() || !(simple.can_move || simple.can_capture || simple.en_passant) {
            return Compiled::Nothing;
        }
        let fast = |plans: Vec<Plan>| Compiled::Fast {
            plans,
            can_move: simple.can_move,
            can_capture: simple.can_capture,
            en_passant: simple.en_passant,
            initial,
        };
        if let Some(hop) = simple.hop {
            if simple.range == Range::Leaper {
                // A one-step ride never gets beyond its hurdle.
                return Compiled::Nothing;
            }
            let Some(dirs) = steps
                .iter()
                .map(|&s| unit_direction(s))
                .collect::<Option<Directions>>()
            else {
                return Compiled::Walker;
            };
            let kind = match hop {
                Hop::Cannon => LineKind::Cannon,
                Hop::Grasshopper => LineKind::Grasshopper,
            };
            return fast(vec![Plan::Line {
                dirs,
                kind,
                range: range_limit(simple.range),
            }]);
        }
        if simple.range == Range::Leaper {
            if let Some(lame) = simple.lame {
                let lame_steps: Vec<LameStep> = steps
                    .iter()
                    .map(|&s| {
                        let path: Vec<(i32, i32)> =
                            lame.blockers(s).into_iter().map(wide).collect();
                        LameStep::new(wide(s), &path)
                    })
                    .collect();
                if lame_steps.iter().any(|s| !s.path.is_empty()) {
                    return fast(vec![Plan::Lame(lame_steps)]);
                }
            }
            return fast(vec![Plan::Leap(steps.iter().copied().map(wide).collect())]);
        }
        let range = range_limit(simple.range);
        let (unit, other): (Vec<Step>, Vec<Step>) =
            steps.iter().partition(|&&s| unit_direction(s).is_some());
        let mut plans = Vec::new();
        if !unit.is_empty() {
            let dirs = unit.iter().filter_map(|&s| unit_direction(s)).collect();
            plans.push(Plan::Line {
                dirs,
                kind: LineKind::Slide,
                range,
            });
        }
        if !other.is_empty() {
            plans.push(Plan::Ride {
                steps: other.into_iter().map(wide).collect(),
                range,
            });
        }
        return fast(plans);
    }
    match fixed_paths(component.legs(), color) {
        Some((lame_steps, can_move, can_capture)) => {
            if lame_steps.is_empty() || !(can_move || can_capture) {
                Compiled::Nothing
            } else if lame_steps.iter().all(|s| s.path.is_empty()) {
                Compiled::Fast {
                    plans: vec![Plan::Leap(lame_steps.iter().map(|s| s.step).collect())],
                    can_move,
                    can_capture,
                    en_passant: false,
                    initial,
                }
            } else {
                Compiled::Fast {
                    plans: vec![Plan::Lame(lame_steps)],
                    can_move,
                    can_capture,
                    en_passant: false,
                    initial,
                }
            }
        }
        None => Compiled::Walker,
    }
}

/// A leg that takes exactly one plain step.
fn plain_step_leg(leg: &Leg) -> bool {
    leg.range == Range::Leaper
        && leg.path == Path::Straight
        && !leg.cylinder
        && leg.jump == 0
        && leg.lame.is_none()
        && leg.hop.is_none()
        && !leg.toggles_next
        && !leg.can_destroy
        && !leg.tame
        && !leg.en_passant
}

/// A multi-leg component whose every leg is one plain step, whose earlier legs only move
/// (`m`) and whose final leg moves and/or captures: it is a lame leaper whose blocking squares
/// are the ends of the earlier legs (`afsW` = mao, `mafsmafW` = Janggi elephant). Returns the
/// lame steps (duplicates removed) and the final leg's modality, or `None` when the component
/// does not have that shape (or a path comes back to its start square, which is a pass).
fn fixed_paths(legs: &[Leg], color: BColor) -> Option<(Vec<LameStep>, bool, bool)> {
    let (last, earlier) = legs.split_last()?;
    if legs.len() < 2
        || !legs.iter().all(plain_step_leg)
        || earlier.iter().any(|l| !l.can_move || l.can_capture)
    {
        return None;
    }
    // Each path: the step taken last, and the offsets of the squares reached so far.
    let mut paths: Vec<(Step, Vec<(i32, i32)>)> = legs[0]
        .steps_for(color)
        .into_iter()
        .map(|s| (s, vec![wide(s)]))
        .collect();
    for leg in &legs[1..] {
        let LegDirections::Relative(bits) = leg.directions else {
            return None;
        };
        let mut next = Vec::new();
        for (previous, offsets) in &paths {
            let mut steps: Vec<Step> = (0..8u8)
                .filter(|k| bits & (1 << k) != 0)
                .map(|k| turn(*previous, k))
                .collect();
            steps.dedup();
            for step in steps {
                let &(x, y) = offsets.last()?;
                let mut more = offsets.clone();
                more.push((x + i32::from(step.0), y + i32::from(step.1)));
                next.push((step, more));
            }
        }
        paths = next;
    }
    let mut lame_steps: Vec<LameStep> = Vec::new();
    for (_, offsets) in paths {
        let (&target, before) = offsets.split_last()?;
        if target == (0, 0) || target.0.abs() > 15 || target.1.abs() > 15 {
            return None;
        }
        if before.iter().any(|&(x, y)| x.abs() > 15 || y.abs() > 15) {
            return None;
        }
        let mut path: Vec<(i32, i32)> = before.iter().copied().filter(|&o| o != (0, 0)).collect();
        path.sort_unstable();
        path.dedup();
        let step = LameStep::new(target, &path);
        if !lame_steps.contains(&step) {
            lame_steps.push(step);
        }
    }
    Some((lame_steps, last.can_move, last.can_capture))
}
