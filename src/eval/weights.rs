//! The tunable weights of the hand-crafted evaluation and their text format.
//!
//! Every weight is a (middlegame, endgame) pair. One flat vector holds them all, in the order
//! [`Layout`] gives, so that the tuner can treat the evaluation as a weighted sum of features
//! ([`super::trace`]). The defaults are derived from the variant's pieces
//! ([`super::EvalParams::new`]); a weights file overrides any of them.
//!
//! The file format (one entry per line, `#` starts a comment, fields separated by blanks):
//!
//! ```text
//! variant chess              # the variant the file is for (built-in files are also named
//!                            # after it; a file given with --weights must have this line).
//!                            # More names after it share the file: `variant makruk
//!                            # cambodian` (each with the same board and piece letters)
//! board 8x8                  # must match the variant's board
//! pieces pnbrqk              # must match the variant's piece letters, in type order
//!                            # (a piece that exists only promoted, as Chu Shogi's horned
//!                            # falcon, is written `+` and its unpromoted letter: `+h`)
//! material n 320 350         # value of a piece on the board
//! hand n 330 360             # value of a piece in hand (drop variants)
//! mobility n 5 6             # per square reached above the piece's average reach
//! pair b 30 50               # once per side with two or more of the piece on the board
//!                            # (not for pawns)
//! open_file r 20 10          # per piece on a file without pawns
//! semi_open r 10 5           # per piece on a file with enemy pawns but none of its own
//! safe_check q 40 10         # per square a piece of this kind can check the enemy royal
//!                            # piece from that the enemy does not attack
//! drop_check q 60 20         # per such square it could be dropped on (one in hand)
//! king_attack q 3 0          # per square of the enemy royal piece's zone a piece attacks
//! king_guard s 8 2           # per piece of this kind in its own royal piece's zone
//! mobility_sqrt n 20 10      # per unit of sqrt(squares reached that no enemy pawn attacks)
//!                            # above sqrt(the piece's average reach)
//! mobility_unsafe n -3 -1    # per square reached that an enemy pawn attacks
//! psq n 3 2 -4 1             # PIECE RANK FILE: added to the derived piece-square value
//! passed 6 10 40             # RANK: added to the derived passed-pawn bonus
//! doubled -4 -10             # one of the scalar terms in SCALARS
//! ```
//!
//! Ranks count from the piece's own side (1 = its first rank); files are folded onto the left
//! half (1 = an edge file), since the evaluation is left-right symmetric. Entries left out keep
//! their derived default, so a file may hold only what was tuned.

use crate::color::Color;
use std::fmt::Write as _;

use crate::variant::pieces::{letter_of_token, letter_text};

/// A (middlegame, endgame) pair.
pub type Pair = (i32, i32);

/// Scalar terms, in their order in the weight vector.
pub const SCALARS: [&str; 13] = [
    "doubled",
    "isolated",
    "supported",
    "threat_base",
    "threat_gain",
    "hanging",
    "king_danger",
    "shield_near",
    "shield_far",
    "tempo",
    "phalanx",
    "passed_own_king",
    "passed_enemy_king",
];

/// The per-type terms, in their order in the weight vector (one block of `n_types` each).
pub const PER_TYPE_TERMS: [&str; 12] = [
    "material",
    "hand",
    "mobility",
    "pair",
    "open_file",
    "semi_open",
    "safe_check",
    "drop_check",
    "king_attack",
    "king_guard",
    "mobility_sqrt",
    "mobility_unsafe",
];

/// Indices of the scalar terms, in the order of [`SCALARS`].
#[derive(Debug, Clone, Copy)]
pub enum Scalar {
    /// Per pawn sharing its file with another own pawn.
    Doubled,
    /// Per pawn without own pawns on the adjacent files.
    Isolated,
    /// Per pawn defended by an own pawn.
    Supported,
    /// Per piece attacked by a clearly lesser one.
    ThreatBase,
    /// Per 1200 cp of value difference between such a victim and its attacker (capped).
    ThreatGain,
    /// Per piece attacked and not defended.
    Hanging,
    /// Percent of the king-danger penalty (a function of the attackers of the king zone).
    KingDanger,
    /// Per own pawn on the first rank in front of a royal piece away from the centre.
    ShieldNear,
    /// Per own pawn on the second rank in front of it.
    ShieldFar,
    /// For the side to move.
    Tempo,
    /// Per pawn with a pawn of its own beside it on the same rank.
    Phalanx,
    /// Per passed pawn: its own royal piece's distance (in king steps) to the square in
    /// front of it, times the pawn's advance beyond its third rank.
    PassedOwnKing,
    /// The same for the enemy royal piece.
    PassedEnemyKing,
}

