//! The children of a df-pn node and the choice among them: a defender's reply as it counts at
//! its node, the interpositions held back, the checks counted as one in an attacker node's
//! disproof number, the child to search next and its threshold (1+ε).

use super::parallel::{virtual_loss, Busy};
use super::{add, plus_one, Value, CEILING};
use crate::search::futile::Futility;
use crate::search::params::Epsilon;
#[cfg(test)]
use crate::search::params::{BOUNDED_ATTACKER_EPSILON, BOUNDED_DEFENDER_EPSILON, EPSILON};
use crate::search::table::INF;
use crate::shogi::attacks::attacks;
use crate::shogi::{Hand, Move, PieceKind, Position, Square};
use std::cmp::Ordering;

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
    /// defender node's proof number at once. A held-back drop's value is not read; every drop of
    /// a defender node starts held back, and its value is looked up when [`hold_back_drops`]
    /// releases it.
    pub delayed: bool,
    /// Without a bound, a defender's drop on an [`unguarded`] square that does not check: such drops on every square form
    /// one chain, released one at a time as the drops on one square are.
    pub chained: bool,
    /// At an attacker node, the group of checks whose disproof numbers count by their greatest
    /// ([`group_checks`]); [`ALONE`] for a check counted by itself.
    pub group: u8,
}

/// [`Child::group`] of a check counted by itself.
pub(super) const ALONE: u8 = 0;

/// [`Child::group`] of the drops on one line from the king: 1 for the lance's, 2 to 5 for the
/// bishop's diagonals, 6 to 9 for the rook's lines.
const LINES: usize = 10;

/// [`Child::group`] of a move with promotion whose next check is the same move without it.
const PAIR_FIRST: u8 = LINES as u8;

/// [`Child::group`] of a move without promotion whose check before is the same move with it.
const PAIR_SECOND: u8 = PAIR_FIRST + 1;

/// Groups the checks of an attacker node whose subtrees are much alike, so that its disproof
/// number counts each group by its greatest instead of their sum (double counting where paths
/// merge): the drops of a lance, bishop or rook on one line from the defender's king `king`
/// (the same piece checking from nearer or farther), and a move with and without promotion
/// (listed one after the other). Measured, with the groupings tried: `docs/performance-log.md`,
/// "Up to 982de80", "Checks alike counted once in an attacker node's disproof number".
pub(super) fn group_checks(children: &mut [Child], king: Square) {
    for i in 0..children.len() {
        let m = children[i].m;
        let same_move = |j: usize| {
            children
                .get(j)
                .is_some_and(|c| c.m.from() == m.from() && c.m.to() == m.to())
        };
        children[i].group = match m.drop_kind() {
            Some(kind @ (PieceKind::Lance | PieceKind::Bishop | PieceKind::Rook)) => {
                let df = m.to().file().cmp(&king.file());
                let dr = m.to().rank().cmp(&king.rank());
                let side = |o: Ordering| (o == Ordering::Greater) as u8;
                match kind {
                    PieceKind::Lance => 1,
                    PieceKind::Bishop => 2 + side(df) * 2 + side(dr),
                    _ if df == Ordering::Equal => 6 + side(dr),
                    _ => 8 + side(df),
                }
            }
            Some(_) => ALONE,
            None if i > 0 && same_move(i - 1) => PAIR_SECOND,
            None if same_move(i + 1) => PAIR_FIRST,
            None => ALONE,
        };
    }
}

/// An attacker node's disproof number from its checks' (none proven): their sum, each group of
/// [`group_checks`] counted by its greatest.
pub(super) fn checks_disproof(children: &[Child]) -> u32 {
    let mut dn = 0;
    let mut lines = [0u32; LINES];
    let mut first = 0;
    for c in children {
        let d = c.value.dn;
        match c.group {
            ALONE => dn = add(dn, d),
            PAIR_FIRST => first = d,
            PAIR_SECOND => dn = add(dn, first.max(d)),
            g => lines[g as usize] = lines[g as usize].max(d),
        }
    }
    lines.iter().fold(dn, |dn, &d| add(dn, d))
}

