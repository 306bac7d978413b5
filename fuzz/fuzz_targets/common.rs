//! What the targets share: start positions of the built-in variants, built once each (a
//! variant's tables take far longer to build than anything a target does with them).

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use dabbaba::board::Game;
use dabbaba::variant::{builtin, builtin_names};

/// The built-in variant that `pick` selects (an index into the built-in order, wrapped).
pub fn variant_name(pick: usize) -> &'static str {
    let names = builtin_names();
    names[pick % names.len()]
}

/// The start position of the variant `name` (`None` when it has none to set up).
pub fn start_game(name: &'static str, chess960: bool) -> Option<Game> {
    static CACHE: OnceLock<Mutex<HashMap<(&'static str, bool), Option<Game>>>> = OnceLock::new();
    let mut cache = CACHE
        .get_or_init(|| Mutex::new(HashMap::new()))
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    cache
        .entry((name, chess960))
        .or_insert_with(|| {
            let v = builtin(name).expect("a built-in name");
            Game::new(v, None, chess960).ok()
        })
        .clone()
}
