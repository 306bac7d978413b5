//! Training a net in floating point on two CPU cores, then quantising it.
//!
//! The model is the engine's: (F -> H) x 2 -> 1, SCReLU, side to move's half first, with
//! one output layer per material bucket (a sample trains its own bucket's). The loss
//! is the squared error between `sigmoid(output)` and the target
//! `lambda * result + (1 - lambda) * sigmoid(score / 400)`, both from the side to move's
//! point of view (lambda weighs the game result, as in the tuner); an output of 1.0 is 400
//! centipawns. Gradients of a batch are computed by
//! `threads` threads (each into its own dense buffer), summed, and applied with Adam; weights
//! are clipped to +-1.98 so that they fit the i16 quantisation. The learning rate drops
//! tenfold for the last quarter of the epochs.

use super::features::FeatureSet;
use super::network::{bucket_of, Network, QA, QB};
use crate::board::bitboard::Bitboard;
use crate::board::position::Position;
use crate::color::Color;

/// Scores and outputs: 1.0 of output is this many centipawns.
pub const SCALE: i32 = 400;
const CLIP: f32 = 1.98;

/// Training positions as feature lists and targets.
#[derive(Debug, Default, Clone)]
pub struct Samples {
    /// Every sample's features: the side to move's, then the other side's.
    feats: Vec<u32>,
    /// Per sample: start in `feats`, number of side-to-move features, number of the other's.
    bounds: Vec<(u32, u16, u16)>,
    /// Per sample: the target in 0..=1.
    targets: Vec<f32>,
    /// Per sample: the pieces on the board (which choose the output bucket).
    pieces: Vec<u16>,
}

impl Samples {
    /// Adds a position with its search score (centipawns, White's view) and game result
    /// (1 White won, 0.5 draw, 0 Black won); `lambda` is the result's weight in the target.
    pub fn push<B: Bitboard>(
        &mut self,
        fs: &FeatureSet,
        pos: &Position<B>,
        white_score: f32,
        white_result: f32,
        lambda: f32,
    ) {
        let stm = pos.side_to_move();
        let (score, result) = if stm == Color::White {
            (white_score, white_result)
        } else {
            (-white_score, 1.0 - white_result)
        };
        let start = self.feats.len();
        fs.active(pos, stm, &mut self.feats);
        let n_us = self.feats.len() - start;
        fs.active(pos, !stm, &mut self.feats);
        let n_them = self.feats.len() - start - n_us;
        self.bounds.push((start as u32, n_us as u16, n_them as u16));
        self.targets
            .push(lambda * result + (1.0 - lambda) * sigmoid(score / SCALE as f32));
        self.pieces.push(pos.piece_count() as u16);
    }

    /// Number of samples.
    pub fn len(&self) -> usize {
        self.targets.len()
    }

    /// True if there are none.
    pub fn is_empty(&self) -> bool {
        self.targets.is_empty()
    }

    fn pieces(&self, i: usize) -> u32 {
        self.pieces[i] as u32
    }

    fn features(&self, i: usize) -> (&[u32], &[u32]) {
        let (start, n_us, n_them) = self.bounds[i];
        let s = start as usize;
        let mid = s + n_us as usize;
        (&self.feats[s..mid], &self.feats[mid..mid + n_them as usize])
    }
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// Settings of a training run.
#[derive(Debug, Clone)]
pub struct TrainSettings {
    /// Passes over the data.
    pub epochs: usize,
    /// Positions per gradient step.
    pub batch: usize,
    /// Adam's step size.
    pub learning_rate: f32,
    /// Threads for the gradient.
    pub threads: usize,
    /// Seed of the initial weights and of the shuffling.
    pub seed: u64,
}

/// The float net being trained; parameters in one vector: first-layer weights
/// (feature-major), first-layer biases, output weights per bucket, output bias per bucket.
#[derive(Debug, Clone)]
pub struct FloatNet {
    inputs: usize,
    hidden: usize,
    buckets: usize,
    bucket_pieces: u32,
    w: Vec<f32>,
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // splitmix64
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// Uniform in -1..1.
    fn unit(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 23) as f32 - 1.0
    }
}

