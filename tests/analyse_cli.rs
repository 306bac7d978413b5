//! `dabbaba analyse` from the outside: text and NDJSON on chess, xiangqi and shogi positions,
//! game-over positions, EPD files and standard input, errors and exit codes, `--log`.
//!
//! Shogi: drops (`R@e4`) in the PV and SAN, `+` promotion, error cases (bad FEN, illegal move,
//! drop with an empty hand, nifu). Xiangqi: mate and stalemate (a loss), palace errors.

mod skip_common;

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Stdio};

fn dabbaba(args: &[&str], stdin: Option<&str>) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dabbaba"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start dabbaba");
    {
        let mut input = child.stdin.take().expect("stdin");
        if let Some(text) = stdin {
            input.write_all(text.as_bytes()).expect("write stdin");
        }
    }
    let out = child.wait_with_output().expect("wait");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

/// Every line of standard output as JSON.
fn ndjson(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect()
}

fn uint(v: &Value, key: &str) -> u64 {
    v[key]
        .as_u64()
        .unwrap_or_else(|| panic!("{key} is not a count in {v}"))
}

fn check_score(v: &Value) {
    let s = v["score"]
        .as_object()
        .unwrap_or_else(|| panic!("score object in {v}"));
    assert_eq!(s.len(), 1, "{v}");
    assert!(
        s.get("cp").or(s.get("mate")).is_some_and(Value::is_i64),
        "{v}"
    );
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap_or_else(|| panic!("array expected: {v}"))
        .iter()
        .map(|x| x.as_str().expect("string").to_string())
        .collect()
}

/// The documented fields of an `info` line.
fn check_info(v: &Value) {
    assert_eq!(v["type"], "info", "{v}");
    for k in [
        "depth", "seldepth", "multipv", "nodes", "nps", "hashfull", "time_ms",
    ] {
        uint(v, k);
    }
    assert!(uint(v, "multipv") >= 1);
    check_score(v);
    let pv = strings(&v["pv"]);
    assert!(!pv.is_empty(), "{v}");
    match &v["pv_san"] {
        Value::Null => {}
        san => assert_eq!(strings(san).len(), pv.len(), "{v}"),
    }
}

/// The documented fields of a final `bestmove` line.
fn check_best(v: &Value) {
    assert_eq!(v["type"], "bestmove", "{v}");
    for k in ["depth", "seldepth", "nodes", "nps", "time_ms"] {
        uint(v, k);
    }
    check_score(v);
    let best = v["bestmove"].as_str().expect("bestmove");
    let pv = strings(&v["pv"]);
    assert_eq!(pv.first().map(String::as_str), Some(best), "{v}");
    if let Some(p) = v["ponder"].as_str() {
        assert_eq!(pv.get(1).map(String::as_str), Some(p), "{v}");
    }
    assert!(v["fen"].is_string());
}

/// The legal moves of a position, from `perft 1 --json`.
fn legal(variant: &str, fen: Option<&str>) -> Vec<String> {
    let mut args = vec!["perft", "1", "--json", "--variant", variant];
    if let Some(f) = fen {
        args.extend(["--fen", f]);
    }
    let (code, out, err) = dabbaba(&args, None);
    assert_eq!(code, 0, "{err}");
    ndjson(&out)[0]["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m["move"].as_str().expect("move").to_string())
        .collect()
}

/// Runs a JSON analysis and checks every line; returns the lines.
fn analyse_json(args: &[&str]) -> Vec<Value> {
    let mut all = vec!["analyse", "--json"];
    all.extend_from_slice(args);
    let (code, out, err) = dabbaba(&all, None);
    assert_eq!(code, 0, "{args:?}: {err}");
    let lines = ndjson(&out);
    let (last, infos) = lines.split_last().expect("lines");
    check_best(last);
    assert!(!infos.is_empty());
    let mut depth = 0;
    for i in infos {
        check_info(i);
        assert!(uint(i, "depth") >= depth, "depths go up: {out}");
        depth = uint(i, "depth");
    }
    lines
}

/// Runs `base` plus each case's arguments, as text and as `--json`: exit status 1, one
/// `error: ` line on stderr naming the case's message, and on stdout nothing (text) or one
/// JSON error object carrying the message.
fn assert_analyse_errors(base: &[&str], cases: &[(&[&str], &str)]) {
    for &(args, msg) in cases {
        for json in [false, true] {
            let mut all = base.to_vec();
            all.extend_from_slice(args);
            if json {
                all.push("--json");
            }
            let (code, out, err) = dabbaba(&all, None);
            assert_eq!(code, 1, "{all:?}: {out}");
            assert_eq!(err.lines().count(), 1, "{all:?}: {err}");
            assert!(
                err.starts_with("error: ") && err.contains(msg),
                "{all:?}: {err}"
            );
            if json {
                let lines = ndjson(&out);
                assert_eq!(lines.len(), 1, "{out}");
                assert_eq!(lines[0]["type"], "error");
                assert!(
                    lines[0]["error"].as_str().is_some_and(|e| e.contains(msg)),
                    "{out}"
                );
            } else {
                assert!(out.is_empty(), "{out}");
            }
        }
    }
}

#[test]
fn chess_text_one_line_per_depth_then_bestmove() {
    let (code, out, err) = dabbaba(&["analyse", "--depth", "5"], None);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 6, "{out}");
    for (i, l) in lines[..5].iter().enumerate() {
        assert!(l.starts_with(&format!("depth  {}/", i + 1)), "{l}");
        for word in ["score", "nodes", "nps", "time", "pv"] {
            assert!(l.contains(word), "{l}");
        }
    }
    assert!(lines[5].starts_with("bestmove "), "{out}");
}

