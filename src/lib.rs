//! gobook turns Go books written in the gobook format into websites and e-books.
//!
//! The crate follows the data: [`format`] reads and writes gobook files,
//! [`resolve`] works out what they mean, [`board`] plays the moves,
//! [`layout`] turns the book into what the writers show, [`render`] draws
//! diagrams, and [`check`] ties parsing and resolving together for every
//! command that reads a book. [`i18n`] holds every word gobook prints, in the
//! book languages of the spec. Modules import only downward; ARCHITECTURE.md
//! gives the order and `tests/it/layers.rs` keeps it.

// Plain safe Rust: the compiler refuses `unsafe` anywhere in the library.
#![forbid(unsafe_code)]

// Every layer is a crate of the workspace (crates/, ARCHITECTURE.md); each module keeps its
// path here, so `gobook::sgf` and `gobook::layout` are as before the split.
pub use gobook_core::{
    board, check, format, game_book, i18n, import, inspect, layout, project, resolve, sl, snapshot,
    suggest, timings,
};
pub use gobook_sgf::{chars, diagnostics, escape, point, sgf, span, xml};

pub use gobook_epub::epub;
#[cfg(feature = "lsp")]
pub use gobook_lsp::lsp;
pub use gobook_markup::markup;
#[cfg(feature = "pdf")]
pub use gobook_pdf::pdf;
pub use gobook_render::render;
#[cfg(feature = "serve")]
pub use gobook_serve::serve;
pub use gobook_site::{search, site};
