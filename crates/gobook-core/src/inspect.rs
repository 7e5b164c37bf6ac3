//! `gobook inspect`: the resolved book as JSON, in one language. The shape is
//! documented in `docs/inspect.md` and kept stable: tools and tests rely on it.

use crate::point::{Color, Point};
use crate::resolve::caption::caption_lines;
use crate::resolve::model::{BlockKind, Book, Diagram};
use crate::resolve::text::{self, TextContext};
use crate::resolve::Resolved;
use serde::Serialize;

/// The whole output. Its diagrams are made one at a time as they are written: all of
/// them at once took 30 KB a diagram, 800 MB for a 5 MB book (issue #30).
#[derive(Serialize)]
pub struct Inspect<'a> {
    /// The language everything is resolved in.
    pub language: String,
    /// The book.
    pub book: BookInfo,
    /// Every diagram, inline ones included, in flow order.
    pub diagrams: Diagrams<'a>,
}

/// Every diagram of a checked book in one language, serialised as a JSON array of
/// [`DiagramInfo`], each made when it is written and dropped after.
pub struct Diagrams<'a> {
    checked: &'a crate::check::Checked,
    lang: &'a str,
}

impl Diagrams<'_> {
    /// The diagrams in flow order, each made on demand.
    pub fn iter(&self) -> impl Iterator<Item = DiagramInfo> + '_ {
        self.checked
            .resolved
            .book
            .diagrams
            .iter()
            .map(|d| diagram(self.checked, d, self.lang))
    }
}

impl Serialize for Diagrams<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // The iterator knows its length, so the array is written exactly as a Vec's.
        s.collect_seq(self.iter())
    }
}

/// Book-level facts.
#[derive(Serialize)]
pub struct BookInfo {
    /// The book ID.
    pub id: String,
    /// Title in the chosen language.
    pub title: Option<String>,
    /// Subtitle.
    pub subtitle: Option<String>,
    /// Author.
    pub author: Option<String>,
    /// All the book's languages.
    pub languages: Vec<String>,
    /// The chapters.
    pub chapters: Vec<ChapterInfo>,
}

/// A chapter.
#[derive(Serialize)]
pub struct ChapterInfo {
    /// Its ID.
    pub id: Option<String>,
    /// Its first heading in the chosen language.
    pub title: Option<String>,
    /// Whether it shows in the chosen language.
    pub shown: bool,
    /// Number of blocks shown in the chosen language.
    pub blocks: usize,
}

/// A stone.
#[derive(Serialize)]
pub struct StoneInfo {
    /// e.g. "D4".
    pub point: String,
    /// "b" or "w".
    pub color: &'static str,
}

/// One move.
#[derive(Serialize)]
pub struct MoveJson {
    /// Move number (null for a pass).
    pub number: Option<u32>,
    /// Point (null for a pass or tenuki).
    pub point: Option<String>,
    /// "b" or "w".
    pub color: &'static str,
    /// Drawn as a numbered stone.
    pub shown: bool,
    /// The text printed on the stone.
    pub label: Option<String>,
    /// Points of the stones it captured.
    pub captures: Vec<String>,
}

/// A mark, label or territory point.
#[derive(Serialize)]
pub struct PointText {
    /// e.g. "C3".
    pub point: String,
    /// The mark name, the label text, or the territory colour.
    pub value: String,
}

/// A move of a problem sequence.
#[derive(Serialize)]
pub struct SeqMove {
    /// The point, "Pass" or "Tenuki".
    #[serde(rename = "move")]
    pub mv: String,
    /// The text shown after it.
    pub text: Option<String>,
}

/// A diagram.
#[derive(Serialize)]
pub struct DiagramInfo {
    /// Its ID (null if none).
    pub id: Option<String>,
    /// fig, dia, var, prb or inline.
    pub kind: &'static str,
    /// For a clone (`clone=ID`): the ID of the diagram it repeats.
    pub clone_of: Option<String>,
    /// Index of its chapter.
    pub chapter: Option<usize>,
    /// The ID of its chapter.
    pub chapter_id: Option<String>,
    /// 1-based source line.
    pub line: u32,
    /// Board size.
    pub size: u8,
    /// Lower-left and upper-right corners of the view.
    pub view: [String; 2],
    /// Number of the first move.
    pub first_number: u32,
    /// "b" or "w".
    pub to_play: &'static str,
    /// The position before the sequence.
    pub stones: Vec<StoneInfo>,
    /// The sequence.
    pub moves: Vec<MoveJson>,
    /// The position after the sequence, captures applied.
    pub final_stones: Vec<StoneInfo>,
    /// Marks: triangle, square, circle, cross, diamond.
    pub marks: Vec<PointText>,
    /// Letters and point text.
    pub labels: Vec<PointText>,
    /// Territory ("b" or "w").
    pub territory: Vec<PointText>,
    /// Lines as point pairs.
    pub lines: Vec<[String; 2]>,
    /// Arrows as point pairs.
    pub arrows: Vec<[String; 2]>,
    /// The caption in the chosen language.
    pub caption: Option<String>,
    /// "Black to play", when shown.
    pub to_play_text: Option<String>,
    /// The move range line, when shown.
    pub from_to: Option<String>,
    /// The gaps line, when shown.
    pub gaps: Option<String>,
    /// full, dia, half or third.
    pub width: String,
    /// Coordinates drawn.
    pub show_coords: bool,
    /// The ko point at the start.
    pub ko_point: Option<String>,
    /// Correct sequences (problems).
    pub correct: Vec<Vec<SeqMove>>,
    /// Wrong sequences (problems).
    pub wrong: Vec<Vec<SeqMove>>,
    /// The diagram's own text (a problem's question), resolved.
    pub text: Option<String>,
}

