//! Palace diagonals (`diagonalLines`, janggi): pieces standing on one of the marked squares
//! may also move along the diagonals, but only to marked squares.
//!
//! Which pieces do so, and how, is Fairy-Stockfish's hard-coded list (the Betza strings do not
//! say it): the wazir (the janggi advisor) and a king that moves as a wazir step like a fers,
//! the soldier steps diagonally forward, the rook slides like a bishop and the janggi cannon
//! hops like a diagonal cannon (neither over nor onto another janggi cannon). Any other piece
//! ignores the lines. The reaches are ordinary attack tables masked with the lines at run
//! time, so any set of marked squares plays as it does in Fairy-Stockfish.

use super::piece_tables::{Reach, ReachBuilder};
use super::tables::TableError;
use super::Position;
use crate::board::attacks::{Direction, LineAttacks, LineKind, LineSpec};
use crate::board::bitboard::Bitboard;
use crate::board::geometry::{Geometry, Square};
use crate::color::Color;
use crate::variant::{SpecialPiece, Variant};
use std::collections::HashMap;
use std::sync::Arc;

/// How a piece type moves along the palace diagonals.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiagonalMove {
    /// One diagonal step (wazir, wazir-king).
    Step,
    /// One diagonal step forward (soldier).
    Forward,
    /// Slides diagonally (rook).
    Slide,
    /// Hops diagonally over one piece that is not a janggi cannon (janggi cannon).
    Cannon,
}

/// The palace lines of a variant and the diagonal reach of each piece type that uses them.
#[derive(Debug)]
pub struct Palace<B> {
    /// The marked squares.
    pub lines: B,
    /// Per piece type: how it moves on the lines and its reach per colour (unmasked).
    moves: Vec<Option<(DiagonalMove, [Reach<B>; 2])>>,
}

/// Fairy-Stockfish's list: which piece types move along the lines, and how.
fn diagonal_move(v: &Variant, ty: usize) -> Option<DiagonalMove> {
    let p = &v.pieces[ty];
    match (p.special, p.name.as_str()) {
        (Some(SpecialPiece::Soldier), _) => Some(DiagonalMove::Forward),
        (Some(SpecialPiece::JanggiCannon), _) => Some(DiagonalMove::Cannon),
        (_, "rook") => Some(DiagonalMove::Slide),
        (_, "wazir") => Some(DiagonalMove::Step),
        // Fairy-Stockfish's king type WAZIR, written `king = k:W` in our files.
        _ if p.royal && p.betza == "W" => Some(DiagonalMove::Step),
        _ => None,
    }
}

impl<B: Bitboard> Palace<B> {
    /// The palace of `v`, or `None` when it has no lines or no piece that uses them.
    pub(super) fn new(
        v: &Variant,
        geo: &Geometry,
        lines: B,
        cache: &mut HashMap<LineSpec, Arc<LineAttacks<B>>>,
    ) -> Result<Option<Self>, TableError> {
        if lines.is_empty() {
            return Ok(None);
        }
        // Squares beyond the farthest marked square of a diagonal are masked off, and so are
        // hops landing there: lines of that length give the same moves with small tables.
        let marked: Vec<Square> = lines.iter().collect();
        let mut span = 1;
        for &a in &marked {
            for &b in &marked {
                let dx = (geo.file_of(a) as i32 - geo.file_of(b) as i32).abs();
                let dy = (geo.rank_of(a) as i32 - geo.rank_of(b) as i32).abs();
                if dx == dy {
                    span = span.max(dx);
                }
            }
        }
        let range = u8::try_from(span).ok();
        let mut moves = Vec::with_capacity(v.pieces.len());
        let mut any = false;
        for ty in 0..v.pieces.len() {
            let Some(kind) = diagonal_move(v, ty) else {
                moves.push(None);
                continue;
            };
            any = true;
            let white = reach(kind, Color::White, range, geo, cache)?;
            let black = reach(kind, Color::Black, range, geo, cache)?;
            moves.push(Some((kind, [white, black])));
        }
        Ok(any.then_some(Palace { lines, moves }))
    }

    /// How type `ty` moves on the lines, if at all.
    #[inline(always)]
    pub fn kind(&self, ty: u8) -> Option<DiagonalMove> {
        self.moves
            .get(ty as usize)
            .and_then(|m| m.as_ref().map(|(k, _)| *k))
    }
}

