//! The byte-level SGF reader: builds the tree from decoded text, mending broken syntax as it goes.
//!
//! Works on bytes of UTF-8 text: every syntax character is ASCII, and UTF-8 continuation bytes
//! are never ASCII, so scanning bytes is safe. It never recurses: open variations are a stack.

use super::property::{PropId, Property, RawValue, Values};
use super::props;
use super::repair::LoneMoves;
use super::tree::{Collection, GameTree, NodeId, ROOT};
use smallvec::SmallVec;

/// A message tied to a byte offset of the decoded text.
pub(crate) struct RawWarning {
    pub pos: usize,
    pub message: String,
}

/// Longest identifier kept; sgfc uses the same limit.
const MAX_ID_LEN: usize = 100;

/// Most nodes reserved for a game up front.
const MAX_RESERVE: usize = 4096;

struct Level {
    /// The node the variation hangs from (`None` at the start of a game).
    parent: Option<NodeId>,
    /// Whether a sub-variation was closed at this level, so a `;` now means a missing `(`.
    had_var: bool,
}

struct Parser<'a> {
    text: &'a str,
    b: &'a [u8],
    i: usize,
    warnings: Vec<RawWarning>,
    games: Vec<GameTree>,
    /// For each game read, what the repairs need not look at again (most files hold one game).
    lone: SmallVec<[LoneMoves; 1]>,
    /// The same for the game being read.
    game_lone: LoneMoves,
    /// Whether the current node is still a lone move (see [`LoneMoves`]).
    cur_lone: bool,
    /// The game being read; its node list stays empty (unallocated) until its root is made.
    game: GameTree,
    root_used: bool,
    /// Nodes the rest of the file probably holds (its `;` count), to size each game's list once.
    nodes_left: usize,
    /// Open variations; kept inline, as they rarely nest deeper than this.
    stack: SmallVec<[Level; 16]>,
    /// The values of the property being read, when it has several: reused from one list to the
    /// next so that a long point list is copied once, at its final size, instead of regrown.
    scratch: Vec<RawValue>,
    cur: Option<NodeId>,
    in_node: bool,
}

/// What [`parse_text`] read: the games, for each what the repairs may pass over, and the warnings.
pub(crate) type Read = (Collection, SmallVec<[LoneMoves; 1]>, Vec<RawWarning>);

/// Parses decoded SGF text; fails only when there is no game tree at all.
pub(crate) fn parse_text(text: &str) -> Result<Read, (usize, String)> {
    let mut p = Parser {
        text,
        b: text.as_bytes(),
        i: 0,
        warnings: Vec::new(),
        games: Vec::new(),
        lone: SmallVec::new(),
        game_lone: LoneMoves::default(),
        cur_lone: false,
        game: GameTree::with_capacity(0),
        root_used: false,
        nodes_left: memchr::memchr_iter(b';', text.as_bytes()).count(),
        stack: SmallVec::new(),
        scratch: Vec::new(),
        cur: None,
        in_node: false,
    };
    let start = p.find_start().ok_or((
        0,
        "no SGF data found (no game tree starting with '(;')".to_string(),
    ))?;
    p.i = start;
    p.run();
    Ok((Collection { games: p.games }, p.lone, p.warnings))
}

impl<'a> Parser<'a> {
    fn warn(&mut self, pos: usize, message: impl Into<String>) {
        self.warnings.push(RawWarning {
            pos,
            message: message.into(),
        });
    }

    /// The first `(` followed by `;`, or failing that by an identifier and `[`.
    fn find_start(&mut self) -> Option<usize> {
        let b = self.b;
        let start = (0..b.len())
            .filter(|&i| b[i] == b'(')
            .find(|&i| self.peek_from(i + 1) == Some(b';'))
            .or_else(|| {
                (0..b.len())
                    .filter(|&i| b[i] == b'(')
                    .find(|&i| self.starts_game(i))
            })?;
        let junk = &self.text[..start];
        if let Some(bracket) = junk.find('[') {
            // Point at the identifier before the first value, where the stray SGF data starts.
            let at = junk[..bracket]
                .trim_end_matches(|c: char| c.is_ascii_uppercase())
                .len();
            self.warn(
                at,
                "possible SGF data found in front of the game tree (ignored)",
            );
        }
        Some(start)
    }

