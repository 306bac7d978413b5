//! Position invariants over perft walks: the incremental zobrist key equals a full
//! recomputation, make/unmake restores the position, FEN output round-trips; FEN errors.

use dabbaba::board::bitboard::Bitboard;
use dabbaba::board::position::Position;
use dabbaba::board::{FenError, Game, MoveList};
use dabbaba::variant::builtin;
use dabbaba::with_position;

fn walk<B: Bitboard>(p: &mut Position<B>, depth: u32, seen: &mut u64) {
    assert_eq!(
        p.key(),
        p.compute_key(),
        "incremental key differs at {}",
        p.fen()
    );
    let fen = p.fen();
    let again = Position::from_fen(p.tables().clone(), &fen, p.is_chess960())
        .unwrap_or_else(|e| panic!("own FEN {fen} does not read back: {e}"));
    assert_eq!(again.fen(), fen, "FEN round trip");
    *seen += 1;
    if depth == 0 {
        return;
    }
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    for &m in list.iter().take(12) {
        let key = p.key();
        p.make_move(m);
        walk(p, depth - 1, seen);
        p.unmake_move(m);
        assert_eq!(p.key(), key, "unmake restores the key");
        assert_eq!(
            p.fen(),
            fen,
            "unmake restores the position after {}",
            p.move_to_uci(m)
        );
    }
}

fn check(variant: &str, fen: Option<&str>, depth: u32) {
    let v = builtin(variant).expect("variant");
    let mut g = Game::new(v, fen, false).expect("position");
    let mut seen = 0;
    with_position!(&mut g, p => walk(p, depth, &mut seen));
    assert!(seen > 1);
}

#[test]
fn zobrist_and_fen_over_walks() {
    for (v, fen) in [
        (
            "chess",
            Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        ),
        (
            "chess",
            Some("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"),
        ),
        (
            "fischerandom",
            Some("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"),
        ),
        (
            "berolina",
            Some("rnbqkbnr/pppp1ppp/8/2p5/5P2/8/PPP1PPPP/RNBQKBNR w KQkq c5d6 2 2"),
        ),
        ("cambodian", None),
        ("karouk", None),
        ("capablanca", None),
        (
            "grand",
            Some("r8r/1nbqkcabn1/ppp2ppppp/3p6/4pP4/10/10/PPPPP1PPPP/1NBQKCABN1/R8R w - e7 0 3"),
        ),
        ("shako", None),
        ("gustav3", None),
        ("omicron", None),
        ("wolf", Some("8/k5SP/8/8/8/8/8/8/8/7K w - - 0 1")),
        ("spartan", None),
        ("coregal", None),
        ("torpedo", None),
    ] {
        check(v, fen, 3);
    }
}

#[test]
fn fen_round_trips_start_positions() {
    // Where Fairy-Stockfish writes a start position differently from its startFen.
    let path = format!("{}/tests/data/startfen-out.tsv", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).expect("startfen-out.tsv");
    let written: std::collections::HashMap<&str, &str> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once('\t'))
        .collect();
    for name in dabbaba::variant::builtin_names() {
        let v = builtin(name).expect("variant");
        let Ok(g) = Game::new(v, None, false) else {
            continue;
        };
        // Fairy-Stockfish writes the start FEN back as it reads it, except that Chess960
        // castling is written Shredder-style and check counts are always written (checked
        // with pyffish's get_fen).
        let expected = match name {
            "fischerandom" => {
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1".to_string()
            }
            "caparandom" => {
                "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w JAja - 0 1".to_string()
            }
            "karouk" => "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 1+1 0 1".to_string(),
            "mini" => written["minishogi"].to_string(),
            _ => written
                .get(name)
                .map_or_else(|| v.start_fen.clone(), |f| f.to_string()),
        };
        assert_eq!(g.fen(), expected, "{name}");
    }
}

