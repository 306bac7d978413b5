//! Lookup tables indexed by the relevant occupancy of a square: magic multiplication or
//! parallel bit extract turns `occ & mask` into a dense index into a table of sets.

use super::magic::{fill_table, find_magic, known_magic, remember_magic, MagicKey};
use super::{reference, Direction, Directions, LineKind, LineSpec};
use crate::board::bitboard::Bitboard;
use crate::board::geometry::{Geometry, Square};

/// How the occupancy becomes an index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum IndexMode {
    Magic,
    Pext,
}

/// One square's lookup for one group of directions.
#[derive(Debug, Clone, Copy)]
struct Entry<B> {
    /// Squares whose occupancy changes the answer.
    mask: B,
    /// Magic factor per word (unused with PEXT).
    magic: B,
    /// Start of this entry's sets in `IndexedTable::sets`.
    offset: u32,
    /// `64 - index bits` (magic only).
    shift: u8,
}

#[derive(Debug, Clone)]
pub(crate) struct IndexedTable<B> {
    mode: IndexMode,
    /// Lookups per square (1 or 2 grouped, up to 4 per line).
    groups: usize,
    entries: Vec<Entry<B>>,
    sets: Vec<B>,
}

/// Splits directions into groups that get one lookup each.
fn direction_groups(dirs: Directions, per_line: bool) -> Vec<Directions> {
    use Direction::*;
    let candidates: &[Directions] = if per_line {
        &[
            Directions::from_bits(1 << N as u8 | 1 << S as u8),
            Directions::from_bits(1 << E as u8 | 1 << W as u8),
            Directions::from_bits(1 << NE as u8 | 1 << SW as u8),
            Directions::from_bits(1 << NW as u8 | 1 << SE as u8),
        ]
    } else {
        &[Directions::ORTHOGONAL, Directions::DIAGONAL]
    };
    candidates
        .iter()
        .map(|g| Directions::from_bits(g.bits() & dirs.bits()))
        .filter(|g| !g.is_empty())
        .collect()
}

/// Squares whose occupancy can change where the piece goes: along each ray, every square
/// closer than both the range limit and the edge square.
fn relevant_mask<B: Bitboard>(
    geo: &Geometry,
    sq: Square,
    dirs: Directions,
    range: Option<u8>,
) -> B {
    let limit = range.map_or(u32::MAX, u32::from);
    let mut mask = B::EMPTY;
    for d in dirs.iter() {
        let (dx, dy) = d.delta();
        let mut cur = sq;
        let mut dist = 1;
        while let Some(next) = geo.offset(cur, dx, dy) {
            if dist >= limit || geo.offset(next, dx, dy).is_none() {
                break;
            }
            mask = mask.with(next);
            cur = next;
            dist += 1;
        }
    }
    mask
}

/// The subset of `mask` selected by the bits of `index` (inverse of `extract`).
fn deposit<B: Bitboard>(index: u64, mask: B) -> B {
    mask.iter()
        .enumerate()
        .filter(|(i, _)| index >> i & 1 != 0)
        .fold(B::EMPTY, |b, (_, sq)| b.with(sq))
}

