//! How `gobook serve` can fail to start: no runtime, an address it cannot listen on,
//! or a folder it cannot watch. Errors in the book are not among them: those are shown
//! on the pages while the server runs.

/// Why the server could not start (or stopped watching before it began).
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The async runtime could not be made (threads, file handles).
    #[error("cannot start the server: {0}")]
    Runtime(#[source] std::io::Error),
    /// `--host` is neither `localhost` nor an IP address.
    #[error("`{0}` is not an address to listen on; use e.g. 127.0.0.1")]
    Host(String),
    /// The address is taken or not this machine's.
    #[error("cannot listen on {host}:{port}: {source}; try another --port")]
    Listen {
        /// The host as given.
        host: String,
        /// The port as given.
        port: u16,
        /// Why the system refused.
        #[source]
        source: std::io::Error,
    },
    /// The socket listens but cannot say on which address.
    #[error("{0}")]
    Address(#[source] std::io::Error),
    /// The book's folder (or any file: `what` is then `files`) cannot be watched.
    #[error("cannot watch {what}: {source}")]
    Watch {
        /// The folder, or `files` when the watcher itself cannot start.
        what: String,
        /// Why; I/O errors are carried as `notify`'s, which prints them unchanged.
        #[source]
        source: notify::Error,
    },
}
