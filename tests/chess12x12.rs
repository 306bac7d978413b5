//! Chess on a 12x12 board (`variants/large.ini`, `chess12x12`): no other engine we can run
//! plays it (Fairy-Stockfish stops at 12x10; Sjaak II crashes on user variants over 128
//! squares), so this file carries its own referee: a plain mailbox move generator written
//! from the rules alone, sharing no code with the engine. The engine's legal moves must
//! equal it move for move on random games and in positions built for the rules that make
//! the variant (castling on the third rank with the rooks on c and j, double steps from the
//! fourth, en passant, promotion on the tenth), and perft must agree.

#[path = "attacks_common/mod.rs"]
mod common;

use common::{Rng, KNIGHT};
use dabbaba::board::Game;
use dabbaba::variant::VariantSet;
use std::collections::BTreeSet;

const N: i32 = 12;
const PROMOTIONS: [char; 4] = ['q', 'r', 'b', 'n'];

/// One side's pieces as FEN letters (lowercase), White's as `Some((true, letter))`.
type Cell = Option<(bool, char)>;

#[derive(Clone)]
struct Referee {
    board: Vec<Cell>,
    white: bool,
    /// K, Q, k, q.
    castling: [bool; 4],
    ep: Option<i32>,
}

fn sq(file: i32, rank: i32) -> i32 {
    rank * N + file
}

fn name(s: i32) -> String {
    format!("{}{}", (b'a' + (s % N) as u8) as char, s / N + 1)
}

fn on_board(file: i32, rank: i32) -> bool {
    (0..N).contains(&file) && (0..N).contains(&rank)
}

const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// A move as the referee plays it, printed as the engine writes UCI moves.
#[derive(Clone, Copy)]
struct RMove {
    from: i32,
    to: i32,
    promotion: Option<char>,
    en_passant: bool,
    /// The rook's from and to squares.
    castle: Option<(i32, i32)>,
}

impl RMove {
    fn plain(from: i32, to: i32) -> Self {
        RMove {
            from,
            to,
            promotion: None,
            en_passant: false,
            castle: None,
        }
    }

    fn text(&self) -> String {
        let mut s = format!("{}{}", name(self.from), name(self.to));
        if let Some(p) = self.promotion {
            s.push(p);
        }
        s
    }
}

impl Referee {
    fn from_fen(fen: &str) -> Self {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let mut board = vec![None; (N * N) as usize];
        for (row, text) in fields[0].split('/').enumerate() {
            let rank = N - 1 - row as i32;
            let mut file = 0;
            let mut digits = String::new();
            for c in text.chars() {
                if c.is_ascii_digit() {
                    digits.push(c);
                    continue;
                }
                if !digits.is_empty() {
                    file += digits.parse::<i32>().unwrap();
                    digits.clear();
                }
                board[sq(file, rank) as usize] =
                    Some((c.is_ascii_uppercase(), c.to_ascii_lowercase()));
                file += 1;
            }
        }
        let c = fields[2];
        let ep = (fields[3] != "-").then(|| {
            let b = fields[3].as_bytes();
            sq(
                (b[0] - b'a') as i32,
                fields[3][1..].parse::<i32>().unwrap() - 1,
            )
        });
        Referee {
            board,
            white: fields[1] == "w",
            castling: [
                c.contains('K'),
                c.contains('Q'),
                c.contains('k'),
                c.contains('q'),
            ],
            ep,
        }
    }

    fn at(&self, s: i32) -> Cell {
        self.board[s as usize]
    }

    /// Whether a piece of side `by` attacks square `s`.
    fn attacked(&self, s: i32, by: bool) -> bool {
        let (f, r) = (s % N, s / N);
        let is = |file: i32, rank: i32, kinds: &str| {
            on_board(file, rank)
                && matches!(self.at(sq(file, rank)), Some((w, k)) if w == by && kinds.contains(k))
        };
        let pawn_rank = if by { r - 1 } else { r + 1 };
        if is(f - 1, pawn_rank, "p") || is(f + 1, pawn_rank, "p") {
            return true;
        }
        if KNIGHT.iter().any(|&(df, dr)| is(f + df, r + dr, "n")) {
            return true;
        }
        let neighbours = ORTHOGONAL.iter().chain(DIAGONAL.iter());
        if neighbours.clone().any(|&(df, dr)| is(f + df, r + dr, "k")) {
            return true;
        }
        for (dirs, kinds) in [(&ORTHOGONAL, "rq"), (&DIAGONAL, "bq")] {
            for &(df, dr) in dirs.iter() {
                let (mut x, mut y) = (f + df, r + dr);
                while on_board(x, y) {
                    match self.at(sq(x, y)) {
                        None => {}
                        Some((w, k)) => {
                            if w == by && kinds.contains(k) {
                                return true;
                            }
                            break;
                        }
                    }
                    x += df;
                    y += dr;
                }
            }
        }
        false
    }

