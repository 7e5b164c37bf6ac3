//! Problem files as `::prb` problems: setup stones, the player to move, a view
//! cropped to the problem's corner or side, and every root-to-leaf line of the
//! answer tree as a `correct` or `wrong` sequence with the comments of its moves.
//!
//! A line is correct when a node on it is marked correct: a comment saying
//! "Correct" (Glift, CGoban problem files) or "RIGHT" (goproblems.com), or the
//! SGF annotations TE (tesuji) or GB/GW for the player to move; and when nothing
//! after that mark says otherwise: no later wrong mark ("Wrong", "Incorrect",
//! "Fail", BM, or GB/GW for the opponent), and no later choice of the player where
//! another option is marked correct and this one is not.

use super::line::moves_text;
use super::markup::{self, Tally};
use super::text::{book_id, comment, push_attr, safe_title, safe_value, AsWritten};
use super::tree;
use super::{ImportError, Imported, Note};
use crate::format::writer::{self, Formatted};
use crate::point::{Color, Point, MAX_SIZE};
use crate::resolve::sgf_data::alternate;
use crate::sgf::{self, GameTree, NodeId, ROOT};

/// A chapter of problems: the name of its ID, the title it falls back on, and the problem
/// games, in order, each with a name for messages (its file, and its place in a collection).
pub struct ProblemSet<'a> {
    /// The name the chapter's ID (and its page's file name) is made of: the folder's name,
    /// or the file's stem.
    pub name: String,
    /// The chapter's heading when the problems' game info names none (`GN`, `EV`): the
    /// first file's name.
    pub title: String,
    /// The problems, each with its name.
    pub problems: Vec<(String, &'a GameTree)>,
}

/// What a node says about the line it is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    Correct,
    Wrong,
}

/// Writes a book (`book` names it; `None` writes chapters only, to include) of one
/// chapter per set, each problem a `::prb` numbered through its chapter, in English.
pub fn problem_chapter(book: Option<&str>, sets: &[ProblemSet]) -> Result<Imported, ImportError> {
    problem_book(book, sets, "en")
}

/// [`problem_chapter`] in the book language `lang`: the book (or the chapters) tagged with
/// it, and the words of the game-info lines. The book's title and each chapter's heading
/// come from the problems' game info: the game name (`GN`) all of them share, else their
/// event (`EV`), else the chapter's [`ProblemSet::title`] (the book's: its first chapter's);
/// the copyright they share (`CP`) is the book's, with its holder as the file writes it; the
/// source (`SO`) and annotator (`AN`) a chapter's problems share are a line under its heading.
/// Each problem keeps its own `so`, `an` and `cp`.
pub fn problem_book(
    book: Option<&str>,
    sets: &[ProblemSet],
    lang: &str,
) -> Result<Imported, ImportError> {
    let mut out = String::new();
    let mut tally = Tally::default();
    let mut notes = Vec::new();
    let tag = if lang == "en" {
        String::new()
    } else {
        format!("_{lang}")
    };
    let titles: Vec<String> = sets
        .iter()
        .map(|s| {
            let games: Vec<&GameTree> = s.problems.iter().map(|p| p.1).collect();
            shared(&games, "GN")
                .or_else(|| shared(&games, "EV"))
                .unwrap_or_else(|| s.title.clone())
        })
        .collect();
    let mut book_cp = None;
    if let Some(name) = book {
        let all: Vec<&GameTree> = sets
            .iter()
            .flat_map(|s| s.problems.iter().map(|p| p.1))
            .collect();
        let title = shared(&all, "GN")
            .or_else(|| shared(&all, "EV"))
            .or_else(|| titles.first().cloned())
            .unwrap_or_else(|| name.to_string());
        out.push_str(&format!("::book{tag}(#{})", book_id(name)));
        push_attr(&mut out, "title", &title, true);
        if let Some(cp) = shared_where_given(&all, "CP") {
            push_attr(&mut out, "copyright", &cp, true);
            book_cp = Some(cp);
        }
        out.push_str("\n\n");
    }
    let mut used_ids: Vec<String> = Vec::new();
    for (set, title) in sets.iter().zip(&titles) {
        let mut cid = book_id(&set.name);
        // Two folders of one name (a/x, b/x) still get IDs of their own.
        let base = cid.clone();
        let mut k = 2;
        while used_ids.contains(&cid) {
            cid = format!("{base}-{k}");
            k += 1;
        }
        used_ids.push(cid.clone());
        out.push_str(&format!("::chapter{tag}(#{cid})\n\n::h2 "));
        out.push_str(&safe_title(title));
        let games: Vec<&GameTree> = set.problems.iter().map(|p| p.1).collect();
        if let Some(line) = info_line(&games, lang) {
            out.push_str("\n\n");
            out.push_str(&line);
        }
        let shown = Shown {
            cp: book_cp.clone(),
            so: shared(&games, "SO"),
            an: shared(&games, "AN"),
        };
        for (n, (name, game)) in set.problems.iter().enumerate() {
            match problem(game, &format!("{cid}-p{}", n + 1), n as u32 + 1, &shown) {
                Ok((text, t, why)) => {
                    out.push_str("\n\n");
                    out.push_str(&text);
                    tally.add(t);
                    notes.extend(why.into_iter().map(|message| Note {
                        file: Some(name.clone()),
                        message,
                    }));
                }
                Err(e) => notes.push(Note {
                    file: Some(name.clone()),
                    message: format!("skipped: {e}"),
                }),
            }
        }
        out.push_str("\n\n");
    }
    let text = match writer::format(&out, false) {
        Formatted::Text(t) => t,
        Formatted::SyntaxErrors(e) => {
            return Err(ImportError::Internal(e.first().map(|d| d.message.clone())))
        }
    };
    Ok(Imported {
        text,
        markup: tally,
        notes,
    })
}

