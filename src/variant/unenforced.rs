//! Rules a variants file can set that the engine reads but does not play yet.
//!
//! Such a variant loads and plays, but without the rule, which would be a silent misreading;
//! so loading says so (a `check` warning, a log line, an `info string`). When a rule gets
//! enforced, its line here goes.

use super::types::{EnclosingRule, Variant, WallingRule};
use crate::board::Move;

impl Variant {
    /// The keys (Fairy-Stockfish's names) of this variant's rules that no layer enforces yet.
    pub fn unenforced_keys(&self) -> Vec<&'static str> {
        [
            (
                "enclosingDrop",
                self.drops.enclosing_drop == EnclosingRule::Quadwrangle,
            ),
            (
                "flipEnclosedPieces",
                matches!(
                    self.special_moves.flip_enclosed_pieces,
                    EnclosingRule::Snort | EnclosingRule::Anyside | EnclosingRule::Top
                ),
            ),
            ("wallingRule", !self.walling_enforced()),
        ]
        .into_iter()
        .filter_map(|(key, set)| set.then_some(key))
        .collect()
    }

    /// Whether the walling rule (if any) is played: every rule (`past`, `static`, `arrow`,
    /// `edge`, `duck`) after plain moves, castling, e.p. captures and promotions, or instead
    /// of a move (`wallOrMove`). Not yet walls after drops or multi-leg moves, nor promotions
    /// to a piece type a walling move cannot hold.
    pub fn walling_enforced(&self) -> bool {
        let sm = &self.special_moves;
        let p = &self.promotion;
        let holdable = [&p.piece_types.white, &p.piece_types.black]
            .iter()
            .all(|t| t.0.iter().all(|&ty| ty < Move::MAX_WALLED_PROMOTION));
        sm.walling_rule == WallingRule::None || !self.drops.piece_drops && holdable
    }
}

#[cfg(test)]
mod tests {
    use crate::variant::{builtins, VariantSet};

    #[test]
    fn no_built_in_variant_has_an_unenforced_rule() {
        for v in builtins().iter() {
            assert!(
                v.unenforced_keys().is_empty(),
                "{}: {:?}",
                v.name,
                v.unenforced_keys()
            );
        }
    }

    #[test]
    fn a_file_setting_one_is_told() {
        let mut set = VariantSet::with_builtins();
        let r = set.load_sections(
            "user.ini",
            "[four:chess]\nenclosingDrop = quadwrangle\n[four2:four]\n[duckish:crazyhouse]\nwallingRule = duck\n",
        );
        assert_eq!(r.loaded, ["four", "four2", "duckish"]);
        assert!(r.is_clean());
        assert_eq!(
            r.warnings,
            [
                "user.ini:2: enclosingDrop: read but not enforced yet: the variant plays without this rule",
                "user.ini:3: [four2:four]: enclosingDrop (inherited): read but not enforced yet: the variant plays without this rule",
                "user.ini:5: wallingRule: read but not enforced yet: the variant plays without this rule",
            ]
        );
    }

    #[test]
    fn walls_after_moves_are_played_and_after_drops_are_told() {
        let mut set = VariantSet::with_builtins();
        let r = set.load_sections(
            "user.ini",
            "[trail:joust]\nwallingRule = edge\n[castles:chess]\nwallingRule = past\n\
             [houses:crazyhouse]\nwallingRule = past\n[wide:chess]\nwallingRule = duck\n\
             customPiece1 = a:WF\ncustomPiece2 = c:WN\ncustomPiece3 = d:FN\n\
             customPiece4 = e:FD\npromotionPieceTypes = qe\n",
        );
        assert_eq!(r.loaded, ["trail", "castles", "houses", "wide"]);
        // Crazyhouse drops pieces, whose walls are not generated yet; `wide` promotes to a
        // ninth piece type, which a walled promotion cannot name.
        assert_eq!(
            r.warnings,
            [
                "user.ini:6: wallingRule: read but not enforced yet: the variant plays without this rule",
                "user.ini:8: wallingRule: read but not enforced yet: the variant plays without this rule",
            ]
        );
    }
}
