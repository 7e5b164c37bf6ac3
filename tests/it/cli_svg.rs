//! `gobook svg` as a blogger uses it: one diagram by ID, or all of them.

use crate::common::{self, gobook};

fn example() -> String {
    common::root()
        .join("examples/ear-reddening")
        .display()
        .to_string()
}

/// The centre of every numbered stone's text, by label, from the SVG (condensed numbers sit
/// in a group scaled by .75 horizontally).
fn texts(svg: &str) -> Vec<(String, f64, f64)> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    doc.descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| {
            let scale = match n.parent_element()?.attribute("transform") {
                Some("scale(.75 1)") => 0.75,
                _ => 1.0,
            };
            let x: f64 = n.attribute("x")?.parse::<f64>().ok()? * scale;
            let y: f64 = n.attribute("y")?.parse().ok()?;
            Some((n.text()?.to_string(), x, y))
        })
        .collect()
}

#[test]
fn one_diagram_by_id_to_stdout() {
    let out = gobook(&["svg", &example(), "--id", "fig1"]);
    assert_eq!(out.status.code(), Some(0));
    let svg = String::from_utf8(out.stdout).unwrap();
    assert!(svg.starts_with("<svg ") && svg.trim_end().ends_with("</svg>"));
    assert!(
        svg.contains("<style>"),
        "standalone files carry their own style"
    );
    assert!(svg.contains("<title>Moves 1–50</title>"));
    // Every move of the figure is drawn where inspect says it is: R16 is col 16 (0-based),
    // row 15 from the bottom; the renderer's grid is 24 units a point from the top left.
    let t = texts(&svg);
    let one = t.iter().find(|(s, _, _)| s == "1").unwrap();
    assert_eq!(one.1, 16.0 * 24.0);
    assert!(
        (one.2 - (18.0 - 15.0) * 24.0).abs() < 8.0,
        "text sits on its point: {}",
        one.2
    );
}

