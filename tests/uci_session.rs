//! UCI sessions with the `dabbaba` binary through pipes: handshake, options, positions, games in
//! several variants with every `bestmove` checked legal, errors reported with `info string`,
//! `stop`/`ponderhit`, `go perft`, and our chess output lines parsed by vampirc-uci.

mod pipe_common;

use dabbaba::engine::Engine;
use std::io::Write;
use std::process::{Child, ChildStdin};
use std::sync::mpsc::Receiver;
use std::time::Duration;

/// Guard against a hung engine (not a timing assertion).
const HANG: Duration = Duration::from_secs(120);

struct Uci {
    child: Child,
    stdin: ChildStdin,
    rx: Receiver<String>,
    log: Vec<String>,
}

impl Uci {
    fn start() -> Uci {
        Uci::from(pipe_common::start(&["-q"]))
    }

    /// The engine with its address space limited to `kb` kilobytes.
    fn start_limited(kb: u64) -> Uci {
        Uci::from(pipe_common::start_limited(kb, &["-q"]))
    }

    fn from(p: pipe_common::Pipes) -> Uci {
        let pipe_common::Pipes { child, stdin, rx } = p;
        Uci {
            child,
            stdin,
            rx,
            log: Vec::new(),
        }
    }

    fn send(&mut self, s: &str) {
        self.send_bytes(s.as_bytes());
    }

    /// Sends one line of raw bytes (which need not be UTF-8).
    fn send_bytes(&mut self, b: &[u8]) {
        self.log.push(format!("> {}", String::from_utf8_lossy(b)));
        self.stdin.write_all(b).expect("write");
        self.stdin.write_all(b"\n").expect("write");
        self.stdin.flush().expect("flush");
    }

    /// Reads lines until one starts with `prefix`; returns all lines read including it.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut out = Vec::new();
        loop {
            match self.rx.recv_timeout(HANG) {
                Ok(l) => {
                    self.log.push(format!("< {l}"));
                    let done = l.starts_with(prefix);
                    out.push(l);
                    if done {
                        return out;
                    }
                }
                Err(_) => panic!("no '{prefix}' line; session:\n{}", self.log.join("\n")),
            }
        }
    }

    fn handshake(&mut self) -> Vec<String> {
        self.send("uci");
        let l = self.until("uciok");
        self.send("isready");
        self.until("readyok");
        l
    }

    fn bestmove(&mut self) -> (Vec<String>, String) {
        let lines = self.until("bestmove");
        let last = lines.last().cloned().unwrap_or_default();
        let mv = last.split_whitespace().nth(1).unwrap_or("").to_string();
        (lines, mv)
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let _ = self.child.wait();
    }
}

/// The legal moves after `moves` from the start of `variant` (library oracle; its move
/// generator is checked against reference perft numbers elsewhere).
fn legal_after(variant: &str, fen: Option<&str>, moves: &[String]) -> Vec<String> {
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};
    // One engine per variant: building move tables is the slow part.
    static ORACLES: OnceLock<Mutex<HashMap<String, Engine>>> = OnceLock::new();
    let mut map = ORACLES
        .get_or_init(|| Mutex::new(HashMap::new()))
        .lock()
        .unwrap_or_else(|p| p.into_inner());
    let e = map.entry(variant.to_string()).or_insert_with(|| {
        let mut e = Engine::new();
        e.set_variant(variant).expect("variant");
        e
    });
    e.set_position(fen, moves).expect("position");
    e.legal_moves()
        .into_iter()
        .map(|m| e.move_text(m))
        .collect()
}

