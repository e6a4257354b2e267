//! Running the binary under test.

use serde_json::Value;
use std::process::{Command, Output};

/// Runs `tsume` with `args` and no standard input, and returns what it printed.
pub fn tsume(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tsume"))
        .args(args)
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
