//! Makes `docs/classics.md`, the soundness report of 将棋図巧, from the reports the commands
//! write, so that it is re-made and never edited by hand:
//!
//! ```sh
//! cargo run --release --example classics -- problems/classics > docs/classics.md
//! ```
//!
//! The folder holds `check.json` (`tsume check problems/zuko-canonical.tsv --report`),
//! `verify-tsume.json` and `verify-game.json` (`tsume verify problems/zuko.tsv --rules R
//! --report`), `check-shtsume.json` (`tsume check` of shtsume's lines where its length differs,
//! `shtsume-lines.tsv`), `check-long.json`, `verify-long-tsume.json` and `verify-long-game.json`
//! (the same commands with longer limits, on the problems the first runs left undecided) and
//! `commands.txt` (the commands and settings of those runs, shown as written); the published
//! lengths come from `problems/zuko.tsv`.

use serde_json::Value;
use std::collections::HashMap;
use std::fmt::Write;
use tsume::notation::sfen::{parse_sfen, to_sfen};
use tsume::notation::usi::parse_usi_move;

fn main() {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "problems/classics".to_string());
    let read = |name: &str| {
        let path = format!("{dir}/{name}");
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
    };
    let zuko = std::fs::read_to_string("problems/zuko.tsv").expect("problems/zuko.tsv");
    let canonical =
        std::fs::read_to_string("problems/zuko-canonical.tsv").expect("zuko-canonical.tsv");
    let page = render(&Inputs {
        check: &read("check.json"),
        verify_tsume: &read("verify-tsume.json"),
        verify_game: &read("verify-game.json"),
        commands: &read("commands.txt"),
        published: &zuko,
        canonical: &canonical,
        shtsume: &read("check-shtsume.json"),
        long: LongRuns {
            check: &read("check-long.json"),
            verify_tsume: &read("verify-long-tsume.json"),
            verify_game: &read("verify-long-game.json"),
        },
    });
    print!("{page}");
}

/// The texts the report is made from.
pub struct Inputs<'a> {
    /// The `check --report` JSON.
    pub check: &'a str,
    /// The `verify --report` JSON under the tsume rules.
    pub verify_tsume: &'a str,
    /// The `verify --report` JSON under the rules of the game.
    pub verify_game: &'a str,
    /// The commands that made them, one a line.
    pub commands: &'a str,
    /// `problems/zuko.tsv`: id, sfen, published_length, game_length, note.
    pub published: &'a str,
    /// `problems/zuko-canonical.tsv`: id, sfen, plies, line.
    pub canonical: &'a str,
    /// The `check --report` JSON of shtsume's main lines where its length differs from tsume's.
    pub shtsume: &'a str,
    /// The runs with longer limits of the problems the first runs left undecided.
    pub long: LongRuns<'a>,
}

/// The reports of the runs with longer limits, as [`Inputs`] has them for the first runs.
pub struct LongRuns<'a> {
    /// `check --report`.
    pub check: &'a str,
    /// `verify --report` under the tsume rules.
    pub verify_tsume: &'a str,
    /// `verify --report` under the rules of the game.
    pub verify_game: &'a str,
}

/// The mark of an answer that only the runs with longer limits gave.
const LONG: &str = "†";

/// The first runs' answers by id, an undecided one replaced by the longer runs' (marked
/// [`LONG`]) where those decided it.
fn with_long(
    first: HashMap<String, (String, Option<u64>)>,
    long: HashMap<String, (String, Option<u64>)>,
) -> HashMap<String, (String, Option<u64>)> {
    first
        .into_iter()
        .map(|(id, (words, length))| match long.get(&id) {
            Some((w, l)) if words.starts_with("undecided") && !w.starts_with("undecided") => {
                (id, (format!("{w} {LONG}"), *l))
            }
            _ => (id, (words, length)),
        })
        .collect()
}

