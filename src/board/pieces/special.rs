//! Moves that are not "from → to, capturing at most what stands on `to`", found by the
//! reference walker on a copy of the board.

use crate::betza::{self, Cell};
use crate::board::geometry::{Geometry, Square};

/// What the special-move generator needs to know about the board, from the point of view of
/// the side that moves.
pub trait BoardView {
    /// The contents of `sq`: [`Cell::Empty`], [`Cell::Own`], [`Cell::Enemy`] (with `royal` set
    /// for royal pieces, which tame `t` moves may not capture) or [`Cell::Hole`] (a wall or a
    /// hole: nothing may stand on, land on or pass over it).
    fn cell(&self, sq: Square) -> Cell;

    /// The e.p. chance of the moment, as `(target, victim)`: a move with `e` that ends on
    /// `target` removes the enemy on `victim`. `None` when there is none.
    fn en_passant(&self) -> Option<(Square, Square)> {
        None
    }

    /// The piece on `sq` stands on its start square and has not moved (enables `i`
    /// components).
    fn on_start(&self, _sq: Square) -> bool {
        false
    }

    /// The piece on `sq` has made exactly one step forward from its start square (enables
    /// XBoard's `ii` components).
    fn one_step_from_start(&self, _sq: Square) -> bool {
        false
    }
}

/// How a special move ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SpecialKind {
    /// Nothing removed.
    Quiet,
    /// Something removed: enemies in `captures` (on `to`, or locust victims on the way), own
    /// pieces in `destroyed`.
    Capture,
    /// E.p. capture; the victim is in `captures`.
    EnPassant,
    /// Castling `On`: the king goes to `to`, the corner piece on `partner` goes to the square
    /// the king passed over. Rights and "not through check" are the position's business.
    Castling { partner: Square },
}

/// A move found by the walker, in board squares.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SpecialMove {
    /// Where the piece ends (its own square for a pass or an igui).
    pub to: Square,
    /// End squares of the legs before the last, in order (for the move's text: each leg is
    /// written `from`+`to`, joined by commas).
    pub via: Vec<Square>,
    /// Enemy pieces removed, in the order they were taken (`to` included when the last leg
    /// captures; the victim of an e.p. capture).
    pub captures: Vec<Square>,
    /// Own pieces removed (`d`).
    pub destroyed: Vec<Square>,
    pub kind: SpecialKind,
}

impl SpecialMove {
    /// True when the move is an ordinary one: it ends on another square and removes nothing
    /// but what stands on `to`. (Such moves appear here only when no fast generator gives the
    /// same from→to with the same capture.)
    pub fn is_plain(&self) -> bool {
        match self.kind {
            SpecialKind::Quiet => self.destroyed.is_empty() && self.captures.is_empty(),
            SpecialKind::Capture => self.destroyed.is_empty() && self.captures == [self.to],
            SpecialKind::EnPassant | SpecialKind::Castling { .. } => false,
        }
    }

    /// The effect of the move: what a position needs to play it. Two moves with the same
    /// effect are the same move (only the route differs).
    pub(crate) fn effect(&self) -> (Square, Vec<Square>, Vec<Square>, SpecialKind) {
        let mut captures = self.captures.clone();
        captures.sort_unstable();
        let mut destroyed = self.destroyed.clone();
        destroyed.sort_unstable();
        (self.to, captures, destroyed, self.kind)
    }
}

pub(crate) fn to_betza(geo: &Geometry, sq: Square) -> betza::Square {
    betza::Square::new(geo.file_of(sq), geo.rank_of(sq))
}

pub(crate) fn from_betza(geo: &Geometry, sq: betza::Square) -> Option<Square> {
    geo.square(sq.file, sq.rank)
}

/// A copy of the view as a walker board.
pub(crate) fn board_of<V: BoardView + ?Sized>(geo: &Geometry, view: &V) -> Option<betza::Board> {
    let mut board = betza::Board::new(geo.files(), geo.ranks())?;
    for sq in geo.squares() {
        board.set(to_betza(geo, sq), view.cell(sq));
    }
    Some(board)
}

/// Translates a walker move; `None` if a square is off the board (never happens).
pub(crate) fn translate(geo: &Geometry, m: &betza::Move) -> Option<SpecialMove> {
    let squares = |list: &[betza::Square]| {
        list.iter()
            .map(|&s| from_betza(geo, s))
            .collect::<Option<Vec<Square>>>()
    };
    let kind = match m.kind {
        betza::MoveKind::Quiet => SpecialKind::Quiet,
        betza::MoveKind::Capture => SpecialKind::Capture,
        betza::MoveKind::EnPassant => SpecialKind::EnPassant,
        betza::MoveKind::Castling => SpecialKind::Castling {
            partner: from_betza(geo, m.castling_partner?)?,
        },
    };
    Some(SpecialMove {
        to: from_betza(geo, m.to)?,
        via: squares(&m.via)?,
        captures: squares(&m.captures)?,
        destroyed: squares(&m.destroyed)?,
        kind,
    })
}
