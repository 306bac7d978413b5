//! Machine-readable output for the `--json` modes: one JSON object per line (NDJSON) on
//! standard output, flushed at once so a script reading a pipe sees each line as it is made.
//! Errors in `--json` mode are also written as `{"type": "error", "error": "..."}` before the
//! command fails with exit code 1 and its one-line message on standard error.

use std::io::Write;
use std::process::ExitCode;

use serde::Serialize;
use serde_json::json;

/// Writes formatted text on standard output without the panic of `print!` when the reader has
/// gone (`dabbaba variants | head`): a closed pipe ends the process quietly with status 0, as
/// for any Unix filter whose reader stops early, and any other write error with status 1.
/// The text is flushed at once so a script reading a pipe sees each line as it is made.
pub fn write_stdout(args: std::fmt::Arguments<'_>) {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if let Err(e) = out.write_fmt(args).and_then(|()| out.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: writing to standard output: {e}");
        std::process::exit(1);
    }
}

/// `println!` for the command line's output, through [`write_stdout`].
macro_rules! say {
    () => {
        $crate::cli::output::write_stdout(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::cli::output::write_stdout(format_args!("{}\n", format_args!($($arg)*)))
    };
}
pub(crate) use say;

/// Writes `value` as one line of JSON on standard output and flushes.
pub fn json_line(value: &impl Serialize) -> anyhow::Result<()> {
    let text = serde_json::to_string(value)?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    writeln!(out, "{text}")?;
    out.flush()?;
    Ok(())
}

/// The one-line text of an error (causes joined with `: `, line breaks as `; `).
pub fn error_text(err: &anyhow::Error) -> String {
    format!("{err:#}")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("; ")
}

/// Runs a command; in `--json` mode an error is also reported as a JSON object on stdout.
pub fn with_json_errors(
    json: bool,
    f: impl FnOnce() -> anyhow::Result<ExitCode>,
) -> anyhow::Result<ExitCode> {
    let r = f();
    if let (true, Err(e)) = (json, &r) {
        // A closed stdout must not hide the original error.
        let _ = json_line(&json!({ "type": "error", "error": error_text(e) }));
    }
    r
}
