//! Piece move generators: every piece type of a variant compiled from its XBetza description
//! into the fastest bitboard generators that fit, per side.
//!
//! # What each component compiles to
//!
//! | component | generator |
//! |---|---|
//! | single leg, one step (`W`, `fN`, `KNAD`, `U`) | [`LeaperTable`]: every leap of the piece with the same modality in one table |
//! | slider / limited slider on king lines (`R`, `fB`, `R4`, `Q2`) | [`LineAttacks`] (magic or PEXT up to 128 squares, rays above); orthogonal and diagonal lines are separate tables shared by every piece that uses them |
//! | cannon `p` / grasshopper `g` on king lines (`mRcpR`, `pR`, `gQ`, `gB3`) | [`LineAttacks`] with [`LineKind::Cannon`] / [`LineKind::Grasshopper`] |
//! | lame leaper (`nN`, `nA`, FSF `nZ`, `ifmnD`) and fixed multi-leg paths (`afsW` = mao, `mafsmafW` = Janggi elephant, `afsF`) | [`LameLeaperTable`] |
//! | rider along any other step (`N0`/`NN`, `N2`, `D0`) | [`ObliqueRiderTable`] |
//! | everything else: locust and multi-capture legs (`fcafmF`, lion `caK`, `mcabK`), bent riders (`FyafsF`), cylinder `o`, `j`, `d`, `t`, exact ranges `W03`, lame riders, hoppers on oblique lines (`pN`), crooked `z` and circular `q` riders, castling `O`, `ii` | the reference walker ([`crate::betza::walk`]), through [`PieceTables::special_moves`] |
//!
//! Black uses White's steps rotated by 180° (as the walker does). Components with the same
//! modality are merged: `RN` is one rook-line lookup plus one leaper table, `KNAD` is one leaper
//! table, `Q` is the rook and bishop tables that `R` and `B` use too.
//!
//! # Using the generators
//!
//! Occupancy (`occ`) is every piece of both sides plus walls/holes. A wall in `occ` blocks
//! sliders and can never be moved to (it is not in [`PieceTables::quiets`], and the caller's
//! enemy mask excludes it from captures); for cannons and grasshoppers it serves as a hurdle.
//!
//! - [`PieceTables::quiets`]: empty squares the piece may move to (already masked with `!occ`).
//! - [`PieceTables::captures`]: occupied squares where it would capture (own pieces included:
//!   the caller intersects with the enemy pieces).
//! - [`PieceTables::targets`]: both at once (one lookup for `mc` pieces).
//! - [`PieceTables::threats`]: squares it would capture on if an enemy stood there.
//! - [`PieceTables::capture_rays`]: squares it could capture on with some occupancy.
//! - [`PieceTables::initial_quiets`] / [`PieceTables::initial_captures`]: the same for the
//!   `i` components, which the caller adds when the piece may use them (see below).
//! - [`PieceTables::ep_targets`]: empty squares where an `e` component could land; the caller
//!   intersects with the e.p. square.
//! - [`PieceTables::attackers_of_type`]: for check detection, the squares from which a piece
//!   of this type and side would capture on a target (fast components only).
//! - [`PieceTables::special_moves`]: the moves of the walker components, for pieces whose
//!   [`PieceInfo::special`] is set.
//!
//! # `e` (en passant) and `i` (initial moves)
//!
//! Fast generators never produce e.p. captures or double steps on their own:
//! - `e` on a single-leg component (pawns' `fmWfceF`): its `c` part is an ordinary capture in
//!   [`PieceTables::captures`]; the squares where it could capture e.p. are in
//!   [`PieceTables::ep_targets`]. The position decides when e.p. is possible (Fairy-Stockfish's
//!   `enPassantRegion`/`enPassantTypes` and double-step rules) and removes the victim. In the
//!   Fairy-Stockfish dialect `e` just marks the piece as an e.p. capturer.
//! - `i` single-leg and fixed-path components (`ifmnD`, `imA`) go to
//!   [`PieceTables::initial_quiets`] / [`PieceTables::initial_captures`], never to
//!   [`PieceTables::quiets`]. For XBetza pieces the position adds them while the piece stands
//!   on its start square; for Fairy-Stockfish pieces its double-step rules decide (a pawn's
//!   `ifmnD` is exactly the lame double step). `ii`, and `i` on walker components, are in
//!   [`PieceTables::special_moves`] under [`BoardView::on_start`] /
//!   [`BoardView::one_step_from_start`].
//!
//! Hard-coded Fairy-Stockfish behaviour beyond the Betza string ([`SpecialPiece`]: Janggi
//! cannon restrictions, soldier promotion-rank moves) and mobility regions are not applied
//! here; the position applies them. (The Janggi elephant's `nZ` path is in the Betza reading
//! of the Fairy-Stockfish dialect, so it is here.)
//!
//! [`SpecialPiece`]: crate::variant::SpecialPiece

