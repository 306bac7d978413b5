//! The engine's compiled piece tables (`board::position::tables`, the one XBetza compiler)
//! against the reference walker (`betza::walk`): for every piece of every built-in variant and
//! a list of Betza strings that covers each generator kind, on seven board sizes, many random
//! occupancies (some with walls), both sides, every square.
//!
//! What is compared, per piece type:
//! - a type compiled wholly to tables: its quiet, capture and initial reach equal the walker's
//!   moves exactly;
//! - a type with walker components (multi-leg, bent, cylinder, ...; the position plays those
//!   through the walker or compiled leg chains, `tests/multileg.rs`): its tables reach nothing
//!   the walker does not;
//! - the attack lookups the position builds on: a symmetric type's capture reach read
//!   backwards from the target, an asymmetric type's `reverse_super`, and the empty-board
//!   reach that bounds the pins.
//!
//! Rules the position applies on top of the Betza (pawn double steps and e.p., promotion,
//! mobility regions, palace lines, soldiers, janggi cannons) are covered by perft against
//! Fairy-Stockfish (`tests/perft_suite.rs`, `tests/perft_position.rs`).

mod betza_common;

use dabbaba::color::Color;
use std::collections::BTreeSet;

use betza_common::Rng;

use dabbaba::betza::{self, Cell};
use dabbaba::board::{Bb256, Bitboard, Geometry, Square, Tables};
use dabbaba::variant::{self, Variant, VariantSet};

/// Betza strings (Fairy-Stockfish's dialect, as variant files give them) that cover every
/// generator kind and the walker's special cases.
#[rustfmt::skip]
const EXTRA: &[&str] = &[
    "R4", "B2", "N0", "N2", "NN", "fN0", "D0", "mRcpR", "pR", "mpR", "cpB", "pQ3", "gQ", "gB",
    "gR3", "fgQ", "pW", "pN0", "nN", "nA", "nZ", "nH", "nC", "nD", "afsW", "afsF", "mafsmafW",
    "fmWfceF", "ifmnD", "fmWfceFifmnD", "fmFfcWimA", "KNADcaKmcabK", "FyafsF", "WyafsW", "oR",
    "oN", "jR", "jN", "jD", "fcafmF", "pafW", "pafmpafW", "WfF", "fsW", "RcpRnN", "KNAD",
    "mNcB", "fK", "fsF", "flW", "frN", "ffrK", "tK", "zB", "qN", "nN0", "U", "HG", "CZ",
    "mabW", "NjN", "RoR", "KcaW",
];

/// The board sizes the pieces are compiled for.
#[rustfmt::skip]
const BOARDS: &[(u32, u32)] = &[(8, 8), (6, 6), (10, 8), (9, 10), (12, 10), (12, 12), (16, 16)];

/// Piece letters of the test variants (`k` is the king).
const LETTERS: &str = "abcdefghijlmnopqrstuvwxyz";

/// Test variants of `files` x `ranks` holding the given pieces, as many per variant as there
/// are letters.
fn extra_variants(files: u32, ranks: u32) -> Vec<Variant> {
    let mut set = VariantSet::with_builtins();
    let mut names = Vec::new();
    let mut ini = String::new();
    let last_file = (b'a' + files as u8 - 1) as char;
    let empty_rank = files.to_string();
    let mut fen_ranks = vec![empty_rank.clone(); ranks as usize];
    fen_ranks[0] = format!("k{}", files - 1);
    fen_ranks[ranks as usize - 1] = format!("{}K", files - 1);
    let fen = fen_ranks.join("/");
    for (n, chunk) in EXTRA.chunks(LETTERS.len()).enumerate() {
        let name = format!("tables{files}x{ranks}n{n}");
        ini += &format!(
            "[{name}]\nmaxFile = {last_file}\nmaxRank = {ranks}\nking = k\ncastling = false\n"
        );
        for (i, (betza, letter)) in chunk.iter().zip(LETTERS.chars()).enumerate() {
            ini += &format!("customPiece{} = {letter}:{betza}\n", i + 1);
        }
        ini += &format!("startFen = {fen} w - - 0 1\n\n");
        names.push(name);
    }
    set.load_str("tables.ini", &ini)
        .unwrap_or_else(|e| panic!("test variants load: {e:?}\n{ini}"));
    names
        .iter()
        .map(|n| set.get(n).expect("loaded").clone())
        .collect()
}

fn random_cells(geo: &Geometry, rng: &mut Rng, density: u64, walls: bool) -> Vec<Cell> {
    geo.squares()
        .map(|_| {
            if walls && rng.below(100) < 6 {
                Cell::Hole
            } else if rng.below(100) >= density {
                Cell::Empty
            } else if rng.below(2) == 0 {
                Cell::Own
            } else {
                Cell::Enemy {
                    royal: rng.below(8) == 0,
                }
            }
        })
        .collect()
}

