//! How the book's folder can fail a command: a file that cannot be read or written,
//! an output folder a build may not replace, a setting or a style sheet that is wrong.
//! Each message names the place and says what to do next.

use std::path::{Path, PathBuf};

/// A problem with the book's folder, its settings or the output folder.
#[derive(Debug, thiserror::Error)]
pub enum ProjectError {
    /// A file or folder could not be read, written, made or moved.
    #[error("cannot {action} {}: {source}", path.display())]
    Io {
        /// What gobook was doing: `read`, `write`, `create`, ...
        action: &'static str,
        /// The file or folder.
        path: PathBuf,
        /// Why the system refused.
        #[source]
        source: std::io::Error,
    },
    /// The output place would destroy what gobook does not own; the message says what to choose instead.
    #[error("{0}")]
    Output(String),
    /// `gobook.toml` does not parse or names something it may not.
    #[error("{0}")]
    Settings(String),
    /// The theme or an extra style sheet is missing, outside the book, or not valid CSS
    /// (then as `FILE:LINE:COL: CSS error: ...`).
    #[error("{0}")]
    Style(String),
}

/// A function that makes an I/O error about `path` into a [`ProjectError`], for `map_err`.
pub fn io(action: &'static str, path: &Path) -> impl FnOnce(std::io::Error) -> ProjectError {
    let path = path.to_path_buf();
    move |source| ProjectError::Io {
        action,
        path,
        source,
    }
}
