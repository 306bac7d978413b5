//! Hostage chess (`hostageExchange`, `prisonPromotion`): perft against a referee built on
//! python-chess's board (`scripts/hostage_oracle.py`: below every root move of fourteen
//! positions, with prisoners, airfields, promotions from the prison, pawns that cannot
//! promote and so give no check, and rooks dropped in their corners), the FEN of prisons,
//! the rank rule of exchanges, the key's errors, and the search finding the textbook
//! exchange. The referee test is skipped with a message when python3 or python-chess is
//! missing (a failure under `CI=true`).

mod python_chess_common;
mod skip_common;

use dabbaba::board::AnyPosition;
use dabbaba::engine::Engine;
use dabbaba::search::Limits;
use dabbaba::variant::builtin;

#[test]
fn hostage_chess_matches_the_python_chess_referee() {
    python_chess_common::run_client_script("hostage_oracle.py", "hostage chess");
}

fn moves(list: &[&str]) -> Vec<String> {
    list.iter().map(|m| m.to_string()).collect()
}

/// Captures fill the prisons, an exchange empties them into the other side's airfield, and
/// every FEN on the way reads back to the same position and key.
#[test]
fn prisons_and_airfields_are_in_the_fen() {
    let v = builtin("hostage").expect("built in");
    let mut g = AnyPosition::new(v, None, false).expect("start");
    let steps = [
        (
            "e2e4",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[|] b KQkq - 0 1",
        ),
        (
            "d7d5",
            "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR[|] w KQkq - 0 2",
        ),
        // White's prison holds the black pawn.
        (
            "e4d5",
            "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR[|p] b KQkq - 0 2",
        ),
        // Black's holds the white one.
        (
            "d8d5",
            "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[|Pp] w KQkq - 0 3",
        ),
        // White frees its pawn onto e4 for the black pawn, which goes to Black's airfield.
        (
            "P@e4p",
            "rnb1kbnr/ppp1pppp/8/3q4/4P3/8/PPPP1PPP/RNBQKBNR[p|] b KQkq - 0 3",
        ),
        // Black drops it from there.
        (
            "P@e5",
            "rnb1kbnr/ppp1pppp/8/3qp3/4P3/8/PPPP1PPP/RNBQKBNR[|] w KQkq - 0 4",
        ),
    ];
    for (m, fen) in steps {
        g.play_uci(&moves(&[m]))
            .unwrap_or_else(|e| panic!("{m}: {e}"));
        assert_eq!(g.fen(), fen, "after {m}");
        let back = AnyPosition::new(v, Some(fen), false).expect("reads");
        assert_eq!(back.fen(), fen);
        dabbaba::with_position!(&g, p => {
            let key = p.key();
            assert_eq!(key, p.compute_key(), "incremental key after {m}");
            dabbaba::with_position!(&back, q => assert_eq!(q.key(), key, "{fen}"));
        });
    }
    // The same board with another prisoner is another position.
    let other = AnyPosition::new(
        v,
        Some("rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[|Pn] w KQkq - 0 3"),
        false,
    )
    .expect("reads");
    let same_board = AnyPosition::new(
        v,
        Some("rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[|Pp] w KQkq - 0 3"),
        false,
    )
    .expect("reads");
    dabbaba::with_position!(&other, p => {
        dabbaba::with_position!(&same_board, q => assert_ne!(p.key(), q.key()));
    });
    // A prisoner must be a piece of the variant.
    let err =
        AnyPosition::new(v, Some("4k3/8/8/8/8/8/8/4K3[|x] w - - 0 1"), false).expect_err("refused");
    assert!(
        err.to_string().contains("unknown piece letter 'x'"),
        "{err}"
    );
}

/// A piece is freed only for a prisoner of its rank or higher: a pawn buys back a pawn, not
/// a rook; a rook buys back a pawn, a knight or a rook.
#[test]
fn an_exchange_pays_at_least_the_freed_pieces_rank() {
    let v = builtin("hostage").expect("built in");
    // White holds a black pawn and a black rook; Black holds a white rook and a white knight.
    let fen = "4k3/8/8/8/8/8/8/4K3[|RNpr] w - - 0 30";
    let g = AnyPosition::new(v, Some(fen), false).expect("reads");
    let legal = g.legal_moves_uci();
    for m in ["R@d4r", "N@d4r", "N@d4p", "R@d4p"] {
        let expected = !m.ends_with('p');
        assert_eq!(legal.iter().any(|l| l == m), expected, "{m} in {legal:?}");
    }
    // Nothing of White's stands in White's own prison, and Black has no exchange to make
    // for the white pieces it holds.
    assert!(!legal.iter().any(|m| m.starts_with('P')), "{legal:?}");
}

