//! Passed pawns: a piece of the variant's pawn type with no enemy pawn in front of it on its
//! own or an adjacent file. Its bonus grows with its advance toward the promotion zone and
//! with what it promotes to, so the term vanishes in variants whose pawns do not promote.
//!
//! Pawn structure: pawns sharing a file with another of their own (doubled) or with none of
//! their own on the adjacent files (isolated) are weak; one defended by a pawn of its own is
//! strong. Pawns cannot move back, so these last longer than the search looks ahead.

use crate::board::bitboard::Bitboard;
use crate::board::position::{Position, Tables};
use crate::board::Square;
use crate::color::Color;

/// Files and ranks beyond this are not possible (16x16 is the largest board).
const MAX_LINES: usize = 16;

/// Default (mg, eg) for each pawn sharing its file with another of its own.
pub const DOUBLED: (i32, i32) = (-4, -10);
/// Default (mg, eg) for a pawn with no pawn of its own on an adjacent file.
pub const ISOLATED: (i32, i32) = (-6, -12);
/// Default (mg, eg) for a pawn defended by a pawn of its own.
pub const SUPPORTED: (i32, i32) = (8, 6);

/// How many of one side's pawns are doubled, isolated and supported.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StructureCounts {
    pub doubled: i32,
    pub isolated: i32,
    pub supported: i32,
    /// Pawns with a pawn of their own beside them on the same rank.
    pub phalanx: i32,
}

/// The files next to file `f` on a board of `files` files.
fn adjacent_files<B: Bitboard>(t: &Tables<B>, f: usize, files: usize) -> B {
    let mut b = B::EMPTY;
    if f > 0 {
        b |= t.files[f - 1];
    }
    if f + 1 < files {
        b |= t.files[f + 1];
    }
    b
}

/// Passed-pawn bonus per colour and square.
#[derive(Debug, Clone, Default)]
pub struct PawnTables {
    squares: usize,
    /// `passed[colour * squares + sq]` = (mg, eg): the derived bonus plus the weight of the
    /// pawn's rank.
    passed: Vec<(i32, i32)>,
    /// The derived bonus alone, same index.
    base: Vec<(i32, i32)>,
}

impl PawnTables {
    /// Tables for the pawn type `pawn`; `gain[c]` is what promoting is worth to colour `c`
    /// (endgame value of the best promotion minus the pawn's).
    pub fn new<B: Bitboard>(t: &Tables<B>, pawn: u8, gain: [i32; 2]) -> PawnTables {
        let geo = t.geo;
        let squares = geo.num_squares();
        let mut passed = vec![(0, 0); 2 * squares];
        for c in Color::BOTH {
            let g = gain[c];
            let zone = t.promotion_region[c];
            let zone_ranks: Vec<i32> = (0..geo.ranks())
                .filter(|&r| (t.ranks[r as usize] & zone).any())
                .map(|r| r as i32)
                .collect();
            if zone_ranks.is_empty() || g <= 0 {
                continue;
            }
            let region = t.pieces[pawn as usize].mobility[c] & t.board;
            let span = (geo.ranks() as i32 - 1).max(1) as f64;
            for sq in geo.squares().filter(|&s| region.contains(s)) {
                let r = geo.rank_of(sq) as i32;
                let d = zone_ranks.iter().map(|&z| (z - r).abs()).min().unwrap_or(0);
                let prog = 1.0 - d as f64 / span;
                let (mg, eg) = (0.04 * g as f64 * prog * prog, 0.12 * g as f64 * prog * prog);
                passed[c.index() * squares + sq.index()] = (mg.round() as i32, eg.round() as i32);
            }
        }
        PawnTables {
            squares,
            base: passed.clone(),
            passed,
        }
    }

    /// Adds `deltas[rank]` to the derived bonus of each square, the rank counted from the
    /// pawn's side (`rel_rank[colour * squares + sq]`).
    pub fn set_deltas(&mut self, rel_rank: &[u8], deltas: &[(i32, i32)]) {
        for (k, (out, base)) in self.passed.iter_mut().zip(&self.base).enumerate() {
            let (m, e) = deltas[rel_rank[k] as usize];
            *out = (base.0 + m, base.1 + e);
        }
    }

    /// The bonus (mg, eg) of a passed pawn of `colour` on `sq`.
    #[inline]
    pub fn bonus(&self, colour: Color, sq: Square) -> (i32, i32) {
        self.passed[colour.index() * self.squares + sq.index()]
    }

    /// The derived part of [`PawnTables::bonus`].
    pub fn base_bonus(&self, colour: Color, sq: Square) -> (i32, i32) {
        self.base[colour.index() * self.squares + sq.index()]
    }

