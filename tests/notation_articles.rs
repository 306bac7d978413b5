//! Every piece example of the two notation articles among our source documents
//! (`tests/data/notation-articles.tsv`: BFN with Betza's extensions, XBetza, Betza 2.0, Bex):
//! read in its dialect, its moves are those of the XBetza the row gives (the article's equal
//! or one written from its description) on boards with pieces that block, screen and may be
//! taken, for either colour; it round-trips (printed as XBetza, and in its own dialect where
//! that can say it, it reads back to the same moves); and what the reader refuses on purpose
//! is refused at the row's column with its reason.

use dabbaba::betza::{
    moves, parse_notation, print_notation, Board, Cell, Color, Notation, Piece, Situation, Square,
};

struct Row {
    source: String,
    notation: Notation,
    text: String,
    expect: String,
}

fn rows() -> Vec<Row> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/notation-articles.tsv"
    );
    let text = std::fs::read_to_string(path).expect("the examples file");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("source\t"))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert!(f.len() >= 4, "a short row: {l}");
            Row {
                source: f[0].to_string(),
                notation: Notation::from_name(f[1]).unwrap_or_else(|| panic!("dialect {}", f[1])),
                text: f[2].to_string(),
                expect: f[3].to_string(),
            }
        })
        .collect()
}

/// A board, the piece's square and colour.
struct Scene {
    board: Board,
    from: Square,
    color: Color,
    /// The piece stands on its start square (`i` moves count).
    on_start: bool,
}

/// Boards to compare moves on: empty (8x8 and 9x9, the piece central and in a corner), a few
/// drawn by hand (pieces next to the piece and a step away, hurdles on lines), and seeded
/// random ones with own and enemy pieces, each for White and for Black.
fn scenes() -> Vec<Scene> {
    let square = |name: &str| Square::parse(name).expect("square");
    let mut out = Vec::new();
    let mut add = |files: u8, ranks: u8, from: &str, cells: &[(&str, Cell)], color| {
        let mut board = Board::new(files, ranks).expect("board");
        for &(s, cell) in cells {
            board.set(square(s), cell);
        }
        // Each board twice: off and on the piece's start square.
        for on_start in [false, true] {
            out.push(Scene {
                board: board.clone(),
                from: square(from),
                color,
                on_start,
            });
        }
    };
    let enemy = Cell::Enemy { royal: false };
    let own = Cell::Own;
    for color in [Color::White, Color::Black] {
        add(8, 8, "d4", &[], color);
        add(9, 9, "e5", &[], color);
        add(8, 8, "a1", &[], color);
        add(
            8,
            8,
            "d4",
            &[("d5", own), ("e5", enemy), ("c3", enemy)],
            color,
        );
        add(
            8,
            8,
            "d4",
            &[("d6", enemy), ("f4", own), ("b6", enemy)],
            color,
        );
        add(
            8,
            8,
            "d4",
            &[("c4", enemy), ("e4", enemy), ("d3", own), ("d5", enemy)],
            color,
        );
        add(
            8,
            8,
            "d4",
            &[("d7", enemy), ("g4", enemy), ("b4", own), ("f6", own)],
            color,
        );
        // Seeded random boards: about a quarter of the squares taken.
        let mut state = 0x9E37_79B9_7F4A_7C15u64 ^ color as u64;
        for _ in 0..7 {
            let mut cells = Vec::new();
            let mut names = Vec::new();
            for f in 0..8u8 {
                for r in 0..8u8 {
                    state = state
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    let draw = (state >> 33) % 8;
                    let name = format!("{}{}", (b'a' + f) as char, r + 1);
                    if name == "d4" || draw > 1 {
                        continue;
                    }
                    names.push((name, if draw == 0 { own } else { enemy }));
                }
            }
            for (name, cell) in &names {
                cells.push((name.as_str(), *cell));
            }
            add(8, 8, "d4", &cells, color);
        }
    }
    out
}

