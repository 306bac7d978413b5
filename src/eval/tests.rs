//! Tests of the hand-crafted evaluation: derived values, each family of terms, the trace.

use super::*;
use crate::board::position::AnyPosition;
use crate::color::Color;
use crate::variant::builtin;
use derived::{derived_value, random_reach};
use pawns::PawnTables;

fn params_for(name: &str) -> (AnyPosition, Vec<(char, i32, i32)>) {
    let v = builtin(name).expect("variant");
    let g = AnyPosition::new(v, None, false).expect("start");
    let vals = crate::with_position!(&g, p => {
        let ep = EvalParams::new(p.tables(), p);
        v.pieces.iter().enumerate().map(|(i, pc)| (pc.letter, ep.mg[i], ep.eg[i])).collect()
    });
    (g, vals)
}

/// The (middlegame, endgame) values of the piece with this letter (either case), (-1, -1)
/// if there is none.
fn values_of(vals: &[(char, i32, i32)], letter: char) -> (i32, i32) {
    vals.iter()
        .find(|x| x.0.eq_ignore_ascii_case(&letter))
        .map_or((-1, -1), |x| (x.1, x.2))
}

fn mg_of(vals: &[(char, i32, i32)], letter: char) -> i32 {
    values_of(vals, letter).0
}

#[test]
fn chess_values_are_in_the_usual_order() {
    let (_, vals) = params_for("chess");
    let get = |l: char| mg_of(&vals, l);
    let (p, n, b, r, q) = (get('p'), get('n'), get('b'), get('r'), get('q'));
    assert!(p < n && n <= b + 40 && b < r && r < q, "{vals:?}");
    assert!((60..=160).contains(&p), "{vals:?}");
    assert!((250..=400).contains(&n), "{vals:?}");
    assert!((420..=620).contains(&r), "{vals:?}");
    assert!((800..=1150).contains(&q), "{vals:?}");
}

#[test]
fn a_cannon_is_worth_far_less_than_a_chariot() {
    // The cannon slides like the chariot but threatens nothing on those squares, so it
    // must not be valued like one (xiangqi players value it at about half a chariot).
    let (_, vals) = params_for("xiangqi");
    let get = |l: char| mg_of(&vals, l);
    let (rook, cannon, horse) = (get('r'), get('c'), get('n'));
    assert!(rook > 0 && cannon > 0 && horse > 0, "{vals:?}");
    assert!(cannon * 5 < rook * 4, "{vals:?}");
    assert!(horse < rook, "{vals:?}");
}

#[test]
fn xiangqi_values_follow_practice_and_janggi_keeps_its_own() {
    // xiangqi.ini sets values where reach alone misjudges: the palace and half-board
    // defenders above a soldier, and the horse above the cannon once the board empties.
    let (_, xq) = params_for("xiangqi");
    let soldier = mg_of(&xq, 'p');
    assert!(
        mg_of(&xq, 'a') > soldier && mg_of(&xq, 'b') > soldier,
        "{xq:?}"
    );
    assert!(values_of(&xq, 'n').1 > values_of(&xq, 'c').1, "{xq:?}");
    // Janggi inherits the xiangqi section, so it pins its horse and soldier; the pins must
    // stay what the derivation gives.
    let (g, jg) = params_for("janggi");
    for letter in ['n', 'p'] {
        let derived = crate::with_position!(&g, p => {
            let t = p.tables();
            let ty = t.variant().pieces.iter().position(|pc| pc.letter.eq_ignore_ascii_case(&letter));
            let ty = ty.expect("janggi piece") as u8;
            derived_value(random_reach(t, ty, Color::White, 8), t.promotes_by_advance(ty))
        });
        assert_eq!(values_of(&jg, letter), derived, "{letter}: {jg:?}");
    }
}

