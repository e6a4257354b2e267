//! Depth-first proof-number search (Nagai 2002) with a length bound.
//!
//! Attacker (OR) nodes try only checks; defender (AND) nodes every legal reply. A node's proof
//! number `pn` is the least number of leaves still to prove for a mate, its disproof number `dn`
//! the least to disprove it. `mid` searches a node until its pn or dn reaches its threshold
//! (`th_pn`, `th_dn`), choosing the child with the best number and giving it the thresholds of
//! the 1+ε trick (Pawlewicz & Lew).
//!
//! Lengths: a proof records an upper bound on the mate length; a disproof records the depth it
//! holds to (`UNBOUNDED`: no mate at all). A search with `depth` plies left treats an attacker
//! node with none left as disproven within that depth.
//!
//! Repetition: reaching a position already on the path is a failure for the attacker (a
//! perpetual check loses), and so is reaching a board on the path with no more in the attacker's
//! hand than it had there ([`super::path`]). Such a disproof depends on the path: it is passed
//! up with the ply of the repeated ancestor and stored as final only at that ancestor or below,
//! where the cycle no longer depends on how the node was reached.

mod choice;
mod shallow;

use super::futile::{self, Capturer, Futility};
use super::hands::{
    defender_disproof_hand, defender_proof_hand, disproof_hand_before, no_check_disproof_hand,
    not_mated_disproof_hand, proof_hand_before,
};
use super::parallel::{heeds_marks, Busy};
use super::path::Path;
use super::table::{prefetch, Probe, Table, INF, UNBOUNDED};
use super::{Limits, Rules};
use crate::shogi::movegen::{check_moves, count_checks, count_legal_moves, legal_moves};
use crate::shogi::{Color, Hand, Move, MoveList, Position};
use choice::{
    checks_disproof, counted_disproof, group_checks, hold_back_drops, one_plus_epsilon,
    reply_value, select, select_option, Child, Epsilon, ALONE, ATTACKER_EPSILON,
    BOUNDED_ATTACKER_EPSILON, BOUNDED_DEFENDER_EPSILON, EPSILON,
};
use shallow::SHALLOW_PLIES;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::Arc;
use std::time::Instant;

/// Entries of [`Dfpn::leaves`] (a power of two): 256 KB, which a second-level cache holds. On
/// 図巧 No. 1, 4,096 entries recounted more leaves; 65,536 recounted fewer but ran longer.
const LEAF_SLOTS: usize = 1 << 14;

/// The tag of a position with board key `key` and attacker hand `hand` in [`Dfpn::leaves`]
/// (never 0, the tag of an empty slot).
fn leaf_tag(key: u64, hand: Hand) -> u64 {
    (key ^ (hand.raw() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)) | 1
}

/// The slot of [`Dfpn::leaves`] for a position with tag `tag` ([`leaf_tag`]).
fn leaf_slot(tag: u64) -> usize {
    (tag >> 20) as usize & (LEAF_SLOTS - 1)
}

/// Under a length bound, the disproof leaves of the first look at an attacker node with `checks`
/// checks: `checks + checks² / 2`. Such a search is mostly the disproof of a mate shorter than
/// one found, where every check of an attacker node must be refuted to the bound, so a node not
/// yet searched is dearer to disprove than one leaf a check; and dearer the more checks it has,
/// since a king with many checks against it stands in the open, where the positions after them
/// have many checks too. One thread, rules of the game, against three leaves a check: the hard
/// ten 25.45 M → 24.54 M nodes, 図巧 No. 95 56.6 M → 48.4 M, the 87 bundled problems 7.39 M →
/// 6.57 M (other weights: the README).
fn bounded_check_leaves(checks: u32) -> u32 {
    checks.saturating_add(checks.saturating_mul(checks) / 2)
}

/// Under a length bound, the proof leaves of the first look at a defender node with more than
/// [`WHOLE_REPLIES_PLIES`] plies left and `replies` replies counted: a third of them, at least
/// one. In a search that is mostly a disproof, an attacker node then tries a check not yet
/// searched before it goes deeper into one whose replies it has expanded (their counts are the
/// same, but no longer divided). One thread, rules of the game, with more than two plies left:
/// the hard ten 24.54 M → 21.01 M nodes, the 87 bundled problems 6.57 M → 6.36 M (tsume
/// conventions 6.64 M → 6.29 M) (other weights: the README).
fn bounded_reply_leaves(replies: u32) -> u32 {
    replies.div_ceil(3)
}

/// Plies left up to which a defender leaf under a bound counts all its replies: below such a
/// node the search is a few plies deep, and what it costs is nearer its whole count of replies.
/// Against two: the hard ten 21.01 M → 20.58 M nodes, 図巧 No. 95 34.32 M → 31.30 M, the 87
/// bundled problems 6.36 M → 5.69 M (tsume conventions 6.29 M → 5.41 M); six: 21.13 M, bundled
/// 6.15 M; none: 21.46 M, 6.98 M.
const WHOLE_REPLIES_PLIES: u16 = 4;

/// No repetition below this node.
const NO_REP: u32 = u32::MAX;

