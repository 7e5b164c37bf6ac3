//! The full-text index of one language: every paragraph and heading of every chapter
//! page as plain text with its page and anchor. The browser scans this text for the
//! query (see `themes/default/search.js`): a substring scan needs no word splitting,
//! so Chinese, Japanese and Korean text, written without spaces, is found as any other.
//! docs/search.md says why this beats a word index (Pagefind) for books.

use crate::format::schema::ParaKind;
use crate::layout::book::{LaidLanguage, LaidPage};
use crate::layout::page::{Block, Content, Para};
use crate::layout::plan::Plan;
use crate::resolve::text::plain;
use crate::search::fold::{self, Gram};
use crate::search::{parts, Files};
use std::collections::BTreeMap;
use std::sync::Arc;

/// The file of language `lang`'s index in the site's root.
pub fn file_name(lang: &str) -> String {
    format!("search-index-{lang}.js")
}

/// The index of the laid-out language `language`: its file (see [`super::script`]),
/// `{e: [[page, anchor, level, text], ...], p: [[href, title], ...]}`, level 0 for a
/// paragraph and 1 to 5 for a heading, and in a large book the parts that follow it (see
/// [`join`]). The shares of its pages (see [`PageText`]) joined.
pub fn index(language: &LaidLanguage) -> Files {
    join(&language.plan.lang, shares(language).iter())
}

/// The shares of every page of `language`, in the order of its pages.
fn shares(language: &LaidLanguage) -> Vec<Share> {
    let plan = &language.plan;
    language
        .pages
        .iter()
        .enumerate()
        .map(|(place, page)| PageText::of(plan, place, page).share())
        .collect()
}

/// What the text index shows of one page: its place and address, its short title, and its
/// paragraphs and headings in reading order (anchor, level, words). The index reads a page
/// only through this view, so a page whose view is unchanged keeps its [`Share`] (`serve`,
/// `site/kept.rs`) however much else of the page changed (a sidebar, a pager).
#[derive(PartialEq)]
pub struct PageText<'a> {
    place: usize,
    href: String,
    short_title: &'a str,
    paras: Vec<(&'a str, u8, &'a Content)>,
}

impl<'a> PageText<'a> {
    /// The view of `page`, at `place` in `plan`.
    pub fn of(plan: &Plan, place: usize, page: &'a LaidPage) -> Self {
        let mut paras = Vec::new();
        collect(&page.blocks, &mut paras);
        PageText {
            place,
            href: plan.page_href(place),
            short_title: &page.frame.short_title,
            paras: paras
                .into_iter()
                .map(|p| {
                    let level = match p.kind {
                        ParaKind::H(n) => n,
                        _ => 0,
                    };
                    (p.anchor.as_str(), level, &p.content)
                })
                .collect(),
        }
    }

    /// The page's share of its language's index.
    pub fn share(&self) -> Share {
        let mut entries = String::new();
        let mut grams = Vec::new();
        for (anchor, level, content) in &self.paras {
            let text = para_text(content);
            let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
            if text.is_empty() {
                continue;
            }
            if !entries.is_empty() {
                entries.push(',');
            }
            fold::grams(&fold::fold(&text), &mut grams);
            entries.push_str(&json(&(self.place, anchor, level, text)));
        }
        grams.sort_unstable();
        grams.dedup();
        Share {
            page: json(&(&self.href, self.short_title)),
            entries,
            grams,
        }
    }
}

/// One page's part of the text index, as JSON ready to be joined: its `[href, title]` in
/// the list of pages and its `[page, anchor, level, text]` entries, comma-separated (empty
/// when it has none); and the grams of its entries' folded text, sorted, for the summary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Share {
    page: String,
    entries: String,
    grams: Vec<Gram>,
}

/// The index of language `lang` made of its pages' shares, in the order of its pages, cut
/// at pages into parts of [`parts::TEXT`]'s sizes. The first part is `search-index-LANG.js`:
/// `{e, p}` of its pages, and when there are others `s`, the place of the first page of
/// each other part, and `g`, the [`summary`] of the parts' text; part `k` is `gobook-search/LANG-k.js`, `{e, p}` of its pages. Each is
/// the bytes serde_json writes for the value (keys sorted, nothing between tokens), and the
/// parts' `e` and `p` joined in order are those of the whole index (entries name their page
/// by its place in the whole list).
pub fn join<'s>(lang: &str, shares: impl Iterator<Item = &'s Share> + Clone) -> Files {
    join_with(lang, shares, parts::TEXT)
}

