//! `tsume solve`: the shortest mate of one problem, replayed and checked before it is printed.

use super::engine::{Engine, Running, Waited};
use super::exit::{AppError, Exit};
use super::interrupt::stop_on_ctrl_c;
use super::line_text::{
    bracket_futile, futile_end_pair, hand_letters, plies, rules_text, usi_moves,
};
use super::output_file::OutputFile;
use super::problem::{pose_record, read_problem, InputError, Posed, STDIN};
use super::refutation_text::{
    refutation_json, refutation_lines, refutation_lines_usi, RefutationJson,
};
use super::solution_kif::{futile_end_words_ja, solution_kif};
use crate::notation::diagram::diagram;
use crate::notation::diagram::hand_to_japanese;
use crate::notation::japanese::line_to_japanese;
use crate::notation::record::Record;
use crate::notation::sfen::to_sfen;
use crate::notation::usi::usi_line;
use crate::search::futile::Capturer;
use crate::search::refutation::{refute, verify_refutation, Refutation};
use crate::search::replay::verify_mate_line;
use crate::search::session::Session;
use crate::search::{
    MateFound, MateLine, Options, Outcome, Progress, Report, Rules, LINE_CHOICE_BUDGET,
};
use crate::shogi::Position;
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::time::Duration;

/// What `solve` was asked.
#[derive(Clone, Debug)]
pub struct SolveRequest {
    /// SFEN text, a file holding one, or a record file (KIF, KI2, CSA).
    pub problem: String,
    /// Take the hands exactly as written (the defender gets nothing more).
    pub literal_hands: bool,
    /// Rules, table size and limits of the search.
    pub options: Options,
    /// What to print.
    pub format: OutputFormat,
    /// Also write the problem and its solution to this file as KIF (whole or not at all).
    pub kif: Option<PathBuf>,
    /// Write each mate proven during the search to standard error at once, as a JSON line.
    pub progress_json: bool,
}

/// What `solve` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum OutputFormat {
    /// The diagram, the verdict, the line in USI and 日本式, and the search figures.
    #[default]
    Text,
    /// One line: the mate's moves in USI, or `nomate`, or `unknown`.
    Usi,
    /// The mate's moves in 日本式 and `まで N手詰`, or `不詰`, or `unknown`.
    Ja,
    /// The problem and its solution as a UTF-8 KIF.
    Kif,
    /// A JSON object ([`SolveJson`]).
    Json,
}

/// The `--json` output of `solve`.
#[derive(Serialize, Debug, ts_rs::TS)]
#[ts(rename = "SolveAnswer")]
pub struct SolveJson {
    /// The version of tsume that wrote it.
    pub version: &'static str,
    /// The problem as solved (after the tsume hand convention), canonical SFEN.
    pub sfen: String,
    /// For a game record: the position solved is the one after this many of its moves (null
    /// for a problem).
    pub game_moves: Option<usize>,
    /// For a problem whose moves (its solution) have a fault: the fault, placed in the file, as
    /// the warning on standard error says it (null otherwise).
    pub warning: Option<String>,
    /// `mate`, `nomate` or `unknown`.
    #[ts(type = "\"mate\" | \"nomate\" | \"unknown\"")]
    pub result: &'static str,
    /// Ctrl-C stopped the search (the result is then `unknown`).
    pub interrupted: bool,
    /// How lengths are counted: `tsume` or `game`.
    #[ts(type = "\"tsume\" | \"game\"")]
    pub rules: Rules,
    /// Tsume rules: who may capture a futile interposition, `any` or `checker` (null under game
    /// rules).
    #[ts(type = "\"any\" | \"checker\" | null")]
    pub futile: Option<Capturer>,
    /// The length in plies, for a mate: under tsume rules futile interpositions and their
    /// captures are not counted.
    pub length: Option<usize>,
    /// The proven length, attacker's shortest mate against the longest defence; larger than
    /// `length` where the defender's choice of a line that leaves nothing over shortened it.
    pub minimax_length: Option<usize>,
    /// For `unknown`: a mate was found of at most this many plies but not proven shortest.
    pub mate_at_most: Option<u16>,
    /// The answer is a mate proven shortest (`result` is `mate`).
    pub proven_shortest: bool,
    /// The mates proven during the search, in order: the first found, then each shorter one;
    /// for `mate` the last has the proven length (`minimax_length`).
    pub mates_found: Vec<MateFoundJson>,
    /// The main line in USI, every ply played (futile interpositions included); for `unknown`,
    /// the line of the mate found (not proven shortest, replayed), when there is one. The
    /// fields after it describe the same line.
    pub line: Vec<String>,
    /// The main line in 日本式 (JSA) notation.
    pub line_ja: Vec<String>,
    /// 1-based plies of `line` that are futile interpositions, each followed by the checker's
    /// capture; neither is counted, and the captured piece goes back to the defender.
    pub futile_plies: Vec<usize>,
    /// When the line ends at a check whose every reply is a futile interposition: one such
    /// drop and its capture (USI), not counted.
    pub futile_end: Option<[String; 2]>,
    /// The attacker's pieces in hand at the end of the line (SFEN letters; empty: none).
    pub pieces_left: String,
    /// Tsume rules: the comparison of equally long lines ran out of its budget, so from some
    /// ply on the first longest defence was taken and the line may not be the conventions'.
    pub line_choice_cut: bool,
    /// For `nomate`: each check of the attacker with a reply that holds, two attacker moves
    /// deep where the tree is small, replayed before it is shown; null otherwise (a limit
    /// stopped the search: no refutation is proven).
    pub refutation: Option<RefutationJson>,
    /// Nodes searched.
    pub nodes: u64,
    /// Wall time in milliseconds.
    pub time_ms: u64,
    /// Nodes per second.
    pub nodes_per_second: u64,
    /// Permille of the transposition table in use.
    pub hash_permille: u32,
    /// Size of the transposition table in megabytes.
    pub hash_mb: usize,
}

