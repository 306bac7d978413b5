//! Highlights for XBoard: the answers to `lift`, `put` and `hover`.

use super::Session;
use crate::color::Color;
use crate::engine::game::Coord;
use crate::engine::Engine;
use crate::protocol::movetext::highlight_board;
use crate::protocol::xboard_setup::{holdings_order, piece_to_char_table};

impl Session {
    pub(super) fn marks_for(&self, engine: &Engine, from: Coord) -> Vec<(Coord, char)> {
        let legal = engine.legal_move_details();
        let mut marks: Vec<(Coord, char)> = Vec::new();
        for d in legal
            .iter()
            .filter(|d| d.from == Some(from) && !(d.pass && d.via.is_none()))
            .filter(|d| !(self.drop_castling && d.rook.is_some()))
        {
            let c = if d.promotion.is_some() || d.piece_promotion {
                'M'
            } else if d.capture {
                'R'
            } else {
                'Y'
            };
            match marks.iter_mut().find(|(sq, _)| *sq == d.to) {
                // Promotion wins over a plain mark on the same square.
                Some(m) => {
                    if c == 'M' {
                        m.1 = 'M';
                    }
                }
                None => marks.push((d.to, c)),
            }
        }
        marks
    }

    pub(super) fn lift(&mut self, engine: &Engine, arg: &str) {
        let Some(sq) = self.coords.parse_square(arg) else {
            if let Some((side, slot)) = self.coords.holdings_slot(arg) {
                // A piece picked up from the hand: its drop squares.
                self.lifted = None;
                let marks = self.drop_marks(engine, side, slot);
                self.line(&format!(
                    "highlight {}",
                    highlight_board(&self.coords, &marks)
                ));
                return;
            }
            self.error("bad square", &format!("lift {arg}"));
            return;
        };
        self.lifted = Some(sq);
        let marks = self.marks_for(engine, sq);
        self.line(&format!(
            "highlight {}",
            highlight_board(&self.coords, &marks)
        ));
    }

    /// Yellow marks on every square where the side to move can drop the piece in holdings
    /// slot `slot` of `side` (none when it is not that side's move).
    pub(super) fn drop_marks(&self, engine: &Engine, side: Color, slot: u8) -> Vec<(Coord, char)> {
        if side != engine.side_to_move() {
            return Vec::new();
        }
        let table = piece_to_char_table(engine.variant());
        let Some(&letter) = holdings_order(&table).get(slot as usize) else {
            return Vec::new();
        };
        engine
            .legal_move_details()
            .iter()
            .filter(|d| d.drop == Some(letter))
            .map(|d| (d.to, 'Y'))
            .collect()
    }

    pub(super) fn hover(&mut self, engine: &Engine, arg: &str) {
        let (Some(sq), Some(from)) = (self.coords.parse_square(arg), self.lifted) else {
            return;
        };
        let legal = engine.legal_move_details();
        let victims: Vec<Coord> = legal
            .iter()
            .filter(|d| d.from == Some(from) && d.to == sq)
            .filter_map(|d| d.victim)
            .collect();
        if victims.is_empty() {
            return;
        }
        let mut marks = self.marks_for(engine, from);
        for v in victims {
            // Lower case: a marker only, not a destination.
            marks.push((v, 'g'));
        }
        self.line(&format!(
            "highlight {}",
            highlight_board(&self.coords, &marks)
        ));
    }

    pub(super) fn put(&mut self, engine: &Engine, arg: &str) {
        let (Some(sq), Some(from)) = (self.coords.parse_square(arg), self.lifted) else {
            return;
        };
        let legal = engine.legal_move_details();
        let mut choices: Vec<char> = Vec::new();
        for d in legal.iter().filter(|d| d.from == Some(from) && d.to == sq) {
            if let Some(p) = d.promotion {
                if !choices.contains(&p) {
                    choices.push(p);
                }
            }
        }
        if !choices.is_empty() {
            // The first choice is the default: the strongest-looking one, the queen if any.
            if let Some(i) = choices.iter().position(|&c| c == 'Q') {
                choices.swap(0, i);
            }
            self.line(&format!("choice {}", choices.iter().collect::<String>()));
        }
    }

    pub(super) fn board_squares(&self, engine: &Engine) -> Vec<(Coord, char)> {
        let mut v = Vec::new();
        for r in 0..self.coords.ranks {
            for f in 0..self.coords.files {
                if let Some(p) = engine.piece_at((f, r)) {
                    v.push(((f, r), p));
                }
            }
        }
        v
    }
}
