//! Answer trees in a problem's `correct` and `wrong` (a gobook extension of the spec's
//! future addition "full answer trees"): `C3 [D4 E5 | E5 D4]` is C3, then White's reply
//! D4 or E5, each with Black's answer. A tree is read as the lines from its root to each
//! leaf (`C3 D4 E5; C3 E5 D4`), which is what the spec's sequences already are: lines that
//! share their first moves are branches of one tree everywhere answers are used.
//!
//! Brackets, not SGF's parentheses: those hold a move's comment in the spec's syntax.

use super::values::{SeqPiece, ValueError};

/// Nesting deeper than this is refused, so a hostile value cannot exhaust the stack.
const MAX_DEPTH: usize = 64;
/// At most this many pieces over all lines: each line repeats the moves before its branch,
/// so a long trunk with many leaves would otherwise grow with their product.
const MAX_PIECES: usize = 100_000;

fn err<T>(at: std::ops::Range<usize>, message: impl Into<String>) -> Result<T, ValueError> {
    Err(ValueError {
        at,
        message: message.into(),
    })
}

/// Splits a sequences value into its lines of pieces (moves and comments, by byte range),
/// one per leaf of each tree: `;` separates lines, `[a | b]` branches, `(text)` comments.
pub fn lines(s: &str) -> Result<Vec<Vec<SeqPiece>>, ValueError> {
    let mut r = Reader {
        b: s.as_bytes(),
        i: 0,
        depth: 0,
        pieces: 0,
        out: Vec::new(),
    };
    loop {
        r.line(Vec::new(), false)?;
        match r.b.get(r.i) {
            Some(b';') => r.i += 1,
            None => return Ok(r.out),
            Some(b'|') => return err(r.i..r.i + 1, "this `|` stands outside `[...]`: it separates the branches inside brackets; `;` separates lines"),
            Some(_) => return err(r.i..r.i + 1, "this `]` has no opening `[`"),
        }
    }
}

/// A reader of one value, gathering the lines it has finished.
struct Reader<'a> {
    b: &'a [u8],
    i: usize,
    depth: usize,
    pieces: usize,
    out: Vec<Vec<SeqPiece>>,
}

impl Reader<'_> {
    /// Reads one line (or, `inside` brackets, one branch) after `prefix`, up to the `;`,
    /// `|` or `]` that ends it (left unread) or the end; its leaves go to `out`.
    fn line(&mut self, mut pieces: Vec<SeqPiece>, inside: bool) -> Result<(), ValueError> {
        let mut run = self.i;
        let own = pieces.len();
        while let Some(&c) = self.b.get(self.i) {
            match c {
                b';' if inside => {
                    return err(
                        self.i..self.i + 1,
                        "`;` inside `[...]`: separate the branches with `|`",
                    )
                }
                b';' | b'|' | b']' => break,
                b'(' => {
                    moves(&mut pieces, run, self.i, self.b);
                    let close = self.comment_end()?;
                    pieces.push(SeqPiece::Comment(self.i + 1..close));
                    self.i = close + 1;
                    run = self.i;
                }
                b')' => return err(self.i..self.i + 1, "this `)` has no opening `(`"),
                b'[' => {
                    moves(&mut pieces, run, self.i, self.b);
                    if pieces.is_empty() {
                        return err(self.i..self.i + 1, "a `[` of branches must follow a move: the branches are the replies to it");
                    }
                    return self.branches(pieces);
                }
                _ => self.i += 1,
            }
        }
        moves(&mut pieces, run, self.i, self.b);
        if inside && pieces.len() == own {
            return err(
                run.saturating_sub(1)..self.i.max(run),
                "an empty branch: each branch between `[`, `|` and `]` needs a move",
            );
        }
        self.finish(pieces, run)
    }

    /// Reads `[a | b ...]` at `i`, each branch continuing `pieces`; nothing but spaces may
    /// follow it before the end of its line.
    fn branches(&mut self, pieces: Vec<SeqPiece>) -> Result<(), ValueError> {
        let open = self.i;
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return err(
                open..open + 1,
                format!("branches nested deeper than {MAX_DEPTH}"),
            );
        }
        self.i += 1;
        loop {
            self.line(pieces.clone(), true)?;
            match self.b.get(self.i) {
                Some(b'|') => self.i += 1,
                Some(b']') => break,
                _ => {
                    return err(
                        open..open + 1,
                        "this `[` is not closed: end its branches with `]`",
                    )
                }
            }
        }
        self.i += 1;
        self.depth -= 1;
        while self.b.get(self.i).is_some_and(|c| c.is_ascii_whitespace()) {
            self.i += 1;
        }
        match self.b.get(self.i) {
            None | Some(b';' | b'|' | b']') => Ok(()),
            Some(_) => err(
                self.i..self.i + 1,
                "moves after `]`: the branches end their line; put what follows inside each branch",
            ),
        }
    }

    /// The index of the `)` closing the comment opened at `i`, nested parentheses kept.
    fn comment_end(&self) -> Result<usize, ValueError> {
        let mut depth = 0usize;
        let mut escaped = false;
        for (k, &c) in self.b.iter().enumerate().skip(self.i) {
            // `\(` and `\)` are parentheses of the text (the escapes of paragraph text).
            if std::mem::take(&mut escaped) {
                continue;
            }
            match c {
                b'\\' if k > self.i => escaped = true,
                b'(' => depth += 1,
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(k);
                    }
                }
                _ => {}
            }
        }
        err(self.i..self.i + 1, "this `(` is not closed")
    }

    /// Keeps a finished line (an empty one, as `;;` makes, is none).
    fn finish(&mut self, pieces: Vec<SeqPiece>, at: usize) -> Result<(), ValueError> {
        if pieces.is_empty() {
            return Ok(());
        }
        self.pieces += pieces.len();
        if self.pieces > MAX_PIECES {
            return err(at..self.i.max(at + 1).min(self.b.len().max(at)), format!("the answer tree spells out to more than {MAX_PIECES} moves and comments over its lines; split the problem"));
        }
        self.out.push(pieces);
        Ok(())
    }
}

