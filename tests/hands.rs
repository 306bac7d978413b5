//! Holdings and drops: FEN with hands in both forms, the incremental zobrist key over walks
//! that capture into and drop from the hand, move text of drops, and FEN after random games
//! played by pyffish (`tests/data/fen-walks-hands.tsv`, from `scripts/crosscheck_fen.py`).

use dabbaba::board::bitboard::Bitboard;
use dabbaba::board::position::Position;
use dabbaba::board::{Game, MoveKind, MoveList};
use dabbaba::variant::builtin;
use dabbaba::with_position;

fn game(variant: &str, fen: &str) -> Game {
    let v = builtin(variant).expect("variant");
    Game::new(v, Some(fen), false).unwrap_or_else(|e| panic!("{variant} {fen}: {e}"))
}

fn walk<B: Bitboard>(p: &mut Position<B>, depth: u32, drops: &mut u64) {
    assert_eq!(p.key(), p.compute_key(), "incremental key at {}", p.fen());
    let fen = p.fen();
    let again = Position::from_fen(p.tables().clone(), &fen, false)
        .unwrap_or_else(|e| panic!("own FEN {fen} does not read back: {e}"));
    assert_eq!(again.fen(), fen, "FEN round trip");
    assert_eq!(again.key(), p.key(), "key of the FEN read back");
    if depth == 0 {
        return;
    }
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    // Captures first, then a spread of drops and other moves.
    let mut moves: Vec<_> = list.iter().copied().collect();
    moves.sort_by_key(|&m| p.piece_on(m.to()) == 0);
    let step = (moves.len() / 10).max(1);
    for (i, &m) in moves.iter().enumerate() {
        if i >= 6 && i % step != 0 {
            continue;
        }
        if m.kind() == MoveKind::Drop {
            *drops += 1;
        }
        p.make_move(m);
        walk(p, depth - 1, drops);
        p.unmake_move(m);
        assert_eq!(p.fen(), fen, "unmake of {}", p.move_to_uci(m));
    }
}

#[test]
fn zobrist_and_fen_over_walks_with_hands() {
    for (v, fen) in [
        (
            "crazyhouse",
            "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[Pp] b KQkq - 0 1",
        ),
        (
            "crazyhouse",
            "r3k2r/pP3ppp/8/8/8/8/Pp3PPP/R3K2R[QNnp] w KQkq - 0 1",
        ),
        (
            "loop",
            "5R2/2p1Nb2/2B4k/6p1/8/P3PP2/1PPqR3/3R1BKn[QBNPPPPrrrnppp] b - - 1 1",
        ),
        (
            "makhouse",
            "r1sm2nr/3n4/ppp2kp1/2M~pp1p1/PPS1pP2/2NPP2P/3S4/R1nKMS1R[p] w - - 0 16",
        ),
        (
            "pocketknight",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1",
        ),
    ] {
        let mut g = game(v, fen);
        let mut drops = 0;
        with_position!(&mut g, p => walk(p, 3, &mut drops));
        assert!(drops > 10, "{v}: the walk played {drops} drops");
    }
}

#[test]
fn holdings_in_both_fen_forms() {
    let a = game("crazyhouse", "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1");
    let b = game("crazyhouse", "2k5/8/8/8/8/8/8/4K3/Qn w - - 0 1");
    assert_eq!(a.fen(), "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1");
    assert_eq!(b.fen(), a.fen());
    // Written in Fairy-Stockfish's order: White first, each from the last type to the first.
    let c = game("crazyhouse", "2k5/8/8/8/8/8/8/4K3[pPnNqQ] w - - 0 1");
    assert_eq!(c.fen(), "2k5/8/8/8/8/8/8/4K3[QNPqnp] w - - 0 1");
    // Empty hands: `[]` or `[-]`; a crazyhouse-promoted piece keeps its `~`.
    let d = game("crazyhouse", "2k5/8/8/8/8/8/8/Q~3K3[-] w - - 0 1");
    assert_eq!(d.fen(), "2k5/8/8/8/8/8/8/Q~3K3[] w - - 0 1");
}

#[test]
fn captured_promoted_pieces_go_back_as_pawns_unless_drop_loop() {
    let fen = "2k5/8/8/8/8/8/3r4/3Q~K3[] b - - 0 1";
    let mut g = game("crazyhouse", fen);
    g.play_uci(&["d2d1".to_string()]).expect("legal");
    assert_eq!(g.fen(), "2k5/8/8/8/8/8/8/3rK3[p] w - - 0 2");
    let mut g = game("loop", fen);
    g.play_uci(&["d2d1".to_string()]).expect("legal");
    assert_eq!(g.fen(), "2k5/8/8/8/8/8/8/3rK3[q] w - - 0 2");
}

