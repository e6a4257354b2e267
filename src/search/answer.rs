//! The answer of a search: [`Outcome`], with its statistics in [`Report`] and the mates found on
//! the way ([`MateFound`]), and a mate's main line ([`MateLine`], walked by [`Step`]s).
//!
//! Plain data for every face to read: it names the futile interpositions
//! ([`super::futile`]) and the statistics ([`super::stats`]) but nothing of the search that
//! makes it, so the search's files import it and not the other way round.

use super::futile::{self, Capturer, Futility};
use super::stats::SearchStats;
use crate::shogi::{Move, Position};
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
        /// [`LINE_AFTER_LIMIT_NODES`](super::LINE_AFTER_LIMIT_NODES) (not verified: replay it before showing it).
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
    pub stats: Vec<SearchStats>,
}

/// A main line as it is printed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MateLine {
    /// Every ply, the attacker's first: futile drops and their captures included.
    pub moves: Vec<Move>,
    /// The 0-based plies of `moves` that are futile drops; each is followed by its capture,
    /// after which the captured piece is back in the defender's hand.
    pub futile: Vec<usize>,
    /// Tsume rules: the line ends at a check whose every reply is a futile drop.
    pub futile_end: bool,
    /// Which attacker pieces may take a futile drop (see [`futile`]).
    pub capturer: Capturer,
    /// Tsume rules: the comparison of equally long alternatives ran out of its
    /// [`LINE_CHOICE_BUDGET`](super::LINE_CHOICE_BUDGET), and from there the first longest defence (and the first shortest
    /// check) was taken, so the line may not be the one the conventions choose. It is still a
    /// mate line of the proven length, or two plies shorter by 2手変長.
    pub choice_cut: bool,
}

/// One step along a line: a move that counts, or a futile drop with its capture, which do not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A move that counts.
    Move(Move),
    /// A futile drop and its capture, after which the piece is back in the defender's hand.
    Futile(Futility),
}

impl Step {
    /// Plays the step on `pos`: a move is made, a futile pair leaves the drop's piece back in the
    /// defender's hand.
    pub fn play(self, pos: &mut Position) {
        match self {
            Step::Move(m) => {
                pos.make_move(m);
            }
            Step::Futile(f) => {
                futile::enter(pos, f);
            }
        }
    }

    /// The plies the step counts: one for a move, none for a futile pair.
    pub fn counted(self) -> usize {
        usize::from(matches!(self, Step::Move(_)))
    }
}

impl MateLine {
    /// The line's steps in order, each with the index of `moves` just past it.
    pub fn steps(&self) -> impl Iterator<Item = (usize, Step)> + '_ {
        let mut i = 0;
        std::iter::from_fn(move || {
            let drop = *self.moves.get(i)?;
            let step = match self.moves.get(i + 1) {
                Some(&capture) if self.futile.contains(&i) => {
                    i += 2;
                    Step::Futile(Futility { drop, capture })
                }
                _ => {
                    i += 1;
                    Step::Move(drop)
                }
            };
            Some((i, step))
        })
    }

    /// The plies counted: futile drops and their captures are not.
    pub fn length(&self) -> usize {
        self.moves.len() - 2 * self.futile.len()
    }

    /// A line of plain moves (no futile drops).
    pub fn plain(moves: Vec<Move>) -> MateLine {
        MateLine {
            moves,
            ..MateLine::default()
        }
    }

    /// The position at the end of the line from `start` (each futile drop's piece back in the
    /// defender's hand). The line must have been verified.
    pub fn end_position(&self, start: &Position) -> Position {
        let mut pos = start.clone();
        for (_, step) in self.steps() {
            step.play(&mut pos);
        }
        pos
    }

    /// For a line with `futile_end`: one of the futile drops at `end` (its
    /// [`MateLine::end_position`]) and its capture.
    pub fn futile_end_example(&self, end: &Position) -> Option<Futility> {
        if !self.futile_end {
            return None;
        }
        let mut pos = end.clone();
        let replies = crate::shogi::movegen::legal_move_list(&pos);
        let first = *replies.first()?;
        futile::futilities(&mut pos, first, self.capturer)
            .first()
            .copied()
    }

    /// Puts `moves` before the line: a futile drop and its capture when `futile`, else plain
    /// moves.
    pub(super) fn prepend(&mut self, moves: &[Move], futile: bool) {
        let n = moves.len();
        for f in &mut self.futile {
            *f += n;
        }
        if futile {
            self.futile.insert(0, 0);
        }
        self.moves.splice(0..0, moves.iter().copied());
    }
}
