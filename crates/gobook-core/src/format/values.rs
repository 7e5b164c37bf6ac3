//! Typed attribute values: integers, flags, points, point lists, moves, views
//! and problem sequences. Standard coordinates (`D4`, `q16`) and SGF letter
//! pairs (`dd`) are both read; SGF pairs need the board size.

use crate::point::Point;
use std::ops::Range;

/// A value that failed to parse: what is wrong and at which byte of the value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueError {
    /// Byte range inside the attribute value.
    pub at: Range<usize>,
    /// What is wrong.
    pub message: String,
}

fn err<T>(at: Range<usize>, message: impl Into<String>) -> Result<T, ValueError> {
    Err(ValueError {
        at,
        message: message.into(),
    })
}

/// One entry of a move list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A stone at a point.
    Play(Point),
    /// A pass: takes no move number.
    Pass,
    /// A move elsewhere: takes a number but puts no stone.
    Tenuki,
}

/// A point or move token found in a value, with where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// The move (a point for point lists).
    pub mv: Move,
    /// Byte range in the value.
    pub range: Range<usize>,
}

/// One problem sequence: moves, each with the text shown after it.
pub type Sequence = Vec<(Move, Option<String>)>;

/// What a link target (`href`) names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Href<'a> {
    /// A web or mail address (`http:`, `https:`, `mailto:`).
    External(&'a str),
    /// A language to switch to.
    Language(&'a str),
    /// Another scheme (`javascript:`, `data:` ...): refused.
    Refused { scheme: &'a str },
    /// An element ID.
    Id(&'a str),
}

/// Classifies an `href` value; validation, text resolution and the site all go by this.
pub fn classify_href(href: &str) -> Href<'_> {
    let v = href.trim();
    let lower = v.to_ascii_lowercase();
    if lower.starts_with("http://") || lower.starts_with("https://") || lower.starts_with("mailto:")
    {
        return Href::External(v);
    }
    if crate::format::schema::is_language(v) {
        return Href::Language(v);
    }
    match v.find(':') {
        Some(colon) if !v[..colon].contains('/') => Href::Refused {
            scheme: &v[..colon],
        },
        _ => Href::Id(v),
    }
}

/// Whether a URL leaves the book: it has a scheme (`https:`, `mailto:`, ...) or is
/// protocol-relative (`//host/...`). Such a URL is never a file in the book's folder.
pub fn is_external(url: &str) -> bool {
    url.starts_with("//")
        || url
            .split_once(':')
            .is_some_and(|(s, _)| !s.contains('/') && !s.is_empty())
}

/// Whether a URL from outside gobook text (Markdown includes) may go into a page: the
/// rule of the book's own links ([`classify_href`]), which refuses schemes such as
/// `javascript:`, `data:` and `vbscript:`.
pub fn allowed_url(url: &str) -> bool {
    !matches!(classify_href(url), Href::Refused { .. })
}

/// Parses an integer.
pub fn parse_int(s: &str) -> Result<i64, ValueError> {
    let digits = s.strip_prefix('-').unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return err(0..s.len(), format!("expected a whole number, found `{s}`"));
    }
    s.parse::<i64>()
        .or_else(|_| err(0..s.len(), format!("the number `{s}` is too large")))
}

/// Parses a `0`/`1` flag.
pub fn parse_flag(s: &str) -> Result<bool, ValueError> {
    match s {
        "0" => Ok(false),
        "1" => Ok(true),
        _ => err(0..s.len(), format!("expected 0 or 1, found `{s}`")),
    }
}

/// Parses a positive decimal number such as `0.75`.
pub fn parse_float(s: &str) -> Result<f64, ValueError> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 && !s.contains(['e', 'E', 'i', 'n', 'I', 'N']) => Ok(v),
        _ => err(
            0..s.len(),
            format!("expected a positive number such as 0.75, found `{s}`"),
        ),
    }
}

