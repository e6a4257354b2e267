//! A plain bounded AND/OR search for short mates under the rules of the game: a second
//! algorithm to hold the df-pn solver to, written to be obviously correct rather than fast.
//!
//! - At an attacker node every legal move ([`legal_moves`]) after which the defender is in check
//!   is tried; the solver's own check generator is deliberately not used.
//! - At a defender node every legal move is tried; a defender in check with no legal move is
//!   mated.
//! - 打ち歩詰め holds because [`legal_moves`] leaves out a pawn drop that mates.
//! - The shortest mate is found by iterative deepening over odd depths: the first depth with a
//!   mate is the minimax length.
//!
//! Repetition cannot matter: a line of a few plies cannot repeat a position four times (千日手).
//! So "mate within `d` plies" depends only on the position and `d`, and a table keyed by both
//! (the whole position compared, not only its hash key) is exact.
//!
//! [`mates_within`] is the definition itself, under either rules (the tsume rules' futile
//! interpositions included), with no table: the tests hold the solver to it on a few plies.

use super::futile::{self, Capturer};
use crate::shogi::movegen::{check_moves, legal_moves};
use crate::shogi::{MoveList, Position};
use hashbrown::HashMap;

/// What the bounded search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bounded {
    /// The shortest mate has this many plies (odd, at most the bound).
    Mate(u32),
    /// No mate within the bound.
    NoMateWithin,
    /// The node budget ran out before an answer.
    GaveUp,
}

/// The node budget was spent.
struct Exhausted;

/// One bounded search with its table and node count.
pub struct BoundedSearch {
    /// Attacker and defender nodes visited.
    pub nodes: u64,
    budget: u64,
    /// "Mate within depth" of attacker nodes, by hash key and depth, each with its position.
    table: HashMap<(u64, u32), Vec<(Position, bool)>>,
}

impl BoundedSearch {
    /// A search that gives up after `budget` nodes.
    pub fn new(budget: u64) -> BoundedSearch {
        BoundedSearch {
            nodes: 0,
            budget,
            table: HashMap::new(),
        }
    }

    /// The shortest mate of `pos` (the side to move attacks) of at most `max_plies` plies, found
    /// by trying the depths 1, 3, 5, … in turn.
    pub fn shortest_mate(&mut self, pos: &Position, max_plies: u32) -> Bounded {
        let mut pos = pos.clone();
        for depth in (1..=max_plies).step_by(2) {
            match self.attacker_mates(&mut pos, depth) {
                Ok(true) => return Bounded::Mate(depth),
                Ok(false) => {}
                Err(Exhausted) => return Bounded::GaveUp,
            }
        }
        Bounded::NoMateWithin
    }

    fn visit(&mut self) -> Result<(), Exhausted> {
        self.nodes += 1;
        if self.nodes > self.budget {
            Err(Exhausted)
        } else {
            Ok(())
        }
    }

    /// OR node: whether some legal check of the side to move mates within `depth` plies.
    fn attacker_mates(&mut self, pos: &mut Position, depth: u32) -> Result<bool, Exhausted> {
        if depth == 0 {
            return Ok(false);
        }
        let key = (pos.key(), depth);
        if let Some(known) = self.lookup(key, pos) {
            return Ok(known);
        }
        self.visit()?;
        let mut moves = MoveList::new();
        legal_moves(pos, &mut moves);
        let mut mates = false;
        for &m in moves.iter() {
            let undo = pos.make_move(m);
            let result = if pos.in_check() {
                self.defender_mated(pos, depth - 1)
            } else {
                Ok(false)
            };
            pos.unmake_move(m, undo);
            if result? {
                mates = true;
                break;
            }
        }
        self.table
            .entry(key)
            .or_default()
            .push((pos.clone(), mates));
        Ok(mates)
    }

