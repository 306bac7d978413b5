// Shared helpers for the attack-table tests (a directory, so Cargo does not build it as a
// test of its own; included with `#[path]`).
#![allow(dead_code)]

use dabbaba::board::{Bitboard, Geometry};

/// Deterministic xorshift generator: the tests need no random-number crate.
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    /// A random occupancy of the board: sparse, medium or dense.
    pub fn occupancy<B: Bitboard>(&mut self, geo: &Geometry) -> B {
        let words: Vec<u64> = (0..B::WORDS)
            .map(|_| match self.next_u64() % 3 {
                0 => self.next_u64() & self.next_u64() & self.next_u64(),
                1 => self.next_u64() & self.next_u64(),
                _ => self.next_u64(),
            })
            .collect();
        B::from_words(&words) & geo.board_mask::<B>()
    }
}

/// The knight's eight (file, rank) steps.
pub const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// Board sizes the tests cover, as (files, ranks).
pub const SIZES: &[(u32, u32)] = &[
    (8, 8),
    (6, 6),
    (5, 5),
    (9, 10),
    (10, 8),
    (10, 10),
    (12, 10),
    (11, 11),
    (12, 12),
    (16, 16),
    (1, 7),
    (9, 1),
    (1, 1),
    (16, 4),
    (3, 16),
];

/// Occupancies tried per square.
pub const SAMPLES: usize = 24;
