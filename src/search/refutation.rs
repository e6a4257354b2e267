//! Why a position has no mate: for each check of the attacker, a reply that holds and how it
//! holds, two attacker moves deep where the tree stays small.
//!
//! A reply holds in one of three ways: after it the attacker has no check at all; it brings back
//! a position of the line above (perpetual check is the attacker's loss); or the position after
//! it has no mate, proven by a search. Under the tsume rules a drop holds only if its virtual
//! positions have no mate either ([`super::futile`]); board replies are tried first.
//!
//! The tree is built on the table of the search that proved "no mate" (whose disproofs make it
//! cheap: each reply is first looked at with a few nodes, which finds the one the table already
//! knows to hold), and [`verify_refutation`] replays it on a table of its own before it is shown.
//! Both keep to the time the search was given and stop on its stop flag: a check whose answer
//! the limit came before (not looked for, or not proven again) is left out and counted as such
//! ([`Refutation::cut`]), never shown unproven.

use super::answer::{Outcome, Report};
use super::futile;
use super::session::Session;
use super::{Limits, Options};
use crate::shogi::movegen::{check_moves, count_checks, is_legal, legal_moves};
use crate::shogi::{Move, MoveList, Position};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// At most this many answers in a whole tree: the root's checks first, then the checks after
/// each of their replies while room is left.
pub const MOST_ANSWERS: usize = 60;

/// Nodes of the first look at each reply: enough to read a "no mate" (or a mate) that the table
/// of the search already holds.
const FIRST_LOOK_NODES: u64 = 2_000;

/// Nodes a search may spend to show that a reply holds, for the replies the first looks left
/// undecided.
const REPLY_NODES: u64 = 200_000;

/// Nodes of the first replay of each "no mate", so that the dear ones, replayed after the cheap
/// ones, cannot keep the cheap ones from being shown.
const FIRST_REPLAY_NODES: u64 = 100_000;

/// The least nodes a search may spend to prove a "no mate" again on the replay's table.
const VERIFY_NODES: u64 = 2_000_000;

/// The checks of a position with the attacker to move, each with a reply that holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Refutation {
    /// One answer for each check shown, in the order the checks are generated.
    pub answers: Vec<Answer>,
    /// Checks not shown: beyond [`MOST_ANSWERS`], or with no holding reply found or confirmed
    /// within the nodes allowed, or cut by the limits ([`Refutation::cut`]).
    pub left_out: usize,
    /// Of [`Refutation::left_out`], the checks that the limits left out: the time given (or
    /// the stop flag) came before a holding reply was looked for, or before its holding was
    /// proven again by the replay within the time and nodes it had.
    pub cut: usize,
    /// What the replay of the tree may spend, set by [`refute`] on the whole tree (`None` on
    /// its sub-trees, and for a tree made otherwise: no deadline, the least nodes).
    pub budget: Option<ReplayBudget>,
}

/// What [`verify_refutation`] may spend on a tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplayBudget {
    /// The end of the time the search was given: the replay stops there too.
    pub deadline: Option<Instant>,
    /// Nodes for each search that proves a "no mate" again: twice the search's and at least
    /// `VERIFY_NODES`, since the whole search disproved the root within its nodes and a part
    /// of its tree seldom needs more on a table of its own.
    pub nodes: u64,
}

