//! Positions for the script commands (`status`, `analyse`): positions set up from FEN plus
//! UCI or SAN moves on the variant's tables (built once), game-over detection and SAN text.
//!
//! Game-over detection is the board layer's [`Position::result`]
//! ([`crate::board::rules`]): every rule Fairy-Stockfish applies when a game ends, with the
//! repetitions counted among the positions reached by `--moves` (a FEN carries no history).

use crate::board::bitboard::Bitboard;
use crate::board::position::{AnyPosition, Position};
use crate::board::{AnyTables, MoveDialect, MoveList, SetupError};
use crate::color::Color;
use serde::Serialize;

/// A position set up for a script command.
#[derive(Debug, Clone)]
pub struct GamePosition {
    /// The position.
    pub pos: AnyPosition,
}

/// The position `fen` (the start position when `None`) after `moves` (UCI text or SAN).
pub fn set_up(
    tables: &AnyTables,
    fen: Option<&str>,
    moves: &[String],
    chess960: bool,
) -> Result<GamePosition, SetupError> {
    let mut pos = tables.position(fen, chess960)?;
    pos.play_moves(moves, MoveDialect::Uci, true)?;
    Ok(GamePosition { pos })
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
