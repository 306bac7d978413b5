//! Variants defined at run time, without a file: a `define` ... `end` block of variants.ini
//! lines in a UCI or CECP session (then played like any variant: `UCI_Variant`, `variant`, the
//! engine-defined variant's `setup`), the same block through USI (which the session translates
//! to UCI), and `--variants -` reading the definitions from a script's standard input.
//! Problems come back as `define:LINE: key: reason; section skipped`.

mod pipe_common;

use pipe_common::Session;

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

/// A 6x6 chess without castling, and a section with a bad key.
const BLOCK: &[&str] = &[
    "define",
    "[sixchess:chess]",
    "maxRank = 6",
    "maxFile = f",
    "castling = false",
    "doubleStep = false",
    "promotionRegionWhite = *6",
    "promotionRegionBlack = *1",
    "startFen = rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1",
    "",
    "[broken:chess]",
    "castling = perhaps",
    "end",
];

/// The bestmove of a depth-2 search must be a legal 6x6 move: files a-f, ranks 1-6.
fn on_six_by_six(mv: &str) -> bool {
    let b = mv.as_bytes();
    b.len() >= 4
        && (b'a'..=b'f').contains(&b[0])
        && (b'1'..=b'6').contains(&b[1])
        && (b'a'..=b'f').contains(&b[2])
        && (b'1'..=b'6').contains(&b[3])
}

#[test]
fn uci_defines_a_variant_and_plays_it() {
    let mut s = Session::start("uci");
    s.until("uciok");
    for l in BLOCK {
        s.send(l);
    }
    let got = s.until("info string defined");
    assert!(
        got.contains(
            &"info string define:11: castling: expected 'true' or 'false', found 'perhaps'; section skipped"
                .to_string()
        ),
        "{got:?}"
    );
    assert_eq!(
        got.last().map(String::as_str),
        Some("info string defined 1 variants: sixchess")
    );
    s.send("setoption name UCI_Variant value sixchess");
    let v = s.until("info string variant");
    assert!(v.last().unwrap().contains("files 6 ranks 6"), "{v:?}");
    s.send("position startpos moves a2a3");
    s.send("go depth 2");
    let best = s.until("bestmove").pop().unwrap();
    let mv = best.split_whitespace().nth(1).unwrap_or("");
    assert!(on_six_by_six(mv), "{best}");
    // The variant being played is not changed by a define, and an empty block defines none.
    s.send("define");
    s.send("end");
    assert_eq!(
        s.until("info string defined").pop().as_deref(),
        Some("info string defined no variants")
    );
    s.send("d");
    let d = s.until("info string variant").pop().unwrap();
    assert!(d.starts_with("info string variant sixchess fen "), "{d}");
}

#[test]
fn cecp_defines_a_variant_and_sets_it_up() {
    let mut s = Session::start("xboard");
    s.send("protover 2");
    s.until("feature done=1");
    for l in BLOCK {
        s.send(l);
    }
    let got = s.until("feature variants=");
    assert!(
        got.iter().any(|l| l == "# defined 1 variants: sixchess"),
        "{got:?}"
    );
    assert!(
        got.iter().any(|l| l.starts_with("# define:11: castling:")),
        "{got:?}"
    );
    assert!(got.last().unwrap().contains("sixchess"), "{got:?}");
    s.send("new");
    s.send("variant sixchess");
    // An engine-defined variant: XBoard is told the board and the pieces.
    let setup = s.until("setup").pop().unwrap();
    assert!(setup.contains("6x6+0_"), "{setup}");
    s.send("force");
    s.send("usermove a2a3");
    s.send("go");
    let mv = s.until("move ").pop().unwrap();
    assert!(on_six_by_six(&mv[5..]), "{mv}");
}

#[test]
fn usi_passes_a_define_block_through() {
    let mut s = Session::start("usi");
    s.until("usiok");
    s.send("define");
    s.send("[fourshogi:minishogi]");
    s.send("maxFile = 4");
    s.send("startFen = rbsk/3p/4/P3/KSBR[-] w 0 1");
    s.send("end");
    let got = s.until("info string defined");
    assert_eq!(
        got.last().map(String::as_str),
        Some("info string defined 1 variants: fourshogi"),
        "{got:?}"
    );
}

#[test]
fn variants_from_standard_input() {
    let ini = "[sixchess:chess]\nmaxRank = 6\nmaxFile = f\ncastling = false\n\
               doubleStep = false\npromotionRegionWhite = *6\npromotionRegionBlack = *1\n\
               startFen = rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1\n";
    let run = |args: &[&str], input: &str| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_dabbaba"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start");
        // A run that refuses at once may close its input before reading it.
        let _ = child
            .stdin
            .take()
            .expect("stdin")
            .write_all(input.as_bytes());
        child.wait_with_output().expect("run")
    };
    let out = run(
        &["--variants", "-", "perft", "2", "--variant", "sixchess"],
        ini,
    );
    let text = String::from_utf8_lossy(&out.stdout);
    // Six pawn pushes and four knight moves a side: 10 x 10 leaves at depth 2.
    assert!(text.contains("Nodes searched: 100"), "{text}");
    let out = run(
        &[
            "--variants",
            "-",
            "analyse",
            "--variant",
            "sixchess",
            "--depth",
            "3",
            "--json",
        ],
        ini,
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("\"type\":\"bestmove\""), "{text}");
    // Standard input cannot carry both the variants and the positions, nor the protocol.
    let out = run(
        &["--variants", "-", "analyse", "--epd", "-", "--depth", "1"],
        ini,
    );
    assert!(!out.status.success());
    let out = run(&["--variants", "-"], ini);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("define"));
}

#[test]
fn quit_inside_a_define_block_ends_the_session() {
    for (first, prefix) in [("uci", "info string "), ("xboard", "# ")] {
        let mut s = Session::start(first);
        s.send("define");
        s.send("[half:chess]");
        s.send("quit");
        let l = s
            .until(&format!("{prefix}define block not closed"))
            .pop()
            .unwrap();
        assert!(l.ends_with("nothing defined"), "{l}");
        // The engine exits on its own.
        for _ in 0..600 {
            if s.has_exited() {
                break;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        assert!(s.has_exited(), "{first}: still running");
    }
}
