//! Every built-in variant loads, and its facts match the reference start positions.

use dabbaba::variant::{
    self, builtin, builtin_names, ChasingRule, CountingRule, GameValue, MaterialCounting, PieceId,
    Region, SpecialPiece, Variant,
};

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
    assert!(checked >= 105, "only {checked} FENs checked");
}

#[test]
fn issue4_and_issue5_variants_are_builtin() {
    let names = [
        // issue 4: hands, drops, shogi-style promotion, xiangqi and janggi
        "crazyhouse",
        "loop",
        "chessgi",
        "pocketknight",
        "placement",
        "seirawan",
        "shouse",
        "koedem",
        "sittuyin",
        "shogi",
        "minishogi",
        "mini",
        "kyotoshogi",
        "micro",
        "dobutsu",
        "gorogoro",
        "judkins",
        "torishogi",
        "euroshogi",
        "shoshogi",
        "yarishogi",
        "okisakishogi",
        "checkshogi",
        "capahouse",
        "grandhouse",
        "gothhouse",
        "makhouse",
        "shogun",
        "cannonshogi",
        "xiangqi",
        "minixiangqi",
        "manchu",
        "janggi",
        "janggitraditional",
        "janggimodern",
        "janggicasual",
        // issue 5: capture effects, obligations, game ends
        "atomic",
        "nocheckatomic",
        "atomar",
        "petrified",
        "antichess",
        "giveaway",
        "suicide",
        "codrus",
        "losers",
        "misere",
        "kingofthehill",
        "racingkings",
        "3check",
        "5check",
        "horde",
        "extinction",
        "kinglet",
        "threekings",
        "coregal",
    ];
    let have = builtin_names();
    for n in names {
        assert!(have.contains(&n), "missing built-in {n}");
        assert!(builtin(n).is_some(), "{n} did not conclude");
    }
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

fn id(v: &Variant, c: char) -> PieceId {
    v.piece_by_letter(c)
        .unwrap_or_else(|| panic!("{}: no piece '{c}'", v.name))
}

/// `promotedPieceType` as letter pairs, sorted: "B>H G>..." for easy comparison.
fn promotions(v: &Variant) -> String {
    let mut pairs: Vec<String> = v
        .promotion
        .promoted_piece_type
        .iter()
        .map(|&(a, b)| {
            format!(
                "{}>{}",
                v.pieces[a as usize].letter, v.pieces[b as usize].letter
            )
        })
        .collect();
    pairs.sort();
    pairs.join(" ")
}

fn sq(name: &str) -> (u8, u8) {
    dabbaba::variant::values::square(name).unwrap()
}

fn region_has(r: &Region, squares: &str) -> bool {
    squares.split_whitespace().all(|s| {
        let (f, rk) = sq(s);
        r.contains(f, rk)
    })
}

#[test]
fn shogi_family_facts() {
    let s = builtin("shogi").unwrap();
    assert_eq!(s.board_size(), "9x9");
    assert_eq!(promotions(s), "B>H L>G N>G P>G R>D S>G");
    assert!(s.drops.piece_drops && s.drops.captures_to_hand);
    assert_eq!(s.drops.no_doubled, Some(id(s, 'p')));
    assert!(s.drops.immobility_illegal && s.drops.shogi_pawn_drop_mate_illegal);
    assert_eq!(s.game_end.stalemate_value, GameValue::Loss);
    assert_eq!(
        (
            s.game_end.n_fold_rule,
            s.game_end.n_fold_value,
            s.game_end.n_move_rule
        ),
        (4, GameValue::Draw, 0)
    );
    assert!(!s.game_end.n_fold_value_absolute && s.game_end.perpetual_check_illegal);
    assert!(!s.castling.enabled && !s.pawns.double_step);
    assert!(s.promotion.region.white.contains(0, 6) && !s.promotion.region.white.contains(0, 5));
    assert_eq!(s.pieces[id(s, 'd') as usize].betza, "RF");
    assert_eq!(s.xboard.pocket_size, 0);

    // Minishogi keeps its own sennichite rule: a loss counted from White's side.
    let m = builtin("minishogi").unwrap();
    assert_eq!(m.board_size(), "5x5");
    assert_eq!(promotions(m), "B>H P>G R>D S>G");
    assert!(m.game_end.n_fold_value_absolute);
    assert_eq!(m.game_end.n_fold_value, GameValue::Loss);
    assert_eq!(m.xboard.pocket_size, 5);

    // Kyoto: pieces flip on every move, gold/bishop/rook are the flip sides.
    let k = builtin("kyotoshogi").unwrap();
    assert_eq!(promotions(k), "L>G N>G P>R S>B");
    assert!(k.promotion.piece_demotion && k.promotion.mandatory_piece_promotion);
    assert!(k.drops.drop_promoted && k.drops.no_doubled.is_none());
    assert!(!k.drops.immobility_illegal && !k.drops.shogi_pawn_drop_mate_illegal);
    assert_eq!(k.promotion.region.white, Region::ALL.clipped(5, 5));

    // Micro: 4x5, flips only on captures.
    let u = builtin("micro").unwrap();
    assert_eq!(u.board_size(), "4x5");
    assert_eq!(promotions(u), "B>G L>S P>N R>G");
    assert!(u.promotion.piece_promotion_on_capture);

    // Dobutsu: the lion is a non-royal commoner; losing it loses, bringing it home safely wins.
    let d = builtin("dobutsu").unwrap();
    assert_eq!(d.board_size(), "3x4");
    assert_eq!(d.king, None);
    assert_eq!(letters(d, &d.game_end.extinction.piece_types), "L");
    assert_eq!(d.game_end.flag.piece.white, Some(id(d, 'l')));
    assert!(d.game_end.flag.piece_safe);
    assert_eq!(promotions(d), "C>H");
    assert_eq!(d.game_end.n_fold_value, GameValue::Draw);
    assert!(!d.game_end.n_fold_value_absolute && !d.game_end.perpetual_check_illegal);

    // Tori shogi: two swallows on a file are allowed; repetition wins for the side to move.
    let t = builtin("torishogi").unwrap();
    assert_eq!(t.drops.no_doubled, Some(id(t, 's')));
    assert_eq!(t.drops.no_doubled_count, 2);
    assert_eq!(t.game_end.n_fold_value, GameValue::Win);
    assert_eq!(promotions(t), "F>E S>G");
    assert_eq!(t.pieces[id(t, 'e') as usize].betza, "KbRfBbF2");

    // Sho shogi: no drops; the drunk elephant promotes to a second (pseudo-royal) king.
    let h = builtin("shoshogi").unwrap();
    assert!(!h.drops.piece_drops && h.king.is_none());
    assert!(h.game_end.extinction.pseudo_royal);
    assert!(promotions(h).contains("E>K"));

    // Cannon shogi: the soldier takes over the pawn's letter and still promotes to gold.
    let c = builtin("cannonshogi").unwrap();
    assert_eq!(c.pieces[id(c, 'p') as usize].name, "soldier");
    assert_eq!(promotions(c), "A>W B>H C>F I>F L>G N>G P>G R>D S>G U>W");
    assert!(c.drops.no_doubled.is_none());

    // Check shogi: check counting on top of shogi.
    assert!(builtin("checkshogi").unwrap().checks.check_counting);
}

#[test]
fn xiangqi_family_facts() {
    let x = builtin("xiangqi").unwrap();
    assert_eq!(x.board_size(), "9x10");
    let k = x.king.unwrap();
    assert_eq!(x.pieces[k as usize].betza, "W");
    let palace = "d1 e1 f1 d2 e2 f2 d3 e3 f3";
    let w_king = x.pieces[k as usize].mobility_region.white.unwrap();
    assert!(region_has(&w_king, palace) && !region_has(&w_king, "c1"));
    let a = &x.pieces[id(x, 'a') as usize];
    assert_eq!(a.mobility_region.white, Some(w_king));
    let b = &x.pieces[id(x, 'b') as usize];
    assert_eq!(b.betza, "nA");
    assert!(region_has(&b.mobility_region.white.unwrap(), "a5 i5"));
    assert!(!region_has(&b.mobility_region.white.unwrap(), "a6"));
    assert!(region_has(&b.mobility_region.black.unwrap(), "a6 i10"));
    let p = &x.pieces[id(x, 'p') as usize];
    assert_eq!(p.special, Some(SpecialPiece::Soldier));
    assert_eq!(x.special_moves.soldier_promotion_rank, 5);
    assert!(x.checks.flying_general);
    assert_eq!(x.game_end.chasing_rule, ChasingRule::Axf);
    assert_eq!(x.game_end.stalemate_value, GameValue::Loss);

    // Manchu: the banner, no chasing rule (Fairy-Stockfish builds it from the xiangqi base).
    let m = builtin("manchu").unwrap();
    assert_eq!(m.pieces[id(m, 'm') as usize].betza, "RcpRnN");
    assert_eq!(m.game_end.chasing_rule, ChasingRule::None);

    let j = builtin("janggi").unwrap();
    let names: Vec<&str> = j.pieces.iter().map(|p| p.name.as_str()).collect();
    assert!(!names.contains(&"fers") && !names.contains(&"cannon") && !names.contains(&"elephant"));
    assert_eq!(
        j.pieces[id(j, 'c') as usize].special,
        Some(SpecialPiece::JanggiCannon)
    );
    assert_eq!(
        j.pieces[id(j, 'b') as usize].special,
        Some(SpecialPiece::JanggiElephant)
    );
    let wazir = &j.pieces[id(j, 'a') as usize];
    assert_eq!(wazir.name, "wazir");
    assert!(region_has(&wazir.mobility_region.black.unwrap(), "d8 f10"));
    assert_eq!(j.special_moves.soldier_promotion_rank, 0);
    assert!(region_has(
        &j.special_moves.diagonal_lines,
        "d1 f1 e2 d3 f3 d8 f8 e9 d10 f10"
    ));
    assert!(!region_has(&j.special_moves.diagonal_lines, "e1"));
    assert!(j.special_moves.pass.white && j.special_moves.pass.black);
    assert!(!j.checks.flying_general && j.checks.bikjang_rule);
    assert_eq!(j.game_end.material_counting, MaterialCounting::Janggi);
    assert_eq!(j.game_end.chasing_rule, ChasingRule::None);

    let t = builtin("janggitraditional").unwrap();
    assert!(t.checks.bikjang_rule);
    assert_eq!(t.game_end.material_counting, MaterialCounting::None);
    let md = builtin("janggimodern").unwrap();
    assert!(!md.checks.bikjang_rule && md.game_end.move_repetition_illegal);
    assert_eq!((md.game_end.n_fold_rule, md.game_end.n_move_rule), (4, 100));
    let c = builtin("janggicasual").unwrap();
    assert!(!c.checks.bikjang_rule);
    assert_eq!(c.game_end.material_counting, MaterialCounting::None);

    let mini = builtin("minixiangqi").unwrap();
    assert_eq!(mini.board_size(), "7x7");
    assert_eq!(mini.special_moves.soldier_promotion_rank, 0);
    let mk = mini.pieces[mini.king.unwrap() as usize]
        .mobility_region
        .black
        .unwrap();
    assert!(region_has(&mk, "c5 e7") && !region_has(&mk, "c4"));
}

#[test]
fn drop_and_setup_facts() {
    let s = builtin("sittuyin").unwrap();
    let f = id(s, 'f');
    assert_eq!(s.pieces[f as usize].name, "fers");
    assert!(s.promotion.sittuyin && s.drops.must_drop && s.drops.sittuyin_rook_drop);
    assert!(!s.drops.captures_to_hand);
    assert_eq!(s.promotion.limit, vec![(f, 1)]);
    assert!(region_has(
        &s.promotion.region.white,
        "a8 b7 c6 d5 e5 f6 g7 h8"
    ));
    assert!(!region_has(&s.promotion.region.white, "e8"));
    assert!(region_has(&s.drops.region.black, "a6 h8") && !region_has(&s.drops.region.black, "a5"));
    assert_eq!(s.game_end.counting_rule, CountingRule::Asean);
    assert_eq!(s.game_end.n_move_rule, 50);

    let p = builtin("placement").unwrap();
    assert!(p.drops.opposite_colored_bishop && p.castling.dropped_piece && p.drops.must_drop);
    assert_eq!(p.drops.region.white, Region::rank(0).clipped(8, 8));

    let k = builtin("koedem").unwrap();
    assert!(k.king.is_none() && k.drops.two_boards && !k.drops.captures_to_hand);
    assert_eq!(k.drops.must_drop_type, Some(id(k, 'k')));
    assert_eq!(k.game_end.extinction.opponent_piece_count, 2);

    let se = builtin("seirawan").unwrap();
    assert!(se.special_moves.gating && se.special_moves.seirawan_gating);
    assert_eq!(letters(se, &se.promotion.piece_types.white), "NBRQHE");
    let sh = builtin("shouse").unwrap();
    assert!(sh.special_moves.seirawan_gating && sh.drops.captures_to_hand);

    assert!(builtin("loop").unwrap().drops.drop_loop);
    let g = builtin("chessgi").unwrap();
    assert!(g.drops.drop_loop && g.drops.first_rank_pawn_drops);

    let mk = builtin("makhouse").unwrap();
    assert!(mk.drops.promotion_zone_pawn_drops && mk.drops.immobility_illegal);
    assert_eq!(mk.game_end.counting_rule, CountingRule::Makruk);

    // Shogun: no pawn promotion to chess pieces, shogi-style promotions with limits instead.
    let sg = builtin("shogun").unwrap();
    assert!(sg.promotion.piece_types.white.is_empty());
    assert_eq!(promotions(sg), "B>A F>Q N>G P>C R>M");
    assert_eq!(sg.promotion.limit.len(), 4);
    assert!(!sg.promotion.mandatory_pawn_promotion);
    assert!(region_has(&sg.drops.region.white, "a5") && !region_has(&sg.drops.region.white, "a6"));

    let gh = builtin("grandhouse").unwrap();
    assert_eq!(gh.board_size(), "10x10");
    assert!(gh.drops.captures_to_hand && !gh.castling.enabled);
}

#[test]
fn petrified_facts() {
    let p = builtin("petrified").unwrap();
    assert!(p.king.is_none() && p.game_end.extinction.pseudo_royal);
    assert_eq!(letters(p, &p.captures.petrify_on_capture_types), "NBRQK");
    assert_eq!(p.pieces[id(p, 'p') as usize].betza, "fsmWfceFifmnD");
}