/// Plays `plies` moves of engine-vs-engine with varied `go` commands and checks each move.
fn play(u: &mut Uci, variant: &str, plies: usize) {
    u.send(&format!("setoption name UCI_Variant value {variant}"));
    let l = u.until("info string variant");
    assert!(
        l.last()
            .is_some_and(|x| x.contains(&format!("variant {variant} files"))),
        "{l:?}"
    );
    u.send("ucinewgame");
    let mut moves: Vec<String> = Vec::new();
    let gos = [
        "go depth 3",
        "go movetime 50",
        "go nodes 3000",
        "go wtime 2000 btime 2000 winc 20 binc 20",
    ];
    for ply in 0..plies {
        let pos = if moves.is_empty() {
            "position startpos".to_string()
        } else {
            format!("position startpos moves {}", moves.join(" "))
        };
        u.send(&pos);
        u.send(gos[ply % gos.len()]);
        let (lines, mv) = u.bestmove();
        let legal = legal_after(variant, None, &moves);
        if legal.is_empty() {
            assert_eq!(mv, "(none)", "{variant}: game over but bestmove {mv}");
            return;
        }
        assert!(
            legal.contains(&mv),
            "{variant}: illegal bestmove {mv} after {moves:?}; legal {legal:?}"
        );
        // Every PV in the info lines starts with a legal move.
        for l in lines.iter().filter(|l| l.starts_with("info depth")) {
            let pv: Vec<&str> = l
                .split(" pv ")
                .nth(1)
                .unwrap_or("")
                .split_whitespace()
                .collect();
            assert!(
                pv.first().is_some_and(|m| legal.iter().any(|x| x == m)),
                "{variant}: bad pv in {l}"
            );
        }
        moves.push(mv);
    }
}

#[test]
fn handshake_lists_options_and_variants() {
    let mut u = Uci::start();
    let l = u.handshake();
    assert!(l.iter().any(|x| x.starts_with("id name Dabbaba")));
    assert!(l.iter().any(|x| x.starts_with("id author")));
    for opt in [
        "option name Hash type spin default 16 min 1",
        "option name Threads type spin default 1 min 1",
        "option name MultiPV type spin default 1",
        "option name Ponder type check default false",
        "option name Clear Hash type button",
        "option name Move Overhead type spin default 100",
        "option name UCI_Chess960 type check default false",
        "option name VariantPath type string default <empty>",
        "option name UCI_ShowWDL type check default false",
    ] {
        assert!(
            l.iter().any(|x| x.starts_with(opt)),
            "missing '{opt}' in {l:?}"
        );
    }
    // Every advertised option acts; UCI_AnalyseMode would not, so it is not offered.
    assert!(!l.iter().any(|x| x.contains("UCI_AnalyseMode")), "{l:?}");
    let combo = l
        .iter()
        .find(|x| x.starts_with("option name UCI_Variant type combo default chess"))
        .expect("UCI_Variant");
    for v in [
        "var chess",
        "var capablanca",
        "var grand",
        "var shatranj",
        "var makruk",
    ] {
        assert!(combo.contains(v), "{v} missing from {combo}");
    }
}

#[test]
fn chess_game_has_legal_moves_only() {
    let mut u = Uci::start();
    u.handshake();
    play(&mut u, "chess", 16);
}

#[test]
fn fairy_games_have_legal_moves_only() {
    let mut u = Uci::start();
    u.handshake();
    // 10x8, 10x10 (ranks written 1-10), 12x8, old-style pieces, Thai counting rules.
    for v in [
        "capablanca",
        "grand",
        "courier",
        "shatranj",
        "makruk",
        "grasshopper",
    ] {
        play(&mut u, v, 8);
    }
}

#[test]
fn ten_rank_moves_use_rank_ten() {
    let mut u = Uci::start();
    u.handshake();
    u.send("setoption name UCI_Variant value grand");
    u.until("info string variant grand files 10 ranks 10");
    // Black's moves start from rank 10 or below; a move like a7a6 is on 10x10.
    u.send("position startpos moves e3e4");
    u.send("go depth 2");
    let (_, mv) = u.bestmove();
    assert!(
        legal_after("grand", None, &["e3e4".to_string()]).contains(&mv),
        "{mv}"
    );
}

