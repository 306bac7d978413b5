//! The Fairy-Stockfish dialect (xbetza.md §3.11) and Fairy-Stockfish's built-in pieces.

mod betza_common;

use betza_common::{names, Setup};
use dabbaba::betza::{self, Board, Color, Dialect, Situation};

fn fsf(betza: &str, from: &str) -> usize {
    Setup::new(betza, from).fsf().count()
}

fn xb(betza: &str, from: &str) -> usize {
    Setup::new(betza, from).count()
}

#[test]
fn documented_divergences_from_d4_and_a1() {
    // (text, XBetza d4/a1, Fairy-Stockfish d4/a1)
    type Counts = (usize, usize);
    let table: &[(&str, Counts, Counts)] = &[
        ("fK", (1, 1), (3, 2)),
        ("fQ", (4, 7), (11, 14)),
        ("vK", (2, 1), (6, 2)),
        ("sK", (2, 1), (6, 2)),
        ("fsK", (2, 1), (4, 2)),
        ("NN", (12, 6), (12, 6)),
        ("N0", (12, 6), (12, 6)),
        ("fsW", (3, 2), (3, 2)),
    ];
    for &(text, xbetza, fairy) in table {
        assert_eq!((xb(text, "d4"), xb(text, "a1")), xbetza, "XBetza {text}");
        assert_eq!(
            (fsf(text, "d4"), fsf(text, "a1")),
            fairy,
            "Fairy-Stockfish {text}"
        );
    }
}

#[test]
fn fsk_is_the_sideways_and_forward_diagonal_steps() {
    assert_eq!(
        Setup::new("fsK", "d4").fsf().destinations(),
        names("c4 e4 c5 e5")
    );
    assert_eq!(
        Setup::new("fK", "d4").fsf().destinations(),
        names("c5 d5 e5")
    );
}

#[test]
fn diagonal_pairs_give_two_moves_in_both_dialects() {
    // XBoard 4.9.1 falls back to all four for fsF; we read the intended pair and never write it.
    assert_eq!(Setup::new("fsF", "d4").fsf().destinations(), names("c5 e5"));
    assert_eq!(Setup::new("fsF", "d4").destinations(), names("c5 e5"));
    assert_eq!(Setup::new("lvF", "d4").fsf().destinations(), names("c5 c3"));
}

#[test]
fn lame_zebra_is_the_janggi_elephant_in_fairy_stockfish() {
    assert_eq!(Setup::new("nZ", "d4").fsf().with("own:e5").count(), 8);
    assert_eq!(Setup::new("nZ", "d4").fsf().with("own:d5").count(), 6);
    assert_eq!(Setup::new("nZ", "d4").with("own:e5").count(), 6);
    assert_eq!(Setup::new("nZ", "d4").with("own:d5").count(), 8);
    // Same as the three-leg form Fairy-Stockfish sends to XBoard, on any blocker.
    for blocker in ["d5", "e5", "e6", "c5", "b5", "f4", "c3"] {
        let pieces = format!("own:{blocker}");
        assert_eq!(
            Setup::new("nZ", "d4").fsf().with(&pieces).destinations(),
            Setup::new("mafsmafW", "d4").with(&pieces).destinations(),
            "blocker {blocker}"
        );
    }
}

#[test]
fn fairy_stockfish_lame_zebra_is_sent_as_legs() {
    let piece = betza::parse("nZ", Dialect::FairyStockfish).unwrap();
    assert_eq!(piece.to_xboard().unwrap(), "afsafW");
    assert_eq!(piece.to_string(), "afsafW");
    assert_eq!(
        betza::parse("nZ", Dialect::XBetza)
            .unwrap()
            .to_xboard()
            .unwrap(),
        "nZ"
    );
    // For N, A and D both readings block on the same square, so n stays.
    assert_eq!(
        betza::parse("nN", Dialect::FairyStockfish)
            .unwrap()
            .to_xboard()
            .unwrap(),
        "nN"
    );
}

#[test]
fn letters_fairy_stockfish_ignores_keep_their_xbetza_meaning() {
    assert_eq!(fsf("afsW", "d4"), 8);
    assert_eq!(fsf("oN", "a1"), 4);
    assert_eq!(fsf("jR", "d4"), 10);
}

#[test]
fn one_range_digit_in_fairy_stockfish() {
    assert_eq!(fsf("W3", "d4"), 12);
    let error = betza::parse("W12", Dialect::FairyStockfish).unwrap_err();
    assert_eq!(error.column, 2);
    assert!(error.to_string().contains("one range digit"), "{error}");
    assert!(betza::parse("W12", Dialect::XBetza).is_ok());
}