/// A game-info property of a game's root, as text, if it says something.
fn root_info(game: &GameTree, id: &str) -> Option<String> {
    game.root()
        .value(id)
        .map(sgf::value::text)
        .map(|v| v.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|v| !v.is_empty())
}

/// The value of game-info property `id` that every game has, the same in all.
fn shared(games: &[&GameTree], id: &str) -> Option<String> {
    let first = root_info(games.first()?, id)?;
    games
        .iter()
        .all(|g| root_info(g, id).as_deref() == Some(first.as_str()))
        .then_some(first)
}

/// The one value of game-info property `id` among the games that give it (those without
/// it say nothing against it); none when they give several.
fn shared_where_given(games: &[&GameTree], id: &str) -> Option<String> {
    let mut given = games.iter().filter_map(|g| root_info(g, id));
    let first = given.next()?;
    given.all(|v| v == first).then_some(first)
}

/// The line under a chapter's heading: the source and the annotator its problems share.
fn info_line(games: &[&GameTree], lang: &str) -> Option<String> {
    use crate::i18n::GameInfo;
    // Written as the files have it (a line of its own, so no coordinate to replace).
    let lang = crate::i18n::LANGUAGES
        .iter()
        .find(|l| **l == lang)
        .copied()
        .unwrap_or("en");
    let as_written = AsWritten { size: 0, lang };
    let parts: Vec<String> = [(GameInfo::Source, "SO"), (GameInfo::Annotator, "AN")]
        .into_iter()
        .filter_map(|(key, id)| {
            shared(games, id).map(|v| crate::i18n::game_info_item(key, &as_written.line(&v), lang))
        })
        .collect();
    (!parts.is_empty()).then(|| parts.join(crate::i18n::sentence_space(lang)))
}

/// The game info the book and the chapter show already, which a problem does not repeat.
#[derive(Default)]
struct Shown {
    /// The book's copyright (`CP`).
    cp: Option<String>,
    /// The chapter's source (`SO`) and annotator (`AN`).
    so: Option<String>,
    an: Option<String>,
}

