//! FEN in and out, in the Fairy-Stockfish / XBoard dialect: multi-digit empty counts, `*`
//! walls, `+X` promoted and `X~` markers, castling as KQkq, X-FEN or Shredder-FEN, several e.p.
//! squares, check counts (`3+3`), counting-rule limits, half-move and full-move counters.
//!
//! Reading is strict where Fairy-Stockfish is lenient: anything that does not fit the variant
//! is a [`FenError`] saying what is wrong.

use crate::board::bitboard::Bitboard;
use crate::board::geometry::Square;
use crate::board::moves::Move;
use crate::board::position::{
    color_of, make_piece, type_of, Position, State, Tables, BLACK_OO, BLACK_OOO, EMPTY,
    MAX_IN_HAND, WALL, WHITE_OO, WHITE_OOO,
};
use crate::color::Color;
use crate::variant::CountingRule;
use std::sync::Arc;
use thiserror::Error;

/// What is wrong with a FEN.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FenError {
    /// No board field.
    #[error("empty FEN")]
    Empty,
    /// Wrong number of rows.
    #[error("the board has {found} rows, the variant has {expected} ranks")]
    RowCount {
        /// Rows found.
        found: usize,
        /// Ranks of the variant.
        expected: usize,
    },
    /// A row that covers too many or too few files.
    #[error(
        "row {row} (rank {rank}) is {problem}: it covers {found} files, the variant has {expected}"
    )]
    RowWidth {
        /// 1-based row from the top.
        row: usize,
        /// Rank number.
        rank: usize,
        /// "too long" / "too short".
        problem: &'static str,
        /// Files covered.
        found: usize,
        /// Files of the variant.
        expected: usize,
    },
    /// An unknown letter.
    #[error("unknown piece letter '{0}' in the board")]
    UnknownPiece(String),
    /// Something else unexpected in the board.
    #[error("unexpected character '{0}' in the board")]
    BadBoardChar(char),
    /// A `+` not followed by a piece with a promoted form.
    #[error("'+{0}': this piece has no promoted form in the variant")]
    BadPromoted(char),
    /// Side to move is not w or b.
    #[error("side to move must be 'w' or 'b', found '{0}'")]
    BadSide(String),
    /// Bad castling field.
    #[error("bad castling field '{field}': {reason}")]
    BadCastling {
        /// The field.
        field: String,
        /// What is wrong.
        reason: String,
    },
    /// Bad e.p. field.
    #[error("bad en-passant field '{0}'")]
    BadEnPassant(String),
    /// Bad lion-trading square (Chu Shogi, where the e.p. field would be).
    #[error("bad lion-trading square '{field}': {reason}")]
    BadLionSquare {
        /// The field.
        field: String,
        /// What is wrong.
        reason: String,
    },
    /// Bad counter.
    #[error("bad {what} '{value}'")]
    BadCounter {
        /// Which counter.
        what: &'static str,
        /// The text.
        value: String,
    },
    /// A side without its royal piece.
    #[error("{side} has no king ('{letter}')")]
    MissingKing {
        /// "white" / "black".
        side: &'static str,
        /// The royal letter.
        letter: char,
    },
    /// More royal pieces than the rules allow.
    #[error("{side} has {count} kings ('{letter}')")]
    TooManyKings {
        /// "white" / "black".
        side: &'static str,
        /// How many.
        count: u32,
        /// The royal letter.
        letter: char,
    },
    /// Holdings in a variant without drops.
    #[error("pieces in hand ('[...]') are not supported in this variant")]
    Holdings,
    /// Something wrong in the holdings.
    #[error("bad holdings '{field}': {reason}")]
    BadHoldings {
        /// The holdings text.
        field: String,
        /// What is wrong.
        reason: String,
    },
    /// Trailing fields.
    #[error("unexpected text after the FEN: '{0}'")]
    Trailing(String),
}

const SIDES: [&str; 2] = ["white", "black"];

impl<B: Bitboard> Position<B> {
    fn empty(t: Arc<Tables<B>>, chess960: bool) -> Self {
        let n = t.geo.num_squares();
        let n_types = t.n_types;
        Position {
            board: vec![EMPTY; n],
            promoted_from: vec![0; n],
            by_color: [B::EMPTY; 2],
            by_type: vec![B::EMPTY; n_types],
            walls: B::EMPTY,
            occ: B::EMPTY,
            counts: vec![0; 2 * n_types],
            hand: vec![0; if t.has_hands { 2 * n_types } else { 0 }],
            hand_total: [0; 2],
            prison: vec![
                0;
                if t.rules.moves.prisons {
                    2 * n_types
                } else {
                    0
                }
            ],
            stm: Color::White,
            game_ply: 0,
            chess960: chess960 || t.variant().chess960,
            castling_rook_sq: [Square::new(0); 4],
            castling_king_sq: [None; 2],
            castling_path: [B::EMPTY; 4],
            castling_mask: vec![0; n],
            st: State {
                key: 0,
                castling: 0,
                ep: B::EMPTY,
                rule50: 0,
                checks_remaining: [0; 2],
                gates: [B::EMPTY; 2],
                counting_limit: 0,
                counting_ply: 0,
                captured: EMPTY,
                captured_sq: Square::new(0),
                captured_unpromoted: 0,
                moved_unpromoted: 0,
                moved_piece: EMPTY,
                hand_added: 0,
                prison_added: 0,
                pseudo_royals: B::EMPTY,
                last_move: Move::NONE,
                walls_lifted: B::EMPTY,
                checkers: B::EMPTY,
                waiting_side_safe: false,
                lion_taker: None,
                turn: 0,
                turn_part: 0,
                turn_goes_on: false,
            },
            history: Vec::with_capacity(64),
            blasts: Vec::new(),
            flips: Vec::new(),
            killed: Vec::new(),
            t,
        }
    }

