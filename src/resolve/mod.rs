//! Resolution: from the syntax tree to what the book means (bases, positions,
//! numbering, languages). This stage knows the spec's rules, not its syntax.

pub mod links;
