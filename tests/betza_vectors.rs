//! The test vectors of xbetza.md §4 (copied here), with our XBetza meanings.

mod betza_common;

use betza_common::{count, names, Setup};
use dabbaba::betza::{Color, MoveKind};

/// T1–T60: destinations of a White piece on an empty 8x8 board, from d4 and from a1.
const EMPTY_BOARD: &[(&str, usize, usize)] = &[
    ("W", 4, 2),
    ("F", 4, 1),
    ("D", 4, 2),
    ("N", 8, 2),
    ("A", 4, 1),
    ("H", 4, 2),
    ("C", 8, 2),
    ("Z", 8, 2),
    ("G", 4, 1),
    ("K", 8, 3),
    ("R", 14, 14),
    ("B", 13, 7),
    ("Q", 27, 21),
    ("W3", 12, 6),
    ("R4", 14, 8),
    ("B2", 8, 2),
    ("N0", 12, 6),
    ("NN", 12, 6),
    ("N2", 12, 4),
    ("QN", 35, 23),
    ("BN", 21, 9),
    ("RN", 22, 16),
    ("WfF", 6, 3),
    ("FfW", 5, 2),
    ("fN", 2, 1),
    ("fR", 4, 7),
    ("fW", 1, 1),
    ("RF", 18, 15),
    ("BW", 17, 9),
    ("fsW", 3, 2),
    ("mNcB", 8, 2),
    ("fmWfceF", 1, 1),
    ("nN", 8, 2),
    ("nA", 4, 1),
    ("KNAD", 24, 8),
    ("afsW", 8, 2),
    ("mafsW", 8, 2),
    ("afsF", 8, 2),
    ("afsK", 8, 2),
    ("mafsmafW", 8, 2),
    ("FyafsF", 24, 13),
    ("WyafsW", 24, 14),
    ("oR", 14, 14),
    ("oN", 8, 4),
    ("oB", 13, 13),
    ("oK", 8, 5),
    ("jR", 10, 12),
    ("fK", 1, 1),
    ("fQ", 4, 7),
    ("vK", 2, 1),
    ("sK", 2, 1),
    ("fsK", 2, 1),
    ("lvK", 2, 0),
    ("frN", 1, 1),
    ("rfN", 1, 1),
    ("fhN", 4, 2),
    ("hrN", 4, 1),
    ("hlN", 4, 1),
    ("J", 8, 2),
    ("L", 8, 2),
    // The Lion: 24 leaps plus the origin (pass) as a destination.
    ("KNADcaKmcabK", 25, 9),
    ("mRcpR", 14, 14),
    ("gQ", 0, 0),
    ("gR", 0, 0),
    ("gB", 0, 0),
    ("pR", 0, 0),
    ("zB", 18, 13),
];

