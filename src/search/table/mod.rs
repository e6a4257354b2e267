//! The transposition table: a fixed number of clusters, allocated once, never grown. A search
//! starts in a small region of it and doubles the region as it fills (`table/region.rs`), so a
//! short search touches (and the system zeroes) only a little memory. A doubling moves entries,
//! so it happens only while no search uses the table: threads searching it together
//! ([`Table::share`]) are asked to stop for it ([`Table::wants_growth`]), the doubling is done
//! on as many threads ([`Table::unshare`]), and they start again.
//!
//! Entries are keyed by the board key (board and side to move) and carry the attacker's hand.
//! A proof holds for every attacker hand that covers the entry's hand, a disproof for every hand
//! that the entry's hand covers (hand superiority): the attacker never does worse with more
//! pieces in hand, and the defender, who holds the rest, never does better with fewer.
//!
//! Here: what a probe finds, how facts and estimates are stored, and which entry a full cluster
//! gives up. The layout of entries, slots and clusters is in `table/slot.rs`, the region's
//! doublings in `table/region.rs`, the memory block in `table/block.rs`.

mod block;

mod region;
mod slot;

use crate::shogi::Hand;
use block::Block;
use region::first_region;
#[cfg(test)]
use region::FIRST_CLUSTERS;
#[cfg(test)]
use region::{full_enough, HUGE_PAGE_CLUSTERS, PARALLEL_GROW_MIN_CLUSTERS};
#[cfg(test)]
use slot::EMPTY;
use slot::{
    block_bytes, capacity, cluster_index, Entries, Entry, Slot, State, CLUSTER_BYTES, WAYS,
};
use std::sync::atomic::AtomicBool;
#[cfg(test)]
use std::sync::atomic::AtomicU64;
use std::sync::atomic::AtomicUsize;
use std::sync::atomic::Ordering::Relaxed;

/// Proof number or disproof number "infinity".
pub const INF: u32 = u32::MAX;
/// A length or depth bound meaning "unbounded".
pub const UNBOUNDED: u16 = u16::MAX;

/// What the table knows about a position (board key and attacker hand) at a depth bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Probe {
    /// Mate in `len` plies (within the bound), proven with attacker hand `hand` or less.
    Proven {
        /// The proven length (an upper bound on the shortest mate).
        len: u16,
        /// The proof hand.
        hand: Hand,
    },
    /// No mate within `within` plies (at least the bound), disproven with `hand` or more.
    Disproven {
        /// The disproven depth.
        within: u16,
        /// The disproof hand.
        hand: Hand,
    },
    /// Not decided at this bound: the last estimates for exactly this hand, or (1, 1).
    Unknown {
        /// Proof number.
        pn: u32,
        /// Disproof number.
        dn: u32,
    },
}

impl Probe {
    /// What a probe of a position the table does not hold returns.
    pub const NOT_FOUND: Probe = Probe::Unknown { pn: 1, dn: 1 };
}

/// Starts loading the cache line of `addr` into the cache, for a read soon after.
#[inline]
pub(crate) fn prefetch(addr: *const u8) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is only a hint: it never faults and changes no memory.
    unsafe {
        std::arch::x86_64::_mm_prefetch(addr as *const i8, std::arch::x86_64::_MM_HINT_T0);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = addr;
}

/// A value alone on its cache line.
#[repr(align(64))]
struct OwnLine<T>(T);

impl<T> std::ops::Deref for OwnLine<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

/// The transposition table. Its methods take `&self`: several searches may share one table
/// ([`Table::share`]), each slot being read and written word by word (see `table/slot.rs`).
pub struct Table {
    entries: Entries,
    /// Clusters of the region in use, the first ones of the block.
    clusters: AtomicUsize,
    /// The region's last size: the first region doubled as often as the block allows.
    max_clusters: usize,
    /// Entries of the region that are not empty, on a cache line of its own: the threads
    /// sharing the table write it, and every probe reads `clusters`.
    used: OwnLine<AtomicUsize>,
    /// Threads are searching the table together: a doubling waits until they stop.
    shared: AtomicBool,
    /// A doubling waits for the threads searching together to stop.
    growth_wanted: AtomicBool,
    /// The region (in clusters) whose doubling's new half was last sent to be faulted in.
    prefaulted: AtomicUsize,
}

