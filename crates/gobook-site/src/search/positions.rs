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
use crate::search::{parts, Files};
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use std::sync::Arc;

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

/// The index of the diagrams the pages of `plans` show: its file (see [`super::script`]),
/// `{z: the most common board size, d: {diagram: [...]}, l: {lang: {p: [[page href,
/// title], ...], f: [[diagram, page, anchor, caption, game], ...]}}}`, and in a large book
/// the parts that follow it (see [`cut`]). `caption` is the first line under the board as
/// the page prints it ("Figure 3 — Moves 51–100", or empty), `game` is 1 for a game figure
/// (`fig`) and 0 for any other diagram, so that the browser names each result by its
/// caption and ranks the book's games first. Diagrams shown in several languages are
/// stored once.
pub fn index(laid: &LaidBook) -> Files {
    index_with(laid, parts::POSITIONS)
}

/// [`index`] with parts of the sizes `limits`.
pub fn index_with(laid: &LaidBook, limits: parts::Limits) -> Files {
    let mut diagrams = BTreeMap::new();
    let mut langs = Vec::new();
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
                shown.push((i, json!([i, pi, anchor, caption, u8::from(game)])));
            }
        }
        langs.push((plan.lang.clone(), pages, shown));
    }
    let mut sizes = BTreeMap::<u8, usize>::new();
    for (size, _) in diagrams.values() {
        *sizes.entry(*size).or_default() += 1;
    }
    let common = sizes
        .iter()
        .max_by_key(|(size, n)| (**n, **size))
        .map_or(19, |(s, _)| *s);
    cut(common, diagrams, langs, limits)
}

/// The index cut into parts by diagram, in the order of their numbers, of [`parts::POSITIONS`]'s
/// sizes: part `k` (`gobook-search/positions-k.js`) holds its diagrams and each language's
/// figures that show them, `{d, l: {lang: {f}}}`; the first (`search-positions.js`) holds
/// `z` and each language's pages `p` too, and `s`, the first diagram of each other part, when
/// there are others. A language's figures stay in its order: a figure goes in its diagram's
/// part or, when a figure before it went further (a diagram shown again), in that one, so the
/// parts' `f` joined in order are the language's list and the union of their `d` is the
/// whole index's, each diagram in the part of its first figure or before it.
fn cut(
    common: u8,
    diagrams: BTreeMap<usize, (u8, Value)>,
    langs: Vec<LangFigures>,
    limits: parts::Limits,
) -> Files {
    let diagrams: Vec<(usize, String, Value)> = diagrams
        .into_iter()
        .map(|(i, (_, v))| (i, v.to_string(), v))
        .collect();
    // A diagram weighs its JSON and that of the figures that show it, in every language.
    let mut weights: BTreeMap<usize, usize> =
        diagrams.iter().map(|(i, s, _)| (*i, s.len())).collect();
    for (_, _, shown) in &langs {
        for (i, f) in shown {
            *weights.entry(*i).or_default() += f.to_string().len() + 1;
        }
    }
    let cuts = parts::cuts(weights.into_values(), limits);
    let part_of = |i: usize| {
        let at = diagrams.partition_point(|(d, _, _)| *d < i);
        cuts.partition_point(|&c| c <= at)
    };
    let n = cuts.len() + 1;
    let mut ds: Vec<Map<String, Value>> = vec![Map::new(); n];
    for (k, (i, _, v)) in diagrams.iter().enumerate() {
        ds[cuts.partition_point(|&c| c <= k)].insert(i.to_string(), v.clone());
    }
    let mut ls: Vec<Map<String, Value>> = vec![Map::new(); n];
    for (lang, pages, shown) in langs {
        let mut fs: Vec<Vec<Value>> = vec![Vec::new(); n];
        let mut at = 0;
        for (i, f) in shown {
            at = at.max(part_of(i));
            fs[at].push(f);
        }
        for (k, f) in fs.into_iter().enumerate() {
            let value = match k {
                0 => json!({ "p": pages, "f": f }),
                _ => json!({ "f": f }),
            };
            ls[k].insert(lang.clone(), value);
        }
    }
    let firsts: Vec<usize> = cuts.iter().map(|&c| diagrams[c].0).collect();
    ds.into_iter()
        .zip(ls)
        .enumerate()
        .map(|(k, (d, l))| {
            let (file, name, value) = match k {
                0 if n == 1 => (
                    FILE_NAME.to_string(),
                    "positions".to_string(),
                    json!({ "z": common, "d": d, "l": l }),
                ),
                0 => (
                    FILE_NAME.to_string(),
                    "positions".to_string(),
                    json!({ "z": common, "d": d, "l": l, "s": firsts }),
                ),
                _ => {
                    let (file, name) = parts::file("positions", k);
                    (file, name, json!({ "d": d, "l": l }))
                }
            };
            (
                file,
                Arc::new(super::script(&name, &value.to_string()).into_bytes()),
            )
        })
        .collect()
}

