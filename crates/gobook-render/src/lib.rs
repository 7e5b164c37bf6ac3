//! Go diagrams drawn: a `BoardDiagram` as SVG (and PNG, feature `png`). It knows nothing of books: it sees only points, the drawn board and the escaper.
//!
//! A crate of gobook's workspace (ARCHITECTURE.md, "Layers"); the `gobook` crate re-exports
//! its module under its own name, so paths are the same on both sides of the crate line.

// Plain safe Rust: the compiler refuses `unsafe` anywhere in the crate.
#![forbid(unsafe_code)]

// The layers below, each under its own name, as `crate::NAME` is in gobook.
use gobook_core::board;
use gobook_sgf::{escape, point};

pub mod render;
