//! Issue #49: the examples' PDFs pass the best checkers installable here. veraPDF (the
//! PDF/A and PDF/UA validator) is in none of the package registries this project reaches
//! (Debian, PyPI, npm: only wrappers that expect its Java build installed apart), so each
//! PDF of the five examples, and one with crop marks (whose BleedBox gobook adds in an
//! incremental update), goes through `qpdf --check` (the file's syntax, cross-reference
//! tables and streams), `pdffonts` (every font embedded, with a Unicode map) and
//! `pdfinfo -struct` (tagged, one document element, headings from level 1).

use crate::common;
use crate::pdf_build::{build_pdf_saying, poppler};
use std::path::PathBuf;
use std::process::Command;

/// The PDFs of the five examples and of the problems example with crop marks, in `dir`.
fn example_pdfs(dir: &std::path::Path) -> Vec<PathBuf> {
    let root = common::root();
    let mut pdfs = Vec::new();
    for e in [
        "annotated-game",
        "ear-reddening",
        "languages",
        "multilingual",
        "problems",
    ] {
        let out = dir.join(e);
        build_pdf_saying(&root.join("examples").join(e), &out);
        pdfs.extend(common::files_with_ext(&out, "pdf"));
    }
    let marked = dir.join("marked");
    std::fs::create_dir_all(&marked).unwrap();
    std::fs::copy(
        root.join("examples/problems/problems.gobook"),
        marked.join("problems.gobook"),
    )
    .unwrap();
    std::fs::write(
        marked.join("gobook.toml"),
        "pdf_bleed = 3.0\npdf_crop_marks = true\n",
    )
    .unwrap();
    build_pdf_saying(&marked, &marked.join("out"));
    pdfs.extend(common::files_with_ext(&marked.join("out"), "pdf"));
    pdfs
}

#[test]
fn the_examples_pdfs_pass_qpdf_pdffonts_and_pdfinfo_struct() {
    if !common::tool("qpdf", "--version") {
        return;
    }
    let dir = common::tempdir();
    let pdfs = example_pdfs(dir.path());
    assert!(pdfs.len() >= 12, "{pdfs:?}");
    for pdf in &pdfs {
        let name = pdf.display();
        let path = pdf.to_str().unwrap();
        // 0: no errors and no warnings (2 and 3 are errors and warnings).
        let q = Command::new("qpdf")
            .args(["--check", path])
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&q.stdout);
        assert_eq!(
            q.status.code(),
            Some(0),
            "{name}: {said}{}",
            String::from_utf8_lossy(&q.stderr)
        );
        assert!(
            said.contains("No syntax or stream encoding errors"),
            "{name}: {said}"
        );
        let Some(fonts) = poppler("pdffonts", &[path]) else {
            return;
        };
        let rows: Vec<&str> = fonts.lines().skip(2).collect();
        assert!(!rows.is_empty(), "{name}: no fonts");
        for row in rows {
            // name, type..., then emb sub uni: each "yes".
            let cols: Vec<&str> = row.split_whitespace().collect();
            let n = cols.len();
            assert!(
                n >= 5 && cols[n - 5..n - 2].iter().all(|c| *c == "yes"),
                "{name}: a font not embedded, subset and mapped to Unicode: {row}"
            );
        }
        let info = poppler("pdfinfo", &[path]).unwrap();
        assert!(
            info.lines()
                .any(|l| l.starts_with("Tagged:") && l.ends_with("yes")),
            "{name}: {info}"
        );
        let tree = poppler("pdfinfo", &["-struct", path]).unwrap();
        let top: Vec<&str> = tree
            .lines()
            .filter(|l| !l.starts_with(' ') && !l.trim().is_empty())
            .collect();
        assert_eq!(top, ["Document"], "{name}: {tree}");
        // A contents entry is an item (`TOCI`) of a table of contents (`TOC`), as PDF/UA
        // has them, and every contents has items: none is a run of paragraphs.
        let lines: Vec<(usize, &str)> = tree
            .lines()
            .map(|l| (l.len() - l.trim_start().len(), l.trim()))
            .collect();
        for (i, &(indent, l)) in lines.iter().enumerate() {
            let parent = lines[..i].iter().rev().find(|(d, _)| *d < indent);
            if l == "TOCI" {
                assert!(parent.is_some_and(|(_, p)| *p == "TOC"), "{name}: {tree}");
            }
            if l == "TOC" {
                assert!(
                    lines.get(i + 1).is_some_and(|(_, n)| *n == "TOCI"),
                    "{name}: {tree}"
                );
            }
        }
        let first = tree
            .lines()
            .map(str::trim)
            .find(|l| l.starts_with('H') && l.as_bytes().get(1).is_some_and(u8::is_ascii_digit));
        assert!(
            first.is_some_and(|h| h.starts_with("H1 ")),
            "{name}: {first:?}"
        );
    }
}
