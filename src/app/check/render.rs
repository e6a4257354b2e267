//! A check's report as text and as JSON: the main line and each finding's evidence in 日本式 and
//! USI.

use super::walk::Walk;
use super::{CheckReport, Class, Finding, Kind, LineSource, Verdict};
use crate::app::line_text::{
    bracket_futile, count, futile_end_pair, hand_letters, name_move_in_japanese, plies, rules_text,
    usi_moves,
};
use crate::notation::diagram::{diagram, hand_to_japanese};
use crate::notation::japanese::move_to_japanese;
use crate::notation::record::Record;
use crate::notation::sfen::to_sfen;
use crate::search::futile::{self, Capturer};
use crate::search::{MateLine, Rules, Step};
use crate::shogi::{Move, Position, Square};
use serde::Serialize;
use std::io::Write;

/// The `--json` output of `check` for one problem.
#[derive(Clone, Debug, Serialize, ts_rs::TS)]
#[ts(rename = "CheckAnswer")]
pub struct CheckJson {
    /// The version of tsume that wrote it.
    pub version: &'static str,
    /// The problem as checked (after the hand convention), canonical SFEN.
    pub sfen: String,
    /// `tsume` or `game`.
    #[ts(type = "\"tsume\" | \"game\"")]
    pub rules: Rules,
    /// Tsume rules: who may capture a futile interposition (null under game rules).
    #[ts(type = "\"any\" | \"checker\" | null")]
    pub futile: Option<Capturer>,
    /// `sound`, `flawed` or `undecided`.
    pub verdict: Verdict,
    /// `given` (the intended line came with the problem) or `solver` (none did: the solver's
    /// line was checked).
    pub line_source: LineSource,
    /// The main line's length as counted (null when there is no main line).
    pub length: Option<usize>,
    /// The main line in USI, every ply played; a given line that failed its replay as given.
    pub line: Vec<String>,
    /// The main line in 日本式; of a failed given line, its legal plies only.
    pub line_ja: Vec<String>,
    /// 1-based plies of `line` that are futile interpositions (each followed by its capture;
    /// neither counted).
    pub futile_plies: Vec<usize>,
    /// When the line ends at a check whose every reply is a futile interposition: one such
    /// drop and its capture (USI), not counted; as in `solve`.
    pub futile_end: Option<[String; 2]>,
    /// The attacker's pieces in hand at the end of the main line, SFEN letters (`""`: none).
    pub pieces_left: String,
    /// The findings, the whole problem's first, then by ply.
    pub findings: Vec<FindingJson>,
    /// Searches run.
    pub searches: u64,
    /// Nodes over all searches.
    pub nodes: u64,
    /// Wall time in milliseconds.
    pub time_ms: u64,
    /// Ctrl-C stopped the check, leaving what it cut short undecided (never in a collection's
    /// records: an interrupted check is left out).
    pub interrupted: bool,
    /// The composer's title (a record file's `作品名`); absent when not given.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub title: Option<String>,
    /// The composer (a record file's `作者`); absent when not given.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub author: Option<String>,
    /// What was wrong in the file beside the main line (a side line's move that cannot be
    /// played, placed in the file), which the check is not concerned with; absent when none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[ts(optional = nullable)]
    pub warnings: Vec<String>,
}

/// What the report says of a problem beside its check: the title and the author a composer's
/// record gives, and the warnings on the record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct About {
    /// `作品名`.
    pub title: Option<String>,
    /// `作者`.
    pub author: Option<String>,
    /// Warnings on the record, each placed in its file.
    pub warnings: Vec<String>,
}

impl About {
    /// What `record` (the problem's file, if any) and `warnings` say.
    pub fn of(record: Option<&Record>, warnings: &[String]) -> About {
        let header = |name: &str| {
            record
                .and_then(|r| r.header(name))
                .map(str::trim)
                .filter(|v| !v.is_empty())
                .map(str::to_string)
        };
        About {
            title: header("作品名"),
            author: header("作者"),
            warnings: warnings.to_vec(),
        }
    }

    /// Puts what it says into `json`.
    pub fn put_in(&self, json: &mut CheckJson) {
        json.title.clone_from(&self.title);
        json.author.clone_from(&self.author);
        json.warnings.clone_from(&self.warnings);
    }
}

