//! Walls after every kind of move (`wallingRule` with castling, e.p. captures and promotions),
//! the duck that moves (`wallingRule = duck`, built in as `duck`) and a wall instead of a move
//! (`wallOrMove`), on the sections of `tests/data/walls.ini` and on duck chess. Perft numbers
//! are pyffish 0.0.90's (the file loaded with `load_variant_config`); random positions agree
//! too (`scripts/crosscheck.py arrowchess pastchess edgeormove --ini tests/data/walls.ini`).

use dabbaba::board::bitboard::Bitboard;
use dabbaba::board::position::Position;
use dabbaba::board::{Game, MoveList};
use dabbaba::variant::VariantSet;
use dabbaba::with_position;

const INI: &str = include_str!("data/walls.ini");

/// Castling both ways, an e.p. capture, promotions with and without capture for both sides.
const CHESS_SPECIALS: &str = "r3k2r/1P2p3/8/3pP3/8/8/6p1/R3K2R w KQkq d6 0 1";
/// The same with a wall on c3 and Black to move.
const CHESS_SPECIALS_WALL: &str = "r3k2r/1P2p3/8/3pP3/8/2*5/6p1/R3K2R b KQkq - 0 1";

fn game(variant: &str, fen: Option<&str>) -> Game {
    let mut set = VariantSet::with_builtins();
    set.load_str("walls.ini", INI).expect("walls.ini loads");
    let v = set.get(variant).unwrap_or_else(|| panic!("{variant}"));
    Game::new(v, fen, false).unwrap_or_else(|e| panic!("{variant} {fen:?}: {e}"))
}

#[test]
fn perft_matches_fairy_stockfish() {
    // (variant, position, depth-1 and depth-2 counts from pyffish).
    let cases: [(&str, Option<&str>, u64, u64); 9] = [
        ("arrowchess", None, 32, 960),
        ("arrowchess", Some(CHESS_SPECIALS), 211, 32287),
        ("arrowchess", Some(CHESS_SPECIALS_WALL), 191, 27745),
        ("pastchess", None, 20, 400),
        ("pastchess", Some(CHESS_SPECIALS), 34, 855),
        ("pastchess", Some(CHESS_SPECIALS_WALL), 34, 835),
        ("edgeormove", None, 28, 778),
        ("edgeormove", Some(CHESS_SPECIALS), 56, 2635),
        ("edgeormove", Some(CHESS_SPECIALS_WALL), 60, 3031),
    ];
    for (variant, fen, d1, d2) in cases {
        let g = game(variant, fen);
        assert_eq!(
            (g.perft(1, 1), g.perft(2, 1)),
            (d1, d2),
            "{variant} {fen:?}"
        );
    }
}

#[test]
fn walled_moves_are_written_as_fairy_stockfish_writes_them() {
    let has = |g: &Game, m: &str| g.legal_moves_uci().iter().any(|x| x == m);
    // Duck chess: castling with the duck's leg from the king's square, a promotion with the
    // piece letter before the duck's leg, an e.p. capture freeing the captured pawn's square.
    let duck = game("duck", Some(CHESS_SPECIALS));
    for m in [
        "e1g1,g1h1",
        "e1c1,c1b1",
        "b7b8q,b8c3",
        "b7a8n,a8b7",
        "e5d6,d6d5",
        "e5d6,d6e5",
    ] {
        assert!(has(&duck, m), "duck: {m}");
    }
    // Not onto a piece: d1 holds the castled rook, a1 White's other rook.
    assert!(!has(&duck, "e1c1,c1d1") && !has(&duck, "b7b8q,b8a1"));
    // The duck must move: not onto the square it stands on.
    let duck = game("duck", Some("4k3/8/8/8/8/8/4*3/4K3 w - - 0 1"));
    assert!(has(&duck, "e1d1,d1f2") && !has(&duck, "e1d1,d1e2"));
    // `wallOrMove`: a move carries the empty wall leg to a1; a wall is a null move of the
    // first piece (a1's rook here) with its wall on an edge square.
    let edge = game("edgeormove", None);
    assert!(has(&edge, "e2e4,e4a1") && has(&edge, "a1a1,a1a5"));
    assert!(!has(&edge, "a1a1,a1d5") && !has(&edge, "e2e4,e4a5"));
}

#[test]
fn a_pseudo_royal_king_is_shielded_only_by_the_new_duck() {
    // The duck on e4 stands between Black's rook and White's king. Every move lifts it, so a
    // rook move must put it back on the e-file between them (pyffish: 295 moves in all).
    let g = game("royalduck", Some("4r2k/8/8/8/4*3/8/8/R3K3 w Q - 0 1"));
    let moves = g.legal_moves_uci();
    assert_eq!(moves.len(), 295);
    let rook: Vec<&String> = moves.iter().filter(|m| m.starts_with("a1a2")).collect();
    assert_eq!(
        rook,
        [
            "a1a2,a2e2",
            "a1a2,a2e3",
            "a1a2,a2e5",
            "a1a2,a2e6",
            "a1a2,a2e7"
        ]
    );
}

#[test]
fn moves_without_the_empty_wall_leg_are_read() {
    let mut g = game("edgeormove", None);
    g.play_uci(&["e2e4".to_string(), "a7a7,a7h4".to_string()])
        .expect("a bare move and a wall");
    // The null move was the a7 pawn's, which resets the n-move counter (Fairy-Stockfish).
    assert_eq!(
        g.fen(),
        "rnbqkbnr/pppppppp/8/8/4P2*/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    // A wall needs its square.
    assert!(g.play_uci(&["a1a1".to_string()]).is_err());
}

/// Plays every move from `p` to `depth`, checking the incremental key and that unmaking
/// restores the FEN; returns the positions visited.
fn walk<B: Bitboard>(p: &mut Position<B>, depth: u32) -> u64 {
    assert_eq!(p.key(), p.compute_key(), "incremental key at {}", p.fen());
    if depth == 0 {
        return 1;
    }
    let fen = p.fen();
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    let mut n = 1;
    // Every 40th move keeps the walk small on duck chess's wide trees.
    for &m in list.iter().step_by(40) {
        p.make_move(m);
        n += walk(p, depth - 1);
        p.unmake_move(m);
        assert_eq!(p.fen(), fen, "unmake of {}", p.move_to_uci(m));
    }
    n
}

#[test]
fn the_duck_is_lifted_and_put_back() {
    let mut g = game("duck", Some(CHESS_SPECIALS));
    g.play_uci(&["e1g1,g1e4".to_string(), "e8c8,c8d4".to_string()])
        .expect("castling with the duck");
    // One duck only: lifted from e4 when Black put it on d4.
    assert_eq!(g.fen(), "2kr3r/1P2p3/8/3pP3/3*4/8/6p1/R4RK1 w - - 2 2");
    for fen in [CHESS_SPECIALS, CHESS_SPECIALS_WALL] {
        let mut g = game("duck", Some(fen));
        let visited = with_position!(&mut g, p => walk(p, 3));
        assert!(visited > 100, "{visited}");
    }
    let mut g = game("edgeormove", Some(CHESS_SPECIALS_WALL));
    with_position!(&mut g, p => walk(p, 3));
}
