//! `dabbaba tune`: fits the evaluation weights of a variant to positions from games
//! ([`crate::eval::tune`], Texel's method) and writes a weights file
//! ([`crate::eval::weights`]).
//!
//! The data is what `dabbaba datagen` writes (`FEN | SCORE | RESULT | GAME` lines, White's
//! point of view, or binary games: [`super::datafile`]). Games whose number ends in 0 are held out: the validation loss on them,
//! before and after, tells whether the fit generalises. The start point is the weights the
//! engine uses for the variant: a `--weights` file, its built-in file, or the derived weights.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Context;
use clap::Args;

use super::datafile::{read_data, Line};
use crate::board::bitboard::Bitboard;
use crate::board::position::{Position, Tables};
use crate::board::AnyTables;
use crate::cli::output::say;
use crate::eval::tune::{fit_k, loss, to_real, tune, Sample, TuneSettings};
use crate::eval::weights::Layout;
use crate::eval::{evaluate_traced, piece_letters, EvalParams, Features};
use crate::variant::Variant;

#[derive(Debug, Args)]
pub struct TuneArgs {
    /// Variant name (built-in or from --variants files).
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// Positions: datagen's files, `FEN | SCORE | RESULT | GAME` lines or binary games
    /// (repeatable).
    #[arg(long, required = true, num_args = 1..)]
    pub data: Vec<PathBuf>,
    /// Write the tuned weights here (default: standard output).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Weight of the game result in the target; the rest is the search score.
    #[arg(long, default_value_t = 0.5)]
    pub lambda: f64,
    /// Passes over the data.
    #[arg(long, default_value_t = 400)]
    pub epochs: usize,
    /// Adam's step size in centipawns.
    #[arg(long, default_value_t = 1.0)]
    pub learning_rate: f64,
    /// Threads for the gradient.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// Use at most this many positions.
    #[arg(long)]
    pub limit: Option<usize>,
    /// Leave out positions after this many plies (by the FEN's move number). In variants
    /// whose long endgames are drawn by rule whatever the material (makruk's counting), such
    /// positions teach that material does not matter.
    #[arg(long)]
    pub max_ply: Option<u32>,
    /// Fit only these terms (weights-file keys, comma-separated: `material,hand,psq`,
    /// `tempo`, ...); the others keep their start values. Fewer weights need fewer games:
    /// a variant with many piece types and little data can start with its piece values.
    #[arg(long, value_delimiter = ',')]
    pub terms: Vec<String>,
}

/// Runs `tune`.
pub fn run(args: &TuneArgs, variant_files: &[PathBuf]) -> anyhow::Result<ExitCode> {
    let set = super::variants::variant_set(variant_files)?;
    let variant = set
        .get(&args.variant)
        .with_context(|| format!("unknown variant '{}'", args.variant))?;
    if let Some(bad) = args
        .terms
        .iter()
        .find(|t| !Layout::term_names().any(|n| n == t.as_str()))
    {
        let known: Vec<&str> = Layout::term_names().collect();
        anyhow::bail!(
            "--terms: unknown term '{bad}' (known: {})",
            known.join(", ")
        );
    }
    let lines = read_data(&args.data, args.limit, variant)?;
    let text = match AnyTables::new(variant)? {
        AnyTables::W64(t) => tune_on(&t, variant, &lines, args)?,
        AnyTables::W128(t) => tune_on(&t, variant, &lines, args)?,
        AnyTables::W256(t) => tune_on(&t, variant, &lines, args)?,
    };
    match &args.out {
        Some(p) => {
            std::fs::write(p, text).with_context(|| format!("cannot write {}", p.display()))?
        }
        None => say!("{}", text.trim_end()),
    }
    Ok(ExitCode::SUCCESS)
}

