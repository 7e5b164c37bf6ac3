//! How `gobook svg` and `gobook md` draw one diagram: SVG or PNG, its width, the crop,
//! the caption; and where the picture goes.

use super::{safe_write, GlobalArgs, EXIT_OK, EXIT_USAGE};
use clap::{Args, ValueEnum};
use gobook::board::crop::{crop_view, view_text};
use gobook::check::Checked;
use gobook::layout::diagram::{board_diagram, caption_text};
use gobook::markup::player::{self, Comment};
use gobook::project::aside::Aside;
use gobook::render::svg::{render, SvgOptions, DARK, LIGHT};
use gobook::resolve::model::{Book, Diagram};
use std::path::Path;

/// The width of a PNG when none is given, in CSS pixels: a blog column.
pub const DEFAULT_PNG_WIDTH: u32 = 600;

/// The kinds of picture gobook writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// SVG text: sharp at any size, styled by CSS
    Svg,
    /// PNG image, drawn in-process with a bundled font
    Png,
    /// Sensei's Library diagram text (`$$` lines), for wikis and forums
    Sl,
    /// An HTML player to paste into any page: the board with the site's replay (or problem)
    /// controls, the script and style inline
    Html,
}

impl Format {
    /// The file extension of the format.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Svg => "svg",
            Format::Png => "png",
            Format::Sl => "txt",
            Format::Html => "html",
        }
    }
}

/// The colours a picture is drawn in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Theme {
    /// A wooden board for light pages
    #[default]
    Light,
    /// A dimmed board for dark pages (the site's dark mode)
    Dark,
}

/// The options of a picture, shared by the commands that draw.
#[derive(Args, Clone, Debug, Default)]
pub struct PictureArgs {
    /// Print the caption and the gaps line under the board
    #[arg(long)]
    pub caption: bool,
    /// svg, png, sl, or html for a player to paste into a page (default: from the output
    /// file's extension, else svg)
    #[arg(long, value_enum)]
    pub format: Option<Format>,
    /// Width the picture is shown at, in CSS pixels (PNG default: 600; SVG: the width of the
    /// column it is shown in)
    #[arg(long, value_name = "PX", value_parser = clap::value_parser!(u32).range(16..=8192))]
    pub width: Option<u32>,
    /// PNG pixels per CSS pixel, such as 2 for high-density screens
    #[arg(long, default_value_t = 1.0, value_parser = parse_scale)]
    pub scale: f32,
    /// Show the smallest part of the board that holds everything drawn, and print it as `vw`
    #[arg(long)]
    pub crop: bool,
    /// Colours: light, or dark for dark pages (an SVG shown inline still follows the page's
    /// --gb-* colours)
    #[arg(long, value_enum, default_value_t = Theme::Light)]
    pub theme: Theme,
    /// The links on points a Sensei's Library diagram carries (`[a|Page]`), drawn on the
    /// picture: a book's diagram has none, so this is no flag but what the diagram read says.
    #[arg(skip)]
    pub links: Vec<gobook::board::diagram::PointLink>,
}

fn parse_scale(s: &str) -> Result<f32, String> {
    match s.parse::<f32>() {
        Ok(v) if (0.25..=8.0).contains(&v) => Ok(v),
        _ => Err(format!("`{s}` is not a scale from 0.25 to 8, such as 2")),
    }
}

/// The format to write: `--format`, else the output file's extension, else SVG; a clash
/// between the two, or an extension gobook cannot write, is a usage error.
pub fn format_of(out: Option<&Path>, asked: Option<Format>) -> Result<Format, String> {
    let ext = out
        .and_then(|p| p.extension())
        .map(|x| x.to_string_lossy().to_ascii_lowercase());
    let by_ext = match ext.as_deref() {
        None => None,
        Some("svg") => Some(Format::Svg),
        Some("png") => Some(Format::Png),
        Some("sl") => Some(Format::Sl),
        Some("html") | Some("htm") => Some(Format::Html),
        Some(other) => {
            if asked.is_none() {
                return Err(format!(
                    "gobook writes .svg, .png, .sl or .html, not .{other}; rename the output file or give --format"
                ));
            }
            None
        }
    };
    match (asked, by_ext) {
        (Some(a), Some(e)) if a != e => Err(format!(
            "--format {} does not match the file name ending in .{}",
            a.extension(),
            e.extension()
        )),
        (Some(a), _) => available(a),
        (None, e) => available(e.unwrap_or(Format::Svg)),
    }
}

