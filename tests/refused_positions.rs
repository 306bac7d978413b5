//! A position the engine cannot set is never replaced by another: after a bad FEN (or a
//! malformed `position` line) the next `go` searches nothing and answers with the reason and
//! the protocol's "no move" (UCI `bestmove 0000`, USI `bestmove resign`, UCCI `bestmove
//! nomove`, CECP an `Error` line and no move), until a good position is sent. Error lines name
//! moves and positions in the protocol's own notation (USI squares and SFEN, UCCI ranks 0-9).

mod pipe_common;

use pipe_common::Session;

/// `bad` sets no position; `go` answers `refusal` after an `info string` with the reason;
/// then `good` sets one and `go` plays a move again.
fn refuses_until_a_good_position(first: &str, ok: &str, bad: &str, good: &str, refusal: &str) {
    let mut s = Session::start(first);
    s.line(ok);
    s.send(good);
    s.send(bad);
    let error = s.line("info string");
    assert!(error.contains("no position is set"), "{error}");
    s.send("go depth 3");
    let lines = s.until("bestmove");
    assert_eq!(lines.last().map(String::as_str), Some(refusal), "{lines:?}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string no position to search")),
        "{lines:?}"
    );
    assert!(
        !lines.iter().any(|l| l.contains(" pv ")),
        "searched: {lines:?}"
    );
    s.send(good);
    s.send("go depth 3");
    let best = s.line("bestmove");
    assert_ne!(best, refusal, "a good position is searched again");
}

#[test]
fn uci_bad_fen_then_go_is_refused() {
    refuses_until_a_good_position(
        "uci",
        "uciok",
        "position fen rnbqkbnr/pppppppp/8/8 w KQkq - 0 1",
        "position startpos moves e2e4",
        "bestmove 0000",
    );
}

#[test]
fn uci_go_infinite_without_a_position_waits_for_stop() {
    let mut s = Session::start("uci");
    s.line("uciok");
    s.send("position fen 8/8/8 w - - 0 1");
    s.line("info string error");
    s.send("go infinite");
    s.send("isready");
    let lines = s.until("readyok");
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "{lines:?}"
    );
    s.send("stop");
    assert_eq!(s.line("bestmove"), "bestmove 0000");
    s.send("go perft 2");
    assert!(s
        .line("info string")
        .starts_with("info string no position to count"));
    s.send("d");
    assert!(s.line("info string").contains("no position: bad FEN"));
}

#[test]
fn uci_malformed_position_line_then_go_is_refused() {
    for bad in ["position", "position fen", "position sideways"] {
        refuses_until_a_good_position("uci", "uciok", bad, "position startpos", "bestmove 0000");
    }
}

#[test]
fn usi_bad_sfen_then_go_is_refused() {
    refuses_until_a_good_position(
        "usi",
        "usiok",
        "position sfen lnsgkgsnl/9/9 b - 1",
        "position startpos moves 7g7f",
        "bestmove resign",
    );
}

#[test]
fn ucci_bad_fen_then_go_is_refused() {
    refuses_until_a_good_position(
        "ucci",
        "ucciok",
        "position fen rnbakabnr/9/9 w - - 0 1",
        "position startpos moves h2e2",
        "bestmove nomove",
    );
}

#[test]
fn cecp_bad_setboard_then_go_is_refused() {
    let mut s = Session::start("xboard");
    s.send("protover 2");
    s.line("feature done=1");
    s.send("new");
    s.send("force");
    s.send("setboard rnbqkbnr/pppppppp/8/8 w KQkq - 0 1");
    let error = s.line("tellusererror");
    assert_eq!(error, "tellusererror Illegal position");
    s.send("usermove e2e4");
    assert_eq!(s.line("Illegal move"), "Illegal move (no position): e2e4");
    s.send("go");
    let answer = s.line("Error");
    assert!(
        answer.starts_with("Error (no position: bad FEN"),
        "{answer}"
    );
    assert!(answer.ends_with("): go"), "{answer}");
    // No move follows: the next line is the answer to the ping.
    s.send("ping 7");
    assert_eq!(s.until("pong"), ["pong 7"]);
    // Analysis says it once, then waits for a position without a word per command.
    s.send("analyze");
    let answer = s.line("Error");
    assert!(answer.ends_with("): analyze"), "{answer}");
    s.send(".");
    s.send("ping 8");
    assert_eq!(s.until("pong"), ["pong 8"]);
    s.send("exit");
    s.send("undo");
    assert_eq!(s.line("Error"), "Error (cannot undo): undo");
    s.send("setboard rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    s.send("go");
    let mv = s.line("move ");
    assert!(mv.len() > 5, "{mv}");
}

#[test]
fn usi_error_lines_use_usi_moves_and_sfen() {
    let mut s = Session::start("usi");
    s.line("usiok");
    // 7g7f 3c3d 7f7e, then a move of the side not to move: shown as sent, in the position
    // as SFEN.
    s.send("position startpos moves 7g7f 3c3d 7f7e 9i9h");
    let error = s.line("info string");
    assert_eq!(
        error,
        "info string error: illegal move '9i9h' in position \
         lnsgkgsnl/1r5b1/pppppp1pp/6p2/2P6/9/PP1PPPPPP/1B5R1/LNSGKGSNL w - 4; \
         it and the moves after it are ignored"
    );
    // A drop from a hand, in a position with pieces in hand on both sides.
    s.send(
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 2Pr 1 \
         moves P*5a",
    );
    let error = s.line("info string");
    assert_eq!(
        error,
        "info string error: illegal move 'P*5a' in position \
         lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 2Pr 1; \
         it and the moves after it are ignored"
    );
}

#[test]
fn ucci_error_lines_use_ucci_ranks() {
    let mut s = Session::start("ucci");
    s.line("ucciok");
    // h9g9 (rank 9 is UCCI's last, our 10th) is not a legal move for Black here.
    s.send("position startpos moves h2e2 h9g9");
    let error = s.line("info string");
    assert!(
        error.starts_with("info string error: illegal move 'h9g9' in position rnbakabnr/"),
        "{error}"
    );
}
