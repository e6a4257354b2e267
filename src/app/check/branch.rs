//! The searches of a check: the main line's own, then one for each alternative at each ply.

use super::intended::LineFault;
use super::unlimited::unlimited;
use super::walk::{rejoin, Walk};
use super::{
    capturer, prepended, verdict_of, Budget, CheckReport, CheckSettings, Class, Finding, Internal,
    Kind, LineSource,
};
use crate::app::line_text::{bracket_futile, plies, usi_moves};
use crate::notation::diagram::hand_to_japanese;
use crate::notation::sfen::hands_to_sfen;
use crate::notation::usi::usi_line;
use crate::search::futile::{self, Capturer};
use crate::search::replay::verify_mate_line;
use crate::search::{MateLine, Outcome};
use crate::shogi::movegen::{check_moves, legal_move_list};
use crate::shogi::{Color, Hand, Move, MoveList, Position, Square};
use hashbrown::HashMap;

/// The state of one check.
pub(super) struct Checker {
    start: Position,
    attacker: Color,
    budget: Budget,
    /// Tsume rules: who may capture a futile drop.
    futile: Option<Capturer>,
    capturer: Capturer,
    findings: Vec<Finding>,
    /// 早詰 left undecided by its search, unless [`Checker::branches`] settles it.
    early_undecided: Option<Finding>,
}

impl Checker {
    pub fn new(start: &Position, settings: &CheckSettings) -> Checker {
        let options = &settings.options;
        Checker {
            start: start.clone(),
            attacker: start.side_to_move(),
            budget: Budget::new(start.side_to_move(), settings),
            futile: options.rules.futile(),
            capturer: capturer(options),
            findings: Vec::new(),
            early_undecided: None,
        }
    }

    /// The report, with a finding for the searches the overall limits left unrun.
    pub fn finish(
        mut self,
        source: LineSource,
        given: Option<Vec<Move>>,
        line: Option<MateLine>,
    ) -> CheckReport {
        let interrupted = self.budget.interrupted();
        if self.budget.skipped > 0 {
            let why = if interrupted {
                "the check was interrupted by Ctrl-C"
            } else {
                "the overall limit of the check was reached"
            };
            self.findings.push(Finding::new(
                Kind::Undecided,
                None,
                format!("{why}: {} searches not run", self.budget.skipped),
            ));
        }
        self.findings.sort_by_key(|f| f.ply);
        let findings = merge_drops(self.findings);
        // Interrupted: Ctrl-C left something undecided (not a check that ended before it).
        let interrupted =
            interrupted && findings.iter().any(|f| f.kind.class() == Class::Undecided);
        CheckReport {
            verdict: verdict_of(&findings),
            source,
            given,
            line,
            findings,
            searches: self.budget.searches,
            nodes: self.budget.nodes,
            elapsed: self.budget.started.elapsed(),
            interrupted,
        }
    }

    fn search(&mut self, pos: &Position, bound: Option<usize>) -> Option<Outcome> {
        self.budget.search(pos, bound)
    }

    /// `line` from `pos` must replay as a mate.
    fn verified(&self, pos: &Position, line: &MateLine, what: &str) -> Result<(), Internal> {
        verify_mate_line(pos, line).map_err(|fault| {
            Internal(format!(
                "the solver's line for {what} failed the replay check ({fault}); line {}",
                usi_line(&line.moves)
            ))
        })
    }

    /// 不詰 of the intended line: where it fails, and what the position does instead.
    pub fn wrong_line(&mut self, moves: &[Move], fault: &LineFault) -> Result<(), Internal> {
        let (ply, evidence) = match *fault {
            LineFault::Empty | LineFault::EndsWithReply { .. } => (None, Vec::new()),
            LineFault::NotMate { reply } => (Some(moves.len() + 1), vec![reply]),
            _ => (Some(fault.ply(moves.len())), Vec::new()),
        };
        let start = self.start.clone();
        let instead = match self.search(&start, None) {
            Some(Outcome::Mate { line, minimax }) => {
                self.verified(&start, &line, "the problem")?;
                format!(
                    "; the position mates in {minimax}: {}",
                    bracket_futile(&line.futile, &usi_moves(&line.moves))
                )
            }
            Some(Outcome::NoMate) => {
                self.findings.push(Finding::new(
                    Kind::NoMate,
                    None,
                    "the position has no mate".to_string(),
                ));
                String::new()
            }
            _ => format!(
                "; whether the position mates was not decided ({})",
                self.budget.why_unknown()
            ),
        };
        let mut finding = Finding::new(Kind::WrongLine, ply, format!("{fault}{instead}"));
        finding.line = MateLine {
            moves: evidence,
            capturer: self.capturer,
            ..MateLine::default()
        };
        self.findings.push(finding);
        Ok(())
    }

