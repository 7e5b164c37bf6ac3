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

// The bottom layers live in crates/gobook-sgf; each module keeps its path here.
pub use gobook_sgf::{chars, diagnostics, escape, point, sgf, span, xml};

pub mod board;
pub mod check;
pub mod epub;
pub mod format;
pub mod game_book;
pub mod i18n;
pub mod import;
pub mod inspect;
pub mod layout;
#[cfg(feature = "lsp")]
pub mod lsp;
pub mod markup;
#[cfg(feature = "pdf")]
pub mod pdf;
pub mod project;
pub mod render;
pub mod resolve;
pub mod search;
#[cfg(feature = "serve")]
pub mod serve;
pub mod site;
pub mod sl;
pub mod snapshot;
pub mod suggest;
pub mod timings;
