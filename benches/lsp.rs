//! `cargo bench --bench lsp`: how soon `gobook lsp` answers on the 2,700-diagram benchmark
//! book. The server runs in-process on an in-memory connection (the stdio transport is the
//! same messages over a pipe); the bench plays the editor: it opens the book, types one
//! character into a paragraph at a time (an incremental change), each followed at once by a
//! request whose answer comes once the edit is checked (a file's diagnostics are sent only
//! when they change, and a keystroke at a paragraph's end changes none), counting the bytes
//! the server sends; then asks for the hover of a figure (its SVG drawn) and of a coordinate.
//! `scripts/bench-lsp.py` measures the same over the real binary's pipes, with its memory.

#[path = "genbook/mod.rs"]
mod genbook;

use lsp_server::{Connection, Message, Notification, Request, RequestId};
use lsp_types::notification::Notification as _;
use lsp_types::request::Request as _;
use std::time::{Duration, Instant};

fn main() {
    if !std::env::args().any(|a| a == "--bench") {
        println!("lsp: run with `cargo bench --bench lsp`");
        return;
    }
    let corpora = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpora");
    let games = genbook::games(&corpora, 100, 250);
    if games.is_empty() {
        println!(
            "lsp: no games under {}; the benchmark needs the shared corpora",
            corpora.display()
        );
        return;
    }
    let tmp = tempfile::Builder::new()
        .prefix("gobook-lsp-bench-")
        .tempdir()
        .unwrap();
    let book = tmp.path().join("bench.gobook");
    let text = genbook::book(&games, &genbook::STANDARD);
    std::fs::write(&book, &text).unwrap();
    let uri = gobook::lsp::uri::from_path(&book);

    let (server, client) = Connection::memory();
    let thread = std::thread::spawn(move || gobook::lsp::serve(&server));
    let note = |method: &str, params: serde_json::Value| {
        client
            .sender
            .send(Message::Notification(Notification::new(
                method.into(),
                params,
            )))
            .unwrap();
    };
    let wait_diagnostics = || loop {
        match client
            .receiver
            .recv_timeout(Duration::from_secs(60))
            .unwrap()
        {
            Message::Notification(n)
                if n.method == lsp_types::notification::PublishDiagnostics::METHOD =>
            {
                return
            }
            _ => {}
        }
    };
    let t = Instant::now();
    note(
        lsp_types::notification::DidOpenTextDocument::METHOD,
        serde_json::json!({"textDocument": {"uri": uri, "languageId": "gobook", "version": 1, "text": text}}),
    );
    wait_diagnostics();
    println!(
        "open -> first diagnostics (cold check): {:.0} ms",
        ms(t.elapsed())
    );

    // An English paragraph in the middle of the book: type a character at its end, then take
    // it back.
    let lines: Vec<&str> = text.lines().collect();
    let (line, para) = lines
        .iter()
        .enumerate()
        .skip(lines.len() / 2)
        .find(|(_, l)| l.starts_with("::en Moves"))
        .unwrap();
    let end = para.encode_utf16().count() as u32;
    let mut times = Vec::new();
    let mut sizes = Vec::new();
    for round in 0..40 {
        let change = if round % 2 == 0 {
            serde_json::json!({"range": {"start": {"line": line, "character": end}, "end": {"line": line, "character": end}}, "text": "x"})
        } else {
            serde_json::json!({"range": {"start": {"line": line, "character": end}, "end": {"line": line, "character": end + 1}}, "text": ""})
        };
        let t0 = Instant::now();
        note(
            lsp_types::notification::DidChangeTextDocument::METHOD,
            serde_json::json!({"textDocument": {"uri": uri, "version": round + 2}, "contentChanges": [change]}),
        );
        let here = serde_json::json!({"line": line, "character": 0});
        client
            .sender
            .send(Message::Request(Request::new(
                RequestId::from(1000 + round),
                lsp_types::request::CodeActionRequest::METHOD.into(),
                serde_json::json!({"textDocument": {"uri": uri}, "range": {"start": here, "end": here}, "context": {"diagnostics": []}}),
            )))
            .unwrap();
        let mut bytes = 0;
        loop {
            let m = client
                .receiver
                .recv_timeout(Duration::from_secs(60))
                .unwrap();
            bytes += serde_json::to_string(&m).unwrap().len();
            if matches!(m, Message::Response(_)) {
                break;
            }
        }
        times.push(ms(t0.elapsed()));
        // Diagnostics sent after the answer count too.
        while let Ok(m) = client.receiver.recv_timeout(Duration::from_millis(50)) {
            bytes += serde_json::to_string(&m).unwrap().len();
        }
        sizes.push(bytes);
    }
    report(
        "keystroke -> checked (the next request answered)",
        &mut times,
    );
    sizes.sort();
    println!(
        "bytes sent per keystroke: median {}, max {}",
        sizes[sizes.len() / 2],
        sizes[sizes.len() - 1]
    );

    let fig_line = lines
        .iter()
        .enumerate()
        .skip(lines.len() / 2)
        .find(|(_, l)| l.starts_with("::fig"))
        .unwrap()
        .0;
    let mut id = 0;
    let mut ask = |line: usize, character: u32| {
        id += 1;
        let params = serde_json::json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}});
        let t0 = Instant::now();
        client
            .sender
            .send(Message::Request(Request::new(
                RequestId::from(id),
                lsp_types::request::HoverRequest::METHOD.into(),
                params,
            )))
            .unwrap();
        loop {
            if let Message::Response(r) = client
                .receiver
                .recv_timeout(Duration::from_secs(60))
                .unwrap()
            {
                let answer = r.response_result.map_err(|e| e.message).unwrap();
                return (ms(t0.elapsed()), answer.to_string());
            }
        }
    };
    let mut fig = Vec::new();
    for _ in 0..20 {
        let (t, answer) = ask(fig_line, 3);
        assert!(
            answer.contains("data:image/svg+xml;base64,"),
            "a figure's hover shows it"
        );
        fig.push(t);
    }
    report("hover on a figure (SVG drawn, base64)", &mut fig);
    // Hover right after an edit: the check and the hover in one wait.
    let mut after = Vec::new();
    for round in 0..20 {
        let text = if round % 2 == 0 { "x" } else { "" };
        let len = if round % 2 == 0 { 0 } else { 1 };
        note(
            lsp_types::notification::DidChangeTextDocument::METHOD,
            serde_json::json!({"textDocument": {"uri": uri, "version": 100 + round}, "contentChanges": [
                {"range": {"start": {"line": line, "character": end}, "end": {"line": line, "character": end + len}}, "text": text}]}),
        );
        after.push(ask(fig_line, 3).0);
    }
    report(
        "keystroke -> hover on a figure (check included)",
        &mut after,
    );
    drop(client);
    let _ = thread.join();
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn report(what: &str, times: &mut [f64]) {
    times.sort_by(|a, b| a.total_cmp(b));
    let n = times.len();
    println!(
        "{what}, {n} rounds: median {:.1} ms, p90 {:.1} ms, min {:.1} ms, max {:.1} ms",
        times[n / 2],
        times[n * 9 / 10],
        times[0],
        times[n - 1]
    );
}
