//! The position index: every diagram a page shows, as its start position and its moves
//! with what each captures, so that the browser can replay each without the rules and
//! test the position after every move against a pattern (`themes/default/search.js`). A
//! start position and a move list is the most compact form of every position of a game
//! figure: two letters a stone and three a move, about 3 bytes a position where a
//! bitboard would take 90.

use crate::layout::book::{LaidBook, LaidPage};
use crate::layout::page;
use crate::point::{Color, Point};
use crate::resolve::model::Diagram;
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;

/// The file of the position index in the site's root (one for every language).
pub const FILE_NAME: &str = "search-positions.js";

/// A point as two letters, column then row from the lower left (`a` = 0), as the
/// diagrams' `data-gb` has them.
fn push_code(out: &mut String, p: Point) {
    out.push((b'a' + p.col) as char);
    out.push((b'a' + p.row) as char);
}

/// One diagram: `[size, black stones, white stones, moves, first number]`, moves as
/// `B` or `W` and a point, `--` for a move elsewhere (numbered) and `..` for a pass, each
/// followed by `x` and a point for every stone it captures (the resolver's own captures:
/// the browser replays with no flood fill, and exactly as the book's board went).
fn diagram(d: &Diagram) -> Value {
    let stones = |color: Color| {
        let mut s = String::with_capacity(2 * d.stones.len());
        for (p, _) in d.stones.iter().filter(|(_, c)| *c == color) {
            push_code(&mut s, *p);
        }
        s
    };
    let mut moves = String::with_capacity(3 * d.moves.len());
    for m in &d.moves {
        moves.push(match m.color {
            Color::Black => 'B',
            Color::White => 'W',
        });
        match (m.point, m.number) {
            (Some(p), _) => push_code(&mut moves, p),
            (None, Some(_)) => moves.push_str("--"),
            (None, None) => moves.push_str(".."),
        }
        for &p in m.captures.iter() {
            moves.push('x');
            push_code(&mut moves, p);
        }
    }
    json!([
        d.size,
        stones(Color::Black),
        stones(Color::White),
        moves,
        d.first_number
    ])
}

/// The index of the diagrams the pages of `plans` show, as a script (see
/// [`super::script`]): `{z: the most common board size, d: {diagram: [...]}, l: {lang:
/// {p: [[page href, title], ...], f: [[diagram, page, anchor, caption, game], ...]}}}`:
/// `caption` is the first line under the board as the page prints it ("Figure 3 — Moves
/// 51–100", or empty), `game` is 1 for a game figure (`fig`) and 0 for any other diagram,
/// so that the browser names each result by its caption and ranks the book's games
/// first. Diagrams shown in several languages are stored once.
pub fn index(laid: &LaidBook) -> String {
    let mut diagrams = BTreeMap::new();
    let mut langs = Map::new();
    for language in &laid.languages {
        let plan = &language.plan;
        let mut shown = Vec::new();
        let mut pages = Vec::new();
        for (pi, pg) in language.pages.iter().enumerate() {
            let view = PageFigures::of(pg);
            pages.push(json!([plan.page_href(pi), view.short_title]));
            for (i, anchor, caption, game, d) in view.figures {
                // The page's own copy of the diagram: what the index says is what the page shows.
                let Some(d) = d else { continue };
                diagrams.entry(i).or_insert_with(|| (d.size, diagram(d)));
                shown.push(json!([i, pi, anchor, caption, u8::from(game)]));
            }
        }
        langs.insert(plan.lang.clone(), json!({ "p": pages, "f": shown }));
    }
    let mut sizes = BTreeMap::<u8, usize>::new();
    for (size, _) in diagrams.values() {
        *sizes.entry(*size).or_default() += 1;
    }
    let common = sizes
        .iter()
        .max_by_key(|(size, n)| (**n, **size))
        .map_or(19, |(s, _)| *s);
    let d: Map<String, Value> = diagrams
        .into_iter()
        .map(|(i, (_, v))| (i.to_string(), v))
        .collect();
    let value = json!({ "z": common, "d": d, "l": langs });
    super::script("positions", &value.to_string())
}

/// One figure as the index shows it: diagram, anchor, caption line, game figure or not,
/// and the page's copy of the diagram.
type Shown<'a> = (usize, &'a str, String, bool, Option<&'a Diagram>);

/// What the position index shows of one page: its short title, and each figure's
/// diagram, anchor, caption line, whether it is a game figure, and the diagram as the
/// page has it. [`index`] reads a page only through
/// this view, so whoever keeps the index by what its pages show (`serve`, `site/kept.rs`)
/// compares exactly what the index reads.
#[derive(PartialEq)]
pub struct PageFigures<'a> {
    short_title: &'a str,
    figures: Vec<Shown<'a>>,
}

impl<'a> PageFigures<'a> {
    /// The view of `page`.
    pub fn of(page: &'a LaidPage) -> Self {
        PageFigures {
            short_title: &page.frame.short_title,
            figures: page::figures(&page.blocks)
                .map(|f| {
                    let d = page.diagrams.iter().find(|(i, _)| *i == f.diagram);
                    (
                        f.diagram,
                        f.anchor.as_str(),
                        f.caption.title(),
                        f.kind == "fig",
                        d.map(|(_, d)| &**d),
                    )
                })
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_diagram_is_its_start_and_its_moves_and_each_language_lists_where_it_shows() {
        let book = "::book_en_de(#t)\n\n::chapter(#c)\n\n::fig(#f) sz=9 ab=A1 aw=B1 mv=\"C3 D4 Pass E5 F6 A2\"\n\n::dia sz=13 ab=A1\n";
        let checked = crate::check::check(book);
        assert!(!checked.has_errors(), "{:?}", checked.diagnostics);
        let laid = crate::layout::book::lay_out(&checked);
        let js = index(&laid);
        let v: Value = serde_json::from_str(
            js.split_once("]=")
                .unwrap()
                .1
                .trim_end()
                .trim_end_matches(';'),
        )
        .unwrap();
        assert_eq!(
            v["d"]["0"],
            json!([9, "aa", "ba", "BccWddB..WeeBffWabxaa", 1])
        );
        assert_eq!(v["d"]["1"][0], json!(13));
        // The figure with its caption line as the page prints it, a game figure.
        let en = &v["l"]["en"]["f"][0];
        assert_eq!(en, &json!([0, 0, "f", en[3].as_str().unwrap(), 1]));
        assert!(en[3].as_str().unwrap().contains('1'), "{en}");
        let de = &v["l"]["de"]["f"][0];
        assert_eq!(
            (&de[0], &de[1], &de[2]),
            (&json!(0), &json!(0), &json!("f"))
        );
        // The diagram after the figure is no game figure.
        assert_eq!(v["l"]["en"]["f"][1][4], json!(0));
        assert_eq!(v["l"]["en"]["p"][0][0], json!("index.html"));
        // One diagram of each size: the larger wins the tie.
        assert_eq!(v["z"], json!(13));
    }
}
