//! The page, built from `web/` and kept inside the binary: nothing is read from disk.

use axum::extract::Path;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

const INDEX: &[u8] = include_bytes!("../../web/dist/index.html");
const SCRIPT: &[u8] = include_bytes!("../../web/dist/app.js");
const STYLE: &[u8] = include_bytes!("../../web/dist/app.css");

/// What the page may load and who may frame it: its own script and style only, no frames.
const POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
                      img-src 'self' data: blob:; connect-src 'self'; frame-ancestors 'none'; \
                      base-uri 'none'; form-action 'none'";

fn asset(bytes: &'static [u8], kind: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(kind)),
            (
                header::CONTENT_SECURITY_POLICY,
                HeaderValue::from_static(POLICY),
            ),
            (
                header::X_CONTENT_TYPE_OPTIONS,
                HeaderValue::from_static("nosniff"),
            ),
            (
                header::REFERRER_POLICY,
                HeaderValue::from_static("no-referrer"),
            ),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
        ],
        bytes,
    )
        .into_response()
}

/// `GET /`.
pub async fn index() -> Response {
    asset(INDEX, "text/html; charset=utf-8")
}

/// `GET /assets/NAME`.
pub async fn file(Path(name): Path<String>) -> Response {
    match name.as_str() {
        "app.js" => asset(SCRIPT, "text/javascript; charset=utf-8"),
        "app.css" => asset(STYLE, "text/css; charset=utf-8"),
        _ => super::reply::ApiError::new(StatusCode::NOT_FOUND, format!("no asset '{name}'"))
            .into_response(),
    }
}
