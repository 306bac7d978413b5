//! Reading the move and square text XBoard sends (CECP), see `reference/protocols.md` §1.6.
//! (What the engine writes is the board's `MoveDialect::Cecp` text.)
//!
//! Files are `a`, `b`, ... Ranks are decimal: `1`..`H` on boards with up to 9 ranks and from
//! 11 ranks (two digits where needed, `a10`), but `0`..`9` on boards with exactly 10 ranks
//! (the Xiangqi convention). Moves from the GUI may be drops (`P@e4`), promotions (`e7e8q`,
//! `e7e8=q`, `e7e8(q)`, shogi `+`, explicit non-promotion `=`), castling as the king's
//! destination, as king-takes-rook or as `O-O`/`O-O-O`, multi-leg moves with commas
//! (`c4d5,d5e4`) and the pass `@@@@`. [`find_move`] matches them against the legal moves.

use crate::color::Color;
use crate::engine::game::{Coord, MoveDetail};

/// Square naming on one board for CECP.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Coords {
    /// Files.
    pub files: u8,
    /// Ranks.
    pub ranks: u8,
}

/// What a promotion suffix asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Suffix {
    /// No suffix.
    None,
    /// Promote to this piece (upper-case letter).
    Piece(char),
    /// Shogi-style promotion (`+`).
    Promote,
    /// Explicitly not promoting (`=`).
    NoPromote,
}

/// A move as the GUI wrote it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GuiMove {
    /// `@@@@`.
    Pass,
    /// `O-O` (king side) or `O-O-O`.
    Castle {
        /// King side.
        kingside: bool,
    },
    /// `P@e4`.
    Drop {
        /// Upper-case piece letter.
        piece: char,
        /// Target.
        to: Coord,
    },
    /// From-to with optional intermediate squares (multi-leg) and suffix.
    Move {
        /// Start.
        from: Coord,
        /// End of the last leg.
        to: Coord,
        /// Ends of the earlier legs.
        via: Vec<Coord>,
        /// Promotion suffix.
        suffix: Suffix,
    },
}

impl Coords {
    /// The naming for a board of this size.
    pub fn new(files: u8, ranks: u8) -> Coords {
        Coords { files, ranks }
    }

    fn zero_based(&self) -> bool {
        self.ranks == 10
    }

