//! A commented game as a book: figures along the main line, each comment after
//! the figure that shows its move, the SGF's marks and labels on the figures, and
//! each variation as a captioned diagram right after the comment it answers.

use super::line::{moves_text, walk, Line, LineNode, Numbered};
use super::markup::{self, Markup, Tally};
use super::text::{book_id, comment, push_attr, safe_value, summary, title, AsWritten};
use super::{go_element, ImportError, Imported, Options};
use crate::format::writer::{self, Formatted};
use crate::i18n;
use crate::point::{Color, MAX_SIZE};
use crate::sgf::{self, GameTree, NodeId};
use std::collections::BTreeSet;

/// A comment this long (in characters) on one move ends the figure at that move,
/// so that the text has a board of its own that stops where it speaks.
pub const LONG_COMMENT: usize = 600;

/// Writes the book (or chapter) for `game`, with what became of its markup.
pub fn import_game(game: &GameTree, name: &str, opts: &Options) -> Result<Imported, ImportError> {
    let line = sgf::main_line(game);
    if !(2..=MAX_SIZE).contains(&line.size) {
        return Err(ImportError::BoardSize(line.size));
    }
    let size = line.size;
    let main = walk(game, crate::sgf::ROOT, size);
    let gm = Numbered::new(&main.moves);
    let id = match opts.ordinal {
        0 => book_id(name),
        n => format!("{}-{n}", book_id(name)),
    };
    // In a chapter every ID carries the game's name, so two imported games never clash.
    let prefix = if opts.chapter {
        format!("{id}-")
    } else {
        String::new()
    };
    let title = title(&line.info, name);
    let words = AsWritten {
        size,
        lang: opts.lang,
    };
    let coords = (0..game.len()).any(|n| comment(game, n).is_some_and(|c| words.names_points(&c)));
    let mut w = Writer {
        game,
        size,
        lang: opts.lang,
        prefix: prefix.clone(),
        out: String::new(),
        next_dia: opts.first_dia.max(1),
        tally: Tally::default(),
        notes: Vec::new(),
        // Only a whole book is split into pages: an included chapter stays one chapter.
        per_page: if opts.chapter {
            u32::MAX
        } else {
            opts.figures_per_page.max(1)
        },
        on_page: 0,
        page: 1,
        title: title.clone(),
        coords,
    };
    w.head(&line, &id, opts);
    let game_id = format!("{prefix}{}", super::GAME_ID);
    w.out
        .push_str(&go_element(game, &line, gm.first, &gm.moves, &game_id));
    let plan = Plan {
        ends: super::plan::figure_ends(game, &main, &gm, size, opts.every),
        total: gm.count(),
        first: gm.first.or(line.to_play),
        main: &main,
        gm: &gm,
        game_id,
    };
    let mut fig = Figure::start(1, 1, &plan);
    for k in 0..main.nodes.len() {
        w.main_node(&mut fig, k, &plan);
    }
    w.close(&mut fig, plan.total, &plan);
    w.out.push('\n');
    // The writer's conventions (blank lines, quoting, one game-info attribute a line)
    // are applied once here, so the book is what `gobook fmt` would make of it.
    let text = match writer::format(&w.out, false) {
        Formatted::Text(t) => t,
        Formatted::SyntaxErrors(e) => {
            return Err(ImportError::Internal(e.first().map(|d| d.message.clone())))
        }
    };
    Ok(Imported {
        text,
        markup: w.tally,
        notes: w.notes,
    })
}

/// What the walk along the main line needs to know of the whole game.
struct Plan<'a> {
    /// The last move of every figure but the last ([`super::plan::figure_ends`]).
    ends: BTreeSet<u32>,
    /// How many numbered moves the game has.
    total: u32,
    /// Who plays first.
    first: Option<Color>,
    main: &'a super::line::Line,
    gm: &'a Numbered,
    /// The ID of the game's `::go` element.
    game_id: String,
}

/// The figure being gathered: its moves, markup and the text that follows it.
struct Figure {
    number: u32,
    from: u32,
    /// The points its numbered moves show numbers on: no letter or mark goes there.
    numbered: BTreeSet<crate::point::Point>,
    markup: Markup,
    body: String,
    /// Whether a diagram stands in the body: later comments then name the figure.
    after_dia: bool,
}

