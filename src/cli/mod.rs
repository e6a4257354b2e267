//! Command-line flags: the clap derive types, and the requests they make of the commands.

mod batch;
mod bench;
mod check;
mod perft;
mod request;
mod selfcheck;
mod solve;
mod verify;

use crate::serve::ServeRequest;
use bench::BenchRequest;
use check::CheckRequest;
use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};
use clap_complete::Shell;
use perft::PerftRequest;
pub use request::Request;
use solve::{OutputFormat, SolveRequest};
use std::net::IpAddr;
use std::path::PathBuf;
use std::time::Duration;
use tsume::app::check::CheckSettings;
use tsume::app::exit::AppError;
use tsume::app::problem::{join_problem_words, join_sfen_words};
use tsume::app::selfcheck::SelfcheckRequest;
use tsume::app::settings::{
    default_threads, parse_count, parse_seconds, table_mb, threads, Capturer, RulesName,
    SearchSettings, Setting, SettingError, THREADS_VARIABLE,
};
use tsume::shogi::PieceCounts;
use verify::VerifyRequest;

/// A tsume-shogi (shogi mate problem) solver.
#[derive(Parser, Debug)]
#[command(name = "tsume", version = tsume::LONG_VERSION, about)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Solve a mate problem: the shortest mate, proven, with its main line.
    ///
    /// Exit codes: 0 mate, 1 no mate (proven), 2 input error, 3 unknown (a limit was reached),
    /// 4 internal error, 130 stopped by Ctrl-C (what is known is printed as unknown; a second
    /// Ctrl-C ends at once).
    #[command(after_help = SOLVE_EXAMPLES,
              mut_arg("hash", |a| a.help("Transposition table size in megabytes (shared by --threads)")))]
    Solve {
        /// The problem: SFEN (any form; the side to move attacks; quotes may be left out), a
        /// file holding one, a record file by its extension (`.kif`, UTF-8 if marked so or
        /// valid as UTF-8, else Shift-JIS; `.kifu`, `.ki2`, `.ki2u`, `.csa`), a BOD diagram
        /// (pasted, or in a file of any name), or `-` to read any of these from standard input.
        /// A record's moves are its intended solution; a game record (from 平手 or a handicap)
        /// is solved after its last move.
        #[arg(required = true, value_name = "PROBLEM")]
        problem: Vec<String>,
        /// Take the hands as written: the defender gets no remaining pieces.
        #[arg(long)]
        literal_hands: bool,
        #[command(flatten)]
        search: SearchArgs,
        /// What to print: the full report (text), the line in USI or 日本式, a KIF, or JSON.
        #[arg(long, value_enum, default_value_t = FormatArg::Text)]
        format: FormatArg,
        /// Print a JSON object: the same as `--format json`.
        #[arg(long, conflicts_with = "format")]
        json: bool,
        /// Also write the problem and its solution to FILE as a UTF-8 KIF.
        #[arg(long, value_name = "FILE")]
        kif: Option<PathBuf>,
        /// Threads searching together on one table (`--hash` is their shared size); without
        /// it, the value of TSUME_THREADS, else every core. `--threads 1` searches the same
        /// nodes every run.
        #[arg(long, value_parser = threads_arg, allow_negative_numbers = true)]
        threads: Option<u64>,
        /// Write each mate proven during the search (the first found, then each shorter one)
        /// to standard error at once, as one JSON object a line.
        #[arg(long)]
        progress_json: bool,
    },
    /// Count the leaves of the legal move tree (move-generator check).
    #[command(after_help = PERFT_EXAMPLES)]
    Perft {
        /// The position: SFEN in any form (`sfen …`, `position sfen … moves …`) or `startpos`;
        /// an SFEN typed without quotes is joined into one.
        #[arg(required = true, num_args = 1..)]
        position: Vec<String>,
        /// Depth in plies.
        depth: u32,
        /// Print the count under each first move.
        #[arg(long)]
        divide: bool,
        /// Allow more pieces of a kind than the set holds (up to 3 rooks, 3 bishops, 7 of each
        /// small piece, 31 pawns), as some composed perft positions have.
        #[arg(long)]
        any_counts: bool,
    },
    /// Solve every problem of some collections in parallel and check each answer against the
    /// expected one.
    ///
    /// A PATH is a collection (`.sfen` list or `.tsv` with a `sfen` column), a record file (KIF,
    /// KI2 or CSA: `.kif`, `.kifu`, `.ki2`, `.ki2u`, `.csa`; a CSA file may hold several
    /// records), or a directory of them. Each problem is solved on its own thread with its own
    /// table, so memory is about jobs × hash.
    ///
    /// Exit codes: 0 every problem as expected; 1 a mismatch, or a row that is not a problem;
    /// 2 the run could not start (unreadable path, unknown file type, bad header, unwritable
    /// report); 3 no mismatch but a limit left some problem unknown; 4 internal error; 130
    /// stopped by Ctrl-C (the summary and the report cover what finished).
    #[command(after_help = VERIFY_EXAMPLES,
              mut_arg("hash", |a| a.help(HASH_PER_PROBLEM)),
              mut_arg("rules", |a| a.help(RULES_WITH_COLUMN)))]
    Verify {
        /// Collection files (`.sfen`, `.tsv`), record files (`.kif`, `.kifu`, `.ki2`, `.ki2u`,
        /// `.csa`) or directories of them.
        #[arg(required = true, value_name = "PATH")]
        paths: Vec<PathBuf>,
        /// Problems solved at once (default: the number of cores). Memory is about jobs × hash.
        #[arg(long, value_parser = jobs_arg, allow_negative_numbers = true)]
        jobs: Option<u64>,
        #[command(flatten)]
        search: SearchArgs,
        /// The TSV column holding the expected length, instead of the one the rules choose.
        #[arg(long, value_name = "NAME")]
        length_column: Option<String>,
        /// Write a JSON report with one record per problem (written whole or not at all).
        #[arg(long, value_name = "FILE.json")]
        report: Option<PathBuf>,
        /// No progress bar; the summary gives only the totals.
        #[arg(long, short)]
        quiet: bool,
    },
    /// Prove a composed problem sound, or find its flaws: cooks (余詰), early mates (早詰),
    /// longer defences (変長), pieces left over (駒余り), a line that does not mate (不詰), and
    /// the notes the conventions tolerate (最終手余詰, 非限定, 迂回手順, 変同, 2手変長).
    ///
    /// The moves after the SFEN (`… moves G*5b 4a5b …`) are the intended solution, not moves to
    /// play before solving; a TSV collection may give it in a `line` column. Without one, the
    /// solver's own line is checked, and the report says so. A PROBLEM that is a directory or a
    /// `.sfen`/`.tsv` file (or several PROBLEMs) is checked as collections, in parallel.
    ///
    /// Exit codes: 0 sound, 1 flawed (collections: or a row that is not a problem), 2 input
    /// error, 3 undecided (a limit stopped some search), 4 internal error, 130 stopped by Ctrl-C.
    #[command(after_help = CHECK_EXAMPLES,
              mut_arg("hash", |a| a.default_value("64").help(
                  "Transposition table size in megabytes, one table for all the searches of a \
                   problem (collections: memory is about jobs × hash)")))]
    Check {
        /// The problem (SFEN with the intended solution after `moves`, or a file holding one), or
        /// collection files and directories.
        #[arg(required = true, value_name = "PROBLEM")]
        problems: Vec<String>,
        /// Take the hands as written: the defender gets no remaining pieces.
        #[arg(long)]
        literal_hands: bool,
        /// Collections: problems checked at once (default: the number of cores). Memory is about
        /// jobs × hash.
        #[arg(long, value_parser = jobs_arg, allow_negative_numbers = true)]
        jobs: Option<u64>,
        #[command(flatten)]
        search: SearchArgs,
        /// Stop a problem's whole check after this many nodes (what is left is undecided).
        #[arg(long, value_name = "N", value_parser = total_nodes_arg, allow_negative_numbers = true)]
        total_nodes: Option<u64>,
        /// Stop a problem's whole check after this many seconds (what is left is undecided).
        #[arg(long, value_name = "S", value_parser = total_time_arg, allow_negative_numbers = true)]
        total_time: Option<Duration>,
        /// Print JSON instead of text (collections: the report).
        #[arg(long)]
        json: bool,
        /// Collections: write a JSON report (written whole or not at all).
        #[arg(long, value_name = "FILE.json")]
        report: Option<PathBuf>,
        /// One problem: also write the main line with each finding's evidence as a 変化
        /// branch at its ply, and the finding as a comment, to FILE as a UTF-8 KIF.
        #[arg(long, value_name = "FILE")]
        kif: Option<PathBuf>,
        /// No progress display; a collection's summary gives only the totals.
        #[arg(long, short)]
        quiet: bool,
    },
    /// Solve the problems of some collections one after another on one thread and print what
    /// each search cost: result, length, nodes, time, nodes per second, table use.
    ///
    /// Exit codes as for `verify`.
    #[command(after_help = BENCH_EXAMPLES,
              mut_arg("hash", |a| a.help("Transposition table size in megabytes, per problem")),
              mut_arg("rules", |a| a.help(RULES_WITH_COLUMN)))]
    Bench {
        /// Collection files or directories of them.
        #[arg(required = true, value_name = "FILE")]
        paths: Vec<PathBuf>,
        #[command(flatten)]
        search: SearchArgs,
        /// The TSV column holding the expected length, instead of the one the rules choose.
        #[arg(long, value_name = "NAME")]
        length_column: Option<String>,
        /// Threads searching each problem together on one table.
        #[arg(long, default_value_t = 1, value_parser = threads_arg, allow_negative_numbers = true)]
        threads: u64,
        /// Under each row, for each search of the shortest-mate loop (the last disproves a mate
        /// two plies shorter): visits and positions, visits by ply, table fill and entries given
        /// up, near-twin checks' share of disproof numbers, the largest subtrees under the
        /// root's checks and their replies. The first thread's visits only; nodes unchanged.
        #[arg(long)]
        stats: bool,
        /// Experimental: chain a defender's unguarded non-checking drops under a length bound
        /// too (as without one). The answers stay; the nodes change.
        #[arg(long)]
        defer_drops_under_bound: bool,
    },
    /// Check the solver against a second, plain algorithm: generate seeded random tsume
    /// positions (Black attacks, White holds the remaining pieces) and solve each with df-pn and
    /// with a bounded AND/OR search of every legal check and every legal reply up to 7 plies.
    ///
    /// Rules of the game only (minimax length, every defence counted); tsume rules are not
    /// compared. The answers must agree: a df-pn mate of at most 7 plies is the bounded search's
    /// shortest, a longer mate or no mate is none within 7; every df-pn line is also replayed.
    /// When the whole df-pn search reaches its limit, df-pn bounded to 7 plies answers instead;
    /// a search stopped by its limit is counted as unknown, not compared. Position i depends
    /// only on the seed and i, not on --jobs.
    ///
    /// Exit codes: 0 every answer agrees, 1 a disagreement (each printed with its SFEN and both
    /// answers), 2 bad arguments, 4 internal error.
    #[command(after_help = SELFCHECK_EXAMPLES)]
    Selfcheck {
        /// How many random positions.
        #[arg(long, value_name = "N", value_parser = positions_arg, allow_negative_numbers = true)]
        random: u64,
        /// The seed of the positions.
        #[arg(long, value_name = "S", default_value_t = 1)]
        seed: u64,
        /// Positions solved at once (default: the number of cores).
        #[arg(long, value_parser = jobs_arg, allow_negative_numbers = true)]
        jobs: Option<u64>,
        /// Stop df-pn's whole search of a position after this many nodes; df-pn bounded to 7
        /// plies then answers, under the same limit (unknown if it too reaches it).
        #[arg(long, value_name = "N", default_value_t = 100_000,
              value_parser = nodes_arg, allow_negative_numbers = true)]
        nodes: u64,
        /// Stop each df-pn search of a position after this many seconds (as for --nodes).
        #[arg(long, value_name = "S", value_parser = time_arg, allow_negative_numbers = true)]
        time: Option<Duration>,
        /// df-pn's transposition table per position, in megabytes (memory is about jobs × hash).
        #[arg(long, value_name = "MB", default_value_t = 16,
              value_parser = hash_arg, allow_negative_numbers = true)]
        hash: u64,
        /// Stop the bounded search on a position after this many nodes (then unknown).
        #[arg(long, value_name = "N", default_value_t = 20_000_000,
              value_parser = nodes_arg, allow_negative_numbers = true)]
        bounded_nodes: u64,
        /// Print the summary as a JSON object.
        #[arg(long)]
        json: bool,
        /// No progress bar.
        #[arg(long, short)]
        quiet: bool,
    },
    /// Run as a USI mate engine for shogi GUIs: read USI commands on standard input, answer
    /// `go mate` with one `checkmate` line on standard output.
    ///
    /// Options (set by the GUI): USI_Hash, Threads, Rules (Tsume or Game), FutileCapture (Any or
    /// Checker), DefenderHasRest (the defender holds every piece not on the board or in a hand).
    /// `--hash`, `--rules` and `--futile` are the defaults of USI_Hash, Rules and FutileCapture,
    /// which the GUI may change; `--nodes` and `--time` limit every search (`go mate <ms>` may
    /// only shorten the time), which then answers `checkmate timeout`.
    ///
    /// Exit codes: 0 after `quit` or the end of the input, 1 the input could not be read, 130
    /// stopped by Ctrl-C.
    #[command(after_help = USI_EXAMPLES,
              mut_arg("hash", |a| a.help("The default of USI_Hash: the table size in megabytes")),
              mut_arg("rules", |a| a.help("The default of the Rules option: how mate lengths are counted")),
              mut_arg("futile", |a| a.help(
                  "The default of FutileCapture: which attacker pieces may take an interposed \
                   piece for the drop to count as futile")))]
    Usi {
        #[command(flatten)]
        search: SearchArgs,
    },
    /// Serve the workbench: a page to set up a problem on a board, solve it and check it, and
    /// its JSON API (docs/serve.md), on a local HTTP server.
    ///
    /// It listens on 127.0.0.1 and answers only its own page: requests whose Host or Origin is
    /// another site are refused. Ctrl-C stops the search under way and the server (exit 0).
    ///
    /// Exit codes: 0 after Ctrl-C, 2 the address cannot be listened on, 4 internal error.
    #[command(after_help = SERVE_EXAMPLES)]
    Serve {
        /// The port (0: any free port; the URL printed says which).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// Open the page in the default browser.
        #[arg(long)]
        open: bool,
        /// Listen on this address instead of 127.0.0.1 (a warning says that anyone who can
        /// reach it can use the server).
        #[arg(long, value_name = "ADDR")]
        host: Option<IpAddr>,
        /// Threads searching each problem the page solves together; without it, the value of
        /// TSUME_THREADS, else every core. A check searches on one.
        #[arg(long, value_parser = threads_arg, allow_negative_numbers = true)]
        threads: Option<u64>,
    },
    /// Print a shell's completion script for tsume (bash, zsh, fish, powershell, elvish).
    ///
    /// Exit codes: 0, or 2 for a shell not known.
    #[command(after_help = COMPLETIONS_EXAMPLES)]
    Completions {
        /// The shell.
        shell: Shell,
    },
    /// Print tsume's manual page (roff), every command with its options.
    ///
    /// Exit codes: 0.
    #[command(after_help = MAN_EXAMPLES)]
    Man,
}

