//! The PDFs of a long book's parts (`super::parts`) joined into one: the front matter's
//! PDF takes the pages of the others in order, their tags under its document's tag (the
//! parent tree's keys moved past its own), their bookmarks after its own, their named
//! destinations among its own; a link to a label of another part, which typst could only
//! write as an address ([`super::frame::AWAY_LINK`]), leads to the label's place. Every
//! part has the book's title, language and standards, so the front's catalog, metadata
//! and document information stand for the book.

use super::frame::AWAY_LINK;
use super::parts::Place;
use super::spill::{SpillWriter, Spilled};
use lopdf::{Dictionary, Document, Object, ObjectId};
use std::collections::HashMap;
use std::num::NonZeroUsize;
use typst::model::OutlineNode;

/// A part's PDF, as `super::parts` typeset it.
#[derive(Default)]
pub struct PdfPart {
    /// The PDF, on disk until it is joined.
    pub pdf: Option<Spilled>,
    /// How many of its first pages gobook added, to be left out (with their tags).
    pub added: usize,
    /// The level of each of its headings, in order, and whether it is bookmarked.
    pub headings: Vec<(NonZeroUsize, bool)>,
}

impl PdfPart {
    /// Its PDF's bytes, read back from disk.
    fn bytes(&mut self) -> Result<Vec<u8>, String> {
        self.pdf
            .as_mut()
            .map_or_else(|| Err("a part was not typeset".into()), Spilled::bytes)
    }
}

/// A bookmark (where a heading is), its heading's level, and whether it is one.
type Flat = (Option<ObjectId>, NonZeroUsize, bool);

/// The joined PDF as it is written: every part's objects go out as soon as the part is
/// read, so that only one part is held at a time (holding them all was the print's peak
/// of memory: 2 GB for a 5 MB book). What the book's catalog needs at the end stays.
struct Output {
    /// The file so far, on disk (the PDF is as large as the book's print).
    out: SpillWriter,
    /// Where each object written starts.
    offsets: Vec<(u32, u16, usize)>,
}

impl Output {
    /// The file's header for PDF `version`: a comment of bytes above 127 tells readers
    /// it holds binary data (PDF/A asks for it).
    fn new(version: &str) -> Result<Output, String> {
        use std::io::Write;
        let mut out = SpillWriter::new()?;
        write!(out, "%PDF-{version}\n%").map_err(|e| e.to_string())?;
        out.write_all(&[0xE2, 0xE3, 0xCF, 0xD3, b'\n'])
            .map_err(|e| e.to_string())?;
        Ok(Output {
            out,
            offsets: Vec::new(),
        })
    }

    /// Object `id` written.
    fn object(&mut self, id: ObjectId, object: &Object) -> Result<(), String> {
        use std::io::Write;
        self.offsets.push((id.0, id.1, self.out.len()));
        let before = if lopdf::Writer::need_separator(object) {
            " "
        } else {
            ""
        };
        let after = if lopdf::Writer::need_end_separator(object) {
            " "
        } else {
            ""
        };
        let w = &mut self.out;
        write!(w, "{} {} obj\n{before}", id.0, id.1).map_err(|e| e.to_string())?;
        lopdf::Writer::write_object(w, object).map_err(|e| e.to_string())?;
        writeln!(w, "{after}\nendobj").map_err(|e| e.to_string())
    }

