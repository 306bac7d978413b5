//! Range captures (`rangeCaptureTypes`, Tenjiku Shogi's great, vice, rook and bishop
//! generals): along each line a piece slides on, its capture may jump any number of pieces of
//! either side ranked below it (`rangeCaptureRanks`) and take an enemy piece further on that
//! is ranked below it too. The first piece on the line is the plain slide's to take; a piece
//! of the capturer's rank or above ends the line. A range capture removes only what stands on
//! its target, so it is a plain move from `from` to there.

use crate::betza::atom::COMPASS;
use crate::board::bitboard::Bitboard;
use crate::board::geometry::Square;
use crate::board::position::{type_of, Position, EMPTY, WALL};
use crate::color::Color;

impl<B: Bitboard> Position<B> {
    /// The squares beyond the first piece of each of its lines that a range capturer of type
    /// `ty` on `from` reaches by jumping: pieces (of either side; the caller keeps the
    /// enemies) ranked below it, behind only pieces ranked below it. A line is one the piece
    /// slides on: its empty-board reach holds the first two squares along it, and bounds how
    /// far it goes.
    pub(crate) fn range_capture_targets(&self, ty: u8, from: Square, us: Color) -> B {
        let t = &*self.t;
        let rank = &t.rules.captures.rank;
        let own = rank[ty as usize];
        let reach = t.pieces[ty as usize].capture[us].empty_board(from);
        let mut targets = B::EMPTY;
        for (dx, dy) in COMPASS.map(|(x, y)| (i32::from(x), i32::from(y))) {
            let Some(first) = t.geo.offset(from, dx, dy) else {
                continue;
            };
            let slides = reach.contains(first)
                && t.geo
                    .offset(first, dx, dy)
                    .is_some_and(|second| reach.contains(second));
            if !slides {
                continue;
            }
            let mut jumped = false;
            let mut sq = first;
            loop {
                let pc = self.board[sq.index()];
                if pc == WALL {
                    break;
                }
                if pc != EMPTY {
                    let below = rank[type_of(pc) as usize] < own;
                    if jumped && below {
                        targets = targets.with(sq);
                    }
                    if !below {
                        break;
                    }
                    jumped = true;
                }
                match t.geo.offset(sq, dx, dy) {
                    Some(next) if reach.contains(next) => sq = next,
                    _ => break,
                }
            }
        }
        targets
    }
}