/// The value of a node as passed from a child to its parent.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Value {
    pub pn: u32,
    pub dn: u32,
    /// Proven: the mate length. Disproven: the depth the disproof holds to.
    pub len: u16,
    /// Proven: the proof hand. Disproven: the disproof hand.
    pub hand: Hand,
    /// Disproven through a repetition of the ancestor at this ply (`NO_REP`: path-independent).
    pub rep: u32,
}

impl Value {
    fn unknown(pn: u32, dn: u32) -> Value {
        Value {
            pn,
            dn,
            len: 0,
            hand: Hand::EMPTY,
            rep: NO_REP,
        }
    }
    fn proven(len: u16, hand: Hand) -> Value {
        Value {
            pn: 0,
            dn: INF,
            len,
            hand,
            rep: NO_REP,
        }
    }
    fn disproven(within: u16, hand: Hand, rep: u32) -> Value {
        Value {
            pn: INF,
            dn: 0,
            len: within,
            hand,
            rep,
        }
    }
    fn from_probe(p: Probe) -> Value {
        match p {
            Probe::Proven { len, hand } => Value::proven(len, hand),
            Probe::Disproven { within, hand } => Value::disproven(within, hand, NO_REP),
            Probe::Unknown { pn, dn } => Value::unknown(pn, dn),
        }
    }
    /// Whether the node is proven.
    pub fn is_proven(&self) -> bool {
        self.pn == 0
    }
    /// Whether the node is disproven.
    pub fn is_disproven(&self) -> bool {
        self.dn == 0
    }
}

/// The search state: the table, the path for repetition, the counters and limits.
pub struct Dfpn {
    pub(crate) table: Arc<Table>,
    /// Threads searching a root at once (see [`super::parallel`]); 1 searches alone.
    threads: usize,
    /// With other threads: the positions each is searching.
    busy: Option<Arc<Busy>>,
    /// With other threads: set when one of them has decided the root (this one then stops).
    done: Option<Arc<AtomicBool>>,
    /// With other threads: the nodes of all of them, and how many of this one's are counted.
    pool: Option<Arc<AtomicU64>>,
    published: u64,
    /// A node, time or stop limit was reached (not only another thread's answer).
    limit_hit: bool,
    attacker: Color,
    /// Tsume rules: futile drops are not counted; who may capture them.
    futile: Option<Capturer>,
    path: Path,
    /// The first-look estimates of children not yet searched, which the table does not keep
    /// (a small cache, overwritten freely): a node searched again needs them again.
    leaves: Vec<(u64, u32, u32)>,
    /// Emptied child vectors of finished nodes, for the next nodes to fill (one per level of
    /// the deepest path so far), so a node allocates none.
    spare_children: Vec<Vec<Child>>,
    /// Emptied [`Child::virt`] vectors, kept for the next defender node's drops.
    spare_virtual: Vec<Vec<(Futility, Value)>>,
    /// A vector kept for [`futile::push_futilities`].
    spare_ways: Vec<Futility>,
    pub(crate) nodes: u64,
    /// Whether the root searched has a depth bound: the search is then mostly a disproof (of a
    /// mate shorter than one found), else mostly a proof. It sets ε ([`Dfpn::epsilon`]), the
    /// first numbers of a leaf ([`Dfpn::weighed`]), the choice of a check ([`select`]) and which
    /// nodes heed other threads' marks ([`heeds_marks`]).
    bounded: bool,
    limits: Limits,
    start: Instant,
    aborted: bool,
    next_check: u64,
}

/// The ceiling of proof and disproof numbers that are neither 0 nor INF: far below the root's
/// thresholds (INF − 1), so that a number run up to it (a wide tree under a length bound sums
/// proof numbers past any integer) never ends the root's search without an answer, and a child
/// at the ceiling still gets a threshold above it.
///
/// A threshold above the ceiling sets no limit on that number, which stops at the ceiling. Such
/// a threshold comes only from the root's or from one past a second-best child at the ceiling
/// ([`one_plus_epsilon`]), and is handed down through the sums, whole where a sum is at the
/// ceiling ([`share_of_threshold`]). Without this, a node whose sum had reached the ceiling
/// under a threshold just past it gave its child only that small excess, and searched it again
/// and again, its number growing a few leaves each time: a run of ミクロコスモス on two threads
/// spent over a million such searches on one node.
const CEILING: u32 = INF / 2;

fn add(a: u32, b: u32) -> u32 {
    // Sums saturate at the ceiling: INF is reserved for proven and disproven.
    if a == INF || b == INF {
        INF
    } else {
        a.saturating_add(b).min(CEILING)
    }
}

fn plus_one(len: u16) -> u16 {
    if len == UNBOUNDED {
        UNBOUNDED
    } else {
        len.saturating_add(1).min(UNBOUNDED - 1)
    }
}

impl Dfpn {
    /// A search for `attacker` with a table of `hash_mb` megabytes, searching each root with
    /// `threads` threads.
    pub fn new(
        attacker: Color,
        rules: Rules,
        capturer: Capturer,
        hash_mb: usize,
        threads: usize,
        limits: Limits,
    ) -> Dfpn {
        let futile = (rules == Rules::Tsume).then_some(capturer);
        Dfpn::on_table(
            Arc::new(Table::new(hash_mb)),
            attacker,
            futile,
            threads.max(1),
            limits,
        )
    }