    /// The file ended by its cross-reference table (one section for each run of
    /// numbers written) and `trailer`.
    fn finish(mut self, mut trailer: Dictionary, size: u32) -> Result<Spilled, String> {
        use std::io::Write;
        self.offsets.sort_unstable();
        self.offsets.dedup_by_key(|(id, _, _)| *id);
        let start = self.out.len();
        let w = &mut self.out;
        w.write_all(b"xref\n0 1\n0000000000 65535 f\r\n")
            .map_err(|e| e.to_string())?;
        let mut i = 0;
        while i < self.offsets.len() {
            let first = self.offsets[i].0;
            let mut j = i;
            while j + 1 < self.offsets.len() && self.offsets[j + 1].0 == self.offsets[j].0 + 1 {
                j += 1;
            }
            writeln!(w, "{first} {}", j - i + 1).map_err(|e| e.to_string())?;
            for (_, generation, offset) in &self.offsets[i..=j] {
                write!(w, "{offset:010} {generation:05} n\r\n").map_err(|e| e.to_string())?;
            }
            i = j + 1;
        }
        table_trailer(&mut trailer);
        trailer.set("Size", Object::Integer(i64::from(size)));
        w.write_all(b"trailer\n").map_err(|e| e.to_string())?;
        lopdf::Writer::write_object(w, &Object::Dictionary(trailer)).map_err(|e| e.to_string())?;
        write!(w, "\nstartxref\n{start}\n%%EOF\n").map_err(|e| e.to_string())?;
        self.out.finish()
    }
}

/// What is joined so far: the front matter's PDF, with what of the parts the book's
/// catalog still changes (bookmarks, links to other parts), and what its trees hold;
/// the rest of the parts already written.
struct Book {
    doc: Document,
    out: Output,
    pages: Vec<ObjectId>,
    /// The front's page tree, every page's parent.
    pages_root: ObjectId,
    /// The document's tag, which every part's tags go under.
    document_tag: ObjectId,
    /// The parts' top-level tags, to go under it.
    kids: Vec<Object>,
    /// The parent tree's pairs (key, value), and its next key.
    nums: Vec<Object>,
    next_key: i64,
    /// The named destinations' pairs (name, destination).
    dests: Vec<(Vec<u8>, Object)>,
    /// Every heading, in order, with its bookmark.
    outline: Vec<Flat>,
    /// The links that lead to a label of another part, held in `doc` until the end.
    away: Vec<ObjectId>,
}

/// `front` with the pages of `parts` after it (each with whether its first page is to be
/// left out), links to a label of another part leading to its place in `places`.
pub fn join(
    mut front: PdfPart,
    parts: Vec<PdfPart>,
    places: &HashMap<String, Place>,
    page_word: &str,
) -> Result<Spilled, String> {
    let doc = Document::load_mem(&front.bytes()?).map_err(|e| format!("reading the front: {e}"))?;
    let mut book = Book::of(doc, &front.headings)?;
    for (i, mut part) in parts.into_iter().enumerate() {
        let doc =
            Document::load_mem(&part.bytes()?).map_err(|e| format!("reading part {i}: {e}"))?;
        book.add(doc, part.added, &part.headings)
            .map_err(|e| format!("joining part {i}: {e}"))?;
    }
    book.finish(places, page_word)
}

/// Each of `headings` with its bookmark among the top-level `items` of `doc` and theirs
/// (typst bookmarks the headings so marked, in order).
fn flat_outline(
    doc: &Document,
    items: &[ObjectId],
    headings: &[(NonZeroUsize, bool)],
) -> Result<Vec<Flat>, String> {
    fn walk(
        doc: &Document,
        first: Option<ObjectId>,
        out: &mut Vec<ObjectId>,
    ) -> Result<(), String> {
        let mut next = first;
        while let Some(id) = next {
            out.push(id);
            let d = dict(doc, id)?;
            walk(doc, reference(d, b"First").ok(), out)?;
            next = reference(d, b"Next").ok();
        }
        Ok(())
    }
    let mut all = Vec::new();
    walk(doc, items.first().copied(), &mut all)?;
    let mut bookmarks = all.into_iter();
    let flat: Vec<Flat> = headings
        .iter()
        .map(|&(level, marked)| (marked.then(|| bookmarks.next()).flatten(), level, marked))
        .collect();
    if bookmarks.next().is_some() || flat.iter().any(|(id, _, marked)| *marked && id.is_none()) {
        return Err("the bookmarks are not the headings".into());
    }
    Ok(flat)
}

