//! Slow, obviously correct move walkers, square by square with edge checks. The tests
//! compare every fast table with these; table builders also use them to fill tables.

use super::{Direction, LameStep, LineKind, LineSpec};
use crate::board::bitboard::Bitboard;
use crate::board::geometry::{Geometry, Square};

/// Squares reached from `sq` by each (dx, dy) step.
pub fn leaper<B: Bitboard>(geo: &Geometry, sq: Square, steps: &[(i32, i32)]) -> B {
    steps
        .iter()
        .filter_map(|&(dx, dy)| geo.offset(sq, dx, dy))
        .fold(B::EMPTY, |b, to| b.with(to))
}

/// Squares reached from `sq` by a line piece along one direction.
pub fn line_ray<B: Bitboard>(
    geo: &Geometry,
    sq: Square,
    occ: B,
    dir: Direction,
    kind: LineKind,
    range: Option<u8>,
) -> B {
    let (dx, dy) = dir.delta();
    let max = range.map_or(u32::MAX, u32::from);
    let mut out = B::EMPTY;
    let mut hurdles = 0;
    let mut cur = sq;
    let mut dist = 0u32;
    while let Some(next) = geo.offset(cur, dx, dy) {
        dist += 1;
        if dist > max {
            break;
        }
        cur = next;
        let occupied = occ.contains(cur);
        match kind {
            LineKind::Slide => {
                out = out.with(cur);
                if occupied {
                    break;
                }
            }
            LineKind::Cannon => {
                if hurdles == 1 {
                    out = out.with(cur);
                    if occupied {
                        break;
                    }
                } else if occupied {
                    hurdles = 1;
                }
            }
            LineKind::Grasshopper => {
                if hurdles == 1 {
                    out = out.with(cur);
                    break;
                } else if occupied {
                    hurdles = 1;
                }
            }
        }
    }
    out
}

/// Squares reached from `sq` by a line piece along all its directions.
pub fn line<B: Bitboard>(geo: &Geometry, sq: Square, occ: B, spec: &LineSpec) -> B {
    spec.dirs.iter().fold(B::EMPTY, |b, d| {
        b | line_ray(geo, sq, occ, d, spec.kind, spec.range)
    })
}

/// Squares reached by lame leaps: a step lands only if all its path squares are empty.
pub fn lame_leaper<B: Bitboard>(geo: &Geometry, sq: Square, occ: B, steps: &[LameStep]) -> B {
    let mut out = B::EMPTY;
    for s in steps {
        let Some(to) = geo.offset(sq, s.step.0, s.step.1) else {
            continue;
        };
        let free = s
            .path
            .iter()
            .all(|&(dx, dy)| geo.offset(sq, dx, dy).is_some_and(|p| !occ.contains(p)));
        if free {
            out = out.with(to);
        }
    }
    out
}

/// Squares reached by riding each step repeatedly (at most `range` times), stopping at the
/// first occupied square (which is included). Only landing squares block.
pub fn rider<B: Bitboard>(
    geo: &Geometry,
    sq: Square,
    occ: B,
    steps: &[(i32, i32)],
    range: Option<u8>,
) -> B {
    let max = range.map_or(u32::MAX, u32::from);
    let mut out = B::EMPTY;
    for &(dx, dy) in steps {
        let mut cur = sq;
        let mut n = 0;
        while n < max {
            let Some(next) = geo.offset(cur, dx, dy) else {
                break;
            };
            n += 1;
            cur = next;
            out = out.with(cur);
            if occ.contains(cur) {
                break;
            }
        }
    }
    out
}

/// The king direction from `a` to `b`, if they share a rank, file or diagonal.
pub fn direction_between(geo: &Geometry, a: Square, b: Square) -> Option<Direction> {
    if a == b {
        return None;
    }
    let dx = geo.file_of(b) as i32 - geo.file_of(a) as i32;
    let dy = geo.rank_of(b) as i32 - geo.rank_of(a) as i32;
    if dx == 0 || dy == 0 || dx.abs() == dy.abs() {
        Direction::from_delta(dx.signum(), dy.signum())
    } else {
        None
    }
}

/// Squares strictly between `a` and `b` on a king line; empty if they are not aligned.
pub fn between<B: Bitboard>(geo: &Geometry, a: Square, b: Square) -> B {
    let Some(d) = direction_between(geo, a, b) else {
        return B::EMPTY;
    };
    let (dx, dy) = d.delta();
    let mut out = B::EMPTY;
    let mut cur = a;
    while let Some(next) = geo.offset(cur, dx, dy) {
        if next == b {
            break;
        }
        out = out.with(next);
        cur = next;
    }
    out
}

/// The whole king line through `a` and `b`, edge to edge, both included; empty if they
/// are not aligned (or equal).
pub fn line_through<B: Bitboard>(geo: &Geometry, a: Square, b: Square) -> B {
    let Some(d) = direction_between(geo, a, b) else {
        return B::EMPTY;
    };
    let ray = |dir: Direction| line_ray(geo, a, B::EMPTY, dir, LineKind::Slide, None);
    ray(d) | ray(d.opposite()) | B::square(a)
}
