//! The reference walker: every move a piece has on a given board, found by following its legs
//! square by square. Slow and plain on purpose: it is the ground truth the fast generators are
//! tested against.

use std::fmt;

use super::atom::{turn, AtomClass, Step};
use super::ir::{Color, ComponentKind, Hop, Initial, Leg, Path, Piece, Range};

/// A square: file 0 is the a-file, rank 0 is rank 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    pub file: u8,
    pub rank: u8,
}

impl Square {
    pub const fn new(file: u8, rank: u8) -> Square {
        Square { file, rank }
    }

    /// Reads `a1` … `p16`. `None` for anything else.
    pub fn parse(text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let file = chars.next()?;
        if !('a'..='p').contains(&file) {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty()
            || digits.len() > 2
            || !digits.chars().all(|c| c.is_ascii_digit())
            || digits.starts_with('0')
        {
            return None;
        }
        let rank: u8 = digits.parse().ok()?;
        if !(1..=16).contains(&rank) {
            return None;
        }
        Some(Square {
            file: file as u8 - b'a',
            rank: rank - 1,
        })
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            char::from(b'a' + self.file),
            u16::from(self.rank) + 1
        )
    }
}

/// What stands on a square, seen from the moving piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cell {
    Empty,
    Own,
    /// `royal` matters for tame (`t`) captures.
    Enemy {
        royal: bool,
    },
    /// Not part of the board: nothing may stand on, land on or pass over it.
    Hole,
}

/// The largest board side.
pub const MAX_SIDE: u8 = 16;

/// A board of 1x1 up to 16x16 cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    files: u8,
    ranks: u8,
    cells: Vec<Cell>,
}

impl Board {
    /// An empty board, or `None` when a side is not between 1 and 16.
    pub fn new(files: u8, ranks: u8) -> Option<Board> {
        if !(1..=MAX_SIDE).contains(&files) || !(1..=MAX_SIDE).contains(&ranks) {
            return None;
        }
        Some(Board {
            files,
            ranks,
            cells: vec![Cell::Empty; usize::from(files) * usize::from(ranks)],
        })
    }

    pub fn files(&self) -> u8 {
        self.files
    }

    pub fn ranks(&self) -> u8 {
        self.ranks
    }

    pub fn contains(&self, square: Square) -> bool {
        square.file < self.files && square.rank < self.ranks
    }

    /// The cell; squares outside the board read as holes.
    pub fn get(&self, square: Square) -> Cell {
        if self.contains(square) {
            self.cells[self.index(square)]
        } else {
            Cell::Hole
        }
    }

    /// Sets a cell; squares outside the board are ignored (there is nothing to set).
    pub fn set(&mut self, square: Square, cell: Cell) {
        if self.contains(square) {
            let index = self.index(square);
            self.cells[index] = cell;
        }
    }

    /// Every square, rank by rank from a1.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.ranks).flat_map(move |rank| (0..self.files).map(move |file| Square { file, rank }))
    }

    fn index(&self, square: Square) -> usize {
        usize::from(square.rank) * usize::from(self.files) + usize::from(square.file)
    }
}

/// The e.p. chance of the moment: a piece that moves to `target` with `e` captures `victim`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EnPassant {
    pub target: Square,
    pub victim: Square,
}

/// Everything the walker needs besides the piece.
#[derive(Debug, Clone)]
pub struct Situation<'a> {
    pub board: &'a Board,
    pub color: Color,
    /// Where the piece stands (its own cell is treated as empty once it has left).
    pub from: Square,
    pub en_passant: Option<EnPassant>,
    /// The piece stands on its start square (enables `i` components).
    pub on_start: bool,
    /// The piece stands one step in front of its start square (enables `ii` components).
    pub one_step_from_start: bool,
}

/// The kind of a move, for display and for the board layer's bookkeeping.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveKind {
    /// Nothing removed.
    Quiet,
    /// Something removed: an enemy (normal or locust capture) or an own piece (`d`).
    Capture,
    /// E.p. capture: the victim is in `captures`.
    EnPassant,
    /// Castling: the corner piece is in `castling_partner`.
    Castling,
}

