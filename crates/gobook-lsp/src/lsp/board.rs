//! "Edit on the board": on a diagram (`fig`, `dia`, `var`, `prb`, an inline `<dia>`) or Go data (`::go`), a code
//! action that opens the preview (`gobook serve`) at that diagram's board editor. The
//! address is `http://127.0.0.1:PORT/<page>.html#edit=<anchor>`, the anchor being the
//! diagram's HTML `id` on its page (its ID, else `e` and its element's number:
//! `layout::plan::anchor`), which is how the preview's editor finds the diagram.
//!
//! The action is a command ([`COMMAND`]) with the book and the page's path; running it
//! starts the book's preview if none runs yet ([`super::preview`]) and asks the editor to
//! open the address in the browser (`window/showDocument`, `external: true`).

use super::workspace::{Analysis, File};
use crate::format::schema::ElementKind;
use crate::format::syntax::Element;
use crate::layout::plan;
use lsp_types::{CodeAction, Command};
use std::path::PathBuf;

/// The command the action runs: arguments the book's path and the page's path with its
/// `#edit=` fragment.
pub const COMMAND: &str = "gobook.editOnBoard";

/// The action's title, as editors list it.
pub const TITLE: &str = "Edit on the board";

/// The action for the element at byte `at` of file `f` of book `a`, when it is a diagram or
/// Go data.
pub fn action(a: &Analysis, f: &File, at: usize) -> Option<CodeAction> {
    let (i, _) = super::locate::spot(a.doc(f), at)?;
    let el = &a.doc(f).elements[i];
    let path = if matches!(el.kind, ElementKind::Diagram(_) | ElementKind::Go) {
        page_path(a, book_element(a, f, el.span.start)?)?
    } else {
        inline_page_path(a, f, el, at)?
    };
    Some(CodeAction {
        title: TITLE.into(),
        // No kind: not a quick fix nor a refactoring, so listed by every client's menu.
        kind: None,
        command: Some(Command {
            title: TITLE.into(),
            command: COMMAND.into(),
            arguments: Some(vec![a.book().path.to_string_lossy().into(), path.into()]),
        }),
        ..Default::default()
    })
}

/// The page path with its `#edit=` fragment of the inline diagram whose `<dia ...>` tag
/// holds byte `at` of element `el` of file `f`, when one does: the anchor of its pop-over
/// (`layout::links::inline_anchor`), which the preview's editor finds as it finds a figure.
fn inline_page_path(a: &Analysis, f: &File, el: &Element, at: usize) -> Option<String> {
    let at = at as u32;
    let (_, tag) = crate::format::inline::diagrams(el.value.as_ref()?)
        .into_iter()
        .filter(|(_, s)| s.start <= at && at < s.end)
        // The innermost tag: one inline diagram may hold another in its text.
        .max_by_key(|(_, s)| s.start)?;
    let offset = a.offset_of(f)?;
    let element = book_element(a, f, el.span.start)?;
    let drawn = *a
        .checked
        .resolved
        .inline_diagrams
        .get(&(tag.start + offset))?;
    let (folder, shown) = shown_page(a, element)?;
    Some(format!(
        "{folder}{}#edit={}",
        crate::escape::url::path(&shown),
        crate::layout::links::inline_anchor(drawn)
    ))
}

/// The index in the checked book's tree of the element starting at `start` of file `f` (an
/// included file's elements stand after the book's text there).
fn book_element(a: &Analysis, f: &File, start: u32) -> Option<usize> {
    let offset = a.offset_of(f)?;
    a.checked
        .doc
        .elements
        .iter()
        .position(|e| e.span.start == start + offset)
}

/// The path, from the site's root, of the page showing `element`, with the fragment that
/// opens its editor: in the book's first language (a book of several languages has each in
/// its folder). Go data, which no page shows, opens on the page of the first diagram after it.
pub fn page_path(a: &Analysis, element: usize) -> Option<String> {
    let (folder, shown) = shown_page(a, element)?;
    let el = &a.checked.doc.elements[element];
    let anchor = plan::anchor(el.id.as_ref().map(|i| i.name.as_str()), element);
    Some(format!(
        "{folder}{}#edit={anchor}",
        crate::escape::url::path(&shown)
    ))
}

