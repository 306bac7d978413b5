//! Protocol stress: seeded random sessions of valid, odd and malformed lines (bytes that are
//! not UTF-8, `stop`/`position`/`setoption` in the middle of a search, huge depths, zero and
//! negative clocks, huge `Hash` and `Threads`, truncated commands) sent to the binary in both
//! protocols. After every few lines the engine must answer `isready` / `ping`, the UCI
//! sessions must have searched (`bestmove` lines), and the engine must end with exit status 0.

mod pipe_common;

use std::io::Write;
use std::process::{Child, ChildStdin};
use std::sync::mpsc::Receiver;
use std::time::Duration;

/// Guard against a hung engine (not a timing assertion).
const HANG: Duration = Duration::from_secs(60);

struct Engine {
    child: Child,
    stdin: ChildStdin,
    rx: Receiver<String>,
    sent: Vec<String>,
    /// `bestmove` lines received.
    bestmoves: usize,
}

impl Engine {
    /// The binary with its address space limited to 8 GB (room for 256 threads with 16 MB
    /// stacks besides the tables), so that a 32 GB `Hash` is refused
    /// the same way on every machine.
    fn start() -> Engine {
        let pipe_common::Pipes { child, stdin, rx } = pipe_common::start_limited(8 << 20, &["-q"]);
        Engine {
            child,
            stdin,
            rx,
            sent: Vec::new(),
            bestmoves: 0,
        }
    }

    fn send(&mut self, line: &[u8]) {
        self.sent.push(String::from_utf8_lossy(line).into_owned());
        let ok = self.stdin.write_all(line).is_ok()
            && self.stdin.write_all(b"\n").is_ok()
            && self.stdin.flush().is_ok();
        assert!(ok, "engine gone; last lines sent:\n{}", self.tail());
    }

    fn tail(&self) -> String {
        let n = self.sent.len();
        self.sent[n.saturating_sub(30)..].join("\n")
    }

    /// Lines up to and including the first equal to `want`.
    fn until(&mut self, want: &str) -> Vec<String> {
        let mut got = Vec::new();
        loop {
            match self.rx.recv_timeout(HANG) {
                Ok(l) => {
                    self.bestmoves += usize::from(l.starts_with("bestmove "));
                    let done = l == want;
                    got.push(l);
                    if done {
                        return got;
                    }
                }
                Err(_) => panic!(
                    "no '{want}'; last lines sent:\n{}\nreceived:\n{}",
                    self.tail(),
                    got.join("\n")
                ),
            }
        }
    }

