//! The server's JSON as types (`docs/serve.md`): what `/api/info`, `/api/kif` and `/api/stop`
//! answer and the lines of the progress streams; the requests are `api`'s, the error object
//! `reply`'s and the answers the app's.
//!
//! They are the page's types too: `web/src/generated/` is their TypeScript, made by ts-rs, and a
//! test here fails when it is not what these types make. After a change of any of them,
//! `TSUME_WRITE_TYPES=1 cargo test --release --bin tsume contract` writes it anew.

use super::reply::ErrorFields;
use serde::Serialize;
use ts_rs::TS;
use tsume::app::answer::{MateFoundJson, SolveJson};
use tsume::app::check::render::CheckJson;

/// `GET /api/info`.
#[derive(Serialize, TS)]
pub struct Info {
    /// The version of tsume.
    pub version: &'static str,
    /// What `tsume --version` gives in parentheses: the commit, `, modified` when the sources
    /// differed from it.
    pub build: &'static str,
    /// What an omitted field of `/api/solve` and `/api/check` takes.
    pub defaults: Defaults,
    /// The largest table a request may ask for, in megabytes.
    pub max_hash_mb: u64,
    /// The largest request body, in bytes.
    pub body_limit: usize,
}

/// The defaults of the search requests.
#[derive(Serialize, TS)]
pub struct Defaults {
    /// The rules: `tsume`.
    #[ts(type = "\"tsume\" | \"game\"")]
    pub rules: &'static str,
    /// Who may capture a futile interposition: `any`.
    #[ts(type = "\"any\" | \"checker\"")]
    pub futile: &'static str,
    /// `/api/solve`'s.
    pub solve: SolveDefaults,
    /// `/api/check`'s.
    pub check: CheckDefaults,
}

/// The defaults of `/api/solve`.
#[derive(Serialize, TS)]
pub struct SolveDefaults {
    /// Seconds (null: no limit).
    pub time: Option<f64>,
    /// The table in megabytes.
    pub hash_mb: u64,
}

/// The defaults of `/api/check`.
#[derive(Serialize, TS)]
pub struct CheckDefaults {
    /// Seconds for each search (null: no limit).
    pub time: Option<f64>,
    /// Seconds for the whole check (null: no limit).
    pub total_time: Option<f64>,
    /// The table in megabytes.
    pub hash_mb: u64,
}

/// `POST /api/kif`.
#[derive(Serialize, TS)]
pub struct KifAnswer {
    /// The UTF-8 KIF.
    pub kif: String,
}

/// `POST /api/stop`.
#[derive(Serialize, TS)]
pub struct StopAnswer {
    /// A search was running, and is told to stop.
    pub stopped: bool,
}

/// What every progress stream's lines are: the stream itself writes its first line and, when
/// the search fails, its last.
pub trait Event: Serialize + Send + 'static {
    /// `started`: the search has begun on `sfen`.
    fn started(sfen: String) -> Self;
    /// `error`: the search failed.
    fn failed(message: String) -> Self;
}

/// A line of `/api/solve`'s stream; its `mate_found` lines are `solve --progress-json`'s too.
#[derive(Serialize, TS)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum SolveEvent {
    /// The search has begun.
    Started {
        /// The position searched (after the hand convention).
        sfen: String,
    },
    /// The counters, about five times a second.
    Progress {
        /// Nodes searched.
        nodes: u64,
        /// Milliseconds since the start.
        time_ms: u64,
        /// Permille of the table in use.
        hash_permille: u32,
    },
    /// A mate proven (the first, then each shorter); its moves come with the result.
    MateFound(MateFoundJson),
    /// The last line.
    Result(Box<SolveResult>),
    /// The search failed (an internal error); the last line.
    Error {
        /// What failed.
        error: ErrorFields,
    },
}

impl Event for SolveEvent {
    fn started(sfen: String) -> Self {
        SolveEvent::Started { sfen }
    }

    fn failed(message: String) -> Self {
        SolveEvent::Error {
            error: ErrorFields::message(message),
        }
    }
}

/// The result of `/api/solve`.
#[derive(Serialize, TS)]
pub struct SolveResult {
    /// What `tsume solve --json` prints.
    pub answer: SolveJson,
    /// The answer's `futile_end` in 日本式, as `tsume solve --format ja` names it (null
    /// without one).
    pub futile_end_ja: Option<[String; 2]>,
    /// What `tsume solve --kif` writes.
    pub kif: String,
}

