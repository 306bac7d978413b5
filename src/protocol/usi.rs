//! USI (the shogi engine protocol) as Fairy-Stockfish speaks it: the UCI session with its
//! lines translated in and out.
//!
//! What differs from UCI:
//! - `usi`/`usiok`, `usinewgame`, `gameover` (ignored); options `USI_Hash`, `USI_Ponder` and
//!   `USI_*` for our `Hash`, `Ponder` and `UCI_*` (both spellings are accepted);
//! - squares: files numbered from the right (`1` is the rightmost file), ranks lettered from
//!   the top (`a` is the far rank of the side moving first), so shogi's `7g7f` is our `c3c4`;
//!   drops `P*5e` (our `P@e5`); a promotion ends in `+`, a move without it does not promote;
//! - positions: `position sfen BOARD SIDE HAND MOVE` (SFEN: `b` is the side moving first,
//!   the hand like `S2Pb3p` or `-`, then the move number counted in plies) or `startpos`;
//! - clocks: `btime`/`binc` belong to the side moving first (our White), `byoyomi` is a
//!   time per move after the main time (used like an increment); `bestmove resign` when there
//!   is no legal move.
//!
//! The board of the current variant gives the coordinates, for any variant the engine plays;
//! the variant is shogi unless `USI_Variant` (or `--variants` and a default) says otherwise.

pub use super::translate::Board;
use super::translate::Dialect;
use super::Output;
use crate::board::MoveDialect;
use crate::engine::Engine;
use std::io::BufRead;

/// USI: a shogi GUI never names the variant, so USI means shogi unless one was chosen before.
const USI: Dialect = Dialect {
    default_variant: "shogi",
    moves: MoveDialect::Usi,
    to_uci,
    from_uci: to_usi,
};

/// Runs a USI session: `first` is the line that selected it (normally `usi`).
pub fn run(
    engine: &mut Engine,
    first: &str,
    input: &mut dyn BufRead,
    out: Output,
) -> std::io::Result<()> {
    super::translate::run(engine, &USI, first, input, out)
}

/// A USI input line as the UCI session reads it (`None`: nothing to do).
pub fn to_uci(line: &str, b: Board) -> Option<String> {
    let Some((cmd, rest)) = super::translate::split_command(line) else {
        return Some(String::new());
    };
    let rest = rest.as_slice();
    Some(match cmd {
        "usi" => "uci".to_string(),
        "usinewgame" => "ucinewgame".to_string(),
        "gameover" => return None,
        "setoption" => match rest {
            ["name", name, tail @ ..] => {
                format!("setoption name {} {}", option_to_uci(name), tail.join(" "))
            }
            _ => line.trim().to_string(),
        },
        "position" => position_to_uci(rest, b),
        "go" => go_to_uci(rest),
        _ => line.trim().to_string(),
    })
}

/// Options that USI names with its own prefix.
const USI_OWN: [&str; 3] = ["Hash", "Ponder", "MultiPV"];

/// A USI option name as ours: `USI_Hash` is `Hash`, `USI_Variant` is `UCI_Variant`, and
/// underscores stand for spaces (`Clear_Hash`).
fn option_to_uci(name: &str) -> String {
    match name.strip_prefix("USI_") {
        Some(rest) if USI_OWN.contains(&rest) => rest.to_string(),
        Some(rest) => format!("UCI_{rest}"),
        None => name.replace('_', " "),
    }
}

fn option_to_usi(name: &str) -> String {
    if USI_OWN.contains(&name) {
        return format!("USI_{name}");
    }
    match name.strip_prefix("UCI_") {
        Some(rest) => format!("USI_{rest}"),
        None => name.replace(' ', "_"),
    }
}

/// A USI `position` line as UCI's: an SFEN becomes our FEN; the moves stay USI text, which
/// the engine reads in USI's dialect.
fn position_to_uci(rest: &[&str], b: Board) -> String {
    let mi = rest.iter().position(|w| *w == "moves");
    let (spec, moves) = match mi {
        Some(i) => (&rest[..i], &rest[i..]),
        None => (rest, &rest[0..0]),
    };
    let s = match spec {
        ["sfen", fields @ ..] if !fields.is_empty() => {
            format!("position fen {}", sfen_to_fen(fields, b))
        }
        // Anything else (`startpos`, or a malformed line) is the UCI session's to judge.
        _ => format!("position {}", spec.join(" ")),
    };
    [s, moves.join(" ")].join(" ").trim_end().to_string()
}

