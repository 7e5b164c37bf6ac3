//! Properties of the caches `serve` keeps between builds, over generated books and
//! generated sequences of edits of every kind the format allows (moves, diagrams, captions,
//! hints, standard texts (the book's own and another language's) and game info in text
//! (a new `::go` before a paragraph changes what its `#pb#` shows), `shortTitle`, images,
//! `break`, problems with varied answers, includes, languages and which is the book's own
//! (the first), settings, the words of headings, which are the
//! chapters' titles in the sidebar's shared list of pages): after every edit the site the serve pipeline
//! holds is byte for byte the site a cold build of the same text makes (or both fail
//! alike), search indexes included, and
//! a check with a kept cache reports what a cold check reports, once per element.

use gobook::board::Board;
use gobook::diagnostics::{render_human, SourceFile};
use gobook::point::Point;
use gobook::project::build::{BuildError, Options};
use gobook::serve::rebuild::{Outcome, Rebuilder};
use gobook::site::build::{render, Cache};
use proptest::prelude::*;
use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

/// A point as (column, row), 0-based.
type Pt = (u8, u8);

/// One element of a generated chapter. Everything that refers to other elements
/// (bases, links, `at`, languages) is a selector, resolved when the text is written,
/// so any edit leaves a book that refers only to what exists.
#[derive(Clone, Debug)]
enum El {
    /// `::go` with moves in columns A-E (made legal when written), and the name of Black
    /// (`pb`, which `#pb#` in text shows).
    Go { moves: Vec<Pt>, pb: Option<String> },
    /// A diagram: `kind` 0 fig, 1 dia, 2 var, 3 prb; own moves in columns F-J, where
    /// no position of the game has stones.
    Dia {
        kind: u8,
        base: Option<usize>,
        at: usize,
        to: usize,
        own: Vec<Pt>,
        caption: Option<String>,
        caption_lang: bool,
        lang: usize,
        id: bool,
        text: Option<String>,
        /// The `break` before it: 0 none, else page, column or line.
        brk: u8,
        /// Which answers a problem has (see [`ANSWERS`]).
        answers: usize,
    },
    /// A paragraph or heading, with a coordinate, an inline diagram, a link to a
    /// chapter and the book's title as options.
    Para {
        heading: bool,
        lang: usize,
        words: String,
        coord: bool,
        inline: Option<Vec<Pt>>,
        link: Option<usize>,
        title: bool,
        /// Hidden until asked for.
        hint: bool,
        /// Standard texts (`#sn#`, and `#btp_de#` in German whatever the page) and the game
        /// info of the Go data (`#pb#`).
        sn: bool,
        pb: bool,
        /// The `break` before it: 0 none, else page, column or line.
        brk: u8,
    },
    /// `::img` of the picture beside the book, with a caption.
    Image { caption: Option<String> },
    /// A buy button (its link comes from `gobook.toml`).
    Buy,
    /// `::include` of the Markdown file beside the book, or of the gobook one.
    Include { gobook: bool },
    /// A diagram with an illegal move: the book fails to build until it goes.
    Broken,
}

#[derive(Clone, Debug)]
struct Chapter {
    id: bool,
    lang: usize,
    /// `shortTitle`, the chapter's name in the pager.
    short_title: Option<String>,
    els: Vec<El>,
}

#[derive(Clone, Debug)]
struct Book {
    two_langs: bool,
    /// German is the book's first language (its untagged text is German).
    de_first: bool,
    title: String,
    chapters: Vec<Chapter>,
    /// The shop of `gobook.toml`'s `buy_url`; no file when None.
    shop: Option<u8>,
    /// The words of the included files.
    md: String,
    part: String,
}

/// An edit: selectors are taken modulo what the book has when it is applied.
#[derive(Clone, Debug)]
enum Edit {
    Move {
        go: usize,
        mv: usize,
        to: Pt,
    },
    Insert {
        ch: usize,
        pos: usize,
        el: El,
    },
    Delete {
        ch: usize,
        pos: usize,
    },
    /// Copies an element next to itself; without IDs the two are identical.
    Duplicate {
        ch: usize,
        pos: usize,
    },
    Caption {
        el: usize,
        text: String,
    },
    Lang {
        el: usize,
        lang: usize,
    },
    Title(String),
    ChapterLang {
        ch: usize,
        lang: usize,
    },
    ChapterId {
        ch: usize,
    },
    Languages,
    /// Swaps the book's two languages: which one untagged text is in.
    FirstLanguage,
    AddChapter {
        at: usize,
    },
    Shop(Option<u8>),
    Markdown(String),
    Part(String),
    Hint {
        el: usize,
    },
    Break {
        el: usize,
        brk: u8,
    },
    Answers {
        el: usize,
        answers: usize,
    },
    Player {
        go: usize,
        name: Option<String>,
    },
    ShortTitle {
        ch: usize,
        title: Option<String>,
    },
    /// Turns `#sn#` and `#pb#` on or off in a paragraph.
    Texts {
        el: usize,
        sn: bool,
        pb: bool,
    },
    /// New words for a paragraph or heading: a chapter's first heading is its title, in
    /// the sidebar and pager of the other pages and in the search indexes.
    Words {
        el: usize,
        words: String,
        heading: bool,
    },
}

/// A problem's answers on its board (Black C3, White D3, Black to play).
const ANSWERS: &[&str] = &[
    "correct=\"C4\"",
    "correct=\"C4;B3\"",
    "correct=\"C4\" wrong=\"B3C4\"",
    "correct=\"C4(Good.)\" wrong=\"D4(Not this.);B3C4\"",
    "correct=\"C4 B3 D4\"",
];

/// The `break` values a selector names (0: none written).
const BREAKS: &[&str] = &["", "page", "column", "line"];

fn word() -> impl Strategy<Value = String> {
    "[a-z]{1,6}"
}