/// One language's part of the index: its code, its pages' `[href, title]`, and its figures
/// in order, each with the number of the diagram it shows.
type LangFigures = (String, Vec<Value>, Vec<(usize, Value)>);

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
        let files = index(&laid);
        assert_eq!(files.len(), 1, "a small book's index is one file");
        let v = value_of(&files[0].1);
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
        assert!(v.get("s").is_none());
    }

    /// The value a part's script stores.
    fn value_of(script: &[u8]) -> Value {
        let js = std::str::from_utf8(script).unwrap();
        serde_json::from_str(
            js.split_once("]=")
                .unwrap()
                .1
                .trim_end()
                .trim_end_matches(';'),
        )
        .unwrap()
    }

    #[test]
    fn the_parts_of_a_large_index_joined_are_the_whole_index() {
        let mut book = String::from("::book_en_de(#t)\n\n");
        for c in 0..30 {
            book.push_str(&format!(
                "::chapter(#c{c})\n\n::fig(#f{c}) sz=9 ab=A1 aw=B1 mv=\"C3 D4 E5 F6\"\n\n::dia sz=13 ab=C{}\n\n",
                c % 9 + 1
            ));
        }
        let checked = crate::check::check(&book);
        assert!(!checked.has_errors(), "{:?}", checked.diagnostics);
        let laid = crate::layout::book::lay_out(&checked);
        let whole = index_with(
            &laid,
            parts::Limits {
                first: usize::MAX,
                max: usize::MAX,
            },
        );
        assert_eq!(whole.len(), 1);
        let whole = value_of(&whole[0].1);
        let files = index_with(
            &laid,
            parts::Limits {
                first: 100,
                max: 400,
            },
        );
        assert!(files.len() >= 4, "{}", files.len());
        let head = value_of(&files[0].1);
        assert_eq!(head["s"].as_array().unwrap().len(), files.len() - 1);
        let mut d = Map::new();
        let mut f: BTreeMap<String, Vec<Value>> = BTreeMap::new();
        for (k, (file, bytes)) in files.iter().enumerate() {
            if k > 0 {
                assert_eq!(file, &format!("gobook-search/positions-{k}.js"));
                // Each part begins with the diagram the first part lists for it.
                let v = value_of(bytes);
                let first = head["s"][k - 1].as_u64().unwrap().to_string();
                assert!(v["d"].get(&first).is_some(), "{v}");
            }
            let v = value_of(bytes);
            d.extend(v["d"].as_object().unwrap().clone());
            for (lang, l) in v["l"].as_object().unwrap() {
                f.entry(lang.clone())
                    .or_default()
                    .extend(l["f"].as_array().unwrap().iter().cloned());
            }
        }
        assert_eq!(Value::Object(d), whole["d"]);
        for lang in ["en", "de"] {
            assert_eq!(json!(f[lang]), whole["l"][lang]["f"], "{lang}");
            assert_eq!(head["l"][lang]["p"], whole["l"][lang]["p"]);
        }
        assert_eq!(head["z"], whole["z"]);
    }
}