impl<B: Bitboard> IndexedTable<B> {
    /// Builds the table, or `None` if it would need more than `max_bytes` or no magic was
    /// found. Magics for grouped (not per-line) tables are only searched on one-word
    /// bitboards: with several words the search is slow and needs bigger tables.
    pub(crate) fn new(
        geo: &Geometry,
        spec: &LineSpec,
        mode: IndexMode,
        per_line: bool,
        max_bytes: usize,
    ) -> Option<Self> {
        if mode == IndexMode::Magic && !per_line && B::WORDS > 1 {
            return None;
        }
        let groups = direction_groups(spec.dirs, per_line);
        // Size check before any work.
        let mut total = 0usize;
        for sq in geo.squares() {
            for g in &groups {
                let bits = relevant_mask::<B>(geo, sq, *g, spec.range).count().max(1);
                total += 1usize << bits;
            }
        }
        if total.saturating_mul(std::mem::size_of::<B>()) > max_bytes {
            return None;
        }

        let mut entries = Vec::with_capacity(geo.num_squares() * groups.len());
        let mut sets = Vec::with_capacity(total);
        let mut occs = Vec::new();
        let mut answers = Vec::new();
        for sq in geo.squares() {
            for g in &groups {
                let group_spec = LineSpec { dirs: *g, ..*spec };
                let mask = relevant_mask::<B>(geo, sq, *g, spec.range);
                let bits = mask.count().max(1);
                occs.clear();
                answers.clear();
                for i in 0..1u64 << mask.count() {
                    let occ = deposit(i, mask);
                    occs.push(occ);
                    answers.push(reference::line(geo, sq, occ, &group_spec));
                }
                let offset = sets.len() as u32;
                match mode {
                    IndexMode::Pext => {
                        // Subsets were enumerated in extract order: index i is subset i.
                        sets.extend_from_slice(&answers);
                        if mask.count() == 0 {
                            sets.push(answers[0]);
                        }
                        entries.push(Entry {
                            mask,
                            magic: B::EMPTY,
                            offset,
                            shift: 0,
                        });
                    }
                    IndexMode::Magic => {
                        let key = MagicKey {
                            files: geo.files(),
                            ranks: geo.ranks(),
                            square: sq.to_u8(),
                            dirs: g.bits(),
                            kind: match spec.kind {
                                LineKind::Slide => 0,
                                LineKind::Cannon => 1,
                                LineKind::Grasshopper => 2,
                            },
                            range: spec.range,
                            words: B::WORDS as u8,
                        };
                        let known = known_magic(&key).and_then(|(words, bits)| {
                            let magic = B::from_words(&words);
                            fill_table(magic, bits, &occs, &answers).map(|t| (magic, bits, t))
                        });
                        let (magic, bits, table) = match known {
                            Some(found) => found,
                            None => {
                                let seed = (sq.index() as u64) << 8 | g.bits() as u64;
                                let found = find_magic(mask, bits, &occs, &answers, seed)?;
                                let mut words = [0u64; 4];
                                for (i, w) in words.iter_mut().enumerate().take(B::WORDS) {
                                    *w = found.0.word(i);
                                }
                                remember_magic(key, words, found.1);
                                found
                            }
                        };
                        sets.extend_from_slice(&table);
                        entries.push(Entry {
                            mask,
                            magic,
                            offset,
                            shift: (64 - bits) as u8,
                        });
                    }
                }
            }
        }
        Some(IndexedTable {
            mode,
            groups: groups.len(),
            entries,
            sets,
        })
    }

    /// Word 0 of the magic and the index bits of the first lookup of `sq` (magic mode).
    pub(crate) fn first_magic(&self, sq: Square) -> Option<(u64, u32)> {
        let e = self.entries.get(sq.index() * self.groups)?;
        (self.mode == IndexMode::Magic).then(|| (e.magic.word(0), 64 - e.shift as u32))
    }

    pub(crate) fn table_bytes(&self) -> usize {
        self.sets.len() * std::mem::size_of::<B>()
            + self.entries.len() * std::mem::size_of::<Entry<B>>()
    }

    #[inline(always)]
    fn index(&self, e: &Entry<B>, occ: B) -> usize {
        match self.mode {
            IndexMode::Magic => ((occ & e.mask).magic_hash(e.magic) >> e.shift) as usize,
            IndexMode::Pext => occ.extract(e.mask) as usize,
        }
    }

    #[inline(always)]
    pub(crate) fn attacks(&self, sq: Square, occ: B) -> B {
        let base = sq.index() * self.groups;
        let mut out = B::EMPTY;
        for e in &self.entries[base..base + self.groups] {
            out |= self.sets[e.offset as usize + self.index(e, occ)];
        }
        out
    }
}
