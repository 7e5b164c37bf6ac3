//! Issue #49, "the same book": print shows what the site shows. Each test builds a small
//! book to PDF and reads where its words and shapes landed with poppler (`pdftotext
//! -bbox`, `pdftoppm`): a centred paragraph's middle, a right-aligned one's right edge, a
//! `break=page` paragraph's page, an `h5` in the text's weight.

use crate::common;
use crate::pdf_build::{assert_standards, build_pdf_saying, poppler};
use std::path::{Path, PathBuf};

/// One word `pdftotext -bbox` found: its text, page (from 1) and box in points.
#[derive(Debug, Clone)]
pub struct Word {
    pub text: String,
    pub page: usize,
    pub x0: f64,
    pub x1: f64,
    pub y0: f64,
    pub y1: f64,
}

/// Builds `source` (a gobook file's text) to PDF in `dir`; gives the PDF.
pub fn pdf_of(dir: &Path, source: &str) -> PathBuf {
    let book = dir.join("same.gobook");
    std::fs::write(&book, source).unwrap();
    let out = dir.join("pdf");
    let said = build_pdf_saying(&book, &out);
    assert!(!said.contains("warning"), "{said}");
    common::files_with_ext(&out, "pdf").remove(0)
}

/// Every word of `pdf` with its page and box; None (stepping aside) without poppler.
pub fn words(pdf: &Path) -> Option<Vec<Word>> {
    let html = poppler("pdftotext", &["-bbox", pdf.to_str().unwrap(), "-"])?;
    let attr = |w: &str, name: &str| -> f64 {
        let at = w.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
        w[at..w[at..].find('"').unwrap() + at].parse().unwrap()
    };
    let mut out = Vec::new();
    for (i, page) in html.split("<page ").skip(1).enumerate() {
        for w in page.split("<word ").skip(1) {
            out.push(Word {
                text: w[w.find('>').unwrap() + 1..w.find("</word>").unwrap()].to_string(),
                page: i + 1,
                x0: attr(w, "xMin"),
                x1: attr(w, "xMax"),
                y0: attr(w, "yMin"),
                y1: attr(w, "yMax"),
            });
        }
    }
    Some(out)
}

/// The first word `text` among `words`.
pub fn word<'a>(words: &'a [Word], text: &str) -> &'a Word {
    words
        .iter()
        .find(|w| w.text == text)
        .unwrap_or_else(|| panic!("no word `{text}` in {words:?}"))
}

/// The left and right edges of the text column: the first line of a paragraph that fills it.
fn column(words: &[Word], first: &str) -> (f64, f64) {
    let w = word(words, first);
    let line: Vec<&Word> = words
        .iter()
        .filter(|o| o.page == w.page && (o.y0 - w.y0).abs() < 1.0)
        .collect();
    let right = line.iter().map(|o| o.x1).fold(f64::MIN, f64::max);
    (w.x0, right)
}

const HEAD: &str = "::book(#same) title=\"Same Book\" author=\"A. Writer\"\n\n::chapter(#one)\n\n::h2 Alignment\n\n";

