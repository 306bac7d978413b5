//! `svg`: a picture of a position as SVG, for any board up to 16x16: light and dark squares,
//! walls (`*`), the promotion zones tinted, the royal piece's region (palaces) outlined with
//! their diagonals, the pieces in hand beside the board, the last move and arrows.
//!
//! The piece glyphs are our own: a disc with the piece's FEN letter, white or black by side,
//! a promoted piece's letter in red with its `+`. They read for every variant, fairy pieces
//! included, which drawn piece sets cannot.

use std::fmt::Write;

use dabbaba::board::bitboard::Bitboard;
use dabbaba::cli::game::GamePosition;
use dabbaba::color::Color;
use dabbaba::with_position;
use pyo3::prelude::*;

use crate::library::{position, Failure};
use crate::{value_error, Flag};

/// Side of a square, in SVG units.
const SQ: u32 = 40;
/// Room for the coordinates around the board.
const MARGIN: u32 = 20;

/// What is drawn, read off the position once.
struct Picture {
    files: u32,
    ranks: u32,
    /// Row-major from rank 1: `None` empty, `Some(None)` a wall, `Some(Some(piece))`.
    cells: Vec<Option<Option<Glyph>>>,
    /// Per side, the squares where its pieces promote.
    zones: [Vec<bool>; 2],
    /// Per side, the royal piece's region when it is not the whole board.
    palaces: [Vec<bool>; 2],
    /// Per side, the pieces in hand and how many.
    hands: [Vec<(Glyph, u32)>; 2],
    has_hands: bool,
}

#[derive(Clone, PartialEq)]
struct Glyph {
    /// The letter without `+` or `~`, upper case.
    letter: String,
    white: bool,
    promoted: bool,
}

impl Glyph {
    /// A FEN token (`P`, `+r`, `Q~`, `n'`) as a glyph.
    fn from_token(token: &str) -> Glyph {
        let promoted = token.starts_with('+') || token.ends_with('~');
        // The letter and its prime, if any (Dai Shogi's `N'`).
        let core: String = token.chars().filter(|c| !matches!(c, '+' | '~')).collect();
        let white = core.chars().next().is_some_and(|c| c.is_ascii_uppercase());
        Glyph {
            letter: core.to_uppercase(),
            white,
            promoted,
        }
    }
}

/// The FEN's board field as rows of tokens, top row first: a number for a run of empty
/// squares, `*` for a wall, else a piece.
fn fen_rows(board: &str) -> Vec<Vec<String>> {
    board
        .split('/')
        .map(|row| {
            let mut tokens = Vec::new();
            let mut chars = row.chars().peekable();
            while let Some(c) = chars.next() {
                if c.is_ascii_digit() {
                    let mut n = c.to_string();
                    while let Some(d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                        n.push(*d);
                        chars.next();
                    }
                    tokens.push(n);
                } else {
                    // A piece: `+` (promoted), its letter, then a prime or `~` (`+N'`, `Q~`).
                    let mut t = c.to_string();
                    if c == '+' {
                        t.extend(chars.next());
                    }
                    while let Some(s) = chars.peek().filter(|s| matches!(s, '~' | '\'')) {
                        t.push(*s);
                        chars.next();
                    }
                    tokens.push(t);
                }
            }
            tokens
        })
        .collect()
}

fn squares_of<B: Bitboard>(bb: B, n: usize) -> Vec<bool> {
    let mut v = vec![false; n];
    for sq in bb.iter() {
        if let Some(cell) = v.get_mut(sq.index()) {
            *cell = true;
        }
    }
    v
}

