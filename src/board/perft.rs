//! Perft: count the leaves of the legal-move tree, with bulk counting at the last ply, and a
//! per-root-move breakdown (`--divide`). Counting follows Fairy-Stockfish: the legal moves at
//! every node (none where a variant rule has ended the game).

use crate::board::bitboard::Bitboard;
use crate::board::moves::{Move, MoveList};
use crate::board::position::Position;

/// Leaves `depth` plies below the position.
pub fn perft<B: Bitboard>(pos: &mut Position<B>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut lists: Vec<MoveList> = (0..depth).map(|_| MoveList::new()).collect();
    perft_rec(pos, depth, &mut lists)
}

fn perft_rec<B: Bitboard>(pos: &mut Position<B>, depth: u32, lists: &mut [MoveList]) -> u64 {
    let (list, rest) = lists.split_first_mut().expect("one list per ply");
    if depth == 1 {
        return pos.legal_move_count(list) as u64;
    }
    pos.legal_moves(list);
    let mut n = 0;
    for i in 0..list.len() {
        let m = list.as_slice()[i];
        pos.make_move(m);
        n += perft_rec(pos, depth - 1, rest);
        pos.unmake_move(m);
    }
    n
}

/// Per root move, the leaves below it (`depth` >= 1), in generation order.
pub fn divide<B: Bitboard>(pos: &mut Position<B>, depth: u32) -> Vec<(Move, u64)> {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list.iter()
        .map(|&m| {
            pos.make_move(m);
            let n = perft(pos, depth.saturating_sub(1));
            pos.unmake_move(m);
            (m, n)
        })
        .collect()
}

/// Like [`divide`], spread over `threads` threads (root moves shared out round-robin).
pub fn divide_parallel<B: Bitboard>(
    pos: &Position<B>,
    depth: u32,
    threads: usize,
) -> Vec<(Move, u64)> {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    let moves: Vec<Move> = list.as_slice().to_vec();
    if threads <= 1 || moves.len() < 2 || depth < 3 {
        let mut p = pos.clone();
        return divide(&mut p, depth);
    }
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut results: Vec<(usize, Move, u64)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads.min(moves.len()))
            .map(|_| {
                let mut p = pos.clone();
                let moves = &moves;
                let next = &next;
                s.spawn(move || {
                    let mut out = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(&m) = moves.get(i) else { break };
                        p.make_move(m);
                        out.push((i, m, perft(&mut p, depth - 1)));
                        p.unmake_move(m);
                    }
                    out
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect()
    });
    results.sort_by_key(|r| r.0);
    results.into_iter().map(|(_, m, n)| (m, n)).collect()
}