/// One finding in the JSON output.
#[derive(Clone, Debug, Serialize, ts_rs::TS)]
#[ts(rename = "Finding")]
pub struct FindingJson {
    /// What it is: `cook`, `early-mate`, `longer-defence`, `escape`, `no-mate`, `wrong-line`,
    /// `pieces-left`, `final-move`, `unlimited`, `detour`, `equal-defence`,
    /// `two-plies-longer`, `undecided`.
    pub kind: Kind,
    /// The composers' name (余詰, 変長, …).
    pub name: &'static str,
    /// `flaw`, `note` or `undecided`.
    pub class: Class,
    /// The 1-based ply of the main line where it occurs, numbered as played (an index into
    /// `line`, like `futile_plies`); null: the whole problem.
    pub ply: Option<usize>,
    /// The same ply as counted, futile interpositions and their captures before it left out
    /// (null with `ply`).
    pub counted_ply: Option<usize>,
    /// The evidence from the position before `ply` (from the start when null), its first move
    /// the alternative, in USI.
    pub line: Vec<String>,
    /// The evidence in 日本式.
    pub line_ja: Vec<String>,
    /// 1-based plies of `line` that are futile interpositions.
    pub futile_plies: Vec<usize>,
    /// The plies the alternative lasts, as counted (null when unknown or none).
    pub length: Option<usize>,
    /// The plies the main line has left at `ply`.
    pub main_left: Option<usize>,
    /// In words.
    pub message: String,
    /// In Japanese, its move in 日本式 (the words `check --kif` writes after the name).
    pub message_ja: String,
}

/// The main line as displayed: the line (or the legal plies of a failed given line) and the
/// positions along it.
struct Shown {
    line: MateLine,
    walk: Walk,
}

fn shown(start: &Position, report: &CheckReport) -> Shown {
    let line = match (&report.line, &report.given) {
        (Some(line), _) => line.clone(),
        (None, Some(given)) => {
            // The legal plies of the failed line, replayed without futile pairs.
            let legal = (1..=given.len())
                .rev()
                .find(|&n| prefix_is_legal(start, &given[..n]))
                .unwrap_or(0);
            MateLine::plain(given[..legal].to_vec())
        }
        (None, None) => MateLine::default(),
    };
    let walk = Walk::new(start, &line);
    Shown { line, walk }
}

/// Whether every move of `moves` is legal in turn from `start`.
fn prefix_is_legal(start: &Position, moves: &[Move]) -> bool {
    let mut pos = start.clone();
    moves.iter().all(|&m| {
        let ok = crate::shogi::movegen::is_legal(&pos, m);
        if ok {
            pos.make_move(m);
        }
        ok
    })
}

/// The 日本式 text of `line` from `pos`, where the move before went to `previous_to`; futile
/// pairs are played into their virtual positions.
pub fn japanese(pos: &Position, line: &MateLine, previous_to: Option<Square>) -> Vec<String> {
    let mut pos = pos.clone();
    let mut previous = previous_to;
    let mut out = Vec::with_capacity(line.moves.len());
    for (_, step) in line.steps() {
        match step {
            Step::Futile(f) => {
                out.push(move_to_japanese(&pos, f.drop, previous));
                let mut real = pos.clone();
                real.make_move(f.drop);
                out.push(move_to_japanese(&real, f.capture, Some(f.drop.to())));
                previous = Some(f.capture.to());
                futile::enter(&mut pos, f);
            }
            Step::Move(m) => {
                out.push(move_to_japanese(&pos, m, previous));
                previous = Some(m.to());
                pos.make_move(m);
            }
        }
    }
    out
}

/// A finding's evidence in 日本式, from the main line's position before its ply.
fn finding_japanese(shown: &Shown, start: &Position, f: &Finding) -> Vec<String> {
    if f.line.moves.is_empty() {
        return Vec::new();
    }
    match f.ply {
        None => japanese(start, &f.line, None),
        Some(ply) => match shown.walk.positions.get(ply - 1) {
            Some(pos) => {
                let previous = ply
                    .checked_sub(2)
                    .and_then(|p| shown.line.moves.get(p))
                    .map(|m| m.to());
                japanese(pos, &f.line, previous)
            }
            None => Vec::new(),
        },
    }
}