#[test]
fn errors_are_reported_and_leave_a_defined_state() {
    let mut u = Uci::start();
    u.handshake();
    u.send("position startpos moves e2e4");
    u.send("position fen this/is/not/a/fen w - - 0 1");
    let l = u.until("info string");
    assert!(l.last().is_some_and(|x| x.contains("bad FEN")), "{l:?}");
    u.send("position startpos moves e2e4 e7e5 e1e3");
    let l = u.until("info string");
    assert!(
        l.last().is_some_and(|x| x.contains("illegal move 'e1e3'")),
        "{l:?}"
    );
    // As in Stockfish and Fairy-Stockfish, the position is the one reached before the
    // illegal move (after e2e4 e7e5: White to move), not the previous command's.
    u.send("go depth 2");
    let (_, mv) = u.bestmove();
    let before = ["e2e4".to_string(), "e7e5".to_string()];
    assert!(legal_after("chess", None, &before).contains(&mv), "{mv}");
    u.send("setoption name Hash value lots");
    assert!(u
        .until("info string")
        .last()
        .is_some_and(|x| x.contains("Hash")));
    u.send("setoption name Threads value 0");
    assert!(u
        .until("info string")
        .last()
        .is_some_and(|x| x.contains("Threads")));
    u.send("setoption name NoSuchOption value 1");
    assert!(u
        .until("info string")
        .last()
        .is_some_and(|x| x.contains("unknown option")));
    u.send("setoption name UCI_Variant value nosuchvariant");
    assert!(u
        .until("info string")
        .last()
        .is_some_and(|x| x.contains("nosuchvariant")));
    u.send("setoption name VariantPath value /nonexistent/variants.ini");
    assert!(u
        .until("info string")
        .last()
        .is_some_and(|x| x.contains("cannot load")));
    u.send("go depth x");
    assert!(u
        .until("info string")
        .last()
        .is_some_and(|x| x.contains("error")));
    u.send("position");
    u.until("info string");
    u.send("fly to the moon");
    u.until("info string");
    u.send("isready");
    u.until("readyok");
}

/// Input that used to kill the process: a byte that is not UTF-8 and a hash table larger than
/// the machine. Both are answered and the session goes on.
#[test]
fn hostile_input_is_answered_and_the_session_goes_on() {
    let mut u = Uci::start_limited(2 << 20);
    u.handshake();
    u.send_bytes(b"setoption name UCI_Variant value ch\xe9ss");
    let l = u.until("info string error");
    assert!(l.iter().any(|x| x.contains("not valid UTF-8")), "{l:?}");
    u.send_bytes(b"position startpos moves e2e4 \xff\xfe");
    let l = u.until("info string error");
    assert!(
        l.last().is_some_and(|x| x.contains("illegal move")),
        "{l:?}"
    );
    // 4 GB in a 2 GB address space (the process's own limit, so the same on every machine);
    // the previous table stays.
    u.send("setoption name Hash value 4096");
    let l = u.until("info string");
    assert!(
        l.last()
            .is_some_and(|x| x.contains("cannot allocate a 4096 MB hash table")),
        "{l:?}"
    );
    u.send("setoption name Hash value 64");
    u.send("isready");
    let l = u.until("readyok");
    assert!(!l.iter().any(|x| x.contains("error")), "{l:?}");
    u.send("position startpos moves e2e4");
    u.send("go depth 3");
    let (_, mv) = u.bestmove();
    assert!(
        legal_after("chess", None, &["e2e4".to_string()]).contains(&mv),
        "{mv}"
    );
    u.send("isready");
    u.until("readyok");
}

#[test]
fn no_legal_move_gives_bestmove_none() {
    let mut u = Uci::start();
    u.handshake();
    // Black is checkmated (fool's mate).
    u.send("position startpos moves f2f3 e7e5 g2g4 d8h4");
    u.send("go depth 3");
    let (_, mv) = u.bestmove();
    assert_eq!(mv, "(none)");
    // Stalemate.
    u.send("position fen 7k/5K2/6Q1/8/8/8/8/8 b - - 0 1");
    u.send("go movetime 100");
    assert_eq!(u.bestmove().1, "(none)");
}

