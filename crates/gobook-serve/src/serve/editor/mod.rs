//! The board editor of the preview: every diagram of a served page gets an edit control
//! (`editor.js`, injected only by serve: the built site is unchanged), which opens a board on
//! the diagram's position and saves the author's moves, stones, marks, labels and view into the
//! element's attributes in its source file.
//!
//! `GET /__gobook/diagram?anchor=A` answers with the element the figure `A` of the pages comes
//! from (file, text, attributes) and the position the page drew, as JSON. `POST` to the same
//! path writes: only with the session's token (in the script of the pages this server serves,
//! which a page of another origin cannot read), an `Origin` naming this server, for an element
//! of a file the book reads, and only when the element is still the text the editor opened.
//! An inline diagram is opened by its pop-over's anchor and written inside its `<dia>` tag.
//!
//! A `::go` draws nothing, so the page has no figure to put its control on: `GET
//! /__gobook/go?near=A,B` answers, for the chapter of the first of the page's block anchors
//! `A`, `B` that has one, where its `::go` elements stand among its blocks.

pub mod save;
pub mod targets;

use crate::format::edit::AttrChange;
use crate::serve::http::App;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use save::SaveError;
use serde::Deserialize;

/// The page's side of the editor, injected after the live-reload script.
pub const EDITOR_JS: &str = include_str!("editor.js");

/// The header that carries the session's token.
pub const TOKEN_HEADER: &str = "x-gobook-token";

/// A fresh token for one run of the server: 128 bits from the system's randomness, in hex.
/// None when the system has none to give; then the editor is off (pages get no token).
pub fn new_token() -> Option<String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).ok()?;
    Some(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// What the editor sends to save.
#[derive(Deserialize)]
struct SaveBody {
    /// The figure's anchor on the page.
    anchor: String,
    /// The element's text when the editor opened it.
    source: String,
    /// Attribute name and new value (null: remove it).
    changes: Vec<(String, Option<String>)>,
}

fn json(status: StatusCode, value: &serde_json::Value) -> Response {
    let mut r = (status, value.to_string()).into_response();
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    r.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

fn error(status: StatusCode, message: &str) -> Response {
    json(status, &serde_json::json!({ "error": message }))
}

/// The value of `name` in a URL's query.
fn query_value(uri: &Uri, name: &str) -> Option<String> {
    uri.query()?.split('&').find_map(|pair| {
        let (k, v) = pair.split_once('=')?;
        (k == name).then(|| {
            percent_encoding::percent_decode_str(&v.replace('+', " "))
                .decode_utf8_lossy()
                .into_owned()
        })
    })
}

/// `GET /__gobook/diagram?anchor=A`: the element and position of the figure `A`.
pub async fn diagram(State(app): State<App>, uri: Uri) -> Response {
    let Some(anchor) = query_value(&uri, "anchor") else {
        return error(StatusCode::BAD_REQUEST, "name the diagram: ?anchor=ID");
    };
    let snap = app.site.get();
    let Some(target) = snap.targets.get(&anchor).cloned() else {
        return error(
            StatusCode::NOT_FOUND,
            &format!("no diagram `{anchor}` in the last good build"),
        );
    };
    let read =
        tokio::task::spawn_blocking(move || save::current(&target).map(|c| (c, target))).await;
    match read {
        Ok(Ok((Some(current), target))) => json(
            StatusCode::OK,
            &serde_json::json!({ "element": current, "position": target.position() }),
        ),
        Ok(Ok((None, _))) => error(
            StatusCode::CONFLICT,
            "the file changed and no diagram stands there now: the page reloads when the book is rebuilt",
        ),
        Ok(Err(e)) => error(StatusCode::INTERNAL_SERVER_ERROR, &e.to_string()),
        Err(_) => error(StatusCode::INTERNAL_SERVER_ERROR, "the server is stopping"),
    }
}

/// `GET /__gobook/go?near=A,B,...`: the `::go` elements of the chapter that the first of the
/// anchors `A`, `B`, ... (a page's blocks) belongs to, and that chapter's blocks, as JSON;
/// `{"go": []}` when none of them is in a chapter with a `::go`.
pub async fn go_data(State(app): State<App>, uri: Uri) -> Response {
    let near = query_value(&uri, "near").unwrap_or_default();
    let snap = app.site.get();
    match snap
        .targets
        .go_near(near.split(',').filter(|a| !a.is_empty()))
    {
        Some(chapter) => json(StatusCode::OK, &serde_json::json!(chapter)),
        None => json(
            StatusCode::OK,
            &serde_json::json!({ "blocks": [], "go": [] }),
        ),
    }
}

/// Whether a write comes from a page this server served: the token it put into its pages, and
/// an `Origin` that is this server (`Host` passed its check already).
fn authorized(app: &App, headers: &HeaderMap) -> Result<(), &'static str> {
    let token = app
        .token
        .as_deref()
        .ok_or("the editor is off: the system gave no randomness for its token")?;
    let given = headers.get(TOKEN_HEADER).and_then(|v| v.to_str().ok());
    if !given.is_some_and(|g| same(g.as_bytes(), token.as_bytes())) {
        return Err("a write needs the token of this preview's pages");
    }
    let origin = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok());
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok());
    match (origin, host) {
        (Some(o), Some(h)) if o == format!("http://{h}") => Ok(()),
        _ => Err("a write is taken only from a page of this preview (its Origin)"),
    }
}

/// Compares in time that does not depend on where the bytes differ.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// `POST /__gobook/diagram`: writes the editor's changes into the element's file.
pub async fn save(State(app): State<App>, headers: HeaderMap, body: Bytes) -> Response {
    if let Err(why) = authorized(&app, &headers) {
        return error(StatusCode::FORBIDDEN, why);
    }
    let Ok(body) = serde_json::from_slice::<SaveBody>(&body) else {
        return error(StatusCode::BAD_REQUEST, "the body is not the editor's JSON");
    };
    let snap = app.site.get();
    let Some(target) = snap.targets.get(&body.anchor).cloned() else {
        return error(
            StatusCode::NOT_FOUND,
            &format!("no diagram `{}` in the last good build", body.anchor),
        );
    };
    // Only a file the book reads: the targets come from the build, and the build's inputs say so.
    let read_by_book = app
        .inputs
        .read()
        .is_ok_and(|i| i.paths().any(|p| *p == target.file.rel));
    if !read_by_book {
        return error(
            StatusCode::FORBIDDEN,
            "the editor writes only files the book reads",
        );
    }
    let changes: Vec<AttrChange> = body
        .changes
        .into_iter()
        .map(|(name, value)| AttrChange { name, value })
        .collect();
    let done =
        tokio::task::spawn_blocking(move || save::save(&target, &body.source, &changes)).await;
    match done {
        Ok(Ok(current)) => json(StatusCode::OK, &serde_json::json!({ "element": current })),
        Ok(Err(e @ SaveError::Conflict(_))) => error(StatusCode::CONFLICT, &e.to_string()),
        Ok(Err(e @ SaveError::Refused(_))) => {
            error(StatusCode::UNPROCESSABLE_ENTITY, &e.to_string())
        }
        Ok(Err(e)) => error(StatusCode::INTERNAL_SERVER_ERROR, &e.to_string()),
        Err(_) => error(StatusCode::INTERNAL_SERVER_ERROR, "the server is stopping"),
    }
}
