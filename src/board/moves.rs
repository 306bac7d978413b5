//! Moves: a compact `Copy` value, move lists, and UCI move text.
//!
//! A [`Move`] packs into 32 bits: from square (8 bits), to square (8 bits), kind (4 bits), a
//! piece type (8 bits: the promotion, drop or gating piece) and one flag bit (a promoted drop). Squares are indices on boards of
//! up to 256 squares. Castling is stored as "king takes own rook" (from = king square, to =
//! rook square), which fits every castling rule; the text form depends on the variant (see
//! [`crate::board::Position::move_to_uci`]). A multi-leg move that removes a piece on the way
//! ([`MoveKind::MultiLeg`]: locust captures, a lion's double capture or igui) keeps that square
//! in the piece field, as XBoard keeps its "kill square": the move is from → kill square → to,
//! and the whole effect of any such move is (from, kill, to). Multi-leg moves that remove
//! nothing but what stands on `to` (bent riders) are plain [`MoveKind::Normal`] moves: the
//! route does not change the position.

use crate::board::geometry::Square;
use arrayvec::ArrayVec;
use std::fmt;

/// What a move does besides going from one square to another.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum MoveKind {
    /// A plain move or capture.
    Normal = 0,
    /// A pawn-style promotion to [`Move::piece`].
    Promotion = 1,
    /// Castling; `to` is the square of the rook (or rook-like piece) the king castles with.
    Castling = 2,
    /// An en-passant capture; `to` is the empty e.p. square.
    EnPassant = 3,
    /// A drop of [`Move::piece`] from the hand; `from == to`. With [`Move::drop_promoted`] the
    /// piece lands promoted (`dropPromoted`).
    Drop = 4,
    /// A rule-specific move without a capture (Cambodian first moves; `from == to` is a pass).
    Special = 5,
    /// Shogi-style promotion of the moving piece (`promotedPieceType`).
    PiecePromotion = 6,
    /// Demotion of a promoted piece (`pieceDemotion`).
    PieceDemotion = 7,
    /// A multi-leg move via [`Move::kill_square`], removing whatever stands there (a locust
    /// capture), then on to `to` (capturing there too if occupied). `to == from` is a
    /// capture and return (igui), or with an empty kill square a null move by a piece that
    /// steps out and back (the lion's pass).
    MultiLeg = 8,
    /// A hostage exchange (`hostageExchange`): a prisoner of type [`Move::ransom`] goes from
    /// the mover's prison to the opponent's hand, and the mover's own piece of type
    /// [`Move::piece`] comes out of the opponent's prison onto `to`; `from == to`, as for a
    /// drop.
    Exchange = 9,
    /// A [`MoveKind::MultiLeg`] move after which the piece promotes, shogi-style, to its
    /// `promotedPieceType` (Tenjiku Shogi's lion, horned falcon and soaring eagle promote).
    MultiLegPromotion = 10,
}

impl MoveKind {
    /// A single step of one piece from `from` to `to`, promoting or not: no second square
    /// taken from, no rook, no hand.
    #[inline]
    pub fn is_one_step(self) -> bool {
        matches!(
            self,
            MoveKind::Normal
                | MoveKind::Promotion
                | MoveKind::PiecePromotion
                | MoveKind::PieceDemotion
        )
    }

    /// A move via a kill square ([`MoveKind::MultiLeg`]), promoting or not.
    #[inline(always)]
    pub fn is_multi_leg(self) -> bool {
        matches!(self, MoveKind::MultiLeg | MoveKind::MultiLegPromotion)
    }

    /// Whether the moving piece promotes shogi-style (to its `promotedPieceType`).
    #[inline(always)]
    pub fn is_piece_promotion(self) -> bool {
        matches!(self, MoveKind::PiecePromotion | MoveKind::MultiLegPromotion)
    }

    /// Whether a piece comes onto the board from off it (a drop or an exchange): `to` is
    /// empty before the move and `from == to`.
    #[inline(always)]
    pub fn is_drop_like(self) -> bool {
        matches!(self, MoveKind::Drop | MoveKind::Exchange)
    }

    /// Every kind, in code order (codes 11 to 15 of the 4-bit kind field are unused).
    #[cfg(test)]
    const ALL: [MoveKind; 11] = [
        MoveKind::Normal,
        MoveKind::Promotion,
        MoveKind::Castling,
        MoveKind::EnPassant,
        MoveKind::Drop,
        MoveKind::Special,
        MoveKind::PiecePromotion,
        MoveKind::PieceDemotion,
        MoveKind::MultiLeg,
        MoveKind::Exchange,
        MoveKind::MultiLegPromotion,
    ];
}

