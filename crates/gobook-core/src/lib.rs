//! The core of gobook, between the text and the writers: every word it prints
//! ([`i18n`]), the gobook format ([`format`]) and Sensei's Library diagrams ([`sl`]),
//! the Go rules ([`board`]), what a book means ([`resolve`], run with the diagnostics
//! sorted by [`check`]), games and the book's folder ([`import`], [`inspect`],
//! [`project`], [`snapshot`], [`game_book`]) and the page model every edition is
//! written from ([`layout`]). The `gobook` crate re-exports each module under its own
//! name (`gobook::layout`), so the paths are the same on both sides of the crate line.
//!
//! Nothing here knows of SVG, HTML or any writer: this crate does not depend on them,
//! so the compiler keeps the layer order ARCHITECTURE.md gives.

// Plain safe Rust: the compiler refuses `unsafe` anywhere in the crate.
#![forbid(unsafe_code)]

// The layers below live in crates/gobook-sgf; each module keeps its path here too.
pub use gobook_sgf::{chars, diagnostics, escape, point, sgf, span, xml};

pub mod board;
pub mod check;
pub mod format;
pub mod game_book;
pub mod i18n;
pub mod import;
pub mod inspect;
pub mod layout;
pub mod project;
pub mod resolve;
pub mod sl;
pub mod snapshot;
pub mod suggest;
pub mod timings;
