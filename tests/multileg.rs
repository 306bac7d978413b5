//! Pieces that only the leg-walker plays (multi-leg `a` moves, locust captures, igui, bent
//! riders, cylinder, tame, circular riders) in the position, against a reference built on
//! nothing but `betza::walk`: the walker's moves of every piece (all its components, fast
//! ones included) and legality as "no enemy walker move takes the royal piece afterwards".
//! Fairy-Stockfish does not play these pieces (pyffish 0.0.90 drops the `a` legs), so this
//! reference is the oracle, with hand-counted positions of the XBetza reference as a check
//! that does not share its code. The variants are in `tests/data/multileg.ini`.

mod reference_walker;

use dabbaba::board::{Game, MoveDialect};
use dabbaba::variant::{Variant, VariantSet};
use dabbaba::with_position;
use reference_walker::{parsed, reference_perft, walk, Fold};

const INI: &str = include_str!("data/multileg.ini");

fn variant(name: &str) -> Variant {
    let mut set = VariantSet::with_builtins();
    set.load_str("multileg.ini", INI)
        .expect("test variants load");
    set.get(name).expect("test variant").clone()
}

fn game(name: &str, fen: Option<&str>) -> Game {
    Game::new(&variant(name), fen, false).expect("position")
}

const VARIANTS: [&str; 7] = [
    "lionchess",
    "lionroyal",
    "lionhouse",
    "griffon",
    "locust",
    "lion10",
    "lion12",
];

#[test]
fn random_walks_match_the_reference_walker() {
    for name in VARIANTS {
        let pieces = parsed(&variant(name));
        let mut g = game(name, None);
        let multi_legs = with_position!(&mut g, p => walk(p, &pieces, 6, 40, Fold::Nothing));
        assert!(multi_legs > 0, "{name}: the walks met multi-leg moves");
    }
}

/// Positions where the pieces meet at once: double captures, igui, locusts next to the kings,
/// checks through a kill square, the royal lion's own double capture.
#[test]
fn crowded_positions_match_the_reference_walker() {
    for (name, fen) in [
        ("lionchess", "4k3/2s1s3/3s4/2l1L3/3S4/3s4/8/4K3 w - - 0 1"),
        ("lionchess", "4k3/8/8/3ss3/3L4/8/8/r3K3 w - - 0 1"),
        ("lionchess", "3rk3/8/3s4/4l3/3L4/8/3S4/3RK3 b - - 0 1"),
        ("lionhouse", "4k3/8/3s4/4s3/3L4/8/8/4K3[Ss] w - - 0 1"),
        // The pseudo-royal king in check from a piece the lion takes on the way or by igui.
        ("lionroyal", "4k3/8/8/8/8/3L4/4s3/3K4 w - - 0 1"),
        ("lionroyal", "4k3/8/8/4h3/8/4s3/3KH3/8 w - - 0 1"),
        ("griffon", "4k3/2s5/1s1S4/4K3/3s4/8/8/G7 w - - 0 1"),
        ("griffon", "8/8/3s4/2SkS3/3s4/8/8/G3K2A w - - 0 1"),
        ("locust", "4k3/3c1c2/4C3/8/1l6/8/3E4/K7 b - - 0 1"),
        ("locust", "k7/8/8/3c4/2e1X3/3c4/8/4K2L w - - 0 1"),
        ("locust", "4k3/8/2c1c3/3E4/8/8/8/4K2T w - - 0 1"),
        ("locust", "k7/8/8/8/8/8/1O6/7K w - - 0 1"),
    ] {
        let pieces = parsed(&variant(name));
        let mut g = game(name, Some(fen));
        let multi_legs = with_position!(&mut g, p => walk(p, &pieces, 3, 12, Fold::Nothing));
        assert!(
            multi_legs > 0 || name == "griffon" || fen.contains('O'),
            "{fen}: multi-leg moves met"
        );
    }
}

