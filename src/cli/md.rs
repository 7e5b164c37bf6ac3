//! `gobook md`: a Markdown file with its ```` ```gobook ```` and ```` ```sgf ```` blocks
//! replaced by inline SVG (an `interactive` block by a player, `markup::player`), for any static
//! site generator (Hugo, Jekyll, Zola); `mdbook.rs`
//! runs the same over an mdBook's chapters.

use super::picture::{self, Format, PictureArgs};
use super::{book_file, safe_write, snippet, GlobalArgs, EXIT_CONTENT, EXIT_OK, EXIT_USAGE};
use clap::Args;
use gobook::diagnostics::{Code, Diagnostic, Severity};
use gobook::format::syntax::Span;
use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag};
use std::ops::Range;
use std::path::PathBuf;

/// Arguments of `gobook md`.
#[derive(Args)]
pub struct MdArgs {
    /// The Markdown file
    pub input: PathBuf,
    /// Where to write the result (standard output if absent)
    #[arg(short, long)]
    pub out: Option<PathBuf>,
    /// Replace the output file even if it exists (or is the input itself); the old file goes to the trash
    #[arg(long)]
    pub force: bool,
}

/// Runs `gobook md`.
pub fn run(args: &MdArgs, g: GlobalArgs) -> i32 {
    let file = match book_file::read_or_report(&args.input) {
        Ok(f) => f,
        Err(code) => return code,
    };
    let (out, count) = match transform(&file.name, &file.text, g.quiet) {
        Ok(r) => r,
        Err(code) => return code,
    };
    let Some(path) = &args.out else {
        return super::print_stdout(out.trim_end_matches('\n'));
    };
    let ours = written_by_md(path, &args.input);
    if !args.force && !ours && std::fs::symlink_metadata(path).is_ok() {
        super::report::error(&format!(
            "{} already exists and gobook did not write it; choose another name with -o, or pass --force to replace it",
            path.display()
        ));
        return EXIT_USAGE;
    }
    // gobook's own earlier output is replaced as `svg` replaces its pictures; anything else
    // is there only with --force and goes to the trash, never lost.
    let written = if ours {
        safe_write::replace(path, out.as_bytes()).map(|()| None)
    } else {
        safe_write::replace_forced(path, out.as_bytes())
    };
    match written {
        Ok(aside) => {
            if !g.quiet {
                if let Some(aside) = aside {
                    eprintln!("{aside}");
                }
                eprintln!("wrote {} ({count} diagrams)", path.display());
            }
            EXIT_OK
        }
        Err(e) => {
            super::report::error(&format!("cannot write {}: {e}", path.display()));
            EXIT_USAGE
        }
    }
}

/// Whether the file at `path` is an earlier output of `gobook md`: it holds the diagrams md
/// writes and no block left to draw (so it is no one's source), and it is not `input`.
fn written_by_md(path: &std::path::Path, input: &std::path::Path) -> bool {
    let same = |a: &std::path::Path, b: &std::path::Path| matches!((a.canonicalize(), b.canonicalize()), (Ok(x), Ok(y)) if x == y);
    if same(path, input) {
        return false;
    }
    let Ok(text) = gobook::project::read::read_text(path) else {
        return false;
    };
    text.contains(DIAGRAM_OPEN)
        && fenced_blocks(&text).iter().all(|b| {
            let drawn = matches!(
                b.info.split_whitespace().next(),
                Some("gobook") | Some("sgf") | Some("sl")
            ) || (b.info.trim().is_empty() && gobook::sl::is_sl(&b.content));
            !drawn
        })
}

/// How md opens each diagram it writes, the sign of its output.
const DIAGRAM_OPEN: &str = "<div class=\"gobook-diagram\">\n";

/// A fenced code block of the Markdown text.
struct Block {
    /// The whole block, fences included.
    range: Range<usize>,
    /// The info string after the opening fence (`gobook caption`).
    info: String,
    /// The text inside.
    content: String,
    /// Where the text inside starts, a byte offset in the Markdown.
    content_start: usize,
}