/// What a verify report says of one problem: `mate N`, `no mate`, or `unknown (≤ N)`.
fn verify_lengths(json: &str) -> HashMap<String, (String, Option<u64>)> {
    let v: Value = serde_json::from_str(json).expect("a verify report");
    v["problems"]
        .as_array()
        .expect("problems")
        .iter()
        .map(|p| {
            let id = p["id"].as_str().unwrap_or_default().to_string();
            let length = p["length"].as_u64();
            let words = match p["result"].as_str() {
                Some("mate") => length.map_or("mate".to_string(), |n| n.to_string()),
                Some("nomate") => "no mate".to_string(),
                _ => match p["mate_at_most"].as_u64() {
                    Some(n) => format!("undecided (≤ {n})"),
                    None => "undecided".to_string(),
                },
            };
            (id, (words, length))
        })
        .collect()
}

/// The third column of a TSV by id (the published length, or the canonical line's plies).
fn lengths(tsv: &str) -> HashMap<String, u64> {
    rows(tsv)
        .filter_map(|f| Some((f.first()?.to_string(), f.get(2)?.parse().ok()?)))
        .collect()
}

/// The SFEN of each row by id.
fn diagrams(tsv: &str) -> HashMap<String, String> {
    rows(tsv)
        .filter_map(|f| Some((f.first()?.to_string(), f.get(1)?.to_string())))
        .collect()
}

fn rows(tsv: &str) -> impl Iterator<Item = Vec<&str>> {
    tsv.lines()
        .filter(|l| !l.starts_with('#'))
        .skip(1)
        .map(|l| l.split('\t').collect())
}

