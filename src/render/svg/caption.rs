//! Caption lines under the board, for standalone files (`gobook svg --caption`).
//! SVG does not wrap text, so lines are wrapped here by an estimate of glyph width.

use crate::escape::push_text;
use crate::render::svg::style;
use std::fmt::Write;

/// Font size of caption text, in user units.
pub(crate) const SIZE: i32 = 14;
/// Distance between caption baselines.
pub(crate) const LINE: i32 = 18;

/// Wraps each line to about `width` user units.
pub(crate) fn wrap(lines: &[String], width: i32) -> Vec<String> {
    let mut out = Vec::new();
    for line in lines {
        let mut cur = String::new();
        let mut cur_w = 0.0f32;
        for word in line.split(' ') {
            let w = text_width(word);
            let space = if cur.is_empty() { 0.0 } else { text_width(" ") };
            if !cur.is_empty() && cur_w + space + w > width as f32 {
                out.push(std::mem::take(&mut cur));
                cur_w = 0.0;
            } else if !cur.is_empty() {
                cur.push(' ');
                cur_w += space;
            }
            cur.push_str(word);
            cur_w += w;
        }
        out.push(cur);
    }
    out
}

/// A rough width: wide (CJK) characters take a full em, others a little over half.
fn text_width(s: &str) -> f32 {
    s.chars()
        .map(|c| if (c as u32) >= 0x2E80 { 1.0 } else { 0.56 })
        .sum::<f32>()
        * SIZE as f32
}

/// The height the wrapped lines need below the board.
pub(crate) fn height(lines: usize) -> i32 {
    if lines == 0 {
        0
    } else {
        lines as i32 * LINE + 8
    }
}

/// Writes the lines centred on `cx`, the first baseline at `top`.
pub(crate) fn write(out: &mut String, cx: i32, top: i32, lines: &[String]) {
    if lines.is_empty() {
        return;
    }
    let _ = write!(out, r#"<g class="{}" font-size="{SIZE}">"#, style::CAPTION);
    for (i, line) in lines.iter().enumerate() {
        let _ = write!(
            out,
            r#"<text x="{cx}" y="{}">"#,
            top + (i as i32 + 1) * LINE
        );
        push_text(out, line);
        out.push_str("</text>");
    }
    out.push_str("</g>");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_long_lines_at_spaces() {
        let long = "12 at 7; 15 at 9; 20: elsewhere; 33 at 21; 40 at 26; 41: takes; 44, 47 at 38"
            .to_string();
        let lines = wrap(&[long], 200);
        assert!(lines.len() > 1);
        assert!(lines
            .iter()
            .all(|l| text_width(l) <= 200.0 || !l.contains(' ')));
        assert_eq!(wrap(&["short".into()], 200), vec!["short".to_string()]);
    }
}