fn color(c: Color) -> &'static str {
    c.letter()
}

fn stones(v: &[(Point, Color)]) -> Vec<StoneInfo> {
    v.iter()
        .map(|(p, c)| StoneInfo {
            point: p.to_string(),
            color: color(*c),
        })
        .collect()
}

fn seqs(v: &[crate::format::values::Sequence]) -> Vec<Vec<SeqMove>> {
    use crate::format::values::Move;
    v.iter()
        .map(|s| {
            s.iter()
                .map(|(m, t)| SeqMove {
                    mv: match m {
                        Move::Play(p) => p.to_string(),
                        Move::Pass => "Pass".into(),
                        Move::Tenuki => "Tenuki".into(),
                    },
                    text: t.clone(),
                })
                .collect()
        })
        .collect()
}

/// The inspect output of a checked book in `lang`, ready to be serialised (to a writer:
/// see [`Diagrams`] for why).
pub fn inspect<'a>(checked: &'a crate::check::Checked, lang: &'a str) -> Inspect<'a> {
    let r: &Resolved = &checked.resolved;
    let book: &Book = &r.book;
    let chapters = book
        .chapters
        .iter()
        .map(|c| {
            let shown = crate::resolve::shows_in(&c.langs, lang);
            let visible: Vec<_> = c.blocks_in(lang).collect();
            let title = visible.iter().find_map(|b| match &b.kind {
                BlockKind::Paragraph(p)
                    if matches!(p.kind, crate::format::schema::ParaKind::H(_)) =>
                {
                    let ctx = TextContext {
                        resolved: r,
                        links: &checked.links,
                        element: b.element,
                        lang,
                        reference: None,
                    };
                    Some(text::plain(&text::resolve(
                        &ctx,
                        &p.raw,
                        &mut Default::default(),
                    )))
                }
                _ => None,
            });
            ChapterInfo {
                id: c.id.clone(),
                title,
                shown,
                blocks: if shown { visible.len() } else { 0 },
            }
        })
        .collect();
    let diagrams = Diagrams { checked, lang };
    Inspect {
        language: lang.to_string(),
        book: BookInfo {
            id: book.id.clone(),
            title: book
                .info("title", lang)
                .map(|t| text::resolve_plain(book, t, lang)),
            subtitle: book
                .info("subtitle", lang)
                .map(|t| text::resolve_plain(book, t, lang)),
            author: book
                .info("author", lang)
                .map(|t| text::resolve_plain(book, t, lang)),
            languages: book.languages.clone(),
            chapters,
        },
        diagrams,
    }
}

fn diagram(checked: &crate::check::Checked, d: &Diagram, lang: &str) -> DiagramInfo {
    let book = &checked.resolved.book;
    let lines = caption_lines(book, d, lang);
    let pt = |v: &[(Point, Point)]| {
        v.iter()
            .map(|(a, b)| [a.to_string(), b.to_string()])
            .collect()
    };
    let text = d.text.as_ref().map(|t| {
        let ctx = TextContext {
            resolved: &checked.resolved,
            links: &checked.links,
            element: d.element,
            lang,
            reference: None,
        };
        text::plain(&text::resolve(&ctx, t, &mut Default::default()))
    });
    DiagramInfo {
        id: d.id.clone(),
        kind: d.role.name(),
        clone_of: checked
            .links
            .clone
            .get(d.element)
            .copied()
            .flatten()
            .and_then(|o| checked.doc.elements[o].id_str().map(String::from)),
        chapter: d.chapter,
        chapter_id: d
            .chapter
            .and_then(|c| book.chapters.get(c))
            .and_then(|c| c.id.clone()),
        line: d.line,
        size: d.size,
        view: [d.view.0.to_string(), d.view.1.to_string()],
        first_number: d.first_number,
        to_play: color(d.to_play),
        stones: stones(&d.stones),
        moves: d
            .moves
            .iter()
            .map(|m| MoveJson {
                number: m.number,
                point: m.point.map(|p| p.to_string()),
                color: color(m.color),
                shown: m.shown,
                label: m.label(),
                captures: m.captures.iter().map(|p| p.to_string()).collect(),
            })
            .collect(),
        final_stones: stones(&d.final_stones),
        marks: d
            .marks
            .iter()
            .map(|(p, m)| PointText {
                point: p.to_string(),
                value: m.name().into(),
            })
            .collect(),
        labels: d
            .labels
            .iter()
            .map(|(p, l)| PointText {
                point: p.to_string(),
                value: l.clone(),
            })
            .collect(),
        territory: d
            .territory
            .iter()
            .map(|(p, c)| PointText {
                point: p.to_string(),
                value: color(*c).into(),
            })
            .collect(),
        lines: pt(&d.lines),
        arrows: pt(&d.arrows),
        caption: lines.caption,
        to_play_text: lines.to_play,
        from_to: lines.from_to,
        gaps: lines.gaps,
        width: d.width.name().to_string(),
        show_coords: d.show_coords,
        ko_point: d.ko_point.map(|p| p.to_string()),
        correct: seqs(d.correct_in(lang)),
        wrong: seqs(d.wrong_in(lang)),
        text,
    }
}
