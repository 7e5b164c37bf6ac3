//! The previews the language server started: one `gobook serve --port 0` per book, started
//! the first time "Edit on the board" is run on it and kept while the server runs, so a
//! second action opens the same preview (the browser focuses its tab, or opens one more).
//! The serve's address is read from its first line ("Serving BOOK at URL"); its later
//! output goes to the server's standard error, which editors keep as the server's log.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// How long a preview may take to listen: its first build comes before (a 5 MB book builds
/// in seconds).
const START: Duration = Duration::from_secs(120);

/// The running previews, by book.
pub struct Previews {
    program: PathBuf,
    running: HashMap<PathBuf, Preview>,
}

struct Preview {
    child: Child,
    url: String,
}

impl Previews {
    /// Previews started with `program` (the `gobook` binary).
    pub fn new(program: PathBuf) -> Previews {
        Previews {
            program,
            running: HashMap::new(),
        }
    }

    /// Previews started with the running `gobook` itself.
    pub fn of_this_program() -> Previews {
        Previews::new(std::env::current_exe().unwrap_or_else(|_| "gobook".into()))
    }

    /// The address of `book`'s preview (ending in `/`), started now if none runs.
    pub fn url(&mut self, book: &Path) -> Result<String, String> {
        if let Some(p) = self.running.get_mut(book) {
            if matches!(p.child.try_wait(), Ok(None)) {
                return Ok(p.url.clone());
            }
            self.running.remove(book);
        }
        let p = start(&self.program, book)?;
        let url = p.url.clone();
        self.running.insert(book.to_path_buf(), p);
        Ok(url)
    }
}

impl Drop for Previews {
    /// A preview ends with the server that started it.
    fn drop(&mut self) {
        for p in self.running.values_mut() {
            let _ = p.child.kill();
            let _ = p.child.wait();
        }
    }
}

/// Starts `program serve --port 0 BOOK` and waits for its address.
fn start(program: &Path, book: &Path) -> Result<Preview, String> {
    let mut child = Command::new(program)
        .args(["serve", "--port", "0"])
        .arg(book)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start `{} serve`: {e}", program.display()))?;
    let stderr = child.stderr.take().ok_or("no output from `gobook serve`")?;
    let (tx, rx) = std::sync::mpsc::channel();
    // The preview's output is read for ever (a full pipe would stop it): the first address
    // it names is handed back, the rest passed on to the server's standard error.
    std::thread::spawn(move || {
        let mut tx = Some(tx);
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            match (tx.take(), address(&line)) {
                (Some(t), Some(url)) => {
                    let _ = t.send(url);
                }
                (t, _) => {
                    tx = t;
                    let _ = writeln!(std::io::stderr(), "gobook serve: {line}");
                }
            }
        }
    });
    match rx.recv_timeout(START) {
        Ok(url) => Ok(Preview { child, url }),
        Err(_) => {
            let _ = child.kill();
            let status = child.wait().map(|s| s.to_string()).unwrap_or_default();
            Err(format!(
                "`gobook serve {}` did not start ({status}); its messages are in the language server's log",
                book.display()
            ))
        }
    }
}

/// The address in serve's "Serving BOOK at http://127.0.0.1:PORT/ (Ctrl-C to stop)".
fn address(line: &str) -> Option<String> {
    let rest = &line[line.find(" at http://")? + 4..];
    let url = rest.split_whitespace().next()?;
    Some(if url.ends_with('/') {
        url.to_string()
    } else {
        format!("{url}/")
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_address_is_read_from_serve_s_first_line() {
        assert_eq!(
            super::address("Serving /b/my book.gobook at http://127.0.0.1:41234/ (Ctrl-C to stop)")
                .as_deref(),
            Some("http://127.0.0.1:41234/")
        );
        assert_eq!(super::address("Built in 3 ms"), None);
    }
}
