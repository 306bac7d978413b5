//! Writing pieces back as text: `Display` gives plain XBetza in canonical order;
//! [`Piece::to_xboard`] gives what XBoard 4.9.1 reads correctly, or says why it cannot.

use std::fmt;

use super::atom::{turn, Atom, AtomClass, Step};
use super::directions::{self, Letter};
use super::error::PrintError;
use super::ir::{
    Component, ComponentKind, Directions, Hop, Initial, Lame, Leg, Path, Piece, Range,
};
use super::Dialect;

impl fmt::Display for Piece {
    /// Canonical XBetza: `i` → directions → `m c d e t p g o y n j` → `a` → … → atom → range,
    /// C/Z for camel and zebra, `X0` for unlimited leapers. It may contain things XBoard 4.9.1
    /// does not read (`z`, `q`, `U`, `X0n`, oblique continuation legs); use
    /// [`Piece::to_xboard`] for XBoard.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut texts = Vec::new();
        for component in &self.components {
            // A Fairy-Stockfish lame leap is written as legs when "n" would read differently;
            // when even that is impossible (lame riders) the "n" is the best we can write.
            let faithful = if needs_lame_rewrite(component) {
                rewrite_path_lame(component).unwrap_or_else(|_| vec![component.clone()])
            } else {
                vec![component.clone()]
            };
            texts.extend(faithful.iter().map(component_text));
        }
        f.write_str(&join_components(texts))
    }
}

impl Piece {
    /// The piece as XBetza that XBoard 4.9.1 reads with the same moves. Lame leaps read the
    /// Fairy-Stockfish way (`nZ` from a variants.ini) are rewritten as legs; crooked and
    /// circular riders, `U`, exact ranges and oblique atoms in continuation legs cannot be
    /// written and give an error.
    pub fn to_xboard(&self) -> Result<String, PrintError> {
        let mut texts = Vec::new();
        for component in &self.components {
            for safe in xboard_components(component)? {
                texts.push(component_text(&safe));
            }
        }
        Ok(join_components(texts))
    }
}

/// The components' texts written one after the other, unless that would make two of them
/// read as one doubled atom (`W` after `fW` reads as `fWW`, a rider; found by fuzzing). Then
/// duplicates, which add no moves, are dropped, and the components that begin with their atom
/// go first, each with a range before the bare letter of the same atom (`W2W`, not `WW2`):
/// every other component begins with a lower-case modifier, so no two atoms meet.
fn join_components(texts: Vec<String>) -> String {
    if !texts.windows(2).any(|w| read_as_one_atom(&w[0], &w[1])) {
        return texts.concat();
    }
    let mut unique: Vec<String> = Vec::new();
    for t in texts {
        if !unique.contains(&t) {
            unique.push(t);
        }
    }
    let (mut bare, modified): (Vec<String>, Vec<String>) = unique
        .into_iter()
        .partition(|t| t.starts_with(|c: char| c.is_ascii_uppercase()));
    bare.sort_by_key(|t| t.len() == 1);
    bare.concat() + &modified.concat()
}

/// Whether component text `b` written right after `a` doubles `a`'s last atom letter.
fn read_as_one_atom(a: &str, b: &str) -> bool {
    match (a.chars().last(), b.chars().next()) {
        (Some(x), Some(y)) => x == y && y.is_ascii_uppercase(),
        _ => false,
    }
}

fn xboard_components(component: &Component) -> Result<Vec<Component>, PrintError> {
    let legs = component.legs();
    for (index, leg) in legs.iter().enumerate() {
        if leg.path != Path::Straight {
            return Err(PrintError(
                "XBoard does not know crooked (z) or circular (q) riders".into(),
            ));
        }
        if leg.atom == Atom::U {
            return Err(PrintError(
                "XBoard does not know the universal leaper U".into(),
            ));
        }
        if matches!(leg.range, Range::Exactly(_)) {
            return Err(PrintError(
                "XBoard reads X0n as Xn; exact ranges cannot be sent".into(),
            ));
        }
        if index > 0 && leg.atom.class() == AtomClass::Oblique {
            return Err(PrintError(format!(
                "XBoard mangles oblique atoms ({}) in continuation legs",
                leg.atom.letter()
            )));
        }
    }
    if needs_lame_rewrite(component) {
        rewrite_path_lame(component)
    } else {
        Ok(vec![component.clone()])
    }
}

