//! Insufficient material: whether a side can no longer win, by Fairy-Stockfish's rule
//! (pyffish's `has_insufficient_material`, which match referees and variant servers use to
//! call a draw). The search does not use it: a position without mating material scores as the
//! evaluation says, and the game ends by the variant's own rules.
//!
//! The rule sorts piece types by their Fairy-Stockfish name, as that engine does:
//! - *mating* types (rook, queen, archbishop, chancellor, silver, gold, commoner, centaur,
//!   amazon, bers, and every custom piece, since nothing is known of them): one on the board,
//!   or a pawn that may promote to one, is enough to win;
//! - *colour-bound* types (bishop, fers, fersAlfil, alfil, elephant): enough when they stand
//!   on both colours, or with any unbound piece, or where stalemate or a check wins;
//! - *restricted* pieces (kings, and a type that may never stand where the enemy king may,
//!   such as xiangqi's advisors and elephants) never mate;
//! - any other piece (a knight, say) is enough with one more piece of either side beside the
//!   kings, or where stalemate or a check wins.
//!
//! A side with pieces in hand, a variant where captures go to the hand, an extinction rule
//! (not of pseudo-royal pieces), a flag the side still has a piece for, or a repetition that
//! does not draw (`nFoldValue`), is never short of material.

use crate::board::bitboard::Bitboard;
use crate::board::position::{Position, TypeSet};
use crate::color::Color;
use crate::variant::{GameValue, Variant};

/// Fairy-Stockfish's types that can force mate alone.
const MATING: [&str; 10] = [
    "rook",
    "queen",
    "archbishop",
    "chancellor",
    "silver",
    "gold",
    "commoner",
    "centaur",
    "amazon",
    "bers",
];

/// Fairy-Stockfish's types that stay on one colour of squares.
const COLOUR_BOUND: [&str; 5] = ["bishop", "fers", "fersAlfil", "alfil", "elephant"];

/// The variant's types sorted as the rule sorts them, compiled once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MaterialKinds {
    /// Types that can mate alone (by name, and every custom piece).
    pub mating: TypeSet,
    /// Types bound to one colour of squares (by name).
    pub colour_bound: TypeSet,
    /// The royal type moves as a chess king (`K`).
    pub chess_king: bool,
    /// Extinction (not of pseudo-royal pieces) ends the game: no side is ever short.
    pub extinction: bool,
}

impl MaterialKinds {
    /// The kinds of `v`'s types.
    pub fn compile(v: &Variant) -> Self {
        let of = |keep: &dyn Fn(&str) -> bool| {
            TypeSet(v.pieces.iter().enumerate().fold(0, |acc, (id, p)| {
                if keep(&p.name) {
                    acc | 1u64 << id
                } else {
                    acc
                }
            }))
        };
        let ext = &v.game_end.extinction;
        MaterialKinds {
            mating: of(&|name| MATING.contains(&name) || name.starts_with("customPiece")),
            colour_bound: of(&|name| COLOUR_BOUND.contains(&name)),
            chess_king: v.king.is_some_and(|k| v.pieces[k as usize].betza == "K"),
            extinction: ext.value.is_some() && !ext.pseudo_royal,
        }
    }
}

