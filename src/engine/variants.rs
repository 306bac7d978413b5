//! Variant selection and loading: the tables, evaluation and start position compiled for the
//! selected variant, and variant files loaded at run time.

use super::options::names;
use super::{Engine, EngineError, VariantSummary};
use crate::board::position::AnyPosition;
use crate::board::{AnyTables, SetupError};
use crate::eval::{EvalParams, NnueEval};
use crate::variant::Variant;
use std::path::Path;
use std::sync::Arc;

pub(super) fn build_tables(
    v: &Variant,
) -> Result<(AnyTables, Arc<EvalParams>, AnyPosition), EngineError> {
    let unplayable = |reason: String| EngineError::Unplayable {
        name: v.name.clone(),
        reason,
    };
    let tables = AnyTables::new(v).map_err(|e| match e {
        SetupError::Tables { problem, .. } => unplayable(problem.to_string()),
        e => unplayable(e.to_string()),
    })?;
    let start = tables
        .position(None, false)
        .map_err(|e| unplayable(e.to_string()))?;
    let mut ev = crate::with_position!(&start, p => EvalParams::new(p.tables(), p));
    if let Err(e) = ev.apply_builtin_weights(v) {
        tracing::warn!(
            "weights/{}.txt does not fit this variant, not used: line {e}",
            v.name
        );
    }
    Ok((tables, Arc::new(ev), start))
}

/// How many compiled variants an engine keeps. A GUI may select a variant for every game (XBoard's
/// `new` selects chess before `variant NAME`), and a large board's tables take a good part of a
/// second to build; switching between a few variants then costs nothing.
const COMPILED_KEPT: usize = 4;

/// A variant's tables and evaluation, kept for the next time it is selected.
pub(super) struct Compiled {
    /// The definition they were built from: a variant defined again under the same name with
    /// other rules is built again.
    variant: Variant,
    tables: AnyTables,
    ev: Arc<EvalParams>,
    /// Its built-in net, once read (reading one takes milliseconds).
    pub(super) builtin_net: Option<Arc<NnueEval>>,
}

impl Compiled {
    pub(super) fn new(variant: Variant, tables: AnyTables, ev: Arc<EvalParams>) -> Compiled {
        Compiled {
            variant,
            tables,
            ev,
            builtin_net: None,
        }
    }
}

#[cold]
pub(super) fn unreachable_variant() -> Variant {
    // Built-in variants are compiled in and tested; this cannot be reached.
    panic!("no variant available")
}

#[cold]
pub(super) fn unreachable_tables() -> (AnyTables, Arc<EvalParams>, AnyPosition) {
    panic!("standard chess cannot be set up")
}

impl Engine {
    /// A summary of the current variant.
    pub fn variant_summary(&self) -> VariantSummary {
        let v = &self.variant;
        let pocket = if v.drops.piece_drops {
            if v.xboard.pocket_size > 0 {
                v.xboard.pocket_size
            } else {
                v.pieces.len() as u32
            }
        } else {
            0
        };
        let template = if v.xboard.variant_template.is_empty() {
            "fairy".to_string()
        } else {
            v.xboard.variant_template.clone()
        };
        VariantSummary {
            name: v.name.clone(),
            files: v.files,
            ranks: v.ranks,
            pocket,
            template,
            start_fen: v.start_fen.clone(),
            notice: None,
        }
    }

    /// Selects a variant and resets the position to its start.
    pub fn set_variant(&mut self, name: &str) -> Result<VariantSummary, EngineError> {
        self.stop_and_wait();
        let v = self
            .variants
            .get(name)
            .ok_or_else(|| EngineError::UnknownVariant(name.to_string()))?
            .clone();
        let (tables, ev) = self.compiled(&v)?;
        self.variant = v;
        self.tables = tables;
        self.ev = ev;
        let notice = self.apply_nnue(&self.options.clone()).err().map(|e| {
            format!(
                "{e}; {} plays with the hand-crafted evaluation",
                self.variant.name
            )
        });
        let _ = self.options.set(names::VARIANT, Some(name));
        self.set_position(None, &[])?;
        self.tt.clear();
        self.histories.clear();
        Ok(VariantSummary {
            notice,
            ..self.variant_summary()
        })
    }

    /// The tables and evaluation of `v`: kept ones if they were built from the same definition
    /// (the most recently used are kept), else built now.
    fn compiled(&mut self, v: &Variant) -> Result<(AnyTables, Arc<EvalParams>), EngineError> {
        if let Some(i) = self.compiled.iter().position(|c| c.variant == *v) {
            let c = self.compiled.remove(i);
            let found = (c.tables.clone(), Arc::clone(&c.ev));
            self.compiled.push(c);
            return Ok(found);
        }
        let (tables, ev, _) = build_tables(v)?;
        if self.compiled.len() >= COMPILED_KEPT {
            self.compiled.remove(0);
        }
        self.compiled
            .push(Compiled::new(v.clone(), tables.clone(), Arc::clone(&ev)));
        Ok((tables, ev))
    }

    /// The kept record of the current variant.
    pub(super) fn current_compiled(&mut self) -> Option<&mut Compiled> {
        let v = &self.variant;
        self.compiled.iter_mut().find(|c| c.variant == *v)
    }

    /// Loads a variants file (or several separated by `:`, `;` on Windows); returns the names
    /// of the variants defined. Sections with problems are skipped (logged as warnings); see
    /// [`Engine::load_variants_reported`]. The `UCI_Variant` choices are updated.
    pub fn load_variants(&mut self, paths: &str) -> Result<Vec<String>, EngineError> {
        self.load_variants_reported(paths).map(|(names, _)| names)
    }

    /// Like [`Engine::load_variants`], also returning the notices of every file (problems
    /// that cost a section, replaced variants), which are logged as warnings too. Only a file
    /// that cannot be read is an error, and then nothing is loaded.
    pub fn load_variants_reported(
        &mut self,
        paths: &str,
    ) -> Result<(Vec<String>, Vec<String>), EngineError> {
        let sep = if cfg!(windows) { ';' } else { ':' };
        let mut set = self.variants.clone();
        let mut added = Vec::new();
        let mut notices = Vec::new();
        for p in paths.split(sep).map(str::trim).filter(|p| !p.is_empty()) {
            let mut report = set
                .load_file_sections(Path::new(p))
                .map_err(|e| EngineError::Load(e.to_string()))?;
            for n in &report.notices {
                tracing::warn!("{n}");
            }
            added.append(&mut report.loaded);
            notices.append(&mut report.notices);
        }
        self.variants = set;
        let names = self.variant_names();
        self.options.set_combo_vars(names::VARIANT, names);
        Ok((added, notices))
    }

    /// Defines variants from INI text sent at run time (a protocol's `define` block, a
    /// script's standard input), as a file named `source` would: returns the names defined and
    /// the notices (`source:LINE: key: reason; section skipped`, replaced variants). The
    /// `UCI_Variant` choices are updated; the variant being played is not changed.
    pub fn define_variants(&mut self, source: &str, text: &str) -> (Vec<String>, Vec<String>) {
        let report = self.variants.load_sections(source, text);
        for n in &report.notices {
            tracing::warn!("{n}");
        }
        let names = self.variant_names();
        self.options.set_combo_vars(names::VARIANT, names);
        (report.loaded, report.notices)
    }
}
