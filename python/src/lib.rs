//! `import tsume`: the solver as a Python module.
//!
//! Every search runs on a thread of its own with a deep stack while the calling thread waits with
//! the GIL released, looking for signals every [`SIGNAL_POLL`]: Ctrl-C stops the search (its stop
//! flag) and is raised as `KeyboardInterrupt`. The answers are those of the command line, made by
//! the same code (`tsume::app`): `SolveResult.to_dict()` is `solve --json`, `CheckResult.to_dict()`
//! is `check --json`, and each `VerifyResult.to_dict()` a record of `verify --report`.

mod convert;

use convert::{
    build_settings, check_line, input_error, problem_text, rows_of, total_nodes_of, total_time_of,
    value_error, RowsSource,
};
use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyUserWarning, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyAny;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, TryLockError};
use std::time::Duration;
use tsume::app::answer::{answer_json, SolveJson};
use tsume::app::batch::{self, Batch, BatchRecord, Totals, Watch};
use tsume::app::check::render::{to_json as check_json, About};
use tsume::app::check::CheckSettings;
use tsume::app::collection::{load_all, LoadOptions};
use tsume::app::engine::{panic_words, Engine, Running, Waited};
use tsume::app::problem::{pose_record, read_problem, Posed};
use tsume::app::settings::SearchSettings;
use tsume::app::verify::{verifier, ProblemRecord};

create_exception!(
    tsume,
    InputError,
    PyValueError,
    "A problem, a line or a collection that cannot be read: malformed or illegal input.\n\n\
     Attributes: ``line`` and ``column`` (1-based, ``None`` when the input does not place the \
     fault; SFEN text given directly is line 1) and ``fault`` (what is wrong, without its place). \
     ``str(e)`` is the command line's message, e.g. ``bad.kif:5:4: unknown piece '象'``."
);
create_exception!(
    tsume,
    InternalError,
    PyRuntimeError,
    "The solver contradicted itself (a line failed its replay) or failed: a bug to report."
);

/// How often a waiting call looks for signals (Ctrl-C).
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// Runs `f`, a panic in it becoming an [`InternalError`]: nothing panics across the boundary.
fn guarded<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|payload| {
        Err(InternalError::new_err(format!(
            "internal error, please report it: {}",
            panic_words(payload.as_ref())
        )))
    })
}

/// Waits for `rx` with the GIL released, for at most [`SIGNAL_POLL`].
fn wait<T: Send>(py: Python<'_>, rx: Receiver<T>) -> (Result<T, RecvTimeoutError>, Receiver<T>) {
    py.detach(move || (rx.recv_timeout(SIGNAL_POLL), rx))
}

/// A new engine (a search thread), or an [`InternalError`].
fn new_engine() -> PyResult<Engine> {
    Engine::new()
        .map_err(|e| InternalError::new_err(format!("cannot start the search thread: {e}")))
}

/// Waits for `running` with the GIL released. A signal's exception (Ctrl-C:
/// `KeyboardInterrupt`) stops the search, waits for it to end, and is raised; a panic of the
/// search is an [`InternalError`].
fn wait_running<T: Send + 'static, P: Send + Sync + 'static>(
    py: Python<'_>,
    mut running: Running<T, P>,
) -> PyResult<T> {
    loop {
        let (waited, back) = py.detach(move || (running.wait(SIGNAL_POLL), running));
        running = back;
        match waited {
            Waited::Done(answer) => return Ok(answer),
            Waited::Failed(words) => return Err(InternalError::new_err(words)),
            Waited::Running => {}
        }
        if let Err(signal) = py.check_signals() {
            running.stop();
            py.detach(move || drop(running.finish()));
            return Err(signal);
        }
    }
}

/// The problem `position` stands for, as `tsume solve` reads it.
fn posed(position: &Bound<'_, PyAny>, literal_hands: bool) -> PyResult<Posed> {
    let py = position.py();
    let text = problem_text(position)?;
    let record = read_problem(&text).map_err(|e| input_error(py, &e))?;
    pose_record(&record, &text, literal_hands).map_err(|e| input_error(py, &e))
}

