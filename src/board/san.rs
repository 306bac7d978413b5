//! Standard algebraic notation (SAN) for the chess-like subset of moves.
//!
//! Covered: piece letter (none for Fairy-Stockfish's predefined pawn), the fewest
//! disambiguation characters (file, else rank, else both), `x` for captures (en passant
//! included), `=Q` promotions, `O-O` / `O-O-O` castling (also in Chess960 and on wide
//! boards: king side is towards the higher file), drops as `P@e4` (Fairy-Stockfish's form),
//! and `+` / `#` for check and checkmate of a royal piece. Squares are named as in UCI
//! (`a10` on boards with ten ranks or more).
//!
//! Shogi-style promotions and demotions ([`MoveKind::PiecePromotion`],
//! [`MoveKind::PieceDemotion`]) keep the piece letter (`+L` for a piece promoted from a lance)
//! and add `+` or `-` after the square, as Fairy-Stockfish's SAN does (`Pxe7+`); `=` marks a
//! move that declines a possible promotion; a check mark may follow. S-chess gating adds `/H`
//! (and the square when the piece enters on the rook's square).
//!
//! Multi-leg moves with a kill square ([`MoveKind::MultiLeg`]) are written in full, piece,
//! start square and both legs: `Ld4xe5xf6`, `Ld4xe5-d4` (SAN has no agreed form for them).
//!
//! A rule-specific move ([`MoveKind::Special`]: a Cambodian king's leap, a pass) is written
//! as the piece's move (`Kb2`, a pass `Ke2` on the king's own square); a walling move adds
//! its wall (`Qd1a1,b1`); a piece with a synonym letter (`pieceSynonyms`) is written with
//! it (`Hc3` for the xiangqi horse). All as Fairy-Stockfish writes them.
//!
//! Not covered (`None`): moves that are not legal in the position. Callers show UCI text
//! there. `#` is given for checkmate only; a move that wins by a variant rule
//! (flag, extinction, check count) gets no mark.

use crate::board::bitboard::Bitboard;
use crate::board::moves::{Move, MoveKind, MoveList};
use crate::board::position::{type_of, Position, EMPTY, WALL};
use crate::color::Color;

impl<B: Bitboard> Position<B> {
    /// SAN of a legal move, or `None` where the move has no SAN form (see the module
    /// documentation) or is not legal here.
    pub fn move_to_san(&self, m: Move) -> Option<String> {
        let mut legal = MoveList::new();
        self.legal_moves(&mut legal);
        if !legal.iter().any(|&x| x == m) {
            return None;
        }
        let mut san = self.san_body(m, &legal)?;
        san.extend(self.check_mark(m));
        Some(san)
    }

    /// `+` if the (legal) move gives check, `#` if it mates, else nothing.
    pub(crate) fn check_mark(&self, m: Move) -> Option<char> {
        let mut after = self.clone();
        after.make_move(m);
        if !after.checkers().any() {
            return None;
        }
        let mut replies = MoveList::new();
        after.legal_moves(&mut replies);
        Some(if replies.is_empty() { '#' } else { '+' })
    }

    /// SAN of the moves of `line`, each in the position the previous ones lead to; `None`
    /// if any of them has no SAN form.
    pub fn line_to_san(&self, line: &[Move]) -> Option<Vec<String>> {
        let mut p = self.clone();
        let mut out = Vec::with_capacity(line.len());
        for &m in line {
            out.push(p.move_to_san(m)?);
            p.make_move(m);
        }
        Some(out)
    }

    /// The legal move whose SAN is `text` (check marks and `!?` annotations are ignored;
    /// `0-0` is read as `O-O`).
    pub fn parse_san_move(&self, text: &str) -> Option<Move> {
        let found = self.parse_san_text(text);
        if found.is_some() {
            return found;
        }
        // A piece with a synonym (`pieceSynonyms`) written with its FEN letter (`Nc3` for the
        // xiangqi horse SAN writes `Hc3`), as older files and other tools write it.
        let mut chars = text.trim().chars();
        let first = chars.next()?;
        let (_, synonym) = self
            .t
            .variant()
            .xboard
            .piece_synonyms
            .iter()
            .find(|(base, _)| *base == first)?;
        self.parse_san_text(&format!("{synonym}{}", chars.as_str()))
    }