/// One move found by the walker.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub to: Square,
    /// End squares of the legs before the last, in order.
    pub via: Vec<Square>,
    /// Enemy pieces removed (landing square, locust victims, e.p. victim).
    pub captures: Vec<Square>,
    /// Own pieces removed (`d`).
    pub destroyed: Vec<Square>,
    pub kind: MoveKind,
    /// For castling: the corner piece the king moves towards (the board layer checks rights).
    pub castling_partner: Option<Square>,
}

/// Every move of `piece` in `situation`, sorted, without duplicates.
pub fn moves(piece: &Piece, situation: &Situation<'_>) -> Vec<Move> {
    let mut walker = Walker {
        situation,
        found: Vec::new(),
    };
    if !situation.board.contains(situation.from) {
        return Vec::new();
    }
    for component in &piece.components {
        let allowed = match component.initial {
            Initial::Always => true,
            Initial::Start => situation.on_start,
            Initial::OneStepFromStart => situation.one_step_from_start,
        };
        if !allowed {
            continue;
        }
        match &component.kind {
            ComponentKind::Legs(legs) => {
                walker.leg(legs, 0, situation.from, None, &Trail::default())
            }
            ComponentKind::Castling { distance } => walker.castling(*distance),
        }
    }
    let mut found = walker.found;
    found.sort();
    found.dedup();
    found
}

/// The distinct destination squares of a move list, sorted.
pub fn destinations(moves: &[Move]) -> Vec<Square> {
    let mut squares: Vec<Square> = moves.iter().map(|m| m.to).collect();
    squares.sort();
    squares.dedup();
    squares
}

/// The moves that differ in effect: moves with the same destination, captures, destroyed
/// pieces, kind and castling partner leave the same position, so only the one with the fewest
/// (then smallest) intermediate squares is kept. The lion's passes through any empty
/// neighbour become one pass; a capture on the way keeps its path apart.
pub fn distinct(moves: &[Move]) -> Vec<Move> {
    let mut sorted: Vec<&Move> = moves.iter().collect();
    sorted.sort_by(|a, b| {
        effect(a)
            .cmp(&effect(b))
            .then(a.via.len().cmp(&b.via.len()))
            .then(a.via.cmp(&b.via))
    });
    let mut kept: Vec<Move> = Vec::new();
    for m in sorted {
        if kept.last().map_or(true, |k| effect(k) != effect(m)) {
            kept.push(m.clone());
        }
    }
    kept.sort();
    kept
}

type Effect<'a> = (Square, &'a [Square], &'a [Square], MoveKind, Option<Square>);

fn effect(m: &Move) -> Effect<'_> {
    (m.to, &m.captures, &m.destroyed, m.kind, m.castling_partner)
}

/// What the legs walked so far have done.
#[derive(Debug, Clone, Default)]
struct Trail {
    via: Vec<Square>,
    captures: Vec<Square>,
    destroyed: Vec<Square>,
}

struct Walker<'a, 'b> {
    situation: &'a Situation<'b>,
    found: Vec<Move>,
}

impl Walker<'_, '_> {
    /// The cell as the moving piece sees it now: its start square is empty (it has left), and
    /// pieces removed by earlier legs are gone.
    fn cell(&self, square: Square, trail: &Trail) -> Cell {
        if square == self.situation.from
            || trail.captures.contains(&square)
            || trail.destroyed.contains(&square)
        {
            Cell::Empty
        } else {
            self.situation.board.get(square)
        }
    }

    fn offset(&self, square: Square, (dx, dy): Step, cylinder: bool) -> Option<Square> {
        let board = self.situation.board;
        let rank = i16::from(square.rank) + i16::from(dy);
        let mut file = i16::from(square.file) + i16::from(dx);
        if rank < 0 || rank >= i16::from(board.ranks()) {
            return None;
        }
        if cylinder {
            file = file.rem_euclid(i16::from(board.files()));
        } else if file < 0 || file >= i16::from(board.files()) {
            return None;
        }
        Some(Square {
            file: u8::try_from(file).ok()?,
            rank: u8::try_from(rank).ok()?,
        })
    }

