//! A move generator built on nothing but `betza::walk`, the reference the position's legal
//! moves are compared with where Fairy-Stockfish cannot be (multi-leg pieces, boards beyond
//! 12x10): the walker's moves of every piece (all its components, fast ones included), and
//! legality as "no enemy walker move then takes the last of the mover's royal pieces".
//! Promotions, drops' special rules and the other rules the position adds on top of the
//! Betza are not modelled: `Fold::Promotions` compares the engine's moves with their
//! promotion mark taken off.
#![allow(dead_code)]

use dabbaba::color::Color;
use std::collections::BTreeSet;

use dabbaba::betza::{self, Cell};
use dabbaba::board::bitboard::Bitboard;
use dabbaba::board::position::{color_of, type_of, EMPTY, WALL};
use dabbaba::board::{Move, MoveKind, MoveList, Position, Square};
use dabbaba::variant::Variant;

/// How the engine's moves are compared with the reference's.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Fold {
    /// Exactly, move for move.
    Nothing,
    /// A promoting move and the same move without promotion count as one (`h9h10+` is
    /// `h9h10`): for variants with shogi-style promotions, which the reference does not play.
    Promotions,
}

/// Every piece type's full Betza, parsed as the variant reads it.
pub fn parsed(v: &Variant) -> Vec<betza::Piece> {
    v.pieces
        .iter()
        .map(|pt| {
            betza::parse_notation(&pt.betza, pt.dialect.notation()).expect("test pieces parse")
        })
        .collect()
}

fn wsq<B: Bitboard>(p: &Position<B>, sq: Square) -> betza::Square {
    let geo = &p.tables().geo;
    betza::Square::new(geo.file_of(sq), geo.rank_of(sq))
}

fn bsq<B: Bitboard>(p: &Position<B>, sq: betza::Square) -> Square {
    p.tables()
        .geo
        .square(sq.file, sq.rank)
        .expect("walker squares are on the board")
}

/// The walker's board as `color` sees it.
fn board_for<B: Bitboard>(p: &Position<B>, color: Color) -> betza::Board {
    let t = p.tables();
    let geo = &t.geo;
    let mut board = betza::Board::new(geo.files(), geo.ranks()).expect("board size");
    for sq in geo.squares() {
        let pc = p.piece_on(sq);
        let cell = if pc == WALL {
            Cell::Hole
        } else if pc == EMPTY {
            Cell::Empty
        } else if color_of(pc) == color {
            Cell::Own
        } else {
            Cell::Enemy {
                royal: Some(type_of(pc)) == t.king,
            }
        };
        board.set(wsq(p, sq), cell);
    }
    board
}

/// The walker's moves of every piece of `color`, as (from, walker move).
fn walker_moves<B: Bitboard>(
    p: &Position<B>,
    pieces: &[betza::Piece],
    color: Color,
) -> Vec<(Square, betza::Move)> {
    let board = board_for(p, color);
    let mut out = Vec::new();
    for from in p.tables().geo.squares() {
        let pc = p.piece_on(from);
        if pc == EMPTY || pc == WALL || color_of(pc) != color {
            continue;
        }
        let situation = betza::Situation {
            board: &board,
            color,
            from: wsq(p, from),
            en_passant: None,
            on_start: false,
            one_step_from_start: false,
        };
        for m in betza::moves(&pieces[type_of(pc) as usize], &situation) {
            out.push((from, m));
        }
    }
    out
}

/// Whether the side to move can take the other side's royal piece when it is its last: a
/// side with a king and a crown prince may leave either attacked (or both, to a lion that
/// could take the two in one move: the game is lost then all the same).
fn royal_capturable<B: Bitboard>(p: &Position<B>, pieces: &[betza::Piece]) -> bool {
    let us = p.side_to_move();
    let t = p.tables();
    // A king, or a piece the extinction rule protects as pseudo-royal.
    let royal = |pc: u8| {
        pc != EMPTY
            && pc != WALL
            && color_of(pc) != us
            && (Some(type_of(pc)) == t.king
                || (t.variant().game_end.extinction.pseudo_royal
                    && t.extinction_types.has(type_of(pc))))
    };
    let royals = t.geo.squares().filter(|&sq| royal(p.piece_on(sq))).count();
    royals == 1
        && walker_moves(p, pieces, us)
            .iter()
            .any(|(_, m)| m.captures.iter().any(|&c| royal(p.piece_on(bsq(p, c)))))
}

/// A move in the form both sides are compared in: UCI text, except that null moves (out and
/// back without a capture) are `null:SQ` whatever square they pass (all have the same effect).
pub fn key<B: Bitboard>(p: &Position<B>, m: Move) -> String {
    if m.kind() == MoveKind::MultiLeg && m.from() == m.to() && p.piece_on(m.kill_square()) == EMPTY
    {
        return format!("null:{}", p.tables().geo.square_name(m.from()));
    }
    p.move_to_uci(m)
}

