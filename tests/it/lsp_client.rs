//! `gobook lsp` through a client someone else wrote: Neovim's built-in LSP client, headless
//! (installed by scripts/setup.sh), driven by tests/lsp/nvim_client.lua. Neovim sends the
//! edits incrementally, applies the server's code actions, rename and formatting with its
//! own code, and shows the diagnostics; this test judges what it saw.

use crate::common;
use std::process::Command;

const BOOK: &str = "::book(#b) title=\"T\"

::chapter(#one)

::h2 One

::go(#game) mv=D4Q16D16Q4

::fig(#f1) base=game at=1 to=4 ca=\"Figure 1\"

::dia base=game at=2 mv=C3

::p ref=f1 See #btp# and <a href=pd>the problem</a>.

::include url=\"part.gobook\"

::diagram base=game

::dia base=gme at=1 shwoCoords=1
";

const PART: &str = "::prb(#pd) base=none sz=9 ab=C3 aw=D3 correct=\"D4\"

::p ref=pd Black captures.
";

/// `nvim`, or `None` after saying the test steps aside (a failure under CI).
fn nvim() -> Option<&'static str> {
    common::tool("nvim", "--version").then_some("nvim")
}

#[test]
fn neovim_gets_every_feature() {
    let Some(nvim) = nvim() else { return };
    let dir = common::tempdir();
    let home = common::tempdir();
    let (book, part, out) = (
        dir.path().join("book.gobook"),
        dir.path().join("part.gobook"),
        dir.path().join("out.json"),
    );
    std::fs::write(&book, BOOK).unwrap();
    std::fs::write(&part, PART).unwrap();
    let script = common::root().join("tests/lsp/nvim_client.lua");
    let run = common::with_home(&mut Command::new(nvim), home.path())
        .args(["--headless", "-u", "NONE", "-i", "NONE", "-n", "-c"])
        .arg(format!("luafile {}", script.display()))
        .env("GOBOOK", env!("CARGO_BIN_EXE_gobook"))
        .env("BOOK", &book)
        .env("PART", &part)
        .env("OUT", &out)
        .output()
        .unwrap();
    let seen: serde_json::Value = match std::fs::read_to_string(&out) {
        Ok(t) => serde_json::from_str(&t).unwrap(),
        Err(e) => panic!(
            "no report from Neovim ({e}): {}",
            String::from_utf8_lossy(&run.stderr)
        ),
    };
    assert!(
        seen.get("error").is_none(),
        "the client failed: {}",
        seen["error"]
    );
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let s = |v: &serde_json::Value| v.as_str().unwrap_or_default().to_string();

    // Diagnostics as `check` gives them, with their codes.
    let codes: Vec<String> = seen["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| s(&d["code"]))
        .collect();
    assert_eq!(
        codes,
        ["unknown-element", "unknown-id", "unknown-attribute"],
        "{seen:#}"
    );
    assert_eq!(seen["diagnostics"][1]["line"], 18);
    // Each did-you-mean became a quick fix; applied, the book checks clean.
    let titles: Vec<String> = seen["actions"].as_array().unwrap().iter().map(s).collect();
    assert_eq!(
        titles,
        [
            "Change `diagram` to `dia`",
            "Change `gme` to `game`",
            "Change `shwoCoords` to `showCoords`"
        ]
    );
    assert_eq!(seen["diagnostics_after_fix"], serde_json::json!([]));
    let typed = &seen["diagnostics_after_typing"][0];
    assert_eq!(
        (typed["line"].as_u64(), s(&typed["code"])),
        (Some(6), "unknown-attribute".into())
    );

    // "Edit on the board" on the figure: the preview, started by the server, opened in the
    // browser at the figure's editor.
    assert_eq!(
        seen["board_actions"],
        serde_json::json!(["Edit on the board"])
    );
    let shown = s(&seen["shown"]["uri"]);
    let page = shown
        .strip_prefix("http://127.0.0.1:")
        .and_then(|r| r.split_once('/'))
        .map(|(port, page)| (port.parse::<u16>().is_ok(), page));
    assert_eq!(page, Some((true, "index.html#edit=f1")), "{shown}");
    assert_eq!(seen["shown"]["external"], true);

    // Hover: the figure as an SVG image with its caption; a standard text's words.
    let fig = s(&seen["hover_fig"]);
    assert!(
        fig.contains("![Figure 1](data:image/svg+xml;base64,"),
        "{fig}"
    );
    assert!(
        s(&seen["hover_text"]).contains("**Black to play.**"),
        "{}",
        seen["hover_text"]
    );
    // Completion of the book's IDs and the included file's.
    let ids: Vec<String> = seen["completion_ids"]
        .as_array()
        .unwrap()
        .iter()
        .map(s)
        .collect();
    for id in ["game", "f1", "pd", "none"] {
        assert!(ids.contains(&id.to_string()), "{ids:?}");
    }
    // Definition and references of `game` (its ID and three bases).
    assert_eq!(
        seen["definition"]["range"]["start"],
        serde_json::json!({"line": 6, "character": 6})
    );
    assert_eq!(
        seen["references"].as_array().unwrap().len(),
        4,
        "{}",
        seen["references"]
    );
    // The outline.
    assert_eq!(seen["symbols"][1]["name"], "chapter #one");
    assert_eq!(seen["symbols"][1]["children"][2], "fig #f1");
    // Rename across the include.
    assert!(s(&seen["book_after_rename"]).contains("<a href=ko>"));
    let part_now = s(&seen["part_after_rename"]);
    assert!(
        part_now.starts_with("::prb(#ko)") && part_now.contains("::p ref=ko "),
        "{part_now}"
    );
    // Formatting: what `gobook fmt` writes.
    let fmt = common::gobook_stdin(&["fmt", "-"], s(&seen["before_format"]).as_bytes());
    assert!(s(&seen["before_format"]).starts_with("::book(#b)    title"));
    assert_eq!(s(&seen["formatted"]), String::from_utf8_lossy(&fmt.stdout));
}