/// The FEN with colours swapped and the board mirrored top to bottom (no castling, no
/// en passant square).
fn flip(fen: &str) -> String {
    let parts: Vec<&str> = fen.split_whitespace().collect();
    let board: Vec<String> = parts[0]
        .split('/')
        .rev()
        .map(|r| {
            r.chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        })
        .collect();
    let stm = if parts[1] == "w" { "b" } else { "w" };
    format!("{} {stm} - - 0 1", board.join("/"))
}

fn eval_fen(name: &str, fen: &str) -> i32 {
    let v = builtin(name).expect("variant");
    let start = AnyPosition::new(v, None, false).expect("start");
    let ep = crate::with_position!(&start, p => EvalParams::new(p.tables(), p));
    let g = AnyPosition::new(v, Some(fen), false).expect("fen");
    crate::with_position!(&g, p => evaluate(p, &ep))
}

#[test]
fn a_side_that_cannot_mate_is_never_ahead() {
    // Chess bishops on c2 and e2 (both light): no mate, whoever is to move.
    assert_eq!(eval_fen("chess", "8/8/8/4k3/8/8/2B1B3/4K3 w - - 0 1"), 0);
    assert_eq!(eval_fen("chess", "8/8/8/4k3/8/8/2B1B3/4K3 b - - 0 1"), 0);
    // On both colours, with a pawn, or a knight: the material counts.
    assert!(eval_fen("chess", "8/8/8/4k3/8/8/2BB4/4K3 w - - 0 1") > 300);
    assert!(eval_fen("chess", "8/8/8/4k3/8/4P3/2B1B3/4K3 w - - 0 1") > 300);
    assert!(eval_fen("chess", "8/8/8/4k3/8/8/3N4/4K3 w - - 0 1") > 100);
    // The other side keeps its own chances: rook and knight against the bishops.
    assert!(eval_fen("chess", "7n/8/8/4k3/8/8/2B1B3/r3K3 b - - 0 1") > 100);
    // Makruk: mets on c3 and e3 (one colour) cannot mate; a khon can.
    assert_eq!(eval_fen("makruk", "8/8/4k3/8/8/2M1M3/8/3K4 w - - 0 1"), 0);
    assert!(eval_fen("makruk", "8/8/4k3/8/8/2M1M3/3S4/3K4 w - - 0 1") > 100);
    // Shatranj is also won by baring the king (and by stalemate): not capped.
    assert!(eval_fen("shatranj", "8/8/4k3/8/8/2Q1Q3/8/3K4 w - - 0 1") > 100);
}

#[test]
fn a_piece_attacked_by_a_lesser_one_counts_for_the_attacker() {
    // The same position with the black rook one square away from the pawn's (chess) or
    // horse's (xiangqi) attack: attacked and undefended, it must count well against Black.
    let chess = |rook: &str| eval_fen("chess", &format!("4k3/8/{rook}/4P3/8/8/4K3 w - - 0 1"));
    let gain_chess = chess("8/3r4") - chess("3r4/8");
    assert!(gain_chess > 60, "chess: {gain_chess}");
    let xiangqi = |rows: &str| {
        eval_fen(
            "xiangqi",
            &format!("5k3/9/{rows}/9/4N4/9/9/9/4K4 w - - 0 1"),
        )
    };
    let gain = xiangqi("9/3r5") - xiangqi("3r5/9");
    assert!(gain > 60, "xiangqi: {gain}");
    // Defended by the other rook, it is still attacked by a lesser piece, but no longer
    // hanging: less of a threat, yet one.
    let defended = |rook: &str| eval_fen("chess", &format!("3rk3/8/{rook}/4P3/8/8/4K3 w - - 0 1"));
    let defended_gain = defended("8/3r4") - defended("3r4/8");
    assert!(
        defended_gain > 30 && defended_gain < gain_chess,
        "{defended_gain}"
    );
}

