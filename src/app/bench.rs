//! `tsume bench`'s search of one problem: on a thread of its own with a deep stack, its record
//! and, with `--stats`, where its searches' visits went ([`crate::search::stats`]).

use super::batch::Job;
use super::verify::{record_of, ProblemRecord};
use crate::search::stats::SearchStats;
use crate::search::{solve, Options, SEARCH_STACK};

/// Runs one search on a thread of its own with a deep stack (the search recurses once a ply);
/// its record, and the statistics of its searches if asked for.
pub fn solve_on_deep_stack(job: Job, options: &Options) -> (ProblemRecord, Vec<SearchStats>) {
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .stack_size(SEARCH_STACK)
            .spawn_scoped(s, || {
                let mut report = solve(&job.position, options);
                let stats = std::mem::take(&mut report.stats);
                (record_of(&job, &report), stats)
            })
            .expect("spawn the search thread")
            .join()
            .expect("the search thread does not panic")
    })
}
