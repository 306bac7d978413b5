//! Weights files: the built-in ones (`weights/NAME.txt`, embedded at build time), those given
//! at run time with `--weights`, and the check of a file against the variant it names.

use super::weights::{self, Layout, Weights, WeightsError};

include!(concat!(env!("OUT_DIR"), "/builtin_weights.rs"));

/// Weights files given at run time (`--weights`), by variant name; they take precedence over
/// the built-in ones.
static USER_WEIGHTS: std::sync::RwLock<Vec<(String, String)>> = std::sync::RwLock::new(Vec::new());

/// Uses `text` as the weights of `variant` from now on, for every engine of this process.
pub fn register_weights(variant: &str, text: String) {
    if let Ok(mut list) = USER_WEIGHTS.write() {
        list.retain(|(name, _)| name != variant);
        list.push((variant.to_string(), text));
    }
}

/// Whether `--weights` gave weights for `variant`: then its hand-crafted evaluation is what
/// is being measured, and the built-in net does not play in its place.
pub fn has_user_weights(variant: &str) -> bool {
    USER_WEIGHTS
        .read()
        .is_ok_and(|list| list.iter().any(|(name, _)| name == variant))
}

/// The weights file text of a variant: one given at run time, else the built-in one
/// (`weights/NAME.txt`, embedded at build time).
pub fn builtin_weights(variant: &str) -> Option<String> {
    let user = USER_WEIGHTS.read().ok().and_then(|list| {
        list.iter()
            .find(|(name, _)| name == variant)
            .map(|(_, text)| text.clone())
    });
    user.or_else(|| {
        BUILTIN_WEIGHTS
            .iter()
            .find(|(name, _)| *name == variant)
            .map(|&(_, text)| text.to_string())
    })
}

/// Checks a weights file against every variant it names (its `variant` line) and returns
/// those names. Errors are `LINE: reason`.
pub fn check_weights(
    text: &str,
    variants: &crate::variant::VariantSet,
) -> Result<Vec<String>, WeightsError> {
    let (line, names) = weights::variant_line(text).ok_or(WeightsError {
        line: 1,
        reason: "no 'variant NAME' line".into(),
    })?;
    // With several variants, an error says which one the file does not fit.
    let shared = names.len() > 1;
    for name in &names {
        let v = variants.get(name).ok_or_else(|| WeightsError {
            line,
            reason: format!("variant: unknown variant '{name}'"),
        })?;
        let layout = Layout::new(v.pieces.len(), v.files as usize, v.ranks as usize);
        Weights::zero(layout)
            .apply_text(text, &piece_letters(v))
            .map_err(|e| WeightsError {
                line: e.line,
                reason: if shared {
                    format!("for {name}: {}", e.reason)
                } else {
                    e.reason
                },
            })?;
    }
    Ok(names)
}

/// A variant's piece letters in type order, lower case (the `pieces` line of a weights file).
pub fn piece_letters(v: &crate::variant::Variant) -> String {
    v.pieces
        .iter()
        .map(|p| p.letter.to_ascii_lowercase())
        .collect()
}
