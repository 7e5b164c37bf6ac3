//! The format reference (`docs/format.md`): what each element and attribute does, its
//! default and a one-line example, joined here with the schema validation reads, so the
//! names, groups, value types and language suffixes in the reference are the parser's
//! own. A test fails when an attribute of the schema has no entry here, or an entry
//! names no attribute, or an example does not check cleanly, or the file is stale.

use crate::format::schema::{self, ElementKind, Group, Host, ValueType};

/// What the reference says about one element.
pub struct ElementDoc {
    /// The element's name.
    pub name: &'static str,
    /// What it is, in one line.
    pub what: &'static str,
    /// A line of a book using it.
    pub example: &'static str,
}

/// What the reference says about one attribute of one group.
pub struct AttrDoc {
    /// The group it belongs to (an attribute name can mean different things in two groups).
    pub group: Group,
    /// The attribute's name.
    pub name: &'static str,
    /// The value when the attribute is not given.
    pub default: &'static str,
    /// What it does, in one line.
    pub what: &'static str,
    /// A line of a book using it.
    pub example: &'static str,
}

/// Every element of the spec.
pub const ELEMENTS: &[ElementDoc] = &[
    ElementDoc { name: "book", what: "The book: the first element of the file, once.", example: "::book(#my-book) title=\"My Go Book\" author=\"Your Name\"" },
    ElementDoc { name: "chapter", what: "Starts a chapter; it groups what follows until the next one. `(#contents)` is the table of contents. The ID names the chapter's page (`ID.html`), so it is not `index` and does not start with `.`.", example: "::chapter(#opening)" },
    ElementDoc { name: "go", what: "Go data: a position and moves, not shown; diagrams show it.", example: "::go(#game2) mv=D4Q16D16Q4C3" },
    ElementDoc { name: "fig", what: "A figure of a game: moves numbered as in the game, full width, \"Moves 1-50\" below.", example: "::fig at=1 to=4" },
    ElementDoc { name: "dia", what: "A diagram of another line of play: numbered from 1, a little smaller than figures.", example: "::dia at=3 mv=C16E16 ca=\"Dia. 1\"" },
    ElementDoc { name: "var", what: "A variation of the diagram before it, numbered on from it.", example: "::var at=2 mv=E17" },
    ElementDoc { name: "prb", what: "A problem: the reader plays, and `correct` and `wrong` answer.", example: "::prb base=none sz=9 ab=C3D3E3 aw=C4D4E4F3 correct=\"F4\" #btp#" },
    ElementDoc { name: "p", what: "A paragraph; a text without `::` is one too.", example: "::p align=center A centered paragraph." },
    ElementDoc { name: "h1", what: "The book's main title: large, centered, on a new page.", example: "::h1 #title#" },
    ElementDoc { name: "h2", what: "A chapter title: centered, on a new page.", example: "::h2 The opening" },
    ElementDoc { name: "h3", what: "A section title, bold, in a new column.", example: "::h3 The first corner" },
    ElementDoc { name: "h4", what: "A minor section title, bold, text size.", example: "::h4 Joseki" },
    ElementDoc { name: "h5", what: "A minor title in the text's font.", example: "::h5 Note" },
    ElementDoc { name: "s1", what: "A subtitle under an `h1`.", example: "::s1 #author#" },
    ElementDoc { name: "s2", what: "A subtitle under an `h2`.", example: "::s2 Moves 1 to 50" },
    ElementDoc { name: "img", what: "An image from the book's folder (or a web address).", example: "::img url=\"img/board.png\" scale=0.5" },
    ElementDoc { name: "buy", what: "A button to buy the book.", example: "::buy sku=my-book" },
    ElementDoc { name: "include", what: "The elements of another file, as if written here: a `.gobook`, a Markdown file, or a standard chapter.", example: "::include url=\"about.gobook\"" },
    ElementDoc { name: "c", what: "A comment: kept, never shown; takes no attributes.", example: "::c Check the moves of this figure again." },
];