/// The fenced code blocks of `md`, in order.
fn fenced_blocks(md: &str) -> Vec<Block> {
    let mut out: Vec<Block> = Vec::new();
    let mut open = false;
    for (event, range) in Parser::new(md).into_offset_iter() {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) => {
                // The content starts on the line after the opening fence.
                let next_line = md[range.start..]
                    .find('\n')
                    .map_or(range.end, |i| range.start + i + 1);
                out.push(Block {
                    range,
                    info: info.to_string(),
                    content: String::new(),
                    content_start: next_line,
                });
                open = true;
            }
            Event::Text(t) if open => {
                if let Some(b) = out.last_mut() {
                    if b.content.is_empty() {
                        b.content_start = range.start;
                    }
                    b.content.push_str(&t);
                }
            }
            Event::End(_) => open = false,
            _ => {}
        }
    }
    out
}

/// The 1-based line and column of byte `offset` of `text`.
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
    (line, col)
}

/// What a block's info string asks for.
#[derive(Clone, Default)]
struct BlockOptions {
    picture: PictureArgs,
    id: Option<String>,
    moves: (Option<u32>, Option<u32>, Option<u32>),
    view: Option<String>,
    coords: bool,
    variation: Option<Vec<usize>>,
    /// A player (`markup::player`) rather than a picture.
    interactive: bool,
    /// An `sgf` block's game read as a problem file, its player asking for the answer.
    problem: bool,
}

/// Reads the words after the tag (`caption`, `crop`, `width=300`, `interactive`, `id=d2`, and for `sgf`
/// `move=N`, `from=A`, `to=B`, `view=A1K10`, `coords`); an unknown word is an error.
/// The error names the word it is about, so that it is reported at that word's column.
fn block_options<'w>(words: &[&'w str], sgf: bool) -> Result<BlockOptions, (&'w str, String)> {
    let mut o = BlockOptions::default();
    o.picture.scale = 1.0;
    for w in words {
        block_option(&mut o, w, sgf).map_err(|e| (*w, e))?;
    }
    if o.problem && !o.interactive {
        return Err((
            "problem",
            "`problem` asks for an answer: write `sgf interactive problem`".into(),
        ));
    }
    Ok(o)
}

/// Sets the option word `w` of a block in `o`.
fn block_option(o: &mut BlockOptions, w: &str, sgf: bool) -> Result<(), String> {
    let number_from = |from: u32, k: &str, v: &str| {
        v.parse::<u32>()
            .ok()
            .filter(|n| *n >= from)
            .ok_or_else(|| format!("`{k}={v}`: {k} takes a whole number from {from}"))
    };
    let number = |k: &str, v: &str| number_from(1, k, v);
    match w.split_once('=') {
        None if w == "caption" => o.picture.caption = true,
        None if w == "crop" => o.picture.crop = true,
        None if w == "coords" && sgf => o.coords = true,
        None if w == "interactive" => o.interactive = true,
        None if w == "problem" && sgf => o.problem = true,
        Some(("width", v)) => {
            o.picture.width = Some(number("width", v)?.clamp(16, 8192));
        }
        Some(("id", v)) if !sgf => o.id = Some(v.to_string()),
        // Move 0 is the starting position, a problem's before its answer.
        Some(("move", v)) if sgf => o.moves.0 = Some(number_from(0, "move", v)?),
        Some(("from", v)) if sgf => o.moves.1 = Some(number("from", v)?),
        Some(("to", v)) if sgf => o.moves.2 = Some(number("to", v)?),
        Some(("view", v)) if sgf => o.view = Some(v.to_string()),
        Some(("variation", v)) if sgf => {
            o.variation = Some(gobook::sgf::variation::parse_path(v).map_err(|e| e.to_string())?);
        }
        _ => {
            let known = if sgf {
                "caption, crop, width=PX, interactive, problem, move=N, from=A, to=B, view=A1K10, coords, variation=2.1"
            } else {
                "caption, crop, width=PX, interactive, id=ID"
            };
            return Err(format!(
                "`{w}` is not an option of this block; it knows {known}"
            ));
        }
    }
    Ok(())
}

