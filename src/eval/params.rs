//! The evaluation parameters of one variant: the tables the hand-crafted evaluation reads
//! (built from the pieces by [`super::derived`], with a weights file folded in by
//! [`EvalParams::set_weights`]) and the NNUE net chosen instead, if any.

use super::king::KingTables;
use super::mating::MatingMaterial;
use super::pawns::{self, PawnInfo, PawnTables};
use super::threats::ThreatTables;
use super::weights::{self, Scalar, Weights, WeightsError};
use super::{builtin_weights, nnue, piece_letters};
use crate::board::bitboard::Bitboard;
use crate::board::position::Position;

#[derive(Debug, Clone)]
pub struct EvalParams {
    pub(super) n_types: usize,
    pub(super) squares: usize,
    /// The tunable weights ([`weights`]); the tables below are built from them.
    pub(super) weights: Weights,
    /// The weights derived from the pieces, before any weights file.
    pub(super) derived: Weights,
    /// Middlegame value per type (0 for royal pieces).
    pub mg: Vec<i32>,
    /// Endgame value per type.
    pub eg: Vec<i32>,
    /// Value per type for exchange evaluation and move ordering (royal pieces very high).
    pub see: Vec<i32>,
    /// `pst[(type * 2 + colour) * squares + sq]` = (mg, eg): the derived value plus the
    /// weight of the square's rank and folded file.
    pub(super) pst: Vec<(i16, i16)>,
    /// The derived part of `pst`.
    pub(super) base_pst: Vec<(i16, i16)>,
    /// `psq_index[(type * 2 + colour) * squares + sq]`: the weight a square adds to `pst`.
    pub(super) psq_index: Vec<u32>,
    /// Phase weight per type.
    pub(super) phase_w: Vec<i32>,
    /// Phase of the start position (full middlegame).
    pub(super) phase_total: i32,
    /// Mobility weight per type (mg, eg) per square reached above the average.
    pub(super) mob_w: Vec<(i32, i32)>,
    /// Average reach of each type on the board with random blockers (fixed point, x16).
    pub(super) mob_avg16: Vec<i32>,
    /// Per type: per unit of the root of its safe reach (see [`Layout::mobility_sqrt`]),
    /// and per square reached that an enemy pawn attacks.
    pub(super) mob_sqrt_w: Vec<(i32, i32)>,
    pub(super) mob_unsafe_w: Vec<(i32, i32)>,
    /// The root of each type's average reach (fixed point, x16).
    pub(super) mob_sqrt_avg16: Vec<i32>,
    /// Per type: one of the two weights above is not zero (else their counts are skipped).
    pub(super) mob_shape: Vec<bool>,
    /// Whether a type counts as royal.
    pub(super) royal: Vec<bool>,
    /// The royal type whose square the king terms watch ([`derived::guarded_type`]).
    pub(super) guarded: Option<u8>,
    /// Whether mobility is computed for a type (non-royal, non-pawn).
    pub(super) mob_on: Vec<bool>,
    /// Per type: bonus for a side with two or more on the board (mg, eg).
    pub(super) pair_w: Vec<(i32, i32)>,
    /// Per type: per piece on a file without pawns, and on a file with only enemy pawns.
    pub(super) open_w: Vec<(i32, i32)>,
    pub(super) semi_w: Vec<(i32, i32)>,
    /// Some open-file weight is not zero (else the file scan is skipped).
    pub(super) file_terms: bool,
    /// Per type: per safe square it can check the enemy royal piece from, on the board and
    /// by a drop.
    pub(super) check_w: Vec<(i32, i32)>,
    pub(super) drop_check_w: Vec<(i32, i32)>,
    /// Some check weight is not zero.
    pub(super) check_terms: bool,
    /// Per type: per enemy royal zone square attacked, and per piece in its own royal zone.
    pub(super) zone_attack_w: Vec<(i32, i32)>,
    pub(super) guard_w: Vec<(i32, i32)>,
    /// King zones and pawn shields.
    pub(super) king: KingTables,
    /// Weight of a type as an attacker of the enemy king zone.
    pub(super) king_attack_w: Vec<i32>,
    /// The pawn type (passed pawns, pawn shields).
    pub(super) pawn: Option<u8>,
    /// Passed-pawn bonuses.
    pub(super) pawns: PawnTables,
    /// Whether pawn structure counts: pawns that capture other than they move (chess-like),
    /// so that they can defend each other and fix each other's files.
    pub(super) pawn_structure: bool,
    /// Files from the centre beyond which a royal piece counts its pawn shield (x2, so that
    /// half files can be expressed).
    pub(super) shield_min_off2: i32,
    /// Value of each type in hand (mg, eg).
    pub(super) hand: Vec<(i32, i32)>,
    /// Which pieces can give checkmate (a side without them cannot win).
    pub(super) mating: MatingMaterial,
    /// Pieces attacked by lesser ones, and hanging pieces.
    pub(super) threats: ThreatTables,
    /// Rank (from the owner's side) of each square, per colour: `rel_rank[c * squares + sq]`.
    pub(super) rel_rank: Vec<u8>,
    /// The scalar weights, copied out of `weights` for the hot path.
    pub(super) scalars: [(i32, i32); weights::SCALARS.len()],
    /// The NNUE net the search evaluates with instead, if one is chosen (`Use NNUE`).
    pub(super) nnue: Option<std::sync::Arc<NnueEval>>,
}

/// A net and the feature set of the variant it was checked against.
#[derive(Debug)]
pub struct NnueEval {
    /// The net.
    pub net: nnue::Network,
    /// The variant's features.
    pub fs: nnue::FeatureSet,
}

/// The royal piece value used by exchange evaluation.
pub const ROYAL_SEE: i32 = 20_000;