/// Solves `posed` on `engine` (its table emptied first, so that the answer is the one a fresh
/// table gives).
fn solve_on_engine(
    py: Python<'_>,
    engine: &Engine,
    posed: &Posed,
    settings: &SearchSettings,
) -> PyResult<SolveResult> {
    let running = engine.solve(posed, settings, None).map_err(value_error)?;
    let answer = wait_running(py, running)?;
    let answer = answer.map_err(|e| InternalError::new_err(e.to_string()))?;
    let json = answer_json(posed, &answer, settings.search_rules(), false);
    SolveResult::new(json, answer.report.elapsed.as_secs_f64())
}

/// The answer of :func:`solve` or :meth:`Solver.solve`.
///
/// ``result`` is ``"mate"`` (proven shortest), ``"nomate"`` (proven) or ``"unknown"`` (a limit
/// stopped the search; ``mate_at_most`` and ``line`` then give a mate found but not proven
/// shortest, if any). ``to_dict()`` is the object ``tsume solve --json`` prints.
///
/// >>> r = tsume.solve("4k4/9/4P4/9/9/9/9/9/9 b G 1")
/// >>> (r.result, r.length, r.line, r.line_ja)
/// ('mate', 1, ['G*5b'], ['▲５二金'])
#[pyclass(module = "tsume", frozen, get_all)]
pub struct SolveResult {
    /// ``"mate"``, ``"nomate"`` or ``"unknown"``.
    result: String,
    /// The mate's length in plies, counted by the rules (``None`` unless a mate).
    length: Option<usize>,
    /// The attacker's shortest mate against the longest defence (``None`` unless a mate).
    minimax_length: Option<usize>,
    /// The main line in USI, every ply played (futile interpositions included).
    line: Vec<String>,
    /// The main line in 日本式.
    line_ja: Vec<String>,
    /// 1-based plies of ``line`` that are futile interpositions (each followed by its capture).
    futile_plies: Vec<usize>,
    /// The attacker's pieces in hand at the end of the line, as SFEN letters (``""``: none).
    pieces_left: String,
    /// The answer is a mate proven shortest.
    proven_shortest: bool,
    /// For ``"unknown"``: a mate of at most this many plies was found, not proven shortest.
    mate_at_most: Option<u16>,
    /// The problem as solved (after the hand convention), canonical SFEN.
    sfen: String,
    /// ``"tsume"`` or ``"game"``.
    rules: String,
    /// Nodes searched.
    nodes: u64,
    /// Search time in seconds.
    seconds: f64,
    /// A record whose solution has a faulty move: the fault (``None`` otherwise).
    warning: Option<String>,
    /// The JSON object, as ``tsume solve --json`` prints it.
    json: String,
}

impl SolveResult {
    fn new(json: SolveJson, seconds: f64) -> PyResult<SolveResult> {
        let text =
            serde_json::to_string(&json).map_err(|e| InternalError::new_err(e.to_string()))?;
        Ok(SolveResult {
            result: json.result.to_string(),
            length: json.length,
            minimax_length: json.minimax_length,
            line: json.line,
            line_ja: json.line_ja,
            futile_plies: json.futile_plies,
            pieces_left: json.pieces_left,
            proven_shortest: json.proven_shortest,
            mate_at_most: json.mate_at_most,
            sfen: json.sfen,
            rules: json.rules.name().to_string(),
            nodes: json.nodes,
            seconds,
            warning: json.warning,
            json: text,
        })
    }
}

/// A JSON text as Python objects.
fn loads<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (text,))
}

#[pymethods]
impl SolveResult {
    /// The answer as a dict, field for field the object ``tsume solve --json`` prints
    /// (``docs/json.md``).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        loads(py, &self.json)
    }

    fn __repr__(&self) -> String {
        match (self.result.as_str(), self.length, self.mate_at_most) {
            ("mate", Some(n), _) => format!("<SolveResult mate in {n}, proven shortest>"),
            ("unknown", _, Some(n)) => {
                format!("<SolveResult unknown, a mate in at most {n} found>")
            }
            (result, _, _) => format!("<SolveResult {result}>"),
        }
    }
}

