//! The make-move observer over move-tree walks: an observer that mirrors the board and the
//! hands, and the incremental material/piece-square sums the search evaluates from, must equal
//! a full recomputation after every make and every unmake (the evaluation from those sums and
//! the search's table of pawn formations equal to one from scratch), and so must the NNUE
//! accumulators kept by the same reports, compared value for value with a refresh — with the
//! variant's built-in net where it has one (chess, xiangqi, capablanca, makruk), a random net
//! elsewhere — in chess, crazyhouse, shogi, xiangqi, makruk, capablanca, atomic (blasts),
//! seirawan (gating), a multi-leg lion variant and a 16x16 drop variant with lions. Keys and
//! the stored checkers are checked on the same walks.

use dabbaba::board::bitboard::Bitboard;
use dabbaba::board::position::{BoardObserver, Piece, Position, EMPTY, WALL};
use dabbaba::board::{Game, Move, MoveList, Square};
use dabbaba::color::Color;
use dabbaba::eval::nnue::train::FloatNet;
use dabbaba::eval::nnue::{builtin_net, AccumulatorUpdate, FeatureSet, Network};
use dabbaba::eval::{evaluate, evaluate_with, EvalParams, PawnCache, PsqtSums};
use dabbaba::variant::{Variant, VariantSet};
use dabbaba::with_position;

mod playout_common;

/// A 16x16 drop variant: captured pieces go to hand, lions capture twice in one move, pawns
/// promote. Every change the observer reports happens on it.
const BIG: &str = "[big16]\nmaxRank = 16\nmaxFile = p\nking = k\nrook = r\nbishop = b\n\
pawn = p\ncustomPiece1 = l:KNADcaKmcabK\ncustomPiece2 = g:FyafsF\n\
promotionPieceTypes = rbl\ncastling = false\ndoubleStep = false\npieceDrops = true\n\
capturesToHand = true\n\
startFen = rblg1k3glbr3/pppppppppppppppp/16/16/16/16/16/16/16/16/16/16/16/16/\
PPPPPPPPPPPPPPPP/RBLG1K3GLBR3 w - - 0 1\n";

const LIONS: &str = include_str!("data/multileg.ini");

/// Mirrors the board and hands from the reported changes alone, and keeps the incremental
/// evaluation sums through the same reports.
struct Checker {
    board: Vec<Piece>,
    hand: Vec<u32>,
    sums: PsqtSums,
    params: EvalParams,
    /// The search's table of pawn formations (a `PawnCache<B>` of the walk's board), kept
    /// over the whole walk so that most evaluations are answered from it.
    pawn_cache: Box<dyn std::any::Any>,
    /// The variant's built-in net (a random one when it has none), its feature set, the
    /// accumulator kept by the reports, and a scratch one for the refresh it is checked
    /// against.
    net: Network,
    fs: FeatureSet,
    acc: Vec<i16>,
    fresh: Vec<i16>,
    reports: u64,
}

impl Checker {
    fn nnue(&mut self) -> AccumulatorUpdate<'_> {
        AccumulatorUpdate::new(&self.net, &self.fs, &mut self.acc)
    }
}

impl BoardObserver for Checker {
    fn piece_added(&mut self, piece: Piece, sq: Square) {
        assert_eq!(self.board[sq.index()], EMPTY, "added on an occupied square");
        self.board[sq.index()] = piece;
        self.sums.tracker(&self.params).piece_added(piece, sq);
        self.nnue().piece_added(piece, sq);
        self.reports += 1;
    }
    fn piece_removed(&mut self, piece: Piece, sq: Square) {
        assert_eq!(self.board[sq.index()], piece, "removed a piece not there");
        self.board[sq.index()] = EMPTY;
        self.sums.tracker(&self.params).piece_removed(piece, sq);
        self.nnue().piece_removed(piece, sq);
        self.reports += 1;
    }
    fn piece_moved(&mut self, piece: Piece, from: Square, to: Square) {
        assert_eq!(self.board[from.index()], piece, "moved a piece not there");
        assert_eq!(
            self.board[to.index()],
            EMPTY,
            "moved onto an occupied square"
        );
        self.board[from.index()] = EMPTY;
        self.board[to.index()] = piece;
        self.sums.tracker(&self.params).piece_moved(piece, from, to);
        self.nnue().piece_moved(piece, from, to);
        self.reports += 1;
    }
    fn hand_changed(&mut self, type_id: u8, color: Color, old: u32, new: u32) {
        let slot = &mut self.hand[2 * type_id as usize + color.index()];
        assert_eq!(*slot, old, "hand count reported from a wrong old count");
        assert_eq!(old.abs_diff(new), 1, "hand counts change by one");
        *slot = new;
        self.sums
            .tracker(&self.params)
            .hand_changed(type_id, color, old, new);
        self.nnue().hand_changed(type_id, color, old, new);
        self.reports += 1;
    }
}

