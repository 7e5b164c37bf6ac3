//! Typed SGF property values (FF[4] value types) read from and written to raw values.
//!
//! Raw values are kept as in the file (escapes included); these functions give them meaning.

use super::property::{Property, RawValue};
use super::props::{self, Arity, Type};
use crate::point::{Color, Point};
use std::borrow::Cow;

/// A property value with its FF[4] type applied.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// The empty value `[]`.
    None,
    /// An integer.
    Number(i64),
    /// A real number.
    Real(f64),
    /// `1` or `2`.
    Double(u8),
    /// A colour.
    Colour(Color),
    /// One-line text (escapes removed, whitespace folded to spaces).
    SimpleText(String),
    /// Text (escapes and soft line breaks removed, line breaks normalised to `\n`).
    Text(String),
    /// A point or stone.
    Point(Point),
    /// A move; `None` is a pass.
    Move(Option<Point>),
    /// Two values joined by `:`.
    Compose(Box<Value>, Box<Value>),
    /// A list (or elist) of values, compressed point lists expanded.
    List(Vec<Value>),
    /// A value of an unknown property, raw.
    Raw(String),
}

/// Reads a property's values with the type from the FF[4] table; `None` when a value does not fit.
pub fn typed(prop: &Property, size: u8) -> Option<Value> {
    let info = props::info(prop.id.as_str());
    if info.ty == Type::Unknown {
        return Some(Value::Raw(prop.values.join("][")));
    }
    match info.arity {
        Arity::Single => one(info.ty, prop.value()?, size),
        Arity::List | Arity::EList => {
            if info.ty == Type::Point {
                return Some(Value::List(
                    point_list(&prop.values, size)?
                        .into_iter()
                        .map(Value::Point)
                        .collect(),
                ));
            }
            let mut out = Vec::with_capacity(prop.values.len());
            for v in &prop.values {
                out.push(one(info.ty, v, size)?);
            }
            Some(Value::List(out))
        }
    }
}

fn one(ty: Type, raw: &str, size: u8) -> Option<Value> {
    Some(match ty {
        Type::None => {
            if raw.trim().is_empty() {
                Value::None
            } else {
                return None;
            }
        }
        Type::Number => Value::Number(parse_number(raw)?),
        Type::Real => Value::Real(parse_real(raw)?),
        Type::Double => Value::Double(parse_double(raw)?),
        Type::Color => Value::Colour(parse_color(raw)?),
        Type::SimpleText => Value::SimpleText(simple_text(raw)),
        Type::Text => Value::Text(text(raw)),
        Type::Point => Value::Point(parse_point(raw, size)?),
        Type::Move => Value::Move(parse_move(raw, size)?),
        Type::PointPoint => {
            let (a, b) = split_compose(raw)?;
            Value::Compose(
                Box::new(Value::Point(parse_point(a, size)?)),
                Box::new(Value::Point(parse_point(b, size)?)),
            )
        }
        Type::PointText => {
            let (a, b) = split_compose(raw)?;
            Value::Compose(
                Box::new(Value::Point(parse_point(a, size)?)),
                Box::new(Value::SimpleText(simple_text(b))),
            )
        }
        Type::TextText => {
            let (a, b) = split_compose(raw)?;
            Value::Compose(
                Box::new(Value::SimpleText(simple_text(a))),
                Box::new(Value::SimpleText(simple_text(b))),
            )
        }
        Type::Size => match split_compose(raw) {
            Some((a, b)) => Value::Compose(
                Box::new(Value::Number(parse_number(a)?)),
                Box::new(Value::Number(parse_number(b)?)),
            ),
            None => Value::Number(parse_number(raw)?),
        },
        Type::Figure => match split_compose(raw) {
            Some((a, b)) => Value::Compose(
                Box::new(Value::Number(parse_number(a)?)),
                Box::new(Value::SimpleText(simple_text(b))),
            ),
            None if raw.is_empty() => Value::None,
            None => return None,
        },
        Type::Unknown => Value::Raw(raw.to_string()),
    })
}

/// An integer such as `12`, `+3` or `-1`.
pub fn parse_number(raw: &str) -> Option<i64> {
    let t = raw.trim();
    let digits = t.strip_prefix(['+', '-']).unwrap_or(t);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    t.parse().ok()
}

/// A real such as `6.5`, `-0.5` or `30`.
fn parse_real(raw: &str) -> Option<f64> {
    if !is_real(raw) {
        return None;
    }
    raw.trim().parse().ok()
}

