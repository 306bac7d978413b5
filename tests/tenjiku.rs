//! Tenjiku Shogi (`[tenjiku]` in variants/chu.ini): perft against a referee written from
//! HaChu's piece table (`scripts/tenjiku_oracle.py`: the start, hand-built positions for
//! every new rule, and positions of random games), and the rules one by one: the fire
//! demon's burns and passive burns, range captures and the ranks that stop them, the `X!`
//! letters, the keys' errors, and make/unmake of all of it. The referee test is skipped with
//! a message when python3 is missing (a failure under `CI=true`).

mod python_chess_common;
mod skip_common;

use dabbaba::board::AnyPosition;
use dabbaba::engine::Engine;
use dabbaba::search::Limits;
use dabbaba::variant::builtin;

#[test]
fn tenjiku_matches_the_hachu_table_referee() {
    python_chess_common::run_client_script("tenjiku_oracle.py", "Tenjiku Shogi referee");
}

fn position(fen: &str) -> AnyPosition {
    let v = builtin("tenjiku").expect("built in");
    AnyPosition::new(v, Some(fen), false).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The position after `m`, as a FEN, checking that the incremental key is the full one.
fn after(fen: &str, m: &str) -> String {
    let mut g = position(fen);
    g.play_uci(&[m.to_string()])
        .unwrap_or_else(|e| panic!("{m}: {e}"));
    dabbaba::with_position!(&g, p => assert_eq!(p.key(), p.compute_key(), "key after {m}"));
    g.fen()
}

/// A fire demon burns every enemy piece next to where it stops, its own side's pieces
/// stay; a piece that stops next to an enemy demon is burnt itself, and so is a demon that
/// stops next to the other demon (it burns nothing then).
#[test]
fn fire_demons_burn_and_are_burnt() {
    // White's demon on f8 goes to f10: the black pawns on e11 and g11 burn, White's gold
    // on e10 stays.
    let fen = "7k8/16/16/16/16/4p1p9/4G11/16/5D!10/16/16/16/16/16/16/7K8 w - - 0 1";
    assert_eq!(
        after(fen, "f8f10"),
        "7k8/16/16/16/16/16/4GD!10/16/16/16/16/16/16/16/16/7K8 b - - 0 1"
    );
    // A black pawn steps next to White's demon and is gone; the demon stays.
    let fen = "7k8/16/16/16/16/16/16/5p10/16/5D!10/16/16/16/16/16/7K8 b - - 0 1";
    assert_eq!(
        after(fen, "f9f8"),
        "7k8/16/16/16/16/16/16/16/16/5D!10/16/16/16/16/16/7K8 w - - 0 2"
    );
    // White's demon stops next to Black's: White's is burnt, Black's is not.
    let fen = "7k8/16/16/16/16/5d!10/16/16/5D!10/16/16/16/16/16/16/7K8 w - - 0 1";
    assert_eq!(
        after(fen, "f8f10"),
        "7k8/16/16/16/16/5d!10/16/16/16/16/16/16/16/16/16/7K8 b - - 0 1"
    );
    // The king may not step next to an enemy demon (it would burn), nor where the demon
    // could come next to it: of its moves only g2f1 is left.
    let fen = "7k8/16/16/16/16/16/16/16/16/16/16/16/16/6P9/5PK1d!7/G15 w - - 0 1";
    let legal = position(fen).legal_moves_uci();
    let king: Vec<&String> = legal.iter().filter(|m| m.starts_with("g2")).collect();
    assert_eq!(king, ["g2f1"], "{legal:?}");
}

/// A great general jumps pieces ranked below it to take one ranked below it; a vice
/// general (ranked below it) stops a rook general, and nothing jumps a king.
#[test]
fn range_captures_jump_lower_ranks_only() {
    // White's great general on d8; on the d-file: its own pawn d10, Black's vice general
    // d12 and pawn d14, Black's king on d16.
    let fen = "3k12/16/3p12/16/3v!12/16/3P12/16/3Q!12/16/16/16/16/16/16/7K8 w - - 0 1";
    let legal = position(fen).legal_moves_uci();
    for (m, expected) in [
        ("d8d12", true),
        ("d8d14", true),
        ("d8d16", false),
        ("d8d10", false),
        ("d8d11", false),
    ] {
        assert_eq!(legal.iter().any(|l| l == m), expected, "{m} in {legal:?}");
    }
    // A rook general (rank 1) cannot jump the vice general (rank 2) nor take it by a jump.
    let fen = "3k12/16/3p12/16/3v!12/16/3P12/16/3R!12/16/16/16/16/16/16/7K8 w - - 0 1";
    let legal = position(fen).legal_moves_uci();
    assert!(
        !legal.iter().any(|m| m == "d8d12" || m == "d8d14"),
        "{legal:?}"
    );
    // Taken by a jump, the vice general is gone and the pawn jumped stays.
    assert_eq!(
        after(
            "3k12/16/3p12/16/3v!12/16/3P12/16/3Q!12/16/16/16/16/16/16/7K8 w - - 0 1",
            "d8d12"
        ),
        "3k12/16/3p12/16/3Q!12/16/3P12/16/16/16/16/16/16/16/16/7K8 b - - 0 1"
    );
}

/// Pieces written with `!` read and write back, promoted ones too (`+C!`, the heavenly
/// tetrarchs); the start has 78 pieces a side.
#[test]
fn marked_letters_read_and_write_back() {
    let v = builtin("tenjiku").expect("built in");
    let start = AnyPosition::new(v, None, false).expect("start");
    assert_eq!(start.fen(), v.start_fen);
    let pieces = v.start_fen.split(' ').next().unwrap_or("");
    let count = |upper: bool| {
        pieces
            .chars()
            .filter(|c| c.is_ascii_alphabetic() && c.is_ascii_uppercase() == upper)
            .count()
    };
    assert_eq!((count(true), count(false)), (78, 78));
    let fen = "7k8/16/16/16/16/16/5+C!10/16/16/3+d'12/16/16/16/16/16/7K8 w - - 0 1";
    assert_eq!(position(fen).fen(), fen);
}

/// Range capturers need ranks, and the royal pieces rank at least as high.
#[test]
fn bad_range_capture_keys_are_refused() {
    for (keys, key, reason) in [
        (
            "rangeCaptureTypes = q\n",
            "rangeCaptureTypes",
            "every range capturer needs a rank",
        ),
        (
            "rangeCaptureTypes = q\nrangeCaptureRanks = k q\n",
            "rangeCaptureRanks",
            "the royal pieces must rank at least as high",
        ),
    ] {
        let mut set = dabbaba::variant::VariantSet::with_builtins();
        let text = format!("[rc:chess]\n{keys}");
        let report = set.load_str("rc.ini", &text).expect_err("refused");
        let text = report.to_string();
        assert!(
            text.contains(&format!("{key}:")) && text.contains(reason),
            "{keys}: {text}"
        );
    }
}

/// Random games from the start, every move made and taken back: the position, its FEN and
/// its key come back exactly (burns and jumps remove pieces unmake must restore).
#[test]
fn burns_and_jumps_are_taken_back() {
    let v = builtin("tenjiku").expect("built in");
    let mut seed = 0x7e4_u64;
    for _ in 0..4 {
        let mut g = AnyPosition::new(v, None, false).expect("start");
        for _ in 0..80 {
            let legal = g.legal_moves_uci();
            if legal.is_empty() {
                break;
            }
            let before = g.fen();
            for m in &legal {
                let mut h = g.clone();
                h.play_uci(std::slice::from_ref(m))
                    .unwrap_or_else(|e| panic!("{m}: {e}"));
                dabbaba::with_position!(&h, p => {
                    assert_eq!(p.key(), p.compute_key(), "{before} {m}");
                });
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let m = &legal[(seed >> 33) as usize % legal.len()];
            dabbaba::with_position!(&mut g, p => {
                let mv = p.parse_uci_move(m).expect("parses");
                let key = p.key();
                p.make_move(mv);
                p.unmake_move(mv);
                assert_eq!(p.key(), key, "{before} {m}");
            });
            assert_eq!(g.fen(), before, "{m}");
            g.play_uci(std::slice::from_ref(m)).expect("legal");
        }
    }
}

/// The engine plays it: a short search from the start gives a legal move.
#[test]
fn the_engine_plays_tenjiku() {
    let mut e = Engine::new();
    e.set_variant("tenjiku").expect("variant");
    e.set_position(None, &[]).expect("start");
    let (best, _) = e.search_sync(&Limits::depth(3));
    let best = best.best.expect("a move");
    let v = builtin("tenjiku").expect("built in");
    let start = AnyPosition::new(v, None, false).expect("start");
    assert!(start.legal_moves_uci().contains(&best), "{best}");
}
