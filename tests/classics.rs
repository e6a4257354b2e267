//! The soundness report of 将棋図巧 (`docs/classics.md`): it is what its generator makes of the
//! committed reports, and a check of the shorter problems now finds what the full run recorded.

#[path = "../examples/classics.rs"]
#[allow(dead_code)]
mod report;

use serde_json::Value;
use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{ROOT}/{path}")).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn the_classics_page_is_the_one_its_reports_make() {
    let check = read("problems/classics/check.json");
    let verify_tsume = read("problems/classics/verify-tsume.json");
    let verify_game = read("problems/classics/verify-game.json");
    let commands = read("problems/classics/commands.txt");
    let published = read("problems/zuko.tsv");
    let canonical = read("problems/zuko-canonical.tsv");
    let shtsume = read("problems/classics/check-shtsume.json");
    let page = report::render(&report::Inputs {
        check: &check,
        verify_tsume: &verify_tsume,
        verify_game: &verify_game,
        commands: &commands,
        published: &published,
        canonical: &canonical,
        shtsume: &shtsume,
        long: report::LongRuns {
            check: &read("problems/classics/check-long.json"),
            verify_tsume: &read("problems/classics/verify-long-tsume.json"),
            verify_game: &read("problems/classics/verify-long-game.json"),
        },
    });
    assert!(
        page == read("docs/classics.md"),
        "docs/classics.md is not what `cargo run --release --example classics` makes: re-make it"
    );
}

/// The verdict and the flaw kinds of a problem's check, as a report gives them.
fn verdict_and_flaws(check: &Value) -> (String, Vec<String>) {
    let flaws = check["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["class"] == "flaw")
        .map(|f| f["kind"].as_str().unwrap().to_string())
        .collect();
    (check["verdict"].as_str().unwrap().to_string(), flaws)
}

#[test]
fn the_short_classics_check_as_the_full_run_recorded() {
    // The problems of at most 15 plies, checked now as the full run checked them.
    let canonical = read("problems/zuko-canonical.tsv");
    let mut lines = canonical.lines();
    let header = lines.next().unwrap();
    let short: Vec<&str> = lines
        .filter(|l| {
            l.split('\t')
                .nth(2)
                .and_then(|n| n.parse::<usize>().ok())
                .is_some_and(|n| n <= 15)
        })
        .collect();
    assert!(short.len() >= 8, "{} short problems", short.len());
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("classics-short");
    std::fs::create_dir_all(&dir).unwrap();
    let tsv = dir.join("short.tsv");
    std::fs::write(&tsv, format!("{header}\n{}\n", short.join("\n"))).unwrap();
    let report = dir.join("short.json");
    let out = Command::new(env!("CARGO_BIN_EXE_tsume"))
        .args([
            "check",
            tsv.to_str().unwrap(),
            "--time",
            "30",
            "--total-time",
            "120",
        ])
        .args(["--jobs", "2", "--hash", "256", "--quiet", "--report"])
        .arg(&report)
        .output()
        .expect("run tsume");
    assert!(matches!(out.status.code(), Some(0 | 1)), "{out:?}");
    let now: Value = serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    let full: Value = serde_json::from_str(&read("problems/classics/check.json")).unwrap();
    let recorded = |id: &str| {
        full["problems"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["id"] == id)
            .unwrap_or_else(|| panic!("{id} not in the full run"))
            .clone()
    };
    for p in now["problems"].as_array().unwrap() {
        let id = p["id"].as_str().unwrap();
        assert_eq!(
            verdict_and_flaws(&p["check"]),
            verdict_and_flaws(&recorded(id)["check"]),
            "{id}"
        );
    }
}