#[test]
fn paragraphs_align_break_and_minor_titles_print_as_the_site_shows_them() {
    let tmp = common::tempdir();
    let pdf = pdf_of(
        tmp.path(),
        &format!(
            "{HEAD}::p Fullwidth paragraph of ordinary text that runs over the whole column so that we can see where its lines start and end.\n\n\
             ::p align=center Centred words\n\n::p align=right Rightmost words\n\n\
             ::p Plain minor title\n\n::h5 Heading minor title\n\n\
             ::h3 align=right Aligned heading\n\n::s2 align=center Subtitled centre\n\n\
             ::p Before the break.\n\n::p break=page Broken onto a new page.\n"
        ),
    );
    let Some(w) = words(&pdf) else { return };
    let (left, right) = column(&w, "Fullwidth");
    // Centred: its middle is the column's (within a point).
    let (c0, c1) = (word(&w, "Centred").x0, word(&w, "words").x1);
    let middle = (c0 + c1) / 2.0;
    assert!(
        (middle - (left + right) / 2.0).abs() < 1.5 && c0 > left + 50.0,
        "centred words at {c0}..{c1} in a column {left}..{right}"
    );
    // Right-aligned: its right edge is the column's.
    let r = word(&w, "Rightmost");
    let r1 = w
        .iter()
        .filter(|o| o.text == "words" && (o.y0 - r.y0).abs() < 1.0)
        .map(|o| o.x1)
        .next()
        .unwrap();
    assert!(
        (r1 - right).abs() < 1.5 && r.x0 > left + 100.0,
        "right-aligned words at {}..{r1} in a column {left}..{right}",
        r.x0
    );
    // An h5 is in the text's weight: its words as wide as the same words in a paragraph
    // (bold ones are wider).
    let minor: Vec<&Word> = w.iter().filter(|o| o.text == "minor").collect();
    let widths: Vec<f64> = minor.iter().map(|o| o.x1 - o.x0).collect();
    assert_eq!(widths.len(), 2, "{minor:?}");
    assert!((widths[0] - widths[1]).abs() < 0.2, "{minor:?}");
    // Headings and subtitles take their `align` too.
    let heading = w.iter().rfind(|o| o.text == "heading").unwrap();
    assert!((heading.x1 - right).abs() < 1.5, "{heading:?} {right}");
    let (s0, s1) = (word(&w, "Subtitled").x0, word(&w, "centre").x1);
    assert!(
        ((s0 + s1) / 2.0 - (left + right) / 2.0).abs() < 1.5,
        "{s0}..{s1}"
    );
    // `break=page`: on a page after the paragraph before it, at the top of that page.
    let (before, broken) = (word(&w, "Before"), word(&w, "Broken"));
    assert_eq!(broken.page, before.page + 1, "{before:?} {broken:?}");
    assert!(broken.y0 < 80.0, "{broken:?}");
}

/// Writes a PNG of `w` x `h` pixels in one colour at `path`.
pub fn png(path: &Path, w: u32, h: u32, rgb: [u8; 3]) {
    let mut p = resvg::tiny_skia::Pixmap::new(w, h).unwrap();
    p.fill(resvg::tiny_skia::Color::from_rgba8(
        rgb[0], rgb[1], rgb[2], 255,
    ));
    std::fs::write(path, p.encode_png().unwrap()).unwrap();
}

/// The images `pdfimages -list` finds (their transparency masks left out): page and pixel
/// width of each.
pub fn images(pdf: &Path) -> Option<Vec<(usize, u32)>> {
    let list = poppler("pdfimages", &["-list", pdf.to_str().unwrap()])?;
    Some(
        list.lines()
            .skip(2)
            .map(|l| l.split_whitespace().collect::<Vec<&str>>())
            .filter(|f| f[2] == "image")
            .map(|f| (f[0].parse().unwrap(), f[3].parse().unwrap()))
            .collect(),
    )
}

