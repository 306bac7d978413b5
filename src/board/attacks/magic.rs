//! Search for magic factors: a factor per 64-bit word such that
//! `(occ & mask).magic_hash(magic) >> (64 - bits)` sends occupancies with different answers
//! to different slots. Occupancies with equal answers may share a slot ("constructive"
//! collisions), which is why a search can succeed with few bits.

use crate::board::bitboard::Bitboard;

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

/// Finds a magic for `mask` with `bits` index bits (more if none is found quickly).
/// Returns the magic, the bits used and the filled table.
pub(crate) fn find_magic<B: Bitboard>(
    mask: B,
    mut bits: u32,
    occs: &[B],
    answers: &[B],
    seed: u64,
) -> (B, u32, Vec<B>) {
    let mut rng = XorShift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xD1B5_4A32_D192_ED03);
    let mut table = Vec::new();
    // `stamp[i] == attempt` marks slot i as filled in the current attempt, so the table
    // need not be cleared between attempts.
    let mut stamp: Vec<u32> = Vec::new();
    let mut attempt = 0u32;
    loop {
        let size = 1usize << bits;
        table.clear();
        table.resize(size, B::EMPTY);
        stamp.clear();
        stamp.resize(size, 0);
        for _ in 0..TRIES_PER_SIZE {
            let words: Vec<u64> = (0..B::WORDS)
                .map(|i| if mask.word(i) == 0 { 0 } else { rng.sparse() })
                .collect();
            let magic = B::from_words(&words);
            // Cheap filter: the mask must spread into the top byte of the hash.
            if bits >= 6 && (mask.magic_hash(magic) >> 56).count_ones() < 4 {
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
                return (magic, bits, table);
            }
        }
        bits += 1;
    }
}