#[test]
fn a_bare_king_is_driven_to_a_corner() {
    // Makruk khon and mets against a bare king: better with that king in the corner and
    // the attacking king near it, from either side's point of view.
    let centre = eval_fen("makruk", "8/8/8/4k3/8/2M1M3/3S4/3K4 w - - 0 1");
    let corner = eval_fen("makruk", "k7/8/8/8/8/2M1M3/3S4/3K4 w - - 0 1");
    let near = eval_fen("makruk", "k7/8/1K6/8/8/2M1M3/3S4/8 w - - 0 1");
    assert!(centre < corner && corner < near, "{centre} {corner} {near}");
    assert!(
        eval_fen("makruk", "k7/8/8/8/8/2M1M3/3S4/3K4 b - - 0 1")
            < eval_fen("makruk", "8/8/8/4k3/8/2M1M3/3S4/3K4 b - - 0 1")
    );
    // Not while the defender has a piece left: the corner counts for less then.
    let with_pawn = eval_fen("chess", "k7/8/8/8/8/8/7p/R3K3 w - - 0 1")
        - eval_fen("chess", "8/8/8/3k4/8/8/7p/R3K3 w - - 0 1");
    let bare = eval_fen("chess", "k7/8/8/8/8/8/8/R3K3 w - - 0 1")
        - eval_fen("chess", "8/8/8/3k4/8/8/8/R3K3 w - - 0 1");
    assert!(bare > with_pawn, "{bare} {with_pawn}");
}

/// The traced features, evaluated with the weights in use, give the evaluation back
/// (up to the rounding of the integer evaluation: mobility and the taper divide).
#[test]
fn the_trace_reproduces_the_evaluation() {
    let cases = [
        (
            "chess",
            "r4rk1/pp3ppp/2n5/3P4/8/2N2Q2/PP3PPP/R4RK1 b - - 0 1",
        ),
        ("chess", "2kr3r/ppp2ppp/8/8/3q4/8/PP3PPP/R3R1K1 w - - 0 1"),
        ("chess", "8/2k5/8/1P6/8/5p2/2K5/8 w - - 0 1"),
        ("chess", "6k1/5ppp/8/6NQ/8/8/5PPP/6K1 w - - 0 1"),
        ("makruk", "4k3/8/2ppp3/8/3P4/1PP5/8/3K4 w - - 0 1"),
        ("xiangqi", "5k3/9/9/3r5/9/4N4/9/9/9/4K4 w - - 0 1"),
        (
            "shogi",
            "lnsgk1snl/1r4gb1/p1pppp1pp/6p2/1p7/2P6/PPBPPPPPP/7R1/LNSGKGSNL[Pp] w - - 0 1",
        ),
        (
            "crazyhouse",
            "r1bqk2r/pppp1ppp/2n2n2/4p3/1b2P3/2NP1N2/PPP2PPP/R1BQKB1R[Bp] w KQkq - 0 1",
        ),
        (
            "capablanca",
            "6k3/5pppp1/10/7Q2/4N5/10/PP3PPPPP/6K3 w - - 0 1",
        ),
        (
            "chess",
            "r1b1k2r/pp3ppp/2n5/3PP3/2B5/2B5/PP3PPP/R3K2R w KQkq - 0 1",
        ),
    ];
    for (name, fen) in cases {
        let v = builtin(name).expect("variant");
        let start = AnyPosition::new(v, None, false).expect("start");
        let mut ep = crate::with_position!(&start, p => EvalParams::new(p.tables(), p));
        // Weights off their defaults everywhere, so that a weight the trace misses shows.
        let mut w = ep.weights().clone();
        for (i, x) in w.w.iter_mut().enumerate() {
            *x = (
                x.0 + 10 * (i as i32 % 7) - 30,
                x.1 + 10 * (i as i32 % 5) - 20,
            );
        }
        ep.set_weights(w.clone());
        let real = tune::to_real(&w.w);
        let g = AnyPosition::new(v, Some(fen), false).expect("fen");
        let (direct, traced, pieces) = crate::with_position!(&g, p => {
            let mut f = Features::new(w.layout.len());
            let e = evaluate_traced(p, &ep, &mut f);
            let white = p.side_to_move().sign();
            (e * white, f.finish().eval(&real), p.occupied().count() as f64)
        });
        assert!(
            (direct as f64 - traced).abs() <= 2.0 + pieces,
            "{name} {fen}: evaluate {direct}, trace {traced}"
        );
    }
}

