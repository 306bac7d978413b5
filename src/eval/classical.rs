//! The hand-crafted evaluation of a position: one function per family of terms (the pieces'
//! own terms, safe checks, hanging pieces, king safety, passed pawns, pawn structure, pieces
//! in hand), summed per side in middlegame and endgame and tapered by the phase.

use super::hand;
use super::incremental::PsqtSums;
use super::king::KingAttack;
use super::params::EvalParams;
use super::pawns::{PawnCache, PawnInfo};
use super::threats::ThreatTables;
use super::trace::Trace;
use super::weights::{Layout, Scalar};
use crate::board::bitboard::Bitboard;
use crate::board::position::tables::MAX_TYPES;
use crate::board::position::Position;
use crate::board::Square;
use crate::color::Color;

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

/// Both sides' middlegame and endgame sums, and the trace that is told each weight used.
struct Sums<'t, T> {
    mg: [i32; 2],
    eg: [i32; 2],
    tr: &'t mut T,
}

impl<T: Trace> Sums<'_, T> {
    /// Adds `n` times the weight `w` (weight `index` of the layout) to colour `c`, and reports
    /// it to the trace.
    #[inline(always)]
    fn add(&mut self, c: Color, w: (i32, i32), index: usize, n: i32) {
        self.mg[c] += w.0 * n;
        self.eg[c] += w.1 * n;
        if T::ON && n != 0 {
            self.tr.add(c, index, n as f32);
        }
    }

    /// Adds a score that is not one weight times a count (the trace is told separately).
    #[inline(always)]
    fn add_score(&mut self, c: Color, (mg, eg): (i32, i32)) {
        self.mg[c] += mg;
        self.eg[c] += eg;
    }
}

/// What the pieces' scan leaves for the terms that need every piece seen first.
struct Scan<B> {
    /// `attack[c]`: attacks on colour c's king zone.
    attack: [KingAttack; 2],
    /// The squares each colour attacks.
    attacked_by: [B; 2],
    /// Each colour's pieces that can be threatened.
    victims: [B; 2],
}

/// `checks[type][c]`: squares c's pieces of the type reach and could check the enemy royal
/// piece from (whether the enemy guards them is known only after the scan).
type Checks<B> = [[B; 2]; MAX_TYPES];

/// What every term reads: the position, the parameters and what is known of the kings.
struct Ctx<'a, B: Bitboard> {
    pos: &'a Position<B>,
    p: &'a EvalParams,
    l: &'a Layout,
    /// Each side's guarded royal piece, if it has one.
    kings: [Option<Square>; 2],
    /// The squares around each of them.
    zones: [B; 2],
    /// The squares each side's pawns attack.
    pawn_attacks: [B; 2],
    /// Whether material, piece-square values and phase are summed here (else they came
    /// from the incremental sums).
    summed: bool,
}

