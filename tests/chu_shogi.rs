//! Chu Shogi (`variants/chu.ini`): move counts and legality against an independent
//! implementation, lishogi's (the `shogiops` library's tests state these facts about its
//! positions), plus hand-built positions for each rule.
//!
//! Positions are written as lishogi writes them (SFEN: files numbered 12 to 1 from the left,
//! ranks a to l from the top, `b` = the side that moves first, upper case) and moves in USI
//! (`7g7f`, `7g7f+`, and lion moves with their middle square, `6f5e6d`). The helpers below
//! turn them into our FEN and move text; the board picture is the same.
//!
//! Two differences from lishogi are deliberate and not tested here: a move that leaves the
//! last royal piece attacked is illegal (lishogi lets it be played and then taken, which
//! loses just the same), and lishogi counts a lion's two-step move through an empty square
//! once per path while we count each distinct move once.

use dabbaba::board::position::EMPTY;
use dabbaba::board::rules::EndReason;
use dabbaba::board::Game;
use dabbaba::variant::GameValue;
use dabbaba::variant::VariantSet;

const FILES: u8 = 12;

fn game(sfen: &str) -> Game {
    let set = VariantSet::with_builtins();
    let v = set.get("chushogi").expect("chushogi is built in");
    Game::new(v, Some(&fen(sfen)), false).expect("position")
}

/// Our FEN of an SFEN: the board is the same; `b` moves first (our White).
fn fen(sfen: &str) -> String {
    let mut parts = sfen.split_whitespace();
    let board = parts.next().expect("board");
    let side = match parts.next() {
        Some("w") => "b",
        _ => "w",
    };
    format!("{board} {side} - - 0 1")
}

/// A USI square (`7g`, `11c`) as ours (`f6`, `b10`).
fn square(usi: &str) -> String {
    let digits: String = usi.chars().take_while(|c| c.is_ascii_digit()).collect();
    let file: u8 = digits.parse().expect("file");
    let rank = usi.as_bytes()[digits.len()] - b'a';
    format!("{}{}", (b'a' + FILES - file) as char, FILES - rank)
}

/// The USI squares of a move, and whether it promotes.
fn squares(usi: &str) -> (Vec<String>, bool) {
    let promote = usi.ends_with('+');
    let body = usi.trim_end_matches('+');
    let mut out = Vec::new();
    let mut rest = body;
    while !rest.is_empty() {
        let digits = rest.chars().take_while(|c| c.is_ascii_digit()).count();
        out.push(square(&rest[..digits + 1]));
        rest = &rest[digits + 1..];
    }
    (out, promote)
}

/// Our legal move that is the USI move, if any. A lion's two steps through an occupied
/// square are our `ab,bc`; through an empty square they are the plain move `ac`, or a pass
/// (`ab,ba` through any empty square) when they come back.
fn find(g: &Game, usi: &str) -> Option<String> {
    let moves = g.legal_moves_uci();
    let (sq, promote) = squares(usi);
    let plus = if promote { "+" } else { "" };
    let wanted = match sq.as_slice() {
        [a, b] => format!("{a}{b}{plus}"),
        [a, b, c] if occupied(g, b) => format!("{a}{b},{b}{c}{plus}"),
        [a, _, c] if a == c => {
            return moves.into_iter().find(|m| {
                m.split_once(',').is_some_and(|(first, second)| {
                    first.starts_with(a.as_str()) && second.ends_with(a.as_str())
                })
            })
        }
        [a, _, c] => format!("{a}{c}{plus}"),
        _ => panic!("bad move {usi}"),
    };
    moves.into_iter().find(|m| *m == wanted)
}

fn legal(g: &Game, usi: &str) -> bool {
    find(g, usi).is_some()
}

fn occupied(g: &Game, sq: &str) -> bool {
    dabbaba::with_position!(g, p => {
        let sq = p.tables().geo.parse_square(sq).expect("a square of the board");
        p.piece_on(sq) != EMPTY
    })
}

fn play(sfen: &str, usi: &str) -> Game {
    let mut g = game(sfen);
    let text = find(&g, usi).unwrap_or_else(|| panic!("{usi} is legal in {sfen}"));
    g.play_uci(&[text]).expect("a legal move plays");
    g
}