impl EvalParams {
    /// The passed pawns and pawn structure of the pawn type `pawn`, computed from the board.
    pub(super) fn pawn_info<B: Bitboard>(&self, pos: &Position<B>, pawn: u8) -> PawnInfo<B> {
        PawnInfo {
            passed: self.pawns.passed_pawns(pos, pawn),
            attacks: pawns::pawn_attacks(pos, pawn),
            structure: if self.pawn_structure {
                PawnTables::structure(pos, pawn)
            } else {
                Default::default()
            },
        }
    }

    /// The weights in use.
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// The weights derived from the pieces alone.
    pub fn derived_weights(&self) -> &Weights {
        &self.derived
    }

    /// Uses these weights (from [`EvalParams::weights`] of the same variant, changed).
    pub fn set_weights(&mut self, w: Weights) {
        debug_assert_eq!(w.layout, self.weights.layout);
        self.weights = w;
        self.rebuild();
    }

    /// Reads a weights file over the derived weights; `letters` are the variant's piece
    /// letters in type order.
    pub fn load_weights(&mut self, text: &str, letters: &str) -> Result<(), WeightsError> {
        let mut w = self.derived.clone();
        w.apply_text(text, &letters.to_ascii_lowercase())?;
        self.set_weights(w);
        Ok(())
    }

    /// The NNUE net to evaluate with, if any.
    pub fn nnue(&self) -> Option<&NnueEval> {
        self.nnue.as_deref()
    }

    /// Chooses the NNUE net (or none: the hand-crafted evaluation).
    pub fn set_nnue(&mut self, net: Option<std::sync::Arc<NnueEval>>) {
        self.nnue = net;
    }

    /// `score` (side to move's) with the draw-ish material rules of the hand-crafted
    /// evaluation applied: a side that cannot mate is never ahead. The NNUE path uses it too.
    pub fn adjust_for_material<B: Bitboard>(&self, pos: &Position<B>, score: i32) -> i32 {
        self.mating.adjust(pos, score)
    }

    /// Applies the variant's built-in weights file, if it has one: `Ok(true)` when applied.
    /// A file that does not fit the variant (a user redefined it with other pieces) is an
    /// error and changes nothing.
    pub fn apply_builtin_weights(
        &mut self,
        v: &crate::variant::Variant,
    ) -> Result<bool, WeightsError> {
        match builtin_weights(&v.name) {
            Some(text) => self.load_weights(&text, &piece_letters(v)).map(|()| true),
            None => Ok(false),
        }
    }

    /// Rebuilds the tables that fold weights in.
    pub(super) fn rebuild(&mut self) {
        let w = &self.weights;
        let l = &w.layout;
        for i in 0..self.n_types {
            if !self.royal[i] {
                (self.mg[i], self.eg[i]) = w.get(l.material(i));
                self.hand[i] = w.get(l.hand(i));
            }
            self.see[i] = if self.royal[i] {
                ROYAL_SEE
            } else {
                (self.mg[i] + self.eg[i]) / 2
            };
            self.mob_w[i] = w.get(l.mobility(i));
            self.mob_sqrt_w[i] = w.get(l.mobility_sqrt(i));
            self.mob_unsafe_w[i] = w.get(l.mobility_unsafe(i));
            self.mob_shape[i] = self.mob_sqrt_w[i] != (0, 0) || self.mob_unsafe_w[i] != (0, 0);
            self.pair_w[i] = w.get(l.pair(i));
            self.open_w[i] = w.get(l.open_file(i));
            self.semi_w[i] = w.get(l.semi_open(i));
            self.check_w[i] = w.get(l.safe_check(i));
            self.drop_check_w[i] = w.get(l.drop_check(i));
            self.zone_attack_w[i] = w.get(l.king_attack(i));
            self.guard_w[i] = w.get(l.king_guard(i));
        }
        self.check_terms = (self.check_w.iter().chain(&self.drop_check_w)).any(|&w| w != (0, 0));
        self.file_terms =
            self.pawn.is_some() && (self.open_w.iter().chain(&self.semi_w)).any(|&w| w != (0, 0));
        for ((out, base), &index) in self.pst.iter_mut().zip(&self.base_pst).zip(&self.psq_index) {
            let (m, e) = w.get(index as usize);
            *out = (clamp16(base.0 as i32 + m), clamp16(base.1 as i32 + e));
        }
        for (k, out) in self.scalars.iter_mut().enumerate() {
            *out = w.get(l.scalar_index(k));
        }
        let passed: Vec<(i32, i32)> = (0..l.ranks).map(|r| w.get(l.passed(r))).collect();
        self.pawns.set_deltas(&self.rel_rank, &passed);
        self.threats = ThreatTables::new(
            &self.see,
            &self.royal,
            self.pawn,
            w.scalar(Scalar::ThreatBase),
            w.scalar(Scalar::ThreatGain),
        );
    }

    /// A scalar weight.
    #[inline(always)]
    pub(super) fn scalar(&self, s: Scalar) -> (i32, i32) {
        self.scalars[s as usize]
    }

    /// Whether a type is a piece in the sense of null-move safety: not royal, not a pawn.
    pub fn is_piece(&self, ty: u8) -> bool {
        self.phase_w.get(ty as usize).copied().unwrap_or(0) > 0
    }

    /// Whether a type is royal.
    pub fn is_royal(&self, ty: u8) -> bool {
        self.royal.get(ty as usize).copied().unwrap_or(false)
    }
}

/// Adds `n` times the weight `w` (weight `index` of the layout) to colour `c`'s middlegame
/// and endgame sums, and reports it to the trace.
fn clamp16(x: i32) -> i16 {
    x.clamp(i16::MIN as i32, i16::MAX as i32) as i16
}