/// The language folder (empty for a book of one language) and the page, in the book's
/// first language, that shows `element` or, for Go data, the first element after it.
fn shown_page(a: &Analysis, element: usize) -> Option<(String, String)> {
    let book = &a.checked.resolved.book;
    let lang = book.languages.first()?;
    let plan = plan::plan(book, lang);
    let shown = (element..a.checked.doc.elements.len()).find_map(|e| plan.file_of(e))?;
    let folder = if book.languages.len() > 1 {
        format!("{lang}/")
    } else {
        String::new()
    };
    Some((folder, shown.to_string()))
}

/// The arguments of [`COMMAND`]: the book and the page's path.
pub fn arguments(args: &[serde_json::Value]) -> Option<(PathBuf, String)> {
    match args {
        [book, page] => Some((PathBuf::from(book.as_str()?), page.as_str()?.to_string())),
        _ => None,
    }
}

/// Runs [`COMMAND`] and asks the editor to open the preview: the previews started, and the
/// `window/showDocument` requests not yet answered (a client without it gets the address as
/// a message to click instead).
pub struct Opener {
    previews: super::preview::Previews,
    asked: std::collections::HashMap<lsp_server::RequestId, String>,
    next: u64,
}

impl Opener {
    /// An opener whose previews are started by `previews`.
    pub fn new(previews: super::preview::Previews) -> Opener {
        Opener {
            previews,
            asked: Default::default(),
            next: 0,
        }
    }

    /// Answers `workspace/executeCommand` `r`: the answer, and the request to the editor
    /// to open the address.
    pub fn execute(
        &mut self,
        ws: &mut super::workspace::Workspace,
        r: lsp_server::Request,
    ) -> Vec<lsp_server::Message> {
        use lsp_server::{Message, Request, RequestId, Response};
        use lsp_types::request::Request as _;
        let failed = |msg: String| {
            vec![Message::Response(Response::new_err(
                r.id.clone(),
                lsp_server::ErrorCode::RequestFailed as i32,
                msg,
            ))]
        };
        let Ok(p) = serde_json::from_value::<lsp_types::ExecuteCommandParams>(r.params.clone())
        else {
            return failed("unreadable command".into());
        };
        let Some((book, page)) = arguments(&p.arguments).filter(|_| p.command == COMMAND) else {
            return failed(format!("gobook lsp has no command `{}`", p.command));
        };
        // Only a book the server knows is served: the command's arguments are the client's.
        if ws.book_of(&book).as_deref() != Some(book.as_path()) || !ws.knows(&book) {
            return failed(format!(
                "{} is not a book open in the editor",
                book.display()
            ));
        }
        let url = match self.previews.url(&book) {
            Ok(base) => format!("{base}{page}"),
            Err(e) => return failed(e),
        };
        self.next += 1;
        let id = RequestId::from(format!("gobook-show-{}", self.next));
        self.asked.insert(id.clone(), url.clone());
        let show = lsp_types::ShowDocumentParams {
            uri: url
                .parse()
                .unwrap_or_else(|_| "about:blank".parse().expect("a URI")),
            external: Some(true),
            take_focus: Some(true),
            selection: None,
        };
        vec![
            Message::Request(Request::new(
                id,
                lsp_types::request::ShowDocument::METHOD.into(),
                show,
            )),
            Message::Response(Response::new_ok(r.id, serde_json::Value::Null)),
        ]
    }

    /// The editor answered a request of ours: when it could not open the address, the
    /// address as a message instead.
    pub fn answered(&mut self, resp: &lsp_server::Response) -> Option<lsp_server::Message> {
        use lsp_types::notification::Notification as _;
        let url = self.asked.remove(&resp.id)?;
        let shown = resp
            .response_result
            .as_ref()
            .ok()
            .and_then(|v| v.get("success"))
            .and_then(|v| v.as_bool());
        if shown == Some(true) {
            return None;
        }
        Some(lsp_server::Message::Notification(
            lsp_server::Notification::new(
                lsp_types::notification::ShowMessage::METHOD.into(),
                lsp_types::ShowMessageParams {
                    typ: lsp_types::MessageType::INFO,
                    message: format!("The board editor is at {url}"),
                },
            ),
        ))
    }
}
