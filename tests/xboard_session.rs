//! CECP sessions through pipes on the binary: handshake, game flow, engine-defined variants,
//! highlighting, claims, undo/remove, analysis and exclude. Every move the engine sends is
//! checked against a replica of the game kept with the library.

mod pipe_common;

use dabbaba::board::MoveDialect;
use dabbaba::engine::game::MoveDetail;
use dabbaba::engine::Engine;
use dabbaba::protocol::movetext::{find_move, highlight_board, Coords};
use dabbaba::variant::VariantSet;
use std::io::Write;
use std::path::Path;
use std::process::{Child, ChildStdin};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

const TIMEOUT: Duration = Duration::from_secs(60);

struct Session {
    child: Child,
    stdin: ChildStdin,
    rx: Receiver<String>,
    /// Every line received so far.
    log: Vec<String>,
}

impl Session {
    fn start(args: &[&str]) -> Session {
        Session::from(pipe_common::start(args))
    }

    /// The engine with its address space limited to `kb` kilobytes.
    fn start_limited(kb: u64) -> Session {
        Session::from(pipe_common::start_limited(kb, &[]))
    }

    fn from(p: pipe_common::Pipes) -> Session {
        let pipe_common::Pipes { child, stdin, rx } = p;
        let mut s = Session {
            child,
            stdin,
            rx,
            log: Vec::new(),
        };
        s.send("xboard");
        s.send("protover 2");
        s
    }

    fn send(&mut self, l: &str) {
        self.send_bytes(l.as_bytes());
    }

    /// Sends one line of raw bytes (which need not be UTF-8).
    fn send_bytes(&mut self, b: &[u8]) {
        self.stdin.write_all(b).expect("write");
        self.stdin.write_all(b"\n").expect("write");
        self.stdin.flush().expect("flush");
    }

