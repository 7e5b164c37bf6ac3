//! Renderers: turn plain diagram data into output formats. They know nothing of books or pages.

pub mod board;
pub mod svg;
