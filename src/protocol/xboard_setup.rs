//! How a variant is presented to XBoard (`reference/protocols.md` §2): the name XBoard uses,
//! whether XBoard knows it, and for the variants it does not know the `setup` line (piece-to-
//! char table, board size, holdings size, parent, start FEN) and one `piece` line per piece
//! type, promoted forms (`piece +P& ...`) included.

use super::movetext::Coords;
use crate::engine::game::Coord;
use crate::variant::{PieceId, Variant};

/// Variants XBoard 4.9.1 knows by name, with their board size (files, ranks).
const XBOARD_KNOWN: &[(&str, u8, u8)] = &[
    ("normal", 8, 8),
    ("nocastle", 8, 8),
    ("fischerandom", 8, 8),
    ("knightmate", 8, 8),
    ("3check", 8, 8),
    ("atomic", 8, 8),
    ("losers", 8, 8),
    ("suicide", 8, 8),
    ("giveaway", 8, 8),
    ("crazyhouse", 8, 8),
    ("bughouse", 8, 8),
    ("shatranj", 8, 8),
    ("makruk", 8, 8),
    ("asean", 8, 8),
    ("berolina", 8, 8),
    ("spartan", 8, 8),
    ("seirawan", 8, 8),
    ("capablanca", 10, 8),
    ("caparandom", 10, 8),
    ("gothic", 10, 8),
    ("janus", 10, 8),
    ("courier", 12, 8),
    ("grand", 10, 10),
    ("shogi", 9, 9),
    ("xiangqi", 9, 10),
];

/// XBoard's internal piece slots in `pieceToCharTable` order (the King comes last).
const SLOTS: &str = "PNBRQFEACWMOHIJGDVLSU";

/// A `+` in the table marks the promoted form of the type this many slots earlier.
const PROMOTED_OFFSET: usize = 11;

/// The name XBoard uses for one of our variants (`chess` is XBoard's `normal`).
pub fn xboard_name(v: &Variant) -> String {
    if v.name == "chess" {
        "normal".to_string()
    } else {
        v.name.clone()
    }
}

/// Whether XBoard knows this variant itself (same name and board size), so that no `setup`
/// is needed (Fairy-Stockfish sends none for crazyhouse, shogi or xiangqi either: XBoard's
/// own rules, holdings and piece images for them are right).
pub fn xboard_knows(v: &Variant) -> bool {
    let n = xboard_name(v);
    XBOARD_KNOWN
        .iter()
        .any(|&(k, f, r)| k == n && f == v.files && r == v.ranks)
}