/// The unmasked diagonal reach of one kind for colour `c`, lines at most `range` long.
fn reach<B: Bitboard>(
    kind: DiagonalMove,
    c: Color,
    range: Option<u8>,
    geo: &Geometry,
    cache: &mut HashMap<LineSpec, Arc<LineAttacks<B>>>,
) -> Result<Reach<B>, TableError> {
    const DIAGONALS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
    let mut b = ReachBuilder::new();
    b.any = true;
    let forward = c.sign();
    match kind {
        DiagonalMove::Step => b.leap.extend(DIAGONALS),
        DiagonalMove::Forward => b.leap.extend([(1, forward), (-1, forward)]),
        DiagonalMove::Slide | DiagonalMove::Cannon => {
            let line = if kind == DiagonalMove::Slide {
                LineKind::Slide
            } else {
                LineKind::Cannon
            };
            for (x, y) in DIAGONALS {
                let d = Direction::from_delta(x, y)
                    .ok_or_else(|| TableError::Geometry("diagonal direction".into()))?;
                b.add_line(line, range, d);
            }
        }
    }
    b.build(geo, cache)
}

impl<B: Bitboard> Position<B> {
    /// Squares the piece of type `ty` and colour `us` on `from` reaches along the palace
    /// lines (empty or not: the caller keeps captures and quiet moves apart). `from` must be
    /// on the lines.
    #[inline]
    pub(crate) fn palace_reach(&self, palace: &Palace<B>, ty: u8, us: Color, from: Square) -> B {
        let Some(Some((kind, r))) = palace.moves.get(ty as usize) else {
            return B::EMPTY;
        };
        let occ = self.occ;
        let b = r[us].get(from, occ);
        let b = if *kind == DiagonalMove::Cannon {
            let cannons = self.by_type[ty as usize];
            b & r[us].get(from, occ & !cannons) & !cannons
        } else {
            b
        };
        b & palace.lines
    }

    /// Pieces of `color` that capture on `sq` along the palace lines with occupancy `occ`,
    /// where `cannons` are the janggi cannons (neither hopped over nor captured).
    pub(crate) fn palace_attackers(&self, sq: Square, occ: B, color: Color, cannons: B) -> B {
        let Some(palace) = &self.t.palace else {
            return B::EMPTY;
        };
        if !palace.lines.contains(sq) {
            return B::EMPTY;
        }
        let them = !color;
        let mut b = B::EMPTY;
        for (ty, m) in palace.moves.iter().enumerate() {
            let Some((kind, r)) = m else { continue };
            let mine = self.pieces_of(ty as u8, color) & palace.lines;
            if mine.is_empty() {
                continue;
            }
            // Seen backwards from the target: the other colour's reach (only the soldier's
            // differs by colour).
            let mut hit = r[them].get(sq, occ) & mine;
            if *kind == DiagonalMove::Cannon {
                hit &= r[them].get(sq, occ & !cannons);
            }
            if Some(ty as u8) == self.t.soldier && !self.t.soldier_zone[color].contains(sq) {
                // As Fairy-Stockfish: soldiers not yet on their promotion rank capture only
                // straight ahead (it filters them after adding the diagonals).
                hit &= self.t.files[self.t.geo.file_of(sq) as usize];
            }
            b |= hit;
        }
        b
    }

    /// Janggi bikjang: the rule is on and the two kings face each other on an open line.
    /// Then the side to move may pass even in check, and must not leave them facing with any
    /// other move. Two bikjang positions in a row (a pass in between) end the game.
    pub fn bikjang(&self) -> bool {
        if !self.t.rules.checks.bikjang_rule {
            return false;
        }
        let (Some(ksq), Some(eksq)) = (self.king_square(self.stm), self.king_square(!self.stm))
        else {
            return false;
        };
        self.t.rook_empty[ksq.index()].contains(eksq)
            && (self.t.lines.between(ksq, eksq) & self.occ).is_empty()
    }

    /// The game ends (Fairy-Stockfish's `is_immediate_game_end`) after two passes in a row,
    /// or when a bikjang position follows a bikjang position (the side in bikjang passed:
    /// any other move must break it). The result is material counting or a draw.
    pub fn pass_or_bikjang_end(&self) -> bool {
        if !self.st.last_move.is_pass() {
            return false;
        }
        let passed_before = self.history.last().is_some_and(|s| s.last_move.is_pass());
        (passed_before && !self.t.wall_or_move) || self.bikjang()
    }
}
