//! The variants.ini loader on any text, over the built-in variants (so sections may inherit
//! from them): every section loads or is reported; every variant that loads sets up its
//! start position (or says why not) and generates, makes and takes back its moves.

#![no_main]

use dabbaba::board::{Game, MoveList};
use dabbaba::variant::VariantSet;
use dabbaba::with_position;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut set = VariantSet::with_builtins();
    let Ok(names) = set.load_str("fuzz.ini", text) else {
        return;
    };
    for name in names {
        let v = set.get(&name).expect("a loaded section is in the set");
        let Ok(mut g) = Game::new(v, None, false) else {
            continue;
        };
        with_position!(&mut g, p => {
            let mut list = MoveList::new();
            p.legal_moves(&mut list);
            for &m in list.iter().take(64) {
                let key = p.key();
                p.make_move(m);
                let _ = p.is_immediate_game_end();
                p.unmake_move(m);
                assert_eq!(p.key(), key, "{name}: make/unmake changed the key");
            }
        });
    }
});