/// Every attribute of the spec, by group, in the schema's order.
pub const ATTRIBUTES: &[AttrDoc] = {
    use Group::*;
    &[
        AttrDoc { group: Book, name: "format", default: "0", what: "The version of the file format.", example: "::book(#b) format=0" },
        AttrDoc { group: Book, name: "revision", default: "0", what: "The revision of this book; raise it when the content changes.", example: "::book(#b) revision=2" },
        AttrDoc { group: Book, name: "title", default: "none", what: "The title (`#title#` in text).", example: "::book(#b) title=\"Invincible\" title_de=\"Unbesiegbar\"" },
        AttrDoc { group: Book, name: "subtitle", default: "none", what: "The subtitle (`#subtitle#`).", example: "::book(#b) subtitle=\"The Games of Shusaku\"" },
        AttrDoc { group: Book, name: "author", default: "none", what: "The authors (`#author#`).", example: "::book(#b) author=\"John Power\"" },
        AttrDoc { group: Book, name: "publisher", default: "none", what: "The publisher (`#publisher#`).", example: "::book(#b) publisher=\"Kiseido\"" },
        AttrDoc { group: Book, name: "copyright", default: "none", what: "The copyright line (`#copyright#`).", example: "::book(#b) copyright=\"© 2026 Your Name\"" },
        AttrDoc { group: Book, name: "cover", default: "the book's ID + `_cover.jpg`", what: "The cover image.", example: "::book(#b) cover=\"img/cover.jpg\"" },
        AttrDoc { group: Chapter, name: "fullWidth", default: "0", what: "Every diagram at full width, like figures.", example: "::chapter fullWidth=1" },
        AttrDoc { group: Chapter, name: "showCoords", default: "0", what: "Coordinates around every board (a gobook addition).", example: "::chapter showCoords=1" },
        AttrDoc { group: Chapter, name: "shortTitle", default: "the full title", what: "A shorter title for navigation (the pager, the top bar), where the full one would be cut; on the book or a chapter.", example: "::chapter(#life) shortTitle=\"Life and death\"" },
        AttrDoc { group: GoData, name: "sz", default: "the base's size, else 19", what: "The board size (2 to 25).", example: "::go base=none sz=9 ab=C3 aw=G7" },
        AttrDoc { group: GoData, name: "ab", default: "none", what: "Black stones added to the position.", example: "::go ab=D4Q16 aw=Q4D16" },
        AttrDoc { group: GoData, name: "aw", default: "none", what: "White stones added to the position.", example: "::go base=none sz=13 ab=D4 aw=K10" },
        AttrDoc { group: GoData, name: "ae", default: "none", what: "Stones removed, to show the position as if they had not been played.", example: "::dia at=5 ae=D16" },
        AttrDoc { group: GoData, name: "pl", default: "b, or whoever is next in the base", what: "Who plays next.", example: "::go ab=D4 pl=w" },
        AttrDoc { group: GoData, name: "koPoint", default: "none", what: "The point a ko just made illegal.", example: "::go base=none sz=9 ab=D5E4E6F5 aw=C5D4D6 koPoint=E5" },
        AttrDoc { group: GoData, name: "base", default: "the chapter's most recent Go data (for `var`: diagram)", what: "The Go data or diagram this one starts from; `none` for a fresh board.", example: "::dia base=game at=3 mv=C16" },
        AttrDoc { group: GoData, name: "at", default: "the base's first move number, else 1", what: "The position *before* this move of the base (at=51: after move 50).", example: "::fig at=3 to=5" },
        AttrDoc { group: GoData, name: "mv", default: "none", what: "Moves, alternating from `pl`; `Pass` takes no number, `Tenuki` does (both capitalised).", example: "::go mv=\"D4 Q16 D16 Tenuki Q4\"" },
        AttrDoc { group: GoData, name: "to", default: "none", what: "The last of the base's moves shown from `at` (inclusive); not with `mv`.", example: "::fig at=1 to=3" },
        AttrDoc { group: GoData, name: "sgf", default: "none", what: "Go data given as SGF: its board, setup, main line and game info.", example: "::go sgf=\"(;SZ[9];B[ee];W[cc])\"" },
        AttrDoc { group: GameInfo, name: "pb", default: "none", what: "Black player (SGF PB).", example: "::go(#g2) pb=\"Honinbo Shusaku\" mv=Q16" },
        AttrDoc { group: GameInfo, name: "br", default: "none", what: "Black's rank (SGF BR).", example: "::go(#g2) br=4d mv=Q16" },
        AttrDoc { group: GameInfo, name: "wp", default: "none", what: "White player (SGF PW).", example: "::go(#g2) wp=\"Gennan Inseki\" mv=Q16" },
        AttrDoc { group: GameInfo, name: "wr", default: "none", what: "White's rank (SGF WR).", example: "::go(#g2) wr=8d mv=Q16" },
        AttrDoc { group: GameInfo, name: "km", default: "none", what: "Komi (SGF KM).", example: "::go(#g2) km=6.5 mv=Q16" },
        AttrDoc { group: GameInfo, name: "ha", default: "none", what: "Handicap (SGF HA).", example: "::go(#g2) ha=2 ab=D4Q16 pl=w" },
        AttrDoc { group: GameInfo, name: "re", default: "none", what: "Result (SGF RE).", example: "::go(#g2) re=B+2 mv=Q16" },
        AttrDoc { group: GameInfo, name: "tm", default: "none", what: "Time limit (SGF TM).", example: "::go(#g2) tm=\"8 hours\" mv=Q16" },
        AttrDoc { group: GameInfo, name: "dt", default: "none", what: "Date (SGF DT).", example: "::go(#g2) dt=1846-09-11 mv=Q16" },
        AttrDoc { group: GameInfo, name: "pc", default: "none", what: "Place (SGF PC).", example: "::go(#g2) pc=Osaka mv=Q16" },
        AttrDoc { group: GameInfo, name: "ev", default: "none", what: "Event (SGF EV).", example: "::go(#g2) ev=\"Castle game\" mv=Q16" },
        AttrDoc { group: GameInfo, name: "ro", default: "none", what: "Round (SGF RO).", example: "::go(#g2) ro=3 mv=Q16" },
        AttrDoc { group: GameInfo, name: "us", default: "none", what: "Who entered the game (SGF US).", example: "::go(#g2) us=\"Your Name\" mv=Q16" },
        AttrDoc { group: GameInfo, name: "an", default: "none", what: "Who commented it (SGF AN).", example: "::go(#g2) an=\"Your Name\" mv=Q16" },
        AttrDoc { group: GameInfo, name: "cp", default: "none", what: "Copyright of the game record (SGF CP).", example: "::go(#g2) cp=\"Public domain\" mv=Q16" },
        AttrDoc { group: GameInfo, name: "so", default: "none", what: "Source (SGF SO).", example: "::go(#g2) so=\"Kiseido\" mv=Q16" },
        AttrDoc { group: Diagram, name: "mn", default: "`at` for `fig` and `var`, 1 for `dia` and `prb`", what: "The number of the first move shown.", example: "::dia at=3 mv=C16E16 mn=3" },
        AttrDoc { group: Diagram, name: "vw", default: "the whole board (an inline diagram: the view of its base)", what: "The part of the board shown: two corners. Moves outside it are listed under the board.", example: "::dia mv=C16 vw=A10K19" },
        AttrDoc { group: Diagram, name: "tr", default: "none", what: "Triangles (`^T` in text).", example: "::dia tr=D4" },
        AttrDoc { group: Diagram, name: "ma", default: "none", what: "Crosses (`^X` in text).", example: "::dia ma=D4Q16" },
        AttrDoc { group: Diagram, name: "sq", default: "none", what: "Squares (`^S` in text).", example: "::dia sq=Q4" },
        AttrDoc { group: Diagram, name: "rg", default: "none", what: "Diamonds (`^D` in text).", example: "::dia rg=C3" },
        AttrDoc { group: Diagram, name: "cr", default: "none", what: "Circles.", example: "::dia cr=D16" },
        AttrDoc { group: Diagram, name: "tb", default: "none", what: "Black's area.", example: "::dia tb=A1B1A2" },
        AttrDoc { group: Diagram, name: "tw", default: "none", what: "White's area.", example: "::dia tw=T19S19" },
        AttrDoc { group: Diagram, name: "ln", default: "none", what: "Lines, a pair of points each.", example: "::dia ln=D4Q16" },
        AttrDoc { group: Diagram, name: "ar", default: "none", what: "Arrows, from the first point of a pair to the second.", example: "::dia ar=C3E5" },
        AttrDoc { group: Diagram, name: "width", default: "full for `fig` and `prb` (and with `fullWidth`), else dia", what: "How wide the diagram is; two `half` or three `third` fit side by side.", example: "::dia width=half align=left" },
        AttrDoc { group: Diagram, name: "ca", default: "none", what: "The caption below the board.", example: "::dia ca=\"Dia. 1\" ca_de=\"Dia. 1 (Deutsch)\"" },
        AttrDoc { group: Diagram, name: "showToPlay", default: "1 for `prb`, else 0", what: "\"Black to play\" in the caption.", example: "::dia showToPlay=1" },
        AttrDoc { group: Diagram, name: "showFromTo", default: "1 for a `fig` without caption, else 0", what: "The move numbers (\"Moves 1-50\") in the caption.", example: "::fig at=1 to=3 showFromTo=0" },
        AttrDoc { group: Diagram, name: "showCoords", default: "the chapter's `showCoords`", what: "Coordinates around this board.", example: "::dia showCoords=1" },
        AttrDoc { group: Diagram, name: "header", default: "none", what: "A line above the board, besides the caption below.", example: "::dia header=\"Black's shape\" ca=\"Dia. 1\"" },
        AttrDoc { group: Diagram, name: "hideInReplay", default: "none", what: "Points whose marks and labels the replay leaves out (they refer to the final position).", example: "::fig at=1 to=5 tr=D4 hideInReplay=D4" },
        AttrDoc { group: Diagram, name: "clone", default: "none", what: "Repeats the diagram with this ID here (earlier or later, a clone of a clone too): its board, marks, moves, problem and caption. The clone may give its own `ca`, `header`, `width`, `align` and `show...` flags; any other attribute is ignored. gobook numbers no diagrams, so a repeated \"Dia. 3\" keeps its caption unless you write one (\"Dia. 3 (repeated)\"). A `::dia` repeating a `::prb` shows its board, not the problem. Not on an inline `<dia>`. (A spec's future addition.)", example: "::dia clone=d1 ca=\"Dia. 1 (repeated)\"" },
        AttrDoc { group: Diagram, name: "gaps", default: "auto", what: "The line under the board for moves not drawn (\"12 at 7\"; see [the gaps line](#the-gaps-line)): `auto`, `none`, or your text.", example: "::fig at=1 to=5 gaps=none" },
        AttrDoc { group: Problem, name: "correct", default: "the base's moves not shown", what: "Right answers: moves, each with an optional (comment); `;` between sequences, `[a | b]` where the opponent's replies branch (see [answer trees](#answer-trees)). Each move is checked from the problem's position.", example: "::prb base=none sz=9 ab=C3D3E3 aw=C4D4E4F3 correct=\"F4(Right.)\"" },
        AttrDoc { group: Problem, name: "wrong", default: "none", what: "Wrong answers, written like `correct`.", example: "::prb base=none sz=9 ab=C3D3E3 aw=C4D4E4F3 correct=F4 wrong=\"G4F4(Too late.)\"" },
        AttrDoc { group: Display, name: "align", default: "left for text, center for diagrams and images", what: "Where it sits in the column.", example: "::p align=right Signed, the author." },
        AttrDoc { group: Display, name: "href", default: "none", what: "Tapping it goes to an ID, switches to a language, or opens a web address.", example: "::p href=opening To the first chapter" },
        AttrDoc { group: Display, name: "break", default: "page for `h1` and `h2`, column for `h3`, else none", what: "Start a new page, column or line before it.", example: "::h3 break=none A section that runs on" },
        AttrDoc { group: Paragraph, name: "style", default: "the one in force (until a heading or the chapter's end), else normal", what: "Layout: block, hanging, indent, bullet, text, or normal to reset.", example: "::p style=bullet 1.\tFirst point." },
        AttrDoc { group: Paragraph, name: "keepWithNext", default: "1 for headings and subtitles, else 0", what: "Keep with the next paragraph.", example: "::p keepWithNext=1 The diagram below shows it:" },
        AttrDoc { group: Paragraph, name: "hint", default: "0", what: "Hidden until the reader asks for it.", example: "::p hint=1 Look at the corner first." },
        AttrDoc { group: Paragraph, name: "ref", default: "the chapter's most recent diagram", what: "The diagram this text describes (its coordinates become its labels); `none` for no diagram.", example: "::p ref=none A1 stays A1 here." },
        AttrDoc { group: Paragraph, name: "paraSpacing", default: "by style", what: "Space before and after, in 1/10 em; kept until the next chapter.", example: "::p paraSpacing=4 Tighter text." },
        AttrDoc { group: Paragraph, name: "spaceBefore", default: "by kind (8 for a paragraph)", what: "Space before, in 1/10 em.", example: "::p spaceBefore=16 After a pause." },
        AttrDoc { group: Paragraph, name: "spaceAfter", default: "by kind", what: "Space after, in 1/10 em.", example: "::p spaceAfter=16 Before a pause." },
        AttrDoc { group: Paragraph, name: "firstIndent", default: "0", what: "Indent of the first line, in 1/10 em.", example: "::p firstIndent=20 An indented first line." },
        AttrDoc { group: Paragraph, name: "hangingIndent", default: "0", what: "Indent of the other lines, in 1/10 em.", example: "::p hangingIndent=20 A hanging paragraph." },
        AttrDoc { group: Paragraph, name: "rightIndent", default: "0", what: "Indent on the right, in 1/10 em.", example: "::p rightIndent=20 Narrower on the right." },
        AttrDoc { group: Paragraph, name: "leftIndent", default: "0", what: "Sets `firstIndent` and `hangingIndent`.", example: "::p leftIndent=20 Indented on the left." },
        AttrDoc { group: Paragraph, name: "blockIndent", default: "0", what: "Sets `firstIndent`, `hangingIndent` and `rightIndent`.", example: "::p blockIndent=20 box=1 A boxed aside." },
        AttrDoc { group: Paragraph, name: "box", default: "0", what: "A box around it (and around the boxed paragraphs next to it).", example: "::p box=1 Remember this." },
        AttrDoc { group: Image, name: "url", default: "the book's cover", what: "The image: a file of the book's folder, or a web address.", example: "::img url=\"img/shusaku.jpg\"" },
        AttrDoc { group: Image, name: "scale", default: "1.0", what: "The image's natural size times this, never wider than the column (or its `width`, which it is then a share of): 2000 px at 0.5 fills a 640 px column.", example: "::img url=\"img/a.png\" scale=0.75" },
        AttrDoc { group: Image, name: "border", default: "1 for JPEG, else 0", what: "A thin dark border.", example: "::img url=\"img/a.png\" border=1" },
        AttrDoc { group: Image, name: "shadow", default: "1 for JPEG, else 0", what: "A shadow behind it.", example: "::img url=\"img/a.png\" shadow=0" },
        AttrDoc { group: Image, name: "fill", default: "0", what: "A dark fill behind it.", example: "::img url=\"img/a.png\" fill=1" },
        AttrDoc { group: Image, name: "ca", default: "none", what: "The caption below the image.", example: "::img url=\"img/a.png\" ca=\"The castle\"" },
        AttrDoc { group: Image, name: "width", default: "full", what: "How wide the image is.", example: "::img url=\"img/a.png\" width=third align=left" },
        AttrDoc { group: Buy, name: "sku", default: "the book's ID", what: "The book to buy.", example: "::buy sku=sg0006" },
        AttrDoc { group: Include, name: "url", default: "none (required)", what: "The file to include: beside the book, or `about.gobook`, `buy.gobook`, `kiseido.gobook`.", example: "::include url=\"chapters/ch2.gobook\"" },
    ]
};