fn words() -> impl Strategy<Value = String> {
    prop::collection::vec(word(), 1..4).prop_map(|w| w.join(" "))
}

fn game_pt() -> impl Strategy<Value = Pt> {
    (0u8..5, 0u8..9)
}

fn own_pt() -> impl Strategy<Value = Pt> {
    (5u8..9, 0u8..9)
}

fn element() -> impl Strategy<Value = El> {
    prop_oneof![
        2 => (prop::collection::vec(game_pt(), 0..10), prop::option::of(word())).prop_map(|(moves, pb)| El::Go { moves, pb }),
        4 => (prop::sample::select(vec![0u8, 1, 2, 3, 3]), prop::option::of(0usize..4), 0usize..20, 0usize..20, prop::collection::vec(own_pt(), 0..4), prop::option::of(words()), any::<bool>(), 0usize..3, any::<bool>())
            .prop_flat_map(|(kind, base, at, to, own, caption, caption_lang, lang, id)| {
                (prop::option::of(words()), 0u8..4, 0..ANSWERS.len()).prop_map(move |(text, brk, answers)| El::Dia { kind, base, at, to, own: own.clone(), caption: caption.clone(), caption_lang, lang, id, text, brk, answers })
            }),
        3 => (any::<bool>(), 0usize..3, words(), any::<bool>(), prop::option::of(prop::collection::vec(own_pt(), 1..3)), prop::option::of(0usize..4), any::<bool>())
            .prop_flat_map(|(heading, lang, words, coord, inline, link, title)| {
                (any::<bool>(), any::<bool>(), any::<bool>(), 0u8..4).prop_map(move |(hint, sn, pb, brk)| El::Para { heading, lang, words: words.clone(), coord, inline: inline.clone(), link, title, hint, sn, pb, brk })
            }),
        1 => prop_oneof![Just(El::Buy), any::<bool>().prop_map(|gobook| El::Include { gobook }), prop::option::of(words()).prop_map(|caption| El::Image { caption })],
    ]
}

fn chapter() -> impl Strategy<Value = Chapter> {
    (
        any::<bool>(),
        0usize..3,
        prop::option::of(word()),
        prop::collection::vec(element(), 0..6),
    )
        .prop_map(|(id, lang, short_title, els)| Chapter {
            id,
            lang,
            short_title,
            els,
        })
}

fn book() -> impl Strategy<Value = Book> {
    (
        any::<bool>(),
        word(),
        prop::collection::vec(chapter(), 1..4),
        prop::option::of(0u8..3),
        words(),
        words(),
        any::<bool>(),
    )
        .prop_map(
            |(two_langs, title, chapters, shop, md, part, de_first)| Book {
                two_langs,
                de_first,
                title,
                chapters,
                shop,
                md,
                part,
            },
        )
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        6 => (0usize..8, 0usize..10, game_pt()).prop_map(|(go, mv, to)| Edit::Move { go, mv, to }),
        2 => (0usize..4, 0usize..8, prop_oneof![8 => element(), 1 => Just(El::Broken)]).prop_map(|(ch, pos, el)| Edit::Insert { ch, pos, el }),
        2 => (0usize..4, 0usize..8).prop_map(|(ch, pos)| Edit::Delete { ch, pos }),
        1 => (0usize..4, 0usize..8).prop_map(|(ch, pos)| Edit::Duplicate { ch, pos }),
        2 => (0usize..20, words()).prop_map(|(el, text)| Edit::Caption { el, text }),
        2 => (0usize..20, 0usize..3).prop_map(|(el, lang)| Edit::Lang { el, lang }),
        1 => word().prop_map(Edit::Title),
        1 => (0usize..4, 0usize..3).prop_map(|(ch, lang)| Edit::ChapterLang { ch, lang }),
        1 => (0usize..4).prop_map(|ch| Edit::ChapterId { ch }),
        1 => Just(Edit::Languages),
        1 => Just(Edit::FirstLanguage),
        1 => (0usize..4).prop_map(|at| Edit::AddChapter { at }),
        1 => prop::option::of(0u8..3).prop_map(Edit::Shop),
        1 => words().prop_map(Edit::Markdown),
        1 => words().prop_map(Edit::Part),
        2 => (0usize..20).prop_map(|el| Edit::Hint { el }),
        1 => (0usize..20, 0u8..4).prop_map(|(el, brk)| Edit::Break { el, brk }),
        2 => (0usize..20, 0..ANSWERS.len()).prop_map(|(el, answers)| Edit::Answers { el, answers }),
        2 => (0usize..8, prop::option::of(word())).prop_map(|(go, name)| Edit::Player { go, name }),
        2 => (0usize..4, prop::option::of(word())).prop_map(|(ch, title)| Edit::ShortTitle { ch, title }),
        2 => (0usize..20, any::<bool>(), any::<bool>()).prop_map(|(el, sn, pb)| Edit::Texts { el, sn, pb }),
        3 => (0usize..20, words(), any::<bool>()).prop_map(|(el, words, heading)| Edit::Words { el, words, heading }),
    ]
}

