//! `--json` for `perft`, `bench`, `status`, `check`, `variants` and `piece`, in text and JSON
//! mode, on chess, xiangqi and shogi, with the documented fields and the error cases.

mod pipe_common;

use pipe_common::run as dabbaba;
use serde_json::Value;

fn ndjson(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect()
}

fn uint(v: &Value, key: &str) -> u64 {
    v[key].as_u64().unwrap_or_else(|| panic!("{key} in {v}"))
}

#[test]
fn perft_json_matches_text() {
    // Start positions: total nodes and number of root moves (pyffish gives the same).
    for (variant, depth, total, root) in [
        ("chess", "3", 8902, 20),
        ("xiangqi", "2", 1920, 44),
        ("shogi", "2", 900, 30),
    ] {
        let (code, out, err) = dabbaba(&["perft", depth, "--variant", variant, "--json"]);
        assert_eq!(code, 0, "{err}");
        let lines = ndjson(&out);
        assert_eq!(lines.len(), 1);
        let v = &lines[0];
        assert_eq!(v["variant"], variant);
        assert!(v["fen"].is_string());
        let moves = v["moves"].as_array().expect("moves");
        let sum: u64 = moves.iter().map(|m| uint(m, "nodes")).sum();
        assert_eq!(sum, uint(v, "nodes"));
        for m in moves {
            assert!(m["move"].is_string());
        }
        uint(v, "time_ms");
        uint(v, "nps");
        let (code, text, _) = dabbaba(&["perft", depth, "--variant", variant]);
        assert_eq!(code, 0);
        assert_eq!(
            text.lines().last(),
            Some(format!("Nodes searched: {}", uint(v, "nodes")).as_str())
        );
        assert_eq!(uint(v, "nodes"), total, "{variant}");
        assert_eq!(moves.len(), root, "{variant}");
    }
    // Drops in a shogi position with a hand: `P@e5` as a root move.
    let (code, out, err) = dabbaba(&[
        "perft",
        "1",
        "--variant",
        "shogi",
        "--fen",
        "4k4/9/9/9/9/9/9/9/4K4[P] w 0 1",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v = &ndjson(&out)[0];
    let moves: Vec<&str> = v["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m["move"].as_str().expect("move"))
        .collect();
    assert!(moves.contains(&"P@e5"), "{moves:?}");
    // No pawn drop on the last rank, where it could never move.
    assert!(!moves.contains(&"P@e9"), "{moves:?}");
    let (code, out, err) = dabbaba(&["perft", "1", "--fen", "bad", "--json"]);
    assert_eq!(code, 1);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_eq!(ndjson(&out)[0]["type"], "error");
}

#[test]
fn bench_json_matches_text() {
    for variant in ["chess", "xiangqi", "shogi"] {
        let (code, out, err) = dabbaba(&["bench", "--variant", variant, "--depth", "2", "--json"]);
        assert_eq!(code, 0, "{err}");
        let lines = ndjson(&out);
        let (total, positions) = lines.split_last().expect("lines");
        assert_eq!(total["type"], "total");
        assert!(!positions.is_empty());
        let mut sum = 0;
        for (i, p) in positions.iter().enumerate() {
            assert_eq!(p["type"], "position");
            assert_eq!(p["variant"], variant);
            assert_eq!(uint(p, "index"), i as u64 + 1);
            assert!(p["fen"].is_string() && p["bestmove"].is_string(), "{p}");
            sum += uint(p, "nodes");
        }
        assert_eq!(sum, uint(total, "nodes"));
        // The node count is a signature: text mode gives the same.
        let (code, text, _) = dabbaba(&["bench", "--variant", variant, "--depth", "2"]);
        assert_eq!(code, 0);
        let last = text.lines().last().expect("last line");
        assert!(
            last.starts_with(&format!("{sum} nodes ")) && last.ends_with(" nps"),
            "{last}"
        );
    }
    let (code, out, _) = dabbaba(&["bench", "--variant", "nosuch", "--json"]);
    assert_eq!(code, 1);
    assert_eq!(ndjson(&out)[0]["type"], "error");
}

/// `bench`'s node count with extra arguments.
fn bench_nodes(extra: &[&str]) -> u64 {
    let mut args = vec!["bench", "--depth", "5", "--json"];
    args.extend_from_slice(extra);
    let (code, out, err) = dabbaba(&args);
    assert_eq!(code, 0, "{err}");
    uint(ndjson(&out).last().expect("total"), "nodes")
}

#[test]
fn bench_measures_the_net_it_is_given() {
    // The built-in net (the default) searches another tree than the hand-crafted evaluation,
    // and the same one as its file given by name.
    let builtin = bench_nodes(&["--nnue"]);
    assert_ne!(builtin, bench_nodes(&["--hce"]));
    assert_eq!(builtin, bench_nodes(&[]), "chess plays its net by default");
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/nets/chess.nnue");
    assert_eq!(builtin, bench_nodes(&["--eval-file", file]));
    // `analyse` evaluates with the net too: another score for the same position.
    let score = |extra: &[&str]| {
        let fen = "r1bqkbnr/p2p2p1/n1p1p3/1B5p/1P2N3/P4N2/2PP1PPP/R1BQK2R w KQkq - 0 8";
        let mut args = vec!["analyse", "--fen", fen, "--depth", "3", "--json"];
        args.extend_from_slice(extra);
        let (code, out, err) = dabbaba(&args);
        assert_eq!(code, 0, "{err}");
        ndjson(&out).last().expect("bestmove")["score"]["cp"].clone()
    };
    assert_ne!(score(&["--nnue"]), score(&["--hce"]));
    assert_eq!(score(&["--nnue"]), score(&["--eval-file", file]));
    // A variant without a net is refused alone, skipped among all.
    let (code, _, err) = dabbaba(&["bench", "--variant", "shatranj", "--nnue"]);
    assert_eq!(code, 1);
    assert!(err.contains("'shatranj' has no built-in net"), "{err}");
    let (code, out, err) = dabbaba(&[
        "bench",
        "--variant",
        "all",
        "--depth",
        "1",
        "--nnue",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("skipped shatranj: --nnue"), "{err}");
    let variants: Vec<String> = ndjson(&out)
        .iter()
        .filter_map(|l| l["variant"].as_str().map(String::from))
        .collect();
    let has_net = |v: &String| {
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(format!("nets/{v}.nnue"))
            .exists()
    };
    assert!(
        variants.iter().any(|v| v == "chess") && variants.iter().all(has_net),
        "{variants:?}"
    );
}

#[test]
fn status_text_and_json() {
    let cases: [(&str, &[&str], &str, &str); 10] = [
        ("chess", &[], "* white to move, 20 legal moves", "*"),
        (
            "chess",
            &["--fen", "R5k1/5ppp/8/8/8/8/8/4K3 b - - 0 1"],
            "1-0 checkmate",
            "1-0",
        ),
        (
            "chess",
            &["--fen", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"],
            "1/2-1/2 stalemate",
            "1/2-1/2",
        ),
        (
            "chess",
            &["--fen", "4k3/8/8/8/8/8/8/4K2R b K - 100 80"],
            "1/2-1/2 n-move rule",
            "1/2-1/2",
        ),
        (
            "chess",
            &[
                "--moves", "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
            ],
            "1/2-1/2 repetition",
            "1/2-1/2",
        ),
        ("xiangqi", &["--moves", "h3e3"], "* black to move, ", "*"),
        // Xiangqi: mate, and a stalemate, which the stalemated side loses.
        (
            "xiangqi",
            &["--fen", "3k5/R8/9/9/9/9/8p/3R5/9/4K4 b - - 1 1"],
            "1-0 checkmate",
            "1-0",
        ),
        (
            "xiangqi",
            &["--fen", "3k5/2N1R4/9/9/9/9/9/4BA3/9/4KA3 b - - 0 65"],
            "1-0 stalemate",
            "1-0",
        ),
        ("shogi", &[], "* white to move, 30 legal moves", "*"),
        // A gold on a8, guarded by the pawn on a7, mates the king in the corner.
        (
            "shogi",
            &["--fen", "k8/G8/P8/9/9/9/9/9/4K4[-] b 0 1"],
            "1-0 checkmate",
            "1-0",
        ),
    ];
    for (variant, extra, text, result) in cases {
        let mut args = vec!["status", "--variant", variant];
        args.extend_from_slice(extra);
        let (code, out, err) = dabbaba(&args);
        assert_eq!(code, 0, "{err}");
        assert!(out.trim().starts_with(text), "{args:?}: {out}");
        args.push("--json");
        let (code, out, _) = dabbaba(&args);
        assert_eq!(code, 0);
        let lines = ndjson(&out);
        assert_eq!(lines.len(), 1);
        let v = &lines[0];
        if result == "*" {
            assert!(v["result"].is_null(), "{v}");
        } else {
            assert_eq!(v["result"], result, "{v}");
        }
        assert_eq!(v["over"], result != "*");
        assert!(v["reason"].is_string() == (result != "*"), "{v}");
        assert!(v["side_to_move"] == "white" || v["side_to_move"] == "black");
        assert!(v["in_check"].is_boolean());
        uint(v, "legal_moves");
        assert!(v["fen"].is_string());
    }
    for (variant, args, needle) in [
        ("chess", &["--moves", "e2e5"][..], "e2e5"),
        ("shogi", &["--moves", "P@e5"][..], "P@e5"),
        ("xiangqi", &["--fen", "9/9 w - - 0 1"][..], "bad FEN"),
    ] {
        let mut all = vec!["status", "--variant", variant];
        all.extend_from_slice(args);
        let (code, out, err) = dabbaba(&all);
        assert_eq!(code, 1, "{all:?}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(needle), "{err}");
        assert!(out.is_empty(), "{out}");
        all.push("--json");
        let (code, out, _) = dabbaba(&all);
        assert_eq!(code, 1);
        assert_eq!(ndjson(&out)[0]["type"], "error", "{out}");
    }
}

#[test]
fn check_json_one_object_per_file() {
    let dir = std::env::temp_dir().join(format!("dabbaba-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("tmp");
    let good = dir.join("good.ini");
    std::fs::write(&good, "[mychess:chess]\n").expect("write");
    let bad = dir.join("bad.ini");
    std::fs::write(&bad, "[mine:chess]\nnoSuchKey = 1\n").expect("write");
    let g = good.to_str().expect("path");
    let b = bad.to_str().expect("path");
    let (code, out, _) = dabbaba(&["check", g, "--json"]);
    assert_eq!(code, 0);
    let v = &ndjson(&out)[0];
    assert_eq!(v["ok"], true);
    assert_eq!(v["variants"], serde_json::json!(["mychess"]));
    assert_eq!(v["errors"], serde_json::json!([]));
    let (code, out, _) = dabbaba(&["check", g, b, "/nonexistent.ini", "--json"]);
    assert_eq!(code, 1);
    let lines = ndjson(&out);
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[1]["ok"], false);
    let e = &lines[1]["errors"][0];
    assert_eq!(uint(e, "line"), 2);
    assert_eq!(e["key"], "noSuchKey");
    assert!(e["reason"].is_string() && e["file"].is_string());
    assert_eq!(lines[2]["ok"], false);
    // Text mode: `FILE: OK ...`, or `FILE:LINE: key: reason` and exit code 1.
    let (code, out, _) = dabbaba(&["check", g]);
    assert_eq!(code, 0);
    assert!(out.contains("OK") && out.contains("mychess"), "{out}");
    let (code, out, err) = dabbaba(&["check", b]);
    assert_eq!(code, 1);
    let all = format!("{out}{err}");
    assert!(all.contains(&format!("{b}:2: noSuchKey: ")), "{all}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn variants_and_piece_json() {
    let (code, out, _) = dabbaba(&["variants", "--json"]);
    assert_eq!(code, 0);
    let all: Value = serde_json::from_str(&out).expect("JSON");
    let (code, text, _) = dabbaba(&["variants"]);
    assert_eq!(code, 0);
    for (name, board, start) in [
        (
            "chess",
            "8x8",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            "xiangqi",
            "9x10",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        ),
        (
            "shogi",
            "9x9",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1",
        ),
    ] {
        let v = all
            .as_array()
            .expect("array")
            .iter()
            .find(|v| v["name"] == name)
            .unwrap_or_else(|| panic!("{name} listed"));
        assert_eq!(v["board"], board, "{v}");
        assert_eq!(v["startFen"], start, "{v}");
        let pieces = v["pieces"].as_array().expect("pieces");
        assert!(pieces
            .iter()
            .all(|p| p["betza"].is_string() && p["letter"].is_string() && p["name"].is_string()));
        // The text listing has the same name and board.
        assert!(
            text.lines().any(|l| {
                let f: Vec<&str> = l.split_whitespace().collect();
                f.first() == Some(&name) && f.get(1) == Some(&board)
            }),
            "{name} {board} not in the text listing"
        );
    }
    let betza = |name: &str, letter: &str| -> String {
        let v = all
            .as_array()
            .expect("array")
            .iter()
            .find(|v| v["name"] == name)
            .expect("variant");
        v["pieces"]
            .as_array()
            .expect("pieces")
            .iter()
            .find(|p| p["letter"] == letter)
            .and_then(|p| p["betza"].as_str())
            .expect("piece")
            .to_string()
    };
    assert_eq!(betza("shogi", "N"), "fN");
    assert_eq!(betza("xiangqi", "C"), "mRcpR");

    let (code, out, _) = dabbaba(&["piece", "N", "--json"]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["destinations"].as_array().map(Vec::len), Some(8));
    // Shogi knight on a 9x9 board (centre e5): the two forward jumps.
    let (code, out, _) = dabbaba(&["piece", "fN", "--board", "9x9", "--json"]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["square"], "e5");
    assert_eq!(v["destinations"], serde_json::json!(["d7", "f7"]));
    // Xiangqi horse on 9x10, blocked forward by an own piece on e6.
    let args = [
        "piece", "nN", "--board", "9x10", "--square", "e5", "--occupy", "own:e6",
    ];
    let (code, out, _) = dabbaba(&[&args[..], &["--json"]].concat());
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(
        v["destinations"],
        serde_json::json!(["c4", "c6", "d3", "f3", "g4", "g6"])
    );
    let (code, text, _) = dabbaba(&args);
    assert_eq!(code, 0);
    assert!(text.contains("10 . ."), "ranks up to 10: {text}");
    // A bad description: exit 1, and an error object with --json.
    let (code, out, err) = dabbaba(&["piece", "fmWx", "--json"]);
    assert_eq!(code, 1);
    assert!(err.contains("column 4"), "{err}");
    assert!(out.contains("error"), "{out}");
}

#[test]
fn variants_skips_a_bad_section_and_a_missing_file_is_an_error_in_both_modes() {
    let dir = std::env::temp_dir().join(format!("dabbaba-variants-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("tmp");
    let bad = dir.join("bad.ini");
    std::fs::write(&bad, "[mine:nosuchparent]\n[ours:chess]\n").expect("write");
    let b = bad.to_str().expect("path");
    // As in Fairy-Stockfish, the bad section is skipped with a warning; the rest loads.
    let (code, out, err) = dabbaba(&["--variants", b, "variants"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("unknown parent variant 'nosuchparent'"),
        "{err}"
    );
    assert!(out.lines().any(|l| l.starts_with("ours ")), "{out}");
    assert!(!out.lines().any(|l| l.starts_with("mine ")), "{out}");
    let (code, out, err) = dabbaba(&["--variants", b, "variants", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("\"ours\"") && !out.contains("\"mine\""),
        "{out}"
    );
    // A file that cannot be read is an error: one line on standard error, or an error
    // object with --json.
    let missing = dir.join("missing.ini");
    let m = missing.to_str().expect("path");
    let (code, out, err) = dabbaba(&["--variants", m, "variants"]);
    assert_eq!(code, 1);
    assert!(out.is_empty(), "{out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let (code, out, err) = dabbaba(&["--variants", m, "variants", "--json"]);
    assert_eq!(code, 1, "{err}");
    let v = &ndjson(&out)[0];
    assert_eq!(v["type"], "error");
    assert!(
        v["error"]
            .as_str()
            .is_some_and(|e| e.contains("cannot read")),
        "{v}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn status_serve_answers_each_line_as_status_json_does() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let lines = [
        "startpos",
        "startpos moves e2e4 e7e5 g1f3",
        "fen R5k1/5ppp/8/8/8/8/8/4K3 b - - 0 1",
        "startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8",
        "bogus",
        "startpos moves e2e5",
        "fen 9/9 w - - 0 1",
        "fen 7k/8/6K1/8/8/8/8/5Q2 w - - 0 1 moves f1f7",
        "startpos moves e2e4 \u{fffd}",
    ];
    let mut child = Command::new(env!("CARGO_BIN_EXE_dabbaba"))
        .args(["status", "--serve", "--variant", "chess"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start dabbaba");
    {
        let mut stdin = child.stdin.take().expect("stdin");
        for l in lines {
            // The last line goes out with a byte that is not UTF-8 in place of U+FFFD.
            let bytes = l.replace('\u{fffd}', "\u{1}").into_bytes();
            let bytes: Vec<u8> = bytes
                .iter()
                .map(|&b| if b == 1 { 0xf6 } else { b })
                .collect();
            stdin.write_all(&bytes).expect("write");
            stdin.write_all(b"\n").expect("write");
        }
    }
    let out = child.wait_with_output().expect("wait");
    assert!(out.status.success());
    let answers = ndjson(&String::from_utf8_lossy(&out.stdout));
    assert_eq!(answers.len(), lines.len());
    for (line, v) in lines.iter().zip(&answers) {
        let mut words = line.split_whitespace();
        let mut args = vec!["status", "--json", "--variant", "chess"];
        let fen: String;
        match words.next() {
            Some("fen") => {
                fen = words
                    .by_ref()
                    .take_while(|w| *w != "moves")
                    .collect::<Vec<_>>()
                    .join(" ");
                args.extend(["--fen", fen.as_str()]);
            }
            Some("startpos") => {
                words.next();
            }
            _ => {
                assert_eq!(v["type"], "error", "{line}: {v}");
                continue;
            }
        }
        let moves: Vec<&str> = words.collect();
        if !moves.is_empty() {
            args.push("--moves");
            args.extend(moves.iter().copied());
        }
        let (_, single, _) = dabbaba(&args);
        let mut expected = ndjson(&single).remove(0);
        if expected["type"] == "error" {
            assert_eq!(v["type"], "error", "{line}: {v}");
            continue;
        }
        // The served answer is the `--json` object plus the legal moves.
        let legal = v["moves"]
            .as_array()
            .unwrap_or_else(|| panic!("{line}: {v}"));
        assert_eq!(
            legal.len() as u64,
            uint(&expected, "legal_moves"),
            "{line}: {v}"
        );
        expected["moves"] = v["moves"].clone();
        assert_eq!(v, &expected, "{line}");
    }
    assert_eq!(answers[0]["moves"].as_array().map(Vec::len), Some(20));
    assert!(answers[1]["moves"]
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m == "b8c6"));
    assert_eq!(answers[2]["reason"], "checkmate");
    assert_eq!(answers[3]["reason"], "repetition");
    assert_eq!(answers[7]["reason"], "stalemate");
}
