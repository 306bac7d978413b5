//! Setting up a game for any variant: picks the bitboard width (the one dispatch at the top),
//! builds the tables, reads the FEN and plays moves given as text.

use crate::board::bitboard::{Bb256, Bitboard};
use crate::board::fen::FenError;
use crate::board::geometry::Width;
use crate::board::moves::Move;
use crate::board::perft;
use crate::board::position::{AnyPosition, Position, TableError, Tables};
use crate::board::{MoveDialect, MoveError};
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

/// The tables of one variant at its width, built once and shared by every position of it.
#[derive(Debug, Clone)]
pub enum AnyTables {
    /// Up to 64 squares.
    W64(Arc<Tables<u64>>),
    /// Up to 128 squares.
    W128(Arc<Tables<u128>>),
    /// Up to 256 squares.
    W256(Arc<Tables<Bb256>>),
}

fn compile<B: Bitboard>(v: &Variant) -> Result<Arc<Tables<B>>, SetupError> {
    let t = Tables::<B>::new(v).map_err(|problem| SetupError::Tables {
        variant: v.name.clone(),
        problem,
    })?;
    Ok(Arc::new(t))
}

fn set_up<B: Bitboard>(
    t: &Arc<Tables<B>>,
    fen: Option<&str>,
    chess960: bool,
) -> Result<Position<B>, FenError> {
    match fen {
        Some(f) => Position::from_fen(Arc::clone(t), f, chess960),
        None => Position::startpos(Arc::clone(t), chess960),
    }
}

impl AnyTables {
    /// The tables of `v` on the narrowest bitboard that fits it: the one width switch.
    pub fn new(v: &Variant) -> Result<Self, SetupError> {
        Ok(match AnyPosition::width_for(v) {
            Width::W64 => AnyTables::W64(compile(v)?),
            Width::W128 => AnyTables::W128(compile(v)?),
            Width::W256 => AnyTables::W256(compile(v)?),
        })
    }

    /// The position `fen` (the start position when `None`) on these tables.
    pub fn position(&self, fen: Option<&str>, chess960: bool) -> Result<AnyPosition, FenError> {
        Ok(match self {
            AnyTables::W64(t) => AnyPosition::W64(set_up(t, fen, chess960)?),
            AnyTables::W128(t) => AnyPosition::W128(set_up(t, fen, chess960)?),
            AnyTables::W256(t) => AnyPosition::W256(set_up(t, fen, chess960)?),
        })
    }
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
        Ok(AnyTables::new(variant)?.position(fen, chess960)?)
    }

    /// Plays `moves`, in the text of `dialect` (and in SAN too when `san`: a PGN's moves), up
    /// to the first that is not legal, whose error is returned: the position is then the one
    /// that move was tried in. The one implementation of a move list behind a position (the
    /// engine's `position` command in every protocol, the script commands, perft).
    pub fn play_moves(
        &mut self,
        moves: &[String],
        dialect: MoveDialect,
        san: bool,
    ) -> Result<(), MoveError> {
        for text in moves {
            crate::with_position!(self, p => {
                let m = match p.parse_move_text(text, dialect) {
                    Ok(m) => m,
                    Err(e) if san => p.parse_san_move(text).ok_or(e)?,
                    Err(e) => return Err(e),
                };
                p.make_move(m);
            });
        }
        Ok(())
    }

    /// Plays moves given in UCI text ([`AnyPosition::play_moves`]).
    pub fn play_uci(&mut self, moves: &[String]) -> Result<(), SetupError> {
        Ok(self.play_moves(moves, MoveDialect::Uci, false)?)
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
