//! CECP / XBoard protocol 2 (see `reference/protocols.md` §1 and §2): text in, engine calls,
//! text out.
//!
//! The calling thread only reads lines and passes them on; a session thread owns the engine
//! and handles, in order, both the GUI's lines and the search results (the best-move callback
//! sends them to the same channel). So `ping` is answered after everything before it, a
//! move the engine found is played on its own board before the next command is looked at,
//! and commands such as `?`, `force`, `.` or `quit` are read while the engine thinks.
//! Thinking lines come straight from the search thread through the shared [`Output`].

mod clock;
mod edit;
mod highlight;
mod thinking;

use crate::board::{Move, MoveDialect};
use crate::color::Color;
use clock::Level;
use edit::EditBoard;
pub use thinking::{cecp_score, thinking_line};
use thinking::{lock, Shared};

use crate::engine::game::{Coord, GameResult};
use crate::engine::options::{names, OptionKind};
use crate::engine::{BestMove, Engine, Info, OptionOutcome};
use crate::protocol::define::{self, DefineBlock, Taken};
use crate::protocol::movetext::{find_move, Coords};
pub use crate::protocol::xboard_setup::{
    holdings_order, piece_to_char_table, pocket_size, setup_lines, xboard_castling, xboard_knows,
    xboard_name,
};
use crate::protocol::Output;
use crate::search::Limits;
use crossbeam_channel::{unbounded, Receiver};
use std::io::BufRead;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Events the session thread handles in order.
enum Event {
    Line(String),
    /// A line whose bytes were not all UTF-8, or that was cut (see
    /// [`super::read_line`]): said in a comment, then handled as read.
    Damaged(String),
    Best(BestMove, u64),
    Eof,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Searching {
    Idle,
    /// Thinking on the engine's own move.
    Move,
    /// Pondering (after the engine's move, on the expected reply).
    Ponder,
    /// Analysis mode.
    Analysis,
}

struct Session {
    out: Output,
    shared: Arc<Mutex<Shared>>,
    gen: Arc<AtomicU64>,
    searching: Searching,
    /// The side the engine plays; `None` in force mode.
    engine_side: Option<Color>,
    analyzing: bool,
    pending_pongs: Vec<String>,
    level: Option<Level>,
    st_ms: Option<u64>,
    sd: Option<u32>,
    nps: Option<u64>,
    time_cs: Option<u64>,
    otim_cs: Option<u64>,
    ponder: bool,
    excluded: Vec<Move>,
    coords: Coords,
    lifted: Option<Coord>,
    last_score: Option<i32>,
    /// The reply the engine expects to its last move: its text (for `hint`) and the move,
    /// which a ponder search plays.
    hint: Option<(String, Move)>,
    paused: bool,
    /// Castling moves XBoard cannot follow (engine-defined variant whose castling `On` cannot
    /// express) are left out of the engine's own moves and of highlights.
    drop_castling: bool,
    /// Edit mode (protocol 1 `edit`): board being built and the colour being placed.
    edit: Option<EditBoard>,
    /// The `define` block being read, if any.
    define: Option<DefineBlock>,
}

/// Runs a CECP session on `engine`: `first` is the line that selected CECP (normally
/// `xboard`), then lines from `input` until `quit` or end of input.
pub fn run(
    engine: &mut Engine,
    first: &str,
    input: &mut dyn BufRead,
    out: Output,
) -> std::io::Result<()> {
    let (tx, rx) = unbounded::<Event>();
    let gen = Arc::new(AtomicU64::new(0));
    engine.set_move_dialect(MoveDialect::Cecp);
    let v = engine.variant();
    let coords = Coords::new(v.files, v.ranks);
    let shared = Arc::new(Mutex::new(Shared {
        post: false,
        quiet: false,
        last: None,
        printed: None,
        dedupe: true,
        started: Instant::now(),
    }));
    {
        let (o, sh) = (out.clone(), Arc::clone(&shared));
        engine.set_on_info(move |info| {
            let mut s = lock(&sh);
            match info {
                Info::Line(l) => {
                    s.last = Some((l.depth, cecp_score(l.score), l.nodes));
                    if s.post && !s.quiet && l.multipv <= 1 && s.is_new(l) {
                        o.line(&thinking_line(l));
                    }
                }
                Info::Text(t) => {
                    if s.post && !s.quiet {
                        o.line(&format!("# {t}"));
                    }
                }
            }
        });
        let (tx2, g2) = (tx.clone(), Arc::clone(&gen));
        engine.set_on_bestmove(move |b| {
            let _ = tx2.send(Event::Best(b.clone(), g2.load(Ordering::SeqCst)));
        });
    }
    let mut session = Session {
        out,
        shared,
        gen,
        searching: Searching::Idle,
        engine_side: Some(Color::Black),
        analyzing: false,
        pending_pongs: Vec::new(),
        level: None,
        st_ms: None,
        sd: None,
        nps: None,
        time_cs: None,
        otim_cs: None,
        ponder: false,
        excluded: Vec::new(),
        coords,
        lifted: None,
        last_score: None,
        hint: None,
        paused: false,
        drop_castling: false,
        edit: None,
        define: None,
    };
    let first = first.to_string();
    std::thread::scope(|scope| -> std::io::Result<()> {
        let worker = scope.spawn(move || {
            session.run(engine, &first, &rx);
            engine.stop_and_wait();
        });
        let mut line = String::new();
        loop {
            if worker.is_finished() {
                break;
            }
            match super::read_line(input, &mut line) {
                Ok(super::LineRead::Eof) | Err(_) => {
                    let _ = tx.send(Event::Eof);
                    break;
                }
                Ok(read) => {
                    let quit = line.trim() == "quit";
                    let event = if read == super::LineRead::Damaged {
                        Event::Damaged(line.clone())
                    } else {
                        Event::Line(line.clone())
                    };
                    if tx.send(event).is_err() || quit {
                        break;
                    }
                }
            }
        }
        let _ = worker.join();
        Ok(())
    })
}

/// Why CECP refuses the variant named `name`, if it does: XBoard 4.9.1 moves the sides in
/// turn, so it cannot play turns of several moves, and its holdings have no room for
/// prisons (nor its moves for an exchange).
fn cecp_refusal(engine: &Engine, name: &str) -> Option<&'static str> {
    let v = engine.variant_named(name)?;
    if v.special_moves.multi_move_turns() {
        Some("XBoard cannot play turns of several moves; use UCI")
    } else if !v.drops.hostage_ranks.is_empty() {
        Some("XBoard cannot show prisons or play hostage exchanges; use UCI")
    } else {
        None
    }
}