impl Book {
    fn langs(&self) -> Vec<&'static str> {
        if self.two_langs && self.de_first {
            vec!["de", "en"]
        } else if self.two_langs {
            vec!["en", "de"]
        } else {
            vec!["en"]
        }
    }

    /// The element at flat index `i` (modulo the count), if the book has any.
    fn element_mut(&mut self, i: usize) -> Option<&mut El> {
        let n: usize = self.chapters.iter().map(|c| c.els.len()).sum();
        if n == 0 {
            return None;
        }
        let mut i = i % n;
        for c in &mut self.chapters {
            if i < c.els.len() {
                return Some(&mut c.els[i]);
            }
            i -= c.els.len();
        }
        None
    }

    fn apply(&mut self, e: &Edit) {
        let nch = self.chapters.len();
        match e {
            Edit::Move { go, mv, to } => {
                let mut gos: Vec<&mut Vec<Pt>> = self
                    .chapters
                    .iter_mut()
                    .flat_map(|c| c.els.iter_mut())
                    .filter_map(|e| {
                        if let El::Go { moves, .. } = e {
                            Some(moves)
                        } else {
                            None
                        }
                    })
                    .collect();
                let n = gos.len();
                if n > 0 {
                    let moves = &mut gos[go % n];
                    if moves.is_empty() {
                        moves.push(*to);
                    } else {
                        let k = mv % moves.len();
                        moves[k] = *to;
                    }
                }
            }
            Edit::Insert { ch, pos, el } => {
                let c = &mut self.chapters[ch % nch];
                let at = pos % (c.els.len() + 1);
                c.els.insert(at, el.clone());
            }
            Edit::Delete { ch, pos } => {
                let c = &mut self.chapters[ch % nch];
                if !c.els.is_empty() {
                    let at = pos % c.els.len();
                    c.els.remove(at);
                }
            }
            Edit::Duplicate { ch, pos } => {
                let c = &mut self.chapters[ch % nch];
                if !c.els.is_empty() {
                    let at = pos % c.els.len();
                    if let El::Dia { id, .. } = &mut c.els[at] {
                        *id = false;
                    }
                    let copy = c.els[at].clone();
                    c.els.insert(at + 1, copy);
                }
            }
            Edit::Caption { el, text } => {
                if let Some(El::Dia { caption, .. }) = self.element_mut(*el) {
                    *caption = Some(text.clone());
                }
            }
            Edit::Lang { el, lang: l } => match self.element_mut(*el) {
                Some(El::Dia { lang, .. }) | Some(El::Para { lang, .. }) => *lang = *l,
                _ => {}
            },
            Edit::Title(t) => self.title = t.clone(),
            Edit::ChapterLang { ch, lang } => self.chapters[ch % nch].lang = *lang,
            Edit::ChapterId { ch } => self.chapters[ch % nch].id ^= true,
            Edit::Languages => self.two_langs = !self.two_langs,
            Edit::FirstLanguage => self.de_first = !self.de_first,
            Edit::AddChapter { at } => self.chapters.insert(
                at % (nch + 1),
                Chapter {
                    id: true,
                    lang: 0,
                    short_title: None,
                    els: Vec::new(),
                },
            ),
            Edit::Shop(s) => self.shop = *s,
            Edit::Markdown(t) => self.md = t.clone(),
            Edit::Part(t) => self.part = t.clone(),
            Edit::Hint { el } => {
                if let Some(El::Para { hint, .. }) = self.element_mut(*el) {
                    *hint ^= true;
                }
            }
            Edit::Break { el, brk: b } => match self.element_mut(*el) {
                Some(El::Para { brk, .. }) | Some(El::Dia { brk, .. }) => *brk = *b,
                _ => {}
            },
            Edit::Answers { el, answers: a } => {
                if let Some(El::Dia { answers, .. }) = self.element_mut(*el) {
                    *answers = *a;
                }
            }
            Edit::Player { go, name } => {
                let mut gos: Vec<&mut Option<String>> = self
                    .chapters
                    .iter_mut()
                    .flat_map(|c| c.els.iter_mut())
                    .filter_map(|e| match e {
                        El::Go { pb, .. } => Some(pb),
                        _ => None,
                    })
                    .collect();
                let n = gos.len();
                if n > 0 {
                    *gos[go % n] = name.clone();
                }
            }
            Edit::ShortTitle { ch, title } => self.chapters[ch % nch].short_title = title.clone(),
            Edit::Texts { el, sn: s, pb: p } => {
                if let Some(El::Para { sn, pb, .. }) = self.element_mut(*el) {
                    (*sn, *pb) = (*s, *p);
                }
            }
            Edit::Words {
                el,
                words: w,
                heading: h,
            } => {
                if let Some(El::Para { words, heading, .. }) = self.element_mut(*el) {
                    (*words, *heading) = (w.clone(), *h);
                }
            }
        }
    }

    /// The files beside the book: settings and the two includable files.
    fn write_files(&self, dir: &Path) {
        let toml = dir.join("gobook.toml");
        match self.shop {
            Some(n) => std::fs::write(
                &toml,
                format!("buy_url = \"https://shop{n}.example.org/{{sku}}\"\n"),
            )
            .unwrap(),
            None => {
                let _ = std::fs::remove_file(&toml);
            }
        }
        std::fs::write(dir.join("part.md"), format!("Some *{}*.\n", self.md)).unwrap();
        std::fs::write(dir.join("part.gobook"), format!("::p {}\n", self.part)).unwrap();
        std::fs::write(dir.join("pic.png"), crate::epub_build::PNG).unwrap();
    }

    /// The book as gobook text.
    fn text(&self) -> String {
        let langs = self.langs();
        // Selector 0 is language-neutral, others name one of the book's languages.
        let tag = |sel: usize| {
            if sel == 0 {
                String::new()
            } else {
                format!("_{}", langs[(sel - 1) % langs.len()])
            }
        };
        let mut out = format!("::book_{}(#b) title=\"{}\"", langs.join("_"), self.title);
        if self.two_langs {
            out.push_str(&format!(" title_de=\"{} de\"", self.title));
        }
        out.push_str("\n\n");
        let chapter_ids: Vec<usize> = (0..self.chapters.len())
            .filter(|&c| self.chapters[c].id)
            .collect();
        // Go elements written so far: (id number, legal move count).
        let mut gos: Vec<(usize, usize)> = Vec::new();
        let mut dia_ids = 0;
        for (ci, c) in self.chapters.iter().enumerate() {
            out.push_str(&format!("::chapter{}", tag(c.lang)));
            if c.id {
                out.push_str(&format!("(#c{ci})"));
            }
            if let Some(t) = &c.short_title {
                out.push_str(&format!(" shortTitle=\"{t}\""));
            }
            out.push_str("\n\n");
            let mut last_go: Option<usize> = None;
            let mut last_dia = false;
            for el in &c.els {
                match el {
                    El::Go { moves, pb } => {
                        let legal = legal_game(moves);
                        let k = gos.len();
                        out.push_str(&format!("::go(#g{k}) sz=9"));
                        if let Some(name) = pb {
                            out.push_str(&format!(" pb=\"{name}\""));
                        }
                        if !legal.is_empty() {
                            out.push_str(&format!(" mv=\"{}\"", join(&legal)));
                        }
                        gos.push((k, legal.len()));
                        last_go = Some(gos.len() - 1);
                    }
                    El::Dia {
                        kind,
                        base,
                        at,
                        to,
                        own,
                        caption,
                        caption_lang,
                        lang,
                        id,
                        text,
                        brk,
                        answers,
                    } => {
                        let mut kind = ["fig", "dia", "var", "prb"][*kind as usize % 4];
                        if kind == "var" && !last_dia {
                            kind = "dia";
                        }
                        out.push_str(&format!("::{kind}{}", tag(*lang)));
                        if *id {
                            out.push_str(&format!("(#d{dia_ids})"));
                            dia_ids += 1;
                        }
                        // The Go data the diagram is based on: a game named before it, the
                        // chapter's last game, or none.
                        let base_go = if kind == "var" {
                            None
                        } else {
                            match base {
                                Some(s) if !gos.is_empty() => {
                                    let g = s % gos.len();
                                    out.push_str(&format!(" base=g{}", gos[g].0));
                                    Some(g)
                                }
                                _ => last_go,
                            }
                        };
                        match base_go {
                            Some(g) => {
                                let len = gos[g].1;
                                let a = 1 + at % (len + 1);
                                out.push_str(&format!(" at={a}"));
                                if kind == "fig" && a <= len {
                                    out.push_str(&format!(" to={}", a + to % (len - a + 1)));
                                }
                            }
                            None if kind != "var" => out.push_str(" sz=9"),
                            None => {}
                        }
                        let own = distinct(own);
                        if kind != "prb" && !(kind == "fig" && base_go.is_some()) && !own.is_empty()
                        {
                            out.push_str(&format!(" mv=\"{}\"", join(&own)));
                        }
                        if kind == "prb" && base_go.is_none() {
                            out.push_str(&format!(
                                " ab=C3 aw=D3 pl=b {}",
                                ANSWERS[answers % ANSWERS.len()]
                            ));
                        }
                        if *brk > 0 {
                            out.push_str(&format!(" break={}", BREAKS[*brk as usize % 4]));
                        }
                        if let Some(t) = caption {
                            let l = if *caption_lang {
                                langs[langs.len() - 1]
                            } else {
                                ""
                            };
                            out.push_str(&format!(
                                " ca{}=\"{t}\"",
                                if l.is_empty() {
                                    String::new()
                                } else {
                                    format!("_{l}")
                                }
                            ));
                        }
                        if let Some(t) = text {
                            out.push_str(&format!(" {t} at C3 or G5"));
                        }
                        last_dia = true;
                    }
                    El::Buy => out.push_str("::buy"),
                    El::Image { caption } => {
                        out.push_str("::img url=pic.png");
                        if let Some(t) = caption {
                            out.push_str(&format!(" ca=\"{t}\""));
                        }
                    }
                    El::Broken => out.push_str("::dia sz=9 mv=\"C3 C3\""),
                    El::Include { gobook } => out.push_str(if *gobook {
                        "::include url=part.gobook"
                    } else {
                        "::include url=part.md"
                    }),
                    El::Para {
                        heading,
                        lang,
                        words,
                        coord,
                        inline,
                        link,
                        title,
                        hint,
                        sn,
                        pb,
                        brk,
                    } => {
                        out.push_str(&format!(
                            "::{}{}{}{} {words}",
                            if *heading { "h1" } else { "p" },
                            tag(*lang),
                            if *hint && !*heading { " hint=1" } else { "" },
                            if *brk > 0 {
                                format!(" break={}", BREAKS[*brk as usize % 4])
                            } else {
                                String::new()
                            }
                        ));
                        if *sn {
                            out.push_str(" #sn# #btp_de#");
                        }
                        if *pb {
                            out.push_str(" by #pb#");
                        }
                        if *coord {
                            out.push_str(" at C3 and G5");
                        }
                        if let Some(own) = inline {
                            let sz = if last_dia || last_go.is_some() {
                                ""
                            } else {
                                "sz=9 "
                            };
                            out.push_str(&format!(
                                " <dia {sz}mv=\"{}\">see</dia>",
                                join(&distinct(own))
                            ));
                        }
                        if let (Some(l), false) = (link, chapter_ids.is_empty()) {
                            out.push_str(&format!(
                                " <a href=\"c{}\">there</a>",
                                chapter_ids[l % chapter_ids.len()]
                            ));
                        }
                        if *title {
                            out.push_str(" in #title#");
                        }
                    }
                }
                out.push_str("\n\n");
            }
        }
        out
    }
}

