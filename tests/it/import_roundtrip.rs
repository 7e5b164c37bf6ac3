//! The comments of the corpora's games reach the page as the SGF says them: import
//! each game with comments, build its site in memory, and every comment's text is in
//! the text of the page's paragraphs. Markup-like text (`**`, `__`, `#pb#`, `^T`,
//! `<a`, `\n`, `::` at a line start) must stay text, so nothing is read as markup.
//! (import_editions.rs compares every character in all three editions over a set of
//! games; this one reads more games, the site only, and is lenient on typography.)

use crate::common;
use gobook::import::{import_game, Options};
use std::path::Path;

/// The text of every `<p>` of an HTML page gobook wrote (its own markup: paragraphs do
/// not nest), tags dropped and entities decoded.
fn paragraph_text(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(k) = rest.find("<p") {
        rest = &rest[k + 2..];
        if !rest.starts_with(['>', ' ']) {
            continue;
        }
        let Some(end) = rest.find("</p>") else {
            break;
        };
        let inner = &rest[rest.find('>').map_or(0, |g| g + 1).min(end)..end];
        let mut in_tag = false;
        for c in inner.chars() {
            match c {
                '<' => in_tag = true,
                '>' if in_tag => in_tag = false,
                _ if !in_tag => out.push(c),
                _ => {}
            }
        }
        out.push(' ');
        rest = &rest[end..];
    }
    out.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&#x27;", "'")
        .replace("&amp;", "&")
}

/// Text as a reader compares it: no whitespace, no invisible word joiners (which the
/// importer wrote before issue 48), and the book typography the spec applies undone (curly quotes, dashes, ellipses), so that
/// only a change of what is said makes two texts differ.
fn normalise(s: &str) -> String {
    let mut t = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            c if c.is_whitespace() || c == '\u{2060}' || gobook::chars::is_forbidden(c) => {}
            '‘' | '’' | '‚' | '‹' | '›' => t.push('\''),
            '“' | '”' | '„' | '«' | '»' => t.push('"'),
            '–' | '—' => t.push('-'),
            '…' => t.push_str("..."),
            c => t.push(c),
        }
    }
    while t.contains("--") {
        t = t.replace("--", "-");
    }
    t
}

/// Whether `c` at `i` starts a board coordinate ("D4", "Q16"): the spec replaces those
/// with the letter or number the diagram shows there.
fn coordinate_at(chars: &[char], i: usize) -> Option<usize> {
    let c = *chars.get(i)?;
    if !(c.is_ascii_uppercase() && c != 'I' && c <= 'T') {
        return None;
    }
    if i > 0 && chars[i - 1].is_alphanumeric() {
        return None;
    }
    let digits = chars[i + 1..]
        .iter()
        .take_while(|d| d.is_ascii_digit())
        .count();
    let after = chars.get(i + 1 + digits);
    ((1..=2).contains(&digits) && !after.is_some_and(|a| a.is_alphanumeric())).then_some(1 + digits)
}

/// Whether the comment (as the SGF has it) is in the normalised page text, each
/// coordinate standing for whatever short text replaced it (a number, a letter).
fn found(comment: &str, page: &str) -> bool {
    // The comment's normalised parts between coordinates, with how many coordinates
    // come before each.
    let chars: Vec<char> = comment.chars().collect();
    let mut parts: Vec<(usize, String)> = vec![(0, String::new())];
    let mut raw = String::new();
    let mut i = 0;
    while i <= chars.len() {
        let coord = coordinate_at(&chars, i);
        if coord.is_some() || i == chars.len() {
            parts.last_mut().unwrap().1 = normalise(&raw);
            raw.clear();
            if let Some(len) = coord {
                if parts.last().unwrap().1.is_empty() && parts.len() > 1 {
                    parts.last_mut().unwrap().0 += 1;
                } else {
                    parts.push((1, String::new()));
                }
                i += len;
                continue;
            }
            break;
        }
        raw.push(chars[i]);
        i += 1;
    }
    let first = parts[0].1.clone();
    (0..=page.len())
        .filter(|&s| page.is_char_boundary(s) && page[s..].starts_with(first.as_str()))
        .any(|s| {
            let mut at = s + first.len();
            parts[1..].iter().all(|(gaps, p)| {
                let window = &page[at..];
                let limit = window
                    .char_indices()
                    .nth(4 * gaps)
                    .map_or(window.len(), |(k, _)| k);
                let hit = (0..=limit)
                    .filter(|&k| window.is_char_boundary(k))
                    .find(|&k| window[k..].starts_with(p.as_str()));
                if let Some(k) = hit {
                    at += k + p.len();
                }
                hit.is_some()
            })
        })
}

