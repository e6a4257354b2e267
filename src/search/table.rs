//! The transposition table: a fixed number of clusters, allocated once, never grown. A search
//! starts in a small region of it and doubles the region as it fills ([`full_enough`]), so a
//! short search touches (and the system zeroes) only a little memory. A doubling moves entries,
//! so it happens only while no search uses the table: threads searching it together
//! ([`Table::share`]) are asked to stop for it ([`Table::wants_growth`]), the doubling is done
//! on as many threads ([`Table::unshare`]), and they start again.
//!
//! Entries are keyed by the board key (board and side to move) and carry the attacker's hand.
//! A proof holds for every attacker hand that covers the entry's hand, a disproof for every hand
//! that the entry's hand covers (hand superiority): the attacker never does worse with more
//! pieces in hand, and the defender, who holds the rest, never does better with fewer.

mod block;

use crate::shogi::Hand;
use block::{Block, HUGE_PAGE};
use std::sync::atomic::AtomicBool;
use std::sync::atomic::AtomicU64;
use std::sync::atomic::AtomicUsize;
use std::sync::atomic::Ordering::Relaxed;

/// Proof number or disproof number "infinity".
pub const INF: u32 = u32::MAX;
/// A length or depth bound meaning "unbounded".
pub const UNBOUNDED: u16 = u16::MAX;

/// What an entry says about its position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u8)]
enum State {
    Empty = 0,
    /// Search in progress: `pn`, `dn` are estimates for exactly this hand.
    Unknown = 1,
    /// Mate in at most `len` plies for every attacker hand covering `hand`.
    Proven = 2,
    /// No mate within `len` plies (`UNBOUNDED`: none at all) for every hand `hand` covers.
    Disproven = 3,
}

impl State {
    fn from_bits(b: u8) -> State {
        match b {
            1 => State::Unknown,
            2 => State::Proven,
            3 => State::Disproven,
            _ => State::Empty,
        }
    }
}

/// An entry as the table's code reads and writes it; in memory it is a [`Slot`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Entry {
    key: u64,
    hand: Hand,
    pn: u32,
    dn: u32,
    work: u32,
    len: u16,
    state: State,
}

/// An entry in memory: four words, each read and written atomically, so threads may share the
/// table. Word 1 holds what makes an entry a fact (hand, length, state), word 2 the estimates
/// (pn, dn), word 0 the key XOR words 1 and 2: a read that mixes two writes of the same slot
/// gives a key that matches nothing unless words 1 and 2 are the same in both, so a torn read is
/// a miss, never a false fact or another entry's estimates (a proof's pn 0 read as this undecided
/// entry's made false proofs with two threads). Two writes at once can leave a slot torn so at
/// rest: it then matches no probe, and a doubling drops it ([`Table::split_cluster`]). Word 3 is
/// the work. All zero is an empty slot.
#[repr(C, align(32))]
struct Slot([AtomicU64; 4]);

const _: () = assert!(std::mem::size_of::<Slot>() == 32);

impl Slot {
    #[inline]
    fn fact_word(e: &Entry) -> u64 {
        e.hand.raw() as u64 | (e.len as u64) << 32 | (e.state as u64) << 48
    }

    /// The slot's entry, if it is one for `key` (word 0 is read before the rest: a slot
    /// holding another key costs two loads).
    #[inline]
    fn entry_for(&self, key: u64) -> Option<Entry> {
        let (w1, w2) = (self.0[1].load(Relaxed), self.0[2].load(Relaxed));
        if self.0[0].load(Relaxed) ^ w1 ^ w2 != key || w1 >> 48 == State::Empty as u64 {
            return None;
        }
        Some(self.decode(key, w1, w2))
    }

    #[inline]
    fn load(&self) -> Entry {
        let (w1, w2) = (self.0[1].load(Relaxed), self.0[2].load(Relaxed));
        self.decode(self.0[0].load(Relaxed) ^ w1 ^ w2, w1, w2)
    }

    /// The entry with key `key`, fact word `w1` and estimate word `w2`, its work read now.
    #[inline]
    fn decode(&self, key: u64, w1: u64, w2: u64) -> Entry {
        let w3 = self.0[3].load(Relaxed);
        Entry {
            key,
            hand: Hand::from_raw(w1 as u32),
            len: (w1 >> 32) as u16,
            state: State::from_bits((w1 >> 48) as u8),
            pn: w2 as u32,
            dn: (w2 >> 32) as u32,
            work: w3 as u32,
        }
    }

    #[inline]
    fn store(&self, e: &Entry) {
        let w1 = Slot::fact_word(e);
        let w2 = e.pn as u64 | (e.dn as u64) << 32;
        self.0[1].store(w1, Relaxed);
        self.0[2].store(w2, Relaxed);
        self.0[3].store(e.work as u64, Relaxed);
        self.0[0].store(e.key ^ w1 ^ w2, Relaxed);
    }

    /// The slot's four words, as they are in memory.
    fn words(&self) -> [u64; 4] {
        std::array::from_fn(|i| self.0[i].load(Relaxed))
    }

