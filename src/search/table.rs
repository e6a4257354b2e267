//! The transposition table: a fixed number of clusters, allocated once, never grown. A search
//! starts in a small region of it and doubles the region whenever half of it is taken, so a
//! short search touches (and the system zeroes) only a little memory.
//!
//! Entries are keyed by the board key (board and side to move) and carry the attacker's hand.
//! A proof holds for every attacker hand that covers the entry's hand, a disproof for every hand
//! that the entry's hand covers (hand superiority): the attacker never does worse with more
//! pieces in hand, and the defender, who holds the rest, never does better with fewer.

use crate::shogi::Hand;

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

#[derive(Clone, Copy)]
#[repr(C)]
struct Entry {
    key: u64,
    hand: Hand,
    pn: u32,
    dn: u32,
    work: u32,
    len: u16,
    state: State,
}

const _: () = assert!(std::mem::size_of::<Entry>() == 32);

/// An unused slot: all bits zero, so a fresh table can come from zeroed memory.
const EMPTY: Entry = Entry {
    key: 0,
    hand: Hand::EMPTY,
    pn: 0,
    dn: 0,
    work: 0,
    len: 0,
    state: State::Empty,
};

/// Entries per cluster: all entries of one board key live in one cluster.
const WAYS: usize = 8;

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

/// Clusters of the first region: one huge page.
const FIRST_CLUSTERS: usize = (2 << 20) / (WAYS * std::mem::size_of::<Entry>());

/// The transposition table.
pub struct Table {
    entries: Entries,
    /// Clusters of the region in use, the first ones of the block.
    clusters: usize,
    /// The region's last size: the first region doubled as often as the block allows.
    max_clusters: usize,
    /// Entries of the region that are not empty.
    used: usize,
}

impl Table {
    /// A table that takes at most `mb` megabytes (at least one cluster).
    pub fn new(mb: usize) -> Table {
        let bytes = mb.saturating_mul(1 << 20);
        let capacity = (bytes / (WAYS * std::mem::size_of::<Entry>())).max(1);
        let mut first = capacity;
        let mut doublings = 0;
        while first / 2 >= FIRST_CLUSTERS {
            first /= 2;
            doublings += 1;
        }
        Table {
            entries: Entries::zeroed(capacity * WAYS),
            clusters: first,
            max_clusters: first << doublings,
            used: 0,
        }
    }

    /// Counts an entry written over an empty slot, growing the region once it is half full.
    fn fill(&mut self, was_empty: bool) {
        if !was_empty {
            return;
        }
        self.used += 1;
        if self.clusters < self.max_clusters && self.used * 2 > self.clusters * WAYS {
            self.grow();
        }
    }

    /// Doubles the region. The keys of cluster `i` go to clusters `2i` and `2i + 1` of the
    /// doubled region; moving the clusters from the last down, each target is already empty
    /// (its own entries moved further up), and no cluster can overflow.
    fn grow(&mut self) {
        let new_clusters = self.clusters * 2;
        for i in (0..self.clusters).rev() {
            let old: [Entry; WAYS] = self.entries[i * WAYS..(i + 1) * WAYS]
                .try_into()
                .expect("a cluster has WAYS entries");
            self.entries[i * WAYS..(i + 1) * WAYS].fill(EMPTY);
            for e in old.iter().filter(|e| e.state != State::Empty) {
                let j = cluster_index(e.key, new_clusters);
                let slot = self.entries[j * WAYS..(j + 1) * WAYS]
                    .iter_mut()
                    .find(|s| s.state == State::Empty)
                    .expect("a doubled cluster takes the entries of half a cluster");
                *slot = *e;
            }
        }
        self.clusters = new_clusters;
    }

