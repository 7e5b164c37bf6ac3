//! Reading Sensei's Library diagrams: the `$$` lines of a text, each block one diagram.
//!
//! The rules follow RULES.md of the corpus: the first line is the header
//! (`$$[B|W][c][size][m<n>] title`), every other non-blank line a board row, a link
//! line `[a|target]` or an arrow or line `{AR p q}` `{LN p q}`. In a board row spaces are
//! cosmetic and every other character is one point. What the rules leave open is read as
//! the independent parsers do and said in a warning (a missing header, ragged rows).

use super::{Cell, Diagram, Edges, Line, Link, Rc, Shape, SlError};
use crate::point::{Color, Point, MAX_SIZE};
use crate::span::Span;

/// One `$$` line: the text after the dollars and where that text starts in the source.
#[derive(Clone, Copy)]
struct DollarLine<'a> {
    text: &'a str,
    at: usize,
}

/// A board row as typed: its points with their byte offsets.
type RawRow = Vec<(char, usize)>;

/// Reads every diagram of `text`: each block of consecutive `$$` lines is one; other lines
/// are the page around them and are skipped.
pub fn read_all(text: &str) -> Vec<Result<Diagram, SlError>> {
    blocks(text).iter().map(|b| read_block(b)).collect()
}

/// Reads `text` as exactly one diagram: blank lines may surround it, nothing else.
pub fn read(text: &str) -> Result<Diagram, SlError> {
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let t = line.trim();
        if !t.is_empty() && !t.starts_with("$$") {
            let start = at + (line.len() - line.trim_start().len());
            return Err(err(
                start,
                start + t.len(),
                "this line is not part of a Sensei's Library diagram: every line of one starts with `$$`",
            ));
        }
        at += line.len();
    }
    let all = blocks(text);
    match all.as_slice() {
        [] => Err(err(
            0,
            0,
            "no Sensei's Library diagram here: one starts with a `$$` line, such as `$$B Black to play`",
        )),
        [one] => read_block(one),
        [_, second, ..] => Err(err(
            second[0].at.saturating_sub(2),
            second[0].at,
            "a second diagram starts here; give one diagram, or import the file with `gobook import`",
        )),
    }
}

fn err(start: usize, end: usize, message: impl Into<String>) -> SlError {
    SlError {
        span: Span::new(start, end),
        message: message.into(),
    }
}

/// The blocks of consecutive `$$` lines (leading white space allowed, as GT and SLF do).
fn blocks(text: &str) -> Vec<Vec<DollarLine<'_>>> {
    let mut out: Vec<Vec<DollarLine>> = Vec::new();
    let mut current = Vec::new();
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        let lead = body.len() - body.trim_start().len();
        if body[lead..].starts_with("$$") {
            current.push(DollarLine {
                text: &body[lead + 2..],
                at: at + lead + 2,
            });
        } else if !current.is_empty() {
            out.push(std::mem::take(&mut current));
        }
        at += line.len();
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

/// The header's options and title.
struct Header {
    first: Color,
    coordinates: bool,
    size: Option<u8>,
    start: u32,
    title: String,
}

impl Default for Header {
    fn default() -> Self {
        Header {
            first: Color::Black,
            coordinates: false,
            size: None,
            start: 1,
            title: String::new(),
        }
    }
}

