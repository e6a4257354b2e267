//! Limits on a search and its published progress: what stops a search (nodes, time, a flag) and
//! what it shows while it runs, checked every [`LIMIT_CHECK_INTERVAL`] nodes.

use super::answer::MateFound;
use super::params::{HASH_USE_INTERVAL, LIMIT_CHECK_INTERVAL};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Limits on one search. A search stopped by a limit answers "unknown", never "no mate".
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Stop after this many nodes.
    pub nodes: Option<u64>,
    /// Stop after this much time.
    pub time: Option<Duration>,
    /// Stop when this flag is set (for Ctrl-C or a GUI's `stop`).
    pub stop: Option<Arc<AtomicBool>>,
    /// Where the search publishes its progress (for a progress display).
    pub progress: Option<Arc<Progress>>,
}

/// A running search's counters, readable from another thread.
#[derive(Debug, Default)]
pub struct Progress {
    /// Nodes searched, updated every `LIMIT_CHECK_INTERVAL` nodes (`search/params.rs`).
    pub nodes: AtomicU64,
    /// Permille of the table in use, updated every `HASH_USE_INTERVAL` nodes (`search/params.rs`).
    pub hash_permille: AtomicU32,
    /// The mates proven so far, in order (the first found, then each shorter one), each added
    /// as soon as it is proven.
    pub mates_found: Mutex<Vec<MateFound>>,
}

impl Progress {
    /// The mates proven so far.
    pub fn mates_found(&self) -> Vec<MateFound> {
        self.mates_found
            .lock()
            .map(|m| m.clone())
            .unwrap_or_default()
    }
}

impl Limits {
    /// Publishes `nodes` (and, once every [`HASH_USE_INTERVAL`] nodes, the table's use) to the
    /// progress display, if there is one.
    fn publish(&self, nodes: u64, hash_permille: impl FnOnce() -> u32) {
        if let Some(p) = &self.progress {
            p.nodes.store(nodes, Ordering::Relaxed);
            if nodes % HASH_USE_INTERVAL < LIMIT_CHECK_INTERVAL {
                p.hash_permille.store(hash_permille(), Ordering::Relaxed);
            }
        }
    }

    /// Publishes a mate just proven to the progress display, if there is one.
    pub(crate) fn publish_mate(&self, mate: MateFound) {
        if let Some(mut mates) = self
            .progress
            .as_ref()
            .and_then(|p| p.mates_found.lock().ok())
        {
            mates.push(mate);
        }
    }

    fn stop_requested(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
    }
}

/// One running search against its limits: its clock, when it next looks at them, and whether it
/// has stopped.
#[derive(Clone, Debug)]
pub(crate) struct Watch {
    pub limits: Limits,
    pub start: Instant,
    /// The search's node count at which the limits are next checked.
    next_check: u64,
    /// The search stopped: a limit was reached, or another thread decided the root.
    pub aborted: bool,
    /// A node, time or stop limit was reached (not only another thread's answer).
    pub limit_hit: bool,
}

impl Watch {
    /// A watch over `limits` with its clock started now.
    pub fn new(limits: Limits) -> Watch {
        Watch {
            limits,
            start: Instant::now(),
            next_check: 0,
            aborted: false,
            limit_hit: false,
        }
    }

    /// Begins anew under `limits`: the clock restarted, nothing stopped.
    pub fn restart(&mut self, limits: Limits) {
        self.limits = limits;
        self.start = Instant::now();
        self.aborted = false;
        self.limit_hit = false;
        self.next_check = 0;
    }

    /// Goes on under `limits` after a stop, at `nodes` searched; the clock goes on.
    pub fn resume(&mut self, limits: Limits, nodes: u64) {
        self.limits = limits;
        self.aborted = false;
        self.next_check = nodes;
    }

    /// Whether the limits are to be checked at `nodes` searched by this search; if so, the next
    /// check is [`LIMIT_CHECK_INTERVAL`] nodes on.
    #[inline]
    pub fn due(&mut self, nodes: u64) -> bool {
        if nodes < self.next_check {
            return false;
        }
        self.next_check = nodes + LIMIT_CHECK_INTERVAL;
        true
    }

    /// Publishes `total` nodes (of every thread of the search) and stops the search if a limit
    /// is reached.
    pub fn check(&mut self, total: u64, hash_permille: impl FnOnce() -> u32) {
        self.limits.publish(total, hash_permille);
        if self.limits.nodes.is_some_and(|n| total >= n)
            || self.limits.time.is_some_and(|t| self.start.elapsed() >= t)
            || self.limits.stop_requested()
        {
            self.aborted = true;
            self.limit_hit = true;
        }
    }
}
