//! The compiled piece generators against the reference walker: for every piece of every
//! built-in variant and a list of Betza strings covering each generator kind, on six board
//! sizes, many random occupancies, both sides, every square.

use std::collections::BTreeSet;

use dabbaba::betza::{self, Cell, Dialect};
use dabbaba::board::pieces::{BoardView, GeneratorKind, PieceTables, SpecialKind};
use dabbaba::board::{Bb256, Bitboard, Geometry, Square};
use dabbaba::variant::{self, BetzaDialect, Color};

/// Betza strings that cover every generator kind and the walker's special cases.
const EXTRA: &[(&str, Dialect)] = &[
    ("R4", Dialect::XBetza),
    ("B2", Dialect::XBetza),
    ("N0", Dialect::XBetza),
    ("N2", Dialect::XBetza),
    ("NN", Dialect::FairyStockfish),
    ("fN0", Dialect::XBetza),
    ("D0", Dialect::XBetza),
    ("mRcpR", Dialect::XBetza),
    ("pR", Dialect::XBetza),
    ("mpR", Dialect::XBetza),
    ("cpB", Dialect::XBetza),
    ("pQ3", Dialect::XBetza),
    ("gQ", Dialect::XBetza),
    ("gB", Dialect::XBetza),
    ("gR3", Dialect::XBetza),
    ("fgQ", Dialect::XBetza),
    ("pW", Dialect::XBetza),
    ("pN0", Dialect::XBetza),
    ("nN", Dialect::XBetza),
    ("nA", Dialect::XBetza),
    ("nZ", Dialect::FairyStockfish),
    ("nZ", Dialect::XBetza),
    ("nH", Dialect::XBetza),
    ("nC", Dialect::XBetza),
    ("nD", Dialect::XBetza),
    ("afsW", Dialect::XBetza),
    ("afsF", Dialect::XBetza),
    ("mafsmafW", Dialect::XBetza),
    ("fmWfceF", Dialect::XBetza),
    ("fmWfceF", Dialect::FairyStockfish),
    ("ifmnD", Dialect::XBetza),
    ("fmWfceFifmnD", Dialect::XBetza),
    ("fmFfcWimA", Dialect::XBetza),
    ("iifmW", Dialect::XBetza),
    ("KNADcaKmcabK", Dialect::XBetza),
    ("FyafsF", Dialect::XBetza),
    ("WyafsW", Dialect::XBetza),
    ("oR", Dialect::XBetza),
    ("oN", Dialect::XBetza),
    ("jR", Dialect::XBetza),
    ("jN", Dialect::XBetza),
    ("jD", Dialect::XBetza),
    ("fcafmF", Dialect::XBetza),
    ("pafW", Dialect::XBetza),
    ("pafmpafW", Dialect::XBetza),
    ("pyafB", Dialect::XBetza),
    ("WfF", Dialect::XBetza),
    ("fsW", Dialect::XBetza),
    ("RcpRnN", Dialect::XBetza),
    ("KNAD", Dialect::XBetza),
    ("mNcB", Dialect::XBetza),
    ("fK", Dialect::XBetza),
    ("fK", Dialect::FairyStockfish),
    ("fsF", Dialect::FairyStockfish),
    ("flW", Dialect::XBetza),
    ("frN", Dialect::XBetza),
    ("ffrK", Dialect::XBetza),
    ("tK", Dialect::XBetza),
    ("dK", Dialect::XBetza),
    ("W03", Dialect::XBetza),
    ("zB", Dialect::XBetza),
    ("qN", Dialect::XBetza),
    ("KO2", Dialect::XBetza),
    ("nN0", Dialect::XBetza),
    ("U", Dialect::XBetza),
    ("HG", Dialect::XBetza),
    ("CZ", Dialect::XBetza),
    ("mabW", Dialect::XBetza),
    ("NjN", Dialect::XBetza),
    ("RoR", Dialect::XBetza),
    ("KcaW", Dialect::XBetza),
];

/// xorshift64*: small, seeded, reproducible.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random position, from the mover's point of view.
struct View<'a> {
    geo: &'a Geometry,
    cells: Vec<Cell>,
    ep: Option<(Square, Square)>,
    on_start: bool,
    one_step: bool,
}

