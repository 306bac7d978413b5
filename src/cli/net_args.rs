//! `--nnue`, `--eval-file` and `--hce`, shared by the commands that search (`bench`,
//! `datagen`, `analyse`): which evaluation the engine plays with, set through the same options
//! as UCI's `Use NNUE` and `EvalFile`. Without any of them the engine's default plays: the
//! variant's built-in net where it has one (and no `--weights` file names it), else the
//! hand-crafted evaluation.

use std::path::PathBuf;

use clap::Args;

use crate::engine::options::names;
use crate::engine::Engine;

#[derive(Debug, Clone, Args)]
pub struct NetArgs {
    /// Evaluate with the variant's built-in NNUE net (`nets/VARIANT.nnue`); an error where
    /// there is none.
    #[arg(long, conflicts_with = "hce")]
    pub nnue: bool,
    /// Evaluate with this NNUE net file.
    #[arg(long, value_name = "NET", conflicts_with = "hce")]
    pub eval_file: Option<PathBuf>,
    /// Evaluate with the hand-crafted evaluation even where the variant has a net.
    #[arg(long)]
    pub hce: bool,
}

impl NetArgs {
    /// Sets the engine's net options for `variant` (the current variant). Asking for a net the
    /// variant does not have is an error: the engine alone would quietly play the
    /// hand-crafted evaluation, and numbers measured or data labelled as a net's must come
    /// from one.
    pub fn apply(&self, engine: &mut Engine, variant: &str) -> anyhow::Result<()> {
        if self.hce {
            engine.set_option(names::USE_NNUE, Some("false"))?;
            return Ok(());
        }
        if !self.nnue && self.eval_file.is_none() {
            return Ok(());
        }
        match &self.eval_file {
            Some(file) => {
                engine.set_option(names::EVAL_FILE, Some(&file.to_string_lossy()))?;
            }
            None if crate::eval::nnue::builtin_net(variant).is_none() => anyhow::bail!(
                "--nnue: variant '{variant}' has no built-in net (nets/{variant}.nnue); \
                 give one with --eval-file"
            ),
            None if crate::eval::has_user_weights(variant) => anyhow::bail!(
                "--nnue: --weights gives '{variant}' a hand-crafted evaluation to play; \
                 leave out one of the two"
            ),
            None => {}
        }
        engine.set_option(names::USE_NNUE, Some("true"))?;
        Ok(())
    }
}