    /// Whether the `(` at `i` starts a game: `(;`, or `(` and an identifier with a value.
    fn starts_game(&self, i: usize) -> bool {
        let b = self.b;
        let j = self.skip_ws_from(i + 1);
        if b.get(j) == Some(&b';') {
            return true;
        }
        let k = (j..b.len())
            .find(|&k| !b[k].is_ascii_alphabetic())
            .unwrap_or(b.len());
        k > j && self.peek_from(k) == Some(b'[')
    }

    fn skip_ws_from(&self, mut i: usize) -> usize {
        while i < self.b.len() && self.b[i].is_ascii_whitespace() {
            i += 1;
        }
        i
    }

    fn peek_from(&self, i: usize) -> Option<u8> {
        self.b.get(self.skip_ws_from(i)).copied()
    }

    /// Starts a node holding nothing or the move [`Self::lone_move`] read.
    #[inline(always)]
    fn new_node(&mut self, mv: Option<(u8, &str, u32)>) {
        self.nodes_left = self.nodes_left.saturating_sub(1);
        let id = if !self.root_used {
            self.root_used = true;
            // Sized once rather than grown node by node; capped so that a collection of many
            // games does not reserve the whole file for each of them.
            self.game = GameTree::with_capacity((self.nodes_left + 1).min(MAX_RESERVE));
            // About a third of a game's nodes are more than a lone move.
            self.game_lone
                .others
                .reserve((self.nodes_left / 2 + 1).min(MAX_RESERVE));
            self.game.push_node(None, mv)
        } else {
            // A second sequence at the top of a game hangs from the root as a variation.
            self.game.push_node(Some(self.cur.unwrap_or(ROOT)), mv)
        };
        self.note_node(id, mv);
        self.cur = Some(id);
        self.in_node = true;
    }

    fn finish_game(&mut self) {
        if self.root_used {
            let mut game = std::mem::replace(&mut self.game, GameTree::with_capacity(0));
            // A guess far above the real count (`;` in comments, a collection) is given back.
            game.shrink();
            self.games.push(game);
            self.lone.push(std::mem::take(&mut self.game_lone));
        }
        self.root_used = false;
        self.cur = None;
        self.in_node = false;
    }

    fn run(&mut self) {
        let b = self.b;
        while self.i < b.len() {
            let c = b[self.i];
            match c {
                b' ' | b'\t' | b'\n' | b'\r' => self.i += 1,
                b'(' => self.open(),
                b')' => self.close(),
                b';' => {
                    if self.stack.is_empty() {
                        self.skip_outside();
                        continue;
                    }
                    if self.stack.last().is_some_and(|l| l.had_var) {
                        self.warn(self.i, "node after a variation: missing '(' assumed");
                        let parent = self.cur;
                        self.stack.push(Level {
                            parent,
                            had_var: false,
                        });
                    }
                    self.i += 1;
                    let mv = self.lone_move();
                    self.new_node(mv);
                    if mv.is_some() {
                        self.move_chain();
                    }
                }
                b'A'..=b'Z' | b'a'..=b'z' => {
                    if self.stack.is_empty() {
                        self.skip_outside();
                        continue;
                    }
                    self.property();
                }
                b'[' => {
                    let at = self.i;
                    self.warn(at, "values without a property identifier (deleted)");
                    while self.peek_from(self.i) == Some(b'[') {
                        self.i = self.skip_ws_from(self.i);
                        if self.read_value().is_none() {
                            break;
                        }
                    }
                }
                _ => {
                    if self.stack.is_empty() {
                        self.skip_outside();
                        continue;
                    }
                    self.junk();
                }
            }
        }
        if !self.stack.is_empty() {
            self.warn(
                b.len(),
                "missing ')' at the end of the file (game tree closed)",
            );
            self.stack.clear();
        }
        self.finish_game();
    }

    fn open(&mut self) {
        let at = self.i;
        if self.stack.is_empty() && !self.starts_game(at) {
            self.i += 1;
            self.skip_outside();
            return;
        }
        self.i += 1;
        match self.peek_from(self.i) {
            Some(b')') => {
                self.warn(at, "empty variation '()' (deleted)");
                self.i = self.skip_ws_from(self.i) + 1;
                if let Some(l) = self.stack.last_mut() {
                    l.had_var = true;
                }
                return;
            }
            Some(b'(') if !self.stack.is_empty() => {
                self.warn(at, "variation starts with '((' (one '(' ignored)");
                return;
            }
            Some(b';') | None => {}
            Some(c) if c.is_ascii_alphabetic() => {
                self.warn(at, "missing ';' after '(' (assumed)");
            }
            Some(_) => {}
        }
        if self.stack.is_empty() {
            self.finish_game();
        }
        let parent = self.cur;
        self.stack.push(Level {
            parent,
            had_var: false,
        });
        self.in_node = false;
        if self
            .peek_from(self.i)
            .is_some_and(|c| c.is_ascii_alphabetic())
        {
            self.i = self.skip_ws_from(self.i);
            self.new_node(None);
        }
    }