fn err(variant: &str, fen: &str) -> String {
    let v = builtin(variant).expect("variant");
    match Game::new(v, Some(fen), false) {
        Ok(_) => panic!("{fen} was accepted"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn fen_errors_say_what_is_wrong() {
    assert!(err(
        "chess",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    )
    .contains("too long"));
    assert!(err(
        "chess",
        "rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    )
    .contains("too short"));
    assert!(err(
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    )
    .contains("7 rows"));
    assert!(err(
        "chess",
        "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    )
    .contains("unknown piece letter 'x'"));
    assert!(err(
        "chess",
        "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1"
    )
    .contains("black has no king"));
    assert!(err(
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"
    )
    .contains("side to move"));
    assert!(err(
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk1 - 0 1"
    )
    .contains("castling"));
    // As in Fairy-Stockfish, a letter naming no castling right of the variant is ignored,
    // and an en-passant field that is a number is no en-passant square.
    let v = builtin("chess").expect("chess");
    let g = Game::new(
        v,
        Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz 0 0 1"),
        false,
    )
    .expect("lenient fields");
    assert_eq!(
        g.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk - 0 1"
    );
    // Two numbers after the castling field are the counters (the e.p. field left out, as in
    // `w - 0 1`); one number there is not a square and not enough for both counters.
    let g = Game::new(v, Some("4k3/8/8/8/8/8/8/4K2R w K 7 12"), false).expect("counters");
    assert_eq!(g.fen(), "4k3/8/8/8/8/8/8/4K2R w K - 7 12");
    assert!(err("chess", "4k3/8/8/8/8/8/8/4K2R w K 7").contains("en-passant"));
    assert!(err(
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1"
    )
    .contains("en-passant"));
    assert!(err(
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1"
    )
    .contains("half-move"));
    assert!(err("chess", "").contains("empty"));
    let e = FenError::UnknownPiece("x".to_string());
    assert_eq!(e.to_string(), "unknown piece letter 'x' in the board");
    // A primed letter names another piece than the letter: chess has `N`, not `N'`.
    assert!(err(
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RN'BQKBNR w KQkq - 0 1"
    )
    .contains("unknown piece letter 'N''"));
}

#[test]
fn illegal_moves_are_errors() {
    let v = builtin("chess").expect("chess");
    let mut g = Game::new(v, None, false).expect("startpos");
    let e = g.play_uci(&["e2e5".to_string()]).unwrap_err();
    assert_eq!(e.to_string(), "Illegal move: e2e5");
    g.play_uci(&["e2e4".to_string(), "e7e5".to_string(), "g1f3".to_string()])
        .expect("legal");
    assert_eq!(
        g.fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
}

#[test]
fn castling_text_follows_fairy_stockfish() {
    let v = builtin("chess").expect("chess");
    let g = Game::new(v, Some("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), false).expect("fen");
    let moves = g.legal_moves_uci();
    assert!(moves.contains(&"e1g1".to_string()) && moves.contains(&"e1c1".to_string()));
    let v = builtin("fischerandom").expect("fischerandom");
    let g = Game::new(v, Some("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), true).expect("fen");
    let moves = g.legal_moves_uci();
    assert!(moves.contains(&"e1h1".to_string()) && moves.contains(&"e1a1".to_string()));
    // Ten ranks: 1-based rank numbers.
    let v = builtin("grand").expect("grand");
    let mut g = Game::new(v, None, false).expect("grand");
    g.play_uci(&["e3e4".to_string()]).expect("legal");
    assert!(g.legal_moves_uci().contains(&"a10a9".to_string()));
}

/// Replays random games played by pyffish (`tests/data/fen-walks.tsv`, written by
/// `scripts/crosscheck_fen.py`) from the start position and compares the FEN after the moves:
/// move text, make-move and FEN output all agree with Fairy-Stockfish.
#[test]
fn fen_after_moves_matches_fairy_stockfish() {
    let path = format!("{}/tests/data/fen-walks.tsv", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).expect("fen-walks.tsv");
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
