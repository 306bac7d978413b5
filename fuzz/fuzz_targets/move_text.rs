//! Move text in coordinate (UCI, USI, UCCI, CECP) and SAN notation, in a position reached by a
//! few moves from the start of any built-in variant: a move read from text in any dialect is
//! one of the legal moves, text that names none is refused, never a panic, and a legal move's
//! text in each dialect reads back as a move written the same way.

#![no_main]

#[path = "common.rs"]
mod common;

use dabbaba::board::{MoveDialect, MoveList};
use dabbaba::protocol::movetext::Coords;
use dabbaba::with_position;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let [pick, plies, rest @ ..] = data else {
        return;
    };
    let plies = (*plies % 8) as usize;
    if rest.len() < plies {
        return;
    }
    let (choices, text) = rest.split_at(plies);
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    let name = common::variant_name(*pick as usize);
    let Some(mut g) = common::start_game(name, false) else {
        return;
    };
    with_position!(&mut g, p => {
        let mut list = MoveList::new();
        for &c in choices {
            p.legal_moves(&mut list);
            if list.is_empty() {
                break;
            }
            p.make_move(list.as_slice()[c as usize % list.len()]);
        }
        p.legal_moves(&mut list);
        for d in [MoveDialect::Uci, MoveDialect::Usi, MoveDialect::Ucci, MoveDialect::Cecp] {
            if let Ok(m) = p.parse_move_text(text, d) {
                assert!(
                    list.iter().any(|&l| l == m),
                    "{name}: {d:?} {text:?} read as an illegal move"
                );
            }
            // The input picks one legal move to write and read back.
            if let Some(&m) = list.as_slice().get(text.len() % list.len().max(1)) {
                let written = p.move_text(m, d);
                // Read back as a move with the same text (two moves may share one: the pass
                // of any lion, a wall on the square Fairy-Stockfish's empty wall leg names).
                let read = p.parse_move_text(&written, d).map(|r| p.move_text(r, d));
                assert_eq!(read.ok(), Some(written.clone()), "{name}: {d:?} {written:?} does not read back");
            }
        }
        if let Some(m) = p.parse_san_move(text) {
            assert!(list.iter().any(|&l| l == m), "{name}: SAN {text:?} read as an illegal move");
        }
        let geo = &p.tables().geo;
        let coords = Coords::new(geo.files() as u8, geo.ranks() as u8);
        let _ = coords.parse_move(text);
    });
});
