//! Where every face runs its searches: a thread with a deep stack (the search recurses once a
//! ply) that keeps its tables from one problem to the next, and the handle of a search under way,
//! its progress, its stop flag and its answer.
//!
//! The command line makes an engine for one problem; the Python module's `Solver` and the web
//! server keep one for many. A table is emptied before each problem, so an answer never depends
//! on what was solved before it.

use super::answer::{checked_answer, solve_on, Answer};
use super::check::problem::CheckProblem;
use super::check::{check_problem, CheckProgress, CheckReport, CheckSettings, Internal};
use super::exit::AppError;
use super::problem::Posed;
use super::settings::{SearchSettings, SettingError};
use crate::search::session::Session;
use crate::search::{Options, Rules, SEARCH_STACK};
use crate::shogi::Color;
use std::any::Any;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::time::Duration;

/// What a running solve publishes: its nodes, its table's use and each mate proven on the way.
pub use crate::search::Progress;

/// The answer of a solve, each line replayed ([`checked_answer`]), or the internal error of a
/// mate line that failed its replay.
pub type SolveAnswer = Result<Answer, AppError>;

/// The answer of a check.
pub type CheckAnswer = Result<CheckReport, Internal>;

type Job = Box<dyn FnOnce(&mut Tables) + Send>;

/// A search thread and the tables it keeps. Dropping it ends the thread once its search (if
/// any) is over.
pub struct Engine {
    jobs: Sender<Job>,
}

/// The sessions kept for the next problem: one for each attacker, made for the rules, table
/// size and threads of the search that made it.
#[derive(Default)]
struct Tables {
    sessions: [Option<(Made, Session)>; 2],
}

/// What a session was made for.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Made {
    rules: Rules,
    hash_mb: usize,
    threads: usize,
}

impl Made {
    fn of(options: &Options) -> Made {
        Made {
            rules: options.rules,
            hash_mb: options.hash_mb,
            threads: options.threads,
        }
    }
}

impl Tables {
    /// The session for `attacker` under `options`, its table empty: the one kept if it was made
    /// for the same settings, else a new one (the old one's memory freed first).
    fn session(&mut self, attacker: Color, options: &Options) -> &mut Session {
        let slot = &mut self.sessions[attacker.index()];
        let made = Made::of(options);
        match slot {
            Some((m, session)) if *m == made => session.clear_table(),
            _ => {
                *slot = None;
                *slot = Some((made, Session::new(attacker, options)));
            }
        }
        &mut slot.as_mut().expect("made above").1
    }
}

/// How a search ended, as seen by the face waiting for it.
#[derive(Debug)]
pub enum Waited<T> {
    /// Its answer.
    Done(T),
    /// Not yet.
    Running,
    /// It panicked (the words of the panic), or its thread is gone: an internal error.
    Failed(String),
}

/// A search under way on an [`Engine`].
pub struct Running<T, P> {
    stop: Arc<AtomicBool>,
    progress: Arc<P>,
    answer: Receiver<std::thread::Result<T>>,
}

impl<T, P> Running<T, P> {
    /// Asks the search to stop: it ends within a few thousand nodes with what it knows.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// The flag that stops the search.
    pub fn stop_flag(&self) -> &Arc<AtomicBool> {
        &self.stop
    }

    /// What the search publishes while it runs.
    pub fn progress(&self) -> &P {
        &self.progress
    }

    /// The answer if the search ends within `timeout`.
    pub fn wait(&self, timeout: Duration) -> Waited<T> {
        match self.answer.recv_timeout(timeout) {
            Ok(Ok(answer)) => Waited::Done(answer),
            Ok(Err(payload)) => Waited::Failed(format!(
                "internal error, please report it: {}",
                panic_words(payload.as_ref())
            )),
            Err(RecvTimeoutError::Timeout) => Waited::Running,
            Err(RecvTimeoutError::Disconnected) => {
                Waited::Failed("internal error: the search thread ended without answer".into())
            }
        }
    }

    /// The answer, once the search ends.
    pub fn finish(self) -> Result<T, String> {
        loop {
            match self.wait(Duration::from_secs(3600)) {
                Waited::Done(answer) => return Ok(answer),
                Waited::Failed(words) => return Err(words),
                Waited::Running => {}
            }
        }
    }
}

