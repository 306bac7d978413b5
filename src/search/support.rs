//! What the search needs from the board beyond move generation, built on the board's public
//! API only: capture tests, the null move, static exchange evaluation for any piece set, and
//! the value of a position where the game has ended.

use crate::board::bitboard::Bitboard;
use crate::board::position::{color_of, type_of, Position, EMPTY, WALL};
use crate::board::{Move, MoveKind, Square};
use crate::variant::GameValue;

/// The null move: a pass (`from == to`, kind `Special`), which make/unmake handle as one.
pub const NULL_MOVE: Move = Move::new(Square::new(0), Square::new(0), MoveKind::Special, 0);

/// The type of the piece a move captures, if any.
#[inline]
pub fn captured_type<B: Bitboard>(pos: &Position<B>, m: Move) -> Option<u8> {
    match m.kind() {
        MoveKind::Castling | MoveKind::Drop | MoveKind::Exchange => None,
        MoveKind::EnPassant => pos.tables().pawn.or(Some(0)),
        MoveKind::Special if m.from() == m.to() => None,
        _ => {
            let pc = pos.piece_on(m.to());
            if pc == EMPTY || pc == WALL || color_of(pc) == pos.side_to_move() {
                None
            } else {
                Some(type_of(pc))
            }
        }
    }
}

/// The type of the own piece a self-capture (`selfCaptureTypes`) takes, if `m` is one: the
/// search treats such a move as a quiet one that loses that piece.
#[inline]
fn own_piece_taken<B: Bitboard>(pos: &Position<B>, m: Move) -> Option<u8> {
    if m.kind() != MoveKind::Normal && m.kind() != MoveKind::Promotion {
        return None;
    }
    let pc = pos.piece_on(m.to());
    (pc != EMPTY && pc != WALL && m.from() != m.to() && color_of(pc) == pos.side_to_move())
        .then(|| type_of(pc))
}

/// Whether a move captures.
#[inline]
pub fn is_capture<B: Bitboard>(pos: &Position<B>, m: Move) -> bool {
    captured_type(pos, m).is_some()
}

/// Whether a move is a capture or a promotion (searched in quiescence).
#[inline]
pub fn is_tactical<B: Bitboard>(pos: &Position<B>, m: Move) -> bool {
    matches!(m.kind(), MoveKind::Promotion | MoveKind::PiecePromotion) || is_capture(pos, m)
}

/// The type of the piece standing on a move's start square.
#[inline]
pub fn moving_type<B: Bitboard>(pos: &Position<B>, m: Move) -> u8 {
    let pc = pos.piece_on(m.from());
    if pc == EMPTY || pc == WALL {
        m.piece()
    } else {
        type_of(pc)
    }
}

/// Whether the side to move is in check (its royal piece is attacked).
#[inline]
pub fn in_check<B: Bitboard>(pos: &Position<B>) -> bool {
    pos.checkers().any()
}

/// Static exchange evaluation: whether the exchange that `m` starts on its destination gains
/// at least `threshold` for the side to move. Works for any piece set: attackers are found
/// with the board's own capture tables on the changing occupancy, so hoppers and x-ray lines
/// behave. Pins are ignored; a royal piece only captures last.
pub fn see_ge<B: Bitboard>(pos: &Position<B>, m: Move, threshold: i32, values: &[i32]) -> bool {
    if !matches!(m.kind(), MoveKind::Normal | MoveKind::Promotion) {
        return 0 >= threshold;
    }
    let to = m.to();
    let from = m.from();
    let royal = pos.tables().king;
    let value = |t: u8| values.get(t as usize).copied().unwrap_or(0);
    // A self-capture (`selfCaptureTypes`) starts the exchange with a loss.
    let gained = match captured_type(pos, m) {
        Some(t) => value(t),
        None => own_piece_taken(pos, m).map_or(0, |t| -value(t)),
    };
    let mut swap = gained - threshold;
    if swap < 0 {
        return false;
    }
    let mover = moving_type(pos, m);
    let on_square = if m.kind() == MoveKind::Promotion {
        value(m.piece())
    } else {
        value(mover)
    };
    swap = on_square - swap;
    if swap <= 0 {
        return true;
    }
    let mut occ = pos.occupied() ^ B::square(from);
    let mut side = pos.side_to_move();
    let mut res = 1;
    loop {
        side = !side;
        let attackers = pos.attackers_to(to, occ, side) & occ & pos.pieces(side);
        if attackers.is_empty() {
            break;
        }
        res ^= 1;
        // The least valuable attacker.
        let mut best: Option<(i32, Square, bool)> = None;
        for sq in attackers.iter() {
            let t = type_of(pos.piece_on(sq));
            let is_royal = Some(t) == royal;
            let v = if is_royal { i32::MAX / 4 } else { value(t) };
            if best.map_or(true, |b| v < b.0) {
                best = Some((v, sq, is_royal));
            }
        }
        let Some((v, sq, is_royal)) = best else { break };
        if is_royal {
            // The royal piece may capture only if the other side has no attacker left.
            let others = pos.attackers_to(to, occ ^ B::square(sq), !side) & occ & pos.pieces(!side);
            return (if others.any() { res ^ 1 } else { res }) == 1;
        }
        swap = v - swap;
        if swap < res {
            break;
        }
        occ ^= B::square(sq);
    }
    res == 1
}

/// A game value (from the side to move's view) as a score at `ply`.
#[inline]
pub fn value_score(v: GameValue, ply: usize, mate: i32) -> i32 {
    match v {
        GameValue::Win => mate - ply as i32,
        GameValue::Loss => -mate + ply as i32,
        GameValue::Draw => 0,
    }
}

/// The result for the side to move of a position without legal moves, or where a variant
/// rule has ended the game ([`Position::is_immediate_game_end`]): the board's rules
/// ([`Position::terminal_outcome`]) with the variant's values.
pub fn terminal_value<B: Bitboard>(pos: &Position<B>, in_check: bool) -> GameValue {
    pos.terminal_outcome(in_check).0
}

/// The other side's view of a result.
pub fn negate(v: GameValue) -> GameValue {
    match v {
        GameValue::Win => GameValue::Loss,
        GameValue::Loss => GameValue::Win,
        GameValue::Draw => GameValue::Draw,
    }
}