#[test]
fn bullets_line_their_texts_up_after_the_widest_label_and_print_image_bullets() {
    let tmp = common::tempdir();
    png(&tmp.path().join("dot.png"), 40, 40, [200, 30, 30]);
    let pdf = pdf_of(
        tmp.path(),
        &format!(
            "{HEAD}::p style=bullet Variation 100:\\tFirsttext of the first variation, long enough to wrap over more than one line in the column of the page.\n\n\
             ::p style=bullet Variation 2:\\tSecondtext.\n\n\
             ::p style=bullet <img url=\"dot.png\" href=\"http://example.org\"></img>\\tImagetext after a picture.\n"
        ),
    );
    let Some(w) = words(&pdf) else { return };
    // Still PDF/A-2a and PDF/UA-1: the new shapes and pictures keep the tags.
    assert_standards(&pdf, "Same Book", "A. Writer", "en");
    // The label whole on its line (not hyphenated into a narrow column), the texts after
    // the widest label, both at one indent.
    let (label, first, second) = (
        word(&w, "100:"),
        word(&w, "Firsttext"),
        word(&w, "Secondtext."),
    );
    assert!((label.y0 - first.y0).abs() < 1.0, "{label:?} {first:?}");
    assert!(
        label.x1 < first.x0,
        "label over the text: {label:?} {first:?}"
    );
    assert!((first.x0 - second.x0).abs() < 0.5, "{first:?} {second:?}");
    assert!(
        !w.iter()
            .any(|o| o.text.starts_with("Vari") && o.text != "Variation"),
        "{w:?}"
    );
    // The image bullet is printed, on the page of its text, its text indented after it.
    let Some(imgs) = images(&pdf) else { return };
    let image_text = word(&w, "Imagetext");
    assert_eq!(imgs, vec![(image_text.page, 40)], "{imgs:?}");
    assert!(
        image_text.x0 > word(&w, "Variation").x0 + 10.0,
        "{image_text:?}"
    );
}

/// The grey levels (0 black, 255 white) of page `page` of `pdf` between the points
/// `(x0, y0)` and `(x1, y1)`, rendered at 288 dpi (four pixels a point), by rows.
pub fn pixels(
    pdf: &Path,
    page: usize,
    (x0, y0): (f64, f64),
    (x1, y1): (f64, f64),
) -> Option<Vec<Vec<u8>>> {
    let dir = common::tempdir();
    let prefix = dir.path().join("crop");
    let px = |v: f64| ((v * 4.0).round() as i64).to_string();
    let p = page.to_string();
    poppler(
        "pdftoppm",
        &[
            "-gray",
            "-r",
            "288",
            "-singlefile",
            "-f",
            &p,
            "-l",
            &p,
            "-x",
            &px(x0),
            "-y",
            &px(y0),
            "-W",
            &px(x1 - x0),
            "-H",
            &px(y1 - y0),
            pdf.to_str().unwrap(),
            prefix.to_str().unwrap(),
        ],
    )?;
    let pgm = std::fs::read(dir.path().join("crop.pgm")).unwrap();
    // P5, width, height, maximum, one whitespace, then the bytes.
    let mut fields = Vec::new();
    let mut at = 0;
    while fields.len() < 4 {
        while pgm[at].is_ascii_whitespace() {
            at += 1;
        }
        let start = at;
        while !pgm[at].is_ascii_whitespace() {
            at += 1;
        }
        fields.push(String::from_utf8_lossy(&pgm[start..at]).into_owned());
    }
    let w: usize = fields[1].parse().unwrap();
    Some(pgm[at + 1..].chunks(w).map(<[u8]>::to_vec).collect())
}

/// What a symbol printed between the words `before` and `after` looks like: the width of
/// its ink (dark pixels' extent, in pixels), its dark pixels, and its light pixels inside
/// the extent of its ink.
fn symbol_between(pdf: &Path, w: &[Word], before: &str, after: &str) -> (usize, usize, usize) {
    let (b, a) = (word(w, before), word(w, after));
    let g = pixels(
        pdf,
        b.page,
        (b.x1 + 0.5, b.y0 - 2.0),
        (a.x0 - 0.5, b.y1 + 2.0),
    )
    .unwrap();
    let dark = |v: u8| v < 100;
    let cols: Vec<usize> = (0..g[0].len())
        .filter(|&x| g.iter().any(|r| dark(r[x])))
        .collect();
    let rows: Vec<usize> = (0..g.len())
        .filter(|&y| g[y].iter().any(|&v| dark(v)))
        .collect();
    let (Some(&l), Some(&r), Some(&t), Some(&bt)) =
        (cols.first(), cols.last(), rows.first(), rows.last())
    else {
        return (0, 0, 0);
    };
    let inside = (t..=bt).flat_map(|y| (l..=r).map(move |x| (x, y)));
    let (mut darks, mut lights) = (0, 0);
    for (x, y) in inside {
        if dark(g[y][x]) {
            darks += 1;
        } else if g[y][x] > 200 {
            lights += 1;
        }
    }
    (r - l + 1, darks, lights)
}

