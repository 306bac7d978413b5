//! Piece slots: Fairy-Stockfish's predefined piece types, the custom slots and the king.
//!
//! While a file is read, pieces live in fixed slots (as Fairy-Stockfish's type ids do), so that
//! an inherited piece keeps its identity when a child section adds or removes others. The
//! concluded [`super::Variant`] numbers the present pieces densely in slot order.

use super::types::SpecialPiece;

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
pub fn promoted_only_letter(base: char) -> char {
    let base = base.to_ascii_uppercase();
    debug_assert!(base.is_ascii_uppercase());
    char::from_u32(PROMOTED_ONLY_BASE + base as u32).unwrap_or(base)
}

/// The letter a promoted-only piece is written after `+` (see [`promoted_only_letter`]).
pub fn promoted_only_base(letter: char) -> Option<char> {
    let c = letter as u32;
    (PROMOTED_ONLY_BASE + 'A' as u32..=PROMOTED_ONLY_BASE + 'Z' as u32)
        .contains(&c)
        .then(|| char::from_u32(c - PROMOTED_ONLY_BASE))
        .flatten()
}

const PROMOTED_ONLY_BASE: u32 = 0xE000;

/// The piece letter written by `token`: `x` (either case) or `+x` for a promoted-only piece.
pub fn letter_of_token(token: &str) -> Option<char> {
    let mut chars = token.chars();
    match (chars.next(), chars.next(), chars.next()) {
        (Some(c), None, _) if c.is_ascii_alphabetic() => Some(c.to_ascii_uppercase()),
        (Some('+'), Some(c), None) if c.is_ascii_alphabetic() => Some(promoted_only_letter(c)),
        _ => None,
    }
}

/// How a piece letter is written: the letter, or `+X` for a promoted-only piece, in the case
/// of the side (`white`: upper case).
pub fn letter_text(letter: char, white: bool) -> String {
    let (plus, c) = match promoted_only_base(letter) {
        Some(base) => ("+", base),
        None => ("", letter),
    };
    let c = if white {
        c.to_ascii_uppercase()
    } else {
        c.to_ascii_lowercase()
    };
    format!("{plus}{c}")
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
        assert_eq!(letter_text(prince, true), "+E");
        assert_eq!(letter_text(prince, false), "+e");
        assert_eq!(letter_text('Q', false), "q");
        assert_eq!(letter_of_token("q"), Some('Q'));
        for bad in ["", "+", "++e", "+1", "ee", "+ee", "1"] {
            assert_eq!(letter_of_token(bad), None, "{bad}");
        }
    }
}
