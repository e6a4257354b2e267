//! `THIRD-PARTY.md` lists every crate compiled into the `tsume` binary and the Python module,
//! with its licence, as `cargo metadata` gives them; each licence is one that an MIT program may
//! bundle. `TSUME_REMAKE_THIRD_PARTY=1 cargo test --release --test integration third_party`
//! writes the file anew after a dependency changes.

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::process::Command;

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

/// The crates linked into each of the project's packages (normal dependencies, every platform;
/// proc-macros and build dependencies run only at build time), with version and licence; and
/// whether both packages were there (the packaged crate has no `python/`).
fn bundled() -> (BTreeMap<(String, String), String>, bool) {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let out = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--locked", "--offline"])
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
    let ours = ["tsume", "tsume-python"];
    let mut stack: Vec<&str> = packages
        .iter()
        .filter(|(_, p)| ours.contains(&p["name"].as_str().unwrap()))
        .map(|(id, _)| *id)
        .collect();
    let whole = stack.len() == ours.len();
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
        .filter(|p| !is_macro(p) && !ours.contains(&p["name"].as_str().unwrap()))
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

fn page(crates: &BTreeMap<(String, String), String>) -> String {
    let mut s = String::from(
        "# Third-party software\n\n\
         tsume is MIT-licensed ([LICENSE](LICENSE)). Its binary and its Python module are built \
         with the crates below, compiled into them; each crate's licence text comes with its \
         source (`cargo vendor`, or the crate's page on crates.io). The workbench page \
         (`web/dist`) is the project's own code only: esbuild, TypeScript and playwright-core \
         build and test it and are not part of it.\n\n\
         This file is made by `TSUME_REMAKE_THIRD_PARTY=1 cargo test --release --test \
         integration third_party`, and a test checks that it lists what `Cargo.lock` builds, \
         each under a licence an MIT program may bundle.\n\n\
         | crate | version | licence |\n|---|---|---|\n",
    );
    for ((name, version), licence) in crates {
        s.push_str(&format!("| {name} | {version} | {licence} |\n"));
    }
    s
}

#[test]
fn every_bundled_crate_is_listed_under_a_licence_an_mit_program_may_bundle() {
    let (crates, whole) = bundled();
    assert!(crates.len() > 50, "{} crates", crates.len());
    for ((name, version), licence) in &crates {
        assert!(
            ACCEPTED.contains(&licence.as_str()),
            "{name} {version}: licence {licence:?} is not one an MIT program may bundle as is"
        );
    }
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("THIRD-PARTY.md");
    let expected = page(&crates);
    if std::env::var_os("TSUME_REMAKE_THIRD_PARTY").is_some() {
        std::fs::write(&path, &expected).expect("write THIRD-PARTY.md");
    }
    let written = std::fs::read_to_string(&path).unwrap_or_default();
    if !whole {
        // A packaged crate without the Python module: what it builds is listed.
        for ((name, version), licence) in &crates {
            let row = format!("| {name} | {version} | {licence} |\n");
            assert!(written.contains(&row), "THIRD-PARTY.md lacks {row}");
        }
        return;
    }
    assert!(
        written == expected,
        "THIRD-PARTY.md is not what Cargo.lock builds: run TSUME_REMAKE_THIRD_PARTY=1 cargo test \
         --release --test integration third_party"
    );
}