/// The reference `key` of `dict` holds.
fn reference(dict: &Dictionary, key: &[u8]) -> Result<ObjectId, String> {
    dict.get(key)
        .and_then(Object::as_reference)
        .map_err(|e| format!("/{}: {e}", String::from_utf8_lossy(key)))
}

/// The dictionary of object `id` in `doc`.
fn dict(doc: &Document, id: ObjectId) -> Result<&Dictionary, String> {
    doc.get_dictionary(id)
        .map_err(|e| format!("object {id:?}: {e}"))
}

/// What a PDF's catalog's trees hold: its document tag, parent tree pairs and next key,
/// named destinations and top-level bookmarks.
type Trees = (
    ObjectId,
    Vec<Object>,
    i64,
    Vec<(Vec<u8>, Object)>,
    Vec<ObjectId>,
);

/// The trees of `doc`'s catalog.
fn trees(doc: &Document) -> Result<Trees, String> {
    let catalog = doc.catalog().map_err(|e| e.to_string())?;
    let struct_root = dict(doc, reference(catalog, b"StructTreeRoot")?)?;
    let document_tag = match struct_root.get(b"K").map_err(|e| e.to_string())? {
        Object::Reference(id) => *id,
        Object::Array(kids) if kids.len() == 1 => {
            kids[0].as_reference().map_err(|e| e.to_string())?
        }
        _ => return Err("the tags have no one document tag".into()),
    };
    let parent_tree = match struct_root.get(b"ParentTree").map_err(|e| e.to_string())? {
        Object::Reference(id) => dict(doc, *id)?,
        Object::Dictionary(d) => d,
        _ => return Err("the parent tree is not a dictionary".into()),
    };
    let nums = match parent_tree.get(b"Nums") {
        Ok(Object::Array(a)) => a.clone(),
        _ => return Err("the parent tree is not one flat list".into()),
    };
    let next_key = struct_root
        .get(b"ParentTreeNextKey")
        .and_then(Object::as_i64)
        .unwrap_or(0);
    let mut dests = Vec::new();
    if let Some(names) = catalog
        .get(b"Names")
        .ok()
        .and_then(|n| doc.dereference(n).ok())
        .and_then(|(_, n)| n.as_dict().ok())
    {
        if let Some(d) = names
            .get(b"Dests")
            .ok()
            .and_then(|d| doc.dereference(d).ok())
            .and_then(|(_, d)| d.as_dict().ok())
        {
            let pairs = d
                .get(b"Names")
                .and_then(Object::as_array)
                .map_err(|_| "the named destinations are not one flat list".to_string())?;
            for pair in pairs.chunks(2) {
                if let [Object::String(name, _), dest] = pair {
                    dests.push((name.clone(), dest.clone()));
                }
            }
        }
    }
    let mut outlines = Vec::new();
    if let Ok(root) = reference(catalog, b"Outlines") {
        let mut next = reference(dict(doc, root)?, b"First").ok();
        while let Some(id) = next {
            outlines.push(id);
            next = reference(dict(doc, id)?, b"Next").ok();
        }
    }
    Ok((document_tag, nums, next_key, dests, outlines))
}

/// The link annotations of `pages` that lead to a label of another part.
fn away_links(doc: &Document, pages: &[ObjectId]) -> Result<Vec<ObjectId>, String> {
    let away = |d: &Dictionary| {
        d.get(b"A")
            .and_then(|a| doc.dereference(a))
            .and_then(|(_, a)| a.as_dict())
            .and_then(|a| a.get(b"URI"))
            .and_then(Object::as_str)
            .is_ok_and(|uri| uri.starts_with(AWAY_LINK.as_bytes()))
    };
    let mut links = Vec::new();
    for &page in pages {
        links.extend(
            annotations(doc, page)?
                .into_iter()
                .filter(|&a| doc.get_dictionary(a).is_ok_and(away)),
        );
    }
    Ok(links)
}

