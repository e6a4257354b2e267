//! Every command's `--help`: it ends with examples of commands that exist, given flags the
//! command has, and each flag's text is about the command it is on.

use std::process::Command;

/// The standard output of `tsume ARGS`, which must succeed.
fn tsume(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_tsume"))
        .args(args)
        .output()
        .expect("run tsume");
    assert!(out.status.success(), "{args:?}");
    String::from_utf8(out.stdout).expect("UTF-8 help")
}

/// The subcommands `tsume --help` lists, without `help`.
fn subcommands() -> Vec<String> {
    let help = tsume(&["--help"]);
    let commands = help
        .split("Commands:\n")
        .nth(1)
        .expect("a Commands: section");
    commands
        .lines()
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(str::to_string)
        .collect()
}

#[test]
fn every_command_help_ends_with_examples_of_commands_that_exist() {
    let commands = subcommands();
    assert_eq!(
        commands,
        [
            "solve",
            "perft",
            "verify",
            "check",
            "bench",
            "selfcheck",
            "usi",
            "serve",
            "completions",
            "man"
        ]
    );
    for command in &commands {
        let help = tsume(&[command, "--help"]);
        let (body, examples) = help
            .rsplit_once("\nExamples:\n")
            .unwrap_or_else(|| panic!("{command}: no Examples: section:\n{help}"));
        let lines: Vec<&str> = examples.lines().filter(|l| !l.trim().is_empty()).collect();
        assert!(
            (2..=3).contains(&lines.len()),
            "{command}: {} examples, or text after them",
            lines.len()
        );
        for line in lines {
            let words: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(words[..2], ["tsume", command.as_str()], "{command}: {line}");
            for flag in words.iter().filter(|w| w.starts_with("--")) {
                assert!(
                    body.contains(&format!("{flag} ")) || body.contains(&format!("{flag}\n")),
                    "{command}: example flag {flag} is not an option of {command}"
                );
            }
        }
    }
}

#[test]
fn each_flag_text_is_about_its_own_command() {
    for flag in ["--help", "-h"] {
        let solve = tsume(&["solve", flag]);
        for other in ["verify", "TSV", "column", "jobs ×"] {
            assert!(!solve.contains(other), "solve {flag} mentions {other}");
        }
        let usi = tsume(&["usi", flag]);
        assert!(
            !usi.contains("TSV") && !usi.contains("column"),
            "usi {flag}"
        );
        assert!(usi.contains("USI_Hash"), "usi {flag}");
    }
    let verify = tsume(&["verify", "--help"]);
    for kind in [".sfen", ".tsv", ".kif", ".ki2", ".csa", "director"] {
        assert!(verify.contains(kind), "verify --help does not name {kind}");
    }
    assert!(verify.contains("jobs × hash"));
    let check = tsume(&["check", "--help"]);
    assert!(check.contains("one table for all the searches of a problem"));
}

#[test]
fn the_version_names_the_build() {
    let version = tsume(&["--version"]);
    let rest = version
        .trim()
        .strip_prefix(&format!("tsume {} (", env!("CARGO_PKG_VERSION")))
        .and_then(|r| r.strip_suffix(')'))
        .unwrap_or_else(|| panic!("{version}"));
    let commit = rest.strip_suffix(", modified").unwrap_or(rest);
    // The commit the sources are at, where that is known: a checkout, or the commit named
    // by whoever copied them out of one.
    let root = env!("CARGO_MANIFEST_DIR");
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .args(["-C", root])
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    let in_checkout = git(&["rev-parse", "--show-toplevel"])
        .is_some_and(|top| std::path::Path::new(&top) == std::path::Path::new(root));
    let known = if in_checkout {
        git(&["rev-parse", "--short=7", "HEAD"])
    } else {
        std::env::var("TSUME_BUILD_COMMIT")
            .ok()
            .filter(|c| !c.is_empty())
    };
    match known {
        Some(known) => assert_eq!(commit, known, "{version}"),
        None => assert!(
            commit == "commit unknown"
                || (commit.len() == 7 && commit.chars().all(|c| c.is_ascii_hexdigit())),
            "{version}"
        ),
    }
}

#[test]
fn every_shell_gets_a_completion_script_naming_every_command() {
    let commands = subcommands();
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let script = tsume(&["completions", shell]);
        assert!(script.len() > 1000, "{shell}: {script}");
        for command in &commands {
            assert!(script.contains(command.as_str()), "{shell} lacks {command}");
        }
        assert!(script.contains("literal-hands"), "{shell}");
    }
}

#[test]
fn the_manual_page_describes_every_command() {
    let page = tsume(&["man"]);
    assert!(page.contains(".TH tsume 1"), "{page}");
    for command in subcommands() {
        assert!(
            page.contains(&format!("\\fBtsume {command}\\fR")),
            "{command} not listed"
        );
        assert!(
            page.contains(&format!(".SH \"TSUME {}\"", command.to_uppercase())),
            "{command} has no section"
        );
    }
    assert!(page.contains("\\-\\-literal\\-hands"));
}

#[test]
fn every_file_or_folder_an_example_reads_is_in_the_repository() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths = 0;
    for command in subcommands() {
        let help = tsume(&[&command, "--help"]);
        let (_, examples) = help.rsplit_once("\nExamples:\n").expect("examples");
        for line in examples.lines() {
            // Quoted text is an SFEN; a word with a `/` outside quotes is a path the example
            // reads (the files it writes, and the user's own, have no folder).
            let unquoted: String = line.split('"').step_by(2).collect::<Vec<_>>().join(" ");
            for word in unquoted.split_whitespace().filter(|w| w.contains('/')) {
                assert!(
                    root.join(word).exists(),
                    "{command}: the example {line:?} names {word}, which is not in the repository"
                );
                paths += 1;
            }
        }
    }
    assert!(paths >= 5, "{paths} paths");
}
