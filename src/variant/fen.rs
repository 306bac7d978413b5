//! Checking that a start FEN fits its variant: board shape, piece letters, royals.
//!
//! Only what the variant layer can know is checked here. Parsing a FEN into a position is the
//! board layer's job; this check makes sure a built-in or user variant cannot start from a
//! position that layer would reject.

use super::pieces;
use super::types::{Color, Variant};

/// Every problem of `fen` for `v`, in words (empty when it fits).
pub fn check_start_fen(v: &Variant, fen: &str) -> Vec<String> {
    let mut problems = Vec::new();
    let mut fields = fen.split_whitespace();
    let Some(board) = fields.next() else {
        return vec!["empty FEN".to_string()];
    };
    let (board, pocket) = match board.find('[') {
        Some(i) => {
            let rest = &board[i + 1..];
            match rest.strip_suffix(']') {
                Some(p) => (&board[..i], Some(p)),
                None => {
                    problems.push("holdings '[' without closing ']'".to_string());
                    (&board[..i], None)
                }
            }
        }
        None => (board, None),
    };
    let mut royals = [0usize; 2];
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != v.ranks as usize {
        problems.push(format!(
            "{} rows in the board, the variant has {} ranks",
            rows.len(),
            v.ranks
        ));
    }
    for (i, row) in rows.iter().enumerate() {
        let rank = v.ranks as usize - i.min(v.ranks as usize - 1);
        let mut row_problems = Vec::new();
        let w = row_width(v, row, &mut royals, &mut row_problems);
        if row_problems.is_empty() && w != v.files as usize {
            problems.push(format!(
                "row {} (rank {rank}) covers {w} files, the variant has {}",
                i + 1,
                v.files
            ));
        }
        for e in row_problems {
            problems.push(format!("row {} (rank {rank}): {e}", i + 1));
        }
    }
    // Royals still in hand (placement, sittuyin: the set-up phase drops them) count as present,
    // but not towards "several royals", which is about pieces that can be in check together.
    let mut royals_in_hand = [0usize; 2];
    if let Some(pocket) = pocket {
        // Prisoners (`hostageExchange`, after the `|`) are no royals in hand.
        let prisons = !v.drops.hostage_ranks.is_empty();
        let mut in_prison = false;
        let mut chars = pocket.chars().peekable();
        while let Some(c) = chars.next() {
            match v.piece_by_letter(pieces::read_letter(c, &mut chars)) {
                Some(id) if v.king == Some(id) && !in_prison => {
                    royals_in_hand[Color::of_letter(c)] += 1;
                }
                Some(_) => {}
                None if c == '-' => {}
                None if c == '|' && prisons && !in_prison => in_prison = true,
                None => problems.push(format!("unknown piece letter '{c}' in the holdings")),
            }
        }
    }
    match fields.next() {
        Some("w" | "b") | None => {}
        Some(s) => problems.push(format!("side to move must be 'w' or 'b', found '{s}'")),
    }
    // As in Fairy-Stockfish, a field after the side to move that starts with a digit means the
    // castling and en-passant fields are left out (shogi-style `w 0 1`).
    if let Some(castling) = fields
        .next()
        .filter(|f| !f.starts_with(|c: char| c.is_ascii_digit()))
    {
        if let Some(c) = castling
            .chars()
            .find(|c| !(c.is_ascii_alphabetic() || *c == '-'))
        {
            problems.push(format!("unexpected '{c}' in the castling field"));
        }
    }
    royal_problems(v, royals, royals_in_hand, &mut problems);
    problems
}

/// Width of one row in squares; counts royal pieces per side. Problems are pushed and the rest
/// of the row is still read, so that one typo does not hide a missing king.
fn row_width(v: &Variant, row: &str, royals: &mut [usize; 2], problems: &mut Vec<String>) -> usize {
    let mut width = 0usize;
    let mut chars = row.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '0'..='9' => {
                let mut n = c.to_digit(10).unwrap_or(0) as usize;
                while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                    n = n.saturating_mul(10).saturating_add(d as usize);
                    chars.next();
                }
                if n == 0 {
                    problems.push("empty-square count 0".to_string());
                }
                width += n;
            }
            // A wall (gustav3, duck) occupies one square.
            '*' => width += 1,
            // Promoted-piece prefix; the piece letter follows.
            '+' => {}
            // Crazyhouse "promoted" marker after a piece.
            '~' => {}
            c if c.is_ascii_alphabetic() => {
                let key = pieces::read_letter(c, &mut chars);
                let Some(id) = v.piece_by_letter(key) else {
                    let text = pieces::letter_text(key, crate::color::Color::of_letter(c));
                    problems.push(format!("unknown piece letter '{text}'"));
                    width += 1;
                    continue;
                };
                if v.king == Some(id) {
                    royals[Color::of_letter(c)] += 1;
                }
                width += 1;
            }
            _ => {
                problems.push(format!("unexpected character '{c}'"));
                width += 1;
            }
        }
    }
    width
}

fn royal_problems(
    v: &Variant,
    royals: [usize; 2],
    in_hand: [usize; 2],
    problems: &mut Vec<String>,
) {
    let Some(king) = v.king else { return };
    let letter = v.pieces[king as usize].letter;
    for c in Color::BOTH {
        let n = royals[c.index()];
        let name = format!("{c:?}").to_lowercase();
        // Without a royal a side can only lose by another rule (extinction, flags, ...).
        if n == 0
            && in_hand[c.index()] == 0
            && v.game_end.extinction.value.is_none()
            && v.game_end.flag.region.get(c).is_empty()
        {
            problems.push(format!(
                "{name} has no royal piece '{}'",
                v.pieces[king as usize].letter_for(c)
            ));
        }
        // Several royals need a rule that says what check means for them.
        if n > 1 && !v.checks.duple_check && !v.game_end.extinction.pseudo_royal {
            problems.push(format!(
                "{name} has {n} royal pieces '{}' but the variant has no dupleCheck",
                if c == Color::White {
                    letter
                } else {
                    letter.to_ascii_lowercase()
                }
            ));
        }
    }
}