#[test]
fn all_numbers_of_a_figure_are_at_their_points() {
    let out = gobook(&["svg", &example(), "--id", "fig2"]);
    let svg = String::from_utf8(out.stdout).unwrap();
    let inspect = gobook(&["inspect", &example()]);
    let v: serde_json::Value = serde_json::from_slice(&inspect.stdout).unwrap();
    let fig = v["diagrams"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["id"] == "fig2")
        .unwrap();
    let t = texts(&svg);
    for m in fig["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["shown"] == true)
    {
        let label = m["label"].as_str().unwrap();
        let p = gobook::point::Point::parse_standard(m["point"].as_str().unwrap()).unwrap();
        let (x, y) = (p.col as f64 * 24.0, (18 - p.row) as f64 * 24.0);
        let found = t
            .iter()
            .find(|(s, _, _)| s == label)
            .unwrap_or_else(|| panic!("no text {label}"));
        assert_eq!(found.1, x, "x of {label}");
        assert!(
            (found.2 - y).abs() < 8.0,
            "y of {label}: {} vs {y}",
            found.2
        );
    }
}

#[test]
fn caption_lines_under_the_board() {
    let out = gobook(&[
        "svg",
        &example(),
        "--id",
        "prb1",
        "--caption",
        "--lang",
        "de",
    ]);
    let svg = String::from_utf8(out.stdout).unwrap();
    let t: Vec<String> = texts(&svg).into_iter().map(|x| x.0).collect();
    assert!(t.iter().any(|s| s.contains("Aufgabe 1")), "{t:?}");
    let fig = String::from_utf8(gobook(&["svg", &example(), "--id", "fig1", "--caption"]).stdout)
        .unwrap();
    // The ko of moves 40-49, each recapture named by the stone it was played on.
    assert!(texts(&fig).iter().any(|x| x.0 == "43, 49 at 33; 46 at 40"));
}

#[test]
fn all_diagrams_one_file_each() {
    let tmp = common::tempdir();
    let dir = tmp.path().join("svg");
    let out = gobook(&["svg", &example(), "--all", "-o", dir.to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "001-fig1.svg",
            "002-dia1.svg",
            "003-inline.svg",
            "004-inline.svg",
            "005-var.svg",
            "006-fig2.svg",
            "007-fig3.svg",
            "008-prb1.svg",
            "009-prb2.svg"
        ]
    );
    for n in &names {
        let s = std::fs::read_to_string(dir.join(n)).unwrap();
        roxmltree::Document::parse(&s).unwrap_or_else(|e| panic!("{n}: {e}"));
    }
    // The same book gives the same bytes.
    let again = gobook(&["svg", &example(), "--id", "fig3"]);
    assert_eq!(
        again.stdout,
        std::fs::read(dir.join("007-fig3.svg")).unwrap()
    );
}

#[test]
fn usage_errors() {
    let out = gobook(&["svg", &example(), "--id", "nope"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("diagrams with IDs: fig1, dia1"));
    assert_eq!(gobook(&["svg", &example(), "--all"]).status.code(), Some(2));
    assert_eq!(gobook(&["svg", &example()]).status.code(), Some(2));
}

/// `gobook svg -o` replaces a picture it drew (running the same command again), never a
/// file it did not write unless `--force`; the same for each file of `--all -o DIR`.
#[test]
fn svg_and_png_outputs_replace_only_what_gobook_drew() {
    let tmp = common::tempdir();
    let snippet = "::dia sz=9 ab=C3 aw=D4";
    for name in ["d.svg", "d.png"] {
        let out = tmp.path().join(name);
        let out_s = out.to_str().unwrap();
        // The user's own file of that name stays as it is.
        std::fs::write(&out, b"my notes").unwrap();
        let r = gobook(&["svg", "-e", snippet, "-o", out_s]);
        assert_eq!(r.status.code(), Some(2), "{name}");
        let err = String::from_utf8_lossy(&r.stderr);
        assert!(
            err.contains("gobook did not write it") && err.contains("--force"),
            "{err}"
        );
        assert_eq!(std::fs::read(&out).unwrap(), b"my notes");
        // With --force it is replaced; then gobook's own picture is replaced without it.
        let r = gobook(&["svg", "-e", snippet, "-o", out_s, "--force"]);
        assert_eq!(
            r.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&r.stderr)
        );
        let r = gobook(&["svg", "-e", "::dia sz=9 ab=E5", "-o", out_s]);
        assert_eq!(
            r.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&r.stderr)
        );
    }
    // The PNG says who wrote it, in a standard text chunk after its header.
    let png = std::fs::read(tmp.path().join("d.png")).unwrap();
    assert_eq!(&png[37..53], b"tEXtSoftware\0gob");

    let book = tmp.path().join("b.gobook");
    std::fs::write(&book, "::book(#b)\n\n::chapter\n\n::dia(#x) sz=9 ab=C3\n").unwrap();
    let dir = tmp.path().join("pictures");
    std::fs::create_dir(&dir).unwrap();
    std::fs::write(dir.join("001-x.svg"), b"<svg>mine</svg>").unwrap();
    let args = [
        "svg",
        book.to_str().unwrap(),
        "--all",
        "-o",
        dir.to_str().unwrap(),
    ];
    let r = gobook(&args);
    assert_eq!(
        r.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&r.stderr)
    );
    assert_eq!(
        std::fs::read(dir.join("001-x.svg")).unwrap(),
        b"<svg>mine</svg>"
    );
    let mut forced = args.to_vec();
    forced.push("--force");
    assert_eq!(gobook(&forced).status.code(), Some(0));
    assert_eq!(
        gobook(&args).status.code(),
        Some(0),
        "its own files are replaced"
    );
}

#[test]
fn a_book_of_one_diagram_needs_no_id() {
    let dir = common::tempdir();
    let book = dir.path().join("one.gobook");
    std::fs::write(
        &book,
        "::book(#one)\n\n::chapter\n\n::dia(#only) sz=9 ab=C3 aw=D4\n",
    )
    .unwrap();
    let out = gobook(&["svg", book.to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8(out.stdout)
        .unwrap()
        .contains("Black stones: C3"));
    // Two diagrams: which one is the user's choice, and the message says how to make it.
    std::fs::write(
        &book,
        "::book(#one)\n\n::chapter\n\n::dia(#a) sz=9 ab=C3\n\n::dia(#b) sz=9 aw=D4\n",
    )
    .unwrap();
    let out = gobook(&["svg", book.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("has 2 diagrams") && err.contains("--id"),
        "{err}"
    );
}
