//! The XML Go format.
