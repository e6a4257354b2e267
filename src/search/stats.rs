//! Statistics of one search (`--stats`): where its node visits go. They observe and never
//! steer: a search with them visits the same nodes in the same order as one without.
//!
//! A `Collector` is kept by the searching thread while statistics are asked for, and is
//! looked at once by each visit of the node loop (`Dfpn::mid`), once by each table store and once
//! by each attacker node's expansion; without statistics it is `None` and nothing else is
//! done. `Collector::finish` turns it into the [`SearchStats`] of the search, the moves of
//! the root's subtrees named from the root position.

use super::table::{Replaced, Table, UNBOUNDED};
use crate::shogi::movegen::{check_moves, evasions};
use crate::shogi::{Hand, Move, MoveList, Position};
use hashbrown::HashMap;
use std::hash::{BuildHasher, Hasher};

/// Visits between two samples of the table's fill.
const FILL_SAMPLE: u64 = 1 << 16;

/// How many subtrees of each level [`SearchStats`] keeps, largest first.
pub const SUBTREES_KEPT: usize = 10;

/// A position as the table keys it: its board key and the attacker's hand.
type Pos = (u64, Hand);

/// The statistics of one search of a session, from its root.
#[derive(Clone, Debug, Default)]
pub struct SearchStats {
    /// The length bound of the search (`None`: none).
    pub bound: Option<u16>,
    /// What the search answered: `Some(len)` a mate within `len` plies proven, `None` not
    /// proven (disproven within the bound, or stopped).
    pub proven: Option<u16>,
    /// Whether the search ended in a disproof within its bound.
    pub disproven: bool,
    /// Every node searched: the visits of the node loop and the nodes of the last plies' plain
    /// search ([`SearchStats::shallow`]).
    pub nodes: u64,
    /// Visits of the node loop (`Dfpn::mid`).
    pub visits: u64,
    /// Nodes of the last plies' plain search: `nodes − visits`.
    pub shallow: u64,
    /// Positions (board, attacker hand) the node loop visited, each counted once.
    pub distinct: u64,
    /// How many positions were visited how often: `(least, most, positions)`, visit counts in
    /// buckets 1, 2, 3–4, 5–8, …; the positions sum to `distinct`, their visits to `visits`.
    pub revisits: Vec<(u64, u64, u64)>,
    /// The visits by plies used from the root's bound (index 0 the root; with a bound, index i
    /// has `bound − i` plies left; a futile drop's virtual position has the plies left of the
    /// drop's node, not one ply fewer), and the nodes they searched, themselves included; the
    /// visits sum to `visits`.
    pub by_depth: Vec<DepthStats>,
    /// The table's fill in permille, sampled every `FILL_SAMPLE` visits: `(nodes, permille)`,
    /// the last one at the end.
    pub fill: Vec<(u64, u32)>,
    /// Entries a full cluster gave up to the search's stores.
    pub replaced: Replacements,
    /// Bytes of the table's region at the end.
    pub region_bytes: usize,
    /// The attacker nodes' disproof numbers at their expansions, near-twin checks apart.
    pub twins: Twins,
    /// The largest subtrees under a check of the root: its move, visits and nodes.
    pub root_checks: Vec<Subtree>,
    /// The largest subtrees under a reply to a check of the root: the two moves.
    pub replies: Vec<Subtree>,
    /// The nodes under all positions at ply 1 (the root's own visit excluded), and under all
    /// at ply 2.
    pub root_checks_nodes: u64,
    /// See [`SearchStats::root_checks_nodes`].
    pub replies_nodes: u64,
}

/// The visits at one number of plies left, and their cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DepthStats {
    /// Visits of the node loop with these plies left.
    pub visits: u64,
    /// Nodes searched by these visits, each visit's own node included.
    pub nodes: u64,
}

/// Entries given up, by what they held.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Replacements {
    /// Estimates of nodes not decided.
    pub estimates: u64,
    /// Proofs.
    pub proofs: u64,
    /// Disproofs.
    pub disproofs: u64,
}

/// The disproof numbers of attacker nodes as expanded, with their checks not yet decided:
/// summed over every check, and with each group of near-twin checks (drops of one piece on a
/// line of the king, a move with and without promotion) counted by its greatest, as the search
/// counts them.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Twins {
    /// Attacker node expansions looked at (none of their checks proven).
    pub expansions: u64,
    /// Of these, those with a group of two or more undecided near-twin checks.
    pub with_twins: u64,
    /// Sum over the expansions of their checks' disproof numbers, each check counted.
    pub all_checks: f64,
    /// The same sum with each group counted once, by its greatest.
    pub grouped: f64,
}

