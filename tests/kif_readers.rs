//! The KIF files tsume writes, as the GUIs read them. Each case runs the real binary (`solve
//! --kif`, `check --kif`) and writes, beside the KIF, what a reader must find in it
//! (`NAME.expect.json`: every line whole from the start in USI, the main line first, and comments
//! on their moves), made from the binary's JSON answers and the composer's input, not from the
//! KIF. tsume's own reader must find exactly that; then `tests/kif-readers/check.mjs` reads every
//! file with tsshogi (ShogiHome's reader) and json-kifu-format (Kifu for JS's), run here when
//! `node` and that folder's `node_modules` (`npm ci`) are present, and always by `.ci/run`.
//!
//! The files are in `$CARGO_TARGET_TMPDIR/kif-readers` (`target/tmp/kif-readers`).

use crate::support::cli::{json_of, tsume};
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use tsume::notation::kif::parse_kif;
use tsume::notation::record::Record;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The README's example: ▲２三桂 not promoting where it could (`不成`).
const KNIGHT_NOT_PROMOTING: &str = "6kp1/8n/5R1L1/4+b2sB/6N2/9/6L2/9/9 b r4g3s2n2l17p 1";
/// `short.tsv`'s `futile-drops-60`: ▲３二龍 mates in 1, every reply a futile interposition.
const FUTILE_END: &str = "6Snl/5+Rg1k/6ppp/9/9/9/9/9/9 b r2b3g3s3n3l15p 1";
/// 図巧 No. 20: △５七歩 ▲同　馬 a futile pair at plies 10 and 11.
const ZUKO_020: &str = "4ng2+r/5+r1+L1/4P1k1G/4l2P1/3spS1p+p/9/3N1L+p2/3+b5/1+B7 b 2g2s2nl12p 1";
/// No mate: a pawn in front of the king and two silvers in hand; a refutation two levels deep.
const NO_MATE: &str = "4k4/9/4P4/9/9/9/9/9/9 b 2S 1";
/// The README's check example: a cook at ply 1 (▲４二金 △同金 ▲同飛, the rook not promoting).
const COOKED: &str = "3g1ks2/6gR1/4S4/7B1/9/9/9/9/9 b G 1 moves G*5a 6a5a 2d5a+ 4a5a G*5b";
/// 図巧 No. 92's line with a gold added to the hand: cooks, an early mate and notes at many plies.
const MANY_FINDINGS: &str = "6kp1/8n/5R1L1/4+b2sB/6N2/9/6L2/9/9 b G 1 moves 2c2b+ 3a2b 4c1c+ \
                             2d1c 1d2c+ 2b1a 2c3c 2a2b 3e2c 1a2a 3c4c 5d4c 3g3a+";
/// A line that answers ▲１三角成 with △１一玉: △同玉 lasts four plies more (変長 at ply 2).
const LONGER_DEFENCE: &str = "9/6Spk/9/5R1+B1/9/9/9/9/9 b Nrb4g3s3n4l17p 1 moves 2d1c 1b1a 4d4a+";
/// koba-mate5 with a line that stops before the mate: its refutation starts past its end.
const SHORT_OF_MATE: &str = "3g1ks2/6g2/4S4/7B1/9/9/9/9/9 b G 1 moves G*5a 6a5a 2d5a+";

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| a.iter().map(|s| s.as_str().unwrap().to_string()).collect())
        .unwrap_or_default()
}

fn fixture(path: &str) -> String {
    format!("{ROOT}/tests/fixtures/{path}")
}

/// The folder of the cases, emptied.
fn folder() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("kif-readers");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// What a reader must find in a KIF: its lines (the main line first) and comments.
#[derive(Default)]
struct Expect {
    lines: Vec<Vec<String>>,
    /// The moves a comment follows, and a text it holds.
    comments: Vec<(Vec<String>, String)>,
    title: Option<String>,
    author: Option<String>,
}

impl Expect {
    fn to_json(&self) -> Value {
        let mut v = json!({
            "lines": self.lines,
            "comments": self.comments.iter().map(|(at, text)| json!({"at": at, "text": text})).collect::<Vec<_>>(),
        });
        if let Some(t) = &self.title {
            v["title"] = json!(t);
        }
        if let Some(a) = &self.author {
            v["author"] = json!(a);
        }
        v
    }