    /// Reads one square at the start of `s`; returns it and the rest of the text.
    pub fn read_square<'a>(&self, s: &'a str) -> Option<(Coord, &'a str)> {
        let b = s.as_bytes();
        let f = *b.first()?;
        if !f.is_ascii_lowercase() || f - b'a' >= self.files {
            return None;
        }
        let file = f - b'a';
        let c = *b.get(1)?;
        // XBoard's exclude/include may carry raw rank characters past '9' (`:` = rank 10).
        if !c.is_ascii_digit() {
            if self.ranks > 10 && (b':'..=b'@').contains(&c) {
                let r = c - b'1';
                return (r < self.ranks).then_some(((file, r), &s[2..]));
            }
            return None;
        }
        if self.zero_based() {
            let r = c - b'0';
            return Some(((file, r), &s[2..]));
        }
        let d1 = (c - b'0') as u32;
        if let Some(&c2) = b.get(2) {
            let two = d1 * 10 + c2.wrapping_sub(b'0') as u32;
            if c2.is_ascii_digit() && d1 > 0 && two <= self.ranks as u32 {
                return Some(((file, (two - 1) as u8), &s[3..]));
            }
        }
        if d1 == 0 || d1 > self.ranks as u32 {
            return None;
        }
        Some(((file, (d1 - 1) as u8), &s[2..]))
    }

    /// Reads a whole square name.
    pub fn parse_square(&self, s: &str) -> Option<Coord> {
        match self.read_square(s.trim().trim_end_matches(',')) {
            Some((c, "")) => Some(c),
            _ => None,
        }
    }

    /// A holdings square as XBoard 4.9.1 names it in `lift` when the user picks up a piece in
    /// hand: XBoard puts White's holdings two columns right of the board (the file letter
    /// after the next, `g` on a 5-file board) and Black's two columns left of it (`_`, the
    /// character two before `a`); the rank counts slots from White's side (`g1` is White's
    /// first slot, `_5` Black's first on 5 ranks). Returns the side and
    /// the slot, 0-based, in the order of the piece-to-char table.
    pub fn holdings_slot(&self, s: &str) -> Option<(Color, u8)> {
        let s = s.trim().trim_end_matches(',');
        let file = *s.as_bytes().first()? as i16 - b'a' as i16;
        // The rank part reads as on the board: put it behind file `a`.
        let ((_, r), rest) = self
            .read_square(&format!("a{}", s.get(1..)?))
            .map(|(c, rest)| (c, rest.len()))?;
        if rest != 0 {
            return None;
        }
        if file == self.files as i16 + 1 {
            Some((Color::White, r))
        } else if file == -2 {
            Some((Color::Black, self.ranks - 1 - r))
        } else {
            None
        }
    }

    /// Reads a move the GUI sent.
    pub fn parse_move(&self, text: &str) -> Option<GuiMove> {
        let t = text.trim().trim_end_matches(',');
        match t {
            "@@@@" => return Some(GuiMove::Pass),
            "O-O" | "0-0" | "o-o" => return Some(GuiMove::Castle { kingside: true }),
            "O-O-O" | "0-0-0" | "o-o-o" => return Some(GuiMove::Castle { kingside: false }),
            _ => {}
        }
        if let Some((p, sq)) = t.split_once('@') {
            let mut pc = p.chars();
            let piece = pc.next()?;
            if pc.next().is_some() || !piece.is_ascii_alphabetic() {
                return None;
            }
            let to = self.parse_square(sq)?;
            return Some(GuiMove::Drop {
                piece: piece.to_ascii_uppercase(),
                to,
            });
        }
        let legs: Vec<&str> = t.split(',').collect();
        let mut from = None;
        let mut ends = Vec::new();
        let mut suffix = Suffix::None;
        for (i, leg) in legs.iter().enumerate() {
            let (a, rest) = self.read_square(leg)?;
            let (b, rest) = self.read_square(rest)?;
            if i == 0 {
                from = Some(a);
            } else if Some(a) != ends.last().copied() {
                return None;
            }
            ends.push(b);
            let last = i + 1 == legs.len();
            if !rest.is_empty() {
                if !last {
                    return None;
                }
                suffix = parse_suffix(rest)?;
            }
        }
        let to = ends.pop()?;
        Some(GuiMove::Move {
            from: from?,
            to,
            via: ends,
            suffix,
        })
    }
}

fn parse_suffix(s: &str) -> Option<Suffix> {
    let inner = s
        .strip_prefix('(')
        .and_then(|x| x.strip_suffix(')'))
        .or_else(|| s.strip_prefix('='))
        .unwrap_or(s);
    match inner {
        "" if s == "=" => Some(Suffix::NoPromote),
        "+" => Some(Suffix::Promote),
        _ => {
            let mut c = inner.chars();
            let p = c.next()?;
            (c.next().is_none() && p.is_ascii_alphabetic())
                .then(|| Suffix::Piece(p.to_ascii_uppercase()))
        }
    }
}

