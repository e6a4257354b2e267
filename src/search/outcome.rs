//! The answer of a search ([`Outcome`], with its statistics in [`Report`]) and [`solve`], which
//! answers one position with a new [`Session`].
//!
//! A mate is proven shortest by [`Session`]'s loop: df-pn proves a mate of some length L, and
//! the search is repeated with a bound of L − 2 plies until that bound is disproven. L is then
//! the minimax length, the attacker's shortest mate against the defender's longest defence;
//! under the rules of the game every legal defence counts, under tsume rules a futile
//! interposition counts as its virtual position (see [`super::futile`]). The main line is in
//! [`super::main_line`].

use super::main_line::MateLine;
#[cfg(doc)]
use super::params::LINE_AFTER_LIMIT_NODES;
use super::session::Session;
use super::Options;
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

/// A mate proven on the way to the answer: its length is an upper bound on the shortest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MateFound {
    /// The length proven, counted by the rules.
    pub plies: u16,
    /// Nodes searched when it was proven.
    pub nodes: u64,
    /// Time since the search started when it was proven.
    pub elapsed: Duration,
}

/// The answer with the search's statistics.
#[derive(Clone, Debug)]
pub struct Report {
    /// The answer.
    pub outcome: Outcome,
    /// The mates proven, in order: the first found, then each shorter one. For a
    /// [`Outcome::Mate`] the last is the answer's length, then proven shortest.
    pub mates_found: Vec<MateFound>,
    /// Nodes searched.
    pub nodes: u64,
    /// Wall time.
    pub elapsed: Duration,
    /// Permille of the table in use at the end.
    pub hash_permille: u32,
    /// Size of the table in bytes.
    pub hash_bytes: usize,
    /// With [`super::Diagnostics::stats`], the statistics of each search of the shortest-mate
    /// loop in order (the last the final one, which disproves the bound); else empty.
    pub stats: Vec<super::stats::SearchStats>,
}

/// Solves `pos` for its side to move (the attacker), whose every move must be a check: the
/// shortest mate with its main line, or, when a limit stops the search after a mate was found,
/// that mate's line if [`LINE_AFTER_LIMIT_NODES`] more nodes extract it.
pub fn solve(pos: &Position, options: &Options) -> Report {
    Session::new(pos.side_to_move(), options).solve(pos, options.limits.clone())
}
