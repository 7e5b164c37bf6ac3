//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};

/// The project root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The files in `dir` (relative to the root) with extension `ext`, sorted.
pub fn files(dir: &str, ext: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
        .unwrap_or_else(|e| panic!("cannot read {dir}: {e}"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect();
    v.sort();
    v
}

/// Reads a book file as text (without BOM).
pub fn read_book(p: &Path) -> String {
    let bytes = std::fs::read(p).unwrap();
    let (text, _) = gobook::format::parser::decode(&bytes).unwrap();
    text.to_string()
}

pub mod samples;

/// A fresh folder in the system temp folder, removed when the returned guard drops.
pub fn tempdir() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("gobook-test-")
        .tempdir()
        .expect("a folder in the system temp folder")
}

/// The shared corpora (`../shared/corpora` from the project root). Missing: a failure under CI,
/// otherwise `None` after saying, past the test harness's capture, that the test steps aside.
pub fn corpora() -> Option<PathBuf> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpora");
    if p.is_dir() {
        return Some(p);
    }
    if std::env::var_os("CI").is_some() {
        panic!("../shared/corpora is missing (CI is set, so this is a failure)");
    }
    // `eprintln!` would be captured and shown only for failing tests; a skip must be visible.
    let _ = writeln!(
        std::io::stderr(),
        "skipping: ../shared/corpora not found ({})",
        test_name()
    );
    None
}

/// Says in one line that the running test steps aside because a tool is missing (`why`), where
/// the harness shows it: straight to the process's stderr, past the capture that hides
/// `eprintln!` of passing tests. Under `CI` a missing tool is a failure instead.
#[track_caller]
pub fn steps_aside(why: &str) {
    if std::env::var_os("CI").is_some() {
        panic!("{why} (CI is set, so a missing tool is a failure; scripts/setup.sh installs it)");
    }
    let quick = if quick() { " (quick loop)" } else { "" };
    let _ = writeln!(
        std::io::stderr(),
        "{} steps aside{quick}: {why}",
        test_name()
    );
}

/// The running test's name: libtest names each test's thread after it.
fn test_name() -> String {
    std::thread::current().name().unwrap_or("it").to_string()
}

/// The unified line diff from `expected` (the file at `path`) to `actual`, and the command that
/// rewrites the file; `None` when they are the same.
pub fn golden_diff(expected: &str, actual: &str, path: &Path) -> Option<String> {
    if expected == actual {
        return None;
    }
    let name = path
        .strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string();
    // SVG and XHTML are written on one line: a tag a line makes the diff readable.
    let (e, a) = (expected.replace("><", ">\n<"), actual.replace("><", ">\n<"));
    let (e, a) = if e == a {
        (expected, actual)
    } else {
        (&*e, &*a)
    };
    let diff = similar::TextDiff::from_lines(e, a)
        .unified_diff()
        .context_radius(3)
        .header(&name, "actual")
        .to_string();
    Some(format!(
        "{name} differs from what the test produced:\n{diff}\n\
         If the change is deliberate, rewrite it: UPDATE_GOLDEN=1 cargo test --test it {}\n",
        test_name()
    ))
}

/// Fails with a line diff (see [`golden_diff`]) unless `actual` is `expected`, the file at `path`.
#[track_caller]
pub fn assert_same(expected: &str, actual: &str, path: &Path) {
    if let Some(diff) = golden_diff(expected, actual, path) {
        panic!("{diff}");
    }
}

/// Whether golden files are to be rewritten rather than compared (`UPDATE_GOLDEN=1`).
pub fn update_golden() -> bool {
    std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v == "1")
}

