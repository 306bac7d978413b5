//! Per-variant tables the position and move generator read, built once per variant and
//! width: the pieces' compiled moves (`piece_tables.rs`), regions as bitboards, rule flags as
//! type sets, the compiled rules (`rules.rs`) and the zobrist keys (`zobrist.rs`).

use super::piece_tables::build_piece;
pub use super::piece_tables::{PieceTables, Reach, Walker};
pub use super::type_set::TypeSet;
pub use super::zobrist::{Zobrist, MAX_IN_HAND};
use crate::board::attacks::{reference, LineSpec, LineTable};
use crate::board::bitboard::Bitboard;
use crate::board::geometry::{Geometry, Square};
use crate::color::Color;
use crate::variant::{EnclosingRule, Region, Variant, WallingRule};
use std::collections::HashMap;
use thiserror::Error;

/// The most piece types a variant may have in this engine (type sets are `u64`).
pub const MAX_TYPES: usize = 64;

/// Errors from building the tables of a variant.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TableError {
    /// The board does not fit (should not happen for a concluded variant).
    #[error("bad board: {0}")]
    Geometry(String),
    /// Too many piece types.
    #[error("{0} piece types; at most {MAX_TYPES} are supported")]
    TooManyTypes(usize),
    /// A component this move generator cannot play yet.
    #[error("piece '{letter}' ({betza}): component '{component}' is not supported by the move generator yet")]
    Unsupported {
        /// Piece letter.
        letter: char,
        /// Its Betza text.
        betza: String,
        /// The component, printed.
        component: String,
    },
    /// A walker component that moves cannot represent yet.
    #[error("piece '{letter}' ({betza}): {reason} is not supported by the move generator yet")]
    UnsupportedLegs {
        /// Piece letter.
        letter: char,
        /// Its Betza text.
        betza: String,
        /// What the component has that cannot be played.
        reason: &'static str,
    },
}

