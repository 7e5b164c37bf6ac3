//! What `serve` keeps of the last site it rendered, so that an edit costs what it changes:
//! each page by its laid-out value (compared with the page at the same place, which is the
//! only one its value can equal, as the value holds its place), each drawing by the
//! renderer's whole input, and the search indexes by what they show. A page found
//! unchanged needs no drawing at all, so only the diagrams of the pages written again are
//! keyed and looked up.

use crate::layout::book::{LaidBook, LaidPage};
use crate::layout::diagram::{board_shape, diagram_title, words};
use crate::layout::plan::Plan;
use crate::project::config::Config;
use crate::render::svg::{relabel, render_inline, uses_id_prefix, BoardDiagram};
use crate::search::positions::PageFigures;
use crate::search::text::{self, PageText, Share};
use crate::site::building;
use crate::site::html::{self, Site};
use rayon::prelude::*;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::hash::{Hash, Hasher};
use std::path::PathBuf;
use std::sync::Arc;

/// The drawings, pages and search indexes of the last builds.
#[derive(Default)]
pub struct Kept {
    /// Drawings by the renderer's input, with the build that last used each.
    svgs: HashMap<Keyed<SvgInput>, (Arc<str>, u64)>,
    /// Builds so far, to forget the drawings no build used for longest.
    builds: u64,
    /// By language.
    langs: HashMap<String, LangKept>,
    /// The book's languages in order, and the position index made of their pages.
    positions: Option<(Vec<String>, Arc<crate::search::Files>)>,
}

/// A key with its hash, worked out once: lookups hash only the number and compare the
/// whole value.
struct Keyed<T> {
    hash: u64,
    value: T,
}

impl<T: Hash> Keyed<T> {
    fn new(value: T) -> Self {
        let mut h = crate::resolve::cache::hasher();
        value.hash(&mut h);
        Keyed {
            hash: h.finish(),
            value,
        }
    }
}

impl<T: PartialEq> PartialEq for Keyed<T> {
    fn eq(&self, other: &Self) -> bool {
        self.hash == other.hash && self.value == other.value
    }
}

impl<T: Eq> Eq for Keyed<T> {}

impl<T> Hash for Keyed<T> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

/// The renderer's whole input for one drawing: the board with its words, and the id
/// prefix where the drawing uses one (see [`uses_id_prefix`]), so inserting a diagram
/// re-keys none of the others.
#[derive(PartialEq, Eq, Hash)]
struct SvgInput {
    board: BoardDiagram,
    prefix: Option<String>,
}

/// The pages of one language, kept with the writer's settings they were written with.
struct LangKept {
    settings: Settings,
    /// By place in the plan.
    pages: Vec<KeptPage>,
    /// The language's text index, its files: the pages' shares joined.
    text_index: Arc<crate::search::Files>,
}

/// A page kept: its value, its bytes, and its share of the language's text index (made of
/// what [`PageText`] shows of it, so kept also when only the page's frame changed).
struct KeptPage {
    value: LaidPage,
    bytes: Arc<Vec<u8>>,
    text: Arc<Share>,
}

/// What the site writer adds to a laid-out page: every language's file names and anchors
/// (links, language switch, addresses), one folder per language or not, `gobook.toml`,
/// and the included files as markup.
#[derive(PartialEq)]
pub struct Settings {
    plans: Vec<Plan>,
    multi: bool,
    config: Config,
    includes: Vec<(String, String)>,
}

impl Settings {
    /// The settings the pages of language `pi` of `site` are written with.
    pub fn of(site: &Site, pi: usize) -> Settings {
        Settings {
            plans: site.plans.to_vec(),
            multi: site.multi,
            config: site.config.clone(),
            includes: site.includes[pi]
                .iter()
                .map(|(k, v)| (k.clone(), v.0.clone()))
                .collect::<BTreeMap<_, _>>()
                .into_iter()
                .collect(),
        }
    }
}

/// One language's pages compared with the last build's: the old entry when its settings
/// are the same, and for each page the bytes found (None: to be written).
struct Compared {
    old: Option<LangKept>,
    found: Vec<Option<Arc<Vec<u8>>>>,
}