/// The limits and the table of each search, shared by the commands that solve. A search stopped
/// by a limit answers "unknown", never "no mate".
#[derive(Args, Debug, Clone)]
pub struct SearchArgs {
    /// Stop each search after this many nodes.
    #[arg(long, value_parser = nodes_arg, allow_negative_numbers = true)]
    pub nodes: Option<u64>,
    /// Stop each search after this many seconds.
    #[arg(long, value_parser = time_arg, allow_negative_numbers = true)]
    pub time: Option<Duration>,
    /// Transposition table size in megabytes, per search (each command states its own use).
    #[arg(long, default_value_t = 256, value_parser = hash_arg, allow_negative_numbers = true)]
    pub hash: u64,
    /// How mate lengths are counted.
    #[arg(long, value_enum, default_value_t = RulesArg::Tsume)]
    pub rules: RulesArg,
    /// Tsume rules: which attacker pieces may take an interposed piece for the drop to count as
    /// futile.
    #[arg(long, value_enum, default_value_t = FutileArg::Any)]
    pub futile: FutileArg,
}

/// `--hash` of the commands that solve each problem of a collection on its own table.
const HASH_PER_PROBLEM: &str =
    "Transposition table size in megabytes, per problem (memory is about jobs × hash)";

/// `--rules` of the commands that read a collection's expected lengths.
const RULES_WITH_COLUMN: &str =
    "How mate lengths are counted; also chooses the TSV column of the expected length";