/// A mate proven during the search: an upper bound on the shortest.
#[derive(Clone, Serialize, Debug, PartialEq, Eq, ts_rs::TS)]
#[ts(rename = "MateFound")]
pub struct MateFoundJson {
    /// Its length, counted by the rules.
    pub plies: u16,
    /// Nodes searched when it was proven.
    pub nodes: u64,
    /// Milliseconds since the search started when it was proven.
    pub time_ms: u64,
}

impl From<&MateFound> for MateFoundJson {
    fn from(m: &MateFound) -> MateFoundJson {
        MateFoundJson {
            plies: m.plies,
            nodes: m.nodes,
            time_ms: m.elapsed.as_millis() as u64,
        }
    }
}

/// Attacker moves the refutation of a position with no mate goes down.
const REFUTATION_LEVELS: usize = 2;

/// A line of `--progress-json`: `{"event":"mate_found","plies":…,"nodes":…,"time_ms":…}`.
#[derive(Serialize)]
struct MateFoundEvent {
    event: &'static str,
    #[serde(flatten)]
    mate: MateFoundJson,
}

/// How a running search is shown: a spinner on a terminal after a second, and the mates proven
/// on the way, as text lines with the spinner or at once as JSON lines on standard error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Display {
    /// The spinner and the mates found, on a terminal.
    #[default]
    Terminal,
    /// Also each mate found at once, as a JSON line on standard error.
    JsonLines,
}

/// The words a mate proven during the search gets on the progress display.
fn mate_found_text(m: &MateFound, first: bool) -> String {
    format!(
        "{} mate found: {} plies after {:.3} s ({} nodes); proving it shortest",
        if first { "a" } else { "a shorter" },
        m.plies,
        m.elapsed.as_secs_f64(),
        m.nodes
    )
}

/// Waits for `running`, showing a progress line on the terminal once it has run for a second,
/// with each mate proven on the way; with [`Display::JsonLines`] each such mate is also written
/// at once to standard error.
pub fn show_running<T>(running: &Running<T, Progress>, display: Display) -> Result<T, AppError> {
    let progress = running.progress();
    let start = std::time::Instant::now();
    let mut bar: Option<ProgressBar> = None;
    let (mut shown, mut written) = (0, 0);
    loop {
        let waited = running.wait(Duration::from_millis(50));
        let mates = progress.mates_found();
        if display == Display::JsonLines {
            for m in &mates[written..] {
                let event = MateFoundEvent {
                    event: "mate_found",
                    mate: MateFoundJson::from(m),
                };
                eprintln!("{}", serde_json::to_string(&event).expect("serialise"));
            }
            written = mates.len();
        }
        match waited {
            Waited::Done(answer) => {
                if let Some(b) = bar {
                    b.finish_and_clear();
                }
                return Ok(answer);
            }
            Waited::Failed(words) => {
                if let Some(b) = bar {
                    b.finish_and_clear();
                }
                return Err(AppError::Internal(words));
            }
            Waited::Running => {}
        }
        let secs = start.elapsed().as_secs_f64();
        if secs < 1.0 {
            continue;
        }
        let bar = bar.get_or_insert_with(|| {
            let b = ProgressBar::new_spinner();
            b.set_style(ProgressStyle::with_template("{spinner} {elapsed} {msg}").expect("style"));
            b
        });
        for (i, m) in mates.iter().enumerate().skip(shown) {
            bar.println(mate_found_text(m, i == 0));
        }
        shown = mates.len();
        let nodes = progress.nodes.load(Ordering::Relaxed);
        let best = mates
            .last()
            .map_or(String::new(), |m| format!(", mate in at most {}", m.plies));
        bar.set_message(format!(
            "{} nodes, {:.2} M nodes/s, hash {:.1}%{best}",
            nodes,
            nodes as f64 / secs / 1e6,
            progress.hash_permille.load(Ordering::Relaxed) as f64 / 10.0
        ));
        bar.tick();
    }
}