/// Letters (upper case) of the pieces in the start position, on the board or in hand. A
/// letter right after `+` is the base of a promoted piece and counts as present.
fn start_letters(v: &Variant) -> Vec<char> {
    let board = v.start_fen.split_whitespace().next().unwrap_or("");
    board
        .chars()
        .filter(|c| c.is_ascii_alphabetic())
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

/// Shogi-style promotions `(base, promoted)`. XBoard shows the promoted piece as `+BASE`:
/// a `+` slot 11 places after the base in the table and a `piece +BASE&` line with the
/// promoted type's moves (a tokin is `+P` moving like a gold, though gold has a slot too).
pub fn promoted_forms(v: &Variant) -> Vec<(PieceId, PieceId)> {
    let n = v.pieces.len();
    v.promotion
        .promoted_piece_type
        .iter()
        .copied()
        .filter(|&(b, t)| b != t && (t as usize) < n && (b as usize) < n)
        .collect()
}

/// Whether type `t` can ever be on the board: set up, a promotion result, or in hand. An
/// inherited type the variant never uses (kyoto shogi keeps minishogi's dragon horse in its
/// piece list) gets no slot and no `piece` line.
fn appears(v: &Variant, t: PieceId) -> bool {
    let letter = v.pieces[t as usize].letter.to_ascii_uppercase();
    let p = &v.promotion;
    start_letters(v).contains(&letter)
        || p.promoted_piece_type.iter().any(|&(_, to)| to == t)
        || p.piece_types.white.0.contains(&t)
        || p.piece_types.black.0.contains(&t)
        || v.king == Some(t)
}

/// Whether type `t` appears only as a promoted form (no slot of its own in the table).
fn promoted_only(v: &Variant, t: PieceId) -> bool {
    let present = start_letters(v);
    let letter = v.pieces[t as usize].letter.to_ascii_uppercase();
    v.promotion
        .promoted_piece_type
        .iter()
        .any(|&(b, to)| to == t && b != t)
        && !present.contains(&letter)
}

/// The `pieceToCharTable` for `setup`: the variant's own if it names every piece letter that
/// needs a slot, else one derived from the pieces: the royal piece in the King slot; pieces
/// that promote shogi-style in the first 11 slots with a `+` 11 slots later for their
/// promoted form; the others in the slot their name or letter suggests, else the first free
/// slot.
pub fn piece_to_char_table(v: &Variant) -> String {
    let own = &v.xboard.piece_to_char_table;
    if own.len() >= 12 && own.len() % 2 == 0 && own != "-" {
        let (w, b) = own.split_at(own.len() / 2);
        if v.pieces.iter().enumerate().all(|(i, p)| {
            promoted_only(v, i as PieceId)
                || !appears(v, i as PieceId)
                || (w.contains(p.letter.to_ascii_uppercase())
                    && b.contains(p.letter.to_ascii_lowercase()))
        }) {
            return own.clone();
        }
    }
    let mut slots: Vec<Option<char>> = vec![None; SLOTS.len()];
    let mut king = None;
    let promos = promoted_forms(v);
    let promotes = |i: usize| promos.iter().any(|&(b, _)| b as usize == i);
    // Bases first: they need a slot below 11 whose promoted slot is free too. A primed
    // piece (`N'`, Dai Shogi's) gets none: the table has one character a slot.
    let mut order: Vec<usize> = (0..v.pieces.len())
        .filter(|&i| appears(v, i as PieceId) && !promoted_only(v, i as PieceId))
        .filter(|&i| crate::variant::pieces::primed_base(v.pieces[i].letter).is_none())
        .filter(|&i| crate::variant::pieces::marked_base(v.pieces[i].letter).is_none())
        .collect();
    order.sort_by_key(|&i| !promotes(i));
    let fits = |slots: &[Option<char>], i: usize, s: usize| {
        slots[s].is_none()
            && (!promotes(i)
                || slots
                    .get(s + PROMOTED_OFFSET)
                    .is_some_and(|p| s < PROMOTED_OFFSET && p.is_none()))
    };
    let place = |slots: &mut Vec<Option<char>>, i: usize, s: usize| {
        slots[s] = Some(v.pieces[i].letter.to_ascii_uppercase());
        if promotes(i) {
            slots[s + PROMOTED_OFFSET] = Some('+');
        }
    };
    // Pass 1: the slot the name or letter suggests; pass 2: the first free slot that fits.
    let mut deferred = Vec::new();
    for i in order {
        let p = &v.pieces[i];
        let l = p.letter.to_ascii_uppercase();
        if (p.royal || v.king == Some(i as PieceId)) && king.is_none() {
            king = Some(l);
            continue;
        }
        let wanted = [slot_of_name(&p.name), Some(l)]
            .into_iter()
            .flatten()
            .filter_map(|c| SLOTS.find(c))
            .find(|&s| fits(&slots, i, s));
        match wanted {
            Some(s) => place(&mut slots, i, s),
            None => deferred.push(i),
        }
    }
    let mut unplaced = Vec::new();
    for i in deferred {
        match (0..SLOTS.len()).find(|&s| fits(&slots, i, s)) {
            Some(s) => place(&mut slots, i, s),
            None => unplaced.push(v.pieces[i].letter.to_ascii_uppercase()),
        }
    }
    // More types than XBoard has slots: the rest get no image of their own (XBoard then
    // cannot show them; nothing better is possible in 4.9.1).
    for l in unplaced {
        if let Some(s) = slots.iter().position(|s| s.is_none()) {
            slots[s] = Some(l);
        }
    }
    let mut white: String = slots.iter().map(|s| s.unwrap_or('.')).collect();
    white.push(king.unwrap_or('.'));
    let black = white.to_ascii_lowercase();
    white + &black
}

/// The XBoard slot a piece's name suggests.
fn slot_of_name(name: &str) -> Option<char> {
    Some(match name {
        "pawn" | "shogiPawn" => 'P',
        "knight" => 'N',
        "bishop" => 'B',
        "rook" => 'R',
        "queen" => 'Q',
        "fers" | "met" => 'F',
        "alfil" | "fersAlfil" | "elephant" => 'E',
        "archbishop" => 'A',
        "chancellor" => 'C',
        "wazir" => 'W',
        "commoner" => 'M',
        "cannon" => 'O',
        "silver" => 'D',
        "gold" => 'W',
        "lance" => 'L',
        _ => return None,
    })
}

/// The holdings size for `WxH+S_PARENT`: 0 without drops; the INI's `pocketSize` when set;
/// else enough holdings for every type that can be in hand. XBoard gives the holdings to the
/// first S participating types of the table (in table order), so S counts the participating
/// entries up to the last droppable one.
pub fn pocket_size(v: &Variant, table: &str) -> u32 {
    if !v.drops.piece_drops && !v.drops.two_boards {
        return 0;
    }
    if v.xboard.pocket_size > 0 {
        return v.xboard.pocket_size;
    }
    let start_hand: Vec<char> = v
        .start_fen
        .split_whitespace()
        .next()
        .and_then(|b| b.split_once('['))
        .map(|(_, h)| h.chars().map(|c| c.to_ascii_uppercase()).collect())
        .unwrap_or_default();
    let droppable = |i: usize| {
        let p = &v.pieces[i];
        let l = p.letter.to_ascii_uppercase();
        start_hand.contains(&l)
            || ((v.drops.captures_to_hand || v.drops.two_boards)
                && !(p.royal || v.king == Some(i as PieceId))
                && (v.drops.drop_loop || !promoted_only(v, i as PieceId)))
    };
    let mut count = 0;
    let mut size = 0;
    for c in holdings_order(table) {
        count += 1;
        let is_drop = v
            .pieces
            .iter()
            .position(|p| p.letter.to_ascii_uppercase() == c)
            .is_some_and(droppable);
        if is_drop {
            size = count;
        }
    }
    size
}

/// The piece letters (upper case) in the order of XBoard's holdings slots: the entries of the
/// piece-to-char table that take part, skipping `.` (unused) and `+` (shogi-promoted forms,
/// which XBoard 4.9.1's holdings count also skips).
pub fn holdings_order(table: &str) -> Vec<char> {
    table[..table.len() / 2]
        .chars()
        .filter(|&c| c != '.' && c != '+')
        .collect()
}

/// The distance `n` of XBoard's castling atom `On` for the variant's castling, if XBoard 4.9.1
/// can express it: `On` moves the king `n` squares towards the piece in either corner of its
/// rank, so the castling rooks must stand on the edge files and both sides must castle over
/// the same distance. `None` without castling or when it cannot be expressed (shako castles
/// with rooks inside the elephants; a king castling 2 one way and 3 the other).
pub fn xboard_castling(v: &Variant) -> Option<u32> {
    let c = &v.castling;
    if !c.enabled || v.files < 3 {
        return None;
    }
    let king = v.king.and_then(|k| v.pieces.get(k as usize))?;
    // The king's file in the start position (the INI's king file may be inherited).
    let board = v.start_fen.split_whitespace().next().unwrap_or("");
    let king_file = fen_squares(board, &Coords::new(v.files, v.ranks))
        .iter()
        .filter(|(_, l)| *l == king.letter.to_ascii_uppercase())
        .min_by_key(|((_, r), _)| *r)
        .map(|((f, _), _)| *f)
        .unwrap_or(c.king_file);
    let ks = (c.kingside_file as i32 - king_file as i32).unsigned_abs();
    let qs = (king_file as i32 - c.queenside_file as i32).unsigned_abs();
    let edges =
        c.rook_kingside_file.map_or(true, |f| f + 1 == v.files) && c.rook_queenside_file == 0;
    (edges && ks == qs && ks >= 2).then_some(ks)
}

/// The XBetza of piece `i` as XBoard 4.9.1 reads it.
fn xboard_betza(v: &Variant, i: usize) -> String {
    let p = &v.pieces[i];
    match p.moves.to_xboard() {
        Ok(s) => s,
        // Not expressible in XBoard's reading: send it as written (XBoard stops at what it
        // does not understand).
        _ => p.betza.clone(),
    }
}

/// The `setup` and `piece` lines that define `v` for XBoard.
pub fn setup_lines(v: &Variant, template: &str) -> Vec<String> {
    let table = piece_to_char_table(v);
    let pocket = pocket_size(v, &table);
    let mut lines = vec![format!(
        "setup ({table}) {}x{}+{pocket}_{template} {}",
        v.files, v.ranks, v.start_fen
    )];
    let white = &table[..table.len() / 2];
    for (i, p) in v.pieces.iter().enumerate() {
        let id = i as PieceId;
        let letter = p.letter.to_ascii_uppercase();
        if !white.contains(letter) {
            continue;
        }
        let mut betza = xboard_betza(v, i);
        let is_pawn = v.promotion.pawn_types.white.0.contains(&id) || p.name == "pawn";
        if is_pawn && v.pawns.double_step && !betza.contains("ifmnD") {
            betza += "ifmnD";
        }
        if p.royal || v.king == Some(id) {
            if let Some(d) = xboard_castling(v) {
                betza += &format!("O{d}");
            }
        }
        lines.push(format!("piece {letter}& {betza}"));
    }
    // Promoted forms: `+X` moves like the type X promotes to.
    for (b, t) in promoted_forms(v) {
        let letter = v.pieces[b as usize].letter.to_ascii_uppercase();
        if white.contains(letter) {
            lines.push(format!("piece +{letter}& {}", xboard_betza(v, t as usize)));
        }
    }
    lines
}

/// The pieces of a FEN board field with their squares.
pub fn fen_squares(board: &str, c: &Coords) -> Vec<(Coord, char)> {
    let mut out = Vec::new();
    for (i, row) in board.split('/').enumerate() {
        let Some(r) = (c.ranks as usize).checked_sub(i + 1) else {
            break;
        };
        let mut f = 0u32;
        let mut num = 0u32;
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10) {
                num = num * 10 + d;
                continue;
            }
            f += num;
            num = 0;
            if ch.is_ascii_alphabetic() {
                out.push(((f as u8, r as u8), ch));
                f += 1;
            } else if ch == '*' {
                f += 1;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::builtin;

    fn lines(n: &str) -> Vec<String> {
        setup_lines(builtin(n).unwrap(), "fairy")
    }

    #[test]
    fn known_variants_keep_their_names() {
        for n in ["crazyhouse", "shogi", "xiangqi", "capablanca", "grand"] {
            assert!(xboard_knows(builtin(n).unwrap()), "{n}");
        }
        assert!(!xboard_knows(builtin("minishogi").unwrap()));
    }

    #[test]
    fn only_ascii_letters_go_to_xboard() {
        // Dai Shogi has more kinds of piece than XBoard has slots, some of them primed: the
        // table and the piece lines hold none of the private characters they are keyed by.
        for l in lines("daishogi") {
            assert!(l.is_ascii(), "{l}");
        }
    }

    #[test]
    fn holdings_size_follows_the_droppable_types() {
        // Crazyhouse: P N B R Q in hand (the king is never captured).
        assert!(lines("crazyhouse")[0].contains(" 8x8+5_fairy "));
        // Capahouse: the archbishop and chancellor slots come after Q, so 7 holdings.
        assert!(lines("capahouse")[0].contains(" 10x8+7_fairy "));
        // Placement: the king starts in hand, and it is the last slot of the table.
        assert!(lines("placement")[0].contains(" 8x8+6_fairy "));
        // The INI's pocketSize wins.
        assert!(lines("pocketknight")[0].contains(" 8x8+2_fairy "));
        assert!(lines("minishogi")[0].contains(" 5x5+5_fairy "));
        // No drops, no holdings.
        assert!(lines("shako")[0].contains(" 10x10+0_fairy "));
    }

    #[test]
    fn promoted_forms_get_plus_slots_and_piece_lines() {
        let l = lines("minishogi");
        assert!(l[0].starts_with("setup (P.BR.S...G.+.++.+Kp.br.s...g.+.++.+k) 5x5+5_fairy "));
        for want in [
            "piece P& fW",
            "piece +P& WfF",
            "piece +S& WfF",
            "piece +B& BW",
            "piece +R& RF",
        ] {
            assert!(l.iter().any(|x| x == want), "{want} in {l:?}");
        }
        // The dragon horse and dragon exist only as +B and +R: no slot, no piece line.
        assert!(!l
            .iter()
            .any(|x| x.starts_with("piece H&") || x.starts_with("piece D&")));
        // Derived table (shogi has none of its own): every base promoting below slot 11,
        // its `+` eleven places later, the gold in the wazir slot, the king last.
        let t = piece_to_char_table(builtin("shogi").unwrap());
        let w = &t[..t.len() / 2];
        assert_eq!(w.len(), 22, "{t}");
        assert!(w.ends_with('K'));
        for c in "PNBRLS".chars() {
            let i = w.find(c).unwrap();
            assert!(i < 11 && w.as_bytes()[i + 11] == b'+', "{c} in {t}");
        }
        assert_eq!(w.find('G'), Some(9), "{t}");
        // Kyoto: minishogi's unused dragon types are left out; gold, bishop and rook exist
        // only as promoted forms.
        let t = piece_to_char_table(builtin("kyotoshogi").unwrap());
        assert!(
            !t.contains('H') && !t.contains('D') && !t.contains('G'),
            "{t}"
        );
        assert!(lines("kyotoshogi").contains(&"piece +P& R".to_string()));
    }
}
