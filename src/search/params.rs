//! The search's tunables, each with the rule it serves. The measurements that set them are in
//! `docs/performance-log.md`, cited by the heading of the part and the entry that made them.

// The limits and the progress display.

/// Nodes between two looks of a search at its limits, which also publish its node count: often
/// enough that a time limit or a stop is heeded at once, seldom enough to cost nothing measurable.
pub(crate) const LIMIT_CHECK_INTERVAL: u64 = 1024;

/// Nodes between two publications of the table's use, which reads a shared counter: a progress
/// display needs it far less often than the node count.
pub(crate) const HASH_USE_INTERVAL: u64 = 65536;

// Each interval of HASH_USE_INTERVAL holds a check, which publishes the table's use once.
const _: () = assert!(HASH_USE_INTERVAL >= LIMIT_CHECK_INTERVAL);

// ε of the 1+ε trick.

/// The ε of the 1+ε trick, a fraction `num / den`: the best child's threshold is the second-best
/// number enlarged by it.
#[derive(Clone, Copy)]
pub(crate) struct Epsilon {
    pub num: u64,
    pub den: u64,
}

/// ε at defender nodes of a search with no length bound, and at the options of a drop that may
/// be futile. `docs/performance-log.md`, "Up to 982de80", "ε at attacker nodes" (which tried
/// other values at defender nodes too).
pub(crate) const EPSILON: Epsilon = Epsilon { num: 1, den: 4 };

/// ε at defender nodes of a search bounded in depth. There the defender needs one reply that
/// holds out to the bound, and several usually do: most of the search goes to replies tried and
/// not finished. A narrower margin leaves a reply sooner once another looks cheaper; keeping to
/// the reply chosen until it is decided was far worse. `docs/performance-log.md`,
/// "After 50acbe4", "Kept: ε 1/16 at defender nodes under a length bound".
pub(crate) const BOUNDED_DEFENDER_EPSILON: Epsilon = Epsilon { num: 1, den: 16 };

/// ε at attacker nodes of a search with no length bound. `docs/performance-log.md`,
/// "Up to 982de80", "ε at attacker nodes".
pub(crate) const ATTACKER_EPSILON: Epsilon = Epsilon { num: 1, den: 3 };

/// ε at attacker nodes of a search bounded in depth. Such a search is mostly the disproof of a
/// mate shorter than one found; its checks' proof numbers swing as their lines meet the bound,
/// and a wider margin keeps it on one check instead of switching back and forth.
/// `docs/performance-log.md`, "Up to 982de80", "ε at attacker nodes".
pub(crate) const BOUNDED_ATTACKER_EPSILON: Epsilon = Epsilon { num: 1, den: 1 };

// First looks.

/// Under a length bound, an attacker leaf with n checks counts
/// `n + n² / BOUNDED_CHECK_SQUARE_DIVISOR` disproof leaves: every check must be refuted to the
/// bound, and a king with many checks against it stands in the open, where the positions after
/// them have many checks too. `docs/performance-log.md`, "Up to 982de80", "Under a length bound,
/// an attacker leaf with n checks counts n + n²/2 disproof leaves".
pub(crate) const BOUNDED_CHECK_SQUARE_DIVISOR: u32 = 2;

/// Under a length bound, a defender leaf with more than [`WHOLE_REPLIES_PLIES`] plies left counts
/// `1 / BOUNDED_REPLY_DIVISOR` of its replies as proof leaves (at least one): an attacker node
/// then tries a check not yet searched before it goes deeper into one whose replies it has
/// expanded. `docs/performance-log.md`, "Up to 982de80", "Under a length bound, a defender leaf
/// with more than two plies left counts a third of its replies".
pub(crate) const BOUNDED_REPLY_DIVISOR: u32 = 3;

/// Plies left up to which a defender leaf under a bound counts all its replies: below such a
/// node the search is a few plies deep, and what it costs is nearer its whole count of replies.
/// `docs/performance-log.md`, "Up to 982de80", "Under a length bound, a defender leaf with four
/// plies left or fewer counts all its replies".
pub(crate) const WHOLE_REPLIES_PLIES: u16 = 4;

/// A search past the root with several threads runs alone for this many nodes before the
/// others join it: most of the line's searches end sooner, and a thread is not worth starting
/// for them.
pub(crate) const SOLO_NODES: u64 = 1 << 13;

/// Entries of the first-look cache (a power of two): 256 KB, which a second-level cache holds.
/// Fewer recount more leaves; more recount fewer but run longer. `docs/performance-log.md`,
/// "Up to 982de80", "Fewer instructions a node".
pub(crate) const LEAF_SLOTS: usize = 1 << 14;

const _: () = assert!(LEAF_SLOTS.is_power_of_two());

// The last plies.

/// Plies left up to which an attacker node under a bound is decided depth-first, with no first
/// looks, thresholds or table entries inside: near the bound a plain search costs less than
/// df-pn's bookkeeping; deeper (five plies, with or without the table inside) it costs more.
/// `docs/performance-log.md`, "After 79b91d1", "Kept (5aa98ec, 65dc6b1): the last plies under a
/// bound searched depth-first"; under the tsume conventions "After 571cca9", "Kept (051b41c): the
/// last three plies depth-first under the tsume conventions too".
pub(crate) const SHALLOW_PLIES: u16 = 3;

// The table.

/// Entries per cluster of the table: all entries of one board key live in one cluster. Four
/// entries make two cache lines, which a probe waits on; eight took longer for the same nodes,
/// two needed more nodes. `docs/performance-log.md`, "Up to 982de80", "Four entries a cluster".
pub(crate) const CLUSTER_WAYS: usize = 4;

/// Bytes of the table's first region. A short search, as most problems of a collection are,
/// writes a few hundred entries, and a table given back is zeroed where its region was before
/// the next problem's table takes it: a small first region keeps that zeroing short.
/// `docs/performance-log.md`, "After 982de80", "The table's first region 64 KB instead of one
/// huge page (2 MB), and a region below 2 MB doubled at a sixteenth full instead of half".
pub(crate) const FIRST_REGION_BYTES: usize = 64 << 10;

/// A region below a huge page doubles once `1 / SMALL_REGION_SHARE` of its entries are taken, so
/// that its clusters seldom overflow (an overflow loses an entry); a larger one at half full.
/// Doubling small regions at half full cost nodes, most likely through clusters filled to about
/// half at each doubling, where some overflow. `docs/performance-log.md`, "After 982de80", as
/// [`FIRST_REGION_BYTES`].
pub(crate) const SMALL_REGION_SHARE: usize = 16;

// The main line.

/// Nodes that may be spent after a limit stopped the search, to extract the line of a mate found
/// but not proven shortest (counted in the search's nodes): enough for the line of a mate the
/// table has proven, little against the limit that stopped the search.
pub const LINE_AFTER_LIMIT_NODES: u64 = 1 << 16;

/// Line nodes that may be spent comparing alternatives along a main line: the choice among
/// equally long defences (and 2手変長) needs their lines, and some take tens of thousands.
pub const LINE_CHOICE_BUDGET: u32 = 200_000;