// The enum and the names must list the same terms.
const _: () = assert!(Scalar::PassedEnemyKing as usize + 1 == SCALARS.len());

/// Where each weight sits in the flat vector, for one variant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    pub n_types: usize,
    pub files: usize,
    pub ranks: usize,
}

impl Layout {
    pub fn new(n_types: usize, files: usize, ranks: usize) -> Layout {
        Layout {
            n_types,
            files,
            ranks,
        }
    }

    /// Files after folding the board onto its left half.
    pub fn half_files(&self) -> usize {
        self.files.div_ceil(2)
    }

    /// The weight of type `ty` in the per-type block named `PER_TYPE_TERMS[block]`.
    pub fn per_type(&self, block: usize, ty: usize) -> usize {
        block * self.n_types + ty
    }

    pub fn material(&self, ty: usize) -> usize {
        self.per_type(0, ty)
    }

    pub fn hand(&self, ty: usize) -> usize {
        self.per_type(1, ty)
    }

    pub fn mobility(&self, ty: usize) -> usize {
        self.per_type(2, ty)
    }

    /// The bonus for a side with two or more pieces of a type.
    pub fn pair(&self, ty: usize) -> usize {
        self.per_type(3, ty)
    }

    /// Per piece of a type on a file without pawns.
    pub fn open_file(&self, ty: usize) -> usize {
        self.per_type(4, ty)
    }

    /// Per piece of a type on a file with enemy pawns and none of its own.
    pub fn semi_open(&self, ty: usize) -> usize {
        self.per_type(5, ty)
    }

    /// Per square from which a piece of a type could check the enemy royal piece, safely.
    pub fn safe_check(&self, ty: usize) -> usize {
        self.per_type(6, ty)
    }

    /// Per empty square a piece of a type in hand could be dropped on to check, safely.
    pub fn drop_check(&self, ty: usize) -> usize {
        self.per_type(7, ty)
    }

    /// Per square of the enemy royal zone a piece of a type attacks.
    pub fn king_attack(&self, ty: usize) -> usize {
        self.per_type(8, ty)
    }

    /// Per piece of a type in its own royal piece's zone.
    pub fn king_guard(&self, ty: usize) -> usize {
        self.per_type(9, ty)
    }

    /// Per unit of the square root of the squares a piece of a type reaches that no enemy
    /// pawn attacks, above the root of its average reach: mobility that counts the first
    /// squares most (a knight with two safe squares is nearly trapped, one with eight is not
    /// much better off than one with six).
    pub fn mobility_sqrt(&self, ty: usize) -> usize {
        self.per_type(10, ty)
    }

    /// Per square a piece of a type reaches that an enemy pawn attacks.
    pub fn mobility_unsafe(&self, ty: usize) -> usize {
        self.per_type(11, ty)
    }

    /// The per-type blocks above, before the piece-square deltas.
    const PER_TYPE_BLOCKS: usize = PER_TYPE_TERMS.len();

    /// The name of the term weight `index` belongs to, as the weights file spells its key.
    pub fn term_name(&self, index: usize) -> &'static str {
        if index < Self::PER_TYPE_BLOCKS * self.n_types {
            PER_TYPE_TERMS[index / self.n_types]
        } else if index < self.passed(0) {
            "psq"
        } else if index < self.scalar_index(0) {
            "passed"
        } else {
            SCALARS[index - self.scalar_index(0)]
        }
    }

    /// Every term name a weights file (and `dabbaba tune --terms`) knows.
    pub fn term_names() -> impl Iterator<Item = &'static str> {
        PER_TYPE_TERMS
            .into_iter()
            .chain(["psq", "passed"])
            .chain(SCALARS)
    }

    /// The piece-square delta of a type on a rank (from its own side) and a folded file.
    pub fn psq(&self, ty: usize, rank: usize, folded_file: usize) -> usize {
        Self::PER_TYPE_BLOCKS * self.n_types
            + (ty * self.ranks + rank) * self.half_files()
            + folded_file
    }

    /// The passed-pawn delta on a rank (from the pawn's own side).
    pub fn passed(&self, rank: usize) -> usize {
        Self::PER_TYPE_BLOCKS * self.n_types + self.n_types * self.ranks * self.half_files() + rank
    }

    pub fn scalar(&self, s: Scalar) -> usize {
        self.scalar_index(s as usize)
    }

    /// The scalar term named `SCALARS[k]`; the scalars are the last weights of the vector.
    pub fn scalar_index(&self, k: usize) -> usize {
        self.passed(self.ranks) + k
    }

    pub fn len(&self) -> usize {
        self.scalar_index(SCALARS.len())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The rank of `rank` seen from `colour`'s side, and the folded file of `file`.
    pub fn relative(&self, colour: Color, file: usize, rank: usize) -> (usize, usize) {
        let r = if colour == Color::White {
            rank
        } else {
            self.ranks - 1 - rank
        };
        (r, file.min(self.files - 1 - file))
    }
}