#[test]
fn marked_stones_in_the_text_print_their_marks_and_a_plain_circle_is_small() {
    let tmp = common::tempdir();
    let pdf = pdf_of(
        tmp.path(),
        &format!(
            "{HEAD}::p Aa ^Tb Ab and Ba ^Ob Bb and Ca ^Xb Cb end.\n\n\
             ::p Da ^Sw Db and Ea ^Ow Eb and Fa ^Dw Fb end.\n\n::p Ga ^O Gb end.\n"
        ),
    );
    let Some(w) = words(&pdf) else { return };
    // Still PDF/A-2a and PDF/UA-1: the new shapes and pictures keep the tags.
    assert_standards(&pdf, "Same Book", "A. Writer", "en");
    let sym = |a: &str, b: &str| symbol_between(&pdf, &w, a, b);
    let (black, marked_black, crossed) = (sym("Ba", "Bb"), sym("Aa", "Ab"), sym("Ca", "Cb"));
    let (white, square, diamond) = (sym("Ea", "Eb"), sym("Da", "Db"), sym("Fa", "Fb"));
    // A stone is about four fifths of an em (11.3 pt, 45 pixels) wide.
    assert!((30..=45).contains(&black.0), "black stone {black:?}");
    // A mark on a black stone is light ink inside it, one on a white stone dark ink.
    for (name, m) in [("triangle", marked_black), ("cross", crossed)] {
        assert!(
            m.0 == black.0 || m.0.abs_diff(black.0) <= 2,
            "{name} {m:?} {black:?}"
        );
        assert!(
            m.2 > black.2 + 40,
            "no {name} on the black stone: {m:?} {black:?}"
        );
    }
    for (name, m) in [("square", square), ("diamond", diamond)] {
        assert!(
            m.1 > white.1 + 40,
            "no {name} on the white stone: {m:?} {white:?}"
        );
    }
    // `^O` alone is a small circle, not a stone.
    let plain = sym("Ga", "Gb");
    assert!(
        plain.0 * 10 < white.0 * 7 && plain.0 > 5,
        "{plain:?} {white:?}"
    );
}

/// The runs of ink (grey below `light`) along the line `y` points down page `page` of
/// `pdf`: where each starts and ends, in points.
fn ink_along(pdf: &Path, page: usize, y: f64, light: u8) -> Vec<(f64, f64)> {
    let g = pixels(pdf, page, (0.0, y), (420.0, y + 0.5)).unwrap();
    let row = &g[0];
    let mut out = Vec::new();
    let mut start = None;
    for (x, v) in row.iter().copied().enumerate().chain([(row.len(), 255)]) {
        match (v < light, start) {
            (true, None) => start = Some(x),
            (false, Some(s)) => {
                out.push((s as f64 / 4.0, x as f64 / 4.0));
                start = None;
            }
            _ => {}
        }
    }
    out
}

/// The grey of page `page` of `pdf` at the point `(x, y)`.
fn grey_at(pdf: &Path, page: usize, x: f64, y: f64) -> u8 {
    pixels(pdf, page, (x, y), (x + 0.25, y + 0.25)).unwrap()[0][0]
}