    fn leg(
        &mut self,
        legs: &[Leg],
        index: usize,
        at: Square,
        previous: Option<Step>,
        trail: &Trail,
    ) {
        let Some(leg) = legs.get(index) else { return };
        let Some(steps) = leg.steps_after(self.situation.color, previous) else {
            return;
        };
        let eight_images = matches!(leg.atom.class(), AtomClass::Oblique | AtomClass::EightFold);
        for step in steps {
            match leg.path {
                Path::Straight => {
                    self.ride(legs, index, at, trail, leg.range.max_steps(), &|_| step)
                }
                Path::Crooked => {
                    for side in [2u8, 6] {
                        let other = turn(step, side);
                        let zigzag = move |i: u8| if i % 2 == 1 { step } else { other };
                        self.ride(legs, index, at, trail, leg.range.max_steps(), &zigzag);
                    }
                }
                Path::Circular => {
                    let (per_step, images) = if eight_images { (1u8, 8u8) } else { (2, 4) };
                    for sense in [per_step, 8 - per_step] {
                        let circle = move |i: u8| turn(step, ((i - 1) % 8).wrapping_mul(sense) % 8);
                        let most = leg.range.max_steps().min(images - 1);
                        self.ride(legs, index, at, trail, most, &circle);
                    }
                }
            }
        }
    }

    /// Follows one ride of a leg: `step_at(i)` is the i-th step (from 1), at most `most` steps
    /// after the skipped ones. Each square that can end the leg is handed to `land`.
    fn ride(
        &mut self,
        legs: &[Leg],
        index: usize,
        at: Square,
        trail: &Trail,
        most: u8,
        step_at: &dyn Fn(u8) -> Step,
    ) {
        let leg = &legs[index];
        let is_final = index + 1 == legs.len();
        let skip = if leg.atom.is_unit() { leg.jump } else { 0 };
        // Boards are at most 16 squares wide, so 64 steps end every ride that does not loop;
        // loops (cylinder, circles) end when they come back to the leg's start square.
        let limit = most.saturating_add(skip).min(64);
        let mut square = at;
        let mut hurdle_found = false;
        for i in 1..=limit {
            let step = step_at(i);
            if let Some(lame) = leg.lame {
                let blocked = lame.blockers(step).into_iter().any(|offset| {
                    self.offset(square, offset, leg.cylinder)
                        .map_or(true, |s| self.cell(s, trail) != Cell::Empty)
                });
                if blocked {
                    break;
                }
            }
            if leg.jump > 0 && !leg.atom.is_unit() {
                let half = (step.0 / 2, step.1 / 2);
                let jumped = self
                    .offset(square, half, leg.cylinder)
                    .is_some_and(|s| matches!(self.cell(s, trail), Cell::Own | Cell::Enemy { .. }));
                if half == (0, 0) || !jumped {
                    break;
                }
            }
            let Some(next) = self.offset(square, step, leg.cylinder) else {
                break;
            };
            square = next;
            if square == at {
                break;
            }
            let cell = self.cell(square, trail);
            if cell == Cell::Hole {
                break;
            }
            if i <= skip {
                continue;
            }
            if let Range::Exactly(n) = leg.range {
                if i < n.saturating_add(skip) {
                    if cell != Cell::Empty {
                        break;
                    }
                    continue;
                }
            }
            if is_final && leg.hop.is_some() && !hurdle_found {
                hurdle_found = cell != Cell::Empty;
                continue;
            }
            self.land(legs, index, square, cell, step, trail);
            if cell != Cell::Empty || (is_final && leg.hop == Some(Hop::Grasshopper)) {
                break;
            }
        }
    }

