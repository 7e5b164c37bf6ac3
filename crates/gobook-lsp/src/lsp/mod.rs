//! `gobook lsp`: the Language Server Protocol over standard input and output, so that an
//! author's editor shows what `gobook check` finds as they type, and knows the format:
//! hover, completion, links between IDs, renaming, the outline, formatting.
//!
//! Synchronous, as rust-analyzer's `lsp-server` is: one thread reads messages; the
//! server answers each in turn. Edits are applied as they come, and the book is checked
//! again only when a request needs it or no message is waiting, so a burst of keystrokes
//! costs one check.

pub(crate) mod actions;
pub(crate) mod board;
pub(crate) mod completion;
pub(crate) mod frames;
pub(crate) mod hover;
pub(crate) mod locate;
pub(crate) mod navigate;
pub(crate) mod preview;
pub(crate) mod problems;
pub(crate) mod symbols;
pub(crate) mod text;
pub(crate) mod transport;
pub mod uri;
pub(crate) mod watch;
pub(crate) mod workspace;

#[cfg(test)]
mod tests;

use lsp_server::{Connection, Message, Notification, Request, Response};
use lsp_types::notification::{self as note, Notification as _};
use lsp_types::request::{self as req, Request as _};
use std::path::PathBuf;
use workspace::Workspace;

/// Why the server stopped before the client asked it to.
#[derive(Debug, thiserror::Error)]
pub enum LspError {
    /// The client spoke something other than the protocol, or left before `initialize`.
    #[error("the editor did not speak the Language Server Protocol: {0}")]
    Protocol(String),
    /// Standard input or output failed.
    #[error("cannot talk to the editor: {0}")]
    Io(#[from] std::io::Error),
}

/// What the server can do, told to the client at `initialize`.
pub fn capabilities() -> lsp_types::ServerCapabilities {
    use lsp_types::*;
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(
            TextDocumentSyncKind::INCREMENTAL,
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some([":", "=", "_", "#", " "].map(String::from).to_vec()),
            ..Default::default()
        }),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        rename_provider: Some(OneOf::Left(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
        execute_command_provider: Some(ExecuteCommandOptions {
            commands: vec![board::COMMAND.into()],
            ..Default::default()
        }),
        ..Default::default()
    }
}

/// Runs the server on standard input and output until the client says `exit`.
pub fn run_stdio() -> Result<(), LspError> {
    let (conn, io) = transport::stdio();
    let caps =
        serde_json::to_value(capabilities()).map_err(|e| LspError::Protocol(e.to_string()))?;
    let client = conn
        .initialize(caps)
        .map_err(|e| LspError::Protocol(e.to_string()))?;
    serve_with(
        &conn,
        preview::Previews::of_this_program(),
        watch::Watcher::new(watch::client_watches(&client)),
    )?;
    // The writer thread ends only when every sender of its messages is gone: the connection
    // is let go first, else the join waits for ever and the server outlives its editor.
    drop(conn);
    io.join()
}

/// Answers messages on `conn` until shutdown; previews are started with this program, and
/// no file watchers are asked for (the client's capabilities are not known here).
pub fn serve(conn: &Connection) -> Result<(), LspError> {
    serve_with(
        conn,
        preview::Previews::of_this_program(),
        watch::Watcher::new(false),
    )
}

/// Answers messages on `conn` until shutdown, starting previews with `previews` and asking
/// the client to watch the files the books read through `watcher`.
pub fn serve_with(
    conn: &Connection,
    previews: preview::Previews,
    mut watcher: watch::Watcher,
) -> Result<(), LspError> {
    let mut ws = Workspace::default();
    let mut opener = board::Opener::new(previews);
    // Files edited since their book's problems were last published.
    let mut stale: Vec<PathBuf> = Vec::new();
    let mut sent = problems::Published::default();
    while let Ok(msg) = conn.receiver.recv() {
        match msg {
            Message::Request(r) => {
                if conn
                    .handle_shutdown(&r)
                    .map_err(|e| LspError::Protocol(e.to_string()))?
                {
                    return Ok(());
                }
                let out = if r.method == req::ExecuteCommand::METHOD {
                    opener.execute(&mut ws, r)
                } else {
                    let id = r.id.clone();
                    vec![Message::Response(guarded(&mut ws, |ws| answer(ws, r), id))]
                };
                for m in out {
                    send(conn, m)?;
                }
            }
            Message::Notification(n) => {
                // A file opened again may have had its problems cleared by the editor.
                let opened = n.method == note::DidOpenTextDocument::METHOD;
                for p in guarded_note(&mut ws, n) {
                    if opened {
                        sent.forget(&p);
                    }
                    if !stale.contains(&p) {
                        stale.push(p);
                    }
                }
            }
            Message::Response(r) => {
                if let Some(m) = opener.answered(&r) {
                    send(conn, m)?;
                }
            }
        }
        if conn.receiver.is_empty() && !stale.is_empty() {
            for n in problems::publish(&mut ws, &std::mem::take(&mut stale), &mut sent) {
                send(conn, Message::Notification(n))?;
            }
        }
        if conn.receiver.is_empty() {
            for m in watcher.update(&ws.watched()) {
                send(conn, m)?;
            }
        }
    }
    Ok(())
}

fn send(conn: &Connection, msg: Message) -> Result<(), LspError> {
    conn.sender
        .send(msg)
        .map_err(|_| LspError::Protocol("the editor closed the connection".into()))
}

/// Runs `f`, turning a panic into an internal error answer and starting the analyses
/// afresh (a cache a panic interrupted is not trusted), so the editor keeps its server.
fn guarded(
    ws: &mut Workspace,
    f: impl FnOnce(&mut Workspace) -> Response,
    id: lsp_server::RequestId,
) -> Response {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(ws))) {
        Ok(r) => r,
        Err(_) => {
            ws.forget_analyses();
            Response::new_err(
                id,
                lsp_server::ErrorCode::InternalError as i32,
                "gobook hit an internal error (a bug in gobook, not in the book): please report it"
                    .into(),
            )
        }
    }
}

