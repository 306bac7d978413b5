//! `Position::gives_check`, which the search asks before it makes a move it may prune, must
//! agree with what making the move shows (the opponent's royal piece attacked), for every
//! legal move of many positions of every built-in variant.

use dabbaba::board::bitboard::Bitboard;
use dabbaba::board::position::Position;
use dabbaba::board::{Game, MoveList};
use dabbaba::variant::{builtin, builtin_names, Variant, VariantSet};
use dabbaba::with_position;

mod playout_common;

/// Checks every legal move of `p`; returns the mismatches as text.
fn compare_moves<B: Bitboard>(p: &mut Position<B>, out: &mut Vec<String>) {
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    for &m in list.iter() {
        let predicted = p.gives_check(m);
        let fen = p.fen();
        let text = p.move_to_uci(m);
        p.make_move(m);
        let actual = p.checkers().any();
        p.unmake_move(m);
        if predicted != actual {
            out.push(format!(
                "{fen} {text}: predicted {predicted}, made {actual}"
            ));
        }
    }
}

/// Seeded random games (captures preferred, so hands fill and drops follow), every
/// position's moves compared on the way.
fn playouts<B: Bitboard>(p: &mut Position<B>, games: u64, plies: usize) -> Vec<String> {
    let mut out = Vec::new();
    for seed in 0..games {
        let mut rng = 0x9e37_79b9u64.wrapping_mul(seed + 1) | 1;
        let mut played = Vec::new();
        for _ in 0..plies {
            compare_moves(p, &mut out);
            if p.is_immediate_game_end() {
                break;
            }
            let Some(m) = playout_common::pick_preferring_captures(p, &mut rng) else {
                break;
            };
            p.make_move(m);
            played.push(m);
        }
        while let Some(m) = played.pop() {
            p.unmake_move(m);
        }
    }
    out
}

/// The mismatches found over the playouts of `v`, described.
fn failures_of(v: &Variant, out: &mut Vec<String>) {
    let mut g = Game::new(v, None, false).expect("start position");
    let found = with_position!(&mut g, p => playouts(p, 8, 120));
    if let Some(first) = found.first() {
        out.push(format!(
            "{}: {} mismatches, first {first}",
            v.name,
            found.len()
        ));
    }
}

#[test]
fn gives_check_agrees_with_making_the_move_in_every_builtin_variant() {
    let mut failures = Vec::new();
    for name in builtin_names() {
        failures_of(builtin(name).expect("built-in variant"), &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn gives_check_agrees_with_making_the_move_for_multi_leg_pieces() {
    let mut set = VariantSet::with_builtins();
    set.load_str("multileg.ini", include_str!("data/multileg.ini"))
        .expect("lion variants load");
    let mut failures = Vec::new();
    for name in [
        "lionchess",
        "lionhouse",
        "lionroyal",
        "griffon",
        "locust",
        "lion10",
        "lion12",
    ] {
        failures_of(
            set.get(name).expect("variant of multileg.ini"),
            &mut failures,
        );
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
