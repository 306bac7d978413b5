//! From [`VariantSpec`] (slots) to [`Variant`] (dense piece ids, regions clipped to the board),
//! with the checks that need the whole variant: the start FEN and the royal piece.

use super::error::VariantError;
use super::fen;
use super::pieces::{self, KING_SLOT, SLOTS};
use super::region::Region;
use super::spec::{VariantSpec, ALL_SLOT};
use super::types::*;

/// Slot number to dense id.
struct IdMap {
    ids: Vec<Option<PieceId>>,
    count: usize,
}

impl IdMap {
    fn id(&self, slot: PieceId) -> Option<PieceId> {
        self.ids.get(slot as usize).copied().flatten()
    }

    fn opt(&self, slot: Option<PieceId>) -> Option<PieceId> {
        slot.and_then(|s| self.id(s))
    }

    fn set(&self, set: &PieceSet) -> PieceSet {
        if set.iter().any(|s| s as usize == ALL_SLOT) {
            return PieceSet::from_ids(0..self.count as PieceId);
        }
        PieceSet::from_ids(set.iter().filter_map(|s| self.id(s)))
    }

    fn pair<T>(&self, p: &ByColor<T>, f: impl Fn(&Self, &T) -> T) -> ByColor<T> {
        ByColor {
            white: f(self, &p.white),
            black: f(self, &p.black),
        }
    }
}

/// Builds the variant `name` from its spec. `file` and `line` locate the section, for problems
/// that no single key of it caused.
pub fn conclude(
    name: &str,
    spec: &VariantSpec,
    file: &str,
    line: usize,
) -> Result<Variant, Vec<VariantError>> {
    let mut ids = vec![None; SLOTS];
    let mut count = 0usize;
    let mut pieces_out = Vec::new();
    for (slot, p) in spec.slots.iter().enumerate() {
        let Some(p) = p else { continue };
        ids[slot] = Some(count as PieceId);
        count += 1;
        let (mg, eg) = spec.values[slot];
        let mob = spec.mobility[slot];
        pieces_out.push(PieceType {
            name: pieces::slot_name(slot).to_string(),
            letter: p.letter,
            betza: p.betza.clone(),
            moves: p.moves.clone(),
            dialect: p.dialect,
            royal: slot == KING_SLOT,
            special: p.special,
            mobility_region: ByColor {
                white: mob.white.map(|r| r.clipped(spec.files, spec.ranks)),
                black: mob.black.map(|r| r.clipped(spec.files, spec.ranks)),
            },
            value_mg: mg,
            value_eg: eg,
        });
    }
    let m = IdMap { ids, count };
    let (f, r) = (spec.files, spec.ranks);
    let clip = |_: &IdMap, x: &Region| x.clipped(f, r);
    let sets = |m: &IdMap, s: &PieceSet| m.set(s);
    let opts = |m: &IdMap, s: &Option<PieceId>| m.opt(*s);

    let c = &spec.castling;
    let castling = Castling {
        king_piece: m.pair(&c.king_piece, opts),
        rook_pieces: m.pair(&c.rook_pieces, sets),
        ..c.clone()
    };
    let p = &spec.promotion;
    let promotion = Promotion {
        region: m.pair(&p.region, clip),
        pawn_types: m.pair(&p.pawn_types, sets),
        main_pawn_type: m.pair(&p.main_pawn_type, opts),
        piece_types: m.pair(&p.piece_types, sets),
        limit: p
            .limit
            .iter()
            .filter_map(|&(s, n)| m.id(s).map(|i| (i, n)))
            .collect(),
        promoted_piece_type: p
            .promoted_piece_type
            .iter()
            .filter_map(|&(a, b)| Some((m.id(a)?, m.id(b)?)))
            .collect(),
        ..p.clone()
    };
    let w = &spec.pawns;
    let pawns = PawnRules {
        double_step: w.double_step,
        double_step_region: m.pair(&w.double_step_region, clip),
        triple_step_region: m.pair(&w.triple_step_region, clip),
        en_passant_region: m.pair(&w.en_passant_region, clip),
        en_passant_types: m.pair(&w.en_passant_types, sets),
        n_move_rule_types: m.pair(&w.n_move_rule_types, sets),
    };
    let d = &spec.drops;
    let drops = DropRules {
        must_drop_type: m.opt(d.must_drop_type),
        region: m.pair(&d.region, clip),
        enclosing_drop_start: d.enclosing_drop_start.clipped(f, r),
        no_doubled: m.opt(d.no_doubled),
        ..d.clone()
    };
    let k = &spec.captures;
    let captures = CaptureRules {
        blast_immune_types: m.set(&k.blast_immune_types),
        mutually_immune_types: m.set(&k.mutually_immune_types),
        petrify_on_capture_types: m.set(&k.petrify_on_capture_types),
        lion_types: m.set(&k.lion_types),
        lion_no_bridge_types: m.set(&k.lion_no_bridge_types),
        self_capture_types: m.set(&k.self_capture_types),
        // `*` names every piece but the king (the key refuses the king by its letter).
        iron_piece_types: PieceSet::from_ids(
            m.set(&k.iron_piece_types)
                .iter()
                .filter(|&id| Some(id) != m.id(KING_SLOT as PieceId)),
        ),
        range_capture_types: m.set(&k.range_capture_types),
        range_capture_ranks: k.range_capture_ranks.iter().map(|r| m.set(r)).collect(),
        burn_types: m.set(&k.burn_types),
        ..k.clone()
    };
    let s = &spec.special_moves;
    let special_moves = SpecialMoves {
        diagonal_lines: s.diagonal_lines.clipped(f, r),
        walling_region: m.pair(&s.walling_region, clip),
        ..s.clone()
    };
    let g = &spec.game_end;
    let game_end = GameEnd {
        extinction: Extinction {
            piece_types: m.set(&g.extinction.piece_types),
            ..g.extinction.clone()
        },
        bare_king: BareKing {
            weak_types: m.set(&g.bare_king.weak_types),
            ..g.bare_king.clone()
        },
        flag: Flag {
            piece: m.pair(&g.flag.piece, opts),
            region: m.pair(&g.flag.region, clip),
            ..g.flag.clone()
        },
        connect: Connect {
            piece_types: g.connect.piece_types.as_ref().map(|s| m.set(s)),
            region1: m.pair(&g.connect.region1, clip),
            region2: m.pair(&g.connect.region2, clip),
            ..g.connect.clone()
        },
        ..g.clone()
    };
    let mut errors = Vec::new();
    let mut promotion = promotion;
    link_promoted_only_pieces(&pieces_out, &mut promotion, &mut |reason| {
        errors.push(VariantError {
            file: file.to_string(),
            line,
            key: "promotedPieceType".to_string(),
            reason,
        })
    });
    let king = m.id(KING_SLOT as PieceId);
    let variant = Variant {
        name: name.to_string(),
        files: f,
        ranks: r,
        pieces: pieces_out,
        king,
        start_fen: spec.start_fen.clone(),
        chess960: spec.chess960,
        castling,
        promotion,
        pawns,
        drops,
        captures,
        special_moves,
        checks: spec.checks.clone(),
        game_end,
        xboard: spec.xboard.clone(),
    };

    // A turn that goes on after a check would let the checking side take the king on its
    // next move: the board plays checks only as the end of a turn.
    let s = &variant.special_moves;
    if s.multi_move_turns() && !s.check_ends_turn && variant.king.is_some() {
        errors.push(VariantError {
            file: file.to_string(),
            line,
            key: "checkEndsTurn".to_string(),
            reason: "turns of several moves with a king need checkEndsTurn = true: a turn that \
                     went on after a check would take the king"
                .to_string(),
        });
    }
    // Prisons fill the airfields, whose pieces only drops bring back.
    if !variant.drops.hostage_ranks.is_empty() && !variant.drops.piece_drops {
        errors.push(VariantError {
            file: file.to_string(),
            line,
            key: "hostageExchange".to_string(),
            reason: "prisons need pieceDrops = true: an exchange puts a piece in the \
                     opponent's hand, which only a drop brings back"
                .to_string(),
        });
    }
    errors.extend(
        range_capture_errors(&variant)
            .into_iter()
            .map(|(key, reason)| VariantError {
                file: file.to_string(),
                line,
                key: key.to_string(),
                reason,
            }),
    );
    // A start FEN set in this file is reported at its line; an inherited one at the section.
    let (fen_file, fen_line) = match &spec.start_fen_origin {
        Some(o) if o.file == file && o.line >= line => (o.file.clone(), o.line),
        _ => (file.to_string(), line),
    };
    errors.extend(
        fen::check_start_fen(&variant, &variant.start_fen)
            .into_iter()
            .map(|reason| VariantError {
                file: fen_file.clone(),
                line: fen_line,
                key: "startFen".to_string(),
                reason,
            }),
    );
    if errors.is_empty() {
        Ok(variant)
    } else {
        Err(errors)
    }
}

