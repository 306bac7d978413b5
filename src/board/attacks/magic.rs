//! Search for magic factors: a factor per 64-bit word such that
//! `(occ & mask).magic_hash(magic) >> (64 - bits)` sends occupancies with different answers
//! to different slots. Occupancies with equal answers may share a slot ("constructive"
//! collisions), which is why a search can succeed with few bits.

use crate::board::bitboard::Bitboard;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// What a magic was found for: the same key always has the same masks and answers, so a
/// magic found once (by this process, or listed in [`super::magic_8x8`]) can be reused.
/// This makes a queen reuse the rook's and bishop's magics, and a second load of a variant
/// cost only the table filling.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct MagicKey {
    pub files: u8,
    pub ranks: u8,
    pub square: u8,
    /// Direction bits of the group.
    pub dirs: u8,
    /// 0 slide, 1 cannon, 2 grasshopper.
    pub kind: u8,
    pub range: Option<u8>,
    /// Words of the bitboard type.
    pub words: u8,
}

/// Magics found so far in this process: words and index bits per key.
type MagicCache = Mutex<HashMap<MagicKey, ([u64; 4], u32)>>;

fn cache() -> &'static MagicCache {
    static CACHE: OnceLock<MagicCache> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

/// A magic known for `key`: found earlier in this process, or shipped for 8x8.
pub(crate) fn known_magic(key: &MagicKey) -> Option<([u64; 4], u32)> {
    if let Some(m) = super::magic_8x8::lookup(key) {
        return Some(m);
    }
    cache().lock().ok()?.get(key).copied()
}

/// Remembers a magic found for `key`.
pub(crate) fn remember_magic(key: MagicKey, magic: [u64; 4], bits: u32) {
    if let Ok(mut c) = cache().lock() {
        c.insert(key, (magic, bits));
    }
}

/// Fills the table for a given magic, or `None` if two occupancies with different answers
/// collide.
pub(crate) fn fill_table<B: Bitboard>(
    magic: B,
    bits: u32,
    occs: &[B],
    answers: &[B],
) -> Option<Vec<B>> {
    let mut table = vec![B::EMPTY; 1 << bits];
    let mut used = vec![false; 1 << bits];
    let shift = 64 - bits;
    for (&occ, &ans) in occs.iter().zip(answers) {
        let i = (occ.magic_hash(magic) >> shift) as usize;
        if used[i] && table[i] != ans {
            return None;
        }
        used[i] = true;
        table[i] = ans;
    }
    Some(table)
}

/// Deterministic xorshift generator, so tables are the same on every run.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// Few bits set: sparse factors make good magics much more often.
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

/// Tries per index size before allowing one more index bit.
const TRIES_PER_SIZE: u32 = 200_000;

/// Extra index bits allowed beyond the mask's own before giving up.
const MAX_EXTRA_BITS: u32 = 2;

/// Finds a magic for `mask` with `bits` index bits (up to [`MAX_EXTRA_BITS`] more if none
/// is found quickly). Returns the magic, the bits used and the filled table, or `None`.
pub(crate) fn find_magic<B: Bitboard>(
    mask: B,
    mut bits: u32,
    occs: &[B],
    answers: &[B],
    seed: u64,
) -> Option<(B, u32, Vec<B>)> {
    let max_bits = bits + MAX_EXTRA_BITS;
    let mut rng = XorShift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xD1B5_4A32_D192_ED03);
    let mut table = Vec::new();
    // `stamp[i] == attempt` marks slot i as filled in the current attempt, so the table
    // need not be cleared between attempts.
    let mut stamp: Vec<u32> = Vec::new();
    let mut attempt = 0u32;
    while bits <= max_bits {
        let size = 1usize << bits;
        table.clear();
        table.resize(size, B::EMPTY);
        stamp.clear();
        stamp.resize(size, 0);
        for _ in 0..TRIES_PER_SIZE {
            let mut words = [0u64; 4];
            for (i, w) in words.iter_mut().enumerate().take(B::WORDS) {
                if mask.word(i) != 0 {
                    *w = rng.sparse();
                }
            }
            let magic = B::from_words(&words);
            // Cheap filter: the mask must spread into the top byte of the hash.
            if bits >= 8 && (mask.magic_hash(magic) >> 56).count_ones() < 6 {
                continue;
            }
            attempt += 1;
            let shift = 64 - bits;
            let ok = occs.iter().zip(answers).all(|(&occ, &ans)| {
                let i = (occ.magic_hash(magic) >> shift) as usize;
                if stamp[i] != attempt {
                    stamp[i] = attempt;
                    table[i] = ans;
                    true
                } else {
                    table[i] == ans
                }
            });
            if ok {
                // Slots no occupancy reaches keep a stale value from an earlier attempt;
                // they are never looked up, but clear them so the table is deterministic.
                for (slot, s) in table.iter_mut().zip(&stamp) {
                    if *s != attempt {
                        *slot = B::EMPTY;
                    }
                }
                return Some((magic, bits, table));
            }
        }
        bits += 1;
    }
    None
}
