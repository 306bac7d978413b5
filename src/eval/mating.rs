//! Mating material: a side that can never give checkmate cannot win, whatever the material
//! count says.
//!
//! The rule known from chess (a king and bishops all on squares of one colour cannot mate)
//! holds for any colour-bound piece (ferz, alfil, makruk's met, ...): every square next to the
//! defending king along a file or rank has the other colour, and the attacking king cannot
//! cover all of them. So a side whose only pieces besides the king are colour-bound, all on
//! one square colour, with nothing that can promote, cannot win. The evaluation then caps its
//! score at a draw, so the search no longer trades into such endings while counting itself
//! several pawns up (makruk games are lost that way: promoted mets on one colour and nothing
//! else).
//!
//! Against a bare king, the side that can mate is paid for driving that king to a corner and
//! bringing its own king close: the search alone rarely finds the mate with short-range
//! pieces (makruk's khon, mets and knights) within the counting limit.
//!
//! Both are only used in variants won by checkmate alone, with stalemate a draw: no drops
//! or gating (material can come back), no extinction, bare-king, flag, connect, check-counting
//! or material-counting ends, no explosions or forced captures, one royal piece.

use super::derived::Rng;
use crate::board::bitboard::Bitboard;
use crate::board::position::{Position, Tables};
use crate::color::Color;
use crate::variant::{GameValue, MaterialCounting, WallingRule};

/// Which piece types decide whether a side still has mating material.
#[derive(Debug, Clone, Default)]
pub struct MatingMaterial {
    /// False in variants where the rule does not hold; nothing is ever capped then.
    applies: bool,
    /// Non-royal types that are not colour-bound or can promote: one of them is enough.
    mating: Vec<u8>,
    /// Colour-bound types: enough only when they stand on both square colours.
    bound: Vec<u8>,
}

impl MatingMaterial {
    pub fn new<B: Bitboard>(t: &Tables<B>, royal: &[bool]) -> MatingMaterial {
        if !checkmate_only(t) {
            return MatingMaterial::default();
        }
        let mut mating = Vec::new();
        let mut bound = Vec::new();
        for ty in 0..t.n_types as u8 {
            if royal[ty as usize] {
                continue;
            }
            if is_colour_bound(t, ty) {
                bound.push(ty);
            } else {
                mating.push(ty);
            }
        }
        // Pawns first: in most positions the first lookup answers.
        mating.sort_by_key(|&ty| Some(ty) != t.pawn);
        MatingMaterial {
            applies: true,
            mating,
            bound,
        }
    }

    /// Whether side `c` can never give checkmate with what it has.
    pub fn lacks<B: Bitboard>(&self, pos: &Position<B>, c: Color) -> bool {
        if !self.applies {
            return false;
        }
        if self.mating.iter().any(|&ty| pos.pieces_of(ty, c).any()) {
            return false;
        }
        let bound = self
            .bound
            .iter()
            .fold(B::EMPTY, |b, &ty| b | pos.pieces_of(ty, c));
        let dark = pos.tables().dark_squares;
        (bound & dark).is_empty() || (bound & !dark).is_empty()
    }

    /// `score` (side to move's view) capped at a draw for a side that cannot mate, with the
    /// bare-king drive added.
    pub fn adjust<B: Bitboard>(&self, pos: &Position<B>, score: i32) -> i32 {
        if !self.applies {
            return score;
        }
        let us = pos.side_to_move();
        if score > 0 && self.lacks(pos, us) || score < 0 && self.lacks(pos, !us) {
            return 0;
        }
        score + self.bare_king_drive(pos, us)
    }

