//! The legality test of a pseudo-legal move: the royal piece (and pseudo-royal pieces, with
//! duple check) safe after the move, lion trading rules and facing kings.

use crate::board::bitboard::Bitboard;
use crate::board::geometry::Square;
use crate::board::moves::{Move, MoveKind};
use crate::board::position::{type_of, Position, EMPTY};
use crate::board::rules::blast::adjacent;
use crate::color::Color;
use crate::variant::WallingRule;
impl<B: Bitboard> Position<B> {
    /// Legality the slow and sure way, the move played on a copy: with prisons, a capture or
    /// an exchange changes which of the opponent's pawns attack (`prisonPromotion`), so the
    /// king's safety is judged on the position after the move. (Castling changes no prison:
    /// its squares are judged before it, as everywhere.)
    #[inline(never)]
    pub(super) fn legal_by_playing(&self, m: Move) -> bool {
        let us = self.stm;
        let mut q = self.copy_without_history();
        q.make_move(m);
        match q.king_square(us) {
            Some(ksq) => !q.attacked_by(ksq, q.occ, !us, q.by_color[!us]),
            None => true,
        }
    }

    /// Whether a pseudo-legal move is legal.
    pub fn legal(&self, m: Move) -> bool {
        self.legal_basic(m) && !(self.has_obligations() && self.capture_missed(m))
    }

    /// Legality without the `mustCapture` obligation (which needs the other moves).
    pub(crate) fn legal_basic(&self, m: Move) -> bool {
        let ctx = LegalCtx::new(self, self.checkers());
        self.legal_with(m, &ctx) && !(self.has_obligations() && self.forbidden_by_rule(m))
    }

    pub(super) fn legal_with(&self, m: Move, ctx: &LegalCtx<B>) -> bool {
        if self.t.rules.moves.prisons && m.kind() != MoveKind::Castling {
            return self.legal_by_playing(m);
        }
        if self.burners_on_board() {
            return self.legal_with_burns(m);
        }
        if m.kind() == MoveKind::Drop {
            return self.legal_drop(m, ctx);
        }
        let t = &*self.t;
        let rules = &t.rules;
        let us = self.stm;
        let them = !us;
        let from = m.from();
        let to = m.to();
        let kind = m.kind();
        let moved = self.board[from.index()];
        let mt = type_of(moved);

        // A piece may not move to a square it can never leave.
        if rules.moves.immobility_illegal
            && kind == MoveKind::Normal
            && (t.pieces[mt as usize].quiet[us].empty_board(to) & t.board & !self.walls).is_empty()
        {
            return false;
        }

        let pass = m.is_pass();
        if pass
            && t.pass_on_stalemate[us]
            && ctx.checkers.is_empty()
            && self.has_legal_non_pass(ctx)
        {
            return false;
        }

        if rules.end.pseudo_royal && !self.pseudo_royal_ok(m, ctx) {
            return false;
        }
        if !t.lions.is_empty() && !self.lion_trading_ok(m) {
            return false;
        }

        let king = ctx.king;
        if kind.is_multi_leg() {
            return self.legal_multi_leg(m, king);
        }
        if kind == MoveKind::EnPassant {
            if let Some(ksq) = king {
                let capsq = self.ep_capture_square(to, self.st.ep);
                let occ = (self.occ ^ B::square(from) ^ B::square(capsq)) | B::square(to);
                return (self.attackers_to(ksq, occ, them) & occ).is_empty();
            }
        }

        if kind == MoveKind::Castling {
            let kingside = to > from;
            if m.is_gating() {
                let (kto, rto) = t.castling_destinations(from, kingside);
                let gate = m.gating_square();
                if gate == kto || gate == rto {
                    return false;
                }
            }
            let rank = t.geo.rank_of(from);
            let Some(kto) = t.geo.square(
                if kingside {
                    rules.moves.castling_kingside_file
                } else {
                    rules.moves.castling_queenside_file
                },
                rank,
            ) else {
                return false;
            };
            if Some(mt) != t.king {
                return true;
            }
            let step: i32 = if kto > from { -1 } else { 1 };
            let mut s = kto;
            while s != from {
                if self.attacked_by(s, self.occ, them, self.by_color[them]) {
                    return false;
                }
                match t.geo.offset(s, step, 0) {
                    Some(n) => s = n,
                    None => break,
                }
            }
            return !self.attacked_by(kto, self.occ ^ B::square(to), them, self.by_color[them]);
        }

        // In check, a piece other than the king that neither takes the checker nor steps
        // between it and the king leaves the check standing: no attack lookup needed.
        if ctx.evasions_on_lines
            && kind.is_one_step()
            && !m.is_gating()
            && Some(mt) != t.king
            && !ctx.check_lines.contains(to)
        {
            return false;
        }

        let occ = (self.occ ^ B::square(from)) | B::square(to);

        // In bikjang the side may always pass, and must not leave the kings facing otherwise.
        if ctx.bikjang && pass {
            return true;
        }
        if (rules.checks.flying_general || ctx.bikjang) && self.kings_face(mt, to, occ) {
            return false;
        }

        if rules.checks.makpong_rule
            && ctx.checkers.any()
            && Some(mt) == t.king
            && (ctx.checkers ^ B::square(to)).any()
        {
            return false;
        }

        if Some(mt) == t.king {
            return !self.attacked_by(to, occ, them, self.by_color[them]);
        }
        let Some(ksq) = king else { return true };
        // Fast path: without check, a move that neither leaves nor (with hoppers) enters a
        // line between the king and a possible line attacker (or a lame leaper's path)
        // cannot expose the king.
        if ctx.checkers.is_empty()
            && !ctx.sensitive.contains(from)
            && !(ctx.hoppers && ctx.sensitive.contains(to))
        {
            return true;
        }
        let candidates = self.by_color[them] & !B::square(to);
        if let Some(jc) = t.janggi_cannon {
            // Enemy cannons may not hop over a cannon: the moved one stands on `to` now, and
            // a captured one is gone.
            let mut cannons = self.by_type[jc as usize];
            if mt == jc {
                cannons = (cannons ^ B::square(from)) | B::square(to);
            } else if cannons.contains(to) {
                cannons ^= B::square(to);
            }
            return !self.attacked_by_with(ksq, occ, them, candidates, cannons);
        }
        !self.attacked_by(ksq, occ, them, candidates)
    }

