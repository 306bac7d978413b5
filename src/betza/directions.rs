//! Direction modifiers (f b l r v s h): from letters to the steps or turns they select.
//!
//! Letters are first grouped: two adjacent letters of perpendicular kinds (one of f b v, one
//! of l r s; `h` goes with anything) form a pair, a doubled letter (`ff`) forces the single
//! meaning, anything else stands alone. Each group selects a set, and the leg's directions are
//! the union of its groups (xbetza.md §3.4).

use super::atom::{Atom, AtomClass, Step};
use super::Dialect;

/// A group of one or two direction letters, with the column of its first letter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Group {
    pub first: char,
    /// `Some` for a pair (a doubled letter has `second == first`).
    pub second: Option<char>,
    pub column: usize,
}

/// A direction letter as found in the text: its column, and whether the next character of the
/// text is also a direction letter (only adjacent letters can pair).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Letter {
    pub letter: char,
    pub column: usize,
    pub next_adjacent: bool,
}

pub fn is_direction(letter: char) -> bool {
    matches!(letter, 'f' | 'b' | 'l' | 'r' | 'v' | 's' | 'h')
}

fn is_vertical(letter: char) -> bool {
    matches!(letter, 'f' | 'b' | 'v')
}

fn is_horizontal(letter: char) -> bool {
    matches!(letter, 'l' | 'r' | 's')
}

fn perpendicular(a: char, b: char) -> bool {
    a == 'h'
        || b == 'h'
        || (is_vertical(a) && is_horizontal(b))
        || (is_horizontal(a) && is_vertical(b))
}

/// Groups the letters of one leg.
pub fn group(letters: &[Letter]) -> Vec<Group> {
    let mut groups = Vec::new();
    let mut i = 0;
    while i < letters.len() {
        let here = letters[i];
        let pair_with = letters.get(i + 1).filter(|next| {
            here.next_adjacent
                && (next.letter == here.letter || perpendicular(here.letter, next.letter))
        });
        match pair_with {
            Some(next) => {
                groups.push(Group {
                    first: here.letter,
                    second: Some(next.letter),
                    column: here.column,
                });
                i += 2;
            }
            None => {
                groups.push(Group {
                    first: here.letter,
                    second: None,
                    column: here.column,
                });
                i += 1;
            }
        }
    }
    groups
}

/// A step is on the side a letter names (any amount sideways allowed).
fn wide(letter: char, (dx, dy): Step) -> bool {
    match letter {
        'f' => dy > 0,
        'b' => dy < 0,
        'r' => dx > 0,
        'l' => dx < 0,
        'v' => dy != 0,
        's' => dx != 0,
        _ => true,
    }
}

/// A step goes mainly towards the side a letter names.
fn narrow(letter: char, (dx, dy): Step) -> bool {
    match letter {
        'f' => dy > 0 && dy.abs() > dx.abs(),
        'b' => dy < 0 && dy.abs() > dx.abs(),
        'r' => dx > 0 && dx.abs() > dy.abs(),
        'l' => dx < 0 && dx.abs() > dy.abs(),
        'v' => dy.abs() > dx.abs(),
        's' => dx.abs() > dy.abs(),
        _ => true,
    }
}

/// Turning from the step's main direction to its minor side is a clockwise turn (`hr`).
fn clockwise_chirality((dx, dy): Step) -> bool {
    if dy.abs() > dx.abs() {
        i16::from(dx) * i16::from(dy) > 0
    } else {
        i16::from(dx) * i16::from(dy) < 0
    }
}

