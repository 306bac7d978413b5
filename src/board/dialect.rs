//! The coordinate notations of the engine protocols: how each names a square, a drop and a
//! pass. [`crate::board::Position::move_text`] writes a move in one, and
//! [`crate::board::Position::parse_move_text`] reads one back among the legal moves, so that
//! a protocol never rewrites move text itself.

use crate::board::geometry::{Geometry, Square};

/// A protocol's way of writing coordinate moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MoveDialect {
    /// UCI as Fairy-Stockfish writes it: ranks from 1 (`e2e4`, `a10a9`), drops `P@e4`,
    /// promotions `e7e8q`, shogi promotions `c3c4+`.
    #[default]
    Uci,
    /// USI: files numbered from the right, ranks lettered from the top (shogi's `7g7f` is
    /// UCI's `c3c4`), drops `P*5e`.
    Usi,
    /// UCCI: on boards of exactly ten ranks the ranks are numbered from 0 (`h2e2`); UCI's
    /// squares elsewhere.
    Ucci,
    /// CECP (XBoard): UCCI's squares, the pass (and a lion's pass) as `@@@@`, and a wall leg
    /// written before the promotion letter (`b7b8,b8c3q`).
    Cecp,
}

impl MoveDialect {
    /// The name of `sq` on a board of geometry `geo`.
    pub fn square(self, geo: &Geometry, sq: Square) -> String {
        let (f, r) = (geo.file_of(sq), geo.rank_of(sq));
        match self {
            MoveDialect::Usi => {
                let from_top = geo.ranks() - 1 - r;
                format!("{}{}", geo.files() - f, (b'a' + from_top) as char)
            }
            MoveDialect::Ucci | MoveDialect::Cecp if geo.ranks() == 10 => {
                format!("{}{r}", (b'a' + f) as char)
            }
            _ => geo.square_name(sq).to_string(),
        }
    }

    /// The character between a dropped piece's letter and its square.
    pub fn drop_mark(self) -> char {
        if self == MoveDialect::Usi {
            '*'
        } else {
            '@'
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_in_each_dialect() {
        let shogi = Geometry::new(9, 9).unwrap();
        let c3 = shogi.square(2, 2).unwrap();
        assert_eq!(MoveDialect::Uci.square(&shogi, c3), "c3");
        assert_eq!(MoveDialect::Usi.square(&shogi, c3), "7g");
        assert_eq!(MoveDialect::Ucci.square(&shogi, c3), "c3");
        let xiangqi = Geometry::new(9, 10).unwrap();
        let a10 = xiangqi.square(0, 9).unwrap();
        assert_eq!(MoveDialect::Uci.square(&xiangqi, a10), "a10");
        assert_eq!(MoveDialect::Ucci.square(&xiangqi, a10), "a9");
        assert_eq!(MoveDialect::Cecp.square(&xiangqi, a10), "a9");
        assert_eq!(MoveDialect::Usi.square(&xiangqi, a10), "9a");
        let chu = Geometry::new(12, 12).unwrap();
        let l1 = chu.square(11, 0).unwrap();
        assert_eq!(MoveDialect::Usi.square(&chu, l1), "1l");
        assert_eq!(MoveDialect::Cecp.square(&chu, l1), "l1");
    }
}