    fn parse_san_text(&self, text: &str) -> Option<Move> {
        let marked = text.trim().trim_end_matches(['#', '!', '?']);
        let mut legal = MoveList::new();
        self.legal_moves(&mut legal);
        // A trailing `+` is a check mark, or a shogi promotion (`Pe7+`, `Pe7++` with check):
        // try the text with one `+` kept before dropping them all.
        let with_promotion = marked.strip_suffix('+').unwrap_or(marked);
        // A move that declines a promotion is written with `=` but may be given without.
        let declined = format!("{}=", marked.trim_end_matches('+'));
        let candidates = [
            marked,
            with_promotion,
            marked.trim_end_matches('+'),
            declined.as_str(),
        ];
        // Each legal move's SAN once (disambiguation looks at every other move), then the
        // candidates in order of preference.
        let written: Vec<(Move, String)> = legal
            .iter()
            .filter_map(|&m| Some((m, self.san_body(m, &legal)?)))
            .collect();
        let found = candidates.into_iter().find_map(|bare| {
            // `0-0` is common for castling; `0` occurs nowhere else in SAN but in rank 10.
            let want = if bare.starts_with("0-0") {
                bare.replace('0', "O")
            } else {
                bare.to_string()
            };
            written.iter().find(|(_, s)| *s == want).map(|&(m, _)| m)
        });
        found
    }

    /// SAN without the check mark: the move, then the wall it places (`Qd1a1,b1`), as
    /// Fairy-Stockfish writes walling moves.
    fn san_body(&self, m: Move, legal: &MoveList) -> Option<String> {
        let mut s = self.san_move_part(m, legal)?;
        if let Some(wall) = m.wall_square() {
            s.push(',');
            s.push_str(&self.t.geo.square_name(wall).to_string());
        }
        Some(s)
    }