/// The book every example is checked in: a game of five moves and a diagram of it to base on.
pub const EXAMPLE_CONTEXT: &str = "::book(#b) title=\"T\"\n\n::chapter(#opening)\n\n::go(#game) mv=D4Q16D16Q4C3\n\n::dia(#d1) at=3 mv=C16E16C14\n\n";

/// A value type in words.
fn type_words(ty: ValueType) -> String {
    match ty {
        ValueType::Text => "text".into(),
        ValueType::Int { min: 1, .. } => "whole number, 1 or more".into(),
        ValueType::Int { min: 0, .. } => "whole number, 0 or more".into(),
        ValueType::Int { min, max } if min > i64::MIN => format!("whole number, {min} to {max}"),
        ValueType::Int { .. } => "whole number".into(),
        ValueType::Float => "number (0.75)".into(),
        ValueType::Flag => "0 or 1".into(),
        ValueType::Enum(words) => words.join(" / "),
        ValueType::Point => "point (E5)".into(),
        ValueType::PointList => "points (D4Q16)".into(),
        ValueType::PointPairs => "pairs of points (D4Q16)".into(),
        ValueType::Moves => "moves: points, Pass, Tenuki".into(),
        ValueType::View => "two corners (A1K10)".into(),
        ValueType::Sequences => "move sequences (E1E2(text);D1) or trees (E1 [E2 | D1])".into(),
        ValueType::IdOrNone => "ID or none".into(),
        ValueType::Href => "ID, language or web address".into(),
    }
}