/// What the check `best` counts for in its node's disproof number ([`checks_disproof`]): its
/// own, or its group's greatest.
pub(super) fn counted_disproof(children: &[Child], best: usize) -> u32 {
    counted_with(children, best)
        .map(|j| children[j].value.dn)
        .max()
        .unwrap_or(0)
}

/// The checks of a node that count as one with check `i` in its disproof number, `i` among
/// them: one group of [`group_checks`]. A check alone or in a pair is answered from its
/// neighbours, without a scan of the node's checks.
pub(super) fn counted_with(children: &[Child], i: usize) -> impl Iterator<Item = usize> + '_ {
    let group = children[i].group;
    let near = match group {
        ALONE => i..i + 1,
        PAIR_FIRST => i..i + 2,
        PAIR_SECOND => i - 1..i + 1,
        _ => 0..children.len(),
    };
    near.filter(move |&j| group >= PAIR_FIRST || children[j].group == group)
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
    if let Some(v) = options().filter(Value::is_proven).reduce(either_option) {
        return v;
    }
    if options().all(|v| v.is_disproven()) {
        return options()
            .reduce(either_option)
            .expect("the real reply is an option");
    }
    let (mut pn, mut dn) = (INF, 0);
    for v in options() {
        pn = pn.min(v.pn);
        dn = add(dn, v.dn);
    }
    Value::unknown(pn, dn)
}

/// What a defender's drop is worth by two of its decided options (the real reply, a virtual
/// position), each valued from the defender's node: proven by the shorter proven one (the first
/// on a tie), else disproven within the shallower depth, with the smaller hand and the earlier
/// repetition.
pub(super) fn either_option(a: Value, b: Value) -> Value {
    match (a.is_proven(), b.is_proven()) {
        (true, true) if b.len < a.len => b,
        (true, _) => a,
        (false, true) => b,
        (false, false) => {
            Value::disproven(a.len.min(b.len), a.hand.min_each(b.hand), a.rep.min(b.rep))
        }
    }
}

/// The threshold for the best child: just past the second-best number, enlarged by ε, and no
/// further than the ceiling when that number is below it: a threshold above the ceiling lets a
/// node run with no limit on that number (which stops at the ceiling), and is only for a node
/// whose second-best child is there too.
pub(super) fn one_plus_epsilon(second: u32, eps: Epsilon) -> u32 {
    if second >= INF - 1 {
        return INF - 1;
    }
    let t = second as u64 + (second as u64 * eps.num / eps.den).max(1);
    let cap = if second < CEILING { CEILING } else { INF - 1 };
    t.min(cap as u64) as u32
}

/// The threshold of a child whose number `own` is part of its parent's sum `sum`, the parent
/// searched to `threshold`: what the child's number may grow to before the sum reaches it. A sum
/// at the ceiling hides how far below the threshold the true sum is, so the child then gets the
/// parent's whole threshold; else each search of the child would grow its number only by the
/// threshold's small excess over the ceiling, and a long proof would crawl.
pub(super) fn share_of_threshold(threshold: u32, sum: u32, own: u32) -> u32 {
    if sum >= CEILING {
        return threshold;
    }
    (threshold as u64 + own as u64)
        .saturating_sub(sum as u64)
        .min(INF as u64 - 1) as u32
}

/// Whether no piece of the side to move (the defender; the king included) guards `sq`. Without a
/// bound, a defender's drop on such a square that does not check ([`drop_gives_no_check`]) may
/// wait behind drops on other squares: such an interposition can only be taken for nothing, so
/// which square it stands on seldom matters, and a proof need not weigh them all at once; a first
/// look counts them once too. Measured: `docs/performance-log.md`, "After 91370d9", "Kept: the
/// unguarded drops on every square in one chain" and "Kept: first looks that count the chain as
/// one".
pub(super) fn unguarded(pos: &Position, sq: Square) -> bool {
    !pos.is_attacked_by(pos.side_to_move(), sq, pos.occupied())
}