/// Whether [`parse_real`] reads the value: checked without building the number, as the repairs
/// of every timed move need only that.
pub fn is_real(raw: &str) -> bool {
    // Blanks around the number are allowed; a value that starts and ends with a visible ASCII
    // character, as clock times and komi nearly always do, needs no Unicode trim.
    let t = match (raw.as_bytes().first(), raw.as_bytes().last()) {
        (Some(first), Some(last)) if first.is_ascii_graphic() && last.is_ascii_graphic() => raw,
        _ => raw.trim(),
    };
    let body = match t.as_bytes() {
        [b'+' | b'-', rest @ ..] => rest,
        all => all,
    };
    // Digits and at most one dot, with a digit after the dot, or anywhere when there is none.
    let mut dot = None;
    for (i, &c) in body.iter().enumerate() {
        if !c.is_ascii_digit() {
            if c != b'.' || dot.is_some() {
                return false;
            }
            dot = Some(i);
        }
    }
    // What passes is a subset of Rust's float syntax, so parsing it cannot fail.
    match dot {
        Some(i) => i + 1 < body.len(),
        None => !body.is_empty(),
    }
}

/// `1` or `2`.
pub fn parse_double(raw: &str) -> Option<u8> {
    match raw.trim() {
        "1" => Some(1),
        "2" => Some(2),
        _ => None,
    }
}

/// `B` or `W`.
pub fn parse_color(raw: &str) -> Option<Color> {
    match raw.trim() {
        "B" => Some(Color::Black),
        "W" => Some(Color::White),
        _ => None,
    }
}

/// A board size: `19` or `13:9` (columns, rows).
pub fn parse_size(raw: &str) -> Option<(u8, u8)> {
    let (a, b) = match raw.split_once(':') {
        Some((a, b)) => (a, b),
        None => (raw, raw),
    };
    let c: u8 = parse_number(a)?.try_into().ok()?;
    let r: u8 = parse_number(b)?.try_into().ok()?;
    (c > 0 && r > 0).then_some((c, r))
}

/// A point such as `dd` on a board of `size`.
pub fn parse_point(raw: &str, size: u8) -> Option<Point> {
    match raw.as_bytes() {
        [a, b] => Point::from_sgf([*a, *b], size),
        _ => None,
    }
}

/// A move: `Some(None)` for a pass (`[]`, or `[tt]` on boards up to 19x19), `None` if unreadable.
pub fn parse_move(raw: &str, size: u8) -> Option<Option<Point>> {
    if raw.is_empty() || (raw == "tt" && size <= 19) {
        return Some(None);
    }
    parse_point(raw, size).map(Some)
}

/// The points of a list of point values, expanding compressed rectangles such as `aa:cc`.
pub fn point_list(values: &[RawValue], size: u8) -> Option<Vec<Point>> {
    let mut out = Vec::new();
    for v in values {
        if v.is_empty() && values.len() == 1 {
            break; // an empty elist
        }
        match v.split_once(':') {
            Some((a, b)) => {
                let p = parse_point(a, size)?;
                let q = parse_point(b, size)?;
                for row in (p.row.min(q.row)..=p.row.max(q.row)).rev() {
                    for col in p.col.min(q.col)..=p.col.max(q.col) {
                        out.push(Point::new(col, row));
                    }
                }
            }
            None => out.push(parse_point(v, size)?),
        }
    }
    Some(out)
}

/// Expands a compressed raw point value (`aa:cc`) into single raw points, without knowing the board size.
pub fn expand_rect(raw: &str) -> Option<Vec<String>> {
    let (a, b) = raw.split_once(':')?;
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != 2 || b.len() != 2 || !a.iter().chain(b).all(u8::is_ascii_alphabetic) {
        return None;
    }
    let idx = |c: u8| {
        if c.is_ascii_lowercase() {
            c - b'a'
        } else {
            c - b'A' + 26
        }
    };
    let letter = |i: u8| if i < 26 { b'a' + i } else { b'A' + (i - 26) };
    let (x0, x1) = (idx(a[0]).min(idx(b[0])), idx(a[0]).max(idx(b[0])));
    let (y0, y1) = (idx(a[1]).min(idx(b[1])), idx(a[1]).max(idx(b[1])));
    let mut out = Vec::with_capacity((x1 - x0 + 1) as usize * (y1 - y0 + 1) as usize);
    for y in y0..=y1 {
        for x in x0..=x1 {
            out.push(String::from_utf8_lossy(&[letter(x), letter(y)]).into_owned());
        }
    }
    Some(out)
}

/// Splits a compose value at its first unescaped `:`.
pub fn split_compose(raw: &str) -> Option<(&str, &str)> {
    let b = raw.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b':' => return Some((&raw[..i], &raw[i + 1..])),
            _ => i += 1,
        }
    }
    None
}

/// Text: escapes and soft line breaks removed, line breaks normalised to `\n`, other whitespace to spaces.
pub fn text(raw: &str) -> String {
    decode(raw, false).into_owned()
}

/// SimpleText: like [`text`] but line breaks become spaces as well.
pub fn simple_text(raw: &str) -> String {
    decode(raw, true).into_owned()
}

/// [`simple_text`] borrowing the raw value when there is nothing to decode, as is usual.
pub(crate) fn simple_text_cow(raw: &str) -> Cow<'_, str> {
    decode(raw, true)
}

