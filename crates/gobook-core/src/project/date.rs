//! The book's date, the one date gobook writes (the e-book's modification date, the
//! print edition's year and PDF metadata): `SOURCE_DATE_EPOCH` when set, for reproducible
//! builds, else the book file's modification time, never the clock. One function, so the
//! e-book and the PDF of one build can never disagree about it.

use std::path::Path;
use std::time::UNIX_EPOCH;

/// Seconds since 1970 of the book's date: `SOURCE_DATE_EPOCH` when it holds a number,
/// else the modification time of the file `book`, else 0 (a date gobook can always write).
pub fn book_date(book: &Path) -> u64 {
    book_date_from(std::env::var("SOURCE_DATE_EPOCH").ok().as_deref(), book)
}

/// [`book_date`] with the variable's value given, so it is tested without touching the
/// process's environment (which every test thread shares).
fn book_date_from(source_date_epoch: Option<&str>, book: &Path) -> u64 {
    source_date_epoch
        .and_then(|s| s.trim().parse::<u64>().ok())
        .or_else(|| {
            std::fs::metadata(book)
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
                .map(|d| d.as_secs())
        })
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// A book file in a temporary folder whose modification time is `secs`.
    fn book_modified_at(secs: u64) -> (tempfile::TempDir, std::path::PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("b.gobook");
        let file = std::fs::File::create(&path).unwrap();
        file.set_modified(UNIX_EPOCH + Duration::from_secs(secs))
            .unwrap();
        (dir, path)
    }

    #[test]
    fn source_date_epoch_wins_over_the_book_file() {
        let (_dir, book) = book_modified_at(1_600_000_000);
        assert_eq!(book_date_from(Some("1700000000"), &book), 1_700_000_000);
        assert_eq!(book_date_from(Some(" 1700000000\n"), &book), 1_700_000_000);
    }

    #[test]
    fn without_a_usable_variable_the_date_is_the_book_files() {
        let (_dir, book) = book_modified_at(1_600_000_000);
        assert_eq!(book_date_from(None, &book), 1_600_000_000);
        assert_eq!(book_date_from(Some("yesterday"), &book), 1_600_000_000);
        assert_eq!(book_date_from(Some("-5"), &book), 1_600_000_000);
    }

    #[test]
    fn a_book_that_cannot_be_read_dates_from_1970() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(book_date_from(None, &dir.path().join("missing.gobook")), 0);
    }
}
