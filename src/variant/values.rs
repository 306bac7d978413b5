//! Value types of `variants.ini` keys: each parser takes the trimmed value text and says what is
//! wrong in words when it does not fit. Piece letters are resolved elsewhere (they need the
//! variant's pieces).

use super::region::{Region, MAX_FILES, MAX_RANKS};
use super::types::{
    CastlingRights, ChasingRule, CountingRule, EnclosingRule, GameValue, MaterialCounting,
    WallingRule,
};

/// `true` or `false`, nothing else (Fairy-Stockfish reads anything else as false; we say so).
pub fn bool_value(s: &str) -> Result<bool, String> {
    match s {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!("expected 'true' or 'false', found '{s}'")),
    }
}

/// A non-negative integer.
pub fn count(s: &str) -> Result<u32, String> {
    s.parse::<u32>()
        .map_err(|_| format!("expected a non-negative integer, found '{s}'"))
}

/// `movesPerTurn`: move counts of the turns in order, separated by commas (`1,2`), each 1 to
/// 32.
pub fn moves_per_turn(s: &str) -> Result<Vec<u8>, String> {
    s.split(',')
        .map(|n| match n.trim().parse::<u8>() {
            Ok(n @ 1..=32) => Ok(n),
            _ => Err(format!(
                "expected move counts from 1 to 32 separated by commas, found '{n}'"
            )),
        })
        .collect()
}

/// Pairs of letters separated by spaces (`nh be`), upper-cased: `pieceSynonyms`.
pub fn letter_pairs(s: &str) -> Result<Vec<(char, char)>, String> {
    s.split_whitespace()
        .map(|pair| {
            let letters: Vec<char> = pair.chars().collect();
            match letters[..] {
                [a, b] if a.is_ascii_alphabetic() && b.is_ascii_alphabetic() => {
                    Ok((a.to_ascii_uppercase(), b.to_ascii_uppercase()))
                }
                _ => Err(format!(
                    "expected pairs of letters such as 'nh be' (a piece's letter, then its synonym), found '{pair}'"
                )),
            }
        })
        .collect()
}

/// A signed integer.
pub fn int(s: &str) -> Result<i32, String> {
    s.parse::<i32>()
        .map_err(|_| format!("expected an integer, found '{s}'"))
}

/// A rank, 1-based in the file (1..=16), returned 0-based.
pub fn rank(s: &str) -> Result<u8, String> {
    match s.parse::<u8>() {
        Ok(r) if (1..=MAX_RANKS).contains(&r) => Ok(r - 1),
        _ => Err(format!(
            "expected a rank from 1 to {MAX_RANKS}, found '{s}'"
        )),
    }
}

/// A file, `1`..`16` or `a`..`p`, returned 0-based.
pub fn file(s: &str) -> Result<u8, String> {
    let err = || format!("expected a file from 1 to {MAX_FILES} or a to p, found '{s}'");
    if s.starts_with(|c: char| c.is_ascii_digit()) {
        match s.parse::<u8>() {
            Ok(f) if (1..=MAX_FILES).contains(&f) => Ok(f - 1),
            _ => Err(err()),
        }
    } else {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c @ 'a'..='p'), None) => Ok(c as u8 - b'a'),
            _ => Err(err()),
        }
    }
}

/// A square set: space-separated squares (`e4`), whole ranks (`*3`), whole files (`c*`);
/// `-` alone is the empty set.
pub fn region(s: &str) -> Result<Region, String> {
    let mut r = Region::EMPTY;
    for token in s.split_whitespace() {
        if token == "-" {
            // Fairy-Stockfish stops reading at '-'.
            break;
        }
        if let Some(n) = token.strip_prefix('*') {
            r = r.union(&Region::rank(rank(n).map_err(|_| bad_square(token))?));
        } else if let Some(f) = token.strip_suffix('*') {
            r = r.union(&Region::file(file(f).map_err(|_| bad_square(token))?));
        } else {
            let (f, rk) = square(token).ok_or_else(|| bad_square(token))?;
            r.insert(f, rk);
        }
    }
    Ok(r)
}

fn bad_square(token: &str) -> String {
    format!("'{token}' is not a square (a1..p16), a rank (*1..*16) or a file (a*..p*)")
}

