//! The position: mailbox plus bitboards, side to move, castling, e.p., counters, an
//! incrementally updated zobrist key, and make/unmake with an undo stack.
//!
//! `Position<B>` is generic over the bitboard width and monomorphised; [`AnyPosition`] picks
//! the narrowest width for a variant with one `match` at the top. The rules it follows are
//! Fairy-Stockfish's (so perft numbers agree with it), read from the [`Variant`] data: no
//! variant name is tested anywhere.

pub mod chains;
pub mod multileg;
pub mod observer;
pub mod palace;
pub mod piece_tables;
pub mod rules;
pub mod tables;
pub mod type_set;
pub mod zobrist;

use crate::board::bitboard::{Bb256, Bitboard};
use crate::board::geometry::{Square, Width};
use crate::board::moves::{Move, MoveKind};
use crate::color::Color;
use crate::variant::{EnclosingRule, Variant, WallingRule};
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
        (self.by_color[0] | self.by_color[1]).count()
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
            MoveKind::PiecePromotion => {
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

    /// `mine` without the soldiers of `color` that cannot capture on `sq` sideways (not yet
    /// on their `soldierPromotionRank`): those must stand on `sq`'s file.
    #[inline(always)]
    fn soldier_mask(&self, type_id: u8, sq: Square, color: Color, mine: B) -> B {
        if Some(type_id) == self.t.soldier && !self.t.soldier_zone[color].contains(sq) {
            mine & self.t.files[self.t.geo.file_of(sq) as usize]
        } else {
            mine
        }
    }

    /// `mine` without the janggi cannons that would hop over a janggi cannon (one of
    /// `cannons`) to reach `sq` (`them`: the colour opposite the attackers).
    #[inline(always)]
    fn janggi_cannon_mask(
        &self,
        type_id: u8,
        sq: Square,
        occ: B,
        them: Color,
        mine: B,
        cannons: B,
    ) -> B {
        if Some(type_id) != self.t.janggi_cannon {
            return mine;
        }
        let pt = &self.t.pieces[type_id as usize];
        mine & pt.capture[them].get(sq, occ & !cannons)
    }

    /// The janggi cannons on the board (none in other variants).
    #[inline(always)]
    pub(crate) fn janggi_cannons(&self) -> B {
        match self.t.janggi_cannon {
            Some(t) => self.by_type[t as usize],
            None => B::EMPTY,
        }
    }

    /// Pieces of `color` that capture on `sq` with occupancy `occ` (their current squares;
    /// the caller removes captured ones).
    pub fn attackers_to(&self, sq: Square, occ: B, color: Color) -> B {
        self.attackers_to_with(sq, occ, color, self.janggi_cannons())
    }

    /// [`Position::attackers_to`] where `cannons` are the janggi cannons (after a move that
    /// is not made yet: the moved cannon on its new square, a captured one gone).
    pub(crate) fn attackers_to_with(&self, sq: Square, occ: B, color: Color, cannons: B) -> B {
        let mut b = B::EMPTY;
        let them = !color;
        for t in 0..self.t.n_types as u8 {
            let mine = self.pieces_of(t, color);
            if mine.is_empty() {
                continue;
            }
            let pt = &self.t.pieces[t as usize];
            if !pt.mobility[color].contains(sq) {
                continue;
            }
            let mine = self.soldier_mask(t, sq, color, mine);
            let mine = self.janggi_cannon_mask(t, sq, occ, them, mine, cannons);
            if pt.symmetric {
                // The empty-board reach is a table lookup and holds every square a line
                // piece could capture from: most types have no piece on it, and the lookup
                // with `occ` (a ray scan on large boards) is spared.
                if pt.capture_needs_occ && (pt.capture[them].empty_board(sq) & mine).is_empty() {
                    continue;
                }
                b |= pt.capture[them].get(sq, occ) & mine;
            } else {
                for s2 in (pt.reverse_super[color][sq.index()] & mine).iter() {
                    if pt.capture[color].get(s2, occ).contains(sq) {
                        b = b.with(s2);
                    }
                }
            }
        }
        if self.t.palace.is_some() {
            b |= self.palace_attackers(sq, occ, color, cannons);
        }
        if !self.t.walker_attackers.is_empty() {
            b |= self.walker_attackers(sq, occ, color, self.by_color[color] & occ);
        }
        b
    }

    /// True if any piece of `color` captures on `sq` with occupancy `occ`, among `candidates`.
    #[inline]
    pub fn attacked_by(&self, sq: Square, occ: B, color: Color, candidates: B) -> bool {
        self.attacked_by_with(sq, occ, color, candidates, self.janggi_cannons())
    }

    /// [`Position::attacked_by`] with the janggi cannons given (see
    /// [`Position::attackers_to_with`]).
    #[inline]
    pub(crate) fn attacked_by_with(
        &self,
        sq: Square,
        occ: B,
        color: Color,
        candidates: B,
        cannons: B,
    ) -> bool {
        let them = !color;
        for t in 0..self.t.n_types as u8 {
            let mine = self.pieces_of(t, color) & candidates;
            if mine.is_empty() {
                continue;
            }
            let pt = &self.t.pieces[t as usize];
            if !pt.mobility[color].contains(sq) {
                continue;
            }
            let mine = self.soldier_mask(t, sq, color, mine);
            let mine = self.janggi_cannon_mask(t, sq, occ, them, mine, cannons);
            if pt.symmetric {
                // See `attackers_to_with`.
                if pt.capture_needs_occ && (pt.capture[them].empty_board(sq) & mine).is_empty() {
                    continue;
                }
                if (pt.capture[them].get(sq, occ) & mine).any() {
                    return true;
                }
            } else {
                for s2 in (pt.reverse_super[color][sq.index()] & mine).iter() {
                    if pt.capture[color].get(s2, occ).contains(sq) {
                        return true;
                    }
                }
            }
        }
        if !self.t.walker_attackers.is_empty()
            && self
                .walker_attackers(sq, occ, color, self.by_color[color] & candidates & occ)
                .any()
        {
            return true;
        }
        self.t.palace.is_some()
            && (self.palace_attackers(sq, occ, color, cannons) & candidates).any()
    }

    /// Enemy pieces giving check to the side to move's royal piece.
    #[inline]
    pub fn checkers(&self) -> B {
        self.st.checkers
    }

    /// [`Position::compute_checkers`] after a move that emptied `from` (none for a drop) and
    /// filled `to`, where [`Tables::quick_checks`] holds and the side to move was not in
    /// check before the move: the moved piece may check from `to`, and only a line opened
    /// through `from` can let another piece check (the piece on `to` blocks, it cannot
    /// attack through itself).
    pub(crate) fn checkers_after(&self, from: Option<Square>, to: Square) -> B {
        let Some(ksq) = self.king_square(self.stm) else {
            return B::EMPTY;
        };
        if from.is_some_and(|f| self.t.lines.through(ksq, f).any()) {
            return self.compute_checkers();
        }
        let mover = !self.stm;
        let pt = &self.t.pieces[type_of(self.board[to.index()]) as usize];
        let checks = pt.mobility[mover].contains(ksq)
            && pt.capture[self.stm].empty_board(ksq).contains(to)
            && (!pt.capture_needs_occ || pt.capture[self.stm].get(ksq, self.occ).contains(to));
        if checks {
            B::square(to)
        } else {
            B::EMPTY
        }
    }

    /// Recomputes [`Position::checkers`] from the board (tested equal to the stored set).
    pub fn compute_checkers(&self) -> B {
        match self.king_square(self.stm) {
            Some(k) => self.attackers_to(k, self.occ, !self.stm),
            None => B::EMPTY,
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

    /// Moves the castling king and rook from `(king, rook)` squares to `(king, rook)` squares,
    /// with their promotion markers. Both are lifted before either is put down, because in
    /// Chess960 a destination may be the other piece's start square.
    fn relocate_castling_pair<O: BoardObserver>(
        &mut self,
        from: (Square, Square),
        to: (Square, Square),
        obs: &mut O,
    ) {
        let pieces = (self.board[from.0.index()], self.board[from.1.index()]);
        let promoted = (
            self.promoted_from[from.0.index()],
            self.promoted_from[from.1.index()],
        );
        self.remove_piece(from.0, obs);
        self.remove_piece(from.1, obs);
        self.promoted_from[from.0.index()] = 0;
        self.promoted_from[from.1.index()] = 0;
        self.put_piece(pieces.0, to.0, obs);
        self.put_piece(pieces.1, to.1, obs);
        self.promoted_from[to.0.index()] = promoted.0;
        self.promoted_from[to.1.index()] = promoted.1;
    }

    /// Plays `m` (a legal move from the generator). Undo with [`Position::unmake_move`].
    #[inline]
    pub fn make_move(&mut self, m: Move) {
        self.make_move_observed(m, &mut ());
    }

    /// [`Position::make_move`], reporting each change of the board and hands to `obs`.
    pub fn make_move_observed<O: BoardObserver>(&mut self, m: Move, obs: &mut O) {
        let t = Arc::clone(&self.t);
        let z = &t.zobrist;
        let us = self.stm;
        let them = !us;
        let from = m.from();
        let mut to = m.to();
        let kind = m.kind();
        self.history.push(self.st);
        let prev = self.st;
        let st = &mut self.st;
        st.last_move = m;
        st.rule50 += 1;
        if st.counting_limit != 0 {
            st.counting_ply += 1;
        }
        st.captured = EMPTY;
        st.captured_unpromoted = 0;
        st.moved_unpromoted = 0;
        st.hand_added = 0;
        st.walls_lifted = B::EMPTY;
        let mut k = st.key ^ z.side;
        // Clear e.p. squares.
        for sq in st.ep.iter() {
            k ^= z.ep[t.geo.file_of(sq) as usize];
        }
        st.ep = B::EMPTY;
        if let Some(sq) = st.lion_taker.take() {
            k ^= z.ep[t.geo.file_of(sq) as usize];
        }
        self.game_ply += 1;

        if kind == MoveKind::Special && from == to {
            // Pass (with `wallOrMove`, a wall instead of a move).
            if let Some(wall) = m.wall_square() {
                self.place_wall(wall, &mut k);
            }
            // A pass "by" a piece of `nMoveRuleTypes` (a pawn: it cannot step onto its own
            // square again) is irreversible, as in Fairy-Stockfish.
            let pc = self.board[from.index()];
            if pc != EMPTY && t.n_move_rule_types[us].has(type_of(pc)) {
                self.st.rule50 = 0;
            }
            self.st.key = k;
            self.stm = them;
            self.finish_move(None);
            return;
        }

        if kind == MoveKind::Drop {
            self.make_drop(m, k, obs);
            return;
        }

        let pc = self.board[from.index()];
        let pt = type_of(pc);
        self.st.moved_piece = pc;
        // Castling rights lost by a piece taken on a multi-leg move's kill square.
        let mut kill_mask = 0;

        if kind == MoveKind::Castling {
            let rfrom = to;
            let (kto, rto) = t.castling_destinations(from, rfrom > from);
            let rook = self.board[rfrom.index()];
            self.relocate_castling_pair((from, rfrom), (kto, rto), obs);
            k ^= z.piece(pt, us, from) ^ z.piece(pt, us, kto);
            k ^= z.piece(type_of(rook), us, rfrom) ^ z.piece(type_of(rook), us, rto);
            to = kto;
        } else {
            if kind == MoveKind::MultiLeg {
                let (dk, mask) = self.make_kill(m, obs);
                k ^= dk;
                kill_mask = mask;
            }
            // Capture.
            let capsq = if kind == MoveKind::EnPassant {
                self.ep_capture_square(to, prev.ep)
            } else {
                to
            };
            let captured = self.board[capsq.index()];
            // `capsq == from`: a promotion in place (sittuyin) captures nothing.
            if captured != EMPTY && captured != WALL && capsq != from {
                self.st.captured = captured;
                self.st.captured_sq = capsq;
                self.st.captured_unpromoted = self.promoted_from[capsq.index()];
                self.promoted_from[capsq.index()] = 0;
                self.remove_piece(capsq, obs);
                k ^= z.piece(type_of(captured), them, capsq);
                self.st.rule50 = 0;
                if t.rules.moves.captures_to_hand {
                    // A promoted piece goes back to the hand as what it was promoted from,
                    // unless `dropLoop` keeps it as it is.
                    let unpromoted = self.st.captured_unpromoted;
                    let ty = if unpromoted == 0 || t.rules.moves.drop_loop {
                        type_of(captured)
                    } else {
                        unpromoted - 1
                    };
                    k ^= self.add_to_hand(ty, us, obs);
                    self.st.hand_added = ty + 1;
                }
            }
            self.st.moved_unpromoted = self.promoted_from[from.index()];
            self.promoted_from[from.index()] = 0;
            if from != to {
                self.move_piece(from, to, obs);
            }
            self.promoted_from[to.index()] = self.st.moved_unpromoted;
            k ^= z.piece(pt, us, from) ^ z.piece(pt, us, to);

            match kind {
                MoveKind::PieceDemotion => {
                    let np = self.st.moved_unpromoted.wrapping_sub(1);
                    if (np as usize) < t.n_types {
                        self.remove_piece(to, obs);
                        self.put_piece(make_piece(np, us), to, obs);
                        self.promoted_from[to.index()] = 0;
                        k ^= z.piece(pt, us, to) ^ z.piece(np, us, to);
                    }
                }
                MoveKind::Promotion | MoveKind::PiecePromotion => {
                    let np = if kind == MoveKind::Promotion {
                        m.piece()
                    } else {
                        t.promoted_type[pt as usize].unwrap_or(pt)
                    };
                    self.remove_piece(to, obs);
                    self.put_piece(make_piece(np, us), to, obs);
                    // Both kinds remember the promoting type: a captured promoted piece
                    // goes to the hand as that type (`capturesToHand`).
                    self.promoted_from[to.index()] = pt + 1;
                    k ^= z.piece(pt, us, to) ^ z.piece(np, us, to);
                    // A promotion that can be undone (pieceDemotion) is not irreversible.
                    if kind == MoveKind::Promotion || !t.rules.moves.piece_demotion {
                        self.st.rule50 = 0;
                    }
                }
                _ => {}
            }
            if Some(pt) == t.pawn && kind != MoveKind::Promotion && kind != MoveKind::PiecePromotion
            {
                self.st.rule50 = 0;
                // E.p. squares after a double or triple step.
                let ranks_moved = (t.geo.rank_of(to) as i32 - t.geo.rank_of(from) as i32).abs();
                if t.geo.file_of(to) == t.geo.file_of(from)
                    && (ranks_moved == 2 || ranks_moved == 3)
                {
                    let dir: i32 = us.sign();
                    // The squares passed: one after a double step, two after a triple.
                    for back in 1..ranks_moved {
                        let Some(sq) = t.geo.offset(to, 0, -dir * back) else {
                            continue;
                        };
                        if !t.ep_region[them].contains(sq) {
                            continue;
                        }
                        let pawn_attackers = t.pieces[pt as usize].capture[us].get(sq, B::EMPTY)
                            & self.pieces_of(pt, them);
                        let other_types = TypeSet(t.ep_types[them].0 & !(1u64 << pt));
                        if pawn_attackers.any() || !other_types.is_empty() {
                            self.st.ep = self.st.ep.with(sq);
                            k ^= z.ep[t.geo.file_of(to) as usize];
                        }
                    }
                }
            } else if kind == MoveKind::Normal {
                let ptab = &t.pieces[pt as usize];
                let init_only =
                    ptab.initial[us].empty_board(from) & !ptab.quiet[us].empty_board(from);
                if init_only.contains(to) {
                    let between = t.lines.between(from, to).with(to);
                    self.st.ep = between & t.ep_region[them];
                    for sq in self.st.ep.iter() {
                        k ^= z.ep[t.geo.file_of(sq) as usize];
                    }
                }
                if t.n_move_rule_types[us].has(pt) && !ptab.quiet[us].empty_board(to).contains(from)
                {
                    self.st.rule50 = 0;
                }
            }
        }

        // Castling rights.
        if self.st.castling != 0 {
            let mask =
                self.castling_mask[from.index()] | self.castling_mask[m.to().index()] | kill_mask;
            if mask != 0 {
                k ^= z.castling[self.st.castling as usize];
                self.st.castling &= !mask;
                if t.rules.moves.opposite_castling && kind == MoveKind::Castling {
                    let kingside = m.to() > from;
                    let side = if kingside { WHITE_OO } else { WHITE_OOO };
                    self.st.castling &= !(side << (2 * them.index()));
                }
                k ^= z.castling[self.st.castling as usize];
            }
        }

        // A piece gated from the hand (S-chess).
        if m.is_gating() {
            let gate = m.gating_square();
            let gt = m.piece();
            self.put_piece(make_piece(gt, us), gate, obs);
            k ^= self.remove_from_hand(gt, us, obs);
            k ^= z.piece(gt, us, gate);
            if self.st.gates[us].contains(gate) {
                self.st.gates[us] ^= B::square(gate);
                k ^= z.gate(us, gate);
            }
        }

        // Gates (Cambodian first moves, S-chess gating rights).
        if t.rules.moves.gating {
            if self.st.gates[us].contains(from) {
                self.st.gates[us] ^= B::square(from);
                k ^= z.gate(us, from);
            }
            if kind == MoveKind::Castling && self.st.gates[us].contains(m.to()) {
                self.st.gates[us] ^= B::square(m.to());
                k ^= z.gate(us, m.to());
            }
            if self.st.gates[them].contains(to) {
                self.st.gates[them] ^= B::square(to);
                k ^= z.gate(them, to);
            }
        }
        if t.rules.moves.seirawan_gating
            && self.hand_count(us) == 0
            && !t.rules.moves.captures_to_hand
        {
            // Nothing left to gate: the rights lapse.
            for sq in self.st.gates[us].iter() {
                k ^= z.gate(us, sq);
            }
            self.st.gates[us] = B::EMPTY;
        }
        if t.rules.moves.cambodian_moves && Some(pt) == t.rook {
            if let Some(ksq) = self.king_square(them) {
                if self.st.gates[them].contains(ksq) && t.rook_empty[to.index()].contains(ksq) {
                    self.st.gates[them] ^= B::square(ksq);
                    k ^= z.gate(them, ksq);
                }
            }
        }

        if self.st.captured != EMPTY && self.has_capture_effects() {
            self.apply_capture_effects(to, pt, &mut k, obs);
        }
        if let Some(wall) = m.wall_square() {
            self.place_wall(wall, &mut k);
        }
        if t.flip != EnclosingRule::None {
            self.flip_enclosed(to, false, &mut k, obs);
        }
        if !t.lions.is_empty() && self.took_lion_with_other_piece(pt) {
            self.st.lion_taker = Some(to);
            k ^= z.ep[t.geo.file_of(to) as usize];
        }

        self.st.key = k;
        self.stm = them;
        // A one-step move changed `from` and `to` only; castling, e.p., multi-leg and gating
        // moves change more squares.
        let one_step = kind.is_one_step() && !m.is_gating() && m.wall_square().is_none();
        self.finish_move(one_step.then_some((Some(from), to)));
    }

    /// Whether the move just made (by a piece of type `mover`, as it was before the move)
    /// took a lion with a piece that is not one: Chu Shogi's lion-trading rule then bars
    /// every piece but a lion from taking a lion on the next move.
    fn took_lion_with_other_piece(&self, mover: u8) -> bool {
        let lions = &self.t.lions;
        let is_lion = |pc: Piece| pc != EMPTY && lions.contains(type_of(pc));
        !lions.contains(mover)
            && (is_lion(self.st.captured)
                || (self.st.last_move.kind() == MoveKind::MultiLeg
                    && self.killed.last().is_some_and(|k| is_lion(k.piece))))
    }

    /// The rest of [`Position::make_move`] for a drop; `k` is the key so far.
    #[inline(never)]
    fn make_drop<O: BoardObserver>(&mut self, m: Move, mut k: u64, obs: &mut O) {
        let us = self.stm;
        let to = m.to();
        let hand_type = m.piece();
        let placed = self.dropped_type(m);
        let pc = make_piece(placed, us);
        self.st.moved_piece = pc;
        self.put_piece(pc, to, obs);
        self.promoted_from[to.index()] = if placed != hand_type {
            hand_type + 1
        } else {
            0
        };
        k ^= self.remove_from_hand(hand_type, us, obs);
        k ^= self.t.zobrist.piece(placed, us, to);
        self.st.rule50 = 0;
        if self.t.rules.moves.castling_dropped_piece {
            k ^= self.castling_after_drop(placed, to);
        }
        if self.t.flip != EnclosingRule::None {
            self.flip_enclosed(to, true, &mut k, obs);
        }
        self.st.key = k;
        self.stm = !us;
        self.finish_move(Some((None, to)));
    }

    /// `castlingDroppedPiece` (placement): a king dropped on its castling square, or a rook
    /// dropped in a corner of the castling rank with the king in place, gives the castling
    /// rights with the rooks already there. Returns the zobrist change.
    fn castling_after_drop(&mut self, placed: u8, to: Square) -> u64 {
        let t = Arc::clone(&self.t);
        let us = self.stm;
        let geo = t.geo;
        let rank = self.castling_rank(us);
        if geo.rank_of(to) != rank {
            return 0;
        }
        let old = self.st.castling;
        let king_file = t.rules.moves.castling_king_file;
        let corners = t.files[0] | t.files[geo.files() as usize - 1];
        let king_sq = geo.square(king_file, rank);
        if Some(placed) == t.castling_king[us] && geo.file_of(to) == king_file {
            self.castling_king_sq[us] = Some(to);
            let rooks = self.by_color[us] & t.ranks[rank as usize] & corners;
            for sq in rooks.iter() {
                if t.castling_rooks[us].has(type_of(self.board[sq.index()])) {
                    self.set_castling_right(us, sq);
                }
            }
        } else if t.castling_rooks[us].has(placed) && corners.contains(to) {
            let king_there = match (t.castling_king[us], king_sq) {
                (Some(k), Some(sq)) => self.board[sq.index()] == make_piece(k, us),
                _ => false,
            };
            if king_there {
                self.castling_king_sq[us] = king_sq;
                self.set_castling_right(us, to);
            }
        }
        let z = &t.zobrist;
        z.castling[old as usize] ^ z.castling[self.st.castling as usize]
    }

    /// Puts the wall of a walling move on `wall`; the duck (`wallingRule = duck`) is lifted
    /// from where it stood first (every wall, as Fairy-Stockfish), into `st.walls_lifted`.
    fn place_wall(&mut self, wall: Square, k: &mut u64) {
        let z = &self.t.zobrist;
        if self.t.walling == WallingRule::Duck {
            for sq in self.walls.iter() {
                self.board[sq.index()] = EMPTY;
                *k ^= z.wall[sq.index()];
            }
            self.occ &= !self.walls;
            self.st.walls_lifted = self.walls;
            self.walls = B::EMPTY;
        }
        self.board[wall.index()] = WALL;
        self.walls = self.walls.with(wall);
        self.occ = self.occ.with(wall);
        *k ^= z.wall[wall.index()];
    }

    /// Takes back [`Position::place_wall`]: the wall on `wall` goes, the `lifted` ones return.
    fn lift_wall(&mut self, wall: Square, lifted: B) {
        self.board[wall.index()] = EMPTY;
        self.walls = self.walls.without(wall);
        self.occ = self.occ.without(wall);
        for sq in lifted.iter() {
            self.board[sq.index()] = WALL;
        }
        self.walls |= lifted;
        self.occ |= lifted;
    }

    /// Updates what depends on the new position: checkers, check counting, pseudo-royals.
    /// `changed`: for a one-step move or a drop, the square it emptied (none for a drop) and
    /// the square it filled.
    fn finish_move(&mut self, changed: Option<(Option<Square>, Square)>) {
        let waited_safe = self
            .history
            .last()
            .is_some_and(|prev| prev.waiting_side_safe);
        self.st.checkers = match changed {
            Some((from, to)) if waited_safe && self.t.quick_checks => self.checkers_after(from, to),
            _ => self.compute_checkers(),
        };
        self.st.waiting_side_safe = self.t.quick_checks;
        if self.t.rules.checks.check_counting && self.st.checkers.any() {
            let us = !self.stm;
            let z = &self.t.zobrist;
            let old = self.st.checks_remaining[us];
            if old > 0 {
                self.st.key ^=
                    z.checks[us][old.min(15) as usize] ^ z.checks[us][(old - 1).min(15) as usize];
                self.st.checks_remaining[us] = old - 1;
            }
        }
        if self.t.rules.end.pseudo_royal {
            self.st.pseudo_royals = self.compute_pseudo_royals();
        }
        if self.t.rules.moves.counting {
            self.update_counting();
        }
    }

    /// Takes back the last move made with [`Position::make_move`].
    #[inline]
    pub fn unmake_move(&mut self, m: Move) {
        self.unmake_move_observed(m, &mut ());
    }

    /// [`Position::unmake_move`], reporting each change of the board and hands to `obs`.
    pub fn unmake_move_observed<O: BoardObserver>(&mut self, m: Move, obs: &mut O) {
        let Some(prev) = self.history.pop() else {
            return;
        };
        let st = self.st;
        self.stm = !self.stm;
        self.game_ply -= 1;
        let us = self.stm;
        let from = m.from();
        let to = m.to();
        let kind = m.kind();
        if kind == MoveKind::Special && from == to {
            if let Some(wall) = m.wall_square() {
                self.lift_wall(wall, st.walls_lifted);
            }
            self.st = prev;
            return;
        }
        if self.t.flip != EnclosingRule::None {
            self.unflip(obs);
        }
        if kind == MoveKind::Drop {
            self.remove_piece(to, obs);
            self.promoted_from[to.index()] = 0;
            let _ = self.add_to_hand(m.piece(), us, obs);
            self.st = prev;
            return;
        }
        if let Some(wall) = m.wall_square() {
            self.lift_wall(wall, st.walls_lifted);
        }
        if st.hand_added != 0 {
            let _ = self.remove_from_hand(st.hand_added - 1, us, obs);
        }
        if m.is_gating() {
            let gate = m.gating_square();
            self.remove_piece(gate, obs);
            let _ = self.add_to_hand(m.piece(), us, obs);
        }
        if !self.blasts.is_empty() {
            self.undo_capture_effects(self.history.len() as u32 + 1, obs);
        }
        if kind == MoveKind::Castling {
            let (kto, rto) = self.t.castling_destinations(from, to > from);
            self.relocate_castling_pair((kto, rto), (from, to), obs);
        } else {
            if matches!(
                kind,
                MoveKind::Promotion | MoveKind::PiecePromotion | MoveKind::PieceDemotion
            ) {
                self.remove_piece(to, obs);
                self.put_piece(st.moved_piece, to, obs);
            }
            if from != to {
                self.move_piece(to, from, obs);
            }
            self.promoted_from[to.index()] = 0;
            self.promoted_from[from.index()] = st.moved_unpromoted;
            if st.captured != EMPTY {
                self.put_piece(st.captured, st.captured_sq, obs);
                self.promoted_from[st.captured_sq.index()] = st.captured_unpromoted;
            }
            if kind == MoveKind::MultiLeg {
                self.unmake_kill(us, obs);
            }
        }
        let _ = us;
        self.st = prev;
    }

    /// The square of the piece an e.p. capture to `to` removes (Fairy-Stockfish's
    /// `capture_square`): a marked e.p. piece if any, else the nearest enemy piece behind `to`.
    pub(crate) fn ep_capture_square(&self, to: Square, ep: B) -> Square {
        let custom = ep & self.occ;
        if custom.any() {
            return if self.stm == Color::White {
                custom.lsb()
            } else {
                custom.msb()
            };
        }
        let file = self.t.files[self.t.geo.file_of(to) as usize];
        let them = self.pieces(!self.stm) & file;
        let below = if self.stm == Color::White {
            them & !(B::ALL << to.index() as u32)
        } else {
            them & (B::ALL << (to.index() as u32 + 1).min(B::BITS - 1)) & !B::square(to)
        };
        if below.is_empty() {
            return to;
        }
        if self.stm == Color::White {
            below.msb()
        } else {
            below.lsb()
        }
    }
}

/// A position on the narrowest bitboard that fits the variant.
///
/// The variants differ in size by their inline per-ply state (bitboards of 32 bytes in the
/// widest); an `AnyPosition` is made once per game or command, never per node, so the spare
/// bytes cost nothing and a box would only add an indirection to every use.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone)]
pub enum AnyPosition {
    /// Up to 64 squares.
    W64(Position<u64>),
    /// Up to 128 squares.
    W128(Position<u128>),
    /// Up to 256 squares.
    W256(Position<Bb256>),
}

/// Calls `$body` with `$p` bound to the inner `Position<B>` of an [`AnyPosition`].
#[macro_export]
macro_rules! with_position {
    ($any:expr, $p:ident => $body:expr) => {
        match $any {
            $crate::board::position::AnyPosition::W64($p) => $body,
            $crate::board::position::AnyPosition::W128($p) => $body,
            $crate::board::position::AnyPosition::W256($p) => $body,
        }
    };
}

impl AnyPosition {
    /// The width a variant needs.
    pub fn width_for(v: &Variant) -> Width {
        let squares = v.files as usize * v.ranks as usize;
        match squares {
            0..=64 => Width::W64,
            65..=128 => Width::W128,
            _ => Width::W256,
        }
    }
}
