//! Several threads searching one root on one table.
//!
//! Every thread runs the same df-pn from the root and shares the table, so what one proves the
//! others read. To keep them apart, each marks the positions on its current path as busy, and a
//! thread choosing a child treats a busy one as worse than it is (a virtual loss, as in Kaneko's
//! parallel df-pn). Where the node is likelier to end the way that needs every child (an
//! attacker node whose pn exceeds its dn, to be disproven; a defender node whose dn exceeds its
//! pn, to be proven), another child is taken, which must be decided anyway; elsewhere another
//! child only if its number is below four times the busy one's.
//!
//! In a search under a length bound (mostly the disproof of a shorter mate) a defender node
//! heeds no mark: it needs only one reply that holds out. A thread sent into another reply
//! there searched 10 % more nodes on the hard 図巧 problems than one that follows the other
//! thread into the same reply and parts from it at the next attacker node. Likewise, in the
//! search without a bound (mostly a proof) an attacker node heeds no mark: it needs only one
//! check that mates. Threads that follow each other into one check there and part at the
//! defender node below searched 3 to 4 % fewer nodes on the hard 図巧 problems with two threads.
//!
//! The marks steer the choice only; the numbers a thread computes and stores are its own, and
//! every stored fact is sound on its own, so the result does not depend on how the threads
//! interleave, only the time.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Board keys of the positions the threads are searching, one per slot (a slot already taken
/// is left as it is: a mark is a hint).
pub(crate) struct Busy {
    slots: Box<[AtomicU64]>,
}

const SLOTS: usize = 1 << 14;

impl Busy {
    pub(crate) fn new() -> Busy {
        Busy {
            slots: (0..SLOTS).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.slots[key as usize & (SLOTS - 1)]
    }

    /// Marks `key`; whether this call made the mark (and must [`Busy::unmark`] it).
    #[inline]
    pub(crate) fn mark(&self, key: u64) -> bool {
        let slot = self.slot(key);
        slot.load(Relaxed) == 0 && slot.compare_exchange(0, key, Relaxed, Relaxed).is_ok()
    }

    #[inline]
    pub(crate) fn unmark(&self, key: u64) {
        let _ = self.slot(key).compare_exchange(key, 0, Relaxed, Relaxed);
    }

    #[inline]
    pub(crate) fn contains(&self, key: u64) -> bool {
        self.slot(key).load(Relaxed) == key
    }
}

/// Whether a node heeds the marks when it chooses a child: not where its search mostly needs
/// one child, which is a defender node under a length bound (one reply that holds out) and an
/// attacker node of the search without one (one check that mates). There a thread follows
/// another into the same child, and they part one ply below, where every child is needed.
pub(crate) fn heeds_marks(attacker_node: bool, bounded: bool) -> bool {
    attacker_node == bounded
}

/// The number a thread selects by (pn at an attacker node, dn at a defender node) for a child
/// another thread is searching: put past every child that is not busy where the node `needs_all`
/// its children, else four times as large.
#[inline]
pub(crate) fn virtual_loss(n: u32, needs_all: bool, ceiling: u32) -> u32 {
    if n == 0 || n >= ceiling {
        n
    } else if needs_all {
        (n / 2).saturating_add(ceiling / 2).min(ceiling - 1)
    } else {
        n.saturating_mul(4).min(ceiling - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mark_is_held_by_its_maker_until_unmarked() {
        let b = Busy::new();
        assert!(b.mark(42));
        assert!(b.contains(42));
        // Another key on the same slot is not marked (the slot is taken) and not seen as busy.
        let other = 42 + SLOTS as u64;
        assert!(!b.mark(other));
        assert!(!b.contains(other));
        b.unmark(other);
        assert!(b.contains(42));
        b.unmark(42);
        assert!(!b.contains(42));
    }

    #[test]
    fn marks_are_heeded_only_where_the_node_needs_every_child() {
        // Under a bound: every check of an attacker node must be refuted; one reply suffices.
        assert!(heeds_marks(true, true));
        assert!(!heeds_marks(false, true));
        // With no bound: one check that mates suffices; every reply must be mated.
        assert!(!heeds_marks(true, false));
        assert!(heeds_marks(false, false));
    }

    #[test]
    fn a_busy_child_looks_worse_but_keeps_its_order_among_busy_ones() {
        let c = 1 << 30;
        assert_eq!(virtual_loss(5, false, c), 20);
        assert!(virtual_loss(5, true, c) > c / 2);
        assert!(virtual_loss(5, true, c) < virtual_loss(6, true, c) + 1);
        assert_eq!(virtual_loss(0, true, c), 0);
        assert_eq!(virtual_loss(c, false, c), c);
    }
}