/// Per-variant, per-width tables.
#[derive(Debug)]
pub struct Tables<B> {
    /// The variant, for the compilers (these tables, the evaluation's parameters) and the
    /// text code (FEN, SAN, notations); everything that runs per move reads [`Tables::rules`].
    variant: Variant,
    /// The rule switches move generation and make-move read.
    pub rules: super::rules::Rules,
    /// Board size.
    pub geo: Geometry,
    /// Number of piece types.
    pub n_types: usize,
    /// Every square of the board.
    pub board: B,
    /// Per piece type.
    pub pieces: Vec<PieceTables<B>>,
    /// Fairy-Stockfish's predefined pawn (moves generated pawn-style), if present.
    pub pawn: Option<u8>,
    /// The royal type.
    pub king: Option<u8>,
    /// The predefined fers (Cambodian met moves).
    pub fers: Option<u8>,
    /// The predefined rook (Cambodian rule: a rook aiming at the king removes its leap).
    pub rook: Option<u8>,
    /// `promotionRegion` per colour.
    pub promotion_region: [B; 2],
    /// `doubleStepRegion` per colour (empty without `doubleStep`).
    pub double_step: [B; 2],
    /// `tripleStepRegion` per colour.
    pub triple_step: [B; 2],
    /// Per colour, the square one rank forward of each square (`None` off the board): the
    /// pawn's push, looked up instead of computed, since a square's file and rank take a
    /// division by the board's width.
    pub forward: [Box<[Option<Square>; 256]>; 2],
    /// `enPassantRegion` per colour.
    pub ep_region: [B; 2],
    /// Promotion choices per colour.
    pub promotion_types: [Vec<u8>; 2],
    /// `promotionLimit` per type (0 = unlimited).
    pub promotion_limit: Vec<u32>,
    /// Shogi-style promotion target per type (`promotedPieceType`), if any.
    pub promoted_type: Vec<Option<u8>>,
    /// `promotionPawnTypes` per colour.
    pub promotion_pawn_types: [TypeSet; 2],
    /// `enPassantTypes` per colour.
    pub ep_types: [TypeSet; 2],
    /// `extinctionPieceTypes`.
    pub extinction_types: TypeSet,
    /// `extinctionPieceTypes = *` (every type, counted together).
    pub extinction_all: bool,
    /// Castling rook-like types per colour.
    pub castling_rooks: [TypeSet; 2],
    /// Castling king-like type per colour.
    pub castling_king: [Option<u8>; 2],
    /// Flag region per colour.
    pub flag_region: [B; 2],
    /// Squares between two aligned squares, lines through them.
    pub lines: LineTable<B>,
    /// Rook reach on an empty board (Cambodian rule).
    pub rook_empty: Vec<B>,
    /// Knight leaps (Cambodian king's first move).
    pub knight: Vec<B>,
    /// Rank masks.
    pub ranks: Vec<B>,
    /// File masks.
    pub files: Vec<B>,
    /// Zobrist keys.
    pub zobrist: Zobrist,
    /// No lame-leap captures: checks on a royal piece depend only on the squares between it
    /// and the attacker, so the legality test may skip pieces off those lines.
    pub path_attacks: bool,
    /// Some piece type captures by hopping.
    pub hoppers: bool,
    /// Per type: the components only the reference walker plays (multi-leg and other
    /// exotic moves); `None` for nearly every piece. Kept apart from [`PieceTables`] so the
    /// tables every move reads keep their layout.
    pub walkers: Vec<Option<Walker<B>>>,
    /// Types with walker components.
    pub walker_types: TypeSet,
    /// Types whose walker components can capture: check detection runs the walker for them,
    /// and the legality shortcuts that rely on line geometry are off while one is on the board.
    pub walker_attackers: TypeSet,
    /// The `soldier` type (moves only along its file outside `soldier_zone`), if any.
    pub soldier: Option<u8>,
    /// Per colour, the squares from `soldierPromotionRank` on (relative), where a soldier
    /// moves with its full Betza.
    pub soldier_zone: [B; 2],
    /// The `janggiCannon` type (may neither hop over nor capture a janggi cannon), if any.
    pub janggi_cannon: Option<u8>,
    /// The pieces of Chu Shogi's lion-trading rules (`lionPieceTypes`).
    pub lions: crate::variant::PieceSet,
    /// Pieces that are no bridge for a lion's capture of a lion (`lionNoBridgeTypes`).
    pub lion_no_bridge: crate::variant::PieceSet,
    /// The bare-king rule (`bareKingValue`), if the variant has one.
    pub bare_king: Option<crate::board::rules::bare_king::BareKingRule<B>>,
    /// Palace diagonals (`diagonalLines`), when some piece moves along them.
    pub palace: Option<super::palace::Palace<B>>,
    /// Per colour: the side may pass (`pass` or `passOnStalemate`).
    pub pass: [bool; 2],
    /// Per colour: passing is legal only without another legal move (`passOnStalemate`).
    pub pass_on_stalemate: [bool; 2],
    /// Holdings are kept (`pieceDrops`, `capturesToHand` or `seirawanGating`). Variants
    /// without hands never look at them, so they pay nothing for them.
    pub has_hands: bool,
    /// Holdings are written in the FEN (`pieceDrops` or `seirawanGating`, as Fairy-Stockfish;
    /// not with `freeDrops`, whose hands are always empty).
    pub fen_hands: bool,
    /// Pieces in hand may be dropped (`pieceDrops`).
    pub piece_drops: bool,
    /// Per colour and type, where a piece may be dropped before the rules that depend on the
    /// position (`dropRegion`, mobility region, pawns off the first rank and the promotion
    /// zone, sittuyin rooks on the first rank).
    pub drop_region: [Vec<B>; 2],
    /// `dropNoDoubled`: the type that may not be dropped onto a file with
    /// `dropNoDoubledCount` of its own kind.
    pub drop_no_doubled: Option<u8>,
    /// `pieceDemotion`: promoted pieces may move back to their unpromoted type.
    pub demotions: bool,
    /// Per colour, the types whose moves are their table reach and nothing else: one lookup
    /// serves quiet moves and captures, and no pawn, soldier, palace, janggi-cannon,
    /// promotion, initial-move or en-passant rule applies. Move generation gives these the
    /// short loop; the rest go through every rule.
    pub plain_types: [TypeSet; 2],
    /// Checks can be found from the squares a move changed ([`Position::checkers_after`]):
    /// one royal king per side that may never stand in check, every capture a leap or a
    /// slide along king lines, and no rule (walker, palace, soldier, janggi cannon, blast,
    /// petrification, wall, flip) that attacks or clears a square any other way.
    ///
    /// [`Position::checkers_after`]: super::Position::checkers_after
    pub quick_checks: bool,
    /// The predefined shogi pawn (`shogiPawnDropMateIllegal`).
    pub shogi_pawn: Option<u8>,
    /// The predefined bishop (`dropOppositeColoredBishop`).
    pub bishop: Option<u8>,
    /// Squares of a1's colour (`dropOppositeColoredBishop`).
    pub dark_squares: B,
    /// `wallingRule`: every move leaves a wall behind.
    pub walling: WallingRule,
    /// `wallOrMove` (with a walling rule): a side moves or walls, not both.
    pub wall_or_move: bool,
    /// `freeDrops`: every type may be dropped without a hand, and hands stay empty.
    pub free_drops: bool,
    /// Per colour, the types whose irreversible moves reset the n-move counter
    /// (`nMoveRuleTypes`).
    pub n_move_rule_types: [TypeSet; 2],
    /// Per colour, where that side may put a wall (`wallingRegion`).
    pub walling_region: [B; 2],
    /// `enclosingDrop`: where drops may go besides the drop region.
    pub enclosing_drop: EnclosingRule,
    /// `enclosingDropStart`: while one of these is empty, drops go only there.
    pub enclosing_start: B,
    /// `flipEnclosedPieces`: which enemy pieces change sides after a move.
    pub flip: EnclosingRule,
    /// Every move captures: no piece has a quiet move, nothing is dropped and nobody castles
    /// (clobber). Quiescence then cannot be a search of captures only.
    pub captures_only: bool,
    /// Any connection rule (`connectN`, `connectNxN`, `collinearN`, both regions).
    pub connect_rule: bool,
    /// The enabled connection directions, as Fairy-Stockfish lists them: east
    /// (`connectHorizontal`), north (`connectVertical`), north-east and south-east
    /// (`connectDiagonal`).
    pub connect_dirs: Vec<(i32, i32)>,
    /// Per colour, `connectRegion1` and `connectRegion2`, and whether both are set for a side.
    pub connect_region1: [B; 2],
    pub connect_region2: [B; 2],
    pub connect_regions: bool,
}