/// The legal move a GUI move means, if any.
pub fn find_move<'a>(gm: &GuiMove, legal: &'a [MoveDetail]) -> Option<&'a MoveDetail> {
    match gm {
        GuiMove::Pass => legal.iter().find(|d| d.pass),
        GuiMove::Castle { kingside } => legal.iter().find(|d| match (d.rook, d.from) {
            (Some(r), Some(f)) => (r.0 > f.0) == *kingside,
            _ => false,
        }),
        GuiMove::Drop { piece, to } => legal.iter().find(|d| d.drop == Some(*piece) && d.to == *to),
        // A walling move: the wall as a second leg from where the piece lands (or a wall
        // instead of a move: a null move's square twice, then the wall), `e2e4,e4e5`.
        GuiMove::Move {
            from,
            to,
            via,
            suffix,
        } if via.len() == 1 && legal.iter().any(|d| d.wall.is_some()) => {
            let lands = |d: &&MoveDetail| {
                (d.to == via[0] || d.rook == Some(via[0])) && fits_suffix(d, *suffix)
            };
            let walled = |d: &&MoveDetail| {
                d.wall == Some(*to) && (d.from == Some(*from) || d.pass && *from == d.to)
            };
            // `wallOrMove`'s moves carry Fairy-Stockfish's empty wall leg (`a2a3,a3a1`).
            let bare = |d: &&MoveDetail| d.wall.is_none() && !d.pass && d.from == Some(*from);
            let mut fitting = legal.iter().filter(lands);
            fitting.clone().find(walled).or_else(|| fitting.find(bare))
        }
        // Fairy-Stockfish also reads a pass as the passing piece's square twice (`e1e1`).
        GuiMove::Move {
            from,
            to,
            via,
            suffix: Suffix::None,
        } if from == to && via.is_empty() => legal.iter().find(|d| d.pass && d.to == *to),
        GuiMove::Move {
            from,
            to,
            via,
            suffix,
        } => {
            let cands: Vec<&MoveDetail> = legal
                .iter()
                // A walling move needs its wall; `wallOrMove`'s moves have none, and
                // Fairy-Stockfish's empty wall leg (`a2a3,a3a1`) reads as the bare move.
                .filter(|d| d.wall.is_none())
                // A lion's pass (it has a via square) is also written as its two legs.
                .filter(|d| !(d.pass && d.via.is_none()))
                .filter(|d| d.drop.is_none() && d.from == Some(*from))
                .filter(|d| d.to == *to || d.rook == Some(*to))
                // A multi-leg move is only the one through the square the GUI gave: the
                // lion's `d4e5,e5d6` takes on e5, `d4d6` does not.
                .filter(|d| via.as_slice() == d.via.as_slice())
                .filter(|d| fits_suffix(d, *suffix))
                .collect();
            // A king move to the castling destination that is also a normal move is the
            // normal move (Chess960); king-takes-rook is always castling.
            cands
                .iter()
                .find(|d| d.rook.is_none())
                .or_else(|| cands.first())
                .copied()
        }
    }
}

/// Whether a legal move has the promotion a GUI's suffix asks for.
fn fits_suffix(d: &MoveDetail, suffix: Suffix) -> bool {
    match suffix {
        Suffix::Piece(p) => d.promotion == Some(p) || (p == '+' && d.piece_promotion),
        Suffix::Promote => d.piece_promotion,
        Suffix::None | Suffix::NoPromote => d.promotion.is_none() && !d.piece_promotion,
    }
}

