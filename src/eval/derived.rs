//! The evaluation a variant gets from its pieces alone: values from each piece's reach on a
//! board with random blockers, piece-square terms from the reach on an empty board and the
//! way to promotion, and the default weights of every term (see the module documentation of
//! [`super`]). A weights file then overrides any of them.

use super::king::{self, KingTables};
use super::mating::MatingMaterial;
use super::pawns::{self, PawnTables};
use super::threats::{self, ThreatTables};
use super::{weights, EvalParams, Layout, Scalar, Weights};
use crate::board::bitboard::Bitboard;
use crate::board::position::{Position, Tables};
use crate::board::Square;
use crate::color::Color;

/// A xorshift generator: the random blockers are the same on every run, so the derived
/// values are too.
pub(super) struct Rng(pub(super) u64);
impl Rng {
    pub(super) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// Reach of a type measured on random occupancies. An empty square counts fully when the
/// piece both moves to it and attacks it, and half when it does only one of the two: a
/// cannon's quiet rook moves threaten nothing, and the empty squares beyond its screen are
/// threats it cannot move to, so it is worth much less than a rook with the same slides. For
/// every piece whose moves and captures coincide (all chess pieces but the pawn) this is
/// the number of empty squares reached. Each capturable piece counts half.
pub(super) fn random_reach<B: Bitboard>(
    t: &Tables<B>,
    ty: u8,
    color: Color,
    samples: usize,
) -> f64 {
    let geo = t.geo;
    let pt = &t.pieces[ty as usize];
    let region = pt.mobility[color] & t.board;
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ (ty as u64 + 1).wrapping_mul(0x1234_5678_9ABC_DEF1));
    let mut total = 0.0;
    let mut n = 0usize;
    for sq in geo.squares() {
        if !region.contains(sq) {
            continue;
        }
        for _ in 0..samples {
            let mut occ = B::EMPTY;
            for s in geo.squares() {
                // Density about 0.35.
                if s != sq && rng.next() % 100 < 35 {
                    occ = occ.with(s);
                }
            }
            let quiet = pt.quiet[color].get(sq, occ) & !occ & region;
            let attacked = pt.capture[color].get(sq, occ) & region;
            let threatened = attacked & !occ;
            let caps = attacked & occ;
            let both = (quiet & threatened).count() as f64;
            let one = (quiet ^ threatened).count() as f64;
            total += both + 0.5 * one + 0.5 * caps.count() as f64;
            n += 1;
        }
    }
    if n == 0 {
        0.0
    } else {
        total / n as f64
    }
}

/// The (middlegame, endgame) value of a piece with this random reach, before any
/// `pieceValueMg`/`pieceValueEg` override.
pub(super) fn derived_value(reach: f64, promotes: bool) -> (i32, i32) {
    // Value curve calibrated so that chess pieces land near their usual values
    // (N ~ 320, B ~ 330, R ~ 500, Q ~ 950) and a pawn-like piece near 100.
    let base = (56.0 * reach.powf(1.2)).max(60.0) as i32;
    if promotes {
        // Promoting pieces are worth more than their reach alone.
        let v = base.max(80) + 10;
        (v, v * 5 / 4)
    } else {
        (base, base + base / 10)
    }
}

/// The type whose safety the king terms watch: the royal type, or where a variant has none,
/// the one type of a pseudo-royal extinction rule that ends the game when the last piece of
/// it goes, if each side starts with one piece of it (Chu Shogi's king, which a crown prince
/// may join later; not spartan's Black, whose two kings guard each other).
pub(super) fn guarded_type<B: Bitboard>(t: &Tables<B>, start: &Position<B>) -> Option<u8> {
    if t.king.is_some() {
        return t.king;
    }
    let mut types = t.extinction_types.iter();
    match (types.next(), types.next()) {
        (Some(ty), None)
            if t.rules.end.pseudo_royal
                && t.rules.end.extinction_piece_count == 0
                && !t.extinction_all
                && Color::BOTH.into_iter().all(|c| start.count(ty, c) == 1) =>
        {
            Some(ty)
        }
        _ => None,
    }
}

/// Empty-board reach from each square (quiet and capture moves together).
fn empty_reach<B: Bitboard>(t: &Tables<B>, ty: u8, color: Color, sq: Square) -> u32 {
    let pt = &t.pieces[ty as usize];
    let region = pt.mobility[color] & t.board;
    ((pt.quiet[color].empty_board(sq) | pt.capture[color].empty_board(sq)) & region).count()
}