fn bsq(geo: &Geometry, sq: Square) -> betza::Square {
    betza::Square::new(geo.file_of(sq), geo.rank_of(sq))
}

fn walker_board(geo: &Geometry, cells: &[Cell]) -> betza::Board {
    let mut board = betza::Board::new(geo.files(), geo.ranks()).expect("board size");
    for sq in geo.squares() {
        board.set(bsq(geo, sq), cells[sq.index()]);
    }
    board
}

/// The walker's moves of a piece split like the tables: quiet destinations, capture
/// destinations, and whether it has any other move (several captures, e.p., castling, a
/// move that ends where it started).
struct Walked<B> {
    quiets: B,
    captures: B,
    other: bool,
}

fn walked<B: Bitboard>(
    geo: &Geometry,
    piece: &betza::Piece,
    board: &betza::Board,
    color: Color,
    from: Square,
    on_start: bool,
) -> Walked<B> {
    let situation = betza::Situation {
        board,
        color: if color == Color::White {
            betza::Color::White
        } else {
            betza::Color::Black
        },
        from: bsq(geo, from),
        en_passant: None,
        on_start,
        one_step_from_start: false,
    };
    let mut out = Walked {
        quiets: B::EMPTY,
        captures: B::EMPTY,
        other: false,
    };
    for m in betza::moves(piece, &situation) {
        let to = geo.square(m.to.file, m.to.rank).expect("on the board");
        let plain = m.destroyed.is_empty() && to != from;
        match m.kind {
            betza::MoveKind::Quiet if plain && m.captures.is_empty() => {
                out.quiets = out.quiets.with(to)
            }
            betza::MoveKind::Capture if plain && m.captures == [m.to] => {
                out.captures = out.captures.with(to)
            }
            _ => out.other = true,
        }
    }
    out
}

fn parse(v: &Variant, ty: usize) -> betza::Piece {
    let pt = &v.pieces[ty];
    betza::parse_notation(&pt.betza, pt.dialect.notation()).expect("variant pieces parse")
}

/// Compares every piece of `v` with the walker on `rounds` random occupancies; returns the
/// number of (occupancy, square, side, piece) cases compared exactly.
fn check_variant<B: Bitboard>(v: &Variant, rounds: usize, seed: u64, walls: bool) -> usize {
    let t = Tables::<B>::new(v).unwrap_or_else(|e| panic!("{}: {e}", v.name));
    let geo = &t.geo;
    let parsed: Vec<betza::Piece> = (0..t.n_types).map(|ty| parse(v, ty)).collect();
    let mut rng = Rng(seed ^ ((geo.num_squares() as u64) << 8) | 1);
    let mut cases = 0;
    for round in 0..rounds {
        let density = [5, 15, 30, 50, 70][round % 5];
        let mut cells = random_cells(geo, &mut rng, density, walls);
        for color in Color::BOTH {
            for from in geo.squares() {
                if cells[from.index()] == Cell::Hole {
                    continue;
                }
                let saved = cells[from.index()];
                cells[from.index()] = Cell::Own;
                let on_start = rng.below(2) == 0;
                let board = walker_board(geo, &cells);
                let occ = geo
                    .squares()
                    .filter(|&s| cells[s.index()] != Cell::Empty)
                    .fold(B::EMPTY, |b, s| b.with(s));
                let enemy = geo
                    .squares()
                    .filter(|&s| matches!(cells[s.index()], Cell::Enemy { .. }))
                    .fold(B::EMPTY, |b, s| b.with(s));
                for (ty, piece) in parsed.iter().enumerate() {
                    let pt = &t.pieces[ty];
                    let betza = &v.pieces[ty].betza;
                    // A wall is a hurdle for the tables' hoppers (as for Fairy-Stockfish's
                    // duck), while the walker never passes a hole.
                    if walls && (betza.contains('p') || betza.contains('g')) {
                        continue;
                    }
                    let mut quiets = pt.quiet[color].get(from, occ) & !occ;
                    if on_start {
                        quiets |= pt.initial[color].get(from, occ) & !occ;
                    }
                    let captures = pt.capture[color].get(from, occ) & enemy;
                    let reference: Walked<B> = walked(geo, piece, &board, color, from, on_start);
                    let what = || {
                        format!(
                            "{} {betza} ({}) colour {color:?} on {} round {round}{}",
                            v.name,
                            v.pieces[ty].name,
                            geo.square_name(from),
                            if on_start { " on its start square" } else { "" }
                        )
                    };
                    let names = |b: B| -> Vec<String> {
                        b.iter().map(|s| geo.square_name(s).to_string()).collect()
                    };
                    if t.walkers[ty].is_none() {
                        assert!(!reference.other, "{}: moves beyond the tables", what());
                        assert_eq!(
                            names(quiets),
                            names(reference.quiets),
                            "{}: quiet moves",
                            what()
                        );
                        assert_eq!(
                            names(captures),
                            names(reference.captures),
                            "{}: captures",
                            what()
                        );
                        cases += 1;
                    } else {
                        assert_eq!(
                            names(quiets & !reference.quiets),
                            Vec::<String>::new(),
                            "{}: quiet moves the walker does not have",
                            what()
                        );
                        assert_eq!(
                            names(captures & !reference.captures),
                            Vec::<String>::new(),
                            "{}: captures the walker does not have",
                            what()
                        );
                    }
                }
                cells[from.index()] = saved;
            }
        }
        check_attack_lookups(&t, &cells, &mut rng);
    }
    cases
}

