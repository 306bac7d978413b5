//! python-chess's XBoard client (`chess.engine.SimpleEngine.popen_xboard`) drives the binary:
//! analysis (to a depth, and a mate score), moves to a depth, under a clock, in fixed time and
//! by nodes, every move checked by python-chess against its own board. Skipped with a message
//! when python3 or python-chess is missing.

mod python_chess_common;
mod skip_common;

#[test]
fn python_chess_xboard_client_analyses_and_plays() {
    python_chess_common::run_client_script("xboard_python_chess.py", "XBoard");
}