    fn pseudo_moves(&self) -> Vec<RMove> {
        let us = self.white;
        let mut out = Vec::new();
        let enemy_or_empty = |s: i32| !matches!(self.at(s), Some((w, _)) if w == us);
        for s in 0..N * N {
            let Some((w, kind)) = self.at(s) else {
                continue;
            };
            if w != us {
                continue;
            }
            let (f, r) = (s % N, s / N);
            match kind {
                'p' => self.pawn_moves(s, &mut out),
                'n' | 'k' => {
                    let steps: Vec<(i32, i32)> = if kind == 'n' {
                        KNIGHT.to_vec()
                    } else {
                        ORTHOGONAL.iter().chain(DIAGONAL.iter()).copied().collect()
                    };
                    for (df, dr) in steps {
                        if on_board(f + df, r + dr) && enemy_or_empty(sq(f + df, r + dr)) {
                            out.push(RMove::plain(s, sq(f + df, r + dr)));
                        }
                    }
                    if kind == 'k' {
                        self.castling_moves(s, &mut out);
                    }
                }
                _ => {
                    let dirs: Vec<(i32, i32)> = match kind {
                        'r' => ORTHOGONAL.to_vec(),
                        'b' => DIAGONAL.to_vec(),
                        _ => ORTHOGONAL.iter().chain(DIAGONAL.iter()).copied().collect(),
                    };
                    for (df, dr) in dirs {
                        let (mut x, mut y) = (f + df, r + dr);
                        while on_board(x, y) {
                            let t = sq(x, y);
                            match self.at(t) {
                                None => out.push(RMove::plain(s, t)),
                                Some((w, _)) => {
                                    if w != us {
                                        out.push(RMove::plain(s, t));
                                    }
                                    break;
                                }
                            }
                            x += df;
                            y += dr;
                        }
                    }
                }
            }
        }
        out
    }

    fn pawn_moves(&self, s: i32, out: &mut Vec<RMove>) {
        let us = self.white;
        let (f, r) = (s % N, s / N);
        let (up, start_rank, promotion_rank) = if us { (1, 3, 9) } else { (-1, 8, 2) };
        let push = |out: &mut Vec<RMove>, m: RMove| {
            if m.to / N == promotion_rank {
                for p in PROMOTIONS {
                    out.push(RMove {
                        promotion: Some(p),
                        ..m
                    });
                }
            } else {
                out.push(m);
            }
        };
        let one = sq(f, r + up);
        if self.at(one).is_none() {
            push(out, RMove::plain(s, one));
            let two = sq(f, r + 2 * up);
            if r == start_rank && self.at(two).is_none() {
                out.push(RMove::plain(s, two));
            }
        }
        for df in [-1, 1] {
            if !on_board(f + df, r + up) {
                continue;
            }
            let t = sq(f + df, r + up);
            match self.at(t) {
                Some((w, _)) if w != us => push(out, RMove::plain(s, t)),
                None if self.ep == Some(t) => out.push(RMove {
                    en_passant: true,
                    ..RMove::plain(s, t)
                }),
                _ => {}
            }
        }
    }

    fn castling_moves(&self, king: i32, out: &mut Vec<RMove>) {
        let us = self.white;
        let rank = if us { 2 } else { 9 };
        if king != sq(6, rank) {
            return;
        }
        let rights = if us { [0, 1] } else { [2, 3] };
        // (right, rook file, king's destination file, rook's destination file)
        for (right, rook_file, king_to, rook_to) in [(rights[0], 9, 8, 7), (rights[1], 2, 4, 5)] {
            if !self.castling[right] || self.at(sq(rook_file, rank)) != Some((us, 'r')) {
                continue;
            }
            let (lo, hi) = (rook_file.min(6), rook_file.max(6));
            let between_empty = (lo + 1..hi).all(|x| self.at(sq(x, rank)).is_none());
            let (klo, khi) = (king_to.min(6), king_to.max(6));
            let path_safe = (klo..=khi).all(|x| !self.attacked(sq(x, rank), !us));
            if between_empty && path_safe {
                out.push(RMove {
                    castle: Some((sq(rook_file, rank), sq(rook_to, rank))),
                    ..RMove::plain(king, sq(king_to, rank))
                });
            }
        }
    }