/// The byte in `md` where option word `word` of `block`'s fence starts (its tag's end
/// when it cannot be found).
fn option_at(md: &str, block: &Block, tag: &str, word: &str) -> usize {
    let fence = &md[block.range.start..block.content_start.max(block.range.start)];
    let after_tag = fence.find(tag).map_or(0, |i| i + tag.len());
    let at = fence[after_tag..]
        .split_whitespace()
        .find(|w| *w == word)
        .map_or(after_tag + 1, |w| {
            w.as_ptr() as usize - fence.as_ptr() as usize
        });
    block.range.start + at.min(fence.len())
}

/// Replaces every ```` ```gobook ```` and ```` ```sgf ```` block of `md` by its diagram as
/// inline SVG; other blocks and text stay as they are. Every mistake is reported as
/// `name:line:col` with the line counted in the Markdown; then it returns exit code 1.
/// Gives the new text and the number of diagrams.
pub fn transform(name: &str, md: &str, quiet: bool) -> Result<(String, usize), i32> {
    let mut out = String::with_capacity(md.len());
    let mut last = 0;
    let mut failed = false;
    let mut count = 0;
    for block in fenced_blocks(md) {
        let mut words: Vec<&str> = block.info.split_whitespace().collect();
        // A Sensei's Library diagram: tagged `sl`, or `$$` lines in an untagged or gobook block.
        let sl = match words.first() {
            Some(&"sl") => true,
            None | Some(&"gobook") => gobook::sl::is_sl(&block.content),
            _ => false,
        };
        if words.is_empty() {
            if !sl {
                continue;
            }
            words.push("");
        }
        let sgf = match words.first() {
            Some(&"gobook") | Some(&"sl") | Some(&"") => false,
            Some(&"sgf") => true,
            _ => continue,
        };
        count += 1;
        let (_, fence_col) = line_col(md, block.range.start);
        let opts = match block_options(&words[1..], sgf) {
            Ok(o) => o,
            Err((word, e)) => {
                report_at(name, md, option_at(md, &block, words[0], word), &e);
                failed = true;
                continue;
            }
        };
        let id = format!("gb{count}");
        let drawn = if sl {
            sl_block(name, md, &block, &opts, &id, quiet)
        } else if sgf {
            sgf_block(name, md, &block, &opts, &id, quiet)
        } else {
            gobook_block(name, md, &block, &opts, &id, quiet)
        };
        let Some(svg) = drawn else {
            failed = true;
            continue;
        };
        // Indented as the fence was, so a diagram in a list item stays in it.
        let indent = &md[block.range.start + 1 - fence_col..block.range.start];
        let indent = if indent.trim().is_empty() { indent } else { "" };
        out.push_str(&md[last..block.range.start]);
        out.push_str(DIAGRAM_OPEN);
        out.push_str(indent);
        // Every line of a player, so that it stays in its list item.
        out.push_str(&svg.trim_end().replace('\n', &format!("\n{indent}")));
        out.push('\n');
        out.push_str(indent);
        out.push_str("</div>");
        if md[..block.range.end].ends_with('\n') {
            out.push('\n');
        }
        last = block.range.end;
    }
    out.push_str(&md[last..]);
    if failed {
        return Err(EXIT_CONTENT);
    }
    Ok((out, count))
}

