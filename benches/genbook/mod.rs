#![allow(dead_code)] // each bench uses part of the generator
//! A large, realistic book made from real games for benchmarks: per chapter one game,
//! five figures of fifty moves, ten diagrams with the game's own continuations, two
//! problems, and commentary in English and German. Shared by the benches and by
//! `cargo run --release --example genbook`.

use std::path::{Path, PathBuf};

/// The shape of the generated book.
pub struct Shape {
    /// Chapters (one game each).
    pub chapters: usize,
    /// Figures per chapter.
    pub figures: usize,
    /// Diagrams per chapter.
    pub diagrams: usize,
    /// Problems per chapter.
    pub problems: usize,
}

/// The book of the issue: 100 chapters, 500 figures, 1,000 diagrams, 200 problems.
pub const STANDARD: Shape = Shape {
    chapters: 100,
    figures: 5,
    diagrams: 10,
    problems: 2,
};

/// A 5 MB book of long games (250 to 406 moves): each game whole in figures of fifty
/// moves (up to eight), two diagrams with their inline twins per figure, two problems;
/// 880 chapters, about 27,500 diagrams.
pub const LONG: Shape = Shape {
    chapters: 880,
    figures: 8,
    diagrams: 16,
    problems: 2,
};

/// A real game of the corpora: the `::go` element text (ID `game`), the points of
/// its numbered moves, and the SGF file it came from.
pub type Game = (String, Vec<gobook::point::Point>, PathBuf);

/// Real 19x19 games from the shared corpora with at least `min_moves` moves.
pub fn games(corpora: &Path, want: usize, min_moves: usize) -> Vec<Game> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpora.join("gnugo-regression/games"))
        .or_else(|_| std::fs::read_dir(corpora.join("gnugo-regression")))
        .map(|rd| rd.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    let mut stack: Vec<PathBuf> = std::mem::take(&mut files);
    let mut sgfs = Vec::new();
    while let Some(p) = stack.pop() {
        if p.is_dir() {
            if let Ok(rd) = std::fs::read_dir(&p) {
                stack.extend(rd.flatten().map(|e| e.path()));
            }
        } else if p.extension().is_some_and(|x| x == "sgf") {
            sgfs.push(p);
        }
    }
    sgfs.sort();
    let mut out = Vec::new();
    for p in sgfs {
        if out.len() >= want {
            break;
        }
        let Ok(bytes) = std::fs::read(&p) else {
            continue;
        };
        let Ok(parsed) = gobook::sgf::parse(&bytes) else {
            continue;
        };
        let Some(game) = parsed.collection.games.first() else {
            continue;
        };
        let Ok((go, points)) = gobook::import::game_data(game) else {
            continue;
        };
        if points.len() < min_moves || !go.contains("::go(#game)") || go.contains("sz=") {
            continue;
        }
        // Only games gobook accepts as written (no illegal moves).
        let probe = format!("::book(#p)\n\n::chapter\n\n{go}\n");
        if gobook::check::check(&probe).has_errors() {
            continue;
        }
        out.push((go, points, p));
    }
    out
}

/// Writes the book text.
pub fn book(games: &[Game], shape: &Shape) -> String {
    generate(games, shape).text
}

/// One board of the book as sgf-render draws it: the game, the node shown (moves
/// played), and the moves numbered on it, if any.
pub struct Drawing {
    /// Index into the games.
    pub game: usize,
    /// Node of the game's main line (0 = empty board).
    pub node: usize,
    /// First and last numbered move.
    pub numbers: Option<(usize, usize)>,
}

/// The book, and the same book as a user of sgf-render and mdBook would write it.
pub struct Generated {
    /// The gobook text.
    pub text: String,
    /// Every board, in book order (`d0.svg`, `d1.svg`, ...).
    pub drawings: Vec<Drawing>,
    /// Per language (English, German) the Markdown of each chapter, the title chapter first;
    /// boards are images `img/dN.svg`.
    pub markdown: [Vec<(String, String)>; 2],
}

