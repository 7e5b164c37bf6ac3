//! Go data worked out ahead, in parallel: replaying games is most of resolving a book,
//! and the walk in `resolve_inner` must go in order (numbering, chapters, diagnostics).
//! Every element and inline diagram the cache lacks is made here, wave by wave (each
//! wave needs only the waves before it: an element's base comes earlier), and stored
//! in the cache, where the walk then finds it. Keys are made by the walk's own
//! functions; one made differently here would only be made again by the walk.

use super::cache::{Key, ResolveCache};
use super::godata::{GoData, Role};
use super::{element_key, inline_key, inline_size, make_element, make_inline, Inherited};
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::format::inline::{self, Inline};
use crate::format::links::{self, Links};
use crate::format::schema::ElementKind;
use crate::format::syntax::{Document, Element};
use crate::format::values;
use crate::resolve::model::Diagram;
use rayon::prelude::*;
use std::sync::Arc;

/// One piece of Go data to make.
struct Job<'a> {
    key: Key,
    element: usize,
    el: &'a Element,
    role: Role,
    inh: Inherited,
}

/// What a job made.
type Made = (Key, u32, Arc<GoData>, Option<Diagram>, Vec<Diagnostic>);

/// Fills `cache` with the Go data of every element and inline diagram it lacks.
pub(super) fn prefetch(
    src: &str,
    doc: &Document,
    links: &Links,
    cache: &mut ResolveCache,
    book: Inherited,
) {
    let n = doc.elements.len();
    let mut keys: Vec<Option<Key>> = vec![None; n];
    let mut data: Vec<Option<Arc<GoData>>> = vec![None; n];
    // Wave of each element's job: one after its base's.
    let mut wave: Vec<usize> = vec![0; n];
    let mut waves: Vec<Vec<Job>> = Vec::new();
    let mut inh = book;
    let mut paragraphs = Vec::new();
    for (i, el) in doc.elements.iter().enumerate() {
        match el.kind {
            ElementKind::Chapter => {
                let flag =
                    |name: &str| el.attr_value(name).and_then(|v| values::parse_flag(v).ok());
                inh = Inherited {
                    full_width: flag("fullWidth").unwrap_or(book.full_width),
                    show_coords: flag("showCoords").unwrap_or(book.show_coords),
                };
            }
            // A clone has no board of its own: resolution copies the original's in.
            ElementKind::Diagram(_) if links::is_clone(el) => {}
            ElementKind::Go | ElementKind::Diagram(_) => {
                let text = src
                    .get(el.span.start as usize..el.span.end as usize)
                    .unwrap_or("");
                let key = element_key(
                    text,
                    links.base[i].and_then(|b| keys[b].as_ref()),
                    links.size[i],
                    inh,
                );
                if let Some((k, d)) = cache.peek(&key) {
                    keys[i] = Some(k);
                    data[i] = Some(d);
                    continue;
                }
                keys[i] = Some(key.clone());
                let Some(role) = Role::of(el.kind) else {
                    continue;
                };
                let w = links.base[i]
                    .filter(|&b| data[b].is_none())
                    .map_or(0, |b| wave[b] + 1);
                wave[i] = w;
                if waves.len() <= w {
                    waves.resize_with(w + 1, Vec::new);
                }
                waves[w].push(Job {
                    key,
                    element: i,
                    el,
                    role,
                    inh,
                });
            }
            ElementKind::Paragraph(_)
                if el.value.as_ref().is_some_and(|v| v.raw.contains("<dia")) =>
            {
                paragraphs.push((i, inh));
            }
            _ => {}
        }
    }
    for jobs in &waves {
        let made: Vec<(usize, Made)> = jobs
            .par_iter()
            .map(|j| {
                let base = links.base[j.element].and_then(|b| data[b].as_deref());
                let mut found = Diagnostics::default();
                let (gd, dia) =
                    make_element(j.el, j.role, base, links.size[j.element], j.inh, &mut found);
                (
                    j.element,
                    (
                        j.key.clone(),
                        j.el.span.start,
                        Arc::new(gd),
                        dia,
                        found.into_vec(),
                    ),
                )
            })
            .collect();
        for (i, (key, anchor, gd, dia, found)) in made {
            data[i] = Some(gd.clone());
            cache.insert_made(key, anchor, gd, dia, found);
        }
    }
    prefetch_inline(src, doc, links, cache, &keys, &data, &paragraphs);
}

/// Inline diagrams of the paragraphs that have some; their bases are all made by now.
fn prefetch_inline(
    src: &str,
    doc: &Document,
    links: &Links,
    cache: &mut ResolveCache,
    keys: &[Option<Key>],
    data: &[Option<Arc<GoData>>],
    paragraphs: &[(usize, Inherited)],
) {
    let cached = &*cache;
    let made: Vec<Made> = paragraphs
        .par_iter()
        .flat_map_iter(|&(para, inh)| {
            let mut scratch = Diagnostics::default();
            let parts = doc.elements[para]
                .value
                .as_ref()
                .map(|v| inline::parse(v, &mut scratch))
                .unwrap_or_default();
            let mut out = Vec::new();
            let mut stack: Vec<&[Inline]> = vec![&parts];
            while let Some(level) = stack.pop() {
                for part in level {
                    let Inline::Dia {
                        attrs,
                        content,
                        span,
                    } = part
                    else {
                        if let Inline::Style { content, .. } = part {
                            stack.push(content);
                        }
                        continue;
                    };
                    let base_idx = links::inline_dia_base(
                        doc,
                        links,
                        para,
                        attrs
                            .iter()
                            .find(|a| a.name == "base")
                            .map(|a| a.value.as_str()),
                    );
                    let base = base_idx.and_then(|b| data[b].as_deref());
                    let size = inline_size(attrs, base);
                    let key = inline_key(
                        src,
                        attrs,
                        *span,
                        base_idx.and_then(|b| keys[b].as_ref()),
                        size,
                        inh,
                    );
                    if cached.peek(&key).is_none() {
                        let mut found = Diagnostics::default();
                        let (gd, d) = make_inline(attrs, base, size, inh, *span, &mut found);
                        out.push((key, span.start, Arc::new(gd), d, found.into_vec()));
                    }
                    stack.push(content);
                }
            }
            out
        })
        .collect();
    for (key, anchor, gd, dia, found) in made {
        cache.insert_made(key, anchor, gd, dia, found);
    }
}
