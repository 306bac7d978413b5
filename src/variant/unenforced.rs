//! Rules a variants file can set that the engine reads but does not play yet.
//!
//! Such a variant loads and plays, but without the rule, which would be a silent misreading;
//! so loading says so (a `check` warning, a log line, an `info string`). When a rule gets
//! enforced, its line here goes.

use super::types::{EnclosingRule, Variant, WallingRule};

impl Variant {
    /// The keys (Fairy-Stockfish's names) of this variant's rules that no layer enforces yet.
    pub fn unenforced_keys(&self) -> Vec<&'static str> {
        [
            (
                "enclosingDrop",
                matches!(
                    self.drops.enclosing_drop,
                    EnclosingRule::Quadwrangle | EnclosingRule::Anyside
                ),
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

    /// Whether the walling rule (if any) is played: `past`, `static`, `arrow` and `edge` walls
    /// after plain moves. Not yet the duck (a wall that moves), `wallOrMove`, nor walls after
    /// castling, drops or promotions.
    pub fn walling_enforced(&self) -> bool {
        let sm = &self.special_moves;
        let p = &self.promotion;
        let promotes = [&p.pawn_types.white, &p.pawn_types.black]
            .iter()
            .any(|t| !t.0.is_empty())
            && [&p.piece_types.white, &p.piece_types.black]
                .iter()
                .any(|t| !t.0.is_empty())
            || !p.promoted_piece_type.is_empty();
        match sm.walling_rule {
            WallingRule::None => true,
            WallingRule::Duck => false,
            WallingRule::Past | WallingRule::Static | WallingRule::Arrow | WallingRule::Edge => {
                !sm.wall_or_move && !self.castling.enabled && !self.drops.piece_drops && !promotes
            }
        }
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
            "[four:chess]\nenclosingDrop = anyside\n[four2:four]\n[duckish:chess]\nwallingRule = duck\n",
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
    fn walls_after_plain_moves_are_played_and_the_rest_is_told() {
        let mut set = VariantSet::with_builtins();
        let r = set.load_sections(
            "user.ini",
            "[trail:joust]\nwallingRule = edge\n[castles:chess]\nwallingRule = past\n",
        );
        assert_eq!(r.loaded, ["trail", "castles"]);
        // Chess keeps castling and promotions, whose walls are not generated yet.
        assert_eq!(
            r.warnings,
            ["user.ini:4: wallingRule: read but not enforced yet: the variant plays without this rule"]
        );
    }
}
