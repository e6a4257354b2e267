//! The shortest mate and its main line.
//!
//! df-pn proves a mate of some length L. The search is then repeated with a bound of L − 2 plies
//! until that bound is disproven: L is then the minimax length (the attacker's shortest mate
//! against the defender's longest defence; under the rules of the game every legal defence
//! counts, under tsume rules a futile interposition counts as its virtual position, see
//! [`super::futile`]). The main line is in [`super::main_line`].

use super::dfpn::Dfpn;
use super::futile::Capturer;
use super::main_line::{MainLine, MateLine};
use super::table::UNBOUNDED;
use super::{Limits, Options, Rules};
use crate::shogi::Position;
use std::time::Duration;

/// The answer of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A mate, proven shortest, with its main line.
    Mate {
        /// The main line; `line.length()` plies counted, which is `minimax` unless the defender's
        /// choice of a line two plies shorter that leaves nothing over (2手変長) shortened it.
        line: MateLine,
        /// The proven length: the attacker's shortest mate against the longest defence, counted
        /// by the rules.
        minimax: usize,
    },
    /// Proven: the attacker has no mate.
    NoMate,
    /// A limit stopped the search before an answer was proven.
    Unknown {
        /// A mate was found of at most this length, but not proven shortest.
        mate_at_most: Option<u16>,
        /// The line of that mate, when it could be extracted within
        /// [`LINE_AFTER_LIMIT_NODES`] (not verified: replay it before showing it).
        found: Option<MateLine>,
    },
}

/// Nodes that may be spent after a limit stopped the search, to extract the line of a mate found
/// but not proven shortest (counted in the search's nodes).
pub const LINE_AFTER_LIMIT_NODES: u64 = 1 << 16;

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
    let mut search = Dfpn::new(
        pos.side_to_move(),
        options.rules,
        options.futile,
        options.hash_mb,
        options.threads,
        options.limits.clone(),
    );
    let futile = (options.rules == Rules::Tsume).then_some(options.futile);
    let outcome = shortest_mate(&mut search, pos, futile);
    Report {
        outcome,
        nodes: search.nodes,
        elapsed: search.elapsed(),
        hash_permille: search.table.usage_permille(),
        hash_bytes: search.table.size_bytes(),
    }
}

fn shortest_mate(search: &mut Dfpn, pos: &Position, futile: Option<Capturer>) -> Outcome {
    let mut pos = pos.clone();
    let v = search.search(&mut pos, UNBOUNDED, 0);
    if search.aborted() {
        return Outcome::Unknown {
            mate_at_most: None,
            found: None,
        };
    }
    if v.is_disproven() {
        // Repetitions at the root concern only the root's own line: the disproof stands.
        return if v.len == UNBOUNDED {
            Outcome::NoMate
        } else {
            Outcome::Unknown {
                mate_at_most: None,
                found: None,
            }
        };
    }
    if !v.is_proven() {
        return Outcome::Unknown {
            mate_at_most: None,
            found: None,
        };
    }
    let mut len = v.len;
    while len >= 3 {
        let v = search.search(&mut pos, len - 2, 0);
        if search.aborted() {
            return found_not_shortest(search, &mut pos, len, futile);
        }
        if v.is_proven() {
            len = v.len;
        } else if v.is_disproven() {
            break;
        } else {
            // The root's search ends only with an answer or at a limit; anything else must not
            // be taken for a disproof of the shorter bound.
            return found_not_shortest(search, &mut pos, len, futile);
        }
    }
    let line = MainLine::new(search, futile).attacker(&mut pos, len, 0);
    match line {
        Some(sub) if !search.aborted() => Outcome::Mate {
            line: sub.line,
            minimax: len as usize,
        },
        _ => found_not_shortest(search, &mut pos, len, futile),
    }
}

/// The answer when a limit stopped the search after a mate of at most `len` plies was proven:
/// unknown, with the line of that mate if [`LINE_AFTER_LIMIT_NODES`] more nodes suffice to
/// extract it.
fn found_not_shortest(
    search: &mut Dfpn,
    pos: &mut Position,
    len: u16,
    futile: Option<Capturer>,
) -> Outcome {
    search.resume(Limits {
        nodes: Some(search.nodes + LINE_AFTER_LIMIT_NODES),
        ..Limits::default()
    });
    let sub = MainLine::new(search, futile).attacker(pos, len, 0);
    Outcome::Unknown {
        mate_at_most: Some(len),
        found: sub.filter(|_| !search.aborted()).map(|s| s.line),
    }
}