mod plan;
mod special;

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use thiserror::Error;

use crate::betza::{self, BetzaError, Dialect};
use crate::board::attacks::{
    AttackError, Direction, Directions, LameLeaperTable, LameStep, LeaperTable, LineAttacks,
    LineKind, LineSpec, ObliqueRiderTable,
};
use crate::board::bitboard::Bitboard;
use crate::board::geometry::{Geometry, Square};
use crate::variant::{BetzaDialect, Color, PieceId, Variant};

use plan::{Compiled, Plan, Reverse};
pub use special::{BoardView, SpecialKind, SpecialMove};

pub use crate::betza::Cell;

/// Why a variant's pieces could not be compiled.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CompileError {
    /// A Betza string that does not parse.
    #[error("piece {piece}: {error}")]
    Betza {
        /// The piece's name (`knight`, `customPiece3`, or the Betza text itself).
        piece: String,
        error: BetzaError,
    },
    /// A table that cannot be built for this board and bitboard width.
    #[error("piece {piece}: {error}")]
    Table {
        /// The piece's name.
        piece: String,
        error: AttackError,
    },
    /// The bitboard type is too narrow for the board, or the variant's board does not match
    /// the geometry.
    #[error("board {files}x{ranks} does not fit: {why}")]
    Board { files: u8, ranks: u8, why: String },
}

/// The kinds of generator a piece uses (for reports and tests).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GeneratorKind {
    Leaper,
    Slider,
    Cannon,
    Grasshopper,
    LameLeaper,
    ObliqueRider,
    /// The reference walker (special moves).
    Walker,
}

/// Facts about a piece type that move generation and legality checks need.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PieceInfo {
    /// Some fast capture generator slides or rides (its attacks can be blocked and a piece can
    /// be pinned against the king by it): sliders, limited sliders, oblique riders.
    pub slider: bool,
    /// Some fast generator hops (cannon or grasshopper): moving any piece can create or
    /// remove its attacks, including pieces of the attacked side.
    pub hopper: bool,
    /// Some fast generator is a lame leaper (its leaps are blocked by pieces on the way).
    pub lame: bool,
    /// Some components need the walker: call [`PieceTables::special_moves`].
    pub special: bool,
    /// Some walker component can remove a piece (capture, locust, e.p., `d`). Such captures
    /// are not in [`PieceTables::attackers_of_type`]; check detection must look at them.
    pub special_captures: bool,
    /// Some component has `i` or `ii`.
    pub initial: bool,
    /// Some fast `i` component captures (not in [`PieceTables::attackers_of_type`]).
    pub initial_captures: bool,
    /// Some component has `e`.
    pub en_passant: bool,
    /// Some component is castling (`O`).
    pub castling: bool,
    /// The generators used (sorted, without duplicates).
    pub generators: Vec<GeneratorKind>,
}

/// One primitive generator: an index into the tables of [`PieceTables`]. Leaper and mask
/// indices are offsets of square 0 in the flat per-square vectors.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum Prim {
    /// Nothing (an unused slot of [`Gen`]).
    #[default]
    None,
    Leaper(u32),
    /// A full line table (every orthogonal or every diagonal direction, no range limit).
    Line(u32),
    /// A full line table restricted to some directions and/or a range by a per-square mask
    /// (`fR`, `R4`, `gB3`): every kind measures its range to the landing square, so masking
    /// the squares within range along the directions is exact.
    MaskedLine {
        line: u32,
        mask: u32,
    },
    Lame(u32),
    Oblique(u32),
    /// Reverse grasshopper: for direction `dir` (the grasshopper's direction of travel), the
    /// hurdle is one step against `dir` from the target; the attackers are what the full
    /// slider table `line` reaches from the hurdle within mask `mask` (the ray going on against
    /// `dir`, shortened by one for a limited range).
    GrassReverse {
        dir: Direction,
        line: u32,
        mask: u32,
    },
}

/// A union of primitives. The first two are stored inline (most pieces need one or two:
/// `N`, `R`, `Q` = rook lines + bishop lines), so a lookup follows no extra pointer.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Gen {
    first: Prim,
    second: Prim,
    rest: Vec<Prim>,
}

