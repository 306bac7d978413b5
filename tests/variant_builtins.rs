//! Every built-in variant loads, and its facts match the reference start positions.

use dabbaba::variant::{self, builtin, builtin_names, Region};

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

fn letters(v: &dabbaba::variant::Variant, set: &dabbaba::variant::PieceSet) -> String {
    set.iter().map(|i| v.pieces[i as usize].letter).collect()
}

#[test]
fn chess_defaults() {
    let v = builtin("chess").unwrap();
    assert_eq!(v.board_size(), "8x8");
    assert_eq!(letters(v, &v.promotion.piece_types.white), "NBRQ");
    assert!(v.castling.enabled && !v.chess960);
    assert_eq!(
        (v.castling.kingside_file, v.castling.queenside_file),
        (6, 2)
    );
    assert_eq!(
        v.pawns.double_step_region.white,
        Region::rank(1).clipped(8, 8)
    );
    assert_eq!(v.pawns.en_passant_region.white, Region::ALL.clipped(8, 8));
    assert_eq!(v.game_end.n_move_rule, 50);
    assert!(builtin("fischerandom").unwrap().chess960);
}

#[test]
fn tricky_facts() {
    // Spartan: no royal type; kings are commoners, pseudo-royal, with duple check.
    let s = builtin("spartan").unwrap();
    assert_eq!(s.king, None);
    assert!(s.checks.duple_check && s.game_end.extinction.pseudo_royal);
    assert_eq!(letters(s, &s.promotion.pawn_types.black), "H");
    assert_eq!(letters(s, &s.promotion.pawn_types.white), "P");
    assert!(s.pawns.en_passant_region.white.is_empty());

    // Grand: promotion zone of three ranks, optional, limited.
    let g = builtin("grand").unwrap();
    assert_eq!(g.board_size(), "10x10");
    assert!(!g.promotion.mandatory_pawn_promotion);
    let q = g.piece_by_letter('q').unwrap();
    assert!(g.promotion.limit.contains(&(q, 1)));
    assert!(g.promotion.region.black.contains(0, 2) && !g.promotion.region.black.contains(0, 3));

    // Shako: castling on the second rank with rooks on b and i.
    let k = builtin("shako").unwrap();
    assert_eq!(k.castling.rank, 1);
    assert_eq!(
        (
            k.castling.rook_kingside_file,
            k.castling.rook_queenside_file
        ),
        (Some(8), 1)
    );

    // Wolf: two promoting pawn types, the pawn alone captures en passant.
    let w = builtin("wolf").unwrap();
    assert_eq!(w.board_size(), "8x10");
    assert_eq!(letters(w, &w.promotion.pawn_types.white), "PS");
    assert_eq!(letters(w, &w.pawns.en_passant_types.white), "P");
    assert!(w.pawns.double_step_region.white.contains(1, 2));

    // Torpedo: double steps from anywhere; legan: none.
    let t = builtin("torpedo").unwrap();
    assert_eq!(t.pawns.double_step_region.black, Region::ALL.clipped(8, 8));
    assert!(!builtin("legan").unwrap().pawns.double_step);

    // Makruk: promotion on the sixth rank to the met only, no n-move rule.
    let m = builtin("makruk").unwrap();
    assert_eq!(letters(m, &m.promotion.piece_types.white), "M");
    assert!(m.promotion.region.white.contains(0, 5));
    assert_eq!(m.game_end.n_move_rule, 0);

    // Jeson Mor: knights only, flag on e5.
    let j = builtin("jesonmor").unwrap();
    assert_eq!(j.pieces.len(), 1);
    assert_eq!(j.game_end.flag.region.white, Region::square(4, 4));
}
