//! `dabbaba check` and `dabbaba variants` as a user runs them.

use std::path::PathBuf;
use std::process::{Command, Output};

fn dabbaba(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dabbaba"))
        .args(args)
        .output()
        .expect("run dabbaba")
}

/// `dabbaba check PATH`: its exit code and standard output.
fn check(path: &std::path::Path) -> (Option<i32>, String) {
    let out = dabbaba(&["check", path.to_str().unwrap()]);
    (out.status.code(), String::from_utf8(out.stdout).unwrap())
}

/// Writes `text` to a fresh file in the target directory and returns its path.
fn temp_file(name: &str, text: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join(format!("{}-{name}", std::process::id()));
    std::fs::write(&path, text).expect("write temp file");
    path
}

#[test]
fn check_reports_every_problem_and_exits_1() {
    let path = temp_file(
        "bad.ini",
        "[x:chess]\nfoo = 1\ncastling = maybe\n[y:nope]\n",
    );
    let (code, stdout) = check(&path);
    assert_eq!(code, Some(1));
    let p = path.display();
    assert_eq!(
        stdout,
        format!(
            "{p}:2: foo: unknown key; section skipped\n\
             {p}:3: castling: expected 'true' or 'false', found 'maybe'; section skipped\n\
             {p}:4: [y:nope]: unknown parent variant 'nope'; section skipped\n\
             {p}: loaded 0 variants; skipped 2 sections: x, y\n"
        )
    );
}

/// A file loads as in Fairy-Stockfish: section by section. A section with a problem is
/// skipped (and so are its children), the rest loads, and a known name is replaced.
#[test]
fn check_loads_section_by_section_and_replaces_known_names() {
    let path = temp_file(
        "mixed.ini",
        "[a:chess]\ncastling = false\n\
         [b:nosuch]\n\
         [c:b]\n\
         [makruk:chess]\nnMoveRule = 30\n\
         [d:a]\nbogus = 1\n\
         [e:makruk]\n",
    );
    let (code, stdout) = check(&path);
    assert_eq!(code, Some(1));
    let p = path.display();
    assert_eq!(
        stdout,
        format!(
            "{p}:3: [b:nosuch]: unknown parent variant 'nosuch'; section skipped\n\
             {p}:4: [c:b]: parent variant 'b' was skipped; section skipped\n\
             {p}:5: [makruk:chess]: replaces the variant 'makruk' defined before\n\
             {p}:8: bogus: unknown key; section skipped\n\
             {p}: loaded 3 variants: a, makruk, e; skipped 3 sections: b, c, d\n"
        )
    );
    let out = dabbaba(&["check", "--json", path.to_str().unwrap()]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["ok"], false);
    assert_eq!(v["variants"], serde_json::json!(["a", "makruk", "e"]));
    assert_eq!(v["replaced"], serde_json::json!(["makruk"]));
    assert_eq!(v["skipped"], serde_json::json!(["b", "c", "d"]));
    assert_eq!(v["errors"].as_array().map(Vec::len), Some(3));
    // The replaced makruk is chess with a 30-move rule, and `e` inherits it: both play
    // chess from its start position (20 moves), where the built-in makruk has 23.
    for name in ["makruk", "e"] {
        let out = dabbaba(&[
            "--variants",
            path.to_str().unwrap(),
            "perft",
            "1",
            "--variant",
            name,
        ]);
        assert_eq!(out.status.code(), Some(0), "{name}");
        let stdout = String::from_utf8(out.stdout).unwrap();
        assert!(stdout.contains("Nodes searched: 20"), "{name}: {stdout}");
    }
}

/// A section whose pieces the move generator cannot play is a problem of that section, in
/// `check` as when the engine loads the file: it is not a name that fails only when chosen.
#[test]
fn check_skips_a_variant_the_engine_cannot_play() {
    let path = temp_file(
        "unplayable.ini",
        "[fine:chess]\n\
         [twice:chess]\ncustomPiece1 = a:cacafK\n\
         startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNA w KQkq - 0 1\n",
    );
    let (code, stdout) = check(&path);
    assert_eq!(code, Some(1));
    let p = path.display();
    assert_eq!(
        stdout,
        format!(
            "{p}:2: [twice:chess]: cannot be played: piece 'A' (cacafK): more than one capture \
             before the last leg is not supported by the move generator yet; section skipped\n\
             {p}: loaded 1 variant: fine; skipped 1 section: twice\n"
        )
    );
    let out = dabbaba(&["--variants", path.to_str().unwrap(), "variants"]);
    let listed = String::from_utf8(out.stdout).unwrap();
    assert!(
        listed.contains("fine") && !listed.contains("twice"),
        "{listed}"
    );
}

#[test]
fn check_says_ok_and_exits_0() {
    let path = temp_file(
        "good.ini",
        "[x:chess]\ncastling = false\n[y:x]\nnMoveRule = 20\n",
    );
    let (code, stdout) = check(&path);
    assert_eq!(code, Some(0));
    assert!(stdout.contains("OK: 2 variants: x, y"), "{stdout}");
}

#[test]
fn check_missing_file_exits_1() {
    let out = dabbaba(&["check", "/nonexistent/variants.ini"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("cannot read"));
}

#[test]
fn check_without_file_is_a_usage_error() {
    assert_eq!(dabbaba(&["check"]).status.code(), Some(2));
}

#[test]
fn variants_lists_builtins() {
    let out = dabbaba(&["variants"]);
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let capa = stdout
        .lines()
        .find(|l| l.starts_with("capablanca "))
        .unwrap();
    assert!(capa.contains("10x8") && capa.contains("PNBRQACK"), "{capa}");
}

#[test]
fn variants_json_parses_and_includes_user_files() {
    let path = temp_file("user.ini", "[myvar:chess]\ncustomPiece1 = z:WF\n");
    let out = dabbaba(&["variants", "--json", "--variants", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let list = json.as_array().unwrap();
    let chess = list.iter().find(|v| v["name"] == "chess").unwrap();
    assert_eq!(chess["board"], "8x8");
    assert_eq!(
        chess["startFen"],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    let mine = list.iter().find(|v| v["name"] == "myvar").unwrap();
    let z = mine["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["letter"] == "Z")
        .unwrap();
    assert_eq!(z["betza"], "WF");
}

#[test]
fn variants_json_full_has_rules() {
    let out = dabbaba(&["variants", "--json", "--full"]);
    assert_eq!(out.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let grand = json
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["name"] == "grand")
        .unwrap();
    assert_eq!(grand["promotion"]["mandatoryPawnPromotion"], false);
    assert_eq!(grand["castling"]["enabled"], false);
}

#[test]
fn a_bad_section_is_skipped_with_a_warning_and_a_missing_file_is_a_user_error() {
    let path = temp_file("broken.ini", "[b:chess]\nwhat = 1\n[c:chess]\n");
    let out = dabbaba(&["variants", "--variants", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("what: unknown key; section skipped"),
        "{stderr}"
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.lines().any(|l| l.starts_with("c ")), "{stdout}");
    assert!(!stdout.lines().any(|l| l.starts_with("b ")), "{stdout}");
    let out = dabbaba(&["variants", "--variants", "/nonexistent/variants.ini"]);
    assert_eq!(out.status.code(), Some(1));
}
