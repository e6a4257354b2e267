//! `tsume serve`: the workbench, a page and its JSON API (`docs/serve.md`) on an HTTP server
//! bound to loopback.
//!
//! A thin face over `tsume::app`, as the command line and the Python module are: each endpoint
//! turns its JSON into the app's request and the app's answer into JSON. The searches run on one
//! [`Engine`], one at a time.

mod api;
mod assets;
pub mod contract;
mod guard;
mod reply;
mod stream;

use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tsume::app::engine::Engine;
use tsume::app::exit::{AppError, Exit};

/// What `serve` was asked.
#[derive(Clone, Debug)]
pub struct ServeRequest {
    /// The address to listen on (loopback when `None`).
    pub host: Option<IpAddr>,
    /// The port (0: any free port).
    pub port: u16,
    /// Open the page in the default browser.
    pub open: bool,
    /// Threads searching each problem solved together.
    pub threads: usize,
}

/// The server's state: who may call it, the engine, and the search under way.
pub struct Server {
    /// The `Host` values it answers to, lower case (`127.0.0.1:8080`, `localhost:8080`).
    hosts: Vec<String>,
    /// Where every search runs.
    engine: Engine,
    /// Threads searching each problem solved together (a check searches on one).
    threads: usize,
    /// The stop flag of the search under way, if one is.
    current: Mutex<Option<Arc<AtomicBool>>>,
}

impl Server {
    /// Stops the search under way, if any; whether there was one.
    fn stop_current(&self) -> bool {
        match &*self.current.lock().unwrap_or_else(|e| e.into_inner()) {
            Some(flag) => {
                flag.store(true, Ordering::Relaxed);
                true
            }
            None => false,
        }
    }
}

/// The `Host` values a server at `addr` answers to: its address and port, and for loopback the
/// other names of loopback.
fn allowed_hosts(addr: SocketAddr) -> Vec<String> {
    let port = addr.port();
    let mut hosts = vec![host_text(addr)];
    if addr.ip().is_loopback() {
        hosts.extend(["127.0.0.1", "localhost", "[::1]"].map(|h| format!("{h}:{port}")));
    }
    hosts.sort();
    hosts.dedup();
    hosts
}

/// `addr` as a URL's host and port: `127.0.0.1:8080`, `[::1]:8080`.
fn host_text(addr: SocketAddr) -> String {
    match addr.ip() {
        IpAddr::V4(ip) => format!("{ip}:{}", addr.port()),
        IpAddr::V6(ip) => format!("[{ip}]:{}", addr.port()),
    }
}

/// Serves until Ctrl-C, which stops the search under way and ends the process with
/// [`Exit::Yes`].
pub fn run(req: &ServeRequest) -> Result<Exit, AppError> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| AppError::Internal(format!("cannot start the server's runtime: {e}")))?;
    runtime.block_on(serve(req))
}

async fn serve(req: &ServeRequest) -> Result<Exit, AppError> {
    let ip = req.host.unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST));
    if !ip.is_loopback() {
        eprintln!(
            "tsume: warning: listening on {ip}, not loopback: anyone who can reach it can use \
             this machine's processors, and nothing asks who they are"
        );
    }
    let listener = tokio::net::TcpListener::bind((ip, req.port))
        .await
        .map_err(|e| AppError::Usage(format!("cannot listen on {ip} port {}: {e}", req.port)))?;
    let addr = listener
        .local_addr()
        .map_err(|e| AppError::Internal(format!("the server's address: {e}")))?;
    let engine = Engine::new()
        .map_err(|e| AppError::Internal(format!("cannot start the search thread: {e}")))?;
    let server = Arc::new(Server {
        hosts: allowed_hosts(addr),
        engine,
        threads: req.threads,
        current: Mutex::new(None),
    });
    let url = format!("http://{}/", host_text(addr));
    println!("tsume: serving the workbench at {url}");
    let _ = std::io::stdout().flush();
    if req.open {
        open_browser(&url);
    }
    let app = api::router(server.clone());
    let stopping = server.clone();
    let shutdown = async move {
        let _ = tokio::signal::ctrl_c().await;
        stopping.stop_current();
        eprintln!("tsume: stopped");
    };
    axum::serve(listener, app)
        .with_graceful_shutdown(shutdown)
        .await
        .map_err(|e| AppError::Internal(format!("the server failed: {e}")))?;
    // Streams still open after the stop have a moment to send their last line.
    tokio::time::sleep(Duration::from_millis(50)).await;
    Ok(Exit::Yes)
}

/// Opens `url` in the default browser; a failure is only told.
fn open_browser(url: &str) {
    let opener: &[&str] = if cfg!(target_os = "macos") {
        &["open"]
    } else if cfg!(windows) {
        &["cmd", "/C", "start", ""]
    } else {
        &["xdg-open"]
    };
    let spawned = std::process::Command::new(opener[0])
        .args(&opener[1..])
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    if let Err(e) = spawned {
        eprintln!(
            "tsume: cannot open a browser ({}: {e}); open {url}",
            opener[0]
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_answers_to_every_name_of_loopback_with_its_port() {
        let hosts = allowed_hosts("127.0.0.1:8080".parse().unwrap());
        assert_eq!(
            hosts,
            ["127.0.0.1:8080", "[::1]:8080", "localhost:8080"].map(String::from)
        );
        let hosts = allowed_hosts("192.168.1.5:80".parse().unwrap());
        assert_eq!(hosts, ["192.168.1.5:80"].map(String::from));
        assert_eq!(host_text("[::1]:9".parse().unwrap()), "[::1]:9");
    }
}