#[test]
fn drop_move_text() {
    let mut g = game("crazyhouse", "2k5/8/8/8/8/8/8/4K3[QPn] w - - 0 1");
    let moves = g.legal_moves_uci();
    assert!(moves.contains(&"Q@d4".to_string()));
    assert!(moves.contains(&"P@a2".to_string()));
    // No pawn drops on the first or last rank.
    assert!(!moves.iter().any(|m| m == "P@a1" || m == "P@a8"));
    g.play_uci(&["q@d4".to_string()])
        .expect("lower-case drop letter");
    assert_eq!(g.fen(), "2k5/8/8/8/3Q4/8/8/4K3[Pn] b - - 0 1");
}

#[test]
fn bad_holdings_and_drops_are_errors() {
    let v = builtin("crazyhouse").expect("variant");
    for (fen, want) in [
        (
            "2k5/8/8/8/8/8/8/4K3[Qx] w - - 0 1",
            "unknown piece letter 'x'",
        ),
        ("2k5/8/8/8/8/8/8/4K3[Q w - - 0 1", "no closing ']'"),
        ("2k5/8/8/8/8/8/8/4K3[Q1] w - - 0 1", "unexpected '1'"),
    ] {
        let e = Game::new(v, Some(fen), false).expect_err(fen).to_string();
        assert!(e.contains(want), "{fen}: {e}");
    }
    let chess = builtin("chess").expect("chess");
    let e = Game::new(chess, Some("4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1"), false)
        .expect_err("no hands in chess")
        .to_string();
    assert!(e.contains("not supported"), "{e}");
    let mut g = game("crazyhouse", "2k5/8/8/8/8/8/8/4K3[Q] w - - 0 1");
    for bad in ["N@d4", "Q@e1", "Q@z9", "@d4", "QQ@d4"] {
        let e = g.play_uci(&[bad.to_string()]).expect_err(bad).to_string();
        assert!(e.contains("Illegal move"), "{bad}: {e}");
    }
}

/// Replays random games of pyffish and compares the FEN after the moves.
#[test]
fn fen_after_moves_matches_fairy_stockfish_with_hands() {
    let path = format!(
        "{}/tests/data/fen-walks-hands.tsv",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).expect("fen-walks-hands.tsv");
    let mut failures = Vec::new();
    let mut n = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(f.len(), 4, "bad line {line}");
        let v = builtin(f[0]).expect("variant");
        let mut g = Game::new(v, None, f[1] == "true").expect("start position");
        let moves: Vec<String> = f[2].split_whitespace().map(str::to_string).collect();
        n += 1;
        if let Err(e) = g.play_uci(&moves) {
            failures.push(format!("{}: {e} in {}", f[0], f[2]));
            continue;
        }
        if g.fen() != f[3] {
            failures.push(format!(
                "{}: after {}\n  expected {}\n  got      {}",
                f[0],
                f[2],
                f[3],
                g.fen()
            ));
        }
    }
    assert!(n > 100);
    assert!(
        failures.is_empty(),
        "{} of {n} differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn shogi_promotion_text_and_rules() {
    // A silver entering the zone may promote or not; a pawn on the last rank must promote
    // (immobility), a knight may not stop on the last two ranks unpromoted.
    let g = game("shogi", "4k4/2P6/6N2/9/3S5/9/9/9/4K4[] w - - 0 1");
    let moves = g.legal_moves_uci();
    for m in ["d5d6", "c8c9+", "g7f9+", "g7h9+"] {
        assert!(moves.contains(&m.to_string()), "{m} in {moves:?}");
    }
    for m in ["c8c9", "g7f9", "d5d6+"] {
        assert!(!moves.contains(&m.to_string()), "{m}");
    }
    let mut g = game("shogi", "4k4/9/9/3S5/9/9/9/9/4K4[] w - - 0 1");
    let moves = g.legal_moves_uci();
    assert!(moves.contains(&"d6d7+".to_string()) && moves.contains(&"d6d7".to_string()));
    g.play_uci(&["d6d7=".to_string()])
        .expect("explicit non-promotion");
    assert_eq!(g.fen(), "4k4/9/3S5/9/9/9/9/9/4K4[] b - - 1 1");
    let mut g = game("shogi", "4k4/9/3S5/9/9/9/9/9/4K4[] w - - 0 1");
    g.play_uci(&["d7d8+".to_string(), "e9d8".to_string()])
        .expect("legal");
    // The promoted silver returns to Black's hand as a silver.
    assert_eq!(g.fen(), "9/3k5/9/9/9/9/9/9/4K4[s] w - - 0 2");
}

