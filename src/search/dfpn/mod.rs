//! Depth-first proof-number search (Nagai 2002) with a length bound.
//!
//! Attacker (OR) nodes try only checks; defender (AND) nodes every legal reply. A node's proof
//! number `pn` is the least number of leaves still to prove for a mate, its disproof number `dn`
//! the least to disprove it. `mid` searches a node until its pn or dn reaches its threshold
//! (`thpn`, `thdn`), choosing the child with the best number and giving it the thresholds of
//! the 1+ε trick (Pawlewicz & Lew).
//!
//! Here: the search's state and its entry ([`Dfpn::search`]). The node loop is in [`node`], the
//! children and the choice among them in [`choice`], the first looks at children not yet
//! searched in [`estimate`], the virtual positions of futile drops in [`futile_drops`], the last
//! plies under a bound in [`shallow`]; threads searching together in [`parallel`], the
//! limits in [`super::limits`].
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
mod estimate;
mod futile_drops;
mod node;
mod observe;
mod parallel;
mod shallow;

use super::futile::{Capturer, Futility};
use super::limits::Watch;
use super::params::{
    Epsilon, ATTACKER_EPSILON, BOUNDED_ATTACKER_EPSILON, BOUNDED_DEFENDER_EPSILON, EPSILON,
};
use super::path::Path;
use super::stats::Collector;
use super::table::{Probe, Table, INF, UNBOUNDED};
use super::{Limits, Rules};
use crate::shogi::{Color, Hand, Position};
use choice::Child;
use estimate::LeafCache;
use parallel::Team;
use std::sync::Arc;

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

/// The search state of one thread: what it is searching for, its path, its node count against its
/// limits, its part in a search of several threads, and its caches.
pub struct Dfpn {
    pub(crate) table: Arc<Table>,
    pub(super) attacker: Color,
    /// Tsume rules: futile drops are not counted; who may capture them.
    pub(super) futile: Option<Capturer>,
    /// Whether the root searched has a depth bound: the search is then mostly a disproof (of a mate
    /// shorter than one found), else mostly a proof. It sets ε ([`Dfpn::epsilon`]), the first
    /// numbers of a leaf ([`Dfpn::weighed`]), the choice of a check ([`choice::select`]) and which
    /// nodes heed other threads' marks ([`parallel::heeds_marks`]).
    pub(super) bounded: bool,
    pub(crate) nodes: u64,
    pub(super) path: Path,
    /// The limits, the clock, and whether the search has stopped.
    pub(super) watch: Watch,
    /// The other threads searching the same root, if any (see [`parallel`]).
    pub(super) team: Team,
    /// The first-look estimates of children not yet searched, which the table does not keep
    /// (a small cache, overwritten freely): a node searched again needs them again.
    leaves: LeafCache,
    /// Vectors of finished nodes kept for the next ones, so a node allocates none.
    spare: Spare,
    /// The statistics of the search under way, when asked for (`--stats`); they never change
    /// what is searched.
    pub(crate) stats: Option<Box<Collector>>,
    /// An experiment: a defender's unguarded non-checking drops chained under a bound too, as
    /// they are without one ([`Child::chained`]).
    pub(crate) defer_drops_under_bound: bool,
}

/// Emptied vectors of finished nodes, for the next nodes to fill.
#[derive(Default)]
struct Spare {
    /// Child vectors (one per level of the deepest path so far).
    children: Vec<Vec<Child>>,
    /// [`Child::virt`] vectors, for the next defender node's drops.
    virt: Vec<Vec<(Futility, Value)>>,
    /// A vector for [`super::futile::push_futilities`].
    ways: Vec<Futility>,
}