    fn close(&mut self) {
        self.i += 1;
        match self.stack.pop() {
            Some(level) => {
                self.cur = level.parent;
                self.in_node = false;
                match self.stack.last_mut() {
                    Some(l) => l.had_var = true,
                    None => self.finish_game(),
                }
            }
            None => self.warn(self.i - 1, "')' without a matching '(' (ignored)"),
        }
    }

    /// Text between game trees: skipped up to the next `(`, with one warning if it is not blank.
    fn skip_outside(&mut self) {
        let at = self.i;
        let end = self.b[at..]
            .iter()
            .position(|&c| c == b'(')
            .map_or(self.b.len(), |p| at + p);
        if self.text[at..end]
            .trim()
            .chars()
            .any(|c| c != '\u{1a}' && c != '\0')
        {
            self.warn(at, "text outside game trees (ignored)");
        }
        self.i = end;
    }

    fn junk(&mut self) {
        let at = self.i;
        let mut end = at;
        while end < self.b.len()
            && !matches!(
                self.b[end],
                b'(' | b')' | b';' | b'[' | b' ' | b'\t' | b'\n' | b'\r'
            )
        {
            end += 1;
        }
        end = end.max(at + 1);
        while !self.text.is_char_boundary(end) {
            end += 1;
        }
        let s = &self.text[at..end];
        self.warn(at, format!("illegal characters '{s}' (ignored)"));
        self.i = end;
    }

    fn property(&mut self) {
        let b = self.b;
        let at = self.i;
        let mut end = at;
        while end < b.len() && b[end].is_ascii_uppercase() {
            end += 1;
        }
        // The usual case, an uppercase identifier right before its first value inside a node,
        // needs none of the checks below.
        if b.get(end) == Some(&b'[') && self.in_node && end - at <= MAX_ID_LEN {
            let id = self.slice(at, end);
            self.i = end;
            if let Some(values) = self.read_values(id, at) {
                self.push_property(PropId::new(id), values, at);
            }
            return;
        }
        while end < b.len() && b[end].is_ascii_alphabetic() {
            end += 1;
        }
        let raw_id = &self.text[at..end];
        if self.peek_from(end) != Some(b'[') {
            if raw_id.bytes().all(|c| c.is_ascii_uppercase()) {
                self.warn(at, format!("property {raw_id} without a value (deleted)"));
                self.i = end;
            } else {
                self.junk();
            }
            return;
        }
        self.i = end;
        let id: String = raw_id.chars().filter(char::is_ascii_uppercase).collect();
        if id.is_empty() {
            self.warn(
                at,
                format!("identifier '{raw_id}' has no uppercase letter (property deleted)"),
            );
        } else if id.len() != raw_id.len() {
            self.warn(
                at,
                format!("lowercase letters in property identifier '{raw_id}' (read as {id})"),
            );
        }
        if id.len() > MAX_ID_LEN {
            self.warn(
                at,
                format!("property identifier longer than {MAX_ID_LEN} letters (deleted)"),
            );
        }
        if !self.in_node {
            self.warn(at, "property outside a node: missing ';' assumed");
            self.new_node(None);
        }
        let Some(values) = self.read_values(&id, at) else {
            return;
        };
        if !id.is_empty() && id.len() <= MAX_ID_LEN {
            self.push_property(PropId::new(&id), values, at);
        }
    }

    /// Reads the move that starts most nodes, `B[dd]` or `W[dd]` with one value, at once, for
    /// the new node (see [`GameTree::push_node`]); anything else is left to the general path.
    #[inline(always)]
    fn lone_move(&mut self) -> Option<(u8, &'a str, u32)> {
        let mv = self.lone_move_at(self.i)?;
        self.i += 5;
        Some(mv)
    }

