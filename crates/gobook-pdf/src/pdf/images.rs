//! A chapter's images as the site shows them (`markup::blocks::image`): at their natural
//! size times `scale`, the column (or their `width`'s share of it, which `scale` is then of)
//! at most; placed by `align`; with a `border`, a `shadow` or a dark `fill` where they ask;
//! half and third width images side by side, as many as fill a line. `gb-image` in
//! `frame.typ` prints one.

use super::blocks::Chapters;
use super::escape::{markup, string};
use super::rich::{is_web, key};
use crate::layout::page::{Block, ImageBlock};
use crate::layout::sizing::board_share;
use crate::resolve::model::DiagramWidth;
use crate::resolve::text::LinkTarget;
use typst::foundations::Bytes;

impl Chapters<'_> {
    /// An image standing alone: its own share of the column and its `align`.
    pub(super) fn image(&mut self, page: usize, img: &ImageBlock) -> String {
        let brk = if img.brk.as_deref() == Some("page") {
            "#pagebreak(weak: true)\n"
        } else {
            ""
        };
        let share = share(img).unwrap_or(1.0);
        match self.image_call(page, img, share) {
            Some(call) => format!("{brk}#{call}\n\n"),
            None => String::new(),
        }
    }

    /// Images `row` side by side (`per` of them fill a line), each in its own column.
    pub(super) fn image_row(&mut self, page: usize, row: &[&ImageBlock], per: usize) -> String {
        let brk = if row[0].brk.as_deref() == Some("page") {
            "#pagebreak(weak: true)\n"
        } else {
            ""
        };
        let cells: Vec<String> = row
            .iter()
            .map(|img| match self.image_call(page, img, 1.0) {
                Some(call) => format!("[#{call}]"),
                None => "[]".into(),
            })
            .collect();
        format!("{brk}#gb-image-row({per}, {})\n\n", cells.join(", "))
    }

    /// The `gb-image` call of `img` in `share` of the place it is given; for an image not
    /// in the book's folder, its caption alone (or nothing).
    fn image_call(&mut self, page: usize, img: &ImageBlock, share: f64) -> Option<String> {
        let label = format!("#label({})", string(&key(page, &img.anchor)));
        let caption = (!img.alt.trim().is_empty()).then(|| markup(&img.alt));
        let Some((bytes, ext)) = (self.images)(&img.image.url) else {
            return caption.map(|c| format!("block[#par[#emph[{c}]]]{label}"));
        };
        let path = format!("/img/{}.{ext}", self.files.len());
        self.files.push((path.clone(), Bytes::new(bytes)));
        let i = &img.image;
        let alt = Some(img.alt.trim())
            .filter(|a| !a.is_empty())
            .unwrap_or(crate::i18n::ui(crate::i18n::UiWord::Figure, self.lang));
        let mut opts = format!("share: {share:.4}");
        // `scale` of the natural size; with a `width`, of that width (as the spec says).
        if let Some(s) = i.scale.map(|s| s.0).filter(|s| *s > 0.0) {
            opts.push_str(&format!(", scale: {:.3}", s.min(20.0)));
            opts.push_str(&format!(", of-width: {}", i.width.is_some()));
        }
        if let Some(a @ ("left" | "right")) = i.align.as_deref() {
            opts.push_str(&format!(", to: {a}"));
        }
        for (on, name) in [(i.border, "border"), (i.shadow, "shadow"), (i.fill, "fill")] {
            if on {
                opts.push_str(&format!(", {name}: true"));
            }
        }
        if let Some(LinkTarget::External(url)) = &img.href {
            if is_web(url) {
                opts.push_str(&format!(", url: {}", string(url)));
            }
        }
        if let Some(c) = caption {
            opts.push_str(&format!(", caption: [{c}]"));
        }
        Some(format!(
            "gb-image({}, {}, {opts}){label}",
            string(&path),
            string(alt)
        ))
    }
}

/// The share of the column image `img`'s `width` gives it, where it sets one.
fn share(img: &ImageBlock) -> Option<f64> {
    img.image
        .width
        .as_deref()
        .and_then(DiagramWidth::parse)
        .map(board_share)
}

/// How many images of `img`'s width fill a line: 2 halves or 3 thirds; None for the others.
pub fn per_row(img: &ImageBlock) -> Option<usize> {
    match img.image.width.as_deref() {
        Some("half") => Some(2),
        Some("third") => Some(3),
        _ => None,
    }
}

/// The images at the start of `blocks` that stand side by side, as the site's rows have
/// them: of one narrow width, as many as fill a line, none but the first with a `break`.
/// Fewer than two: none (an image alone keeps its own place and `align`).
pub fn row(blocks: &[Block]) -> Vec<&ImageBlock> {
    fn image(b: &Block) -> Option<&ImageBlock> {
        match b {
            Block::Image(i) => Some(i),
            _ => None,
        }
    }
    let Some(first) = blocks.first().and_then(image) else {
        return Vec::new();
    };
    let Some(per) = per_row(first) else {
        return Vec::new();
    };
    let mut out = vec![first];
    for b in &blocks[1..] {
        match image(b) {
            Some(i) if out.len() < per && i.image.width == first.image.width && i.brk.is_none() => {
                out.push(i)
            }
            _ => break,
        }
    }
    if out.len() < 2 {
        out.clear();
    }
    out
}
