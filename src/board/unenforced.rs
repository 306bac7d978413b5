//! Rules a variants file can set that the board reads but does not play yet.
//!
//! Such a variant loads and plays, but without the rule, which would be a silent misreading;
//! so loading says so (a `check` warning, a log line, an `info string`): the board reports
//! them through the check a [`crate::variant::VariantSet`] runs on every variant it loads
//! ([`super::setup::playable`]). When a rule gets enforced, its line here goes.

use crate::board::Move;
use crate::variant::{EnclosingRule, Variant, WallingRule};

/// The keys (Fairy-Stockfish's names) of `v`'s rules that the board does not play yet.
pub fn unenforced_keys(v: &Variant) -> Vec<&'static str> {
    [
        (
            "enclosingDrop",
            v.drops.enclosing_drop == EnclosingRule::Quadwrangle,
        ),
        (
            "flipEnclosedPieces",
            matches!(
                v.special_moves.flip_enclosed_pieces,
                EnclosingRule::Snort | EnclosingRule::Anyside | EnclosingRule::Top
            ),
        ),
        ("wallingRule", !walling_enforced(v)),
        (
            "hostageExchange",
            !v.drops.hostage_ranks.is_empty() && v.pieces.len() > Move::MAX_RANSOM_TYPES as usize,
        ),
    ]
    .into_iter()
    .filter_map(|(key, set)| set.then_some(key))
    .collect()
}

/// Whether `v`'s walling rule (if any) is played: every rule (`past`, `static`, `arrow`,
/// `edge`, `duck`) after plain moves, castling, e.p. captures and promotions, or instead of
/// a move (`wallOrMove`). Not yet walls after drops or multi-leg moves, nor promotions to a
/// piece type a walling move cannot hold.
pub fn walling_enforced(v: &Variant) -> bool {
    let p = &v.promotion;
    let holdable = [&p.piece_types.white, &p.piece_types.black]
        .iter()
        .all(|t| t.0.iter().all(|&ty| ty < Move::MAX_WALLED_PROMOTION));
    v.special_moves.walling_rule == WallingRule::None || !v.drops.piece_drops && holdable
}

#[cfg(test)]
mod tests {
    use super::unenforced_keys;
    use crate::board::setup::playable;
    use crate::variant::{builtins, VariantSet};

    #[test]
    fn no_built_in_variant_has_an_unenforced_rule() {
        for v in builtins().iter() {
            let keys = unenforced_keys(v);
            assert!(keys.is_empty(), "{}: {keys:?}", v.name);
        }
    }

    /// The built-ins with the board's check installed, as the engine loads files.
    fn checked_set() -> VariantSet {
        let mut set = VariantSet::with_builtins();
        set.check_playable_with(playable);
        set
    }

    #[test]
    fn a_file_setting_one_is_told() {
        let mut set = checked_set();
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
        let mut set = checked_set();
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