/// A piece written `+X` (see [`pieces::promoted_only_letter`]) is what `X` promotes to: the
/// promotion is added where the file did not give it, and a file that names another promotion
/// for `X`, or has no `X`, is refused.
fn link_promoted_only_pieces(
    pieces_out: &[PieceType],
    promotion: &mut Promotion,
    err: &mut dyn FnMut(String),
) {
    for (id, p) in pieces_out.iter().enumerate() {
        let Some(base) = pieces::promoted_only_base(p.letter) else {
            continue;
        };
        let base_text = pieces::letter_text(base, Color::White);
        let Some(base_id) = pieces_out.iter().position(|q| q.letter == base) else {
            err(format!(
                "'+{base_text}' needs a piece '{base_text}' to promote from"
            ));
            continue;
        };
        let (base_id, id) = (base_id as PieceId, id as PieceId);
        match promotion
            .promoted_piece_type
            .iter()
            .find(|&&(a, _)| a == base_id)
        {
            None => promotion.promoted_piece_type.push((base_id, id)),
            Some(&(_, to)) if to == id => {}
            Some(&(_, to)) => err(format!(
                "'{base_text}' promotes to '{}', but '+{base_text}' is written for its promoted form",
                pieces::letter_text(pieces_out[to as usize].letter, Color::White)
            )),
        }
    }
}

/// `rangeCaptureTypes` needs every capturer ranked (a capturer of no rank could jump
/// nothing), and the royal pieces ranked at least as high as every capturer: the legality
/// test looks for no jumping capture of a royal piece, which this rank order rules out.
fn range_capture_errors(v: &Variant) -> Vec<(&'static str, String)> {
    let c = &v.captures;
    let rank = |id: PieceId| {
        c.range_capture_ranks
            .iter()
            .position(|r| r.contains(id))
            .map_or(0, |r| r + 1)
    };
    let mut errors = Vec::new();
    if c.range_capture_types.iter().any(|id| rank(id) == 0) {
        errors.push((
            "rangeCaptureTypes",
            "every range capturer needs a rank in rangeCaptureRanks".to_string(),
        ));
    }
    let top = c.range_capture_types.iter().map(rank).max().unwrap_or(0);
    let royals = v.game_end.extinction.piece_types.iter().chain(v.king);
    if royals.into_iter().any(|id| rank(id) < top) {
        errors.push((
            "rangeCaptureRanks",
            "the royal pieces must rank at least as high as every range capturer".to_string(),
        ));
    }
    errors
}
