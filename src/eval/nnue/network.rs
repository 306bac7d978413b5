//! The quantised net: (F -> H) x 2 -> 1 with SCReLU, and one output layer per bucket of
//! material (the pieces on the board; a net of one bucket has a single output layer). The
//! first layer's weights and biases are scaled by [`QA`], the output weights by [`QB`]; an
//! accumulator holds the first layer's sums (i16) for both perspectives, and
//! [`Network::output`] turns a pair of them into centipawns from the side to move's point of
//! view.

use super::features::FeatureSet;
use crate::board::bitboard::Bitboard;
use crate::board::position::Position;
use crate::color::Color;

/// Quantisation of the first layer (activations are clipped to `0..=QA`).
pub const QA: i32 = 255;
/// Quantisation of the output layer.
pub const QB: i32 = 64;

/// A loaded net.
#[derive(Debug, Clone, PartialEq)]
pub struct Network {
    /// The variant it was trained for.
    pub variant: String,
    /// Board files and ranks.
    pub files: u8,
    /// Board ranks.
    pub ranks: u8,
    /// The variant's piece letters, in type order.
    pub letters: String,
    /// Number of input features.
    pub inputs: usize,
    /// Hidden size per perspective.
    pub hidden: usize,
    /// Centipawns per unit of the float output.
    pub scale: i32,
    /// First-layer weights, feature-major: `ft_w[feature * hidden + j]`.
    pub ft_w: Vec<i16>,
    /// First-layer biases.
    pub ft_b: Vec<i16>,
    /// Output buckets: positions are split by the pieces on the board into this many
    /// bands, each with its own output layer.
    pub buckets: usize,
    /// The pieces of the variant's start position, which the bands divide evenly.
    pub bucket_pieces: u32,
    /// Output weights per bucket: the side to move's half, then the other side's
    /// (`out_w[bucket * 2 * hidden..]`).
    pub out_w: Vec<i16>,
    /// Output bias per bucket (scaled by `QA * QB`).
    pub out_b: Vec<i32>,
}

/// The output bucket of a position with `pieces` pieces on the board, for a net of
/// `buckets` bands over a start position of `start_pieces`: equal bands from one piece up to
/// the start's count, the last one holding anything beyond (drops can fill the board).
#[inline]
pub fn bucket_of(pieces: u32, buckets: usize, start_pieces: u32) -> usize {
    let band = pieces.saturating_sub(1) as usize * buckets / start_pieces.max(1) as usize;
    band.min(buckets - 1)
}

impl Network {
    /// The accumulator of `pos` from scratch: `acc[..hidden]` White's perspective,
    /// `acc[hidden..]` Black's.
    pub fn refresh<B: Bitboard>(&self, pos: &Position<B>, fs: &FeatureSet, acc: &mut [i16]) {
        let h = self.hidden;
        let mut active = Vec::with_capacity(64);
        for persp in Color::BOTH {
            let half = &mut acc[persp.index() * h..(persp.index() + 1) * h];
            half.copy_from_slice(&self.ft_b);
            active.clear();
            fs.active(pos, persp, &mut active);
            for &f in &active {
                self.add_feature(half, f as usize);
            }
        }
    }

    /// Adds feature `f`'s weights to one perspective's half of an accumulator.
    #[inline(always)]
    pub fn add_feature(&self, half: &mut [i16], f: usize) {
        super::simd::add(half, &self.ft_w[f * self.hidden..(f + 1) * self.hidden]);
    }

    /// Subtracts feature `f`'s weights from one perspective's half of an accumulator.
    #[inline(always)]
    pub fn sub_feature(&self, half: &mut [i16], f: usize) {
        super::simd::sub(half, &self.ft_w[f * self.hidden..(f + 1) * self.hidden]);
    }

    /// The output bucket of a position with `pieces` pieces on the board.
    #[inline]
    pub fn bucket(&self, pieces: u32) -> usize {
        bucket_of(pieces, self.buckets, self.bucket_pieces)
    }

    /// The evaluation in centipawns for the side to move `stm` of an accumulator, with
    /// `pieces` pieces on the board (which choose the output layer).
    pub fn output(&self, acc: &[i16], stm: Color, pieces: u32) -> i32 {
        let h = self.hidden;
        let other = !stm;
        let (us, them) = (
            &acc[stm.index() * h..(stm.index() + 1) * h],
            &acc[other.index() * h..(other.index() + 1) * h],
        );
        let b = self.bucket(pieces);
        let out_w = &self.out_w[b * 2 * h..(b + 1) * 2 * h];
        let sum =
            super::simd::screlu_dot(us, &out_w[..h]) + super::simd::screlu_dot(them, &out_w[h..]);
        let out = sum / QA as i64 + self.out_b[b] as i64;
        (out * self.scale as i64 / (QA * QB) as i64) as i32
    }
}
