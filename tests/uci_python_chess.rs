//! python-chess's UCI client (`chess.engine.SimpleEngine.popen_uci`) drives the binary:
//! analysis with MultiPV, a mate score, and a game under a clock with pondering. Skipped with
//! a message when python3 or python-chess is missing.

use std::process::Command;

#[test]
fn python_chess_client_analyses_and_plays() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/uci_python_chess.py");
    let out = match Command::new("python3")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_dabbaba"))
        .output()
    {
        Ok(o) => o,
        Err(e) => {
            eprintln!("python3 not available ({e}): python-chess UCI test skipped");
            return;
        }
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    match out.status.code() {
        Some(0) => eprintln!("{stdout}"),
        Some(77) => eprintln!("python-chess UCI test skipped: {stdout}"),
        _ => panic!("python-chess client failed:\n{stdout}\n{stderr}"),
    }
}
