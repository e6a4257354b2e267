//! `tsume bench` on the command line: the problems of some collections solved one after another
//! on one thread, a row printed for each with what its search cost (to the first mate found, and
//! to the answer), and, with `--stats`, where its searches' visits went.

use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use tsume::app::batch::{exit_of, split_rows, BatchRecord, Grade};
use tsume::app::bench::solve_on_deep_stack;
use tsume::app::collection::{LoadOptions, Row};
use tsume::app::exit::{AppError, Exit};
use tsume::app::settings::SearchSettings;
use tsume::app::stats_text::write_stats;
use tsume::app::verify::ProblemRecord;

/// What `bench` was asked.
#[derive(Clone, Debug)]
pub struct BenchRequest {
    /// Collection files or directories of them.
    pub paths: Vec<PathBuf>,
    /// Rules (which also choose the TSV length column), table size and limits of each search.
    pub search: SearchSettings,
    /// A TSV length column to use instead of the one the rules choose.
    pub length_column: Option<String>,
}

/// How the collections of `req` are read.
pub fn load_options(req: &BenchRequest) -> LoadOptions {
    LoadOptions {
        rules: req.search.search_rules(),
        length_column: req.length_column.clone(),
        solution_moves: false,
    }
}

/// Solves every problem of `rows` (read with [`load_options`]) in turn, writing a row for each
/// as it finishes, then the totals. The exit is judged as `verify` judges it.
pub fn run(req: &BenchRequest, rows: Vec<Row>, out: &mut impl Write) -> Result<Exit, AppError> {
    let search = req.search.command_options()?;
    let (mut records, jobs) = split_rows(rows, ProblemRecord::fault);
    let id_width = records
        .iter()
        .flatten()
        .map(|r| &r.id)
        .chain(jobs.iter().map(|j| &j.problem.id))
        .map(|id| id.chars().count())
        .max()
        .unwrap_or(0)
        .max("problem".len());
    let _ = writeln!(
        out,
        "{:<id_width$}  {:<7}  {:>6}  {:<16}  {:>5}  {:>10}  {:>8}  {:>12}  {:>9}  {:>11}  {:>6}  status",
        "problem",
        "result",
        "length",
        "expected",
        "first",
        "1st-nodes",
        "1st-ms",
        "nodes",
        "ms",
        "nodes/s",
        "table"
    );
    let start = Instant::now();
    let mut jobs = jobs.into_iter().peekable();
    for (row, record) in records.iter_mut().enumerate() {
        let mut stats = Vec::new();
        if jobs.peek().is_some_and(|j| j.row == row) {
            let job = jobs.next().expect("peeked");
            let (r, s) = solve_on_deep_stack(job, &search);
            *record = Some(r);
            stats = s;
        }
        print_row(
            out,
            record.as_ref().expect("every row has a record"),
            id_width,
        );
        write_stats(out, &stats);
    }
    let records: Vec<ProblemRecord> = records.into_iter().flatten().collect();
    print_totals(out, &records, start.elapsed());
    Ok(exit_of(&records, false))
}

fn print_row(out: &mut impl Write, r: &ProblemRecord, id_width: usize) {
    let length = r.length.map_or("-".to_string(), |n| n.to_string());
    let nodes_per_second = if r.ms > 0.0 {
        (r.nodes as f64 * 1000.0 / r.ms).round().to_string()
    } else {
        "-".to_string()
    };
    let (first, first_nodes, first_ms) =
        r.first_mate
            .as_ref()
            .map_or(("-".to_string(), "-".to_string(), "-".to_string()), |m| {
                (
                    m.plies.to_string(),
                    m.nodes.to_string(),
                    m.time_ms.to_string(),
                )
            });
    let _ = writeln!(
        out,
        "{:<id_width$}  {:<7}  {:>6}  {:<16}  {:>5}  {:>10}  {:>8}  {:>12}  {:>9.1}  {:>11}  {:>5.1}%  {}",
        r.id,
        r.result.unwrap_or("error"),
        length,
        r.expected.as_deref().unwrap_or("-"),
        first,
        first_nodes,
        first_ms,
        r.nodes,
        r.ms,
        nodes_per_second,
        r.hash_permille as f64 / 10.0,
        ProblemRecord::word(r.status),
    );
    if r.status != Grade::Good {
        if let Some(message) = &r.message {
            let _ = writeln!(out, "  {}", placed(&r.source, message));
        }
    }
    let _ = out.flush();
}

/// A row's message placed in its source (`file:line`) as every message places a fault:
/// `file:line:column: fault` when the message starts with `column N: `.
fn placed(source: &str, message: &str) -> String {
    let column = message.strip_prefix("column ").and_then(|rest| {
        let (n, fault) = rest.split_once(": ")?;
        n.parse::<usize>().ok().map(|n| (n, fault))
    });
    match column {
        Some((n, fault)) => format!("{source}:{n}: {fault}"),
        None => format!("{source}: {message}"),
    }
}

fn print_totals(out: &mut impl Write, records: &[ProblemRecord], wall: Duration) {
    let solved = records
        .iter()
        .filter(|r| matches!(r.result, Some("mate" | "nomate")) && r.status != Grade::Error)
        .count();
    let nodes: u64 = records.iter().map(|r| r.nodes).sum();
    let ms: f64 = records.iter().map(|r| r.ms).sum();
    let _ = writeln!(
        out,
        "solved {solved} of {} problems; total search time {:.3} s (wall {:.3} s); \
         total nodes {nodes}; {:.0} nodes/s",
        records.len(),
        ms / 1000.0,
        wall.as_secs_f64(),
        nodes as f64 * 1000.0 / ms.max(1e-3),
    );
}