    /// Every node of the lines: each prefix of each.
    fn nodes(&self) -> BTreeSet<Vec<String>> {
        nodes_of(&self.lines)
    }
}

fn nodes_of(lines: &[Vec<String>]) -> BTreeSet<Vec<String>> {
    lines
        .iter()
        .flat_map(|l| (1..=l.len()).map(move |n| l[..n].to_vec()))
        .collect()
}

fn usi(moves: &[tsume::shogi::Move]) -> Vec<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

/// The lines of a record in USI, the main line first.
fn record_lines(record: &Record) -> Vec<Vec<String>> {
    let mut lines = vec![usi(&record.moves)];
    lines.extend(record.variations.iter().map(|v| usi(&v.moves)));
    lines
}

/// tsume's own reader finds what `expect` says in `text`: the main line, every node, the
/// comments on their nodes.
fn assert_read_back(name: &str, text: &str, expect: &Expect) {
    let record = parse_kif(text).unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
    let lines = record_lines(&record);
    assert_eq!(lines[0], expect.lines[0], "{name}: main line\n{text}");
    assert_eq!(
        nodes_of(&lines),
        expect.nodes(),
        "{name}: the lines\n{text}"
    );
    for (at, words) in &expect.comments {
        let found = record.comments.iter().any(|c| {
            let line = match c.line {
                None => &record.moves,
                Some(k) => &record.variations[k].moves,
            };
            c.after == at.len() && usi(&line[..c.after]) == *at && c.text.contains(words.as_str())
        });
        assert!(found, "{name}: comment {words:?} after {at:?}\n{text}");
    }
    for (header, want) in [("作品名", &expect.title), ("作者", &expect.author)] {
        if let Some(want) = want {
            assert_eq!(record.header(header), Some(want.as_str()), "{name}");
        }
    }
}

/// Writes `kif` as `NAME.kif` with its expectation, after tsume's own reader agreed with it.
fn case(dir: &Path, name: &str, kif: &str, expect: &Expect) {
    assert_read_back(name, kif, expect);
    std::fs::write(dir.join(format!("{name}.kif")), kif).unwrap();
    let json = serde_json::to_string_pretty(&expect.to_json()).unwrap();
    std::fs::write(dir.join(format!("{name}.expect.json")), json).unwrap();
}

/// `solve PROBLEM --kif` and `--json`: the KIF and the JSON answer.
fn solved(problem: &str, dir: &Path, name: &str) -> (String, Value) {
    solved_with(problem, &[], dir, name)
}

/// [`solved`] with more flags.
fn solved_with(problem: &str, flags: &[&str], dir: &Path, name: &str) -> (String, Value) {
    let kif = dir.join(format!("{name}.kif"));
    let out = tsume(&[&["solve", problem, "--kif", kif.to_str().unwrap()], flags].concat());
    assert!(out.status.code().is_some_and(|c| c <= 3), "{name}: {out:?}");
    let json = json_of(&tsume(&[&["solve", problem, "--json"], flags].concat()));
    (std::fs::read_to_string(kif).unwrap(), json)
}

/// `check PROBLEM --kif` and `--json`.
fn checked(problem: &str, dir: &Path, name: &str) -> (String, Value) {
    let kif = dir.join(format!("{name}.kif"));
    let out = tsume(&["check", problem, "--kif", kif.to_str().unwrap(), "--quiet"]);
    assert!(out.status.code().is_some_and(|c| c <= 1), "{name}: {out:?}");
    let json = json_of(&tsume(&["check", problem, "--json", "--quiet"]));
    (std::fs::read_to_string(kif).unwrap(), json)
}

/// The lines and comments of a mate's KIF: its line.
fn mate_expect(json: &Value) -> Expect {
    Expect {
        lines: vec![strings(&json["line"])],
        ..Expect::default()
    }
}