impl BoardView for View<'_> {
    fn cell(&self, sq: Square) -> Cell {
        self.cells[sq.index()]
    }
    fn en_passant(&self) -> Option<(Square, Square)> {
        self.ep
    }
    fn on_start(&self, _sq: Square) -> bool {
        self.on_start
    }
    fn one_step_from_start(&self, _sq: Square) -> bool {
        self.one_step
    }
}

impl View<'_> {
    fn board(&self) -> betza::Board {
        let mut board = betza::Board::new(self.geo.files(), self.geo.ranks()).unwrap();
        for sq in self.geo.squares() {
            board.set(bsq(self.geo, sq), self.cells[sq.index()]);
        }
        board
    }
}

fn bsq(geo: &Geometry, sq: Square) -> betza::Square {
    betza::Square::new(geo.file_of(sq), geo.rank_of(sq))
}

/// A move's effect: destination, removed enemies, removed own pieces, kind.
type Effect = (Square, Vec<Square>, Vec<Square>, u8);

fn kind_code(kind: SpecialKind) -> u8 {
    match kind {
        SpecialKind::Quiet => 0,
        SpecialKind::Capture => 1,
        SpecialKind::EnPassant => 2,
        SpecialKind::Castling { partner } => 3 + partner.to_u8() % 200,
    }
}

fn walker_effects(
    geo: &Geometry,
    piece: &betza::Piece,
    view: &View<'_>,
    color: Color,
    from: Square,
) -> BTreeSet<Effect> {
    let board = view.board();
    let situation = betza::Situation {
        board: &board,
        color: match color {
            Color::White => betza::Color::White,
            Color::Black => betza::Color::Black,
        },
        from: bsq(geo, from),
        en_passant: view.ep.map(|(t, v)| betza::EnPassant {
            target: bsq(geo, t),
            victim: bsq(geo, v),
        }),
        on_start: view.on_start,
        one_step_from_start: view.one_step,
    };
    let sq = |s: betza::Square| geo.square(s.file, s.rank).unwrap();
    betza::moves(piece, &situation)
        .into_iter()
        .map(|m| {
            let mut captures: Vec<Square> = m.captures.iter().map(|&s| sq(s)).collect();
            captures.sort();
            let mut destroyed: Vec<Square> = m.destroyed.iter().map(|&s| sq(s)).collect();
            destroyed.sort();
            let kind = match m.kind {
                betza::MoveKind::Quiet => SpecialKind::Quiet,
                betza::MoveKind::Capture => SpecialKind::Capture,
                betza::MoveKind::EnPassant => SpecialKind::EnPassant,
                betza::MoveKind::Castling => SpecialKind::Castling {
                    partner: sq(m.castling_partner.unwrap()),
                },
            };
            (sq(m.to), captures, destroyed, kind_code(kind))
        })
        .collect()
}

/// The fast generators' moves (as the position would assemble them), each effect once.
fn fast_effects<B: Bitboard>(
    tables: &PieceTables<B>,
    id: u8,
    view: &View<'_>,
    color: Color,
    from: Square,
    occ: B,
    enemy: B,
) -> Vec<Effect> {
    let mut out = Vec::new();
    let (q, c) = tables.targets(id, color, from, occ);
    assert_eq!(q, tables.quiets(id, color, from, occ));
    assert_eq!(c, tables.captures(id, color, from, occ));
    let (mut quiets, mut captures) = (q, c & enemy);
    if view.on_start {
        quiets |= tables.initial_quiets(id, color, from, occ);
        captures |= tables.initial_captures(id, color, from, occ) & enemy;
    }
    for to in quiets.iter() {
        out.push((to, vec![], vec![], 0));
    }
    for to in captures.iter() {
        out.push((to, vec![to], vec![], 1));
    }
    if let Some((target, victim)) = view.ep {
        if tables.ep_targets(id, color, from, occ).contains(target)
            && matches!(view.cells[victim.index()], Cell::Enemy { .. })
        {
            out.push((target, vec![victim], vec![], 2));
        }
    }
    let mut special = Vec::new();
    tables.special_moves(id, color, from, view, &mut special);
    if !tables.info(id).special {
        assert!(special.is_empty());
    }
    for m in special {
        let mut captures = m.captures.clone();
        captures.sort();
        let mut destroyed = m.destroyed.clone();
        destroyed.sort();
        out.push((m.to, captures, destroyed, kind_code(m.kind)));
    }
    out
}

