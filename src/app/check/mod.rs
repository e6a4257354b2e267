//! `tsume check`: prove a composed problem sound, or find its flaws (`docs/conventions.md` §10,
//! "What `check` reports").
//!
//! The main line is the intended solution when one is given (the moves after an SFEN, a
//! collection's `line` column, a record file's moves), otherwise the solver's own line. It is
//! replayed once: every attacker move a legal check, the end a mate (under tsume rules a check
//! whose every reply is a futile drop is one), its futile pairs recognised ([`intended`]). Then,
//! with `r` the plies the main line has left (counted as the rules count them):
//!
//! - **早詰**: with an intended line of L plies, a mate of at most L − 2 from the start (flaw).
//! - **余詰** at an attacker turn: another check after which the attacker mates within r − 1
//!   plies (flaw), unless it is on the last move (最終手余詰, a note), it differs from the main
//!   move only in promotion or puts the same ranging piece (dropped, or moved from the same
//!   square) on the same line to the king at another distance (非限定, a note), or its line
//!   comes back into a position of the main line (same board, hands and side to move) later on
//!   in no fewer plies than the main line takes to get there (迂回手順, a note; in fewer, the
//!   main line wastes moves: a cook). A mate in more than r plies is no cook.
//! - **変長** at a defender turn: another reply after which the attacker needs more than r − 1
//!   plies (flaw); two plies more with pieces left over at its end, against a main line that
//!   leaves none, is 2手変長 (a note, as the tsume conventions let the shorter line stand). A
//!   reply after which there is no mate at all is 不詰 (flaw). **変同**: a reply that lasts
//!   exactly r with no pieces left over (a note; 非限定 when it interposes another piece where
//!   the main line interposes). Under tsume rules a reply that is a futile drop (some virtual
//!   position mated within r) is no defence and is passed over.
//! - **駒余り**: attacker pieces in hand at the end of the main line (flaw).
//! - **不詰**: the intended line fails its replay, or (with no intended line) the position has no
//!   mate (flaw).
//!
//! Every search has its limits; one that a limit stops leaves its branch **undecided**, and a
//! problem with an undecided branch is never sound.

mod branch;
pub mod collections;
pub mod intended;
pub mod kif;
pub mod problem;
pub mod render;
mod unlimited;
mod walk;

use super::exit::Exit;
use super::settings::{SearchSettings, SettingError};
use crate::search::futile::Capturer;
use crate::search::replay::verify_mate_line;
use crate::search::session::Session;
use crate::search::{MateLine, Options, Outcome, Rules};
use crate::shogi::{Color, Move, Position};
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The settings of a check.
#[derive(Clone, Debug)]
pub struct CheckSettings {
    /// Rules, table size (one table for all the searches of a problem) and the limits of each
    /// search.
    pub options: Options,
    /// Nodes for the whole check of one problem; the searches not run once they are spent leave
    /// the problem undecided.
    pub total_nodes: Option<u64>,
    /// Time for the whole check of one problem, likewise.
    pub total_time: Option<Duration>,
    /// Where the check publishes how far it has got.
    pub progress: Option<Arc<CheckProgress>>,
}

impl CheckSettings {
    /// The settings of a check whose searches are as `search` says, each value checked, with
    /// the whole check of a problem within `total_nodes` and `total_time`.
    pub fn new(
        search: &SearchSettings,
        total_nodes: Option<u64>,
        total_time: Option<Duration>,
    ) -> Result<CheckSettings, SettingError> {
        Ok(CheckSettings {
            options: search.options()?,
            total_nodes,
            total_time,
            progress: None,
        })
    }

    /// How lengths are counted.
    pub fn rules(&self) -> Rules {
        self.options.rules
    }
}

/// A running check's counters, readable from another thread.
#[derive(Debug, Default)]
pub struct CheckProgress {
    /// Searches finished.
    pub searches: AtomicU64,
    /// Nodes of the finished searches.
    pub nodes: AtomicU64,
    /// The 1-based ply of the main line being examined (0 before the line is known).
    pub ply: AtomicU64,
    /// The plies of the main line.
    pub plies: AtomicU64,
}

/// The verdict on a problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// Every branch decided, no flaw.
    Sound,
    /// Some flaw proven.
    Flawed,
    /// No flaw proven, but some branch undecided.
    Undecided,
}

impl Verdict {
    /// How the process ends on this verdict: sound [`Exit::Yes`], flawed [`Exit::No`],
    /// undecided [`Exit::Unknown`].
    pub fn exit(self) -> Exit {
        match self {
            Verdict::Sound => Exit::Yes,
            Verdict::Flawed => Exit::No,
            Verdict::Undecided => Exit::Unknown,
        }
    }
}

/// How a finding weighs on the verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "lowercase")]
pub enum Class {
    /// A flaw: the problem is flawed.
    Flaw,
    /// Tolerated by the conventions, reported.
    Note,
    /// A search stopped by a limit: the problem cannot be sound.
    Undecided,
}