fn perft(g: &Game, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    for m in g.legal_moves_uci() {
        let mut child = g.clone();
        child.play_uci(&[m]).expect("legal move plays");
        n += perft(&child, depth - 1);
    }
    n
}

const START: &str = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b";

#[test]
fn the_start_position_is_lishogis_and_has_its_move_counts() {
    let g = game(START);
    let set = VariantSet::with_builtins();
    assert_eq!(g.fen(), set.get("chushogi").unwrap().start_fen);
    assert_eq!(perft(&g, 1), 36);
    assert_eq!(perft(&g, 2), 1296);
}

#[test]
fn a_lone_piece_has_its_moves() {
    // lishogi counts 88 for a lion (24 + 64 two-step paths), 41 for a horned falcon and 40
    // for a soaring eagle; as distinct moves: the 24 squares within two steps and the pass;
    // the falcon's 37 line moves, f7, f8 and one pass; the eagle's 32 line moves, the four
    // squares on its forward diagonals and one pass.
    for (sfen, n) in [
        ("12/12/12/12/12/12/5N6/12/12/12/12/12 b", 25),
        ("12/12/12/12/12/12/5+O6/12/12/12/12/12 b", 25),
        ("12/12/12/12/12/12/5+H6/12/12/12/12/12 b", 40),
        ("12/12/12/12/12/12/5+D6/12/12/12/12/12 b", 37),
    ] {
        assert_eq!(perft(&game(sfen), 1), n, "{sfen}");
    }
}

#[test]
fn promotions_follow_chu_rules() {
    let p = "10p1/2I1pP2p1LL/1Rp1PB2LL2/12/7L4/1p10/12/12/11k/12/11K/12 b";
    let g = game(p);
    for (usi, ok) in [
        // A capture inside the zone may promote.
        ("7c8b+", true),
        ("7c8b", true),
        // A plain move inside the zone may not.
        ("7c6b+", false),
        ("7c6b", true),
        // A pawn reaching the last rank may.
        ("7b7a+", true),
        ("7b7a", true),
        // Entering the zone.
        ("5e5c+", true),
        ("5e5c", true),
        // A capture that leaves the zone.
        ("11c11f+", true),
        ("11c11f", true),
    ] {
        assert_eq!(legal(&g, usi), ok, "{usi}");
    }
}

#[test]
fn a_promoted_piece_never_promotes_again() {
    // A promoted pawn moves as a gold, which promotes to a rook; the tokin may not, even
    // when it captures in the zone.
    let g = game("k11/5p6/5+P6/12/12/12/12/12/12/12/12/K11 b");
    assert!(legal(&g, "7c7b"));
    assert!(!legal(&g, "7c7b+"));
    let g = game("k11/5p6/5G6/12/12/12/12/12/12/12/12/K11 b");
    assert!(legal(&g, "7c7b+"));
    // A gold entering the zone may promote; one moving outside it may not. (White's gold on
    // 1a keeps its king from being bare.)
    let g = game("k10g/12/12/12/5G6/12/12/12/12/12/12/K11 b");
    assert!(legal(&g, "7e7d+"));
    assert!(legal(&g, "7e7d"));
    let g = game("k10g/12/12/12/12/5G6/12/12/12/12/12/K11 b");
    assert!(legal(&g, "7f7e"));
    assert!(!legal(&g, "7f7e+"));
}

