//! Issue #18, boundaries and cycles: the crate's modules import only downward, in the
//! order ARCHITECTURE.md gives, and the files of the command line form no cycle.
//!
//! The test reads the source, not the compiled crate: every `crate::X` path (and in
//! the binary, `gobook::X`), paths through an alias of the root (`use crate as root;`
//! then `root::X`), and `super::` paths that climb to the crate root, named
//! by file and line. Comments and string literals are skipped.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers, lowest first. A module may import any module of a lower layer and
/// none of a higher one; within a layer only the imports in [`SIBLING_IMPORTS`].
/// Every top-level module of src/ must be placed here (ARCHITECTURE.md says why each sits where it does).
const LAYERS: &[&[&str]] = &[
    // Knows nothing else of gobook.
    &["chars", "i18n", "span", "suggest", "timings"],
    &["point", "diagnostics", "escape"],
    // Reading and writing the text formats.
    &["format", "sgf", "sl", "xml"],
    // The Go rules, and what a drawn board shows.
    &["board"],
    // What the book means; `check` is the front door that parses, links, validates and resolves.
    &["resolve", "check"],
    // Tools over the resolved book or that write book text from a game; the book's folder.
    &["import", "inspect", "project"],
    // A game, or a folder of games, as a book: over the importer and the book's folder.
    &["snapshot", "game_book"],
    // Between the resolved book and the writers: the page model.
    &["layout"],
    // The board renderer (SVG); what the site's search reads.
    &["render", "search"],
    // The HTML vocabulary the site and the e-books share, in HTML or XHTML.
    &["markup"],
    // The writers, each thin: its own frame, files and package around the shared markup
    // (`pdf` typesets the same blocks with typst).
    &["site", "epub", "pdf"],
    // Around the pipeline: the live preview, and the language server for authors' editors.
    &["serve", "lsp"],
    // The binary: src/main.rs and src/cli/.
    &["cli"],
];

/// The imports allowed between two modules of the same layer, each with why. Every
/// other import within a layer fails, and so does an entry no code uses any more.
const SIBLING_IMPORTS: &[(&str, &str, &str)] = &[
    (
        "format",
        "sgf",
        "an `sgf` attribute sets the board size, and coordinates depend on it (format/links.rs)",
    ),
    (
        "xml",
        "sgf",
        "the XML Go format is converted to and from SGF game trees",
    ),
    (
        "check",
        "resolve",
        "checking a book runs the resolver after parsing, linking and validating",
    ),
];

/// Modules held to a shorter list than their layer allows, each with why.
const ONLY_IMPORTS: &[(&str, &[&str], &str)] = &[(
    "render",
    &["point", "board", "escape"],
    "the board renderer knows nothing of books: it draws a `board::diagram::BoardDiagram`, which `layout` makes, and escapes its text like every writer",
)];

/// One path from a source file to a module.
#[derive(Debug)]
struct Import {
    /// The file, relative to the crate root (`src/format/validate.rs`).
    file: String,
    /// 1-based line.
    line: usize,
    /// The top-level module the file belongs to.
    from: String,
    /// The top-level module it names.
    to: String,
}

/// Every `.rs` file under `dir`, sorted, with its path relative to `root`.
fn rust_files(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(root, &p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            let rel = p
                .strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            out.push((rel, std::fs::read_to_string(&p).unwrap()));
        }
    }
}

/// The source files of gobook and of the crates it is split into, as (path like
/// `src/x/y.rs` or `crates/gobook-sgf/src/sgf/mod.rs`, text). The crates' modules keep
/// their names (gobook re-exports them), so every file is placed by its module as before.
fn sources() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(root, &root.join("src"), &mut files);
    for krate in workspace_crates(root) {
        let before = files.len();
        rust_files(root, &krate.join("src"), &mut files);
        // A crate's root only declares its modules, as src/lib.rs does for gobook's.
        files.retain(|(f, _)| !f.ends_with("/src/lib.rs") || f == "src/lib.rs");
        assert!(files.len() > before, "no sources in {}", krate.display());
    }
    assert!(
        files.len() > 50,
        "found only {} files under src/",
        files.len()
    );
    files
}

