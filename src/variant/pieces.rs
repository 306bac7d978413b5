//! Piece slots: Fairy-Stockfish's predefined piece types, the custom slots and the king.
//!
//! While a file is read, pieces live in fixed slots (as Fairy-Stockfish's type ids do), so that
//! an inherited piece keeps its identity when a child section adds or removes others. The
//! concluded [`super::Variant`] numbers the present pieces densely in slot order.

use super::types::SpecialPiece;
use crate::color::Color;

/// Fairy-Stockfish's predefined piece types, in its type order: name, Betza, special rule.
pub const PREDEFINED: &[(&str, &str, Option<SpecialPiece>)] = &[
    ("pawn", "fmWfceF", None),
    ("knight", "N", None),
    ("bishop", "B", None),
    ("rook", "R", None),
    ("queen", "Q", None),
    ("fers", "F", None),
    ("alfil", "A", None),
    ("fersAlfil", "FA", None),
    ("silver", "FfW", None),
    ("aiwok", "RNF", None),
    ("bers", "RF", None),
    ("archbishop", "BN", None),
    ("chancellor", "RN", None),
    ("amazon", "QN", None),
    ("knibis", "mNcB", None),
    ("biskni", "mBcN", None),
    ("kniroo", "mNcR", None),
    ("rookni", "mRcN", None),
    ("shogiPawn", "fW", None),
    ("lance", "fR", None),
    ("shogiKnight", "fN", None),
    ("gold", "WfF", None),
    ("dragonHorse", "BW", None),
    ("clobber", "cW", None),
    ("breakthrough", "fmWfF", None),
    ("immobile", "", None),
    ("cannon", "mRcpR", None),
    ("janggiCannon", "pR", Some(SpecialPiece::JanggiCannon)),
    ("soldier", "fsW", Some(SpecialPiece::Soldier)),
    ("horse", "nN", None),
    ("elephant", "nA", None),
    ("janggiElephant", "nZ", Some(SpecialPiece::JanggiElephant)),
    ("banner", "RcpRnN", None),
    ("wazir", "W", None),
    ("commoner", "K", None),
    ("centaur", "KN", None),
];

/// How many `customPieceN` slots we have. Fairy-Stockfish has 25; more is our extension.
pub const MAX_CUSTOM: usize = 200;

/// Slot number of `customPiece1`.
pub const FIRST_CUSTOM: usize = PREDEFINED.len();

/// Slot number of the king (last, as in Fairy-Stockfish).
pub const KING_SLOT: usize = FIRST_CUSTOM + MAX_CUSTOM;

/// Number of slots.
pub const SLOTS: usize = KING_SLOT + 1;

/// A piece that exists only as the promoted form of another (Chu Shogi's horned falcon, `+H`)
/// has no letter of its own: files and FENs write it `+` and the letter of the piece it
/// promotes from. Inside, such a piece is keyed by a character of Unicode's private-use area
/// derived from that letter, so that every piece still has one `char` and no real letter is
/// taken (Chu Shogi has 28 kinds of piece, more than the alphabet has letters).
/// `base` is the key of the piece it promotes from: a letter, or a primed or marked piece's
/// key (Tenjiku Shogi's heavenly tetrarchs are `+C!`, the chariot soldier's promotion).
pub fn promoted_only_letter(base: char) -> char {
    match (primed_base(base), marked_base(base)) {
        (Some(b), _) => private_key(PROMOTED_PRIMED_BASE, b),
        (None, Some(b)) => private_key(PROMOTED_MARKED_BASE, b),
        (None, None) => private_key(PROMOTED_ONLY_BASE, base),
    }
}

/// The key of the piece a promoted-only piece promotes from, written after its `+` (see
/// [`promoted_only_letter`]).
pub fn promoted_only_base(letter: char) -> Option<char> {
    private_base(PROMOTED_ONLY_BASE, letter)
        .or_else(|| private_base(PROMOTED_PRIMED_BASE, letter).map(primed_letter))
        .or_else(|| private_base(PROMOTED_MARKED_BASE, letter).map(marked_letter))
}

const PROMOTED_ONLY_BASE: u32 = 0xE000;
const PROMOTED_PRIMED_BASE: u32 = 0xE300;
const PROMOTED_MARKED_BASE: u32 = 0xE400;

