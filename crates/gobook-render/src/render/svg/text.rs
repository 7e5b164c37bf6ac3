//! Text in the SVG: the sizes that keep labels inside a stone (escaping is [`crate::escape`]).

/// The numbers 0..1000, each right-aligned in three bytes (`  7`, ` 42`, `123`).
const SMALL: [u8; 3000] = {
    let mut t = [b' '; 3000];
    let mut n = 0;
    while n < 1000 {
        t[n * 3 + 2] = b'0' + (n % 10) as u8;
        if n >= 10 {
            t[n * 3 + 1] = b'0' + (n / 10 % 10) as u8;
        }
        if n >= 100 {
            t[n * 3] = b'0' + (n / 100) as u8;
        }
        n += 1;
    }
    t
};

/// [`SMALL`] as text.
const SMALL_TEXT: &str = match std::str::from_utf8(&SMALL) {
    Ok(s) => s,
    Err(_) => panic!("digits and spaces are UTF-8"),
};

/// Appends a decimal integer: stones and texts are written by the thousand, and
/// `write!` costs several times more than these few bytes. Board coordinates are
/// below 1000 and come from a table.
pub(crate) fn push_int(out: &mut String, n: i32) {
    if n < 0 {
        out.push('-');
    }
    let v = n.unsigned_abs();
    if v < 1000 {
        let len = if v < 10 {
            1
        } else if v < 100 {
            2
        } else {
            3
        };
        let end = v as usize * 3 + 3;
        out.push_str(&SMALL_TEXT[end - len..end]);
        return;
    }
    out.push_str(&v.to_string());
}

/// Appends a point's standard coordinate (`Q16`), as its `Display` does, without formatting machinery.
pub(crate) fn push_point(out: &mut String, p: crate::point::Point) {
    out.push(p.column_letter());
    push_int(out, p.row as i32 + 1);
}

/// How a label of `chars` characters is set on a point: its font size (user units) and
/// whether it is condensed to [`CONDENSED`] of its width.
///
/// Up to two characters fill about two thirds of a stone. Three digits keep the same
/// height and are condensed to fit, as printed Go books set move 100 and later; a
/// smaller size would drop below 8 CSS px on a phone-wide 19x19 board. Longer labels
/// are rare (four-digit moves, words) and get a little smaller as well.
///
/// The condensing is a horizontal scale on the text's group, not `textLength`: librsvg,
/// Qt (calibre's Kindle conversion) and other renderers ignore `textLength` and would let
/// three digits spill over the stone's edge, while every renderer applies a transform.
///
/// In `print` three digits are a size smaller: stroked bold there, at 14 units they
/// reach the stone's ring at their corners; at 12 they stay clear of it (about 18 units
/// wide where the ring leaves 19), and paper has no phone-sized pixels to fall below.
pub(crate) fn text_fit(chars: usize, print: bool) -> (i32, bool) {
    match chars {
        0..=2 => (14, false),
        3 if print => (12, true),
        3 => (14, true),
        _ => (11, true),
    }
}

/// Every fit [`text_fit`] gives, large to small and plain before condensed.
pub(crate) const FITS: [(i32, bool); 4] = [(14, false), (14, true), (12, true), (11, true)];

/// How much condensed labels are scaled horizontally, as the group's transform says it:
/// three digits of DejaVu Sans at 14 units (the widest of the usual fonts) become 20 units
/// wide, inside a stone 22 units across; Helvetica and Arial become 17.5.
pub(crate) const CONDENSED: super::drawing::Transform =
    super::drawing::Transform::Scale2(0.75, 1.0);

/// The x a condensed text is written at so that, scaled by [`CONDENSED`], it lands on `x`.
/// Exact in integers: every point's x is a multiple of the spacing, which 3 divides.
pub(crate) fn condensed_x(x: i32) -> i32 {
    x * 4 / 3
}

const _: () = assert!(super::layout::UNIT % 3 == 0, "condensed_x must stay exact");

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_and_points_read_as_display_writes_them() {
        for n in [
            0,
            7,
            -7,
            9,
            10,
            99,
            100,
            101,
            999,
            1000,
            -480,
            12345,
            i32::MAX,
            i32::MIN,
        ] {
            let mut s = String::new();
            push_int(&mut s, n);
            assert_eq!(s, n.to_string());
        }
        for p in [
            crate::point::Point::new(0, 0),
            crate::point::Point::new(18, 18),
            crate::point::Point::new(8, 3),
        ] {
            let mut s = String::new();
            push_point(&mut s, p);
            assert_eq!(s, p.to_string());
        }
    }
}
