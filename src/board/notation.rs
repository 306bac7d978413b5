//! The move notations Fairy-Stockfish writes, so that tools built on pyffish's `get_san`
//! read the same text from us (`python/tests/test_pyffish_compat.py` compares every one):
//! its SAN, long algebraic (`Ng1-f3`),
//! the Western shogi notations (Hosking `P76`, Hodges `P-7f`, Hodges with numbers `P-76`),
//! janggi's (`R01-02`, rank before file) and xiangqi's WXF (`C2=5`, `H8+7`, `+R-1`), and the
//! two Thai forms of makruk.
//!
//! Every notation is SAN's skeleton: piece, as much of the start square as tells the move
//! apart, a separator, the destination and a suffix for promotions; the notations differ in
//! how each of those is written:
//! - shogi files count from the right (`9` is file a), ranks from the top; a promoted piece is
//!   `+` and the letter it was promoted from; `*` (Hosking: `'`) marks a drop; a move that may
//!   promote ends in `+` (promotes) or `=` (declines); no check marks;
//! - janggi names squares rank first (ranks counted from the top, `0` for the tenth) and
//!   always gives the start square;
//! - WXF counts files from the mover's right, writes `+`/`-`/`=` for forward, backward and
//!   sideways, then the destination file, or the number of ranks for a move along a file;
//!   two alike pieces on one file are told apart by `+` (front) and `-` (rear), three or more
//!   by their number from the front;
//! - the Thai forms use Thai letters for files, Thai digits for ranks and Thai piece names.

use crate::board::bitboard::Bitboard;
use crate::board::geometry::Square;
use crate::board::moves::{Move, MoveKind, MoveList};
use crate::board::position::{color_of, type_of, Position, EMPTY, WALL};
use crate::color::Color;

/// A move notation (pyffish's `NOTATION_*` other than the default).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Notation {
    /// Standard algebraic notation ([`Position::move_to_san`]).
    San,
    /// Long algebraic: the start square always, `-` or `x` before the destination.
    Lan,
    /// Shogi, Hosking's form: `P76`, `S'34`.
    ShogiHosking,
    /// Shogi, Hodges' form: `P-7f`, `S*3d`.
    ShogiHodges,
    /// Shogi, Hodges' form with numbered ranks: `P-76`, `S*34`.
    ShogiHodgesNumber,
    /// Janggi: `R01-02`.
    Janggi,
    /// Xiangqi, the World Xiangqi Federation's form: `C2=5`.
    XiangqiWxf,
    /// Makruk in Thai letters, short.
    ThaiSan,
    /// Makruk in Thai letters, long.
    ThaiLan,
}

/// Thai file letters, a to l.
const THAI_FILES: [&str; 12] = ["ก", "ข", "ค", "ง", "จ", "ฉ", "ช", "ญ", "ต", "ถ", "ธ", "น"];
/// Thai rank numerals, 1 to 12.
const THAI_RANKS: [&str; 12] = [
    "๑", "๒", "๓", "๔", "๕", "๖", "๗", "๘", "๙", "๑๐", "๑๑", "๑๒",
];

/// How much of the start square a move needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Origin {
    None,
    File,
    Rank,
    Square,
}

impl Notation {
    fn is_shogi(self) -> bool {
        matches!(
            self,
            Notation::ShogiHosking | Notation::ShogiHodges | Notation::ShogiHodgesNumber
        )
    }

    fn is_thai(self) -> bool {
        matches!(self, Notation::ThaiSan | Notation::ThaiLan)
    }
}

impl<B: Bitboard> Position<B> {
    /// A legal move in `notation`, or `None` for a move that is not legal here. `San` is
    /// Fairy-Stockfish's SAN. The engine's own SAN ([`Position::move_to_san`], for PGN and
    /// analysis) agrees with it in the variants Fairy-Stockfish gives SAN by default and
    /// differs where its choices read better or parse back: shogi-style promotions as `+`
    /// and declined ones as `=`, promoted pieces named `+L` after their origin. A multi-leg
    /// move, which Fairy-Stockfish's notations do not write, is given as
    /// [`Position::move_to_san`] writes it.
    pub fn move_to_notation(&self, m: Move, notation: Notation) -> Option<String> {
        if m.kind().is_multi_leg() {
            return self.move_to_san(m);
        }
        let mut legal = MoveList::new();
        self.legal_moves(&mut legal);
        if !legal.iter().any(|&x| x == m) {
            return None;
        }
        let mut text = self.notation_body(m, notation, &legal)?;
        if let Some(wall) = m.wall_square() {
            text.push(',');
            text.push_str(&self.square_text(wall, notation));
        }
        if !notation.is_shogi() && notation != Notation::XiangqiWxf {
            text.extend(self.check_mark(m));
        }
        Some(text)
    }