    /// Writes four words read by [`Slot::words`].
    fn set_words(&self, words: &[u64; 4]) {
        for (w, &v) in self.0.iter().zip(words) {
            w.store(v, Relaxed);
        }
    }

    /// Whether a slot's words hold an entry (not an empty slot).
    fn holds_entry(words: &[u64; 4]) -> bool {
        words[1] >> 48 != State::Empty as u64
    }

    /// The key of the entry a slot's words hold.
    fn key_of(words: &[u64; 4]) -> u64 {
        words[0] ^ words[1] ^ words[2]
    }

    #[inline]
    fn clear(&self) {
        for w in &self.0 {
            w.store(0, Relaxed);
        }
    }
}

/// An unused slot, as a fresh table (zeroed memory) holds.
#[cfg(test)]
const EMPTY: Entry = Entry {
    key: 0,
    hand: Hand::EMPTY,
    pn: 0,
    dn: 0,
    work: 0,
    len: 0,
    state: State::Empty,
};

/// Entries per cluster: all entries of one board key live in one cluster. Four entries make two
/// cache lines, which a probe waits on; eight took 7 % longer on 図巧 No. 1 for the same nodes.
const WAYS: usize = 4;

/// Bytes of a cluster.
const CLUSTER_BYTES: usize = WAYS * std::mem::size_of::<Slot>();

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

/// The fewest clusters a thread of a doubling on several threads takes on (8 MB).
const PARALLEL_GROW_MIN_CLUSTERS: usize = (8 << 20) / CLUSTER_BYTES;

/// Clusters of the first region (64 KB). A short search, as most problems of a collection are,
/// writes a few hundred entries, and a table given back is zeroed where its region was before
/// the next problem's table takes it. With a first region of one huge page (2 MB) that zeroing
/// was a quarter of the time of `verify` on the 32 mates of three to seven plies; with 64 KB they
/// run 1.3 times as fast.
const FIRST_CLUSTERS: usize = (64 << 10) / CLUSTER_BYTES;

/// Clusters of one huge page (2 MB). A region smaller than that doubles once a sixteenth of it is
/// taken ([`SMALL_REGION_SHARE`]), a larger one once half of it is.
const HUGE_PAGE_CLUSTERS: usize = HUGE_PAGE / CLUSTER_BYTES;

/// A region below [`HUGE_PAGE_CLUSTERS`] doubles once `1 / SMALL_REGION_SHARE` of its entries
/// are taken, so that its clusters seldom overflow (an overflow loses an entry). Doubling at half
/// full from 64 KB, the 87 bundled problems took 5.45 M nodes against 5.00 M with a first region
/// of 2 MB, and 4.99 M at a sixteenth. The likely cause, estimated rather than counted: each of
/// the five doublings up to 2 MB fills clusters to about half, where some overflow.
const SMALL_REGION_SHARE: usize = 16;

/// Whether a region of `clusters` clusters with `used` entries taken is full enough to double.
fn full_enough(used: usize, clusters: usize) -> bool {
    let share = if clusters < HUGE_PAGE_CLUSTERS {
        SMALL_REGION_SHARE
    } else {
        2
    };
    used * share > clusters * WAYS
}

