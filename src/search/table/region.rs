//! The region of the table in use: it starts small and doubles as it fills, moving each
//! cluster's entries to the two clusters that take its keys in the doubled region.

use super::block::HUGE_PAGE;
use super::slot::{cluster_index, Slot, CLUSTER_BYTES, WAYS};
use super::Table;
use crate::search::params::{FIRST_REGION_BYTES, SMALL_REGION_SHARE};
use std::sync::atomic::Ordering::Relaxed;

/// The fewest clusters a thread of a doubling on several threads takes on (8 MB).
pub(super) const PARALLEL_GROW_MIN_CLUSTERS: usize = (8 << 20) / CLUSTER_BYTES;

/// The least new half worth faulting in ahead of time.
const PREFAULT_MIN_BYTES: usize = 16 << 20;

/// Clusters of the first region ([`FIRST_REGION_BYTES`]).
pub(super) const FIRST_CLUSTERS: usize = FIRST_REGION_BYTES / CLUSTER_BYTES;

/// Clusters of one huge page (2 MB). A region smaller than that doubles once
/// `1 / SMALL_REGION_SHARE` of its entries are taken, so that its clusters seldom overflow (an
/// overflow loses an entry), a larger one once half of it is.
pub(super) const HUGE_PAGE_CLUSTERS: usize = HUGE_PAGE / CLUSTER_BYTES;

/// Whether a region of `clusters` clusters with `used` entries taken is full enough to double.
pub(super) fn full_enough(used: usize, clusters: usize) -> bool {
    let share = if clusters < HUGE_PAGE_CLUSTERS {
        SMALL_REGION_SHARE
    } else {
        2
    };
    used * share > clusters * WAYS
}

impl Table {
    /// Counts an entry written over an empty slot, growing the region once it is full enough
    /// ([`full_enough`]; or asking for it, while threads share the table); at 7/16 full, the
    /// pages the doubling of a larger region will add start being faulted in: late enough that
    /// a search ending before the doubling seldom has them zeroed in vain (they cost a core
    /// second a gigabyte here, which a second search thread pays), early enough to be ready.
    pub(super) fn fill(&self, was_empty: bool) {
        if !was_empty {
            return;
        }
        let used = self.used.fetch_add(1, Relaxed) + 1;
        let clusters = self.clusters.load(Relaxed);
        if clusters < self.max_clusters && full_enough(used, clusters) {
            if self.shared.load(Relaxed) {
                self.growth_wanted.store(true, Relaxed);
            } else {
                self.grow(1);
            }
        } else if clusters < self.max_clusters
            && used * 16 > clusters * WAYS * 7
            && self.prefaulted.load(Relaxed) != clusters
        {
            self.prefaulted.store(clusters, Relaxed);
            self.start_prefault(clusters);
        }
    }

    /// Has the half that doubling a region of `clusters` adds faulted in on another thread, if
    /// it is large enough to be worth a thread: the doubling then finds its pages ready.
    pub(super) fn start_prefault(&self, clusters: usize) {
        let bytes = clusters * CLUSTER_BYTES;
        if bytes >= PREFAULT_MIN_BYTES {
            self.entries.block.prefault(bytes, 2 * bytes);
        }
    }

    /// An entry went back to empty. (Two threads emptying one slot at once count it twice: the
    /// count, which only times the doublings, stays at zero or above.)
    pub(super) fn emptied(&self) {
        let _ = self
            .used
            .fetch_update(Relaxed, Relaxed, |u| Some(u.saturating_sub(1)));
    }

    /// Doubles the region on `threads` threads (no other thread may use the table meanwhile).
    ///
    /// The entries of cluster `i` go to clusters `2i` and `2i + 1` of the doubled region, which
    /// [`Table::split_cluster`] writes whole. The clusters are taken by halves from the top:
    /// those of `[lo, hi)`, with `2 lo >= hi`, write `[2 lo, 2 hi)`, which no cluster of the
    /// half reads and every cluster above it has been read from already; so the clusters of a
    /// half can be moved in any order, on any thread. The last half is cluster 0 alone.
    pub(super) fn grow(&self, threads: usize) {
        let clusters = self.clusters.load(Relaxed);
        let new_clusters = clusters * 2;
        self.entries.block.touch(new_clusters * CLUSTER_BYTES);
        let mut hi = clusters;
        while hi > 0 {
            let lo = if hi == 1 { 0 } else { hi.div_ceil(2) };
            let part = (hi - lo).div_ceil(threads.max(1));
            let split = move |start: usize| {
                (start..(start + part).min(hi)).for_each(|i| self.split_cluster(i, new_clusters))
            };
            if threads <= 1 || part < PARALLEL_GROW_MIN_CLUSTERS {
                (lo..hi).for_each(|i| self.split_cluster(i, new_clusters));
            } else {
                std::thread::scope(|scope| {
                    // The first part on this thread; a part the system gives no thread for
                    // is moved here too.
                    for start in (lo + part..hi).step_by(part) {
                        let spawned = std::thread::Builder::new()
                            .name("tsume-grow".to_string())
                            .spawn_scoped(scope, move || split(start));
                        if spawned.is_err() {
                            split(start);
                        }
                    }
                    split(lo);
                });
            }
            hi = lo;
        }
        self.clusters.store(new_clusters, Relaxed);
    }

    /// Moves the entries of cluster `i` to clusters `2i` and `2i + 1` of a region of
    /// `new_clusters`, writing both whole (the rest of each empty). A slot whose words give the
    /// key of another cluster was torn by two threads writing it at once: no probe can match
    /// it, and it is dropped.
    pub(super) fn split_cluster(&self, i: usize, new_clusters: usize) {
        let old: [[u64; 4]; WAYS] = std::array::from_fn(|w| self.entries[i * WAYS + w].words());
        let mut halves = [[[0u64; 4]; WAYS]; 2];
        let mut filled = [0; 2];
        for words in old.iter().filter(|w| Slot::holds_entry(w)) {
            let key = Slot::key_of(words);
            if cluster_index(key, new_clusters / 2) != i {
                self.emptied();
                continue;
            }
            let half = cluster_index(key, new_clusters) - 2 * i;
            halves[half][filled[half]] = *words;
            filled[half] += 1;
        }
        let targets = &self.entries[2 * i * WAYS..(2 * i + 2) * WAYS];
        for (slot, words) in targets.iter().zip(halves.iter().flatten()) {
            slot.set_words(words);
        }
    }
}

/// The clusters of the first region of a block of `capacity` clusters (the block halved while
/// the half has [`FIRST_CLUSTERS`]), and how often it doubles within the block.
pub(super) fn first_region(capacity: usize) -> (usize, u32) {
    let mut first = capacity;
    let mut doublings = 0;
    while first / 2 >= FIRST_CLUSTERS {
        first /= 2;
        doublings += 1;
    }
    (first, doublings)
}