    /// The variant's start position.
    pub fn startpos(t: Arc<Tables<B>>, chess960: bool) -> Result<Self, FenError> {
        let fen = t.variant().start_fen.clone();
        Self::from_fen(t, &fen, chess960)
    }

    /// The same game with Chess960 castling asked for or not: the position the moves were
    /// played from read again, and the moves played again (a move is the same value in
    /// either notation), so repetitions and take-backs still see them.
    pub fn with_chess960(&self, chess960: bool) -> Result<Self, FenError> {
        let mut start = self.clone();
        let mut played = Vec::with_capacity(start.history.len());
        while !start.history.is_empty() {
            let m = start.st.last_move;
            played.push(m);
            start.unmake_move(m);
        }
        let mut p = Self::from_fen(Arc::clone(&self.t), &start.fen(), chess960)?;
        for &m in played.iter().rev() {
            p.make_move(m);
        }
        Ok(p)
    }

    /// Reads a FEN. `chess960` asks for Chess960 castling even if the variant does not set it.
    pub fn from_fen(t: Arc<Tables<B>>, fen: &str, chess960: bool) -> Result<Self, FenError> {
        let mut p = Self::empty(t, chess960);
        let mut fields = fen.split_whitespace();
        let board = fields.next().ok_or(FenError::Empty)?;
        let (board, holdings) = p.split_holdings(board)?;
        if let Some(h) = holdings {
            p.read_holdings(h)?;
        }
        p.read_board(board)?;
        p.read_fields(fields)?;
        p.complete()?;
        Ok(p)
    }