fn read_block(lines: &[DollarLine]) -> Result<Diagram, SlError> {
    let mut warnings = Vec::new();
    let first = lines[0];
    let (header, body) = if looks_like_row(first.text) {
        warnings.push(err(
            first.at.saturating_sub(2),
            first.at + first.text.len(),
            "this diagram has no header line, so its first line is read as a board row; start it with \
             a line such as `$$B` (Black plays first) or `$$W Title`",
        ));
        (Header::default(), lines)
    } else {
        (read_header(first)?, &lines[1..])
    };
    let mut rows: Vec<RawRow> = Vec::new();
    let mut links = Vec::new();
    let mut line_specs = Vec::new();
    for l in body {
        let t = l.text.trim();
        let at = l.at + (l.text.len() - l.text.trim_start().len());
        if t.is_empty() {
            continue;
        }
        if t.starts_with('[') {
            links.push(read_link(t, at)?);
        } else if t.starts_with('{') {
            line_specs.push((t, at));
        } else {
            rows.push(raw_row(l));
        }
    }
    let (grid, edges) = read_grid(rows, lines, &mut warnings)?;
    let mut d = Diagram {
        first: header.first,
        coordinates: header.coordinates,
        header_size: header.size,
        start: header.start,
        title: header.title,
        rows: grid,
        edges,
        links,
        lines: Vec::new(),
        at_notes: Vec::new(),
        warnings,
        span: block_span(lines),
    };
    check_fits(&d, first)?;
    check_moves(&d, lines)?;
    for (t, at) in line_specs {
        let line = read_line(&d, t, at)?;
        d.lines.push(line);
    }
    d.at_notes = at_notes(&d);
    Ok(d)
}

fn block_span(lines: &[DollarLine]) -> Span {
    let first = lines[0].at.saturating_sub(2);
    let last = lines[lines.len() - 1];
    Span::new(first, last.at + last.text.len())
}

/// Whether a first line is a board row rather than a header: diagrams copied from elsewhere
/// often start with their top edge (`$$ -----`). Only point and edge characters, and no
/// two letters together (which would be a word of a title).
fn looks_like_row(text: &str) -> bool {
    let t = text.trim();
    // Header options follow `$$` at once, and none of them is an edge character.
    if t.is_empty() || !(text.starts_with([' ', '\t']) || text.starts_with(is_edge)) {
        return false;
    }
    let chars: Vec<char> = t.chars().filter(|c| !matches!(c, ' ' | '\t')).collect();
    let word = t
        .as_bytes()
        .windows(2)
        .any(|w| w[0].is_ascii_alphabetic() && w[1].is_ascii_alphabetic());
    !word && chars.iter().all(|&c| is_edge(c) || cell_of(c).is_some())
}

fn read_header(line: DollarLine) -> Result<Header, SlError> {
    let s = line.text;
    let b = s.as_bytes();
    let mut h = Header::default();
    let mut i = 0;
    match b.first() {
        Some(b'B') => i += 1,
        Some(b'W') => {
            h.first = Color::White;
            i += 1
        }
        _ => {}
    }
    if b.get(i) == Some(&b'c') {
        h.coordinates = true;
        i += 1;
    }
    let digits = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
    if digits > 0 {
        let n: u32 = s[i..i + digits].parse().unwrap_or(u32::MAX);
        if !(2..=MAX_SIZE as u32).contains(&n) {
            return Err(err(
                line.at + i,
                line.at + i + digits,
                format!(
                    "board size {}: gobook draws boards of 2x2 to 25x25",
                    &s[i..i + digits]
                ),
            ));
        }
        h.size = Some(n as u8);
        i += digits;
    }
    if b.get(i) == Some(&b'm') && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
        let n = b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
        let m: u32 = s[i + 1..i + 1 + n].parse().unwrap_or(0);
        if !(1..=100_000).contains(&m) {
            return Err(err(
                line.at + i,
                line.at + i + 1 + n,
                "the first move number (`m`) must be 1 to 100000, such as `$$Wm67`",
            ));
        }
        h.start = m;
        i += 1 + n;
    }
    h.title = s[i..].trim().to_string();
    Ok(h)
}

fn raw_row(l: &DollarLine) -> RawRow {
    l.text
        .char_indices()
        .filter(|(_, c)| !matches!(c, ' ' | '\t' | '\r'))
        .map(|(i, c)| (c, l.at + i))
        .collect()
}

/// `|`, `+` and `-` all mean an edge (HDW).
fn is_edge(c: char) -> bool {
    matches!(c, '|' | '+' | '-')
}

fn is_edge_row(r: &RawRow) -> bool {
    r.len() >= 2 && r.iter().all(|&(c, _)| is_edge(c)) && r.iter().any(|&(c, _)| c != '|')
}