/// [`join`] with parts of the sizes `limits`.
pub fn join_with<'s>(
    lang: &str,
    shares: impl Iterator<Item = &'s Share> + Clone,
    limits: parts::Limits,
) -> Files {
    let shares: Vec<&Share> = shares.collect();
    let cuts = parts::cuts(
        shares.iter().map(|s| s.page.len() + s.entries.len() + 2),
        limits,
    );
    let mut bounds = vec![0];
    bounds.extend(&cuts);
    bounds.push(shares.len());
    let mut files = Vec::with_capacity(bounds.len() - 1);
    for (k, w) in bounds.windows(2).enumerate() {
        let rest =
            (k == 0 && !cuts.is_empty()).then(|| (cuts.as_slice(), summary(&shares, &bounds)));
        let json = part(&shares[w[0]..w[1]], rest);
        let (file, name) = match k {
            0 => (file_name(lang), lang.to_string()),
            _ => parts::file(lang, k),
        };
        files.push((file, Arc::new(super::script(&name, &json).into_bytes())));
    }
    files
}

/// The summary of what the parts hold, for the browser to search only the parts that can
/// hold a query's terms: the JSON of `[[parts, grams], ...]`, for each set of parts (numbers
/// from 0, the first part's) the grams found in those parts and no other, three characters
/// each, one after the other. A gram found in every part is left out: the browser takes a
/// gram it does not find as one that may be in any part. The parts are the pages of
/// `shares` between the places `bounds`.
fn summary(shares: &[&Share], bounds: &[usize]) -> String {
    let mut found: BTreeMap<Gram, Vec<u32>> = BTreeMap::new();
    for (k, w) in bounds.windows(2).enumerate() {
        let mut grams: Vec<Gram> = shares[w[0]..w[1]]
            .iter()
            .flat_map(|s| s.grams.iter().copied())
            .collect();
        grams.sort_unstable();
        grams.dedup();
        for g in grams {
            found.entry(g).or_default().push(k as u32);
        }
    }
    let all = bounds.len() - 1;
    let mut by_parts: BTreeMap<Vec<u32>, String> = BTreeMap::new();
    for (g, ks) in found.into_iter().filter(|(_, ks)| ks.len() < all) {
        by_parts
            .entry(ks)
            .or_default()
            .push_str(&fold::gram_text(g));
    }
    json(&by_parts.into_iter().collect::<Vec<_>>())
}

/// The JSON of one part, `{e, p}` of the pages `shares`, with `s` and `g` (`rest`: where
/// each of the other parts begins, and the [`summary`]) in the first part of several.
fn part(shares: &[&Share], rest: Option<(&[usize], String)>) -> String {
    let size: usize = shares
        .iter()
        .map(|s| s.page.len() + s.entries.len() + 2)
        .sum();
    let mut json = String::with_capacity(size + 16);
    json.push_str("{\"e\":[");
    let mut first = true;
    for s in shares.iter().filter(|s| !s.entries.is_empty()) {
        if !first {
            json.push(',');
        }
        json.push_str(&s.entries);
        first = false;
    }
    json.push(']');
    if let Some((_, summary)) = &rest {
        json.push_str(",\"g\":");
        json.push_str(summary);
    }
    json.push_str(",\"p\":[");
    for (i, s) in shares.iter().enumerate() {
        if i > 0 {
            json.push(',');
        }
        json.push_str(&s.page);
    }
    json.push(']');
    if let Some((rest, _)) = rest {
        json.push_str(",\"s\":");
        json.push_str(&self::json(&rest));
    }
    json.push('}');
    json
}

/// A value as compact JSON (a tuple as an array).
fn json(value: &impl serde::Serialize) -> String {
    // Tuples of numbers and strings always serialise.
    serde_json::to_string(value).unwrap_or_default()
}

/// The plain text of a paragraph, a bullet's label included.
fn para_text(content: &Content) -> String {
    match content {
        Content::Text(t) => plain(t),
        Content::Bullet { label, text } => format!("{} {}", plain(label), plain(text)),
    }
}

