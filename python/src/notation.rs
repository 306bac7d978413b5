//! pyffish's notation codes and `get_san`'s move text.

pub use dabbaba::board::notation::Notation;
use dabbaba::cli::game::GamePosition;
use dabbaba::variant::Variant;
use dabbaba::with_position;

use crate::library::Failure;

/// pyffish's `NOTATION_*` constants, with its numbers.
pub const CODES: [(&str, i32); 10] = [
    ("NOTATION_DEFAULT", 0),
    ("NOTATION_SAN", 1),
    ("NOTATION_LAN", 2),
    ("NOTATION_SHOGI_HOSKING", 3),
    ("NOTATION_SHOGI_HODGES", 4),
    ("NOTATION_SHOGI_HODGES_NUMBER", 5),
    ("NOTATION_JANGGI", 6),
    ("NOTATION_XIANGQI_WXF", 7),
    ("NOTATION_THAI_SAN", 8),
    ("NOTATION_THAI_LAN", 9),
];

/// The notation a pyffish code names; the default is the variant's usual one (Hodges with
/// numbers for shogi and the variants built like it, SAN for the rest).
pub fn from_code(code: i32, v: &Variant) -> Result<Notation, Failure> {
    Ok(match code {
        0 if is_shogi_like(v) => Notation::ShogiHodgesNumber,
        0 | 1 => Notation::San,
        2 => Notation::Lan,
        3 => Notation::ShogiHosking,
        4 => Notation::ShogiHodges,
        5 => Notation::ShogiHodgesNumber,
        6 => Notation::Janggi,
        7 => Notation::XiangqiWxf,
        8 => Notation::ThaiSan,
        9 => Notation::ThaiLan,
        _ => {
            return Err(format!(
                "unknown notation {code} (NOTATION_DEFAULT to NOTATION_THAI_LAN are 0 to 9)"
            ))
        }
    })
}

/// Whether Fairy-Stockfish builds the variant on its shogi template (shogi-style promotions
/// and drops of captured pieces), which gives it shogi's notation by default.
fn is_shogi_like(v: &Variant) -> bool {
    v.xboard.variant_template == "shogi"
}

/// The moves of `line`, each in the position the ones before it reach, in `notation`. A move
/// that has no form in the notation (a multi-leg move outside SAN) is given in UCI text.
pub fn line(
    game: &GamePosition,
    line: &[String],
    notation: Notation,
) -> Result<Vec<String>, Failure> {
    with_position!(&game.pos, p => {
        let mut q = p.clone();
        let mut out = Vec::with_capacity(line.len());
        for text in line {
            let m = q.parse_uci_move(text).map_err(|e| e.to_string())?;
            out.push(q.move_to_notation(m, notation).unwrap_or_else(|| q.move_to_uci(m)));
            q.make_move(m);
        }
        Ok(out)
    })
}
