//! Property tests (proptest) over random games in every built-in variant: make/unmake
//! restores the position, its key and its hands; the incremental key equals one computed from
//! scratch; every position's FEN reads back to the same position and key.
//!
//! proptest chooses the variant, a seed for the moves and the game's length, and shrinks a
//! failure to the shortest game that shows it.

use dabbaba::board::bitboard::Bitboard;
use dabbaba::board::position::Position;
use dabbaba::board::{AnyPosition, Move, MoveList};
use dabbaba::variant::{builtin, builtin_names};
use dabbaba::with_position;
use proptest::prelude::*;
use std::sync::OnceLock;

/// The start position of every built-in variant the board layer plays.
fn starts() -> &'static [(&'static str, AnyPosition)] {
    static STARTS: OnceLock<Vec<(&'static str, AnyPosition)>> = OnceLock::new();
    STARTS.get_or_init(|| {
        builtin_names()
            .into_iter()
            .filter_map(|name| {
                let v = builtin(name)?;
                AnyPosition::new(v, None, false).ok().map(|p| (name, p))
            })
            .collect()
    })
}

/// A small generator for the move choices (proptest supplies its seed).
fn next(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

fn check_fen<B: Bitboard>(p: &Position<B>, name: &str) -> Result<(), TestCaseError> {
    prop_assert_eq!(
        p.key(),
        p.compute_key(),
        "{}: incremental key at {}",
        name,
        p.fen()
    );
    let fen = p.fen();
    let again = Position::from_fen(p.tables().clone(), &fen, p.is_chess960())
        .map_err(|e| TestCaseError::fail(format!("{name}: own FEN {fen} unreadable: {e}")))?;
    prop_assert_eq!(again.fen(), fen.clone(), "{}: FEN round trip", name);
    prop_assert_eq!(again.key(), p.key(), "{}: key of {} read back", name, fen);
    Ok(())
}

fn random_game<B: Bitboard>(
    start: &Position<B>,
    name: &str,
    mut seed: u64,
    plies: usize,
) -> Result<usize, TestCaseError> {
    let mut p = start.clone();
    let mut played: Vec<(Move, String, u64)> = Vec::new();
    let mut list = MoveList::new();
    check_fen(&p, name)?;
    for _ in 0..plies {
        if p.is_immediate_game_end() {
            break;
        }
        p.legal_moves(&mut list);
        if list.is_empty() {
            break;
        }
        let m = list.as_slice()[(next(&mut seed) % list.len() as u64) as usize];
        played.push((m, p.fen(), p.key()));
        p.make_move(m);
        check_fen(&p, name)?;
    }
    let n = played.len();
    while let Some((m, fen, key)) = played.pop() {
        let text = {
            p.unmake_move(m);
            p.move_to_uci(m)
        };
        prop_assert_eq!(p.fen(), fen, "{}: unmake of {}", name, text);
        prop_assert_eq!(p.key(), key, "{}: key after unmake of {}", name, text);
    }
    prop_assert_eq!(p.fen(), start.fen());
    Ok(n)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn random_games_unmake_and_read_back(which in any::<prop::sample::Index>(),
                                         seed in 1u64..,
                                         plies in 0usize..120) {
        let (name, start) = which.get(starts());
        with_position!(start, p => { random_game(p, name, seed, plies)?; });
    }
}

/// Every built-in variant is in the sample: the table above is not silently small.
#[test]
fn the_sample_covers_the_built_in_variants() {
    assert!(starts().len() >= 100, "{} variants", starts().len());
}

/// Found by the property above: in S-chess a side whose hand is empty has lost its gates in
/// play, and its FEN read back must not give them back (the same position, another key).
#[test]
fn seirawan_gates_lapse_the_same_way_in_play_and_in_a_fen() {
    let v = builtin("seirawan").expect("seirawan");
    let mut g = AnyPosition::new(v, None, false).expect("start");
    let moves = "h2h3 c7c6 c2c4 g8h6h b2b3 b7b6 d2d4 c8b7e";
    g.play_uci(&moves.split(' ').map(String::from).collect::<Vec<_>>())
        .expect("moves");
    let fen = g.fen();
    // pyffish 0.0.90 gives this FEN for the same moves.
    assert_eq!(
        fen,
        "rneqkbhr/pb1ppppp/1pp4n/8/2PP4/1P5P/P3PPP1/RNBQKBNR[EH] w KQBCDFGkq - 1 5"
    );
    let read = AnyPosition::new(v, Some(&fen), false).expect("FEN");
    let key = |g: &AnyPosition| with_position!(g, p => p.key());
    assert_eq!(key(&read), key(&g));
}

/// Found by the `fen` fuzz target: a castling letter whose rook stands on the other side of
/// the king (the scan for a `K` rook runs from the edge past the king when none stands on the
/// king's side) read as a right of the other letter, printed as that letter, and read back as
/// yet another rook. Now such a letter names no right, a rook the letter would not find is
/// printed by its file, and the printed FEN reads back to itself.
#[test]
fn castling_rights_print_as_letters_that_read_back_the_same_rights() {
    let v = builtin("shako").expect("shako");
    let board =
        "1c2bn2e1/er1q1kb3/1ppppp1pr1/1n4p1p1/p8p/PPP1P1c3/2E3N3/3PNPP1PP/R2KB1qEQR/1CBC6 w";
    for (field, printed) in [("AAq", "Aq"), ("Kq", "q"), ("Q", "-"), ("Aq", "Aq")] {
        let g = AnyPosition::new(v, Some(&format!("{board} {field} - 4 16")), false).expect("FEN");
        let fen = g.fen();
        assert_eq!(fen, format!("{board} {printed} - 4 16"), "{field}");
        let again = AnyPosition::new(v, Some(&fen), false).expect("printed FEN");
        assert_eq!(again.fen(), fen, "{field}");
    }
    // Chess is unchanged: the usual letters print as themselves.
    let chess = builtin("chess").expect("chess");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let g = AnyPosition::new(chess, Some(start), false).expect("start");
    assert_eq!(g.fen(), start);
}
