//! The piece compiler: a piece type's moves compiled from the Betza IR onto the attack
//! tables of `board::attacks`, per colour ([`PieceTables`]).
//!
//! Single-leg components (leapers, sliders, riders, hoppers, lame leapers, initial moves) are
//! read as Fairy-Stockfish reads them: `i` components are quiet moves allowed from the
//! double-step region, capture and quiet sets are separate.
//!
//! Every other component (multi-leg `a` moves, locust captures, bent riders, cylinder `o`,
//! `j`, `t`, exact ranges, crooked and circular riders, hoppers off the king lines) goes to a
//! per-type [`Walker`] ([`super::Tables::walkers`]): multi-leg components made of single
//! leaps are compiled into leap chains ([`LegChains`]), the position runs the reference
//! leg-walker for the rest only (`position::multileg`), so a variant without such pieces pays
//! nothing for them. The walker path refuses what the position cannot play yet: `e`, `d` and
//! `i` on walker components, and moves that could remove more than one piece besides the one
//! on the destination.

use super::chains::{self, LegChains};
use super::tables::{region_bb, TableError};
use crate::betza::{self, Component, ComponentKind, Hop, Range, Simple};
use crate::board::attacks::{
    reference, Direction, Directions, LameLeaperTable, LameStep, LineAttacks, LineKind, LineSpec,
    ObliqueRiderTable,
};
use crate::board::bitboard::Bitboard;
use crate::board::geometry::{Geometry, Square};
use crate::color::Color;
use crate::variant::Variant;
use std::collections::HashMap;
use std::sync::Arc;

/// The squares one group of move components reaches from a square.
#[derive(Debug, Clone)]
pub struct Reach<B> {
    leap: Vec<B>,
    lines: Vec<Arc<LineAttacks<B>>>,
    lame: Vec<LameLeaperTable<B>>,
    oblique: Vec<ObliqueRiderTable<B>>,
    /// Squares reached on an empty board (Fairy-Stockfish's `PseudoMoves` / `PseudoAttacks`).
    empty: Vec<B>,
    /// No component at all.
    none: bool,
    /// Only leaper components (the set does not depend on occupancy).
    leaper_only: bool,
}

impl<B: Bitboard> Reach<B> {
    fn new(n: usize) -> Self {
        Reach {
            leap: vec![B::EMPTY; n],
            lines: Vec::new(),
            lame: Vec::new(),
            oblique: Vec::new(),
            empty: vec![B::EMPTY; n],
            none: true,
            leaper_only: true,
        }
    }

    /// Squares reached from `sq` with occupancy `occ` (occupied squares included: the caller
    /// masks them into quiet moves or captures).
    #[inline(always)]
    pub fn get(&self, sq: Square, occ: B) -> B {
        let mut b = self.leap[sq.index()];
        if !self.leaper_only {
            for l in &self.lines {
                b |= l.attacks(sq, occ);
            }
            for l in &self.lame {
                b |= l.attacks(sq, occ);
            }
            for o in &self.oblique {
                b |= o.attacks(sq, occ);
            }
        }
        b
    }

    /// Squares reached on an empty board.
    #[inline(always)]
    pub fn empty_board(&self, sq: Square) -> B {
        self.empty[sq.index()]
    }

    /// True if the group has no component.
    #[inline(always)]
    pub fn is_none(&self) -> bool {
        self.none
    }
}