    /// From `us`'s point of view: a bonus when the other side has nothing but its king and
    /// `us` can mate, the opposite when it is `us` who is bare.
    fn bare_king_drive<B: Bitboard>(&self, pos: &Position<B>, us: Color) -> i32 {
        for bare in Color::BOTH {
            let attacker = !bare;
            if pos.pieces(bare).count() != 1 || self.lacks(pos, attacker) {
                continue;
            }
            let (Some(bk), Some(ak)) = (pos.king_square(bare), pos.king_square(attacker)) else {
                return 0;
            };
            let geo = pos.tables().geo;
            let (files, ranks) = (geo.files() as i32, geo.ranks() as i32);
            let (f, r) = (geo.file_of(bk) as i32, geo.rank_of(bk) as i32);
            // Steps to the nearest corner (file and rank moves counted apart).
            let to_corner = f.min(files - 1 - f) + r.min(ranks - 1 - r);
            let far_corner = (files - 1) / 2 + (ranks - 1) / 2;
            let kings_apart = geo.king_distance(bk, ak);
            let widest = files.max(ranks) - 1;
            let bonus = 12 * (far_corner - to_corner) + 8 * (widest - kings_apart);
            return if attacker == us { bonus } else { -bonus };
        }
        0
    }
}

/// The variant is won by checkmating the one royal piece and by nothing else.
fn checkmate_only<B: Bitboard>(t: &Tables<B>) -> bool {
    let v = &t.variant();
    let end = &v.game_end;
    t.king.is_some()
        && !t.has_hands
        && !t.pass.iter().any(|&p| p)
        && end.checkmate_value == GameValue::Loss
        && end.stalemate_value == GameValue::Draw
        && end.extinction.value.is_none()
        && t.flag_region.iter().all(|r| r.is_empty())
        && end.connect.n == 0
        && end.connect.collinear_n == 0
        && end.material_counting == MaterialCounting::None
        && !v.checks.check_counting
        && !v.checks.duple_check
        && !v.checks.shatar_mate_rule
        && !v.checks.bikjang_rule
        && !v.captures.blast_on_capture
        && !v.captures.must_capture
        && v.special_moves.walling_rule == WallingRule::None
        && v.pieces.iter().filter(|p| p.royal).count() <= 1
}

/// Every move of the type, from every square it may stand on, for both colours, keeps the
/// square colour. Pieces that promote, multi-leg walker pieces and hard-coded pieces are
/// never counted as colour-bound.
fn is_colour_bound<B: Bitboard>(t: &Tables<B>, ty: u8) -> bool {
    let i = ty as usize;
    let promotes = t.promotes_by_advance(ty) || t.promoted_type[i].is_some();
    if promotes || t.walkers[i].is_some() || t.variant().pieces[i].special.is_some() {
        return false;
    }
    let geo = t.geo;
    let pt = &t.pieces[i];
    let dark = t.dark_squares;
    // Hoppers and lame leapers reach differently with blockers: try a few occupancies.
    let occupancies = blocker_samples(t);
    let mut moves_at_all = false;
    for c in Color::BOTH {
        let region = pt.mobility[c] & t.board;
        for sq in geo.squares().filter(|&s| region.contains(s)) {
            let same: B = if dark.contains(sq) { dark } else { !dark };
            for &occ in &occupancies {
                let occ = occ & !B::square(sq);
                let reach = pt.quiet[c].get(sq, occ)
                    | pt.capture[c].get(sq, occ)
                    | pt.initial[c].get(sq, occ);
                let reach = reach & t.board;
                if (reach & !same).any() {
                    return false;
                }
                moves_at_all |= reach.any();
            }
        }
    }
    // A type without moves is left with the mating types: nothing is claimed for it.
    moves_at_all
}

/// The empty board and a few fixed pseudo-random occupancies (about a third of the squares).
fn blocker_samples<B: Bitboard>(t: &Tables<B>) -> Vec<B> {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut samples = vec![B::EMPTY];
    for _ in 0..6 {
        let occ = t
            .geo
            .squares()
            .filter(|_| rng.next() % 3 == 0)
            .fold(B::EMPTY, |b, sq| b.with(sq));
        samples.push(occ);
    }
    samples
}
