//! The piece notations besides XBetza, read into the same IR: Betza's own extensions of his
//! Funny Notation (BFN), Betza 2.0 and Bex (David Howe's "Betza Extended"). The dialects
//! reuse letters with other meanings, so a text is always read in a named notation.
//!
//! What the three add to XBetza's letters is a way to write a move of several legs:
//! - BFN: a bracket group `g[XY]` (go; also a bare `[XY]`): X, then Y onward; `t[XY]`
//!   (then): X, or X then Y onward;
//! - Betza 2.0: `X-Y`, X then Y without turning; `(...)` groups; `(X-Y)0` rides the chain;
//!   `d` (captures either side's pieces);
//! - Bex: `X-Y` as in Betza 2.0, `X--Y` (Y may turn any way), `X+Y` (either, as `XY`),
//!   `X*` (rides: `N*` = `NN`), `(m,n)` leapers, `e` before a group (leaps it: the squares on
//!   the way may be occupied).
//!
//! Each leg (modifiers, one atom, a count) is read by the XBetza parser; a chain becomes one
//! component whose later legs turn relative to the leg before: 0° for `X-Y` between steps of
//! one kind (`F-F`), ±45° where orthogonal and diagonal alternate (`W-F`, the xiangqi horse),
//! any turn of that kind for `X--Y`. Legs of a chain must step equally far (`W-F`, `D-A`, `N--N`),
//! as XBetza's legs do. A leg before another moves only unless it says `c`/`m` itself (a `c`
//! leg takes what it lands on and goes on: `fcF-mF` is the checkers man's jump).
//!
//! Refused with the column and the reason, never guessed: what the IR cannot hold (a chain's
//! rider other than the horse's and the elephant's, which are `nNN` and `nAA`; Bex's `[...]`
//! exotic moves, `O` null move, `j`, `p` and `y`; BFN's `j`; promotions `=Q,R`, which a
//! variants.ini gives with `promotionPieceTypes`), and letters whose meaning the sources
//! leave open (Betza 2.0's `o`, `t` and `u`).

use super::atom::{Atom, AtomClass};
use super::error::{BetzaError, Reason};
use super::ir::{Component, ComponentKind, Directions, Hop, Initial, Leg, Piece, Range};
use super::parse::parse as parse_xbetza;
use super::Dialect;

/// A notation a piece may be written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Notation {
    /// XBetza (XBoard, the Interactive Diagram).
    XBetza,
    /// Fairy-Stockfish's reading of XBetza.
    FairyStockfish,
    /// Betza's Funny Notation with his own extensions (`[XY]`, `g`/`t` groups, `q`).
    Bfn,
    /// Betza 2.0.
    Betza2,
    /// Bex, Betza Extended.
    Bex,
}

impl Notation {
    /// The notation's name as the command line and variants.ini write it.
    pub fn name(self) -> &'static str {
        match self {
            Notation::XBetza => "xbetza",
            Notation::FairyStockfish => "fsf",
            Notation::Bfn => "bfn",
            Notation::Betza2 => "betza2",
            Notation::Bex => "bex",
        }
    }

    /// The notation of a name (`xbetza`, `fsf`, `bfn`, `betza2`, `bex`).
    pub fn from_name(name: &str) -> Option<Notation> {
        [
            Notation::XBetza,
            Notation::FairyStockfish,
            Notation::Bfn,
            Notation::Betza2,
            Notation::Bex,
        ]
        .into_iter()
        .find(|n| n.name() == name)
    }
}

/// Reads `text` in `notation`.
pub fn parse_notation(text: &str, notation: Notation) -> Result<Piece, BetzaError> {
    match notation {
        Notation::XBetza => parse_xbetza(text, Dialect::XBetza),
        Notation::FairyStockfish => parse_xbetza(text, Dialect::FairyStockfish),
        _ => {
            let mut reader = Reader {
                text,
                chars: text.chars().collect(),
                pos: 0,
                notation,
                depth: 0,
            };
            let node = reader.alternatives(None)?;
            if let Some(c) = reader.peek() {
                return Err(reader.error(reader.pos + 1, Reason::UnknownLetter(c)));
            }
            reader.lower(&node).map(|components| Piece { components })
        }
    }
}