impl Gen {
    fn new(prims: Vec<Prim>) -> Gen {
        let mut it = prims.into_iter();
        let first = it.next().unwrap_or_default();
        let second = it.next().unwrap_or_default();
        Gen {
            first,
            second,
            rest: it.collect(),
        }
    }

    fn is_empty(&self) -> bool {
        self.first == Prim::None
    }
}

/// One side's generators of one piece type.
#[derive(Debug, Clone, Default)]
struct SideGens {
    quiet: Gen,
    capture: Gen,
    /// `quiet` and `capture` are the same generators (`mc` pieces): `targets` looks up once.
    same: bool,
    initial_quiet: Gen,
    initial_capture: Gen,
    ep: Gen,
    attackers: Gen,
    /// The walker components (empty if none).
    special: betza::Piece,
}

#[derive(Debug, Clone, Default)]
struct PieceEntry {
    info: PieceInfo,
    sides: [SideGens; 2],
}

/// Every piece type's generators for one board, both sides.
#[derive(Debug, Clone)]
pub struct PieceTables<B> {
    geo: Geometry,
    /// Leaper sets: table `t` of square `s` is `leapers[t + s]` (`t` a multiple of the
    /// number of squares).
    leapers: Vec<B>,
    lines: Vec<Arc<LineAttacks<B>>>,
    /// Per-square masks for [`Prim::MaskedLine`] and [`Prim::GrassReverse`]: mask `m` of
    /// square `s` is `masks[m + s]` (`m` a multiple of the number of squares).
    masks: Vec<B>,
    lames: Vec<LameLeaperTable<B>>,
    obliques: Vec<ObliqueRiderTable<B>>,
    pieces: Vec<PieceEntry>,
    /// [`PieceTables::capture_rays`] of piece `p`, side `c`, square `s`:
    /// `rays[(2 * p + c) * squares + s]`.
    rays: Vec<B>,
}

fn betza_color(color: Color) -> betza::Color {
    match color {
        Color::White => betza::Color::White,
        Color::Black => betza::Color::Black,
    }
}

/// Line tables already built in this process, by bitboard type, board size and spec: magic
/// searches are the slow part of loading a variant, and every variant on the same board uses
/// the same few tables (rook lines, bishop lines, cannon, grasshopper).
type LineCache = Mutex<HashMap<(TypeId, u8, u8, LineSpec), Arc<dyn Any + Send + Sync>>>;

fn shared_line_table<B: Bitboard>(
    geo: &Geometry,
    spec: LineSpec,
) -> Result<Arc<LineAttacks<B>>, AttackError> {
    static CACHE: OnceLock<LineCache> = OnceLock::new();
    let key = (TypeId::of::<B>(), geo.files(), geo.ranks(), spec);
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    // A poisoned lock only means another thread panicked while building; the map is intact.
    let mut map = cache
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(table) = map
        .get(&key)
        .and_then(|t| Arc::clone(t).downcast::<LineAttacks<B>>().ok())
    {
        return Ok(table);
    }
    let table = Arc::new(LineAttacks::new(geo, &spec)?);
    map.insert(key, Arc::clone(&table) as Arc<dyn Any + Send + Sync>);
    Ok(table)
}

/// A list of leaps (dx, dy), White's view.
type Steps = Vec<(i32, i32)>;

/// Deduplicating table builder.
struct Builder<'g, B> {
    geo: &'g Geometry,
    leapers: Vec<B>,
    leaper_keys: HashMap<Vec<(i32, i32)>, u32>,
    lines: Vec<Arc<LineAttacks<B>>>,
    line_keys: HashMap<LineSpec, u32>,
    masks: Vec<B>,
    mask_keys: HashMap<(Directions, Option<u8>), u32>,
    lames: Vec<LameLeaperTable<B>>,
    lame_keys: HashMap<Vec<LameStep>, u32>,
    obliques: Vec<ObliqueRiderTable<B>>,
    oblique_keys: HashMap<(Steps, Option<u8>), u32>,
    rays: Vec<B>,
}

impl<'g, B: Bitboard> Builder<'g, B> {
    fn leaper(&mut self, mut steps: Vec<(i32, i32)>) -> Result<u32, AttackError> {
        steps.sort_unstable();
        steps.dedup();
        if let Some(&i) = self.leaper_keys.get(&steps) {
            return Ok(i);
        }
        let i = self.leapers.len() as u32;
        let table = LeaperTable::<B>::new(self.geo, &steps)?;
        self.leapers
            .extend(self.geo.squares().map(|sq| table.attacks(sq)));
        self.leaper_keys.insert(steps, i);
        Ok(i)
    }

