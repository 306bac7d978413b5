//! UCCI (the Chinese chess engine protocol) as Fairy-Stockfish speaks it: the UCI session with
//! its lines translated in and out.
//!
//! What differs from UCI:
//! - `ucci`/`ucciok`, `uccinewgame`; the variant is xiangqi unless `UCI_Variant` says
//!   otherwise;
//! - options are written `option NAME type ...` and set with `setoption NAME VALUE` (no
//!   `name`/`value` words), `hashsize` is our `Hash`, underscores stand for spaces;
//! - on boards of 10 ranks the ranks are numbered 0 to 9 (`h2e2`, our `h3e3`);
//! - clocks: `go time T increment I opptime T2 oppincrement I2` are the side to move's and
//!   its opponent's, in milliseconds (Fairy-Stockfish's default, `usemillisec`);
//! - scores are written `score 35` (no `cp`).
//!
//! `banmoves` is not supported: the session answers it as an unknown command.

use super::translate::{moves_out, Board};
use super::Output;
use crate::color::Color;
use crate::engine::Engine;
use std::io::BufRead;

/// Runs a UCCI session: `first` is the line that selected it (normally `ucci`).
pub fn run(
    engine: &mut Engine,
    first: &str,
    input: &mut dyn BufRead,
    out: Output,
) -> std::io::Result<()> {
    super::translate::run(engine, "xiangqi", first, input, out, to_uci, to_ucci)
}

fn option_to_uci(name: &str) -> String {
    if name.eq_ignore_ascii_case("hashsize") {
        "Hash".to_string()
    } else if name.starts_with("UCI_") {
        name.to_string()
    } else {
        name.replace('_', " ")
    }
}

fn option_to_ucci(name: &str) -> String {
    if name == "Hash" {
        "hashsize".to_string()
    } else {
        name.replace(' ', "_")
    }
}

/// Shifts the rank numbers of a move by `delta` on a 10-rank board (UCCI's 0-9 against our
/// 1-10); other boards and text that is not a move are left alone.
fn shift_ranks(m: &str, b: Board, delta: i32) -> String {
    if b.ranks != 10 {
        return m.to_string();
    }
    let mut out = String::new();
    let mut chars = m.chars().peekable();
    let mut prev_letter = false;
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() && prev_letter {
            let mut num = c.to_string();
            while let Some(d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                num.push(*d);
                chars.next();
            }
            match num.parse::<i32>().ok().and_then(|n| n.checked_add(delta)) {
                Some(n) if (0..=10).contains(&n) => out += &n.to_string(),
                _ => out += &num,
            }
            prev_letter = false;
        } else {
            out.push(c);
            prev_letter = c.is_ascii_lowercase();
        }
    }
    out
}

/// A UCCI input line as the UCI session reads it.
pub fn to_uci(line: &str, b: Board) -> Option<String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some(&cmd) = words.first() else {
        return Some(String::new());
    };
    let rest = &words[1..];
    Some(match cmd {
        "ucci" => "uci".to_string(),
        "uccinewgame" => "ucinewgame".to_string(),
        "setoption" => match rest {
            [name, value @ ..] => format!(
                "setoption name {} value {}",
                option_to_uci(name),
                value.join(" ")
            ),
            [] => "setoption".to_string(),
        },
        "position" => {
            let mi = rest.iter().position(|w| *w == "moves");
            match mi {
                Some(i) => {
                    let moves: Vec<String> =
                        rest[i + 1..].iter().map(|m| shift_ranks(m, b, 1)).collect();
                    format!("position {} moves {}", rest[..i].join(" "), moves.join(" "))
                }
                None => line.trim().to_string(),
            }
        }
        "go" => {
            let letter = |c: Color| if c == Color::White { "w" } else { "b" };
            let (stm, opp) = (letter(b.side_to_move), letter(!b.side_to_move));
            let mut out = vec!["go".to_string()];
            for w in rest {
                out.push(match *w {
                    "time" => format!("{stm}time"),
                    "increment" => format!("{stm}inc"),
                    "opptime" => format!("{opp}time"),
                    "oppincrement" => format!("{opp}inc"),
                    other => other.to_string(),
                });
            }
            out.join(" ")
        }
        _ => line.trim().to_string(),
    })
}

/// A UCI output line in UCCI.
pub fn to_ucci(line: &str, b: Board) -> String {
    if line == "uciok" {
        return "ucciok".to_string();
    }
    if let Some(l) = super::translate::option_line(line, option_to_ucci, false) {
        return l;
    }
    // Our FEN is UCCI's; only the move of an error line is written the UCCI way.
    if let Some(l) = super::translate::error_out(line, |m| shift_ranks(m, b, -1), str::to_string) {
        return l;
    }
    let line = moves_out(line, "nomove", |m| shift_ranks(m, b, -1));
    if line.starts_with("info ") && !line.starts_with("info string") {
        return line.replacen(" score cp ", " score ", 1);
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    const XIANGQI_RED: Board = Board {
        files: 9,
        ranks: 10,
        side_to_move: Color::White,
        lion_square_field: false,
    };

    #[test]
    fn lines_in_and_out() {
        let b = XIANGQI_RED;
        // A rank past any number stays as it was sent (no overflow).
        assert_eq!(
            to_uci("position startpos moves a2147483647b1", b).unwrap(),
            "position startpos moves a2147483647b2"
        );
        assert_eq!(
            to_uci("position startpos moves h2e2 h9g7", b).unwrap(),
            "position startpos moves h3e3 h10g8"
        );
        assert_eq!(
            to_uci(
                "go time 60000 increment 1000 opptime 50000 oppincrement 1000",
                b
            )
            .unwrap(),
            "go wtime 60000 winc 1000 btime 50000 binc 1000"
        );
        let black = Board {
            side_to_move: Color::Black,
            ..b
        };
        assert_eq!(
            to_uci("go time 100 opptime 200", black).unwrap(),
            "go btime 100 wtime 200"
        );
        assert_eq!(
            to_uci("setoption hashsize 64", b).unwrap(),
            "setoption name Hash value 64"
        );
        assert_eq!(
            to_ucci(
                "info depth 5 seldepth 7 multipv 1 score cp 23 nodes 10 pv h3e3 h10g8",
                b
            ),
            "info depth 5 seldepth 7 multipv 1 score 23 nodes 10 pv h2e2 h9g7"
        );
        assert_eq!(
            to_ucci("bestmove b1c3 ponder b10c8", b),
            "bestmove b0c2 ponder b9c7"
        );
        assert_eq!(to_ucci("bestmove (none)", b), "bestmove nomove");
        assert_eq!(
            to_ucci("option name Hash type spin default 16 min 1 max 32768", b),
            "option hashsize type spin default 16 min 1 max 32768"
        );
        assert_eq!(to_ucci("uciok", b), "ucciok");
        // 8 ranks: nothing to shift.
        let small = Board {
            files: 8,
            ranks: 8,
            side_to_move: Color::White,
            lion_square_field: false,
        };
        assert_eq!(to_ucci("bestmove e2e4", small), "bestmove e2e4");
    }
}