#[test]
fn chess_json_lines_and_bestmove() {
    let lines = analyse_json(&["--depth", "5", "--moves", "e2e4", "e7e5"]);
    let best = lines.last().expect("last");
    assert_eq!(uint(best, "depth"), 5);
    let fen = best["fen"].as_str().expect("fen");
    let moves = legal("chess", Some(fen));
    assert!(moves.contains(&best["bestmove"].as_str().expect("move").to_string()));
    // SAN is given for chess.
    assert!(best["bestmove_san"].is_string(), "{best}");
    assert!(best["pv_san"].is_array(), "{best}");
}

#[test]
fn multipv_and_wdl() {
    let lines = analyse_json(&["--depth", "3", "--multipv", "3", "--wdl"]);
    let infos: Vec<&Value> = lines.iter().filter(|v| v["type"] == "info").collect();
    for d in 1..=3 {
        let mut pvs: Vec<u64> = infos
            .iter()
            .filter(|v| uint(v, "depth") == d)
            .map(|v| uint(v, "multipv"))
            .collect();
        pvs.sort();
        assert_eq!(pvs, vec![1, 2, 3], "depth {d}");
    }
    for v in &lines {
        let wdl: Vec<u64> = v["wdl"]
            .as_array()
            .expect("wdl")
            .iter()
            .map(|x| x.as_u64().expect("n"))
            .collect();
        assert_eq!(wdl.iter().sum::<u64>(), 1000, "{v}");
    }
}

#[test]
fn node_and_time_limits() {
    let lines = analyse_json(&["--nodes", "3000"]);
    assert!(lines.last().is_some_and(|v| v["bestmove"].is_string()));
    let start = std::time::Instant::now();
    let lines = analyse_json(&["--movetime", "300"]);
    assert!(lines.last().is_some_and(|v| v["bestmove"].is_string()));
    assert!(start.elapsed().as_secs_f64() < 10.0);
}

#[test]
fn a_search_stopped_inside_an_iteration_plays_the_line_it_reports() {
    // Node limits end most searches inside an iteration. The move played must be the first
    // move of the last line reported (`check_best`): a new best move of the unfinished
    // iteration is reported before it is played, and a stale or failed-low one is not played.
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    ];
    for fen in fens {
        for nodes in [
            "700", "1300", "2100", "3000", "4500", "7000", "11000", "16000",
        ] {
            analyse_json(&["--fen", fen, "--nodes", nodes]);
        }
    }
}

#[test]
fn mate_found_with_san_mark() {
    let lines = analyse_json(&["--fen", "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", "--depth", "4"]);
    let best = lines.last().expect("best");
    assert_eq!(best["bestmove"], "a1a8");
    assert_eq!(best["bestmove_san"], "Ra8#");
    assert_eq!(best["score"]["mate"], 1);
}