    fn notation_body(&self, m: Move, n: Notation, legal: &MoveList) -> Option<String> {
        let t = &*self.t;
        let geo = t.geo;
        let (from, to) = (m.from(), m.to());
        if m.kind() == MoveKind::Castling {
            let mut s = if geo.file_of(to) > geo.file_of(from) {
                "O-O".to_string()
            } else {
                "O-O-O".to_string()
            };
            if m.is_gating() {
                s.push('/');
                s.push_str(&self.symbol(m.piece()));
                s.push_str(&self.square_text(m.gating_square(), n));
            }
            return Some(s);
        }
        if m.kind() == MoveKind::Exchange {
            // The prisoner given, the piece freed, where it lands (`(N-B)@f7`).
            return Some(format!(
                "({}-{})@{}",
                self.symbol(m.ransom()),
                self.symbol(m.piece()),
                self.square_text(to, n)
            ));
        }
        let drop = m.kind() == MoveKind::Drop;
        let moved = if drop {
            m.piece()
        } else {
            self.typed_on(from)?
        };
        let mut s = self.piece_text(m, moved, n);
        if n == Notation::ThaiLan {
            s.push(' ');
        }
        let origin = self.origin_needed(m, moved, n, legal);
        match origin {
            Origin::None => {}
            Origin::File => s.push_str(&self.file_text(from, n)),
            Origin::Rank => s.push_str(&self.rank_text(from, n)),
            Origin::Square => s.push_str(&self.square_text(from, n)),
        }
        let (fr, tr) = (
            self.relative_rank(from, self.stm),
            self.relative_rank(to, self.stm),
        );
        if drop {
            s.push_str(match n {
                Notation::ShogiHosking => "'",
                _ if n.is_shogi() => "*",
                _ => "@",
            });
        } else if n == Notation::XiangqiWxf {
            s.push(if fr == tr {
                '='
            } else if tr > fr {
                '+'
            } else {
                '-'
            });
        } else if self.is_capture_move(m) {
            s.push('x');
        } else if matches!(n, Notation::Lan | Notation::ThaiLan | Notation::Janggi)
            || (n.is_shogi() && (n != Notation::ShogiHosking || origin == Origin::Square))
            || (n == Notation::ThaiSan && t.pawn != Some(moved))
        {
            s.push('-');
        }
        if n == Notation::XiangqiWxf && !drop {
            if geo.file_of(to) == geo.file_of(from) {
                s.push_str(&fr.abs_diff(tr).to_string());
            } else {
                s.push_str(&self.file_text(to, n));
            }
        } else {
            s.push_str(&self.square_text(to, n));
        }
        match m.kind() {
            MoveKind::Promotion => {
                s.push('=');
                s.push_str(&self.symbol(m.piece()));
            }
            MoveKind::PiecePromotion if n.is_shogi() => s.push('+'),
            MoveKind::PiecePromotion => {
                s.push('=');
                s.push_str(&self.symbol(t.promoted_type[moved as usize].unwrap_or(moved)));
            }
            MoveKind::PieceDemotion if n.is_shogi() => s.push('-'),
            MoveKind::PieceDemotion => {
                s.push('=');
                s.push_str(&self.symbol(self.unpromoted_on(from).unwrap_or(moved)));
            }
            MoveKind::Normal if n.is_shogi() => {
                let may_promote = legal.iter().any(|o| {
                    o.kind() == MoveKind::PiecePromotion && o.from() == from && o.to() == to
                });
                if may_promote {
                    s.push('=');
                }
            }
            _ => {}
        }
        if m.is_gating() {
            s.push('/');
            s.push_str(&self.symbol(m.piece()));
        }
        Some(s)
    }

