//! Progress bars on standard error, shown only when standard error is a terminal (never in
//! pipes, logs or tests) and not with `-q`.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};

static QUIET: AtomicBool = AtomicBool::new(false);

/// Turns progress bars off (`-q`).
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::Relaxed);
}

fn wanted() -> bool {
    !QUIET.load(Ordering::Relaxed) && std::io::stderr().is_terminal()
}

/// A bar for `len` steps (hidden when standard error is not a terminal).
pub fn bar(len: u64, what: &str) -> ProgressBar {
    if !wanted() {
        return ProgressBar::hidden();
    }
    let style = ProgressStyle::with_template(
        "{prefix} [{elapsed_precise}] {wide_bar} {pos}/{len} (eta {eta}) {msg}",
    )
    .unwrap_or_else(|_| ProgressStyle::default_bar());
    let pb = ProgressBar::new(len)
        .with_style(style)
        .with_prefix(what.to_string());
    pb.enable_steady_tick(Duration::from_millis(200));
    // Draw at once: the steady tick's first frame comes only after its interval, and a short
    // run would otherwise finish without the terminal ever showing what it was doing.
    pb.tick();
    pb
}

/// A spinner with the elapsed time for work of unknown length (hidden when standard error
/// is not a terminal).
pub fn spinner(what: &str) -> ProgressBar {
    if !wanted() {
        return ProgressBar::hidden();
    }
    let style = ProgressStyle::with_template("{spinner} {prefix} [{elapsed_precise}] {msg}")
        .unwrap_or_else(|_| ProgressStyle::default_spinner());
    let pb = ProgressBar::new_spinner()
        .with_style(style)
        .with_prefix(what.to_string());
    pb.enable_steady_tick(Duration::from_millis(120));
    pb.tick();
    pb
}