impl Figure {
    /// Figure `number`, starting at move `from` and ending where the plan says.
    fn start(number: u32, from: u32, plan: &Plan) -> Figure {
        let to = plan
            .ends
            .range(from..)
            .next()
            .copied()
            .unwrap_or(plan.total);
        Figure {
            number,
            from,
            numbered: super::plan::numbered_points(plan.gm, from, to),
            markup: Markup::default(),
            body: String::new(),
            after_dia: false,
        }
    }
}

/// A variation to draw: its first node, the move it replaces and who plays there.
struct Variation {
    node: NodeId,
    at: u32,
    to_play: Color,
    /// Changes to the base's position before the variation's own setup: a variation
    /// branching before the game's first move must not see the main line's later setup.
    undo: Setup,
}

/// Setup changes by point: a stone added, or `None` for a point emptied.
type Setup = std::collections::BTreeMap<crate::point::Point, Option<Color>>;

/// The book being written and what it counts.
struct Writer<'a> {
    game: &'a GameTree,
    size: u8,
    lang: &'static str,
    prefix: String,
    out: String,
    next_dia: u32,
    tally: Tally,
    notes: Vec<super::Note>,
    /// Figures on one page (chapter) at most, and how many the current one holds.
    per_page: u32,
    on_page: u32,
    /// The page (chapter) being written, from 1.
    page: u32,
    /// The book's title, which heads every page.
    title: String,
    /// Whether the boards show coordinates: the comments name points by them, as written.
    coords: bool,
}