    fn san_move_part(&self, m: Move, legal: &MoveList) -> Option<String> {
        let t = &*self.t;
        let geo = t.geo;
        let from = m.from();
        let to = m.to();
        // A letter, or a letter and a prime; a promoted-only piece has no SAN letter.
        let piece_letter = |ty: u8| -> Option<String> {
            if let Some(synonym) = t.variant().synonym_of(ty) {
                return Some(synonym.to_string());
            }
            let c = t.variant().pieces.get(ty as usize)?.letter;
            (c.is_ascii_alphabetic()
                || crate::variant::pieces::primed_base(c).is_some()
                || crate::variant::pieces::marked_base(c).is_some())
            .then(|| crate::variant::pieces::letter_text(c, Color::White))
        };
        match m.kind() {
            MoveKind::Castling => {
                let mut s = if geo.file_of(to) > geo.file_of(from) {
                    "O-O".to_string()
                } else {
                    "O-O-O".to_string()
                };
                self.push_gating(&mut s, m);
                return Some(s);
            }
            MoveKind::Drop => {
                return Some(format!(
                    "{}{}@{}",
                    if m.drop_promoted() { "+" } else { "" },
                    piece_letter(m.piece())?,
                    geo.square_name(to)
                ));
            }
            MoveKind::Exchange => {
                // Hostage chess' notation: the prisoner given, the piece freed, where it lands
                // (`(N-B)@f7`: a knight given for the bishop dropped on f7).
                return Some(format!(
                    "({}-{})@{}",
                    piece_letter(m.ransom())?,
                    piece_letter(m.piece())?,
                    geo.square_name(to)
                ));
            }
            // A rule-specific move (a Cambodian king's leap, a pass on the passing piece's
            // own square) is written as the piece's move, as Fairy-Stockfish writes it.
            MoveKind::Normal
            | MoveKind::Promotion
            | MoveKind::EnPassant
            | MoveKind::PiecePromotion
            | MoveKind::PieceDemotion
            | MoveKind::Special => {}
            MoveKind::MultiLeg | MoveKind::MultiLegPromotion => {
                // No agreed SAN exists: the piece, its square and both legs in full
                // (`Ld4xe5xf6` for a lion's double capture, `Ld4xe5-d4` for igui).
                let pc = self.board[from.index()];
                if pc == EMPTY || pc == WALL {
                    return None;
                }
                let kill = m.kill_square();
                let taken = |sq: crate::board::geometry::Square| {
                    let p = self.board[sq.index()];
                    sq != from && p != EMPTY && p != WALL
                };
                return Some(format!(
                    "{}{}{}{}{}{}{}",
                    piece_letter(type_of(pc))?,
                    geo.square_name(from),
                    if taken(kill) { 'x' } else { '-' },
                    geo.square_name(kill),
                    if taken(to) { 'x' } else { '-' },
                    geo.square_name(to),
                    if m.kind() == MoveKind::MultiLegPromotion {
                        "+"
                    } else {
                        ""
                    }
                ));
            }
        }
        let pc = self.board[from.index()];
        if pc == EMPTY || pc == WALL {
            return None;
        }
        let ty = type_of(pc);
        let target = self.board[to.index()];
        // Any piece taken, the side's own with `selfCaptureTypes` too (castling, written as
        // the king taking its rook, takes nothing).
        let capture = m.kind() == MoveKind::EnPassant
            || (m.kind() != MoveKind::Castling && target != EMPTY && target != WALL);
        let is_pawn = t.pawn == Some(ty);
        let mut s = String::new();
        if !is_pawn {
            // A shogi-promoted piece is named after what it was promoted from (`+L`).
            let unpromoted = self.promoted_from[from.index()];
            if unpromoted != 0 && t.promoted_type[(unpromoted - 1) as usize] == Some(ty) {
                s.push('+');
                s.push_str(&piece_letter(unpromoted - 1)?);
            } else {
                s.push_str(&piece_letter(ty)?);
            }
        }
        // Other legal moves of the same piece type to the same square (same promotion, same
        // wall).
        let rivals: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|&o| {
                o != m
                    && o.to() == to
                    && o.from() != from
                    && plain_kind(o.kind()) == plain_kind(m.kind())
                    && o.piece() == m.piece()
                    && o.is_gating() == m.is_gating()
                    && o.wall_square() == m.wall_square()
                    && type_of(self.board[o.from().index()]) == ty
            })
            .collect();
        let same_file = rivals
            .iter()
            .any(|o| geo.file_of(o.from()) == geo.file_of(from));
        let same_rank = rivals
            .iter()
            .any(|o| geo.rank_of(o.from()) == geo.rank_of(from));
        let file_char = (b'a' + geo.file_of(from)) as char;
        let rank_text = (geo.rank_of(from) as u32 + 1).to_string();
        if is_pawn {
            if capture || !rivals.is_empty() {
                s.push(file_char);
            }
            if !rivals.is_empty() && same_file {
                s.push_str(&rank_text);
            }
        } else if !rivals.is_empty() {
            if !same_file {
                s.push(file_char);
            } else if !same_rank {
                s.push_str(&rank_text);
            } else {
                s.push(file_char);
                s.push_str(&rank_text);
            }
        }
        if capture {
            s.push('x');
        }
        s.push_str(&geo.square_name(to).to_string());
        match m.kind() {
            MoveKind::Promotion => {
                s.push('=');
                s.push_str(&piece_letter(m.piece())?);
            }
            // Shogi-style: `+` promotes, `-` demotes, `=` declines a possible promotion.
            MoveKind::PiecePromotion => s.push('+'),
            MoveKind::PieceDemotion => s.push('-'),
            _ => {
                let could_promote = legal.iter().any(|o| {
                    o.kind() == MoveKind::PiecePromotion && o.from() == from && o.to() == to
                });
                if could_promote {
                    s.push('=');
                }
            }
        }
        self.push_gating(&mut s, m);
        Some(s)
    }

    /// S-chess gating: `/H`, and the square when the piece enters on the rook's square.
    fn push_gating(&self, s: &mut String, m: Move) {
        if !m.is_gating() {
            return;
        }
        let t = &*self.t;
        s.push('/');
        s.push(
            t.variant().pieces[m.piece() as usize]
                .letter
                .to_ascii_uppercase(),
        );
        if m.gating_square() != m.from() {
            s.push_str(&t.geo.square_name(m.gating_square()).to_string());
        }
    }
}

/// A move's kind for telling moves apart in SAN: a rule-specific move is written as a plain
/// one, so the two must be told apart by their squares.
fn plain_kind(kind: MoveKind) -> MoveKind {
    match kind {
        MoveKind::Special => MoveKind::Normal,
        k => k,
    }
}

#[cfg(test)]
mod tests {
    use crate::board::{Game, Position};
    use crate::variant::builtin;

    fn chess(fen: &str) -> Position<u64> {
        let v = builtin("chess").expect("chess");
        match Game::new(v, Some(fen), false).expect("fen") {
            Game::W64(p) => p,
            _ => unreachable!("chess is 8x8"),
        }
    }

    fn san(fen: &str, uci: &str) -> Option<String> {
        let p = chess(fen);
        let m = p.parse_uci_move(uci).expect("legal");
        p.move_to_san(m)
    }