impl Default for ReplayBudget {
    fn default() -> ReplayBudget {
        ReplayBudget {
            deadline: None,
            nodes: VERIFY_NODES,
        }
    }
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

/// The time and the stop flag a refutation keeps to.
#[derive(Clone, Debug, Default)]
struct Bounds {
    deadline: Option<Instant>,
    stop: Option<Arc<AtomicBool>>,
}

impl Bounds {
    /// Whether the time is over or the stop flag set.
    fn over(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
            || self
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// The limits of a search of at most `nodes` nodes within the bounds; `None` once they are
    /// over.
    fn limits(&self, nodes: u64) -> Option<Limits> {
        if self.over() {
            return None;
        }
        Some(Limits {
            nodes: Some(nodes),
            time: self
                .deadline
                .map(|d| d.saturating_duration_since(Instant::now())),
            stop: self.stop.clone(),
            progress: None,
        })
    }
}

/// What a search says of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    NoMate,
    Mate,
    Unknown,
}

/// The refutation of `pos` (attacker to move, no mate proven on `session`'s table by the search
/// whose report is `search`, run under `limits`), down to `levels` attacker moves (1 or more), at
/// most [`MOST_ANSWERS`] answers in all. It keeps to `limits`' time, counted from the start of
/// that search, and to its stop flag; the tree's [`ReplayBudget`] holds the same end.
pub fn refute(
    session: &mut Session,
    pos: &Position,
    levels: usize,
    search: &Report,
    limits: &Limits,
) -> Refutation {
    let now = Instant::now();
    let started = now.checked_sub(search.elapsed).unwrap_or(now);
    let bounds = Bounds {
        deadline: limits.time.and_then(|t| started.checked_add(t)),
        stop: limits.stop.clone(),
    };
    let mut room = MOST_ANSWERS;
    let mut pos = pos.clone();
    let mut path = vec![pos.key()];
    let mut tree = answers(session, &mut pos, &mut path, &mut room, &bounds);
    if levels > 1 {
        for answer in &mut tree.answers {
            if let Holds::NoMate(further) = &mut answer.holds {
                let mut after = pos.clone();
                after.make_move(answer.check);
                after.make_move(answer.reply);
                path.push(after.key());
                let sub = answers(session, &mut after, &mut path, &mut room, &bounds);
                path.pop();
                if !sub.answers.is_empty() {
                    *further = Some(sub);
                }
            }
        }
    }
    tree.budget = Some(ReplayBudget {
        deadline: bounds.deadline,
        nodes: VERIFY_NODES.max(search.nodes.saturating_mul(2)),
    });
    tree
}

/// The checks of `pos` with their holding replies, as many as `room` allows (each taken from
/// it); `path` holds the keys of the attacker-to-move positions above and of `pos`.
fn answers(
    session: &mut Session,
    pos: &mut Position,
    path: &mut [u64],
    room: &mut usize,
    bounds: &Bounds,
) -> Refutation {
    let mut checks = MoveList::new();
    check_moves(pos, &mut checks);
    let mut tree = Refutation::default();
    for &check in checks.iter() {
        if *room == 0 {
            tree.left_out += 1;
            continue;
        }
        if bounds.over() {
            tree.left_out += 1;
            tree.cut += 1;
            continue;
        }
        let undo = pos.make_move(check);
        let found = holding_reply(session, pos, path, bounds);
        pos.unmake_move(check, undo);
        match found {
            Ok(Some((reply, holds))) => {
                *room -= 1;
                tree.answers.push(Answer {
                    check,
                    reply,
                    holds,
                });
            }
            Ok(None) => tree.left_out += 1,
            Err(Cut) => {
                tree.left_out += 1;
                tree.cut += 1;
            }
        }
    }
    tree
}

/// The limits came before an answer was found.
struct Cut;

/// A reply of the defender in `pos` (in check) that holds, board moves before drops: first each
/// with a look of [`FIRST_LOOK_NODES`], then those it left undecided with [`REPLY_NODES`].
fn holding_reply(
    session: &mut Session,
    pos: &mut Position,
    path: &[u64],
    bounds: &Bounds,
) -> Result<Option<(Move, Holds)>, Cut> {
    let mut replies = MoveList::new();
    legal_moves(pos, &mut replies);
    let (board, drops): (Vec<Move>, Vec<Move>) = replies.iter().partition(|m| !m.is_drop());
    let mut undecided = Vec::new();
    for reply in board.into_iter().chain(drops) {
        match holds_after(session, pos, reply, path, FIRST_LOOK_NODES, bounds) {
            Look::Holds(holds) => return Ok(Some((reply, holds))),
            Look::Falls => {}
            Look::Unknown => undecided.push(reply),
        }
    }
    for reply in undecided {
        match holds_after(session, pos, reply, path, REPLY_NODES, bounds) {
            Look::Holds(holds) => return Ok(Some((reply, holds))),
            Look::Falls => {}
            Look::Unknown if bounds.over() => return Err(Cut),
            Look::Unknown => {}
        }
    }
    Ok(None)
}

/// What a look at a reply found.
enum Look {
    /// It holds, this way.
    Holds(Holds),
    /// It does not: a mate follows (or follows a virtual position of the drop).
    Falls,
    /// The nodes or the bounds ran out first.
    Unknown,
}

/// How `reply` (a defender move in `pos`) holds, as far as searches of `nodes` nodes show: no
/// check after it, a repetition of a position in `path`, or no mate; and, for a drop under the
/// tsume rules, no mate after its virtual positions either.
fn holds_after(
    session: &mut Session,
    pos: &mut Position,
    reply: Move,
    path: &[u64],
    nodes: u64,
    bounds: &Bounds,
) -> Look {
    let undo = pos.make_move(reply);
    let look = if path.contains(&pos.key()) {
        Look::Holds(Holds::Repetition)
    } else if no_check(pos) {
        Look::Holds(Holds::NoCheck)
    } else {
        match search(session, pos, nodes, bounds) {
            Verdict::NoMate => Look::Holds(Holds::NoMate(None)),
            Verdict::Mate => Look::Falls,
            Verdict::Unknown => Look::Unknown,
        }
    };
    pos.unmake_move(reply, undo);
    let Look::Holds(holds) = look else {
        return look;
    };
    match virtual_positions(session, pos, reply, nodes, bounds) {
        Verdict::NoMate => Look::Holds(holds),
        Verdict::Mate => Look::Falls,
        Verdict::Unknown => Look::Unknown,
    }
}

/// What searches of `nodes` nodes say of the virtual positions of `reply` (a defender move in
/// `pos`): under the tsume rules a drop is worth its virtual positions too ([`futile`]), so it
/// holds only if none of them is mated; any other reply has none ([`Verdict::NoMate`]).
fn virtual_positions(
    session: &mut Session,
    pos: &mut Position,
    reply: Move,
    nodes: u64,
    bounds: &Bounds,
) -> Verdict {
    let Some(by) = session.futile().filter(|_| reply.is_drop()) else {
        return Verdict::NoMate;
    };
    let mut verdict = Verdict::NoMate;
    for f in futile::futilities(pos, reply, by) {
        let entered = futile::enter(pos, f);
        let v = search(session, pos, nodes, bounds);
        futile::leave(pos, f, entered);
        match v {
            Verdict::Mate => return Verdict::Mate,
            Verdict::Unknown => verdict = Verdict::Unknown,
            Verdict::NoMate => {}
        }
    }
    verdict
}

fn no_check(pos: &Position) -> bool {
    count_checks(pos) == 0
}

/// What a search of at most `nodes` nodes within `bounds` says of `pos`: a mate proven (of
/// any length, shortest or not), no mate proven, or neither.
fn search(session: &mut Session, pos: &Position, nodes: u64, bounds: &Bounds) -> Verdict {
    let Some(limits) = bounds.limits(nodes) else {
        return Verdict::Unknown;
    };
    match session.solve_within(pos, None, limits).outcome {
        Outcome::NoMate => Verdict::NoMate,
        Outcome::Mate { .. }
        | Outcome::Unknown {
            mate_at_most: Some(_),
            ..
        } => Verdict::Mate,
        Outcome::Unknown { .. } => Verdict::Unknown,
    }
}

/// A "no mate" of the tree that the replay proves again: the position, the answer it belongs to
/// (the indices of the answers from the root down) and the answer in words.
struct Claim {
    pos: Position,
    at: Vec<usize>,
    what: String,
}

/// Replays `tree` from `pos` on a table of its own (rules and size of `options`, one thread):
/// every check of each position shown is answered or counted as left out, each check and reply
/// is legal, each reply holds as it says (no check; the position repeated), and each "no mate"
/// (after a reply, or after a virtual position of a drop) is proven again, first each within
/// `FIRST_REPLAY_NODES`, then those left within the tree's [`ReplayBudget`] (its nodes, its
/// deadline) and `options`' stop flag, the deepest first: a sub-tree's disproofs, left in the
/// table, make most of the one above it. The tree as it may be shown: an answer whose "no mate"
/// the budget did not suffice to prove again is left out, counted in [`Refutation::cut`]. The
/// fault, if the tree is wrong: a move not as said, or a mate found where it says there is none.
pub fn verify_refutation(
    pos: &Position,
    tree: &Refutation,
    options: &Options,
) -> Result<Refutation, String> {
    // A table of its own, of at most 256 MB, one thread.
    let own = Options {
        hash_mb: options.hash_mb.min(256),
        threads: 1,
        ..options.clone()
    };
    let budget = tree.budget.unwrap_or_default();
    let bounds = Bounds {
        deadline: budget.deadline,
        stop: options.limits.stop.clone(),
    };
    let mut session = Session::new(pos.side_to_move(), &own);
    let mut claims = Vec::new();
    let mut replayed = pos.clone();
    let mut path = vec![replayed.key()];
    let mut at = Vec::new();
    let futile = session.futile();
    verify_level(&mut replayed, tree, &mut path, &mut at, futile, &mut claims)?;
    let mut left = Vec::new();
    for claim in claims {
        match search(&mut session, &claim.pos, FIRST_REPLAY_NODES, &bounds) {
            Verdict::NoMate => {}
            Verdict::Mate => return Err(format!("{}: a mate is found", claim.what)),
            Verdict::Unknown => left.push(claim),
        }
    }
    let mut unproven = Vec::new();
    left.sort_by_key(|c| std::cmp::Reverse(c.at.len()));
    for claim in left {
        if bounds.over() {
            // Nothing more can be proven: the rest are left out as they come.
            unproven.push(claim.at);
            continue;
        }
        match search(&mut session, &claim.pos, budget.nodes, &bounds) {
            Verdict::NoMate => {}
            Verdict::Mate => return Err(format!("{}: a mate is found", claim.what)),
            Verdict::Unknown => {
                unproven.push(claim.at);
                // Its unfinished estimates would hold back the searches after it.
                session.clear_table();
            }
        }
    }
    Ok(without(tree, &unproven))
}

/// Checks the moves and the cheap claims of one level of the tree, answer by answer, and gathers
/// its "no mate" claims (and its sub-trees') into `claims`; `at` is the level's place.
fn verify_level(
    pos: &mut Position,
    tree: &Refutation,
    path: &mut Vec<u64>,
    at: &mut Vec<usize>,
    futile: Option<futile::Capturer>,
    claims: &mut Vec<Claim>,
) -> Result<(), String> {
    let mut checks = MoveList::new();
    check_moves(pos, &mut checks);
    if tree.answers.len() + tree.left_out != checks.len() || tree.cut > tree.left_out {
        return Err(format!(
            "{} checks shown and {} left out ({} by the limits), of {}",
            tree.answers.len(),
            tree.left_out,
            tree.cut,
            checks.len()
        ));
    }
    for (i, a) in tree.answers.iter().enumerate() {
        if !checks.contains(&a.check) || tree.answers[..i].iter().any(|b| b.check == a.check) {
            return Err(format!("{} is not a check of its own", a.check));
        }
        at.push(i);
        let undo = pos.make_move(a.check);
        let result = if is_legal(pos, a.reply) {
            verify_answer(pos, a, path, at, futile, claims)
        } else {
            Err(format!("{} {} is not a legal reply", a.check, a.reply))
        };
        pos.unmake_move(a.check, undo);
        at.pop();
        result?;
    }
    Ok(())
}

/// [`verify_level`] for the answer `a` at `at`, its check played in `pos`.
fn verify_answer(
    pos: &mut Position,
    a: &Answer,
    path: &mut Vec<u64>,
    at: &mut Vec<usize>,
    futile: Option<futile::Capturer>,
    claims: &mut Vec<Claim>,
) -> Result<(), String> {
    let what = format!("{} {}", a.check, a.reply);
    let undo = pos.make_move(a.reply);
    let result = match &a.holds {
        Holds::NoCheck if !no_check(pos) => Err(format!("{what}: the attacker has a check")),
        Holds::Repetition if !path.contains(&pos.key()) => {
            Err(format!("{what}: no position repeats"))
        }
        Holds::NoMate(further) => {
            claims.push(Claim {
                pos: pos.clone(),
                at: at.clone(),
                what: what.clone(),
            });
            match further {
                Some(further) => {
                    path.push(pos.key());
                    let r = verify_level(pos, further, path, at, futile, claims);
                    path.pop();
                    r
                }
                None => Ok(()),
            }
        }
        _ => Ok(()),
    };
    pos.unmake_move(a.reply, undo);
    result?;
    // A drop under the tsume rules: its virtual positions have no mate either.
    if let Some(by) = futile.filter(|_| a.reply.is_drop()) {
        for f in futile::futilities(pos, a.reply, by) {
            let entered = futile::enter(pos, f);
            claims.push(Claim {
                pos: pos.clone(),
                at: at.clone(),
                what: format!(
                    "{what} (a virtual position of the drop, after {})",
                    f.capture
                ),
            });
            futile::leave(pos, f, entered);
        }
    }
    Ok(())
}

/// `tree` without the answers at the places `gone` (each the indices of the answers from the
/// root down), each counted as left out by the limits; a sub-tree left with no answer is
/// dropped.
fn without(tree: &Refutation, gone: &[Vec<usize>]) -> Refutation {
    let mut kept = Refutation {
        budget: tree.budget,
        ..Refutation::default()
    };
    kept.left_out = tree.left_out;
    kept.cut = tree.cut;
    for (i, a) in tree.answers.iter().enumerate() {
        if gone.iter().any(|g| g.as_slice() == [i]) {
            kept.left_out += 1;
            kept.cut += 1;
            continue;
        }
        let mut a = a.clone();
        if let Holds::NoMate(Some(further)) = &a.holds {
            let below: Vec<Vec<usize>> = gone
                .iter()
                .filter(|g| g.len() > 1 && g[0] == i)
                .map(|g| g[1..].to_vec())
                .collect();
            if !below.is_empty() {
                let sub = without(further, &below);
                a.holds = Holds::NoMate(Some(sub).filter(|s| !s.answers.is_empty()));
            }
        }
        kept.answers.push(a);
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::sfen::parse_sfen;
    use crate::shogi::fill_defender_hand;
    use std::time::Duration;

    /// A king with a pawn in front of it and a silver in hand: no mate (docs/solving.md), with
    /// a tree of two levels.
    const NO_MATE: &str = "4k4/9/4P4/9/9/9/9/9/9 b 2S 1";

    fn options() -> Options {
        Options {
            hash_mb: 16,
            ..Options::default()
        }
    }

    /// The position, its search's report and refutation under `limits`.
    fn refuted(limits: Limits) -> (Position, Refutation) {
        let pos = fill_defender_hand(&parse_sfen(NO_MATE).unwrap());
        let mut session = Session::new(pos.side_to_move(), &options());
        let report = session.solve(&pos, Limits::default());
        assert_eq!(report.outcome, Outcome::NoMate);
        let tree = refute(&mut session, &pos, 2, &report, &limits);
        (pos, tree)
    }

    /// The place (the indices of the answers from the root down) of an answer of `tree` with
    /// another reply after which there is a mate, and that reply.
    fn mated_reply(
        session: &mut Session,
        pos: &Position,
        tree: &Refutation,
    ) -> Option<(Vec<usize>, Move)> {
        for (i, a) in tree.answers.iter().enumerate() {
            let mut after = pos.clone();
            after.make_move(a.check);
            let mut replies = MoveList::new();
            legal_moves(&after, &mut replies);
            for &r in replies.iter() {
                let mut p = after.clone();
                p.make_move(r);
                if let Outcome::Mate { .. } = session.solve(&p, Limits::default()).outcome {
                    return Some((vec![i], r));
                }
            }
            if let Holds::NoMate(Some(further)) = &a.holds {
                after.make_move(a.reply);
                if let Some((mut at, r)) = mated_reply(session, &after, further) {
                    at.insert(0, i);
                    return Some((at, r));
                }
            }
        }
        None
    }

    /// The answer of `tree` at `at`.
    fn answer_at<'a>(tree: &'a mut Refutation, at: &[usize]) -> &'a mut Answer {
        let a = &mut tree.answers[at[0]];
        if at.len() == 1 {
            return a;
        }
        match &mut a.holds {
            Holds::NoMate(Some(further)) => answer_at(further, &at[1..]),
            _ => unreachable!("a place of the tree"),
        }
    }