/// What the position's attack detection reads: a symmetric type's captures found backwards
/// from the target, an asymmetric type's `reverse_super`, and the empty-board reach that
/// bounds the squares an attacker can stand on.
fn check_attack_lookups<B: Bitboard>(t: &Tables<B>, cells: &[Cell], rng: &mut Rng) {
    let geo = &t.geo;
    let occ = geo
        .squares()
        .filter(|&s| cells[s.index()] != Cell::Empty)
        .fold(B::EMPTY, |b, s| b.with(s));
    for _ in 0..4 {
        let target = Square::new(rng.below(geo.num_squares() as u64) as u8);
        for (ty, pt) in t.pieces.iter().enumerate() {
            for color in 0..2 {
                for from in geo.squares().filter(|&s| s != target) {
                    let occ = occ.with(from).with(target);
                    let hits = pt.capture[color].get(from, occ).contains(target);
                    let what = || {
                        format!(
                            "{} type {ty} colour {color} from {} to {}",
                            t.variant().name,
                            geo.square_name(from),
                            geo.square_name(target)
                        )
                    };
                    if pt.symmetric {
                        assert_eq!(
                            pt.capture[color ^ 1].get(target, occ).contains(from),
                            hits,
                            "{}: symmetric reach",
                            what()
                        );
                    } else if hits {
                        assert!(
                            pt.reverse_super[color][target.index()].contains(from),
                            "{}: reverse_super",
                            what()
                        );
                    }
                    if hits && pt.symmetric && !pt.hop_capture {
                        assert!(
                            pt.capture[color].empty_board(from).contains(target),
                            "{}: empty-board reach",
                            what()
                        );
                    }
                }
            }
        }
    }
}

fn check_width(v: &Variant, rounds: usize, seed: u64, walls: bool) -> usize {
    match v.files as usize * v.ranks as usize {
        0..=64 => check_variant::<u64>(v, rounds, seed, walls),
        65..=128 => check_variant::<u128>(v, rounds, seed, walls),
        _ => check_variant::<Bb256>(v, rounds, seed, walls),
    }
}

#[test]
fn builtin_pieces_match_the_walker() {
    let mut cases = 0;
    for v in variant::builtins().iter() {
        cases += check_width(v, 2, 0x5eed_0001, false);
    }
    eprintln!("{cases} cases");
    assert!(cases > 100_000);
}

/// The pieces of [`EXTRA`] on every board of [`BOARDS`]; the number of cases compared.
fn check_extra_pieces(rounds: usize, seed: u64, walls: bool) -> usize {
    BOARDS
        .iter()
        .flat_map(|&(files, ranks)| extra_variants(files, ranks))
        .map(|v| check_width(&v, rounds, seed, walls))
        .sum()
}

#[test]
fn extra_pieces_match_the_walker() {
    let cases = check_extra_pieces(6, 0x5eed_0002, false);
    eprintln!("{cases} cases");
    assert!(cases > 100_000);
}

#[test]
fn pieces_on_boards_with_walls_match_the_walker() {
    let mut cases = check_extra_pieces(3, 0x5eed_0003, true);
    for name in ["chess", "xiangqi", "shogi", "capablanca", "chu"] {
        cases += check_width(
            variant::builtin(name).expect("built in"),
            2,
            0x5eed_0004,
            true,
        );
    }
    eprintln!("{cases} cases");
    assert!(cases > 10_000);
}