    /// Chu Shogi's lion-trading rules ([`crate::variant::CaptureRules::lion_types`]) for a
    /// pseudo-legal move.
    pub(super) fn lion_trading_ok(&self, m: Move) -> bool {
        let t = &*self.t;
        let them = !self.stm;
        let (from, to) = (m.from(), m.to());
        let lions = self.lions_of(them);
        let kill = (m.kind().is_multi_leg()).then(|| m.kill_square());
        let takes_lion_on_to = lions.contains(to);
        let takes_lion = takes_lion_on_to || kill.is_some_and(|k| lions.contains(k));
        if !takes_lion {
            return true;
        }
        let mover_is_lion = t.lions.contains(type_of(self.board[from.index()]));
        if !mover_is_lion {
            // Retaking the piece that just took a lion stays allowed (as on lishogi), even
            // when it became a lion by promoting (a kirin).
            return match self.st.lion_taker {
                None => true,
                Some(taker) => kill.is_none() && to == taker,
            };
        }
        if !takes_lion_on_to || adjacent::<B>(&t.geo, from).contains(to) {
            return true;
        }
        let bridge = kill.map(|k| self.board[k.index()]).unwrap_or(EMPTY);
        if bridge != EMPTY && !t.lion_no_bridge.contains(type_of(bridge)) {
            return true;
        }
        // Is the lion on `to` protected, before the move (the taker lifted) or after it (a
        // piece taken on the way gone too)?
        let occ = self.occ ^ B::square(from);
        let defenders = self.by_color[them] & !B::square(to);
        if self.attacked_by(to, occ, them, defenders) {
            return false;
        }
        match kill {
            Some(k) if bridge != EMPTY => {
                let gone = !B::square(k);
                !self.attacked_by(to, occ & gone, them, defenders & gone)
            }
            _ => true,
        }
    }

    /// The pieces of `color` that the lion-trading rules protect.
    pub(super) fn lions_of(&self, color: Color) -> B {
        let t = &*self.t;
        t.lions
            .iter()
            .fold(B::EMPTY, |b, ty| b | self.by_type[ty as usize])
            & self.by_color[color]
    }

    /// Flying general: whether, with occupancy `occ` after a move of a `mt` piece to `to`,
    /// the side to move's king sees the enemy king along an open rank or file.
    pub(super) fn kings_face(&self, mt: u8, to: Square, occ: B) -> bool {
        let t = &*self.t;
        let us = self.stm;
        let (Some(k), Some(ksq), Some(eksq)) =
            (t.king, self.king_square(us), self.king_square(!us))
        else {
            return false;
        };
        let s = if mt == k { to } else { ksq };
        eksq != to
            && t.rook_empty[s.index()].contains(eksq)
            && (t.lines.between(s, eksq) & occ).is_empty()
    }

