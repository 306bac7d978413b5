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

mod derived;
mod files;
pub mod hand;
pub mod incremental;
pub mod king;
pub mod mating;
pub mod nnue;
pub mod pawns;
pub mod threats;
pub mod trace;
pub mod tune;
pub mod weights;

use crate::board::bitboard::Bitboard;
use crate::board::position::tables::MAX_TYPES;
use crate::board::position::Position;
use crate::board::Square;
use crate::color::Color;
pub use files::{
    builtin_weights, check_weights, has_user_weights, piece_letters, register_weights,
};
pub use incremental::PsqtSums;
use king::{KingAttack, KingTables};
use mating::MatingMaterial;
pub use pawns::PawnCache;
use pawns::{PawnInfo, PawnTables};
use threats::ThreatTables;
pub use trace::{Features, NoTrace, Trace};
pub use weights::{Layout, Scalar, Weights, WeightsError};

/// Evaluation tables for one variant on one board width.
#[derive(Debug, Clone)]
pub struct EvalParams {
    n_types: usize,
    squares: usize,
    /// The tunable weights ([`weights`]); the tables below are built from them.
    weights: Weights,
    /// The weights derived from the pieces, before any weights file.
    derived: Weights,
    /// Middlegame value per type (0 for royal pieces).
    pub mg: Vec<i32>,
    /// Endgame value per type.
    pub eg: Vec<i32>,
    /// Value per type for exchange evaluation and move ordering (royal pieces very high).
    pub see: Vec<i32>,
    /// `pst[(type * 2 + colour) * squares + sq]` = (mg, eg): the derived value plus the
    /// weight of the square's rank and folded file.
    pst: Vec<(i16, i16)>,
    /// The derived part of `pst`.
    base_pst: Vec<(i16, i16)>,
    /// `psq_index[(type * 2 + colour) * squares + sq]`: the weight a square adds to `pst`.
    psq_index: Vec<u32>,
    /// Phase weight per type.
    phase_w: Vec<i32>,
    /// Phase of the start position (full middlegame).
    phase_total: i32,
    /// Mobility weight per type (mg, eg) per square reached above the average.
    mob_w: Vec<(i32, i32)>,
    /// Average reach of each type on the board with random blockers (fixed point, x16).
    mob_avg16: Vec<i32>,
    /// Per type: per unit of the root of its safe reach (see [`Layout::mobility_sqrt`]),
    /// and per square reached that an enemy pawn attacks.
    mob_sqrt_w: Vec<(i32, i32)>,
    mob_unsafe_w: Vec<(i32, i32)>,
    /// The root of each type's average reach (fixed point, x16).
    mob_sqrt_avg16: Vec<i32>,
    /// Per type: one of the two weights above is not zero (else their counts are skipped).
    mob_shape: Vec<bool>,
    /// Whether a type counts as royal.
    royal: Vec<bool>,
    /// The royal type whose square the king terms watch ([`derived::guarded_type`]).
    guarded: Option<u8>,
    /// Whether mobility is computed for a type (non-royal, non-pawn).
    mob_on: Vec<bool>,
    /// Per type: bonus for a side with two or more on the board (mg, eg).
    pair_w: Vec<(i32, i32)>,
    /// Per type: per piece on a file without pawns, and on a file with only enemy pawns.
    open_w: Vec<(i32, i32)>,
    semi_w: Vec<(i32, i32)>,
    /// Some open-file weight is not zero (else the file scan is skipped).
    file_terms: bool,
    /// Per type: per safe square it can check the enemy royal piece from, on the board and
    /// by a drop.
    check_w: Vec<(i32, i32)>,
    drop_check_w: Vec<(i32, i32)>,
    /// Some check weight is not zero.
    check_terms: bool,
    /// Per type: per enemy royal zone square attacked, and per piece in its own royal zone.
    zone_attack_w: Vec<(i32, i32)>,
    guard_w: Vec<(i32, i32)>,
    /// King zones and pawn shields.
    king: KingTables,
    /// Weight of a type as an attacker of the enemy king zone.
    king_attack_w: Vec<i32>,
    /// The pawn type (passed pawns, pawn shields).
    pawn: Option<u8>,
    /// Passed-pawn bonuses.
    pawns: PawnTables,
    /// Whether pawn structure counts: pawns that capture other than they move (chess-like),
    /// so that they can defend each other and fix each other's files.
    pawn_structure: bool,
    /// Files from the centre beyond which a royal piece counts its pawn shield (x2, so that
    /// half files can be expressed).
    shield_min_off2: i32,
    /// Value of each type in hand (mg, eg).
    hand: Vec<(i32, i32)>,
    /// Which pieces can give checkmate (a side without them cannot win).
    mating: MatingMaterial,
    /// Pieces attacked by lesser ones, and hanging pieces.
    threats: ThreatTables,
    /// Rank (from the owner's side) of each square, per colour: `rel_rank[c * squares + sq]`.
    rel_rank: Vec<u8>,
    /// The scalar weights, copied out of `weights` for the hot path.
    scalars: [(i32, i32); weights::SCALARS.len()],
    /// The NNUE net the search evaluates with instead, if one is chosen (`Use NNUE`).
    nnue: Option<std::sync::Arc<NnueEval>>,
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
    fn pawn_info<B: Bitboard>(&self, pos: &Position<B>, pawn: u8) -> PawnInfo<B> {
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
    fn rebuild(&mut self) {
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
    fn scalar(&self, s: Scalar) -> (i32, i32) {
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
#[inline(always)]
fn add_term<T: Trace>(
    mg: &mut [i32; 2],
    eg: &mut [i32; 2],
    tr: &mut T,
    c: Color,
    w: (i32, i32),
    index: usize,
    n: i32,
) {
    mg[c] += w.0 * n;
    eg[c] += w.1 * n;
    if T::ON && n != 0 {
        tr.add(c, index, n as f32);
    }
}

/// `SQRT16[n]` = 16 sqrt(n), rounded down, for every reach a 16x16 board allows.
const SQRT16: [i32; 257] = {
    let mut t = [0; 257];
    let (mut n, mut root) = (0, 0);
    while n < t.len() {
        // The largest root with root^2 <= 256 n (a loop: `isqrt` is newer than the MSRV).
        while (root + 1) * (root + 1) <= 256 * n as i32 {
            root += 1;
        }
        t[n] = root;
        n += 1;
    }
    t
};

fn clamp16(x: i32) -> i16 {
    x.clamp(i16::MIN as i32, i16::MAX as i32) as i16
}

/// The static evaluation from the side to move's point of view, in centipawns.
#[inline]
pub fn evaluate<B: Bitboard>(pos: &Position<B>, p: &EvalParams) -> i32 {
    evaluate_from(pos, p, &mut NoTrace, None, None)
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
    evaluate_from(pos, p, &mut NoTrace, Some(sums), Some(pawns))
}

/// [`evaluate`], reporting each weight used to `tr`.
pub fn evaluate_traced<B: Bitboard, T: Trace>(
    pos: &Position<B>,
    p: &EvalParams,
    tr: &mut T,
) -> i32 {
    evaluate_from(pos, p, tr, None, None)
}

/// The square of side `c`'s piece of the guarded type (the first, if it has several).
#[inline(always)]
fn guarded_square<B: Bitboard>(pos: &Position<B>, guarded: Option<u8>, c: Color) -> Option<Square> {
    let b = pos.pieces_of(guarded?, c);
    if b.is_empty() {
        None
    } else {
        Some(b.lsb())
    }
}

/// The evaluation; the position-only sums come from `sums` if given, else from the board.
#[inline(always)]
fn evaluate_from<B: Bitboard, T: Trace>(
    pos: &Position<B>,
    p: &EvalParams,
    tr: &mut T,
    sums: Option<&PsqtSums>,
    pawn_cache: Option<&mut PawnCache<B>>,
) -> i32 {
    let t = pos.tables();
    let l = &p.weights.layout;
    let occ = pos.occupied();
    // Whether material, piece-square, hand values and phase are summed here.
    let summed = sums.is_none();
    let s = sums.copied().unwrap_or_default();
    let (mut mg, mut eg, mut phase) = (s.mg, s.eg, s.phase);
    let kings = Color::BOTH.map(|c| guarded_square(pos, p.guarded, c));
    let zones: [B; 2] = kings.map(|k| k.map_or(B::EMPTY, |s| p.king.zone(s)));
    // attack[c]: attacks on colour c's king zone.
    let mut attack = [KingAttack::default(); 2];
    // Squares each colour attacks, and each colour's pieces that can be threatened.
    let mut attacked_by = [B::EMPTY; 2];
    let mut victims = [B::EMPTY; 2];
    // checks[type][c]: squares c's pieces of the type reach and could check the enemy royal
    // piece from (whether the enemy guards them is known after every type's attacks).
    let check_terms = p.check_terms || T::ON;
    let mut checks = [[B::EMPTY; 2]; MAX_TYPES];
    let pawn_info = p.pawn.map(|pw| {
        // The pawns' attacks (and their structure) read the board beyond the pawns where a
        // pawn's capture depends on what stands in between; only then is the formation not
        // enough to look them up by.
        match pawn_cache {
            Some(cache) if !t.pieces[pw as usize].capture_needs_occ => {
                let formation = [
                    pos.pieces_of(pw, Color::White),
                    pos.pieces_of(pw, Color::Black),
                ];
                cache.get_or(formation, || p.pawn_info(pos, pw))
            }
            _ => p.pawn_info(pos, pw),
        }
    });
    let pawn_attacks = pawn_info.map_or([B::EMPTY; 2], |info| info.attacks);
    for ty in 0..p.n_types as u8 {
        let i = ty as usize;
        for c in Color::BOTH {
            let bb = pos.pieces_of(ty, c);
            if bb.is_empty() {
                continue;
            }
            if summed {
                let cnt = bb.count() as i32;
                mg[c] += p.mg[i] * cnt;
                eg[c] += p.eg[i] * cnt;
                phase += p.phase_w[i] * cnt;
                if T::ON && !p.royal[i] {
                    tr.add(c, l.material(i), cnt as f32);
                }
            }
            let base = (i * 2 + c.index()) * p.squares;
            let pt = &t.pieces[i];
            let own = pos.pieces(c);
            let mut type_attacks = B::EMPTY;
            let mut zone_hits = 0;
            if !p.royal[i] {
                let guards = (bb & zones[c]).count() as i32;
                add_term(
                    &mut mg,
                    &mut eg,
                    tr,
                    c,
                    p.guard_w[i],
                    l.king_guard(i),
                    guards,
                );
                // Pawns are (nearly) always two or more: a pair bonus would be a constant.
                let pair = i32::from(p.pawn != Some(ty) && bb.count() >= 2);
                add_term(&mut mg, &mut eg, tr, c, p.pair_w[i], l.pair(i), pair);
            }
            let file_pawns = match p.pawn {
                Some(pw) if (p.file_terms || T::ON) && !p.royal[i] && pw != ty => {
                    Some((pos.pieces_of(pw, c), pos.pieces_of(pw, !c)))
                }
                _ => None,
            };
            for sq in bb.iter() {
                if let Some((ours, theirs)) = file_pawns {
                    let file = t.files[t.geo.file_of(sq) as usize];
                    if (file & ours).is_empty() {
                        let (w, index) = if (file & theirs).is_empty() {
                            (p.open_w[i], l.open_file(i))
                        } else {
                            (p.semi_w[i], l.semi_open(i))
                        };
                        add_term(&mut mg, &mut eg, tr, c, w, index, 1);
                    }
                }
                if summed {
                    let (m, e) = p.pst[base + sq.index()];
                    mg[c] += m as i32;
                    eg[c] += e as i32;
                }
                if T::ON {
                    let (bm, be) = p.base_pst[base + sq.index()];
                    tr.fixed(c, bm as i32, be as i32);
                    tr.add(c, p.psq_index[base + sq.index()] as usize, 1.0);
                }
                let caps = pt.capture[c].get(sq, occ);
                type_attacks |= caps;
                zone_hits += (caps & zones[!c]).count() as i32;
                if p.mob_on[i] {
                    // Where quiet moves and captures share their tables, the capture
                    // lookup is the quiet one too.
                    let quiet = if pt.same_reach {
                        caps
                    } else {
                        pt.quiet[c].get(sq, occ)
                    };
                    let reached = (quiet & !occ) | (caps & occ & !own);
                    let reach = reached.count() as i32;
                    attack[!c].add(p.king_attack_w[i], (caps & zones[!c]).count());
                    let d16 = reach * 16 - p.mob_avg16[i];
                    mg[c] += d16 * p.mob_w[i].0 / 16;
                    eg[c] += d16 * p.mob_w[i].1 / 16;
                    if T::ON {
                        tr.add(c, l.mobility(i), d16 as f32 / 16.0);
                    }
                    if p.mob_shape[i] || T::ON {
                        let covered = (reached & pawn_attacks[!c]).count() as i32;
                        let w = p.mob_unsafe_w[i];
                        add_term(&mut mg, &mut eg, tr, c, w, l.mobility_unsafe(i), covered);
                        let safe = (reach - covered).min(256) as usize;
                        let d16 = SQRT16[safe] - p.mob_sqrt_avg16[i];
                        mg[c] += d16 * p.mob_sqrt_w[i].0 / 16;
                        eg[c] += d16 * p.mob_sqrt_w[i].1 / 16;
                        if T::ON {
                            tr.add(c, l.mobility_sqrt(i), d16 as f32 / 16.0);
                        }
                    }
                }
            }
            attacked_by[c] |= type_attacks;
            if !p.royal[i] {
                let w = p.zone_attack_w[i];
                add_term(&mut mg, &mut eg, tr, c, w, l.king_attack(i), zone_hits);
            }
            if check_terms && !p.royal[i] {
                if let Some(k) = kings[!c] {
                    // Where a piece of ours would check from is where the same piece of
                    // theirs on the royal square would capture (exact for pieces that move
                    // alike both ways).
                    checks[i][c] = pt.capture[!c].get(k, occ) & type_attacks & !own;
                }
            }
            if p.threats.is_victim(i) {
                victims[c] |= bb;
            }
            let threat = p
                .threats
                .by_lesser(i, type_attacks, |v| pos.pieces_of(v, !c));
            mg[c] += threat.score.0;
            eg[c] += threat.score.1;
            if T::ON {
                tr.add(c, l.scalar(Scalar::ThreatBase), threat.hits as f32);
                tr.add(c, l.scalar(Scalar::ThreatGain), threat.gain_units);
            }
        }
    }
    if check_terms {
        for (ty, type_checks) in checks.iter().enumerate().take(p.n_types) {
            if p.royal[ty] {
                continue;
            }
            for c in Color::BOTH {
                let safe = (type_checks[c] & !attacked_by[!c]).count() as i32;
                add_term(
                    &mut mg,
                    &mut eg,
                    tr,
                    c,
                    p.check_w[ty],
                    l.safe_check(ty),
                    safe,
                );
                if !t.piece_drops || pos.in_hand(ty as u8, c) == 0 {
                    continue;
                }
                let Some(k) = kings[!c] else { continue };
                let drops = t.pieces[ty].capture[!c].get(k, occ)
                    & !occ
                    & t.drop_region[c][ty]
                    & !attacked_by[!c];
                let n = drops.count() as i32;
                add_term(
                    &mut mg,
                    &mut eg,
                    tr,
                    c,
                    p.drop_check_w[ty],
                    l.drop_check(ty),
                    n,
                );
            }
        }
    }
    let hanging = p.scalar(Scalar::Hanging);
    for c in Color::BOTH {
        let n = ThreatTables::hanging(victims[!c], attacked_by[c], attacked_by[!c]);
        mg[c] += hanging.0 * n;
        eg[c] += hanging.1 * n;
        if T::ON {
            tr.add(c, l.scalar(Scalar::Hanging), n as f32);
        }
    }
    for c in Color::BOTH {
        let Some(k) = kings[c] else { continue };
        let danger = attack[c].penalty();
        if danger != 0 {
            let percent = p.scalar(Scalar::KingDanger);
            mg[c] -= danger * percent.0 / 100;
            eg[c] -= danger * percent.1 / 100;
        }
        if T::ON {
            tr.add(c, l.scalar(Scalar::KingDanger), -danger as f32 / 100.0);
        }
        if let Some(pw) = p.pawn {
            let off2 = (2 * t.geo.file_of(k) as i32 - (t.geo.files() as i32 - 1)).abs();
            if off2 >= p.shield_min_off2 {
                let (near, far) = p.king.shield(c, k, pos.pieces_of(pw, c));
                for (count, s) in [(near, Scalar::ShieldNear), (far, Scalar::ShieldFar)] {
                    add_term(&mut mg, &mut eg, tr, c, p.scalar(s), l.scalar(s), count);
                }
            }
        }
    }
    if let Some(info) = pawn_info {
        let passed = info.passed;
        let (own_king, enemy_king) = (
            p.scalar(Scalar::PassedOwnKing),
            p.scalar(Scalar::PassedEnemyKing),
        );
        for (c, bb) in Color::BOTH.into_iter().zip(&passed) {
            for sq in bb.iter() {
                let (m, e) = p.pawns.bonus(c, sq);
                mg[c] += m;
                eg[c] += e;
                let r = p.rel_rank[c.index() * p.squares + sq.index()] as usize;
                if T::ON {
                    let (bm, be) = p.pawns.base_bonus(c, sq);
                    tr.fixed(c, bm, be);
                    tr.add(c, l.passed(r), 1.0);
                }
                // The kings' race to the pawn's path matters once it is past its third rank.
                let advance = r.saturating_sub(2) as i32;
                if advance == 0 {
                    continue;
                }
                // The square in front of the pawn (the pawn's own on the last rank).
                let ahead = c.sign();
                let front = t.geo.offset(sq, 0, ahead).unwrap_or(sq);
                for (king, w, s) in [
                    (kings[c], own_king, Scalar::PassedOwnKing),
                    (kings[!c], enemy_king, Scalar::PassedEnemyKing),
                ] {
                    let Some(k) = king else { continue };
                    let n = advance * t.geo.king_distance(k, front);
                    add_term(&mut mg, &mut eg, tr, c, w, l.scalar(s), n);
                }
            }
        }
        if p.pawn_structure {
            for (c, count) in Color::BOTH.into_iter().zip(&info.structure) {
                for (n, s) in [
                    (count.doubled, Scalar::Doubled),
                    (count.isolated, Scalar::Isolated),
                    (count.supported, Scalar::Supported),
                    (count.phalanx, Scalar::Phalanx),
                ] {
                    add_term(&mut mg, &mut eg, tr, c, p.scalar(s), l.scalar(s), n);
                }
            }
        }
    }
    // Pieces in hand, at their own values (fitted where a weights file exists).
    if t.has_hands && summed {
        let h = hand::score(&p.hand, |ty, c| pos.in_hand(ty, c));
        for c in Color::BOTH {
            mg[c] += h[c].0;
            eg[c] += h[c].1;
        }
        if T::ON {
            for ty in 0..p.n_types {
                for c in Color::BOTH {
                    tr.add(c, l.hand(ty), pos.in_hand(ty as u8, c) as f32);
                }
            }
        }
    }
    let phase = phase.min(p.phase_total);
    let us = pos.side_to_move();
    let m = mg[us] - mg[!us];
    let e = eg[us] - eg[!us];
    let taper = |m: i32, e: i32| (m * phase + e * (p.phase_total - phase)) / p.phase_total;
    let tempo = p.scalar(Scalar::Tempo);
    let score = taper(m, e) + taper(tempo.0, tempo.1);
    let adjusted = p.mating.adjust(pos, score);
    if T::ON {
        tr.add(us, l.scalar(Scalar::Tempo), 1.0);
        tr.phase(phase, p.phase_total);
        let white = us.sign();
        tr.final_adjust((adjusted != 0 || score == 0).then_some(white * (adjusted - score)));
    }
    adjusted
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::position::AnyPosition;
    use crate::variant::builtin;
    use derived::{derived_value, random_reach};

    fn params_for(name: &str) -> (AnyPosition, Vec<(char, i32, i32)>) {
        let v = builtin(name).expect("variant");
        let g = AnyPosition::new(v, None, false).expect("start");
        let vals = crate::with_position!(&g, p => {
            let ep = EvalParams::new(p.tables(), p);
            v.pieces.iter().enumerate().map(|(i, pc)| (pc.letter, ep.mg[i], ep.eg[i])).collect()
        });
        (g, vals)
    }

    /// The (middlegame, endgame) values of the piece with this letter (either case), (-1, -1)
    /// if there is none.
    fn values_of(vals: &[(char, i32, i32)], letter: char) -> (i32, i32) {
        vals.iter()
            .find(|x| x.0.eq_ignore_ascii_case(&letter))
            .map_or((-1, -1), |x| (x.1, x.2))
    }

    fn mg_of(vals: &[(char, i32, i32)], letter: char) -> i32 {
        values_of(vals, letter).0
    }

    #[test]
    fn chess_values_are_in_the_usual_order() {
        let (_, vals) = params_for("chess");
        let get = |l: char| mg_of(&vals, l);
        let (p, n, b, r, q) = (get('p'), get('n'), get('b'), get('r'), get('q'));
        assert!(p < n && n <= b + 40 && b < r && r < q, "{vals:?}");
        assert!((60..=160).contains(&p), "{vals:?}");
        assert!((250..=400).contains(&n), "{vals:?}");
        assert!((420..=620).contains(&r), "{vals:?}");
        assert!((800..=1150).contains(&q), "{vals:?}");
    }

    #[test]
    fn a_cannon_is_worth_far_less_than_a_chariot() {
        // The cannon slides like the chariot but threatens nothing on those squares, so it
        // must not be valued like one (xiangqi players value it at about half a chariot).
        let (_, vals) = params_for("xiangqi");
        let get = |l: char| mg_of(&vals, l);
        let (rook, cannon, horse) = (get('r'), get('c'), get('n'));
        assert!(rook > 0 && cannon > 0 && horse > 0, "{vals:?}");
        assert!(cannon * 5 < rook * 4, "{vals:?}");
        assert!(horse < rook, "{vals:?}");
    }

    #[test]
    fn xiangqi_values_follow_practice_and_janggi_keeps_its_own() {
        // xiangqi.ini sets values where reach alone misjudges: the palace and half-board
        // defenders above a soldier, and the horse above the cannon once the board empties.
        let (_, xq) = params_for("xiangqi");
        let soldier = mg_of(&xq, 'p');
        assert!(
            mg_of(&xq, 'a') > soldier && mg_of(&xq, 'b') > soldier,
            "{xq:?}"
        );
        assert!(values_of(&xq, 'n').1 > values_of(&xq, 'c').1, "{xq:?}");
        // Janggi inherits the xiangqi section, so it pins its horse and soldier; the pins must
        // stay what the derivation gives.
        let (g, jg) = params_for("janggi");
        for letter in ['n', 'p'] {
            let derived = crate::with_position!(&g, p => {
                let t = p.tables();
                let ty = t.variant().pieces.iter().position(|pc| pc.letter.eq_ignore_ascii_case(&letter));
                let ty = ty.expect("janggi piece") as u8;
                derived_value(random_reach(t, ty, Color::White, 8), t.promotes_by_advance(ty))
            });
            assert_eq!(values_of(&jg, letter), derived, "{letter}: {jg:?}");
        }
    }

    /// The FEN with colours swapped and the board mirrored top to bottom (no castling, no
    /// en passant square).
    fn flip(fen: &str) -> String {
        let parts: Vec<&str> = fen.split_whitespace().collect();
        let board: Vec<String> = parts[0]
            .split('/')
            .rev()
            .map(|r| {
                r.chars()
                    .map(|c| {
                        if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        }
                    })
                    .collect()
            })
            .collect();
        let stm = if parts[1] == "w" { "b" } else { "w" };
        format!("{} {stm} - - 0 1", board.join("/"))
    }

    fn eval_fen(name: &str, fen: &str) -> i32 {
        let v = builtin(name).expect("variant");
        let start = AnyPosition::new(v, None, false).expect("start");
        let ep = crate::with_position!(&start, p => EvalParams::new(p.tables(), p));
        let g = AnyPosition::new(v, Some(fen), false).expect("fen");
        crate::with_position!(&g, p => evaluate(p, &ep))
    }

    #[test]
    fn a_side_that_cannot_mate_is_never_ahead() {
        // Chess bishops on c2 and e2 (both light): no mate, whoever is to move.
        assert_eq!(eval_fen("chess", "8/8/8/4k3/8/8/2B1B3/4K3 w - - 0 1"), 0);
        assert_eq!(eval_fen("chess", "8/8/8/4k3/8/8/2B1B3/4K3 b - - 0 1"), 0);
        // On both colours, with a pawn, or a knight: the material counts.
        assert!(eval_fen("chess", "8/8/8/4k3/8/8/2BB4/4K3 w - - 0 1") > 300);
        assert!(eval_fen("chess", "8/8/8/4k3/8/4P3/2B1B3/4K3 w - - 0 1") > 300);
        assert!(eval_fen("chess", "8/8/8/4k3/8/8/3N4/4K3 w - - 0 1") > 100);
        // The other side keeps its own chances: rook and knight against the bishops.
        assert!(eval_fen("chess", "7n/8/8/4k3/8/8/2B1B3/r3K3 b - - 0 1") > 100);
        // Makruk: mets on c3 and e3 (one colour) cannot mate; a khon can.
        assert_eq!(eval_fen("makruk", "8/8/4k3/8/8/2M1M3/8/3K4 w - - 0 1"), 0);
        assert!(eval_fen("makruk", "8/8/4k3/8/8/2M1M3/3S4/3K4 w - - 0 1") > 100);
        // Shatranj is also won by baring the king (and by stalemate): not capped.
        assert!(eval_fen("shatranj", "8/8/4k3/8/8/2Q1Q3/8/3K4 w - - 0 1") > 100);
    }

    #[test]
    fn a_piece_attacked_by_a_lesser_one_counts_for_the_attacker() {
        // The same position with the black rook one square away from the pawn's (chess) or
        // horse's (xiangqi) attack: attacked and undefended, it must count well against Black.
        let chess = |rook: &str| eval_fen("chess", &format!("4k3/8/{rook}/4P3/8/8/4K3 w - - 0 1"));
        let gain_chess = chess("8/3r4") - chess("3r4/8");
        assert!(gain_chess > 60, "chess: {gain_chess}");
        let xiangqi = |rows: &str| {
            eval_fen(
                "xiangqi",
                &format!("5k3/9/{rows}/9/4N4/9/9/9/4K4 w - - 0 1"),
            )
        };
        let gain = xiangqi("9/3r5") - xiangqi("3r5/9");
        assert!(gain > 60, "xiangqi: {gain}");
        // Defended by the other rook, it is still attacked by a lesser piece, but no longer
        // hanging: less of a threat, yet one.
        let defended =
            |rook: &str| eval_fen("chess", &format!("3rk3/8/{rook}/4P3/8/8/4K3 w - - 0 1"));
        let defended_gain = defended("8/3r4") - defended("3r4/8");
        assert!(
            defended_gain > 30 && defended_gain < gain_chess,
            "{defended_gain}"
        );
    }

    #[test]
    fn a_bare_king_is_driven_to_a_corner() {
        // Makruk khon and mets against a bare king: better with that king in the corner and
        // the attacking king near it, from either side's point of view.
        let centre = eval_fen("makruk", "8/8/8/4k3/8/2M1M3/3S4/3K4 w - - 0 1");
        let corner = eval_fen("makruk", "k7/8/8/8/8/2M1M3/3S4/3K4 w - - 0 1");
        let near = eval_fen("makruk", "k7/8/1K6/8/8/2M1M3/3S4/8 w - - 0 1");
        assert!(centre < corner && corner < near, "{centre} {corner} {near}");
        assert!(
            eval_fen("makruk", "k7/8/8/8/8/2M1M3/3S4/3K4 b - - 0 1")
                < eval_fen("makruk", "8/8/8/4k3/8/2M1M3/3S4/3K4 b - - 0 1")
        );
        // Not while the defender has a piece left: the corner counts for less then.
        let with_pawn = eval_fen("chess", "k7/8/8/8/8/8/7p/R3K3 w - - 0 1")
            - eval_fen("chess", "8/8/8/3k4/8/8/7p/R3K3 w - - 0 1");
        let bare = eval_fen("chess", "k7/8/8/8/8/8/8/R3K3 w - - 0 1")
            - eval_fen("chess", "8/8/8/3k4/8/8/8/R3K3 w - - 0 1");
        assert!(bare > with_pawn, "{bare} {with_pawn}");
    }

    /// The traced features, evaluated with the weights in use, give the evaluation back
    /// (up to the rounding of the integer evaluation: mobility and the taper divide).
    #[test]
    fn the_trace_reproduces_the_evaluation() {
        let cases = [
            (
                "chess",
                "r4rk1/pp3ppp/2n5/3P4/8/2N2Q2/PP3PPP/R4RK1 b - - 0 1",
            ),
            ("chess", "2kr3r/ppp2ppp/8/8/3q4/8/PP3PPP/R3R1K1 w - - 0 1"),
            ("chess", "8/2k5/8/1P6/8/5p2/2K5/8 w - - 0 1"),
            ("chess", "6k1/5ppp/8/6NQ/8/8/5PPP/6K1 w - - 0 1"),
            ("makruk", "4k3/8/2ppp3/8/3P4/1PP5/8/3K4 w - - 0 1"),
            ("xiangqi", "5k3/9/9/3r5/9/4N4/9/9/9/4K4 w - - 0 1"),
            (
                "shogi",
                "lnsgk1snl/1r4gb1/p1pppp1pp/6p2/1p7/2P6/PPBPPPPPP/7R1/LNSGKGSNL[Pp] w - - 0 1",
            ),
            (
                "crazyhouse",
                "r1bqk2r/pppp1ppp/2n2n2/4p3/1b2P3/2NP1N2/PPP2PPP/R1BQKB1R[Bp] w KQkq - 0 1",
            ),
            (
                "capablanca",
                "6k3/5pppp1/10/7Q2/4N5/10/PP3PPPPP/6K3 w - - 0 1",
            ),
            (
                "chess",
                "r1b1k2r/pp3ppp/2n5/3PP3/2B5/2B5/PP3PPP/R3K2R w KQkq - 0 1",
            ),
        ];
        for (name, fen) in cases {
            let v = builtin(name).expect("variant");
            let start = AnyPosition::new(v, None, false).expect("start");
            let mut ep = crate::with_position!(&start, p => EvalParams::new(p.tables(), p));
            // Weights off their defaults everywhere, so that a weight the trace misses shows.
            let mut w = ep.weights().clone();
            for (i, x) in w.w.iter_mut().enumerate() {
                *x = (
                    x.0 + 10 * (i as i32 % 7) - 30,
                    x.1 + 10 * (i as i32 % 5) - 20,
                );
            }
            ep.set_weights(w.clone());
            let real = tune::to_real(&w.w);
            let g = AnyPosition::new(v, Some(fen), false).expect("fen");
            let (direct, traced, pieces) = crate::with_position!(&g, p => {
                let mut f = Features::new(w.layout.len());
                let e = evaluate_traced(p, &ep, &mut f);
                let white = p.side_to_move().sign();
                (e * white, f.finish().eval(&real), p.occupied().count() as f64)
            });
            assert!(
                (direct as f64 - traced).abs() <= 2.0 + pieces,
                "{name} {fen}: evaluate {direct}, trace {traced}"
            );
        }
    }

    /// The pair, open-file, phalanx and passed-pawn king terms count what they name: each
    /// weight set alone moves the evaluation by itself times its count.
    #[test]
    fn structure_terms_count_what_they_name() {
        let v = builtin("chess").expect("chess");
        let start = AnyPosition::new(v, None, false).expect("start");
        let base = crate::with_position!(&start, p => EvalParams::new(p.tables(), p));
        let l = base.weights().layout.clone();
        // Rook on the open a-file, the bishop pair, a d2-e2 phalanx (two pawns), and a
        // passed pawn on e5 (two ranks past its third) with the kings 5 and 2 steps from e6.
        let fen = "4k3/8/8/4P3/8/8/3PP3/R1B1KB2 w - - 0 1";
        let g = AnyPosition::new(v, Some(fen), false).expect("fen");
        let eval_with = |index: Option<usize>| {
            let mut ep = base.clone();
            let mut w = ep.weights().clone();
            if let Some(i) = index {
                w.w[i] = (10, 10);
            }
            ep.set_weights(w);
            crate::with_position!(&g, p => evaluate(p, &ep))
        };
        let plain = eval_with(None);
        let rook = v.piece_by_name("rook").expect("rook") as usize;
        let bishop = v.piece_by_name("bishop").expect("bishop") as usize;
        for (index, count, what) in [
            (l.pair(bishop), 1, "bishop pair"),
            (l.open_file(rook), 1, "rook on an open file"),
            (l.semi_open(rook), 0, "no rook on a half-open file"),
            (l.scalar(Scalar::Phalanx), 2, "d2 and e2 side by side"),
            (
                l.scalar(Scalar::PassedOwnKing),
                2 * 5,
                "own king five steps from e6",
            ),
            (
                l.scalar(Scalar::PassedEnemyKing),
                2 * 2,
                "enemy king two steps from e6",
            ),
        ] {
            assert_eq!(eval_with(Some(index)) - plain, 10 * count, "{what}");
        }
    }

    /// The mobility terms beside the linear one: squares reached that enemy pawns attack,
    /// and the root of the others.
    #[test]
    fn mobility_shape_counts_squares_enemy_pawns_attack() {
        let v = builtin("chess").expect("chess");
        let start = AnyPosition::new(v, None, false).expect("start");
        let base = crate::with_position!(&start, p => EvalParams::new(p.tables(), p));
        let knight = v.piece_by_name("knight").expect("knight") as usize;
        // The weight's share of the evaluation of `fen` (white to move).
        let term = |fen: &str, index: usize, w: i32| {
            let g = AnyPosition::new(v, Some(fen), false).expect("fen");
            let mut ep = base.clone();
            let plain = crate::with_position!(&g, p => evaluate(p, &ep));
            let mut weights = ep.weights().clone();
            weights.w[index] = (w, w);
            ep.set_weights(weights);
            crate::with_position!(&g, p => evaluate(p, &ep)) - plain
        };
        let l = base.weights().layout.clone();
        // The knight on d4 reaches eight squares; the pawns on d7 and g6 attack c6, e6, f5.
        let centre = "7k/3p4/6p1/8/3N4/8/8/7K w - - 0 1";
        assert_eq!(term(centre, l.mobility_unsafe(knight), 10), 30);
        // Five safe squares against two for a knight in the corner: 16 (sqrt 5 - sqrt 2).
        let corner = "7k/3p4/6p1/8/8/8/8/N6K w - - 0 1";
        let root = |fen| term(fen, l.mobility_sqrt(knight), 16);
        assert_eq!(root(centre) - root(corner), 35 - 22);
        assert_eq!(term(corner, l.mobility_unsafe(knight), 10), 0);
    }

    /// Safe checks: squares a piece can check from that the enemy does not guard, on the
    /// board and by a drop; and the royal zones' attackers and guards.
    #[test]
    fn safe_checks_count_unguarded_checking_squares() {
        let eval_with = |name: &str, fen: &str, index: &dyn Fn(&Layout, usize) -> usize| {
            let v = builtin(name).expect("variant");
            let start = AnyPosition::new(v, None, false).expect("start");
            let g = AnyPosition::new(v, Some(fen), false).expect("fen");
            let mut ep = crate::with_position!(&start, p => EvalParams::new(p.tables(), p));
            let plain = crate::with_position!(&g, p => evaluate(p, &ep));
            let mut w = ep.weights().clone();
            let queen = v.piece_by_name("queen").expect("queen") as usize;
            let knight = v.piece_by_name("knight").expect("knight") as usize;
            for ty in [queen, knight] {
                let i = index(&w.layout, ty);
                w.w[i] = (10, 10);
            }
            ep.set_weights(w);
            crate::with_position!(&g, p => evaluate(p, &ep)) - plain
        };
        // The d1 queen checks e8 from d8 and d7 (guarded by the king), a4, h5 and e2.
        let fen = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1";
        assert_eq!(eval_with("chess", fen, &Layout::safe_check), 30);
        assert_eq!(eval_with("chess", fen, &Layout::drop_check), 0);
        // It attacks d8 and d7 of the black king's zone, and stands in its own king's zone.
        assert_eq!(eval_with("chess", fen, &Layout::king_attack), 20);
        assert_eq!(eval_with("chess", fen, &Layout::king_guard), 10);
        // A knight in hand checks e8 from c7, d6, f6 and g7, none of them guarded.
        let fen = "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1";
        assert_eq!(eval_with("crazyhouse", fen, &Layout::drop_check), 40);
        assert_eq!(eval_with("crazyhouse", fen, &Layout::safe_check), 0);
    }

    /// Every file in `weights/` is for a built-in variant, reads without error and changes
    /// the weights the pieces alone give; so does every variant that shares a file (a later
    /// name on its `variant` line), and only those.
    #[test]
    fn every_builtin_weights_file_loads_and_applies() {
        for &(name, text) in files::BUILTIN_WEIGHTS {
            let v = builtin(name).unwrap_or_else(|| panic!("weights/{name}.txt: no such variant"));
            let g = AnyPosition::new(v, None, false).expect("start");
            let (applied, changed) = crate::with_position!(&g, p => {
                let mut ep = EvalParams::new(p.tables(), p);
                let applied = ep.apply_builtin_weights(v);
                (applied, ep.weights() != ep.derived_weights())
            });
            assert_eq!(applied, Ok(true), "weights/{name}.txt");
            assert!(changed, "weights/{name}.txt changes nothing");
            let (_, names) = weights::variant_line(text).expect("a variant line");
            assert!(names.iter().any(|n| n == name), "{name}: {names:?}");
        }
        let cambodian = files::BUILTIN_WEIGHTS
            .iter()
            .find(|(n, _)| *n == "cambodian");
        assert!(cambodian.is_some_and(|&(_, text)| text.contains("variant makruk cambodian")));
    }

    #[test]
    fn colour_flip_gives_the_same_evaluation() {
        for (name, fen) in [
            ("chess", "6k1/5ppp/8/7Q/4N3/8/PP3PPP/6K1 w - - 0 1"),
            (
                "chess",
                "r4rk1/pp3ppp/2n5/3P4/8/2N2Q2/PP3PPP/R4RK1 b - - 0 1",
            ),
            ("chess", "8/2k5/8/1P6/8/5p2/2K5/8 w - - 0 1"),
            ("chess", "2kr3r/ppp2ppp/8/8/3q4/8/PP3PPP/R3R1K1 w - - 0 1"),
            (
                "capablanca",
                "6k3/5pppp1/10/7Q2/4N5/10/PP3PPPPP/6K3 w - - 0 1",
            ),
            ("makruk", "4k3/8/2ppp3/8/3P4/1PP5/8/3K4 w - - 0 1"),
        ] {
            let a = eval_fen(name, fen);
            let b = eval_fen(name, &flip(fen));
            assert_eq!(a, b, "{name} {fen}");
        }
    }

    #[test]
    fn attacked_kings_and_passed_pawns_count() {
        let with = |fen: &str| -> ([(i32, i32); 2], i32) {
            let v = builtin("chess").expect("chess");
            let g = AnyPosition::new(v, Some(fen), false).expect("fen");
            crate::with_position!(&g, p => {
                let ep = EvalParams::new(p.tables(), p);
                let pw = ep.pawn.expect("pawn");
                let passed = ep.pawns.passed_pawns(p, pw);
                let bonus = |c: Color| {
                    passed[c].iter().fold((0, 0), |(m, e), sq| {
                        let (bm, be) = ep.pawns.bonus(c, sq);
                        (m + bm, e + be)
                    })
                };
                ([bonus(Color::White), bonus(Color::Black)], evaluate(p, &ep))
            })
        };
        // b5 is passed (no black pawn on the a-, b- or c-file ahead of it); in the second
        // position b5 and c7 stop each other, and only h7 is passed.
        let (pp, _) = with("8/2k5/8/1P6/8/8/2K5/8 w - - 0 1");
        assert!(pp[0].1 > 0 && pp[1] == (0, 0), "{pp:?}");
        let (pp, _) = with("8/2p1k2p/8/1P6/8/8/2K5/8 w - - 0 1");
        assert_eq!(pp[0], (0, 0), "{pp:?}");
        let (alone, _) = with("8/4k2p/8/8/8/8/2K5/8 w - - 0 1");
        assert_eq!(pp[1], alone[1], "only h7 counts: {pp:?}");
        assert!(alone[1].1 > 0, "{alone:?}");
        // Queen and knight next to the black king make the position better for White than
        // the same pieces far from it (the king-safety term outweighs their PST).
        let (_, near) = with("6k1/5ppp/8/6NQ/8/8/5PPP/6K1 w - - 0 1");
        let (_, far) = with("6k1/5ppp/8/8/8/8/QN3PPP/6K1 w - - 0 1");
        assert!(near > far, "near {near} far {far}");
    }

    #[test]
    fn doubled_and_isolated_pawns_are_weak_and_supported_ones_strong() {
        let structure = |name: &str, fen: &str| -> [(i32, i32); 2] {
            let v = builtin(name).expect("variant");
            let g = AnyPosition::new(v, Some(fen), false).expect("fen");
            let counts = crate::with_position!(&g, p => {
                let pw = p.tables().pawn.expect("pawn");
                PawnTables::structure(p, pw)
            });
            counts.map(|n| {
                let terms = [
                    (n.doubled, pawns::DOUBLED),
                    (n.isolated, pawns::ISOLATED),
                    (n.supported, pawns::SUPPORTED),
                ];
                terms
                    .iter()
                    .fold((0, 0), |(m, e), &(k, w)| (m + k * w.0, e + k * w.1))
            })
        };
        // White: c2 and d3 (d3 supported by c2) against e2 and e3 (doubled, isolated).
        let s = structure("chess", "4k3/8/8/8/8/3P4/2P5/4K3 w - - 0 1");
        assert!(s[0].0 > 0 && s[0].1 > 0, "{s:?}");
        let s = structure("chess", "4k3/8/8/8/8/4P3/4P3/4K3 w - - 0 1");
        assert!(s[0].0 < 0 && s[0].1 < 0, "{s:?}");
        // The same for Black, mirrored; and makruk's pawns (which capture diagonally) alike.
        let s = structure("chess", "4k3/4p3/4p3/8/8/8/8/4K3 w - - 0 1");
        assert!(s[1].1 < 0 && s[0] == (0, 0), "{s:?}");
        let s = structure("makruk", "4k3/8/8/8/3P4/2P5/8/4K3 w - - 0 1");
        assert!(s[0].0 > 0, "{s:?}");
        // Xiangqi soldiers capture as they move: no structure term there.
        let v = builtin("xiangqi").expect("xiangqi");
        let g = AnyPosition::new(v, None, false).expect("start");
        let on = crate::with_position!(&g, p => EvalParams::new(p.tables(), p).pawn_structure);
        assert!(!on);
    }

    /// The eval's royal flags and the guarded type's letter, if any.
    fn guarded_in(name: &str) -> (Vec<bool>, Option<char>) {
        let v = builtin(name).expect("variant");
        let g = AnyPosition::new(v, None, false).expect("start");
        crate::with_position!(&g, p => {
            let ep = EvalParams::new(p.tables(), p);
            let letter = ep.guarded.map(|ty| v.pieces[ty as usize].letter.to_ascii_lowercase());
            (ep.royal.clone(), letter)
        })
    }

    #[test]
    fn a_lone_pseudo_royal_type_is_guarded_like_a_king() {
        // Chu Shogi and atomic have no royal type: their king is the one type of a
        // pseudo-royal extinction rule, so the king-safety terms watch it.
        for name in ["chu", "chushogi", "atomic"] {
            let (royal, letter) = guarded_in(name);
            assert_eq!(letter, Some('k'), "{name}");
            assert_eq!(royal.iter().filter(|&&r| r).count(), 1, "{name}");
        }
        // Chess keeps its king; extinction rules that are not pseudo-royal, or count several
        // types, guard nothing, nor does one where a side starts with two kings (spartan).
        assert_eq!(guarded_in("chess").1, Some('k'));
        for name in ["extinction", "codrus", "kinglet", "spartan"] {
            assert_eq!(guarded_in(name).1, None, "{name}");
        }
        // The king keeps its value (a crown prince is a second life), and as a royal piece it
        // is not given mobility and is exchanged last.
        let v = builtin("chu").expect("chu");
        let g = AnyPosition::new(v, None, false).expect("start");
        crate::with_position!(&g, p => {
            let ep = EvalParams::new(p.tables(), p);
            let k = ep.guarded.expect("guarded") as usize;
            assert!(ep.mg[k] > 0 && ep.eg[k] > 0);
            assert!(!ep.mob_on[k]);
            assert_eq!(ep.see[k], ROYAL_SEE);
        });
    }

    #[test]
    fn start_positions_are_balanced() {
        for name in [
            "chess",
            "capablanca",
            "shatranj",
            "makruk",
            "grand",
            "xiangqi",
            "shogi",
        ] {
            let Some(v) = builtin(name) else { continue };
            let Ok(g) = AnyPosition::new(v, None, false) else {
                continue;
            };
            let e = crate::with_position!(&g, p => {
                let ep = EvalParams::new(p.tables(), p);
                evaluate(p, &ep)
            });
            assert!(e.abs() <= 60, "{name}: start position evaluates to {e}");
        }
    }
}

#[cfg(test)]
mod print_values {
    #[test]
    #[ignore]
    fn print() {
        for name in [
            "chess",
            "capablanca",
            "shatranj",
            "makruk",
            "grand",
            "xiangqi",
            "shogi",
            "amazon",
            "courier",
        ] {
            let Some(v) = crate::variant::builtin(name) else {
                continue;
            };
            let g = match crate::board::position::AnyPosition::new(v, None, false) {
                Ok(g) => g,
                Err(e) => {
                    println!("{name}: {e}");
                    continue;
                }
            };
            crate::with_position!(&g, p => {
                let ep = super::EvalParams::new(p.tables(), p);
                let s: Vec<String> = v.pieces.iter().enumerate().map(|(i, pc)| format!("{}={}/{}", pc.letter, ep.mg[i], ep.eg[i])).collect();
                println!("{name}: {} eval {}", s.join(" "), super::evaluate(p, &ep));
            });
        }
    }
}
