//! `gobook svg --format html` and the `interactive` blocks of `gobook md`: a player, one
//! self-contained fragment of HTML (the site's figure, data, words, script and style inline;
//! `crates/gobook-markup/src/markup/player.rs`), several of which share a page (issue #52). The browser side,
//! two players stepped and answered on one page, is `tests/browser/player.mjs`.

use crate::common;
use std::path::Path;

/// A short commented game: the start, moves 1 and 3 have comments (3 two paragraphs); the
/// last move has an arrow, whose head a player draws without an id to clash.
pub const GAME: &str = "(;GM[1]FF[4]SZ[9]PB[Kuro]PW[Shiro]C[The game starts.]\n;B[ee]C[Tengen: the centre.]\n;W[cc]\n;B[gg]C[A second move.\n\nWhite must answer it.]\n;W[cg];B[gc]AR[ee:gc])\n";

/// A problem with a correct and two wrong answers on part of the board, and a question in
/// the inline markup of paragraphs.
pub const PROBLEM: &str = "::prb sz=9 ab=A3B3C3D3E3E2E1 aw=A2B2C2D2D1 pl=b vw=A1F5 correct=\"B1(White is dead.)\" wrong=\"A1B1(White lives.);C1B1(White lives.)\" **Kill** the __white__ ^Tw group: 1 < 2 & 3.";

/// The fragment `gobook svg ARGS` writes to standard output (exit 0).
fn player(args: &[&str]) -> String {
    let r = common::gobook(args);
    assert!(
        r.status.success(),
        "gobook {args:?}: {}",
        String::from_utf8_lossy(&r.stderr)
    );
    String::from_utf8(r.stdout).unwrap()
}

/// The game's player and the problem's, made in `dir`.
pub fn players(dir: &Path) -> (String, String) {
    let game = dir.join("game.sgf");
    std::fs::write(&game, GAME).unwrap();
    let game = player(&["svg", game.to_str().unwrap(), "--format", "html"]);
    let problem = player(&["svg", "-e", PROBLEM, "--format", "html", "--width", "360"]);
    (game, problem)
}

/// A page of a blog around players, as a page gobook did not write.
pub fn page(players: &[&str]) -> String {
    let mut body = String::new();
    for (i, p) in players.iter().enumerate() {
        body.push_str(&format!(
            "<p>Paragraph {} of the post, before a board.</p>\n",
            i + 1
        ));
        body.push_str(p);
    }
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>Two players</title>\n<link rel=\"icon\" href=\"data:,\">\n\
         <style>body {{ max-width: 42rem; margin: 0 auto; padding: 0 1rem; font-family: Georgia, serif; }}</style>\n</head>\n<body>\n<main>\n<h1>A post with boards</h1>\n\
         {body}<p>The end.</p>\n</main>\n</body>\n</html>\n"
    )
}

/// What a fragment must not hold: nothing fetched from anywhere, nothing that names a place.
fn assert_self_contained(html: &str) {
    for bad in [
        "src=",
        "href=",
        "fetch(",
        "@import",
        "url(",
        "XMLHttpRequest",
        "<link",
    ] {
        assert!(!html.contains(bad), "the player holds `{bad}`");
    }
    // The one address is the SVG namespace, a name and not a request.
    let others = html
        .match_indices("http")
        .filter(|(i, _)| !html[*i..].starts_with("http://www.w3.org/2000/svg"))
        .count();
    assert_eq!(others, 0, "an address other than the SVG namespace");
    assert!(
        !without_script(html).contains(" id="),
        "a fragment with ids would clash when included twice"
    );
}

/// `html` without the text of its scripts (the site's script names ids in its comments).
fn without_script(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(i) = rest.find("<script>") {
        out.push_str(&rest[..i]);
        rest = rest[i..].split_once("</script>").map_or("", |(_, r)| r);
    }
    out + rest
}

