//! `gobook build --pdf`: the print edition, one PDF per book language, typeset by the
//! embedded typst from the page model the site and the e-book write (`layout::page`).
//!
//! `escape` keeps every user word literal text in typst; `frame` (with `frame.typ`) sets
//! the page, the running heads and the front matter; `blocks` and `rich` write a chapter's
//! blocks and text (`flow`: how boards and their text share the page; `images`: its images; `vertical`: in columns, for a vertical Japanese edition; `markdown`: an
//! included Markdown file); `diagrams`
//! puts the diagrams' drawings in their placeholders' places after typst's layout, as
//! typst's own shapes and text drawn from the board's drawing model (`drawn`); `solutions`
//! prints a problem book's answers; `printed_text` is what a language's PDF prints, which
//! `missing_glyphs` finds the fonts for (or reports the characters no font has, at their
//! place in the book); `fonts` and `world` give typst its fonts and files and nothing else; `fallback` is what a PDF is when typst's checks refuse its standards; `passes` counts typst's layout passes
//! (`GOBOOK_TIMINGS`); `parts` prints a long book in parts, which `join` makes one PDF;
//! `bleed_box` gives a page with crop marks its BleedBox; `build` is the writer's entry.

pub(crate) mod bleed_box;
pub(crate) mod blocks;
pub mod build;
pub(crate) mod diagrams;
pub mod drawn;
pub(crate) mod escape;
pub(crate) mod fallback;
pub(crate) mod flow;
pub mod fonts;
pub mod frame;
pub(crate) mod images;
pub(crate) mod join;
pub mod markdown;
pub(crate) mod missing_glyphs;
pub(crate) mod parts;
pub(crate) mod passes;
pub mod printed_text;
pub(crate) mod rich;
pub(crate) mod scale;
pub mod settings;
pub(crate) mod solutions;
pub(crate) mod spill;
pub(crate) mod typeset;
pub(crate) mod vertical;
pub(crate) mod world;
