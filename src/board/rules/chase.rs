//! Xiangqi's rule against perpetual chasing (`chasingRule = axf`), decided as Fairy-Stockfish
//! (pyffish 0.0.90) decides it, since it is the referee our results are checked against.
//!
//! After every move, the pieces it "chases" are the opponent's pieces that the move newly
//! attacks and that are unprotected or worth more than the attacker (a horse or cannon on a
//! rook; an elephant or advisor on a rook, cannon or horse). Kings and soldiers that have not
//! crossed the river are never chased; a piece attacking one of its own kind is not a chase
//! (each could take the other) unless the attacked one is pinned, or the attacker is a horse
//! whose attacked twin is blocked from answering. A move may also chase by discovery, by
//! pinning a protector (the protected piece loses its root) or by a discovered-check threat.
//! When a position repeats for the n-th time, a side that chased one and the same piece
//! (followed through its moves) with every one of its moves of the stretch loses; both
//! chasing is the normal repetition result. Perpetual check is judged first.
//!
//! The tests are Fairy-Stockfish's, not the full AXF rule book (which also weighs the kind of
//! threat, "one check one chase" cycles, several pieces chased in turn, and so on); see
//! `variants/README.md`. The work is done only when a repetition has been found: the chased
//! pieces of each position of the cycle are computed then, walking back over the moves.

use crate::board::bitboard::Bitboard;
use crate::board::moves::Move;
use crate::board::position::{type_of, Position, EMPTY};
use crate::board::Square;
use crate::color::Color;
use crate::variant::GameValue;

/// The xiangqi piece types the rule names, found by their Fairy-Stockfish names.
#[derive(Debug, Clone, Copy)]
struct Kinds {
    rook: Option<u8>,
    horse: Option<u8>,
    cannon: Option<u8>,
    elephant: Option<u8>,
    fers: Option<u8>,
    king: Option<u8>,
    soldier: Option<u8>,
}

impl Kinds {
    fn of<B: Bitboard>(p: &Position<B>) -> Kinds {
        let named = p.t.rules.end.counted;
        Kinds {
            rook: named.rook,
            horse: named.horse,
            cannon: named.cannon,
            elephant: named.elephant,
            fers: named.fers,
            king: p.t.king,
            soldier: p.t.soldier,
        }
    }
}

/// Whether `t` is the type `k`.
fn is(t: u8, k: Option<u8>) -> bool {
    Some(t) == k
}

impl<B: Bitboard> Position<B> {
    fn pieces_of_opt(&self, t: Option<u8>, c: Color) -> B {
        t.map_or(B::EMPTY, |t| self.pieces_of(t, c))
    }

    /// The capture reach of type `t` of colour `c` from `sq` with occupancy `occ`, with no
    /// mobility region and no soldier restriction (Fairy-Stockfish's `attacks_bb`).
    fn raw_attacks(&self, t: u8, c: Color, sq: Square, occ: B) -> B {
        self.t.pieces[t as usize].capture[c].get(sq, occ)
    }

    /// The squares a piece of type `t` and colour `c` on `sq` attacks now: its mobility
    /// region applies, and a soldier that has not crossed the river attacks only forward
    /// (Fairy-Stockfish's `attacks_from`).
    fn attacks_from_here(&self, t: u8, c: Color, sq: Square) -> B {
        let mut b = self.raw_attacks(t, c, sq, self.occ);
        if Some(t) == self.t.soldier && !self.t.soldier_zone[c].contains(sq) {
            b &= self.t.files[self.t.geo.file_of(sq) as usize];
        }
        b & self.t.pieces[t as usize].mobility[c]
    }

    /// The soldiers of colour `c` that have crossed the river.
    fn crossed_soldiers(&self, k: &Kinds, c: Color) -> B {
        self.pieces_of_opt(k.soldier, c) & self.t.soldier_zone[c]
    }

    /// Pieces of colour `c` the rule never counts as chased: the king and the soldiers that
    /// have not crossed the river.
    fn never_chased(&self, k: &Kinds, c: Color) -> B {
        (self.pieces_of_opt(k.king, c) | self.pieces_of_opt(k.soldier, c))
            ^ self.crossed_soldiers(k, c)
    }

    /// The diagonal (`diagonal`) or orthogonal neighbours of `sq`.
    fn neighbours(&self, sq: Square, diagonal: bool) -> B {
        let steps: [(i32, i32); 4] = if diagonal {
            [(1, 1), (1, -1), (-1, 1), (-1, -1)]
        } else {
            [(1, 0), (-1, 0), (0, 1), (0, -1)]
        };
        steps
            .iter()
            .filter_map(|&(dx, dy)| self.t.geo.offset(sq, dx, dy))
            .fold(B::EMPTY, |b, s| b.with(s))
    }

    /// The rank and file through `sq`, without `sq`.
    fn rook_lines(&self, sq: Square) -> B {
        let g = &self.t.geo;
        (self.t.ranks[g.rank_of(sq) as usize] | self.t.files[g.file_of(sq) as usize]).without(sq)
    }