/// Solves `pos` on the table of `session` (made for its attacker and `options`' rules) under
/// `options`' limits: the report and, for a position proven to have no mate, its refutation
/// ([`refute`]), not yet replayed ([`checked_answer`] replays it). Runs on the calling thread,
/// which needs a deep stack ([`crate::search::SEARCH_STACK`]).
pub fn solve_on(
    session: &mut Session,
    pos: &Position,
    options: &Options,
) -> (Report, Option<Refutation>) {
    let report = session.solve(pos, options.limits.clone());
    let refutation = (report.outcome == Outcome::NoMate)
        .then(|| refute(session, pos, REFUTATION_LEVELS, &report, &options.limits));
    (report, refutation)
}

/// The answer of a search of `pos` as `solve` gives it, every line replayed: a mate line that
/// fails its replay is an internal error; the line of a mate not proven shortest that fails is
/// dropped, and a refutation is kept only once replayed on a table of its own (each with a
/// warning on standard error).
pub fn checked_answer(
    pos: &Position,
    mut report: Report,
    refutation: Option<Refutation>,
    options: &Options,
) -> Result<(Report, Option<Refutation>), AppError> {
    // The replay keeps to the search's time: what it could not prove again is left out.
    let refutation = refutation.and_then(|tree| match verify_refutation(pos, &tree, options) {
        Ok(shown) => Some(shown),
        Err(fault) => {
            eprintln!(
                "tsume: internal error, please report it: the refutation failed its replay \
                 ({fault}); it is not shown"
            );
            None
        }
    });
    if let Outcome::Mate { line, .. } = &report.outcome {
        if let Err(fault) = verify_mate_line(pos, line) {
            return Err(AppError::Internal(format!(
                "the solver's line failed the replay check ({fault}); position {}, line {}",
                to_sfen(pos),
                usi_line(&line.moves)
            )));
        }
    }
    if let Outcome::Unknown { found, .. } = &mut report.outcome {
        // The line of a mate not proven shortest is shown only if it replays as a mate.
        if let Some(Err(fault)) = found.as_ref().map(|line| verify_mate_line(pos, line)) {
            eprintln!(
                "tsume: internal error, please report it: the line of the mate found failed the \
                 replay check ({fault}); it is not shown"
            );
            *found = None;
        }
    }
    Ok((report, refutation))
}

/// The `--json` object of an answer ([`checked_answer`]) on the problem `posed`; `interrupted`:
/// Ctrl-C stopped the search.
pub fn answer_json(
    posed: &Posed,
    report: &Report,
    refutation: Option<&Refutation>,
    options: &Options,
    interrupted: bool,
) -> SolveJson {
    let pos = &posed.position;
    let mut json = to_json(pos, report, options, interrupted);
    json.game_moves = posed.game_moves;
    json.warning = posed.warning.clone();
    json.refutation = refutation.map(|tree| refutation_json(pos, tree));
    json
}

