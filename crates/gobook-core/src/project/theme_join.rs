//! The style sheet without the `css` feature: each file's `@import`s of local files
//! replaced by those files, in order, as written (no minifying, no vendor prefixes).
//! Enough for a library user who builds a site; the binary bundles with lightningcss.

use crate::project::error::ProjectError;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

/// How deep `@import`s may nest: deeper is surely a mistake, and the limit stops a cycle.
const MAX_DEPTH: usize = 16;

/// The style sheet `entry` with its local `@import`s (from `files`, the loaded style
/// sheets of the book's folder) put in their place; imports of web addresses go first.
pub(super) fn join(files: &HashMap<PathBuf, String>, entry: &Path) -> Result<String, ProjectError> {
    let mut web = String::new();
    let mut body = String::new();
    let mut seen = HashSet::new();
    inline(files, entry, 0, &mut seen, &mut web, &mut body)?;
    Ok(web + &body)
}

fn inline(
    files: &HashMap<PathBuf, String>,
    file: &Path,
    depth: usize,
    seen: &mut HashSet<PathBuf>,
    web: &mut String,
    body: &mut String,
) -> Result<(), ProjectError> {
    // A sheet imported twice is included once, as a bundler does.
    if !seen.insert(file.to_path_buf()) {
        return Ok(());
    }
    let text = files.get(file).ok_or_else(|| {
        ProjectError::Style(format!(
            "{}: not found, or outside the book's folder; copy the style sheet into the book's folder",
            file.display()
        ))
    })?;
    let (imports, rest) = split_imports(text);
    for (specifier, media) in imports {
        if specifier.contains("://") {
            web.push_str(&format!("@import \"{specifier}\"{media};\n"));
            continue;
        }
        if depth >= MAX_DEPTH {
            return Err(ProjectError::Style(format!(
                "{}: `@import \"{specifier}\"` nests deeper than {MAX_DEPTH} style sheets",
                file.display()
            )));
        }
        let dir = file.parent().unwrap_or(Path::new(""));
        let target = super::theme::normalize(&dir.join(&specifier));
        let media = media.trim();
        if !media.is_empty() {
            body.push_str(&format!("@media {media} {{\n"));
        }
        inline(files, &target, depth + 1, seen, web, body)?;
        if !media.is_empty() {
            body.push_str("}\n");
        }
    }
    body.push_str(rest);
    if !rest.ends_with('\n') {
        body.push('\n');
    }
    Ok(())
}

/// The `@import`s at the head of a style sheet (CSS honours them only there) as
/// (specifier, media) pairs, and the text after them. `@charset` is dropped: the
/// joined sheet is UTF-8, which is what CSS assumes.
fn split_imports(text: &str) -> (Vec<(String, String)>, &str) {
    let mut imports = Vec::new();
    let mut rest = text;
    loop {
        let head = skip_blank(rest);
        let is_import = head.starts_with("@import");
        if !is_import && !head.starts_with("@charset") {
            return (imports, rest);
        }
        let Some(end) = head.find(';') else {
            return (imports, rest);
        };
        if is_import {
            imports.push(parse_import(&head["@import".len()..end]));
        }
        rest = &head[end + 1..];
    }
}

/// Leading white space and comments skipped.
fn skip_blank(mut s: &str) -> &str {
    loop {
        s = s.trim_start();
        match s
            .strip_prefix("/*")
            .and_then(|c| c.find("*/").map(|e| &c[e + 2..]))
        {
            Some(after) => s = after,
            None => return s,
        }
    }
}

/// `"x.css" screen` or `url(x.css) print` as the specifier and what follows it.
fn parse_import(stmt: &str) -> (String, String) {
    let stmt = stmt.trim();
    let (spec, media) = if let Some(inner) = stmt.strip_prefix("url(") {
        let close = inner.find(')').unwrap_or(inner.len());
        (&inner[..close], inner.get(close + 1..).unwrap_or(""))
    } else {
        let mut chars = stmt.char_indices();
        let quote = chars.next().map(|c| c.1);
        match quote {
            Some(q @ ('"' | '\'')) => {
                let close = stmt[1..].find(q).map(|i| i + 1).unwrap_or(stmt.len());
                (&stmt[..close], stmt.get(close + 1..).unwrap_or(""))
            }
            _ => stmt.split_once(' ').unwrap_or((stmt, "")),
        }
    };
    let spec = spec.trim().trim_matches(|c| c == '"' || c == '\'');
    (spec.to_string(), media.trim().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sheets(list: &[(&str, &str)]) -> HashMap<PathBuf, String> {
        list.iter()
            .map(|(p, t)| (PathBuf::from(p), t.to_string()))
            .collect()
    }

    #[test]
    fn imports_are_replaced_by_the_files_in_order() {
        let files = sheets(&[
            (
                "/t/style.css",
                "/* top */\n@import \"a.css\";\n@import url(b.css) print;\nbody { color: red }\n",
            ),
            ("/t/a.css", ".a { x: 1 }\n"),
            ("/t/b.css", "@import 'a.css';\n.b { x: 2 }"),
        ]);
        let css = join(&files, Path::new("/t/style.css")).unwrap();
        assert_eq!(
            css,
            ".a { x: 1 }\n@media print {\n\n.b { x: 2 }\n}\n\nbody { color: red }\n"
        );
    }

    #[test]
    fn web_imports_go_first_and_missing_files_are_named() {
        let files = sheets(&[(
            "/t/s.css",
            "@import \"https://x.org/f.css\";\n@import \"gone.css\";\n",
        )]);
        let err = join(&files, Path::new("/t/s.css")).unwrap_err().to_string();
        assert!(err.contains("/t/gone.css"), "{err}");
        let files = sheets(&[("/t/s.css", "@import \"https://x.org/f.css\";\np{}\n")]);
        let css = join(&files, Path::new("/t/s.css")).unwrap();
        assert!(
            css.starts_with("@import \"https://x.org/f.css\";\n"),
            "{css}"
        );
    }

    #[test]
    fn the_default_theme_joins_without_imports() {
        let css = crate::project::theme::stylesheet(
            &crate::project::theme::Theme::Default,
            &[],
            Path::new("."),
        )
        .unwrap();
        assert!(css.contains(".gb-sb"), "board.css is joined in");
        assert!(css.contains(".gb-main"));
        assert!(!css.contains("@import"));
    }
}