pub(super) fn region_bb<B: Bitboard>(geo: &Geometry, r: &Region) -> B {
    let mut b = B::EMPTY;
    for sq in geo.squares() {
        if r.contains(geo.file_of(sq), geo.rank_of(sq)) {
            b = b.with(sq);
        }
    }
    b
}

impl<B: Bitboard> Tables<B> {
    /// The type promotes by reaching the promotion zone: the predefined pawn or a
    /// `promotionPawnTypes` type of either colour.
    pub fn promotes_by_advance(&self, ty: u8) -> bool {
        Some(ty) == self.pawn || self.promotion_pawn_types.iter().any(|s| s.has(ty))
    }

    /// Where the king and the rook land when the king on `king_from` castles towards the
    /// kingside (`true`) or the queenside: the king on the variant's castling file of its
    /// rank, the rook on the square next to it, on the side the king came from.
    pub fn castling_destinations(&self, king_from: Square, kingside: bool) -> (Square, Square) {
        let file = if kingside {
            self.rules.moves.castling_kingside_file
        } else {
            self.rules.moves.castling_queenside_file
        };
        let king_to = self
            .geo
            .square(file, self.geo.rank_of(king_from))
            .unwrap_or(king_from);
        let rook_to = if kingside {
            Square::new(king_to.to_u8() - 1)
        } else {
            Square::new(king_to.to_u8() + 1)
        };
        (king_to, rook_to)
    }