/// The site's pages and search indexes, and how much was made anew.
pub struct Made {
    /// Paths relative to the site root and their bytes: pages, then search indexes.
    pub files: Vec<(PathBuf, Arc<Vec<u8>>)>,
    /// Pages written.
    pub pages: usize,
    /// Pages written again (not found unchanged).
    pub rendered: usize,
    /// Diagrams drawn (not found among the kept drawings).
    pub drawn: usize,
    /// Pages whose share of the text index was made again (not kept).
    pub indexed: usize,
}

/// At most this many drawings are kept for each diagram of the book in each language: the
/// present ones and some of the recent past (an edit undone), never an ever-growing heap.
const KEEP_PER_DIAGRAM: usize = 2;

impl Kept {
    /// Writes the pages of `site` that changed since the last build and the search files,
    /// reusing the rest; `settings` by language (see [`Settings::of`]).
    pub fn make(&mut self, site: &Site, settings: Vec<Settings>) -> Made {
        self.builds += 1;
        let laid = site.laid;
        let compared: Vec<Compared> = laid
            .languages
            .iter()
            .zip(&settings)
            .map(|(l, s)| self.compare(l, s))
            .collect();
        // Only the pages written again need drawings.
        let needed: Vec<BTreeSet<usize>> = laid
            .languages
            .iter()
            .zip(&compared)
            .map(|(l, c)| {
                l.pages
                    .iter()
                    .zip(&c.found)
                    .filter(|(_, f)| f.is_none())
                    .flat_map(|(p, _)| p.diagrams.iter().map(|(i, _)| *i))
                    .collect()
            })
            .collect();
        let (svgs, drawn) = self.drawings(site, &needed);
        let site = Site {
            svgs: &svgs,
            ..*site
        };
        let mut made = Made {
            files: Vec::new(),
            pages: 0,
            rendered: 0,
            drawn,
            indexed: 0,
        };
        let positions_same = self.positions_same(laid, &compared);
        let mut kept = HashMap::new();
        for (pi, ((language, c), s)) in laid
            .languages
            .iter()
            .zip(compared)
            .zip(settings)
            .enumerate()
        {
            let lang = self.language(&site, pi, c, s, &mut made);
            kept.insert(language.plan.lang.clone(), lang);
        }
        // Languages the book no longer has are forgotten.
        self.langs = kept;
        let langs: Vec<String> = laid.languages.iter().map(|l| l.plan.lang.clone()).collect();
        let positions = match self.positions.take() {
            Some((_, bytes)) if positions_same => bytes,
            _ => Arc::new(crate::search::positions::index(laid)),
        };
        self.positions = Some((langs, positions.clone()));
        let text_index = |pi: usize| self.langs[&laid.languages[pi].plan.lang].text_index.clone();
        for (name, bytes) in crate::site::finding::search_files_with(laid, &text_index, &positions)
        {
            made.files.push((PathBuf::from(name), bytes));
        }
        made
    }

    /// Language `l`'s pages compared, in parallel, with those at the same place in the last
    /// build written with the same settings.
    fn compare(&mut self, l: &crate::layout::book::LaidLanguage, settings: &Settings) -> Compared {
        let old = self
            .langs
            .remove(&l.plan.lang)
            .filter(|o| o.settings == *settings);
        let found = l
            .pages
            .par_iter()
            .enumerate()
            .map(|(p, page)| {
                let kept = old.as_ref()?.pages.get(p)?;
                (kept.value == *page).then(|| kept.bytes.clone())
            })
            .collect();
        Compared { old, found }
    }