#[test]
fn lion_moves_match_lishogi() {
    let cases: &[(&str, &[(&str, bool)])] = &[
        (
            "12/12/12/12/12/6+O5/12/12/12/12/12/12 b",
            &[
                ("6f5e", true),
                ("6f7g", true),
                ("6f7d", true),
                ("6f4h", true),
                ("6f6g6f", true),
                ("6f5e6d", true),
                ("6f7g8h", true),
            ],
        ),
        (
            "3l8/11p/10p1/3n5+D2/2i1f7/3N5G2/9+H2/2t2P1i4/2p3+D5/2+H9/12/12 b",
            &[
                ("3g3e", true),
                ("3g3f", false),
                ("6i4g", true),
                ("6i8g", true),
                ("6i7h", false),
                ("6i5h", true),
                ("6i5h6i", true),
                ("6i5h4g", true),
                ("3d2c", true),
                ("3d1b", true),
                ("3d2c1b", true),
                ("3d1b2c", false),
                ("10j10i", true),
                ("10j10h", true),
                ("10j10i10h", true),
                ("10j10h10i", false),
                ("9f10e", true),
                ("9f8e", true),
                ("9f9d", false),
                ("9f10e9d", false),
                ("9f8e9d", true),
                ("9f9e9d", false),
            ],
        ),
        (
            "11l/6l5/5Nn5/11n/9N2/12/1N10/9n2/1n7N2/4r7/4nN6/4r7 b",
            &[
                ("7c6c", true),
                ("7c6b6c", true),
                ("3e1d", false),
                ("3e2e1d", false),
                ("3i3h", true),
                ("3i3h3g", true),
                ("3i2h3h", true),
                ("7k8k", true),
                ("7k8j8k", true),
                ("7k8l8k", true),
                ("7k8k8j", true),
                ("7k8k8l", true),
                ("7k7j8k", true),
                ("11g11i", true),
                ("11g11h11i", true),
            ],
        ),
        (
            "12/12/12/12/7g4/6n5/5N6/12/12/12/12/12 b",
            &[("7g6f", true), ("7g6f5e", true), ("7g6f6e", true)],
        ),
        (
            "12/12/12/12/4B2l4/4S7/5N6/7n4/12/12/12/12 b",
            &[("7g5h", false), ("7g5e", true), ("8e5h", true)],
        ),
        (
            "12/12/12/12/4B2l4/4S7/5N6/7n4/12/12/12/12 w",
            &[("5h7g", false), ("5h5j", true)],
        ),
        (
            "12/12/12/12/3n8/12/5N6/5P6/7b4/12/12/12 b",
            &[("7g9e", false), ("7g5i", true)],
        ),
        (
            "12/12/12/12/3n8/12/5N6/5P6/7b4/12/12/12 w",
            &[("9e7g", false), ("9e10e", true), ("5i7g", true)],
        ),
        (
            "12/12/12/12/3n1H6/3sp7/5N6/5P6/1k5b4/12/12/12 b",
            &[("7g9e", true), ("7g8f9e", false)],
        ),
        (
            "12/12/12/12/12/4N7/4p7/4n7/12/12/12/12 b",
            &[("8f8g", true), ("8f8h", false)],
        ),
        (
            "12/12/12/12/6+o1r3/4gi6/6N5/7s4/8n3/12/12/12 b",
            &[
                ("6g4i", false),
                ("6g5h4i", true),
                ("6g6e", false),
                ("6g7f6e", false),
                ("6g6f6e", false),
                ("6g7f", true),
                ("6g7f8f", true),
            ],
        ),
        (
            "12/12/3l8/12/3b4+o3/6n5/4N7/6R5/7K4/12/12/12 b",
            &[("8g6f", false)],
        ),
    ];
    for (sfen, moves) in cases {
        let g = game(sfen);
        for &(usi, ok) in moves.iter() {
            assert_eq!(legal(&g, usi), ok, "{sfen}: {usi}");
        }
    }
}

#[test]
fn after_a_lion_is_taken_by_another_piece_only_a_lion_or_a_retake_may_take_a_lion() {
    // lishogi's position, with kings (without, our game is over).
    let p = "k11/12/12/12/12/4r7/12/12/5o3n1n/4N6P/12/6B4K w";
    // The rook takes the lion: the bishop may retake the rook, not take the other lion.
    let g = play(p, "8f8j");
    assert!(legal(&g, "6l8j"));
    assert!(!legal(&g, "6l3i"));
    // The kirin takes the lion and promotes to one: it may be retaken, and still no other.
    let g = play(p, "7i8j+");
    assert!(legal(&g, "6l8j"));
    assert!(!legal(&g, "6l3i"));
    let g = play(p, "7i8j");
    assert!(legal(&g, "6l8j"));
    assert!(!legal(&g, "6l3i"));
    // A lion that passes takes nothing: nothing is barred.
    let g = play(p, "3i4i3i");
    assert!(legal(&g, "6l3i"));
    assert!(legal(&g, "1j1i"));
    // Without a capture before, the bishop may take the lion.
    assert!(legal(
        &game("k11/12/12/12/12/4r7/12/12/5o3n1n/4N6P/12/6B4K b"),
        "6l3i"
    ));
}

