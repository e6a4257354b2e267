//! `tsume selfcheck`: df-pn against a plain bounded AND/OR search on seeded random tsume
//! positions, under the rules of the game.
//!
//! Each position is solved by the real solver (the entry point of `solve --rules game`, with a
//! node limit) and by [`crate::search::bounded`] up to [`MAX_PLIES`] plies. They agree when
//! df-pn's mate of L ≤ 7 plies is the bounded search's shortest mate, and when df-pn's longer mate
//! or proven no-mate is no mate within 7 plies for the bounded search. Every df-pn line is also
//! replayed through the rules. A search stopped by its limit is counted, not compared.

pub mod compare;
pub mod generate;
mod summary;

pub use compare::{Agreement, Case, Dfpn, MAX_PLIES};
pub use summary::Summary;

use super::batch::worker_pool;
use super::exit::AppError;
use crate::search::{Limits, Options, Rules};
use rayon::prelude::*;
use std::time::{Duration, Instant};

/// What `selfcheck` was asked.
#[derive(Clone, Debug)]
pub struct SelfcheckRequest {
    /// How many random positions.
    pub count: u64,
    /// The run's seed: position `i` depends only on it and `i`.
    pub seed: u64,
    /// Positions solved at once (default: the number of cores).
    pub jobs: Option<usize>,
    /// df-pn's node limit per position.
    pub nodes: u64,
    /// df-pn's time limit per position.
    pub time: Option<Duration>,
    /// df-pn's table size per position, in megabytes.
    pub hash_mb: usize,
    /// The bounded search's node budget per position.
    pub bounded_nodes: u64,
    /// Print the summary as JSON.
    pub json: bool,
    /// No progress bar.
    pub quiet: bool,
}

/// Compares the two searches on `req.count` positions on `req.jobs` worker threads, telling
/// `seen` of each case as it is decided: the cases in order, the threads and the time taken.
pub fn compare_all(
    req: &SelfcheckRequest,
    seen: impl Fn(&Case) + Sync,
) -> Result<(Vec<Case>, usize, Duration), AppError> {
    let (pool, threads) = worker_pool(req.jobs).map_err(|e| AppError::Internal(e.to_string()))?;
    let options = Options {
        rules: Rules::Game,
        hash_mb: req.hash_mb,
        limits: Limits {
            nodes: Some(req.nodes),
            time: req.time,
            ..Limits::default()
        },
        ..Options::default()
    };
    let start = Instant::now();
    let cases: Vec<Case> = pool.install(|| {
        (0..req.count)
            .into_par_iter()
            .map(|i| {
                let pos = generate::random_problem(req.seed, i);
                let case = std::panic::catch_unwind(|| {
                    compare::check_one(i, &pos, &options, req.bounded_nodes)
                })
                .unwrap_or_else(|_| compare::panicked(i, &pos));
                seen(&case);
                case
            })
            .collect()
    });
    Ok((cases, threads, start.elapsed()))
}