#[test]
fn mate_scores_and_bounds() {
    let mut u = Uci::start();
    u.handshake();
    u.send("position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    u.send("go depth 4");
    let (l, mv) = u.bestmove();
    assert_eq!(mv, "a1a8");
    assert!(l.iter().any(|x| x.contains("score mate 1 ")), "{l:?}");
}

#[test]
fn stop_isready_and_ponderhit_while_searching() {
    let mut u = Uci::start();
    u.handshake();
    u.send("position startpos");
    u.send("go infinite");
    u.until("info depth 3");
    // The loop keeps reading while the engine searches.
    u.send("isready");
    let l = u.until("readyok");
    assert!(
        !l.iter().any(|x| x.starts_with("bestmove")),
        "bestmove before stop: {l:?}"
    );
    u.send("stop");
    let (_, mv) = u.bestmove();
    assert!(legal_after("chess", None, &[]).contains(&mv));

    // Pondering: no bestmove until ponderhit, then the clock applies.
    u.send("position startpos moves e2e4 e7e5");
    u.send("go ponder wtime 1000 btime 1000");
    u.until("info depth 4");
    u.send("ponderhit");
    let (_, mv) = u.bestmove();
    assert!(legal_after("chess", None, &["e2e4".into(), "e7e5".into()]).contains(&mv));
}

#[test]
fn multipv_threads_and_wdl() {
    let mut u = Uci::start();
    u.handshake();
    u.send("setoption name MultiPV value 3");
    u.send("setoption name Threads value 2");
    u.send("setoption name UCI_ShowWDL value true");
    u.send("position startpos");
    u.send("go depth 5");
    let (l, mv) = u.bestmove();
    assert!(legal_after("chess", None, &[]).contains(&mv));
    for k in 1..=3 {
        assert!(
            l.iter()
                .any(|x| x.starts_with("info depth 5 ") && x.contains(&format!(" multipv {k} "))),
            "no multipv {k}: {l:?}"
        );
    }
    assert!(l
        .iter()
        .filter(|x| x.starts_with("info depth"))
        .all(|x| x.contains(" wdl ")));
}

/// `VariantPath` loads a file as Fairy-Stockfish does: a bad section is skipped with an
/// `info string` naming file, line and key, the rest loads and plays, a known name is replaced.
#[test]
fn variant_path_skips_bad_sections_and_loads_the_rest() {
    let path = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("{}-variantpath.ini", std::process::id()));
    std::fs::write(
        &path,
        "[broken:chess]\nnotAKey = 1\n[orphan:nosuch]\n[minichess:chess]\nnMoveRule = 10\n\
         [shatranj:chess]\n",
    )
    .expect("write");
    let mut u = Uci::start();
    u.handshake();
    u.send(&format!(
        "setoption name VariantPath value {}",
        path.display()
    ));
    let l = u.until("info string loaded");
    let p = path.display();
    for want in [
        format!("info string {p}:2: notAKey: unknown key; section skipped"),
        format!(
            "info string {p}:3: [orphan:nosuch]: unknown parent variant 'nosuch'; section skipped"
        ),
        format!(
            "info string {p}:6: [shatranj:chess]: replaces the variant 'shatranj' defined before"
        ),
        "info string loaded 2 variants: minichess shatranj".to_string(),
    ] {
        assert!(l.contains(&want), "missing '{want}' in {l:?}");
    }
    u.send("setoption name UCI_Variant value minichess");
    u.send("position startpos moves e2e4");
    u.send("go depth 2");
    let (_, mv) = u.bestmove();
    assert!(
        legal_after("chess", None, &["e2e4".to_string()]).contains(&mv),
        "{mv}"
    );
    // The replaced shatranj is chess now: a queen move of two squares is legal.
    u.send("setoption name UCI_Variant value shatranj");
    u.send("position startpos moves e2e4 e7e5 d1h5");
    u.send("isready");
    let l = u.until("readyok");
    assert!(!l.iter().any(|x| x.contains("illegal")), "{l:?}");
}

#[test]
fn chess960_option_writes_castling_as_king_takes_rook() {
    let mut u = Uci::start();
    u.handshake();
    let castles = |u: &mut Uci| -> Vec<String> {
        u.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        u.send("go perft 1");
        let l = u.until("Nodes searched");
        assert_eq!(l.last().map(String::as_str), Some("Nodes searched: 26"));
        let mut c: Vec<String> = ["e1g1", "e1c1", "e1h1", "e1a1"]
            .iter()
            .filter(|m| l.iter().any(|x| x.starts_with(&format!("{m}: "))))
            .map(|m| m.to_string())
            .collect();
        c.sort();
        c
    };
    assert_eq!(castles(&mut u), ["e1c1", "e1g1"]);
    u.send("setoption name UCI_Chess960 value true");
    assert_eq!(castles(&mut u), ["e1a1", "e1h1"]);
    u.send("setoption name UCI_Chess960 value false");
    assert_eq!(castles(&mut u), ["e1c1", "e1g1"]);
}

