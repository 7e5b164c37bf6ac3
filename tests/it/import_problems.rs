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
        name: "Problems".into(),
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
        .map(std::sync::Arc::unwrap_or_clone)
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
    // IDs (and page names) from the folders; headings from the problems' game info, and
    // here, where the files give none, the first file's name: never the folder's name alone.
    assert!(text.contains("::prb(#corner-p1)") && text.contains("::prb(#more-p1)"));
    assert!(
        text.contains("::h2 p2") && text.contains("::h2 first"),
        "{text}"
    );
    assert!(
        !text.contains("::h2 more") && !text.contains("title=\"corner\""),
        "{text}"
    );
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
        common::steps_aside(&format!("{why}; run scripts/setup.sh"));
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
            name: "long".into(),
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
        name: "t".into(),
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

/// #48: the chapter's heading and the book's title come from the problems' game info (the
/// game name they share, else their event), never from the folder's name alone; the
/// copyright they share is the book's, holder and all; the source and annotator they share
/// are a line under the heading; each problem keeps its own. Without a copyright the print
/// edition writes no holder-less "© year" (tested in `pdf::frame`).
#[test]
fn the_chapter_is_titled_by_the_problems_game_info() {
    let tmp = common::tempdir();
    let dir = tmp.path().join("prbsel");
    std::fs::create_dir_all(&dir).unwrap();
    let prb = |n: &str, extra: &str| {
        format!("(;GM[1]FF[4]SZ[19]GN[Cho Chikun: Life and Death]EV[Elementary]CP[Copyright 1996 Kiseido]SO[The Nihon Ki-in]AN[Cho Chikun]{extra}AB[pa][pb][pc]AW[qa][qb][qc]C[Black to play {n}.];B[ra]C[Correct])")
    };
    std::fs::write(dir.join("p1.sgf"), prb("1", "")).unwrap();
    std::fs::write(dir.join("p2.sgf"), prb("2", "")).unwrap();
    let out = tmp.path().join("book.gobook");
    let r = gobook(&[
        "import",
        "--problems",
        dir.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(
        text.contains("title=\"Cho Chikun: Life and Death\""),
        "{text}"
    );
    assert!(text.contains("::h2 Cho Chikun: Life and Death"), "{text}");
    assert!(
        text.contains("copyright=\"Copyright 1996 Kiseido\""),
        "{text}"
    );
    assert!(
        text.contains("Source: The Nihon Ki-in. Annotator: Cho Chikun."),
        "{text}"
    );
    assert!(
        !text.contains("prbsel\"") && !text.contains("::h2 prbsel"),
        "{text}"
    );
    // What the book and the chapter show, a problem does not repeat.
    assert!(!text.contains("so=") && !text.contains("cp="), "{text}");
    // Names that differ: the event they share heads the chapter; a copyright only one of
    // them gives is still the book's (the other says nothing against it).
    std::fs::write(
        dir.join("p2.sgf"),
        prb("2", "")
            .replace("GN[Cho Chikun: Life and Death]", "GN[Another]")
            .replace("CP[Copyright 1996 Kiseido]", ""),
    )
    .unwrap();
    let r = gobook(&[
        "import",
        "--problems",
        dir.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--force",
    ]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(
        text.contains("::h2 Elementary") && text.contains("title=\"Elementary\""),
        "{text}"
    );
    assert!(
        text.contains("copyright=\"Copyright 1996 Kiseido\""),
        "{text}"
    );
    // A source they do not share stays with each problem.
    std::fs::write(
        dir.join("p2.sgf"),
        prb("2", "").replace("SO[The Nihon Ki-in]", "SO[Go Seigen]"),
    )
    .unwrap();
    let r = gobook(&[
        "import",
        "--problems",
        dir.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--force",
    ]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(
        text.contains("so=\"The Nihon Ki-in\"") && text.contains("so=\"Go Seigen\""),
        "{text}"
    );
    assert!(
        !text.contains("Source:") && text.contains("Annotator: Cho Chikun."),
        "{text}"
    );
}

/// #48: a file whose first node is a pass and whose position and question come after it
/// (an empty board, then the stones and "How should White respond?": Glift's
/// `passingExample.sgf`) is the problem after the pass: its stones, its question, White to
/// play, and the answers without a leading "Pass".
#[test]
fn setup_after_a_first_pass_is_the_problem() {
    let Some(root) = common::corpora() else {
        return;
    };
    let (d, text) = problem(&root.join("glift/passingExample.sgf"));
    assert!(text.contains("How should White respond?"), "{text}");
    assert_eq!(d.to_play, gobook::point::Color::White, "{text}");
    let has = |p: &str, c| d.stones.iter().any(|(q, k)| q.to_string() == p && *k == c);
    assert!(
        has("Q16", gobook::point::Color::Black) && has("R17", gobook::point::Color::White),
        "{text}"
    );
    let mut lines: Vec<String> = d.correct.iter().map(moves).collect();
    lines.sort();
    assert_eq!(lines, ["Q17 P16", "R16 Q15"], "{text}");
    assert!(!text.contains("Pass"), "{text}");
}

/// #48: one answer board per line of play. Leaves that differ only after their last move
/// (nodes of comments alone) gave the same moves twice, each its own board: the sgfc test
/// file `test-reorder.sgf` had six wrong lines of five plays. Over Glift's problems and that
/// file, every problem's site solution has as many boards as it has distinct lines.
#[test]
fn no_two_answer_boards_show_the_same_moves() {
    let Some(root) = common::corpora() else {
        return;
    };
    let tmp = common::tempdir();
    let dir = tmp.path().join("p");
    std::fs::create_dir_all(&dir).unwrap();
    for f in [
        "glift/gogameguruHard.sgf",
        "glift/complexproblem.sgf",
        "glift/easy.sgf",
        "littlego/sgf/sgfc/test-reorder.sgf",
    ] {
        let from = root.join(f);
        std::fs::copy(&from, dir.join(from.file_name().unwrap())).unwrap();
    }
    let book = tmp.path().join("p.gobook");
    let r = gobook(&[
        "import",
        "--problems",
        dir.to_str().unwrap(),
        "-o",
        book.to_str().unwrap(),
    ]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let c = gobook::check::check(&std::fs::read_to_string(&book).unwrap());
    let mut boards_wanted = Vec::new();
    for d in c
        .resolved
        .book
        .diagrams
        .iter()
        .filter(|d| d.role == DiagramRole::Block(DiagramKind::Prb))
    {
        for lines in [&d.correct, &d.wrong] {
            let mut seen: Vec<String> = lines.iter().map(moves).collect();
            let n = seen.len();
            seen.sort();
            seen.dedup();
            assert_eq!(seen.len(), n, "the same moves twice: {seen:?}");
        }
        boards_wanted.push(d.correct.len() + d.wrong.len());
    }
    let site = tmp.path().join("site");
    let r = gobook(&[
        "build",
        book.to_str().unwrap(),
        "-o",
        site.to_str().unwrap(),
    ]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let page = std::fs::read_to_string(site.join("index.html")).unwrap();
    let boards: Vec<usize> = page
        .split("<figure id=\"p-p")
        .skip(1)
        .filter(|f| f.contains("class=\"gb-fig gb-prb"))
        .map(|f| f.matches("<figure class=\"gb-answer").count())
        .collect();
    assert_eq!(boards, boards_wanted);
    // test-reorder.sgf marks no line right: its problems are diagrams with their lines as
    // variations, and a move with two leaves of comments alone is one variation, not two.
    let text = std::fs::read_to_string(&book).unwrap();
    let mut vars: Vec<(String, String)> = text
        .lines()
        .filter(|l| l.starts_with("::var("))
        .map(|l| {
            let base = l
                .split(" base=")
                .nth(1)
                .unwrap_or("")
                .split(' ')
                .next()
                .unwrap_or("");
            let moves = l
                .split(" ca=")
                .next()
                .unwrap_or("")
                .split(" at=1 ")
                .nth(1)
                .unwrap_or("");
            (base.to_string(), moves.to_string())
        })
        .collect();
    assert!(vars.len() >= 8, "{vars:?}");
    let n = vars.len();
    vars.sort();
    vars.dedup();
    assert_eq!(vars.len(), n, "a variation of the same moves twice");
}