#[test]
fn images_print_aligned_framed_side_by_side_and_scaled_as_on_the_site() {
    let tmp = common::tempdir();
    let d = tmp.path();
    png(&d.join("small.png"), 120, 80, [230, 200, 40]);
    png(&d.join("sq.png"), 300, 300, [40, 180, 60]);
    png(&d.join("big.png"), 2000, 600, [40, 120, 200]);
    let img = |attrs: &str, ca: &str| format!("::img {attrs} ca=\"{ca}\"\n\n");
    // A line to find the column by on each page.
    const LINE: &str = "paragraph of ordinary text that runs over the whole column so that we can see where its lines start.";
    let pdf = pdf_of(
        d,
        &format!(
            "{HEAD}::p Fullwidth paragraph of ordinary text that runs over the whole column so that we can see where its lines start.\n\n{}{}{}::p break=page Sidebyside {LINE}\n\n{}{}{}{}{}::p break=page Scaled {LINE}\n\n{}{}",
            img("url=\"small.png\" align=left border=1", "Lefty"),
            img("url=\"small.png\" align=right shadow=1", "Righty"),
            img("url=\"small.png\" fill=1", "Filly"),
            img("url=\"sq.png\" width=half", "Halfa"),
            img("url=\"sq.png\" width=half", "Halfb"),
            img("url=\"sq.png\" width=third", "Thirda"),
            img("url=\"sq.png\" width=third", "Thirdb"),
            img("url=\"sq.png\" width=third", "Thirdc"),
            img("url=\"big.png\" width=half scale=0.5", "Quarter"),
            img("url=\"small.png\" scale=3", "Tripled"),
        ),
    );
    let Some(w) = words(&pdf) else { return };
    // Still PDF/A-2a and PDF/UA-1: the new shapes and pictures keep the tags.
    assert_standards(&pdf, "Same Book", "A. Writer", "en");
    let (left, right) = column(&w, "Fullwidth");
    let near = |a: f64, b: f64| (a - b).abs() < 2.0;
    // The ink of the picture just above a caption.
    let above = |ca: &str| {
        let c = word(&w, ca);
        (c.page, c.y0 - 8.0, ink_along(&pdf, c.page, c.y0 - 8.0, 250))
    };
    // `align=left` with a border: at the column's left, its edge dark.
    let (p, y, ink) = above("Lefty");
    assert!(ink.len() == 1 && near(ink[0].0, left), "{ink:?} {left}");
    assert!(grey_at(&pdf, p, ink[0].0 + 0.2, y) < 80, "no border");
    // `align=right` with a shadow: at the column's right, a faint shade beyond its edge.
    let (p, y, _) = above("Righty");
    let (inside, shade, beyond) = (
        grey_at(&pdf, p, right - 1.0, y),
        grey_at(&pdf, p, right + 1.5, y),
        grey_at(&pdf, p, right + 9.0, y),
    );
    assert!(grey_at(&pdf, p, right - 60.0, y) < 195, "not at the right");
    assert!(
        inside < 195 && (196..250).contains(&shade) && beyond > 250,
        "no shadow at the column's right: {inside} {shade} {beyond}"
    );
    // `fill`: a dark ground around the picture, which is centred.
    let (p, y, ink) = above("Filly");
    let (x0, x1) = ink[0];
    assert!(near((x0 + x1) / 2.0, (left + right) / 2.0), "{ink:?}");
    assert!(grey_at(&pdf, p, x0 + 2.0, y) < 80, "no fill: {ink:?}");
    // Two halves, then three thirds, side by side, filling the line.
    // The text is as wide on every page; where it starts differs (odd and even pages).
    let width = right - left;
    let left = word(&w, "Sidebyside").x0;
    let right = left + width;
    let (_, _, halves) = above("Halfa");
    assert_eq!(halves.len(), 2, "{halves:?}");
    assert!(
        near(halves[0].0, left) && near(halves[1].1, right),
        "{halves:?}"
    );
    let (_, _, thirds) = above("Thirda");
    assert_eq!(thirds.len(), 3, "{thirds:?}");
    assert!(
        near(thirds[0].0, left) && near(thirds[2].1, right),
        "{thirds:?}"
    );
    assert!(near(thirds[1].1 - thirds[1].0, thirds[0].1 - thirds[0].0));
    // `scale` with a `width` is of that width; `scale` above 1 grows up to the column.
    let left = word(&w, "Scaled").x0;
    let right = left + width;
    let (_, _, quarter) = above("Quarter");
    let q = quarter[0].1 - quarter[0].0;
    assert!(near(q, (right - left) / 4.0), "{quarter:?}");
    let (_, _, tripled) = above("Tripled");
    assert!(
        near(tripled[0].0, left) && near(tripled[0].1, right),
        "{tripled:?} {left} {right}"
    );
}