    /// The type of the piece on `sq`, if a piece stands there.
    fn typed_on(&self, sq: Square) -> Option<u8> {
        let pc = self.board[sq.index()];
        (pc != EMPTY && pc != WALL).then(|| type_of(pc))
    }

    /// The type the piece on `sq` was promoted from, if it was.
    fn unpromoted_on(&self, sq: Square) -> Option<u8> {
        self.promoted_from[sq.index()].checked_sub(1)
    }

    /// A type's letter as White's (`+X` for a type that exists only promoted).
    fn symbol(&self, ty: u8) -> String {
        self.t
            .variant()
            .piece(ty)
            .map_or_else(String::new, |p| p.text_for(Color::White))
    }

    fn piece_text(&self, m: Move, moved: u8, n: Notation) -> String {
        let t = &*self.t;
        let drop = m.kind().is_drop_like();
        let from = m.from();
        if matches!(n, Notation::San | Notation::Lan | Notation::ThaiSan)
            && t.pawn == Some(moved)
            && !drop
        {
            return String::new();
        }
        if n == Notation::XiangqiWxf {
            let alike = self.pieces_of(moved, self.stm);
            let on_file = alike & t.files[self.geo_file(from)];
            if on_file.count() >= 3 - u32::from(self.multi_tandem(alike)) {
                let ahead = self.ahead_on_file(from, alike);
                return (ahead + 1).to_string();
            }
        }
        if n.is_shogi() {
            if drop && m.drop_promoted() {
                return format!("+{}", self.symbol(moved));
            }
            if !drop {
                if let Some(base) = self.unpromoted_on(from) {
                    return format!("+{}", self.symbol(base));
                }
            }
        }
        if n.is_thai() {
            return self.thai_piece(moved, !drop && self.unpromoted_on(from).is_some());
        }
        // A piece dropped promoted is named as what lands (shogi notations name the hand
        // piece, above).
        let moved = match t.promoted_type[moved as usize] {
            Some(promoted) if drop && m.drop_promoted() => promoted,
            _ => moved,
        };
        match t.variant().synonym_of(moved) {
            Some(synonym) => synonym.to_string(),
            None => self.symbol(moved),
        }
    }

    fn thai_piece(&self, ty: u8, promoted: bool) -> String {
        let name = self.t.variant().piece(ty).map_or("", |p| p.name.as_str());
        match name {
            "king" => "ข",
            "khon" | "silver" => "ค",
            "fers" if promoted => "ง",
            "fers" => "ม็",
            "knight" => "ม",
            "rook" => "ร",
            "pawn" => "บ",
            "aiwok" => "ว",
            _ => "X",
        }
        .to_string()
    }

    fn geo_file(&self, sq: Square) -> usize {
        self.t.geo.file_of(sq) as usize
    }

    /// Whether two or more files hold two or more of `pieces` (WXF numbers them then).
    fn multi_tandem(&self, pieces: B) -> bool {
        let files = &self.t.files;
        files.iter().filter(|&&f| (pieces & f).count() >= 2).count() >= 2
    }

    /// How many of `pieces` stand on `sq`'s file in front of it, seen from the mover.
    fn ahead_on_file(&self, sq: Square, pieces: B) -> u32 {
        let rank = self.relative_rank(sq, self.stm);
        (pieces & self.t.files[self.geo_file(sq)])
            .iter()
            .filter(|&s| self.relative_rank(s, self.stm) > rank)
            .count() as u32
    }

    /// The rank counted from `side`'s end of the board, from 0.
    fn relative_rank(&self, sq: Square, side: Color) -> u8 {
        let geo = self.t.geo;
        match side {
            Color::White => geo.rank_of(sq),
            Color::Black => geo.ranks() - 1 - geo.rank_of(sq),
        }
    }