/// The variants CECP offers, by XBoard's names (`normal` for chess): the playable ones but
/// those XBoard 4.9.1 cannot play ([`cecp_refusal`]).
fn cecp_variants(engine: &Engine) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for n in engine.playable_variant_names() {
        if cecp_refusal(engine, &n).is_some() {
            continue;
        }
        let xb = if n == "chess" {
            "normal".to_string()
        } else {
            n
        };
        if !names.contains(&xb) {
            names.push(xb);
        }
    }
    names
}

/// Commands that end a search on the engine's own move or a ponder search (its result is
/// dropped). Everything else (`ping`, `time`, `?`, `post`, `lift`, unknown input, ...) lets it
/// run on.
fn stops_search(cmd: &str) -> bool {
    matches!(
        cmd,
        "new"
            | "variant"
            | "force"
            | "go"
            | "playother"
            | "white"
            | "black"
            | "usermove"
            | "result"
            | "setboard"
            | "edit"
            | "undo"
            | "remove"
            | "analyze"
            | "exit"
            | "option"
            | "exclude"
            | "include"
            | "quit"
    )
}

impl Session {
    fn run(&mut self, engine: &mut Engine, first: &str, rx: &Receiver<Event>) {
        if !self.command(engine, first) {
            return;
        }
        while let Ok(ev) = rx.recv() {
            match ev {
                Event::Line(l) => {
                    if !self.command(engine, &l) {
                        return;
                    }
                }
                Event::Damaged(l) => {
                    // A comment: XBoard ignores it, a log keeps it.
                    self.line(
                        "# the next line was not valid UTF-8 or longer than 1 MiB: \
                         bad bytes read as U+FFFD, the rest cut",
                    );
                    if !self.command(engine, &l) {
                        return;
                    }
                }
                Event::Best(b, g) => {
                    if g == self.gen.load(Ordering::SeqCst) {
                        self.on_best(engine, b);
                    }
                }
                Event::Eof => return,
            }
        }
    }