/// What a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// 余詰: another check that also mates within the plies the main line has left.
    Cook,
    /// 早詰: the problem mates sooner than the intended line.
    EarlyMate,
    /// 変長: a defence that lasts longer than the main line.
    LongerDefence,
    /// 不詰: a defence after which there is no mate.
    Escape,
    /// 不詰: the position has no mate.
    NoMate,
    /// 不詰: the intended line is not a mate line.
    WrongLine,
    /// 駒余り: attacker pieces left in hand at the end of the main line.
    PiecesLeft,
    /// 最終手余詰: another mate on the last move (a note).
    FinalMove,
    /// 非限定: the same piece dropped at another distance, or the same move without (or with)
    /// promotion (a note).
    Unlimited,
    /// 迂回手順: an alternative that comes back into the main line (a note).
    Detour,
    /// 変同: a defence as long as the main line, with no pieces left over (a note).
    EqualDefence,
    /// 2手変長: a defence two plies longer that leaves pieces over, against a main line that
    /// leaves none (a note).
    TwoPliesLonger,
    /// A search stopped by a limit.
    Undecided,
}

impl Kind {
    /// How it weighs on the verdict.
    pub fn class(self) -> Class {
        match self {
            Kind::Cook
            | Kind::EarlyMate
            | Kind::LongerDefence
            | Kind::Escape
            | Kind::NoMate
            | Kind::WrongLine
            | Kind::PiecesLeft => Class::Flaw,
            Kind::FinalMove
            | Kind::Unlimited
            | Kind::Detour
            | Kind::EqualDefence
            | Kind::TwoPliesLonger => Class::Note,
            Kind::Undecided => Class::Undecided,
        }
    }

    /// The composers' name.
    pub fn japanese(self) -> &'static str {
        match self {
            Kind::Cook => "余詰",
            Kind::EarlyMate => "早詰",
            Kind::LongerDefence => "変長",
            Kind::Escape | Kind::NoMate | Kind::WrongLine => "不詰",
            Kind::PiecesLeft => "駒余り",
            Kind::FinalMove => "最終手余詰",
            Kind::Unlimited => "非限定",
            Kind::Detour => "迂回手順",
            Kind::EqualDefence => "変同",
            Kind::TwoPliesLonger => "2手変長",
            Kind::Undecided => "未決",
        }
    }
}

/// One finding, with its evidence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// What it is.
    pub kind: Kind,
    /// The 1-based ply of the main line where it occurs: the evidence is played instead of this
    /// ply's move. `None`: it concerns the problem as a whole (the evidence starts at the start).
    pub ply: Option<usize>,
    /// The evidence: the alternative line from the position before `ply`, its first move the
    /// alternative, with its futile pairs; no moves when there is none.
    pub line: MateLine,
    /// The plies the alternative lasts from there, as counted, when known.
    pub length: Option<usize>,
    /// The plies the main line has left there, as counted.
    pub main_left: Option<usize>,
    /// In words.
    pub message: String,
}

impl Finding {
    fn new(kind: Kind, ply: Option<usize>, message: String) -> Finding {
        Finding {
            kind,
            ply,
            line: MateLine::default(),
            length: None,
            main_left: None,
            message,
        }
    }
}

/// Where the main line comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ts_rs::TS)]
#[serde(rename_all = "lowercase")]
pub enum LineSource {
    /// The intended solution given with the problem.
    Given,
    /// None was given: the solver's line is taken as the intended one.
    Solver,
}

/// The result of a check.
#[derive(Clone, Debug)]
pub struct CheckReport {
    /// The verdict.
    pub verdict: Verdict,
    /// Where the main line comes from.
    pub source: LineSource,
    /// The moves given as the intended line (`None` when none was given).
    pub given: Option<Vec<Move>>,
    /// The main line that was checked, when there is one (a given line that failed its replay,
    /// or a problem with no mate found, has none).
    pub line: Option<MateLine>,
    /// The findings, in the order of their plies (the whole problem's first).
    pub findings: Vec<Finding>,
    /// Searches run.
    pub searches: u64,
    /// Nodes over all searches.
    pub nodes: u64,
    /// Wall time of the check.
    pub elapsed: Duration,
    /// Ctrl-C stopped the check: the searches it cut short or left unrun are undecided.
    pub interrupted: bool,
}

/// The program contradicted itself: a line it found failed its replay check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Internal(pub String);

