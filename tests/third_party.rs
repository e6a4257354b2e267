//! `THIRD-PARTY.md` lists every crate compiled into the `tsume` binary and the Python module on
//! any platform, with its licence; each licence is one that an MIT program may bundle.
//!
//! The list of every platform needs every platform's crates, which a machine that only built the
//! project does not hold, so it is made once, by `TSUME_REMAKE_THIRD_PARTY=1 cargo test --release
//! --test integration third_party` (which may download them), and the test holds it to what needs
//! no download: the rows name packages of `Cargo.lock`, and what this machine's build bundles
//! (`cargo tree --offline`) is listed under the same licence. With
//! `TSUME_THIRD_PARTY_EVERY_PLATFORM=1` it also compares the whole list with `cargo metadata`.

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::PathBuf;
use std::process::Command;

/// Crates by (name, version), with their licence expression.
type Crates = BTreeMap<(String, String), String>;

/// The packages of this repository, whose own crates are not third-party.
const OURS: [&str; 2] = ["tsume", "tsume-python"];

/// Licence expressions of crates we bundle, each of which lets an MIT program include the crate
/// (with its notice): permissive licences, alone or in choices and combinations.
const ACCEPTED: &[&str] = &[
    "MIT",
    "Apache-2.0",
    "Apache-2.0 OR MIT",
    "MIT OR Apache-2.0",
    "MIT/Apache-2.0",
    "Unlicense OR MIT",
    "Unlicense/MIT",
    "Zlib",
    "Zlib OR Apache-2.0 OR MIT",
    "MIT AND BSD-3-Clause",
    "(Apache-2.0 OR MIT) AND BSD-3-Clause",
    "Apache-2.0 WITH LLVM-exception OR Apache-2.0 OR MIT",
    "(MIT OR Apache-2.0) AND Unicode-3.0",
    "BSD-2-Clause",
    "BSD-3-Clause",
    "ISC",
];

/// The crates linked into each of the project's packages on every platform (normal
/// dependencies; proc-macros and build dependencies run only at build time), with version and
/// licence; and whether both packages were there (the packaged crate has no `python/`).
/// `cargo metadata` reads the manifest of every package in the lock, so this may download.
fn bundled_on_every_platform() -> (Crates, bool) {
    let out = cargo()
        .args(["metadata", "--format-version", "1", "--locked"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run cargo metadata");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: Value = serde_json::from_slice(&out.stdout).expect("metadata JSON");
    let packages: HashMap<&str, &Value> = meta["packages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["id"].as_str().unwrap(), p))
        .collect();
    let nodes: HashMap<&str, &Value> = meta["resolve"]["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| (n["id"].as_str().unwrap(), n))
        .collect();
    let is_macro = |p: &Value| {
        p["targets"].as_array().unwrap().iter().any(|t| {
            t["kind"]
                .as_array()
                .unwrap()
                .iter()
                .any(|k| k == "proc-macro")
        })
    };
    let mut stack: Vec<&str> = packages
        .iter()
        .filter(|(_, p)| OURS.contains(&p["name"].as_str().unwrap()))
        .map(|(id, _)| *id)
        .collect();
    let whole = stack.len() == OURS.len();
    let mut seen = BTreeSet::new();
    while let Some(id) = stack.pop() {
        if !seen.insert(id) || is_macro(packages[id]) {
            continue;
        }
        for dep in nodes[id]["deps"].as_array().unwrap() {
            let normal = dep["dep_kinds"]
                .as_array()
                .unwrap()
                .iter()
                .any(|k| k["kind"].is_null());
            if normal {
                stack.push(dep["pkg"].as_str().unwrap());
            }
        }
    }
    let crates = seen
        .into_iter()
        .map(|id| packages[id])
        .filter(|p| !is_macro(p) && !OURS.contains(&p["name"].as_str().unwrap()))
        .map(|p| {
            (
                (
                    p["name"].as_str().unwrap().to_string(),
                    p["version"].as_str().unwrap().to_string(),
                ),
                p["license"].as_str().unwrap_or("(none given)").to_string(),
            )
        })
        .collect();
    (crates, whole)
}

fn page(crates: &Crates) -> String {
    let mut s = String::from(
        "# Third-party software\n\n\
         tsume is MIT-licensed ([LICENSE](LICENSE)). Its binary and its Python module are built \
         with the crates below, compiled into them; each crate's licence text comes with its \
         source (`cargo vendor`, or the crate's page on crates.io). The workbench page \
         (`web/dist`) is the project's own code only: esbuild, TypeScript and playwright-core \
         build and test it and are not part of it.\n\n\
         This file is made by `TSUME_REMAKE_THIRD_PARTY=1 cargo test --release --test \
         integration third_party`, and a test checks it against `Cargo.lock` and what a build \
         bundles, each crate under a licence an MIT program may bundle.\n\n\
         | crate | version | licence |\n|---|---|---|\n",
    );
    for ((name, version), licence) in crates {
        s.push_str(&format!("| {name} | {version} | {licence} |\n"));
    }
    s
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn cargo() -> Command {
    let mut command = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string()));
    command.current_dir(root());
    command
}

/// What `package` bundles when built for this machine, from `cargo tree`, which needs only the
/// crates of that build. `None` when they are not all here: the Python module's before it has
/// been built, or a packaged crate without `python/`.
fn bundled_here(package: &str) -> Option<Crates> {
    let out = cargo()
        .args(["tree", "--locked", "--offline", "-p", package])
        .args([
            "-e",
            "normal,no-proc-macro",
            "--prefix",
            "none",
            "--format",
            "{p}|{l}",
        ])
        .output()
        .expect("run cargo tree");
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        let absent = stderr.contains("--offline") || stderr.contains("did not match any packages");
        assert!(absent, "cargo tree -p {package}: {stderr}");
        return None;
    }
    let mut crates = Crates::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let line = line.trim_end_matches(" (*)");
        let (id, licence) = line.split_once('|').unwrap_or((line, ""));
        let mut words = id.split_whitespace();
        let (Some(name), Some(version)) = (words.next(), words.next()) else {
            continue;
        };
        if OURS.contains(&name) {
            continue;
        }
        let licence = if licence.is_empty() {
            "(none given)"
        } else {
            licence
        };
        let version = version.trim_start_matches('v');
        crates.insert((name.to_string(), version.to_string()), licence.to_string());
    }
    Some(crates)
}

/// The rows of `THIRD-PARTY.md`'s table.
fn listed(page: &str) -> Crates {
    page.lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line
                .strip_prefix("| ")?
                .strip_suffix(" |")?
                .split(" | ")
                .collect();
            let [name, version, licence] = cells[..] else {
                return None;
            };
            (name != "crate" && !name.starts_with('-'))
                .then(|| ((name.to_string(), version.to_string()), licence.to_string()))
        })
        .collect()
}