/// Bit 28: a drop that places the promoted form of the hand piece.
const DROP_PROMOTED: u32 = 1 << 28;
/// Bit 29: a gating move (S-chess): the piece of [`Move::piece`] comes from the hand onto the
/// square the move leaves.
const GATING: u32 = 1 << 29;
/// Bit 30: with [`GATING`] on a castling move, the gate is the rook's square, not the king's.
const GATE_AT_TO: u32 = 1 << 30;

/// Bit 31: a walling move (`wallingRule`): after the move a wall stands on the square kept
/// in the piece field. A walled promotion keeps its piece type in bits 28-30 instead (so
/// below [`Move::MAX_WALLED_PROMOTION`]; a variant with walls whose promotions need more is
/// reported as unenforced at load).
const WALL: u32 = 1 << 31;
/// Where a walling move keeps its piece type.
const WALL_TYPE_SHIFT: u32 = 28;
/// Where an exchange keeps its ransom's type (bits 28-30, so below
/// [`Move::MAX_RANSOM_TYPES`]; bit 31, [`WALL`], stays clear).
const RANSOM_SHIFT: u32 = 28;
/// The kind field of an exchange, to tell its ransom bits from the flags of other moves.
const EXCHANGE_KIND: u32 = (MoveKind::Exchange as u32) << 16;
const KIND_FIELD: u32 = 15 << 16;

/// A move in 32 bits (see the module documentation).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u32);

impl Move {
    /// No move (all zero bits; never a legal move since from = to = 0 with kind Normal).
    pub const NONE: Move = Move(0);

    /// A move of `kind` from `from` to `to`, with `piece` (promotion / drop type, else 0).
    #[inline(always)]
    pub const fn new(from: Square, to: Square, kind: MoveKind, piece: u8) -> Move {
        Move(
            from.to_u8() as u32
                | (to.to_u8() as u32) << 8
                | (kind as u32) << 16
                | (piece as u32) << 20,
        )
    }
    /// A drop of a `hand_type` piece from the hand onto `to`; `promoted` places its promoted
    /// form (`dropPromoted`). The start square is `to` itself, so code that looks at the
    /// start square of any move finds it empty.
    #[inline(always)]
    pub const fn drop(to: Square, hand_type: u8, promoted: bool) -> Move {
        let m = Move::new(to, to, MoveKind::Drop, hand_type);
        if promoted {
            Move(m.0 | DROP_PROMOTED)
        } else {
            m
        }
    }
    /// Whether a drop places the promoted form of the hand piece.
    #[inline(always)]
    pub const fn drop_promoted(self) -> bool {
        // Bits 28-30 of a walling move are its piece type, of an exchange its ransom's: not
        // flags.
        self.0 & (DROP_PROMOTED | WALL) == DROP_PROMOTED && self.0 & KIND_FIELD != EXCHANGE_KIND
    }
    /// Exchanges name ransoms of types below this (three bits); a variant with exchanges and
    /// more types is refused at load.
    pub const MAX_RANSOM_TYPES: u8 = 8;

    /// A hostage exchange: the mover's `rescued` piece comes out of the opponent's prison
    /// onto `to`, paid for by a prisoner of type `ransom` (below
    /// [`Move::MAX_RANSOM_TYPES`]) from the mover's prison.
    #[inline(always)]
    pub const fn exchange(to: Square, rescued: u8, ransom: u8) -> Move {
        debug_assert!(ransom < Move::MAX_RANSOM_TYPES);
        let m = Move::new(to, to, MoveKind::Exchange, rescued);
        Move(m.0 | (ransom as u32 & 7) << RANSOM_SHIFT)
    }
    /// The prisoner an exchange gives up (its type).
    #[inline(always)]
    pub const fn ransom(self) -> u8 {
        ((self.0 >> RANSOM_SHIFT) & 7) as u8
    }
    /// `self` (a normal move or castling) with a `gate_type` piece gated from the hand onto
    /// its start square, or for castling with `at_to` onto the rook's square.
    #[inline(always)]
    pub const fn with_gating(self, gate_type: u8, at_to: bool) -> Move {
        let m = Move(self.0 & !(0xFF << 20) | (gate_type as u32) << 20 | GATING);
        if at_to {
            Move(m.0 | GATE_AT_TO)
        } else {
            m
        }
    }
    /// Piece types a walled promotion can name: bits 28-30 hold the type.
    pub const MAX_WALLED_PROMOTION: u8 = 8;

