//! Renderers: turn plain diagram data ([`crate::board::diagram`]) into output formats.
//! They know nothing of books or pages; `layout` turns a book's diagram into their input.

#[cfg(feature = "png")]
pub mod png;
pub mod svg;