fn distinct(pts: &[Pt]) -> Vec<Pt> {
    let mut v: Vec<Pt> = Vec::new();
    for p in pts {
        if !v.contains(p) {
            v.push(*p);
        }
    }
    v
}

/// The moves of `cands` a game from the empty 9x9 board can play, in order.
fn legal_game(cands: &[Pt]) -> Vec<Pt> {
    let mut board = Board::new(9).expect("9 is a board size");
    let mut out = Vec::new();
    for &(c, r) in cands {
        let color = board.to_play();
        if board.play(color, Point::new(c, r)).is_ok() {
            out.push((c, r));
        }
    }
    out
}

fn join(pts: &[Pt]) -> String {
    pts.iter()
        .map(|&(c, r)| Point::new(c, r).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The site of a cold build of `text` in `dir`, or its diagnostics as serve prints them.
fn cold(dir: &Path, text: &str) -> Result<HashMap<String, Arc<Vec<u8>>>, String> {
    let book = dir.join("book.gobook");
    let out = dir.join(".gobook-serve");
    let opts = Options {
        book: &book,
        text,
        out_dir: Some(&out),
        progress: &|_| {},
        checked: None,
    };
    match render(&opts, &mut Cache::default()) {
        Ok(r) => Ok(r
            .files
            .into_iter()
            .map(|(p, b)| (p.to_string_lossy().replace('\\', "/"), b))
            .collect()),
        Err(BuildError::Content {
            name,
            text,
            diagnostics,
        }) => {
            let src = SourceFile::new(&name, &text);
            let mut plain = Vec::new();
            for d in &diagnostics {
                render_human(&src.locate(d), &mut plain, false).unwrap();
            }
            Err(String::from_utf8_lossy(&plain).into_owned())
        }
        Err(e) => Err(e.to_string()),
    }
}

/// The site compared holds what search adds: a sidebar on every page, its place in the
/// list of pages, the list itself in each language's shared script, and the search
/// indexes, so that the comparison covers them.
fn covers_sidebar_and_search(
    files: &HashMap<String, Arc<Vec<u8>>>,
    book: &Book,
) -> Result<(), TestCaseError> {
    prop_assert!(files.contains_key("search-positions.js"));
    for lang in book.langs() {
        let name = format!("search-index-{lang}.js");
        prop_assert!(files.contains_key(&name), "no {}", name);
        let nav = format!("gobook-nav-{lang}.js");
        prop_assert!(files.contains_key(&nav), "no {}", nav);
    }
    for (name, bytes) in files {
        if !name.ends_with(".html") || (book.two_langs && !name.contains('/')) {
            continue;
        }
        let page = String::from_utf8_lossy(bytes);
        prop_assert!(
            page.contains("class=\"gb-side-list\"")
                && page.contains("data-page=")
                && page.contains("gobook-nav-"),
            "{} has no sidebar marking it",
            name
        );
    }
    Ok(())
}

/// Compares the serve pipeline's site with a cold build after each edit.
fn serve_equals_cold(start: &Book, edits: &[Edit]) -> Result<(), TestCaseError> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("book.gobook");
    let mut rebuilder = Rebuilder::new(path.clone());
    let mut book = start.clone();
    let mut held: HashMap<String, Arc<Vec<u8>>> = HashMap::new();
    for step in 0..=edits.len() {
        if step > 0 {
            book.apply(&edits[step - 1]);
        }
        let text = book.text();
        book.write_files(dir.path());
        std::fs::write(&path, &text).unwrap();
        let expected = cold(dir.path(), &text);
        match (rebuilder.rebuild(), expected) {
            (Outcome::Built { snapshot, .. }, Ok(files)) => {
                held = snapshot.files;
                covers_sidebar_and_search(&files, &book)?;
                let mut a: Vec<&String> = held.keys().collect();
                let mut b: Vec<&String> = files.keys().collect();
                a.sort();
                b.sort();
                prop_assert_eq!(a, b, "the same files after edit {}\n{}", step, text);
                for (k, v) in &files {
                    prop_assert!(held[k] == *v, "{} differs from a cold build after edit {} ({:?}):\nserve: {}\ncold: {}\n{}", k, step, edits.get(step.wrapping_sub(1)), String::from_utf8_lossy(&held[k]), String::from_utf8_lossy(v), text);
                }
            }
            (Outcome::Unchanged, Ok(files)) => {
                prop_assert!(
                    held == files,
                    "serve kept a site a cold build does not make after edit {}\n{}",
                    step,
                    text
                );
            }
            (Outcome::Failed { terminal, .. }, Err(cold)) => prop_assert_eq!(
                terminal,
                cold,
                "the same errors after edit {}\n{}",
                step,
                text
            ),
            (Outcome::Unchanged, Err(_)) if step > 0 => {}
            (Outcome::Built { .. }, Err(e)) => prop_assert!(
                false,
                "serve built what a cold build refuses: {}\n{}",
                e,
                text
            ),
            (Outcome::Failed { terminal, .. }, Ok(_)) => prop_assert!(
                false,
                "serve failed where a cold build works: {}\n{}",
                terminal,
                text
            ),
            (Outcome::Unchanged, Err(e)) => prop_assert!(false, "nothing built at first: {}", e),
            (Outcome::Internal { line, .. }, _) => {
                prop_assert!(
                    false,
                    "serve panicked after edit {}: {}\n{}",
                    step,
                    line,
                    text
                )
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, max_shrink_iters: 400, ..ProptestConfig::default() })]

    #[test]
    fn the_site_serve_holds_after_each_edit_is_a_cold_build(start in book(), edits in prop::collection::vec(edit(), 1..7)) {
        serve_equals_cold(&start, &edits)?;
    }
}

/// The site `render` makes of `text` with `cache`, by path.
fn rendered(dir: &Path, text: &str, cache: &mut Cache) -> HashMap<String, Arc<Vec<u8>>> {
    let book = dir.join("book.gobook");
    std::fs::write(&book, text).unwrap();
    let out = dir.join(".gobook-serve");
    let opts = Options {
        book: &book,
        text,
        out_dir: Some(&out),
        progress: &|_| {},
        checked: None,
    };
    let r = render(&opts, cache).unwrap();
    r.files
        .into_iter()
        .map(|(p, b)| (p.to_string_lossy().replace('\\', "/"), b))
        .collect()
}

#[test]
fn a_retitled_chapter_is_shown_in_the_shared_sidebar_and_index_serve_holds() {
    let dir = tempfile::tempdir().unwrap();
    let text = "::book(#b) title=\"B\"\n\n::chapter(#one)\n\n::h1 Opening\n\n::p Text.\n\n\
                ::chapter(#two) shortTitle=\"Mid\"\n\n::h1 Middle game\n\n::p More.\n\n\
                ::chapter(#three)\n\n::h1 Endgame\n\n::p Last.\n";
    let mut cache = Cache::default();
    rendered(dir.path(), text, &mut cache);
    for (from, to) in [
        ("Endgame", "Yose"),
        ("shortTitle=\"Mid\"", "shortTitle=\"Fight\""),
    ] {
        let edited = text.replace(from, to);
        let warm = rendered(dir.path(), &edited, &mut cache);
        let cold = rendered(dir.path(), &edited, &mut Cache::default());
        assert_eq!(warm, cold, "after {from} -> {to}");
        let shown = to.trim_start_matches("shortTitle=\"").trim_end_matches('"');
        let side = String::from_utf8_lossy(&warm["gobook-nav-en.js"]).into_owned();
        assert!(side.contains(&format!(">{shown}</a>")), "{side}");
        let index = String::from_utf8_lossy(&warm["search-index-en.js"]).into_owned();
        assert!(index.contains(&format!("\"{shown}\"")), "{index}");
        // Back to the first text, the cache warm with it, for the next edit.
        rendered(dir.path(), text, &mut cache);
    }
}

/// An element with an error of its own, in a few kinds.
fn faulty() -> impl Strategy<Value = String> {
    prop::sample::select(vec![
        "::dia sz=9 mv=\"C3 C3\"",
        "::dia sz=9 at=4",
        "::fig sz=9 to=3",
        "::dia sz=9 mv=\"A1 A1\"",
        "::var sz=9 mv=\"D4 D4\" ca=x",
    ])
    .prop_map(String::from)
}

/// The elements of a check book: faulty ones (repeated, identical) and paragraphs.
fn check_parts() -> impl Strategy<Value = Vec<Option<String>>> {
    prop::collection::vec(
        prop_oneof![3 => faulty().prop_map(Some), 1 => Just(None)],
        1..8,
    )
}

fn check_text(parts: &[Option<String>], filler: &str) -> String {
    let mut s = String::from("::book(#b)\n\n::chapter\n\n");
    for p in parts {
        match p {
            Some(e) => s.push_str(e),
            None => s.push_str(&format!("::p {filler}")),
        }
        s.push_str("\n\n");
    }
    s
}

fn diagnostics(c: &gobook::check::Checked) -> Vec<(u32, u32, &'static str, String)> {
    c.diagnostics
        .iter()
        .map(|d| (d.span.start, d.span.end, d.code.as_str(), d.message.clone()))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn check_with_a_kept_cache_reports_what_a_cold_check_does_for_every_element(
        versions in prop::collection::vec((check_parts(), "[a-z ]{0,12}"), 1..5)
    ) {
        let mut cache = gobook::resolve::cache::ResolveCache::default();
        for (parts, filler) in &versions {
            let text = check_text(parts, filler);
            let cold = gobook::check::check(&text);
            let warm = gobook::check::check_with(&text, &mut cache);
            prop_assert_eq!(diagnostics(&warm), diagnostics(&cold), "{}", text);
            // Every faulty element reports its own error, at its own place.
            let faulty_starts: Vec<u32> = cold.doc.elements.iter().filter(|e| e.attr("sz").is_some()).map(|e| e.span.start).collect();
            prop_assert_eq!(faulty_starts.len(), parts.iter().flatten().count());
            for (i, start) in faulty_starts.iter().enumerate() {
                let end = faulty_starts.get(i + 1).copied().unwrap_or(u32::MAX);
                let own = cold.diagnostics.iter().filter(|d| d.span.start >= *start && d.span.start < end && d.severity == gobook::diagnostics::Severity::Error).count();
                prop_assert!(own >= 1, "element {} at {} lost its errors\n{}\n{:?}", i, start, text, cold.diagnostics);
            }
        }
    }
}

/// What a check resolved, comparable: every diagram (board, placement, text and its span)
/// and the rest of the book as it prints.
fn resolved_of(c: &gobook::check::Checked) -> String {
    format!("{:?}", c.resolved.book)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, max_shrink_iters: 200, ..ProptestConfig::default() })]

    /// The editor's check (`lsp` keeps one cache per book): after every edit of a generated
    /// book, the kept cache's diagrams (shared with the last check, placed anew where the
    /// edit moved them) and diagnostics are a cold check's.
    #[test]
    fn a_kept_cache_resolves_each_edited_book_as_a_cold_check_does(start in book(), edits in prop::collection::vec(edit(), 1..7)) {
        let mut cache = gobook::resolve::cache::ResolveCache::default();
        let mut book = start.clone();
        // The last check is kept while the next runs, as the server's analysis is.
        let mut last = None;
        for step in 0..=edits.len() {
            if step > 0 {
                book.apply(&edits[step - 1]);
            }
            let text = book.text();
            let cold = gobook::check::check(&text);
            let warm = gobook::check::check_with(&text, &mut cache);
            prop_assert_eq!(diagnostics(&warm), diagnostics(&cold), "after edit {}\n{}", step, text);
            prop_assert_eq!(resolved_of(&warm), resolved_of(&cold), "after edit {}\n{}", step, text);
            last = Some(warm);
        }
        drop(last);
    }
}

