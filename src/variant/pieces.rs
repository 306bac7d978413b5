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
pub fn slot_name(slot: usize) -> String {
    if slot == KING_SLOT {
        "king".to_string()
    } else if slot < FIRST_CUSTOM {
        PREDEFINED[slot].0.to_string()
    } else {
        format!("customPiece{}", slot - FIRST_CUSTOM + 1)
    }
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
            assert_eq!(slot_of(&slot_name(slot)), Some(slot));
        }
        assert_eq!(slot_of("customPiece0"), None);
        assert_eq!(slot_of("customPiece07"), None);
        assert_eq!(slot_of("customPiece201"), None);
        assert_eq!(PREDEFINED.len(), 36);
    }
}