    /// Bytes allocated for entries.
    pub fn size_bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Entry>()
    }

    #[inline]
    fn cluster(&self, key: u64) -> std::ops::Range<usize> {
        let i = cluster_index(key, self.clusters);
        i * WAYS..(i + 1) * WAYS
    }

    /// Starts loading the cluster of `key` into the cache, for a probe soon after.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let range = self.cluster(key);
            let first = self.entries[range].as_ptr() as *const i8;
            for line in 0..(WAYS * std::mem::size_of::<Entry>()).div_ceil(64) {
                // SAFETY: a prefetch is only a hint: it never faults and changes no memory; the
                // address stays within the cluster (or one line past it, which is not read).
                unsafe {
                    std::arch::x86_64::_mm_prefetch(
                        first.wrapping_add(line * 64),
                        std::arch::x86_64::_MM_HINT_T0,
                    );
                }
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// What is known of the position with board key `key` and attacker hand `hand`, for a
    /// search that may still use `depth` plies.
    pub fn probe(&self, key: u64, hand: Hand, depth: u16) -> Probe {
        let mut unknown = Probe::NOT_FOUND;
        let mut best_proof: Option<(u16, Hand)> = None;
        for e in &self.entries[self.cluster(key)] {
            if e.key != key {
                continue;
            }
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
    pub fn store_unknown(&mut self, key: u64, hand: Hand, pn: u32, dn: u32, work: u32) {
        let range = self.cluster(key);
        let cluster = &mut self.entries[range];
        if let Some(e) = cluster
            .iter_mut()
            .find(|e| e.key == key && e.state == State::Unknown && e.hand == hand)
        {
            e.pn = pn;
            e.dn = dn;
            e.work = e.work.saturating_add(work);
            return;
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
        let was_empty = slot.state == State::Empty;
        *slot = e;
        self.fill(was_empty);
    }

    /// Records a proof: mate within `len` plies for every attacker hand covering `proof_hand`.
    /// Drops the estimates kept for `hand`, which the proof now covers.
    pub fn store_proven(&mut self, key: u64, hand: Hand, proof_hand: Hand, len: u16, work: u32) {
        self.store_final(key, hand, State::Proven, proof_hand, len, work);
    }

    /// Records a disproof: no mate within `within` plies for every hand `disproof_hand` covers.
    pub fn store_disproven(
        &mut self,
        key: u64,
        hand: Hand,
        disproof_hand: Hand,
        within: u16,
        work: u32,
    ) {
        self.store_final(key, hand, State::Disproven, disproof_hand, within, work);
    }

    fn store_final(&mut self, key: u64, hand: Hand, state: State, h: Hand, len: u16, work: u32) {
        let range = self.cluster(key);
        let cluster = &mut self.entries[range];
        for e in cluster.iter_mut() {
            if e.key != key {
                continue;
            }
            if e.state == State::Unknown && e.hand == hand {
                *e = EMPTY;
                self.used -= 1;
            } else if e.state == state && e.hand == h {
                // Keep the stronger fact: the shorter proof, the deeper disproof.
                e.len = match state {
                    State::Proven => e.len.min(len),
                    _ => e.len.max(len),
                };
                e.work = e.work.saturating_add(work);
                return;
            }
        }
        let (pn, dn) = if state == State::Proven {
            (0, INF)
        } else {
            (INF, 0)
        };
        let slot = victim(cluster);
        let was_empty = slot.state == State::Empty;
        *slot = Entry {
            key,
            hand: h,
            pn,
            dn,
            work,
            len,
            state,
        };
        self.fill(was_empty);
    }

    /// Permille of the table's entries in use.
    pub fn usage_permille(&self) -> u32 {
        (self.used * 1000 / (self.max_clusters * WAYS)) as u32
    }
}

/// The cluster of `key` among `clusters`: the high bits of the key scaled to the count, so
/// doubling the count sends cluster `i` to `2i` or `2i + 1`.
#[inline]
fn cluster_index(key: u64, clusters: usize) -> usize {
    ((key as u128 * clusters as u128) >> 64) as usize
}

/// A block of entries from zeroed memory that the operating system maps on first use, so a
/// large table costs nothing until it fills. On Linux the block is mapped directly and backed by
/// transparent huge pages where the system offers them (fewer TLB misses on the random accesses
/// of a probe).
struct Entries {
    ptr: std::ptr::NonNull<Entry>,
    len: usize,
}

// SAFETY: `Entries` owns its block as a `Box<[Entry]>` does; `Entry` is plain data.
unsafe impl Send for Entries {}
// SAFETY: shared access only reads, as through `&[Entry]`.
unsafe impl Sync for Entries {}

impl Entries {
    fn zeroed(n: usize) -> Entries {
        let bytes = std::alloc::Layout::array::<Entry>(n)
            .expect("table size fits in memory")
            .size();
        let ptr = map_zeroed(bytes) as *mut Entry;
        Entries {
            ptr: std::ptr::NonNull::new(ptr).expect("a mapped block is not null"),
            len: n,
        }
    }
}

impl std::ops::Deref for Entries {
    type Target = [Entry];
    fn deref(&self) -> &[Entry] {
        // SAFETY: the block holds `len` entries, all initialised: an all-zero `Entry` is a valid
        // value (key 0, empty hand, zero numbers, `State::Empty` = 0).
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl std::ops::DerefMut for Entries {
    fn deref_mut(&mut self) -> &mut [Entry] {
        // SAFETY: as for `deref`, and `&mut self` gives exclusive access.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }
}

impl Drop for Entries {
    fn drop(&mut self) {
        let bytes = self.len * std::mem::size_of::<Entry>();
        unmap(self.ptr.as_ptr() as *mut u8, bytes);
    }
}

/// `bytes` (non-zero) of zeroed memory, mapped on first use, with huge pages asked for.
#[cfg(target_os = "linux")]
fn map_zeroed(bytes: usize) -> *mut u8 {
    // SAFETY: an anonymous private mapping of a fresh range: no file, no existing memory.
    let ptr = unsafe {
        libc::mmap(
            std::ptr::null_mut(),
            bytes,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
            -1,
            0,
        )
    };
    if ptr == libc::MAP_FAILED {
        let layout = std::alloc::Layout::from_size_align(bytes, 64).expect("a valid layout");
        std::alloc::handle_alloc_error(layout);
    }
    // SAFETY: the range is the mapping just made; madvise only changes how it is paged (a hint
    // that may be refused, which changes nothing else).
    unsafe {
        libc::madvise(ptr, bytes, libc::MADV_HUGEPAGE);
    }
    ptr as *mut u8
}

#[cfg(target_os = "linux")]
fn unmap(ptr: *mut u8, bytes: usize) {
    // SAFETY: the range is exactly one mapping made by `map_zeroed`, unmapped once.
    unsafe {
        libc::munmap(ptr as *mut libc::c_void, bytes);
    }
}

#[cfg(not(target_os = "linux"))]
fn map_zeroed(bytes: usize) -> *mut u8 {
    let layout = std::alloc::Layout::from_size_align(bytes, 64).expect("a valid layout");
    // SAFETY: the layout has a non-zero size.
    let ptr = unsafe { std::alloc::alloc_zeroed(layout) };
    if ptr.is_null() {
        std::alloc::handle_alloc_error(layout);
    }
    ptr
}

#[cfg(not(target_os = "linux"))]
fn unmap(ptr: *mut u8, bytes: usize) {
    let layout = std::alloc::Layout::from_size_align(bytes, 64).expect("a valid layout");
    // SAFETY: the block was allocated by `map_zeroed` with this layout and is freed once.
    unsafe { std::alloc::dealloc(ptr, layout) }
}

/// The entry to overwrite: an empty one, else the one with the least value (final results are
/// worth more than estimates, then the work spent on them).
fn victim(cluster: &mut [Entry]) -> &mut Entry {
    let value = |e: &Entry| -> u64 {
        match e.state {
            State::Empty => 0,
            State::Unknown => 1 + e.work as u64,
            State::Proven | State::Disproven => (1 << 32) + e.work as u64,
        }
    };
    cluster
        .iter_mut()
        .min_by_key(|e| value(e))
        .expect("a cluster has entries")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shogi::PieceKind;

    #[test]
    fn a_zeroed_entry_is_empty() {
        let t = Table::new(1);
        assert!(t
            .entries
            .iter()
            .all(|e| e.state == State::Empty && e.key == 0));
        assert_eq!(t.usage_permille(), 0);
    }

    #[test]
    fn superiority_applies_in_both_directions() {
        let mut t = Table::new(1);
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
    fn doubling_the_region_keeps_every_entry() {
        let mut t = Table::new(16);
        assert_eq!(
            (t.clusters, t.max_clusters),
            (FIRST_CLUSTERS, 8 * FIRST_CLUSTERS)
        );
        let key = |k: u64| k.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let g = Hand::EMPTY.plus(PieceKind::Gold);
        let mut k = 0;
        while t.clusters == FIRST_CLUSTERS {
            k += 1;
            t.store_proven(key(k), g, g, (k % 100) as u16, 1);
        }
        // The store that doubled the region was the last; every key kept before is still there.
        assert_eq!(t.clusters, 2 * FIRST_CLUSTERS);
        assert!(t.used * 2 > FIRST_CLUSTERS * WAYS);
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
        assert_eq!(found, t.used);
        assert!(found as u64 > k * 99 / 100, "{found} of {k}");
        while t.clusters < t.max_clusters {
            t.grow();
        }
        assert_eq!(t.clusters, t.max_clusters);
        let again = kept(&t);
        assert_eq!(again, found);
        assert_eq!(
            t.usage_permille() as usize,
            t.used * 1000 / (t.max_clusters * WAYS)
        );
    }

    #[test]
    fn the_allocation_never_grows() {
        let mut t = Table::new(1);
        let size = t.size_bytes();
        assert!(size <= 1 << 20);
        for k in 0..200_000u64 {
            t.store_unknown(k.wrapping_mul(0x9e37_79b9_7f4a_7c15), Hand::EMPTY, 3, 4, 1);
        }
        assert_eq!(t.size_bytes(), size);
        assert!(t.usage_permille() > 900);
    }
}
