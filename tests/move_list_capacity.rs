//! Move lists past their stack part (`board::moves::INLINE_MOVES`): a 16x16 drop variant
//! with full hands has thousands of legal moves in one position (shogi-style drops on the
//! largest board, the worst case the list has to take), which must come out exactly as the
//! reference walker's, through perft and through the search; and in the common variants a
//! move list costs no heap allocation at all.

mod reference_walker;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use dabbaba::board::moves::INLINE_MOVES;
use dabbaba::board::{Bitboard, Game, MoveKind, MoveList};
use dabbaba::engine::Engine;
use dabbaba::search::{Limits, Score};
use dabbaba::variant::{builtin, Variant, VariantSet};
use dabbaba::with_position;
use reference_walker::{engine_moves, parsed, reference_moves, Fold};

/// Counts the heap allocations of the thread that makes them, so that tests running side
/// by side do not see each other's.
struct CountingAllocator;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

// SAFETY: every call is passed on to the system allocator unchanged; the counter is a
// thread-local `Cell` with a constant initialiser, which itself never allocates.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        // SAFETY: the caller's contract for `alloc` is the system allocator's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` with this layout (above).
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static COUNTER: CountingAllocator = CountingAllocator;

fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

const INI: &str = include_str!("data/bigdrops.ini");

fn bigdrops() -> Variant {
    let mut set = VariantSet::with_builtins();
    set.load_str("bigdrops.ini", INI)
        .expect("test variant loads");
    set.get("bigdrops").expect("bigdrops").clone()
}

/// Black's king in the corner, White's two squares away, five piece types in each hand.
const CORNER: &str = "k15/16/1K14/16/16/16/16/16/16/16/16/16/16/16/16/16[QRBNGqrbng] w - - 0 1";

#[test]
fn full_hands_on_16x16_outgrow_the_stack_part_and_match_the_reference() {
    let v = bigdrops();
    assert_eq!(v.board_size(), "16x16");
    let pieces = parsed(&v);
    for fen in [None, Some(CORNER)] {
        let mut g = Game::new(&v, fen, false).expect("position");
        with_position!(&mut g, p => {
            let mut list = MoveList::new();
            p.legal_moves(&mut list);
            // Counted by hand: 5 types in hand on 254 empty squares, and the king's moves
            // (5 from h1 at the start; 6 from b14 in the corner position, whose a15 and b15
            // touch Black's king on a16).
            let king_moves = if fen.is_none() { 5 } else { 6 };
            let drops = list.iter().filter(|m| m.kind() == MoveKind::Drop).count();
            assert_eq!((drops, list.len()), (5 * 254, 5 * 254 + king_moves));
            assert!(list.len() > INLINE_MOVES && list.spilled());
            assert_eq!(engine_moves(p, Fold::Nothing), reference_moves(p, &pieces));
            // One ply deeper (every seventh reply position, each with full hands again but
            // one piece), the engine's count of each reply against the reference's.
            for &m in list.iter().step_by(7) {
                p.make_move(m);
                let mut replies = MoveList::new();
                p.legal_moves(&mut replies);
                assert_eq!(replies.len(), reference_moves(p, &pieces).len());
                p.unmake_move(m);
            }
        });
    }
}

#[test]
fn perft_with_spilled_lists_equals_the_sum_of_its_divide() {
    let g = Game::new(&bigdrops(), Some(CORNER), false).expect("position");
    let divide = g.divide(2, 1);
    assert_eq!(divide.len(), 5 * 254 + 6);
    let total: u64 = divide.iter().map(|(_, n)| n).sum();
    assert_eq!(g.perft(2, 1), total);
    assert_eq!(g.perft(2, 2), total, "threads share nothing wrong");
}

/// The search keeps one move list per ply and reuses it: a list that spilled at one node
/// must come back to its stack part at the next without losing a move. Among the 1,276
/// moves of the corner position, a queen or rook dropped on the 16th rank (or a queen or
/// gold on a15/b15, guarded by the king) mates at once.
#[test]
fn the_search_finds_a_mating_drop_among_more_moves_than_the_stack_holds() {
    let path = std::env::temp_dir().join(format!("bigdrops-{}.ini", std::process::id()));
    std::fs::write(&path, INI).expect("temp file");
    let mut e = Engine::new();
    e.load_variants(path.to_str().expect("utf-8 path"))
        .expect("variants load");
    std::fs::remove_file(&path).ok();
    e.set_variant("bigdrops").expect("variant");
    e.set_position(Some(CORNER), &[]).expect("fen");
    let (best, out) = e.search_sync(&Limits::depth(2));
    let best = best.best.expect("a best move");
    assert_eq!(
        out.lines.first().map(|l| l.score),
        Some(Score::Mate(1)),
        "{best}"
    );
    let mut g = Game::new(&bigdrops(), Some(CORNER), false).expect("position");
    g.play_uci(std::slice::from_ref(&best))
        .expect("the best move is legal");
    assert!(g.legal_moves_uci().is_empty(), "{best} leaves no reply");
    with_position!(&mut g, p => assert!(!p.checkers().is_empty(), "{best} gives check"));
}

#[test]
fn a_move_list_in_the_common_variants_allocates_nothing() {
    for (name, fen) in [
        (
            "chess",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ),
        (
            "crazyhouse",
            "r1b2rk1/ppp2ppp/2n5/3qp3/3P4/2P2N2/P1P2PPP/R2QKB1R[BNPbnp] w KQ - 0 10",
        ),
        (
            "shogi",
            "lnsgk2nl/1r4gs1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1SG4R1/LN2KGSNL[Bb] w 0 1",
        ),
        (
            "xiangqi",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        ),
    ] {
        let v = builtin(name).expect("built-in variant");
        let g = Game::new(v, Some(fen), false).expect("position");
        with_position!(&g, p => {
            let before = allocations();
            let mut list = MoveList::new();
            p.legal_moves(&mut list);
            let after = allocations();
            assert!(!list.is_empty() && !list.spilled(), "{name}");
            assert_eq!(after - before, 0, "{name}: heap allocations for {} moves", list.len());
        });
    }
}

#[test]
fn a_spilled_list_keeps_its_order_and_returns_to_the_stack_when_cleared() {
    use dabbaba::board::{Move, Square};
    let moves: Vec<Move> = (0..3 * INLINE_MOVES)
        .map(|i| Move::normal(Square::new((i % 256) as u8), Square::new((i / 256) as u8)))
        .collect();
    let mut list = MoveList::new();
    for (i, &m) in moves.iter().enumerate() {
        list.push(m);
        assert_eq!(list.spilled(), i >= INLINE_MOVES);
    }
    assert_eq!(list.as_slice(), &moves[..]);
    list.remove_first(10);
    list.retain(|m| m.to().index() != 1);
    let kept: Vec<Move> = moves[10..]
        .iter()
        .copied()
        .filter(|m| m.to().index() != 1)
        .collect();
    assert_eq!(list.as_slice(), &kept[..]);
    list.clear();
    assert!(list.is_empty() && !list.spilled());
    list.push(moves[5]);
    assert_eq!(list.as_slice(), &moves[5..6]);
}
