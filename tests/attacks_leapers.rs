//! Leaper, lame-leaper, oblique-rider and between/through tables against the reference
//! walkers, at every width and many board sizes.

#[path = "attacks_common/mod.rs"]
mod common;

use common::{Rng, KNIGHT, SAMPLES, SIZES};
use dabbaba::board::attacks::{
    reference, AttackError, LameLeaperTable, LameStep, LeaperTable, LineTable, ObliqueRiderTable,
};
use dabbaba::board::{Bb256, Bitboard, Geometry};

const KING: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];
const CAMEL_ZEBRA: [(i32, i32); 6] = [(1, 3), (-3, -1), (2, 3), (-3, 2), (15, 15), (-15, 0)];

fn horse() -> Vec<LameStep> {
    // Xiangqi horse: the orthogonal neighbour towards the leap must be empty.
    KNIGHT
        .iter()
        .map(|&(dx, dy)| {
            let leg = if dx.abs() == 2 {
                (dx / 2, 0)
            } else {
                (0, dy / 2)
            };
            LameStep::new((dx, dy), &[leg])
        })
        .collect()
}

fn elephant() -> Vec<LameStep> {
    [(2, 2), (2, -2), (-2, 2), (-2, -2)]
        .iter()
        .map(|&(dx, dy)| LameStep::new((dx, dy), &[(dx / 2, dy / 2)]))
        .collect()
}

fn check<B: Bitboard>(geo: &Geometry, rng: &mut Rng) {
    for steps in [&KNIGHT[..], &KING[..], &CAMEL_ZEBRA[..], &[(0, 1)][..]] {
        let t = LeaperTable::<B>::new(geo, steps).unwrap();
        for sq in geo.squares() {
            assert_eq!(t.attacks(sq), reference::leaper::<B>(geo, sq, steps));
        }
    }
    for steps in [
        horse(),
        elephant(),
        vec![LameStep::new((0, 3), &[(0, 1), (0, 2)])],
    ] {
        let t = LameLeaperTable::<B>::new(geo, &steps).unwrap();
        for sq in geo.squares() {
            for _ in 0..SAMPLES {
                let occ: B = rng.occupancy(geo);
                assert_eq!(
                    t.attacks(sq, occ),
                    reference::lame_leaper(geo, sq, occ, &steps)
                );
            }
        }
    }
    for (steps, range) in [
        (&KNIGHT[..], None),
        (&KNIGHT[..], Some(2)),
        (&[(1, 3), (-3, 1)][..], None),
        (&KING[..], Some(3)),
    ] {
        let t = ObliqueRiderTable::<B>::new(geo, steps, range).unwrap();
        for sq in geo.squares() {
            for _ in 0..SAMPLES {
                let occ: B = rng.occupancy(geo);
                assert_eq!(
                    t.attacks(sq, occ),
                    reference::rider(geo, sq, occ, steps, range)
                );
            }
        }
    }
    let lines = LineTable::<B>::new(geo).unwrap();
    for a in geo.squares() {
        for b in geo.squares() {
            assert_eq!(lines.between(a, b), reference::between::<B>(geo, a, b));
            assert_eq!(lines.through(a, b), reference::line_through::<B>(geo, a, b));
        }
    }
}

#[test]
fn tables_match_reference() {
    let mut rng = Rng(0xfeed_beef_1234_5678);
    for &(f, r) in SIZES {
        let geo = Geometry::new(f, r).unwrap();
        if geo.num_squares() <= 64 {
            check::<u64>(&geo, &mut rng);
        }
        if geo.num_squares() <= 128 {
            check::<u128>(&geo, &mut rng);
        }
        check::<Bb256>(&geo, &mut rng);
    }
}

#[test]
fn known_answers() {
    let geo = Geometry::new(9, 10).unwrap();
    let s = |n: &str| geo.parse_square(n).unwrap();
    let set = |names: &[&str]| names.iter().fold(0u128, |b, n| b.with(s(n)));
    let knight = LeaperTable::<u128>::new(&geo, &KNIGHT).unwrap();
    assert_eq!(knight.attacks(s("a1")), set(&["b3", "c2"]));
    // Xiangqi horse on b1 blocked on b2: only the sideways leaps remain.
    let horse = LameLeaperTable::<u128>::new(&geo, &horse()).unwrap();
    assert_eq!(horse.attacks(s("b1"), set(&["b2"])), set(&["d2"]));
    assert_eq!(horse.attacks(s("b1"), 0), set(&["a3", "c3", "d2"]));
    // Nightrider on a1 of 9x10 stopped on c5 (included).
    let nr = ObliqueRiderTable::<u128>::new(&geo, &KNIGHT, None).unwrap();
    assert_eq!(
        nr.attacks(s("a1"), set(&["c5"])),
        set(&["b3", "c5", "c2", "e3", "g4", "i5"])
    );
    let lines = LineTable::<u128>::new(&geo).unwrap();
    assert_eq!(lines.between(s("a1"), s("d4")), set(&["b2", "c3"]));
    assert_eq!(lines.between(s("a1"), s("b3")), 0);
    assert_eq!(lines.through(s("b1"), s("b3")).count_ones(), 10);
    assert!(lines.aligned(s("a1"), s("c3"), s("i9")));
}

#[test]
fn bad_input_is_an_error() {
    let geo = Geometry::new(8, 8).unwrap();
    assert!(matches!(
        LeaperTable::<u64>::new(&geo, &[(0, 0)]),
        Err(AttackError::BadStep { .. })
    ));
    assert!(matches!(
        LeaperTable::<u64>::new(&geo, &[(16, 1)]),
        Err(AttackError::BadStep { .. })
    ));
    assert_eq!(
        ObliqueRiderTable::<u64>::new(&geo, &KNIGHT, Some(0)).unwrap_err(),
        AttackError::ZeroRange
    );
    let big = Geometry::new(16, 16).unwrap();
    assert!(matches!(
        LineTable::<u128>::new(&big),
        Err(AttackError::BoardTooLarge { .. })
    ));
}
