//! `gobook svg GAME.sgf`: a blogger's diagram straight from a game record.

use crate::common::{self, gobook};

use std::path::PathBuf;

fn ear() -> Option<PathBuf> {
    Some(common::corpora()?.join("littlego/sgf/Famous games/Ear-reddening game.sgf"))
}

fn svg(args: &[&str]) -> String {
    let out = gobook(args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The texts drawn (move numbers, captions), in document order.
fn texts(svg: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    doc.descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text().map(String::from))
        .collect()
}

fn title_and_desc(svg: &str) -> (String, String) {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    let get = |t: &str| {
        doc.descendants()
            .find(|n| n.has_tag_name(t))
            .and_then(|n| n.text())
            .unwrap_or("")
            .to_string()
    };
    (get("title"), get("desc"))
}

/// Move `n` of the main line (1-based, passes left out), in standard coordinates.
fn move_at(path: &std::path::Path, n: usize) -> String {
    let bytes = std::fs::read(path).unwrap();
    let g = gobook::sgf::parse(&bytes)
        .unwrap()
        .collection
        .games
        .remove(0);
    let pts: Vec<_> = gobook::sgf::main_line(&g)
        .moves
        .iter()
        .filter_map(|m| m.point)
        .collect();
    pts[n - 1].to_string()
}

#[test]
fn move_n_shows_the_board_after_it_with_the_move_circled() {
    let Some(game) = ear() else { return };
    let s = svg(&["svg", game.to_str().unwrap(), "--move", "127"]);
    let (title, desc) = title_and_desc(&s);
    assert_eq!(title, "Move 127");
    assert!(
        desc.contains(&format!("Marks: circle at {}.", move_at(&game, 127))),
        "{desc}"
    );
    assert!(
        texts(&s).is_empty(),
        "no numbers and no caption unless asked"
    );
}

#[test]
fn without_a_moment_the_final_position_has_the_last_move_circled() {
    let Some(game) = ear() else { return };
    let s = svg(&["svg", game.to_str().unwrap()]);
    let (title, desc) = title_and_desc(&s);
    assert_eq!(title, "Move 325");
    assert!(
        desc.contains(&format!("circle at {}", move_at(&game, 325))),
        "{desc}"
    );
}

#[test]
fn a_range_is_numbered_like_a_figure_of_a_book() {
    let Some(game) = ear() else { return };
    let s = svg(&[
        "svg",
        game.to_str().unwrap(),
        "--from",
        "51",
        "--to",
        "100",
        "--caption",
    ]);
    assert_eq!(title_and_desc(&s).0, "Moves 51–100");
    let t = texts(&s);
    for n in 51..=100 {
        assert!(
            t.iter().any(|x| *x == n.to_string()) || t.iter().any(|x| x.contains(&n.to_string())),
            "move {n} is missing: {t:?}"
        );
    }
    // The same figure from a book made by `gobook import` draws the same texts.
    let tmp = common::tempdir();
    let book = tmp.path().join("ear.gobook");
    let r = gobook(&[
        "import",
        game.to_str().unwrap(),
        "-o",
        book.to_str().unwrap(),
    ]);
    assert_eq!(r.status.code(), Some(0));
    let from_book = svg(&["svg", book.to_str().unwrap(), "--id", "fig2", "--caption"]);
    assert_eq!(texts(&from_book), t);
}

#[test]
fn from_alone_runs_to_the_end_and_to_alone_starts_at_one() {
    let Some(game) = ear() else { return };
    assert_eq!(
        title_and_desc(&svg(&["svg", game.to_str().unwrap(), "--from", "300"])).0,
        "Moves 300–325"
    );
    assert_eq!(
        title_and_desc(&svg(&["svg", game.to_str().unwrap(), "--to", "10"])).0,
        "Moves 1–10"
    );
}

#[test]
fn view_and_coords_show_part_of_the_board() {
    let Some(game) = ear() else { return };
    let whole = svg(&["svg", game.to_str().unwrap(), "--move", "20"]);
    let part = svg(&[
        "svg",
        game.to_str().unwrap(),
        "--move",
        "20",
        "--view",
        "A1K10",
        "--coords",
    ]);
    assert!(title_and_desc(&part).1.contains("showing A1 to K10"));
    // Stones are dots (`h.01`) in two paths, outlines and discs.
    assert!(part.matches("h.01").count() < whole.matches("h.01").count());
    assert!(
        "ABCDEFGHJK"
            .chars()
            .all(|c| texts(&part).iter().any(|t| *t == c.to_string())),
        "coordinates are drawn"
    );
    assert!(
        !texts(&whole).iter().any(|t| t == "J"),
        "and only when asked"
    );
}

#[test]
fn an_xml_game_draws_too() {
    let Some(root) = common::corpora() else {
        return;
    };
    let xml = common::files_with_ext(&root.join("gogui"), "xml")
        .into_iter()
        .find(|p| {
            std::fs::read(p)
                .ok()
                .and_then(|b| gobook::xml::read(&b).ok())
                .is_some_and(|p| {
                    !p.collection.games.is_empty()
                        && gobook::sgf::main_line(&p.collection.games[0])
                            .moves
                            .iter()
                            .any(|m| m.point.is_some())
                })
        });
    let xml = xml.expect("the corpora hold an XML game with moves");
    let s = svg(&["svg", xml.to_str().unwrap()]);
    assert!(title_and_desc(&s).0.starts_with("Move "));
}

#[test]
fn wrong_requests_are_usage_errors() {
    let Some(game) = ear() else { return };
    let g = game.to_str().unwrap();
    for args in [
        vec!["svg", g, "--move", "326"],
        vec!["svg", g, "--from", "20", "--to", "10"],
        vec!["svg", g, "--view", "Z1"],
        vec!["svg", g, "--id", "fig1"],
        vec!["svg", g, "--from", "0"],
    ] {
        let out = gobook(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!String::from_utf8_lossy(&out.stderr).is_empty());
    }
    // Game options on a book say what they are for.
    let book = common::root().join("examples/ear-reddening");
    let out = gobook(&["svg", book.to_str().unwrap(), "--move", "3"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--move applies to games"));
}

#[test]
fn an_illegal_move_in_the_game_is_a_content_error() {
    let tmp = common::tempdir();
    let f = tmp.path().join("bad.sgf");
    std::fs::write(&f, "(;SZ[9];B[cc];W[cc])").unwrap();
    let out = gobook(&["svg", f.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("illegal"));
}

/// Moves of the chosen range outside `--view` are said on the terminal, as `check` says
/// of a book's partial figure (the caption line lists them too).
#[test]
fn moves_outside_the_view_are_a_warning() {
    let tmp = common::tempdir();
    let sgf = tmp.path().join("g.sgf");
    std::fs::write(&sgf, "(;SZ[19];B[pd];W[dp];B[qp];W[dd])").unwrap();
    let out = tmp.path().join("g.svg");
    let r = gobook(&[
        "svg",
        sgf.to_str().unwrap(),
        "--from",
        "1",
        "--to",
        "4",
        "--view",
        "K1T10",
        "-o",
        out.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&r.stderr);
    assert_eq!(r.status.code(), Some(0), "{err}");
    assert!(
        err.contains("warning: moves 1, 2, 4 of the game are outside --view K1T10"),
        "{err}"
    );
    let r = gobook(&[
        "svg",
        sgf.to_str().unwrap(),
        "--from",
        "1",
        "--to",
        "4",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(!String::from_utf8_lossy(&r.stderr).contains("warning"));
}

#[test]
fn move_0_draws_a_problems_starting_position_not_its_answer() {
    let Some(corpora) = common::corpora() else {
        return;
    };
    let problem = corpora.join("glift/complexproblem.sgf");
    let problem = problem.to_str().unwrap();
    let start = svg(&["svg", problem, "--move", "0"]);
    let (title, desc) = title_and_desc(&start);
    assert_eq!(title, "Black to play.");
    assert!(!desc.contains("Marks"), "no move is marked: {desc}");
    // By default the main line is played out: the answer, its last move circled.
    let end = svg(&["svg", problem]);
    let (title, desc) = title_and_desc(&end);
    assert!(title.starts_with("Move "), "{title}");
    assert!(desc.contains("circle at"), "{desc}");
    assert!(start.matches("h.01").count() < end.matches("h.01").count());
}
