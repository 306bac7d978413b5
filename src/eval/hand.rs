//! Pieces in hand (drop games): each type in hand has its own (mg, eg) value, apart from its
//! board value. Untuned variants start it at the board value (`derived.rs`): a premium of a
//! quarter, and later a tenth, made the search keep pieces in hand instead of dropping them
//! where they attack. The weights files of drop variants fit it from games (`docs/tuning.md`).
//! The term is one function over a count accessor so that it does not depend on how the
//! position stores its holdings.

use crate::color::Color;
/// (mg, eg) of the hands of both colours; `count(type, colour)` is the number in hand and
/// `values[type]` the in-hand value of a type.
pub fn score(values: &[(i32, i32)], count: impl Fn(u8, Color) -> u32) -> [(i32, i32); 2] {
    let mut out = [(0, 0); 2];
    for (ty, &(m, e)) in values.iter().enumerate() {
        for (c, o) in Color::BOTH.into_iter().zip(out.iter_mut()) {
            let n = count(ty as u8, c) as i32;
            o.0 += m * n;
            o.1 += e * n;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_colour_sums_its_own_holdings() {
        let vals = [(100, 110), (300, 320), (900, 950)];
        // White holds two of type 1 and one of type 2, black one of type 0.
        let s = score(&vals, |t, c| match (t, c) {
            (1, Color::White) => 2,
            (2, Color::White) => 1,
            (0, Color::Black) => 1,
            _ => 0,
        });
        assert_eq!(s, [(1500, 1590), (100, 110)]);
    }
}
