//! The `dabbaba` binary for the tests: run to the end (`run`), or behind pipes for the
//! protocol session tests, started plainly or under an address-space limit, with its output
//! lines arriving on a channel (read as bytes and decoded leniently, so a test sees whatever
//! the engine writes).

use std::io::{BufRead, BufReader};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};

/// A started engine: the process, its standard input, and its output lines.
#[allow(dead_code)] // unused where a test file only runs the binary to the end
pub struct Pipes {
    pub child: Child,
    pub stdin: ChildStdin,
    pub rx: Receiver<String>,
}

/// Runs the binary under test with `args` to the end: exit code (-1 when killed by a signal),
/// standard output and standard error.
#[allow(dead_code)] // not every test file runs it this way
pub fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_dabbaba"))
        .args(args)
        .output()
        .expect("run dabbaba");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

/// The binary under test with `args`.
#[allow(dead_code)] // not every test file starts it this way
pub fn start(args: &[&str]) -> Pipes {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_dabbaba"));
    cmd.args(args);
    spawn(cmd)
}

/// The binary under test with `args` and its address space limited to `kb` kilobytes
/// (`ulimit -v`), so that a large allocation fails the same way on every machine.
#[allow(dead_code)] // not every test file starts it this way
pub fn start_limited(kb: u64, args: &[&str]) -> Pipes {
    let mut cmd = Command::new("sh");
    cmd.args([
        "-c",
        &format!("ulimit -v {kb} && exec \"$0\" \"$@\""),
        env!("CARGO_BIN_EXE_dabbaba"),
    ]);
    cmd.args(args);
    spawn(cmd)
}

fn spawn(mut cmd: Command) -> Pipes {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start dabbaba");
    let stdin = child.stdin.take().expect("stdin");
    let stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        let mut r = BufReader::new(stdout);
        let mut buf = Vec::new();
        while matches!(r.read_until(b'\n', &mut buf), Ok(n) if n > 0) {
            let line = String::from_utf8_lossy(&buf).trim_end().to_string();
            if tx.send(line).is_err() {
                break;
            }
            buf.clear();
        }
    });
    Pipes { child, stdin, rx }
}
