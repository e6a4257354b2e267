//! Replays a mate line through the rules before anyone sees it.

use super::futile;
use super::MateLine;
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
    /// A ply marked futile that is no drop, or is not followed by the checker's capture.
    #[error("ply {ply}: {mv} is not a futile interposition followed by its capture")]
    NotFutile {
        /// 1-based ply.
        ply: usize,
        /// The move.
        mv: Move,
    },
    /// The defender still has a legal move at the end (under tsume rules: one that is not a
    /// futile drop).
    #[error("the final position is not mate: the defender can play {0}")]
    NotMate(Move),
}

/// Checks that `line` is a mate from `start`: every attacker move a legal check, every defender
/// move legal, no position repeated, and no legal reply at the end. Under tsume rules a ply
/// marked futile must be a drop that the next ply, the checker, captures; the captured piece
/// then goes back to the defender (the virtual position of [`futile`]); and a line marked
/// `futile_end` may end where every reply is such a drop.
pub fn verify_mate_line(start: &Position, line: &MateLine) -> Result<(), LineFault> {
    let moves = &line.moves;
    if moves.len().is_multiple_of(2) {
        return Err(LineFault::EvenLength(moves.len()));
    }
    let mut pos = start.clone();
    let mut seen = HashSet::new();
    seen.insert(pos.key());
    let mut i = 0;
    while i < moves.len() {
        let mv = moves[i];
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
        if line.futile.contains(&i) {
            let f = futile::futilities(&mut pos, mv, line.capturer)
                .into_iter()
                .find(|f| i % 2 == 1 && moves.get(i + 1) == Some(&f.capture))
                .ok_or(LineFault::NotFutile { ply, mv })?;
            futile::enter(&mut pos, f);
            i += 2;
        } else {
            pos.make_move(mv);
            i += 1;
        }
        if !seen.insert(pos.key()) {
            return Err(LineFault::Repetition { ply });
        }
    }
    let replies = legal_move_list(&pos);
    match replies.first() {
        None => Ok(()),
        Some(_)
            if line.futile_end && futile::futile_drops_only(&mut pos, &replies, line.capturer) =>
        {
            Ok(())
        }
        Some(&m) => Err(LineFault::NotMate(m)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::sfen::parse_sfen;
    use crate::notation::usi::parse_usi_move;
    use crate::search::futile::Capturer;

    /// The moves of `usi` played from `pos`, without the futile give-back (for these short lines
    /// it makes no difference to parsing).
    fn moves(pos: &Position, usi: &str) -> Vec<Move> {
        let mut p = pos.clone();
        usi.split(' ')
            .map(|t| {
                let m = parse_usi_move(&p, t).expect("a legal move");
                p.make_move(m);
                m
            })
            .collect()
    }

    /// short.tsv futile-drops-60: ▲３二龍 mates; every reply is a drop on 2b that the dragon
    /// takes with mate.
    fn futile_drops_60() -> Position {
        parse_sfen("6Snl/5+Rg1k/6ppp/9/9/9/9/9/9 b r2b3g3s3n3l15p 1").expect("sfen")
    }

    #[test]
    fn a_line_ending_in_futile_drops_is_a_mate_only_under_tsume_rules() {
        let pos = futile_drops_60();
        let mut line = MateLine::plain(moves(&pos, "4b3b"));
        assert!(matches!(
            verify_mate_line(&pos, &line),
            Err(LineFault::NotMate(m)) if m.is_drop()
        ));
        line.futile_end = true;
        assert_eq!(verify_mate_line(&pos, &line), Ok(()));
    }

    #[test]
    fn a_futile_pair_is_replayed_with_the_piece_given_back() {
        let pos = futile_drops_60();
        let m = moves(&pos, "4b3b L*2b 3b2b");
        let line = MateLine {
            moves: m.clone(),
            futile: vec![1],
            futile_end: false,
            capturer: Capturer::Checker,
            ..MateLine::default()
        };
        // After the pair the defender holds its lance again; the dragon on 2b mates.
        assert_eq!(verify_mate_line(&pos, &line), Ok(()));
        assert_eq!(verify_mate_line(&pos, &MateLine::plain(m)), Ok(()));
    }

    #[test]
    fn a_ply_marked_futile_must_be_a_drop_taken_by_the_checker() {
        let pos = futile_drops_60();
        let line = MateLine {
            moves: moves(&pos, "4b3b L*2b 3b2b"),
            futile: vec![0],
            futile_end: false,
            capturer: Capturer::Checker,
            ..MateLine::default()
        };
        assert!(matches!(
            verify_mate_line(&pos, &line),
            Err(LineFault::NotFutile { ply: 1, .. })
        ));
    }
}