fn decode(raw: &str, simple: bool) -> Cow<'_, str> {
    if !raw
        .bytes()
        .any(|b| b == b'\\' || (b.is_ascii_whitespace() && b != b' '))
    {
        return Cow::Borrowed(raw);
    }
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                // A soft line break: `\` before a newline (any of \n, \r, \r\n, \n\r) joins the lines.
                Some(nl @ ('\n' | '\r')) => {
                    let other = if nl == '\n' { '\r' } else { '\n' };
                    if chars.peek() == Some(&other) {
                        chars.next();
                    }
                }
                Some(x) if x.is_whitespace() => out.push(' '),
                Some(x) => out.push(x),
                None => {}
            },
            '\r' | '\n' => {
                // Normalise \r\n, \n\r, \r and \n to one line break.
                let other = if c == '\r' { '\n' } else { '\r' };
                if chars.peek() == Some(&other) {
                    chars.next();
                }
                out.push(if simple { ' ' } else { '\n' });
            }
            c if c.is_whitespace() => out.push(' '),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// Escapes text for a Text or SimpleText value (`\` and `]`).
pub fn escape_text(s: &str) -> String {
    escape(s, false)
}

/// Escapes text for one part of a compose value (`\`, `]` and `:`).
pub fn escape_compose_part(s: &str) -> String {
    escape(s, true)
}

fn escape(s: &str, colon: bool) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    for c in s.chars() {
        if c == '\\' || c == ']' || (colon && c == ':') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The raw value of a point on a board of `size`.
pub fn point_raw(p: Point, size: u8) -> String {
    let [a, b] = p.to_sgf(size);
    String::from_utf8_lossy(&[a, b]).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_rules() {
        assert_eq!(text("a\\]b\\\\c"), "a]b\\c");
        assert_eq!(text("soft\\\nbreak"), "softbreak");
        assert_eq!(text("hard\r\nbreak\ttab"), "hard\nbreak tab");
        assert_eq!(simple_text("two\nlines"), "two lines");
        assert_eq!(escape_text("a]b\\"), "a\\]b\\\\");
        assert_eq!(text(&escape_text("x]\\y")), "x]\\y");
    }

    #[test]
    fn numbers_and_points() {
        assert_eq!(parse_number("+3"), Some(3));
        assert_eq!(parse_number("3.5"), None);
        assert_eq!(parse_real("6.5"), Some(6.5));
        assert_eq!(parse_real("-.5"), Some(-0.5));
        assert_eq!(parse_real("30."), None);
        for v in ["6.5", "-.5", "+3", "30.", ".", "", "1e5", " 7 ", "1.2.3"] {
            assert_eq!(is_real(v), parse_real(v).is_some(), "{v}");
        }
        assert_eq!(parse_move("tt", 19), Some(None));
        assert_eq!(parse_move("tt", 21), Some(Some(Point::new(19, 1))));
        assert_eq!(parse_move("", 9), Some(None));
        assert_eq!(parse_point("aa", 9), Some(Point::new(0, 8)));
        assert_eq!(point_list(&["aa:bb".into()], 9).map(|v| v.len()), Some(4));
        assert_eq!(
            expand_rect("aa:bb"),
            Some(vec!["aa".into(), "ba".into(), "ab".into(), "bb".into()])
        );
        assert_eq!(split_compose("a\\:b:c"), Some(("a\\:b", "c")));
        assert_eq!(parse_size("13:9"), Some((13, 9)));
    }

    /// The one-pass `is_real` says what the definition by parts says, for every short string
    /// over digits, signs, dots, blanks (ASCII and not) and a letter.
    #[test]
    fn is_real_agrees_with_its_definition() {
        fn by_parts(raw: &str) -> bool {
            let t = raw.trim();
            let body = t.strip_prefix(['+', '-']).unwrap_or(t);
            let (int, frac) = match body.split_once('.') {
                Some((a, b)) => (a, Some(b)),
                None => (body, None),
            };
            int.bytes().all(|b| b.is_ascii_digit())
                && frac.is_none_or(|f| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit()))
                && !(int.is_empty() && frac.is_none())
        }
        let alphabet = ['1', '0', '.', '+', '-', ' ', '\u{3000}', 'e'];
        let mut words = vec![String::new()];
        for _ in 0..5 {
            let longer: Vec<String> = words
                .iter()
                .flat_map(|w| alphabet.iter().map(move |c| format!("{w}{c}")))
                .collect();
            for w in &longer {
                assert_eq!(is_real(w), by_parts(w), "{w:?}");
            }
            words = longer;
        }
    }

    #[test]
    fn typed_values() {
        let lb = Property::new("LB", vec!["dd:A".into()]);
        assert_eq!(
            typed(&lb, 19),
            Some(Value::List(vec![Value::Compose(
                Box::new(Value::Point(Point::new(3, 15))),
                Box::new(Value::SimpleText("A".into()))
            )]))
        );
        assert_eq!(
            typed(&Property::new("B", vec!["".into()]), 19),
            Some(Value::Move(None))
        );
        assert_eq!(
            typed(&Property::new("VW", vec!["".into()]), 19),
            Some(Value::List(vec![]))
        );
    }
}
