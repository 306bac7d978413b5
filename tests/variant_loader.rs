//! The variants.ini reader: inheritance, piece keys, rule keys, and every kind of problem with
//! its `FILE:LINE: key: reason` message.

use dabbaba::variant::{BetzaDialect, Color, GameValue, Region, VariantErrors, VariantSet};

fn load(text: &str) -> Result<VariantSet, VariantErrors> {
    let mut set = VariantSet::with_builtins();
    set.load_str("user.ini", text).map(|_| set)
}

/// The problems of a file, as printed by `dabbaba check`.
fn problems(text: &str) -> Vec<String> {
    match load(text) {
        Ok(_) => Vec::new(),
        Err(e) => e.0.iter().map(ToString::to_string).collect(),
    }
}

#[test]
fn child_inherits_and_overrides() {
    let set = load(
        "[mychess:chess]\ncastling = false\n\n[mine2:mychess]\nnMoveRule = 30\ncustomPiece1 = a:BN\n\
         promotionPieceTypes = qa\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w - - 0 1\n",
    )
    .unwrap();
    let a = set.get("mychess").unwrap();
    assert!(!a.castling.enabled);
    assert_eq!(a.game_end.n_move_rule, 50);
    let b = set.get("mine2").unwrap();
    assert!(!b.castling.enabled, "inherited from mychess");
    assert_eq!(b.game_end.n_move_rule, 30);
    let amazon = b.piece_by_letter('a').unwrap();
    let p = b.piece(amazon).unwrap();
    assert_eq!((p.name.as_str(), p.betza.as_str()), ("customPiece1", "BN"));
    assert_eq!(p.dialect, BetzaDialect::FairyStockfish);
    let promo: Vec<char> = b
        .promotion
        .piece_types
        .white
        .iter()
        .map(|i| b.pieces[i as usize].letter)
        .collect();
    assert_eq!(promo, vec!['Q', 'A']);
}

#[test]
fn section_without_parent_has_no_pieces() {
    let set = load(
        "[tiny]\nmaxFile = 3\nmaxRank = 3\nking = k\nrook = r\npromotionPieceTypes = r\n\
         startFen = k2/3/2K w - - 0 1\n",
    )
    .unwrap();
    let v = set.get("tiny").unwrap();
    assert_eq!(v.board_size(), "3x3");
    let letters: String = v.pieces.iter().map(|p| p.letter).collect();
    assert_eq!(letters, "RK");
    assert_eq!(v.king, Some(1));
    assert!(v.pieces[1].royal);
}

#[test]
fn custom_royal_and_removed_piece() {
    let v = dabbaba::variant::builtin("knightmate").unwrap();
    let k = &v.pieces[v.king.unwrap() as usize];
    assert_eq!((k.letter, k.betza.as_str(), k.royal), ('K', "N", true));
    assert!(v.piece_by_name("knight").is_none());
    assert_eq!(
        v.pieces[v.piece_by_letter('m').unwrap() as usize].name,
        "commoner"
    );
}

#[test]
fn later_keys_in_fsf_order_not_file_order() {
    // Specific enPassantTypes beats the pawnTypes alias whatever the line order.
    let set = load("[x:chess]\nenPassantTypes = -\npawnTypes = p\ncustomPiece1 = a:mfFcfeWimfnA\n")
        .unwrap();
    let v = set.get("x").unwrap();
    assert!(v.pawns.en_passant_types.white.is_empty());
    assert_eq!(v.promotion.pawn_types.black.0, vec![0]);
}

#[test]
fn custom_piece_with_e_captures_en_passant() {
    let v = dabbaba::variant::builtin("berolina").unwrap();
    let p = v.piece_by_letter('p').unwrap();
    assert_eq!(v.pawns.en_passant_types.white.0, vec![p]);
    assert_eq!(v.promotion.main_pawn_type.black, Some(p));
}

