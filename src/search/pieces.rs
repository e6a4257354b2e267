//! Proof and disproof hands: how far a result proven with one attacker hand generalises.
//!
//! A proof hand is the least the attacker must hold for the proof to stand; a disproof hand the
//! most it may hold for the disproof to stand. Because the defender holds every piece the
//! attacker does not, a smaller attacker hand means a larger defender hand: a proof hand must
//! keep, of every kind the defender lacks, all that the attacker holds whenever the defender
//! could use such a piece to interpose.

use crate::shogi::attacks::between;
use crate::shogi::{Color, Hand, Move, PieceKind, Position};

/// The proof hand of an attacker node proven by `m`, from the proof hand of the child.
pub fn proof_hand_before(pos: &Position, m: Move, child: Hand) -> Hand {
    match (m.drop_kind(), pos.piece_at(m.to())) {
        (Some(kind), _) => saturating_plus(child, kind),
        (None, Some(captured)) => saturating_minus(child, captured.kind.unpromoted()),
        (None, None) => child,
    }
}

/// The disproof hand of an attacker node, from the disproof hand of the child reached by `m`.
pub fn disproof_hand_before(pos: &Position, m: Move, child: Hand) -> Hand {
    proof_hand_before(pos, m, child)
}

/// The disproof hand of an attacker node with no (more) checks to try: any count of a kind the
/// attacker holds gives no new checks, but a kind it lacks would.
pub fn no_check_disproof_hand(attacker_hand: Hand) -> Hand {
    let mut h = Hand::EMPTY;
    for kind in PieceKind::HAND {
        if attacker_hand.has(kind) {
            h = h
                .with_count(kind, Hand::capacity(kind))
                .expect("within capacity");
        }
    }
    h
}

/// The proof hand of a defender node whose replies are all proven with the union `children` of
/// their proof hands (empty when there are no replies: mate). If the defender could interpose
/// (a single check along a line with empty squares between), every kind the defender lacks keeps
/// the attacker's full count, so that the defender still lacks it.
pub fn defender_proof_hand(pos: &Position, attacker: Color, children: Hand) -> Hand {
    let defender = !attacker;
    let Some(king) = pos.king(defender) else {
        return children;
    };
    let checkers = pos.checkers();
    let can_interpose = !checkers.has_more_than_one()
        && checkers.first().is_some_and(|c| between(king, c).is_any());
    if !can_interpose {
        return children;
    }
    let attacker_hand = pos.hand(attacker);
    let defender_hand = pos.hand(defender);
    let mut h = children;
    for kind in PieceKind::HAND {
        if !defender_hand.has(kind) {
            h = h
                .with_count(kind, attacker_hand.count(kind))
                .expect("within capacity");
        }
    }
    h
}

fn saturating_plus(h: Hand, kind: PieceKind) -> Hand {
    if h.count(kind) < Hand::capacity(kind) {
        h.plus(kind)
    } else {
        h
    }
}

fn saturating_minus(h: Hand, kind: PieceKind) -> Hand {
    if h.has(kind) {
        h.minus(kind)
    } else {
        h
    }
}