impl Writer<'_> {
    /// How the book's text is written so that it reads as the SGF has it.
    fn words(&self) -> AsWritten {
        AsWritten {
            size: self.size,
            lang: self.lang,
        }
    }

    /// Counts the markup of a node read after move `done`.
    fn count(&mut self, t: Tally, done: u32) {
        if t.dropped > 0 {
            self.notes.push(super::Note::new(format!(
                "after move {done}: {} mark(s) or label(s) off the board, empty or on a point marked twice",
                t.dropped
            )));
        }
        self.tally.add(t);
    }

    /// The `::book` (or `::chapter`) line, the title and the game's summary.
    fn head(&mut self, line: &sgf::MainLine, id: &str, opts: &Options) {
        // A book (or chapter) in another language than the default says so, so pages
        // carry its language and a multilingual book shows the chapter in it only.
        let tag = if opts.lang == "en" {
            String::new()
        } else {
            format!("_{}", opts.lang)
        };
        if opts.chapter {
            self.out.push_str(&format!("::chapter{tag}(#{id})"));
        } else {
            self.out.push_str(&format!("::book{tag}(#{id})"));
            push_attr(&mut self.out, "title", &self.title.clone(), true);
        }
        // Comments that name points by their coordinates keep them (as written): the
        // boards show coordinates so that the reader finds them.
        if self.coords {
            push_attr(&mut self.out, "showCoords", "1", false);
        }
        if !opts.chapter {
            self.out.push_str("\n\n::chapter");
        }
        self.out.push_str("\n\n::h2 ");
        self.out.push_str(&self.words().title(&self.title));
        if let Some(summary) = summary(&line.info, self.size, opts.lang) {
            self.out.push_str("\n\n");
            self.out.push_str(&summary);
        }
        self.out.push_str("\n\n");
    }

    /// Writes main-line node `k`: ends the figure before it where the plan says, puts
    /// its markup on the figure (or, where it would clash or hide a number, on a
    /// reference diagram of that moment), its comment after the figure, and the
    /// variations that replace the next move after the comment.
    fn main_node(&mut self, fig: &mut Figure, k: usize, plan: &Plan) {
        let (game, gm) = (self.game, plan.gm);
        let node = &plan.main.nodes[k];
        let done_before = gm.numbered_after(node.moves_before);
        let done = gm.numbered_after(node.moves_before + node.moves);
        let (mut m, t) = markup::of_node(game, node.id, self.size);
        self.count(t, done);
        if done > done_before && done_before >= fig.from && plan.ends.contains(&done_before) {
            self.close(fig, done_before, plan);
        }
        let own = if fig.markup.clashes(&m) || super::plan::hides_number(&m, &fig.numbered) {
            std::mem::take(&mut m)
        } else {
            fig.markup.merge(&m);
            Markup::default()
        };
        let intro = node.moves_before + node.moves == 0;
        // After a variation's diagram, a comment on the game still describes the figure;
        // right after a reference diagram it describes that diagram.
        let refer =
            (fig.after_dia && own.is_empty()).then(|| format!("{}fig{}", self.prefix, fig.number));
        if !own.is_empty() {
            // The reference diagram comes before the comment that names its letters.
            let mut out = std::mem::take(if intro { &mut self.out } else { &mut fig.body });
            self.own_diagram(&mut out, &own, &plan.game_id, done + 1);
            *(if intro { &mut self.out } else { &mut fig.body }) = out;
            fig.after_dia = !intro;
        }
        if let Some(c) = comment(game, node.id) {
            let number = (node.moves > 0)
                .then(|| gm.last_number_of(node.moves_before + node.moves))
                .flatten();
            let prefix = number.map(|n| i18n::move_comment(n, self.lang));
            // Comments before the first move introduce the game, before the first figure.
            let paras = self.words().paragraphs(&c, prefix.as_deref());
            let out = if intro { &mut self.out } else { &mut fig.body };
            push_paragraphs(out, &paras, refer.as_deref());
        }
        // Siblings of the next main-line node replace its move; they follow this comment.
        let kids: &[NodeId] = &game.nodes()[node.id].children;
        if kids.len() > 1 && k + 1 < plan.main.nodes.len() {
            let at = done + 1;
            let to_play = gm.to_play_before(at).or(plan.first).unwrap_or(Color::Black);
            // Before the first move, the game's position holds setup of later main-line nodes.
            let undo = if done == 0 && node.moves_before == 0 {
                setup_difference(game, &plan.main.nodes[..=k], self.size)
            } else {
                Setup::new()
            };
            for &v in &kids[1..] {
                if self.join_figure(fig, v) {
                    continue;
                }
                let v = Variation {
                    node: v,
                    at,
                    to_play,
                    undo: undo.clone(),
                };
                let mut body = std::mem::take(&mut fig.body);
                self.variation(&mut body, &v, &plan.game_id, &fig.markup);
                fig.body = body;
                fig.after_dia = true;
            }
        }
    }

    /// A variation that only carries marks and comments, whose marks the figure can
    /// show (no clash, no hidden number), joins the figure: its marks go on it and its
    /// comments follow as the figure's. Returns whether it did.
    fn join_figure(&mut self, fig: &mut Figure, v: NodeId) -> bool {
        let Some(nodes) = marks_only(self.game, v, self.size) else {
            return false;
        };
        let mut all = Markup::default();
        for &n in &nodes {
            let (m, _) = markup::of_node(self.game, n, self.size);
            if all.clashes(&m) {
                return false;
            }
            all.merge(&m);
        }
        if fig.markup.clashes(&all) || super::plan::hides_number(&all, &fig.numbered) {
            return false;
        }
        fig.markup.merge(&all);
        let refer = fig
            .after_dia
            .then(|| format!("{}fig{}", self.prefix, fig.number));
        for &n in &nodes {
            let (_, t) = markup::of_node(self.game, n, self.size);
            self.count(t, fig.from);
            if let Some(c) = comment(self.game, n) {
                let paras = self.words().paragraphs(&c, None);
                push_paragraphs(&mut fig.body, &paras, refer.as_deref());
            }
        }
        true
    }

    /// Writes `fig` as a figure of moves `fig.from..=to` and starts the next one after
    /// it, on a new page when this one holds its share of figures.
    fn close(&mut self, fig: &mut Figure, to: u32, plan: &Plan) {
        self.out
            .push_str(&format!("\n\n::fig(#{}fig{})", self.prefix, fig.number));
        // On a later page the game's `::go` is in another chapter: the figure names it.
        if self.page > 1 {
            push_attr(&mut self.out, "base", &plan.game_id, false);
        }
        if plan.total > 0 {
            self.out
                .push_str(&format!(" at={} to={}", fig.from, to.max(fig.from)));
        }
        for (n, v, q) in fig.markup.attributes() {
            push_attr(&mut self.out, &n, &v, q);
        }
        self.out.push_str(&fig.body);
        self.on_page += 1;
        if self.on_page >= self.per_page && to < plan.total {
            // The next page's heading names the moves its figures show.
            let last = plan
                .ends
                .range(to + 1..)
                .nth(self.per_page as usize - 1)
                .copied()
                .unwrap_or(plan.total);
            self.out.push_str("\n\n::chapter\n\n::h2 ");
            let head = format!(
                "{}: {}",
                self.title,
                i18n::move_range(to + 1, last, self.lang)
            );
            self.out.push_str(&self.words().title(&head));
            self.on_page = 0;
            self.page += 1;
        }
        *fig = Figure::start(fig.number + 1, to + 1, plan);
    }

    /// A diagram of the game's position before move `at` with `m`: for markup that
    /// clashes with the figure's and comes on a node without a move.
    fn own_diagram(&mut self, out: &mut String, m: &Markup, base: &str, at: u32) {
        self.numbered_diagram(out, "dia", m, base, at);
    }

    /// Writes a diagram numbered through the book (`::dia` or `::var`, its ID taking the
    /// next number), showing the position of `base` before move `at` with markup `m`,
    /// captioned with its number.
    fn numbered_diagram(
        &mut self,
        out: &mut String,
        element: &str,
        m: &Markup,
        base: &str,
        at: u32,
    ) {
        let n = self.next_dia;
        self.next_dia += 1;
        out.push_str(&format!("\n\n::{element}(#{}dia{n})", self.prefix));
        push_attr(out, "base", base, false);
        push_attr(out, "at", &at.to_string(), false);
        push_attr(
            out,
            "ca",
            &i18n::variation_caption(n, None, self.lang),
            true,
        );
        for (n, v, q) in m.attributes() {
            push_attr(out, &n, &v, q);
        }
        // A reference diagram is small: the part of the board its marks are on.
        let mut points: Vec<crate::point::Point> = m.points.keys().copied().collect();
        points.extend(m.lines.iter().flat_map(|l| [l.1, l.2]));
        let (view, width) = super::view::reference(&points, self.size);
        if let Some((a, b)) = view {
            push_attr(out, "vw", &format!("{a}{b}"), false);
        }
        push_attr(out, "width", width, false);
    }

    /// Writes one variation as a `::dia` based on the game (`::var` based on a
    /// diagram), captioned, with its markup, its comments, then its own variations. `around` is the markup of the board it
    /// branches from, whose letters name the point in the caption.
    fn variation(&mut self, out: &mut String, v: &Variation, base: &str, around: &Markup) {
        let n = self.next_dia;
        self.next_dia += 1;
        let id = format!("{}dia{n}", self.prefix);
        let nested = !base.ends_with(super::GAME_ID);
        let line = walk(self.game, v.node, self.size);
        let nm = Numbered::new(&line.moves);
        // A variation of a variation goes on with its base's numbering.
        let offset = if nested { v.at - 1 } else { 0 };
        let caption = self.variation_caption(n, v.at, &line, around, nested);
        let kind = if nested { "var" } else { "dia" };
        out.push_str(&format!("\n\n::{kind}(#{id})"));
        push_attr(out, "base", base, false);
        push_attr(out, "at", &v.at.to_string(), false);
        if let Some(first) = nm.first.filter(|c| *c != v.to_play) {
            push_attr(
                out,
                "pl",
                if first == Color::White { "w" } else { "b" },
                false,
            );
        }
        let (setup, late) = variation_setup(self.game, &line, self.size, v.undo.clone());
        for (name, value) in &setup {
            push_attr(out, name, value, false);
        }
        if late > 0 {
            self.notes.push(super::Note::new(format!(
                "variation {n} (at move {}): {late} setup stone(s) after its first move are not shown",
                v.at
            )));
        }
        if !nm.moves.is_empty() {
            push_attr(out, "mv", &moves_text(&nm.moves), false);
        }
        push_attr(out, "ca", &caption, true);
        let (marks, own) = self.variation_markup(&line, v.at);
        for (name, value, q) in marks.attributes() {
            push_attr(out, &name, &value, q);
        }
        variation_view(out, &line, &marks, &setup, self.size);
        let mut subs = Vec::new();
        // After a board of its own, the comments name this diagram again.
        let mut refer: Option<String> = None;
        for (k, node) in line.nodes.iter().enumerate() {
            let done = nm.numbered_after(node.moves_before + node.moves);
            self.variation_comment(out, node, &nm, offset, refer.as_deref());
            if let Some(m) = &own[k] {
                // The position after this node, in this diagram's numbering, with its markup.
                self.numbered_diagram(out, "var", m, &id, done + 1 + offset);
                refer = Some(id.clone());
            }
            let kids: &[NodeId] = &self.game.nodes()[node.id].children;
            if kids.len() > 1 && k + 1 < line.nodes.len() {
                let to_play = nm
                    .to_play_before(done + 1)
                    .unwrap_or_else(|| nm.first.unwrap_or(v.to_play));
                // `at` counts in this diagram's numbering, which starts after `offset`.
                let at = done + 1 + offset;
                subs.extend(kids[1..].iter().map(|&s| Variation {
                    node: s,
                    at,
                    to_play,
                    undo: Setup::new(),
                }));
            }
        }
        // A diagram's comments stay together; its own variations follow them.
        for s in subs {
            self.variation(out, &s, &id, &marks);
        }
    }

    /// The caption of variation `n`, which branches at move `at`: its number, and the
    /// colour and point of its first move (by the letter `around`, the board it branches
    /// from, shows there, else by its coordinates), if it starts with one.
    ///
    /// Under boards without coordinates the point is named by what a board shows there:
    /// the letter, else the variation's own first stone, which a `::dia` numbers 1
    /// ("White 46 at 1", as the gaps line names a move by the stone it stands on) and a
    /// nested `::var` numbers as the move itself ("White 46").
    fn variation_caption(
        &self,
        n: u32,
        at: u32,
        line: &Line,
        around: &Markup,
        nested: bool,
    ) -> String {
        let first_point = (line.nodes.first().is_some_and(|f| f.moves > 0))
            .then(|| line.moves.first().and_then(|m| m.point))
            .flatten();
        let played = first_point.map(|p| {
            let color = line.moves[0].color;
            let name = around
                .letter_at(p)
                .map(String::from)
                .or_else(|| self.coords.then(|| p.to_string()))
                .or_else(|| (!nested).then(|| "1".to_string()));
            (color == Color::Black, at, name)
        });
        i18n::variation_caption(
            n,
            played.as_ref().map(|(b, m, p)| (*b, *m, p.as_deref())),
            self.lang,
        )
    }

    /// The markup of a variation's nodes (counted as of move `at`): what its diagram
    /// shows, and for each node the markup that clashes with earlier ones, which gets a
    /// board of its own after the node's comment.
    fn variation_markup(&mut self, line: &Line, at: u32) -> (Markup, Vec<Option<Markup>>) {
        let mut marks = Markup::default();
        let mut own: Vec<Option<Markup>> = Vec::with_capacity(line.nodes.len());
        for node in &line.nodes {
            let (m, t) = markup::of_node(self.game, node.id, self.size);
            self.count(t, at);
            if marks.clashes(&m) {
                own.push(Some(m));
            } else {
                marks.merge(&m);
                own.push(None);
            }
        }
        (marks, own)
    }

    /// The comment of a variation's node as paragraphs, the first prefixed with the number
    /// of the node's last move (in the numbering `nm`, moved on by `offset`). `refer`
    /// names the diagram they speak of once a board of its own came between.
    fn variation_comment(
        &self,
        out: &mut String,
        node: &LineNode,
        nm: &Numbered,
        offset: u32,
        refer: Option<&str>,
    ) {
        let Some(c) = comment(self.game, node.id) else {
            return;
        };
        let number = (node.moves > 0)
            .then(|| nm.last_number_of(node.moves_before + node.moves))
            .flatten()
            .map(|n| n + offset);
        let prefix = number.map(|n| i18n::move_comment(n, self.lang));
        for p in self.words().paragraphs(&c, prefix.as_deref()) {
            out.push_str("\n\n");
            match refer {
                Some(r) => {
                    out.push_str(&format!("::p ref={r} "));
                    out.push_str(&safe_value(&p));
                }
                None => out.push_str(&p),
            }
        }
    }
}

