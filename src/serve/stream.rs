//! A search's progress as a stream of JSON lines (`docs/serve.md`, "Progress streams"): its
//! start, its progress about five times a second, each mate found, and its result last.
//!
//! The stream holds the server's claim on its one search: when it ends the claim is given back,
//! and when the client goes (a closed tab, an aborted request) the stream is dropped, which stops
//! the search.

use super::contract::{CheckEvent, Event, SolveEvent};
use super::Server;
use axum::body::{Body, Bytes};
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use std::convert::Infallible;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tsume::app::check::CheckProgress;
use tsume::app::engine::Progress;
use tsume::app::engine::{Running, Waited};

/// How often the stream looks at the search.
const POLL: Duration = Duration::from_millis(50);

/// How often a progress line is sent.
const PROGRESS_EVERY: Duration = Duration::from_millis(200);

/// The server's one search, claimed: given back when dropped, which also stops the search
/// unless it has [`Claim::finished`].
pub struct Claim {
    server: Arc<Server>,
    stop: Arc<AtomicBool>,
    finished: bool,
}

impl Claim {
    /// Claims the server's search, or says that another is under way.
    pub fn take(server: &Arc<Server>) -> Option<Claim> {
        let mut current = server.current.lock().unwrap_or_else(|e| e.into_inner());
        if current.is_some() {
            return None;
        }
        let stop = Arc::new(AtomicBool::new(false));
        *current = Some(stop.clone());
        Some(Claim {
            server: server.clone(),
            stop,
            finished: false,
        })
    }

    /// Gives the claim back for a search that has ended.
    pub fn finished(mut self) {
        self.finished = true;
    }

    /// The flag that stops the claimed search.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }
}

impl Drop for Claim {
    fn drop(&mut self) {
        if !self.finished {
            self.stop.store(true, Ordering::Relaxed);
        }
        let mut current = self
            .server
            .current
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if current.as_ref().is_some_and(|f| Arc::ptr_eq(f, &self.stop)) {
            *current = None;
        }
    }
}

/// What a search publishes, as the stream's lines.
pub trait Publishes {
    /// The stream's lines.
    type Event: Event;

    /// The lines due since the last call: new mates at once, the counters when `counters`.
    fn lines(&self, elapsed: Duration, counters: bool, seen: &mut usize) -> Vec<Self::Event>;
}

impl Publishes for Progress {
    type Event = SolveEvent;

    fn lines(&self, elapsed: Duration, counters: bool, seen: &mut usize) -> Vec<SolveEvent> {
        let mates = self.mates_found();
        let mut out: Vec<SolveEvent> = mates[(*seen).min(mates.len())..]
            .iter()
            .map(|m| SolveEvent::MateFound(m.into()))
            .collect();
        *seen = mates.len();
        if counters {
            out.push(SolveEvent::Progress {
                nodes: self.nodes.load(Ordering::Relaxed),
                time_ms: elapsed.as_millis() as u64,
                hash_permille: self.hash_permille.load(Ordering::Relaxed),
            });
        }
        out
    }
}

impl Publishes for CheckProgress {
    type Event = CheckEvent;

    fn lines(&self, elapsed: Duration, counters: bool, _: &mut usize) -> Vec<CheckEvent> {
        if !counters {
            return Vec::new();
        }
        vec![CheckEvent::Progress {
            nodes: self.nodes.load(Ordering::Relaxed),
            time_ms: elapsed.as_millis() as u64,
            searches: self.searches.load(Ordering::Relaxed),
            ply: self.ply.load(Ordering::Relaxed),
            plies: self.plies.load(Ordering::Relaxed),
        }]
    }
}

/// The answer's last line from the search's answer.
pub type Finish<T, E> = Box<dyn FnOnce(T) -> E + Send>;

struct Live<T, P: Publishes> {
    running: Running<T, P>,
    claim: Option<Claim>,
    start: Instant,
    next_counters: Instant,
    seen: usize,
    first: Option<P::Event>,
    finish: Option<Finish<T, P::Event>>,
}

/// The stream of `running`, which holds `claim`: `started` (with `sfen`) first, the search's
/// lines as they come, and the line `finish` makes of its answer (or an `error` line) last.
pub fn progress_stream<T, P>(
    running: Running<T, P>,
    claim: Claim,
    sfen: String,
    finish: Finish<T, P::Event>,
) -> Response
where
    T: Send + 'static,
    P: Publishes + Send + Sync + 'static,
{
    let now = Instant::now();
    let live = Live {
        running,
        claim: Some(claim),
        start: now,
        next_counters: now + PROGRESS_EVERY,
        seen: 0,
        first: Some(P::Event::started(sfen)),
        finish: Some(finish),
    };
    let lines = futures_util::stream::unfold(live, |mut live| async move {
        if let Some(first) = live.first.take() {
            return Some((Ok::<_, Infallible>(ndjson(&[first])), live));
        }
        let finish = live.finish.take()?;
        loop {
            let waited = live.running.wait(Duration::ZERO);
            let now = Instant::now();
            let counters = now >= live.next_counters || !matches!(waited, Waited::Running);
            let elapsed = now - live.start;
            let mut out = live
                .running
                .progress()
                .lines(elapsed, counters, &mut live.seen);
            if counters {
                live.next_counters = now + PROGRESS_EVERY;
            }
            match waited {
                Waited::Running => {}
                Waited::Done(answer) => {
                    // Given back first, so that a request sent once the result is read is not
                    // refused.
                    if let Some(claim) = live.claim.take() {
                        claim.finished();
                    }
                    out.push(finish(answer));
                    return Some((Ok(ndjson(&out)), live));
                }
                Waited::Failed(words) => {
                    if let Some(claim) = live.claim.take() {
                        claim.finished();
                    }
                    out.push(P::Event::failed(words));
                    return Some((Ok(ndjson(&out)), live));
                }
            }
            if !out.is_empty() {
                live.finish = Some(finish);
                return Some((Ok(ndjson(&out)), live));
            }
            tokio::time::sleep(POLL).await;
        }
    });
    (
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/x-ndjson"),
            ),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
        ],
        Body::from_stream(lines),
    )
        .into_response()
}

/// Lines of JSON, each ended by a newline.
fn ndjson(events: &[impl Event]) -> Bytes {
    let mut text = String::new();
    for e in events {
        // An event is plain data: its JSON is always written.
        text.push_str(&serde_json::to_string(e).expect("an event's JSON"));
        text.push('\n');
    }
    Bytes::from(text)
}
