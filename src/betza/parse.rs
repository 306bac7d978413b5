//! The parser: XBetza text to [`Piece`].

use super::atom::Atom;
use super::directions::{self, Letter};
use super::error::{BetzaError, Reason};
use super::ir::{
    Component, ComponentKind, Directions, Hop, Initial, Lame, Leg, Path, Piece, Range,
};
use super::Dialect;

/// The modality letters in the order XBoard 4.9.1 reads them (xbetza.md §3.2).
pub(super) const MODE_ORDER: &str = "mcdetpgoynj";

/// Parses a piece description.
///
/// Every letter is either understood or an error; nothing is skipped. See `mod.rs` for what
/// each dialect accepts.
pub fn parse(text: &str, dialect: Dialect) -> Result<Piece, BetzaError> {
    let mut parser = Parser {
        text,
        chars: text.chars().collect(),
        pos: 0,
        dialect,
    };
    let mut components = Vec::new();
    while parser.pos < parser.chars.len() {
        components.push(parser.component()?);
    }
    Ok(Piece { components })
}

/// One leg's letters as written.
#[derive(Debug, Default)]
struct RawLeg {
    directions: Vec<Letter>,
    /// Modality letters with their columns.
    modes: Vec<(char, usize)>,
    /// `z` or `q` with its column.
    path: Option<(char, usize)>,
    /// The first column of the leg's letters (for errors about the leg as a whole).
    column: usize,
}

impl RawLeg {
    fn has(&self, letter: char) -> bool {
        self.modes.iter().any(|&(m, _)| m == letter)
    }

    fn column_of(&self, letter: char) -> usize {
        self.modes
            .iter()
            .find(|&&(m, _)| m == letter)
            .map_or(self.column, |&(_, c)| c)
    }

    fn count(&self, letter: char) -> u8 {
        let n = self.modes.iter().filter(|&&(m, _)| m == letter).count();
        u8::try_from(n).unwrap_or(u8::MAX)
    }

    fn is_empty(&self) -> bool {
        self.directions.is_empty() && self.modes.is_empty() && self.path.is_none()
    }

    fn first_letter(&self) -> Option<(char, usize)> {
        let mut all: Vec<(char, usize)> = self.modes.clone();
        all.extend(self.directions.iter().map(|l| (l.letter, l.column)));
        all.extend(self.path);
        all.into_iter().min_by_key(|&(_, c)| c)
    }
}

struct Parser<'a> {
    text: &'a str,
    chars: Vec<char>,
    pos: usize,
    dialect: Dialect,
}

