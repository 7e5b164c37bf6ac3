//! A chapter's blocks (the page model of `layout::page`) as typst markup: paragraphs with
//! their formats, diagrams at book scale with their captions and gaps lines kept with
//! them, narrow diagrams side by side, problems in a grid, hints printed as text.

use super::escape::{markup, string};
use super::rich::{inline_key, key, rich, rich_with, Pictures};
use super::scale::{Scale, GUTTER_MM, INLINE_SHARE};
use super::settings::Settings;
use crate::board::diagram::BoardDiagram;
use crate::format::schema::ParaKind;
use crate::layout::diagram::board_diagram;
use crate::layout::page::{Block, Content, Figure, Para};
use crate::layout::plan::Plan;
use crate::resolve::model::{Book, DiagramWidth, ParaStyle};
use crate::resolve::text::{LinkTarget, Rich};
use typst::foundations::Bytes;

/// A diagram drawn for typst.
pub struct Drawing {
    /// Its virtual path.
    pub path: String,
    /// Its printed width in mm.
    pub width: f64,
    /// Its title and description, the alternative text PDF/UA asks of every picture.
    pub alt: String,
}

/// Finds a local image of the book by the path it names it with: its bytes and typst's
/// name of its format.
pub type ImageLookup<'a> = &'a dyn Fn(&str) -> Option<(Vec<u8>, &'static str)>;

/// What the blocks of one language's chapters are written with, and the files they add.
pub struct Chapters<'a> {
    /// The resolved book.
    pub book: &'a Book,
    /// The language's pages: where every element is.
    pub plan: &'a Plan,
    /// The language.
    pub lang: &'a str,
    /// The print settings.
    pub settings: &'a Settings,
    /// The book's local images by the path it names them with.
    pub images: ImageLookup<'a>,
    /// The diagrams' placeholders and the images the markup names, by virtual path.
    pub files: Vec<(String, Bytes)>,
    /// The diagrams' drawings, by the number their placeholder holds (`super::diagrams`).
    pub drawings: Vec<crate::render::svg::Drawing>,
    /// The width in mm of the column being written when it is narrower than the text
    /// block (text beside a board, `flow`): its inline diagrams print no wider.
    pub column: Option<f64>,
}