/// The evaluation from the side to move's point of view; the position-only sums come from
/// `sums` if given, else from the board, and the pawns' terms from `pawn_cache` where it has
/// seen the formation.
#[inline(always)]
pub(super) fn evaluate_from<B: Bitboard, T: Trace>(
    pos: &Position<B>,
    p: &EvalParams,
    tr: &mut T,
    sums: Option<&PsqtSums>,
    pawn_cache: Option<&mut PawnCache<B>>,
) -> i32 {
    // Whether material, piece-square, hand values and phase are summed here.
    let summed = sums.is_none();
    let s = sums.copied().unwrap_or_default();
    let mut acc = Sums {
        mg: s.mg,
        eg: s.eg,
        tr,
    };
    let mut phase = s.phase;
    let kings = Color::BOTH.map(|c| guarded_square(pos, p.guarded, c));
    let pawn_info = pawn_info(pos, p, pawn_cache);
    let cx = Ctx {
        pos,
        p,
        l: &p.weights.layout,
        kings,
        zones: kings.map(|k| k.map_or(B::EMPTY, |s| p.king.zone(s))),
        pawn_attacks: pawn_info.map_or([B::EMPTY; 2], |info| info.attacks),
        summed,
    };
    let check_terms = p.check_terms || T::ON;
    let mut scan = Scan {
        attack: [KingAttack::default(); 2],
        attacked_by: [B::EMPTY; 2],
        victims: [B::EMPTY; 2],
    };
    let mut checks: Checks<B> = [[B::EMPTY; 2]; MAX_TYPES];
    for ty in 0..p.n_types as u8 {
        for c in Color::BOTH {
            if summed {
                phase += material(&cx, &mut acc, ty, c);
            }
            pieces_of_type(&cx, &mut acc, &mut scan, &mut checks, ty, c);
        }
    }
    if check_terms {
        safe_checks(&cx, &mut acc, &scan, &checks);
    }
    hanging(&cx, &mut acc, &scan);
    king_safety(&cx, &mut acc, &scan);
    if let Some(info) = pawn_info {
        passed_pawns(&cx, &mut acc, &info);
        if p.pawn_structure {
            pawn_structure(&cx, &mut acc, &info);
        }
    }
    if pos.tables().has_hands && summed {
        in_hand(&cx, &mut acc);
    }
    taper(&cx, acc, phase)
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

/// The pawns' attacks, passed pawns and structure, from the cache where it can serve them.
#[inline(always)]
fn pawn_info<B: Bitboard>(
    pos: &Position<B>,
    p: &EvalParams,
    pawn_cache: Option<&mut PawnCache<B>>,
) -> Option<PawnInfo<B>> {
    let pw = p.pawn?;
    // The pawns' attacks (and their structure) read the board beyond the pawns where a pawn's
    // capture depends on what stands in between; only then is the formation not enough to
    // look them up by.
    Some(match pawn_cache {
        Some(cache) if !pos.tables().pieces[pw as usize].capture_needs_occ => {
            let formation = [
                pos.pieces_of(pw, Color::White),
                pos.pieces_of(pw, Color::Black),
            ];
            cache.get_or(formation, || p.pawn_info(pos, pw))
        }
        _ => p.pawn_info(pos, pw),
    })
}

/// Side `c`'s material of type `ty`; returns its phase weight.
#[inline(always)]
fn material<B: Bitboard, T: Trace>(cx: &Ctx<B>, acc: &mut Sums<T>, ty: u8, c: Color) -> i32 {
    let (p, i) = (cx.p, ty as usize);
    let cnt = cx.pos.pieces_of(ty, c).count() as i32;
    if cnt == 0 {
        return 0;
    }
    acc.add_score(c, (p.mg[i] * cnt, p.eg[i] * cnt));
    if T::ON && !p.royal[i] {
        acc.tr.add(c, cx.l.material(i), cnt as f32);
    }
    p.phase_w[i] * cnt
}

/// The terms of side `c`'s pieces of type `ty`: king guards, the pair, open files,
/// piece-square values (when summed here), mobility, attacks on the enemy king zone, threats on
/// lesser pieces; what they attack goes into `scan`.
#[inline(always)]
fn pieces_of_type<B: Bitboard, T: Trace>(
    cx: &Ctx<B>,
    acc: &mut Sums<T>,
    scan: &mut Scan<B>,
    checks: &mut Checks<B>,
    ty: u8,
    c: Color,
) {
    let (pos, p, l) = (cx.pos, cx.p, cx.l);
    let bb = pos.pieces_of(ty, c);
    if bb.is_empty() {
        return;
    }
    let t = pos.tables();
    let occ = pos.occupied();
    let i = ty as usize;
    let base = (i * 2 + c.index()) * p.squares;
    let pt = &t.pieces[i];
    let own = pos.pieces(c);
    let zones = cx.zones;
    let mut type_attacks = B::EMPTY;
    let mut zone_hits = 0;
    if !p.royal[i] {
        let guards = (bb & zones[c]).count() as i32;
        acc.add(c, p.guard_w[i], l.king_guard(i), guards);
        // Pawns are (nearly) always two or more: a pair bonus would be a constant.
        let pair = i32::from(p.pawn != Some(ty) && bb.count() >= 2);
        acc.add(c, p.pair_w[i], l.pair(i), pair);
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
                acc.add(c, w, index, 1);
            }
        }
        if cx.summed {
            let (m, e) = p.pst[base + sq.index()];
            acc.add_score(c, (m as i32, e as i32));
        }
        if T::ON {
            let (bm, be) = p.base_pst[base + sq.index()];
            acc.tr.fixed(c, bm as i32, be as i32);
            acc.tr.add(c, p.psq_index[base + sq.index()] as usize, 1.0);
        }
        let caps = pt.capture[c].get(sq, occ);
        type_attacks |= caps;
        zone_hits += (caps & zones[!c]).count() as i32;
        if p.mob_on[i] {
            // Where quiet moves and captures share their tables, the capture lookup is the
            // quiet one too.
            let quiet = if pt.same_reach {
                caps
            } else {
                pt.quiet[c].get(sq, occ)
            };
            let reached = (quiet & !occ) | (caps & occ & !own);
            scan.attack[!c].add(p.king_attack_w[i], (caps & zones[!c]).count());
            mobility(cx, acc, i, c, reached);
        }
    }
    scan.attacked_by[c] |= type_attacks;
    if !p.royal[i] {
        acc.add(c, p.zone_attack_w[i], l.king_attack(i), zone_hits);
    }
    if (p.check_terms || T::ON) && !p.royal[i] {
        if let Some(k) = cx.kings[!c] {
            // Where a piece of ours would check from is where the same piece of theirs on the
            // royal square would capture (exact for pieces that move alike both ways).
            checks[i][c] = pt.capture[!c].get(k, occ) & type_attacks & !own;
        }
    }
    if p.threats.is_victim(i) {
        scan.victims[c] |= bb;
    }
    let threat = p
        .threats
        .by_lesser(i, type_attacks, |v| pos.pieces_of(v, !c));
    acc.add_score(c, threat.score);
    if T::ON {
        acc.tr
            .add(c, l.scalar(Scalar::ThreatBase), threat.hits as f32);
        acc.tr
            .add(c, l.scalar(Scalar::ThreatGain), threat.gain_units);
    }
}