/// The shortest mate of one problem, proven, as ``tsume solve`` finds it.
///
/// ``position`` is an SFEN in any form the command line takes (``BOARD SIDE HANDS [N]``,
/// ``sfen …``, ``position sfen … moves …``), a path to a file holding a problem (SFEN, KIF, KI2,
/// CSA, BOD), or any object with a ``.sfen()`` method (a cshogi ``Board``). The side to move
/// attacks; unless ``literal_hands``, the defender holds every piece not on the board nor in the
/// attacker's hand. ``rules`` is ``"tsume"`` (the published conventions; ``futile`` is
/// ``"any"`` or ``"checker"``) or ``"game"``; ``time`` (seconds) and ``nodes`` limit the
/// search, which then answers ``"unknown"``. Each call has a table of its own of ``hash_mb``
/// MB: to solve many problems, use a :class:`Solver`.
///
/// The search runs with the GIL released; Ctrl-C stops it and raises ``KeyboardInterrupt``.
/// Malformed input raises :class:`InputError`.
///
/// >>> r = tsume.solve("3g1ks2/6g2/4S4/7B1/9/9/9/9/9 b G 1")
/// >>> r.result, r.length, r.proven_shortest
/// ('mate', 5, True)
#[pyfunction]
#[pyo3(signature = (position, *, rules="tsume", futile="any", time=None, nodes=None, hash_mb=256, threads=1, literal_hands=false))]
#[allow(clippy::too_many_arguments)]
fn solve(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    rules: &str,
    futile: &str,
    time: Option<f64>,
    nodes: Option<u64>,
    hash_mb: usize,
    threads: usize,
    literal_hands: bool,
) -> PyResult<SolveResult> {
    guarded(|| {
        let settings = build_settings(rules, futile, hash_mb, threads, time, nodes)?;
        let posed = posed(position, literal_hands)?;
        solve_on_engine(py, &new_engine()?, &posed, &settings)
    })
}

/// A solver that keeps its table from one problem to the next: a million small problems do not
/// allocate a million tables.
///
/// The rules, the table's size and the threads are fixed when it is made; each
/// :meth:`solve` brings its own limits. The table is emptied (not freed) before each problem,
/// so every answer is the one :func:`solve` gives. A solver makes at most two tables, one for
/// each side to move, the second when a problem first needs it. One solver searches one problem
/// at a time; for several at once, use one solver per thread or process, or :func:`verify`.
///
/// >>> solver = tsume.Solver(hash_mb=64)
/// >>> [solver.solve(p).length for p in ["4k4/9/4P4/9/9/9/9/9/9 b G 1",
/// ...                                   "3g1ks2/6g2/4S4/7B1/9/9/9/9/9 b G 1"]]
/// [1, 5]
#[pyclass(module = "tsume", frozen)]
pub struct Solver {
    settings: SearchSettings,
    /// Where the searches run, with the tables they keep.
    engine: Engine,
    /// Held while a search runs: a second thread is refused rather than queued.
    busy: Mutex<()>,
}

#[pymethods]
impl Solver {
    #[new]
    #[pyo3(signature = (*, rules="tsume", futile="any", hash_mb=256, threads=1))]
    fn new(rules: &str, futile: &str, hash_mb: usize, threads: usize) -> PyResult<Solver> {
        Ok(Solver {
            settings: build_settings(rules, futile, hash_mb, threads, None, None)?,
            engine: new_engine()?,
            busy: Mutex::new(()),
        })
    }