/// The (name, version) of every package in `Cargo.lock`, every platform's included.
fn locked() -> BTreeSet<(String, String)> {
    let lock = std::fs::read_to_string(root().join("Cargo.lock")).expect("read Cargo.lock");
    lock.split("[[package]]")
        .skip(1)
        .filter_map(|block| {
            let field = |key: &str| {
                block.lines().find_map(|line| {
                    let value = line.strip_prefix(key)?.trim().strip_prefix('=')?;
                    Some(value.trim().trim_matches('"').to_string())
                })
            };
            Some((field("name")?, field("version")?))
        })
        .collect()
}

#[test]
fn every_bundled_crate_is_listed_under_a_licence_an_mit_program_may_bundle() {
    let path = root().join("THIRD-PARTY.md");
    let every_platform = std::env::var_os("TSUME_REMAKE_THIRD_PARTY").is_some()
        || std::env::var_os("TSUME_THIRD_PARTY_EVERY_PLATFORM").is_some();
    let whole = root().join("python").is_dir();
    if every_platform {
        let (crates, both) = bundled_on_every_platform();
        assert!(both, "both packages are needed to list every crate");
        let expected = page(&crates);
        if std::env::var_os("TSUME_REMAKE_THIRD_PARTY").is_some() {
            std::fs::write(&path, &expected).expect("write THIRD-PARTY.md");
        }
        let written = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            written == expected,
            "THIRD-PARTY.md is not what Cargo.lock builds: run TSUME_REMAKE_THIRD_PARTY=1 cargo \
             test --release --test integration third_party"
        );
    }
    let listed = listed(&std::fs::read_to_string(&path).expect("read THIRD-PARTY.md"));
    assert!(listed.len() > 50, "{} crates listed", listed.len());
    for ((name, version), licence) in &listed {
        assert!(
            ACCEPTED.contains(&licence.as_str()),
            "{name} {version}: licence {licence:?} is not one an MIT program may bundle as is"
        );
    }
    // The packaged crate's lock holds its own dependencies only, not the Python module's.
    if whole {
        let locked = locked();
        for (name, version) in listed.keys() {
            assert!(
                locked.contains(&(name.clone(), version.clone())),
                "THIRD-PARTY.md lists {name} {version}, which Cargo.lock no longer holds: remake it"
            );
        }
    }
    let binary = bundled_here("tsume").expect("the binary's crates are here once it is built");
    let module = bundled_here("tsume-python");
    assert!(binary.len() > 50, "{} crates in the binary", binary.len());
    for ((name, version), licence) in binary.iter().chain(module.iter().flatten()) {
        assert_eq!(
            listed.get(&(name.clone(), version.clone())),
            Some(licence),
            "THIRD-PARTY.md does not list {name} {version} under {licence:?}, which this build \
             bundles: remake it"
        );
    }
}
