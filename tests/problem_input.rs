//! The problem inputs people have at hand, through `tsume solve`: standard input (`-`) holding
//! SFEN or a record told by its content, a BOD diagram pasted or in a file of any name, a
//! mistyped file name, a collection given to `solve`, and an SFEN typed without quotes.

use std::io::Write;
use std::process::{Command, Output, Stdio};

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");
const PROBLEMS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/problems");

/// A mate in one: a gold dropped in front of the king, supported by the pawn.
const MATE1: &str = "4k4/9/4P4/9/9/9/9/9/9 b G 1";

fn fixture(path: &str) -> String {
    format!("{FIXTURES}/{path}")
}

/// Runs `tsume ARGS` with `stdin` on its standard input.
fn tsume_with_input(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tsume"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run tsume");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin)
        .expect("write stdin");
    child.wait_with_output().expect("wait for tsume")
}

fn tsume(args: &[&str]) -> Output {
    tsume_with_input(args, b"")
}

/// Asserts a mate printed as `usi` with exit 0.
fn assert_mate(out: &Output, usi: &str, what: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{what}: {stderr}");
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), usi, "{what}");
}

/// Asserts exit 2, nothing on stdout and one line on stderr holding `message`.
fn assert_refused(out: &Output, message: &str, what: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{what}: {stderr}");
    assert!(out.stdout.is_empty(), "{what}");
    assert_eq!(stderr.lines().count(), 1, "{what}: {stderr}");
    assert!(
        stderr.contains(message),
        "{what}: expected {message:?}: {stderr}"
    );
}

#[test]
fn solve_dash_reads_sfen_or_a_record_from_standard_input() {
    let sfen = format!("# a comment\n\n{MATE1}\n");
    let out = tsume_with_input(&["solve", "-", "--format", "usi"], sfen.as_bytes());
    assert_mate(&out, "G*5b", "SFEN");
    let bod = std::fs::read(fixture("bod/mate1.bod")).unwrap();
    let out = tsume_with_input(&["solve", "-", "--format", "usi"], &bod);
    assert_mate(&out, "G*5b", "BOD");
    // A Shift-JIS KIF with moves, and a CSA record, told by their content.
    let kif = std::fs::read(fixture("kif/zuko082.kif")).unwrap();
    let out = tsume_with_input(&["solve", "-", "--format", "ja"], &kif);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("まで17手詰"));
    let csa = std::fs::read(fixture("csa/zuko-036.csa")).unwrap();
    let out = tsume_with_input(&["solve", "-", "--json"], &csa);
    assert_eq!(out.status.code(), Some(0));
    // Faults are placed in the input as for a file.
    let out = tsume_with_input(&["solve", "-"], b"\n4k4/9/4P4/9/9/9/9/9/9 x G 1\n");
    assert_refused(&out, "<stdin>:2:23: ", "bad side");
    let out = tsume_with_input(&["solve", "-"], b"");
    assert_refused(&out, "<stdin>: no position found", "empty input");
}