    fn line(&self, s: &str) {
        self.out.line(s);
    }

    /// Stops any search and forgets its result.
    fn abort(&mut self, engine: &mut Engine) {
        if self.searching != Searching::Idle {
            // What the search still reports while it stops belongs to a search the GUI has
            // left (`exit`, `new`, a move in analysis): a thinking line after `exit` would
            // reach a client that is no longer reading analysis.
            lock(&self.shared).quiet = true;
            engine.stop_and_wait();
            self.gen.fetch_add(1, Ordering::SeqCst);
            lock(&self.shared).quiet = false;
            self.searching = Searching::Idle;
        }
        self.flush_pongs();
    }

    fn flush_pongs(&mut self) {
        for n in std::mem::take(&mut self.pending_pongs) {
            self.line(&format!("pong {n}"));
        }
    }

    fn set_coords(&mut self, engine: &Engine) {
        let v = engine.variant();
        self.coords = Coords::new(v.files, v.ranks);
    }

    /// Handles one line; false on `quit`.
    fn command(&mut self, engine: &mut Engine, raw: &str) -> bool {
        let line = raw.trim();
        // A `define` block keeps its empty lines, so that its problems name the right lines.
        if let Some(block) = self.define.as_mut() {
            match block.take(line) {
                Taken::More => {}
                Taken::Done(text) => {
                    self.define = None;
                    let said = define::define(engine, &text);
                    self.announce_variants(engine, &said);
                }
                Taken::Quit => {
                    self.line(&format!("# {}", define::UNFINISHED));
                    return false;
                }
            }
            return true;
        }
        if line.is_empty() {
            return true;
        }
        tracing::debug!(target: "xboard", "<< {line}");
        if self.edit.is_some() {
            self.edit_command(engine, line);
            return true;
        }
        let (cmd, arg) = match line.split_once(char::is_whitespace) {
            Some((c, a)) => (c, a.trim()),
            None => (line, ""),
        };
        let bare_move = !stops_search(cmd) && self.coords.parse_move(line).is_some();
        if self.searching != Searching::Idle && (stops_search(cmd) || bare_move) {
            self.abort(engine);
        }
        match cmd {
            "xboard" => {}
            "protover" => self.features(engine),
            "accepted" | "rejected" | "random" | "computer" | "name" | "rating" | "ics"
            | "egtpath" => {}
            "new" => self.new_game(engine),
            "variant" => self.variant(engine, arg),
            "force" => {
                self.engine_side = None;
            }
            "go" => {
                self.engine_side = Some(engine.side_to_move());
                self.think(engine);
            }
            "playother" => {
                self.engine_side = Some(!engine.side_to_move());
                self.start_ponder(engine);
            }
            "white" | "black" => {
                // Only with colors=1 (we ask for colors=0): the GUI's side to move.
                self.engine_side = Some(if cmd == "white" {
                    Color::Black
                } else {
                    Color::White
                });
            }
            "usermove" => self.user_move(engine, arg),
            "level" => self.level(arg),
            "st" => match arg.parse::<f64>() {
                Ok(s) if s >= 0.0 => {
                    self.st_ms = Some((s * 1000.0) as u64);
                }
                _ => self.error("bad st", line),
            },
            "sd" => match arg.parse::<u32>() {
                Ok(d) => self.sd = Some(d.clamp(1, 1000)),
                _ => self.error("bad sd", line),
            },
            "nps" => match arg.parse::<u64>() {
                Ok(n) => self.nps = (n > 0).then_some(n),
                _ => self.error("bad nps", line),
            },
            "time" => self.time_cs = arg.parse::<i64>().ok().map(|t| t.max(1) as u64),
            "otim" => self.otim_cs = arg.parse::<i64>().ok().map(|t| t.max(1) as u64),
            "?" => {
                if self.searching == Searching::Move {
                    engine.stop();
                }
            }
            "ping" => {
                if self.searching == Searching::Move {
                    self.pending_pongs.push(arg.to_string());
                } else {
                    self.line(&format!("pong {arg}"));
                }
            }
            "draw" => {
                if self.engine_side.is_some() && self.last_score.is_some_and(|s| s <= -50) {
                    self.line("offer draw");
                }
            }
            "result" => {
                self.engine_side = None;
            }
            "setboard" => self.setboard(engine, arg),
            "define" => self.define = Some(DefineBlock::default()),
            "edit" => {
                self.edit = Some(EditBoard {
                    squares: self.board_squares(engine),
                    side: Color::White,
                });
            }
            "undo" => self.undo(engine, 1, line),
            "remove" => self.undo(engine, 2, line),
            "hard" => self.ponder = true,
            "easy" => self.ponder = false,
            "post" => lock(&self.shared).post = true,
            "nopost" => lock(&self.shared).post = false,
            "analyze" => {
                self.analyzing = true;
                self.engine_side = None;
                if let Some(reason) = engine.position_refused() {
                    // Said once here; after other commands analysis waits silently for a
                    // position (`start_analysis`).
                    self.error(&format!("no position: {reason}"), "analyze");
                }
                self.start_analysis(engine);
            }
            "exit" => {
                if self.analyzing {
                    self.abort(engine);
                    self.analyzing = false;
                }
            }
            "." => self.stat01(engine),
            "hint" => {
                if let Some((h, _)) = &self.hint {
                    self.line(&format!("Hint: {h}"));
                }
            }
            "bk" => {
                self.line(" Dabbaba has no opening book.");
                self.line("");
            }
            "memory" => self.set_option(engine, names::HASH, arg),
            "cores" => self.set_option(engine, names::THREADS, arg),
            "option" => self.option(engine, arg),
            "exclude" | "include" => self.exclude(engine, cmd == "exclude", arg),
            "pause" => {
                if !self.paused {
                    self.paused = true;
                    self.abort(engine);
                }
            }
            "resume" => {
                if self.paused {
                    self.paused = false;
                    self.resume(engine);
                }
            }
            "lift" => self.lift(engine, arg),
            "put" => self.put(engine, arg),
            "hover" => self.hover(engine, arg),
            "quit" => {
                self.abort(engine);
                return false;
            }
            _ => {
                // A bare move (protocol 1 style, or usermove not accepted).
                if self.coords.parse_move(line).is_some() {
                    self.user_move(engine, line);
                } else {
                    self.error("unknown command", line);
                }
            }
        }
        // Analysis follows every change of the position.
        if self.analyzing && self.searching == Searching::Idle && !self.paused {
            self.start_analysis(engine);
        }
        true
    }

