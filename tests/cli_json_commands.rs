//! `--json` for `perft`, `bench`, `status`, `check`, `variants` and `piece`, in text and JSON
//! mode, on chess, xiangqi and shogi. Shogi positions cannot be set up yet (no drops in the
//! board layer): those cases accept the error and check it is reported with exit code 1.

use serde_json::Value;
use std::process::Command;

fn dabbaba(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_dabbaba"))
        .args(args)
        .output()
        .expect("run dabbaba");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

fn ndjson(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect()
}

fn uint(v: &Value, key: &str) -> u64 {
    v[key].as_u64().unwrap_or_else(|| panic!("{key} in {v}"))
}

/// Shogi is not playable yet: the command must fail cleanly.
fn shogi_not_yet(code: i32, err: &str) {
    eprintln!("shogi not playable yet: {}", err.trim());
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("not supported") || err.contains("cannot be played"),
        "{err}"
    );
}

#[test]
fn perft_json_matches_text() {
    for (variant, depth) in [("chess", "3"), ("xiangqi", "2"), ("shogi", "2")] {
        let (code, out, err) = dabbaba(&["perft", depth, "--variant", variant, "--json"]);
        if variant == "shogi" && code != 0 {
            shogi_not_yet(code, &err);
            let lines = ndjson(&out);
            assert_eq!(lines[0]["type"], "error");
            continue;
        }
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
        if variant == "chess" {
            assert_eq!(uint(v, "nodes"), 8902);
            assert_eq!(moves.len(), 20);
        }
    }
    let (code, out, err) = dabbaba(&["perft", "1", "--fen", "bad", "--json"]);
    assert_eq!(code, 1);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_eq!(ndjson(&out)[0]["type"], "error");
}

#[test]
fn bench_json_matches_text() {
    for variant in ["chess", "xiangqi"] {
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

#[test]
fn status_text_and_json() {
    let cases: [(&str, &[&str], &str, &str); 6] = [
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
    // Shogi: the start position once drops exist; until then a clean error.
    let (code, out, err) = dabbaba(&["status", "--variant", "shogi", "--json"]);
    if code == 0 {
        assert!(ndjson(&out)[0]["result"].is_null());
    } else {
        shogi_not_yet(code, &err);
        assert_eq!(ndjson(&out)[0]["type"], "error");
    }
    let (code, _, err) = dabbaba(&["status", "--moves", "e2e5"]);
    assert_eq!(code, 1);
    assert!(err.contains("e2e5"), "{err}");
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
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn variants_and_piece_json() {
    let (code, out, _) = dabbaba(&["variants", "--json"]);
    assert_eq!(code, 0);
    let all: Value = serde_json::from_str(&out).expect("JSON");
    for name in ["chess", "xiangqi", "shogi"] {
        let v = all
            .as_array()
            .expect("array")
            .iter()
            .find(|v| v["name"] == name)
            .unwrap_or_else(|| panic!("{name} listed"));
        assert!(v["startFen"].is_string() && v["board"].is_string(), "{v}");
        assert!(v["pieces"]
            .as_array()
            .is_some_and(|p| p.iter().all(|p| p["betza"].is_string())));
    }
    let (code, out, _) = dabbaba(&["piece", "N", "--json"]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["destinations"].as_array().map(Vec::len), Some(8));
}