/// The pair, open-file, phalanx and passed-pawn king terms count what they name: each
/// weight set alone moves the evaluation by itself times its count.
#[test]
fn structure_terms_count_what_they_name() {
    let v = builtin("chess").expect("chess");
    let start = AnyPosition::new(v, None, false).expect("start");
    let base = crate::with_position!(&start, p => EvalParams::new(p.tables(), p));
    let l = base.weights().layout.clone();
    // Rook on the open a-file, the bishop pair, a d2-e2 phalanx (two pawns), and a
    // passed pawn on e5 (two ranks past its third) with the kings 5 and 2 steps from e6.
    let fen = "4k3/8/8/4P3/8/8/3PP3/R1B1KB2 w - - 0 1";
    let g = AnyPosition::new(v, Some(fen), false).expect("fen");
    let eval_with = |index: Option<usize>| {
        let mut ep = base.clone();
        let mut w = ep.weights().clone();
        if let Some(i) = index {
            w.w[i] = (10, 10);
        }
        ep.set_weights(w);
        crate::with_position!(&g, p => evaluate(p, &ep))
    };
    let plain = eval_with(None);
    let rook = v.piece_by_name("rook").expect("rook") as usize;
    let bishop = v.piece_by_name("bishop").expect("bishop") as usize;
    for (index, count, what) in [
        (l.pair(bishop), 1, "bishop pair"),
        (l.open_file(rook), 1, "rook on an open file"),
        (l.semi_open(rook), 0, "no rook on a half-open file"),
        (l.scalar(Scalar::Phalanx), 2, "d2 and e2 side by side"),
        (
            l.scalar(Scalar::PassedOwnKing),
            2 * 5,
            "own king five steps from e6",
        ),
        (
            l.scalar(Scalar::PassedEnemyKing),
            2 * 2,
            "enemy king two steps from e6",
        ),
    ] {
        assert_eq!(eval_with(Some(index)) - plain, 10 * count, "{what}");
    }
}

/// The mobility terms beside the linear one: squares reached that enemy pawns attack,
/// and the root of the others.
#[test]
fn mobility_shape_counts_squares_enemy_pawns_attack() {
    let v = builtin("chess").expect("chess");
    let start = AnyPosition::new(v, None, false).expect("start");
    let base = crate::with_position!(&start, p => EvalParams::new(p.tables(), p));
    let knight = v.piece_by_name("knight").expect("knight") as usize;
    // The weight's share of the evaluation of `fen` (white to move).
    let term = |fen: &str, index: usize, w: i32| {
        let g = AnyPosition::new(v, Some(fen), false).expect("fen");
        let mut ep = base.clone();
        let plain = crate::with_position!(&g, p => evaluate(p, &ep));
        let mut weights = ep.weights().clone();
        weights.w[index] = (w, w);
        ep.set_weights(weights);
        crate::with_position!(&g, p => evaluate(p, &ep)) - plain
    };
    let l = base.weights().layout.clone();
    // The knight on d4 reaches eight squares; the pawns on d7 and g6 attack c6, e6, f5.
    let centre = "7k/3p4/6p1/8/3N4/8/8/7K w - - 0 1";
    assert_eq!(term(centre, l.mobility_unsafe(knight), 10), 30);
    // Five safe squares against two for a knight in the corner: 16 (sqrt 5 - sqrt 2).
    let corner = "7k/3p4/6p1/8/8/8/8/N6K w - - 0 1";
    let root = |fen| term(fen, l.mobility_sqrt(knight), 16);
    assert_eq!(root(centre) - root(corner), 35 - 22);
    assert_eq!(term(corner, l.mobility_unsafe(knight), 10), 0);
}

