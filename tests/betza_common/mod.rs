//! Helpers shared by the betza integration tests.
#![allow(dead_code)]

use dabbaba::betza::{self, Board, Cell, Color, Dialect, EnPassant, Move, Situation, Square};

pub fn sq(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|| panic!("bad square in test: {name}"))
}

/// A placement list such as `"own:d6 enemy:d8,b4 king:e8"` (`king` = royal enemy, `hole`).
pub fn place(board: &mut Board, spec: &str) {
    for part in spec.split_whitespace() {
        let (what, squares) = part.split_once(':').expect("kind:squares");
        let cell = match what {
            "own" => Cell::Own,
            "enemy" => Cell::Enemy { royal: false },
            "king" => Cell::Enemy { royal: true },
            "hole" => Cell::Hole,
            other => panic!("unknown kind {other}"),
        };
        for name in squares.split(',') {
            board.set(sq(name), cell);
        }
    }
}

/// Everything a positional test varies.
pub struct Setup<'a> {
    pub betza: &'a str,
    pub dialect: Dialect,
    pub files: u8,
    pub ranks: u8,
    pub from: &'a str,
    pub color: Color,
    pub pieces: &'a str,
    pub ep: Option<(&'a str, &'a str)>,
    pub on_start: bool,
}

impl<'a> Setup<'a> {
    pub fn new(betza: &'a str, from: &'a str) -> Setup<'a> {
        Setup {
            betza,
            dialect: Dialect::XBetza,
            files: 8,
            ranks: 8,
            from,
            color: Color::White,
            pieces: "",
            ep: None,
            on_start: false,
        }
    }

    pub fn with(mut self, pieces: &'a str) -> Setup<'a> {
        self.pieces = pieces;
        self
    }

    pub fn fsf(mut self) -> Setup<'a> {
        self.dialect = Dialect::FairyStockfish;
        self
    }

    pub fn moves(&self) -> Vec<Move> {
        let piece = betza::parse(self.betza, self.dialect).unwrap_or_else(|e| panic!("{e}"));
        let mut board = Board::new(self.files, self.ranks).expect("board size");
        place(&mut board, self.pieces);
        let situation = Situation {
            board: &board,
            color: self.color,
            from: sq(self.from),
            en_passant: self.ep.map(|(t, v)| EnPassant {
                target: sq(t),
                victim: sq(v),
            }),
            on_start: self.on_start,
            one_step_from_start: false,
        };
        betza::moves(&piece, &situation)
    }

    pub fn destinations(&self) -> Vec<String> {
        let mut names: Vec<String> = betza::walk::destinations(&self.moves())
            .iter()
            .map(|s| s.to_string())
            .collect();
        names.sort();
        names
    }

    pub fn count(&self) -> usize {
        self.destinations().len()
    }
}

/// Sorted square names from a space-separated list.
pub fn names(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list.split_whitespace().map(str::to_string).collect();
    v.sort();
    v
}

pub fn count(betza: &str, from: &str) -> usize {
    Setup::new(betza, from).count()
}

/// What a move does, without the path taken: two spellings of a piece must agree on these.
pub type Effect = (
    Square,
    Vec<Square>,
    Vec<Square>,
    dabbaba::betza::MoveKind,
    Option<Square>,
);

pub fn effects(moves: &[Move]) -> Vec<Effect> {
    let mut all: Vec<Effect> = betza::walk::distinct(moves)
        .into_iter()
        .map(|m| (m.to, m.captures, m.destroyed, m.kind, m.castling_partner))
        .collect();
    all.sort();
    all.dedup();
    all
}

/// xorshift64*: small, seeded, good enough to scatter pieces.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}