    fn no_mate_answers(tree: &Refutation) -> usize {
        let n = |a: &&Answer| matches!(a.holds, Holds::NoMate(_));
        tree.answers.iter().filter(n).count()
    }

    #[test]
    fn a_refutation_replayed_within_its_budget_is_shown_whole() {
        let (pos, tree) = refuted(Limits::default());
        assert_eq!(tree.cut, 0);
        assert!(no_mate_answers(&tree) > 0, "{tree:?}");
        assert!(tree.answers.iter().any(|a| a.holds != Holds::NoMate(None)));
        assert_eq!(verify_refutation(&pos, &tree, &options()), Ok(tree));
    }

    #[test]
    fn a_no_mate_not_proven_again_before_the_deadline_is_left_out_not_a_fault() {
        let (pos, mut tree) = refuted(Limits::default());
        let before = no_mate_answers(&tree);
        // The time the search was given is over before the replay starts.
        tree.budget = Some(ReplayBudget {
            deadline: Some(Instant::now()),
            nodes: 1,
        });
        let shown = verify_refutation(&pos, &tree, &options()).expect("no fault");
        assert_eq!(no_mate_answers(&shown), 0, "{shown:?}");
        assert_eq!(shown.cut, before);
        assert_eq!(shown.left_out, tree.left_out + before);
        assert_eq!(shown.answers.len() + before, tree.answers.len());
        // What is left is a tree that replays as it is.
        assert_eq!(verify_refutation(&pos, &shown, &options()), Ok(shown));
    }