/// Whether the defender's drop `m` leaves the attacker's king (if any) unchecked.
pub(super) fn drop_gives_no_check(pos: &Position, m: Move) -> bool {
    let defender = pos.side_to_move();
    let kind = m.drop_kind().expect("a drop");
    pos.king(!defender)
        .is_none_or(|k| !attacks(defender, kind, m.to(), pos.occupied()).contains(k))
}

/// Holds back each drop that has an earlier drop on its square still unproven or held back, or
/// that is [`Child::chained`] with an earlier chained drop (on any square) unproven or held back
/// ([`Child::delayed`]), and releases the others, in one pass; `look` gives a drop its value as
/// it is released. Proofs are final, so a released drop is never held back again (and is looked
/// at once), and a square or chain with a drop held back always has an unproven one released
/// (the first of those waiting): the node is not proven while drops wait. Looking at a drop only once released spares the first looks
/// of the drops behind one that refutes, with the same nodes. `docs/performance-log.md`,
/// "After 3b4a70f", "Kept (98f1309): a defender's drop held back is looked at only once released".
pub(super) fn hold_back_drops(children: &mut [Child], mut look: impl FnMut(&mut Child)) {
    // Bit s: a drop on square s is unproven or held back.
    let mut blocked = 0u128;
    let mut chain_blocked = false;
    for c in children.iter_mut().filter(|c| c.m.is_drop()) {
        let bit = 1u128 << c.m.to().index();
        let delayed = blocked & bit != 0 || (c.chained && chain_blocked);
        if c.delayed && !delayed {
            look(c);
        }
        c.delayed = delayed;
        if delayed || !reply_value(c).is_proven() {
            blocked |= bit;
            chain_blocked |= c.chained;
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
///
/// Under a length bound (`bounded`), an attacker node that looks disproven takes its
/// [`cheapest_refutation`] instead, with no second-best: the check is searched with the node's
/// own proof-number threshold; and a defender node takes its [`likeliest_hold`] (threads do not
/// keep off one another there: `heeds_marks`).
pub(super) fn select(
    children: &[Child],
    or: bool,
    node: &Value,
    busy: Option<&Busy>,
    limit: u32,
    bounded: bool,
) -> (usize, u32) {
    if or && bounded {
        if let Some(i) = cheapest_refutation(children, node, limit, busy) {
            return (i, INF);
        }
    }
    if !or && bounded {
        if let Some(choice) = likeliest_hold(children, limit) {
            return choice;
        }
    }
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
        let needs_all = likelier_needs_every_child(or, node);
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

/// Whether the node (its value `node`) is likelier to end the way that needs every child: an
/// attacker node disproven (its proof number above its disproof number), a defender node proven.
fn likelier_needs_every_child(or: bool, node: &Value) -> bool {
    if or {
        node.pn > node.dn
    } else {
        node.dn > node.pn
    }
}

/// Under a length bound, at an attacker node `node` likelier disproven
/// ([`likelier_needs_every_child`]): the check with the least disproof number of those that can
/// be searched (proof number below the node's threshold `th_pn`: a disproven check's is INF, and
/// a proven one would have proven the node), the lesser proof number between equals; a check
/// another thread is in (`busy`) goes after the others, as [`virtual_loss`] puts it where the
/// node needs every child. Every check of such a node must be refuted, so the cheapest
/// refutation goes first and is finished, instead of the search switching among the checks by
/// their proof numbers, which grow as the defender's replies are expanded and send the node
/// above to another reply. Measured against the choice by proof numbers alone and other tests
/// of "likelier disproven": `docs/performance-log.md`, "After e1b715e", "Kept: the cheapest
/// refutation first".
fn cheapest_refutation(
    children: &[Child],
    node: &Value,
    th_pn: u32,
    busy: Option<&Busy>,
) -> Option<usize> {
    if !likelier_needs_every_child(true, node) {
        return None;
    }
    let (_, best) = children
        .iter()
        .enumerate()
        .filter(|(_, c)| c.value.pn < th_pn)
        .map(|(i, c)| {
            let (pn, dn) = (c.value.pn, c.value.dn);
            let busy_dn = match busy {
                Some(b) if b.contains(c.key) => virtual_loss(dn, true, CEILING),
                _ => dn,
            };
            ((busy_dn, dn, pn), i)
        })
        .min()?;
    Some(best)
}

/// Under a length bound, at a defender node: the reply (not held back) whose disproof number,
/// below the node's threshold `th_dn`, is least against the fourth root of its proof number, and
/// the disproof number at which it would pass the second-least by that measure; `None` if no
/// reply is below the threshold (the node would not be searched). Between replies
/// about as dear to show holding out, the one the attacker is further from mating goes first.
/// Several replies of such a node usually hold out (most of a disproof's visits go to replies
/// tried and not finished); the proof number tells which the attacker is nearest to refuting.
/// Measured against the least disproof number, with other exponents, and its cost in
/// instructions: `docs/performance-log.md`, "After 3c09998", "Kept: a defender node under a
/// bound tries first the reply likeliest to hold out".
fn likeliest_hold(children: &[Child], th_dn: u32) -> Option<(usize, u32)> {
    let weight = |pn: u32| (pn.max(1) as f64).sqrt().sqrt();
    // (index, measure, weight, disproof number) of the best reply; (measure, disproof number)
    // of the second.
    let mut best: Option<(usize, f64, f64, u32)> = None;
    let mut second = (f64::INFINITY, INF);
    for (i, c) in children.iter().enumerate().filter(|(_, c)| !c.delayed) {
        let r = reply_value(c);
        if r.dn >= th_dn {
            continue;
        }
        let w = weight(r.pn);
        let measure = r.dn as f64 / w;
        match best {
            Some((_, m, _, _)) if measure >= m => {
                if measure < second.0 {
                    second = (measure, r.dn);
                }
            }
            _ => {
                if let Some((_, m, _, dn)) = best {
                    second = (m, dn);
                }
                best = Some((i, measure, w, r.dn));
            }
        }
    }
    let (i, _, w, dn) = best?;
    if second.0.is_infinite() {
        return Some((i, INF));
    }
    // Past the ceiling only if the second reply is there too (as `one_plus_epsilon`), and
    // never below the reply's own number, which rounding could undercut.
    let cap = if second.1 < CEILING {
        CEILING - 1
    } else {
        INF - 1
    };
    let at = (second.0 * w).ceil().min(cap as f64) as u32;
    Some((i, at.max(dn)))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::sfen::parse_sfen;
    use crate::search::dfpn::Value;
    use crate::shogi::movegen::check_moves;
    use crate::shogi::{Color, MoveList};

    fn child(m: Move, dn: u32) -> Child {
        Child {
            m,
            key: 0,
            hand: Hand::EMPTY,
            value: Value::unknown(1, dn),
            virt: Vec::new(),
            delayed: false,
            chained: false,
            group: ALONE,
        }
    }

    /// The checks of a position with a rook, a bishop, a lance and a gold in hand and a silver
    /// that checks with and without promotion, grouped.
    fn grouped_checks() -> (Vec<Child>, Square) {
        let pos = parse_sfen("4k4/9/3S5/9/9/9/9/9/4K4 b RBLG 1").unwrap();
        let king = pos.king(Color::White).unwrap();
        let mut list = MoveList::new();
        check_moves(&pos, &mut list);
        let mut children: Vec<Child> = list.iter().map(|&m| child(m, 1)).collect();
        group_checks(&mut children, king);
        (children, king)
    }

    #[test]
    fn checks_on_one_line_from_the_king_or_differing_in_promotion_are_grouped() {
        let (children, king) = grouped_checks();
        // The line from the king a long-range drop checks along, as a direction.
        let line = |m: Move| {
            let kind = m.drop_kind()?;
            matches!(kind, PieceKind::Lance | PieceKind::Bishop | PieceKind::Rook).then(|| {
                let df = m.to().file() as i32 - king.file() as i32;
                let dr = m.to().rank() as i32 - king.rank() as i32;
                (kind, df.signum(), dr.signum())
            })
        };
        let mut pairs = 0;
        for (i, a) in children.iter().enumerate() {
            for (j, b) in children.iter().enumerate().filter(|&(j, _)| j != i) {
                let alike = match (a.m.from(), b.m.from()) {
                    (Some(fa), Some(fb)) => fa == fb && a.m.to() == b.m.to(),
                    (None, None) => line(a.m).is_some() && line(a.m) == line(b.m),
                    _ => false,
                };
                assert_eq!(
                    counted_with(&children, i).any(|k| k == j),
                    alike,
                    "{:?} {:?}",
                    a.m,
                    b.m
                );
                pairs += usize::from(alike && a.m.from().is_some());
            }
        }
        // Both silver moves to 6b and 5b, each with and without promotion (counted both ways).
        assert_eq!(pairs, 4);
        for kind in [PieceKind::Lance, PieceKind::Bishop, PieceKind::Rook] {
            assert!(children.iter().any(|c| c.m.drop_kind() == Some(kind)));
        }
        let golds = children
            .iter()
            .filter(|c| c.m.drop_kind() == Some(PieceKind::Gold));
        assert!(golds.clone().count() > 1 && golds.clone().all(|c| c.group == ALONE));
    }

    #[test]
    fn an_attacker_node_counts_a_group_of_checks_by_its_greatest_disproof_number() {
        let (children, _) = grouped_checks();
        let rook_down =
            |c: &&Child| c.m.drop_kind() == Some(PieceKind::Rook) && c.m.to().file() == 5;
        let rooks: Vec<Move> = children.iter().filter(rook_down).map(|c| c.m).collect();
        let gold = children
            .iter()
            .find(|c| c.m.drop_kind() == Some(PieceKind::Gold))
            .unwrap()
            .m;
        let pair = children.iter().position(|c| c.group == PAIR_FIRST).unwrap();
        let (promoting, plain) = (children[pair].m, children[pair + 1].m);
        assert!(promoting.is_promotion() && !plain.is_promotion());
        assert!(rooks.len() >= 3, "{rooks:?}");
        let mut node = vec![
            child(rooks[0], 5),
            child(rooks[1], 7),
            child(rooks[2], 2),
            child(gold, 4),
            child(promoting, 3),
            child(plain, 6),
        ];
        group_checks(&mut node, Square::new(5, 1).unwrap());
        assert_eq!(checks_disproof(&node), 7 + 4 + 6);
        assert_eq!(counted_disproof(&node, 2), 7);
        assert_eq!(counted_disproof(&node, 3), 4);
        assert_eq!(counted_disproof(&node, 4), 6);
    }

    #[test]
    fn a_threshold_past_a_second_best_below_the_ceiling_stays_at_or_below_it() {
        assert_eq!(one_plus_epsilon(100, EPSILON), 125);
        assert_eq!(one_plus_epsilon(100, BOUNDED_ATTACKER_EPSILON), 200);
        assert_eq!(one_plus_epsilon(100, BOUNDED_DEFENDER_EPSILON), 106);
        assert_eq!(one_plus_epsilon(10, BOUNDED_DEFENDER_EPSILON), 11);
        assert_eq!(one_plus_epsilon(1, EPSILON), 2);
        // Four fifths of the ceiling and more: ε would carry it past.
        let high = CEILING / 5 * 4 + 36;
        assert!(high as u64 * 5 / 4 > CEILING as u64);
        assert_eq!(one_plus_epsilon(high, EPSILON), CEILING);
        assert_eq!(
            one_plus_epsilon(CEILING - 1, BOUNDED_ATTACKER_EPSILON),
            CEILING
        );
        // A second-best at the ceiling: past it, so that the best child has no limit.
        assert!(one_plus_epsilon(CEILING, EPSILON) > CEILING);
        assert_eq!(one_plus_epsilon(INF - 1, EPSILON), INF - 1);
    }

    #[test]
    fn a_held_back_drop_is_looked_at_only_once_released() {
        let pos = parse_sfen("R3k4/9/9/9/9/9/9/9/4K4 w 2pls 1").unwrap();
        let mut list = MoveList::new();
        crate::shogi::movegen::legal_moves(&pos, &mut list);
        let mut children: Vec<Child> = list.iter().map(|&m| child(m, 1)).collect();
        for c in children.iter_mut().filter(|c| c.m.is_drop()) {
            c.delayed = true;
        }
        let on = |sq: Square| move |c: &&Child| c.m.is_drop() && c.m.to() == sq;
        let square = children.iter().find(|c| c.m.is_drop()).unwrap().m.to();
        let drops_there = children.iter().filter(on(square)).count();
        assert!(
            drops_there >= 3,
            "a pawn, a lance and a silver on one square"
        );
        let mut looked = Vec::new();
        let release = |children: &mut Vec<Child>, looked: &mut Vec<Move>| {
            hold_back_drops(children, |c| looked.push(c.m));
        };
        release(&mut children, &mut looked);
        // The first drop on each square only, each once.
        let squares = children
            .iter()
            .filter(|c| c.m.is_drop())
            .fold(0u128, |b, c| b | 1u128 << c.m.to().index());
        assert_eq!(looked.len(), squares.count_ones() as usize);
        assert!(children
            .iter()
            .filter(on(square))
            .skip(1)
            .all(|c| c.delayed));
        // Released and looked at again: nothing new.
        release(&mut children, &mut looked);
        assert_eq!(looked.len(), squares.count_ones() as usize);
        // The first drop on the square proven: the second is released and looked at, once.
        let first = children.iter().position(|c| on(square)(&c)).unwrap();
        children[first].value = Value::proven(2, Hand::EMPTY);
        release(&mut children, &mut looked);
        release(&mut children, &mut looked);
        let second = children.iter().filter(on(square)).nth(1).unwrap().m;
        assert_eq!(looked.len(), squares.count_ones() as usize + 1);
        assert_eq!(looked.last(), Some(&second));
        assert!(children
            .iter()
            .filter(on(square))
            .skip(2)
            .all(|c| c.delayed));
    }

    #[test]
    fn unguarded_drops_on_every_square_wait_in_one_chain() {
        // The rook on 9a checks the king on 5a along the rank: White may interpose on 8a to 6a.
        // The king guards 6a; nothing guards 8a or 7a. White drops a pawn or a silver.
        let pos = parse_sfen("R3k4/9/9/9/9/9/9/9/4K4 w ps 1").unwrap();
        let mut list = MoveList::new();
        crate::shogi::movegen::legal_moves(&pos, &mut list);
        let mut children: Vec<Child> = list
            .iter()
            .map(|&m| Child {
                chained: m.is_drop() && unguarded(&pos, m.to()) && drop_gives_no_check(&pos, m),
                delayed: m.is_drop(),
                ..child(m, 1)
            })
            .collect();
        let sq = |file| Square::new(file, 1).unwrap();
        let (a8, a7, a6) = (sq(8), sq(7), sq(6));
        for c in children.iter().filter(|c| c.m.is_drop()) {
            assert_eq!(c.chained, c.m.to() != a6, "{}", c.m);
        }
        let mut looked = Vec::new();
        hold_back_drops(&mut children, |c| looked.push(c.m));
        // One chained drop released (on 8a or 7a), and the first drop on the guarded 6a.
        let released: Vec<Move> = children
            .iter()
            .filter(|c| c.m.is_drop() && !c.delayed)
            .map(|c| c.m)
            .collect();
        assert_eq!(released, looked);
        assert_eq!(released.len(), 2, "{released:?}");
        assert_eq!(released.iter().filter(|m| m.to() == a6).count(), 1);
        // Each chained drop proven in turn releases the next, until all are proven.
        let chained = children.iter().filter(|c| c.chained).count();
        assert_eq!(chained, 4);
        for step in 1..chained {
            let i = children
                .iter()
                .position(|c| c.chained && !c.delayed && !c.value.is_proven())
                .expect("a chained drop released");
            children[i].value = Value::proven(2, Hand::EMPTY);
            hold_back_drops(&mut children, |c| looked.push(c.m));
            let waiting = children.iter().filter(|c| c.chained && c.delayed).count();
            assert_eq!(waiting, chained - 1 - step);
        }
        assert!(children
            .iter()
            .filter(|c| c.chained)
            .all(|c| !c.delayed && [a8, a7].contains(&c.m.to())));
    }

    #[test]
    fn a_node_that_looks_disproven_searches_its_cheapest_refutation_first() {
        let (mut children, _) = grouped_checks();
        children.truncate(5);
        let numbers = [(3, 9), (2, 4), (8, 2), (1, 3), (5, 2)];
        for (c, &(pn, dn)) in children.iter_mut().zip(&numbers) {
            c.key = pn as u64 * 100 + dn as u64;
            c.value = Value::unknown(pn, dn);
        }
        let node = |pn: u32, dn: u32| Value::unknown(pn, dn);
        // Not disproven-looking: no choice made here.
        assert_eq!(
            cheapest_refutation(&children, &node(1, 20), 100, None),
            None
        );
        let disproven = node(100, 3);
        // The choice of `select` under a bound, with no second-best; without a bound, the least
        // proof number and the second-least.
        assert_eq!(
            select(&children, true, &disproven, None, 100, true),
            (4, INF)
        );
        assert_eq!(
            select(&children, true, &disproven, None, 100, false),
            (3, 2)
        );
        // The least disproof number, the lesser proof number between equals.
        assert_eq!(
            cheapest_refutation(&children, &disproven, 100, None),
            Some(4)
        );
        // A check whose proof number has reached the threshold cannot be searched.
        assert_eq!(cheapest_refutation(&children, &disproven, 5, None), Some(3));
        // A decided check is passed over.
        children[4].value = Value::disproven(7, Hand::EMPTY, u32::MAX);
        assert_eq!(
            cheapest_refutation(&children, &disproven, 100, None),
            Some(2)
        );
        // A check another thread is in goes after the others, unless all are busy.
        let busy = Busy::new();
        assert!(busy.mark(children[2].key));
        assert_eq!(
            cheapest_refutation(&children, &disproven, 100, Some(&busy)),
            Some(3)
        );
        for c in &children {
            busy.mark(c.key);
        }
        assert_eq!(
            cheapest_refutation(&children, &disproven, 100, Some(&busy)),
            Some(2)
        );
    }

    #[test]
    fn a_defender_node_under_a_bound_tries_the_reply_likeliest_to_hold_out_first() {
        let (mut children, _) = grouped_checks();
        children.truncate(4);
        // (pn, dn) of each reply, and dn / pn^(1/4): 30 / 4.47 = 6.7 (reply 0, the least, but
        // its dn is at the threshold 30), 10 / 1 (1), 10 / 1.41 = 7.07 (2), 15 / 2 = 7.5 (3).
        let numbers = [(400, 30), (1, 10), (4, 10), (16, 15)];
        for (c, &(pn, dn)) in children.iter_mut().zip(&numbers) {
            c.value = Value::unknown(pn, dn);
        }
        let node = Value::unknown(1, 10);
        // Reply 2 goes first (before reply 1 of the same dn), until its dn passes the measure
        // of reply 3 times its weight: 7.5 × 1.41 = 10.6.
        assert_eq!(select(&children, false, &node, None, 30, true), (2, 11));
        // Without reply 2, reply 3 goes first, though its dn is greater than reply 1's, until
        // its dn passes 10 × 16^(1/4) = 20.
        children[2].delayed = true;
        assert_eq!(select(&children, false, &node, None, 30, true), (3, 20));
        // A reply at the node's threshold cannot be searched; with no second, no limit but the
        // node's own.
        assert_eq!(select(&children, false, &node, None, 15, true), (1, INF));
        // None below the threshold: no choice of its own.
        assert_eq!(likeliest_hold(&children, 10), None);
        // Without a bound, the least disproof number (reply 1, not 3), until the second-least.
        assert_eq!(select(&children, false, &node, None, 30, false), (1, 15));
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
}