    /// With no intended line: the solver's, or why there is none.
    pub fn solver_line(&mut self) -> Result<Option<MateLine>, Internal> {
        let start = self.start.clone();
        match self.search(&start, None) {
            Some(Outcome::Mate { line, .. }) => {
                self.verified(&start, &line, "the problem")?;
                Ok(Some(line))
            }
            Some(Outcome::NoMate) => {
                self.findings.push(Finding::new(
                    Kind::NoMate,
                    None,
                    "the position has no mate".to_string(),
                ));
                Ok(None)
            }
            Some(Outcome::Unknown { mate_at_most, .. }) => {
                let found = mate_at_most
                    .map(|n| format!(" (a mate in at most {n} was found)"))
                    .unwrap_or_default();
                self.findings.push(Finding::new(
                    Kind::Undecided,
                    None,
                    format!("no solver's line: {}{found}", self.budget.why_unknown()),
                ));
                Ok(None)
            }
            None => Ok(None),
        }
    }

    /// 駒余り: the attacker's hand at the end of the main line.
    pub fn pieces_left(&mut self, line: &MateLine) {
        let left = line.end_position(&self.start).hand(self.attacker);
        if !left.is_empty() {
            self.findings.push(Finding::new(
                Kind::PiecesLeft,
                Some(line.moves.len()),
                format!(
                    "the attacker still holds {} ({}) at the end of the main line",
                    hands_to_sfen([left, Hand::EMPTY]),
                    hand_to_japanese(left)
                ),
            ));
        }
    }

    /// 早詰: a mate at least two plies shorter than the intended line. Its search is the
    /// dearest of a check; when a limit stops it, [`Checker::branches`] may still settle it.
    pub fn early_mate(&mut self, line: &MateLine) -> Result<(), Internal> {
        let length = line.length();
        if length < 3 {
            return Ok(());
        }
        let start = self.start.clone();
        match self.search(&start, Some(length - 2)) {
            Some(Outcome::Mate {
                line: shorter,
                minimax,
            }) => {
                self.verified(&start, &shorter, "a shorter mate")?;
                let mut f = Finding::new(
                    Kind::EarlyMate,
                    None,
                    format!("the problem mates in {minimax}, the intended line takes {length}"),
                );
                f.line = shorter;
                f.length = Some(minimax);
                f.main_left = Some(length);
                self.findings.push(f);
            }
            Some(Outcome::Unknown { .. }) => {
                self.early_undecided = Some(Finding::new(
                    Kind::Undecided,
                    None,
                    format!(
                        "whether the problem mates in fewer than {length} plies was not decided \
                         ({})",
                        self.budget.why_unknown()
                    ),
                ))
            }
            _ => {}
        }
        Ok(())
    }

    /// The alternatives at every ply of the main line (a futile pair's capture excepted: the
    /// pair is not a move of the line as counted).
    ///
    /// They also settle 早詰 left undecided when the line has no futile interposition: if at
    /// every attacker turn no other check mates two plies sooner than the line, the defender
    /// who keeps to the line's replies is mated no sooner than at its end, so the problem has
    /// no shorter mate.
    pub fn branches(&mut self, line: &MateLine) -> Result<(), Internal> {
        let mut no_shorter = line.futile.is_empty() && !line.futile_end;
        let walk = Walk::new(&self.start, line);
        let length = line.length();
        let main_leftover = !walk.positions[line.moves.len()]
            .hand(self.attacker)
            .is_empty();
        for k in 0..line.moves.len() {
            if k >= 1 && line.futile.contains(&(k - 1)) {
                continue;
            }
            self.budget.set_ply(k + 1, line.moves.len());
            let at = Ply {
                index: k,
                pos: &walk.positions[k],
                main: line.moves[k],
                left: length - walk.counted[k],
            };
            if at.pos.side_to_move() == self.attacker {
                no_shorter &= self.attacker_turn(&at, &walk)?;
            } else {
                self.defender_turn(&at, main_leftover)?;
            }
        }
        if let Some(undecided) = self.early_undecided.take() {
            if !no_shorter {
                self.findings.push(undecided);
            }
        }
        Ok(())
    }