fn picture(game: &GamePosition) -> Picture {
    with_position!(&game.pos, p => {
        let t = p.tables();
        let geo = t.geo;
        let (files, ranks) = (u32::from(geo.files()), u32::from(geo.ranks()));
        let n = (files * ranks) as usize;
        let fen = p.fen();
        let field = fen.split_whitespace().next().unwrap_or("");
        let (board, hand) = match field.split_once('[') {
            Some((b, h)) => (b, Some(h.trim_end_matches(']'))),
            None => (field, None),
        };
        let mut cells = vec![None; n];
        for (row, tokens) in fen_rows(board).iter().enumerate() {
            let rank = ranks.saturating_sub(1 + row as u32);
            let mut file = 0u32;
            for token in tokens {
                if let Ok(run) = token.parse::<u32>() {
                    file += run;
                    continue;
                }
                let i = (rank * files + file) as usize;
                if let Some(cell) = cells.get_mut(i) {
                    *cell = Some((token != "*").then(|| Glyph::from_token(token)));
                }
                file += 1;
            }
        }
        let mut hands: [Vec<(Glyph, u32)>; 2] = [Vec::new(), Vec::new()];
        for token in hand.map(|h| fen_rows(h).concat()).unwrap_or_default() {
            if token == "-" || token.parse::<u32>().is_ok() {
                continue;
            }
            let g = Glyph::from_token(&token);
            let side = &mut hands[usize::from(!g.white)];
            match side.iter_mut().find(|(h, _)| h.letter == g.letter) {
                Some((_, count)) => *count += 1,
                None => side.push((g, 1)),
            }
        }
        let palace = |c: Color| -> Vec<bool> {
            match t.king {
                Some(k) if t.pieces[k as usize].mobility[c] != t.board => {
                    squares_of(t.pieces[k as usize].mobility[c] & t.board, n)
                }
                _ => vec![false; n],
            }
        };
        // Zones are drawn only where something promotes in them (not in xiangqi).
        let promotes = t.promotion_types.iter().any(|types| !types.is_empty())
            || t.promoted_type.iter().any(Option::is_some);
        Picture {
            files,
            ranks,
            cells,
            zones: if promotes {
                [
                    squares_of(t.promotion_region[Color::White], n),
                    squares_of(t.promotion_region[Color::Black], n),
                ]
            } else {
                [vec![false; n], vec![false; n]]
            },
            palaces: [palace(Color::White), palace(Color::Black)],
            hands,
            has_hands: hand.is_some(),
        }
    })
}

/// A square name (`e4`, `a10`) as (file, rank), 0-based, on a board of this size.
fn parse_square(name: &str, files: u32, ranks: u32) -> Option<(u32, u32)> {
    let mut chars = name.chars();
    let f = chars.next().filter(|c| c.is_ascii_lowercase())?;
    let rank: u32 = chars.as_str().parse().ok()?;
    let file = u32::from(f) - u32::from('a');
    (file < files && (1..=ranks).contains(&rank)).then_some((file, rank - 1))
}

/// The square names in a move text, in order (`e2e4`, `P@e4`, `a1b2,b2c3`, `e7e8q`): each a
/// lower-case letter followed by digits.
fn square_names(text: &str) -> Vec<&str> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_lowercase() {
            let digits = bytes[i + 1..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
            if digits > 0 {
                out.push(&text[i..i + 1 + digits]);
                i += 1 + digits;
                continue;
            }
        }
        i += 1;
    }
    out
}

struct Canvas {
    pic: Picture,
    /// Height of a hand row (0 without hands).
    hand_row: u32,
}

impl Canvas {
    fn width(&self) -> u32 {
        self.pic.files * SQ + 2 * MARGIN
    }
    fn height(&self) -> u32 {
        self.pic.ranks * SQ + 2 * MARGIN + 2 * self.hand_row
    }
    /// Top-left corner of a square.
    fn corner(&self, file: u32, rank: u32) -> (u32, u32) {
        (
            MARGIN + file * SQ,
            self.hand_row + MARGIN + (self.pic.ranks - 1 - rank) * SQ,
        )
    }
    fn centre(&self, file: u32, rank: u32) -> (u32, u32) {
        let (x, y) = self.corner(file, rank);
        (x + SQ / 2, y + SQ / 2)
    }
}