    fn line(&mut self, spec: LineSpec) -> Result<u32, AttackError> {
        if let Some(&i) = self.line_keys.get(&spec) {
            return Ok(i);
        }
        let i = self.lines.len() as u32;
        self.lines.push(shared_line_table(self.geo, spec)?);
        self.line_keys.insert(spec, i);
        Ok(i)
    }

    /// The squares within `range` steps of each square along `dirs` (to the edge for `None`).
    fn mask(&mut self, dirs: Directions, range: Option<u8>) -> u32 {
        if let Some(&i) = self.mask_keys.get(&(dirs, range)) {
            return i;
        }
        let i = self.masks.len() as u32;
        let most = range.map_or(usize::MAX, usize::from);
        for sq in self.geo.squares() {
            let mut set = B::EMPTY;
            for dir in dirs.iter() {
                let (dx, dy) = dir.delta();
                let mut at = sq;
                let mut n = 0;
                while let Some(next) = self.geo.offset(at, dx, dy) {
                    if n == most {
                        break;
                    }
                    set = set.with(next);
                    at = next;
                    n += 1;
                }
            }
            self.masks.push(set);
        }
        self.mask_keys.insert((dirs, range), i);
        i
    }

    /// A line generator: the full table of the kind for the direction group, masked unless
    /// every direction of the group is taken without a range.
    fn line_prim(
        &mut self,
        kind: LineKind,
        group: Directions,
        dirs: Directions,
        range: Option<u8>,
    ) -> Result<Prim, AttackError> {
        let line = self.line(LineSpec {
            dirs: group,
            kind,
            range: None,
        })?;
        if dirs == group && range.is_none() {
            Ok(Prim::Line(line))
        } else {
            Ok(Prim::MaskedLine {
                line,
                mask: self.mask(dirs, range),
            })
        }
    }

    fn lame(&mut self, mut steps: Vec<LameStep>) -> Result<u32, AttackError> {
        steps.sort_by(|a, b| (a.step, &a.path).cmp(&(b.step, &b.path)));
        steps.dedup();
        if let Some(&i) = self.lame_keys.get(&steps) {
            return Ok(i);
        }
        let i = self.lames.len() as u32;
        self.lames.push(LameLeaperTable::new(self.geo, &steps)?);
        self.lame_keys.insert(steps, i);
        Ok(i)
    }

    fn oblique(
        &mut self,
        mut steps: Vec<(i32, i32)>,
        range: Option<u8>,
    ) -> Result<u32, AttackError> {
        steps.sort_unstable();
        steps.dedup();
        let key = (steps, range);
        if let Some(&i) = self.oblique_keys.get(&key) {
            return Ok(i);
        }
        let i = self.obliques.len() as u32;
        self.obliques
            .push(ObliqueRiderTable::new(self.geo, &key.0, range)?);
        self.oblique_keys.insert(key, i);
        Ok(i)
    }

    /// One generator for a union of plans: leaps merged into one table, lame leaps into one,
    /// line plans merged per (kind, range) and split into orthogonal and diagonal tables,
    /// rides merged per range.
    fn gen(&mut self, plans: &[Plan]) -> Result<Gen, AttackError> {
        let mut prims = Vec::new();
        let mut leaps: Vec<(i32, i32)> = Vec::new();
        let mut lames: Vec<LameStep> = Vec::new();
        let mut lines: Vec<(LineKind, Option<u8>, Directions)> = Vec::new();
        let mut rides: Vec<(Option<u8>, Steps)> = Vec::new();
        for plan in plans {
            match plan {
                Plan::Leap(steps) => leaps.extend(steps),
                Plan::Lame(steps) => lames.extend(steps.iter().cloned()),
                Plan::Line { dirs, kind, range } => {
                    match lines.iter_mut().find(|(k, r, _)| k == kind && r == range) {
                        Some(entry) => entry.2 = entry.2 | *dirs,
                        None => lines.push((*kind, *range, *dirs)),
                    }
                }
                Plan::Ride { steps, range } => match rides.iter_mut().find(|(r, _)| r == range) {
                    Some(entry) => entry.1.extend(steps),
                    None => rides.push((*range, steps.clone())),
                },
            }
        }
        if !leaps.is_empty() {
            prims.push(Prim::Leaper(self.leaper(leaps)?));
        }
        for (kind, range, dirs) in lines {
            for group in [Directions::ORTHOGONAL, Directions::DIAGONAL] {
                let part = Directions::from_bits(dirs.bits() & group.bits());
                if !part.is_empty() {
                    prims.push(self.line_prim(kind, group, part, range)?);
                }
            }
        }
        if !lames.is_empty() {
            prims.push(Prim::Lame(self.lame(lames)?));
        }
        for (range, steps) in rides {
            prims.push(Prim::Oblique(self.oblique(steps, range)?));
        }
        Ok(Gen::new(prims))
    }

