//! The bare-king rule of Chu and Dai Shogi (`bareKingValue`, `bareKingWeakTypes`, our
//! addition; `variants/README.md`): a side left with a lone royal piece loses against a side
//! that has more, unless the lone royal can bare that side in turn with its next move; two
//! lone royals draw.
//!
//! As lishogi judges it:
//! - a side is *bare* when its only piece that can still move is one royal piece (a pawn or
//!   lance stuck on the last rank does not count: it can never move again);
//! - a bare side loses when the other side has its royal and at least one more piece that
//!   counts (not of `bareKingWeakTypes`: Chu's pawns and go-betweens do not bare a king),
//!   unless the bare royal attacks one of the other side's royals, or the other side has
//!   exactly one piece besides its royal (a second royal counts) and the bare royal attacks
//!   it;
//! - when both sides are bare, the game is drawn (unless the side to move can take the other
//!   royal).
//!
//! Both sides are looked at after every move, so a side that bared the other on its move wins
//! at once, and a bare royal that may take the last piece but does not loses on the next move.

use super::EndReason;
use crate::board::bitboard::Bitboard;
use crate::board::geometry::Square;
use crate::board::position::tables::{PieceTables, TypeSet};
use crate::board::position::{type_of, Position};
use crate::color::Color;
use crate::variant::{GameValue, Variant};

/// The rule compiled for a variant and board size.
#[derive(Debug, Clone)]
pub struct BareKingRule<B> {
    /// The value for the side that is bared.
    value: GameValue,
    /// The royal types (the king, the extinction types).
    royals: TypeSet,
    /// `bareKingWeakTypes`.
    weak: TypeSet,
    /// Per colour: the squares where some piece of that colour can never move again (its
    /// moves on an empty board all leave the board). Only pieces on them need the exact test.
    dead_zone: [B; 2],
    /// Per colour and type: the squares where that type can never move again.
    dead: [Vec<B>; 2],
}

impl<B: Bitboard> BareKingRule<B> {
    /// The rule of `variant`, if it has one. `walkers` are the types with moves only the
    /// reference walker plays (they are never counted as stuck).
    pub fn compile(
        variant: &Variant,
        pieces: &[PieceTables<B>],
        walkers: TypeSet,
        board: B,
    ) -> Option<Self> {
        let rule = &variant.game_end.bare_king;
        let value = rule.value?;
        let mut royals = TypeSet::of(&variant.game_end.extinction.piece_types);
        if let Some(k) = variant.king {
            royals.0 |= 1 << k;
        }
        let dead = Color::BOTH.map(|c| {
            pieces
                .iter()
                .enumerate()
                .map(|(t, pt)| {
                    let mut stuck = B::EMPTY;
                    if walkers.has(t as u8) {
                        return stuck;
                    }
                    for sq in board.iter() {
                        let reach = pt.quiet[c].empty_board(sq) | pt.capture[c].empty_board(sq);
                        if (reach & board).is_empty() {
                            stuck |= B::square(sq);
                        }
                    }
                    stuck
                })
                .collect::<Vec<B>>()
        });
        let dead_zone = Color::BOTH.map(|c| {
            dead[c.index()]
                .iter()
                .enumerate()
                .filter(|&(t, _)| !royals.has(t as u8))
                .fold(B::EMPTY, |acc, (_, &b)| acc | b)
        });
        Some(BareKingRule {
            value,
            royals,
            weak: TypeSet::of(&rule.weak_types),
            dead_zone,
            dead,
        })
    }
}

impl<B: Bitboard> Position<B> {
    /// The bare-king end, if any: its value for the side to move and its reason.
    pub(super) fn bare_king_end(&self, rule: &BareKingRule<B>) -> Option<(GameValue, EndReason)> {
        // The cheap filter: a side with two pieces off the squares where pieces get stuck is
        // not bare, and that is nearly every position.
        let few = Color::BOTH.map(|c| (self.by_color[c] & !rule.dead_zone[c]).count() <= 1);
        if !few.contains(&true) {
            return None;
        }
        let royal = Color::BOTH.map(|c| few[c].then(|| self.lone_royal(rule, c)).flatten());
        let stm = self.stm;
        match (royal[stm], royal[!stm]) {
            // Two lone royals draw, unless the side to move can take the other.
            (Some(_), Some(theirs)) => (!self.any_attacked_by(B::square(theirs), stm))
                .then_some((GameValue::Draw, EndReason::BareKing)),
            (Some(_), None) => self
                .is_bared(rule, stm)
                .then_some((rule.value, EndReason::BareKing)),
            (None, Some(_)) => self
                .is_bared(rule, !stm)
                .then_some((super::negate(rule.value), EndReason::BareKing)),
            (None, None) => None,
        }
    }

    /// The square of `c`'s one royal piece if that is the only piece of `c` that can move.
    fn lone_royal(&self, rule: &BareKingRule<B>, c: Color) -> Option<Square> {
        let mut royal = None;
        for sq in self.by_color[c].iter() {
            let t = type_of(self.board[sq.index()]);
            if rule.dead[c.index()][t as usize].contains(sq) && !rule.royals.has(t) {
                continue;
            }
            if royal.is_some() || !rule.royals.has(t) {
                return None;
            }
            royal = Some(sq);
        }
        royal
    }

    /// Whether bare side `c` has lost: the other side has a royal and at least one more
    /// piece that counts (a second royal counts), and `c`'s royal can neither take a royal nor
    /// take the one other piece.
    fn is_bared(&self, rule: &BareKingRule<B>, c: Color) -> bool {
        let them = !c;
        let mut counted = B::EMPTY;
        let mut royals = B::EMPTY;
        for sq in self.by_color[them].iter() {
            let t = type_of(self.board[sq.index()]);
            if rule.royals.has(t) {
                royals |= B::square(sq);
            } else if !rule.weak.has(t) && !rule.dead[them.index()][t as usize].contains(sq) {
                counted |= B::square(sq);
            }
        }
        let total = royals.count() + counted.count();
        if royals.is_empty() || total < 2 || self.any_attacked_by(royals, c) {
            return false;
        }
        !(total == 2 && self.any_attacked_by(counted, c))
    }

    /// Whether a piece of `c` attacks one of `squares`.
    fn any_attacked_by(&self, squares: B, c: Color) -> bool {
        squares
            .iter()
            .any(|sq| self.attackers_to(sq, self.occ, c).any())
    }
}
