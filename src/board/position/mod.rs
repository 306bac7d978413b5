//! The position: mailbox plus bitboards, side to move, castling, e.p., counters, an
//! incrementally updated zobrist key, and make/unmake with an undo stack.
//!
//! `Position<B>` is generic over the bitboard width and monomorphised; [`AnyPosition`] picks
//! the narrowest width for a variant with one `match` at the top. The rules it follows are
//! Fairy-Stockfish's (so perft numbers agree with it), read from the [`Variant`] data: no
//! variant name is tested anywhere.

pub mod any;
mod attacks;
pub mod chains;
mod make_move;
pub mod multileg;
pub mod observer;
pub mod palace;
pub mod piece_tables;
pub mod rules;
pub mod tables;
pub mod type_set;
pub mod zobrist;

use crate::board::bitboard::Bitboard;
use crate::board::geometry::Square;
use crate::board::moves::{Move, MoveKind};
use crate::color::Color;
use crate::variant::Variant;
pub use observer::BoardObserver;
use std::sync::Arc;
pub use tables::{TableError, Tables};
pub use type_set::TypeSet;
pub use zobrist::MAX_IN_HAND;

/// A coloured piece as stored in the mailbox: 0 = empty, [`WALL`] = a wall square,
/// otherwise `1 + 2 * type + colour`.
pub type Piece = u8;
/// Mailbox value of a wall (`*`).
pub const WALL: Piece = 255;
/// Mailbox value of an empty square.
pub const EMPTY: Piece = 0;

/// The piece code of `type_id` for `color`.
#[inline(always)]
pub const fn make_piece(type_id: u8, color: Color) -> Piece {
    1 + 2 * type_id + color as u8
}
/// The type of a (non-empty, non-wall) piece code.
#[inline(always)]
pub const fn type_of(p: Piece) -> u8 {
    (p - 1) >> 1
}
/// The colour of a (non-empty, non-wall) piece code.
#[inline(always)]
pub const fn color_of(p: Piece) -> Color {
    if (p - 1) & 1 == 0 {
        Color::White
    } else {
        Color::Black
    }
}

/// Castling right bits: white king side, white queen side, black king side, black queen side.
pub const WHITE_OO: u8 = 1;
/// White queen side.
pub const WHITE_OOO: u8 = 2;
/// Black king side.
pub const BLACK_OO: u8 = 4;
/// Black queen side.
pub const BLACK_OOO: u8 = 8;

/// Index 0..4 of a castling right bit.
#[inline(always)]
pub fn cr_index(cr: u8) -> usize {
    cr.trailing_zeros() as usize
}

/// What changes with every move and is restored by unmake.
#[derive(Debug, Clone, Copy)]
pub struct State<B> {
    /// Zobrist key.
    pub key: u64,
    /// Castling rights (bits [`WHITE_OO`] ...).
    pub castling: u8,
    /// E.p. squares (Fairy-Stockfish may set several, and the moved piece's square).
    pub ep: B,
    /// Half-moves since the last capture or irreversible move.
    pub rule50: u32,
    /// Checks still needed to win, per colour (check counting).
    pub checks_remaining: [u8; 2],
    /// Gating squares per colour (Cambodian first moves).
    pub gates: [B; 2],
    /// Counting-rule limit and ply (makruk family FEN field).
    pub counting_limit: u32,
    /// Plies counted towards the counting limit.
    pub counting_ply: u32,
    /// The captured piece of the move that led here (for unmake).
    pub captured: Piece,
    /// Its square.
    pub captured_sq: Square,
    /// What the captured piece was promoted from (0 = not promoted).
    pub captured_unpromoted: u8,
    /// What the moved piece was promoted from (restored on unmake).
    pub moved_unpromoted: u8,
    /// The moved piece as it was before the move (restored on unmake of promotions).
    pub moved_piece: Piece,
    /// 1 + the type the move's capture put into the mover's hand (0 = none).
    pub hand_added: u8,
    /// 1 + the type the move's capture put into the mover's prison (0 = none).
    pub prison_added: u8,
    /// Pseudo-royal pieces (extinctionPseudoRoyal), both colours, recomputed per move.
    pub pseudo_royals: B,
    /// The move that led here.
    pub last_move: Move,
    /// Walls the move that led here lifted (`wallingRule = duck`: the duck's old square).
    pub walls_lifted: B,
    /// Enemy pieces giving check to the side to move's royal piece: computed once when the
    /// position is reached, since the search, move generation and legality all ask for it.
    pub checkers: B,
    /// The side not to move is not in check: true after every (legal) move where
    /// [`Tables::quick_checks`] holds, read from the FEN's board otherwise. The checkers after
    /// the next move can then be found from the squares it changes.
    pub waiting_side_safe: bool,
    /// Chu Shogi's lion-trading rule: where a piece that is not a lion has just taken a lion
    /// (the square the move ended on). Until the next move, only a lion may take a lion, or
    /// any piece that piece. Set by make-move or by the FEN (lishogi's SFEN keeps it too),
    /// and part of the key as an e.p. square is: it changes the legal moves.
    pub lion_taker: Option<Square>,
    /// Turns of several moves (`Rules::turns`): the turn being played (0 = White's first)
    /// and how many of its moves are made.
    pub turn: u32,
    /// See [`State::turn`].
    pub turn_part: u32,
    /// The move that led here left the same side to move (its turn goes on).
    pub turn_goes_on: bool,
}

