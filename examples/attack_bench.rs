//! Measures attack-table build time and query speed per board size, width and method.
//!
//! `cargo run --release --example attack_bench` (add `RUSTFLAGS="-C target-cpu=native"` to
//! include the PEXT method). Output is a Markdown table for `docs/performance.md`.

use dabbaba::board::attacks::{
    LameLeaperTable, LameStep, LeaperTable, LineAttacks, LineMethod, LineSpec, LineTable,
    ObliqueRiderTable,
};
use dabbaba::board::{Bb256, Bitboard, Geometry, Square};
use std::hint::black_box;
use std::time::Instant;

const SIZES: &[(u32, u32)] = &[
    (8, 8),
    (6, 6),
    (9, 10),
    (10, 8),
    (12, 10),
    (11, 11),
    (12, 12),
    (16, 16),
];
const QUERIES: usize = 4096;
const ROUNDS: usize = 2000;

struct Rng(u64);
impl Rng {
    fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn methods() -> [LineMethod; 5] {
    [
        LineMethod::Magic { per_line: false },
        LineMethod::Magic { per_line: true },
        LineMethod::Pext { per_line: false },
        LineMethod::Pext { per_line: true },
        LineMethod::Rays,
    ]
}

fn method_name(m: LineMethod) -> &'static str {
    match m {
        LineMethod::Magic { per_line: false } => "magic",
        LineMethod::Magic { per_line: true } => "magic/line",
        LineMethod::Pext { per_line: false } => "pext",
        LineMethod::Pext { per_line: true } => "pext/line",
        LineMethod::Rays => "rays",
    }
}

/// Nanoseconds per query over a fixed set of random (square, occupancy) pairs.
fn query_ns<B: Bitboard>(t: &LineAttacks<B>, probes: &[(Square, B)]) -> f64 {
    let start = Instant::now();
    let mut acc = B::EMPTY;
    for _ in 0..ROUNDS {
        for &(sq, occ) in probes {
            acc ^= t.attacks(sq, black_box(occ));
        }
    }
    black_box(acc);
    start.elapsed().as_nanos() as f64 / (ROUNDS * probes.len()) as f64
}

fn run<B: Bitboard>(geo: &Geometry, width: &str) {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let board = geo.board_mask::<B>();
    let probes: Vec<(Square, B)> = (0..QUERIES)
        .map(|_| {
            let sq = Square::new((rng.next_u64() % geo.num_squares() as u64) as u8);
            let words: Vec<u64> = (0..B::WORDS)
                .map(|_| rng.next_u64() & rng.next_u64())
                .collect();
            (sq, B::from_words(&words) & board)
        })
        .collect();
    let pieces = [
        ("rook", LineSpec::ROOK),
        ("bishop", LineSpec::BISHOP),
        ("queen", LineSpec::QUEEN),
        ("cannon", LineSpec::CANNON),
        ("grasshopper", LineSpec::GRASSHOPPER),
    ];
    for m in methods() {
        let mut cells = Vec::new();
        let mut total_build = 0.0;
        let mut bytes = 0;
        for (name, spec) in &pieces {
            let start = Instant::now();
            let Ok(t) = LineAttacks::<B>::with_method(geo, spec, m) else {
                cells.clear();
                break;
            };
            let build_ms = start.elapsed().as_secs_f64() * 1e3;
            total_build += build_ms;
            bytes += t.table_bytes();
            if matches!(*name, "rook" | "bishop" | "cannon") {
                cells.push(format!("{:.1}", query_ns(&t, &probes)));
            }
            if *name == "rook" {
                cells.push(format!("{build_ms:.1}"));
            }
        }
        if cells.is_empty() {
            continue;
        }
        println!(
            "| {}x{} | {width} | {} | {} | {total_build:.1} | {:.2} | {} | {} | {} |",
            geo.files(),
            geo.ranks(),
            method_name(m),
            cells[1],
            bytes as f64 / (1 << 20) as f64,
            cells[0],
            cells[2],
            cells[3],
        );
    }
}

fn other_tables<B: Bitboard>(geo: &Geometry, width: &str) {
    let knight = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    let horse: Vec<LameStep> = knight
        .iter()
        .map(|&(dx, dy)| {
            let leg = if i32::abs(dx) == 2 {
                (dx / 2, 0)
            } else {
                (0, dy / 2)
            };
            LameStep::new((dx, dy), &[leg])
        })
        .collect();
    let start = Instant::now();
    let _ = black_box(LeaperTable::<B>::new(geo, &knight));
    let leaper = start.elapsed().as_secs_f64() * 1e3;
    let start = Instant::now();
    let _ = black_box(LameLeaperTable::<B>::new(geo, &horse));
    let lame = start.elapsed().as_secs_f64() * 1e3;
    let start = Instant::now();
    let _ = black_box(ObliqueRiderTable::<B>::new(geo, &knight, None));
    let rider = start.elapsed().as_secs_f64() * 1e3;
    let start = Instant::now();
    let _ = black_box(LineTable::<B>::new(geo));
    let lines = start.elapsed().as_secs_f64() * 1e3;
    println!(
        "| {}x{} | {width} | {leaper:.2} | {lame:.2} | {rider:.2} | {lines:.1} |",
        geo.files(),
        geo.ranks()
    );
}

fn main() {
    println!("Line pieces (build ms; query ns per call, random occupancies):\n");
    println!("| board | width | method | rook build ms | 5 pieces build ms | MiB | rook ns | bishop ns | cannon ns |");
    println!("|---|---|---|---|---|---|---|---|---|");
    for &(f, r) in SIZES {
        let geo = Geometry::new(f, r).expect("valid size");
        if geo.num_squares() <= 64 {
            run::<u64>(&geo, "u64");
        }
        if geo.num_squares() <= 128 {
            run::<u128>(&geo, "u128");
        }
        run::<Bb256>(&geo, "Bb256");
    }
    println!("\nOther tables (build ms):\n");
    println!(
        "| board | width | knight leaper | xiangqi horse (lame) | nightrider | between+through |"
    );
    println!("|---|---|---|---|---|---|");
    for &(f, r) in SIZES {
        let geo = Geometry::new(f, r).expect("valid size");
        match geo.width() {
            dabbaba::board::Width::W64 => other_tables::<u64>(&geo, "u64"),
            dabbaba::board::Width::W128 => other_tables::<u128>(&geo, "u128"),
            dabbaba::board::Width::W256 => other_tables::<Bb256>(&geo, "Bb256"),
        }
    }
}
