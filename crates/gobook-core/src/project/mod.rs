//! The book as a folder on disk, shared by every writer: its settings (`gobook.toml`),
//! the files it may read (confined to its folder, regular files of a bounded size, images
//! that are what their names say) and the record of what a build read, its includes,
//! theme and script, the output folder a build owns, and what a build is given and
//! how it fails. Knows files and books, not pages or markup.

pub mod aside;
pub mod build;
pub mod config;
pub mod confine;
pub mod date;
pub mod editions;
pub mod error;
pub mod files;
pub mod games;
pub mod images;
pub mod includes;
pub mod output;
#[cfg(feature = "pdf")]
pub(crate) mod printable;
pub mod read;
pub mod reads;
pub mod script;
pub mod taken;
pub mod theme;
// Under `css` too in tests, which hold its output to lightningcss's bundle.
#[cfg(any(test, not(feature = "css")))]
mod theme_join;
