//! USI and UCCI sessions with the `dabbaba` binary through pipes, as shogi and xiangqi GUIs
//! drive it. USI: `usi` (shogi without being told), SFEN positions with hands, moves and drops
//! in shogi coordinates, clocks with byoyomi, `bestmove resign` when mated, lishogi's Chu
//! Shogi SFEN with the square of a lion just taken. UCCI: `ucci`
//! (xiangqi without being told), ranks 0-9, `setoption NAME VALUE`, the mover's clock.

mod pipe_common;

use pipe_common::Session;

use dabbaba::board::AnyPosition;
use dabbaba::variant::builtin;

/// A shogi move in USI text (`7g7f`, `8h2b+`, `P*5e`) as our UCI text (`c3c4`, `b2h8+`,
/// `P@e5`), written here apart from the engine's own reading: files count from the right,
/// ranks are letters from the top.
fn usi_to_uci(m: &str) -> String {
    let square = |s: &str| {
        let b = s.as_bytes();
        let file = (b'a' + (b'9' - b[0])) as char;
        let rank = 9 - (b[1] - b'a');
        format!("{file}{rank}")
    };
    if let Some((piece, to)) = m.split_once('*') {
        return format!("{piece}@{}", square(to));
    }
    let plus = if m.ends_with('+') { "+" } else { "" };
    format!("{}{}{plus}", square(&m[0..2]), square(&m[2..4]))
}

#[test]
fn usi_text_reads_as_shogi_players_write_it() {
    for (usi, uci) in [
        ("7g7f", "c3c4"),
        ("3c3d", "g7g6"),
        ("8h2b+", "b2h8+"),
        ("P*5e", "P@e5"),
        ("9a9i", "a9a1"),
        ("1i1a", "i1i9"),
    ] {
        assert_eq!(usi_to_uci(usi), uci);
    }
}

/// What the tests ask of a session in either dialect.
trait DialectSession {
    /// The lines answering `d`, up to the one that shows the position.
    fn shown(&mut self) -> Vec<String>;
    /// Asserts that `d` shows our FEN `fen`.
    fn assert_fen(&mut self, fen: &str);
    /// The move of the next `bestmove` line.
    fn bestmove(&mut self) -> String;
}

impl DialectSession for Session {
    fn shown(&mut self) -> Vec<String> {
        self.send("d");
        self.until("info string variant")
    }

    fn assert_fen(&mut self, fen: &str) {
        let l = self.shown();
        let tail = format!("fen {fen}");
        assert!(l.last().is_some_and(|x| x.ends_with(&tail)), "{l:?}");
    }

    fn bestmove(&mut self) -> String {
        let l = self.until("bestmove ");
        l.last().expect("line")["bestmove ".len()..]
            .split(' ')
            .next()
            .expect("move")
            .to_string()
    }
}

/// The legal moves of shogi after `moves` (our UCI text), as UCI text.
fn legal_after(fen: Option<&str>, moves: &[&str]) -> Vec<String> {
    let mut g = AnyPosition::new(builtin("shogi").expect("shogi"), fen, false).expect("position");
    g.play_uci(&moves.iter().map(|m| m.to_string()).collect::<Vec<_>>())
        .expect("moves");
    g.legal_moves_uci()
}