impl<B: Bitboard> Position<B> {
    /// Whether `side` cannot win any more, whatever it plays (see the module documentation).
    pub fn has_insufficient_material(&self, side: Color) -> bool {
        let t = &*self.t;
        let rules = &t.rules;
        let kinds = rules.material;
        // With prisons, pieces taken can come back by exchange.
        if rules.moves.captures_to_hand
            || rules.moves.prisons
            || self.hand_count(side) > 0
            || kinds.extinction
            || self.has_flag_piece(side)
            || rules.end.n_fold_value != GameValue::Draw
        {
            return false;
        }
        let promoting_pawn = t.promotion_pawn_types[side]
            .iter()
            .any(|p| self.count(p, side) > 0);
        // Where the enemy king may stand: a piece that never gets there cannot mate it.
        let enemy_king_squares = t
            .king
            .map_or(t.board, |k| t.pieces[k as usize].mobility[!side]);
        let blast_royals = rules.end.pseudo_royal && rules.captures.blast;
        let mut restricted = t.king.map_or(B::EMPTY, |k| self.by_type[k as usize]);
        let mut colour_bound = B::EMPTY;
        for id in 0..t.n_types as u8 {
            let reaches_king = (t.pieces[id as usize].mobility[side] & enemy_king_squares).any();
            if Some(id) == t.king || !reaches_king || (blast_royals && t.extinction_types.has(id)) {
                restricted |= self.pieces_of(id, side);
            } else if kinds.mating.has(id) {
                let promotes_to = promoting_pawn && t.promotion_types[side].contains(&id);
                if self.count(id, side) > 0 || promotes_to {
                    return false;
                }
            } else if kinds.colour_bound.has(id) {
                colour_bound |= self.by_type[id as usize];
            }
        }
        let all = self.all_pieces();
        let unbound = all & !restricted & !colour_bound;
        let stalemate_wins = rules.end.stalemate_value != GameValue::Draw;
        let other_wins = stalemate_wins || rules.checks.check_counting || rules.checks.makpong_rule;
        let mine = self.by_color[side];
        if (colour_bound & mine).any() {
            let both_colours =
                (colour_bound & t.dark_squares).any() && (colour_bound & !t.dark_squares).any();
            if both_colours || unbound.any() || other_wins {
                return false;
            }
        }
        if (mine & unbound).any() && ((all & !restricted).count() >= 2 || other_wins) {
            return false;
        }
        // A lone royal that is not a chess king may still stalemate its way to a win.
        if stalemate_wins {
            if let Some(k) = t.king {
                let own = t.pieces[k as usize].mobility[side];
                if !kinds.chess_king && self.count(k, side) > 0 && (own & enemy_king_squares).any()
                {
                    return false;
                }
            }
        }
        true
    }

    /// Whether `side` has a piece that may still win by reaching its flag region.
    fn has_flag_piece(&self, side: Color) -> bool {
        if self.t.flag_region[side].is_empty() {
            return false;
        }
        match self.t.rules.end.flag_piece[side] {
            Some(p) => self.count(p, side) > 0,
            None => self.by_color[side].any(),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::board::Game;
    use crate::color::Color;
    use crate::variant::builtin;

    /// `(white, black)` short of material in a variant's position.
    fn short(variant: &str, fen: &str) -> (bool, bool) {
        let v = builtin(variant).expect("built in");
        let game = Game::new(v, Some(fen), false).expect("fen");
        crate::with_position!(&game, p => (
            p.has_insufficient_material(Color::White),
            p.has_insufficient_material(Color::Black),
        ))
    }

    #[test]
    fn the_classic_draws_and_what_is_not_one() {
        assert_eq!(
            short("chess", "8/8/4k3/8/8/8/4K3/8 w - - 0 1"),
            (true, true)
        );
        // A lone knight cannot mate; a rook can; bishops can only on both colours.
        assert_eq!(
            short("chess", "8/8/4k3/8/8/8/4KN2/8 w - - 0 1"),
            (true, true)
        );
        assert_eq!(
            short("chess", "8/8/4k3/8/8/8/4KR2/8 w - - 0 1"),
            (false, true)
        );
        assert_eq!(
            short("chess", "8/8/4k3/8/8/8/4K3/2B2B2 w - - 0 1"),
            (false, true)
        );
        assert_eq!(
            short("chess", "8/8/4k3/8/8/8/3BKB2/8 w - - 0 1"),
            (true, true)
        );
        // A knight with another piece beside the kings may mate (with the other side's help).
        assert_eq!(
            short("chess", "8/8/4k3/4p3/8/8/4KN2/8 w - - 0 1"),
            (false, false)
        );
        // Pieces in hand always can; so can a side where stalemate wins.
        assert_eq!(
            short("crazyhouse", "8/8/4k3/8/8/8/4K3/8[] w - - 0 1"),
            (false, false)
        );
        assert_eq!(
            short("shatranj", "8/8/4k3/8/8/8/4KN2/8 w - - 0 1"),
            (false, false)
        );
        // Xiangqi's advisors never leave the palace, so they never reach the other king.
        assert_eq!(
            short("xiangqi", "4k4/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1"),
            (true, true)
        );
    }
}