#[test]
fn a_page_reference_comes_before_the_full_stop_its_link_ends_with() {
    let tmp = common::tempdir();
    let pdf = pdf_of(
        tmp.path(),
        &format!(
            "{HEAD}::p <a href=\"far\">Read the far chapter.</a> Then <a href=\"far\">the same, asked?</a> Or <a href=\"far\">plainly</a>.\n\n\
             ::chapter(#far)\n\n::h2 Far Away\n\n::p The far text.\n"
        ),
    );
    let Some(t) = poppler("pdftotext", &[pdf.to_str().unwrap(), "-"]) else {
        return;
    };
    let flat = t.split_whitespace().collect::<Vec<_>>().join(" ");
    // The chapter's page: its heading's, after the contents line that names it.
    let far = words(&pdf)
        .unwrap()
        .iter()
        .rfind(|w| w.text == "Away")
        .unwrap()
        .page;
    for said in [
        format!("Read the far chapter, p. {far}. Then"),
        format!("the same, asked, p. {far}? Or"),
        format!("plainly, p. {far}."),
    ] {
        assert!(flat.contains(&said), "no `{said}` in {flat}");
    }
    assert!(!flat.contains("., p."), "{flat}");
}

#[test]
fn a_solution_names_its_problem_with_the_page_before_the_full_stop() {
    // A problem without a caption is named by its question ("Black to play."); the answer
    // at the end of the book gives its page as a link does: "Black to play, p. 3.".
    let tmp = common::tempdir();
    std::fs::write(tmp.path().join("gobook.toml"), "pdf_solutions = \"book\"\n").unwrap();
    let pdf = pdf_of(
        tmp.path(),
        &format!(
            "{HEAD}::prb(#p) sz=9 ab=C3D3 aw=C4D4 pl=b correct=E4\n\nBlack to play.\n\n\
             ::chapter(#two)\n\n::h2 Later\n\n::p More text.\n"
        ),
    );
    let Some(t) = poppler("pdftotext", &[pdf.to_str().unwrap(), "-"]) else {
        return;
    };
    let flat = t.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("Black to play, p. "), "{flat}");
    assert!(!flat.contains("., p."), "{flat}");
}

#[test]
fn an_answer_on_its_problems_page_names_no_page() {
    // A small problem's answers follow it on its page: "Problem 7, p. 5" on page 5 says
    // nothing a reader needs, as a link to this page gives no page either.
    let tmp = common::tempdir();
    let pdf = pdf_of(
        tmp.path(),
        &format!("{HEAD}::prb(#p) sz=9 ab=C3D3 aw=C4D4 pl=b ca=\"Problem 7\" correct=E4\n\nBlack to play.\n"),
    );
    let Some(all) = words(&pdf) else {
        return;
    };
    let sevens: Vec<&Word> = all.iter().filter(|w| w.text == "7").collect();
    assert!(sevens.len() >= 2, "the problem and its answer");
    assert!(
        sevens.iter().all(|w| w.page == sevens[0].page),
        "not one page"
    );
    let t = poppler("pdftotext", &[pdf.to_str().unwrap(), "-"]).unwrap();
    let flat = t.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(!flat.contains("Problem 7, p."), "{flat}");
}