/// A position on bitboards of type `B`.
#[derive(Debug, Clone)]
pub struct Position<B: Bitboard> {
    pub(crate) t: Arc<Tables<B>>,
    pub(crate) board: Vec<Piece>,
    /// `promoted_from[sq]`: 1 + type the piece on `sq` was promoted from (0 = not promoted).
    pub(crate) promoted_from: Vec<u8>,
    pub(crate) by_color: [B; 2],
    pub(crate) by_type: Vec<B>,
    pub(crate) walls: B,
    pub(crate) occ: B,
    pub(crate) counts: Vec<u16>,
    /// Pieces in hand, `hand[2 * type + colour]` (empty without hands).
    pub(crate) hand: Vec<u8>,
    /// Pieces in hand per colour.
    pub(crate) hand_total: [u32; 2],
    /// Prisoners (`hostageExchange`), `prison[2 * type + holder]`: the pieces of type `type`
    /// that side `holder` captured, which are the other side's colour (empty without
    /// prisons).
    pub(crate) prison: Vec<u8>,
    pub(crate) stm: Color,
    pub(crate) game_ply: u32,
    pub(crate) chess960: bool,
    pub(crate) castling_rook_sq: [Square; 4],
    pub(crate) castling_king_sq: [Option<Square>; 2],
    pub(crate) castling_path: [B; 4],
    pub(crate) castling_mask: Vec<u8>,
    pub(crate) st: State<B>,
    pub(crate) history: Vec<State<B>>,
    /// Pieces removed by capture side effects (atomic blasts, petrification), for unmake.
    pub(crate) blasts: Vec<crate::board::rules::blast::Blasted>,
    /// Pieces removed on the kill square by multi-leg moves, one entry per such move made.
    pub(crate) killed: Vec<multileg::Killed>,
    /// Pieces turned by `flipEnclosedPieces`, one entry per move made (not passes).
    pub(crate) flips: Vec<B>,
}