/// A full set of weights for one variant.
#[derive(Debug, Clone, PartialEq)]
pub struct Weights {
    pub layout: Layout,
    pub w: Vec<Pair>,
}

/// A problem in a weights file, at a line (1-based; 0 for the file as a whole).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{line}: {reason}")]
pub struct WeightsError {
    pub line: usize,
    pub reason: String,
}

impl Weights {
    /// All weights zero.
    pub fn zero(layout: Layout) -> Weights {
        let w = vec![(0, 0); layout.len()];
        Weights { layout, w }
    }

    pub fn get(&self, index: usize) -> Pair {
        self.w[index]
    }

    pub fn scalar(&self, s: Scalar) -> Pair {
        self.w[self.layout.scalar(s)]
    }

    /// Reads a weights file over these weights. `letters` are the variant's piece letters in
    /// type order (lowercase); the file's `board` line must match the layout's size.
    pub fn apply_text(&mut self, text: &str, letters: &str) -> Result<(), WeightsError> {
        let l = self.layout.clone();
        let board = format!("{}x{}", l.files, l.ranks);
        let mut seen_pieces = false;
        for (k, raw) in text.lines().enumerate() {
            let line = k + 1;
            let err = |reason: String| WeightsError { line, reason };
            let content = raw.split('#').next().unwrap_or("").trim();
            if content.is_empty() {
                continue;
            }
            let f: Vec<&str> = content.split_whitespace().collect();
            let key = f[0];
            let args = &f[1..];
            let want = |n: usize| -> Result<(), WeightsError> {
                if args.len() == n {
                    Ok(())
                } else {
                    Err(err(format!(
                        "{key}: expected {n} fields, found {}",
                        args.len()
                    )))
                }
            };
            let piece = |s: &str| -> Result<usize, WeightsError> {
                let letter = letter_of_token(s)
                    .ok_or_else(|| err(format!("{key}: '{s}' is not a piece letter")))?;
                letters
                    .chars()
                    .position(|x| x == letter.to_ascii_lowercase())
                    .ok_or_else(|| err(format!("{key}: no piece '{s}' in this variant")))
            };
            let number = |s: &str| -> Result<i32, WeightsError> {
                s.parse::<i32>()
                    .ok()
                    .filter(|v| v.abs() <= 100_000)
                    .ok_or_else(|| err(format!("{key}: '{s}' is not a weight (an integer)")))
            };
            let index1 = |s: &str, max: usize, what: &str| -> Result<usize, WeightsError> {
                s.parse::<usize>()
                    .ok()
                    .filter(|&v| (1..=max).contains(&v))
                    .map(|v| v - 1)
                    .ok_or_else(|| err(format!("{key}: {what} '{s}' is not in 1..={max}")))
            };
            let pair =
                |a: &[&str]| -> Result<Pair, WeightsError> { Ok((number(a[0])?, number(a[1])?)) };
            let (index, value) = match key {
                "variant" => {
                    if args.is_empty() {
                        return Err(err("variant: expected a variant name".into()));
                    }
                    continue;
                }
                "board" => {
                    want(1)?;
                    if args[0] != board {
                        return Err(err(format!(
                            "board: the weights are for {}, the variant's board is {board}",
                            args[0]
                        )));
                    }
                    continue;
                }
                "pieces" => {
                    want(1)?;
                    if args[0].to_ascii_lowercase() != written(letters) {
                        return Err(err(format!(
                            "pieces: the weights are for '{}', the variant has '{}'",
                            args[0],
                            written(letters)
                        )));
                    }
                    seen_pieces = true;
                    continue;
                }
                "psq" => {
                    want(5)?;
                    let ty = piece(args[0])?;
                    let rank = index1(args[1], l.ranks, "rank")?;
                    let file = index1(args[2], l.half_files(), "folded file")?;
                    (l.psq(ty, rank, file), pair(&args[3..])?)
                }
                "passed" => {
                    want(3)?;
                    let rank = index1(args[0], l.ranks, "rank")?;
                    (l.passed(rank), pair(&args[1..])?)
                }
                _ => {
                    let block = PER_TYPE_TERMS.iter().position(|&t| t == key);
                    let scalar = SCALARS.iter().position(|&s| s == key);
                    match (block, scalar) {
                        (Some(block), _) => {
                            want(3)?;
                            let ty = piece(args[0])?;
                            (l.per_type(block, ty), pair(&args[1..])?)
                        }
                        (None, Some(s)) => {
                            want(2)?;
                            (l.scalar_index(s), pair(args)?)
                        }
                        (None, None) => return Err(err(format!("unknown key '{key}'"))),
                    }
                }
            };
            if !seen_pieces {
                return Err(err(format!(
                    "{key}: a 'pieces' line must come before the first weight"
                )));
            }
            self.w[index] = value;
        }
        Ok(())
    }

