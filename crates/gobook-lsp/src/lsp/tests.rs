//! The handlers over a real book with an included file, in a temporary folder: each
//! answer as an editor would get it.

use super::workspace::Workspace;
use super::*;
use lsp_types::*;
use std::path::{Path, PathBuf};

const BOOK: &str = "::book(#b) title=\"T\"

::chapter(#one)

::h2 One

::go(#game) mv=D4Q16D16Q4

::fig(#f1) base=game at=1 to=4 ca=\"Figure 1\" tr=Q16

::p ref=f1 See #btp# and <a href=pd>the problem</a>.

::include url=\"part.gobook\"

::diagram base=game

::dia base=gme at=1 shwoCoords=1
";

const PART: &str = "::prb(#pd) base=none sz=9 ab=C3 aw=D3 correct=\"D4\"

::p ref=pd Black captures.
";

/// A book and its included file on disk, the book open in the workspace.
fn setup() -> (tempfile::TempDir, PathBuf, PathBuf, Workspace) {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("book.gobook");
    let part = dir.path().join("part.gobook");
    std::fs::write(&book, BOOK).unwrap();
    std::fs::write(&part, PART).unwrap();
    let mut ws = Workspace::default();
    ws.open(book.clone(), BOOK.to_string());
    (dir, book, part, ws)
}

fn at(path: &Path, text: &str, needle: &str, plus: u32) -> TextDocumentPositionParams {
    let t = text::Text::new(text.to_string());
    let mut p = t.position(text.find(needle).unwrap());
    p.character += plus;
    TextDocumentPositionParams::new(TextDocumentIdentifier::new(uri::from_path(path)), p)
}

fn hover_text(ws: &mut Workspace, pos: TextDocumentPositionParams) -> String {
    let h = hover::hover(
        ws,
        HoverParams {
            text_document_position_params: pos,
            work_done_progress_params: Default::default(),
        },
    )
    .unwrap()
    .expect("a hover");
    match h.contents {
        HoverContents::Markup(m) => m.value,
        _ => panic!("markdown expected"),
    }
}

#[test]
fn diagnostics_are_check_s_in_each_file() {
    let (_d, book, part, mut ws) = setup();
    let notes = problems::publish(
        &mut ws,
        std::slice::from_ref(&book),
        &mut Default::default(),
    );
    let params: Vec<PublishDiagnosticsParams> = notes
        .into_iter()
        .map(|n| serde_json::from_value(n.params).unwrap())
        .collect();
    let of = |p: &Path| params.iter().find(|x| x.uri == uri::from_path(p)).unwrap();
    let codes: Vec<String> = of(&book)
        .diagnostics
        .iter()
        .map(|d| match &d.code {
            Some(NumberOrString::String(s)) => s.clone(),
            _ => String::new(),
        })
        .collect();
    assert_eq!(
        codes,
        ["unknown-element", "unknown-id", "unknown-attribute"]
    );
    assert_eq!(of(&book).diagnostics[1].range.start, Position::new(16, 11));
    // The included file is published too (clean here); an error typed into it shows there.
    assert!(of(&part).diagnostics.is_empty());
    ws.open(part.clone(), PART.replace("ab=C3", "ab=Z99"));
    let notes = problems::publish(
        &mut ws,
        std::slice::from_ref(&part),
        &mut Default::default(),
    );
    let p: Vec<PublishDiagnosticsParams> = notes
        .into_iter()
        .map(|n| serde_json::from_value(n.params).unwrap())
        .collect();
    let inc = p.iter().find(|x| x.uri == uri::from_path(&part)).unwrap();
    assert_eq!(inc.diagnostics.len(), 1, "{:?}", inc.diagnostics);
    assert_eq!(inc.diagnostics[0].range.start.line, 0);
}

#[test]
fn did_you_mean_fixes_are_code_actions() {
    let (_d, book, _p, mut ws) = setup();
    let acts = actions::code_actions(
        &mut ws,
        CodeActionParams {
            text_document: TextDocumentIdentifier::new(uri::from_path(&book)),
            range: Range::new(Position::new(0, 0), Position::new(99, 0)),
            context: Default::default(),
            work_done_progress_params: Default::default(),
            partial_result_params: Default::default(),
        },
    )
    .unwrap()
    .unwrap();
    let mut fixed = BOOK.to_string();
    let t = text::Text::new(BOOK.to_string());
    let mut edits: Vec<(usize, usize, String)> = Vec::new();
    for a in &acts {
        let CodeActionOrCommand::CodeAction(a) = a else {
            panic!()
        };
        for e in a
            .edit
            .as_ref()
            .unwrap()
            .changes
            .as_ref()
            .unwrap()
            .values()
            .flatten()
        {
            edits.push((
                t.offset(e.range.start),
                t.offset(e.range.end),
                e.new_text.clone(),
            ));
        }
    }
    edits.sort();
    for (s, e, n) in edits.into_iter().rev() {
        fixed.replace_range(s..e, &n);
    }
    assert!(fixed.contains("\n::dia base=game\n"), "{fixed}");
    assert!(
        fixed.contains("::dia base=game at=1 showCoords=1"),
        "{fixed}"
    );
    assert!(crate::check::check(&fixed)
        .diagnostics
        .iter()
        .all(|d| d.code == crate::diagnostics::Code::UnknownLink));
}

#[test]
fn hover_shows_the_diagram_points_texts_and_meanings() {
    let (_d, book, _p, mut ws) = setup();
    let fig = hover_text(&mut ws, at(&book, BOOK, "fig(#f1)", 1));
    assert!(fig.contains("![Figure 1"), "{fig}");
    assert!(fig.contains("data:image/svg+xml;base64,"), "{fig}");
    let b64 = fig
        .split("base64,")
        .nth(1)
        .unwrap()
        .split(')')
        .next()
        .unwrap();
    use base64::Engine;
    let svg = String::from_utf8(
        base64::engine::general_purpose::STANDARD
            .decode(b64)
            .unwrap(),
    )
    .unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("Figure 1"), "{svg}");
    let pt = hover_text(&mut ws, at(&book, BOOK, "Q16\n", 1));
    assert!(
        pt.contains("**Q16**") && pt.contains("White plays move 2"),
        "{pt}"
    );
    let std = hover_text(&mut ws, at(&book, BOOK, "#btp#", 2));
    assert!(std.contains("Black to play"), "{std}");
    let attr = hover_text(&mut ws, at(&book, BOOK, "ca=\"Figure", 0));
    assert!(attr.contains("**ca** (Diagram)"), "{attr}");
}

fn labels(ws: &mut Workspace, path: &Path, text: &str, needle: &str, plus: u32) -> Vec<String> {
    let r = completion::complete(
        ws,
        CompletionParams {
            text_document_position: at(path, text, needle, plus),
            work_done_progress_params: Default::default(),
            partial_result_params: Default::default(),
            context: None,
        },
    )
    .unwrap();
    match r {
        Some(CompletionResponse::Array(items)) => items.into_iter().map(|i| i.label).collect(),
        _ => Vec::new(),
    }
}

#[test]
fn completion_knows_names_attributes_ids_languages_and_texts() {
    let (_d, book, _p, mut ws) = setup();
    let text = BOOK.replace(
        "::h2 One",
        "::fi\n\n::fig sh\n\n::p_d\n\n::fig base=\n\n::p #bt",
    );
    ws.open(book.clone(), text.clone());
    let names = labels(&mut ws, &book, &text, "::fi\n", 4);
    assert!(names.contains(&"fig".to_string()) && names.contains(&"de".to_string()));
    let attrs = labels(&mut ws, &book, &text, "::fig sh", 8);
    assert!(attrs.contains(&"showCoords".to_string()) && attrs.contains(&"mv".to_string()));
    assert!(!attrs.contains(&"url".to_string()));
    assert_eq!(
        labels(&mut ws, &book, &text, "::p_d", 5).len(),
        schema_languages()
    );
    let ids = labels(&mut ws, &book, &text, "::fig base=", 11);
    for id in ["game", "f1", "pd", "one"] {
        assert!(ids.contains(&id.to_string()), "{ids:?}");
    }
    assert!(labels(&mut ws, &book, &text, "::p #bt", 7).contains(&"btp".to_string()));
}

fn schema_languages() -> usize {
    crate::format::schema::LANGUAGES.len()
}

#[test]
#[allow(clippy::mutable_key_type)] // the protocol's `Uri` keys (see navigate::rename)
fn definition_references_and_rename_cross_the_include() {
    let (_d, book, part, mut ws) = setup();
    let def = navigate::definition(
        &mut ws,
        GotoDefinitionParams {
            text_document_position_params: at(&book, BOOK, "pd>the", 0),
            work_done_progress_params: Default::default(),
            partial_result_params: Default::default(),
        },
    )
    .unwrap();
    let Some(GotoDefinitionResponse::Array(locs)) = def else {
        panic!("{def:?}")
    };
    assert_eq!(locs[0].uri, uri::from_path(&part));
    assert_eq!(locs[0].range.start, Position::new(0, 7));
    let refs = navigate::references(
        &mut ws,
        ReferenceParams {
            text_document_position: at(&book, BOOK, "game) mv", 0),
            context: ReferenceContext {
                include_declaration: true,
            },
            work_done_progress_params: Default::default(),
            partial_result_params: Default::default(),
        },
    )
    .unwrap()
    .unwrap();
    // `(#game)`, `base=game` of the figure and of `::diagram`.
    assert_eq!(refs.len(), 3, "{refs:?}");
    let edit = navigate::rename(
        &mut ws,
        RenameParams {
            text_document_position: at(&book, BOOK, "pd>the", 1),
            new_name: "ko-problem".into(),
            work_done_progress_params: Default::default(),
        },
    )
    .unwrap()
    .unwrap();
    let changes = edit.changes.unwrap();
    assert_eq!(changes[&uri::from_path(&book)].len(), 1);
    assert_eq!(changes[&uri::from_path(&part)].len(), 2);
    // The include's url leads to the file.
    let inc = navigate::definition(
        &mut ws,
        GotoDefinitionParams {
            text_document_position_params: at(&book, BOOK, "part.gobook", 2),
            work_done_progress_params: Default::default(),
            partial_result_params: Default::default(),
        },
    )
    .unwrap();
    assert!(
        matches!(inc, Some(GotoDefinitionResponse::Scalar(l)) if l.uri == uri::from_path(&part))
    );
}

#[test]
fn outline_and_formatting() {
    let (_d, book, _p, mut ws) = setup();
    let Some(DocumentSymbolResponse::Nested(syms)) = symbols::symbols(
        &mut ws,
        DocumentSymbolParams {
            text_document: TextDocumentIdentifier::new(uri::from_path(&book)),
            work_done_progress_params: Default::default(),
            partial_result_params: Default::default(),
        },
    )
    .unwrap() else {
        panic!()
    };
    let names: Vec<&str> = syms.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["book #b", "chapter #one"]);
    let kids: Vec<&str> = syms[1]
        .children
        .as_ref()
        .unwrap()
        .iter()
        .map(|s| s.name.as_str())
        .collect();
    assert_eq!(
        kids,
        [
            "h2 One",
            "go #game",
            "fig #f1",
            "include part.gobook",
            "dia"
        ]
    );
    let messy = "::book(#b)   title=T\n::chapter(#c)\n::dia ab=c3\n";
    ws.open(book.clone(), messy.into());
    let edits = actions::format(
        &mut ws,
        DocumentFormattingParams {
            text_document: TextDocumentIdentifier::new(uri::from_path(&book)),
            options: Default::default(),
            work_done_progress_params: Default::default(),
        },
    )
    .unwrap()
    .unwrap();
    let crate::format::writer::Formatted::Text(want) = crate::format::writer::format(messy, false)
    else {
        panic!()
    };
    assert_eq!(edits.len(), 1);
    assert_eq!(edits[0].new_text, want);
    assert!(want.contains("ab=C3"));
}

/// The board actions offered at `needle` of `path`: each command's arguments.
fn board_actions(ws: &mut Workspace, path: &Path, text: &str, needle: &str) -> Vec<Vec<String>> {
    let pos = at(path, text, needle, 0).position;
    let acts = actions::code_actions(
        ws,
        CodeActionParams {
            text_document: TextDocumentIdentifier::new(uri::from_path(path)),
            range: Range::new(pos, pos),
            context: Default::default(),
            work_done_progress_params: Default::default(),
            partial_result_params: Default::default(),
        },
    )
    .unwrap()
    .unwrap_or_default();
    acts.into_iter()
        .filter_map(|a| match a {
            CodeActionOrCommand::CodeAction(a) if a.title == board::TITLE => a.command,
            _ => None,
        })
        .map(|c| {
            assert_eq!(c.command, board::COMMAND);
            c.arguments
                .unwrap()
                .iter()
                .map(|v| v.as_str().unwrap().to_string())
                .collect()
        })
        .collect()
}

#[test]
fn diagrams_and_go_data_offer_edit_on_the_board_at_their_page() {
    let (_d, book, part, mut ws) = setup();
    let b = book.to_string_lossy().to_string();
    let args = |page: &str| vec![vec![b.clone(), page.to_string()]];
    assert_eq!(
        board_actions(&mut ws, &book, BOOK, "fig(#f1)"),
        args("index.html#edit=f1")
    );
    assert_eq!(
        board_actions(&mut ws, &book, BOOK, "go(#game)"),
        args("index.html#edit=game")
    );
    // A diagram without an ID is named by its element's number in the book as checked (the
    // included file's elements spliced in), as its page names it.
    let dia = BOOK.find("::dia base=gme").unwrap();
    let n = ws
        .analysis(&book)
        .unwrap()
        .checked
        .doc
        .elements
        .iter()
        .position(|e| e.span.start as usize == dia)
        .unwrap();
    assert_eq!(
        board_actions(&mut ws, &book, BOOK, "dia base=gme"),
        args(&format!("index.html#edit=e{n}"))
    );
    assert!(board_actions(&mut ws, &book, BOOK, "p ref=f1").is_empty());
    // A problem of the included file opens in the book's preview.
    ws.open(part.clone(), PART.to_string());
    assert_eq!(
        board_actions(&mut ws, &part, PART, "prb(#pd)"),
        args("index.html#edit=pd")
    );
}

#[test]
fn an_inline_diagram_offers_edit_on_the_board_at_its_pop_over() {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("book.gobook");
    let text = "::book(#b) title=\"T\"\n\n::chapter(#one)\n\n::go(#game) mv=D4Q16\n\n\
                ::p First <dia base=game at=1>move 1</dia>, then \
                <dia sz=9 ab=C3>a corner, <dia sz=9 aw=D4>a stone</dia></dia>.\n";
    std::fs::write(&book, text).unwrap();
    let mut ws = Workspace::default();
    ws.open(book.clone(), text.to_string());
    let checked = &ws.analysis(&book).unwrap().checked;
    // The pop-over of each tag, by the diagram the resolver made of it.
    let anchor = |needle: &str| {
        let tag = text.find(needle).unwrap() as u32;
        crate::layout::links::inline_anchor(checked.resolved.inline_diagrams[&tag])
    };
    let (first, outer, inner) = (
        anchor("<dia base=game"),
        anchor("<dia sz=9 ab=C3"),
        anchor("<dia sz=9 aw=D4"),
    );
    assert_ne!(first, outer);
    let b = book.to_string_lossy().to_string();
    let args = |a: &str| vec![vec![b.clone(), format!("index.html#edit={a}")]];
    assert_eq!(
        board_actions(&mut ws, &book, text, "base=game at=1"),
        args(&first)
    );
    assert_eq!(board_actions(&mut ws, &book, text, "ab=C3"), args(&outer));
    // A tag inside another's text is the inner one's.
    assert_eq!(board_actions(&mut ws, &book, text, "aw=D4"), args(&inner));
    // The paragraph's words outside the tags offer nothing.
    assert!(board_actions(&mut ws, &book, text, "First").is_empty());
}

/// A stand-in for `gobook`: its `serve` says where it listens, as serve does, counts its
/// starts in `starts`, and waits.
fn fake_gobook(dir: &Path) -> PathBuf {
    let prog = dir.join("fake-gobook");
    let starts = dir.join("starts");
    std::fs::write(
        &prog,
        format!(
            "#!/bin/sh\necho x >> '{}'\necho \"Serving $4 at http://127.0.0.1:9/ (Ctrl-C to stop)\" >&2\nexec sleep 30\n",
            starts.display()
        ),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&prog, std::fs::Permissions::from_mode(0o755)).unwrap();
    prog
}

#[test]
fn edit_on_the_board_starts_one_preview_and_asks_to_show_it() {
    let (d, book, _p, mut ws) = setup();
    let mut opener = board::Opener::new(preview::Previews::new(fake_gobook(d.path())));
    let run = |opener: &mut board::Opener, ws: &mut Workspace, book: &Path| {
        let params = ExecuteCommandParams {
            command: board::COMMAND.into(),
            arguments: vec![book.to_string_lossy().into(), "index.html#edit=f1".into()],
            work_done_progress_params: Default::default(),
        };
        opener.execute(
            ws,
            lsp_server::Request::new(1.into(), "workspace/executeCommand".into(), params),
        )
    };
    for _ in 0..2 {
        let out = run(&mut opener, &mut ws, &book);
        let [lsp_server::Message::Request(show), lsp_server::Message::Response(done)] = &out[..]
        else {
            panic!("{out:?}")
        };
        assert_eq!(show.method, "window/showDocument");
        assert_eq!(
            show.params["uri"], "http://127.0.0.1:9/index.html#edit=f1",
            "{show:?}"
        );
        assert_eq!(show.params["external"], true);
        assert!(done.response_result.is_ok(), "{done:?}");
        // A client that cannot open it is given the address to click.
        let refused = lsp_server::Response::new_err(show.id.clone(), -32601, "no".into());
        let Some(lsp_server::Message::Notification(n)) = opener.answered(&refused) else {
            panic!()
        };
        assert!(n.params["message"]
            .as_str()
            .unwrap()
            .contains("http://127.0.0.1:9/index.html#edit=f1"));
    }
    // The second action found the first preview running.
    let starts = std::fs::read_to_string(d.path().join("starts")).unwrap();
    assert_eq!(starts.lines().count(), 1);
    // Only books the editor has open are served.
    let other = d.path().join("other.gobook");
    std::fs::write(&other, BOOK).unwrap();
    let out = run(&mut opener, &mut ws, &other);
    let [lsp_server::Message::Response(r)] = &out[..] else {
        panic!("{out:?}")
    };
    assert!(r.response_result.is_err());
}

/// What the editor shows after `notes`, starting from `shown`: each file's last list.
fn shown_after(
    shown: &mut std::collections::BTreeMap<String, Vec<lsp_types::Diagnostic>>,
    notes: Vec<lsp_server::Notification>,
) -> usize {
    let n = notes.len();
    for note in notes {
        let p: PublishDiagnosticsParams = serde_json::from_value(note.params).unwrap();
        shown.insert(p.uri.as_str().to_string(), p.diagnostics);
    }
    n
}

#[test]
fn after_edits_the_editor_shows_what_a_fresh_check_finds_and_unchanged_files_are_not_resent() {
    let (_d, book, part, mut ws) = setup();
    let mut sent = problems::Published::default();
    let mut shown = std::collections::BTreeMap::new();
    let all = [book.clone()];
    assert_eq!(
        shown_after(&mut shown, problems::publish(&mut ws, &all, &mut sent)),
        2
    );
    // Typing at the end of the paragraph moves no problem: nothing is sent again.
    let mut text = text::Text::new(BOOK.to_string());
    let edit = |t: &mut text::Text, ws: &mut Workspace, at: usize, del: usize, new: &str| {
        let r = t.range(at, at + del);
        let change = TextDocumentContentChangeEvent {
            range: Some(r),
            range_length: None,
            text: new.into(),
        };
        t.apply(change.clone());
        ws.text_mut(&book).unwrap().apply(change);
        ws.changed(&book);
    };
    let para_end = BOOK.find("the problem</a>.").unwrap() + "the problem</a>.".len();
    edit(&mut text, &mut ws, para_end, 0, " More");
    assert_eq!(
        shown_after(&mut shown, problems::publish(&mut ws, &all, &mut sent)),
        0
    );
    // A fix and a new typo above the others: the book's list is sent, the included file's not.
    let at = text.text.find("::diagram").unwrap();
    edit(&mut text, &mut ws, at, "::diagram".len(), "::dia");
    let at = text.text.find("::h2 One").unwrap();
    edit(&mut text, &mut ws, at, 0, "::fig zz=1 base=game\n\n");
    assert_eq!(
        shown_after(&mut shown, problems::publish(&mut ws, &all, &mut sent)),
        1
    );
    // Warm equals cold: what the editor now shows is what a fresh server finds in that text.
    let mut fresh = Workspace::default();
    fresh.open(book.clone(), text.text.clone());
    let mut cold = std::collections::BTreeMap::new();
    shown_after(
        &mut cold,
        problems::publish(&mut fresh, &all, &mut Default::default()),
    );
    assert_eq!(shown, cold);
    let codes: Vec<_> = shown[uri::from_path(&book).as_str()]
        .iter()
        .filter_map(|d| match &d.code {
            Some(NumberOrString::String(s)) => Some(s.as_str()),
            _ => None,
        })
        .collect();
    // The new figure's typo and its base named before the data; the two left below.
    assert_eq!(
        codes,
        [
            "unknown-attribute",
            "forward-reference",
            "unknown-id",
            "unknown-attribute"
        ]
    );
    assert!(shown[uri::from_path(&part).as_str()].is_empty());
}

#[test]
fn a_book_that_includes_nothing_is_read_through_the_check_s_own_tree() {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("alone.gobook");
    let text = BOOK.replace("::include url=\"part.gobook\"\n", "");
    std::fs::write(&book, &text).unwrap();
    let mut ws = Workspace::default();
    ws.open(book.clone(), text.clone());
    let a = ws.analysis(&book).unwrap();
    // The one tree there is: the book's file reads the check's.
    assert!(std::ptr::eq(a.doc(a.book()), &a.checked.doc));
    assert_eq!(a.doc(a.book()), &crate::format::parse(&text).doc);
    let fig = hover_text(&mut ws, at(&book, &text, "fig(#f1)", 1));
    assert!(fig.contains("data:image/svg+xml;base64,"), "{fig}");
    assert_eq!(
        board_actions(&mut ws, &book, &text, "fig(#f1)"),
        [[
            book.to_string_lossy().to_string(),
            "index.html#edit=f1".into()
        ]]
    );
}

/// Where `pd` is defined, asked from the book's link to it.
fn definition_of_pd(ws: &mut Workspace, book: &Path) -> Location {
    let def = navigate::definition(
        ws,
        GotoDefinitionParams {
            text_document_position_params: at(book, BOOK, "pd>the", 0),
            work_done_progress_params: Default::default(),
            partial_result_params: Default::default(),
        },
    )
    .unwrap();
    match def {
        Some(GotoDefinitionResponse::Array(locs)) => locs[0].clone(),
        Some(GotoDefinitionResponse::Scalar(l)) => l,
        other => panic!("{other:?}"),
    }
}

/// The notification that `paths` changed on disk.
fn watched_change(paths: &[&Path]) -> lsp_server::Notification {
    let params = DidChangeWatchedFilesParams {
        changes: paths
            .iter()
            .map(|p| FileEvent::new(uri::from_path(p), FileChangeType::CHANGED))
            .collect(),
    };
    lsp_server::Notification::new("workspace/didChangeWatchedFiles".into(), params)
}

/// The diagnostics of `path` among `notes`.
fn diagnostics_of(notes: Vec<lsp_server::Notification>, path: &Path) -> Vec<Diagnostic> {
    notes
        .into_iter()
        .map(|n| serde_json::from_value::<PublishDiagnosticsParams>(n.params).unwrap())
        .find(|p| p.uri == uri::from_path(path))
        .map(|p| p.diagnostics)
        .expect("the file's diagnostics are published")
}

#[test]
fn an_included_file_changed_on_disk_is_read_again_for_diagnostics_and_definitions() {
    let (_d, book, part, mut ws) = setup();
    let mut sent = problems::Published::default();
    assert!(diagnostics_of(
        problems::publish(&mut ws, std::slice::from_ref(&book), &mut sent),
        &part
    )
    .is_empty());
    assert_eq!(
        definition_of_pd(&mut ws, &book).range.start,
        Position::new(0, 7)
    );
    // The analysis read the included file from disk: it is among the files to watch.
    assert!(ws.watched().contains(&part), "{:?}", ws.watched());
    // Another program moves the problem down two lines and breaks a point.
    std::fs::write(&part, format!("\n\n{}", PART.replace("ab=C3", "ab=Z99"))).unwrap();
    let books = notified(&mut ws, watched_change(&[&part]));
    assert_eq!(books, std::slice::from_ref(&book));
    let now = diagnostics_of(problems::publish(&mut ws, &books, &mut sent), &part);
    assert_eq!(now.len(), 1, "{now:?}");
    assert_eq!(now[0].range.start.line, 2);
    let def = definition_of_pd(&mut ws, &book);
    assert_eq!(
        (def.uri, def.range.start),
        (uri::from_path(&part), Position::new(2, 7))
    );
    // A file no book reads changes nothing.
    let other = part.with_file_name("notes.txt");
    assert!(notified(&mut ws, watched_change(&[&other])).is_empty());
}

#[test]
fn hover_on_a_diagram_in_an_included_file_shows_its_picture() {
    let (_d, _book, part, mut ws) = setup();
    let prb = hover_text(&mut ws, at(&part, PART, "prb(#pd)", 1));
    assert!(prb.contains("data:image/svg+xml;base64,"), "{prb}");
    // And on a point of it, what stands there.
    let point = hover_text(&mut ws, at(&part, PART, "C3", 0));
    assert!(point.contains("C3"), "{point}");
}

#[test]
fn the_server_asks_a_client_that_can_to_watch_what_the_book_reads() {
    let (d, book, part, _ws) = setup();
    let (server, client) = lsp_server::Connection::memory();
    let previews = preview::Previews::new(d.path().join("no-gobook"));
    let thread =
        std::thread::spawn(move || serve_with(&server, previews, watch::Watcher::new(true)));
    let open = DidOpenTextDocumentParams {
        text_document: TextDocumentItem::new(
            uri::from_path(&book),
            "gobook".into(),
            1,
            BOOK.into(),
        ),
    };
    let send = |n: lsp_server::Notification| {
        client
            .sender
            .send(lsp_server::Message::Notification(n))
            .unwrap()
    };
    send(lsp_server::Notification::new(
        "textDocument/didOpen".into(),
        open,
    ));
    let next = || {
        client
            .receiver
            .recv_timeout(std::time::Duration::from_secs(30))
            .expect("a message from the server")
    };
    // The book's problems, then the request to watch its included file.
    let mut registered = None;
    while registered.is_none() {
        if let lsp_server::Message::Request(r) = next() {
            assert_eq!(r.method, "client/registerCapability");
            registered = Some(r.params.to_string());
            client
                .sender
                .send(lsp_server::Message::Response(lsp_server::Response::new_ok(
                    r.id,
                    (),
                )))
                .unwrap();
        }
    }
    let registered = registered.unwrap();
    assert!(
        registered.contains("workspace/didChangeWatchedFiles")
            && registered.contains(&*part.to_string_lossy()),
        "{registered}"
    );
    std::fs::write(&part, PART.replace("ab=C3", "ab=Z99")).unwrap();
    send(watched_change(&[&part]));
    let errors = loop {
        if let lsp_server::Message::Notification(n) = next() {
            let p: PublishDiagnosticsParams = serde_json::from_value(n.params).unwrap();
            if p.uri == uri::from_path(&part) {
                break p.diagnostics;
            }
        }
    };
    assert_eq!(errors.len(), 1, "{errors:?}");
    let shutdown = lsp_server::Request::new(99.into(), "shutdown".into(), ());
    client
        .sender
        .send(lsp_server::Message::Request(shutdown))
        .unwrap();
    send(lsp_server::Notification::new("exit".into(), ()));
    thread.join().unwrap().unwrap();
}