/// What a point character means; `None` for a character that is no point.
pub fn cell_of(c: char) -> Option<Cell> {
    use Color::{Black, White};
    Some(match c {
        '.' => Cell::Empty,
        ',' => Cell::Hoshi,
        '?' => Cell::Vague,
        '_' => Cell::OffBoard,
        'X' => Cell::Stone(Black),
        'O' => Cell::Stone(White),
        '1'..='9' => Cell::Move(c as u8 - b'0'),
        '0' => Cell::Move(10),
        'B' => Cell::Marked(Black, Shape::Circle),
        'W' => Cell::Marked(White, Shape::Circle),
        '#' => Cell::Marked(Black, Shape::Square),
        '@' => Cell::Marked(White, Shape::Square),
        'Y' => Cell::Marked(Black, Shape::Triangle),
        'Q' => Cell::Marked(White, Shape::Triangle),
        'Z' => Cell::Marked(Black, Shape::Cross),
        'P' => Cell::Marked(White, Shape::Cross),
        'C' => Cell::Mark(Shape::Circle),
        'S' => Cell::Mark(Shape::Square),
        'T' => Cell::Mark(Shape::Triangle),
        'M' => Cell::Mark(Shape::Cross),
        'a'..='z' => Cell::Letter(c),
        _ => return None,
    })
}

/// The message for a character that is no point.
fn not_a_point(c: char) -> String {
    let why = match c {
        '*' => " (BambooJoint's half-black stone is not Sensei's Library's)",
        c if c.is_ascii_uppercase() => " (letters on the board are lower case, a to z)",
        _ => "",
    };
    format!(
        "`{c}` is not a point of a Sensei's Library diagram{why}: write `.` (empty), `,` (star point), \
         `X` `O` (stones), `1`-`9` `0` (moves), `B` `W` `#` `@` `Y` `Q` `Z` `P` (marked stones), \
         `C` `S` `T` `M` (marks), `a`-`z` (letters), `_` (no board) or `?`"
    )
}

/// Splits off the edge rows, strips the side edges and reads the points.
fn read_grid(
    mut rows: Vec<RawRow>,
    lines: &[DollarLine],
    warnings: &mut Vec<SlError>,
) -> Result<(Vec<Vec<Cell>>, Edges), SlError> {
    let mut edges = Edges::default();
    if rows.first().is_some_and(is_edge_row) {
        edges.top = true;
        rows.remove(0);
    }
    if rows.len() > 1 && rows.last().is_some_and(is_edge_row) {
        edges.bottom = true;
        rows.pop();
    }
    let Some(first) = rows.first() else {
        let last = lines[lines.len() - 1];
        return Err(err(
            lines[0].at.saturating_sub(2),
            last.at + last.text.len(),
            "this diagram has no board rows: after the header come rows of points such as `$$ . X O .`",
        ));
    };
    edges.left = first.first().is_some_and(|&(c, _)| is_edge(c));
    edges.right = first.len() > 1 && first.last().is_some_and(|&(c, _)| is_edge(c));
    let mut grid = Vec::with_capacity(rows.len());
    for row in &rows {
        grid.push(read_row(row, edges)?);
    }
    if grid.len() > MAX_SIZE as usize {
        let (_, at) = rows[MAX_SIZE as usize][0];
        return Err(err(
            at,
            at + 1,
            "more than 25 rows: boards are at most 25x25",
        ));
    }
    pad_ragged(&mut grid, &rows, warnings);
    Ok((grid, edges))
}

fn read_row(row: &RawRow, edges: Edges) -> Result<Vec<Cell>, SlError> {
    let mut points = &row[..];
    if edges.left && points.first().is_some_and(|&(c, _)| is_edge(c)) {
        points = &points[1..];
    }
    if edges.right && points.last().is_some_and(|&(c, _)| is_edge(c)) {
        points = &points[..points.len() - 1];
    }
    if is_edge_row(row) {
        let at = row[0].1;
        return Err(err(
            at,
            at + row.len(),
            "an edge row inside the board: only the first and the last rows can be edges",
        ));
    }
    if points.len() > MAX_SIZE as usize {
        let (_, at) = points[MAX_SIZE as usize];
        return Err(err(
            at,
            at + 1,
            "more than 25 points in a row: boards are at most 25x25; \
             spaces between points do not count, and every other character is a point",
        ));
    }
    points
        .iter()
        .map(|&(c, at)| {
            cell_of(c).ok_or_else(|| {
                let message = if is_edge(c) {
                    "an edge character inside a row: edges are the first or last character of a row, or a row of their own".to_string()
                } else {
                    not_a_point(c)
                };
                err(at, at + c.len_utf8(), message)
            })
        })
        .collect()
}

