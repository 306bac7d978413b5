//! Time controls: `level`, `st`, `sd` and the clocks as search limits.

use super::Session;
use crate::color::Color;
use crate::engine::options::names;
use crate::engine::Engine;
use crate::search::Limits;

/// Time control as `level` gives it.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Level {
    pub(super) mps: u32,
    pub(super) base_ms: u64,
    pub(super) inc_ms: u64,
}

impl Session {
    pub(super) fn level(&mut self, arg: &str) {
        match parse_level(arg) {
            Some(l) => {
                self.level = Some(l);
                self.st_ms = None;
            }
            None => self.error("bad level", &format!("level {arg}")),
        }
    }

    pub(super) fn limits(&self, engine: &Engine) -> Limits {
        let mut l = Limits {
            depth: self.sd,
            ..Limits::default()
        };
        let stm = engine.side_to_move();
        if let Some(st) = self.st_ms {
            l.movetime = Some(st);
        } else if let Some(lv) = self.level {
            let mine = self.time_cs.map(|t| t * 10).unwrap_or(lv.base_ms.max(1));
            let theirs = self.otim_cs.map(|t| t * 10).unwrap_or(mine);
            let (w, b) = if stm == Color::White {
                (mine, theirs)
            } else {
                (theirs, mine)
            };
            l.wtime = Some(w);
            l.btime = Some(b);
            l.winc = Some(lv.inc_ms);
            l.binc = Some(lv.inc_ms);
            if lv.mps > 0 {
                let fullmove: u32 = engine
                    .fen()
                    .split_whitespace()
                    .last()
                    .and_then(|n| n.parse().ok())
                    .unwrap_or(1);
                l.movestogo = Some(lv.mps - (fullmove.saturating_sub(1) % lv.mps));
            }
        } else if let Some(t) = self.time_cs {
            let mine = t * 10;
            let theirs = self.otim_cs.map(|t| t * 10).unwrap_or(mine);
            let (w, b) = if stm == Color::White {
                (mine, theirs)
            } else {
                (theirs, mine)
            };
            l.wtime = Some(w);
            l.btime = Some(b);
        } else if self.sd.is_none() {
            // No time control at all: a short fixed time.
            l.movetime = Some(5000);
        }
        if let Some(nps) = self.nps {
            // Node-count timing: the time budget turned into nodes.
            let overhead = engine.options().int(names::MOVE_OVERHEAD).max(0) as u64;
            let b = crate::search::budget(&l, stm, overhead);
            if let Some(soft) = b.soft.or(b.hard) {
                l.nodes = Some((nps as u128 * soft.as_millis() / 1000).max(1) as u64);
                l.wtime = None;
                l.btime = None;
                l.winc = None;
                l.binc = None;
                l.movetime = None;
                l.movestogo = None;
            }
        }
        l.searchmoves = self.root_moves(engine);
        l
    }
}

/// Reads `level MPS BASE INC`: BASE in minutes or `MIN:SEC` (trailing junk ignored), INC in
/// seconds, possibly fractional.
pub(super) fn parse_level(arg: &str) -> Option<Level> {
    let w: Vec<&str> = arg.split_whitespace().collect();
    let mps: u32 = w.first()?.parse().ok()?;
    let base = *w.get(1)?;
    let digits = |s: &str| {
        s.chars()
            .take_while(|c| c.is_ascii_digit() || *c == '.')
            .collect::<String>()
    };
    let base_ms = match base.split_once(':') {
        Some((m, s)) => {
            let m: u64 = m.parse().ok()?;
            let s: f64 = digits(s).parse().ok()?;
            m * 60_000 + (s * 1000.0) as u64
        }
        None => (digits(base).parse::<f64>().ok()? * 60_000.0) as u64,
    };
    let inc: f64 = match w.get(2) {
        Some(s) => s.parse().ok()?,
        None => 0.0,
    };
    Some(Level {
        mps,
        base_ms,
        inc_ms: (inc.max(0.0) * 1000.0) as u64,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels() {
        let l = parse_level("40 5 0").unwrap();
        assert_eq!((l.mps, l.base_ms, l.inc_ms), (40, 300_000, 0));
        let l = parse_level("0 2:30 0.5").unwrap();
        assert_eq!((l.mps, l.base_ms, l.inc_ms), (0, 150_000, 500));
        let l = parse_level("0 1+3 2").unwrap();
        assert_eq!((l.base_ms, l.inc_ms), (60_000, 2000));
        assert!(parse_level("x 5 0").is_none());
        assert!(parse_level("40").is_none());
    }
}