/// A `highlight` board: `marks` are (square, colour letter), top rank first.
pub fn highlight_board(c: &Coords, marks: &[(Coord, char)]) -> String {
    let mut s = String::new();
    for r in (0..c.ranks).rev() {
        let mut empty = 0;
        for f in 0..c.files {
            match marks.iter().find(|(sq, _)| *sq == (f, r)) {
                Some((_, m)) => {
                    if empty > 0 {
                        s += &empty.to_string();
                        empty = 0;
                    }
                    s.push(*m);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            s += &empty.to_string();
        }
        if r > 0 {
            s.push('/');
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::board::Move;

    #[test]
    fn holdings_squares_as_xboard_names_them() {
        // Minishogi (5x5, holdings of 5): White's hand in column `g`, Black's in `_`.
        let c = Coords::new(5, 5);
        assert_eq!(c.holdings_slot("g1"), Some((Color::White, 0)));
        assert_eq!(c.holdings_slot("g3"), Some((Color::White, 2)));
        assert_eq!(c.holdings_slot("_5"), Some((Color::Black, 0)));
        assert_eq!(c.holdings_slot("_1"), Some((Color::Black, 4)));
        for s in ["e1", "f1", "h1", "g6", "g0", "`1", "g", "", "g1x"] {
            assert_eq!(c.holdings_slot(s), None, "{s}");
        }
        // Shogi: `k`; a 10-rank board counts from 0.
        assert_eq!(
            Coords::new(9, 9).holdings_slot("k7"),
            Some((Color::White, 6))
        );
        assert_eq!(
            Coords::new(9, 10).holdings_slot("k0"),
            Some((Color::White, 0))
        );
        assert_eq!(
            Coords::new(9, 10).holdings_slot("_0"),
            Some((Color::Black, 9))
        );
    }

    fn detail(text: &str, from: Coord, to: Coord) -> MoveDetail {
        MoveDetail {
            mv: Move::NONE,
            text: text.into(),
            from: Some(from),
            to,
            rook: None,
            capture: false,
            victim: None,
            via: None,
            promotion: None,
            piece_promotion: false,
            drop: None,
            pass: false,
            piece: 'P',
            wall: None,
        }
    }

    #[test]
    fn squares_by_board_height() {
        let c8 = Coords::new(8, 8);
        assert_eq!(c8.parse_square("e1"), Some((4, 0)));
        assert_eq!(c8.parse_square("h8"), Some((7, 7)));
        assert_eq!(c8.parse_square("h9"), None);
        assert_eq!(c8.parse_square("i1"), None);
        let c10 = Coords::new(9, 10);
        assert_eq!(c10.parse_square("b0"), Some((1, 0)));
        assert_eq!(c10.parse_square("b9"), Some((1, 9)));
        let c12 = Coords::new(12, 12);
        assert_eq!(c12.parse_square("a10"), Some((0, 9)));
        assert_eq!(c12.parse_square("l12"), Some((11, 11)));
        assert_eq!(c12.parse_square("a1"), Some((0, 0)));
        assert_eq!(c12.parse_square("a:"), Some((0, 9)));
    }

    #[test]
    fn gui_moves() {
        let c = Coords::new(8, 8);
        assert_eq!(
            c.parse_move("e7e8q"),
            Some(GuiMove::Move {
                from: (4, 6),
                to: (4, 7),
                via: vec![],
                suffix: Suffix::Piece('Q')
            })
        );
        for t in ["e7e8=q", "e7e8(q)", "e7e8Q"] {
            assert!(
                matches!(
                    c.parse_move(t),
                    Some(GuiMove::Move {
                        suffix: Suffix::Piece('Q'),
                        ..
                    })
                ),
                "{t}"
            );
        }
        assert!(matches!(
            c.parse_move("c7c8="),
            Some(GuiMove::Move {
                suffix: Suffix::NoPromote,
                ..
            })
        ));
        assert!(matches!(
            c.parse_move("c7c8+"),
            Some(GuiMove::Move {
                suffix: Suffix::Promote,
                ..
            })
        ));
        assert_eq!(
            c.parse_move("P@e4"),
            Some(GuiMove::Drop {
                piece: 'P',
                to: (4, 3)
            })
        );
        assert_eq!(c.parse_move("@@@@"), Some(GuiMove::Pass));
        assert_eq!(
            c.parse_move("O-O-O"),
            Some(GuiMove::Castle { kingside: false })
        );
        assert_eq!(
            c.parse_move("c4d5,d5e4"),
            Some(GuiMove::Move {
                from: (2, 3),
                to: (4, 3),
                via: vec![(3, 4)],
                suffix: Suffix::None
            })
        );
        for bad in [
            "",
            "e2",
            "e2e9",
            "z1a1",
            "e2e4,e5e6",
            "hello",
            "e2e4qq",
            "PP@e4",
        ] {
            assert_eq!(c.parse_move(bad), None, "{bad}");
        }
    }

    #[test]
    fn matching() {
        let c = Coords::new(8, 8);
        let mut castle = detail("e1g1", (4, 0), (6, 0));
        castle.rook = Some((7, 0));
        let mut promo = detail("a7a8q", (0, 6), (0, 7));
        promo.promotion = Some('Q');
        let legal = vec![detail("e2e4", (4, 1), (4, 3)), castle, promo];
        let f = |t: &str| {
            c.parse_move(t)
                .and_then(|m| find_move(&m, &legal))
                .map(|d| d.text.clone())
        };
        assert_eq!(f("e2e4").as_deref(), Some("e2e4"));
        assert_eq!(f("e1g1").as_deref(), Some("e1g1"));
        assert_eq!(f("e1h1").as_deref(), Some("e1g1"));
        assert_eq!(f("O-O").as_deref(), Some("e1g1"));
        assert_eq!(f("O-O-O"), None);
        assert_eq!(f("a7a8q").as_deref(), Some("a7a8q"));
        assert_eq!(f("a7a8"), None);
        assert_eq!(f("a7a8n"), None);
        assert_eq!(f("e2e3"), None);
        assert_eq!(f("@@@@"), None);
        assert_eq!(f("e1e1"), None);
    }

    #[test]
    fn pass() {
        let c = Coords::new(9, 10);
        let mut pass = detail("@@@@", (4, 1), (4, 1));
        pass.from = None;
        pass.pass = true;
        let legal = vec![detail("e1e2", (4, 1), (4, 2)), pass];
        let f = |t: &str| {
            c.parse_move(t)
                .and_then(|m| find_move(&m, &legal))
                .map(|d| d.text.clone())
        };
        assert_eq!(f("@@@@").as_deref(), Some("@@@@"));
        // CECP ranks are 0-based on 10-rank boards.
        assert_eq!(f("e1e1").as_deref(), Some("@@@@"));
        assert_eq!(f("e1e2").as_deref(), Some("e1e2"));
        assert_eq!(f("d1d1"), None);
    }

    #[test]
    fn walls() {
        let c = Coords::new(8, 8);
        let walled = |uci: &str, from, to, wall| MoveDetail {
            wall: Some(wall),
            ..detail(uci, from, to)
        };
        let mut promotion = walled("b7b8,b8c3q", (1, 6), (1, 7), (2, 2));
        promotion.promotion = Some('Q');
        let mut null = walled("a1a1,a1a5", (0, 0), (0, 0), (0, 4));
        null.from = None;
        null.pass = true;
        let legal = vec![
            walled("e2e4,e4e5", (4, 1), (4, 3), (4, 4)),
            walled("e2e4,e4d5", (4, 1), (4, 3), (3, 4)),
            promotion,
            null,
            // A move without a wall (`wallOrMove`), with Fairy-Stockfish's empty wall leg.
            detail("d2d4,d4a1", (3, 1), (3, 3)),
        ];
        let f = |t: &str| {
            c.parse_move(t)
                .and_then(|m| find_move(&m, &legal))
                .map(|d| d.text.clone())
        };
        assert_eq!(f("e2e4,e4d5").as_deref(), Some("e2e4,e4d5"));
        assert_eq!(f("b7b8,b8c3q").as_deref(), Some("b7b8,b8c3q"));
        assert_eq!(f("a1a1,a1a5").as_deref(), Some("a1a1,a1a5"));
        assert_eq!(f("d2d4,d4a1").as_deref(), Some("d2d4,d4a1"));
        assert_eq!(f("d2d4").as_deref(), Some("d2d4,d4a1"));
        // A walling move needs its wall, on a square it may go to.
        assert_eq!(f("e2e4"), None);
        assert_eq!(f("e2e4,e4f5"), None);
        assert_eq!(f("b7b8,b8c3"), None);
    }

    #[test]
    fn highlight() {
        let c = Coords::new(10, 8);
        assert_eq!(
            highlight_board(&c, &[((4, 2), 'Y'), ((4, 3), 'Y')]),
            "10/10/10/10/4Y5/4Y5/10/10"
        );
    }
}