/// Solves the requested problem and prints the answer. Ctrl-C stops the search: what is known is
/// printed as "unknown (interrupted)", `--kif` is not written, and the exit is
/// [`Exit::Interrupted`] (an answer proven before the search saw the Ctrl-C is printed as
/// usual). Otherwise a mate exits [`Exit::Yes`], no mate [`Exit::No`], a limit
/// [`Exit::Unknown`].
pub fn run(req: &SolveRequest, out: &mut impl Write) -> Result<Exit, AppError> {
    let stop = stop_on_ctrl_c();
    let record = read_problem(&req.problem)?;
    let name = if req.problem == STDIN {
        "<stdin>"
    } else {
        req.problem.as_str()
    };
    let posed = pose_record(&record, name, req.literal_hands)?;
    if let Some(warning) = &posed.warning {
        eprintln!("tsume: warning: {warning}");
    }
    let pos = posed.position.clone();
    let game = posed.game_moves.map(|n| game_words(&record, n));
    let kif_file = prepare_kif_file(req)?;
    let mut options = req.options.clone();
    options.limits.stop = Some(stop.clone());
    let display = if req.progress_json {
        Display::JsonLines
    } else {
        Display::Terminal
    };
    let engine = Engine::new()
        .map_err(|e| AppError::Internal(format!("cannot start the search thread: {e}")))?;
    let (report, refutation) = show_running(&engine.solve(&posed, &options), display)??;
    let exit = match report.outcome {
        Outcome::Mate { .. } => Exit::Yes,
        Outcome::NoMate => Exit::No,
        Outcome::Unknown { .. } if stop.load(Ordering::Relaxed) => Exit::Interrupted,
        Outcome::Unknown { .. } => Exit::Unknown,
    };
    let interrupted = exit == Exit::Interrupted;
    let kif = || solution_kif(&record, &pos, &report.outcome, refutation.as_ref());
    if let (Some(file), false) = (kif_file, interrupted) {
        let path = file.path().display().to_string();
        file.write(&kif())
            .map_err(|source| InputError::Io { path, source })?;
    }
    match req.format {
        OutputFormat::Text => {
            if let Some(words) = &game {
                let _ = writeln!(out, "{words}");
            }
            print_text(
                &pos,
                &report,
                refutation.as_ref(),
                req.options.rules,
                interrupted,
                out,
            )
        }
        OutputFormat::Usi => print_usi(&pos, &report.outcome, refutation.as_ref(), out),
        OutputFormat::Ja => print_ja(&pos, &report.outcome, refutation.as_ref(), out),
        OutputFormat::Kif => {
            let _ = write!(out, "{}", kif());
        }
        OutputFormat::Json => {
            let json = answer_json(
                &posed,
                &report,
                refutation.as_ref(),
                &req.options,
                interrupted,
            );
            let _ = writeln!(
                out,
                "{}",
                serde_json::to_string_pretty(&json).expect("serialise")
            );
        }
    }
    Ok(exit)
}

/// The first line of the answer for a game record: which position is solved.
fn game_words(record: &Record, moves: usize) -> String {
    let last = line_to_japanese(&record.start, &record.moves[..moves])
        .pop()
        .unwrap_or_default();
    format!(
        "a game record: solving the position after its last move, move {moves} ({last}); the side \
         to move attacks"
    )
}

/// The `--kif` file, created before the search so that a path that cannot be written is an
/// input error at once rather than after the answer was found.
fn prepare_kif_file(req: &SolveRequest) -> Result<Option<OutputFile>, InputError> {
    req.kif
        .as_deref()
        .map(|path| {
            OutputFile::create(path).map_err(|source| InputError::Io {
                path: path.display().to_string(),
                source,
            })
        })
        .transpose()
}

fn to_json(pos: &Position, report: &Report, options: &Options, interrupted: bool) -> SolveJson {
    let mut json = SolveJson {
        version: crate::VERSION,
        sfen: to_sfen(pos),
        game_moves: None,
        warning: None,
        rules: options.rules,
        futile: options.rules.futile(),
        result: "unknown",
        interrupted,
        length: None,
        minimax_length: None,
        mate_at_most: None,
        proven_shortest: false,
        mates_found: report.mates_found.iter().map(MateFoundJson::from).collect(),
        line: vec![],
        line_ja: vec![],
        futile_plies: vec![],
        futile_end: None,
        pieces_left: String::new(),
        line_choice_cut: false,
        refutation: None,
        nodes: report.nodes,
        time_ms: report.elapsed.as_millis() as u64,
        nodes_per_second: (report.nodes as f64 / report.elapsed.as_secs_f64().max(1e-9)) as u64,
        hash_permille: report.hash_permille,
        hash_mb: report.hash_bytes >> 20,
    };
    let put_line = |json: &mut SolveJson, line: &MateLine| {
        json.line = usi_moves(&line.moves);
        json.line_ja = line_to_japanese(pos, &line.moves);
        json.futile_plies = line.futile.iter().map(|i| i + 1).collect();
        let end = line.end_position(pos);
        json.futile_end = futile_end_pair(pos, line).map(|(usi, _)| usi);
        json.pieces_left = hand_letters(end.hand(pos.side_to_move()), pos.side_to_move());
        json.line_choice_cut = line.choice_cut;
    };
    match &report.outcome {
        Outcome::Mate { line, minimax } => {
            json.result = "mate";
            json.proven_shortest = true;
            json.length = Some(line.length());
            json.minimax_length = Some(*minimax);
            put_line(&mut json, line);
        }
        Outcome::NoMate => json.result = "nomate",
        Outcome::Unknown {
            mate_at_most,
            found,
        } => {
            json.mate_at_most = *mate_at_most;
            if let Some(line) = found {
                put_line(&mut json, line);
            }
        }
    }
    json
}

