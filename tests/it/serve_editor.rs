//! The board editor of `gobook serve` (crates/gobook-serve/src/serve/editor): what its endpoints answer and refuse
//! over HTTP (token, Origin, Host, a changed file), that a save changes only the element's
//! attributes, and in Chromium (tests/browser/editor.mjs) moves, marks and a view clicked onto
//! a diagram and saved, the conflict, and a page of another local port that cannot write; the
//! control of a `::go` nothing is based on, in the page's flow, and of an inline `<dia>`, whose
//! save rewrites only its tag.

use crate::common;
use crate::serve::Server;
use std::path::{Path, PathBuf};
use std::time::Duration;

const BOOK: &str = "::book(#b) title=\"Editor test\"\n\n::chapter\n\n::h1 First\n\n::c A comment the editor keeps.\n::dia(#d1) sz=9 ab=\"C3 D4\" aw=E5\ntr=C3 ca=\"The caption\"\n\nAbout the diagram, and <dia mv=G3>a move</dia> after it.\n\n::prb sz=9 ab=\"C7 D7\" aw=\"C6 D6\" correct=E7\nBlack to play.\n\n::go(#game) mv=\"Q16 D4 Q3 D16 R5 C10\"\n\n::fig(#f1) at=1 to=4\n\n::p After the figure.\n\n::go(#spare) mv=\"K10 K11\"\n\n::p The end.\n";

/// The element `::dia(#d1)` as the browser test leaves it: a move of each colour, a second
/// triangle, a view; the rest of the file as it was.
const D1_AFTER: &str =
    "::dia(#d1) sz=9 ab=\"C3 D4\" aw=E5\ntr=\"C3 D4\" ca=\"The caption\" mv=\"F6 F7\" vw=\"B2 G7\"";

/// The game after the browser test opened it from the figure and played a move.
const GO_AFTER: &str = "::go(#game) mv=\"Q16 D4 Q3 D16 R5 C10 E3\"";

/// The figure after the browser test set `at` and `to` from the game's moves.
const FIG_AFTER: &str = "::fig(#f1) at=3 to=6";

/// The `::go` nothing is based on, after the browser test opened it from its control and
/// played a move.
const SPARE_AFTER: &str = "::go(#spare) mv=\"K10 K11 L12\"";

/// The inline diagram's tag as the book has it, and after the browser test played a move and
/// put a triangle on it.
const INLINE_BEFORE: &str = "<dia mv=G3>";
const INLINE_AFTER: &str = "<dia mv=\"G3 F4\" tr=G3>";

/// The problem after the browser test played a wrong line with a comment and a correct one.
const PRB_AFTER: &str =
    "::prb sz=9 ab=\"C7 D7\" aw=\"C6 D6\" correct=\"E7; E8\" wrong=\"D8 E7(White lives)\"\nBlack to play.";

fn book_dir() -> (tempfile::TempDir, PathBuf) {
    let tmp = common::tempdir();
    let d = tmp.path().join("book");
    std::fs::create_dir_all(&d).unwrap();
    std::fs::write(d.join("book.gobook"), BOOK).unwrap();
    (tmp, d)
}

/// The session's token, as the served pages carry it.
fn token(s: &Server) -> String {
    let (status, _, body) = s.get("/");
    assert_eq!(status, 200);
    let page = String::from_utf8_lossy(&body);
    let start = page
        .find("gobookEditor={token:\"")
        .expect("the page carries the editor")
        + 21;
    page[start..start + 32].to_string()
}

/// A POST of `body` to the editor, with these extra header lines; the status and body.
fn post(s: &Server, headers: &str, body: &str) -> (u16, String) {
    let (status, _, out) = s.request(&format!(
        "POST /__gobook/diagram HTTP/1.1\r\n{headers}Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    ));
    (status, String::from_utf8_lossy(&out).into_owned())
}

fn source_of(s: &Server, anchor: &str) -> String {
    let (status, _, body) = s.get(&format!("/__gobook/diagram?anchor={anchor}"));
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));
    let v: serde_json::Value = serde_json::from_slice(&body).unwrap();
    v["element"]["source"].as_str().unwrap().to_string()
}

