//! The NNUE net the engine plays with: chosen from the options (`Use NNUE`, `EvalFile`) and
//! the variant's built-in net, read and checked against the variant.

use super::options::{names, Options};
use super::{Engine, EngineError};
use crate::board::AnyTables;
use crate::eval::nnue::{FeatureSet, Network};
use crate::eval::{piece_letters, NnueEval};
use std::sync::Arc;

impl Engine {
    /// Chooses the net `opts` ask for (`Use NNUE`, `EvalFile`) for the current variant, or
    /// none; a file that cannot be read or does not fit the variant is an error and changes
    /// nothing here (`set_option` then drops the net). Without an `EvalFile` the variant's built-in net plays (`nets/NAME.nnue`); a
    /// variant without either, or whose weights `--weights` gave (they are what is being
    /// measured), plays with the hand-crafted evaluation.
    pub(super) fn apply_nnue(&mut self, opts: &Options) -> Result<(), EngineError> {
        let path = opts.text(names::EVAL_FILE);
        let net = if !opts.bool(names::USE_NNUE) {
            None
        } else if !path.is_empty() {
            let net = self.load_net(&path)?;
            // After a variant's "no net" line (the variant is set before its options), this
            // says what evaluates in the end.
            tracing::info!("{}: the net {path} evaluates", self.variant.name);
            Some(Arc::new(net))
        } else if crate::eval::has_user_weights(&self.variant.name) {
            tracing::info!(
                "weights for {} given with --weights: the hand-crafted evaluation plays",
                self.variant.name
            );
            None
        } else {
            match crate::eval::nnue::builtin_net(&self.variant.name) {
                Some(bytes) => match self.builtin_net(bytes) {
                    Ok(net) => Some(net),
                    Err(e) => {
                        // A user's variant that redefines a built-in name with other pieces.
                        tracing::warn!("{e}; the hand-crafted evaluation plays");
                        None
                    }
                },
                None => {
                    tracing::info!(
                        "no net for {}: the hand-crafted evaluation plays",
                        self.variant.name
                    );
                    None
                }
            }
        };
        let mut ev = (*self.ev).clone();
        ev.set_nnue(net);
        self.ev = Arc::new(ev);
        Ok(())
    }

    /// The variant's built-in net (`bytes`), read and checked once per kept variant.
    fn builtin_net(&mut self, bytes: &[u8]) -> Result<Arc<NnueEval>, EngineError> {
        if let Some(net) = self.current_compiled().and_then(|c| c.builtin_net.clone()) {
            return Ok(net);
        }
        let net = Arc::new(self.read_net(bytes, "built-in")?);
        if let Some(c) = self.current_compiled() {
            c.builtin_net = Some(Arc::clone(&net));
        }
        Ok(net)
    }

    /// Reads the net file at `path` and checks that it fits the current variant.
    pub(super) fn load_net(&self, path: &str) -> Result<NnueEval, EngineError> {
        let bytes = std::fs::read(path).map_err(|e| EngineError::Net {
            path: path.to_string(),
            reason: e.to_string(),
        })?;
        self.read_net(&bytes, path)
    }

    /// The net of a net file's bytes, checked against the current variant; `path` names it
    /// in errors.
    pub(super) fn read_net(&self, bytes: &[u8], path: &str) -> Result<NnueEval, EngineError> {
        let err = |reason: String| EngineError::Net {
            path: path.to_string(),
            reason,
        };
        let net = Network::from_bytes(bytes).map_err(|e| err(e.to_string()))?;
        let (geo, n_types, hands) = match &self.tables {
            AnyTables::W64(t) => (t.geo, t.n_types, t.has_hands),
            AnyTables::W128(t) => (t.geo, t.n_types, t.has_hands),
            AnyTables::W256(t) => (t.geo, t.n_types, t.has_hands),
        };
        let fs = FeatureSet::new(&geo, n_types, hands);
        let letters = piece_letters(&self.variant);
        net.check_fits(
            &self.variant.name,
            geo.files(),
            geo.ranks(),
            &letters,
            fs.len(),
        )
        .map_err(|e| err(e.to_string()))?;
        Ok(NnueEval { net, fs })
    }
}