/// Adds the moves between `from` and `to`, if there is more than space.
fn moves(pieces: &mut Vec<SeqPiece>, from: usize, to: usize, b: &[u8]) {
    if b[from..to].iter().any(|c| !c.is_ascii_whitespace()) {
        pieces.push(SeqPiece::Moves(from..to));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lines of `s` as text, comments in parentheses.
    fn text(s: &str) -> Vec<String> {
        lines(s)
            .unwrap()
            .into_iter()
            .map(|l| {
                l.into_iter()
                    .map(|p| match p {
                        SeqPiece::Moves(r) => s[r].trim().to_string(),
                        SeqPiece::Comment(r) => format!("({})", &s[r]),
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }

    #[test]
    fn sequences_read_as_before() {
        assert_eq!(
            text("E1E2D1(White is dead.);E1D1E2(Seki.)"),
            ["E1E2D1 (White is dead.)", "E1D1E2 (Seki.)"]
        );
        assert_eq!(
            text("E1(a (nested) note);;D1"),
            ["E1 (a (nested) note)", "D1"]
        );
        // An escaped parenthesis is text: it neither opens nor closes (issue 48).
        assert_eq!(
            text(r"E1(1\) first \( and);D1"),
            [r"E1 (1\) first \( and)", "D1"]
        );
    }

    #[test]
    fn branches_spell_out_one_line_per_leaf() {
        assert_eq!(
            text("C3 [D4 E5 | E5 D4(Dead.)]"),
            ["C3 D4 E5", "C3 E5 D4 (Dead.)"]
        );
        assert_eq!(
            text("C3(Good.) [D4 [E5 | F5] | E5 D4]; G7"),
            [
                "C3 (Good.) D4 E5",
                "C3 (Good.) D4 F5",
                "C3 (Good.) E5 D4",
                "G7"
            ]
        );
        // A comment may hold brackets and bars: it is text.
        assert_eq!(text("C3(a [b | c])"), ["C3 (a [b | c])"]);
    }

    #[test]
    fn malformed_trees_say_where() {
        let e = |s: &str| lines(s).unwrap_err();
        assert_eq!(e("C3 [D4 | E5").at, 3..4);
        assert!(e("C3 [D4 | E5] F6").message.contains("after `]`"));
        assert!(e("C3 [D4 | ]").message.contains("empty branch"));
        assert!(e("[D4 | E5]").message.contains("must follow a move"));
        assert!(e("C3 [D4; E5]").message.contains("separate the branches"));
        assert!(e("C3 | D4").message.contains("outside"));
        assert!(e("C3 ]").message.contains("no opening"));
        let deep = format!("{}X{}", "C3 [".repeat(100), "]".repeat(100));
        assert!(e(&deep).message.contains("deeper"));
    }

    #[test]
    fn a_wide_tree_on_a_long_trunk_is_refused_not_spelt_out() {
        let trunk = "C3(x)".repeat(2000);
        let leaves = vec!["D4"; 1000].join("|");
        assert!(lines(&format!("{trunk}[{leaves}]"))
            .unwrap_err()
            .message
            .contains("split the problem"));
    }
}