    /// The shortest mate of ``position``, as :func:`solve` gives it, on this solver's table.
    #[pyo3(signature = (position, *, time=None, nodes=None, literal_hands=false))]
    fn solve(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        time: Option<f64>,
        nodes: Option<u64>,
        literal_hands: bool,
    ) -> PyResult<SolveResult> {
        guarded(|| {
            let posed = posed(position, literal_hands)?;
            let settings = SearchSettings {
                time,
                nodes,
                ..self.settings.clone()
            };
            let _busy = match self.busy.try_lock() {
                Ok(guard) => guard,
                Err(TryLockError::Poisoned(e)) => e.into_inner(),
                Err(TryLockError::WouldBlock) => {
                    return Err(PyRuntimeError::new_err(
                        "this Solver is searching in another thread: use one Solver per thread",
                    ))
                }
            };
            solve_on_engine(py, &self.engine, &posed, &settings)
        })
    }

    /// ``"tsume"`` or ``"game"``.
    #[getter]
    fn rules(&self) -> &'static str {
        self.settings.search_rules().name()
    }

    /// The size of each table in MB.
    #[getter]
    fn hash_mb(&self) -> usize {
        self.settings.hash_mb as usize
    }

    /// Threads searching each problem together.
    #[getter]
    fn threads(&self) -> usize {
        self.settings.threads as usize
    }

    fn __repr__(&self) -> String {
        format!(
            "Solver(rules={:?}, hash_mb={}, threads={})",
            self.settings.search_rules().name(),
            self.settings.hash_mb,
            self.settings.threads
        )
    }
}

/// The outcome of :func:`check`: the verdict on a composed problem and its findings.
///
/// ``verdict`` is ``"sound"``, ``"flawed"`` or ``"undecided"`` (a limit stopped some search);
/// each finding is a dict (``kind``, ``name``, ``class``, ``ply``, ``line``, ``line_ja``,
/// ``length``, ``message``, …) as in ``tsume check --json``, which ``to_dict()`` gives whole.
#[pyclass(module = "tsume", frozen, get_all)]
pub struct CheckResult {
    /// ``"sound"``, ``"flawed"`` or ``"undecided"``.
    verdict: String,
    /// ``"given"`` (the intended line came with the problem) or ``"solver"``.
    line_source: String,
    /// The main line's length as counted (``None`` when there is no main line).
    length: Option<usize>,
    /// The main line in USI.
    line: Vec<String>,
    /// The main line in 日本式.
    line_ja: Vec<String>,
    /// The attacker's pieces in hand at the end of the main line (``""``: none).
    pieces_left: String,
    /// The problem as checked, canonical SFEN.
    sfen: String,
    /// Searches run.
    searches: u64,
    /// Nodes over all searches.
    nodes: u64,
    /// Wall time in seconds.
    seconds: f64,
    /// The JSON object, as ``tsume check --json`` prints it.
    json: String,
}

#[pymethods]
impl CheckResult {
    /// The findings, the whole problem's first, then by ply: a list of dicts.
    #[getter]
    fn findings<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.to_dict(py)?.get_item("findings")
    }

    /// The check as a dict, field for field the object ``tsume check --json`` prints.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        loads(py, &self.json)
    }

    fn __repr__(&self) -> String {
        format!("<CheckResult {}>", self.verdict)
    }
}

