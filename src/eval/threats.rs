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
    n_types: usize,
}

/// (mg, eg) bonus for an undefended victim under attack.
const HANGING: (i32, i32) = (40, 20);

impl ThreatTables {
    /// Tables from the exchange values `see`, which types are royal, and the pawn type.
    pub fn new(see: &[i32], royal: &[bool], pawn: Option<u8>) -> ThreatTables {
        let n = see.len();
        let victim: Vec<bool> = (0..n).map(|i| !royal[i] && pawn != Some(i as u8)).collect();
        let mut worth_more = vec![Vec::new(); n];
        let mut lesser_bonus = vec![(0, 0); n * n];
        for a in 0..n {
            if royal[a] {
                continue;
            }
            for v in 0..n {
                let gain = see[v] - see[a];
                if victim[v] && gain >= LESSER_MARGIN {
                    worth_more[a].push(v as u8);
                    // A pawn on a rook (gain ~400) is worth about 60 cp, a knight on a queen
                    // about 80: the attacked side must spend a move, or lose the difference.
                    lesser_bonus[a * n + v] = (30 + gain.min(800) / 12, 20 + gain.min(800) / 10);
                }
            }
        }
        ThreatTables {
            worth_more,
            victim,
            lesser_bonus,
            n_types: n,
        }
    }

    /// (mg, eg) for colour `c`'s pieces of type `attacker`, which together attack `attacks`,
    /// against the enemy pieces given by `enemy(type)`.
    pub fn by_lesser<B: Bitboard>(
        &self,
        attacker: usize,
        attacks: B,
        enemy: impl Fn(u8) -> B,
    ) -> (i32, i32) {
        let mut out = (0, 0);
        for &v in &self.worth_more[attacker] {
            let hit = (attacks & enemy(v)).count() as i32;
            if hit > 0 {
                let (m, e) = self.lesser_bonus[attacker * self.n_types + v as usize];
                out.0 += m * hit;
                out.1 += e * hit;
            }
        }
        out
    }

    /// Whether a type can be threatened.
    pub fn is_victim(&self, ty: usize) -> bool {
        self.victim.get(ty).copied().unwrap_or(false)
    }

    /// (mg, eg) for `victims` (the enemy's threatenable pieces) attacked by us (`ours`) and
    /// not defended (`theirs`).
    pub fn hanging<B: Bitboard>(victims: B, ours: B, theirs: B) -> (i32, i32) {
        let n = (victims & ours & !theirs).count() as i32;
        (HANGING.0 * n, HANGING.1 * n)
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
        let t = ThreatTables::new(&see, &royal, Some(0));
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