fn guarded_note(ws: &mut Workspace, n: Notification) -> Vec<PathBuf> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| notified(ws, n))).unwrap_or_else(
        |_| {
            ws.forget_analyses();
            Vec::new()
        },
    )
}

/// Applies a notification; returns the files it changed, whose books' problems are to be
/// published.
fn notified(ws: &mut Workspace, n: Notification) -> Vec<PathBuf> {
    if n.method == note::DidChangeWatchedFiles::METHOD {
        let Ok(p) = serde_json::from_value::<lsp_types::DidChangeWatchedFilesParams>(n.params)
        else {
            return Vec::new();
        };
        return watch::changed_on_disk(ws, &p);
    }
    notified_document(ws, n).into_iter().collect()
}

/// Applies a notification about an open document; returns the file it changed.
fn notified_document(ws: &mut Workspace, n: Notification) -> Option<PathBuf> {
    match n.method.as_str() {
        note::DidOpenTextDocument::METHOD => {
            let p: lsp_types::DidOpenTextDocumentParams = serde_json::from_value(n.params).ok()?;
            let path = uri::to_path(&p.text_document.uri)?;
            ws.open(path.clone(), p.text_document.text);
            Some(path)
        }
        note::DidChangeTextDocument::METHOD => {
            let p: lsp_types::DidChangeTextDocumentParams =
                serde_json::from_value(n.params).ok()?;
            let path = uri::to_path(&p.text_document.uri)?;
            let t = ws.text_mut(&path)?;
            for c in p.content_changes {
                t.apply(c);
            }
            ws.changed(&path);
            Some(path)
        }
        note::DidCloseTextDocument::METHOD => {
            let p: lsp_types::DidCloseTextDocumentParams = serde_json::from_value(n.params).ok()?;
            let path = uri::to_path(&p.text_document.uri)?;
            ws.close(&path);
            None
        }
        note::DidSaveTextDocument::METHOD => {
            let p: lsp_types::DidSaveTextDocumentParams = serde_json::from_value(n.params).ok()?;
            let path = uri::to_path(&p.text_document.uri)?;
            // Images and included files on disk may have changed with it.
            ws.changed(&path);
            Some(path)
        }
        _ => None,
    }
}

/// Answers one request.
pub fn answer(ws: &mut Workspace, r: Request) -> Response {
    let id = r.id.clone();
    let result = match r.method.as_str() {
        req::HoverRequest::METHOD => run::<req::HoverRequest>(r, |p| hover::hover(ws, p)),
        req::Completion::METHOD => run::<req::Completion>(r, |p| completion::complete(ws, p)),
        req::GotoDefinition::METHOD => {
            run::<req::GotoDefinition>(r, |p| navigate::definition(ws, p))
        }
        req::References::METHOD => run::<req::References>(r, |p| navigate::references(ws, p)),
        req::Rename::METHOD => run::<req::Rename>(r, |p| navigate::rename(ws, p)),
        req::DocumentSymbolRequest::METHOD => {
            run::<req::DocumentSymbolRequest>(r, |p| symbols::symbols(ws, p))
        }
        req::Formatting::METHOD => run::<req::Formatting>(r, |p| actions::format(ws, p)),
        req::CodeActionRequest::METHOD => {
            run::<req::CodeActionRequest>(r, |p| actions::code_actions(ws, p))
        }
        _ => Err((
            lsp_server::ErrorCode::MethodNotFound,
            format!("gobook lsp does not answer `{}`", r.method),
        )),
    };
    match result {
        Ok(v) => Response::new_ok(id, v),
        Err((code, msg)) => Response::new_err(id, code as i32, msg),
    }
}

type Answer = Result<serde_json::Value, (lsp_server::ErrorCode, String)>;

/// Reads the parameters of request `R`, runs `f`, and writes its result as JSON.
fn run<R: lsp_types::request::Request>(
    r: Request,
    f: impl FnOnce(R::Params) -> Result<R::Result, String>,
) -> Answer {
    let params: R::Params = serde_json::from_value(r.params)
        .map_err(|e| (lsp_server::ErrorCode::InvalidParams, e.to_string()))?;
    let out = f(params).map_err(|e| (lsp_server::ErrorCode::RequestFailed, e))?;
    serde_json::to_value(out).map_err(|e| (lsp_server::ErrorCode::InternalError, e.to_string()))
}
