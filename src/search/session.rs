//! [`solve`], which answers one position with a new [`Session`], and the session: many
//! searches for one attacker on one table, each with its own root, length bound and limits.
//!
//! A mate is proven shortest by the session's loop: df-pn proves a mate of some length L, and
//! the search is repeated with a bound of L − 2 plies until that bound is disproven. L is then
//! the minimax length, the attacker's shortest mate against the defender's longest defence;
//! under the rules of the game every legal defence counts, under tsume rules a futile
//! interposition counts as its virtual position (see [`super::futile`]). The main line
//! ([`super::MateLine`]) is then read from the table by the search's `main_line` module.
//!
//! A composer's check searches every alternative move along a main line; the positions after
//! them overlap, so the searches share one table. That is sound because a table entry states a
//! fact that holds whatever the path: a proof is a mate within its length, a disproof no mate
//! within its depth, and a disproof that depends on a repetition on the path is never stored.

use super::answer::{MateFound, Outcome, Report};
use super::dfpn::{Dfpn, Value};
use super::futile::Capturer;
use super::main_line::{MainLine, Sub};
use super::params::{LINE_AFTER_LIMIT_NODES, LINE_CHOICE_BUDGET};
use super::stats::{Collector, SearchStats};
use super::table::UNBOUNDED;
use super::{Limits, Options};
use crate::shogi::{Color, Position};

/// Solves `pos` for its side to move (the attacker), whose every move must be a check: the
/// shortest mate with its main line, or, when a limit stops the search after a mate was found,
/// that mate's line if [`LINE_AFTER_LIMIT_NODES`] more nodes extract it.
pub fn solve(pos: &Position, options: &Options) -> Report {
    Session::new(pos.side_to_move(), options).solve(pos, options.limits.clone())
}

/// A table kept from one search to the next, for one attacker under one way of counting.
pub struct Session {
    search: Dfpn,
    /// The mates proven by the search under way, in order.
    mates_found: Vec<MateFound>,
    attacker: Color,
    /// Tsume rules: who may capture a futile drop.
    futile: Option<Capturer>,
    /// Whether each search gathers statistics.
    stats: bool,
    /// The statistics of the searches under way, in order.
    searches: Vec<SearchStats>,
}

impl Session {
    /// A session for `attacker` with the rules and table size of `options` (its limits are not
    /// used: each search brings its own).
    pub fn new(attacker: Color, options: &Options) -> Session {
        let mut search = Dfpn::new(
            attacker,
            options.rules,
            options.hash_mb,
            options.threads,
            Limits::default(),
        );
        search.defer_drops_under_bound = options.diagnostics.defer_drops_under_bound;
        Session {
            search,
            mates_found: Vec::new(),
            attacker,
            futile: options.rules.futile(),
            stats: options.diagnostics.stats,
            searches: Vec::new(),
        }
    }

    /// Tsume rules: who may capture a futile drop (`None` under the rules of the game).
    pub fn futile(&self) -> Option<Capturer> {
        self.futile
    }

    /// Empties the session's table, keeping its memory: the searches after start from nothing.
    pub fn clear_table(&mut self) {
        self.search.table.clear();
    }

    /// The shortest mate of `pos` within `bound` plies (`None`: any length), counted as the
    /// session's rules count them, whichever side is to move: with the attacker to move the line
    /// starts with its check, with the defender to move (after a check) with the defender's
    /// reply, and a defender already mated has a line of no moves. [`Outcome::NoMate`] means no
    /// mate within `bound` (a longer one may exist); a search stopped by `limits` answers
    /// [`Outcome::Unknown`].
    pub fn solve_within(&mut self, pos: &Position, bound: Option<usize>, limits: Limits) -> Report {
        let bound = bound.map_or(UNBOUNDED, |b| b.min(UNBOUNDED as usize - 1) as u16);
        self.report(pos, bound, limits, false)
    }