/// Checks a composed problem against its intended solution, as ``tsume check`` does: 余詰
/// (cooks), 早詰, 変長, 駒余り and 不詰 as flaws, and the notes the conventions tolerate.
///
/// ``position`` as for :func:`solve`; the moves after an SFEN (``… moves G*5a …``), a record
/// file's moves, or ``line`` (USI moves, a string or a list) are the intended solution; without
/// one the solver's own line is checked. ``time`` and ``nodes`` limit each search,
/// ``total_time`` and ``total_nodes`` the whole check; a limit reached leaves the problem
/// ``"undecided"``. The table is ``hash_mb`` MB (64 by default, as on the command line).
///
/// >>> c = tsume.check("3g1ks2/6gR1/4S4/7B1/9/9/9/9/9 b G 1",
/// ...                 line="G*5a 6a5a 2d5a+ 4a5a G*5b")
/// >>> c.verdict, [f["name"] for f in c.findings]
/// ('flawed', ['余詰'])
#[pyfunction]
#[pyo3(signature = (position, line=None, *, rules="tsume", futile="any", time=None, nodes=None, total_time=None, total_nodes=None, hash_mb=64, threads=1, literal_hands=false))]
#[allow(clippy::too_many_arguments)]
fn check(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    line: Option<&Bound<'_, PyAny>>,
    rules: &str,
    futile: &str,
    time: Option<f64>,
    nodes: Option<u64>,
    total_time: Option<f64>,
    total_nodes: Option<u64>,
    hash_mb: usize,
    threads: usize,
    literal_hands: bool,
) -> PyResult<CheckResult> {
    guarded(|| {
        let text = problem_text(position)?;
        let mut problem = tsume::app::check::problem::pose_check(&text, literal_hands)
            .map_err(|e| input_error(py, &e))?;
        if let Some(line) = line {
            problem.check_line_instead(check_line(line)?);
        }
        let search = build_settings(rules, futile, hash_mb, threads, time, nodes)?;
        let settings = CheckSettings::new(
            &search,
            total_nodes_of(total_nodes)?,
            total_time_of(total_time)?,
        )
        .map_err(value_error)?;
        let rules = search.search_rules();
        let pos = problem.position.clone();
        let about = About::of(problem.record.as_ref(), &problem.side_faults);
        let report = wait_running(py, new_engine()?.check(problem, &settings, None))?
            .map_err(|e| InternalError::new_err(e.0))?;
        let mut json = check_json(&pos, &report, rules);
        about.put_in(&mut json);
        let text =
            serde_json::to_string(&json).map_err(|e| InternalError::new_err(e.to_string()))?;
        Ok(CheckResult {
            verdict: word(&json.verdict),
            line_source: word(&json.line_source),
            length: json.length,
            line: json.line,
            line_ja: json.line_ja,
            pieces_left: json.pieces_left,
            sfen: json.sfen,
            searches: json.searches,
            nodes: json.nodes,
            seconds: report.elapsed.as_secs_f64(),
            json: text,
        })
    })
}

/// The word a value is serialised as (`sound`, `given`).
fn word(value: &impl serde::Serialize) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(s)) => s,
        Ok(other) => other.to_string(),
        Err(e) => e.to_string(),
    }
}

/// One problem's answer from :func:`verify`: a record of ``tsume verify --report``.
///
/// ``status`` is ``"ok"`` (as expected), ``"mismatch"`` (another answer proven), ``"unknown"``
/// (a limit stopped the search) or ``"error"`` (the row is not a problem; ``message`` says why).
#[pyclass(module = "tsume", frozen, get_all)]
pub struct VerifyResult {
    /// The problem's name.
    id: String,
    /// Where it was read: ``FILE:LINE`` (``<rows>:N`` for the N-th row given).
    source: String,
    /// The problem text as written.
    sfen: String,
    /// What was expected, in the ``.sfen`` trailer syntax (``mate=3``), or ``None``.
    expected: Option<String>,
    /// ``"ok"``, ``"mismatch"``, ``"unknown"`` or ``"error"``.
    status: String,
    /// ``"mate"``, ``"nomate"`` or ``"unknown"``; ``None`` when the row was not solved.
    result: Option<String>,
    /// The mate's length as the rules count it.
    length: Option<usize>,
    /// For ``"unknown"``: a mate of at most this many plies was found, not proven shortest.
    mate_at_most: Option<u16>,
    /// The main line in USI.
    line: Vec<String>,
    /// Nodes searched.
    nodes: u64,
    /// Search time in seconds.
    seconds: f64,
    /// Why it is not ok, or ``None``.
    message: Option<String>,
    /// A record whose solution has a faulty move: the fault (``None`` otherwise).
    warning: Option<String>,
    /// The record, as ``tsume verify --report`` writes it.
    json: String,
}