    fn error(&self, kind: &str, cmd: &str) {
        self.line(&format!("Error ({kind}): {cmd}"));
    }

    fn features(&self, engine: &Engine) {
        self.line("feature done=0");
        let names_seen = cecp_variants(engine);
        self.line(&format!(
            "feature ping=1 setboard=1 playother=1 san=0 usermove=1 time=1 draw=1 sigint=0 sigterm=0 reuse=1 \
             analyze=1 myname=\"{}\" variants=\"{}\" colors=0 ics=0 name=1 pause=1 nps=1 debug=1 memory=1 smp=1 \
             exclude=1 highlight=1",
            super::uci::ENGINE_NAME,
            names_seen.join(",")
        ));
        for spec in engine.options().specs() {
            let n = spec.name.as_str();
            // Hash, Threads and Ponder are `memory`, `cores` and `hard`/`easy`; variants come
            // with `variant`; the other UCI_ options mean nothing in CECP.
            if n == names::HASH
                || n == names::THREADS
                || n == names::PONDER
                || n.starts_with("UCI_")
            {
                continue;
            }
            let o = match &spec.kind {
                OptionKind::Check { default } => format!("{n} -check {}", u8::from(*default)),
                OptionKind::Spin { default, min, max } => {
                    format!("{n} -spin {default} {min} {max}")
                }
                OptionKind::Combo { default, vars } => {
                    let v: Vec<String> = vars
                        .iter()
                        .map(|v| {
                            if v == default {
                                format!("*{v}")
                            } else {
                                v.clone()
                            }
                        })
                        .collect();
                    format!("{n} -combo {}", v.join(" /// "))
                }
                OptionKind::Button => format!("{n} -button"),
                OptionKind::String { default } => {
                    if n == names::VARIANT_PATH || n == names::BOOK_FILE {
                        format!("{n} -file {default}")
                    } else {
                        format!("{n} -string {default}")
                    }
                }
            };
            self.line(&format!("feature option=\"{o}\""));
        }
        self.line("feature done=1");
    }

