//! python-chess's UCI client (`chess.engine.SimpleEngine.popen_uci`) drives the binary:
//! analysis with MultiPV, a mate score, and a game under a clock with pondering. Skipped with
//! a message when python3 or python-chess is missing.

mod python_chess_common;
mod skip_common;

#[test]
fn python_chess_client_analyses_and_plays() {
    python_chess_common::run_client_script("uci_python_chess.py", "UCI");
}
