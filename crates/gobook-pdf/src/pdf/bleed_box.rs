//! The BleedBox of a PDF with crop marks. typst puts everything outside the trim in its
//! page's bleed, and the crop marks with their paper outside the bleed (`pdf_bleed`), so
//! its MediaBox reaches past the bleed asked for; typst writes the TrimBox but no
//! BleedBox, which readers then take as the whole MediaBox (a prepress tool read 12 mm of
//! bleed where 3 were asked). Each page gets its BleedBox, the trim widened by the bleed,
//! in an incremental update appended to typst's file: the file's bytes stay as typst
//! wrote them (its tags, fonts and metadata untouched), and only the pages are rewritten.

use super::spill::{SpillWriter, Spilled};
use lopdf::{Document, Object};
use std::io::Write;

/// Points in a millimetre.
const PT_PER_MM: f64 = 72.0 / 25.4;

/// `pdf` with each page's BleedBox its TrimBox widened by `bleed_mm` on every side.
pub fn with_bleed_box(mut pdf: Spilled, bleed_mm: f64) -> Result<Spilled, String> {
    let bytes = pdf.bytes()?;
    let doc = Document::load_mem(&bytes).map_err(|e| format!("reading the PDF: {e}"))?;
    let prev = last_xref(&bytes).ok_or("the PDF has no startxref")?;
    let mut out = SpillWriter::new()?;
    let io = |e: std::io::Error| e.to_string();
    out.write_all(&bytes).map_err(io)?;
    if !bytes.ends_with(b"\n") {
        out.write_all(b"\n").map_err(io)?;
    }
    let bleed = bleed_mm * PT_PER_MM;
    let mut offsets = Vec::new();
    for id in doc.get_pages().into_values() {
        let mut page = doc.get_dictionary(id).map_err(|e| e.to_string())?.clone();
        let Some(trim) = page.get(b"TrimBox").ok().and_then(numbers) else {
            continue;
        };
        let widened = [
            trim[0] - bleed,
            trim[1] - bleed,
            trim[2] + bleed,
            trim[3] + bleed,
        ];
        page.set(
            "BleedBox",
            Object::Array(widened.iter().map(|&v| Object::Real(v as f32)).collect()),
        );
        offsets.push((id, out.len()));
        writeln!(out, "{} {} obj", id.0, id.1).map_err(io)?;
        lopdf::Writer::write_object(&mut out, &Object::Dictionary(page)).map_err(io)?;
        out.write_all(b"\nendobj\n").map_err(io)?;
    }
    let start = out.len();
    out.write_all(b"xref\n").map_err(io)?;
    for (id, offset) in &offsets {
        write!(out, "{} 1\n{offset:010} {:05} n\r\n", id.0, id.1).map_err(io)?;
    }
    let mut trailer = doc.trailer.clone();
    super::join::table_trailer(&mut trailer);
    trailer.set("Prev", Object::Integer(prev as i64));
    trailer.set("Size", Object::Integer(i64::from(doc.max_id) + 1));
    out.write_all(b"trailer\n").map_err(io)?;
    lopdf::Writer::write_object(&mut out, &Object::Dictionary(trailer)).map_err(io)?;
    write!(out, "\nstartxref\n{start}\n%%EOF\n").map_err(io)?;
    out.finish()
}

/// The four numbers of a box.
fn numbers(o: &Object) -> Option<[f64; 4]> {
    let a = o.as_array().ok()?;
    let v: Vec<f64> = a
        .iter()
        .filter_map(|n| n.as_float().ok().map(f64::from))
        .collect();
    (v.len() == 4).then(|| [v[0], v[1], v[2], v[3]])
}

/// Where the file's last cross-reference section starts: the number after its last
/// `startxref`.
fn last_xref(bytes: &[u8]) -> Option<usize> {
    let key = b"startxref";
    let at = bytes.windows(key.len()).rposition(|w| w == key)? + key.len();
    let digits: String = bytes[at..]
        .iter()
        .map(|&b| b as char)
        .skip_while(|c| c.is_ascii_whitespace())
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_startxref_is_the_one_read() {
        assert_eq!(
            last_xref(b"x\nstartxref\n12\n%%EOF\nstartxref\r\n345\n%%EOF\n"),
            Some(345)
        );
        assert_eq!(last_xref(b"no such thing"), None);
    }
}
