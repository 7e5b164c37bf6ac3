//! Points that lead to a page (a Sensei's Library diagram's link lines, `[a|Page]`): over
//! each, a link as large as a stone, so that the label, mark or stone the point shows is
//! what the reader clicks; its title is the target as the diagram wrote it, its name for
//! a screen reader and its tooltip.

use super::layout::Layout;
use super::stones::STONE_RADIUS;
use super::text::push_int;
use crate::board::diagram::PointLink;
use crate::escape::{push_attr, push_text};

/// Writes the links over the points of `links` that the view shows, in one group drawn
/// over everything but the coordinates. The disc is transparent: it is there to be
/// clicked, what it covers shows through.
pub(crate) fn write_links(out: &mut String, l: &Layout, links: &[PointLink]) {
    let mut open = false;
    for k in links.iter().filter(|k| l.shows(k.point)) {
        if !open {
            out.push_str(r#"<g fill="transparent">"#);
            open = true;
        }
        let (x, y) = l.xy(k.point);
        out.push_str(r#"<a href=""#);
        push_attr(out, &k.href);
        out.push_str(r#""><title>"#);
        push_text(out, &k.target);
        out.push_str(r#"</title><circle cx=""#);
        push_int(out, x);
        out.push_str(r#"" cy=""#);
        push_int(out, y);
        out.push_str(r#"" r=""#);
        push_int(out, STONE_RADIUS);
        out.push_str(r#""/></a>"#);
    }
    if open {
        out.push_str("</g>");
    }
}