impl Chapters<'_> {
    /// Draws `board` as an SVG file for typst: its path, its printed width in mm (`fit` of
    /// its width at the book's scale), and its words for a reader who cannot see it. Its
    /// lines are drawn as heavy as printed books draw them at that width.
    pub fn diagram_file(&mut self, board: &BoardDiagram, fit: impl FnOnce(f64) -> f64) -> Drawing {
        use crate::render::svg;
        let units = f64::from(svg::drawn_width(board));
        let unit = f64::from(svg::geometry(board.coordinates)[0]);
        let width = fit(units / unit * self.settings.line_mm);
        // The print target: no words, so both languages' drawings of a diagram are the
        // same; the words are the figure's alt text.
        let weights = svg::LineWeights::print(width / units);
        let drawing = svg::print_drawing(board, self.settings.board, weights);
        let path = format!("/d/{}.svg", self.files.len());
        // typst lays out a placeholder of the drawing's size; the drawing, drawn apart in
        // typst's shapes and text, takes its place before the export.
        let held = super::diagrams::placeholder(&drawing, self.drawings.len());
        self.files.push((path.clone(), Bytes::from_string(held)));
        self.drawings.push(drawing);
        Drawing {
            path,
            width,
            alt: svg::alt_text(board),
        }
    }

    /// The blocks of the chapter on page `page` as markup.
    pub fn blocks(&mut self, page: usize, blocks: &[Block]) -> String {
        self.pieces(page, blocks).concat()
    }

    /// The blocks on page `page` as markup, a piece for each paragraph, figure or run
    /// that stands alone (a bulleted run with the labels it binds), for the page flow
    /// (`flow`) to set beside a board or under it.
    pub(super) fn pieces(&mut self, page: usize, blocks: &[Block]) -> Vec<String> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < blocks.len() {
            // Problems several to a page: consecutive full-width problems in two columns.
            let run = blocks[i..]
                .iter()
                .take_while(|b| self.is_small_problem(b))
                .count();
            if run > 1 {
                let cells: Vec<String> = blocks[i..i + run]
                    .iter()
                    .map(|b| match b {
                        Block::Group { figure, text } => self.cell(page, figure, text, 0.5),
                        _ => String::new(),
                    })
                    .collect();
                out.push(format!("#gb-grid(2, {})\n\n", cells.join(", ")));
                i += run;
                continue;
            }
            // Problems too large for two to a page at the book's scale: each with its
            // words beside its board, at the spacing that sets two to a page.
            let run = blocks[i..]
                .iter()
                .take_while(|b| is_problem(b).and_then(|f| self.side_width(f)).is_some())
                .count();
            if run > 1 {
                for b in &blocks[i..i + run] {
                    if let Block::Group { figure, text } = b {
                        out.push(self.side(page, figure, text));
                    }
                }
                i += run;
                continue;
            }
            // Half and third width images side by side, as many as fill a line.
            let images = super::images::row(&blocks[i..]);
            if let Some(per) = images.first().and_then(|i| super::images::per_row(i)) {
                out.push(self.image_row(page, &images, per));
                i += images.len();
                continue;
            }
            // Bulleted paragraphs in a row share one hanging indent, as on the site.
            let run = blocks[i..]
                .iter()
                .take_while(|b| bullet(b).is_some())
                .count();
            if run > 0 {
                let paras: Vec<&Para> = blocks[i..i + run].iter().filter_map(bullet).collect();
                out.push(self.bullets(page, &paras));
                i += run;
                continue;
            }
            out.push(self.block(page, &blocks[i]));
            i += 1;
        }
        out
    }

    /// Consecutive bulleted paragraphs: their labels bound once (`gb-run`), which each
    /// paragraph's bullet measures for the widest, so that their texts line up after it.
    fn bullets(&mut self, page: usize, ps: &[&Para]) -> String {
        let mut labels: Vec<String> = ps
            .iter()
            .filter_map(|p| match &p.content {
                Content::Bullet { label, .. } => {
                    let pictures = self.pictures(label);
                    Some(format!("[{}]", rich_with(self.plan, label, &pictures)))
                }
                Content::Text(_) => None,
            })
            .collect();
        // The widest is among the longest: each bullet of a run of thousands measures a
        // few labels, not all of them (an image's markup is longer than any word's).
        labels.sort_by(|a, b| b.len().cmp(&a.len()).then_with(|| a.cmp(b)));
        labels.dedup();
        labels.truncate(RUN_LABELS);
        // `(,)` is no typst array: a run of bullets without labels binds `()`.
        let list = match labels.len() {
            0 => String::new(),
            _ => format!("{},", labels.join(", ")),
        };
        let mut out = format!("#let gb-run = ({list})\n");
        for p in ps {
            out.push_str(&self.para_in(page, p, "gb-run"));
        }
        out
    }

    /// The images of `text` found in the book's folder, each added to the PDF's files once
    /// (by a path its address names).
    fn pictures(&mut self, text: &[Rich]) -> Pictures {
        let mut out = Pictures::new();
        for image in super::rich::images(text) {
            let Some((bytes, ext)) = (self.images)(&image.url) else {
                continue;
            };
            let name: String = image.url.bytes().map(|b| format!("{b:02x}")).collect();
            let path = format!("/t/{name}.{ext}");
            if !self.files.iter().any(|(p, _)| *p == path) {
                self.files.push((path.clone(), Bytes::new(bytes)));
            }
            let alt = [image.caption.get(self.lang), image.href.as_deref()]
                .into_iter()
                .flatten()
                .map(str::trim)
                .find(|a| !a.is_empty())
                .unwrap_or(crate::i18n::ui(crate::i18n::UiWord::Figure, self.lang));
            out.insert(image.url.clone(), (path, alt.to_string()));
        }
        out
    }

    /// Paragraphs `ps` (of a box) with their bulleted runs lined up.
    fn paras(&mut self, page: usize, ps: &[Para]) -> String {
        let blocks: Vec<Block> = ps.iter().cloned().map(Block::Para).collect();
        self.blocks(page, &blocks)
    }

    pub(super) fn block(&mut self, page: usize, b: &Block) -> String {
        match b {
            Block::Para(p) => self.para(page, p),
            Block::Boxed(ps) => {
                let inner = self.paras(page, ps);
                format!("#gb-box[\n{inner}]\n\n")
            }
            Block::Group { figure, text } => self.group(page, figure, text),
            Block::Row(cells) => self.row(page, cells),
            Block::Image(img) => self.image(page, img),
            Block::Include {
                markdown: Some(doc),
                ..
            } => self.markdown(doc),
            // A buy button and an included gobook file the check could not splice in
            // (written by the web editions' own layout of it) belong to the web editions.
            Block::Buy { .. } | Block::Include { markdown: None, .. } => String::new(),
        }
    }

    fn para(&mut self, page: usize, p: &Para) -> String {
        self.para_in(page, p, "()")
    }

    /// Paragraph `p`, its bullet lined up with the labels `run` (a typst array) name.
    fn para_in(&mut self, page: usize, p: &Para, run: &str) -> String {
        if only_a_language_switch(p) {
            return String::new();
        }
        let label = format!("#label({})", string(&key(page, &p.anchor)));
        // A paragraph that links as a whole (an author's own list of chapters) names the
        // page it leads to, as a link in its text does. A heading does not: its title in
        // the PDF's tags is its plain text, which a link (typst asks where it leads) has none of.
        let heading = matches!(p.kind, ParaKind::H(_));
        let pictures = match &p.content {
            Content::Text(t) => self.pictures(t),
            Content::Bullet { label, text } => {
                let mut all = self.pictures(label);
                all.extend(self.pictures(text));
                all
            }
        };
        // The inline diagrams' boards, drawn first: one that stands beside the paragraph is
        // on its page, and its words need no link that names a page.
        let figs = self.inline_drawn(p);
        let beside = p.kind == ParaKind::P && self.inline_column(&figs).is_some();
        let linked = |t: &[Rich]| {
            let unlinked;
            let t = if beside {
                unlinked = super::rich::inline_words_unlinked(t);
                &unlinked
            } else {
                t
            };
            let t = super::rich::for_print(t);
            if heading {
                return rich(self.plan, &super::rich::without_links(t));
            }
            let text = rich_with(self.plan, t, &pictures);
            match &p.href {
                Some(target) if !text.trim().is_empty() => {
                    super::rich::linked(self.plan, target, text)
                }
                _ => text,
            }
        };
        let mut text = match &p.content {
            Content::Text(t) => linked(t),
            Content::Bullet { label, text } => format!(
                "#gb-bullet({run}, [{}], [{}])",
                rich_with(self.plan, label, &pictures),
                linked(text)
            ),
        };
        if text.trim().is_empty() {
            return String::new();
        }
        if p.hint {
            // A bulleted hint's bullet is a paragraph of its own, which one around it would lose.
            let own = matches!(p.content, Content::Text(_));
            text = format!(
                "#gb-hint([{}], [{text}], own: {own})",
                markup(self.hint_word())
            );
        }
        // `break=page` starts any paragraph on a new page, as the site's page breaks do
        // when it is printed; a print edition has one column, so `column` is no break.
        let brk = if p.brk.as_deref() == Some("page") {
            "#pagebreak(weak: true)\n"
        } else {
            ""
        };
        let body = match p.kind {
            ParaKind::H(n) => self.heading(n, p.tag_level, &text, &label),
            ParaKind::S(n) => format!("#block(above: 0.8em, below: 0.6em)[#text(size: {}em, style: \"italic\")[#par[{text}]]]{label}", if n == 1 { "1.15" } else { "1.05" }),
            _ => text_block(p, &text, &label),
        };
        // A heading or subtitle the book aligns itself, as the site aligns it.
        let body = match (p.kind, p.align.as_deref()) {
            (ParaKind::H(_) | ParaKind::S(_), Some(a @ ("center" | "right"))) => {
                format!("#align({a})[{body}]")
            }
            _ => body,
        };
        if beside {
            if let Some(beside) = self.beside_inline(&body, &figs) {
                return format!("{brk}{beside}");
            }
        }
        let mut out = format!("{brk}{body}\n\n");
        for (fig, _) in figs {
            out.push_str(&fig);
            out.push_str("\n\n");
        }
        out
    }

    /// A heading of own level `n` with the markup `text` and the label call `label` (or ""):
    /// tagged at `level`, the level every edition gives it (`layout::headings`), printed at
    /// its own size.
    pub(super) fn heading(&mut self, n: u8, level: u8, text: &str, label: &str) -> String {
        // A minor title (`h5`) keeps the text's weight, as on the site: the frame's
        // headings are bold, and the text's own weight inside overrides theirs.
        let regular;
        let text = if n >= 5 {
            regular = format!("#text(weight: \"regular\")[{text}]");
            &regular
        } else {
            text
        };
        let heading = format!(
            "#heading(level: {level}, outlined: {})[{text}]{label}",
            n <= 3
        );
        let (own, tagged) = (heading_percent(n), heading_percent(level));
        if own == tagged {
            heading
        } else {
            // Tagged a level above its own, it is printed at its own size.
            let ratio = f64::from(own) / f64::from(tagged);
            format!("#[#set text(size: {ratio:.4}em)\n{heading}]")
        }
    }

    /// The word a hint is printed under, in the page's language.
    pub(super) fn hint_word(&self) -> &'static str {
        hint_word(self.lang)
    }

    /// The figure call of each inline diagram of `p`, at most 0.6 of the text's width.
    pub(super) fn inline_figures(&mut self, p: &Para) -> Vec<String> {
        let figs = self.inline_drawn(p);
        figs.into_iter().map(|(fig, _)| fig).collect()
    }

    /// The figure call of each inline diagram of `p` and its printed width in mm.
    fn inline_drawn(&mut self, p: &Para) -> Vec<(String, f64)> {
        p.inline
            .iter()
            .map(|f| {
                let board = board_diagram(self.book, &self.book.diagrams[f.diagram], self.lang);
                let scale = self.scale();
                let column = self.column;
                let drawing = self.diagram_file(&board, |natural| {
                    let w = scale.board_width(natural, INLINE_SHARE, DiagramWidth::Full);
                    // In a narrow column, within it (`flow` asks that it fits beside a
                    // board at the least line spacing), never under that spacing.
                    column.map_or(w, |c| w.min(c.max(scale.least(natural))))
                });
                let cap = (!f.caption.title().is_empty()).then(|| markup(&f.caption.title()));
                let call = figure_call(
                    &inline_key(f.diagram),
                    &drawing,
                    None,
                    cap,
                    f.caption.gaps.as_deref().map(markup),
                );
                (call, drawing.width)
            })
            .collect()
    }

    /// A figure's call at `share` of the column's width at most.
    pub(super) fn figure(&mut self, page: usize, f: &Figure, share: f64) -> String {
        // Boards print at the book's scale (the same stone size throughout, as in a printed
        // Go book), within the place they are given and the share of the text block their
        // `width` gives them, never under the least line spacing (`scale`).
        let scale = self.scale();
        self.figure_fit(page, f, |w| scale.board_width(w, share, f.width))
    }

    /// A figure's call, its board `fit` of its width at the book's scale.
    fn figure_fit(&mut self, page: usize, f: &Figure, fit: impl FnOnce(f64) -> f64) -> String {
        let board = board_diagram(self.book, &self.book.diagrams[f.diagram], self.lang);
        let drawing = self.diagram_file(&board, fit);
        let question = f.question.as_ref().map(|q| rich(self.plan, q));
        let c = &f.caption;
        let title = c.title();
        let mut call = figure_call(
            &key(page, &f.anchor),
            &drawing,
            question,
            (!title.is_empty()).then(|| markup(&title)),
            c.gaps.as_deref().map(markup),
        );
        if let Some(h) = &c.header {
            call = call.replacen(
                "#gb-figure(",
                &format!("#gb-figure(header: [{}], ", markup(h)),
                1,
            );
        }
        call
    }

    /// The width figure `f`'s board prints at with its words and the start of its text
    /// beside it, two such to a page ([`Scale::side`]), when one to a page is all the
    /// book's scale allows.
    pub(super) fn side_width(&self, f: &Figure) -> Option<f64> {
        let natural = self.natural(f);
        let d = &self.book.diagrams[f.diagram];
        let rows = f64::from(d.view.1.row.saturating_sub(d.view.0.row)) + 1.25;
        let cols = f64::from(d.view.1.col.saturating_sub(d.view.0.col)) + 1.25;
        let room = self.settings.text_height() - SIDE_SPACE_MM;
        self.scale().side(natural, rows / cols, room, SIDE_WORDS_MM)
    }

    /// Figure `f` with its words and the start of its text `text` beside its board, which
    /// prints [`Chapters::side_width`] wide; the rest of its text under it at full measure.
    pub(super) fn side(&mut self, page: usize, f: &Figure, text: &[Block]) -> String {
        let width = self.side_width(f).unwrap_or_else(|| self.natural(f));
        let column = self.settings.text_width() - width - GUTTER_MM;
        let saved = self.column.replace(column);
        let pieces = self.pieces(page, text);
        self.column = saved;
        let aside: String = pieces
            .iter()
            .filter(|p| !p.trim().is_empty())
            .map(|p| format!("[\n{p}], "))
            .collect();
        let fig = self.figure_fit(page, f, |w| w.min(width));
        let side = format!("#gb-figure(side: {column:.1}mm, aside: ({aside}), ");
        format!("{}\n\n", fig.replacen("#gb-figure(", &side, 1))
    }

    /// Whether `b` is a full-width problem whose board prints readably in half the text
    /// block, so that it may share a line with the next.
    fn is_small_problem(&self, b: &Block) -> bool {
        is_problem(b).is_some_and(|f| self.scale().fits(self.natural(f), 0.5))
    }

    /// The book's print scale over its text block.
    pub(super) fn scale(&self) -> Scale {
        Scale {
            line_mm: self.settings.line_mm,
            text_width: self.settings.text_width(),
        }
    }

    /// The width of figure `f`'s board at the book's scale, before it is drawn.
    pub(super) fn natural(&self, f: &Figure) -> f64 {
        self.natural_of(f.diagram)
    }

    /// The width of diagram `d`'s board (in the book's list) at the book's scale.
    pub(super) fn natural_of(&self, d: usize) -> f64 {
        let d = &self.book.diagrams[d];
        self.scale().natural(d, d.show_coords)
    }

    /// One problem of a grid, with its text under it: in a column `share` of the text
    /// block, which its inline diagrams print no wider than.
    fn cell(&mut self, page: usize, f: &Figure, text: &[Block], share: f64) -> String {
        let fig = self.figure(page, f, share);
        let width = self.settings.text_width() * share - GUTTER_MM * (1.0 - share);
        let saved = self.column.replace(width);
        let body = self.blocks(page, text);
        self.column = saved;
        format!("[{fig}{body}]")
    }
}