#[test]
fn a_fen_keeps_the_square_of_a_lion_just_taken() {
    // After the rook takes the lion on 8j (our e3), the FEN names that square where the e.p.
    // square would go, as lishogi's SFEN names it in its third field.
    let after = play("k11/12/12/12/12/4r7/12/12/5o3n1n/4N6P/12/6B4K w", "8f8j");
    let board = "k11/12/12/12/12/12/12/12/5o3n1n/4r6P/12/6B4K";
    assert_eq!(after.fen(), format!("{board} w - e3 0 2"));
    // Read back, that FEN bars the bishop from the other lion and lets it retake the rook;
    // the same board without the square does not.
    let set = VariantSet::with_builtins();
    let v = set.get("chushogi").expect("chushogi is built in");
    let read = Game::new(v, Some(&format!("{board} w - e3 0 2")), false).expect("FEN");
    let mut expected = after.legal_moves_uci();
    let mut found = read.legal_moves_uci();
    expected.sort();
    found.sort();
    assert_eq!(found, expected);
    assert!(legal(&read, "6l8j") && !legal(&read, "6l3i"));
    let fresh = Game::new(v, Some(&format!("{board} w - - 0 2")), false).expect("FEN");
    assert!(legal(&fresh, "6l8j") && legal(&fresh, "6l3i"));
    // The square must hold a piece of the side that has just moved.
    for bad in ["e4", "l1", "z9", "8", "e"] {
        let fen = format!("{board} w - {bad} 0 2");
        let err = Game::new(v, Some(&fen), false).expect_err("a bad lion square");
        assert!(
            err.to_string().contains("lion-trading square"),
            "{fen}: {err}"
        );
    }
}

#[test]
fn the_game_is_lost_with_the_last_royal_piece() {
    // King and crown prince: either may be left attacked, the last one may not.
    let both = game("k11/12/12/12/12/12/12/12/12/12/5r6/1K1+E8 b");
    assert!(
        legal(&both, "11l11k"),
        "the king may step onto the rook's rank"
    );
    // (Black's pawn on 12h keeps its king from being bare.)
    let one = game("k11/12/12/12/12/12/12/P11/12/12/5r6/1K10 b");
    assert!(!legal(&one, "11l11k"));
    assert!(legal(&one, "11l12l"));
    // Promoting the drunk elephant makes a crown prince, a second royal: the king, attacked,
    // is then no longer the last (HaChu played this in a game of session 56 and our referee
    // called it illegal). Without the promotion the king stays the last, attacked.
    let prince = game("k11/12/12/12/5E6/12/12/12/12/12/1r10/1K10 b");
    assert!(legal(&prince, "7e7d+"));
    assert!(!legal(&prince, "7e7d"));
}

/// The game's end here: its value for the side to move and why, if it is over.
fn end(g: &Game) -> Option<(GameValue, EndReason)> {
    dabbaba::with_position!(g, p => p.result().map(|o| (o.value, o.reason)))
}

#[test]
fn a_bare_king_loses_unless_it_can_bare_the_other_king_at_once() {
    let bare = Some((GameValue::Loss, EndReason::BareKing));
    let bares = Some((GameValue::Win, EndReason::BareKing));
    for (sfen, expected, why) in [
        (
            "6k5/12/12/12/12/12/12/12/12/12/12/G5K5 w",
            bare,
            "a lone king against king and gold loses",
        ),
        (
            "6k5/12/12/12/12/12/12/12/12/12/12/G5K5 b",
            bares,
            "with either side to move",
        ),
        (
            "6k5/12/12/12/12/12/12/12/12/12/12/5+EK5 w",
            bare,
            "the crown prince is a piece more",
        ),
        (
            "6k5/12/12/12/12/12/12/12/12/12/12/G5K4p w",
            bare,
            "a pawn stuck on the last rank is no piece",
        ),
        (
            "6k5/12/12/12/12/12/12/12/12/12/11p/G5K5 w",
            None,
            "a pawn that can move is one",
        ),
        (
            "6k5/12/12/12/12/12/3I8/12/12/PPP9/12/6K5 w",
            None,
            "pawns and go-betweens do not bare a king",
        ),
    ] {
        assert_eq!(end(&game(sfen)), expected, "{why}: {sfen}");
    }
    // The bare king may take the last piece: the game goes on, and taking it leaves two bare
    // kings, a draw. Any other move loses.
    let p = "6k5/6G5/12/12/12/12/12/12/12/12/12/6K5 w";
    assert_eq!(end(&game(p)), None);
    let g = play(p, "6a6b");
    assert_eq!(end(&g), Some((GameValue::Draw, EndReason::BareKing)));
    let p = "6k5/5G6/12/12/12/12/12/12/12/12/12/6K5 w";
    assert_eq!(end(&game(p)), None);
    assert_eq!(end(&play(p, "6a5a")), bares);
    // With two pieces besides the king nothing saves the bare king.
    let p = "6k5/6G5/12/12/12/12/12/12/12/12/12/G5K5 w";
    assert_eq!(end(&game(p)), bare);
    // The rule is the same in XBoard's `chu`.
    let set = VariantSet::with_builtins();
    let chu = set.get("chu").expect("chu is built in");
    let g = Game::new(
        chu,
        Some(&fen("6k5/12/12/12/12/12/12/12/12/12/12/G5K5 w")),
        false,
    )
    .expect("position");
    assert_eq!(end(&g), bare);
}

