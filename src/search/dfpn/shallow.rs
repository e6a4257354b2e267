//! The last plies under a length bound, searched depth-first.
//!
//! An attacker node with at most [`SHALLOW_PLIES`] plies left is decided at once by a plain
//! search: a mate in one looked for among all checks, then every check tried with every reply
//! until one holds. It has no first looks, no thresholds and no table entries inside it. Its
//! lengths and hands follow [`Dfpn::combine`]'s rules; a defender node takes its first reply
//! that holds (combine, which sees several, prefers the deepest).
//!
//! Under the tsume rules a drop that would hold is looked at in its virtual positions too
//! ([`futile`]), each a defender node searched the same way at the same plies left, and holds
//! only if they all do.
//!
//! It ignores repetitions: a line of three plies cannot repeat itself, and a mate through a
//! position on the path above is still a mate from this node, so its value is a fact about the
//! position (stored as one), whatever the path.

use super::choice::either_option;
use super::{plus_one, Dfpn, Value, NO_REP};
use crate::search::futile::{self, Capturer};
use crate::search::hands::{
    defender_disproof_hand, defender_proof_hand, disproof_hand_before, no_check_disproof_hand,
    proof_hand_before,
};
#[cfg(doc)]
use crate::search::params::SHALLOW_PLIES;
use crate::search::table::UNBOUNDED;
use crate::shogi::movegen::{evasion_kind, evasions, LegalMoves};
use crate::shogi::{Hand, Move, MoveList, Position, Square};

impl Dfpn {
    /// The value of the attacker node `pos` with `depth` plies left (at most [`SHALLOW_PLIES`])
    /// and its checks `checks`: proven or disproven.
    pub(super) fn shallow_checks(
        &mut self,
        pos: &mut Position,
        checks: &MoveList,
        depth: u16,
    ) -> Value {
        let mut dh = no_check_disproof_hand(pos.hand(self.attacker));
        // A mate in one first; with one ply left, each check's escape.
        for &m in checks.iter() {
            let undo = pos.make_move(m);
            let replies = evasion_kind(pos);
            let futile_only = self.futile.is_some() && replies == LegalMoves::DropsOnly;
            let now = (replies == LegalMoves::None || futile_only || depth == 1)
                .then(|| self.decided_now(pos, replies));
            pos.unmake_move(m, undo);
            match now {
                Some(Ok(ph)) => return Value::proven(1, proof_hand_before(pos, m, ph)),
                Some(Err(escape)) => dh = dh.min_each(disproof_hand_before(pos, m, escape)),
                None => {}
            }
        }
        if depth == 1 {
            return Value::disproven(1, dh, NO_REP);
        }
        let mut within = UNBOUNDED;
        for &m in checks.iter() {
            let undo = pos.make_move(m);
            let v = self.shallow_replies(pos, depth - 1, 0);
            pos.unmake_move(m, undo);
            if v.is_proven() {
                return Value::proven(plus_one(v.len), proof_hand_before(pos, m, v.hand));
            }
            within = within.min(v.len);
            dh = dh.min_each(disproof_hand_before(pos, m, v.hand));
        }
        Value::disproven(plus_one(within), dh, NO_REP)
    }

    /// The defender node `pos`, in check, with no ply left and `replies`, decided as
    /// [`Dfpn::expand`] decides it ([`Dfpn::decided_defence`]), without a list of its replies
    /// when one of them is a board move: mated (`Ok`, its proof hand) or not (`Err`, its
    /// disproof hand).
    fn decided_now(&self, pos: &mut Position, replies: LegalMoves) -> Result<Hand, Hand> {
        match replies {
            LegalMoves::None => Ok(defender_proof_hand(pos, self.attacker, Hand::EMPTY)),
            LegalMoves::Board => Err(Hand::full()),
            LegalMoves::DropsOnly => {
                let mut list = MoveList::new();
                evasions(pos, &mut list);
                let v = self
                    .decided_defence(pos, &list, 0)
                    .expect("a defence with no ply left is decided at once");
                if v.is_proven() {
                    Ok(v.hand)
                } else {
                    Err(v.hand)
                }
            }
        }
    }

    /// The value of the defender node `pos`, in check, not mated now, with `depth` (at least 1)
    /// plies left: disproven by its first reply that holds, else proven. `nesting` counts the
    /// virtual positions this node lies in.
    fn shallow_replies(&mut self, pos: &mut Position, depth: u16, nesting: u32) -> Value {
        self.nodes += 1;
        let mut replies = MoveList::new();
        evasions(pos, &mut replies);
        self.shallow_defence(pos, &replies, depth, nesting)
    }