/// The engine move for a walker move: plain, or via the one square it empties on the way.
fn engine_move<B: Bitboard>(p: &Position<B>, from: Square, m: &betza::Move) -> Option<Move> {
    let to = bsq(p, m.to);
    let removed: Vec<Square> = m
        .captures
        .iter()
        .filter(|&&c| c != m.to)
        .map(|&c| bsq(p, c))
        .collect();
    assert!(m.destroyed.is_empty(), "no `d` in the test pieces");
    match removed.as_slice() {
        [] if to != from => Some(Move::normal(from, to)),
        [] => {
            let via = m
                .via
                .iter()
                .map(|&v| bsq(p, v))
                .find(|&v| p.piece_on(v) == EMPTY)?;
            Some(Move::multi_leg(from, via, to))
        }
        [kill] => Some(Move::multi_leg(from, *kill, to)),
        _ => panic!("more than one piece taken on the way"),
    }
}

/// The reference legal moves: walker moves (and drops of every piece in hand on every empty
/// square), kept when no enemy walker move takes the royal piece afterwards. Checks that
/// playing each move leaves the board the walker move describes.
pub fn reference_moves<B: Bitboard>(
    p: &mut Position<B>,
    pieces: &[betza::Piece],
) -> BTreeSet<String> {
    let us = p.side_to_move();
    let mut candidates: Vec<(Move, Option<betza::Move>)> = walker_moves(p, pieces, us)
        .into_iter()
        .filter_map(|(from, m)| engine_move(p, from, &m).map(|e| (e, Some(m))))
        .collect();
    let t = p.tables().clone();
    if t.piece_drops {
        for ty in 0..t.n_types as u8 {
            if p.in_hand(ty, us) == 0 {
                continue;
            }
            for sq in t.geo.squares() {
                if p.piece_on(sq) == EMPTY {
                    candidates.push((Move::drop(sq, ty, false), None));
                }
            }
        }
    }
    let mut out = BTreeSet::new();
    for (m, walked) in candidates {
        let k = key(p, m);
        let mover = p.piece_on(m.from());
        p.make_move(m);
        if let Some(w) = walked {
            assert_eq!(p.piece_on(bsq(p, w.to)), mover, "mover lands on {}", k);
            for &c in w.captures.iter().filter(|&&c| c != w.to) {
                assert_eq!(p.piece_on(bsq(p, c)), EMPTY, "{k} empties its kill square");
            }
        }
        assert_eq!(p.key(), p.compute_key(), "incremental key after {k}");
        let legal = !royal_capturable(p, pieces);
        p.unmake_move(m);
        if legal {
            out.insert(k);
        }
    }
    out
}

pub fn engine_moves<B: Bitboard>(p: &Position<B>, fold: Fold) -> BTreeSet<String> {
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    let all: BTreeSet<String> = list.iter().map(|&m| key(p, m)).collect();
    assert_eq!(all.len(), list.len(), "no move twice at {}", p.fen());
    match fold {
        Fold::Nothing => all,
        Fold::Promotions => all
            .into_iter()
            .map(|k| k.strip_suffix('+').map_or(k.clone(), str::to_string))
            .collect(),
    }
}

/// A small deterministic generator (xorshift) for the random walks.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Random games from the position: at every node the engine's legal moves equal the
/// reference's, make/unmake restores the FEN and key, and moves read back from their text.
/// Returns how many multi-leg moves with a kill square were among the legal moves.
pub fn walk<B: Bitboard>(
    p: &mut Position<B>,
    pieces: &[betza::Piece],
    games: usize,
    plies: usize,
    fold: Fold,
) -> usize {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut multi_legs = 0;
    for _ in 0..games {
        let mut played = Vec::new();
        for _ in 0..plies {
            let fen = p.fen();
            let reference = reference_moves(p, pieces);
            let engine = engine_moves(p, fold);
            assert_eq!(
                engine,
                reference,
                "legal moves at {fen}: engine only {:?}, reference only {:?}",
                engine.difference(&reference).collect::<Vec<_>>(),
                reference.difference(&engine).collect::<Vec<_>>()
            );
            let mut list = MoveList::new();
            p.legal_moves(&mut list);
            if list.is_empty() {
                break;
            }
            for &m in list.iter() {
                if m.kind() == MoveKind::MultiLeg {
                    multi_legs += 1;
                }
                let text = p.move_to_uci(m);
                assert_eq!(p.parse_uci_move(&text), Ok(m), "{text} reads back at {fen}");
            }
            let m = list.as_slice()[rng.below(list.len())];
            p.make_move(m);
            played.push((m, fen));
        }
        while let Some((m, fen)) = played.pop() {
            p.unmake_move(m);
            assert_eq!(p.fen(), fen, "unmake restores the position");
            assert_eq!(p.key(), p.compute_key());
        }
    }
    multi_legs
}

pub fn reference_perft<B: Bitboard>(
    p: &mut Position<B>,
    pieces: &[betza::Piece],
    depth: u32,
) -> u64 {
    let moves = reference_moves(p, pieces);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut n = 0;
    for text in moves {
        let m = if let Some(sq) = text.strip_prefix("null:") {
            let mut list = MoveList::new();
            p.legal_moves(&mut list);
            *list
                .iter()
                .find(|&&m| key(p, m) == text)
                .unwrap_or_else(|| panic!("engine has the null move on {sq}"))
        } else {
            p.parse_uci_move(&text).expect("reference move is legal")
        };
        p.make_move(m);
        n += reference_perft(p, pieces, depth - 1);
        p.unmake_move(m);
    }
    n
}
