//! Print's page flow: how a board and the text that describes it share the page. A
//! printed Go book sets its commentary at full measure, in the order it was written: narrow
//! boards side by side with their captions and gaps lines under each, then their texts
//! under the row; a narrow board alone with the start of its text beside it and the rest at
//! full measure under it, never a narrow column running on for pages; every board kept on
//! the page where its text starts (typst's `sticky`), not with the whole text.

use super::blocks::Chapters;
use super::scale::{BESIDE_SHARE, GUTTER_MM, INLINE_SHARE};
use crate::layout::page::{Block, Cell, Figure};
use crate::resolve::model::DiagramWidth;

impl Chapters<'_> {
    /// A diagram and its text: beside it when it is narrow and fits there at a readable
    /// scale, else the board above its text, kept with the text's start.
    pub(super) fn group(&mut self, page: usize, f: &Figure, text: &[Block]) -> String {
        let brk = page_break(f);
        if f.width == DiagramWidth::Dia {
            if let Some(beside) = self.beside(page, f, text) {
                return format!("{brk}{beside}");
            }
        }
        let fig = self.figure(page, f, 1.0);
        // A paragraph beside its inline diagram is one block, which a page too short for
        // it and the board above would push from its board: under the board instead.
        let tall = self.tall(f, text);
        let saved = self.column;
        if tall {
            self.column = Some(self.settings.text_width());
        }
        let body = self.pieces(page, text);
        self.column = saved;
        // A board kept with a paragraph's first lines, which the page's rest is measured
        // for; not with a board or a paragraph with its own diagram, too tall to foresee.
        let fig = match text.first() {
            None => self.fit(f, fig),
            Some(Block::Para(p)) if p.inline.is_empty() => self.fit(f, fig),
            Some(_) => fig,
        };
        format!("{brk}{}\n\n{}", kept(&fig, !body.is_empty()), body.concat())
    }

    /// Figure `f`'s call `fig` (a board alone on its line), told the least it may print at
    /// to fit what is left of the page (`gb-figure`'s `fit`) when that is less than its
    /// width at the book's scale: a board the page has not the room for at that scale
    /// prints a little smaller there, never under the least line spacing, rather than
    /// leave the rest of the page blank.
    fn fit(&self, f: &Figure, fig: String) -> String {
        let scale = self.scale();
        let natural = self.natural(f);
        let width = scale.board_width(natural, 1.0, f.width);
        let least = scale.least(natural);
        if least >= width - 0.5 {
            return fig;
        }
        let d = &self.book.diagrams[f.diagram];
        let rows = f64::from(d.view.1.row.saturating_sub(d.view.0.row)) + 1.25;
        let cols = f64::from(d.view.1.col.saturating_sub(d.view.0.col)) + 1.25;
        fig.replacen(
            "#gb-figure(",
            &format!("#gb-figure(fit: ({least:.1}mm, {:.4}), ", rows / cols),
            1,
        )
    }

    /// Whether figure `f`'s board and the largest inline diagram of its first paragraph,
    /// both at the widths they print at, are taller together than the text block.
    fn tall(&self, f: &Figure, text: &[Block]) -> bool {
        let scale = self.scale();
        let height = |d: &crate::resolve::model::Diagram, width: f64| {
            let rows = f64::from(d.view.1.row.saturating_sub(d.view.0.row)) + 1.25;
            let cols = f64::from(d.view.1.col.saturating_sub(d.view.0.col)) + 1.25;
            width * rows / cols
        };
        let d = &self.book.diagrams[f.diagram];
        let board = height(d, scale.board_width(self.natural(f), 1.0, f.width));
        let inline = text
            .iter()
            .find_map(|b| match b {
                Block::Para(p) => Some(&p.inline),
                _ => None,
            })
            .into_iter()
            .flatten()
            .map(|i| {
                let d = &self.book.diagrams[i.diagram];
                let natural = scale.natural(d, d.show_coords);
                height(
                    d,
                    scale.board_width(natural, INLINE_SHARE, DiagramWidth::Full),
                )
            })
            .fold(0.0, f64::max);
        // Captions and the space between blocks.
        inline > 0.0 && board + inline + 10.0 > self.settings.text_height()
    }

    /// Narrow diagrams side by side, as many to a line as print readably: each line's
    /// boards (with their captions and gaps lines) and then their texts at full measure,
    /// in source order; a board alone on its line has its text beside it when it fits.
    pub(super) fn row(&mut self, page: usize, cells: &[Cell]) -> String {
        let third = cells.iter().any(|c| c.figure.width == DiagramWidth::Third);
        // Fewer to a line when a board would print too small in its share.
        let naturals: Vec<f64> = cells.iter().map(|c| self.natural(&c.figure)).collect();
        let columns = self.scale().per_line(&naturals, if third { 3 } else { 2 });
        let share = 1.0 / columns as f64;
        let mut out = String::new();
        for line in cells.chunks(columns) {
            if let [c] = line {
                if let Some(beside) = self.beside(page, &c.figure, &c.text) {
                    out.push_str(&format!("{}{beside}", page_break(&c.figure)));
                    continue;
                }
            }
            let brk = line.first().map_or("", |c| page_break(&c.figure));
            let boards: Vec<String> = line
                .iter()
                .map(|c| format!("[{}]", self.figure(page, &c.figure, share)))
                .collect();
            let texts: Vec<String> = line
                .iter()
                .flat_map(|c| self.pieces(page, &c.text))
                .collect();
            out.push_str(&format!(
                "{brk}#gb-grid({columns}, sticky: {}, {})\n\n{}",
                !texts.is_empty(),
                boards.join(", "),
                texts.concat()
            ));
        }
        out
    }

    /// Figure `f` with the start of its text beside it (`gb-beside`), when there is text,
    /// the board fits the share beside text at the least line spacing and so do the inline
    /// diagrams of its text in the column left beside it.
    fn beside(&mut self, page: usize, f: &Figure, text: &[Block]) -> Option<String> {
        if text.is_empty() || !self.scale().fits(self.natural(f), BESIDE_SHARE) {
            return None;
        }
        let board = self.beside_width(f);
        let column = self.settings.text_width() - board - GUTTER_MM;
        if !self.inline_fit(text, column) {
            return None;
        }
        let saved = self.column.replace(column);
        let pieces = self.pieces(page, text);
        self.column = saved;
        let pieces: Vec<String> = pieces
            .iter()
            .filter(|p| !p.trim().is_empty())
            .map(|p| format!("[\n{p}]"))
            .collect();
        if pieces.is_empty() {
            return None;
        }
        let fig = self.figure(page, f, BESIDE_SHARE);
        Some(format!(
            "#gb-beside({board:.1}mm, {column:.1}mm, [{fig}], {})\n\n",
            pieces.join(", ")
        ))
    }

    /// A paragraph's markup `body` with its one inline diagram (`figs`: its call and width
    /// in mm) beside it, on the right, when the column left is wide enough for text: the
    /// diagram stays inside the paragraph's text block, and a short paragraph costs the page
    /// no more than its board. Not inside a column beside another board.
    pub(super) fn beside_inline(&self, body: &str, figs: &[(String, f64)]) -> Option<String> {
        let [(fig, width)] = figs else {
            return None;
        };
        let column = self.inline_column(figs)?;
        Some(format!(
            "#gb-beside({width:.1}mm, {column:.1}mm, [{fig}], [\n{body}], right: true)\n\n"
        ))
    }

    /// The width of the column beside the board of a paragraph's one inline diagram (`figs`,
    /// its figure call and width), if the board stands beside its paragraph.
    pub(super) fn inline_column(&self, figs: &[(String, f64)]) -> Option<f64> {
        let [(_, width)] = figs else {
            return None;
        };
        let column = self.settings.text_width() - width - GUTTER_MM;
        (self.column.is_none() && column >= LEAST_COLUMN_MM).then_some(column)
    }

    /// Whether the inline diagrams of `text` fit, at the least line spacing, a column
    /// `column` mm wide.
    fn inline_fit(&self, text: &[Block], column: f64) -> bool {
        text.iter()
            .filter_map(|b| match b {
                Block::Para(p) => Some(&p.inline),
                _ => None,
            })
            .flatten()
            .all(|i| self.scale().least(self.natural_of(i.diagram)) <= column)
    }

    /// The printed width of figure `f` beside text: its board at the book's scale in the
    /// share beside text, as [`Chapters::figure`] prints it there.
    fn beside_width(&self, f: &Figure) -> f64 {
        self.scale()
            .board_width(self.natural(f), BESIDE_SHARE, f.width)
    }
}

/// The narrowest column in mm that text goes in beside an inline diagram: about five
/// words of body text.
const LEAST_COLUMN_MM: f64 = 30.0;

/// The page break figure `f` asks before it (`break=page`), as markup.
fn page_break(f: &Figure) -> &'static str {
    if f.brk.as_deref() == Some("page") {
        "#pagebreak(weak: true)\n"
    } else {
        ""
    }
}

/// A figure's call `fig`, kept on the page of what follows it when `text` follows.
fn kept(fig: &str, text: bool) -> String {
    if text {
        fig.replacen("#gb-figure(", "#gb-figure(sticky: true, ", 1)
    } else {
        fig.to_string()
    }
}
