//! `gobook import --problems`: problem files of other people (Glift's test problems)
//! become `::prb` problems whose correct and wrong sequences keep every line of the
//! answer tree; a folder becomes a chapter per folder; and the imported problem
//! takes the file's correct answer as correct in a real browser.

use crate::common::{self, gobook};

use gobook::format::schema::DiagramKind;
use gobook::import::{problem_chapter, ProblemSet};
use gobook::resolve::model::{Diagram, DiagramRole};
use gobook::sgf::{self, GameTree};
use std::path::Path;
use std::process::Command;

fn game(path: &Path) -> GameTree {
    let bytes = std::fs::read(path).unwrap();
    sgf::parse(&bytes).unwrap().collection.games.remove(0)
}

/// The one problem a file becomes, resolved, with the book text.
fn problem(path: &Path) -> (Diagram, String) {
    let g = game(path);
    let set = ProblemSet {
        title: "Problems".into(),
        problems: vec![("p".into(), &g)],
    };
    let text = problem_chapter(Some("book"), &[set]).unwrap().text;
    let c = gobook::check::check(&text);
    assert!(!c.has_errors(), "{:?}\n{text}", c.diagnostics);
    let d = c
        .resolved
        .book
        .diagrams
        .into_iter()
        .find(|d| d.role == DiagramRole::Block(DiagramKind::Prb))
        .expect("a ::prb");
    (d, text)
}

