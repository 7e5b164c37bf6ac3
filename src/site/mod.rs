//! `gobook build`: the website. Plans the pages of each language, renders the
//! diagrams in parallel, writes HTML and the bundled CSS, and swaps the finished
//! site in so a failed build never leaves half a site.

pub mod build;
pub mod config;
pub mod confine;
pub mod files;
pub mod html;
pub mod includes;
pub mod inputs;
pub mod interactive;
pub mod output;
pub mod pages;
pub mod rich;
pub mod script;
pub mod theme;
