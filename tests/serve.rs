//! `gobook serve`: what it serves and refuses over HTTP, how it reacts to saves,
//! and, in a real browser, live reload and the error overlay.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

const BOOK: &str = "::book(#b) title=\"Served\"\n\n::chapter\n\n::h1 Served\n\nThe first paragraph.\n\n::dia mv=D4\n\nAbout the diagram.\n\n::img url=\"img/stone.png\"\n";

struct Server {
    child: Child,
    lines: Receiver<String>,
    url: String,
}

impl Server {
    fn start(book: &Path, extra: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_gobook"))
            .arg("serve")
            .arg(book)
            .args(["--port", "0"])
            .args(extra)
            .env("NO_COLOR", "1")
            .stderr(Stdio::piped())
            .stdout(Stdio::null())
            .spawn()
            .unwrap();
        let (tx, lines) = channel();
        let err = child.stderr.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(err).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut s = Server { child, lines, url: String::new() };
        let line = s.wait_for("Serving", Duration::from_secs(20)).expect("the server says where it listens");
        s.url = line.split(" at ").nth(1).unwrap().split(' ').next().unwrap().to_string();
        s
    }

    /// Waits for a line of output containing `needle`.
    fn wait_for(&self, needle: &str, timeout: Duration) -> Option<String> {
        let end = Instant::now() + timeout;
        while let Some(left) = end.checked_duration_since(Instant::now()) {
            match self.lines.recv_timeout(left) {
                Ok(l) if l.contains(needle) => return Some(l),
                Ok(_) => {}
                Err(_) => return None,
            }
        }
        None
    }

    fn addr(&self) -> String {
        self.url.trim_start_matches("http://").trim_end_matches('/').to_string()
    }

    /// A raw GET: the path goes out exactly as written.
    fn get(&self, path: &str) -> (u16, String, Vec<u8>) {
        let mut s = TcpStream::connect(self.addr()).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
        write!(s, "GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n").unwrap();
        let mut buf = Vec::new();
        let _ = s.read_to_end(&mut buf);
        let split = buf.windows(4).position(|w| w == b"\r\n\r\n").map(|i| i + 4).unwrap_or(buf.len());
        let head = String::from_utf8_lossy(&buf[..split]).into_owned();
        let status = head.split(' ').nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
        (status, head, buf[split..].to_vec())
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn book_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("gobook-serve-{tag}-{}", std::process::id())).join("book");
    let _ = std::fs::remove_dir_all(d.parent().unwrap());
    std::fs::create_dir_all(d.join("img")).unwrap();
    std::fs::write(d.join("img/stone.png"), b"\x89PNG\r\n\x1a\nSTONE").unwrap();
    std::fs::write(d.join("book.gobook"), BOOK).unwrap();
    d
}

#[test]
fn serves_the_site_with_types_and_a_404_page() {
    let dir = book_dir("types");
    let s = Server::start(&dir.join("book.gobook"), &[]);
    assert!(s.url.starts_with("http://127.0.0.1:"), "listens on loopback by default: {}", s.url);
    let (status, head, body) = s.get("/");
    assert_eq!(status, 200);
    assert!(head.to_ascii_lowercase().contains("content-type: text/html; charset=utf-8"));
    let html = String::from_utf8_lossy(&body);
    assert!(html.contains("The first paragraph.") && html.contains("/__gobook/events"), "pages carry the reload script");
    let (status, head, _) = s.get("/style.css");
    assert_eq!(status, 200);
    assert!(head.to_ascii_lowercase().contains("content-type: text/css"));
    let (status, head, body) = s.get("/img/stone.png");
    assert_eq!((status, body.ends_with(b"STONE")), (200, true));
    assert!(head.to_ascii_lowercase().contains("content-type: image/png"));
    let (status, _, body) = s.get("/no/such/page.html");
    assert_eq!(status, 404);
    assert!(String::from_utf8_lossy(&body).contains("Not found"));
}

#[test]
fn nothing_outside_the_site_is_served() {
    let dir = book_dir("traversal");
    let outside = dir.parent().unwrap().join("secret.txt");
    std::fs::write(&outside, "SECRET-CONTENT").unwrap();
    std::fs::write(dir.join("notes.txt"), "BOOK-FOLDER-FILE").unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(&outside, dir.join("img/link.png")).unwrap();
    let s = Server::start(&dir.join("book.gobook"), &[]);
    for path in [
        "/../secret.txt",
        "/%2e%2e/secret.txt",
        "/%2E%2E%2Fsecret.txt",
        "/img/%2e%2e/%2e%2e/secret.txt",
        "/..%5csecret.txt",
        "/img\\..\\..\\secret.txt",
        "/img/link.png",
        "/notes.txt",
        "/book.gobook",
        "//etc/passwd",
        "/%00",
    ] {
        let (status, _, body) = s.get(path);
        let body = String::from_utf8_lossy(&body);
        assert!(!body.contains("SECRET-CONTENT") && !body.contains("BOOK-FOLDER-FILE") && !body.contains("root:"), "{path} leaked");
        assert!(status == 404 || status == 400, "{path}: {status}");
    }
}