    /// Each colour's pawn structure: doubled, isolated and supported pawns of type `pawn`.
    pub fn structure<B: Bitboard>(pos: &Position<B>, pawn: u8) -> [StructureCounts; 2] {
        let t = pos.tables();
        let geo = t.geo;
        let files = (geo.files() as usize).min(MAX_LINES);
        let pawns = [
            pos.pieces_of(pawn, Color::White),
            pos.pieces_of(pawn, Color::Black),
        ];
        let occ = pos.occupied();
        let capture = &t.pieces[pawn as usize].capture;
        let mut out = [StructureCounts::default(); 2];
        for (c, o) in out.iter_mut().enumerate() {
            let own = pawns[c];
            for sq in own.iter() {
                let f = geo.file_of(sq) as usize;
                let file_mates = (t.files[f] & own).count();
                if file_mates > 1 {
                    // Each pawn of a doubled pair pays (three on a file pay 1.5 times what
                    // two pay).
                    o.doubled += 1;
                }
                if (adjacent_files(t, f, files) & own).is_empty() {
                    o.isolated += 1;
                }
                // The squares a pawn of ours would defend `sq` from are those an enemy pawn
                // on `sq` attacks (the colours move mirrored).
                if (capture[c ^ 1].get(sq, occ) & own).any() {
                    o.supported += 1;
                }
                let rank = t.ranks[geo.rank_of(sq) as usize];
                if (adjacent_files(t, f, files) & rank & own).any() {
                    o.phalanx += 1;
                }
            }
        }
        out
    }

    /// Each colour's passed pawns of type `pawn`.
    pub fn passed_pawns<B: Bitboard>(&self, pos: &Position<B>, pawn: u8) -> [B; 2] {
        let t = pos.tables();
        let geo = t.geo;
        let ranks = (geo.ranks() as usize).min(MAX_LINES);
        let files = (geo.files() as usize).min(MAX_LINES);
        let pawns = Color::BOTH.map(|c| pos.pieces_of(pawn, c));
        let mut out = [B::EMPTY; 2];
        if pawns.iter().all(|b| b.is_empty()) {
            return out;
        }
        // ahead[White][r]: the ranks above r; ahead[Black][r]: the ranks below r.
        let mut ahead = [[B::EMPTY; MAX_LINES]; 2];
        for r in (0..ranks.saturating_sub(1)).rev() {
            ahead[Color::White][r] = ahead[Color::White][r + 1] | t.ranks[r + 1];
        }
        for r in 1..ranks {
            ahead[Color::Black][r] = ahead[Color::Black][r - 1] | t.ranks[r - 1];
        }
        for c in Color::BOTH {
            for sq in pawns[c].iter() {
                let (f, r) = (geo.file_of(sq) as usize, geo.rank_of(sq) as usize);
                let span = t.files[f] | adjacent_files(t, f, files);
                if (span & ahead[c][r] & pawns[!c]).is_empty() {
                    out[c] = out[c].with(sq);
                }
            }
        }
        out
    }
}

/// The squares each colour's pawns of type `pawn` attack.
pub fn pawn_attacks<B: Bitboard>(pos: &Position<B>, pawn: u8) -> [B; 2] {
    let capture = &pos.tables().pieces[pawn as usize].capture;
    let occ = pos.occupied();
    Color::BOTH.map(|c| {
        pos.pieces_of(pawn, c)
            .iter()
            .fold(B::EMPTY, |a, sq| a | capture[c].get(sq, occ))
    })
}

/// What the evaluation reads from the pawns alone: each colour's passed pawns, pawn
/// structure (zero counts where the variant has no structure terms) and pawn attacks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PawnInfo<B> {
    pub passed: [B; 2],
    pub structure: [StructureCounts; 2],
    pub attacks: [B; 2],
}

/// Entries of a [`PawnCache`]: pawn formations change far less often than positions, so a
/// small table answers most evaluations.
const PAWN_CACHE_ENTRIES: usize = 1 << 12;

/// The [`PawnInfo`] of recently seen pawn formations, one table per search thread.
///
/// An entry keeps the formation it was computed for and answers only that exact formation,
/// so a hash collision can cost a recomputation but never a wrong answer.
#[derive(Debug, Clone)]
pub struct PawnCache<B> {
    entries: Vec<Option<([B; 2], PawnInfo<B>)>>,
}

impl<B: Bitboard> Default for PawnCache<B> {
    fn default() -> Self {
        PawnCache {
            entries: vec![None; PAWN_CACHE_ENTRIES],
        }
    }
}

impl<B: Bitboard> PawnCache<B> {
    /// The information for the formation `pawns` (white's, black's), from the table or from
    /// `compute`, which is then remembered.
    pub fn get_or(&mut self, pawns: [B; 2], compute: impl FnOnce() -> PawnInfo<B>) -> PawnInfo<B> {
        let slot = &mut self.entries[Self::index(&pawns)];
        match slot {
            Some((seen, info)) if *seen == pawns => *info,
            _ => {
                let info = compute();
                *slot = Some((pawns, info));
                info
            }
        }
    }

    fn index(pawns: &[B; 2]) -> usize {
        (formation_key(pawns) >> 40) as usize & (PAWN_CACHE_ENTRIES - 1)
    }
}

/// A hash of a pawn formation (white's pawns, black's): the pawn cache's index and the key of
/// the search's pawn correction history.
pub fn formation_key<B: Bitboard>(pawns: &[B; 2]) -> u64 {
    let mut h = 0u64;
    for b in pawns {
        for w in 0..B::WORDS {
            h = (h ^ b.word(w)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            h ^= h >> 29;
        }
        h = h.wrapping_add(0xD1B5_4A32_D192_ED03);
    }
    h
}
