//! `--nnue` and `--eval-file`, shared by the commands that search (`bench`, `datagen`): which
//! evaluation the engine plays with, set through the same options as UCI's `Use NNUE` and
//! `EvalFile`.

use std::path::PathBuf;

use clap::Args;

use crate::engine::options::names;
use crate::engine::Engine;

#[derive(Debug, Clone, Args)]
pub struct NetArgs {
    /// Evaluate with the variant's built-in NNUE net (`nets/VARIANT.nnue`) instead of the
    /// hand-crafted evaluation.
    #[arg(long)]
    pub nnue: bool,
    /// Evaluate with this NNUE net file (implies --nnue).
    #[arg(long, value_name = "NET")]
    pub eval_file: Option<PathBuf>,
}

impl NetArgs {
    /// Sets the engine's net options for `variant` (the current variant). Asking for a net the
    /// variant does not have is an error: the engine alone would quietly play the
    /// hand-crafted evaluation, and numbers measured or data labelled as a net's must come
    /// from one.
    pub fn apply(&self, engine: &mut Engine, variant: &str) -> anyhow::Result<()> {
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
            None => {}
        }
        engine.set_option(names::USE_NNUE, Some("true"))?;
        Ok(())
    }
}