/// cutechess-cli names its `fischerandom` `chess960` in `UCI_Variant` and sends castling as
/// king takes rook: the variant is set, the castling move read, and the reply is Black's.
#[test]
fn cutechess_chess960_variant_name_selects_fischerandom() {
    let mut u = Uci::start();
    u.handshake();
    u.send("setoption name UCI_Variant value chess960");
    u.send("isready");
    let l = u.until("readyok");
    assert!(
        l.iter()
            .any(|x| x.starts_with("info string variant fischerandom")),
        "{l:?}"
    );
    u.send("position fen r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1 moves e1h1");
    u.send("go perft 1");
    let l = u.until("Nodes searched");
    for castle in ["e8h8: 1", "e8a8: 1"] {
        assert!(l.iter().any(|x| x == castle), "{castle} missing: {l:?}");
    }
    assert!(
        !l.iter().any(|x| x.starts_with("e1")),
        "White to move again: {l:?}"
    );
}

#[test]
fn go_perft_counts() {
    let mut u = Uci::start();
    u.handshake();
    u.send("position startpos");
    u.send("go perft 3");
    let l = u.until("Nodes searched");
    assert_eq!(l.last().map(String::as_str), Some("Nodes searched: 8902"));
    assert_eq!(
        l.iter()
            .filter(|x| x.contains(": ") && !x.starts_with("Nodes"))
            .count(),
        20
    );
}

#[test]
fn chess_output_parses_with_vampirc_uci() {
    use vampirc_uci::{parse_one, UciInfoAttribute, UciMessage};
    let mut u = Uci::start();
    let hs = u.handshake();
    for l in hs
        .iter()
        .filter(|l| l.starts_with("option") || l.starts_with("id") || *l == "uciok")
    {
        // The UCI_Variant combo line is long but standard.
        assert!(
            !matches!(parse_one(l), UciMessage::Unknown(..)),
            "unparsed: {l}"
        );
    }
    u.send("position startpos moves e2e4");
    u.send("go depth 5");
    let (lines, mv) = u.bestmove();
    let mut infos = 0;
    for l in &lines {
        match parse_one(l) {
            UciMessage::Info(attrs) => {
                infos += 1;
                // Nothing lands in the catch-all: every field was understood.
                assert!(
                    !attrs.iter().any(|a| matches!(a, UciInfoAttribute::Any(..))),
                    "{l}: {attrs:?}"
                );
                let pv = attrs.iter().find_map(|a| match a {
                    UciInfoAttribute::Pv(moves) => Some(moves.clone()),
                    _ => None,
                });
                let words: Vec<&str> = l
                    .split(" pv ")
                    .nth(1)
                    .unwrap_or("")
                    .split_whitespace()
                    .collect();
                assert_eq!(pv.map(|p| p.len()), Some(words.len()), "{l}");
            }
            UciMessage::BestMove { best_move, .. } => {
                assert_eq!(best_move.to_string(), mv);
            }
            other => panic!("unexpected {other:?} from {l}"),
        }
    }
    assert!(infos >= 5);
}

/// A random net for `variant`, written to a temporary file.
fn random_net(variant: &str) -> std::path::PathBuf {
    use dabbaba::eval::nnue::train::FloatNet;
    use dabbaba::eval::nnue::FeatureSet;
    let v = dabbaba::variant::builtin(variant).expect("variant");
    let g = dabbaba::board::Game::new(v, None, false).expect("start position");
    let bytes = dabbaba::with_position!(&g, p => {
        let fs = FeatureSet::for_position(p);
        let geo = &p.tables().geo;
        FloatNet::new(fs.len(), 16, 5)
            .quantise(variant, geo.files(), geo.ranks(), &dabbaba::eval::piece_letters(v))
            .to_bytes()
    });
    let path =
        std::env::temp_dir().join(format!("dabbaba-uci-{variant}-{}.nnue", std::process::id()));
    std::fs::write(&path, bytes).expect("write net");
    path
}

/// The score and node count of every `info depth` line.
fn search_trace(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .map(|l| {
            let field = |key: &str| {
                l.split(key)
                    .nth(1)
                    .and_then(|r| r.split_whitespace().next())
                    .unwrap_or("")
                    .to_string()
            };
            format!(
                "{} {} {}",
                field(" score cp "),
                field(" score mate "),
                field(" nodes ")
            )
        })
        .collect()
}

