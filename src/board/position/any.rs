//! A position of any width: the one switch from a variant's board size to the bitboard type
//! its position uses.

use super::Position;
use crate::board::bitboard::Bb256;
use crate::board::geometry::Width;
use crate::variant::Variant;

/// A position on the narrowest bitboard that fits the variant.
///
/// The variants differ in size by their inline per-ply state (bitboards of 32 bytes in the
/// widest); an `AnyPosition` is made once per game or command, never per node, so the spare
/// bytes cost nothing and a box would only add an indirection to every use.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone)]
pub enum AnyPosition {
    /// Up to 64 squares.
    W64(Position<u64>),
    /// Up to 128 squares.
    W128(Position<u128>),
    /// Up to 256 squares.
    W256(Position<Bb256>),
}

/// Calls `$body` with `$p` bound to the inner `Position<B>` of an [`AnyPosition`].
#[macro_export]
macro_rules! with_position {
    ($any:expr, $p:ident => $body:expr) => {
        match $any {
            $crate::board::position::AnyPosition::W64($p) => $body,
            $crate::board::position::AnyPosition::W128($p) => $body,
            $crate::board::position::AnyPosition::W256($p) => $body,
        }
    };
}

impl AnyPosition {
    /// The width a variant needs.
    pub fn width_for(v: &Variant) -> Width {
        let squares = v.files as usize * v.ranks as usize;
        match squares {
            0..=64 => Width::W64,
            65..=128 => Width::W128,
            _ => Width::W256,
        }
    }
}