/// A table cell: `|` would end it.
fn cell(s: &str) -> String {
    s.replace('|', "\\|")
}

/// Inline code that may hold a backtick-free example.
fn code(s: &str) -> String {
    format!("`{}`", cell(s).replace('\t', "\\t"))
}

/// The elements that take `group`.
fn takers(group: Group) -> Vec<String> {
    let mut out: Vec<String> = schema::ELEMENT_NAMES
        .iter()
        .filter(|n| schema::groups_of(Host::Element(ElementKind::from_name(n))).contains(&group))
        .map(|n| format!("`::{n}`"))
        .collect();
    for (host, name) in [
        (Host::InlineDia, "`<dia>`"),
        (Host::InlineLink, "`<a>`"),
        (Host::InlineImg, "`<img>`"),
    ] {
        if schema::groups_of(host).contains(&group) {
            out.push(name.into());
        }
    }
    out
}

/// The reference as Markdown: what `docs/format.md` holds.
pub fn markdown() -> String {
    let mut out = String::new();
    out.push_str("# The gobook format: reference\n\n");
    out.push_str("<!-- Generated from crates/gobook-core/src/format/schema.rs and crates/gobook-core/src/format/reference.rs by the test\n     format_reference; do not edit: `UPDATE_GOLDEN=1 cargo test --test it format_reference` rewrites it. -->\n\n");
    out.push_str("A book is a text file of **elements** separated by empty lines. An element is\n`::name(#id) attribute=value attribute=\"value with spaces\" text`; a text without `::` is a\nparagraph. Names are case-sensitive. Points are standard coordinates (`A1` is the lower left\ncorner, no `I`). An attribute marked *language* may carry a language suffix (`ca_de`), and so may\nan element (`::p_de`, or just `::de`): languages are ");
    let langs: Vec<String> = schema::LANGUAGES.iter().map(|l| format!("`{l}`")).collect();
    out.push_str(&langs.join(", "));
    out.push_str(".\n\nEvery example below is checked by the tests inside a small book. For whole books see\n[the recipes](recipes.md); `gobook check` explains every mistake with the line it is on.\n\n");

    out.push_str(
        "## Elements\n\n| element | what it is | attribute groups | example |\n|---|---|---|---|\n",
    );
    for e in ELEMENTS {
        let groups: Vec<String> = schema::groups_of(Host::Element(ElementKind::from_name(e.name)))
            .iter()
            .map(|g| format!("[{}](#{})", g.title(), anchor(g.title())))
            .collect();
        let groups = if groups.is_empty() {
            "none".to_string()
        } else {
            groups.join(", ")
        };
        out.push_str(&format!(
            "| `::{}` | {} | {} | {} |\n",
            e.name,
            cell(e.what),
            groups,
            code(e.example)
        ));
    }
    out.push_str("| `::de`, `::ja`, ... | A paragraph shown only in that language (`::p_de`). | [Paragraph](#paragraph), [Display](#display) | `::de Ein Absatz auf Deutsch.` |\n\n");
    out.push_str("In text: `**bold**`, `__italic__`, `<a href=ID>link</a>`, `<dia at=2 mv=C4>tap to see</dia>`,\n`<img url=\"x.png\">`, `<br>`; `^T` `^S` `^X` `^D` `^O` symbols (`^Tb`: on a black stone);\nstandard texts such as `#btp#` (\"Black to play.\") and `#title#`;\ngame info of the Go data the text follows, such as `#pb#` (Black's name) or `#dt_ja#`, shown as written.\n\n");

    out.push_str(&escapes_section());
    out.push_str(TEXT_STYLES_SECTION);

    out.push_str("## Attributes\n\n");
    let table = schema::attributes();
    for group in Group::ALL {
        out.push_str(&format!("### {}\n\n", group.title()));
        out.push_str(&format!("On {}.\n\n", takers(group).join(", ")));
        out.push_str(
            "| attribute | value | default | what it does | example |\n|---|---|---|---|---|\n",
        );
        for &(name, g, ty, lang) in table.iter().filter(|a| a.1 == group) {
            let doc = ATTRIBUTES.iter().find(|d| d.group == g && d.name == name);
            let (default, what, example) =
                doc.map_or(("?", "?", "?"), |d| (d.default, d.what, d.example));
            let value = if lang {
                format!("{}; *language*", type_words(ty))
            } else {
                type_words(ty)
            };
            out.push_str(&format!(
                "| `{name}` | {} | {} | {} | {} |\n",
                cell(&value),
                cell(default),
                cell(what),
                code(example)
            ));
        }
        if group == Group::Diagram {
            out.push_str("| `a` ... `z`, `A` ... `Z` | points | none | A letter on each point. | `::dia A=D4 b=C3C5` |\n");
            out.push_str(
                "| `A1` ... `T19` | text | none | Text on that point. | `::dia Q16=23` |\n",
            );
        }
        out.push('\n');
    }
    out.push_str(GAPS_SECTION);
    out.push_str(TREES_SECTION);
    out
}

