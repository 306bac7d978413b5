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
//! - middlegame and endgame scores tapered by the material left.

use crate::board::bitboard::Bitboard;
use crate::board::position::{Position, Tables};
use crate::board::Square;

/// Evaluation tables for one variant on one board width.
#[derive(Debug, Clone)]
pub struct EvalParams {
    n_types: usize,
    squares: usize,
    /// Middlegame value per type (0 for royal pieces).
    pub mg: Vec<i32>,
    /// Endgame value per type.
    pub eg: Vec<i32>,
    /// Value per type for exchange evaluation and move ordering (royal pieces very high).
    pub see: Vec<i32>,
    /// `pst[(type * 2 + colour) * squares + sq]` = (mg, eg).
    pst: Vec<(i16, i16)>,
    /// Phase weight per type.
    phase_w: Vec<i32>,
    /// Phase of the start position (full middlegame).
    phase_total: i32,
    /// Mobility weight per type (mg, eg) per square reached above the average.
    mob_w: Vec<(i32, i32)>,
    /// Average reach of each type on the board with random blockers (fixed point, x16).
    mob_avg16: Vec<i32>,
    /// Whether a type counts as royal.
    royal: Vec<bool>,
    /// Whether mobility is computed for a type (non-royal, non-pawn).
    mob_on: Vec<bool>,
    /// Side-to-move bonus.
    tempo: i32,
}

/// The royal piece value used by exchange evaluation.
pub const ROYAL_SEE: i32 = 20_000;

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// Reach of a type measured on random occupancies: (quiet squares, capturable squares).
fn random_reach<B: Bitboard>(t: &Tables<B>, ty: u8, color: usize, samples: usize) -> f64 {
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
            let caps = pt.capture[color].get(sq, occ) & occ & region;
            total += quiet.count() as f64 + 0.5 * caps.count() as f64;
            n += 1;
        }
    }
    if n == 0 {
        0.0
    } else {
        total / n as f64
    }
}

/// Empty-board reach from each square (quiet and capture moves together).
fn empty_reach<B: Bitboard>(t: &Tables<B>, ty: u8, color: usize, sq: Square) -> u32 {
    let pt = &t.pieces[ty as usize];
    let region = pt.mobility[color] & t.board;
    ((pt.quiet[color].empty_board(sq) | pt.capture[color].empty_board(sq)) & region).count()
}

