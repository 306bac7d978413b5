//! python-chess's XBoard client (`chess.engine.SimpleEngine.popen_xboard`) drives the binary:
//! analysis (to a depth, and a mate score), moves to a depth, under a clock, in fixed time and
//! by nodes, every move checked by python-chess against its own board. Skipped with a message
//! when python3 or python-chess is missing.

use std::process::Command;

#[test]
fn python_chess_xboard_client_analyses_and_plays() {
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scripts/xboard_python_chess.py"
    );
    let out = match Command::new("python3")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_dabbaba"))
        .output()
    {
        Ok(o) => o,
        Err(e) => {
            eprintln!("python3 not available ({e}): python-chess XBoard test skipped");
            return;
        }
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    match out.status.code() {
        Some(0) => eprintln!("{stdout}"),
        Some(77) => eprintln!("python-chess XBoard test skipped: {stdout}"),
        _ => panic!("python-chess XBoard client failed:\n{stdout}\n{stderr}"),
    }
}