// The examples at the end of each command's help: commands a user can run from the
// repository's root (the bundled `problems/`), or with a file of their own named for what it
// holds.

const SOLVE_EXAMPLES: &str = "\
Examples:
  tsume solve \"4k4/9/4P4/9/9/9/9/9/9 b G 1\"
  tsume solve problem.kif --format ja --kif solution.kif
  tsume solve - < diagram.bod";

const PERFT_EXAMPLES: &str = "\
Examples:
  tsume perft startpos 5
  tsume perft \"sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\" 3 --divide";

const VERIFY_EXAMPLES: &str = "\
Examples:
  tsume verify problems/short.tsv problems/zuko-short.tsv
  tsume verify problems/mate357.sfen --rules game --report report.json
  tsume verify problems/ --time 10 --jobs 2";

const CHECK_EXAMPLES: &str = "\
Examples:
  tsume check \"4k4/9/4P4/9/9/9/9/9/9 b G 1 moves G*5b\"
  tsume check problem.kif --kif findings.kif
  tsume check problems/zuko-check.tsv --report check.json";

const BENCH_EXAMPLES: &str = "\
Examples:
  tsume bench problems/short.tsv problems/zuko-short.tsv
  tsume bench problems/zuko-hard.tsv --rules game --hash 1024
  tsume bench problems/zuko-short.tsv --stats --defer-drops-under-bound";

