//! `gobook lsp`: the language server for authors' editors, over the checked book.
//!
//! A crate of gobook's workspace (ARCHITECTURE.md, "Layers"); the `gobook` crate re-exports
//! its module under its own name, so paths are the same on both sides of the crate line.

// Plain safe Rust: the compiler refuses `unsafe` anywhere in the crate.
#![forbid(unsafe_code)]

// The layers below, each under its own name, as `crate::NAME` is in gobook.
use gobook_core::{check, format, i18n, layout, project, resolve};
use gobook_render::render;
use gobook_sgf::{diagnostics, escape, point, span};

pub mod lsp;
