//! Protocol 1 `edit` mode: a board built square by square.

use super::Session;
use crate::color::Color;
use crate::engine::game::Coord;
use crate::engine::Engine;
use crate::protocol::movetext::Coords;
use crate::protocol::xboard_setup::fen_squares;

pub(super) struct EditBoard {
    pub(super) squares: Vec<(Coord, char)>,
    /// The colour of the pieces placed next (`c` switches it).
    pub(super) side: Color,
}

impl Session {
    /// Protocol-1 `edit` mode: `c` toggles colour, `Pa4` places, `xa4` clears, `#` clears
    /// the board, `.` ends. The side to move stays; castling rights are given where king and
    /// rooks stand on the squares they start on.
    pub(super) fn edit_command(&mut self, engine: &mut Engine, line: &str) {
        let Some(eb) = self.edit.as_mut() else { return };
        match line {
            "c" => eb.side = !eb.side,
            "#" => eb.squares.clear(),
            "." => {
                let Some(eb) = self.edit.take() else { return };
                let fen = edit_fen(engine, &self.coords, &eb.squares);
                self.setboard(engine, &fen);
            }
            _ => {
                let mut ch = line.chars();
                let Some(p) = ch.next() else { return };
                let Some(sq) = self.coords.parse_square(ch.as_str()) else {
                    self.error("bad edit command", line);
                    return;
                };
                eb.squares.retain(|(s, _)| *s != sq);
                if p != 'x' && p != 'X' && p.is_ascii_alphabetic() {
                    let l = if eb.side == Color::White {
                        p.to_ascii_uppercase()
                    } else {
                        p.to_ascii_lowercase()
                    };
                    eb.squares.push((sq, l));
                }
            }
        }
    }
}

/// A FEN from an edited board: side to move kept; castling rights where the start position's
/// castling pieces still stand on their squares.
fn edit_fen(engine: &Engine, c: &Coords, squares: &[(Coord, char)]) -> String {
    let mut board = String::new();
    for r in (0..c.ranks).rev() {
        let mut empty = 0;
        for f in 0..c.files {
            match squares.iter().find(|(s, _)| *s == (f, r)) {
                Some((_, p)) => {
                    if empty > 0 {
                        board += &empty.to_string();
                        empty = 0;
                    }
                    board.push(*p);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            board += &empty.to_string();
        }
        if r > 0 {
            board.push('/');
        }
    }
    let stm = if engine.side_to_move() == Color::White {
        "w"
    } else {
        "b"
    };
    let v = engine.variant();
    let start_board = v.start_fen.split_whitespace().next().unwrap_or("");
    let start_rights = v.start_fen.split_whitespace().nth(2).unwrap_or("-");
    // Keep a start right only if that side's king and the rook of that wing still stand
    // on their start squares (`K`/`Q`: the outermost rook on that side of the king; a file
    // letter: the rook on that file), so a king with only its a-rook keeps `Q`.
    let start: Vec<(Coord, char)> = fen_squares(start_board, c);
    let king = v
        .king
        .and_then(|k| v.pieces.get(k as usize))
        .map(|p| p.letter.to_ascii_uppercase())
        .unwrap_or('K');
    let stands = |sq: Coord, p: char| squares.iter().any(|(s, q)| *s == sq && *q == p);
    let mut rights = String::new();
    for ch in start_rights.chars() {
        let white = ch.is_ascii_uppercase();
        let rank = if white { 0 } else { c.ranks - 1 };
        let own = |l: char| {
            if white {
                l.to_ascii_uppercase()
            } else {
                l.to_ascii_lowercase()
            }
        };
        let Some(&(ksq, _)) = start
            .iter()
            .find(|((_, r), p)| *r == rank && *p == own(king))
        else {
            continue;
        };
        let rooks = start
            .iter()
            .filter(|((_, r), p)| *r == rank && *p == own('R'))
            .map(|&(sq, _)| sq);
        let rook = match ch.to_ascii_uppercase() {
            'K' => rooks.filter(|sq| sq.0 > ksq.0).max_by_key(|sq| sq.0),
            'Q' => rooks.filter(|sq| sq.0 < ksq.0).min_by_key(|sq| sq.0),
            f => {
                let file = (f as u8).wrapping_sub(b'A');
                rooks.into_iter().find(|sq| sq.0 == file)
            }
        };
        if rook.is_some_and(|r| stands(r, own('R'))) && stands(ksq, own(king)) {
            rights.push(ch);
        }
    }
    if rights.is_empty() {
        rights.push('-');
    }
    format!("{board} {stm} {rights} - 0 1")
}