/// The main line's ply `ply` (1-based, as played) as counted: a counted move or a futile drop
/// (which stands in for the defender's reply) is one more than the plies counted before it; the
/// capture of a futile drop belongs to the counted ply before the pair.
fn counted_ply(shown: &Shown, ply: usize) -> usize {
    let k = ply - 1;
    let Some(&before) = shown.walk.counted.get(k) else {
        return ply;
    };
    if k >= 1 && shown.line.futile.contains(&(k - 1)) {
        before
    } else {
        before + 1
    }
}

/// The JSON object of a report on the problem `start`.
pub fn to_json(start: &Position, report: &CheckReport, rules: Rules) -> CheckJson {
    let shown = shown(start, report);
    let attacker = start.side_to_move();
    let main = report.line.as_ref();
    CheckJson {
        version: crate::VERSION,
        sfen: to_sfen(start),
        rules,
        futile: rules.futile(),
        verdict: report.verdict,
        line_source: report.source,
        length: main.map(MateLine::length),
        line: match (main, &report.given) {
            (Some(line), _) => usi_moves(&line.moves),
            (None, Some(given)) => usi_moves(given),
            (None, None) => Vec::new(),
        },
        line_ja: japanese(start, &shown.line, None),
        futile_plies: shown.line.futile.iter().map(|i| i + 1).collect(),
        futile_end: main
            .and_then(|l| futile_end_pair(start, l))
            .map(|(usi, _)| usi),
        pieces_left: main
            .map(|l| hand_letters(l.end_position(start).hand(attacker), attacker))
            .unwrap_or_default(),
        findings: report
            .findings
            .iter()
            .map(|f| FindingJson {
                kind: f.kind,
                name: f.kind.japanese(),
                class: f.kind.class(),
                ply: f.ply,
                counted_ply: f.ply.map(|p| counted_ply(&shown, p)),
                line: usi_moves(&f.line.moves),
                line_ja: finding_japanese(&shown, start, f),
                futile_plies: f.line.futile.iter().map(|i| i + 1).collect(),
                length: f.length,
                main_left: f.main_left,
                message: f.message.clone(),
                message_ja: super::kif::finding_message_ja(start, report, f),
            })
            .collect(),
        searches: report.searches,
        nodes: report.nodes,
        time_ms: report.elapsed.as_millis() as u64,
        interrupted: report.interrupted,
        title: None,
        author: None,
        warnings: Vec::new(),
    }
}

/// A finding's words as the text output gives them: its move (the first of its evidence) in
/// 日本式, as the lines are read; the JSON keeps USI.
fn message_in_japanese(f: &FindingJson) -> String {
    match (f.line.first(), f.line_ja.first()) {
        (Some(usi), Some(ja)) => name_move_in_japanese(&f.message, usi, ja),
        _ => f.message.clone(),
    }
}

/// The words for a kind in the text output.
pub fn kind_words(kind: Kind) -> &'static str {
    match kind {
        Kind::Cook => "cook",
        Kind::EarlyMate => "early mate",
        Kind::LongerDefence => "longer defence",
        Kind::Escape => "no mate after a defence",
        Kind::NoMate => "no mate",
        Kind::WrongLine => "the intended line fails",
        Kind::PiecesLeft => "pieces left over",
        Kind::FinalMove => "another mate on the last move",
        Kind::Unlimited => "unlimited choice",
        Kind::Detour => "detour",
        Kind::EqualDefence => "defence of equal length",
        Kind::TwoPliesLonger => "defence two plies longer with pieces over",
        Kind::Undecided => "undecided",
    }
}

fn class_words(class: Class) -> &'static str {
    match class {
        Class::Flaw => "flaw",
        Class::Note => "note",
        Class::Undecided => "undecided",
    }
}

/// The verdict in a word.
pub fn verdict_words(v: Verdict) -> &'static str {
    match v {
        Verdict::Sound => "sound",
        Verdict::Flawed => "flawed",
        Verdict::Undecided => "undecided",
    }
}

/// The human-readable report on the problem `start`.
pub fn print_text(start: &Position, report: &CheckReport, rules: Rules, out: &mut impl Write) {
    print_text_about(start, report, rules, &About::default(), out);
}

