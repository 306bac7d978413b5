//! NNUE: per-variant nets trained here ([`train`]), read from files with a checked header
//! ([`file`]), evaluated from accumulators that make-move keeps up to date through the
//! board's observer ([`accumulator`]).
//!
//! One feature set serves every variant ([`features`]); the net is (F -> H) x 2 -> 1 with
//! SCReLU ([`network`]), its hot loops scalar or AVX2 ([`simd`]). The nets of `nets/` are built in ([`builtin_net`]).

pub mod accumulator;
pub mod features;
pub mod file;
pub mod network;
pub mod simd;
pub mod train;

pub use accumulator::{AccumulatorStack, AccumulatorUpdate};
pub use features::FeatureSet;
pub use file::NetError;
pub use network::Network;

include!(concat!(env!("OUT_DIR"), "/builtin_nets.rs"));

/// The net file built in for `variant` (`nets/NAME.nnue`, embedded at build time), if any.
pub fn builtin_net(variant: &str) -> Option<&'static [u8]> {
    BUILTIN_NETS
        .iter()
        .find(|(name, _)| *name == variant)
        .map(|&(_, bytes)| bytes)
}