    /// A search on `table`, alone (no other thread's marks, flag or node pool), its counters at
    /// zero and its clock started now.
    fn on_table(
        table: Arc<Table>,
        attacker: Color,
        futile: Option<Capturer>,
        threads: usize,
        limits: Limits,
    ) -> Dfpn {
        Dfpn {
            table,
            threads,
            busy: None,
            done: None,
            pool: None,
            published: 0,
            limit_hit: false,
            attacker,
            futile,
            path: Path::default(),
            leaves: vec![(0, 0, 0); LEAF_SLOTS],
            spare_children: Vec::new(),
            spare_virtual: Vec::new(),
            spare_ways: Vec::new(),
            nodes: 0,
            bounded: false,
            limits,
            start: Instant::now(),
            aborted: false,
            next_check: 0,
        }
    }

    /// Starts another search on the same table (which keeps what it has proven and disproven):
    /// the counters, the clock, the path and the limits begin anew.
    pub(crate) fn restart(&mut self, limits: Limits) {
        self.limits = limits;
        self.nodes = 0;
        self.start = Instant::now();
        self.aborted = false;
        self.limit_hit = false;
        self.next_check = 0;
        self.path.clear();
    }

    /// Lets a search that a limit stopped go on under `limits`, for the work that follows the
    /// stop (extracting the line of a mate found); the node count and the clock go on.
    pub(crate) fn resume(&mut self, limits: Limits) {
        self.limits = limits;
        self.aborted = false;
        self.next_check = self.nodes;
        self.path.clear();
    }

    /// ε at attacker nodes (`or`) or defender nodes, with a length bound or without.
    fn epsilon(&self, or: bool) -> Epsilon {
        match (or, self.bounded) {
            (true, true) => BOUNDED_ATTACKER_EPSILON,
            (true, false) => ATTACKER_EPSILON,
            (false, true) => BOUNDED_DEFENDER_EPSILON,
            (false, false) => EPSILON,
        }
    }

    /// Whether a limit stopped the search.
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// Seconds since the search was created.
    pub fn elapsed(&self) -> std::time::Duration {
        self.start.elapsed()
    }

    /// Puts `pos` on the path at `ply` (for the line extraction, which walks the main line).
    pub(crate) fn enter(&mut self, pos: &Position, ply: u32) {
        self.path
            .push(pos.board_key(), pos.hand(self.attacker), ply);
    }

    /// Takes the position last entered off the path.
    pub(crate) fn leave(&mut self) {
        self.path.pop();
    }

    fn check_limits(&mut self) {
        if self.nodes < self.next_check {
            return;
        }
        self.next_check = self.nodes + 1024;
        let total = self.count_nodes();
        let table = &self.table;
        self.limits.publish(total, || table.usage_permille());
        if self.limits.nodes.is_some_and(|n| total >= n)
            || self.limits.time.is_some_and(|t| self.start.elapsed() >= t)
            || self.limits.stop_requested()
        {
            self.aborted = true;
            self.limit_hit = true;
        }
        if self
            .done
            .as_ref()
            .is_some_and(|d| d.load(Relaxed) || self.table.wants_growth())
        {
            self.aborted = true;
        }
    }

    /// The nodes of every thread searching with this one (adding this one's new ones).
    fn count_nodes(&mut self) -> u64 {
        match &self.pool {
            Some(pool) => {
                let new = self.nodes - self.published;
                self.published = self.nodes;
                pool.fetch_add(new, Relaxed) + new
            }
            None => self.nodes,
        }
    }

    /// Searches `pos` (at `ply` on the path; attacker to move when `ply` is even) until it is
    /// proven or disproven within `depth` plies, or a limit stops it.
    pub(crate) fn search(&mut self, pos: &mut Position, depth: u16, ply: u32) -> Value {
        let key = pos.board_key();
        let hand = pos.hand(self.attacker);
        let v = Value::from_probe(self.table.probe(key, hand, depth));
        if v.is_proven() || v.is_disproven() {
            return v;
        }
        self.bounded = depth != UNBOUNDED;
        if ply == 0 && self.threads > 1 {
            return self.search_with_helpers(pos, depth);
        }
        self.mid(pos, INF - 1, INF - 1, depth, ply)
    }

    /// Searches the root `pos` with `threads − 1` helper threads on the shared table until one
    /// of the threads decides it or a limit stops them all. The nodes of all count. When the
    /// table asks to double, all stop, it doubles, and they search the root again (what they
    /// found is in the table).
    fn search_with_helpers(&mut self, pos: &mut Position, depth: u16) -> Value {
        let pool = Arc::new(AtomicU64::new(self.nodes));
        self.pool = Some(pool.clone());
        self.published = self.nodes;
        let value = loop {
            self.table.share();
            let v = self.search_together(pos, depth, &pool);
            self.table.unshare(self.threads);
            if !self.aborted || self.limit_hit {
                break v;
            }
            // Stopped for the table's doubling, now done.
            self.aborted = false;
        };
        self.count_nodes();
        self.nodes = pool.load(Relaxed);
        self.pool = None;
        value
    }