impl FloatNet {
    /// A randomly initialised net of one output bucket.
    pub fn new(inputs: usize, hidden: usize, seed: u64) -> FloatNet {
        let mut rng = Rng(seed);
        let n = inputs * hidden + hidden + 2 * hidden + 1;
        let mut w = vec![0.0; n];
        for x in &mut w[..inputs * hidden] {
            *x = 0.1 * rng.unit();
        }
        for x in &mut w[inputs * hidden..inputs * hidden + hidden] {
            *x = 0.1 * rng.unit();
        }
        let out = (2.0 * hidden as f32).sqrt().recip();
        for x in &mut w[inputs * hidden + hidden..n - 1] {
            *x = out * rng.unit();
        }
        FloatNet {
            inputs,
            hidden,
            buckets: 1,
            bucket_pieces: 1,
            w,
        }
    }

    /// The net with `buckets` output buckets over a start position of `start_pieces`: a net
    /// of one bucket gives every bucket its output layer (so training goes on from where
    /// it was), a net that has `buckets` already is kept. None for any other change.
    pub fn with_buckets(mut self, buckets: usize, start_pieces: u32) -> Option<FloatNet> {
        if buckets == self.buckets && (buckets == 1 || start_pieces == self.bucket_pieces) {
            return Some(self);
        }
        if self.buckets != 1 || buckets == 0 {
            return None;
        }
        let out = self.w.split_off(self.out_w_at());
        let (out_w, out_b) = out.split_at(2 * self.hidden);
        for _ in 0..buckets {
            self.w.extend_from_slice(out_w);
        }
        for _ in 0..buckets {
            self.w.extend_from_slice(out_b);
        }
        self.buckets = buckets;
        self.bucket_pieces = start_pieces;
        Some(self)
    }

    /// The float net a quantised one came from, as near as the quantisation keeps it: the
    /// start of a training round that continues from a committed net.
    pub fn from_network(net: &Network) -> FloatNet {
        let (qa, qb) = (QA as f32, QB as f32);
        let mut w = Vec::with_capacity(net.ft_w.len() + net.ft_b.len() + net.out_w.len() + 1);
        w.extend(net.ft_w.iter().map(|&x| x as f32 / qa));
        w.extend(net.ft_b.iter().map(|&x| x as f32 / qa));
        w.extend(net.out_w.iter().map(|&x| x as f32 / qb));
        w.extend(net.out_b.iter().map(|&b| b as f32 / (qa * qb)));
        FloatNet {
            inputs: net.inputs,
            hidden: net.hidden,
            buckets: net.buckets,
            bucket_pieces: net.bucket_pieces,
            w,
        }
    }

    /// Hidden neurons per perspective.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// Output buckets.
    pub fn buckets(&self) -> usize {
        self.buckets
    }

    /// Where bucket `b`'s output weights start in `w` (its bias is at `out_b_at() + b`).
    fn out_w_of(&self, b: usize) -> usize {
        self.out_w_at() + b * 2 * self.hidden
    }

    fn ft_b_at(&self) -> usize {
        self.inputs * self.hidden
    }
    fn out_w_at(&self) -> usize {
        self.ft_b_at() + self.hidden
    }
    fn out_b_at(&self) -> usize {
        self.out_w_at() + self.buckets * 2 * self.hidden
    }

    fn accumulate(&self, feats: &[u32], acc: &mut [f32]) {
        let h = self.hidden;
        acc.copy_from_slice(&self.w[self.ft_b_at()..self.ft_b_at() + h]);
        for &f in feats {
            let col = &self.w[f as usize * h..(f as usize + 1) * h];
            for (a, &x) in acc.iter_mut().zip(col) {
                *a += x;
            }
        }
    }

    /// The float output (1.0 = [`SCALE`] centipawns) of a sample's features, through the
    /// output layer of bucket `b`.
    fn forward(&self, us: &[u32], them: &[u32], b: usize, acc: &mut [f32]) -> f32 {
        let h = self.hidden;
        let (a_us, a_them) = acc.split_at_mut(h);
        self.accumulate(us, a_us);
        self.accumulate(them, a_them);
        let ow = &self.w[self.out_w_of(b)..self.out_w_of(b) + 2 * h];
        let mut out = self.w[self.out_b_at() + b];
        for (a, &w) in acc.iter().zip(ow) {
            let c = a.clamp(0.0, 1.0);
            out += c * c * w;
        }
        out
    }

