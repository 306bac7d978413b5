//! Move-ordering statistics of one search thread: the butterfly history of quiet moves, the
//! continuation histories (a quiet move judged by the moves one, two and four plies before it)
//! and the capture history. All are "gravity" tables: a bonus moves an entry towards
//! `+-HISTORY_MAX` by a share that shrinks as the entry grows, so old results fade.
//!
//! Moves are keyed by their "piece-to": the moving piece (colour and type) and the square it
//! goes to, which serves every variant (drops key by the dropped type and square).
//!
//! The correction history is not about moves: it learns, per side to move and pawn
//! structure, how far searches found the static evaluation off, and corrects it by that much.

use crate::color::Color;
/// The key of "no move" (the root's predecessors, a null move): contributes nothing.
pub(crate) const NO_PIECE_TO: u32 = u32::MAX;

/// Entries stay within `+-HISTORY_MAX`.
const HISTORY_MAX: i32 = 16384;

/// Largest continuation table, in entries (16 MB of `i16`). A pair of piece-to keys indexes it
/// directly when all pairs fit (chess: 768^2, shogi: 2268^2); larger boards and piece sets
/// (Chu Shogi: about 8,600^2) share the entries through a hash of the pair.
const CONT_CAPACITY: usize = 1 << 23;

/// The histories of each search thread, kept from one search to the next (a game's searches
/// teach each other, as in Stockfish, where they are cleared only for a new game). A worker
/// takes its thread's tables at the start of a search and gives them back at the end.
#[derive(Debug, Default)]
pub struct HistoryStore(std::sync::Mutex<Vec<Option<Histories>>>);

impl HistoryStore {
    /// Thread `id`'s tables for a board of `squares` and `n_types` piece types (new ones if
    /// it has none of that shape).
    pub(crate) fn take(&self, id: usize, n_types: usize, squares: usize) -> Histories {
        let mut v = self.0.lock().unwrap_or_else(|p| p.into_inner());
        match v.get_mut(id).and_then(Option::take) {
            Some(h) if h.n_types == n_types && h.squares == squares => h,
            _ => Histories::new(n_types, squares),
        }
    }

    /// Gives thread `id`'s tables back for the next search.
    pub(crate) fn put(&self, id: usize, h: Histories) {
        let mut v = self.0.lock().unwrap_or_else(|p| p.into_inner());
        if v.len() <= id {
            v.resize_with(id + 1, || None);
        }
        v[id] = Some(h);
    }

    /// Forgets everything (a new game or another variant).
    pub fn clear(&self) {
        self.0.lock().unwrap_or_else(|p| p.into_inner()).clear();
    }
}

/// Entries of the correction history per side to move (indexed by a pawn-structure hash).
const CORRECTION_SIZE: usize = 1 << 14;
/// Correction entries are kept in 1/`CORRECTION_GRAIN` centipawns.
const CORRECTION_GRAIN: i32 = 256;
/// The largest correction, in centipawns.
const CORRECTION_MAX: i32 = 64;

/// The plies back whose moves key the continuation histories.
pub(crate) const CONT_PLIES: [usize; 3] = [1, 2, 4];

#[derive(Debug)]
pub struct Histories {
    n_types: usize,
    squares: usize,
    /// `[piece-to]`.
    butterfly: Vec<i32>,
    /// `[piece-to][captured type]`.
    capture: Vec<i32>,
    /// `[earlier piece-to][piece-to]`, direct or hashed (see [`CONT_CAPACITY`]).
    cont: Vec<i16>,
    /// Number of piece-to keys (the stride of a direct continuation index).
    keys: usize,
    cont_direct: bool,
    /// `[side to move][pawn hash]`, in 1/`CORRECTION_GRAIN` cp.
    correction: Vec<i32>,
}

impl Histories {
    pub fn new(n_types: usize, squares: usize) -> Self {
        let keys = 2 * n_types * squares;
        let cont_direct = keys.checked_mul(keys).is_some_and(|n| n <= CONT_CAPACITY);
        let cont_len = if cont_direct {
            keys * keys
        } else {
            CONT_CAPACITY
        };
        Histories {
            n_types,
            squares,
            butterfly: vec![0; keys],
            capture: vec![0; keys * n_types],
            cont: vec![0; cont_len],
            keys,
            cont_direct,
            correction: vec![0; 2 * CORRECTION_SIZE],
        }
    }

