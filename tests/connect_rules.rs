//! Connection wins (`connectN`, `connectNxN`, `collinearN`, `connectRegion1`/`2`,
//! `connectValue`) and `anyside` drops on the sections of `tests/data/connect.ini`. The same
//! sections agree with pyffish over random games (`scripts/compare_ini_ends.py
//! tests/data/connect.ini`); these are hand-made positions for each rule, in both colours,
//! with near misses.

use dabbaba::board::Game;
use dabbaba::variant::VariantSet;

fn set() -> VariantSet {
    let mut set = VariantSet::with_builtins();
    let text = include_str!("data/connect.ini");
    set.load_str("connect.ini", text)
        .expect("connect.ini loads");
    set
}

/// The result and reason of `fen`, or `None` while the game goes on.
fn end(set: &VariantSet, variant: &str, fen: &str) -> Option<(&'static str, &'static str)> {
    let v = set.get(variant).unwrap_or_else(|| panic!("{variant}"));
    let g = Game::new(v, Some(fen), false).unwrap_or_else(|e| panic!("{variant} {fen}: {e}"));
    g.result().map(|o| (o.pgn(), o.reason.as_str()))
}

const WHITE_WINS: Option<(&str, &str)> = Some(("1-0", "connect"));
const BLACK_WINS: Option<(&str, &str)> = Some(("0-1", "connect"));

#[test]
fn three_in_a_row_in_every_direction() {
    let s = set();
    // Black to move: White made the line.
    assert_eq!(end(&s, "line3", "3/pp1/PPP[PPpp] b - - 0 3"), WHITE_WINS);
    assert_eq!(end(&s, "line3", "P1p/P1p/P2[PPppp] b - - 0 3"), WHITE_WINS);
    assert_eq!(end(&s, "line3", "p1P/1P1/P1p[PPppp] b - - 0 3"), WHITE_WINS);
    assert_eq!(end(&s, "line3", "P1p/pP1/P1P[PPpp] b - - 0 3"), WHITE_WINS);
    assert_eq!(end(&s, "line3", "ppp/PP1/2P[PPpp] w - - 0 4"), BLACK_WINS);
    // Two in a row and a gap is not a line.
    assert_eq!(end(&s, "line3", "3/pp1/PP1[PPPpp] b - - 0 3"), None);
    // Only the side that just moved is looked at (Fairy-Stockfish's rule).
    assert_eq!(end(&s, "line3", "3/pp1/PPP[PPpp] w - - 0 3"), None);
}

#[test]
fn only_the_enabled_directions_count() {
    let s = set();
    assert_eq!(end(&s, "rows3", "3/pp1/PPP[PPpp] b - - 0 3"), WHITE_WINS);
    assert_eq!(end(&s, "rows3", "P1p/P1p/P2[PPppp] b - - 0 3"), None);
    assert_eq!(end(&s, "rows3", "p1P/1P1/P1p[PPppp] b - - 0 3"), None);
}

#[test]
fn a_square_block() {
    let s = set();
    assert_eq!(
        end(&s, "block2", "4/1PP1/1PP1/pp1p[PPPPpppp] b - - 0 4"),
        WHITE_WINS
    );
    assert_eq!(
        end(&s, "block2", "pp2/pp2/4/PPP1[PPPPPpppp] w - - 0 4"),
        BLACK_WINS
    );
    // A line of four is no block.
    assert_eq!(end(&s, "block2", "4/4/pp1p/PPPP[PPPPpppp] b - - 0 4"), None);
}

#[test]
fn three_on_a_line_with_gaps() {
    let s = set();
    assert_eq!(
        end(
            &s,
            "spread3",
            "5/5/5/pp3/P1P1P[PPPPPPPPPPppppppppppp] b - - 0 3"
        ),
        WHITE_WINS
    );
    assert_eq!(
        end(
            &s,
            "spread3",
            "p4/5/2p2/5/P1P1p[PPPPPPPPPPPpppppppppp] w - - 0 3"
        ),
        BLACK_WINS
    );
    assert_eq!(
        end(
            &s,
            "spread3",
            "5/5/5/pp3/P1P2[PPPPPPPPPPPppppppppppp] b - - 0 3"
        ),
        None
    );
}