/// `hostageExchange` names types that exist, each in one rank.
#[test]
fn a_bad_hostage_exchange_key_is_refused_at_its_line() {
    for (value, reason) in [
        ("p nb n q", "is in two ranks"),
        ("p x q", "'x' is not a piece letter of this variant"),
        ("p * q", "name the types of each rank"),
    ] {
        let mut set = dabbaba::variant::VariantSet::with_builtins();
        let text = format!("[h2:chess]\npieceDrops = true\nhostageExchange = {value}\n");
        let report = set.load_str("h.ini", &text).expect_err("refused");
        let text = report.to_string();
        assert!(
            text.contains("h.ini:3: hostageExchange:") && text.contains(reason),
            "{value}: {text}"
        );
    }
    // Prisons fill hands that only drops empty.
    let mut set = dabbaba::variant::VariantSet::with_builtins();
    let report = set
        .load_str("h.ini", "[h3:chess]\nhostageExchange = p nb r q\n")
        .expect_err("refused");
    let text = report.to_string();
    assert!(
        text.contains("h.ini:1: hostageExchange: prisons need pieceDrops = true"),
        "{text}"
    );
}

/// The Fried Liver Attack in hostage chess: after 8.Bxd5+ Qxd5 White gives the black knight
/// it holds for its bishop, dropped on f7 with check, and wins the queen. The search finds
/// it.
#[test]
fn the_search_finds_the_textbook_exchange() {
    let mut e = Engine::new();
    e.set_variant("hostage").expect("variant");
    let line = moves(&[
        "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "f3g5", "d7d5", "e4d5", "f6d5", "g5f7",
        "e8f7", "d1f3", "f7e6", "c4d5", "d8d5",
    ]);
    e.set_position(None, &line).expect("legal");
    let (best, out) = e.search_sync(&Limits::depth(4));
    assert_eq!(best.best.as_deref(), Some("B@f7n"));
    assert!(out.score > 500, "{}", out.score);
}

/// Captures and exchanges are no one-way steps: the pieces come back, and so can a position.
/// A knight freed, dropped, taken and taken back, and the kings home again, is the same
/// position: three times is a draw. Bare kings with prisoners to exchange are not short of
/// material.
#[test]
fn positions_repeat_across_captures_and_exchanges() {
    let fen = "4k3/8/8/8/8/8/8/4K3[|Nn] w - - 0 1";
    // Bare kings, but each side can buy back its knight: neither is short of material
    // (pyffish's `has_insufficient_material`, which match referees ask).
    let v = builtin("hostage").expect("built in");
    let bare = AnyPosition::new(v, Some(fen), false).expect("reads");
    dabbaba::with_position!(&bare, p => {
        for side in [dabbaba::color::Color::White, dabbaba::color::Color::Black] {
            assert!(!p.has_insufficient_material(side), "{side:?}");
        }
    });
    let mut e = Engine::new();
    e.set_variant("hostage").expect("variant");
    let cycle = ["N@e7n", "N@e2", "e1e2", "e8e7", "e2e1", "e7e8"];
    let rounds = |n: usize| -> Vec<String> {
        let plies = cycle.iter().cycle().take(n * cycle.len());
        plies.map(|m| m.to_string()).collect()
    };
    e.set_position(Some(fen), &rounds(1)).expect("legal");
    assert!(e.game_over().is_none(), "twice is not yet a draw");
    e.set_position(Some(fen), &rounds(2)).expect("legal");
    let over = e.game_over().expect("the third time ends the game");
    assert_eq!(
        over.result,
        dabbaba::engine::game::GameResult::Draw,
        "{over:?}"
    );
    assert!(over.reason.contains("repetition"), "{over:?}");
}