/// Every file under `root` whose name ends in `.EXT` (any case), sorted; no recursion.
pub fn files_with_ext(root: &Path, ext: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut dirs = vec![root.to_path_buf()];
    while let Some(d) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p
                .extension()
                .and_then(|x| x.to_str())
                .is_some_and(|x| x.eq_ignore_ascii_case(ext))
            {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Whether this is the quick loop (`scripts/test.sh --quick` sets `GOBOOK_QUICK`): the
/// external programs that cost seconds a run ([`SLOW_TOOLS`], and Chromium) are left to the
/// whole run, and the tests that need them step aside saying so.
pub fn quick() -> bool {
    std::env::var_os("GOBOOK_QUICK").is_some()
}

/// The tools the quick loop leaves out: Java (epubcheck, the Nu Html Checker), node (the
/// browser tests, Ace, axe), calibre and Neovim.
const SLOW_TOOLS: [&str; 4] = ["java", "node", "ebook-convert", "nvim"];

/// Whether a command can be run (for optional external tools). In the quick loop, never
/// one of [`SLOW_TOOLS`].
pub fn have(cmd: &str, arg: &str) -> bool {
    if quick() && SLOW_TOOLS.contains(&cmd) {
        return false;
    }
    std::process::Command::new(cmd)
        .arg(arg)
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Whether the external tool `cmd` runs (`cmd arg` succeeds). Missing: a failure under CI,
/// otherwise `false` after saying, past the test harness's capture, that the test steps aside.
pub fn tool(cmd: &str, arg: &str) -> bool {
    if have(cmd, arg) {
        return true;
    }
    missing_tool(cmd)
}

/// Whether the program at `path` exists, as [`tool`] says it.
pub fn tool_path(path: &Path) -> bool {
    let quick_leaves = quick() && path == chromium();
    if path.is_file() && !quick_leaves {
        return true;
    }
    missing_tool(&path.display().to_string())
}

fn missing_tool(name: &str) -> bool {
    if std::env::var_os("CI").is_some() {
        panic!("{name} is missing (CI is set, so this is a failure); scripts/setup.sh installs it");
    }
    let why = if quick() && (SLOW_TOOLS.contains(&name) || Path::new(name) == chromium()) {
        "is left to scripts/test.sh by the quick loop"
    } else {
        "is not installed; scripts/setup.sh installs it"
    };
    let _ = writeln!(
        std::io::stderr(),
        "{} steps aside: {name} {why}",
        test_name()
    );
    false
}

/// `java` set up for the checkers the tests run (epubcheck, the Nu Html Checker): each
/// runs for seconds, where the JIT's optimising compiler and the parallel collector cost
/// more CPU than they save (half to two thirds of it on two cores), so only the quick
/// compiler and the serial collector; its code then takes more stack, which the Nu Html
/// Checker's schema needs deep, hence the larger stack.
pub fn java() -> std::process::Command {
    let mut cmd = std::process::Command::new("java");
    cmd.args(["-Xss16m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"]);
    cmd
}

/// Chromium for the browser tests (`CHROMIUM` overrides Debian's).
pub fn chromium() -> PathBuf {
    std::env::var_os("CHROMIUM")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/bin/chromium"))
}

/// What is missing to run the browser tests (node, chromium, playwright-core), if anything.
pub fn browser_missing() -> Option<String> {
    if quick() {
        return Some("the quick loop (GOBOOK_QUICK) leaves Chromium to scripts/test.sh".into());
    }
    let ok = std::process::Command::new("node")
        .arg("--version")
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false);
    if !ok {
        return Some("node is not installed".into());
    }
    if !chromium().is_file() {
        return Some(format!("chromium is not at {}", chromium().display()));
    }
    if !root()
        .join("tests/browser/node_modules/playwright-core")
        .is_dir()
    {
        return Some("playwright-core is not installed (npm ci --prefix tests/browser)".into());
    }
    None
}

/// Points a gobook to be spawned at the fake home folder `home` (HOME and the XDG folders), so
/// nothing a test runs reaches the real one: `--force` moves what it replaces into the trash
/// of the home folder, and the trash crate finds it through HOME and XDG_DATA_HOME.
pub fn with_home<'a>(
    cmd: &'a mut std::process::Command,
    home: &Path,
) -> &'a mut std::process::Command {
    cmd.env("HOME", home)
        .env("USERPROFILE", home)
        .env("XDG_DATA_HOME", home.join(".local/share"))
        .env("XDG_CONFIG_HOME", home.join(".config"))
        .env("XDG_CACHE_HOME", home.join(".cache"))
}

