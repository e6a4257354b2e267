//! The shortest mate and its main line.
//!
//! df-pn proves a mate of some length L. The search is then repeated with a bound of L − 2 plies
//! until that bound is disproven: L is then the minimax length (the attacker's shortest mate
//! against the defender's longest defence, every legal defence counted). The main line follows,
//! at attacker nodes, a check proven within the remaining length, and at defender nodes a reply
//! that is not mate within two plies less (so it lasts exactly as long as the remaining length).

use super::dfpn::Dfpn;
use super::table::UNBOUNDED;
use super::Options;
use crate::shogi::movegen::{check_moves, legal_moves};
use crate::shogi::{Move, MoveList, Position};
use std::time::Duration;

/// The answer of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A mate of this minimax length, with its main line (`line.len()` plies).
    Mate {
        /// The main line, attacker's move first.
        line: Vec<Move>,
    },
    /// Proven: the attacker has no mate.
    NoMate,
    /// A limit stopped the search before an answer was proven.
    Unknown {
        /// A mate was found of at most this length, but not proven shortest.
        mate_at_most: Option<u16>,
    },
}

/// The answer with the search's statistics.
#[derive(Clone, Debug)]
pub struct Report {
    /// The answer.
    pub outcome: Outcome,
    /// Nodes searched.
    pub nodes: u64,
    /// Wall time.
    pub elapsed: Duration,
    /// Permille of the table in use at the end.
    pub hash_permille: u32,
    /// Size of the table in bytes.
    pub hash_bytes: usize,
}

/// Solves `pos` for its side to move (the attacker), whose every move must be a check.
pub fn solve(pos: &Position, options: &Options) -> Report {
    let mut search = Dfpn::new(pos.side_to_move(), options.hash_mb, options.limits.clone());
    let outcome = shortest_mate(&mut search, pos);
    Report {
        outcome,
        nodes: search.nodes,
        elapsed: search.elapsed(),
        hash_permille: search.table.usage_permille(),
        hash_bytes: search.table.size_bytes(),
    }
}

fn shortest_mate(search: &mut Dfpn, pos: &Position) -> Outcome {
    let mut pos = pos.clone();
    let v = search.search(&mut pos, UNBOUNDED, 0);
    if search.aborted() {
        return Outcome::Unknown { mate_at_most: None };
    }
    if v.is_disproven() {
        // Repetitions at the root concern only the root's own line: the disproof stands.
        return if v.len == UNBOUNDED {
            Outcome::NoMate
        } else {
            Outcome::Unknown { mate_at_most: None }
        };
    }
    let mut len = v.len;
    while len >= 3 {
        let v = search.search(&mut pos, len - 2, 0);
        if search.aborted() {
            return Outcome::Unknown {
                mate_at_most: Some(len),
            };
        }
        if v.is_proven() {
            len = v.len;
        } else {
            break;
        }
    }
    match main_line(search, &mut pos, len) {
        Some(line) => Outcome::Mate { line },
        None => Outcome::Unknown {
            mate_at_most: Some(len),
        },
    }
}

/// The main line of a position whose minimax length is `len`; `None` if a limit stopped it.
fn main_line(search: &mut Dfpn, pos: &mut Position, len: u16) -> Option<Vec<Move>> {
    let mut line = Vec::with_capacity(len as usize);
    let mut keys = Vec::with_capacity(len as usize);
    let mut remaining = len;
    let mut ply = 0u32;
    let found = loop {
        let mut list = MoveList::new();
        let attacker_to_move = ply % 2 == 0;
        if attacker_to_move {
            check_moves(pos, &mut list);
        } else {
            legal_moves(pos, &mut list);
        }
        if remaining == 0 {
            break list.is_empty() && !attacker_to_move;
        }
        search.enter(pos.key(), ply);
        keys.push(pos.key());
        let next = if attacker_to_move {
            pick(
                search,
                pos,
                &list,
                ply,
                |v| v.is_proven() && v.len < remaining,
                remaining - 1,
            )
        } else {
            // A reply that is not mate within remaining − 3 lasts exactly remaining − 1.
            let shorter = remaining.saturating_sub(3);
            pick(
                search,
                pos,
                &list,
                ply,
                |v| !v.is_proven() || v.len > shorter,
                shorter,
            )
        };
        let Some(m) = next else {
            break false;
        };
        if search.aborted() {
            break false;
        }
        pos.make_move(m);
        line.push(m);
        remaining -= 1;
        ply += 1;
    };
    for k in keys {
        search.leave(k);
    }
    (found && !search.aborted()).then_some(line)
}

/// The first move of `list` whose child, searched within `depth` plies, satisfies `wanted`.
fn pick(
    search: &mut Dfpn,
    pos: &mut Position,
    list: &[Move],
    ply: u32,
    wanted: impl Fn(&super::dfpn::Value) -> bool,
    depth: u16,
) -> Option<Move> {
    // First the answers the table already has, then a search of each child.
    for &m in list {
        let undo = pos.make_move(m);
        let v = search.probe(pos, depth);
        pos.unmake_move(m, undo);
        if (v.is_proven() || v.is_disproven()) && wanted(&v) {
            return Some(m);
        }
    }
    for &m in list {
        let undo = pos.make_move(m);
        let v = search.search(pos, depth, ply + 1);
        pos.unmake_move(m, undo);
        if search.aborted() {
            return None;
        }
        if wanted(&v) {
            return Some(m);
        }
    }
    None
}