    /// Appends, for every square, the squares the plans could capture on with some
    /// occupancy (blockers ignored, hurdles assumed where needed).
    fn push_capture_rays(&mut self, plans: &[Plan]) -> Result<(), AttackError> {
        let n = self.geo.num_squares();
        let mut rays = vec![B::EMPTY; n];
        for plan in plans {
            match plan {
                Plan::Leap(steps) => {
                    let table = LeaperTable::<B>::new(self.geo, steps)?;
                    for sq in self.geo.squares() {
                        rays[sq.index()] |= table.attacks(sq);
                    }
                }
                Plan::Lame(steps) => {
                    let leaps: Steps = steps.iter().map(|s| s.step).collect();
                    let table = LeaperTable::<B>::new(self.geo, &leaps)?;
                    for sq in self.geo.squares() {
                        rays[sq.index()] |= table.attacks(sq);
                    }
                }
                Plan::Line { dirs, range, .. } => {
                    let mask = self.mask(*dirs, *range) as usize;
                    for sq in self.geo.squares() {
                        rays[sq.index()] |= self.masks[mask + sq.index()];
                    }
                }
                Plan::Ride { steps, range } => {
                    let table = ObliqueRiderTable::<B>::new(self.geo, steps, *range)?;
                    for sq in self.geo.squares() {
                        rays[sq.index()] |= table.attacks(sq, B::EMPTY);
                    }
                }
            }
        }
        self.rays.extend(rays);
        Ok(())
    }

    /// The generator of attackers for a union of capture plans.
    fn reverse_gen(&mut self, plans: &[Plan]) -> Result<Gen, AttackError> {
        let mut forward = Vec::new();
        let mut grass = Vec::new();
        for plan in plans {
            match plan.reversed() {
                Reverse::Plan(p) => forward.push(p),
                Reverse::Grasshopper { dirs, range } => grass.push((dirs, range)),
            }
        }
        let gen = self.gen(&forward)?;
        let mut prims: Vec<Prim> = [gen.first, gen.second]
            .into_iter()
            .filter(|&p| p != Prim::None)
            .chain(gen.rest)
            .collect();
        for (dirs, range) in grass {
            if range == Some(1) {
                continue;
            }
            for dir in dirs.iter() {
                let back = dir.opposite();
                let group = if Directions::ORTHOGONAL.contains(back) {
                    Directions::ORTHOGONAL
                } else {
                    Directions::DIAGONAL
                };
                let line = self.line(LineSpec {
                    dirs: group,
                    kind: LineKind::Slide,
                    range: None,
                })?;
                let mask = self.mask(Directions::only(back), range.map(|r| r - 1));
                prims.push(Prim::GrassReverse { dir, line, mask });
            }
        }
        Ok(Gen::new(prims))
    }
}

impl<B: Bitboard> PieceTables<B> {
    /// Builds the generators of every piece type of `variant` (ids as in
    /// [`Variant::pieces`]) for both sides on `geo`, which must be the variant's board.
    pub fn new(geo: &Geometry, variant: &Variant) -> Result<Self, CompileError> {
        if geo.files() != variant.files || geo.ranks() != variant.ranks {
            return Err(CompileError::Board {
                files: geo.files(),
                ranks: geo.ranks(),
                why: format!("the variant's board is {}", variant.board_size()),
            });
        }
        let mut parsed = Vec::with_capacity(variant.pieces.len());
        for p in &variant.pieces {
            let dialect = match p.dialect {
                BetzaDialect::XBetza => Dialect::XBetza,
                BetzaDialect::FairyStockfish => Dialect::FairyStockfish,
            };
            let piece = betza::parse(&p.betza, dialect).map_err(|error| CompileError::Betza {
                piece: p.name.clone(),
                error,
            })?;
            parsed.push((p.name.clone(), piece));
        }
        Self::from_pieces(geo, &parsed)
    }

