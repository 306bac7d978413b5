//! The tuning pipeline from the outside: `dabbaba datagen` writes positions, `dabbaba tune`
//! fits weights to them and writes a weights file, `dabbaba train` trains a net on them, `--weights FILE` makes every command use
//! it; malformed data and weights files are rejected with `FILE:LINE: reason`.

mod pipe_common;

use pipe_common::run as dabbaba;
use std::path::{Path, PathBuf};

/// A fresh directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dabbaba-tuning-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn path(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

/// The score of a depth-1 analysis (side to move's point of view, centipawns).
fn depth1_score(weights: Option<&str>, fen: &str) -> i64 {
    let mut args = Vec::new();
    if let Some(w) = weights {
        args.extend(["--weights", w]);
    }
    // The hand-crafted evaluation both ways (a weights file also chooses it by itself).
    args.extend(["analyse", "--fen", fen, "--depth", "1", "--json", "--hce"]);
    let (code, out, err) = dabbaba(&args);
    assert_eq!(code, 0, "{err}");
    let last: serde_json::Value =
        serde_json::from_str(out.lines().last().expect("output")).expect("json");
    last["score"]["cp"]
        .as_i64()
        .unwrap_or_else(|| panic!("no cp score: {last}"))
}

#[test]
fn datagen_tune_and_weights_work_end_to_end() {
    let dir = scratch("pipeline");
    let data = dir.join("chess.txt");
    let args = [
        "datagen",
        "--variant",
        "chess",
        "--games",
        "6",
        "--nodes",
        "400",
        "--max-plies",
        "60",
        // A seed whose games leave every type from pawn to queen unbalanced at some point
        // (the `--terms material` check below counts five weights); which seeds do depends
        // on the search (seed 7 stopped doing so with session 29's quiescence).
        "--seed",
        "9",
        "--jobs",
        "2",
        "--hce",
        "--out",
        path(&data),
    ];
    let (code, out, err) = dabbaba(&args);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("6 games (0 already in the file)"), "{out}");
    let text = std::fs::read_to_string(&data).expect("data");
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() > 30, "{} positions", lines.len());
    for line in &lines {
        let f: Vec<&str> = line.split(" | ").collect();
        assert_eq!(f.len(), 4, "{line}");
        assert!(["0", "0.5", "1"].contains(&f[2]), "{line}");
        assert!(
            f[1].parse::<i32>().is_ok() && f[3].parse::<u64>().is_ok(),
            "{line}"
        );
    }
    // Running it again plays nothing: every game is in the file (a stopped run resumes).
    let (code, out, _) = dabbaba(&args);
    assert_eq!(code, 0);
    assert!(out.starts_with("0 games (6 already in the file)"), "{out}");
    assert_eq!(std::fs::read_to_string(&data).expect("data"), text);

    let weights = dir.join("chess-weights.txt");
    let (code, out, err) = dabbaba(&[
        "tune",
        "--data",
        path(&data),
        "--epochs",
        "20",
        "--learning-rate",
        "5",
        "--out",
        path(&weights),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("epoch 20: loss"), "{out}");
    let tuned = std::fs::read_to_string(&weights).expect("weights written");
    assert!(
        tuned.contains("variant chess") && tuned.contains("material n "),
        "{tuned}"
    );

    // --max-ply leaves out exactly the positions past that ply (by the FEN's move number).
    let late = lines
        .iter()
        .filter(|line| {
            let fields: Vec<&str> = line.split(" | ").next().unwrap().split(' ').collect();
            let fullmove: u32 = fields[fields.len() - 1].parse().expect("move number");
            2 * (fullmove - 1) + u32::from(fields[1] == "b") > 20
        })
        .count();
    assert!(late > 0 && late < lines.len(), "{late} late positions");
    let (code, out, err) = dabbaba(&[
        "tune",
        "--data",
        path(&data),
        "--epochs",
        "0",
        "--max-ply",
        "20",
        "--out",
        path(&dir.join("unused.txt")),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(&format!(" and {late} after --max-ply left out")),
        "{late}: {out}"
    );

    // --terms fits only the named terms: against a 0-epoch run (the start weights), only
    // material lines differ; an unknown term is refused.
    let tune_terms = |epochs: &str, terms: &str, out: &Path| {
        dabbaba(&[
            "tune",
            "--data",
            path(&data),
            "--epochs",
            epochs,
            "--learning-rate",
            "5",
            "--terms",
            terms,
            "--out",
            path(out),
        ])
    };
    let (start_file, fitted_file) = (dir.join("start.txt"), dir.join("material.txt"));
    assert_eq!(tune_terms("0", "material", &start_file).0, 0);
    let (code, out, err) = tune_terms("20", "material", &fitted_file);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(" 5 weights, k = "), "pawn to queen: {out}");
    let read = |p: &Path| std::fs::read_to_string(p).expect("weights written");
    let (start, fitted) = (read(&start_file), read(&fitted_file));
    let changed: Vec<&str> = start
        .lines()
        .zip(fitted.lines())
        .filter(|(a, b)| a != b)
        .map(|(_, b)| b)
        .collect();
    assert!(!changed.is_empty(), "{fitted}");
    assert!(
        changed.iter().all(|line| line.starts_with("material ")),
        "{changed:?}"
    );
    let (code, _, err) = tune_terms("1", "material,speed", &fitted_file);
    assert_eq!(code, 1);
    assert!(err.contains("--terms: unknown term 'speed'"), "{err}");

    // `train` makes a net of the same data that the engine reads back for chess.
    let net = dir.join("chess.nnue");
    let (code, out, err) = dabbaba(&[
        "train",
        "--data",
        path(&data),
        "--hidden",
        "8",
        "--epochs",
        "3",
        "--batch",
        "64",
        "--out",
        path(&net),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("epoch 3: loss"), "{out}");
    let bytes = std::fs::read(&net).expect("net written");
    let read = ::dabbaba::eval::nnue::Network::from_bytes(&bytes).expect("the net reads back");
    assert_eq!(
        (read.variant.as_str(), read.inputs, read.hidden),
        ("chess", 768, 8)
    );
    assert!(read.check_fits("chess", 8, 8, "pnbrqk", 768).is_ok());

    // A new round continues from that net, which keeps its hidden size; a net that does not
    // fit (another hidden size asked for, a variant with hands) is refused with the file's name.
    let next = dir.join("chess-2.nnue");
    let from = |extra: &[&str], variant: &str| {
        let mut args = vec![
            "train",
            "--variant",
            variant,
            "--data",
            path(&data),
            "--from",
            path(&net),
            "--epochs",
            "1",
            "--batch",
            "64",
            "--out",
            path(&next),
        ];
        args.extend_from_slice(extra);
        dabbaba(&args)
    };
    let (code, out, err) = from(&[], "chess");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("hidden 8"), "{out}");
    let continued = std::fs::read(&next).expect("net written");
    let continued = ::dabbaba::eval::nnue::Network::from_bytes(&continued).expect("reads back");
    assert_eq!(continued.hidden, 8);
    let (code, _, err) = from(&["--hidden", "16"], "chess");
    assert_eq!(code, 1);
    assert!(
        err.contains("the net has 8 hidden neurons, --hidden asks for 16"),
        "{err}"
    );
    // The size of a new net, given explicitly, is no exception.
    let (code, _, err) = from(&["--hidden", "128"], "chess");
    assert_eq!(code, 1);
    assert!(err.contains("--hidden asks for 128"), "{err}");
    let (code, _, err) = from(&["--hidden", "8"], "chess");
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = from(&[], "crazyhouse");
    assert_eq!(code, 1);
    assert!(err.contains(&format!("error: {}: ", path(&net))), "{err}");

    // The tuned file is accepted and changes the evaluation.
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    let before = depth1_score(None, fen);
    let after = depth1_score(Some(path(&weights)), fen);
    assert_ne!(before, after, "tuned weights were not applied");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_weights_file_changes_what_the_engine_plays_for() {
    let dir = scratch("knight");
    let file = dir.join("knight.txt");
    std::fs::write(
        &file,
        "variant chess\nboard 8x8\npieces pnbrqk\nmaterial n 900 900\n",
    )
    .expect("write");
    // White has a knight for a bishop: even by default, far ahead when knights are queens.
    let fen = "4k3/8/3b4/8/8/3N4/8/4K3 w - - 0 1";
    let plain = depth1_score(None, fen);
    let knights = depth1_score(Some(path(&file)), fen);
    assert!(knights > plain + 400, "{plain} -> {knights}");
    // Chess has a net that plays by default, but a weights file for chess is the
    // hand-crafted evaluation being measured: it plays without --hce too, and --nnue with it
    // is refused.
    let args = [
        "--weights",
        path(&file),
        "analyse",
        "--fen",
        fen,
        "--depth",
        "1",
        "--json",
    ];
    let (code, out, err) = dabbaba(&args);
    assert_eq!(code, 0, "{err}");
    let last: serde_json::Value = serde_json::from_str(out.lines().last().expect("out")).unwrap();
    assert_eq!(last["score"]["cp"].as_i64(), Some(knights));
    let (code, _, err) = dabbaba(&[&args[..], &["--nnue"]].concat());
    assert_eq!(code, 1);
    assert!(
        err.contains("--weights gives 'chess' a hand-crafted evaluation"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn malformed_files_are_rejected_with_file_and_line() {
    let dir = scratch("bad");
    let cases = [
        (
            "variant chess\nboard 8x8\npieces pnbrqk\nmaterial q 1 2 3\n",
            ":4: material: expected 3 fields, found 4",
        ),
        (
            "variant chess\nboard 8x8\npieces pnbrqk\n\npsq z 1 1 0 0\n",
            ":5: psq: no piece 'z' in this variant",
        ),
        (
            "variant xiangqi\nboard 8x8\n",
            ":2: board: the weights are for 8x8, the variant's board is 9x10",
        ),
        ("board 8x8\n", ":1: no 'variant NAME' line"),
        ("variant nosuch\n", ":1: variant: unknown variant 'nosuch'"),
        // Every variant a shared file names must exist and fit it.
        (
            "variant makruk nosuch\nboard 8x8\npieces pnrmsk\n",
            ":1: variant: unknown variant 'nosuch'",
        ),
        (
            "variant makruk chess\nboard 8x8\npieces pnrmsk\n",
            ":3: for chess: pieces: the weights are for 'pnrmsk', the variant has 'pnbrqk'",
        ),
    ];
    for (k, (text, want)) in cases.iter().enumerate() {
        let file = dir.join(format!("bad{k}.txt"));
        std::fs::write(&file, text).expect("write");
        let (code, out, err) = dabbaba(&["--weights", path(&file), "bench", "--depth", "1"]);
        assert_eq!(code, 1, "{text}: {out}");
        let expected = format!("error: {}{want}", path(&file));
        assert!(err.contains(&expected), "{text}: {err} (wanted {expected})");
    }
    let data = dir.join("data.txt");
    std::fs::write(
        &data,
        "8/8/8/4k3/8/8/8/4K3 w - - 0 1 | 0 | 0.5 | 1\n8/8/8/4k3/8/8/8/4K3 w - - 0 1 | 0 | 2 | 1\n",
    )
    .expect("write");
    let (code, _, err) = dabbaba(&["tune", "--data", path(&data)]);
    assert_eq!(code, 1);
    let expected = format!("error: {}:2: result '2' is not 1, 0.5 or 0", path(&data));
    assert!(err.contains(&expected), "{err}");
    // A FEN the variant cannot read is reported where it stands, by `tune` and `train`.
    std::fs::write(
        &data,
        "8/8/8/4k3/8/8/8/4K3 w - - 0 1 | 0 | 0.5 | 1\n8/8/8/4k3/8/9/8/4K3 w - - 0 1 | 0 | 1 | 1\n",
    )
    .expect("write");
    for command in ["tune", "train"] {
        let out_file = dir.join("out");
        let (code, _, err) = dabbaba(&[command, "--data", path(&data), "--out", path(&out_file)]);
        assert_eq!(code, 1, "{command}");
        let expected = format!("error: {}:2: ", path(&data));
        assert!(err.contains(&expected), "{command}: {err}");
    }
    let (code, _, err) = dabbaba(&[
        "train",
        "--data",
        path(&data),
        "--out",
        "x",
        "--hidden",
        "0",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("--hidden must be 1 to 4096"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn datagen_plays_with_the_net_it_is_given() {
    let dir = scratch("datagen-nnue");
    let run = |extra: &[&str], out: &Path| {
        let mut args = vec![
            "datagen",
            "--variant",
            "chess",
            "--games",
            "2",
            "--nodes",
            "300",
            "--max-plies",
            "40",
            "--seed",
            "3",
            "--out",
            path(out),
        ];
        args.extend_from_slice(extra);
        dabbaba(&args)
    };
    let (hce, nnue) = (dir.join("hce.txt"), dir.join("nnue.txt"));
    for (extra, out) in [(&["--hce"][..], &hce), (&["--nnue"][..], &nnue)] {
        let (code, _, err) = run(extra, out);
        assert_eq!(code, 0, "{err}");
    }
    let (hce, nnue) = (
        std::fs::read_to_string(&hce).expect("data"),
        std::fs::read_to_string(&nnue).expect("data"),
    );
    // Same seed, same openings: only the evaluation differs, so the scores do.
    assert!(!hce.is_empty() && !nnue.is_empty());
    assert_ne!(hce, nnue);

    // The built-in net plays by default; its file given by name plays exactly like it.
    let default = dir.join("default.txt");
    let (code, _, err) = run(&[], &default);
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read_to_string(&default).expect("data"), nnue);
    let named = dir.join("named.txt");
    let net = Path::new(env!("CARGO_MANIFEST_DIR")).join("nets/chess.nnue");
    let (code, _, err) = run(&["--eval-file", path(&net)], &named);
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read_to_string(&named).expect("data"), nnue);

    // A variant without a net, or a file that is no net, is refused before any game.
    let (code, _, err) = dabbaba(&[
        "datagen",
        "--variant",
        "shatranj",
        "--nnue",
        "--out",
        path(&dir.join("x.txt")),
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("'shatranj' has no built-in net"), "{err}");
    assert!(
        !dir.join("x.txt").exists(),
        "no output file for a refused run"
    );
    let bogus = dir.join("bogus.nnue");
    std::fs::write(&bogus, "not a net").expect("write");
    let (code, _, err) = run(&["--eval-file", path(&bogus)], &dir.join("b.txt"));
    assert_eq!(code, 1);
    assert!(
        err.contains("bogus.nnue") && err.contains("not a Dabbaba net"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `datagen --format binary` writes the same games as text in a fifth of the room: `train`
/// reads the same positions from either file (the same losses, epoch by epoch); a run cut off
/// mid-game resumes to the same bytes; a corrupted record, another variant's games and a
/// format mixed into an existing file are refused with the file's name.
#[test]
fn binary_datagen_holds_the_text_positions() {
    let dir = scratch("binary");
    let datagen = |format: &str, out: &Path| {
        dabbaba(&[
            "datagen",
            "--variant",
            "chess",
            "--games",
            "4",
            "--nodes",
            "300",
            "--max-plies",
            "60",
            "--seed",
            "5",
            "--hce",
            "--format",
            format,
            "--out",
            path(out),
        ])
    };
    let (text, binary) = (dir.join("games.txt"), dir.join("games.bin"));
    for (format, out) in [("text", &text), ("binary", &binary)] {
        let (code, out, err) = datagen(format, out);
        assert_eq!(code, 0, "{err}");
        assert!(out.starts_with("4 games (0 already in the file)"), "{out}");
    }
    let (text_len, bytes) = (
        std::fs::metadata(&text).expect("text").len(),
        std::fs::read(&binary).expect("binary"),
    );
    assert!(
        (bytes.len() as u64) * 3 < text_len,
        "{} binary bytes against {text_len}",
        bytes.len()
    );
    let train = |data: &Path, variant: &str| {
        let out = dir.join("net.nnue");
        let (code, out, err) = dabbaba(&[
            "train",
            "--variant",
            variant,
            "--data",
            path(data),
            "--out",
            path(&out),
            "--hidden",
            "4",
            "--epochs",
            "2",
            "--threads",
            "1",
        ]);
        let losses: Vec<String> = out
            .lines()
            .filter(|l| !l.starts_with("wrote"))
            .map(str::to_string)
            .collect();
        (code, losses, err)
    };
    let (code, from_text, err) = train(&text, "chess");
    assert_eq!(code, 0, "{err}");
    let (code, from_binary, err) = train(&binary, "chess");
    assert_eq!(code, 0, "{err}");
    assert!(from_text[0].contains("training and"), "{from_text:?}");
    assert_eq!(from_binary, from_text);

    // Cut off in the last game: that game is dropped and played again, to the same bytes.
    std::fs::write(&binary, &bytes[..bytes.len() - 5]).expect("cut");
    let (code, out, err) = datagen("binary", &binary);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("dropped an unfinished game"), "{out}");
    assert!(out.contains("1 games (3 already in the file)"), "{out}");
    assert_eq!(std::fs::read(&binary).expect("binary"), bytes);

    let (code, _, err) = datagen("text", &binary);
    assert_eq!(code, 1);
    assert!(
        err.contains("holds binary data; give --format binary"),
        "{err}"
    );
    let (code, _, err) = train(&binary, "xiangqi");
    assert_eq!(code, 1);
    assert!(err.contains("games of variant chess, not xiangqi"), "{err}");
    // A letter of the first game's FEN: header (8 + 4 + 2 + "chess"), record length, game
    // number, result, FEN length, then the FEN.
    let mut corrupt = bytes.clone();
    corrupt[19 + 4 + 8 + 1 + 2 + 3] ^= 0x20;
    std::fs::write(&binary, &corrupt).expect("corrupt");
    let (code, _, err) = train(&binary, "chess");
    assert_eq!(code, 1);
    assert!(
        err.contains("games.bin: the record at byte") && err.contains("corrupted (checksum)"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `datagen --positions N` stops taking new games once the run has written N training
/// positions (the games under way are finished and kept), long before `--games`; `--threads`
/// is another name for `--jobs`.
#[test]
fn datagen_stops_at_the_positions_asked_for() {
    let dir = scratch("positions");
    let out = dir.join("games.txt");
    let (code, text, err) = dabbaba(&[
        "datagen",
        "--variant",
        "chess",
        "--games",
        "1000",
        "--positions",
        "40",
        "--threads",
        "2",
        "--nodes",
        "200",
        "--max-plies",
        "60",
        "--seed",
        "9",
        "--hce",
        "--out",
        path(&out),
    ]);
    assert_eq!(code, 0, "{err}");
    let data = std::fs::read_to_string(&out).expect("data");
    let lines = data.lines().count();
    let games: std::collections::HashSet<&str> = data
        .lines()
        .filter_map(|l| l.rsplit('|').next())
        .map(str::trim)
        .collect();
    assert!(lines >= 40, "{lines} positions: {text}");
    // Two games at a time: after the game that crossed the line only those under way finish.
    assert!(
        games.len() < 20,
        "{} games for {lines} positions",
        games.len()
    );
    assert!(text.contains(&format!(", {lines} positions")), "{text}");
    // No positions at all is no run: refused before any game.
    let zero = dir.join("zero.txt");
    let (code, _, err) = dabbaba(&["datagen", "--positions", "0", "--out", path(&zero)]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--positions"), "{err}");
    assert!(!zero.exists(), "no output file for a refused run");
}