    /// Fairy-Stockfish's checks for pseudo-royal pieces (extinctionPseudoRoyal, dupleCheck).
    pub(super) fn pseudo_royal_ok(&self, m: Move, ctx: &LegalCtx<B>) -> bool {
        let t = &*self.t;
        let rules = &t.rules;
        let blast = rules.captures.blast;
        let us = self.stm;
        let them = !us;
        let from = m.from();
        let to = m.to();
        let mut kto = to;
        let mut occupied = self.occ ^ B::square(from);
        // The new wall shields; the duck it replaces no longer does (Fairy-Stockfish's rule).
        let lifted = match m.wall_square() {
            Some(_) if t.walling == WallingRule::Duck => self.walls,
            _ => B::EMPTY,
        };
        if let Some(wall) = m.wall_square() {
            occupied = (occupied & !lifted) | B::square(wall);
        }
        if m.kind() == MoveKind::Castling {
            let kingside = to > from;
            let rank = t.geo.rank_of(from);
            kto = t
                .geo
                .square(
                    if kingside {
                        rules.moves.castling_kingside_file
                    } else {
                        rules.moves.castling_queenside_file
                    },
                    rank,
                )
                .unwrap_or(from);
            let step: i32 = if kto > from { 1 } else { -1 };
            let rto = t.geo.offset(kto, -step, 0).unwrap_or(kto);
            if self.st.pseudo_royals.contains(from) {
                let mut s = from;
                loop {
                    if from != kto && s == kto {
                        break;
                    }
                    let touching = blast
                        && (adjacent::<B>(&t.geo, s) & self.st.pseudo_royals & self.by_color[them])
                            .any();
                    if !touching && self.attackers_to(s, occupied, them).any() {
                        return false;
                    }
                    if from == kto {
                        break;
                    }
                    match t.geo.offset(s, step, 0) {
                        Some(n) => s = n,
                        None => break,
                    }
                }
            }
            occupied ^= B::square(to) | B::square(rto);
        }
        occupied |= B::square(kto);
        // A lion's double capture or igui empties its kill square too: the piece taken there
        // no longer attacks nor blocks.
        if self.kills(m) {
            occupied &= !B::square(m.kill_square());
        }
        if m.kind() == MoveKind::EnPassant {
            occupied &= !B::square(self.ep_capture_square(kto, self.st.ep));
        }
        let capture = self.is_capture_move(m);
        if capture && blast {
            occupied &= !self.blast_zone_before(kto);
        }
        // Petrifying a pseudo-royal piece is illegal.
        if capture
            && self.st.pseudo_royals.contains(from)
            && rules
                .captures
                .petrify
                .has(type_of(self.board[from.index()]))
        {
            return false;
        }
        let mut royals = self.st.pseudo_royals & self.by_color[us];
        let theirs = self.st.pseudo_royals & self.by_color[them];
        if royals.contains(from) {
            royals ^= B::square(from) | B::square(kto);
        }
        // A promotion to a royal type: one royal more (Chu Shogi's crown prince), so those
        // of its type are no longer the last (Fairy-Stockfish has the pawn-style promotion
        // only; the shogi-style one is the same rule).
        let promoted_royal = self
            .promotion_type(m)
            .filter(|&p| t.extinction_types.has(p));
        if let Some(p) = promoted_royal {
            if self.count(p, us) > rules.end.extinction_piece_count {
                royals &= !self.pieces_of(p, us);
            } else {
                royals |= B::square(kto);
            }
        }
        if (royals & !occupied).any() {
            return false;
        }
        let mut candidates = occupied & !B::square(kto);
        // Their pseudo-royals that would turn to stone by capturing cannot capture.
        for pt in rules.captures.petrify.iter() {
            if t.extinction_types.has(pt) {
                candidates &= !self.pieces_of(pt, them);
            }
        }
        // Touching pseudo-royals are immune in atomic variants (a capture would blast both).
        let immune = |sr: Square| blast && (adjacent::<B>(&t.geo, sr) & theirs).any();
        // A royal that neither moves nor is attacked now stays safe when the move opens no
        // line to it (see `LegalCtx::safe_royals`).
        let lines = ctx.royal_lines;
        let opens_line = lines.contains(from)
            || (self.kills(m) && lines.contains(m.kill_square()))
            || (ctx.hoppers && lines.contains(to))
            || matches!(m.kind(), MoveKind::EnPassant | MoveKind::Castling)
            || (lines & lifted).any();
        let stays_safe = |sr: Square| sr != kto && ctx.safe_royals.contains(sr) && !opens_line;
        if (theirs & !occupied).is_empty() {
            for sr in royals.iter() {
                if stays_safe(sr) {
                    continue;
                }
                if !immune(sr) && (self.attackers_to(sr, occupied, them) & candidates).any() {
                    return false;
                }
            }
        }
        if rules.checks.duple_check {
            let mut cands = self.pseudo_royal_candidates() & self.by_color[us];
            if cands.contains(from) {
                cands ^= B::square(from) | B::square(kto);
            }
            if promoted_royal.is_some() {
                cands |= B::square(kto);
            }
            let mut all = cands.any();
            for sr in cands.iter() {
                if immune(sr) || (self.attackers_to(sr, occupied, them) & candidates).is_empty() {
                    all = false;
                    break;
                }
            }
            if all {
                return false;
            }
        }
        true
    }
}

