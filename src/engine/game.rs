//! Game-level calls on the facade for protocols that keep a game (CECP): play and take back
//! single moves, describe the legal moves (for move-text matching and square highlighting),
//! and tell whether the game is over by a rule that exists in the board layer.
//!
//! None of these stop a running search: a search works on its own copy of the position, and
//! the caller decides whether its result still matters.

use super::{Engine, EngineError};
use crate::board::bitboard::Bitboard;
use crate::board::position::{color_of, type_of, Position, EMPTY, WALL};
use crate::board::rules::{EndReason, Outcome};
use crate::board::{Move, MoveDialect, MoveKind, MoveList};
use crate::color::Color;
use crate::search::support::captured_type;

/// A square as (file, rank), both 0-based from White's lower left corner.
pub type Coord = (u8, u8);

/// One legal move, described for a protocol adapter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveDetail {
    /// The move (what [`Engine::play_move`] takes).
    pub mv: Move,
    /// The move in the engine's dialect ([`Engine::move_text`]).
    pub text: String,
    /// Where the moving piece starts (`None` for drops).
    pub from: Option<Coord>,
    /// Where the moving piece ends (the king's destination for castling).
    pub to: Coord,
    /// For castling: the square of the rook-like partner (king-takes-rook notation).
    pub rook: Option<Coord>,
    /// Whether the move captures.
    pub capture: bool,
    /// The captured piece's square when it differs from `to` (en passant, the kill square of
    /// a multi-leg move).
    pub victim: Option<Coord>,
    /// For a multi-leg move: the square between its two legs (the kill square, or the
    /// square a null move passes), as the GUI writes it (`d4e5,e5d6`).
    pub via: Option<Coord>,
    /// Upper-case letter of the piece a pawn promotes to, or of the piece gated in (S-chess).
    pub promotion: Option<char>,
    /// Shogi-style promotion of the moving piece (`+` suffix).
    pub piece_promotion: bool,
    /// Upper-case letter of a dropped piece.
    pub drop: Option<char>,
    /// A pass, or a piece's step out through an empty square and back (`@@@@` in CECP).
    pub pass: bool,
    /// Upper-case letter of the moving (or dropped) piece.
    pub piece: char,
    /// The square a walling move puts its wall (or the duck) on.
    pub wall: Option<Coord>,
}

/// Who won a finished game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameResult {
    /// 1-0.
    WhiteWins,
    /// 0-1.
    BlackWins,
    /// 1/2-1/2.
    Draw,
}

/// A game that has ended by rule, with a short reason (`White mates`, `Stalemate`, ...).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameOver {
    /// The result.
    pub result: GameResult,
    /// Why, in words a GUI can show.
    pub reason: String,
    /// The rule that ended the game (a protocol may treat some rules specially).
    pub rule: EndReason,
}

fn details<B: Bitboard>(p: &Position<B>, dialect: MoveDialect) -> Vec<MoveDetail> {
    let t = p.tables();
    let v = p.variant();
    let geo = t.geo;
    let coord = |sq| (geo.file_of(sq), geo.rank_of(sq));
    let letter = |ty: u8| {
        v.pieces
            .get(ty as usize)
            .map(|pt| pt.letter.to_ascii_uppercase())
            .unwrap_or('?')
    };
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    let mut out = Vec::with_capacity(list.len());
    for &m in &list {
        let kind = m.kind();
        let text = p.move_text(m, dialect);
        let pass = kind == MoveKind::Special && m.from() == m.to();
        let (from, drop, piece) = if kind.is_drop_like() {
            (None, Some(letter(m.piece())), letter(m.piece()))
        } else {
            let pc = p.piece_on(m.from());
            let ty = if pc == EMPTY || pc == WALL {
                0
            } else {
                type_of(pc)
            };
            (Some(coord(m.from())), None, letter(ty))
        };
        let (to, rook) = if kind == MoveKind::Castling {
            let c = &v.castling;
            let kingside = m.to() > m.from();
            let f = if kingside {
                c.kingside_file
            } else {
                c.queenside_file
            };
            ((f, geo.rank_of(m.from())), Some(coord(m.to())))
        } else {
            (coord(m.to()), None)
        };
        let capture = captured_type(p, m).is_some() || p.kills(m);
        let via = kind.is_multi_leg().then(|| coord(m.kill_square()));
        let victim = if p.kills(m) {
            via
        } else if kind == MoveKind::EnPassant {
            let us = p.side_to_move();
            // The captured pawn stands behind the e.p. square, seen from the mover.
            let them = p.pieces(!us);
            let (f, r) = coord(m.to());
            let behind = if us == Color::White {
                r.checked_sub(1)
            } else {
                Some(r + 1)
            };
            behind
                .and_then(|r| geo.square(f, r))
                .filter(|&sq| them.contains(sq) && color_of(p.piece_on(sq)) != us)
                .map(coord)
        } else {
            None
        };
        out.push(MoveDetail {
            mv: m,
            text,
            from: if pass { None } else { from },
            to,
            rook,
            capture,
            victim,
            via,
            // A gated S-chess piece is named like a promotion (`e1g1h`), as XBoard sends it.
            promotion: (kind == MoveKind::Promotion || m.is_gating()).then(|| letter(m.piece())),
            piece_promotion: kind == MoveKind::PiecePromotion,
            drop,
            // A lion's pass too: CECP engines (HaChu) read and write it as `@@@@`.
            pass: p.passes(m),
            piece,
            wall: m.wall_square().map(coord),
        });
    }
    out
}