#[test]
fn regions_rules_and_values() {
    let set = load(
        "[r:chess]\nmaxRank = 10\nmaxFile = 16\npromotionRegionWhite = *9 *10 a8\nflagRegion = d4 e4\n\
         stalemateValue = win\nextinctionValue = none\nmobilityRegionWhiteKing = a1 b1\n\
         pieceValueMg = q:900 n:300\ncastlingWins = Kq\n\
         startFen = rnbqkbnr8/pppppppp8/16/16/16/16/16/16/PPPPPPPP8/RNBQKBNR8 w - - 0 1\n",
    )
    .unwrap();
    let v = set.get("r").unwrap();
    assert_eq!(v.board_size(), "16x10");
    let pr = v.promotion.region.white;
    assert!(pr.contains(15, 9) && pr.contains(0, 7) && !pr.contains(1, 7));
    assert_eq!(
        v.game_end.flag.region.black,
        Region::square(3, 3).union(&Region::square(4, 3))
    );
    assert_eq!(v.game_end.stalemate_value, GameValue::Win);
    assert_eq!(v.game_end.extinction.value, None);
    let k = &v.pieces[v.king.unwrap() as usize];
    assert_eq!(
        k.mobility_region
            .get(Color::White)
            .map(|r| r.squares().count()),
        Some(2)
    );
    assert_eq!(k.mobility_region.black, None);
    let q = &v.pieces[v.piece_by_letter('q').unwrap() as usize];
    assert_eq!((q.value_mg, q.value_eg), (Some(900), None));
    assert!(v.castling.wins.white_kingside && v.castling.wins.black_queenside);
    assert!(!v.castling.wins.white_queenside);
}

#[test]
fn deprecated_aliases() {
    let set = load(
        "[d:chess]\npromotionRank = 7\ndoubleStepRank = 3\ndoubleStepRankMin = 2\n\
         whiteFlag = *8\ncastlingRookPiece = q\nwhiteDropRegion = *1\n",
    )
    .unwrap();
    let v = set.get("d").unwrap();
    assert!(v.promotion.region.white.contains(0, 6) && v.promotion.region.white.contains(0, 7));
    assert!(v.promotion.region.black.contains(0, 1) && !v.promotion.region.black.contains(0, 2));
    let ds = v.pawns.double_step_region.white;
    assert!(ds.contains(0, 1) && ds.contains(0, 2) && !ds.contains(0, 3));
    assert!(v.pawns.double_step_region.black.contains(0, 5));
    assert!(v.game_end.flag.region.white.contains(3, 7));
    let q = v.piece_by_letter('q').unwrap();
    assert_eq!(v.castling.rook_pieces.black.0, vec![q]);
    assert_eq!(v.drops.region.white, Region::rank(0).clipped(8, 8));
}

#[test]
fn star_piece_set_covers_pieces_added_by_children() {
    let set = load("[s:shatranj]\ncustomPiece1 = z:W\n").unwrap();
    let v = set.get("s").unwrap();
    assert_eq!(v.game_end.extinction.piece_types.0.len(), v.pieces.len());
}

#[test]
fn more_than_25_custom_pieces() {
    let mut text = String::from("[many:chess]\n");
    let letters: Vec<char> = ('a'..='z').filter(|c| !"pnbrqk".contains(*c)).collect();
    for (i, c) in letters.iter().enumerate() {
        text.push_str(&format!("customPiece{} = {c}:W\n", i + 26));
    }
    let set = load(&text).unwrap();
    assert_eq!(set.get("many").unwrap().pieces.len(), 6 + letters.len());
}

#[test]
fn unknown_key() {
    assert_eq!(
        problems("[x:chess]\ncastling = false\nfooBar = 3\n"),
        vec!["user.ini:3: fooBar: unknown key"]
    );
}

#[test]
fn bad_values() {
    let p = problems(
        "[x:chess]\ncastling = yes\nmaxRank = 17\nmaxFile = q\npromotionRegionWhite = *8 z3\n\
         stalemateValue = lose\nnMoveRule = -1\npromotionPieceTypes = nbx\n",
    );
    assert_eq!(
        p,
        vec![
            "user.ini:2: castling: expected 'true' or 'false', found 'yes'",
            "user.ini:3: maxRank: expected a rank from 1 to 16, found '17'",
            "user.ini:4: maxFile: expected a file from 1 to 16 or a to p, found 'q'",
            "user.ini:5: promotionRegionWhite: 'z3' is not a square (a1..p16), a rank (*1..*16) or a file (a*..p*)",
            "user.ini:6: stalemateValue: expected win, loss, draw or none, found 'lose'",
            "user.ini:7: nMoveRule: expected a non-negative integer, found '-1'",
            "user.ini:8: promotionPieceTypes: 'x' is not a piece letter of this variant",
        ]
    );
}

#[test]
fn unknown_parent_and_duplicate_name() {
    let p = problems("[x:nosuch]\ncastling = false\n[chess]\n");
    assert_eq!(
        p,
        vec![
            "user.ini:1: [x:nosuch]: unknown parent variant 'nosuch'",
            "user.ini:3: [chess]: variant 'chess' is already defined",
        ]
    );
}

