//! The variant's rule switches that move generation and make-move read, compiled once per
//! variant into one flat record of [`Tables`](super::tables::Tables): the hot paths test a
//! field of it instead of walking the nested `Variant` data, and a reader of `movegen/` sees
//! in one place every switch a move depends on.

use crate::variant::{CountingRule, PieceId, Variant};

/// Rule switches read per move (each named after its `variants.ini` key).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MoveRules {
    /// `mandatoryPawnPromotion`.
    pub mandatory_pawn_promotion: bool,
    /// `mandatoryPiecePromotion`.
    pub mandatory_piece_promotion: bool,
    /// `piecePromotionOnCapture`.
    pub piece_promotion_on_capture: bool,
    /// `pieceDemotion`.
    pub piece_demotion: bool,
    /// `sittuyinPromotion`.
    pub sittuyin_promotion: bool,
    /// `chuPromotion` (ours): Chu Shogi's promotion rules.
    pub chu_promotion: bool,
    /// `mustDrop`.
    pub must_drop: bool,
    /// `mustDropType`.
    pub must_drop_type: Option<PieceId>,
    /// `dropNoDoubledCount`.
    pub drop_no_doubled_count: u32,
    /// `dropPromoted`.
    pub drop_promoted: bool,
    /// `capturesToHand`.
    pub captures_to_hand: bool,
    /// `dropLoop`.
    pub drop_loop: bool,
    /// `shogiPawnDropMateIllegal`.
    pub shogi_pawn_drop_mate_illegal: bool,
    /// `gating`.
    pub gating: bool,
    /// `seirawanGating`.
    pub seirawan_gating: bool,
    /// `cambodianMoves`.
    pub cambodian_moves: bool,
    /// `oppositeCastling`.
    pub opposite_castling: bool,
    /// `castlingDroppedPiece`.
    pub castling_dropped_piece: bool,
    /// `castlingKingFile`.
    pub castling_king_file: u8,
    /// `checkCounting`.
    pub check_counting: bool,
    /// `bikjangRule`.
    pub bikjang: bool,
    /// `extinctionPseudoRoyal`.
    pub pseudo_royal_extinction: bool,
    /// `extinctionPieceCount`.
    pub extinction_piece_count: u32,
    /// `countingRule` is not `none`.
    pub counting: bool,
}

impl MoveRules {
    /// The switches of `v`.
    pub fn compile(v: &Variant) -> Self {
        let (p, d, s) = (&v.promotion, &v.drops, &v.special_moves);
        let extinction = &v.game_end.extinction;
        MoveRules {
            mandatory_pawn_promotion: p.mandatory_pawn_promotion,
            mandatory_piece_promotion: p.mandatory_piece_promotion,
            piece_promotion_on_capture: p.piece_promotion_on_capture,
            piece_demotion: p.piece_demotion,
            sittuyin_promotion: p.sittuyin,
            chu_promotion: p.chu,
            must_drop: d.must_drop,
            must_drop_type: d.must_drop_type,
            drop_no_doubled_count: d.no_doubled_count,
            drop_promoted: d.drop_promoted,
            captures_to_hand: d.captures_to_hand,
            drop_loop: d.drop_loop,
            shogi_pawn_drop_mate_illegal: d.shogi_pawn_drop_mate_illegal,
            gating: s.gating,
            seirawan_gating: s.seirawan_gating,
            cambodian_moves: s.cambodian_moves,
            opposite_castling: v.castling.opposite_castling,
            castling_dropped_piece: v.castling.dropped_piece,
            castling_king_file: v.castling.king_file,
            check_counting: v.checks.check_counting,
            bikjang: v.checks.bikjang_rule,
            pseudo_royal_extinction: extinction.pseudo_royal,
            extinction_piece_count: extinction.piece_count,
            counting: v.game_end.counting_rule != CountingRule::None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::builtin;

    fn rules(name: &str) -> MoveRules {
        MoveRules::compile(builtin(name).expect("built-in variant"))
    }

    #[test]
    fn each_switch_comes_from_its_variant_key() {
        // Chess: Fairy-Stockfish's defaults (pawns must promote; the king starts on file e).
        let chess = rules("chess");
        assert_eq!(
            chess,
            MoveRules {
                mandatory_pawn_promotion: true,
                drop_no_doubled_count: 1,
                castling_king_file: 4,
                ..MoveRules::default()
            }
        );
        let shogi = rules("shogi");
        assert!(shogi.captures_to_hand && shogi.shogi_pawn_drop_mate_illegal);
        assert_eq!(shogi.drop_no_doubled_count, 1);
        assert!(!shogi.drop_loop && !shogi.gating);
        assert!(rules("loop").drop_loop);
        assert!(rules("makruk").counting);
        assert!(rules("cambodian").cambodian_moves && rules("cambodian").gating);
        assert!(rules("karouk").check_counting);
        assert!(rules("seirawan").seirawan_gating);
        assert!(rules("sittuyin").sittuyin_promotion);
        assert!(rules("janggi").bikjang);
        let chu = rules("chu");
        assert!(chu.chu_promotion && chu.pseudo_royal_extinction);
        assert!(rules("atomic").pseudo_royal_extinction);
        assert!(!rules("nocheckatomic").pseudo_royal_extinction);
    }
}