#[test]
fn the_endpoint_answers_the_element_and_writes_only_with_token_origin_and_the_same_text() {
    let (_tmp, dir) = book_dir();
    let book = dir.join("book.gobook");
    let s = Server::start(&book, &[]);
    let token = token(&s);
    let host = s.addr();
    let origin = format!("http://{host}");

    let (status, _, body) = s.get("/__gobook/diagram?anchor=d1");
    assert_eq!(status, 200);
    let v: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(v["element"]["file"], "book.gobook");
    assert_eq!(v["element"]["line"], 8);
    assert_eq!(
        v["element"]["points"]["ab"],
        serde_json::json!(["C3", "D4"])
    );
    assert_eq!(v["position"]["size"], 9);
    assert_eq!(v["position"]["kind"], "dia");
    let source = v["element"]["source"].as_str().unwrap().to_string();
    assert!(source.starts_with("::dia(#d1)") && source.ends_with("ca=\"The caption\""));

    let body = serde_json::json!({ "anchor": "d1", "source": source, "changes": [["mv", "F6"], ["tr", null]] }).to_string();
    let ok_headers = format!("Host: {host}\r\nOrigin: {origin}\r\nX-Gobook-Token: {token}\r\n");
    for (headers, want, why) in [
        (
            format!("Host: {host}\r\nOrigin: {origin}\r\n"),
            403,
            "no token",
        ),
        (
            format!(
                "Host: {host}\r\nOrigin: {origin}\r\nX-Gobook-Token: {}\r\n",
                "0".repeat(32)
            ),
            403,
            "a wrong token",
        ),
        (
            format!("Host: {host}\r\nX-Gobook-Token: {token}\r\n"),
            403,
            "no Origin",
        ),
        (
            format!("Host: {host}\r\nOrigin: http://127.0.0.1:1\r\nX-Gobook-Token: {token}\r\n"),
            403,
            "another origin",
        ),
        (
            format!(
                "Host: evil.example\r\nOrigin: http://evil.example\r\nX-Gobook-Token: {token}\r\n"
            ),
            421,
            "another host",
        ),
    ] {
        let (status, text) = post(&s, &headers, &body);
        assert_eq!(status, want, "{why}: {text}");
        assert_eq!(
            std::fs::read_to_string(&book).unwrap(),
            BOOK,
            "{why} changed the book"
        );
    }
    let (status, text) = post(&s, &ok_headers, &body.replace("d1", "nothing"));
    assert_eq!(status, 404, "{text}");
    let stale = serde_json::json!({ "anchor": "d1", "source": source.replace("E5", "E6"), "changes": [["mv", "F6"]] }).to_string();
    let (status, text) = post(&s, &ok_headers, &stale);
    assert_eq!(status, 409, "{text}");
    assert!(
        text.contains("changed since the editor opened this diagram"),
        "{text}"
    );
    assert_eq!(std::fs::read_to_string(&book).unwrap(), BOOK);
    let (status, text) = post(
        &s,
        &ok_headers,
        &serde_json::json!({ "anchor": "d1", "source": source, "changes": [["a b", "x"]] })
            .to_string(),
    );
    assert_eq!(status, 422, "{text}");

    let (status, text) = post(&s, &ok_headers, &body);
    assert_eq!(status, 200, "{text}");
    let want = BOOK.replace("tr=C3 ca=\"The caption\"", "ca=\"The caption\" mv=F6");
    assert_eq!(std::fs::read_to_string(&book).unwrap(), want);
    // The watcher rebuilds as on any save, and the editor then opens on the new text.
    assert!(s.wait_for("Rebuilt", Duration::from_secs(20)).is_some());
    let end = std::time::Instant::now() + Duration::from_secs(10);
    while source_of(&s, "d1").contains("tr=") && std::time::Instant::now() < end {
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(source_of(&s, "d1").ends_with("mv=F6"));
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert!(
        leftovers
            .iter()
            .all(|n| !n.to_string_lossy().starts_with(".gobook-edit")),
        "{leftovers:?}"
    );
}

/// `text` is `before` with only the element that starts with `head` changed, to `element`.
fn only_element_changed(before: &str, text: &str, head: &str, element: &str) {
    let start = before.find(head).unwrap();
    let end = before[start..]
        .find("\n\n")
        .map_or(before.trim_end().len(), |i| start + i);
    assert_eq!(
        &text[..start],
        &before[..start],
        "the text before the element changed"
    );
    assert!(
        text[start..].starts_with(element),
        "the element is now:\n{}",
        &text[start..]
    );
    assert_eq!(
        &text[start + element.len()..],
        &before[end..],
        "the text after the element changed"
    );
}

/// The file as the script printed it after `marker`.
fn after_save<'a>(out: &'a str, marker: &str) -> &'a str {
    let start = out.find(marker).expect("the script printed the file") + marker.len();
    let end = out[start..].find("\n--- end").unwrap() + start;
    &out[start..end]
}