/// The moves of a piece in a scene: where it goes, how, and what it takes.
fn reach(p: &Piece, s: &Scene) -> Vec<String> {
    let sit = Situation {
        board: &s.board,
        color: s.color,
        from: s.from,
        en_passant: None,
        on_start: s.on_start,
        one_step_from_start: false,
    };
    let mut out: Vec<String> = moves(p, &sit)
        .into_iter()
        .map(|m| {
            format!(
                "{:?} {:?} x{:?} d{:?}",
                m.to, m.kind, m.captures, m.destroyed
            )
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

fn same_moves(a: &Piece, b: &Piece, scenes: &[Scene]) -> Result<(), String> {
    for (i, s) in scenes.iter().enumerate() {
        let (x, y) = (reach(a, s), reach(b, s));
        if x != y {
            return Err(format!("scene {i}: {x:?} against {y:?}"));
        }
    }
    Ok(())
}

#[test]
fn every_article_example_reads_as_its_xbetza_and_round_trips() {
    let scenes = scenes();
    let rows = rows();
    assert!(rows.len() >= 60, "{} rows", rows.len());
    let mut failures = Vec::new();
    let mut refused = 0;
    for row in &rows {
        let name = format!("{} {} {:?}", row.source, row.notation.name(), row.text);
        let read = parse_notation(&row.text, row.notation);
        if let Some(refusal) = row.expect.strip_prefix("refused@") {
            let (column, phrase) = refusal.split_once(':').expect("refused@COLUMN:PHRASE");
            match read {
                Ok(p) => failures.push(format!("{name}: read as {p}, not refused")),
                Err(e) if e.column.to_string() != column || !e.to_string().contains(phrase) => {
                    failures.push(format!(
                        "{name}: refused as '{e}', not at {column} for '{phrase}'"
                    ))
                }
                Err(_) => refused += 1,
            }
            continue;
        }
        let piece = match read {
            Ok(p) => p,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        let expect = parse_notation(&row.expect, Notation::XBetza)
            .unwrap_or_else(|e| panic!("{name}: the row's XBetza {}: {e}", row.expect));
        if let Err(d) = same_moves(&piece, &expect, &scenes) {
            failures.push(format!("{name} against {}: {d}", row.expect));
        }
        // Round trips: XBetza always, the own dialect where it can write the piece.
        let xbetza = piece.to_string();
        match parse_notation(&xbetza, Notation::XBetza) {
            Ok(back) => {
                if let Err(d) = same_moves(&piece, &back, &scenes) {
                    failures.push(format!("{name} printed as {xbetza}: {d}"));
                }
            }
            Err(e) => failures.push(format!("{name} printed as {xbetza}: {e}")),
        }
        if let Ok(own) = print_notation(&piece, row.notation) {
            match parse_notation(&own, row.notation) {
                Ok(back) => {
                    if let Err(d) = same_moves(&piece, &back, &scenes) {
                        failures.push(format!("{name} printed back as {own}: {d}"));
                    }
                }
                Err(e) => failures.push(format!("{name} printed back as {own}: {e}")),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(refused >= 15, "{refused} refusals");
}

/// The dialects print what they can say; BFN, Betza 2.0 and Bex each print every example
/// of their own that is a chain of legs going on.
#[test]
fn the_articles_chains_print_in_their_dialects() {
    for (text, notation, printed) in [
        ("g[mWF]", Notation::Bfn, "g[mWF]"),
        ("t[FR]", Notation::Bfn, "Fg[mFR]"),
        ("mW-F", Notation::Betza2, "mW-F"),
        ("mF-F", Notation::Betza2, "mF-F"),
        ("mN--N", Notation::Bex, "mN--N"),
        ("mW-F", Notation::Bex, "mW-F"),
    ] {
        let piece = parse_notation(text, notation).expect("reads");
        assert_eq!(
            print_notation(&piece, notation).expect("prints"),
            printed,
            "{text}"
        );
    }
}
