//! `dabbaba piece`: text diagrams, JSON, and errors with exit code 1.

use std::process::{Command, Output};

fn piece(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dabbaba"))
        .arg("piece")
        .args(args)
        .output()
        .expect("run dabbaba")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn json(args: &[&str]) -> serde_json::Value {
    let mut all = args.to_vec();
    all.push("--json");
    let output = piece(&all);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("one JSON object")
}

fn strings(value: &serde_json::Value) -> Vec<String> {
    value
        .as_array()
        .expect("array")
        .iter()
        .map(|v| v.as_str().expect("string").to_string())
        .collect()
}

#[test]
fn knight_diagram_marks_its_eight_squares() {
    let output = piece(&["N"]);
    assert!(output.status.success());
    let text = stdout(&output);
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with(" 6 ") || l.starts_with(" 4 "))
        .collect();
    assert_eq!(rows, [" 6 . . * . * . . .", " 4 . . . @ . . . ."], "{text}");
    assert!(
        text.contains("destinations: 8 (b3 b5 c2 c6 e2 e6 f3 f5)"),
        "{text}"
    );
    assert!(text.contains("m move only"), "legend: {text}");
}

#[test]
fn pawn_distinguishes_move_and_capture_squares() {
    let text = stdout(&piece(&["fmWfceF"]));
    assert!(text.lines().any(|l| l == " 5 . . x m x . . ."), "{text}");
    assert!(text.contains("destinations: 1 (d5)"), "{text}");
    assert!(
        text.contains("capture squares (an enemy there would be taken): 2 (c5 e5)"),
        "{text}"
    );
}

#[test]
fn legs_show_their_intermediate_squares() {
    let text = stdout(&piece(&["afsW"]));
    assert!(text.lines().any(|l| l == " 4 . . + @ + . . ."), "{text}");
}

#[test]
fn json_lists_destinations_and_moves() {
    let value = json(&["mRcpR", "--occupy", "own:d6,enemy:d8,b4,g4"]);
    assert_eq!(value["betza"], "mRcpR");
    assert_eq!(value["board"], "8x8");
    assert_eq!(value["square"], "d4");
    let mut destinations = strings(&value["destinations"]);
    destinations.sort();
    assert_eq!(
        destinations,
        ["c4", "d1", "d2", "d3", "d5", "d8", "e4", "f4"]
    );
    let capture = value["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["kind"] == "capture")
        .expect("a capture");
    assert_eq!(capture["to"], "d8");
    assert_eq!(strings(&capture["captures"]), ["d8"]);
    assert_eq!(strings(&capture["via"]), Vec::<String>::new());
}

#[test]
fn json_for_the_lion_has_double_moves() {
    let value = json(&["KNADcaKmcabK", "--occupy", "enemy:e5"]);
    assert_eq!(strings(&value["destinations"]).len(), 25);
    let moves = value["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 33);
    let igui = moves
        .iter()
        .find(|m| m["to"] == "d4" && m["kind"] == "capture")
        .expect("igui");
    assert_eq!(strings(&igui["via"]), ["e5"]);
    assert_eq!(strings(&igui["captures"]), ["e5"]);
}

#[test]
fn board_square_colour_and_dialect() {
    let value = json(&[
        "fW", "--board", "10x12", "--square", "a10", "--color", "black",
    ]);
    assert_eq!(value["board"], "10x12");
    assert_eq!(strings(&value["destinations"]), ["a9"]);
    let centre = json(&["K", "--board", "10x10"]);
    assert_eq!(centre["square"], "e5");
    let fsf = json(&["fK", "--dialect", "fsf"]);
    assert_eq!(strings(&fsf["destinations"]).len(), 3);
    assert_eq!(fsf["xboard"], "fsfK");
    let big = json(&["Q", "--board", "16x16", "--square", "p16"]);
    assert_eq!(strings(&big["destinations"]).len(), 45);
}

#[test]
fn invalid_betza_exits_1_with_the_error_on_stderr() {
    let output = piece(&["fmWx"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("betza error at column 4 in \"fmWx\": unknown letter 'x'"),
        "{stderr}"
    );
}

#[test]
fn bad_options_exit_1() {
    for args in [
        &["R", "--board", "17x8"][..],
        &["R", "--square", "i1"],
        &["R", "--occupy", "foo:e4"],
        &["R", "--occupy", "e4"],
        &["R", "--occupy", "own:d4"],
    ] {
        let output = piece(args);
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        assert!(
            String::from_utf8_lossy(&output.stderr).starts_with("error: "),
            "{args:?}"
        );
    }
}