/// One subtree under the root, named by the moves that lead to it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Subtree {
    /// The moves from the root, in USI.
    pub moves: Vec<String>,
    /// Visits of the node loop to the subtree's root.
    pub visits: u64,
    /// Nodes searched under it, its own included.
    pub nodes: u64,
}

/// A hasher for table keys, which are random already: the board key mixed with the hand.
#[derive(Default, Clone, Copy)]
pub(crate) struct KeyHash;

/// [`KeyHash`]'s state.
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl BuildHasher for KeyHash {
    type Hasher = KeyHasher;
    fn build_hasher(&self) -> KeyHasher {
        KeyHasher(0)
    }
}

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ b as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0 ^ n).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(n as u64);
    }
}

/// What a search's statistics gather while it runs.
pub(crate) struct Collector {
    bound: u16,
    start_nodes: u64,
    visits: u64,
    seen: HashMap<Pos, u32, KeyHash>,
    by_depth: Vec<DepthStats>,
    fill: Vec<(u64, u32)>,
    replaced: Replacements,
    twins: Twins,
    /// Visits and nodes under each position at ply 1.
    first: HashMap<Pos, (u64, u64), KeyHash>,
    /// Visits and nodes under each position at ply 2, with its ply-1 ancestor.
    second: HashMap<(Pos, Pos), (u64, u64), KeyHash>,
    /// The position at ply 1 on the path.
    at_first: Pos,
}

impl Collector {
    /// A collector for a search with the length bound `bound` (`UNBOUNDED`: none), `nodes`
    /// nodes counted before it.
    pub fn new(bound: u16, nodes: u64) -> Collector {
        Collector {
            bound,
            start_nodes: nodes,
            visits: 0,
            seen: HashMap::with_hasher(KeyHash),
            by_depth: Vec::new(),
            fill: Vec::new(),
            replaced: Replacements::default(),
            twins: Twins::default(),
            first: HashMap::with_hasher(KeyHash),
            second: HashMap::with_hasher(KeyHash),
            at_first: (0, Hand::EMPTY),
        }
    }

    /// A visit of the node loop to the position `(key, hand)` at `ply`, `nodes` counted before
    /// it; samples the fill of `table` now and then.
    #[inline(never)]
    pub fn enter(&mut self, key: u64, hand: Hand, ply: u32, nodes: u64, table: &Table) {
        self.visits += 1;
        *self.seen.entry((key, hand)).or_insert(0) += 1;
        if ply == 1 {
            self.at_first = (key, hand);
        }
        if self.visits.is_multiple_of(FILL_SAMPLE) {
            self.fill
                .push((nodes - self.start_nodes, table.usage_permille()));
        }
    }

    /// The end of that visit, with `depth` plies left, which searched `below` nodes, its own
    /// included.
    #[inline(never)]
    pub fn leave(&mut self, key: u64, hand: Hand, ply: u32, depth: u16, below: u64) {
        let i = self.bound.saturating_sub(depth) as usize;
        if self.by_depth.len() <= i {
            self.by_depth.resize(i + 1, DepthStats::default());
        }
        self.by_depth[i].visits += 1;
        self.by_depth[i].nodes += below;
        let add = |e: &mut (u64, u64)| {
            e.0 += 1;
            e.1 += below;
        };
        match ply {
            1 => add(self.first.entry((key, hand)).or_default()),
            2 => add(self.second.entry((self.at_first, (key, hand))).or_default()),
            _ => {}
        }
    }

    /// A store to the table that gave up `r`.
    #[inline(never)]
    pub fn stored(&mut self, r: Replaced) {
        match r {
            Replaced::Nothing => {}
            Replaced::Estimate => self.replaced.estimates += 1,
            Replaced::Proof => self.replaced.proofs += 1,
            Replaced::Disproof => self.replaced.disproofs += 1,
        }
    }

    /// An attacker node expanded with checks of disproof numbers `all` summed and `grouped`
    /// with each near-twin group by its greatest, `twins` whether a group has two or more.
    #[inline(never)]
    pub fn expanded(&mut self, all: u64, grouped: u64, twins: bool) {
        self.twins.expansions += 1;
        self.twins.with_twins += twins as u64;
        self.twins.all_checks += all as f64;
        self.twins.grouped += grouped as f64;
    }