/// Draws a `gobook` block: a diagram snippet, checked with its lines counted in the Markdown.
fn gobook_block(
    name: &str,
    md: &str,
    block: &Block,
    opts: &BlockOptions,
    id: &str,
    quiet: bool,
) -> Option<String> {
    let checked = gobook::check::check_snippet(&block.content);
    // Reported against the Markdown file itself: its lines, columns and source lines.
    let to_md = content_to_markdown(md, block);
    let diags: Vec<Diagnostic> = checked
        .diagnostics
        .iter()
        .map(|d| Diagnostic {
            span: Span::new(to_md(d.span.start), to_md(d.span.end)),
            ..d.clone()
        })
        .collect();
    if checked.has_errors() || (!quiet && !diags.is_empty()) {
        book_file::print_diagnostics(name, md, &diags, quiet);
    }
    if checked.has_errors() {
        return None;
    }
    let book = &checked.resolved.book;
    let d = match &opts.id {
        Some(want) => book
            .diagrams
            .iter()
            .find(|d| d.id.as_deref() == Some(want.as_str()))
            .map(|d| &**d),
        None => snippet::last_diagram(&checked),
    };
    let Some(d) = d else {
        let what = opts
            .id
            .as_deref()
            .map_or("no diagram".to_string(), |i| format!("no diagram `{i}`"));
        report_at(
            name,
            md,
            block.range.start,
            &format!("this gobook block has {what}; write one such as `::dia sz=9 ab=C3`"),
        );
        return None;
    };
    let lang = book
        .languages
        .first()
        .cloned()
        .unwrap_or_else(|| "en".into());
    draw(name, md, block, (&checked, d, &lang), opts, id, &[])
}

/// Draws a Sensei's Library block: the diagram as a one-diagram book, what it cannot show
/// and what is wrong told at their line and column in the Markdown.
fn sl_block(
    name: &str,
    md: &str,
    block: &Block,
    opts: &BlockOptions,
    id: &str,
    quiet: bool,
) -> Option<String> {
    let to_md = content_to_markdown(md, block);
    let at = |e: &gobook::sl::SlError, severity, code| Diagnostic {
        severity,
        span: Span::new(to_md(e.span.start), to_md(e.span.end)),
        code,
        message: e.message.clone(),
    };
    // Boards side by side are a row of boards in one picture (a player shows one board).
    let row = super::sl_input::side_by_side(&block.content).filter(|_| !opts.interactive);
    if let Some((_, boards)) = row {
        return match super::sl_input::row_picture(&boards, &opts.picture, Format::Svg) {
            Ok((bytes, notes)) => {
                let warnings: Vec<Diagnostic> = notes
                    .iter()
                    .map(|n| at(n, Severity::Warning, Code::SlNote))
                    .collect();
                book_file::print_diagnostics(name, md, &warnings, quiet);
                String::from_utf8(bytes).ok()
            }
            Err(message) => {
                report_at(name, md, block.range.start, &message);
                None
            }
        };
    }
    let gobook::import::sl::Snippet { dia, notes, links } =
        match gobook::import::sl::snippet(&block.content) {
            Ok(x) => x,
            Err(e) => {
                let d = at(&e, Severity::Error, Code::SlSyntax);
                book_file::print_diagnostics(name, md, &[d], quiet);
                return None;
            }
        };
    if !quiet && !notes.is_empty() {
        let warnings: Vec<Diagnostic> = notes
            .iter()
            .map(|n| at(n, Severity::Warning, Code::SlNote))
            .collect();
        book_file::print_diagnostics(name, md, &warnings, quiet);
    }
    let checked = gobook::check::check_snippet(&dia);
    let Some(d) = snippet::last_diagram(&checked).filter(|_| !checked.has_errors()) else {
        let why = checked
            .diagnostics
            .first()
            .map_or("", |d| d.message.as_str());
        let message = format!("this diagram's moves cannot be played as numbered: {why}");
        report_at(name, md, block.range.start, &message);
        return None;
    };
    // The links on its points, which the book's diagram cannot hold, drawn on the picture.
    let mut opts = opts.clone();
    opts.picture.links = links;
    draw(name, md, block, (&checked, d, "en"), &opts, id, &[])
}

