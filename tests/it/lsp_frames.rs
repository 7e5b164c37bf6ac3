//! `gobook lsp` reads its frames itself and refuses those over 64 MB: a hostile or broken
//! editor's `Content-Length` neither aborts the server nor makes it take gigabytes, and a
//! refused frame's body is read past, so the next request is answered.

use crate::common;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// The limit of crates/gobook-lsp/src/lsp/frames.rs, as docs/editors.md states it.
const LIMIT: usize = 64 * 1024 * 1024;

pub(crate) fn framed(json: &str) -> Vec<u8> {
    format!("Content-Length: {}\r\n\r\n{json}", json.len()).into_bytes()
}

/// A `gobook lsp` told `initialize`, with its `initialize` answer read.
pub(crate) fn server(home: &std::path::Path) -> (Child, ChildStdin, BufReader<ChildStdout>) {
    let mut child = common::with_home(&mut Command::new(env!("CARGO_BIN_EXE_gobook")), home)
        .arg("lsp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    stdin
        .write_all(&framed(
            r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#,
        ))
        .unwrap();
    stdin
        .write_all(&framed(
            r#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
        ))
        .unwrap();
    stdin.flush().unwrap();
    assert_eq!(message(&mut stdout)["id"], 1);
    (child, stdin, stdout)
}

/// The next message the server wrote.
pub(crate) fn message(out: &mut BufReader<ChildStdout>) -> serde_json::Value {
    let mut len = 0;
    loop {
        let mut line = String::new();
        assert!(out.read_line(&mut line).unwrap() > 0, "the server ended");
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(v) = line.strip_prefix("Content-Length: ") {
            len = v.parse().unwrap();
        }
    }
    let mut body = vec![0; len];
    out.read_exact(&mut body).unwrap();
    serde_json::from_slice(&body).unwrap()
}

fn stderr_of(child: &mut Child) -> String {
    let mut s = String::new();
    child.stderr.take().unwrap().read_to_string(&mut s).unwrap();
    s
}

#[test]
fn a_frame_over_the_limit_is_refused_and_the_next_request_answered() {
    let home = common::tempdir();
    let (mut child, mut stdin, mut stdout) = server(home.path());
    let len = LIMIT + 1;
    // Written from a thread: the pipe holds 64 KB, and the server reads while we write.
    let writer = std::thread::spawn(move || {
        stdin
            .write_all(format!("Content-Length: {len}\r\n\r\n").as_bytes())
            .unwrap();
        let chunk = vec![b' '; 1 << 20];
        for _ in 0..64 {
            stdin.write_all(&chunk).unwrap();
        }
        stdin.write_all(b" ").unwrap();
        for m in [
            r#"{"jsonrpc":"2.0","id":2,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"untitled:1"}}}"#,
            r#"{"jsonrpc":"2.0","id":3,"method":"shutdown","params":null}"#,
            r#"{"jsonrpc":"2.0","method":"exit","params":null}"#,
        ] {
            stdin.write_all(&framed(m)).unwrap();
        }
        stdin.flush().unwrap();
        stdin
    });
    let notice = message(&mut stdout);
    assert_eq!(notice["method"], "window/showMessage", "{notice}");
    let why = notice["params"]["message"].as_str().unwrap();
    assert!(
        why.contains(&format!("{len} bytes")) && why.contains("64 MB"),
        "{why}"
    );
    assert_eq!(message(&mut stdout)["id"], 2);
    assert_eq!(message(&mut stdout)["id"], 3);
    drop(writer.join().unwrap());
    let status = child.wait().unwrap();
    let err = stderr_of(&mut child);
    assert!(status.success(), "{status}: {err}");
    assert!(err.contains("refused a message of 67108865 bytes"), "{err}");
}

/// The server's resident memory in kB, from /proc (Linux).
fn rss_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
fn huge_lengths_neither_abort_nor_take_memory() {
    for len in ["9000000000000000", "4000000000"] {
        let home = common::tempdir();
        let (mut child, mut stdin, _stdout) = server(home.path());
        stdin
            .write_all(format!("Content-Length: {len}\r\n\r\n{{").as_bytes())
            .unwrap();
        stdin.flush().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(300));
        if let Some(kb) = rss_kb(child.id()) {
            assert!(kb < 200_000, "{len}: the server holds {kb} kB");
        }
        // The editor gives up: the server ends, with a word, and not by a signal.
        drop(stdin);
        let status = child.wait().unwrap();
        let err = stderr_of(&mut child);
        assert!(status.code().is_some(), "{len}: {status}: {err}");
        assert!(err.contains("cannot read from the editor"), "{len}: {err}");
    }
}

#[test]
fn a_malformed_header_stops_the_server_with_a_clear_error() {
    let home = common::tempdir();
    let (mut child, mut stdin, _stdout) = server(home.path());
    stdin.write_all(b"Content-Length: 9e15\r\n\r\n{}").unwrap();
    stdin.flush().unwrap();
    let status = child.wait().unwrap();
    let err = stderr_of(&mut child);
    assert_eq!(status.code(), Some(2), "{err}");
    assert!(err.contains("malformed message header"), "{err}");
    assert!(err.contains("\"9e15\""), "{err}");
}