    /// The file text for these weights: every weight but the piece-square and passed-pawn
    /// deltas that are zero. `used` says which weights the variant can use (others are left
    /// out too).
    pub fn to_text(&self, variant: &str, letters: &str, used: impl Fn(usize) -> bool) -> String {
        let l = &self.layout;
        let mut s = String::new();
        let _ = writeln!(
            s,
            "# Dabbaba evaluation weights: format in src/eval/weights.rs"
        );
        let _ = writeln!(s, "variant {variant}");
        let _ = writeln!(s, "board {}x{}", l.files, l.ranks);
        let _ = writeln!(s, "pieces {}", written(letters));
        let letter = |ty: usize| {
            letters
                .chars()
                .nth(ty)
                .map_or("?".into(), |c| letter_text(c, crate::color::Color::Black))
        };
        for (block, name) in PER_TYPE_TERMS.iter().enumerate() {
            for ty in 0..l.n_types {
                let i = l.per_type(block, ty);
                if used(i) {
                    let (m, e) = self.w[i];
                    let _ = writeln!(s, "{name} {} {m} {e}", letter(ty));
                }
            }
        }
        for ty in 0..l.n_types {
            for r in 0..l.ranks {
                for f in 0..l.half_files() {
                    let i = l.psq(ty, r, f);
                    let (m, e) = self.w[i];
                    if used(i) && (m, e) != (0, 0) {
                        let _ = writeln!(s, "psq {} {} {} {m} {e}", letter(ty), r + 1, f + 1);
                    }
                }
            }
        }
        for r in 0..l.ranks {
            let i = l.passed(r);
            let (m, e) = self.w[i];
            if used(i) && (m, e) != (0, 0) {
                let _ = writeln!(s, "passed {} {m} {e}", r + 1);
            }
        }
        for (k, name) in SCALARS.iter().enumerate() {
            let (m, e) = self.w[l.scalar_index(k)];
            let _ = writeln!(s, "{name} {m} {e}");
        }
        s
    }
}

/// Piece letters as a file writes them: a promoted-only piece (Chu Shogi's `+H`) as `+h`.
fn written(letters: &str) -> String {
    letters
        .chars()
        .map(|c| letter_text(c, crate::color::Color::Black))
        .collect()
}

