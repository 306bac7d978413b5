//! The book file `dabbaba book` writes (its format is documented in `cli/book.rs`): its
//! header and game lines, read and written, and the kept lines counted.

use std::collections::BTreeMap;
use std::path::Path;

use super::BookError;

/// The first line of every book file.
pub const MAGIC: &str = "# dabbaba opening book 1";

/// Lines of the header: magic, variant, fen, plies, settings.
const HEADER_LINES: usize = 5;

/// Why a game's opening was kept or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Balanced and long: the opening is in the book.
    Kept,
    /// Decided too early.
    Short,
    /// The score after the opening was too far from even.
    Unbalanced,
}

impl Verdict {
    fn text(self) -> &'static str {
        match self {
            Verdict::Kept => "kept",
            Verdict::Short => "short",
            Verdict::Unbalanced => "unbalanced",
        }
    }
}

/// One game of the book file.
#[derive(Debug, Clone, PartialEq)]
pub struct BookGame {
    /// The game's number (which first move it started with, and its random draws).
    pub number: u64,
    /// Whether its opening was kept.
    pub verdict: Verdict,
    /// Search score for White after the book plies.
    pub score: i32,
    /// The game's length in plies.
    pub length: u32,
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: &'static str,
    /// The book plies in UCI text.
    pub moves: Vec<String>,
}

impl BookGame {
    /// The game's line in the file, with its newline.
    pub fn to_line(&self) -> String {
        format!(
            "game {} {} score {} length {} result {} moves {}\n",
            self.number,
            self.verdict.text(),
            self.score,
            self.length,
            self.result,
            self.moves.join(" ")
        )
    }

    /// Reads a game line; `None` when it is not one.
    pub fn parse(line: &str) -> Option<BookGame> {
        let w: Vec<&str> = line.split_whitespace().collect();
        let field = |i: usize, name: &str| (w.get(i) == Some(&name)).then_some(());
        field(0, "game")?;
        field(3, "score")?;
        field(5, "length")?;
        field(7, "result")?;
        field(9, "moves")?;
        let verdict = match *w.get(2)? {
            "kept" => Verdict::Kept,
            "short" => Verdict::Short,
            "unbalanced" => Verdict::Unbalanced,
            _ => return None,
        };
        let result = match *w.get(8)? {
            "1-0" => "1-0",
            "0-1" => "0-1",
            "1/2-1/2" => "1/2-1/2",
            _ => return None,
        };
        Some(BookGame {
            number: w.get(1)?.parse().ok()?,
            verdict,
            score: w.get(4)?.parse().ok()?,
            length: w.get(6)?.parse().ok()?,
            result,
            moves: w[10..].iter().map(|s| s.to_string()).collect(),
        })
    }
}

/// The book file's header and games.
#[derive(Debug, Clone)]
pub struct BookFile {
    /// The variant's name.
    pub variant: String,
    /// The position every line starts from.
    pub fen: String,
    /// The book's depth.
    pub plies: u32,
    /// The settings line, without `settings ` and `games N`.
    pub settings: String,
    /// The games, in file order.
    pub games: Vec<BookGame>,
}

impl BookFile {
    /// The header of a new book file.
    pub fn header(variant: &str, fen: &str, plies: u32, games: u64, settings: &str) -> String {
        format!("{MAGIC}\nvariant {variant}\nfen {fen}\nplies {plies}\nsettings games {games} {settings}\n")
    }

