//! Points that lead to a page (a Sensei's Library diagram's link lines, `[a|Page]`): over
//! each, a link as large as a stone, so that the label, mark or stone the point shows is
//! what the reader clicks; its title is the target as the diagram wrote it, its name for
//! a screen reader and its tooltip.

use super::drawing::{Attrs, Group, Item};
use super::layout::Layout;
use super::stones::{circle, STONE_RADIUS};
use crate::board::diagram::PointLink;

/// Writes the links over the points of `links` that the view shows, in one group drawn
/// over everything but the coordinates. The disc is transparent: it is there to be
/// clicked, what it covers shows through.
pub(crate) fn write_links(out: &mut Vec<Item>, l: &Layout, links: &[PointLink]) {
    let items: Vec<Item> = links
        .iter()
        .filter(|k| l.shows(k.point))
        .map(|k| Item::Link {
            href: k.href.clone(),
            title: k.target.clone(),
            items: vec![circle(l.xy(k.point), STONE_RADIUS)],
        })
        .collect();
    if !items.is_empty() {
        out.push(Item::Group(Group {
            attrs: Attrs {
                fill: Some("transparent"),
                ..Attrs::default()
            },
            items,
        }));
    }
}
