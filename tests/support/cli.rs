//! Running the binary under test.

use serde_json::Value;
use std::process::{Command, Output};

/// Runs `tsume` with `args` and no standard input, and returns what it printed. A `solve`
/// without `--threads` searches on one thread (`TSUME_THREADS=1`), so that runs of one problem
/// in several formats print the same line.
pub fn tsume(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tsume"))
        .args(args)
        .env("TSUME_THREADS", "1")
        .output()
        .expect("run tsume")
}

/// The JSON a run printed on standard output; a failure shows both streams.
pub fn json_of(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: {}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}
