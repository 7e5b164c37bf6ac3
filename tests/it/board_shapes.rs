//! What a board shows besides its words, its stones and marks, read back from the site's
//! SVG and from the PDF's page content, so that `same_text` can hold print to the site
//! board by board (issue #49: "every board's stones, numbers and marks are the same in the
//! SVG and the PDF"). Both editions write one drawing model (`render/svg/drawing.rs`): the
//! site as SVG, print as typst shapes. Each reader here takes a board's shapes into the
//! board's own units (24 a line, from the first grid line), where the site's and print's
//! agree whatever size and place print gives the board; words are `same_text`'s.

use lopdf::content::Content;
use std::path::Path;

/// A board's stones and marks, each list sorted.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Board {
    /// The points of its black stones: column and row from the view's top left.
    pub black: Vec<(i32, i32)>,
    /// The points of its white stones.
    pub white: Vec<(i32, i32)>,
    /// Every other shape but the board, its grid and its star points (marks, territory,
    /// lines, arrow heads, a label's clearing): how it is painted (`f` filled, `s`
    /// stroked, `b` both), whether in a light colour, and its middle in half lines.
    pub marks: Vec<(char, bool, i32, i32)>,
}

impl Board {
    /// Whether it shows nothing but a grid.
    pub fn is_empty(&self) -> bool {
        self.black.is_empty() && self.white.is_empty() && self.marks.is_empty()
    }
}

/// One shape as painted: its outlines (each subpath's points, in the board's units once
/// placed), how it is painted, in what colour, with round line ends or not.
#[derive(Clone, Debug)]
struct Shape {
    subpaths: Vec<Vec<(f64, f64)>>,
    fill: Option<[f64; 3]>,
    stroke: Option<[f64; 3]>,
    round: bool,
}

impl Shape {
    /// The colour it shows: its fill's, else its outline's.
    fn colour(&self) -> [f64; 3] {
        self.fill.or(self.stroke).unwrap_or([0.0; 3])
    }
}

/// Whether a colour is light (a white stone, a mark on a black one, a white board).
fn light(c: [f64; 3]) -> bool {
    0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2] > 0.5
}

/// Whether two colours are the same, as 8-bit values are.
fn same_colour(a: [f64; 3], b: [f64; 3]) -> bool {
    a.iter().zip(b).all(|(x, y)| (x - y).abs() < 0.01)
}

/// A board from its shapes, bottom to top, in the board's units: the first stroked shape is
/// its grid, and what is painted in the grid's colour (edges, star points) is the board's
/// too; a fill wider than two lines is its ground.
fn board_of(shapes: &[Shape]) -> Board {
    let Some(line) = shapes
        .iter()
        .find(|s| s.stroke.is_some())
        .map(Shape::colour)
    else {
        return Board::default();
    };
    let (mut dark, mut white, mut marks) = (Vec::new(), Vec::new(), Vec::new());
    for s in shapes {
        if same_colour(s.colour(), line) {
            continue;
        }
        let is_light = light(s.colour());
        let paint = match (s.fill.is_some(), s.stroke.is_some()) {
            (true, true) => 'b',
            (true, false) => 'f',
            _ => 's',
        };
        for sub in &s.subpaths {
            let Some(((x0, y0), (x1, y1))) = bounds(sub) else {
                continue;
            };
            let (span, mx, my) = ((x1 - x0).max(y1 - y0), (x0 + x1) / 2.0, (y0 + y1) / 2.0);
            if let (true, Some(stroke), true) = (s.round, s.stroke, span < 1.0) {
                // A stone: a round dot of its outline's colour on its point (the site draws
                // a black stone twice, a white one as a dark dot under a light one).
                let p = ((mx / 24.0).round() as i32, (my / 24.0).round() as i32);
                if light(stroke) { &mut white } else { &mut dark }.push(p);
            } else if s.fill.is_some() && span > 48.0 {
                continue;
            } else {
                marks.push((
                    paint,
                    is_light,
                    (mx / 12.0).round() as i32,
                    (my / 12.0).round() as i32,
                ));
            }
        }
    }
    white.sort();
    white.dedup();
    dark.sort();
    dark.dedup();
    dark.retain(|p| white.binary_search(p).is_err());
    marks.sort();
    Board {
        black: dark,
        white,
        marks,
    }
}

/// The least and greatest corner of `points`.
fn bounds(points: &[(f64, f64)]) -> Option<((f64, f64), (f64, f64))> {
    let first = *points.first()?;
    Some(
        points
            .iter()
            .fold((first, first), |((a, b), (c, d)), &(x, y)| {
                ((a.min(x), b.min(y)), (c.max(x), d.max(y)))
            }),
    )
}

