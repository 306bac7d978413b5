//! Property test: parse → XBoard-safe print → parse keeps the moves, on random occupancies of
//! 8x8, 10x10 and 16x16 boards; and the canonical print parses back to the same IR.

mod betza_common;

use betza_common::{effects, Rng};
use dabbaba::betza::{self, Board, Cell, Color, Dialect, EnPassant, Piece, Situation, Square};

const XBETZA: &[&str] = &[
    "W",
    "F",
    "D",
    "N",
    "A",
    "H",
    "C",
    "Z",
    "G",
    "K",
    "R",
    "B",
    "Q",
    "W3",
    "R4",
    "B2",
    "N0",
    "NN",
    "N2",
    "Q3",
    "QN",
    "BN",
    "RN",
    "WfF",
    "FfW",
    "fN",
    "fR",
    "fW",
    "RF",
    "BW",
    "fsW",
    "mNcB",
    "fmWfceF",
    "nN",
    "nA",
    "nZ",
    "nC",
    "nH",
    "nG",
    "nD",
    "KNAD",
    "afsW",
    "mafsW",
    "afsF",
    "afsK",
    "mafsmafW",
    "FyafsF",
    "WyafsW",
    "oR",
    "oN",
    "oB",
    "oK",
    "jR",
    "jjR",
    "jK",
    "jB",
    "jN",
    "jD",
    "jZ",
    "fK",
    "fQ",
    "vK",
    "sK",
    "fsK",
    "lvK",
    "rvK",
    "bsQ",
    "frN",
    "rfN",
    "fhN",
    "bhN",
    "rhN",
    "lhN",
    "hrN",
    "hlN",
    "ffrN",
    "ffrrN",
    "fsN",
    "bsN",
    "rvN",
    "lvN",
    "lbN",
    "frK",
    "ffrK",
    "flF",
    "brB",
    "fF",
    "lA",
    "bbF",
    "vW",
    "sR",
    "fbR",
    "KNADcaKmcabK",
    "mRcpR",
    "pR",
    "gQ",
    "gR",
    "gB",
    "pB",
    "cpR",
    "mpR",
    "dK",
    "mcdK",
    "tK",
    "ctK",
    "cW",
    "ifmnD",
    "fmWfceFifmnD",
    "iiW",
    "KO2",
    "O3",
    "iKO1",
    "pafW",
    "pyafB",
    "fcafmF",
    "cafcafF",
    "caK",
    "mcabK",
    "cabK",
    "dabK",
    "afafW",
    "aaK",
    "fcaflmF",
    "mpafK",
    "yafsF",
    "RcpRnN",
    "RNF",
    "FA",
    "KN",
    "onN",
    "toK",
    "mcK",
    "cK",
    "mK",
    "fmcpR",
    "vWfsF",
    "rbN",
    "fsbsK",
    "frlK",
    "vvssK",
    "hK",
    "fhK",
    "sW2",
    "fR3",
    "oN0",
    "ojR",
    "caW",
    "cafsF",
];

const FAIRY: &[&str] = &[
    "fK",
    "fsK",
    "vK",
    "sK",
    "fQ",
    "nZ",
    "nC",
    "nH",
    "nG",
    "nN",
    "fsF",
    "lvF",
    "NN",
    "bhN",
    "rvN",
    "fhK",
    "hrK",
    "cmK",
    "fmWfceF",
    "ifmnD",
    "mafsmafW",
    "KNADcaKmcabK",
    "FyafsF",
    "fsW",
    "frW",
    "lvK",
    "bsQ",
];

fn random_board(rng: &mut Rng, files: u8, ranks: u8) -> Board {
    let mut board = Board::new(files, ranks).unwrap();
    let squares: Vec<Square> = board.squares().collect();
    for square in squares {
        let cell = match rng.below(100) {
            0..=59 => Cell::Empty,
            60..=79 => Cell::Own,
            80..=92 => Cell::Enemy { royal: false },
            93..=96 => Cell::Enemy { royal: true },
            _ => Cell::Hole,
        };
        board.set(square, cell);
    }
    board
}

fn random_square(rng: &mut Rng, files: u8, ranks: u8) -> Square {
    Square::new(
        rng.below(u64::from(files)) as u8,
        rng.below(u64::from(ranks)) as u8,
    )
}

/// Compares two pieces on many random positions; `exact` also compares the paths.
fn same_moves(a: &Piece, b: &Piece, seed: u64, exact: bool) -> Result<(), String> {
    let mut rng = Rng(seed | 1);
    for (files, ranks) in [(8u8, 8u8), (10, 10), (16, 16)] {
        for _ in 0..25 {
            let mut board = random_board(&mut rng, files, ranks);
            let from = random_square(&mut rng, files, ranks);
            board.set(from, Cell::Own);
            let target = random_square(&mut rng, files, ranks);
            let victim = random_square(&mut rng, files, ranks);
            let situation = Situation {
                board: &board,
                color: if rng.below(2) == 0 {
                    Color::White
                } else {
                    Color::Black
                },
                from,
                en_passant: (rng.below(3) == 0).then_some(EnPassant { target, victim }),
                on_start: rng.below(2) == 0,
                one_step_from_start: rng.below(2) == 0,
            };
            let (x, y) = (betza::moves(a, &situation), betza::moves(b, &situation));
            let differ = if exact {
                x != y
            } else {
                effects(&x) != effects(&y)
            };
            if differ {
                return Err(format!("{files}x{ranks} from {from}: {x:?}\n vs {y:?}"));
            }
        }
    }
    Ok(())
}

