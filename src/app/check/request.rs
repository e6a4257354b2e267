//! What `check` is asked: one problem, or collections checked in parallel by the batch runner.
//!
//! For `check`, the moves after an SFEN (`… moves G*5b …`) are the intended solution, not moves
//! to play before solving; a TSV collection may give it in a `line` column instead, and a record
//! file gives it as its moves.

use super::CheckSettings;
use std::path::PathBuf;

/// What `check` was asked.
#[derive(Clone, Debug)]
pub struct CheckRequest {
    /// One problem (SFEN text or a file holding one), or collection files and directories.
    pub problems: Vec<String>,
    /// Take the hands as written: the defender gets no remaining pieces.
    pub literal_hands: bool,
    /// The searches' rules, table and limits, and the overall limits of each problem.
    pub settings: CheckSettings,
    /// Collections: problems checked at once (default: the number of cores).
    pub jobs: Option<usize>,
    /// Print JSON instead of text.
    pub json: bool,
    /// Collections: where to write the JSON report.
    pub report: Option<PathBuf>,
    /// One problem: where to write the main line and the findings' evidence as a KIF.
    pub kif: Option<PathBuf>,
    /// No progress display; a collection's summary gives only the totals.
    pub quiet: bool,
}
