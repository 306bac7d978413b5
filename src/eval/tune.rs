//! Texel tuning: fits the evaluation weights to the outcomes of games.
//!
//! Each sample is a quiet position traced into [`Features`], with the game's result and the
//! search score from White's point of view. The evaluation is mapped to an expected score by
//! `sigmoid(e) = 1 / (1 + exp(-k e / 400))`; `k` is first fitted so that the current weights
//! predict best, then the weights are moved by Adam on the mean squared error against the
//! target `lambda * result + (1 - lambda) * sigmoid(search score)` (lambda 1 is Texel's
//! original method; a lower lambda trusts the deeper search score more, which helps when
//! there are few games).

use super::trace::Features;

/// One training position.
#[derive(Debug, Clone)]
pub struct Sample {
    pub features: Features,
    /// The game's result for White: 1, 0.5 or 0.
    pub result: f32,
    /// The search score for White, in centipawns.
    pub score: f32,
}

/// How to tune.
#[derive(Debug, Clone)]
pub struct TuneSettings {
    /// Weight of the game result in the target (the rest is the search score).
    pub lambda: f64,
    /// Full passes over the data.
    pub epochs: usize,
    /// Adam's step size, in centipawns.
    pub learning_rate: f64,
    /// Threads for the gradient.
    pub threads: usize,
}

fn sigmoid(k: f64, x: f64) -> f64 {
    1.0 / (1.0 + (-k * x / 400.0).exp())
}

/// Weights as real numbers, for the optimiser.
pub fn to_real(w: &[(i32, i32)]) -> Vec<(f64, f64)> {
    w.iter().map(|&(m, e)| (m as f64, e as f64)).collect()
}

/// The target of a sample.
fn target(s: &Sample, k: f64, lambda: f64) -> f64 {
    lambda * s.result as f64 + (1.0 - lambda) * sigmoid(k, s.score as f64)
}

/// Mean squared error of the weights' predictions.
pub fn loss(samples: &[Sample], w: &[(f64, f64)], k: f64, lambda: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let d = sigmoid(k, s.features.eval(w)) - target(s, k, lambda);
            d * d
        })
        .sum();
    sum / samples.len() as f64
}

