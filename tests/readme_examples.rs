//! The README's "From a script" examples: each file in `scripts/examples/` must appear verbatim
//! (indented) in the README, and each is run against the built binary. Python examples are
//! skipped, with a message, when `python3` or python-chess is missing; the shell one-liner when
//! `jq` is.

mod skip_common;

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn examples() -> PathBuf {
    root().join("scripts/examples")
}

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_dabbaba")
}

fn has(cmd: &str, args: &[&str]) -> bool {
    Command::new(cmd)
        .args(args)
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false)
}

fn run_example(cmd: &str, file: &str) -> String {
    let bin_dir = Path::new(bin()).parent().expect("binary directory");
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new(cmd)
        .arg(file)
        .current_dir(examples())
        .env("DABBABA", bin())
        .env("PATH", path)
        .output()
        .expect("run example");
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "{file} failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

#[test]
fn readme_holds_the_examples_verbatim() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README");
    for f in ["analyse_json.py", "analyse_uci.py", "analyse_oneliner.sh"] {
        let text = std::fs::read_to_string(examples().join(f)).expect("example");
        let indented: Vec<String> = text
            .trim_end()
            .lines()
            .map(|l| {
                if l.is_empty() {
                    String::new()
                } else {
                    format!("    {l}")
                }
            })
            .collect();
        assert!(
            readme.contains(&indented.join("\n")),
            "README.md does not hold scripts/examples/{f} as it is"
        );
    }
}

#[test]
fn python_subprocess_example_runs() {
    if !has("python3", &["--version"]) {
        skip_common::cannot_run("python3 not found");
        return;
    }
    let out = run_example("python3", "analyse_json.py");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(lines[2].contains("'reason': 'checkmate'"), "{out}");
    assert!(lines[3].starts_with("error: illegal move 'e2e5'"), "{out}");
}

#[test]
fn python_chess_example_runs() {
    if !has("python3", &["-c", "import chess.engine"]) {
        skip_common::cannot_run("python-chess not installed (pip install chess)");
        return;
    }
    let out = run_example("python3", "analyse_uci.py");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[0].starts_with("1 "), "{out}");
    assert!(lines[1].starts_with("2 "), "{out}");
}

#[test]
fn shell_one_liner_runs() {
    if !has("jq", &["--version"]) || !has("bash", &["--version"]) {
        skip_common::cannot_run("jq or bash not found (apt-get install jq)");
        return;
    }
    let out = run_example("bash", "analyse_oneliner.sh");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[1].starts_with("2 Qxf7# {\"mate\":1}"), "{out}");
    assert!(lines[2].starts_with("3 Ra8# {\"mate\":1}"), "{out}");
}
