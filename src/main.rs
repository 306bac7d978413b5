//! The `dabbaba` binary: parse the command line, set up logging, hand over to the library.

use std::process::ExitCode;

fn main() -> ExitCode {
    dabbaba::cli::run()
}