#[test]
fn a_game_becomes_a_self_contained_player_with_its_moves_and_comments() {
    let tmp = common::tempdir();
    let (game, problem) = players(tmp.path());
    for html in [&game, &problem] {
        assert!(
            html.starts_with("<div class=\"gb-player\" lang=\"en\""),
            "{html}"
        );
        assert!(html.contains("<script class=\"gb-ui\" type=\"application/json\">"));
        assert!(
            html.contains("if (!self.gbPlayer)"),
            "the site's script, run once per page"
        );
        assert!(
            html.contains("const setup = fig =>"),
            "the site's script itself"
        );
        assert!(
            !html.lines().any(|l| l.trim().is_empty()),
            "an empty line ends a Markdown HTML block"
        );
        assert_self_contained(html);
    }
    let data = common::data_gb(&game);
    // Points are column and row from the lower left: SGF's `gg` is G3, `gc`.
    assert_eq!(
        data["m"], "Bee Wcg Bgc Wcc Bgg",
        "the whole game is replayed"
    );
    assert!(
        game.contains(
            "<li data-gb-at=\"0\"><div class=\"gb-note\"><p>The game starts.</p></div></li>"
        ),
        "{game}"
    );
    assert!(game.contains(
        "<span class=\"gb-at\">1</span><div class=\"gb-note\"><p>Tengen: the centre.</p>"
    ));
    assert!(
        game.contains("<p>A second move.</p>\n<p>White must answer it.</p>"),
        "paragraphs kept"
    );
    assert!(
        game.contains("Moves 1–5"),
        "the caption as the site writes it"
    );
    let data = common::data_gb(&problem);
    assert_eq!(data["c"], serde_json::json!([[["ba", "White is dead."]]]));
    assert!(problem.contains("class=\"gb-fig gb-prb\""));
    assert!(
        problem.contains("style=\"max-width:min(100%,360px)\""),
        "--width caps the player"
    );
}

#[test]
fn the_moves_asked_for_are_the_ones_replayed_with_their_comments() {
    let tmp = common::tempdir();
    let game = tmp.path().join("game.sgf");
    std::fs::write(&game, GAME).unwrap();
    let g = game.to_str().unwrap();
    let html = player(&["svg", g, "--format", "html", "--from", "3", "--to", "4"]);
    assert_eq!(common::data_gb(&html)["m"], "Bgc Wcc");
    assert!(
        !html.contains("Tengen"),
        "a comment before the moves shown is left out"
    );
    assert!(html.contains("data-gb-at=\"3\""));
    let html = player(&["svg", g, "--format", "html", "--move", "2"]);
    assert_eq!(common::data_gb(&html)["m"], "Bee Wcg");
    assert!(!html.contains("A second move"));
}

