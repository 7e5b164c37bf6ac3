//! The site's one script, `gobook.js`: the theme's own when a theme folder has one,
//! else the built-in default, compiled into the binary like the default CSS. It is
//! copied byte for byte: a line-based "compactor" once changed the text of template
//! literals, and no saving of a few kilobytes is worth a script that runs differently
//! from the one its author wrote.

use crate::project::error::{io, ProjectError};
use crate::project::theme::Theme;

/// The default theme's script.
const DEFAULT_SCRIPT: &str = include_str!("../../../../themes/default/gobook.js");

/// The script for `theme`, exactly as written.
pub fn script(theme: &Theme) -> Result<String, ProjectError> {
    match theme {
        Theme::Folder(dir) if crate::project::read::is_file(&dir.join("gobook.js")) => {
            let p = dir.join("gobook.js");
            crate::project::read::read_text(&p).map_err(io("read", &p))
        }
        _ => Ok(DEFAULT_SCRIPT.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_script_stays_under_24_kb() {
        // 21 KB with its comments and indentation, which it keeps (it is copied as written).
        let js = script(&Theme::Default).unwrap();
        assert!(js.len() < 24 * 1024, "gobook.js is {} bytes", js.len());
    }

    #[test]
    fn the_default_script_is_copied_byte_for_byte() {
        let on_disk = std::fs::read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../themes/default/gobook.js"
        ))
        .unwrap();
        assert_eq!(script(&Theme::Default).unwrap().as_bytes(), on_disk);
    }

    #[test]
    fn a_themes_script_is_copied_byte_for_byte_template_literals_too() {
        let dir = tempfile::tempdir().unwrap();
        // What the compactor broke: indentation and a `//` line inside a template literal.
        let js = "const help = `\n    line one\n    // not a comment\n\n  end`;\n\t// a comment\nlet a = 1;\n";
        std::fs::write(dir.path().join("gobook.js"), js).unwrap();
        let got = script(&Theme::Folder(dir.path().to_path_buf())).unwrap();
        assert_eq!(got, js);
    }
}
