//! `dabbaba` for Python: pyffish's functions, with its argument order, return types and
//! notation, on Dabbaba's boards (up to 16x16, Chu and Dai Shogi, multi-leg moves), plus
//! `perft`, `analyse` and `svg`.
//!
//! Every position is given as pyffish gives it: a variant name, a FEN (or `"startpos"`) and a
//! list of moves in UCI text played from it. A bad variant, FEN, move or option raises
//! `ValueError` with the engine's message; nothing a caller passes can crash the interpreter.

mod analysis;
mod library;
mod notation;
mod rules;
mod svg;

use pyo3::prelude::*;

use library::{library, position, Failure};

/// Fairy-Stockfish's value of a won game (`VALUE_MATE`); a lost one is its negation.
const VALUE_MATE: i32 = 32000;
/// A drawn game (`VALUE_DRAW`).
const VALUE_DRAW: i32 = 0;

#[allow(non_camel_case_types)] // pyffish names it `error`
mod exception {
    use pyo3::exceptions::PyValueError;
    pyo3::create_exception!(
        dabbaba,
        error,
        PyValueError,
        "A bad variant, FEN, move, option or INI text (a ValueError, as pyffish raises)."
    );
}
use exception::error;

fn value_error(message: Failure) -> PyErr {
    error::new_err(message)
}

/// A yes-or-no argument read as pyffish reads it: any object by its truth value (`0`, `1`,
/// `None`, `True`, ...), not only a `bool`.
#[derive(Debug, Clone, Copy)]
pub struct Flag(pub bool);

impl<'a, 'py> FromPyObject<'a, 'py> for Flag {
    type Error = PyErr;

    fn extract(obj: pyo3::Borrowed<'a, 'py, PyAny>) -> Result<Self, Self::Error> {
        obj.is_truthy().map(Flag)
    }
}

/// The module's version, as pyffish gives its own: `(major, minor, patch)`.
#[pyfunction]
fn version() -> (u32, u32, u32) {
    let number = |s: &str| s.parse().unwrap_or(0);
    (
        number(env!("CARGO_PKG_VERSION_MAJOR")),
        number(env!("CARGO_PKG_VERSION_MINOR")),
        number(env!("CARGO_PKG_VERSION_PATCH")),
    )
}

/// The engine's name and version.
#[pyfunction]
fn info() -> String {
    format!("Dabbaba {} (Python module)", env!("CARGO_PKG_VERSION"))
}

/// Every variant the module plays.
#[pyfunction]
fn variants() -> Vec<String> {
    library().names()
}

/// Adds (or replaces) variants from `variants.ini` text. Sections with problems are left
/// out and reported in one `ValueError` (one `FILE:LINE: key: reason` per line); the others
/// are loaded all the same, as Fairy-Stockfish loads them.
#[pyfunction]
fn load_variant_config(config: &str) -> PyResult<()> {
    library()
        .load_config("<config>", config)
        .map_err(value_error)
}

/// Sets an engine option for `analyse` (`Hash`, `Threads`, `EvalFile`, `Use NNUE`, ...);
/// `VariantPath` loads a `variants.ini` file. An unknown option or a bad value raises
/// `ValueError`.
#[pyfunction]
fn set_option(name: &str, value: &Bound<'_, PyAny>) -> PyResult<()> {
    // pyffish takes any value and uses its text; Python's `True` is `true` to the engine.
    let text = match value.extract::<bool>() {
        Ok(b) => b.to_string(),
        Err(_) => value.str()?.to_string(),
    };
    library().set_option(name, &text).map_err(value_error)
}

/// The variant's start position.
#[pyfunction]
fn start_fen(variant: &str) -> PyResult<String> {
    let (v, _) = library().variant(variant).map_err(value_error)?;
    Ok(v.start_fen.clone())
}

/// Whether the variant is played on two boards (bughouse).
#[pyfunction]
fn two_boards(variant: &str) -> PyResult<bool> {
    let (v, _) = library().variant(variant).map_err(value_error)?;
    Ok(v.drops.two_boards)
}

/// Whether captured pieces go to the captor's hand.
#[pyfunction]
fn captures_to_hand(variant: &str) -> PyResult<bool> {
    let (v, _) = library().variant(variant).map_err(value_error)?;
    Ok(v.drops.captures_to_hand)
}