/// Everything about one piece type, per colour (index 0 white, 1 black).
#[derive(Debug, Clone)]
pub struct PieceTables<B> {
    /// Quiet moves (`m`).
    pub quiet: [Reach<B>; 2],
    /// Captures (`c`).
    pub capture: [Reach<B>; 2],
    /// Initial quiet moves (`i`), allowed from the double-step region.
    pub initial: [Reach<B>; 2],
    /// Squares the type may stand on and move to (mobility region minus walls are applied at
    /// run time; this is the region alone, all squares when unrestricted).
    pub mobility: [B; 2],
    /// Whether captures can be found backwards (the reach of the other colour from the
    /// target): false for grasshoppers and lame leapers.
    pub symmetric: bool,
    /// For asymmetric types: per colour and target square, the squares a piece of that colour
    /// could capture the target from on some occupancy.
    pub reverse_super: [Vec<B>; 2],
    /// Whether the capture reach depends on occupancy (sliders, hoppers, riders, lame).
    pub capture_needs_occ: bool,
    /// Whether some capture is a hop, an oblique ride or a lame leap (a move to a square can
    /// then expose the king, and pins are not along king lines only).
    pub complex_capture: bool,
    /// Some capture is a hop (a piece moving onto its line can give check).
    pub hop_capture: bool,
    /// Some capture is a lame leap.
    pub lame_capture: bool,
    /// Quiet moves and captures use the same components (one lookup serves both).
    pub same_reach: bool,
}

/// The walker components of a piece type, with what check detection needs to know about them.
#[derive(Debug, Clone)]
pub struct Walker<B> {
    /// The components only the reference walker plays, as parsed (the walker turns them for
    /// Black itself); none when every one compiled to leap chains.
    pub piece: Arc<betza::Piece>,
    /// The components whose legs are all single leaps, compiled ([`LegChains`]).
    pub chains: Option<Arc<LegChains>>,
    /// Some leg of [`Walker::piece`] can capture (so the piece can give check through them).
    pub captures: bool,
    /// Some chain can capture where the piece's table captures cannot always (else the
    /// chains add nothing to what the piece attacks: the lion's double captures land within
    /// its `KNAD` leaps, so check detection never needs them).
    pub chain_attacks: bool,
    /// Per square: the squares within the farthest reach of the walker moves (a box around
    /// the square, symmetric, so it also bounds where an attacker of the square can stand).
    pub zone: Vec<B>,
}

/// Which group a component adds to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Group {
    Quiet,
    Capture,
    Initial,
}

/// Line pieces of one group: (kind, range, directions).
type LineGroup = (LineKind, Option<u8>, Directions);
/// Riders on other steps: (range, steps).
type ObliqueGroup = (Option<u8>, Vec<(i32, i32)>);

/// Collects components for one group, then builds the [`Reach`].
pub(super) struct ReachBuilder {
    pub(super) leap: Vec<(i32, i32)>,
    /// (kind, range) -> directions.
    lines: Vec<LineGroup>,
    lame: Vec<LameStep>,
    oblique: Vec<ObliqueGroup>,
    pub(super) any: bool,
}

impl ReachBuilder {
    pub(super) fn new() -> Self {
        ReachBuilder {
            leap: Vec::new(),
            lines: Vec::new(),
            lame: Vec::new(),
            oblique: Vec::new(),
            any: false,
        }
    }

    pub(super) fn add_line(&mut self, kind: LineKind, range: Option<u8>, d: Direction) {
        if let Some(e) = self
            .lines
            .iter_mut()
            .find(|(k, r, _)| *k == kind && *r == range)
        {
            e.2 = e.2.with(d);
        } else {
            self.lines.push((kind, range, Directions::only(d)));
        }
    }

