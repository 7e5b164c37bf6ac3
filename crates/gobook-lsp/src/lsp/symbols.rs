//! The outline: chapters, and in each its headings, figures, diagrams and problems.

use super::workspace::Workspace;
use crate::format::schema::{DiagramKind, ElementKind};
use crate::format::syntax::{Document, Element};
use lsp_types::{DocumentSymbol, DocumentSymbolParams, DocumentSymbolResponse, SymbolKind};

/// Answers `textDocument/documentSymbol`.
pub fn symbols(
    ws: &mut Workspace,
    p: DocumentSymbolParams,
) -> Result<Option<DocumentSymbolResponse>, String> {
    let Some((a, f)) = ws.document(&p.text_document.uri) else {
        return Ok(None);
    };
    Ok(Some(DocumentSymbolResponse::Nested(outline(
        a.doc(f),
        &f.text,
    ))))
}

/// The outline of a document: chapters holding their symbols; what comes before the first
/// chapter (the book) at the top.
pub fn outline(doc: &Document, text: &super::text::Text) -> Vec<DocumentSymbol> {
    let mut top: Vec<DocumentSymbol> = Vec::new();
    for el in &doc.elements {
        let Some((kind, name)) = shown(el) else {
            continue;
        };
        #[allow(deprecated)] // `deprecated` is a field the type requires.
        let sym = DocumentSymbol {
            name,
            detail: el.id_str().map(|i| format!("#{i}")),
            kind,
            tags: None,
            deprecated: None,
            range: text.range(el.span.start as usize, el.span.end as usize),
            selection_range: text.range(el.name_span.start as usize, el.name_span.end as usize),
            children: None,
        };
        match (el.kind, top.last_mut()) {
            (ElementKind::Chapter | ElementKind::Book, _) => top.push(sym),
            (_, Some(ch)) if ch.kind == SymbolKind::NAMESPACE => {
                let range_end = sym.range.end;
                ch.children.get_or_insert_with(Vec::new).push(sym);
                ch.range.end = range_end;
            }
            _ => top.push(sym),
        }
    }
    top
}

/// How an element shows in the outline, if it does: its kind and name.
fn shown(el: &Element) -> Option<(SymbolKind, String)> {
    let first_words = |s: &str| -> String {
        let line = s.lines().next().unwrap_or("").trim();
        let cut: String = line.chars().take(60).collect();
        if cut.len() < line.len() {
            format!("{cut}…")
        } else {
            cut
        }
    };
    let id = el.id_str().map(|i| format!(" #{i}")).unwrap_or_default();
    Some(match el.kind {
        ElementKind::Book => (SymbolKind::FILE, format!("book{id}")),
        ElementKind::Chapter => (SymbolKind::NAMESPACE, format!("chapter{id}")),
        k if k.is_heading() => (
            SymbolKind::STRING,
            format!("{} {}", el.name, first_words(el.value_str())),
        ),
        ElementKind::Diagram(DiagramKind::Prb) => (SymbolKind::EVENT, format!("prb{id}")),
        ElementKind::Diagram(_) => (SymbolKind::OBJECT, format!("{}{id}", el.name)),
        ElementKind::Go => (SymbolKind::VARIABLE, format!("go{id}")),
        ElementKind::Include => (
            SymbolKind::MODULE,
            format!("include {}", el.attr_value("url").unwrap_or("")),
        ),
        _ => return None,
    })
}