/// Words a GUI shows for a finished game (`White mates`, `Stalemate`, `Draw by repetition`,
/// `Black wins by n-check`).
fn describe(o: &Outcome) -> GameOver {
    let result = match o.winner() {
        None => GameResult::Draw,
        Some(Color::White) => GameResult::WhiteWins,
        Some(_) => GameResult::BlackWins,
    };
    let side = |r: GameResult| {
        if r == GameResult::WhiteWins {
            "White"
        } else {
            "Black"
        }
    };
    let reason = match (o.reason, result) {
        (EndReason::Checkmate, GameResult::Draw) => "Draw by checkmate rule".to_string(),
        (EndReason::Checkmate, r) => format!("{} mates", side(r)),
        (EndReason::Stalemate, GameResult::Draw) => "Stalemate".to_string(),
        (reason, GameResult::Draw) => format!("Draw by {reason}"),
        (reason, r) => format!("{} wins by {reason}", side(r)),
    };
    GameOver {
        result,
        reason,
        rule: o.reason,
    }
}

impl Engine {
    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        crate::with_position!(&self.game, p => p.side_to_move())
    }

    /// Number of moves that [`Engine::undo_move`] can take back.
    pub fn moves_played(&self) -> usize {
        crate::with_position!(&self.game, p => p.history_len())
    }

    /// Plays `m`, a legal move of the current position ([`Engine::parse_move`],
    /// [`Engine::legal_move_details`]); a move that is not legal here is refused.
    pub fn play_move(&mut self, m: Move) -> Result<(), EngineError> {
        if let Some(reason) = &self.refused {
            return Err(EngineError::NoPosition(reason.clone()));
        }
        crate::with_position!(&mut self.game, p => {
            let mut legal = MoveList::new();
            p.legal_moves(&mut legal);
            if !legal.iter().any(|&x| x == m) {
                // Not a move of this position: its text could name pieces the variant lacks.
                return Err(EngineError::IllegalMove {
                    mv: format!("{m:?}"),
                    fen: p.fen(),
                });
            }
            p.make_move(m);
        });
        Ok(())
    }

    /// Takes back the last move played since the last [`Engine::set_position`]; false if
    /// there is none (or no position is set: [`Engine::position_refused`]).
    pub fn undo_move(&mut self) -> bool {
        if self.refused.is_some() {
            return false;
        }
        crate::with_position!(&mut self.game, p => {
            if p.history_len() == 0 {
                return false;
            }
            let m = p.state().last_move;
            p.unmake_move(m);
        });
        true
    }

    /// The legal moves of the current position, described.
    pub fn legal_move_details(&self) -> Vec<MoveDetail> {
        crate::with_position!(&self.game, p => details(p, self.dialect))
    }

    /// Whether the game is over, by any rule of the variant the board layer knows
    /// ([`crate::board::rules`]: checkmate and stalemate values, extinction, flags, n-check,
    /// castling wins, bikjang, n-move rule, n-fold repetition with perpetual check, counting).
    pub fn game_over(&self) -> Option<GameOver> {
        crate::with_position!(&self.game, p => p.result().map(|o| describe(&o)))
    }

    /// Whether the side to move is in check (its royal piece attacked, by the variant's
    /// checking rules).
    pub fn in_check(&self) -> bool {
        crate::with_position!(&self.game, p => p.in_check_for_mate())
    }

    /// The piece on a square as its FEN letter (upper case White), `None` if empty.
    pub fn piece_at(&self, sq: Coord) -> Option<char> {
        crate::with_position!(&self.game, p => {
            let geo = p.tables().geo;
            let s = geo.square(sq.0, sq.1)?;
            let pc = p.piece_on(s);
            if pc == EMPTY || pc == WALL {
                return None;
            }
            let pt = p.variant().pieces.get(type_of(pc) as usize)?;
            Some(if color_of(pc) == Color::White { pt.letter.to_ascii_uppercase() } else { pt.letter.to_ascii_lowercase() })
        })
    }
}

impl Engine {
    /// Names of the variants that can be played now (their tables and start position build).
    /// A built-in definition is playable (`every_builtin_variant_is_playable`), so only
    /// variants from files are set up here, once each; setting up all 121 built-ins took
    /// most of a second, which every CECP `protover 2` paid.
    pub fn playable_variant_names(&self) -> Vec<String> {
        self.variants
            .iter()
            .filter(|v| {
                v.name == self.variant.name
                    || crate::variant::builtin(&v.name) == Some(*v)
                    || super::build_tables(v).is_ok()
            })
            .map(|v| v.name.clone())
            .collect()
    }
}