/// Splits a point or move list into tokens. `moves` allows `Pass` and `Tenuki`.
/// Points are checked against `size`.
pub fn tokens(s: &str, size: u8, moves: bool) -> Result<Vec<Token>, ValueError> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b' ' || c == b'\t' || c == b'\n' || c == b'\r' {
            i += 1;
            continue;
        }
        if moves && s[i..].starts_with("Pass") {
            out.push(Token {
                mv: Move::Pass,
                range: i..i + 4,
            });
            i += 4;
            continue;
        }
        if moves && s[i..].starts_with("Tenuki") {
            out.push(Token {
                mv: Move::Tenuki,
                range: i..i + 6,
            });
            i += 6;
            continue;
        }
        if moves {
            misspelt_word(s, i)?;
        }
        let (p, len) = point_at(s, i, size)?;
        out.push(Token {
            mv: Move::Play(p),
            range: i..i + len,
        });
        i += len;
    }
    Ok(out)
}

/// Refuses `pass`, `TENUKI` and other spellings of the two move words that are not the
/// spec's `Pass` and `Tenuki`. Lowercase `pass` would otherwise read as the SGF points
/// `pa` `ss` and shift the colours of every later move, so a word that stands alone
/// (no lowercase letter touching it, as in `ddpass`, which is three SGF points) is an error.
fn misspelt_word(s: &str, i: usize) -> Result<(), ValueError> {
    let b = s.as_bytes();
    if i > 0 && b[i - 1].is_ascii_lowercase() {
        return Ok(());
    }
    for word in ["Pass", "Tenuki"] {
        let end = i + word.len();
        let Some(found) = s.get(i..end) else {
            continue;
        };
        let alone = b.get(end).is_none_or(|c| !c.is_ascii_lowercase());
        if alone && found.eq_ignore_ascii_case(word) {
            let why = if found.bytes().all(|c| c.is_ascii_lowercase()) {
                " (lowercase letters are SGF points)"
            } else {
                ""
            };
            return err(
                i..end,
                format!(
                    "`{found}` is not a move; did you mean `{word}`? The spec writes `Pass` and \
                     `Tenuki` capitalised{why}"
                ),
            );
        }
    }
    // Words an author may write for a move that is none: lowercase, they read as SGF
    // points (`skip` plays `sk` and `ip`) and shift the colours of every later move.
    for word in ["skip", "resign", "resigns", "elsewhere", "none"] {
        let end = i + word.len();
        let alone = b.get(end).is_none_or(|c| !c.is_ascii_alphanumeric());
        if alone && s.get(i..end).is_some_and(|f| f.eq_ignore_ascii_case(word)) {
            return err(
                i..end,
                format!(
                    "`{}` is not a move (lowercase letters are SGF points, so it would play stones): write `Tenuki` for a move elsewhere or `Pass`; a resignation is no move, say it in the text",
                    &s[i..end]
                ),
            );
        }
    }
    Ok(())
}

/// Reads one point (standard or SGF pair) at byte `i`; returns it and its length.
fn point_at(s: &str, i: usize, size: u8) -> Result<(Point, usize), ValueError> {
    let b = s.as_bytes();
    let c = b[i];
    let bad = |len: usize| {
        let end = (i + len).min(s.len());
        let shown = s.get(i..end).unwrap_or("?");
        err(
            i..end,
            format!("`{shown}` is not a board point (write points like D4 or Q16)"),
        )
    };
    if !c.is_ascii_alphabetic() {
        let len = s[i..].chars().next().map(char::len_utf8).unwrap_or(1);
        return bad(len);
    }
    let next = b.get(i + 1).copied();
    match next {
        Some(d) if d.is_ascii_digit() => {
            let mut k = i + 1;
            while k < b.len() && k < i + 3 && b[k].is_ascii_digit() {
                k += 1;
            }
            // Three or more digits: not a point on any board here.
            if k < b.len() && b[k].is_ascii_digit() {
                return bad(k + 1 - i);
            }
            let Some(p) = Point::parse_standard(&s[i..k]) else {
                return bad(k - i);
            };
            if !p.on_board(size) {
                return err(
                    i..k,
                    format!("`{}` is off the {size}x{size} board", &s[i..k]),
                );
            }
            Ok((p, k - i))
        }
        Some(d) if c.is_ascii_lowercase() && d.is_ascii_lowercase() => {
            match Point::from_sgf([c, d], size) {
                Some(p) => Ok((p, 2)),
                None => err(
                    i..i + 2,
                    format!("`{}` is off the {size}x{size} board", &s[i..i + 2]),
                ),
            }
        }
        _ => bad(1),
    }
}

