//! `ironPieceTypes` and `selfCaptureTypes` against a reference built from python-chess's chess
//! moves (`scripts/capture_rules_oracle.py`): perft below every root move of eight positions
//! (en passant, promotions, check) in four chess variants with iron or self-capturing pieces.
//! Skipped with a message when python3 or python-chess is missing (a failure under `CI=true`).

mod python_chess_common;
mod skip_common;

#[test]
fn iron_and_self_capturing_pieces_match_the_python_chess_reference() {
    python_chess_common::run_client_script("capture_rules_oracle.py", "capture-rule");
}
