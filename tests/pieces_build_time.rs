//! Table build time for every built-in variant, in a process of its own so that the first
//! variant on each board size pays for its magic searches (later ones reuse the tables).
//! Print with `cargo test --release --test pieces_build_time -- --nocapture`.

use std::time::{Duration, Instant};

use dabbaba::board::pieces::PieceTables;
use dabbaba::board::{Bb256, Bitboard, Geometry};
use dabbaba::variant::{self, Variant};

fn build<B: Bitboard>(geo: &Geometry, v: &Variant) -> Duration {
    let start = Instant::now();
    let tables = PieceTables::<B>::new(geo, v).unwrap_or_else(|e| panic!("{}: {e}", v.name));
    let elapsed = start.elapsed();
    assert_eq!(tables.len(), v.pieces.len());
    elapsed
}

/// Every built-in variant builds its tables well under a second, cold or not.
#[test]
fn every_builtin_variant_builds_quickly() {
    let mut slowest = (Duration::ZERO, String::new());
    for v in variant::builtins().iter() {
        let geo = Geometry::new(v.files as u32, v.ranks as u32).unwrap();
        let t = match geo.num_squares() {
            0..=64 => build::<u64>(&geo, v),
            65..=128 => build::<u128>(&geo, v),
            _ => build::<Bb256>(&geo, v),
        };
        eprintln!(
            "{:<16} {:>5} {:>8.2} ms",
            v.name,
            v.board_size(),
            t.as_secs_f64() * 1000.0
        );
        if t > slowest.0 {
            slowest = (t, v.name.clone());
        }
    }
    eprintln!(
        "slowest: {} {:.2} ms",
        slowest.1,
        slowest.0.as_secs_f64() * 1000.0
    );
    assert!(
        slowest.0 < Duration::from_secs(1),
        "{} takes {:?}",
        slowest.1,
        slowest.0
    );
}
