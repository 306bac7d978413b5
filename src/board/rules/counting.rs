//! The SE-Asian counting rules (`countingRule`: makruk, cambodian, asean): once one side is
//! reduced far enough, the other must mate within a limit of moves that depends on the
//! material left, or the game is drawn. Fairy-Stockfish's `count_limit` and the update in its
//! `do_move`; the limit and the plies counted so far are the position's `counting_limit` and
//! `counting_ply` (in plies, as in the FEN).

use crate::board::bitboard::Bitboard;
use crate::board::moves::MoveKind;
use crate::board::position::{type_of, Position, EMPTY};
use crate::color::Color;
use crate::variant::CountingRule;

impl<B: Bitboard> Position<B> {
    fn count_of(&self, ty: Option<u8>, color: Color) -> u32 {
        ty.map_or(0, |t| self.count(t, color))
    }

    fn pawns_left(&self) -> u32 {
        self.t.pawn.map_or(0, |p| {
            self.count(p, Color::White) + self.count(p, Color::Black)
        })
    }

    /// The number of moves `side` (the side being counted, the weaker one) may still
    /// escape within, 0 when no counting applies.
    fn count_limit(&self, side: Color) -> u32 {
        let other = !side;
        let all = |c: Color| self.by_color[c].count();
        let end = &self.t.rules.end;
        let rooks = self.count_of(end.counted.rook, other);
        let khons = self.count_of(end.counted.silver, other);
        let knights = self.count_of(end.counted.knight, other);
        match end.counting_rule {
            CountingRule::None => 0,
            CountingRule::Makruk | CountingRule::Cambodian => {
                let cambodian = end.counting_rule == CountingRule::Cambodian;
                let board_honor = if cambodian { 63 } else { 64 };
                if cambodian && all(side) > 3 || all(other) == 1 {
                    return 0;
                }
                if !cambodian && self.pawns_left() > 0 {
                    return 0;
                }
                if all(side) > 1 {
                    return board_honor;
                }
                if cambodian && self.pawns_left() > 0 {
                    return 0;
                }
                let shift = u32::from(cambodian);
                if rooks > 1 {
                    8 - shift
                } else if rooks == 1 {
                    16 - shift
                } else if khons > 1 {
                    22 - shift
                } else if knights > 1 {
                    32 - shift
                } else if khons == 1 {
                    44 - shift
                } else {
                    board_honor
                }
            }
            CountingRule::Asean => {
                if self.pawns_left() > 0 || all(side) > 1 {
                    0
                } else if rooks > 0 {
                    16
                } else if khons > 0 {
                    44
                } else if knights > 0 {
                    64
                } else {
                    0
                }
            }
        }
    }

    /// Starts or restarts the count after a move (the side to move has just changed).
    pub(crate) fn update_counting(&mut self) {
        let rule = self.t.rules.end.counting_rule;
        let stm = self.stm;
        let captured = self.st.captured;
        let total = self.piece_count();
        let pawn_captured =
            captured != EMPTY && self.t.pawn.is_some_and(|p| type_of(captured) == p);
        if rule != CountingRule::Asean
            && pawn_captured
            && self.by_color[!stm].count() == 1
            && self.pawns_left() == 0
        {
            let limit = self.count_limit(!stm);
            if limit != 0 {
                self.st.counting_limit = 2 * limit;
                self.st.counting_ply = 2 * total - 1;
            }
        }
        let changed = captured != EMPTY || self.st.last_move.kind() == MoveKind::Promotion;
        if self.st.counting_limit == 0 || changed && self.by_color[stm].count() == 1 {
            let limit = self.count_limit(stm);
            if limit != 0 {
                self.st.counting_limit = 2 * limit;
                self.st.counting_ply =
                    if rule == CountingRule::Asean || self.by_color[stm].count() > 1 {
                        0
                    } else {
                        2 * total
                    };
            }
        }
    }
}
