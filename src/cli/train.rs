//! `dabbaba train`: trains an NNUE net ([`crate::eval::nnue::train`]) on the positions
//! `dabbaba datagen` writes and saves it in the net file format
//! ([`crate::eval::nnue::file`]). Games whose number ends in 0 are held out, as for `tune`:
//! the validation loss after each epoch tells whether the net generalises.

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
use crate::eval::nnue::train::{train, FloatNet, Samples, TrainSettings};
use crate::eval::nnue::{FeatureSet, Network};
use crate::eval::piece_letters;
use crate::variant::Variant;

/// Hidden neurons per perspective of a new net.
const DEFAULT_HIDDEN: usize = 128;

#[derive(Debug, Args)]
pub struct TrainArgs {
    /// Variant name (built-in or from --variants files).
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// Positions: datagen's files, `FEN | SCORE | RESULT | GAME` lines or binary games
    /// (repeatable).
    #[arg(long, required = true, num_args = 1..)]
    pub data: Vec<PathBuf>,
    /// Write the net here.
    #[arg(long)]
    pub out: PathBuf,
    /// Hidden neurons per perspective [default: 128, or the `--from` net's].
    #[arg(long)]
    pub hidden: Option<usize>,
    /// Continue training this net (made for the variant) instead of a new random one; its
    /// hidden size is kept, so `--hidden` must be left out or agree.
    #[arg(long, value_name = "NET")]
    pub from: Option<PathBuf>,
    /// Output buckets: positions split into this many bands by the pieces on the board,
    /// each with its own output layer [default: 1, or the `--from` net's]. A one-bucket
    /// `--from` net starts every bucket from its output layer.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=64))]
    pub buckets: Option<u8>,
    /// Weight of the game result in the target; the rest is the search score.
    #[arg(long, default_value_t = 0.3)]
    pub lambda: f32,
    /// Passes over the data (the learning rate drops tenfold for the last quarter).
    #[arg(long, default_value_t = 30)]
    pub epochs: usize,
    /// Positions per step.
    #[arg(long, default_value_t = 16384)]
    pub batch: usize,
    /// Adam's step size.
    #[arg(long, default_value_t = 0.001)]
    pub learning_rate: f32,
    /// Threads for the gradient.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// Seed of the initial weights and the shuffling.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Use at most this many positions.
    #[arg(long)]
    pub limit: Option<usize>,
}

/// Runs `train`.
pub fn run(args: &TrainArgs, variant_files: &[PathBuf]) -> anyhow::Result<ExitCode> {
    anyhow::ensure!(
        args.hidden.map_or(true, |h| (1..=4096).contains(&h)),
        "--hidden must be 1 to 4096"
    );
    anyhow::ensure!(
        args.epochs > 0 && args.batch > 0,
        "--epochs and --batch must be positive"
    );
    anyhow::ensure!(
        (0.0..=1.0).contains(&args.lambda),
        "--lambda must lie in 0..1"
    );
    let set = super::variants::variant_set(variant_files)?;
    let variant = set
        .get(&args.variant)
        .with_context(|| format!("unknown variant '{}'", args.variant))?;
    let lines = read_data(&args.data, args.limit, variant)?;
    match AnyTables::new(variant)? {
        AnyTables::W64(t) => train_on(&t, variant, &lines, args)?,
        AnyTables::W128(t) => train_on(&t, variant, &lines, args)?,
        AnyTables::W256(t) => train_on(&t, variant, &lines, args)?,
    }
    Ok(ExitCode::SUCCESS)
}

fn train_on<B: Bitboard>(
    t: &Arc<Tables<B>>,
    v: &Variant,
    lines: &[Line],
    args: &TrainArgs,
) -> anyhow::Result<()> {
    let startpos = Position::startpos(Arc::clone(t), v.chess960)?;
    let fs = FeatureSet::for_position(&startpos);
    let (mut training, mut validation) = (Samples::default(), Samples::default());
    for line in lines {
        let pos = Position::from_fen(Arc::clone(t), &line.fen, v.chess960)
            .map_err(|e| anyhow::anyhow!("{}: {e}", line.at))?;
        let into = if line.game % 10 == 0 {
            &mut validation
        } else {
            &mut training
        };
        into.push(&fs, &pos, line.score, line.result, args.lambda);
    }
    anyhow::ensure!(!training.is_empty(), "no positions to train on");
    let mut net = match &args.from {
        Some(path) => start_from(path, v, t, &fs, args.hidden)?,
        None => FloatNet::new(fs.len(), args.hidden.unwrap_or(DEFAULT_HIDDEN), args.seed),
    };
    if let Some(k) = args.buckets {
        let had = net.buckets();
        net = net
            .with_buckets(k as usize, startpos.piece_count())
            .with_context(|| format!("the net has {had} output buckets, not 1 or {k}"))?;
    }
    say!(
        "{} training and {} validation positions, {} inputs, hidden {}, output buckets {}",
        training.len(),
        validation.len(),
        fs.len(),
        net.hidden(),
        net.buckets()
    );
    say!(
        "epoch 0: loss {:.6} validation {:.6}",
        net.loss(&training),
        net.loss(&validation)
    );
    let settings = TrainSettings {
        epochs: args.epochs,
        batch: args.batch,
        learning_rate: args.learning_rate,
        threads: args.threads,
        seed: args.seed,
    };
    train(&mut net, &training, &settings, |epoch, net| {
        say!(
            "epoch {epoch}: loss {:.6} validation {:.6}",
            net.loss(&training),
            net.loss(&validation)
        );
    });
    let geo = &t.geo;
    let q = net.quantise(&v.name, geo.files(), geo.ranks(), &piece_letters(v));
    std::fs::write(&args.out, q.to_bytes())
        .with_context(|| format!("cannot write {}", args.out.display()))?;
    say!("wrote {}", args.out.display());
    Ok(())
}

/// The float net of the net file at `path`, which must fit the variant (and `hidden`, when
/// given).
fn start_from<B: Bitboard>(
    path: &std::path::Path,
    v: &Variant,
    t: &Arc<Tables<B>>,
    fs: &FeatureSet,
    hidden: Option<usize>,
) -> anyhow::Result<FloatNet> {
    let shown = path.display();
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {shown}"))?;
    let net = Network::from_bytes(&bytes).map_err(|e| anyhow::anyhow!("{shown}: {e}"))?;
    let geo = &t.geo;
    net.check_fits(
        &v.name,
        geo.files(),
        geo.ranks(),
        &piece_letters(v),
        fs.len(),
    )
    .map_err(|e| anyhow::anyhow!("{shown}: {e}"))?;
    if let Some(h) = hidden {
        anyhow::ensure!(
            h == net.hidden,
            "{shown}: the net has {} hidden neurons, --hidden asks for {h}",
            net.hidden
        );
    }
    Ok(FloatNet::from_network(&net))
}