/// One line: the moves of a mate, `nomate`, or `unknown`, followed for a mate found but not
/// proven shortest by `mate_at_most N` and its moves; below a mate whose every last reply is a
/// futile interposition, `futile_end` and an example pair; below `nomate`, the refutation's
/// lines.
fn print_usi(
    pos: &Position,
    outcome: &Outcome,
    refutation: Option<&Refutation>,
    out: &mut impl Write,
) {
    let _ = match outcome {
        Outcome::Mate { line, .. } => {
            let _ = writeln!(out, "{}", usi_line(&line.moves));
            match futile_end_pair(pos, line) {
                Some(([drop, capture], _)) => writeln!(out, "  futile_end {drop} {capture}"),
                None => Ok(()),
            }
        }
        Outcome::NoMate => {
            let _ = writeln!(out, "nomate");
            for line in refutation.map_or(Vec::new(), refutation_lines_usi) {
                let _ = writeln!(out, "{line}");
            }
            Ok(())
        }
        Outcome::Unknown {
            mate_at_most,
            found,
        } => {
            let mut words = vec!["unknown".to_string()];
            if let Some(n) = mate_at_most {
                words.push(format!("mate_at_most {n}"));
            }
            if let Some(line) = found {
                words.push(usi_line(&line.moves));
            }
            writeln!(out, "{}", words.join(" "))
        }
    };
}

/// The line in 日本式 and `まで N手詰` (a line ending in futile interpositions says so before
/// it), `不詰`, or `unknown`; a mate found but not proven shortest is printed as a mate with
/// `（最短未証明）` after its length.
fn print_ja(
    pos: &Position,
    outcome: &Outcome,
    refutation: Option<&Refutation>,
    out: &mut impl Write,
) {
    let (line, unproven) = match outcome {
        Outcome::Mate { line, .. } => (line, None),
        Outcome::NoMate => {
            let _ = writeln!(out, "不詰");
            for line in refutation.map_or(Vec::new(), |t| refutation_lines(pos, t, false)) {
                let _ = writeln!(out, "{line}");
            }
            return;
        }
        Outcome::Unknown {
            mate_at_most,
            found: Some(line),
        } => (line, Some(*mate_at_most)),
        Outcome::Unknown {
            mate_at_most,
            found: None,
        } => {
            let _ = match mate_at_most {
                Some(n) => writeln!(out, "unknown（{n}手以内の詰みあり、最短未証明）"),
                None => writeln!(out, "unknown"),
            };
            return;
        }
    };
    let ja = line_to_japanese(pos, &line.moves);
    let _ = writeln!(out, "{}", bracket_futile(&line.futile, &ja));
    if let Some((_, pair)) = futile_end_pair(pos, line) {
        let _ = writeln!(out, "{}", futile_end_words_ja(&pair));
    }
    let _ = match unproven {
        None => writeln!(out, "まで{}手詰", line.length()),
        Some(Some(n)) if usize::from(n) != line.length() => {
            writeln!(out, "まで{}手詰（最短未証明、{n}手以内）", line.length())
        }
        Some(_) => writeln!(out, "まで{}手詰（最短未証明）", line.length()),
    };
}

/// The note on a line that a defence leaving nothing over made shorter than `minimax`.
fn two_plies_shorter(line: &MateLine, minimax: usize, out: &mut impl Write) {
    if line.length() != minimax {
        let _ = writeln!(
            out,
            "the longest defence lasts {minimax} plies but leaves pieces over; the line follows \
             a defence two plies shorter that leaves none (2手変長)"
        );
    }
}