impl Table {
    /// A table that takes at most `mb` megabytes (at least one cluster); it starts in a small
    /// region and doubles it as it fills.
    pub fn new(mb: usize) -> Table {
        let capacity = capacity(mb);
        let (first, doublings) = first_region(capacity);
        let entries = Entries::zeroed(capacity * WAYS);
        entries.block.touch(first * CLUSTER_BYTES);
        Table {
            entries,
            clusters: AtomicUsize::new(first),
            max_clusters: first << doublings,
            used: OwnLine(AtomicUsize::new(0)),
            shared: AtomicBool::new(false),
            growth_wanted: AtomicBool::new(false),
            prefaulted: AtomicUsize::new(0),
        }
    }

    /// Empties every entry, and the region back to its first size: the table is as new, with
    /// its memory kept. No search may use the table meanwhile (as for a doubling).
    pub(crate) fn clear(&self) {
        let clusters = self.clusters.load(Relaxed);
        for slot in &self.entries[..clusters * WAYS] {
            slot.clear();
        }
        let (first, _) = first_region(self.entries.len() / WAYS);
        self.clusters.store(first, Relaxed);
        self.growth_wanted.store(false, Relaxed);
        self.prefaulted.store(0, Relaxed);
        self.used.store(0, Relaxed);
    }

    /// Marks the start of a search by several threads at once: until its end, a doubling is
    /// only asked for.
    pub fn share(&self) {
        self.shared.store(true, Relaxed);
    }

    /// Marks the end of a search by `threads` threads at once; a doubling asked for meanwhile is
    /// done now, on as many threads.
    pub fn unshare(&self, threads: usize) {
        self.shared.store(false, Relaxed);
        if self.growth_wanted.swap(false, Relaxed) {
            self.grow(threads);
        }
    }

    /// Whether the threads searching the table together should stop so that it can double.
    #[inline]
    pub fn wants_growth(&self) -> bool {
        self.growth_wanted.load(Relaxed)
    }

    /// Whether a table of `mb` megabytes can be had on this machine now: its block is mapped
    /// and given back at once, nothing touched (or the spare block of its size taken, zeroed
    /// where it was written, and kept again). [`Table::new`] ends the process when the system
    /// refuses its block, so a command checks this first.
    pub fn can_map(mb: usize) -> bool {
        let Some(bytes) = capacity(mb).checked_mul(WAYS).and_then(block_bytes) else {
            return false;
        };
        Block::map(bytes).is_some()
    }

    /// Bytes of the region in use.
    pub(crate) fn region_bytes(&self) -> usize {
        self.clusters.load(Relaxed) * CLUSTER_BYTES
    }

