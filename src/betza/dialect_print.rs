//! A piece printed in BFN, Betza 2.0 or Bex, where those can say it: single-leg components
//! as XBetza writes them (the dialects keep its letters), and moves of several legs as chains
//! of legs that go on without turning (`X-Y`; BFN's bracket group `g[XY]`) or, in Bex, turn
//! any way (`X--Y`). What they
//! cannot say (hops, lame or tame legs on the way, XBetza's particular turns) is a
//! [`PrintError`] naming the notation; the XBetza text ([`Piece`]'s `Display`) always exists.

use super::atom::{Atom, AtomClass};
use super::dialects::Notation;
use super::error::PrintError;
use super::ir::{Component, ComponentKind, Directions, Initial, Piece, Range};

/// `piece` written in `notation` (XBetza's own text for XBetza and Fairy-Stockfish's).
pub fn print_notation(piece: &Piece, notation: Notation) -> Result<String, PrintError> {
    if matches!(notation, Notation::XBetza | Notation::FairyStockfish) {
        return Ok(piece.to_string());
    }
    let mut texts = Vec::new();
    for c in &piece.components {
        texts.push(component_text(c, notation)?);
    }
    let joint = if notation == Notation::Bex { "+" } else { "" };
    let text = texts.join(joint);
    // BFN has no separator between a bracket group's legs, and a doubled atom rides there
    // (`g[mFF]` is not F then F), nor XBetza's `j`: what does not read back as the same
    // piece has no BFN form.
    if notation == Notation::Bfn
        && super::dialects::parse_notation(&text, notation)
            .ok()
            .as_ref()
            != Some(piece)
    {
        return Err(PrintError(format!(
            "bfn has no form for this piece ({text} would read as another)"
        )));
    }
    Ok(text)
}

fn component_text(c: &Component, notation: Notation) -> Result<String, PrintError> {
    let cannot = |what: &str| PrintError(format!("{} has no form for {what}", notation.name()));
    let ComponentKind::Legs(legs) = &c.kind else {
        return if notation == Notation::Bex {
            Err(cannot("castling (its O is the null move)"))
        } else {
            Ok(Piece {
                components: vec![c.clone()],
            }
            .to_string())
        };
    };
    if legs.len() == 1 {
        return Ok(Piece {
            components: vec![c.clone()],
        }
        .to_string());
    }
    let mut parts = Vec::new();
    let mut atom = legs[0].atom;
    for (i, leg) in legs.iter().enumerate() {
        let last = i + 1 == legs.len();
        let plain = leg.hop.is_none()
            && leg.lame.is_none()
            && !leg.tame
            && leg.jump == 0
            && !leg.cylinder
            && !leg.can_destroy
            && !leg.en_passant;
        if !plain {
            return Err(cannot(
                "a leg that hops, is lame or tame, jumps or destroys",
            ));
        }
        let modes = match (leg.can_move, leg.can_capture, last) {
            (true, true, true) | (true, false, false) => "",
            (true, false, true) => "m",
            (false, true, _) => "c",
            (true, true, false) => "mc",
            (false, false, _) => return Err(cannot("a leg that can neither move nor capture")),
        };
        let text = if i == 0 {
            // Leg 1 as a one-leg component with the same directions and modalities.
            let mut first = leg.clone();
            first.can_move = leg.can_move;
            first.can_capture = leg.can_capture;
            let written = Piece {
                components: vec![Component {
                    initial: c.initial,
                    kind: ComponentKind::Legs(vec![first]),
                }],
            }
            .to_string();
            // A non-final leg moves by default; say so as the sources write it (`mW-F`).
            if leg.can_move && !leg.can_capture && !written.contains('m') {
                with_mode(&written, 'm')
            } else {
                written
            }
        } else {
            let Directions::Relative(bits) = leg.directions else {
                return Err(cannot("a later leg with directions of its own"));
            };
            let (next, separator) =
                chained(atom, bits, notation).ok_or_else(|| cannot("this turn between legs"))?;
            atom = next;
            parts.push(separator.to_string());
            format!(
                "{modes}{}",
                atom_text(atom, leg.range).ok_or_else(|| cannot("this range"))?
            )
        };
        parts.push(text);
    }
    if c.initial != Initial::Always && !parts[0].starts_with('i') {
        return Err(cannot("an initial chain"));
    }
    if notation == Notation::Bfn {
        // Betza's bracket group: the legs one after another, each going on from the last.
        let legs: Vec<&String> = parts.iter().filter(|p| *p != "-").collect();
        return Ok(format!(
            "g[{}]",
            legs.into_iter().cloned().collect::<String>()
        ));
    }
    Ok(parts.concat())
}