    pub(super) fn build<B: Bitboard>(
        self,
        geo: &Geometry,
        cache: &mut HashMap<LineSpec, Arc<LineAttacks<B>>>,
    ) -> Result<Reach<B>, TableError> {
        let n = geo.num_squares();
        let mut r = Reach::new(n);
        r.none = !self.any;
        let gerr = |e: crate::board::attacks::AttackError| TableError::Geometry(e.to_string());
        for sq in geo.squares() {
            r.leap[sq.index()] = reference::leaper(geo, sq, &self.leap);
        }
        for (kind, range, dirs) in &self.lines {
            // Split into orthogonal and diagonal parts so that pieces share tables (a queen
            // uses the rook's and the bishop's).
            for part in [Directions::ORTHOGONAL, Directions::DIAGONAL] {
                let d = Directions::from_bits(dirs.bits() & part.bits());
                if d.is_empty() {
                    continue;
                }
                let spec = LineSpec {
                    dirs: d,
                    kind: *kind,
                    range: *range,
                };
                let table = match cache.get(&spec) {
                    Some(t) => Arc::clone(t),
                    None => {
                        let t = Arc::new(LineAttacks::new(geo, &spec).map_err(gerr)?);
                        cache.insert(spec, Arc::clone(&t));
                        t
                    }
                };
                r.lines.push(table);
            }
        }
        if !self.lame.is_empty() {
            r.lame
                .push(LameLeaperTable::new(geo, &self.lame).map_err(gerr)?);
        }
        for (range, steps) in &self.oblique {
            r.oblique
                .push(ObliqueRiderTable::new(geo, steps, *range).map_err(gerr)?);
        }
        r.leaper_only = r.lines.is_empty() && r.lame.is_empty() && r.oblique.is_empty();
        for sq in geo.squares() {
            r.empty[sq.index()] = r.get(sq, B::EMPTY);
        }
        // Hoppers reach nothing on an empty board; their pseudo reach is the full line.
        for (kind, range, dirs) in &self.lines {
            if *kind != LineKind::Slide {
                let spec = LineSpec::slider(*dirs);
                let spec = LineSpec {
                    range: *range,
                    ..spec
                };
                for sq in geo.squares() {
                    r.empty[sq.index()] |= reference::line::<B>(geo, sq, B::EMPTY, &spec);
                }
            }
        }
        Ok(r)
    }
}