/// Safe checks: squares a piece can check from that the enemy does not guard, on the
/// board and by a drop; and the royal zones' attackers and guards.
#[test]
fn safe_checks_count_unguarded_checking_squares() {
    let eval_with = |name: &str, fen: &str, index: &dyn Fn(&Layout, usize) -> usize| {
        let v = builtin(name).expect("variant");
        let start = AnyPosition::new(v, None, false).expect("start");
        let g = AnyPosition::new(v, Some(fen), false).expect("fen");
        let mut ep = crate::with_position!(&start, p => EvalParams::new(p.tables(), p));
        let plain = crate::with_position!(&g, p => evaluate(p, &ep));
        let mut w = ep.weights().clone();
        let queen = v.piece_by_name("queen").expect("queen") as usize;
        let knight = v.piece_by_name("knight").expect("knight") as usize;
        for ty in [queen, knight] {
            let i = index(&w.layout, ty);
            w.w[i] = (10, 10);
        }
        ep.set_weights(w);
        crate::with_position!(&g, p => evaluate(p, &ep)) - plain
    };
    // The d1 queen checks e8 from d8 and d7 (guarded by the king), a4, h5 and e2.
    let fen = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1";
    assert_eq!(eval_with("chess", fen, &Layout::safe_check), 30);
    assert_eq!(eval_with("chess", fen, &Layout::drop_check), 0);
    // It attacks d8 and d7 of the black king's zone, and stands in its own king's zone.
    assert_eq!(eval_with("chess", fen, &Layout::king_attack), 20);
    assert_eq!(eval_with("chess", fen, &Layout::king_guard), 10);
    // A knight in hand checks e8 from c7, d6, f6 and g7, none of them guarded.
    let fen = "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1";
    assert_eq!(eval_with("crazyhouse", fen, &Layout::drop_check), 40);
    assert_eq!(eval_with("crazyhouse", fen, &Layout::safe_check), 0);
}

/// Every file in `weights/` is for a built-in variant, reads without error and changes
/// the weights the pieces alone give; so does every variant that shares a file (a later
/// name on its `variant` line), and only those.
#[test]
fn every_builtin_weights_file_loads_and_applies() {
    for &(name, text) in files::BUILTIN_WEIGHTS {
        let v = builtin(name).unwrap_or_else(|| panic!("weights/{name}.txt: no such variant"));
        let g = AnyPosition::new(v, None, false).expect("start");
        let (applied, changed) = crate::with_position!(&g, p => {
            let mut ep = EvalParams::new(p.tables(), p);
            let applied = ep.apply_builtin_weights(v);
            (applied, ep.weights() != ep.derived_weights())
        });
        assert_eq!(applied, Ok(true), "weights/{name}.txt");
        assert!(changed, "weights/{name}.txt changes nothing");
        let (_, names) = weights::variant_line(text).expect("a variant line");
        assert!(names.iter().any(|n| n == name), "{name}: {names:?}");
    }
    let cambodian = files::BUILTIN_WEIGHTS
        .iter()
        .find(|(n, _)| *n == "cambodian");
    assert!(cambodian.is_some_and(|&(_, text)| text.contains("variant makruk cambodian")));
}

#[test]
fn colour_flip_gives_the_same_evaluation() {
    for (name, fen) in [
        ("chess", "6k1/5ppp/8/7Q/4N3/8/PP3PPP/6K1 w - - 0 1"),
        (
            "chess",
            "r4rk1/pp3ppp/2n5/3P4/8/2N2Q2/PP3PPP/R4RK1 b - - 0 1",
        ),
        ("chess", "8/2k5/8/1P6/8/5p2/2K5/8 w - - 0 1"),
        ("chess", "2kr3r/ppp2ppp/8/8/3q4/8/PP3PPP/R3R1K1 w - - 0 1"),
        (
            "capablanca",
            "6k3/5pppp1/10/7Q2/4N5/10/PP3PPPPP/6K3 w - - 0 1",
        ),
        ("makruk", "4k3/8/2ppp3/8/3P4/1PP5/8/3K4 w - - 0 1"),
    ] {
        let a = eval_fen(name, fen);
        let b = eval_fen(name, &flip(fen));
        assert_eq!(a, b, "{name} {fen}");
    }
}