    fn new_game(&mut self, engine: &mut Engine) {
        // `new` means standard chess; `variant` follows for anything else.
        if engine.variant().name == "chess" || engine.set_variant("chess").is_err() {
            let _ = engine.set_position(None, &[]);
        }
        engine.new_game();
        self.set_coords(engine);
        self.engine_side = Some(Color::Black);
        self.drop_castling = false;
        self.sd = None;
        self.excluded.clear();
        self.last_score = None;
        self.hint = None;
        self.lifted = None;
    }

    fn variant(&mut self, engine: &mut Engine, arg: &str) {
        // A size prefix (`10x8+0_capablanca`) may come with a known name.
        let name = match arg.split_once('_') {
            Some((pre, rest)) if pre.contains('x') && pre.contains('+') => rest,
            _ => arg,
        };
        let ours = if name == "normal" && engine.variant_names().iter().any(|n| n == "chess") {
            "chess"
        } else {
            name
        };
        if let Some(reason) = cecp_refusal(engine, ours) {
            self.line(&format!("Error ({reason}): {arg}"));
            return;
        }
        match engine.set_variant(ours) {
            Ok(summary) => {
                if let Some(n) = &summary.notice {
                    self.line(&format!("# {n}"));
                }
                self.set_coords(engine);
                self.excluded.clear();
                let v = engine.variant().clone();
                self.drop_castling =
                    !xboard_knows(&v) && v.castling.enabled && xboard_castling(&v).is_none();
                if !xboard_knows(&v) {
                    for l in setup_lines(&v, &summary.template) {
                        self.line(&l);
                    }
                }
            }
            Err(e) => {
                self.line(&format!("Error (unknown variant): {arg}"));
                tracing::warn!("variant {arg}: {e}");
            }
        }
    }

    fn user_move(&mut self, engine: &mut Engine, text: &str) {
        if engine.position_refused().is_some() {
            self.line(&format!("Illegal move (no position): {text}"));
            return;
        }
        let legal = engine.legal_move_details();
        let Some(d) = self
            .coords
            .parse_move(text)
            .and_then(|m| find_move(&m, &legal))
            .cloned()
        else {
            self.line(&format!("Illegal move: {text}"));
            return;
        };
        if engine.play_move(d.mv).is_err() {
            self.line(&format!("Illegal move: {text}"));
            return;
        }
        self.excluded.clear();
        self.lifted = None;
        if self.analyzing {
            return;
        }
        if let Some(side) = self.engine_side {
            if let Some(over) = self.game_end(engine) {
                self.claim(&over);
                return;
            }
            if side == engine.side_to_move() && !self.paused {
                self.think(engine);
            }
        }
    }

    /// The end of the game the engine claims: the board layer's, except an n-move draw in
    /// xiangqi. XBoard verifies draw claims with its own count, and in xiangqi it leaves
    /// checks and check evasions out of the n-move count, so it calls our claim false and
    /// gives the claimer the loss (two self-play games ended so); there the engine plays on
    /// and XBoard adjudicates the draw when its own count is full.
    fn game_end(&self, engine: &Engine) -> Option<crate::engine::game::GameOver> {
        engine.game_over().filter(|over| {
            !(over.rule == crate::board::rules::EndReason::MoveRule
                && xboard_name(engine.variant()) == "xiangqi")
        })
    }

    fn claim(&self, over: &crate::engine::game::GameOver) {
        let r = match over.result {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        };
        self.line(&format!("{r} {{{}}}", over.reason));
    }

    /// The root moves left after `exclude` (empty = all).
    fn root_moves(&self, engine: &Engine) -> Vec<Move> {
        if self.excluded.is_empty() && !self.drop_castling {
            return Vec::new();
        }
        let all = engine.legal_move_details();
        let kept: Vec<Move> = all
            .iter()
            .filter(|d| !(self.drop_castling && d.rook.is_some()))
            .filter(|d| !self.excluded.contains(&d.mv))
            .map(|d| d.mv)
            .collect();
        if kept.len() == all.len() {
            Vec::new()
        } else {
            kept
        }
    }

    fn think(&mut self, engine: &mut Engine) {
        if let Some(reason) = engine.position_refused() {
            // The last setboard was refused: no position to move in until a new one.
            self.error(&format!("no position: {reason}"), "go");
            return;
        }
        if let Some(over) = self.game_end(engine) {
            self.claim(&over);
            return;
        }
        if self.paused {
            return;
        }
        let l = self.limits(engine);
        {
            let mut s = lock(&self.shared);
            s.quiet = false;
            s.last = None;
            s.printed = None;
            s.dedupe = true;
            s.started = Instant::now();
        }
        self.searching = Searching::Move;
        engine.go(l);
    }

