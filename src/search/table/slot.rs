//! The table's layout: an entry, the four atomic words of its slot, the clusters of slots that
//! hold the entries of one board key, and the block of memory they live in.

use super::block::Block;
use crate::search::params::CLUSTER_WAYS;
use crate::shogi::Hand;
use std::sync::atomic::AtomicU64;
use std::sync::atomic::Ordering::Relaxed;

/// What an entry says about its position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u8)]
pub(super) enum State {
    Empty = 0,
    /// Search in progress: `pn`, `dn` are estimates for exactly this hand.
    Unknown = 1,
    /// Mate in at most `len` plies for every attacker hand covering `hand`.
    Proven = 2,
    /// No mate within `len` plies (`UNBOUNDED`: none at all) for every hand `hand` covers.
    Disproven = 3,
}

impl State {
    pub(super) fn from_bits(b: u8) -> State {
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
pub(super) struct Entry {
    pub(super) key: u64,
    pub(super) hand: Hand,
    pub(super) pn: u32,
    pub(super) dn: u32,
    pub(super) work: u32,
    pub(super) len: u16,
    pub(super) state: State,
}

/// An entry in memory: four words, each read and written atomically, so threads may share the
/// table. Word 1 holds what makes an entry a fact (hand, length, state), word 2 the estimates (pn,
/// dn), word 0 the key XOR words 1 and 2: a read that mixes two writes of the same slot gives a key
/// that matches nothing unless words 1 and 2 are the same in both, so a torn read is a miss, never
/// a false fact or another entry's estimates (a proof's pn 0 read as this undecided entry's made
/// false proofs with two threads). Two writes at once can leave a slot torn so at rest: it then
/// matches no probe, and a doubling drops it ([`super::Table::split_cluster`]). Word 3 is the work.
/// All zero is an empty slot.
#[repr(C, align(32))]
pub(super) struct Slot(pub(super) [AtomicU64; 4]);

const _: () = assert!(std::mem::size_of::<Slot>() == 32);

impl Slot {
    #[inline]
    pub(super) fn fact_word(e: &Entry) -> u64 {
        e.hand.raw() as u64 | (e.len as u64) << 32 | (e.state as u64) << 48
    }

    /// The slot's entry, if it is one for `key` (word 0 is read before the rest: a slot
    /// holding another key costs two loads).
    #[inline]
    pub(super) fn entry_for(&self, key: u64) -> Option<Entry> {
        let (w1, w2) = (self.0[1].load(Relaxed), self.0[2].load(Relaxed));
        if self.0[0].load(Relaxed) ^ w1 ^ w2 != key || w1 >> 48 == State::Empty as u64 {
            return None;
        }
        Some(self.decode(key, w1, w2))
    }

    #[inline]
    pub(super) fn load(&self) -> Entry {
        let (w1, w2) = (self.0[1].load(Relaxed), self.0[2].load(Relaxed));
        self.decode(self.0[0].load(Relaxed) ^ w1 ^ w2, w1, w2)
    }

    /// The entry with key `key`, fact word `w1` and estimate word `w2`, its work read now.
    #[inline]
    pub(super) fn decode(&self, key: u64, w1: u64, w2: u64) -> Entry {
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
    pub(super) fn store(&self, e: &Entry) {
        let w1 = Slot::fact_word(e);
        let w2 = e.pn as u64 | (e.dn as u64) << 32;
        self.0[1].store(w1, Relaxed);
        self.0[2].store(w2, Relaxed);
        self.0[3].store(e.work as u64, Relaxed);
        self.0[0].store(e.key ^ w1 ^ w2, Relaxed);
    }

    /// The slot's four words, as they are in memory.
    pub(super) fn words(&self) -> [u64; 4] {
        std::array::from_fn(|i| self.0[i].load(Relaxed))
    }

    /// Writes four words read by [`Slot::words`].
    pub(super) fn set_words(&self, words: &[u64; 4]) {
        for (w, &v) in self.0.iter().zip(words) {
            w.store(v, Relaxed);
        }
    }

    /// Whether a slot's words hold an entry (not an empty slot).
    pub(super) fn holds_entry(words: &[u64; 4]) -> bool {
        words[1] >> 48 != State::Empty as u64
    }

    /// The key of the entry a slot's words hold.
    pub(super) fn key_of(words: &[u64; 4]) -> u64 {
        words[0] ^ words[1] ^ words[2]
    }

    #[inline]
    pub(super) fn clear(&self) {
        for w in &self.0 {
            w.store(0, Relaxed);
        }
    }
}

/// An unused slot, as a fresh table (zeroed memory) holds.
#[cfg(test)]
pub(super) const EMPTY: Entry = Entry {
    key: 0,
    hand: Hand::EMPTY,
    pn: 0,
    dn: 0,
    work: 0,
    len: 0,
    state: State::Empty,
};

/// Entries per cluster: all entries of one board key live in one cluster.
pub(super) const WAYS: usize = CLUSTER_WAYS;

/// Bytes of a cluster.
pub(super) const CLUSTER_BYTES: usize = WAYS * std::mem::size_of::<Slot>();

/// Clusters in a block of at most `mb` megabytes (at least one).
pub(super) fn capacity(mb: usize) -> usize {
    let bytes = mb.saturating_mul(1 << 20);
    (bytes / CLUSTER_BYTES).max(1)
}

/// The cluster of `key` among `clusters`: the high bits of the key scaled to the count, so
/// doubling the count sends cluster `i` to `2i` or `2i + 1`.
#[inline]
pub(super) fn cluster_index(key: u64, clusters: usize) -> usize {
    ((key as u128 * clusters as u128) >> 64) as usize
}

/// The table's slots: a [`Block`] of zeroed memory that the system maps on first use, so a
/// large table costs nothing until it fills (on Linux backed by transparent huge pages where the
/// system offers them: fewer TLB misses on the random accesses of a probe).
pub(super) struct Entries {
    pub(super) block: Block,
    len: usize,
}

impl Entries {
    pub(super) fn zeroed(n: usize) -> Entries {
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
pub(super) fn block_bytes(n: usize) -> Option<usize> {
    std::alloc::Layout::array::<Slot>(n).ok().map(|l| l.size())
}