    /// The shortest mate of `pos` at any length, as [`Session::solve_within`]; when a limit
    /// stops the search after a mate was proven, [`LINE_AFTER_LIMIT_NODES`] more nodes may go
    /// to extracting that mate's line ([`Outcome::Unknown`]'s `found`, or, when the limit came
    /// after the shortest was proven, [`Outcome::Mate`]).
    pub fn solve(&mut self, pos: &Position, limits: Limits) -> Report {
        self.report(pos, UNBOUNDED, limits, true)
    }

    fn report(&mut self, pos: &Position, bound: u16, limits: Limits, extract: bool) -> Report {
        self.search.restart(limits);
        self.mates_found.clear();
        self.searches.clear();
        let outcome = self.shortest_mate(pos, bound, extract);
        Report {
            outcome,
            mates_found: std::mem::take(&mut self.mates_found),
            nodes: self.search.nodes,
            elapsed: self.search.elapsed(),
            hash_permille: self.search.table.usage_permille(),
            hash_bytes: self.search.table.size_bytes(),
            stats: std::mem::take(&mut self.searches),
        }
    }

    /// Proves a mate within `bound`, then within two plies fewer until that is disproven, and
    /// extracts the main line of the shortest. A search that ends with neither a proof nor a
    /// disproof leaves the answer unknown: the shortest mate is never claimed without the
    /// disproof of a shorter one. With `extract`, such an unknown after a mate of at most L
    /// plies carries L's line when it can be had cheaply.
    fn shortest_mate(&mut self, pos: &Position, bound: u16, extract: bool) -> Outcome {
        let mut pos = pos.clone();
        let unknown = Outcome::Unknown {
            mate_at_most: None,
            found: None,
        };
        let v = self.observed_search(&mut pos, bound);
        if self.search.aborted() || !(v.is_proven() || v.is_disproven()) {
            return unknown;
        }
        if v.is_disproven() {
            // Repetitions at the root concern only the root's own line: the disproof stands.
            return if v.len >= bound {
                Outcome::NoMate
            } else {
                unknown
            };
        }
        let mut len = v.len;
        self.mate_found(len);
        while len >= 2 {
            let v = self.observed_search(&mut pos, len - 2);
            if self.search.aborted() || !(v.is_proven() || v.is_disproven()) {
                return self.found_not_shortest(&mut pos, len, extract);
            }
            if v.is_disproven() {
                break;
            }
            len = v.len;
            self.mate_found(len);
        }
        match self.main_line(&mut pos, len) {
            Some(sub) if !self.search.aborted() => Outcome::Mate {
                line: sub.line,
                minimax: len as usize,
            },
            // A limit stopped the line's extraction: the mate is proven shortest all the same,
            // and is answered as such if its line can still be had.
            _ => match self.found_not_shortest(&mut pos, len, extract) {
                Outcome::Unknown {
                    found: Some(line), ..
                } => Outcome::Mate {
                    line,
                    minimax: len as usize,
                },
                unknown => unknown,
            },
        }
    }

    /// The search of the root `pos` within `bound` plies, with its statistics when asked for.
    fn observed_search(&mut self, pos: &mut Position, bound: u16) -> Value {
        if !self.stats {
            return self.search.search(pos, bound, 0);
        }
        self.search.stats = Some(Box::new(Collector::new(bound, self.search.nodes)));
        let v = self.search.search(pos, bound, 0);
        let collector = self
            .search
            .stats
            .take()
            .expect("the collector put in above");
        let decided = !self.search.aborted();
        let stats = collector.finish(
            pos,
            self.search.nodes,
            (decided && v.is_proven()).then_some(v.len),
            decided && v.is_disproven(),
            &self.search.table,
        );
        self.searches.push(stats);
        v
    }

    /// Records a mate of `len` plies just proven, and publishes it to the progress display.
    fn mate_found(&mut self, len: u16) {
        let mate = MateFound {
            plies: len,
            nodes: self.search.nodes,
            elapsed: self.search.elapsed(),
        };
        self.mates_found.push(mate);
        self.search.watch.limits.publish_mate(mate);
    }