    /// One search of the root `pos` by this thread and its helpers, until one decides it, a
    /// limit stops them, or the table asks to double ([`Table::wants_growth`]).
    fn search_together(&mut self, pos: &mut Position, depth: u16, pool: &Arc<AtomicU64>) -> Value {
        let busy = Arc::new(Busy::new());
        let done = Arc::new(AtomicBool::new(false));
        self.busy = Some(busy.clone());
        self.done = Some(done.clone());
        let value = std::thread::scope(|scope| {
            // A helper the system will not give a thread is done without: the search is the
            // same with fewer threads.
            let helpers: Vec<_> = (1..self.threads)
                .filter_map(|_| {
                    let mut helper = self.helper(&busy, &done, pool);
                    let mut pos = pos.clone();
                    let done = done.clone();
                    let spawned = std::thread::Builder::new()
                        .name("tsume-helper".to_string())
                        .stack_size(super::SEARCH_STACK)
                        .spawn_scoped(scope, move || {
                            let v = helper.mid(&mut pos, INF - 1, INF - 1, depth, 0);
                            let decided = !helper.aborted && (v.is_proven() || v.is_disproven());
                            if decided {
                                done.store(true, Relaxed);
                            }
                            helper.count_nodes();
                            decided.then_some(v)
                        });
                    spawned.ok()
                })
                .collect();
            let mut v = self.mid(pos, INF - 1, INF - 1, depth, 0);
            let decided = !self.aborted && (v.is_proven() || v.is_disproven());
            done.store(true, Relaxed);
            for h in helpers {
                let theirs = h.join().expect("a helper thread does not panic");
                if let (false, Some(w)) = (decided, theirs) {
                    v = w;
                }
            }
            if !self.limit_hit && (v.is_proven() || v.is_disproven()) {
                // Stopped because a helper decided the root: that answer stands.
                self.aborted = false;
            }
            v
        });
        self.busy = None;
        self.done = None;
        value
    }

    /// A helper for [`Dfpn::search_with_helpers`]: the same search on the same table, with its
    /// own path and counters, stopped by the same limits or by `done`.
    fn helper(&self, busy: &Arc<Busy>, done: &Arc<AtomicBool>, pool: &Arc<AtomicU64>) -> Dfpn {
        let limits = Limits {
            progress: None,
            ..self.limits.clone()
        };
        Dfpn {
            busy: Some(busy.clone()),
            done: Some(done.clone()),
            pool: Some(pool.clone()),
            start: self.start,
            bounded: self.bounded,
            ..Dfpn::on_table(self.table.clone(), self.attacker, self.futile, 1, limits)
        }
    }

    /// What the table says of `pos` at `depth`.
    pub(crate) fn probe(&self, pos: &Position, depth: u16) -> Value {
        Value::from_probe(
            self.table
                .probe(pos.board_key(), pos.hand(self.attacker), depth),
        )
    }

