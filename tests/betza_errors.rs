//! Errors name the text and the 1-based column; nothing is skipped silently.

use dabbaba::betza::{parse, Dialect, Reason};

fn error(text: &str) -> (usize, String) {
    match parse(text, Dialect::XBetza) {
        Ok(piece) => panic!("{text} parsed as {piece:?}"),
        Err(e) => (e.column, e.to_string()),
    }
}

#[test]
fn the_issue_example_word_for_word() {
    let e = parse("fmWx", Dialect::XBetza).unwrap_err();
    assert_eq!(
        e.to_string(),
        "betza error at column 4 in \"fmWx\": unknown letter 'x'"
    );
    assert_eq!(e.reason, Reason::UnknownLetter('x'));
}

#[test]
fn columns_point_at_the_offending_letter() {
    let cases: &[(&str, usize, &str)] = &[
        ("X", 1, "unknown letter 'X'"),
        ("WX", 2, "unknown letter 'X'"),
        ("fm", 3, "without an atom"),
        ("Rfa", 4, "without an atom"),
        ("W123", 2, "bad range"),
        ("W0123", 2, "bad range"),
        ("3W", 1, "range must follow"),
        ("NN3", 3, "already an unlimited rider"),
        ("fiW", 2, "'i' cannot apply"),
        ("iiiW", 3, "repeated"),
        ("nW", 1, "lame"),
        ("nK", 1, "lame"),
        ("cmK", 2, "out of order"),
        ("mfW", 2, "out of order"),
        ("mmW", 2, "repeated"),
        ("yW", 1, "no"),
        ("eaW", 1, "e.p."),
        ("pgR", 2, "hop"),
        ("gyaW", 2, "toggles"),
        ("njN", 2, "lame"),
        ("jjN", 1, "one-square"),
        ("fU", 1, "U takes no direction"),
        ("zafW", 1, "single-leg"),
        ("zqB", 2, "crooked"),
        ("O", 2, "castling needs"),
        ("fO2", 1, "castling"),
        ("hfN", 1, "no meaning"),
        ("KW€", 3, "unknown letter '€'"),
        ("W x", 2, "unknown letter ' '"),
        ("Wk", 2, "unknown letter 'k'"),
    ];
    for &(text, column, fragment) in cases {
        let (got_column, message) = error(text);
        assert_eq!(got_column, column, "{text}: {message}");
        assert!(message.contains(fragment), "{text}: {message}");
        assert!(
            message.starts_with(&format!("betza error at column {column} in \"{text}\": ")),
            "{message}"
        );
    }
}

#[test]
fn accepted_spellings() {
    for text in [
        "", "W", "iiW", "W03", "N0", "NN", "RR", "O2", "KO2", "ffrK", "hrN", "zB", "qN", "U",
        "mcU", "jjR", "W99",
    ] {
        assert!(parse(text, Dialect::XBetza).is_ok(), "{text}");
    }
}
