//! Diagrams of a piece's moves, as the Betza articles draw them: text for a terminal, or the
//! same facts as data.
//!
//! Capture marks on an empty board: a square is marked as a capture square when the piece
//! would capture an enemy standing there, with the rest of the board as it is (each empty
//! square is tried in turn with a lone enemy on it, as diagram tools do). That includes
//! locust victims (the checker `fcafmF` marks e5); the landing square of such a move is not
//! marked, since it is only reached when there is something to capture. Hoppers need hurdles,
//! so their captures appear only once `--occupy` places some. The piece counts as standing on
//! its start square, so `i` moves are drawn.

use super::ir::{Color, Piece};
use super::walk::{self, Board, Cell, Move, MoveKind, Situation, Square};

fn situation(board: &Board, from: Square, color: Color) -> Situation<'_> {
    Situation {
        board,
        color,
        from,
        en_passant: None,
        on_start: true,
        one_step_from_start: false,
    }
}

/// How a square is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    Origin,
    MoveOnly,
    CaptureOnly,
    MoveOrCapture,
    Castling,
    /// The end of a leg on the way to somewhere else.
    Via,
    Own,
    Enemy,
    Hole,
    Empty,
}

impl Mark {
    pub fn symbol(self) -> char {
        match self {
            Mark::Origin => '@',
            Mark::MoveOnly => 'm',
            Mark::CaptureOnly => 'x',
            Mark::MoveOrCapture => '*',
            Mark::Castling => 'c',
            Mark::Via => '+',
            Mark::Own => 'o',
            Mark::Enemy => 'e',
            Mark::Hole => '#',
            Mark::Empty => '.',
        }
    }
}

/// The legend printed under a diagram.
pub const LEGEND: &str =
    "@ the piece   m move only   x capture only   * move or capture   c castling\n\
+ leg end on the way   o own piece   e enemy piece   # hole   . empty";

/// A piece's moves from one square.
#[derive(Debug, Clone)]
pub struct Diagram {
    pub files: u8,
    pub ranks: u8,
    pub from: Square,
    /// Every move on the board as it is (different paths to the same result counted once).
    pub moves: Vec<Move>,
    /// Distinct destinations of `moves`.
    pub destinations: Vec<Square>,
    /// Squares where an enemy would be captured (see the module notes).
    pub capture_squares: Vec<Square>,
    /// One mark per square, rank-major from a1.
    pub marks: Vec<Mark>,
}

impl Diagram {
    /// Draws `piece` of `color` on `from` of `board` (cells as the piece sees them).
    pub fn new(piece: &Piece, board: &Board, from: Square, color: Color) -> Diagram {
        let all_paths = walk::moves(piece, &situation(board, from, color));
        let moves = walk::distinct(&all_paths);
        let destinations = walk::destinations(&moves);
        let mut capture_squares: Vec<Square> = moves
            .iter()
            .flat_map(|m| m.captures.iter().copied())
            .collect();
        for square in board.squares() {
            if square == from || board.get(square) != Cell::Empty {
                continue;
            }
            let mut probe = board.clone();
            probe.set(square, Cell::Enemy { royal: false });
            if walk::moves(piece, &situation(&probe, from, color))
                .iter()
                .any(|m| m.captures.contains(&square))
            {
                capture_squares.push(square);
            }
        }
        capture_squares.sort();
        capture_squares.dedup();
        let marks = board
            .squares()
            .map(|square| {
                let quiet = moves
                    .iter()
                    .any(|m| m.to == square && m.kind == MoveKind::Quiet);
                let castling = moves
                    .iter()
                    .any(|m| m.to == square && m.kind == MoveKind::Castling);
                let lands = destinations.contains(&square);
                let captures = capture_squares.contains(&square);
                let via = all_paths.iter().any(|m| m.via.contains(&square));
                match board.get(square) {
                    _ if square == from => Mark::Origin,
                    Cell::Hole => Mark::Hole,
                    _ if castling => Mark::Castling,
                    _ if quiet && captures => Mark::MoveOrCapture,
                    _ if quiet => Mark::MoveOnly,
                    _ if captures || lands => Mark::CaptureOnly,
                    Cell::Own => Mark::Own,
                    Cell::Enemy { .. } => Mark::Enemy,
                    Cell::Empty if via => Mark::Via,
                    Cell::Empty => Mark::Empty,
                }
            })
            .collect();
        Diagram {
            files: board.files(),
            ranks: board.ranks(),
            from,
            moves,
            destinations,
            capture_squares,
            marks,
        }
    }

    pub fn mark(&self, square: Square) -> Mark {
        self.marks[usize::from(square.rank) * usize::from(self.files) + usize::from(square.file)]
    }

    /// The board drawn rank by rank from the top, with file letters underneath.
    pub fn render(&self) -> String {
        let mut text = String::new();
        for rank in (0..self.ranks).rev() {
            text.push_str(&format!("{:>2} ", u16::from(rank) + 1));
            let row: Vec<String> = (0..self.files)
                .map(|file| self.mark(Square::new(file, rank)).symbol().to_string())
                .collect();
            text.push_str(&row.join(" "));
            text.push('\n');
        }
        text.push_str("   ");
        let files: Vec<String> = (0..self.files)
            .map(|f| char::from(b'a' + f).to_string())
            .collect();
        text.push_str(&files.join(" "));
        text.push('\n');
        text
    }
}
