//! Every built-in variant loads, and its facts match the reference start positions.

use dabbaba::variant::{self, builtin, builtin_names};

#[test]
fn every_builtin_file_loads_without_problems() {
    if let Err(e) = variant::load_builtins() {
        panic!("built-in variants have problems:\n{e}");
    }
}

#[test]
fn issue3_variants_are_builtin() {
    let names = [
        "chess",
        "normal",
        "nocastle",
        "fischerandom",
        "armageddon",
        "torpedo",
        "berolina",
        "pawnsideways",
        "pawnback",
        "legan",
        "amazon",
        "nightrider",
        "grasshopper",
        "hoppelpoppel",
        "newzealand",
        "almost",
        "sortofalmost",
        "chigorin",
        "perfect",
        "knightmate",
        "shatranj",
        "shatar",
        "chaturanga",
        "makruk",
        "makpong",
        "cambodian",
        "karouk",
        "asean",
        "ai-wok",
        "losalamos",
        "gardner",
        "capablanca",
        "caparandom",
        "gothic",
        "janus",
        "embassy",
        "centaur",
        "modern",
        "chancellor",
        "courier",
        "grand",
        "opulent",
        "tencubed",
        "troitzky",
        "shako",
        "omicron",
        "wolf",
        "gustav3",
        "jesonmor",
        "spartan",
        "coregal",
    ];
    let have = builtin_names();
    for n in names {
        assert!(have.contains(&n), "missing built-in {n}");
        assert!(builtin(n).is_some(), "{n} did not conclude");
    }
}

#[test]
fn start_fens_match_fairy_stockfish() {
    let data = include_str!("data/variant_startfens.tsv");
    let mut checked = 0;
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (name, fen) = line.split_once('\t').expect("two columns");
        let v = builtin(name).unwrap_or_else(|| panic!("{name} is not built in"));
        assert_eq!(v.start_fen, fen, "{name}");
        checked += 1;
    }
    assert!(checked >= 51, "only {checked} FENs checked");
}
