//! `dabbaba piece BETZA`: draws a piece's moves on a board, or prints them as JSON.

use std::io::Write;
use std::process::ExitCode;

use anyhow::{anyhow, bail, Context};
use clap::{Args, ValueEnum};
use serde_json::json;

use crate::betza::diagram::{Diagram, LEGEND};
use crate::betza::{self, Board, Cell, Color, MoveKind, Notation, Square};

#[derive(Debug, Args)]
pub struct PieceArgs {
    /// The piece in XBetza, e.g. fmWfceF (pawn) or KNADcaKmcabK (lion).
    pub betza: String,
    /// Board size as FILESxRANKS, 1x1 to 16x16.
    #[arg(long, value_name = "FxR", default_value = "8x8")]
    pub board: String,
    /// The piece's square (default: d4 on 8x8, otherwise the board's centre).
    #[arg(long, value_name = "SQ")]
    pub square: Option<String>,
    #[arg(long, value_enum, default_value_t = ColorArg::White)]
    pub color: ColorArg,
    /// Pieces to place, e.g. own:e5,enemy:d6,d7,king:h8,hole:a1 (a square without a kind
    /// takes the kind before it).
    #[arg(long, value_name = "LIST")]
    pub occupy: Option<String>,
    /// The notation the piece is written in: XBetza, Fairy-Stockfish's reading of it (for
    /// variants.ini pieces), Betza's own extensions (bfn), Betza 2.0 or Bex.
    #[arg(long, value_enum, default_value_t = DialectArg::Xbetza)]
    pub dialect: DialectArg,
    /// Print one JSON object instead of the diagram.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorArg {
    White,
    Black,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DialectArg {
    Xbetza,
    Fsf,
    Bfn,
    Betza2,
    Bex,
}

pub fn run(args: &PieceArgs) -> anyhow::Result<ExitCode> {
    // A script asking for JSON gets its error as JSON too, as from the other commands.
    super::output::with_json_errors(args.json, || run_inner(args))
}

fn run_inner(args: &PieceArgs) -> anyhow::Result<ExitCode> {
    let notation = match args.dialect {
        DialectArg::Xbetza => Notation::XBetza,
        DialectArg::Fsf => Notation::FairyStockfish,
        DialectArg::Bfn => Notation::Bfn,
        DialectArg::Betza2 => Notation::Betza2,
        DialectArg::Bex => Notation::Bex,
    };
    let piece = betza::parse_notation(&args.betza, notation)?;
    let (files, ranks) = board_size(&args.board)?;
    let mut board = Board::new(files, ranks)
        .ok_or_else(|| anyhow!("board {} is not between 1x1 and 16x16", args.board))?;
    let from = match &args.square {
        Some(name) => square_on(name, &board)?,
        None => Square::new((files - 1) / 2, (ranks - 1) / 2),
    };
    if let Some(list) = &args.occupy {
        for (square, cell) in occupancy(list, &board)? {
            if square == from {
                bail!("--occupy: {square} is the piece's own square");
            }
            board.set(square, cell);
        }
    }
    let color = match args.color {
        ColorArg::White => Color::White,
        ColorArg::Black => Color::Black,
    };
    let diagram = Diagram::new(&piece, &board, from, color);
    let names = |squares: &[Square]| squares.iter().map(Square::to_string).collect::<Vec<_>>();
    let mut text = String::new();
    if args.json {
        let moves: Vec<_> = diagram
            .moves
            .iter()
            .map(|m| {
                let kind = match m.kind {
                    MoveKind::Quiet => "quiet",
                    MoveKind::Capture => "capture",
                    MoveKind::EnPassant => "en-passant",
                    MoveKind::Castling => "castling",
                };
                json!({
                    "to": m.to.to_string(),
                    "kind": kind,
                    "via": names(&m.via),
                    "captures": names(&m.captures),
                    "destroyed": names(&m.destroyed),
                    "castling_partner": m.castling_partner.map(|s| s.to_string()),
                })
            })
            .collect();
        let object = json!({
            "betza": args.betza,
            "canonical": piece.to_string(),
            "xboard": piece.to_xboard().ok(),
            "dialect": notation.name(),
            // The piece in the notations that can say it (null where one cannot).
            "bfn": in_notation(&piece, Notation::Bfn),
            "betza2": in_notation(&piece, Notation::Betza2),
            "bex": in_notation(&piece, Notation::Bex),
            "board": format!("{files}x{ranks}"),
            "square": from.to_string(),
            "color": match color { Color::White => "white", Color::Black => "black" },
            "destinations": names(&diagram.destinations),
            "capture_squares": names(&diagram.capture_squares),
            "moves": moves,
        });
        text = format!("{object}\n");
    } else {
        let side = match color {
            Color::White => "white",
            Color::Black => "black",
        };
        let canonical = piece.to_string();
        let spelled = match notation {
            Notation::XBetza | Notation::FairyStockfish if canonical == args.betza => canonical,
            Notation::XBetza | Notation::FairyStockfish => format!("{} = {canonical}", args.betza),
            // Another notation: its text, then the piece in XBetza.
            _ => format!("{} ({}) = {canonical}", args.betza, notation.name()),
        };
        text.push_str(&format!("{spelled} ({side} on {from}, {files}x{ranks})\n"));
        text.push_str(&diagram.render());
        text.push_str(&format!("{LEGEND}\n"));
        text.push_str(&format!(
            "destinations: {} ({})\n",
            diagram.destinations.len(),
            names(&diagram.destinations).join(" ")
        ));
        text.push_str(&format!(
            "capture squares (an enemy there would be taken): {} ({})\n",
            diagram.capture_squares.len(),
            names(&diagram.capture_squares).join(" ")
        ));
    }
    write_out(&text)?;
    Ok(ExitCode::SUCCESS)
}

/// Writes to standard output; a reader that went away (`| head`) is not an error.
fn write_out(text: &str) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => Ok(other?),
    }
}