/// Parses a list of points.
pub fn parse_points(s: &str, size: u8) -> Result<Vec<Point>, ValueError> {
    Ok(tokens(s, size, false)?
        .into_iter()
        .filter_map(|t| match t.mv {
            Move::Play(p) => Some(p),
            _ => None,
        })
        .collect())
}

/// Parses exactly one point.
pub fn parse_point(s: &str, size: u8) -> Result<Point, ValueError> {
    let pts = parse_points(s, size)?;
    match pts.as_slice() {
        [p] => Ok(*p),
        _ => err(0..s.len(), format!("expected one point, found `{s}`")),
    }
}

/// Parses a list of points taken in pairs (lines and arrows).
pub fn parse_point_pairs(s: &str, size: u8) -> Result<Vec<(Point, Point)>, ValueError> {
    let pts = parse_points(s, size)?;
    if pts.len() % 2 != 0 {
        return err(
            0..s.len(),
            "lines and arrows need pairs of points (start and end); one is missing",
        );
    }
    Ok(pts.chunks(2).map(|c| (c[0], c[1])).collect())
}

/// Parses a move list.
pub fn parse_moves(s: &str, size: u8) -> Result<Vec<Move>, ValueError> {
    Ok(tokens(s, size, true)?.into_iter().map(|t| t.mv).collect())
}

/// Parses a view rectangle (`A1T10`) into its lower-left and upper-right corners.
pub fn parse_view(s: &str, size: u8) -> Result<(Point, Point), ValueError> {
    let pts = parse_points(s, size)?;
    match pts.as_slice() {
        [a, b] => Ok((
            Point::new(a.col.min(b.col), a.row.min(b.row)),
            Point::new(a.col.max(b.col), a.row.max(b.row)),
        )),
        _ => err(
            0..s.len(),
            format!("a view is two corner points such as A1T10, found `{s}`"),
        ),
    }
}

/// Parses problem sequences: `E1E2D1(White is dead.);E1D1E2(Seki.)`.
pub fn parse_sequences(s: &str, size: u8) -> Result<Vec<Sequence>, ValueError> {
    let mut out = Vec::new();
    for part in sequence_parts(s)? {
        let mut seq: Sequence = Vec::new();
        for piece in part {
            match piece {
                SeqPiece::Moves(r) => {
                    for t in tokens(&s[r.clone()], size, true).map_err(|e| shift(e, r.start))? {
                        seq.push((t.mv, None));
                    }
                }
                SeqPiece::Comment(r) => match seq.last_mut() {
                    Some(last) => last.1 = Some(s[r].to_string()),
                    None => return err(r, "a comment in parentheses must follow a move"),
                },
            }
        }
        if !seq.is_empty() {
            out.push(seq);
        }
    }
    Ok(out)
}

/// The moves of each problem sequence with where each stands in `s`, comments left out:
/// what checking an answer move by move needs.
pub fn sequence_tokens(s: &str, size: u8) -> Result<Vec<Vec<Token>>, ValueError> {
    let mut out = Vec::new();
    for part in sequence_parts(s)? {
        let mut seq = Vec::new();
        for piece in part {
            if let SeqPiece::Moves(r) = piece {
                let toks = tokens(&s[r.clone()], size, true).map_err(|e| shift(e, r.start))?;
                seq.extend(toks.into_iter().map(|t| Token {
                    mv: t.mv,
                    range: t.range.start + r.start..t.range.end + r.start,
                }));
            }
        }
        if !seq.is_empty() {
            out.push(seq);
        }
    }
    Ok(out)
}