/// The source with comments and the insides of string and character literals blanked
/// out (newlines kept, so lines still count right).
fn code_only(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = String::with_capacity(src.len());
    let blank = |out: &mut String, s: &str| {
        out.extend(s.chars().map(|c| if c == '\n' { '\n' } else { ' ' }))
    };
    let mut i = 0;
    while i < b.len() {
        let rest = &src[i..];
        let end = if rest.starts_with("//") {
            rest.find('\n').unwrap_or(rest.len())
        } else if rest.starts_with("/*") {
            // Block comments nest in Rust.
            let (mut depth, mut j) = (0usize, 0usize);
            loop {
                if rest[j..].starts_with("/*") {
                    depth += 1;
                    j += 2;
                } else if rest[j..].starts_with("*/") {
                    depth -= 1;
                    j += 2;
                    if depth == 0 {
                        break j;
                    }
                } else if j >= rest.len() {
                    break rest.len();
                } else {
                    j += rest[j..].chars().next().unwrap().len_utf8();
                }
            }
        } else if let Some(len) = raw_string_len(rest) {
            len
        } else if rest.starts_with('"') || rest.starts_with("b\"") {
            let start = rest.find('"').unwrap() + 1;
            let mut j = start;
            let bytes = rest.as_bytes();
            while j < bytes.len() && bytes[j] != b'"' {
                j += if bytes[j] == b'\\' { 2 } else { 1 };
            }
            (j + 1).min(rest.len())
        } else if rest.starts_with('\'') {
            // A character literal ('a', '\n', '\u{1b}'), not a lifetime ('a).
            let mut chars = rest.char_indices().skip(1);
            match (chars.next(), chars.next()) {
                (Some((_, '\\')), _) => rest
                    .get(3..)
                    .and_then(|r| r.find('\''))
                    .map_or(1, |k| k + 4),
                (Some(_), Some((k, '\''))) => k + 1,
                _ => 1,
            }
        } else {
            let c = rest.chars().next().unwrap();
            // Identifiers go whole, so `br` in `abr"` is never taken for a raw string.
            let len = if c.is_alphanumeric() || c == '_' {
                rest.find(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .unwrap_or(rest.len())
            } else {
                c.len_utf8()
            };
            out.push_str(&rest[..len]);
            i += len;
            continue;
        };
        blank(&mut out, &rest[..end]);
        i += end;
    }
    out
}

/// The length of a raw string literal (`r"..."`, `r#"..."#`, `br"..."`) at the start of `s`.
fn raw_string_len(s: &str) -> Option<usize> {
    let after_r = s.strip_prefix("br").or_else(|| s.strip_prefix('r'))?;
    let hashes = after_r.len() - after_r.trim_start_matches('#').len();
    let body = after_r[hashes..].strip_prefix('"')?;
    let close = format!("\"{}", "#".repeat(hashes));
    let end = body.find(&close).map_or(body.len(), |k| k + close.len());
    Some(s.len() - body.len() + end)
}

/// The names a path names right after `prefix` (`crate::`, `super::`): one name, or
/// the first name of each part of a `{a, b::c}` group.
fn names_after(code: &str, at: usize) -> Vec<(usize, String)> {
    let rest = &code[at..];
    let ident = |s: &str| {
        s.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect::<String>()
    };
    if !rest.starts_with('{') {
        let name = ident(rest);
        return if name.is_empty() {
            Vec::new()
        } else {
            vec![(at, name)]
        };
    }
    let mut names = Vec::new();
    let (mut depth, mut expect) = (0usize, true);
    for (k, c) in rest.char_indices() {
        match c {
            '{' => {
                depth += 1;
                expect = depth == 1;
            }
            '}' => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            ',' if depth == 1 => expect = true,
            c if expect && depth == 1 && (c.is_alphanumeric() || c == '_') => {
                names.push((at + k, ident(&rest[k..])));
                expect = false;
            }
            c if c.is_whitespace() => {}
            _ if depth == 1 => expect = false,
            _ => {}
        }
    }
    names
}

/// Where `pattern` stands in `code` as the start of a path (not inside a longer name, nor `$crate`).
fn path_starts(code: &str, pattern: &str) -> Vec<usize> {
    code.match_indices(pattern)
        .filter(|(k, _)| {
            !code[..*k].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == '$' || c == ':')
        })
        .map(|(k, _)| k + pattern.len())
        .collect()
}

/// The folders of the workspace's other crates (`crates/*`).
fn workspace_crates(root: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(root.join("crates"))
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    out.retain(|p| p.join("Cargo.toml").is_file());
    out.sort();
    out
}