/// The legal moves after `moves`, in UCI text.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960=Flag(false)))]
fn legal_moves(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: Flag,
) -> PyResult<Vec<String>> {
    let (_, game) = position(variant, fen, &moves, chess960.0).map_err(value_error)?;
    Ok(game.legal_move_texts())
}

/// The FEN after `moves`; `sfen` gives shogi's SFEN. `show_promoted` and `count_started`
/// are accepted for pyffish's sake: promoted pieces are always marked, and the counting
/// rule's state is what the moves made it.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960=Flag(false), sfen=Flag(false), show_promoted=Flag(false), count_started=0))]
#[allow(clippy::too_many_arguments)]
fn get_fen(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: Flag,
    sfen: Flag,
    show_promoted: Flag,
    count_started: i64,
) -> PyResult<String> {
    let _ = (show_promoted.0, count_started);
    let (v, game) = position(variant, fen, &moves, chess960.0).map_err(value_error)?;
    let fen = rules::fen(&game);
    Ok(if sfen.0 { rules::sfen(&v, &fen) } else { fen })
}

/// pyffish's fog-of-war FEN (`fen` first, then `variant`, as pyffish takes them): the
/// squares the side to move cannot see are written `*`.
#[pyfunction]
#[pyo3(signature = (fen, variant, chess960=Flag(false)))]
fn get_fog_fen(fen: &str, variant: &str, chess960: Flag) -> PyResult<String> {
    let (_, game) = position(variant, fen, &[], chess960.0).map_err(value_error)?;
    Ok(rules::fog_fen(&game))
}

/// One move in a notation (pyffish's `NOTATION_*`; `NOTATION_DEFAULT` is the variant's
/// usual one).
#[pyfunction]
#[pyo3(signature = (variant, fen, move_, chess960=Flag(false), notation=0))]
fn get_san(
    variant: &str,
    fen: &str,
    move_: &str,
    chess960: Flag,
    notation: i32,
) -> PyResult<String> {
    let (v, game) = position(variant, fen, &[], chess960.0).map_err(value_error)?;
    let notation = notation::from_code(notation, &v).map_err(value_error)?;
    let line = notation::line(&game, &[move_.to_string()], notation).map_err(value_error)?;
    Ok(line.into_iter().next().unwrap_or_default())
}

/// A line of moves from `fen` in a notation, each in the position the moves before it reach.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960=Flag(false), notation=0))]
fn get_san_moves(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: Flag,
    notation: i32,
) -> PyResult<Vec<String>> {
    let (v, game) = position(variant, fen, &[], chess960.0).map_err(value_error)?;
    let notation = notation::from_code(notation, &v).map_err(value_error)?;
    notation::line(&game, &moves, notation).map_err(value_error)
}

/// Whether the side to move is in check after `moves`.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960=Flag(false)))]
fn gives_check(variant: &str, fen: &str, moves: Vec<String>, chess960: Flag) -> PyResult<bool> {
    let (_, game) = position(variant, fen, &moves, chess960.0).map_err(value_error)?;
    Ok(rules::in_check(&game))
}

/// Whether `move_` (legal after `moves`) captures.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, move_, chess960=Flag(false)))]
fn is_capture(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    move_: &str,
    chess960: Flag,
) -> PyResult<bool> {
    let (_, game) = position(variant, fen, &moves, chess960.0).map_err(value_error)?;
    rules::is_capture(&game, move_).map_err(value_error)
}

/// The piece the last of `moves` captured, as its letter before the capture (a promoted
/// piece as the piece it was promoted from), or `""`: what a bughouse player passes on.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960=Flag(false)))]
fn piece_to_partner(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: Flag,
) -> PyResult<String> {
    let (_, game) = position(variant, fen, &moves, chess960.0).map_err(value_error)?;
    Ok(rules::captured_letter(&game))
}

/// The value of a position without legal moves for the side to move: the variant's
/// immediate end if there is one, else its checkmate or stalemate value (`VALUE_MATE`
/// negated for a loss, `VALUE_DRAW`, `VALUE_MATE`).
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960=Flag(false)))]
fn game_result(variant: &str, fen: &str, moves: Vec<String>, chess960: Flag) -> PyResult<i32> {
    let (_, game) = position(variant, fen, &moves, chess960.0).map_err(value_error)?;
    Ok(rules::terminal_value(&game))
}