/// The ceiling of proof and disproof numbers that are neither 0 nor INF: far below the root's
/// thresholds (INF − 1), so that a number run up to it (a wide tree under a length bound sums
/// proof numbers past any integer) never ends the root's search without an answer, and a child
/// at the ceiling still gets a threshold above it.
///
/// A threshold above the ceiling sets no limit on that number, which stops at the ceiling. Such
/// a threshold comes only from the root's or from one past a second-best child at the ceiling
/// ([`choice::one_plus_epsilon`]), and is handed down through the sums, whole where a sum is at the
/// ceiling ([`choice::share_of_threshold`]). Without this, a node whose sum had reached the ceiling
/// under a threshold just past it gave its child only that small excess, and searched it again
/// and again, its number growing a few leaves each time (`docs/performance-log.md`,
/// "Up to 982de80", "A threshold past the ceiling of the numbers only where it sets no limit").
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
        hash_mb: usize,
        threads: usize,
        limits: Limits,
    ) -> Dfpn {
        Dfpn::on_table(
            Arc::new(Table::new(hash_mb)),
            attacker,
            rules.futile(),
            threads.max(1),
            limits,
        )
    }

    /// A search on `table`, alone (no other thread's marks, flag or node pool), its counters at
    /// zero and its clock started now.
    pub(super) fn on_table(
        table: Arc<Table>,
        attacker: Color,
        futile: Option<Capturer>,
        threads: usize,
        limits: Limits,
    ) -> Dfpn {
        Dfpn {
            table,
            attacker,
            futile,
            bounded: false,
            nodes: 0,
            path: Path::default(),
            watch: Watch::new(limits),
            team: Team::alone(threads),
            leaves: LeafCache::new(),
            spare: Spare::default(),
            stats: None,
            defer_drops_under_bound: false,
        }
    }

    /// Starts another search on the same table (which keeps what it has proven and disproven):
    /// the counters, the clock, the path and the limits begin anew.
    pub(crate) fn restart(&mut self, limits: Limits) {
        self.watch.restart(limits);
        self.nodes = 0;
        self.path.clear();
    }

    /// Lets a search that a limit stopped go on under `limits`, for the work that follows the
    /// stop (extracting the line of a mate found); the node count and the clock go on.
    pub(crate) fn resume(&mut self, limits: Limits) {
        self.watch.resume(limits, self.nodes);
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
        self.watch.aborted
    }

    /// Seconds since the search was created.
    pub fn elapsed(&self) -> std::time::Duration {
        self.watch.start.elapsed()
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

    /// Every [`super::params::LIMIT_CHECK_INTERVAL`] nodes: publishes the progress, and stops
    /// the search when a limit is reached or the other threads stop.
    fn check_limits(&mut self) {
        if !self.watch.due(self.nodes) {
            return;
        }
        let total = self.count_nodes();
        let table = &self.table;
        self.watch.check(total, || table.usage_permille());
        if self.team.stops(&self.table, self.nodes) {
            self.watch.aborted = true;
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
        if self.team.threads > 1 {
            return if ply == 0 {
                self.search_with_helpers(pos, depth, 0)
            } else {
                self.search_past_root(pos, depth, ply)
            };
        }
        self.mid(pos, INF - 1, INF - 1, depth, ply)
    }

    /// What the table says of `pos` at `depth`.
    pub(crate) fn probe(&self, pos: &Position, depth: u16) -> Value {
        Value::from_probe(
            self.table
                .probe(pos.board_key(), pos.hand(self.attacker), depth),
        )
    }

    /// Stores the value `v` of the node with board key `key` and attacker hand `hand`, searched
    /// with `work` nodes: a proof, a disproof that does not depend on the path, or the numbers of
    /// a node not decided (unless the search stopped, when they may be unfinished).
    fn store(&mut self, key: u64, hand: Hand, v: &Value, work: u32) {
        let replaced = if v.is_proven() {
            self.table.store_proven(key, hand, v.hand, v.len, work)
        } else if v.is_disproven() {
            if v.rep != NO_REP {
                return;
            }
            self.table.store_disproven(key, hand, v.hand, v.len, work)
        } else if !self.watch.aborted {
            self.table.store_unknown(key, hand, v.pn, v.dn, work)
        } else {
            return;
        };
        if let Some(stats) = self.stats.as_deref_mut() {
            stats.stored(replaced);
        }
    }
}