    #[test]
    fn chess_san_forms() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(san(start, "e2e4").as_deref(), Some("e4"));
        assert_eq!(san(start, "g1f3").as_deref(), Some("Nf3"));
        // Captures, pawn captures with the file, en passant.
        let fen = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
        assert_eq!(san(fen, "e5f6").as_deref(), Some("exf6"));
        let fen = "rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3";
        assert_eq!(san(fen, "e4d5").as_deref(), Some("exd5"));
        // Disambiguation by file, by rank, by both.
        let fen = "3k4/8/8/8/8/8/4K3/R6R w - - 0 1";
        assert_eq!(san(fen, "a1d1").as_deref(), Some("Rad1+"));
        let fen = "4k3/8/8/8/R7/8/8/R3K3 w - - 0 1";
        assert_eq!(san(fen, "a1a2").as_deref(), Some("R1a2"));
        let fen = "6k1/8/8/8/4Q2Q/8/8/K6Q w - - 0 1";
        assert_eq!(san(fen, "h4e1").as_deref(), Some("Qh4e1"));
        assert_eq!(san(fen, "e4e1").as_deref(), Some("Qee1"));
        assert_eq!(san(fen, "h1e1").as_deref(), Some("Q1e1"));
        // Castling, promotion with check, mate.
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        assert_eq!(san(fen, "e1g1").as_deref(), Some("O-O"));
        assert_eq!(san(fen, "e1c1").as_deref(), Some("O-O-O"));
        let fen = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(san(fen, "b7b8q").as_deref(), Some("b8=Q+"));
        assert_eq!(san(fen, "b7b8n").as_deref(), Some("b8=N"));
        let fen = "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1";
        assert_eq!(san(fen, "a1a8").as_deref(), Some("Ra8#"));
    }

    #[test]
    fn shogi_promotion_san() {
        let v = builtin("shogi").expect("shogi");
        let fen = "k8/9/4g4/4P4/9/9/9/9/4K4[-] w 0 1";
        let Game::W128(p) = Game::new(v, Some(fen), false).expect("fen") else {
            unreachable!("shogi is 9x9");
        };
        let promote = p.parse_uci_move("e6e7+").expect("promotion");
        let stay = p.parse_uci_move("e6e7").expect("no promotion");
        assert_eq!(p.move_to_san(promote).as_deref(), Some("Pxe7+"));
        // Declining a possible promotion is marked `=`, as Fairy-Stockfish writes it (`Px53=`).
        assert_eq!(p.move_to_san(stay).as_deref(), Some("Pxe7="));
        assert_eq!(p.parse_san_move("Pxe7+"), Some(promote));
        assert_eq!(p.parse_san_move("Pxe7="), Some(stay));
        assert_eq!(p.parse_san_move("Pxe7"), Some(stay));
    }

    #[test]
    fn synonyms_walls_and_special_moves_as_fairy_stockfish_writes_them() {
        // The xiangqi horse is `n` in FENs and `H` in SAN; `h` reads as a horse too, and
        // `Nh3`-style SAN (older files) still parses.
        let v = builtin("xiangqi").expect("xiangqi");
        let fen = "rhbakabhr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHBAKABHR w - - 0 1";
        let Game::W128(p) = Game::new(v, Some(fen), false).expect("h is a horse") else {
            unreachable!("xiangqi is 9x10");
        };
        let m = p.parse_uci_move("h1g3").expect("legal");
        assert_eq!(p.move_to_san(m).as_deref(), Some("Hg3"));
        assert_eq!(p.parse_san_move("Hg3"), Some(m));
        assert_eq!(p.parse_san_move("Ng3"), Some(m));
        let e = p.parse_uci_move("c1e3").expect("legal");
        assert_eq!(p.move_to_san(e).as_deref(), Some("Ece3"));
        // A walling move names its wall; a Cambodian king's leap is a king move.
        let duck = builtin("duck").expect("duck");
        let Game::W64(d) = Game::new(duck, None, false).expect("start") else {
            unreachable!("duck chess is 8x8");
        };
        let m = d.parse_uci_move("e2e4,e4e5").expect("legal");
        assert_eq!(d.move_to_san(m).as_deref(), Some("e4,e5"));
        assert_eq!(d.parse_san_move("e4,e5"), Some(m));
        let khmer = builtin("cambodian").expect("cambodian");
        let Game::W64(c) = Game::new(khmer, None, false).expect("start") else {
            unreachable!("cambodian is 8x8");
        };
        let leap = c.parse_uci_move("d1b2").expect("legal");
        assert_eq!(c.move_to_san(leap).as_deref(), Some("Kb2"));
    }

    #[test]
    fn san_parses_back() {
        let p = chess("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let m = p.parse_san_move("O-O").expect("castling");
        assert_eq!(p.move_to_uci(m), "e1g1");
        let m = p.parse_san_move("0-0-0").expect("castling");
        assert_eq!(p.move_to_uci(m), "e1c1");
        let m = p.parse_san_move("Rxa8+").expect("capture");
        assert_eq!(p.move_to_uci(m), "a1a8");
        assert!(p.parse_san_move("Qd4").is_none());
    }
}