/// The escapes of paragraph text: what is written, what the reader sees, and what it
/// would be without the backslash. A test resolves each as a paragraph after `::dia
/// mv=F8` (so `F8` alone would show `1`) and compares it with what is shown.
pub const ESCAPES: &[(&str, &str, &str)] = &[
    (r"\**not bold\**", "**not bold**", "bold"),
    (r"\__not italic\__", "__not italic__", "italic"),
    (r"\#btp# \#pb#", "#btp# #pb#", "a standard text, game info"),
    (r"\^Tb", "^Tb", "a symbol"),
    (
        r"\<br> \<a href=x>",
        "<br> <a href=x>",
        "a line break, a link (any tag)",
    ),
    (
        r"\::p text",
        "::p text",
        "a new element (at a line's start)",
    ),
    (
        r#"it\'s \"so\" x\--y 3\-3 wait\..."#,
        "it's \"so\" x--y 3-3 wait...",
        "curly quotes, dashes, an ellipsis (typography)",
    ),
    (r"at \F8", "at F8", "what the diagram shows at F8 (`at 1`)"),
    (r"C:\\temp", r"C:\temp", "`C:` and a tab"),
    (
        r"C:\Go a \ b",
        r"C:\Go a \ b",
        "(no escape: a backslash before a letter or a space)",
    ),
];