#[test]
fn a_shogi_gui_session() {
    let mut u = Session::start("usi");
    let l = u.until("usiok");
    assert!(l.iter().any(|x| x.starts_with("id name Dabbaba")), "{l:?}");
    for opt in [
        "option name USI_Hash type spin",
        "option name USI_Ponder type check",
    ] {
        assert!(
            l.iter().any(|x| x.starts_with(opt)),
            "missing {opt} in {l:?}"
        );
    }
    u.send("setoption name USI_Hash value 32");
    u.send("isready");
    let l = u.until("readyok");
    assert!(!l.iter().any(|x| x.contains("error")), "{l:?}");
    u.send("usinewgame");

    // Shogi without being told; 7g7f 3c3d is c3c4 g7g6 in our coordinates.
    u.send("position startpos moves 7g7f 3c3d");
    u.send("go btime 2000 wtime 2000 byoyomi 100");
    let mv = u.bestmove();
    let uci = usi_to_uci(&mv);
    assert!(
        legal_after(None, &["c3c4", "g7g6"]).contains(&uci),
        "{mv} ({uci}) is not legal"
    );

    // An SFEN with a gold in hand: the drop mate G*5b.
    u.send("position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    u.assert_fen("4k4/9/4P4/9/9/9/9/9/4K4[G] w - - 0 1");
    u.send("go depth 3");
    let l = u.until("bestmove ");
    assert!(
        l.iter()
            .any(|x| x.contains("score mate 1") && x.contains(" pv G*5b")),
        "{l:?}"
    );
    assert_eq!(l.last().map(String::as_str), Some("bestmove G*5b"));
    // `searchmoves` in USI too: only the rook's move may be searched, though the gold drop
    // mates.
    u.send("position sfen 4k4/9/4P4/9/9/9/9/9/R3K4 b G 1");
    u.send("go depth 3 searchmoves 9i9h");
    assert_eq!(u.bestmove(), "9i9h");
    // An illegal move in the list is named as it was sent, in a position in SFEN.
    u.send("position startpos moves 7g7f 7g7f");
    let error = u.line("info string");
    assert!(
        error.contains(
            "'7g7f' in position lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"
        ),
        "{error}"
    );

    // Gote to move in SFEN is our Black; a mated side resigns.
    u.send("position sfen 4k4/9/9/9/9/9/4s4/4g4/4K4 b - 1");
    u.send("go depth 2");
    assert_eq!(u.bestmove(), "resign");
    u.send("gameover lose");
    u.send("isready");
    u.until("readyok");
}

#[test]
fn a_chu_shogi_sfen_names_the_square_of_a_lion_just_taken() {
    let mut u = Session::start("usi");
    u.until("usiok");
    u.send("setoption name USI_Variant value chushogi");
    u.send("isready");
    u.until("readyok");
    // Gote's rook has just taken a lion on 8j with a piece that is not a lion: lishogi's SFEN
    // says so in its third field, and then only a lion may take a lion, or any piece the
    // rook. Sente's bishop (6l) and pawn (1j) could each take a lion (3i, 1i) otherwise.
    let board = "k11/12/12/12/12/12/12/12/5o3n1n/4r6P/12/6B4K";
    u.send(&format!("position sfen {board} b 8j 2"));
    u.assert_fen(&format!("{board} w - e3 0 1"));
    u.send("go depth 3");
    let barred = u.bestmove();
    assert!(!["6l3i", "1j1i"].contains(&barred.as_str()), "{barred}");
    u.send(&format!("position sfen {board} b - 2"));
    u.send("go depth 3");
    let free = u.bestmove();
    assert!(["6l3i", "1j1i"].contains(&free.as_str()), "{free}");
    // A third field that is no square of the board is refused, not read as hands.
    u.send(&format!("position sfen {board} b 13j 2"));
    let l = u.shown();
    assert!(
        l.iter()
            .any(|x| x.contains("bad lion-trading square '13j'")),
        "{l:?}"
    );
}

#[test]
fn a_xiangqi_gui_session() {
    let mut u = Session::start("ucci");
    let l = u.until("ucciok");
    assert!(
        l.iter().any(|x| x.starts_with("option hashsize type spin")),
        "{l:?}"
    );
    u.send("setoption hashsize 32");
    u.send("isready");
    let l = u.until("readyok");
    assert!(!l.iter().any(|x| x.contains("error")), "{l:?}");
    u.send("uccinewgame");
    // Central cannon and the horse's reply, in UCCI's ranks 0-9 (our h3e3 h10g8).
    u.send("position startpos moves h2e2 h9g7");
    u.send("go time 2000 increment 50 opptime 2000 oppincrement 50");
    let l = u.until("bestmove ");
    assert!(
        l.iter()
            .any(|x| x.starts_with("info depth") && x.contains(" score ") && !x.contains(" cp ")),
        "{l:?}"
    );
    let mv = l.last().expect("bestmove")["bestmove ".len()..]
        .split(' ')
        .next()
        .expect("move")
        .to_string();
    // Back to our ranks (1-10) to check it against the legal moves.
    let ours: String = {
        let mut out = String::new();
        let mut num = String::new();
        for c in mv.chars().chain(std::iter::once(' ')) {
            if c.is_ascii_digit() {
                num.push(c);
            } else {
                if !num.is_empty() {
                    out += &(num.parse::<u32>().expect("rank") + 1).to_string();
                    num.clear();
                }
                out.push(c);
            }
        }
        out.trim_end().to_string()
    };
    let mut g = AnyPosition::new(builtin("xiangqi").expect("xiangqi"), None, false).expect("start");
    g.play_uci(&["h3e3".to_string(), "h10g8".to_string()])
        .expect("moves");
    assert!(g.legal_moves_uci().contains(&ours), "{mv} ({ours})");
    // A rook mate: UCCI's e1d1 is our e2d2.
    u.send("position fen 3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1");
    u.send("go depth 3");
    assert_eq!(u.bestmove(), "e1d1");
}