    /// AND node: whether the side to move, in check, is mated now or whatever it plays within
    /// `depth` plies.
    fn defender_mated(&mut self, pos: &mut Position, depth: u32) -> Result<bool, Exhausted> {
        self.visit()?;
        let mut replies = MoveList::new();
        legal_moves(pos, &mut replies);
        if replies.is_empty() {
            return Ok(true);
        }
        if depth == 0 {
            return Ok(false);
        }
        for &m in replies.iter() {
            let undo = pos.make_move(m);
            let result = self.attacker_mates(pos, depth - 1);
            pos.unmake_move(m, undo);
            if !result? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    fn lookup(&self, key: (u64, u32), pos: &Position) -> Option<bool> {
        self.table
            .get(&key)?
            .iter()
            .find(|(p, _)| p == pos)
            .map(|&(_, mates)| mates)
    }
}

/// The shortest mate of `pos` (the side to move attacks) of at most `max_plies` plies, by
/// [`mates_within`] at the depths 1, 3, 5, … in turn.
pub fn shortest_by_definition(
    pos: &Position,
    max_plies: u32,
    futile: Option<Capturer>,
) -> Option<u32> {
    let mut pos = pos.clone();
    (1..=max_plies)
        .step_by(2)
        .find(|&n| mates_within(&mut pos, n, futile))
}

/// Whether the attacker (to move) in `pos` mates within `depth` plies, by the definition written
/// out plainly, every line tried and nothing remembered: some check after which the defender is
/// mated within `depth − 1`. Under the rules of the game `futile` is `None`; under the tsume
/// rules it is who may capture an interposition ([`futile`]). The checks are those of
/// [`check_moves`], which `tests/movegen_differential.rs` holds to the legal moves that give
/// check. The cost grows with the branching to the power of the depth: for a few plies only.
pub fn mates_within(pos: &mut Position, depth: u32, futile: Option<Capturer>) -> bool {
    if depth == 0 {
        return false;
    }
    let mut checks = MoveList::new();
    check_moves(pos, &mut checks);
    checks.iter().any(|&m| {
        let undo = pos.make_move(m);
        let mated = mated_within(pos, depth - 1, futile, 0);
        pos.unmake_move(m, undo);
        mated
    })
}

/// Whether the defender (to move, in check) in `pos` is mated within `depth` plies: every reply
/// is answered by a mate within `depth − 1`, or under the tsume rules is a drop one of whose
/// virtual positions is mated within `depth` (nested at most [`futile::MAX_NESTING`] deep, as
/// in the solver; `nesting` counts those this node lies in).
fn mated_within(pos: &mut Position, depth: u32, futile: Option<Capturer>, nesting: u32) -> bool {
    let mut replies = MoveList::new();
    legal_moves(pos, &mut replies);
    replies.iter().all(|&r| {
        let undo = pos.make_move(r);
        let answered = depth >= 1 && mates_within(pos, depth - 1, futile);
        pos.unmake_move(r, undo);
        answered
            || match futile {
                Some(by) if r.is_drop() && nesting < futile::MAX_NESTING => {
                    futile::futilities(pos, r, by).into_iter().any(|f| {
                        let e = futile::enter(pos, f);
                        let mated = mated_within(pos, depth, futile, nesting + 1);
                        futile::leave(pos, f, e);
                        mated
                    })
                }
                _ => false,
            }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::sfen::parse_sfen;
    use crate::shogi::fill_defender_hand;

    /// The rows of `short.tsv` (the reference data beside the project) as (id, sfen, expect,
    /// game length, hands).
    fn short_rows() -> Vec<[String; 5]> {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/problems/short.tsv");
        let text = std::fs::read_to_string(path).expect("read short.tsv");
        text.lines()
            .skip(1)
            .map(|line| {
                let f: Vec<&str> = line.split('\t').collect();
                [f[0], f[1], f[2], f[3], f[5]].map(str::to_string)
            })
            .collect()
    }

    /// The problem of a row: hands as written for `literal` rows, else the defender holds the
    /// rest.
    fn problem(sfen: &str, hands: &str) -> Position {
        let pos = parse_sfen(sfen).expect("a valid SFEN");
        if hands.starts_with("literal") {
            pos
        } else {
            fill_defender_hand(&pos)
        }
    }

    fn solve(pos: &Position, max_plies: u32) -> Bounded {
        BoundedSearch::new(50_000_000).shortest_mate(pos, max_plies)
    }

    #[test]
    fn every_short_mate_has_its_game_length() {
        let mut lengths = Vec::new();
        for [id, sfen, _, length, hands] in short_rows() {
            let Ok(length) = length.parse::<u32>() else {
                continue;
            };
            if length > 7 {
                continue;
            }
            let pos = problem(&sfen, &hands);
            assert_eq!(solve(&pos, 7), Bounded::Mate(length), "{id}");
            lengths.push(length);
        }
        for n in [1, 3, 5, 7] {
            assert!(lengths.contains(&n), "no mate in {n} checked");
        }
    }

    #[test]
    fn a_mate_longer_than_the_bound_is_no_mate_within_it() {
        let rows = short_rows();
        let row = |id: &str| rows.iter().find(|r| r[0] == id).expect("the row").clone();
        for (id, bound) in [("koba-mate5", 3), ("mate3-01", 1), ("mate5-01", 3)] {
            let [_, sfen, _, length, hands] = row(id);
            let length: u32 = length.parse().unwrap();
            assert!(length > bound);
            let pos = problem(&sfen, &hands);
            assert_eq!(solve(&pos, bound), Bounded::NoMateWithin, "{id}");
        }
    }

    #[test]
    fn no_mate_rows_have_no_mate_within_seven() {
        let rows = short_rows();
        for id in ["nomate-startpos", "repetition-nomate", "futile-long-51"] {
            let [_, sfen, expect, _, hands] =
                rows.iter().find(|r| r[0] == id).expect("the row").clone();
            assert!(expect == "nomate" || id.starts_with("futile-long"), "{id}");
            let pos = problem(&sfen, &hands);
            // futile-long-51 has no mate within five plies under game rules.
            let bound = if id.starts_with("futile-long") { 5 } else { 7 };
            assert_eq!(solve(&pos, bound), Bounded::NoMateWithin, "{id}");
        }
    }

    #[test]
    fn pawn_drop_mate_is_no_mate() {
        // pawn-drop-no-mate of short.tsv: P*9b would mate, which makes it illegal; no mate
        // within five plies.
        let rows = short_rows();
        let [_, sfen, expect, _, hands] = rows
            .iter()
            .find(|r| r[0] == "pawn-drop-no-mate")
            .expect("the row")
            .clone();
        assert_eq!(expect, "nomate-within-5");
        let pos = problem(&sfen, &hands);
        assert_eq!(solve(&pos, 5), Bounded::NoMateWithin);
        // The same position with a lance in hand instead of the pawn: L*9b mates.
        let lance = fill_defender_hand(&parse_sfen("kn7/1s7/9/1N7/9/9/9/9/9 b L 1").unwrap());
        assert_eq!(solve(&lance, 5), Bounded::Mate(1));
    }

    #[test]
    fn the_pawn_drop_mate_is_avoided_by_a_longer_mate() {
        // pawn-drop-mate-avoid-9: the natural P*1b is pawn-drop mate; the mate takes nine plies.
        let rows = short_rows();
        let [_, sfen, _, length, hands] = rows
            .iter()
            .find(|r| r[0] == "pawn-drop-mate-avoid-9")
            .expect("the row")
            .clone();
        assert_eq!(length, "9");
        assert_eq!(solve(&problem(&sfen, &hands), 7), Bounded::NoMateWithin);
    }

    #[test]
    fn a_spent_budget_gives_up() {
        let pos = crate::search::koba_mate5();
        assert_eq!(
            BoundedSearch::new(10).shortest_mate(&pos, 7),
            Bounded::GaveUp
        );
    }
}