const SELFCHECK_EXAMPLES: &str = "\
Examples:
  tsume selfcheck --random 10000 --seed 1
  tsume selfcheck --random 1000 --nodes 50000 --json --quiet";

const SERVE_EXAMPLES: &str = "\
Examples:
  tsume serve --open
  tsume serve --port 0";

const COMPLETIONS_EXAMPLES: &str = "\
Examples:
  tsume completions bash > tsume.bash
  tsume completions zsh > _tsume";

const MAN_EXAMPLES: &str = "\
Examples:
  tsume man > tsume.1
  tsume man | man -l -";

const USI_EXAMPLES: &str = "\
Examples:
  tsume usi                        (the command a GUI runs as its engine)
  tsume usi --hash 1024 --rules game";

/// What `solve` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// The diagram, the verdict, the line in USI and 日本式, the search figures.
    Text,
    /// One line: the mate's USI moves, `nomate` or `unknown`.
    Usi,
    /// The mate in 日本式 and its length, `不詰` or `unknown`.
    Ja,
    /// The problem and its solution as a UTF-8 KIF.
    Kif,
    /// A JSON object.
    Json,
}

/// Which attacker pieces may take a futile interposition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FutileArg {
    /// Only the checking piece.
    Checker,
    /// Any attacker piece whose capture gives check.
    Any,
}