/// The lion shuffle f3f5 g10g8 f5f3 g8g10 from the start: Black repeats the start position.
fn after_shuffle(name: &str) -> Option<(GameValue, EndReason)> {
    let set = VariantSet::with_builtins();
    let mut g = Game::new(set.get(name).expect("built in"), None, false).expect("start");
    let moves: Vec<String> = ["f3f5", "g10g8", "f5f3", "g8g10"]
        .iter()
        .map(|m| m.to_string())
        .collect();
    g.play_uci(&moves).expect("the shuffle is legal");
    end(&g)
}

#[test]
fn xboards_chu_forbids_repeating_and_lishogis_chushogi_does_not() {
    // In `chu` the side that repeats a position loses: White, to move, wins.
    assert_eq!(
        after_shuffle("chu"),
        Some((GameValue::Win, EndReason::Repetition))
    );
    assert_eq!(after_shuffle("chushogi"), None);
}

#[test]
fn in_chu_a_side_in_check_may_repeat_and_the_side_that_checks_must_deviate() {
    // White's rook steps aside and back with check; Black's king steps aside and back out of
    // check, which repeats the first position (White to move). Pawns keep both kings from
    // being bare. The same in Dai Shogi, on its 15x15 board.
    let set = VariantSet::with_builtins();
    for (name, start, top) in [
        (
            "chu",
            "7k4/12/p11/12/12/12/12/12/12/11P/12/K5R5 w - - 0 1",
            12,
        ),
        (
            "dai",
            "7k7/15/p14/15/15/15/15/15/15/15/15/15/14P/15/K5R8 w - - 0 1",
            15,
        ),
    ] {
        let v = set.get(name).expect("built in");
        let play = |g: &mut Game, ms: &[String]| g.play_uci(ms).expect("legal moves");
        let (aside, back) = (format!("h{top}g{top}"), format!("g{top}h{top}"));
        let mut g = Game::new(v, Some(start), false).expect("position");
        play(&mut g, &["g1f1".into(), aside, "f1g1".into()]);
        let checked = dabbaba::with_position!(&g, p => p.in_check_for_mate());
        assert!(checked, "{name}: the rook checks");
        // Black repeats the start position out of check: the game goes on.
        play(&mut g, &[back]);
        assert_eq!(end(&g), None, "{name}: a move out of check may repeat");
        // White may not step aside again (that repeats its own earlier position): it loses,
        // so Black, to move, wins. Any other move goes on.
        let mut again = g.clone();
        play(&mut again, &["g1f1".into()]);
        assert_eq!(
            end(&again),
            Some((GameValue::Win, EndReason::Repetition)),
            "{name}: the side that checks must deviate"
        );
        play(&mut g, &["g1e1".into()]);
        assert_eq!(end(&g), None, "{name}");
    }
    // Without the check the same shuffle loses for the side that repeats (Black).
    let v = set.get("chu").expect("built in");
    let quiet = "7k4/12/p11/12/12/12/12/12/12/11P/12/K4R6 w - - 0 1";
    let mut g = Game::new(v, Some(quiet), false).expect("position");
    g.play_uci(&["f1e1", "h12g12", "e1f1", "g12h12"].map(String::from))
        .expect("legal moves");
    assert_eq!(end(&g), Some((GameValue::Win, EndReason::Repetition)));
}