/// The mobility of one piece of type `i` that reaches `reached`: linear in the squares above
/// its type's average, and (where weighted) per square an enemy pawn covers and by the root
/// of the safe ones.
#[inline(always)]
fn mobility<B: Bitboard, T: Trace>(cx: &Ctx<B>, acc: &mut Sums<T>, i: usize, c: Color, reached: B) {
    let (p, l) = (cx.p, cx.l);
    let reach = reached.count() as i32;
    let d16 = reach * 16 - p.mob_avg16[i];
    acc.add_score(c, (d16 * p.mob_w[i].0 / 16, d16 * p.mob_w[i].1 / 16));
    if T::ON {
        acc.tr.add(c, l.mobility(i), d16 as f32 / 16.0);
    }
    if p.mob_shape[i] || T::ON {
        let covered = (reached & cx.pawn_attacks[!c]).count() as i32;
        acc.add(c, p.mob_unsafe_w[i], l.mobility_unsafe(i), covered);
        let safe = (reach - covered).min(256) as usize;
        let d16 = SQRT16[safe] - p.mob_sqrt_avg16[i];
        acc.add_score(
            c,
            (d16 * p.mob_sqrt_w[i].0 / 16, d16 * p.mob_sqrt_w[i].1 / 16),
        );
        if T::ON {
            acc.tr.add(c, l.mobility_sqrt(i), d16 as f32 / 16.0);
        }
    }
}

/// Squares each side's pieces (and, in drop games, pieces in hand) could check the enemy
/// royal piece from that the enemy does not attack.
#[inline(always)]
fn safe_checks<B: Bitboard, T: Trace>(
    cx: &Ctx<B>,
    acc: &mut Sums<T>,
    scan: &Scan<B>,
    checks: &Checks<B>,
) {
    let (pos, p, l) = (cx.pos, cx.p, cx.l);
    let t = pos.tables();
    let occ = pos.occupied();
    for (ty, type_checks) in checks.iter().enumerate().take(p.n_types) {
        if p.royal[ty] {
            continue;
        }
        for c in Color::BOTH {
            let safe = (type_checks[c] & !scan.attacked_by[!c]).count() as i32;
            acc.add(c, p.check_w[ty], l.safe_check(ty), safe);
            if !t.piece_drops || pos.in_hand(ty as u8, c) == 0 {
                continue;
            }
            let Some(k) = cx.kings[!c] else { continue };
            let drops = t.pieces[ty].capture[!c].get(k, occ)
                & !occ
                & t.drop_region[c][ty]
                & !scan.attacked_by[!c];
            acc.add(
                c,
                p.drop_check_w[ty],
                l.drop_check(ty),
                drops.count() as i32,
            );
        }
    }
}

/// Pieces the enemy attacks and their own side does not defend.
#[inline(always)]
fn hanging<B: Bitboard, T: Trace>(cx: &Ctx<B>, acc: &mut Sums<T>, scan: &Scan<B>) {
    let w = cx.p.scalar(Scalar::Hanging);
    for c in Color::BOTH {
        let n = ThreatTables::hanging(scan.victims[!c], scan.attacked_by[c], scan.attacked_by[!c]);
        acc.add_score(c, (w.0 * n, w.1 * n));
        if T::ON {
            acc.tr.add(c, cx.l.scalar(Scalar::Hanging), n as f32);
        }
    }
}

/// The danger of the attacks on each royal piece's zone, and its pawn shield.
#[inline(always)]
fn king_safety<B: Bitboard, T: Trace>(cx: &Ctx<B>, acc: &mut Sums<T>, scan: &Scan<B>) {
    let (pos, p, l) = (cx.pos, cx.p, cx.l);
    let geo = pos.tables().geo;
    for c in Color::BOTH {
        let Some(k) = cx.kings[c] else { continue };
        let danger = scan.attack[c].penalty();
        if danger != 0 {
            let percent = p.scalar(Scalar::KingDanger);
            acc.add_score(c, (-danger * percent.0 / 100, -danger * percent.1 / 100));
        }
        if T::ON {
            acc.tr
                .add(c, l.scalar(Scalar::KingDanger), -danger as f32 / 100.0);
        }
        if let Some(pw) = p.pawn {
            let off2 = (2 * geo.file_of(k) as i32 - (geo.files() as i32 - 1)).abs();
            if off2 >= p.shield_min_off2 {
                let (near, far) = p.king.shield(c, k, pos.pieces_of(pw, c));
                for (count, s) in [(near, Scalar::ShieldNear), (far, Scalar::ShieldFar)] {
                    acc.add(c, p.scalar(s), l.scalar(s), count);
                }
            }
        }
    }
}

