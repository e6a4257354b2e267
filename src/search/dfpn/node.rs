//! The node loop of df-pn: [`Dfpn::mid`] expands a node, then searches its best child with the
//! thresholds of the 1+ε trick until the node's proof number φ or disproof number δ reaches its
//! threshold. At an attacker (OR) node φ is pn and δ is dn; at a defender (AND) node the other way
//! round. Here every number is named for the node it belongs to: `pn`, `dn`, and the thresholds
//! `thpn`, `thdn`.

use super::choice::{
    checks_disproof, counted_disproof, drop_gives_no_check, group_checks, hold_back_drops,
    one_plus_epsilon, reply_value, select, share_of_threshold, unguarded, Child, ALONE,
};
use super::futile_drops::drop_option;
use super::observe;
use super::parallel::heeds_marks;
use super::{add, plus_one, Dfpn, Value, NO_REP};
use crate::search::futile;
use crate::search::hands::{
    defender_disproof_hand, defender_proof_hand, disproof_hand_before, no_check_disproof_hand,
    not_mated_disproof_hand, proof_hand_before,
};
use crate::search::params::SHALLOW_PLIES;
use crate::search::table::{INF, UNBOUNDED};
use crate::shogi::movegen::{check_moves, evasions};
use crate::shogi::{Hand, Move, MoveList, Position};

impl Dfpn {
    /// Searches the node `pos` (`depth` plies left, at `ply` on the path) until its pn reaches
    /// `thpn` or its dn reaches `thdn`, it is decided, or the search stops; stores and returns
    /// its value. With statistics, the visit is counted ([`Dfpn::observed_visit`]).
    pub(crate) fn mid(
        &mut self,
        pos: &mut Position,
        thpn: u32,
        thdn: u32,
        depth: u16,
        ply: u32,
    ) -> Value {
        if self.stats.is_some() {
            return self.observed_visit(pos, thpn, thdn, depth, ply);
        }
        self.visit(pos, thpn, thdn, depth, ply)
    }