    /// The lone move at `at`, if there is one there (see [`Self::lone_move`]); five bytes long.
    #[inline(always)]
    fn lone_move_at(&self, at: usize) -> Option<(u8, &'a str, u32)> {
        let &[c, b'[', x, y, b']', next] = self.b.get(at..at + 6)? else {
            return None;
        };
        if !matches!(c, b'B' | b'W')
            || !x.is_ascii_alphabetic()
            || !y.is_ascii_alphabetic()
            || next == b'['
            || (next.is_ascii_whitespace() && self.peek_from(at + 5) == Some(b'['))
        {
            return None;
        }
        let color = if c == b'B' { props::B } else { props::W };
        let pos = u32::try_from(at).unwrap_or(u32::MAX);
        Some((color, self.slice(at + 2, at + 4), pos))
    }

    /// Reads the lone-move nodes `;B[dd];W[pq]...` that follow a lone-move node, the bulk of
    /// every game, straight into the tree; stops at anything else, leaving `self.i` after the
    /// last move it read. Within such a run nothing the main loop checks can change: no
    /// variation closes, each node is a new child of the one before, and the current node stays
    /// a lone move (`cur_lone`). The position, the count of nodes read and the moves' reach stay
    /// in registers until the run ends: stored on every move, they made a chain of stores and
    /// loads that the processor could not overlap.
    #[inline(always)]
    fn move_chain(&mut self) {
        let Some(mut cur) = self.cur else {
            return;
        };
        let mut i = self.i;
        let mut read = 0;
        let mut extent = self.game_lone.extent;
        loop {
            let at = self.skip_ws_from(i);
            if self.b.get(at) != Some(&b';') {
                break;
            }
            let Some(mv) = self.lone_move_at(at + 1) else {
                break;
            };
            cur = self.game.push_node(Some(cur), Some(mv));
            extent.saw(mv.1);
            i = at + 6;
            read += 1;
        }
        self.game_lone.extent = extent;
        self.i = i;
        self.nodes_left = self.nodes_left.saturating_sub(read);
        self.cur = Some(cur);
    }

    /// Notes a new node for the repairs: a lone move, or one they must look at.
    #[inline(always)]
    fn note_node(&mut self, id: NodeId, mv: Option<(u8, &str, u32)>) {
        match mv {
            Some((_, point, _)) => {
                self.game_lone.extent.saw(point);
                self.cur_lone = true;
            }
            None => {
                self.game_lone.others.push(id);
                self.cur_lone = false;
            }
        }
    }

    /// Appends a property to the current node.
    #[inline(always)]
    fn push_property(&mut self, id: PropId, values: Values, at: usize) {
        if let Some(cur) = self.cur {
            let lone = self.cur_lone;
            if lone {
                // A lone move no more.
                self.game_lone.others.push(cur);
                self.cur_lone = false;
            }
            // A node that outgrows its one inline slot grows once: a root holds a dozen or two
            // properties (and gets FF and CA from the repairs: 20 hold 99.9% of the corpus's
            // roots, and stay a small allocation), a move with a comment or clock times two to four.
            let room = if cur == ROOT { 19 } else { 3 };
            let prop = Property {
                id,
                values,
                pos: u32::try_from(at).unwrap_or(u32::MAX),
            };
            self.game.push_prop(cur, prop, room, lone);
        }
    }

    /// Reads the values `[...][...]` from `self.i`, where blanks and the first `[` are; `None`
    /// (and a warning) when the file ends inside one of them.
    fn read_values(&mut self, id: &str, at: usize) -> Option<Values> {
        self.i = self.skip_ws_from(self.i);
        let eof = |p: &mut Self| {
            p.warn(
                at,
                format!("unexpected end of file inside a value of {id} (property deleted)"),
            );
        };
        let Some(first) = self.read_value() else {
            eof(self);
            return None;
        };
        let first = RawValue::from(first);
        // Most properties have one value: no list for them.
        if self.peek_from(self.i) != Some(b'[') {
            return Some(Values::from(first));
        }
        let mut list = std::mem::take(&mut self.scratch);
        list.clear();
        // Room for a typical list of stones at once, rather than growing it from four.
        list.reserve(32);
        list.push(first);
        while self.peek_from(self.i) == Some(b'[') {
            self.i = self.skip_ws_from(self.i);
            match self.read_value() {
                Some(v) => list.push(RawValue::from(v)),
                None => {
                    eof(self);
                    self.scratch = list;
                    return None;
                }
            }
        }
        // Moved in one copy (`append`), not value by value, into a list of the exact size.
        let mut values = Vec::with_capacity(list.len());
        values.append(&mut list);
        self.scratch = list;
        Some(Values::from(values))
    }