/// A file's path inside its crate: `crates/gobook-sgf/src/sgf/mod.rs` is `src/sgf/mod.rs`.
fn in_crate(file: &str) -> &str {
    match file.strip_prefix("crates/") {
        Some(rest) => rest.split_once('/').map_or(rest, |(_, f)| f),
        None => file,
    }
}

/// The module path of a file: `src/site/build.rs` is `site::build`, `src/site/mod.rs` is `site`.
fn module_path(file: &str) -> Vec<String> {
    let inner = in_crate(file)
        .trim_start_matches("src/")
        .trim_end_matches(".rs");
    let mut parts: Vec<String> = inner.split('/').map(String::from).collect();
    if parts
        .last()
        .is_some_and(|p| p == "mod" || p == "lib" || p == "main")
    {
        parts.pop();
    }
    parts
}

/// The top-level module a file belongs to; the binary's root belongs to `cli`.
fn top_module(file: &str) -> String {
    if file == "src/main.rs" {
        return "cli".into();
    }
    module_path(file).first().cloned().unwrap_or_default()
}

/// Whether a file is part of the binary rather than the library.
fn in_binary(file: &str) -> bool {
    file == "src/main.rs" || file.starts_with("src/cli/")
}

fn line_of(code: &str, at: usize) -> usize {
    code[..at].matches('\n').count() + 1
}

/// The names a file gives the crate root `krate` (`crate`, or `gobook` in the binary):
/// `use crate as root;`, `use gobook as g;`, `extern crate self as root;`. A path through
/// such a name (`root::site::x`) is an import like `crate::site::x`.
fn root_aliases(code: &str, krate: &str) -> Vec<String> {
    let ident = |s: &str| {
        s.trim_start()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect::<String>()
    };
    let mut patterns = vec![format!("{krate} as ")];
    if krate == "crate" {
        patterns.push("crate self as ".into());
    }
    let mut out = Vec::new();
    for pattern in &patterns {
        for at in path_starts(code, pattern) {
            let name = ident(&code[at..]);
            if !name.is_empty() && name != "_" && !out.contains(&name) {
                out.push(name);
            }
        }
    }
    out
}

/// Every path from a file of `files` to a top-level module of the library named in `modules`.
fn imports(files: &[(String, String)], modules: &BTreeSet<String>) -> Vec<Import> {
    let mut out = Vec::new();
    for (file, text) in files {
        let code = code_only(text);
        let from = top_module(file);
        let mut found: Vec<(usize, String)> = Vec::new();
        // In the binary `crate::` is the binary; the library is `gobook::`.
        let krate = if in_binary(file) { "gobook" } else { "crate" };
        let mut roots = vec![krate.to_string()];
        roots.extend(root_aliases(&code, krate));
        for root in &roots {
            for at in path_starts(&code, &format!("{root}::")) {
                found.extend(names_after(&code, at));
            }
        }
        if !in_binary(file) {
            // `super::` climbing out of the top-level module reaches the crate root.
            let depth = module_path(file).len();
            for at in path_starts(&code, "super::") {
                let mut at = at;
                let mut ups = 1;
                while code[at..].starts_with("super::") {
                    at += "super::".len();
                    ups += 1;
                }
                if ups >= depth {
                    found.extend(names_after(&code, at));
                }
            }
        }
        for (at, to) in found {
            if to != from && modules.contains(&to) {
                out.push(Import {
                    file: file.clone(),
                    line: line_of(&code, at),
                    from: from.clone(),
                    to,
                });
            }
        }
    }
    out
}

/// The layer of each module.
fn layer_of() -> BTreeMap<&'static str, usize> {
    let mut m = BTreeMap::new();
    for (i, layer) in LAYERS.iter().enumerate() {
        for &name in *layer {
            assert!(
                m.insert(name, i).is_none(),
                "`{name}` stands twice in LAYERS"
            );
        }
    }
    m
}

