//! The input features of every net: one feature set for every variant.
//!
//! From each side's point of view ("perspective"), a piece is one feature: its type, whether
//! it is the perspective's own or the opponent's, and its square — with the ranks mirrored
//! for Black, so that both perspectives see their own pieces coming from rank 1. Pieces in
//! hand are a thermometer: holding `n` pieces of a type activates the first `n` of
//! [`HAND_SLOTS`] features of that (type, own/opponent) pair. There are no king buckets, so
//! the set fits variants without a royal piece, and no move ever forces a full refresh.
//!
//! The engine's accumulators and the trainer both index features here and nowhere else.

use crate::board::bitboard::Bitboard;
use crate::board::geometry::{Geometry, Square};
use crate::board::position::Position;
use crate::color::Color;

/// Hand features per (type, own/opponent): counts above this saturate.
pub const HAND_SLOTS: usize = 16;

/// Identifies this feature set in net files; change it whenever indexing changes.
pub const FEATURE_SET_ID: u32 = 1;

/// Feature indexing for one board shape and piece set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeatureSet {
    n_types: usize,
    squares: usize,
    /// `mirror[sq]`: the square with the rank mirrored (Black's view).
    mirror: Vec<u8>,
    /// Whether the variant has hands (the hand block exists).
    hands: bool,
}

impl FeatureSet {
    /// The feature set of a board and piece-type count.
    pub fn new(geo: &Geometry, n_types: usize, hands: bool) -> FeatureSet {
        let ranks = geo.ranks();
        let mirror = geo
            .squares()
            .map(|sq| {
                let m = geo
                    .square(geo.file_of(sq), ranks - 1 - geo.rank_of(sq))
                    .expect("a mirrored square is on the board");
                m.index() as u8
            })
            .collect();
        FeatureSet {
            n_types,
            squares: geo.num_squares(),
            mirror,
            hands,
        }
    }

    /// The feature set of a position's variant.
    pub fn for_position<B: Bitboard>(pos: &Position<B>) -> FeatureSet {
        let t = pos.tables();
        FeatureSet::new(&t.geo, t.n_types, t.has_hands)
    }

    /// Number of features.
    pub fn len(&self) -> usize {
        let board = 2 * self.n_types * self.squares;
        if self.hands {
            board + 2 * self.n_types * HAND_SLOTS
        } else {
            board
        }
    }

    /// Never empty (a variant has at least one piece type); here for the `len` convention.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The feature of a piece of `type_id` and `color` on `sq`, seen from `perspective`.
    #[inline(always)]
    pub fn piece(&self, perspective: Color, type_id: u8, color: Color, sq: Square) -> usize {
        let theirs = (color != perspective) as usize;
        let rsq = if perspective == Color::White {
            sq.index()
        } else {
            self.mirror[sq.index()] as usize
        };
        ((type_id as usize * 2 + theirs) * self.squares) + rsq
    }

    /// The hand feature that a `slot`-th piece (0-based, below [`HAND_SLOTS`]) of `type_id`
    /// held by `color` activates, seen from `perspective`.
    #[inline(always)]
    pub fn hand(&self, perspective: Color, type_id: u8, color: Color, slot: usize) -> usize {
        let theirs = (color != perspective) as usize;
        2 * self.n_types * self.squares + (type_id as usize * 2 + theirs) * HAND_SLOTS + slot
    }

    /// Every active feature of `pos` from `perspective`, appended to `out`.
    pub fn active<B: Bitboard>(&self, pos: &Position<B>, perspective: Color, out: &mut Vec<u32>) {
        for ty in 0..self.n_types as u8 {
            for c in Color::BOTH {
                for sq in pos.pieces_of(ty, c).iter() {
                    out.push(self.piece(perspective, ty, c, sq) as u32);
                }
                if self.hands {
                    let n = (pos.in_hand(ty, c) as usize).min(HAND_SLOTS);
                    for slot in 0..n {
                        out.push(self.hand(perspective, ty, c, slot) as u32);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Game;
    use crate::variant::builtin;

    #[test]
    fn sizes_and_colour_symmetry() {
        let g = Game::new(builtin("chess").unwrap(), None, false).unwrap();
        crate::with_position!(&g, p => {
            let fs = FeatureSet::for_position(p);
            assert_eq!(fs.len(), 768);
            // The start position is symmetric: both sides see the same features.
            let (mut w, mut b) = (Vec::new(), Vec::new());
            fs.active(p, Color::White, &mut w);
            fs.active(p, Color::Black, &mut b);
            w.sort_unstable();
            b.sort_unstable();
            assert_eq!(w, b);
            assert_eq!(w.len(), 32);
            assert!(w.iter().all(|&f| (f as usize) < fs.len()));
        });
        let g = Game::new(builtin("shogi").unwrap(), None, false).unwrap();
        crate::with_position!(&g, p => {
            let fs = FeatureSet::for_position(p);
            let n = p.tables().n_types;
            assert_eq!(fs.len(), 2 * n * 81 + 2 * n * HAND_SLOTS);
            // A hand feature lies after every board feature, and the last one is the last.
            assert_eq!(
                fs.hand(Color::Black, n as u8 - 1, Color::White, HAND_SLOTS - 1),
                fs.len() - 1
            );
        });
    }
}