impl EvalParams {
    /// Derives the tables from the variant data; `start` gives the full-material phase.
    pub fn new<B: Bitboard>(t: &Tables<B>, start: &Position<B>) -> EvalParams {
        let v = &t.variant;
        let n = t.n_types;
        let sqs = t.geo.num_squares();
        let geo = t.geo;
        let mut mg = vec![0; n];
        let mut eg = vec![0; n];
        let mut see = vec![0; n];
        let mut royal = vec![false; n];
        let mut mob_avg16 = vec![0; n];
        let mut mob_w = vec![(0, 0); n];
        let mut mob_on = vec![false; n];
        let mut promotes = vec![false; n];
        let mut reach = vec![0.0f64; n];
        for ty in 0..n as u8 {
            let i = ty as usize;
            royal[i] = Some(ty) == t.king || v.pieces[i].royal;
            promotes[i] = Some(ty) == t.pawn
                || t.promotion_pawn_types[0].has(ty)
                || t.promotion_pawn_types[1].has(ty);
            let r = random_reach(t, ty, 0, 8);
            reach[i] = r;
            mob_avg16[i] = (r * 16.0) as i32;
            // Value curve calibrated so that chess pieces land near their usual values
            // (N ~ 320, B ~ 330, R ~ 500, Q ~ 950) and a pawn-like piece near 100.
            let base = 56.0 * r.powf(1.2);
            let base = base.max(60.0) as i32;
            mg[i] = base;
            eg[i] = base + base / 10;
            if promotes[i] {
                // Promoting pieces are worth more than their reach alone.
                mg[i] = base.max(80) + 10;
                eg[i] = (base.max(80) + 10) * 5 / 4;
            }
            if let Some(x) = v.pieces[i].value_mg {
                mg[i] = x;
            }
            if let Some(x) = v.pieces[i].value_eg {
                eg[i] = x;
            }
            see[i] = (mg[i] + eg[i]) / 2;
            if royal[i] {
                mg[i] = 0;
                eg[i] = 0;
                see[i] = ROYAL_SEE;
            }
            mob_on[i] = !royal[i] && !promotes[i] && r > 0.0;
            // About 4 cp (mg) and 5 cp (eg) per square for a typical piece, less for wide
            // riders whose reach is large anyway.
            let w = (60.0 / (r + 10.0)).clamp(1.0, 8.0);
            mob_w[i] = ((w * 1.0).round() as i32 + 1, (w * 1.3).round() as i32 + 1);
        }

        // Piece-square terms.
        let mut pst = vec![(0i16, 0i16); n * 2 * sqs];
        let best_promo = |c: usize| -> i32 {
            t.promotion_types[c]
                .iter()
                .map(|&p| eg[p as usize])
                .max()
                .unwrap_or(0)
        };
        for ty in 0..n as u8 {
            let i = ty as usize;
            for c in 0..2 {
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
                    pst[(i * 2 + c) * sqs + sq.index()] = (m.round() as i16, e.round() as i16);
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
            phase_total += phase_w[ty as usize] * (start.count(ty, 0) + start.count(ty, 1)) as i32;
        }
        let _ = reach;
        EvalParams {
            n_types: n,
            squares: sqs,
            mg,
            eg,
            see,
            pst,
            phase_w,
            phase_total: phase_total.max(1),
            mob_w,
            mob_avg16,
            royal,
            mob_on,
            tempo: 15,
        }
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

/// The static evaluation from the side to move's point of view, in centipawns.
pub fn evaluate<B: Bitboard>(pos: &Position<B>, p: &EvalParams) -> i32 {
    let t = pos.tables();
    let occ = pos.occupied();
    let mut mg = [0i32; 2];
    let mut eg = [0i32; 2];
    let mut phase = 0;
    for ty in 0..p.n_types as u8 {
        let i = ty as usize;
        for c in 0..2 {
            let bb = pos.pieces_of(ty, c);
            if bb.is_empty() {
                continue;
            }
            let cnt = bb.count() as i32;
            mg[c] += p.mg[i] * cnt;
            eg[c] += p.eg[i] * cnt;
            phase += p.phase_w[i] * cnt;
            let base = (i * 2 + c) * p.squares;
            let pt = &t.pieces[i];
            let own = pos.pieces(c);
            for sq in bb.iter() {
                let (m, e) = p.pst[base + sq.index()];
                mg[c] += m as i32;
                eg[c] += e as i32;
                if p.mob_on[i] {
                    let reach = ((pt.quiet[c].get(sq, occ) & !occ)
                        | (pt.capture[c].get(sq, occ) & occ & !own))
                        .count() as i32;
                    let d16 = reach * 16 - p.mob_avg16[i];
                    mg[c] += d16 * p.mob_w[i].0 / 16;
                    eg[c] += d16 * p.mob_w[i].1 / 16;
                }
            }
        }
    }
    // Pieces in hand count at their board value: a drop can put them almost anywhere.
    if t.has_hands {
        for ty in 0..p.n_types as u8 {
            for c in 0..2 {
                let held = pos.in_hand(ty, c) as i32;
                mg[c] += p.mg[ty as usize] * held;
                eg[c] += p.eg[ty as usize] * held;
            }
        }
    }
    let phase = phase.min(p.phase_total);
    let us = pos.side_to_move();
    let m = mg[us] - mg[us ^ 1];
    let e = eg[us] - eg[us ^ 1];
    (m * phase + e * (p.phase_total - phase)) / p.phase_total + p.tempo
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::position::AnyPosition;
    use crate::variant::builtin;

    fn params_for(name: &str) -> (AnyPosition, Vec<(char, i32, i32)>) {
        let v = builtin(name).expect("variant");
        let g = AnyPosition::new(v, None, false).expect("start");
        let vals = crate::with_position!(&g, p => {
            let ep = EvalParams::new(p.tables(), p);
            v.pieces.iter().enumerate().map(|(i, pc)| (pc.letter, ep.mg[i], ep.eg[i])).collect()
        });
        (g, vals)
    }

    #[test]
    fn chess_values_are_in_the_usual_order() {
        let (_, vals) = params_for("chess");
        let get = |l: char| {
            vals.iter()
                .find(|x| x.0.eq_ignore_ascii_case(&l))
                .map(|x| x.1)
                .unwrap_or(-1)
        };
        let (p, n, b, r, q) = (get('p'), get('n'), get('b'), get('r'), get('q'));
        assert!(p < n && n <= b + 40 && b < r && r < q, "{vals:?}");
        assert!((60..=160).contains(&p), "{vals:?}");
        assert!((250..=400).contains(&n), "{vals:?}");
        assert!((420..=620).contains(&r), "{vals:?}");
        assert!((800..=1150).contains(&q), "{vals:?}");
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