/// SFEN fields (board, side, hand, move number) as our FEN. In Chu Shogi (lishogi's SFEN)
/// the third field is the square of a lion just taken, which our FEN keeps where the e.p.
/// field goes; text that is no square of the board goes there as it is, for the FEN reader
/// to refuse.
pub fn sfen_to_fen(fields: &[&str], b: Board) -> String {
    let board = fields[0];
    let side = match fields.get(1) {
        Some(&"w") => "b",
        _ => "w",
    };
    let moves = fields
        .get(3)
        .and_then(|n| n.parse::<u32>().ok())
        .unwrap_or(1)
        .div_ceil(2)
        .max(1);
    if b.lion_square_field {
        let lion = match fields.get(2) {
            None | Some(&"-") => "-".to_string(),
            Some(f) => match read_usi_square(f, b) {
                Some((sq, "")) => uci_square(sq),
                _ => f.to_string(),
            },
        };
        return format!("{board} {side} - {lion} 0 {moves}");
    }
    let mut hand = String::new();
    if let Some(h) = fields.get(2).filter(|h| **h != "-") {
        let mut count = 0u32;
        for c in h.chars() {
            if let Some(d) = c.to_digit(10) {
                count = count * 10 + d;
            } else {
                for _ in 0..count.max(1) {
                    hand.push(c);
                }
                count = 0;
            }
        }
    }
    format!("{board}[{hand}] {side} 0 {moves}")
}

/// Our FEN as SFEN, the inverse of [`sfen_to_fen`]: the board, the side (`b` the first
/// player, our White), the hand (`S2Pb3p`, the first player's pieces first, each side in
/// shogi's order rook, bishop, gold, silver, knight, lance, pawn, then any other; `-` when
/// empty) or, in Chu Shogi, the lion square, and the move number counted in plies. A FEN that
/// failed to read is rewritten field by field all the same, so an error shows what was sent.
pub fn fen_to_sfen(fen: &str, b: Board) -> String {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let Some(&first) = fields.first() else {
        return fen.to_string();
    };
    let (board, hand) = match first.split_once('[') {
        Some((board, hand)) => (board, hand.trim_end_matches(']')),
        None => (first, ""),
    };
    let first_player = fields.get(1) != Some(&"b");
    let full_moves = fields
        .last()
        .filter(|_| fields.len() > 2)
        .and_then(|n| n.parse::<u32>().ok())
        .unwrap_or(1)
        .max(1);
    let plies = 2 * (u64::from(full_moves) - 1) + if first_player { 1 } else { 2 };
    let third = if b.lion_square_field {
        match fields.get(3).and_then(|sq| read_uci_square(sq)) {
            Some((sq, "")) => usi_square(sq, b).unwrap_or_else(|| "-".to_string()),
            _ => "-".to_string(),
        }
    } else {
        sfen_hand(hand)
    };
    let side = if first_player { "b" } else { "w" };
    format!("{board} {side} {third} {plies}")
}

/// A hand of our FEN (`PPg`, or `-`) in SFEN's counted form (`2Pg`).
fn sfen_hand(hand: &str) -> String {
    const ORDER: &str = "RBGSNLP";
    let mut letters: Vec<char> = hand.chars().filter(char::is_ascii_alphabetic).collect();
    letters.sort_by_key(|c| {
        let rank = ORDER
            .find(c.to_ascii_uppercase())
            .unwrap_or(ORDER.len() + c.to_ascii_uppercase() as usize);
        (c.is_ascii_lowercase(), rank)
    });
    let mut out = String::new();
    let mut i = 0;
    while i < letters.len() {
        let n = letters[i..]
            .iter()
            .take_while(|&&c| c == letters[i])
            .count();
        if n > 1 {
            out += &n.to_string();
        }
        out.push(letters[i]);
        i += n;
    }
    if out.is_empty() {
        "-".to_string()
    } else {
        out
    }
}

/// `go` with the clocks of USI: `btime`/`binc` are the first player's (our White), and a
/// byoyomi is both a time that is always there and a per-move increment.
fn go_to_uci(rest: &[&str]) -> String {
    let value = |key: &str| {
        rest.iter()
            .position(|w| *w == key)
            .and_then(|i| rest.get(i + 1))
            .and_then(|v| v.parse::<i64>().ok())
    };
    let byoyomi = value("byoyomi");
    let mut out = vec!["go".to_string()];
    let mut i = 0;
    while i < rest.len() {
        let w = rest[i];
        let (ours, add) = match w {
            "btime" => ("wtime", byoyomi),
            "wtime" => ("btime", byoyomi),
            "binc" => ("winc", None),
            "winc" => ("binc", None),
            "byoyomi" => {
                i += 2;
                continue;
            }
            _ => {
                out.push(w.to_string());
                i += 1;
                continue;
            }
        };
        out.push(ours.to_string());
        let v = rest.get(i + 1).copied().unwrap_or("");
        out.push(match (v.parse::<i64>(), add) {
            (Ok(t), Some(b)) => (t + b).to_string(),
            _ => v.to_string(),
        });
        i += 2;
    }
    if let (Some(b), None, None) = (byoyomi, value("binc"), value("winc")) {
        out.extend(["winc".into(), b.to_string(), "binc".into(), b.to_string()]);
    }
    out.join(" ")
}

