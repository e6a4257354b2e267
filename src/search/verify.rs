//! Replays a mate line through the rules before anyone sees it.

use crate::shogi::movegen::{check_moves, legal_move_list};
use crate::shogi::{Move, MoveList, Position};
use hashbrown::HashSet;
use thiserror::Error;

/// Why a line is not a mate line.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LineFault {
    /// A mate line has an odd number of plies: the attacker moves first and last.
    #[error("a mate line has an odd number of plies, this one has {0}")]
    EvenLength(usize),
    /// An attacker move that is illegal or does not give check.
    #[error("ply {ply}: {mv} is not a legal check")]
    NotACheck {
        /// 1-based ply.
        ply: usize,
        /// The move.
        mv: Move,
    },
    /// A defender move that is illegal.
    #[error("ply {ply}: {mv} is not a legal reply")]
    IllegalReply {
        /// 1-based ply.
        ply: usize,
        /// The move.
        mv: Move,
    },
    /// A position that already occurred on the line.
    #[error("ply {ply}: the position repeats")]
    Repetition {
        /// 1-based ply.
        ply: usize,
    },
    /// The defender still has a legal move at the end.
    #[error("the final position is not mate: the defender can play {0}")]
    NotMate(Move),
}

/// Checks that `line` is a mate from `start`: every attacker move a legal check, every defender
/// move legal, no position repeated, and no legal reply at the end.
pub fn verify_mate_line(start: &Position, line: &[Move]) -> Result<(), LineFault> {
    if line.len() % 2 == 0 {
        return Err(LineFault::EvenLength(line.len()));
    }
    let mut pos = start.clone();
    let mut seen = HashSet::new();
    seen.insert(pos.key());
    for (i, &mv) in line.iter().enumerate() {
        let ply = i + 1;
        if i % 2 == 0 {
            let mut checks = MoveList::new();
            check_moves(&pos, &mut checks);
            if !checks.contains(&mv) {
                return Err(LineFault::NotACheck { ply, mv });
            }
        } else if !legal_move_list(&pos).contains(&mv) {
            return Err(LineFault::IllegalReply { ply, mv });
        }
        pos.make_move(mv);
        if !seen.insert(pos.key()) {
            return Err(LineFault::Repetition { ply });
        }
    }
    match legal_move_list(&pos).first() {
        Some(&m) => Err(LineFault::NotMate(m)),
        None => Ok(()),
    }
}