impl Book {
    /// The book so far: the front matter's PDF.
    fn of(doc: Document, headings: &[(NonZeroUsize, bool)]) -> Result<Book, String> {
        let (document_tag, nums, next_key, dests, outlines) = trees(&doc)?;
        let outline = flat_outline(&doc, &outlines, headings)?;
        let pages: Vec<ObjectId> = doc.get_pages().into_values().collect();
        let pages_root = reference(doc.catalog().map_err(|e| e.to_string())?, b"Pages")?;
        let away = away_links(&doc, &pages)?;
        Ok(Book {
            out: Output::new(&doc.version)?,
            doc,
            pages,
            pages_root,
            document_tag,
            kids: Vec::new(),
            nums,
            next_key,
            dests,
            outline,
            away,
        })
    }

    /// `part`'s pages (without the `added` first ones and their tags) after the book's, its
    /// objects written but for its own catalog and trees (the book's stand for them) and
    /// what the book's catalog changes at the end.
    fn add(
        &mut self,
        mut part: Document,
        added: usize,
        headings: &[(NonZeroUsize, bool)],
    ) -> Result<(), String> {
        part.renumber_objects_with(self.doc.max_id + 1);
        let (tag, nums, next_key, dests, outlines) = trees(&part)?;
        let flat = flat_outline(&part, &outlines, headings)?;
        let offset = self.next_key;
        let mut pages: Vec<ObjectId> = part.get_pages().into_values().collect();
        let dropped: Vec<ObjectId> = pages.drain(..added.min(pages.len())).collect();
        let dropped_keys = struct_parents(&part, &dropped);
        let mut dropped_tags = std::collections::HashSet::new();
        // Every key into the parent tree moves past the book's own.
        for &page in &pages {
            shift_keys(&mut part, page, offset)?;
            part.get_dictionary_mut(page)
                .map_err(|e| e.to_string())?
                .set("Parent", Object::Reference(self.pages_root));
        }
        let mut roots: Vec<Object> = pages.iter().map(|&p| Object::Reference(p)).collect();
        for pair in nums.chunks(2) {
            if let [Object::Integer(key), value] = pair {
                if dropped_keys.contains(key) {
                    if let Ok(Object::Array(tags)) = part.dereference(value).map(|(_, v)| v) {
                        dropped_tags.extend(tags.iter().filter_map(|t| t.as_reference().ok()));
                    }
                    continue;
                }
                self.nums.push(Object::Integer(key + offset));
                self.nums.push(value.clone());
                roots.push(value.clone());
            }
        }
        self.next_key += next_key;
        // The part's tags under the book's document tag.
        let mut kids = match dict(&part, tag)?.get(b"K") {
            Ok(Object::Array(a)) => a.clone(),
            Ok(one) => vec![one.clone()],
            Err(_) => Vec::new(),
        };
        kids.retain(|k| {
            k.as_reference()
                .map_or(true, |id| !dropped_tags.contains(&id))
        });
        for kid in &kids {
            if let Object::Reference(id) = kid {
                if let Ok(d) = part.get_dictionary_mut(*id) {
                    d.set("P", Object::Reference(self.document_tag));
                }
            }
        }
        roots.extend(kids.iter().cloned());
        roots.extend(dests.iter().map(|(_, d)| d.clone()));
        // What the book's catalog changes at the end is held: the bookmarks and the
        // links that lead to other parts.
        let away = away_links(&part, &pages)?;
        let held: Vec<ObjectId> = flat
            .iter()
            .filter_map(|f| f.0)
            .chain(away.iter().copied())
            .collect();
        self.away.extend(away);
        roots.extend(held.iter().map(|&h| Object::Reference(h)));
        // The part's own catalog and trees are left out, and so is all that only they
        // lead to (the pages gobook added first).
        remove_own_trees(&mut part, tag)?;
        let mut keep = Dictionary::new();
        keep.set("Keep", Object::Array(roots));
        part.trailer = keep;
        part.prune_objects();
        for id in held {
            if let Some(object) = part.objects.remove(&id) {
                self.doc.objects.insert(id, object);
            }
        }
        for (&id, object) in &part.objects {
            self.out.object(id, object)?;
        }
        self.outline.extend(flat);
        self.dests.extend(dests);
        self.kids.extend(kids);
        self.doc.max_id = part.max_id;
        self.pages.extend(pages);
        Ok(())
    }

