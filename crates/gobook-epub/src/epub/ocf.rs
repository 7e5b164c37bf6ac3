//! The EPUB container (OCF): a ZIP file whose first entry is the uncompressed
//! `mimetype`, then `META-INF/container.xml` pointing at the package document, then
//! the publication's files, deflated. Every entry carries the same fixed timestamp
//! (the ZIP epoch, 1980-01-01) so the same book always gives the same bytes.

use std::io::{Cursor, Write};
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipArchive, ZipWriter};

/// Where the package document lives inside the container.
pub const PACKAGE_PATH: &str = "OEBPS/content.opf";

const CONTAINER_XML: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<container version=\"1.0\" xmlns=\"urn:oasis:names:tc:opendocument:xmlns:container\">\n<rootfiles>\n<rootfile full-path=\"OEBPS/content.opf\" media-type=\"application/oebps-package+xml\"/>\n</rootfiles>\n</container>\n";

/// Why the container could not be written; both come from writing into memory, so in
/// practice only from running out of it.
#[derive(Debug, thiserror::Error)]
pub enum OcfError {
    /// The ZIP writer refused an entry.
    #[error("cannot write the EPUB container: {0}")]
    Zip(#[from] zip::result::ZipError),
    /// An entry's bytes could not be written.
    #[error("cannot write the EPUB container: {0}")]
    Io(#[from] std::io::Error),
}

/// What a file of the container holds.
pub enum Content {
    /// Its bytes, compressed by [`pack`].
    Bytes(Vec<u8>),
    /// Its bytes already deflated: the `n`th file added to a [`Deflated`].
    Deflated(usize),
}

/// Files deflated as soon as they are made. A book's chapters as text are most of what
/// an e-book build would hold (hundreds of megabytes for a large book); deflated, a
/// fraction. [`pack`] copies them into the container as they are, in their place.
pub struct Deflated {
    zip: ZipWriter<Cursor<Vec<u8>>>,
    count: usize,
}

impl Default for Deflated {
    fn default() -> Self {
        Deflated {
            zip: ZipWriter::new(Cursor::new(Vec::new())),
            count: 0,
        }
    }
}

impl Deflated {
    /// Deflates `bytes`, the file at `path` in the container, as [`pack`] would.
    pub fn add(&mut self, path: &str, bytes: &[u8]) -> Result<Content, OcfError> {
        self.zip.start_file(path, options(path))?;
        self.zip.write_all(bytes)?;
        self.count += 1;
        Ok(Content::Deflated(self.count - 1))
    }
}

/// How a file is stored: already compressed images gain nothing from deflate.
fn options(path: &str) -> SimpleFileOptions {
    let stored = path.ends_with(".png")
        || path.ends_with(".jpg")
        || path.ends_with(".jpeg")
        || path.ends_with(".gif")
        || path.ends_with(".webp");
    SimpleFileOptions::default().compression_method(if stored {
        CompressionMethod::Stored
    } else {
        CompressionMethod::Deflated
    })
}

/// Packs `files` (paths inside the container, contents; `deflated` holds those already
/// deflated) into an EPUB file's bytes.
pub fn pack(files: &[(String, Content)], deflated: Deflated) -> Result<Vec<u8>, OcfError> {
    let mut made = ZipArchive::new(deflated.zip.finish()?)?;
    let mut z = ZipWriter::new(Cursor::new(Vec::new()));
    z.start_file(
        "mimetype",
        SimpleFileOptions::default().compression_method(CompressionMethod::Stored),
    )?;
    z.write_all(b"application/epub+zip")?;
    z.start_file("META-INF/container.xml", options("container.xml"))?;
    z.write_all(CONTAINER_XML.as_bytes())?;
    for (path, content) in files {
        match content {
            Content::Bytes(bytes) => {
                z.start_file(path.as_str(), options(path))?;
                z.write_all(bytes)?;
            }
            Content::Deflated(n) => {
                let file = made.by_index_raw(*n)?;
                z.raw_copy_file_rename(file, path)?;
            }
        }
    }
    Ok(z.finish()?.into_inner())
}