    fn play(&self, m: RMove) -> Referee {
        let mut n = self.clone();
        let (_, kind) = self.at(m.from).unwrap();
        n.board[m.from as usize] = None;
        n.board[m.to as usize] = Some((self.white, m.promotion.unwrap_or(kind)));
        if m.en_passant {
            let taken = if self.white { m.to - N } else { m.to + N };
            n.board[taken as usize] = None;
        }
        if let Some((rook_from, rook_to)) = m.castle {
            n.board[rook_from as usize] = None;
            n.board[rook_to as usize] = Some((self.white, 'r'));
        }
        n.ep = (kind == 'p' && (m.to - m.from).abs() == 2 * N).then(|| (m.from + m.to) / 2);
        // A right is lost when the king or its rook leaves its square or is taken there.
        let corners = [(sq(6, 2), [0, 1]), (sq(6, 9), [2, 3])];
        for (king_square, rights) in corners {
            if m.from == king_square {
                n.castling[rights[0]] = false;
                n.castling[rights[1]] = false;
            }
        }
        for (rook_square, right) in [(sq(9, 2), 0), (sq(2, 2), 1), (sq(9, 9), 2), (sq(2, 9), 3)] {
            if m.from == rook_square || m.to == rook_square {
                n.castling[right] = false;
            }
        }
        n.white = !self.white;
        n
    }

    fn king_square(&self, white: bool) -> i32 {
        (0..N * N)
            .find(|&s| self.at(s) == Some((white, 'k')))
            .expect("a king")
    }

    fn legal_moves(&self) -> Vec<(String, Referee)> {
        self.pseudo_moves()
            .into_iter()
            .filter_map(|m| {
                let next = self.play(m);
                let safe = !next.attacked(next.king_square(self.white), next.white);
                safe.then(|| (m.text(), next))
            })
            .collect()
    }

    fn perft(&self, depth: u32) -> u64 {
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|(_, n)| n.perft(depth - 1)).sum()
    }
}

fn game(fen: Option<&str>) -> Game {
    let set = VariantSet::with_builtins();
    let v = set.get("chess12x12").expect("chess12x12 is built in");
    Game::new(v, fen, false).expect("position")
}

/// The engine and the referee agree on the legal moves here, and after each of them on the
/// replies; returns the number of legal moves.
fn agree(fen: &str) -> usize {
    let g = game(Some(fen));
    let referee = Referee::from_fen(&g.fen());
    let engine: BTreeSet<String> = g.legal_moves_uci().into_iter().collect();
    let reference: BTreeSet<String> = referee.legal_moves().into_iter().map(|(m, _)| m).collect();
    assert_eq!(
        engine,
        reference,
        "at {fen}: engine only {:?}, referee only {:?}",
        engine.difference(&reference).collect::<Vec<_>>(),
        reference.difference(&engine).collect::<Vec<_>>()
    );
    engine.len()
}

const START: &str =
    "12/12/2rnbqkbnr2/2pppppppp2/12/12/12/12/2PPPPPPPP2/2RNBQKBNR2/12/12 w KQkq - 0 1";

#[test]
fn the_start_position_counts_match_the_referee() {
    let g = game(None);
    assert_eq!(g.fen(), START);
    // Hand count: 16 pawn moves, 7 per knight, 4 per rook and bishop, 6 for the queen and 3
    // for the king.
    assert_eq!(agree(START), 55);
    let referee = Referee::from_fen(START);
    for depth in 1..=3 {
        assert_eq!(g.perft(depth, 1), referee.perft(depth), "perft {depth}");
    }
    assert_eq!(g.perft(3, 1), 173_534);
}

