//! The resolved book: what each element means once bases, positions, numbering
//! and languages are worked out. Text stays per-language until a flow asks for it.

use crate::format::schema::{DiagramKind, ParaKind};
use crate::format::values::Sequence;
use crate::point::Mark;
use crate::point::{Color, Point};
use std::sync::Arc;

/// A text attribute that may be given per language (`ca`, `ca_en`, `title_ja`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct LangText {
    /// The language-neutral value.
    pub neutral: Option<String>,
    /// Values for specific languages.
    pub by_lang: Vec<(String, String)>,
}

impl LangText {
    /// The value for `lang`: its own, else the neutral one.
    pub fn get(&self, lang: &str) -> Option<&str> {
        self.by_lang
            .iter()
            .find(|(l, _)| l == lang)
            .map(|(_, v)| v.as_str())
            .or(self.neutral.as_deref())
    }

    /// Whether any value is given.
    pub fn is_set(&self) -> bool {
        self.neutral.is_some() || !self.by_lang.is_empty()
    }
}

/// The whole book.
#[derive(Clone, Debug, Default)]
pub struct Book {
    /// The book ID (`::book(#id)`).
    pub id: String,
    /// The book's languages, in the order given; never empty.
    pub languages: Vec<String>,
    /// Title, subtitle, author, publisher, copyright, cover, keyed by attribute name.
    pub info: Vec<(String, LangText)>,
    /// Book-wide `fullWidth`.
    pub full_width: bool,
    /// Book-wide `showCoords`.
    pub show_coords: bool,
    /// The chapters in order.
    pub chapters: Vec<Chapter>,
    /// Every diagram (inline ones included) in flow order. Shared: the pages that draw a
    /// diagram hold the same allocation, not a copy (a fifth of a big book's memory).
    pub diagrams: Vec<Arc<Diagram>>,
}

impl Book {
    /// The cover image in `lang`: `cover` (or `cover_xx`), else the spec's default, the
    /// book's ID followed by `_cover.jpg` (which a build uses only when the file exists).
    pub fn cover(&self, lang: &str) -> String {
        self.info("cover", lang)
            .map(|c| c.trim().to_string())
            .filter(|c| !c.is_empty())
            .unwrap_or_else(|| format!("{}_cover.jpg", self.id))
    }

    /// The language `t` is written in on a page in `lang` when that is another one: a
    /// neutral value shown in place of a missing `_lang` one is in the book's first language.
    pub fn other_language(&self, t: &LangText, lang: &str) -> Option<&str> {
        let first = self.languages.first()?;
        let own = t.by_lang.iter().any(|(l, _)| l == lang);
        (!own && t.neutral.is_some() && first != lang).then_some(first.as_str())
    }

    /// A book attribute (`title`, `author`, ...) in a language.
    pub fn info(&self, name: &str, lang: &str) -> Option<&str> {
        self.info
            .iter()
            .find(|(n, _)| n == name)
            .and_then(|(_, t)| t.get(lang))
    }

    /// The diagrams of each chapter as a range of [`Book::diagrams`]: a chapter's diagrams,
    /// block and inline, follow one another in flow order. Builds draw a chapter's at a time.
    pub fn chapter_diagrams(&self) -> Vec<std::ops::Range<usize>> {
        let mut out = vec![0..0; self.chapters.len()];
        for (d, dia) in self.diagrams.iter().enumerate() {
            if let Some(r) = dia.chapter.and_then(|c| out.get_mut(c)) {
                *r = if r.start == r.end {
                    d..d + 1
                } else {
                    r.start..d + 1
                };
            }
        }
        out
    }
}

/// A chapter: a group of blocks.
#[derive(Clone, Debug)]
pub struct Chapter {
    /// The chapter ID.
    pub id: Option<String>,
    /// Index of the `::chapter` element.
    pub element: usize,
    /// Languages the chapter is limited to (empty: all).
    pub langs: Vec<String>,
    /// Chapter `fullWidth`, if set.
    pub full_width: Option<bool>,
    /// Chapter `showCoords`, if set.
    pub show_coords: Option<bool>,
    /// `shortTitle`: the chapter's name in navigation, where the full title would be cut.
    pub short_title: LangText,
    /// What the chapter shows, in order.
    pub blocks: Vec<Block>,
}