    /// `self` (a plain move, castling, e.p. capture or promotion) followed by a wall placed
    /// on `wall` (`wallingRule`). A promotion's type must be below
    /// [`Move::MAX_WALLED_PROMOTION`].
    #[inline(always)]
    pub const fn with_wall(self, wall: Square) -> Move {
        debug_assert!(self.piece() < Move::MAX_WALLED_PROMOTION || self.0 & (15 << 16) == 0);
        let ty = (self.piece() as u32 & 7) << WALL_TYPE_SHIFT;
        Move(self.0 & 0xF_FFFF | (wall.to_u8() as u32) << 20 | ty | WALL)
    }

    /// The square a walling move puts a wall on.
    #[inline(always)]
    pub const fn wall_square(self) -> Option<Square> {
        if self.0 & WALL != 0 {
            Some(Square::new((self.0 >> 20) as u8))
        } else {
            None
        }
    }

    /// Whether `self` and `other` are walling moves that differ only in their wall's square.
    #[inline(always)]
    pub const fn differs_only_in_wall(self, other: Move) -> bool {
        const WALL_SQUARE: u32 = 0xFF << 20;
        self.0 & WALL != 0 && self.0 & !WALL_SQUARE == other.0 & !WALL_SQUARE
    }

    /// Whether a piece is gated from the hand.
    #[inline(always)]
    pub const fn is_gating(self) -> bool {
        self.0 & (GATING | WALL) == GATING && self.0 & KIND_FIELD != EXCHANGE_KIND
    }
    /// The square a gated piece lands on.
    #[inline(always)]
    pub const fn gating_square(self) -> Square {
        if self.0 & GATE_AT_TO != 0 {
            self.to()
        } else {
            self.from()
        }
    }
    /// A move rebuilt from [`Move::bits`] (transposition tables). Bits that no move has (an
    /// unused kind code) give [`Move::NONE`], so every `Move` holds a valid kind.
    #[inline(always)]
    pub const fn from_bits(bits: u32) -> Move {
        if (bits >> 16) & 15 > MoveKind::MultiLegPromotion as u32 {
            Move::NONE
        } else {
            Move(bits)
        }
    }
    /// The move in 28 bits (the transposition table's room): bits 28-31 go, so a gating,
    /// walling or promoted-drop move comes back as its plain move, but an exchange keeps its
    /// ransom in the high half of its piece field (its piece types are below 16 where the
    /// rule is played, see [`Move::MAX_RANSOM_TYPES`]).
    #[inline(always)]
    pub const fn bits28(self) -> u32 {
        if self.0 & KIND_FIELD == EXCHANGE_KIND {
            self.0 & 0x0F_FFFF | (self.piece() as u32 & 15) << 20 | (self.ransom() as u32) << 24
        } else {
            self.0 & 0x0FFF_FFFF
        }
    }
    /// The move [`Move::bits28`] gave (as [`Move::from_bits`] reads bits).
    #[inline(always)]
    pub const fn from_bits28(bits: u32) -> Move {
        let m = Move::from_bits(bits & 0x0FFF_FFFF);
        if m.0 & KIND_FIELD == EXCHANGE_KIND {
            Move::exchange(m.to(), ((bits >> 20) & 15) as u8, ((bits >> 24) & 7) as u8)
        } else {
            m
        }
    }
    /// A plain move or capture.
    #[inline(always)]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move::new(from, to, MoveKind::Normal, 0)
    }
    /// The start square (the king's for castling).
    #[inline(always)]
    pub const fn from(self) -> Square {
        Square::new(self.0 as u8)
    }
    /// The destination (the castling rook's square for castling).
    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::new((self.0 >> 8) as u8)
    }
    /// The kind.
    #[inline(always)]
    pub fn kind(self) -> MoveKind {
        let code = ((self.0 >> 16) & 15) as u8;
        debug_assert!(code <= MoveKind::MultiLegPromotion as u8);
        // SAFETY: `MoveKind` is `repr(u8)` with the discriminants 0..=10, and the kind field of
        // every `Move` holds one of them: `Move::new` writes a `MoveKind`, the other
        // constructors go through it or keep the field, and `Move::from_bits` turns other
        // codes into `Move::NONE`. (A transmute, not a table: a lookup would cost a load on
        // every test of a kind in the move loops.)
        unsafe { std::mem::transmute::<u8, MoveKind>(code) }
    }
    /// The piece type id of a promotion, or the hand type of a drop.
    #[inline(always)]
    pub const fn piece(self) -> u8 {
        if self.0 & WALL != 0 {
            ((self.0 >> WALL_TYPE_SHIFT) & 7) as u8
        } else {
            (self.0 >> 20) as u8
        }
    }
    /// A multi-leg move from `from` via `kill` (whatever stands there is removed) to `to`.
    #[inline(always)]
    pub const fn multi_leg(from: Square, kill: Square, to: Square) -> Move {
        Move::new(from, to, MoveKind::MultiLeg, kill.to_u8())
    }
    /// `self` (a [`MoveKind::MultiLeg`] move) with the moving piece promoting at its end.
    #[inline(always)]
    pub const fn promoting_legs(self) -> Move {
        Move(self.0 & !KIND_FIELD | (MoveKind::MultiLegPromotion as u32) << 16)
    }
    /// The square a [`MoveKind::MultiLeg`] move passes through and empties.
    #[inline(always)]
    pub const fn kill_square(self) -> Square {
        Square::new(self.piece())
    }
    /// The raw bits (for hashing tables).
    pub const fn bits(self) -> u32 {
        self.0
    }
    /// A pass (janggi `pass`, `passOnStalemate`): a special move of the piece on `sq` to its
    /// own square, as Fairy-Stockfish encodes it (the king's square, or without a king the
    /// lowest square of the side's pieces).
    #[inline(always)]
    pub const fn pass(sq: Square) -> Move {
        Move::new(sq, sq, MoveKind::Special, 0)
    }
    /// Whether this is a pass.
    #[inline(always)]
    pub fn is_pass(self) -> bool {
        self.kind() == MoveKind::Special && self.from().index() == self.to().index()
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Move({}->{} {:?} {})",
            self.from().index(),
            self.to().index(),
            self.kind(),
            self.piece()
        )
    }
}

