//! FEN parsing for every built-in variant (the first byte picks the variant and Chess960
//! castling): an error or a position, never a panic. A position prints a FEN that reads back
//! and prints stably, and its moves make and take back to the same key.

#![no_main]

#[path = "common.rs"]
mod common;

use dabbaba::board::position::Position;
use dabbaba::board::MoveList;
use dabbaba::with_position;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let name = common::variant_name((pick & 0x7f) as usize);
    let chess960 = pick & 0x80 != 0;
    let Some(start) = common::start_game(name, chess960) else {
        return;
    };
    with_position!(&start, s => {
        let Ok(mut p) = Position::from_fen(s.tables().clone(), text, chess960) else {
            return;
        };
        // A printed FEN reads back; read leniently, a first print may still normalise (a
        // `K` right whose rook is not the outermost one reads back as the outermost), but the
        // second print is the first's fixed point.
        let fen = p.fen();
        let read_back = |f: &str| {
            Position::from_fen(s.tables().clone(), f, chess960)
                .unwrap_or_else(|e| panic!("{name}: {text:?} printed as {f:?}, which fails: {e}"))
                .fen()
        };
        let fen2 = read_back(&fen);
        assert_eq!(fen2, read_back(&fen2), "{name}: {text:?} does not print stably");
        let mut list = MoveList::new();
        p.legal_moves(&mut list);
        let _ = p.is_immediate_game_end();
        for &m in list.iter() {
            let key = p.key();
            p.make_move(m);
            let _ = p.is_immediate_game_end();
            p.unmake_move(m);
            assert_eq!(p.key(), key, "{name} {fen}: make/unmake changed the key");
        }
    });
});