    /// Adds the gradient of one sample's loss to `grad`; returns the loss.
    fn backward(
        &self,
        us: &[u32],
        them: &[u32],
        pieces: u32,
        target: f32,
        acc: &mut [f32],
        grad: &mut [f32],
    ) -> f32 {
        let h = self.hidden;
        let b = self.bucket(pieces);
        let out = self.forward(us, them, b, acc);
        let p = sigmoid(out);
        let d = 2.0 * (p - target) * p * (1.0 - p);
        let (ow_at, ob_at, fb_at) = (self.out_w_of(b), self.out_b_at() + b, self.ft_b_at());
        grad[ob_at] += d;
        for j in 0..2 * h {
            let a = acc[j];
            let c = a.clamp(0.0, 1.0);
            grad[ow_at + j] += d * c * c;
            // d(c^2)/da = 2a inside the clip, 0 outside; reuse acc for the gradient.
            acc[j] = if a > 0.0 && a < 1.0 {
                d * self.w[ow_at + j] * 2.0 * a
            } else {
                0.0
            };
        }
        let (g_us, g_them) = acc.split_at(h);
        for j in 0..h {
            grad[fb_at + j] += g_us[j] + g_them[j];
        }
        for (feats, g) in [(us, g_us), (them, g_them)] {
            for &f in feats {
                let col = &mut grad[f as usize * h..(f as usize + 1) * h];
                for (x, &gj) in col.iter_mut().zip(g) {
                    *x += gj;
                }
            }
        }
        (p - target) * (p - target)
    }

    /// Mean loss over `data`.
    pub fn loss(&self, data: &Samples) -> f64 {
        if data.is_empty() {
            return 0.0;
        }
        let mut acc = vec![0.0; 2 * self.hidden];
        let mut sum = 0.0f64;
        for i in 0..data.len() {
            let (us, them) = data.features(i);
            let b = self.bucket(data.pieces(i));
            let p = sigmoid(self.forward(us, them, b, &mut acc));
            let e = (p - data.targets[i]) as f64;
            sum += e * e;
        }
        sum / data.len() as f64
    }

    /// The quantised engine net.
    pub fn quantise(&self, variant: &str, files: u8, ranks: u8, letters: &str) -> Network {
        let q = |x: f32, s: i32| (x * s as f32).round().clamp(-32767.0, 32767.0) as i16;
        let fb = self.ft_b_at();
        let ow = self.out_w_at();
        Network {
            variant: variant.to_string(),
            files,
            ranks,
            letters: letters.to_string(),
            inputs: self.inputs,
            hidden: self.hidden,
            scale: SCALE,
            ft_w: self.w[..fb].iter().map(|&x| q(x, QA)).collect(),
            ft_b: self.w[fb..ow].iter().map(|&x| q(x, QA)).collect(),
            buckets: self.buckets,
            bucket_pieces: self.bucket_pieces,
            out_w: self.w[ow..self.out_b_at()]
                .iter()
                .map(|&x| q(x, QB))
                .collect(),
            out_b: self.w[self.out_b_at()..]
                .iter()
                .map(|&x| (x * (QA * QB) as f32).round() as i32)
                .collect(),
        }
    }

    fn bucket(&self, pieces: u32) -> usize {
        bucket_of(pieces, self.buckets, self.bucket_pieces)
    }

    /// The float output in centipawns for a position (for tests against the quantised net).
    pub fn evaluate<B: Bitboard>(&self, fs: &FeatureSet, pos: &Position<B>) -> f32 {
        let stm = pos.side_to_move();
        let (mut us, mut them) = (Vec::new(), Vec::new());
        fs.active(pos, stm, &mut us);
        fs.active(pos, !stm, &mut them);
        let mut acc = vec![0.0; 2 * self.hidden];
        let b = self.bucket(pos.piece_count());
        self.forward(&us, &them, b, &mut acc) * SCALE as f32
    }
}