/// Reports an error at byte `at` of the Markdown, shown as for a book: `name:line:col`,
/// the source line and a caret.
fn report_at(name: &str, md: &str, at: usize, message: &str) {
    let d = Diagnostic {
        severity: Severity::Error,
        span: Span::new(at, at),
        code: Code::Markdown,
        message: message.to_string(),
    };
    book_file::print_diagnostics(name, md, &[d], false);
}

/// Maps a byte offset in a block's content to one in the Markdown. The content's lines are
/// the Markdown's lines, less the indentation of a block inside a list item.
fn content_to_markdown(md: &str, block: &Block) -> impl Fn(u32) -> usize {
    let mut map: Vec<(usize, usize)> = Vec::new();
    let mut md_line = md[..block.content_start.min(md.len())]
        .rfind('\n')
        .map_or(0, |i| i + 1);
    let mut offset = 0;
    for line in block.content.split_inclusive('\n') {
        let md_end = md[md_line..].find('\n').map_or(md.len(), |i| md_line + i);
        let in_md = &md[md_line..md_end];
        let text = line.trim_end_matches('\n');
        let strip = if in_md.ends_with(text) {
            in_md.len() - text.len()
        } else {
            0
        };
        map.push((offset, md_line + strip));
        offset += line.len();
        md_line = (md_end + 1).min(md.len());
    }
    let (len, fallback) = (md.len(), block.content_start.min(md.len()));
    move |o: u32| {
        let o = o as usize;
        match map.iter().rev().find(|(start, _)| *start <= o) {
            Some((start, at)) => (at + (o - start)).min(len),
            None => fallback,
        }
    }
}

/// Draws an `sgf` block: a game, at the moment its options name.
fn sgf_block(
    name: &str,
    md: &str,
    block: &Block,
    opts: &BlockOptions,
    id: &str,
    quiet: bool,
) -> Option<String> {
    let game = block_game(name, md, block, opts, quiet)?;
    draw_game(name, md, block, opts, id, game)
}

/// The game of an `sgf` block, along the variation its options name; what the SGF reader
/// repaired told as warnings, and what is wrong as an error, at their places in the Markdown.
fn block_game(
    name: &str,
    md: &str,
    block: &Block,
    opts: &BlockOptions,
    quiet: bool,
) -> Option<gobook::sgf::GameTree> {
    let to_md = content_to_markdown(md, block);
    // A place the SGF reader names (line, column in characters) as a byte in the Markdown.
    let at = |l: usize, c: usize| {
        let line_start: usize = block
            .content
            .split_inclusive('\n')
            .take(l.saturating_sub(1))
            .map(str::len)
            .sum();
        let in_line = block.content[line_start..]
            .char_indices()
            .nth(c.saturating_sub(1))
            .map_or(0, |(i, _)| i);
        to_md((line_start + in_line) as u32)
    };
    let game = match gobook::sgf::parse(block.content.as_bytes()) {
        Ok(p) => {
            if !quiet {
                let warnings: Vec<Diagnostic> = p
                    .warnings
                    .iter()
                    .map(|w| Diagnostic {
                        severity: Severity::Warning,
                        span: Span::new(at(w.line, w.col), at(w.line, w.col)),
                        code: w.code,
                        message: w.message.clone(),
                    })
                    .collect();
                book_file::print_diagnostics(name, md, &warnings, quiet);
            }
            p.collection.games.into_iter().next()
        }
        Err(e) => {
            report_at(name, md, at(e.line, e.col), &e.message);
            return None;
        }
    };
    let Some(game) = game else {
        report_at(
            name,
            md,
            block.content_start,
            "this sgf block holds no game",
        );
        return None;
    };
    match &opts.variation {
        None => Some(game),
        Some(path) => match gobook::sgf::variation::with_variation(&game, path) {
            Ok(g) => Some(g),
            Err(e) => {
                report_at(name, md, block.range.start, &e.to_string());
                None
            }
        },
    }
}