fn board_size(text: &str) -> anyhow::Result<(u8, u8)> {
    let (files, ranks) = text
        .split_once(['x', 'X'])
        .ok_or_else(|| anyhow!("--board {text}: expected FILESxRANKS, e.g. 10x8"))?;
    let side = |s: &str| {
        s.parse::<u8>()
            .with_context(|| format!("--board {text}: '{s}' is not a number"))
    };
    Ok((side(files)?, side(ranks)?))
}

fn square_on(name: &str, board: &Board) -> anyhow::Result<Square> {
    let square =
        Square::parse(name).ok_or_else(|| anyhow!("'{name}' is not a square (a1 to p16)"))?;
    if !board.contains(square) {
        bail!(
            "{name} is not on a {}x{} board",
            board.files(),
            board.ranks()
        );
    }
    Ok(square)
}

fn occupancy(list: &str, board: &Board) -> anyhow::Result<Vec<(Square, Cell)>> {
    let mut placed = Vec::new();
    let mut kind: Option<Cell> = None;
    for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let name = match item.split_once(':') {
            Some((what, name)) => {
                kind = Some(match what {
                    "own" => Cell::Own,
                    "enemy" => Cell::Enemy { royal: false },
                    "king" => Cell::Enemy { royal: true },
                    "hole" => Cell::Hole,
                    other => bail!("--occupy: unknown kind '{other}' (own, enemy, king, hole)"),
                });
                name
            }
            None => item,
        };
        let cell =
            kind.ok_or_else(|| anyhow!("--occupy: '{item}' needs a kind, e.g. own:{item}"))?;
        placed.push((square_on(name, board).context("--occupy")?, cell));
    }
    Ok(placed)
}

/// `piece` written in `notation`, if that text reads back as the same piece there (a
/// single-leg component is printed as XBetza, whose letters a dialect may read otherwise).
fn in_notation(piece: &betza::Piece, notation: Notation) -> Option<String> {
    let text = betza::print_notation(piece, notation).ok()?;
    let back = betza::parse_notation(&text, notation).ok()?;
    (&back == piece).then_some(text)
}