/// The lines and comments of a no mate's KIF, from the refutation of the JSON: each check with
/// its reply, the first level's first answer (with its own first answer) the main line, each
/// answer's words after its reply.
fn refutation_expect(json: &Value) -> Expect {
    let tree = &json["refutation"];
    let mut e = Expect::default();
    let holds = |h: &str| match h {
        "no_check" => "以下王手なし",
        "repetition" => "同一局面",
        _ => "以下不詰",
    };
    for answer in tree["checks"].as_array().unwrap() {
        let first = vec![
            answer["check"].as_str().unwrap().to_string(),
            answer["reply"].as_str().unwrap().to_string(),
        ];
        e.comments.push((
            first.clone(),
            holds(answer["holds"].as_str().unwrap()).into(),
        ));
        let mut deeper_lines = Vec::new();
        for b in answer["then"]["checks"].as_array().into_iter().flatten() {
            let mut deeper = first.clone();
            deeper.push(b["check"].as_str().unwrap().to_string());
            deeper.push(b["reply"].as_str().unwrap().to_string());
            e.comments
                .push((deeper.clone(), holds(b["holds"].as_str().unwrap()).into()));
            deeper_lines.push(deeper);
        }
        if deeper_lines.is_empty() {
            e.lines.push(first);
        } else {
            e.lines.extend(deeper_lines);
        }
    }
    e.comments.push((vec![], "不詰".into()));
    e
}

/// The lines of a check's KIF: the main line (`main`: the composer's, else the checked one),
/// the composer's side lines, and each finding's evidence that branches within the main line;
/// the checker's comment for each finding on its move, and the verdict at the start.
fn check_expect(json: &Value, main: Vec<String>, composer: Option<&Record>) -> Expect {
    let mut e = Expect {
        lines: vec![main.clone()],
        comments: vec![(vec![], "［tsume check］判定".into())],
        ..Expect::default()
    };
    if let Some(c) = composer {
        e.lines.extend(record_lines(c).into_iter().skip(1));
        for comment in &c.comments {
            let line = match comment.line {
                None => &c.moves,
                Some(k) => &c.variations[k].moves,
            };
            e.comments
                .push((usi(&line[..comment.after]), comment.text.clone()));
        }
        e.title = c.header("作品名").map(str::to_string);
        e.author = c.header("作者").map(str::to_string);
    }
    for f in json["findings"].as_array().unwrap() {
        let evidence = strings(&f["line"]);
        let ply = f["ply"].as_u64().unwrap_or(1) as usize;
        let name = f["name"].as_str().unwrap();
        let words = format!("［tsume check］{name}：");
        if evidence.is_empty() {
            let at = f["ply"]
                .as_u64()
                .map_or(0, |p| (p as usize).min(main.len()));
            e.comments.push((main[..at].to_vec(), words));
        } else if ply <= main.len() {
            let mut line = main[..ply - 1].to_vec();
            line.extend(evidence);
            e.comments.push((line[..ply].to_vec(), words));
            e.lines.push(line);
        } else {
            e.comments.push((main.clone(), words));
        }
    }
    // A line that only repeats part of another adds no node; a composer's side line that the
    // evidence continues is one line.
    let nodes = nodes_of(&e.lines);
    let mut lines: Vec<Vec<String>> = vec![e.lines[0].clone()];
    for l in &e.lines[1..] {
        let longer = nodes.iter().any(|n| n.len() > l.len() && n.starts_with(l));
        if !longer && !lines.contains(l) {
            lines.push(l.clone());
        }
    }
    e.lines = lines;
    e
}

