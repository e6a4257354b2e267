//! The intended line of a problem, replayed: every attacker move a legal check, every reply
//! legal, no position repeated, and the end a mate (under tsume rules: no reply but futile
//! drops). Under tsume rules a defender's drop followed by an attacker's capture on its square
//! is taken as a futile interposition (the pair not counted, the captured piece back in the
//! defender's hand, as [`crate::search::futile`] defines it) whenever the rest of the line still
//! replays and mates from that virtual position; a pair whose piece the attacker uses later
//! (or without which the line fails) is counted.

use crate::search::futile::{self, Capturer};
use crate::search::MateLine;
use crate::shogi::movegen::{check_moves, is_legal, legal_move_list};
use crate::shogi::{Move, MoveList, Position};
use hashbrown::HashSet;
use std::fmt;

/// Why an intended line is not a mate line (不詰 of the line as given).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineFault {
    /// The line has no moves.
    Empty,
    /// A move that is not legal where it is played.
    Illegal {
        /// 1-based ply.
        ply: usize,
        /// The move.
        mv: Move,
    },
    /// A legal attacker move that does not give check.
    NotACheck {
        /// 1-based ply.
        ply: usize,
        /// The move.
        mv: Move,
    },
    /// The position after this ply already occurred on the line.
    Repetition {
        /// 1-based ply.
        ply: usize,
    },
    /// The last move is the defender's: a mate line ends with the attacker's.
    EndsWithReply {
        /// The number of plies.
        plies: usize,
    },
    /// The defender still has a reply at the end (under tsume rules one that is not a futile
    /// drop).
    NotMate {
        /// One such reply.
        reply: Move,
    },
    /// A move of a record's line that could not be read or played (ambiguous, illegal,
    /// malformed), as the reader put it.
    Unreadable {
        /// 1-based ply.
        ply: usize,
        /// The reader's fault, placed in its file.
        why: String,
    },
}

impl LineFault {
    /// The 1-based ply where the line goes wrong (one past the end when the end is no mate).
    pub fn ply(&self, plies: usize) -> usize {
        match *self {
            LineFault::Empty => 1,
            LineFault::Illegal { ply, .. }
            | LineFault::NotACheck { ply, .. }
            | LineFault::Unreadable { ply, .. }
            | LineFault::Repetition { ply } => ply,
            LineFault::EndsWithReply { .. } | LineFault::NotMate { .. } => plies + 1,
        }
    }
}

impl fmt::Display for LineFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineFault::Empty => write!(f, "the intended line has no moves"),
            LineFault::Illegal { ply, mv } => write!(f, "ply {ply}: {mv} is not a legal move"),
            LineFault::Unreadable { ply, why } => {
                write!(f, "ply {ply}: the record's move cannot be read ({why})")
            }
            LineFault::NotACheck { ply, mv } => {
                write!(f, "ply {ply}: {mv} is legal but does not give check")
            }
            LineFault::Repetition { ply } => {
                write!(
                    f,
                    "ply {ply}: the position repeats an earlier one of the line"
                )
            }
            LineFault::EndsWithReply { plies } => write!(
                f,
                "the line ends with the defender's move (ply {plies}); a mate ends with the \
                 attacker's"
            ),
            LineFault::NotMate { reply } => {
                write!(
                    f,
                    "the line does not end in mate: the defender can play {reply}"
                )
            }
        }
    }
}

/// The intended `moves` from `start` as a mate line, with its futile pairs recognised when
/// `futile` says who may capture them (tsume rules); or the first fault of the line.
///
/// A pair is first taken as futile; if the line then fails at or after it, the latest such pair
/// before the fault is counted instead and the line replayed again, until it replays or no pair
/// is left to count (the fault is then the line's own).
pub fn intended_line(
    start: &Position,
    moves: &[Move],
    futile: Option<Capturer>,
) -> Result<MateLine, LineFault> {
    let mut counted = Vec::new();
    loop {
        match replay(start, moves, futile, &counted) {
            Ok(line) => return Ok(line),
            Err((fault, taken)) => {
                let at = fault.ply(moves.len());
                match taken.iter().rev().find(|&&i| i + 1 < at) {
                    Some(&i) => counted.push(i),
                    None => return Err(fault),
                }
            }
        }
    }
}