impl Chapter {
    /// The blocks that show in `lang`, in order.
    pub fn blocks_in<'c, 'l>(&'c self, lang: &'l str) -> impl Iterator<Item = &'c Block> + 'l
    where
        'c: 'l,
    {
        self.blocks
            .iter()
            .filter(move |b| crate::resolve::shows_in(&b.langs, lang))
    }
}

/// One displayed element in a chapter's flow.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Block {
    /// Index of the element in the document.
    pub element: usize,
    /// Languages (empty: every language of the parent).
    pub langs: Vec<String>,
    /// The element's ID.
    pub id: Option<String>,
    /// What it is.
    pub kind: BlockKind,
}

/// The kinds of displayed element.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum BlockKind {
    /// A paragraph, heading or subtitle.
    Paragraph(Paragraph),
    /// A diagram: an index into [`Book::diagrams`].
    Diagram(usize),
    /// An image.
    Image(Image),
    /// A buy button for a book SKU.
    Buy { sku: String },
    /// Standard chapter text to include.
    Include { url: String },
}

/// Paragraph-level settings, after inheritance of `style` and `paraSpacing`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Paragraph {
    /// p, h1..h5, s1, s2.
    pub kind: ParaKind,
    /// The paragraph style in force.
    pub style: ParaStyle,
    /// Hidden until asked for.
    pub hint: bool,
    /// Draw a box around it.
    pub boxed: bool,
    /// Keep with the next block.
    pub keep_with_next: bool,
    /// `align`.
    pub align: Option<String>,
    /// `break`.
    pub brk: Option<String>,
    /// `href` on the whole element.
    pub href: Option<String>,
    /// The diagram the text refers to (index into [`Book::diagrams`]).
    pub reference: Option<usize>,
    /// Spacing and indentation attributes in 1/10 em, as given or inherited.
    pub spacing: Vec<(String, i64)>,
    /// The raw text of the paragraph (resolved per language by `text`).
    pub raw: crate::format::syntax::Text,
}

/// A paragraph style (`style`): how a paragraph is indented and whether it has a bullet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParaStyle {
    /// No indentation.
    Normal,
    /// Indented on both sides.
    Block,
    /// Every line but the first indented.
    Hanging,
    /// Indented on the left.
    Indent,
    /// The text up to the first tab is a bullet.
    Bullet,
    /// Running text: a paragraph after another indents its first line.
    Text,
}

impl ParaStyle {
    /// The style an attribute value names (the schema's values), if any.
    pub fn parse(s: &str) -> Option<ParaStyle> {
        Some(match s {
            "normal" => ParaStyle::Normal,
            "block" => ParaStyle::Block,
            "hanging" => ParaStyle::Hanging,
            "indent" => ParaStyle::Indent,
            "bullet" => ParaStyle::Bullet,
            "text" => ParaStyle::Text,
            _ => return None,
        })
    }

    /// Its name in the format (and in the writers' classes).
    pub fn name(self) -> &'static str {
        match self {
            ParaStyle::Normal => "normal",
            ParaStyle::Block => "block",
            ParaStyle::Hanging => "hanging",
            ParaStyle::Indent => "indent",
            ParaStyle::Bullet => "bullet",
            ParaStyle::Text => "text",
        }
    }
}

/// How wide a diagram is drawn (`width`, after the defaults and `fullWidth`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DiagramWidth {
    /// The column's width.
    Full,
    /// The default width of a diagram.
    Dia,
    /// Half the column: two stand side by side.
    Half,
    /// A third of the column: three stand side by side.
    Third,
}

impl DiagramWidth {
    /// The width an attribute value names, if any.
    pub fn parse(s: &str) -> Option<DiagramWidth> {
        Some(match s {
            "full" => DiagramWidth::Full,
            "dia" => DiagramWidth::Dia,
            "half" => DiagramWidth::Half,
            "third" => DiagramWidth::Third,
            _ => return None,
        })
    }