    /// 余詰 and its kin: every other check at an attacker turn. Whether every other check was
    /// shown to mate no sooner than the main line.
    fn attacker_turn(&mut self, at: &Ply<'_>, walk: &Walk) -> Result<bool, Internal> {
        let mut no_sooner = true;
        let mut checks = MoveList::new();
        check_moves(at.pos, &mut checks);
        for &c in checks.iter().filter(|&&c| c != at.main) {
            let mut after = at.pos.clone();
            after.make_move(c);
            let (alt, minimax) = match self.search(&after, Some(at.left - 1)) {
                Some(Outcome::Mate { line, minimax }) => (prepended(c, &line), minimax + 1),
                Some(Outcome::NoMate) => continue,
                Some(Outcome::Unknown { .. }) => {
                    no_sooner = false;
                    self.undecided(
                        at,
                        c,
                        format!("whether {c} mates within {}", plies(at.left)),
                    );
                    continue;
                }
                None => {
                    no_sooner = false;
                    continue;
                }
            };
            no_sooner &= minimax >= at.left;
            self.verified(at.pos, &alt, "an alternative check")?;
            let (kind, message) = if at.left == 1 {
                (Kind::FinalMove, format!("{c} also mates on the last move"))
            } else if let Some(how) = unlimited(at.pos, at.main, c) {
                (
                    Kind::Unlimited,
                    format!(
                        "{c} also mates in {} (the main line has {} left): {how}",
                        plies(minimax),
                        at.left
                    ),
                )
            } else {
                match rejoin(at.pos, &alt, at.index, walk) {
                    Some(r) if r.own >= r.main => (
                        Kind::Detour,
                        format!(
                            "{c} comes back into the main line after ply {} in {} (the main \
                             line takes {}{})",
                            r.ply,
                            plies(r.own),
                            r.main,
                            if r.own == r.main {
                                ": another move order"
                            } else {
                                ""
                            }
                        ),
                    ),
                    Some(r) => (
                        Kind::Cook,
                        format!(
                            "{c} reaches the main line's position after ply {} in {} where \
                             the main line takes {}: it mates in {minimax}, the main line has \
                             {} left",
                            r.ply,
                            plies(r.own),
                            r.main,
                            at.left
                        ),
                    ),
                    None => (
                        Kind::Cook,
                        format!(
                            "{c} also mates in {}; the main line has {} left",
                            plies(minimax),
                            at.left
                        ),
                    ),
                }
            };
            self.push(at, kind, alt, Some(minimax), message);
        }
        Ok(no_sooner)
    }

    /// 変長, 変同 and 不詰 of a defence: every other reply at a defender turn.
    fn defender_turn(&mut self, at: &Ply<'_>, main_leftover: bool) -> Result<(), Internal> {
        let replies = legal_move_list(at.pos);
        // Whether a drop on a square is futile: the same for every kind dropped there.
        let mut futile_at: HashMap<Square, Futile> = HashMap::new();
        let mut equal = Vec::new();
        for &d in replies.iter().filter(|&&d| d != at.main) {
            if let (Some(by), true) = (self.futile, d.is_drop()) {
                let ways = futile::futilities(&mut at.pos.clone(), d, by);
                if !ways.is_empty() {
                    let futile = match futile_at.get(&d.to()) {
                        Some(&known) => known,
                        None => {
                            let known = self.futile_drop(at, &ways);
                            futile_at.insert(d.to(), known);
                            if known == Futile::Undecided {
                                let what = format!("whether a drop on {} is futile", d.to());
                                self.undecided(at, d, what);
                            }
                            known
                        }
                    };
                    if futile != Futile::No {
                        continue;
                    }
                }
            }
            if let Some(line) = self.defence(at, d, main_leftover)? {
                equal.push((d, line));
            }
        }
        self.equal_defences(at, equal);
        Ok(())
    }