/// A parsed text, before it becomes components.
#[derive(Debug, Clone)]
enum Node {
    /// One leg: modifiers, an atom, a count, as XBetza writes it.
    Leg { text: String, column: usize },
    /// Legs one after another; `turns[i]` says how leg `i + 1` may turn.
    Chain {
        parts: Vec<Node>,
        turns: Vec<Turn>,
        column: usize,
    },
    /// Any one of these.
    Either(Vec<Node>),
    /// The node repeated in one direction (`(X-Y)0`, `X*`).
    Rider { node: Box<Node>, column: usize },
    /// Bex `e` before a group: the squares on the way may be occupied.
    Leap { node: Box<Node>, column: usize },
}

/// How a chained leg may turn from the leg before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Turn {
    /// `-` (BFN brackets): onward, without turning.
    Onward,
    /// `--`: any way.
    Any,
}

/// How deep groups may nest (a bound on the reader's recursion, whatever the input).
const MAX_NESTING: usize = 16;

struct Reader<'a> {
    text: &'a str,
    chars: Vec<char>,
    pos: usize,
    notation: Notation,
    /// Groups open at `pos`.
    depth: usize,
}

impl Reader<'_> {
    fn error(&self, column: usize, reason: Reason) -> BetzaError {
        BetzaError {
            text: self.text.to_string(),
            column,
            reason,
        }
    }

    fn refuse(&self, column: usize, letter: char, why: &str) -> BetzaError {
        self.error(
            column,
            Reason::CannotApply {
                letter,
                why: why.to_string(),
            },
        )
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn peek_at(&self, k: usize) -> Option<char> {
        self.chars.get(self.pos + k).copied()
    }

    /// Terms side by side (or joined by Bex's `+`) up to `close` or the end.
    fn alternatives(&mut self, close: Option<char>) -> Result<Node, BetzaError> {
        let mut terms = Vec::new();
        loop {
            match self.peek() {
                None => break,
                Some(c) if Some(c) == close => break,
                Some('+') if self.notation == Notation::Bex && !terms.is_empty() => {
                    self.pos += 1;
                }
                Some('=') if self.notation == Notation::Bex => {
                    return Err(self.refuse(
                        self.pos + 1,
                        '=',
                        "promotions are not part of a piece's moves: a variants.ini gives them \
                         with promotionPieceTypes",
                    ))
                }
                _ => {}
            }
            terms.push(self.chain()?);
        }
        if terms.is_empty() {
            return Err(self.error(self.pos + 1, Reason::MissingAtom));
        }
        Ok(if terms.len() == 1 {
            terms.remove(0)
        } else {
            Node::Either(terms)
        })
    }

    /// Units joined by `-` (and Bex's `--`).
    fn chain(&mut self) -> Result<Node, BetzaError> {
        let column = self.pos + 1;
        let mut parts = vec![self.unit()?];
        let mut turns = Vec::new();
        while self.peek() == Some('-') && self.notation != Notation::Bfn {
            let turn = if self.peek_at(1) == Some('-') {
                if self.notation != Notation::Bex {
                    return Err(self.refuse(
                        self.pos + 2,
                        '-',
                        "'--' (a leg that may turn) is Bex's; Betza 2.0 chains with one '-'",
                    ));
                }
                self.pos += 2;
                Turn::Any
            } else {
                self.pos += 1;
                Turn::Onward
            };
            turns.push(turn);
            parts.push(self.unit()?);
        }
        Ok(if parts.len() == 1 {
            parts.remove(0)
        } else {
            Node::Chain {
                parts,
                turns,
                column,
            }
        })
    }

    /// A leg, a group in parentheses (with its rider suffix), a Bex `(m,n)` leaper, a BFN
    /// bracket group.
    fn unit(&mut self) -> Result<Node, BetzaError> {
        let column = self.pos + 1;
        // Lower-case letters before a group belong to it.
        let mut prefix = String::new();
        while let Some(c) = self.peek().filter(char::is_ascii_lowercase) {
            prefix.push(c);
            self.pos += 1;
        }
        let node = match self.peek() {
            Some('(') if self.notation != Notation::Bfn => {
                if let Some(atom) = self.integer_pair()? {
                    self.leg_from(prefix + &atom.to_string(), column)?
                } else {
                    self.group(&prefix, column)?
                }
            }

            Some('[') if self.notation == Notation::Bfn => {
                self.depth += 1;
                if self.depth > MAX_NESTING {
                    return Err(self.refuse(self.pos + 1, '[', "groups nest too deep"));
                }
                self.pos += 1;
                let mut parts = Vec::new();
                while let Some(c) = self.peek().filter(|&c| c != ']') {
                    if !(c.is_ascii_alphanumeric() || c == '[') {
                        return Err(self.error(self.pos + 1, Reason::UnknownLetter(c)));
                    }
                    parts.push(self.unit()?);
                }
                if self.peek() != Some(']') || parts.len() < 2 {
                    return Err(self.refuse(
                        self.pos + 1,
                        '[',
                        "a bracket group needs two atoms or more and a closing ']'",
                    ));
                }
                self.pos += 1;
                self.depth -= 1;
                // `g` (go) makes the piece go on to the group's last leg: X, then Y onward;
                // `t` (then) lets it stop after any leg (the griffon `t[FR]` also moves as
                // a plain F). A bare group is read as `g`.
                if !prefix.chars().all(|c| c == 'g' || c == 't') || prefix.len() > 1 {
                    return Err(self.refuse(
                        column,
                        prefix.chars().next().unwrap_or('['),
                        "only g (go) or t (then) may stand before a bracket group",
                    ));
                }
                let chain = |parts: &[Node]| {
                    if parts.len() == 1 {
                        parts[0].clone()
                    } else {
                        Node::Chain {
                            parts: parts.to_vec(),
                            turns: vec![Turn::Onward; parts.len() - 1],
                            column,
                        }
                    }
                };
                if prefix == "t" {
                    Node::Either((1..=parts.len()).map(|n| chain(&parts[..n])).collect())
                } else {
                    chain(&parts)
                }
            }
            Some('[') if self.notation == Notation::Bex => {
                return Err(self.refuse(
                    self.pos + 1,
                    '[',
                    "Bex's exotic moves ([ca], [cw], [ci], ...) have no form in the XBetza IR",
                ))
            }
            Some(c) if c.is_ascii_uppercase() => self.leg(prefix, column)?,
            Some(c) => return Err(self.error(self.pos + 1, Reason::UnknownLetter(c))),
            None => return Err(self.error(self.pos + 1, Reason::MissingAtom)),
        };
        Ok(match self.peek() {
            Some('*') if self.notation == Notation::Bex => {
                self.pos += 1;
                Node::Rider {
                    node: Box::new(node),
                    column,
                }
            }
            _ => node,
        })
    }

    /// A group in parentheses (the `(` next), with what its prefix and suffix say.
    fn group(&mut self, prefix: &str, column: usize) -> Result<Node, BetzaError> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(self.refuse(self.pos + 1, '(', "groups nest too deep"));
        }
        self.pos += 1;
        let inner = self.alternatives(Some(')'))?;
        if self.peek() != Some(')') {
            return Err(self.error(self.pos + 1, Reason::MissingAtom));
        }
        self.pos += 1;
        self.depth -= 1;
        self.group_prefix(prefix, column, inner)
    }

    /// What the letters before a group do to it, and a Betza 2.0 rider suffix `0` after it.
    fn group_prefix(
        &mut self,
        prefix: &str,
        column: usize,
        inner: Node,
    ) -> Result<Node, BetzaError> {
        let mut node = inner;
        if self.notation == Notation::Betza2 && self.peek() == Some('0') {
            self.pos += 1;
            node = Node::Rider {
                node: Box::new(node),
                column,
            };
        }
        match prefix {
            "" => Ok(node),
            "e" if self.notation == Notation::Bex => Ok(Node::Leap {
                node: Box::new(node),
                column,
            }),
            _ => Err(self.refuse(
                column,
                prefix.chars().next().unwrap_or('('),
                "modifiers before a group are not read (only Bex's e); write them on its legs",
            )),
        }
    }

    /// Bex's `(m,n)` leaper, as the XBetza atom of the same leap.
    fn integer_pair(&mut self) -> Result<Option<char>, BetzaError> {
        if self.notation != Notation::Bex || !self.peek_at(1).is_some_and(|c| c.is_ascii_digit()) {
            return Ok(None);
        }
        let start = self.pos;
        let rest: String = self.chars[start..].iter().collect();
        let Some(close) = rest.find(')') else {
            return Err(self.error(start + 1, Reason::MissingAtom));
        };
        let inside = &rest[1..close];
        let pair: Vec<Option<u8>> = inside.split(',').map(|n| n.trim().parse().ok()).collect();
        let (Some(Some(a)), Some(Some(b)), 2) = (pair.first(), pair.get(1), pair.len()) else {
            return Err(self.error(start + 1, Reason::BadRange(format!("({inside})"))));
        };
        let atom = match (a.min(b), a.max(b)) {
            (0, 1) => 'W',
            (1, 1) => 'F',
            (0, 2) => 'D',
            (1, 2) => 'N',
            (2, 2) => 'A',
            (0, 3) => 'H',
            (1, 3) => 'C',
            (2, 3) => 'Z',
            (3, 3) => 'G',
            (0, 0) => {
                return Err(self.refuse(
                    start + 1,
                    '(',
                    "the (0,0) null move has no form in the XBetza IR",
                ))
            }
            _ => {
                return Err(self.refuse(
                    start + 1,
                    '(',
                    "XBetza has atoms only for leaps up to (3,3)",
                ))
            }
        };
        self.pos = start + inside.chars().count() + 2;
        Ok(Some(atom))
    }

    /// A leg: `prefix` already read, then an atom and its count.
    fn leg(&mut self, prefix: String, column: usize) -> Result<Node, BetzaError> {
        let mut text = prefix;
        let Some(atom) = self.peek() else {
            return Err(self.error(self.pos + 1, Reason::MissingAtom));
        };
        text.push(atom);
        self.pos += 1;
        // A doubled atom rides (BFN, Betza 2.0); digits are a range or count.
        if self.peek() == Some(atom) {
            text.push(atom);
            self.pos += 1;
        }
        while let Some(d) = self.peek().filter(char::is_ascii_digit) {
            // Betza 2.0's `0` after a group is a rider; after a leg it is XBetza's `X0`.
            text.push(d);
            self.pos += 1;
        }
        self.leg_from(text, column)
    }

    fn leg_from(&self, text: String, column: usize) -> Result<Node, BetzaError> {
        for (k, c) in text.chars().enumerate() {
            let at = column + k;
            match (self.notation, c) {
                (Notation::Bex, 'j' | 'y' | 'O') => {
                    return Err(self.refuse(at, c, "Bex gives it a meaning the XBetza IR cannot hold (j hops over a leaper's path, y royal, O null move)"))
                }
                (Notation::Bex, 'p') => {
                    return Err(self.refuse(at, c, "Bex moves the cannon's hop to j and leaves p undefined"))
                }
                (Notation::Bfn, 'j') => {
                    return Err(self.refuse(at, c, "BFN's j (leaps over pieces in the way) is not XBetza's j; write the leap as its own atom"))
                }
                (Notation::Bex, 'e') => {
                    return Err(self.refuse(at, c, "Bex's e leaps a group: write it before '(...)'"))
                }
                (Notation::Betza2, 'o' | 't' | 'u') => {
                    return Err(self.refuse(at, c, "Betza 2.0 redefines it, and its sources leave the meaning open"))
                }
                _ => {}
            }
        }
        Ok(Node::Leg { text, column })
    }

    /// The components a node stands for.
    fn lower(&self, node: &Node) -> Result<Vec<Component>, BetzaError> {
        match node {
            Node::Leg { text, column } => self.leg_components(text, *column),
            Node::Either(nodes) => {
                let mut out = Vec::new();
                for n in nodes {
                    out.extend(self.lower(n)?);
                }
                Ok(out)
            }
            Node::Chain {
                parts,
                turns,
                column,
            } => Ok(vec![self.chain_component(parts, turns, *column)?]),
            Node::Rider { node, column } => self.rider(node, *column),
            Node::Leap { node, column } => {
                let mut components = self.lower(node)?;
                for c in &mut components {
                    let ComponentKind::Legs(legs) = &mut c.kind else {
                        continue;
                    };
                    let last = legs.len().saturating_sub(1);
                    if last == 0 {
                        return Err(self.refuse(
                            *column,
                            'e',
                            "leaps a chain of legs; one leg leaps already",
                        ));
                    }
                    // The squares between may be empty or occupied (XBetza's `mp` leg).
                    for leg in &mut legs[..last] {
                        leg.can_move = true;
                        leg.can_capture = false;
                        leg.hop = Some(Hop::Cannon);
                    }
                }
                Ok(components)
            }
        }
    }

    /// A leg read by the XBetza parser: its components, with the column of errors moved to
    /// where the leg stands in the whole text.
    fn leg_components(&self, text: &str, column: usize) -> Result<Vec<Component>, BetzaError> {
        // The dialects write a leg's letters in any order (`mfW`); XBetza wants `i` first,
        // then directions, then modalities in its order. Each letter keeps its source column
        // for errors. Betza 2.0's `d` takes either side's pieces (XBetza's `cd`).
        let letters: Vec<(char, usize)> = text
            .chars()
            .enumerate()
            .map(|(k, c)| (c, column + k))
            .collect();
        if let Some(&(_, at)) = letters.iter().find(|(c, _)| *c == 'a') {
            return Err(self.refuse(
                at,
                'a',
                "the dialects chain legs with '-' (XBetza's a is not theirs)",
            ));
        }
        let is_direction = |c: char| "fblrvsh".contains(c);
        let is_mode = |c: char| super::parse::MODE_ORDER.contains(c);
        let mut ordered: Vec<(char, usize)> = Vec::new();
        ordered.extend(letters.iter().filter(|(c, _)| *c == 'i'));
        ordered.extend(letters.iter().filter(|(c, _)| is_direction(*c)));
        let mut modes: Vec<(char, usize)> = Vec::new();
        for &(c, at) in letters.iter().filter(|(c, _)| is_mode(*c)) {
            let either_side = self.notation == Notation::Betza2 && c == 'd';
            if either_side && !letters.iter().any(|(l, _)| *l == 'c') {
                modes.push(('c', at));
            }
            modes.push((c, at));
        }
        modes.sort_by_key(|(c, _)| super::parse::MODE_ORDER.find(*c));
        ordered.extend(modes);
        ordered.extend(
            letters
                .iter()
                .filter(|(c, _)| *c != 'i' && !is_direction(*c) && !is_mode(*c)),
        );
        let xbetza: String = ordered.iter().map(|(c, _)| *c).collect();
        parse_xbetza(&xbetza, Dialect::XBetza)
            .map(|p| p.components)
            .map_err(|e| BetzaError {
                text: self.text.to_string(),
                column: ordered
                    .get(e.column.saturating_sub(1))
                    .map_or(column + letters.len(), |&(_, at)| at),
                reason: e.reason,
            })
    }

    /// One leg of a chain: the single leg its text stands for, and whether it said `m`/`c`.
    fn chain_leg(&self, node: &Node) -> Result<(Leg, Initial, bool, usize), BetzaError> {
        let Node::Leg { text, column } = node else {
            let column = match node {
                Node::Chain { column, .. }
                | Node::Rider { column, .. }
                | Node::Leap { column, .. } => *column,
                _ => 1,
            };
            return Err(self.refuse(
                column,
                '-',
                "a chain joins single legs (a group of alternatives cannot be a leg)",
            ));
        };
        let mut components = self.leg_components(text, *column)?;
        let (Some(c), true) = (components.pop(), components.is_empty()) else {
            return Err(self.refuse(*column, '-', "a chained leg is one atom"));
        };
        let ComponentKind::Legs(mut legs) = c.kind else {
            return Err(self.refuse(*column, 'O', "castling cannot be chained"));
        };
        let (Some(leg), true) = (legs.pop(), legs.is_empty()) else {
            return Err(self.refuse(*column, 'a', "a chained leg is one leg"));
        };
        let said_mode = text.chars().any(|c| matches!(c, 'm' | 'c' | 'd'));
        Ok((leg, c.initial, said_mode, *column))
    }

    fn chain_component(
        &self,
        parts: &[Node],
        turns: &[Turn],
        column: usize,
    ) -> Result<Component, BetzaError> {
        let mut legs = Vec::new();
        let mut initial = Initial::Always;
        let count = parts.len();
        for (i, part) in parts.iter().enumerate() {
            let (mut leg, init, said_mode, leg_column) = self.chain_leg(part)?;
            if i == 0 {
                initial = init;
            } else {
                if init != Initial::Always {
                    return Err(self.refuse(leg_column, 'i', "only a chain's first leg may say i"));
                }
                let Some(previous) = legs.last().map(|l: &Leg| l.atom) else {
                    return Err(self.error(column, Reason::MissingAtom));
                };
                let Directions::Absolute(steps) = &leg.directions else {
                    return Err(self.error(leg_column, Reason::NoDirection));
                };
                if steps.len() != leg.atom.images().len() {
                    return Err(self.refuse(leg_column, 'f', "a chained leg takes its direction from the leg before: direction letters are not read on it"));
                }
                leg.directions = Directions::Relative(turn_bits(previous, leg.atom, turns[i - 1]).ok_or_else(|| {
                    self.refuse(leg_column, leg.atom.letter(), "the legs of a chain must step equally far (W-F, D-A, N--N), as XBetza's legs do")
                })?);
                // Every leg keeps the first leg's atom; the turn gives the actual step.
                leg.atom = legs[0].atom;
                // XBetza's legs share one range; `y` on a leg toggles the next one's (a
                // leap then a ride, as Betza's griffon `t[FR]` = `yafsF`).
                if let Some(previous) = legs.last_mut() {
                    if leg.range != previous.range {
                        if leg.range != previous.range.toggled() || previous.hop.is_some() {
                            return Err(self.refuse(leg_column, leg.atom.letter(), "XBetza's legs share one range, or toggle between a leap and a ride (y): these two cannot"));
                        }
                        previous.toggles_next = true;
                    }
                }
            }
            if i + 1 < count && !said_mode {
                // A leg before another moves on: it may not stop on a piece.
                leg.can_capture = false;
                leg.can_move = true;
            }
            legs.push(leg);
        }
        Ok(Component {
            initial,
            kind: ComponentKind::Legs(legs),
        })
    }

    /// A rider of a node: a single leg rides (`N*` is `NN`); the chains of the xiangqi horse
    /// and elephant ride as XBetza's lame riders `nNN` and `nAA`.
    fn rider(&self, node: &Node, column: usize) -> Result<Vec<Component>, BetzaError> {
        let mut components = self.lower(node)?;
        for c in &mut components {
            let ComponentKind::Legs(legs) = &mut c.kind else {
                continue;
            };
            match legs.len() {
                1 => {
                    if legs[0].range != Range::Leaper {
                        return Err(self.refuse(column, '*', "the leg rides already"));
                    }
                    legs[0].range = Range::Unlimited;
                }
                2 => {
                    let lame = lame_rider(legs).ok_or_else(|| {
                        self.refuse(column, '*', "XBetza rides a chain only as the lame horse (nNN) or elephant (nAA): a move-only first step, then onward")
                    })?;
                    *legs = lame;
                }
                _ => {
                    return Err(self.refuse(
                        column,
                        '*',
                        "a chain of three legs or more cannot ride in XBetza",
                    ))
                }
            }
        }
        Ok(components)
    }
}

