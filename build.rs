//! Names the build for `tsume --version`: the commit it was built from and whether the sources
//! differed from it, taken from git when the sources are a checkout, else from
//! `TSUME_BUILD_COMMIT` (set by whoever copies the sources out of a checkout to build them, as
//! `.ci/run` does), else from the `.cargo_vcs_info.json` of a packaged crate, else unknown.

use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// The commit of a packaged crate, from the file `cargo package` writes.
fn packaged_commit() -> Option<String> {
    let text = std::fs::read_to_string(".cargo_vcs_info.json").ok()?;
    let at = text.find("\"sha1\"")?;
    let rest = &text[at + 6..];
    let start = rest.find('"')? + 1;
    let sha: String = rest[start..]
        .chars()
        .take_while(|c| c.is_ascii_hexdigit())
        .collect();
    (sha.len() >= 7).then(|| sha[..7].to_string())
}

fn main() {
    for path in [
        ".git/HEAD",
        ".git/logs/HEAD",
        ".git/index",
        "src",
        "web/dist",
        "Cargo.toml",
    ] {
        println!("cargo:rerun-if-changed={path}");
    }
    println!("cargo:rerun-if-env-changed=TSUME_BUILD_COMMIT");
    let in_checkout = git(&["rev-parse", "--show-toplevel"]).is_some_and(|top| {
        std::path::Path::new(&top) == std::env::current_dir().unwrap_or_default()
    });
    let build = if in_checkout {
        match git(&["rev-parse", "--short=7", "HEAD"]) {
            Some(commit) => {
                let dirty = git(&["status", "--porcelain", "--untracked-files=no"])
                    .is_some_and(|s| !s.is_empty());
                if dirty {
                    format!("{commit}, modified")
                } else {
                    commit
                }
            }
            None => "commit unknown".to_string(),
        }
    } else {
        std::env::var("TSUME_BUILD_COMMIT")
            .ok()
            .filter(|c| !c.is_empty())
            .or_else(packaged_commit)
            .unwrap_or_else(|| "commit unknown".to_string())
    };
    println!("cargo:rustc-env=TSUME_BUILD={build}");
}