/// Draws the game `block_game` read from an `sgf` block, at the moment its options name.
fn draw_game(
    name: &str,
    md: &str,
    block: &Block,
    opts: &BlockOptions,
    id: &str,
    game: gobook::sgf::GameTree,
) -> Option<String> {
    if opts.problem {
        let (line, _) = line_col(md, block.content_start);
        let named = format!("the game of {name}:{line}");
        return super::svg_game::problem_fragment(&game, &named, "en", &opts.picture)
            .map_err(|e| report_at(name, md, block.range.start, &e))
            .ok();
    }
    // A player replays the moves: the whole game unless the options say otherwise.
    let moves = if opts.interactive {
        super::svg_game::player_moves(&game, opts.moves)
    } else {
        opts.moves
    };
    // A moment the game does not have is the block's option's fault: said in its words
    // (`from=80`), at its column.
    let snapshot = gobook::snapshot::Snapshot {
        moment: super::svg_game::moment_of(&game, moves),
        view: opts.view.clone(),
        coords: opts.coords,
    };
    if let Err(e) = gobook::snapshot::book(&game, &snapshot) {
        let (word, message) = snapshot_error_in_block(&e, &block.info);
        let at = match word {
            Some(w) => option_at(md, block, "sgf", w),
            None => block.content_start,
        };
        report_at(name, md, at, &message);
        return None;
    }
    let (line, _) = line_col(md, block.content_start);
    let where_ = format!("{name}:{line}");
    let checked =
        super::svg_game::snapshot_checked(&game, &where_, moves, opts.view.clone(), opts.coords)
            .ok()?;
    let book = &checked.resolved.book;
    let d = book
        .diagrams
        .iter()
        .find(|d| d.id.as_deref() == Some(gobook::snapshot::DIAGRAM_ID))?;
    let comments = if opts.interactive {
        super::svg_game::comments(&game, moves)
    } else {
        Vec::new()
    };
    draw(name, md, block, (&checked, d, "en"), opts, id, &comments)
}

/// A snapshot's error in the words of a block's options (`from=80` rather than `--from 80`),
/// and the option word of `info` it is about, if any.
fn snapshot_error_in_block<'i>(
    e: &gobook::snapshot::SnapshotError,
    info: &'i str,
) -> (Option<&'i str>, String) {
    use gobook::snapshot::SnapshotError as E;
    let word = |key: &str| {
        info.split_whitespace()
            .find(|w| w.split_once('=').is_some_and(|(k, _)| k == key))
    };
    let key = |what: &str| what.trim_start_matches('-').to_string();
    match e {
        E::BeyondGame { what, n, total } => (
            word(&key(what)),
            format!(
                "`{}={n}` is not in the game: its moves are 1 to {total}",
                key(what)
            ),
        ),
        E::NoMoves { what, n } => (
            word(&key(what)),
            format!("`{}={n}`: the game has no moves", key(what)),
        ),
        E::FromAfterTo { from, to } => {
            (word("from"), format!("`from={from}` comes after `to={to}`"))
        }
        E::View { view, error } => (word("view"), format!("`view={view}`: {}", error.message)),
        other => (None, other.to_string()),
    }
}

/// Draws diagram `d` of the checked book in `lang` (`diagram`) as the block's options ask: a picture,
/// or with `interactive` a player with the game's `comments`.
fn draw(
    name: &str,
    md: &str,
    block: &Block,
    (checked, d, lang): (
        &gobook::check::Checked,
        &gobook::resolve::model::Diagram,
        &str,
    ),
    opts: &BlockOptions,
    id: &str,
    comments: &[gobook::markup::player::Comment],
) -> Option<String> {
    if opts.interactive {
        return Some(picture::player(
            checked,
            d,
            lang,
            &opts.picture,
            comments,
            true,
        ));
    }
    // --crop's note goes only where a person reads it: not into an mdBook's build log.
    match picture::draw(checked, d, lang, &opts.picture, Format::Svg, id, true) {
        Ok(bytes) => String::from_utf8(bytes).ok(),
        Err(e) => {
            report_at(name, md, block.range.start, &e);
            None
        }
    }
}