/// What is wrong with the imports, one message each: upward imports and sibling imports not allowed.
fn violations(imports: &[Import]) -> Vec<String> {
    let layer = layer_of();
    let mut out = Vec::new();
    for im in imports {
        let (Some(&f), Some(&t)) = (layer.get(im.from.as_str()), layer.get(im.to.as_str())) else {
            continue;
        };
        let allowed = SIBLING_IMPORTS
            .iter()
            .any(|(a, b, _)| *a == im.from && *b == im.to);
        let only = ONLY_IMPORTS.iter().find(|(m, _, _)| *m == im.from);
        if t > f {
            out.push(format!(
                "{}:{}: `{}` (layer {f}) imports `{}` (layer {t}), which is above it; move what it needs down, or pass it in",
                im.file, im.line, im.from, im.to
            ));
        } else if let Some((_, list, why)) =
            only.filter(|(_, list, _)| !list.contains(&im.to.as_str()))
        {
            out.push(format!(
                "{}:{}: `{}` imports `{}`, but it may import only {list:?}: {why}",
                im.file, im.line, im.from, im.to
            ));
        } else if t == f && !allowed {
            out.push(format!(
                "{}:{}: `{}` imports `{}`, a module of the same layer; siblings import each other only as SIBLING_IMPORTS in tests/it/layers.rs lists",
                im.file, im.line, im.from, im.to
            ));
        }
    }
    out
}

/// The top-level modules of the library as found on disk, plus `cli` for the binary.
fn modules_on_disk(files: &[(String, String)]) -> BTreeSet<String> {
    files
        .iter()
        .map(|(f, _)| top_module(f))
        .filter(|m| !m.is_empty())
        .collect()
}

#[test]
fn every_module_is_placed_in_a_layer() {
    let layer = layer_of();
    let unplaced: Vec<String> = modules_on_disk(&sources())
        .into_iter()
        .filter(|m| !layer.contains_key(m.as_str()))
        .collect();
    assert!(
        unplaced.is_empty(),
        "modules not placed in LAYERS of tests/it/layers.rs (and ARCHITECTURE.md): {unplaced:?}"
    );
}

#[test]
fn modules_import_only_downward() {
    let files = sources();
    let found = imports(&files, &modules_on_disk(&files));
    assert!(
        found.len() > 100,
        "found only {} imports between modules: is the scanner broken?",
        found.len()
    );
    let bad = violations(&found);
    assert!(
        bad.is_empty(),
        "imports against the layer order (see ARCHITECTURE.md):\n{}",
        bad.join("\n")
    );
}

#[test]
fn allowed_sibling_imports_are_in_one_layer_and_still_used() {
    let layer = layer_of();
    let files = sources();
    let used: BTreeSet<(String, String)> = imports(&files, &modules_on_disk(&files))
        .into_iter()
        .map(|i| (i.from, i.to))
        .collect();
    for (from, to, why) in SIBLING_IMPORTS {
        assert!(!why.is_empty());
        assert_eq!(
            layer.get(from),
            layer.get(to),
            "SIBLING_IMPORTS lists `{from}` -> `{to}`, which are not in one layer"
        );
        assert!(
            !SIBLING_IMPORTS.iter().any(|(a, b, _)| a == to && b == from),
            "`{from}` and `{to}` may not import each other both ways"
        );
        assert!(
            used.contains(&(from.to_string(), to.to_string())),
            "`{from}` no longer imports `{to}`: remove that line from SIBLING_IMPORTS in tests/it/layers.rs"
        );
    }
}

/// The imports between the files of src/cli, other than its mod.rs: `super::x` and `crate::cli::x`.
fn cli_edges(files: &[(String, String)]) -> BTreeMap<String, BTreeSet<(String, usize)>> {
    let cli: Vec<&(String, String)> = files
        .iter()
        .filter(|(f, _)| f.starts_with("src/cli/") && f != "src/cli/mod.rs")
        .collect();
    let names: BTreeSet<String> = cli
        .iter()
        .map(|(f, _)| module_path(f).last().cloned().unwrap())
        .collect();
    let mut edges: BTreeMap<String, BTreeSet<(String, usize)>> = BTreeMap::new();
    for (file, text) in cli {
        let from = module_path(file).last().cloned().unwrap();
        let code = code_only(text);
        let starts = path_starts(&code, "super::")
            .into_iter()
            .chain(path_starts(&code, "crate::cli::"));
        let entry = edges.entry(from.clone()).or_default();
        for at in starts {
            for (k, to) in names_after(&code, at) {
                if to != from && names.contains(&to) {
                    entry.insert((to, line_of(&code, k)));
                }
            }
        }
    }
    edges
}

