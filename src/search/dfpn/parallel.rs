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
//! heeds no mark: it needs only one reply that holds out, and a thread sent into another reply
//! there searches replies that are not needed; it follows the other thread into the same reply
//! and parts from it at the next attacker node. Likewise, in the search without a bound (mostly
//! a proof) an attacker node heeds no mark: it needs only one check that mates, and threads that
//! follow each other into one check part at the defender node below. `docs/performance-log.md`,
//! "Up to 982de80", "Two threads: under a length bound, a defender node follows the other
//! thread" and "Two threads: an attacker node of the search without a bound heeds no busy
//! mark".
//!
//! The searches past the root that the main line's extraction makes are joined the same way,
//! each helper with a copy of the path, once one has run alone for [`SOLO_NODES`] nodes: most
//! end sooner, and one that does not (a disproof of another check to the whole length) is as
//! large as a root's.
//!
//! The marks steer the choice only; the numbers a thread computes and stores are its own, and
//! every stored fact is sound on its own, so the result does not depend on how the threads
//! interleave, only the time.

use super::{Dfpn, Value};
use crate::search::limits::Limits;
use crate::search::params::SOLO_NODES;
use crate::search::table::{Table, INF};
use crate::shogi::Position;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::Arc;

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

/// A thread's part in a search of several threads on one root.
pub(crate) struct Team {
    /// Threads searching a root at once; 1 searches alone.
    pub threads: usize,
    /// With other threads: the positions each is searching.
    busy: Option<Arc<Busy>>,
    /// With other threads: set when one of them has decided the root (this one then stops).
    done: Option<Arc<AtomicBool>>,
    /// With other threads: the nodes of all of them, and how many of this one's are counted.
    pool: Option<Arc<AtomicU64>>,
    published: u64,
    /// Alone in a search past the root: the node count at which it stops for the helpers to
    /// join it (taken back to `None` when it does).
    solo_until: Option<u64>,
}

impl Team {
    /// A thread searching alone, whose roots are searched with `threads` threads.
    pub fn alone(threads: usize) -> Team {
        Team {
            threads,
            busy: None,
            done: None,
            pool: None,
            published: 0,
            solo_until: None,
        }
    }

    /// The marks of the threads searching together, if any.
    #[inline]
    pub fn busy(&self) -> Option<&Busy> {
        self.busy.as_deref()
    }

    /// Marks the position with board key `key` as searched by this thread; whether this call
    /// made the mark (and must [`Team::unmark`] it).
    #[inline]
    pub fn mark(&self, key: u64) -> bool {
        self.busy.as_ref().is_some_and(|b| b.mark(key))
    }

    /// Takes this thread's mark off `key`.
    #[inline]
    pub fn unmark(&self, key: u64) {
        if let Some(b) = &self.busy {
            b.unmark(key);
        }
    }

    /// Whether this thread is to stop for the others: one of them has decided the root, the
    /// shared `table` asks to double, or, alone at `nodes`, it is time for the helpers to join.
    pub fn stops(&mut self, table: &Table, nodes: u64) -> bool {
        if self.solo_until.is_some_and(|n| nodes >= n) {
            self.solo_until = None;
            return true;
        }
        self.done
            .as_ref()
            .is_some_and(|d| d.load(Relaxed) || table.wants_growth())
    }
}

impl Dfpn {
    /// Searches `pos` at `ply` (past the root) with the helpers: alone for [`SOLO_NODES`], and
    /// then, if undecided, with the others from where it stopped (what it found is in the
    /// table). Most of a line's searches end alone.
    pub(super) fn search_past_root(&mut self, pos: &mut Position, depth: u16, ply: u32) -> Value {
        self.team.solo_until = Some(self.nodes + SOLO_NODES);
        let v = self.mid(pos, INF - 1, INF - 1, depth, ply);
        // Still set: the search ended alone.
        if self.team.solo_until.take().is_some() || self.watch.limit_hit {
            return v;
        }
        self.watch.aborted = false;
        self.search_with_helpers(pos, depth, ply)
    }

    /// The nodes of every thread searching with this one (adding this one's new ones).
    pub(super) fn count_nodes(&mut self) -> u64 {
        match &self.team.pool {
            Some(pool) => {
                let new = self.nodes - self.team.published;
                self.team.published = self.nodes;
                pool.fetch_add(new, Relaxed) + new
            }
            None => self.nodes,
        }
    }

    /// Searches `pos` at `ply` with `threads − 1` helper threads on the shared table until one
    /// of the threads decides it or a limit stops them all. The nodes of all count. When the
    /// table asks to double, all stop, it doubles, and they search `pos` again (what they
    /// found is in the table).
    pub(super) fn search_with_helpers(
        &mut self,
        pos: &mut Position,
        depth: u16,
        ply: u32,
    ) -> Value {
        let pool = Arc::new(AtomicU64::new(self.nodes));
        self.team.pool = Some(pool.clone());
        self.team.published = self.nodes;
        let value = loop {
            self.table.share();
            let v = self.search_together(pos, depth, ply, &pool);
            self.table.unshare(self.team.threads);
            if !self.watch.aborted || self.watch.limit_hit {
                break v;
            }
            // Stopped for the table's doubling, now done.
            self.watch.aborted = false;
        };
        self.count_nodes();
        self.nodes = pool.load(Relaxed);
        self.team.pool = None;
        value
    }

