//! The answer of a solve as every face gives it: the search's report with its refutation, each
//! replayed before anything is shown, and the JSON object that `tsume solve --json`, the server
//! and the Python module print.

use super::line_text::{futile_end_pair, hand_letters, usi_moves};
use super::problem::Posed;
use super::refutation_text::{refutation_json, RefutationJson};
use crate::notation::japanese::line_to_japanese;
use crate::notation::sfen::to_sfen;
use crate::notation::usi::usi_line;
use crate::search::futile::Capturer;
use crate::search::refutation::{refute, verify_refutation};
use crate::search::replay::verify_mate_line;
use crate::search::session::Session;
use crate::search::{Options, Rules};

/// The parts of an answer, as the search gives them: its report and outcome, a mate line, a
/// mate proven on the way, and the refutation of a no mate.
pub use crate::search::refutation::Refutation;
pub use crate::search::{MateFound, MateLine, Outcome, Report, LINE_CHOICE_BUDGET};
use crate::shogi::Position;
use serde::Serialize;

/// A search's answer, every line replayed ([`checked_answer`]).
#[derive(Debug)]
pub struct Answer {
    /// The search's report; a line that failed its replay is no longer in it.
    pub report: Report,
    /// For a position proven to have no mate: the refutation, replayed (`None` if its replay
    /// failed).
    pub refutation: Option<Refutation>,
    /// What failed its replay and is left out of the answer, in words: an internal error of
    /// the solver, for the face to report (empty unless the solver has a bug).
    pub dropped: Vec<String>,
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
    /// What failed its replay and is left out of this answer (a refutation, the line of a mate
    /// not proven shortest), each in words: an internal error to report; empty otherwise.
    pub dropped: Vec<String>,
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
/// dropped, and a refutation is kept only once replayed on a table of its own (each said in
/// [`Answer::dropped`]).
pub fn checked_answer(
    pos: &Position,
    mut report: Report,
    refutation: Option<Refutation>,
    options: &Options,
) -> Result<Answer, String> {
    let mut dropped = Vec::new();
    // The replay keeps to the search's time: what it could not prove again is left out.
    let refutation = refutation.and_then(|tree| match verify_refutation(pos, &tree, options) {
        Ok(shown) => Some(shown),
        Err(fault) => {
            dropped.push(format!(
                "the refutation failed its replay ({fault}); it is not shown"
            ));
            None
        }
    });
    if let Outcome::Mate { line, .. } = &report.outcome {
        if let Err(fault) = verify_mate_line(pos, line) {
            return Err(format!(
                "the solver's line failed the replay check ({fault}); position {}, line {}",
                to_sfen(pos),
                usi_line(&line.moves)
            ));
        }
    }
    if let Outcome::Unknown { found, .. } = &mut report.outcome {
        // The line of a mate not proven shortest is shown only if it replays as a mate.
        if let Some(Err(fault)) = found.as_ref().map(|line| verify_mate_line(pos, line)) {
            dropped.push(format!(
                "the line of the mate found failed the replay check ({fault}); it is not shown"
            ));
            *found = None;
        }
    }
    Ok(Answer {
        report,
        refutation,
        dropped,
    })
}

/// The `--json` object of an answer ([`checked_answer`]) on the problem `posed`, searched
/// under `rules`; `interrupted`: Ctrl-C stopped the search.
pub fn answer_json(posed: &Posed, answer: &Answer, rules: Rules, interrupted: bool) -> SolveJson {
    let pos = &posed.position;
    let mut json = to_json(pos, &answer.report, rules, interrupted);
    json.game_moves = posed.game_moves;
    json.warning = posed.warning.clone();
    json.refutation = answer
        .refutation
        .as_ref()
        .map(|tree| refutation_json(pos, tree));
    json.dropped.clone_from(&answer.dropped);
    json
}

/// The object of `report` alone, without what [`answer_json`] adds.
fn to_json(pos: &Position, report: &Report, rules: Rules, interrupted: bool) -> SolveJson {
    let mut json = SolveJson {
        version: crate::VERSION,
        sfen: to_sfen(pos),
        game_moves: None,
        warning: None,
        rules,
        futile: rules.futile(),
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
        dropped: Vec::new(),
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
