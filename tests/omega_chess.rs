//! Omega chess (`variants/large.ini`): a 10x10 board with four corner squares, played on a
//! 12x12 board whose outer ring is walls. Every count below was also computed by an
//! independent implementation, Sjaak II 1.4.1 (`apt-get install sjaakii`; its built-in
//! `variant omega`, then `perft N`, with `force` and the moves, or `setboard FEN`), and the
//! two agree: pawn triple steps, en passant on either passed square, castling on the second
//! rank, promotion to the wizard and champion, pieces that may not enter the holes.

use dabbaba::board::Game;
use dabbaba::variant::VariantSet;

fn game(fen: Option<&str>, moves: &str) -> Game {
    let set = VariantSet::with_builtins();
    let v = set.get("omega").expect("omega is built in");
    let mut g = Game::new(v, fen, false).expect("position");
    let moves: Vec<String> = moves.split_whitespace().map(str::to_string).collect();
    g.play_uci(&moves).expect("legal moves");
    g
}

fn perft(g: &Game, depth: u32) -> u64 {
    g.perft(depth, 1)
}

fn is_legal(g: &Game, mv: &str) -> bool {
    g.legal_moves_uci().iter().any(|m| m == mv)
}

#[test]
fn start_position_counts_match_sjaak() {
    let g = game(None, "");
    assert_eq!(g.legal_moves_uci().len(), 40);
    for (depth, nodes) in [(2, 1600), (3, 67202), (4, 2819484)] {
        assert_eq!(perft(&g, depth), nodes, "perft {depth}");
    }
    // Triple steps, and the wizards' camel leaps out of the corners.
    for mv in ["f3f6", "b3b6", "a1b4", "l1k4", "b2d4"] {
        assert!(is_legal(&g, mv), "{mv}");
    }
    // A wizard may not step onto the hole next to it, nor a pawn go four squares.
    for mv in ["a1a2", "a1b1", "f3f7"] {
        assert!(!is_legal(&g, mv), "{mv}");
    }
}

#[test]
fn a_triple_step_may_be_taken_on_either_square_it_passed() {
    // Black's e-pawn passes e9 and e8 on its way to e7.
    let second = "f3f6 b10b9 f6f7 e10e7";
    let mut g = game(None, second);
    assert_eq!(perft(&g, 3), 101620);
    g.play_uci(&["f7e8".to_string()]).expect("en passant on e8");
    assert!(
        g.fen().contains("/*3P6*/*10*/"),
        "the pawn on e7 is taken: {}",
        g.fen()
    );

    let first = "f3f6 b10b9 f6f7 b9b8 f7f8 e10e7";
    let g = game(None, first);
    assert_eq!(perft(&g, 3), 109371);
    assert!(is_legal(&g, "f8e9"), "en passant on e9");
}

#[test]
fn the_king_castles_two_squares_on_the_second_rank() {
    let mut g = game(None, "i3i4 i10i7 i2j4 i11j9 h2i3 h11i10");
    assert_eq!(perft(&g, 3), 125124);
    g.play_uci(&["g2i2".to_string()]).expect("castling");
    assert!(
        g.fen().contains("/*CRNBQ1RK1C*/"),
        "king on i2, rook on h2: {}",
        g.fen()
    );
}

#[test]
fn pawns_promote_on_the_eleventh_rank_to_any_piece_but_the_king() {
    let fen = "w**********w/*r3k2n1r*/*1P2P3p1*/*10*/*10*/*10*/*10*/*10*/*10*/*2p4P2*/*R3K3R1*/W**********W";
    let white = game(Some(&format!("{fen} w - - 0 1")), "");
    assert_eq!(perft(&white, 3), 71670);
    for piece in ["q", "r", "b", "n", "w", "c"] {
        assert!(is_legal(&white, &format!("c10c11{piece}")), "c10c11{piece}");
    }
    assert!(!is_legal(&white, "c10c11k"));
    let black = game(Some(&format!("{fen} b - - 0 1")), "");
    assert_eq!(perft(&black, 3), 64458);
    assert!(is_legal(&black, "d3d2w"));
}

#[test]
fn a_queen_on_a_corner_square_leaves_it_only_along_the_diagonal() {
    // Game 21 of the match against Sjaak II (docs/strength.md): Sjaak II also lets this
    // queen go to c2, d2, e2 and f2, and played `a1f2`; the corner's only neighbour on the
    // board is b2, so every line out of it is the long diagonal.
    let fen = "1**********1/*r1nb1k1nr1*/*1pppp1wp1p*/*5p2p1*/*2W7*/*p5P1W1*/*3PC2Q2*/*1RP7*/\
               *4P5*/*3N2PPPP*/*4K3RC*/q**********1 b - - 4 32";
    let g = game(Some(fen), "");
    let mut from_corner: Vec<String> = g
        .legal_moves_uci()
        .into_iter()
        .filter(|m| m.starts_with("a1"))
        .collect();
    from_corner.sort();
    assert_eq!(from_corner, ["a1b2", "a1c3", "a1d4", "a1e5", "a1f6"]);
}
