//! Bitboard operations at every width, around the edges of the 64-bit words.

use super::*;

fn sq(i: usize) -> Square {
    Square::new(i as u8)
}

/// Checks the basic operations of `B` on the squares `picks`, against a `Vec<bool>` model.
fn check_ops<B: Bitboard>(picks: &[usize]) {
    let mut b = B::EMPTY;
    for &i in picks {
        b = b.with(sq(i));
    }
    let mut model = vec![false; B::BITS as usize];
    for &i in picks {
        model[i] = true;
    }
    let expect: Vec<usize> = (0..B::BITS as usize).filter(|&i| model[i]).collect();
    assert_eq!(b.count() as usize, expect.len());
    assert_eq!(b.is_empty(), expect.is_empty());
    assert_eq!(b.more_than_one(), expect.len() > 1);
    assert_eq!(b.iter().map(|s| s.index()).collect::<Vec<_>>(), expect);
    if let (Some(&lo), Some(&hi)) = (expect.first(), expect.last()) {
        assert_eq!(b.lsb().index(), lo);
        assert_eq!(b.msb().index(), hi);
        assert_eq!(b.first(), Some(sq(lo)));
        let mut c = b;
        assert_eq!(c.pop_lsb().index(), lo);
        assert_eq!(c, b.without(sq(lo)));
    } else {
        assert_eq!(b.first(), None);
    }
    for (i, &set) in model.iter().enumerate() {
        assert_eq!(b.contains(sq(i)), set, "bit {i}");
        assert_eq!((!b).contains(sq(i)), !set);
    }
    // Shifts against the model.
    for n in [0u32, 1, 7, 63, 64, 65, 127] {
        if n >= B::BITS {
            continue;
        }
        let up: Vec<usize> = expect
            .iter()
            .map(|i| i + n as usize)
            .filter(|&i| i < B::BITS as usize)
            .collect();
        assert_eq!(
            (b << n).iter().map(|s| s.index()).collect::<Vec<_>>(),
            up,
            "<< {n}"
        );
        let down: Vec<usize> = expect
            .iter()
            .filter(|&&i| i >= n as usize)
            .map(|i| i - n as usize)
            .collect();
        assert_eq!(
            (b >> n).iter().map(|s| s.index()).collect::<Vec<_>>(),
            down,
            ">> {n}"
        );
    }
    // Word round trip.
    let words: Vec<u64> = (0..B::WORDS).map(|i| b.word(i)).collect();
    assert_eq!(B::from_words(&words), b);
}

fn edge_cases(bits: usize) -> Vec<Vec<usize>> {
    let mut cases = vec![vec![], vec![0], vec![bits - 1], vec![0, bits - 1]];
    for w in (64..bits).step_by(64) {
        cases.push(vec![w - 1]);
        cases.push(vec![w]);
        cases.push(vec![w - 1, w]);
        cases.push(vec![1, w + 1, bits - 2]);
    }
    cases.push((0..bits).step_by(3).collect());
    cases.push((0..bits).collect());
    cases
}

#[test]
fn u64_ops() {
    for c in edge_cases(64) {
        check_ops::<u64>(&c);
    }
}

#[test]
fn u128_ops() {
    for c in edge_cases(128) {
        check_ops::<u128>(&c);
    }
}

#[test]
fn b256_ops() {
    for c in edge_cases(256) {
        check_ops::<Bb256>(&c);
    }
}

#[test]
fn binary_ops_agree_across_widths() {
    // The same low 64 bits give the same answers at every width.
    let a = 0x8000_0000_0000_0001u64 | 0xF0F0;
    let b = 0x8000_0000_0000_0000u64 | 0x0FF0;
    let wide = |x: u64| Bb256::from_words(&[x]);
    assert_eq!((wide(a) & wide(b)).word(0), a & b);
    assert_eq!((wide(a) | wide(b)).word(0), a | b);
    assert_eq!((wide(a) ^ wide(b)).word(0), a ^ b);
    assert_eq!(((a as u128) << 1) >> 64, 1);
    assert_eq!((wide(a) << 1).word(1), 1);
    assert_eq!((wide(a) << 200).word(3), a << 8);
    assert_eq!((Bb256::from_words(&[0, 0, 0, 1]) >> 255).word(0), 0);
    assert_eq!((Bb256::from_words(&[0, 0, 0, 1 << 63]) >> 255).word(0), 1);
}

#[test]
fn extract_and_magic_hash() {
    let mask = 0b1011_0000u64;
    assert_eq!(0b1001_0000u64.extract(mask), 0b101);
    let m = Bb256::from_words(&[0b11, 0, 0b1, 1 << 63]);
    let v = Bb256::from_words(&[0b10, 0, 0b1, 1 << 63]);
    assert_eq!(v.extract(m), 0b1110);
    assert_eq!(3u64.magic_hash(5), 15);
    let h = u128::from_words(&[3, 7]).magic_hash(u128::from_words(&[5, 11]));
    assert_eq!(h, 15 ^ 77);
}