    fn mid(&mut self, pos: &mut Position, th_pn: u32, th_dn: u32, depth: u16, ply: u32) -> Value {
        self.nodes += 1;
        self.check_limits();
        let or = pos.side_to_move() == self.attacker;
        let hand = pos.hand(self.attacker);
        let board_key = pos.board_key();
        if let Some(at) = self.path.repeated(board_key, hand) {
            return Value::disproven(UNBOUNDED, hand, at);
        }
        if self.aborted {
            return Value::unknown(1, 1);
        }
        let mut list = MoveList::new();
        if let Some(v) = self.expand(pos, depth, &mut list) {
            return v;
        }
        // The last plies under a bound: decided at once, depth-first.
        if or && depth <= SHALLOW_PLIES {
            let start_nodes = self.nodes;
            let v = self.shallow_checks(pos, &list, depth);
            let work = (self.nodes - start_nodes + 1).min(u32::MAX as u64) as u32;
            self.store(board_key, hand, &v, work);
            return v;
        }
        let child_depth = depth - 1;
        // The children's keys first, each cluster prefetched, so the probes below find them in
        // the cache. The vector comes from the pool of those of finished nodes. A defender's
        // drop starts held back, its value unread ([`Child::delayed`]); mostly only the first
        // drop on a square is released, so only it is prefetched.
        let mut children = self.spare_children.pop().unwrap_or_default();
        let mut drop_squares = 0u128;
        children.extend(list.iter().map(|&m| {
            let (key, mover_hand) = pos.keys_after(m);
            let hand = if or { mover_hand } else { hand };
            let delayed = !or && m.is_drop();
            let bit = 1u128 << m.to().index();
            let first_on_square = !delayed || drop_squares & bit == 0;
            if delayed {
                drop_squares |= bit;
            }
            if first_on_square {
                self.table.prefetch(key);
                prefetch(&self.leaves[leaf_slot(leaf_tag(key, hand))] as *const _ as *const u8);
            }
            Child {
                m,
                key,
                hand,
                value: Value::unknown(1, 1),
                virt: Vec::new(),
                delayed,
                group: ALONE,
            }
        }));
        if let (true, Some(king)) = (or, pos.king(!self.attacker)) {
            group_checks(&mut children, king);
        }
        for c in children.iter_mut().filter(|c| !c.delayed) {
            c.value = self.child_value(pos, c.m, c.key, c.hand, child_depth);
        }
        if let (Some(by), false) = (self.futile, or) {
            self.add_virtual_positions(pos, &mut children, depth, by);
        }
        if !or {
            self.release_drops(pos, &mut children, child_depth);
        }

        let start_nodes = self.nodes;
        self.path.push(board_key, hand, ply);
        let marked = self.busy.as_ref().is_some_and(|b| b.mark(board_key));
        let heeds = heeds_marks(or, self.bounded);
        let result = loop {
            let v = self.combine(pos, or, hand, &children, ply);
            if v.pn == 0 || v.dn == 0 || v.pn >= th_pn || v.dn >= th_dn || self.aborted {
                break v;
            }
            let limit = if or { th_pn } else { th_dn };
            let busy = self.busy.as_deref().filter(|_| heeds);
            let (best, second) = select(&children, or, &v, busy, limit, self.bounded);
            let c = &children[best];
            let cv = if or { c.value } else { reply_value(c) };
            let (child_th_pn, child_th_dn) = if or {
                (
                    th_pn.min(one_plus_epsilon(second, self.epsilon(true))),
                    share_of_threshold(th_dn, v.dn, counted_disproof(&children, best)),
                )
            } else {
                (
                    share_of_threshold(th_pn, v.pn, cv.pn),
                    th_dn.min(one_plus_epsilon(second, self.epsilon(false))),
                )
            };
            let (mut th_pn, mut th_dn) = (child_th_pn, child_th_dn);
            if !c.virt.is_empty() {
                // The real reply and the virtual positions are the children of an attacker
                // node: search the one with the least proof number, virtual ones first.
                let (pick, second) = select_option(c);
                let own = match pick {
                    Some(i) => c.virt[i].1,
                    None => c.value,
                };
                th_pn = child_th_pn.min(one_plus_epsilon(second, EPSILON));
                th_dn =
                    share_of_threshold(child_th_dn, cv.dn, own.dn).max(own.dn.saturating_add(1));
                if let Some(i) = pick {
                    let f = c.virt[i].0;
                    let e = futile::enter(pos, f);
                    let vv = self.mid(pos, th_pn, th_dn, depth, ply + 2);
                    futile::leave(pos, f, e);
                    for other in children.iter_mut() {
                        for (g, value) in other.virt.iter_mut() {
                            if g.capture == f.capture {
                                *value = vv;
                            }
                        }
                    }
                    self.release_drops(pos, &mut children, child_depth);
                    continue;
                }
            }
            let m = c.m;
            let undo = pos.make_move(m);
            let cv = self.mid(pos, th_pn, th_dn, child_depth, ply + 1);
            pos.unmake_move(m, undo);
            // Only the searched child is updated: the others keep the values read on entry (a
            // transposition may have changed them since, which the next entry will see).
            children[best].value = cv;
            if !or {
                self.release_drops(pos, &mut children, child_depth);
            }
        };
        self.path.pop();
        if marked {
            if let Some(b) = &self.busy {
                b.unmark(board_key);
            }
        }
        if !or && self.futile.is_some() {
            for c in children.iter_mut().filter(|c| c.virt.capacity() > 0) {
                let mut virt = std::mem::take(&mut c.virt);
                virt.clear();
                self.spare_virtual.push(virt);
            }
        }
        children.clear();
        self.spare_children.push(children);
        let work = (self.nodes - start_nodes).min(u32::MAX as u64) as u32;
        self.store(board_key, hand, &result, work);
        result
    }

    /// Generates the moves of `pos` into `list` (checks for the attacker, replies for the
    /// defender) and returns the value when they decide it at once: an attacker with no move left
    /// in the bound or no check has failed, a defender with no reply is mated (both facts, stored),
    /// a defender not mated with no move left in the bound is not mated within it.
    fn expand(&mut self, pos: &mut Position, depth: u16, list: &mut MoveList) -> Option<Value> {
        let hand = pos.hand(self.attacker);
        if pos.side_to_move() == self.attacker {
            if depth == 0 {
                return Some(Value::disproven(0, Hand::full(), NO_REP));
            }
            check_moves(pos, list);
            if list.is_empty() {
                return Some(self.no_check(pos));
            }
        } else {
            legal_moves(pos, list);
            if list.is_empty() {
                return Some(self.no_reply(pos));
            }
            let v = self.decided_defence(pos, list, depth);
            if let Some(proof) = v.filter(Value::is_proven) {
                self.store(pos.board_key(), hand, &proof, 1);
            }
            return v;
        }
        None
    }

    /// The value of a defender node in check with the legal replies `replies` (at least one)
    /// and `depth` plies left, when they decide it at once (nothing stored): under the tsume
    /// rules mated when they are drops and all futile; with no ply left, not mated. A drops-only
    /// answer under the tsume rules is for exactly this hand (a proof for more, a disproof for
    /// less), where it surely holds; else the disproof hand is [`not_mated_disproof_hand`].
    fn decided_defence(&self, pos: &mut Position, replies: &[Move], depth: u16) -> Option<Value> {
        let hand = pos.hand(self.attacker);
        let futile_by = self.futile.filter(|_| replies.iter().all(|m| m.is_drop()));
        if let Some(by) = futile_by {
            if futile::futile_drops_only(pos, replies, by) {
                return Some(Value::proven(0, hand));
            }
            if depth == 0 {
                return Some(Value::disproven(0, hand, NO_REP));
            }
        }
        (depth == 0).then(|| {
            let dh = not_mated_disproof_hand(pos, self.attacker, replies);
            Value::disproven(0, dh, NO_REP)
        })
    }