    #[test]
    fn a_refutation_begun_after_the_time_given_leaves_every_check_out_by_the_limit() {
        let limits = Limits {
            time: Some(Duration::ZERO),
            ..Limits::default()
        };
        let (pos, tree) = refuted(limits);
        assert!(tree.answers.is_empty(), "{tree:?}");
        assert!(tree.left_out > 0);
        assert_eq!(tree.cut, tree.left_out);
        assert_eq!(verify_refutation(&pos, &tree, &options()), Ok(tree));
    }

    #[test]
    fn a_stop_flag_set_leaves_every_check_out_by_the_limit() {
        let limits = Limits {
            stop: Some(Arc::new(AtomicBool::new(true))),
            ..Limits::default()
        };
        let (_, tree) = refuted(limits);
        assert!(tree.answers.is_empty() && tree.left_out > 0);
        assert_eq!(tree.cut, tree.left_out);
    }

    #[test]
    fn a_claim_that_is_wrong_is_a_fault_of_the_tree() {
        let (pos, tree) = refuted(Limits::default());
        // "No check follows" where a check follows.
        let mut wrong = tree.clone();
        let a = wrong
            .answers
            .iter_mut()
            .find(|a| matches!(a.holds, Holds::NoMate(_)))
            .unwrap();
        a.holds = Holds::NoCheck;
        let fault = verify_refutation(&pos, &wrong, &options()).unwrap_err();
        assert!(fault.contains("the attacker has a check"), "{fault}");
        // "No mate follows" where a mate follows: a reply that is mated, put in its answer.
        let mut wrong = tree.clone();
        let mut session = Session::new(pos.side_to_move(), &options());
        let (at, reply) = mated_reply(&mut session, &pos, &tree).expect("a reply that is mated");
        let a = answer_at(&mut wrong, &at);
        a.reply = reply;
        a.holds = Holds::NoMate(None);
        let what = format!("{} {reply}: a mate is found", a.check);
        let fault = verify_refutation(&pos, &wrong, &options()).unwrap_err();
        assert!(fault.contains(&what), "{fault}");
        // A check counted twice.
        let mut wrong = tree;
        wrong.left_out += 1;
        assert!(verify_refutation(&pos, &wrong, &options()).is_err());
    }
}
