//! King safety for royal pieces, the same for every variant: enemy pieces that attack the
//! squares around the royal piece, and own pawns standing in front of it.
//!
//! The zone is the royal square and its eight neighbours (whatever the royal piece moves
//! like), so a confined king (a palace) and a free one are judged alike. Danger grows with the
//! square of the attack units, as a lone attacker is rarely a threat and several together are.

use crate::board::bitboard::Bitboard;
use crate::board::geometry::Geometry;
use crate::board::Square;
use crate::color::Color;

/// Precomputed squares of the king zone and of the pawn shield.
#[derive(Debug, Clone, Default)]
pub struct KingTables {
    /// `zone[sq]`: the square and its neighbours on the board.
    zone: Vec<Vec<Square>>,
    /// `shield[colour][sq]`: the squares one and two ranks in front of a royal piece on
    /// `sq`, on its own and the two adjacent files, each with whether it is one rank ahead.
    shield: [Vec<Vec<(Square, bool)>>; 2],
}

/// Default shield bonus for an own pawn one rank ahead of the royal piece.
pub const SHIELD_NEAR: (i32, i32) = (14, 0);
/// ... and two ranks ahead.
pub const SHIELD_FAR: (i32, i32) = (7, 0);
/// Default share of the king-danger penalty that counts, in percent (mg, eg).
pub const DANGER_PERCENT: (i32, i32) = (100, 0);
/// Penalty cap so that a wild position cannot outweigh material by much.
const DANGER_CAP: i32 = 600;

impl KingTables {
    /// Tables for a board.
    pub fn new(geo: &Geometry) -> KingTables {
        let mut zone = Vec::new();
        let mut shield = [Vec::new(), Vec::new()];
        for sq in geo.squares() {
            let mut z = vec![sq];
            for dy in -1..=1 {
                for dx in -1..=1 {
                    if (dx, dy) != (0, 0) {
                        z.extend(geo.offset(sq, dx, dy));
                    }
                }
            }
            zone.push(z);
            for c in Color::BOTH {
                // White moves up the board, black down.
                let fwd = c.sign();
                let mut v = Vec::new();
                for rows in [1, 2] {
                    for dx in -1..=1 {
                        if let Some(t) = geo.offset(sq, dx, fwd * rows) {
                            v.push((t, rows == 1));
                        }
                    }
                }
                shield[c].push(v);
            }
        }
        KingTables { zone, shield }
    }

    /// The zone around `sq` as a bitboard.
    #[inline]
    pub fn zone<B: Bitboard>(&self, sq: Square) -> B {
        self.zone
            .get(sq.index())
            .map_or(B::EMPTY, |z| z.iter().fold(B::EMPTY, |b, &s| b.with(s)))
    }

    /// The own pawns `pawns` shielding a royal piece of `colour` on `sq`: how many on the
    /// rank just ahead of it, and how many on the rank after.
    #[inline]
    pub fn shield<B: Bitboard>(&self, colour: Color, sq: Square, pawns: B) -> (i32, i32) {
        self.shield[colour].get(sq.index()).map_or((0, 0), |v| {
            v.iter()
                .filter(|(s, _)| pawns.contains(*s))
                .fold(
                    (0, 0),
                    |(n, f), &(_, near)| {
                        if near {
                            (n + 1, f)
                        } else {
                            (n, f + 1)
                        }
                    },
                )
        })
    }
}

/// Attacks on one king zone, gathered while the evaluation walks the enemy pieces.
#[derive(Debug, Clone, Copy, Default)]
pub struct KingAttack {
    /// Pieces attacking at least one zone square.
    pub attackers: i32,
    /// Sum over attackers of weight x (2 + zone squares attacked).
    pub units: i32,
}

impl KingAttack {
    /// Adds an attacker of weight `w` that hits `hits` zone squares.
    #[inline]
    pub fn add(&mut self, w: i32, hits: u32) {
        if hits > 0 {
            self.attackers += 1;
            self.units += w * (2 + hits as i32);
        }
    }

    /// Middlegame penalty for the side whose king is attacked.
    #[inline]
    pub fn penalty(&self) -> i32 {
        // One attacker alone is a quarter as dangerous as the same units from three.
        let scale = match self.attackers {
            0 => return 0,
            1 => 1,
            2 => 3,
            _ => 4,
        };
        (self.units * self.units * scale / 32).min(DANGER_CAP)
    }
}

/// Attack weight of a piece from its value: about 2 for a minor piece, 3 for a rook and 6 for
/// a queen-like piece.
pub fn attack_weight(value_mg: i32) -> i32 {
    (value_mg / 160).clamp(1, 8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zones_and_shields_stay_on_the_board() {
        let g = Geometry::new(8, 8).expect("geometry");
        let t = KingTables::new(&g);
        let a1 = g.square(0, 0).expect("a1");
        let e1 = g.square(4, 0).expect("e1");
        assert_eq!(t.zone::<u64>(a1).count(), 4);
        assert_eq!(t.zone::<u64>(e1).count(), 6);
        // White king on g1 with pawns f2 g2 h2: three near shield squares.
        let g1 = g.square(6, 0).expect("g1");
        let pawns = [(5, 1), (6, 1), (7, 1)]
            .iter()
            .fold(0u64, |b, &(f, r)| b.with(g.square(f, r).expect("sq")));
        assert_eq!(t.shield(Color::White, g1, pawns), (3, 0));
        // The same pawns do not shield a black king on g1 (they are behind it).
        assert_eq!(t.shield(Color::Black, g1, pawns), (0, 0));
    }

    #[test]
    fn danger_grows_with_attackers() {
        let mut one = KingAttack::default();
        one.add(6, 2);
        let mut two = one;
        two.add(3, 2);
        assert!(one.penalty() > 0);
        assert!(two.penalty() > 2 * one.penalty());
        let mut none = KingAttack::default();
        none.add(6, 0);
        assert_eq!(none.penalty(), 0);
    }
}
