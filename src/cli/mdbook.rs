//! `gobook mdbook`: an mdBook preprocessor. mdBook runs `gobook mdbook supports RENDERER`
//! to ask, then `gobook mdbook` with `[context, book]` as JSON on standard input, and reads
//! the book back on standard output with every ```` ```gobook ```` and ```` ```sgf ````
//! block of its chapters drawn as inline SVG (the same work as `gobook md`).

use super::{GlobalArgs, EXIT_CONTENT, EXIT_OK, EXIT_USAGE};
use clap::{Args, Subcommand};
use serde_json::Value;
use std::io::Read;

/// Arguments of `gobook mdbook`.
#[derive(Args)]
pub struct MdbookArgs {
    #[command(subcommand)]
    pub command: Option<MdbookCommand>,
}

/// What mdBook asks besides the preprocessing itself.
#[derive(Subcommand)]
pub enum MdbookCommand {
    /// Whether the preprocessor works for a renderer: exit code 0 for `html`, 1 otherwise
    Supports {
        /// The renderer's name, such as html
        renderer: String,
    },
}

/// Runs `gobook mdbook`.
pub fn run(args: &MdbookArgs, g: GlobalArgs) -> i32 {
    if let Some(MdbookCommand::Supports { renderer }) = &args.command {
        // Inline SVG is for pages: other renderers (markdown, epub of a plugin) keep the blocks.
        return if renderer == "html" {
            EXIT_OK
        } else {
            EXIT_CONTENT
        };
    }
    let mut input = String::new();
    if let Err(e) = std::io::stdin().lock().read_to_string(&mut input) {
        super::report::error(&format!("cannot read mdBook's JSON on standard input: {e}"));
        return EXIT_USAGE;
    }
    let parsed: Value = match serde_json::from_str(&input) {
        Ok(v) => v,
        Err(e) => {
            super::report::error(&format!(
                "standard input is not mdBook's [context, book] JSON ({e}); add gobook to book.toml \
                 as [preprocessor.gobook] command = \"gobook mdbook\" and run `mdbook build`"
            ));
            return EXIT_USAGE;
        }
    };
    let Some([context, book]) = parsed
        .as_array()
        .map(Vec::as_slice)
        .and_then(|a| a.get(..2))
        .and_then(|a| <&[Value; 2]>::try_from(a).ok())
    else {
        super::report::error("standard input is not mdBook's [context, book] JSON array");
        return EXIT_USAGE;
    };
    let src = context
        .pointer("/config/book/src")
        .and_then(Value::as_str)
        .unwrap_or("src")
        .to_string();
    let mut book = book.clone();
    let mut failed = false;
    visit_chapters(&mut book, &mut |chapter| {
        let Some(Value::String(content)) = chapter.get("content") else {
            return;
        };
        let path = chapter
            .get("path")
            .and_then(Value::as_str)
            .or_else(|| chapter.get("name").and_then(Value::as_str))
            .unwrap_or("chapter");
        let name = format!("{src}/{path}");
        match super::md::transform(&name, content, g.quiet) {
            Ok((text, _)) => {
                chapter.insert("content".into(), Value::String(text));
            }
            Err(_) => failed = true,
        }
    });
    if failed {
        super::report::error("gobook could not draw every diagram of the book (see above)");
        return EXIT_CONTENT;
    }
    match serde_json::to_string(&book) {
        Ok(json) => super::print_stdout(&json),
        Err(e) => {
            super::report::error(&format!("cannot write the book as JSON: {e}"));
            EXIT_USAGE
        }
    }
}

/// Calls `f` on every chapter of the book, nested ones too. A chapter is an object with
/// `content` and `sub_items`; walking the JSON rather than a fixed schema keeps working
/// across mdBook versions (0.4 lists `sections`, 0.5 `items`).
fn visit_chapters(v: &mut Value, f: &mut dyn FnMut(&mut serde_json::Map<String, Value>)) {
    match v {
        Value::Object(map) => {
            if map.contains_key("content") && map.contains_key("sub_items") {
                f(map);
            }
            for (_, child) in map.iter_mut() {
                visit_chapters(child, f);
            }
        }
        Value::Array(items) => {
            for item in items {
                visit_chapters(item, f);
            }
        }
        _ => {}
    }
}