    #[inline]
    fn correction_index(color: Color, pawn_hash: u64) -> usize {
        color.index() * CORRECTION_SIZE + (pawn_hash as usize & (CORRECTION_SIZE - 1))
    }

    /// The static evaluation `eval` of the side to move `color` corrected by what searches
    /// of positions with the same pawns found.
    #[inline]
    pub fn corrected(&self, color: Color, pawn_hash: u64, eval: i32) -> i32 {
        eval + self.correction[Self::correction_index(color, pawn_hash)] / CORRECTION_GRAIN
    }

    /// Moves the correction towards `searched - eval` (the raw static evaluation), the more
    /// the deeper the search that found `searched`.
    pub fn update_correction(
        &mut self,
        color: Color,
        pawn_hash: u64,
        depth: i32,
        searched: i32,
        eval: i32,
    ) {
        let entry = &mut self.correction[Self::correction_index(color, pawn_hash)];
        let target = (searched - eval).clamp(-CORRECTION_MAX, CORRECTION_MAX) * CORRECTION_GRAIN;
        let weight = (depth + 1).min(16);
        *entry = (*entry * (256 - weight) + target * weight) / 256;
    }

    /// The key of a move of a `ty` piece of `color` to square `to`.
    #[inline]
    pub fn piece_to(&self, color: Color, ty: u8, to: usize) -> u32 {
        ((color.index() * self.n_types + ty as usize) * self.squares + to) as u32
    }