    /// The main line of a mate proven within `len` plies, from whichever side is to move.
    fn main_line(&mut self, pos: &mut Position, len: u16) -> Option<Sub> {
        self.main_line_within(pos, len, LINE_CHOICE_BUDGET)
    }

    /// [`Session::main_line`] comparing alternatives for at most `budget` line nodes.
    fn main_line_within(&mut self, pos: &mut Position, len: u16, budget: u32) -> Option<Sub> {
        let attacker_to_move = pos.side_to_move() == self.attacker;
        let mut lines = MainLine::new(&mut self.search, self.futile, budget);
        let mut sub = if attacker_to_move {
            lines.attacker(pos, len, 0)
        } else {
            lines.defender(pos, len, 0)
        }?;
        sub.line.choice_cut = lines.cut();
        Some(sub)
    }

    /// Unknown after a mate of at most `len` plies was proven; with `extract`, with that mate's
    /// line if [`LINE_AFTER_LIMIT_NODES`] more nodes suffice.
    fn found_not_shortest(&mut self, pos: &mut Position, len: u16, extract: bool) -> Outcome {
        let found = extract
            .then(|| {
                self.search.resume(Limits {
                    nodes: Some(self.search.nodes + LINE_AFTER_LIMIT_NODES),
                    ..Limits::default()
                });
                let sub = self.main_line(pos, len);
                sub.filter(|_| !self.search.aborted()).map(|s| s.line)
            })
            .flatten();
        Outcome::Unknown {
            mate_at_most: Some(len),
            found,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::sfen::parse_sfen;
    use crate::search::koba_mate5;
    use crate::search::params::LIMIT_CHECK_INTERVAL;
    use crate::search::replay::verify_mate_line;
    use crate::search::{MateLine, Rules};
    use crate::shogi::movegen::check_moves;
    use crate::shogi::MoveList;

    fn options() -> Options {
        Options {
            hash_mb: 8,
            ..Options::default()
        }
    }

    #[test]
    fn a_line_choice_cut_short_by_its_budget_says_so() {
        // 図巧 No. 59: every longest defence (31 plies) leaves a bishop over and one two plies
        // shorter leaves none (2手変長); finding it takes more than 20,000 line nodes.
        let pos =
            parse_sfen("9/9/pR7/9/5l1n1/5p1R1/1g+p1S1+bG1/S1kN1SP1+p/3g1b3 b GS2n3l13p 1").unwrap();
        let options = Options {
            hash_mb: 64,
            ..Options::default()
        };
        let mut session = Session::new(pos.side_to_move(), &options);
        let r = session.solve_within(&pos, None, Limits::default());
        let Outcome::Mate { line, minimax: 31 } = r.outcome else {
            panic!("{:?}", r.outcome)
        };
        assert_eq!((line.length(), line.choice_cut), (29, false));
        assert_eq!(verify_mate_line(&pos, &line), Ok(()));
        let cut = session
            .main_line_within(&mut pos.clone(), 31, 20_000)
            .expect("a line");
        assert_eq!((cut.line.length(), cut.line.choice_cut), (31, true));
        assert_eq!(verify_mate_line(&pos, &cut.line), Ok(()));
    }

    /// 図巧 No. 15 (a mate in 33 under the rules of the game, some 240,000 nodes with two
    /// threads: its region doubles past 2 MB) and a session for it with two threads and a 64 MB
    /// table.
    fn zuko_015_with_two_threads() -> (Position, Session) {
        let pos = parse_sfen("2g+Rp4/k+r1BlB3/NN1g5/n1pP+p4/9/1L7/9/9/9 b NP2g4s2l13p 1").unwrap();
        let options = Options {
            rules: Rules::Game,
            hash_mb: 64,
            threads: 2,
            ..Options::default()
        };
        let session = Session::new(pos.side_to_move(), &options);
        (pos, session)
    }

    #[test]
    fn threads_searching_together_stop_for_the_doublings_and_find_the_same_mate() {
        let (pos, mut session) = zuko_015_with_two_threads();
        let r = session.solve(&pos, Limits::default());
        let Outcome::Mate { line, minimax: 33 } = r.outcome else {
            panic!("{:?}", r.outcome)
        };
        assert_eq!(verify_mate_line(&pos, &line), Ok(()));
        assert!(session.search.table.region_bytes() > 2 << 20);
        assert!(!session.search.table.wants_growth());
    }

    #[test]
    fn threads_stopped_by_a_limit_past_a_doubling_answer_unknown() {
        // Stopped after 100,000 nodes: past the first doubling, before the mate is proven
        // shortest.
        let (pos, mut session) = zuko_015_with_two_threads();
        let limits = Limits {
            nodes: Some(100_000),
            ..Limits::default()
        };
        let r = session.solve_within(&pos, None, limits);
        assert!(
            matches!(r.outcome, Outcome::Unknown { .. }),
            "{:?}",
            r.outcome
        );
        assert!(session.search.table.region_bytes() > 2 << 20);
    }

    #[test]
    fn a_limit_during_the_lines_extraction_still_answers_the_mate_proven_shortest() {
        // A row of zuko-short.tsv (its hands filled) whose line under the tsume rules takes
        // more than two looks at the limits to extract, comparing equally long defences.
        let pos =
            parse_sfen("1p3ls1+P/+B4+P1gg/7P1/6S1g/8n/7n1/4sS3/1r4+r1G/5+p1k1 b BLP2n2l12p 1")
                .unwrap();
        let whole = Session::new(pos.side_to_move(), &options()).solve(&pos, Limits::default());
        let Outcome::Mate { minimax: 15, .. } = whole.outcome else {
            panic!("{:?}", whole.outcome)
        };
        // Stopped two looks at the limits before the end: within the extraction, after the
        // shortest was proven.
        let limits = Limits {
            nodes: Some(whole.nodes - 2 * LIMIT_CHECK_INTERVAL),
            ..Limits::default()
        };
        let r = Session::new(pos.side_to_move(), &options()).solve(&pos, limits);
        assert!(r.nodes < whole.nodes + LINE_AFTER_LIMIT_NODES);
        // The line is had again after the stop, of the same length; the table being another,
        // it may be another of the equally long lines.
        let Outcome::Mate { line, minimax: 15 } = r.outcome else {
            panic!("{:?}", r.outcome)
        };
        assert_eq!(line.length(), 15);
        assert_eq!(verify_mate_line(&pos, &line), Ok(()));
    }

    #[test]
    fn a_bound_below_the_mate_is_no_mate_within_it() {
        let pos = koba_mate5();
        let mut session = Session::new(pos.side_to_move(), &options());
        let r = session.solve_within(&pos, Some(3), Limits::default());
        assert_eq!(r.outcome, Outcome::NoMate);
        let r = session.solve_within(&pos, Some(7), Limits::default());
        assert!(matches!(r.outcome, Outcome::Mate { minimax: 5, .. }));
        let r = session.solve_within(&pos, None, Limits::default());
        let Outcome::Mate { line, minimax: 5 } = r.outcome else {
            panic!("{:?}", r.outcome)
        };
        assert_eq!(verify_mate_line(&pos, &line), Ok(()));
    }

    #[test]
    fn a_defender_to_move_gets_a_line_that_starts_with_its_reply() {
        let pos = koba_mate5();
        let mut session = Session::new(pos.side_to_move(), &options());
        let mut checks = MoveList::new();
        check_moves(&pos, &mut checks);
        let mut mates = 0;
        for &m in checks.iter() {
            let mut after = pos.clone();
            after.make_move(m);
            let r = session.solve_within(&after, Some(4), Limits::default());
            if let Outcome::Mate { line, minimax } = r.outcome {
                assert_eq!(line.length(), minimax);
                let mut whole = MateLine {
                    moves: vec![m],
                    ..line.clone()
                };
                whole.moves.extend(&line.moves);
                whole.futile = line.futile.iter().map(|i| i + 1).collect();
                assert_eq!(verify_mate_line(&pos, &whole), Ok(()), "{m}");
                mates += 1;
            }
        }
        assert!(mates >= 1);
    }
}
