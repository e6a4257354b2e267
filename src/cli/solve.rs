//! `tsume solve`: the shortest mate of one problem, replayed and checked before it is printed.

use crate::serve::contract::SolveEvent;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::time::Duration;
use tsume::app::answer::answer_json;
use tsume::app::answer::{MateFound, MateLine, Outcome, Refutation, Report, LINE_CHOICE_BUDGET};
use tsume::app::engine::Progress;
use tsume::app::engine::{Engine, Running, Waited};
use tsume::app::exit::{AppError, Exit};
use tsume::app::interrupt::stop_on_ctrl_c;
use tsume::app::line_text::{bracket_futile, futile_end_pair, plies, rules_text, usi_moves};
use tsume::app::output_file::OutputFile;
use tsume::app::problem::{pose_record, read_problem, InputError, STDIN};
use tsume::app::refutation_text::{refutation_lines, refutation_lines_usi};
use tsume::app::settings::Rules;
use tsume::app::settings::SearchSettings;
use tsume::app::solution_kif::{futile_end_words_ja, solution_kif};
use tsume::notation::diagram::diagram;
use tsume::notation::diagram::hand_to_japanese;
use tsume::notation::japanese::line_to_japanese;
use tsume::notation::record::Record;
use tsume::notation::sfen::to_sfen;
use tsume::notation::usi::usi_line;
use tsume::shogi::Position;

/// What `solve` was asked.
#[derive(Clone, Debug)]
pub struct SolveRequest {
    /// SFEN text, a file holding one, or a record file (KIF, KI2, CSA).
    pub problem: String,
    /// Take the hands exactly as written (the defender gets nothing more).
    pub literal_hands: bool,
    /// Rules, table size and limits of the search.
    pub search: SearchSettings,
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
                let event = SolveEvent::MateFound(m.into());
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
    let rules = req.search.search_rules();
    let display = if req.progress_json {
        Display::JsonLines
    } else {
        Display::Terminal
    };
    let engine = Engine::new()
        .map_err(|e| AppError::Internal(format!("cannot start the search thread: {e}")))?;
    let running = engine
        .solve(&posed, &req.search, Some(stop.clone()))
        .map_err(|e| AppError::Usage(e.for_command_line()))?;
    let answer = show_running(&running, display)??;
    for fault in &answer.dropped {
        eprintln!("tsume: internal error, please report it: {fault}");
    }
    let (report, refutation) = (&answer.report, answer.refutation.as_ref());
    let exit = match report.outcome {
        Outcome::Mate { .. } => Exit::Yes,
        Outcome::NoMate => Exit::No,
        Outcome::Unknown { .. } if stop.load(Ordering::Relaxed) => Exit::Interrupted,
        Outcome::Unknown { .. } => Exit::Unknown,
    };
    let interrupted = exit == Exit::Interrupted;
    let kif = || solution_kif(&record, &pos, &report.outcome, refutation);
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
            print_text(&pos, report, refutation, rules, interrupted, out)
        }
        OutputFormat::Usi => print_usi(&pos, &report.outcome, refutation, out),
        OutputFormat::Ja => print_ja(&pos, &report.outcome, refutation, out),
        OutputFormat::Kif => {
            let _ = write!(out, "{}", kif());
        }
        OutputFormat::Json => {
            let json = answer_json(&posed, &answer, rules, interrupted);
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
