//! Standard input and output as a [`Connection`]: one thread reads frames ([`super::frames`],
//! which refuses the oversized), one writes messages. In place of `Connection::stdio`,
//! whose reader allocates whatever length a header names.

use super::frames::{self, Frame, FrameError};
use lsp_server::{Connection, Message, Notification};
use lsp_types::notification::Notification as _;
use std::io::{self, Write};
use std::thread::JoinHandle;

/// The reader and writer threads of a stdio connection.
pub struct Threads {
    reader: JoinHandle<Result<(), FrameError>>,
    writer: JoinHandle<io::Result<()>>,
}

impl Threads {
    /// Waits for both threads (call after dropping the connection): the reader's error, if
    /// the editor's stream broke, else the writer's.
    pub fn join(self) -> Result<(), super::LspError> {
        let read = self.reader.join().unwrap_or(Ok(()));
        let written = self.writer.join().unwrap_or(Ok(()));
        read.map_err(|e| super::LspError::Protocol(e.to_string()))?;
        Ok(written?)
    }
}

/// A connection over standard input and output.
pub fn stdio() -> (Connection, Threads) {
    let (to_writer, writer_rx) = crossbeam_channel::unbounded::<Message>();
    let (to_server, receiver) = crossbeam_channel::unbounded::<Message>();
    let writer = std::thread::spawn(move || {
        let mut out = io::stdout().lock();
        writer_rx.into_iter().try_for_each(|m| m.write(&mut out))
    });
    let notices = to_writer.clone();
    let reader = std::thread::spawn(move || {
        let mut input = io::stdin().lock();
        pass_on(&mut input, &to_server, &notices)
    });
    let conn = Connection {
        sender: to_writer,
        receiver,
    };
    (conn, Threads { reader, writer })
}

/// Reads frames from `input` and hands each message to the server, until `exit` or the
/// end of the stream; a refused frame is said on standard error and to the editor.
pub fn pass_on(
    input: &mut impl io::BufRead,
    server: &crossbeam_channel::Sender<Message>,
    editor: &crossbeam_channel::Sender<Message>,
) -> Result<(), FrameError> {
    loop {
        match frames::read(input) {
            Ok(Frame::Message(m)) => {
                let exit = matches!(&m, Message::Notification(n) if n.method == "exit");
                if server.send(m).is_err() || exit {
                    return Ok(());
                }
            }
            Ok(Frame::Refused(why)) => {
                let _ = writeln!(io::stderr(), "gobook lsp: {why}");
                let _ = editor.send(Message::Notification(Notification::new(
                    lsp_types::notification::ShowMessage::METHOD.into(),
                    lsp_types::ShowMessageParams {
                        typ: lsp_types::MessageType::ERROR,
                        message: why,
                    },
                )));
            }
            Ok(Frame::End) => return Ok(()),
            // Said by the command line, which exits non-zero with it.
            Err(e) => return Err(e),
        }
    }
}