/// A cycle in `edges`, as the files along it, if there is one.
fn find_cycle(edges: &BTreeMap<String, BTreeSet<(String, usize)>>) -> Option<Vec<String>> {
    fn visit(
        n: &str,
        edges: &BTreeMap<String, BTreeSet<(String, usize)>>,
        done: &mut BTreeSet<String>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        if let Some(k) = stack.iter().position(|s| s == n) {
            let mut cycle = stack[k..].to_vec();
            cycle.push(n.to_string());
            return Some(cycle);
        }
        if !done.insert(n.to_string()) {
            return None;
        }
        stack.push(n.to_string());
        for (to, _) in edges.get(n).into_iter().flatten() {
            if let Some(c) = visit(to, edges, done, stack) {
                return Some(c);
            }
        }
        stack.pop();
        None
    }
    let mut done = BTreeSet::new();
    edges
        .keys()
        .find_map(|n| visit(n, edges, &mut done, &mut Vec::new()))
}

#[test]
fn cli_files_form_no_cycle() {
    // cli/mod.rs is left out: it declares and dispatches every command and holds what
    // they all share (GlobalArgs, exit codes, report), so it is the root of the rest.
    let edges = cli_edges(&sources());
    assert!(
        edges.values().any(|e| !e.is_empty()),
        "no imports between cli files found: is the scanner broken?"
    );
    if let Some(cycle) = find_cycle(&edges) {
        let steps: Vec<String> = cycle
            .windows(2)
            .map(|w| {
                let line = edges[&w[0]]
                    .iter()
                    .find(|(to, _)| *to == w[1])
                    .map_or(0, |e| e.1);
                format!("src/cli/{}.rs:{line}: uses {}", w[0], w[1])
            })
            .collect();
        panic!("the files of src/cli form a cycle; move what they share into a third file, or dispatch from cli/mod.rs:\n{}", steps.join("\n"));
    }
}

// The checker itself, on made-up sources: it must see what it is meant to see.

fn fake(files: &[(&str, &str)]) -> Vec<(String, String)> {
    files
        .iter()
        .map(|(f, t)| (f.to_string(), t.to_string()))
        .collect()
}

fn modules(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|s| s.to_string()).collect()
}

#[test]
fn checker_keeps_the_renderer_free_of_books() {
    let files = fake(&[(
        "src/render/board.rs",
        "use crate::board::diagram::BoardDiagram;\nuse crate::resolve::model::Book;\n",
    )]);
    let bad = violations(&imports(&files, &modules(&["render", "board", "resolve"])));
    assert_eq!(bad.len(), 1, "{bad:?}");
    assert!(
        bad[0].starts_with(
            "src/render/board.rs:2: `render` imports `resolve`, but it may import only"
        ),
        "{}",
        bad[0]
    );
}

#[test]
fn checker_catches_an_upward_import_with_file_and_line() {
    let files = fake(&[(
        "src/format/validate.rs",
        "//! Doc.\n\nuse crate::diagnostics::Diagnostics;\nuse crate::resolve::links::Links;\n",
    )]);
    let bad = violations(&imports(
        &files,
        &modules(&["format", "resolve", "diagnostics"]),
    ));
    assert_eq!(bad.len(), 1, "{bad:?}");
    assert!(bad[0].starts_with("src/format/validate.rs:4: `format` (layer 2) imports `resolve` (layer 4), which is above it"), "{}", bad[0]);
}

#[test]
fn checker_reads_groups_binary_paths_and_super_to_the_root() {
    let files = fake(&[
        (
            "src/board/mod.rs",
            "use crate::{point::Point, render::svg, format};\n",
        ),
        (
            "src/cli/svg.rs",
            "use gobook::serve::x;\nuse crate::cli::report;\n",
        ),
        (
            "src/check.rs",
            "use super::site::X;\nmod tests { use super::*; }\n",
        ),
        (
            "src/site/build.rs",
            "use super::html;\nfn f() { super::super::epub::g() }\n",
        ),
    ]);
    let found = imports(
        &files,
        &modules(&[
            "board", "point", "render", "format", "serve", "site", "check", "epub", "cli",
        ]),
    );
    let edges: Vec<(String, String)> = found
        .iter()
        .map(|i| (i.from.clone(), i.to.clone()))
        .collect();
    let want = [
        ("board", "point"),
        ("board", "render"),
        ("board", "format"),
        ("cli", "serve"),
        ("check", "site"),
        ("site", "epub"),
    ];
    assert_eq!(edges, want.map(|(a, b)| (a.to_string(), b.to_string())));
    let bad = violations(&found);
    assert_eq!(bad.len(), 3, "{bad:#?}");
    assert!(
        bad.iter().any(|m| m
            .starts_with("src/site/build.rs:2: `site` imports `epub`, a module of the same layer")),
        "{bad:#?}"
    );
}