/// Pads short rows with points off the board, as the SL renderer draws ragged rows.
fn pad_ragged(grid: &mut [Vec<Cell>], rows: &[RawRow], warnings: &mut Vec<SlError>) {
    let cols = grid.iter().map(Vec::len).max().unwrap_or(0);
    let mut warned = false;
    for (i, row) in grid.iter_mut().enumerate() {
        if row.len() < cols {
            if !warned {
                let at = rows[i].first().map_or(0, |p| p.1);
                warnings.push(err(
                    at,
                    at + rows[i].len(),
                    format!(
                        "this row has {} points where the widest has {cols}: the missing points are \
                         read as off the board (`_`)",
                        row.len()
                    ),
                ));
                warned = true;
            }
            row.resize(cols, Cell::OffBoard);
        }
    }
}

/// The board the header and edges give must hold the grid.
fn check_fits(d: &Diagram, header: DollarLine) -> Result<(), SlError> {
    let (cols, rows) = (d.cols(), d.rows.len());
    let size = d.board_size() as usize;
    let here = err(
        header.at.saturating_sub(2),
        header.at + header.text.len(),
        "",
    );
    let fail = |message: String| {
        Err(SlError {
            message,
            ..here.clone()
        })
    };
    let e = d.edges;
    if e.left && e.right && e.top && e.bottom && cols != rows {
        return fail(format!(
            "the edges show a board {cols} wide and {rows} high: gobook draws square boards only"
        ));
    }
    if (e.left && e.right && cols != size) || (e.top && e.bottom && rows != size) {
        return fail(format!(
            "the header says the board is {size}x{size}, but the edges show {cols} columns and {rows} rows; \
             leave the size out, or draw it all"
        ));
    }
    if cols > size || rows > size {
        return fail(format!(
            "the diagram shows {cols} columns and {rows} rows, more than its {size}x{size} board holds; \
             give the size in the header, such as `$$c{}`",
            cols.max(rows).min(MAX_SIZE as usize)
        ));
    }
    Ok(())
}

/// Each move number may be shown once on a board (boards side by side number their own).
fn check_moves(d: &Diagram, lines: &[DollarLine]) -> Result<(), SlError> {
    for cols in super::boards::columns(&d.rows) {
        check_board_moves(d, cols, lines)?;
    }
    Ok(())
}

fn check_board_moves(
    d: &Diagram,
    cols: std::ops::Range<usize>,
    lines: &[DollarLine],
) -> Result<(), SlError> {
    let mut seen = [false; 11];
    for row in &d.rows {
        for cell in row.get(cols.clone()).unwrap_or_default() {
            if let Cell::Move(n) = *cell {
                if seen[n as usize] {
                    let span = block_span(lines);
                    return Err(SlError {
                        span: Span::new(span.start as usize, lines[0].at + lines[0].text.len()),
                        message: format!(
                            "move {} is shown twice: a diagram numbers each move once (1 to 9, then 0 for 10); \
                             write a later move on an occupied point in the title, such as `$$B 5 at 1`",
                            if n == 10 { 0 } else { n }
                        ),
                    });
                }
                seen[n as usize] = true;
            }
        }
    }
    Ok(())
}

fn read_link(t: &str, at: usize) -> Result<Link, SlError> {
    let bad = |m: &str| err(at, at + t.len(), m.to_string());
    let Some(inner) = t.strip_prefix('[').and_then(|s| s.strip_suffix(']')) else {
        return Err(bad("a link line is `[a|target]`, ending with `]`"));
    };
    let Some((anchor, target)) = inner.split_once('|') else {
        return Err(bad(
            "a link line is `[a|target]`: the point's character, `|`, then a page or URL",
        ));
    };
    let mut chars = anchor.trim().chars();
    let (Some(anchor), None) = (chars.next(), chars.next()) else {
        return Err(bad(
            "a link's anchor is one point character, such as `[a|NadareJoseki]`",
        ));
    };
    let target = target.trim();
    if target.is_empty() {
        return Err(bad(
            "the link has no target: write a page name or URL after `|`",
        ));
    }
    Ok(Link {
        anchor,
        target: target.to_string(),
    })
}

