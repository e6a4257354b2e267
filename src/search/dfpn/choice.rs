//! The children of a df-pn node and the choice among them: a defender's reply as it counts at
//! its node, the interpositions held back, the child to search next and its threshold (1+ε).

use super::{add, plus_one, Value, CEILING};
use crate::search::futile::Futility;
use crate::search::parallel::{virtual_loss, Busy};
use crate::search::table::INF;
use crate::shogi::{Hand, Move};

/// A child of the node being searched: its move, its table key and its value so far.
pub(super) struct Child {
    pub m: Move,
    /// The board key after the move.
    pub key: u64,
    /// The attacker's hand after the move (the table's key with `key`).
    pub hand: Hand,
    pub value: Value,
    /// Tsume rules, a drop that may be futile: the ways into its virtual positions (the same
    /// for every drop on one square) and their values at the parent's depth.
    pub virt: Vec<(Futility, Value)>,
    /// A defender's drop held back until every earlier drop on its square is proven: the
    /// interpositions on one square are tried one at a time, so they do not all add to the
    /// defender node's proof number at once.
    pub delayed: bool,
}

/// A defender's reply as it counts at the defender node (one ply more than the child), or for a
/// drop that may be futile, the best for the attacker of that and its virtual positions, whose
/// values are not lengthened: they are alternatives of an attacker node.
pub(super) fn reply_value(c: &Child) -> Value {
    let real = Value {
        len: plus_one(c.value.len),
        ..c.value
    };
    if c.virt.is_empty() {
        return real;
    }
    let options = || std::iter::once(real).chain(c.virt.iter().map(|(_, v)| *v));
    if let Some(v) = options().filter(Value::is_proven).min_by_key(|v| v.len) {
        return v;
    }
    if options().all(|v| v.is_disproven()) {
        let mut d = real;
        for v in options() {
            d = Value::disproven(d.len.min(v.len), d.hand.min_each(v.hand), d.rep.min(v.rep));
        }
        return d;
    }
    let (mut pn, mut dn) = (INF, 0);
    for v in options() {
        pn = pn.min(v.pn);
        dn = add(dn, v.dn);
    }
    Value::unknown(pn, dn)
}

/// The ε of the 1+ε trick, a fraction `num / den`.
#[derive(Clone, Copy)]
pub(super) struct Epsilon {
    num: u64,
    den: u64,
}

/// ε at defender nodes, and at the options of a drop that may be futile.
pub(super) const EPSILON: Epsilon = Epsilon { num: 1, den: 4 };

/// ε at attacker nodes of a search with no length bound.
pub(super) const ATTACKER_EPSILON: Epsilon = Epsilon { num: 1, den: 3 };

/// ε at attacker nodes of a search bounded in depth. Such a search is mostly the disproof of a
/// mate shorter than one found; its checks' proof numbers swing as their lines meet the bound,
/// and a wider margin keeps it on one check instead of switching back and forth.
pub(super) const BOUNDED_ATTACKER_EPSILON: Epsilon = Epsilon { num: 1, den: 1 };

/// The threshold for the best child: just past the second-best number, enlarged by ε.
pub(super) fn one_plus_epsilon(second: u32, eps: Epsilon) -> u32 {
    if second >= INF - 1 {
        return INF - 1;
    }
    let t = second as u64 + (second as u64 * eps.num / eps.den).max(1);
    t.min(INF as u64 - 1) as u32
}

/// Holds back each drop that has an earlier drop on its square still unproven or held back
/// ([`Child::delayed`]), and releases the others, in one pass. Proofs are final, so a released
/// drop is never held back again, and a square with a drop held back always has an unproven one
/// released: the node is not proven while drops wait.
pub(super) fn hold_back_drops(children: &mut [Child]) {
    // Bit s: a drop on square s is unproven or held back.
    let mut blocked = 0u128;
    for c in children.iter_mut().filter(|c| c.m.is_drop()) {
        let bit = 1u128 << c.m.to().index();
        c.delayed = blocked & bit != 0;
        if c.delayed || !reply_value(c).is_proven() {
            blocked |= bit;
        }
    }
}

/// For a drop with virtual positions: which option to search next (`Some(i)`: virtual position
/// i, `None`: the real reply), the least proof number first and virtual positions on ties, and
/// the second-least proof number.
pub(super) fn select_option(c: &Child) -> (Option<usize>, u32) {
    let mut best = None;
    let mut best_pn = c.value.pn;
    let mut second = INF;
    for (i, (_, v)) in c.virt.iter().enumerate() {
        if v.pn <= best_pn {
            second = second.min(best_pn);
            best_pn = v.pn;
            best = Some(i);
        } else {
            second = second.min(v.pn);
        }
    }
    (best, second)
}

/// The index of the child to search next, and the second-best number (pn at an attacker node,
/// dn at a defender node). Between equal numbers the child with the greater other number goes
/// first (dn at an attacker node, pn at a defender node): the one the opponent finds harder.
/// With other threads searching, a child one of them is in counts as worse ([`virtual_loss`]),
/// the more so where the node (its value `node`) is likelier to end the way that needs all its
/// children (an attacker node disproven, a defender node proven), unless the child that would be
/// taken instead is already at the node's threshold `limit` (it could not be searched: its
/// threshold would not exceed it).
pub(super) fn select(
    children: &[Child],
    or: bool,
    node: &Value,
    busy: Option<&Busy>,
    limit: u32,
) -> (usize, u32) {
    // (the number, the other number), from one look at the child's value.
    let numbers = |c: &Child| {
        if or {
            (c.value.pn, c.value.dn)
        } else {
            let r = reply_value(c);
            (r.dn, r.pn)
        }
    };
    if let Some(busy) = busy {
        let needs_all = if or {
            node.pn > node.dn
        } else {
            node.dn > node.pn
        };
        let (best, second) = best_two(children, |c| {
            let (n, tie) = numbers(c);
            if busy.contains(c.key) {
                (virtual_loss(n, needs_all, CEILING), tie)
            } else {
                (n, tie)
            }
        });
        if numbers(&children[best]).0 < limit {
            return (best, second);
        }
    }
    best_two(children, numbers)
}

/// The child (not held back) with the least number, of those the one with the greatest other
/// number, and the second-least number; `numbers` gives a child's (number, other number).
fn best_two(children: &[Child], numbers: impl Fn(&Child) -> (u32, u32)) -> (usize, u32) {
    let mut best = 0;
    let mut best_n = INF;
    let mut best_t = 0;
    let mut second = INF;
    for (i, c) in children.iter().enumerate().filter(|(_, c)| !c.delayed) {
        let (n, tie) = numbers(c);
        if n < best_n || (n == best_n && tie > best_t) {
            second = best_n;
            best_n = n;
            best_t = tie;
            best = i;
        } else if n < second {
            second = n;
        }
    }
    (best, second)
}