/// A mate line in USI and 日本式, its futile interpositions and the pieces it leaves over.
fn print_line(pos: &Position, line: &MateLine, out: &mut impl Write) {
    let usi = usi_moves(&line.moves);
    let ja = line_to_japanese(pos, &line.moves);
    let _ = writeln!(out, "usi: {}", bracket_futile(&line.futile, &usi));
    let _ = writeln!(out, "日本式: {}", bracket_futile(&line.futile, &ja));
    if !line.futile.is_empty() {
        let _ = writeln!(
            out,
            "futile interpositions (in parentheses, with their captures) are not counted: {} \
             played, {} counted",
            plies(line.moves.len()),
            line.length()
        );
    }
    let end = line.end_position(pos);
    if let Some((_, ja)) = futile_end_pair(pos, line) {
        let _ = writeln!(
            out,
            "then every reply is a futile interposition, not counted: e.g. {} {}",
            ja[0], ja[1]
        );
    }
    let left = end.hand(pos.side_to_move());
    if !left.is_empty() {
        let _ = writeln!(out, "pieces left in hand: {}", hand_to_japanese(left));
    }
    if line.choice_cut {
        let _ = writeln!(
            out,
            "the choice among equally long lines stopped after {LINE_CHOICE_BUDGET} line \
             nodes; from there the first longest defence was taken, so a line the conventions \
             prefer (one leaving nothing over, or shorter by 2手変長) may exist"
        );
    }
}

/// The mates proven on the way, each with the time it was proven, and when the last was proven
/// shortest: `mates found: 33 at 0.139 s, 25 at 0.182 s; proven shortest at 99.577 s`.
fn print_mates_found(report: &Report, out: &mut impl Write) {
    if report.mates_found.is_empty() {
        return;
    }
    let found: Vec<String> = report
        .mates_found
        .iter()
        .map(|m| format!("{} at {:.3} s", m.plies, m.elapsed.as_secs_f64()))
        .collect();
    let end = match report.outcome {
        Outcome::Mate { .. } => format!("proven shortest at {:.3} s", report.elapsed.as_secs_f64()),
        _ => "not proven shortest".to_string(),
    };
    let _ = writeln!(out, "mates found: {}; {end}", found.join(", "));
}

fn print_text(
    pos: &Position,
    report: &Report,
    refutation: Option<&Refutation>,
    rules: Rules,
    interrupted: bool,
    out: &mut impl Write,
) {
    let _ = write!(out, "{}", diagram(pos));
    let _ = writeln!(out, "sfen: {}", to_sfen(pos));
    match &report.outcome {
        Outcome::Mate { line, minimax } => {
            let _ = writeln!(
                out,
                "mate in {} ({}), proven shortest",
                line.length(),
                rules_text(rules)
            );
            two_plies_shorter(line, *minimax, out);
            print_line(pos, line, out);
        }
        Outcome::NoMate => {
            let _ = writeln!(out, "no mate");
            match refutation {
                Some(tree) => {
                    let _ = writeln!(out, "refutation: each check, and a reply that holds:");
                    for line in refutation_lines(pos, tree, true) {
                        let _ = writeln!(out, "{line}");
                    }
                }
                None => {
                    let _ = writeln!(out, "(the refutation could not be shown)");
                }
            }
        }
        Outcome::Unknown {
            mate_at_most,
            found,
        } => {
            let why = if interrupted {
                "unknown (interrupted by Ctrl-C)"
            } else {
                "unknown: a limit was reached"
            };
            let _ = match mate_at_most {
                Some(n) => writeln!(
                    out,
                    "{why} (a mate in at most {n} was found, not proven shortest)"
                ),
                None => writeln!(out, "{why} before an answer was proven").and_then(|()| {
                    // "No mate" was not proven, so no refutation is either: none is made up.
                    writeln!(out, "no refutation is proven: the search stopped first")
                }),
            };
            if let Some(line) = found {
                let _ = writeln!(
                    out,
                    "the mate found, {} plies, NOT proven shortest:",
                    line.length()
                );
                if let Some(n) = mate_at_most {
                    two_plies_shorter(line, usize::from(*n), out);
                }
                print_line(pos, line, out);
            }
        }
    }
    print_mates_found(report, out);
    let secs = report.elapsed.as_secs_f64();
    let _ = writeln!(
        out,
        "nodes {}  time {:.3} s  {:.2} M nodes/s  hash {:.1}% of {} MB",
        report.nodes,
        secs,
        report.nodes as f64 / secs.max(1e-9) / 1e6,
        report.hash_permille as f64 / 10.0,
        report.hash_bytes >> 20
    );
}