/// XBetza text with a modality letter put after its direction letters.
fn with_mode(written: &str, mode: char) -> String {
    let at = written
        .char_indices()
        .find(|(_, ch)| !"ifblrvsh".contains(*ch))
        .map_or(0, |(i, _)| i);
    format!("{}{mode}{}", &written[..at], &written[at..])
}

/// The atom a later leg steps as, after a leg of `previous`, and the separator that says
/// the turn: `-` onward, `--` any way (Bex).
fn chained(previous: Atom, bits: u8, notation: Notation) -> Option<(Atom, &'static str)> {
    let switched = match (previous, previous.class()) {
        (_, AtomClass::Oblique | AtomClass::EightFold) => None,
        (Atom::W, _) => Some(Atom::F),
        (Atom::F, _) => Some(Atom::W),
        (Atom::D, _) => Some(Atom::A),
        (Atom::A, _) => Some(Atom::D),
        (Atom::H, _) => Some(Atom::G),
        (Atom::G, _) => Some(Atom::H),
        _ => None,
    };
    let any_same = match previous.class() {
        AtomClass::Oblique | AtomClass::EightFold => !(1u8 << 4),
        _ => 0b0100_0101,
    };
    match bits {
        0b0000_0001 => Some((previous, "-")),
        0b1000_0010 => Some((switched?, "-")),
        b if b == any_same && notation == Notation::Bex => Some((previous, "--")),
        0b1010_1010 if notation == Notation::Bex => Some((switched?, "--")),
        _ => None,
    }
}

/// An atom with a range: `F`, `F3`, `B` (unlimited F), `NN`.
fn atom_text(atom: Atom, range: Range) -> Option<String> {
    let letter = atom.letter();
    Some(match range {
        Range::Leaper => letter.to_string(),
        Range::Limited(n) => format!("{letter}{n}"),
        Range::Exactly(n) => format!("{letter}0{n}"),
        Range::Unlimited => match atom {
            Atom::W => "R".to_string(),
            Atom::F => "B".to_string(),
            Atom::K => "Q".to_string(),
            _ => format!("{letter}{letter}"),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::super::dialects::parse_notation;
    use super::*;

    /// Printed in its notation, each piece reads back as the same IR.
    #[test]
    fn chains_print_back() {
        for (text, notation, expected) in [
            ("mW-F", Notation::Betza2, "mW-F"),
            ("mF-F", Notation::Betza2, "mF-F"),
            ("fmF(fcF-mF)", Notation::Betza2, "fmFfcF-mF"),
            ("mN--N", Notation::Bex, "mN--N"),
            ("imfW2+mfW+cfF", Notation::Bex, "ifmR2+fmW+fcF"),
            ("mW-F+mK", Notation::Bex, "mW-F+mK"),
            ("g[mWF]", Notation::Bfn, "g[mWF]"),
            ("[WF]", Notation::Bfn, "g[mWF]"),
            ("fBfsWbB2bR", Notation::Bfn, "fBssfWbB2bR"),
        ] {
            let piece = parse_notation(text, notation).unwrap();
            let printed = print_notation(&piece, notation).unwrap();
            assert_eq!(printed, expected, "{text}");
            assert_eq!(parse_notation(&printed, notation).unwrap(), piece, "{text}");
        }
        // Betza's griffon, a leap or a leap and a ride on: Betza 2.0 writes it `FmF-R`,
        // BFN with a go group beside the leap.
        let griffon = parse_notation("t[FR]", Notation::Bfn).unwrap();
        assert_eq!(print_notation(&griffon, Notation::Betza2).unwrap(), "FmF-R");
        let bfn = print_notation(&griffon, Notation::Bfn).unwrap();
        assert_eq!(bfn, "Fg[mFR]");
        assert_eq!(parse_notation(&bfn, Notation::Bfn).unwrap(), griffon);
    }

    #[test]
    fn what_a_dialect_cannot_say_is_an_error() {
        let mao = parse_notation("(mW-F)*", Notation::Bex).unwrap();
        // The lame rider is one leg with n: XBetza's own text, fine in Betza 2.0 too.
        assert_eq!(print_notation(&mao, Notation::Betza2).unwrap(), "nN0");
        let knight = parse_notation("mpafsW", Notation::XBetza).unwrap();
        let e = print_notation(&knight, Notation::Betza2).unwrap_err();
        assert!(e.to_string().contains("betza2 has no form"), "{e}");
        let double = parse_notation("mN--N", Notation::Bex).unwrap();
        assert!(print_notation(&double, Notation::Betza2).is_err());
        // Two F legs would print as a doubled F, which BFN reads as a rider.
        let elephant = parse_notation("mF-F", Notation::Betza2).unwrap();
        let e = print_notation(&elephant, Notation::Bfn).unwrap_err();
        assert!(e.to_string().contains("bfn has no form"), "{e}");
    }
}