    /// The book's catalog made to hold every part's pages, tags, destinations and
    /// bookmarks, its links to other parts led to their places, written out.
    fn finish(
        mut self,
        places: &HashMap<String, Place>,
        page_word: &str,
    ) -> Result<Spilled, String> {
        let doc = &mut self.doc;
        let catalog = doc.catalog().map_err(|e| e.to_string())?.clone();
        let root = doc
            .get_dictionary_mut(self.pages_root)
            .map_err(|e| e.to_string())?;
        root.set(
            "Kids",
            Object::Array(self.pages.iter().map(|&p| p.into()).collect()),
        );
        root.set("Count", Object::Integer(self.pages.len() as i64));
        let document = doc
            .get_dictionary_mut(self.document_tag)
            .map_err(|e| e.to_string())?;
        let mut all = match document.remove(b"K") {
            Some(Object::Array(a)) => a,
            Some(one) => vec![one],
            None => Vec::new(),
        };
        all.append(&mut self.kids);
        document.set("K", Object::Array(all));
        let struct_root = reference(&catalog, b"StructTreeRoot")?;
        let mut tree = Dictionary::new();
        tree.set("Nums", Object::Array(std::mem::take(&mut self.nums)));
        let tree = doc.add_object(tree);
        let d = doc
            .get_dictionary_mut(struct_root)
            .map_err(|e| e.to_string())?;
        d.set("ParentTree", Object::Reference(tree));
        d.set("ParentTreeNextKey", Object::Integer(self.next_key));
        let dests = std::mem::take(&mut self.dests);
        names(doc, dests)?;
        bookmarks(doc, &catalog, std::mem::take(&mut self.outline))?;
        links(doc, &self.away, &self.pages, page_word, places)?;
        for (&id, object) in &doc.objects {
            self.out.object(id, object)?;
        }
        let size = doc.max_id + 1;
        let trailer = doc.trailer.clone();
        self.out.finish(trailer, size)
    }
}

/// The part's own catalog, document tag and trees (page tree, tags' root and parent tree,
/// bookmarks' root, names, metadata) taken out of `part`: the book's stand for them.
fn remove_own_trees(part: &mut Document, tag: ObjectId) -> Result<(), String> {
    let catalog = reference(&part.trailer, b"Root")?;
    let mut own = vec![catalog, tag];
    let c = dict(part, catalog)?;
    for key in [
        &b"Pages"[..],
        b"StructTreeRoot",
        b"Outlines",
        b"Names",
        b"Metadata",
    ] {
        own.extend(reference(c, key));
    }
    if let Ok(root) = reference(c, b"StructTreeRoot") {
        own.extend(reference(dict(part, root)?, b"ParentTree"));
    }
    if let Ok(names) = reference(c, b"Names") {
        own.extend(reference(dict(part, names)?, b"Dests"));
    }
    for id in own {
        part.objects.remove(&id);
    }
    Ok(())
}

/// The keys into the parent tree of the marked content of `pages`.
fn struct_parents(doc: &Document, pages: &[ObjectId]) -> Vec<i64> {
    pages
        .iter()
        .filter_map(|&page| {
            dict(doc, page)
                .ok()?
                .get(b"StructParents")
                .and_then(Object::as_i64)
                .ok()
        })
        .collect()
}