#[test]
fn the_examples_print_no_words_for_a_screen() {
    // Words that only a screen makes true ("click a point to answer"): a printed page
    // cannot be clicked. The examples are what authors copy.
    let screen = ["click", "klick", "tap ", "tippe", "クリック", "タップ"];
    for dir in std::fs::read_dir(common::root().join("examples")).unwrap() {
        let dir = dir.unwrap().path();
        if !dir.is_dir() {
            continue;
        }
        let tmp = common::tempdir();
        build_pdf_saying(&dir, tmp.path());
        for pdf in common::files_with_ext(tmp.path(), "pdf") {
            let Some(t) = poppler("pdftotext", &[pdf.to_str().unwrap(), "-"]) else {
                return;
            };
            let flat = t
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
                .to_lowercase();
            for w in screen {
                assert!(!flat.contains(w), "`{w}` in {}: {flat}", pdf.display());
            }
        }
    }
}

/// The text of each `<span class="CLASS">` of the site's page `html`, in order.
fn spans<'a>(html: &'a str, class: &str) -> Vec<&'a str> {
    let open = format!("<span class=\"{class}\">");
    html.split(open.as_str())
        .skip(1)
        .map(|s| &s[..s.find("</span>").unwrap()])
        .collect()
}

#[test]
fn a_japanese_or_chinese_caption_prints_in_its_own_punctuation_as_the_site_says_it() {
    // A caption, who is to play and the move range share a line in print (and in a board's
    // accessible title on the site), where the site shows each as a line of its own: in
    // Japanese and Chinese they are joined by an ideographic space, as their typography
    // spaces no dash, never by the " — " of Western text.
    let tmp = common::tempdir();
    let book = tmp.path().join("cjk.gobook");
    std::fs::write(
        &book,
        "::book_en_ja_cn(#cjk) title=\"Figures\" title_ja=\"譜\" title_cn=\"谱\"\n\n::chapter(#one)\n\n::h2 Game\n\n\
         ::fig(#f1) sz=9 ab=B1 pl=w mv=A1A2B2A1C3D4 ca_en=\"Figure 1\" ca_ja=\"第1譜\" ca_cn=\"第1谱\" showFromTo=1 showToPlay=1\n\n\
         ::p_en Black takes.\n\n::p_ja 黒が取ります。\n\n::p_cn 黑提。\n",
    )
    .unwrap();
    let site = tmp.path().join("site");
    let o = common::gobook(&[
        "build",
        "-q",
        "-o",
        site.to_str().unwrap(),
        book.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let pdfs = tmp.path().join("pdf");
    build_pdf_saying(&book, &pdfs);
    for (lang, joined, gaps) in [
        ("en", "Figure 1 — White to play — Moves 1–6", "4 at 1"),
        ("ja", "第1譜\u{3000}白番\u{3000}第1–6手", "4は1"),
        ("cn", "第1谱\u{3000}白先\u{3000}第1–6手", "4在1位"),
    ] {
        let html = std::fs::read_to_string(site.join(lang).join("index.html")).unwrap();
        let lines: Vec<&str> = ["gb-caption", "gb-to-play", "gb-from-to"]
            .iter()
            .flat_map(|c| spans(&html, c))
            .collect();
        let sep = if lang == "en" { " — " } else { "\u{3000}" };
        assert_eq!(lines.join(sep), joined, "{lang}: the site's lines");
        assert_eq!(spans(&html, "gb-gaps"), [gaps], "{lang}");
        assert!(
            html.contains(&format!("<title>{joined}</title>")),
            "{lang}: {html}"
        );
        let Some(tags) = crate::pdf_build::tagged(&pdfs.join(format!("cjk-{lang}.pdf"))) else {
            return;
        };
        // poppler reads the ideographic space as a space.
        let printed = joined.replace('\u{3000}', " ");
        for line in [printed.as_str(), gaps] {
            assert!(
                tags.iter().any(|(t, w)| t == "P" && w == line),
                "{lang}: no line {line:?} in {tags:#?}"
            );
        }
        if lang != "en" {
            let western = tags
                .iter()
                .filter(|(t, w)| t == "P" && w.contains(['—', ';', ':']))
                .collect::<Vec<_>>();
            assert!(western.is_empty(), "{lang}: {western:?}");
        }
    }
}