#[test]
fn kyoto_pieces_flip_on_every_move_and_drop_either_side_up() {
    let g = game("kyotoshogi", "p+nks+l/5/5/5/+LSK+NP[] w - - 0 1");
    let moves = g.legal_moves_uci();
    // The promoted lance (a gold) demotes, the pawn promotes, on every move.
    assert!(moves.contains(&"a1a2-".to_string()), "{moves:?}");
    assert!(moves.contains(&"e1e2+".to_string()));
    assert!(!moves.iter().any(|m| m == "a1a2" || m == "e1e2"));
    let g = game("kyotoshogi", "4k/5/5/5/K4[L] w - - 0 1");
    let moves = g.legal_moves_uci();
    assert!(moves.contains(&"L@c3".to_string()) && moves.contains(&"+L@c3".to_string()));
}

#[test]
fn shogi_walks_keep_keys_and_fens() {
    for (v, fen) in [
        (
            "shogi",
            "lnsgk2nl/1r4gs1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1SG4R1/LN2KGSNL[Bb] w - - 0 1",
        ),
        ("kyotoshogi", "p+nks+l/5/5/5/+LSK+NP[] w - - 0 1"),
        ("micro", "kb+r+l/p3/4/3P/+L+RBK[] w - - 0 1"),
        (
            "torishogi",
            "rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR[] w - - 0 1",
        ),
    ] {
        let mut g = game(v, fen);
        let mut drops = 0;
        with_position!(&mut g, p => walk(p, 3, &mut drops));
    }
}

#[test]
fn pawn_drop_mate_loses_for_the_dropping_side() {
    use dabbaba::search::support::terminal_value;
    use dabbaba::variant::GameValue;
    // Black's king on a9 is mated by the pawn dropped on a8 (guarded by the silver on b7,
    // b9 covered by the gold on c8).
    let mut g = game("shogi", "k8/2G6/1S7/9/9/9/9/9/4K4[P] w - - 0 1");
    g.play_uci(&["P@a8".to_string()])
        .expect("the drop is a legal move");
    assert!(g.legal_moves_uci().is_empty());
    with_position!(&g, p => {
        assert!(p.checked_by_pawn_drop());
        assert_eq!(terminal_value(p, true), GameValue::Win);
    });
    // A mate by a pawn move is an ordinary mate.
    let mut g = game("shogi", "k8/2G6/PS7/9/9/9/9/9/4K4[] w - - 0 1");
    g.play_uci(&["a7a8".to_string()]).expect("legal");
    with_position!(&g, p => {
        assert!(!p.checked_by_pawn_drop());
        assert_eq!(terminal_value(p, true), GameValue::Loss);
    });
}

#[test]
fn san_of_shogi_and_gating_moves() {
    let san = |v: &str, fen: &str, uci: &str| -> String {
        let g = game(v, fen);
        with_position!(&g, p => {
            let m = p.parse_uci_move(uci).expect("legal");
            let s = p.move_to_san(m).expect("san");
            assert_eq!(p.parse_san_move(&s), Some(m), "{s} reads back");
            s
        })
    };
    let f = "k8/9/4g4/4P4/9/9/9/9/4K4[] w - - 0 1";
    assert_eq!(san("shogi", f, "e6e7+"), "Pxe7+");
    assert_eq!(san("shogi", f, "e6e7"), "Pxe7=");
    let f = "p+nks+l/5/5/5/+LSK+NP[] w - - 0 1";
    assert_eq!(san("kyotoshogi", f, "a1a2-"), "+La2-");
    assert_eq!(
        san("kyotoshogi", "4k/5/5/5/K4[L] w - - 0 1", "+L@c3"),
        "+L@c3"
    );
    let f = "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R[HEhe] b KQBCDFGkqbcdfg - 0 1";
    assert_eq!(san("seirawan", f, "g8f6h"), "Nf6/H");
}

/// A drop must leave a pseudo-royal king safe: it may block a rook's check, never a knight's
/// (Fairy-Stockfish's `mounted` and `gethenian` drop with such kings). Move lists from
/// pyffish 0.0.90 with this section loaded.
#[test]
fn drops_leave_a_pseudo_royal_king_safe() {
    let mut set = dabbaba::variant::VariantSet::with_builtins();
    set.load_str(
        "royaldrops.ini",
        "[royaldrops:crazyhouse]\nking = -\ncommoner = k\ncastlingKingPiece = k\n\
         extinctionValue = loss\nextinctionPieceTypes = k\nextinctionPseudoRoyal = true\n",
    )
    .expect("section loads");
    let v = set.get("royaldrops").expect("royaldrops");
    let moves = |fen: &str| {
        let g = Game::new(v, Some(fen), false).expect("position");
        let mut m = g.legal_moves_uci();
        m.sort();
        m
    };
    assert_eq!(
        moves("4k3/8/3N4/8/8/8/8/4K3[Qq] b - - 0 1"),
        ["e8d7", "e8d8", "e8e7", "e8f8"]
    );
    assert_eq!(
        moves("4k3/8/8/8/8/8/8/r3K3[Qq] w - - 0 1"),
        ["Q@b1", "Q@c1", "Q@d1", "e1d2", "e1e2", "e1f2"]
    );
}