#[test]
fn game_over_gives_one_result_object() {
    for (fen, result, reason) in [
        ("R5k1/5ppp/8/8/8/8/8/4K3 b - - 0 1", "1-0", "checkmate"),
        ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "1/2-1/2", "stalemate"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 100 80", "1/2-1/2", "n-move rule"),
    ] {
        let (code, out, err) = dabbaba(&["analyse", "--fen", fen, "--depth", "3", "--json"], None);
        assert_eq!(code, 0, "{err}");
        let lines = ndjson(&out);
        assert_eq!(lines.len(), 1, "{out}");
        assert_eq!(lines[0]["type"], "result");
        assert_eq!(lines[0]["result"], result, "{fen}");
        assert_eq!(lines[0]["reason"], reason, "{fen}");
        let (code, out, _) = dabbaba(&["analyse", "--fen", fen, "--depth", "3"], None);
        assert_eq!(code, 0);
        assert_eq!(out.trim(), format!("game over: {result} ({reason})"));
    }
    // Repetition through --moves.
    let (code, out, _) = dabbaba(
        &[
            "analyse", "--depth", "2", "--json", "--moves", "g1f3", "g8f6", "f3g1", "f6g8", "g1f3",
            "g8f6", "f3g1", "f6g8",
        ],
        None,
    );
    assert_eq!(code, 0);
    assert_eq!(ndjson(&out)[0]["reason"], "repetition");
}

#[test]
fn xiangqi_text_and_json() {
    let lines = analyse_json(&["--variant", "xiangqi", "--depth", "3"]);
    let best = lines.last().expect("best");
    assert!(legal("xiangqi", None).contains(&best["bestmove"].as_str().expect("move").to_string()));
    let (code, out, err) = dabbaba(&["analyse", "--variant", "xiangqi", "--depth", "3"], None);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.lines()
            .last()
            .is_some_and(|l| l.starts_with("bestmove ")),
        "{out}"
    );
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    let lines = analyse_json(&[
        "--variant",
        "xiangqi",
        "--fen",
        fen,
        "--moves",
        "h3e3",
        "--nodes",
        "2000",
    ]);
    // The position after the move is Black's, and `fen` says so.
    let best = lines.last().expect("best");
    assert!(
        best["fen"].as_str().is_some_and(|f| f.contains(" b ")),
        "{best}"
    );
}

#[test]
fn xiangqi_mate_and_stalemate() {
    // The rook on b3 goes to d3: the king on d10 has no square (d9 is covered by the rook on
    // a9, e10 faces the white king). Black's pawn can move, so nothing else is a stalemate.
    let fen = "3k5/R8/9/9/9/9/8p/1R7/9/4K4 w - - 0 1";
    let lines = analyse_json(&["--variant", "xiangqi", "--fen", fen, "--depth", "3"]);
    let best = lines.last().expect("best");
    assert_eq!(best["bestmove"], "b3d3", "{best}");
    assert_eq!(best["bestmove_san"], "Rd3#", "{best}");
    assert_eq!(best["score"]["mate"], 1, "{best}");
    let (code, out, _) = dabbaba(
        &[
            "analyse",
            "--variant",
            "xiangqi",
            "--fen",
            fen,
            "--depth",
            "3",
        ],
        None,
    );
    assert_eq!(code, 0);
    assert_eq!(out.lines().last(), Some("bestmove Rd3# (b3d3)"), "{out}");
    // Finished positions: the mate, and a stalemate, which the stalemated side loses.
    for (fen, reason) in [
        ("3k5/R8/9/9/9/9/8p/3R5/9/4K4 b - - 1 1", "checkmate"),
        ("3k5/2N1R4/9/9/9/9/9/4BA3/9/4KA3 b - - 0 65", "stalemate"),
    ] {
        let (code, out, err) = dabbaba(
            &[
                "analyse",
                "--variant",
                "xiangqi",
                "--fen",
                fen,
                "--depth",
                "3",
                "--json",
            ],
            None,
        );
        assert_eq!(code, 0, "{err}");
        let v = ndjson(&out);
        assert_eq!(v.len(), 1, "{out}");
        assert_eq!(v[0]["type"], "result");
        assert_eq!(v[0]["result"], "1-0", "{fen}");
        assert_eq!(v[0]["reason"], reason, "{fen}");
    }
}