/// A diagram found in the kept cache is placed where it now stands: a line more above it
/// moves its line alone, a word more its problem text's span alone, and one unmoved is the
/// last check's own allocation, not a copy.
#[test]
fn a_kept_diagram_moves_with_the_text_above_it_and_is_shared_where_it_stays() {
    let book = |para: &str| {
        format!(
            "::book(#b)\n\n::chapter\n\n::dia(#d0) sz=9 ab=C3\n\n::p {para}\n\n\
             ::dia(#d1) sz=9 ab=D4\n\n::prb sz=9 ab=E5 correct=F6 Black to play.\n"
        )
    };
    let mut cache = gobook::resolve::cache::ResolveCache::default();
    let mut last = gobook::check::check_with(&book("Words."), &mut cache);
    // Longer and a line more; as long, a line less; shorter.
    for para in ["Words,\nmore words.", "Words, more words.", "Words."] {
        let text = book(para);
        let cold = gobook::check::check(&text);
        let warm = gobook::check::check_with(&text, &mut cache);
        assert_eq!(resolved_of(&warm), resolved_of(&cold), "{text}");
        let (now, before) = (&warm.resolved.book.diagrams, &last.resolved.book.diagrams);
        assert!(
            Arc::ptr_eq(&now[0], &before[0]),
            "the diagram above the edit is shared"
        );
        last = warm;
    }
}