    fn origin_needed(&self, m: Move, moved: u8, n: Notation, legal: &MoveList) -> Origin {
        let t = &*self.t;
        let geo = t.geo;
        let (from, to) = (m.from(), m.to());
        if m.kind().is_drop_like() {
            return Origin::None;
        }
        if matches!(n, Notation::Lan | Notation::ThaiLan | Notation::Janggi) {
            return Origin::Square;
        }
        if n == Notation::XiangqiWxf {
            let alike = self.pieces_of(moved, self.stm);
            let on_file = alike & t.files[self.geo_file(from)];
            if on_file.count() == 2 && !self.multi_tandem(alike) {
                // `+`/`-` when the other piece could make the same step (its target lies
                // where the piece may stand), else the file.
                if let Some(other) = on_file.without(from).first() {
                    let file = i32::from(geo.file_of(to));
                    let rank = i32::from(geo.rank_of(other)) + i32::from(geo.rank_of(to))
                        - i32::from(geo.rank_of(from));
                    let target = u8::try_from(rank)
                        .ok()
                        .and_then(|r| geo.square(file as u8, r));
                    let region = t.pieces[moved as usize].mobility[self.stm] & t.board;
                    if target.is_some_and(|sq| region.contains(sq)) {
                        return Origin::Rank;
                    }
                }
            }
            return Origin::File;
        }
        if matches!(n, Notation::San | Notation::ThaiSan) && t.pawn == Some(moved) {
            if self.is_capture_move(m) {
                return Origin::File;
            }
            if m.kind() == MoveKind::Promotion && from != to && t.variant().promotion.sittuyin {
                return Origin::Square;
            }
        }
        let rivals: Vec<Square> = legal
            .iter()
            .filter(|o| {
                o.to() == to
                    && o.from() != from
                    && o.kind() == m.kind()
                    && o.piece() == m.piece()
                    && o.wall_square() == m.wall_square()
                    && self.typed_on(o.from()) == Some(moved)
                    && !(n.is_shogi() && self.unpromoted_on(o.from()) != self.unpromoted_on(from))
            })
            .map(|o| o.from())
            .collect();
        if rivals.is_empty() {
            Origin::None
        } else if n.is_shogi() {
            Origin::Square
        } else if !rivals.iter().any(|&s| geo.file_of(s) == geo.file_of(from)) {
            Origin::File
        } else if !rivals.iter().any(|&s| geo.rank_of(s) == geo.rank_of(from)) {
            Origin::Rank
        } else {
            Origin::Square
        }
    }

    fn file_text(&self, sq: Square, n: Notation) -> String {
        let geo = self.t.geo;
        let file = geo.file_of(sq);
        match n {
            _ if n.is_shogi() => (geo.files() - file).to_string(),
            Notation::Janggi => (file + 1).to_string(),
            Notation::XiangqiWxf => match self.stm {
                Color::White => (geo.files() - file).to_string(),
                Color::Black => (file + 1).to_string(),
            },
            _ if n.is_thai() => THAI_FILES.get(file as usize).copied().unwrap_or("?").into(),
            _ => ((b'a' + file) as char).to_string(),
        }
    }

    fn rank_text(&self, sq: Square, n: Notation) -> String {
        let geo = self.t.geo;
        let rank = geo.rank_of(sq);
        match n {
            Notation::ShogiHosking | Notation::ShogiHodgesNumber => {
                (geo.ranks() - rank).to_string()
            }
            Notation::ShogiHodges => ((b'a' + geo.ranks() - 1 - rank) as char).to_string(),
            Notation::Janggi => ((geo.ranks() - rank) % 10).to_string(),
            Notation::XiangqiWxf => {
                let pc = self.board[sq.index()];
                if pc == EMPTY || pc == WALL {
                    return (self.relative_rank(sq, self.stm) + 1).to_string();
                }
                let alike = self.pieces_of(type_of(pc), color_of(pc));
                if self.ahead_on_file(sq, alike) > 0 {
                    "-".into()
                } else {
                    "+".into()
                }
            }
            _ if n.is_thai() => THAI_RANKS.get(rank as usize).copied().unwrap_or("?").into(),
            _ => (rank + 1).to_string(),
        }
    }

    fn square_text(&self, sq: Square, n: Notation) -> String {
        let (file, rank) = (self.file_text(sq, n), self.rank_text(sq, n));
        if n == Notation::Janggi {
            rank + &file
        } else {
            file + &rank
        }
    }
}