/// [`print_text`] naming the problem's title and author first, when `about` gives them, and its
/// warnings before the verdict.
pub fn print_text_about(
    start: &Position,
    report: &CheckReport,
    rules: Rules,
    about: &About,
    out: &mut impl Write,
) {
    let json = to_json(start, report, rules);
    let rules_text = rules_text(rules);
    let names: Vec<String> = [("作品名", &about.title), ("作者", &about.author)]
        .iter()
        .filter_map(|(name, value)| value.as_ref().map(|v| format!("{name}：{v}")))
        .collect();
    if !names.is_empty() {
        let _ = writeln!(out, "{}", names.join("　"));
    }
    let _ = write!(out, "{}", diagram(start));
    let _ = writeln!(out, "sfen: {}", json.sfen);
    // Plies are numbered as played; a line with futile pairs gives both counts.
    let rules_text = match report.line.as_ref() {
        Some(line) if !line.futile.is_empty() => format!(
            "{rules_text}; {} played, numbered as played: the futile interpositions in \
             parentheses and their captures are not counted",
            line.moves.len()
        ),
        _ => rules_text.to_string(),
    };
    match (report.source, json.length) {
        (LineSource::Given, Some(n)) => {
            let _ = writeln!(out, "intended line: {} ({rules_text})", plies(n));
        }
        (LineSource::Given, None) => {
            let _ = writeln!(out, "intended line (it fails, see below):");
        }
        (LineSource::Solver, Some(n)) => {
            let _ = writeln!(
                out,
                "no intended line given: the solver's line is checked, {} ({rules_text})",
                plies(n)
            );
        }
        (LineSource::Solver, None) => {
            let _ = writeln!(out, "no intended line given, and the solver found none");
        }
    }
    if !json.line.is_empty() {
        let shown = shown(start, report);
        let _ = writeln!(
            out,
            "usi: {}",
            bracket_futile(&shown.line.futile, &json.line)
        );
        if !json.line_ja.is_empty() {
            let _ = writeln!(
                out,
                "日本式: {}",
                bracket_futile(&shown.line.futile, &json.line_ja)
            );
        }
        if let Some((_, ja)) = report.line.as_ref().and_then(|l| futile_end_pair(start, l)) {
            let _ = writeln!(
                out,
                "then every reply is a futile interposition, not counted: e.g. {} {}",
                ja[0], ja[1]
            );
        }
        if let Some(line) = &report.line {
            let left = line.end_position(start).hand(start.side_to_move());
            if !left.is_empty() {
                let _ = writeln!(out, "pieces left in hand: {}", hand_to_japanese(left));
            }
        }
    }
    for warning in &about.warnings {
        let _ = writeln!(out, "warning: {warning}");
    }
    let of = |c: Class| json.findings.iter().filter(|f| f.class == c).count();
    let _ = writeln!(
        out,
        "verdict: {} ({}, {}, {} undecided)",
        verdict_words(report.verdict),
        count(of(Class::Flaw), "flaw", "flaws"),
        count(of(Class::Note), "note", "notes"),
        of(Class::Undecided)
    );
    for f in &json.findings {
        let at = match (f.ply, f.counted_ply) {
            (Some(p), Some(c)) if c != p => format!(" at ply {p} (counted: {c})"),
            (Some(p), _) => format!(" at ply {p}"),
            (None, _) => String::new(),
        };
        let _ = writeln!(
            out,
            "  {:<9} {} ({}){at}: {}",
            class_words(f.class),
            f.name,
            kind_words(f.kind),
            message_in_japanese(f)
        );
        if !f.line.is_empty() {
            let evidence = MateLine {
                futile: f.futile_plies.iter().map(|p| p - 1).collect(),
                ..MateLine::default()
            };
            if !f.line_ja.is_empty() {
                let _ = writeln!(
                    out,
                    "            {}",
                    bracket_futile(&evidence.futile, &f.line_ja)
                );
            }
            let _ = writeln!(
                out,
                "            {}",
                bracket_futile(&evidence.futile, &f.line)
            );
        }
    }
    if report.interrupted {
        let _ = writeln!(
            out,
            "interrupted by Ctrl-C: what the check had not finished is undecided"
        );
    }
    let _ = writeln!(
        out,
        "{}, {}, {:.3} s",
        count(report.searches as usize, "search", "searches"),
        count(report.nodes as usize, "node", "nodes"),
        report.elapsed.as_secs_f64()
    );
}