#[test]
fn the_board_editor_in_chromium() {
    if let Some(why) = common::browser_missing() {
        assert!(
            std::env::var_os("CI").is_none(),
            "browser tests cannot run under CI: {why}"
        );
        common::steps_aside(&format!("editor browser test: {why}; run scripts/setup.sh"));
        return;
    }
    let (tmp, dir) = book_dir();
    let book = dir.join("book.gobook");
    let s = Server::start(&book, &[]);
    let shots = common::screenshots(tmp.path());
    let (ok, out) = common::browser_script(
        "editor.mjs",
        &[
            std::ffi::OsStr::new(&s.url),
            book.as_os_str(),
            shots.as_os_str(),
        ],
    );
    assert!(
        ok && out.contains("all editor scenarios passed"),
        "editor scenarios failed"
    );
    let first = after_save(&out, "--- after save\n");
    only_element_changed(BOOK, first, "::dia(#d1)", D1_AFTER);
    let second = after_save(&out, "--- problem saved\n");
    only_element_changed(first, second, "::prb", PRB_AFTER);
    let third = after_save(&out, "--- figure saved\n");
    only_element_changed(second, third, "::fig", FIG_AFTER);
    let fourth = after_save(&out, "--- game saved\n");
    only_element_changed(third, fourth, "::go", GO_AFTER);
    let fifth = after_save(&out, "--- spare saved\n");
    only_element_changed(fourth, fifth, "::go(#spare)", SPARE_AFTER);
    assert_eq!(
        after_save(&out, "--- inline saved\n"),
        fifth.replacen(INLINE_BEFORE, INLINE_AFTER, 1),
        "the inline diagram's save changed more than its tag"
    );
    assert_screens(&shots);
}

fn assert_screens(dir: &Path) {
    for name in [
        "editor-desktop-light",
        "editor-desktop-dark",
        "editor-phone-light",
        "editor-phone-dark",
        "editor-go-control-1280",
        "editor-go-control-390",
        "editor-inline-control-1280",
        "editor-inline-control-390",
    ] {
        let p = dir.join(format!("{name}.png"));
        assert!(
            std::fs::metadata(&p).is_ok_and(|m| m.len() > 10_000),
            "{} missing",
            p.display()
        );
    }
}

