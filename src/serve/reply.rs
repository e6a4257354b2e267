//! The server's answers: JSON bodies, the error object of every failure, and the JSON request
//! body, read with its limits.

use axum::extract::{FromRequest, Request};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use serde::Serialize;
use ts_rs::TS;
use tsume::app::problem::InputError;

/// The largest request body taken: a KIF of the longest problems is a few tens of kilobytes.
pub const BODY_LIMIT: usize = 1 << 20;

/// A failed request: its status and the error object (`docs/serve.md`, "Errors").
#[derive(Debug)]
pub struct ApiError {
    /// The status.
    pub status: StatusCode,
    /// The whole message.
    pub message: String,
    /// For an input fault: its 1-based line and column, when it has a place, and the fault
    /// without its place.
    pub place: Option<(Option<usize>, Option<usize>, String)>,
}

impl ApiError {
    /// An error of `status` in words.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            place: None,
        }
    }

    /// Malformed or illegal input (400).
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }
}

impl From<InputError> for ApiError {
    fn from(e: InputError) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: e.to_string(),
            place: Some(e.place()),
        }
    }
}

/// The body of every failed request.
#[derive(Serialize, TS)]
pub struct ErrorBody {
    /// What failed.
    pub error: ErrorFields,
}

/// An error object (`docs/serve.md`, "Errors").
#[derive(Serialize, TS)]
pub struct ErrorFields {
    /// The command line's message.
    pub message: String,
    /// For an input fault with a place: its 1-based line.
    pub line: Option<usize>,
    /// Its 1-based character column.
    pub column: Option<usize>,
    /// For an input fault: the message without its place.
    pub fault: Option<String>,
}

impl ErrorFields {
    /// An error with no place.
    pub fn message(message: String) -> ErrorFields {
        ErrorFields {
            message,
            line: None,
            column: None,
            fault: None,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (line, column, fault) = match self.place {
            Some((line, column, fault)) => (line, column, Some(fault)),
            None => (None, None, None),
        };
        let body = ErrorBody {
            error: ErrorFields {
                message: self.message,
                line,
                column,
                fault,
            },
        };
        (self.status, json(&body)).into_response()
    }
}

/// A JSON body, never cached.
pub fn json(value: &impl Serialize) -> Response {
    match serde_json::to_vec(value) {
        Ok(bytes) => (
            [
                (
                    header::CONTENT_TYPE,
                    HeaderValue::from_static("application/json"),
                ),
                (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
            ],
            bytes,
        )
            .into_response(),
        Err(e) => (
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("internal error: cannot write the answer: {e}"),
        )
            .into_response(),
    }
}

/// A request's JSON body: `Content-Type: application/json` (else 415), at most
/// [`BODY_LIMIT`] bytes (else 413), and exactly the fields of `T` (else 400, with serde's words
/// and place).
pub struct JsonBody<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, _: &S) -> Result<Self, Self::Rejection> {
        let json = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(';').next())
            .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/json"));
        if !json {
            return Err(ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "the body must be JSON (Content-Type: application/json)",
            ));
        }
        let too_large = || {
            ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("the body is over the limit of {BODY_LIMIT} bytes"),
            )
        };
        let declared = req
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<u64>().ok());
        if declared.is_some_and(|n| n > BODY_LIMIT as u64) {
            return Err(too_large());
        }
        let bytes = axum::body::to_bytes(req.into_body(), BODY_LIMIT)
            .await
            .map_err(|_| too_large())?;
        serde_json::from_slice(&bytes)
            .map(JsonBody)
            .map_err(|e| ApiError::bad(format!("request: {e}")))
    }
}