/// A square name `a1`..`p16`, 0-based (file, rank).
pub fn square(token: &str) -> Option<(u8, u8)> {
    let mut chars = token.chars();
    let f = chars.next()?.to_ascii_lowercase();
    if !('a'..='p').contains(&f) {
        return None;
    }
    let rk: u8 = chars.as_str().parse().ok()?;
    if !(1..=MAX_RANKS).contains(&rk) || chars.as_str().starts_with('0') {
        return None;
    }
    Some((f as u8 - b'a', rk - 1))
}

/// `win`, `loss`, `draw`, or `none` (`Ok(None)`).
pub fn game_value(s: &str) -> Result<Option<GameValue>, String> {
    match s {
        "win" => Ok(Some(GameValue::Win)),
        "loss" => Ok(Some(GameValue::Loss)),
        "draw" => Ok(Some(GameValue::Draw)),
        "none" => Ok(None),
        _ => Err(format!("expected win, loss, draw or none, found '{s}'")),
    }
}

/// A game value where `none` makes no sense.
pub fn required_game_value(s: &str) -> Result<GameValue, String> {
    game_value(s)?.ok_or_else(|| "expected win, loss or draw, found 'none'".to_string())
}

fn one_of<T: Copy>(s: &str, options: &[(&str, T)]) -> Result<T, String> {
    options
        .iter()
        .find(|(n, _)| *n == s)
        .map(|(_, v)| *v)
        .ok_or_else(|| {
            let names: Vec<&str> = options.iter().map(|(n, _)| *n).collect();
            format!("expected one of {}, found '{s}'", names.join(", "))
        })
}

/// `enclosingDrop` / `flipEnclosedPieces`.
pub fn enclosing(s: &str) -> Result<EnclosingRule, String> {
    use EnclosingRule::*;
    one_of(
        s,
        &[
            ("reversi", Reversi),
            ("ataxx", Ataxx),
            ("quadwrangle", Quadwrangle),
            ("snort", Snort),
            ("anyside", Anyside),
            ("top", Top),
            ("none", None),
        ],
    )
}

/// `wallingRule`.
pub fn walling(s: &str) -> Result<WallingRule, String> {
    use WallingRule::*;
    one_of(
        s,
        &[
            ("arrow", Arrow),
            ("duck", Duck),
            ("edge", Edge),
            ("past", Past),
            ("static", Static),
            ("none", None),
        ],
    )
}

/// `materialCounting`.
pub fn material_counting(s: &str) -> Result<MaterialCounting, String> {
    use MaterialCounting::*;
    one_of(
        s,
        &[
            ("janggi", Janggi),
            ("unweighted", Unweighted),
            ("whitedrawodds", WhiteDrawOdds),
            ("blackdrawodds", BlackDrawOdds),
            ("none", None),
        ],
    )
}

/// `countingRule`.
pub fn counting_rule(s: &str) -> Result<CountingRule, String> {
    use CountingRule::*;
    one_of(
        s,
        &[
            ("makruk", Makruk),
            ("cambodian", Cambodian),
            ("asean", Asean),
            ("none", None),
        ],
    )
}

/// `chasingRule`.
pub fn chasing_rule(s: &str) -> Result<ChasingRule, String> {
    use ChasingRule::*;
    one_of(s, &[("axf", Axf), ("none", None)])
}

/// `castlingWins`: letters from `KQkq`, or `-`.
pub fn castling_rights(s: &str) -> Result<CastlingRights, String> {
    let mut r = CastlingRights::default();
    for c in s.chars().filter(|c| !c.is_whitespace()) {
        match c {
            '-' => break,
            'K' => r.white_kingside = true,
            'Q' => r.white_queenside = true,
            'k' => r.black_kingside = true,
            'q' => r.black_queenside = true,
            _ => return Err(format!("'{c}' is not a castling right (K, Q, k, q)")),
        }
    }
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scalars() {
        assert_eq!(bool_value("true"), Ok(true));
        assert!(bool_value("yes").is_err());
        assert_eq!(rank("10"), Ok(9));
        assert!(rank("17").is_err() && rank("0").is_err());
        assert_eq!(file("j"), Ok(9));
        assert_eq!(file("12"), Ok(11));
        assert!(file("q").is_err() && file("17").is_err());
    }

    #[test]
    fn regions() {
        let r = region("*8 a1 c* p16").unwrap();
        assert!(r.contains(5, 7) && r.contains(0, 0) && r.contains(2, 3) && r.contains(15, 15));
        assert_eq!(region("-").unwrap(), Region::EMPTY);
        assert!(region("z9").is_err());
        assert!(region("a17").is_err());
        assert!(region("*0").is_err());
    }
}
