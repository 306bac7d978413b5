//! The rule layer above move generation: what may be captured ([`capture_targets`]), capture
//! side effects ([`blast`], [`burn`]), move obligations ([`obligations`]), and how games end ([`end`]: [`Position::result`] and the immediate
//! game ends that stop move generation).
//!
//! Results are Fairy-Stockfish's (`is_immediate_game_end`, `is_optional_game_end`,
//! `checkmate_value`, `stalemate_value`), read from the variant's data; where this engine
//! differs on purpose, `variants/README.md` says so.

pub mod bare_king;
pub mod blast;
pub mod burn;
pub mod capture_targets;
pub mod chase;
pub mod connect;
pub mod counting;
pub mod enclosing;
pub mod end;
pub mod insufficient;
pub mod obligations;
pub mod repetition;

use crate::color::Color;
use crate::variant::GameValue;

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// No legal move while in check (the variant's `checkmateValue`).
    Checkmate,
    /// No legal move and not in check (`stalemateValue`, `stalematePieceCount`).
    Stalemate,
    /// A side ran out of pieces of an extinction type (`extinctionValue`).
    Extinction,
    /// A bare king (extinction of every piece type but one piece, as in shatranj).
    BareKing,
    /// A flag piece reached its region (`flagPiece`, `flagRegion`).
    Flag,
    /// The last of the needed checks was given (`checkCounting`).
    NCheck,
    /// Castling was played or became impossible (`castlingWins`).
    Castling,
    /// Pieces were connected (`connectN` and friends).
    Connect,
    /// Kings facing each other twice in a row (janggi `bikjangRule`), a double pass, or a
    /// full board.
    Bikjang,
    /// Both sides passed in a row.
    Pass,
    /// The board is full (`adjudicateFullBoard`).
    FullBoard,
    /// The n-move rule (`nMoveRule`).
    MoveRule,
    /// The position repeated (`nFoldRule`, `nFoldValue`).
    Repetition,
    /// A repetition where one side checked on every move (`perpetualCheckIllegal`).
    PerpetualCheck,
    /// A repetition where one side chased a piece on every move (`chasingRule`).
    Chase,
    /// A piece moved back and forth once too often (janggi `moveRepetitionIllegal`).
    MoveRepetition,
    /// The SE-Asian counting rule ran out (`countingRule`).
    Counting,
    /// Sittuyin: only a promotion move is left to a lone pawn.
    SittuyinPromotion,
}

impl EndReason {
    /// The reason as printed by `dabbaba status` (`checkmate`, `n-check`, ...).
    pub fn as_str(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::Extinction => "extinction",
            EndReason::BareKing => "bare king",
            EndReason::Flag => "flag",
            EndReason::NCheck => "n-check",
            EndReason::Castling => "castling",
            EndReason::Connect => "connect",
            EndReason::Bikjang => "bikjang",
            EndReason::Pass => "double pass",
            EndReason::FullBoard => "full board",
            EndReason::MoveRule => "n-move rule",
            EndReason::Repetition => "repetition",
            EndReason::PerpetualCheck => "perpetual check",
            EndReason::Chase => "perpetual chase",
            EndReason::MoveRepetition => "move repetition",
            EndReason::Counting => "counting rule",
            EndReason::SittuyinPromotion => "sittuyin promotion",
        }
    }
}

impl std::fmt::Display for EndReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A finished game: the result from the side to move's view, and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    /// Win, loss or draw for the side to move.
    pub value: GameValue,
    /// Why the game ended.
    pub reason: EndReason,
    /// The side to move (0 White, 1 Black), to turn the value into a PGN result.
    pub side_to_move: Color,
}

impl Outcome {
    /// The result as PGN text: `1-0`, `0-1` or `1/2-1/2`.
    pub fn pgn(&self) -> &'static str {
        match (self.value, self.side_to_move) {
            (GameValue::Draw, _) => "1/2-1/2",
            (GameValue::Win, Color::White) | (GameValue::Loss, Color::Black) => "1-0",
            _ => "0-1",
        }
    }

    /// The winner (0 White, 1 Black), `None` for a draw.
    pub fn winner(&self) -> Option<Color> {
        match self.value {
            GameValue::Draw => None,
            GameValue::Win => Some(self.side_to_move),
            GameValue::Loss => Some(!self.side_to_move),
        }
    }
}

/// The other side's view of a game value.
pub fn negate(v: GameValue) -> GameValue {
    match v {
        GameValue::Win => GameValue::Loss,
        GameValue::Loss => GameValue::Win,
        GameValue::Draw => GameValue::Draw,
    }
}

impl crate::board::position::AnyPosition {
    /// Whether the game is over here (see [`crate::board::Position::result`]).
    pub fn result(&self) -> Option<Outcome> {
        crate::with_position!(self, p => p.result())
    }
}