    /// The board field split into the rows and the holdings: `[...]` after the board, or one
    /// extra row after the last rank.
    fn split_holdings<'f>(&self, board: &'f str) -> Result<(&'f str, Option<&'f str>), FenError> {
        let ranks = self.t.geo.ranks() as usize;
        Ok(match board.find('[') {
            Some(i) => {
                let inner =
                    board[i + 1..]
                        .strip_suffix(']')
                        .ok_or_else(|| FenError::BadHoldings {
                            field: board[i..].to_string(),
                            reason: "no closing ']'".to_string(),
                        })?;
                (&board[..i], Some(inner))
            }
            None if board.split('/').count() == ranks + 1 => {
                let i = board.rfind('/').unwrap_or(0);
                (&board[..i], Some(&board[i + 1..]))
            }
            None => (board, None),
        })
    }

    /// Reads the rows of the board field (pieces, promoted `+X`, crazyhouse's `X~`, walls `*`).
    fn read_board(&mut self, board: &str) -> Result<(), FenError> {
        let t = Arc::clone(&self.t);
        let geo = t.geo;
        let ranks = geo.ranks() as usize;
        let files = geo.files() as usize;
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != ranks {
            return Err(FenError::RowCount {
                found: rows.len(),
                expected: ranks,
            });
        }
        for (i, row) in rows.iter().enumerate() {
            let rank = ranks - 1 - i;
            let mut file = 0usize;
            let mut chars = row.chars().peekable();
            let width_err = |found: usize, problem| FenError::RowWidth {
                row: i + 1,
                rank: rank + 1,
                problem,
                found,
                expected: files,
            };
            while let Some(ch) = chars.next() {
                if let Some(d) = ch.to_digit(10) {
                    let mut n = d as usize;
                    while let Some(d2) = chars.peek().and_then(|c| c.to_digit(10)) {
                        n = n * 10 + d2 as usize;
                        chars.next();
                    }
                    if n == 0 {
                        return Err(FenError::BadBoardChar('0'));
                    }
                    file += n;
                    if file > files {
                        return Err(width_err(file, "too long"));
                    }
                    continue;
                }
                let (promoted, letter) = if ch == '+' {
                    let l = chars.next().ok_or(FenError::BadBoardChar('+'))?;
                    (true, l)
                } else {
                    (false, ch)
                };
                if file >= files {
                    return Err(width_err(file + 1, "too long"));
                }
                let sq = geo
                    .square(file as u8, rank as u8)
                    .ok_or(FenError::BadBoardChar(ch))?;
                if letter == '*' && !promoted {
                    self.board[sq.index()] = WALL;
                    self.walls = self.walls.with(sq);
                    self.occ = self.occ.with(sq);
                } else if letter.is_ascii_alphabetic() {
                    let key = crate::variant::pieces::read_letter(letter, &mut chars);
                    let id = t.variant().piece_by_letter(key).ok_or_else(|| {
                        let text =
                            crate::variant::pieces::letter_text(key, Color::of_letter(letter));
                        FenError::UnknownPiece(text)
                    })?;
                    let c = Color::of_letter(letter);
                    if promoted {
                        let np =
                            t.promoted_type[id as usize].ok_or(FenError::BadPromoted(letter))?;
                        self.put_piece(make_piece(np, c), sq, &mut ());
                        self.promoted_from[sq.index()] = id + 1;
                    } else {
                        self.put_piece(make_piece(id, c), sq, &mut ());
                        if chars.peek() == Some(&'~') {
                            chars.next();
                            // Crazyhouse-promoted marker: remember "promoted from the main pawn".
                            let pawn = t.variant().promotion.main_pawn_type.get(c).unwrap_or(0);
                            self.promoted_from[sq.index()] = pawn + 1;
                        }
                    }
                } else {
                    return Err(FenError::BadBoardChar(letter));
                }
                file += 1;
            }
            if file < files {
                return Err(width_err(file, "too short"));
            }
        }

        Ok(())
    }

    /// Reads the fields after the board: side to move, castling and gates, the counting
    /// limit or the e.p. (or lion-trading) square, check counts and the counters.
    fn read_fields<'f>(
        &mut self,
        mut fields: impl Iterator<Item = &'f str>,
    ) -> Result<(), FenError> {
        let t = Arc::clone(&self.t);
        // Side to move.
        match fields.next() {
            None | Some("w") => self.stm = Color::White,
            Some("b") => self.stm = Color::Black,
            Some(s) => return Err(FenError::BadSide(s.to_string())),
        }

        // Castling (and gates). As in Fairy-Stockfish, a digit here means that the castling
        // and e.p. fields are left out (shogi's `w 0 1`).
        let mut rest: Vec<&str> = fields.collect();
        let short = rest
            .first()
            .is_some_and(|f| f.starts_with(|c: char| c.is_ascii_digit()));
        if !short && !rest.is_empty() {
            let castling = rest.remove(0);
            self.read_castling(castling)?;
        }

        // Counting limit or e.p. squares.
        if !short && !rest.is_empty() {
            let numeric = rest[0].bytes().all(|b| b.is_ascii_digit());
            if t.variant().game_end.counting_rule != CountingRule::None && numeric {
                let f = rest.remove(0);
                self.st.counting_limit = f.parse().map_err(|_| FenError::BadCounter {
                    what: "counting limit",
                    value: f.to_string(),
                })?;
            } else if numeric && rest.len() >= 3 && t.lions.is_empty() {
                // A number where the e.p. square goes, with both counters after it (`w - 0 0
                // 1`): Fairy-Stockfish reads no square there, and so do we (where the field
                // is Chu Shogi's lion square, a number is refused below like any non-square).
                rest.remove(0);
            } else if numeric && rest.len() == 2 {
                // Exactly two numbers after the castling field (`w - 0 1` in Fairy-Stockfish's
                // own variants.ini): the e.p. field is left out and they are the counters.
            } else {
                let f = rest.remove(0);
                // Chu Shogi has no e.p.: there the field holds the lion-trading square.
                match f {
                    "-" => {}
                    _ if t.lions.is_empty() => self.read_ep(f)?,
                    _ => self.read_lion_taker(f)?,
                }
            }
        }

        // Check counts.
        if t.variant().checks.check_counting {
            self.st.checks_remaining = [1, 1];
            if let Some(f) = rest.first() {
                if let Some((w, b)) = f.split_once('+') {
                    let parse = |s: &str| {
                        s.parse::<u8>().map_err(|_| FenError::BadCounter {
                            what: "check count",
                            value: f.to_string(),
                        })
                    };
                    self.st.checks_remaining = [parse(w)?, parse(b)?];
                    rest.remove(0);
                }
            }
        }

        // Counters.
        if let Some(f) = rest.first() {
            self.st.rule50 = f.parse().map_err(|_| FenError::BadCounter {
                what: "half-move clock",
                value: f.to_string(),
            })?;
            rest.remove(0);
        }
        let mut fullmove = 1u32;
        if let Some(f) = rest.first() {
            fullmove = f.parse().map_err(|_| FenError::BadCounter {
                what: "full-move number",
                value: f.to_string(),
            })?;
            rest.remove(0);
        }
        // Turns of several moves: the moves made in the turn so far (our addition, `~1`,
        // written only when some are).
        if let Some(turns) = &t.rules.turns {
            self.st.turn = fullmove.saturating_sub(1).saturating_mul(2) + self.stm as u32;
            if let Some(f) = rest.last().and_then(|f| f.strip_prefix('~')) {
                let made: u32 = f.parse().map_err(|_| FenError::BadCounter {
                    what: "moves made in the turn",
                    value: f.to_string(),
                })?;
                if made >= turns.moves_in(self.st.turn) {
                    return Err(FenError::BadCounter {
                        what: "moves made in the turn (more than the turn has)",
                        value: f.to_string(),
                    });
                }
                self.st.turn_part = made;
                rest.pop();
            }
        }
        // Lichess-style check counts after the counters: `+W+B`, checks given so far out of
        // three (as Fairy-Stockfish reads them).
        if t.variant().checks.check_counting && rest.len() == 1 {
            if let Some((w, b)) = rest[0]
                .strip_prefix('+')
                .and_then(|x| x.split_once('+'))
                .and_then(|(w, b)| Some((w.parse::<u8>().ok()?, b.parse::<u8>().ok()?)))
            {
                self.st.checks_remaining = [3u8.saturating_sub(w), 3u8.saturating_sub(b)];
                rest.clear();
            }
        }
        if !rest.is_empty() {
            return Err(FenError::Trailing(rest.join(" ")));
        }
        // A huge move number saturates instead of overflowing.
        self.game_ply = fullmove.saturating_sub(1).saturating_mul(2) + self.stm as u32;
        if self.st.counting_limit != 0 && self.st.rule50 != 0 {
            self.st.counting_ply = self.st.rule50;
            self.st.rule50 = 0;
        }

        Ok(())
    }

    /// Checks the kings and computes what the state keeps beside the FEN's fields
    /// (pseudo-royals, checkers, the key).
    fn complete(&mut self) -> Result<(), FenError> {
        self.check_kings()?;
        self.st.pseudo_royals = self.compute_pseudo_royals();
        self.st.checkers = self.compute_checkers();
        self.st.waiting_side_safe = self.king_square(!self.stm).map_or(true, |k| {
            self.attackers_to(k, self.occ, self.stm).is_empty()
        });
        self.st.key = self.compute_key();
        Ok(())
    }

    /// Reads the holdings (the text between the brackets): piece letters, upper case for
    /// White; `-` stands for empty hands. With prisons (`hostageExchange`) the hands come
    /// first, then `|` and the prisoners, each in its captor's prison: `[Q|nP]` is a white
    /// queen in White's hand, a black knight in White's prison and a white pawn in Black's.
    fn read_holdings(&mut self, field: &str) -> Result<(), FenError> {
        let t = Arc::clone(&self.t);
        let (hands, prisoners) = match field.split_once('|') {
            Some((hands, prisoners)) if t.rules.moves.prisons => (hands, prisoners),
            _ => (field, ""),
        };
        if !t.has_hands {
            return if hands.chars().all(|c| c == '-') {
                Ok(())
            } else {
                Err(FenError::Holdings)
            };
        }
        let too_many = |ch: char| FenError::BadHoldings {
            field: field.to_string(),
            reason: format!("too many '{ch}'"),
        };
        for (id, c, ch) in self.holdings_pieces(field, hands)? {
            if self.in_hand(id, c) as usize + 1 >= MAX_IN_HAND {
                return Err(too_many(ch));
            }
            let _ = self.add_to_hand(id, c, &mut ());
        }
        for (id, c, ch) in self.holdings_pieces(field, prisoners)? {
            // A piece is held by the side that took it, the other colour.
            if self.in_prison(id, !c) as usize + 1 >= MAX_IN_HAND {
                return Err(too_many(ch));
            }
            let _ = self.add_to_prison(id, !c);
        }
        Ok(())
    }

    /// The pieces `text` (part of the holdings `field`) names: type, colour and the letter
    /// as written; `-` names none.
    fn holdings_pieces(&self, field: &str, text: &str) -> Result<Vec<(u8, Color, char)>, FenError> {
        let bad = |reason: String| FenError::BadHoldings {
            field: field.to_string(),
            reason,
        };
        let mut pieces = Vec::new();
        let mut chars = text.chars().peekable();
        while let Some(ch) = chars.next() {
            if ch == '-' {
                continue;
            }
            if !ch.is_ascii_alphabetic() {
                return Err(bad(format!("unexpected '{ch}'")));
            }
            let id = self
                .t
                .variant()
                .piece_by_letter(crate::variant::pieces::read_letter(ch, &mut chars))
                .ok_or_else(|| bad(format!("unknown piece letter '{ch}'")))?;
            pieces.push((id, Color::of_letter(ch), ch));
        }
        Ok(pieces)
    }

    fn check_kings(&self) -> Result<(), FenError> {
        let v = &self.t.variant();
        let Some(k) = self.t.king else { return Ok(()) };
        let letter = v.pieces[k as usize].letter;
        for (c, &side) in Color::BOTH.into_iter().zip(SIDES.iter()) {
            // A royal piece still in hand (placement, sittuyin) is present.
            let n = self.count(k, c) + self.in_hand(k, c);
            let l = if c == Color::White {
                letter
            } else {
                letter.to_ascii_lowercase()
            };
            if n == 0
                && v.game_end.extinction.value.is_none()
                && v.game_end.flag.region.get(c).is_empty()
            {
                return Err(FenError::MissingKing { side, letter: l });
            }
            if n > 1 {
                return Err(FenError::TooManyKings {
                    side,
                    count: n,
                    letter: l,
                });
            }
        }
        Ok(())
    }

    pub(crate) fn castling_rank(&self, c: Color) -> u8 {
        let r = self.t.variant().castling.rank;
        if c == Color::White {
            r
        } else {
            self.t.geo.ranks() - 1 - r
        }
    }

    /// Whether a castling rook of colour `c` stands on `sq`.
    fn is_castling_rook(&self, c: Color, sq: Square) -> bool {
        let pc = self.board[sq.index()];
        pc != EMPTY && pc != WALL && color_of(pc) == c && self.t.castling_rooks[c].has(type_of(pc))
    }

    /// The square a `K` (`kingside`) or `Q` castling letter of colour `c` names: the first
    /// castling rook from the variant's rook file towards the other edge, as Fairy-Stockfish
    /// reads it, or the last square looked at when there is none.
    fn castling_letter_square(&self, c: Color, kingside: bool) -> Option<Square> {
        let t = &*self.t;
        let geo = t.geo;
        let max_file = geo.files() - 1;
        let rank = self.castling_rank(c);
        let castling = &t.variant().castling;
        if kingside {
            let mut f = castling
                .rook_kingside_file
                .unwrap_or(max_file)
                .min(max_file);
            loop {
                let sq = geo.square(f, rank)?;
                if self.is_castling_rook(c, sq) || f == 0 {
                    return Some(sq);
                }
                f -= 1;
            }
        } else {
            let mut f = castling.rook_queenside_file.min(max_file);
            loop {
                let sq = geo.square(f, rank)?;
                if self.is_castling_rook(c, sq) || f == max_file {
                    return Some(sq);
                }
                f += 1;
            }
        }
    }

    fn read_castling(&mut self, field: &str) -> Result<(), FenError> {
        if field == "-" {
            return Ok(());
        }
        let t = Arc::clone(&self.t);
        let v = &t.variant();
        let geo = t.geo;
        let bad = |reason: String| FenError::BadCastling {
            field: field.to_string(),
            reason,
        };
        let enabled = v.castling.enabled;
        let max_file = geo.files() - 1;
        for ch in field.chars() {
            if !ch.is_ascii_alphabetic() {
                return Err(bad(format!("unexpected '{ch}'")));
            }
            let c = Color::of_letter(ch);
            let up = ch.to_ascii_uppercase();
            let rank = self.castling_rank(c);
            let rsq = if enabled && (up == 'K' || up == 'Q') {
                self.castling_letter_square(c, up == 'K')
                    .ok_or_else(|| bad("no castling rank".into()))?
            } else if (b'A'..=b'A' + max_file).contains(&(up as u8)) {
                geo.square(up as u8 - b'A', rank)
                    .ok_or_else(|| bad("no castling rank".into()))?
            } else {
                // Fairy-Stockfish ignores a letter that names no right of the variant (its own
                // variants.ini writes `KQkq` for variants without castling); so do we.
                continue;
            };

            if enabled && self.castling_king_sq[c].is_none() {
                let kp = t.castling_king[c];
                let kings = match kp {
                    Some(k) => self.pieces_of(k, c) & t.ranks[rank as usize],
                    None => B::EMPTY,
                };
                let is_king_on_rsq =
                    kp.is_some_and(|k| self.board[rsq.index()] == make_piece(k, c));
                let ksq = if self.chess960 && is_king_on_rsq {
                    Some(rsq)
                } else if kings.any() && (!kings.more_than_one() || self.chess960) {
                    Some(kings.lsb())
                } else {
                    geo.square(v.castling.king_file, rank)
                };
                self.castling_king_sq[c] = ksq.filter(|s| kings.contains(*s));
            }
            // The scan for a `K` (`Q`) rook runs from the edge file past the king when no
            // rook stands on the king's side (Fairy-Stockfish scans the same way): a rook on
            // the other side names no right of that letter, and is ignored like a letter that
            // names none. Otherwise the right would print as the other letter and read back
            // as yet another rook (found by fuzzing).
            if let Some(k) = self.castling_king_sq[c].filter(|_| up == 'K' || up == 'Q') {
                if (up == 'K') != (geo.file_of(rsq) > geo.file_of(k)) {
                    continue;
                }
            }

            if v.special_moves.gating {
                if self.by_color[c].contains(rsq) {
                    self.st.gates[c] = self.st.gates[c].with(rsq);
                }
                if (up == 'K' || up == 'Q') && self.castling_king_sq[c].is_some() {
                    let k = self.castling_king_sq[c].unwrap_or(rsq);
                    self.st.gates[c] = self.st.gates[c].with(k);
                } else if !v.special_moves.seirawan_gating
                    || self.hand_count(c) > 0
                    || v.drops.captures_to_hand
                {
                    // A file letter is a gate; it is a Chess960 castling right only in
                    // S-chess with nothing left in hand.
                    continue;
                }
            }

            if enabled && self.castling_king_sq[c].is_some() && self.is_castling_rook(c, rsq) {
                self.set_castling_right(c, rsq);
            }
        }
        // Gating Chess960 FENs name files only: a king and rooks on gates may castle.
        if v.special_moves.gating && enabled {
            for c in Color::BOTH {
                let Some(k) = t.castling_king[c] else {
                    continue;
                };
                let king_gated = (self.st.gates[c] & self.pieces_of(k, c)).any();
                if king_gated
                    && self.st.castling & (3 << (2 * c.index())) == 0
                    && (!v.special_moves.seirawan_gating
                        || self.hand_count(c) > 0
                        || v.drops.captures_to_hand)
                {
                    if self.castling_king_sq[c].is_none() {
                        self.castling_king_sq[c] =
                            Some((self.st.gates[c] & self.pieces_of(k, c)).lsb());
                    }
                    for sq in (self.st.gates[c] & self.by_color[c]).iter() {
                        if t.castling_rooks[c].has(type_of(self.board[sq.index()])) {
                            self.set_castling_right(c, sq);
                        }
                    }
                }
            }
        }
        // In S-chess a side with nothing left to gate has no gates, as after the move that
        // emptied its hand (make_move): the same position has the same key either way.
        if v.special_moves.seirawan_gating && !v.drops.captures_to_hand {
            for c in Color::BOTH {
                if self.hand_count(c) == 0 {
                    self.st.gates[c] = B::EMPTY;
                }
            }
        }
        Ok(())
    }

    pub(crate) fn set_castling_right(&mut self, c: Color, rfrom: Square) {
        let Some(kfrom) = self.castling_king_sq[c] else {
            return;
        };
        let kingside = kfrom < rfrom;
        let cr = if kingside { WHITE_OO } else { WHITE_OOO } << (2 * c.index());
        self.st.castling |= cr;
        self.castling_mask[kfrom.index()] |= cr;
        self.castling_mask[rfrom.index()] |= cr;
        let i = crate::board::position::cr_index(cr);
        self.castling_rook_sq[i] = rfrom;
        let v = &self.t.variant().castling;
        let rank = self.castling_rank(c);
        let geo = self.t.geo;
        let Some(kto) = geo.square(
            if kingside {
                v.kingside_file
            } else {
                v.queenside_file
            },
            rank,
        ) else {
            return;
        };
        let rto = if kingside {
            geo.offset(kto, -1, 0)
        } else {
            geo.offset(kto, 1, 0)
        }
        .unwrap_or(kto);
        let l = &self.t.lines;
        let between = |a: Square, b: Square| {
            let mut x = l.between(a, b).with(b);
            if !l.through(a, b).contains(b) && a != b {
                // Not aligned: only the end square (as Fairy-Stockfish's between table).
                x = B::square(b);
            }
            x
        };
        self.castling_path[i] =
            (between(rfrom, rto) | between(kfrom, kto)) & !B::square(kfrom) & !B::square(rfrom);
    }

    fn read_ep(&mut self, f: &str) -> Result<(), FenError> {
        let t = Arc::clone(&self.t);
        let geo = t.geo;
        let bad = || FenError::BadEnPassant(f.to_string());
        let bytes = f.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let start = i;
            if !bytes[i].is_ascii_lowercase() {
                return Err(bad());
            }
            i += 1;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            let sq = geo.parse_square(&f[start..i]).map_err(|_| bad())?;
            let us = self.stm;
            if !t.ep_region[us].contains(sq) {
                continue;
            }
            if self.fast_attacks() && !self.ep_plausible(sq) {
                continue;
            }
            self.st.ep = self.st.ep.with(sq);
        }
        Ok(())
    }

    /// The lion-trading square of a FEN ([`super::position::State::lion_taker`]): the piece
    /// that has just taken a lion, so one of the side that is not to move.
    fn read_lion_taker(&mut self, f: &str) -> Result<(), FenError> {
        let bad = |reason: &str| FenError::BadLionSquare {
            field: f.to_string(),
            reason: reason.to_string(),
        };
        let sq = self
            .t
            .geo
            .parse_square(f)
            .map_err(|_| bad("not a square of the board"))?;
        if !self.by_color[!self.stm].contains(sq) {
            return Err(bad("no piece of the side that just moved stands there"));
        }
        self.st.lion_taker = Some(sq);
        Ok(())
    }

    /// Fairy-Stockfish's `fastAttacks`: only chess and common fairy pieces, a plain king.
    pub(crate) fn fast_attacks(&self) -> bool {
        let v = &self.t.variant();
        const FAST: [&str; 10] = [
            "pawn",
            "knight",
            "bishop",
            "rook",
            "queen",
            "king",
            "immobile",
            "commoner",
            "archbishop",
            "chancellor",
        ];
        v.pieces.iter().all(|p| {
            FAST.contains(&p.name.as_str())
                && (p.name != "king" || p.betza == "K")
                && p.mobility_region.white.is_none()
                && p.mobility_region.black.is_none()
        }) && !v.special_moves.cambodian_moves
            && v.special_moves.diagonal_lines.is_empty()
    }

    /// Fairy-Stockfish keeps an e.p. square from a FEN of a plain variant only if it can be
    /// used: a pawn of the side to move attacks it, an enemy pawn stands one or two squares in
    /// front of it, and it and the square behind it are empty.
    fn ep_plausible(&self, sq: Square) -> bool {
        let t = &self.t;
        let us = self.stm;
        let them = !us;
        if !TypeSetExt::has_other(t.ep_types[us].0, t.pawn) {
            let Some(pawn) = t.pawn else { return false };
            let attackers =
                t.pieces[pawn as usize].capture[them].get(sq, B::EMPTY) & self.pieces_of(pawn, us);
            let push = them.sign();
            let front = [t.geo.offset(sq, 0, push), t.geo.offset(sq, 0, 2 * push)];
            let enemy = front
                .iter()
                .flatten()
                .any(|s| self.pieces_of(pawn, them).contains(*s));
            let behind = t.geo.offset(sq, 0, -push);
            let pieces = self.all_pieces();
            let clear = !pieces.contains(sq) && !behind.is_some_and(|b| pieces.contains(b));
            attackers.any() && enemy && clear
        } else {
            true
        }
    }

    /// The FEN of the position.
    pub fn fen(&self) -> String {
        let t = &self.t;
        let v = &t.variant();
        let geo = t.geo;
        let mut s = String::new();
        for r in (0..geo.ranks()).rev() {
            let mut empty = 0;
            for f in 0..geo.files() {
                let sq = geo.square(f, r).unwrap_or_default();
                let pc = self.board[sq.index()];
                if pc == EMPTY {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    s += &empty.to_string();
                    empty = 0;
                }
                if pc == WALL {
                    s.push('*');
                    continue;
                }
                let c = color_of(pc);
                let from = self.promoted_from[sq.index()];
                if from != 0 && t.promoted_type[(from - 1) as usize] == Some(type_of(pc)) {
                    s.push('+');
                    s.push_str(&v.pieces[(from - 1) as usize].text_for(c));
                } else {
                    s.push_str(&v.pieces[type_of(pc) as usize].text_for(c));
                    // Crazyhouse-promoted: goes back to the hand as a pawn when captured.
                    let d = &v.drops;
                    if from != 0 && (d.captures_to_hand && !d.drop_loop || d.two_boards) {
                        s.push('~');
                    }
                }
            }
            if empty > 0 {
                s += &empty.to_string();
            }
            if r > 0 {
                s.push('/');
            }
        }
        if t.fen_hands {
            // White's then Black's pieces, each from the last type to the first (as
            // Fairy-Stockfish writes them).
            s.push('[');
            for c in Color::BOTH {
                for ty in (0..t.n_types as u8).rev() {
                    let l = v.pieces[ty as usize].text_for(c);
                    for _ in 0..self.in_hand(ty, c) {
                        s.push_str(&l);
                    }
                }
            }
            if t.rules.moves.prisons {
                // White's pieces (in Black's prison), then Black's (in White's).
                s.push('|');
                for c in Color::BOTH {
                    for ty in (0..t.n_types as u8).rev() {
                        let l = v.pieces[ty as usize].text_for(c);
                        for _ in 0..self.in_prison(ty, !c) {
                            s.push_str(&l);
                        }
                    }
                }
            }
            s.push(']');
        }
        s += if self.stm == Color::White {
            " w "
        } else {
            " b "
        };
        let mut cs = String::new();
        for c in Color::BOTH {
            let base = if c == Color::White { b'A' } else { b'a' };
            let rights = self.st.castling >> (2 * c.index()) & 3;
            if self.chess960 && rights != 0 {
                if let Some(k) = t.castling_king[c] {
                    let kings = self.pieces_of(k, c) & t.ranks[self.castling_rank(c) as usize];
                    if kings.more_than_one() {
                        if let Some(ksq) = self.castling_king_sq[c] {
                            cs.push((base + geo.file_of(ksq)) as char);
                        }
                    }
                }
            }
            for (bit, letter) in [(1u8, b'K'), (2u8, b'Q')] {
                if rights & bit != 0 {
                    let i = crate::board::position::cr_index(bit << (2 * c.index()));
                    let rook = self.castling_rook_sq[i];
                    // A rook the letter would not find (the position has another castling
                    // rook nearer the edge, or this one on the wrong side of the king's
                    // file) is named by its file, which reads back as this rook; in gating
                    // variants a file letter is a gate, so the letter stays.
                    let found = self.castling_letter_square(c, bit == 1) == Some(rook);
                    if self.chess960 || (!found && !v.special_moves.gating) {
                        cs.push((base + geo.file_of(rook)) as char);
                    } else {
                        cs.push(if c == Color::White {
                            letter as char
                        } else {
                            letter.to_ascii_lowercase() as char
                        });
                    }
                }
            }
            let show_gates = !v.special_moves.seirawan_gating
                || self.hand_count(c) > 0
                || v.drops.captures_to_hand;
            if v.special_moves.gating && self.st.gates[c].any() && show_gates {
                for f in 0..geo.files() {
                    if (self.st.gates[c] & t.files[f as usize]).is_empty() {
                        continue;
                    }
                    let skip_king = !self.chess960
                        && rights != 0
                        && self.castling_king_sq[c].is_some_and(|k| geo.file_of(k) == f);
                    let skip_rook = (0..2).any(|side| {
                        rights >> side & 1 != 0
                            && geo.file_of(self.castling_rook_sq[2 * c.index() + side]) == f
                    });
                    if !skip_king && !skip_rook {
                        cs.push((base + f) as char);
                    }
                }
            }
        }
        if cs.is_empty() {
            cs.push('-');
        }
        s += &cs;
        if self.st.counting_limit != 0 {
            s += &format!(" {} ", self.st.counting_limit);
        } else if let Some(sq) = self.st.lion_taker {
            s += &format!(" {} ", geo.square_name(sq));
        } else if self.st.ep.is_empty() {
            s += " - ";
        } else {
            s.push(' ');
            for sq in self.st.ep.iter() {
                s += &geo.square_name(sq).to_string();
            }
            s.push(' ');
        }
        if v.checks.check_counting {
            s += &format!(
                "{}+{} ",
                self.st.checks_remaining[Color::White],
                self.st.checks_remaining[Color::Black]
            );
        }
        if self.st.counting_limit != 0 {
            s += &self.st.counting_ply.to_string();
        } else {
            s += &self.st.rule50.to_string();
        }
        if self.t.rules.turns.is_some() {
            s += &format!(" {}", 1 + self.st.turn / 2);
            if self.st.turn_part > 0 {
                s += &format!(" ~{}", self.st.turn_part);
            }
        } else {
            s += &format!(" {}", 1 + (self.game_ply - self.stm as u32) / 2);
        }
        s
    }
}