/// Positions for the rules the variant adds: both castlings and what forbids them, en
/// passant on both sides, promotion with and without capture, a pawn on its start rank
/// behind a blocker.
const POSITIONS: &[&str] = &[
    // Both sides may castle both ways.
    "12/12/2r3k2r2/2pppppppp2/12/12/12/12/2PPPPPPPP2/2R3K2R2/12/12 w KQkq - 0 1",
    // A rook on h12 attacks h3, a square the king passes: only the long castling.
    "7r4/12/2r3k2r2/12/12/12/12/12/12/2R3K2R2/12/12 w KQkq - 0 1",
    // The king in check may not castle.
    "12/12/2r3k2r2/12/12/12/6q5/12/12/2R3K2R2/12/12 w KQkq - 0 1",
    // En passant for White on f7 (black pawn just double-stepped from f9).
    "12/12/6k5/12/12/4Pp6/12/12/12/6K5/12/12 w - f8 0 1",
    // En passant for Black on d5 (the white pawn just double-stepped from d4 to d6).
    "12/12/6k5/12/12/12/3Pp7/12/12/6K5/12/12 b - d5 0 1",
    // Promotion on the tenth rank, by a push and by a capture; Black's on the third.
    "12/12/2r3k5/1P10/12/12/12/12/8p3/5K3N2/12/12 w - - 0 1",
    "12/12/2r3k5/1P10/12/12/12/12/8p3/5K3N2/12/12 b - - 0 1",
    // Pawns on the start rank, one blocked two ahead, one blocked one ahead.
    "12/12/6k5/12/12/12/3n8/6n5/3P2PP4/12/6K5/12 w - - 0 1",
    // Pieces out on the outer ranks and files, White in check along the a-file.
    "q10k/12/12/12/12/12/12/12/12/12/12/K9NR w - - 0 1",
];

#[test]
fn rule_positions_match_the_referee() {
    let mut total = 0;
    for fen in POSITIONS {
        total += agree(fen);
        let g = game(Some(fen));
        let referee = Referee::from_fen(&g.fen());
        assert_eq!(g.perft(3, 1), referee.perft(3), "perft 3 at {fen}");
    }
    assert!(total > 100);
    // The rules are really in play: castling both ways at the first position, en passant,
    // promotion to each piece.
    let moves = |fen: &str| game(Some(fen)).legal_moves_uci();
    let first = moves(POSITIONS[0]);
    for m in ["g3i3", "g3e3"] {
        assert!(first.contains(&m.to_string()), "{m}");
    }
    assert!(moves(POSITIONS[3]).contains(&"e7f8".to_string()));
    assert!(moves(POSITIONS[4]).contains(&"e6d5".to_string()));
    assert!(!moves(POSITIONS[1]).contains(&"g3i3".to_string()));
    assert!(moves(POSITIONS[1]).contains(&"g3e3".to_string()));
    assert!(!moves(POSITIONS[2])
        .iter()
        .any(|m| m == "g3i3" || m == "g3e3"));
    let (white, black) = (moves(POSITIONS[5]), moves(POSITIONS[6]));
    for p in PROMOTIONS {
        for (list, m) in [
            (&white, format!("b9b10{p}")),
            (&white, format!("b9c10{p}")),
            (&black, format!("i4j3{p}")),
            (&black, format!("i4i3{p}")),
        ] {
            assert!(list.contains(&m), "{m}");
        }
    }
    // A pawn may not stop on the tenth rank unpromoted, and the one blocked two ahead has
    // only its single step.
    assert!(!white.contains(&"b9b10".to_string()));
    let start = moves(POSITIONS[7]);
    assert!(start.contains(&"d4d5".to_string()) && !start.contains(&"d4d6".to_string()));
    assert!(!start.iter().any(|m| m.starts_with("g4g")));
    assert!(start.contains(&"h4h6".to_string()));
}

#[test]
fn random_games_match_the_referee() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut castles = 0;
    let mut promotions = 0;
    for _ in 0..12 {
        let mut g = game(None);
        for _ in 0..160 {
            let fen = g.fen();
            let n = agree(&fen);
            if n == 0 {
                break;
            }
            let moves = g.legal_moves_uci();
            castles += moves
                .iter()
                .filter(|m| *m == "g3i3" || *m == "g3e3" || *m == "g10i10" || *m == "g10e10")
                .count();
            promotions += moves.iter().filter(|m| m.ends_with('q')).count();
            let m = moves[(rng.next_u64() % moves.len() as u64) as usize].clone();
            g.play_uci(&[m]).expect("legal");
        }
    }
    assert!(castles > 0, "the games met castling");
    assert!(promotions > 0, "the games met promotions");
}