    /// [`Dfpn::shallow_replies`] with the replies `replies` listed.
    fn shallow_defence(
        &mut self,
        pos: &mut Position,
        replies: &MoveList,
        depth: u16,
        nesting: u32,
    ) -> Value {
        let mut len = 0;
        let mut ph = Hand::EMPTY;
        // The virtual positions of the drops on a square, looked at once a square.
        let mut virtual_values: Vec<(Square, Option<Value>)> = Vec::new();
        for &r in replies.iter() {
            let undo = pos.make_move(r);
            let v = self.shallow_attacker(pos, depth - 1);
            pos.unmake_move(r, undo);
            let mut v = Value {
                len: plus_one(v.len),
                ..v
            };
            // A drop that does not hold is taken as it is: its virtual positions could only
            // shorten it, and with two plies left the node's length is 2 whatever they give
            // (a reply of length 0 on every square would have made it mated now).
            if let (Some(by), true, true) = (self.futile, r.is_drop(), v.is_disproven()) {
                let square = r.to();
                let known = virtual_values.iter().find(|(s, _)| *s == square);
                let futile = match known {
                    Some(&(_, value)) => value,
                    None => {
                        let value = self.shallow_futile(pos, r, by, depth, nesting);
                        virtual_values.push((square, value));
                        value
                    }
                };
                if let Some(f) = futile {
                    v = either_option(v, f);
                }
            }
            if v.is_disproven() {
                return Value::disproven(
                    v.len,
                    defender_disproof_hand(pos, self.attacker, r, v.hand),
                    NO_REP,
                );
            }
            len = len.max(v.len);
            ph = ph.max_each(v.hand);
        }
        Value::proven(len, defender_proof_hand(pos, self.attacker, ph))
    }

    /// Tsume rules: the value of the defender's drop `drop` in `pos` (`depth` plies left) by its
    /// virtual positions alone ([`futile`]), combined as [`either_option`] combines a drop's
    /// options; `None` when it has none, or when they lie deeper than
    /// [`futile::MAX_NESTING`] (the drop then counts, as [`futile::futile_drops_only`] has it).
    fn shallow_futile(
        &mut self,
        pos: &mut Position,
        drop: Move,
        by: Capturer,
        depth: u16,
        nesting: u32,
    ) -> Option<Value> {
        if nesting >= futile::MAX_NESTING {
            return None;
        }
        let mut combined: Option<Value> = None;
        for f in futile::futilities(pos, drop, by) {
            let e = futile::enter(pos, f);
            let v = self.shallow_virtual(pos, depth, nesting + 1);
            futile::leave(pos, f, e);
            combined = Some(match combined {
                Some(c) => either_option(c, v),
                None => v,
            });
        }
        combined
    }

    /// The value of a virtual position `pos` (a defender node in check, `depth` plies left, at
    /// `nesting`): mated now as [`Dfpn::expand`] decides it, else its replies searched.
    fn shallow_virtual(&mut self, pos: &mut Position, depth: u16, nesting: u32) -> Value {
        self.nodes += 1;
        let mut replies = MoveList::new();
        if let Some(v) = self.expand(pos, depth, &mut replies) {
            return v;
        }
        self.shallow_defence(pos, &replies, depth, nesting)
    }

