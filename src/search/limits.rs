//! Search limits (as a `go` command gives them) and time management.

use crate::color::Color;
use std::time::Duration;

/// What bounds a search. Times are in milliseconds.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Limits {
    /// White's clock.
    pub wtime: Option<u64>,
    /// Black's clock.
    pub btime: Option<u64>,
    /// White's increment.
    pub winc: Option<u64>,
    /// Black's increment.
    pub binc: Option<u64>,
    /// Moves to the next time control.
    pub movestogo: Option<u32>,
    /// Fixed depth in plies.
    pub depth: Option<u32>,
    /// Node limit (all threads together).
    pub nodes: Option<u64>,
    /// Look for a mate in this many moves.
    pub mate: Option<u32>,
    /// Fixed time per move.
    pub movetime: Option<u64>,
    /// Search until stopped.
    pub infinite: bool,
    /// Start in ponder mode (think on the opponent's time until `ponderhit` or `stop`).
    pub ponder: bool,
    /// Restrict the root to these moves (moves of the position searched).
    pub searchmoves: Vec<crate::board::Move>,
}

impl Limits {
    /// A fixed-depth search.
    pub fn depth(d: u32) -> Limits {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }
    /// Whether the search runs on a clock.
    pub fn uses_clock(&self) -> bool {
        self.wtime.is_some() || self.btime.is_some() || self.movetime.is_some()
    }
}

/// How long the search may run: after `soft` no new iteration starts; at `hard` it stops.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TimeBudget {
    /// Target time.
    pub soft: Option<Duration>,
    /// Absolute limit.
    pub hard: Option<Duration>,
}

/// Moves the clock is shared over when the GUI names no time control's length (sudden death,
/// with or without increment). The search starts no new iteration after about half of the
/// soft budget (`ClockState` in `worker/mod.rs`), so a move uses some 0.7 of it on average:
/// with 20, about 1/28 of the clock and half the increment, near what Fairy-Stockfish spends
/// on a move; 30 left about half the clock unused when games ended (`docs/search.md`, TU).
const SUDDEN_DEATH_MOVES: u32 = 20;

/// The time budget for the side to move `stm` (0 white, 1 black), keeping `overhead_ms` in
/// reserve for communication.
pub fn budget(l: &Limits, stm: Color, overhead_ms: u64) -> TimeBudget {
    if l.infinite {
        return TimeBudget::default();
    }
    if let Some(mt) = l.movetime {
        // A fixed time per move is the GUI's own budget: keep only a small reserve.
        let t = Duration::from_millis(mt.saturating_sub(overhead_ms.min(mt / 10)).max(1));
        return TimeBudget {
            soft: Some(t),
            hard: Some(t),
        };
    }
    let (time, inc) = if stm == Color::White {
        (l.wtime, l.winc)
    } else {
        (l.btime, l.binc)
    };
    let Some(time) = time else {
        return TimeBudget::default();
    };
    let inc = inc.unwrap_or(0);
    let mtg = l.movestogo.map_or(SUDDEN_DEATH_MOVES, |m| m.clamp(1, 50)) as u64;
    // Keep twice the overhead on the clock (one for this move's latency, one for stalls of a
    // loaded machine); when the clock sinks to the reserve, moves cost less than the
    // increment so it grows back.
    let reserve = (2 * overhead_ms).min(time / 2);
    let spare = time.saturating_sub(reserve);
    let soft = (spare / mtg + inc * 3 / 4).min(spare / 2 + inc / 2).max(1);
    let hard_cap = if mtg == 1 { spare * 3 / 4 } else { spare / 3 } + inc * 3 / 4;
    let hard = (soft * 4)
        .min(hard_cap)
        .max(soft)
        .min(time.saturating_sub(overhead_ms).max(1));
    let soft = soft.min(hard);
    TimeBudget {
        soft: Some(Duration::from_millis(soft)),
        hard: Some(Duration::from_millis(hard)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_stay_inside_the_clock() {
        for &(time, inc, mtg) in &[
            (1000u64, 10u64, None),
            (150, 10, None),
            (60_000, 0, Some(1)),
            (60_000, 1000, None),
            (5, 0, None),
            (300_000, 0, Some(40)),
        ] {
            let l = Limits {
                wtime: Some(time),
                winc: Some(inc),
                movestogo: mtg,
                ..Limits::default()
            };
            let b = budget(&l, Color::White, 100);
            let hard = b.hard.expect("hard").as_millis() as u64;
            let soft = b.soft.expect("soft").as_millis() as u64;
            assert!(soft <= hard, "{time} {inc}: {soft} > {hard}");
            assert!(
                hard <= time.saturating_sub(100).max(1),
                "{time} {inc}: hard {hard}"
            );
        }
        let b = budget(
            &Limits {
                movetime: Some(500),
                ..Limits::default()
            },
            Color::Black,
            100,
        );
        assert_eq!(b.hard, Some(Duration::from_millis(450)));
        let b = budget(
            &Limits {
                movetime: Some(5000),
                ..Limits::default()
            },
            Color::Black,
            100,
        );
        assert_eq!(b.hard, Some(Duration::from_millis(4900)));
        assert_eq!(
            budget(&Limits::depth(5), Color::White, 100),
            TimeBudget::default()
        );
        // Black's clock is used for black.
        let l = Limits {
            wtime: Some(1),
            btime: Some(100_000),
            ..Limits::default()
        };
        assert!(budget(&l, Color::Black, 100).soft.expect("soft") > Duration::from_millis(1000));
    }
}
