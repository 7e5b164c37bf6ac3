//! The protocol's frames read from the editor: `Content-Length: N` headers, a blank line,
//! N bytes of JSON. gobook reads them itself rather than through `lsp-server`'s reader,
//! which trusts the length it is given (`Content-Length: 9000000000000000` aborted the
//! server on a failed allocation, `4000000000` made it take 3.9 GB before a byte of the
//! body came): a frame over [`MAX_FRAME`] is refused and its body skipped without being
//! kept, so the stream stays in step and the next message is read as usual.

use lsp_server::Message;
use std::io::{self, BufRead, Read};

/// The largest message the server reads: 64 MB, a `didOpen` of a book six times the size
/// of the largest books measured (10 MB). Documented in docs/editors.md.
pub const MAX_FRAME: usize = 64 * 1024 * 1024;

/// The longest header line read; real headers are under 100 bytes.
const MAX_HEADER_LINE: usize = 4096;

/// The most header lines in one frame (the protocol knows two).
const MAX_HEADERS: usize = 32;

/// What reading one frame gave.
#[derive(Debug)]
pub enum Frame {
    /// A message.
    Message(Message),
    /// A frame the server did not take, its bytes read past: why, to say to the editor.
    Refused(String),
    /// The editor closed the stream between messages.
    End,
}