impl Checker {
    fn new<B: Bitboard>(p: &Position<B>, v: &Variant) -> Checker {
        let mut params = EvalParams::new(p.tables(), p);
        params
            .apply_builtin_weights(v)
            .expect("built-in weights fit");
        let n_types = p.tables().n_types;
        let fs = FeatureSet::for_position(p);
        let geo = &p.tables().geo;
        let net = match builtin_net(&v.name) {
            Some(bytes) => Network::from_bytes(bytes).expect("the built-in net reads"),
            None => FloatNet::new(fs.len(), 8, 11).quantise(&v.name, geo.files(), geo.ranks(), ""),
        };
        assert_eq!(net.inputs, fs.len(), "the net fits {}", v.name);
        let mut acc = vec![0; 2 * net.hidden];
        net.refresh(p, &fs, &mut acc);
        let mut c = Checker {
            board: vec![EMPTY; p.tables().geo.num_squares()],
            hand: vec![0; 2 * n_types],
            sums: PsqtSums::compute(p, &params),
            pawn_cache: Box::new(PawnCache::<B>::default()),
            params,
            net,
            fs,
            fresh: acc.clone(),
            acc,
            reports: 0,
        };
        c.copy_from(p);
        c
    }

    fn copy_from<B: Bitboard>(&mut self, p: &Position<B>) {
        for sq in p.tables().geo.squares() {
            let pc = p.piece_on(sq);
            self.board[sq.index()] = if pc == WALL { EMPTY } else { pc };
        }
        for ty in 0..p.tables().n_types as u8 {
            for c in Color::BOTH {
                self.hand[2 * ty as usize + c.index()] = p.in_hand(ty, c);
            }
        }
    }

    /// The mirror, the sums, the accumulator and the key equal what a full look at `p` gives.
    fn verify<B: Bitboard>(&mut self, p: &Position<B>, after: &str) {
        for sq in p.tables().geo.squares() {
            let pc = p.piece_on(sq);
            let expect = if pc == WALL { EMPTY } else { pc };
            assert_eq!(
                self.board[sq.index()],
                expect,
                "mirror differs on square {} {after} at {}",
                sq.index(),
                p.fen()
            );
        }
        for ty in 0..p.tables().n_types as u8 {
            for c in Color::BOTH {
                assert_eq!(
                    self.hand[2 * ty as usize + c.index()],
                    p.in_hand(ty, c),
                    "hand differs {after} at {}",
                    p.fen()
                );
            }
        }
        let pawn_cache: &mut PawnCache<B> = self
            .pawn_cache
            .downcast_mut()
            .expect("a walk keeps one board size");
        assert_eq!(
            self.sums,
            PsqtSums::compute(p, &self.params),
            "incremental sums differ {after} at {}",
            p.fen()
        );
        assert_eq!(
            evaluate_with(p, &self.params, &self.sums, pawn_cache),
            evaluate(p, &self.params),
            "evaluation from the sums and the pawn table differs {after} at {}",
            p.fen()
        );
        self.net.refresh(p, &self.fs, &mut self.fresh);
        if let Some(i) = (0..self.acc.len()).find(|&i| self.acc[i] != self.fresh[i]) {
            panic!(
                "accumulator differs from a refresh {after} at {} (value {i} of {}: {} kept, {} refreshed)",
                p.fen(),
                self.acc.len(),
                self.acc[i],
                self.fresh[i]
            );
        }
        assert_eq!(
            p.key(),
            p.compute_key(),
            "key differs {after} at {}",
            p.fen()
        );
        assert_eq!(
            p.checkers(),
            p.compute_checkers(),
            "stored checkers differ {after} at {}",
            p.fen()
        );
    }
}

/// Every legal move made and unmade (checked both times), `depth` plies deep.
fn walk<B: Bitboard>(p: &mut Position<B>, c: &mut Checker, depth: u32) {
    if depth == 0 {
        return;
    }
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    for &m in list.iter() {
        let text = p.move_to_uci(m);
        p.make_move_observed(m, c);
        c.verify(p, &format!("after {text}"));
        walk(p, c, depth - 1);
        p.unmake_move_observed(m, c);
        c.verify(p, &format!("after taking back {text}"));
    }
}

/// A seeded random game that prefers captures (so hands fill and drops follow), with every
/// legal move of each position on the way walked one ply deep.
fn playout<B: Bitboard>(p: &mut Position<B>, c: &mut Checker, plies: usize, seed: u64) {
    let mut rng = seed | 1;
    let mut played: Vec<Move> = Vec::new();
    for _ in 0..plies {
        walk(p, c, 1);
        let Some(m) = playout_common::pick_preferring_captures(p, &mut rng) else {
            break;
        };
        p.make_move_observed(m, c);
        c.verify(p, "on the playout");
        played.push(m);
    }
    // Take the whole game back through the observer.
    while let Some(m) = played.pop() {
        p.unmake_move_observed(m, c);
        c.verify(p, "taking the playout back");
    }
}

