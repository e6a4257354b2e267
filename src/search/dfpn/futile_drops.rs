//! Tsume rules: the virtual positions of a defender's drops that may be futile.
//!
//! A defender's drop between a ranging checker and the king is futile when its virtual position
//! (the checker captures on the square, the piece goes back to the defender's hand) is still mate
//! within the same length ([`crate::search::futile`]). At a defender node such a drop is worth
//! the best for the attacker of the real reply and its virtual positions
//! ([`super::choice::reply_value`]): those are the children of an attacker node, and the one with
//! the least proof number is searched next, virtual ones first.

use super::choice::{one_plus_epsilon, reply_value, select_option, share_of_threshold, Child};
use super::{Dfpn, Value};
use crate::search::futile::{self, Capturer, Futility};
use crate::search::params::EPSILON;
use crate::search::table::Probe;
use crate::shogi::Position;

impl Dfpn {
    /// Tsume rules: gives every drop of a defender node at `depth` the values of its virtual
    /// positions (the table's, or a first look), looked at once per drop square. The vectors
    /// come from those of finished nodes, so a node allocates none (`docs/performance-log.md`,
    /// "After 571cca9", "Kept (4afe29e): the vectors of the virtual positions kept").
    pub(super) fn add_virtual_positions(
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
            let mut virt = self.spare.virt.pop().unwrap_or_default();
            match known {
                Some(j) => virt.extend(
                    children[j]
                        .virt
                        .iter()
                        .map(|&(f, v)| (Futility { drop: m, ..f }, v)),
                ),
                None => {
                    let mut ways = std::mem::take(&mut self.spare.ways);
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
                    self.spare.ways = ways;
                }
            }
            children[i].virt = virt;
        }
    }

    /// Searches the virtual position reached by `f` from the defender node `pos` (`depth` plies
    /// left, at `ply`) with the thresholds `thpn` and `thdn`, gives its value to every drop of
    /// `children` with the same capture, and releases the drops it lets through.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn search_virtual(
        &mut self,
        pos: &mut Position,
        children: &mut [Child],
        f: Futility,
        thpn: u32,
        thdn: u32,
        depth: u16,
        ply: u32,
    ) {
        let e = futile::enter(pos, f);
        let vv = self.mid(pos, thpn, thdn, depth, ply + 2);
        futile::leave(pos, f, e);
        for other in children.iter_mut() {
            for (g, value) in other.virt.iter_mut() {
                if g.capture == f.capture {
                    *value = vv;
                }
            }
        }
        self.release_drops(pos, children, depth - 1);
    }

    /// Gives the virtual positions' vectors of a finished defender node's `children` back to
    /// the pool.
    pub(super) fn recycle_virtual(&mut self, children: &mut [Child]) {
        for c in children.iter_mut().filter(|c| c.virt.capacity() > 0) {
            let mut virt = std::mem::take(&mut c.virt);
            virt.clear();
            self.spare.virt.push(virt);
        }
    }
}

/// For the drop `c` chosen at a defender node with the thresholds `thpn` and `thdn` for it: which
/// of its options to search (`Some(i)`: virtual position i, `None`: the real reply, as
/// [`select_option`]), and the option's thresholds, as the child of an attacker node: pn just past
/// the second-best option's (1+ε), dn what the other options leave of `thdn`, past its own.
pub(super) fn drop_option(c: &Child, thpn: u32, thdn: u32) -> (Option<usize>, u32, u32) {
    let (pick, second) = select_option(c);
    let own = match pick {
        Some(i) => c.virt[i].1,
        None => c.value,
    };
    let option_thpn = thpn.min(one_plus_epsilon(second, EPSILON));
    let option_thdn =
        share_of_threshold(thdn, reply_value(c).dn, own.dn).max(own.dn.saturating_add(1));
    (pick, option_thpn, option_thdn)
}