/// Every piece of a built-in variant compiles to tables, but for the multi-leg pieces that
/// are the walker's by design (Chu Shogi's lion, horned falcon and soaring eagle).
#[test]
fn builtin_pieces_compile_to_tables() {
    fn walker_pieces<B: Bitboard>(v: &Variant) -> BTreeSet<String> {
        let t = Tables::<B>::new(v).unwrap_or_else(|e| panic!("{}: {e}", v.name));
        (0..t.n_types)
            .filter(|&ty| t.walkers[ty].is_some())
            .map(|ty| v.pieces[ty].betza.clone())
            .collect()
    }
    for v in variant::builtins().iter() {
        let walkers = match v.files as usize * v.ranks as usize {
            0..=64 => walker_pieces::<u64>(v),
            65..=128 => walker_pieces::<u128>(v),
            _ => walker_pieces::<Bb256>(v),
        };
        for betza in walkers {
            assert!(betza.contains('a'), "{}: {betza} uses the walker", v.name);
        }
    }
}

/// The names of the types of `name` that get the short loop, per side, sorted.
fn plain_type_names<B: Bitboard>(name: &str) -> Vec<Vec<String>> {
    let v = variant::builtin(name).expect("built in");
    let t = Tables::<B>::new(v).unwrap_or_else(|e| panic!("{name}: {e}"));
    (0..2)
        .map(|us| {
            let mut names: Vec<String> = t.plain_types[us]
                .iter()
                .map(|ty| v.pieces[ty as usize].name.clone())
                .collect();
            names.sort();
            names
        })
        .collect()
}

/// The types move generation gives its short loop (`Tables::plain_types`): the pieces whose
/// moves are their table reach alone, never one that a pawn, promotion, soldier, palace or
/// janggi-cannon rule touches (those would lose moves or gain false ones there).
#[test]
fn plain_types_are_the_pieces_no_rule_touches() {
    let chess: Vec<String> = ["bishop", "king", "knight", "queen", "rook"]
        .map(String::from)
        .to_vec();
    assert_eq!(plain_type_names::<u64>("chess"), vec![chess.clone(), chess]);
    // Pieces of `variant` (each must exist) that must keep the full loop on both sides.
    let kept_out = |variant: &str, plain: Vec<Vec<String>>, ruled: &[&str]| {
        let v = variant::builtin(variant).expect("built in");
        for piece in ruled {
            assert!(
                v.pieces.iter().any(|p| p.name == *piece),
                "{variant} has no {piece}"
            );
            for side in &plain {
                assert!(!side.contains(&piece.to_string()), "{piece} in {side:?}");
            }
        }
    };
    // Shogi: every type that promotes; the king (which never does) takes the short loop.
    let shogi = plain_type_names::<u128>("shogi");
    assert!(shogi.iter().all(|side| side.iter().any(|n| n == "king")));
    let promoting = [
        "shogiPawn",
        "lance",
        "shogiKnight",
        "silver",
        "bishop",
        "rook",
    ];
    kept_out("shogi", shogi, &promoting);
    // Janggi: the cannon (janggiCannon) and the pieces with palace diagonals.
    let palace = ["janggiCannon", "rook", "king", "wazir", "soldier"];
    kept_out("janggi", plain_type_names::<u128>("janggi"), &palace);
}

/// Where checks are found from the squares a move changed (`Tables::quick_checks`): chess
/// and its relatives with leapers and king-line sliders, never where a hopper, lame leaper,
/// palace, blast or second royal piece can make a check those squares do not show.
#[test]
fn quick_checks_only_where_leaps_and_king_lines_make_every_check() {
    fn quick_in<B: Bitboard>(v: &Variant) -> bool {
        let t = Tables::<B>::new(v).unwrap_or_else(|e| panic!("{}: {e}", v.name));
        t.quick_checks
    }
    let quick = |name: &str| {
        let v = variant::builtin(name).expect("built in");
        match v.files as usize * v.ranks as usize {
            0..=64 => quick_in::<u64>(v),
            65..=128 => quick_in::<u128>(v),
            _ => quick_in::<Bb256>(v),
        }
    };
    for name in [
        "chess",
        "crazyhouse",
        "capablanca",
        "shogi",
        "makruk",
        "seirawan",
    ] {
        assert!(
            quick(name),
            "{name} should find checks from the changed squares"
        );
    }
    // Cannons (xiangqi, janggi: also palaces), lame horses, blasts, two royals (spartan's
    // black kings, dupleCheck), pseudo-royals (extinction), the duck's wall.
    for name in [
        "xiangqi",
        "janggi",
        "atomic",
        "spartan",
        "antichess",
        "duck",
        "chu",
    ] {
        assert!(!quick(name), "{name} must recompute its checkers");
    }
}
