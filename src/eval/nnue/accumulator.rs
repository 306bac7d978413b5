//! Accumulators kept up to date by make-move: the search keeps one per ply in an
//! [`AccumulatorStack`]; making a move copies the parent's and applies the move's piece and
//! hand changes through the board's observer ([`AccumulatorUpdate`]); unmaking pops.

use super::features::{FeatureSet, HAND_SLOTS};
use super::network::Network;
use crate::board::bitboard::Bitboard;
use crate::board::geometry::Square;
use crate::board::position::{color_of, type_of, BoardObserver, Piece, Position};
use crate::color::Color;

/// The accumulators of the positions on the search path, the current one last.
#[derive(Debug, Clone)]
pub struct AccumulatorStack {
    hidden: usize,
    /// `2 * hidden` values per ply: White's perspective, then Black's.
    values: Vec<i16>,
    /// Number of plies on the stack.
    len: usize,
}

impl AccumulatorStack {
    /// A stack holding the accumulator of `pos`, with room for `plies` more.
    pub fn new<B: Bitboard>(
        net: &Network,
        fs: &FeatureSet,
        pos: &Position<B>,
        plies: usize,
    ) -> AccumulatorStack {
        let mut values = vec![0; 2 * net.hidden * (plies + 1)];
        net.refresh(pos, fs, &mut values[..2 * net.hidden]);
        AccumulatorStack {
            hidden: net.hidden,
            values,
            len: 1,
        }
    }

    /// The current accumulator.
    #[inline]
    pub fn current(&self) -> &[i16] {
        let n = 2 * self.hidden;
        &self.values[(self.len - 1) * n..self.len * n]
    }

    /// Pushes a copy of the current accumulator and returns the observer that updates it
    /// with the move about to be made.
    #[inline]
    pub fn push<'a>(&'a mut self, net: &'a Network, fs: &'a FeatureSet) -> AccumulatorUpdate<'a> {
        let n = 2 * self.hidden;
        if (self.len + 1) * n > self.values.len() {
            self.values.resize((self.len + 1) * n, 0);
        }
        let (before, after) = self.values.split_at_mut(self.len * n);
        after[..n].copy_from_slice(&before[(self.len - 1) * n..]);
        self.len += 1;
        AccumulatorUpdate {
            net,
            fs,
            acc: &mut after[..n],
        }
    }

    /// Whether the current accumulator equals one computed from scratch for `pos`: debug
    /// builds of the search check this every 64th node (`Worker::static_eval`), so a broken
    /// incremental update fails the tests that search with a net.
    pub fn current_is_fresh<B: Bitboard>(
        &self,
        net: &Network,
        fs: &FeatureSet,
        pos: &Position<B>,
    ) -> bool {
        let mut fresh = vec![0; 2 * self.hidden];
        net.refresh(pos, fs, &mut fresh);
        fresh == self.current()
    }

    /// Drops the current accumulator (the move is taken back).
    #[inline]
    pub fn pop(&mut self) {
        debug_assert!(self.len > 1, "the root accumulator stays");
        self.len -= 1;
    }
}

/// Applies a move's changes to one accumulator (both perspectives).
#[derive(Debug)]
pub struct AccumulatorUpdate<'a> {
    net: &'a Network,
    fs: &'a FeatureSet,
    acc: &'a mut [i16],
}

impl<'a> AccumulatorUpdate<'a> {
    /// An observer that updates `acc` (both perspectives, `2 * hidden` values) in place;
    /// as make and unmake both report, it can follow a position in both directions.
    pub fn new(net: &'a Network, fs: &'a FeatureSet, acc: &'a mut [i16]) -> Self {
        AccumulatorUpdate { net, fs, acc }
    }

    #[inline(always)]
    fn apply(&mut self, add: bool, feature: impl Fn(Color) -> usize) {
        let h = self.net.hidden;
        for persp in Color::BOTH {
            let at = persp.index() * h;
            let half = &mut self.acc[at..at + h];
            if add {
                self.net.add_feature(half, feature(persp));
            } else {
                self.net.sub_feature(half, feature(persp));
            }
        }
    }
}

impl BoardObserver for AccumulatorUpdate<'_> {
    #[inline(always)]
    fn piece_added(&mut self, piece: Piece, sq: Square) {
        let (ty, c, fs) = (type_of(piece), color_of(piece), self.fs);
        self.apply(true, |p| fs.piece(p, ty, c, sq));
    }
    #[inline(always)]
    fn piece_removed(&mut self, piece: Piece, sq: Square) {
        let (ty, c, fs) = (type_of(piece), color_of(piece), self.fs);
        self.apply(false, |p| fs.piece(p, ty, c, sq));
    }
    #[inline(always)]
    fn piece_moved(&mut self, piece: Piece, from: Square, to: Square) {
        self.piece_removed(piece, from);
        self.piece_added(piece, to);
    }
    #[inline(always)]
    fn hand_changed(&mut self, type_id: u8, color: Color, old: u32, new: u32) {
        let fs = self.fs;
        // The thermometer gains or loses its top slot (counts past the last slot saturate).
        if new > old && (old as usize) < HAND_SLOTS {
            self.apply(true, |p| fs.hand(p, type_id, color, old as usize));
        } else if new < old && (new as usize) < HAND_SLOTS {
            self.apply(false, |p| fs.hand(p, type_id, color, new as usize));
        }
    }
}