/// A Fairy-Stockfish lame leap whose blocking squares differ from XBetza's `n`.
fn needs_lame_rewrite(component: &Component) -> bool {
    component.legs().iter().any(|leg| {
        leg.lame == Some(Lame::Path)
            && match &leg.directions {
                Directions::Absolute(steps) => steps
                    .iter()
                    .any(|&s| Lame::Path.blockers(s) != Lame::HalfStep.blockers(s)),
                Directions::Relative(_) => true,
            }
    })
}

/// A Fairy-Stockfish lame leap as one component per direction: unit steps along its path,
/// each but the last onto an empty square (`nZ` forward-right becomes W, then F, then F).
fn rewrite_path_lame(component: &Component) -> Result<Vec<Component>, PrintError> {
    let [leg] = component.legs() else {
        return Err(PrintError(
            "a Fairy-Stockfish lame leap inside legs has no XBoard form".into(),
        ));
    };
    if leg.range != Range::Leaper || leg.hop.is_some() || leg.cylinder || leg.jump > 0 {
        return Err(PrintError(
            "a Fairy-Stockfish lame rider, hopper or cylinder leap has no XBoard form".into(),
        ));
    }
    let Directions::Absolute(steps) = &leg.directions else {
        return Err(PrintError(
            "lame continuation legs cannot be rewritten".into(),
        ));
    };
    let mut components = Vec::new();
    for &step in steps {
        let mut points = Lame::Path.blockers(step);
        points.push(step);
        let mut unit_steps = Vec::new();
        let mut at = (0i8, 0i8);
        for p in points {
            unit_steps.push((p.0 - at.0, p.1 - at.1));
            at = p;
        }
        let first = unit_steps[0];
        let atom = if first.0 == 0 || first.1 == 0 {
            Atom::W
        } else {
            Atom::F
        };
        let mut legs = Vec::new();
        for (i, &s) in unit_steps.iter().enumerate() {
            let is_final = i + 1 == unit_steps.len();
            let directions = if i == 0 {
                Directions::Absolute(vec![s])
            } else {
                let previous = unit_steps[i - 1];
                let k = (0..8u8).find(|&k| turn(previous, k) == s).unwrap_or(0);
                Directions::Relative(1 << k)
            };
            legs.push(Leg {
                atom,
                directions,
                range: Range::Leaper,
                path: Path::Straight,
                can_move: if is_final { leg.can_move } else { true },
                can_capture: is_final && leg.can_capture,
                can_destroy: is_final && leg.can_destroy,
                en_passant: is_final && leg.en_passant,
                tame: is_final && leg.tame,
                hop: None,
                toggles_next: false,
                cylinder: false,
                lame: None,
                jump: 0,
            });
        }
        components.push(Component {
            initial: component.initial,
            kind: ComponentKind::Legs(legs),
        });
    }
    Ok(merge(components))
}

/// Merges components that differ only in one leg's directions (the union of their paths is
/// then the paths of the merged component), until no two can merge.
fn merge(mut components: Vec<Component>) -> Vec<Component> {
    'again: loop {
        for i in 0..components.len() {
            for j in i + 1..components.len() {
                if let Some(merged) = try_merge(&components[i], &components[j]) {
                    components[i] = merged;
                    components.remove(j);
                    continue 'again;
                }
            }
        }
        return components;
    }
}

fn try_merge(a: &Component, b: &Component) -> Option<Component> {
    let (ComponentKind::Legs(x), ComponentKind::Legs(y)) = (&a.kind, &b.kind) else {
        return None;
    };
    if a.initial != b.initial || x.len() != y.len() {
        return None;
    }
    let differing: Vec<usize> = (0..x.len()).filter(|&i| x[i] != y[i]).collect();
    let [at] = differing.as_slice() else {
        return None;
    };
    let (p, q) = (&x[*at], &y[*at]);
    let same_but_directions = Leg {
        directions: q.directions.clone(),
        ..p.clone()
    } == *q;
    if !same_but_directions {
        return None;
    }
    let directions = match (&p.directions, &q.directions) {
        (Directions::Absolute(s), Directions::Absolute(t)) => Directions::Absolute(
            p.atom
                .images()
                .into_iter()
                .filter(|i| s.contains(i) || t.contains(i))
                .collect(),
        ),
        (Directions::Relative(s), Directions::Relative(t)) => Directions::Relative(s | t),
        _ => return None,
    };
    let mut legs = x.clone();
    legs[*at].directions = directions;
    Some(Component {
        initial: a.initial,
        kind: ComponentKind::Legs(legs),
    })
}

