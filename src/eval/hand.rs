//! Pieces in hand (drop games). A piece in hand is worth more than the same piece on the
//! board: it can be dropped wherever it is needed, with tempo. The term is one function over
//! a count accessor so that it does not depend on how the position stores its holdings.

/// Middlegame and endgame value of a piece in hand from its board values. The premium over the
/// board value is zero until a match says otherwise: a quarter (and after the shogi merge even
/// a tenth) made the search keep pieces in hand instead of dropping them where they attack
/// (tests/analyse_cli.rs, shogi with rooks in hand). The hook is here to be tuned by games.
pub fn values(mg: i32, eg: i32) -> (i32, i32) {
    (mg, eg)
}

/// (mg, eg) of the hands of both colours; `count(type, colour)` is the number in hand and
/// `values[type]` the in-hand value of a type.
pub fn score(values: &[(i32, i32)], count: impl Fn(u8, usize) -> u32) -> [(i32, i32); 2] {
    let mut out = [(0, 0); 2];
    for (ty, &(m, e)) in values.iter().enumerate() {
        for (c, o) in out.iter_mut().enumerate() {
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
    fn hand_pieces_count_at_least_their_board_value() {
        let (m, e) = values(300, 320);
        assert!(m >= 300 && e >= 320);
        let vals = [(100, 110), (m, e)];
        // White holds two of type 1, black one of type 0.
        let s = score(&vals, |t, c| match (t, c) {
            (1, 0) => 2,
            (0, 1) => 1,
            _ => 0,
        });
        assert_eq!(s, [(2 * m, 2 * e), (100, 110)]);
    }
}
