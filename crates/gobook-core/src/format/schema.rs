//! What the spec defines: element kinds, language tags, and for each element
//! the attributes it takes with their value types and defaults' bounds.

/// The language tags of the spec (`po` is Polish; `ui` the reader's interface language).
pub const LANGUAGES: &[&str] = &SPEC_TAGS;

/// [`crate::i18n::LANGUAGES`], the languages gobook has words for, and `ui`: built from
/// that one list, so a language added there is a tag here too.
const SPEC_TAGS: [&str; crate::i18n::LANGUAGES.len() + 1] = {
    let mut tags = ["ui"; crate::i18n::LANGUAGES.len() + 1];
    let mut i = 0;
    while i < crate::i18n::LANGUAGES.len() {
        tags[i] = crate::i18n::LANGUAGES[i];
        i += 1;
    }
    tags
};

/// Whether `tag` is one of the spec's language tags.
pub fn is_language(tag: &str) -> bool {
    LANGUAGES.contains(&tag)
}

/// Splits `name_l1_l2` into the name and the suffix text after the first underscore.
pub fn split_langs(full: &str) -> (&str, &str) {
    match full.find('_') {
        Some(i) => (&full[..i], &full[i + 1..]),
        None => (full, ""),
    }
}

/// The kinds of diagram, which differ only in their defaults.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DiagramKind {
    /// A main figure of a game.
    Fig,
    /// A diagram of an alternative sequence.
    Dia,
    /// A variation of the previous diagram.
    Var,
    /// A problem.
    Prb,
}

/// The kinds of paragraph.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParaKind {
    /// A regular paragraph.
    P,
    /// Heading levels 1 to 5.
    H(u8),
    /// Subtitles 1 and 2.
    S(u8),
}

/// What an element name means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ElementKind {
    /// `book`
    Book,
    /// `chapter`
    Chapter,
    /// `go`: Go data.
    Go,
    /// `fig`, `dia`, `var`, `prb`
    Diagram(DiagramKind),
    /// `p`, `h1`..`h5`, `s1`, `s2`, or a language tag
    Paragraph(ParaKind),
    /// `img`
    Img,
    /// `buy`
    Buy,
    /// `include`
    Include,
    /// `c`: a comment.
    Comment,
    /// A name the spec does not define (kept, with a warning).
    Unknown,
}

impl ElementKind {
    /// The kind for an element name without language suffixes.
    pub fn from_name(name: &str) -> ElementKind {
        use ElementKind::*;
        match name {
            "book" => Book,
            "chapter" => Chapter,
            "go" => Go,
            "fig" => Diagram(DiagramKind::Fig),
            "dia" => Diagram(DiagramKind::Dia),
            "var" => Diagram(DiagramKind::Var),
            "prb" => Diagram(DiagramKind::Prb),
            "p" => Paragraph(ParaKind::P),
            "h1" => Paragraph(ParaKind::H(1)),
            "h2" => Paragraph(ParaKind::H(2)),
            "h3" => Paragraph(ParaKind::H(3)),
            "h4" => Paragraph(ParaKind::H(4)),
            "h5" => Paragraph(ParaKind::H(5)),
            "s1" => Paragraph(ParaKind::S(1)),
            "s2" => Paragraph(ParaKind::S(2)),
            "img" => Img,
            "buy" => Buy,
            "include" => Include,
            "c" => Comment,
            n if is_language(n) => Paragraph(ParaKind::P),
            _ => Unknown,
        }
    }

    /// Whether this element carries Go data (`go` and the diagrams).
    pub fn is_go_data(self) -> bool {
        matches!(self, ElementKind::Go | ElementKind::Diagram(_))
    }

    /// Whether this is a heading h1..h5 (which the writer sets off with two empty lines).
    pub fn is_heading(self) -> bool {
        matches!(self, ElementKind::Paragraph(ParaKind::H(_)))
    }