fn random_view<'a>(geo: &'a Geometry, rng: &mut Rng, density: u64, holes: bool) -> View<'a> {
    let cells: Vec<Cell> = geo
        .squares()
        .map(|_| {
            if holes && rng.below(100) < 6 {
                Cell::Hole
            } else if rng.below(100) >= density {
                Cell::Empty
            } else if rng.below(2) == 0 {
                Cell::Own
            } else {
                Cell::Enemy {
                    royal: rng.below(8) == 0,
                }
            }
        })
        .collect();
    let mut view = View {
        geo,
        cells,
        ep: None,
        on_start: rng.below(2) == 0,
        one_step: rng.below(4) == 0,
    };
    if rng.below(3) == 0 {
        let target = Square::new(rng.below(geo.num_squares() as u64) as u8);
        let victim = Square::new(rng.below(geo.num_squares() as u64) as u8);
        if target != victim {
            view.cells[target.index()] = Cell::Empty;
            view.cells[victim.index()] = Cell::Enemy { royal: false };
            view.ep = Some((target, victim));
        }
    }
    view
}

/// Compares every piece with the walker on `rounds` random positions of the board, every
/// square, both sides; and `attackers_of_type` with brute force. Returns the number of
/// (position, square, side, piece) cases.
///
/// With `holes`, some squares are walls (holes): pieces with cannon or grasshopper
/// generators are left out, since a wall in the occupancy is a hurdle for them but the
/// walker never passes a hole.
fn check_board<B: Bitboard>(
    files: u32,
    ranks: u32,
    pieces: &[(String, Dialect)],
    rounds: usize,
    seed: u64,
    holes: bool,
) -> usize {
    let geo = Geometry::new(files, ranks).unwrap();
    let descriptions: Vec<(&str, Dialect)> = pieces.iter().map(|(t, d)| (t.as_str(), *d)).collect();
    let tables = PieceTables::<B>::from_betza(&geo, &descriptions).unwrap();
    let parsed: Vec<betza::Piece> = descriptions
        .iter()
        .map(|&(t, d)| betza::parse(t, d).unwrap())
        .collect();
    let mut rng = Rng(seed ^ (files as u64 * 31 + ranks as u64) << 8 | 1);
    let mut cases = 0;
    for round in 0..rounds {
        let density = [5, 15, 30, 50, 70][round % 5];
        let mut view = random_view(&geo, &mut rng, density, holes);
        for color in Color::BOTH {
            for from in geo.squares() {
                if view.cells[from.index()] == Cell::Hole {
                    continue;
                }
                let saved = view.cells[from.index()];
                view.cells[from.index()] = Cell::Own;
                let ep_saved = view.ep;
                if view.ep.is_some_and(|(t, v)| t == from || v == from) {
                    view.ep = None;
                }
                let occ = geo
                    .squares()
                    .filter(|&s| view.cells[s.index()] != Cell::Empty)
                    .fold(B::EMPTY, |b, s| b.with(s));
                let enemy = geo
                    .squares()
                    .filter(|&s| matches!(view.cells[s.index()], Cell::Enemy { .. }))
                    .fold(B::EMPTY, |b, s| b.with(s));
                for (id, piece) in parsed.iter().enumerate() {
                    let generators = &tables.info(id as u8).generators;
                    if holes
                        && (generators.contains(&GeneratorKind::Cannon)
                            || generators.contains(&GeneratorKind::Grasshopper))
                    {
                        continue;
                    }
                    let expected = walker_effects(&geo, piece, &view, color, from);
                    let fast = fast_effects(&tables, id as u8, &view, color, from, occ, enemy);
                    let fast_set: BTreeSet<Effect> = fast.iter().cloned().collect();
                    let name = |s: Square| geo.square_name(s).to_string();
                    assert_eq!(
                        fast.len(),
                        fast_set.len(),
                        "{} ({:?}) {color:?} on {} {files}x{ranks} round {round}: a move is generated twice",
                        descriptions[id].0,
                        descriptions[id].1,
                        name(from)
                    );
                    if fast_set != expected {
                        let missing: Vec<_> = expected
                            .difference(&fast_set)
                            .map(|e| (name(e.0), e.3))
                            .collect();
                        let extra: Vec<_> = fast_set
                            .difference(&expected)
                            .map(|e| (name(e.0), e.3))
                            .collect();
                        panic!(
                            "{} ({:?}) {color:?} on {} {files}x{ranks} round {round}: missing {missing:?}, extra {extra:?}",
                            descriptions[id].0,
                            descriptions[id].1,
                            name(from)
                        );
                    }
                    cases += 1;
                }
                view.cells[from.index()] = saved;
                view.ep = ep_saved;
            }
            // threats: an empty square is threatened exactly when an enemy put there is captured.
            let occ = geo
                .squares()
                .filter(|&s| view.cells[s.index()] != Cell::Empty)
                .fold(B::EMPTY, |b, s| b.with(s));
            for _ in 0..4 {
                let from = Square::new(rng.below(geo.num_squares() as u64) as u8);
                let occ = occ.with(from);
                for id in 0..parsed.len() as u8 {
                    let threats = tables.threats(id, color, from, occ);
                    assert_eq!(threats & occ, tables.captures(id, color, from, occ));
                    let rays = tables.capture_rays(id, color, from);
                    assert_eq!(
                        threats & !rays,
                        B::EMPTY,
                        "capture_rays {}",
                        descriptions[id as usize].0
                    );
                    assert_eq!(tables.threats(id, color, from, B::EMPTY) & !rays, B::EMPTY);
                    for e in geo.squares().filter(|&e| !occ.contains(e)) {
                        assert_eq!(
                            threats.contains(e),
                            tables.captures(id, color, from, occ.with(e)).contains(e),
                            "threats {} ({:?}) {color:?} from {} on {} {files}x{ranks}",
                            descriptions[id as usize].0,
                            descriptions[id as usize].1,
                            geo.square_name(from),
                            geo.square_name(e)
                        );
                    }
                }
            }
            // attackers_of_type against brute force, on a few targets.
            let occ = geo
                .squares()
                .filter(|&s| view.cells[s.index()] != Cell::Empty)
                .fold(B::EMPTY, |b, s| b.with(s));
            for _ in 0..4 {
                let target = Square::new(rng.below(geo.num_squares() as u64) as u8);
                for id in 0..parsed.len() as u8 {
                    let fast = tables.attackers_of_type(id, color, target, occ);
                    let brute = geo
                        .squares()
                        .filter(|&x| {
                            x != target
                                && tables
                                    .captures(id, color, x, occ.with(x).with(target))
                                    .contains(target)
                        })
                        .fold(B::EMPTY, |b, s| b.with(s));
                    assert_eq!(
                        fast,
                        brute,
                        "attackers_of_type {} ({:?}) {color:?} target {} {files}x{ranks}",
                        descriptions[id as usize].0,
                        descriptions[id as usize].1,
                        geo.square_name(target)
                    );
                }
            }
        }
    }
    cases
}

