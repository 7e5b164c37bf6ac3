//! The HTTP side of `serve`: the site from memory, images from the book's folder
//! (and nowhere else), the live-reload event stream, and the error overlay.

use crate::serve::editor;
use crate::serve::state::{Shared, Snapshot};
use axum::body::Body;
use axum::extract::State;
use axum::http::{header, HeaderValue, StatusCode, Uri};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use futures_util::StreamExt;
use std::convert::Infallible;
use std::path::{Component, Path};
use tokio::sync::broadcast;

/// The script every served page carries.
const RELOAD_JS: &str = include_str!("reload.js");

/// A message to the open pages.
#[derive(Clone, Debug)]
pub enum Signal {
    /// The new site is in place: reload.
    Reload,
    /// Only the style sheet changed: swap it.
    Css,
    /// The book has errors: show this overlay.
    Errors(String),
}

/// What the handlers share.
#[derive(Clone)]
pub struct App {
    /// The served site.
    pub site: Shared,
    /// Signals to the pages.
    pub signals: broadcast::Sender<Signal>,
    /// Ends open event streams when the server stops.
    pub shutdown: tokio::sync::watch::Receiver<bool>,
    /// The address the server was told to listen on (`--host`).
    pub host: String,
    /// The board editor's write token of this run, put into the pages served (None: no
    /// randomness to make one, and the editor is off).
    pub token: Option<String>,
    /// What the last build read: the only files the editor writes.
    pub inputs: crate::serve::rebuild::SharedInputs,
}

/// The routes, behind the Host check.
pub fn router(app: App) -> Router {
    let host = app.host.clone();
    Router::new()
        .route("/__gobook/events", get(events))
        .route("/__gobook/diagram", get(editor::diagram).post(editor::save))
        .route("/__gobook/go", get(editor::go_data))
        .fallback(get(file))
        .with_state(app)
        .layer(axum::middleware::from_fn(
            move |req: axum::extract::Request, next: axum::middleware::Next| {
                let allowed = host_allowed(
                    req.headers()
                        .get(header::HOST)
                        .and_then(|h| h.to_str().ok()),
                    &host,
                );
                async move {
                    if allowed {
                        next.run(req).await
                    } else {
                        misdirected()
                    }
                }
            },
        ))
}

/// Whether a request's Host header names this server: `localhost`, `127.0.0.1`, `[::1]` or
/// the `--host` address, with any port (a tunnel may forward another one). A page of another
/// site that a DNS trick points at 127.0.0.1 names its own domain, and is refused; when the
/// server listens on every address (0.0.0.0, ::), any address of the machine names it, so
/// any IP address is accepted, but still no other name.
pub fn host_allowed(header: Option<&str>, listen: &str) -> bool {
    let Some(header) = header else { return false };
    let name = match header.strip_prefix('[') {
        // [::1]:3000
        Some(rest) => match rest.split_once(']') {
            Some((ip, port)) if port.is_empty() || port.strip_prefix(':').is_some_and(is_port) => {
                ip
            }
            _ => return false,
        },
        None => match header.rsplit_once(':') {
            Some((name, port)) if is_port(port) => name,
            Some(_) => return false,
            None => header,
        },
    };
    let name = name.to_ascii_lowercase();
    let ip = name.parse::<std::net::IpAddr>().ok();
    let listen_ip = listen.parse::<std::net::IpAddr>().ok();
    name == "localhost"
        || name == "127.0.0.1"
        || name == "::1"
        || name == listen.to_ascii_lowercase()
        || (ip.is_some() && ip == listen_ip)
        || (ip.is_some() && listen_ip.is_some_and(|l| l.is_unspecified()))
}

fn is_port(s: &str) -> bool {
    !s.is_empty() && s.len() <= 5 && s.bytes().all(|b| b.is_ascii_digit())
}

fn misdirected() -> Response {
    let text = "gobook serve answers only to the address it listens on (localhost or 127.0.0.1 by default): open the address it printed.\n";
    let mut r = (StatusCode::MISDIRECTED_REQUEST, text).into_response();
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    r
}