/// How many moves a [`MoveList`] holds on the stack before it moves to the heap.
///
/// No capacity fixed at compile time bounds every variant: a move of amazons or duck chess
/// is a move and a wall square (2,176 legal moves at amazons' start), and shogi-style drops
/// on a 16x16 board reach thousands (every piece type in hand on every empty square). So the
/// list keeps its first `INLINE_MOVES` on the stack and spills to the heap past that:
/// correct for any variant, and without a heap allocation where moves are fewer. Of the 634
/// positions of the perft suites in `tests/data`, only amazons' and duck chess' have more
/// than 512 moves (crazyhouse with full hands comes next, with 301; docs/performance.md,
/// session 49). `tests/move_list_capacity.rs` checks the worst case, full
/// hands on 16x16, against the reference walker.
pub const INLINE_MOVES: usize = 512;

/// A move list: up to [`INLINE_MOVES`] moves on the stack, any number beyond on the heap.
#[derive(Debug, Clone, Default)]
pub struct MoveList {
    inline: ArrayVec<Move, INLINE_MOVES>,
    /// Every move once the stack part has overflowed; the stack part then stays full and
    /// unread until `clear`, so that `push` needs one check.
    heap: Vec<Move>,
    spilled: bool,
}

impl MoveList {
    /// An empty list.
    pub fn new() -> Self {
        Self::default()
    }
    /// Appends a move.
    #[inline(always)]
    pub fn push(&mut self, m: Move) {
        // One check on the hot path: a spilled list keeps its stack part full, so every
        // push of a spilled list fails here and goes to the heap.
        if let Err(full) = self.inline.try_push(m) {
            self.push_to_heap(full.element());
        }
    }
    /// Appends `m` to the heap part, moving the list there first if it has not spilled yet.
    /// Inlined: in amazons and duck chess every list spills and most pushes come here (as a
    /// call, perft 3 of duck chess took 30 % more instructions).
    #[inline(always)]
    fn push_to_heap(&mut self, m: Move) {
        if !self.spilled {
            self.spill();
        }
        self.heap.push(m);
    }
    /// Copies the stack part to the heap, where the list goes on.
    #[cold]
    #[inline(never)]
    fn spill(&mut self) {
        self.heap.reserve(2 * INLINE_MOVES);
        self.heap.extend_from_slice(&self.inline);
        self.spilled = true;
    }
    /// Appends `n` moves, each the next result of `next`: for the long runs of moves that
    /// walls and arrows make (one per wall square), which in amazons and duck chess go to
    /// the heap. The list spills at most once for the run and makes room for it once, and
    /// the moves are then written one after the other with no check per move but the end
    /// of the run. (Through `ArrayVec::extend` and `Vec::extend` each move paid a room
    /// check, an end-of-iterator check and a reload of the length, and in duck chess these
    /// runs are most of what perft does: docs/performance.md, session 63.)
    #[inline(always)]
    pub fn extend_with(&mut self, n: usize, next: impl FnMut() -> Move) {
        if !self.spilled && n > self.inline.remaining_capacity() {
            self.spill();
        }
        if self.spilled {
            self.heap.reserve(n);
            let len = self.heap.len();
            write_all(&mut self.heap.spare_capacity_mut()[..n], next);
            // SAFETY: `write_all` initialised the `n` spare slots after `len`, which
            // `reserve` made room for.
            unsafe { self.heap.set_len(len + n) };
        } else {
            let len = self.inline.len();
            // SAFETY: `n <= remaining_capacity()` (else the list spilled above), so the
            // `n` slots after `len` lie inside the array; `MaybeUninit` asks nothing of
            // their contents, and nothing else borrows the list meanwhile.
            let spare = unsafe {
                std::slice::from_raw_parts_mut(
                    self.inline
                        .as_mut_ptr()
                        .add(len)
                        .cast::<std::mem::MaybeUninit<Move>>(),
                    n,
                )
            };
            write_all(spare, next);
            // SAFETY: the `n` slots after `len` were initialised just now, and `len + n`
            // is within the capacity.
            unsafe { self.inline.set_len(len + n) };
        }
    }
    /// Whether the list has outgrown its stack part since it was last cleared.
    pub fn spilled(&self) -> bool {
        self.spilled
    }
    /// Number of moves.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.as_slice().len()
    }
    /// True if there is no move.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Removes every move.
    #[inline(always)]
    pub fn clear(&mut self) {
        self.inline.clear();
        if self.spilled {
            // Back to the stack part; the heap keeps its room, so the next overflow copies
            // the first moves (a few kilobytes) but allocates nothing.
            self.heap.clear();
            self.spilled = false;
        }
    }
    /// The moves as a slice.
    #[inline(always)]
    pub fn as_slice(&self) -> &[Move] {
        if self.spilled {
            &self.heap
        } else {
            &self.inline
        }
    }
    /// Removes the first `n` moves.
    #[inline]
    pub fn remove_first(&mut self, n: usize) {
        if self.spilled {
            self.heap.drain(..n.min(self.heap.len()));
        } else {
            self.inline.drain(..n.min(self.inline.len()));
        }
    }
    /// Keeps the moves for which `f` is true.
    #[inline(always)]
    pub fn retain(&mut self, f: impl FnMut(&Move) -> bool) {
        if self.spilled {
            self.heap.retain(f);
        } else {
            // `ArrayVec::retain` hands out `&mut`; the moves are `Copy`, so a shared view
            // of each is all `f` needs.
            let mut f = f;
            self.inline.retain(|m| f(m));
        }
    }
    /// Iterates over the moves.
    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
}