/// Runs the gobook binary with `args`, colour off, with a fake home folder of its own that is
/// removed afterwards, and returns what it did.
pub fn gobook(args: &[&str]) -> std::process::Output {
    let home = tempdir();
    with_home(
        &mut std::process::Command::new(env!("CARGO_BIN_EXE_gobook")),
        home.path(),
    )
    .args(args)
    .env("NO_COLOR", "1")
    .output()
    .unwrap()
}

/// Runs the gobook binary with `args` and `input` on its standard input, colour off.
pub fn gobook_stdin(args: &[&str], input: &[u8]) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let home = tempdir();
    let mut child = with_home(&mut Command::new(env!("CARGO_BIN_EXE_gobook")), home.path())
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

/// The last paragraph of the book `src`, resolved in `lang` as a page shows it, with
/// the checked book it belongs to.
pub fn last_paragraph(
    src: &str,
    lang: &str,
) -> (Vec<gobook::resolve::text::Rich>, gobook::check::Checked) {
    use gobook::resolve::model::BlockKind;
    use gobook::resolve::text::{self, TextContext};
    let c = gobook::check::check(src);
    let (el, raw, reference) = c
        .resolved
        .book
        .chapters
        .iter()
        .flat_map(|ch| ch.blocks.iter())
        .filter_map(|b| match &b.kind {
            BlockKind::Paragraph(p) => Some((b.element, p.raw.clone(), p.reference)),
            _ => None,
        })
        .next_back()
        .expect("a paragraph");
    let ctx = TextContext {
        resolved: &c.resolved,
        links: &c.links,
        element: el,
        lang,
        reference,
    };
    let r = text::resolve(&ctx, &raw, &mut Default::default());
    (r, c)
}

/// The `data-gb` JSON of the first diagram in `html` (a page or a part of one).
pub fn data_gb(html: &str) -> serde_json::Value {
    let data = html
        .split("data-gb=\"")
        .nth(1)
        .expect("a diagram with data")
        .split('"')
        .next()
        .unwrap_or_default();
    serde_json::from_str(&data.replace("&quot;", "\"").replace("&amp;", "&")).expect("JSON")
}

/// The entries of the EPUB `epub` whose names end with `suffix`, as text, one after another.
pub fn epub_text(epub: &Path, suffix: &str) -> String {
    let mut z = zip::ZipArchive::new(std::fs::File::open(epub).unwrap()).unwrap();
    let mut all = String::new();
    for i in 0..z.len() {
        let mut f = z.by_index(i).unwrap();
        if f.name().ends_with(suffix) {
            std::io::Read::read_to_string(&mut f, &mut all).unwrap();
        }
    }
    all
}

/// The entry `name` of the EPUB `epub`, as text.
pub fn epub_entry(epub: &Path, name: &str) -> String {
    let mut z = zip::ZipArchive::new(std::fs::File::open(epub).unwrap()).unwrap();
    let mut s = String::new();
    std::io::Read::read_to_string(&mut z.by_name(name).unwrap(), &mut s).unwrap();
    s
}

/// The text of the PDF `pdf` by poppler's `pdftotext`, with `args` before the file (`-raw`,
/// `-layout`); call [`tool`]`("pdftotext", "-v")` first.
pub fn pdf_text(pdf: &Path, args: &[&str]) -> String {
    let out = std::process::Command::new("pdftotext")
        .args(args)
        .arg(pdf)
        .arg("-")
        .output()
        .unwrap();
    assert!(out.status.success(), "pdftotext {}", pdf.display());
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Where a browser test puts its screenshots: `GOBOOK_SCREENSHOTS`, else `tmp`.
pub fn screenshots(tmp: &Path) -> PathBuf {
    std::env::var_os("GOBOOK_SCREENSHOTS")
        .map(PathBuf::from)
        .unwrap_or_else(|| tmp.to_path_buf())
}

/// Runs `tests/browser/SCRIPT` in node with `args` and the Chromium to use: whether it
/// passed, and what it printed (shown on the test's standard error too).
pub fn browser_script(script: &str, args: &[&std::ffi::OsStr]) -> (bool, String) {
    let run = std::process::Command::new("node")
        .arg(root().join("tests/browser").join(script))
        .args(args)
        .env("CHROMIUM", chromium())
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&run.stdout).into_owned();
    eprintln!("{out}{}", String::from_utf8_lossy(&run.stderr));
    (run.status.success(), out)
}