/// Why a group cannot apply, or the predicate it selects (XBetza meanings).
fn xbetza_member(class: AtomClass, group: Group, step: Step) -> Result<bool, String> {
    let a = group.first;
    let Some(b) = group.second.filter(|&b| b != a) else {
        // Single or doubled letter.
        return Ok(match class {
            AtomClass::Orthogonal | AtomClass::Diagonal => wide(a, step),
            AtomClass::EightFold | AtomClass::Oblique => narrow(a, step),
            AtomClass::Universal => false,
        });
    };
    Ok(match class {
        AtomClass::Orthogonal => wide(a, step) || wide(b, step),
        AtomClass::Diagonal => wide(a, step) && wide(b, step),
        AtomClass::EightFold => {
            if a == 'h' || b == 'h' {
                wide(if a == 'h' { b } else { a }, step)
            } else {
                wide(a, step) && wide(b, step) && step.0 != 0 && step.1 != 0
            }
        }
        AtomClass::Oblique => match (a, b) {
            ('h', 'r') => clockwise_chirality(step),
            ('h', 'l') => !clockwise_chirality(step),
            ('h', _) => {
                return Err(format!(
                    "h{b} has no meaning on oblique atoms (hr and hl do)"
                ))
            }
            (_, 'h') => wide(a, step),
            _ => wide(a, step) && narrow(b, step),
        },
        AtomClass::Universal => false,
    })
}

/// Which of the four sides a step of an atom points to mainly, and to which side it leans:
/// the roles Fairy-Stockfish gives the eight images of a leap.
fn fsf_roles(minor: i8, major: i8) -> Vec<(Step, char, char)> {
    let mut roles = Vec::with_capacity(8);
    for (main, ux, uy) in [('f', 0, 1), ('r', 1, 0), ('b', 0, -1), ('l', -1, 0)] {
        let sides: [(char, i8, i8); 2] = if ux == 0 {
            [('r', 1, 0), ('l', -1, 0)]
        } else {
            [('f', 0, 1), ('b', 0, -1)]
        };
        for (lean, wx, wy) in sides {
            roles.push((
                (ux * major + wx * minor, uy * major + wy * minor),
                main,
                lean,
            ));
        }
    }
    roles
}

fn expands_to(letter: char, side: char) -> bool {
    match letter {
        'v' => side == 'f' || side == 'b',
        's' => side == 'l' || side == 'r',
        other => other == side,
    }
}

fn turns_clockwise(main: char, lean: char) -> bool {
    matches!(
        (main, lean),
        ('f', 'r') | ('r', 'b') | ('b', 'l') | ('l', 'f')
    )
}

/// Fairy-Stockfish's reading of one group for one image with its roles.
fn fsf_member(group: Group, main: char, lean: char) -> bool {
    let a = group.first;
    let b = group.second.unwrap_or(a);
    if a == b {
        return a != 'h' && expands_to(a, main);
    }
    match (a, b) {
        ('h', 'r') => turns_clockwise(main, lean),
        ('h', 'l') => !turns_clockwise(main, lean),
        ('h', _) => false,
        (_, 'h') => matches!(a, 'f' | 'b' | 'l' | 'r') && (main == a || lean == a),
        _ => matches!(a, 'f' | 'b' | 'l' | 'r') && expands_to(b, main) && lean == a,
    }
}

