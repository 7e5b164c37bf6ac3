//! What a PDF is when typst's checks refuse the standards gobook asks for: tagged and
//! accessible (PDF/A-2a with PDF/UA-1), else archival (PDF/A-2b), else a plain PDF. A
//! book the check passes always prints: what only a standard refuses (a string over
//! PDF/A's 32,767 bytes, as a word longer than a whole line makes) costs the standard,
//! with a warning saying why, never the PDF.

use typst_pdf::PdfStandard;

/// The PDF when the tagged export was refused for `why`: archival (PDF/A-2b), else
/// plain; with what to tell the author after "NAME.pdf is ".
pub fn archival_else_plain(
    export: impl Fn(&[PdfStandard]) -> Result<Vec<u8>, String>,
    why: String,
) -> Result<(Vec<u8>, String), String> {
    match export(&[PdfStandard::A_2b]) {
        Ok(bytes) => Ok((bytes, archival(&why))),
        Err(archival_why) => export(&[]).map(|bytes| (bytes, plain(&why, &archival_why))),
    }
}

/// An archival PDF not tagged because of `why`.
pub fn archival(why: &str) -> String {
    format!(
        "archival (PDF/A-2b) but not tagged for readers who use assistive technology (PDF/UA-1): {why}; mend that in the book to have it tagged"
    )
}

/// A plain PDF: not tagged because of `why`, not archival because of `archival_why`.
pub fn plain(why: &str, archival_why: &str) -> String {
    let hint = if archival_why.contains("string is longer") {
        "a word longer than a line makes such a string: break it with spaces"
    } else {
        "mend that in the book"
    };
    format!(
        "a plain PDF, neither archival (PDF/A-2b: {archival_why}) nor tagged for readers who use assistive technology (PDF/UA-1: {why}); \
         {hint} to have it archival and tagged"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refused_as_archival_too_the_pdf_is_plain_and_says_why() {
        let refusing = |s: &[PdfStandard]| {
            if s.is_empty() {
                Ok(b"%PDF".to_vec())
            } else {
                Err("a PDF string is longer than 32767 characters".to_string())
            }
        };
        let (bytes, said) = archival_else_plain(refusing, "tags".into()).unwrap();
        assert_eq!(bytes, b"%PDF");
        assert!(
            said.starts_with("a plain PDF") && said.contains("32767"),
            "{said}"
        );
        let (_, said) = archival_else_plain(|_| Ok(Vec::new()), "tags".into()).unwrap();
        assert!(said.starts_with("archival (PDF/A-2b)"), "{said}");
    }
}