/// An affine transform `[a b c d e f]`, as PDF and SVG write them: x' = a x + c y + e.
type Matrix = [f64; 6];

const IDENTITY: Matrix = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0];

/// `m` then `n`: a point through `m`, then through `n`.
fn then(m: Matrix, n: Matrix) -> Matrix {
    [
        m[0] * n[0] + m[1] * n[2],
        m[0] * n[1] + m[1] * n[3],
        m[2] * n[0] + m[3] * n[2],
        m[2] * n[1] + m[3] * n[3],
        m[4] * n[0] + m[5] * n[2] + n[4],
        m[4] * n[1] + m[5] * n[3] + n[5],
    ]
}

fn apply(m: Matrix, (x, y): (f64, f64)) -> (f64, f64) {
    (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])
}

fn inverse(m: Matrix) -> Matrix {
    let det = m[0] * m[3] - m[1] * m[2];
    let (a, b, c, d) = (m[3] / det, -m[1] / det, -m[2] / det, m[0] / det);
    [a, b, c, d, -(m[4] * a + m[5] * c), -(m[4] * b + m[5] * d)]
}

// ---- The site's SVG ----

/// The boards (`svg.gb`) among a page's HTML, in order.
pub fn site_boards(html: &str) -> Vec<Board> {
    let mut out = Vec::new();
    let mut rest = html;
    while let Some(at) = rest.find("<svg ") {
        let svg = &rest[at..];
        let end = svg.find("</svg>").map_or(svg.len(), |e| e + "</svg>".len());
        let start = &svg[..svg.find('>').unwrap_or(0)];
        if start.contains("class=\"gb\"") {
            let text = &svg[..end];
            let doc = roxmltree::Document::parse(text)
                .unwrap_or_else(|e| panic!("a board's SVG does not read as XML ({e}): {text}"));
            let mut shapes = Vec::new();
            let paint = Paint {
                fill: Some([0.0; 3]),
                stroke: None,
                round: false,
                m: IDENTITY,
            };
            svg_shapes(doc.root_element(), &paint, &mut shapes);
            out.push(board_of(&shapes));
        }
        rest = &svg[end..];
    }
    out
}

/// What an SVG element inherits.
#[derive(Clone)]
struct Paint {
    fill: Option<[f64; 3]>,
    stroke: Option<[f64; 3]>,
    round: bool,
    m: Matrix,
}