#[test]
fn every_kif_tsume_writes_is_read_by_its_own_reader_and_the_guis_readers() {
    let dir = folder();

    // solve: a mate with a knight not promoting where it could.
    let (kif, json) = solved(KNIGHT_NOT_PROMOTING, &dir, "solve-not-promoting");
    assert!(kif.contains("２三桂(35)") && !kif.contains("不成"), "{kif}");
    case(&dir, "solve-not-promoting", &kif, &mate_expect(&json));

    // solve: a line ending where every reply is a futile interposition.
    let (kif, json) = solved(FUTILE_END, &dir, "solve-futile-end");
    let mut e = mate_expect(&json);
    e.comments.push((e.lines[0].clone(), "以下無駄合".into()));
    case(&dir, "solve-futile-end", &kif, &e);

    // solve: a futile interposition and its capture inside the line.
    let (kif, json) = solved(ZUKO_020, &dir, "solve-futile-pair");
    let mut e = mate_expect(&json);
    e.comments
        .push((e.lines[0][..11].to_vec(), "無駄合".into()));
    case(&dir, "solve-futile-pair", &kif, &e);

    // solve: a mate found but not proven shortest (図巧 No. 5 stopped at 20,000 nodes).
    let zuko_005 = "n+B1sS4/1R1g5/1Ls6/2k6/2n6/3L5/R8/9/9 b B2P3gs2n2l16p 1";
    let (kif, json) = solved_with(
        zuko_005,
        &["--nodes", "20000", "--threads", "1"],
        &dir,
        "solve-not-shortest",
    );
    assert_eq!(json["result"], "unknown");
    let mut e = mate_expect(&json);
    assert!(!e.lines[0].is_empty(), "{json}");
    e.comments.push((vec![], "最短未証明".into()));
    case(&dir, "solve-not-shortest", &kif, &e);

    // solve: no mate, the refutation as side lines.
    let (kif, json) = solved(NO_MATE, &dir, "solve-no-mate");
    assert_eq!(json["result"], "nomate");
    case(&dir, "solve-no-mate", &kif, &refutation_expect(&json));

    // solve: game records, solved after their last move: a 平手 game that ends in a mate, and
    // a handicap game (香落ち, 上手：, 下手：) whose last position has none.
    let game = fixture("records/game-hirate.kif");
    let (kif, json) = solved(&game, &dir, "solve-game");
    assert_eq!(json["result"], "mate");
    case(&dir, "solve-game", &kif, &mate_expect(&json));
    let game = fixture("records/kyo-ochi.kifu");
    let (kif, json) = solved(&game, &dir, "solve-handicap-game");
    assert_eq!(json["result"], "nomate");
    case(&dir, "solve-handicap-game", &kif, &refutation_expect(&json));

    // check: a cook, its evidence a side line with a rook not promoting.
    let (kif, json) = checked(COOKED, &dir, "check-cook");
    let e = check_expect(&json, strings(&json["line"]), None);
    assert!(e.lines.len() == 2, "{kif}");
    case(&dir, "check-cook", &kif, &e);

    // check: many findings branching all along the line.
    let (kif, json) = checked(MANY_FINDINGS, &dir, "check-many-findings");
    let e = check_expect(&json, strings(&json["line"]), None);
    assert!(e.lines.len() >= 5, "{kif}");
    case(&dir, "check-many-findings", &kif, &e);

    // check: a longer defence, branching at a defender's move.
    let (kif, json) = checked(LONGER_DEFENCE, &dir, "check-longer-defence");
    case(
        &dir,
        "check-longer-defence",
        &kif,
        &check_expect(&json, strings(&json["line"]), None),
    );

    // check: a line that stops before the mate: the reply that escapes is no side line of its
    // (readers would take it for the main line's continuation) but words at its end.
    let (kif, json) = checked(SHORT_OF_MATE, &dir, "check-short-of-mate");
    let e = check_expect(&json, strings(&json["line"]), None);
    assert_eq!(e.lines.len(), 1, "{kif}");
    assert!(kif.contains("以下 △同　玉"), "{kif}");
    case(&dir, "check-short-of-mate", &kif, &e);

    // check: no mate at all.
    let (kif, json) = checked(NO_MATE, &dir, "check-no-mate");
    let e = Expect {
        lines: vec![vec![]],
        comments: vec![(vec![], "［tsume check］不詰：この局面に詰みはない".into())],
        ..Expect::default()
    };
    assert_eq!(json["verdict"], "flawed");
    case(&dir, "check-no-mate", &kif, &e);

    // check: a composer's file, its headers, comments and side lines kept beside a cook.
    for name in ["composer-cook", "composer-side-fault"] {
        let input = fixture(&format!("kif/{name}.kif"));
        let composer = parse_kif(&std::fs::read_to_string(&input).unwrap()).unwrap();
        let (kif, json) = checked(&input, &dir, &format!("check-{name}"));
        let e = check_expect(&json, usi(&composer.moves), Some(&composer));
        case(&dir, &format!("check-{name}"), &kif, &e);
    }

    run_node_readers(&dir);
}

/// Runs `tests/kif-readers/check.mjs` on `dir` when `node` and the readers are installed.
fn run_node_readers(dir: &Path) {
    let readers = Path::new(ROOT).join("tests/kif-readers");
    if !readers.join("node_modules").is_dir() {
        eprintln!(
            "note: the GUIs' KIF readers are not installed (cd tests/kif-readers && npm ci); \
             .ci/run reads {} with them",
            dir.display()
        );
        return;
    }
    // The readers installed but node not runnable is a broken set-up, not a skip.
    let out = Command::new("node")
        .arg(readers.join("check.mjs"))
        .arg(dir)
        .output()
        .unwrap_or_else(|e| panic!("the KIF readers are installed but node cannot run: {e}"));
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}
