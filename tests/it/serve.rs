//! `gobook serve`: what it serves and refuses over HTTP, how it reacts to saves,
//! and, in a real browser, live reload and the error overlay.

use crate::common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

const BOOK: &str = "::book(#b) title=\"Served\"\n\n::chapter\n\n::h1 Served\n\nThe first paragraph.\n\n::dia mv=D4\n\nAbout the diagram.\n\n::img url=\"img/stone.png\"\n";

pub(crate) struct Server {
    child: Child,
    lines: Receiver<String>,
    pub(crate) url: String,
}

impl Server {
    pub(crate) fn start(book: &Path, extra: &[&str]) -> Server {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_gobook"));
        cmd.arg("serve").arg(book).args(extra);
        Server::run(cmd)
    }

    /// Starts `gobook serve` inside the book's folder, as most people run it.
    fn start_inside(dir: &Path) -> Server {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_gobook"));
        cmd.arg("serve").current_dir(dir);
        Server::run(cmd)
    }

    fn run(mut cmd: Command) -> Server {
        let mut child = cmd
            .args(["--port", "0"])
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
        let mut s = Server {
            child,
            lines,
            url: String::new(),
        };
        let line = s
            .wait_for("Serving", Duration::from_secs(20))
            .expect("the server says where it listens");
        s.url = line
            .split(" at ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .to_string();
        s
    }

    /// Waits for a line of output containing `needle`.
    pub(crate) fn wait_for(&self, needle: &str, timeout: Duration) -> Option<String> {
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

    /// How many lines of output contain `needle` over the next `window`.
    fn count(&self, needle: &str, window: Duration) -> usize {
        let end = Instant::now() + window;
        let mut n = 0;
        while let Some(left) = end.checked_duration_since(Instant::now()) {
            match self.lines.recv_timeout(left) {
                Ok(l) if l.contains(needle) => n += 1,
                Ok(_) => {}
                Err(_) => break,
            }
        }
        n
    }

    /// The server's reload signals, as the page script listens to them; a read waits at
    /// most `timeout`.
    fn events(&self, timeout: Duration) -> BufReader<TcpStream> {
        self.events_at("/__gobook/events", timeout)
    }

    /// The signals at `path` (`/__gobook/events` with a query).
    fn events_at(&self, path: &str, timeout: Duration) -> BufReader<TcpStream> {
        let mut stream = TcpStream::connect(self.addr()).unwrap();
        write!(stream, "GET {path} HTTP/1.1\r\nHost: localhost\r\n\r\n").unwrap();
        stream.set_read_timeout(Some(timeout)).unwrap();
        BufReader::new(stream)
    }

    pub(crate) fn addr(&self) -> String {
        self.url
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .to_string()
    }

    /// A raw GET: the path goes out exactly as written.
    pub(crate) fn get(&self, path: &str) -> (u16, String, Vec<u8>) {
        self.request(&format!(
            "GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
        ))
    }

    /// A raw request, and the answer's status, head and body.
    pub(crate) fn request(&self, raw: &str) -> (u16, String, Vec<u8>) {
        let mut s = TcpStream::connect(self.addr()).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
        s.write_all(raw.as_bytes()).unwrap();
        let mut buf = Vec::new();
        let _ = s.read_to_end(&mut buf);
        let split = buf
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .map(|i| i + 4)
            .unwrap_or(buf.len());
        let head = String::from_utf8_lossy(&buf[..split]).into_owned();
        let status = head
            .split(' ')
            .nth(1)
            .and_then(|c| c.parse().ok())
            .unwrap_or(0);
        (status, head, buf[split..].to_vec())
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A book folder (`book` in a temporary folder, which goes when the first value is dropped).
fn book_dir() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path().join("book");
    std::fs::create_dir_all(d.join("img")).unwrap();
    std::fs::write(
        d.join("img/stone.png"),
        [crate::epub_build::PNG, b"STONE"].concat(),
    )
    .unwrap();
    std::fs::write(d.join("book.gobook"), BOOK).unwrap();
    (tmp, d)
}

#[test]
fn serves_the_site_with_types_and_a_404_page() {
    let (_tmp, dir) = book_dir();
    let s = Server::start(&dir.join("book.gobook"), &[]);
    assert!(
        s.url.starts_with("http://127.0.0.1:"),
        "listens on loopback by default: {}",
        s.url
    );
    let (status, head, body) = s.get("/");
    assert_eq!(status, 200);
    assert!(head
        .to_ascii_lowercase()
        .contains("content-type: text/html; charset=utf-8"));
    let html = String::from_utf8_lossy(&body);
    assert!(
        html.contains("The first paragraph.") && html.contains("/__gobook/events"),
        "pages carry the reload script"
    );
    let (status, head, _) = s.get("/style.css");
    assert_eq!(status, 200);
    assert!(head.to_ascii_lowercase().contains("content-type: text/css"));
    let (status, head, body) = s.get("/img/stone.png");
    assert_eq!((status, body.ends_with(b"STONE")), (200, true));
    assert!(head
        .to_ascii_lowercase()
        .contains("content-type: image/png"));
    let (status, _, body) = s.get("/no/such/page.html");
    assert_eq!(status, 404);
    assert!(String::from_utf8_lossy(&body).contains("Not found"));
}

#[test]
fn nothing_outside_the_site_is_served() {
    let (_tmp, dir) = book_dir();
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
        "/img/..%2f..%2fsecret.txt",
        "/%2e%2e%2f%2e%2e%2fsecret.txt",
        "/img/%252e%252e/%252e%252e/secret.txt",
        "/img/.%2e/.%2e/secret.txt",
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
        assert!(
            !body.contains("SECRET-CONTENT")
                && !body.contains("BOOK-FOLDER-FILE")
                && !body.contains("root:"),
            "{path} leaked"
        );
        assert!(status == 404 || status == 400, "{path}: {status}");
    }
}

#[test]
fn another_host_is_warned_about() {
    let (_tmp, dir) = book_dir();
    let s = Server::start(&dir.join("book.gobook"), &["--host", "0.0.0.0"]);
    drop(s);
    let mut child = Command::new(env!("CARGO_BIN_EXE_gobook"))
        .args([
            "serve",
            dir.join("book.gobook").to_str().unwrap(),
            "--port",
            "0",
            "--host",
            "0.0.0.0",
        ])
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
    let (_tmp, dir) = book_dir();
    let book = dir.join("book.gobook");
    let s = Server::start(&book, &[]);
    std::thread::sleep(Duration::from_millis(300));
    std::fs::write(&book, BOOK).unwrap();
    std::fs::write(dir.join("book.gobook~"), "backup").unwrap();
    std::fs::write(dir.join(".book.gobook.swp"), "swap").unwrap();
    assert_eq!(
        s.wait_for("Rebuilt", Duration::from_millis(800)),
        None,
        "an unchanged save or editor files rebuilt the site"
    );
    // Write-and-rename, as many editors save.
    let tmp = dir.join("book.gobook.new");
    std::fs::write(
        &tmp,
        BOOK.replace("The first paragraph.", "Renamed into place."),
    )
    .unwrap();
    std::fs::rename(&tmp, &book).unwrap();
    let line = s
        .wait_for("Rebuilt", Duration::from_secs(5))
        .expect("a rename-save rebuilds");
    assert!(line.contains("(1 page,"), "only the changed page: {line}");
    let (_, _, body) = s.get("/");
    assert!(String::from_utf8_lossy(&body).contains("Renamed into place."));
}

#[test]
fn a_broken_book_at_start_is_served_with_the_overlay() {
    let (_tmp, dir) = book_dir();
    std::fs::write(
        dir.join("book.gobook"),
        "::book(#b)\n\n::chapter\n\n::dia sz=9 ab=Z9\n",
    )
    .unwrap();
    let s = Server::start(&dir.join("book.gobook"), &[]);
    let (status, _, body) = s.get("/");
    assert_eq!(status, 200);
    let html = String::from_utf8_lossy(&body);
    assert!(
        html.contains("id=\"gobook-overlay\"") && html.contains("`Z9` is off the 9x9 board"),
        "{html}"
    );
}

/// A page served while the book was good, whose script starts listening only after the
/// next build failed (a reload racing a save under load), still gets the overlay: its
/// script asks for the errors that stand (`?standing`), and a page served with the overlay
/// does not, so that one its reader closed stays closed.
#[test]
fn a_page_that_listens_after_a_failed_build_gets_the_standing_errors() {
    let (_tmp, dir) = book_dir();
    let book = dir.join("book.gobook");
    let s = Server::start(&book, &[]);
    let (_, _, good) = s.get("/");
    let good = String::from_utf8_lossy(&good).into_owned();
    assert!(
        good.contains("/__gobook/events?standing")
            && !good.contains("<script data-gobook-served-overlay>"),
        "a page without the overlay asks for the standing errors"
    );
    let text = std::fs::read_to_string(&book).unwrap();
    std::fs::write(&book, text.replace("::dia mv=D4", "::dia sz=9 ab=Z9")).unwrap();
    assert!(
        s.wait_for("still serving the last good build", Duration::from_secs(20))
            .is_some(),
        "the broken save fails"
    );
    let mut late = s.events_at("/__gobook/events?standing", Duration::from_secs(10));
    let (name, data) = next_event(&mut late);
    assert_eq!(name, "errors", "{data}");
    assert!(data.contains("`Z9` is off the 9x9 board"), "{data}");
    // A page served now carries the overlay and its script does not ask.
    let (_, _, broken) = s.get("/");
    let broken = String::from_utf8_lossy(&broken);
    assert!(
        broken.contains("<script data-gobook-served-overlay>"),
        "{broken}"
    );
    let mut plain = s.events_at("/__gobook/events", Duration::from_millis(1500));
    let (name, _) = next_event(&mut plain);
    assert_eq!(name, "", "nothing is sent to a page that has its overlay");
}

#[test]
#[cfg(unix)]
fn ctrl_c_stops_the_server_cleanly() {
    let (_tmp, dir) = book_dir();
    let mut s = Server::start(&dir.join("book.gobook"), &[]);
    // An open event stream must not keep the server from stopping.
    let mut events = TcpStream::connect(s.addr()).unwrap();
    write!(
        events,
        "GET /__gobook/events HTTP/1.1\r\nHost: localhost\r\n\r\n"
    )
    .unwrap();
    std::thread::sleep(Duration::from_millis(200));
    Command::new("kill")
        .args(["-INT", &s.child.id().to_string()])
        .status()
        .unwrap();
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
        assert!(
            std::env::var_os("CI").is_none(),
            "browser tests cannot run under CI: {why}"
        );
        crate::common::steps_aside(&format!("serve browser test: {why}; run scripts/setup.sh"));
        return;
    }
    let (_tmp, dir) = book_dir();
    let book = dir.join("book.gobook");
    let s = Server::start(&book, &[]);
    let out = Command::new("node")
        .arg(common::root().join("tests/browser/serve.mjs"))
        .arg(&s.url)
        .arg(&book)
        .env(
            "NODE_PATH",
            common::root().join("tests/browser/node_modules"),
        )
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
    let (_tmp, dir) = book_dir();
    std::fs::write(dir.join("extra.css"), ".gb-page { --accent: red; }\n").unwrap();
    std::fs::write(dir.join("gobook.toml"), "extra_css = [\"extra.css\"]\n").unwrap();
    let book = dir.join("book.gobook");
    let s = Server::start(&book, &[]);
    let mut events = s.events(Duration::from_secs(5));
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
    assert!(
        String::from_utf8_lossy(&css).contains("blue"),
        "the new style sheet is served"
    );
    std::fs::write(&book, BOOK.replace("The first paragraph.", "Changed text.")).unwrap();
    assert_eq!(next_event(&mut events), "reload");
}

/// Starts `gobook serve` inside the book's folder with its output in a log file there, as
/// `gobook serve > serve.log 2>&1` does; returns the server and the log's path.
fn start_logged(dir: &Path) -> (Child, PathBuf) {
    let log = dir.join("serve.log");
    let out = std::fs::File::create(&log).unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_gobook"))
        .args(["serve", "--port", "0"])
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdout(out.try_clone().unwrap())
        .stderr(out)
        .spawn()
        .unwrap();
    let end = Instant::now() + Duration::from_secs(20);
    while !std::fs::read_to_string(&log)
        .unwrap_or_default()
        .contains("Serving")
    {
        assert!(Instant::now() < end, "the server did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
    (child, log)
}

/// User and system CPU time of a process so far, in clock ticks (usually hundredths of a second).
#[cfg(target_os = "linux")]
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    // The fields after the command name, which is in parentheses and may hold spaces.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .unwrap()
        .1
        .split_whitespace()
        .collect();
    fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap()
}

fn rebuilds_in(log: &Path) -> usize {
    std::fs::read_to_string(log)
        .unwrap()
        .lines()
        .filter(|l| l.contains("Rebuilt"))
        .count()
}

#[test]
fn an_idle_server_with_its_log_in_the_book_folder_does_not_rebuild() {
    let (_tmp, dir) = book_dir();
    std::fs::create_dir_all(dir.join("img/more")).unwrap();
    for i in 0..50 {
        std::fs::write(
            dir.join(format!("img/more/p{i}.png")),
            crate::epub_build::PNG,
        )
        .unwrap();
    }
    let (mut child, log) = start_logged(&dir);
    std::thread::sleep(Duration::from_millis(300));
    // One save, which writes a "Rebuilt" line into the log, which is in the book's folder.
    std::fs::write(
        dir.join("book.gobook"),
        BOOK.replace("The first paragraph.", "One save."),
    )
    .unwrap();
    let end = Instant::now() + Duration::from_secs(5);
    while rebuilds_in(&log) < 2 {
        assert!(
            Instant::now() < end,
            "the save did not rebuild: {}",
            std::fs::read_to_string(&log).unwrap()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    // Another program's log in the folder, appended to all the time, and files read.
    let other = dir.join("notes.log");
    let end = Instant::now() + Duration::from_secs(2);
    while Instant::now() < end {
        let mut f = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&other)
            .unwrap();
        writeln!(f, "a line").unwrap();
        let _ = std::fs::read(dir.join("book.gobook")).unwrap();
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();
    let text = std::fs::read_to_string(&log).unwrap();
    assert_eq!(
        rebuilds_in(&log),
        2,
        "the first build and the one save only:\n{text}"
    );
}

#[test]
fn creating_a_missing_include_rebuilds() {
    let (_tmp, dir) = book_dir();
    let book = dir.join("book.gobook");
    std::fs::write(&book, format!("{BOOK}\n::include url=\"parts/notes.md\"\n")).unwrap();
    let s = Server::start(&book, &[]);
    let (_, _, body) = s.get("/");
    assert!(
        String::from_utf8_lossy(&body).contains("parts/notes.md"),
        "the missing include is shown as an error"
    );
    std::fs::create_dir_all(dir.join("parts")).unwrap();
    std::fs::write(dir.join("parts/notes.md"), "Notes that *arrived*.\n").unwrap();
    s.wait_for("Rebuilt", Duration::from_secs(5))
        .expect("the new include rebuilds the book");
    let (_, _, body) = s.get("/");
    let html = String::from_utf8_lossy(&body);
    assert!(
        html.contains("<em>arrived</em>") && !html.contains("id=\"gobook-overlay\""),
        "{html}"
    );
}

#[test]
#[cfg(unix)]
fn a_change_to_the_file_an_include_links_to_rebuilds() {
    // The build reads `shared/notes.md` through the link `notes.md`: an editor saves the
    // file itself, and the watcher hears of that path, which no list of the names the book
    // text gives holds (issue #53: the build records what it reads, links followed).
    let (_tmp, dir) = book_dir();
    std::fs::create_dir(dir.join("shared")).unwrap();
    std::fs::write(dir.join("shared/notes.md"), "Notes as they *were*.\n").unwrap();
    std::os::unix::fs::symlink("shared/notes.md", dir.join("notes.md")).unwrap();
    let book = dir.join("book.gobook");
    std::fs::write(&book, format!("{BOOK}\n::include url=\"notes.md\"\n")).unwrap();
    let s = Server::start(&book, &[]);
    let (_, _, body) = s.get("/");
    assert!(String::from_utf8_lossy(&body).contains("<em>were</em>"));
    std::fs::write(dir.join("shared/notes.md"), "Notes as they *are*.\n").unwrap();
    s.wait_for("Rebuilt", Duration::from_secs(5))
        .expect("the linked file's change rebuilds the book");
    let (_, _, body) = s.get("/");
    let html = String::from_utf8_lossy(&body);
    assert!(html.contains("<em>are</em>"), "{html}");
}

#[test]
#[cfg(unix)]
fn links_to_their_own_folder_cost_nothing() {
    let (_tmp, dir) = book_dir();
    for name in ["loop", "loop-b", "loop-c", "loop-d", "loop-e"] {
        std::os::unix::fs::symlink(".", dir.join(name)).unwrap();
    }
    std::os::unix::fs::symlink("loop2", dir.join("loop2")).unwrap();
    std::os::unix::fs::symlink("..", dir.join("img/up")).unwrap();
    let started = Instant::now();
    let s = Server::start(&dir.join("book.gobook"), &[]);
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "slow start: {:?}",
        started.elapsed()
    );
    std::thread::sleep(Duration::from_millis(300));
    #[cfg(target_os = "linux")]
    let before = cpu_ticks(s.child.id());
    assert_eq!(
        s.count("Rebuilt", Duration::from_secs(1)),
        0,
        "nothing changed"
    );
    #[cfg(target_os = "linux")]
    {
        // Not a timing test: an idle server uses next to nothing, a loop at least a tenth of a core.
        let used = cpu_ticks(s.child.id()) - before;
        assert!(
            used < 10,
            "an idle server used {used} ticks of CPU time in a second"
        );
    }
    std::fs::write(
        dir.join("book.gobook"),
        BOOK.replace("The first paragraph.", "Through the loops."),
    )
    .unwrap();
    assert_eq!(
        s.count("Rebuilt", Duration::from_secs(2)),
        1,
        "one save, one rebuild"
    );
    let (_, _, body) = s.get("/");
    assert!(String::from_utf8_lossy(&body).contains("Through the loops."));
}

#[test]
fn a_removed_book_folder_is_reported_once_and_picked_up_again() {
    let (_tmp, dir) = book_dir();
    for i in 0..20 {
        std::fs::write(dir.join(format!("img/p{i}.png")), crate::epub_build::PNG).unwrap();
    }
    // Run inside the folder: its working folder is the removed one from then on.
    let s = Server::start_inside(&dir);
    std::thread::sleep(Duration::from_millis(300));
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(
        s.count("cannot read", Duration::from_millis(1500)),
        1,
        "reported once"
    );
    std::fs::create_dir_all(dir.join("img")).unwrap();
    std::fs::write(
        dir.join("img/stone.png"),
        [crate::epub_build::PNG, b"STONE"].concat(),
    )
    .unwrap();
    std::fs::write(
        dir.join("book.gobook"),
        BOOK.replace("The first paragraph.", "Back again."),
    )
    .unwrap();
    s.wait_for("Rebuilt", Duration::from_secs(5))
        .expect("the book is built when its folder is back");
    let (status, _, body) = s.get("/");
    let html = String::from_utf8_lossy(&body);
    assert!(
        status == 200 && html.contains("Back again.") && !html.contains("id=\"gobook-overlay\""),
        "{html}"
    );
    std::fs::write(
        dir.join("book.gobook"),
        BOOK.replace("The first paragraph.", "Watched again."),
    )
    .unwrap();
    s.wait_for("Rebuilt", Duration::from_secs(5))
        .expect("the folder is watched again");
}

#[test]
fn a_book_that_becomes_a_folder_is_reported_once_and_picked_up_again() {
    let (_tmp, dir) = book_dir();
    let book = dir.join("book.gobook");
    let s = Server::start(&book, &[]);
    std::thread::sleep(Duration::from_millis(300));
    std::fs::remove_file(&book).unwrap();
    std::fs::create_dir(&book).unwrap();
    for i in 0..10 {
        std::fs::write(book.join(format!("f{i}.gobook")), "x").unwrap();
    }
    assert_eq!(
        s.count("cannot read", Duration::from_millis(1500)),
        1,
        "reported once"
    );
    std::fs::remove_dir_all(&book).unwrap();
    std::fs::write(&book, BOOK.replace("The first paragraph.", "A file again.")).unwrap();
    s.wait_for("Rebuilt", Duration::from_secs(5))
        .expect("the book is built when it is a file again");
    let (_, _, body) = s.get("/");
    assert!(String::from_utf8_lossy(&body).contains("A file again."));
}

#[test]
fn only_requests_naming_this_server_are_answered() {
    let (_tmp, dir) = book_dir();
    let s = Server::start(&dir.join("book.gobook"), &[]);
    let port = s.addr().rsplit(':').next().unwrap().to_string();
    for host in [
        "localhost".to_string(),
        format!("localhost:{port}"),
        format!("127.0.0.1:{port}"),
        "[::1]".into(),
        format!("[::1]:{port}"),
    ] {
        let (status, _, _) = s.request(&format!(
            "GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
        ));
        assert_eq!(status, 200, "{host}");
    }
    // A page of another site whose name a DNS trick points at 127.0.0.1.
    for host in [
        format!("evil.example:{port}"),
        "evil.example".into(),
        format!("localhost.evil.example:{port}"),
        format!("10.1.2.3:{port}"),
    ] {
        let (status, _, body) = s.request(&format!(
            "GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
        ));
        assert_eq!(status, 421, "{host}");
        assert!(!String::from_utf8_lossy(&body).contains("The first paragraph."));
    }
    let (status, _, _) = s.request(
        "GET /__gobook/events HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n",
    );
    assert_eq!(status, 421, "the event stream too");
    let (status, _, _) = s.request("GET / HTTP/1.0\r\n\r\n");
    assert!(status == 400 || status == 421, "no Host header: {status}");
}

#[test]
fn the_address_given_with_host_is_answered() {
    let (_tmp, dir) = book_dir();
    let s = Server::start(&dir.join("book.gobook"), &["--host", "127.0.0.2"]);
    let port = s.addr().rsplit(':').next().unwrap().to_string();
    let (status, _, _) = s.request(&format!(
        "GET / HTTP/1.1\r\nHost: 127.0.0.2:{port}\r\nConnection: close\r\n\r\n"
    ));
    assert_eq!(status, 200);
    let (status, _, _) = s.request(&format!(
        "GET / HTTP/1.1\r\nHost: evil.example:{port}\r\nConnection: close\r\n\r\n"
    ));
    assert_eq!(status, 421);
}

#[test]
fn connections_that_send_headers_too_slowly_are_closed() {
    let (_tmp, dir) = book_dir();
    let s = Server::start(&dir.join("book.gobook"), &[]);
    let mut slow = TcpStream::connect(s.addr()).unwrap();
    slow.set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let start = Instant::now();
    write!(slow, "GET / HTTP/1.1\r\nHost: localhost\r\n").unwrap();
    let mut buf = Vec::new();
    let _ = slow.read_to_end(&mut buf);
    let took = start.elapsed();
    assert!(
        took >= Duration::from_secs(9) && took < Duration::from_secs(15),
        "closed after {took:?}"
    );
    assert!(!String::from_utf8_lossy(&buf).contains("The first paragraph."));
    assert_eq!(s.get("/").0, 200, "the server goes on");
}

#[test]
#[cfg(unix)]
fn a_second_ctrl_c_quits_at_once() {
    let (_tmp, dir) = book_dir();
    let mut s = Server::start(&dir.join("book.gobook"), &[]);
    // A client in the middle of a request keeps a graceful stop waiting.
    let mut slow = TcpStream::connect(s.addr()).unwrap();
    write!(slow, "GET / HTTP/1.1\r\nHost: localhost\r\n").unwrap();
    std::thread::sleep(Duration::from_millis(200));
    let pid = s.child.id().to_string();
    Command::new("kill").args(["-INT", &pid]).status().unwrap();
    s.wait_for("Ctrl-C again", Duration::from_secs(5))
        .expect("the first Ctrl-C says a second one quits");
    assert!(
        s.child.try_wait().unwrap().is_none(),
        "still waiting for the open request"
    );
    let start = Instant::now();
    Command::new("kill").args(["-INT", &pid]).status().unwrap();
    loop {
        if let Some(status) = s.child.try_wait().unwrap() {
            assert!(status.success(), "{status:?}");
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(1),
            "the second Ctrl-C did not quit at once"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn warnings_reach_the_terminal_once_and_the_page_in_a_panel() {
    let (_tmp, dir) = book_dir();
    let book = dir.join("book.gobook");
    let typo = BOOK.replace("::dia mv=D4", "::diagram mv=D4");
    std::fs::write(&book, &typo).unwrap();
    let s = Server::start(&book, &[]);
    // The first build printed its warning before "Serving"; the page carries the panel.
    let (_, _, body) = s.get("/");
    let html = String::from_utf8_lossy(&body);
    assert!(
        html.contains("id=\"gobook-warnings\"") && html.contains("1 warning <span"),
        "{html}"
    );
    assert!(html.contains("did you mean <code"), "{html}");
    // An edit that keeps the same warning (on another line) prints none again.
    std::thread::sleep(Duration::from_millis(300));
    std::fs::write(
        &book,
        typo.replace("::h1 Served", "::h1 Served\n\n::p New."),
    )
    .unwrap();
    let mut seen = Vec::new();
    let end = Instant::now() + Duration::from_secs(15);
    while let Ok(l) = s
        .lines
        .recv_timeout(end.saturating_duration_since(Instant::now()))
    {
        let done = l.starts_with("Rebuilt");
        seen.push(l);
        if done {
            break;
        }
    }
    assert!(
        seen.last().is_some_and(|l| l.ends_with(", 1 warning)")),
        "{seen:?}"
    );
    assert!(!seen.iter().any(|l| l.contains("warning:")), "{seen:?}");
    // A new warning is printed, and only it.
    std::fs::write(
        &book,
        typo.replace("::h1 Served", "::h1 Served\n\n::p New #btpp#."),
    )
    .unwrap();
    let mut seen = Vec::new();
    while let Ok(l) = s.lines.recv_timeout(Duration::from_secs(15)) {
        let done = l.starts_with("Rebuilt");
        seen.push(l);
        if done {
            break;
        }
    }
    let warned: Vec<&String> = seen.iter().filter(|l| l.contains("warning:")).collect();
    assert_eq!(warned.len(), 1, "{seen:?}");
    assert!(
        warned[0].contains("`#btpp#` is not a standard text")
            && warned[0].contains("did you mean `#btp#`?"),
        "{seen:?}"
    );
    assert!(seen.last().unwrap().ends_with(", 2 warnings)"), "{seen:?}");
    // Fixed: no panel.
    std::fs::write(&book, BOOK).unwrap();
    s.wait_for("Rebuilt", Duration::from_secs(15)).unwrap();
    let (_, _, body) = s.get("/");
    assert!(!String::from_utf8_lossy(&body).contains("id=\"gobook-warnings\""));
}

#[test]
fn the_error_overlay_is_opaque_and_can_be_closed() {
    let html = gobook::serve::panels::overlay_html(
        "x",
        &["en".to_string()],
        gobook::serve::panels::Fault::Book,
    );
    assert!(html.contains("background:#17120d;"), "{html}");
    assert!(html.contains("data-gobook-close"), "{html}");
}

/// A warning inside an included file reaches `gobook check` and the serve panel, at its
/// place in that file; the book still builds.
#[test]
fn warnings_in_included_files_reach_check_and_the_panel() {
    let (_tmp, dir) = book_dir();
    let book = dir.join("book.gobook");
    std::fs::write(dir.join("part.gobook"), "::h2 Part\n\nA typo: #btpp#.\n").unwrap();
    std::fs::write(&book, format!("{BOOK}\n\n::include url=\"part.gobook\"\n")).unwrap();
    let c = Command::new(env!("CARGO_BIN_EXE_gobook"))
        .args(["check", book.to_str().unwrap()])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&c.stderr);
    assert_eq!(c.status.code(), Some(0), "{err}");
    assert!(
        err.contains("part.gobook:3:9: warning: `#btpp#` is not a standard text"),
        "{err}"
    );
    let s = Server::start(&book, &[]);
    let (_, _, body) = s.get("/");
    let html = String::from_utf8_lossy(&body);
    assert!(html.contains("id=\"gobook-warnings\""), "{html}");
    assert!(
        html.contains("part.gobook</code>") || html.contains("part.gobook:3:9"),
        "{html}"
    );
}

/// The next server-sent event of an events stream: its name and data ("" at the end).
fn next_event(events: &mut BufReader<TcpStream>) -> (String, String) {
    let mut name = String::new();
    let mut line = String::new();
    loop {
        line.clear();
        if events.read_line(&mut line).unwrap_or(0) == 0 {
            return (String::new(), String::new());
        }
        if let Some(n) = line.strip_prefix("event: ") {
            name = n.trim().to_string();
        } else if let Some(data) = line.strip_prefix("data: ") {
            if !name.is_empty() {
                return (name, data.trim_end().to_string());
            }
        }
    }
}

#[test]
fn a_panic_in_a_rebuild_is_shown_as_an_internal_error_and_the_next_save_rebuilds() {
    let (tmp, dir) = book_dir();
    let book = dir.join("book.gobook");
    let good = BOOK.replace("::chapter\n", "::chapter(#intro)\n");
    std::fs::write(&book, &good).unwrap();
    let home = tmp.path().join("home");
    std::fs::create_dir_all(&home).unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_gobook"));
    // The debug build panics while drawing the diagram this variable names (site/building.rs).
    cmd.arg("serve")
        .arg(&book)
        .env("HOME", &home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_CACHE_HOME", home.join("cache"))
        .env("GOBOOK_TEST_PANIC", "boom");
    let s = Server::run(cmd);
    let mut events = s.events(Duration::from_secs(10));
    std::thread::sleep(Duration::from_millis(300));

    // The diagram (line 9 of chapter `intro`) that panics, in a book that is otherwise fine;
    // a new position, since only a diagram not drawn before is drawn.
    std::fs::write(
        &book,
        good.replace("::dia mv=D4", "::dia(#boom) mv=Q16")
            .replace("The first paragraph.", "Never shown."),
    )
    .unwrap();
    let (name, overlay) = next_event(&mut events);
    assert_eq!(name, "errors", "{overlay}");
    for part in [
        "internal error",
        "book.gobook",
        "`boom` at line 9 of chapter `intro`",
        "injected panic",
        "save the book to try again",
        "gobook hit an internal error; the page shows the last good build.",
    ] {
        assert!(overlay.contains(part), "{part:?} in the overlay: {overlay}");
    }
    // Its heading does not blame the book.
    assert!(!overlay.contains("The book has errors"), "{overlay}");
    // One clear line on the terminal, not the panic's message and backtrace.
    let mut said = Vec::new();
    let end = Instant::now() + Duration::from_secs(5);
    while let Ok(l) = s.lines.recv_timeout(Duration::from_millis(500)) {
        said.push(l);
        if Instant::now() > end {
            break;
        }
    }
    let internal: Vec<_> = said
        .iter()
        .filter(|l| l.contains("internal error"))
        .collect();
    assert_eq!(internal.len(), 1, "{said:?}");
    assert!(
        internal[0].contains("`boom` at line 9 of chapter `intro`"),
        "{said:?}"
    );
    assert!(!said.iter().any(|l| l.contains("panicked")), "{said:?}");
    // Still serving the last good site, with the error over it.
    let (status, _, body) = s.get("/");
    let html = String::from_utf8_lossy(&body);
    assert!(
        status == 200
            && html.contains("The first paragraph.")
            && html.contains("id=\"gobook-overlay\"")
            && html.contains("internal error"),
        "{html}"
    );

    // The next save rebuilds.
    std::fs::write(
        &book,
        good.replace("::dia mv=D4", "::dia(#fine) mv=Q16")
            .replace("The first paragraph.", "Fixed text."),
    )
    .unwrap();
    let (name, _) = next_event(&mut events);
    assert_eq!(name, "reload");
    let (status, _, body) = s.get("/");
    let html = String::from_utf8_lossy(&body);
    assert!(
        status == 200 && html.contains("Fixed text.") && !html.contains("id=\"gobook-overlay\""),
        "{html}"
    );
}

/// A save written in place slowly (the editor pausing between its writes for longer than
/// the quiet spell a burst of events waits for) is built once, when the file is closed:
/// the half written before the pause, a broken book, never reaches the page as errors.
#[test]
#[cfg(target_os = "linux")] // where inotify reports a file closed after writing
fn a_slow_save_in_place_is_built_once_when_closed_without_errors_of_its_half() {
    let (_tmp, dir) = book_dir();
    let book = dir.join("book.gobook");
    let s = Server::start(&book, &[]);
    let mut events = s.events(Duration::from_secs(10));
    std::thread::sleep(Duration::from_millis(300));
    let text = BOOK.replace("The first paragraph.", "Written slowly.");
    let (half, rest) = text.split_at(text.find("stone.png").unwrap());
    {
        let mut f = std::fs::File::create(&book).unwrap();
        f.write_all(half.as_bytes()).unwrap();
        f.flush().unwrap();
        // Longer than the 25 ms of quiet that ends a burst of other events, well within the
        // 250 ms a burst lasts at most.
        std::thread::sleep(Duration::from_millis(60));
        f.write_all(rest.as_bytes()).unwrap();
    }
    let (name, _) = next_event(&mut events);
    assert_eq!(name, "reload", "the whole save, not its half, is built");
    let (_, _, body) = s.get("/");
    assert!(String::from_utf8_lossy(&body).contains("Written slowly."));
    assert_eq!(
        s.count("Rebuilt", Duration::from_millis(600)),
        1,
        "one save, one rebuild"
    );
}

/// #48: `gobook serve GAME.sgf` serves the book `import` would write of the game and makes
/// it again at every save of the SGF; a move the rules refuse is shown at its line in the
/// SGF (the overlay and the terminal), a repair in the warnings panel at its place there,
/// and the next good save builds again.
#[test]
fn a_game_is_served_and_rebuilt_when_its_sgf_is_saved() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("club");
    std::fs::create_dir_all(&dir).unwrap();
    let sgf = dir.join("game.sgf");
    let game = "(;GM[1]FF[4]SZ[9]PB[Alice]PW[Bob]\n;B[cc]C[A quiet start.]\n;W[gg])";
    std::fs::write(&sgf, game).unwrap();
    let s = Server::start(&sgf, &[]);
    let (status, _, body) = s.get("/");
    let html = String::from_utf8_lossy(&body).into_owned();
    assert_eq!(status, 200);
    assert!(
        html.contains("Alice vs Bob") && html.contains("A quiet start."),
        "{html}"
    );
    std::thread::sleep(Duration::from_millis(300));
    std::fs::write(&sgf, game.replace("A quiet start.", "Edited in the SGF.")).unwrap();
    s.wait_for("Rebuilt", Duration::from_secs(15))
        .expect("a save of the SGF rebuilds");
    let (_, _, body) = s.get("/");
    assert!(String::from_utf8_lossy(&body).contains("Edited in the SGF."));
    // White plays on Black's stone: the error at its place in the SGF.
    std::fs::write(&sgf, game.replace(";W[gg])", ";W[gg]\n;W[cc])")).unwrap();
    let line = s
        .wait_for("game.sgf:", Duration::from_secs(15))
        .expect("the error in the terminal");
    assert!(
        line.contains(
            "game.sgf:4:2: error: White 3 at C7 is illegal: the point is already occupied"
        ),
        "{line}"
    );
    // The terminal's line may come a moment before the page's overlay state: ask again.
    let mut html = String::new();
    for _ in 0..50 {
        let (_, _, body) = s.get("/");
        html = String::from_utf8_lossy(&body).into_owned();
        if html.contains("id=\"gobook-overlay\"") {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(
        html.contains("id=\"gobook-overlay\"") && html.contains("game.sgf:4:2"),
        "{html}"
    );
    // A repair: a warning in the panel, at its place in the SGF; the build goes on.
    std::fs::write(&sgf, game.replace("SZ[9]", "SZ[9]KM[abc]")).unwrap();
    s.wait_for("Rebuilt", Duration::from_secs(15))
        .expect("the fixed game builds again");
    let (_, _, body) = s.get("/");
    let html = String::from_utf8_lossy(&body).into_owned();
    assert!(!html.contains("id=\"gobook-overlay\""), "{html}");
    assert!(
        html.contains("id=\"gobook-warnings\"")
            && html.contains("game.sgf:1:")
            && html.contains("illegal KM value"),
        "{html}"
    );
}