/// The turns (bit k = k x 45 degrees) a leg of atom `next` may make after a leg of atom
/// `previous`; `None` when the two do not step equally far.
fn turn_bits(previous: Atom, next: Atom, turn: Turn) -> Option<u8> {
    let class = |a: Atom| match a.class() {
        AtomClass::Orthogonal => 0,
        AtomClass::Diagonal => 1,
        _ => 2,
    };
    // How far a step goes (the king's steps go one square, as W's and F's do).
    let reach = |a: Atom| match a {
        Atom::K => Some(1),
        _ => a.shape().map(|(_, major)| major),
    };
    if a_universal(previous) || a_universal(next) || reach(previous)? != reach(next)? {
        return None;
    }
    match (class(previous), class(next)) {
        // Oblique and king legs: the same atom, any of its images.
        // `--` turns as XBetza's later legs do without direction letters: any way but
        // straight back.
        (2, 2) if previous == next => Some(match turn {
            Turn::Onward => 0b0000_0001,
            Turn::Any => !(1 << 4),
        }),
        (2, _) | (_, 2) => None,
        (a, b) if a == b => Some(match turn {
            Turn::Onward => 0b0000_0001,
            Turn::Any => 0b0100_0101,
        }),
        _ => Some(match turn {
            Turn::Onward => 0b1000_0010,
            Turn::Any => 0b1010_1010,
        }),
    }
}

