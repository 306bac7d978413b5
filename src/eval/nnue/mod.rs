//! NNUE: per-variant nets trained here ([`train`]), read from files with a checked header
//! ([`file`]), evaluated from accumulators that make-move keeps up to date through the
//! board's observer ([`accumulator`]).
//!
//! One feature set serves every variant ([`features`]); the net is (F -> H) x 2 -> 1 with
//! SCReLU ([`network`]).

pub mod accumulator;
pub mod features;
pub mod file;
pub mod network;
pub mod train;

pub use accumulator::{AccumulatorStack, AccumulatorUpdate};
pub use features::FeatureSet;
pub use file::NetError;
pub use network::Network;