    /// A leg may end on `square` (holding `cell`): record the move, or go on with the next leg.
    fn land(
        &mut self,
        legs: &[Leg],
        index: usize,
        square: Square,
        cell: Cell,
        step: Step,
        trail: &Trail,
    ) {
        let leg = &legs[index];
        if index + 1 == legs.len() {
            match cell {
                Cell::Empty => {
                    if leg.can_move {
                        self.emit(square, trail.clone(), MoveKind::Quiet);
                    }
                    if leg.en_passant {
                        if let Some(ep) = self.situation.en_passant.filter(|ep| ep.target == square)
                        {
                            if matches!(self.cell(ep.victim, trail), Cell::Enemy { .. }) {
                                let mut done = trail.clone();
                                done.captures.push(ep.victim);
                                self.emit(square, done, MoveKind::EnPassant);
                            }
                        }
                    }
                }
                Cell::Enemy { royal } => {
                    if leg.can_capture && !(leg.tame && royal) {
                        let mut done = trail.clone();
                        done.captures.push(square);
                        self.emit(square, done, MoveKind::Capture);
                    }
                }
                Cell::Own => {
                    if leg.can_destroy {
                        let mut done = trail.clone();
                        done.destroyed.push(square);
                        self.emit(square, done, MoveKind::Capture);
                    }
                }
                Cell::Hole => {}
            }
            return;
        }
        let mut passing = trail.clone();
        passing.via.push(square);
        match cell {
            Cell::Empty => {
                if leg.can_move {
                    self.leg(legs, index + 1, square, Some(step), &passing);
                }
            }
            Cell::Enemy { royal } => {
                if leg.can_capture && !(leg.tame && royal) {
                    let mut locust = passing.clone();
                    locust.captures.push(square);
                    self.leg(legs, index + 1, square, Some(step), &locust);
                }
                if leg.hop.is_some() && !leg.tame {
                    self.leg(legs, index + 1, square, Some(step), &passing);
                }
            }
            Cell::Own => {
                if leg.can_destroy {
                    let mut destroying = passing.clone();
                    destroying.destroyed.push(square);
                    self.leg(legs, index + 1, square, Some(step), &destroying);
                }
                if leg.hop.is_some() {
                    self.leg(legs, index + 1, square, Some(step), &passing);
                }
            }
            Cell::Hole => {}
        }
    }

    fn emit(&mut self, to: Square, trail: Trail, kind: MoveKind) {
        if to == self.situation.from && trail.via.is_empty() {
            // A single leg that wrapped round to its own square is no move.
            return;
        }
        let kind = if kind == MoveKind::Quiet
            && !(trail.captures.is_empty() && trail.destroyed.is_empty())
        {
            MoveKind::Capture
        } else {
            kind
        };
        self.found.push(Move {
            to,
            via: trail.via,
            captures: trail.captures,
            destroyed: trail.destroyed,
            kind,
            castling_partner: None,
        });
    }

    /// `On`: towards each side, the first piece on the rank must be an own piece standing at the
    /// edge (or before a hole), more than `distance` squares away, with only empty squares
    /// between; the king then moves `distance` squares towards it.
    fn castling(&mut self, distance: u8) {
        let board = self.situation.board;
        let from = self.situation.from;
        for direction in [-1i8, 1] {
            let mut square = from;
            let mut count = 0u8;
            while let Some(next) = self.offset(square, (direction, 0), false) {
                square = next;
                count += 1;
                match board.get(square) {
                    Cell::Empty => continue,
                    Cell::Own => {
                        let at_edge = self
                            .offset(square, (direction, 0), false)
                            .map_or(true, |beyond| board.get(beyond) == Cell::Hole);
                        if at_edge && count > distance {
                            let file =
                                i16::from(from.file) + i16::from(direction) * i16::from(distance);
                            if let Ok(file) = u8::try_from(file) {
                                self.found.push(Move {
                                    to: Square {
                                        file,
                                        rank: from.rank,
                                    },
                                    via: Vec::new(),
                                    captures: Vec::new(),
                                    destroyed: Vec::new(),
                                    kind: MoveKind::Castling,
                                    castling_partner: Some(square),
                                });
                            }
                        }
                        break;
                    }
                    Cell::Enemy { .. } | Cell::Hole => break,
                }
            }
        }
    }
}