#[test]
fn modality_order_is_free_in_fairy_stockfish() {
    assert_eq!(Setup::new("cmK", "d4").fsf().with("enemy:e5").count(), 8);
}

/// Fairy-Stockfish's built-in pieces, and strings from its variants.ini examples.
const BUILT_IN: &[(&str, &str)] = &[
    ("pawn", "fmWfceF"),
    ("knight", "N"),
    ("bishop", "B"),
    ("rook", "R"),
    ("queen", "Q"),
    ("fers", "F"),
    ("alfil", "A"),
    ("fersAlfil", "FA"),
    ("silver", "FfW"),
    ("aiwok", "RNF"),
    ("bers", "RF"),
    ("archbishop", "BN"),
    ("chancellor", "RN"),
    ("amazon", "QN"),
    ("knibis", "mNcB"),
    ("biskni", "mBcN"),
    ("kniroo", "mNcR"),
    ("rookni", "mRcN"),
    ("shogiPawn", "fW"),
    ("lance", "fR"),
    ("shogiKnight", "fN"),
    ("gold", "WfF"),
    ("dragonHorse", "BW"),
    ("clobber", "cW"),
    ("breakthrough", "fmWfF"),
    ("cannon", "mRcpR"),
    ("janggiCannon", "pR"),
    ("soldier", "fsW"),
    ("horse", "nN"),
    ("elephant", "nA"),
    ("janggiElephant", "nZ"),
    ("banner", "RcpRnN"),
    ("wazir", "W"),
    ("commoner", "K"),
    ("centaur", "KN"),
    ("king", "K"),
    ("pawn double step", "ifmnD"),
    ("janggi elephant legs", "mafsmafW"),
    ("lion", "KNADcaKmcabK"),
    ("griffin", "FyafsF"),
];

/// Destinations on an empty 8x8 board from d4 (White), for both dialects.
const BUILT_IN_D4: &[(&str, usize)] = &[
    ("fmWfceF", 1),
    ("N", 8),
    ("B", 13),
    ("R", 14),
    ("Q", 27),
    ("F", 4),
    ("A", 4),
    ("FA", 8),
    ("FfW", 5),
    ("RNF", 26),
    ("RF", 18),
    ("BN", 21),
    ("RN", 22),
    ("QN", 35),
    ("mNcB", 8),
    ("mBcN", 13),
    ("mNcR", 8),
    ("mRcN", 14),
    ("fW", 1),
    ("fR", 4),
    ("fN", 2),
    ("WfF", 6),
    ("BW", 17),
    ("cW", 0),
    ("fmWfF", 3),
    ("mRcpR", 14),
    ("pR", 0),
    ("fsW", 3),
    ("nN", 8),
    ("nA", 4),
    ("nZ", 8),
    ("RcpRnN", 22),
    ("W", 4),
    ("K", 8),
    ("KN", 16),
    ("mafsmafW", 8),
    ("KNADcaKmcabK", 25),
    ("FyafsF", 24),
];

#[test]
fn every_built_in_piece_parses_in_both_dialects_and_round_trips() {
    for &(name, text) in BUILT_IN {
        for dialect in [Dialect::XBetza, Dialect::FairyStockfish] {
            let piece = betza::parse(text, dialect).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(!piece.components.is_empty(), "{name}");
            let sent = piece.to_xboard().unwrap_or_else(|e| panic!("{name}: {e}"));
            let again = betza::parse(&sent, Dialect::XBetza)
                .unwrap_or_else(|e| panic!("{name} as {sent}: {e}"));
            let board = Board::new(8, 8).unwrap();
            for color in [Color::White, Color::Black] {
                let situation = Situation {
                    board: &board,
                    color,
                    from: betza_common::sq("d4"),
                    en_passant: None,
                    on_start: true,
                    one_step_from_start: false,
                };
                assert_eq!(
                    betza_common::effects(&betza::moves(&piece, &situation)),
                    betza_common::effects(&betza::moves(&again, &situation)),
                    "{name}: {text} -> {sent}"
                );
            }
        }
    }
}

#[test]
fn built_in_pieces_draw_the_expected_number_of_squares() {
    for &(text, expected) in BUILT_IN_D4 {
        assert_eq!(xb(text, "d4"), expected, "XBetza {text}");
        assert_eq!(fsf(text, "d4"), expected, "Fairy-Stockfish {text}");
    }
    // The pawn's double step on its start square, and the clobber piece's captures.
    let mut pawn = Setup::new("fmWfceFifmnD", "e2");
    pawn.on_start = true;
    assert_eq!(pawn.destinations(), names("e3 e4"));
    assert_eq!(
        Setup::new("cW", "d4").with("enemy:d5,c4").destinations(),
        names("d5 c4")
    );
}
