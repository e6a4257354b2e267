//! The main line of a proven mate.
//!
//! At an attacker node the line plays a check proven within the remaining length (which, the
//! length being exact, lasts exactly that long). At a defender node it plays a reply that lasts
//! the whole remaining length. Under the rules of the game the first such reply is taken. Under
//! tsume rules (`docs/conventions.md` §8–9):
//! - a reply that is a futile drop counts what its best virtual position lasts; among replies
//!   that last as long, straight ones come first. A futile drop in the line is played with its
//!   capture, and the line goes on from the virtual position (the captured piece back in the
//!   defender's hand); the pair is not counted;
//! - a check whose every reply is a futile drop ends the line;
//! - among the longest replies, one whose line leaves the attacker no pieces in hand is taken;
//!   if every longest reply leaves pieces over, a reply two plies shorter that leaves none is
//!   taken instead (2手変長); when the line of the attacker's first shortest check leaves
//!   pieces over, another shortest check whose line leaves none is looked for.
//!
//! None of these comparisons is made where no line can leave nothing over: each counted
//! attacker move drops at most one piece, so a hand larger than the attacker's moves left
//! cannot be emptied, and then the first longest reply, or the first shortest check, is the
//! choice.
//!
//! Comparing alternatives means extracting their lines too; a budget of nodes bounds that work,
//! and once it is spent the first longest reply is taken and the line says so
//! ([`MateLine::choice_cut`]).

use super::answer::MateLine;
use super::dfpn::{Dfpn, Value};
use super::futile::{self, Capturer, Futility};
use crate::shogi::movegen::{check_moves, legal_moves};
use crate::shogi::{Hand, Move, MoveList, Position};

/// A line from some node and whether it leaves the attacker pieces in hand.
pub(crate) struct Sub {
    pub line: MateLine,
    leftover: bool,
}

/// The defender's line among `subs` (the lines of its longest replies and of those two plies
/// shorter): the longest, preferring one that leaves nothing over; but a line two plies shorter
/// that leaves nothing beats longest lines that all leave pieces over (2手変長).
fn defender_choice(subs: Vec<Sub>) -> Option<Sub> {
    let longest = subs.iter().map(|s| s.line.length()).max()?;
    let pick = |len: usize, leftover: bool| {
        subs.iter()
            .position(|s| s.line.length() == len && s.leftover == leftover)
    };
    let i = pick(longest, false)
        .or_else(|| longest.checked_sub(2).and_then(|short| pick(short, false)))
        .or_else(|| pick(longest, true))?;
    subs.into_iter().nth(i)
}

/// Whether every line from a defender node with `rem` plies left leaves pieces over, the
/// attacker holding `in_hand` pieces: it has `rem / 2` counted moves left, each dropping at most
/// one piece (a capture of a futile drop, not counted, drops none), and more pieces than that
/// cannot all be dropped.
fn hand_outlasts(in_hand: u32, rem: u16) -> bool {
    in_hand > u32::from(rem / 2)
}

/// Whether every mate of `rem` plies beginning with check `m`, the attacker holding `hand`,
/// leaves pieces over ([`hand_outlasts`] at the defender node after it).
fn leaves_pieces_over(hand: Hand, m: Move, rem: u16) -> bool {
    hand_outlasts(hand.total() - u32::from(m.is_drop()), rem.saturating_sub(1))
}

/// How a defender's reply is played: straight, or as a futile drop into its virtual position.
#[derive(Clone, Copy)]
struct Reply {
    m: Move,
    virt: Option<Futility>,
    /// Plies the reply lasts, counted at the defender node.
    value: u16,
}

/// A rung of [`MainLine::class`]'s ladder: a mate asked for within a bound, or none asked
/// and the rung holding or failing as it is.
#[derive(Clone, Copy)]
enum Rung {
    Ask(u16),
    Pass,
    Fail,
}

