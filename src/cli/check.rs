//! `dabbaba check FILE...`: validate variant files.
//!
//! Files are read in order on top of the built-ins (and `--variants` files), so a section may
//! inherit from a built-in or from an earlier file. Every problem is printed on standard output
//! as `FILE:LINE: key: reason`; the exit code is 1 if there was any.

use crate::cli::output::say;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use super::variants::variant_set;
use crate::variant::LoadError;

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The variants.ini files to check.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// One JSON object per file (NDJSON): `file`, `ok`, `variants`, `errors` (each with
    /// `file`, `line`, `key`, `reason`).
    #[arg(long)]
    pub json: bool,
}

/// Runs `check`.
pub fn run(args: &CheckArgs, extra: &[PathBuf]) -> anyhow::Result<ExitCode> {
    let mut set = variant_set(extra)?;
    let mut failed = false;
    for file in &args.files {
        if args.json {
            let (names, errors) = match set.load_file(file) {
                Ok(names) => (names, Vec::new()),
                Err(LoadError::Invalid(errors)) => (Vec::new(), errors.0),
                Err(e) => (
                    Vec::new(),
                    vec![crate::variant::VariantError {
                        file: file.display().to_string(),
                        line: 0,
                        key: String::new(),
                        reason: e.to_string(),
                    }],
                ),
            };
            failed |= !errors.is_empty();
            let errors: Vec<_> = errors
                .iter()
                .map(|e| serde_json::json!({ "file": e.file, "line": e.line, "key": e.key, "reason": e.reason }))
                .collect();
            super::output::json_line(&serde_json::json!({
                "file": file.display().to_string(),
                "ok": errors.is_empty(),
                "variants": names,
                "errors": errors,
            }))?;
            continue;
        }
        match set.load_file(file) {
            Ok(names) => say!(
                "{}: OK: {} variant{}{}{}",
                file.display(),
                names.len(),
                if names.len() == 1 { "" } else { "s" },
                if names.is_empty() { "" } else { ": " },
                names.join(", ")
            ),
            Err(LoadError::Invalid(errors)) => {
                failed = true;
                for e in &errors.0 {
                    say!("{e}");
                }
            }
            Err(e) => {
                failed = true;
                eprintln!("error: {e}");
            }
        }
    }
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