/// Perft of the test variants: the engine's numbers, equal to the reference perft's.
#[test]
fn perft_matches_the_reference_perft() {
    for (name, fen, depth, nodes) in [
        ("lionchess", None, 3, 6239u64),
        ("lionroyal", None, 3, 10392),
        (
            "lionhouse",
            Some("4k3/8/3s4/4s3/3L4/8/8/4K3[Ss] w - - 0 1"),
            2,
            5797,
        ),
        ("griffon", None, 3, 7050),
        ("locust", None, 2, 791),
        ("lion10", None, 2, 784),
        ("lion12", None, 2, 841),
    ] {
        let pieces = parsed(&variant(name));
        let mut g = game(name, fen);
        let (engine, reference) = with_position!(&mut g, p => (
            dabbaba::board::perft::perft(p, depth),
            reference_perft(p, &pieces, depth)
        ));
        assert_eq!(engine, reference, "{name} perft {depth}");
        assert_eq!(engine, nodes, "{name} perft {depth}");
    }
}

/// Move text: the two legs with a comma in UCI and CECP (CECP ranks from 0 on 10-rank
/// boards), read back to the same move; the route matters (`d4d6` is not the double capture
/// `d4e5,e5d6`); legs that do not join or that the piece cannot take are illegal.
#[test]
fn multi_leg_move_text_in_uci_and_cecp() {
    use dabbaba::engine::Engine;
    use dabbaba::protocol::movetext::{find_move, Coords};

    let fen = "4k3/8/3s4/4s3/3L4/8/8/4K3 w - - 0 1";
    let g = game("lionchess", Some(fen));
    let uci = g.legal_moves_uci();
    for text in ["d4e5,e5d6", "d4e5,e5d4", "d4e5,e5f6", "d4d6", "d4e5"] {
        assert!(uci.contains(&text.to_string()), "{text} in {uci:?}");
    }
    // Null move (out and back through an empty square): once, whatever square it passes.
    let nulls: Vec<&String> = uci
        .iter()
        .filter(|t| t.starts_with("d4") && t.ends_with("d4") && t.contains(','))
        .filter(|t| !t.starts_with("d4e5"))
        .collect();
    assert_eq!(nulls.len(), 1, "{nulls:?}");
    let mut g2 = g.clone();
    for bad in ["d4e5,e6d6", "d4d5,d5d6", "d4e5,e5d7", "d4e6,e6e7"] {
        let err = g2.play_uci(&[bad.to_string()]).expect_err(bad);
        assert_eq!(err.to_string(), format!("Illegal move: {bad}"));
    }
    g2.play_uci(&["d4e5,e5d6".to_string()])
        .expect("double capture");
    assert_eq!(g2.fen(), "4k3/8/3L4/8/8/8/8/4K3 b - - 0 1");

    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/multileg.ini");
    let mut engine = Engine::new();
    engine.load_variants(path).expect("test variants");
    engine.set_variant("lionchess").expect("lionchess");
    engine.set_position(Some(fen), &[]).expect("position");
    let uci_legal = engine.legal_move_details();
    engine.set_move_dialect(MoveDialect::Cecp);
    let legal = engine.legal_move_details();
    let coords = Coords::new(8, 8);
    for text in ["d4e5,e5d6", "d4d6", "d4e5,e5d4"] {
        let gm = coords.parse_move(text).expect("parses");
        let d = find_move(&gm, &legal).expect("legal");
        assert_eq!(d.text, text);
        let uci = uci_legal
            .iter()
            .find(|u| u.mv == d.mv)
            .expect("the same move");
        assert_eq!(uci.text, text);
    }
    // The lion's pass (out through an empty square and back) is `@@@@` in CECP, as HaChu
    // writes and reads it; its two legs still read as the pass, and so does `@@@@` in UCI.
    let pass = find_move(&coords.parse_move("d4c3,c3d4").unwrap(), &legal).expect("pass");
    assert!(pass.pass && !pass.capture);
    assert_eq!(pass.text, "@@@@");
    let by_alias = find_move(&coords.parse_move("@@@@").unwrap(), &legal).expect("@@@@");
    assert!(by_alias.pass && by_alias.from == Some((3, 3)));
    let mut g3 = g.clone();
    g3.play_uci(&["@@@@".to_string()])
        .expect("@@@@ is the lion's pass");
    assert_eq!(g3.fen(), "4k3/8/3s4/4s3/3L4/8/8/4K3 b - - 1 1");
    let double = find_move(&coords.parse_move("d4e5,e5d6").unwrap(), &legal).unwrap();
    assert!(double.capture);
    assert_eq!(double.victim, Some((4, 4)));
    assert!(find_move(&coords.parse_move("d4e6,e6d6").unwrap(), &legal).is_none());

    engine.set_move_dialect(MoveDialect::Uci);
    engine.set_variant("lion10").expect("lion10");
    engine
        .set_position(Some("4k5/10/10/10/3s6/4L5/10/10/10/4K5 w - - 0 1"), &[])
        .expect("position");
    let legal = engine.legal_move_details();
    let coords = Coords::new(10, 10);
    let d = find_move(&coords.parse_move("e4d5,d5c6").unwrap(), &legal).expect("0-based");
    assert_eq!(d.text, "e5d6,d6c7");
    engine.set_move_dialect(MoveDialect::Cecp);
    assert_eq!(engine.move_text(d.mv), "e4d5,d5c6");
}