/// Imports `path`, builds the book in memory and returns the comments missing from
/// its pages with how many it looked for, or `None` when the game is not one gobook
/// imports.
fn missing_comments(path: &Path, dir: &Path) -> Option<(usize, Vec<String>)> {
    let bytes = std::fs::read(path).ok()?;
    let parsed = gobook::sgf::parse(&bytes).ok()?;
    let game = parsed.collection.games.first()?;
    let imported = import_game(game, "game", &Options::default()).ok()?;
    let book = dir.join("game.gobook");
    std::fs::write(&book, &imported.text).unwrap();
    let quiet = |_: &str| {};
    let opts = gobook::project::build::Options {
        book: &book,
        text: &imported.text,
        out_dir: Some(&dir.join("site")),
        progress: &quiet,
        checked: None,
    };
    let rendered =
        gobook::site::build::render(&opts, &mut gobook::site::build::Cache::default()).ok()?;
    let page: String = rendered
        .files
        .iter()
        .filter(|(p, _)| p.extension().is_some_and(|e| e == "html"))
        .map(|(_, b)| paragraph_text(&String::from_utf8_lossy(b)))
        .collect();
    let page = normalise(&page);
    let (mut checked, mut missing) = (0, Vec::new());
    for node in game.nodes() {
        let Some(c) = node.value("C") else { continue };
        let text = gobook::sgf::value::text(c);
        let want = normalise(&text);
        checked += usize::from(!want.is_empty());
        if !want.is_empty() && !found(&text, &page) {
            missing.push(text);
        }
    }
    Some((checked, missing))
}

/// Every comment of every commented game of the corpora (the GNU Go regression
/// games sampled, one in five) is on the built page as the SGF says it.
#[test]
fn comments_reach_the_page_as_written() {
    let Some(root) = common::corpora() else {
        return;
    };
    let mut games: Vec<_> = common::files_with_ext(&root, "sgf")
        .into_iter()
        .filter(|p| !p.starts_with(root.join("reference")))
        .filter(|p| std::fs::read(p).is_ok_and(|b| b.windows(2).any(|w| w == b"C[")))
        .collect();
    let mut k = 0;
    games.retain(|p| {
        k += 1;
        !p.starts_with(root.join("gnugo-regression")) || k % 5 == 0
    });
    let dir = common::tempdir();
    let (mut built, mut comments, mut bad) = (0, 0, Vec::new());
    for g in &games {
        let Some((checked, missing)) = missing_comments(g, dir.path()) else {
            continue;
        };
        built += 1;
        comments += checked;
        for m in missing {
            bad.push(format!("{}: {m:?}", g.display()));
        }
    }
    eprintln!(
        "{built} of {} games built, {} of {comments} comments missing",
        games.len(),
        bad.len()
    );
    assert!(
        built * 10 >= games.len() * 9,
        "{built} of {} games built",
        games.len()
    );
    assert!(comments > 0);
    assert!(
        bad.is_empty(),
        "{} comment(s) not on the page:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

/// Text that looks like gobook markup stays text: bold, italic, standard texts, game
/// info, symbols, links, line breaks.
#[test]
fn markup_in_comments_is_shown_as_written() {
    let comment = r"**not bold** __not italic__ #btp# #pb# ^Tb <a href=x>no link</a> a\nb <br/> x";
    let sgf = format!(
        "(;SZ[9]PB[Someone];B[cc]C[{}])",
        comment.replace(']', "\\]")
    );
    let g = gobook::sgf::parse(sgf.as_bytes())
        .unwrap()
        .collection
        .games
        .remove(0);
    let dir = common::tempdir();
    let path = dir.path().join("g.sgf");
    std::fs::write(&path, &sgf).unwrap();
    let (checked, missing) = missing_comments(&path, dir.path()).expect("the game builds");
    assert_eq!(checked, 1);
    assert!(missing.is_empty(), "{missing:?}");
    let text = gobook::import::book_from_game(&g, "t", &Options::default()).unwrap();
    let c = gobook::check::check(&text);
    assert!(c.diagnostics.is_empty(), "{:?}", c.diagnostics);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
    /// Any comment, however much it looks like markup, typography or coordinates, is
    /// written so that the paragraph shows its characters exactly (issue 48): the
    /// importer's escapes, read back by the paragraph reader, are the comment again.
    #[test]
    fn any_comment_is_shown_exactly_as_written(
        comment in r#"[a-z*_#^TDOSXFQ0-9<>/\\'".:;!?=(\[\]|-]{1,12}( [a-z*_#^TDOSXFQ0-9<>/\\'".:;!?=(\[\]|-]{1,12}){0,6}"#,
        lang in proptest::sample::select(vec!["en", "fr", "ja"]),
    ) {
        let sgf = format!(
            "(;SZ[19];B[dd];W[pp]C[{}])",
            comment.replace('\\', "\\\\").replace(']', "\\]")
        );
        let g = gobook::sgf::parse(sgf.as_bytes()).unwrap().collection.games.remove(0);
        let opts = Options { lang, ..Options::default() };
        let text = gobook::import::book_from_game(&g, "t", &opts).unwrap();
        let c = gobook::check::check(&text);
        proptest::prop_assert!(
            c.diagnostics.iter().all(|d| d.severity != gobook::diagnostics::Severity::Error),
            "{:?}\n{text}", c.diagnostics
        );
        let (rich, _) = common::last_paragraph(&text, lang);
        let shown = gobook::resolve::text::plain(&rich);
        // After the move's bold prefix ("2: ", "2 : ", "2手："), the comment itself.
        // Spaces aside (a no-break space typography adds is a change, so it counts).
        let squeeze = |s: &str| s.split([' ', '\t', '\n']).collect::<String>();
        let (shown, want) = (squeeze(&shown), squeeze(&comment));
        proptest::prop_assert!(shown.ends_with(&want), "{shown:?} does not end with {want:?}\n{text}");
    }
}
