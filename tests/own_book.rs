//! `OwnBook` and `BookFile`: over UCI and CECP the engine answers from the book while the
//! position is in it (by position, so a FEN or another move order finds it too), drawing
//! among the book's moves by their counts, and searches once out of it; a book file that is
//! not one, or whose lines do not fit its variant, is refused with the reason and the engine
//! plays on without a book. A book made by `dabbaba book` is played the same way.

mod pipe_common;

use pipe_common::Session;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// `go` in the position sent: the lines up to `bestmove`.
fn go(s: &mut Session, position: &str) -> Vec<String> {
    s.send(position);
    s.send("go nodes 2000");
    s.until("bestmove")
}

fn searched(lines: &[String]) -> bool {
    lines.iter().any(|l| l.starts_with("info depth"))
}

fn best(lines: &[String]) -> String {
    let last = lines.last().expect("a bestmove line");
    last.split_whitespace().nth(1).expect("a move").to_string()
}

struct Dir(PathBuf);

impl Dir {
    fn new(name: &str) -> Dir {
        let d = std::env::temp_dir().join(format!("dabbaba-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&d).expect("dir");
        Dir(d)
    }
    fn file(&self, name: &str, text: &str) -> PathBuf {
        let p = self.0.join(name);
        std::fs::write(&p, text).expect("write");
        p
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A chess book written by hand: two kept lines through 1. e4, and a short (not kept) 1. d4.
fn hand_book() -> String {
    format!(
        "# dabbaba opening book 1\nvariant chess\nfen {START}\nplies 3\n\
         settings games 1 nodes 100 multipv 4 margin 40 max-eval 150 min-plies 60 \
         max-plies 240 win-score 1000 seed 1\n\
         game 0 kept score 10 length 90 result 1/2-1/2 moves e2e4 e7e5 g1f3\n\
         game 1 kept score 20 length 80 result 1-0 moves e2e4 c7c5 g1f3\n\
         game 2 short score 5 length 20 result 0-1 moves d2d4 d7d5 c2c4\n"
    )
}

fn uci_with_book(book: &Path) -> Session {
    let mut s = Session::start("uci");
    s.until("uciok");
    s.send("setoption name OwnBook value true");
    s.send(&format!("setoption name BookFile value {}", book.display()));
    s.send("isready");
    let ready = s.until("readyok");
    assert!(
        !ready.iter().any(|l| l.contains("error")),
        "the book was refused: {ready:?}"
    );
    s
}

#[test]
fn uci_plays_from_the_book_while_in_it_and_searches_after() {
    let dir = Dir::new("own-book");
    let book = dir.file("chess.book", &hand_book());
    let mut s = uci_with_book(&book);

    // The start position: only the kept first move, without a search.
    let lines = go(&mut s, "position startpos");
    assert_eq!(best(&lines), "e2e4", "{lines:?}");
    assert!(!searched(&lines), "searched in the book: {lines:?}");
    assert!(
        lines.contains(&"info string book move e2e4 (2 of 2 games)".to_string()),
        "{lines:?}"
    );

    // After 1. e4 both replies are drawn, each about half of the time.
    let mut replies = BTreeMap::new();
    for _ in 0..40 {
        let lines = go(&mut s, "position startpos moves e2e4");
        assert!(!searched(&lines), "{lines:?}");
        *replies.entry(best(&lines)).or_insert(0) += 1;
    }
    let drawn: Vec<&String> = replies.keys().collect();
    assert_eq!(drawn, ["c7c5", "e7e5"], "{replies:?}");

    // The position after 1. e4 e5 sent as a FEN is found in the book too.
    let lines = go(
        &mut s,
        "position fen rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
    );
    assert_eq!(best(&lines), "g1f3", "{lines:?}");
    assert!(!searched(&lines));

    // Out of the book (the short line is not in it, nor is the end of a line): a search.
    for position in [
        "position startpos moves d2d4",
        "position startpos moves e2e4 e7e5 g1f3",
    ] {
        let lines = go(&mut s, position);
        assert!(searched(&lines), "{position}: {lines:?}");
        assert!(!lines.iter().any(|l| l.contains("book move")));
    }

    // `searchmoves` limits the book too, and analysis searches.
    for _ in 0..20 {
        s.send("position startpos moves e2e4");
        s.send("go nodes 2000 searchmoves c7c5 g8f6");
        let lines = s.until("bestmove");
        assert_eq!(best(&lines), "c7c5", "{lines:?}");
    }
    s.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    s.send("stop");
    let lines = s.until("bestmove");
    assert!(searched(&lines), "{lines:?}");

    // OwnBook off: a search in a book position.
    s.send("setoption name OwnBook value false");
    let lines = go(&mut s, "position startpos");
    assert!(searched(&lines), "{lines:?}");
}

#[test]
fn a_corrupt_book_is_refused_and_the_engine_plays_on_without_one() {
    let dir = Dir::new("bad-book");
    let good = dir.file("good.book", &hand_book());
    let garbled = dir.file(
        "garbled.book",
        &hand_book().replace("game 1 kept score 20", "game 1 kept sc0re 20"),
    );
    let cases = [
        (
            dir.file("notes.txt", "these are my notes\n"),
            "not a dabbaba opening book".to_string(),
        ),
        (
            dir.file(
                "illegal.book",
                &hand_book().replace("e2e4 c7c5 g1f3", "e2e4 c7c5 g1g3"),
            ),
            "has a move that is not legal: g1g3".to_string(),
        ),
        (
            garbled.clone(),
            format!("{}:7: not a book game line", garbled.display()),
        ),
        (
            dir.file(
                "other.book",
                &hand_book().replace("variant chess", "variant nosuch"),
            ),
            "unknown variant 'nosuch'".to_string(),
        ),
    ];
    for (path, want) in &cases {
        // A good book first: a refused file must not leave it (or anything) in play.
        let mut s = uci_with_book(&good);
        s.send(&format!("setoption name BookFile value {}", path.display()));
        s.send("isready");
        let lines = s.until("readyok");
        let error = lines
            .iter()
            .find(|l| l.starts_with("info string error: cannot use book"))
            .unwrap_or_else(|| panic!("{}: no refusal in {lines:?}", path.display()));
        assert!(error.contains(want.as_str()), "{error} lacks '{want}'");
        let lines = go(&mut s, "position startpos");
        assert!(searched(&lines), "{}: {lines:?}", path.display());
        assert!(!lines.iter().any(|l| l.contains("book move")));
    }
    // A file that is not there.
    let mut s = uci_with_book(&good);
    s.send("setoption name BookFile value /nonexistent/dabbaba.book");
    s.send("isready");
    let lines = s.until("readyok");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("cannot read /nonexistent/dabbaba.book")),
        "{lines:?}"
    );
}

#[test]
fn cecp_plays_from_the_book_and_announces_the_options() {
    let dir = Dir::new("cecp-book");
    let book = dir.file("chess.book", &hand_book());
    let mut s = Session::start("xboard");
    s.send("protover 2");
    let features = s.until("feature done=1");
    assert!(features.contains(&"feature option=\"OwnBook -check 0\"".to_string()));
    assert!(features.contains(&"feature option=\"BookFile -file <empty>\"".to_string()));
    s.send("option OwnBook=1");
    s.send(&format!("option BookFile={}", book.display()));
    s.send("new");
    s.send("post");
    s.send("go");
    let lines = s.until("move ");
    assert_eq!(
        lines.last().map(String::as_str),
        Some("move e2e4"),
        "{lines:?}"
    );
    assert!(lines.iter().any(|l| l == "# book move e2e4 (2 of 2 games)"));
    // Black's reply is not in the book: the engine searches and moves.
    s.send("usermove d7d5");
    let lines = s.until("move ");
    assert!(
        lines
            .iter()
            .any(|l| l.chars().next().is_some_and(|c| c.is_ascii_digit())),
        "no thinking line: {lines:?}"
    );
}

#[test]
fn a_book_made_by_self_play_is_played_from() {
    let dir = Dir::new("self-play-book");
    let path = dir.0.join("made.book");
    let (code, _, err) = pipe_common::run(&[
        "book",
        "--variant",
        "chess",
        "--out",
        path.to_str().expect("path"),
        "--plies",
        "2",
        "--nodes",
        "200",
        "--games",
        "1",
        "--max-plies",
        "40",
        "--min-plies",
        "10",
        "--max-eval",
        "1000",
    ]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&path).expect("book");
    let kept_first: Vec<&str> = text
        .lines()
        .filter(|l| l.split_whitespace().nth(2) == Some("kept"))
        .filter_map(|l| l.split(" moves ").nth(1)?.split_whitespace().next())
        .collect();
    assert!(!kept_first.is_empty(), "nothing kept: {text}");
    let mut s = uci_with_book(&path);
    let lines = go(&mut s, "position startpos");
    assert!(!searched(&lines), "{lines:?}");
    assert!(kept_first.contains(&best(&lines).as_str()), "{lines:?}");
}

/// The books of `books/` load for play in their variants, and each answers the start
/// position with one of its kept first moves.
#[test]
fn the_committed_books_are_played_from() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/books");
    let mut seen = 0;
    for entry in std::fs::read_dir(dir).expect("books/") {
        let path = entry.expect("entry").path();
        if path.extension().and_then(|e| e.to_str()) != Some("book") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("book");
        let variant = text
            .lines()
            .find_map(|l| l.strip_prefix("variant "))
            .expect("a variant line")
            .to_string();
        let kept_first: Vec<String> = text
            .lines()
            .filter(|l| l.split_whitespace().nth(2) == Some("kept"))
            .filter_map(|l| Some(l.split(" moves ").nth(1)?.split(' ').next()?.to_string()))
            .collect();
        let mut s = uci_with_book(&path);
        s.send(&format!("setoption name UCI_Variant value {variant}"));
        let lines = go(&mut s, "position startpos");
        assert!(!searched(&lines), "{variant}: {lines:?}");
        assert!(kept_first.contains(&best(&lines)), "{variant}: {lines:?}");
        seen += 1;
    }
    assert!(seen >= 7, "{seen} books in {dir}");
}