impl Shown {
    /// Writes the problem's own game info, as the file has it, where the book's copyright
    /// line and the chapter's source line do not show it already.
    fn push_own(&self, out: &mut String, game: &GameTree) {
        for (name, id) in [("so", "SO"), ("an", "AN"), ("cp", "CP")] {
            let v = root_info(game, id);
            if v.is_some() && v != self.of(id) {
                push_attr(out, name, v.as_deref().unwrap_or_default(), true);
            }
        }
    }

    /// The value shown of SGF property `id`.
    fn of(&self, id: &str) -> Option<String> {
        match id {
            "CP" => self.cp.clone(),
            "SO" => self.so.clone(),
            "AN" => self.an.clone(),
            _ => None,
        }
    }
}

/// One problem as a `::prb` with ID `id`, its root comment after it; with the markup
/// tally and notes on what could not be carried over.
fn problem(
    game: &GameTree,
    id: &str,
    number: u32,
    shown: &Shown,
) -> Result<(String, Tally, Vec<String>), ImportError> {
    let size = game.board_size();
    if !(2..=MAX_SIZE).contains(&size) {
        return Err(ImportError::BoardSize(size));
    }
    let mut notes = Vec::new();
    let lesson = super::lesson::lesson(game, size);
    let mut stones: Vec<(Point, Color)> = match &lesson {
        Some(l) => l.stones.clone(),
        None => crate::resolve::sgf_data::setup(game, size)
            .stones()
            .collect(),
    };
    stones.sort_by_key(|(p, _)| (std::cmp::Reverse(p.row), p.col));
    let mut truncated = false;
    let lines = lines(
        game,
        lesson.as_ref().map_or(ROOT, |l| l.start),
        &mut truncated,
    );
    if truncated {
        notes.push(format!(
            "the answer tree is too large: only its first {} lines are kept",
            lines.len()
        ));
    }
    let to_play = player_to_move(game, &lines, lesson.is_some(), size);
    let mut points: Vec<Point> = stones.iter().map(|s| s.0).collect();
    let (correct, wrong) = sequences(game, &lines, size, to_play, &mut points);
    if correct.is_empty() {
        notes.push(super::unmarked::note(lines.iter().all(|l| l.is_empty())));
    }
    let (markup, tally) = root_markup(game, size, &mut notes);
    points.extend(markup.points.keys().copied());
    // Nothing marked right: a diagram of the position and the file's lines as its
    // variations, not a problem without a solution (`unmarked`).
    let unmarked = correct.is_empty();
    let mut out = format!(
        "::{}(#{id}) base=none",
        if unmarked { "dia" } else { "prb" }
    );
    if size != 19 {
        push_attr(&mut out, "sz", &size.to_string(), false);
    }
    push_stones(&mut out, &stones);
    push_attr(
        &mut out,
        "pl",
        if to_play == Color::White { "w" } else { "b" },
        false,
    );
    let view = super::view::around(&points, size, 2).map(|(a, b)| format!("{a}{b}"));
    if let Some(v) = &view {
        push_attr(&mut out, "vw", v, false);
    }
    push_attr(&mut out, "ca", &format!("#prb# {number}"), true);
    shown.push_own(&mut out, game);
    if unmarked {
        push_attr(&mut out, "showToPlay", "1", false);
    }
    for (n, v, q) in markup.attributes() {
        push_attr(&mut out, &n, &v, q);
    }
    if !correct.is_empty() {
        push_attr(&mut out, "correct", &tree::text(&correct), true);
    }
    if !wrong.is_empty() && !unmarked {
        push_attr(&mut out, "wrong", &tree::text(&wrong), true);
    }
    // The root comment (a lesson's question) is the problem's text.
    let text = match lesson {
        Some(l) => l.question,
        None => comment(game, ROOT),
    };
    if let Some(c) = text {
        push_text(&mut out, &c, size);
    }
    if unmarked {
        out.push_str(&super::unmarked::variations(
            game,
            &lines,
            id,
            view.as_deref(),
            to_play,
        ));
    }
    Ok((out, tally, notes))
}

