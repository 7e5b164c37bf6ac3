//! gobook turns Go books written in the gobook format into websites and e-books.
//!
//! The crate follows the data: [`format`] reads and writes gobook files,
//! and each later stage (resolve, render, write) has a module of its own.

pub mod point;
pub mod sgf;
pub mod xml;
