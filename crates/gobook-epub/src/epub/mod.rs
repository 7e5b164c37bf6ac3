//! `gobook build --epub`: one EPUB 3 per book language. The chapters are the site's
//! chapter bodies (same resolved text, captions and inline SVG diagrams) made into
//! XHTML, with a navigation document, a package document, a cover and the theme's CSS,
//! packed into a deterministic OCF container.

pub mod build;
pub(crate) mod cover;
pub mod names;
pub(crate) mod nav;
pub(crate) mod ocf;
pub(crate) mod package;
pub(crate) mod solutions;
pub(crate) mod xhtml;
