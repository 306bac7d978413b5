//! `dabbaba check FILE...`: validate variant files.
//!
//! Files are read in order on top of the built-ins (and `--variants` files), so a section may
//! inherit from a built-in or from an earlier file. Every problem is printed on standard output
//! as `FILE:LINE: key: reason`; the exit code is 1 if there was any.

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
}

/// Runs `check`.
pub fn run(args: &CheckArgs, extra: &[PathBuf]) -> anyhow::Result<ExitCode> {
    let mut set = variant_set(extra)?;
    let mut failed = false;
    for file in &args.files {
        match set.load_file(file) {
            Ok(names) => println!(
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
                    println!("{e}");
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