/// The escapes of paragraph text, a table of [`ESCAPES`] and what the rule is.
fn escapes_section() -> String {
    let mut out = String::from(
        "### Text as written: escapes\n\nA backslash keeps the character after it as written when that is ASCII punctuation\n(`\\*` `\\_` `\\#` `\\^` `\\<` `\\:` `\\'` `\\\"` `\\-` `\\.` `\\\\` ...): no markup, no typography. Before a\ncoordinate (`\\F8`, `\\Q16`) it keeps the coordinate, where text would show what the diagram draws\nthere. `\\t` is a tab and `\\n` a line break, as the spec has them; a backslash before anything\nelse is itself.\n\n| written | shown | without the backslash |\n|---|---|---|\n",
    );
    for (written, shown, instead) in ESCAPES {
        out.push_str(&format!(
            "| {} | {} | {} |\n",
            code(written),
            code(shown),
            cell(instead)
        ));
    }
    out.push_str("\nThe same escapes hold in captions and answer comments (`ca`, `correct`, ...), inside the quotes\nthat already escape `\\\"` and `\\\\`: `ca=\"Dia. 1: \\\\#btp#\"` shows `Dia. 1: #btp#`, and `correct=\"B1(1\\\\))\"` keeps\nthe `)` in the comment. `gobook fmt` keeps every escape as written; `gobook import` writes them\nwhere an SGF comment would otherwise be read as markup, typography or coordinates, so the\nbook shows the comment's characters. Books written before these escapes change in two\nplaces: `\\*`, `\\#` and the like showed their backslash, and `\\\\t` was a tab, not a backslash and a `t`.\n\n");
    out
}