/// The line extraction over a finished search.
pub(crate) struct MainLine<'a> {
    search: &'a mut Dfpn,
    /// Tsume rules: who may capture a futile drop.
    futile: Option<Capturer>,
    budget: u32,
    /// The budget stopped a comparison.
    cut: bool,
}

impl<'a> MainLine<'a> {
    /// Extraction over `search`, under tsume rules when `futile` says who may capture a futile
    /// drop, comparing alternatives for at most `budget` line nodes.
    pub fn new(search: &'a mut Dfpn, futile: Option<Capturer>, budget: u32) -> MainLine<'a> {
        MainLine {
            search,
            futile,
            budget,
            cut: false,
        }
    }

    fn tsume(&self) -> bool {
        self.futile.is_some()
    }

    /// Whether the budget stopped a comparison of alternatives (see [`MateLine::choice_cut`]).
    pub fn cut(&self) -> bool {
        self.cut
    }

    /// The line of an attacker node mated in exactly `rem` plies; `None` if a limit stopped it.
    pub fn attacker(&mut self, pos: &mut Position, rem: u16, ply: u32) -> Option<Sub> {
        if rem == 0 {
            return None;
        }
        self.budget = self.budget.saturating_sub(1);
        self.search.enter(pos, ply);
        let sub = self.shortest_check(pos, rem, ply);
        self.search.leave();
        sub
    }

    /// The line through a check proven within `rem − 1`: the first the table knows (else the
    /// first a search proves); under tsume rules, if that line leaves pieces over, another
    /// shortest check whose line leaves none.
    fn shortest_check(&mut self, pos: &mut Position, rem: u16, ply: u32) -> Option<Sub> {
        let mut checks = MoveList::new();
        check_moves(pos, &mut checks);
        let proven = |v: &Value| v.is_proven() && v.len < rem;
        let mut known: Vec<Move> = checks
            .iter()
            .copied()
            .filter(|&m| proven(&self.value_after(pos, m, rem - 1)))
            .collect();
        if known.is_empty() {
            for &m in checks.iter() {
                if proven(&self.search_after(pos, m, rem - 1, ply)?) {
                    known.push(m);
                    break;
                }
            }
        }
        let first = *known.first()?;
        let mut best = self.play_check(pos, first, rem, ply)?;
        if !self.tsume() {
            return Some(best);
        }
        // The others the table knows, then every other check, while the budget lasts.
        let others = known[1..]
            .iter()
            .chain(checks.iter().filter(|m| !known.contains(m)))
            .copied()
            .collect::<Vec<_>>();
        let attacker = pos.side_to_move();
        for m in others {
            if !best.leftover {
                break;
            }
            if leaves_pieces_over(pos.hand(attacker), m, rem) {
                continue;
            }
            if self.budget == 0 {
                self.cut = true;
                break;
            }
            self.budget = self.budget.saturating_sub(1);
            if !known.contains(&m) && !proven(&self.search_after(pos, m, rem - 1, ply)?) {
                continue;
            }
            let sub = self.play_check(pos, m, rem, ply)?;
            if (sub.leftover, sub.line.length()) < (best.leftover, best.line.length()) {
                best = sub;
            }
        }
        Some(best)
    }

    /// Plays check `m` and extracts the rest of the line.
    fn play_check(&mut self, pos: &mut Position, m: Move, rem: u16, ply: u32) -> Option<Sub> {
        let undo = pos.make_move(m);
        let sub = self.defender(pos, rem - 1, ply + 1);
        pos.unmake_move(m, undo);
        let mut sub = sub?;
        sub.line.prepend(&[m], false);
        Some(sub)
    }

    /// The line of a defender node mated in exactly `rem` plies.
    pub(crate) fn defender(&mut self, pos: &mut Position, rem: u16, ply: u32) -> Option<Sub> {
        self.budget = self.budget.saturating_sub(1);
        let mut replies = MoveList::new();
        legal_moves(pos, &mut replies);
        let capturer = self.futile.unwrap_or_default();
        if rem == 0 {
            let futile_end = !replies.is_empty();
            let futile_only = self.tsume() && futile::futile_drops_only(pos, &replies, capturer);
            if futile_end && !futile_only {
                return None;
            }
            return Some(Sub {
                leftover: !pos.hand(!pos.side_to_move()).is_empty(),
                line: MateLine {
                    futile_end,
                    capturer,
                    ..MateLine::default()
                },
            });
        }
        self.search.enter(pos, ply);
        let sub = self.choose_reply(pos, &replies, rem, ply);
        self.search.leave();
        sub
    }

    fn choose_reply(
        &mut self,
        pos: &mut Position,
        replies: &[Move],
        rem: u16,
        ply: u32,
    ) -> Option<Sub> {
        if !self.tsume() {
            // The first reply that lasts the whole length.
            let shorter = rem.saturating_sub(3);
            for &m in replies {
                let v = self.search_after(pos, m, shorter, ply)?;
                if !v.is_proven() || v.len > shorter {
                    return self.play(
                        pos,
                        Reply {
                            m,
                            virt: None,
                            value: rem,
                        },
                        ply,
                    );
                }
            }
            return None;
        }
        // One reply at a time: a reply of the whole length is played at once (straight ones in
        // the order generated, then futile drops), and the first whose line lasts the whole
        // length with nothing over is the choice; the replies after it need no length, which
        // for one that lasts as long is a disproof. Those two plies shorter (2手変長) are needed
        // only if no line of the whole length leaves nothing over, and telling them from the
        // shorter still is a search under a tighter bound: done then.
        // With more pieces in hand than the attacker has moves left to drop them, every line
        // leaves pieces over, and the first reply of the whole length is the choice.
        let attacker = !pos.side_to_move();
        let hopeless = hand_outlasts(pos.hand(attacker).total(), rem);
        let mut subs: Vec<Sub> = Vec::new();
        let mut futile_drops = Vec::new();
        let mut shorter = Vec::new();
        for &m in replies {
            let r = self.classify(pos, m, rem, ply, false)?;
            if r.value == rem && r.virt.is_none() {
                if self.offer(pos, r, rem, ply, &mut subs)? || hopeless {
                    return defender_choice(subs);
                }
            } else if r.value == rem {
                futile_drops.push(r);
            } else if r.value + 2 == rem {
                shorter.push(m);
            }
        }
        for r in futile_drops {
            if self.offer(pos, r, rem, ply, &mut subs)? || hopeless {
                return defender_choice(subs);
            }
        }
        if shorter.is_empty() {
            return defender_choice(subs);
        }
        if self.budget == 0 && !subs.is_empty() {
            self.cut = true;
            return defender_choice(subs);
        }
        let mut two_shorter = Vec::new();
        for m in shorter {
            let r = self.classify(pos, m, rem, ply, true)?;
            if r.value + 2 == rem {
                two_shorter.push(r);
            }
        }
        // Straight replies before futile drops.
        two_shorter.sort_by_key(|r| r.virt.is_some());
        for r in two_shorter {
            if self.offer(pos, r, rem, ply, &mut subs)? {
                break;
            }
        }
        defender_choice(subs)
    }

    /// Plays the candidate reply `r` of a defender node mated in `rem` and keeps its line in
    /// `subs`; whether the choice is made: the line lasts the whole length with nothing over
    /// (nothing beats it), or the budget was spent before it ([`MateLine::choice_cut`]).
    fn offer(
        &mut self,
        pos: &mut Position,
        r: Reply,
        rem: u16,
        ply: u32,
        subs: &mut Vec<Sub>,
    ) -> Option<bool> {
        if self.budget == 0 && !subs.is_empty() {
            self.cut = true;
            return Some(true);
        }
        let sub = self.play(pos, r, ply)?;
        let done = sub.line.length() == rem as usize && !sub.leftover;
        subs.push(sub);
        Some(done)
    }

    /// How long reply `m` lasts (exactly `rem`, exactly `rem − 2`, or less, given as 0; unless
    /// `exact`, `rem − 2` stands for "`rem − 2` or less") and how it is played; `None` if a limit
    /// stopped the search.
    fn classify(
        &mut self,
        pos: &mut Position,
        m: Move,
        rem: u16,
        ply: u32,
        exact: bool,
    ) -> Option<Reply> {
        let ways = match self.futile {
            Some(by) if m.is_drop() => futile::futilities(pos, m, by),
            _ => Vec::new(),
        };
        // Played straight: one ply plus the attacker's length (which may exceed the rest only
        // for a drop that is futile).
        let straight = self.class(rem, !ways.is_empty(), exact, u32::MAX, |this, depth| {
            Some(depth > 0 && this.search_after(pos, m, depth - 1, ply)?.is_proven())
        })?;
        let mut best = Reply {
            m,
            virt: None,
            value: straight,
        };
        for f in ways {
            let e = futile::enter(pos, f);
            let virtual_value = self.class(rem, true, exact, best.value.into(), |this, depth| {
                let v = this.search.search(pos, depth, ply + 2);
                (!this.search.aborted()).then_some(v.is_proven())
            });
            futile::leave(pos, f, e);
            let virtual_value = virtual_value?;
            if virtual_value < best.value {
                best = Reply {
                    m,
                    virt: Some(f),
                    value: virtual_value,
                };
            }
        }
        Some(best)
    }

    /// A defender-node length known to be at most `rem` unless `may_exceed`: `rem`, `rem − 2`,
    /// 0 for less, `u16::MAX` for more, from `proven_within(depth)`; unless `exact`, `rem − 2`
    /// for anything from `rem − 2` down. Only a length below `beat` is looked for: one that is
    /// not is given as `u16::MAX`, found with the one search that tells (a mate within a bound
    /// is one within every larger bound), where telling a length exactly may take a disproof
    /// under each larger bound.
    fn class(
        &mut self,
        rem: u16,
        may_exceed: bool,
        exact: bool,
        beat: u32,
        mut proven_within: impl FnMut(&mut Self, u16) -> Option<bool>,
    ) -> Option<u16> {
        // Each rung: the bound it asks a mate within (`Pass`: none asked, it holds; `Fail`:
        // none asked, it fails), and the length when it fails; past every rung, 0.
        let rungs = [
            (
                if may_exceed {
                    Rung::Ask(rem)
                } else {
                    Rung::Pass
                },
                u16::MAX,
            ),
            (
                if rem >= 2 {
                    Rung::Ask(rem - 2)
                } else {
                    Rung::Fail
                },
                rem,
            ),
            (
                if rem >= 4 && exact {
                    Rung::Ask(rem - 4)
                } else {
                    Rung::Fail
                },
                rem.saturating_sub(2),
            ),
        ];
        if beat == 0 {
            return Some(u16::MAX);
        }
        // The rungs whose failure gives no length below `beat` must all hold: the last of them
        // is the only one asked.
        let first = match rungs
            .iter()
            .rposition(|&(_, fails)| u32::from(fails) >= beat)
        {
            Some(k) => {
                if !self.holds(rungs[k].0, &mut proven_within)? {
                    return Some(u16::MAX);
                }
                k + 1
            }
            None => 0,
        };
        for &(rung, fails) in &rungs[first..] {
            if !self.holds(rung, &mut proven_within)? {
                return Some(fails);
            }
        }
        Some(0)
    }

    /// Whether a rung of [`MainLine::class`] holds.
    fn holds(
        &mut self,
        rung: Rung,
        proven_within: &mut impl FnMut(&mut Self, u16) -> Option<bool>,
    ) -> Option<bool> {
        match rung {
            Rung::Pass => Some(true),
            Rung::Fail => Some(false),
            Rung::Ask(depth) => proven_within(self, depth),
        }
    }

    /// Plays reply `r` and extracts the rest of the line.
    fn play(&mut self, pos: &mut Position, r: Reply, ply: u32) -> Option<Sub> {
        match r.virt {
            None => {
                let undo = pos.make_move(r.m);
                let sub = self.attacker(pos, r.value - 1, ply + 1);
                pos.unmake_move(r.m, undo);
                let mut sub = sub?;
                sub.line.prepend(&[r.m], false);
                Some(sub)
            }
            Some(f) => {
                let e = futile::enter(pos, f);
                let sub = self.defender(pos, r.value, ply + 2);
                futile::leave(pos, f, e);
                let mut sub = sub?;
                sub.line.prepend(&[f.drop, f.capture], true);
                Some(sub)
            }
        }
    }

    /// The table's value of the position after `m` at `depth`.
    fn value_after(&mut self, pos: &mut Position, m: Move, depth: u16) -> Value {
        let undo = pos.make_move(m);
        let v = self.search.probe(pos, depth);
        pos.unmake_move(m, undo);
        v
    }

    /// The position after `m` searched within `depth`; `None` if a limit stopped it.
    fn search_after(&mut self, pos: &mut Position, m: Move, depth: u16, ply: u32) -> Option<Value> {
        let undo = pos.make_move(m);
        let v = self.search.search(pos, depth, ply + 1);
        pos.unmake_move(m, undo);
        (!self.search.aborted()).then_some(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shogi::{PieceKind, Square};

    /// A line of `len` plies that leaves pieces over or not (only length and leftover matter).
    fn sub(len: usize, leftover: bool) -> Sub {
        let m = Move::drop(PieceKind::Gold, Square::new(5, 5).expect("5e"));
        Sub {
            line: MateLine::plain(vec![m; len]),
            leftover,
        }
    }

    fn chosen(subs: Vec<Sub>) -> (usize, bool) {
        let s = defender_choice(subs).expect("a choice");
        (s.line.length(), s.leftover)
    }

    #[test]
    fn the_defender_plays_the_longest_defence() {
        assert_eq!(chosen(vec![sub(5, false), sub(7, false)]), (7, false));
        assert_eq!(chosen(vec![sub(5, true), sub(9, true)]), (9, true));
    }

    #[test]
    fn among_equally_long_defences_the_one_leaving_no_pieces_is_chosen() {
        assert_eq!(chosen(vec![sub(7, true), sub(7, false)]), (7, false));
    }

    #[test]
    fn a_defence_two_plies_longer_with_pieces_left_loses_to_one_without() {
        // 2手変長.
        assert_eq!(chosen(vec![sub(9, true), sub(7, false)]), (7, false));
        // Four plies longer: the longer one stands.
        assert_eq!(chosen(vec![sub(11, true), sub(7, false)]), (11, true));
    }

    #[test]
    fn a_hand_larger_than_the_drops_left_leaves_pieces_over() {
        let hand = Hand::EMPTY
            .plus(PieceKind::Gold)
            .plus(PieceKind::Silver)
            .plus(PieceKind::Pawn);
        let e5 = Square::new(5, 5).expect("5e");
        let drop = Move::drop(PieceKind::Gold, e5);
        let board = Move::normal(Square::new(5, 6).expect("5f"), e5, false);
        // Five plies: the check and two more counted attacker moves.
        assert!(!leaves_pieces_over(hand, drop, 5));
        assert!(leaves_pieces_over(hand, board, 5));
        assert!(!leaves_pieces_over(hand, board, 7));
        assert!(leaves_pieces_over(hand, drop, 3));
        assert!(!leaves_pieces_over(Hand::EMPTY, board, 1));
        // A defender node with four plies left: two counted attacker moves.
        assert!(!hand_outlasts(2, 4));
        assert!(hand_outlasts(3, 4));
    }

    #[test]
    fn futile_pairs_are_not_counted() {
        let m = Move::drop(PieceKind::Pawn, Square::new(5, 5).expect("5e"));
        let line = MateLine {
            moves: vec![m; 5],
            futile: vec![1],
            futile_end: false,
            capturer: Capturer::Checker,
            ..MateLine::default()
        };
        assert_eq!(line.length(), 3);
    }
}
