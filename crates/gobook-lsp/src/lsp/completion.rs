//! Completion: element names after `::`, the attributes each element takes (with their
//! meaning), IDs after `base=`, `ref=` and `href=`, language suffixes after `_`, and
//! standard texts after `#`.

use super::workspace::{Analysis, Workspace};
use crate::format::reference;
use crate::format::schema::{self, ElementKind, Host};
use lsp_types::{
    CompletionItem, CompletionItemKind, CompletionParams, CompletionResponse, Documentation,
    MarkupContent, MarkupKind,
};

/// Answers `textDocument/completion`.
pub fn complete(
    ws: &mut Workspace,
    p: CompletionParams,
) -> Result<Option<CompletionResponse>, String> {
    let pos = p.text_document_position;
    let Some((a, f, at)) = ws.at(&pos) else {
        return Ok(None);
    };
    let text = &f.text.text;
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    Ok(Some(CompletionResponse::Array(items(
        a,
        &text[line_start..at],
    ))))
}

/// The completions for a line typed up to the cursor (`before`).
pub fn items(a: &Analysis, before: &str) -> Vec<CompletionItem> {
    let word_start = before.rfind([' ', '\t', '<', '"']).map_or(0, |i| i + 1);
    let word = &before[word_start..];
    // `#bt`: a standard text being typed (the last `#` opens one when their count is odd).
    if let Some(hash) = word.rfind('#') {
        if word[..=hash].matches('#').count() % 2 == 1 && !word.starts_with("::") {
            return standard_texts();
        }
    }
    if let Some(name) = word.strip_prefix("::").filter(|_| word_start == 0) {
        return match name.rfind('_') {
            Some(_) => languages(),
            None => element_names(),
        };
    }
    if let Some((attr, _)) = word.split_once('=') {
        let base = schema::split_langs(attr).0;
        return match base {
            "base" | "ref" | "href" | "clone" => ids(a),
            _ => Vec::new(),
        };
    }
    if word.contains('_') {
        return languages();
    }
    // An attribute of the element the line starts, or of an inline `<dia>`/`<a>`/`<img>`.
    let host = if let Some(tag) = inline_tag(before) {
        tag
    } else if let Some(rest) = before.strip_prefix("::") {
        let name: String = rest.chars().take_while(|c| c.is_alphanumeric()).collect();
        Host::Element(ElementKind::from_name(&name))
    } else {
        return Vec::new();
    };
    attributes(host)
}

/// The inline tag the cursor is in (`<dia ` not yet closed by `>`), as an attribute host.
fn inline_tag(before: &str) -> Option<Host> {
    let open = before.rfind('<')?;
    if before[open..].contains('>') {
        return None;
    }
    let name: String = before[open + 1..]
        .chars()
        .take_while(|c| c.is_alphanumeric())
        .collect();
    match name.as_str() {
        "dia" => Some(Host::InlineDia),
        "a" => Some(Host::InlineLink),
        "img" => Some(Host::InlineImg),
        _ => None,
    }
}

fn markdown(s: String) -> Option<Documentation> {
    Some(Documentation::MarkupContent(MarkupContent {
        kind: MarkupKind::Markdown,
        value: s,
    }))
}

/// Every element, with what it is.
fn element_names() -> Vec<CompletionItem> {
    let mut out: Vec<CompletionItem> = reference::ELEMENTS
        .iter()
        .map(|e| CompletionItem {
            label: e.name.into(),
            kind: Some(CompletionItemKind::KEYWORD),
            detail: Some(e.what.into()),
            documentation: markdown(format!("{}\n\n```gobook\n{}\n```", e.what, e.example)),
            ..Default::default()
        })
        .collect();
    // `::de` is a paragraph in German.
    out.extend(schema::LANGUAGES.iter().map(|l| CompletionItem {
        label: (*l).into(),
        kind: Some(CompletionItemKind::KEYWORD),
        detail: Some(format!("a paragraph in {}", crate::i18n::language_name(l))),
        ..Default::default()
    }));
    out
}

/// The attributes `host` takes, each once, with its meaning.
fn attributes(host: Host) -> Vec<CompletionItem> {
    let groups = schema::groups_of(host);
    let mut out: Vec<CompletionItem> = Vec::new();
    for d in reference::ATTRIBUTES
        .iter()
        .filter(|d| groups.contains(&d.group))
    {
        if out.iter().any(|i| i.label == d.name) {
            continue;
        }
        out.push(CompletionItem {
            label: d.name.into(),
            kind: Some(CompletionItemKind::PROPERTY),
            detail: Some(format!("{}: {}", d.group.title(), d.what)),
            documentation: markdown(format!(
                "{}\n\nDefault: `{}`\n\n```gobook\n{}\n```",
                d.what, d.default, d.example
            )),
            insert_text: Some(format!("{}=", d.name)),
            ..Default::default()
        });
    }
    out
}

/// The IDs of the book and of the files it includes.
fn ids(a: &Analysis) -> Vec<CompletionItem> {
    let mut names: Vec<&str> = a
        .files
        .iter()
        .flat_map(|f| a.doc(f).elements.iter().filter_map(|e| e.id_str()))
        .collect();
    names.sort_unstable();
    names.dedup();
    let mut out: Vec<CompletionItem> = names
        .into_iter()
        .map(|n| CompletionItem {
            label: n.into(),
            kind: Some(CompletionItemKind::REFERENCE),
            ..Default::default()
        })
        .collect();
    out.push(CompletionItem {
        label: "none".into(),
        kind: Some(CompletionItemKind::KEYWORD),
        detail: Some("no base: an empty board".into()),
        ..Default::default()
    });
    out
}

/// The language tags of the spec.
fn languages() -> Vec<CompletionItem> {
    schema::LANGUAGES
        .iter()
        .map(|l| CompletionItem {
            label: (*l).into(),
            kind: Some(CompletionItemKind::ENUM_MEMBER),
            detail: Some(crate::i18n::language_name(l).into()),
            ..Default::default()
        })
        .collect()
}

/// The standard texts, with their English words.
fn standard_texts() -> Vec<CompletionItem> {
    crate::i18n::standard_codes()
        .map(|c| CompletionItem {
            detail: crate::i18n::standard_text(&c, "en"),
            insert_text: Some(format!("{c}#")),
            label: c,
            kind: Some(CompletionItemKind::CONSTANT),
            ..Default::default()
        })
        .collect()
}