    /// Reads `[...]` at `self.i`; `None` when the file ends before the closing `]`.
    #[inline(always)]
    fn read_value(&mut self) -> Option<&'a str> {
        let b = self.b;
        let start = self.i + 1;
        let mut j = start;
        // Most values are a few bytes (points, numbers, names): eight bytes at a time are looked
        // at in a register first; comments, the long ones, are searched with SIMD from the 25th on.
        let short_end = start + 24;
        while j < short_end {
            let Some(word) = b.get(j..).and_then(|r| r.first_chunk::<8>()) else {
                break;
            };
            let found = close_or_escape(u64::from_le_bytes(*word));
            if found == 0 {
                j += 8;
                continue;
            }
            let k = j + (found.trailing_zeros() / 8) as usize;
            if b[k] == b']' {
                self.i = k + 1;
                return Some(self.slice(start, k));
            }
            j = k + 2;
        }
        while let Some(rest) = b.get(j..) {
            let Some(k) = memchr::memchr2(b']', b'\\', rest) else {
                break;
            };
            let k = j + k;
            if b[k] == b']' {
                self.i = k + 1;
                return Some(self.slice(start, k));
            }
            j = k + 2;
        }
        self.i = b.len();
        None
    }

    /// The text between two byte offsets that stand at ASCII syntax characters or at the end.
    #[inline(always)]
    fn slice(&self, from: usize, to: usize) -> &'a str {
        debug_assert!(
            from <= to && self.text.is_char_boundary(from) && self.text.is_char_boundary(to)
        );
        // SAFETY: callers pass offsets next to ASCII bytes (`[`, `]`, letters, `;`) or the end of
        // the text, never inside a UTF-8 sequence, so the checks of `&text[from..to]` are redundant.
        unsafe { self.text.get_unchecked(from..to) }
    }
}

/// The high bit of each byte of `word` (read little-endian) that is `]` or `\`, and possibly of
/// bytes after such a byte: the lowest bit set is always a real one. The two characters differ
/// only in their lowest bit, so one zero-byte test finds both.
#[inline(always)]
fn close_or_escape(word: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let x = (word | ONES) ^ (ONES * u64::from(b']'));
    x.wrapping_sub(ONES) & !x & HIGH
}

#[cfg(test)]
mod tests {
    use super::close_or_escape;

    /// Moves one per line take the fast path; a second value after blanks still reaches the property.
    #[test]
    fn moves_separated_by_blanks_keep_every_value_and_property() {
        let p = crate::sgf::parse(b"(;GM[1];B[aa]\n;W[bb] [cc]\n;B[dd]\r\n C[x]\n;W[ee]\n)")
            .expect("parses");
        let g = &p.collection.games[0];
        let line = g.main_line_ids();
        let node = |k: usize| &g.nodes()[line[k]];
        assert_eq!(line.len(), 5);
        assert_eq!(node(1).value("B"), Some("aa"));
        // W takes one value: the second is reported and dropped, as without blanks.
        assert_eq!(node(2).get("W").map(|w| w.values.len()), Some(1));
        assert!(
            p.warnings
                .iter()
                .any(|w| w.message.contains("only one value")),
            "{:?}",
            p.warnings
        );
        assert_eq!(
            (node(3).value("B"), node(3).value("C")),
            (Some("dd"), Some("x"))
        );
        assert_eq!(node(4).value("W"), Some("ee"));
    }

    #[test]
    fn the_lowest_bit_found_is_the_first_close_or_escape() {
        let first = |w: &[u8; 8]| w.iter().position(|&c| c == b']' || c == b'\\');
        let found = |w: &[u8; 8]| match close_or_escape(u64::from_le_bytes(*w)) {
            0 => None,
            m => Some((m.trailing_zeros() / 8) as usize),
        };
        // Every byte value at every place, among neighbours that are and are not special.
        for fill in [b'a', b']', b'\\', 0, 0xff, 0x80, b'\\' - 1, b']' + 1] {
            for at in 0..8 {
                for c in 0..=255u8 {
                    let mut w = [b'x'; 8];
                    w[at] = c;
                    w[(at + 3) % 8] = fill;
                    assert_eq!(found(&w), first(&w), "{w:?}");
                }
            }
        }
    }
}