/// An edit costs what it changes: one paragraph edited writes its page again and draws
/// nothing, the other language's text index and the position index are the last build's
/// (the same allocation), and the site equals a cold build's; a move changed in a figure
/// makes the position index again, as a cold build makes it.
#[test]
fn one_paragraph_edited_writes_one_page_and_keeps_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::from("::book_en_de(#b) title=\"B\"\n\n");
    for c in 0..3 {
        text.push_str(&format!(
            "::chapter(#c{c})\n\n::h1 Chapter {c}\n\n::go(#g{c}) mv=\"Q16 D4 Q3 D16 R10\"\n\n\
             ::fig base=g{c} to=5 ca=\"Fig {c}\"\n\n::p_en Words {c} with <dia base=g{c} at=3>this</dia>.\n\n\
             ::p_de Worte {c}.\n\n::dia ab=C3 width=half\n\n"
        ));
    }
    let mut cache = Cache::default();
    let first = rendered(dir.path(), &text, &mut cache);
    assert_eq!(cache.pages_rendered, 2 * 4, "every page at first");
    assert_eq!(cache.chapters_laid_out(), 2 * 3, "every chapter at first");
    // Longer words: every element after them moves, and only their chapter is laid out.
    let edited = text.replace("Words 1 with", "Other words 1 with");
    let warm = rendered(dir.path(), &edited, &mut cache);
    assert_eq!(warm, rendered(dir.path(), &edited, &mut Cache::default()));
    assert_eq!(
        cache.pages_rendered, 1,
        "the one page showing the paragraph"
    );
    assert_eq!(cache.chapters_laid_out(), 1, "its chapter, in English");
    assert_eq!(cache.diagrams_drawn, 0, "its diagrams are kept");
    for kept in ["search-index-de.js", "search-positions.js", "de/c1.html"] {
        assert!(Arc::ptr_eq(&first[kept], &warm[kept]), "{kept} made again");
    }
    assert!(!Arc::ptr_eq(
        &first["search-index-en.js"],
        &warm["search-index-en.js"]
    ));
    assert_ne!(first["search-index-en.js"], warm["search-index-en.js"]);
    let moved = edited.replace("::go(#g2) mv=\"Q16 D4", "::go(#g2) mv=\"Q15 D4");
    let warm = rendered(dir.path(), &moved, &mut cache);
    assert_eq!(warm, rendered(dir.path(), &moved, &mut Cache::default()));
    assert_ne!(first["search-positions.js"], warm["search-positions.js"]);
    assert_eq!(
        cache.pages_rendered, 2,
        "the chapter's page in both languages"
    );
    assert_eq!(
        cache.chapters_laid_out(),
        2,
        "its chapter in both languages"
    );
}

