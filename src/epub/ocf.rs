//! The EPUB container (OCF): a ZIP file whose first entry is the uncompressed
//! `mimetype`, then `META-INF/container.xml` pointing at the package document, then
//! the publication's files, deflated. Every entry carries the same fixed timestamp
//! (the ZIP epoch, 1980-01-01) so the same book always gives the same bytes.

use std::io::{Cursor, Write};
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipWriter};

/// Where the package document lives inside the container.
pub const PACKAGE_PATH: &str = "OEBPS/content.opf";

const CONTAINER_XML: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<container version=\"1.0\" xmlns=\"urn:oasis:names:tc:opendocument:xmlns:container\">\n<rootfiles>\n<rootfile full-path=\"OEBPS/content.opf\" media-type=\"application/oebps-package+xml\"/>\n</rootfiles>\n</container>\n";

/// Packs `files` (paths inside the container, contents) into an EPUB file's bytes.
pub fn pack(files: &[(String, Vec<u8>)]) -> Result<Vec<u8>, String> {
    let err = |e: zip::result::ZipError| format!("cannot write the EPUB container: {e}");
    let io = |e: std::io::Error| format!("cannot write the EPUB container: {e}");
    let mut z = ZipWriter::new(Cursor::new(Vec::new()));
    let stored = SimpleFileOptions::default().compression_method(CompressionMethod::Stored);
    let deflated = SimpleFileOptions::default().compression_method(CompressionMethod::Deflated);
    z.start_file("mimetype", stored).map_err(err)?;
    z.write_all(b"application/epub+zip").map_err(io)?;
    z.start_file("META-INF/container.xml", deflated).map_err(err)?;
    z.write_all(CONTAINER_XML.as_bytes()).map_err(io)?;
    for (path, bytes) in files {
        // Already compressed images gain nothing from deflate.
        let opts = if path.ends_with(".png") || path.ends_with(".jpg") || path.ends_with(".jpeg") || path.ends_with(".gif") || path.ends_with(".webp") {
            stored
        } else {
            deflated
        };
        z.start_file(path.as_str(), opts).map_err(err)?;
        z.write_all(bytes).map_err(io)?;
    }
    Ok(z.finish().map_err(err)?.into_inner())
}