/// A piece of a sequences value: a run of moves, or a parenthesised comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeqPiece {
    /// Byte range of moves.
    Moves(Range<usize>),
    /// Byte range of a comment, parentheses excluded.
    Comment(Range<usize>),
}

/// Splits a sequences value into sequences of pieces, honouring nested parentheses and
/// spelling answer trees (`C3 [D4 E5 | E5 D4]`) out as one sequence per leaf.
fn sequence_parts(s: &str) -> Result<Vec<Vec<SeqPiece>>, ValueError> {
    super::answer_tree::lines(s)
}

fn shift(e: ValueError, by: usize) -> ValueError {
    ValueError {
        at: e.at.start + by..e.at.end + by,
        message: e.message,
    }
}

/// Rewrites every point of a point or move list in standard uppercase form,
/// keeping separators as written; `None` if the value does not parse.
pub fn normalize_points(s: &str, size: u8, moves: bool) -> Option<String> {
    let toks = tokens(s, size, moves).ok()?;
    Some(rewrite_tokens(s, 0, &toks))
}

fn rewrite_tokens(s: &str, base: usize, toks: &[Token]) -> String {
    let mut out = String::with_capacity(s.len());
    let mut last = 0;
    for t in toks {
        let (a, b) = (t.range.start - base, t.range.end - base);
        out.push_str(&s[last..a]);
        match t.mv {
            Move::Play(p) => out.push_str(&p.to_string()),
            Move::Pass => out.push_str("Pass"),
            Move::Tenuki => out.push_str("Tenuki"),
        }
        last = b;
    }
    out.push_str(&s[last..]);
    out
}

