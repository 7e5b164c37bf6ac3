//! The kinds of problem gobook reports, one enum: a code in the source is a variant, so a
//! typo does not compile, and `docs/diagnostics.md` lists every one with its meaning.
//!
//! The names are stable: `--format json` prints them, and tools match on them.

use serde::{Serialize, Serializer};

/// Declares `Code`, its names and meanings from one table.
macro_rules! codes {
    ($($(#[$attr:meta])* $variant:ident = $name:literal, $meaning:literal;)*) => {
        /// The kind of a problem, printed by `--format json` as its stable name (`unknown-attribute`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Code {
            $(
                #[doc = $meaning]
                $variant,
            )*
        }

        impl Code {
            /// Every code, in the order `docs/diagnostics.md` lists them.
            pub const ALL: &'static [Code] = &[$(Code::$variant),*];

            /// The stable name printed in messages and JSON (`unknown-attribute`).
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Code::$variant => $name,)*
                }
            }

            /// What the problem is, in a sentence: the meaning `docs/diagnostics.md` gives.
            pub fn meaning(self) -> &'static str {
                match self {
                    $(Code::$variant => $meaning,)*
                }
            }
        }
    };
}

codes! {
    // The text of the file.
    Encoding = "encoding", "The file is not UTF-8 text (or UTF-16 with a byte-order mark).";
    ControlCharacter = "control-character", "A control character or noncharacter stands in the text; no file gobook writes may hold one.";
    Syntax = "syntax", "The line cannot be read as the gobook format (an element name, ID or attribute is malformed).";
    BadId = "bad-id", "An element's ID is empty or holds a character IDs may not.";
    // The elements.
    NoBook = "no-book", "The file does not start with a `::book` element.";
    BookTwice = "book-twice", "A second `::book` element: a file holds one book.";
    BookNotFirst = "book-not-first", "`::book` is not the first element of the file.";
    OutsideChapter = "outside-chapter", "An element comes before the first `::chapter`.";
    UnknownElement = "unknown-element", "The element name is not one of the gobook format.";
    CommentAttributes = "comment-attributes", "A comment carries attributes; comments cannot.";
    GoText = "go-text", "Text follows `::go` data, which shows no text; the text is ignored.";
    IgnoredText = "ignored-text", "Text follows an element that shows none (book, chapter, include, buy); it is ignored.";
    PageId = "page-id", "A chapter's ID would make a page name that hosts do not serve or that clashes with a file gobook writes.";
    IncludeWithoutUrl = "include-without-url", "An `::include` names no file.";
    // Attributes.
    UnknownAttribute = "unknown-attribute", "The attribute is not one of the gobook format; it is kept but has no effect.";
    MisplacedAttribute = "misplaced-attribute", "The attribute does not apply to this element; it is kept but has no effect.";
    DuplicateAttribute = "duplicate-attribute", "The attribute is given twice; the last one counts.";
    BadValue = "bad-value", "The attribute's value is not of the kind the attribute takes.";
    OffBoard = "off-board", "A point lies off the board.";
    ProblemOnly = "problem-only", "The attribute applies only to problems (`::prb`).";
    LanguageSuffix = "language-suffix", "An attribute that is not language-specific carries a language suffix, which is ignored.";
    UnknownLanguage = "unknown-language", "A language suffix or tag is not a language of the spec.";
    MvAndTo = "mv-and-to", "`mv` and `to` are given together; they exclude each other.";
    // Links between elements.
    DuplicateId = "duplicate-id", "Two elements of one chapter have the same ID.";
    LetterOnNumberedStone = "letter-on-numbered-stone", "A letter is written on a point where the diagram shows a move number: it shows only as a small badge beside the number.";
    DuplicateIdAcrossFiles = "duplicate-id-across-files", "Two gobook files of one book (the book and a file it includes, or two included files) give the same ID to elements.";
    UnknownId = "unknown-id", "`base`, `ref` or `clone` names an ID no element has.";
    BadReference = "bad-reference", "`ref`, `base` or `clone` names an element of the wrong kind.";
    CloneCycle = "clone-cycle", "A diagram's `clone` names itself, or a chain of clones leads back to it: no diagram to repeat.";
    ForwardReference = "forward-reference", "`base` names an element defined later in the book.";
    SgfAndBase = "sgf-and-base", "`sgf` and `base` are given together; `base` is ignored.";
    // Inline markup.
    UnclosedTag = "unclosed-tag", "An inline tag (`<b>`, `<dia>`, ...) is not closed.";
    UnbalancedTag = "unbalanced-tag", "A closing inline tag closes nothing.";
    NestedInline = "nested-inline", "An inline tag is placed inside another of the same kind.";
    TooDeep = "too-deep", "Inline tags are nested too deep.";
    UnterminatedQuote = "unterminated-quote", "A quoted value in an inline tag has no closing quote.";
    LinkWithoutHref = "link-without-href", "An inline link has no `href`.";
    UnsafeLink = "unsafe-link", "A link's scheme is refused (only http(s), mailto, IDs and languages are allowed).";
    UnknownLink = "unknown-link", "A link names an ID no element has; the link is disabled.";
    LinkToMissingEdition = "link-to-missing-edition", "A link leads to an element that some editions showing the link lack (a chapter in fewer languages); there the link is plain text.";
    UnknownStandardText = "unknown-standard-text", "`#...#` is not a standard text; it stays as written.";
    GameInfoNotSet = "game-info-not-set", "A game-info text (`#pb#`, ...) refers to Go data without that information; it stays as written.";
    CoordinateNotDrawn = "coordinate-not-drawn", "A coordinate in a diagram's text names a point where nothing is drawn; it stays as written.";
    // Go data.
    AtOutOfRange = "at-out-of-range", "`at` lies outside the base's moves.";
    AtWithoutBase = "at-without-base", "`at` is given without a base with moves.";
    ToOutOfRange = "to-out-of-range", "`to` lies outside the range from `at` to the base's last move.";
    ToWithoutBase = "to-without-base", "`to` is given without a base with moves.";
    SizeMismatch = "size-mismatch", "The board size differs from the base's or the SGF's.";
    IllegalMove = "illegal-move", "A move is illegal (occupied point, suicide or ko).";
    MarkBeforeMove = "mark-before-move", "A mark stands on an empty point that a later move fills; `at` probably should be one more.";
    MovesOutsideView = "moves-outside-view", "Moves of a diagram are played outside the part of the board it shows.";
    ProblemWithoutAnswer = "problem-without-answer", "A problem has no correct answer in some language, so its readers get no solution.";
    LanguageWithoutText = "language-without-text", "A language the book declares has no text of its own anywhere.";
    // SGF inside a book.
    SgfSyntax = "sgf-syntax", "The `sgf` value, or a game file read as a book, is not valid SGF (or XML).";
    SgfEmpty = "sgf-empty", "The `sgf` value, or a game file read as a book, holds no game.";
    // What the SGF reader mended (an `sgf` value, a game file read as a book, `gobook import`,
    // `convert`, `svg` of a game, an SGF block in Markdown): the message says what was found
    // and what was done; docs/sgf-repairs.md lists the repairs.
    SgfCharset = "sgf-charset", "An SGF file's charset had to be guessed, or bytes not valid in it were replaced.";
    SgfStructure = "sgf-structure", "An SGF game tree's brackets or semicolons were mended: a missing `;`, `(` or `)` assumed, `()` or a stray `)` or `(` dropped, a property outside a node put in one.";
    SgfStrayText = "sgf-stray-text", "Text in an SGF file outside any property (before the game, between games, among the properties, values without an identifier) was skipped.";
    SgfIdentifier = "sgf-identifier", "An SGF property identifier was mended or dropped: lowercase letters removed (`AddBlack` read as `AB`), no uppercase letter, over 100 letters, no value.";
    SgfUnclosedValue = "sgf-unclosed-value", "An SGF file ends inside a value (`]` missing); the unfinished property is dropped.";
    SgfFileFormat = "sgf-file-format", "The SGF `FF` (file format) is unknown or unreadable; the file is read as FF[4].";
    SgfGameType = "sgf-game-type", "The SGF `GM` is not Go (moves and points are then not checked) or unreadable (`GM[1]` assumed).";
    SgfBoardSize = "sgf-board-size", "The SGF `SZ` was corrected (`SZ[13:13]` to `SZ[13]`, over 52 to 52) or dropped (unreadable: 19x19 assumed).";
    SgfOldProperty = "sgf-old-property", "An FF[1]-FF[3] property was converted to FF[4]: `L` to `LB`, `M` to `MA` or `TR`, `KI` to `KM`, `TE` and `BM` together to `IT` or `DO`, `VW` corners to a rectangle.";
    SgfDuplicateProperty = "sgf-duplicate-property", "An SGF property appears twice in a node: lists merged, texts joined, else the second one dropped.";
    SgfRootProperty = "sgf-root-property", "An SGF root property (`FF`, `SZ`, `GM`, ...) stands outside the root node; it is dropped.";
    SgfExtraValues = "sgf-extra-values", "An SGF property that takes one value has several; the first is kept.";
    SgfEmptyValue = "sgf-empty-value", "An SGF property has an empty or blank value where it needs one (`C[]`, `AB[]`); it is dropped.";
    SgfTextCharacter = "sgf-text-character", "An SGF text holds a zero byte (replaced with a space) or another control character (removed).";
    SgfWhitespace = "sgf-whitespace", "An SGF point or move value holds whitespace (`B[c c]`); it is removed.";
    SgfBadMove = "sgf-bad-move", "An SGF move is not a point of the board: a human-written one (`R16`, `pass`) is rewritten, anything else dropped.";
    SgfBadPoint = "sgf-bad-point", "Values of an SGF point list, line, arrow or label are off the board or malformed; they are dropped.";
    SgfRepeatedPoint = "sgf-repeated-point", "A point is repeated in one SGF point list (`AB[aa][aa]`); the repeat is dropped.";
    SgfBadValue = "sgf-bad-value", "An SGF number, real, double or colour is malformed (corrected where its meaning is clear, else dropped), or a property that takes no value has one (emptied).";
    SgfGameInfo = "sgf-game-info", "An SGF game-info value in a format of its own (`RE`, `DT`, `KM`, `TM`) was corrected (`RE[w+r]` to `W+R`), kept with a doubt, or dropped.";
    SgfAnnotation = "sgf-annotation", "An SGF move annotation stands in a node without a move, or position annotations contradict each other (`GB` and `GW`); it is dropped.";
    SgfSplitNode = "sgf-split-node", "An SGF node mixes setup and a move, or holds both a black and a white move; it is split into two nodes.";
    XmlRepair = "xml-repair", "A game file in the XML Go format was repaired while read (an unknown element, entity or unreadable point skipped, a control character removed); the message says what.";
    SgfGames = "sgf-games", "The `sgf` value holds several games; only the first is used.";
    SgfSize = "sgf-size", "The SGF board size is not supported.";
    SgfMovesUnused = "sgf-moves-unused", "`mv` replaces the moves of the `sgf` value.";
    // Files the book names.
    MissingImage = "missing-image", "An image file the book names does not exist.";
    BadImage = "bad-image", "An image file is not the kind its extension names, or an SVG holds a script.";
    ImageOutsideBook = "image-outside-book", "An image path leads outside the book's folder.";
    ImageNameTaken = "image-name-taken", "An image would land on a file gobook writes itself.";
    MissingCover = "missing-cover", "The cover file does not exist; the e-book draws a cover from the title.";
    BadCover = "bad-cover", "The cover file is not an image of the kind its extension names.";
    CoverOutsideBook = "cover-outside-book", "The cover path leads outside the book's folder.";
    MissingInclude = "missing-include", "An included file does not exist.";
    IncludeOutsideBook = "include-outside-book", "An include path leads outside the book's folder.";
    NestedInclude = "nested-include", "An included gobook file includes another; includes cannot be nested.";
    // Print (`gobook build --pdf`).
    ImageTooLarge = "image-too-large", "A raster image has more pixels than print takes (50 megapixels); the message says its size.";
    UnprintableImage = "unprintable-image", "Print cannot read an image: its data is damaged (a PNG's checksum, a cut file), or an SVG image links a file, nests elements over 1,024 deep, has over 1,000,000 elements or an entity print cannot expand (undefined, external, looping).";
    TextTooLong = "text-too-long", "A heading, title, caption or the like is over 1,000 characters, longer than print takes (a PDF keeps it as one string).";
    NoFont = "no-font", "A character the PDF of a language prints is in no font: not the bundled ones, not `pdf_cjk_font`, not in the font folders searched (the system's, or those `GOBOOK_FONT_DIRS` names). That language's PDF is not written; the other editions are.";
    // Outside books (`gobook md`).
    Markdown = "markdown", "A gobook code block in a Markdown file cannot be drawn.";
    // Sensei's Library diagrams (`$$` lines): `gobook svg`, `md`, `import`.
    SlSyntax = "sl-syntax", "A Sensei's Library diagram (`$$` lines) cannot be read; the message says what is wrong and what to write.";
    SlNote = "sl-note", "Something of a Sensei's Library diagram read with a doubt (no header, ragged rows) or that gobook cannot draw (links on points, `_` off the board); the message says what.";
    // A game file or a folder of games read as a book (`gobook build GAME.sgf`).
    ImportNote = "import-note", "Something of a game file that the book made of it cannot show (a mark it cannot place, the marks of a problem's answers, a second game of the file); the message says what.";
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Code {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// The documentation of every code, as `docs/diagnostics.md` holds it.
pub fn reference() -> String {
    let mut out = String::from(
        "# Diagnostic codes\n\n\
         Every problem gobook reports has a code: `gobook check --format json` prints it as\n\
         `\"code\"`, and the names are stable, so tools may match on them. This page is\n\
         generated from `crates/gobook-sgf/src/diagnostics/code.rs` (`tests/it/diagnostic_codes.rs` keeps it true).\n\n\
         | Code | Meaning |\n|---|---|\n",
    );
    for code in Code::ALL {
        out.push_str(&format!(
            "| `{}` | {} |\n",
            code,
            code.meaning().replace('|', "\\|")
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_kebab_case() {
        let mut seen = std::collections::HashSet::new();
        for c in Code::ALL {
            assert!(seen.insert(c.as_str()), "{c} twice");
            assert!(c
                .as_str()
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'));
        }
    }
}
