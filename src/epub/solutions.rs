//! Problem solutions for e-books, where there is no script to play them out: at the end
//! of a chapter, each problem's correct sequence drawn as a numbered diagram, with the
//! correct and wrong lines and their comments as text, folded behind `<details>`
//! (reading systems without `<details>` show it open, as a printed book's answers).

use crate::board::Board;
use crate::escape;
use crate::format::schema::DiagramKind;
use crate::format::values::{Move, Sequence};
use crate::i18n;
use crate::layout::diagram::board_diagram;
use crate::point::Color;
use crate::render::svg::{render_inline, BoardDiagram, NumberedStone};
use crate::resolve::caption::caption_lines;
use crate::resolve::model::{BlockKind, Book, DiagramRole};
use crate::resolve::shows_in;
use crate::site::pages::anchor;

fn ui(key: &str, lang: &str) -> &'static str {
    i18n::ui(key, lang).unwrap_or("")
}

/// The solutions of the problems in chapter `ch`, as XHTML; empty when it has none.
pub fn chapter_solutions(book: &Book, ch: usize, lang: &str) -> String {
    let mut items = String::new();
    for b in book.chapters[ch]
        .blocks
        .iter()
        .filter(|b| shows_in(&b.langs, lang))
    {
        let BlockKind::Diagram(di) = b.kind else {
            continue;
        };
        let d = &book.diagrams[di];
        if d.role != DiagramRole::Block(DiagramKind::Prb) || d.correct.is_empty() {
            continue;
        }
        let lines = caption_lines(book, d, lang);
        let name = lines.caption.clone().unwrap_or_else(|| lines.title());
        let problem = anchor(b.id.as_deref(), b.element);
        let board = solution_board(book, di, &d.correct[0], lang, &name);
        let svg = render_inline(&board, &format!("sol{di}"));
        // Stones the size of the problem's own (the site's rule for `dia` width).
        let width = ((d.view.1.col - d.view.0.col + 1) as f64 * 1.3 + 1.2).clamp(12.0, 25.0);
        items.push_str(&format!(
            "<details class=\"gb-solution\" id=\"solution-{problem}\">\n<summary>{} <a href=\"#{problem}\">{}</a></summary>\n<figure class=\"gb-fig gb-w-dia\" style=\"width:{width:.1}rem\">{svg}</figure>\n",
            escape::text(ui("solution", lang)),
            escape::text(&name)
        ));
        for (key, seqs) in [("correct", &d.correct), ("wrong", &d.wrong)] {
            for s in seqs.iter() {
                items.push_str(&format!(
                    "<p class=\"gb-solution-line gb-{key}\"><span class=\"gb-label\">{}:</span> {}</p>\n",
                    escape::text(ui(key, lang)),
                    escape::text(&sequence_text(s, d.to_play, lang))
                ));
            }
        }
        items.push_str("</details>\n");
    }
    if items.is_empty() {
        return items;
    }
    format!(
        "<section class=\"gb-solutions\" aria-label=\"{}\">\n{items}</section>\n",
        escape::attr(ui("solution", lang))
    )
}

/// The problem's diagram with `seq` played on it as numbered stones, captures removed.
fn solution_board(book: &Book, di: usize, seq: &Sequence, lang: &str, name: &str) -> BoardDiagram {
    let d = &book.diagrams[di];
    let mut out = board_diagram(book, d, lang);
    out.title = format!("{} – {name}", ui("solution", lang));
    out.desc.clear();
    let Ok(mut board) = Board::new(d.size) else {
        return out;
    };
    for (p, c) in &d.final_stones {
        let _ = match c {
            Color::Black => board.add_black(*p),
            Color::White => board.add_white(*p),
        };
    }
    let mut color = d.to_play;
    let mut numbered: Vec<NumberedStone> = Vec::new();
    for (n, (mv, _)) in seq.iter().enumerate() {
        if let Move::Play(p) = mv {
            if board.play(color, *p).is_err() {
                // An illegal move ends what can be drawn; the text still lists the line.
                break;
            }
            numbered.retain(|s| s.point != *p);
            numbered.push(NumberedStone {
                point: *p,
                color,
                label: (n + 1).to_string(),
            });
        }
        color = color.opponent();
    }
    numbered.retain(|s| board.get(s.point) == Some(s.color));
    out.stones = board
        .stones()
        .filter(|(p, _)| !numbered.iter().any(|s| s.point == *p))
        .collect();
    out.numbered = numbered;
    out.marks.clear();
    out.labels.clear();
    out
}

/// A sequence as text: "Black B1, White A1 (comment)".
fn sequence_text(seq: &Sequence, first: Color, lang: &str) -> String {
    let mut color = first;
    let mut parts = Vec::new();
    for (mv, comment) in seq {
        let who = i18n::color_name(color == Color::Black, lang);
        let mut s = match mv {
            Move::Play(p) => format!("{who} {p}"),
            Move::Pass => format!("{who} –"),
            Move::Tenuki => format!("{who} ×"),
        };
        if let Some(c) = comment.as_deref().filter(|c| !c.is_empty()) {
            s.push_str(&format!(" ({c})"));
        }
        parts.push(s);
        color = color.opponent();
    }
    parts.join(", ")
}