/// `(ended, value)`: whether a variant rule has ended the game (extinction, flag, n-check,
/// ...), and its value for the side to move.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960=Flag(false)))]
fn is_immediate_game_end(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: Flag,
) -> PyResult<(bool, i32)> {
    let (_, game) = position(variant, fen, &moves, chess960.0).map_err(value_error)?;
    Ok(rules::immediate_end(&game))
}

/// `(ended, value)`: whether a player may end the game here (n-move rule, repetition,
/// counting), and its value for the side to move. Repetitions count the positions `moves`
/// passed through.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960=Flag(false), count_started=0))]
fn is_optional_game_end(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: Flag,
    count_started: i64,
) -> PyResult<(bool, i32)> {
    let _ = count_started;
    let (_, game) = position(variant, fen, &moves, chess960.0).map_err(value_error)?;
    Ok(rules::optional_end(&game))
}

/// `(white, black)`: whether each side lacks the material to win.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, chess960=Flag(false)))]
fn has_insufficient_material(
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: Flag,
) -> PyResult<(bool, bool)> {
    let (_, game) = position(variant, fen, &moves, chess960.0).map_err(value_error)?;
    Ok(rules::insufficient(&game))
}

/// `FEN_OK` (1) for a FEN the variant can play, else a negative code of pyffish's
/// (`-10` a bad character, `-8` the board's shape, ...; `0` an empty FEN).
#[pyfunction]
#[pyo3(signature = (fen, variant, chess960=Flag(false)))]
fn validate_fen(fen: &str, variant: &str, chess960: Flag) -> PyResult<i32> {
    let (v, tables) = library().variant(variant).map_err(value_error)?;
    Ok(rules::validate_fen(&tables, fen, chess960.0 || v.chess960))
}

/// Leaf nodes of the legal-move tree `depth` plies deep (Dabbaba's perft; not in pyffish).
/// The GIL is released while it counts.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, depth, chess960=Flag(false), threads=1))]
fn perft(
    py: Python<'_>,
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    depth: u32,
    chess960: Flag,
    threads: usize,
) -> PyResult<u64> {
    let (_, game) = position(variant, fen, &moves, chess960.0).map_err(value_error)?;
    Ok(py.detach(|| rules::perft(&game, depth, threads.max(1))))
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("VALUE_MATE", VALUE_MATE)?;
    m.add("VALUE_DRAW", VALUE_DRAW)?;
    m.add("FEN_OK", rules::FEN_OK)?;
    m.add(
        "FEN_INVALID_PROMOTED_PIECE",
        rules::FEN_INVALID_PROMOTED_PIECE,
    )?;
    for (name, code) in notation::CODES {
        m.add(name, code)?;
    }
    m.add("error", m.py().get_type::<error>())?;
    m.add_function(wrap_pyfunction!(version, m)?)?;
    m.add_function(wrap_pyfunction!(info, m)?)?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(load_variant_config, m)?)?;
    m.add_function(wrap_pyfunction!(set_option, m)?)?;
    m.add_function(wrap_pyfunction!(start_fen, m)?)?;
    m.add_function(wrap_pyfunction!(two_boards, m)?)?;
    m.add_function(wrap_pyfunction!(captures_to_hand, m)?)?;
    m.add_function(wrap_pyfunction!(legal_moves, m)?)?;
    m.add_function(wrap_pyfunction!(get_fen, m)?)?;
    m.add_function(wrap_pyfunction!(get_fog_fen, m)?)?;
    m.add_function(wrap_pyfunction!(get_san, m)?)?;
    m.add_function(wrap_pyfunction!(get_san_moves, m)?)?;
    m.add_function(wrap_pyfunction!(gives_check, m)?)?;
    m.add_function(wrap_pyfunction!(is_capture, m)?)?;
    m.add_function(wrap_pyfunction!(piece_to_partner, m)?)?;
    m.add_function(wrap_pyfunction!(game_result, m)?)?;
    m.add_function(wrap_pyfunction!(is_immediate_game_end, m)?)?;
    m.add_function(wrap_pyfunction!(is_optional_game_end, m)?)?;
    m.add_function(wrap_pyfunction!(has_insufficient_material, m)?)?;
    m.add_function(wrap_pyfunction!(validate_fen, m)?)?;
    m.add_function(wrap_pyfunction!(perft, m)?)?;
    analysis::register(m)?;
    svg::register(m)?;
    Ok(())
}