    fn finish(mut self, quit: &str) {
        self.send(quit.as_bytes());
        let end = std::time::Instant::now() + HANG;
        while std::time::Instant::now() < end {
            if let Ok(Some(st)) = self.child.try_wait() {
                assert!(
                    st.success(),
                    "exit status {st}; last lines:\n{}",
                    self.tail()
                );
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        panic!("no exit after {quit}; last lines:\n{}", self.tail());
    }
}

/// xorshift64: the sessions are the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

const VARIANTS: &[&str] = &[
    "chess",
    "crazyhouse",
    "xiangqi",
    "shogi",
    "capablanca",
    "makruk",
];

/// A line of noise: bytes that are not UTF-8, control characters, a command cut short.
fn noise(rng: &mut Rng, words: &[&str]) -> Vec<u8> {
    match rng.below(5) {
        0 => vec![0xff, 0xfe, b' ', 0xc3],
        1 => {
            let w = rng.pick(words);
            w.as_bytes()[..rng.below(w.len() + 1)].to_vec()
        }
        2 => (0..rng.below(40))
            .map(|_| rng.next() as u8)
            .filter(|&b| b != b'\n')
            .collect(),
        3 => format!("{} {}", rng.pick(words), rng.pick(words)).into_bytes(),
        _ => b"\t \r".to_vec(),
    }
}

fn uci_line(rng: &mut Rng) -> Vec<u8> {
    const WORDS: &[&str] = &[
        "go",
        "stop",
        "position",
        "setoption",
        "ucinewgame",
        "isready",
        "ponderhit",
        "d",
        "moves",
        "fen",
        "startpos",
        "depth",
        "infinite",
    ];
    let s = match rng.below(16) {
        0 => "go infinite".to_string(),
        1 => "stop".to_string(),
        2 => format!(
            "go depth {}",
            rng.pick(&["1", "3", "1000000", "-5", "0", "x"])
        ),
        3 => format!(
            "go wtime {} btime {} winc {}",
            rng.pick(&["0", "-100", "1", "50", "99999999999999"]),
            rng.pick(&["0", "-1", "20"]),
            rng.pick(&["0", "-10", "5"])
        ),
        4 => format!("go nodes {}", rng.pick(&["1", "500", "0", "-3"])),
        5 => format!("go movetime {}", rng.pick(&["0", "1", "30", "-20"])),
        6 => format!(
            "position startpos moves {}",
            rng.pick(&[
                "e2e4 e7e5",
                "e2e4 e7e5 e1e8",
                "zz",
                "",
                "e2e4 e7e5 g1f3 b8c6 f1b5"
            ])
        ),
        7 => format!(
            "position fen {}",
            rng.pick(&[
                "8/8/8/8/8/8/8/8 w - - 0 1",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
                "not a fen",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
            ])
        ),
        8 => format!(
            "setoption name Hash value {}",
            rng.pick(&["1", "16", "32768", "-1", "99999999999999999999", "lots"])
        ),
        9 => format!(
            "setoption name Threads value {}",
            rng.pick(&["1", "2", "4", "0", "100000", "-3"])
        ),
        10 => format!("setoption name UCI_Variant value {}", rng.pick(VARIANTS)),
        11 => format!(
            "setoption name MultiPV value {}",
            rng.pick(&["1", "3", "0", "100000"])
        ),
        12 => rng
            .pick(&[
                "ucinewgame",
                "ponderhit",
                "d",
                "uci",
                "setoption name Clear Hash",
            ])
            .to_string(),
        13 => "setoption name".to_string(),
        _ => return noise(rng, WORDS),
    };
    s.into_bytes()
}

fn cecp_line(rng: &mut Rng) -> Vec<u8> {
    const WORDS: &[&str] = &[
        "new", "go", "force", "usermove", "setboard", "level", "st", "sd", "time", "otim", "undo",
        "remove", "analyze", "exit", "memory", "cores", "variant", "?",
    ];
    let s = match rng.below(16) {
        0 => "go".to_string(),
        1 => "?".to_string(),
        2 => format!("sd {}", rng.pick(&["1", "3", "1000000", "-5", "x"])),
        3 => format!("st {}", rng.pick(&["0", "1", "-1", "x"])),
        4 => format!(
            "level {}",
            rng.pick(&["40 0:30 0", "0 1 0.1", "0 0 0", "-1 -1 -1", "x"])
        ),
        5 => format!(
            "time {}",
            rng.pick(&["0", "-100", "1", "500", "99999999999999"])
        ),
        6 => format!(
            "usermove {}",
            rng.pick(&["e2e4", "e7e5", "g1f3", "zz", "e1e8", "P@e4"])
        ),
        7 => format!(
            "setboard {}",
            rng.pick(&[
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
                "garbage",
            ])
        ),
        8 => format!("memory {}", rng.pick(&["1", "16", "40000", "-1", "x"])),
        9 => format!("cores {}", rng.pick(&["1", "2", "100000", "0", "-2"])),
        10 => format!("variant {}", rng.pick(VARIANTS)),
        11 => rng
            .pick(&[
                "new", "force", "undo", "remove", "post", "nopost", "hard", "easy",
            ])
            .to_string(),
        12 => rng
            .pick(&[
                "analyze",
                "exit",
                ".",
                "hint",
                "bk",
                "draw",
                "result 1-0 {x}",
            ])
            .to_string(),
        13 => "name J\u{f6}rg".to_string(),
        _ => return noise(rng, WORDS),
    };
    s.into_bytes()
}

#[test]
fn random_uci_sessions_are_always_answered() {
    let mut searches = 0;
    for seed in 1..=6u64 {
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let mut e = Engine::start();
        e.send(b"uci");
        e.until("uciok");
        for round in 0..40 {
            for _ in 0..1 + rng.below(6) {
                let line = uci_line(&mut rng);
                e.send(&line);
            }
            // Whatever was started, `stop` ends it; `isready` must always be answered.
            if round % 3 == 0 {
                e.send(b"stop");
            }
            e.send(b"isready");
            e.until("readyok");
        }
        e.send(b"stop");
        e.send(b"isready");
        e.until("readyok");
        searches += e.bestmoves;
        e.finish("quit");
    }
    assert!(
        searches >= 20,
        "only {searches} searches ended with bestmove"
    );
}

#[test]
fn random_cecp_sessions_are_always_answered() {
    for seed in 1..=6u64 {
        let mut rng = Rng(seed.wrapping_mul(0xD1B5_4A32_D192_ED03) | 1);
        let mut e = Engine::start();
        e.send(b"xboard");
        e.send(b"protover 2");
        e.until("feature done=1");
        for round in 0..40u32 {
            for _ in 0..1 + rng.below(6) {
                let line = cecp_line(&mut rng);
                e.send(&line);
            }
            // `force` takes the engine off move (a search on its move would otherwise run
            // until its clock, which a huge `time` makes long); `exit` leaves analysis.
            e.send(b"exit");
            e.send(b"force");
            e.send(format!("ping {round}").as_bytes());
            e.until(&format!("pong {round}"));
        }
        e.finish("quit");
    }
}
