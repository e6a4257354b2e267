//! Who the server answers: requests whose `Host` is one of its own names and whose `Origin`,
//! when sent, is its own page. A page from any other site is refused, whether it names the
//! server's address (a cross-site request) or its own name resolved to loopback (DNS
//! rebinding).

use super::reply::ApiError;
use super::Server;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

/// Refuses a request from anywhere but the server's own page with 403.
pub async fn same_origin_only(
    State(server): State<Arc<Server>>,
    req: Request,
    next: Next,
) -> Response {
    match refusal(&server.hosts, req.headers()) {
        Some(why) => ApiError::new(StatusCode::FORBIDDEN, why).into_response(),
        None => next.run(req).await,
    }
}

/// Why a request with `headers` is refused by a server answering to `hosts`, if it is.
pub fn refusal(hosts: &[String], headers: &HeaderMap) -> Option<String> {
    let host = match headers.get(header::HOST).map(|v| v.to_str()) {
        Some(Ok(host)) => host.to_ascii_lowercase(),
        _ => return Some("a request must name this server in its Host header".into()),
    };
    if !hosts.contains(&host) {
        return Some(format!(
            "Host '{host}' is not this server ({}): requests through another name are refused",
            hosts.join(", ")
        ));
    }
    let origin = match headers.get(header::ORIGIN).map(|v| v.to_str()) {
        None => return None,
        Some(Ok(origin)) => origin.to_ascii_lowercase(),
        Some(Err(_)) => return Some("the Origin header is not text".into()),
    };
    let own = origin
        .strip_prefix("http://")
        .is_some_and(|h| hosts.iter().any(|own| own == h));
    (!own).then(|| format!("Origin '{origin}' is not this server's page: refused"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(
                axum::http::HeaderName::from_bytes(k.as_bytes()).unwrap(),
                HeaderValue::from_str(v).unwrap(),
            );
        }
        h
    }

    #[test]
    fn only_the_servers_own_host_and_origin_pass() {
        let hosts = ["127.0.0.1:8080", "localhost:8080"].map(String::from);
        let ok = |pairs: &[(&str, &str)]| refusal(&hosts, &headers(pairs)).is_none();
        assert!(ok(&[("host", "127.0.0.1:8080")]));
        assert!(ok(&[("host", "LOCALHOST:8080")]));
        assert!(ok(&[
            ("host", "localhost:8080"),
            ("origin", "http://127.0.0.1:8080")
        ]));
        assert!(!ok(&[]));
        assert!(!ok(&[("host", "evil.example:8080")]));
        assert!(!ok(&[("host", "127.0.0.1:8081")]));
        assert!(!ok(&[("host", "127.0.0.1")]));
        assert!(!ok(&[
            ("host", "127.0.0.1:8080"),
            ("origin", "http://evil.example")
        ]));
        assert!(!ok(&[("host", "127.0.0.1:8080"), ("origin", "null")]));
        assert!(!ok(&[
            ("host", "127.0.0.1:8080"),
            ("origin", "https://127.0.0.1:8080")
        ]));
        assert!(!ok(&[
            ("host", "127.0.0.1:8080"),
            ("origin", "http://127.0.0.1:8080.evil.example")
        ]));
    }
}