/// The first moves of an evidence line in 日本式, at most six.
fn evidence(f: &Value) -> String {
    let moves: Vec<&str> = f["line_ja"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let shown = moves.iter().take(6).copied().collect::<Vec<_>>().join(" ");
    if moves.len() > 6 {
        format!("{shown} …")
    } else {
        shown
    }
}

/// Which finding explains a tsume-rules length `solver` where `published` was printed.
fn explanation(solver: u64, published: u64, findings: &[Value]) -> String {
    let has = |kinds: &[&str]| {
        findings
            .iter()
            .find(|f| kinds.contains(&f["kind"].as_str().unwrap_or_default()))
    };
    let which = if solver < published {
        has(&["early-mate", "cook"])
    } else {
        has(&["longer-defence", "escape", "no-mate", "wrong-line"])
    };
    match which {
        Some(f) => format!(
            "{} at ply {}",
            f["name"].as_str().unwrap_or_default(),
            f["ply"].as_u64().map_or("–".to_string(), |p| p.to_string())
        ),
        None => "**open**: no finding explains it".to_string(),
    }
}

/// The page.
pub fn render(inputs: &Inputs) -> String {
    let check: Value = serde_json::from_str(inputs.check).expect("a check report");
    let long_check: Value = serde_json::from_str(inputs.long.check).expect("a check report");
    let long_rows: HashMap<&str, &Value> = long_check["problems"]
        .as_array()
        .expect("problems")
        .iter()
        .map(|r| (r["id"].as_str().unwrap_or_default(), r))
        .collect();
    let tsume = with_long(
        verify_lengths(inputs.verify_tsume),
        verify_lengths(inputs.long.verify_tsume),
    );
    let game = with_long(
        verify_lengths(inputs.verify_game),
        verify_lengths(inputs.long.verify_game),
    );
    let published = lengths(inputs.published);
    let solved_diagrams = diagrams(inputs.published);
    let checked_diagrams = diagrams(inputs.canonical);
    let mut page = String::new();
    let p = &mut page;
    let _ = writeln!(p, "# 将棋図巧 checked\n");
    let _ = writeln!(
        p,
        "Made by `cargo run --release --example classics -- problems/classics > \
         docs/classics.md` from the reports in `problems/classics/`; do not edit it by hand. \
         Each of the 100 problems of 将棋図巧 (伊藤看寿, 1755) was checked against its \
         canonical line (`problems/zuko-canonical.tsv`) and solved under both rules. What the \
         findings mean is in [check.md](check.md); lengths are counted as \
         [conventions](conventions.md) says.\n"
    );
    // A problem the first check left undecided, with the longer run's check where it decided.
    let problems: Vec<(&Value, bool)> = check["problems"]
        .as_array()
        .expect("problems")
        .iter()
        .map(|row| {
            let id = row["id"].as_str().unwrap_or_default();
            match long_rows.get(id) {
                Some(long) if row["status"] == "undecided" && long["status"] != "undecided" => {
                    (*long, true)
                }
                _ => (row, false),
            }
        })
        .collect();
    let count = |status: &str| {
        problems
            .iter()
            .filter(|(r, _)| r["status"] == status)
            .count()
    };
    let _ = writeln!(
        p,
        "**{} problems: {} sound, {} flawed, {} undecided, {} errors.**\n",
        problems.len(),
        count("sound"),
        count("flawed"),
        count("undecided"),
        count("error")
    );
    let decided_long: Vec<String> = problems
        .iter()
        .filter(|(_, long)| *long)
        .map(|(r, _)| {
            let id = r["id"]
                .as_str()
                .unwrap_or_default()
                .trim_start_matches("zuko-");
            format!("No. {}", id.trim_start_matches('0'))
        })
        .collect();
    if !decided_long.is_empty() {
        let _ = writeln!(
            p,
            "{}, left undecided by the first check within its limits, {} decided by the same \
             check with longer limits. The answers only the longer runs gave are marked {LONG}.\n",
            decided_long.join(", "),
            if decided_long.len() == 1 {
                "was"
            } else {
                "were"
            }
        );
    }
    let _ = writeln!(p, "## The runs\n\n```");
    for line in inputs.commands.lines() {
        let _ = writeln!(p, "{line}");
    }
    let _ = writeln!(p, "```\n");
    let _ = writeln!(
        p,
        "## The problems\n\n| No. | verdict | published | tsume rules | game rules | length \
         differs: why | findings |\n|---|---|---|---|---|---|---|"
    );
    let mut differs = 0;
    let mut open = 0;
    for &(row, long) in &problems {
        let id = row["id"].as_str().unwrap_or_default();
        let c = &row["check"];
        let findings: Vec<Value> = c["findings"].as_array().cloned().unwrap_or_default();
        let verdict = c["verdict"]
            .as_str()
            .unwrap_or(row["status"].as_str().unwrap_or("error"));
        let verdict = if long {
            format!("{verdict} {LONG}")
        } else {
            verdict.to_string()
        };
        let (tsume_words, tsume_len) = tsume.get(id).cloned().unwrap_or(("–".into(), None));
        let (game_words, _) = game.get(id).cloned().unwrap_or(("–".into(), None));
        let published_len = published.get(id).copied();
        let variant = solved_diagrams.get(id) != checked_diagrams.get(id);
        let why = match (tsume_len, published_len) {
            (Some(s), Some(n)) if s != n => {
                differs += 1;
                let e = if variant {
                    "a diagram variant: the canonical diagram, checked here, is not the one \
                     solved (`problems/zuko.tsv`)"
                        .to_string()
                } else {
                    explanation(s, n, &findings)
                };
                open += e.starts_with("**open**") as usize;
                e
            }
            _ => String::new(),
        };
        let listed: Vec<String> = findings
            .iter()
            .filter(|f| f["class"] != "note")
            .map(|f| {
                let at = f["ply"]
                    .as_u64()
                    .map_or(String::new(), |p| format!(" ply {p}"));
                let ev = evidence(f);
                let ev = if ev.is_empty() {
                    String::new()
                } else {
                    format!(": {ev}")
                };
                format!("{}{at}{ev}", f["name"].as_str().unwrap_or_default())
            })
            .collect();
        let notes = findings.iter().filter(|f| f["class"] == "note").count();
        let mut cell = listed.join("<br>");
        if notes > 0 {
            let s = if notes == 1 { "" } else { "s" };
            let _ = write!(
                cell,
                "{}{notes} note{s}",
                if cell.is_empty() { "" } else { "<br>" }
            );
        }
        let number = id.trim_start_matches("zuko-");
        let _ = writeln!(
            p,
            "| {number} | {verdict} | {} | {tsume_words} | {game_words} | {why} | {cell} |",
            published_len.map_or("–".to_string(), |n| n.to_string())
        );
    }
    let _ = writeln!(
        p,
        "\n{differs} tsume-rules lengths differ from the published ones; {open} of them with \
         no finding that explains them."
    );
    shtsume_section(p, inputs, &tsume, &published);
    page
}

/// Where tsume's and shtsume's tsume-rules lengths differ: `check` of shtsume's own line says
/// where the two readings part.
fn shtsume_section(
    p: &mut String,
    inputs: &Inputs,
    tsume: &HashMap<String, (String, Option<u64>)>,
    published: &HashMap<String, u64>,
) {
    let check: Value = serde_json::from_str(inputs.shtsume).expect("a check report");
    let rows = check["problems"].as_array().expect("problems");
    let _ = writeln!(
        p,
        "\n## Differences with shtsume\n\nshtsume 1.2.6 prints the shortest line it happened to \
         find and never proves it shortest; its defender prefers a defence that leaves no pieces \
         over to a longer one. Where its tsume-rules length differs from tsume's ({} problems), \
         `check` of shtsume's own line (`problems/classics/shtsume-lines.tsv`) shows where the \
         two readings part: a longer defence it did not play (変長: the defender's longest \
         defence counts, [conventions §7](conventions.md#7-two-ways-of-counting), and leaving \
         pieces over is the defender's mistake, [§9](conventions.md#9-leftover-pieces-駒余り-equal-defences-and-2手変長)), \
         or a shorter mate it did not find (早詰/余詰: the attacker's shortest mate counts). The \
         position is the one before that ply of shtsume's line.\n",
        rows.len()
    );
    let _ = writeln!(
        p,
        "| No. | published | tsume | shtsume | where they part | the position there | \
         reading |\n|---|---|---|---|---|---|---|"
    );
    let (mut longer, mut shorter) = (0, 0);
    for row in rows {
        let id = row["id"].as_str().unwrap_or_default();
        let c = &row["check"];
        let findings: Vec<Value> = c["findings"].as_array().cloned().unwrap_or_default();
        let flaw = |kind: &str| {
            findings
                .iter()
                .find(|f| f["kind"] == kind && f["ply"].is_u64())
        };
        // A shorter mate from the start has no ply: the readings part at the first move.
        let early = findings.iter().find(|f| f["kind"] == "early-mate");
        let (part, reading) = match (flaw("longer-defence"), flaw("cook").or(early)) {
            (Some(f), _) => {
                longer += 1;
                (f, "tsume's: a longer defence (変長)")
            }
            (None, Some(f)) => {
                shorter += 1;
                (f, "tsume's: a shorter mate (早詰)")
            }
            (None, None) => {
                let _ = writeln!(p, "| {id} | | | | **open** | | |");
                continue;
            }
        };
        let ply = part["ply"].as_u64().unwrap_or(1) as usize;
        let line: Vec<&str> = c["line"]
            .as_array()
            .map(|a| a.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let mut pos = parse_sfen(c["sfen"].as_str().unwrap_or_default()).expect("an SFEN");
        for text in line.iter().take(ply - 1) {
            let m = parse_usi_move(&pos, text).expect("a legal move of the line");
            pos.make_move(m);
        }
        let _ = writeln!(
            p,
            "| {} | {} | {} | {} | ply {ply}: {} {} | `{}` | {reading} |",
            id.trim_start_matches("zuko-"),
            published.get(id).map_or("–".to_string(), |n| n.to_string()),
            tsume.get(id).map_or("–".to_string(), |(w, _)| w.clone()),
            c["length"],
            part["name"].as_str().unwrap_or_default(),
            evidence(part),
            to_sfen(&pos)
        );
    }
    let _ = writeln!(
        p,
        "\nIn {longer} shtsume's line misses a longer defence, in {shorter} a shorter mate; in \
         every case `check` shows the move, so the conventions support tsume's length."
    );
}
