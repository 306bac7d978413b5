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

use super::translate::{no_move_out, Board, Dialect};
use super::Output;
use crate::board::MoveDialect;
use crate::color::Color;
use crate::engine::Engine;
use std::io::BufRead;

/// UCCI: xiangqi unless the GUI chose another variant before.
const UCCI: Dialect = Dialect {
    default_variant: "xiangqi",
    moves: MoveDialect::Ucci,
    to_uci,
    from_uci: to_ucci,
};

/// Runs a UCCI session: `first` is the line that selected it (normally `ucci`).
pub fn run(
    engine: &mut Engine,
    first: &str,
    input: &mut dyn BufRead,
    out: Output,
) -> std::io::Result<()> {
    super::translate::run(engine, &UCCI, first, input, out)
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

/// A UCCI input line as the UCI session reads it.
pub fn to_uci(line: &str, b: Board) -> Option<String> {
    let Some((cmd, rest)) = super::translate::split_command(line) else {
        return Some(String::new());
    };
    let rest = rest.as_slice();
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
pub fn to_ucci(line: &str, _: Board) -> String {
    if line == "uciok" {
        return "ucciok".to_string();
    }
    if let Some(l) = super::translate::option_line(line, option_to_ucci, false) {
        return l;
    }
    // Our FEN is UCCI's, and the engine writes moves the UCCI way.
    let line = no_move_out(line, "nomove");
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
        // Moves pass as they were sent: the engine reads them in UCCI's dialect.
        assert_eq!(
            to_uci("position startpos moves h2e2 h9g7", b).unwrap(),
            "position startpos moves h2e2 h9g7"
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
                "info depth 5 seldepth 7 multipv 1 score cp 23 nodes 10 pv h2e2 h9g7",
                b
            ),
            "info depth 5 seldepth 7 multipv 1 score 23 nodes 10 pv h2e2 h9g7"
        );
        assert_eq!(to_ucci("bestmove (none)", b), "bestmove nomove");
        assert_eq!(
            to_ucci("option name Hash type spin default 16 min 1 max 32768", b),
            "option hashsize type spin default 16 min 1 max 32768"
        );
        assert_eq!(to_ucci("uciok", b), "ucciok");
    }
}