/// Trains `net` on `data`; `report(epoch, net)` is called after every epoch.
pub fn train(
    net: &mut FloatNet,
    data: &Samples,
    s: &TrainSettings,
    mut report: impl FnMut(usize, &FloatNet),
) {
    let n = net.w.len();
    let threads = s.threads.max(1);
    let (mut m, mut v) = (vec![0.0f32; n], vec![0.0f32; n]);
    let mut grads: Vec<Vec<f32>> = (0..threads).map(|_| vec![0.0; n]).collect();
    let mut order: Vec<u32> = (0..data.len() as u32).collect();
    let mut rng = Rng(s.seed ^ 0x5eed);
    let (b1, b2, eps) = (0.9f32, 0.999f32, 1e-8f32);
    let mut step = 0i32;
    let drop_at = (s.epochs * 3).div_ceil(4);
    for epoch in 1..=s.epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, (rng.next() % (i as u64 + 1)) as usize);
        }
        let lr = if epoch > drop_at {
            s.learning_rate * 0.1
        } else {
            s.learning_rate
        };
        for batch in order.chunks(s.batch.max(1)) {
            let part = batch.len().div_ceil(threads);
            std::thread::scope(|scope| {
                for (chunk, grad) in batch.chunks(part).zip(grads.iter_mut()) {
                    let net = &*net;
                    scope.spawn(move || {
                        grad.fill(0.0);
                        let mut acc = vec![0.0; 2 * net.hidden];
                        for &i in chunk {
                            let (us, them) = data.features(i as usize);
                            let (i, pieces) = (i as usize, data.pieces(i as usize));
                            net.backward(us, them, pieces, data.targets[i], &mut acc, grad);
                        }
                    });
                }
            });
            let used = batch.len().div_ceil(part);
            step += 1;
            let (c1, c2) = (1.0 - b1.powi(step), 1.0 - b2.powi(step));
            let scale = 1.0 / batch.len() as f32;
            for k in 0..n {
                let g: f32 = grads[..used].iter().map(|gr| gr[k]).sum::<f32>() * scale;
                m[k] = b1 * m[k] + (1.0 - b1) * g;
                v[k] = b2 * v[k] + (1.0 - b2) * g * g;
                let upd = lr * (m[k] / c1) / ((v[k] / c2).sqrt() + eps);
                net.w[k] = (net.w[k] - upd).clamp(-CLIP, CLIP);
            }
        }
        report(epoch, net);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Game;
    use crate::variant::builtin;

    /// `lambda` weighs the game result, as `--lambda`'s help and the tuner say: 1 is the result
    /// alone, 0 the search score alone (an earlier version had them the other way round).
    #[test]
    fn lambda_is_the_weight_of_the_result() {
        let v = builtin("chess").unwrap();
        let g = Game::new(v, Some("4k3/8/8/8/8/8/8/3QK3 b - - 0 1"), false).unwrap();
        crate::with_position!(&g, p => {
            let fs = FeatureSet::for_position(p);
            let mut data = Samples::default();
            // White is 400 cp up by the score and won; Black is to move.
            data.push(&fs, p, 400.0, 1.0, 1.0);
            data.push(&fs, p, 400.0, 1.0, 0.0);
            data.push(&fs, p, 400.0, 1.0, 0.25);
            let from_score = sigmoid(-1.0);
            assert_eq!(data.targets[0], 0.0);
            assert!((data.targets[1] - from_score).abs() < 1e-6);
            assert!((data.targets[2] - 0.75 * from_score).abs() < 1e-6);
        });
    }

    /// Bands of equal width from one piece to the start's count, the last also holding
    /// anything beyond it.
    #[test]
    fn buckets_split_the_pieces_evenly() {
        let bands: Vec<usize> = (1..=34).map(|n| bucket_of(n, 8, 32)).collect();
        assert_eq!(&bands[..8], &[0, 0, 0, 0, 1, 1, 1, 1]);
        assert_eq!(&bands[28..], &[7, 7, 7, 7, 7, 7]);
        assert!((0..=100).all(|n| bucket_of(n, 1, 32) == 0));
    }

    /// A one-bucket net given more buckets evaluates as before in each of them; trained on
    /// targets that depend on the material only through the bucket, the buckets learn
    /// apart, and the quantised net keeps them.
    #[test]
    fn a_net_split_into_buckets_starts_equal_and_learns_apart() {
        let v = builtin("chess").unwrap();
        // Both sides alike, so the first layer cannot tell the sides' material apart: only
        // the bucket (4 pieces against 32) can give the two targets.
        let fens = [
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                300.0,
            ),
            ("4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 1", -300.0),
        ];
        let one = FloatNet::new(768, 8, 5);
        let split = one.clone().with_buckets(2, 32).expect("one bucket splits");
        assert!(one
            .clone()
            .with_buckets(2, 32)
            .unwrap()
            .with_buckets(3, 32)
            .is_none());
        let mut data = Samples::default();
        let mut games = Vec::new();
        for (fen, score) in fens {
            let g = Game::new(v, Some(fen), false).unwrap();
            crate::with_position!(&g, p => {
                let fs = FeatureSet::for_position(p);
                assert_eq!(one.evaluate(&fs, p), split.evaluate(&fs, p));
                data.push(&fs, p, score, 0.5, 0.0);
            });
            games.push(g);
        }
        let s = TrainSettings {
            epochs: 300,
            batch: 2,
            learning_rate: 0.01,
            threads: 1,
            seed: 1,
        };
        let mut net = split;
        train(&mut net, &data, &s, |_, _| {});
        let q = net.quantise("chess", 8, 8, "pnbrqk");
        assert_eq!(q.buckets, 2);
        for (g, (_, score)) in games.iter().zip(fens) {
            crate::with_position!(g, p => {
                let fs = FeatureSet::for_position(p);
                let mut acc = vec![0; 16];
                q.refresh(p, &fs, &mut acc);
                let out = q.output(&acc, p.side_to_move(), p.piece_count());
                assert!((out as f32 - score).abs() < 60.0, "{out} for {score} at {}", p.fen());
            });
        }
    }

    /// A net trained on a simple rule (material balance) learns it: the loss falls well
    /// below the loss of predicting 0.5, and the quantised net agrees with the float net.
    #[test]
    fn learns_material_and_quantises_faithfully() {
        let v = builtin("chess").unwrap();
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1",
            "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR b KQkq - 0 1",
            "r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1",
            "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
            "4k3/8/8/8/8/8/8/3QK3 w - - 0 1",
            "3qk3/8/8/8/8/8/8/4K3 w - - 0 1",
            "4k3/pppp4/8/8/8/8/8/4K3 b - - 0 1",
        ];
        let mut data = Samples::default();
        let mut games = Vec::new();
        for fen in fens {
            let g = Game::new(v, Some(fen), false).unwrap();
            crate::with_position!(&g, p => {
                let fs = FeatureSet::for_position(p);
                let m = |c| {
                    [(1, 100), (2, 300), (3, 300), (4, 500), (5, 900)]
                        .iter()
                        .map(|&(ty, val)| p.count(ty - 1, c) as i32 * val)
                        .sum::<i32>()
                };
                data.push(&fs, p, (m(Color::White) - m(Color::Black)) as f32, 0.5, 0.0);
            });
            games.push(g);
        }
        let inputs = 768;
        let mut net = FloatNet::new(inputs, 16, 7);
        let start = net.loss(&data);
        let s = TrainSettings {
            epochs: 400,
            batch: 5,
            learning_rate: 0.01,
            threads: 2,
            seed: 3,
        };
        train(&mut net, &data, &s, |_, _| {});
        let end = net.loss(&data);
        assert!(end < start / 10.0 && end < 0.001, "loss {start} -> {end}");
        let q = net.quantise("chess", 8, 8, "pnbrqk");
        for g in &games {
            crate::with_position!(g, p => {
                let fs = FeatureSet::for_position(p);
                let mut acc = vec![0; 32];
                q.refresh(p, &fs, &mut acc);
                let (fl, qu) = (net.evaluate(&fs, p), q.output(&acc, p.side_to_move(), p.piece_count()));
                assert!((fl - qu as f32).abs() < 8.0, "float {fl} quantised {qu} at {}", p.fen());
            });
        }
        // A round continued from the quantised net starts where it left off.
        let back = FloatNet::from_network(&q);
        assert_eq!(back.quantise("chess", 8, 8, "pnbrqk"), q);
        assert!((back.loss(&data) - end).abs() < 0.001);
        // The queen-up position is worth about a queen to the side that has it.
        crate::with_position!(&games[7], p => {
            let fs = FeatureSet::for_position(p);
            assert!(net.evaluate(&fs, p) > 600.0);
        });
    }
}