impl VerifyResult {
    fn new(record: ProblemRecord) -> PyResult<VerifyResult> {
        let json =
            serde_json::to_string(&record).map_err(|e| InternalError::new_err(e.to_string()))?;
        Ok(VerifyResult {
            status: ProblemRecord::word(record.status).to_string(),
            id: record.id,
            source: record.source,
            sfen: record.sfen,
            expected: record.expected,
            result: record.result.map(str::to_string),
            length: record.length,
            mate_at_most: record.mate_at_most,
            line: record.line,
            nodes: record.nodes,
            seconds: record.ms / 1000.0,
            message: record.message,
            warning: record.warning,
            json,
        })
    }
}

#[pymethods]
impl VerifyResult {
    /// The record as a dict, field for field as ``tsume verify --report`` writes it.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        loads(py, &self.json)
    }

    fn __repr__(&self) -> String {
        format!("<VerifyResult {} {}>", self.id, self.status)
    }
}

/// The running :func:`verify`: an iterator of :class:`VerifyResult`, one a row, as each
/// finishes. Dropping it (or Ctrl-C while it waits) stops the searches.
#[pyclass(module = "tsume")]
pub struct Verification {
    /// The records as they are known (rows that are not problems first), or the fault that
    /// ended the run; `None` once all have come.
    finished: Mutex<Option<Receiver<Result<ProblemRecord, String>>>>,
    stop: Arc<AtomicBool>,
    /// Rows in all.
    total: usize,
}

#[pymethods]
impl Verification {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<VerifyResult>> {
        guarded(|| {
            let slot = self.finished.get_mut().unwrap_or_else(|e| e.into_inner());
            while let Some(rx) = slot.take() {
                let (got, rx) = wait(py, rx);
                match got {
                    Ok(Ok(record)) => {
                        *slot = Some(rx);
                        return VerifyResult::new(record).map(Some);
                    }
                    Ok(Err(fault)) => return Err(InternalError::new_err(fault)),
                    Err(RecvTimeoutError::Disconnected) => return Ok(None),
                    Err(RecvTimeoutError::Timeout) => {}
                }
                if let Err(signal) = py.check_signals() {
                    self.stop.store(true, Ordering::Relaxed);
                    // The searches under way see the flag within a few thousand nodes.
                    py.detach(move || while rx.recv().is_ok() {});
                    return Err(signal);
                }
                *slot = Some(rx);
            }
            Ok(None)
        })
    }

    /// The number of rows, each of which gives one result.
    fn __len__(&self) -> usize {
        self.total
    }

    /// Stops the searches; the results not yet given are not given.
    fn close(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        *self.finished.get_mut().unwrap_or_else(|e| e.into_inner()) = None;
    }
}

