//! The search's tunables, each with the rule it serves; the measurements that set them are in
//! `docs/performance-log.md`.

/// Nodes between two looks of a search at its limits, which also publish its node count. Often
/// enough that a time limit or a stop is heeded within a millisecond or so; seldom enough that
/// the looks cost nothing measurable.
pub(crate) const LIMIT_CHECK_INTERVAL: u64 = 1024;

/// Nodes between two publications of the table's use (a scan of part of the table), a multiple
/// no shorter than [`LIMIT_CHECK_INTERVAL`], so that each interval of it publishes once.
pub(crate) const HASH_USE_INTERVAL: u64 = 65536;

const _: () = assert!(HASH_USE_INTERVAL >= LIMIT_CHECK_INTERVAL);

/// Entries of the first-look cache (a power of two): 256 KB, which a second-level cache holds.
/// Fewer recount more leaves; more recount fewer but run longer.
pub(crate) const LEAF_SLOTS: usize = 1 << 14;

/// Plies left up to which a defender leaf under a bound counts all its replies: below such a
/// node the search is a few plies deep, and what it costs is nearer its whole count of replies.
pub(crate) const WHOLE_REPLIES_PLIES: u16 = 4;

/// Entries per cluster of the table: all entries of one board key live in one cluster. Four
/// entries make two cache lines, which a probe waits on; more took longer for the same nodes.
pub(crate) const CLUSTER_WAYS: usize = 4;

/// Bytes of the table's first region. A short search, as most problems of a collection are,
/// writes a few hundred entries, and a table given back is zeroed where its region was before
/// the next problem's table takes it: a small first region keeps that zeroing short.
pub(crate) const FIRST_REGION_BYTES: usize = 64 << 10;

/// A region below a huge page doubles once `1 / SMALL_REGION_SHARE` of its entries are taken, so
/// that its clusters seldom overflow (an overflow loses an entry); a larger one at half full.
pub(crate) const SMALL_REGION_SHARE: usize = 16;