/// A variation is shown around its moves and marks, as books do, at half width unless
/// it spans the board; one without moves is a small reference diagram around its
/// marks and setup.
fn variation_view(
    out: &mut String,
    line: &super::line::Line,
    marks: &Markup,
    setup: &[(&'static str, String)],
    size: u8,
) {
    let mut points: Vec<crate::point::Point> = line.moves.iter().filter_map(|m| m.point).collect();
    points.extend(marks.points.keys().copied());
    points.extend(marks.lines.iter().flat_map(|l| [l.1, l.2]));
    let (view, width) = if line.moves.is_empty() {
        points.extend(
            setup
                .iter()
                .flat_map(|(_, v)| v.split(' ').filter_map(crate::point::Point::parse_standard)),
        );
        super::view::reference(&points, size)
    } else {
        let view = super::view::of_variation(&points, size);
        (view, if view.is_some() { "half" } else { "dia" })
    };
    if let Some((a, b)) = view {
        push_attr(out, "vw", &format!("{a}{b}"), false);
    }
    if width != "dia" {
        push_attr(out, "width", width, false);
    }
}

/// The nodes of a variation that plays no move, sets up no stone and does not branch,
/// whose marks and comments could join the figure it branches from.
fn marks_only(game: &GameTree, from: NodeId, size: u8) -> Option<Vec<NodeId>> {
    let line = walk(game, from, size);
    let nodes = game.nodes();
    let plain = line.moves.is_empty()
        && line.nodes.iter().all(|n| {
            let node = &nodes[n.id];
            node.children.len() <= 1 && !["AB", "AW", "AE", "B", "W"].iter().any(|p| node.has(p))
        });
    plain.then(|| line.nodes.iter().map(|n| n.id).collect())
}

/// Paragraphs written after what is already in `out`, each naming diagram `refer` when given.
fn push_paragraphs(out: &mut String, paras: &[String], refer: Option<&str>) {
    for p in paras {
        out.push_str("\n\n");
        match refer {
            Some(id) => {
                out.push_str(&format!("::p ref={id} "));
                out.push_str(&safe_value(p));
            }
            None => out.push_str(p),
        }
    }
}

/// The setup of a variation's nodes before its first move as `ab`, `aw` and `ae`
/// attributes (stones added to or taken from the position it starts from), and how
/// many setup points come after its first move, which one diagram cannot show.
fn variation_setup(
    game: &GameTree,
    line: &super::line::Line,
    size: u8,
    mut set: Setup,
) -> (Vec<(&'static str, String)>, usize) {
    let mut late = 0;
    let mut moved = false;
    for node in &line.nodes {
        for p in &game.nodes()[node.id].props {
            let what = match p.id.as_str() {
                "AB" => Some(Color::Black),
                "AW" => Some(Color::White),
                "AE" => None,
                _ => continue,
            };
            let pts = sgf::value::point_list(&p.values, size).unwrap_or_default();
            if moved {
                late += pts.len();
                continue;
            }
            for q in pts.into_iter().filter(|q| q.on_board(size)) {
                set.insert(q, what);
            }
        }
        moved |= node.moves > 0;
    }
    let list = |want: Option<Color>| {
        let mut pts: Vec<_> = set
            .iter()
            .filter(|(_, c)| **c == want)
            .map(|(p, _)| *p)
            .collect();
        pts.sort_by_key(|p| (std::cmp::Reverse(p.row), p.col));
        pts.iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let out = [
        ("ab", list(Some(Color::Black))),
        ("aw", list(Some(Color::White))),
        ("ae", list(None)),
    ]
    .into_iter()
    .filter(|(_, v)| !v.is_empty())
    .collect();
    (out, late)
}

/// What turns the game's starting position (all setup before its first move) into
/// the position after the main-line nodes `upto`: stones to add back or take away.
fn setup_difference(game: &GameTree, upto: &[super::line::LineNode], size: u8) -> Setup {
    let full: std::collections::BTreeMap<_, _> = crate::resolve::sgf_data::setup(game, size)
        .stones()
        .collect();
    let mut here: std::collections::BTreeMap<crate::point::Point, Color> =
        std::collections::BTreeMap::new();
    for node in upto {
        for p in &game.nodes()[node.id].props {
            let what = match p.id.as_str() {
                "AB" => Some(Color::Black),
                "AW" => Some(Color::White),
                "AE" => None,
                _ => continue,
            };
            for q in sgf::value::point_list(&p.values, size)
                .unwrap_or_default()
                .into_iter()
                .filter(|q| q.on_board(size))
            {
                match what {
                    Some(c) => here.insert(q, c),
                    None => here.remove(&q),
                };
            }
        }
    }
    let mut diff = Setup::new();
    for (p, c) in &full {
        match here.get(p) {
            Some(h) if h == c => {}
            Some(h) => {
                diff.insert(*p, Some(*h));
            }
            None => {
                diff.insert(*p, None);
            }
        }
    }
    for (p, h) in &here {
        if !full.contains_key(p) {
            diff.insert(*p, Some(*h));
        }
    }
    diff
}
