//! `gobook serve`: watch what the last build read, rebuild in memory with caches, serve the site with live reload and the board editor.
//!
//! A crate of gobook's workspace (ARCHITECTURE.md, "Layers"); the `gobook` crate re-exports
//! its module under its own name, so paths are the same on both sides of the crate line.

// Plain safe Rust: the compiler refuses `unsafe` anywhere in the crate.
#![forbid(unsafe_code)]

// The layers below, each under its own name, as `crate::NAME` is in gobook.
use gobook_core::{check, format, game_book, i18n, layout, project, resolve, timings};
use gobook_sgf::{diagnostics, escape, point};
use gobook_site::site;

pub mod serve;