/// The transposition table. Its methods take `&self`: several searches may share one table
/// ([`Table::share`]), each slot being read and written word by word (see [`Slot`]).
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

    /// Counts an entry written over an empty slot, growing the region once it is full enough
    /// ([`full_enough`]; or asking for it, while threads share the table); at a quarter full, the
    /// pages the doubling of a larger region will add start being faulted in.
    fn fill(&self, was_empty: bool) {
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
            && used * 4 > clusters * WAYS
            && self.prefaulted.load(Relaxed) != clusters
        {
            self.prefaulted.store(clusters, Relaxed);
            self.start_prefault(clusters);
        }
    }

    /// Has the half that doubling a region of `clusters` adds faulted in on another thread, if
    /// it is large enough to be worth a thread: the doubling then finds its pages ready.
    fn start_prefault(&self, clusters: usize) {
        let bytes = clusters * CLUSTER_BYTES;
        if bytes >= PREFAULT_MIN_BYTES {
            self.entries.block.prefault(bytes, 2 * bytes);
        }
    }

    /// An entry went back to empty. (Two threads emptying one slot at once count it twice: the
    /// count, which only times the doublings, stays at zero or above.)
    fn emptied(&self) {
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
    fn grow(&self, threads: usize) {
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
    fn split_cluster(&self, i: usize, new_clusters: usize) {
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

    /// Whether a table of `mb` megabytes can be had on this machine now: its block is mapped
    /// and given back at once, nothing touched (or the spare block of its size taken, zeroed
    /// where it was written, and kept again).
    /// [`Table::new`] ends the process when the system refuses its block, so a command checks
    /// this first.
    pub fn can_map(mb: usize) -> bool {
        let Some(bytes) = capacity(mb).checked_mul(WAYS).and_then(block_bytes) else {
            return false;
        };
        Block::map(bytes).is_some()
    }

    /// Bytes of the region in use.
    #[cfg(test)]
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

    /// Records search estimates for exactly this hand.
    pub fn store_unknown(&self, key: u64, hand: Hand, pn: u32, dn: u32, work: u32) {
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
                return;
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
        let was_empty = slot.load().state == State::Empty;
        slot.store(&e);
        self.fill(was_empty);
    }

    /// Records a proof: mate within `len` plies for every attacker hand covering `proof_hand`.
    /// Drops the estimates kept for `hand`, which the proof now covers.
    pub fn store_proven(&self, key: u64, hand: Hand, proof_hand: Hand, len: u16, work: u32) {
        self.store_final(key, hand, State::Proven, proof_hand, len, work);
    }

    /// Records a disproof: no mate within `within` plies for every hand `disproof_hand` covers.
    pub fn store_disproven(
        &self,
        key: u64,
        hand: Hand,
        disproof_hand: Hand,
        within: u16,
        work: u32,
    ) {
        self.store_final(key, hand, State::Disproven, disproof_hand, within, work);
    }

    fn store_final(&self, key: u64, hand: Hand, state: State, h: Hand, len: u16, work: u32) {
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
                return;
            }
        }
        let (pn, dn) = if state == State::Proven {
            (0, INF)
        } else {
            (INF, 0)
        };
        let slot = victim(cluster);
        let was_empty = slot.load().state == State::Empty;
        slot.store(&Entry {
            key,
            hand: h,
            pn,
            dn,
            work,
            len,
            state,
        });
        self.fill(was_empty);
    }

    /// Permille of the table's entries in use.
    pub fn usage_permille(&self) -> u32 {
        let capacity = self.max_clusters * WAYS;
        (self.used.load(Relaxed).min(capacity) * 1000 / capacity) as u32
    }
}

/// The least new half worth faulting in ahead of time.
const PREFAULT_MIN_BYTES: usize = 16 << 20;

/// The clusters of the first region of a block of `capacity` clusters (the block halved while
/// the half has [`FIRST_CLUSTERS`]), and how often it doubles within the block.
fn first_region(capacity: usize) -> (usize, u32) {
    let mut first = capacity;
    let mut doublings = 0;
    while first / 2 >= FIRST_CLUSTERS {
        first /= 2;
        doublings += 1;
    }
    (first, doublings)
}

/// Clusters in a block of at most `mb` megabytes (at least one).
fn capacity(mb: usize) -> usize {
    let bytes = mb.saturating_mul(1 << 20);
    (bytes / CLUSTER_BYTES).max(1)
}

/// The cluster of `key` among `clusters`: the high bits of the key scaled to the count, so
/// doubling the count sends cluster `i` to `2i` or `2i + 1`.
#[inline]
fn cluster_index(key: u64, clusters: usize) -> usize {
    ((key as u128 * clusters as u128) >> 64) as usize
}

/// The table's slots: a [`Block`] of zeroed memory that the system maps on first use, so a
/// large table costs nothing until it fills (on Linux backed by transparent huge pages where the
/// system offers them: fewer TLB misses on the random accesses of a probe).
struct Entries {
    block: Block,
    len: usize,
}

impl Entries {
    fn zeroed(n: usize) -> Entries {
        let bytes = block_bytes(n).expect("table size fits in memory");
        let block = Block::map(bytes).unwrap_or_else(|| {
            let layout = std::alloc::Layout::from_size_align(bytes, 64).expect("a valid layout");
            std::alloc::handle_alloc_error(layout)
        });
        Entries { block, len: n }
    }
}

impl std::ops::Deref for Entries {
    type Target = [Slot];
    fn deref(&self) -> &[Slot] {
        // SAFETY: the block holds `len` slots, all initialised: all-zero atomics are valid
        // values (an empty slot), and the block is aligned to a page.
        unsafe { std::slice::from_raw_parts(self.block.as_ptr() as *const Slot, self.len) }
    }
}

/// The bytes of a block of `n` slots, if such a block can exist.
fn block_bytes(n: usize) -> Option<usize> {
    std::alloc::Layout::array::<Slot>(n).ok().map(|l| l.size())
}

/// Above the value of any estimate or disproof (`1 + u32::MAX` at most).
const PROOF_VALUE: u64 = 1 << 33;

/// The slot to overwrite: an empty one, else the one with the least value. A proof is kept
/// before any estimate or disproof (the main line is read from the proofs); an estimate and a
/// disproof are worth the work spent on them. A disproof kept whatever its work filled a full
/// table with the many cheap ones of a disproof under a bound, and the estimates of the nodes
/// still being searched were lost instead: the hard ten, one thread, 8 / 16 / 32 MB, 32.21 M /
/// 24.53 M / 20.61 M nodes → 24.54 M / 21.31 M / 19.79 M (the README's performance section).
/// A proof or disproof counts the work of the visit that decided it, not that of the estimate
/// it replaces: carrying that over was no better (25.65 M / 21.22 M / 19.98 M).
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