/// A line of `/api/check`'s stream.
#[derive(Serialize, TS)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum CheckEvent {
    /// The check has begun.
    Started {
        /// The position checked (after the hand convention).
        sfen: String,
    },
    /// The counters, about five times a second.
    Progress {
        /// Nodes of the searches finished.
        nodes: u64,
        /// Milliseconds since the start.
        time_ms: u64,
        /// Searches run.
        searches: u64,
        /// How far along the main line: this ply…
        ply: u64,
        /// …of so many.
        plies: u64,
    },
    /// The last line.
    Result(Box<CheckResult>),
    /// The check failed (an internal error); the last line.
    Error {
        /// What failed.
        error: ErrorFields,
    },
}

impl Event for CheckEvent {
    fn started(sfen: String) -> Self {
        CheckEvent::Started { sfen }
    }

    fn failed(message: String) -> Self {
        CheckEvent::Error {
            error: ErrorFields::message(message),
        }
    }
}

/// The result of `/api/check`.
#[derive(Serialize, TS)]
pub struct CheckResult {
    /// What `tsume check --json` prints.
    pub check: CheckJson,
    /// What `tsume check --kif` writes.
    pub kif: String,
}

#[cfg(test)]
mod tests {
    use super::super::api::{CheckRequest, KifRequest, LineRequest, PositionRequest, SolveRequest};
    use super::super::reply::ErrorBody;
    use super::*;
    use std::collections::BTreeMap;
    use std::path::{Path, PathBuf};
    use ts_rs::{Config, ExportError};
    use tsume::app::page::{LineView, ProblemView};

    /// Where the page keeps them.
    fn committed_dir() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("web/src/generated")
    }

    /// Every type of the contract, with the types they name, as TypeScript files in `dir`.
    fn export(dir: &Path) -> Result<(), ExportError> {
        let cfg = Config::new().with_out_dir(dir).with_large_int("number");
        PositionRequest::export_all(&cfg)?;
        LineRequest::export_all(&cfg)?;
        KifRequest::export_all(&cfg)?;
        SolveRequest::export_all(&cfg)?;
        CheckRequest::export_all(&cfg)?;
        Info::export_all(&cfg)?;
        ProblemView::export_all(&cfg)?;
        LineView::export_all(&cfg)?;
        KifAnswer::export_all(&cfg)?;
        StopAnswer::export_all(&cfg)?;
        SolveEvent::export_all(&cfg)?;
        CheckEvent::export_all(&cfg)?;
        ErrorBody::export_all(&cfg)
    }

    /// The files of `dir` by name, with their text.
    fn files(dir: &Path) -> BTreeMap<String, String> {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return BTreeMap::new();
        };
        entries
            .map(|e| e.expect("a directory entry").path())
            .map(|p| {
                let name = p.file_name().unwrap().to_string_lossy().to_string();
                (name, std::fs::read_to_string(&p).expect("a generated file"))
            })
            .collect()
    }

    #[test]
    fn the_pages_types_are_what_the_servers_types_make() {
        let fresh = std::env::temp_dir().join(format!("tsume-page-types-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&fresh);
        export(&fresh).expect("export the types");
        let made = files(&fresh);
        std::fs::remove_dir_all(&fresh).unwrap();
        let committed = committed_dir();
        if std::env::var_os("TSUME_WRITE_TYPES").is_some_and(|v| v == "1") {
            let _ = std::fs::remove_dir_all(&committed);
            std::fs::create_dir_all(&committed).unwrap();
            for (name, text) in &made {
                std::fs::write(committed.join(name), text).unwrap();
            }
            return;
        }
        let have = files(&committed);
        let differing: Vec<&str> = made
            .keys()
            .chain(have.keys())
            .filter(|name| made.get(*name) != have.get(*name))
            .map(String::as_str)
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        assert!(
            differing.is_empty(),
            "web/src/generated/ is not what the server's Rust types make ({}): write it anew with \
             `TSUME_WRITE_TYPES=1 cargo test --release --bin tsume contract`, then rebuild the \
             page (`cd web && npm run typecheck && npm run build`) and commit both",
            differing.join(", ")
        );
        assert!(made.contains_key("SolveAnswer.ts") && made.contains_key("CheckEvent.ts"));
    }
}