#[test]
fn a_diagram_of_an_included_file_is_written_into_that_file() {
    let (_tmp, dir) = book_dir();
    let book = dir.join("book.gobook");
    let part = "::chapter\n\n::h1 Part\n\n::c A comment.\n::dia(#p1) sz=9 mv=D4\n\n::go(#pg) sz=9 mv=E5\n\n::p The end of the part.\n";
    std::fs::write(dir.join("part.gobook"), part).unwrap();
    std::fs::write(&book, format!("{BOOK}\n::include url=\"part.gobook\"\n")).unwrap();
    let s = Server::start(&book, &[]);
    let token = token(&s);
    let host = s.addr();
    let (status, _, body) = s.get("/__gobook/diagram?anchor=p1");
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));
    let v: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(v["element"]["file"], "part.gobook");
    assert_eq!(v["element"]["line"], 6);
    // Its `::go` is told at its line in its own file.
    let (_, _, go) = s.get("/__gobook/go?near=p1");
    let go: serde_json::Value = serde_json::from_slice(&go).unwrap();
    assert_eq!(go["go"][0]["anchor"], "pg", "{go}");
    assert_eq!(go["go"][0]["where"], "part.gobook:8");
    let source = v["element"]["source"].as_str().unwrap();
    let body =
        serde_json::json!({ "anchor": "p1", "source": source, "changes": [["mv", "D4 E5"]] })
            .to_string();
    let headers = format!("Host: {host}\r\nOrigin: http://{host}\r\nX-Gobook-Token: {token}\r\n");
    let (status, text) = post(&s, &headers, &body);
    assert_eq!(status, 200, "{text}");
    assert_eq!(
        std::fs::read_to_string(dir.join("part.gobook")).unwrap(),
        part.replace("mv=D4", "mv=\"D4 E5\"")
    );
    assert_eq!(
        std::fs::read_to_string(&book).unwrap(),
        format!("{BOOK}\n::include url=\"part.gobook\"\n")
    );
}

#[test]
fn a_save_keeps_the_byte_order_mark_the_line_ends_and_the_permissions() {
    let (_tmp, dir) = book_dir();
    let book = dir.join("book.gobook");
    let text = format!("\u{feff}{}", BOOK.replace('\n', "\r\n"));
    std::fs::write(&book, &text).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&book, std::fs::Permissions::from_mode(0o640)).unwrap();
    }
    let s = Server::start(&book, &[]);
    let token = token(&s);
    let host = s.addr();
    let source = source_of(&s, "d1");
    assert!(source.contains("\r\ntr=C3"), "{source:?}");
    let body =
        serde_json::json!({ "anchor": "d1", "source": source, "changes": [["tr", "C3 D4"]] })
            .to_string();
    let headers = format!("Host: {host}\r\nOrigin: http://{host}\r\nX-Gobook-Token: {token}\r\n");
    let (status, out) = post(&s, &headers, &body);
    assert_eq!(status, 200, "{out}");
    assert_eq!(
        std::fs::read_to_string(&book).unwrap(),
        text.replace("tr=C3 ", "tr=\"C3 D4\" ")
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&book).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
    }
}

/// The `id` of the element whose text starts with `text` in the served page `page`.
fn id_before(page: &str, text: &str) -> String {
    let at = page
        .find(&format!(">{text}"))
        .expect("the page shows the text");
    let open = page[..at].rfind("id=\"").unwrap() + 4;
    page[open..open + page[open..].find('"').unwrap()].to_string()
}