/// The format, when this gobook can write it: PNG needs the `png` feature.
fn available(format: Format) -> Result<Format, String> {
    if format == Format::Png && !cfg!(feature = "png") {
        return Err(
            "PNG pictures need the Cargo feature `png`, which this gobook was built without; \
             write SVG, or rebuild gobook with `cargo install gobook --features png`"
                .to_string(),
        );
    }
    Ok(format)
}

/// Draws diagram `d` of the checked book as the picture `pic` asks for: SVG text or PNG bytes.
/// With `--crop`, says the view it chose on standard error (unless `quiet`).
pub fn draw(
    checked: &Checked,
    d: &Diagram,
    lang: &str,
    pic: &PictureArgs,
    format: Format,
    id: &str,
    quiet: bool,
) -> Result<Vec<u8>, String> {
    if format == Format::Html {
        return Ok(player(checked, d, lang, pic, &[], quiet).into_bytes());
    }
    let book = &checked.resolved.book;
    let mut board = board_diagram(book, d, lang);
    board.links = pic.links.clone();
    if pic.crop {
        match crop_view(&board) {
            Some(view) => {
                if !quiet {
                    // Printed as the book attribute, so it can be pasted into the diagram.
                    let name =
                        d.id.as_deref()
                            .map(|i| format!("{i}: "))
                            .unwrap_or_default();
                    eprintln!("{name}cropped to vw={}", view_text(view));
                }
                board.view = Some(view);
            }
            None => {
                if !quiet {
                    eprintln!("note: the diagram draws nothing, so --crop keeps the whole board");
                }
            }
        }
    }
    if format == Format::Sl {
        return Ok(sl_text(&board, quiet));
    }
    let opts = SvgOptions {
        standalone: true,
        id_prefix: id.to_string(),
        no_ids: false,
        caption: if pic.caption {
            caption_text(book, d, lang)
        } else {
            Vec::new()
        },
        width: match format {
            Format::Svg | Format::Sl | Format::Html => pic.width,
            // The PNG's size is set when it is drawn; its SVG keeps plain user units.
            Format::Png => None,
        },
        // A blog's column decides an SVG's size unless --width fixes it; a PNG has pixels.
        fluid: format == Format::Svg,
        palette: match pic.theme {
            Theme::Light => LIGHT,
            Theme::Dark => DARK,
        },
        ..SvgOptions::default()
    };
    let mut svg = render(&board, &opts);
    match format {
        Format::Svg | Format::Sl | Format::Html => {
            svg.push('\n');
            Ok(svg.into_bytes())
        }
        #[cfg(not(feature = "png"))]
        Format::Png => {
            let _ = (quiet, board, DEFAULT_PNG_WIDTH);
            Err("PNG pictures need the Cargo feature `png`".to_string())
        }
        #[cfg(feature = "png")]
        Format::Png => {
            let text: String = opts
                .caption
                .iter()
                .map(String::as_str)
                .chain(board.labels.iter().map(|l| l.1.as_str()))
                .collect();
            let missing = gobook::render::png::missing_glyphs(&text);
            if !missing.is_empty() && !quiet {
                let shown: String = missing.iter().take(10).collect();
                eprintln!(
                    "note: the PNG's bundled font has no {shown}: they are drawn in a font of \
                     this machine that has them (fonts-noto-cjk covers Chinese, Japanese and \
                     Korean), else left out; an SVG shows them in the reader's fonts"
                );
            }
            gobook::render::png::svg_to_png(&svg, pic.width.unwrap_or(DEFAULT_PNG_WIDTH), pic.scale)
                .map_err(|e| e.to_string())
        }
    }
}