#[test]
fn ambiguous_letters() {
    let p = problems("[x:chess]\ncustomPiece1 = a:W\ncustomPiece2 = a:F\n");
    assert_eq!(
        p,
        vec!["user.ini:3: customPiece2: ambiguous letter 'A': also used by customPiece1 on line 2"]
    );
    // Taking over the letter of an inherited piece replaces it, as in Fairy-Stockfish.
    let set = load("[y:chess]\ncustomPiece1 = n:NN\n").unwrap();
    let v = set.get("y").unwrap();
    assert!(v.piece_by_name("knight").is_none());
    assert_eq!(
        v.pieces[v.piece_by_letter('n').unwrap() as usize].betza,
        "NN"
    );
}

#[test]
fn bad_piece_definitions() {
    let p =
        problems("[x:chess]\ncustomPiece1 = a\nknight = n:NN\nbishop = 3\ncustomPiece2 = z:W%\n");
    assert_eq!(
        p,
        vec![
            "user.ini:2: customPiece1: a custom piece needs 'letter:betza'",
            "user.ini:3: knight: predefined piece 'knight' takes only a letter; use customPieceN = letter:betza",
            "user.ini:4: bishop: expected a piece letter, '+letter' or '-', found '3'",
            "user.ini:5: customPiece2: bad Betza 'W%': column 2: unknown letter '%'",
        ]
    );
    // A piece that exists only promoted needs the piece it promotes from, and is its only
    // promotion.
    let p = problems("[x:chess]\ncustomPiece1 = +z:K\n");
    assert_eq!(
        p,
        vec!["user.ini:1: promotedPieceType: '+Z' needs a piece 'Z' to promote from"]
    );
    let p = problems("[x:chess]\ncustomPiece1 = +n:K\npromotedPieceType = n:q\n");
    assert_eq!(
        p,
        vec![
            "user.ini:1: promotedPieceType: 'N' promotes to 'Q', but '+N' is written for its promoted form"
        ]
    );
    let p = problems("[x:chess]\ncustomPiece1 = +n:K\ncustomPiece2 = +n:W\n");
    assert_eq!(
        p,
        vec![
            "user.ini:3: customPiece2: ambiguous letter '+N': also used by customPiece1 on line 2"
        ]
    );
}

#[test]
fn start_fen_that_does_not_fit() {
    let p = problems(
        "[x:chess]\nstartFen = rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQQBNZ w KQkq - 0 1\n",
    );
    assert_eq!(
        p,
        vec![
            "user.ini:2: startFen: row 3 (rank 6) covers 9 files, the variant has 8",
            "user.ini:2: startFen: row 8 (rank 1): unknown piece letter 'Z'",
            "user.ini:2: startFen: white has no royal piece 'K'",
        ]
    );
    let p = problems("[y:chess]\nstartFen = 8/8/8/8/8/8/4K2k x - - 0 1\n");
    assert_eq!(
        p,
        vec![
            "user.ini:2: startFen: 7 rows in the board, the variant has 8 ranks",
            "user.ini:2: startFen: side to move must be 'w' or 'b', found 'x'"
        ]
    );
}

#[test]
fn start_fen_fields_and_royals_in_hand() {
    // Shogi-style FEN: a digit after the side to move means no castling or en-passant field.
    assert!(problems(
        "[x:chess]\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[-] w 0 1\n"
    )
    .is_empty());
    assert_eq!(
        problems("[x:chess]\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w K1 - 0 1\n"),
        vec!["user.ini:2: startFen: unexpected '1' in the castling field"]
    );
    // A king still in hand (set-up phase) is present; a side with none at all is not.
    assert!(
        problems("[x:chess]\nstartFen = 8/pppppppp/8/8/8/8/PPPPPPPP/8[Kk] w - - 0 1\n").is_empty()
    );
    assert_eq!(
        problems("[x:chess]\nstartFen = 8/pppppppp/8/8/8/8/PPPPPPPP/8[K] w - - 0 1\n"),
        vec!["user.ini:2: startFen: black has no royal piece 'k'"]
    );
    // Kings in hand do not count towards "several royals": that is about check on the board.
    assert!(problems("[x:chess]\nstartFen = 4k3/8/8/8/8/8/8/4K3[KKkk] w - - 0 1\n").is_empty());
}

