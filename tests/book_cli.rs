//! `dabbaba book`: a small book by self-play (every first move, random draws among the best
//! lines), resumed where it stopped (a cut last line played again), refused for another
//! variant or depth, and exported as EPD positions (each set up again by `status`) and PGN.

use std::path::Path;
use std::process::{Command, Output};

fn dabbaba(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dabbaba"))
        .args(args)
        .output()
        .expect("run dabbaba")
}

fn book(out: &Path, extra: &[&str]) -> Output {
    let mut args = vec![
        "book",
        "--variant",
        "chess",
        "--out",
        out.to_str().expect("path"),
        "--plies",
        "4",
        "--nodes",
        "300",
        "--max-plies",
        "60",
        "--min-plies",
        "30",
        "--seed",
        "7",
    ];
    args.extend_from_slice(extra);
    dabbaba(&args)
}

#[test]
fn a_book_is_built_resumed_and_exported() {
    let dir = std::env::temp_dir().join(format!("dabbaba-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let out = dir.join("chess.book");
    let _ = std::fs::remove_file(&out);
    let run = book(&out, &["--games", "1"]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let text = std::fs::read_to_string(&out).expect("book");
    let games: Vec<&str> = text.lines().filter(|l| l.starts_with("game ")).collect();
    // One game from each of chess's 20 first moves, each opening 4 plies long.
    assert_eq!(games.len(), 20, "{text}");
    assert!(text.starts_with("# dabbaba opening book 1\nvariant chess\nfen "));
    let firsts: std::collections::HashSet<&str> = games
        .iter()
        .map(|g| {
            g.split(" moves ")
                .nth(1)
                .unwrap()
                .split(' ')
                .next()
                .unwrap()
        })
        .collect();
    assert_eq!(firsts.len(), 20);
    for g in &games {
        let moves = g.split(" moves ").nth(1).unwrap();
        assert_eq!(moves.split(' ').count(), 4, "{g}");
    }

    // The same command again plays nothing; a cut last line is dropped and played again.
    let run = book(&out, &["--games", "1"]);
    let said = String::from_utf8_lossy(&run.stdout).to_string();
    assert!(
        said.contains("0 games played (20 already in the book)"),
        "{said}"
    );
    let whole = std::fs::read_to_string(&out).expect("book");
    let cut = whole.len() - 10;
    std::fs::write(&out, &whole[..cut]).expect("cut");
    let run = book(&out, &["--games", "1"]);
    let said = String::from_utf8_lossy(&run.stdout).to_string();
    assert!(said.contains("dropped an unfinished line"), "{said}");
    assert!(
        said.contains("1 games played (19 already in the book)"),
        "{said}"
    );
    assert_eq!(
        std::fs::read_to_string(&out).expect("book"),
        whole,
        "a game is a function of its number"
    );

    // Another depth is another book, and other settings would mix unlike verdicts.
    let run = dabbaba(&["book", "--out", out.to_str().unwrap(), "--plies", "6"]);
    assert!(!run.status.success());
    assert!(String::from_utf8_lossy(&run.stderr).contains("to 4 plies"));
    let run = book(&out, &["--games", "1", "--margin", "10"]);
    assert!(!run.status.success());
    assert!(String::from_utf8_lossy(&run.stderr).contains("margin 40"));
    let run = book(&out, &["--games", "1", "--margin", "-5"]);
    assert!(!run.status.success(), "a negative margin is refused");

    // Exports: every position sets up again, every PGN game has its four moves in SAN.
    let epd = dir.join("chess.epd");
    let pgn = dir.join("chess.pgn");
    let run = book(
        &out,
        &[
            "--games",
            "1",
            "--epd",
            epd.to_str().unwrap(),
            "--pgn",
            pgn.to_str().unwrap(),
        ],
    );
    assert!(run.status.success());
    let kept = whole.lines().filter(|l| l.contains(" kept ")).count();
    assert!(kept > 0, "{whole}");
    let fens = std::fs::read_to_string(&epd).expect("epd");
    assert_eq!(fens.lines().count(), kept);
    for fen in fens.lines() {
        let st = dabbaba(&["status", "--fen", fen]);
        assert!(
            st.status.success(),
            "{fen}: {}",
            String::from_utf8_lossy(&st.stderr)
        );
    }
    let games_text = std::fs::read_to_string(&pgn).expect("pgn");
    assert_eq!(games_text.matches("[Event ").count(), kept);
    assert!(games_text.contains("\n1. "), "{games_text}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--centre` moves the window of kept scores: centred far from any score a balanced opening
/// has, nothing is kept, and the header says the window, so that a resume with another is
/// refused.
#[test]
fn the_kept_window_can_be_centred_elsewhere() {
    let dir = std::env::temp_dir().join(format!("dabbaba-book-centre-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let out = dir.join("chess.book");
    let _ = std::fs::remove_file(&out);
    let centred = ["--games", "1", "--centre", "3000", "--max-eval", "100"];
    let run = book(&out, &centred);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let text = std::fs::read_to_string(&out).expect("book");
    assert!(text.contains(" max-eval 100 centre 3000 "), "{text}");
    let games: Vec<&str> = text.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 20);
    assert!(!games.iter().any(|g| g.contains(" kept ")), "{text}");
    assert!(games.iter().any(|g| g.contains(" unbalanced ")), "{text}");
    let run = book(&out, &["--games", "1", "--max-eval", "100"]);
    assert!(!run.status.success(), "another window is another book");
    let _ = std::fs::remove_dir_all(&dir);
}