    /// Builds the generators for parsed pieces, given with their names (for errors); piece
    /// ids are the indices of the slice.
    pub fn from_pieces(
        geo: &Geometry,
        pieces: &[(String, betza::Piece)],
    ) -> Result<Self, CompileError> {
        if geo.num_squares() > B::BITS as usize {
            return Err(CompileError::Board {
                files: geo.files(),
                ranks: geo.ranks(),
                why: format!(
                    "{} squares need more than {} bits",
                    geo.num_squares(),
                    B::BITS
                ),
            });
        }
        let mut builder = Builder {
            geo,
            leapers: Vec::new(),
            leaper_keys: HashMap::new(),
            lines: Vec::new(),
            line_keys: HashMap::new(),
            masks: Vec::new(),
            mask_keys: HashMap::new(),
            lames: Vec::new(),
            lame_keys: HashMap::new(),
            obliques: Vec::new(),
            oblique_keys: HashMap::new(),
            rays: Vec::new(),
        };
        let mut entries = Vec::with_capacity(pieces.len());
        for (name, piece) in pieces {
            let entry =
                Self::compile_piece(&mut builder, piece).map_err(|error| CompileError::Table {
                    piece: name.clone(),
                    error,
                })?;
            entries.push(entry);
        }
        Ok(PieceTables {
            geo: *geo,
            leapers: builder.leapers,
            lines: builder.lines,
            masks: builder.masks,
            lames: builder.lames,
            obliques: builder.obliques,
            pieces: entries,
            rays: builder.rays,
        })
    }

    /// Parses Betza strings and builds their generators (for tests and tools); piece `i` is
    /// `descriptions[i]`.
    pub fn from_betza(
        geo: &Geometry,
        descriptions: &[(&str, Dialect)],
    ) -> Result<Self, CompileError> {
        let mut parsed = Vec::with_capacity(descriptions.len());
        for &(text, dialect) in descriptions {
            let piece = betza::parse(text, dialect).map_err(|error| CompileError::Betza {
                piece: text.to_string(),
                error,
            })?;
            parsed.push((text.to_string(), piece));
        }
        Self::from_pieces(geo, &parsed)
    }

    fn compile_piece(
        builder: &mut Builder<'_, B>,
        piece: &betza::Piece,
    ) -> Result<PieceEntry, AttackError> {
        let mut entry = PieceEntry::default();
        let mut kinds = Vec::new();
        for color in Color::BOTH {
            let bcolor = betza_color(color);
            let (mut quiet, mut capture, mut init_q, mut init_c, mut ep) =
                (vec![], vec![], vec![], vec![], vec![]);
            let mut special = betza::Piece::default();
            for component in &piece.components {
                if component.initial != betza::Initial::Always {
                    entry.info.initial = true;
                }
                let legs = component.legs();
                if legs.iter().any(|l| l.en_passant) {
                    entry.info.en_passant = true;
                }
                match plan::compile(component, bcolor) {
                    Compiled::Nothing => {}
                    Compiled::Walker => {
                        entry.info.special = true;
                        if matches!(component.kind, betza::ComponentKind::Castling { .. }) {
                            entry.info.castling = true;
                        }
                        if legs
                            .iter()
                            .any(|l| l.can_capture || l.can_destroy || l.en_passant)
                        {
                            entry.info.special_captures = true;
                        }
                        special.components.push(component.clone());
                    }
                    Compiled::Fast {
                        plans,
                        can_move,
                        can_capture,
                        en_passant,
                        initial,
                    } => {
                        for p in &plans {
                            match p {
                                Plan::Leap(_) => kinds.push(GeneratorKind::Leaper),
                                Plan::Line {
                                    kind: LineKind::Slide,
                                    ..
                                } => kinds.push(GeneratorKind::Slider),
                                Plan::Line {
                                    kind: LineKind::Cannon,
                                    ..
                                } => kinds.push(GeneratorKind::Cannon),
                                Plan::Line {
                                    kind: LineKind::Grasshopper,
                                    ..
                                } => kinds.push(GeneratorKind::Grasshopper),
                                Plan::Lame(_) => kinds.push(GeneratorKind::LameLeaper),
                                Plan::Ride { .. } => kinds.push(GeneratorKind::ObliqueRider),
                            }
                            if can_capture && !initial {
                                match p {
                                    Plan::Line {
                                        kind: LineKind::Slide,
                                        ..
                                    }
                                    | Plan::Ride { .. } => entry.info.slider = true,
                                    Plan::Line { .. } => entry.info.hopper = true,
                                    Plan::Lame(_) => entry.info.lame = true,
                                    Plan::Leap(_) => {}
                                }
                            }
                        }
                        if initial && can_capture {
                            entry.info.initial_captures = true;
                        }
                        let (q, c) = if initial {
                            (&mut init_q, &mut init_c)
                        } else {
                            (&mut quiet, &mut capture)
                        };
                        if can_move {
                            q.extend(plans.iter().cloned());
                        }
                        if can_capture {
                            c.extend(plans.iter().cloned());
                        }
                        if en_passant {
                            ep.extend(plans.iter().cloned());
                        }
                    }
                }
            }
            if !special.components.is_empty() {
                kinds.push(GeneratorKind::Walker);
            }
            let side = &mut entry.sides[color.index()];
            side.quiet = builder.gen(&quiet)?;
            side.capture = builder.gen(&capture)?;
            side.same = side.quiet == side.capture;
            side.initial_quiet = builder.gen(&init_q)?;
            side.initial_capture = builder.gen(&init_c)?;
            side.ep = builder.gen(&ep)?;
            side.attackers = builder.reverse_gen(&capture)?;
            builder.push_capture_rays(&capture)?;
            side.special = special;
        }
        kinds.sort_unstable();
        kinds.dedup();
        entry.info.generators = kinds;
        Ok(entry)
    }

