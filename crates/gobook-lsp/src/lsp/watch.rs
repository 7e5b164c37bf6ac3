//! The files the books read, watched by the editor: after each analysis the server asks the
//! client (`client/registerCapability`, dynamic registration of
//! `workspace/didChangeWatchedFiles`) to watch what the analyses read from disk (included
//! files, their images, a missing include), and on `workspace/didChangeWatchedFiles` the
//! books that read a changed file are analysed again and their problems published, so
//! that diagnostics and go-to-definition follow a file changed outside the editor (a
//! checkout, another program). A client that cannot register watchers is asked nothing.

use super::workspace::Workspace;
use lsp_server::{Message, Request, RequestId};
use lsp_types::request::Request as _;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The method the watchers are registered for.
const METHOD: &str = "workspace/didChangeWatchedFiles";

/// Whether the client said at `initialize` (its parameters, `params`) that it registers
/// file watchers when asked.
pub fn client_watches(params: &serde_json::Value) -> bool {
    params
        .pointer("/capabilities/workspace/didChangeWatchedFiles/dynamicRegistration")
        .and_then(serde_json::Value::as_bool)
        .unwrap_or(false)
}

/// What the client was asked to watch, and whether it can be asked at all.
pub struct Watcher {
    enabled: bool,
    /// The registration in force: its id and the files it watches.
    registered: Option<(String, BTreeSet<PathBuf>)>,
    next: u64,
}

impl Watcher {
    /// A watcher for a client that can (`enabled`) or cannot register file watchers.
    pub fn new(enabled: bool) -> Watcher {
        Watcher {
            enabled,
            registered: None,
            next: 0,
        }
    }

    /// The requests that make the client watch `files` and nothing else: none when it
    /// watches them already; else the old registration dropped and a new one made.
    pub fn update(&mut self, files: &BTreeSet<PathBuf>) -> Vec<Message> {
        let same = self
            .registered
            .as_ref()
            .map_or(files.is_empty(), |(_, f)| f == files);
        if !self.enabled || same {
            return Vec::new();
        }
        let mut out = Vec::new();
        if let Some((id, _)) = self.registered.take() {
            let params = lsp_types::UnregistrationParams {
                unregisterations: vec![lsp_types::Unregistration {
                    id,
                    method: METHOD.into(),
                }],
            };
            out.push(self.request(lsp_types::request::UnregisterCapability::METHOD, params));
        }
        if files.is_empty() {
            return out;
        }
        let id = format!("gobook-reads-{}", self.next);
        let watchers = files
            .iter()
            .map(|p| lsp_types::FileSystemWatcher {
                glob_pattern: lsp_types::GlobPattern::String(glob_of(p)),
                kind: None,
            })
            .collect();
        let options = lsp_types::DidChangeWatchedFilesRegistrationOptions { watchers };
        let params = lsp_types::RegistrationParams {
            registrations: vec![lsp_types::Registration {
                id: id.clone(),
                method: METHOD.into(),
                register_options: serde_json::to_value(options).ok(),
            }],
        };
        out.push(self.request(lsp_types::request::RegisterCapability::METHOD, params));
        self.registered = Some((id, files.clone()));
        out
    }

    fn request(&mut self, method: &str, params: impl serde::Serialize) -> Message {
        self.next += 1;
        let id = RequestId::from(format!("gobook-watch-{}", self.next));
        Message::Request(Request::new(id, method.into(), params))
    }
}

/// A glob pattern matching the file `p` alone: its characters that a glob reads as
/// wildcards each in brackets.
fn glob_of(p: &Path) -> String {
    let mut out = String::new();
    for c in p.to_string_lossy().chars() {
        match c {
            '*' | '?' | '[' | ']' | '{' | '}' => {
                out.push('[');
                out.push(c);
                out.push(']');
            }
            _ => out.push(c),
        }
    }
    out
}

/// Files changed on disk (`params`): the books that read them are analysed afresh; gives
/// those books, whose problems are to be published.
pub fn changed_on_disk(
    ws: &mut Workspace,
    params: &lsp_types::DidChangeWatchedFilesParams,
) -> Vec<PathBuf> {
    let mut books = Vec::new();
    for change in &params.changes {
        let Some(path) = super::uri::to_path(&change.uri) else {
            continue;
        };
        for b in ws.books_reading(&path) {
            if !books.contains(&b) {
                books.push(b);
            }
        }
        ws.changed(&path);
    }
    books
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registers_once_for_the_same_files_and_anew_when_they_change() {
        let mut w = Watcher::new(true);
        let one: BTreeSet<PathBuf> = [PathBuf::from("/b/part.gobook")].into();
        let first = w.update(&one);
        assert_eq!(first.len(), 1);
        let Message::Request(r) = &first[0] else {
            panic!("{first:?}")
        };
        assert_eq!(r.method, "client/registerCapability");
        assert!(w.update(&one).is_empty(), "the same files again");
        let two: BTreeSet<PathBuf> = [PathBuf::from("/b/part.gobook"), "/b/[x].md".into()].into();
        let again = w.update(&two);
        let methods: Vec<&str> = again
            .iter()
            .map(|m| match m {
                Message::Request(r) => r.method.as_str(),
                _ => "",
            })
            .collect();
        assert_eq!(
            methods,
            ["client/unregisterCapability", "client/registerCapability"]
        );
        let Message::Request(r) = &again[1] else {
            panic!()
        };
        assert!(
            r.params.to_string().contains("/b/[[]x[]].md"),
            "{}",
            r.params
        );
        assert!(Watcher::new(false).update(&two).is_empty());
    }

    #[test]
    fn the_client_s_capability_is_read_from_initialize() {
        let yes = serde_json::json!({"capabilities": {"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": true}}}});
        assert!(client_watches(&yes));
        assert!(!client_watches(&serde_json::json!({"capabilities": {}})));
    }
}