impl Parser<'_> {
    fn error(&self, column: usize, reason: Reason) -> BetzaError {
        BetzaError {
            text: self.text.to_string(),
            column,
            reason,
        }
    }

    fn cannot(&self, letter: char, column: usize, why: &str) -> BetzaError {
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

    /// Column (1-based) of the character at `pos`.
    fn column(&self) -> usize {
        self.pos + 1
    }

    fn component(&mut self) -> Result<Component, BetzaError> {
        let mut initials = 0;
        while self.peek() == Some('i') {
            initials += 1;
            if initials > 2 {
                return Err(self.error(self.column(), Reason::Repeated('i')));
            }
            self.pos += 1;
        }
        let initial = match initials {
            0 => Initial::Always,
            1 => Initial::Start,
            _ => Initial::OneStepFromStart,
        };
        let mut legs = vec![RawLeg {
            column: self.column(),
            ..RawLeg::default()
        }];
        let atom_letter = loop {
            let column = self.column();
            let Some(c) = self.peek() else {
                return Err(self.error(column, Reason::MissingAtom));
            };
            let Some(leg) = legs.last_mut() else {
                return Err(self.error(column, Reason::MissingAtom));
            };
            match c {
                'a' => legs.push(RawLeg {
                    column: column + 1,
                    ..RawLeg::default()
                }),
                'i' => {
                    return Err(self.cannot(
                        'i',
                        column,
                        "i must open a component (write it first)",
                    ))
                }
                _ if directions::is_direction(c) => {
                    if self.dialect == Dialect::XBetza {
                        if let Some(&(mode, _)) = leg.modes.first() {
                            let why = format!(
                                "direction letters come before the modality letters (here after '{mode}'); XBoard would ignore it"
                            );
                            return Err(self.error(column, Reason::OutOfOrder { letter: c, why }));
                        }
                    }
                    let next_adjacent = self
                        .chars
                        .get(self.pos + 1)
                        .is_some_and(|&n| directions::is_direction(n));
                    leg.directions.push(Letter {
                        letter: c,
                        column,
                        next_adjacent,
                    });
                }
                _ if MODE_ORDER.contains(c) => {
                    if c != 'j' && leg.has(c) {
                        return Err(self.error(column, Reason::Repeated(c)));
                    }
                    if self.dialect == Dialect::XBetza {
                        if let Some(&(last, _)) = leg.modes.last() {
                            if mode_rank(last) > mode_rank(c) {
                                let why = format!(
                                    "write the modalities in the order m c d e t p g o y n j ('{c}' before '{last}'); XBoard ignores letters out of order"
                                );
                                return Err(
                                    self.error(column, Reason::OutOfOrder { letter: c, why })
                                );
                            }
                        }
                    }
                    leg.modes.push((c, column));
                }
                'z' | 'q' => {
                    if let Some((other, _)) = leg.path {
                        return Err(if other == c {
                            self.error(column, Reason::Repeated(c))
                        } else {
                            self.cannot(c, column, "a ride is either crooked (z) or circular (q)")
                        });
                    }
                    leg.path = Some((c, column));
                }
                _ if c.is_ascii_uppercase() => break c,
                _ if c.is_ascii_digit() => {
                    return Err(self.error(
                        column,
                        Reason::BadRange("a range must follow an atom letter".into()),
                    ))
                }
                // The Interactive Diagram's drop atom (`fWf@8`: the shogi pawn's drops).
                '@' => {
                    return Err(self.cannot(
                        c,
                        column,
                        "a drop is not a move of the piece on the board: where it may be \
                         dropped is a variants.ini rule (dropNoDoubled, whiteDropRegion and \
                         blackDropRegion, promotionZonePawnDrops)",
                    ))
                }
                _ => return Err(self.error(column, Reason::UnknownLetter(c))),
            }
            self.pos += 1;
        };
        let atom_column = self.column();
        self.pos += 1;
        if atom_letter == 'O' {
            return self.castling(initial, &legs, atom_column);
        }
        let Some((atom, rider)) = Atom::from_letter(atom_letter) else {
            return Err(self.error(atom_column, Reason::UnknownLetter(atom_letter)));
        };
        let mut range = self.range(atom_letter, rider)?;
        if range == Range::Leaper && legs.iter().any(|leg| leg.path.is_some()) {
            // z and q name riders: the Rose is qN, the crooked bishop zB.
            range = Range::Unlimited;
        }
        let count = legs.len();
        let mut built: Vec<Leg> = Vec::with_capacity(count);
        for (index, raw) in legs.iter().enumerate() {
            let previous_toggles = built.last().is_some_and(|leg: &Leg| leg.toggles_next);
            let leg_range = if previous_toggles {
                range.toggled()
            } else {
                range
            };
            built.push(self.leg(raw, atom, leg_range, index, count)?);
        }
        Ok(Component {
            initial,
            kind: ComponentKind::Legs(built),
        })
    }

    fn castling(
        &mut self,
        initial: Initial,
        legs: &[RawLeg],
        column: usize,
    ) -> Result<Component, BetzaError> {
        if let Some(leg) = legs.iter().find(|l| !l.is_empty()) {
            let (letter, at) = leg.first_letter().unwrap_or(('O', column));
            return Err(self.cannot(letter, at, "castling (O) takes no modifiers"));
        }
        if legs.len() > 1 {
            return Err(self.cannot('a', legs[1].column - 1, "castling (O) has no legs"));
        }
        let digits = self.digits();
        let distance = match digits.parse::<u8>() {
            Ok(n) if n >= 1 && digits.len() <= 2 => n,
            _ => {
                let why = "castling needs the king's distance, 1 to 99 (O2 in chess)".to_string();
                return Err(self.error(column + 1, Reason::BadRange(why)));
            }
        };
        Ok(Component {
            initial,
            kind: ComponentKind::Castling { distance },
        })
    }

    fn digits(&mut self) -> String {
        let mut digits = String::new();
        while let Some(d) = self.peek().filter(char::is_ascii_digit) {
            digits.push(d);
            self.pos += 1;
        }
        digits
    }

    /// The range after an atom: digits, or the atom letter doubled (`NN` = `N0`).
    fn range(&mut self, letter: char, rider: bool) -> Result<Range, BetzaError> {
        let base = if rider {
            Range::Unlimited
        } else {
            Range::Leaper
        };
        let column = self.column();
        if self.peek() == Some(letter) {
            self.pos += 1;
            if self.peek().is_some_and(|c| c.is_ascii_digit()) {
                let why = format!(
                    "{letter}{letter} is already an unlimited rider; write {letter}0 or {letter}3"
                );
                return Err(self.error(self.column(), Reason::BadRange(why)));
            }
            return Ok(Range::Unlimited);
        }
        let digits = self.digits();
        if digits.is_empty() {
            return Ok(base);
        }
        let bad = |why: &str| self.error(column, Reason::BadRange(format!("'{digits}': {why}")));
        if self.dialect == Dialect::FairyStockfish && digits.len() > 1 {
            return Err(bad("Fairy-Stockfish reads one range digit only"));
        }
        if digits == "0" {
            return Ok(Range::Unlimited);
        }
        if let Some(exact) = digits.strip_prefix('0') {
            return match exact.parse::<u8>() {
                Ok(n) if n >= 1 && exact.len() <= 2 => Ok(Range::Exactly(n)),
                _ => Err(bad("X0n means exactly n steps, n from 1 to 99")),
            };
        }
        match digits.parse::<u8>() {
            Ok(1) if digits.len() == 1 => Ok(Range::Leaper),
            Ok(n) if digits.len() <= 2 => Ok(Range::Limited(n)),
            _ => Err(bad("a range has one or two digits")),
        }
    }

    fn leg(
        &self,
        raw: &RawLeg,
        atom: Atom,
        range: Range,
        index: usize,
        count: usize,
    ) -> Result<Leg, BetzaError> {
        let is_final = index + 1 == count;
        let has = |c: char| raw.has(c);
        let at = |c: char| raw.column_of(c);
        if has('e') && !is_final {
            return Err(self.cannot(
                'e',
                at('e'),
                "an e.p. capture ends a move; it cannot come before a",
            ));
        }
        if has('y') && is_final {
            return Err(self.cannot(
                'y',
                at('y'),
                "y toggles the range of the next leg, and there is none",
            ));
        }
        if has('y') && has('g') {
            return Err(self.cannot('y', at('y'), "g already toggles the next leg's range"));
        }
        if has('p') && has('g') {
            return Err(self.cannot('g', at('g'), "p and g are two kinds of hop; choose one"));
        }
        if has('n') && has('j') {
            return Err(self.cannot(
                'j',
                at('j'),
                "a leap cannot be both lame (n) and jumping (j)",
            ));
        }
        if has('n') && (atom.is_unit() || atom == Atom::U) {
            return Err(self.cannot(
                'n',
                at('n'),
                "a lame leap needs an atom longer than one square",
            ));
        }
        let jump = raw.count('j');
        if jump > 0 && atom == Atom::U {
            return Err(self.cannot('j', at('j'), "U has no squares to jump"));
        }
        if jump > 1 && !atom.is_unit() {
            return Err(self.cannot(
                'j',
                at('j'),
                "jj (skip two squares) is for one-square atoms (W F K R B Q)",
            ));
        }
        let path = match raw.path {
            None => Path::Straight,
            Some((letter, column)) => {
                if count > 1 {
                    return Err(self.cannot(letter, column, "z and q are single-leg riders here; their continuation-leg meaning is not supported"));
                }
                if atom == Atom::U {
                    return Err(self.cannot(letter, column, "U has no direction to bend"));
                }
                if letter == 'z' {
                    Path::Crooked
                } else {
                    Path::Circular
                }
            }
        };
        let groups = directions::group(&raw.directions);
        let directions = if index == 0 {
            let steps = directions::select_absolute(atom, &groups, self.dialect).map_err(
                |(column, why)| {
                    if why.is_empty() {
                        self.error(column, Reason::NoDirection)
                    } else {
                        let letter = raw
                            .directions
                            .iter()
                            .find(|l| l.column == column)
                            .map_or('?', |l| l.letter);
                        self.error(column, Reason::CannotApply { letter, why })
                    }
                },
            )?;
            Directions::Absolute(steps)
        } else {
            let bits = directions::select_relative(atom, &groups);
            if bits == 0 {
                return Err(self.error(raw.column, Reason::NoDirection));
            }
            Directions::Relative(bits)
        };
        let (can_move, can_capture, can_destroy) = if is_final {
            let none = !(has('m') || has('c') || has('d') || has('e'));
            (has('m') || none, has('c') || none, has('d'))
        } else {
            let none = !(has('m') || has('c') || has('d') || has('p') || has('g'));
            (has('m') || none, has('c'), has('d'))
        };
        let hop = if has('g') || (!is_final && has('p') && has('y')) {
            Some(Hop::Grasshopper)
        } else if has('p') {
            Some(Hop::Cannon)
        } else {
            None
        };
        let lame = has('n').then_some(match self.dialect {
            Dialect::XBetza => Lame::HalfStep,
            Dialect::FairyStockfish => Lame::Path,
        });
        Ok(Leg {
            atom,
            directions,
            range,
            path,
            can_move,
            can_capture,
            can_destroy,
            en_passant: has('e'),
            tame: has('t'),
            hop,
            toggles_next: !is_final && (has('g') || has('y')),
            cylinder: has('o'),
            lame,
            jump,
        })
    }
}

fn mode_rank(letter: char) -> usize {
    MODE_ORDER.find(letter).unwrap_or(usize::MAX)
}
