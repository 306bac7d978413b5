//! `dabbaba check FILE...`: validate variant files.
//!
//! Files are read in order on top of the built-ins (and `--variants` files), so a section may
//! inherit from a built-in or from an earlier file. They load as the engine loads them, section
//! by section: every problem is printed on standard output as `FILE:LINE: key: reason; section
//! skipped`, every redefinition as `FILE:LINE: [header]: replaces the variant 'name' defined
//! before`, every rule read but not played yet as `FILE:LINE: key: read but not enforced
//! yet: ...`, then one line per file: `FILE: OK: N variants: ...` or `FILE: loaded N variants:
//! ...; skipped M sections: ...`. The exit code is 1 if any section was skipped.

use crate::cli::output::say;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use super::variants::variant_set;

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The variants.ini files to check.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// One JSON object per file (NDJSON): `file`, `ok`, `variants` (loaded), `replaced`,
    /// `skipped` (section names), `errors` (each with `file`, `line`, `key`, `reason`),
    /// `warnings` (rules read but not played yet, as text lines).
    #[arg(long)]
    pub json: bool,
}

/// Runs `check`.
pub fn run(args: &CheckArgs, extra: &[PathBuf]) -> anyhow::Result<ExitCode> {
    let mut set = variant_set(extra)?;
    let mut failed = false;
    for file in &args.files {
        let report = match set.load_file_sections(file) {
            Ok(r) => r,
            Err(e) => {
                failed = true;
                if args.json {
                    let error = serde_json::json!({
                        "file": file.display().to_string(), "line": 0, "key": "",
                        "reason": e.to_string(),
                    });
                    super::output::json_line(&serde_json::json!({
                        "file": file.display().to_string(),
                        "ok": false,
                        "variants": [],
                        "replaced": [],
                        "skipped": [],
                        "errors": [error],
                    }))?;
                } else {
                    eprintln!("error: {e}");
                }
                continue;
            }
        };
        failed |= !report.is_clean();
        if args.json {
            let errors: Vec<_> = report
                .problems()
                .iter()
                .map(|e| serde_json::json!({ "file": e.file, "line": e.line, "key": e.key, "reason": e.reason }))
                .collect();
            let skipped: Vec<&str> = report.skipped.iter().map(|s| s.name.as_str()).collect();
            super::output::json_line(&serde_json::json!({
                "file": file.display().to_string(),
                "ok": report.is_clean(),
                "variants": report.loaded,
                "replaced": report.replaced,
                "skipped": skipped,
                "errors": errors,
                "warnings": report.warnings,
            }))?;
            continue;
        }
        for n in &report.notices {
            say!("{n}");
        }
        let names = &report.loaded;
        let list = |names: &[String]| {
            format!(
                "{} variant{}{}{}",
                names.len(),
                if names.len() == 1 { "" } else { "s" },
                if names.is_empty() { "" } else { ": " },
                names.join(", ")
            )
        };
        if report.is_clean() {
            say!("{}: OK: {}", file.display(), list(names));
        } else {
            let skipped: Vec<String> = report.skipped.iter().map(|s| s.name.clone()).collect();
            say!(
                "{}: loaded {}; skipped {}",
                file.display(),
                list(names),
                list(&skipped).replacen("variant", "section", 1)
            );
        }
    }
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
