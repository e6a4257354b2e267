//! Futile interpositions (無駄合): the definition the tsume rules of this solver use.
//!
//! A defender in check from one ranging piece C, with empty squares between C and the king, may
//! drop a piece on one of them. The drop on square s is **futile** when the *virtual position*
//! of s is still mate within the same remaining length: C captures on s, and the captured piece
//! goes back to the defender's hand, so both hands are as before the drop and only C has moved.
//! A futile drop is not counted: the defence is worth what the virtual position is worth.
//!
//! The virtual position depends only on s, not on the kind dropped. C captures with promotion
//! when it is a bishop or rook that may promote (a horse or dragon moves wherever the unpromoted
//! piece does) and without when it is a lance that need not promote (a promoted lance no longer
//! ranges). Moving interpositions (a board piece stepping in) are never futile: they change the
//! board.
//!
//! With [`Capturer::Any`], every attacker capture on s that gives check (any piece, with or
//! without promotion) gives a virtual position too, and the drop is futile if one of them is
//! still mate within the remaining length.

use crate::shogi::movegen::{check_moves, legal_moves};
use crate::shogi::{Bitboard, Move, MoveList, PieceKind, Position, Square, Undo};

/// A drop's way into its virtual position: the drop, then a capture on its square, then the
/// captured piece passed back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Futility {
    /// The interposing drop (a defender move).
    pub drop: Move,
    /// The capture on the drop square (an attacker move that gives check).
    pub capture: Move,
}

/// Undo information for [`enter`].
pub struct Entered {
    drop_undo: Undo,
    capture_undo: Undo,
}

/// Which attacker pieces may take an interposed piece for the drop to count as futile.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Capturer {
    /// Only the checking piece (the definition of the rules document).
    Checker,
    /// Any attacker piece whose capture gives check (the default: it reproduces more published
    /// lengths).
    #[default]
    Any,
}

/// The ways into the virtual positions of the defender's drop `drop` in `pos`, the checker's
/// first; empty when `drop` is no interposition against a single ranging checker or no allowed
/// piece can legally capture with check.
pub fn futilities(pos: &mut Position, drop: Move, by: Capturer) -> Vec<Futility> {
    let mut out = Vec::new();
    push_futilities(pos, drop, by, &mut out);
    out
}

/// [`futilities`], appended to `out`.
pub fn push_futilities(pos: &mut Position, drop: Move, by: Capturer, out: &mut Vec<Futility>) {
    let checkers = pos.checkers();
    let Some(from) = checkers.first() else {
        return;
    };
    if drop.drop_kind().is_none() || checkers.has_more_than_one() {
        return;
    }
    let s = drop.to();
    let undo = pos.make_move(drop);
    let mut checks = MoveList::new();
    check_moves(pos, &mut checks);
    out.extend(checker_capture(pos, &checks, from, s).map(|capture| Futility { drop, capture }));
    if by == Capturer::Any {
        for &capture in checks.iter() {
            if capture.to() == s && capture.from() != Some(from) {
                out.push(Futility { drop, capture });
            }
        }
    }
    pos.unmake_move(drop, undo);
}

/// The capture on `s` by the piece on `from` that the definition prefers, among `checks`.
fn checker_capture(pos: &Position, checks: &[Move], from: Square, s: Square) -> Option<Move> {
    let mut options = checks
        .iter()
        .copied()
        .filter(|m| m.from() == Some(from) && m.to() == s);
    let first = options.next()?;
    let Some(second) = options.next() else {
        return Some(first);
    };
    let kind = pos
        .piece_at(from)
        .expect("the checker is on its square")
        .kind;
    let promote = matches!(kind, PieceKind::Bishop | PieceKind::Rook);
    Some(if first.is_promotion() == promote {
        first
    } else {
        second
    })
}

/// Plays `f` into its virtual position (defender to move, hands as before the drop).
pub fn enter(pos: &mut Position, f: Futility) -> Entered {
    let defender = pos.side_to_move();
    let kind = f.drop.drop_kind().expect("an interposition is a drop");
    let drop_undo = pos.make_move(f.drop);
    let capture_undo = pos.make_move(f.capture);
    pos.pass_hand_piece(!defender, kind);
    Entered {
        drop_undo,
        capture_undo,
    }
}

/// Takes back [`enter`].
pub fn leave(pos: &mut Position, f: Futility, e: Entered) {
    let defender = pos.side_to_move();
    let kind = f.drop.drop_kind().expect("an interposition is a drop");
    pos.pass_hand_piece(defender, kind);
    pos.unmake_move(f.capture, e.capture_undo);
    pos.unmake_move(f.drop, e.drop_undo);
}

/// Virtual positions nested deeper than this are not looked at (the drop then counts): with any
/// capturer allowed, the checker need not come closer at each step.
pub const MAX_NESTING: u32 = 16;

/// Whether the defender to move in `pos`, whose legal replies are `replies`, is mated under the
/// tsume rules with no plies left: it has no legal reply, or every reply is a futile drop whose
/// virtual position is mated in the same sense.
pub fn futile_drops_only(pos: &mut Position, replies: &[Move], by: Capturer) -> bool {
    only_futile_drops(pos, replies, by, 0)
}

fn only_futile_drops(pos: &mut Position, replies: &[Move], by: Capturer, nesting: u32) -> bool {
    if nesting > MAX_NESTING || replies.iter().any(|m| !m.is_drop()) {
        return false;
    }
    // The virtual positions depend only on the drop square: look at each square once.
    let mut seen = Bitboard::EMPTY;
    for &m in replies {
        if seen.contains(m.to()) {
            continue;
        }
        seen = seen.with(m.to());
        let mated = futilities(pos, m, by).into_iter().any(|f| {
            let e = enter(pos, f);
            let mut next = MoveList::new();
            legal_moves(pos, &mut next);
            let mated = only_futile_drops(pos, &next, by, nesting + 1);
            leave(pos, f, e);
            mated
        });
        if !mated {
            return false;
        }
    }
    true
}