    /// The statistics of the search of `root` (the attacker to move), which ended with `nodes` counted, proven within `proven` plies or disproven (`disproven`).
    pub fn finish(
        self,
        root: &mut Position,
        nodes: u64,
        proven: Option<u16>,
        disproven: bool,
        table: &Table,
    ) -> SearchStats {
        let nodes = nodes - self.start_nodes;
        let mut counts: Vec<u32> = self.seen.values().copied().collect();
        counts.sort_unstable();
        let mut revisits = Vec::new();
        let (mut least, mut most) = (1u64, 1u64);
        let mut i = 0;
        while i < counts.len() {
            let n = counts[i..]
                .iter()
                .take_while(|&&c| c as u64 <= most)
                .count();
            if n > 0 {
                revisits.push((least, most, n as u64));
            }
            i += n;
            least = most + 1;
            most *= 2;
        }
        let mut fill = self.fill;
        fill.push((nodes, table.usage_permille()));
        let (root_checks, replies) = name_subtrees(root, &self.first, &self.second);
        SearchStats {
            bound: (self.bound != UNBOUNDED).then_some(self.bound),
            proven,
            disproven,
            nodes,
            visits: self.visits,
            shallow: nodes - self.visits,
            distinct: self.seen.len() as u64,
            revisits,
            by_depth: self.by_depth,
            fill,
            replaced: self.replaced,
            region_bytes: table.region_bytes(),
            twins: self.twins,
            root_checks_nodes: self.first.values().map(|v| v.1).sum(),
            replies_nodes: self.second.values().map(|v| v.1).sum(),
            root_checks: largest(root_checks),
            replies: largest(replies),
        }
    }
}

/// The subtrees under the root's checks and their replies, named by their moves from `root`.
fn name_subtrees(
    root: &mut Position,
    first: &HashMap<Pos, (u64, u64), KeyHash>,
    second: &HashMap<(Pos, Pos), (u64, u64), KeyHash>,
) -> (Vec<Subtree>, Vec<Subtree>) {
    let attacker = root.side_to_move();
    let (mut checks_out, mut replies_out) = (Vec::new(), Vec::new());
    let mut checks = MoveList::new();
    check_moves(root, &mut checks);
    for &c in checks.iter() {
        let (key, hand) = root.keys_after(c);
        let Some(&(visits, nodes)) = first.get(&(key, hand)) else {
            continue;
        };
        checks_out.push(subtree(&[c], visits, nodes));
        let undo = root.make_move(c);
        let mut list = MoveList::new();
        evasions(root, &mut list);
        for &r in list.iter() {
            let (rkey, _) = root.keys_after(r);
            let rhand = root.hand(attacker);
            if let Some(&(visits, nodes)) = second.get(&((key, hand), (rkey, rhand))) {
                replies_out.push(subtree(&[c, r], visits, nodes));
            }
        }
        root.unmake_move(c, undo);
    }
    (checks_out, replies_out)
}

fn subtree(moves: &[Move], visits: u64, nodes: u64) -> Subtree {
    Subtree {
        moves: moves.iter().map(|m| m.to_string()).collect(),
        visits,
        nodes,
    }
}