#[test]
fn xiangqi_errors_exit_1() {
    let cases: [(&[&str], &str); 3] = [
        // Nine ranks on a ten-rank board.
        (
            &[
                "--fen",
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            ],
            "bad FEN",
        ),
        // The king may not leave the palace.
        (
            &["--moves", "e1e2", "e10e9", "e2f2", "e9d9", "f2g2"],
            "illegal move 'f2g2'",
        ),
        // Ranks are 1-based in UCI text: there is no rank 0.
        (&["--moves", "b0c2"], "illegal move 'b0c2'"),
    ];
    assert_analyse_errors(&["analyse", "--variant", "xiangqi", "--depth", "2"], &cases);
}

/// Whether `m` is CECP/UCI move text of a shape shogi allows: `e6e7`, `e6e7+` or `R@e4`.
fn shogi_move_shape(m: &str) -> bool {
    let sq = |s: &str| {
        let b = s.as_bytes();
        b.len() == 2 && (b'a'..=b'i').contains(&b[0]) && (b'1'..=b'9').contains(&b[1])
    };
    match m.split_once('@') {
        Some((p, to)) => p.len() == 1 && p.chars().all(|c| c.is_ascii_uppercase()) && sq(to),
        None => {
            let m = m.strip_suffix('+').unwrap_or(m);
            m.len() == 4 && sq(&m[..2]) && sq(&m[2..])
        }
    }
}