pub(super) fn build_piece<B: Bitboard>(
    geo: &Geometry,
    v: &Variant,
    id: u8,
    cache: &mut HashMap<LineSpec, Arc<LineAttacks<B>>>,
) -> Result<(PieceTables<B>, Option<Walker<B>>), TableError> {
    let pt = &v.pieces[id as usize];
    // Parsed once, when the variant was loaded.
    let piece: &betza::Piece = &pt.moves;
    let mut symmetric = true;
    let mut capture_needs_occ = false;
    let mut complex_capture = false;
    let mut hop_capture = false;
    let mut lame_capture = false;
    let mut same_reach = true;
    let mut walker_components = Vec::new();
    let mut groups: Vec<[Reach<B>; 3]> = Vec::new();
    for c in Color::BOTH {
        let mut builders = [
            ReachBuilder::new(),
            ReachBuilder::new(),
            ReachBuilder::new(),
        ];
        for comp in &piece.components {
            if matches!(comp.kind, ComponentKind::Castling { .. }) {
                // Castling comes from the variant's castling rules.
                continue;
            }
            let unsupported = || TableError::Unsupported {
                letter: pt.letter,
                betza: pt.betza.clone(),
                component: format!("{comp:?}"),
            };
            let Some(simple) = fast_simple(comp) else {
                if c == Color::White {
                    walker_components.push(comp.clone());
                }
                continue;
            };
            let initial = simple.initial != betza::Initial::Always;
            let mut targets = Vec::new();
            if initial {
                // Fairy-Stockfish has no initial captures.
                if simple.can_move {
                    targets.push(Group::Initial);
                }
            } else {
                if simple.can_move {
                    targets.push(Group::Quiet);
                }
                if simple.can_capture {
                    targets.push(Group::Capture);
                }
            }
            let steps: Vec<(i32, i32)> = simple
                .steps_for(c)
                .into_iter()
                .map(|(x, y)| (x as i32, y as i32))
                .collect();
            let unit = steps.iter().all(|&(x, y)| x.abs() <= 1 && y.abs() <= 1);
            let range = match simple.range {
                Range::Leaper => Some(1),
                Range::Limited(n) => Some(n),
                Range::Unlimited => None,
                Range::Exactly(_) => return Err(unsupported()),
            };
            if !initial && simple.can_move != simple.can_capture {
                same_reach = false;
            }
            for g in targets {
                let b = &mut builders[g as usize];
                b.any = true;
                match (simple.hop, simple.range, simple.lame) {
                    (None, Range::Leaper, None) => b.leap.extend(steps.iter().copied()),
                    (None, Range::Leaper, Some(lame)) => {
                        for &(x, y) in &steps {
                            let path: Vec<(i32, i32)> = lame
                                .blockers((x as i8, y as i8))
                                .into_iter()
                                .map(|(a, b)| (a as i32, b as i32))
                                .collect();
                            b.lame.push(LameStep::new((x, y), &path));
                        }
                        if g == Group::Capture {
                            symmetric = false;
                        }
                    }
                    (None, _, None) if unit => {
                        for &(x, y) in &steps {
                            let d = Direction::from_delta(x, y).ok_or_else(unsupported)?;
                            b.add_line(LineKind::Slide, range, d);
                        }
                    }
                    (None, _, None) => b.oblique.push((range, steps.clone())),
                    (Some(hop), _, None) if unit => {
                        let kind = match hop {
                            Hop::Cannon => LineKind::Cannon,
                            Hop::Grasshopper => LineKind::Grasshopper,
                        };
                        if kind == LineKind::Grasshopper && g == Group::Capture {
                            symmetric = false;
                        }
                        for &(x, y) in &steps {
                            let d = Direction::from_delta(x, y).ok_or_else(unsupported)?;
                            b.add_line(kind, range, d);
                        }
                    }
                    _ => return Err(unsupported()),
                }
                if g == Group::Capture && simple.range != Range::Leaper || simple.lame.is_some() {
                    capture_needs_occ = true;
                }
                if g == Group::Capture
                    && (simple.hop.is_some()
                        || simple.lame.is_some()
                        || !unit && simple.range != Range::Leaper)
                {
                    complex_capture = true;
                }
                if g == Group::Capture && simple.hop.is_some() {
                    hop_capture = true;
                }
                if g == Group::Capture && simple.lame.is_some() {
                    lame_capture = true;
                }
            }
        }
        let [q, cap, init] = builders;
        groups.push([
            q.build(geo, cache)?,
            cap.build(geo, cache)?,
            init.build(geo, cache)?,
        ]);
    }
    let mut it = groups.into_iter();
    let [wq, wc, wi] = it.next().expect("two colours");
    let [bq, bc, bi] = it.next().expect("two colours");
    let mobility = Color::BOTH.map(|c| match pt.mobility_region.get(c) {
        Some(r) => region_bb(geo, r),
        None => geo.board_mask(),
    });
    let capture = [wc, bc];
    let n = geo.num_squares();
    let reverse_super = std::array::from_fn(|c| {
        let mut rev = vec![B::EMPTY; n];
        if !symmetric {
            for from in geo.squares() {
                for to in capture[c].empty_board(from).iter() {
                    rev[to.index()] = rev[to.index()].with(from);
                }
            }
        }
        rev
    });
    let walker = if walker_components.is_empty() {
        None
    } else {
        let all = betza::Piece {
            components: walker_components,
        };
        check_walker(&all).map_err(|reason| TableError::UnsupportedLegs {
            letter: pt.letter,
            betza: pt.betza.clone(),
            reason,
        })?;
        let zone = walker_zone(geo, &all);
        let (chained, rest): (Vec<_>, Vec<_>) =
            all.components.into_iter().partition(chains::chainable);
        let chains = (!chained.is_empty()).then(|| LegChains::new(geo, &chained));
        // Squares the table captures reach whatever the occupancy (leaps, first steps of
        // rides), with no mobility region to cut them.
        let always_captured = |c: usize, from: Square| {
            capture[c].get(from, B::EMPTY) & capture[c].get(from, geo.board_mask())
        };
        let chain_attacks = chains.as_ref().is_some_and(|ch| {
            ch.captures()
                && Color::BOTH.into_iter().any(|c| {
                    mobility[c] != geo.board_mask()
                        || geo.squares().any(|from| {
                            !ch.captures_within(c, from, always_captured(c.index(), from))
                        })
                })
        });
        Some(Walker {
            captures: rest
                .iter()
                .any(|comp| comp.legs().iter().any(|l| l.can_capture)),
            chain_attacks,
            chains: chains.map(Arc::new),
            zone,
            piece: Arc::new(betza::Piece { components: rest }),
        })
    };
    let tables = PieceTables {
        quiet: [wq, bq],
        capture,
        initial: [wi, bi],
        mobility,
        symmetric,
        reverse_super,
        capture_needs_occ,
        complex_capture,
        hop_capture,
        lame_capture,
        same_reach,
    };
    Ok((tables, walker))
}

