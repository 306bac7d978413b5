//! The walker's rules beyond the vectors: colours, holes, tame, destroy, legacy riders, board
//! sizes, and the simple-component classifier.

mod betza_common;

use betza_common::{names, Setup};
use dabbaba::betza::{self, Color, Dialect, Hop, MoveKind, Range};

#[test]
fn black_uses_the_steps_rotated_by_180_degrees() {
    let mut s = Setup::new("frN", "d4");
    s.color = Color::Black;
    assert_eq!(
        s.destinations(),
        names("b3"),
        "White's f5 becomes b3, not a mirror image"
    );
    let mut lance = Setup::new("fR", "d4");
    lance.color = Color::Black;
    assert_eq!(lance.destinations(), names("d3 d2 d1"));
}

#[test]
fn holes_stop_rides_and_cannot_be_landed_on() {
    assert_eq!(
        Setup::new("R", "d4").with("hole:d6,b4").destinations(),
        names("d5 c4 e4 f4 g4 h4 d3 d2 d1")
    );
    assert_eq!(Setup::new("N", "d4").with("hole:e6").count(), 7);
}

#[test]
fn tame_pieces_do_not_capture_royals() {
    assert_eq!(
        Setup::new("tK", "d4")
            .with("king:d5 enemy:e5")
            .destinations()
            .len(),
        7
    );
    assert!(!Setup::new("tK", "d4")
        .with("king:d5")
        .destinations()
        .contains(&"d5".to_string()));
    assert!(Setup::new("K", "d4")
        .with("king:d5")
        .destinations()
        .contains(&"d5".to_string()));
}

#[test]
fn destroy_takes_own_pieces() {
    let moves = Setup::new("dK", "d4").with("own:d5 enemy:e5").moves();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].to.to_string(), "d5");
    assert_eq!(
        moves[0]
            .destroyed
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>(),
        ["d5"]
    );
    assert_eq!(moves[0].kind, MoveKind::Capture);
}

#[test]
fn rose_walks_its_octagon() {
    assert_eq!(
        Setup::new("qN", "a1").destinations(),
        names("b3 d4 f3 g1 a5 c2 e1 c6 a7")
    );
    assert_eq!(
        Setup::new("qN", "a1").with("own:d4").destinations(),
        names("b3 a5 c2 e1"),
        "d4 cuts both circles through it"
    );
}

#[test]
fn crooked_rook_zigzags() {
    assert_eq!(
        Setup::new("fzR", "a1").destinations(),
        names("a2 b2 b3 c3 c4 d4 d5 e5 e6 f6 f7 g7 g8 h8")
    );
}

#[test]
fn exact_range_lands_only_on_the_last_step() {
    assert_eq!(Setup::new("fW03", "d4").destinations(), names("d7"));
    assert_eq!(Setup::new("fW03", "d4").with("enemy:d5").count(), 0);
}

#[test]
fn universal_leaper_reaches_every_square() {
    assert_eq!(Setup::new("U", "d4").count(), 63);
    let mut tiny = Setup::new("U", "a1");
    tiny.files = 1;
    tiny.ranks = 1;
    assert_eq!(tiny.count(), 0);
}

#[test]
fn boards_from_1x1_to_16x16() {
    let mut s = Setup::new("Q", "a1");
    s.files = 1;
    s.ranks = 1;
    assert_eq!(s.count(), 0);
    let mut big = Setup::new("N0", "h8");
    big.files = 16;
    big.ranks = 16;
    assert_eq!(big.count(), 28, "4+4+4+3 forward-ish, 3+3+3+4 the rest");
    let mut cylinder = Setup::new("oR", "a1");
    cylinder.files = 1;
    cylinder.ranks = 3;
    assert_eq!(cylinder.destinations(), names("a2 a3"));
}

#[test]
fn simple_classifier() {
    let pawn = betza::parse("fmWfceFifmnD", Dialect::XBetza).unwrap();
    let simple: Vec<_> = pawn.components.iter().map(|c| c.simple()).collect();
    let push = simple[0].as_ref().unwrap();
    assert_eq!(push.steps, [(0, 1)]);
    assert!(push.can_move && !push.can_capture);
    let capture = simple[1].as_ref().unwrap();
    assert_eq!(capture.steps, [(1, 1), (-1, 1)]);
    assert!(capture.en_passant && capture.can_capture && !capture.can_move);
    assert_eq!(capture.steps_for(Color::Black), [(-1, -1), (1, -1)]);
    let double = simple[2].as_ref().unwrap();
    assert_eq!(double.initial, betza::Initial::Start);
    assert!(double.lame.is_some());
    let cannon = betza::parse("mRcpR", Dialect::XBetza).unwrap();
    let hop = cannon.components[1].simple().unwrap();
    assert_eq!(
        (hop.hop, hop.range, hop.can_move),
        (Some(Hop::Cannon), Range::Unlimited, false)
    );
    for general in ["afsW", "oR", "jR", "zB", "dK", "KO2", "W03"] {
        let piece = betza::parse(general, Dialect::XBetza).unwrap();
        assert!(
            piece.components.iter().any(|c| c.simple().is_none()),
            "{general}"
        );
    }
}
