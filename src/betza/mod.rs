//! XBetza: piece descriptions parsed into an IR, walked on a board, printed back, drawn.
//!
//! # Reading
//! [`parse`] reads the whole grammar of XBetza (see the README's XBetza section): atoms
//! `W F D N A H C Z G K R B Q U`, `L` (= camel `C`) and `J` (= zebra `Z`) as in standard Betza,
//! castling `On`, ranges (`R4`, `N0`, `NN` = `N0`, `W03` = exactly three steps), direction
//! modifiers `f b l r v s h` (4-fold, 8-fold and oblique rules, doubled letters), modalities
//! `m c d e t p g o y n j` and `i`/`ii`, legs joined by `a`, and the legacy riders `z` (crooked)
//! and `q` (circular). Anything else is an error with its column; nothing is skipped.
//!
//! [`Dialect::FairyStockfish`] reads leg 1's directions, lame leaps, and ranges the way
//! Fairy-Stockfish does (for pieces in its `variants.ini` files): `fK` = `fW`+`fF` (3 moves),
//! `fsF` = 2 moves, `nZ` = Janggi elephant, one range digit, modality letters in any order.
//! Letters Fairy-Stockfish ignores (`a o j e d t y O`) keep their XBetza meaning.
//!
//! # The IR
//! A [`Piece`] is a list of [`Component`]s (the union of their moves). A component has an
//! [`Initial`] flag (`i`, `ii`) and is either castling ([`ComponentKind::Castling`]) or a list
//! of [`Leg`]s. A leg has its atom, its [`Directions`] (leg 1: absolute steps from White's
//! side, Black's rotated by 180°; later legs: turns relative to the previous leg's step), its
//! effective [`Range`] (after `g`/`y` toggles), its [`Path`] (straight, crooked, circular) and
//! modality flags with defaults applied (`m`+`c` on a final leg, `m` before an `a`).
//! [`Component::simple`] gives the single-leg components a fast generator can take directly.
//!
//! # Walking and printing
//! [`walk::moves`] finds every move on any board up to 16x16 (the ground truth).
//! `Display` prints canonical XBetza; [`Piece::to_xboard`] prints what XBoard 4.9.1 reads.
//! [`diagram`] draws a piece's moves as text or data.

pub mod atom;
pub mod diagram;
pub mod dialect_print;
pub mod dialects;
mod directions;
pub mod error;
pub mod ir;
mod parse;
mod print;
pub mod walk;

pub use atom::{Atom, Step};
pub use dialect_print::print_notation;
pub use dialects::{parse_notation, Notation};
pub use error::{BetzaError, PrintError, Reason};
pub use ir::{
    Color, Component, ComponentKind, Directions, Hop, Initial, Lame, Leg, Path, Piece, Range,
    Simple,
};
pub use parse::parse;
pub use walk::{moves, Board, Cell, EnPassant, Move, MoveKind, Situation, Square};

/// Whose reading of the letters to follow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Dialect {
    /// XBetza as XBoard 4.9.1 and the Interactive Diagram read it (our default).
    #[default]
    XBetza,
    /// Fairy-Stockfish's reading, for pieces from its `variants.ini` files.
    FairyStockfish,
}