#[test]
fn attacked_kings_and_passed_pawns_count() {
    let with = |fen: &str| -> ([(i32, i32); 2], i32) {
        let v = builtin("chess").expect("chess");
        let g = AnyPosition::new(v, Some(fen), false).expect("fen");
        crate::with_position!(&g, p => {
            let ep = EvalParams::new(p.tables(), p);
            let pw = ep.pawn.expect("pawn");
            let passed = ep.pawns.passed_pawns(p, pw);
            let bonus = |c: Color| {
                passed[c].iter().fold((0, 0), |(m, e), sq| {
                    let (bm, be) = ep.pawns.bonus(c, sq);
                    (m + bm, e + be)
                })
            };
            ([bonus(Color::White), bonus(Color::Black)], evaluate(p, &ep))
        })
    };
    // b5 is passed (no black pawn on the a-, b- or c-file ahead of it); in the second
    // position b5 and c7 stop each other, and only h7 is passed.
    let (pp, _) = with("8/2k5/8/1P6/8/8/2K5/8 w - - 0 1");
    assert!(pp[0].1 > 0 && pp[1] == (0, 0), "{pp:?}");
    let (pp, _) = with("8/2p1k2p/8/1P6/8/8/2K5/8 w - - 0 1");
    assert_eq!(pp[0], (0, 0), "{pp:?}");
    let (alone, _) = with("8/4k2p/8/8/8/8/2K5/8 w - - 0 1");
    assert_eq!(pp[1], alone[1], "only h7 counts: {pp:?}");
    assert!(alone[1].1 > 0, "{alone:?}");
    // Queen and knight next to the black king make the position better for White than
    // the same pieces far from it (the king-safety term outweighs their PST).
    let (_, near) = with("6k1/5ppp/8/6NQ/8/8/5PPP/6K1 w - - 0 1");
    let (_, far) = with("6k1/5ppp/8/8/8/8/QN3PPP/6K1 w - - 0 1");
    assert!(near > far, "near {near} far {far}");
}

#[test]
fn doubled_and_isolated_pawns_are_weak_and_supported_ones_strong() {
    let structure = |name: &str, fen: &str| -> [(i32, i32); 2] {
        let v = builtin(name).expect("variant");
        let g = AnyPosition::new(v, Some(fen), false).expect("fen");
        let counts = crate::with_position!(&g, p => {
            let pw = p.tables().pawn.expect("pawn");
            PawnTables::structure(p, pw)
        });
        counts.map(|n| {
            let terms = [
                (n.doubled, pawns::DOUBLED),
                (n.isolated, pawns::ISOLATED),
                (n.supported, pawns::SUPPORTED),
            ];
            terms
                .iter()
                .fold((0, 0), |(m, e), &(k, w)| (m + k * w.0, e + k * w.1))
        })
    };
    // White: c2 and d3 (d3 supported by c2) against e2 and e3 (doubled, isolated).
    let s = structure("chess", "4k3/8/8/8/8/3P4/2P5/4K3 w - - 0 1");
    assert!(s[0].0 > 0 && s[0].1 > 0, "{s:?}");
    let s = structure("chess", "4k3/8/8/8/8/4P3/4P3/4K3 w - - 0 1");
    assert!(s[0].0 < 0 && s[0].1 < 0, "{s:?}");
    // The same for Black, mirrored; and makruk's pawns (which capture diagonally) alike.
    let s = structure("chess", "4k3/4p3/4p3/8/8/8/8/4K3 w - - 0 1");
    assert!(s[1].1 < 0 && s[0] == (0, 0), "{s:?}");
    let s = structure("makruk", "4k3/8/8/8/3P4/2P5/8/4K3 w - - 0 1");
    assert!(s[0].0 > 0, "{s:?}");
    // Xiangqi soldiers capture as they move: no structure term there.
    let v = builtin("xiangqi").expect("xiangqi");
    let g = AnyPosition::new(v, None, false).expect("start");
    let on = crate::with_position!(&g, p => EvalParams::new(p.tables(), p).pawn_structure);
    assert!(!on);
}

