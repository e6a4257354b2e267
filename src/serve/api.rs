//! The endpoints (`docs/serve.md`, "Endpoints"): each reads its JSON, makes the app's request,
//! and writes the app's answer as JSON.

use super::assets;
use super::contract::Event;
use super::contract::{
    CheckDefaults, CheckEvent, CheckResult, Defaults, Info, KifAnswer, SolveDefaults, SolveEvent,
    SolveResult, StopAnswer,
};
use super::guard::same_origin_only;
use super::reply::{json, ApiError, JsonBody};
use super::stream::{progress_stream, Claim};
use super::Server;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::{get, post};
use axum::{middleware, Router};
use serde::Deserialize;
use std::sync::Arc;
use ts_rs::TS;
use tsume::app::answer::answer_json;
use tsume::app::check::kif::findings_kif;
use tsume::app::check::problem::pose_check_text;
use tsume::app::check::render::{to_json as check_json, About};
use tsume::app::check::CheckSettings;
use tsume::app::engine::{CheckAnswer, SolveAnswer};
use tsume::app::page::views::line_moves;
use tsume::app::page::{describe_problem, futile_end_ja, play_line, setup_kif, TEXT_NAME};
use tsume::app::problem::{pose_record, read_problem_text};
use tsume::app::settings::{
    count, seconds, Capturer, RulesName, SearchSettings, Setting, SettingError,
};
use tsume::app::solution_kif::solution_kif;
use tsume::notation::sfen::{parse_sfen, to_sfen};
use tsume::shogi::Position;

/// The largest table a request may ask for, in megabytes: a page must not be able to take the
/// machine's memory.
const MAX_HASH_MB: u64 = 8192;

/// The defaults of omitted fields, as `/api/info` gives them.
const SOLVE_TIME: f64 = 60.0;
const SOLVE_HASH_MB: u64 = 256;
const CHECK_TOTAL_TIME: f64 = 300.0;
const CHECK_HASH_MB: u64 = 64;

/// The routes, each behind the same-origin guard.
pub fn router(server: Arc<Server>) -> Router {
    Router::new()
        .route("/", get(assets::index))
        .route("/assets/{name}", get(assets::file))
        .route("/api/info", get(info))
        .route("/api/position", post(position))
        .route("/api/line", post(line))
        .route("/api/kif", post(kif))
        .route("/api/solve", post(solve))
        .route("/api/check", post(check))
        .route("/api/stop", post(stop))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(middleware::from_fn_with_state(
            server.clone(),
            same_origin_only,
        ))
        .with_state(server)
}

async fn not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "no such page or endpoint")
}

async fn method_not_allowed() -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "method not allowed here (the API's requests are POST, but /api/info)",
    )
}

/// `GET /api/info`.
async fn info() -> Response {
    json(&Info {
        version: tsume::VERSION,
        build: tsume::BUILD,
        defaults: Defaults {
            rules: "tsume",
            futile: "any",
            solve: SolveDefaults {
                time: Some(SOLVE_TIME),
                hash_mb: SOLVE_HASH_MB,
            },
            check: CheckDefaults {
                time: None,
                total_time: Some(CHECK_TOTAL_TIME),
                hash_mb: CHECK_HASH_MB,
            },
        },
        max_hash_mb: MAX_HASH_MB,
        body_limit: super::reply::BODY_LIMIT,
    })
}

#[derive(Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub(super) struct PositionRequest {
    problem: String,
    #[serde(default)]
    #[ts(optional = nullable)]
    literal_hands: bool,
}

/// `POST /api/position`.
async fn position(JsonBody(req): JsonBody<PositionRequest>) -> Result<Response, ApiError> {
    Ok(json(&describe_problem(&req.problem, req.literal_hands)?))
}

/// A position given as SFEN in a request's field.
fn sfen_field(sfen: &str) -> Result<Position, ApiError> {
    parse_sfen(sfen).map_err(|e| ApiError::bad(format!("sfen: {e}")))
}

#[derive(Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub(super) struct LineRequest {
    sfen: String,
    #[serde(default)]
    #[ts(optional = nullable)]
    moves: Vec<String>,
    #[serde(default)]
    #[ts(optional = nullable)]
    futile_plies: Vec<usize>,
    #[serde(default)]
    #[ts(optional = nullable)]
    legal: bool,
}