/// Per-node data for the legality test.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LegalCtx<B> {
    pub(super) king: Option<Square>,
    pub(super) checkers: B,
    /// Squares between the king and every enemy line piece (slider, rider, hopper) that could
    /// capture it on some occupancy, and the squares a lame leaper's path to it may cross:
    /// only moves from (or, with hoppers, to) these can expose the king.
    pub(super) sensitive: B,
    pub(super) hoppers: bool,
    /// No lame-leap captures (checks are blocked on lines only; drops rely on it).
    pub(super) usable: bool,
    /// The fast path applies and nothing else needs a look: not in check, a royal piece, no
    /// pseudo-royals, no immobility rule, no rule that tests a one-step move further
    /// (sittuyin promotions may not give check). A one-step move from outside `exposing` is
    /// then legal.
    pub(super) quick: bool,
    /// `sensitive` and the king's square.
    pub(super) exposing: B,
    /// Sittuyin: a promotion may not give check.
    pub(super) sittuyin: bool,
    /// Janggi bikjang: the kings face each other (see [`Position::bikjang`]).
    pub(super) bikjang: bool,
    /// Pseudo-royal pieces (extinctionPseudoRoyal) of the side to move that no enemy attacks
    /// now, where only moves from (or through a kill square on, or with hoppers to)
    /// [`LegalCtx::royal_lines`] can change that: without walker attacks, blasts or petrified
    /// captures, the only new attack a move can make on an unmoved piece is a line it opens.
    pub(super) safe_royals: B,
    /// The squares between those royals and every enemy line piece (as `sensitive`).
    pub(super) royal_lines: B,
    /// In check: each checker's square and the squares between it and the king, intersected
    /// over the checkers (all must be answered at once). Without hoppers or lame leapers, a
    /// drop (which cannot land on a checker) or a move can only answer the checks there (a
    /// superset: a move or drop there is still tested).
    pub(super) check_lines: B,
    /// Whether a one-step move of a non-royal piece off [`LegalCtx::check_lines`] is illegal
    /// without a lookup: in check, and besides no hoppers or lame leapers, no walker attacks,
    /// blasts, walls or pseudo-royals.
    pub(super) evasions_on_lines: bool,
}