fn check(v: &Variant, fen: Option<&str>, depth: u32, games: u64) -> u64 {
    let mut g = Game::new(v, fen, false).expect("position");
    with_position!(&mut g, p => {
        let mut c = Checker::new(p, v);
        c.verify(p, "at the start");
        walk(p, &mut c, depth);
        for seed in 0..games {
            playout(p, &mut c, 120, 0x9e37_79b9 * (seed + 1));
        }
        c.reports
    })
}

fn builtin(name: &str) -> &'static Variant {
    dabbaba::variant::builtin(name).expect("built-in variant")
}

#[test]
fn chess_walks() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    assert!(check(builtin("chess"), Some(kiwipete), 3, 4) > 0);
    let promotions = "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1";
    assert!(check(builtin("chess"), Some(promotions), 3, 2) > 0);
}

#[test]
fn drop_variant_walks() {
    for name in ["crazyhouse", "shogi", "seirawan"] {
        assert!(check(builtin(name), None, 2, 4) > 0, "{name}");
    }
}

#[test]
fn xiangqi_and_atomic_walks() {
    for name in ["xiangqi", "atomic"] {
        assert!(check(builtin(name), None, 3, 4) > 0, "{name}");
    }
}

#[test]
fn walling_and_flipping_walks() {
    // Walls appear after every move, stones change sides: keys and sums must follow.
    for name in ["joust", "isolation", "amazons", "flipello", "flipersi"] {
        assert!(check(builtin(name), None, 2, 4) > 0, "{name}");
    }
    let reversi_midgame = "8/8/3P4/2pPP1p1/2ppPpP1/2p1p3/3pP3/8[PPPPPPPPPPPPPPPPPPPPPPPPPppppppppppppppppppppppppp] w - - 0 8";
    assert!(check(builtin("flipersi"), Some(reversi_midgame), 3, 4) > 0);
}

#[test]
fn multi_leg_and_16x16_walks() {
    let mut set = VariantSet::with_builtins();
    set.load_str("multileg.ini", LIONS)
        .expect("lion variants load");
    set.load_str("big16.ini", BIG).expect("16x16 variant loads");
    let lions = set.get("lionhouse").expect("lionhouse");
    assert!(check(lions, None, 2, 4) > 0);
    let big = set.get("big16").expect("big16");
    assert_eq!(big.board_size(), "16x16");
    assert!(check(big, None, 1, 3) > 0);
}

#[test]
fn chu_shogi_walks_through_lion_trades() {
    // Rooks, a kirin, a bishop and a pawn that can take lions: the walk makes and takes back
    // captures after which the lion-trading square is part of the key.
    let trades = "k11/12/12/12/12/4r7/12/12/5o3n1n/4N6P/12/6B4K b - - 0 1";
    assert!(check(builtin("chushogi"), Some(trades), 3, 4) > 0);
}

#[test]
fn every_builtin_variant_keeps_its_checkers() {
    // Checkers are found from the squares a move changed where the variant allows it
    // (`Tables::quick_checks`); a seeded game in every built-in variant compares them with a
    // recomputation after every move and take-back.
    for v in dabbaba::variant::builtins().iter() {
        assert!(check(v, None, 1, 1) > 0, "{}", v.name);
    }
}

#[test]
fn a_position_with_the_waiting_side_in_check_recomputes_its_checkers() {
    // Black, not to move, is in check from the rook: after a king move from a1 (off every
    // line to e8) the check is still there, though the move neither gave nor opened it.
    let fen = "4k3/8/8/8/8/8/4R3/K7 w - - 0 1";
    assert!(check(builtin("chess"), Some(fen), 2, 2) > 0);
}

#[test]
fn makruk_and_capablanca_walk_with_their_nets() {
    // The accumulators checked here are those of the nets the engine plays with.
    for name in ["chess", "xiangqi", "makruk", "capablanca"] {
        assert!(builtin_net(name).is_some(), "{name} has a built-in net");
    }
    for name in ["makruk", "capablanca"] {
        assert!(check(builtin(name), None, 2, 4) > 0, "{name}");
    }
}

/// Self-capturing pieces (the captured piece's colour is ours in the key, the sums and the
/// accumulators), iron pieces, and a drop game where a self-captured piece goes to its
/// captor's own hand.
const CAPTURE_RULES: &str = "[selfcapture:chess]\nselfCaptureTypes = *\nironPieceTypes = b\n\n\
[selfhouse:crazyhouse]\nselfCaptureTypes = nrq\n\n\
[selfatomic:atomic]\nselfCaptureTypes = *\nironPieceTypes = n\n";

#[test]
fn self_capture_and_iron_walks() {
    let mut set = VariantSet::with_builtins();
    set.load_str("capture-rules.ini", CAPTURE_RULES)
        .expect("capture-rule variants load");
    for name in ["selfcapture", "selfhouse", "selfatomic"] {
        let v = set.get(name).expect("variant");
        assert!(check(v, None, 3, 4) > 0, "{name}");
    }
}