#[test]
fn shogi_text_and_json_with_drops() {
    let lines = analyse_json(&["--variant", "shogi", "--depth", "3"]);
    let best = lines.last().expect("best");
    let mv = best["bestmove"].as_str().expect("move").to_string();
    assert!(legal("shogi", None).contains(&mv), "{best}");
    for l in &lines {
        for m in strings(&l["pv"]) {
            assert!(shogi_move_shape(&m), "{m} in {l}");
        }
    }
    // A gold in hand mates by a drop in front of the king, whatever the evaluation weights
    // (the PV carries drops as `G@e8`, in UCI and SAN alike, SAN adding the mate mark).
    let fen = "4k4/9/4P4/9/9/9/9/9/4K4[G] w 0 1";
    let lines = analyse_json(&["--variant", "shogi", "--fen", fen, "--depth", "3"]);
    let best = lines.last().expect("best");
    assert_eq!(best["score"]["mate"], 1, "{best}");
    let pv = strings(&best["pv"]);
    assert_eq!(pv.first().map(String::as_str), Some("G@e8"), "{best}");
    for (i, m) in pv.iter().enumerate() {
        assert!(shogi_move_shape(m), "{m} in {best}");
        if m.contains('@') {
            let san = &strings(&best["pv_san"])[i];
            assert_eq!(san.trim_end_matches(['+', '#']), *m, "{best}");
        }
    }
    assert!(legal("shogi", Some(fen)).contains(&pv[0]), "{best}");
    let (code, out, err) = dabbaba(
        &[
            "analyse",
            "--variant",
            "shogi",
            "--fen",
            fen,
            "--depth",
            "3",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    let last = out.lines().last().expect("output");
    assert!(last.starts_with("bestmove "), "{out}");
    assert!(
        out.lines().next().is_some_and(|l| l.starts_with("depth ")),
        "{out}"
    );
}

#[test]
fn shogi_promotion_in_pv_and_san() {
    // A pawn on e6 takes the gold on e7, entering the zone: promoting is plainly best.
    let fen = "k8/9/4g4/4P4/9/9/9/9/4K4[-] w 0 1";
    let moves = legal("shogi", Some(fen));
    assert!(moves.contains(&"e6e7".to_string()), "{moves:?}");
    let lines = analyse_json(&["--variant", "shogi", "--fen", fen, "--depth", "3"]);
    let best = lines.last().expect("best");
    assert!(moves.contains(&"e6e7+".to_string()), "{moves:?}");
    assert_eq!(best["bestmove"], "e6e7+", "{best}");
    let san = best["bestmove_san"].as_str().expect("san");
    assert!(san.contains('+'), "{best}");
    let (code, out, err) = dabbaba(
        &[
            "analyse",
            "--variant",
            "shogi",
            "--fen",
            fen,
            "--depth",
            "3",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("(e6e7+"), "{out}");
}

#[test]
fn shogi_finished_positions_and_standard_input() {
    // A gold on a8, guarded by the pawn on a7, has mated the king in the corner.
    let fen = "k8/G8/P8/9/9/9/9/9/4K4[-] b 0 1";
    let (code, out, err) = dabbaba(
        &[
            "analyse",
            "--variant",
            "shogi",
            "--fen",
            fen,
            "--depth",
            "2",
            "--json",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    let v = ndjson(&out);
    assert_eq!(v.len(), 1, "{out}");
    assert_eq!(
        (&v[0]["type"], &v[0]["result"], &v[0]["reason"]),
        (&"result".into(), &"1-0".into(), &"checkmate".into())
    );
    // Several shogi positions on standard input: the start, one with hands, the mate.
    let input = format!(
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1\n\
         lnsgk1snl/1r4gb1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[Rr] w 0 1\n{fen}\n"
    );
    let (code, out, err) = dabbaba(
        &[
            "analyse",
            "--variant",
            "shogi",
            "--epd",
            "-",
            "--depth",
            "2",
            "--json",
        ],
        Some(&input),
    );
    assert_eq!(code, 0, "{err}");
    let lines = ndjson(&out);
    let types: Vec<&str> = lines
        .iter()
        .map(|v| v["type"].as_str().expect("type"))
        .collect();
    assert_eq!(
        types,
        ["bestmove", "bestmove", "result", "summary"],
        "{out}"
    );
    check_best(&lines[0]);
    check_best(&lines[1]);
    assert_eq!(
        (uint(&lines[3], "positions"), uint(&lines[3], "over")),
        (3, 1)
    );
}

#[test]
fn shogi_errors_exit_1() {
    let cases: [(&[&str], &str); 4] = [
        // Eight ranks on a nine-rank board.
        (
            &[
                "--fen",
                "lnsgkgsnl/1r5b1/ppppppppp/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1",
            ],
            "bad FEN",
        ),
        (&["--moves", "e3e5"], "illegal move 'e3e5'"),
        // Nothing in hand to drop.
        (&["--moves", "P@e5"], "illegal move 'P@e5'"),
        // Nifu: a second pawn on a file.
        (
            &[
                "--fen",
                "lnsgkgsnl/1r5b1/pppp1pppp/9/9/9/PPPP1PPPP/1B5R1/LNSGKGSNL[Pp] w 0 1",
                "--moves",
                "P@d5",
            ],
            "illegal move 'P@d5'",
        ),
    ];
    assert_analyse_errors(&["analyse", "--variant", "shogi", "--depth", "2"], &cases);
}

#[test]
fn errors_exit_1_with_one_line_and_a_json_object() {
    let cases: [(&[&str], &str); 5] = [
        (
            &["--variant", "nosuchvariant"],
            "unknown variant 'nosuchvariant'",
        ),
        (&["--fen", "8/8/8 w - - 0 1"], "bad FEN"),
        (&["--moves", "e2e4", "e2e4"], "illegal move 'e2e4'"),
        (
            &["--epd", "/nonexistent/positions.epd"],
            "cannot read /nonexistent/positions.epd",
        ),
        (&["--variants", "/nonexistent/v.ini"], "v.ini"),
    ];
    assert_analyse_errors(&["analyse", "--depth", "2"], &cases);
}

#[test]
fn usage_errors_exit_2() {
    // A limit is required.
    let (code, _, _) = dabbaba(&["analyse"], None);
    assert_eq!(code, 2);
    let (code, _, _) = dabbaba(&["analyse", "--depth", "2", "--multipv", "0"], None);
    assert_eq!(code, 2);
    let (code, _, _) = dabbaba(
        &[
            "analyse",
            "--depth",
            "2",
            "--epd",
            "-",
            "--fen",
            "8/8/8/8/8/8/8/8 w - - 0 1",
        ],
        None,
    );
    assert_eq!(code, 2);
}

const EPD: &str = "\
# a comment, then a blank line

rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"start\";
r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - bm Qxf7#; id \"scholar\";
6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1 ; am Kd2 ; bm a1a8
R5k1/5ppp/8/8/8/8/8/4K3 b - - 0 1
not a fen
";

#[test]
fn epd_file_one_result_per_position() {
    let dir = std::env::temp_dir().join(format!("dabbaba-analyse-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("tmp");
    let path = dir.join("t.epd");
    std::fs::write(&path, EPD).expect("write");
    let p = path.to_str().expect("path");
    let (code, out, err) = dabbaba(&["analyse", "--epd", p, "--depth", "4", "--json"], None);
    // One position is bad: exit 1 after all of them, one line on stderr.
    assert_eq!(code, 1, "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("1 of 5 positions"), "{err}");
    let lines = ndjson(&out);
    assert_eq!(lines.len(), 6, "{out}");
    let types: Vec<&str> = lines
        .iter()
        .map(|v| v["type"].as_str().expect("type"))
        .collect();
    assert_eq!(
        types,
        ["bestmove", "bestmove", "bestmove", "result", "error", "summary"]
    );
    for (i, v) in lines[..5].iter().enumerate() {
        assert_eq!(uint(v, "index"), i as u64 + 1);
        assert!(v["fen"].is_string());
    }
    assert_eq!(uint(&lines[0], "line"), 3);
    assert_eq!(lines[0]["id"], "start");
    assert_eq!(lines[1]["id"], "scholar");
    assert_eq!(lines[1]["bm"], serde_json::json!(["h5f7"]));
    assert_eq!(lines[1]["solved"], true);
    assert_eq!(lines[2]["am"], serde_json::json!(["e1d2"]));
    assert_eq!(lines[2]["solved"], true);
    assert_eq!(lines[3]["reason"], "checkmate");
    let s = &lines[5];
    assert_eq!(
        (uint(s, "positions"), uint(s, "over"), uint(s, "errors")),
        (5, 1, 1)
    );
    assert_eq!((uint(s, "with_goal"), uint(s, "solved")), (2, 2));
    // Text mode: one line per position and a summary.
    let (code, out, _) = dabbaba(&["analyse", "--epd", p, "--depth", "3"], None);
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 6, "{out}");
    assert!(
        lines[1].starts_with("2/5 scholar: bestmove Qxf7# (h5f7)"),
        "{out}"
    );
    assert!(lines[3].contains("game over: 1-0 (checkmate)"), "{out}");
    assert!(lines[4].contains("error: "), "{out}");
    assert!(lines[5].starts_with("positions 5"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn fens_on_standard_input() {
    let input = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n\
                 rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1\n";
    let (code, out, err) = dabbaba(
        &[
            "analyse",
            "--variant",
            "xiangqi",
            "--epd",
            "-",
            "--depth",
            "2",
            "--json",
        ],
        Some(input),
    );
    assert_eq!(code, 0, "{err}");
    let lines = ndjson(&out);
    assert_eq!(lines.len(), 3, "{out}");
    check_best(&lines[0]);
    check_best(&lines[1]);
    assert_eq!(lines[2]["type"], "summary");
    // No progress bar when standard error is not a terminal.
    assert!(err.is_empty(), "{err}");
}

#[test]
fn progress_bar_only_on_a_terminal() {
    // `script` (util-linux) runs the command with a pseudo-terminal as standard error; the
    // NDJSON goes to a file. Without `script` the terminal half cannot be tested here.
    let has_script = Command::new("script")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_script {
        skip_common::cannot_run("no `script` command to give the engine a terminal");
        return;
    }
    let dir = std::env::temp_dir().join(format!("dabbaba-progress-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("tmp");
    let epd = dir.join("two.epd");
    std::fs::write(
        &epd,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n4k3/8/8/8/8/8/8/R3K3 w - - 0 1\n",
    )
    .expect("write");
    let json = dir.join("out.json");
    let cmd = format!(
        "'{}' analyse --epd '{}' --depth 3 --json > '{}'",
        env!("CARGO_BIN_EXE_dabbaba"),
        epd.display(),
        json.display()
    );
    // A terminal that draws: with TERM=dumb (as some CI runners set it) no bar is drawn on
    // purpose, and this test is about the terminal case.
    let out = Command::new("script")
        .args(["-qec", &cmd, "/dev/null"])
        .env("TERM", "xterm")
        .stdin(Stdio::null())
        .output()
        .expect("run script");
    assert!(out.status.success(), "{out:?}");
    let terminal = String::from_utf8_lossy(&out.stdout);
    assert!(
        terminal.contains("analyse [") && terminal.contains("/2"),
        "no progress bar on the terminal: {terminal:?}"
    );
    // The bar never mixes into the JSON.
    let lines = ndjson(&std::fs::read_to_string(&json).expect("json"));
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[2]["type"], "summary");
    // `bench` and `perft` show a spinner on a terminal, and nothing of it in a pipe.
    for (args, label) in [("bench --depth 3", "bench ["), ("perft 5", "perft 5 [")] {
        let cmd = format!(
            "'{}' {args} > '{}'",
            env!("CARGO_BIN_EXE_dabbaba"),
            json.display()
        );
        let out = Command::new("script")
            .args(["-qec", &cmd, "/dev/null"])
            .env("TERM", "xterm")
            .stdin(Stdio::null())
            .output()
            .expect("run script");
        assert!(out.status.success(), "{out:?}");
        let terminal = String::from_utf8_lossy(&out.stdout);
        assert!(terminal.contains(label), "{args}: {terminal:?}");
        let argv: Vec<&str> = args.split(' ').collect();
        let (code, _, err) = dabbaba(&argv, None);
        assert_eq!(code, 0);
        assert!(
            !err.contains(label) && !err.contains('\u{1b}'),
            "{args}: {err:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn log_file_records_the_command_and_protocol_lines() {
    let dir = std::env::temp_dir().join(format!("dabbaba-log-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("tmp");
    let log = dir.join("analyse.log");
    let l = log.to_str().expect("path");
    let (code, _, _) = dabbaba(&["--log", l, "analyse", "--depth", "2"], None);
    assert_eq!(code, 0);
    let text = std::fs::read_to_string(&log).expect("log");
    assert!(text.contains("analyse --depth 2"), "{text}");
    let log = dir.join("uci.log");
    let l = log.to_str().expect("path");
    let (code, out, _) = dabbaba(
        &["--log", l],
        Some("uci\nisready\nposition startpos\ngo depth 2\nquit\n"),
    );
    assert_eq!(code, 0);
    assert!(out.contains("readyok"));
    let text = std::fs::read_to_string(&log).expect("log");
    for needle in [
        "<< uci",
        ">> uciok",
        "<< isready",
        ">> readyok",
        "<< go depth 2",
        ">> bestmove",
        "<< quit",
    ] {
        assert!(text.contains(needle), "{needle} missing:\n{text}");
    }
    // Every line has a timestamp.
    for line in text.lines() {
        assert!(
            line.get(..4)
                .is_some_and(|y| y.bytes().all(|b| b.is_ascii_digit())),
            "{line}"
        );
    }
    // The CECP loop logs its lines the same way, and so do the other subcommands.
    let log = dir.join("xboard.log");
    let l = log.to_str().expect("path");
    let (code, out, _) = dabbaba(&["--log", l], Some("xboard\nprotover 2\nping 7\nquit\n"));
    assert_eq!(code, 0);
    assert!(out.contains("pong 7"), "{out}");
    let text = std::fs::read_to_string(&log).expect("log");
    for needle in [
        "<< xboard",
        "<< protover 2",
        ">> feature done=1",
        "<< ping 7",
        ">> pong 7",
    ] {
        assert!(text.contains(needle), "{needle} missing:\n{text}");
    }
    let log = dir.join("perft.log");
    let l = log.to_str().expect("path");
    let (code, _, err) = dabbaba(&["--log", l, "perft", "1", "--variant", "xiangqi"], None);
    assert_eq!(code, 0);
    // (perft's timing line stays on stderr; log records do not.)
    assert!(
        !err.contains("INFO"),
        "logs go to the file, not to stderr: {err}"
    );
    let text = std::fs::read_to_string(&log).expect("log");
    assert!(text.contains("perft 1 --variant xiangqi"), "{text}");
    // RUST_LOG filters: nothing below warnings.
    let log = dir.join("quiet.log");
    let l = log.to_str().expect("path");
    let out = Command::new(env!("CARGO_BIN_EXE_dabbaba"))
        .args(["--log", l])
        .env("RUST_LOG", "warn")
        .stdin(Stdio::null())
        .output()
        .expect("run");
    assert!(out.status.success());
    assert_eq!(std::fs::read_to_string(&log).expect("log"), "");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Clobber: every move captures, so a quiescence search of captures would be a search to the
/// end of the game; where the rules allow no quiet move, quiescence stands pat and a shallow
/// search is small (it did not finish depth 1 before).
#[test]
fn a_game_where_every_move_captures_searches_like_any_other() {
    let (code, out, err) = dabbaba(
        &["analyse", "--variant", "clobber", "--depth", "4", "--json"],
        None,
    );
    assert_eq!(code, 0, "{err}");
    let lines = ndjson(&out);
    let best = lines.last().expect("a bestmove line");
    assert_eq!(best["type"], "bestmove");
    assert_eq!(best["depth"], 4);
    let nodes = best["nodes"].as_u64().expect("nodes");
    assert!(nodes < 200_000, "{nodes} nodes for depth 4");
}