    /// Bytes allocated for entries.
    pub fn size_bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Slot>()
    }

    #[inline]
    fn cluster(&self, key: u64) -> &[Slot] {
        let i = cluster_index(key, self.clusters.load(Relaxed));
        &self.entries[i * WAYS..(i + 1) * WAYS]
    }

    /// Starts loading the cluster of `key` into the cache, for a probe soon after.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        let first = self.cluster(key).as_ptr() as *const u8;
        for line in 0..CLUSTER_BYTES.div_ceil(64) {
            // The address stays within the cluster (or one line past it, which is not read).
            prefetch(first.wrapping_add(line * 64));
        }
    }

    /// What is known of the position with board key `key` and attacker hand `hand`, for a
    /// search that may still use `depth` plies.
    pub fn probe(&self, key: u64, hand: Hand, depth: u16) -> Probe {
        let mut unknown = Probe::NOT_FOUND;
        let mut best_proof: Option<(u16, Hand)> = None;
        for e in self.cluster(key).iter().filter_map(|s| s.entry_for(key)) {
            match e.state {
                State::Proven
                    if e.len <= depth
                        && hand.covers(e.hand)
                        && best_proof.is_none_or(|(l, _)| e.len < l) =>
                {
                    best_proof = Some((e.len, e.hand));
                }
                State::Disproven if e.len >= depth && e.hand.covers(hand) => {
                    return Probe::Disproven {
                        within: e.len,
                        hand: e.hand,
                    };
                }
                State::Unknown if e.hand == hand => {
                    unknown = Probe::Unknown { pn: e.pn, dn: e.dn };
                }
                _ => {}
            }
        }
        match best_proof {
            Some((len, hand)) => Probe::Proven { len, hand },
            None => unknown,
        }
    }

    /// Records search estimates for exactly this hand; returns what a full cluster gave up.
    pub fn store_unknown(&self, key: u64, hand: Hand, pn: u32, dn: u32, work: u32) -> Replaced {
        let cluster = self.cluster(key);
        for slot in cluster {
            let Some(mut e) = slot.entry_for(key) else {
                continue;
            };
            if e.state == State::Unknown && e.hand == hand {
                e.pn = pn;
                e.dn = dn;
                e.work = e.work.saturating_add(work);
                slot.store(&e);
                return Replaced::Nothing;
            }
        }
        let e = Entry {
            key,
            hand,
            pn,
            dn,
            work,
            len: 0,
            state: State::Unknown,
        };
        let slot = victim(cluster);
        let old = slot.load().state;
        slot.store(&e);
        self.fill(old == State::Empty);
        Replaced::of(old)
    }

    /// Records a proof: mate within `len` plies for every attacker hand covering `proof_hand`.
    /// Drops the estimates kept for `hand`, which the proof now covers. Returns what a full
    /// cluster gave up.
    pub fn store_proven(
        &self,
        key: u64,
        hand: Hand,
        proof_hand: Hand,
        len: u16,
        work: u32,
    ) -> Replaced {
        self.store_final(key, hand, State::Proven, proof_hand, len, work)
    }

    /// Records a disproof: no mate within `within` plies for every hand `disproof_hand` covers;
    /// returns what a full cluster gave up.
    pub fn store_disproven(
        &self,
        key: u64,
        hand: Hand,
        disproof_hand: Hand,
        within: u16,
        work: u32,
    ) -> Replaced {
        self.store_final(key, hand, State::Disproven, disproof_hand, within, work)
    }

    fn store_final(
        &self,
        key: u64,
        hand: Hand,
        state: State,
        h: Hand,
        len: u16,
        work: u32,
    ) -> Replaced {
        let cluster = self.cluster(key);
        for slot in cluster {
            let Some(mut e) = slot.entry_for(key) else {
                continue;
            };
            if e.state == State::Unknown && e.hand == hand {
                slot.clear();
                self.emptied();
            } else if e.state == state && e.hand == h {
                // Keep the stronger fact: the shorter proof, the deeper disproof.
                e.len = match state {
                    State::Proven => e.len.min(len),
                    _ => e.len.max(len),
                };
                e.work = e.work.saturating_add(work);
                slot.store(&e);
                return Replaced::Nothing;
            }
        }
        let (pn, dn) = if state == State::Proven {
            (0, INF)
        } else {
            (INF, 0)
        };
        let slot = victim(cluster);
        let old = slot.load().state;
        slot.store(&Entry {
            key,
            hand: h,
            pn,
            dn,
            work,
            len,
            state,
        });
        self.fill(old == State::Empty);
        Replaced::of(old)
    }

    /// Permille of the table's entries in use.
    pub fn usage_permille(&self) -> u32 {
        let capacity = self.max_clusters * WAYS;
        (self.used.load(Relaxed).min(capacity) * 1000 / capacity) as u32
    }
}

/// What a store gave up to make room: the entry of another position (or hand) that it
/// overwrote in a full cluster, by its state; an update in place or an empty slot gives up
/// nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Replaced {
    /// No entry given up.
    Nothing,
    /// The estimates of a node not decided.
    Estimate,
    /// A proof.
    Proof,
    /// A disproof.
    Disproof,
}

impl Replaced {
    fn of(old: State) -> Replaced {
        match old {
            State::Empty => Replaced::Nothing,
            State::Unknown => Replaced::Estimate,
            State::Proven => Replaced::Proof,
            State::Disproven => Replaced::Disproof,
        }
    }
}

/// Above the value of any estimate or disproof (`1 + u32::MAX` at most).
const PROOF_VALUE: u64 = 1 << 33;

