//! Dai Shogi (`variants/chu.ini`, 15x15): no other engine we can run counts its moves
//! (Fairy-Stockfish stops at 12x10, HaChu has no perft), so the move generator is checked
//! against the reference built on the XBetza walker alone (`reference_walker`), on the start
//! position and on random games, and the rules the walker does not know (promotion, the
//! crown prince, repetition) on hand-built positions.
//!
//! Squares are ours: files a to o from White's left, ranks 1 to 15 from White's side.

mod reference_walker;

use dabbaba::board::rules::EndReason;
use dabbaba::board::Game;
use dabbaba::variant::{GameValue, Variant, VariantSet};
use dabbaba::with_position;
use reference_walker::{parsed, reference_perft, walk, Fold};

fn variant(name: &str) -> Variant {
    let set = VariantSet::with_builtins();
    set.get(name).expect("built in").clone()
}

fn game(fen: Option<&str>) -> Game {
    Game::new(&variant("daishogi"), fen, false).expect("position")
}

fn legal(g: &Game, mv: &str) -> bool {
    g.legal_moves_uci().iter().any(|m| m == mv)
}

#[test]
fn the_start_position_is_hachus() {
    let g = game(None);
    let fen = g.fen();
    assert_eq!(fen, variant("daishogi").start_fen);
    // The back rank of each side, and the ranks in front, as HaChu sets them up (its
    // letters: L N SG I C S G K G S C I SG N L; RV CS FL BT DE BT FL CS RV; VO AB EW PH LN KN
    // EW AB VO; R FD SM VM B DH DK FK DK DH B VM SM FD R).
    let rows: Vec<&str> = fen.split_whitespace().next().unwrap().split('/').collect();
    assert_eq!(rows.len(), 15);
    assert_eq!(rows[14], "LN'UI'CSGKGSCI'UN'L");
    assert_eq!(rows[13], "A1C'1F1TET1F1C'1A");
    assert_eq!(rows[12], "1X'1A'1WONXW1A'1X'1");
    assert_eq!(rows[11], "RF'MVBHDQDHBVMF'R");
    assert_eq!(rows[10], "PPPPPPPPPPPPPPP");
    assert_eq!(rows[9], "4I5I4");
    // Each side has 65 pieces: the letters (a prime belongs to the letter before it).
    let white = fen
        .split_whitespace()
        .next()
        .unwrap()
        .chars()
        .filter(|c| c.is_ascii_uppercase())
        .count();
    assert_eq!(white, 65);
    // Black's set is White's turned round (HaChu's).
    let black: Vec<String> = rows[..4]
        .iter()
        .rev()
        .map(|r| r.chars().rev().collect::<String>())
        .collect();
    let flipped: Vec<String> = black
        .iter()
        .map(|r| {
            // Reversing the text puts each prime before its letter: swap them back.
            let mut out = String::new();
            let mut chars = r.chars().peekable();
            while let Some(c) = chars.next() {
                if c == '\'' {
                    let l = chars.next().unwrap();
                    out.push(l.to_ascii_uppercase());
                    out.push('\'');
                } else {
                    out.push(c.to_ascii_uppercase());
                }
            }
            out
        })
        .collect();
    // Turned round, not mirrored: each side has its kirin on the other's phoenix file.
    let white_rows: Vec<String> = rows[11..].iter().map(|r| r.to_string()).collect();
    assert_eq!(flipped, white_rows);
}

/// Dai Shogi without promotions, for the reference (which plays none): no
/// `promotedPieceType`, and none of the pieces that exist only promoted.
const NO_PROMOTION: &str = "[dainopromotion:daishogi]
promotedPieceType = p:- i:- c:- s:- g:- f:- o:- x:- b:- r:- e:- u:- w:- n':- i':- a':- c':- f':- x':-
customPiece13 = -
customPiece14 = -
customPiece15 = -
customPiece16 = -
customPiece17 = -
customPiece18 = -
customPiece19 = -
immobilityIllegal = false
";

#[test]
fn perft_of_the_start_position() {
    // Dai Shogi's own numbers (a bishop may take a pawn in the zone and promote at ply 3).
    let mut g = game(None);
    for (depth, nodes) in [(1, 71u64), (2, 5041), (3, 357_978)] {
        assert_eq!(
            with_position!(&mut g, p => dabbaba::board::perft::perft(p, depth)),
            nodes
        );
    }
    // Without promotions, equal to the reference walker's.
    let mut set = VariantSet::with_builtins();
    set.load_str("dainopromotion.ini", NO_PROMOTION)
        .expect("test variant loads");
    let v = set.get("dainopromotion").expect("loaded");
    let pieces = parsed(v);
    let mut g = Game::new(v, None, false).expect("start");
    for depth in 1..=3 {
        let (engine, reference) = with_position!(&mut g, p => (
            dabbaba::board::perft::perft(p, depth),
            reference_perft(p, &pieces, depth)
        ));
        assert_eq!(engine, reference, "perft {depth} without promotions");
        assert!(depth < 3 || engine < 357_978, "the promotions are gone");
    }
}