/// `GET /__gobook/events`: the signals of the rebuilds to come, as server-sent events;
/// `?standing` (asked by a page served without the overlay) first the errors that stand.
async fn events(
    State(app): State<App>,
    uri: Uri,
) -> Sse<impl futures_util::Stream<Item = Result<Event, Infallible>>> {
    let mut stop = app.shutdown.clone();
    let signals = tokio_stream::wrappers::BroadcastStream::new(app.signals.subscribe());
    // A page served just before a build failed subscribes after that build's signal went
    // out: it is sent the errors that stand first (subscribed before looking, so none is
    // missed; one sent twice only puts the same overlay up again). A page served with the
    // overlay does not ask, so that one its reader closed does not come back.
    let asks = uri
        .query()
        .is_some_and(|q| q.split('&').any(|p| p == "standing"));
    let standing = asks
        .then(|| app.site.get().overlay.clone())
        .flatten()
        .map(|o| Ok(Signal::Errors(o)));
    let stream = futures_util::stream::iter(standing)
        .chain(signals)
        .filter_map(|s| async move {
            let ev = match s.ok()? {
                Signal::Reload => Event::default().event("reload").data("1"),
                Signal::Css => Event::default().event("css").data("1"),
                Signal::Errors(html) => Event::default()
                    .event("errors")
                    .data(html.replace('\n', "&#10;")),
            };
            Some(Ok(ev))
        })
        .take_until(async move {
            let _ = stop.wait_for(|s| *s).await;
        });
    Sse::new(stream).keep_alive(KeepAlive::default())
}

/// Turns a request path into a site path, refusing anything that could leave the site.
pub fn site_path(raw: &str) -> Option<String> {
    let decoded = percent_encoding::percent_decode_str(raw)
        .decode_utf8()
        .ok()?;
    if decoded.contains('\\') || decoded.contains('\0') {
        return None;
    }
    let mut parts = Vec::new();
    for c in Path::new(decoded.trim_start_matches('/')).components() {
        match c {
            Component::Normal(p) => parts.push(p.to_str()?.to_string()),
            Component::CurDir => {}
            _ => return None,
        }
    }
    let mut path = parts.join("/");
    if path.is_empty() || decoded.ends_with('/') {
        if !path.is_empty() {
            path.push('/');
        }
        path.push_str("index.html");
    }
    Some(path)
}

/// The content type of a file name.
pub fn content_type(path: &str) -> &'static str {
    if let Some(kind) = crate::project::images::ImageKind::of_name(path) {
        return kind.media_type();
    }
    let ext = path
        .rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .unwrap_or_default();
    match ext.as_str() {
        "html" | "htm" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "json" => "application/json",
        "txt" | "md" => "text/plain; charset=utf-8",
        "woff2" => "font/woff2",
        "epub" => "application/epub+zip",
        _ => "application/octet-stream",
    }
}

async fn file(State(app): State<App>, uri: Uri) -> Response {
    let snap = app.site.get();
    let Some(path) = site_path(uri.path()) else {
        return not_found(&snap);
    };
    let path =
        if snap.files.contains_key(&path) || snap.images.contains(&path) || path.contains('.') {
            path
        } else {
            format!("{path}.html")
        };
    if let Some(bytes) = snap.files.get(&path) {
        if path.ends_with(".html") {
            let page = html(StatusCode::OK, inject(bytes, &snap, app.token.as_deref()));
            if let Some(placed) = snap.placed.filter(|_| crate::timings::on()) {
                let ms = placed.elapsed().as_secs_f64() * 1000.0;
                eprintln!("  serve: {path} served {ms:.1} ms after the site was put in place");
            }
            return page;
        }
        return ok(&path, Body::from(bytes.as_ref().clone()));
    }
    if snap.images.contains(&path) {
        if let Some(bytes) = read_inside(&snap.book_dir, &path) {
            return ok(&path, Body::from(bytes));
        }
    }
    if snap.files.is_empty() && path == "index.html" {
        // The first build failed: a page that carries the overlay until the book is fixed.
        let page = b"<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>gobook</title></head><body><p>Waiting for the book to build.</p></body></html>";
        return html(StatusCode::OK, inject(page, &snap, app.token.as_deref()));
    }
    not_found(&snap)
}

/// Reads a file of the book's folder, refusing anything that resolves outside it (symlinks included).
fn read_inside(dir: &Path, rel: &str) -> Option<Vec<u8>> {
    let root = dir.canonicalize().ok()?;
    let full = root.join(rel).canonicalize().ok()?;
    if !full.starts_with(&root) {
        return None;
    }
    std::fs::read(full).ok()
}