#[test]
fn checker_follows_aliases_of_the_crate_root() {
    assert_eq!(
        root_aliases(
            "use crate as root;\nextern crate self as me;\nuse crate::x as y;",
            "crate"
        ),
        vec!["root".to_string(), "me".to_string()]
    );
    assert_eq!(
        root_aliases("use gobook as g;", "gobook"),
        vec!["g".to_string()]
    );
    let files = fake(&[
        (
            "src/render/svg.rs",
            "use crate as root;\nfn f() { root::site::build(); }\n",
        ),
        (
            "src/format/mod.rs",
            "extern crate self as me;\nuse me::{point::Point, serve::x};\n",
        ),
    ]);
    let found: Vec<(String, usize, String)> = imports(
        &files,
        &modules(&["render", "site", "format", "point", "serve"]),
    )
    .into_iter()
    .map(|i| (i.file, i.line, i.to))
    .collect();
    assert!(
        found.contains(&("src/render/svg.rs".into(), 2, "site".into())),
        "{found:?}"
    );
    assert!(
        found.contains(&("src/format/mod.rs".into(), 2, "serve".into())),
        "{found:?}"
    );
    assert!(
        found.contains(&("src/format/mod.rs".into(), 2, "point".into())),
        "{found:?}"
    );
}

#[test]
fn checker_skips_comments_strings_and_macro_paths() {
    let src = "// use crate::serve;\n/* crate::serve /* nested */ crate::serve */\nlet s = \"crate::serve\";\nlet r = r#\"crate::serve\"#;\nlet c = '\"'; $crate::serve::x; use crate::point;\n";
    let files = fake(&[("src/format/x.rs", src)]);
    let found = imports(&files, &modules(&["format", "serve", "point"]));
    let edges: Vec<(&str, usize)> = found.iter().map(|i| (i.to.as_str(), i.line)).collect();
    assert_eq!(edges, [("point", 5)]);
}

#[test]
fn checker_finds_a_cycle_between_cli_files() {
    let files = fake(&[
        (
            "src/cli/mod.rs",
            "mod a;\nmod b;\nfn run() { a::run(); b::run(); }\n",
        ),
        ("src/cli/a.rs", "use super::{report, b};\n"),
        (
            "src/cli/b.rs",
            "use super::GlobalArgs;\nfn f() { super::a::draw() }\n",
        ),
    ]);
    let edges = cli_edges(&files);
    assert_eq!(
        find_cycle(&edges),
        Some(vec!["a".to_string(), "b".to_string(), "a".to_string()])
    );
    let one_way = fake(&[
        ("src/cli/a.rs", "use super::report;\n"),
        ("src/cli/b.rs", "fn f() { super::a::draw() }\n"),
    ]);
    assert_eq!(find_cycle(&cli_edges(&one_way)), None);
}

// ARCHITECTURE.md, checked on reading (issue #53): its layer table is `LAYERS`, its code map
// names every top-level module, and every file or folder it names exists.

/// ARCHITECTURE.md's text.
fn architecture() -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap()
}

/// The rows of ARCHITECTURE.md's layer table: `| 3 | `board` | ... |` as the modules of layer 3.
fn layer_table(doc: &str) -> Vec<(usize, Vec<String>)> {
    doc.lines()
        .filter_map(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            let n = cells.get(1)?.parse::<usize>().ok()?;
            let modules = cells
                .get(2)?
                .split(',')
                .map(|m| m.trim().trim_matches('`').to_string())
                .collect();
            Some((n, modules))
        })
        .collect()
}

/// Every span of `doc` between backticks.
fn backticked(doc: &str) -> Vec<&str> {
    doc.split('`').skip(1).step_by(2).collect()
}