/// Distinct (Betza, dialect) of every built-in variant's pieces.
fn builtin_pieces() -> Vec<(String, Dialect)> {
    let mut set = BTreeSet::new();
    for v in variant::builtins().iter() {
        for p in &v.pieces {
            let dialect = match p.dialect {
                BetzaDialect::XBetza => 0,
                BetzaDialect::FairyStockfish => 1,
            };
            set.insert((p.betza.clone(), dialect));
        }
    }
    set.into_iter()
        .map(|(t, d)| {
            (
                t,
                if d == 0 {
                    Dialect::XBetza
                } else {
                    Dialect::FairyStockfish
                },
            )
        })
        .collect()
}

fn extra_pieces() -> Vec<(String, Dialect)> {
    EXTRA.iter().map(|&(t, d)| (t.to_string(), d)).collect()
}

fn check_all_boards(pieces: &[(String, Dialect)], rounds: usize, seed: u64, holes: bool) -> usize {
    let mut cases = 0;
    cases += check_board::<u64>(8, 8, pieces, rounds, seed, holes);
    cases += check_board::<u128>(10, 8, pieces, rounds, seed, holes);
    cases += check_board::<u128>(9, 10, pieces, rounds, seed, holes);
    cases += check_board::<u128>(10, 10, pieces, rounds, seed, holes);
    cases += check_board::<u128>(12, 10, pieces, rounds, seed, holes);
    cases += check_board::<Bb256>(16, 16, pieces, rounds.div_ceil(2), seed, holes);
    cases
}