    /// [`Dfpn::mid`]'s visit of the node, the statistics apart.
    #[inline(always)]
    pub(super) fn visit(
        &mut self,
        pos: &mut Position,
        thpn: u32,
        thdn: u32,
        depth: u16,
        ply: u32,
    ) -> Value {
        self.nodes += 1;
        self.check_limits();
        let or = pos.side_to_move() == self.attacker;
        let hand = pos.hand(self.attacker);
        let board_key = pos.board_key();
        if let Some(at) = self.path.repeated(board_key, hand) {
            return Value::disproven(UNBOUNDED, hand, at);
        }
        if self.watch.aborted {
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
        let mut children = self.children(pos, &list, or, hand, depth);
        if or {
            if let Some(stats) = self.stats.as_deref_mut() {
                observe::expanded(stats, &children);
            }
        }
        let start_nodes = self.nodes;
        self.path.push(board_key, hand, ply);
        let marked = self.team.mark(board_key);
        let result = self.search_children(pos, &mut children, or, hand, thpn, thdn, depth, ply);
        self.path.pop();
        if marked {
            self.team.unmark(board_key);
        }
        self.recycle(children, or);
        let work = (self.nodes - start_nodes).min(u32::MAX as u64) as u32;
        self.store(board_key, hand, &result, work);
        result
    }

    /// The children of the node `pos` (its moves `list`, `depth` plies left) with their first
    /// values: the table's or a first look, a defender's drops held back and, under the tsume
    /// rules, given their virtual positions.
    ///
    /// The children's keys come first, each cluster prefetched, so the probes that follow find
    /// them in the cache. The vector comes from the pool of those of finished nodes. A defender's
    /// drop starts held back, its value unread ([`Child::delayed`]); mostly only the first drop
    /// on a square is released, so only it is prefetched.
    fn children(
        &mut self,
        pos: &mut Position,
        list: &MoveList,
        or: bool,
        hand: Hand,
        depth: u16,
    ) -> Vec<Child> {
        let child_depth = depth - 1;
        let mut children = self.spare.children.pop().unwrap_or_default();
        let mut drop_squares = 0u128;
        // Under a bound the defender looks for the reply that holds: every drop stays in view
        // (unless deferral under a bound is asked for, an experiment).
        let chaining = !or && (!self.bounded || self.defer_drops_under_bound);
        // Squares whose guard was looked at, and those found unguarded: once a square.
        let (mut looked, mut open) = (0u128, 0u128);
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
                self.leaves.prefetch(key, hand);
            }
            let chained = chaining && m.is_drop() && {
                if looked & bit == 0 {
                    looked |= bit;
                    open |= (unguarded(pos, m.to()) as u128) << m.to().index();
                }
                open & bit != 0 && drop_gives_no_check(pos, m)
            };
            Child {
                m,
                key,
                hand,
                value: Value::unknown(1, 1),
                virt: Vec::new(),
                delayed,
                chained,
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
        children
    }

    /// The loop of [`Dfpn::mid`] over the node `pos`'s `children`: the node's value from theirs,
    /// and while neither its pn reaches `thpn` nor its dn `thdn`, the best child searched with
    /// its own thresholds.
    #[allow(clippy::too_many_arguments)]
    fn search_children(
        &mut self,
        pos: &mut Position,
        children: &mut [Child],
        or: bool,
        hand: Hand,
        thpn: u32,
        thdn: u32,
        depth: u16,
        ply: u32,
    ) -> Value {
        let child_depth = depth - 1;
        let heeds = heeds_marks(or, self.bounded);
        loop {
            let v = self.combine(pos, or, hand, children, ply);
            if v.pn == 0 || v.dn == 0 || v.pn >= thpn || v.dn >= thdn || self.watch.aborted {
                return v;
            }
            let (best, second) = self.select_child(children, or, &v, heeds, thpn, thdn);
            let (mut child_thpn, mut child_thdn) =
                self.child_thresholds(children, or, &v, best, second, thpn, thdn);
            if !children[best].virt.is_empty() {
                let (pick, option_thpn, option_thdn) =
                    drop_option(&children[best], child_thpn, child_thdn);
                (child_thpn, child_thdn) = (option_thpn, option_thdn);
                if let Some(i) = pick {
                    let f = children[best].virt[i].0;
                    self.search_virtual(pos, children, f, child_thpn, child_thdn, depth, ply);
                    continue;
                }
            }
            let m = children[best].m;
            let undo = pos.make_move(m);
            let cv = self.mid(pos, child_thpn, child_thdn, child_depth, ply + 1);
            pos.unmake_move(m, undo);
            // Only the searched child is updated: the others keep the values read on entry (a
            // transposition may have changed them since, which the next entry will see).
            children[best].value = cv;
            if !or {
                self.release_drops(pos, children, child_depth);
            }
        }
    }

    /// The child to search next and the second-best number ([`select`]): pn at an attacker
    /// node, under the node's `thpn`; dn at a defender node, under its `thdn`. The other threads'
    /// marks count where the node `heeds` them.
    fn select_child(
        &self,
        children: &[Child],
        or: bool,
        node: &Value,
        heeds: bool,
        thpn: u32,
        thdn: u32,
    ) -> (usize, u32) {
        let limit = if or { thpn } else { thdn };
        let busy = self.team.busy().filter(|_| heeds);
        select(children, or, node, busy, limit, self.bounded)
    }

    /// The thresholds (thpn, thdn) of the child `best` of a node with value `node` searched to
    /// `thpn` and `thdn`, `second` the second-best number: the number the node selects by may
    /// grow to just past the second-best (1+ε, [`one_plus_epsilon`]); the other, summed at the
    /// node, to what the rest of the sum leaves of the node's threshold ([`share_of_threshold`]).
    #[allow(clippy::too_many_arguments)]
    fn child_thresholds(
        &self,
        children: &[Child],
        or: bool,
        node: &Value,
        best: usize,
        second: u32,
        thpn: u32,
        thdn: u32,
    ) -> (u32, u32) {
        if or {
            (
                thpn.min(one_plus_epsilon(second, self.epsilon(true))),
                share_of_threshold(thdn, node.dn, counted_disproof(children, best)),
            )
        } else {
            (
                share_of_threshold(thpn, node.pn, reply_value(&children[best]).pn),
                thdn.min(one_plus_epsilon(second, self.epsilon(false))),
            )
        }
    }

    /// Gives the vectors of a finished node back to the pools they came from.
    fn recycle(&mut self, mut children: Vec<Child>, or: bool) {
        if !or && self.futile.is_some() {
            self.recycle_virtual(&mut children);
        }
        children.clear();
        self.spare.children.push(children);
    }

    /// Generates the moves of `pos` into `list` (checks for the attacker, replies for the
    /// defender) and returns the value when they decide it at once: an attacker with no move left
    /// in the bound or no check has failed, a defender with no reply is mated (both facts, stored),
    /// a defender not mated with no move left in the bound is not mated within it.
    pub(super) fn expand(
        &mut self,
        pos: &mut Position,
        depth: u16,
        list: &mut MoveList,
    ) -> Option<Value> {
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
            evasions(pos, list);
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
    pub(super) fn decided_defence(
        &self,
        pos: &mut Position,
        replies: &[Move],
        depth: u16,
    ) -> Option<Value> {
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
    pub(super) fn release_drops(
        &mut self,
        pos: &mut Position,
        children: &mut [Child],
        child_depth: u16,
    ) {
        hold_back_drops(children, |c| {
            c.value = self.child_value(pos, c.m, c.key, c.hand, child_depth)
        });
    }

    /// An attacker node with no check: disproven, and stored.
    pub(super) fn no_check(&mut self, pos: &Position) -> Value {
        let hand = pos.hand(self.attacker);
        let v = Value::disproven(UNBOUNDED, no_check_disproof_hand(hand), NO_REP);
        self.store(pos.board_key(), hand, &v, 1);
        v
    }

    /// A defender node with no reply: mated, and stored.
    pub(super) fn no_reply(&mut self, pos: &Position) -> Value {
        let v = Value::proven(0, defender_proof_hand(pos, self.attacker, Hand::EMPTY));
        self.store(pos.board_key(), pos.hand(self.attacker), &v, 1);
        v
    }

    /// The node's value from its children's.
    pub(super) fn combine(
        &self,
        pos: &Position,
        or: bool,
        hand: Hand,
        children: &[Child],
        ply: u32,
    ) -> Value {
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
