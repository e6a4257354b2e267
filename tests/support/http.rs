//! `tsume serve` run as a user runs it, and a plain HTTP/1.1 client written over a socket, so
//! that a test can send any header it likes (a foreign `Host`, a forged `Origin`).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// A running `tsume serve --port 0`, killed when dropped.
pub struct Serve {
    child: Child,
    /// `127.0.0.1:PORT`.
    pub host: String,
}

impl Serve {
    /// Starts the server, solving on one thread so that its answers are the command line's
    /// with `--threads 1`, and waits for the URL it prints.
    pub fn start() -> Serve {
        Serve::start_with(&["--threads", "1"])
    }

    /// Starts the server with `flags` and waits for the URL it prints.
    pub fn start_with(flags: &[&str]) -> Serve {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tsume"))
            .args(["serve", "--port", "0"])
            .args(flags)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start tsume serve");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(stdout).read_line(&mut line);
            let _ = tx.send(line);
        });
        let line = rx
            .recv_timeout(Duration::from_secs(20))
            .expect("the server prints its URL");
        let host = line
            .trim()
            .strip_prefix("tsume: serving the workbench at http://")
            .and_then(|rest| rest.strip_suffix('/'))
            .unwrap_or_else(|| panic!("unexpected first line: {line:?}"))
            .to_string();
        Serve { child, host }
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Waits up to `within` for the server to exit.
    pub fn wait_exit(&mut self, within: Duration) -> Option<std::process::ExitStatus> {
        let deadline = Instant::now() + within;
        while Instant::now() < deadline {
            if let Some(status) = self.child.try_wait().expect("wait") {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        None
    }

    /// Connects, sends a request with the server's own `Host` (unless `headers` gives one) and
    /// `Connection: close`, and returns the socket to read the answer from.
    pub fn send(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &[u8],
    ) -> TcpStream {
        let mut stream = TcpStream::connect(&self.host).expect("connect");
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .expect("timeout");
        let mut head = format!("{method} {path} HTTP/1.1\r\n");
        if !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("host")) {
            head.push_str(&format!("Host: {}\r\n", self.host));
        }
        for (k, v) in headers {
            head.push_str(&format!("{k}: {v}\r\n"));
        }
        head.push_str(&format!(
            "Content-Length: {}\r\nConnection: close\r\n\r\n",
            body.len()
        ));
        stream.write_all(head.as_bytes()).expect("send the head");
        // A server may answer (413) before reading a large body and close: that is no failure.
        let _ = stream.write_all(body);
        stream
    }

    /// A whole request and its whole answer.
    pub fn request(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &[u8],
    ) -> Answer {
        Answer::read(self.send(method, path, headers, body))
    }

    /// `POST` of a JSON body from the page's own origin, as the page sends it.
    pub fn post(&self, path: &str, json: &serde_json::Value) -> Answer {
        let origin = format!("http://{}", self.host);
        self.request(
            "POST",
            path,
            &[("Content-Type", "application/json"), ("Origin", &origin)],
            json.to_string().as_bytes(),
        )
    }

    /// `GET` from the page's own origin.
    pub fn get(&self, path: &str) -> Answer {
        self.request("GET", path, &[], b"")
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An answer: status, headers (names lower case) and the body, chunks joined.
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl std::fmt::Debug for Answer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.status, String::from_utf8_lossy(&self.body))
    }
}

impl Answer {
    /// Reads an answer to the end of the connection.
    pub fn read(mut stream: TcpStream) -> Answer {
        let mut raw = Vec::new();
        stream.read_to_end(&mut raw).expect("read the answer");
        Answer::parse(&raw)
    }

    fn parse(raw: &[u8]) -> Answer {
        let split = raw
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .expect("a head");
        let head = String::from_utf8_lossy(&raw[..split]).to_string();
        let mut lines = head.split("\r\n");
        let status = lines
            .next()
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|s| s.parse().ok())
            .expect("a status line");
        let headers: Vec<(String, String)> = lines
            .filter_map(|l| l.split_once(':'))
            .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
            .collect();
        let rest = &raw[split + 4..];
        let chunked = headers
            .iter()
            .any(|(k, v)| k == "transfer-encoding" && v.contains("chunked"));
        let body = if chunked {
            dechunk(rest)
        } else {
            rest.to_vec()
        };
        Answer {
            status,
            headers,
            body,
        }
    }

    /// A header's value.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The body as JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&self.body)))
    }

    /// The body as JSON lines.
    pub fn lines(&self) -> Vec<serde_json::Value> {
        String::from_utf8_lossy(&self.body)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
            .collect()
    }
}

/// The data of a chunked body.
fn dechunk(mut raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let Some(end) = raw.windows(2).position(|w| w == b"\r\n") else {
            return out;
        };
        let size = usize::from_str_radix(String::from_utf8_lossy(&raw[..end]).trim(), 16)
            .expect("a chunk size");
        if size == 0 {
            return out;
        }
        let data = &raw[end + 2..];
        out.extend_from_slice(&data[..size.min(data.len())]);
        raw = data.get(size + 2..).unwrap_or_default();
    }
}

/// Reads from a streamed answer until its raw bytes hold `needle`, within `within`; what was
/// read.
pub fn read_until(stream: &mut TcpStream, needle: &str, within: Duration) -> String {
    let deadline = Instant::now() + within;
    let mut raw = Vec::new();
    let mut buf = [0u8; 4096];
    stream
        .set_read_timeout(Some(Duration::from_millis(100)))
        .expect("timeout");
    while Instant::now() < deadline {
        match stream.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => raw.extend_from_slice(&buf[..n]),
            Err(_) => {}
        }
        if String::from_utf8_lossy(&raw).contains(needle) {
            return String::from_utf8_lossy(&raw).to_string();
        }
    }
    panic!(
        "'{needle}' not read within {within:?}: {}",
        String::from_utf8_lossy(&raw)
    );
}
