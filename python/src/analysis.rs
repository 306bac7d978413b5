//! `analyse`: a search of one position with Dabbaba's engine, its lines as Python dicts. The
//! GIL is released while the engine searches, so other Python threads run meanwhile.

use std::sync::{Arc, Mutex};

use dabbaba::engine::{Engine, Info, InfoLine};
use dabbaba::search::Score;
use dabbaba::search::{Limits, MAX_PLY};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::library::{library, position, Failure};
use crate::{value_error, Flag};

/// One line of the search's last iteration.
struct Line {
    info: InfoLine,
    san: Vec<String>,
}

/// What a search needs beyond the position.
struct Request<'a> {
    variant: &'a str,
    fen: Option<&'a str>,
    moves: &'a [String],
    chess960: bool,
    multipv: usize,
    limits: Limits,
}

fn search(engine: &mut Engine, r: &Request<'_>) -> Result<Vec<InfoLine>, Failure> {
    engine.set_variant(r.variant).map_err(|e| e.to_string())?;
    let set = |engine: &mut Engine, name: &str, value: String| {
        engine
            .set_option(name, Some(&value))
            .map(|_| ())
            .map_err(|e| e.to_string())
    };
    set(engine, "MultiPV", r.multipv.to_string())?;
    set(engine, "UCI_Chess960", r.chess960.to_string())?;
    engine
        .set_position(r.fen, r.moves)
        .map_err(|e| e.to_string())?;
    // The last line of each MultiPV index: the deepest finished one.
    let lines: Arc<Mutex<Vec<InfoLine>>> = Arc::default();
    let sink = Arc::clone(&lines);
    engine.set_on_info(move |info| {
        if let Info::Line(l) = info {
            let mut all = sink.lock().unwrap_or_else(|e| e.into_inner());
            all.retain(|old| old.multipv != l.multipv);
            all.push(l.clone());
        }
    });
    engine.set_on_bestmove(|_| {});
    engine.go(r.limits.clone());
    engine.wait();
    let mut found = std::mem::take(&mut *lines.lock().unwrap_or_else(|e| e.into_inner()));
    found.sort_by_key(|l| l.multipv);
    Ok(found)
}

fn score_dict<'py>(py: Python<'py>, score: Score) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    match score {
        Score::Cp(cp) => d.set_item("cp", cp)?,
        Score::Mate(m) => d.set_item("mate", m)?,
    }
    Ok(d)
}

fn line_dict<'py>(py: Python<'py>, line: &Line) -> PyResult<Bound<'py, PyDict>> {
    let l = &line.info;
    let d = PyDict::new(py);
    d.set_item("multipv", l.multipv)?;
    d.set_item("depth", l.depth)?;
    d.set_item("seldepth", l.seldepth)?;
    d.set_item("score", score_dict(py, l.score)?)?;
    d.set_item("nodes", l.nodes)?;
    d.set_item("nps", l.nps)?;
    d.set_item("time_ms", l.time_ms)?;
    d.set_item("pv", l.pv.clone())?;
    d.set_item("pv_san", line.san.clone())?;
    Ok(d)
}

/// Searches the position `fen` (or `"startpos"`) after `moves` to the given limit (one of
/// `nodes`, `depth`, `movetime` in milliseconds is needed) and returns one dict per line,
/// best first: `multipv`, `depth`, `seldepth`, `score` (`{"cp": n}` or `{"mate": n}`, from the
/// side to move's view), `nodes`, `nps`, `time_ms`, `pv` (UCI moves) and `pv_san`. Options
/// set with `set_option` (Hash, Threads, EvalFile, ...) apply. At fixed nodes with one thread
/// the answer is the same on every call.
#[pyfunction]
#[pyo3(signature = (variant, fen, moves, nodes=None, depth=None, movetime=None, multipv=1, chess960=Flag(false)))]
#[allow(clippy::too_many_arguments)]
fn analyse<'py>(
    py: Python<'py>,
    variant: &str,
    fen: &str,
    moves: Vec<String>,
    nodes: Option<u64>,
    depth: Option<u32>,
    movetime: Option<u64>,
    multipv: usize,
    chess960: Flag,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    if nodes.is_none() && depth.is_none() && movetime.is_none() {
        return Err(value_error(
            "analyse needs a limit: nodes=, depth= or movetime=".to_string(),
        ));
    }
    // The position is checked here first: its errors read as every other function's.
    let (_, game) = position(variant, fen, &moves, chess960.0).map_err(value_error)?;
    let request = Request {
        variant,
        fen: (fen != "startpos").then_some(fen),
        moves: &moves,
        chess960: chess960.0,
        multipv: multipv.max(1),
        limits: Limits {
            nodes,
            // The search goes no deeper than MAX_PLY; a larger depth is the same search.
            depth: depth.map(|d| d.min(MAX_PLY as u32)),
            movetime,
            ..Limits::default()
        },
    };
    let mut lent = library().take_engine().map_err(value_error)?;
    let found = py.detach(|| search(&mut lent.engine, &request));
    // A fresh game next time: the hash of one call does not steer the next.
    lent.engine.new_game();
    library().return_engine(lent);
    let lines: Vec<Line> = found
        .map_err(value_error)?
        .into_iter()
        .map(|info| Line {
            san: game.san_line(&info.pv).unwrap_or_default(),
            info,
        })
        .collect();
    lines.iter().map(|l| line_dict(py, l)).collect()
}

/// Adds `analyse` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(analyse, m)?)
}
