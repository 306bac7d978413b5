//! Threats: pieces attacked by something worth less than themselves, and pieces attacked and
//! not defended. A static evaluation that only counts material cannot tell a position where a
//! knight forks two rooks from a quiet one; the search sees it a ply later, but at the leaves
//! and in pruning decisions (futility, null move) that ply is missing.
//!
//! Everything is derived from the exchange values, so it applies to every variant: a victim
//! is any non-royal piece other than the variant's pawn, and an attacker is "lesser" when its
//! exchange value is clearly below the victim's.

use crate::board::bitboard::Bitboard;

/// A victim counts as attacked by a lesser piece only if it is worth this much more than the
/// attacker (a knight on a bishop is an even trade, not a threat).
const LESSER_MARGIN: i32 = 60;

/// Per-variant threat tables.
#[derive(Debug, Clone, Default)]
pub struct ThreatTables {
    /// `worth_more[attacker]`: the victim types clearly worth more than `attacker` (empty for
    /// royal attackers, which cannot be traded).
    worth_more: Vec<Vec<u8>>,
    /// Whether a type can be a victim (non-royal, not the pawn).
    victim: Vec<bool>,
    /// (mg, eg) bonus per victim type for being attacked by a lesser piece, indexed
    /// `[attacker * n + victim]`.
    lesser_bonus: Vec<(i32, i32)>,
    /// The value difference behind each bonus (capped), in units of [`GAIN_UNIT`], same index.
    lesser_gain: Vec<f32>,
    n_types: usize,
}

/// Default bonus for each piece attacked by a lesser one (mg, eg) ...
pub const LESSER_BASE: (i32, i32) = (30, 20);
/// ... plus this much per [`GAIN_UNIT`] of value difference: a pawn on a rook (difference
/// about 400) is worth about 60 cp, a knight on a queen about 80, since the attacked side must
/// spend a move or lose the difference.
pub const LESSER_GAIN: (i32, i32) = (100, 120);
/// The value difference that [`LESSER_GAIN`] is paid for.
pub const GAIN_UNIT: i32 = 1200;
/// Value differences above this count as this.
const GAIN_CAP: i32 = 800;

/// Default bonus (mg, eg) for an undefended victim under attack.
pub const HANGING: (i32, i32) = (40, 20);

/// What [`ThreatTables::by_lesser`] found.
#[derive(Debug, Clone, Copy, Default)]
pub struct LesserThreats {
    /// The bonus (mg, eg).
    pub score: (i32, i32),
    /// How many victims are attacked.
    pub hits: i32,
    /// Their value differences, in units of [`GAIN_UNIT`].
    pub gain_units: f32,
}

impl ThreatTables {
    /// Tables from the exchange values `see`, which types are royal, the pawn type, and the
    /// weights of a threat: `base` per victim plus `per_gain` per [`GAIN_UNIT`] of difference.
    pub fn new(
        see: &[i32],
        royal: &[bool],
        pawn: Option<u8>,
        base: (i32, i32),
        per_gain: (i32, i32),
    ) -> ThreatTables {
        let n = see.len();
        let victim: Vec<bool> = (0..n).map(|i| !royal[i] && pawn != Some(i as u8)).collect();
        let mut worth_more = vec![Vec::new(); n];
        let mut lesser_bonus = vec![(0, 0); n * n];
        let mut lesser_gain = vec![0.0; n * n];
        for a in 0..n {
            if royal[a] {
                continue;
            }
            for v in 0..n {
                let gain = see[v] - see[a];
                if victim[v] && gain >= LESSER_MARGIN {
                    worth_more[a].push(v as u8);
                    let g = gain.min(GAIN_CAP);
                    lesser_gain[a * n + v] = g as f32 / GAIN_UNIT as f32;
                    lesser_bonus[a * n + v] = (
                        base.0 + g * per_gain.0 / GAIN_UNIT,
                        base.1 + g * per_gain.1 / GAIN_UNIT,
                    );
                }
            }
        }
        ThreatTables {
            worth_more,
            victim,
            lesser_bonus,
            lesser_gain,
            n_types: n,
        }
    }

    /// The victims attacked by a lesser piece: `attacks` are the squares the `attacker` type
    /// attacks, `enemy(v)` the enemy pieces of type `v`.
    #[inline]
    pub fn by_lesser<B: Bitboard>(
        &self,
        attacker: usize,
        attacks: B,
        enemy: impl Fn(u8) -> B,
    ) -> LesserThreats {
        let mut out = LesserThreats::default();
        for &v in &self.worth_more[attacker] {
            let hit = (attacks & enemy(v)).count() as i32;
            if hit > 0 {
                let k = attacker * self.n_types + v as usize;
                let (m, e) = self.lesser_bonus[k];
                out.score.0 += m * hit;
                out.score.1 += e * hit;
                out.hits += hit;
                out.gain_units += hit as f32 * self.lesser_gain[k];
            }
        }
        out
    }

    /// Whether pieces of a type can be threatened.
    pub fn is_victim(&self, ty: usize) -> bool {
        self.victim.get(ty).copied().unwrap_or(false)
    }

    /// How many of `victims` (one side's pieces) are attacked by the other side (`ours`)
    /// and not defended (`theirs`).
    pub fn hanging<B: Bitboard>(victims: B, ours: B, theirs: B) -> i32 {
        (victims & ours & !theirs).count() as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_clearly_more_valuable_non_royal_non_pawn_pieces_are_threatened() {
        // Types: 0 pawn 100, 1 knight 320, 2 bishop 330, 3 rook 500, 4 king (royal).
        let see = [100, 320, 330, 500, 20_000];
        let royal = [false, false, false, false, true];
        let t = ThreatTables::new(&see, &royal, Some(0), LESSER_BASE, LESSER_GAIN);
        assert_eq!(t.worth_more[0], vec![1, 2, 3]);
        assert_eq!(
            t.worth_more[1],
            vec![3],
            "a knight does not threaten a bishop"
        );
        assert!(
            t.worth_more[4].is_empty(),
            "a king is never the lesser piece"
        );
        assert!(!t.is_victim(0) && t.is_victim(3) && !t.is_victim(4));
        // A pawn on a rook counts more than a knight on a rook.
        assert!(t.lesser_bonus[3].0 > t.lesser_bonus[5 + 3].0);
    }
}