/// The component as the fast tables take it, or `None` when it needs the walker.
fn fast_simple(comp: &Component) -> Option<Simple> {
    let simple = comp.simple()?;
    if matches!(simple.range, Range::Exactly(_)) {
        return None;
    }
    let unit = simple
        .steps
        .iter()
        .all(|&(x, y)| x.abs() <= 1 && y.abs() <= 1);
    let fits = match (simple.hop, simple.range, simple.lame) {
        (None, _, None) | (None, Range::Leaper, Some(_)) => true,
        // Hoppers have tables on king lines only.
        (Some(_), _, None) => unit,
        _ => false,
    };
    fits.then_some(simple)
}

/// Why the position cannot play a piece's walker components yet, if it cannot: a move is
/// one word holding a single extra square ([`crate::board::Move::kill_square`]), so at most one
/// piece may be removed before the last leg; own pieces (`d`) and e.p. would need more
/// bookkeeping; `i` would need to know which pieces have moved.
fn check_walker(piece: &betza::Piece) -> Result<(), &'static str> {
    for comp in &piece.components {
        if comp.initial != betza::Initial::Always {
            return Err("an initial (`i`) multi-leg or exotic component");
        }
        let legs = comp.legs();
        if legs.iter().any(|l| l.can_destroy) {
            return Err("capturing own pieces (`d`)");
        }
        if legs.iter().any(|l| l.en_passant) {
            return Err("en passant (`e`) on a multi-leg or exotic component");
        }
        let locust = legs[..legs.len().saturating_sub(1)]
            .iter()
            .filter(|l| l.can_capture)
            .count();
        if locust > 1 {
            return Err("more than one capture before the last leg");
        }
    }
    Ok(())
}

/// Per square, the box of squares the walker components can reach from it: every leg keeps
/// the length of the first leg's step (turns preserve it), so a component reaches at most
/// that length times its steps. The whole board for cylinder pieces and unbounded riders.
fn walker_zone<B: Bitboard>(geo: &Geometry, piece: &betza::Piece) -> Vec<B> {
    let side = geo.files().max(geo.ranks()) as u32;
    let mut radius = 0u32;
    for comp in &piece.components {
        let legs = comp.legs();
        let length = legs.first().map_or(0, |leg| {
            leg.steps_for(Color::White)
                .iter()
                .map(|&(x, y)| x.unsigned_abs().max(y.unsigned_abs()) as u32)
                .max()
                .unwrap_or(0)
        });
        let steps: u32 = legs
            .iter()
            .map(|l| (l.range.max_steps() as u32).min(side) + l.jump as u32)
            .sum();
        radius = radius.max(length * steps);
        if legs.iter().any(|l| l.cylinder) {
            radius = side;
        }
    }
    geo.squares()
        .map(|from| {
            let (f, r) = (geo.file_of(from) as i32, geo.rank_of(from) as i32);
            let d = radius.min(side) as i32;
            geo.squares()
                .filter(|&sq| {
                    (geo.file_of(sq) as i32 - f).abs() <= d
                        && (geo.rank_of(sq) as i32 - r).abs() <= d
                })
                .fold(B::EMPTY, |b, sq| b.with(sq))
        })
        .collect()
}
