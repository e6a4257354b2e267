//! First looks: the value a child gets before it is searched, from the counts of its moves
//! (df-pn+), weighed for the search that reads it, and the small cache that keeps the counts
//! (the table keeps only searched nodes).

use super::{Dfpn, Value};
use crate::search::params::{
    BOUNDED_CHECK_SQUARE_DIVISOR, BOUNDED_REPLY_DIVISOR, LEAF_SLOTS, WHOLE_REPLIES_PLIES,
};
use crate::search::table::{prefetch, Probe};
use crate::shogi::movegen::{count_checks, count_evasions};
use crate::shogi::{Hand, Move, MoveList, Position};

/// The counts of first looks at positions the table does not know, one per slot, tagged by the
/// position ([`leaf_tag`]); a slot is overwritten freely.
pub(super) struct LeafCache(Vec<(u64, u32, u32)>);

impl LeafCache {
    pub(super) fn new() -> LeafCache {
        LeafCache(vec![(0, 0, 0); LEAF_SLOTS])
    }

    /// Fetches the slot of the position with board key `key` and attacker hand `hand` into the
    /// cache.
    #[inline]
    pub(super) fn prefetch(&self, key: u64, hand: Hand) {
        prefetch(&self.0[leaf_slot(leaf_tag(key, hand))] as *const _ as *const u8);
    }
}

impl std::ops::Index<usize> for LeafCache {
    type Output = (u64, u32, u32);
    fn index(&self, slot: usize) -> &(u64, u32, u32) {
        &self.0[slot]
    }
}

impl std::ops::IndexMut<usize> for LeafCache {
    fn index_mut(&mut self, slot: usize) -> &mut (u64, u32, u32) {
        &mut self.0[slot]
    }
}

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
/// checks: `checks + checks² / 2` ([`BOUNDED_CHECK_SQUARE_DIVISOR`]). Such a search is mostly the
/// disproof of a mate shorter than one found, where every check of an attacker node must be refuted
/// to the bound, so a node not yet searched is dearer to disprove than one leaf a check; and dearer
/// the more checks it has, since a king with many checks against it stands in the open, where the
/// positions after them have many checks too.
fn bounded_check_leaves(checks: u32) -> u32 {
    checks.saturating_add(checks.saturating_mul(checks) / BOUNDED_CHECK_SQUARE_DIVISOR)
}

/// Under a length bound, the proof leaves of the first look at a defender node with more than
/// [`WHOLE_REPLIES_PLIES`] plies left and `replies` replies counted: a third of them
/// ([`BOUNDED_REPLY_DIVISOR`]), at least one. In a search that is mostly a disproof, an attacker
/// node then tries a check not yet searched before it goes deeper into one whose replies it has
/// expanded (their counts are the same, but no longer divided).
fn bounded_reply_leaves(replies: u32) -> u32 {
    replies.div_ceil(BOUNDED_REPLY_DIVISOR)
}

impl Dfpn {
    /// The value at `child_depth` of the child of `pos` reached by `m` (board key `key`, attacker
    /// hand `hand`): the table's, else the counts kept in [`Dfpn::leaves`] or new ones, weighed
    /// for this search and depth ([`Dfpn::weighed`]).
    #[inline]
    pub(super) fn child_value(
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
        let attacker_child = pos.side_to_move() != self.attacker;
        // A defender's counts differ with and without a bound (the chain of unguarded drops):
        // kept apart, in the same slot.
        let apart = (!attacker_child && !self.bounded) as u64;
        let tag = leaf_tag(key, hand) ^ (apart << 1);
        let slot = leaf_slot(tag);
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
    pub(super) fn first_look(&mut self, pos: &mut Position, depth: u16) -> Value {
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

    /// A node's value from [`Dfpn::expand`]'s facts or the df-pn+ counts, not yet weighed: as many
    /// disproof leaves as the attacker has checks; as many proof leaves as the defender has
    /// replies, but the drops on one square once, since [`super::choice::hold_back_drops`] lets
    /// them count one at a time (the first look thus agrees with the node once expanded, and a
    /// check that leaves many interpositions on few squares is not taken for one with many
    /// different defences), and without a bound the drops on all unguarded squares once, as
    /// they wait in one chain there ([`super::choice::unguarded`]; a drop that checks is
    /// counted in the chain here, which only the expanded node tells apart). The moves are
    /// counted, not listed, where only their number matters.
    pub(super) fn counted_look(&mut self, pos: &mut Position, depth: u16) -> Value {
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
        let count = count_evasions(pos);
        if count.total() == 0 {
            return self.no_reply(pos);
        }
        if count.board == 0 && self.futile.is_some() {
            // Only drops, under tsume rules: mated if they are all futile.
            if let Some(v) = self.expand(pos, depth, &mut MoveList::new()) {
                return v;
            }
        }
        if !self.bounded {
            // Without a bound the drops on unguarded squares wait in one chain (see
            // `choice::unguarded`): they count once.
            let unguarded = count
                .drop_squares
                .into_iter()
                .filter(|&s| super::choice::unguarded(pos, s))
                .count() as u32;
            let chained = count.drop_squares.count() - unguarded + (unguarded > 0) as u32;
            return Value::unknown(count.board + chained, 1);
        }
        Value::unknown(count.board + count.drop_squares.count(), 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::koba_mate5;
    use crate::search::table::UNBOUNDED;
    use crate::search::{Limits, Rules};
    use crate::shogi::movegen::{check_moves, count_legal_moves, legal_moves};

    /// koba-mate5 and a search for its attacker.
    fn mate5() -> (Position, Dfpn) {
        let pos = koba_mate5();
        let search = Dfpn::new(pos.side_to_move(), Rules::Game, 8, 1, Limits::default());
        (pos, search)
    }

    #[test]
    fn without_a_bound_a_defenders_unguarded_drop_squares_count_once() {
        // The rook on 9a checks the king on 5a; White holds a pawn and a silver. The king
        // guards 6a; 8a and 7a are guarded by nothing. King moves: 4b, 5b, 6b (6a and 4a are
        // on the rook's line): 3. Drop squares: 8a, 7a, 6a.
        let pos = crate::notation::sfen::parse_sfen("R3k4/9/9/9/9/9/9/9/4K4 w ps 1").unwrap();
        let mut search = Dfpn::new(
            crate::shogi::Color::Black,
            Rules::Game,
            8,
            1,
            Limits::default(),
        );
        let mut p = pos.clone();
        let count = count_legal_moves(&pos);
        assert_eq!((count.board, count.drop_squares.count()), (3, 3));
        search.bounded = true;
        assert_eq!(search.counted_look(&mut p, 5).pn, 3 + 3);
        // 8a and 7a in one chain: 6a, and the chain.
        search.bounded = false;
        assert_eq!(search.counted_look(&mut p, 5).pn, 3 + 2);
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
        assert_eq!(
            search.first_look(&mut after, 9).pn,
            replies.div_ceil(BOUNDED_REPLY_DIVISOR)
        );
        assert_eq!(
            search.first_look(&mut after, 5).pn,
            replies.div_ceil(BOUNDED_REPLY_DIVISOR)
        );
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
