//! Setting up a game for any variant: picks the bitboard width (the one dispatch at the top),
//! builds the tables, reads the FEN and plays moves given as text.

use crate::board::bitboard::{Bb256, Bitboard};
use crate::board::fen::FenError;
use crate::board::geometry::Width;
use crate::board::moves::Move;
use crate::board::perft;
use crate::board::position::{AnyPosition, Position, TableError, Tables};
use crate::board::MoveError;
use crate::variant::Variant;
use std::sync::Arc;
use thiserror::Error;

/// Why a game could not be set up.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupError {
    /// The variant's pieces or board could not be compiled.
    #[error("variant {variant}: {problem}")]
    Tables {
        /// Variant name.
        variant: String,
        /// The problem.
        problem: TableError,
    },
    /// A bad FEN (the message is complete, so it is not chained as a source).
    #[error("bad FEN: {0}")]
    Fen(FenError),
    /// A move that is not legal.
    #[error("{0}")]
    Move(MoveError),
}

impl From<FenError> for SetupError {
    fn from(e: FenError) -> Self {
        SetupError::Fen(e)
    }
}

impl From<MoveError> for SetupError {
    fn from(e: MoveError) -> Self {
        SetupError::Move(e)
    }
}

/// A position of any width.
pub type Game = AnyPosition;

fn build<B: Bitboard>(
    v: &Variant,
    fen: Option<&str>,
    chess960: bool,
) -> Result<Position<B>, SetupError> {
    let t = Arc::new(Tables::<B>::new(v).map_err(|problem| SetupError::Tables {
        variant: v.name.clone(),
        problem,
    })?);
    Ok(match fen {
        Some(f) => Position::from_fen(t, f, chess960)?,
        None => Position::startpos(t, chess960)?,
    })
}

/// Whether the board layer plays `variant`: its pieces compile and its start position sets
/// up; if so, the keys of the rules it reads but does not play yet
/// ([`super::unenforced::unenforced_keys`]). The check a [`crate::variant::VariantSet`] runs
/// on every variant a file defines ([`crate::variant::VariantSet::check_playable_with`]).
pub fn playable(variant: &Variant) -> Result<Vec<&'static str>, String> {
    match AnyPosition::new(variant, None, false) {
        Ok(_) => Ok(super::unenforced::unenforced_keys(variant)),
        Err(SetupError::Tables { problem, .. }) => Err(problem.to_string()),
        Err(e) => Err(e.to_string()),
    }
}

impl AnyPosition {
    /// The position `fen` (or the start position) of `variant`, on the narrowest bitboard.
    pub fn new(variant: &Variant, fen: Option<&str>, chess960: bool) -> Result<Self, SetupError> {
        Ok(match AnyPosition::width_for(variant) {
            Width::W64 => AnyPosition::W64(build::<u64>(variant, fen, chess960)?),
            Width::W128 => AnyPosition::W128(build::<u128>(variant, fen, chess960)?),
            Width::W256 => AnyPosition::W256(build::<Bb256>(variant, fen, chess960)?),
        })
    }

    /// Plays moves given in UCI text.
    pub fn play_uci(&mut self, moves: &[String]) -> Result<(), SetupError> {
        for text in moves {
            crate::with_position!(self, p => {
                let m = p.parse_uci_move(text)?;
                p.make_move(m);
            });
        }
        Ok(())
    }

    /// The FEN.
    pub fn fen(&self) -> String {
        crate::with_position!(self, p => p.fen())
    }

    /// Legal moves as UCI text, in generation order.
    pub fn legal_moves_uci(&self) -> Vec<String> {
        crate::with_position!(self, p => {
            let mut l = crate::board::MoveList::new();
            p.legal_moves(&mut l);
            l.iter().map(|&m| p.move_to_uci(m)).collect()
        })
    }

    /// Perft with a per-root-move breakdown: (move text, leaves).
    pub fn divide(&self, depth: u32, threads: usize) -> Vec<(String, u64)> {
        crate::with_position!(self, p => {
            let d: Vec<(Move, u64)> = perft::divide_parallel(p, depth, threads);
            d.into_iter().map(|(m, n)| (p.move_to_uci(m), n)).collect()
        })
    }

    /// Perft total.
    pub fn perft(&self, depth: u32, threads: usize) -> u64 {
        if depth == 0 {
            return 1;
        }
        if threads > 1 {
            return self.divide(depth, threads).iter().map(|x| x.1).sum();
        }
        crate::with_position!(self, p => {
            let mut q = p.clone();
            perft::perft(&mut q, depth)
        })
    }
}
