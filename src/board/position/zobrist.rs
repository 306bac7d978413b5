//! Zobrist keys of a variant and width: a random key per piece and square, per wall, side,
//! castling rights, e.p. file, checks remaining, gate and count in hand, from a fixed seed
//! so that a position's key is the same in every run.

use crate::board::geometry::Square;
use crate::color::Color;

/// Counts per colour and type that the holdings keys distinguish; more of one type in hand
/// is a FEN error. Flipello on 10x10 starts with 96 stones in each hand.
pub const MAX_IN_HAND: usize = 128;

/// Zobrist keys: per (piece, square), side to move, castling rights, e.p. file, walls, checks.
#[derive(Debug, Clone)]
pub struct Zobrist {
    /// `psq[piece_index * squares + square]`, piece_index = 2 * type + colour.
    pub psq: Vec<u64>,
    /// Per wall square.
    pub wall: Vec<u64>,
    /// Black to move.
    pub side: u64,
    /// Per castling-rights bit set (16 entries).
    pub castling: [u64; 16],
    /// Per e.p. file.
    pub ep: [u64; 16],
    /// Per colour and checks remaining (0..=15).
    pub checks: [[u64; 16]; 2],
    /// Per colour and gate square.
    pub gates: Vec<u64>,
    /// Per piece (2 * type + colour) and count in hand; the key of count 0 is 0.
    pub hand: Vec<u64>,
    /// Per number of moves left in the side to move's turn (capped at 63), for turns of
    /// several moves; the key of one move left is 0, so one-move turns add nothing.
    pub turn_left: [u64; 64],
    /// Per turn (0 = White's first, capped at 63), where turns do not repeat yet.
    pub turn_index: [u64; 64],
    /// Per prisoner (2 * type + the colour of the side holding it) and count in that
    /// side's prison (`hostageExchange`); the key of count 0 is 0.
    pub prison: Vec<u64>,
    squares: usize,
}

impl Zobrist {
    pub(super) fn new(n_types: usize, squares: usize, seed: u64) -> Self {
        let mut s = seed;
        let mut next = || {
            // splitmix64
            s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = s;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let psq = (0..2 * n_types * squares).map(|_| next()).collect();
        let wall = (0..squares).map(|_| next()).collect();
        let side = next();
        let mut castling = [0u64; 16];
        for (i, c) in castling.iter_mut().enumerate() {
            *c = if i == 0 { 0 } else { next() };
        }
        let ep = std::array::from_fn(|_| next());
        let checks = std::array::from_fn(|_| std::array::from_fn(|_| next()));
        let gates = (0..2 * squares).map(|_| next()).collect();
        let hand = (0..2 * n_types * MAX_IN_HAND)
            .map(|i| if i % MAX_IN_HAND == 0 { 0 } else { next() })
            .collect();
        // Drawn after every other key, so that adding them changed no other key.
        let turn_left = std::array::from_fn(|i| if i <= 1 { 0 } else { next() });
        let turn_index = std::array::from_fn(|_| next());
        let prison = (0..2 * n_types * MAX_IN_HAND)
            .map(|i| if i % MAX_IN_HAND == 0 { 0 } else { next() })
            .collect();
        Zobrist {
            prison,
            turn_left,
            turn_index,
            hand,
            psq,
            wall,
            side,
            castling,
            ep,
            checks,
            gates,
            squares,
        }
    }

    /// Key of `left` moves left in the side to move's turn.
    #[inline]
    pub fn turn_left(&self, left: u32) -> u64 {
        self.turn_left[left.min(63) as usize]
    }

    /// Key of turn `turn`.
    #[inline]
    pub fn turn_index(&self, turn: u32) -> u64 {
        self.turn_index[turn.min(63) as usize]
    }

    /// Key of piece `pc` (see [`super::Piece`]) on `sq`.
    #[inline(always)]
    pub fn piece(&self, type_id: u8, color: Color, sq: Square) -> u64 {
        self.psq[(2 * type_id as usize + color.index()) * self.squares + sq.index()]
    }

    /// Key of `count` pieces of a type and colour in hand.
    #[inline(always)]
    pub fn hand(&self, type_id: u8, color: Color, count: u32) -> u64 {
        self.hand[(2 * type_id as usize + color.index()) * MAX_IN_HAND + count as usize]
    }

    /// Key of `count` prisoners of a type held by `holder`.
    #[inline(always)]
    pub fn prison(&self, type_id: u8, holder: Color, count: u32) -> u64 {
        let count = (count as usize).min(MAX_IN_HAND - 1);
        self.prison[(2 * type_id as usize + holder.index()) * MAX_IN_HAND + count]
    }

    /// Key of a gate of `color` on `sq`.
    #[inline(always)]
    pub fn gate(&self, color: Color, sq: Square) -> u64 {
        self.gates[color.index() * self.squares + sq.index()]
    }
}