/// Passed pawns by rank, and the kings' distances to the square in front of each.
#[inline(always)]
fn passed_pawns<B: Bitboard, T: Trace>(cx: &Ctx<B>, acc: &mut Sums<T>, info: &PawnInfo<B>) {
    let (p, l) = (cx.p, cx.l);
    let geo = cx.pos.tables().geo;
    let own_king = p.scalar(Scalar::PassedOwnKing);
    let enemy_king = p.scalar(Scalar::PassedEnemyKing);
    for (c, bb) in Color::BOTH.into_iter().zip(&info.passed) {
        for sq in bb.iter() {
            acc.add_score(c, p.pawns.bonus(c, sq));
            let r = p.rel_rank[c.index() * p.squares + sq.index()] as usize;
            if T::ON {
                let (bm, be) = p.pawns.base_bonus(c, sq);
                acc.tr.fixed(c, bm, be);
                acc.tr.add(c, l.passed(r), 1.0);
            }
            // The kings' race to the pawn's path matters once it is past its third rank.
            let advance = r.saturating_sub(2) as i32;
            if advance == 0 {
                continue;
            }
            // The square in front of the pawn (the pawn's own on the last rank).
            let front = geo.offset(sq, 0, c.sign()).unwrap_or(sq);
            for (king, w, s) in [
                (cx.kings[c], own_king, Scalar::PassedOwnKing),
                (cx.kings[!c], enemy_king, Scalar::PassedEnemyKing),
            ] {
                let Some(k) = king else { continue };
                acc.add(c, w, l.scalar(s), advance * geo.king_distance(k, front));
            }
        }
    }
}

/// Doubled, isolated, supported and phalanx pawns.
#[inline(always)]
fn pawn_structure<B: Bitboard, T: Trace>(cx: &Ctx<B>, acc: &mut Sums<T>, info: &PawnInfo<B>) {
    let (p, l) = (cx.p, cx.l);
    for (c, count) in Color::BOTH.into_iter().zip(&info.structure) {
        for (n, s) in [
            (count.doubled, Scalar::Doubled),
            (count.isolated, Scalar::Isolated),
            (count.supported, Scalar::Supported),
            (count.phalanx, Scalar::Phalanx),
        ] {
            acc.add(c, p.scalar(s), l.scalar(s), n);
        }
    }
}

/// Pieces in hand, at their own values (fitted where a weights file exists).
#[inline(always)]
fn in_hand<B: Bitboard, T: Trace>(cx: &Ctx<B>, acc: &mut Sums<T>) {
    let (pos, p) = (cx.pos, cx.p);
    let h = hand::score(&p.hand, |ty, c| pos.in_hand(ty, c));
    for c in Color::BOTH {
        acc.add_score(c, h[c]);
    }
    if T::ON {
        for ty in 0..p.n_types {
            for c in Color::BOTH {
                acc.tr
                    .add(c, cx.l.hand(ty), pos.in_hand(ty as u8, c) as f32);
            }
        }
    }
}

/// The side to move's score: middlegame and endgame tapered by `phase`, the tempo, and the
/// material rules of [`super::mating`].
#[inline(always)]
fn taper<B: Bitboard, T: Trace>(cx: &Ctx<B>, acc: Sums<T>, phase: i32) -> i32 {
    let p = cx.p;
    let phase = phase.min(p.phase_total);
    let us = cx.pos.side_to_move();
    let m = acc.mg[us] - acc.mg[!us];
    let e = acc.eg[us] - acc.eg[!us];
    let taper = |m: i32, e: i32| (m * phase + e * (p.phase_total - phase)) / p.phase_total;
    let tempo = p.scalar(Scalar::Tempo);
    let score = taper(m, e) + taper(tempo.0, tempo.1);
    let adjusted = p.mating.adjust(cx.pos, score);
    if T::ON {
        acc.tr.add(us, cx.l.scalar(Scalar::Tempo), 1.0);
        acc.tr.phase(phase, p.phase_total);
        let white = us.sign();
        acc.tr
            .final_adjust((adjusted != 0 || score == 0).then_some(white * (adjusted - score)));
    }
    adjusted
}