/// `POST /api/line`.
async fn line(JsonBody(req): JsonBody<LineRequest>) -> Result<Response, ApiError> {
    let start = sfen_field(&req.sfen)?;
    let moves = line_moves(&req.moves).map_err(|e| ApiError::bad(e.to_string()))?;
    let view = play_line(&start, &moves, &req.futile_plies, req.legal)
        .map_err(|e| ApiError::bad(e.to_string()))?;
    Ok(json(&view))
}

#[derive(Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub(super) struct KifRequest {
    sfen: String,
    #[serde(default)]
    #[ts(optional = nullable)]
    moves: Vec<String>,
    #[serde(default)]
    #[ts(optional = nullable)]
    header: Vec<(String, String)>,
}

/// `POST /api/kif`.
async fn kif(JsonBody(req): JsonBody<KifRequest>) -> Result<Response, ApiError> {
    let start = sfen_field(&req.sfen)?;
    let moves = line_moves(&req.moves).map_err(|e| ApiError::bad(e.to_string()))?;
    let text = setup_kif(&start, &moves, req.header).map_err(|e| ApiError::bad(e.to_string()))?;
    Ok(json(&KifAnswer { kif: text }))
}

fn solve_time() -> Option<f64> {
    Some(SOLVE_TIME)
}

fn solve_hash() -> u64 {
    SOLVE_HASH_MB
}

#[derive(Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub(super) struct SolveRequest {
    problem: String,
    #[serde(default)]
    #[ts(optional = nullable)]
    literal_hands: bool,
    #[serde(default)]
    #[ts(optional = nullable)]
    rules: RulesName,
    #[serde(default)]
    #[ts(optional = nullable, type = "\"any\" | \"checker\"")]
    futile: Capturer,
    #[serde(default = "solve_time")]
    #[ts(optional = nullable)]
    time: Option<f64>,
    #[serde(default)]
    #[ts(optional = nullable)]
    nodes: Option<u64>,
    #[serde(default = "solve_hash")]
    #[ts(optional = nullable)]
    hash_mb: u64,
}

/// A refused setting, named by its field.
fn refused(e: SettingError) -> ApiError {
    ApiError::bad(e.for_keywords())
}

/// The search settings of a request's fields, its table within [`MAX_HASH_MB`], searched with
/// `threads` threads; every value checked.
fn settings(
    rules: RulesName,
    futile: Capturer,
    hash_mb: u64,
    time: Option<f64>,
    nodes: Option<u64>,
    threads: usize,
) -> Result<SearchSettings, ApiError> {
    if hash_mb > MAX_HASH_MB {
        return Err(ApiError::bad(format!(
            "hash_mb={hash_mb}: expected at most {MAX_HASH_MB} here"
        )));
    }
    let settings = SearchSettings {
        rules,
        futile,
        hash_mb,
        threads: threads as u64,
        time,
        nodes,
        ..SearchSettings::default()
    };
    settings.options().map_err(refused)?;
    Ok(settings)
}

/// The server's search, or 409 while another runs.
fn claim(server: &Arc<Server>) -> Result<Claim, ApiError> {
    Claim::take(server).ok_or_else(|| {
        ApiError::new(
            StatusCode::CONFLICT,
            "a search is already running: stop it first",
        )
    })
}

/// `POST /api/solve`: what `tsume solve --json` prints, and its `--kif`, after the progress.
async fn solve(
    State(server): State<Arc<Server>>,
    JsonBody(req): JsonBody<SolveRequest>,
) -> Result<Response, ApiError> {
    let settings = settings(
        req.rules,
        req.futile,
        req.hash_mb,
        req.time,
        req.nodes,
        server.threads,
    )?;
    let record = read_problem_text(&req.problem, TEXT_NAME)?;
    let posed = pose_record(&record, TEXT_NAME, req.literal_hands)?;
    let claim = claim(&server)?;
    let stop = claim.stop_flag();
    let running = server
        .engine
        .solve(&posed, &settings, Some(stop.clone()))
        .map_err(refused)?;
    let sfen = to_sfen(&posed.position);
    let rules = settings.search_rules();
    let finish = Box::new(move |answer: SolveAnswer| match answer {
        Ok(answer) => {
            let stopped = stop.load(std::sync::atomic::Ordering::Relaxed);
            let kif = solution_kif(
                &record,
                &posed.position,
                &answer.report.outcome,
                answer.refutation.as_ref(),
            );
            let futile_end_ja = futile_end_ja(&posed.position, &answer.report.outcome);
            let answer = answer_json(&posed, &answer, rules, stopped);
            SolveEvent::Result(Box::new(SolveResult {
                answer,
                futile_end_ja,
                kif,
            }))
        }
        Err(e) => SolveEvent::failed(e.to_string()),
    });
    Ok(progress_stream(running, claim, sfen, finish))
}