    /// Reads a book file; `None` when it does not exist or is empty. A last line without its
    /// newline (a stop in the middle of a write) is left out.
    pub fn read(path: &Path) -> Result<Option<BookFile>, BookError> {
        let shown = path.display().to_string();
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => {
                return Err(BookError::Read {
                    path: shown,
                    reason: e.to_string(),
                })
            }
        };
        if text.trim().is_empty() {
            return Ok(None);
        }
        let bad = |line: usize, reason: String| BookError::Format {
            path: shown.clone(),
            line,
            reason,
        };
        if text.lines().next() != Some(MAGIC) {
            return Err(bad(
                1,
                format!("not a dabbaba opening book (expected '{MAGIC}')"),
            ));
        }
        let total = text.lines().count();
        if total < HEADER_LINES || (total == HEADER_LINES && !text.ends_with('\n')) {
            return Err(bad(
                total,
                "the book's header is cut short; remove the file to start again".into(),
            ));
        }
        let mut lines = text.lines().enumerate().skip(1);
        let mut header = |key: &str| -> Result<String, BookError> {
            let (i, l) = lines.next().unwrap_or((0, ""));
            l.strip_prefix(key)
                .and_then(|v| v.strip_prefix(' '))
                .map(str::to_string)
                .ok_or_else(|| bad(i + 1, format!("expected '{key} ...'")))
        };
        let variant = header("variant")?;
        let fen = header("fen")?;
        let plies = header("plies")?
            .parse()
            .map_err(|_| bad(4, "plies: not a number".into()))?;
        // Without the number of games: a later run may play more.
        let settings = match header("settings")?
            .strip_prefix("games ")
            .and_then(|rest| rest.split_once(' '))
        {
            Some((_, rest)) => rest.to_string(),
            None => return Err(bad(5, "settings: expected 'settings games N ...'".into())),
        };
        let whole = if text.ends_with('\n') {
            usize::MAX
        } else {
            total - 1
        };
        let mut games = Vec::new();
        for (i, l) in lines.take_while(|(i, _)| *i < whole) {
            if l.trim().is_empty() {
                continue;
            }
            match BookGame::parse(l) {
                Some(g) => games.push(g),
                None => return Err(bad(i + 1, format!("not a book game line: {l}"))),
            }
        }
        Ok(Some(BookFile {
            variant,
            fen,
            plies,
            settings,
            games,
        }))
    }

    /// The distinct kept lines with how often each was kept, most kept first (then in the
    /// order of their first game).
    pub fn kept_lines(&self) -> Vec<(Vec<String>, u64)> {
        kept_lines(&self.games)
    }
}

/// The distinct kept lines of `games` with how often each was kept, most kept first (then
/// in the order of their first game).
pub fn kept_lines(games: &[BookGame]) -> Vec<(Vec<String>, u64)> {
    let mut by_line: BTreeMap<&[String], (u64, u64)> = BTreeMap::new();
    for g in games.iter().filter(|g| g.verdict == Verdict::Kept) {
        let e = by_line.entry(&g.moves).or_insert((0, g.number));
        e.0 += 1;
        e.1 = e.1.min(g.number);
    }
    let mut lines: Vec<(Vec<String>, u64, u64)> = by_line
        .into_iter()
        .map(|(l, (n, first))| (l.to_vec(), n, first))
        .collect();
    lines.sort_by_key(|(_, n, first)| (std::cmp::Reverse(*n), *first));
    lines.into_iter().map(|(l, n, _)| (l, n)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_lines_read_back() {
        let g = BookGame {
            number: 7,
            verdict: Verdict::Unbalanced,
            score: -212,
            length: 88,
            result: "0-1",
            moves: vec!["e2e4".into(), "P@e5".into()],
        };
        assert_eq!(BookGame::parse(&g.to_line()), Some(g));
        assert_eq!(
            BookGame::parse("game 1 kept score x length 2 result 1-0 moves"),
            None
        );
    }

    #[test]
    fn lines_are_counted_and_ordered() {
        let game = |number, moves: &str, verdict| BookGame {
            number,
            verdict,
            score: 0,
            length: 100,
            result: "1/2-1/2",
            moves: moves.split(' ').map(str::to_string).collect(),
        };
        let games = [
            game(0, "a b", Verdict::Kept),
            game(1, "c d", Verdict::Kept),
            game(2, "c d", Verdict::Kept),
            game(3, "e f", Verdict::Short),
        ];
        let lines = kept_lines(&games);
        assert_eq!(lines.len(), 2);
        assert_eq!((lines[0].0.join(" "), lines[0].1), ("c d".to_string(), 2));
        assert_eq!((lines[1].0.join(" "), lines[1].1), ("a b".to_string(), 1));
    }
}
