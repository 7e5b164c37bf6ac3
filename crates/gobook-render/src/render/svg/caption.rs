//! Caption lines under the board, for standalone files (`gobook svg --caption`).
//! SVG does not wrap text, so lines are wrapped here by an estimate of glyph width.
//! They sit on a band of their own colour, so they stay legible on any page: a file
//! shown as `<img>` on a dark blog has no say over the page behind it.

use crate::render::svg::drawing::{Attrs, Group, Item, Text};
use crate::render::svg::style;

/// Font size of caption text under a wide board, in user units.
pub(crate) const SIZE: i32 = 14;
/// The smallest font size, for the narrowest boards.
const MIN_SIZE: i32 = 10;

/// The font size for a board `width` user units wide: 14 under a whole 19x19 board, smaller
/// under a narrow one (a corner, a 9x9), where 14 would be huge beside the stones and
/// would break the caption's phrases over many lines.
pub(crate) fn font_size(width: i32) -> i32 {
    (width / 20).clamp(MIN_SIZE, SIZE)
}

/// Distance between caption baselines for font `size`.
fn line_height(size: i32) -> i32 {
    (size * 9 + 3) / 7
}

/// Wraps each line to about `width` user units. Lines break between phrases (after `;`,
/// `:` or `,`, as in "12 at 7; 15 at 9") and only inside a phrase too long for a line of
/// its own, so "15 at 9" is never torn apart.
pub(crate) fn wrap(lines: &[String], width: i32, size: i32) -> Vec<String> {
    let width = width as f32;
    let text_width = |s: &str| text_width(s, size);
    let mut out = Vec::new();
    for line in lines {
        let mut cur = String::new();
        for phrase in phrases(line) {
            let joined = if cur.is_empty() {
                phrase.to_string()
            } else {
                format!("{cur} {phrase}")
            };
            if text_width(&joined) <= width {
                cur = joined;
                continue;
            }
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            if text_width(phrase) <= width {
                cur = phrase.to_string();
                continue;
            }
            // A phrase wider than a line: by words, as a last resort.
            for word in phrase.split(' ') {
                if !cur.is_empty() && text_width(&format!("{cur} {word}")) > width {
                    out.push(std::mem::take(&mut cur));
                }
                if !cur.is_empty() {
                    cur.push(' ');
                }
                cur.push_str(word);
            }
        }
        out.push(cur);
    }
    out
}

/// The phrases of a line: pieces ending in `;`, `:` or `,` before a space, the separator kept.
fn phrases(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let bytes = line.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        if matches!(b, b';' | b':' | b',') && bytes.get(i + 1) == Some(&b' ') {
            out.push(&line[start..=i]);
            start = i + 2;
        }
    }
    out.push(&line[start..]);
    out.retain(|p| !p.is_empty());
    out
}

/// A rough width: wide (CJK) characters take a full em, others a little over half.
fn text_width(s: &str, size: i32) -> f32 {
    s.chars()
        .map(|c| if (c as u32) >= 0x2E80 { 1.0 } else { 0.56 })
        .sum::<f32>()
        * size as f32
}

/// The height the wrapped lines need below the board.
pub(crate) fn height(lines: usize, size: i32) -> i32 {
    if lines == 0 {
        0
    } else {
        lines as i32 * line_height(size) + 8
    }
}

/// Adds the band from `x` to `x + w` and the lines centred on it, the band's top at `top`.
pub(crate) fn write(out: &mut Vec<Item>, x: i32, w: i32, top: i32, lines: &[String], size: i32) {
    if lines.is_empty() {
        return;
    }
    out.push(Item::Rect {
        class: style::CAPTION_BAND,
        rect: [x, top, w, height(lines.len(), size)],
    });
    let cx = x + w / 2;
    let items = lines
        .iter()
        .enumerate()
        .map(|(i, line)| {
            Item::Text(Text {
                at: (cx, top + (i as i32 + 1) * line_height(size)),
                text: line.clone(),
            })
        })
        .collect();
    out.push(Item::Group(Group {
        attrs: Attrs {
            font_size: Some(size),
            ..Attrs::class(style::CAPTION)
        },
        items,
    }));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn narrow_boards_get_smaller_captions() {
        assert_eq!(font_size(462), SIZE, "a whole 19x19 board");
        assert_eq!(font_size(222), 11, "a 9x9 board");
        assert_eq!(font_size(100), MIN_SIZE);
        assert_eq!(line_height(SIZE), 18);
    }

    #[test]
    fn wraps_long_lines_between_phrases() {
        let long = "12 at 7; 15 at 9; 20: elsewhere; 33 at 21; 40 at 26; 41: takes; 44, 47 at 38"
            .to_string();
        let lines = wrap(&[long], 200, SIZE);
        assert!(lines.len() > 1);
        assert!(lines.iter().all(|l| text_width(l, SIZE) <= 200.0));
        for l in &lines {
            assert!(
                l.ends_with(';') || l.ends_with(':') || l.ends_with(',') || l.ends_with("38"),
                "a line ends at a phrase's end: {l:?}"
            );
        }
        assert_eq!(
            wrap(&["short".into()], 200, SIZE),
            vec!["short".to_string()]
        );
    }

    #[test]
    fn a_phrase_longer_than_a_line_breaks_at_spaces() {
        let lines = wrap(
            &["one two three four five six seven eight".into()],
            80,
            SIZE,
        );
        assert!(lines.len() > 1);
        assert_eq!(lines.join(" "), "one two three four five six seven eight");
    }
}
