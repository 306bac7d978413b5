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

/// How long a session waits for a line: a guard against a hung engine, not a timing
/// assertion.
#[allow(dead_code)] // not every test file holds a session
pub const HANG: std::time::Duration = std::time::Duration::from_secs(60);

/// A protocol session with the binary over pipes (`-q`), killed when dropped.
#[allow(dead_code)] // not every test file holds a session
pub struct Session {
    pipes: Pipes,
}

#[allow(dead_code)] // not every test file uses every call
impl Session {
    /// Starts the binary and sends `first` (the line that picks the protocol).
    pub fn start(first: &str) -> Session {
        let mut s = Session {
            pipes: start(&["-q"]),
        };
        s.send(first);
        s
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        use std::io::Write;
        writeln!(self.pipes.stdin, "{line}").expect("write");
        self.pipes.stdin.flush().expect("flush");
    }

    /// The lines up to and including the first that starts with `prefix`.
    pub fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut got = Vec::new();
        loop {
            let l = self
                .pipes
                .rx
                .recv_timeout(HANG)
                .unwrap_or_else(|_| panic!("no '{prefix}'; got {got:?}"));
            let done = l.starts_with(prefix);
            got.push(l);
            if done {
                return got;
            }
        }
    }

    /// The line that starts with `prefix`, after the ones before it.
    pub fn line(&mut self, prefix: &str) -> String {
        self.until(prefix).pop().expect("a line")
    }

    /// Whether the engine has exited.
    pub fn has_exited(&mut self) -> bool {
        self.pipes.child.try_wait().expect("wait").is_some()
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.pipes.child.kill();
        let _ = self.pipes.child.wait();
    }
}
