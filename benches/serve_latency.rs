//! `cargo bench --bench serve_latency`: after an edit of one paragraph of the 2,700-diagram
//! benchmark book, how long until a browser has the new page? Runs the real `gobook serve`,
//! listens to its reload signal like the page script does, then fetches the page, and
//! reports the time from the save to the new page in hand. Also times a full build.

#[path = "genbook/mod.rs"]
mod genbook;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn main() {
    if !std::env::args().any(|a| a == "--bench") {
        // Under `cargo test` this is only compiled and started: the measurement takes a while.
        println!("serve_latency: run with `cargo bench --bench serve_latency`");
        return;
    }
    let corpora = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpora");
    let games = genbook::games(&corpora, 100, 250);
    if games.is_empty() {
        println!(
            "serve_latency: no games under {}; the benchmark needs the shared corpora",
            corpora.display()
        );
        return;
    }
    // Removed when dropped, even when an assertion below fails.
    let tmp = tempfile::Builder::new()
        .prefix("gobook-serve-latency-")
        .tempdir()
        .unwrap();
    let dir = tmp.path();
    let book = dir.join("bench.gobook");
    let text = genbook::book(&games, &genbook::STANDARD);
    std::fs::write(&book, &text).unwrap();
    let exe = env!("CARGO_BIN_EXE_gobook");

    let t = Instant::now();
    let out = Command::new(exe)
        .args(["build", "-q", book.to_str().unwrap(), "-o"])
        .arg(dir.join("site"))
        .status()
        .unwrap();
    assert!(out.success());
    println!(
        "full build of the benchmark book (process, writing the site): {:.0} ms",
        t.elapsed().as_secs_f64() * 1000.0
    );

    let mut server = Command::new(exe)
        .args(["serve", book.to_str().unwrap(), "--port", "0"])
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = BufReader::new(server.stderr.take().unwrap());
    let mut line = String::new();
    let url = loop {
        line.clear();
        err.read_line(&mut line).unwrap();
        if let Some(rest) = line.split(" at ").nth(1) {
            break rest
                .split(' ')
                .next()
                .unwrap()
                .trim_end_matches('/')
                .trim_start_matches("http://")
                .to_string();
        }
    };
    std::thread::spawn(move || for _ in err.lines() {});
    let mut events = TcpStream::connect(&url).unwrap();
    write!(
        events,
        "GET /__gobook/events HTTP/1.1\r\nHost: localhost\r\n\r\n"
    )
    .unwrap();
    let mut events = BufReader::new(events);
    std::thread::sleep(Duration::from_millis(500));

    let mut times = Vec::new();
    let mut current = text.clone();
    for round in 0..40 {
        let marker = format!("edited-{round}");
        let next = current.replacen(
            "A book made from real games to measure gobook",
            &format!("A book made from real games to measure gobook {marker}"),
            1,
        );
        let next = if round > 0 {
            next.replacen(&format!(" edited-{}", round - 1), "", 1)
        } else {
            next
        };
        let t0 = Instant::now();
        std::fs::write(&book, &next).unwrap();
        // The page script reloads on `event: reload`; wait for it as the browser would.
        let mut ev = String::new();
        loop {
            ev.clear();
            if events.read_line(&mut ev).unwrap() == 0 {
                panic!("event stream closed");
            }
            if ev.starts_with("event: reload") {
                break;
            }
        }
        let page = get(&url, "/en/index.html");
        let dt = t0.elapsed();
        assert!(page.contains(&marker), "the new page has the edit");
        times.push(dt.as_secs_f64() * 1000.0);
        current = next;
        std::thread::sleep(Duration::from_millis(150));
    }
    let _ = server.kill();
    let _ = server.wait();
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let median = times[times.len() / 2];
    println!(
        "save -> reload signal -> new page fetched, one-paragraph edit, {} rounds: median {median:.0} ms, min {:.0} ms, p90 {:.0} ms, p95 {:.0} ms, max {:.0} ms",
        times.len(),
        times[0],
        times[times.len() * 9 / 10],
        times[times.len() * 95 / 100],
        times[times.len() - 1]
    );
}

fn get(addr: &str, path: &str) -> String {
    let mut s = TcpStream::connect(addr).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).unwrap();
    String::from_utf8_lossy(&buf).into_owned()
}