/// gobook's inline text styles, the spec's future "smaller/larger fonts, small caps".
const TEXT_STYLES_SECTION: &str = "### Text styles (a gobook extension)

The spec lists \"smaller/larger fonts, small caps\" among its possible future additions. gobook
writes them as tags in the text, like the spec's own `<a>` and `<dia>`:

| markup | shows | site and e-book | print (PDF) |
|---|---|---|---|
| `<small>text</small>` | a step smaller than the text around it | `font-size: smaller` | 0.83 em |
| `<big>text</big>` | a step larger | `font-size: larger` | 1.2 em |
| `<sc>Text</sc>` | small capitals (`<sc>Go Seigen</sc>`) | `font-variant: small-caps` | the font's small capitals |

They hold any text (bold, italic, links, symbols, inline diagrams) and nest in each other,
but bold and italic close inside the style they opened in. A whole paragraph is styled by
wrapping its text: `::p <small>Source: ...</small>`. The tags take no attributes. A tag left
open, or closed across another (`<small><sc>x</small></sc>`), is an error `gobook check`
reports with its line and column; `gobook fmt` keeps the text as written. Other readers of
the format show the tags as text.

";

/// How `gaps=auto` names the moves a board cannot show (issues 19 and 20).
const GAPS_SECTION: &str = "## The gaps line

