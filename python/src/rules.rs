//! Questions about one position, answered by the board layer in pyffish's terms: values as
//! `VALUE_MATE`/`VALUE_DRAW` from the side to move's view, FEN problems as pyffish's codes.

use dabbaba::board::bitboard::Bitboard;
use dabbaba::board::fen::FenError;
use dabbaba::board::position::{color_of, type_of, EMPTY, WALL};
use dabbaba::board::AnyTables;
use dabbaba::cli::game::GamePosition;
use dabbaba::color::Color;
use dabbaba::protocol::usi::fen_to_sfen;
use dabbaba::protocol::usi::Board;
use dabbaba::variant::{GameValue, Variant};
use dabbaba::with_position;

use crate::library::Failure;
use crate::{VALUE_DRAW, VALUE_MATE};

/// pyffish's `FEN_OK`.
pub const FEN_OK: i32 = 1;
/// pyffish's `FEN_INVALID_PROMOTED_PIECE`: a `~` after a piece that cannot be a promoted one.
pub const FEN_INVALID_PROMOTED_PIECE: i32 = -12;

fn value(v: GameValue) -> i32 {
    match v {
        GameValue::Win => VALUE_MATE,
        GameValue::Loss => -VALUE_MATE,
        GameValue::Draw => VALUE_DRAW,
    }
}

/// Whether the side to move is in check: its royal piece attacked, or with pseudo-royal
/// pieces (`extinctionPseudoRoyal`) the check that the checkmate rule sees.
pub fn in_check(game: &GamePosition) -> bool {
    with_position!(&game.pos, p => p.in_check_for_mate())
}

/// The position as FEN.
pub fn fen(game: &GamePosition) -> String {
    with_position!(&game.pos, p => p.fen())
}

/// Whether a legal move captures (e.p. included; castling and drops never do).
pub fn is_capture(game: &GamePosition, text: &str) -> Result<bool, Failure> {
    with_position!(&game.pos, p => {
        let m = p.parse_uci_move(text).map_err(|e| e.to_string())?;
        Ok(p.is_capture_move(m))
    })
}

/// The letter of the piece the last move captured, demoted if it was promoted; `""` when it
/// captured nothing.
pub fn captured_letter(game: &GamePosition) -> String {
    with_position!(&game.pos, p => {
        let st = p.state();
        if st.captured == EMPTY || st.captured == WALL {
            return String::new();
        }
        let color = color_of(st.captured);
        let kind = match st.captured_unpromoted {
            0 => type_of(st.captured),
            from => from - 1,
        };
        p.variant()
            .piece(kind)
            .map_or_else(String::new, |piece| piece.text_for(color))
    })
}

/// The value for the side to move of a position without legal moves (an immediate end
/// first, as pyffish's `game_result` looks).
pub fn terminal_value(game: &GamePosition) -> i32 {
    with_position!(&game.pos, p => value(p.terminal_outcome(false).0))
}

/// pyffish's `is_immediate_game_end`.
pub fn immediate_end(game: &GamePosition) -> (bool, i32) {
    with_position!(&game.pos, p => match p.immediate_end() {
        Some((v, _)) => (true, value(v)),
        None => (false, VALUE_DRAW),
    })
}

/// pyffish's `is_optional_game_end`.
pub fn optional_end(game: &GamePosition) -> (bool, i32) {
    with_position!(&game.pos, p => match p.optional_game_end() {
        Some((v, _)) => (true, value(v)),
        None => (false, VALUE_DRAW),
    })
}

/// `(white, black)` lack the material to win.
pub fn insufficient(game: &GamePosition) -> (bool, bool) {
    with_position!(&game.pos, p => (
        p.has_insufficient_material(Color::White),
        p.has_insufficient_material(Color::Black),
    ))
}

/// Perft from the position.
pub fn perft(game: &GamePosition, depth: u32, threads: usize) -> u64 {
    game.pos.perft(depth, threads)
}

/// The FEN as SFEN (shogi's form: `b` for the first player, the hand after the side).
pub fn sfen(v: &Variant, fen: &str) -> String {
    let side = match fen.split_whitespace().nth(1) {
        Some("b") => Color::Black,
        _ => Color::White,
    };
    fen_to_sfen(fen, Board::new(v, side))
}