    /// [`hold_back_drops`] at a defender node, each drop released given its value at
    /// `child_depth` ([`Dfpn::child_value`]).
    fn release_drops(&mut self, pos: &mut Position, children: &mut [Child], child_depth: u16) {
        hold_back_drops(children, |c| {
            c.value = self.child_value(pos, c.m, c.key, c.hand, child_depth)
        });
    }

    /// An attacker node with no check: disproven, and stored.
    fn no_check(&mut self, pos: &Position) -> Value {
        let hand = pos.hand(self.attacker);
        let v = Value::disproven(UNBOUNDED, no_check_disproof_hand(hand), NO_REP);
        self.store(pos.board_key(), hand, &v, 1);
        v
    }

    /// A defender node with no reply: mated, and stored.
    fn no_reply(&mut self, pos: &Position) -> Value {
        let v = Value::proven(0, defender_proof_hand(pos, self.attacker, Hand::EMPTY));
        self.store(pos.board_key(), pos.hand(self.attacker), &v, 1);
        v
    }

    /// The value at `child_depth` of the child of `pos` reached by `m` (board key `key`, attacker
    /// hand `hand`): the table's, else the counts kept in [`Dfpn::leaves`] or new ones, weighed
    /// for this search and depth ([`Dfpn::weighed`]).
    #[inline]
    fn child_value(
        &mut self,
        pos: &mut Position,
        m: Move,
        key: u64,
        hand: Hand,
        child_depth: u16,
    ) -> Value {
        let probe = self.table.probe(key, hand, child_depth);
        if probe != Probe::NOT_FOUND {
            return Value::from_probe(probe);
        }
        let tag = leaf_tag(key, hand);
        let slot = leaf_slot(tag);
        let attacker_child = pos.side_to_move() != self.attacker;
        let (cached, pn, dn) = self.leaves[slot];
        if cached == tag && child_depth > 0 {
            return self.weighed(Value::unknown(pn, dn), attacker_child, child_depth);
        }
        let v = self.evaluate_leaf(pos, m, child_depth);
        if !(v.is_proven() || v.is_disproven()) {
            self.leaves[slot] = (tag, v.pn, v.dn);
        }
        self.weighed(v, attacker_child, child_depth)
    }

    /// The first value of a child the table does not know, not yet weighed:
    /// [`Dfpn::counted_look`] at the position after `m`.
    fn evaluate_leaf(&mut self, pos: &mut Position, m: Move, depth: u16) -> Value {
        let undo = pos.make_move(m);
        let v = self.counted_look(pos, depth);
        pos.unmake_move(m, undo);
        v
    }

    /// The value of a node the table does not know, at `depth` plies left: its
    /// [`Dfpn::counted_look`], [`Dfpn::weighed`].
    fn first_look(&mut self, pos: &mut Position, depth: u16) -> Value {
        let v = self.counted_look(pos, depth);
        self.weighed(v, pos.side_to_move() == self.attacker, depth)
    }

    /// A first look `v` (counts) at an attacker node (`attacker`) or a defender node with
    /// `depth` plies left, weighed for this search. An attacker node's disproof number: 1 with
    /// one ply left, which one expansion decides (a mate in one or none); under a length bound
    /// [`bounded_check_leaves`]; else one a check. A defender node's proof number: under a bound
    /// with more than [`WHOLE_REPLIES_PLIES`] plies left [`bounded_reply_leaves`]; else as
    /// counted. A decided look is as it is. The counts do not depend on the search, so
    /// [`Dfpn::leaves`] keeps them, not the weighed values.
    fn weighed(&self, v: Value, attacker: bool, depth: u16) -> Value {
        if v.is_proven() || v.is_disproven() {
            return v;
        }
        if !attacker {
            if self.bounded && depth > WHOLE_REPLIES_PLIES {
                return Value::unknown(bounded_reply_leaves(v.pn), v.dn);
            }
            return v;
        }
        let dn = if depth == 1 {
            1
        } else if self.bounded {
            bounded_check_leaves(v.dn)
        } else {
            v.dn
        };
        Value::unknown(v.pn, dn)
    }

    /// A node's value from [`Dfpn::expand`]'s facts or the df-pn+ counts, not yet weighed: as
    /// many disproof leaves as the attacker has checks; as many proof leaves as the defender has
    /// replies, but the drops on one square once, since [`hold_back_drops`] lets them count one
    /// at a time (the first look thus agrees with the node once expanded, and a check that
    /// leaves many interpositions on few squares is not taken for one with many different
    /// defences). The moves are counted, not listed, where only their number matters.
    fn counted_look(&mut self, pos: &mut Position, depth: u16) -> Value {
        if depth == 0 {
            return self
                .expand(pos, depth, &mut MoveList::new())
                .expect("a node with no ply left is decided at once");
        }
        if pos.side_to_move() == self.attacker {
            return match count_checks(pos) {
                0 => self.no_check(pos),
                n => Value::unknown(1, n as u32),
            };
        }
        let count = count_legal_moves(pos);
        if count.total() == 0 {
            return self.no_reply(pos);
        }
        if count.board == 0 && self.futile.is_some() {
            // Only drops, under tsume rules: mated if they are all futile.
            if let Some(v) = self.expand(pos, depth, &mut MoveList::new()) {
                return v;
            }
        }
        Value::unknown(count.board + count.drop_squares, 1)
    }