/// The [`SUBTREES_KEPT`] largest of `trees`, largest first.
fn largest(mut trees: Vec<Subtree>) -> Vec<Subtree> {
    trees.sort_by(|a, b| b.nodes.cmp(&a.nodes).then(a.moves.cmp(&b.moves)));
    trees.truncate(SUBTREES_KEPT);
    trees
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::sfen::parse_sfen;
    use crate::search::{koba_mate5, solve, Diagnostics, Options, Outcome, Report, Rules};

    fn solved(pos: &Position, rules: Rules, diagnostics: Diagnostics) -> Report {
        let options = Options {
            rules,
            hash_mb: 16,
            diagnostics,
            ..Options::default()
        };
        solve(pos, &options)
    }

    fn with_stats() -> Diagnostics {
        Diagnostics {
            stats: true,
            ..Diagnostics::default()
        }
    }

    /// Every figure of `s` agrees with the others.
    fn assert_consistent(s: &SearchStats) {
        assert_eq!(s.visits + s.shallow, s.nodes);
        assert!(s.distinct <= s.visits && (s.visits == 0 || s.distinct > 0));
        let positions: u64 = s.revisits.iter().map(|r| r.2).sum();
        assert_eq!(positions, s.distinct);
        for &(least, most, n) in &s.revisits {
            assert!(least <= most && n > 0);
        }
        let least_visits: u64 = s.revisits.iter().map(|r| r.0 * r.2).sum();
        let most_visits: u64 = s.revisits.iter().map(|r| r.1 * r.2).sum();
        assert!(least_visits <= s.visits && s.visits <= most_visits);
        let visits: u64 = s.by_depth.iter().map(|d| d.visits).sum();
        assert_eq!(visits, s.visits);
        if s.visits > 0 {
            // The root's one visit searched every node.
            assert_eq!(
                s.by_depth[0],
                DepthStats {
                    visits: 1,
                    nodes: s.nodes
                }
            );
        }
        assert!(s.root_checks_nodes < s.nodes.max(1));
        assert!(s.replies_nodes <= s.root_checks_nodes);
        let kept: u64 = s.root_checks.iter().map(|t| t.nodes).sum();
        assert!(kept <= s.root_checks_nodes);
        assert!(s.root_checks.windows(2).all(|w| w[0].nodes >= w[1].nodes));
        assert!(s.root_checks.len() <= SUBTREES_KEPT && s.replies.len() <= SUBTREES_KEPT);
        assert!(s.twins.grouped <= s.twins.all_checks);
        assert!(s.twins.with_twins <= s.twins.expansions);
        assert!(s.fill.windows(2).all(|w| w[0].0 <= w[1].0));
    }

    #[test]
    fn a_mate_in_five_has_a_small_final_disproof_and_stats_that_agree() {
        let pos = koba_mate5();
        let plain = solved(&pos, Rules::default(), Diagnostics::default());
        assert!(plain.stats.is_empty());
        let r = solved(&pos, Rules::default(), with_stats());
        assert_eq!((r.nodes, &r.outcome), (plain.nodes, &plain.outcome));
        let Outcome::Mate { minimax: 5, .. } = r.outcome else {
            panic!("{:?}", r.outcome)
        };
        assert_eq!(r.stats.len(), r.mates_found.len() + 1);
        let last = r.stats.last().unwrap();
        assert_eq!(
            (last.bound, last.proven, last.disproven),
            (Some(3), None, true)
        );
        // Three plies are searched depth-first at once: one visit of the node loop, the
        // rest plain nodes, and no subtree of the node loop under the root.
        assert!(last.nodes > 1 && last.nodes < 1000, "{last:?}");
        assert_eq!((last.visits, last.distinct), (1, 1));
        assert!(last.root_checks.is_empty());
        let first = &r.stats[0];
        assert!(first.proven.is_some() && !first.root_checks.is_empty());
        for s in &r.stats {
            assert_consistent(s);
        }
        let searched: u64 = r.stats.iter().map(|s| s.nodes).sum();
        assert!(searched <= r.nodes);
    }

    #[test]
    fn the_stats_of_a_longer_problem_agree_and_leave_the_search_as_it_was() {
        // 図巧 No. 5 (zuko-short.tsv), 21 plies under both rules.
        let pos = parse_sfen("n+B1sS4/1R1g5/1Ls6/2k6/2n6/3L5/R8/9/9 b B2P3gs2n2l16p 1").unwrap();
        for rules in [Rules::default(), Rules::Game] {
            let plain = solved(&pos, rules, Diagnostics::default());
            let r = solved(&pos, rules, with_stats());
            assert_eq!((r.nodes, &r.outcome), (plain.nodes, &plain.outcome));
            let Outcome::Mate { minimax: 21, .. } = r.outcome else {
                panic!("{:?}", r.outcome)
            };
            let last = r.stats.last().unwrap();
            assert_eq!((last.bound, last.disproven), (Some(19), true));
            assert!(last.twins.expansions > 0 && last.revisits.len() > 1);
            // The first search has no bound: its depths are counted from the root.
            assert_eq!(r.stats[0].bound, None);
            for s in &r.stats {
                assert_consistent(s);
            }
        }
    }

    #[test]
    fn drops_deferred_under_a_bound_give_the_same_answers() {
        let problems = [
            (
                "n+B1sS4/1R1g5/1Ls6/2k6/2n6/3L5/R8/9/9 b B2P3gs2n2l16p 1",
                21,
            ),
            (
                "9/9/3B3G1/6+p1n/7+p1/7k1/5BL1p/7G1/7+R+r b N2P2g4s2n3l13p 1",
                21,
            ),
        ];
        let deferred = Diagnostics {
            defer_drops_under_bound: true,
            ..Diagnostics::default()
        };
        for (sfen, plies) in problems {
            let pos = parse_sfen(sfen).unwrap();
            for rules in [Rules::default(), Rules::Game] {
                let r = solved(&pos, rules, deferred);
                let Outcome::Mate { minimax, .. } = r.outcome else {
                    panic!("{sfen}: {:?}", r.outcome)
                };
                assert_eq!(minimax, plies, "{sfen}");
            }
        }
    }
}