impl EvalParams {
    /// Derives the tables from the variant data; `start` gives the full-material phase.
    pub fn new<B: Bitboard>(t: &Tables<B>, start: &Position<B>) -> EvalParams {
        let v = &t.variant();
        let n = t.n_types;
        let sqs = t.geo.num_squares();
        let geo = t.geo;
        let layout = Layout::new(n, geo.files() as usize, geo.ranks() as usize);
        let mut derived = Weights::zero(layout.clone());
        let mut mg = vec![0; n];
        let mut eg = vec![0; n];
        let mut royal = vec![false; n];
        let guarded = guarded_type(t, start);
        let mut mob_avg16 = vec![0; n];
        let mut mob_sqrt_avg16 = vec![0; n];
        let mut mob_on = vec![false; n];
        let mut promotes = vec![false; n];
        for ty in 0..n as u8 {
            let i = ty as usize;
            royal[i] = Some(ty) == guarded || v.pieces[i].royal;
            promotes[i] = t.promotes_by_advance(ty);
            let r = random_reach(t, ty, Color::White, 8);
            mob_avg16[i] = (r * 16.0) as i32;
            mob_sqrt_avg16[i] = (r.sqrt() * 16.0) as i32;
            (mg[i], eg[i]) = derived_value(r, promotes[i]);
            if let Some(x) = v.pieces[i].value_mg {
                mg[i] = x;
            }
            if let Some(x) = v.pieces[i].value_eg {
                eg[i] = x;
            }
            // A pseudo-royal type keeps its value: a second one (Chu Shogi's crown prince)
            // is a second life.
            if royal[i] && Some(ty) == t.king {
                mg[i] = 0;
                eg[i] = 0;
            }
            mob_on[i] = !royal[i] && !promotes[i] && r > 0.0;
            // About 4 cp (mg) and 5 cp (eg) per square for a typical piece, less for wide
            // riders whose reach is large anyway.
            let w = (60.0 / (r + 10.0)).clamp(1.0, 8.0);
            derived.w[layout.mobility(i)] =
                ((w * 1.0).round() as i32 + 1, (w * 1.3).round() as i32 + 1);
            derived.w[layout.material(i)] = (mg[i], eg[i]);
            if !royal[i] {
                // In hand at the board value until a weights file fits it (`hand.rs`).
                derived.w[layout.hand(i)] = (mg[i], eg[i]);
            }
        }
        for (k, value) in [
            (Scalar::Doubled, pawns::DOUBLED),
            (Scalar::Isolated, pawns::ISOLATED),
            (Scalar::Supported, pawns::SUPPORTED),
            (Scalar::ThreatBase, threats::LESSER_BASE),
            (Scalar::ThreatGain, threats::LESSER_GAIN),
            (Scalar::Hanging, threats::HANGING),
            (Scalar::KingDanger, king::DANGER_PERCENT),
            (Scalar::ShieldNear, king::SHIELD_NEAR),
            (Scalar::ShieldFar, king::SHIELD_FAR),
            (Scalar::Tempo, (15, 15)),
        ] {
            derived.w[layout.scalar(k)] = value;
        }

        // Piece-square terms.
        let mut base_pst = vec![(0i16, 0i16); n * 2 * sqs];
        let mut psq_index = vec![0u32; n * 2 * sqs];
        let mut rel_rank = vec![0u8; 2 * sqs];
        for c in Color::BOTH {
            for sq in geo.squares() {
                let file = geo.file_of(sq) as usize;
                let (r, _) = layout.relative(c, file, geo.rank_of(sq) as usize);
                rel_rank[c.index() * sqs + sq.index()] = r as u8;
            }
        }
        let best_promo = |c: Color| -> i32 {
            t.promotion_types[c]
                .iter()
                .map(|&p| eg[p as usize])
                .max()
                .unwrap_or(0)
        };
        for ty in 0..n as u8 {
            let i = ty as usize;
            for c in Color::BOTH {
                for sq in geo.squares() {
                    let (r, f) =
                        layout.relative(c, geo.file_of(sq) as usize, geo.rank_of(sq) as usize);
                    psq_index[(i * 2 + c.index()) * sqs + sq.index()] = layout.psq(i, r, f) as u32;
                }
                let region = t.pieces[i].mobility[c] & t.board;
                let squares: Vec<Square> = geo.squares().filter(|&s| region.contains(s)).collect();
                if squares.is_empty() {
                    continue;
                }
                let reaches: Vec<u32> = squares.iter().map(|&s| empty_reach(t, ty, c, s)).collect();
                let avg = reaches.iter().sum::<u32>() as f64 / reaches.len() as f64;
                let maxr = reaches.iter().copied().max().unwrap_or(0) as f64;
                // Promotion zone ranks for advancement.
                let zone = t.promotion_region[c];
                let zone_ranks: Vec<i32> = (0..geo.ranks())
                    .filter(|&r| (t.ranks[r as usize] & zone).any())
                    .map(|r| r as i32)
                    .collect();
                for (k, &sq) in squares.iter().enumerate() {
                    let rel = if avg > 0.0 {
                        (reaches[k] as f64 - avg) / maxr.max(1.0)
                    } else {
                        0.0
                    };
                    let (mut m, mut e) = if royal[i] {
                        // Royal pieces: stay sheltered early, come out late.
                        (-40.0 * rel, 30.0 * rel)
                    } else {
                        let scale = (mg[i] as f64 / 10.0).clamp(8.0, 40.0);
                        (scale * rel, scale * 0.6 * rel)
                    };
                    if promotes[i] && !zone_ranks.is_empty() {
                        let r = geo.rank_of(sq) as i32;
                        let d = zone_ranks.iter().map(|&z| (z - r).abs()).min().unwrap_or(0);
                        let span = (geo.ranks() as i32 - 1).max(1);
                        let prog = 1.0 - d as f64 / span as f64;
                        let gain = (best_promo(c) - eg[i]).max(0) as f64;
                        m += 0.08 * gain * prog * prog;
                        e += 0.35 * gain * prog * prog * prog;
                        // Central pawns are better in the opening.
                        let f = geo.file_of(sq) as f64;
                        let mid = (geo.files() as f64 - 1.0) / 2.0;
                        m += 8.0 * (1.0 - ((f - mid).abs() / mid.max(1.0)));
                    }
                    base_pst[(i * 2 + c.index()) * sqs + sq.index()] =
                        (m.round() as i16, e.round() as i16);
                }
            }
        }

        let mut phase_w = vec![0; n];
        for i in 0..n {
            if !royal[i] && !promotes[i] {
                phase_w[i] = (mg[i] / 100).max(1);
            }
        }
        let mut phase_total = 0;
        for ty in 0..n as u8 {
            phase_total += phase_w[ty as usize]
                * (start.count(ty, Color::White) + start.count(ty, Color::Black)) as i32;
        }
        let king_attack_w = mg.iter().map(|&m| king::attack_weight(m)).collect();
        let pawn = t.pawn;
        let pawns = match pawn {
            Some(pw) => {
                let gain = |c: Color| (best_promo(c) - eg[pw as usize]).max(0);
                PawnTables::new(t, pw, Color::BOTH.map(gain))
            }
            None => PawnTables::default(),
        };
        let pawn_structure = pawn.is_some_and(|pw| {
            let pt = &t.pieces[pw as usize];
            geo.squares().any(|sq| {
                pt.quiet[Color::White].empty_board(sq) != pt.capture[Color::White].empty_board(sq)
            })
        });
        let mating = MatingMaterial::new(t, &royal);
        let mut p = EvalParams {
            n_types: n,
            squares: sqs,
            weights: derived.clone(),
            derived,
            mg,
            eg,
            see: vec![0; n],
            pst: base_pst.clone(),
            base_pst,
            psq_index,
            phase_w,
            phase_total: phase_total.max(1),
            mob_w: vec![(0, 0); n],
            mob_avg16,
            mob_sqrt_w: vec![(0, 0); n],
            mob_unsafe_w: vec![(0, 0); n],
            mob_sqrt_avg16,
            mob_shape: vec![false; n],
            royal,
            guarded,
            mob_on,
            pair_w: vec![(0, 0); n],
            open_w: vec![(0, 0); n],
            semi_w: vec![(0, 0); n],
            file_terms: false,
            check_w: vec![(0, 0); n],
            drop_check_w: vec![(0, 0); n],
            check_terms: false,
            zone_attack_w: vec![(0, 0); n],
            guard_w: vec![(0, 0); n],
            king: KingTables::new(&geo),
            king_attack_w,
            pawn,
            pawns,
            pawn_structure,
            // About a fifth of the board's width from the centre: c- and f-file and beyond
            // on 8 files, so a king in the middle keeps its pawns free to advance.
            shield_min_off2: (geo.files() as i32 * 2 * 18 + 50) / 100,
            hand: vec![(0, 0); n],
            mating,
            threats: ThreatTables::default(),
            rel_rank,
            scalars: [(0, 0); weights::SCALARS.len()],
            nnue: None,
        };
        p.rebuild();
        p
    }
}