/// One replay; the pairs at plies in `counted` are played as ordinary moves, every other
/// drop-and-capture that forms a virtual position is taken as futile. On a fault, also the
/// pairs that were taken.
fn replay(
    start: &Position,
    moves: &[Move],
    futile: Option<Capturer>,
    counted: &[usize],
) -> Result<MateLine, (LineFault, Vec<usize>)> {
    let mut taken = Vec::new();
    if moves.is_empty() {
        return Err((LineFault::Empty, taken));
    }
    let mut pos = start.clone();
    let mut seen = HashSet::new();
    seen.insert(pos.key());
    let mut i = 0;
    while i < moves.len() {
        let (mv, ply) = (moves[i], i + 1);
        if !is_legal(&pos, mv) {
            return Err((LineFault::Illegal { ply, mv }, taken));
        }
        if i % 2 == 0 {
            let mut checks = MoveList::new();
            check_moves(&pos, &mut checks);
            if !checks.contains(&mv) {
                return Err((LineFault::NotACheck { ply, mv }, taken));
            }
        }
        let pair = match (futile, moves.get(i + 1)) {
            (Some(by), Some(&next)) if i % 2 == 1 && !counted.contains(&i) => {
                futile::futilities(&mut pos, mv, by)
                    .into_iter()
                    .find(|f| f.capture == next)
            }
            _ => None,
        };
        match pair {
            Some(f) => {
                futile::enter(&mut pos, f);
                taken.push(i);
                i += 2;
            }
            None => {
                pos.make_move(mv);
                i += 1;
            }
        }
        if !seen.insert(pos.key()) {
            return Err((LineFault::Repetition { ply: i }, taken));
        }
    }
    if moves.len().is_multiple_of(2) {
        let plies = moves.len();
        return Err((LineFault::EndsWithReply { plies }, taken));
    }
    let replies = legal_move_list(&pos);
    let futile_end = match (replies.first(), futile) {
        (None, _) => false,
        (Some(_), Some(by)) if futile::futile_drops_only(&mut pos, &replies, by) => true,
        (Some(&reply), _) => return Err((LineFault::NotMate { reply }, taken)),
    };
    Ok(MateLine {
        moves: moves.to_vec(),
        futile: taken,
        futile_end,
        capturer: futile.unwrap_or_default(),
        choice_cut: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::sfen::parse_sfen;
    use crate::notation::usi::parse_usi_moves_syntax;
    use crate::shogi::fill_defender_hand;

    fn moves(usi: &str) -> Vec<Move> {
        parse_usi_moves_syntax(usi).unwrap()
    }

    /// short.tsv futile-drops-60: ▲３二龍 mates; every reply is a drop on 2b that the dragon
    /// takes with mate.
    fn futile_drops_60() -> Position {
        parse_sfen("6Snl/5+Rg1k/6ppp/9/9/9/9/9/9 b r2b3g3s3n3l15p 1").unwrap()
    }

    #[test]
    fn a_drop_taken_and_given_back_is_not_counted() {
        let pos = futile_drops_60();
        let any = Some(Capturer::Any);
        let line = intended_line(&pos, &moves("4b3b L*2b 3b2b"), any).unwrap();
        assert_eq!((line.futile.clone(), line.length()), (vec![1], 1));
        assert!(!line.futile_end);
        let line = intended_line(&pos, &moves("4b3b"), any).unwrap();
        assert!(line.futile_end && line.length() == 1);
        // Under the rules of the game the drops count, and the line of one ply is no mate.
        let line = intended_line(&pos, &moves("4b3b L*2b 3b2b"), None).unwrap();
        assert_eq!((line.futile.len(), line.length()), (0, 3));
        assert!(matches!(
            intended_line(&pos, &moves("4b3b"), None),
            Err(LineFault::NotMate { .. })
        ));
    }

    #[test]
    fn faults_are_named_with_their_ply() {
        let pos = fill_defender_hand(&parse_sfen("4k4/9/4P4/9/9/9/9/9/9 b G 1").unwrap());
        let any = Some(Capturer::Any);
        assert_eq!(intended_line(&pos, &[], any), Err(LineFault::Empty));
        let m = moves("G*5b 5a5b");
        assert_eq!(
            intended_line(&pos, &m, any),
            Err(LineFault::Illegal { ply: 2, mv: m[1] })
        );
        let m = moves("G*1a");
        assert_eq!(
            intended_line(&pos, &m, any),
            Err(LineFault::NotACheck { ply: 1, mv: m[0] })
        );
        assert!(matches!(
            intended_line(&pos, &moves("G*4b"), any),
            Err(LineFault::NotMate { .. })
        ));
        assert_eq!(
            intended_line(&pos, &moves("G*4b 5a4b"), any),
            Err(LineFault::EndsWithReply { plies: 2 })
        );
        assert_eq!(
            intended_line(&pos, &moves("G*5b"), any).unwrap().length(),
            1
        );
    }
}