fn component_text(component: &Component) -> String {
    let mut text = String::from(match component.initial {
        Initial::Always => "",
        Initial::Start => "i",
        Initial::OneStepFromStart => "ii",
    });
    match &component.kind {
        ComponentKind::Castling { distance } => {
            text.push('O');
            text.push_str(&distance.to_string());
        }
        ComponentKind::Legs(legs) => {
            let count = legs.len();
            for (index, leg) in legs.iter().enumerate() {
                if index > 0 {
                    text.push('a');
                }
                text.push_str(&direction_text(leg));
                text.push_str(&mode_text(leg, index + 1 == count));
            }
            if let Some(leg) = legs.first() {
                // z and q already make a leaper a rider: qN is the Rose, no need for qN0.
                let implied = leg.path != Path::Straight
                    && leg.range == Range::Unlimited
                    && leg.atom.rider_letter().is_none();
                text.push_str(&atom_text(
                    leg.atom,
                    if implied { Range::Leaper } else { leg.range },
                ));
            }
        }
    }
    text
}

fn atom_text(atom: Atom, range: Range) -> String {
    let digits = match range {
        Range::Leaper => String::new(),
        Range::Limited(n) => n.to_string(),
        Range::Unlimited => "0".to_string(),
        Range::Exactly(n) => format!("0{n}"),
    };
    match (atom.rider_letter(), range) {
        (Some(rider), Range::Unlimited) => rider.to_string(),
        (Some(rider), Range::Limited(_) | Range::Exactly(_)) => format!("{rider}{digits}"),
        _ => format!("{}{digits}", atom.letter()),
    }
}

fn mode_text(leg: &Leg, is_final: bool) -> String {
    let mut text = String::new();
    match leg.path {
        Path::Straight => {}
        Path::Crooked => text.push('z'),
        Path::Circular => text.push('q'),
    }
    if is_final {
        let default = leg.can_move && leg.can_capture && !leg.can_destroy && !leg.en_passant;
        if !default {
            push_if(&mut text, 'm', leg.can_move);
            push_if(&mut text, 'c', leg.can_capture);
            push_if(&mut text, 'd', leg.can_destroy);
            push_if(&mut text, 'e', leg.en_passant);
        }
    } else {
        let other_endings = leg.can_capture || leg.can_destroy || leg.hop.is_some();
        push_if(&mut text, 'm', leg.can_move && other_endings);
        push_if(&mut text, 'c', leg.can_capture);
        push_if(&mut text, 'd', leg.can_destroy);
    }
    push_if(&mut text, 't', leg.tame);
    push_if(&mut text, 'p', leg.hop == Some(Hop::Cannon));
    push_if(&mut text, 'g', leg.hop == Some(Hop::Grasshopper));
    push_if(&mut text, 'o', leg.cylinder);
    push_if(
        &mut text,
        'y',
        !is_final && leg.toggles_next && leg.hop != Some(Hop::Grasshopper),
    );
    push_if(&mut text, 'n', leg.lame.is_some());
    for _ in 0..leg.jump {
        text.push('j');
    }
    text
}

fn push_if(text: &mut String, letter: char, condition: bool) {
    if condition {
        text.push(letter);
    }
}

/// Direction codes we may write for leg 1, per class. Only combinations XBoard 4.9.1 reads
/// as we do (no `fs` on diagonal atoms, no `h` pairs on K).
fn absolute_codes(class: AtomClass) -> &'static [&'static str] {
    match class {
        AtomClass::Orthogonal => &["v", "s", "f", "b", "r", "l"],
        AtomClass::Diagonal => &["f", "b", "r", "l", "fr", "fl", "br", "bl"],
        AtomClass::EightFold => &[
            "v", "s", "fs", "bs", "rv", "lv", "f", "b", "r", "l", "fr", "fl", "br", "bl",
        ],
        AtomClass::Oblique => &[
            "fh", "bh", "rh", "lh", "hr", "hl", "v", "s", "fs", "bs", "rv", "lv", "f", "b", "r",
            "l", "fr", "rf", "fl", "lf", "br", "rb", "bl", "lb",
        ],
        AtomClass::Universal => &[],
    }
}