/// Positions where promotions, the lion's double moves and the crown prince meet.
const MIDDLEGAMES: &[&str] = &[
    // Pieces of both sides in each other's zones, the lions face to face.
    "ln'ui'csgkgsci'un'l/a1c'1f1tet1f1c'1a/1x'1a'1wx1ow1a'1x'1/rf'mvbhdqdhbvmf'r/pppppP1ppppppp1/4i2N'2i3p/6n8/7N7/15/4I5I4/PPPPPPP1PPPPPPP/RF'MVBHDQDHBVMF'R/1X'1A'1WO1XW1A'1X'1/A1C'1F1TET1F1C'1A/LN'UI'CSGKGSCI'U1L w - - 0 1",
    // A crown prince beside the king; a lone lion among pieces.
    "7k7/5g1+e1g5/15/4p1p1p6/5P1n7/6N8/15/15/15/15/15/15/5G1+E1G5/15/7K7 b - - 0 1",
    // Pawns, iron and stone generals and knights a step from the last ranks.
    "14k/2P1U1I'1N'6/1N'13/15/15/15/15/15/15/15/15/15/1n'13/2p1u1i'1n'6/14K w - - 0 1",
];

#[test]
fn random_games_match_the_reference_walker() {
    let pieces = parsed(&variant("daishogi"));
    let mut g = game(None);
    let multi_legs = with_position!(&mut g, p => walk(p, &pieces, 3, 40, Fold::Promotions));
    assert!(multi_legs > 0, "the walks met lion moves");
    for fen in MIDDLEGAMES {
        let mut g = game(Some(fen));
        with_position!(&mut g, p => walk(p, &pieces, 3, 16, Fold::Promotions));
    }
}

#[test]
fn pieces_that_could_never_move_again_must_promote() {
    // White to move in the third middlegame: a knight may not stop on the last two ranks
    // unpromoted, a pawn, iron or stone general not on the last.
    let g = game(Some(MIDDLEGAMES[2]));
    for (mv, ok) in [
        // Pawn c14 to the last rank.
        ("c14c15+", true),
        ("c14c15", false),
        // Stone general e14 (`U`: forward diagonals) to d15 / f15.
        ("e14d15+", true),
        ("e14d15", false),
        // Iron general g14 straight on.
        ("g14g15+", true),
        ("g14g15", false),
        // Knight b13 to a15 / c15: the last rank.
        ("b13a15+", true),
        ("b13a15", false),
        ("b13c15+", true),
    ] {
        assert_eq!(legal(&g, mv), ok, "{mv} in {}", MIDDLEGAMES[2]);
    }
    // Entering the zone, a knight may stay unpromoted where it can still jump on (rank 12);
    // from inside the zone it promotes only where it could never move again (rank 14). (In
    // these positions and the ones below, Black's pawn on o15 keeps its king from being bare,
    // which would end the game.)
    let g = game(Some(
        "k13p/15/15/15/15/2N'12/15/15/15/15/15/15/15/15/14K w - - 0 1",
    ));
    assert!(
        legal(&g, "c10b12+") && legal(&g, "c10b12"),
        "rank 12: may stay"
    );
    let g = game(Some(
        "k13p/15/15/2N'12/15/15/15/15/15/15/15/15/15/15/14K w - - 0 1",
    ));
    assert!(
        legal(&g, "c12b14+") && !legal(&g, "c12b14"),
        "rank 14: must promote"
    );
    assert!(!legal(&g, "c12b12+"), "no such move");
}

/// How many legal moves start on `sq`.
fn moves_from(g: &Game, sq: &str) -> usize {
    g.legal_moves_uci()
        .iter()
        .filter(|m| {
            m.strip_prefix(sq)
                .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_lowercase()))
        })
        .count()
}

