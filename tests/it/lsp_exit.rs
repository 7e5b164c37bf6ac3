//! `gobook lsp` ends when the editor is done with it: after `shutdown` and `exit`, and when
//! the editor goes away without a word (its end of the pipes closed). A server that stayed
//! behind would be one more process for every editor session an author ever opened.

use crate::common;
use std::io::Write;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// How long a server may take to end before the test calls it stuck: far more than it
/// needs (milliseconds), so only a server that never ends fails.
const STUCK: Duration = Duration::from_secs(30);

/// `json` as the protocol frames a message.
fn framed(json: &str) -> Vec<u8> {
    format!("Content-Length: {}\r\n\r\n{json}", json.len()).into_bytes()
}

/// A `gobook lsp` with a fake home folder, told `initialize` and `initialized`.
fn initialized_server(home: &std::path::Path) -> (Child, ChildStdin) {
    let mut child = common::with_home(&mut Command::new(env!("CARGO_BIN_EXE_gobook")), home)
        .arg("lsp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    for message in [
        r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#,
        r#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
    ] {
        stdin.write_all(&framed(message)).unwrap();
    }
    stdin.flush().unwrap();
    (child, stdin)
}

/// How `child` ended, or `None` when it was still running after [`STUCK`] (it is then
/// killed, so no test leaves it behind).
fn ended(child: &mut Child) -> Option<ExitStatus> {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return Some(status);
        }
        if start.elapsed() > STUCK {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn the_server_ends_after_shutdown_and_exit_with_its_pipes_still_open() {
    let home = common::tempdir();
    let (mut child, mut stdin) = initialized_server(home.path());
    for message in [
        r#"{"jsonrpc":"2.0","id":2,"method":"shutdown","params":null}"#,
        r#"{"jsonrpc":"2.0","method":"exit","params":null}"#,
    ] {
        stdin.write_all(&framed(message)).unwrap();
    }
    stdin.flush().unwrap();
    // The editor's end of the pipe stays open: the server ends on `exit` alone.
    let status = ended(&mut child);
    drop(stdin);
    let status = status.expect("gobook lsp was still running after shutdown and exit");
    assert!(status.success(), "{status}");
}

#[test]
fn the_server_ends_when_the_editor_goes_away_without_a_word() {
    let home = common::tempdir();
    let (mut child, stdin) = initialized_server(home.path());
    drop(stdin);
    let status = ended(&mut child);
    assert!(
        status.is_some(),
        "gobook lsp was still running after its editor closed the pipe"
    );
}