    fn start_analysis(&mut self, engine: &mut Engine) {
        if engine.game_over().is_some() || engine.position_refused().is_some() {
            return;
        }
        let searchmoves = self.root_moves(engine);
        if !self.excluded.is_empty() && searchmoves.is_empty() {
            // Everything is excluded: nothing to analyse.
            return;
        }
        {
            let mut s = lock(&self.shared);
            s.quiet = false;
            s.last = None;
            s.printed = None;
            s.dedupe = false;
            s.started = Instant::now();
        }
        self.searching = Searching::Analysis;
        engine.go(Limits {
            infinite: true,
            searchmoves,
            ..Limits::default()
        });
    }

    fn start_ponder(&mut self, engine: &mut Engine) {
        if !self.ponder || self.analyzing || self.paused {
            return;
        }
        let Some((_, guess)) = self.hint else {
            return;
        };
        if engine.play_move(guess).is_err() {
            return;
        }
        if engine.game_over().is_none() {
            lock(&self.shared).quiet = true;
            self.searching = Searching::Ponder;
            // The search works on its own copy; the game goes back at once.
            engine.go(Limits {
                infinite: true,
                ponder: true,
                ..Limits::default()
            });
        }
        engine.undo_move();
    }

    fn resume(&mut self, engine: &mut Engine) {
        if self.analyzing {
            return;
        }
        if self.engine_side == Some(engine.side_to_move()) {
            self.think(engine);
        }
    }

    fn on_best(&mut self, engine: &mut Engine, b: BestMove) {
        if self.searching != Searching::Move {
            return;
        }
        self.searching = Searching::Idle;
        self.last_score = lock(&self.shared).last.map(|l| l.1);
        match b.best_move.zip(b.best) {
            Some((mv, text)) => {
                if engine.play_move(mv).is_ok() {
                    self.line(&format!("move {text}"));
                    self.hint = b.ponder.zip(b.ponder_move);
                    self.excluded.clear();
                    self.flush_pongs();
                    if let Some(over) = self.game_end(engine) {
                        self.claim(&over);
                    } else {
                        self.start_ponder(engine);
                    }
                    return;
                }
                tracing::warn!("the engine's move {text} could not be played");
                self.flush_pongs();
            }
            None => {
                self.flush_pongs();
                if let Some(over) = self.game_end(engine) {
                    self.claim(&over);
                }
            }
        }
    }

    fn setboard(&mut self, engine: &mut Engine, fen: &str) {
        match engine.set_position(Some(fen), &[]) {
            Ok(()) => {
                self.excluded.clear();
                self.lifted = None;
            }
            Err(e) => {
                tracing::warn!("setboard: {e}");
                self.line("tellusererror Illegal position");
            }
        }
    }

    fn undo(&mut self, engine: &mut Engine, n: usize, cmd: &str) {
        for _ in 0..n {
            if !engine.undo_move() {
                self.error("cannot undo", cmd);
                break;
            }
        }
        self.excluded.clear();
        self.lifted = None;
    }

    fn stat01(&self, engine: &Engine) {
        // Nothing is analysed without a position.
        if !self.analyzing || engine.position_refused().is_some() {
            return;
        }
        let s = lock(&self.shared);
        let cs = s.started.elapsed().as_millis() / 10;
        let (depth, nodes) = s.last.map(|l| (l.0, l.2)).unwrap_or((0, 0));
        let total = engine.legal_moves().len();
        self.line(&format!("stat01: {cs} {nodes} {depth} 0 {total}"));
    }

    fn set_option(&self, engine: &mut Engine, name: &str, value: &str) {
        let v = match name {
            names::HASH => value
                .parse::<i64>()
                .map(|n| n.clamp(1, crate::engine::options::MAX_HASH_MB).to_string()),
            names::THREADS => value
                .parse::<i64>()
                .map(|n| n.clamp(1, crate::engine::options::MAX_THREADS).to_string()),
            _ => Ok(value.to_string()),
        };
        match v {
            Ok(v) => {
                if let Err(e) = engine.set_option(name, Some(&v)) {
                    self.error(&e.to_string(), &format!("{name} {value}"));
                }
            }
            Err(_) => self.error("bad value", &format!("{name} {value}")),
        }
    }