#[test]
fn builtin_pieces_match_the_walker() {
    let pieces = builtin_pieces();
    assert!(pieces.len() > 20);
    let cases = check_all_boards(&pieces, 10, 0x5eed_0001, false);
    eprintln!("{} pieces, {cases} cases", pieces.len());
}

#[test]
fn extra_pieces_match_the_walker() {
    let pieces = extra_pieces();
    let cases = check_all_boards(&pieces, 6, 0x5eed_0002, false);
    eprintln!("{} pieces, {cases} cases", pieces.len());
}

#[test]
fn pieces_on_boards_with_walls_match_the_walker() {
    let mut pieces = builtin_pieces();
    pieces.extend(extra_pieces());
    let cases = check_all_boards(&pieces, 3, 0x5eed_0003, true);
    eprintln!("{} pieces, {cases} cases", pieces.len());
}

#[test]
fn builtin_pieces_use_fast_generators() {
    for v in variant::builtins().iter() {
        let geo = Geometry::new(v.files as u32, v.ranks as u32).unwrap();
        let kinds = match geo.num_squares() {
            0..=64 => PieceTables::<u64>::new(&geo, v).map(|t| {
                (0..t.len() as u8)
                    .map(|i| t.info(i).clone())
                    .collect::<Vec<_>>()
            }),
            65..=128 => PieceTables::<u128>::new(&geo, v).map(|t| {
                (0..t.len() as u8)
                    .map(|i| t.info(i).clone())
                    .collect::<Vec<_>>()
            }),
            _ => PieceTables::<Bb256>::new(&geo, v).map(|t| {
                (0..t.len() as u8)
                    .map(|i| t.info(i).clone())
                    .collect::<Vec<_>>()
            }),
        }
        .unwrap_or_else(|e| panic!("{}: {e}", v.name));
        for (p, info) in v.pieces.iter().zip(kinds) {
            // Multi-leg (`a`) moves, Chu Shogi's lion, horned falcon and soaring eagle, are
            // the walker's by design (variants/README.md).
            if p.betza.contains('a') {
                continue;
            }
            assert!(
                !info.generators.contains(&GeneratorKind::Walker),
                "{} {}: {} uses the walker",
                v.name,
                p.name,
                p.betza
            );
        }
    }
}

#[test]
fn generator_kinds_are_as_expected() {
    use GeneratorKind::*;
    let geo = Geometry::new(8, 8).unwrap();
    let cases: &[(&str, Dialect, &[GeneratorKind])] = &[
        ("KNAD", Dialect::XBetza, &[Leaper]),
        ("RN", Dialect::XBetza, &[Leaper, Slider]),
        ("R4", Dialect::XBetza, &[Slider]),
        ("mRcpR", Dialect::XBetza, &[Slider, Cannon]),
        ("gQ", Dialect::XBetza, &[Grasshopper]),
        ("nN", Dialect::XBetza, &[LameLeaper]),
        ("afsW", Dialect::XBetza, &[LameLeaper]),
        ("mafsmafW", Dialect::XBetza, &[LameLeaper]),
        ("nZ", Dialect::FairyStockfish, &[LameLeaper]),
        ("N0", Dialect::XBetza, &[ObliqueRider]),
        ("NN", Dialect::FairyStockfish, &[ObliqueRider]),
        ("ifmnD", Dialect::XBetza, &[LameLeaper]),
        ("fmWfceF", Dialect::FairyStockfish, &[Leaper]),
        ("KNADcaKmcabK", Dialect::XBetza, &[Leaper, Walker]),
        ("FyafsF", Dialect::XBetza, &[Leaper, Walker]),
        ("oR", Dialect::XBetza, &[Walker]),
        ("jR", Dialect::XBetza, &[Walker]),
        ("fcafmF", Dialect::XBetza, &[Walker]),
    ];
    for &(text, dialect, kinds) in cases {
        let tables = PieceTables::<u64>::from_betza(&geo, &[(text, dialect)]).unwrap();
        assert_eq!(tables.info(0).generators, kinds, "{text}");
    }
}
