//! Ctrl-C (SIGINT) for the commands that search: the first asks the searches to stop, and the
//! command then reports what it knows and exits with [`Exit::Interrupted`]; a second one ends
//! the process at once with the same code.

use super::exit::Exit;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A flag that Ctrl-C sets, for the searches' [`crate::search::Limits::stop`]. A second Ctrl-C
/// exits at once. Only one handler can be installed in a process: a later call returns a flag
/// that Ctrl-C does not set.
pub fn stop_on_ctrl_c() -> Arc<AtomicBool> {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let _ = ctrlc::set_handler(move || {
        if flag.swap(true, Ordering::Relaxed) {
            std::process::exit(i32::from(Exit::Interrupted.code()));
        }
    });
    stop
}