/// A variant with more kinds of piece than the alphabet has letters (Dai Shogi has 29, not
/// counting those that exist only promoted) writes the others as a letter and a prime, `N'`
/// and `n'`, as XBoard and HaChu do. Inside, such a piece is keyed by a private-use character
/// derived from the letter, as a promoted-only piece is.
pub fn primed_letter(base: char) -> char {
    private_key(PRIMED_BASE, base)
}

/// The letter a primed piece is written with before its prime (see [`primed_letter`]).
pub fn primed_base(letter: char) -> Option<char> {
    private_base(PRIMED_BASE, letter)
}

const PRIMED_BASE: u32 = 0xE100;

/// Tenjiku Shogi has more kinds of piece than letters and primed letters together; HaChu
/// (and XBoard) write the rest as a letter and an exclamation mark, `L!` and `l!`. Inside,
/// such a piece is keyed by a private-use character, as a primed piece is.
pub fn marked_letter(base: char) -> char {
    private_key(MARKED_BASE, base)
}

/// The letter a marked piece is written with before its `!` (see [`marked_letter`]).
pub fn marked_base(letter: char) -> Option<char> {
    private_base(MARKED_BASE, letter)
}

const MARKED_BASE: u32 = 0xE200;

/// The suffix a letter of a primed (`'`) or marked (`!`) piece carries.
pub fn is_letter_suffix(c: char) -> bool {
    c == '\'' || c == '!'
}

/// The private-use character at `block` + the upper-case letter `base`.
fn private_key(block: u32, base: char) -> char {
    let base = base.to_ascii_uppercase();
    debug_assert!(base.is_ascii_uppercase());
    char::from_u32(block + base as u32).unwrap_or(base)
}

/// The upper-case letter whose private-use key in `block` is `letter`, if it is one.
fn private_base(block: u32, letter: char) -> Option<char> {
    let c = letter as u32;
    (block + 'A' as u32..=block + 'Z' as u32)
        .contains(&c)
        .then(|| char::from_u32(c - block))
        .flatten()
}

/// The piece key of the letter `ch` read from a FEN or a move: the letter itself, or, when a
/// prime or `!` follows (taken from `rest`), its primed or marked piece (see
/// [`primed_letter`], [`marked_letter`]).
pub fn read_letter(ch: char, rest: &mut std::iter::Peekable<impl Iterator<Item = char>>) -> char {
    if !ch.is_ascii_alphabetic() {
        return ch;
    }
    match rest.peek() {
        Some('\'') => {
            rest.next();
            primed_letter(ch)
        }
        Some('!') => {
            rest.next();
            marked_letter(ch)
        }
        _ => ch,
    }
}

/// The piece letter written by `token`: `x` (either case), `x'` for a primed piece, `x!` for
/// a marked one or `+x` for a promoted-only piece.
pub fn letter_of_token(token: &str) -> Option<char> {
    let mut chars = token.chars();
    if let Some(base) = token.strip_prefix('+') {
        return match letter_of_token(base)? {
            b if b.is_ascii_alphabetic()
                || primed_base(b).is_some()
                || marked_base(b).is_some() =>
            {
                Some(promoted_only_letter(b))
            }
            _ => None,
        };
    }
    match (chars.next(), chars.next(), chars.next()) {
        (Some(c), None, _) if c.is_ascii_alphabetic() => Some(c.to_ascii_uppercase()),
        (Some(c), Some('\''), None) if c.is_ascii_alphabetic() => Some(primed_letter(c)),
        (Some(c), Some('!'), None) if c.is_ascii_alphabetic() => Some(marked_letter(c)),
        _ => None,
    }
}

/// How a piece letter is written: the letter, `X'` for a primed piece or `+X` for a
/// promoted-only one, in the case of the side (White's upper case).
pub fn letter_text(letter: char, side: Color) -> String {
    if let Some(base) = promoted_only_base(letter) {
        return format!("+{}", letter_text(base, side));
    }
    let (plus, c, prime) = match (primed_base(letter), marked_base(letter)) {
        (Some(base), _) => ("", base, "'"),
        (None, Some(base)) => ("", base, "!"),
        (None, None) => ("", letter, ""),
    };
    let c = if side == Color::White {
        c.to_ascii_uppercase()
    } else {
        c.to_ascii_lowercase()
    };
    format!("{plus}{c}{prime}")
}

/// The slot of a piece key (`pawn`, `customPiece7`, `king`), if it names one.
pub fn slot_of(name: &str) -> Option<usize> {
    if name == "king" {
        return Some(KING_SLOT);
    }
    if let Some(i) = PREDEFINED.iter().position(|(n, _, _)| *n == name) {
        return Some(i);
    }
    let n: usize = name.strip_prefix("customPiece")?.parse().ok()?;
    // Reject spellings like customPiece07 so each slot has one key.
    if (1..=MAX_CUSTOM).contains(&n) && name == format!("customPiece{n}") {
        Some(FIRST_CUSTOM + n - 1)
    } else {
        None
    }
}