fn svg_shapes(node: roxmltree::Node, above: &Paint, out: &mut Vec<Shape>) {
    let name = node.tag_name().name();
    if matches!(
        name,
        "text" | "title" | "desc" | "defs" | "marker" | "style"
    ) {
        return;
    }
    let mut p = above.clone();
    if let Some(f) = node.attribute("fill") {
        p.fill = svg_colour(f);
    }
    if let Some(s) = node.attribute("stroke") {
        p.stroke = svg_colour(s);
    }
    if let Some(c) = node.attribute("stroke-linecap") {
        p.round = c == "round";
    }
    if let Some(t) = node.attribute("transform") {
        p.m = then(svg_transform(t), p.m);
    }
    let num = |a: &str| {
        node.attribute(a)
            .and_then(|v| v.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    let subpaths = match name {
        "path" => path_points(node.attribute("d").unwrap_or("")),
        "rect" if node.attribute("class") != Some("gb-bd") => {
            let (x, y, w, h) = (num("x"), num("y"), num("width"), num("height"));
            vec![vec![(x, y), (x + w, y + h)]]
        }
        "circle" => {
            let (x, y, r) = (num("cx"), num("cy"), num("r"));
            vec![vec![(x - r, y - r), (x + r, y + r)]]
        }
        "line" => vec![vec![(num("x1"), num("y1")), (num("x2"), num("y2"))]],
        _ => {
            for child in node.children().filter(|c| c.is_element()) {
                svg_shapes(child, &p, out);
            }
            return;
        }
    };
    let subpaths = subpaths
        .into_iter()
        .map(|s| s.into_iter().map(|pt| apply(p.m, pt)).collect())
        .collect();
    out.push(Shape {
        subpaths,
        fill: p.fill,
        stroke: p.stroke,
        round: p.round,
    });
}

/// `#rgb`, `#rrggbb`, `white`, `black`; `none` is no paint.
fn svg_colour(v: &str) -> Option<[f64; 3]> {
    let hex = |s: &str| {
        u8::from_str_radix(s, 16)
            .map(|n| n as f64 / 255.0)
            .unwrap_or(0.0)
    };
    match v.trim() {
        "none" => None,
        "white" => Some([1.0; 3]),
        "black" => Some([0.0; 3]),
        h if h.len() == 4 && h.starts_with('#') => {
            let d = |i: usize| hex(&h[i..i + 1].repeat(2));
            Some([d(1), d(2), d(3)])
        }
        h if h.len() == 7 && h.starts_with('#') => {
            Some([hex(&h[1..3]), hex(&h[3..5]), hex(&h[5..7])])
        }
        other => panic!("a board's SVG paints in {other:?}, which this test does not read"),
    }
}

/// `scale(k)`, `scale(x y)`, `translate(x y)`, `matrix(...)`, one or several.
fn svg_transform(t: &str) -> Matrix {
    let mut m = IDENTITY;
    for part in t.split(')').filter(|p| !p.trim().is_empty()) {
        let (kind, args) = part.split_once('(').unwrap_or((part, ""));
        let n: Vec<f64> = args
            .split([',', ' '])
            .filter_map(|a| a.trim().parse().ok())
            .collect();
        let step = match (kind.trim(), n.as_slice()) {
            ("scale", [k]) => [*k, 0.0, 0.0, *k, 0.0, 0.0],
            ("scale", [x, y]) => [*x, 0.0, 0.0, *y, 0.0, 0.0],
            ("translate", [x]) => [1.0, 0.0, 0.0, 1.0, *x, 0.0],
            ("translate", [x, y]) => [1.0, 0.0, 0.0, 1.0, *x, *y],
            ("matrix", [a, b, c, d, e, f]) => [*a, *b, *c, *d, *e, *f],
            other => panic!("a board's SVG has a transform this test does not read: {other:?}"),
        };
        m = then(step, m);
    }
    m
}

/// The points of each subpath of a path's data: ends and control points (an arc by its
/// ends, which for the site's circles, two half arcs, span the circle's width).
fn path_points(d: &str) -> Vec<Vec<(f64, f64)>> {
    let mut tokens = Vec::new();
    let mut num = String::new();
    let flush = |num: &mut String, tokens: &mut Vec<Token>| {
        if !num.is_empty() {
            tokens.push(Token::Num(num.parse().unwrap_or(0.0)));
            num.clear();
        }
    };
    for c in d.chars() {
        match c {
            'a'..='z' | 'A'..='Z' if c != 'e' && c != 'E' => {
                flush(&mut num, &mut tokens);
                tokens.push(Token::Cmd(c));
            }
            '-' if !num.is_empty() && !num.ends_with(['e', 'E']) => {
                flush(&mut num, &mut tokens);
                num.push(c);
            }
            '.' if num.contains('.') && !num.contains(['e', 'E']) => {
                flush(&mut num, &mut tokens);
                num.push(c);
            }
            ' ' | ',' | '\n' | '\t' => flush(&mut num, &mut tokens),
            _ => num.push(c),
        }
    }
    flush(&mut num, &mut tokens);
    let mut out: Vec<Vec<(f64, f64)>> = Vec::new();
    let (mut cur, mut start) = ((0.0, 0.0), (0.0, 0.0));
    let mut cmd = 'M';
    let mut k = 0;
    let take = |k: &mut usize, n: usize| -> Option<Vec<f64>> {
        let args: Vec<f64> = tokens
            .get(*k..*k + n)?
            .iter()
            .map(|t| match t {
                Token::Num(v) => Some(*v),
                Token::Cmd(_) => None,
            })
            .collect::<Option<_>>()?;
        *k += n;
        Some(args)
    };
    while k < tokens.len() {
        if let Token::Cmd(c) = tokens[k] {
            cmd = c;
            k += 1;
            if matches!(c, 'z' | 'Z') {
                cur = start;
                if let Some(s) = out.last_mut() {
                    s.push(cur);
                }
                continue;
            }
        }
        let rel = cmd.is_ascii_lowercase();
        let at =
            |x: f64, y: f64, cur: (f64, f64)| if rel { (cur.0 + x, cur.1 + y) } else { (x, y) };
        let n = match cmd.to_ascii_uppercase() {
            'M' | 'L' | 'T' => 2,
            'H' | 'V' => 1,
            'C' => 6,
            'S' | 'Q' => 4,
            'A' => 7,
            _ => break,
        };
        let Some(a) = take(&mut k, n) else {
            break;
        };
        let mut points = Vec::new();
        match cmd.to_ascii_uppercase() {
            'H' => cur = (if rel { cur.0 + a[0] } else { a[0] }, cur.1),
            'V' => cur = (cur.0, if rel { cur.1 + a[0] } else { a[0] }),
            'A' => cur = at(a[5], a[6], cur),
            _ => {
                for pair in a.chunks(2) {
                    points.push(at(pair[0], pair[1], cur));
                }
                cur = *points.last().unwrap();
            }
        }
        if matches!(cmd, 'M' | 'm') {
            start = cur;
            out.push(vec![cur]);
            // Further pairs after a move are lines.
            cmd = if rel { 'l' } else { 'L' };
            continue;
        }
        let sub = match out.last_mut() {
            Some(s) => s,
            None => {
                out.push(vec![(0.0, 0.0)]);
                out.last_mut().unwrap()
            }
        };
        sub.extend(points);
        sub.push(cur);
    }
    out
}

#[derive(Clone, Copy)]
enum Token {
    Num(f64),
    Cmd(char),
}

// ---- The PDF ----

/// The boards a PDF draws, page by page: each the shapes typst clips to a board's box,
/// in the units of its grid (the first stroke inside the clip).
pub fn printed_boards(pdf: &Path) -> Vec<Board> {
    let doc = lopdf::Document::load(pdf).unwrap_or_else(|e| panic!("{}: {e}", pdf.display()));
    let mut out = Vec::new();
    for (_, page) in doc.get_pages() {
        let content = doc.get_page_content(page);
        let Ok(ops) = Content::decode(&content) else {
            panic!("{}: a page's content does not decode", pdf.display());
        };
        out.extend(page_boards(&ops.operations));
    }
    out
}

/// The graphics state this reader follows.
#[derive(Clone)]
struct State {
    ctm: Matrix,
    fill: [f64; 3],
    stroke: [f64; 3],
    round: bool,
}

/// A clipped group being read: the depth of the state stack it closes at, and its shapes
/// with the transform of each (page units).
struct Clip {
    depth: usize,
    shapes: Vec<(Shape, Matrix)>,
}

fn page_boards(ops: &[lopdf::content::Operation]) -> Vec<Board> {
    let mut boards = Vec::new();
    let mut stack: Vec<State> = vec![State {
        ctm: IDENTITY,
        fill: [0.0; 3],
        stroke: [0.0; 3],
        round: false,
    }];
    let mut clips: Vec<Clip> = Vec::new();
    let mut path: Vec<Vec<(f64, f64)>> = Vec::new();
    let mut clip_next = false;
    for op in ops {
        let n: Vec<f64> = op
            .operands
            .iter()
            .filter_map(|o| match o {
                lopdf::Object::Integer(i) => Some(*i as f64),
                lopdf::Object::Real(r) => Some(*r as f64),
                _ => None,
            })
            .collect();
        let st = stack.last_mut().unwrap();
        let colour = |n: &[f64]| match n {
            [g] => Some([*g; 3]),
            [r, g, b] => Some([*r, *g, *b]),
            [c, m, y, k] => Some([
                (1.0 - c) * (1.0 - k),
                (1.0 - m) * (1.0 - k),
                (1.0 - y) * (1.0 - k),
            ]),
            _ => None,
        };
        match op.operator.as_str() {
            "q" => {
                let s = st.clone();
                stack.push(s);
            }
            "Q" => {
                stack.pop();
                if stack.is_empty() {
                    break;
                }
                while clips.last().is_some_and(|c| stack.len() < c.depth) {
                    let c = clips.pop().unwrap();
                    if let Some(b) = clip_board(&c.shapes) {
                        boards.push(b);
                    }
                }
            }
            "cm" if n.len() == 6 => st.ctm = then([n[0], n[1], n[2], n[3], n[4], n[5]], st.ctm),
            "sc" | "scn" | "g" | "rg" | "k" => {
                if let Some(c) = colour(&n) {
                    st.fill = c;
                }
            }
            "SC" | "SCN" | "G" | "RG" | "K" => {
                if let Some(c) = colour(&n) {
                    st.stroke = c;
                }
            }
            "J" => st.round = n.first() == Some(&1.0),
            "m" if n.len() == 2 => path.push(vec![apply(st.ctm, (n[0], n[1]))]),
            "l" if n.len() == 2 => {
                let p = apply(st.ctm, (n[0], n[1]));
                match path.last_mut() {
                    Some(s) => s.push(p),
                    None => path.push(vec![p]),
                }
            }
            "c" | "v" | "y" => {
                let points: Vec<_> = n.chunks(2).map(|p| apply(st.ctm, (p[0], p[1]))).collect();
                match path.last_mut() {
                    Some(s) => s.extend(points),
                    None => path.push(points),
                }
            }
            "re" if n.len() == 4 => path.push(vec![
                apply(st.ctm, (n[0], n[1])),
                apply(st.ctm, (n[0] + n[2], n[1] + n[3])),
            ]),
            "W" | "W*" => clip_next = true,
            "n" => {
                if clip_next {
                    clips.push(Clip {
                        depth: stack.len(),
                        shapes: Vec::new(),
                    });
                }
                clip_next = false;
                path.clear();
            }
            "S" | "s" | "f" | "F" | "f*" | "B" | "B*" | "b" | "b*" => {
                let o = op.operator.as_str();
                let fills = !matches!(o, "S" | "s");
                let strokes = matches!(o, "S" | "s" | "B" | "B*" | "b" | "b*");
                let shape = Shape {
                    subpaths: std::mem::take(&mut path),
                    fill: fills.then_some(st.fill),
                    stroke: strokes.then_some(st.stroke),
                    round: st.round,
                };
                if let Some(c) = clips.last_mut() {
                    c.shapes.push((shape, st.ctm));
                }
            }
            _ => {}
        }
    }
    boards
}

/// The board a clipped group draws, if it draws one (a grid): its shapes taken from the
/// page into the units of the grid's own drawing.
fn clip_board(shapes: &[(Shape, Matrix)]) -> Option<Board> {
    let (_, grid) = shapes.iter().find(|(s, _)| s.stroke.is_some())?;
    let to_board = inverse(*grid);
    let placed: Vec<Shape> = shapes
        .iter()
        .map(|(s, _)| Shape {
            subpaths: s
                .subpaths
                .iter()
                .map(|sub| sub.iter().map(|&p| apply(to_board, p)).collect())
                .collect(),
            ..s.clone()
        })
        .collect();
    Some(board_of(&placed))
}

/// The readers read what the board shows: stones of both colours, marks on black, white
/// and empty points, territory and a letter's clearing, on a whole board and in a corner,
/// the same from the site's SVG and from the PDF.
#[test]
fn both_readers_see_each_stone_and_mark_where_the_board_has_it() {
    let dir = crate::common::tempdir();
    let book = dir.path().join("book.gobook");
    std::fs::write(
        &book,
        "::book(#t)\ntitle=\"Marks\"\n\n::chapter\n\n::h2 Marks\n\n\
         ::dia sz=9 ab=\"C3 D4\" aw=\"E5 F6\" mv=\"G7 G6\" tr=C3 sq=E5 cr=D4 ma=F6 tb=A1 tw=B1 \
         a=H2 ca=\"Whole\"\n\n\
         ::dia ab=\"Q16 R17\" aw=\"R16\" tr=Q16 vw=N13T19 ca=\"Corner\"\n\nText.\n",
    )
    .unwrap();
    let out = dir.path().join("out");
    let o = crate::common::gobook(&[
        "build",
        "--pdf",
        "-q",
        "-o",
        out.to_str().unwrap(),
        book.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let html = std::fs::read_to_string(out.join("index.html")).unwrap();
    let site = site_boards(&html);
    let print = printed_boards(&out.join("t-en.pdf"));
    assert_eq!(site, print, "the site's boards, then print's");
    assert_eq!(site.len(), 2, "{site:?}");
    // Columns from A, rows from the view's top: C3 is (2, 6) on a 9x9 board.
    let whole = &site[0];
    assert_eq!(
        whole.black,
        [(2, 6), (3, 5), (6, 2)],
        "C3, D4 and the move at G7"
    );
    assert_eq!(
        whole.white,
        [(4, 4), (5, 3), (6, 3)],
        "E5, F6 and the move at G6"
    );
    let marks: Vec<_> = whole
        .marks
        .iter()
        .map(|&(p, l, x, y)| (p, l, (x, y)))
        .collect();
    for mark in [
        ('s', true, (4, 12)),  // the triangle on C3, light on black
        ('s', true, (6, 10)),  // the circle on D4
        ('s', false, (8, 8)),  // the square on E5, dark on white
        ('s', false, (10, 6)), // the cross on F6
        ('b', false, (0, 16)), // black's territory at A1
        ('b', true, (2, 16)),  // white's at B1
        ('f', true, (14, 14)), // the board cleared under the letter at H2
    ] {
        assert!(marks.contains(&mark), "{mark:?} in {marks:?}");
    }
    let corner = &site[1];
    assert_eq!(corner.black.len(), 2, "{corner:?}");
    assert_eq!(corner.white.len(), 1, "{corner:?}");
    assert_eq!(corner.marks.len(), 1, "the triangle on Q16: {corner:?}");
}