impl<B: Bitboard> LegalCtx<B> {
    pub(super) fn new(p: &Position<B>, checkers: B) -> Self {
        let king = p.king_square(p.stm);
        let t = &*p.t;
        let walkers = !t.walker_attackers.is_empty() && p.walker_threats();
        let usable = t.path_attacks && !walkers;
        let mut sensitive = B::EMPTY;
        if let Some(ksq) = king {
            sensitive = lines_to(p, ksq);
            // Pins along the palace diagonals.
            if let Some(pal) = t.palace.as_ref().filter(|pal| pal.lines.contains(ksq)) {
                sensitive |= pal.lines;
            }
            // Walker attacks follow no line: any move may expose the king.
            if walkers {
                sensitive = t.board;
            }
        }
        // Read only where checks are blocked on their lines (see the field).
        let check_lines = match king {
            Some(ksq) if checkers.any() && usable && !t.hoppers => {
                checkers.iter().fold(t.board, |lines, c| {
                    lines & (ray_between(p, ksq, c) | B::square(c))
                })
            }
            _ => B::EMPTY,
        };
        let rules = &t.rules;
        let evasions_on_lines = checkers.any()
            && usable
            && !t.hoppers
            && !rules.captures.blast
            && !rules.end.pseudo_royal
            && t.walling == WallingRule::None;
        let (mut safe_royals, mut royal_lines) = (B::EMPTY, B::EMPTY);
        if rules.end.pseudo_royal
            && !walkers
            && !rules.captures.blast
            && rules.captures.petrify.is_empty()
            && t.palace.is_none()
        {
            let (us, them) = (p.stm, !p.stm);
            for sr in (p.st.pseudo_royals & p.by_color[us]).iter() {
                if !p.attacked_by(sr, p.occ, them, p.by_color[them]) {
                    safe_royals = safe_royals.with(sr);
                    royal_lines |= lines_to(p, sr);
                }
            }
        }
        let bikjang = p.bikjang();
        let quick = king.is_some()
            && checkers.is_empty()
            && !rules.end.pseudo_royal
            && !rules.moves.immobility_illegal
            && !rules.checks.flying_general
            && !bikjang
            && !walkers
            && !rules.moves.sittuyin_promotion
            && !rules.moves.prisons;
        let exposing = king.map_or(sensitive, |k| sensitive | B::square(k));
        LegalCtx {
            king,
            checkers,
            sensitive,
            quick,
            exposing,
            sittuyin: rules.moves.sittuyin_promotion,
            hoppers: t.hoppers,
            usable,
            bikjang,
            check_lines,
            evasions_on_lines,
            safe_royals,
            royal_lines,
        }
    }
}

/// The squares between `sq` and every enemy (of the side to move) line piece that could
/// capture on it on some occupancy, and the squares a lame leaper's path to it may cross.
fn lines_to<B: Bitboard>(p: &Position<B>, sq: Square) -> B {
    let t = &*p.t;
    let us = p.stm;
    let them = !us;
    let mut lines = B::EMPTY;
    for ty in 0..t.n_types as u8 {
        let pt = &t.pieces[ty as usize];
        if !pt.capture_needs_occ {
            continue;
        }
        let theirs = p.pieces_of(ty, them);
        if theirs.is_empty() {
            continue;
        }
        let reach = if pt.symmetric {
            pt.capture[us].empty_board(sq)
        } else {
            pt.reverse_super[them][sq.index()]
        };
        for s in (theirs & reach).iter() {
            lines |= ray_between(p, sq, s);
            if pt.lame_capture {
                lines |= box_between(p, sq, s);
            }
        }
    }
    lines
}

/// Squares strictly between `a` and `b` on the straight line of steps from `a` to `b` (king
/// lines from the line table, other steps such as a nightrider's walked).
#[inline]
fn ray_between<B: Bitboard>(p: &Position<B>, a: Square, b: Square) -> B {
    let t = &*p.t;
    if t.lines.through(a, b).any() {
        return t.lines.between(a, b);
    }
    let geo = t.geo;
    let dx = geo.file_of(b) as i32 - geo.file_of(a) as i32;
    let dy = geo.rank_of(b) as i32 - geo.rank_of(a) as i32;
    let g = gcd(dx.unsigned_abs(), dy.unsigned_abs()) as i32;
    let mut out = B::EMPTY;
    if g <= 1 {
        return out;
    }
    let (sx, sy) = (dx / g, dy / g);
    let mut cur = a;
    for _ in 1..g {
        match geo.offset(cur, sx, sy) {
            Some(n) => {
                out = out.with(n);
                cur = n;
            }
            None => break,
        }
    }
    out
}

/// Squares of the rectangle spanned by `a` and `b`, without the two corners: a lame leaper's
/// path between them (each leg steps towards the target) lies inside.
#[inline]
fn box_between<B: Bitboard>(p: &Position<B>, a: Square, b: Square) -> B {
    let t = &*p.t;
    let geo = t.geo;
    let (fa, fb) = (geo.file_of(a), geo.file_of(b));
    let (ra, rb) = (geo.rank_of(a), geo.rank_of(b));
    let files = (fa.min(fb)..=fa.max(fb)).fold(B::EMPTY, |m, f| m | t.files[f as usize]);
    let ranks = (ra.min(rb)..=ra.max(rb)).fold(B::EMPTY, |m, r| m | t.ranks[r as usize]);
    files & ranks & !B::square(a) & !B::square(b)
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}
