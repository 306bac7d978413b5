//! Dabbaba: a fairy-chess engine.
//!
//! Layers, bottom up (see `README.md`): `color` (the two sides), `betza` (XBetza notation), `variant` (variant
//! definitions), `board` (bitboards, positions, move generation), and `cli` on top.
#![forbid(unsafe_op_in_unsafe_fn)]
#![warn(missing_debug_implementations)]

pub mod betza;
pub mod board;
pub mod cli;
pub mod color;
pub mod engine;
pub mod eval;
pub mod protocol;
pub mod search;
pub mod variant;