fn seed_of(text: &str) -> u64 {
    text.bytes().fold(0x9E37_79B9_7F4A_7C15, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01B3)
    })
}

fn check(text: &str, dialect: Dialect) {
    let piece = betza::parse(text, dialect).unwrap_or_else(|e| panic!("{e}"));
    let sent = piece.to_xboard().unwrap_or_else(|e| panic!("{text}: {e}"));
    for forbidden in ['J', 'L', 'U', 'z', 'q'] {
        assert!(!sent.contains(forbidden), "{text} -> {sent}");
    }
    for atom in ['W', 'F', 'D', 'N', 'A', 'H', 'C', 'Z', 'G', 'K'] {
        assert!(
            !sent.contains(&format!("{atom}{atom}")),
            "{text} -> {sent}: doubled atom"
        );
    }
    let again =
        betza::parse(&sent, Dialect::XBetza).unwrap_or_else(|e| panic!("{text} -> {sent}: {e}"));
    if let Err(diff) = same_moves(&piece, &again, seed_of(text), false) {
        panic!("{text} -> {sent} changes the moves: {diff}");
    }
    let canonical = piece.to_string();
    let reread = betza::parse(&canonical, Dialect::XBetza)
        .unwrap_or_else(|e| panic!("{text} -> {canonical}: {e}"));
    if dialect == Dialect::XBetza {
        assert_eq!(reread, piece, "{text} -> {canonical} is another piece");
    } else if let Err(diff) = same_moves(&piece, &reread, seed_of(text), false) {
        panic!("{text} -> {canonical} changes the moves: {diff}");
    }
}

#[test]
fn xbetza_strings_survive_the_xboard_printer() {
    for text in XBETZA {
        check(text, Dialect::XBetza);
    }
}

#[test]
fn fairy_stockfish_strings_are_sent_as_equivalent_xbetza() {
    for text in FAIRY {
        check(text, Dialect::FairyStockfish);
    }
}

#[test]
fn canonical_order_and_letters() {
    let cases = [
        ("J", "Z"),
        ("L", "C"),
        ("NN", "N0"),
        ("WW", "R"),
        ("W0", "R"),
        ("F0", "B"),
        ("K0", "Q"),
        ("ffrK", "ffrK"),
        ("frK", "frK"),
        ("fsK", "fsK"),
        ("vK", "vK"),
        ("fhN", "fhN"),
        ("hrN", "hrN"),
        ("fmWfceF", "fmWfceF"),
        ("mcK", "K"),
        ("mafsmafW", "afsafW"),
        ("FyafsF", "FyafsF"),
        ("pyafB", "gafB"),
        ("iifW", "iifW"),
        ("KO2", "KO2"),
    ];
    for (text, canonical) in cases {
        let piece = betza::parse(text, Dialect::XBetza).unwrap();
        assert_eq!(piece.to_string(), canonical, "{text}");
    }
}

/// Components that, written one after the other, would read as one doubled atom (found by
/// the `betza` fuzz target: `fNlWBBB` printed `fNlWBB`, which reads as a bishop rider and
/// printed `fNlWB`).
#[test]
fn repeated_atoms_print_as_text_that_reads_back_the_same() {
    for text in ["fNlWBBB", "BBB", "WWW", "NNN", "fNNN2", "KKK", "W2WW"] {
        let piece = betza::parse(text, Dialect::XBetza).unwrap();
        for printed in [piece.to_string(), piece.to_xboard().unwrap()] {
            let again = betza::parse(&printed, Dialect::XBetza)
                .unwrap_or_else(|e| panic!("{text} -> {printed}: {e}"));
            assert_eq!(again.to_string(), piece.to_string(), "{text} -> {printed}");
            if let Err(diff) = same_moves(&piece, &again, seed_of(text), false) {
                panic!("{text} -> {printed} changes the moves: {diff}");
            }
        }
    }
}

#[test]
fn what_xboard_cannot_read_is_refused() {
    for text in ["zB", "qN", "U", "W03", "afN", "aN"] {
        let piece = betza::parse(text, Dialect::XBetza).unwrap();
        let error = piece.to_xboard().unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with("cannot be written for XBoard 4.9.1"),
            "{text}: {error}"
        );
        // The canonical form still reads back as the same piece.
        assert_eq!(
            betza::parse(&piece.to_string(), Dialect::XBetza).unwrap(),
            piece,
            "{text}"
        );
    }
}
