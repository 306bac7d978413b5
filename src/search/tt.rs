//! The transposition table shared by all search threads.
//!
//! Lock-free: an entry is two `AtomicU64` words, `data` and `key ^ data`.
//! A reader loads both and accepts the entry only if `check ^ data == key`, so an entry torn by
//! two threads writing at once reads as a miss instead of a wrong hit. Entries sit in buckets
//! of four (one 64-byte cache line); a new entry replaces the same key, else the slot whose
//! depth minus age is lowest. On Linux the table asks for huge pages ([`advise_huge_pages`]).

use crate::board::Move;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

/// What a stored score says about the true score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// No bound (an entry holding only a move and static eval).
    None = 0,
    /// The true score is at most the stored one (fail low).
    Upper = 1,
    /// The true score is at least the stored one (fail high).
    Lower = 2,
    /// The exact score.
    Exact = 3,
}

impl Bound {
    fn from_bits(b: u64) -> Bound {
        match b & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            3 => Bound::Exact,
            _ => Bound::None,
        }
    }
}

/// One probed entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TtEntry {
    /// Best or refutation move (may be [`Move::NONE`]).
    pub mv: Move,
    /// Score (mate scores relative to the node: adjust with the ply).
    pub score: i32,
    /// Static evaluation.
    pub eval: i32,
    /// Depth searched.
    pub depth: i32,
    /// Bound kind.
    pub bound: Bound,
}

// Data layout (64 bits): move 28 | score 16 | static eval 12 (units of 4 cp, clamped) |
// depth 6 | bound 2. The age lives in a separate byte per slot.
const MOVE_BITS: u32 = 28;
const SCORE_SHIFT: u32 = 28;
const EVAL_SHIFT: u32 = 44;
const DEPTH_SHIFT: u32 = 56;
const BOUND_SHIFT: u32 = 62;
const EVAL_UNIT: i32 = 4;
const EVAL_MAX: i32 = 2047;
/// Largest storable depth.
pub const MAX_TT_DEPTH: i32 = 63;

fn pack(mv: Move, score: i32, eval: i32, depth: i32, bound: Bound) -> u64 {
    let m = mv.bits28() as u64;
    let s = (score.clamp(i16::MIN as i32, i16::MAX as i32) as i16 as u16) as u64;
    let e = ((eval / EVAL_UNIT).clamp(-EVAL_MAX, EVAL_MAX) as i16 as u16 as u64) & 0xFFF;
    let d = depth.clamp(0, MAX_TT_DEPTH) as u64;
    m | s << SCORE_SHIFT | e << EVAL_SHIFT | d << DEPTH_SHIFT | (bound as u64) << BOUND_SHIFT
}

fn unpack(data: u64) -> TtEntry {
    let mv = Move::from_bits28((data & ((1 << MOVE_BITS) - 1)) as u32);
    let score = ((data >> SCORE_SHIFT) & 0xFFFF) as u16 as i16 as i32;
    let e12 = ((data >> EVAL_SHIFT) & 0xFFF) as i32;
    let eval = ((e12 << 20) >> 20) * EVAL_UNIT;
    let depth = ((data >> DEPTH_SHIFT) & 0x3F) as i32;
    TtEntry {
        mv,
        score,
        eval,
        depth,
        bound: Bound::from_bits(data >> BOUND_SHIFT),
    }
}

const BUCKET: usize = 4;

/// The memory for a table was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot allocate a {mb} MB hash table; the previous table is kept")]
pub struct TtAllocError {
    /// The size asked for.
    pub mb: usize,
}

#[derive(Debug, Default)]
#[repr(align(64))]
struct Bucket {
    check: [AtomicU64; BUCKET],
    data: [AtomicU64; BUCKET],
}

