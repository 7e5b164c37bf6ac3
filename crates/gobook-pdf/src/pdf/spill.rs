//! A PDF held on disk, not in memory: a long book's parts wait there to be joined, and each
//! language's finished PDF waits there for the others (to be written beside them when
//! every language is printed). Held in memory they were a fifth of a 5 MB book's print
//! peak (a 92 MB PDF per language, and its parts' as much again while joined).
//!
//! The file is an anonymous temporary file (`tempfile::tempfile`): the system removes it
//! when it is dropped, or when gobook ends however it ends, and it has no name in any
//! folder the book or its output owns.

use std::fs::File;
use std::io::{BufWriter, Read, Seek, SeekFrom, Write};

/// A PDF's bytes in an anonymous temporary file.
pub struct Spilled {
    file: File,
}

impl Spilled {
    /// `bytes` put on disk.
    pub fn of(bytes: &[u8]) -> Result<Spilled, String> {
        let mut w = SpillWriter::new()?;
        w.write_all(bytes).map_err(|e| why(&e))?;
        w.finish()
    }

    /// Its bytes read back into memory (a part, to be joined).
    pub fn bytes(&mut self) -> Result<Vec<u8>, String> {
        let mut bytes = Vec::new();
        self.file
            .seek(SeekFrom::Start(0))
            .and_then(|_| self.file.read_to_end(&mut bytes))
            .map_err(|e| why(&e))?;
        Ok(bytes)
    }

    /// A reader of its bytes from the start (the PDF copied to its place).
    pub fn reader(mut self) -> Result<File, String> {
        self.file.seek(SeekFrom::Start(0)).map_err(|e| why(&e))?;
        Ok(self.file)
    }
}

/// Bytes written into a [`Spilled`] as they come, counting them (a PDF's objects are
/// placed by their offsets).
pub struct SpillWriter {
    out: BufWriter<File>,
    len: usize,
}

impl SpillWriter {
    /// A new, empty temporary file.
    pub fn new() -> Result<SpillWriter, String> {
        let file = tempfile::tempfile().map_err(|e| why(&e))?;
        Ok(SpillWriter {
            out: BufWriter::with_capacity(1 << 16, file),
            len: 0,
        })
    }

    /// How many bytes were written.
    pub fn len(&self) -> usize {
        self.len
    }

    /// What was written, on disk.
    pub fn finish(self) -> Result<Spilled, String> {
        let file = self.out.into_inner().map_err(|e| why(e.error()))?;
        Ok(Spilled { file })
    }
}

impl Write for SpillWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.out.write(buf)?;
        self.len += n;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

/// Why the temporary file failed, for the author: the system's temporary folder is where.
fn why(e: &std::io::Error) -> String {
    format!(
        "a temporary file in {} failed: {e}; free some space there or set TMPDIR to a folder with room",
        std::env::temp_dir().display()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_come_back_as_written_and_are_counted() {
        let mut w = SpillWriter::new().unwrap();
        assert_eq!(w.len(), 0);
        w.write_all(b"%PDF-1.7\n").unwrap();
        w.write_all(&[0xE2; 100_000]).unwrap();
        assert_eq!(w.len(), 100_009);
        let mut s = w.finish().unwrap();
        let bytes = s.bytes().unwrap();
        assert_eq!(bytes.len(), 100_009);
        assert_eq!(s.bytes().unwrap(), bytes, "read twice, the same");
        let mut again = Vec::new();
        s.reader().unwrap().read_to_end(&mut again).unwrap();
        assert_eq!(again, bytes);
        assert_eq!(Spilled::of(b"abc").unwrap().bytes().unwrap(), b"abc");
    }
}