    /// One search of `pos` at `ply` by this thread and its helpers, until one decides it, a
    /// limit stops them, or the table asks to double ([`Table::wants_growth`]).
    fn search_together(
        &mut self,
        pos: &mut Position,
        depth: u16,
        ply: u32,
        pool: &Arc<AtomicU64>,
    ) -> Value {
        let busy = Arc::new(Busy::new());
        let done = Arc::new(AtomicBool::new(false));
        self.team.busy = Some(busy.clone());
        self.team.done = Some(done.clone());
        let value = std::thread::scope(|scope| {
            // A helper the system will not give a thread is done without: the search is the
            // same with fewer threads.
            let helpers: Vec<_> = (1..self.team.threads)
                .filter_map(|_| {
                    let mut helper = self.helper(&busy, &done, pool);
                    let mut pos = pos.clone();
                    let done = done.clone();
                    let spawned = std::thread::Builder::new()
                        .name("tsume-helper".to_string())
                        .stack_size(crate::search::SEARCH_STACK)
                        .spawn_scoped(scope, move || {
                            let v = helper.mid(&mut pos, INF - 1, INF - 1, depth, ply);
                            let decided =
                                !helper.watch.aborted && (v.is_proven() || v.is_disproven());
                            if decided {
                                done.store(true, Relaxed);
                            }
                            helper.count_nodes();
                            decided.then_some(v)
                        });
                    spawned.ok()
                })
                .collect();
            let mut v = self.mid(pos, INF - 1, INF - 1, depth, ply);
            let decided = !self.watch.aborted && (v.is_proven() || v.is_disproven());
            done.store(true, Relaxed);
            for h in helpers {
                let theirs = h.join().expect("a helper thread does not panic");
                if let (false, Some(w)) = (decided, theirs) {
                    v = w;
                }
            }
            if !self.watch.limit_hit && (v.is_proven() || v.is_disproven()) {
                // Stopped because a helper decided the root: that answer stands.
                self.watch.aborted = false;
            }
            v
        });
        self.team.busy = None;
        self.team.done = None;
        value
    }

    /// A helper for [`Dfpn::search_with_helpers`]: the same search on the same table, with a
    /// copy of the path and its own counters, stopped by the same limits or by `done`.
    fn helper(&self, busy: &Arc<Busy>, done: &Arc<AtomicBool>, pool: &Arc<AtomicU64>) -> Dfpn {
        let limits = Limits {
            progress: None,
            ..self.watch.limits.clone()
        };
        let mut helper = Dfpn::on_table(self.table.clone(), self.attacker, self.futile, 1, limits);
        helper.team.busy = Some(busy.clone());
        helper.team.done = Some(done.clone());
        helper.team.pool = Some(pool.clone());
        helper.watch.start = self.watch.start;
        helper.path = self.path.clone();
        helper.bounded = self.bounded;
        helper.defer_drops_under_bound = self.defer_drops_under_bound;
        helper
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::sfen::parse_sfen;
    use crate::notation::usi::parse_usi_move;
    use crate::search::futile::Capturer;
    use crate::search::Rules;

    /// 図巧 No. 50 after its first check ▲４五角, mated in 18 more plies under the tsume rules
    /// (its line is 16 by 2手変長), searched at ply 1 within `depth` by `threads` threads; the
    /// value and the nodes.
    fn after_the_first_check(threads: usize, depth: u16) -> (Value, u64) {
        let sfen = "9/9/6n2/8n/6+pl1/7Sn/4+pp1k1/7N1/7s+R b R2B4g2s3l15p 1";
        let mut pos = parse_sfen(sfen).expect("a valid SFEN");
        let rules = Rules::Tsume {
            futile: Capturer::Any,
        };
        let mut search = Dfpn::new(pos.side_to_move(), rules, 64, threads, Limits::default());
        search.enter(&pos, 0);
        let check = parse_usi_move(&pos, "B*4e").expect("a legal move");
        pos.make_move(check);
        let v = search.search(&mut pos, depth, 1);
        assert!(!search.aborted());
        (v, search.nodes)
    }

    #[test]
    fn helpers_joining_a_search_past_the_root_find_what_one_thread_finds() {
        for threads in [1, 2, 3] {
            let (proof, _) = after_the_first_check(threads, 18);
            assert!(proof.is_proven() && proof.len == 18, "{threads}: {proof:?}");
            let (disproof, nodes) = after_the_first_check(threads, 16);
            assert!(disproof.is_disproven(), "{threads}: {disproof:?}");
            // Large enough for the helpers to join.
            assert!(nodes > 2 * SOLO_NODES, "{threads}: {nodes} nodes");
        }
    }

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
