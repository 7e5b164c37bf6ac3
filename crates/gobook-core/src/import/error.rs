//! How making a book from a game can fail: a board gobook cannot show, or (a bug) a
//! written book that does not parse. Problems one game of a folder has become notes instead.

use crate::point::MAX_SIZE;

/// Why a game or a problem set could not become a book.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// The board's size is outside what gobook draws.
    #[error("the board is {0}x{0}; gobook shows boards from 2x2 to {MAX_SIZE}x{MAX_SIZE}")]
    BoardSize(u8),
    /// The book text gobook wrote does not parse: a bug, reported rather than a panic.
    /// Holds the first syntax error's message, when there is one.
    #[error("internal: the book written has syntax errors: {0:?}")]
    Internal(Option<String>),
}