/// A paragraph's text `text` (markup) in a block with its indents and `align`, and its
/// label call `label`.
fn text_block(p: &Para, text: &str, label: &str) -> String {
    let i = p.indent;
    let inset = format!(
        "inset: (left: {:.1}em, right: {:.1}em)",
        i.rest as f64 / 10.0,
        i.right as f64 / 10.0
    );
    // Centred or right-aligned, the block is as wide as the column: typst's block is as
    // wide as its text, which would leave `align` nothing to move it in.
    let (width, align) = match p.align.as_deref() {
        Some(a @ ("center" | "right")) => ("width: 100%, ", format!("#set align({a})\n")),
        _ => ("", String::new()),
    };
    // A first line's indent only where there is one: alone before a block (a hint) it
    // would make an empty line of its own.
    let first = match i.first - i.rest {
        0 => String::new(),
        d => format!("#h({:.1}em)", d as f64 / 10.0),
    };
    // Its own paragraph, tagged as one: text alone in a block is no paragraph to typst (its
    // tag a span that runs on into the next), but a bullet (`gb-bullet`) and a hint
    // (`gb-hint`) make their own.
    let own = matches!(p.content, Content::Text(_)) && !p.hint;
    let text = if own {
        format!("#par[{first}{text}]")
    } else {
        format!("{first}{text}")
    };
    format!("#block({width}{inset})[{align}{text}]{label}")
}

