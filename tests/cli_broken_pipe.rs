//! A reader that stops early (`dabbaba analyse ... | head -1`) must not make the binary panic:
//! output goes through `cli::output::write_stdout`, which ends quietly on a closed pipe.

use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};

#[test]
fn closed_stdout_ends_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dabbaba"))
        .args(["analyse", "--variant", "chess", "--depth", "14"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dabbaba starts");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut first)
        .expect("first line");
    assert!(first.starts_with("depth  1"), "{first}");
    // The reader (and with it the pipe) is gone; later depths are written into a closed pipe.
    let status = child.wait().expect("dabbaba exits");
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut stderr)
        .expect("stderr");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(status.success(), "{status:?}: {stderr}");
}