    /// The kind an element of the name `name` is checked as: its own, or for a name the
    /// format does not know that is a typo of a Go element (`::diagram` for `::dia`), that
    /// element's. It is still not shown, but what follows it starts from the position the
    /// author meant, so a `::var` after it is checked against the right board.
    pub fn checked_as(self, name: &str) -> ElementKind {
        if self != ElementKind::Unknown || name.is_empty() {
            return self;
        }
        // The same guess as the warning's "did you mean", so the two never disagree.
        match crate::suggest::closest(name, ELEMENT_NAMES.iter().chain(LANGUAGES).copied()) {
            Some(n) if ElementKind::from_name(n).is_go_data() => ElementKind::from_name(n),
            _ => self,
        }
    }
}

/// The type of an attribute value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueType {
    /// Any text.
    Text,
    /// An integer within bounds.
    Int { min: i64, max: i64 },
    /// A positive floating-point number.
    Float,
    /// `0` or `1`.
    Flag,
    /// One of a fixed set of words.
    Enum(&'static [&'static str]),
    /// One point.
    Point,
    /// A list of points.
    PointList,
    /// A list of points taken in pairs (lines, arrows).
    PointPairs,
    /// Moves: points, `Pass`, `Tenuki`.
    Moves,
    /// Two corner points of a view.
    View,
    /// Problem sequences: `E1E2(comment);D1`.
    Sequences,
    /// An element ID, or `none`.
    IdOrNone,
    /// A link target: an ID, a language tag, or a URL.
    Href,
}

/// The groups of attributes, matched to element kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    Book,
    Chapter,
    GoData,
    GameInfo,
    Diagram,
    Problem,
    Display,
    Paragraph,
    Image,
    Buy,
    Include,
}

const NONNEG: ValueType = ValueType::Int {
    min: 0,
    max: i64::MAX,
};
/// Spacing in 1/10 em: a page adds and multiplies them, so they stay far from i64's ends
/// (a larger one overflowed the layout's sums); 2^31 tenths of an em is no limit to an author.
const SPACING: ValueType = ValueType::Int {
    min: 0,
    max: i32::MAX as i64,
};
/// An indent in 1/10 em, either way; bounded for the reason [`SPACING`] is.
const INDENT: ValueType = ValueType::Int {
    min: -(i32::MAX as i64),
    max: i32::MAX as i64,
};
/// A move number (`at`, `to`, `mn`): the resolver keeps them below 2^31, so a larger
/// one must be an error here rather than be dropped there without a word.
const MOVE_NUMBER: ValueType = ValueType::Int {
    min: 1,
    max: i32::MAX as i64,
};

