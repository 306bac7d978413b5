//! Perft against reference numbers: every line of `tests/data/fairy-stockfish-suite.tsv`
//! (Fairy-Stockfish's tests/perft.sh), `tests/data/startpos-depth3.tsv` (pyffish, depths
//! 1-3) and `tests/data/positions-depth3.tsv` (pyffish, positions other than the start) for
//! the variants listed below. Lines above `LIGHT_NODES` nodes run with
//! `cargo test --release -- --ignored`.

use dabbaba::board::Game;
use dabbaba::variant::builtin;

/// The variants whose moves are covered: issue 3's, the xiangqi family and the hands issue's.
const VARIANTS: &[&str] = &[
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
    "xiangqi",
    "minixiangqi",
    "manchu",
    // Issue 5: capture side effects, obligations and objectives.
    "atomic",
    "nocheckatomic",
    "atomar",
    "petrified",
    "antichess",
    "giveaway",
    "suicide",
    "codrus",
    "losers",
    "racingkings",
    "horde",
    "extinction",
    "kinglet",
    "threekings",
    "kingofthehill",
    "3check",
    "5check",
    "misere",
    "janggi",
    "janggitraditional",
    "janggimodern",
    "janggicasual",
    "crazyhouse",
    "loop",
    "chessgi",
    "pocketknight",
    "koedem",
    "capahouse",
    "grandhouse",
    "gothhouse",
    "makhouse",
    "shogun",
    "minishogi",
    "kyotoshogi",
    "micro",
    "dobutsu",
    "gorogoro",
    "judkins",
    "euroshogi",
    "shogi",
    "checkshogi",
    "shoshogi",
    "yarishogi",
    "okisakishogi",
    "torishogi",
    "cannonshogi",
    "seirawan",
    "shouse",
    "placement",
    "sittuyin",
    // Fairy-Stockfish's variants built in later (issue 23); `positions-depth3.tsv` adds full
    // hands and pieces their start positions do not use.
    "fairy",
    "georgian",
    "paradigm",
    "raazuvaa",
    "breakthrough",
    "clobber",
    "clobber10",
    "fox-and-hounds",
    "bughouse",
    "dragon",
    "supply",
    "joust",
    "snailtrail",
    "isolation",
    "isolation7x7",
    "amazons",
    "flipersi",
    "flipello",
    "flipello10",
    "duck",
    "ataxx",
];

const LIGHT_NODES: u64 = 5_000_000;

/// The files of reference numbers in `tests/data/`.
const REFERENCE_FILES: [&str; 3] = [
    "fairy-stockfish-suite.tsv",
    "startpos-depth3.tsv",
    "positions-depth3.tsv",
];

struct Case {
    variant: String,
    fen: Option<String>,
    depth: u32,
    nodes: u64,
    chess960: bool,
}

fn cases(file: &str) -> Vec<Case> {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("test data file");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 5, "bad line in {file}: {l}");
            Case {
                variant: f[0].to_string(),
                fen: (f[1] != "startpos").then(|| f[1].to_string()),
                depth: f[2].parse().expect("depth"),
                nodes: f[3].parse().expect("nodes"),
                chess960: f[4] == "true",
            }
        })
        .filter(|c| VARIANTS.contains(&c.variant.as_str()))
        .collect()
}

fn run(select: impl Fn(&Case) -> bool) {
    let mut failures = Vec::new();
    let mut ran = 0;
    for file in REFERENCE_FILES {
        for c in cases(file).iter().filter(|c| select(c)) {
            let v = builtin(&c.variant).unwrap_or_else(|| panic!("variant {}", c.variant));
            let game = match Game::new(v, c.fen.as_deref(), c.chess960) {
                Ok(g) => g,
                Err(e) => {
                    failures.push(format!("{} {:?}: {e}", c.variant, c.fen));
                    continue;
                }
            };
            let got = game.perft(c.depth, 1);
            ran += 1;
            if got != c.nodes {
                failures.push(format!(
                    "{} {} depth {}: expected {}, got {got}",
                    c.variant,
                    c.fen.as_deref().unwrap_or("startpos"),
                    c.depth,
                    c.nodes
                ));
            }
        }
    }
    assert!(ran > 0, "no case selected");
    assert!(
        failures.is_empty(),
        "{} of {ran} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn perft_reference_light() {
    run(|c| c.nodes <= LIGHT_NODES);
}

#[test]
#[ignore = "heavy: run with cargo test --release -- --ignored"]
fn perft_reference_heavy() {
    run(|c| c.nodes > LIGHT_NODES);
}

#[test]
fn every_variant_has_reference_lines() {
    let all: Vec<Case> = REFERENCE_FILES.iter().flat_map(|f| cases(f)).collect();
    for v in VARIANTS {
        assert!(all.iter().any(|c| c.variant == *v), "{v} has no perft line");
    }
}