    /// The variant these tables were compiled from (see the field).
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// Builds every table for `variant`.
    pub fn new(variant: &Variant) -> Result<Self, TableError> {
        let geo = Geometry::new(variant.files as u32, variant.ranks as u32)
            .map_err(|e| TableError::Geometry(e.to_string()))?;
        let n_types = variant.pieces.len();
        if n_types > MAX_TYPES {
            return Err(TableError::TooManyTypes(n_types));
        }
        let mut cache = HashMap::new();
        let (pieces, walkers): (Vec<_>, Vec<_>) = (0..n_types as u8)
            .map(|id| build_piece::<B>(&geo, variant, id, &mut cache))
            .collect::<Result<Vec<_>, _>>()?
            .into_iter()
            .unzip();
        let by_name = |n: &str| variant.piece_by_name(n);
        let both = |f: &dyn Fn(Color) -> B| [f(Color::White), f(Color::Black)];
        let promotion_region = both(&|c| region_bb(&geo, variant.promotion.region.get(c)));
        let (double_step, triple_step) = if variant.pawns.double_step {
            (
                both(&|c| region_bb(&geo, variant.pawns.double_step_region.get(c))),
                both(&|c| region_bb(&geo, variant.pawns.triple_step_region.get(c))),
            )
        } else {
            ([B::EMPTY; 2], [B::EMPTY; 2])
        };
        let ep_region = both(&|c| region_bb(&geo, variant.pawns.en_passant_region.get(c)));
        let forward = [1, -1].map(|up| {
            let mut step = Box::new([None; 256]);
            for sq in geo.squares() {
                step[sq.index()] = geo.offset(sq, 0, up);
            }
            step
        });
        let flag_region = both(&|c| region_bb(&geo, variant.game_end.flag.region.get(c)));
        let promotion_types = Color::BOTH.map(|c| {
            variant
                .promotion
                .piece_types
                .get(c)
                .iter()
                .collect::<Vec<u8>>()
        });
        let mut promotion_limit = vec![0u32; n_types];
        for &(t, n) in &variant.promotion.limit {
            if let Some(l) = promotion_limit.get_mut(t as usize) {
                *l = n;
            }
        }
        let mut promoted_type = vec![None; n_types];
        for &(from, to) in &variant.promotion.promoted_piece_type {
            if let Some(p) = promoted_type.get_mut(from as usize) {
                *p = Some(to);
            }
        }
        let ext = &variant.game_end.extinction;
        let extinction_types = TypeSet::of(&ext.piece_types);
        let extinction_all = ext.all_pieces;
        let lines = LineTable::new(&geo).map_err(|e| TableError::Geometry(e.to_string()))?;
        let rook_empty = geo
            .squares()
            .map(|sq| reference::line::<B>(&geo, sq, B::EMPTY, &LineSpec::ROOK))
            .collect();
        let knight_steps = [
            (1, 2),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2),
        ];
        let knight = geo
            .squares()
            .map(|sq| reference::leaper::<B>(&geo, sq, &knight_steps))
            .collect();
        let ranks = (0..geo.ranks()).map(|r| geo.rank_mask(r)).collect();
        let files = (0..geo.files()).map(|f| geo.file_mask(f)).collect();
        let seed = variant.name.bytes().fold(0xD1B5_4A32_D192_ED03u64, |h, b| {
            (h ^ b as u64).wrapping_mul(0x100_0000_01B3)
        });
        let path_attacks = pieces.iter().all(|p| !p.lame_capture);
        let hoppers = pieces.iter().any(|p| p.hop_capture);
        let walker_types = TypeSet(
            (0..n_types)
                .filter(|&i| walkers[i].is_some())
                .fold(0, |acc, i| acc | 1u64 << i),
        );
        let captures_only = walker_types.is_empty()
            && !variant.drops.piece_drops
            && !variant.castling.enabled
            && pieces.iter().all(|p| {
                p.quiet
                    .iter()
                    .all(|q| geo.squares().all(|sq| q.empty_board(sq).is_empty()))
            });
        let walker_attackers = TypeSet(
            (0..n_types)
                .filter(|&i| {
                    walkers[i]
                        .as_ref()
                        .is_some_and(|w| w.captures || w.chain_attacks)
                })
                .fold(0, |acc, i| acc | 1u64 << i),
        );
        let soldier = variant
            .pieces
            .iter()
            .position(|p| p.special == Some(crate::variant::SpecialPiece::Soldier))
            .map(|i| i as u8);
        let spr = variant.special_moves.soldier_promotion_rank;
        let soldier_zone = Color::BOTH.map(|c| {
            (0..geo.ranks())
                .filter(|&r| {
                    (if c == Color::White {
                        r
                    } else {
                        geo.ranks() - 1 - r
                    }) >= spr
                })
                .fold(B::EMPTY, |b, r| b | geo.rank_mask(r))
        });
        let janggi_cannon = variant
            .pieces
            .iter()
            .position(|p| p.special == Some(crate::variant::SpecialPiece::JanggiCannon))
            .map(|i| i as u8);
        let diagonal_lines = region_bb(&geo, &variant.special_moves.diagonal_lines);
        let palace = super::palace::Palace::new(variant, &geo, diagonal_lines, &mut cache)?;
        let sm = &variant.special_moves;
        let pass_on_stalemate = Color::BOTH.map(|c| *sm.pass_on_stalemate.get(c));
        let pass = Color::BOTH.map(|c| *sm.pass.get(c));
        let pass = Color::BOTH.map(|c| pass[c] || pass_on_stalemate[c]);
        let drops = &variant.drops;
        let piece_drops = drops.piece_drops;
        let has_hands =
            piece_drops || drops.captures_to_hand || variant.special_moves.seirawan_gating;
        let pawn = by_name("pawn");
        let rook = by_name("rook");
        let drop_region = Color::BOTH.map(|c| {
            let first_rank: B = geo.rank_mask(if c == Color::White {
                0
            } else {
                geo.ranks() - 1
            });
            let base = region_bb::<B>(&geo, drops.region.get(c)) & geo.board_mask();
            (0..n_types)
                .map(|ty| {
                    let mut b = base & pieces[ty].mobility[c];
                    if Some(ty as u8) == pawn {
                        if !drops.promotion_zone_pawn_drops {
                            b &= !promotion_region[c];
                        }
                        if !drops.first_rank_pawn_drops {
                            b &= !first_rank;
                        }
                    }
                    if Some(ty as u8) == rook && drops.sittuyin_rook_drop {
                        b &= first_rank;
                    }
                    b
                })
                .collect()
        });
        let connect = &variant.game_end.connect;
        let connect_region1 =
            Color::BOTH.map(|c| region_bb::<B>(&geo, connect.region1.get(c)) & geo.board_mask());
        let connect_region2 =
            Color::BOTH.map(|c| region_bb::<B>(&geo, connect.region2.get(c)) & geo.board_mask());
        let connect_regions = Color::BOTH
            .into_iter()
            .any(|c| connect_region1[c].any() && connect_region2[c].any());
        let connect_dirs = [
            (connect.horizontal, (1, 0)),
            (connect.vertical, (0, 1)),
            (connect.diagonal, (1, 1)),
            (connect.diagonal, (1, -1)),
        ]
        .into_iter()
        .filter_map(|(on, d)| on.then_some(d))
        .collect();
        let dark_squares = geo
            .squares()
            .filter(|&sq| (geo.file_of(sq) + geo.rank_of(sq)) % 2 == 0)
            .fold(B::EMPTY, |b, sq| b.with(sq));
        let mut tables = Tables {
            palace,
            pass,
            pass_on_stalemate,
            has_hands,
            fen_hands: (piece_drops || variant.special_moves.seirawan_gating)
                && !variant.drops.free_drops,
            piece_drops,
            drop_region,
            drop_no_doubled: drops.no_doubled,
            bishop: by_name("bishop"),
            shogi_pawn: by_name("shogiPawn"),
            demotions: variant.promotion.piece_demotion,
            dark_squares,
            // A walling rule not played yet is left out entirely, as `check` warns.
            walling: if crate::board::unenforced::walling_enforced(variant) {
                variant.special_moves.walling_rule
            } else {
                WallingRule::None
            },
            wall_or_move: variant.special_moves.wall_or_move,
            free_drops: variant.drops.free_drops,
            n_move_rule_types: Color::BOTH
                .map(|c| TypeSet::of(variant.pawns.n_move_rule_types.get(c))),
            walling_region: Color::BOTH.map(|c| {
                region_bb::<B>(&geo, variant.special_moves.walling_region.get(c)) & geo.board_mask()
            }),
            enclosing_drop: variant.drops.enclosing_drop,
            enclosing_start: region_bb::<B>(&geo, &variant.drops.enclosing_drop_start)
                & geo.board_mask(),
            flip: variant.special_moves.flip_enclosed_pieces,
            captures_only,
            connect_region1,
            connect_region2,
            connect_rule: connect.n > 0
                || connect.nxn > 0
                || connect.collinear_n > 0
                || connect_regions,
            connect_dirs,
            connect_regions,
            janggi_cannon,
            lions: variant.captures.lion_types.clone(),
            lion_no_bridge: variant.captures.lion_no_bridge_types.clone(),
            bare_king: crate::board::rules::bare_king::BareKingRule::compile(
                variant,
                &pieces,
                walker_types,
                geo.board_mask(),
            ),
            soldier,
            soldier_zone,
            path_attacks,
            hoppers,
            walkers,
            walker_types,
            walker_attackers,
            rules: super::rules::Rules::compile(variant),
            variant: variant.clone(),
            board: geo.board_mask(),
            n_types,
            pieces,
            pawn,
            king: variant.king,
            fers: by_name("fers"),
            rook,
            promotion_region,
            double_step,
            triple_step,
            forward,
            ep_region,
            promotion_types,
            promotion_limit,
            promoted_type,
            promotion_pawn_types: Color::BOTH
                .map(|c| TypeSet::of(variant.promotion.pawn_types.get(c))),
            ep_types: Color::BOTH.map(|c| TypeSet::of(variant.pawns.en_passant_types.get(c))),
            extinction_types,
            extinction_all,
            castling_rooks: Color::BOTH.map(|c| TypeSet::of(variant.castling.rook_pieces.get(c))),
            castling_king: [
                (*variant.castling.king_piece.get(Color::White)).or(variant.king),
                (*variant.castling.king_piece.get(Color::Black)).or(variant.king),
            ],
            flag_region,
            lines,
            rook_empty,
            knight,
            ranks,
            files,
            zobrist: Zobrist::new(n_types, geo.num_squares(), seed),
            geo,
            plain_types: [TypeSet::default(); 2],
            quick_checks: false,
        };
        tables.plain_types = Color::BOTH.map(|us| tables.plain_type_set(us));
        tables.quick_checks = tables.checks_from_changed_squares();
        Ok(tables)
    }

    /// Whether [`Tables::quick_checks`] holds for the variant.
    fn checks_from_changed_squares(&self) -> bool {
        let v = &self.variant;
        self.king.is_some()
            && !v.checks.duple_check
            && !v.game_end.extinction.pseudo_royal
            && self
                .pieces
                .iter()
                .all(|p| p.symmetric && !p.complex_capture)
            && self.walker_attackers.is_empty()
            && self.palace.is_none()
            && self.soldier.is_none()
            && self.janggi_cannon.is_none()
            && !v.captures.blast_on_capture
            && v.captures.petrify_on_capture_types.is_empty()
            && self.walling == WallingRule::None
            && self.flip == EnclosingRule::None
            // A capture or an exchange can change which pawns attack (`prisonPromotion`).
            && !self.rules.moves.prisons
    }

    /// The types of colour `us` whose moves are their table reach alone (see
    /// [`Tables::plain_types`]).
    fn plain_type_set(&self, us: Color) -> TypeSet {
        let plain = |ty: u8| {
            let pt = &self.pieces[ty as usize];
            pt.same_reach
                && pt.initial[us].is_none()
                && Some(ty) != self.pawn
                && Some(ty) != self.soldier
                && Some(ty) != self.janggi_cannon
                && !self.palace.as_ref().is_some_and(|p| p.kind(ty).is_some())
                && self.promoted_type[ty as usize].is_none()
                && !self.demotions
                && !self.promotion_pawn_types[us].has(ty)
                && !self.ep_types[us].has(ty)
                && !self.rules.captures.self_capture.has(ty)
                && !self.rules.captures.range_capture.has(ty)
        };
        TypeSet(
            (0..self.n_types as u8)
                .filter(|&ty| plain(ty))
                .fold(0, |set, ty| set | 1 << ty),
        )
    }
}
