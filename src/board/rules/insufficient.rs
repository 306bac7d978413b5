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
//! (not of pseudo-royal pieces) or a flag the side still has a piece for, is never short of
//! material.

use crate::board::bitboard::Bitboard;
use crate::board::position::Position;
use crate::color::Color;
use crate::variant::GameValue;

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

impl<B: Bitboard> Position<B> {
    /// Whether `side` cannot win any more, whatever it plays (see the module documentation).
    pub fn has_insufficient_material(&self, side: Color) -> bool {
        let t = &*self.t;
        let v = &t.variant;
        let ext = &v.game_end.extinction;
        if v.drops.captures_to_hand
            || self.hand_count(side) > 0
            || (ext.value.is_some() && !ext.pseudo_royal)
            || self.has_flag_piece(side)
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
        let blast_royals = ext.pseudo_royal && v.captures.blast_on_capture;
        let mut restricted = t.king.map_or(B::EMPTY, |k| self.by_type[k as usize]);
        let mut colour_bound = B::EMPTY;
        for (id, piece) in v.pieces.iter().enumerate() {
            let id = id as u8;
            let name = piece.name.as_str();
            let reaches_king = (t.pieces[id as usize].mobility[side] & enemy_king_squares).any();
            if Some(id) == t.king || !reaches_king || (blast_royals && t.extinction_types.has(id)) {
                restricted |= self.pieces_of(id, side);
            } else if MATING.contains(&name) || name.starts_with("customPiece") {
                let promotes_to = promoting_pawn && t.promotion_types[side].contains(&id);
                if self.count(id, side) > 0 || promotes_to {
                    return false;
                }
            } else if COLOUR_BOUND.contains(&name) {
                colour_bound |= self.by_type[id as usize];
            }
        }
        let all = self.by_color[0] | self.by_color[1];
        let unbound = all & !restricted & !colour_bound;
        let stalemate_wins = v.game_end.stalemate_value != GameValue::Draw;
        let other_wins = stalemate_wins || v.checks.check_counting || v.checks.makpong_rule;
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
                let royal_is_chess_king = v.pieces[k as usize].betza == "K";
                if !royal_is_chess_king
                    && self.count(k, side) > 0
                    && (own & enemy_king_squares).any()
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
        match *self.t.variant.game_end.flag.piece.get(side) {
            Some(p) => self.count(p, side) > 0,
            None => self.by_color[side].any(),
        }
    }
}