    /// Language `pi`'s pages, found or written, added to `made`; what is kept of them.
    fn language(
        &self,
        site: &Site,
        pi: usize,
        c: Compared,
        settings: Settings,
        made: &mut Made,
    ) -> LangKept {
        let language = &site.laid.languages[pi];
        let plan = &site.plans[pi];
        made.rendered += c.found.iter().filter(|f| f.is_none()).count();
        let all_found = c.old.is_some() && c.found.iter().all(Option::is_some);
        let old = c.old.as_ref();
        let made_now: Vec<(Arc<Vec<u8>>, Arc<Share>, bool)> = c
            .found
            .into_par_iter()
            .zip(&language.pages)
            .enumerate()
            .map(|(p, (b, page))| {
                let bytes = b.unwrap_or_else(|| {
                    let _noted = building::note(format!(
                        "the page {} ({})",
                        plan.pages[page.index].file, plan.lang
                    ));
                    Arc::new(html::page(site, pi, page).into_bytes())
                });
                let (share, made) = share(old, &language.plan, p, page, &bytes);
                (bytes, share, made)
            })
            .collect();
        let dir = if site.multi {
            PathBuf::from(&plan.lang)
        } else {
            PathBuf::new()
        };
        let (mut old_pages, old_text): (Vec<Option<KeptPage>>, _) = match c.old {
            Some(o) => (o.pages.into_iter().map(Some).collect(), Some(o.text_index)),
            None => (Vec::new(), None),
        };
        let mut pages = Vec::with_capacity(made_now.len());
        for (p, (page, (bytes, text, new_share))) in language.pages.iter().zip(made_now).enumerate()
        {
            made.files
                .push((dir.join(&plan.pages[page.index].file), bytes.clone()));
            made.indexed += usize::from(new_share);
            // A page found unchanged keeps the value it was found by; only new ones are copied.
            let value = match old_pages.get_mut(p).and_then(Option::take) {
                Some(old) if Arc::ptr_eq(&old.bytes, &bytes) => old.value,
                _ => page.clone(),
            };
            pages.push(KeptPage { value, bytes, text });
        }
        made.pages += pages.len();
        // The index is its pages' shares joined: the last one when every page was found.
        let text_index = match old_text {
            Some(t) if all_found => t,
            _ => Arc::new(text::join(&plan.lang, pages.iter().map(|k| &*k.text))),
        };
        LangKept {
            settings,
            pages,
            text_index,
        }
    }

    /// Whether the position index of the last build shows what `laid`'s would: the same
    /// languages and plans (page addresses), and on every page the same short title,
    /// figures and diagrams ([`PageFigures`], what the index reads of a page). Pages found unchanged are not looked into.
    fn positions_same(&self, laid: &LaidBook, compared: &[Compared]) -> bool {
        let Some((langs, _)) = &self.positions else {
            return false;
        };
        langs.len() == laid.languages.len()
            && laid
                .languages
                .iter()
                .zip(langs)
                .zip(compared)
                .all(|((l, lang), c)| {
                    let Some(old) = &c.old else { return false };
                    *lang == l.plan.lang
                        && old.pages.len() == l.pages.len()
                        && l.pages
                            .iter()
                            .zip(&c.found)
                            .zip(&old.pages)
                            .all(|((p, f), o)| {
                                f.is_some() || PageFigures::of(p) == PageFigures::of(&o.value)
                            })
                })
    }

