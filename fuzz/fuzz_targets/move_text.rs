//! Move text in coordinate (UCI, USI, CECP) and SAN notation, in a position reached by a few
//! moves from the start of any built-in variant: a move read from text is one of the legal
//! moves, and text that names none is refused, never a panic.

#![no_main]

#[path = "common.rs"]
mod common;

use dabbaba::board::MoveList;
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
        if let Ok(m) = p.parse_uci_move(text) {
            assert!(list.iter().any(|&l| l == m), "{name}: {text:?} read as an illegal move");
        }
        if let Some(m) = p.parse_san_move(text) {
            assert!(list.iter().any(|&l| l == m), "{name}: SAN {text:?} read as an illegal move");
        }
        let geo = &p.tables().geo;
        let coords = Coords::new(geo.files() as u8, geo.ranks() as u8);
        let _ = coords.parse_move(text);
    });
});
