//! Why a position has no mate: for each check of the attacker, a reply that holds and how it
//! holds, two attacker moves deep where the tree stays small.
//!
//! A reply holds in one of three ways: after it the attacker has no check at all; it brings back
//! a position of the line above (perpetual check is the attacker's loss); or the position after
//! it has no mate, proven by a search. Under the tsume rules a drop holds only if its virtual
//! positions have no mate either ([`super::futile`]); board replies are tried first.
//!
//! The tree is built on the table of the search that proved "no mate" (whose disproofs make it
//! cheap), and [`verify_refutation`] replays it on a table of its own before it is shown.

use super::futile;
use super::outcome::Outcome;
use super::session::Session;
use super::{Limits, Options};
use crate::shogi::movegen::{check_moves, count_checks, is_legal, legal_moves};
use crate::shogi::{Move, MoveList, Position};

/// At most this many answers in a whole tree: the root's checks first, then the checks after
/// each of their replies while room is left.
pub const MOST_ANSWERS: usize = 60;

/// Nodes a search may spend to show that a reply holds (most are answered by the table).
const REPLY_NODES: u64 = 200_000;

/// Nodes a search may spend to confirm a claim on a table of its own.
const VERIFY_NODES: u64 = 2_000_000;

/// The checks of a position with the attacker to move, each with a reply that holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Refutation {
    /// One answer for each check shown, in the order the checks are generated.
    pub answers: Vec<Answer>,
    /// Checks not shown: beyond [`MOST_ANSWERS`], or with no holding reply found or confirmed
    /// within the nodes allowed.
    pub left_out: usize,
}

/// A check and the reply that holds against it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The attacker's check.
    pub check: Move,
    /// The defender's reply.
    pub reply: Move,
    /// How the reply holds.
    pub holds: Holds,
}

/// How a reply holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Holds {
    /// After it the attacker has no check.
    NoCheck,
    /// It brings back a position of the line above, with the attacker to move: going on
    /// checking repeats the position (連続王手の千日手, the attacker's loss).
    Repetition,
    /// After it there is no mate (proven); with the attacker's next checks answered in turn,
    /// when the tree has room for them.
    NoMate(Option<Refutation>),
}

/// The refutation of `pos` (attacker to move, no mate proven on `session`'s table), down to
/// `levels` attacker moves (1 or more), at most [`MOST_ANSWERS`] answers in all.
pub fn refute(session: &mut Session, pos: &Position, levels: usize) -> Refutation {
    let mut room = MOST_ANSWERS;
    let mut pos = pos.clone();
    let mut path = vec![pos.key()];
    let mut tree = answers(session, &mut pos, &mut path, &mut room);
    if levels > 1 {
        for answer in &mut tree.answers {
            if let Holds::NoMate(further) = &mut answer.holds {
                let mut after = pos.clone();
                after.make_move(answer.check);
                after.make_move(answer.reply);
                path.push(after.key());
                let sub = answers(session, &mut after, &mut path, &mut room);
                path.pop();
                if !sub.answers.is_empty() {
                    *further = Some(sub);
                }
            }
        }
    }
    tree
}

/// The checks of `pos` with their holding replies, as many as `room` allows (each taken from
/// it); `path` holds the keys of the attacker-to-move positions above and of `pos`.
fn answers(
    session: &mut Session,
    pos: &mut Position,
    path: &mut [u64],
    room: &mut usize,
) -> Refutation {
    let mut checks = MoveList::new();
    check_moves(pos, &mut checks);
    let mut tree = Refutation::default();
    for &check in checks.iter() {
        if *room == 0 {
            tree.left_out += 1;
            continue;
        }
        let undo = pos.make_move(check);
        let found = holding_reply(session, pos, path);
        pos.unmake_move(check, undo);
        match found {
            Some((reply, holds)) => {
                *room -= 1;
                tree.answers.push(Answer {
                    check,
                    reply,
                    holds,
                });
            }
            None => tree.left_out += 1,
        }
    }
    tree
}

/// A reply of the defender in `pos` (in check) that holds, board moves before drops.
fn holding_reply(session: &mut Session, pos: &mut Position, path: &[u64]) -> Option<(Move, Holds)> {
    let mut replies = MoveList::new();
    legal_moves(pos, &mut replies);
    let (board, drops): (Vec<Move>, Vec<Move>) = replies.iter().partition(|m| !m.is_drop());
    board.into_iter().chain(drops).find_map(|reply| {
        let holds = holds_after(session, pos, reply, path, REPLY_NODES)?;
        Some((reply, holds))
    })
}