#[test]
fn the_output_file_names_the_format_and_gobook_replaces_only_its_own() {
    let tmp = common::tempdir();
    let out = tmp.path().join("board.html");
    let args = [
        "svg",
        "-e",
        "::dia sz=9 mv=\"C3 D4\"",
        "-o",
        out.to_str().unwrap(),
    ];
    let r = common::gobook(&args);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    assert!(std::fs::read_to_string(&out)
        .unwrap()
        .starts_with("<div class=\"gb-player\""));
    // Its own player it writes again; a page of someone else's it leaves alone.
    assert!(common::gobook(&args).status.success());
    std::fs::write(&out, "<p>my post</p>").unwrap();
    let r = common::gobook(&args);
    assert_eq!(r.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&r.stderr).contains("gobook did not write it"));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "<p>my post</p>");
    let svg = tmp.path().join("board.svg");
    let r = common::gobook(&[
        "svg",
        "-e",
        "::dia sz=9",
        "--format",
        "html",
        "-o",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(
        r.status.code(),
        Some(2),
        "--format html into a .svg file is a usage error"
    );
    assert!(String::from_utf8_lossy(&r.stderr)
        .contains("--format html does not match the file name ending in .svg"));
    let r = common::gobook(&["svg", "-e", "::dia sz=9 ab=Z9", "--format", "html"]);
    assert_eq!(
        r.status.code(),
        Some(1),
        "a mistake in the diagram is the book's error"
    );
}

#[test]
fn a_player_speaks_its_own_language_beside_others() {
    let fr = player(&["svg", "-e", PROBLEM, "--format", "html", "--lang", "fr"]);
    assert!(
        fr.starts_with("<div class=\"gb-player\" lang=\"fr\">"),
        "{fr}"
    );
    // Its words travel with it, so a French player on an English page speaks French.
    assert!(fr.contains("\"reset\":\"Recommencer\""), "{fr}");
    assert!(
        fr.contains("<span class=\"gb-to-play\">À Noir de jouer</span>"),
        "{fr}"
    );
}

#[test]
fn a_books_problem_is_a_player_with_its_question() {
    let book = common::root().join("examples/problems");
    let html = player(&[
        "svg",
        book.to_str().unwrap(),
        "--id",
        "snapback",
        "--format",
        "html",
    ]);
    assert!(
        html.contains("<p class=\"gb-question\">Black to capture.</p>"),
        "{html}"
    );
    assert!(
        common::data_gb(&html)["c"].is_array(),
        "its answers, for the script"
    );
}

#[test]
fn a_question_is_the_sites_inline_markup_escaped() {
    let tmp = common::tempdir();
    let (_, problem) = players(tmp.path());
    let q = problem
        .split_once("<p class=\"gb-question\">")
        .and_then(|(_, r)| r.split_once("</p>"))
        .unwrap_or_else(|| panic!("{problem}"))
        .0;
    assert!(
        q.starts_with("<strong>Kill</strong> the <em>white</em> <svg class=\"gb gb-sym\""),
        "{q}"
    );
    assert!(
        q.contains("aria-label=\"triangle on a white stone\""),
        "{q}"
    );
    assert!(q.ends_with("</svg> group: 1 &lt; 2 &amp; 3."), "{q}");
    assert_self_contained(&problem);
    // A link and an image of the question are their words: the player leads nowhere and
    // asks for no file.
    let linked = player(&["svg", "-e", &format!("{} See <a href=\"https://example.org\">this</a> <img url=\"x.png\" ca=\"a picture\"></img>.", PROBLEM.split(" **Kill**").next().unwrap()), "--format", "html"]);
    assert!(linked.contains("See this a picture.</p>"), "{linked}");
    assert_self_contained(&linked);
}

#[test]
fn two_players_of_a_game_with_arrows_repeat_no_id() {
    let tmp = common::tempdir();
    let (game, _) = players(tmp.path());
    assert!(
        game.contains("class=\"gb-ah\""),
        "the arrow's head is drawn"
    );
    assert!(
        !game.contains("<marker") && !game.contains("url(#"),
        "{game}"
    );
    assert_self_contained(&game);
}

#[test]
fn a_board_with_nothing_to_play_is_a_still_player() {
    let html = player(&["svg", "-e", "::dia sz=9 ab=C3 aw=D4", "--format", "html"]);
    assert!(
        !html.contains("data-gb="),
        "nothing to step through, nothing for the script"
    );
    assert!(html.contains("<svg"));
    assert_self_contained(&html);
}

#[test]
fn two_players_and_one_twice_make_a_valid_page() {
    let tmp = common::tempdir();
    let (game, problem) = players(tmp.path());
    let page = page(&[&game, &problem, &game]);
    assert_eq!(page.matches("<div class=\"gb-player\"").count(), 3);
    assert!(!without_script(&page).contains(" id="), "no id to clash");
    let vnu = common::root().join("tests/browser/node_modules/vnu-jar/build/dist/vnu.jar");
    if !vnu.is_file() || !common::have("java", "-version") {
        common::steps_aside("the Nu Html Checker (vnu-jar, java) is not installed");
        return;
    }
    let file = tmp.path().join("page.html");
    std::fs::write(&file, &page).unwrap();
    let r = common::java()
        .arg("-jar")
        .arg(&vnu)
        .args(["--format", "gnu"])
        .arg(&file)
        .output()
        .unwrap();
    let report =
        String::from_utf8_lossy(&r.stderr).into_owned() + &String::from_utf8_lossy(&r.stdout);
    assert!(
        r.status.success() && report.trim().is_empty(),
        "the Nu Html Checker:\n{report}"
    );
}

#[test]
fn md_turns_interactive_blocks_into_the_same_players() {
    let tmp = common::tempdir();
    let md = tmp.path().join("post.md");
    std::fs::write(
        &md,
        format!(
            "# A post\n\n```sgf interactive\n{GAME}```\n\nThen a problem:\n\n```gobook interactive width=360\n{PROBLEM}\n```\n\n- In a list:\n\n  ```sgf interactive from=3\n  {}  ```\n\n```sgf\n{GAME}```\n",
            GAME.replace('\n', "\n  ").trim_end()
        ),
    )
    .unwrap();
    let r = common::gobook(&["md", md.to_str().unwrap()]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let out = String::from_utf8(r.stdout).unwrap();
    assert_eq!(out.matches("<div class=\"gb-player\"").count(), 3, "{out}");
    let tmp2 = common::tempdir();
    let (game, problem) = players(tmp2.path());
    assert!(
        out.contains(game.trim_end()),
        "the sgf block is the player `gobook svg` writes"
    );
    assert!(
        out.contains(problem.trim_end()),
        "the gobook block is the player `gobook svg` writes"
    );
    assert!(
        out.contains("\n  <div class=\"gb-player\""),
        "the list item's player stays indented"
    );
    // Read back as Markdown, each player is one HTML block, its script whole.
    let html = {
        let mut s = String::new();
        pulldown_cmark::html::push_html(&mut s, pulldown_cmark::Parser::new(&out));
        s
    };
    assert_eq!(html.matches("if (!self.gbPlayer)").count(), 3);
    assert!(
        !html.contains("<p>const"),
        "no line of the script became a paragraph"
    );
    let r = common::gobook(&["md", md.to_str().unwrap()]);
    assert!(r.status.success());
    std::fs::write(&md, "```gobook interactiv\n::dia sz=9\n```\n").unwrap();
    let r = common::gobook(&["md", md.to_str().unwrap()]);
    assert_eq!(r.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&r.stderr)
        .contains("it knows caption, crop, width=PX, interactive"));
}

#[test]
fn players_on_one_page_step_answer_and_pass_axe_in_the_browser() {
    if let Some(why) = common::browser_missing() {
        common::steps_aside(&why);
        return;
    }
    let tmp = common::tempdir();
    let (game, problem) = players(tmp.path());
    let dir = tmp.path().join("page");
    std::fs::create_dir_all(&dir).unwrap();
    let fr = player(&["svg", "-e", PROBLEM, "--format", "html", "--lang", "fr"]);
    std::fs::write(dir.join("index.html"), page(&[&game, &problem, &game, &fr])).unwrap();
    let shots = common::screenshots(tmp.path());
    let (passed, out) = common::browser_script("player.mjs", &[dir.as_os_str(), shots.as_os_str()]);
    assert!(passed, "the players failed in the browser:\n{out}");
    assert!(out.contains("player: all passed"), "{out}");
}

/// The problem of [`PROBLEM`] as an SGF problem file: a right line and a wrong one.
const PROBLEM_SGF: &str = "(;GM[1]FF[4]SZ[9]AB[ag][bg][cg][dg][eg][eh][ei]AW[ah][bh][ch][dh][di]PL[B]C[Black to kill.]\n(;B[bi]C[Correct.])\n(;B[ai];W[bi]C[White lives.]))\n";

#[test]
fn a_problem_file_is_a_player_that_asks_for_the_answer() {
    let tmp = common::tempdir();
    let file = tmp.path().join("problem.sgf");
    std::fs::write(&file, PROBLEM_SGF).unwrap();
    let f = file.to_str().unwrap();
    let html = player(&["svg", f, "--problem", "--format", "html"]);
    let data = common::data_gb(&html);
    assert_eq!(data["c"][0][0][0], "ba", "B1 is right: {data}");
    assert_eq!(data["x"][0][0][0], "aa", "A1 is wrong: {data}");
    assert!(
        html.contains("<p class=\"gb-question\">Black to kill.</p>"),
        "{html}"
    );
    assert_self_contained(&html);
    assert_eq!(
        player(&["svg", f, "--problem"]),
        html,
        "a problem to answer is HTML"
    );
    let r = common::gobook(&["svg", f, "--problem", "--format", "svg"]);
    assert_eq!(
        r.status.code(),
        Some(2),
        "a problem's picture is `--move 0`"
    );
    assert!(String::from_utf8_lossy(&r.stderr).contains("give --format html"));
    let game = tmp.path().join("game.sgf");
    std::fs::write(&game, GAME).unwrap();
    let r = common::gobook(&[
        "svg",
        game.to_str().unwrap(),
        "--problem",
        "--format",
        "html",
    ]);
    assert_eq!(r.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&r.stderr).contains("cannot be read as a problem"));
    let r = common::gobook(&["svg", "-e", "::dia sz=9", "--problem", "--format", "html"]);
    assert_eq!(r.status.code(), Some(2), "--problem is for games");
    // In Markdown: `sgf interactive problem`.
    let md = tmp.path().join("post.md");
    std::fs::write(
        &md,
        format!("```sgf interactive problem\n{PROBLEM_SGF}```\n"),
    )
    .unwrap();
    let r = common::gobook(&["md", md.to_str().unwrap()]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let out = String::from_utf8(r.stdout).unwrap();
    assert_eq!(common::data_gb(&out)["c"][0][0][0], "ba");
    std::fs::write(&md, format!("```sgf problem\n{PROBLEM_SGF}```\n")).unwrap();
    let r = common::gobook(&["md", md.to_str().unwrap()]);
    assert_eq!(r.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&r.stderr).contains("write `sgf interactive problem`"));
}