/// Adds the live-reload script, the overlay when the book has errors and the warnings
/// panel when it has warnings, before `</body>`.
fn inject(page: &[u8], snap: &Snapshot, token: Option<&str>) -> Vec<u8> {
    let text = String::from_utf8_lossy(page);
    // The script asks for the errors that stand unless the page carries them (reload.js).
    let served = if snap.overlay.is_some() {
        " data-gobook-served-overlay"
    } else {
        ""
    };
    let mut extra = format!("<script{served}>{RELOAD_JS}</script>");
    // The board editor, with the token a write needs (hex: nothing to escape), on pages
    // with diagrams the editor may change: figures, inline diagrams, and (a `::go` drawing
    // nothing) any page of a book with Go data.
    let editable = text.contains("gb-fig")
        || text.contains("gb-dia-link")
        || (snap.targets.has_go() && text.contains("<main"));
    if let Some(token) = token.filter(|_| !snap.targets.is_empty() && editable) {
        extra.push_str(&format!(
            "<script>window.gobookEditor={{token:\"{token}\"}};</script><script>{}</script>",
            editor::EDITOR_JS
        ));
    }
    if let Some(o) = &snap.overlay {
        extra.push_str(o);
    }
    if let Some(w) = &snap.warnings {
        extra.push_str(w);
    }
    match text.rfind("</body>") {
        Some(i) => format!("{}{extra}{}", &text[..i], &text[i..]).into_bytes(),
        None => format!("{text}{extra}").into_bytes(),
    }
}

fn ok(path: &str, body: Body) -> Response {
    let mut r = Response::new(body);
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(content_type(path)),
    );
    r.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    r
}

fn html(status: StatusCode, body: Vec<u8>) -> Response {
    let mut r = (status, body).into_response();
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    r.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    r
}

fn not_found(snap: &Snapshot) -> Response {
    let page = b"<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Not found</title><link rel=\"stylesheet\" href=\"/style.css\"></head><body class=\"gb-page\"><main class=\"gb-main\"><h2>Not found</h2><p>This page is not part of the book. <a href=\"/index.html\">Go to the start.</a></p></main></body></html>";
    html(StatusCode::NOT_FOUND, inject(page, snap, None))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_stay_inside_the_site() {
        assert_eq!(site_path("/").as_deref(), Some("index.html"));
        assert_eq!(site_path("/en/").as_deref(), Some("en/index.html"));
        assert_eq!(site_path("/en/game.html").as_deref(), Some("en/game.html"));
        assert_eq!(site_path("/img/a%20b.png").as_deref(), Some("img/a b.png"));
        for bad in [
            "/../etc/passwd",
            "/en/../../x",
            "/%2e%2e/x",
            "/%2E%2E%2Fx",
            "/a\\..\\b",
            "/a%5c..%5cb",
            "/a%00b",
            "/%ff",
        ] {
            assert_eq!(site_path(bad), None, "{bad}");
        }
    }

    #[test]
    fn only_this_server_s_names_pass_the_host_check() {
        for ok in [
            "localhost",
            "localhost:3000",
            "LocalHost:80",
            "127.0.0.1",
            "127.0.0.1:3000",
            "[::1]",
            "[::1]:3000",
        ] {
            assert!(host_allowed(Some(ok), "127.0.0.1"), "{ok}");
        }
        for bad in [
            "evil.example",
            "evil.example:3000",
            "localhost.evil.example",
            "127.0.0.1.nip.io:3000",
            "10.0.0.1:3000",
            "localhost:",
            "localhost:x",
            "[::1",
            "[::1]x",
            "",
        ] {
            assert!(!host_allowed(Some(bad), "127.0.0.1"), "{bad}");
        }
        assert!(!host_allowed(None, "127.0.0.1"), "no Host header");
        assert!(host_allowed(Some("192.168.1.5:3000"), "192.168.1.5"));
        assert!(!host_allowed(Some("192.168.1.6:3000"), "192.168.1.5"));
        assert!(
            host_allowed(Some("192.168.1.5:3000"), "0.0.0.0")
                && host_allowed(Some("[fe80::1]:3000"), "::")
        );
        assert!(!host_allowed(Some("evil.example:3000"), "0.0.0.0"));
    }

    #[test]
    fn content_types() {
        assert_eq!(content_type("a.html"), "text/html; charset=utf-8");
        assert_eq!(content_type("style.css"), "text/css; charset=utf-8");
        assert_eq!(content_type("x.SVG"), "image/svg+xml");
        assert_eq!(content_type("noext"), "application/octet-stream");
    }
}