/// The line number and the names of a file's `variant NAME [MORE...]` line: the variant the
/// file was fitted for, then the variants that share it.
pub fn variant_line(text: &str) -> Option<(usize, Vec<String>)> {
    text.lines().enumerate().find_map(|(k, raw)| {
        let content = raw.split('#').next().unwrap_or("");
        let mut f = content.split_whitespace();
        if f.next() != Some("variant") {
            return None;
        }
        let names: Vec<String> = f.map(str::to_string).collect();
        (!names.is_empty()).then_some((k + 1, names))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chess_layout() -> Layout {
        Layout::new(6, 8, 8)
    }

    #[test]
    fn indices_are_distinct_and_cover_the_vector() {
        let l = chess_layout();
        let mut all: Vec<usize> = Vec::new();
        for ty in 0..6 {
            all.extend([
                l.material(ty),
                l.hand(ty),
                l.mobility(ty),
                l.pair(ty),
                l.open_file(ty),
                l.semi_open(ty),
                l.safe_check(ty),
                l.drop_check(ty),
                l.king_attack(ty),
                l.king_guard(ty),
                l.mobility_sqrt(ty),
                l.mobility_unsafe(ty),
            ]);
            for r in 0..8 {
                for f in 0..4 {
                    all.push(l.psq(ty, r, f));
                }
            }
        }
        all.extend((0..8).map(|r| l.passed(r)));
        all.extend((0..SCALARS.len()).map(|k| l.scalar_index(k)));
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
        assert_eq!(all, (0..l.len()).collect::<Vec<_>>());
        assert_eq!(l.relative(Color::Black, 7, 0), (7, 0));
        assert_eq!(l.relative(Color::White, 4, 3), (3, 3));
    }

    #[test]
    fn text_round_trips() {
        let mut w = Weights::zero(chess_layout());
        for (i, x) in w.w.iter_mut().enumerate() {
            *x = (i as i32 % 17 - 8, i as i32 % 5);
        }
        let text = w.to_text("chess", "pnbrqk", |_| true);
        let mut back = Weights::zero(chess_layout());
        back.apply_text(&text, "pnbrqk")
            .expect("own output reads back");
        assert_eq!(back, w);
    }

    #[test]
    fn promoted_only_pieces_are_written_with_a_plus() {
        let layout = Layout::new(2, 12, 12);
        let letters = format!("h{}", crate::variant::pieces::promoted_only_letter('h'));
        let mut w = Weights::zero(layout.clone());
        w.w[layout.material(1)] = (1100, 1300);
        let text = w.to_text("chu", &letters, |_| true);
        assert!(text.contains("pieces h+h\n"), "{text}");
        assert!(text.contains("material +h 1100 1300\n"), "{text}");
        let mut back = Weights::zero(layout);
        back.apply_text(&text, &letters)
            .expect("own output reads back");
        assert_eq!(back, w);
    }

    #[test]
    fn term_names_are_the_keys_the_file_writes() {
        let l = chess_layout();
        for i in 0..l.len() {
            let mut w = Weights::zero(l.clone());
            w.w[i] = (1, 1);
            let text = w.to_text("chess", "pnbrqk", |_| true);
            let line = text
                .lines()
                .find(|line| line.ends_with(" 1 1"))
                .expect("the weight is written");
            assert_eq!(line.split(' ').next(), Some(l.term_name(i)), "{i}: {line}");
        }
        let names: Vec<&str> = Layout::term_names().collect();
        assert_eq!(names.len(), PER_TYPE_TERMS.len() + 2 + SCALARS.len());
        assert!(names.contains(&"psq") && names.contains(&"king_guard"));
    }

    #[test]
    fn bad_lines_are_reported_with_their_line() {
        let try_text = |t: &str| {
            let mut w = Weights::zero(chess_layout());
            w.apply_text(t, "pnbrqk").map_err(|e| e.to_string())
        };
        let head = "board 8x8\npieces pnbrqk\n";
        assert_eq!(
            try_text(&format!("{head}material x 1 2\n")),
            Err("3: material: no piece 'x' in this variant".into())
        );
        assert_eq!(
            try_text(&format!("{head}psq n 9 1 1 2\n")),
            Err("3: psq: rank '9' is not in 1..=8".into())
        );
        assert_eq!(
            try_text(&format!("{head}# fine\ntempo 10\n")),
            Err("4: tempo: expected 2 fields, found 1".into())
        );
        assert_eq!(
            try_text(&format!("{head}tempo 1.5 2\n")),
            Err("3: tempo: '1.5' is not a weight (an integer)".into())
        );
        assert_eq!(
            try_text(&format!("{head}speed 1 2\n")),
            Err("3: unknown key 'speed'".into())
        );
        assert_eq!(
            try_text("board 9x10\n"),
            Err("1: board: the weights are for 9x10, the variant's board is 8x8".into())
        );
        assert_eq!(
            try_text("board 8x8\npieces pnbrqkc\n"),
            Err("2: pieces: the weights are for 'pnbrqkc', the variant has 'pnbrqk'".into())
        );
        assert_eq!(
            try_text("tempo 1 2\n"),
            Err("1: tempo: a 'pieces' line must come before the first weight".into())
        );
        assert_eq!(try_text(&format!("{head}tempo 1 2 # the bonus\n")), Ok(()));
    }
}
