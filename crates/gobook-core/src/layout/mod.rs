//! Between the resolved book and the writers: what the site and the e-books show,
//! worked out once from the book. The pages of each language and where every element
//! is found (`plan`), where links lead (`links`), each chapter as the blocks a reader
//! meets (`page`) with one rule for its headings' levels (`headings`), an included Markdown file as the document every writer writes
//! (`markdown`), problems' answers (`answers`) and each diagram as the board renderer
//! draws it (`diagram`). Knows books, not HTML or SVG.

pub mod answers;
pub mod book;
pub mod cache;
pub mod diagram;
pub mod headings;
pub mod links;
pub mod markdown;
pub mod page;
pub mod plan;
pub mod reads;
pub mod sizing;
pub mod writer;