/// A UCI output line in USI: option names, the positions of error lines in SFEN, `resign`,
/// and mate distances in plies (the engine writes the moves in USI already).
pub fn to_usi(line: &str, b: Board) -> String {
    if line == "uciok" {
        return "usiok".to_string();
    }
    if let Some(l) = super::translate::option_line(line, option_to_usi, true) {
        return l;
    }
    if let Some(l) = super::translate::error_out(line, |f| fen_to_sfen(f, b)) {
        return l;
    }
    let line = super::translate::no_move_out(line, "resign");
    // USI counts a mate in plies: mate in n moves is 2n - 1 plies, mated in n is -2n.
    let words: Vec<&str> = line.split(' ').collect();
    words
        .iter()
        .enumerate()
        .map(|(i, w)| match w.parse::<i64>() {
            Ok(n) if i > 1 && words[i - 1] == "mate" && words[i - 2] == "score" => {
                (if n > 0 { 2 * n - 1 } else { 2 * n }).to_string()
            }
            _ => w.to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A square in UCI text (`e5`, `b10`) as (file index, rank index), and what follows it.
fn read_uci_square(s: &str) -> Option<((u32, u32), &str)> {
    let mut chars = s.char_indices();
    let (_, f) = chars.next()?;
    if !f.is_ascii_lowercase() {
        return None;
    }
    let digits = s[1..].bytes().take_while(u8::is_ascii_digit).count();
    let rank: u32 = s[1..1 + digits].parse().ok()?;
    Some((
        (f as u32 - 'a' as u32, rank.checked_sub(1)?),
        &s[1 + digits..],
    ))
}

/// A square in USI text (`5e`, `10a`) as (file index, rank index), and what follows it.
fn read_usi_square(s: &str, b: Board) -> Option<((u32, u32), &str)> {
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    let file: u32 = s[..digits].parse().ok()?;
    let r = s[digits..].chars().next()?;
    if !r.is_ascii_lowercase() || file == 0 || file > b.files {
        return None;
    }
    let from_top = r as u32 - 'a' as u32;
    if from_top >= b.ranks {
        return None;
    }
    Some(((b.files - file, b.ranks - 1 - from_top), &s[digits + 1..]))
}

/// A square of the board in USI text; `None` for one off the board (text a user sent).
fn usi_square((f, r): (u32, u32), b: Board) -> Option<String> {
    if f >= b.files || r >= b.ranks {
        return None;
    }
    let letter = char::from_u32('a' as u32 + (b.ranks - 1 - r))?;
    Some(format!("{}{letter}", b.files - f))
}

fn uci_square((f, r): (u32, u32)) -> String {
    let letter = char::from_u32('a' as u32 + f).unwrap_or('?');
    format!("{letter}{}", r + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::color::Color;

    const SHOGI: Board = Board {
        files: 9,
        ranks: 9,
        side_to_move: Color::White,
        lion_square_field: false,
    };

    #[test]
    fn sfen_and_fen_translate_both_ways() {
        for sfen in [
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            "lnsgkgsnl/1r5b1/pppppp1pp/6p2/2P6/9/PP1PPPPPP/1B5R1/LNSGKGSNL w - 4",
            "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
            "4k4/9/9/9/9/9/9/9/4K4 b RB2G2S2N2L9Prb2g2s2n2l9p 1",
        ] {
            let fields: Vec<&str> = sfen.split(' ').collect();
            let fen = sfen_to_fen(&fields, SHOGI);
            assert_eq!(fen_to_sfen(&fen, SHOGI), sfen, "through {fen}");
        }
        // The engine's own FEN, with castling and e.p. fields.
        assert_eq!(
            fen_to_sfen("4k4/9/9/9/9/9/9/9/4K4[PPr] b - - 3 2", SHOGI),
            "4k4/9/9/9/9/9/9/9/4K4 w 2Pr 4"
        );
        // Chu Shogi: the third field is the lion square.
        let chu = Board {
            files: 12,
            ranks: 12,
            side_to_move: Color::White,
            lion_square_field: true,
        };
        let fen = "12/12/12/12/12/12/12/12/12/12/12/12 w - f6 0 1";
        assert_eq!(
            fen_to_sfen(fen, chu),
            "12/12/12/12/12/12/12/12/12/12/12/12 b 7g 1"
        );
    }

    #[test]
    fn error_lines_name_usi_positions() {
        // The move is the one the GUI sent, in USI already.
        let line = "info string error: illegal move '7g7f' in position \
                    4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1; it and the moves after it are ignored";
        assert_eq!(
            to_usi(line, SHOGI),
            "info string error: illegal move '7g7f' in position 4k4/9/9/9/9/9/9/9/4K4 b - 1; \
             it and the moves after it are ignored"
        );
        let line = "info string error: bad FEN 'xx[] w 0 1': the board has 1 rows; no position";
        assert_eq!(
            to_usi(line, SHOGI),
            "info string error: bad FEN 'xx b - 1': the board has 1 rows; no position"
        );
        // Moves off the board (text a user sent) are shown as they were sent.
        for m in ["z1a1", "a99a1", "Z@z9"] {
            let line = format!("info string error: illegal move '{m}' in position x w - 1");
            assert!(to_usi(&line, SHOGI).contains(&format!("'{m}'")), "{m}");
        }
        let far = "info string error: bad FEN 'x[] b - - 0 4294967295': too far";
        assert_eq!(
            to_usi(far, SHOGI),
            "info string error: bad FEN 'x w - 8589934590': too far"
        );
        // Other info strings pass unchanged.
        let line = "info string variant shogi files 9";
        assert_eq!(to_usi(line, SHOGI), line);
    }

    #[test]
    fn positions_and_clocks() {
        assert_eq!(
            to_uci(
                "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 7g7f",
                SHOGI
            )
            .unwrap(),
            "position fen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w 0 1 moves 7g7f"
        );
        assert_eq!(
            sfen_to_fen(&["4k4/9/9/9/9/9/9/9/4K4", "w", "S2Pb3p", "12"], SHOGI),
            "4k4/9/9/9/9/9/9/9/4K4[SPPbppp] b 0 6"
        );
        // Chu Shogi: the third field is the square of a lion just taken (lishogi's SFEN).
        let chu = Board {
            files: 12,
            ranks: 12,
            side_to_move: Color::Black,
            lion_square_field: true,
        };
        assert_eq!(
            sfen_to_fen(
                &[
                    "k11/12/12/12/12/12/12/12/5o3n1n/4r6P/12/6B4K",
                    "b",
                    "8j",
                    "2"
                ],
                chu
            ),
            "k11/12/12/12/12/12/12/12/5o3n1n/4r6P/12/6B4K w - e3 0 1"
        );
        assert_eq!(
            sfen_to_fen(
                &[
                    "k11/12/12/12/12/12/12/12/5o3n1n/4r6P/12/6B4K",
                    "w",
                    "-",
                    "3"
                ],
                chu
            ),
            "k11/12/12/12/12/12/12/12/5o3n1n/4r6P/12/6B4K b - - 0 2"
        );
        assert_eq!(
            sfen_to_fen(
                &[
                    "k11/12/12/12/12/12/12/12/5o3n1n/4r6P/12/6B4K",
                    "b",
                    "2P",
                    "1"
                ],
                chu
            ),
            "k11/12/12/12/12/12/12/12/5o3n1n/4r6P/12/6B4K w - 2P 0 1"
        );
        assert_eq!(
            to_uci("go btime 1000 wtime 2000 byoyomi 500", SHOGI).unwrap(),
            "go wtime 1500 btime 2500 winc 500 binc 500"
        );
        assert_eq!(
            to_uci("setoption name Clear_Hash", SHOGI)
                .unwrap()
                .trim_end(),
            "setoption name Clear Hash"
        );
        assert_eq!(
            to_usi(
                "option name Move Overhead type spin default 100 min 0 max 5000",
                SHOGI
            ),
            "option name Move_Overhead type spin default 100 min 0 max 5000"
        );
        assert_eq!(
            to_usi("info depth 3 score mate 2 pv 7g7f", SHOGI),
            "info depth 3 score mate 3 pv 7g7f"
        );
        assert_eq!(
            to_usi("info depth 3 score mate -1 pv 7g7f", SHOGI),
            "info depth 3 score mate -2 pv 7g7f"
        );
        assert_eq!(
            to_uci("setoption name USI_Hash value 64", SHOGI).unwrap(),
            "setoption name Hash value 64"
        );
        assert_eq!(to_uci("gameover win", SHOGI), None);
        assert_eq!(
            to_usi("bestmove 7g7f ponder 3c3d", SHOGI),
            "bestmove 7g7f ponder 3c3d"
        );
        assert_eq!(
            to_uci("position startpos", SHOGI).unwrap(),
            "position startpos"
        );
        assert_eq!(to_usi("bestmove (none)", SHOGI), "bestmove resign");
        assert_eq!(to_usi("bestmove 0000", SHOGI), "bestmove resign");
        assert_eq!(
            to_usi("option name UCI_Variant type combo default chess", SHOGI),
            "option name USI_Variant type combo default chess"
        );
    }
}