#[test]
fn nnue_nets_play_and_nets_for_other_variants_are_refused() {
    let chess = random_net("chess");
    let zh = random_net("crazyhouse");
    let mut u = Uci::start();
    u.handshake();
    let start = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    let fen = format!("position fen {start}");
    // Each search from a new game (empty table and histories), so that only the evaluation
    // differs.
    let trace = |u: &mut Uci| {
        u.send("ucinewgame");
        u.send(&fen);
        u.send("go depth 4");
        let (lines, mv) = u.bestmove();
        assert!(legal_after("chess", Some(start), &[]).contains(&mv), "{mv}");
        search_trace(&lines)
    };
    // By default chess plays with its built-in net (nets/chess.nnue); with `Use NNUE` false,
    // with the hand-crafted evaluation.
    let builtin = trace(&mut u);
    u.send("setoption name Use NNUE value false");
    let hce = trace(&mut u);
    u.send("setoption name Use NNUE value true");
    assert_eq!(trace(&mut u), builtin);
    u.send(&format!(
        "setoption name EvalFile value {}",
        chess.display()
    ));
    u.send("setoption name Use NNUE value true");
    let nnue = trace(&mut u);
    // Another evaluation searches another tree: the scores and node counts of the
    // iterations differ (one score alone can coincide, as 40 cp did once).
    assert_ne!(hce, nnue, "the net of EvalFile is not used");
    assert_ne!(hce, builtin, "the built-in net is not used");
    assert_ne!(builtin, nnue, "EvalFile does not replace the built-in net");
    // Without an EvalFile again, the built-in net is back.
    u.send("setoption name EvalFile value <empty>");
    assert_eq!(trace(&mut u), builtin);
    u.send(&format!(
        "setoption name EvalFile value {}",
        chess.display()
    ));
    // A chess net does not fit xiangqi: the variant plays with the hand-crafted evaluation,
    // and choosing the net again there is refused with the reason.
    u.send("setoption name UCI_Variant value xiangqi");
    u.until("info string variant xiangqi");
    let l = u.until("info string");
    assert!(
        l.last()
            .is_some_and(|x| x.contains("does not fit xiangqi") && x.contains("hand-crafted")),
        "{l:?}"
    );
    u.send("setoption name Use NNUE value false");
    u.send("setoption name Use NNUE value true");
    let l = u.until("info string");
    assert!(
        l.last()
            .is_some_and(|x| x.contains("cannot use net") && x.contains("9x10")),
        "{l:?}"
    );
    u.send("setoption name EvalFile value /no/such/net.nnue");
    u.send("setoption name Use NNUE value true");
    let l = u.until("info string");
    assert!(
        l.last().is_some_and(|x| x.contains("/no/such/net.nnue")),
        "{l:?}"
    );
    // Without an EvalFile, xiangqi plays with its built-in net (nets/xiangqi.nnue); shatranj
    // has none, and with `Use NNUE` it searches exactly as with the hand-crafted evaluation.
    let start_trace = |u: &mut Uci| {
        u.send("ucinewgame");
        u.send("position startpos");
        u.send("go depth 4");
        search_trace(&u.bestmove().0)
    };
    u.send("setoption name EvalFile value <empty>");
    u.send("setoption name Use NNUE value false");
    let hce = start_trace(&mut u);
    u.send("setoption name Use NNUE value true");
    assert_ne!(
        start_trace(&mut u),
        hce,
        "xiangqi's built-in net is not used"
    );
    u.send("setoption name UCI_Variant value shatranj");
    u.until("info string variant shatranj");
    u.send("setoption name Use NNUE value false");
    let hce = start_trace(&mut u);
    u.send("setoption name Use NNUE value true");
    assert_eq!(start_trace(&mut u), hce);
    // A drop variant's net (hand features) plays whole games.
    u.send("setoption name UCI_Variant value crazyhouse");
    u.until("info string variant crazyhouse");
    u.send(&format!("setoption name EvalFile value {}", zh.display()));
    u.send("setoption name Use NNUE value true");
    play(&mut u, "crazyhouse", 16);
    // A net chosen while another variant is on (a GUI may send EvalFile before UCI_Variant)
    // is refused there with the reason, and plays once its own variant is chosen.
    u.send(&format!(
        "setoption name EvalFile value {}",
        chess.display()
    ));
    let l = u.until("info string");
    assert!(
        l.last()
            .is_some_and(|x| x.contains("cannot use net") && x.contains("does not fit crazyhouse")),
        "{l:?}"
    );
    u.send("setoption name UCI_Variant value chess");
    u.until("info string variant chess");
    assert_eq!(
        trace(&mut u),
        nnue,
        "the net chosen before the variant plays"
    );
    let _ = std::fs::remove_file(chess);
    let _ = std::fs::remove_file(zh);
}
