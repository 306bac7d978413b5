//! Search: iterative deepening, PVS, quiescence, transposition table, lazy SMP.

pub mod support;
pub mod tt;
