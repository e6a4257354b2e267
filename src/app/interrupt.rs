//! Ctrl-C (SIGINT) for the commands that search: the first asks the searches to stop, and the
//! command then reports what it knows and exits with [`Exit::Interrupted`]; a second one ends
//! the process at once with the same code.

use super::exit::Exit;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long after the first SIGINT another one is still the same: a script's `timeout -s INT`
/// sends its signal to the process and then to its process group, so the process may get two
/// at once, where a person's second Ctrl-C comes later.
pub const SAME_SIGNAL: Duration = Duration::from_millis(500);

/// A flag that Ctrl-C sets, for the searches' [`crate::search::Limits::stop`]. A second Ctrl-C,
/// [`SAME_SIGNAL`] or more after the first, exits at once. Only one handler can be installed in
/// a process: a later call returns a flag that Ctrl-C does not set.
pub fn stop_on_ctrl_c() -> Arc<AtomicBool> {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let mut first: Option<Instant> = None;
    let _ = ctrlc::set_handler(move || {
        flag.store(true, Ordering::Relaxed);
        match first {
            None => first = Some(Instant::now()),
            Some(at) if at.elapsed() >= SAME_SIGNAL => {
                std::process::exit(i32::from(Exit::Interrupted.code()))
            }
            Some(_) => {}
        }
    });
    stop
}