#[test]
fn a_bod_diagram_is_read_pasted_or_from_a_file_of_any_name() {
    let bod = std::fs::read_to_string(fixture("bod/mate1.bod")).unwrap();
    let out = tsume(&["solve", &bod, "--format", "usi"]);
    assert_mate(&out, "G*5b", "pasted");
    let out = tsume(&["solve", &fixture("bod/mate1.bod"), "--format", "usi"]);
    assert_mate(&out, "G*5b", ".bod file");
    let dir = std::env::temp_dir().join(format!("tsume-bod-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let txt = dir.join("problem.txt");
    std::fs::write(&txt, &bod).unwrap();
    let out = tsume(&["solve", txt.to_str().unwrap(), "--format", "usi"]);
    assert_mate(&out, "G*5b", ".txt file");
    // A fault in a pasted diagram names its line and column.
    let bad = bod.replace("v玉", "v猫");
    let out = tsume(&["solve", &bad]);
    assert_refused(&out, "<argument>:4:", "bad piece");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_mistyped_file_name_says_no_such_file() {
    for name in [
        "problme",
        "problme.kif",
        "zuko/036.csa",
        "mate1.bod",
        "no/such",
    ] {
        let out = tsume(&["solve", name]);
        assert_refused(&out, &format!("no such file: {name}"), name);
    }
    let out = tsume(&["check", "problme"]);
    assert_refused(&out, "no such file: problme", "check");
    // An SFEN board cut short is still read as SFEN and its fault placed.
    let out = tsume(&["solve", "4k4/9/4P4/9/9/9/9/9/9"]);
    assert_refused(&out, "column", "cut board");
}

#[test]
fn a_collection_given_to_solve_points_to_verify_and_check() {
    let tsv = format!("{PROBLEMS}/short.tsv");
    let list = format!("{PROBLEMS}/mate357.sfen");
    for path in [tsv.as_str(), list.as_str(), PROBLEMS] {
        let out = tsume(&["solve", path]);
        assert_refused(&out, &format!("use `tsume verify {path}`"), path);
    }
    // A `.sfen` file of one problem is one problem.
    let dir = std::env::temp_dir().join(format!("tsume-one-sfen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let one = dir.join("one.sfen");
    std::fs::write(&one, format!("# mate in 1\n{MATE1}\n")).unwrap();
    let out = tsume(&["solve", one.to_str().unwrap(), "--format", "usi"]);
    assert_mate(&out, "G*5b", "one.sfen");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_sfen_typed_without_quotes_is_read_as_one() {
    let words: Vec<&str> = MATE1.split(' ').collect();
    let mut args = vec!["solve"];
    args.extend(&words);
    args.extend(["--format", "usi"]);
    assert_mate(&tsume(&args), "G*5b", "unquoted SFEN");
    let mut args = vec!["solve", "sfen"];
    args.extend(&words);
    args.extend(["moves", "G*5b", "--format", "usi"]);
    let out = tsume(&args);
    assert_eq!(
        out.status.code(),
        Some(2),
        "a position that is already mate"
    );
    // check reads the moves after an unquoted SFEN as its intended solution.
    let mut args = vec!["check"];
    args.extend(&words);
    args.extend(["moves", "G*5b", "--quiet"]);
    let out = tsume(&args);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "check: {stdout}");
    // Several file names are never joined into one problem.
    let a = fixture("bod/mate1.bod");
    let out = tsume(&["solve", &a, &a]);
    assert_refused(
        &out,
        "2 arguments where one problem is wanted; quote an SFEN",
        "two files",
    );
}

#[test]
fn every_fault_of_a_file_or_of_standard_input_is_placed_as_file_line_column() {
    let dir = std::env::temp_dir().join(format!("tsume-places-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let sfen_file = dir.join("bad.txt");
    std::fs::write(&sfen_file, "# a problem\n4k4/9/4Px4/9/9/9/9/9/9 b G 1\n").unwrap();
    let no_king = dir.join("no-king.txt");
    std::fs::write(&no_king, "\n9/9/4P4/9/9/9/9/9/9 b G 1\n").unwrap();
    let kif = fixture("malformed/kif/bad-piece.kif");
    let stdin_sfen: &[u8] = b"\n\n4k4/9/4P4/9/9/9/9/9/9 b G 1 moves G*5x\n";
    let cases: Vec<(Output, String)> = vec![
        (
            tsume(&["solve", sfen_file.to_str().unwrap()]),
            format!("{}:2:9: ", sfen_file.display()),
        ),
        (
            tsume(&["check", sfen_file.to_str().unwrap()]),
            format!("{}:2:9: ", sfen_file.display()),
        ),
        (
            tsume(&["solve", no_king.to_str().unwrap()]),
            format!("{}:2:1: ", no_king.display()),
        ),
        (
            tsume(&["check", no_king.to_str().unwrap()]),
            format!("{}:2:1: ", no_king.display()),
        ),
        (tsume(&["solve", &kif]), format!("{kif}:8:9: ")),
        (
            tsume_with_input(&["solve", "-"], stdin_sfen),
            "<stdin>:3:35: ".to_string(),
        ),
        (
            tsume_with_input(&["solve", "-"], &std::fs::read(&kif).unwrap()),
            "<stdin>:8:9: ".to_string(),
        ),
    ];
    for (out, place) in cases {
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.starts_with(&format!("tsume: error: {place}")),
            "{place}: {stderr}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