    /// The SVG of the diagrams `needed[language]`, by language and diagram
    /// (`[language][diagram]`, the others empty), each found among the kept drawings by
    /// the renderer's whole input or drawn: once a build for all its languages, and
    /// relabelled for each. Also how many were drawn.
    fn drawings(&mut self, site: &Site, needed: &[BTreeSet<usize>]) -> (Vec<Vec<Arc<str>>>, usize) {
        let book = site.laid.book();
        let build = self.builds;
        let all: BTreeSet<usize> = needed.iter().flatten().copied().collect();
        let shapes: HashMap<usize, BoardDiagram> = all
            .par_iter()
            .map(|&i| (i, board_shape(&book.diagrams[i])))
            .collect();
        let keys: Vec<Vec<(usize, Keyed<SvgInput>)>> = needed
            .iter()
            .zip(&site.laid.languages)
            .map(|(ids, l)| {
                let lang = l.plan.lang.as_str();
                let words = words(lang);
                let ids: Vec<usize> = ids.iter().copied().collect();
                ids.into_par_iter()
                    .map(|i| {
                        let board = BoardDiagram {
                            title: diagram_title(book, &book.diagrams[i], lang),
                            words: words.clone(),
                            ..shapes[&i].clone()
                        };
                        let prefix = uses_id_prefix(&board).then(|| format!("d{i}"));
                        (i, Keyed::new(SvgInput { board, prefix }))
                    })
                    .collect()
            })
            .collect();
        let found: Vec<Vec<Option<Arc<str>>>> = keys
            .iter()
            .map(|ks| {
                ks.iter()
                    .map(|(_, k)| {
                        self.svgs.get_mut(k).map(|(svg, used)| {
                            *used = build;
                            svg.clone()
                        })
                    })
                    .collect()
            })
            .collect();
        // Drawn when some language misses the diagram: once, then relabelled.
        let missing: BTreeSet<usize> = keys
            .iter()
            .zip(&found)
            .flat_map(|(ks, fs)| {
                ks.iter()
                    .zip(fs)
                    .filter(|(_, f)| f.is_none())
                    .map(|((i, _), _)| *i)
            })
            .collect();
        let drawn: HashMap<usize, String> = missing
            .par_iter()
            .map(|&i| {
                // Named for serve's report, should drawing it panic.
                let d = &book.diagrams[i];
                let _noted = building::note(building::diagram(book, d));
                #[cfg(debug_assertions)]
                building::panic_if_asked(d.id.as_deref());
                (i, render_inline(&shapes[&i], &format!("d{i}")))
            })
            .collect();
        let empty: Arc<str> = Arc::from("");
        let mut svgs = Vec::with_capacity(keys.len());
        for (ks, fs) in keys.into_iter().zip(found) {
            let mut per_diagram = vec![empty.clone(); book.diagrams.len()];
            for ((i, k), f) in ks.into_iter().zip(fs) {
                let svg = f.unwrap_or_else(|| {
                    let b = &k.value.board;
                    let base = drawn.get(&i).map_or("", String::as_str);
                    let svg: Arc<str> = relabel(base, &shapes[&i], &b.title, &b.words).into();
                    self.svgs.insert(k, (svg.clone(), build));
                    svg
                });
                per_diagram[i] = svg;
            }
            svgs.push(per_diagram);
        }
        self.forget(KEEP_PER_DIAGRAM * book.diagrams.len() * site.plans.len());
        (svgs, drawn.len())
    }

    /// Forgets the drawings used longest ago beyond `room`.
    fn forget(&mut self, room: usize) {
        if self.svgs.len() <= room {
            return;
        }
        let mut used: Vec<u64> = self.svgs.values().map(|(_, u)| *u).collect();
        used.sort_unstable_by(|a, b| b.cmp(a));
        let oldest_kept = used[room.saturating_sub(1).min(used.len() - 1)];
        self.svgs.retain(|_, (_, u)| *u >= oldest_kept);
    }
}

/// The share of the text index of `page`, at place `p` of `plan`, whose bytes are
/// `bytes`: the share kept in `old` at the same place when its bytes were found (the page
/// is the same) or when the index shows the same of both pages (each seen with the plan it
/// was laid out with), else made now; true when made now.
fn share(
    old: Option<&LangKept>,
    plan: &Plan,
    p: usize,
    page: &LaidPage,
    bytes: &Arc<Vec<u8>>,
) -> (Arc<Share>, bool) {
    let kept = old.and_then(|o| Some((o, o.pages.get(p)?)));
    if let Some((_, k)) = kept.filter(|(_, k)| Arc::ptr_eq(&k.bytes, bytes)) {
        return (k.text.clone(), false);
    }
    let seen = PageText::of(plan, p, page);
    if let Some((o, k)) = kept {
        let old_plan = o.settings.plans.iter().find(|l| l.lang == plan.lang);
        if old_plan.is_some_and(|op| PageText::of(op, p, &k.value) == seen) {
            return (k.text.clone(), false);
        }
    }
    (Arc::new(seen.share()), true)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Past the room given, the drawings used longest ago go, so a long session of edits
    /// keeps a bounded number.
    #[test]
    fn the_drawings_used_longest_ago_are_forgotten_beyond_the_room() {
        let mut kept = Kept::default();
        for used in 1..=10u64 {
            let board = BoardDiagram::new(9 + used as u8);
            let key = Keyed::new(SvgInput {
                board,
                prefix: None,
            });
            kept.svgs.insert(key, (Arc::from(used.to_string()), used));
        }
        kept.forget(20);
        assert_eq!(kept.svgs.len(), 10, "within the room, all stay");
        kept.forget(4);
        let mut left: Vec<u64> = kept.svgs.values().map(|(_, u)| *u).collect();
        left.sort_unstable();
        assert_eq!(left, vec![7, 8, 9, 10]);
    }
}