/// The marks and labels of the root, which the problem's board shows, and their tally
/// with those of the answer tree, which it cannot show; `notes` says what was not placed.
fn root_markup(game: &GameTree, size: u8, notes: &mut Vec<String>) -> (markup::Markup, Tally) {
    let (markup, mut tally) = markup::of_node(game, ROOT, size);
    if tally.dropped > 0 {
        notes.push(format!(
            "{} mark(s) or label(s) could not be placed",
            tally.dropped
        ));
    }
    // A `::prb` draws marks only on its starting board: those of the answer tree are
    // counted, not silently lost.
    let in_tree = answer_tree_marks(game, size);
    if in_tree.read > 0 {
        notes.push(format!(
            "{} mark(s) or label(s) of the answer tree are not shown: a problem shows the marks of its starting position only",
            in_tree.read
        ));
        tally.add(in_tree);
    }
    (markup, tally)
}

/// The player to move: the file's `PL`, else whoever moves first in the answer tree
/// (`lines`), else Black. In a lesson (`in_lesson`), whoever moves first at the branch:
/// the root's `PL` is about the position before the lesson's moves.
fn player_to_move(game: &GameTree, lines: &[Vec<NodeId>], in_lesson: bool, size: u8) -> Color {
    let first_mover = lines.iter().find_map(|l| {
        l.first()
            .and_then(|&n| node_move(game, n, size))
            .map(|m| m.color)
    });
    game.root()
        .value("PL")
        .and_then(sgf::value::parse_color)
        .filter(|_| !in_lesson)
        .or(first_mover)
        .unwrap_or(Color::Black)
}

/// The answer tree's `lines` as gobook sequences, the correct ones and the wrong ones;
/// the points they play are added to `points` (the view must show them).
fn sequences(
    game: &GameTree,
    lines: &[Vec<NodeId>],
    size: u8,
    to_play: Color,
    points: &mut Vec<Point>,
) -> (Vec<tree::Line>, Vec<tree::Line>) {
    let marks = correct_marks(game, to_play);
    let (below, kids_below) = marked_below(game, &marks);
    let mut correct = Vec::new();
    let mut wrong = Vec::new();
    for line in lines {
        let moves: Vec<sgf::Move> = line
            .iter()
            .filter_map(|&n| node_move(game, n, size))
            .collect();
        if moves.is_empty() {
            continue;
        }
        points.extend(moves.iter().filter_map(|m| m.point));
        let is_correct = line_is_correct(game, line, &marks, (&below, &kids_below));
        // Comments of the line's moves, by the index of their SGF move.
        let texts: Vec<Option<String>> = line
            .iter()
            .filter(|&&n| node_move(game, n, size).is_some())
            .map(|&n| comment(game, n).and_then(|c| sequence_text(&c, size)))
            .collect();
        let (first, pairs) = alternate(&moves);
        let mut seq: tree::Line = Vec::new();
        // Gobook sequences start with the player to move; a line starting with the
        // other colour begins with a pass.
        if first.is_some_and(|c| c != to_play) {
            seq.push("Pass".to_string());
        }
        let gob: Vec<_> = pairs.iter().map(|p| p.0).collect();
        for (i, (_, source)) in pairs.iter().enumerate() {
            let mut item = moves_text(&gob[i..=i]);
            let last_of_source = pairs.get(i + 1).is_none_or(|n| n.1 != *source);
            if last_of_source {
                if let Some(Some(t)) = texts.get(*source) {
                    item.push('(');
                    item.push_str(t);
                    item.push(')');
                }
            }
            seq.push(item);
        }
        if is_correct {
            correct.push(seq);
        } else {
            wrong.push(seq);
        }
    }
    (answer_lines(correct), answer_lines(wrong))
}

