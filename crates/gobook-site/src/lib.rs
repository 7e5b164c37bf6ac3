//! The website: HTML pages around the page model's blocks, the theme, the search index, written into a fresh folder swapped in.
//!
//! A crate of gobook's workspace (ARCHITECTURE.md, "Layers"); the `gobook` crate re-exports
//! its module under its own name, so paths are the same on both sides of the crate line.

// Plain safe Rust: the compiler refuses `unsafe` anywhere in the crate.
#![forbid(unsafe_code)]

// The layers below, each under its own name, as `crate::NAME` is in gobook.
// The unit tests check the books they lay out.
#[cfg(test)]
use gobook_core::check;
use gobook_core::{format, i18n, layout, project, resolve, timings};
use gobook_markup::markup;
use gobook_render::render;
use gobook_sgf::{escape, point};

pub mod search;
pub mod site;
