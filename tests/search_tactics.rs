//! Fixed-depth tactical positions across variants: mates and material wins.

use dabbaba::engine::Engine;
use dabbaba::search::{Limits, Score};

fn solve(variant: &str, fen: &str, depth: u32) -> (Option<String>, Score) {
    let mut e = Engine::new();
    if variant != "chess" {
        e.set_variant(variant).expect("variant");
    }
    e.set_position(Some(fen), &[]).expect("fen");
    let (b, out) = e.search_sync(&Limits::depth(depth));
    eprintln!("{variant} {fen}: {:?} {:?} depth {}", b, out.lines.first().map(|l| l.score), out.depth);
    (b.best, out.lines.first().map(|l| l.score).unwrap_or(Score::Cp(0)))
}

#[test]
fn back_rank_mate_in_one() {
    let (m, s) = solve("chess", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", 6);
    assert_eq!(m.as_deref(), Some("a1a8"));
    assert_eq!(s, Score::Mate(1));
}

#[test]
fn go_with_callbacks_reaches_the_depth() {
    use std::sync::{Arc, Mutex};
    let mut e = Engine::new();
    let lines = Arc::new(Mutex::new(Vec::new()));
    let l2 = lines.clone();
    e.set_on_info(move |i| l2.lock().unwrap().push(format!("{i:?}")));
    e.set_position(Some("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"), &[]).unwrap();
    e.go(Limits::depth(6));
    e.wait();
    let l = lines.lock().unwrap();
    for x in l.iter() { eprintln!("{x}"); }
    assert!(l.len() >= 6);
}