    /// Pieces of both colours that stand between the king of colour `c` and an enemy line
    /// piece, hopper or lame leaper that would attack the king without them (pinned pieces
    /// and discovered-check candidates; Fairy-Stockfish's `blockersForKing`).
    fn king_blockers(&self, c: Color) -> B {
        let Some(ksq) = self.king_square(c) else {
            return B::EMPTY;
        };
        let them = !c;
        let mut blockers = B::EMPTY;
        for t in 0..self.t.n_types as u8 {
            let pt = &self.t.pieces[t as usize];
            if !pt.capture_needs_occ {
                continue;
            }
            for s in self.pieces_of(t, them).iter() {
                // Only pieces whose reach could include the king on some occupancy.
                let reach = pt.capture[them].empty_board(s) | pt.quiet[them].empty_board(s);
                if !reach.contains(ksq) || self.raw_attacks(t, them, s, self.occ).contains(ksq) {
                    continue;
                }
                for x in (self.occ.without(s).without(ksq)).iter() {
                    if self
                        .raw_attacks(t, them, s, self.occ.without(x))
                        .contains(ksq)
                    {
                        blockers = blockers.with(x);
                    }
                }
            }
        }
        blockers
    }

    /// Both colours' [`Position::king_blockers`].
    fn all_king_blockers(&self) -> [B; 2] {
        [
            self.king_blockers(Color::White),
            self.king_blockers(Color::Black),
        ]
    }

    /// The pieces of the side to move that the last move chased, by Fairy-Stockfish's tests
    /// (`Position::chased`). `blockers` are this position's [`Position::king_blockers`],
    /// `prev_blockers` those of the position before the move (`None` at the start of the
    /// known game).
    fn chased_by_last_move(&self, k: &Kinds, blockers: [B; 2], prev_blockers: Option<[B; 2]>) -> B {
        let m = self.st.last_move;
        if m == Move::NONE || m.is_pass() || m.kind().is_drop_like() {
            return B::EMPTY;
        }
        let us = self.stm;
        let them = !us;
        let occ = self.occ;
        let flying = self.t.rules.checks.flying_general;
        let kings =
            self.pieces_of_opt(k.king, Color::White) | self.pieces_of_opt(k.king, Color::Black);
        let their_king = self.king_square(them);
        let mut pins = blockers[us];
        if flying {
            if let Some(ksq) = their_king {
                // Our pieces on the file of their king: alone between our king and theirs,
                // a piece is pinned by the facing-kings rule.
                let on_file = self.t.files[self.t.geo.file_of(ksq) as usize] & self.by_color[us];
                if (on_file & kings).any() && (on_file & !kings).count() <= 1 {
                    pins |= on_file & !kings;
                }
            }
        }
        let mut b = B::EMPTY;
        let add = |b: &mut B, from_sq: Square, t: u8, mut attacks: B| {
            if (attacks & !*b).is_empty() {
                return;
            }
            attacks &= !self.never_chased(k, us);
            // Attacks on more valuable pieces are chases whatever protects them.
            if is(t, k.horse) || is(t, k.cannon) {
                *b |= attacks & self.pieces_of_opt(k.rook, us);
            }
            if is(t, k.elephant) || is(t, k.fers) {
                *b |= attacks
                    & (self.pieces_of_opt(k.rook, us)
                        | self.pieces_of_opt(k.cannon, us)
                        | self.pieces_of_opt(k.horse, us));
            }
            // An attack on a piece of the same kind is mutual, so no chase: except when the
            // attacked one is pinned, or for a horse whose leg towards the other is blocked.
            if is(t, k.horse) && (self.neighbours(from_sq, true) & occ).any() {
                for s in (attacks & self.pieces_of(t, us)).iter() {
                    if self.raw_attacks(t, us, s, occ).contains(from_sq) {
                        attacks = attacks.without(s);
                    }
                }
            } else {
                attacks &= !self.pieces_of(t, us) | pins;
            }
            // Unprotected pieces (protectors that are pinned do not count; a king whose
            // recapture would face the other king does not either).
            for s in attacks.iter() {
                let roots = self.attackers_to(s, occ.without(from_sq), us) & !pins;
                let king_only_facing = flying
                    && roots.any()
                    && roots == self.pieces_of_opt(k.king, us)
                    && match (their_king, k.rook) {
                        (Some(ksq), Some(r)) => self
                            .raw_attacks(r, Color::White, ksq, occ.without(from_sq))
                            .contains(s),
                        _ => false,
                    };
                if roots.is_empty() || king_only_facing {
                    *b = b.with(s);
                }
            }
        };

        // Direct attacks of the moved piece (kings and soldiers never chase). A rook or
        // cannon moving along a line is taken to attack nothing new on it.
        let (from, to) = (m.from(), m.to());
        let moved_pc = self.piece_on(to);
        if moved_pc != EMPTY {
            let moved = type_of(moved_pc);
            if !is(moved, k.king) && !is(moved, k.soldier) {
                let mut direct = self.attacks_from_here(moved, them, to) & self.by_color[us];
                if is(moved, k.rook) || is(moved, k.cannon) {
                    let g = &self.t.geo;
                    let line = if g.rank_of(from) == g.rank_of(to) {
                        self.t.ranks[g.rank_of(to) as usize]
                    } else {
                        self.t.files[g.file_of(to) as usize]
                    };
                    direct &= !line;
                }
                add(&mut b, to, moved, direct);
            }
        }

        // Discovered attacks: a horse leg or elephant eye freed, a line opened, or a new
        // screen for a cannon.
        let candidates = (self.neighbours(from, false) & self.pieces_of_opt(k.horse, them))
            | (self.neighbours(from, true) & self.pieces_of_opt(k.elephant, them))
            | (self.rook_lines(from)
                & (self.pieces_of_opt(k.cannon, them) | self.pieces_of_opt(k.rook, them)))
            | (self.rook_lines(to) & self.pieces_of_opt(k.cannon, them));
        let captured = self.st.captured != EMPTY;
        let before = if captured { occ } else { occ.without(to) } ^ B::square(from);
        for s in candidates.iter() {
            let t = type_of(self.piece_on(s));
            let discovered = self.by_color[us]
                & self.raw_attacks(t, them, s, occ)
                & !self.raw_attacks(t, them, s, before);
            add(&mut b, s, t, discovered);
        }

        // Pieces that lost a root because the move pinned their protector, and discovered
        // checks that will win a piece.
        if let Some(prev) = prev_blockers {
            let new = blockers[us] & !prev[us];
            for s in (new & self.by_color[us]).iter() {
                let t = type_of(self.piece_on(s));
                let fake_rooted =
                    self.by_color[us] & !self.never_chased(k, us) & self.raw_attacks(t, us, s, occ);
                for s2 in fake_rooted.iter() {
                    if (self.attackers_to(s2, occ, them) & !blockers[them]).any() {
                        b = b.with(s2);
                    }
                }
            }
            if let (Some(ksq), Some(kt)) = (self.king_square(us), k.king) {
                let king_reach = self.attacks_from_here(kt, us, ksq);
                for s in (new & self.by_color[them]).iter() {
                    let t = type_of(self.piece_on(s));
                    let attacks = self.attacks_from_here(t, them, s) & self.by_color[us];
                    // Every piece the discoverer attacks, except where our king might take it
                    // back: there only if the discoverer stays protected.
                    b |= attacks & !king_reach;
                    for s2 in (attacks & king_reach).iter() {
                        let occ2 = occ ^ B::square(s) ^ B::square(ksq);
                        if self.attackers_to(s2, occ2, them).without(s).any() {
                            b = b.with(s2);
                        }
                    }
                }
            }
        }
        b
    }