/// The `k` for which the weights predict the game results best (golden-section search).
pub fn fit_k(samples: &[Sample], w: &[(f64, f64)]) -> f64 {
    let f = |k: f64| loss(samples, w, k, 1.0);
    let (mut a, mut b) = (0.05f64, 5.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let mut c = b - g * (b - a);
    let mut d = a + g * (b - a);
    let (mut fc, mut fd) = (f(c), f(d));
    for _ in 0..40 {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - g * (b - a);
            fc = f(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + g * (b - a);
            fd = f(d);
        }
    }
    (a + b) / 2.0
}

/// The gradient of [`loss`] over one slice of samples, not yet divided by the sample count.
fn gradient_part(samples: &[Sample], w: &[(f64, f64)], k: f64, lambda: f64) -> Vec<(f64, f64)> {
    let mut g = vec![(0.0, 0.0); w.len()];
    for s in samples {
        let f = &s.features;
        let p = sigmoid(k, f.eval(w));
        let d = 2.0 * (p - target(s, k, lambda)) * p * (1.0 - p) * k / 400.0;
        let share = f.mg_share();
        let (dm, de) = (d * share, d * (1.0 - share));
        for &(i, c) in &f.coefs {
            let gi = &mut g[i as usize];
            gi.0 += dm * c as f64;
            gi.1 += de * c as f64;
        }
    }
    g
}

fn gradient(samples: &[Sample], w: &[(f64, f64)], k: f64, s: &TuneSettings) -> Vec<(f64, f64)> {
    let threads = s.threads.max(1);
    let chunk = samples.len().div_ceil(threads).max(1);
    let parts: Vec<Vec<(f64, f64)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = samples
            .chunks(chunk)
            .map(|part| scope.spawn(move || gradient_part(part, w, k, s.lambda)))
            .collect();
        // A part lost to a panic would bend the gradient silently: pass the panic on.
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    let n = samples.len().max(1) as f64;
    let mut g = vec![(0.0, 0.0); w.len()];
    for part in parts {
        for (out, x) in g.iter_mut().zip(part) {
            out.0 += x.0 / n;
            out.1 += x.1 / n;
        }
    }
    g
}

/// Tunes `w` in place on `samples` with the fitted `k`; `frozen[i]` weights stay as they are.
/// `report(epoch, weights)` is called after every epoch.
pub fn tune(
    samples: &[Sample],
    w: &mut [(f64, f64)],
    frozen: &[bool],
    k: f64,
    s: &TuneSettings,
    mut report: impl FnMut(usize, &[(f64, f64)]),
) {
    const BETA1: f64 = 0.9;
    const BETA2: f64 = 0.999;
    const EPS: f64 = 1e-8;
    let mut m1 = vec![(0.0, 0.0); w.len()];
    let mut m2 = vec![(0.0, 0.0); w.len()];
    for epoch in 1..=s.epochs {
        let g = gradient(samples, w, k, s);
        let c1 = 1.0 - BETA1.powi(epoch as i32);
        let c2 = 1.0 - BETA2.powi(epoch as i32);
        for i in 0..w.len() {
            if frozen.get(i).copied().unwrap_or(false) {
                continue;
            }
            let step = |x: &mut f64, a: &mut f64, b: &mut f64, gx: f64| {
                *a = BETA1 * *a + (1.0 - BETA1) * gx;
                *b = BETA2 * *b + (1.0 - BETA2) * gx * gx;
                *x -= s.learning_rate * (*a / c1) / ((*b / c2).sqrt() + EPS);
            };
            step(&mut w[i].0, &mut m1[i].0, &mut m2[i].0, g[i].0);
            step(&mut w[i].1, &mut m1[i].1, &mut m2[i].1, g[i].1);
        }
        report(epoch, w);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Samples whose outcome follows a known weight: feature 0 counts `x` times, the game is
    /// won with the probability the true weight (mg 100, eg 300) predicts at k = 1.
    fn synthetic(n: usize) -> Vec<Sample> {
        let mut seed = 0x1234_5678u64;
        let mut rand = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % 1_000_000) as f64 / 1_000_000.0
        };
        (0..n)
            .map(|_| {
                let x = (rand() * 6.0 - 3.0) as f32;
                let phase = (rand() * 24.0) as i32;
                let mut features = Features::new(2);
                features.coefs = vec![(0, x)];
                features.phase = phase;
                features.phase_total = 24;
                let share = phase as f64 / 24.0;
                let e = x as f64 * (100.0 * share + 300.0 * (1.0 - share));
                let result = if rand() < sigmoid(1.0, e) { 1.0 } else { 0.0 };
                Sample {
                    features,
                    result,
                    score: 0.0,
                }
            })
            .collect()
    }

    #[test]
    fn tuning_recovers_the_weights_that_made_the_results() {
        let samples = synthetic(20_000);
        let mut w = vec![(10.0, 10.0), (0.0, 0.0)];
        let settings = TuneSettings {
            lambda: 1.0,
            epochs: 600,
            learning_rate: 2.0,
            threads: 2,
        };
        let before = loss(&samples, &w, 1.0, 1.0);
        tune(&samples, &mut w, &[false, true], 1.0, &settings, |_, _| {});
        let after = loss(&samples, &w, 1.0, 1.0);
        assert!(after < before, "{before} -> {after}");
        assert!((w[0].0 - 100.0).abs() < 25.0, "{w:?}");
        assert!((w[0].1 - 300.0).abs() < 40.0, "{w:?}");
        assert_eq!(w[1], (0.0, 0.0), "a frozen weight stays");
        // With the true weights, k comes out near the 1 used to draw the results.
        let k = fit_k(&samples, &[(100.0, 300.0), (0.0, 0.0)]);
        assert!((0.8..1.25).contains(&k), "{k}");
    }
}