/// The slot to overwrite: an empty one, else the one with the least value. A proof is kept
/// before any estimate or disproof (the main line is read from the proofs); an estimate and a
/// disproof are worth the work spent on them. A disproof kept whatever its work filled a full
/// table with the many cheap ones of a disproof under a bound, and the estimates of the nodes
/// still being searched were lost instead. A proof or disproof counts the work of the visit that
/// decided it, not that of the estimate it replaces: carrying that over was no better.
/// `docs/performance-log.md`, "After 94ca001", "A full cluster gives up the entry with the least
/// work".
fn victim(cluster: &[Slot]) -> &Slot {
    let value = |s: &Slot| -> u64 {
        let e = s.load();
        match e.state {
            State::Empty => 0,
            State::Unknown | State::Disproven => 1 + e.work as u64,
            State::Proven => PROOF_VALUE + e.work as u64,
        }
    };
    cluster
        .iter()
        .min_by_key(|s| value(s))
        .expect("a cluster has entries")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shogi::PieceKind;

    #[test]
    fn a_zeroed_entry_is_empty() {
        let t = Table::new(1);
        assert!(t.entries.iter().all(|s| s.load() == EMPTY));
        assert_eq!(t.usage_permille(), 0);
    }

    #[test]
    fn superiority_applies_in_both_directions() {
        let t = Table::new(1);
        let g = Hand::EMPTY.plus(PieceKind::Gold);
        let gs = g.plus(PieceKind::Silver);
        t.store_proven(7, gs, g, 5, 1);
        assert_eq!(t.probe(7, gs, 9), Probe::Proven { len: 5, hand: g });
        assert_eq!(t.probe(7, g, 9), Probe::Proven { len: 5, hand: g });
        assert_eq!(t.probe(7, Hand::EMPTY, 9), Probe::Unknown { pn: 1, dn: 1 });
        // A proof longer than the bound does not answer.
        assert_eq!(t.probe(7, g, 3), Probe::Unknown { pn: 1, dn: 1 });
        t.store_disproven(8, g, gs, UNBOUNDED, 1);
        assert!(matches!(
            t.probe(8, Hand::EMPTY, 9),
            Probe::Disproven { .. }
        ));
        assert!(matches!(
            t.probe(8, gs.plus(PieceKind::Pawn), 9),
            Probe::Unknown { .. }
        ));
        // A disproof within a bound answers only for bounds up to it.
        t.store_disproven(9, g, g, 4, 1);
        assert!(matches!(t.probe(9, g, 3), Probe::Disproven { .. }));
        assert!(matches!(t.probe(9, g, 5), Probe::Unknown { .. }));
    }

    #[test]
    fn a_torn_read_of_the_estimates_is_never_a_proof_or_a_disproof() {
        let t = Table::new(1);
        let g = Hand::EMPTY.plus(PieceKind::Gold);
        t.store_unknown(7, g, 3, 4, 1);
        let slot = t
            .cluster(7)
            .iter()
            .find(|s| s.entry_for(7).is_some())
            .unwrap();
        // Another thread rewriting the slot for another key has written its estimate word
        // (a proof's: pn 0, dn INF) but not yet its fact word and key: a miss.
        slot.0[2].store((INF as u64) << 32, Relaxed);
        assert_eq!(t.probe(7, g, 9), Probe::NOT_FOUND);
        // And a disproof's (pn INF, dn 0).
        slot.0[2].store(INF as u64, Relaxed);
        assert_eq!(t.probe(7, g, 9), Probe::NOT_FOUND);
    }

    /// The key of test entry `k`, spread over the clusters.
    fn key(k: u64) -> u64 {
        k.wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }

    /// The attacker hand (and proof hand) of the test entries.
    fn gold() -> Hand {
        Hand::EMPTY.plus(PieceKind::Gold)
    }

    /// Stores test entries 1, 2, … (entry `k` a proof of length `k % 100` for [`gold`]) until
    /// `done`; the entries stored.
    fn fill_until(t: &Table, done: impl Fn(&Table) -> bool) -> u64 {
        let mut k = 0;
        while !done(t) {
            k += 1;
            t.store_proven(key(k), gold(), gold(), (k % 100) as u16, 1);
        }
        k
    }

    /// How many of test entries 1 to `k` the table holds as proofs.
    fn proofs_kept(t: &Table, k: u64) -> usize {
        (1..=k)
            .filter(|&k| matches!(t.probe(key(k), gold(), 200), Probe::Proven { .. }))
            .count()
    }

    #[test]
    fn doubling_the_region_keeps_every_entry() {
        let t = Table::new(16);
        assert_eq!(
            (t.clusters.load(Relaxed), t.max_clusters),
            (FIRST_CLUSTERS, (16 << 20) / CLUSTER_BYTES)
        );
        let g = gold();
        let k = fill_until(&t, |t| t.clusters.load(Relaxed) > FIRST_CLUSTERS);
        // The store that doubled the region was the last; every key kept before is still there.
        assert_eq!(t.clusters.load(Relaxed), 2 * FIRST_CLUSTERS);
        assert!(full_enough(t.used.load(Relaxed), FIRST_CLUSTERS));
        assert!(!full_enough(t.used.load(Relaxed) - 1, FIRST_CLUSTERS));
        let kept = |t: &Table| {
            let proof = |k: u64| Probe::Proven {
                len: (k % 100) as u16,
                hand: g,
            };
            (1..=k)
                .filter(|&k| t.probe(key(k), g, 200) == proof(k))
                .count()
        };
        let found = kept(&t);
        assert_eq!(found, t.used.load(Relaxed));
        assert!(found as u64 > k * 99 / 100, "{found} of {k}");
        while t.clusters.load(Relaxed) < t.max_clusters {
            t.grow(1);
        }
        assert_eq!(t.clusters.load(Relaxed), t.max_clusters);
        let again = kept(&t);
        assert_eq!(again, found);
        assert_eq!(
            t.usage_permille() as usize,
            t.used.load(Relaxed) * 1000 / (t.max_clusters * WAYS)
        );
    }

    #[test]
    fn a_slot_torn_by_two_writes_is_dropped_at_a_doubling() {
        let t = Table::new(16);
        let g = gold();
        t.store_proven(key(1), g, g, 5, 1);
        t.store_proven(key(2), g, g, 7, 1);
        let clusters = t.clusters.load(Relaxed);
        let slot = t
            .cluster(key(1))
            .iter()
            .find(|s| s.entry_for(key(1)).is_some())
            .unwrap();
        // Two threads wrote the slot at once, and it was left with the estimate word of one
        // write and the key word of the other: its words give a key of another cluster.
        slot.0[2].store(0x5555_5555_0000_0001, Relaxed);
        let torn = Slot::key_of(&slot.words());
        assert_ne!(
            cluster_index(torn, clusters),
            cluster_index(key(1), clusters)
        );
        assert_eq!(t.used.load(Relaxed), 2);
        t.grow(1);
        assert_eq!(t.clusters.load(Relaxed), 2 * clusters);
        assert_eq!(t.probe(key(1), g, 200), Probe::NOT_FOUND);
        assert_eq!(t.probe(key(2), g, 200), Probe::Proven { len: 7, hand: g });
        let held = t.entries.iter().filter(|s| Slot::holds_entry(&s.words()));
        assert_eq!(held.count(), 1);
        assert_eq!(t.used.load(Relaxed), 1);
    }

    #[test]
    fn a_doubling_on_two_threads_writes_what_one_thread_writes() {
        // A region of 32 MB, so that each of two threads moves its own part of the top half.
        let tables = [Table::new(64), Table::new(64)];
        let stored = tables
            .each_ref()
            .map(|t| fill_until(t, |t| t.region_bytes() >= 32 << 20));
        assert_eq!(stored[0], stored[1]);
        let stored = stored[0];
        const _: () = assert!(32 << 20 >= 4 * PARALLEL_GROW_MIN_CLUSTERS * CLUSTER_BYTES);
        tables[0].grow(1);
        tables[1].grow(2);
        let words = |t: &Table| t.entries.iter().map(Slot::words).collect::<Vec<_>>();
        assert_eq!(tables[0].region_bytes(), 64 << 20);
        assert_eq!(tables[1].region_bytes(), 64 << 20);
        assert!(words(&tables[0]) == words(&tables[1]));
        let kept = proofs_kept(&tables[1], stored);
        assert_eq!(kept, tables[1].used.load(Relaxed));
        assert!(kept as u64 > stored * 99 / 100, "{kept} of {stored}");
    }

    #[test]
    fn a_region_below_a_huge_page_doubles_at_a_sixteenth_full_a_larger_one_at_half() {
        let small = FIRST_CLUSTERS * WAYS;
        assert!(!full_enough(small / 16, FIRST_CLUSTERS));
        assert!(full_enough(small / 16 + 1, FIRST_CLUSTERS));
        let last_small = HUGE_PAGE_CLUSTERS / 2;
        assert!(!full_enough(last_small * WAYS / 16, last_small));
        assert!(full_enough(last_small * WAYS / 16 + 1, last_small));
        let large = HUGE_PAGE_CLUSTERS * WAYS;
        assert!(!full_enough(large / 2, HUGE_PAGE_CLUSTERS));
        assert!(full_enough(large / 2 + 1, HUGE_PAGE_CLUSTERS));
    }

    #[test]
    fn a_shared_table_doubles_only_once_its_threads_stop() {
        let t = Table::new(16);
        t.share();
        let k = fill_until(&t, Table::wants_growth);
        // Full enough while shared: asked for, not done; nothing is lost meanwhile.
        assert_eq!(t.clusters.load(Relaxed), FIRST_CLUSTERS);
        assert!(full_enough(t.used.load(Relaxed), FIRST_CLUSTERS));
        let stored = proofs_kept(&t, k);
        assert_eq!(stored, t.used.load(Relaxed));
        t.unshare(1);
        assert_eq!(t.clusters.load(Relaxed), 2 * FIRST_CLUSTERS);
        assert!(!t.wants_growth());
        assert_eq!(proofs_kept(&t, k), stored);
    }

    /// Fills a table until its region has doubled twice; the entries stored.
    fn fill_past_two_doublings(t: &Table) -> u64 {
        fill_until(t, |t| t.clusters.load(Relaxed) >= 4 * FIRST_CLUSTERS)
    }

    /// Whether every slot of the table's block is empty, past its region too.
    fn all_empty(t: &Table) -> bool {
        t.entries.iter().all(|s| s.load().state == State::Empty)
    }

    #[test]
    fn a_cleared_table_is_as_new() {
        let t = Table::new(16);
        let stored = fill_past_two_doublings(&t);
        t.clear();
        assert!(all_empty(&t));
        assert_eq!(t.clusters.load(Relaxed), FIRST_CLUSTERS);
        assert_eq!(t.used.load(Relaxed), 0);
        // It fills and doubles again as a new one does.
        assert_eq!(fill_past_two_doublings(&t), stored);
    }

    #[test]
    fn a_table_made_after_one_was_dropped_is_empty() {
        // Whether or not the new table takes the dropped one's memory (another test may have
        // given back a block since), it holds nothing.
        let t = Table::new(16);
        fill_past_two_doublings(&t);
        drop(t);
        let t = Table::new(16);
        assert!(all_empty(&t));
        assert_eq!(t.usage_permille(), 0);
    }

    #[test]
    fn a_table_too_large_to_map_is_refused() {
        assert!(Table::can_map(1));
        // More than the address space of any machine (a petabyte), and more than a size holds.
        assert!(!Table::can_map(1 << 30));
        assert!(!Table::can_map(usize::MAX >> 20));
        assert!(!Table::can_map(usize::MAX));
    }

    #[test]
    fn a_full_cluster_gives_up_the_least_work_and_keeps_proofs() {
        use State::{Disproven as D, Proven as P, Unknown as U};
        let cluster: [Slot; WAYS] = std::array::from_fn(|_| Slot([0, 0, 0, 0].map(AtomicU64::new)));
        let victim_index = || {
            let v = victim(&cluster);
            cluster.iter().position(|s| std::ptr::eq(s, v)).unwrap()
        };
        // The slot given up in a cluster of entries of these states and work.
        let victim_of = |entries: [(State, u32); WAYS]| {
            for (slot, &(state, work)) in cluster.iter().zip(&entries) {
                let (pn, dn, len, hand) = (1, 1, 3, Hand::EMPTY);
                slot.store(&Entry {
                    key: 1,
                    hand,
                    pn,
                    dn,
                    work,
                    len,
                    state,
                });
            }
            victim_index()
        };
        // A proof with the least work stays; the estimate with the least work of the others goes.
        assert_eq!(victim_of([(P, 1), (D, 6), (U, 5), (U, 9)]), 2);
        // A disproof with less work than every estimate goes before them.
        assert_eq!(victim_of([(P, 1), (U, 5), (D, 4), (U, 9)]), 2);
        // With the most work an entry records, a disproof still goes before a proof with none.
        assert_eq!(victim_of([(P, 0), (D, u32::MAX), (P, 0), (P, 0)]), 1);
        // An empty slot goes first.
        cluster[3].clear();
        assert_eq!(victim_index(), 3);
    }

    #[test]
    fn the_allocation_never_grows() {
        let t = Table::new(1);
        let size = t.size_bytes();
        assert!(size <= 1 << 20);
        for k in 0..200_000u64 {
            t.store_unknown(key(k), Hand::EMPTY, 3, 4, 1);
        }
        assert_eq!(t.size_bytes(), size);
        assert!(t.usage_permille() > 900);
    }
}
