//! Janggi move rules that perft numbers alone would hide: palace diagonals, the janggi cannon
//! on them, passing, bikjang and the game end after two passes. Expected move lists are
//! Fairy-Stockfish's (pyffish 0.0.90) for the same positions.

use dabbaba::board::Game;
use dabbaba::variant::{builtin, VariantSet};

fn legal(variant: &str, fen: Option<&str>, moves: &[&str]) -> Vec<String> {
    let v = builtin(variant).expect("built-in variant");
    let mut g = Game::new(v, fen, false).expect("position");
    let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    g.play_uci(&moves).expect("legal moves");
    let mut l = g.legal_moves_uci();
    l.sort();
    l
}

fn list(moves: &str) -> Vec<String> {
    let mut l: Vec<String> = moves.split_whitespace().map(String::from).collect();
    l.sort();
    l
}

#[test]
fn start_position_has_palace_diagonals_and_a_pass() {
    let l = legal("janggi", None, &[]);
    assert_eq!(l.len(), 32);
    for m in ["e2e2", "e2d3", "e2f3"] {
        assert!(l.contains(&m.to_string()), "{m} missing");
    }
}

#[test]
fn two_passes_in_a_row_end_the_game() {
    assert!(legal("janggi", None, &["e2e2", "e9e9"]).is_empty());
    // A pass may also be written `@@@@` or `0000`.
    assert!(legal("janggi", None, &["@@@@", "0000"]).is_empty());
    assert_eq!(legal("janggi", None, &["e2e2"]).len(), 32);
}

#[test]
fn bikjang_forbids_leaving_the_kings_facing() {
    let fen = "4k4/9/9/9/9/9/9/9/4K4/R8 w - - 0 1";
    assert_eq!(
        legal("janggi", Some(fen), &[]),
        list("e2d1 e2d2 e2d3 e2e2 e2f1 e2f2 e2f3")
    );
    // Without the rule the rook moves and the king may stay on the file.
    assert_eq!(legal("janggicasual", Some(fen), &[]).len(), 26);
}

#[test]
fn bikjang_allows_passing_in_check() {
    let fen = "4k4/9/9/9/9/9/9/9/r3K4/9 w - - 0 1";
    assert_eq!(
        legal("janggi", Some(fen), &[]),
        list("e2d1 e2d3 e2e2 e2f1 e2f3")
    );
    assert_eq!(
        legal("janggicasual", Some(fen), &[]),
        list("e2d1 e2d3 e2e1 e2e3 e2f1 e2f3")
    );
}

#[test]
fn a_captured_cannon_becomes_a_screen() {
    // Rook takes the cannon on e6; the rook is then a screen for the cannon on e10.
    let l = legal(
        "janggi",
        Some("4c4/3k5/9/9/R3c4/9/9/9/4K4/9 w - - 0 1"),
        &[],
    );
    assert_eq!(l.len(), 21);
    assert!(!l.contains(&"a6e6".to_string()));
}

#[test]
fn cannons_hop_along_palace_diagonals_but_not_over_cannons() {
    let l = legal("janggi", Some("3k5/9/9/9/9/9/9/9/4A4/3CK4 w - - 0 1"), &[]);
    assert_eq!(
        l,
        list("d1f1 d1f3 d1g1 d1h1 d1i1 e1e1 e1f1 e2d2 e2d3 e2e3 e2f1 e2f2 e2f3")
    );
    let l = legal("janggi", Some("3k5/9/9/9/9/9/9/9/4c4/3CK4 w - - 0 1"), &[]);
    assert_eq!(l, list("d1f1 d1g1 d1h1 d1i1 e1e1 e1e2 e1f1"));
}

#[test]
fn rooks_pin_along_palace_diagonals() {
    let l = legal("janggi", Some("4k4/9/9/9/9/9/9/5r3/4N4/3K5 w - - 0 1"), &[]);
    assert_eq!(l, list("d1d1 d1d2 d1e1"));
}

/// Legal moves in a variant of `passtest:chess` with passOnStalemate or pass.
fn custom(section: &str, fen: &str) -> Vec<String> {
    let mut set = VariantSet::with_builtins();
    set.load_str(
        "pass.ini",
        "[passtest:chess]\npassOnStalemate = true\n\n[passall:chess]\npass = true\n",
    )
    .expect("variants load");
    let v = set.get(section).expect("variant");
    let g = Game::new(v, Some(fen), false).expect("position");
    let mut l = g.legal_moves_uci();
    l.sort();
    l
}

#[test]
fn pass_on_stalemate_only_without_other_moves() {
    assert_eq!(
        custom("passtest", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"),
        list("h8h8")
    );
    assert_eq!(
        custom("passtest", "7k/8/6K1/8/8/8/8/8 b - - 0 1"),
        list("h8g8")
    );
    // Checkmated: no pass either.
    assert!(custom("passtest", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").is_empty());
    assert!(custom("passall", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").is_empty());
    assert_eq!(
        custom("passall", "7k/8/6K1/8/8/8/8/8 b - - 0 1"),
        list("h8g8 h8h8")
    );
}