impl Drop for Verification {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// Solves many problems in parallel and compares each answer with the expected one, as
/// ``tsume verify`` does; yields a :class:`VerifyResult` for each row as it finishes (not in
/// row order: ``id`` and ``source`` name the row).
///
/// ``rows`` is a path (``str`` or ``os.PathLike``) to a collection the command line reads
/// (``.tsv``, ``.sfen``, a record file, a directory), or an iterable of rows, each an SFEN
/// string, an ``(id, sfen)`` or ``(id, sfen, expected)`` tuple, a dict with ``sfen`` and
/// optional ``id``, ``expected`` and ``hands`` (``"literal"``) keys, or a ``pathlib.Path`` to a
/// collection. ``expected`` is a mate length, ``None``, or a ``.sfen`` trailer word (``"mate"``,
/// ``"nomate"``, ``"mate=7"``, ``"nomate-within=5"``). ``jobs`` problems are solved at once
/// (default: the number of cores), each on a table of ``hash_mb`` MB; ``time`` and ``nodes``
/// limit each problem. A row that is not a problem is a result of status ``"error"``, and the
/// others still run; a collection file that cannot be read raises :class:`InputError`.
///
/// >>> rows = [("m1", "4k4/9/4P4/9/9/9/9/9/9 b G 1", 1), ("bad", "4k4/9 b G 1", None)]
/// >>> sorted((r.id, r.status) for r in tsume.verify(rows, jobs=2))
/// [('bad', 'error'), ('m1', 'ok')]
#[pyfunction]
#[pyo3(signature = (rows, jobs=None, *, rules="tsume", futile="any", time=None, nodes=None, hash_mb=256, length_column=None))]
#[allow(clippy::too_many_arguments)]
fn verify(
    py: Python<'_>,
    rows: &Bound<'_, PyAny>,
    jobs: Option<usize>,
    rules: &str,
    futile: &str,
    time: Option<f64>,
    nodes: Option<u64>,
    hash_mb: usize,
    length_column: Option<String>,
) -> PyResult<Verification> {
    guarded(|| {
        let settings = build_settings(rules, futile, hash_mb, 1, time, nodes)?;
        let load = LoadOptions {
            rules: settings.search_rules(),
            length_column,
            solution_moves: false,
        };
        let mut all = Vec::new();
        for source in rows_of(rows)? {
            match source {
                RowsSource::Row(row) => all.push(*row),
                RowsSource::Path(path) => all.extend(load_all(&[path], &load).map_err(|e| {
                    let fault = e.to_string();
                    input_error_words(py, fault)
                })?),
            }
        }
        for warning in all.iter().flatten().flat_map(|p| &p.warnings) {
            PyErr::warn(
                py,
                &py.get_type::<PyUserWarning>(),
                &std::ffi::CString::new(warning.as_str()).unwrap_or_default(),
                1,
            )?;
        }
        let total = all.len();
        let stop = Arc::new(AtomicBool::new(false));
        let work = verifier(&settings, stop.clone()).map_err(value_error)?;
        let (tx, rx) = mpsc::channel();
        let flag = stop.clone();
        std::thread::Builder::new()
            .name("verify".to_string())
            .spawn(move || {
                let batch = Batch {
                    jobs,
                    report: None,
                    stop: &flag,
                };
                let mut watch = Sent(tx.clone());
                if let Err(e) = batch::run(all, &batch, work, &mut watch) {
                    let _ = tx.send(Err(e.to_string()));
                }
            })
            .map_err(|e| InternalError::new_err(format!("cannot start the verify thread: {e}")))?;
        Ok(Verification {
            finished: Mutex::new(Some(rx)),
            stop,
            total,
        })
    })
}

/// A batch watched from Python: each record sent to the iterator as it is known.
struct Sent(mpsc::Sender<Result<ProblemRecord, String>>);

impl Watch<ProblemRecord> for Sent {
    fn record(&mut self, record: &ProblemRecord, _: &Totals<ProblemRecord>) {
        // A send fails only once the iterator is gone, when nobody wants the record.
        let _ = self.0.send(Ok(record.clone()));
    }
}

/// An [`InputError`] whose fault is only words (no line or column).
fn input_error_words(py: Python<'_>, fault: String) -> PyErr {
    convert::placed_error(py, fault.clone(), None, None, fault)
}

/// Tsume-shogi (shogi mate problem) solver: the shortest mate, proven; composed problems checked.
///
/// ``solve`` finds the shortest mate of a problem and proves it shortest, ``Solver`` does so for
/// many problems on one table, ``check`` proves a composed problem sound or shows its flaws,
/// ``verify`` solves collections in parallel. The answers are those of the ``tsume`` command.
///
/// >>> import tsume
/// >>> r = tsume.solve("3g1ks2/6g2/4S4/7B1/9/9/9/9/9 b G 1")
/// >>> r.result, r.length, r.line
/// ('mate', 5, ['G*5a', '6a5a', '2d5a+', '4a5a', 'G*5b'])
#[pymodule]
#[pyo3(name = "tsume")]
fn tsume_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("InputError", py.get_type::<InputError>())?;
    m.add("InternalError", py.get_type::<InternalError>())?;
    m.add_class::<SolveResult>()?;
    m.add_class::<Solver>()?;
    m.add_class::<CheckResult>()?;
    m.add_class::<VerifyResult>()?;
    m.add_class::<Verification>()?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(verify, m)?)?;
    Ok(())
}
