//! Reading a user's file, the one way every command does it (the book, its includes,
//! `gobook.toml`, style sheets, images, SGF and XML games, the files of an
//! `import --problems` folder): only a regular file, and only up to [`LIMIT`] bytes.
//! A named pipe, a device or a socket would block a read forever or never end, so it is
//! refused before a byte is read.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

/// The largest file gobook reads: far beyond any book, game or picture, yet small
/// enough that a mistaken path (a disk image, a log) fails at once rather than filling memory.
pub const LIMIT: u64 = 64 << 20;

/// The limit as the messages say it.
const LIMIT_TEXT: &str = "64 MiB";

/// Reads the whole regular file at `path` (following symbolic links), at most [`LIMIT`] bytes.
/// The read is recorded (`project::reads`), and so is a file that is not there.
pub fn read(path: &Path) -> io::Result<Vec<u8>> {
    match read_whole(path) {
        Ok((bytes, meta)) => {
            crate::project::reads::read_whole(path, &meta, &bytes);
            Ok(bytes)
        }
        Err(e) => {
            crate::project::reads::looked_at(path);
            Err(e)
        }
    }
}

/// [`read`] without recording: for looking again at what a build read.
pub fn read_unrecorded(path: &Path) -> io::Result<Vec<u8>> {
    read_whole(path).map(|(bytes, _)| bytes)
}

fn read_whole(path: &Path) -> io::Result<(Vec<u8>, std::fs::Metadata)> {
    let (file, meta) = open(path)?;
    if meta.len() > LIMIT {
        return Err(too_large());
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    // A file that grows while it is read is held to the limit too.
    file.take(LIMIT + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > LIMIT {
        return Err(too_large());
    }
    Ok((bytes, meta))
}

/// Whether `path` is a file (following symbolic links), recorded as looked at, so that a
/// file created or removed there changes the build's record.
pub fn is_file(path: &Path) -> bool {
    crate::project::reads::looked_at(path);
    path.is_file()
}

/// Reads the regular file at `path` as UTF-8 text, as [`read`] does.
pub fn read_text(path: &Path) -> io::Result<String> {
    String::from_utf8(read(path)?).map_err(|e| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "it is not UTF-8 text (at byte {}); save it as UTF-8",
                e.utf8_error().valid_up_to()
            ),
        )
    })
}

/// The first `n` bytes of the regular file at `path` (fewer when it is shorter), recorded
/// as looked at (by size and modification time).
pub fn read_head(path: &Path, n: u64) -> io::Result<Vec<u8>> {
    crate::project::reads::looked_at(path);
    let (file, _) = open(path)?;
    let mut bytes = Vec::new();
    file.take(n).read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// Opens `path` for reading without waiting on a named pipe, and keeps it only if the
/// opened file is a regular one (asked of the open file, so nothing can be swapped in
/// between the look and the read); gives its metadata too.
fn open(path: &Path) -> io::Result<(File, std::fs::Metadata)> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    // Opening a named pipe for reading waits for a writer; without blocking it does not.
    // Reads from a regular file are not affected by the flag.
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "it is {}, not a regular file; gobook reads only regular files, so name one",
                what_it_is(&meta.file_type())
            ),
        ));
    }
    Ok((file, meta))
}

/// What a file that is not a regular file is, for the message.
fn what_it_is(t: &std::fs::FileType) -> &'static str {
    if t.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_block_device() || t.is_char_device() {
            return "a device";
        }
    }
    "a special file"
}

fn too_large() -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("it is larger than {LIMIT_TEXT}, the most gobook reads from one file; check that the path names the file you mean"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_regular_files_and_refuses_folders_and_devices() {
        let t = tempfile::tempdir().unwrap();
        let f = t.path().join("a.txt");
        std::fs::write(&f, "hello").unwrap();
        assert_eq!(read(&f).unwrap(), b"hello");
        assert_eq!(read_text(&f).unwrap(), "hello");
        assert_eq!(read_head(&f, 2).unwrap(), b"he");
        let e = read(t.path()).unwrap_err().to_string();
        assert!(e.contains("a folder, not a regular file"), "{e}");
        #[cfg(unix)]
        {
            let e = read(Path::new("/dev/zero")).unwrap_err().to_string();
            assert!(e.contains("a device, not a regular file"), "{e}");
        }
    }

    #[test]
    fn text_must_be_utf8() {
        let t = tempfile::tempdir().unwrap();
        let f = t.path().join("a.txt");
        std::fs::write(&f, b"ab\xFF").unwrap();
        assert!(read_text(&f).unwrap_err().to_string().contains("byte 2"));
    }
}