    /// Its name in the format (and in the writers' classes).
    pub fn name(self) -> &'static str {
        match self {
            DiagramWidth::Full => "full",
            DiagramWidth::Dia => "dia",
            DiagramWidth::Half => "half",
            DiagramWidth::Third => "third",
        }
    }
}

/// A number the book gives (an image's `scale`), compared and hashed by its bits: the page
/// model that holds it is a cache key (`serve`), and equal bits always make the same bytes.
#[derive(Clone, Copy, Debug)]
pub struct Real(pub f64);

// By bits, as it is hashed: equal values hash alike (0.0 and -0.0 are two values here).
impl PartialEq for Real {
    fn eq(&self, other: &Real) -> bool {
        self.0.to_bits() == other.0.to_bits()
    }
}

impl Eq for Real {}

impl std::hash::Hash for Real {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.to_bits().hash(state);
    }
}

/// An image block or inline image.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Image {
    /// Where the image is.
    pub url: String,
    /// Scale factor.
    pub scale: Option<Real>,
    /// Caption.
    pub caption: LangText,
    /// Border, shadow, fill flags.
    pub border: bool,
    /// Shadow behind the image.
    pub shadow: bool,
    /// Dark fill behind the image.
    pub fill: bool,
    /// full, half or third.
    pub width: Option<String>,
    /// `align`.
    pub align: Option<String>,
    /// `href`.
    pub href: Option<String>,
}

/// What kind of diagram, including inline ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DiagramRole {
    /// `fig`, `dia`, `var`, `prb`.
    Block(DiagramKind),
    /// An inline `<dia>` in text.
    Inline,
}

impl DiagramRole {
    /// The name `inspect` prints: fig, dia, var, prb, inline.
    pub fn name(self) -> &'static str {
        match self {
            DiagramRole::Block(DiagramKind::Fig) => "fig",
            DiagramRole::Block(DiagramKind::Dia) => "dia",
            DiagramRole::Block(DiagramKind::Var) => "var",
            DiagramRole::Block(DiagramKind::Prb) => "prb",
            DiagramRole::Inline => "inline",
        }
    }
}

/// One move of a diagram's sequence. A book holds every move of every diagram for the
/// whole build, so this stays small: 32 bytes, no text of its own.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveInfo {
    /// The move number (None for a pass).
    pub number: Option<u32>,
    /// The point (None for a pass or tenuki).
    pub point: Option<Point>,
    /// Who plays it.
    pub color: Color,
    /// Drawn as a numbered stone.
    pub shown: bool,
    /// Stones this move captured.
    pub captures: Box<[Point]>,
}

impl MoveInfo {
    /// The text printed on the stone (its number), when shown.
    pub fn label(&self) -> Option<String> {
        self.number.filter(|_| self.shown).map(|n| n.to_string())
    }
}

/// An entry of the gaps line: moves that cannot be drawn as numbered stones, and where
/// the reader finds them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Gap {
    /// Played where the board shows `target`: a number, a letter of the diagram, or a
    /// letter put there for this line ("12, 18 at 7", "204 at a").
    At { moves: Vec<String>, target: String },
    /// A tenuki.
    Elsewhere(String),
    /// Played outside the diagram's view, in order: "1–3, 5: outside the diagram".
    Outside(Vec<u32>),
}

/// How the gaps line is chosen.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum GapsSetting {
    /// Generated from the moves.
    Auto,
    /// Not shown.
    None,
    /// The author's own text.
    Text(LangText),
}

