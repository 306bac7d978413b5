//! Turns of several moves (`movesPerTurn`, `progressiveTurns`, `checkEndsTurn`):
//! Marseillais, balanced Marseillais, progressive and monster chess against a referee built on
//! python-chess's chess moves (`scripts/multimove_oracle.py`: perft below every root move of
//! eighteen positions, some in the middle of a turn, some after a check that ended one), the
//! FEN of a position in the middle of a turn, and a search that plays the rest of its turn.
//! The referee test is skipped with a message when python3 or python-chess is missing (a
//! failure under `CI=true`).

mod python_chess_common;
mod skip_common;

use dabbaba::board::AnyPosition;
use dabbaba::engine::Engine;
use dabbaba::search::Limits;
use dabbaba::variant::builtin;

#[test]
fn multi_move_turns_match_the_python_chess_referee() {
    python_chess_common::run_client_script("multimove_oracle.py", "multi-move turn");
}

/// After one of Marseillais' two moves White is still to move, the FEN says how many moves
/// of the turn are made (`~1`), and it reads back to the same position and key.
#[test]
fn a_fen_in_the_middle_of_a_turn_reads_back() {
    let v = builtin("marseillais").expect("built in");
    let mut g = AnyPosition::new(v, None, false).expect("start");
    g.play_uci(&["e2e4".to_string()]).expect("legal");
    let fen = g.fen();
    assert_eq!(
        fen,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1 ~1"
    );
    let back = AnyPosition::new(v, Some(&fen), false).expect("reads");
    assert_eq!(back.fen(), fen);
    dabbaba::with_position!(&g, p => {
        let key = p.key();
        dabbaba::with_position!(&back, q => assert_eq!(q.key(), key));
        // The same board with the turn's second move still to come is another position.
        let fresh = AnyPosition::new(
            v,
            Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1"),
            false,
        )
        .expect("reads");
        dabbaba::with_position!(&fresh, q => assert_ne!(q.key(), key));
    });
    // A turn has no third move.
    assert!(AnyPosition::new(v, Some("8/8/8/8/8/8/8/K6k w - - 0 1 ~2"), false).is_err());
}

/// White mates in one turn of two moves (Qf3, then Qxf7): the search finds it, and its line
/// is the two moves of the same side; there is no move to ponder on (no reply of the
/// opponent's comes next).
#[test]
fn the_search_plays_both_moves_of_a_turn() {
    let mut e = Engine::new();
    e.set_variant("marseillais").expect("variant");
    e.set_position(
        Some("rnbqkbnr/pppp1ppp/8/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 0 3"),
        &[],
    )
    .expect("position");
    let (best, out) = e.search_sync(&Limits::depth(4));
    assert_eq!(best.best.as_deref(), Some("d1f3"));
    assert_eq!(best.ponder, None);
    let line: Vec<String> = out.lines[0]
        .pv
        .iter()
        .take(2)
        .map(|&m| format!("{m:?}"))
        .collect();
    assert_eq!(line.len(), 2, "the PV has the turn's second move");
    assert!(out.score >= dabbaba::search::MATE_BOUND, "{}", out.score);
    // Black, to move in a normal position, is not mated in one move of its own.
    e.set_position(None, &["e2e4".to_string(), "e4e5".to_string()])
        .expect("position");
    let (best, _) = e.search_sync(&Limits::depth(3));
    assert!(best.best.is_some());
}

/// In monster chess a position can come back after an odd number of plies (White's turns have
/// two moves, Black's one): three times round a nine-ply cycle is a draw by repetition.
#[test]
fn a_repetition_over_an_odd_number_of_plies_is_found() {
    let mut e = Engine::new();
    e.set_variant("monster").expect("variant");
    let cycle = [
        "e1e2", "e2e1", "e8e7", "e1e2", "e2e1", "e7d7", "e1e2", "e2e1", "d7e8",
    ];
    let moves: Vec<String> = cycle
        .iter()
        .chain(cycle.iter())
        .map(|m| m.to_string())
        .collect();
    let fen = "4k3/p7/8/8/8/8/P7/4K3 w - - 0 1";
    e.set_position(Some(fen), &moves[..9]).expect("legal");
    assert!(e.game_over().is_none(), "twice is not yet a draw");
    e.set_position(Some(fen), &moves).expect("legal");
    let over = e.game_over().expect("the third time ends the game");
    assert_eq!(
        over.result,
        dabbaba::engine::game::GameResult::Draw,
        "{over:?}"
    );
    assert!(over.reason.contains("repetition"), "{over:?}");
}

/// A turn that could go on after a check is refused with its reason: the checking side would
/// take the king on its next move.
#[test]
fn turns_of_several_moves_with_a_king_need_a_check_to_end_the_turn() {
    let mut set = dabbaba::variant::VariantSet::with_builtins();
    let report = set
        .load_str("mm.ini", "[mm:chess]\nmovesPerTurn = 2\n")
        .expect_err("refused");
    let text = report.to_string();
    assert!(
        text.contains("mm.ini:1: checkEndsTurn: turns of several moves with a king need"),
        "{text}"
    );
    assert!(set.get("mm").is_none());
}
