//! The evaluation as a weighted sum of features, for the tuner.
//!
//! [`super::evaluate_traced`] reports every weight it uses, with how often it counts for each
//! side, to a [`Trace`]. The engine passes [`NoTrace`], whose methods do nothing and compile
//! away; the tuner passes [`Features`], which records the coefficients, so that it can
//! recompute the evaluation for any weights without walking the board again.

use crate::color::Color;
/// Receives the features of one evaluation.
pub trait Trace {
    /// Whether this trace records anything (lets the evaluation skip work for it).
    const ON: bool;
    /// Weight `index` counts `coef` times for `colour`.
    fn add(&mut self, colour: Color, index: usize, coef: f32);
    /// A part of the score no weight controls (derived piece-square values, ...).
    fn fixed(&mut self, colour: Color, mg: i32, eg: i32);
    /// The phase used to taper, out of `total`.
    fn phase(&mut self, phase: i32, total: i32);
    /// The final adjustment for mating material: `None` when the score was set to a draw,
    /// else the offset added.
    fn final_adjust(&mut self, offset: Option<i32>);
}

/// The engine's trace: records nothing.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoTrace;

impl Trace for NoTrace {
    const ON: bool = false;
    #[inline(always)]
    fn add(&mut self, _: Color, _: usize, _: f32) {}
    #[inline(always)]
    fn fixed(&mut self, _: Color, _: i32, _: i32) {}
    #[inline(always)]
    fn phase(&mut self, _: i32, _: i32) {}
    #[inline(always)]
    fn final_adjust(&mut self, _: Option<i32>) {}
}

/// The features of one position, from White's point of view (White's counts minus Black's).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Features {
    /// (weight index, coefficient), sorted by index, no zero coefficients.
    pub coefs: Vec<(u32, f32)>,
    pub fixed_mg: i32,
    pub fixed_eg: i32,
    pub phase: i32,
    pub phase_total: i32,
    /// `None`: the evaluation is a draw whatever the weights.
    pub offset: Option<i32>,
    /// Dense accumulator while tracing.
    dense: Vec<f32>,
}

impl Features {
    /// An empty trace for a weight vector of `len` entries.
    pub fn new(len: usize) -> Features {
        Features {
            dense: vec![0.0; len],
            offset: Some(0),
            phase_total: 1,
            ..Features::default()
        }
    }

    /// Turns the dense accumulator into the sparse list.
    pub fn finish(mut self) -> Features {
        self.coefs = self
            .dense
            .iter()
            .enumerate()
            .filter(|(_, &c)| c != 0.0)
            .map(|(i, &c)| (i as u32, c))
            .collect();
        self.dense = Vec::new();
        self
    }

    /// The (middlegame, endgame) sums for weights `w`.
    pub fn sums(&self, w: &[(f64, f64)]) -> (f64, f64) {
        let mut mg = self.fixed_mg as f64;
        let mut eg = self.fixed_eg as f64;
        for &(i, c) in &self.coefs {
            let (m, e) = w[i as usize];
            mg += c as f64 * m;
            eg += c as f64 * e;
        }
        (mg, eg)
    }

    /// The middlegame share of the taper.
    pub fn mg_share(&self) -> f64 {
        self.phase as f64 / self.phase_total as f64
    }

    /// The evaluation from White's point of view for weights `w` (real-valued: no rounding).
    pub fn eval(&self, w: &[(f64, f64)]) -> f64 {
        let (mg, eg) = self.sums(w);
        let s = self.mg_share();
        mg * s + eg * (1.0 - s) + self.offset.unwrap_or(0) as f64
    }
}

impl Trace for Features {
    const ON: bool = true;
    fn add(&mut self, colour: Color, index: usize, coef: f32) {
        let sign = if colour == Color::White { 1.0 } else { -1.0 };
        self.dense[index] += sign * coef;
    }
    fn fixed(&mut self, colour: Color, mg: i32, eg: i32) {
        let sign = colour.sign();
        self.fixed_mg += sign * mg;
        self.fixed_eg += sign * eg;
    }
    fn phase(&mut self, phase: i32, total: i32) {
        self.phase = phase;
        self.phase_total = total.max(1);
    }
    fn final_adjust(&mut self, offset: Option<i32>) {
        self.offset = offset;
    }
}