/// A resolved diagram.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Diagram {
    /// The element's ID.
    pub id: Option<String>,
    /// fig, dia, var, prb or inline.
    pub role: DiagramRole,
    /// Index of the chapter in [`Book::chapters`] (None before the first chapter).
    pub chapter: Option<usize>,
    /// Index of the element in the document.
    pub element: usize,
    /// 1-based source line.
    pub line: u32,
    /// Board size.
    pub size: u8,
    /// The view: lower-left and upper-right corners.
    pub view: (Point, Point),
    /// The number of the first move.
    pub first_number: u32,
    /// Who is to play at the start.
    pub to_play: Color,
    /// The position before the sequence.
    pub stones: Vec<(Point, Color)>,
    /// The sequence.
    pub moves: Vec<MoveInfo>,
    /// The position after the sequence.
    pub final_stones: Vec<(Point, Color)>,
    /// The forbidden ko point at the start, if any.
    pub ko_point: Option<Point>,
    /// Marks on points.
    pub marks: Vec<(Point, Mark)>,
    /// Letters and point text.
    pub labels: Vec<(Point, String)>,
    /// Black and white territory.
    pub territory: Vec<(Point, Color)>,
    /// Lines.
    pub lines: Vec<(Point, Point)>,
    /// Arrows.
    pub arrows: Vec<(Point, Point)>,
    /// Moves that cannot be drawn.
    pub gaps: Vec<Gap>,
    /// gaps=auto, none or text.
    pub gaps_setting: GapsSetting,
    /// Captions.
    pub caption: LangText,
    /// `header`: a line above the board.
    pub header: LangText,
    /// `hideInReplay`: points whose marks and labels the replay leaves out.
    pub hide_in_replay: Vec<Point>,
    /// `showFromTo`: whether the caption shows the move range; unset, a figure shows it
    /// in each language its caption does not fill (see [`Diagram::shows_from_to`]).
    pub show_from_to: Option<bool>,
    /// Show who is to play in the caption.
    pub show_to_play: bool,
    /// Draw coordinates.
    pub show_coords: bool,
    /// full, dia, half or third.
    pub width: DiagramWidth,
    /// `align`.
    pub align: Option<String>,
    /// Problem sequences, for `prb`.
    pub correct: Vec<Sequence>,
    /// Refutations, for `prb`.
    pub wrong: Vec<Sequence>,
    /// Correct sequences of one language (`correct_ja`): they replace `correct` there.
    pub correct_by_lang: Vec<(String, Vec<Sequence>)>,
    /// Refutations of one language (`wrong_ja`): they replace `wrong` there.
    pub wrong_by_lang: Vec<(String, Vec<Sequence>)>,
    /// The element's value text (a problem's question).
    pub text: Option<crate::format::syntax::Text>,
}

impl Diagram {
    /// Whether the caption in `lang` shows the move range: as `showFromTo` says, else for a
    /// figure with no caption in that language (`ca_en` alone leaves the others the range).
    pub fn shows_from_to(&self, lang: &str) -> bool {
        self.show_from_to.unwrap_or(
            self.role == DiagramRole::Block(DiagramKind::Fig) && self.caption.get(lang).is_none(),
        )
    }

    /// The correct sequences a reader of `lang` sees: the language's own, else the neutral ones.
    pub fn correct_in(&self, lang: &str) -> &[Sequence] {
        in_lang(&self.correct_by_lang, &self.correct, lang)
    }

    /// The refutations a reader of `lang` sees: the language's own, else the neutral ones.
    pub fn wrong_in(&self, lang: &str) -> &[Sequence] {
        in_lang(&self.wrong_by_lang, &self.wrong, lang)
    }

    /// The numbers of the first and last numbered moves, if any.
    pub fn number_range(&self) -> Option<(u32, u32)> {
        let mut nums = self.moves.iter().filter_map(|m| m.number);
        let first = nums.next()?;
        Some((first, nums.next_back().unwrap_or(first)))
    }
}

/// A language's own sequences, else the language-neutral ones (as [`LangText::get`] does for text).
fn in_lang<'a>(
    by_lang: &'a [(String, Vec<Sequence>)],
    neutral: &'a [Sequence],
    lang: &str,
) -> &'a [Sequence] {
    by_lang
        .iter()
        .find(|(l, _)| l == lang)
        .map_or(neutral, |(_, s)| s.as_slice())
}