/// The words of a panic's payload.
pub fn panic_words(payload: &(dyn Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".to_string())
}

impl Engine {
    /// A new search thread, with no table yet.
    pub fn new() -> std::io::Result<Engine> {
        let (jobs, rx) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("tsume-search".to_string())
            .stack_size(SEARCH_STACK)
            .spawn(move || {
                let mut tables = Tables::default();
                for job in rx {
                    job(&mut tables);
                }
            })?;
        Ok(Engine { jobs })
    }

    /// Runs `work` on the search thread; a panic in it drops the kept tables (they may be
    /// half-updated) and is the answer's failure.
    fn start<T: Send + 'static, P>(
        &self,
        stop: Arc<AtomicBool>,
        progress: Arc<P>,
        work: impl FnOnce(&mut Tables) -> T + Send + 'static,
    ) -> Running<T, P> {
        let (tx, answer) = mpsc::channel();
        let job: Job = Box::new(move |tables: &mut Tables| {
            let result = catch_unwind(AssertUnwindSafe(|| work(tables)));
            if result.is_err() {
                *tables = Tables::default();
            }
            let _ = tx.send(result);
        });
        // A send fails only when the thread is gone; the receiver then reports it.
        let _ = self.jobs.send(job);
        Running {
            stop,
            progress,
            answer,
        }
    }

    /// Solves `posed` as `settings` say, each value checked first; `stop` (a flag of its own
    /// if `None`) stops it. The search runs on the session kept for its attacker and settings,
    /// emptied first; the answer is checked as `tsume solve` checks it.
    pub fn solve(
        &self,
        posed: &Posed,
        settings: &SearchSettings,
        stop: Option<Arc<AtomicBool>>,
    ) -> Result<Running<SolveAnswer, Progress>, SettingError> {
        let mut options = settings.options()?;
        options.limits.stop = stop;
        Ok(self.solve_with(posed, options))
    }

    /// [`Engine::solve`] under `options` (a stop flag and a progress of its own unless they
    /// bring them).
    fn solve_with(&self, posed: &Posed, mut options: Options) -> Running<SolveAnswer, Progress> {
        let stop = options
            .limits
            .stop
            .get_or_insert_with(Default::default)
            .clone();
        let progress = options
            .limits
            .progress
            .get_or_insert_with(Default::default)
            .clone();
        let pos = posed.position.clone();
        self.start(stop, progress, move |tables| {
            let session = tables.session(pos.side_to_move(), &options);
            let (report, refutation) = solve_on(session, &pos, &options);
            checked_answer(&pos, report, refutation, &options).map_err(AppError::Internal)
        })
    }

    /// Checks `problem` under `settings`; `stop` (a flag of its own if `None`) stops it. A
    /// check has a table of its own, made for it, and a progress of its own unless `settings`
    /// brings one.
    pub fn check(
        &self,
        problem: CheckProblem,
        settings: &CheckSettings,
        stop: Option<Arc<AtomicBool>>,
    ) -> Running<CheckAnswer, CheckProgress> {
        let mut settings = settings.clone();
        let stop = stop.unwrap_or_default();
        settings.options.limits.stop = Some(stop.clone());
        let progress = settings
            .progress
            .get_or_insert_with(Default::default)
            .clone();
        self.start(stop, progress, move |_| {
            check_problem(
                &problem.position,
                problem.intended.as_deref(),
                problem.line_fault.as_deref(),
                &settings,
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::problem::{pose_record, read_problem};
    use crate::search::Outcome;

    fn posed(sfen: &str) -> Posed {
        pose_record(&read_problem(sfen).unwrap(), "test", false).unwrap()
    }

    /// The report of `posed` solved on `engine`, to the end.
    fn solved(engine: &Engine, posed: &Posed) -> crate::search::Report {
        let running = engine.solve(posed, &settings(), None).unwrap();
        running.finish().unwrap().unwrap().report
    }

    fn settings() -> SearchSettings {
        SearchSettings {
            hash_mb: 16,
            ..SearchSettings::default()
        }
    }

    #[test]
    fn one_engine_answers_problem_after_problem_as_fresh_searches_do() {
        let engine = Engine::new().unwrap();
        let problems = [
            "3g1ks2/6g2/4S4/7B1/9/9/9/9/9 b G 1",
            "4k4/9/4P4/9/9/9/9/9/9 b G 1",
            "9/9/9/9/9/9/4p4/9/4K4 w g 1",
            "3g1ks2/6g2/4S4/7B1/9/9/9/9/9 b G 1",
        ];
        for sfen in problems {
            let p = posed(sfen);
            let kept = solved(&engine, &p);
            let fresh = Engine::new().unwrap();
            let alone = solved(&fresh, &p);
            assert_eq!(kept.nodes, alone.nodes, "{sfen}");
            assert_eq!(kept.outcome, alone.outcome, "{sfen}");
            assert!(matches!(kept.outcome, Outcome::Mate { .. }));
        }
    }

    #[test]
    fn a_stopped_search_answers_unknown_and_the_engine_goes_on() {
        let engine = Engine::new().unwrap();
        // 図巧 No. 1: far more than a moment's search.
        let long = posed("1pG1B4/Gs+P6/pP7/n1ls5/3k5/nL4+r1b/1+p1p+R4/1S7/2N6 b SP2gn2l11p 1");
        let running = engine.solve(&long, &settings(), None).unwrap();
        std::thread::sleep(Duration::from_millis(100));
        running.stop();
        let report = running.finish().unwrap().unwrap().report;
        assert!(matches!(report.outcome, Outcome::Unknown { .. }));
        let short = posed("4k4/9/4P4/9/9/9/9/9/9 b G 1");
        let report = solved(&engine, &short);
        assert!(matches!(report.outcome, Outcome::Mate { .. }));
    }
}
