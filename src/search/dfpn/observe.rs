//! The statistics' look at the node loop (`--stats`, [`crate::search::stats`]): a visit of
//! [`Dfpn::mid`] counted with the nodes under it, and an attacker node's expansion with its
//! checks' disproof numbers, near-twin checks counted apart and as the search counts them.

use super::choice::{counted_with, Child};
use super::{Dfpn, Value};
use crate::search::stats::Collector;
use crate::search::table::INF;
use crate::shogi::Position;

impl Dfpn {
    /// [`Dfpn::visit`] counted in the statistics: the position, its ply and plies left, and
    /// the nodes searched below it, its own included.
    #[inline(never)]
    pub(super) fn observed_visit(
        &mut self,
        pos: &mut Position,
        thpn: u32,
        thdn: u32,
        depth: u16,
        ply: u32,
    ) -> Value {
        let key = pos.board_key();
        let hand = pos.hand(self.attacker);
        let before = self.nodes;
        if let Some(stats) = self.stats.as_deref_mut() {
            stats.enter(key, hand, ply, before, &self.table);
        }
        let v = self.visit(pos, thpn, thdn, depth, ply);
        let below = self.nodes - before;
        if let Some(stats) = self.stats.as_deref_mut() {
            stats.leave(key, hand, ply, depth, below);
        }
        v
    }
}

/// An attacker node expanded with `children`: its checks' disproof numbers summed, each counted,
/// and each group of near-twins by its greatest ([`counted_with`]), when none is proven and one
/// at least is not disproven.
pub(super) fn expanded(stats: &mut Collector, children: &[Child]) {
    if children.iter().any(|c| c.value.dn == INF) || children.iter().all(|c| c.value.dn == 0) {
        return;
    }
    let mut all = 0u64;
    let mut grouped = 0u64;
    let mut twins = false;
    for (i, c) in children.iter().enumerate() {
        all += c.value.dn as u64;
        let mut group = counted_with(children, i);
        let first = group.next().unwrap_or(i);
        if first != i {
            // Counted with the first of its group.
            continue;
        }
        let mut greatest = c.value.dn;
        let mut undecided = (c.value.dn > 0) as u32;
        for j in counted_with(children, i) {
            greatest = greatest.max(children[j].value.dn);
            undecided += (j != i && children[j].value.dn > 0) as u32;
        }
        twins |= undecided >= 2;
        grouped += greatest as u64;
    }
    stats.expanded(all, grouped, twins);
}
