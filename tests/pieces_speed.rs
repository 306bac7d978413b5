//! Query speed of the compiled generators next to the raw attack tables (a measurement, not a
//! test): `cargo test --release --test pieces_speed -- --ignored --nocapture`.

use std::hint::black_box;
use std::time::Instant;

use dabbaba::board::attacks::{LineAttacks, LineSpec};
use dabbaba::board::pieces::PieceTables;
use dabbaba::board::{Geometry, Square};
use dabbaba::variant::{self, Color};

fn random_cases(n: usize, squares: u64) -> Vec<(Square, u64)> {
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    (0..n)
        .map(|_| {
            let sq = Square::new((next() % squares) as u8);
            (sq, next() & next())
        })
        .collect()
}

fn time(
    label: &str,
    rounds: usize,
    cases: &[(Square, u64)],
    mut f: impl FnMut(Square, u64) -> u64,
) {
    let start = Instant::now();
    let mut acc = 0u64;
    for _ in 0..rounds {
        for &(sq, occ) in cases {
            acc ^= f(sq, occ);
        }
    }
    black_box(acc);
    let ns = start.elapsed().as_secs_f64() * 1e9 / (rounds * cases.len()) as f64;
    eprintln!("{label:<40} {ns:6.2} ns");
}

#[test]
#[ignore]
fn query_speed_chess() {
    let v = variant::builtin("chess").unwrap();
    let geo = Geometry::new(8, 8).unwrap();
    let t = PieceTables::<u64>::new(&geo, v).unwrap();
    let rook_table = LineAttacks::<u64>::new(&geo, &LineSpec::ROOK).unwrap();
    let cases = random_cases(4096, 64);
    let rounds = 2000;
    let id = |n: &str| v.piece_by_name(n).unwrap();
    time("raw LineAttacks rook attacks", rounds, &cases, |sq, occ| {
        rook_table.attacks(sq, occ)
    });
    for name in ["pawn", "knight", "bishop", "rook", "queen", "king"] {
        let p = id(name);
        time(
            &format!("{name} targets (quiets, captures)"),
            rounds,
            &cases,
            |sq, occ| {
                let (q, c) = t.targets(p, Color::White, sq, occ);
                q ^ c
            },
        );
    }
    let rook = id("rook");
    time("rook quiets", rounds, &cases, |sq, occ| {
        t.quiets(rook, Color::White, sq, occ)
    });
    time("rook attackers_of_type", rounds, &cases, |sq, occ| {
        t.attackers_of_type(rook, Color::White, sq, occ)
    });
    let knight = id("knight");
    time("knight attackers_of_type", rounds, &cases, |sq, occ| {
        t.attackers_of_type(knight, Color::White, sq, occ)
    });
    assert_eq!(t.len(), v.pieces.len());
}