#[test]
fn every_go_is_placed_among_its_chapters_blocks_and_opens_in_the_editor() {
    let (_tmp, dir) = book_dir();
    let book = dir.join("book.gobook");
    let s = Server::start(&book, &[]);
    let (_, _, page) = s.get("/");
    let page = String::from_utf8_lossy(&page).into_owned();
    let (after, end) = (
        id_before(&page, "After the figure."),
        id_before(&page, "The end."),
    );
    let (status, _, body) = s.get(&format!("/__gobook/go?near=nothing,{after}"));
    assert_eq!(status, 200);
    let v: serde_json::Value = serde_json::from_slice(&body).unwrap();
    let blocks: Vec<&str> = v["blocks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b.as_str().unwrap())
        .collect();
    let go = v["go"].as_array().unwrap();
    assert_eq!(go.len(), 2, "{v}");
    // `#game` stands between the problem and the figure, `#spare` between the two paragraphs.
    let at = |g: &serde_json::Value| g["at"].as_u64().unwrap() as usize;
    assert_eq!(
        (go[0]["id"].as_str(), blocks[at(&go[0])]),
        (Some("game"), "f1")
    );
    assert_eq!(go[1]["anchor"], "spare");
    assert_eq!(go[1]["where"], "book.gobook:22");
    assert_eq!(go[1]["moves"], 2);
    assert_eq!(
        (blocks[at(&go[1]) - 1], blocks[at(&go[1])]),
        (after.as_str(), end.as_str())
    );
    let (_, _, body) = s.get("/__gobook/go?near=nothing");
    assert_eq!(
        serde_json::from_slice::<serde_json::Value>(&body).unwrap()["go"],
        serde_json::json!([])
    );
    let (status, _, body) = s.get("/__gobook/diagram?anchor=spare");
    assert_eq!(status, 200);
    let v: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(v["position"]["kind"], "go");
    assert_eq!(v["element"]["source"], "::go(#spare) mv=\"K10 K11\"");

    // One without an ID is named by its place; a page of a book with one gets the editor even
    // with no figure on it.
    std::fs::write(
        &book,
        "::book(#b)\n\n::chapter\n\n::p Before.\n\n::go mv=D4\n\n::p After.\n",
    )
    .unwrap();
    assert!(s.wait_for("Rebuilt", Duration::from_secs(20)).is_some());
    let end = std::time::Instant::now() + Duration::from_secs(10);
    let page = loop {
        let (_, _, page) = s.get("/");
        let page = String::from_utf8_lossy(&page).into_owned();
        if page.contains(">Before.") || std::time::Instant::now() > end {
            break page;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    assert!(
        page.contains("gobookEditor={token:"),
        "no editor on the page"
    );
    let before = id_before(&page, "Before.");
    let (_, _, body) = s.get(&format!("/__gobook/go?near={before}"));
    let v: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(v["go"][0]["id"], serde_json::Value::Null, "{v}");
    assert_eq!(v["go"][0]["where"], "book.gobook:7");
    assert_eq!(v["go"][0]["at"], 1);
    let anchor = v["go"][0]["anchor"].as_str().unwrap();
    assert_eq!(source_of(&s, anchor), "::go mv=D4");
}

#[test]
fn an_inline_diagram_is_written_inside_its_tag_with_the_conflict_check() {
    let (_tmp, dir) = book_dir();
    let book = dir.join("book.gobook");
    let s = Server::start(&book, &[]);
    let token = token(&s);
    let host = s.addr();
    let (_, _, page) = s.get("/");
    let page = String::from_utf8_lossy(&page).into_owned();
    let start = page
        .find("href=\"#gb-inline-")
        .expect("the inline diagram's link")
        + 7;
    let anchor = &page[start..start + page[start..].find('"').unwrap()];
    let (status, _, body) = s.get(&format!("/__gobook/diagram?anchor={anchor}"));
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));
    let v: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(v["position"]["inline"], true);
    assert_eq!(v["position"]["base_anchor"], "d1");
    assert_eq!(v["element"]["attrs"], serde_json::json!([["mv", "G3"]]));
    assert_eq!(v["element"]["line"], 11);
    let source = v["element"]["source"].as_str().unwrap().to_string();
    assert!(source.starts_with("About the diagram"), "{source}");

    let headers = format!("Host: {host}\r\nOrigin: http://{host}\r\nX-Gobook-Token: {token}\r\n");
    let changes = serde_json::json!([["mv", "G3 F4"], ["tr", "G3"]]);
    // The paragraph changed in the file since the editor opened it: refused, nothing written.
    let stale = serde_json::json!({ "anchor": anchor, "source": source.replace("after", "before"), "changes": changes });
    let (status, text) = post(&s, &headers, &stale.to_string());
    assert_eq!(status, 409, "{text}");
    assert_eq!(std::fs::read_to_string(&book).unwrap(), BOOK);
    let body = serde_json::json!({ "anchor": anchor, "source": source, "changes": changes });
    let (status, text) = post(&s, &headers, &body.to_string());
    assert_eq!(status, 200, "{text}");
    assert_eq!(
        std::fs::read_to_string(&book).unwrap(),
        BOOK.replacen(INLINE_BEFORE, INLINE_AFTER, 1)
    );
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        v["element"]["attrs"],
        serde_json::json!([["mv", "G3 F4"], ["tr", "G3"]])
    );
}