/// One answer line per line of play: leaves that differ only after their last move (a
/// move followed by nodes of comments or marks alone, `(;W[fb](;C[x])(;C[y]))`) give the
/// same moves twice, and a leaf among such nodes ends a line that another one goes on
/// from; each would be one more answer board showing the same moves. The first of equal
/// lines is kept, and a line another one of the list goes on from is left out.
fn answer_lines(lines: Vec<tree::Line>) -> Vec<tree::Line> {
    let mut out: Vec<tree::Line> = Vec::new();
    for l in lines {
        if !out.contains(&l) {
            out.push(l);
        }
    }
    let goes_on = |l: &tree::Line, o: &tree::Line| o.len() > l.len() && o[..l.len()] == l[..];
    let keep: Vec<bool> = out
        .iter()
        .map(|l| !out.iter().any(|o| goes_on(l, o)))
        .collect();
    out.into_iter()
        .zip(keep)
        .filter_map(|(l, k)| k.then_some(l))
        .collect()
}

/// The marks and labels of the answer tree (every node but the root), all counted as
/// dropped: a `::prb` shows the marks of its starting position only.
fn answer_tree_marks(game: &GameTree, size: u8) -> Tally {
    let mut in_tree = Tally::default();
    for n in 1..game.len() {
        let (_, t) = markup::of_node(game, n, size);
        in_tree.add(Tally {
            read: t.read,
            dropped: t.read,
        });
    }
    in_tree
}