/// Every paragraph among `blocks` in reading order, those in boxes, groups and rows too.
fn collect<'b>(blocks: &'b [Block], out: &mut Vec<&'b Para>) {
    for b in blocks {
        match b {
            Block::Para(p) => out.push(p),
            Block::Boxed(ps) => out.extend(ps),
            Block::Group { text, .. } => collect(text, out),
            Block::Row(cells) => cells.iter().for_each(|c| collect(&c.text, out)),
            Block::Image(_) | Block::Buy { .. } | Block::Include { .. } => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    fn index_of(book: &str, lang: &str) -> Value {
        let checked = crate::check::check(book);
        assert!(!checked.has_errors(), "{:?}", checked.diagnostics);
        let laid = crate::layout::book::lay_out(&checked);
        let language = laid.languages.iter().find(|l| l.plan.lang == lang).unwrap();
        let files = index(language);
        assert_eq!(files.len(), 1, "a small book's index is one file");
        value_of(&files[0].1)
    }

    /// The value a part's script stores.
    fn value_of(script: &[u8]) -> Value {
        let js = std::str::from_utf8(script).unwrap();
        let json = js
            .split_once("]=")
            .unwrap()
            .1
            .trim_end()
            .trim_end_matches(';');
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn paragraphs_and_headings_are_indexed_with_their_page_and_anchor() {
        let book = "::book(#t)\n\n::chapter(#one)\n\n::h1 First chapter\n\nThe  ladder\nworks.\n\n::chapter(#two)\n\n::h1(#h) Second\n\n::p(#x) A net.\n";
        let v = index_of(book, "en");
        let e = v["e"].as_array().unwrap();
        assert!(e.contains(&json!([0, "e2", 1, "First chapter"])), "{e:?}");
        assert!(e.iter().any(|x| x[3] == "The ladder works."), "{e:?}");
        let net = e.iter().find(|x| x[3] == "A net.").unwrap();
        assert_eq!(net[1], "x");
        let page = net[0].as_u64().unwrap() as usize;
        assert_eq!(v["p"][page], json!(["two.html", "Second"]));
    }

    /// The index as one serde_json value, as it was made before pages had shares: what
    /// [`join`] must write byte for byte.
    fn whole_value(language: &LaidLanguage) -> String {
        let plan = &language.plan;
        let mut pages = Vec::new();
        let mut entries = Vec::new();
        for (pi, pg) in language.pages.iter().enumerate() {
            pages.push(json!([plan.page_href(pi), pg.frame.short_title]));
            let mut paras = Vec::new();
            collect(&pg.blocks, &mut paras);
            for p in paras {
                let text = para_text(&p.content);
                let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
                if text.is_empty() {
                    continue;
                }
                let level = match p.kind {
                    ParaKind::H(n) => n,
                    _ => 0,
                };
                entries.push(json!([pi, p.anchor, level, text]));
            }
        }
        let value = json!({ "p": Value::Array(pages), "e": Value::Array(entries) });
        super::super::script(&plan.lang, &value.to_string())
    }

    #[test]
    fn the_shares_joined_are_the_bytes_of_the_whole_index_as_one_value() {
        let books = [
            "::book(#t)\n\n::chapter\n\n::dia sz=9\n",
            "::book_en_de(#t) title=\"T\"\n\n::chapter(#a) shortTitle=\"Short\"\n\n\
             ::h1 Quotes \" and \\ back\n\n::p_en Tab\tand  spaces, \u{e9}\u{4e2d}\u{1F600} <b>bold</b>.\n\n\
             ::p_de Nur deutsch.\n\n::chapter(#b)\n\n::dia sz=9\n\n::chapter(#c)\n\n::h2 Two\n\n::p .\n",
        ];
        for book in books {
            let checked = crate::check::check(book);
            assert!(!checked.has_errors(), "{:?}", checked.diagnostics);
            let laid = crate::layout::book::lay_out(&checked);
            for language in &laid.languages {
                let files = index(language);
                assert_eq!(files.len(), 1);
                assert_eq!(files[0].0, file_name(&language.plan.lang));
                assert_eq!(
                    std::str::from_utf8(&files[0].1).unwrap(),
                    whole_value(language),
                    "{book}"
                );
            }
        }
    }

    #[test]
    fn the_parts_of_a_large_index_joined_are_the_whole_index() {
        let mut book = String::from("::book(#t)\n\n");
        for c in 0..40 {
            book.push_str(&format!(
                "::chapter(#c{c})\n\n::h1 Chapter {c}\n\nThe ladder of chapter {c} works.\n\n"
            ));
        }
        let checked = crate::check::check(&book);
        let laid = crate::layout::book::lay_out(&checked);
        let language = &laid.languages[0];
        let limits = parts::Limits {
            first: 200,
            max: 800,
        };
        let files = join_with("en", shares(language).iter(), limits);
        assert!(files.len() >= 4, "{}", files.len());
        let head = value_of(&files[0].1);
        let rest = head["s"].as_array().unwrap();
        assert_eq!(rest.len(), files.len() - 1);
        let (mut e, mut p) = (Vec::new(), Vec::new());
        for (k, (file, bytes)) in files.iter().enumerate() {
            if k > 0 {
                assert_eq!(file, &format!("gobook-search/en-{k}.js"));
                assert!(std::str::from_utf8(bytes)
                    .unwrap()
                    .starts_with(&format!("(self.gbSearch=self.gbSearch||{{}})[\"en-{k}\"]=")));
                // Each part begins at the page the first part lists for it.
                assert_eq!(rest[k - 1], json!(p.len()));
            }
            let v = value_of(bytes);
            e.extend(v["e"].as_array().unwrap().iter().cloned());
            p.extend(v["p"].as_array().unwrap().iter().cloned());
        }
        let joined = json!({ "e": e, "p": p });
        let whole = whole_value(language);
        assert_eq!(joined, value_of(whole.as_bytes()));
        // And made in one part, the index is the whole.
        let one = join_with(
            "en",
            shares(language).iter(),
            parts::Limits {
                first: usize::MAX,
                max: usize::MAX,
            },
        );
        assert_eq!(one.len(), 1);
        assert_eq!(std::str::from_utf8(&one[0].1).unwrap(), whole);
    }

    #[test]
    fn the_summary_names_every_part_that_holds_a_gram_and_no_other() {
        let mut book = String::from("::book(#t)\n\n");
        for c in 0..40 {
            book.push_str(&format!(
                "::chapter(#c{c})\n\n::h1 Chapter {c}\n\nThe ladder of Game {} works, \u{c9}t\u{e9} {}.\n\n",
                c + 1000,
                ["\u{5b9a}\u{5f0f}", "Ｆｕｓｅｋｉ", "ko"][c % 3]
            ));
        }
        let checked = crate::check::check(&book);
        let laid = crate::layout::book::lay_out(&checked);
        let limits = parts::Limits {
            first: 200,
            max: 800,
        };
        let files = join_with("en", shares(&laid.languages[0]).iter(), limits);
        let values: Vec<Value> = files.iter().map(|(_, b)| value_of(b)).collect();
        let mut listed = std::collections::HashMap::new();
        for set in values[0]["g"].as_array().unwrap() {
            let ks: Vec<u64> = set[0]
                .as_array()
                .unwrap()
                .iter()
                .map(|k| k.as_u64().unwrap())
                .collect();
            let grams: Vec<char> = set[1].as_str().unwrap().chars().collect();
            assert_eq!(grams.len() % 3, 0);
            for g in grams.chunks(3) {
                assert!(listed
                    .insert(g.iter().collect::<String>(), ks.clone())
                    .is_none());
            }
        }
        assert!(
            listed.keys().all(|g| !g.contains(' ')),
            "grams hold no space"
        );
        // "1039" is in the last chapter only, "ko." in every third, not in the first part.
        assert_eq!(listed["039"], [files.len() as u64 - 1]);
        assert!(!listed["ko."].contains(&0));
        // Each part's every gram is either unlisted (in every part) or listed with the part,
        // and a listed gram is in each part it names.
        let mut seen = vec![std::collections::HashSet::new(); files.len()];
        for (k, v) in values.iter().enumerate() {
            for e in v["e"].as_array().unwrap() {
                let f: Vec<char> = fold::fold(e[3].as_str().unwrap()).chars().collect();
                for g in f.windows(3).filter(|g| !g.contains(&' ')) {
                    let g: String = g.iter().collect();
                    if let Some(ks) = listed.get(&g) {
                        assert!(ks.contains(&(k as u64)), "{g} in part {k}, listed {ks:?}");
                    }
                    seen[k].insert(g);
                }
            }
        }
        for (g, ks) in &listed {
            assert!(ks.len() < files.len());
            for k in ks {
                assert!(seen[*k as usize].contains(g), "{g} listed in part {k}");
            }
        }
    }
}
