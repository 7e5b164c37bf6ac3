//! The gobook text format: syntax tree, parser, schema, typed values,
//! validation and the writer. Knows nothing of HTML.

pub(crate) mod answer_tree;
pub mod edit;
pub mod inline;
pub mod links;
pub mod parser;
pub mod reference;
pub mod schema;
pub mod syntax;
pub(crate) mod validate;
pub mod values;
pub mod writer;

pub use parser::{parse, Parsed};
pub use syntax::{Attribute, Document, Element, Span};
