//! The XBetza parser on any text, in both dialects: an error or a piece, never a panic; a
//! piece that prints must parse again to a piece that prints the same.

#![no_main]

use dabbaba::betza::{parse, Dialect};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for dialect in [Dialect::XBetza, Dialect::FairyStockfish] {
        let Ok(piece) = parse(text, dialect) else {
            continue;
        };
        let Ok(printed) = piece.to_xboard() else {
            continue;
        };
        let again = parse(&printed, Dialect::XBetza)
            .unwrap_or_else(|e| panic!("{text:?} printed as {printed:?}, which fails: {e}"));
        let reprinted = again.to_xboard().expect("a reparsed piece prints");
        assert_eq!(printed, reprinted, "{text:?} does not print stably");
    }
});
