//! Hand-crafted evaluation that needs no per-variant code.
//!
//! Everything comes from the variant's pieces as the board compiled them:
//! - piece values from each piece's reach on a board with random blockers (mobility, range,
//!   capture ability; forward-only pieces reach less), unless the variant sets
//!   `pieceValueMg`/`pieceValueEg`;
//! - piece-square terms from the reach on an empty board from each square (centralisation)
//!   and, for pieces that promote, advancement toward the promotion zone;
//! - a small mobility term, and royal pieces kept home in the middlegame and centralised in the
//!   endgame;
//! - king safety for a royal piece: attacks on the squares around it and a pawn shield
//!   ([`king`]);
//! - passed pawns for the pawn type, by advance and promotion value, and the structure of
//!   chess-like pawns: doubled, isolated, supported ([`pawns`]);
//! - pieces attacked by lesser ones, and attacked pieces left undefended ([`threats`]);
//! - pieces in hand in drop games, with values of their own ([`hand`]);
//! - middlegame and endgame scores tapered by the material left;
//! - no winning score for a side that cannot give checkmate, and a bare king driven to a
//!   corner ([`mating`]).
//!
//! [`params::EvalParams`] holds one variant's tables (built by `derived`, weights folded in);
//! `classical` evaluates a position with them, one function per family of terms.

mod classical;
mod derived;
mod files;
pub mod hand;
pub mod incremental;
pub mod king;
pub mod mating;
pub mod nnue;
mod params;
pub mod pawns;
pub mod threats;
pub mod trace;
pub mod tune;
pub mod weights;

use crate::board::bitboard::Bitboard;
use crate::board::position::Position;
pub use files::{
    builtin_weights, check_weights, has_user_weights, piece_letters, register_weights,
};
pub use incremental::PsqtSums;
pub use params::{EvalParams, NnueEval, ROYAL_SEE};
pub use pawns::PawnCache;
pub use trace::{Features, NoTrace, Trace};
pub use weights::{Layout, Scalar, Weights, WeightsError};

/// The static evaluation from the side to move's point of view, in centipawns.
#[inline]
pub fn evaluate<B: Bitboard>(pos: &Position<B>, p: &EvalParams) -> i32 {
    classical::evaluate_from(pos, p, &mut NoTrace, None, None)
}

/// [`evaluate`] with material, piece-square, hand values and phase taken from `sums` (kept up
/// to date by make/unmake, see [`incremental`]) instead of summed over the board, and what
/// depends on the pawns alone from `pawns` where it has seen the formation.
pub fn evaluate_with<B: Bitboard>(
    pos: &Position<B>,
    p: &EvalParams,
    sums: &PsqtSums,
    pawns: &mut PawnCache<B>,
) -> i32 {
    classical::evaluate_from(pos, p, &mut NoTrace, Some(sums), Some(pawns))
}

/// [`evaluate`], reporting each weight used to `tr`.
pub fn evaluate_traced<B: Bitboard, T: Trace>(
    pos: &Position<B>,
    p: &EvalParams,
    tr: &mut T,
) -> i32 {
    classical::evaluate_from(pos, p, tr, None, None)
}

#[cfg(test)]
mod tests;
