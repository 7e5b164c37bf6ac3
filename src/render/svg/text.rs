//! Text in the SVG: XML escaping and the sizes that keep labels inside a stone.

/// Appends `s` escaped for XML text and double-quoted attributes.
///
/// Characters XML 1.0 forbids (most control characters, U+FFFE, U+FFFF) are dropped,
/// because no escape makes them legal and the output must always be well-formed.
pub(crate) fn escape_into(out: &mut String, s: &str) {
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => {}
            c => out.push(c),
        }
    }
}

/// Font size (user units) for a label of `chars` characters on a point.
///
/// Up to two characters fill about two thirds of a stone; three need a smaller
/// size to stay inside it, and anything longer is squeezed further.
pub(crate) fn font_size(chars: usize) -> i32 {
    match chars {
        0..=2 => 14,
        3 => 10,
        _ => 8,
    }
}

/// Letter spacing for labels of `chars` characters: tighter for long ones.
pub(crate) fn letter_spacing(chars: usize) -> Option<&'static str> {
    (chars >= 3).then_some("-.5")
}

/// How far below the point centre the baseline goes so the text looks centred.
///
/// Digits and capitals are about 0.72 em tall; lowercase letters only about 0.52 em,
/// so all-lowercase text sits a little higher.
pub(crate) fn baseline_offset(text: &str, size: i32) -> i32 {
    let lower = !text.is_empty() && text.chars().all(|c| c.is_lowercase());
    let ratio = if lower { 0.27 } else { 0.36 };
    (size as f32 * ratio).round() as i32
}

/// Number of characters a label is drawn with.
pub(crate) fn char_count(text: &str) -> usize {
    text.chars().count()
}
