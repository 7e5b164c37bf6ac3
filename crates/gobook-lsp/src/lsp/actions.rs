//! Edits the server offers: the did-you-mean fixes of `check` as quick fixes, "Edit on the
//! board" on a diagram (`board`), and the whole file formatted by `gobook fmt`'s writer.

use super::workspace::Workspace;
use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CodeActionParams, DocumentFormattingParams,
    TextEdit, WorkspaceEdit,
};
use std::collections::HashMap;

/// Answers `textDocument/codeAction`: for each problem of the book in the range asked
/// whose message suggests a name, replacing the misspelt name with it.
pub fn code_actions(
    ws: &mut Workspace,
    p: CodeActionParams,
) -> Result<Option<Vec<CodeActionOrCommand>>, String> {
    let Some((a, f)) = ws.document(&p.text_document.uri) else {
        return Ok(None);
    };
    let (from, to) = (f.text.offset(p.range.start), f.text.offset(p.range.end));
    let Some((_, diags)) = a.problems.iter().find(|(q, _)| *q == f.path) else {
        return Ok(None);
    };
    let mut out = Vec::new();
    if let Some(act) = super::board::action(a, f, from) {
        out.push(CodeActionOrCommand::CodeAction(act));
    }
    for d in diags {
        let (s, e) = (d.span.start as usize, d.span.end as usize);
        if e < from || s > to {
            continue;
        }
        let Some((s, e, name)) = fix(&f.text.text, s, e, &d.message) else {
            continue;
        };
        let edit = TextEdit::new(f.text.range(s, e), name.to_string());
        out.push(CodeActionOrCommand::CodeAction(CodeAction {
            title: format!("Change `{}` to `{name}`", &f.text.text[s..e]),
            kind: Some(CodeActionKind::QUICKFIX),
            diagnostics: Some(vec![super::problems::to_lsp(&f.text, d)]),
            edit: Some(WorkspaceEdit {
                changes: Some(HashMap::from([(p.text_document.uri.clone(), vec![edit])])),
                ..Default::default()
            }),
            is_preferred: Some(true),
            ..Default::default()
        }));
    }
    Ok(Some(out))
}

/// The replacement a message suggests for the problem at `s..e`: the misspelt word there
/// (the part of the span the suggestion is closest to) and the suggested name.
pub fn fix<'m>(
    text: &str,
    s: usize,
    e: usize,
    message: &'m str,
) -> Option<(usize, usize, &'m str)> {
    // Messages quote names as written: `::dia`, `#btp#`, `ca=`; the word is the bare name.
    let name = super::problems::suggestion(message)?.trim_matches([':', '#', '=']);
    let span = text.get(s..e.min(text.len()))?;
    // The span may cover more than the word (`diagram_en`, `typo=value`): the word is the
    // run of name characters the suggestion is nearest to.
    let mut best: Option<(usize, usize, usize)> = None;
    let mut i = 0;
    for part in span.split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '.')) {
        if !part.is_empty() && part != name {
            let d = strsim::osa_distance(&part.to_lowercase(), &name.to_lowercase());
            if best.is_none_or(|(b, _, _)| d < b) {
                best = Some((d, s + i, s + i + part.len()));
            }
        }
        i += part.len() + 1;
    }
    let (_, a, b) = best?;
    Some((a, b, name))
}

/// Answers `textDocument/formatting`: the file as `gobook fmt` writes it, one edit; an
/// error when the file has syntax errors (formatting could lose text).
pub fn format(
    ws: &mut Workspace,
    p: DocumentFormattingParams,
) -> Result<Option<Vec<TextEdit>>, String> {
    let Some(path) = super::uri::to_path(&p.text_document.uri) else {
        return Ok(None);
    };
    let Some(text) = ws.text_of(&path) else {
        return Ok(None);
    };
    match crate::format::writer::format(&text, false) {
        crate::format::writer::Formatted::Text(t) if t == text => Ok(Some(Vec::new())),
        crate::format::writer::Formatted::Text(t) => {
            let old = super::text::Text::new(text);
            Ok(Some(vec![TextEdit::new(old.range(0, old.text.len()), t)]))
        }
        crate::format::writer::Formatted::SyntaxErrors(errs) => Err(format!(
            "not formatted: fix the syntax errors first ({})",
            errs.first().map_or("", |d| d.message.as_str())
        )),
    }
}