/// pyffish's code for a FEN: `FEN_OK`, or the code of pyffish's check the problem belongs to.
pub fn validate_fen(tables: &AnyTables, fen: &str, chess960: bool) -> i32 {
    match tables.position(Some(fen), chess960) {
        Ok(_) => FEN_OK,
        Err(e) => fen_error_code(&e),
    }
}

fn fen_error_code(e: &FenError) -> i32 {
    match e {
        FenError::Empty => 0,
        FenError::RowCount { .. } | FenError::RowWidth { .. } => -8,
        FenError::UnknownPiece(_) | FenError::BadBoardChar(_) => -10,
        FenError::BadPromoted(_) => FEN_INVALID_PROMOTED_PIECE,
        FenError::BadSide(_) => -6,
        FenError::BadCastling { .. } => -5,
        FenError::BadEnPassant(_) | FenError::BadLionSquare { .. } => -4,
        FenError::MissingKing { .. } | FenError::TooManyKings { .. } => -3,
        FenError::Holdings | FenError::BadHoldings { .. } => -7,
        FenError::Trailing(_) => -11,
        FenError::BadCounter { what, .. } => match *what {
            "half-move clock" => -2,
            "check count" => -13,
            "counting limit" => -14,
            _ => -1,
        },
    }
}

/// pyffish's fog-of-war FEN: the FEN with every square the side to move cannot see written
/// `*`. It sees the squares of its own pieces and the squares its legal moves go to (for
/// castling the rook's square, as the move is encoded); everything else on the board is fog,
/// empty or not.
pub fn fog_fen(game: &GamePosition) -> String {
    with_position!(&game.pos, p => {
        let geo = &p.tables().geo;
        let mut visible = p.pieces(p.side_to_move());
        let mut list = dabbaba::board::MoveList::new();
        p.legal_moves(&mut list);
        for m in list.iter() {
            visible = visible.with(m.to());
        }
        let fen = p.fen();
        let (board, rest) = fen.split_once(' ').unwrap_or((&fen, ""));
        let (rows, holdings) = match board.find('[') {
            Some(i) => board.split_at(i),
            None => (board, ""),
        };
        let ranks = geo.ranks();
        let fogged: Vec<String> = rows
            .split('/')
            .enumerate()
            .map(|(i, row)| {
                // The extra row of holdings (`.../QNp`), if any, is not a rank of the board.
                let Some(rank) = (ranks as usize).checked_sub(i + 1) else {
                    return row.to_string();
                };
                let cells = fen_cells(row);
                let mut out = String::new();
                let mut empties = 0;
                for (file, cell) in cells.iter().enumerate() {
                    let fog = geo
                        .square(file as u8, rank as u8)
                        .is_some_and(|sq| !visible.contains(sq));
                    let shown = if fog { Some("*") } else { cell.as_deref() };
                    match shown {
                        None => empties += 1,
                        Some(text) => {
                            if empties > 0 {
                                out.push_str(&empties.to_string());
                                empties = 0;
                            }
                            out.push_str(text);
                        }
                    }
                }
                if empties > 0 {
                    out.push_str(&empties.to_string());
                }
                out
            })
            .collect();
        format!("{}{holdings} {rest}", fogged.join("/"))
    })
}

/// The cells of one FEN row, left to right: `None` for an empty square, else the text that
/// stands for the square (`*` a wall, `+r`, `Q~`, `n`).
fn fen_cells(row: &str) -> Vec<Option<String>> {
    let mut cells = Vec::new();
    let mut chars = row.chars().peekable();
    while let Some(c) = chars.next() {
        if let Some(d) = c.to_digit(10) {
            let mut n = d as usize;
            while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                n = n * 10 + d as usize;
                chars.next();
            }
            cells.extend(std::iter::repeat_n(None, n));
            continue;
        }
        let mut text = c.to_string();
        if c == '+' {
            if let Some(l) = chars.next() {
                text.push(l);
            }
        }
        if chars.peek() == Some(&'~') {
            text.push('~');
            chars.next();
        }
        cells.push(Some(text));
    }
    cells
}