/// The `ab` and `aw` attributes: the black and the white setup stones, if there are any.
fn push_stones(out: &mut String, stones: &[(Point, Color)]) {
    let pts = |c: Color| {
        stones
            .iter()
            .filter(|s| s.1 == c)
            .map(|s| s.0.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    for (name, c) in [("ab", Color::Black), ("aw", Color::White)] {
        let p = pts(c);
        if !p.is_empty() {
            push_attr(out, name, &p, false);
        }
    }
}

/// The problem's text after its attributes: the comment's first paragraph as the
/// element's value (on one line), the other paragraphs after it.
fn push_text(out: &mut String, comment: &str, size: u8) {
    let paras = AsWritten { size, lang: "en" }.paragraphs(comment, None);
    if let Some((first, rest)) = paras.split_first() {
        out.push(' ');
        out.push_str(&safe_value(&first.replace('\n', " ")));
        for p in rest {
            out.push_str("\n\n");
            out.push_str(p);
        }
    }
}

/// The move of node `n`, if it has one (the first of B and W).
fn node_move(game: &GameTree, n: NodeId, size: u8) -> Option<sgf::Move> {
    game.nodes()[n].props.iter().find_map(|p| {
        let color = match p.id.as_str() {
            "B" => Color::Black,
            "W" => Color::White,
            _ => return None,
        };
        let point = sgf::value::parse_move(p.value()?, size)?;
        Some(sgf::Move { color, point })
    })
}

/// How many nodes the lines of one problem may hold in all: a whole game with a
/// variation at every move, read as a problem, would otherwise take quadratic time.
pub const MAX_LINE_NODES: usize = 200_000;

/// Every line from the children of `from` (the root, or a lesson's branch) to a leaf, as
/// node IDs (`from` left out),
/// without recursion: answer trees of real files can be deep. Stops at
/// [`MAX_LINE_NODES`] nodes (then `truncated` is set).
fn lines(game: &GameTree, from: NodeId, truncated: &mut bool) -> Vec<Vec<NodeId>> {
    let mut out = Vec::new();
    let mut budget = MAX_LINE_NODES;
    // One path shared by the walk, cut back to each node's depth: a long line costs
    // its length once, not once per node.
    let mut path: Vec<NodeId> = Vec::new();
    let mut stack: Vec<(NodeId, usize)> = game.nodes()[from]
        .children
        .iter()
        .rev()
        .map(|&c| (c, 0))
        .collect();
    while let Some((n, depth)) = stack.pop() {
        path.truncate(depth);
        path.push(n);
        let kids = &game.nodes()[n].children;
        if kids.is_empty() {
            if path.len() > budget {
                *truncated = true;
                break;
            }
            budget -= path.len();
            out.push(path.clone());
        } else {
            stack.extend(kids.iter().rev().map(|&k| (k, depth + 1)));
        }
    }
    out
}

/// The verdict each node carries, by node ID.
fn correct_marks(game: &GameTree, to_play: Color) -> Vec<Option<Verdict>> {
    let (good, bad) = if to_play == Color::Black {
        ("GB", "GW")
    } else {
        ("GW", "GB")
    };
    game.nodes()
        .iter()
        .map(|node| {
            let text = node.value("C").map(sgf::value::text).unwrap_or_default();
            match comment_verdict(&text) {
                Some(v) => Some(v),
                None if node.has(good) || node.has("TE") => Some(Verdict::Correct),
                None if node.has(bad) || node.has("BM") => Some(Verdict::Wrong),
                None => None,
            }
        })
        .collect()
}

/// What a comment says of its line: the words of the common problem files.
fn comment_verdict(text: &str) -> Option<Verdict> {
    let words: Vec<&str> = text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let lower: Vec<String> = words.iter().map(|w| w.to_lowercase()).collect();
    let wrong = lower
        .iter()
        .any(|w| matches!(w.as_str(), "wrong" | "incorrect" | "fail" | "failure"))
        || lower.windows(2).any(|p| p[0] == "not" && p[1] == "correct");
    if wrong {
        return Some(Verdict::Wrong);
    }
    let correct = lower.iter().any(|w| w == "correct") || words.contains(&"RIGHT");
    correct.then_some(Verdict::Correct)
}

/// For each node, whether a node below it (itself included) is marked correct; and
/// whether one below one of its children is.
fn marked_below(game: &GameTree, marks: &[Option<Verdict>]) -> (Vec<bool>, Vec<bool>) {
    let mut below: Vec<bool> = marks.iter().map(|m| *m == Some(Verdict::Correct)).collect();
    let mut kids_below = vec![false; below.len()];
    // Children come after their parent in preorder, so one pass from its end suffices.
    for n in game.preorder().into_iter().rev() {
        if below[n] {
            if let Some(p) = game.nodes()[n].parent {
                below[p] = true;
                kids_below[p] = true;
            }
        }
    }
    (below, kids_below)
}

/// Whether the line is correct (see the module's comment).
fn line_is_correct(
    game: &GameTree,
    line: &[NodeId],
    marks: &[Option<Verdict>],
    (below, kids_below): (&[bool], &[bool]),
) -> bool {
    let Some(d) = line
        .iter()
        .rposition(|&n| marks[n] == Some(Verdict::Correct))
    else {
        return false;
    };
    line[d + 1..].iter().all(|&n| {
        // A sibling leads to a correct mark while this node does not.
        let parent = game.nodes()[n].parent.unwrap_or(ROOT);
        let other_correct = !below[n] && kids_below[parent];
        marks[n] != Some(Verdict::Wrong) && !other_correct
    })
}

/// A comment as the text of a move in a sequence: one line, parentheses balanced;
/// none when it only says "Correct" or "Wrong", which the reader's feedback says already.
fn sequence_text(c: &str, size: u8) -> Option<String> {
    let one_line = c.split_whitespace().collect::<Vec<_>>().join(" ");
    let bare = one_line
        .trim_matches(|ch: char| !ch.is_alphanumeric())
        .to_lowercase();
    if matches!(
        bare.as_str(),
        "correct" | "right" | "wrong" | "incorrect" | ""
    ) {
        return None;
    }
    let mut depth = 0i32;
    let balanced = one_line.chars().all(|ch| {
        match ch {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ => {}
        }
        depth >= 0
    }) && depth == 0;
    // As written (escaped, as paragraphs are); parentheses that do not pair are escaped
    // too, so the comment ends at its own `)`.
    let text = AsWritten { size, lang: "en" }.line(&one_line);
    Some(if balanced {
        text
    } else {
        text.replace('(', "\\(").replace(')', "\\)")
    })
}
