//! Line pieces on king lines: sliders (`R`, `B`, `Q`, limited `R3`, ...), cannons (`p`) and
//! grasshoppers (`g`). One public type, [`LineAttacks`], with the lookup method chosen per
//! board width (see [`LineMethod`]).

use super::indexed::{IndexMode, IndexedTable};
use super::rays::RayScan;
use super::{check_width, AttackError, Directions};
use crate::board::bitboard::{Bitboard, HARDWARE_PEXT};
use crate::board::geometry::{Geometry, Square, Width};

/// How a line piece moves along each of its directions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LineKind {
    /// Every empty square up to the first occupied one, which is included (a rider).
    Slide,
    /// Cannon (`p`): nothing before the first occupied square (the hurdle); beyond it, every
    /// square up to and including the next occupied one. The caller keeps the empty squares
    /// for quiet moves (`mp`) and the occupied one for captures (`cp`).
    Cannon,
    /// Grasshopper (`g`): only the square just beyond the first hurdle, empty or not.
    Grasshopper,
}

/// A line piece: its directions, how it moves, and an optional range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LineSpec {
    /// Directions it moves in.
    pub dirs: Directions,
    /// Slider, cannon or grasshopper.
    pub kind: LineKind,
    /// Largest distance from the start square to a target, in steps (`None`: no limit).
    /// For hoppers it counts the whole move, hurdle included.
    pub range: Option<u8>,
}

impl LineSpec {
    /// An unlimited slider.
    pub const fn slider(dirs: Directions) -> Self {
        LineSpec {
            dirs,
            kind: LineKind::Slide,
            range: None,
        }
    }
    /// A rook.
    pub const ROOK: LineSpec = LineSpec::slider(Directions::ORTHOGONAL);
    /// A bishop.
    pub const BISHOP: LineSpec = LineSpec::slider(Directions::DIAGONAL);
    /// A queen.
    pub const QUEEN: LineSpec = LineSpec::slider(Directions::ALL);
    /// The xiangqi/janggi-style orthogonal cannon movement (`pR`, all of it).
    pub const CANNON: LineSpec = LineSpec {
        dirs: Directions::ORTHOGONAL,
        kind: LineKind::Cannon,
        range: None,
    };
    /// The grasshopper (`gQ`).
    pub const GRASSHOPPER: LineSpec = LineSpec {
        dirs: Directions::ALL,
        kind: LineKind::Grasshopper,
        range: None,
    };
}

/// How a [`LineAttacks`] table finds the attacked set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LineMethod {
    /// Fancy magic bitboards: `(occ & mask) * magic >> shift` indexes a table of sets (on
    /// wider bitboards each 64-bit word has its own factor and the products are xored).
    /// `per_line: false` uses one lookup for the orthogonal and one for the diagonal
    /// directions; `per_line: true` one per line (rank, file, each diagonal), which keeps
    /// tables small on large boards.
    Magic {
        /// One table per line instead of one per orthogonal/diagonal group.
        per_line: bool,
    },
    /// Like `Magic`, but the index is a parallel bit extract (BMI2 `pext`). Only offered
    /// when the binary is compiled with BMI2 (`-C target-cpu=native` or `x86-64-v3`) and
    /// the CPU has it; without the instruction the software extract is far slower.
    Pext {
        /// As for `Magic`.
        per_line: bool,
    },
    /// Ray scan: per direction the precomputed ray and one bit scan for the first blocker.
    Rays,
}

impl LineMethod {
    /// The method measured fastest for a piece on a board, among those that build quickly
    /// (`docs/performance.md`, "Attack tables"): on `u64` boards one lookup per
    /// orthogonal/diagonal group for sliders whose magics are shipped (8x8) or found fast
    /// (boards up to 7x7, short ranges), one lookup per line otherwise (hopper magics
    /// need long searches grouped, and per-line lookups cost about 1 ns more); per line on
    /// `u128`; ray scan on 256-bit boards. PEXT replaces magic where available.
    pub fn fastest(geo: &Geometry, spec: &LineSpec) -> LineMethod {
        let pext = pext_available();
        let quick_grouped = spec.kind == LineKind::Slide
            && ((geo.files(), geo.ranks()) == (8, 8) && spec.range.is_none()
                || geo.num_squares() <= 49
                || spec.range.is_some_and(|r| r <= 3));
        match geo.width() {
            Width::W64 if pext => LineMethod::Pext { per_line: false },
            Width::W64 => LineMethod::Magic {
                per_line: !quick_grouped,
            },
            Width::W128 if pext => LineMethod::Pext { per_line: true },
            Width::W128 => LineMethod::Magic { per_line: true },
            Width::W256 => LineMethod::Rays,
        }
    }
}

