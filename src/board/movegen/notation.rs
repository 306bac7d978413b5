//! Moves as protocol text (UCI, USI, UCCI, CECP): writing them, and reading them back among
//! the legal moves.

use crate::board::bitboard::Bitboard;
use crate::board::dialect::MoveDialect;
use crate::board::geometry::Square;
use crate::board::moves::{Move, MoveKind, MoveList};
use crate::board::position::{type_of, Position};
use crate::color::Color;
use crate::variant::WallingRule;

impl<B: Bitboard> Position<B> {
    /// The move whose UCI text is `text`, among the legal moves
    /// ([`Position::parse_move_text`] in [`MoveDialect::Uci`]).
    pub fn parse_uci_move(&self, text: &str) -> Result<Move, crate::board::MoveError> {
        self.parse_move_text(text, MoveDialect::Uci)
    }

    /// The move whose text in `dialect` is `text`, among the legal moves. The piece letter of
    /// a drop may be given in either case (`P@e4`, `p@e4`). A pass is written as
    /// Fairy-Stockfish writes it (the passing piece's square twice, `e2e2`); `@@@@` and `0000`
    /// are read as a pass too where one is legal, or as a lion's pass (out through an empty
    /// square and back: every such move leaves the same position).
    pub fn parse_move_text(
        &self,
        text: &str,
        dialect: MoveDialect,
    ) -> Result<Move, crate::board::MoveError> {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        let pass_alias = matches!(text, "@@@@" | "0000");
        let mark = dialect.drop_mark();
        let want = match text.split_once(mark) {
            Some((piece, sq)) if !pass_alias => {
                format!("{}{mark}{sq}", piece.to_ascii_uppercase())
            }
            _ => text.to_string(),
        };
        // A trailing `=` says "no promotion" (shogi); the move is the one without suffix.
        let want = match want.strip_suffix('=') {
            Some(w) if !w.contains(mark) => w.to_string(),
            _ => want,
        };
        // A move without a wall is also read without Fairy-Stockfish's empty wall leg.
        let bare = |m: Move| {
            let text = self.move_text(m, dialect);
            text == want
                || m.wall_square().is_none()
                    && text
                        .split_once(',')
                        .is_some_and(|(move_part, _)| move_part == want)
        };
        list.iter()
            .copied()
            .find(|&m| (pass_alias && self.passes(m)) || bare(m))
            .ok_or_else(|| crate::board::MoveError::Illegal(text.to_string()))
    }

    /// UCI text of a move ([`Position::move_text`] in [`MoveDialect::Uci`]).
    pub fn move_to_uci(&self, m: Move) -> String {
        self.move_text(m, MoveDialect::Uci)
    }

    /// The text of a move in `dialect`: promotions with the lower-case piece letter, shogi
    /// promotions with `+`; hostage exchanges as a drop with the prisoner given in lower case
    /// (`B@f7n`); castling as the king's destination, or king-takes-rook in Chess960
    /// and when the destination would be ambiguous with a normal king move (as
    /// Fairy-Stockfish prints it).
    pub fn move_text(&self, m: Move, dialect: MoveDialect) -> String {
        let t = &*self.t;
        let geo = t.geo;
        let name = |sq: Square| dialect.square(&geo, sq);
        let cecp = dialect == MoveDialect::Cecp;
        if cecp && m.wall_square().is_none() && self.passes(m) {
            return "@@@@".to_string();
        }
        let mut from = m.from();
        let mut to = m.to();
        if m.kind() == MoveKind::Castling
            && !self.chess960
            && !(m.is_gating() && m.gating_square() == m.to())
        {
            let c = &t.variant().castling;
            let kingside = to > from;
            if let Some(kto) = geo.square(
                if kingside {
                    c.kingside_file
                } else {
                    c.queenside_file
                },
                geo.rank_of(from),
            ) {
                if !self.king_move_pseudo_legal(from, kto) {
                    to = kto;
                }
            }
        }
        if m.kind().is_multi_leg() {
            let kill = name(m.kill_square());
            let promotion = if m.kind() == MoveKind::MultiLegPromotion {
                "+"
            } else {
                ""
            };
            return format!("{}{kill},{kill}{}{promotion}", name(from), name(to));
        }
        if m.kind() == MoveKind::Drop {
            let p = &t.variant().pieces[m.piece() as usize];
            if cecp {
                // XBoard names a dropped piece by its letter alone.
                return format!("{}@{}", p.letter.to_ascii_uppercase(), name(to));
            }
            let plus = if m.drop_promoted() { "+" } else { "" };
            let mark = dialect.drop_mark();
            return format!("{plus}{}{mark}{}", p.text_for(Color::White), name(to));
        }
        if m.kind() == MoveKind::Exchange {
            // A drop of the freed piece, then the prisoner paid for it, in lower case as a
            // promotion's piece is written: `B@f7n` frees a bishop onto f7 for a knight.
            let pieces = &t.variant().pieces;
            return format!(
                "{}{}{}{}",
                pieces[m.piece() as usize].text_for(Color::White),
                dialect.drop_mark(),
                name(to),
                pieces[m.ransom() as usize].text_for(Color::Black)
            );
        }
        if m.is_gating() && m.gating_square() == m.to() {
            // Gating onto the rook's square: written rook square to king square.
            to = from;
            from = m.to();
        }
        let mut s = format!("{}{}", name(from), name(to));
        if m.is_gating() {
            s.push_str(&t.variant().pieces[m.piece() as usize].text_for(Color::Black));
            if m.gating_square() != from {
                s += &name(m.gating_square());
            }
            return s;
        }
        let suffix = match m.kind() {
            MoveKind::Promotion => t.variant().pieces[m.piece() as usize].text_for(Color::Black),
            MoveKind::PiecePromotion => "+".to_string(),
            MoveKind::PieceDemotion => "-".to_string(),
            _ => String::new(),
        };
        if let Some(wall) = m.wall_square() {
            // Fairy-Stockfish writes the wall as a second leg from the destination (the
            // king's for castling), after the promotion letter for UCI (`b7b8q,b8a1`) and
            // before it for XBoard (`b7b8,b8a1q`).
            if cecp && m.kind() == MoveKind::Promotion {
                return format!("{s},{}{}{suffix}", name(to), name(wall));
            }
            return format!("{s}{suffix},{}{}", name(to), name(wall));
        }
        s += &suffix;
        if t.walling != WallingRule::None {
            // A move without a wall (`wallOrMove`) gets the same leg, to the first square
            // (its empty wall field): `a2a3,a3a1`, as Fairy-Stockfish writes it.
            s += &format!(",{}{}", name(to), name(Square::new(0)));
        }
        s
    }

    /// Whether the piece on `from` has a normal pseudo-legal move to `to`.
    pub(super) fn king_move_pseudo_legal(&self, from: Square, to: Square) -> bool {
        let pc = self.board[from.index()];
        if pc == 0 || pc == crate::board::position::WALL {
            return false;
        }
        let ty = type_of(pc);
        let us = self.stm;
        let pt = &self.t.pieces[ty as usize];
        let region = self.board_bb(ty, us);
        let occ = self.occ;
        let b = ((pt.capture[us].get(from, occ) & self.by_color[!us])
            | (pt.quiet[us].get(from, occ) & !occ))
            & region;
        b.contains(to)
    }
}