    /// 変同 for the replies that last as long as the main line with nothing left over; 非限定
    /// for those that interpose another piece where the main line interposes.
    fn equal_defences(&mut self, at: &Ply<'_>, equal: Vec<(Move, MateLine)>) {
        let left = at.left;
        for (d, line) in equal {
            let (kind, message) = if d.is_drop() && at.main.is_drop() && at.main.to() == d.to() {
                (
                    Kind::Unlimited,
                    format!(
                        "{d}, another piece interposed where the main line interposes, lasts as \
                         long ({left} plies) and leaves no pieces over"
                    ),
                )
            } else {
                (
                    Kind::EqualDefence,
                    format!(
                        "{d} lasts as long as the main line ({left} plies) and leaves no pieces \
                         over"
                    ),
                )
            };
            self.push(at, kind, prepended(d, &line), Some(left), message);
        }
    }

    /// Whether a drop with the virtual positions `ways` is futile: one of them mated within the
    /// plies the main line has left.
    fn futile_drop(&mut self, at: &Ply<'_>, ways: &[futile::Futility]) -> Futile {
        let mut answer = Futile::No;
        for &f in ways {
            let mut virtual_position = at.pos.clone();
            futile::enter(&mut virtual_position, f);
            match self.search(&virtual_position, Some(at.left)) {
                Some(Outcome::Mate { .. }) => return Futile::Yes,
                Some(Outcome::NoMate) => {}
                Some(Outcome::Unknown { .. }) => answer = Futile::Undecided,
                None if answer == Futile::No => answer = Futile::Skipped,
                None => {}
            }
        }
        answer
    }

    /// How long reply `d` lasts against the main line's `at.left` plies: a flaw or a note is
    /// reported, except a reply as long as the main line with nothing left over, whose line is
    /// returned (for [`Checker::equal_defences`]).
    fn defence(
        &mut self,
        at: &Ply<'_>,
        d: Move,
        main_leftover: bool,
    ) -> Result<Option<MateLine>, Internal> {
        let mut after = at.pos.clone();
        after.make_move(d);
        let left = at.left;
        match self.search(&after, Some(left - 1)) {
            Some(Outcome::Mate { line, minimax }) => {
                let leftover = self.leaves_pieces(&after, &line, "a defence")?;
                return Ok((minimax + 1 == left && !leftover).then_some(line));
            }
            Some(Outcome::NoMate) => {}
            Some(Outcome::Unknown { .. }) => {
                self.undecided(at, d, format!("whether {d} lasts more than {left} plies"));
                return Ok(None);
            }
            None => return Ok(None),
        }
        // Longer than the main line: by two plies exactly?
        let two_more = left + 2;
        match self.search(&after, Some(left + 1)) {
            Some(Outcome::Mate { line, .. }) => {
                let leftover = self.leaves_pieces(&after, &line, "a defence")?;
                let (kind, message) = if self.futile.is_some() && leftover && !main_leftover {
                    (
                        Kind::TwoPliesLonger,
                        format!(
                            "{d} lasts {two_more} plies, two more than the main line, but leaves \
                             pieces over"
                        ),
                    )
                } else {
                    (
                        Kind::LongerDefence,
                        format!("{d} lasts {two_more} plies, the main line {left}"),
                    )
                };
                self.push(at, kind, prepended(d, &line), Some(two_more), message);
                return Ok(None);
            }
            Some(Outcome::NoMate) => {}
            Some(Outcome::Unknown { .. }) if self.futile.is_some() && !main_leftover => {
                self.undecided(
                    at,
                    d,
                    format!(
                        "{d} lasts more than {left} plies; whether exactly {two_more} with pieces \
                         left over (2手変長)"
                    ),
                );
                return Ok(None);
            }
            _ => {
                let message = format!("{d} lasts more than {left} plies, the main line {left}");
                self.push(at, Kind::LongerDefence, single(d), None, message);
                return Ok(None);
            }
        }
        // At least four plies longer: how long, or no mate at all?
        match self.search(&after, None) {
            Some(Outcome::Mate { line, minimax }) => {
                self.verified(&after, &line, "a defence")?;
                let message = format!("{d} lasts {} plies, the main line {left}", minimax + 1);
                self.push(
                    at,
                    Kind::LongerDefence,
                    prepended(d, &line),
                    Some(minimax + 1),
                    message,
                );
            }
            Some(Outcome::NoMate) => {
                let message = format!("after {d} there is no mate");
                self.push(at, Kind::Escape, single(d), None, message);
            }
            _ => {
                let message = format!(
                    "{d} lasts more than {two_more} plies, the main line {left} (its length \
                     was not found: {})",
                    self.budget.why_unknown()
                );
                self.push(at, Kind::LongerDefence, single(d), None, message);
            }
        }
        Ok(None)
    }