/// Every attribute of the spec: name, group, type, language-specific.
const ATTRIBUTES: &[(&str, Group, ValueType, bool)] = {
    use Group::*;
    use ValueType::*;
    &[
        ("format", Book, NONNEG, false),
        ("revision", Book, NONNEG, false),
        ("title", Book, Text, true),
        ("subtitle", Book, Text, true),
        ("author", Book, Text, true),
        ("publisher", Book, Text, true),
        ("copyright", Book, Text, true),
        ("cover", Book, Text, true),
        ("fullWidth", Chapter, Flag, false),
        ("showCoords", Chapter, Flag, false),
        ("shortTitle", Chapter, Text, true),
        ("sz", GoData, Int { min: 2, max: 25 }, false),
        ("ab", GoData, PointList, false),
        ("aw", GoData, PointList, false),
        ("ae", GoData, PointList, false),
        ("pl", GoData, Enum(&["b", "w"]), false),
        ("koPoint", GoData, Point, false),
        ("base", GoData, IdOrNone, false),
        ("at", GoData, MOVE_NUMBER, false),
        ("mv", GoData, Moves, false),
        ("to", GoData, MOVE_NUMBER, false),
        ("sgf", GoData, Text, false),
        ("pb", GameInfo, Text, true),
        ("br", GameInfo, Text, true),
        ("wp", GameInfo, Text, true),
        ("wr", GameInfo, Text, true),
        ("km", GameInfo, Text, true),
        ("ha", GameInfo, Text, true),
        ("re", GameInfo, Text, true),
        ("tm", GameInfo, Text, true),
        ("dt", GameInfo, Text, true),
        ("pc", GameInfo, Text, true),
        ("ev", GameInfo, Text, true),
        ("ro", GameInfo, Text, true),
        ("us", GameInfo, Text, true),
        ("an", GameInfo, Text, true),
        ("cp", GameInfo, Text, true),
        ("so", GameInfo, Text, true),
        ("mn", Diagram, MOVE_NUMBER, false),
        ("vw", Diagram, View, false),
        ("tr", Diagram, PointList, false),
        ("ma", Diagram, PointList, false),
        ("sq", Diagram, PointList, false),
        ("rg", Diagram, PointList, false),
        ("cr", Diagram, PointList, false),
        ("tb", Diagram, PointList, false),
        ("tw", Diagram, PointList, false),
        ("ln", Diagram, PointPairs, false),
        ("ar", Diagram, PointPairs, false),
        (
            "width",
            Diagram,
            Enum(&["full", "dia", "half", "third"]),
            false,
        ),
        ("ca", Diagram, Text, true),
        ("showToPlay", Diagram, Flag, false),
        ("showFromTo", Diagram, Flag, false),
        ("showCoords", Diagram, Flag, false),
        ("gaps", Diagram, Text, true),
        ("header", Diagram, Text, true),
        ("hideInReplay", Diagram, PointList, false),
        ("clone", Diagram, IdOrNone, false),
        ("correct", Problem, Sequences, true),
        ("wrong", Problem, Sequences, true),
        ("align", Display, Enum(&["left", "center", "right"]), false),
        ("href", Display, Href, false),
        (
            "break",
            Display,
            Enum(&["page", "column", "line", "none"]),
            false,
        ),
        (
            "style",
            Paragraph,
            Enum(&["normal", "block", "hanging", "indent", "bullet", "text"]),
            false,
        ),
        ("keepWithNext", Paragraph, Flag, false),
        ("hint", Paragraph, Flag, false),
        ("ref", Paragraph, IdOrNone, false),
        ("paraSpacing", Paragraph, SPACING, false),
        ("spaceBefore", Paragraph, SPACING, false),
        ("spaceAfter", Paragraph, SPACING, false),
        ("firstIndent", Paragraph, INDENT, false),
        ("hangingIndent", Paragraph, INDENT, false),
        ("rightIndent", Paragraph, INDENT, false),
        ("leftIndent", Paragraph, INDENT, false),
        ("blockIndent", Paragraph, INDENT, false),
        ("box", Paragraph, Flag, false),
        ("url", Image, Text, false),
        ("ca", Image, Text, true),
        ("width", Image, Enum(&["full", "half", "third"]), false),
        ("scale", Image, Float, false),
        ("border", Image, Flag, false),
        ("shadow", Image, Flag, false),
        ("fill", Image, Flag, false),
        ("sku", Buy, Text, false),
        ("url", Include, Text, false),
    ]
};

/// Every attribute of the spec as (name, group, type, language-specific), in the spec's
/// order: what validation reads, and what `docs/format.md` is generated from.
pub fn attributes() -> &'static [(&'static str, Group, ValueType, bool)] {
    ATTRIBUTES
}

impl Group {
    /// Every group, in the order of the spec.
    pub const ALL: [Group; 11] = [
        Group::Book,
        Group::Chapter,
        Group::GoData,
        Group::GameInfo,
        Group::Diagram,
        Group::Problem,
        Group::Display,
        Group::Paragraph,
        Group::Image,
        Group::Buy,
        Group::Include,
    ];

    /// The group's heading in the format reference.
    pub fn title(self) -> &'static str {
        match self {
            Group::Book => "Book",
            Group::Chapter => "Chapter",
            Group::GoData => "Go data",
            Group::GameInfo => "Game info",
            Group::Diagram => "Diagram",
            Group::Problem => "Problem",
            Group::Display => "Display",
            Group::Paragraph => "Paragraph",
            Group::Image => "Image",
            Group::Buy => "Buy button",
            Group::Include => "Include",
        }
    }
}

/// The attribute groups an element or inline tag takes.
pub fn groups_of(host: Host) -> &'static [Group] {
    groups(host)
}