/// A sequence as its moves in standard coordinates.
fn moves(s: &gobook::format::values::Sequence) -> String {
    s.iter()
        .map(|(m, _)| match m {
            gobook::format::values::Move::Play(p) => p.to_string(),
            _ => "Pass".into(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// How many lines with moves the answer tree has (root to leaf).
fn leaves(g: &GameTree) -> usize {
    (0..g.len())
        .filter(|&n| n != sgf::ROOT && g.nodes()[n].children.is_empty())
        .count()
}

#[test]
fn problem_files_become_problems_with_every_answer() {
    let Some(root) = common::corpora() else {
        return;
    };
    // (file, correct lines, wrong lines)
    for (f, right, wrong) in [
        ("realproblem.sgf", 2, 2),
        ("complexproblem.sgf", 3, 4),
        ("twoOptions.sgf", 2, 0),
        ("easy.sgf", 1, 3),
        ("gogameguruHard.sgf", 5, 14),
    ] {
        let path = root.join("glift").join(f);
        let (d, text) = problem(&path);
        assert_eq!(
            (d.correct.len(), d.wrong.len()),
            (right, wrong),
            "{f}:\n{text}"
        );
        // Nothing of the file's answers is lost: one sequence per line of the tree.
        assert_eq!(d.correct.len() + d.wrong.len(), leaves(&game(&path)), "{f}");
        // A corner problem shows its corner, not the whole board.
        let (a, b) = d.view;
        assert!(
            b.col - a.col < 12 && b.row - a.row < 12,
            "{f}: view {a}-{b}"
        );
        assert!(b.col == 18 || a.col == 0, "{f}: the view reaches the edge");
    }
}

#[test]
fn the_answer_tree_decides_right_and_wrong() {
    let Some(root) = common::corpora() else {
        return;
    };
    // realproblem.sgf: B[nc] is right whatever White answers ("Correct" / GB[1]);
    // B[ob] ("Bad style.") is wrong in both of its lines.
    let (d, text) = problem(&root.join("glift/realproblem.sgf"));
    let right: Vec<String> = d.correct.iter().map(moves).collect();
    assert_eq!(right, ["O17 R18 N16", "O17 N16 R18"], "{text}");
    assert!(d.wrong.iter().all(|s| moves(s).starts_with("P18")));
    assert_eq!(d.to_play, gobook::point::Color::Black);
    // The comments of the moves are the sequences' texts; the root comment the problem's.
    assert_eq!(d.correct[1][2].1.as_deref(), Some("White loses his corner"));
    assert_eq!(d.wrong[0][0].1.as_deref(), Some("Bad style."));
    assert!(text.contains("Look Familiar?"));
    // easy.sgf: after the first correct move and White's pass, only B[qb] is marked
    // correct again; the other answer there (B[sa]) is wrong even though the line
    // began with a correct move.
    let (d, text) = problem(&root.join("glift/easy.sgf"));
    let right: Vec<String> = d.correct.iter().map(moves).collect();
    assert_eq!(right, ["S19 Pass R18 T19 S18"], "{text}");
    assert!(d.wrong.iter().any(|s| moves(s).starts_with("S19 Pass T19")));
}

#[test]
fn a_folder_becomes_a_chapter_per_folder_in_file_name_order() {
    let Some(root) = common::corpora() else {
        return;
    };
    let tmp = common::tempdir();
    let dir = tmp.path().join("corner");
    std::fs::create_dir_all(dir.join("more")).unwrap();
    let glift = root.join("glift");
    // p10 after p2; an old `.mgt` file and one without extension are read by content.
    std::fs::copy(glift.join("twoOptions.sgf"), dir.join("p10.sgf")).unwrap();
    std::fs::copy(glift.join("realproblem.sgf"), dir.join("p2.mgt")).unwrap();
    std::fs::copy(glift.join("easy.sgf"), dir.join("more/first")).unwrap();
    std::fs::write(dir.join("notes.txt"), "not a problem").unwrap();
    // A link back to the folder above is not followed (it would never end).
    #[cfg(unix)]
    std::os::unix::fs::symlink(&dir, dir.join("more/loop")).unwrap();
    // A collection file: each of its games is a problem.
    let mut coll = std::fs::read(glift.join("complexproblem.sgf")).unwrap();
    coll.extend(std::fs::read(glift.join("gogameguruHard.sgf")).unwrap());
    std::fs::write(dir.join("more/second.sgf"), coll).unwrap();
    let out = tmp.path().join("book.gobook");
    let r = gobook(&[
        "import",
        "--problems",
        dir.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(
        r.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&r.stderr)
    );
    let text = std::fs::read_to_string(&out).unwrap();
    let c = gobook::check::check(&text);
    assert!(!c.has_errors(), "{:?}", c.diagnostics);
    assert_eq!(c.resolved.book.chapters.len(), 2, "{text}");
    let look = text.find("Look Familiar?").unwrap();
    let two = text.find("What are the normal ways").unwrap();
    assert!(look < two, "p2 before p10");
    assert!(text.contains("::prb(#corner-p1)") && text.contains("::prb(#more-p1)"));
    assert!(text.contains("::h2 more"));
    assert!(
        text.contains("::prb(#more-p3)"),
        "a collection's games are problems: {text}"
    );
    assert!(!text.contains("::prb(#more-p4)"));
    assert!(!text.contains("::prb(#corner-p3)"));
}

/// The imported problem's correct answer is taken as correct by the page's script.
#[test]
fn the_files_correct_answer_is_correct_in_the_browser() {
    let Some(root) = common::corpora() else {
        return;
    };
    if let Some(why) = common::browser_missing() {
        assert!(
            std::env::var_os("CI").is_none(),
            "browser tests cannot run under CI: {why}"
        );
        eprintln!("SKIPPED: {why}; run scripts/setup.sh");
        return;
    }
    let tmp = common::tempdir();
    let book = tmp.path().join("problems.gobook");
    let file = root.join("glift/realproblem.sgf");
    let r = gobook(&[
        "import",
        "--problems",
        file.to_str().unwrap(),
        "-o",
        book.to_str().unwrap(),
    ]);
    assert_eq!(
        r.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&r.stderr)
    );
    let site = tmp.path().join("site");
    let r = gobook(&[
        "build",
        book.to_str().unwrap(),
        "-o",
        site.to_str().unwrap(),
    ]);
    assert_eq!(
        r.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&r.stderr)
    );
    let run = |moves: &str, want: &str| {
        let out = Command::new("node")
            .arg(common::root().join("tests/browser/problem.mjs"))
            .arg(&site)
            .arg("/index.html")
            .arg("realproblem-p1")
            .arg(moves)
            .arg(want)
            .env("CHROMIUM", common::chromium())
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            out.status.success(),
            "{moves}: {text}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        text
    };
    // Black O17 (nc), White answers, Black N16 (md): "Correct" in the file.
    assert!(run("O17 N16", "right").contains("gb-right"));
    // Black P18 (ob, "Bad style."), White R18, Black O16: the file's wrong line.
    assert!(run("P18 O16", "wrong").contains("gb-wrong"));
}

/// A whole long game read as a problem file is read (one copy of the line per node would
/// not finish: 150,000 nodes); past a limit the lines are cut, and the command says so.
/// Its speed is the benchmarks' business, not a clock's in a test.
#[test]
fn a_long_line_is_read_as_a_problem_in_linear_time() {
    for (nodes, kept) in [(150_000, true), (300_000, false)] {
        let mut sgf = String::from("(;SZ[19]");
        for k in 0..nodes {
            sgf.push_str(if k % 2 == 0 { ";B[aa]" } else { ";W[bb]" });
        }
        sgf.push(')');
        let g = sgf::parse(sgf.as_bytes())
            .unwrap()
            .collection
            .games
            .remove(0);
        let set = ProblemSet {
            title: "long".into(),
            problems: vec![("long".into(), &g)],
        };
        let imported = problem_chapter(None, &[set]).unwrap();
        // No line is marked right: the line is a variation of the position (`::var`).
        assert_eq!(imported.text.contains(" mv="), kept, "{nodes}");
        assert_eq!(
            imported
                .notes
                .iter()
                .any(|n| n.message.contains("too large")),
            !kept,
            "{:?}",
            imported.notes
        );
    }
}

/// The root's marks are drawn on the problem; those of the answer tree cannot be, and
/// are counted and named rather than lost without a word.
#[test]
fn problem_markup_is_drawn_or_counted() {
    let g = sgf::parse(b"(;SZ[9]AB[cc]AW[dc]LB[dd:a]C[Black to play];B[ee]TR[ee]C[Correct])")
        .unwrap()
        .collection
        .games
        .remove(0);
    let set = ProblemSet {
        title: "t".into(),
        problems: vec![("t.sgf".into(), &g)],
    };
    let imported = problem_chapter(Some("t"), &[set]).unwrap();
    assert!(imported.text.contains("a=D6"), "{}", imported.text);
    assert!(
        imported.text.contains("correct=\"E5\""),
        "{}",
        imported.text
    );
    assert_eq!((imported.markup.read, imported.markup.dropped), (2, 1));
    assert!(imported
        .notes
        .iter()
        .any(|n| n.message.contains("answer tree")));
}

/// A problem file written as a lesson (moves on the main line before the first branch,
/// the question in its first comment) becomes the problem at the branch: the moves are
/// played into its position (captures applied), the comment is its text, the player to
/// move is the one moving first at the branch, and the answers start there.
#[test]
fn a_lesson_is_the_problem_at_its_branch() {
    let dir = common::tempdir();
    for (name, sgf) in [
        (
            "branch",
            "(;SZ[9]AB[cc][dc]AW[cd][bc];B[bb];W[dd];B[ce]C[How does Black capture?](;B[de];W[ee];B[ed]C[Correct!])(;B[ed];W[de]C[Wrong]))",
        ),
        (
            "line",
            "(;SZ[9]AB[cc][dc]AW[cd][bc];B[bb];W[dd];B[ce]C[How does Black capture?];B[de];W[ee];B[ed]C[Correct!])",
        ),
    ] {
        let path = dir.path().join(format!("{name}.sgf"));
        std::fs::write(&path, sgf).unwrap();
        let (d, text) = problem(&path);
        assert!(text.contains("How does Black capture?"), "{name}: {text}");
        assert_eq!(d.to_play, gobook::point::Color::Black, "{name}");
        // B[bb] is on the board; W[dd] too; the setup stays.
        let has = |p: &str| d.stones.iter().any(|(q, _)| q.to_string() == p);
        assert!(has("B8") && has("D6") && has("C5") && has("C7"), "{name}: {text}");
        assert_eq!(d.correct.len(), 1, "{name}: {text}");
        assert_eq!(moves(&d.correct[0]), "D5 E5 E6", "{name}: {text}");
        assert!(!text.contains("B8 D6"), "{name}: the lesson's moves are not an answer: {text}");
    }
}

/// A plain problem whose question is on the root keeps its first moves as the answer,
/// even when its line branches later.
#[test]
fn a_problem_asked_at_the_root_is_no_lesson() {
    let dir = common::tempdir();
    let path = dir.path().join("p.sgf");
    std::fs::write(
        &path,
        "(;SZ[9]AB[cc][dc]AW[cd][bc]C[Black to play];B[bb]C[good];W[dd](;B[ce]C[Correct!])(;B[de]C[Wrong]))",
    )
    .unwrap();
    let (d, text) = problem(&path);
    assert!(text.contains("Black to play"), "{text}");
    assert!(
        !d.stones.iter().any(|(q, _)| q.to_string() == "B8"),
        "{text}"
    );
    assert_eq!(moves(&d.correct[0]), "B8 D6 C5", "{text}");
}
