//! The lines of an SGF answer tree written as one gobook answer tree: lines that share
//! their first moves become branches (`C3 [D4 E5 | E5 D4]`), as the file has them, instead
//! of the shared moves repeated in a sequence per line.

/// One line of answers: its moves, each written with its comment (`C3`, `D4(Dead.)`).
pub type Line = Vec<String>;

/// `lines` as a `correct` or `wrong` value: lines that start alike share a trunk and
/// branch where they part, in the order the file gives them. A line that ends where
/// another goes on cannot share its last move with it (a branch needs a move): the two
/// part one move earlier (`C3 [D4 | D4 E5]`), or stay lines of their own at the top.
pub fn text(lines: &[Line]) -> String {
    let refs: Vec<&[String]> = lines.iter().map(Vec::as_slice).collect();
    groups(&refs)
        .into_iter()
        .map(|g| trunk(&g))
        .collect::<Vec<_>>()
        .join("; ")
}

/// Lines grouped by their first move, groups in the order of their first line; a line
/// that ends within another's group is a group of its own.
fn groups<'a>(lines: &[&'a [String]]) -> Vec<Vec<&'a [String]>> {
    let mut out: Vec<Vec<&[String]>> = Vec::new();
    for &l in lines {
        let Some(first) = l.first() else { continue };
        let same = out
            .iter_mut()
            .find(|g| g[0].first() == Some(first) && g.iter().chain([&l]).all(|x| x.len() > 1));
        match same {
            Some(g) => g.push(l),
            None => out.push(vec![l]),
        }
    }
    out
}

/// One group: its shared first move, then the rest as one line or as branches.
fn trunk(group: &[&[String]]) -> String {
    if let [one] = group {
        return one.join(" ");
    }
    let rest: Vec<&[String]> = group.iter().map(|l| &l[1..]).collect();
    let parts = groups(&rest);
    let head = &group[0][0];
    if parts.len() == 1 {
        return format!("{head} {}", trunk(&parts[0]));
    }
    let branches: Vec<String> = parts.iter().map(|p| trunk(p)).collect();
    format!("{head} [{}]", branches.join(" | "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(s: &str) -> Vec<Line> {
        s.split(';')
            .map(|l| l.split_whitespace().map(String::from).collect())
            .collect()
    }

    #[test]
    fn lines_that_start_alike_branch_where_they_part() {
        assert_eq!(
            text(&lines("C3 D4 E5; C3 E5 D4(Dead.)")),
            "C3 [D4 E5 | E5 D4(Dead.)]"
        );
        assert_eq!(
            text(&lines("C3 D4 E5; C3 D4 F5; C3 E5; G7 H8")),
            "C3 [D4 [E5 | F5] | E5]; G7 H8"
        );
        assert_eq!(text(&lines("C3 D4; B2")), "C3 D4; B2");
    }

    #[test]
    fn a_line_inside_another_stays_a_line() {
        assert_eq!(text(&lines("C3; C3 D4")), "C3; C3 D4");
        assert_eq!(
            text(&lines("C3 D4; C3 D4 E5; C3 F5")),
            "C3 [D4 | D4 E5 | F5]"
        );
    }

    #[test]
    fn the_tree_reads_back_as_its_lines() {
        let given = lines("C3 D4 E5; C3 D4 F5(x); C3 E5; G7 H8; G7");
        let back = crate::format::values::parse_sequences(&text(&given), 19).unwrap();
        let mut got: Vec<String> = back
            .iter()
            .map(|s| {
                s.iter()
                    .map(|(m, t)| {
                        format!(
                            "{}{}",
                            mv(m),
                            t.as_ref().map(|t| format!("({t})")).unwrap_or_default()
                        )
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        let mut want: Vec<String> = given.iter().map(|l| l.join(" ")).collect();
        got.sort();
        want.sort();
        assert_eq!(got, want);
    }

    fn mv(m: &crate::format::values::Move) -> String {
        match m {
            crate::format::values::Move::Play(p) => p.to_string(),
            other => format!("{other:?}"),
        }
    }
}