/// Asks the kernel to back the reserved (not yet written) memory of `v` with 2 MB pages
/// where they fit: a probe lands on a random bucket, and with 4 KB pages nearly every one
/// misses the TLB (a 16 MB table spans 4096 of them). Transparent huge pages in `madvise`
/// mode, the common default, give them only to memory that asks; elsewhere this does nothing.
fn advise_huge_pages<T>(v: &Vec<T>) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let start = v.as_ptr() as usize;
        let end = start + v.capacity() * std::mem::size_of::<T>();
        let (first, last) = (start.next_multiple_of(HUGE), end / HUGE * HUGE);
        if last > first {
            // SAFETY: `first..last` lies inside the allocation `v` owns; MADV_HUGEPAGE is a
            // hint about how to back those pages and changes none of their contents. Its
            // result is ignored: without huge pages the table works the same, only slower.
            unsafe {
                libc::madvise(
                    first as *mut libc::c_void,
                    last - first,
                    libc::MADV_HUGEPAGE,
                )
            };
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = v;
}

/// The shared transposition table.
#[derive(Debug)]
pub struct Tt {
    buckets: Vec<Bucket>,
    ages: Vec<AtomicU8>,
    generation: AtomicU8,
}

impl Tt {
    /// A table of about `mb` megabytes (at least one bucket). Aborts if the memory cannot be
    /// had: for sizes a user chooses, use [`Tt::try_new`].
    pub fn new(mb: usize) -> Tt {
        match Tt::try_new(mb) {
            Ok(tt) => tt,
            Err(e) => panic!("{e}"),
        }
    }

    /// A table of about `mb` megabytes (at least one bucket), or an error when the system
    /// refuses the memory (so that `setoption name Hash` with more than the machine has is
    /// answered instead of aborting the process).
    pub fn try_new(mb: usize) -> Result<Tt, TtAllocError> {
        let per = std::mem::size_of::<Bucket>() + BUCKET;
        let n = ((mb.max(1).saturating_mul(1 << 20)) / per).max(1);
        let refused = |_| TtAllocError { mb };
        let mut buckets = Vec::new();
        buckets.try_reserve_exact(n).map_err(refused)?;
        // Before the first write, so that the pages are faulted in huge.
        advise_huge_pages(&buckets);
        let mut ages = Vec::new();
        ages.try_reserve_exact(n * BUCKET).map_err(refused)?;
        advise_huge_pages(&ages);
        buckets.resize_with(n, Bucket::default);
        ages.resize_with(n * BUCKET, || AtomicU8::new(0));
        Ok(Tt {
            buckets,
            ages,
            generation: AtomicU8::new(0),
        })
    }

