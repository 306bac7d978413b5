//! Logging through `tracing`: to standard error, or to a file with `--log`. Never to stdout,
//! which belongs to the protocols.

use std::fs::File;
use std::path::Path;
use std::sync::Mutex;

use anyhow::Context;
use tracing_subscriber::EnvFilter;

/// Installs the global subscriber. `RUST_LOG` overrides the level chosen by `-v`/`-q`.
///
/// With `--log FILE` the file also gets every protocol line in and out (`<<` / `>>`, target
/// `protocol`, level debug) with a timestamp, unless `-q` or `RUST_LOG` says otherwise: that
/// file is what a bug report needs. On standard error they appear only with `-vv` (or
/// `RUST_LOG=protocol=debug`), since GUIs often show an engine's standard error.
pub fn init(log_file: Option<&Path>, verbose: u8, quiet: bool) -> anyhow::Result<()> {
    let default_level = match (quiet, verbose) {
        (true, _) => "error",
        (false, 0) => "warn",
        (false, 1) => "info",
        (false, 2) => "debug",
        (false, _) => "trace",
    };
    let default_filter = match (log_file.is_some(), quiet, verbose) {
        (true, false, 0..=1) => "info,protocol=debug".to_string(),
        _ => default_level.to_string(),
    };
    let filter =
        EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(default_filter));
    let builder = tracing_subscriber::fmt().with_env_filter(filter);
    // `try_init` fails only when a subscriber is already installed; the first one stays.
    let _already_installed = match log_file {
        Some(path) => {
            let file = File::create(path)
                .with_context(|| format!("cannot create log file {}", path.display()))?;
            builder
                .with_ansi(false)
                .with_writer(Mutex::new(file))
                .try_init()
        }
        None => builder.with_writer(std::io::stderr).try_init(),
    };
    Ok(())
}