    /// Tsume rules: gives every drop of a defender node at `depth` the values of its virtual
    /// positions (the table's, or a first look), looked at once per drop square. The vectors
    /// come from those of finished nodes: against a new one each time, 1.5 % fewer instructions
    /// on 図巧 No. 77 (callgrind) and the 87 bundled problems 4 to 8 % faster (three pairs).
    fn add_virtual_positions(
        &mut self,
        pos: &mut Position,
        children: &mut [Child],
        depth: u16,
        by: Capturer,
    ) {
        for i in 0..children.len() {
            let m = children[i].m;
            if !m.is_drop() {
                continue;
            }
            let known = children[..i]
                .iter()
                .position(|c| c.m.is_drop() && c.m.to() == m.to());
            let mut virt = self.spare_virtual.pop().unwrap_or_default();
            match known {
                Some(j) => virt.extend(
                    children[j]
                        .virt
                        .iter()
                        .map(|&(f, v)| (Futility { drop: m, ..f }, v)),
                ),
                None => {
                    let mut ways = std::mem::take(&mut self.spare_ways);
                    ways.clear();
                    futile::push_futilities(pos, m, by, &mut ways);
                    for &f in &ways {
                        let e = futile::enter(pos, f);
                        let probe =
                            self.table
                                .probe(pos.board_key(), pos.hand(self.attacker), depth);
                        let v = if probe == Probe::NOT_FOUND {
                            self.first_look(pos, depth)
                        } else {
                            Value::from_probe(probe)
                        };
                        futile::leave(pos, f, e);
                        virt.push((f, v));
                    }
                    self.spare_ways = ways;
                }
            }
            children[i].virt = virt;
        }
    }

    /// The node's value from its children's.
    fn combine(&self, pos: &Position, or: bool, hand: Hand, children: &[Child], ply: u32) -> Value {
        if or {
            // Proven by the shortest proven check; disproven when every check is.
            if let Some(c) = children
                .iter()
                .filter(|c| c.value.is_proven())
                .min_by_key(|c| c.value.len)
            {
                return Value::proven(
                    plus_one(c.value.len),
                    proof_hand_before(pos, c.m, c.value.hand),
                );
            }
            if children.iter().all(|c| c.value.is_disproven()) {
                let mut within = UNBOUNDED;
                let mut dh = no_check_disproof_hand(hand);
                let mut rep = NO_REP;
                for c in children {
                    within = within.min(c.value.len);
                    dh = dh.min_each(disproof_hand_before(pos, c.m, c.value.hand));
                    rep = rep.min(c.value.rep);
                }
                return Value::disproven(plus_one(within), dh, settle(rep, ply));
            }
            let pn = children.iter().map(|c| c.value.pn).min().unwrap_or(INF);
            Value::unknown(pn, checks_disproof(children))
        } else {
            // Disproven by any disproven reply (preferring a path-independent, deeper one);
            // proven when every reply is, with the longest length.
            let mut disproof: Option<(Move, Value)> = None;
            let mut all_proven = true;
            let mut len = 0;
            let mut ph = Hand::EMPTY;
            let mut pn = 0;
            let mut dn = INF;
            for c in children.iter().filter(|c| !c.delayed) {
                let r = reply_value(c);
                let rank = |v: &Value| (v.rep != NO_REP, std::cmp::Reverse(v.len));
                if r.is_disproven() && disproof.is_none_or(|(_, d)| rank(&r) < rank(&d)) {
                    disproof = Some((c.m, r));
                }
                all_proven &= r.is_proven();
                len = len.max(r.len);
                ph = ph.max_each(r.hand);
                pn = add(pn, r.pn);
                dn = dn.min(r.dn);
            }
            if let Some((m, r)) = disproof {
                return Value::disproven(
                    r.len,
                    defender_disproof_hand(pos, self.attacker, m, r.hand),
                    settle(r.rep, ply),
                );
            }
            if all_proven {
                return Value::proven(len, defender_proof_hand(pos, self.attacker, ph));
            }
            Value::unknown(pn, dn)
        }
    }

    fn store(&mut self, key: u64, hand: Hand, v: &Value, work: u32) {
        if v.is_proven() {
            self.table.store_proven(key, hand, v.hand, v.len, work);
        } else if v.is_disproven() {
            if v.rep == NO_REP {
                self.table.store_disproven(key, hand, v.hand, v.len, work);
            }
        } else if !self.aborted {
            self.table.store_unknown(key, hand, v.pn, v.dn, work);
        }
    }
}

