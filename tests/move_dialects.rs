//! Every legal move along random games, written by the board in each protocol's dialect (UCI,
//! USI, UCCI, CECP), equals its UCI text converted square by square by a converter written
//! here apart from the engine's, and reads back as the same move. Shogi (drops, `+`), xiangqi
//! (ten ranks: UCCI and CECP count them from 0), Chu Shogi (12 files: two-digit USI files,
//! lion moves in two legs, the lion's pass), crazyhouse (drops, castling, promotions).

use dabbaba::board::{AnyPosition, MoveDialect, MoveList};
use dabbaba::variant::builtin;
use dabbaba::with_position;

const DIALECTS: [MoveDialect; 4] = [
    MoveDialect::Uci,
    MoveDialect::Usi,
    MoveDialect::Ucci,
    MoveDialect::Cecp,
];

/// A square of UCI text (`e4`, `a10`) on a board of `files` x `ranks` in `dialect`.
fn square(file: u8, rank: u32, files: u8, ranks: u32, dialect: MoveDialect) -> String {
    match dialect {
        MoveDialect::Usi => {
            let from_top = ranks - rank;
            format!(
                "{}{}",
                files - (file - b'a'),
                char::from(b'a' + from_top as u8)
            )
        }
        MoveDialect::Ucci | MoveDialect::Cecp if ranks == 10 => {
            format!("{}{}", char::from(file), rank - 1)
        }
        _ => format!("{}{rank}", char::from(file)),
    }
}

/// UCI text in `dialect`: every square converted, `@` as USI's `*`.
fn convert(uci: &str, files: u8, ranks: u32, dialect: MoveDialect) -> String {
    let b = uci.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let digits = b[i + 1..].iter().take_while(|d| d.is_ascii_digit()).count();
        if c.is_ascii_lowercase() && digits > 0 {
            let rank: u32 = uci[i + 1..i + 1 + digits].parse().expect("rank");
            out += &square(c, rank, files, ranks, dialect);
            i += 1 + digits;
        } else if c == b'@' && dialect == MoveDialect::Usi {
            out.push('*');
            i += 1;
        } else {
            out.push(char::from(c));
            i += 1;
        }
    }
    out
}

/// Walks `games` random games of `plies` plies in `variant`, checking every legal move of
/// every position; returns how many moves were checked.
fn walk(variant: &str, games: u64, plies: usize) -> usize {
    let v = builtin(variant).expect("built in");
    let (files, ranks) = (v.files, u32::from(v.ranks));
    let mut checked = 0;
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..games {
        let mut g = AnyPosition::new(v, None, false).expect("start");
        for _ in 0..plies {
            let moves = with_position!(&mut g, p => {
                let mut list = MoveList::new();
                p.legal_moves(&mut list);
                for &m in &list {
                    let uci = p.move_to_uci(m);
                    for d in DIALECTS {
                        let text = p.move_text(m, d);
                        let expected = if d == MoveDialect::Cecp && p.passes(m) {
                            "@@@@".to_string()
                        } else {
                            convert(&uci, files, ranks, d)
                        };
                        assert_eq!(text, expected, "{variant} {d:?} {uci} in {}", p.fen());
                        assert_eq!(
                            p.parse_move_text(&text, d).ok(),
                            Some(m),
                            "{variant} {d:?} {text} in {}",
                            p.fen()
                        );
                        checked += 1;
                    }
                }
                list.len()
            });
            if moves == 0 {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            with_position!(&mut g, p => {
                let mut list = MoveList::new();
                p.legal_moves(&mut list);
                p.make_move(list.as_slice()[(seed % list.len() as u64) as usize]);
            });
        }
    }
    checked
}

#[test]
fn shogi_moves_in_every_dialect() {
    assert!(walk("shogi", 4, 60) > 10_000);
}

#[test]
fn xiangqi_moves_in_every_dialect() {
    assert!(walk("xiangqi", 4, 60) > 10_000);
}

#[test]
fn chu_shogi_moves_in_every_dialect() {
    assert!(walk("chu", 2, 30) > 10_000);
}

#[test]
fn crazyhouse_moves_in_every_dialect() {
    assert!(walk("crazyhouse", 4, 60) > 10_000);
}

#[test]
fn the_converter_writes_what_players_write() {
    assert_eq!(convert("c3c4", 9, 9, MoveDialect::Usi), "7g7f");
    assert_eq!(convert("b2h8+", 9, 9, MoveDialect::Usi), "8h2b+");
    assert_eq!(convert("P@e5", 9, 9, MoveDialect::Usi), "P*5e");
    assert_eq!(convert("a1a2", 12, 12, MoveDialect::Usi), "12l12k");
    assert_eq!(convert("h3e3", 9, 10, MoveDialect::Ucci), "h2e2");
    assert_eq!(convert("h10g8", 9, 10, MoveDialect::Cecp), "h9g7");
    assert_eq!(convert("a10a11", 12, 12, MoveDialect::Cecp), "a10a11");
}