fn tune_on<B: Bitboard>(
    t: &Arc<Tables<B>>,
    v: &Variant,
    lines: &[Line],
    args: &TuneArgs,
) -> anyhow::Result<String> {
    let startpos = Position::startpos(Arc::clone(t), v.chess960)?;
    let mut ev = EvalParams::new(t, &startpos);
    let letters = piece_letters(v);
    ev.apply_builtin_weights(v)
        .map_err(|e| anyhow::anyhow!("weights/{}.txt:{e}", v.name))?;
    let n_weights = ev.weights().layout.len();
    let (mut train, mut valid) = (Vec::new(), Vec::new());
    let mut used = vec![false; n_weights];
    let (mut drawn, mut late) = (0usize, 0usize);
    for line in lines {
        let pos = Position::from_fen(Arc::clone(t), &line.fen, v.chess960)
            .map_err(|e| anyhow::anyhow!("{}: {e}", line.at))?;
        if args.max_ply.is_some_and(|n| pos.game_ply() > n) {
            late += 1;
            continue;
        }
        let mut f = Features::new(n_weights);
        evaluate_traced(&pos, &ev, &mut f);
        let f = f.finish();
        if f.offset.is_none() {
            drawn += 1;
            continue;
        }
        for &(i, _) in &f.coefs {
            used[i as usize] = true;
        }
        let sample = Sample {
            features: f,
            result: line.result,
            score: line.score,
        };
        if line.game % 10 == 0 {
            valid.push(sample);
        } else {
            train.push(sample);
        }
    }
    anyhow::ensure!(
        !train.is_empty(),
        "no positions to tune on ({drawn} drawn by material and {late} after --max-ply left out)"
    );
    let w0 = to_real(&ev.weights().w);
    let k = fit_k(&train, &w0);
    let settings = TuneSettings {
        lambda: args.lambda,
        epochs: args.epochs,
        learning_rate: args.learning_rate,
        threads: args.threads,
    };
    let lambda = args.lambda;
    // Training and validation loss against the target, and validation loss against the
    // results alone (what the weights are for: predicting games they have not seen).
    let losses = |w: &[(f64, f64)]| {
        (
            loss(&train, w, k, lambda),
            loss(&valid, w, k, lambda),
            loss(&valid, w, k, 1.0),
        )
    };
    let layout = &ev.weights().layout;
    let chosen =
        |i: usize| args.terms.is_empty() || args.terms.iter().any(|t| t == layout.term_name(i));
    let (t0, v0, r0) = losses(&w0);
    say!(
        "{} training and {} validation positions ({drawn} drawn by material and {late} \
         after --max-ply left out), {} weights, k = {k:.4}",
        train.len(),
        valid.len(),
        (0..n_weights).filter(|&i| used[i] && chosen(i)).count()
    );
    say!("epoch 0: loss {t0:.6} validation {v0:.6} results {r0:.6}");
    let frozen: Vec<bool> = (0..n_weights).map(|i| !used[i] || !chosen(i)).collect();
    let mut w = w0.clone();
    let every = (args.epochs / 10).max(1);
    tune(&train, &mut w, &frozen, k, &settings, |epoch, w| {
        if epoch % every == 0 || epoch == args.epochs {
            let (a, b, c) = losses(w);
            say!("epoch {epoch}: loss {a:.6} validation {b:.6} results {c:.6}");
        }
    });
    let mut tuned = ev.weights().clone();
    for (out, x) in tuned.w.iter_mut().zip(&w) {
        *out = (x.0.round() as i32, x.1.round() as i32);
    }
    let (t1, v1, r1) = losses(&to_real(&tuned.w));
    say!(
        "rounded: loss {t1:.6} validation {v1:.6} results {r1:.6} \
         (was {t0:.6} / {v0:.6} / {r0:.6})"
    );
    // The scalar terms are written even where unused, so every file lists them all.
    let scalars_from = tuned.layout.scalar_index(0);
    Ok(tuned.to_text(&v.name, &letters, |i| used[i] || i >= scalars_from))
}