/// A chapter's layout is kept by what it read of the book, not by its own text alone: a
/// retitled chapter is laid out again alone, yet the pages before and after it show the new
/// title in their navigation; an ID that moves lays out the chapters it leaves and joins and
/// the one linking to it, and the book's title, which every chapter quotes, lays out all. Each site equals a cold
/// build's.
#[test]
fn a_chapter_is_laid_out_again_when_what_it_reads_changes_and_its_neighbours_show_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::from("::book_en_de(#b) title=\"B\"\n\n");
    for c in 0..3 {
        text.push_str(&format!(
            "::chapter(#c{c})\n\n::h1 Chapter {c}\n\n::go(#g{c}) mv=\"Q16 D4 Q3 D16 R10\"\n\n\
             ::fig base=g{c} to=5 ca=\"Fig {c}\"\n\n::p Words {c} in #title#.\n\n"
        ));
    }
    text = text.replacen("::fig base=g0", "::fig(#f) base=g0", 1);
    text.push_str("::p See <a href=\"f\">the figure</a>.\n\n");
    let mut cache = Cache::default();
    rendered(dir.path(), &text, &mut cache);
    let mut step = |edits: &[(&str, &str)], laid: usize, cache: &mut Cache| {
        for (from, to) in edits {
            text = text.replacen(from, to, 1);
        }
        let warm = rendered(dir.path(), &text, cache);
        assert_eq!(
            warm,
            rendered(dir.path(), &text, &mut Cache::default()),
            "{edits:?}"
        );
        assert_eq!(cache.chapters_laid_out(), laid, "{edits:?}");
        warm
    };
    let warm = step(&[("::h1 Chapter 1", "::h1 Retitled")], 2, &mut cache);
    for list in ["gobook-nav-en.js", "gobook-nav-de.js"] {
        let js = String::from_utf8_lossy(&warm[list]).into_owned();
        assert!(js.contains("Retitled"), "{list} shows the new title");
    }
    for page in [
        "en/contents.html",
        "en/c2.html",
        "de/contents.html",
        "de/c2.html",
    ] {
        let html = String::from_utf8_lossy(&warm[page]).into_owned();
        assert!(html.contains("Retitled"), "{page} shows the new title");
    }
    // The ID the last chapter's link leads to moves from chapter 0 to chapter 1: those two
    // are laid out again (their figures' anchors), and so is the last (where its link leads).
    let moved = [
        ("::fig(#f) base=g0", "::fig base=g0"),
        ("::fig base=g1", "::fig(#f) base=g1"),
    ];
    let warm = step(&moved, 6, &mut cache);
    let last = String::from_utf8_lossy(&warm["en/c2.html"]).into_owned();
    assert!(last.contains("href=\"c1.html#f\""), "{last}");
    // The book's title, which every chapter's paragraph quotes: every chapter.
    step(&[("title=\"B\"", "title=\"C\"")], 6, &mut cache);
    // Nothing any chapter reads: a word of the last paragraph, in one chapter.
    step(&[("the figure", "that figure")], 2, &mut cache);
}

