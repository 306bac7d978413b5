//! Thinking output: the lines the search's info callback prints (`post`), and what it keeps
//! between them to leave out a line that says nothing new.

use crate::engine::InfoLine;
use crate::search::{Bound, Score};
use std::sync::Mutex;
use std::time::Instant;

/// What the info callback needs.
pub(super) struct Shared {
    pub(super) post: bool,
    /// Suppress output (pondering).
    pub(super) quiet: bool,
    /// Last reported line: depth, score, nodes.
    pub(super) last: Option<(u32, i32, u64)>,
    /// Score and PV of the last thinking line printed in this search: a deeper iteration
    /// that changes neither is not printed again (a found mate otherwise repeats the same
    /// line for every remaining depth).
    pub(super) printed: Option<(i32, Vec<String>)>,
    /// Whether unchanged lines are left out (searches on the engine's move). Analysis
    /// prints every depth: a client may wait for the depth it asked for (python-chess's
    /// `Limit(depth=…)` does), and a mate found early would otherwise never reach it.
    pub(super) dedupe: bool,
    pub(super) started: Instant,
}

impl Shared {
    /// Whether `l` says something the last printed line did not (score, bound or PV); if so
    /// it becomes the last printed line. Fail-high/low lines always count as new.
    pub(super) fn is_new(&mut self, l: &InfoLine) -> bool {
        if !self.dedupe {
            return true;
        }
        let score = cecp_score(l.score);
        let exact = !matches!(l.bound, Bound::Lower | Bound::Upper);
        if exact {
            if let Some((s, pv)) = &self.printed {
                if *s == score && *pv == l.pv {
                    return false;
                }
            }
            self.printed = Some((score, l.pv.clone()));
        }
        true
    }
}

/// The CECP score of a search score (mate as ±(100000+N)).
pub fn cecp_score(s: Score) -> i32 {
    match s {
        Score::Cp(cp) => cp,
        Score::Mate(m) if m > 0 => 100_000 + m,
        Score::Mate(m) => -100_000 + m,
    }
}

/// One thinking line: `ply score time nodes seldepth nps tbhits<TAB>pv`.
pub fn thinking_line(l: &InfoLine) -> String {
    // The engine writes the PV in CECP's dialect already.
    let mut pv = l.pv.join(" ");
    match l.bound {
        Bound::Lower => pv.push('!'),
        Bound::Upper => pv.push('?'),
        _ => {}
    }
    format!(
        "{} {} {} {} {} {} 0\t{}",
        l.depth,
        cecp_score(l.score),
        l.time_ms / 10,
        l.nodes,
        l.seldepth,
        l.nps,
        pv
    )
}

pub(super) fn lock(s: &Mutex<Shared>) -> std::sync::MutexGuard<'_, Shared> {
    match s.lock() {
        Ok(g) => g,
        Err(p) => p.into_inner(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores() {
        assert_eq!(cecp_score(Score::Cp(-31)), -31);
        assert_eq!(cecp_score(Score::Mate(3)), 100_003);
        assert_eq!(cecp_score(Score::Mate(-2)), -100_002);
    }
}