/// True when the binary uses hardware `pext` and the CPU has it.
pub fn pext_available() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        HARDWARE_PEXT && std::arch::is_x86_feature_detected!("bmi2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Largest table a line piece may use, in bytes (an error otherwise, so a board and
/// method that would need hundreds of megabytes is refused instead of exhausting memory).
pub const MAX_TABLE_BYTES: usize = 64 << 20;

#[derive(Debug, Clone)]
enum Lookup<B> {
    Indexed(IndexedTable<B>),
    Rays(RayScan<B>),
}

/// Attack table of one line piece on one board.
#[derive(Debug, Clone)]
pub struct LineAttacks<B> {
    method: LineMethod,
    lookup: Lookup<B>,
}

impl<B: Bitboard> LineAttacks<B> {
    /// Builds the table with the fastest method for the board.
    pub fn new(geo: &Geometry, spec: &LineSpec) -> Result<Self, AttackError> {
        Self::with_method(geo, spec, LineMethod::fastest(geo, spec))
    }

    /// Builds the table with a given method (for benchmarks and tests).
    pub fn with_method(
        geo: &Geometry,
        spec: &LineSpec,
        method: LineMethod,
    ) -> Result<Self, AttackError> {
        check_width::<B>(geo)?;
        if spec.dirs.is_empty() {
            return Err(AttackError::NoDirection);
        }
        if spec.range == Some(0) {
            return Err(AttackError::ZeroRange);
        }
        let unavailable = || AttackError::MethodUnavailable {
            method,
            bits: B::BITS,
            squares: geo.num_squares(),
        };
        let lookup = match method {
            LineMethod::Rays => Lookup::Rays(RayScan::new(geo, spec)),
            LineMethod::Magic { per_line } => Lookup::Indexed(
                IndexedTable::new(geo, spec, IndexMode::Magic, per_line, MAX_TABLE_BYTES)
                    .ok_or_else(unavailable)?,
            ),
            LineMethod::Pext { per_line } => {
                if !pext_available() {
                    return Err(unavailable());
                }
                Lookup::Indexed(
                    IndexedTable::new(geo, spec, IndexMode::Pext, per_line, MAX_TABLE_BYTES)
                        .ok_or_else(unavailable)?,
                )
            }
        };
        Ok(LineAttacks { method, lookup })
    }

    /// The method this table uses.
    pub fn method(&self) -> LineMethod {
        self.method
    }

    /// For magic tables: word 0 of the magic factor and the index bits of the first lookup
    /// of `sq` (used to generate the shipped 8x8 magics).
    pub fn magic_of(&self, sq: Square) -> Option<(u64, u32)> {
        match &self.lookup {
            Lookup::Indexed(t) => t.first_magic(sq),
            Lookup::Rays(_) => None,
        }
    }

    /// Memory used by the lookup tables, in bytes.
    pub fn table_bytes(&self) -> usize {
        match &self.lookup {
            Lookup::Indexed(t) => t.table_bytes(),
            Lookup::Rays(_) => 0,
        }
    }

    /// Squares reached from `sq` with occupancy `occ` (see [`LineKind`] for what each kind
    /// returns). Own pieces are included; the caller masks them.
    #[inline(always)]
    pub fn attacks(&self, sq: Square, occ: B) -> B {
        match &self.lookup {
            Lookup::Indexed(t) => t.attacks(sq, occ),
            Lookup::Rays(r) => r.attacks(sq, occ),
        }
    }
}