/// Boards side by side (a Sensei's Library comparison diagram) as one picture under
/// `title`: SVG text or PNG bytes, in `pic`'s width and colours.
pub fn row_bytes(
    boards: &[gobook::board::diagram::BoardDiagram],
    title: &str,
    pic: &PictureArgs,
    format: Format,
) -> Result<Vec<u8>, String> {
    let opts = SvgOptions {
        width: if format == Format::Png {
            None
        } else {
            pic.width
        },
        fluid: format == Format::Svg,
        palette: match pic.theme {
            Theme::Light => LIGHT,
            Theme::Dark => DARK,
        },
        ..SvgOptions::default()
    };
    let svg = gobook::render::svg::render_row(boards, title, &opts);
    match format {
        #[cfg(feature = "png")]
        Format::Png => {
            gobook::render::png::svg_to_png(&svg, pic.width.unwrap_or(DEFAULT_PNG_WIDTH), pic.scale)
                .map_err(|e| e.to_string())
        }
        #[cfg(not(feature = "png"))]
        Format::Png => Err("PNG pictures need the Cargo feature `png`".to_string()),
        Format::Svg | Format::Sl | Format::Html => Ok((svg + "\n").into_bytes()),
    }
}

/// Diagram `d` of the checked book as a player, an HTML fragment (see `gobook::markup::player`), with
/// the game's `comments`. `--crop` narrows the view the player opens at (its expand button
/// shows the whole board); `--caption` is the figure's own caption, as on the site.
pub fn player(
    checked: &Checked,
    d: &Diagram,
    lang: &str,
    pic: &PictureArgs,
    comments: &[Comment],
    quiet: bool,
) -> String {
    let book = &checked.resolved.book;
    let shown = player_view(book, d, lang, pic, quiet);
    let svg = player_svg(book, &shown, lang, pic);
    player::fragment(checked, &shown, lang, &svg, comments, pic.width)
}

/// Diagram `d` with the view the player opens at: `--crop`'s, said on standard error
/// (unless `quiet`), else its own.
fn player_view(book: &Book, d: &Diagram, lang: &str, pic: &PictureArgs, quiet: bool) -> Diagram {
    let mut shown = d.clone();
    if pic.crop {
        match crop_view(&board_diagram(book, d, lang)) {
            Some(view) => {
                if !quiet {
                    eprintln!("cropped to vw={}", view_text(view));
                }
                shown.view = view;
            }
            None if !quiet => {
                eprintln!("note: the diagram draws nothing, so --crop keeps the whole board");
            }
            None => {}
        }
    }
    shown
}

/// The board of a player of diagram `d` (its view already chosen): standalone, so it shows
/// without the script and the style sheet, as wide as its column.
pub fn player_svg(book: &Book, d: &Diagram, lang: &str, pic: &PictureArgs) -> String {
    let opts = SvgOptions {
        standalone: true,
        // No id at all: two players of one game on a page would repeat it.
        id_prefix: String::new(),
        no_ids: true,
        // The caption is the figure's, in the page's text, as the site shows it.
        caption: Vec::new(),
        width: None,
        fluid: true,
        palette: match pic.theme {
            Theme::Light => LIGHT,
            Theme::Dark => DARK,
        },
        ..SvgOptions::default()
    };
    render(&board_diagram(book, d, lang), &opts)
}

/// The board as a Sensei's Library diagram; what the format cannot say goes to standard
/// error (unless `quiet`), one note a line.
fn sl_text(board: &gobook::board::diagram::BoardDiagram, quiet: bool) -> Vec<u8> {
    let (d, notes) = gobook::board::sl::to_sl(board);
    if !quiet {
        for n in &notes {
            eprintln!("note: {n}");
        }
    }
    gobook::sl::write(&d).into_bytes()
}

/// Whether the picture may go to `path`: a new file, a picture gobook drew (it says so
/// inside: the SVG's `gb` class, the PNG's `Software` chunk; a Sensei's Library diagram
/// exactly as gobook writes it), or anything with `--force`;
/// `Ok(true)` when what is there is not gobook's (so `--force` puts it aside). Otherwise
/// the message says what to do.
fn may_replace(path: &Path, force: bool) -> Result<bool, String> {
    let Ok(meta) = std::fs::symlink_metadata(path) else {
        return Ok(false);
    };
    if meta.is_file() && drawn_by_gobook(path) {
        return Ok(false);
    }
    if force {
        return Ok(true);
    }
    Err(format!(
        "{} already exists and gobook did not write it; choose another name with -o, or pass --force to replace it",
        path.display()
    ))
}