/// Fills every slot of `slots` with the next result of `next`.
#[inline(always)]
fn write_all(slots: &mut [std::mem::MaybeUninit<Move>], mut next: impl FnMut() -> Move) {
    for slot in slots {
        slot.write(next());
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_round_trips() {
        let m = Move::new(Square::new(255), Square::new(17), MoveKind::Promotion, 200);
        assert_eq!(m.from().index(), 255);
        assert_eq!(m.to().index(), 17);
        assert_eq!(m.kind(), MoveKind::Promotion);
        assert_eq!(m.piece(), 200);
        for k in MoveKind::ALL {
            assert_eq!(Move::new(Square::new(1), Square::new(2), k, 0).kind(), k);
        }
        assert_eq!(std::mem::size_of::<Move>(), 4);
        let d = Move::drop(Square::new(40), 7, true);
        assert_eq!(
            (d.kind(), d.piece(), d.to().index()),
            (MoveKind::Drop, 7, 40)
        );
        assert!(d.drop_promoted());
        assert!(!Move::drop(Square::new(40), 7, false).drop_promoted());
        assert_eq!(Move::from_bits(d.bits()), d);
        let l = Move::multi_leg(Square::new(200), Square::new(255), Square::new(3));
        assert_eq!(
            (
                l.kind(),
                l.from().index(),
                l.kill_square().index(),
                l.to().index()
            ),
            (MoveKind::MultiLeg, 200, 255, 3)
        );
        assert!(!l.drop_promoted() && !l.is_gating());
        let w = Move::normal(Square::new(3), Square::new(250)).with_wall(Square::new(255));
        assert_eq!(
            (w.kind(), w.from().index(), w.to().index()),
            (MoveKind::Normal, 3, 250)
        );
        assert_eq!(w.wall_square().map(|s| s.index()), Some(255));
        assert_eq!(Move::from_bits(w.bits()), w);
        assert_eq!(
            Move::normal(Square::new(3), Square::new(4)).wall_square(),
            None
        );
        assert_eq!(Move::from_bits(l.bits()), l);
        let lp = l.promoting_legs();
        assert_eq!(
            (lp.kind(), lp.from(), lp.kill_square(), lp.to()),
            (
                MoveKind::MultiLegPromotion,
                l.from(),
                l.kill_square(),
                l.to()
            )
        );
        assert_eq!(Move::from_bits28(lp.bits28()), lp);
        let wp = Move::new(Square::new(250), Square::new(255), MoveKind::Promotion, 7)
            .with_wall(Square::new(254));
        assert_eq!(
            (wp.kind(), wp.piece(), wp.to().index(), wp.wall_square()),
            (MoveKind::Promotion, 7, 255, Some(Square::new(254)))
        );
        assert!(!wp.is_gating() && !wp.drop_promoted());
        assert_eq!(Move::from_bits(wp.bits()), wp);
        // The same move with its wall elsewhere; another move or promotion is not.
        let plain = Move::normal(Square::new(3), Square::new(250));
        assert!(w.differs_only_in_wall(plain.with_wall(Square::new(7))));
        assert!(!w.differs_only_in_wall(plain));
        assert!(!plain.differs_only_in_wall(plain));
        assert!(!w.differs_only_in_wall(
            Move::normal(Square::new(4), Square::new(250)).with_wall(Square::new(7))
        ));
        let wq = Move::new(Square::new(250), Square::new(255), MoveKind::Promotion, 6)
            .with_wall(Square::new(254));
        assert!(!wp.differs_only_in_wall(wq));
        assert!(!w.differs_only_in_wall(Move::NONE));
        // An exchange keeps both types, and its ransom bits are no flags.
        for ransom in 0..Move::MAX_RANSOM_TYPES {
            let x = Move::exchange(Square::new(200), 5, ransom);
            assert_eq!(
                (
                    x.kind(),
                    x.piece(),
                    x.ransom(),
                    x.to().index(),
                    x.from().index()
                ),
                (MoveKind::Exchange, 5, ransom, 200, 200)
            );
            assert!(!x.drop_promoted() && !x.is_gating() && x.wall_square().is_none());
            assert_eq!(Move::from_bits(x.bits()), x);
            assert_eq!(
                Move::from_bits28(x.bits28()),
                x,
                "the table keeps the ransom"
            );
            assert!(x.bits28() < 1 << 28);
        }
        // Unused kind codes (11..=15) are not moves.
        for code in 11u32..16 {
            assert_eq!(Move::from_bits(1 | 2 << 8 | code << 16), Move::NONE);
        }
    }

    /// `extend_with` on each of its paths gives the list that pushing one by one gives: a
    /// run that fits the stack part, one that spills it part-way, one on a spilled list,
    /// and an empty run.
    #[test]
    fn extend_with_appends_what_pushes_would() {
        let mv = |i: usize| Move::normal(Square::new((i % 256) as u8), Square::new(3));
        let stack_room = INLINE_MOVES - 10;
        for (before, run) in [(10, 20), (stack_room, 25), (INLINE_MOVES + 5, 700), (7, 0)] {
            let (mut by_run, mut by_push) = (MoveList::new(), MoveList::new());
            for i in 0..before {
                by_run.push(mv(i));
                by_push.push(mv(i));
            }
            let mut i = before;
            by_run.extend_with(run, || {
                i += 1;
                mv(i - 1)
            });
            for i in before..before + run {
                by_push.push(mv(i));
            }
            assert_eq!(by_run.as_slice(), by_push.as_slice(), "{before} then {run}");
            assert_eq!(by_run.len(), before + run);
            assert_eq!(by_run.spilled(), before + run > INLINE_MOVES);
        }
    }
}
