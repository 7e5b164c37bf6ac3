//! EPUB 3 e-books: XHTML documents around the page model's blocks, navigation, package, one zip per book language.
//!
//! A crate of gobook's workspace (ARCHITECTURE.md, "Layers"); the `gobook` crate re-exports
//! its module under its own name, so paths are the same on both sides of the crate line.

// Plain safe Rust: the compiler refuses `unsafe` anywhere in the crate.
#![forbid(unsafe_code)]

// The layers below, each under its own name, as `crate::NAME` is in gobook.
use gobook_core::{format, i18n, layout, project, resolve};
use gobook_markup::markup;
use gobook_render::render;
use gobook_sgf::escape;

pub mod epub;