/// The frame's call that prints a diagram (see `gb-figure` in `frame.typ`).
pub fn figure_call(
    k: &str,
    d: &Drawing,
    question: Option<String>,
    caption: Option<String>,
    gaps: Option<String>,
) -> String {
    let opt =
        |name: &str, v: Option<String>| v.map(|v| format!(", {name}: [{v}]")).unwrap_or_default();
    format!(
        "#gb-figure({}, {:.1}mm, {}, alt: {}{}{}{})",
        string(k),
        d.width,
        string(&d.path),
        string(&d.alt),
        opt("question", question),
        opt("caption", caption),
        opt("gaps", gaps)
    )
}

/// The word a hint is printed under in `lang`.
pub(super) fn hint_word(lang: &str) -> &'static str {
    Some(crate::i18n::ui(crate::i18n::UiWord::Hint, lang))
        .filter(|w| !w.is_empty())
        .unwrap_or("Hint")
}

/// The room a page keeps, besides two boards with their words beside them, in mm: the
/// space between them (`gb-figure-side`'s 1em) and a heading or a line of text above the
/// first (the solutions' heading, the line that leads to the problems).
const SIDE_SPACE_MM: f64 = 13.0;

/// How high a board's words (a problem's question and hint, an answer's lines) stand
/// under it, about, in mm: two boards so that fit a page need no words beside them.
const SIDE_WORDS_MM: f64 = 15.0;

