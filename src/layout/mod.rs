//! Between the resolved book and the writers: what the site and the e-books show,
//! worked out once from the book. Today that is each diagram as the board renderer
//! draws it; the page model will grow here. Knows books, not HTML or SVG.

pub mod diagram;