Under a diagram, `gaps=auto` (the default) names every move that the board cannot show as a
numbered stone, in move order, so that the reader can find each one by what the board shows:

| form | for |
|---|---|
| `12 at 7`, `43, 49 at 37` | moves played on a stone that shows a number, or a letter of the diagram (`12 at A`): a ko recapture, a move where stones were captured |
| `204 at a` | the same on a stone that shows neither (a stone from before the diagram, captured in it): gobook puts the next lowercase letter the diagram does not use on that stone |
| `2: elsewhere` | a `Tenuki` |
| `1–3, 5: outside the diagram` | moves outside the view `vw` (`gobook check` warns about them) |

A move that captures is named by its place (`43 at 37`), never as \"43: takes\". A ko is written
the same way, its two points next to each other (`43, 49 at 37; 46 at 40`), so two kos never
share an entry. The words follow the book's language (`43, 49 auf 37`).
`gaps=none` hides the line; any other value is shown instead (`gaps_de` for one language).
";

/// The answer trees of `correct` and `wrong`: gobook's form of the spec's future addition.
const TREES_SECTION: &str = "
## Answer trees

The spec lists \"full answer trees in problem diagrams\" as a future addition; gobook reads them in
`correct` and `wrong` (and their language forms) as an extension of the spec's sequences. After a
move, `[` opens the replies that branch from it, `|` separates them and `]` closes them:

```
::prb sz=9 ab=A2B2C2D2E2F2F1 aw=C1A3B3C3D3E3F3G3G2G1 correct=\"B1 [D1 E1(Two stones.) | E1 D1(Two stones.)]\"
```

is Black B1, then White D1 or E1, each with Black's answer. A tree means its lines from the first
move to each leaf (here `B1 D1 E1; B1 E1 D1`), and sequences of the spec's form that share their
first moves are the same tree, so both forms work everywhere: brackets are shorter, and keep one
copy of each shared move and its comment. Branches nest (`B1 [D1 [E1 | F1] | E1 D1]`); nothing may
follow a `]` in its line (put it inside each branch), and a branch needs a move. Square brackets,
since parentheses already hold a move's comment (a comment may hold brackets and bars).

- **The site**: where the book gives the opponent several replies, the board answers with the first;
  each new try (after Reset) takes the next, so a reader meets every branch, and a right move in any
  branch ends \"Correct\". *Show solution* shows the correct lines in turn.
- **Solutions** (the site without scripts, the e-book, print): every line is a numbered board of its
  own, in the order of the tree, with its moves and comments in words.
- **`gobook check`** plays every branch and reports an illegal move once, at its place in the value.
- **`gobook import --problems`** writes an SGF answer tree as one tree, branching where the file does.
- **`gobook inspect`** gives `correct` and `wrong` as their lines.
";

/// The anchor GitHub gives a heading.
fn anchor(title: &str) -> String {
    title.to_lowercase().replace(' ', "-")
}
