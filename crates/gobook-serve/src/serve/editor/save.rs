//! The board editor's save: the changed attributes written into the element's source file
//! through `format::edit` (the rest of the file byte for byte), the file replaced atomically,
//! and refused when the element is no longer what the editor opened. An inline diagram's are
//! its `<dia>` tag's, inside its paragraph, which is the element compared.

use crate::format::edit::{edit_attributes, edit_inline_diagram, AttrChange};
use crate::format::syntax::{Attribute, Document, Element, Span};
use crate::serve::editor::targets::{text_hash, InlineAt, Target};
use std::io::Write;
use std::path::Path;

/// Why a save did not happen; the text is for the author.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// The element changed in the file since the editor opened it.
    #[error("{0} changed since the editor opened this diagram (an edit in another editor?): nothing was written; the editor now shows the diagram as the file has it")]
    Conflict(String),
    /// The edit itself was refused.
    #[error("{0}")]
    Refused(String),
    /// The file could not be read or written.
    #[error("cannot write {0}: {1}")]
    Io(String, std::io::Error),
}

/// The element as the file has it now: its text, its attributes, where it stands.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Current {
    /// The file's name, relative to the book's folder.
    pub file: String,
    /// The element's text.
    pub source: String,
    /// Its attributes in order, as name and value.
    pub attrs: Vec<(String, String)>,
    /// 1-based line of the element.
    pub line: usize,
    /// The points of the attributes the editor changes, in standard coordinates (`mv` with
    /// `Pass` and `Tenuki`), for those that read as points; the others it leaves alone.
    pub points: std::collections::BTreeMap<String, Vec<String>>,
}

/// Whether the editor reads `name` as a list of points: setup, marks, letters, moves, view.
fn is_point_list(name: &str) -> bool {
    matches!(
        name,
        "ab" | "aw" | "ae" | "tr" | "sq" | "cr" | "ma" | "rg" | "mv" | "vw"
    ) || (name.len() == 1 && name.bytes().all(|b| b.is_ascii_alphabetic()))
}

/// The points of the attributes `attrs` that are lists of points, on a board of `size`.
fn points_of(attrs: &[Attribute], size: u8) -> std::collections::BTreeMap<String, Vec<String>> {
    use crate::format::values::{tokens, Move};
    attrs
        .iter()
        .filter(|a| is_point_list(&a.name))
        .filter_map(|a| {
            let toks = tokens(&a.value, size, a.name == "mv").ok()?;
            let pts = toks.iter().map(|t| match t.mv {
                Move::Play(p) => p.to_string(),
                Move::Pass => "Pass".into(),
                Move::Tenuki => "Tenuki".into(),
            });
            Some((a.name.clone(), pts.collect()))
        })
        .collect()
}

/// The file's text and whether it had a byte-order mark (kept when written back).
fn read_text(path: &Path, shown: &str) -> Result<(String, bool), SaveError> {
    let bytes = crate::project::read::read(path).map_err(|e| SaveError::Io(shown.into(), e))?;
    match crate::format::parser::decode(&bytes) {
        Ok((t, bom)) => Ok((t.to_string(), bom)),
        Err((at, msg)) => Err(SaveError::Refused(format!("{shown}: byte {at}: {msg}"))),
    }
}

/// The element of `doc` (parsed from `text`) that the editor means: the one at the target's
/// place when its text is the one (`is`), else the one element whose text is.
fn find<'d>(
    doc: &'d Document,
    text: &str,
    target: &Target,
    is: impl Fn(&str) -> bool,
) -> Option<&'d Element> {
    let same = |e: &&Element| {
        text.get(e.span.start as usize..e.span.end as usize)
            .is_some_and(&is)
    };
    if let Some(e) = doc
        .element_at(target.span.start)
        .map(|i| &doc.elements[i])
        .filter(same)
    {
        return Some(e);
    }
    let mut found = doc.elements.iter().filter(same);
    match (found.next(), found.next()) {
        (Some(e), None) => Some(e),
        _ => None,
    }
}

/// The element `el` of `text` as the editor shows it, with the attributes `attrs` (its own, or
/// an inline diagram's) of the tag at byte `at`.
fn current_of(
    text: &str,
    el: &Element,
    (attrs, at): (&[Attribute], u32),
    shown: &str,
    size: u8,
) -> Current {
    Current {
        file: shown.to_string(),
        source: text[el.span.start as usize..el.span.end as usize].to_string(),
        attrs: attrs
            .iter()
            .map(|a| (a.name.clone(), a.value.clone()))
            .collect(),
        line: text[..at as usize].matches('\n').count() + 1,
        points: points_of(attrs, size),
    }
}