    /// The chase verdict of a repetition whose earliest counted occurrence is `cycle` plies
    /// back (`cycle <= history.len()`): `Some(Win)` if the other side chased the side to
    /// move's pieces with every move of the stretch and we did not chase, `Some(Loss)` the
    /// other way round, `Some(Draw)` if both chased, `None` if neither did. The moves are
    /// taken back and played again on this position, which is left as it was.
    pub(crate) fn chase_verdict(&mut self, cycle: usize) -> Option<GameValue> {
        let n = self.history.len();
        let cycle = cycle.min(n);
        let k = Kinds::of(self);
        // Walk back over the cycle and one move more, noting each position's blockers.
        let back = (cycle + 1).min(n);
        let mut moves = Vec::with_capacity(back);
        let mut blockers = Vec::with_capacity(back + 1);
        blockers.push(self.all_king_blockers());
        for _ in 0..back {
            let m = self.st.last_move;
            moves.push(m);
            self.unmake_move(m);
            blockers.push(self.all_king_blockers());
        }
        // Play forward again; chased[j] belongs to the position j plies back.
        let mut chased = vec![B::EMPTY; cycle + 1];
        for j in (0..back).rev() {
            let m = moves[j];
            self.make_move(m);
            if j <= cycle {
                chased[j] = self.chased_by_last_move(&k, blockers[j], Some(blockers[j + 1]));
            }
        }
        // The piece chased by one move, followed back through the chased side's move before.
        let undo = |b: B, m: Move| {
            if m != Move::NONE && !m.kind().is_drop_like() && b.contains(m.to()) {
                b.without(m.to()).with(m.from())
            } else {
                b
            }
        };
        // Them: their moves into the positions 0, 2, ..., cycle plies back (the move into the
        // earliest occurrence too, unless the known game starts there).
        let mut them = chased[0];
        let mut j = 2;
        while j <= cycle {
            if j != n {
                them = undo(them, moves[j - 1]) & chased[j];
            }
            j += 2;
        }
        // Us: our moves into the positions 1, 3, ..., cycle - 1 plies back.
        let mut us = if cycle >= 1 { chased[1] } else { B::EMPTY };
        let mut j = 3;
        while j < cycle {
            us = undo(us, moves[j - 1]) & chased[j];
            j += 2;
        }
        match (them.any(), us.any()) {
            (false, false) => None,
            (true, false) => Some(GameValue::Win),
            (false, true) => Some(GameValue::Loss),
            (true, true) => Some(GameValue::Draw),
        }
    }
}
