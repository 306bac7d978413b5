//! Runs one of the python-chess client scripts in `scripts/` against the binary under test.
//! The script exits 0 when every check passed and 77 when python-chess is missing; without
//! python3 the test passes with a message (both fail under `CI=true`, see `skip_common`).

use std::process::Command;

/// Runs `scripts/SCRIPT` with the binary's path; `protocol` names the client in messages.
pub fn run_client_script(script: &str, protocol: &str) {
    let path = format!("{}/scripts/{script}", env!("CARGO_MANIFEST_DIR"));
    let out = match Command::new("python3")
        .arg(&path)
        .arg(env!("CARGO_BIN_EXE_dabbaba"))
        .output()
    {
        Ok(o) => o,
        Err(e) => {
            crate::skip_common::cannot_run(&format!(
                "python3 not available ({e}): python-chess {protocol} test"
            ));
            return;
        }
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    match out.status.code() {
        Some(0) => eprintln!("{stdout}"),
        Some(77) => {
            crate::skip_common::cannot_run(&format!("python-chess {protocol} test: {stdout}"))
        }
        _ => panic!("python-chess {protocol} client failed:\n{stdout}\n{stderr}"),
    }
}