/// Rewrites the moves of a sequences value in standard form, leaving comments alone.
pub fn normalize_sequences(s: &str, size: u8) -> Option<String> {
    let parts = sequence_parts(s).ok()?;
    // The lines of a tree share the moves before their branches: each run once, in order.
    let mut runs: Vec<Range<usize>> = parts
        .iter()
        .flatten()
        .filter_map(|p| match p {
            SeqPiece::Moves(r) => Some(r.clone()),
            SeqPiece::Comment(_) => None,
        })
        .collect();
    runs.sort_unstable_by_key(|r| r.start);
    runs.dedup();
    let mut out = String::with_capacity(s.len());
    let mut last = 0;
    for r in runs {
        let toks = tokens(&s[r.clone()], size, true).ok()?;
        out.push_str(&s[last..r.start]);
        out.push_str(&rewrite_tokens(&s[r.clone()], 0, &toks));
        last = r.end;
    }
    out.push_str(&s[last..]);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Point {
        Point::parse_standard(s).unwrap()
    }

    #[test]
    fn point_lists_with_and_without_spaces() {
        assert_eq!(
            parse_points("C3C4D5", 19).unwrap(),
            vec![p("C3"), p("C4"), p("D5")]
        );
        assert_eq!(
            parse_points("C3 c4  D5", 19).unwrap(),
            vec![p("C3"), p("C4"), p("D5")]
        );
        assert_eq!(
            parse_points("T10T19", 19).unwrap(),
            vec![p("T10"), p("T19")]
        );
        assert_eq!(parse_points("dd", 19).unwrap(), vec![p("D16")]);
        assert_eq!(parse_points("ddpp", 19).unwrap(), vec![p("D16"), p("Q4")]);
        assert!(parse_points("T19", 9)
            .unwrap_err()
            .message
            .contains("off the 9x9 board"));
        assert!(parse_points("I5", 19).is_err());
        assert!(parse_points("C3,", 19).is_err());
    }

    #[test]
    fn moves_with_pass_and_tenuki() {
        let m = parse_moves("A1PassB1 Tenuki C1", 19).unwrap();
        assert_eq!(
            m,
            vec![
                Move::Play(p("A1")),
                Move::Pass,
                Move::Play(p("B1")),
                Move::Tenuki,
                Move::Play(p("C1"))
            ]
        );
        // Other spellings of the move words are errors at their place, never SGF points.
        for (v, at) in [
            ("pass", 0..4),
            ("D4 pass E4", 3..7),
            ("D4passE4", 2..6),
            ("PASS", 0..4),
            ("tenuki", 0..6),
            ("D4 TENUKI", 3..9),
        ] {
            let e = parse_moves(v, 19).unwrap_err();
            assert_eq!(e.at, at, "{v}");
            assert!(e.message.contains("did you mean"), "{v}: {}", e.message);
        }
        assert!(parse_moves("D4 pass", 19)
            .unwrap_err()
            .message
            .contains("`Pass`"));
        // Lowercase letters touching the word are SGF pairs: `ddpass` is dd, pa, ss.
        assert_eq!(parse_moves("ddpass", 19).unwrap().len(), 3);
        // In answers too.
        assert!(parse_sequences("E1 pass(Dead.)", 9).is_err());
    }

    #[test]
    fn views_and_pairs() {
        assert_eq!(parse_view("A1T10", 19).unwrap(), (p("A1"), p("T10")));
        assert_eq!(parse_view("T10A1", 19).unwrap(), (p("A1"), p("T10")));
        assert!(parse_view("A1", 19).is_err());
        assert_eq!(parse_point_pairs("A1B2C3D4", 19).unwrap().len(), 2);
        assert!(parse_point_pairs("A1B2C3", 19).is_err());
    }

    #[test]
    fn sequences() {
        let s = parse_sequences("E1E2D1(White is dead.);E1D1E2(Seki.)", 9).unwrap();
        assert_eq!(s.len(), 2);
        assert_eq!(s[0].len(), 3);
        assert_eq!(s[0][2].1.as_deref(), Some("White is dead."));
        assert_eq!(s[1][2].1.as_deref(), Some("Seki."));
        let n = parse_sequences("E1(a (nested) note)", 9).unwrap();
        assert_eq!(n[0][0].1.as_deref(), Some("a (nested) note"));
        assert!(parse_sequences("E1(open", 9).is_err());
        assert!(parse_sequences("(text)E1", 9).is_err());
        let t = sequence_tokens("E1 E2(dead);D1", 9).unwrap();
        let ranges: Vec<Vec<_>> = t
            .iter()
            .map(|s| s.iter().map(|t| t.range.clone()).collect())
            .collect();
        assert_eq!(ranges, vec![vec![0..2, 3..5], vec![12..14]]);
    }

    #[test]
    fn numbers() {
        assert_eq!(parse_int("42").unwrap(), 42);
        assert_eq!(parse_int("-1").unwrap(), -1);
        assert!(parse_int("abc").is_err());
        assert!(parse_int("-").is_err());
        assert!(parse_int("99999999999999999999").is_err());
        assert!(parse_flag("2").is_err());
        assert_eq!(parse_float("0.75").unwrap(), 0.75);
        assert!(parse_float("-1").is_err());
        assert!(parse_float("inf").is_err());
    }

    #[test]
    fn normalizing_keeps_separators() {
        assert_eq!(normalize_points("c3 c4D5", 19, false).unwrap(), "C3 C4D5");
        assert_eq!(normalize_points("dd", 19, false).unwrap(), "D16");
        assert_eq!(normalize_points("d4 Pass", 19, true).unwrap(), "D4 Pass");
        assert_eq!(
            normalize_sequences("e1e2(dead, e5 too);d1", 9).unwrap(),
            "E1E2(dead, e5 too);D1"
        );
        // A tree keeps its brackets and bars, each move written once.
        assert_eq!(
            normalize_sequences("c3 [d4 e5(dead) | e5 [d4 | dd]]", 19).unwrap(),
            "C3 [D4 E5(dead) | E5 [D4 | D16]]"
        );
        assert_eq!(normalize_points("Z9", 19, false), None);
    }
}
