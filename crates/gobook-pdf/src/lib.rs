//! PDFs for print: the page model's blocks as typst markup, typeset by the embedded typst, the boards drawn as typst shapes.
//!
//! A crate of gobook's workspace (ARCHITECTURE.md, "Layers"); the `gobook` crate re-exports
//! its module under its own name, so paths are the same on both sides of the crate line.

// Plain safe Rust: the compiler refuses `unsafe` anywhere in the crate.
#![forbid(unsafe_code)]

// The layers below, each under its own name, as `crate::NAME` is in gobook.
use gobook_core::{board, check, format, i18n, layout, project, resolve, timings};
use gobook_markup::markup;
use gobook_render::render;
use gobook_sgf::{chars, diagnostics, point, span};

pub mod pdf;