/// How many of a bulleted run's longest labels its bullets measure for the widest.
const RUN_LABELS: usize = 8;

/// The paragraph of a block that lines up with the bulleted paragraphs around it, as the
/// site's `in_bullets` says: a bulleted one that is no hint.
fn bullet(b: &Block) -> Option<&Para> {
    match b {
        Block::Para(p) if p.style == ParaStyle::Bullet && !p.hint && p.kind == ParaKind::P => {
            Some(p)
        }
        _ => None,
    }
}

/// Whether a block is a full-width problem standing alone.
fn is_problem(b: &Block) -> Option<&Figure> {
    match b {
        Block::Group { figure, .. }
            if figure.kind == "prb" && figure.width != DiagramWidth::Dia =>
        {
            Some(figure)
        }
        _ => None,
    }
}

/// Whether paragraph `p` only switches to another language, as a whole or in all its text:
/// a control of the web editions, with nothing to say on paper, where each language is a
/// book of its own.
pub(super) fn only_a_language_switch(p: &Para) -> bool {
    matches!(p.href, Some(LinkTarget::Language(_)))
        || matches!(&p.content, Content::Text(t) if super::rich::only_language_switches(t))
}

/// The size of a heading of `level`, in hundredths of the text's: typst's own (1.4em for
/// level 1, 1.2em for level 2) times `frame.typ`'s show rules (1.6em, 1.35em, 1.15em).
fn heading_percent(level: u8) -> u16 {
    match level {
        0 | 1 => 224,
        2 => 162,
        3 => 115,
        _ => 100,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::diagram::NumberedStone;
    use crate::point::{Color, Point};

    #[test]
    fn numerals_print_at_about_half_the_line_spacing_with_the_words_as_alt_text() {
        let d = BoardDiagram {
            size: 19,
            numbered: vec![NumberedStone {
                point: Point::parse_standard("D4").unwrap(),
                color: Color::Black,
                label: "1".into(),
            }],
            title: "Dia. 1 & <2>".into(),
            ..Default::default()
        };
        let svg = crate::render::svg::render_print(&d);
        assert_eq!(crate::render::svg::drawn_width(&d), 18 * 24 + 30);
        assert!(svg.contains("viewBox=\"-15 -15 462 "), "{svg}");
        // 14 units of text on lines 24 units apart: digits (0.73 em high) of 0.43 the spacing.
        let unit = crate::render::svg::geometry(false)[0] as f64;
        assert!((0.5..=0.65).contains(&(14.0 / unit)));
        let alt = crate::render::svg::alt_text(&d);
        assert!(alt.starts_with("Dia. 1 & <2>. 19x19 board"), "{alt}");
    }
}