    /// The value of the attacker node `pos` with `depth` plies left, at most [`SHALLOW_PLIES`].
    fn shallow_attacker(&mut self, pos: &mut Position, depth: u16) -> Value {
        self.nodes += 1;
        let mut checks = MoveList::new();
        if let Some(v) = self.expand(pos, depth, &mut checks) {
            return v;
        }
        self.shallow_checks(pos, &checks, depth)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::sfen::parse_sfen;
    use crate::search::bounded::{shortest_by_definition, Bounded, BoundedSearch};
    use crate::search::futile::Capturer;
    use crate::search::{Limits, Rules};
    use crate::shogi::movegen::check_moves;
    use crate::shogi::{fill_defender_hand, Color, PieceKind};

    /// Attacker positions: each short mate of `short.tsv` (the reference data beside the
    /// project) and those two plies after it (every check, every reply).
    fn attacker_positions() -> Vec<Position> {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/problems/short.tsv");
        let text = std::fs::read_to_string(path).expect("read short.tsv");
        let mut out = Vec::new();
        for line in text.lines().skip(1) {
            let f: Vec<&str> = line.split('\t').collect();
            let pos = parse_sfen(f[1]).expect("a valid SFEN");
            let mut pos = if f[5].starts_with("literal") {
                pos
            } else {
                fill_defender_hand(&pos)
            };
            out.push(pos.clone());
            let mut checks = MoveList::new();
            check_moves(&pos, &mut checks);
            for &m in checks.iter() {
                let undo = pos.make_move(m);
                let mut replies = MoveList::new();
                crate::shogi::movegen::legal_moves(&pos, &mut replies);
                for &r in replies.iter() {
                    let u = pos.make_move(r);
                    out.push(pos.clone());
                    pos.unmake_move(r, u);
                }
                pos.unmake_move(m, undo);
            }
        }
        out
    }

    /// `pos` with the attacker holding `hand` of the pieces the two hands hold, the defender the
    /// rest.
    fn with_attacker_hand(pos: &Position, attacker: Color, hand: Hand) -> Position {
        let (mut a, mut d) = (Hand::EMPTY, Hand::EMPTY);
        for kind in PieceKind::HAND {
            let shared = pos.hand(attacker).count(kind) + pos.hand(!attacker).count(kind);
            let n = hand.count(kind).min(shared);
            a = a.with_count(kind, n).expect("within the set");
            d = d.with_count(kind, shared - n).expect("within the set");
        }
        pos.with_hand(attacker, a).with_hand(!attacker, d)
    }

    fn shortest(pos: &Position, depth: u16) -> Bounded {
        BoundedSearch::new(10_000_000).shortest_mate(pos, depth as u32)
    }

    /// The depth-first value agrees with the plain bounded search, its length is the shortest
    /// mate, and its hand holds: with the proof hand the attacker still mates as soon, with the
    /// most the disproof hand allows it still does not mate within the depth.
    #[test]
    fn the_last_plies_searched_depth_first_agree_with_the_bounded_search_and_their_hands_hold() {
        let (mut proofs, mut disproofs) = (0, 0);
        for mut pos in attacker_positions() {
            let attacker = pos.side_to_move();
            let mut search = Dfpn::new(attacker, Rules::Game, 1, 1, Limits::default());
            for depth in [1, 2, 3] {
                let v = search.shallow_attacker(&mut pos, depth);
                let sfen = crate::notation::sfen::to_sfen(&pos);
                match shortest(&pos, depth) {
                    Bounded::Mate(n) => {
                        assert!(v.is_proven(), "{sfen} within {depth}: {v:?}, mate in {n}");
                        assert_eq!(v.len as u32, n, "{sfen} within {depth}");
                        assert!(pos.hand(attacker).covers(v.hand), "{sfen}: {v:?}");
                        let least = with_attacker_hand(&pos, attacker, v.hand);
                        assert_eq!(shortest(&least, depth), Bounded::Mate(n), "{sfen}: {v:?}");
                        proofs += 1;
                    }
                    Bounded::NoMateWithin => {
                        assert!(v.is_disproven(), "{sfen} within {depth}: {v:?}");
                        assert!(v.len >= depth, "{sfen} within {depth}: {v:?}");
                        assert!(v.hand.covers(pos.hand(attacker)), "{sfen}: {v:?}");
                        let most = with_attacker_hand(&pos, attacker, v.hand);
                        assert_eq!(
                            shortest(&most, depth),
                            Bounded::NoMateWithin,
                            "{sfen}: {v:?}"
                        );
                        disproofs += 1;
                    }
                    Bounded::GaveUp => panic!("{sfen}: the bounded search gave up"),
                }
            }
        }
        assert!(
            proofs >= 500 && disproofs >= 1500,
            "{proofs} proofs, {disproofs} disproofs"
        );
    }

    /// Under the tsume rules, the shortest mate of `pos` within `depth` plies, by the definition.
    fn tsume_shortest(pos: &Position, depth: u16, by: Capturer) -> Option<u16> {
        shortest_by_definition(pos, depth as u32, Some(by)).map(|n| n as u16)
    }

    /// Under the tsume rules the depth-first value agrees with the definition (futile drops
    /// included, with both capturer rules), its length is the shortest mate, and its hands hold
    /// as above.
    #[test]
    fn under_the_tsume_rules_the_last_plies_agree_with_the_definition_and_their_hands_hold() {
        let (mut proofs, mut disproofs, mut by_futile_drops) = (0, 0, 0);
        for by in [Capturer::Any, Capturer::Checker] {
            for mut pos in attacker_positions() {
                let attacker = pos.side_to_move();
                let mut search = Dfpn::new(
                    attacker,
                    Rules::Tsume { futile: by },
                    1,
                    1,
                    Limits::default(),
                );
                for depth in [1, 2, 3] {
                    let v = search.shallow_attacker(&mut pos, depth);
                    let sfen = crate::notation::sfen::to_sfen(&pos);
                    match tsume_shortest(&pos, depth, by) {
                        Some(n) => {
                            assert!(v.is_proven(), "{sfen} within {depth}: {v:?}, mate in {n}");
                            assert_eq!(v.len, n, "{sfen} within {depth}");
                            assert!(pos.hand(attacker).covers(v.hand), "{sfen}: {v:?}");
                            let least = with_attacker_hand(&pos, attacker, v.hand);
                            assert_eq!(tsume_shortest(&least, depth, by), Some(n), "{sfen}");
                            proofs += 1;
                            by_futile_drops +=
                                usize::from(shortest(&pos, depth) != Bounded::Mate(n as u32));
                        }
                        None => {
                            assert!(v.is_disproven(), "{sfen} within {depth}: {v:?}");
                            assert!(v.len >= depth, "{sfen} within {depth}: {v:?}");
                            assert!(v.hand.covers(pos.hand(attacker)), "{sfen}: {v:?}");
                            let most = with_attacker_hand(&pos, attacker, v.hand);
                            assert_eq!(tsume_shortest(&most, depth, by), None, "{sfen}");
                            disproofs += 1;
                        }
                    }
                }
            }
        }
        assert!(
            proofs >= 1000 && disproofs >= 3000 && by_futile_drops >= 200,
            "{proofs} proofs ({by_futile_drops} shorter by futile drops), {disproofs} disproofs"
        );
    }
}