/// The annotations of page `page` of `doc`.
fn annotations(doc: &Document, page: ObjectId) -> Result<Vec<ObjectId>, String> {
    Ok(match dict(doc, page)?.get(b"Annots") {
        Ok(Object::Array(a)) => a.iter().filter_map(|o| o.as_reference().ok()).collect(),
        _ => Vec::new(),
    })
}

/// Page `page` of `doc` and its annotations with their keys into the parent tree moved
/// by `offset`.
fn shift_keys(doc: &mut Document, page: ObjectId, offset: i64) -> Result<(), String> {
    let d = doc.get_dictionary_mut(page).map_err(|e| e.to_string())?;
    if let Ok(Object::Integer(k)) = d.get_mut(b"StructParents") {
        *k += offset;
    }
    let annots: Vec<ObjectId> = match d.get(b"Annots") {
        Ok(Object::Array(a)) => a.iter().filter_map(|o| o.as_reference().ok()).collect(),
        _ => Vec::new(),
    };
    for a in annots {
        if let Ok(ad) = doc.get_dictionary_mut(a) {
            if let Ok(Object::Integer(k)) = ad.get_mut(b"StructParent") {
                *k += offset;
            }
        }
    }
    Ok(())
}

/// The book's named destinations, every part's, in the order a name tree keeps.
fn names(doc: &mut Document, mut dests: Vec<(Vec<u8>, Object)>) -> Result<(), String> {
    if dests.is_empty() {
        return Ok(());
    }
    dests.sort_by(|a, b| a.0.cmp(&b.0));
    dests.dedup_by(|a, b| a.0 == b.0);
    let flat: Vec<Object> = dests
        .into_iter()
        .flat_map(|(name, dest)| [Object::String(name, lopdf::StringFormat::Literal), dest])
        .collect();
    let mut tree = Dictionary::new();
    tree.set("Names", Object::Array(flat));
    let tree = doc.add_object(tree);
    let mut names = Dictionary::new();
    names.set("Dests", Object::Reference(tree));
    let names = doc.add_object(names);
    let catalog_id = reference(&doc.trailer, b"Root")?;
    doc.get_dictionary_mut(catalog_id)
        .map_err(|e| e.to_string())?
        .set("Names", Object::Reference(names));
    Ok(())
}

/// The book's bookmarks: every part's, nested by their headings' levels as typst nests
/// a document's (`OutlineNode::build_tree`), each kept open or closed as typst made it.
fn bookmarks(doc: &mut Document, catalog: &Dictionary, flat: Vec<Flat>) -> Result<(), String> {
    let tree = OutlineNode::build_tree(flat);
    if tree.is_empty() {
        return Ok(());
    }
    let root = match reference(catalog, b"Outlines") {
        Ok(root) => root,
        Err(_) => {
            let mut d = Dictionary::new();
            d.set("Type", Object::Name(b"Outlines".to_vec()));
            let root = doc.add_object(d);
            let catalog_id = reference(&doc.trailer, b"Root")?;
            doc.get_dictionary_mut(catalog_id)
                .map_err(|e| e.to_string())?
                .set("Outlines", Object::Reference(root));
            root
        }
    };
    let shown = link_bookmarks(doc, root, &tree)?;
    let d = doc.get_dictionary_mut(root).map_err(|e| e.to_string())?;
    d.set("Count", Object::Integer(shown));
    Ok(())
}

