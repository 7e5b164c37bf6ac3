//! What `gobook check` finds, as the editor's diagnostics: the book's problems in the
//! book, an included file's in that file, each with its code and, where the message names
//! a fix ("did you mean `X`?"), that fix for a code action.

use super::text::Text;
use super::workspace::Workspace;
use crate::diagnostics::{Diagnostic, Severity};
use lsp_server::Notification;
use lsp_types::notification::Notification as _;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The editor's form of one problem in the file whose text is `text`.
pub fn to_lsp(text: &Text, d: &Diagnostic) -> lsp_types::Diagnostic {
    lsp_types::Diagnostic {
        range: text.range(d.span.start as usize, d.span.end as usize),
        severity: Some(match d.severity {
            Severity::Error => lsp_types::DiagnosticSeverity::ERROR,
            Severity::Warning => lsp_types::DiagnosticSeverity::WARNING,
        }),
        code: Some(lsp_types::NumberOrString::String(d.code.to_string())),
        source: Some("gobook".into()),
        message: d.message.clone(),
        ..Default::default()
    }
}

/// The name a message suggests in its "did you mean `X`?".
pub fn suggestion(message: &str) -> Option<&str> {
    let rest = &message[message.find("did you mean `")? + "did you mean `".len()..];
    rest.split_once('`')
        .map(|(name, _)| name)
        .filter(|n| !n.is_empty())
}

/// What the editor was last sent for each file, so that a file whose problems did not
/// change is not sent again: on the benchmark book a keystroke re-sent 1,640 warnings
/// (443 KB of JSON) that were all as before.
#[derive(Default)]
pub struct Published {
    shown: HashMap<PathBuf, Vec<lsp_types::Diagnostic>>,
}

impl Published {
    /// Forgets what the editor shows for `path` (closed: the editor clears it itself).
    pub fn forget(&mut self, path: &Path) {
        self.shown.remove(path);
    }
}

/// The problems of the books the `changed` files belong to, one notification per file of
/// each book whose problems differ from what `sent` says the editor shows (an empty list
/// clears what the editor showed).
pub fn publish(ws: &mut Workspace, changed: &[PathBuf], sent: &mut Published) -> Vec<Notification> {
    let mut books: Vec<PathBuf> = Vec::new();
    let mut out = Vec::new();
    for path in changed {
        let Some(book) = ws.book_of(path) else {
            continue;
        };
        if books.contains(&book) {
            continue;
        }
        books.push(book);
        let Some(a) = ws.analysis(path) else { continue };
        for (p, diags) in &a.problems {
            let Some(f) = a.file(p) else { continue };
            let now: Vec<lsp_types::Diagnostic> =
                diags.iter().map(|d| to_lsp(&f.text, d)).collect();
            if sent.shown.get(p) == Some(&now) {
                continue;
            }
            let params = lsp_types::PublishDiagnosticsParams {
                uri: super::uri::from_path(p),
                diagnostics: now.clone(),
                version: None,
            };
            sent.shown.insert(p.clone(), now);
            out.push(Notification::new(
                lsp_types::notification::PublishDiagnostics::METHOD.into(),
                params,
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn suggestions_are_read_from_messages() {
        assert_eq!(
            super::suggestion("unknown element `diagram`; did you mean `dia`?"),
            Some("dia")
        );
        assert_eq!(super::suggestion("unknown element"), None);
    }
}
