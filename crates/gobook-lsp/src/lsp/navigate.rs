//! Links between IDs: go to the element an ID names (`base`, `ref`, `href`, inline tags)
//! or the file an `::include` names; find every use of an ID; rename an ID in the book and
//! the files it includes.

use super::locate::{self, Ranges, Spot};
use super::workspace::{Analysis, File, Workspace};
use crate::format::schema::ElementKind;
use lsp_types::{
    GotoDefinitionParams, GotoDefinitionResponse, Location, ReferenceParams, RenameParams,
    TextEdit, WorkspaceEdit,
};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// What the cursor is on, for navigation.
enum Target {
    /// An ID, defined or used.
    Id(String),
    /// The file an include names.
    File(PathBuf),
}

/// The ID or included file at byte `at` of `f`.
fn target(a: &Analysis, f: &File, at: usize) -> Option<Target> {
    let (i, spot) = locate::spot(a.doc(f), at)?;
    let el = &a.doc(f).elements[i];
    if let (Spot::AttrValue(n), ElementKind::Include) = (spot, el.kind) {
        if el.attrs[n].base_name() == "url" {
            let dir = crate::project::output::folder_of(&f.path);
            return Some(Target::File(dir.join(&el.attrs[n].value)));
        }
    }
    if spot == Spot::Id {
        return el.id_str().map(|s| Target::Id(s.into()));
    }
    let (s, e) = locate::word_at(&f.text.text, at)?;
    locate::linking_attr(&f.text.text, s)?;
    Some(Target::Id(f.text.text[s..e].to_string()))
}

fn location(f: &File, (s, e): (usize, usize)) -> Location {
    Location::new(super::uri::from_path(&f.path), f.text.range(s, e))
}

/// Where the ID is defined, as seen from file `from` element `at`: the book's links decide
/// (the same chapter first), an ID of an included file leads into that file.
fn definitions(a: &Analysis, from: &Path, id: &str) -> Vec<Location> {
    let mut found: Vec<Location> = Vec::new();
    // The file asking first, then the book, then the included files.
    let mut order: Vec<&File> = a.files.iter().filter(|f| f.path == from).collect();
    order.extend(a.files.iter().filter(|f| f.path != from));
    for f in order {
        let (defs, _) = locate::id_places(&f.text.text, a.doc(f), id);
        found.extend(defs.into_iter().map(|r| location(f, r)));
    }
    found
}

/// Answers `textDocument/definition`.
pub fn definition(
    ws: &mut Workspace,
    p: GotoDefinitionParams,
) -> Result<Option<GotoDefinitionResponse>, String> {
    let pos = p.text_document_position_params;
    let Some((a, f, at)) = ws.at(&pos) else {
        return Ok(None);
    };
    Ok(match target(a, f, at) {
        Some(Target::File(p)) if p.is_file() => Some(GotoDefinitionResponse::Scalar(
            Location::new(super::uri::from_path(&p), lsp_types::Range::default()),
        )),
        Some(Target::Id(id)) => {
            let defs = definitions(a, &f.path, &id);
            (!defs.is_empty()).then_some(GotoDefinitionResponse::Array(defs))
        }
        _ => None,
    })
}

/// Every place of `id` in the book and its included files: (file, definitions, uses).
fn places<'a>(a: &'a Analysis, id: &str) -> Vec<(&'a File, Ranges, Ranges)> {
    a.files
        .iter()
        .map(|f| {
            let (d, u) = locate::id_places(&f.text.text, a.doc(f), id);
            (f, d, u)
        })
        .collect()
}

/// Answers `textDocument/references`.
pub fn references(ws: &mut Workspace, p: ReferenceParams) -> Result<Option<Vec<Location>>, String> {
    let pos = p.text_document_position;
    let Some((a, f, at)) = ws.at(&pos) else {
        return Ok(None);
    };
    let Some(Target::Id(id)) = target(a, f, at) else {
        return Ok(None);
    };
    let mut out = Vec::new();
    for (f, defs, uses) in places(a, &id) {
        if p.context.include_declaration {
            out.extend(defs.into_iter().map(|r| location(f, r)));
        }
        out.extend(uses.into_iter().map(|r| location(f, r)));
    }
    Ok(Some(out))
}

/// Answers `textDocument/rename`: the ID's definitions and uses, in every file of the book.
// `Uri` caches its parts in cells, which clippy takes for a key that may change; the protocol
// keys a workspace edit by `Uri`, and nothing here mutates one.
#[allow(clippy::mutable_key_type)]
pub fn rename(ws: &mut Workspace, p: RenameParams) -> Result<Option<WorkspaceEdit>, String> {
    let pos = p.text_document_position;
    let new = p.new_name;
    if new.is_empty() || !new.chars().all(crate::format::parser::is_id_char) {
        return Err(format!(
            "`{new}` cannot be an ID: use letters, digits, `-`, `_` and `.`"
        ));
    }
    let Some((a, f, at)) = ws.at(&pos) else {
        return Ok(None);
    };
    let Some(Target::Id(id)) = target(a, f, at) else {
        return Err(
            "put the cursor on an ID, or on a `base`, `ref`, `href` or `clone` naming one".into(),
        );
    };
    let mut changes = HashMap::new();
    for (f, defs, uses) in places(a, &id) {
        let edits: Vec<TextEdit> = defs
            .into_iter()
            .chain(uses)
            .map(|(s, e)| TextEdit::new(f.text.range(s, e), new.clone()))
            .collect();
        if !edits.is_empty() {
            changes.insert(super::uri::from_path(&f.path), edits);
        }
    }
    Ok(Some(WorkspaceEdit {
        changes: Some(changes),
        ..Default::default()
    }))
}