fn check_total_time() -> Option<f64> {
    Some(CHECK_TOTAL_TIME)
}

fn check_hash() -> u64 {
    CHECK_HASH_MB
}

/// An intended line: USI moves as a list or in one string.
#[derive(Deserialize, TS)]
#[serde(untagged)]
pub(super) enum LineField {
    Words(Vec<String>),
    Text(String),
}

#[derive(Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub(super) struct CheckRequest {
    problem: String,
    #[serde(default)]
    #[ts(optional = nullable)]
    line: Option<LineField>,
    #[serde(default)]
    #[ts(optional = nullable)]
    literal_hands: bool,
    #[serde(default)]
    #[ts(optional = nullable)]
    rules: RulesName,
    #[serde(default)]
    #[ts(optional = nullable, type = "\"any\" | \"checker\"")]
    futile: Capturer,
    #[serde(default)]
    #[ts(optional = nullable)]
    time: Option<f64>,
    #[serde(default)]
    #[ts(optional = nullable)]
    nodes: Option<u64>,
    #[serde(default = "check_total_time")]
    #[ts(optional = nullable)]
    total_time: Option<f64>,
    #[serde(default)]
    #[ts(optional = nullable)]
    total_nodes: Option<u64>,
    #[serde(default = "check_hash")]
    #[ts(optional = nullable)]
    hash_mb: u64,
}

/// `POST /api/check`: what `tsume check --json` prints, and its `--kif`, after the progress.
async fn check(
    State(server): State<Arc<Server>>,
    JsonBody(req): JsonBody<CheckRequest>,
) -> Result<Response, ApiError> {
    let search = settings(req.rules, req.futile, req.hash_mb, req.time, req.nodes, 1)?;
    let total_time = req
        .total_time
        .map(|t| seconds(Setting::TotalTime, t))
        .transpose()
        .map_err(refused)?;
    let total_nodes = req
        .total_nodes
        .map(|n| count(Setting::TotalNodes, n, 1))
        .transpose()
        .map_err(refused)?;
    let mut problem = pose_check_text(&req.problem, TEXT_NAME, req.literal_hands)?;
    if let Some(line) = req.line {
        let words = match line {
            LineField::Words(words) => words,
            LineField::Text(text) => text.split_whitespace().map(String::from).collect(),
        };
        let moves = line_moves(&words).map_err(|e| ApiError::bad(format!("line: {e}")))?;
        problem.check_line_instead(moves);
    }
    let settings = CheckSettings::new(&search, total_nodes, total_time).map_err(refused)?;
    let claim = claim(&server)?;
    let pos = problem.position.clone();
    let rules = search.search_rules();
    let record = problem.record.take();
    let about = About::of(record.as_ref(), &problem.side_faults);
    let running = server
        .engine
        .check(problem, &settings, Some(claim.stop_flag()));
    let sfen = to_sfen(&pos);
    let finish = Box::new(move |answer: CheckAnswer| match answer {
        Ok(report) => {
            let mut json = check_json(&pos, &report, rules);
            about.put_in(&mut json);
            CheckEvent::Result(Box::new(CheckResult {
                check: json,
                kif: findings_kif(&pos, &report, record.as_ref()),
            }))
        }
        Err(e) => CheckEvent::failed(e.0),
    });
    Ok(progress_stream(running, claim, sfen, finish))
}

/// `POST /api/stop`: stops the search under way.
async fn stop(State(server): State<Arc<Server>>) -> Response {
    json(&StopAnswer {
        stopped: server.stop_current(),
    })
}
