//! No function in `src/` is over 100 lines (the developers' guide). Functions are found
//! with a small lexer (comments, strings, raw strings and character literals skipped) and
//! a brace counter; a function's length is from its `fn` line to its closing brace.
//! There are no exceptions: the last long functions were broken up (issue #31).

use crate::common;
use std::path::Path;

/// The most lines a function may span.
const LIMIT: usize = 100;

/// Every function of `text` as (name, first line, number of lines).
fn functions(text: &str) -> Vec<(String, usize, usize)> {
    let code = blank_out(text);
    let lines: Vec<&str> = code.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(name) = fn_name(line) else { continue };
        // The body: from the first `{` after the name to its match; none for a declaration.
        let mut depth = 0i64;
        let mut opened = false;
        'body: for (j, l) in lines.iter().enumerate().skip(i) {
            let from = if j == i {
                line.find("fn ").unwrap_or(0)
            } else {
                0
            };
            for c in l[from..].chars() {
                match c {
                    '{' => {
                        depth += 1;
                        opened = true;
                    }
                    '}' => depth -= 1,
                    ';' if !opened => break 'body,
                    _ => {}
                }
                if opened && depth == 0 {
                    out.push((name.clone(), i + 1, j - i + 1));
                    break 'body;
                }
            }
        }
    }
    out
}

/// The name of the function a line declares, if it does.
fn fn_name(line: &str) -> Option<String> {
    let mut words = line.split_whitespace().peekable();
    while let Some(w) = words.next() {
        if w == "fn" {
            let name: String = words
                .next()?
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            return (!name.is_empty()).then_some(name);
        }
        let qualifier = w == "pub"
            || w.starts_with("pub(")
            || ["const", "async", "unsafe", "extern", "\"C\""].contains(&w);
        if !qualifier {
            return None;
        }
    }
    None
}

/// `text` with comments, strings and character literals replaced by spaces (line breaks
/// kept), so that braces in them are not counted.
fn blank_out(text: &str) -> String {
    let c: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let blank = |out: &mut String, s: &[char]| {
        for ch in s {
            out.push(if *ch == '\n' { '\n' } else { ' ' });
        }
    };
    while i < c.len() {
        let rest = &c[i..];
        let end = if rest.starts_with(&['/', '/']) {
            rest.iter().position(|&x| x == '\n').unwrap_or(rest.len())
        } else if rest.starts_with(&['/', '*']) {
            (2..rest.len())
                .find(|&k| rest[k - 1] == '*' && rest[k] == '/')
                .map_or(rest.len(), |k| k + 1)
        } else if rest[0] == 'r' && matches!(rest.get(1), Some('"' | '#')) && !ident(&c, i) {
            let hashes = rest[1..].iter().take_while(|&&x| x == '#').count();
            if rest.get(1 + hashes) != Some(&'"') {
                out.push(rest[0]);
                i += 1;
                continue;
            }
            let close: Vec<char> = std::iter::once('"')
                .chain(std::iter::repeat_n('#', hashes))
                .collect();
            (2 + hashes..rest.len())
                .find(|&k| rest[k..].starts_with(&close))
                .map_or(rest.len(), |k| k + close.len())
        } else if rest[0] == '"' {
            let mut k = 1;
            while k < rest.len() && rest[k] != '"' {
                k += if rest[k] == '\\' { 2 } else { 1 };
            }
            (k + 1).min(rest.len())
        } else if rest[0] == '\'' {
            // A character literal ('x', '\n', '\u{1f}'), not a lifetime ('a).
            if rest.get(1) == Some(&'\\') {
                (2..rest.len())
                    .find(|&k| rest[k] == '\'')
                    .map_or(1, |k| k + 1)
            } else if rest.get(2) == Some(&'\'') {
                3
            } else {
                out.push('\'');
                i += 1;
                continue;
            }
        } else {
            out.push(rest[0]);
            i += 1;
            continue;
        };
        blank(&mut out, &rest[..end]);
        i += end;
    }
    out
}

/// Whether the character before `c[i]` continues an identifier (`for"` is not a raw string).
fn ident(c: &[char], i: usize) -> bool {
    i > 0 && (c[i - 1].is_alphanumeric() || c[i - 1] == '_')
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn no_function_in_src_is_over_a_hundred_lines() {
    let root = common::root();
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    rust_files(&root.join("crates"), &mut files);
    files.sort();
    let mut long = Vec::new();
    for f in &files {
        let rel = f
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let text = std::fs::read_to_string(f).unwrap();
        for (name, line, n) in functions(&text) {
            if n > LIMIT {
                long.push(format!("{rel}:{line}: `{name}` is {n} lines"));
            }
        }
    }
    assert!(
        long.is_empty(),
        "functions over {LIMIT} lines; break them up:\n{}",
        long.join("\n")
    );
}

#[test]
fn the_counter_skips_braces_in_strings_comments_and_characters() {
    let text =
        "fn a() {\n    let s = \"{{\";\n    // }\n    let c = '{';\n    let r = r#\"}\"#;\n}\n\
                pub(crate) fn b<'x>(v: &'x str) -> &'x str {\n    v\n}\nfn c();\n";
    assert_eq!(
        functions(text),
        [("a".to_string(), 1, 6), ("b".to_string(), 7, 3)]
    );
}
