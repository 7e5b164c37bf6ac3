//! The style sheet without the `css` feature: each file's `@import`s of local files
//! replaced by those files, as written (no minifying, no vendor prefixes), in the order
//! lightningcss's bundler gives them, which a test holds it to.
//! Enough for a library user who builds a site; the binary bundles with lightningcss.

use crate::project::error::ProjectError;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// How deep `@import`s may nest: deeper is surely a mistake, and the limit stops a cycle.
const MAX_DEPTH: usize = 16;

/// How many `@import`s are followed in all: sheets that import each other many times over
/// would otherwise be read again for every path to them.
const MAX_IMPORTS: usize = 10_000;

/// The style sheet `entry` with its local `@import`s (from `files`, the loaded style
/// sheets of the book's folder) put in their place; imports of web addresses go first.
///
/// The sheet means what lightningcss's bundle of it means, and minified is the same bytes
/// (`theme::tests`): each sheet's rules stand after the sheets it imports, a sheet
/// imported more than once stands at its last import (a later copy of the same rules
/// wins the cascade anyway), under no media condition if any of its imports has none,
/// else under the conditions of its last.
pub(super) fn join(files: &HashMap<PathBuf, String>, entry: &Path) -> Result<String, ProjectError> {
    let mut walk = Walk {
        files,
        web: String::new(),
        order: Vec::new(),
        imports: 0,
    };
    walk.visit(entry, &[], &mut Vec::new())?;
    let mut body = String::new();
    for (file, media) in &walk.order {
        let (_, rules) = split_imports(&files[file]);
        let rules = rules.trim_start_matches(['\n', '\r']);
        for m in media {
            body.push_str(&format!("@media {m} {{\n"));
        }
        body.push_str(rules);
        if !rules.ends_with('\n') {
            body.push('\n');
        }
        for _ in media {
            body.push_str("}\n");
        }
    }
    Ok(walk.web + &body)
}

/// One walk through a sheet's imports.
struct Walk<'a> {
    files: &'a HashMap<PathBuf, String>,
    /// The imports of web addresses, kept as written.
    web: String,
    /// The sheets in the order their rules stand, each with the media conditions it stands
    /// under (nested, outermost first; none: unconditional).
    order: Vec<(PathBuf, Vec<String>)>,
    /// How many imports have been followed.
    imports: usize,
}

impl Walk<'_> {
    /// Walks `file`'s imports, then places `file` under `media`; `path` holds the sheets
    /// being walked, so that a sheet that imports itself is followed no further.
    fn visit(
        &mut self,
        file: &Path,
        media: &[String],
        path: &mut Vec<PathBuf>,
    ) -> Result<(), ProjectError> {
        let text = self.files.get(file).ok_or_else(|| {
            ProjectError::Style(format!(
                "{}: not found, or outside the book's folder; copy the style sheet into the book's folder",
                file.display()
            ))
        })?;
        path.push(file.to_path_buf());
        let (imports, _) = split_imports(text);
        for (specifier, condition) in imports {
            if specifier.contains("://") {
                self.web
                    .push_str(&format!("@import \"{specifier}\"{condition};\n"));
                continue;
            }
            if path.len() > MAX_DEPTH {
                return Err(ProjectError::Style(format!(
                    "{}: `@import \"{specifier}\"` nests deeper than {MAX_DEPTH} style sheets",
                    file.display()
                )));
            }
            self.imports += 1;
            if self.imports > MAX_IMPORTS {
                return Err(ProjectError::Style(format!(
                    "{}: more than {MAX_IMPORTS} `@import`s in all; import each style sheet once",
                    file.display()
                )));
            }
            let dir = file.parent().unwrap_or(Path::new(""));
            let target = super::theme::normalize(&dir.join(&specifier));
            if path.contains(&target) {
                continue;
            }
            let mut inner = media.to_vec();
            let condition = condition.trim();
            if !condition.is_empty() {
                inner.push(condition.to_string());
            }
            self.visit(&target, &inner, path)?;
        }
        path.pop();
        let unconditional = media.is_empty()
            || self
                .order
                .iter()
                .any(|(f, m)| f.as_path() == file && m.is_empty());
        self.order.retain(|(f, _)| f.as_path() != file);
        let media = if unconditional {
            Vec::new()
        } else {
            media.to_vec()
        };
        self.order.push((file.to_path_buf(), media));
        Ok(())
    }
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
            ".a { x: 1 }\n@media print {\n.b { x: 2 }\n}\nbody { color: red }\n"
        );
    }

    #[test]
    fn a_cycle_ends_and_imports_without_end_are_refused() {
        let files = sheets(&[
            ("/t/s.css", "@import \"s.css\";\n@import \"a.css\";\np{}\n"),
            ("/t/a.css", "@import \"s.css\";\n.a{}\n"),
        ]);
        let css = join(&files, Path::new("/t/s.css")).unwrap();
        assert_eq!(css, ".a{}\np{}\n");
        // Each of 15 sheets imports the next three times: 3^15 paths to the last.
        let mut list: Vec<(String, String)> = (0..15)
            .map(|i| {
                let next = format!("@import \"{}.css\";\n", i + 1);
                (format!("/t/{i}.css"), next.repeat(3))
            })
            .collect();
        list.push(("/t/15.css".into(), "p{}".into()));
        let files = list
            .into_iter()
            .map(|(p, t)| (PathBuf::from(p), t))
            .collect();
        let err = join(&files, Path::new("/t/0.css")).unwrap_err().to_string();
        assert!(err.contains("more than 10000"), "{err}");
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
