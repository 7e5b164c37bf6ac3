//! The site's one script, `gobook.js`: the theme's own when a theme folder has one,
//! else the built-in default, compiled into the binary like the default CSS. It is
//! written readable, with comments on lines of their own; the build drops those and
//! the indentation, which keeps it small without a JavaScript minifier.

use crate::project::error::{io, ProjectError};
use crate::project::theme::Theme;

/// The default theme's script.
const DEFAULT_SCRIPT: &str = include_str!("../../themes/default/gobook.js");

/// The script for `theme`, made compact.
pub fn script(theme: &Theme) -> Result<String, ProjectError> {
    let text = match theme {
        Theme::Folder(dir) if dir.join("gobook.js").is_file() => {
            let p = dir.join("gobook.js");
            crate::project::read::read_text(&p).map_err(io("read", &p))?
        }
        _ => DEFAULT_SCRIPT.to_string(),
    };
    Ok(compact(&text))
}

/// Drops whole-line `//` comments, indentation and empty lines. Line breaks stay, so
/// automatic semicolon insertion and template strings behave exactly as written.
pub fn compact(js: &str) -> String {
    let mut out = String::with_capacity(js.len());
    for line in js.lines() {
        let t = line.trim();
        if t.is_empty() || t.starts_with("//") {
            continue;
        }
        out.push_str(t);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_script_stays_under_16_kb() {
        // 15 KB until the replay drew the book's marks and kept its numbers.
        let js = script(&Theme::Default).unwrap();
        assert!(js.len() < 16 * 1024, "gobook.js is {} bytes", js.len());
        assert!(!js.contains("\n//"));
    }

    #[test]
    fn compact_keeps_code_and_drops_comment_lines() {
        assert_eq!(
            compact("  // why\n  let a = 1;\n\n  a++\n"),
            "let a = 1;\na++\n"
        );
    }
}