/// The inline diagram of paragraph `el` that the target is: the tag at its place when it is
/// one, else the one in its place among the paragraph's (the text around it changed).
fn inline_tag(el: &Element, at: InlineAt) -> Option<(Vec<Attribute>, Span)> {
    let tags = crate::format::inline::diagrams(el.value.as_ref()?);
    let start = el.span.start + at.offset;
    let k = tags
        .iter()
        .position(|(_, s)| s.start == start)
        .unwrap_or(at.ordinal as usize);
    tags.into_iter().nth(k)
}

/// What the editor shows of the target in `el`: its attributes, or its inline diagram's.
fn current_in(text: &str, el: &Element, target: &Target) -> Option<Current> {
    let (shown, size) = (&target.file.shown, target.size());
    match target.inline {
        None => Some(current_of(
            text,
            el,
            (&el.attrs, el.span.start),
            shown,
            size,
        )),
        Some(at) => {
            let (attrs, span) = inline_tag(el, at)?;
            Some(current_of(text, el, (&attrs, span.start), shown, size))
        }
    }
}

/// The element as the file has it now (the editor opens on it): the one built, found by its
/// text even when the text before it changed, else the diagram (the paragraph, for an inline
/// one) at its place (itself changed since the build); None when no diagram stands there any more.
pub fn current(target: &Target) -> Result<Option<Current>, SaveError> {
    use crate::format::schema::ElementKind;
    let (text, _) = read_text(&target.file.path, &target.file.shown)?;
    let doc = crate::format::parse(&text).doc;
    let el = find(&doc, &text, target, |t| text_hash(t) == target.source_hash).or_else(|| {
        doc.element_at(target.span.start)
            .map(|i| &doc.elements[i])
            .filter(|e| match target.inline {
                None if target.kind() == "go" => e.kind == ElementKind::Go,
                None => matches!(e.kind, ElementKind::Diagram(_)),
                Some(_) => matches!(e.kind, ElementKind::Paragraph(_)),
            })
    });
    Ok(el.and_then(|e| current_in(&text, e, target)))
}

/// Writes `changes` into the element whose text was `source` when the editor opened it (an
/// inline diagram: into its tag), and gives back the element as written.
pub fn save(target: &Target, source: &str, changes: &[AttrChange]) -> Result<Current, SaveError> {
    let (text, bom) = read_text(&target.file.path, &target.file.shown)?;
    let doc = crate::format::parse(&text).doc;
    let Some(el) = find(&doc, &text, target, |t| t == source) else {
        return Err(SaveError::Conflict(target.file.shown.clone()));
    };
    let refused = |e: crate::format::edit::EditError| SaveError::Refused(e.to_string());
    let new = match target.inline {
        None => edit_attributes(&text, el, changes).map_err(refused)?,
        Some(at) => {
            let Some((_, tag)) = inline_tag(el, at) else {
                return Err(SaveError::Conflict(target.file.shown.clone()));
            };
            edit_inline_diagram(&text, el, tag.start, changes).map_err(refused)?
        }
    };
    let mut bytes = Vec::with_capacity(new.len() + 3);
    if bom {
        bytes.extend_from_slice("\u{feff}".as_bytes());
    }
    bytes.extend_from_slice(new.as_bytes());
    replace(&target.file.path, &bytes).map_err(|e| SaveError::Io(target.file.shown.clone(), e))?;
    let doc = crate::format::parse(&new).doc;
    doc.element_at(el.span.start)
        .and_then(|i| current_in(&new, &doc.elements[i], target))
        .ok_or_else(|| SaveError::Refused("the element is gone after the edit".into()))
}

/// Replaces the file at `path` (a symbolic link's target) with `bytes` through a temporary file
/// beside it with its permissions and a rename, so an editor, the watcher or a crash sees the
/// old file or the new one, never half of either.
fn replace(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let target = path.canonicalize()?;
    let dir = crate::project::output::folder_of(&target);
    let mut tmp = tempfile::Builder::new()
        .prefix(".gobook-edit-")
        .tempfile_in(&dir)?;
    tmp.write_all(bytes)?;
    tmp.flush()?;
    tmp.as_file()
        .set_permissions(std::fs::metadata(&target)?.permissions())?;
    tmp.persist(&target).map_err(|e| e.error)?;
    Ok(())
}