    fn option(&mut self, engine: &mut Engine, arg: &str) {
        let (name, value) = match arg.split_once('=') {
            Some((n, v)) => (n.trim(), Some(v.trim())),
            None => (arg.trim(), None),
        };
        let Some(spec) = engine.options().spec(name).cloned() else {
            self.error("unknown option", &format!("option {arg}"));
            return;
        };
        let value = match (&spec.kind, value) {
            (OptionKind::Check { .. }, Some(v)) => {
                Some(if v == "1" || v.eq_ignore_ascii_case("true") {
                    "true".to_string()
                } else {
                    "false".to_string()
                })
            }
            (_, v) => v.map(str::to_string),
        };
        if spec.name == names::VARIANT {
            if let Some(reason) = value.as_deref().and_then(|v| cecp_refusal(engine, v)) {
                self.line(&format!("Error ({reason}): option {arg}"));
                return;
            }
        }
        match engine.set_option(name, value.as_deref()) {
            Ok(OptionOutcome::VariantsLoaded(added, notices)) => {
                let mut lines = notices;
                lines.push(format!(
                    "loaded {} variants: {}",
                    added.len(),
                    added.join(" ")
                ));
                self.announce_variants(engine, &lines);
            }
            Ok(OptionOutcome::VariantChanged(_)) => self.set_coords(engine),
            Ok(OptionOutcome::Done) => {}
            Err(e) => self.line(&format!("Error (bad option value): option {arg} ({e})")),
        }
    }

    /// After variants were loaded or defined: `lines` as comments, then the `variants`
    /// feature again, with the new ones.
    fn announce_variants(&self, engine: &Engine, lines: &[String]) {
        for l in lines {
            self.line(&format!("# {l}"));
        }
        let all = cecp_variants(engine);
        self.line(&format!("feature variants=\"{}\"", all.join(",")));
    }

    fn exclude(&mut self, engine: &mut Engine, exclude: bool, arg: &str) {
        if self.searching == Searching::Analysis {
            self.abort(engine);
        }
        if arg == "all" {
            self.excluded = if exclude {
                engine.legal_moves()
            } else {
                Vec::new()
            };
            return;
        }
        let legal = engine.legal_move_details();
        let Some(d) = self
            .coords
            .parse_move(arg)
            .and_then(|m| find_move(&m, &legal))
            .cloned()
        else {
            self.line(&format!("Illegal move: {arg}"));
            return;
        };
        if exclude {
            if !self.excluded.contains(&d.mv) {
                self.excluded.push(d.mv);
            }
        } else {
            self.excluded.retain(|&m| m != d.mv);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::builtin;

    #[test]
    fn known_and_tables() {
        let chess = builtin("chess").unwrap();
        assert!(xboard_knows(chess));
        assert_eq!(xboard_name(chess), "normal");
        let shako = builtin("shako").unwrap();
        assert!(!xboard_knows(shako));
        assert_eq!(
            piece_to_char_table(shako),
            "PNBRQ.E....C.........Kpnbrq.e....c.........k"
        );
        let lines = setup_lines(shako, "fairy");
        assert!(lines[0].starts_with(
            "setup (PNBRQ.E....C.........Kpnbrq.e....c.........k) 10x10+0_fairy c8c/"
        ));
        assert!(lines.contains(&"piece K& K".to_string()), "{lines:?}");
        assert_eq!(xboard_castling(chess), Some(2));
        assert_eq!(xboard_castling(builtin("capablanca").unwrap()), Some(3));
        assert_eq!(xboard_castling(shako), None);
        assert_eq!(xboard_castling(builtin("nocastle").unwrap()), None);
        assert!(lines.contains(&"piece C& mRcpR".to_string()), "{lines:?}");
        // A table without the variant's letters is replaced by a derived one.
        let perfect = builtin("perfect").unwrap();
        let t = piece_to_char_table(perfect);
        for p in &perfect.pieces {
            assert!(t.contains(p.letter.to_ascii_uppercase()), "{t}");
        }
        assert_eq!(t.len() % 2, 0);
        assert!(t.starts_with("PNBRQ"));
    }
}