    /// Empties the table.
    pub fn clear(&self) {
        for b in &self.buckets {
            for i in 0..BUCKET {
                b.check[i].store(0, Ordering::Relaxed);
                b.data[i].store(0, Ordering::Relaxed);
            }
        }
        for a in &self.ages {
            a.store(0, Ordering::Relaxed);
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Starts a new search (entries of older searches are replaced first).
    pub fn new_search(&self) {
        let g = self.generation.load(Ordering::Relaxed);
        self.generation.store((g + 1) & 31, Ordering::Relaxed);
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        ((key as u128 * self.buckets.len() as u128) >> 64) as usize
    }

    /// Asks the processor to bring the bucket of `key` into the cache: called as soon as a
    /// move is made, so that the child's probe does not wait for memory (most buckets of a
    /// table larger than the cache are not in it).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let bucket: *const Bucket = &self.buckets[self.index(key)];
            // SAFETY: SSE, the instruction's only requirement, is part of every x86-64
            // processor; a prefetch is a hint that reads nothing and cannot fault, and the
            // address lies inside the table anyway.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<TtEntry> {
        let bi = self.index(key);
        let b = &self.buckets[bi];
        for i in 0..BUCKET {
            let data = b.data[i].load(Ordering::Relaxed);
            let check = b.check[i].load(Ordering::Relaxed);
            if data != 0 && check ^ data == key {
                return Some(unpack(data));
            }
        }
        None
    }

    /// Stores an entry (keeps the old move when the new one is none and the key is the same).
    #[inline]
    pub fn store(&self, key: u64, mv: Move, score: i32, eval: i32, depth: i32, bound: Bound) {
        let bi = self.index(key);
        let b = &self.buckets[bi];
        let gen = self.generation.load(Ordering::Relaxed);
        let mut slot = 0;
        let mut worst = i32::MAX;
        for i in 0..BUCKET {
            let data = b.data[i].load(Ordering::Relaxed);
            let check = b.check[i].load(Ordering::Relaxed);
            if data == 0 || check ^ data == key {
                slot = i;
                if data != 0 && check ^ data == key {
                    let old = unpack(data);
                    // Keep a deeper exact entry of this search.
                    if old.depth > depth + 2
                        && bound != Bound::Exact
                        && self.ages[bi * BUCKET + i].load(Ordering::Relaxed) == gen
                    {
                        return;
                    }
                    let mv = if mv == Move::NONE { old.mv } else { mv };
                    self.write(bi, i, key, pack(mv, score, eval, depth, bound), gen);
                    return;
                }
                break;
            }
            let e = unpack(data);
            let age =
                (gen.wrapping_sub(self.ages[bi * BUCKET + i].load(Ordering::Relaxed)) & 31) as i32;
            let worth = e.depth - 8 * age;
            if worth < worst {
                worst = worth;
                slot = i;
            }
        }
        self.write(bi, slot, key, pack(mv, score, eval, depth, bound), gen);
    }

    #[inline]
    fn write(&self, bi: usize, i: usize, key: u64, data: u64, gen: u8) {
        let b = &self.buckets[bi];
        b.data[i].store(data, Ordering::Relaxed);
        b.check[i].store(key ^ data, Ordering::Relaxed);
        self.ages[bi * BUCKET + i].store(gen, Ordering::Relaxed);
    }

    /// Permille of the first thousand entries used by the current search.
    pub fn hashfull(&self) -> u32 {
        let gen = self.generation.load(Ordering::Relaxed);
        let n = (1000 / BUCKET).min(self.buckets.len());
        let mut used = 0;
        for bi in 0..n {
            for i in 0..BUCKET {
                if self.buckets[bi].data[i].load(Ordering::Relaxed) != 0
                    && self.ages[bi * BUCKET + i].load(Ordering::Relaxed) == gen
                {
                    used += 1;
                }
            }
        }
        (used * 1000 / (n * BUCKET).max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{MoveKind, Square};

    #[test]
    fn pack_round_trips() {
        let mv = Move::new(Square::new(200), Square::new(3), MoveKind::Promotion, 25);
        for &(score, eval, depth, bound) in &[
            (-31999, -8000, 0, Bound::Upper),
            (31000, 8000, 63, Bound::Exact),
            (0, -3, 17, Bound::Lower),
            (-5, 5, 1, Bound::None),
        ] {
            let e = unpack(pack(mv, score, eval, depth, bound));
            assert_eq!(e.mv, mv);
            assert_eq!(e.score, score);
            assert_eq!(e.depth, depth);
            assert_eq!(e.bound, bound);
            let expect = (eval / EVAL_UNIT).clamp(-EVAL_MAX, EVAL_MAX) * EVAL_UNIT;
            assert_eq!(e.eval, expect);
        }
    }

    #[test]
    fn store_and_probe() {
        let tt = Tt::new(1);
        let mv = Move::normal(Square::new(12), Square::new(28));
        assert!(tt.probe(42).is_none());
        tt.store(42, mv, 15, 10, 5, Bound::Exact);
        let e = tt.probe(42).expect("stored");
        assert_eq!((e.mv, e.score, e.depth, e.bound), (mv, 15, 5, Bound::Exact));
        // A store without a move keeps the old move.
        tt.store(42, Move::NONE, -7, 0, 6, Bound::Upper);
        assert_eq!(tt.probe(42).map(|e| (e.mv, e.score)), Some((mv, -7)));
        assert!(tt.probe(43).is_none());
        tt.clear();
        assert!(tt.probe(42).is_none());
    }
}