/// Whether the file at `path` starts as a picture gobook draws.
fn drawn_by_gobook(path: &Path) -> bool {
    // A named pipe there is not gobook's picture, and must not be waited on.
    let Ok(head) = gobook::project::read::read_head(path, 512) else {
        return false;
    };
    let svg = head.starts_with(br#"<svg xmlns="http://www.w3.org/2000/svg" class="gb""#)
        || head.starts_with(br#"<div class="gb-player""#);
    #[cfg(feature = "png")]
    let png = head.starts_with(b"\x89PNG")
        && head
            .windows(gobook::render::png::SOFTWARE_CHUNK.len())
            .any(|w| w == gobook::render::png::SOFTWARE_CHUNK);
    // Without the `png` feature no PNG is drawn, so none is taken for gobook's.
    #[cfg(not(feature = "png"))]
    let png = false;
    svg || png || written_sl(path)
}

/// The longest Sensei's Library diagram gobook writes, with room to spare: 25 rows of 25
/// points, edges, links and arrows.
const SL_MAX: u64 = 64 * 1024;

/// Whether the file at `path` is one Sensei's Library diagram in the very text gobook
/// writes for it (`--format sl`): read, then written again, it is the same, byte for byte.
/// SL text has no place for a mark of its own, and a diagram typed by hand seldom is in
/// that form: a header without `B` or `W`, other spacing, `+` corners, `x:y` arrows.
fn written_sl(path: &Path) -> bool {
    let Ok(head) = gobook::project::read::read_head(path, SL_MAX + 1) else {
        return false;
    };
    if head.len() as u64 > SL_MAX || !head.starts_with(b"$$") {
        return false;
    }
    let Ok(text) = std::str::from_utf8(&head) else {
        return false;
    };
    gobook::sl::read(text).is_ok_and(|d| d.warnings.is_empty() && gobook::sl::write(&d) == text)
}

/// Writes a picture to `path` (through a temporary file and a rename) unless that would
/// replace a file gobook did not write (see [`may_replace`]); with `force` such a file goes
/// to the trash first, and where it went is returned. The error is the message to show.
pub fn write_file(path: &Path, bytes: &[u8], force: bool) -> Result<Option<Aside>, String> {
    let foreign = may_replace(path, force)?;
    let written = if foreign {
        safe_write::replace_forced(path, bytes)
    } else {
        safe_write::replace(path, bytes).map(|()| None)
    };
    written.map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Writes the picture to the file (see [`write_file`]), or to standard output; PNG bytes
/// go to a terminal only when asked for by `--format png`.
pub fn write_out(out: Option<&Path>, bytes: &[u8], g: GlobalArgs, force: bool) -> i32 {
    match out {
        None => match std::str::from_utf8(bytes) {
            Ok(text) => super::print_stdout(text.trim_end()),
            Err(_) => write_binary_stdout(bytes),
        },
        Some(path) => match write_file(path, bytes, force) {
            Ok(aside) => {
                if !g.quiet {
                    if let Some(aside) = aside {
                        eprintln!("{aside}");
                    }
                    eprintln!("wrote {}", path.display());
                }
                EXIT_OK
            }
            Err(message) => {
                super::report::error(&message);
                EXIT_USAGE
            }
        },
    }
}

fn write_binary_stdout(bytes: &[u8]) -> i32 {
    use std::io::{IsTerminal, Write};
    let mut out = std::io::stdout().lock();
    if out.is_terminal() {
        super::report::error(
            "a PNG is not for the terminal: give the file with -o NAME.png, or pipe it",
        );
        return EXIT_USAGE;
    }
    match out.write_all(bytes).and_then(|_| out.flush()) {
        Ok(()) => EXIT_OK,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => EXIT_OK,
        Err(e) => {
            super::report::error(&format!("cannot write to standard output: {e}"));
            EXIT_USAGE
        }
    }
}