/// The reads no generated edit changes alone: a problem's question edited in place (its
/// block and its diagram as pages use it stay the same), an element's own `href` whose
/// target moves to another chapter, and a heading that sets the `paraSpacing` it would
/// otherwise inherit. Each lays its chapter out again, and each site equals a cold build's.
#[test]
fn a_question_an_element_link_and_an_own_spacing_lay_their_chapter_out_again() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::from(
        "::book_en_de(#b) title=\"B\"\n\n\
         ::chapter(#c0)\n\n::h1 Zero\n\n::go(#g0) mv=\"Q16 D4 Q3\"\n\n\
         ::fig(#f) base=g0 to=3 ca=\"Fig\"\n\n\
         ::chapter(#c1)\n\n::h1 One\n\n::p href=f Jump to the figure.\n\n\
         ::prb sz=9 ab=D4 aw=E5 pl=b ca=\"Problem 1\" correct=\"E6\" #btc#\n\n\
         ::chapter(#c2)\n\n::h1 Two\n\n::go(#g2) mv=\"Q16 D4 Q3\"\n\n\
         ::fig base=g2 to=3 ca=\"Other\"\n\n::p paraSpacing=30 Spaced.\n\n::h2 Heading\n\n",
    );
    let mut cache = Cache::default();
    rendered(dir.path(), &text, &mut cache);
    let mut step = |from: &str, to: &str, cache: &mut Cache| {
        text = text.replacen(from, to, 1);
        let warm = rendered(dir.path(), &text, cache);
        let cold = rendered(dir.path(), &text, &mut Cache::default());
        let stale: Vec<_> = cold
            .keys()
            .filter(|k| warm.get(*k) != cold.get(*k))
            .collect();
        assert!(
            stale.is_empty() && warm.len() == cold.len(),
            "{from} -> {to}: stale {stale:?}"
        );
        assert!(cache.chapters_laid_out() >= 2, "{from} -> {to}");
        warm
    };
    let warm = step("#btc#", "#btk#", &mut cache);
    let one = String::from_utf8_lossy(&warm["en/c1.html"]).into_owned();
    assert!(one.contains("kill"), "the new question: {one}");
    step("::fig(#f) base=g0", "::fig base=g0", &mut cache);
    let warm = step("::fig base=g2", "::fig(#f) base=g2", &mut cache);
    let one = String::from_utf8_lossy(&warm["en/c1.html"]).into_owned();
    assert!(
        one.contains("c2.html#f"),
        "the link follows its target: {one}"
    );
    step("::h2 Heading", "::h2 paraSpacing=30 Heading", &mut cache);
}

/// The text index is kept page by page, each page's share by what the index shows of it:
/// new words in one paragraph make that page's share again; a chapter retitled or given a
/// `shortTitle` writes every page again (each sidebar lists it) but makes again only the
/// share of the chapter's own page, in each language; a move changed in a figure writes
/// its page again and keeps its share. After each edit the site equals a cold build's,
/// the index byte for byte.
#[test]
fn the_text_index_is_made_again_only_for_the_pages_whose_text_changed() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::from("::book_en_de(#b) title=\"B\"\n\n");
    for c in 0..3 {
        text.push_str(&format!(
            "::chapter(#c{c})\n\n::h1 Chapter {c}\n\n::go(#g{c}) mv=\"Q16 D4 Q3 D16 R10\"\n\n\
             ::fig base=g{c} to=5 ca=\"Fig {c}\"\n\n::p_en Words {c}.\n\n::p_de Worte {c}.\n\n"
        ));
    }
    let mut cache = Cache::default();
    let first = rendered(dir.path(), &text, &mut cache);
    assert_eq!(
        cache.pages_indexed, cache.pages_rendered,
        "every page at first"
    );
    let edits: [(&str, &str, usize, usize); 4] = [
        ("Words 1.", "Other words 1.", 1, 1),
        ("::h1 Chapter 2", "::h1 Middle game 2", 8, 2),
        (
            "::chapter(#c0)",
            "::chapter(#c0) shortTitle=\"Start\"",
            8,
            2,
        ),
        ("::go(#g2) mv=\"Q16 D4", "::go(#g2) mv=\"Q15 D4", 2, 0),
    ];
    let mut current = text.clone();
    for (from, to, written, indexed) in edits {
        current = current.replacen(from, to, 1);
        let warm = rendered(dir.path(), &current, &mut cache);
        assert_eq!(
            (cache.pages_rendered, cache.pages_indexed),
            (written, indexed),
            "pages written and indexed after {from} -> {to}"
        );
        let cold = rendered(dir.path(), &current, &mut Cache::default());
        assert_eq!(warm, cold, "after {from} -> {to}");
    }
    let index = String::from_utf8_lossy(&cache_index(dir.path(), &current)).into_owned();
    for shown in ["Other words 1.", "Middle game 2", "\"Start\""] {
        assert!(index.contains(shown), "{shown} not in {index}");
    }
    assert_ne!(
        first["search-index-en.js"],
        cache_index(dir.path(), &current)
    );
}

/// The English text index of a cold build of `text`.
fn cache_index(dir: &Path, text: &str) -> Arc<Vec<u8>> {
    rendered(dir, text, &mut Cache::default())["search-index-en.js"].clone()
}