fn read_line(d: &Diagram, t: &str, at: usize) -> Result<Line, SlError> {
    let bad = |m: String| err(at, at + t.len(), m);
    let inner = t
        .strip_prefix('{')
        .and_then(|s| s.strip_suffix('}'))
        .ok_or_else(|| {
            bad("an arrow or line is `{AR C14 C11}` or `{LN 1:1 3:3}`, in braces".into())
        })?;
    let parts: Vec<&str> = inner.split_whitespace().collect();
    let arrow = match parts.first().map(|s| s.to_ascii_uppercase()).as_deref() {
        Some("AR") => true,
        Some("LN") => false,
        _ => {
            return Err(bad(
                "an arrow is `{AR from to}`, a line `{LN from to}`".into()
            ))
        }
    };
    let [_, from, to] = parts.as_slice() else {
        return Err(bad(
            "an arrow or line joins two points, such as `{AR C14 C11}` or `{AR 5:6 5:9}`".into(),
        ));
    };
    let from = grid_point(d, from).map_err(bad)?;
    let to = grid_point(d, to).map_err(bad)?;
    Ok(Line { arrow, from, to })
}

/// A point of an arrow: `x:y` from the top-left point as 1:1, or a board coordinate.
fn grid_point(d: &Diagram, s: &str) -> Result<Rc, String> {
    let (rows, cols) = (d.rows.len(), d.cols());
    let outside = || format!("{s} is outside the diagram ({cols} columns, {rows} rows)");
    if let Some((x, y)) = s.split_once(':') {
        let (Ok(x), Ok(y)) = (x.parse::<usize>(), y.parse::<usize>()) else {
            return Err(format!(
                "{s}: a point is x:y counted from 1:1 at the top left, or a coordinate such as C14"
            ));
        };
        if x == 0 || y == 0 || x > cols || y > rows {
            return Err(outside());
        }
        return Ok((y - 1, x - 1));
    }
    let p = Point::parse_standard(s).ok_or_else(|| {
        format!("{s}: a point is x:y counted from 1:1 at the top left, or a coordinate such as C14")
    })?;
    let (Some(left), Some(top)) = (d.first_col(), d.top_row()) else {
        return Err(format!(
            "{s}: board coordinates need the diagram's corner (a side edge and the top or bottom); use x:y from 1:1 at the top left"
        ));
    };
    let (c, r) = (
        p.col as isize - left as isize,
        top as isize - p.row as isize,
    );
    if c < 0 || r < 0 || c as usize >= cols || r as usize >= rows {
        return Err(outside());
    }
    Ok((r as usize, c as usize))
}

/// The title's "N at M" notes, as digits, where N is not on the board and M is.
fn at_notes(d: &Diagram) -> Vec<(u8, u8)> {
    let shown: Vec<u8> = d
        .rows
        .iter()
        .flatten()
        .filter_map(|c| match c {
            Cell::Move(n) => Some(*n),
            _ => None,
        })
        .collect();
    let digit = |w: &str| -> Option<u8> {
        let n: u32 = w.parse().ok()?;
        let d = if d.start > 1 && n >= d.start {
            n - d.start + 1
        } else {
            n
        };
        (1..=10).contains(&d).then_some(d as u8)
    };
    let words: Vec<&str> = d
        .title
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let mut out = Vec::new();
    for w in words.windows(3) {
        if w[1] != "at" {
            continue;
        }
        if let (Some(n), Some(m)) = (digit(w[0]), digit(w[2])) {
            if !shown.contains(&n) && shown.contains(&m) && !out.iter().any(|&(x, _)| x == n) {
                out.push((n, m));
            }
        }
    }
    out
}