    /// Whether `line`, verified from `pos`, leaves the attacker pieces in hand.
    fn leaves_pieces(&self, pos: &Position, line: &MateLine, what: &str) -> Result<bool, Internal> {
        self.verified(pos, line, what)?;
        Ok(!line.end_position(pos).hand(self.attacker).is_empty())
    }

    fn push(&mut self, at: &Ply<'_>, kind: Kind, line: MateLine, length: Option<usize>, m: String) {
        self.findings.push(Finding {
            kind,
            ply: Some(at.index + 1),
            line: MateLine {
                capturer: self.capturer,
                ..line
            },
            length,
            main_left: Some(at.left),
            message: m,
        });
    }

    fn undecided(&mut self, at: &Ply<'_>, m: Move, what: String) {
        let message = format!("{what} was not decided ({})", self.budget.why_unknown());
        self.push(at, Kind::Undecided, single(m), None, message);
    }
}

/// Whether a defender's drop is a futile interposition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Futile {
    Yes,
    No,
    /// A search stopped by a limit.
    Undecided,
    /// A search not run: the overall limits are spent.
    Skipped,
}

/// A ply of the main line under examination.
struct Ply<'a> {
    /// 0-based.
    index: usize,
    /// The position before it.
    pos: &'a Position,
    /// The main line's move.
    main: Move,
    /// The plies the main line has left from here, as counted.
    left: usize,
}

fn single(m: Move) -> MateLine {
    MateLine::plain(vec![m])
}

/// The findings of one ply and kind whose evidence starts with a drop on one square and lasts
/// as long, as one finding: the drops of the other kinds named in its message.
fn merge_drops(findings: Vec<Finding>) -> Vec<Finding> {
    let key = |f: &Finding| {
        let first = *f.line.moves.first()?;
        first
            .is_drop()
            .then_some((f.ply, f.kind, first.to(), f.length))
    };
    let mut out: Vec<Finding> = Vec::with_capacity(findings.len());
    let mut merged: Vec<Vec<Move>> = Vec::new();
    for f in findings {
        match key(&f).and_then(|k| out.iter().position(|g| key(g) == Some(k))) {
            Some(i) => merged[i].push(f.line.moves[0]),
            None => {
                out.push(f);
                merged.push(Vec::new());
            }
        }
    }
    for (f, others) in out.iter_mut().zip(merged) {
        if !others.is_empty() {
            let names: Vec<String> = others.iter().map(|m| m.to_string()).collect();
            f.message = format!("{}; likewise {}", f.message, names.join(", "));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::usi::parse_usi_move_syntax;

    fn mv(usi: &str) -> Move {
        parse_usi_move_syntax(usi).unwrap()
    }

    #[test]
    fn drops_on_one_square_that_last_as_long_are_one_finding() {
        let finding = |m: &str, length: usize| Finding {
            kind: Kind::LongerDefence,
            ply: Some(2),
            line: MateLine::plain(vec![mv(m)]),
            length: Some(length),
            main_left: Some(2),
            message: m.to_string(),
        };
        let merged = merge_drops(vec![
            finding("P*3c", 14),
            finding("L*3c", 12),
            finding("N*3c", 12),
            finding("S*3c", 14),
            finding("4a3b", 14),
        ]);
        let messages: Vec<&str> = merged.iter().map(|f| f.message.as_str()).collect();
        assert_eq!(
            messages,
            ["P*3c; likewise S*3c", "L*3c; likewise N*3c", "4a3b"]
        );
    }
}