    /// Lines up to and including the first one for which `done` holds.
    fn until(&mut self, done: impl Fn(&str) -> bool) -> Vec<String> {
        let end = Instant::now() + TIMEOUT;
        let mut got = Vec::new();
        loop {
            let left = end.saturating_duration_since(Instant::now());
            let l = self
                .rx
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("timed out; got so far: {got:#?}"));
            self.log.push(l.clone());
            got.push(l.clone());
            if done(&l) {
                return got;
            }
        }
    }

    /// Sends `ping n` and returns every line before `pong n`.
    fn sync(&mut self, n: u32) -> Vec<String> {
        self.send(&format!("ping {n}"));
        let mut v = self.until(|l| l == format!("pong {n}"));
        v.pop();
        v
    }

    /// Waits for the engine's move and returns its text.
    fn engine_move(&mut self) -> String {
        let lines = self.until(|l| l.starts_with("move "));
        lines.last().expect("line")[5..].to_string()
    }

    fn quit(mut self) {
        self.send("quit");
        let end = Instant::now() + Duration::from_secs(20);
        while Instant::now() < end {
            if let Ok(Some(st)) = self.child.try_wait() {
                assert!(st.success(), "exit status {st}");
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        panic!("the engine did not quit");
    }
}

/// The game as the test sees it.
struct Replica {
    engine: Engine,
    coords: Coords,
}

impl Replica {
    fn new(variant: &str, extra: Option<&Path>) -> Replica {
        let mut set = VariantSet::with_builtins();
        if let Some(p) = extra {
            set.load_file(p).expect("load variants");
        }
        let mut engine = Engine::with_variants(set);
        engine.set_variant(variant).expect("variant");
        // Moves as XBoard writes them, as the CECP session sets it.
        engine.set_move_dialect(MoveDialect::Cecp);
        let v = engine.variant();
        let coords = Coords::new(v.files, v.ranks);
        Replica { engine, coords }
    }

    fn find(&self, text: &str) -> Option<MoveDetail> {
        let legal = self.engine.legal_move_details();
        self.coords
            .parse_move(text)
            .and_then(|m| find_move(&m, &legal))
            .cloned()
    }

    /// Plays a CECP move, panicking if it is not legal.
    fn play(&mut self, text: &str) {
        let d = self
            .find(text)
            .unwrap_or_else(|| panic!("illegal move {text} in {}", self.engine.fen()));
        self.engine.play_move(d.mv).expect("play");
    }

    /// A legal move for the side to move, in CECP text (quiet if possible, varied by `i`).
    fn some_move(&self, i: usize) -> Option<String> {
        let legal = self.engine.legal_move_details();
        if legal.is_empty() {
            return None;
        }
        let quiet: Vec<&MoveDetail> = legal.iter().filter(|d| !d.capture).collect();
        let d = if quiet.is_empty() {
            &legal[i % legal.len()]
        } else {
            quiet[(i * 7) % quiet.len()]
        };
        Some(d.text.clone())
    }

    /// The expected `highlight` board for the piece on `sq`.
    fn highlight(&self, sq: &str) -> String {
        let from = self.coords.parse_square(sq).expect("square");
        let mut marks: Vec<((u8, u8), char)> = Vec::new();
        for d in self
            .engine
            .legal_move_details()
            .iter()
            .filter(|d| d.from == Some(from))
        {
            let c = if d.promotion.is_some() || d.piece_promotion {
                'M'
            } else if d.capture {
                'R'
            } else {
                'Y'
            };
            match marks.iter_mut().find(|(s, _)| *s == d.to) {
                Some(m) => {
                    if c == 'M' {
                        m.1 = 'M'
                    }
                }
                None => marks.push((d.to, c)),
            }
        }
        highlight_board(&self.coords, &marks)
    }
}

/// Plays `plies` moves of a game in which the engine is Black: the test's moves are chosen
/// from the replica, the engine's are checked against it.
fn play_game(s: &mut Session, r: &mut Replica, plies: usize) {
    for i in 0..plies {
        let Some(mine) = r.some_move(i) else { return };
        r.play(&mine);
        s.send("time 6000");
        s.send("otim 6000");
        s.send(&format!("usermove {mine}"));
        if r.engine.game_over().is_some() {
            return;
        }
        let reply = s.engine_move();
        r.play(&reply);
        if r.engine.game_over().is_some() {
            return;
        }
    }
}

#[test]
fn handshake_lists_features_options_and_variants() {
    let mut s = Session::start(&[]);
    let lines = s.until(|l| l == "feature done=1");
    assert_eq!(lines[0], "feature done=0");
    let all = lines.join("\n");
    for f in [
        "ping=1",
        "setboard=1",
        "usermove=1",
        "time=1",
        "draw=1",
        "sigint=0",
        "sigterm=0",
        "reuse=1",
        "analyze=1",
        "myname=\"Dabbaba",
        "colors=0",
        "memory=1",
        "smp=1",
        "debug=1",
        "exclude=1",
        "highlight=1",
        "playother=1",
    ] {
        assert!(all.contains(f), "feature {f} missing in\n{all}");
    }
    let variants = all
        .split("variants=\"")
        .nth(1)
        .and_then(|r| r.split('"').next())
        .expect("variants");
    let names: Vec<&str> = variants.split(',').collect();
    for v in ["normal", "capablanca", "grand", "shako", "courier", "janus"] {
        assert!(names.contains(&v), "{v} not in {names:?}");
    }
    assert!(!names.contains(&"chess"), "chess must be called normal");
    // XBoard moves the sides in turn and has no prisons: turns of several moves and hostage
    // chess are not offered, and refused.
    for v in ["marseillais", "progressive", "monster", "hostage"] {
        assert!(!names.contains(&v), "{v} offered in {names:?}");
    }
    assert!(
        all.contains("feature option=\"MultiPV -spin 1 1 500\""),
        "{all}"
    );
    assert!(
        all.contains("feature option=\"Clear Hash -button\""),
        "{all}"
    );
    for l in &lines {
        assert!(!l.contains("UCI_"), "UCI-only option sent: {l}");
    }
    for l in [
        "accepted ping",
        "accepted setboard",
        "rejected setscore",
        "accepted done",
    ] {
        s.send(l);
    }
    assert!(s.sync(1).is_empty());
    s.send("variant marseillais");
    s.send("option UCI_Variant=progressive");
    s.send("variant hostage");
    assert_eq!(
        s.sync(3),
        [
            "Error (XBoard cannot play turns of several moves; use UCI): marseillais",
            "Error (XBoard cannot play turns of several moves; use UCI): option \
             UCI_Variant=progressive",
            "Error (XBoard cannot show prisons or play hostage exchanges; use UCI): hostage"
        ]
    );
    s.quit();
}

/// Input that used to kill the process: an opponent's name in Latin-1 (as an ICS sends it
/// through XBoard) and `memory` beyond what the process can have. Both are answered and the
/// game goes on.
#[test]
fn hostile_input_is_answered_and_the_game_goes_on() {
    let mut s = Session::start_limited(2 << 20);
    s.until(|l| l == "feature done=1");
    s.send_bytes(b"name J\xf6rg");
    let out = s.sync(1);
    assert!(
        out.len() == 1 && out[0].starts_with('#') && out[0].contains("not valid UTF-8"),
        "{out:?}"
    );
    s.send("memory 4096");
    assert_eq!(
        s.sync(2),
        vec!["Error (cannot allocate a 4096 MB hash table; the previous table is kept): Hash 4096"]
    );
    s.send("new");
    s.send("sd 3");
    s.send("go");
    let mv = s.engine_move();
    assert!(mv.len() >= 4, "{mv}");
    s.quit();
}

#[test]
fn chess_game_ping_order_errors_and_claims() {
    let mut s = Session::start(&[]);
    s.until(|l| l == "feature done=1");
    s.send("new");
    s.send("random");
    s.send("level 40 0:30 0.5");
    s.send("sd 2");
    s.send("post");
    s.send("hard");
    s.send("easy");
    assert!(s.sync(1).is_empty());

    // Unknown input and illegal moves.
    s.send("frobnicate now");
    s.send("usermove e2e5");
    s.send("usermove z9z9");
    let out = s.sync(2);
    assert_eq!(
        out,
        vec![
            "Error (unknown command): frobnicate now",
            "Illegal move: e2e5",
            "Illegal move: z9z9"
        ]
    );

    // ping right after a move: the engine moves first, then answers.
    let mut r = Replica::new("chess", None);
    r.play("e2e4");
    s.send("time 6000");
    s.send("otim 6000");
    s.send("usermove e2e4");
    s.send("ping 3");
    let out = s.until(|l| l == "pong 3");
    let mv = out
        .iter()
        .position(|l| l.starts_with("move "))
        .expect("a move before pong");
    assert!(mv < out.len() - 1);
    let reply = out[mv][5..].to_string();
    r.play(&reply);
    // Thinking lines: ply score time nodes seldepth nps tbhits<TAB>pv.
    let thinking: Vec<&String> = out.iter().filter(|l| l.contains('\t')).collect();
    assert!(!thinking.is_empty(), "{out:?}");
    for t in thinking {
        let (nums, _pv) = t.split_once('\t').expect("tab");
        let n: Vec<&str> = nums.split(' ').collect();
        assert_eq!(n.len(), 7, "{t}");
        assert!(n.iter().all(|x| x.parse::<i64>().is_ok()), "{t}");
    }

    // A bare move (without usermove) works too.
    let mine = r.some_move(1).expect("move");
    r.play(&mine);
    s.send(&mine);
    let reply = s.engine_move();
    r.play(&reply);

    play_game(&mut s, &mut r, 6);

    // Claims: White mates in one from a set-up position.
    s.send("new");
    s.send("force");
    s.send("setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    s.send("sd 3");
    s.send("go");
    let out = s.until(|l| l.starts_with("1-0") || l.starts_with("0-1") || l.starts_with("1/2"));
    assert!(out.iter().any(|l| l == "move a1a8"), "{out:?}");
    assert_eq!(out.last().map(String::as_str), Some("1-0 {White mates}"));

    // The opponent mates the engine: claimed at once.
    s.send("new");
    s.send("force");
    s.send("setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    s.send("playother");
    s.send("usermove a1a8");
    assert_eq!(s.sync(4), vec!["1-0 {White mates}"]);

    // Stalemate.
    s.send("new");
    s.send("force");
    s.send("setboard k7/2Q5/1K6/8/8/8/8/8 b - - 0 1");
    s.send("go");
    assert_eq!(s.sync(5), vec!["1/2-1/2 {Stalemate}"]);

    // Bad positions.
    s.send("setboard this is no fen");
    assert_eq!(s.sync(6), vec!["tellusererror Illegal position"]);
    s.quit();
}

#[test]
fn highlight_undo_remove_and_force() {
    let mut s = Session::start(&[]);
    s.until(|l| l == "feature done=1");
    s.send("new");
    s.send("force");
    s.send("lift e2");
    s.send("lift g1");
    s.send("put f3");
    s.send("lift e7");
    assert_eq!(
        s.sync(1),
        vec![
            "highlight 8/8/8/8/4Y3/4Y3/8/8",
            "highlight 8/8/8/8/8/5Y1Y/8/8",
            "highlight 8/8/8/8/8/8/8/8"
        ]
    );
    // Force mode: moves are checked but the engine does not answer.
    for m in ["e2e4", "d7d5"] {
        s.send(&format!("usermove {m}"));
    }
    s.send("lift e4");
    assert_eq!(s.sync(2), vec!["highlight 8/8/8/3RY3/8/8/8/8"]);
    s.send("undo");
    s.send("lift d7");
    assert_eq!(s.sync(3), vec!["highlight 8/8/3Y4/3Y4/8/8/8/8"]);
    s.send("usermove d7d5");
    s.send("remove");
    s.send("lift e2");
    assert_eq!(s.sync(4), vec!["highlight 8/8/8/8/4Y3/4Y3/8/8"]);
    s.send("undo");
    assert_eq!(s.sync(5), vec!["Error (cannot undo): undo"]);

    // e.p.: red capture square, the victim shown on hover; promotion squares magenta and a
    // choice on put.
    s.send("setboard 4k3/1P6/8/3pP3/8/8/8/4K3 w - d6 0 1");
    s.send("lift e5");
    s.send("hover d6");
    s.send("lift b7");
    s.send("put b8");
    let out = s.sync(6);
    assert_eq!(
        out[..3],
        [
            "highlight 8/8/3RY3/8/8/8/8/8",
            "highlight 8/8/3RY3/3g4/8/8/8/8",
            "highlight 1M6/8/8/8/8/8/8/8"
        ]
    );
    let mut choice: Vec<char> = out[3]
        .strip_prefix("choice ")
        .expect("choice")
        .chars()
        .collect();
    assert_eq!(choice[0], 'Q', "the queen is the default");
    choice.sort_unstable();
    assert_eq!(choice, ['B', 'N', 'Q', 'R']);
    s.send("usermove b7b8n");
    s.send("lift b8");
    assert_eq!(s.sync(7), vec!["highlight 8/8/8/8/8/8/8/8"]);
    s.quit();
}

#[test]
fn analyze_with_stat01_and_exclude() {
    let mut s = Session::start(&[]);
    s.until(|l| l == "feature done=1");
    s.send("new");
    s.send("force");
    s.send("setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    s.send("post");
    s.send("analyze");
    // A mate in one is reported as 100000+1.
    s.until(|l| {
        l.split(' ').nth(1) == Some("100001")
            && l.split('\t')
                .nth(1)
                .is_some_and(|pv| pv.starts_with("a1a8"))
    });
    // Analysis reports every depth, even when nothing changes (a client may wait for the
    // depth it asked for): the mate is reported again at depth 6.
    s.until(|l| l.split(' ').next() == Some("6") && l.split(' ').nth(1) == Some("100001"));
    s.send(".");
    let st = s.until(|l| l.starts_with("stat01: "));
    let f: Vec<&str> = st.last().expect("stat01")[8..].split(' ').collect();
    assert_eq!(f.len(), 5, "{st:?}");
    // Excluding the mate: the analysis goes on without it.
    s.send("exclude a1a8");
    let other = s.until(|l| {
        l.contains('\t')
            && !l
                .split('\t')
                .nth(1)
                .is_some_and(|pv| pv.starts_with(" a1a8") || pv.starts_with("a1a8"))
    });
    let pv = other
        .last()
        .expect("line")
        .split('\t')
        .nth(1)
        .expect("pv")
        .trim()
        .to_string();
    assert!(!pv.starts_with("a1a8"), "{pv}");
    s.send("include all");
    s.send("exit");
    s.sync(1);
    // After exit, nothing more arrives.
    s.send("nopost");
    assert!(s.sync(2).iter().all(|l| !l.contains('\t')));
    s.quit();
}

#[test]
fn capablanca_and_grand_need_no_setup() {
    let mut s = Session::start(&[]);
    s.until(|l| l == "feature done=1");
    s.send("new");
    s.send("variant capablanca");
    s.send("sd 2");
    let out = s.sync(1);
    assert!(
        out.iter()
            .all(|l| !l.starts_with("setup") && !l.starts_with("piece")),
        "{out:?}"
    );
    let mut r = Replica::new("capablanca", None);
    play_game(&mut s, &mut r, 5);

    // Grand: 10 ranks, so ranks are 0-9 on the wire.
    s.send("new");
    s.send("variant grand");
    s.send("sd 2");
    let out = s.sync(2);
    assert!(out.iter().all(|l| !l.starts_with("setup")), "{out:?}");
    let mut r = Replica::new("grand", None);
    // White pawns stand on the third rank, which is rank 2 here.
    s.send("lift e2");
    let h = r.highlight("e2");
    assert_eq!(s.sync(3), vec![format!("highlight {h}")]);
    assert_eq!(h, "10/10/10/10/10/4Y5/4Y5/10/10/10");
    r.play("e2e4");
    s.send("usermove e2e4");
    let reply = s.engine_move();
    assert!(!reply.contains("10"), "{reply}");
    r.play(&reply);
    play_game(&mut s, &mut r, 4);
    s.quit();
}

#[test]
fn shako_is_defined_by_the_engine() {
    let mut s = Session::start(&[]);
    s.until(|l| l == "feature done=1");
    s.send("new");
    s.send("variant shako");
    s.send("sd 2");
    let out = s.sync(1);
    assert_eq!(
        out[0],
        "setup (PNBRQ.E....C.........Kpnbrq.e....c.........k) 10x10+0_fairy \
         c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ERNBQKBNRE/C8C w KQkq - 0 1"
    );
    // Shako castles with rooks inside the elephants, which XBoard's `O` atom cannot say: no
    // castling on the king's line, and the engine does not castle in XBoard sessions.
    for p in [
        "piece P& fmWfceFifmnD",
        "piece E& FA",
        "piece C& mRcpR",
        "piece K& K",
    ] {
        assert!(out.iter().any(|l| l == p), "{p} missing in {out:?}");
    }
    assert_eq!(out.iter().filter(|l| l.starts_with("piece ")).count(), 8);
    let mut r = Replica::new("shako", None);
    for sq in ["c1", "a0", "b1", "e2"] {
        s.send(&format!("lift {sq}"));
        let want = format!("highlight {}", r.highlight(sq));
        assert_eq!(s.sync(2), vec![want], "lift {sq}");
    }
    play_game(&mut s, &mut r, 5);
    s.quit();
}

#[test]
fn user_defined_variant_from_an_ini_file() {
    let dir = std::env::temp_dir().join(format!("dabbaba-xboard-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let ini = dir.join("mychess.ini");
    std::fs::write(
        &ini,
        "[mychess:chess]\nmaxFile = j\ncustomPiece1 = h:NN\ncustomPiece2 = o:mRcpR\n\
         startFen = rnbhqkobnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBHQKOBNR w KQkq - 0 1\n\
         castlingKingsideFile = h\ncastlingQueensideFile = d\n",
    )
    .expect("write ini");
    let path = ini.to_str().expect("utf-8 path");
    let mut s = Session::start(&["--variants", path]);
    let feats = s.until(|l| l == "feature done=1").join("\n");
    assert!(feats.contains(",mychess"), "{feats}");
    s.send("new");
    s.send("variant mychess");
    s.send("sd 2");
    let out = s.sync(1);
    assert!(out[0].starts_with("setup ("), "{out:?}");
    assert!(out[0].ends_with(
        " 10x8+0_fairy rnbhqkobnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBHQKOBNR w KQkq - 0 1"
    ));
    let table = out[0][7..].split(')').next().expect("table");
    assert_eq!(table.len() % 2, 0);
    for c in "PNBRQHOKpnbrqhok".chars() {
        assert!(table.contains(c), "{c} not in {table}");
    }
    assert!(out.contains(&"piece H& N0".to_string()), "{out:?}");
    assert!(out.contains(&"piece O& mRcpR".to_string()), "{out:?}");
    assert!(out.contains(&"piece K& KO2".to_string()), "{out:?}");
    let mut r = Replica::new("mychess", Some(&ini));
    s.send("lift d1");
    let want = format!("highlight {}", r.highlight("d1"));
    assert_eq!(s.sync(2), vec![want]);
    play_game(&mut s, &mut r, 5);
    s.quit();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn crazyhouse_drops_in_and_out() {
    let mut s = Session::start(&[]);
    s.until(|l| l == "feature done=1");
    s.send("new");
    s.send("variant crazyhouse");
    s.send("sd 2");
    // XBoard knows crazyhouse (rules, holdings, images): no setup.
    let out = s.sync(1);
    assert!(out.iter().all(|l| !l.starts_with("setup")), "{out:?}");
    let mut r = Replica::new("crazyhouse", None);
    // A capture puts a pawn in White's hand, and the drop comes back from the GUI.
    s.send("force");
    for m in ["e2e4", "d7d5", "e4d5", "g8f6"] {
        r.play(m);
        s.send(&format!("usermove {m}"));
    }
    s.send("usermove Q@e4");
    s.send("usermove P@e8");
    assert_eq!(
        s.sync(2),
        vec!["Illegal move: Q@e4", "Illegal move: P@e8"],
        "White has no queen in hand, and no pawn goes to the last rank"
    );
    // The drop letter's case does not matter (XBoard writes the upper-case letter).
    r.play("P@e6");
    s.send("usermove p@e6");
    assert!(s.sync(3).is_empty());
    s.send("go");
    let reply = s.engine_move();
    r.play(&reply);
    play_game(&mut s, &mut r, 4);

    // The engine drops: a queen in Black's hand mates on the back rank.
    s.send("new");
    s.send("variant crazyhouse");
    s.send("force");
    s.send("setboard k7/8/8/8/8/8/5PPP/6K1[q] b - - 0 1");
    s.send("sd 3");
    s.send("go");
    let out = s.until(|l| l.starts_with("0-1") || l.starts_with("1-0") || l.starts_with("1/2"));
    let mv = out.iter().find(|l| l.starts_with("move ")).expect("a move");
    assert!(mv.starts_with("move Q@") && mv.ends_with('1'), "{out:?}");
    assert_eq!(out.last().map(String::as_str), Some("0-1 {Black mates}"));
    s.quit();
}

#[test]
fn xiangqi_ranks_zero_to_nine() {
    let mut s = Session::start(&[]);
    s.until(|l| l == "feature done=1");
    s.send("new");
    s.send("variant xiangqi");
    s.send("sd 2");
    let out = s.sync(1);
    assert!(out.iter().all(|l| !l.starts_with("setup")), "{out:?}");
    let mut r = Replica::new("xiangqi", None);
    // The cannon on b2 (third rank, 0-based) and the horse on b0.
    for sq in ["b2", "b0", "e0"] {
        s.send(&format!("lift {sq}"));
        let want = format!("highlight {}", r.highlight(sq));
        assert_eq!(s.sync(2), vec![want], "lift {sq}");
    }
    s.send("usermove h2e9");
    assert_eq!(s.sync(3), vec!["Illegal move: h2e9"]);
    r.play("h2e2");
    s.send("usermove h2e2");
    let reply = s.engine_move();
    assert!(!reply.contains("10"), "{reply}");
    r.play(&reply);
    play_game(&mut s, &mut r, 5);
    // undo and remove keep the engine's board in step with the replica.
    s.send("force");
    s.send("remove");
    r.engine.undo_move();
    r.engine.undo_move();
    s.send("lift b2");
    let want = format!("highlight {}", r.highlight("b2"));
    assert_eq!(s.sync(4), vec![want]);
    s.quit();
}

#[test]
fn a_found_mate_is_reported_once_not_per_depth() {
    let mut s = Session::start(&[]);
    s.until(|l| l == "feature done=1");
    s.send("new");
    s.send("force");
    s.send("setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    s.send("level 0 1 0");
    s.send("post");
    s.send("time 6000");
    s.send("otim 6000");
    s.send("go");
    let out = s.until(|l| l.starts_with("1-0"));
    let thinking: Vec<&String> = out.iter().filter(|l| l.contains('\t')).collect();
    assert!(
        thinking
            .iter()
            .any(|l| l.split(' ').nth(1) == Some("100001")),
        "{out:?}"
    );
    assert!(
        thinking.len() <= 6,
        "{} thinking lines: {thinking:?}",
        thinking.len()
    );
    s.quit();
}

#[test]
fn shogi_promotions_drops_and_claims() {
    let mut s = Session::start(&[]);
    s.until(|l| l == "feature done=1");
    s.send("new");
    s.send("variant shogi");
    s.send("sd 2");
    // XBoard knows shogi (rules, holdings, promotions): no setup.
    let out = s.sync(1);
    assert!(
        out.iter()
            .all(|l| !l.starts_with("setup") && !l.starts_with("piece")),
        "{out:?}"
    );
    let mut r = Replica::new("shogi", None);
    s.send("force");
    // The bishop takes the bishop and promotes with XBoard's `+`; the silver takes back.
    for m in ["c3c4", "g7g6", "b2h8+", "g9h8"] {
        r.play(m);
        s.send(&format!("usermove {m}"));
    }
    // Both sides have a bishop in hand now; White has no pawn to drop.
    s.send("usermove P@e5");
    s.send("usermove b8b1+");
    assert_eq!(
        s.sync(2),
        vec!["Illegal move: P@e5", "Illegal move: b8b1+"],
        "no pawn in hand; not Black's move"
    );
    // The rook's targets, and the drop from the GUI (either case).
    s.send("lift h2");
    let want = format!("highlight {}", r.highlight("h2"));
    assert_eq!(s.sync(3), vec![want]);
    r.play("B@e5");
    s.send("usermove b@e5");
    // The engine (Black) answers; its moves are checked against the replica.
    s.send("go");
    let reply = s.engine_move();
    r.play(&reply);
    play_game(&mut s, &mut r, 6);

    // A pawn entering the zone may promote (magenta) or decline with `=`; on the last rank
    // it must promote, so the plain and `=` forms are refused there.
    let fen = "k8/9/9/4P4/9/9/9/9/4K4[-] w 0 1";
    s.send("new");
    s.send("variant shogi");
    s.send("force");
    s.send(&format!("setboard {fen}"));
    s.send("lift e6");
    assert_eq!(s.sync(4), vec!["highlight 9/9/4M4/9/9/9/9/9/9"]);
    let mut r = Replica::new("shogi", None);
    r.engine.set_position(Some(fen), &[]).expect("fen");
    for m in ["e6e7=", "a9b9", "e7e8=", "b9a9"] {
        r.play(m);
        s.send(&format!("usermove {m}"));
    }
    s.send("lift e8");
    let want = format!("highlight {}", r.highlight("e8"));
    assert_eq!(want, "highlight 4M4/9/9/9/9/9/9/9/9");
    assert_eq!(s.sync(5), vec![want]);
    s.send("usermove e8e9");
    s.send("usermove e8e9=");
    s.send("usermove e8e9+");
    s.send("lift e9");
    r.play("e8e9+");
    assert_eq!(
        s.sync(6),
        vec![
            "Illegal move: e8e9".to_string(),
            "Illegal move: e8e9=".to_string(),
            // Black to move: White's tokin has no targets now.
            "highlight 9/9/9/9/9/9/9/9/9".to_string(),
        ]
    );

    // The engine promotes: a pawn takes a gold and becomes a tokin.
    s.send("new");
    s.send("variant shogi");
    s.send("force");
    s.send("setboard k8/9/4g4/4P4/9/9/9/9/4K4[-] w 0 1");
    s.send("sd 3");
    s.send("go");
    assert_eq!(s.engine_move(), "e6e7+");
    // The engine drops: a gold from hand, guarded by the pawn, mates.
    s.send("new");
    s.send("variant shogi");
    s.send("force");
    s.send("setboard 4k4/9/4P4/9/9/9/9/9/4K4[G] w 0 1");
    s.send("sd 3");
    s.send("go");
    let out = s.until(|l| l.starts_with("1-0") || l.starts_with("0-1") || l.starts_with("1/2"));
    assert!(out.iter().any(|l| l == "move G@e8"), "{out:?}");
    assert_eq!(out.last().map(String::as_str), Some("1-0 {White mates}"));
    s.quit();
}

#[test]
fn minishogi_is_defined_with_promoted_forms() {
    let mut s = Session::start(&[]);
    s.until(|l| l == "feature done=1");
    s.send("new");
    s.send("variant minishogi");
    s.send("sd 2");
    let out = s.sync(1);
    assert_eq!(
        out[0],
        "setup (P.BR.S...G.+.++.+Kp.br.s...g.+.++.+k) 5x5+5_shogi rbsgk/4p/5/P4/KGSBR[-] w 0 1"
    );
    let pieces: Vec<&str> = out[1..].iter().map(String::as_str).collect();
    for p in [
        "piece P& fW",
        "piece S& FfW",
        "piece G& WfF",
        "piece B& B",
        "piece R& R",
        "piece K& K",
        "piece +P& WfF",
        "piece +S& WfF",
        "piece +B& BW",
        "piece +R& RF",
    ] {
        assert!(pieces.contains(&p), "{p} missing in {out:?}");
    }
    assert_eq!(pieces.len(), 10, "{out:?}");
    // A game with captures, drops and promotions, every engine move checked.
    let mut r = Replica::new("minishogi", None);
    for sq in ["a2", "d1", "e1"] {
        s.send(&format!("lift {sq}"));
        let want = format!("highlight {}", r.highlight(sq));
        assert_eq!(s.sync(2), vec![want], "lift {sq}");
    }
    play_game(&mut s, &mut r, 12);
    s.send("force");
    let out = s.sync(3);
    // A game that ended was claimed with the replica's result, and nothing else came.
    match r.engine.game_over() {
        Some(over) => {
            assert_eq!(out.len(), 1, "{out:?}");
            assert!(out[0].ends_with(&format!("{{{}}}", over.reason)), "{out:?}");
        }
        None => assert!(out.is_empty(), "{out:?}"),
    }
    // `remove` takes back a move pair on both boards.
    s.send("remove");
    r.engine.undo_move();
    r.engine.undo_move();
    for sq in ["a1", "b1", "c1", "d1", "e1", "a2", "e4", "e5"] {
        s.send(&format!("lift {sq}"));
        let want = format!("highlight {}", r.highlight(sq));
        assert_eq!(s.sync(4), vec![want], "lift {sq} in {}", r.engine.fen());
    }
    // Pieces picked up from the hand: XBoard names White's holdings slots g1, g2, ... (pawn,
    // bishop, rook, silver, gold: the table's order) and Black's _5, _4, ...
    s.send("setboard 4k/5/5/5/K4[BPp] w 0 1");
    for (sq, want) in [
        // No pawn drop on the last rank; a1 holds the king.
        ("g1", "highlight 5/YYYYY/YYYYY/YYYYY/1YYYY"),
        ("g2", "highlight YYYY1/YYYYY/YYYYY/YYYYY/1YYYY"),
        // No rook in hand; Black's pawn is not to move.
        ("g3", "highlight 5/5/5/5/5"),
        ("_5", "highlight 5/5/5/5/5"),
    ] {
        s.send(&format!("lift {sq}"));
        assert_eq!(s.sync(5), vec![want], "lift {sq}");
    }
    s.quit();
}

#[test]
fn xiangqi_claims_mate_and_stalemate_apart() {
    let mut s = Session::start(&[]);
    s.until(|l| l == "feature done=1");
    // The rook on b3 (b2 in CECP) mates on d3 (d2): Black's pawn still has moves.
    s.send("new");
    s.send("variant xiangqi");
    s.send("force");
    s.send("setboard 3k5/R8/9/9/9/9/8p/1R7/9/4K4 w - - 0 1");
    s.send("sd 3");
    s.send("go");
    let out = s.until(|l| l.starts_with("1-0") || l.starts_with("0-1") || l.starts_with("1/2"));
    assert!(out.iter().any(|l| l == "move b2d2"), "{out:?}");
    assert_eq!(out.last().map(String::as_str), Some("1-0 {White mates}"));
    // The end of a self-play game under XBoard (its PGN wrote `Rxe8#`): the black king is
    // not in check but has no move, which loses in xiangqi, and is called a stalemate.
    s.send("new");
    s.send("variant xiangqi");
    s.send("force");
    s.send("setboard 3k5/2N6/9/9/4R4/9/9/4BA3/9/4KA3 w - - 0 65");
    s.send("playother");
    s.send("usermove e5e8");
    assert_eq!(s.sync(1), vec!["1-0 {White wins by stalemate}"]);
    // 50 moves without a capture, White in check (from a self-play game under XBoard):
    // XBoard does not count checks and evasions in xiangqi and calls an n-move claim here
    // false, so the engine plays on instead of claiming.
    let fen = "4k4/6R2/3aba3/9/9/2B6/9/4BA3/9/3AK3r w - - 100 170";
    s.send("new");
    s.send("variant xiangqi");
    s.send("force");
    s.send(&format!("setboard {fen}"));
    s.send("st 1");
    s.send("go");
    let out = s.until(|l| l.starts_with("move ") || l.starts_with("1/2"));
    let mv = out.last().expect("line")[5..].to_string();
    let mut r = Replica::new("xiangqi", None);
    r.engine.set_position(Some(fen), &[]).expect("fen");
    assert!(r.find(&mv).is_some(), "{out:?}");
    // In chess the same rule is claimed (XBoard counts it the same way).
    s.send("new");
    s.send("force");
    s.send("setboard 4k3/8/8/8/8/8/8/4K2R w K - 99 80");
    s.send("st 1");
    s.send("go");
    let out = s.until(|l| l.starts_with("1/2") || l.starts_with("1-0") || l.starts_with("0-1"));
    assert_eq!(
        out.last().map(String::as_str),
        Some("1/2-1/2 {Draw by n-move rule}")
    );
    s.quit();
}

/// Pondering (`hard`): after its move the engine thinks on the reply it expects, the one
/// `hint` names; when that reply comes, it answers with a legal move, and the game goes on
/// after a reply it did not expect too. (The ponder search prints nothing, so the test sees
/// its hint and both ways on, not the search itself.)
#[test]
fn pondering_on_the_expected_reply() {
    let mut s = Session::start(&[]);
    s.until(|l| l == "feature done=1");
    let mut r = Replica::new("chess", None);
    for c in ["new", "hard", "st 1", "go"] {
        s.send(c);
    }
    let mv = s.engine_move();
    r.play(&mv);
    s.send("hint");
    let out = s.sync(1);
    let hint = out
        .iter()
        .find_map(|l| l.strip_prefix("Hint: "))
        .unwrap_or_else(|| panic!("no hint in {out:?}"))
        .to_string();
    assert!(r.find(&hint).is_some(), "hint {hint} in {}", r.engine.fen());
    // The expected reply: the ponder search goes on as the engine's own.
    r.play(&hint);
    s.send(&format!("usermove {hint}"));
    let mv = s.engine_move();
    assert!(r.find(&mv).is_some(), "{mv} in {}", r.engine.fen());
    r.play(&mv);
    // Another reply: the ponder search is dropped and a new one answers.
    s.send("hint");
    let out = s.sync(2);
    let hint = out.iter().find_map(|l| l.strip_prefix("Hint: "));
    let other = r
        .engine
        .legal_move_details()
        .into_iter()
        .map(|d| d.text)
        .find(|t| Some(t.as_str()) != hint)
        .expect("a legal move");
    r.play(&other);
    s.send(&format!("usermove {other}"));
    let mv = s.engine_move();
    assert!(r.find(&mv).is_some(), "{mv} in {}", r.engine.fen());
    s.quit();
}

#[test]
fn game_flow_commands() {
    let mut s = Session::start(&[]);
    s.until(|l| l == "feature done=1");
    // Informational commands: no answer, no error; an unknown option is an error.
    for c in [
        "new",
        "name Human",
        "rating 2000 1800",
        "computer",
        "memory 16",
        "cores 1",
        "option MultiPV=2",
        "option Clear Hash",
        "random",
    ] {
        s.send(c);
    }
    s.send("option NoSuchOption=3");
    assert_eq!(
        s.sync(1),
        vec!["Error (unknown option): option NoSuchOption=3"]
    );
    // No book: a line starting with a space, then an empty line.
    s.send("bk");
    let out = s.sync(2);
    assert!(
        out.len() == 2 && out[0].starts_with(' ') && out[1].is_empty(),
        "{out:?}"
    );

    // `draw`: declined (nothing sent) when the engine stands well, accepted when it is lost.
    let mut r = Replica::new("chess", None);
    for (fen, offer) in [
        ("4k3/8/8/8/8/8/8/QQQ1K3 w - - 0 1", false),
        ("4k3/8/8/8/8/8/8/qqq1K3 w - - 0 1", true),
    ] {
        s.send("new");
        s.send("force");
        s.send(&format!("setboard {fen}"));
        s.send("st 1");
        s.send("go");
        let mv = s.engine_move();
        r.engine.set_position(Some(fen), &[]).expect("fen");
        r.play(&mv);
        s.send("draw");
        let out = s.sync(3);
        assert_eq!(
            out.contains(&"offer draw".to_string()),
            offer,
            "{fen}: {out:?}"
        );
        // `hint` names a legal reply once the engine has searched.
        s.send("hint");
        let out = s.sync(4);
        if let Some(h) = out.iter().find_map(|l| l.strip_prefix("Hint: ")) {
            assert!(r.find(h).is_some(), "hint {h} in {}", r.engine.fen());
        }
    }

    // `st`, `nps` and `?`: each search ends with a legal move.
    for limits in [&["st 1"][..], &["nps 20000", "st 1"][..]] {
        s.send("new");
        for l in limits {
            s.send(l);
        }
        s.send("go");
        let mv = s.engine_move();
        assert!(Replica::new("chess", None).find(&mv).is_some(), "{mv}");
    }
    s.send("new");
    s.send("nps 0");
    s.send("st 300");
    s.send("go");
    s.send("?");
    let mv = s.engine_move();
    assert!(Replica::new("chess", None).find(&mv).is_some(), "{mv}");
    // `result` ends the game: a search under way is dropped without a move.
    s.send("new");
    s.send("st 300");
    s.send("go");
    s.send("result 1-0 {White resigns}");
    assert!(
        s.sync(5).iter().all(|l| !l.starts_with("move ")),
        "no move after result"
    );

    // `edit` (for GUIs without setboard): `#` clears, `c` switches to Black's pieces. The
    // king and a-rook on their start squares keep the queen-side castling right.
    s.send("new");
    s.send("force");
    for l in ["edit", "#", "Ke1", "Ra1", "c", "ke8", "."] {
        s.send(l);
    }
    let mut r = Replica::new("chess", None);
    r.engine
        .set_position(Some("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"), &[])
        .expect("fen");
    for sq in ["e1", "a1"] {
        s.send(&format!("lift {sq}"));
        let want = format!("highlight {}", r.highlight(sq));
        assert_eq!(s.sync(6), vec![want], "lift {sq}");
    }

    // `pause` stops the thinking output, `resume` goes on.
    s.send("new");
    s.send("force");
    s.send("post");
    s.send("analyze");
    s.until(|l| l.contains('\t'));
    s.send("pause");
    s.sync(7);
    s.send("resume");
    s.until(|l| l.contains('\t'));
    s.send("exit");
    s.sync(8);
    s.quit();
}
