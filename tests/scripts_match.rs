//! Runs the match runner's Python tests (`scripts/tests`) so that `cargo test` covers them.
//!
//! The statistics tests need only `python3`; the smoke tests skip themselves when pyffish is
//! missing (and fail under `CI=true`). The Dabbaba-against-Dabbaba smoke games (a drop variant and
//! a 10-rank variant) get the binary this `cargo test` built through `DABBABA_BIN`.
//! Without `python3` this test passes with a message, and fails under `CI=true`; the Python
//! tests fail instead of skipping under `CI=true` too.

mod skip_common;

use std::path::Path;
use std::process::Command;

#[test]
fn match_runner_python_tests() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let probe = Command::new("python3").arg("--version").output();
    if !matches!(probe, Ok(ref o) if o.status.success()) {
        skip_common::cannot_run("python3 not found: the match-runner tests in scripts/tests");
        return;
    }
    let out = Command::new("python3")
        .args(["-m", "unittest", "discover", "-s", "scripts/tests"])
        .current_dir(root)
        .env("DABBABA_BIN", env!("CARGO_BIN_EXE_dabbaba"))
        .output()
        .expect("python3 runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    eprintln!("{stderr}");
    assert!(
        out.status.success(),
        "python3 -m unittest discover -s scripts/tests failed:\n{}\n{stderr}",
        String::from_utf8_lossy(&out.stdout)
    );
}
