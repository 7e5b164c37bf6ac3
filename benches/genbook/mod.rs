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
pub const STANDARD: Shape = Shape { chapters: 100, figures: 5, diagrams: 10, problems: 2 };

/// Real 19x19 games from the shared corpora with at least `min_moves` moves: the
/// `::go` element text (ID `game`) and the points of the numbered moves.
pub fn games(corpora: &Path, want: usize, min_moves: usize) -> Vec<(String, Vec<gobook::point::Point>)> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpora.join("gnugo-regression/games"))
        .or_else(|_| std::fs::read_dir(corpora.join("gnugo-regression")))
        .map(|rd| rd.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    let mut stack: Vec<PathBuf> = files.drain(..).collect();
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
        let Ok(bytes) = std::fs::read(&p) else { continue };
        let Ok(parsed) = gobook::sgf::parse(&bytes) else { continue };
        let Some(game) = parsed.collection.games.first() else { continue };
        let Ok((go, points)) = gobook::import::game_data(game) else { continue };
        if points.len() < min_moves || !go.contains("::go(#game)") || go.contains("sz=") {
            continue;
        }
        // Only games gobook accepts as written (no illegal moves).
        let probe = format!("::book(#p)\n\n::chapter\n\n{go}\n");
        if gobook::check::check(&probe).has_errors() {
            continue;
        }
        out.push((go, points));
    }
    out
}

/// Writes the book text.
pub fn book(games: &[(String, Vec<gobook::point::Point>)], shape: &Shape) -> String {
    let mut s = String::with_capacity(4 << 20);
    s.push_str("::book_en_de(#bench)\ntitle=\"A Hundred Games\"\ntitle_de=\"Hundert Partien\"\nauthor=\"gobook benchmark\"\n\n\n\n");
    s.push_str("::chapter(#title)\n\n\n::h1 #title#\n\n::s1 #author#\n\nA book made from real games to measure gobook.\n");
    for c in 0..shape.chapters {
        let (go, pts) = &games[c % games.len()];
        let g = format!("g{c}");
        s.push_str(&format!("\n\n\n::chapter(#ch{c})\n\n\n::h2_en Game {n}\n\n\n::h2_de Partie {n}\n\n", n = c + 1));
        s.push_str(&go.replace("::go(#game)", &format!("::go(#{g})")));
        s.push('\n');
        for f in 0..shape.figures {
            let (a, b) = (f * 50 + 1, (f * 50 + 50).min(pts.len()));
            if a > b {
                break;
            }
            s.push_str(&format!("\n::fig(#{g}-f{f}) base={g} at={a} to={b}\n"));
            let p = pts[a - 1];
            s.push_str(&format!(
                "\n::en Moves {a} to {b}. The move at {p} sets the tone; \"quiet\" moves -- like this one -- often decide the game...\n\n::de Die Züge {a} bis {b}. Der Zug auf {p} gibt den Ton an; \"ruhige\" Züge -- wie dieser -- entscheiden oft die Partie...\n"
            ));
            for d in 0..shape.diagrams / shape.figures.max(1) {
                let at = a + 5 + d * 20;
                if at + 4 > pts.len() || at + 4 > b {
                    continue;
                }
                let mv: Vec<String> = pts[at - 1..at + 3].iter().map(|p| p.to_string()).collect();
                s.push_str(&format!("\n::dia base={g} at={at} mv=\"{}\" ca_en=\"Dia. {d}\" ca_de=\"Dia. {d}\"\n", mv.join(" ")));
                s.push_str(&format!(
                    "\n::en In the diagram, {} is **the key point**; compare <dia base={g} at={at} mv={}>the other way</dia>.\n\n::de Im Diagramm ist {} __der Schlüsselpunkt__.\n",
                    pts[at - 1], pts[at - 1], pts[at - 1]
                ));
            }
        }
        for k in 0..shape.problems {
            let at = 40 + k * 30;
            if at + 3 > pts.len() {
                continue;
            }
            let correct: String = pts[at - 1..at + 2].iter().map(|p| p.to_string()).collect();
            s.push_str(&format!("\n::prb base={g} at={at} correct=\"{correct}(Correct.)\" vw=A1T19 #btp#\n\n::p hint=1 Look at the weakest group.\n"));
        }
    }
    s
}
