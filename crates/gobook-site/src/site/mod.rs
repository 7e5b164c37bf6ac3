//! `gobook build`: the website. Lays out the pages of each language, renders the
//! diagrams in parallel, writes HTML pages around the shared markup of their blocks
//! with the bundled CSS and script, and swaps the finished site in so a failed build
//! never leaves half a site.

pub mod build;
pub mod building;
pub(crate) mod finding;
pub(crate) mod html;
mod kept;
pub(crate) mod nav;
pub mod own_files;
