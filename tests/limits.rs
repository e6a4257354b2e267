//! The limits of every command: each read by one parser with one range, so that any value is
//! taken or refused with exit 2 and the setting's own words — never a panic, never clap's tip to
//! write `-- -1`.

use std::process::Command;

const PROBLEM: &str = "4k4/9/4P4/9/9/9/9/9/9 b G 1";

fn run(args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tsume"))
        .args(args)
        .output()
        .expect("run tsume");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

#[test]
fn every_limit_out_of_range_is_refused_with_its_range() {
    let commands: &[&[&str]] = &[
        &["solve", PROBLEM],
        &["check", PROBLEM],
        &["verify", "problems/short.tsv"],
        &["bench", "problems/short.tsv"],
        &["usi"],
    ];
    let values: &[(&str, &str, &str)] = &[
        ("--time", "1e20", "seconds above 0, at most 1e9"),
        ("--time", "-1", "seconds above 0, at most 1e9"),
        ("--time", "0", "seconds above 0, at most 1e9"),
        ("--time", "NaN", "seconds above 0, at most 1e9"),
        ("--time", "1e-30", "seconds above 0, at most 1e9"),
        ("--nodes", "0", "at least 1"),
        ("--nodes", "-5", "at least 1"),
        ("--nodes", "99999999999999999999999", "at least 1"),
        ("--hash", "0", "at least 1"),
        ("--hash", "-1", "at least 1"),
    ];
    for command in commands {
        for (flag, value, words) in values {
            let mut args = command.to_vec();
            args.extend([*flag, *value]);
            let (code, err) = run(&args);
            assert_eq!(code, Some(2), "{args:?}: {err}");
            assert!(err.contains(words), "{args:?}: {err}");
            assert!(err.contains(flag), "{args:?}: {err}");
            assert!(!err.contains("-- "), "clap's tip for {args:?}: {err}");
            assert!(!err.contains("panicked"), "{args:?}: {err}");
        }
    }
    for args in [
        &["check", PROBLEM, "--total-time", "-2"][..],
        &["check", PROBLEM, "--total-time", "1e300"],
        &["check", PROBLEM, "--total-nodes", "0"],
        &["verify", "problems/short.tsv", "--jobs", "0"],
        &["solve", PROBLEM, "--threads", "0"],
        &["solve", PROBLEM, "--threads", "100000"],
        &["selfcheck", "--random", "0"],
        &["selfcheck", "--random", "1", "--time", "-1"],
    ] {
        let (code, err) = run(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains("expected"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn a_table_the_machine_cannot_give_is_refused_before_any_search() {
    let (code, err) = run(&["solve", PROBLEM, "--hash", "18446744073709551615"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("--hash 18446744073709551615: this machine cannot give"),
        "{err}"
    );
}

#[test]
fn the_largest_time_taken_is_a_limit_like_any_other() {
    let out = Command::new(env!("CARGO_BIN_EXE_tsume"))
        .args(["solve", PROBLEM, "--time", "1e9", "--format", "usi"])
        .output()
        .expect("run tsume");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "G*5b");
}