/// The absolute steps leg 1 of `atom` may take under `groups`, clockwise from forward. `Err`
/// carries the offending group's column and the reason.
pub fn select_absolute(
    atom: Atom,
    groups: &[Group],
    dialect: Dialect,
) -> Result<Vec<Step>, (usize, String)> {
    let images = atom.images();
    if groups.is_empty() {
        return Ok(images);
    }
    if atom.class() == AtomClass::Universal {
        return Err((
            groups[0].column,
            "U takes no direction modifiers".to_string(),
        ));
    }
    let selected: Vec<Step> = match dialect {
        Dialect::XBetza => {
            let mut keep = vec![false; images.len()];
            for group in groups {
                for (i, &step) in images.iter().enumerate() {
                    if xbetza_member(atom.class(), *group, step)
                        .map_err(|why| (group.column, why))?
                    {
                        keep[i] = true;
                    }
                }
            }
            images
                .iter()
                .zip(keep)
                .filter(|(_, k)| *k)
                .map(|(s, _)| *s)
                .collect()
        }
        Dialect::FairyStockfish => {
            // K is read as W and F filtered separately; a lone orthogonal atom splits its
            // mixed pairs into two doubled letters ("fsW" = "ffssW").
            let parts: Vec<(i8, i8)> = match atom.shape() {
                Some(shape) => vec![shape],
                None => vec![(0, 1), (1, 1)],
            };
            let split = parts.len() == 1 && parts[0].0 == 0;
            let mut effective: Vec<Group> = Vec::new();
            for g in groups {
                match g.second {
                    Some(b) if split && b != g.first => {
                        effective.push(Group {
                            first: g.first,
                            second: Some(g.first),
                            column: g.column,
                        });
                        effective.push(Group {
                            first: b,
                            second: Some(b),
                            column: g.column,
                        });
                    }
                    _ => effective.push(*g),
                }
            }
            let mut chosen = Vec::new();
            for (minor, major) in parts {
                for (step, main, lean) in fsf_roles(minor, major) {
                    if effective.iter().any(|g| fsf_member(*g, main, lean))
                        && !chosen.contains(&step)
                    {
                        chosen.push(step);
                    }
                }
            }
            images.into_iter().filter(|s| chosen.contains(s)).collect()
        }
    };
    if selected.is_empty() {
        return Err((groups[0].column, String::new()));
    }
    Ok(selected)
}

/// Relative turns (bit k = k × 45° clockwise) named by one letter alone.
fn turn_bits(letter: char) -> u8 {
    match letter {
        'f' => 1 << 0,
        'r' => 1 << 2,
        'b' => 1 << 4,
        'l' => 1 << 6,
        'v' => (1 << 0) | (1 << 4),
        's' => (1 << 2) | (1 << 6),
        _ => 0xff,
    }
}

/// Turns with a component towards the side a letter names (`fh` = every forward turn).
fn wide_turn_bits(letter: char) -> u8 {
    match letter {
        'f' => 0b1000_0011,
        'r' => 0b0000_1110,
        'b' => 0b0011_1000,
        'l' => 0b1110_0000,
        'v' => 0b1011_1011,
        's' => 0b1110_1110,
        _ => 0xff,
    }
}

/// The 45° turns between a vertical and a horizontal letter (`fr` = bit 1, `fs` = bits 1, 7).
fn diagonal_turn_bits(vertical: char, horizontal: char) -> u8 {
    let mut bits = 0u8;
    for v in ['f', 'b'] {
        for h in ['r', 'l'] {
            if expands_to(vertical, v) && expands_to(horizontal, h) {
                bits |= match (v, h) {
                    ('f', 'r') => 1 << 1,
                    ('b', 'r') => 1 << 3,
                    ('b', 'l') => 1 << 5,
                    _ => 1 << 7,
                };
            }
        }
    }
    bits
}

/// The relative turns a continuation leg may take. Without letters: every turn but straight
/// back for eight-direction atoms (K, N, C, Z, U), straight on or 90° for the four-direction
/// ones (xbetza.md §3.8).
pub fn select_relative(atom: Atom, groups: &[Group]) -> u8 {
    if groups.is_empty() {
        return match atom.class() {
            AtomClass::Orthogonal | AtomClass::Diagonal => (1 << 0) | (1 << 2) | (1 << 6),
            _ => !(1u8 << 4),
        };
    }
    let mut bits = 0u8;
    for g in groups {
        let a = g.first;
        bits |= match g.second.filter(|&b| b != a) {
            None => turn_bits(a),
            Some('h') => wide_turn_bits(a),
            Some(b) if a == 'h' => wide_turn_bits(b),
            Some(b) if is_vertical(a) => diagonal_turn_bits(a, b),
            Some(b) => diagonal_turn_bits(b, a),
        };
    }
    bits
}