/// The eval's royal flags and the guarded type's letter, if any.
fn guarded_in(name: &str) -> (Vec<bool>, Option<char>) {
    let v = builtin(name).expect("variant");
    let g = AnyPosition::new(v, None, false).expect("start");
    crate::with_position!(&g, p => {
        let ep = EvalParams::new(p.tables(), p);
        let letter = ep.guarded.map(|ty| v.pieces[ty as usize].letter.to_ascii_lowercase());
        (ep.royal.clone(), letter)
    })
}

#[test]
fn a_lone_pseudo_royal_type_is_guarded_like_a_king() {
    // Chu Shogi and atomic have no royal type: their king is the one type of a
    // pseudo-royal extinction rule, so the king-safety terms watch it.
    for name in ["chu", "chushogi", "atomic"] {
        let (royal, letter) = guarded_in(name);
        assert_eq!(letter, Some('k'), "{name}");
        assert_eq!(royal.iter().filter(|&&r| r).count(), 1, "{name}");
    }
    // Chess keeps its king; extinction rules that are not pseudo-royal, or count several
    // types, guard nothing, nor does one where a side starts with two kings (spartan).
    assert_eq!(guarded_in("chess").1, Some('k'));
    for name in ["extinction", "codrus", "kinglet", "spartan"] {
        assert_eq!(guarded_in(name).1, None, "{name}");
    }
    // The king keeps its value (a crown prince is a second life), and as a royal piece it
    // is not given mobility and is exchanged last.
    let v = builtin("chu").expect("chu");
    let g = AnyPosition::new(v, None, false).expect("start");
    crate::with_position!(&g, p => {
        let ep = EvalParams::new(p.tables(), p);
        let k = ep.guarded.expect("guarded") as usize;
        assert!(ep.mg[k] > 0 && ep.eg[k] > 0);
        assert!(!ep.mob_on[k]);
        assert_eq!(ep.see[k], ROYAL_SEE);
    });
}

#[test]
fn start_positions_are_balanced() {
    for name in [
        "chess",
        "capablanca",
        "shatranj",
        "makruk",
        "grand",
        "xiangqi",
        "shogi",
    ] {
        let Some(v) = builtin(name) else { continue };
        let Ok(g) = AnyPosition::new(v, None, false) else {
            continue;
        };
        let e = crate::with_position!(&g, p => {
            let ep = EvalParams::new(p.tables(), p);
            evaluate(p, &ep)
        });
        assert!(e.abs() <= 60, "{name}: start position evaluates to {e}");
    }
}

#[cfg(test)]
mod print_values {
    #[test]
    #[ignore]
    fn print() {
        for name in [
            "chess",
            "capablanca",
            "shatranj",
            "makruk",
            "grand",
            "xiangqi",
            "shogi",
            "amazon",
            "courier",
        ] {
            let Some(v) = crate::variant::builtin(name) else {
                continue;
            };
            let g = match crate::board::position::AnyPosition::new(v, None, false) {
                Ok(g) => g,
                Err(e) => {
                    println!("{name}: {e}");
                    continue;
                }
            };
            crate::with_position!(&g, p => {
                let ep = super::EvalParams::new(p.tables(), p);
                let s: Vec<String> = v.pieces.iter().enumerate().map(|(i, pc)| format!("{}={}/{}", pc.letter, ep.mg[i], ep.eg[i])).collect();
                println!("{name}: {} eval {}", s.join(" "), super::evaluate(p, &ep));
            });
        }
    }
}