/// The key name of a slot.
pub fn slot_name(slot: usize) -> &'static str {
    // Spelled out once: every section of every variant file asks for all of them.
    static NAMES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    let names = NAMES.get_or_init(|| {
        (0..SLOTS)
            .map(|slot| {
                if slot == KING_SLOT {
                    "king".to_string()
                } else if slot < FIRST_CUSTOM {
                    PREDEFINED[slot].0.to_string()
                } else {
                    format!("customPiece{}", slot - FIRST_CUSTOM + 1)
                }
            })
            .collect()
    });
    &names[slot]
}

/// Whether a slot is a custom one (`customPieceN`).
pub fn is_custom(slot: usize) -> bool {
    (FIRST_CUSTOM..KING_SLOT).contains(&slot)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slot_names_round_trip() {
        for slot in 0..SLOTS {
            assert_eq!(slot_of(slot_name(slot)), Some(slot));
        }
        assert_eq!(slot_of("customPiece0"), None);
        assert_eq!(slot_of("customPiece07"), None);
        assert_eq!(slot_of("customPiece201"), None);
        assert_eq!(PREDEFINED.len(), 36);
    }

    #[test]
    fn promoted_only_letters_are_written_with_a_plus() {
        let prince = letter_of_token("+e").unwrap();
        assert_eq!(letter_of_token("+E"), Some(prince));
        assert_ne!(prince, 'E');
        assert!(!prince.is_ascii());
        assert_eq!(promoted_only_base(prince), Some('E'));
        assert_eq!(promoted_only_base('E'), None);
        assert_eq!(letter_text(prince, Color::White), "+E");
        assert_eq!(letter_text(prince, Color::Black), "+e");
        assert_eq!(letter_text('Q', Color::Black), "q");
        assert_eq!(letter_of_token("q"), Some('Q'));
        for bad in [
            "", "+", "++e", "+1", "ee", "+ee", "1", "'", "1'", "e''", "+e''", "e!'", "+!",
        ] {
            assert_eq!(letter_of_token(bad), None, "{bad}");
        }
        // The promoted form of a primed or marked piece (Tenjiku Shogi's multi-general `+D'`
        // and heavenly tetrarchs `+C!`) has its own key, written back the same.
        for token in ["+d'", "+c!"] {
            let key = letter_of_token(token).unwrap();
            let base = letter_of_token(&token[1..]).unwrap();
            assert_eq!(promoted_only_base(key), Some(base), "{token}");
            assert_eq!(letter_text(key, Color::Black), token);
            assert_eq!(letter_text(key, Color::White), token.to_uppercase());
        }
    }

    #[test]
    fn marked_letters_are_written_with_an_exclamation_mark() {
        let demon = letter_of_token("d!").unwrap();
        assert_eq!(letter_of_token("D!"), Some(demon));
        assert_ne!(demon, letter_of_token("d'").unwrap());
        assert_eq!(marked_base(demon), Some('D'));
        assert_eq!(letter_text(demon, Color::White), "D!");
        let mut rest = "!p".chars().peekable();
        assert_eq!(read_letter('d', &mut rest), demon);
        assert_eq!(rest.next(), Some('p'));
    }

    #[test]
    fn primed_letters_are_written_with_a_prime() {
        let cat_sword = letter_of_token("c'").unwrap();
        assert_eq!(letter_of_token("C'"), Some(cat_sword));
        assert_ne!(cat_sword, 'C');
        assert_ne!(cat_sword, letter_of_token("+c").unwrap());
        assert_eq!(primed_base(cat_sword), Some('C'));
        assert_eq!(primed_base('C'), None);
        assert_eq!(promoted_only_base(cat_sword), None);
        assert_eq!(letter_text(cat_sword, Color::White), "C'");
        assert_eq!(letter_text(cat_sword, Color::Black), "c'");
        let mut rest = "'p".chars().peekable();
        assert_eq!(read_letter('c', &mut rest), cat_sword);
        assert_eq!(rest.next(), Some('p'));
        let mut rest = "p'".chars().peekable();
        assert_eq!(read_letter('c', &mut rest), 'c');
        assert_eq!(rest.next(), Some('p'));
    }
}