/// How `reply` (a defender move in `pos`) holds, if it does as far as `nodes` nodes a search
/// show: no check after it, a repetition of a position in `path`, or no mate.
fn holds_after(
    session: &mut Session,
    pos: &mut Position,
    reply: Move,
    path: &[u64],
    nodes: u64,
) -> Option<Holds> {
    let undo = pos.make_move(reply);
    let holds = if path.contains(&pos.key()) {
        Some(Holds::Repetition)
    } else if no_check(pos) {
        Some(Holds::NoCheck)
    } else if no_mate(session, pos, nodes) {
        Some(Holds::NoMate(None))
    } else {
        None
    };
    pos.unmake_move(reply, undo);
    holds.filter(|_| virtual_positions_escape(session, pos, reply, nodes))
}

/// Whether every virtual position of `reply` (a defender move in `pos`) has no mate, as far as
/// `nodes` nodes a search show: under the tsume rules a drop is worth its virtual positions
/// too ([`futile`]); any other reply has none.
fn virtual_positions_escape(
    session: &mut Session,
    pos: &mut Position,
    reply: Move,
    nodes: u64,
) -> bool {
    let Some(by) = session.futile().filter(|_| reply.is_drop()) else {
        return true;
    };
    futile::futilities(pos, reply, by).into_iter().all(|f| {
        let entered = futile::enter(pos, f);
        let escapes = no_mate(session, pos, nodes);
        futile::leave(pos, f, entered);
        escapes
    })
}

fn no_check(pos: &Position) -> bool {
    count_checks(pos) == 0
}

/// Whether a search of at most `nodes` nodes proves that `pos` has no mate.
fn no_mate(session: &mut Session, pos: &Position, nodes: u64) -> bool {
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    session.solve_within(pos, None, limits).outcome == Outcome::NoMate
}

/// Replays `tree` from `pos` on a table of its own (rules and size of `options`): every check of
/// each position shown is answered or counted as left out, each check and reply is legal, and
/// each named way of holding is so (no check; the position repeated; no mate, proven again).
/// The fault, if any.
pub fn verify_refutation(
    pos: &Position,
    tree: &Refutation,
    options: &Options,
) -> Result<(), String> {
    // A table of its own, of at most 256 MB, one thread.
    let own = Options {
        hash_mb: options.hash_mb.min(256),
        threads: 1,
        ..options.clone()
    };
    let mut session = Session::new(pos.side_to_move(), &own);
    let mut pos = pos.clone();
    let mut path = vec![pos.key()];
    verify_level(&mut session, &mut pos, tree, &mut path)
}

fn verify_level(
    session: &mut Session,
    pos: &mut Position,
    tree: &Refutation,
    path: &mut Vec<u64>,
) -> Result<(), String> {
    let mut checks = MoveList::new();
    check_moves(pos, &mut checks);
    if tree.answers.len() + tree.left_out != checks.len() {
        return Err(format!(
            "{} checks shown and {} left out, of {}",
            tree.answers.len(),
            tree.left_out,
            checks.len()
        ));
    }
    for (i, a) in tree.answers.iter().enumerate() {
        if !checks.contains(&a.check) || tree.answers[..i].iter().any(|b| b.check == a.check) {
            return Err(format!("{} is not a check of its own", a.check));
        }
        let undo = pos.make_move(a.check);
        let result = if is_legal(pos, a.reply) {
            verify_holds(session, pos, a, path)
        } else {
            Err(format!("{} {} is not a legal reply", a.check, a.reply))
        };
        pos.unmake_move(a.check, undo);
        result?;
    }
    Ok(())
}

fn verify_holds(
    session: &mut Session,
    pos: &mut Position,
    a: &Answer,
    path: &mut Vec<u64>,
) -> Result<(), String> {
    let fault = |what: &str| Err(format!("{} {}: {what}", a.check, a.reply));
    let undo = pos.make_move(a.reply);
    let result = match &a.holds {
        Holds::NoCheck if !no_check(pos) => fault("the attacker has a check"),
        Holds::Repetition if !path.contains(&pos.key()) => fault("no position repeats"),
        Holds::NoMate(further) => {
            if !no_mate(session, pos, VERIFY_NODES) {
                fault("no mate is not proven again")
            } else if let Some(further) = further {
                path.push(pos.key());
                let r = verify_level(session, pos, further, path);
                path.pop();
                r
            } else {
                Ok(())
            }
        }
        _ => Ok(()),
    };
    pos.unmake_move(a.reply, undo);
    result?;
    // A drop under the tsume rules: its virtual positions have no mate either.
    if !virtual_positions_escape(session, pos, a.reply, VERIFY_NODES) {
        return fault("a virtual position of the drop is not shown to escape");
    }
    Ok(())
}