#[test]
fn inherited_fen_broken_by_child_is_reported_at_the_section() {
    let p = problems("# c\n[x:chess]\nqueen = -\n");
    assert_eq!(
        p,
        vec![
            "user.ini:2: startFen: row 1 (rank 8): unknown piece letter 'q'",
            "user.ini:2: startFen: row 8 (rank 1): unknown piece letter 'Q'",
        ]
    );
}

#[test]
fn all_problems_of_a_file_are_reported_and_nothing_is_added() {
    let mut set = VariantSet::with_builtins();
    let before = set.len();
    let err = set
        .load_str("u.ini", "[a:chess]\nx = 1\n[b:chess]\ny = 2\n[c:chess]\n")
        .unwrap_err();
    assert_eq!(err.0.len(), 2);
    assert_eq!(set.len(), before);
}

#[test]
fn syntax_errors() {
    let p = problems("[x:chess]\njust words\n[broken\n");
    assert_eq!(
        p,
        vec![
            "user.ini:2: just words: expected 'key = value'",
            "user.ini:3: [broken: section header must be '[name]' or '[name:parent]'",
        ]
    );
}

#[test]
fn absurd_numbers_are_errors_not_panics() {
    let p = problems("[x:chess]\nstartFen = 99999999999999999999999/8/8/8/8/8/8/8 w - - 0 1\nnMoveRule = 99999999999\n");
    assert_eq!(p.len(), 4, "{p:?}");
    assert!(p[0].starts_with("user.ini:2: startFen: row 1 (rank 8) covers"));
}

#[test]
fn capture_rule_keys_name_pieces_and_refuse_an_iron_king() {
    let set = load(
        "[iron:chess]\nironPieceTypes = *\nselfCaptureTypes = nq\n\n[none:iron]\nironPieceTypes = -\n",
    )
    .unwrap();
    let v = set.get("iron").unwrap();
    let letters = |s: &dabbaba::variant::PieceSet| -> String {
        s.iter().map(|i| v.pieces[i as usize].letter).collect()
    };
    // `*` is every piece but the king.
    assert_eq!(letters(&v.captures.iron_piece_types), "PNBRQ");
    assert_eq!(letters(&v.captures.self_capture_types), "NQ");
    assert!(set
        .get("none")
        .unwrap()
        .captures
        .iron_piece_types
        .iter()
        .next()
        .is_none());
    assert_eq!(
        problems("[bad:chess]\nironPieceTypes = pk\n"),
        vec![
            "user.ini:2: ironPieceTypes: the king cannot be iron: it is taken by checkmate, \
              not on the board (`*` names every piece but the king)"
        ]
    );
    assert_eq!(
        problems("[bad:chess]\nselfCaptureTypes = nz\n"),
        vec!["user.ini:2: selfCaptureTypes: 'z' is not a piece letter of this variant"]
    );
}

#[test]
fn piece_notation_reads_a_sections_pieces_in_another_dialect() {
    // The same lame horse written in Betza 2.0, in Bex and in Fairy-Stockfish's XBetza.
    let set = load(
        "[horse2:chess]\npieceNotation = betza2\nknight = -\ncustomPiece1 = n:mW-F\n\n\
         [horsex:chess]\npieceNotation = bex\nknight = -\ncustomPiece1 = n:(mW-F)+mK\n\n\
         [horsefsf:chess]\nknight = -\ncustomPiece1 = n:nN\n\n\
         [horsefsfk:chess]\nknight = -\ncustomPiece1 = n:nNmK\n",
    )
    .unwrap();
    let perft = |name: &str| {
        let v = set.get(name).unwrap();
        let tables = dabbaba::board::AnyTables::new(v).unwrap();
        tables.position(None, false).unwrap().perft(3, 1)
    };
    assert_eq!(perft("horse2"), perft("horsefsf"));
    assert_eq!(perft("horsex"), perft("horsefsfk"));
    assert_ne!(perft("horse2"), perft("horsex"));
    let horse2 = set.get("horse2").unwrap();
    let n = horse2.piece_by_letter('n').unwrap();
    assert_eq!(
        horse2.pieces[n as usize].dialect,
        dabbaba::variant::BetzaDialect::Betza2
    );
    assert_eq!(
        problems("[bad:chess]\npieceNotation = betza3\n"),
        vec!["user.ini:2: pieceNotation: expected fsf, xbetza, bfn, betza2 or bex, found 'betza3'"]
    );
    let e = problems("[bad:chess]\npieceNotation = bex\ncustomPiece1 = a:mW-D\n");
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(
        e[0].starts_with("user.ini:3: customPiece1: bad Betza 'mW-D': column 4:"),
        "{e:?}"
    );
}