    /// The board these tables are for.
    pub fn geometry(&self) -> &Geometry {
        &self.geo
    }

    /// Number of piece types.
    pub fn len(&self) -> usize {
        self.pieces.len()
    }

    /// True if there is no piece type.
    pub fn is_empty(&self) -> bool {
        self.pieces.is_empty()
    }

    /// Facts about a piece type (flags for pins, hoppers, special moves).
    pub fn info(&self, piece: PieceId) -> &PieceInfo {
        &self.pieces[piece as usize].info
    }

    #[inline(always)]
    fn side(&self, piece: PieceId, color: Color) -> &SideGens {
        &self.pieces[piece as usize].sides[color.index()]
    }

    /// The union of a generator's reach from `sq`.
    #[inline(always)]
    fn eval(&self, gen: &Gen, sq: Square, occ: B) -> B {
        let mut out = self.prim(gen.first, sq, occ);
        if gen.second != Prim::None {
            out |= self.prim(gen.second, sq, occ);
            for &prim in &gen.rest {
                out |= self.prim(prim, sq, occ);
            }
        }
        out
    }

    #[inline(always)]
    fn prim(&self, prim: Prim, sq: Square, occ: B) -> B {
        match prim {
            Prim::None => B::EMPTY,
            Prim::Leaper(base) => self.leapers[base as usize + sq.index()],
            Prim::Line(i) => self.lines[i as usize].attacks(sq, occ),
            Prim::MaskedLine { line, mask } => {
                self.lines[line as usize].attacks(sq, occ) & self.masks[mask as usize + sq.index()]
            }
            Prim::Lame(i) => self.lames[i as usize].attacks(sq, occ),
            Prim::Oblique(i) => self.obliques[i as usize].attacks(sq, occ),
            Prim::GrassReverse { dir, line, mask } => {
                let (dx, dy) = dir.delta();
                match self.geo.offset(sq, -dx, -dy) {
                    Some(hurdle) if occ.contains(hurdle) => {
                        self.lines[line as usize].attacks(hurdle, occ)
                            & self.masks[mask as usize + hurdle.index()]
                    }
                    _ => B::EMPTY,
                }
            }
        }
    }

    /// Empty squares a `piece` of `color` on `sq` may move to without capturing (fast
    /// components without `i`; masked with `!occ`).
    #[inline]
    pub fn quiets(&self, piece: PieceId, color: Color, sq: Square, occ: B) -> B {
        self.eval(&self.side(piece, color).quiet, sq, occ) & !occ
    }

    /// Occupied squares on which a `piece` of `color` on `sq` would capture (fast components
    /// without `i`; own pieces and walls included, so intersect with the enemy pieces).
    /// Cannons (`mRcpR`) capture by hopping, grasshoppers land behind the hurdle.
    #[inline]
    pub fn captures(&self, piece: PieceId, color: Color, sq: Square, occ: B) -> B {
        self.eval(&self.side(piece, color).capture, sq, occ) & occ
    }

    /// Every square a `piece` of `color` on `sq` could capture on with some occupancy (fast
    /// components without `i`; blockers ignored, hurdles assumed): a precomputed superset of
    /// [`PieceTables::threats`], for quick "can it ever attack that square" tests (pins,
    /// discovered checks).
    #[inline]
    pub fn capture_rays(&self, piece: PieceId, color: Color, sq: Square) -> B {
        let n = self.geo.num_squares();
        self.rays[(2 * piece as usize + color.index()) * n + sq.index()]
    }

    /// Every square on which a `piece` of `color` on `sq` would capture an enemy standing
    /// there, occupied or not (fast components without `i`): `threats & occ == captures`, and an
    /// empty square is in it exactly when an enemy put there could be captured. For king-move
    /// legality, pass the occupancy without the king that moves.
    #[inline]
    pub fn threats(&self, piece: PieceId, color: Color, sq: Square, occ: B) -> B {
        self.eval(&self.side(piece, color).capture, sq, occ)
    }