#[test]
fn another_host_is_warned_about() {
    let dir = book_dir("host");
    let s = Server::start(&dir.join("book.gobook"), &["--host", "0.0.0.0"]);
    drop(s);
    let mut child = Command::new(env!("CARGO_BIN_EXE_gobook"))
        .args(["serve", dir.join("book.gobook").to_str().unwrap(), "--port", "0", "--host", "0.0.0.0"])
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let mut first = String::new();
    let mut seen = String::new();
    for _ in 0..3 {
        first.clear();
        if err.read_line(&mut first).unwrap_or(0) == 0 {
            break;
        }
        seen.push_str(&first);
    }
    let _ = child.kill();
    let _ = child.wait();
    assert!(seen.contains("warning: listening on 0.0.0.0"), "{seen}");
}

#[test]
fn saves_that_change_nothing_rebuild_nothing() {
    let dir = book_dir("noop");
    let book = dir.join("book.gobook");
    let s = Server::start(&book, &[]);
    std::thread::sleep(Duration::from_millis(300));
    std::fs::write(&book, BOOK).unwrap();
    std::fs::write(dir.join("book.gobook~"), "backup").unwrap();
    std::fs::write(dir.join(".book.gobook.swp"), "swap").unwrap();
    assert_eq!(s.wait_for("Rebuilt", Duration::from_millis(800)), None, "an unchanged save or editor files rebuilt the site");
    // Write-and-rename, as many editors save.
    let tmp = dir.join("book.gobook.new");
    std::fs::write(&tmp, BOOK.replace("The first paragraph.", "Renamed into place.")).unwrap();
    std::fs::rename(&tmp, &book).unwrap();
    let line = s.wait_for("Rebuilt", Duration::from_secs(5)).expect("a rename-save rebuilds");
    assert!(line.contains("1 pages"), "only the changed page: {line}");
    let (_, _, body) = s.get("/");
    assert!(String::from_utf8_lossy(&body).contains("Renamed into place."));
}

#[test]
fn a_broken_book_at_start_is_served_with_the_overlay() {
    let dir = book_dir("broken");
    std::fs::write(dir.join("book.gobook"), "::book(#b)\n\n::chapter\n\n::dia sz=9 ab=Z9\n").unwrap();
    let s = Server::start(&dir.join("book.gobook"), &[]);
    let (status, _, body) = s.get("/");
    assert_eq!(status, 200);
    let html = String::from_utf8_lossy(&body);
    assert!(html.contains("gobook-overlay") && html.contains("`Z9` is off the 9x9 board"), "{html}");
}

#[test]
#[cfg(unix)]
fn ctrl_c_stops_the_server_cleanly() {
    let dir = book_dir("stop");
    let mut s = Server::start(&dir.join("book.gobook"), &[]);
    // An open event stream must not keep the server from stopping.
    let mut events = TcpStream::connect(s.addr()).unwrap();
    write!(events, "GET /__gobook/events HTTP/1.1\r\nHost: localhost\r\n\r\n").unwrap();
    std::thread::sleep(Duration::from_millis(200));
    Command::new("kill").args(["-INT", &s.child.id().to_string()]).status().unwrap();
    let end = Instant::now() + Duration::from_secs(5);
    loop {
        if let Some(status) = s.child.try_wait().unwrap() {
            assert!(status.success(), "{status:?}");
            break;
        }
        assert!(Instant::now() < end, "the server did not stop on Ctrl-C");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn live_reload_and_overlay_in_chromium() {
    if let Some(why) = common::browser_missing() {
        assert!(std::env::var_os("CI").is_none(), "browser tests cannot run under CI: {why}");
        eprintln!("SKIPPED serve browser test: {why}; run scripts/setup.sh");
        return;
    }
    let dir = book_dir("browser");
    let book = dir.join("book.gobook");
    let s = Server::start(&book, &[]);
    let out = Command::new("node")
        .arg(common::root().join("tests/browser/serve.mjs"))
        .arg(&s.url)
        .arg(&book)
        .env("NODE_PATH", common::root().join("tests/browser/node_modules"))
        .current_dir(common::root().join("tests/browser"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    eprintln!("{text}{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "serve scenarios failed");
    assert!(text.contains("all serve scenarios passed"));
}

#[test]
fn a_style_only_change_swaps_the_style_sheet_and_an_edit_reloads() {
    let dir = book_dir("css");
    std::fs::write(dir.join("extra.css"), ".gb-page { --accent: red; }\n").unwrap();
    std::fs::write(dir.join("gobook.toml"), "extra_css = [\"extra.css\"]\n").unwrap();
    let book = dir.join("book.gobook");
    let s = Server::start(&book, &[]);
    let mut stream = TcpStream::connect(s.addr()).unwrap();
    write!(stream, "GET /__gobook/events HTTP/1.1\r\nHost: localhost\r\n\r\n").unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let mut events = BufReader::new(stream);
    let next_event = |events: &mut BufReader<TcpStream>| -> String {
        let mut line = String::new();
        loop {
            line.clear();
            if events.read_line(&mut line).unwrap_or(0) == 0 {
                return String::new();
            }
            if let Some(name) = line.strip_prefix("event: ") {
                return name.trim().to_string();
            }
        }
    };
    std::thread::sleep(Duration::from_millis(300));
    std::fs::write(dir.join("extra.css"), ".gb-page { --accent: blue; }\n").unwrap();
    assert_eq!(next_event(&mut events), "css");
    let (_, _, css) = s.get("/style.css");
    assert!(String::from_utf8_lossy(&css).contains("blue"), "the new style sheet is served");
    std::fs::write(&book, BOOK.replace("The first paragraph.", "Changed text.")).unwrap();
    assert_eq!(next_event(&mut events), "reload");
}