#[test]
fn empty_board_counts_from_d4_and_a1() {
    let mut failures = Vec::new();
    for &(betza, d4, a1) in EMPTY_BOARD {
        let got = (count(betza, "d4"), count(betza, "a1"));
        if got != (d4, a1) {
            failures.push(format!(
                "{betza}: expected {d4}/{a1}, got {}/{}",
                got.0, got.1
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn dests(betza: &str, from: &str) -> Vec<String> {
    Setup::new(betza, from).destinations()
}

#[test]
fn empty_board_squares_named_in_the_vectors() {
    assert_eq!(dests("D", "d4"), names("d6 d2 b4 f4"));
    assert_eq!(dests("N", "a1"), names("b3 c2"));
    assert_eq!(dests("H", "d4"), names("d7 d1 a4 g4"));
    assert_eq!(dests("C", "a1"), names("b4 d2"));
    assert_eq!(dests("Z", "a1"), names("c4 d3"));
    assert_eq!(dests("G", "d4"), names("a1 g1 a7 g7"));
    assert_eq!(
        dests("N0", "d4"),
        names("e6 f8 f5 h6 f3 h2 e2 c2 b3 b5 c6 b8")
    );
    assert_eq!(dests("N0", "a1"), names("b3 c5 d7 c2 e3 g4"));
    assert_eq!(dests("fN", "d4"), names("c6 e6"));
    assert_eq!(dests("fmWfceF", "d4"), names("d5"));
    assert_eq!(dests("fmWfceF", "a1"), names("a2"));
    assert_eq!(dests("afsW", "d4"), dests("N", "d4"));
    assert_eq!(dests("mafsmafW", "d4"), names("b7 f7 a6 g6 a2 g2 b1 f1"));
    assert_eq!(dests("oN", "a1"), names("b3 c2 h3 g2"));
    assert_eq!(
        dests("oB", "a1"),
        names("b2 c3 d4 e5 f6 g7 h8 h2 g3 f4 d6 c7 b8")
    );
    assert_eq!(dests("oK", "a1"), names("a2 b1 b2 h1 h2"));
    assert_eq!(dests("jR", "d4"), names("d6 d7 d8 d1 d2 a4 b4 f4 g4 h4"));
    assert_eq!(dests("fsK", "d4"), names("c5 e5"));
    assert_eq!(dests("lvK", "d4"), names("c5 c3"));
    assert_eq!(dests("frN", "d4"), names("f5"));
    assert_eq!(dests("rfN", "d4"), names("e6"));
    assert_eq!(dests("frN", "a1"), names("c2"));
    assert_eq!(dests("rfN", "a1"), names("b3"));
    assert_eq!(dests("fhN", "d4"), names("c6 e6 b5 f5"));
    assert_eq!(dests("hrN", "a1"), names("b3"));
    assert_eq!(dests("hlN", "a1"), names("c2"));
    assert_eq!(dests("ffrN", "d4"), names("c6 e6 f5 f3"));
    assert_eq!(dests("ffrrN", "d4"), names("c6 e6 f5 f3"));
    assert_eq!(dests("frK", "d4"), names("e5"));
    assert_eq!(dests("ffrK", "d4"), names("d5 e4"));
    assert_eq!(dests("bbF", "d4"), dests("bF", "d4"));
    // J and L are the standard zebra and camel (XBoard 4.9.1 swaps them; we never send them).
    assert_eq!(dests("J", "a1"), names("c4 d3"));
    assert_eq!(dests("L", "a1"), names("b4 d2"));
    assert_eq!(
        dests("zB", "d4"),
        names("e5 d6 e7 d8 f4 g5 h4 c5 c7 b4 a5 e3 g3 d2 e1 c3 a3 c1")
    );
    let lion = dests("KNADcaKmcabK", "d4");
    assert!(
        lion.contains(&"d4".to_string()),
        "the lion's pass ends on its own square"
    );
}

#[test]
fn p1_cannon() {
    let s = Setup::new("mRcpR", "d4").with("own:d6 enemy:d8,b4,g4");
    assert_eq!(s.destinations(), names("d5 d8 d3 d2 d1 c4 e4 f4"));
    let captures: Vec<_> = s
        .moves()
        .into_iter()
        .filter(|m| m.kind == MoveKind::Capture)
        .collect();
    assert_eq!(captures.len(), 1);
    assert_eq!(captures[0].to.to_string(), "d8");
}

#[test]
fn p2_hopper_only_after_a_hurdle() {
    let s = Setup::new("pR", "d4").with("own:d6 enemy:d8,b4,g4");
    assert_eq!(s.destinations(), names("d7 d8 a4 h4"));
}

#[test]
fn p3_grasshopper() {
    let s = Setup::new("gQ", "d4").with("own:d6,b4,g7 enemy:f6,d2,b6");
    assert_eq!(s.destinations(), names("d7 d1 a4 a7"));
}

#[test]
fn p4_horse_blocked() {
    assert_eq!(Setup::new("nN", "d4").with("own:d5").count(), 6);
    assert_eq!(Setup::new("afsW", "d4").with("own:d5").count(), 6);
    let blocked_twice = Setup::new("nN", "d4").with("own:d5 enemy:e4");
    assert_eq!(blocked_twice.destinations(), names("b5 b3 c2 e2"));
    assert_eq!(
        Setup::new("afsW", "d4")
            .with("own:d5 enemy:e4")
            .destinations(),
        names("b5 b3 c2 e2")
    );
}

#[test]
fn p5_elephant() {
    assert_eq!(
        Setup::new("nA", "d4").with("own:e5").destinations(),
        names("b6 b2 f2")
    );
}

#[test]
fn p6_lame_zebra_and_janggi_elephant() {
    assert_eq!(Setup::new("nZ", "d4").with("own:e5").count(), 6);
    assert_eq!(Setup::new("nZ", "d4").with("own:d5").count(), 8);
    assert_eq!(Setup::new("mafsmafW", "d4").with("own:d5").count(), 6);
    assert_eq!(Setup::new("mafsmafW", "d4").with("own:e6").count(), 7);
}

#[test]
fn p7_lame_threeleaper_checks_one_square() {
    assert_eq!(Setup::new("nH", "d4").with("own:d5").count(), 3);
    assert_eq!(Setup::new("nH", "d4").with("own:d6").count(), 4);
}

#[test]
fn p8_pawn_push_blocked() {
    let s = Setup::new("fmWfceF", "e5").with("enemy:d6,e6,f6");
    assert_eq!(s.destinations(), names("d6 f6"));
}

#[test]
fn p9_en_passant() {
    let mut s = Setup::new("fmWfceF", "e5").with("enemy:d5");
    s.ep = Some(("d6", "d5"));
    let moves = s.moves();
    assert_eq!(betza_common::names("d6 e6"), s.destinations());
    let ep: Vec<_> = moves
        .iter()
        .filter(|m| m.kind == MoveKind::EnPassant)
        .collect();
    assert_eq!(ep.len(), 1);
    assert_eq!(
        ep[0]
            .captures
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>(),
        ["d5"]
    );
}

#[test]
fn p10_initial_double_step() {
    let pawn = "fmWfceFifmnD";
    let on_start = |pieces: &'static str| {
        let mut s = Setup::new(pawn, "e2").with(pieces);
        s.on_start = true;
        s.destinations()
    };
    assert_eq!(on_start(""), names("e3 e4"));
    assert_eq!(on_start("own:e3"), names(""));
    assert_eq!(on_start("enemy:e3"), names(""));
    assert_eq!(on_start("enemy:e4"), names("e3"));
    assert_eq!(Setup::new(pawn, "e2").destinations(), names("e3"));
}

#[test]
fn p11_black_pawn_moves_down() {
    let mut s = Setup::new("fmWfceF", "d4").with("enemy:c3,e3");
    s.color = Color::Black;
    assert_eq!(s.destinations(), names("d3 c3 e3"));
}

#[test]
fn p12_cylinder_rook_wraps() {
    assert_eq!(Setup::new("oR", "d4").with("own:c4").count(), 13);
    assert_eq!(Setup::new("R", "d4").with("own:c4").count(), 11);
}

#[test]
fn p13_castling() {
    let s = Setup::new("KO2", "e1").with("own:a1,h1");
    assert_eq!(s.destinations(), names("d1 f1 d2 e2 f2 c1 g1"));
    let castles: Vec<_> = s
        .moves()
        .into_iter()
        .filter(|m| m.kind == MoveKind::Castling)
        .collect();
    let partners: Vec<String> = castles
        .iter()
        .filter_map(|m| m.castling_partner)
        .map(|s| s.to_string())
        .collect();
    assert_eq!(partners, ["a1", "h1"]);
    assert_eq!(Setup::new("KO2", "e1").with("own:a1,h1,b1").count(), 6);
}

#[test]
fn p14_checker_jump() {
    let s = Setup::new("fcafmF", "d4").with("enemy:e5");
    let moves = s.moves();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].to.to_string(), "f6");
    assert_eq!(
        moves[0]
            .captures
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>(),
        ["e5"]
    );
    assert_eq!(
        moves[0]
            .via
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>(),
        ["e5"]
    );
    assert_eq!(
        Setup::new("fcafmF", "d4").with("enemy:e5 own:f6").count(),
        0
    );
    assert_eq!(Setup::new("fcafmF", "d4").with("enemy:e5,f6").count(), 0);
}

#[test]
fn p15_lion() {
    let s = Setup::new("KNADcaKmcabK", "d4").with("enemy:e5");
    assert_eq!(s.count(), 25);
    // The walker reports each path: the quiet pass d4→X→d4 once per empty neighbour X (7),
    // so 39 paths; as distinct moves (same effect = same move) they are the 33 of the vector.
    assert_eq!(s.moves().len(), 39);
    let moves = dabbaba::betza::walk::distinct(&s.moves());
    assert_eq!(moves.len(), 33);
    let doubles: Vec<String> = moves
        .iter()
        .filter(|m| m.via.len() == 1 && m.via[0].to_string() == "e5" && m.captures.len() == 1)
        .map(|m| m.to.to_string())
        .collect();
    let mut doubles = doubles;
    doubles.sort();
    assert_eq!(
        doubles,
        names("d4 d5 d6 e6 f6 f5 f4 e4"),
        "igui plus 7 hit-and-run moves"
    );
}

#[test]
fn p16_jumping_leapers() {
    assert_eq!(
        Setup::new("jD", "d4").with("own:d5").destinations(),
        names("d6")
    );
    assert_eq!(
        Setup::new("jN", "d4").with("own:d5").destinations(),
        names("c6 e6")
    );
}

#[test]
fn p17_hop_as_leg() {
    assert_eq!(
        Setup::new("pafW", "d4").with("own:d5").destinations(),
        names("d6")
    );
    assert_eq!(Setup::new("pafW", "d4").with("own:d5,d6").count(), 0);
}

#[test]
fn p18_modality_order() {
    // XBoard reads cmK as cK (it drops the m). We refuse the string instead of guessing.
    let error = dabbaba::betza::parse("cmK", dabbaba::betza::Dialect::XBetza).unwrap_err();
    assert_eq!(error.column, 2);
    assert!(error.to_string().contains("out of order"), "{error}");
    assert_eq!(Setup::new("cK", "d4").with("enemy:e5").count(), 1);
    assert_eq!(Setup::new("mcK", "d4").with("enemy:e5").count(), 8);
}