fn a_universal(a: Atom) -> bool {
    a.class() == AtomClass::Universal
}

/// The lame rider XBetza has for a two-leg chain: a move-only step, then onward
/// (`W`-then-`F` is the horse's `nNN`, `F`-then-`F` the elephant's `nAA`).
fn lame_rider(legs: &[Leg]) -> Option<Vec<Leg>> {
    let (first, second) = (&legs[0], &legs[1]);
    if !first.can_move || first.can_capture || first.hop.is_some() || first.range != Range::Leaper {
        return None;
    }
    let atom = match (first.atom, &second.directions) {
        (Atom::W, Directions::Relative(0b1000_0010)) => Atom::N,
        (Atom::F, Directions::Relative(0b0000_0001)) => Atom::A,
        _ => return None,
    };
    if !matches!(&first.directions, Directions::Absolute(s) if s.len() == first.atom.images().len())
    {
        return None;
    }
    let text = format!("n{}{}", atom.letter(), atom.letter());
    let mut piece = parse_xbetza(&text, Dialect::XBetza).ok()?;
    let ComponentKind::Legs(mut lame) = piece.components.pop()?.kind else {
        return None;
    };
    for leg in &mut lame {
        leg.can_move = second.can_move;
        leg.can_capture = second.can_capture;
    }
    Some(lame)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::betza::ir::Color;
    use crate::betza::walk::{moves, Board, Cell, Situation, Square};

    /// Every move (destination, squares on the way, captures) of a piece on e5 of a 9x9
    /// board with `cells` set, sorted.
    fn reach(p: &Piece, cells: &[(u8, u8, Cell)]) -> Vec<String> {
        let mut board = Board::new(9, 9).unwrap();
        for &(f, r, cell) in cells {
            board.set(Square::new(f, r), cell);
        }
        let sit = Situation {
            board: &board,
            color: Color::White,
            from: Square::new(4, 4),
            en_passant: None,
            on_start: true,
            one_step_from_start: false,
        };
        let mut out: Vec<String> = moves(p, &sit)
            .into_iter()
            .map(|m| format!("{:?} x{:?}", m.to, m.captures))
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// `a` in notation `an` moves as `b` in XBetza, on an empty board and with pieces
    /// that block, screen and may be captured.
    fn same(a: &str, an: Notation, b: &str) {
        let x = parse_notation(a, an).unwrap_or_else(|e| panic!("{a}: {e}"));
        let y = parse_xbetza(b, Dialect::XBetza).unwrap();
        let enemy = Cell::Enemy { royal: false };
        let boards = [
            vec![],
            vec![(4, 5, Cell::Own), (6, 6, enemy)],
            vec![(5, 5, enemy), (3, 4, Cell::Own), (6, 6, Cell::Empty)],
            vec![(4, 6, enemy), (3, 3, enemy), (5, 4, Cell::Own)],
        ];
        // Printed back as XBetza, the piece reads as the same piece.
        let printed = x.to_string();
        let back =
            parse_xbetza(&printed, Dialect::XBetza).unwrap_or_else(|e| panic!("{printed}: {e}"));
        for cells in boards {
            assert_eq!(
                reach(&x, &cells),
                reach(&y, &cells),
                "{a} against {b} with {cells:?}"
            );
            assert_eq!(
                reach(&x, &cells),
                reach(&back, &cells),
                "{a} printed as {printed}"
            );
        }
    }

    #[test]
    fn chains_are_xbetza_legs() {
        // The xiangqi horse and elephant, in each notation.
        same("mW-F", Notation::Betza2, "mafsW");
        same("W-F", Notation::Betza2, "mafsW");
        same("mF-F", Notation::Betza2, "mafF");
        same("mW-F", Notation::Bex, "mafsW");
        same("g[mWF]", Notation::Bfn, "mafsW");
        same("[mWF]", Notation::Bfn, "mafsW");
        // The checkers man, and Betza 2.0's elephant rider.
        same("fmF(fcF-mF)", Notation::Betza2, "fcafmFfmF");
        // Bex: the double knight, the nightrider, the pawn, composition.
        same("mN--N", Notation::Bex, "maN");
        same("N*", Notation::Bex, "NN");
        same("imfW2+mfW+cfF", Notation::Bex, "ifmW2fmWfcF");
        same("(imfW2)(mfW)(cfF)", Notation::Bex, "ifmW2fmWfcF");
        same("(A)", Notation::Bex, "A");
        same("(1,2)", Notation::Bex, "N");
        same("(1,2)*", Notation::Bex, "NN");
        same("mfW02", Notation::Bex, "fmW02");
    }

    #[test]
    fn riders_of_chains_are_the_lame_riders() {
        same("(W-F)0", Notation::Betza2, "nNN");
        same("(mW-F)*", Notation::Bex, "nNN");
        same("(mF-F)*", Notation::Bex, "nAA");
    }

    #[test]
    fn a_leap_ignores_the_squares_between() {
        // The shogi knight: W forward, F onward, whatever stands between.
        same("e(mfW-F)", Notation::Bex, "ffN");
        // Betza's griffon: F, and F then a rook ride onward (`t` may stop after F, where
        // `g` must go on); printed back as XBetza writes it.
        same("t[FR]", Notation::Bfn, "FyafsF");
        same("g[FR]", Notation::Bfn, "yafsF");
        let griffon = parse_notation("t[FR]", Notation::Bfn).unwrap();
        assert_eq!(griffon.to_string(), "FyafsF");
        assert_eq!(
            parse_notation("mW-F", Notation::Betza2)
                .unwrap()
                .to_string(),
            "afsW"
        );
    }

    #[test]
    fn what_the_ir_cannot_hold_is_refused_with_its_column() {
        let err = |t: &str, n| parse_notation(t, n).unwrap_err();
        let e = err("imfW2+mfW+cfF=Q,R,B,N", Notation::Bex);
        assert_eq!(e.column, 14, "{e}");
        assert!(e.to_string().contains("promotionPieceTypes"), "{e}");
        assert!(err("[ca]W", Notation::Bex).to_string().contains("exotic"));
        assert_eq!(err("mW-D", Notation::Betza2).column, 4);
        assert!(err("mW--F", Notation::Betza2).to_string().contains("Bex"));
        assert!(err("(mW-F-F)0", Notation::Betza2)
            .to_string()
            .contains("three legs"));
        assert!(err("oW", Notation::Betza2).to_string().contains("open"));
        assert!(err("(0,0)", Notation::Bex).to_string().contains("null"));
        assert_eq!(err("mW-fF", Notation::Betza2).column, 4);
        // Letters the dialects read otherwise than XBetza are refused, not misread.
        assert_eq!(err("jR", Notation::Bfn).column, 1);
        assert_eq!(err("mRpR", Notation::Bex).column, 3);
        assert_eq!(err("jN", Notation::Bex).column, 1);
        // XBetza's `a` is not the dialects' (they chain with '-').
        assert_eq!(err("mafsW", Notation::Betza2).column, 2);
        // Errors name the letter's own column, whatever order the letters are read in.
        assert_eq!(err("fWxF", Notation::Betza2).column, 3);
        assert_eq!(err("WmfmF", Notation::Betza2).column, 4);
        // Nesting is bounded, not a stack overflow.
        let deep = format!("{}W{}", "(".repeat(5000), ")".repeat(5000));
        assert!(err(&deep, Notation::Betza2).to_string().contains("nest"));
        let deep = format!("{}W{}", "[".repeat(5000), "]".repeat(5000));
        assert!(err(&deep, Notation::Bfn).to_string().contains("nest"));
    }
}