#[test]
fn the_dai_pieces_promote_to_gold() {
    // Each of the eight on h8, with the kings and Black's pawn: unpromoted it has its own
    // moves, promoted (written `+` and its letter) a gold's six.
    for (letter, own) in [
        ("U", 2),  // stone general: forward diagonals
        ("W", 5),  // evil wolf: forward, sideways, forward diagonals
        ("N'", 2), // knight: the two forward knight jumps
        ("I'", 3), // iron general: forward and forward diagonals
        ("A'", 4), // angry boar: orthogonal steps
        ("C'", 4), // cat sword: diagonal steps
        ("F'", 8), // flying dragon: up to two squares diagonally
        ("X'", 8), // violent ox: up to two squares orthogonally
    ] {
        let fen = |piece: &str| {
            format!("k13p/15/15/15/15/15/15/7{piece}7/15/15/15/15/15/15/14K w - - 0 1")
        };
        let plain = game(Some(&fen(letter)));
        assert_eq!(moves_from(&plain, "h8"), own, "{letter}");
        let promoted = game(Some(&fen(&format!("+{letter}"))));
        assert_eq!(moves_from(&promoted, "h8"), 6, "+{letter}");
        assert_eq!(
            promoted.fen(),
            fen(&format!("+{letter}")),
            "+{letter} reads back"
        );
    }
    // Promoting on entering the zone: the FEN then names the piece after what it was.
    let mut g = game(Some(
        "k13p/15/15/15/15/7C'7/15/15/15/15/15/15/15/15/14K w - - 0 1",
    ));
    assert!(legal(&g, "h10g11+") && legal(&g, "h10g11"));
    g.play_uci(&["h10g11+".to_string()]).expect("legal");
    assert!(g.fen().starts_with("k13p/15/15/15/6+C'8/"), "{}", g.fen());
}

#[test]
fn the_game_is_lost_with_the_last_royal_piece() {
    // The drunk elephant promotes to a crown prince, a second king: while Black has both,
    // either may be left attacked; the last may not.
    let g = game(Some(
        "k13p/15/15/15/15/15/15/15/15/15/15/15/15/15/7KE6 w - - 0 1",
    ));
    assert!(
        legal(&g, "i1i2") && !legal(&g, "i1i2+"),
        "no promotion outside the zone"
    );
    let both = game(Some(
        "k14/15/15/15/15/15/15/15/15/15/15/15/15/1r13/5K1+E7 w - - 0 1",
    ));
    assert!(
        legal(&both, "f1f2"),
        "the king may step onto the rook's rank"
    );
    // (White's pawn on a3 keeps its king from being bare.)
    let one = game(Some(
        "k14/15/15/15/15/15/15/15/15/15/15/15/P14/1r13/5K9 w - - 0 1",
    ));
    assert!(!legal(&one, "f1f2"));
    assert!(legal(&one, "f1e1"));
}

#[test]
fn a_bare_king_loses_as_in_chu() {
    let end = |fen: &str| {
        let g = game(Some(fen));
        with_position!(&g, p => p.result().map(|o| (o.value, o.reason)))
    };
    // Black's king with a knight that can still jump against king and gold: play goes on.
    assert_eq!(
        end("k14/15/15/15/15/15/15/15/15/15/1n'13/15/15/15/G6K7 b - - 0 1"),
        None
    );
    // A knight on the second rank can never move again (it jumps two ranks forward): the
    // king is bare, and Black loses.
    assert_eq!(
        end("k14/15/15/15/15/15/15/15/15/15/15/15/15/1n'13/G6K7 b - - 0 1"),
        Some((GameValue::Loss, EndReason::BareKing))
    );
}

/// The lion shuffle h3f2 h13f14 f2h3 f14h13 from the start: Black repeats the start position.
fn after_shuffle(name: &str) -> Option<(GameValue, EndReason)> {
    let mut g = Game::new(&variant(name), None, false).expect("start");
    let moves: Vec<String> = ["h3f2", "h13f14", "f2h3", "f14h13"]
        .iter()
        .map(|m| m.to_string())
        .collect();
    g.play_uci(&moves).expect("the shuffle is legal");
    with_position!(&g, p => p.result().map(|o| (o.value, o.reason)))
}

#[test]
fn hachus_dai_forbids_repeating_and_daishogi_does_not() {
    assert_eq!(
        after_shuffle("dai"),
        Some((GameValue::Win, EndReason::Repetition))
    );
    assert_eq!(after_shuffle("daishogi"), None);
}

#[test]
fn a_pass_answered_by_a_pass_repeats_the_position() {
    // Each lion steps out where it can pass (through e3, e13), then White passes and Black
    // passes back: the position after Black's pass is the one before White's, two plies on.
    // HaChu refuses the second pass as a repetition; in `dai` it loses.
    let moves = ["h3f2", "h13f14", "f2e3,e3f2", "f14e13,e13f14"];
    for (name, end) in [
        ("dai", Some((GameValue::Win, EndReason::Repetition))),
        ("daishogi", None),
    ] {
        let mut g = Game::new(&variant(name), None, false).expect("start");
        let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        g.play_uci(&moves).expect("the passes are legal");
        let result = with_position!(&g, p => p.result().map(|o| (o.value, o.reason)));
        assert_eq!(result, end, "{name}");
    }
}