fn glyph(out: &mut String, g: &Glyph, cx: u32, cy: u32) {
    let (fill, ink) = if g.white {
        ("#fbfaf5", "#1d1d1d")
    } else {
        ("#2b2b2b", "#f4f4f4")
    };
    let ink = if g.promoted { "#c8102e" } else { ink };
    let label = if g.promoted {
        format!("+{}", g.letter)
    } else {
        g.letter.clone()
    };
    let size = if label.chars().count() > 1 { 15 } else { 20 };
    let _ = write!(
        out,
        r##"<g class="piece"><circle cx="{cx}" cy="{cy}" r="16" fill="{fill}" stroke="#1d1d1d" stroke-width="1.5"/><text x="{cx}" y="{y}" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" font-size="{size}" text-anchor="middle" fill="{ink}">{label}</text></g>"##,
        y = cy + size / 3 + 1,
        label = escape(&label),
    );
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The picture as SVG text.
fn draw(pic: Picture, lastmove: Option<&str>, arrows: &[(String, String)]) -> String {
    let hand_row = if pic.has_hands { SQ } else { 0 };
    let c = Canvas { pic, hand_row };
    let p = &c.pic;
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"#,
        w = c.width(),
        h = c.height()
    );
    out.push_str(r##"<defs><marker id="arrowhead" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#15781b" fill-opacity="0.8"/></marker></defs>"##);
    let highlighted: Vec<(u32, u32)> = lastmove
        .map(square_names)
        .unwrap_or_default()
        .into_iter()
        .filter_map(|name| parse_square(name, p.files, p.ranks))
        .collect();
    for rank in 0..p.ranks {
        for file in 0..p.files {
            let i = (rank * p.files + file) as usize;
            let (x, y) = c.corner(file, rank);
            let fill = match p.cells[i] {
                Some(None) => "#6b6b6b",
                _ if highlighted.contains(&(file, rank)) => "#cdd26a",
                _ if (file + rank) % 2 == 0 => "#b58863",
                _ => "#f0d9b5",
            };
            let _ = write!(
                out,
                r#"<rect x="{x}" y="{y}" width="{SQ}" height="{SQ}" fill="{fill}"/>"#
            );
            for (side, tint) in [(0, "#3060c0"), (1, "#c03030")] {
                if p.zones[side][i] && p.cells[i] != Some(None) {
                    let _ = write!(
                        out,
                        r#"<rect x="{x}" y="{y}" width="{SQ}" height="{SQ}" fill="{tint}" fill-opacity="0.12"/>"#
                    );
                }
            }
        }
    }
    for region in &p.palaces {
        palace_lines(&mut out, &c, region);
    }
    for file in 0..p.files {
        let (x, _) = c.centre(file, 0);
        let y = c.height() - c.hand_row - MARGIN / 2 + 4;
        let _ = write!(
            out,
            r##"<text x="{x}" y="{y}" font-family="DejaVu Sans, Arial, sans-serif" font-size="11" text-anchor="middle" fill="#444">{}</text>"##,
            char::from(b'a' + file as u8)
        );
    }
    for rank in 0..p.ranks {
        let (_, y) = c.centre(0, rank);
        let _ = write!(
            out,
            r##"<text x="{x}" y="{y}" font-family="DejaVu Sans, Arial, sans-serif" font-size="11" text-anchor="middle" fill="#444">{}</text>"##,
            rank + 1,
            x = MARGIN / 2,
            y = y + 4
        );
    }
    for rank in 0..p.ranks {
        for file in 0..p.files {
            if let Some(Some(g)) = &p.cells[(rank * p.files + file) as usize] {
                let (cx, cy) = c.centre(file, rank);
                glyph(&mut out, g, cx, cy);
            }
        }
    }
    if c.hand_row > 0 {
        // Black's hand above the board, White's below.
        for (side, y) in [(1, c.hand_row / 2), (0, c.height() - c.hand_row / 2)] {
            let mut x = MARGIN + SQ / 2;
            for (g, count) in &p.hands[side] {
                glyph(&mut out, g, x, y);
                if *count > 1 {
                    let _ = write!(
                        out,
                        r##"<text x="{tx}" y="{ty}" font-family="DejaVu Sans, Arial, sans-serif" font-size="11" fill="#222">{count}</text>"##,
                        tx = x + 14,
                        ty = y + 16
                    );
                }
                x += SQ;
            }
        }
    }
    for (from, to) in arrows {
        let (Some(a), Some(b)) = (
            parse_square(from, p.files, p.ranks),
            parse_square(to, p.files, p.ranks),
        ) else {
            continue;
        };
        let (x1, y1) = c.centre(a.0, a.1);
        let (x2, y2) = c.centre(b.0, b.1);
        let _ = write!(
            out,
            r##"<line class="arrow" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#15781b" stroke-opacity="0.8" stroke-width="7" stroke-linecap="round" marker-end="url(#arrowhead)"/>"##
        );
    }
    out.push_str("</svg>");
    out
}

/// A royal region's outline, and its diagonals when it is a 3x3 palace.
fn palace_lines(out: &mut String, c: &Canvas, region: &[bool]) {
    let p = &c.pic;
    let inside: Vec<(u32, u32)> = (0..p.ranks)
        .flat_map(|r| (0..p.files).map(move |f| (f, r)))
        .filter(|&(f, r)| region[(r * p.files + f) as usize])
        .collect();
    let (Some(f0), Some(f1), Some(r0), Some(r1)) = (
        inside.iter().map(|s| s.0).min(),
        inside.iter().map(|s| s.0).max(),
        inside.iter().map(|s| s.1).min(),
        inside.iter().map(|s| s.1).max(),
    ) else {
        return;
    };
    let block = (f1 - f0 + 1) * (r1 - r0 + 1);
    if block as usize != inside.len() {
        return; // not a rectangle: nothing drawn rather than a wrong outline
    }
    let (x0, y0) = c.corner(f0, r1);
    let (w, h) = ((f1 - f0 + 1) * SQ, (r1 - r0 + 1) * SQ);
    let _ = write!(
        out,
        r##"<rect class="palace" x="{x0}" y="{y0}" width="{w}" height="{h}" fill="none" stroke="#5a3a1a" stroke-width="2"/>"##
    );
    if f1 - f0 == 2 && r1 - r0 == 2 {
        let _ = write!(
            out,
            r##"<path class="palace" d="M{x0},{y0} L{x1},{y1} M{x1},{y0} L{x0},{y1}" stroke="#5a3a1a" stroke-width="1.5"/>"##,
            x1 = x0 + w,
            y1 = y0 + h
        );
    }
}

/// An arrow's two squares, from a `(from, to)` pair or a move text (`e2e4`).
fn arrow_ends(item: &Bound<'_, PyAny>) -> PyResult<(String, String)> {
    if let Ok((a, b)) = item.extract::<(String, String)>() {
        return Ok((a, b));
    }
    let text: String = item.extract()?;
    let squares = square_names(&text);
    match squares.as_slice() {
        [a, .., b] => Ok((a.to_string(), b.to_string())),
        _ => Err(value_error(format!(
            "arrow '{text}': give (from, to) squares or a move such as 'e2e4'"
        ))),
    }
}

fn render(
    variant: &str,
    fen: &str,
    moves: &[String],
    lastmove: Option<&str>,
    arrows: &[(String, String)],
    chess960: bool,
) -> Result<String, Failure> {
    let (_, game) = position(variant, fen, moves, chess960)?;
    Ok(draw(picture(&game), lastmove, arrows))
}

/// The position `fen` (or `"startpos"`) after `moves` as SVG text. `lastmove` (a move in UCI
/// text) has its squares marked; `arrows` are `(from, to)` square pairs or move texts.
#[pyfunction]
#[pyo3(signature = (variant, fen, lastmove=None, arrows=Vec::new(), moves=Vec::new(), chess960=Flag(false)))]
fn svg(
    variant: &str,
    fen: &str,
    lastmove: Option<&str>,
    arrows: Vec<Bound<'_, PyAny>>,
    moves: Vec<String>,
    chess960: Flag,
) -> PyResult<String> {
    let arrows = arrows
        .iter()
        .map(arrow_ends)
        .collect::<PyResult<Vec<_>>>()?;
    render(variant, fen, &moves, lastmove, &arrows, chess960.0).map_err(value_error)
}

/// Adds `svg` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(svg, m)?)
}