/// Whether `name`, as ARCHITECTURE.md writes a place (`src/x/`, `tests/it/y.rs`, `cli/md.rs`,
/// `rebuild/games`), is a file or folder of the crate: from the crate root, else from `src/`,
/// else from the folder of the code map's entry it is written in (`under`), with or
/// without `.rs`.
fn place_exists(root: &Path, under: Option<&str>, name: &str) -> bool {
    let name = name.trim_end_matches('/');
    // A place is named from the root, from a crate's `src` (gobook's or one it is split
    // into: `project/reads.rs`), or from the folder of the module its paragraph is about.
    let crates = workspace_crates(root).into_iter().map(|c| {
        c.join("src")
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .into_owned()
    });
    let bases: Vec<String> = ["".to_string(), "src".to_string()]
        .into_iter()
        .chain(crates)
        .chain(under.map(String::from))
        .collect();
    bases.iter().any(|b| {
        let p = root.join(b).join(name);
        p.exists()
            || p.with_extension("rs").exists()
            || root.join(b).join(format!("{name}.rs")).exists()
    })
}

/// Spans with a `/` that name no place of the crate, each with what it is.
const NOT_PLACES: &[(&str, &str)] =
    &[("window/showDocument", "a Language Server Protocol request")];

/// Whether a backticked span is written as a place rather than code: a path with a folder,
/// or the name of a source or documentation file. (Bare names of what a build writes or a
/// book holds, `gobook.toml`, `gobook-search.js`, are not places of the crate.)
fn is_place(s: &str) -> bool {
    let plain = s
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "_-./".contains(c));
    let source = [".rs", ".md", ".css", ".typ", ".mjs", ".py", ".sh"]
        .iter()
        .any(|x| s.ends_with(x));
    plain
        && !s.starts_with('.')
        && !s.contains("//")
        && (s.contains('/') || source)
        && !NOT_PLACES.iter().any(|(n, _)| *n == s)
}

#[test]
fn the_architecture_layer_table_is_layers() {
    let table = layer_table(&architecture());
    let want: Vec<(usize, Vec<String>)> = LAYERS
        .iter()
        .enumerate()
        .map(|(n, ms)| (n, ms.iter().map(|m| m.to_string()).collect()))
        .collect();
    assert_eq!(
        table, want,
        "ARCHITECTURE.md's layer table differs from LAYERS in tests/it/layers.rs"
    );
}

#[test]
fn the_architecture_code_map_names_every_top_level_module() {
    let doc = architecture();
    let map = &doc[doc.find("## Code map").unwrap()..doc.find("## Invariants").unwrap()];
    let missing: Vec<String> = modules_on_disk(&sources())
        .into_iter()
        .filter(|m| {
            // `src/NAME` of gobook or `crates/CRATE/src/NAME` of a crate it is split into.
            !map.contains(&format!("src/{m}/`**")) && !map.contains(&format!("src/{m}.rs`**"))
        })
        .collect();
    assert!(
        missing.is_empty(),
        "modules without their entry (**`src/NAME/`** or **`src/NAME.rs`**) in ARCHITECTURE.md's code map: {missing:?}"
    );
}

#[test]
fn every_place_architecture_md_names_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = architecture();
    let mut missing = Vec::new();
    let mut checked = 0;
    // Each paragraph of the code map speaks of the module its bold name opens it with.
    for para in doc.split("\n\n") {
        let under = para
            .strip_prefix("**`")
            .and_then(|p| p.split('`').next())
            .map(|p| p.trim_end_matches('/').trim_end_matches(".rs").to_string());
        for s in backticked(para).into_iter().filter(|s| is_place(s)) {
            checked += 1;
            if !place_exists(root, under.as_deref(), s) {
                missing.push(s.to_string());
            }
        }
    }
    assert!(
        checked > 50,
        "found only {checked} places in ARCHITECTURE.md: is the reader broken?"
    );
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md names files or folders that do not exist: {missing:?}"
    );
}

#[test]
fn the_architecture_readers_see_a_missing_place() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    assert!(place_exists(root, None, "crates/gobook-core/src/project/"));
    assert!(place_exists(root, None, "project/reads.rs"));
    assert!(!place_exists(root, None, "src/project/"));
    assert!(place_exists(root, Some("src/cli"), "safe_write.rs"));
    assert!(place_exists(
        root,
        Some("crates/gobook-serve/src/serve"),
        "rebuild/games"
    ));
    assert!(!place_exists(
        root,
        Some("crates/gobook-serve/src/serve"),
        "rebuild/nothing"
    ));
    assert!(is_place("tests/it/layers.rs") && is_place("epub/names") && !is_place("Arc<str>"));
    assert_eq!(
        layer_table("| 3 | `board` | rules |\n| a | b |"),
        vec![(3, vec!["board".to_string()])]
    );
}
