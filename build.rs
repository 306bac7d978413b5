//! Embeds the evaluation weight files of `weights/` (one per variant, named after it) into
//! the binary, so that a tuned variant needs a file and no Rust. A file whose `variant` line
//! names more variants (`variant makruk cambodian`) serves those too. Embeds the NNUE nets of
//! `nets/` (`nets/NAME.nnue`, one per variant) the same way.

use std::fmt::Write as _;
use std::path::PathBuf;

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into()));
    let files = named_files(&root.join("weights"), "txt");
    let mut code = String::from("/// Built-in weight files: (variant name, text).\n");
    code.push_str("pub const BUILTIN_WEIGHTS: &[(&str, &str)] = &[\n");
    for (name, path) in &files {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        for served in std::iter::once(name.as_str()).chain(sharing_variants(&text)) {
            let _ = writeln!(
                code,
                "    ({served:?}, include_str!({:?})),",
                path.display().to_string()
            );
        }
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("builtin_weights.rs"), code).expect("OUT_DIR is writable");
    std::fs::write(out.join("builtin_nets.rs"), nets_code(&root.join("nets")))
        .expect("OUT_DIR is writable");
}

/// The files `NAME.EXT` of `dir` as (NAME, path), sorted; cargo rebuilds when the folder or
/// one of them changes. A missing folder has none.
fn named_files(dir: &std::path::Path, ext: &str) -> Vec<(String, PathBuf)> {
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<(String, PathBuf)> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == ext))
                .filter_map(|p| Some((p.file_stem()?.to_str()?.to_string(), p)))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    for (_, path) in &files {
        println!("cargo:rerun-if-changed={}", path.display());
    }
    files
}

/// `BUILTIN_NETS`: (variant name, net file bytes) for every `nets/NAME.nnue`.
fn nets_code(dir: &std::path::Path) -> String {
    let mut code = String::from("/// Built-in nets: (variant name, net file).\n");
    code.push_str("pub const BUILTIN_NETS: &[(&str, &[u8])] = &[\n");
    for (name, path) in &named_files(dir, "nnue") {
        let _ = writeln!(
            code,
            "    ({name:?}, include_bytes!({:?})),",
            path.display().to_string()
        );
    }
    code.push_str("];\n");
    code
}

/// The names after the first on a weights file's `variant` line: the variants that share the
/// file (the engine's `eval::weights::variant_line` reads the same line).
fn sharing_variants(text: &str) -> Vec<&str> {
    text.lines()
        .map(|raw| raw.split('#').next().unwrap_or(""))
        .find_map(|content| {
            let mut f = content.split_whitespace();
            (f.next() == Some("variant")).then(|| f.skip(1).collect())
        })
        .unwrap_or_default()
}