/// The threshold of a child whose number `own` is part of its parent's sum `sum`, the parent
/// searched to `threshold`: what the child's number may grow to before the sum reaches it. A sum
/// at the ceiling hides how far below the threshold the true sum is, so the child then gets the
/// parent's whole threshold; else each search of the child would grow its number only by the
/// threshold's small excess over the ceiling, and a long proof would crawl.
fn share_of_threshold(threshold: u32, sum: u32, own: u32) -> u32 {
    if sum >= CEILING {
        return threshold;
    }
    (threshold as u64 + own as u64)
        .saturating_sub(sum as u64)
        .min(INF as u64 - 1) as u32
}

/// A repetition of an ancestor at `rep` no longer depends on the path once the search is back at
/// that ancestor (`ply <= rep`).
fn settle(rep: u32, ply: u32) -> u32 {
    if rep >= ply {
        NO_REP
    } else {
        rep
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::koba_mate5;

    /// koba-mate5 and a search for its attacker.
    fn mate5() -> (Position, Dfpn) {
        let pos = koba_mate5();
        let search = Dfpn::new(
            pos.side_to_move(),
            Rules::Game,
            Capturer::default(),
            8,
            1,
            Limits::default(),
        );
        (pos, search)
    }

    #[test]
    fn a_child_gets_the_threshold_less_the_rest_of_the_sum_or_all_of_it_at_the_ceiling() {
        assert_eq!(share_of_threshold(100, 60, 10), 50);
        assert_eq!(share_of_threshold(INF - 1, 60, 10), INF - 51);
        // A sum past the threshold leaves the child none of it.
        assert_eq!(share_of_threshold(50, 60, 5), 0);
        // At the ceiling the sum no longer tells what is left: the whole threshold, which for
        // one past the ceiling sets the child's number no limit.
        let past = CEILING + 45;
        assert_eq!(share_of_threshold(past, CEILING, 500), past);
    }

    #[test]
    fn an_attacker_leaf_is_weighed_by_its_bound_and_plies_left() {
        let (mut pos, mut search) = mate5();
        let checks = count_checks(&pos) as u32;
        // A count that tells the weight from three leaves a check (equal at four checks).
        assert!(checks > 1 && checks != 4);
        assert_eq!(search.first_look(&mut pos, UNBOUNDED).dn, checks);
        search.bounded = true;
        for depth in [9, 3] {
            assert_eq!(
                search.first_look(&mut pos, depth).dn,
                checks + checks * checks / 2
            );
        }
        assert_eq!(search.first_look(&mut pos, 1).dn, 1);
    }

    #[test]
    fn a_defender_leaf_under_a_bound_counts_a_third_of_its_replies() {
        // The defender node after the check of koba-mate5 that leaves the most replies.
        let (pos, mut search) = mate5();
        let mut checks = MoveList::new();
        check_moves(&pos, &mut checks);
        let mut after = checks
            .iter()
            .map(|&m| {
                let mut p = pos.clone();
                p.make_move(m);
                p
            })
            .max_by_key(|p| count_legal_moves(p).total())
            .expect("a check");
        let replies = search.counted_look(&mut after, 9).pn;
        assert!(replies > 1, "{replies}");
        assert_eq!(search.first_look(&mut after, 9).pn, replies);
        search.bounded = true;
        assert_eq!(search.first_look(&mut after, 9).pn, replies.div_ceil(3));
        assert_eq!(search.first_look(&mut after, 5).pn, replies.div_ceil(3));
        // With few plies left, every reply counts.
        assert_eq!(search.first_look(&mut after, 4).pn, replies);
        assert_eq!(search.first_look(&mut after, 2).pn, replies);
    }

    #[test]
    fn a_kept_first_look_is_weighed_for_the_search_that_reads_it() {
        // The attacker node after a check and a reply of koba-mate5: its counts are kept, and
        // weighed for each kind of search and depth that reads them.
        let (mut pos, mut search) = mate5();
        let mut checks = MoveList::new();
        check_moves(&pos, &mut checks);
        pos.make_move(checks[0]);
        let mut replies = MoveList::new();
        legal_moves(&pos, &mut replies);
        let reply = replies[0];
        let (key, _) = pos.keys_after(reply);
        let hand = pos.hand(search.attacker);
        let mut after = pos.clone();
        after.make_move(reply);
        let n = count_checks(&after) as u32;
        assert!(n > 0);
        let mut value =
            |search: &mut Dfpn, depth| search.child_value(&mut pos, reply, key, hand, depth).dn;
        // A new look under a bound is weighed, and its counts kept as counted.
        search.bounded = true;
        assert_eq!(value(&mut search, 7), n + n * n / 2);
        let slot = leaf_slot(leaf_tag(key, hand));
        assert_eq!(search.leaves[slot].2, n);
        search.bounded = false;
        assert_eq!(value(&mut search, 7), n);
        // Marked, so that a read of the kept counts shows.
        search.leaves[slot].2 = 1000;
        assert_eq!(value(&mut search, 7), 1000);
        search.bounded = true;
        assert_eq!(value(&mut search, 7), 1000 + 500_000);
        assert_eq!(value(&mut search, 1), 1);
        search.bounded = false;
        assert_eq!(value(&mut search, 7), 1000);
    }
}