    #[inline]
    fn cont_index(&self, before: u32, now: u32) -> usize {
        let pair = before as usize * self.keys + now as usize;
        if self.cont_direct {
            pair
        } else {
            // Fibonacci hashing: the top bits of the product spread neighbouring pairs.
            let h = (pair as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            (h >> (64 - CONT_CAPACITY.trailing_zeros())) as usize
        }
    }

    /// The ordering score of a quiet move `pt`, after the moves `before` (keys of the moves
    /// [`CONT_PLIES`] back).
    #[inline]
    pub fn quiet(&self, pt: u32, before: &[u32; 3]) -> i32 {
        let mut s = self.butterfly[pt as usize];
        for &b in before {
            if b != NO_PIECE_TO {
                s += i32::from(self.cont[self.cont_index(b, pt)]);
            }
        }
        s
    }

    /// The ordering score of a capture of a `victim` piece by the move `pt`.
    #[inline]
    pub fn capture(&self, pt: u32, victim: u8) -> i32 {
        self.capture[pt as usize * self.n_types + victim as usize]
    }

    /// Rewards (`bonus > 0`) or punishes a quiet move.
    pub fn update_quiet(&mut self, pt: u32, before: &[u32; 3], bonus: i32) {
        gravity(&mut self.butterfly[pt as usize], bonus);
        for &b in before {
            if b != NO_PIECE_TO {
                let i = self.cont_index(b, pt);
                let mut v = i32::from(self.cont[i]);
                gravity(&mut v, bonus);
                // Gravity keeps |v| <= HISTORY_MAX, which fits an i16.
                self.cont[i] = v as i16;
            }
        }
    }

    /// Rewards or punishes a capture.
    pub fn update_capture(&mut self, pt: u32, victim: u8, bonus: i32) {
        gravity(
            &mut self.capture[pt as usize * self.n_types + victim as usize],
            bonus,
        );
    }
}

/// The history bonus for a cutoff at `depth`: linear in depth (50 at depth 1, capped from
/// depth 8), so that cutoffs of shallow searches, the most frequent, move the tables enough
/// for the history terms of reductions to act (a quadratic bonus, 16 x depth², left them near
/// zero: 12 Elo less at fixed nodes, docs/search.md session 18).
#[inline]
pub(crate) fn bonus(depth: i32) -> i32 {
    (250 * depth - 200).clamp(0, 1600)
}

#[inline]
fn gravity(h: &mut i32, bonus: i32) {
    let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    *h += bonus - *h * bonus.abs() / HISTORY_MAX;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_stay_bounded_and_fit_the_continuation_table() {
        let mut h = Histories::new(7, 64);
        let a = h.piece_to(Color::White, 3, 20);
        let b = h.piece_to(Color::Black, 2, 63);
        for _ in 0..10_000 {
            h.update_quiet(a, &[b, NO_PIECE_TO, b], 1600);
        }
        assert!(h.quiet(a, &[b, NO_PIECE_TO, NO_PIECE_TO]) <= 2 * HISTORY_MAX);
        assert!(h.quiet(a, &[b, NO_PIECE_TO, NO_PIECE_TO]) > HISTORY_MAX);
        for _ in 0..10_000 {
            h.update_quiet(a, &[b, NO_PIECE_TO, b], -1600);
        }
        assert!(h.quiet(a, &[NO_PIECE_TO; 3]) >= -HISTORY_MAX);
        assert!(h.quiet(a, &[NO_PIECE_TO; 3]) < -HISTORY_MAX / 2);
        // An unrelated move keeps its zero.
        assert_eq!(h.quiet(b, &[a, NO_PIECE_TO, NO_PIECE_TO]), 0);
    }

    #[test]
    fn the_store_gives_back_tables_of_the_same_shape_only() {
        let store = HistoryStore::default();
        let mut h = store.take(1, 7, 64);
        let pt = h.piece_to(Color::White, 1, 10);
        h.update_quiet(pt, &[NO_PIECE_TO; 3], 500);
        store.put(1, h);
        assert_eq!(store.take(1, 7, 64).quiet(pt, &[NO_PIECE_TO; 3]), 500);
        // Taken and not given back: the next search starts afresh.
        assert_eq!(store.take(1, 7, 64).quiet(pt, &[NO_PIECE_TO; 3]), 0);
        let mut h = store.take(0, 7, 64);
        h.update_quiet(pt, &[NO_PIECE_TO; 3], 500);
        store.put(0, h);
        // Another board shape (another variant) never reads them.
        assert_eq!(store.take(0, 7, 90).quiet(pt, &[NO_PIECE_TO; 3]), 0);
        let mut h = store.take(0, 7, 64);
        h.update_quiet(pt, &[NO_PIECE_TO; 3], 500);
        store.put(0, h);
        store.clear();
        assert_eq!(store.take(0, 7, 64).quiet(pt, &[NO_PIECE_TO; 3]), 0);
    }

    #[test]
    fn corrections_approach_what_searches_found_and_stay_bounded() {
        let mut h = Histories::new(7, 64);
        assert_eq!(h.corrected(Color::White, 42, 100), 100);
        for _ in 0..500 {
            h.update_correction(Color::White, 42, 10, 130, 100);
        }
        let c = h.corrected(Color::White, 42, 100);
        assert!((125..=130).contains(&c), "{c}");
        // The other side and other pawns are untouched.
        assert_eq!(h.corrected(Color::Black, 42, 100), 100);
        assert_eq!(h.corrected(Color::White, 43, 100), 100);
        for _ in 0..500 {
            h.update_correction(Color::Black, 7, 10, -5000, 0);
        }
        assert_eq!(h.corrected(Color::Black, 7, 0), -CORRECTION_MAX + 1);
    }

    #[test]
    fn large_boards_hash_into_a_bounded_table() {
        // 30 piece types on 16x16: 15,360 keys, far too many pairs for a direct table.
        let mut h = Histories::new(30, 256);
        assert!(!h.cont_direct);
        assert_eq!(h.cont.len(), CONT_CAPACITY);
        let last = h.piece_to(Color::Black, 29, 255);
        h.update_quiet(last, &[last, last, last], 1000);
        assert!(h.quiet(last, &[last, NO_PIECE_TO, NO_PIECE_TO]) > 1000);
        h.update_capture(last, 29, 800);
        assert_eq!(h.capture(last, 29), 800);
    }
}
