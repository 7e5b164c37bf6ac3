//! "Edit on the board" through the real binary: `gobook lsp` starts `gobook serve` for the
//! book, asks the editor to show `<page>.html#edit=<anchor>`, and that page is served with a
//! diagram of that anchor; the preview ends with the server.

use crate::common;
use crate::lsp_frames::{framed, message, server};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

const BOOK: &str = "::book(#b) title=\"T\"

::chapter(#one)

::go(#game) mv=D4Q16D16Q4

::fig(#f1) base=game at=1 to=4 ca=\"Figure 1\"

::chapter(#two)

::dia base=game at=2 mv=C3
";

/// The body of `http://addr/path`.
fn get(addr: &str, path: &str) -> String {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(
        s,
        "GET /{path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut buf = String::new();
    let _ = s.read_to_string(&mut buf);
    assert!(buf.starts_with("HTTP/1.1 200"), "{path}: {buf:.300}");
    buf
}

#[test]
fn edit_on_the_board_opens_the_diagram_s_page_in_the_preview_it_started() {
    let home = common::tempdir();
    let dir = common::tempdir();
    let book = dir.path().join("book.gobook");
    std::fs::write(&book, BOOK).unwrap();
    let uri = format!("file://{}", book.display());
    let (mut child, mut stdin, mut stdout) = server(home.path());
    let send = |stdin: &mut std::process::ChildStdin, v: serde_json::Value| {
        stdin.write_all(&framed(&v.to_string())).unwrap();
        stdin.flush().unwrap();
    };
    send(
        &mut stdin,
        serde_json::json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "languageId": "gobook", "version": 1, "text": BOOK}}}),
    );
    let mut shown = Vec::new();
    for (id, needle) in [(2, "::dia base"), (3, "::fig(#f1)")] {
        let line = BOOK.lines().position(|l| l.starts_with(needle)).unwrap();
        let here = serde_json::json!({"line": line, "character": 2});
        send(
            &mut stdin,
            serde_json::json!({"jsonrpc": "2.0", "id": id, "method": "textDocument/codeAction", "params": {"textDocument": {"uri": uri}, "range": {"start": here, "end": here}, "context": {"diagnostics": []}}}),
        );
        let actions = loop {
            let m = message(&mut stdout);
            if m["id"] == id {
                break m["result"].clone();
            }
        };
        assert_eq!(actions[0]["title"], "Edit on the board", "{actions}");
        let command = actions[0]["command"].clone();
        send(
            &mut stdin,
            serde_json::json!({"jsonrpc": "2.0", "id": id + 10, "method": "workspace/executeCommand", "params": {"command": command["command"], "arguments": command["arguments"]}}),
        );
        let show = loop {
            let m = message(&mut stdout);
            if m["method"] == "window/showDocument" {
                break m;
            }
        };
        assert_eq!(show["params"]["external"], true);
        send(
            &mut stdin,
            serde_json::json!({"jsonrpc": "2.0", "id": show["id"], "result": {"success": true}}),
        );
        shown.push(show["params"]["uri"].as_str().unwrap().to_string());
    }
    // One preview for both: the same address.
    let addr = shown[0]
        .strip_prefix("http://")
        .and_then(|r| r.split_once('/'))
        .unwrap()
        .0
        .to_string();
    assert!(
        shown[1].starts_with(&format!("http://{addr}/")),
        "{shown:?}"
    );
    for url in &shown {
        let (page, anchor) = url[format!("http://{addr}/").len()..]
            .split_once("#edit=")
            .unwrap();
        let html = get(&addr, page);
        assert!(
            html.contains(&format!("id=\"{anchor}\"")),
            "{page} has no diagram {anchor}"
        );
    }
    // The second chapter's diagram, the sixth element, has no ID.
    assert!(shown[0].ends_with("/two.html#edit=e5"), "{shown:?}");
    assert!(shown[1].ends_with("/index.html#edit=f1"), "{shown:?}");
    // The preview ends with the server.
    for m in [
        r#"{"jsonrpc":"2.0","id":90,"method":"shutdown","params":null}"#,
        r#"{"jsonrpc":"2.0","method":"exit","params":null}"#,
    ] {
        stdin.write_all(&framed(m)).unwrap();
    }
    stdin.flush().unwrap();
    assert!(child.wait().unwrap().success());
    let gone = (0..100).any(|_| {
        std::thread::sleep(Duration::from_millis(50));
        TcpStream::connect(&addr).is_err()
    });
    assert!(gone, "the preview at {addr} outlived the server");
}