const RELATIVE_CODES: [&str; 14] = [
    "v", "s", "fs", "bs", "rv", "lv", "f", "b", "r", "l", "fr", "fl", "br", "bl",
];

fn letters(code: &str) -> Vec<Letter> {
    let count = code.chars().count();
    code.chars()
        .enumerate()
        .map(|(i, letter)| Letter {
            letter,
            column: i + 1,
            next_adjacent: i + 1 < count,
        })
        .collect()
}

fn absolute_set(atom: Atom, code: &str) -> Vec<Step> {
    directions::select_absolute(atom, &directions::group(&letters(code)), Dialect::XBetza)
        .unwrap_or_default()
}

fn relative_set(atom: Atom, code: &str) -> u8 {
    directions::select_relative(atom, &directions::group(&letters(code)))
}

fn direction_text(leg: &Leg) -> String {
    match &leg.directions {
        Directions::Absolute(steps) => {
            let all = leg.atom.images();
            if all.iter().all(|s| steps.contains(s)) {
                return String::new();
            }
            let candidates: Vec<(&str, Vec<Step>)> = absolute_codes(leg.atom.class())
                .iter()
                .map(|&code| (code, absolute_set(leg.atom, code)))
                .collect();
            let chosen = cover(steps, &candidates);
            join_codes(&chosen)
        }
        Directions::Relative(bits) => {
            if *bits == directions::select_relative(leg.atom, &[]) {
                return String::new();
            }
            let wanted: Vec<u8> = (0..8).filter(|k| bits & (1 << k) != 0).collect();
            let candidates: Vec<(&str, Vec<u8>)> = RELATIVE_CODES
                .iter()
                .map(|&code| {
                    let bits = relative_set(leg.atom, code);
                    (code, (0..8).filter(|k| bits & (1 << k) != 0).collect())
                })
                .collect();
            let chosen = cover(&wanted, &candidates);
            join_codes(&chosen)
        }
    }
}

/// Greedy cover of `wanted` by candidate codes whose sets lie inside it, largest gain first
/// (the earlier candidate on ties).
fn cover<'a, T: PartialEq + Copy>(wanted: &[T], candidates: &[(&'a str, Vec<T>)]) -> Vec<&'a str> {
    let fits: Vec<&(&str, Vec<T>)> = candidates
        .iter()
        .filter(|(_, set)| !set.is_empty() && set.iter().all(|s| wanted.contains(s)))
        .collect();
    let mut covered: Vec<T> = Vec::new();
    let mut chosen = Vec::new();
    while wanted.iter().any(|w| !covered.contains(w)) {
        let mut best: Option<(&str, &Vec<T>, usize)> = None;
        for (code, set) in &fits {
            let gain = set.iter().filter(|s| !covered.contains(s)).count();
            if gain > 0 && best.map_or(true, |(_, _, g)| gain > g) {
                best = Some((code, set, gain));
            }
        }
        let Some((code, set, _)) = best else { break };
        covered.extend(set.iter().copied());
        chosen.push(code);
    }
    chosen
}

/// Joins direction codes so each is read back alone: a single letter followed by a code
/// that starts with the same or a perpendicular letter is doubled (`ff` + `r`, not `fr`).
fn join_codes(codes: &[&str]) -> String {
    let mut text = String::new();
    for (i, code) in codes.iter().enumerate() {
        text.push_str(code);
        if code.len() == 1 {
            if let Some(next) = codes.get(i + 1).and_then(|n| n.chars().next()) {
                let mine = code.chars().next().unwrap_or(' ');
                if next == mine || pairs(mine, next) {
                    text.push(mine);
                }
            }
        }
    }
    text
}

fn pairs(a: char, b: char) -> bool {
    let vertical = |c: char| matches!(c, 'f' | 'b' | 'v');
    let horizontal = |c: char| matches!(c, 'l' | 'r' | 's');
    a == 'h' || b == 'h' || (vertical(a) && horizontal(b)) || (horizontal(a) && vertical(b))
}
