//! Every line-piece table (each method, each width) against the reference ray walker, on
//! random occupancies of many board sizes.

#[path = "attacks_common/mod.rs"]
mod common;

use common::{Rng, SAMPLES, SIZES};
use dabbaba::board::attacks::{
    reference, AttackError, Direction, Directions, LineAttacks, LineKind, LineMethod, LineSpec,
};
use dabbaba::board::{Bb256, Bitboard, Geometry};

fn specs() -> Vec<LineSpec> {
    let n_se = Directions::only(Direction::N).with(Direction::SE);
    let mut out = vec![LineSpec::ROOK, LineSpec::BISHOP, LineSpec::QUEEN];
    for kind in [LineKind::Slide, LineKind::Cannon, LineKind::Grasshopper] {
        for dirs in [
            Directions::ORTHOGONAL,
            Directions::DIAGONAL,
            Directions::ALL,
            n_se,
        ] {
            for range in [None, Some(1), Some(2), Some(3), Some(7)] {
                out.push(LineSpec { dirs, kind, range });
            }
        }
    }
    out
}

fn methods() -> Vec<LineMethod> {
    vec![
        LineMethod::Rays,
        LineMethod::Magic { per_line: false },
        LineMethod::Magic { per_line: true },
        LineMethod::Pext { per_line: false },
        LineMethod::Pext { per_line: true },
    ]
}

/// Returns how many tables were checked.
fn check_width<B: Bitboard>(geo: &Geometry, specs: &[LineSpec], rng: &mut Rng) -> usize {
    let mut checked = 0;
    for method in methods() {
        for spec in specs {
            let table = match LineAttacks::<B>::with_method(geo, spec, method) {
                Ok(t) => t,
                Err(AttackError::MethodUnavailable { .. }) => continue,
                Err(e) => panic!("{geo:?} {spec:?} {method:?}: {e}"),
            };
            checked += 1;
            for sq in geo.squares() {
                for i in 0..SAMPLES {
                    let occ: B = if i == 0 { B::EMPTY } else { rng.occupancy(geo) };
                    let got = table.attacks(sq, occ);
                    let want = reference::line(geo, sq, occ, spec);
                    assert_eq!(
                        got,
                        want,
                        "{geo:?} {spec:?} {method:?} from {} occ {occ:?}",
                        geo.square_name(sq)
                    );
                }
            }
        }
    }
    checked
}

#[test]
fn line_tables_match_reference_on_all_sizes_and_widths() {
    let specs = specs();
    let mut rng = Rng(0x1234_5678_9abc_def1);
    for &(f, r) in SIZES {
        let geo = Geometry::new(f, r).unwrap();
        let n = geo.num_squares();
        let mut checked = 0;
        if n <= 64 {
            checked += check_width::<u64>(&geo, &specs, &mut rng);
        }
        if n <= 128 {
            checked += check_width::<u128>(&geo, &specs, &mut rng);
        }
        checked += check_width::<Bb256>(&geo, &specs, &mut rng);
        // Rays exist for every board and width; per-line magics on every board up to 128
        // squares (above that some would pass the table size limit).
        let least = if n <= 128 {
            2 * specs.len()
        } else {
            specs.len()
        };
        assert!(checked >= least, "{geo:?}: only {checked} tables");
    }
}

#[test]
fn default_method_works_for_every_size() {
    let mut rng = Rng(77);
    for &(f, r) in SIZES {
        let geo = Geometry::new(f, r).unwrap();
        let method = LineMethod::fastest(&geo, &LineSpec::QUEEN);
        let check = |rng: &mut Rng| -> Result<(), AttackError> {
            match geo.width() {
                dabbaba::board::Width::W64 => check_one::<u64>(&geo, rng),
                dabbaba::board::Width::W128 => check_one::<u128>(&geo, rng),
                dabbaba::board::Width::W256 => check_one::<Bb256>(&geo, rng),
            }
        };
        check(&mut rng).unwrap_or_else(|e| panic!("{geo:?} {method:?}: {e}"));
    }
}

fn check_one<B: Bitboard>(geo: &Geometry, rng: &mut Rng) -> Result<(), AttackError> {
    for spec in [LineSpec::QUEEN, LineSpec::CANNON, LineSpec::GRASSHOPPER] {
        let t = LineAttacks::<B>::new(geo, &spec)?;
        for sq in geo.squares() {
            let occ: B = rng.occupancy(geo);
            assert_eq!(t.attacks(sq, occ), reference::line(geo, sq, occ, &spec));
        }
    }
    Ok(())
}

#[test]
fn known_positions() {
    // Rook on d4 of 8x8 with blockers on d6 and b4: d5, d6, c4, b4, e4..h4, d3..d1.
    let geo = Geometry::new(8, 8).unwrap();
    let s = |n: &str| geo.parse_square(n).unwrap();
    let occ = 0u64.with(s("d6")).with(s("b4")).with(s("d4"));
    let rook = LineAttacks::<u64>::new(&geo, &LineSpec::ROOK).unwrap();
    let want = [
        "d5", "d6", "c4", "b4", "e4", "f4", "g4", "h4", "d3", "d2", "d1",
    ]
    .iter()
    .fold(0u64, |b, n| b.with(s(n)));
    assert_eq!(rook.attacks(s("d4"), occ), want);
    // Cannon on a1 with a hurdle on a3 and a piece on a6: a4, a5, a6.
    let occ = 0u64.with(s("a3")).with(s("a6"));
    let cannon = LineAttacks::<u64>::new(&geo, &LineSpec::CANNON).unwrap();
    let want = ["a4", "a5", "a6"].iter().fold(0u64, |b, n| b.with(s(n)));
    assert_eq!(cannon.attacks(s("a1"), occ), want);
    // Grasshopper on a1 with a hurdle on c3 lands on d4 only.
    let occ = 0u64.with(s("c3"));
    let hopper = LineAttacks::<u64>::new(&geo, &LineSpec::GRASSHOPPER).unwrap();
    assert_eq!(hopper.attacks(s("a1"), occ), 0u64.with(s("d4")));
}

#[test]
fn bad_specs_are_errors() {
    let geo = Geometry::new(8, 8).unwrap();
    let none = LineSpec::slider(Directions::NONE);
    assert_eq!(
        LineAttacks::<u64>::new(&geo, &none).unwrap_err(),
        AttackError::NoDirection
    );
    let zero = LineSpec {
        range: Some(0),
        ..LineSpec::ROOK
    };
    assert_eq!(
        LineAttacks::<u64>::new(&geo, &zero).unwrap_err(),
        AttackError::ZeroRange
    );
    let big = Geometry::new(9, 8).unwrap();
    assert!(matches!(
        LineAttacks::<u64>::new(&big, &LineSpec::ROOK),
        Err(AttackError::BoardTooLarge { .. })
    ));
}
