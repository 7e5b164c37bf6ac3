//! Choosing a variation of a game (`gobook svg game.sgf --variation 2.1`): the tree with the
//! chosen children first, so that everything that follows the main line follows it.

use super::tree::{GameTree, ROOT};

/// What is wrong with a variation path, or with it for this game.
#[derive(Debug, thiserror::Error)]
pub enum VariationError {
    /// The text is not numbers from 1 joined by dots.
    #[error("`{0}` is not a variation path: numbers from 1 joined by dots, such as 2.1")]
    Syntax(String),
    /// A branch of the line has fewer variations than the path asks for.
    #[error("variation path: branch {branch} (after move {moves}) has {children} variations, not {want}")]
    NoSuchChild {
        /// Which branch point of the line, counted from 1.
        branch: usize,
        /// The moves played before it.
        moves: usize,
        /// How many variations it has.
        children: usize,
        /// Which one the path asks for.
        want: usize,
    },
    /// The path names more branch points than the line has.
    #[error("variation path: the game has {} on this line, the path names {wanted}", branch_points(*found))]
    TooLong {
        /// The branch points the line has.
        found: usize,
        /// The branch points the path names.
        wanted: usize,
    },
}

/// `found` branch points, in words.
fn branch_points(found: usize) -> String {
    match found {
        0 => "no variations".to_string(),
        1 => "only 1 branch point".to_string(),
        n => format!("only {n} branch points"),
    }
}

/// Reads a variation path such as `2.1`: the child to take at each branch, counted from 1.
pub fn parse_path(s: &str) -> Result<Vec<usize>, VariationError> {
    s.split('.')
        .map(|part| {
            part.trim()
                .parse::<usize>()
                .ok()
                .filter(|n| *n >= 1)
                .ok_or_else(|| VariationError::Syntax(s.to_string()))
        })
        .collect()
}

/// The game with the variation `path` as its main line: at the first node with several
/// children the `path[0]`th child is taken, at the next such node the `path[1]`th, and so on;
/// past the end of the path the first children are followed, as in the main line.
pub fn with_variation(game: &GameTree, path: &[usize]) -> Result<GameTree, VariationError> {
    let mut tree = game.clone();
    let mut node = ROOT;
    let mut moves = 0usize;
    let mut rest = path.iter().enumerate();
    loop {
        let children = tree.nodes()[node].children.len();
        if children == 0 {
            break;
        }
        if children > 1 {
            if let Some((i, &want)) = rest.next() {
                if want > children {
                    return Err(VariationError::NoSuchChild {
                        branch: i + 1,
                        moves,
                        children,
                        want,
                    });
                }
                // The chosen child first, the others after it in their order.
                let kids = &mut tree.node_mut(node).children;
                let chosen = kids.remove(want - 1);
                kids.insert(0, chosen);
            }
        }
        node = tree.nodes()[node].children[0];
        if tree.nodes()[node].has("B") || tree.nodes()[node].has("W") {
            moves += 1;
        }
    }
    if let Some((i, _)) = rest.next() {
        return Err(VariationError::TooLong {
            found: i,
            wanted: path.len(),
        });
    }
    Ok(tree)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(t: &GameTree) -> Vec<String> {
        t.main_line_ids()
            .iter()
            .filter_map(|&id| {
                let n = &t.nodes()[id];
                n.value("B").or(n.value("W")).map(String::from)
            })
            .collect()
    }

    #[test]
    fn follows_the_chosen_children() {
        let g = crate::sgf::parse(b"(;SZ[9];B[aa](;W[bb];B[cc])(;W[dd](;B[ee])(;B[ff])))")
            .unwrap()
            .collection
            .games
            .remove(0);
        assert_eq!(moves(&with_variation(&g, &[]).unwrap()), ["aa", "bb", "cc"]);
        assert_eq!(
            moves(&with_variation(&g, &[2]).unwrap()),
            ["aa", "dd", "ee"]
        );
        assert_eq!(
            moves(&with_variation(&g, &[2, 2]).unwrap()),
            ["aa", "dd", "ff"]
        );
        assert!(with_variation(&g, &[3])
            .unwrap_err()
            .to_string()
            .contains("has 2 variations"));
        assert!(with_variation(&g, &[1, 1])
            .unwrap_err()
            .to_string()
            .contains("only 1 branch"));
        assert_eq!(parse_path("2.1").unwrap(), [2, 1]);
        assert!(parse_path("2.0").is_err());
    }
}