/// How mate lengths are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RulesArg {
    /// The rules of the game: every legal defence counted (minimax length).
    Game,
    /// The tsume conventions: futile interpositions not counted, no pieces left over.
    Tsume,
}

/// What the binary runs: a command of the app, the workbench's server, or text made from the
/// flags' own definitions.
pub enum Run {
    /// A command of the app.
    App(Request),
    /// `tsume serve`.
    Serve(ServeRequest),
    /// `tsume completions` and `tsume man`: the text to print.
    Print(Vec<u8>),
}

/// A shell's completion script for the flags defined here.
pub fn completions(shell: Shell) -> Vec<u8> {
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "tsume", &mut out);
    out
}

/// `text` as roff: backslashes escaped, no line read as a request.
fn roff_text(text: &str) -> String {
    text.replace('\\', "\\e")
        .lines()
        .map(|l| match l.starts_with(['.', '\'']) {
            true => format!("\\&{l}"),
            false => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The manual page of the flags defined here, every subcommand in it.
pub fn man_page() -> Vec<u8> {
    let command = Cli::command();
    let mut out = Vec::new();
    let man = clap_mangen::Man::new(command.clone());
    // Writing to memory does not fail.
    let _ = man.render_title(&mut out);
    let _ = man.render_name_section(&mut out);
    let _ = man.render_synopsis_section(&mut out);
    let _ = man.render_description_section(&mut out);
    let _ = man.render_options_section(&mut out);
    let subcommands: Vec<_> = command
        .get_subcommands()
        .filter(|c| c.get_name() != "help")
        .collect();
    out.extend_from_slice(b".SH COMMANDS\n");
    for sub in &subcommands {
        let about = sub.get_about().map(|a| a.to_string()).unwrap_or_default();
        out.extend_from_slice(
            format!(
                ".TP\n\\fBtsume {}\\fR\n{}\n",
                sub.get_name(),
                roff_text(&about)
            )
            .as_bytes(),
        );
    }
    for sub in subcommands {
        out.extend_from_slice(
            format!(".SH \"TSUME {}\"\n", sub.get_name().to_uppercase()).as_bytes(),
        );
        let page = clap_mangen::Man::new(sub.clone().name(format!("tsume {}", sub.get_name())));
        let _ = page.render_synopsis_section(&mut out);
        let _ = page.render_description_section(&mut out);
        let _ = page.render_options_section(&mut out);
    }
    let _ = man.render_version_section(&mut out);
    out
}

impl Command {
    /// What the flags ask to run; flags the machine cannot serve (a `--hash` too large) are
    /// refused here, before any command starts.
    pub fn into_run(self) -> Result<Run, AppError> {
        match self {
            Command::Serve {
                port,
                open,
                host,
                threads,
            } => Ok(Run::Serve(ServeRequest {
                host,
                port,
                open,
                threads: threads_or_default(threads)? as usize,
            })),
            Command::Completions { shell } => Ok(Run::Print(completions(shell))),
            Command::Man => Ok(Run::Print(man_page())),
            command => command.into_request().map(Run::App),
        }
    }

    /// The app's request the flags make.
    fn into_request(self) -> Result<Request, AppError> {
        Ok(match self {
            Command::Perft {
                position,
                depth,
                divide,
                any_counts,
            } => Request::Perft(PerftRequest {
                position: join_problem_words(&position).map_err(|_| {
                    AppError::Usage(format!(
                        "{} words where one position is wanted; quote an SFEN (tsume perft \
                         \"sfen … b - 1\" 3)",
                        position.len()
                    ))
                })?,
                depth,
                divide,
                limit: if any_counts {
                    PieceCounts::Extended
                } else {
                    PieceCounts::Standard
                },
            }),
            Command::Solve {
                problem,
                literal_hands,
                search,
                format,
                json,
                kif,
                threads,
                progress_json,
            } => Request::Solve(SolveRequest {
                problem: join_problem_words(&problem)?,
                literal_hands,
                search: search.checked(threads_or_default(threads)?)?,
                format: if json {
                    OutputFormat::Json
                } else {
                    format.into()
                },
                kif,
                progress_json,
            }),
            Command::Verify {
                paths,
                jobs,
                search,
                length_column,
                report,
                quiet,
            } => Request::Verify(VerifyRequest {
                paths,
                jobs: jobs.map(|j| j as usize),
                search: search.checked(1)?,
                length_column,
                report,
                quiet,
            }),
            Command::Check {
                problems,
                literal_hands,
                jobs,
                search,
                total_nodes,
                total_time,
                json,
                report,
                kif,
                quiet,
            } => Request::Check(CheckRequest {
                problems: join_sfen_words(problems),
                literal_hands,
                settings: CheckSettings::new(&search.settings(1), total_nodes, total_time)
                    .map_err(usage)?,
                jobs: jobs.map(|j| j as usize),
                json,
                report,
                kif,
                quiet,
            }),
            Command::Bench {
                paths,
                search,
                length_column,
                threads,
                stats,
                defer_drops_under_bound,
            } => Request::Bench(BenchRequest {
                paths,
                search: checked(SearchSettings {
                    stats,
                    defer_drops_under_bound,
                    ..search.settings(threads)
                })?,
                length_column,
            }),
            Command::Selfcheck {
                random,
                seed,
                jobs,
                nodes,
                time,
                hash,
                bounded_nodes,
                json,
                quiet,
            } => Request::Selfcheck(SelfcheckRequest {
                count: random,
                seed,
                jobs: jobs.map(|j| j as usize),
                nodes,
                time,
                hash_mb: table_mb(hash).map_err(usage)?,
                bounded_nodes,
                json,
                quiet,
            }),
            Command::Usi { search } => Request::Usi(search.checked(1)?),
            Command::Serve { .. } | Command::Completions { .. } | Command::Man => {
                return Err(AppError::Usage(
                    "serve, completions and man are not commands of the app".into(),
                ))
            }
        })
    }
}

impl SearchArgs {
    /// The settings the flags give, with `threads` threads.
    fn settings(&self, threads: u64) -> SearchSettings {
        SearchSettings {
            rules: match self.rules {
                RulesArg::Game => RulesName::Game,
                RulesArg::Tsume => RulesName::Tsume,
            },
            futile: self.capturer(),
            hash_mb: self.hash,
            threads,
            time: self.time.map(|t| t.as_secs_f64()),
            nodes: self.nodes,
            ..SearchSettings::default()
        }
    }

    /// Who may take a futile interposition, as `--futile` says (whatever `--rules`).
    fn capturer(&self) -> Capturer {
        match self.futile {
            FutileArg::Checker => Capturer::Checker,
            FutileArg::Any => Capturer::Any,
        }
    }

    /// The search settings the flags ask for, with `threads` threads, every value checked.
    fn checked(&self, threads: u64) -> Result<SearchSettings, AppError> {
        checked(self.settings(threads))
    }
}

impl From<FormatArg> for OutputFormat {
    fn from(format: FormatArg) -> OutputFormat {
        match format {
            FormatArg::Text => OutputFormat::Text,
            FormatArg::Usi => OutputFormat::Usi,
            FormatArg::Ja => OutputFormat::Ja,
            FormatArg::Kif => OutputFormat::Kif,
            FormatArg::Json => OutputFormat::Json,
        }
    }
}

/// `settings` once their values are checked: a table the machine cannot give, a limit out of
/// range is a usage error.
fn checked(settings: SearchSettings) -> Result<SearchSettings, AppError> {
    settings.command_options()?;
    Ok(settings)
}

/// A refused setting as a usage error, named by its flag.
fn usage(e: SettingError) -> AppError {
    AppError::Usage(e.for_command_line())
}

// The parsers of the numeric flags: each value read once, by the settings' own rules, so that
// every face refuses the same values with the same words (clap names the flag before them).

fn time_arg(s: &str) -> Result<Duration, String> {
    parse_seconds(Setting::Time, s).map_err(|e| e.expected)
}

fn total_time_arg(s: &str) -> Result<Duration, String> {
    parse_seconds(Setting::TotalTime, s).map_err(|e| e.expected)
}

fn nodes_arg(s: &str) -> Result<u64, String> {
    parse_count(Setting::Nodes, s, 1).map_err(|e| e.expected)
}

fn total_nodes_arg(s: &str) -> Result<u64, String> {
    parse_count(Setting::TotalNodes, s, 1).map_err(|e| e.expected)
}

fn positions_arg(s: &str) -> Result<u64, String> {
    parse_count(Setting::Nodes, s, 1).map_err(|e| e.expected)
}

fn hash_arg(s: &str) -> Result<u64, String> {
    parse_count(Setting::Hash, s, 1).map_err(|e| e.expected)
}

fn jobs_arg(s: &str) -> Result<u64, String> {
    parse_count(Setting::Jobs, s, 1).map_err(|e| e.expected)
}

/// The threads `--threads` asks for, else the default ([`default_threads`]).
fn threads_or_default(threads: Option<u64>) -> Result<u64, AppError> {
    match threads {
        Some(t) => Ok(t),
        None => default_threads(std::env::var(THREADS_VARIABLE).ok().as_deref())
            .map(|t| t as u64)
            .map_err(AppError::Usage),
    }
}

fn threads_arg(s: &str) -> Result<u64, String> {
    let n = parse_count(Setting::Threads, s, 1).map_err(|e| e.expected)?;
    threads(n).map(|t| t as u64).map_err(|e| e.expected)
}