/// The bookmarks of `nodes` chained under `parent`: how many of them and their
/// descendants an open parent shows.
fn link_bookmarks(
    doc: &mut Document,
    parent: ObjectId,
    nodes: &[OutlineNode<Option<ObjectId>>],
) -> Result<i64, String> {
    let ids: Vec<ObjectId> = nodes.iter().filter_map(|n| n.entry).collect();
    let mut shown = 0;
    for (i, node) in nodes.iter().enumerate() {
        let Some(id) = node.entry else { continue };
        let below = link_bookmarks(doc, id, &node.children)?;
        let d = doc.get_dictionary_mut(id).map_err(|e| e.to_string())?;
        let open = d
            .get(b"Count")
            .and_then(Object::as_i64)
            .map_or(true, |c| c >= 0);
        d.set("Parent", Object::Reference(parent));
        for key in [&b"Prev"[..], b"Next", b"First", b"Last", b"Count"] {
            d.remove(key);
        }
        if let Some(&prev) = i.checked_sub(1).and_then(|i| ids.get(i)) {
            d.set("Prev", Object::Reference(prev));
        }
        if let Some(&next) = ids.get(i + 1) {
            d.set("Next", Object::Reference(next));
        }
        if let (Some(first), Some(last)) = (node.children.first(), node.children.last()) {
            if let (Some(first), Some(last)) = (first.entry, last.entry) {
                d.set("First", Object::Reference(first));
                d.set("Last", Object::Reference(last));
                d.set("Count", Object::Integer(if open { below } else { -below }));
            }
        }
        shown += 1 + if open { below } else { 0 };
    }
    let (Some(&first), Some(&last)) = (ids.first(), ids.last()) else {
        return Ok(0);
    };
    let d = doc.get_dictionary_mut(parent).map_err(|e| e.to_string())?;
    d.set("First", Object::Reference(first));
    d.set("Last", Object::Reference(last));
    Ok(shown)
}

/// Each of the links `away` (to a label of another part) made a link to the label's
/// place among `pages`.
fn links(
    doc: &mut Document,
    away: &[ObjectId],
    pages: &[ObjectId],
    page_word: &str,
    places: &HashMap<String, Place>,
) -> Result<(), String> {
    for &id in away {
        let Ok(d) = doc.get_dictionary(id) else {
            continue;
        };
        let key = d
            .get(b"A")
            .and_then(|a| doc.dereference(a))
            .and_then(|(_, a)| a.as_dict())
            .and_then(|a| a.get(b"URI"))
            .and_then(Object::as_str)
            .ok()
            .and_then(|uri| uri.strip_prefix(AWAY_LINK.as_bytes()))
            .map(|k| String::from_utf8_lossy(k).into_owned());
        let Some(key) = key else {
            continue;
        };
        let Some(place) = places.get(&key) else {
            continue;
        };
        let Some(&target) = pages.get(place.page.saturating_sub(1)) else {
            continue;
        };
        let d = doc.get_dictionary_mut(id).map_err(|e| e.to_string())?;
        d.remove(b"A");
        d.set(
            "Dest",
            Object::Array(vec![
                Object::Reference(target),
                Object::Name(b"XYZ".to_vec()),
                Object::Real(place.x as f32),
                Object::Real(place.y as f32),
                Object::Integer(0),
            ]),
        );
        // What typst says of a link to a page, for a reader who listens.
        d.set(
            "Contents",
            text_string(&format!("{page_word} {}", place.page)),
        );
    }
    Ok(())
}

/// `text` as a PDF text string: as it is in ASCII, else in UTF-16 after its byte order mark.
fn text_string(text: &str) -> Object {
    let bytes = if text.is_ascii() {
        text.as_bytes().to_vec()
    } else {
        let mut b = vec![0xFE, 0xFF];
        b.extend(text.encode_utf16().flat_map(u16::to_be_bytes));
        b
    };
    Object::String(bytes, lopdf::StringFormat::Hexadecimal)
}

/// `trailer` as a classic cross-reference table's trailer: without what only a
/// cross-reference stream (typst's) or the section before (`Prev`) says.
pub(super) fn table_trailer(trailer: &mut Dictionary) {
    for key in [
        &b"Prev"[..],
        b"XRefStm",
        b"Type",
        b"W",
        b"Index",
        b"Filter",
        b"Length",
    ] {
        trailer.remove(key);
    }
}