/// Every element name the spec defines (language tags aside).
pub const ELEMENT_NAMES: &[&str] = &[
    "book", "chapter", "go", "fig", "dia", "var", "prb", "p", "h1", "h2", "h3", "h4", "h5", "s1",
    "s2", "img", "buy", "include", "c",
];

/// Every attribute name the spec defines, besides labels (`a`..`Z`) and point text (`K10`).
pub fn attribute_names() -> impl Iterator<Item = &'static str> {
    ATTRIBUTES.iter().map(|a| a.0)
}

/// The attribute names `host` takes (labels and point text aside), for suggestions.
pub fn attribute_names_for(host: Host) -> Vec<&'static str> {
    let gs = groups(host);
    ATTRIBUTES
        .iter()
        .filter(|a| gs.contains(&a.1))
        .map(|a| a.0)
        .collect()
}

/// Attributes that are game info (written on a line of their own).
pub fn is_game_info(name: &str) -> bool {
    ATTRIBUTES
        .iter()
        .any(|(n, g, _, _)| *n == name && *g == Group::GameInfo)
}

/// Where an attribute stands, which decides which attributes it may have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Host {
    /// An element of this kind.
    Element(ElementKind),
    /// An inline `<dia>` in text.
    InlineDia,
    /// An inline `<a>` link.
    InlineLink,
    /// An inline `<img>`.
    InlineImg,
}

fn groups(host: Host) -> &'static [Group] {
    use Group::*;
    match host {
        Host::Element(ElementKind::Book) => &[Book, Chapter],
        Host::Element(ElementKind::Chapter) => &[Chapter],
        Host::Element(ElementKind::Go) => &[GoData, GameInfo],
        Host::Element(ElementKind::Diagram(_)) | Host::InlineDia => {
            &[GoData, GameInfo, Diagram, Problem, Display]
        }
        Host::Element(ElementKind::Paragraph(_)) => &[Paragraph, Display],
        Host::Element(ElementKind::Img) | Host::InlineImg => &[Image, Display],
        Host::Element(ElementKind::Buy) => &[Buy, Display],
        Host::Element(ElementKind::Include) => &[Include],
        Host::InlineLink => &[Display],
        Host::Element(ElementKind::Comment) | Host::Element(ElementKind::Unknown) => &[],
    }
}

/// What the schema says about one attribute name on one host.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttrSpec {
    /// A known attribute with its type; `lang_ok` if it may carry language suffixes.
    Known { ty: ValueType, lang_ok: bool },
    /// A board label `a`..`z`, `A`..`Z`: a point list.
    Label,
    /// Point text such as `K10=23`.
    PointText,
    /// Defined by the spec, but not for this element.
    Misplaced,
    /// Not defined by the spec.
    Unknown,
}

/// Looks up the attribute `base` (language suffixes removed) on `host`.
pub fn attr_spec(host: Host, base: &str) -> AttrSpec {
    let gs = groups(host);
    let is_diagram = gs.contains(&Group::Diagram);
    if base.len() == 1 && base.as_bytes()[0].is_ascii_alphabetic() {
        return if is_diagram {
            AttrSpec::Label
        } else {
            AttrSpec::Misplaced
        };
    }
    if is_point_name(base) {
        return if is_diagram {
            AttrSpec::PointText
        } else {
            AttrSpec::Misplaced
        };
    }
    let mut seen = false;
    for &(n, g, ty, lang_ok) in ATTRIBUTES {
        if n == base {
            seen = true;
            if gs.contains(&g) {
                return AttrSpec::Known { ty, lang_ok };
            }
        }
    }
    if seen {
        AttrSpec::Misplaced
    } else {
        AttrSpec::Unknown
    }
}

/// Whether an attribute name is an uppercase board coordinate (`K10`), used for point text.
pub fn is_point_name(name: &str) -> bool {
    name.as_bytes()
        .first()
        .is_some_and(|b| b.is_ascii_uppercase())
        && crate::point::Point::parse_standard(name).is_some()
}

/// Attributes whose values the writer always quotes.
pub fn always_quoted(base: &str) -> bool {
    base == "ca" || base == "url"
}