impl<B: Bitboard> Position<B> {
    /// The tables this position plays on.
    pub fn tables(&self) -> &Arc<Tables<B>> {
        &self.t
    }
    /// The variant.
    pub fn variant(&self) -> &Variant {
        self.t.variant()
    }
    /// Side to move.
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.stm
    }
    /// Plies since the game's start, as the FEN's move number gives it (0 at White's first move).
    #[inline]
    pub fn game_ply(&self) -> u32 {
        self.game_ply
    }
    /// The piece code on `sq` (0 empty, [`WALL`]).
    #[inline(always)]
    pub fn piece_on(&self, sq: Square) -> Piece {
        self.board[sq.index()]
    }
    /// All pieces and walls.
    #[inline(always)]
    pub fn occupied(&self) -> B {
        self.occ
    }
    /// How many pieces of both colours stand on the board (walls not counted).
    #[inline(always)]
    pub fn piece_count(&self) -> u32 {
        self.all_pieces().count()
    }
    /// The pieces of both colours (walls not counted).
    #[inline(always)]
    pub fn all_pieces(&self) -> B {
        self.by_color[Color::White] | self.by_color[Color::Black]
    }
    /// Pieces of a colour.
    #[inline(always)]
    pub fn pieces(&self, color: Color) -> B {
        self.by_color[color]
    }
    /// Pieces of a type and colour.
    #[inline(always)]
    pub fn pieces_of(&self, type_id: u8, color: Color) -> B {
        self.by_type[type_id as usize] & self.by_color[color]
    }
    /// The type a promotion turns the moving piece into (before the move is made); `None` for
    /// a move that does not promote.
    #[inline]
    pub fn promotion_type(&self, m: Move) -> Option<u8> {
        match m.kind() {
            MoveKind::Promotion => Some(m.piece()),
            MoveKind::PiecePromotion | MoveKind::MultiLegPromotion => {
                let t = type_of(self.board[m.from().index()]);
                Some(self.t.promoted_type[t as usize].unwrap_or(t))
            }
            _ => None,
        }
    }
    /// Number of pieces of a type and colour.
    #[inline(always)]
    pub fn count(&self, type_id: u8, color: Color) -> u32 {
        self.counts[2 * type_id as usize + color.index()] as u32
    }
    /// Number of pieces of a type and colour in hand.
    #[inline(always)]
    pub fn in_hand(&self, type_id: u8, color: Color) -> u32 {
        self.hand
            .get(2 * type_id as usize + color.index())
            .map_or(0, |&n| n as u32)
    }
    /// `shogiPawnDropMateIllegal`: the side to move is in check only from shogi pawns, and
    /// the last move dropped one. If such a position has no legal move, the side that
    /// dropped the pawn loses (as in Fairy-Stockfish, the drop itself is generated).
    pub fn checked_by_pawn_drop(&self) -> bool {
        let t = &*self.t;
        if !t.rules.moves.shogi_pawn_drop_mate_illegal || self.st.last_move.kind() != MoveKind::Drop
        {
            return false;
        }
        let Some(sp) = t.shogi_pawn else { return false };
        let checkers = self.checkers();
        checkers.any() && (checkers & !self.by_type[sp as usize]).is_empty()
    }
    /// Pieces of a type and colour on the board and in hand.
    #[inline(always)]
    pub fn count_with_hand(&self, type_id: u8, color: Color) -> u32 {
        self.count(type_id, color) + self.in_hand(type_id, color)
    }
    /// Number of pieces of a colour in hand.
    #[inline(always)]
    pub fn hand_count(&self, color: Color) -> u32 {
        self.hand_total[color]
    }
    /// Adds one piece of a type to a colour's hand and returns the zobrist change.
    pub(crate) fn add_to_hand<O: BoardObserver>(
        &mut self,
        type_id: u8,
        color: Color,
        obs: &mut O,
    ) -> u64 {
        if self.t.free_drops {
            return 0;
        }
        let i = 2 * type_id as usize + color.index();
        let n = self.hand[i] as u32;
        self.hand[i] += 1;
        self.hand_total[color] += 1;
        obs.hand_changed(type_id, color, n, n + 1);
        let z = &self.t.zobrist;
        z.hand(type_id, color, n) ^ z.hand(type_id, color, (n + 1).min(MAX_IN_HAND as u32 - 1))
    }
    /// Takes one piece of a type from a colour's hand and returns the zobrist change.
    pub(crate) fn remove_from_hand<O: BoardObserver>(
        &mut self,
        type_id: u8,
        color: Color,
        obs: &mut O,
    ) -> u64 {
        if self.t.free_drops {
            return 0;
        }
        let i = 2 * type_id as usize + color.index();
        let n = self.hand[i] as u32;
        self.hand[i] -= 1;
        self.hand_total[color] -= 1;
        obs.hand_changed(type_id, color, n, n - 1);
        let z = &self.t.zobrist;
        z.hand(type_id, color, n.min(MAX_IN_HAND as u32 - 1)) ^ z.hand(type_id, color, n - 1)
    }
    /// Number of prisoners of a type that `holder` holds (pieces of the other colour).
    #[inline(always)]
    pub fn in_prison(&self, type_id: u8, holder: Color) -> u32 {
        self.prison
            .get(2 * type_id as usize + holder.index())
            .map_or(0, |&n| n as u32)
    }
    /// Puts one prisoner of a type into `holder`'s prison and returns the zobrist change.
    pub(crate) fn add_to_prison(&mut self, type_id: u8, holder: Color) -> u64 {
        let i = 2 * type_id as usize + holder.index();
        let n = self.prison[i] as u32;
        self.prison[i] += 1;
        let z = &self.t.zobrist;
        z.prison(type_id, holder, n) ^ z.prison(type_id, holder, n + 1)
    }
    /// Takes one prisoner of a type out of `holder`'s prison and returns the zobrist change.
    pub(crate) fn remove_from_prison(&mut self, type_id: u8, holder: Color) -> u64 {
        let i = 2 * type_id as usize + holder.index();
        let n = self.prison[i] as u32;
        self.prison[i] -= 1;
        let z = &self.t.zobrist;
        z.prison(type_id, holder, n) ^ z.prison(type_id, holder, n - 1)
    }
    /// `prisonPromotion`: whether `color`'s pawns can promote, that is whether the opponent's
    /// prison holds one of `color`'s promotion types. Always true without the rule.
    #[inline]
    pub fn can_promote_from_prison(&self, color: Color) -> bool {
        let t = &*self.t;
        !t.rules.moves.prison_promotion
            || t.promotion_types[color]
                .iter()
                .any(|&ty| self.in_prison(ty, !color) > 0)
    }
    /// The type a drop puts on the board (the promoted form for a promoted drop).
    #[inline(always)]
    pub fn dropped_type(&self, m: Move) -> u8 {
        let ht = m.piece();
        if m.drop_promoted() {
            self.t.promoted_type[ht as usize].unwrap_or(ht)
        } else {
            ht
        }
    }
    /// The zobrist key.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.st.key
    }
    /// The state (castling, e.p., counters).
    pub fn state(&self) -> &State<B> {
        &self.st
    }
    /// How many moves were played on this position since it was set up (the states
    /// `unmake_move` can go back to, which repetitions are looked for in).
    pub fn history_len(&self) -> usize {
        self.history.len()
    }
    /// Whether castling is played with Chess960 rules (and shown as king-takes-rook).
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }
    /// Squares a type may stand on for a colour: its mobility region minus walls.
    #[inline(always)]
    pub(crate) fn board_bb(&self, type_id: u8, color: Color) -> B {
        self.t.pieces[type_id as usize].mobility[color] & !self.walls & self.t.board
    }
    /// The royal piece square of a colour, if it has exactly one royal piece.
    #[inline(always)]
    pub fn king_square(&self, color: Color) -> Option<Square> {
        let k = self.t.king?;
        let b = self.pieces_of(k, color);
        if b.is_empty() {
            None
        } else {
            Some(b.lsb())
        }
    }

    pub(crate) fn put_piece<O: BoardObserver>(&mut self, pc: Piece, sq: Square, obs: &mut O) {
        obs.piece_added(pc, sq);
        let (t, c) = (type_of(pc), color_of(pc));
        self.board[sq.index()] = pc;
        self.by_color[c] |= B::square(sq);
        self.by_type[t as usize] |= B::square(sq);
        self.occ |= B::square(sq);
        self.counts[2 * t as usize + c.index()] += 1;
    }

    pub(crate) fn remove_piece<O: BoardObserver>(&mut self, sq: Square, obs: &mut O) {
        let pc = self.board[sq.index()];
        obs.piece_removed(pc, sq);
        let (t, c) = (type_of(pc), color_of(pc));
        self.board[sq.index()] = EMPTY;
        self.by_color[c] ^= B::square(sq);
        self.by_type[t as usize] ^= B::square(sq);
        self.occ ^= B::square(sq);
        self.counts[2 * t as usize + c.index()] -= 1;
    }

    pub(crate) fn move_piece<O: BoardObserver>(&mut self, from: Square, to: Square, obs: &mut O) {
        let pc = self.board[from.index()];
        obs.piece_moved(pc, from, to);
        let (t, c) = (type_of(pc), color_of(pc));
        let ft = B::square(from) | B::square(to);
        self.board[from.index()] = EMPTY;
        self.board[to.index()] = pc;
        self.by_color[c] ^= ft;
        self.by_type[t as usize] ^= ft;
        self.occ ^= ft;
    }

    /// A copy to play one move on and look at, never to take a move back on: the states
    /// and the records unmake needs are left behind (after a long game they are most of
    /// what a copy would cost).
    pub(crate) fn copy_without_history(&self) -> Self {
        Position {
            t: Arc::clone(&self.t),
            board: self.board.clone(),
            promoted_from: self.promoted_from.clone(),
            by_color: self.by_color,
            by_type: self.by_type.clone(),
            walls: self.walls,
            occ: self.occ,
            counts: self.counts.clone(),
            hand: self.hand.clone(),
            hand_total: self.hand_total,
            prison: self.prison.clone(),
            stm: self.stm,
            game_ply: self.game_ply,
            chess960: self.chess960,
            castling_rook_sq: self.castling_rook_sq,
            castling_king_sq: self.castling_king_sq,
            castling_path: self.castling_path,
            castling_mask: self.castling_mask.clone(),
            st: self.st,
            history: Vec::new(),
            blasts: Vec::new(),
            killed: Vec::new(),
            flips: Vec::new(),
        }
    }

    /// Recomputes the zobrist key from scratch (tested equal to the incremental key).
    pub fn compute_key(&self) -> u64 {
        let z = &self.t.zobrist;
        let mut k = 0u64;
        for sq in self.t.geo.squares() {
            let pc = self.board[sq.index()];
            if pc == WALL {
                k ^= z.wall[sq.index()];
            } else if pc != EMPTY {
                k ^= z.piece(type_of(pc), color_of(pc), sq);
            }
        }
        if self.stm == Color::Black {
            k ^= z.side;
        }
        k ^= z.castling[self.st.castling as usize];
        for sq in self.st.ep.iter().chain(self.st.lion_taker) {
            k ^= z.ep[self.t.geo.file_of(sq) as usize];
        }
        if self.t.rules.checks.check_counting {
            for c in Color::BOTH {
                k ^= z.checks[c][self.st.checks_remaining[c].min(15) as usize];
            }
        }
        for c in Color::BOTH {
            for sq in self.st.gates[c].iter() {
                k ^= z.gate(c, sq);
            }
        }
        if self.t.has_hands {
            for ty in 0..self.t.n_types as u8 {
                for c in Color::BOTH {
                    k ^= z.hand(ty, c, self.in_hand(ty, c));
                }
            }
        }
        if let Some(turns) = &self.t.rules.turns {
            k ^= turns.key(z, self.st.turn, self.st.turn_part);
        }
        if self.t.rules.moves.prisons {
            for ty in 0..self.t.n_types as u8 {
                for c in Color::BOTH {
                    k ^= z.prison(ty, c, self.in_prison(ty, c));
                }
            }
        }
        k
    }

    /// Pseudo-royal pieces per Fairy-Stockfish's `extinctionPseudoRoyal` (both colours): the
    /// pieces of an extinction type whose side has at most `extinctionPieceCount + 1` of it.
    pub(crate) fn compute_pseudo_royals(&self) -> B {
        let rules = &self.t.rules.end;
        if !rules.pseudo_royal {
            return B::EMPTY;
        }
        let mut b = B::EMPTY;
        for t in self.t.extinction_types.iter() {
            for c in Color::BOTH {
                if self.count(t, c) <= rules.extinction_piece_count + 1 {
                    b |= self.pieces_of(t, c);
                }
            }
        }
        b
    }

    /// All pieces of extinction types (duple-check candidates).
    pub(crate) fn pseudo_royal_candidates(&self) -> B {
        let mut b = B::EMPTY;
        for t in self.t.extinction_types.iter() {
            b |= self.by_type[t as usize];
        }
        b
    }

    /// Whether the game is over by a rule that leaves no moves (Fairy-Stockfish's
    /// `is_immediate_game_end`: extinction, flags, check counting, castling wins). Move
    /// generation returns no moves then, as Fairy-Stockfish's does. The rules and their
    /// results are in [`crate::board::rules`].
    #[inline]
    pub fn is_immediate_game_end(&self) -> bool {
        self.immediate_end().is_some()
    }
}

pub use any::AnyPosition;
