//! Boards side by side in one SVG (a Sensei's Library comparison diagram): each board drawn
//! as [`super::render`] draws it alone, then placed in a row in an outer `<svg>` that holds
//! them, so every board keeps its own view, title and description.

use super::{render, shown_size, title_or_default, BoardDiagram, SvgOptions};
use crate::escape::push_text;
use std::fmt::Write;

/// The space between two boards, in user units (a board's margin is already around each).
const GAP: i32 = 8;

/// The user-unit size of a drawing [`render`] wrote: the width and height of its viewBox.
fn size_of(svg: &str) -> (i32, i32) {
    let nums: Vec<i32> = svg
        .split_once("viewBox=\"")
        .and_then(|(_, r)| r.split_once('"'))
        .map(|(v, _)| v.split(' ').filter_map(|n| n.parse().ok()).collect())
        .unwrap_or_default();
    match nums.as_slice() {
        [_, _, w, h] => (*w, *h),
        _ => (0, 0),
    }
}

/// The boards `boards` in a row, left to right, under `title`; `opts` as for one board (its
/// width, fluid and palette are the row's; each board's ids get the board's number).
pub fn render_row(boards: &[BoardDiagram], title: &str, opts: &SvgOptions) -> String {
    let mut parts = Vec::with_capacity(boards.len());
    for (i, b) in boards.iter().enumerate() {
        let one = SvgOptions {
            id_prefix: format!("{}-{}", opts.id_prefix, i + 1),
            caption: Vec::new(),
            width: None,
            fluid: false,
            ..opts.clone()
        };
        let svg = render(b, &one);
        let (w, h) = size_of(&svg);
        parts.push((svg, w, h));
    }
    let w = parts.iter().map(|p| p.1).sum::<i32>() + GAP * (parts.len() as i32 - 1).max(0);
    let h = parts.iter().map(|p| p.2).max().unwrap_or(0);
    let mut out = String::with_capacity(parts.iter().map(|p| p.0.len()).sum::<usize>() + 256);
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="{}" viewBox="0 0 {w} {h}""#,
        super::style::ROOT
    );
    if opts.fluid && opts.width.is_none() {
        out.push_str(r#" width="100%""#);
    } else {
        let (sw, sh) = shown_size(opts.width, w, h);
        let _ = write!(out, r#" width="{sw}" height="{sh}""#);
    }
    out.push_str(r#" role="group"><title>"#);
    push_text(&mut out, title_or_default(title));
    out.push_str("</title>");
    let mut x = 0;
    for (svg, bw, _) in &parts {
        // The board's own `<svg>`, placed: the namespace is the outer one's.
        let inner = svg.replacen(
            r#"<svg xmlns="http://www.w3.org/2000/svg""#,
            &format!(r#"<svg x="{x}" y="0""#),
            1,
        );
        out.push_str(&inner);
        x += bw + GAP;
    }
    out.push_str("</svg>");
    out
}
