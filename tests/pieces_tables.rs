//! Piece tables for every built-in variant: they build, quickly, and answer plain questions
//! right.

use dabbaba::betza::Dialect;
use dabbaba::board::pieces::{PieceTables, SpecialKind, SpecialMove};
use dabbaba::board::{Bitboard, Geometry, Square};
use dabbaba::variant::{self, Color};

fn sq(geo: &Geometry, name: &str) -> Square {
    geo.parse_square(name).unwrap()
}

fn set(geo: &Geometry, names: &[&str]) -> u64 {
    names.iter().fold(0u64, |b, n| b.with(sq(geo, n)))
}

#[test]
fn chess_pieces_from_the_start_position() {
    let v = variant::builtin("chess").unwrap();
    let geo = Geometry::new(8, 8).unwrap();
    let t = PieceTables::<u64>::new(&geo, v).unwrap();
    let id = |name: &str| v.piece_by_name(name).unwrap();
    let occ: u64 = 0xffff_0000_0000_ffff;
    assert_eq!(
        t.quiets(id("knight"), Color::White, sq(&geo, "b1"), occ),
        set(&geo, &["a3", "c3"])
    );
    assert_eq!(
        t.quiets(id("pawn"), Color::White, sq(&geo, "e2"), occ),
        set(&geo, &["e3"])
    );
    // Fairy-Stockfish's chess pawn has no `i` move: its double step is a variant rule.
    assert_eq!(
        t.initial_quiets(id("pawn"), Color::White, sq(&geo, "e2"), occ),
        0
    );
    assert_eq!(
        t.quiets(id("pawn"), Color::Black, sq(&geo, "e7"), occ),
        set(&geo, &["e6"])
    );
    assert_eq!(
        t.captures(id("rook"), Color::White, sq(&geo, "a1"), occ),
        set(&geo, &["a2", "b1"])
    );
    assert_eq!(t.quiets(id("bishop"), Color::White, sq(&geo, "c1"), occ), 0);
    // Who attacks f3 in the start position: the g1 knight, the e2 and g2 pawns.
    assert_eq!(
        t.attackers_of_type(id("knight"), Color::White, sq(&geo, "f3"), occ) & occ,
        set(&geo, &["g1", "e1", "d2", "h2"])
    );
    assert_eq!(
        t.attackers_of_type(id("pawn"), Color::White, sq(&geo, "f3"), occ),
        set(&geo, &["e2", "g2"])
    );
    assert_eq!(
        t.attackers_of_type(id("pawn"), Color::Black, sq(&geo, "f6"), occ),
        set(&geo, &["e7", "g7"])
    );
    assert_eq!(
        t.ep_targets(id("pawn"), Color::White, sq(&geo, "e5"), occ),
        set(&geo, &["d6", "f6"])
    );
    for name in ["pawn", "knight", "bishop", "rook", "queen", "king"] {
        assert!(!t.info(id(name)).special, "{name}");
    }
    assert!(
        t.info(id("rook")).slider && t.info(id("queen")).slider && !t.info(id("knight")).slider
    );
    assert!(!t.info(id("pawn")).initial && t.info(id("pawn")).en_passant);
}

#[test]
fn cannon_slides_quietly_and_captures_by_hopping() {
    // xbetza.md P1: cannon d4, own d6, enemies d8, b4, g4.
    let geo = Geometry::new(8, 8).unwrap();
    let t = PieceTables::<u64>::from_betza(
        &geo,
        &[("mRcpR", Dialect::XBetza), ("gQ", Dialect::XBetza)],
    )
    .unwrap();
    let occ = set(&geo, &["d4", "d6", "d8", "b4", "g4"]);
    let enemy = set(&geo, &["d8", "b4", "g4"]);
    let d4 = sq(&geo, "d4");
    assert_eq!(
        t.quiets(0, Color::White, d4, occ),
        set(&geo, &["d5", "d3", "d2", "d1", "c4", "e4", "f4"])
    );
    assert_eq!(
        t.captures(0, Color::White, d4, occ) & enemy,
        set(&geo, &["d8"])
    );
    // The cannon on d8 captures d4 over d6: d8 is among d4's cannon attackers.
    assert!(t
        .attackers_of_type(0, Color::White, d4, occ)
        .contains(sq(&geo, "d8")));
    assert!(t.info(0).hopper && t.info(1).hopper);
    // Whatever the occupancy, a cannon and a grasshopper on d4 capture on its lines only.
    assert_eq!(t.capture_rays(0, Color::White, d4).count_ones(), 14);
    assert_eq!(t.capture_rays(1, Color::White, d4).count_ones(), 27);
}

#[test]
fn lion_special_moves() {
    // xbetza.md P15: lion d4, enemy e5: 24 leaps, plus pass, igui and 7 double moves.
    struct View {
        enemy: Square,
    }
    impl dabbaba::board::pieces::BoardView for View {
        fn cell(&self, sq: Square) -> dabbaba::board::pieces::Cell {
            if sq == self.enemy {
                dabbaba::board::pieces::Cell::Enemy { royal: false }
            } else {
                dabbaba::board::pieces::Cell::Empty
            }
        }
    }
    let geo = Geometry::new(8, 8).unwrap();
    let t = PieceTables::<u64>::from_betza(&geo, &[("KNADcaKmcabK", Dialect::XBetza)]).unwrap();
    let (d4, e5) = (sq(&geo, "d4"), sq(&geo, "e5"));
    let occ = set(&geo, &["d4", "e5"]);
    assert_eq!(t.quiets(0, Color::White, d4, occ).count_ones(), 23);
    assert_eq!(t.captures(0, Color::White, d4, occ), set(&geo, &["e5"]));
    let mut special: Vec<SpecialMove> = Vec::new();
    t.special_moves(0, Color::White, d4, &View { enemy: e5 }, &mut special);
    // Pass, igui, and 7 double moves (the other routes are plain leaps, already fast).
    assert_eq!(special.len(), 9, "{special:?}");
    assert!(special
        .iter()
        .any(|m| m.to == d4 && m.captures.is_empty() && m.kind == SpecialKind::Quiet));
    assert!(special
        .iter()
        .any(|m| m.to == d4 && m.captures == [e5] && m.via == [e5]));
    assert_eq!(
        special
            .iter()
            .filter(|m| m.to != d4 && m.captures == [e5])
            .count(),
        7
    );
}