/// Checks the problem `start` (attacker to move, the tsume hand convention already applied)
/// against its `intended` solution, or against the solver's line when none is given. A
/// `line_fault` says that the intended line's next move (after `intended`) could not be read
/// from its record: the line is then wrong (不詰) at that ply.
pub fn check_problem(
    start: &Position,
    intended: Option<&[Move]>,
    line_fault: Option<&str>,
    settings: &CheckSettings,
) -> Result<CheckReport, Internal> {
    let mut checker = branch::Checker::new(start, settings);
    let futile = settings.options.rules.futile();
    let source = match intended {
        Some(_) => LineSource::Given,
        None => LineSource::Solver,
    };
    let line = match intended {
        Some(moves) if line_fault.is_some() => {
            let why = line_fault.unwrap_or_default().to_string();
            let fault = intended::LineFault::Unreadable {
                ply: moves.len() + 1,
                why,
            };
            checker.wrong_line(moves, &fault)?;
            None
        }
        Some(moves) => match intended::intended_line(start, moves, futile) {
            Ok(line) => Some(line),
            Err(fault) => {
                checker.wrong_line(moves, &fault)?;
                None
            }
        },
        None => checker.solver_line()?,
    };
    if let Some(line) = &line {
        verify_mate_line(start, line).map_err(|fault| {
            Internal(format!(
                "the main line failed the replay check after its own replay ({fault})"
            ))
        })?;
        checker.pieces_left(line);
        if source == LineSource::Given {
            checker.early_mate(line)?;
        }
        checker.branches(line)?;
    }
    Ok(checker.finish(source, intended.map(<[Move]>::to_vec), line))
}

/// The verdict of some findings.
pub fn verdict_of(findings: &[Finding]) -> Verdict {
    let any = |c: Class| findings.iter().any(|f| f.kind.class() == c);
    if any(Class::Flaw) {
        Verdict::Flawed
    } else if any(Class::Undecided) {
        Verdict::Undecided
    } else {
        Verdict::Sound
    }
}

/// The searches of one check, on one table, within the overall limits.
struct Budget {
    session: Session,
    settings: CheckSettings,
    started: Instant,
    searches: u64,
    nodes: u64,
    /// Searches not run because the overall limits were spent.
    skipped: u64,
    /// The last search left unknown was stopped by a limit (else it ended without an answer).
    limited: bool,
}

impl Budget {
    fn new(attacker: Color, settings: &CheckSettings) -> Budget {
        Budget {
            session: Session::new(attacker, &settings.options),
            settings: settings.clone(),
            started: Instant::now(),
            searches: 0,
            nodes: 0,
            skipped: 0,
            limited: false,
        }
    }

    /// Runs one search of `pos` within `bound` plies, with the per-search limits cut down to what
    /// the overall limits have left; `None` (counted as skipped) once those are spent.
    ///
    /// The searches share their table, but a search left unknown leaves a fresh one behind:
    /// its unfinished estimates (a proof number run up to its ceiling) would cut short the
    /// searches after it.
    fn search(&mut self, pos: &Position, bound: Option<usize>) -> Option<Outcome> {
        let mut limits = self.settings.options.limits.clone();
        limits.progress = None;
        if let Some(total) = self.settings.total_nodes {
            let left = total.saturating_sub(self.nodes);
            limits.nodes = Some(limits.nodes.map_or(left, |n| n.min(left)));
        }
        if let Some(total) = self.settings.total_time {
            let left = total.saturating_sub(self.started.elapsed());
            limits.time = Some(limits.time.map_or(left, |t| t.min(left)));
        }
        if limits.nodes == Some(0) || limits.time == Some(Duration::ZERO) || self.interrupted() {
            self.skipped += 1;
            return None;
        }
        let report = self.session.solve_within(pos, bound, limits.clone());
        if matches!(report.outcome, Outcome::Unknown { .. }) {
            self.session.clear_table();
            let stopped = limits
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed));
            self.limited = stopped
                || limits.nodes.is_some_and(|n| report.nodes >= n)
                || limits.time.is_some_and(|t| report.elapsed >= t);
        }
        self.searches += 1;
        self.nodes += report.nodes;
        if let Some(p) = &self.settings.progress {
            p.searches.fetch_add(1, Ordering::Relaxed);
            p.nodes.fetch_add(report.nodes, Ordering::Relaxed);
        }
        Some(report.outcome)
    }

    /// Whether Ctrl-C has stopped the check (the stop flag of the limits is set).
    fn interrupted(&self) -> bool {
        self.settings
            .options
            .limits
            .stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// Why the last search left unknown is so, in words.
    fn why_unknown(&self) -> &'static str {
        if self.interrupted() {
            "interrupted by Ctrl-C"
        } else if self.limited {
            "a limit stopped the search"
        } else {
            "the search ended without an answer"
        }
    }

    fn set_ply(&self, ply: usize, plies: usize) {
        if let Some(p) = &self.settings.progress {
            p.ply.store(ply as u64, Ordering::Relaxed);
            p.plies.store(plies as u64, Ordering::Relaxed);
        }
    }
}

/// `line` with `first` played before it, from the position before `first`.
fn prepended(first: Move, line: &MateLine) -> MateLine {
    let mut moves = Vec::with_capacity(line.moves.len() + 1);
    moves.push(first);
    moves.extend_from_slice(&line.moves);
    MateLine {
        moves,
        futile: line.futile.iter().map(|i| i + 1).collect(),
        futile_end: line.futile_end,
        capturer: line.capturer,
        choice_cut: line.choice_cut,
    }
}

/// The capturer recorded in lines under `rules`.
fn capturer(options: &Options) -> Capturer {
    options.rules.futile().unwrap_or_default()
}
