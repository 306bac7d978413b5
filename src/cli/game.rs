//! Positions for the script commands (`status`, `analyse`): the variant's tables built once,
//! positions set up from FEN plus UCI moves with their key history, game-over detection and
//! SAN text.
//!
//! Game-over detection is the board layer's [`Position::result`]
//! ([`crate::board::rules`]): every rule Fairy-Stockfish applies when a game ends, with the
//! repetitions counted among the positions reached by `--moves` (a FEN carries no history).

use crate::color::Color;
use std::sync::Arc;

use serde::Serialize;

use crate::board::bitboard::{Bb256, Bitboard};
use crate::board::geometry::Width;
use crate::board::position::{AnyPosition, Position, Tables};
use crate::board::{MoveList, SetupError};
use crate::variant::Variant;

/// The tables of one variant at its width, built once and shared by every position.
#[derive(Debug, Clone)]
pub enum VariantTables {
    /// Up to 64 squares.
    W64(Arc<Tables<u64>>),
    /// Up to 128 squares.
    W128(Arc<Tables<u128>>),
    /// Up to 256 squares.
    W256(Arc<Tables<Bb256>>),
}

/// A position with the keys of the positions before it (for repetitions).
#[derive(Debug, Clone)]
pub struct GamePosition {
    /// The position.
    pub pos: AnyPosition,
    /// Keys of the earlier positions, oldest first.
    pub history: Vec<u64>,
}

fn tables_err(v: &Variant) -> impl Fn(crate::board::TableError) -> SetupError + '_ {
    move |source| SetupError::Tables {
        variant: v.name.clone(),
        problem: source,
    }
}

impl VariantTables {
    /// Builds the tables of `v`.
    pub fn new(v: &Variant) -> Result<VariantTables, SetupError> {
        Ok(match AnyPosition::width_for(v) {
            Width::W64 => VariantTables::W64(Arc::new(Tables::new(v).map_err(tables_err(v))?)),
            Width::W128 => VariantTables::W128(Arc::new(Tables::new(v).map_err(tables_err(v))?)),
            Width::W256 => VariantTables::W256(Arc::new(Tables::new(v).map_err(tables_err(v))?)),
        })
    }

    /// The position `fen` (the start position when `None`) after `moves` (UCI text or SAN).
    pub fn position(
        &self,
        fen: Option<&str>,
        moves: &[String],
        chess960: bool,
    ) -> Result<GamePosition, SetupError> {
        fn one<B: Bitboard>(
            t: &Arc<Tables<B>>,
            fen: Option<&str>,
            chess960: bool,
        ) -> Result<Position<B>, SetupError> {
            Ok(match fen {
                Some(f) => Position::from_fen(Arc::clone(t), f, chess960)?,
                None => Position::startpos(Arc::clone(t), chess960)?,
            })
        }
        let mut pos = match self {
            VariantTables::W64(t) => AnyPosition::W64(one(t, fen, chess960)?),
            VariantTables::W128(t) => AnyPosition::W128(one(t, fen, chess960)?),
            VariantTables::W256(t) => AnyPosition::W256(one(t, fen, chess960)?),
        };
        let mut history = Vec::with_capacity(moves.len());
        for text in moves {
            crate::with_position!(&mut pos, p => {
                // UCI text, or SAN (a PGN's moves); an error names the UCI reading.
                let m = match p.parse_uci_move(text) {
                    Ok(m) => m,
                    Err(e) => p.parse_san_move(text).ok_or(e)?,
                };
                history.push(p.key());
                p.make_move(m);
            });
        }
        Ok(GamePosition { pos, history })
    }
}

/// Whether the game is over, and why (see the module documentation for what is detected).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Status {
    /// The game has ended.
    pub over: bool,
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on (`null` in JSON).
    #[serde(serialize_with = "result_or_null")]
    pub result: &'static str,
    /// `checkmate`, `stalemate`, `n-check`, `flag`, `repetition`, ... (see
    /// [`crate::board::rules::EndReason`]); `null` while the game goes on.
    pub reason: Option<&'static str>,
    /// `white` or `black`.
    pub side_to_move: &'static str,
    /// The side to move's royal piece is attacked.
    pub in_check: bool,
    /// Number of legal moves.
    pub legal_moves: usize,
    /// The position as FEN.
    pub fen: String,
}

/// `"*"` (game not over) as JSON `null`.
fn result_or_null<S: serde::Serializer>(r: &&'static str, s: S) -> Result<S::Ok, S::Error> {
    if *r == "*" {
        s.serialize_none()
    } else {
        s.serialize_str(r)
    }
}

fn status_of<B: Bitboard>(p: &Position<B>) -> Status {
    let stm = p.side_to_move();
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    let outcome = p.result();
    Status {
        over: outcome.is_some(),
        result: outcome.map_or("*", |o| o.pgn()),
        reason: outcome.map(|o| o.reason.as_str()),
        side_to_move: if stm == Color::White {
            "white"
        } else {
            "black"
        },
        in_check: p.in_check_for_mate(),
        legal_moves: list.len(),
        fen: p.fen(),
    }
}

impl GamePosition {
    /// Whether the game is over here.
    pub fn status(&self) -> Status {
        crate::with_position!(&self.pos, p => status_of(p))
    }

    /// The legal moves in UCI text.
    pub fn legal_move_texts(&self) -> Vec<String> {
        crate::with_position!(&self.pos, p => {
            let mut list = MoveList::new();
            p.legal_moves(&mut list);
            list.iter().map(|&m| p.move_to_uci(m)).collect()
        })
    }

    /// SAN of a line of UCI moves from this position; `None` when a move is not legal or has
    /// no SAN form (see [`crate::board::san`]).
    pub fn san_line(&self, uci: &[String]) -> Option<Vec<String>> {
        crate::with_position!(&self.pos, p => {
            let mut q = p.clone();
            let mut out = Vec::with_capacity(uci.len());
            for text in uci {
                let m = q.parse_uci_move(text).ok()?;
                out.push(q.move_to_san(m)?);
                q.make_move(m);
            }
            Some(out)
        })
    }

    /// The UCI text of a move given in SAN or UCI (EPD `bm`/`am` operands are SAN).
    pub fn move_from_text(&self, text: &str) -> Option<String> {
        crate::with_position!(&self.pos, p => {
            if let Ok(m) = p.parse_uci_move(text) {
                return Some(p.move_to_uci(m));
            }
            p.parse_san_move(text).map(|m| p.move_to_uci(m))
        })
    }
}
