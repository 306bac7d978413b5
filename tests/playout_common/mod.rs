//! Seeded random games for the walk tests: a move picker that prefers captures, so that
//! hands fill and drops follow.

use dabbaba::board::bitboard::Bitboard;
use dabbaba::board::position::Position;
use dabbaba::board::{Move, MoveList};

/// A random legal move of `p` (two times in three a capture when there is one), drawn with
/// the xorshift state `rng`; `None` when there is no legal move.
pub fn pick_preferring_captures<B: Bitboard>(p: &Position<B>, rng: &mut u64) -> Option<Move> {
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    if list.is_empty() {
        return None;
    }
    let captures: Vec<Move> = list
        .iter()
        .copied()
        .filter(|&m| p.is_capture_move(m))
        .collect();
    *rng ^= *rng << 13;
    *rng ^= *rng >> 7;
    *rng ^= *rng << 17;
    let pool = if !captures.is_empty() && *rng % 3 != 0 {
        captures
    } else {
        list.as_slice().to_vec()
    };
    Some(pool[(*rng >> 8) as usize % pool.len()])
}
