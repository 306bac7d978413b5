//! The part of the evaluation that depends only on where each piece stands and what is in
//! hand — material, piece-square values, hand values and the game phase — kept up to date by
//! make/unmake through the board's [`BoardObserver`] instead of being summed over the board
//! at every node. The search keeps one [`PsqtSums`] per ply; [`evaluate_with`] starts from
//! it.
//!
//! [`evaluate_with`]: super::evaluate_with

use super::EvalParams;
use crate::board::bitboard::Bitboard;
use crate::board::geometry::Square;
use crate::board::position::{color_of, type_of, BoardObserver, Piece, Position};
use crate::color::Color;

/// Material plus piece-square (mg, eg) per colour, and the phase, of one position.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PsqtSums {
    /// Middlegame sum per colour.
    pub mg: [i32; 2],
    /// Endgame sum per colour.
    pub eg: [i32; 2],
    /// Phase weight of the pieces on the board (not capped).
    pub phase: i32,
}

impl PsqtSums {
    /// The sums of `pos`, computed from scratch.
    pub fn compute<B: Bitboard>(pos: &Position<B>, p: &EvalParams) -> PsqtSums {
        let mut sums = PsqtSums::default();
        for ty in 0..p.n_types as u8 {
            for c in Color::BOTH {
                for sq in pos.pieces_of(ty, c).iter() {
                    sums.add(p, ty, c, sq);
                }
                let n = pos.in_hand(ty, c) as i32;
                let (m, e) = p.hand[ty as usize];
                sums.mg[c] += m * n;
                sums.eg[c] += e * n;
            }
        }
        sums
    }

    #[inline(always)]
    fn add(&mut self, p: &EvalParams, ty: u8, c: Color, sq: Square) {
        let i = ty as usize;
        let (m, e) = p.pst[(i * 2 + c.index()) * p.squares + sq.index()];
        self.mg[c] += p.mg[i] + m as i32;
        self.eg[c] += p.eg[i] + e as i32;
        self.phase += p.phase_w[i];
    }

    #[inline(always)]
    fn sub(&mut self, p: &EvalParams, ty: u8, c: Color, sq: Square) {
        let i = ty as usize;
        let (m, e) = p.pst[(i * 2 + c.index()) * p.squares + sq.index()];
        self.mg[c] -= p.mg[i] + m as i32;
        self.eg[c] -= p.eg[i] + e as i32;
        self.phase -= p.phase_w[i];
    }

    /// An observer that applies the changes of a move to these sums.
    #[inline(always)]
    pub fn tracker<'a>(&'a mut self, p: &'a EvalParams) -> PsqtTracker<'a> {
        PsqtTracker { p, sums: self }
    }
}

/// Applies board and hand changes to [`PsqtSums`] (see [`PsqtSums::tracker`]).
#[derive(Debug)]
pub struct PsqtTracker<'a> {
    p: &'a EvalParams,
    sums: &'a mut PsqtSums,
}

impl BoardObserver for PsqtTracker<'_> {
    #[inline(always)]
    fn piece_added(&mut self, piece: Piece, sq: Square) {
        self.sums.add(self.p, type_of(piece), color_of(piece), sq);
    }
    #[inline(always)]
    fn piece_removed(&mut self, piece: Piece, sq: Square) {
        self.sums.sub(self.p, type_of(piece), color_of(piece), sq);
    }
    #[inline(always)]
    fn piece_moved(&mut self, piece: Piece, from: Square, to: Square) {
        let (ty, c) = (type_of(piece), color_of(piece));
        let base = (ty as usize * 2 + c.index()) * self.p.squares;
        let (fm, fe) = self.p.pst[base + from.index()];
        let (tm, te) = self.p.pst[base + to.index()];
        self.sums.mg[c] += tm as i32 - fm as i32;
        self.sums.eg[c] += te as i32 - fe as i32;
    }
    #[inline(always)]
    fn hand_changed(&mut self, type_id: u8, color: Color, old: u32, new: u32) {
        let (m, e) = self.p.hand[type_id as usize];
        let d = new as i32 - old as i32;
        self.sums.mg[color] += m * d;
        self.sums.eg[color] += e * d;
    }
}