#[test]
fn a_chain_between_the_regions() {
    let s = set();
    // a3-b3-c3-d3-e3 joins the a-file to the e-file.
    assert_eq!(
        end(
            &s,
            "bridge",
            "5/p4/PPPPP/pp3/1p3[PPPPPPPPppppppppppp] b - - 0 5"
        ),
        WHITE_WINS
    );
    // A diagonal chain counts too: a1 b2 c3 d4 e5.
    assert_eq!(
        end(
            &s,
            "bridge",
            "4P/3P1/2P2/1P3/P3p[PPPPPPPPpppppppppppp] b - - 0 5"
        ),
        WHITE_WINS
    );
    // Black's c1-c2-c3-c4-c5 joins its first rank to the fifth.
    assert_eq!(
        end(
            &s,
            "bridge",
            "2p2/2p2/P1p1P/2p1P/2p1P[PPPPPPPPPPpppppppp] w - - 0 6"
        ),
        BLACK_WINS
    );
    // A broken chain does not.
    assert_eq!(
        end(
            &s,
            "bridge",
            "5/p4/PP1PP/pp3/1p3[PPPPPPPPPppppppppppp] b - - 0 5"
        ),
        None
    );
}

#[test]
fn connect_value_can_make_the_line_lose() {
    let s = set();
    assert_eq!(end(&s, "misere3", "3/pp1/PPP[PPpp] b - - 0 3"), BLACK_WINS);
}

/// The drops of `fen`, sorted.
fn drops(set: &VariantSet, variant: &str, fen: &str) -> Vec<String> {
    let v = set.get(variant).unwrap_or_else(|| panic!("{variant}"));
    let g = Game::new(v, Some(fen), false).unwrap_or_else(|e| panic!("{variant} {fen}: {e}"));
    let mut moves = g.legal_moves_uci();
    moves.sort();
    moves
}

#[test]
fn anyside_stones_come_in_from_the_four_sides() {
    let s = set();
    let squares = |list: &[&str]| list.iter().map(|sq| format!("P@{sq}")).collect::<Vec<_>>();
    // Empty board: the edge squares.
    let edge = "a1 a2 a3 a4 a5 b1 b5 c1 c5 d1 d5 e1 e2 e3 e4 e5";
    assert_eq!(
        drops(
            &s,
            "anyside4",
            "5/5/5/5/5[PPPPPPPPPPPPPpppppppppppp] w - - 0 1"
        ),
        squares(&edge.split(' ').collect::<Vec<_>>())
    );
    // The lists pyffish 0.0.90 gives (tests/data/connect.ini loaded with
    // `load_variant_config`).
    assert_eq!(
        drops(
            &s,
            "anyside4",
            "5/p4/5/P1p2/P4[PPPPPPPPPPPpppppppppp] w - - 0 1"
        ),
        squares(&["a3", "a5", "b1", "b2", "b4", "b5", "c1", "d1", "d5", "e1", "e3", "e5"])
    );
    assert_eq!(
        drops(
            &s,
            "anyside4",
            "1p3/p4/5/P1p1P/P3p[PPPPPPPPPPpppppppppp] b - - 0 1"
        ),
        squares(&["a3", "a5", "b4", "c1", "d1", "d5", "e3"])
    );
    // From the north Fairy-Stockfish takes the lowest empty square above a stone of the
    // file: b2, closed to the west and east, where a stone sliding down the b-file would
    // stop on b4 instead. We follow it.
    assert_eq!(
        drops(
            &s,
            "anyside4",
            "5/P3p/1p3/P1pPp/1P3[PPPPPPPPPpppppppp] w - - 0 1"
        ),
        squares(&["a1", "a3", "a5", "b2", "c1", "d1", "e1", "e5"])
    );
}