/// Writes the book, its boards and its Markdown twin.
pub fn generate(games: &[Game], shape: &Shape) -> Generated {
    let mut s = String::with_capacity(4 << 20);
    let mut drawings: Vec<Drawing> = Vec::new();
    let mut md: [Vec<(String, String)>; 2] = [Vec::new(), Vec::new()];
    let mut draw = |game: usize,
                    node: usize,
                    numbers: Option<(usize, usize)>,
                    caption: &str,
                    md: &mut [Vec<(String, String)>; 2]| {
        let img = format!("\n\n![{caption}](img/d{}.svg)\n", drawings.len());
        drawings.push(Drawing {
            game,
            node,
            numbers,
        });
        for m in md.iter_mut() {
            if let Some(ch) = m.last_mut() {
                ch.1.push_str(&img);
            }
        }
    };
    let text = |md: &mut [Vec<(String, String)>; 2], en: &str, de: &str| {
        for (m, t) in md.iter_mut().zip([en, de]) {
            if let Some(ch) = m.last_mut() {
                ch.1.push_str("\n\n");
                ch.1.push_str(t);
                ch.1.push('\n');
            }
        }
    };
    s.push_str("::book_en_de(#bench)\ntitle=\"A Hundred Games\"\ntitle_de=\"Hundert Partien\"\nauthor=\"gobook benchmark\"\n\n\n\n");
    s.push_str("::chapter(#title)\n\n\n::h1 #title#\n\n::s1 #author#\n\nA book made from real games to measure gobook.\n");
    md[0].push(("title".into(), "# A Hundred Games\n\n## gobook benchmark\n\nA book made from real games to measure gobook.\n".into()));
    md[1].push(("title".into(), "# Hundert Partien\n\n## gobook benchmark\n\nA book made from real games to measure gobook.\n".into()));
    for c in 0..shape.chapters {
        let gi = c % games.len();
        let (go, pts, _) = &games[gi];
        let g = format!("g{c}");
        s.push_str(&format!(
            "\n\n\n::chapter(#ch{c})\n\n\n::h2_en Game {n}\n\n\n::h2_de Partie {n}\n\n",
            n = c + 1
        ));
        md[0].push((format!("ch{c}"), format!("# Game {}\n", c + 1)));
        md[1].push((format!("ch{c}"), format!("# Partie {}\n", c + 1)));
        s.push_str(&go.replace("::go(#game)", &format!("::go(#{g})")));
        s.push('\n');
        for f in 0..shape.figures {
            let (a, b) = (f * 50 + 1, (f * 50 + 50).min(pts.len()));
            if a > b {
                break;
            }
            s.push_str(&format!("\n::fig(#{g}-f{f}) base={g} at={a} to={b}\n"));
            draw(gi, b, Some((a, b)), &format!("Figure {}", f + 1), &mut md);
            let p = pts[a - 1];
            s.push_str(&format!(
                "\n::en Moves {a} to {b}. The move at {p} sets the tone; \"quiet\" moves -- like this one -- often decide the game...\n\n::de Die Züge {a} bis {b}. Der Zug auf {p} gibt den Ton an; \"ruhige\" Züge -- wie dieser -- entscheiden oft die Partie...\n"
            ));
            text(
                &mut md,
                &format!("Moves {a} to {b}. The move at {p} sets the tone; “quiet” moves – like this one – often decide the game…"),
                &format!("Die Züge {a} bis {b}. Der Zug auf {p} gibt den Ton an; „ruhige“ Züge – wie dieser – entscheiden oft die Partie…"),
            );
            for d in 0..shape.diagrams / shape.figures.max(1) {
                let at = a + 5 + d * 20;
                if at + 4 > pts.len() || at + 4 > b {
                    continue;
                }
                let mv: Vec<String> = pts[at - 1..at + 3].iter().map(|p| p.to_string()).collect();
                s.push_str(&format!(
                    "\n::dia base={g} at={at} mv=\"{}\" ca_en=\"Dia. {d}\" ca_de=\"Dia. {d}\"\n",
                    mv.join(" ")
                ));
                draw(
                    gi,
                    at + 3,
                    Some((at, at + 3)),
                    &format!("Dia. {d}"),
                    &mut md,
                );
                s.push_str(&format!(
                    "\n::en In the diagram, {} is **the key point**; compare <dia base={g} at={at} mv={}>the other way</dia>.\n\n::de Im Diagramm ist {} __der Schlüsselpunkt__.\n",
                    pts[at - 1], pts[at - 1], pts[at - 1]
                ));
                text(
                    &mut md,
                    &format!(
                        "In the diagram, {} is **the key point**; compare the other way:",
                        pts[at - 1]
                    ),
                    &format!("Im Diagramm ist {} __der Schlüsselpunkt__.", pts[at - 1]),
                );
                draw(gi, at, Some((at, at)), "the other way", &mut md);
            }
        }
        for k in 0..shape.problems {
            let at = 40 + k * 30;
            if at + 3 > pts.len() {
                continue;
            }
            let correct: String = pts[at - 1..at + 2].iter().map(|p| p.to_string()).collect();
            s.push_str(&format!("\n::prb base={g} at={at} correct=\"{correct}(Correct.)\" vw=A1T19 #btp#\n\n::p hint=1 Look at the weakest group.\n"));
            draw(gi, at - 1, None, "Problem", &mut md);
            text(
                &mut md,
                "Black to play. Look at the weakest group.",
                "Schwarz am Zug. Achte auf die schwächste Gruppe.",
            );
        }
    }
    Generated {
        text: s,
        drawings,
        markdown: md,
    }
}

/// The value after `--name` on the bench's command line (`cargo bench --bench B -- --name V`).
pub fn option(name: &str) -> Option<String> {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .cloned()
}

/// The release `gobook` binary, built first if needed (benches run the command as a user does).
/// With `GOBOOK_BIN` set, that binary instead, not built again (one made with
/// `cargo build --release --no-default-features -F web`, say).
pub fn gobook_binary() -> PathBuf {
    if let Some(bin) = std::env::var_os("GOBOOK_BIN") {
        return PathBuf::from(bin);
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let st = std::process::Command::new(env!("CARGO"))
        .args(["build", "--release", "--quiet", "--bin", "gobook"])
        .current_dir(root)
        .status()
        .expect("cargo runs");
    assert!(st.success(), "cannot build gobook");
    root.join("target/release/gobook")
}