/// What the position cannot play yet is an error naming the piece, not a wrong move.
#[test]
fn unsupported_walker_components_are_errors() {
    for (betza, reason) in [
        ("KcacaK", "more than one capture before the last leg"),
        ("KdK", "capturing own pieces"),
        ("KifcafmF", "initial"),
    ] {
        let ini = format!(
            "[bad]\nking = k\ncustomPiece1 = x:{betza}\ncastling = false\n\
             startFen = 4k3/8/8/8/8/8/8/3XK3 w - - 0 1\n"
        );
        let mut set = VariantSet::with_builtins();
        set.load_str("bad.ini", &ini).expect("loads");
        let v = set.get("bad").expect("bad").clone();
        let err = Game::new(&v, None, false).expect_err(betza).to_string();
        assert!(
            err.contains(&format!("'X' ({betza})")) && err.contains(reason),
            "{betza}: {err}"
        );
    }
}

/// Multi-leg counts against the hand-counted positions of the XBetza reference
/// (`xbetza.md` §4.2), not against the walker the engine shares: P15, the lion, and P14, the
/// checker's capture on the way.
#[test]
fn hand_counted_multi_leg_positions() {
    let moves_from = |g: &Game, from: &str| -> Vec<String> {
        g.legal_moves_uci()
            .into_iter()
            .filter(|m| m.starts_with(from))
            .collect()
    };

    // P15: lion d4, enemy e5. 24 leaps to the 5x5 square around d4 (one takes e5), the pass
    // (once, whatever square it goes through), igui `d4e5,e5d4`, and the 7 double moves
    // `d4e5,e5X` to the other squares next to e5: 33.
    let g = game("lionchess", Some("k7/8/8/4n3/3L4/8/8/7K w - - 0 1"));
    let lion = moves_from(&g, "d4");
    assert_eq!(lion.len(), 33, "{lion:?}");
    let leaps = lion.iter().filter(|m| !m.contains(',')).count();
    assert_eq!(leaps, 24, "{lion:?}");
    let mut after_e5: Vec<&str> = lion
        .iter()
        .filter_map(|m| m.strip_prefix("d4e5,e5"))
        .collect();
    after_e5.sort_unstable();
    assert_eq!(
        after_e5,
        ["d4", "d5", "d6", "e4", "e6", "f4", "f5", "f6"],
        "igui and the double moves"
    );

    // P14: checker d4 (`mfFfcafmF`), enemy e5, f6 empty: the capture of e5 on the way to f6,
    // and the quiet step to c5 (e5 is taken, so no quiet step there). A piece on f6: c5 only.
    let g = game("locust", Some("k7/8/8/4c3/3C4/8/8/7K w - - 0 1"));
    let mut checker = moves_from(&g, "d4");
    checker.sort_unstable();
    assert_eq!(checker, ["d4c5", "d4e5,e5f6"]);
    let g = game("locust", Some("k7/8/5c2/4c3/3C4/8/8/7K w - - 0 1"));
    assert_eq!(moves_from(&g, "d4"), ["d4c5"]);
}
