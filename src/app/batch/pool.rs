//! The worker threads of a batch and the order they take the jobs in.

use super::rows::Job;
use crate::app::exit::AppError;
use crate::search::SEARCH_STACK;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// The pool of `jobs` worker threads (default: one per core), each with a deep stack for the
/// search; and how many there are.
pub fn worker_pool(jobs: Option<usize>) -> Result<(rayon::ThreadPool, usize), AppError> {
    let threads = jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(SEARCH_STACK)
        .thread_name(|i| format!("worker-{i}"))
        .build()
        .map_err(|e| AppError::Threads(e.to_string()))?;
    Ok((pool, threads))
}

/// Runs `work` on the jobs on the pool's threads, taking them in order, and hands each record to
/// `done` (on the calling thread) as it comes; `work` answers `None` for a record to leave out.
/// After `stop` is set no job is started.
pub fn run_jobs<R: Send>(
    pool: &rayon::ThreadPool,
    jobs: &[Job],
    stop: &AtomicBool,
    work: impl Fn(&Job) -> Option<R> + Sync,
    mut done: impl FnMut(usize, R),
) {
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<(usize, R)>();
    std::thread::scope(|s| {
        s.spawn(|| {
            pool.broadcast(|_| {
                let tx = tx.clone();
                while !stop.load(Ordering::Relaxed) {
                    let Some(job) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) else {
                        break;
                    };
                    if let Some(record) = work(job) {
                        let _ = tx.send((job.row, record));
                    }
                }
            });
            drop(tx);
        });
        for (row, record) in rx {
            done(row, record);
        }
    });
}
