//! The ground gobook stands on, and the game formats it reads: places in source text
//! ([`span`]), the characters no written file may hold ([`chars`]), diagnostics with
//! their codes ([`diagnostics`]), board points and colours ([`point`]), the one XML and
//! HTML escaper ([`escape`]), SGF FF[1]-FF[4] read, repaired and written ([`sgf`]) and
//! the XML Go format ([`xml`]). The `gobook` crate re-exports each module under its own
//! name (`gobook::sgf`), so the paths are the same on both sides of the crate line.
//!
//! Nothing here knows of books, pages or output formats: this crate does not depend on
//! gobook, so the compiler keeps the layer order ARCHITECTURE.md gives.

// Plain safe Rust: the compiler refuses `unsafe` anywhere in the crate.
#![forbid(unsafe_code)]

pub mod chars;
pub mod diagnostics;
pub mod escape;
pub mod point;
pub mod sgf;
pub mod span;
pub mod xml;