/// Why the stream cannot be read on: a broken header leaves no way to find where the next
/// message starts.
#[derive(Debug, thiserror::Error)]
pub enum FrameError {
    /// Reading failed, or the stream ended inside a frame.
    #[error("cannot read from the editor: {0}")]
    Io(#[from] io::Error),
    /// The header is not the protocol's.
    #[error("the editor sent a malformed message header ({0}); the server cannot tell where the next message starts, so it stops")]
    Header(String),
}

/// Reads the next frame from `r`.
pub fn read(r: &mut impl BufRead) -> Result<Frame, FrameError> {
    let Some(len) = header(r)? else {
        return Ok(Frame::End);
    };
    if len > MAX_FRAME {
        // Read past the body in small pieces: it is never held, so its size costs nothing
        // but the time its bytes take to come. A stream that ends first ends the server.
        let skipped = io::copy(&mut r.by_ref().take(len as u64), &mut io::sink())?;
        if skipped < len as u64 {
            return Err(FrameError::Io(io::ErrorKind::UnexpectedEof.into()));
        }
        return Ok(Frame::Refused(format!(
            "gobook lsp refused a message of {len} bytes: the largest it reads is {MAX_FRAME} bytes (64 MB)"
        )));
    }
    let mut body = Vec::new();
    r.by_ref().take(len as u64).read_to_end(&mut body)?;
    if body.len() < len {
        return Err(FrameError::Io(io::ErrorKind::UnexpectedEof.into()));
    }
    Ok(match serde_json::from_slice::<Message>(&body) {
        Ok(m) => Frame::Message(m),
        Err(e) => Frame::Refused(format!(
            "gobook lsp skipped a message that is not a JSON-RPC message ({e})"
        )),
    })
}

/// Reads a frame's header: its `Content-Length`; `None` at the end of the stream before
/// any byte of a header.
fn header(r: &mut impl BufRead) -> Result<Option<usize>, FrameError> {
    let mut len = None;
    for n in 0.. {
        if n == MAX_HEADERS {
            return Err(FrameError::Header(format!("over {MAX_HEADERS} lines")));
        }
        let mut line = Vec::new();
        r.by_ref()
            .take(MAX_HEADER_LINE as u64 + 1)
            .read_until(b'\n', &mut line)?;
        if line.is_empty() && n == 0 {
            return Ok(None);
        }
        let Some(line) = line.strip_suffix(b"\r\n") else {
            return Err(FrameError::Header(if line.len() > MAX_HEADER_LINE {
                format!("a line over {MAX_HEADER_LINE} bytes")
            } else {
                format!("{:?} does not end in CR LF", String::from_utf8_lossy(&line))
            }));
        };
        if line.is_empty() {
            break;
        }
        let text = String::from_utf8_lossy(line);
        let Some((name, value)) = text.split_once(':') else {
            return Err(FrameError::Header(format!("{text:?} is not `Name: value`")));
        };
        if name.trim().eq_ignore_ascii_case("Content-Length") {
            let v = value.trim();
            // Digits only: `9e15` or `-1` is no length, and a number too large for memory
            // is still a length, refused after the header as any frame over the limit.
            if v.is_empty() || !v.bytes().all(|b| b.is_ascii_digit()) {
                return Err(FrameError::Header(format!("Content-Length {v:?}")));
            }
            len = Some(v.parse::<u64>().unwrap_or(u64::MAX));
        }
    }
    let len = len.ok_or_else(|| FrameError::Header("no Content-Length".into()))?;
    Ok(Some(usize::try_from(len).unwrap_or(usize::MAX)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn framed(json: &str) -> Vec<u8> {
        format!("Content-Length: {}\r\n\r\n{json}", json.len()).into_bytes()
    }

    const PING: &str = r#"{"jsonrpc":"2.0","id":7,"method":"shutdown"}"#;

    fn is_ping(f: Frame) -> bool {
        matches!(f, Frame::Message(Message::Request(r)) if r.method == "shutdown")
    }

    #[test]
    fn messages_are_read_one_after_another_then_the_end() {
        let mut bytes = framed(PING);
        bytes.extend(
            b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length: 2\r\n\r\n{}"
                .iter(),
        );
        bytes.extend(framed(PING));
        let mut r = io::Cursor::new(bytes);
        assert!(is_ping(read(&mut r).unwrap()));
        // `{}` is JSON but no message: skipped, and the stream stays in step.
        assert!(matches!(read(&mut r).unwrap(), Frame::Refused(_)));
        assert!(is_ping(read(&mut r).unwrap()));
        assert!(matches!(read(&mut r).unwrap(), Frame::End));
    }

    #[test]
    fn a_frame_over_the_limit_is_skipped_unread_and_the_next_one_read() {
        let mut bytes = format!("Content-Length: {}\r\n\r\n", MAX_FRAME + 1).into_bytes();
        bytes.resize(bytes.len() + MAX_FRAME + 1, b' ');
        bytes.extend(framed(PING));
        let mut r = io::Cursor::new(bytes);
        match read(&mut r).unwrap() {
            Frame::Refused(why) => assert!(why.contains("64 MB"), "{why}"),
            f => panic!("{f:?}"),
        }
        assert!(is_ping(read(&mut r).unwrap()));
    }

    #[test]
    fn huge_lengths_take_no_memory_and_end_with_the_stream() {
        for len in [
            "9000000000000000",
            "4000000000",
            "99999999999999999999999999",
        ] {
            let bytes = format!("Content-Length: {len}\r\n\r\n{PING}").into_bytes();
            let r = read(&mut io::Cursor::new(bytes));
            assert!(matches!(r, Err(FrameError::Io(_))), "{len}: {r:?}");
        }
    }

    #[test]
    fn broken_headers_are_errors_not_allocations() {
        let long = format!("X-Pad: {}\r\n\r\n", "a".repeat(10 * MAX_HEADER_LINE));
        for bytes in [
            "Content-Length: 9e15\r\n\r\n".to_string(),
            "Content-Length: -1\r\n\r\n".into(),
            "Content-Type: x\r\n\r\n{}".into(),
            "Content-Length: 2\n\n{}".into(),
            "garbage\r\n\r\n".into(),
            long,
            "X: y\r\n".repeat(100),
        ] {
            let r = read(&mut io::Cursor::new(bytes.clone().into_bytes()));
            assert!(
                matches!(r, Err(FrameError::Header(_))),
                "{bytes:.40?}: {r:?}"
            );
        }
        // The end of the stream inside a body is an error, not a message.
        let r = read(&mut io::Cursor::new(
            b"Content-Length: 99\r\n\r\n{}".to_vec(),
        ));
        assert!(matches!(r, Err(FrameError::Io(_))));
    }
}