    /// `(quiets, captures)` in one call, with a single lookup for pieces whose quiet and
    /// capture moves are the same (`R`, `N`, `K`, ...).
    #[inline]
    pub fn targets(&self, piece: PieceId, color: Color, sq: Square, occ: B) -> (B, B) {
        let side = self.side(piece, color);
        if side.same {
            let reach = self.eval(&side.quiet, sq, occ);
            (reach & !occ, reach & occ)
        } else {
            (
                self.eval(&side.quiet, sq, occ) & !occ,
                self.eval(&side.capture, sq, occ) & occ,
            )
        }
    }

    /// Like [`PieceTables::quiets`] for the `i` components (add them when the piece may make
    /// its initial moves, see the module documentation).
    #[inline]
    pub fn initial_quiets(&self, piece: PieceId, color: Color, sq: Square, occ: B) -> B {
        let gen = &self.side(piece, color).initial_quiet;
        if gen.is_empty() {
            B::EMPTY
        } else {
            self.eval(gen, sq, occ) & !occ
        }
    }

    /// Like [`PieceTables::captures`] for the `i` components.
    #[inline]
    pub fn initial_captures(&self, piece: PieceId, color: Color, sq: Square, occ: B) -> B {
        let gen = &self.side(piece, color).initial_capture;
        if gen.is_empty() {
            B::EMPTY
        } else {
            self.eval(gen, sq, occ) & occ
        }
    }

    /// Empty squares where a fast `e` component of the piece could land: if the e.p. target
    /// square is among them, the piece may capture e.p. there (the caller checks the victim
    /// and removes it).
    #[inline]
    pub fn ep_targets(&self, piece: PieceId, color: Color, sq: Square, occ: B) -> B {
        let gen = &self.side(piece, color).ep;
        if gen.is_empty() {
            B::EMPTY
        } else {
            self.eval(gen, sq, occ) & !occ
        }
    }

    /// The squares from which a `piece` of `by_color` would capture on `target` with its fast
    /// non-initial components, whatever stands on those squares (intersect with the pieces of
    /// that type and side to find the actual attackers). `target` counts as occupied.
    #[inline]
    pub fn attackers_of_type(&self, piece: PieceId, by_color: Color, target: Square, occ: B) -> B {
        self.eval(
            &self.side(piece, by_color).attackers,
            target,
            occ.with(target),
        )
    }

    /// Appends to `out` the moves of the piece's walker components (see [`PieceInfo::special`];
    /// nothing for other pieces). Moves that a fast generator of the piece already gives (same
    /// from→to with at most a capture on `to`, including the `i` generators when
    /// [`BoardView::on_start`] holds) are left out, and moves with the same effect (destination,
    /// removed pieces, kind) are given once.
    pub fn special_moves<V: BoardView + ?Sized>(
        &self,
        piece: PieceId,
        color: Color,
        sq: Square,
        view: &V,
        out: &mut Vec<SpecialMove>,
    ) {
        let side = self.side(piece, color);
        if side.special.components.is_empty() {
            return;
        }
        let geo = &self.geo;
        let Some(board) = special::board_of(geo, view) else {
            return;
        };
        let ep = view.en_passant().map(|(target, victim)| betza::EnPassant {
            target: special::to_betza(geo, target),
            victim: special::to_betza(geo, victim),
        });
        let on_start = view.on_start(sq);
        let situation = betza::Situation {
            board: &board,
            color: betza_color(color),
            from: special::to_betza(geo, sq),
            en_passant: ep,
            on_start,
            one_step_from_start: view.one_step_from_start(sq),
        };
        let occ = geo
            .squares()
            .filter(|&s| view.cell(s) != Cell::Empty)
            .fold(B::EMPTY, |b, s| b.with(s));
        let (mut quiet, mut capture) = self.targets(piece, color, sq, occ);
        if on_start {
            quiet |= self.initial_quiets(piece, color, sq, occ);
            capture |= self.initial_captures(piece, color, sq, occ);
        }
        let start = out.len();
        for m in betza::moves(&side.special, &situation) {
            let Some(m) = special::translate(geo, &m) else {
                continue;
            };
            if m.is_plain() && m.to != sq {
                let fast = if m.kind == SpecialKind::Quiet {
                    quiet
                } else {
                    capture
                };
                if fast.contains(m.to) {
                    continue;
                }
            }
            let effect = m.effect();
            if out[start..].iter().any(|o| o.effect() == effect) {
                continue;
            }
            out.push(m);
        }
    }
}