/// Helper on raw type sets.
struct TypeSetExt;
impl TypeSetExt {
    /// Whether `set` holds a type other than `pawn`.
    fn has_other(set: u64, pawn: Option<u8>) -> bool {
        let mask = pawn.map_or(0, |p| 1u64 << p);
        set & !mask != 0
    }
}

/// `BLACK_OO` and friends are re-exported for FEN users.
pub const CASTLING_BITS: [u8; 4] = [WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO];

#[cfg(test)]
mod tests {
    use crate::board::{Game, Position};
    use crate::variant::builtin;

    /// Switching Chess960 castling keeps the game: the same position, the same moves to
    /// take back, and castling written the other way.
    #[test]
    fn with_chess960_keeps_the_moves_played() {
        let v = builtin("chess").expect("chess");
        let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
        let Game::W64(mut p) = Game::new(v, Some(fen), false).expect("fen") else {
            unreachable!("chess is 8x8")
        };
        for text in ["e1g1", "e8c8", "g1h1"] {
            let m = p.parse_uci_move(text).expect("legal");
            p.make_move(m);
        }
        let mut q: Position<u64> = p.with_chess960(true).expect("same start");
        assert!(q.is_chess960() && !p.is_chess960());
        assert_eq!(q.fen(), p.fen());
        assert_eq!(q.history_len(), 3);
        for _ in 0..3 {
            let m = q.state().last_move;
            q.unmake_move(m);
        }
        assert_eq!(
            q.fen(),
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w HAha - 0 1"
        );
        // Castling is king takes rook now, and the same move as before.
        let Game::W64(before) = Game::new(v, Some(fen), false).expect("fen") else {
            unreachable!("chess is 8x8")
        };
        let castle = q.parse_uci_move("e1h1").expect("king takes rook");
        assert_eq!(before.parse_uci_move("e1g1"), Ok(castle));
        assert_eq!(q.move_to_uci(castle), "e1h1");
    }
}
