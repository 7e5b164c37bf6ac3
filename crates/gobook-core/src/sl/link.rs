//! Where a link line `[a|target]` leads: the points it covers (every point showing its
//! anchor, RULES.md section 6) and the address a page can hold for its target.
//!
//! A target is an SL page name (`NadareJoseki`), a web address or an anchor of the SL
//! page (`#1`). Only web addresses and relative ones are written into a page: a page name
//! becomes the address of that page on Sensei's Library (where the diagram was written
//! for, the name means that page), and any other scheme (`javascript:`, `data:`) is refused.

use super::{Diagram, Link, Rc};

/// The page a bare page name leads to: Sensei's Library's own.
pub const SL_PAGE: &str = "https://senseis.xmp.net/?";

/// Where a link's target leads, as a page may hold it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Href {
    /// An `http:`/`https:` address, or a Sensei's Library page name made one.
    Web(String),
    /// A relative address (a path, `#anchor`): right only where the diagram is shown.
    Relative(String),
    /// Another scheme, never written into a page; the scheme as typed.
    Refused(String),
}

impl Href {
    /// The address to write into a page, unless refused.
    pub fn address(&self) -> Option<&str> {
        match self {
            Href::Web(a) | Href::Relative(a) => Some(a),
            Href::Refused(_) => None,
        }
    }
}

/// Whether `target` is a bare page name of Sensei's Library: letters, digits, `-` and
/// `_` only (no path, query, anchor or scheme), starting with a letter or digit.
fn is_page_name(target: &str) -> bool {
    target
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphanumeric())
        && target
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// Where `target` leads (see the module's words).
pub fn href(target: &str) -> Href {
    let t = target.trim();
    let lower = t.to_ascii_lowercase();
    if lower.starts_with("http://") || lower.starts_with("https://") {
        return Href::Web(t.to_string());
    }
    if is_page_name(t) {
        return Href::Web(format!("{SL_PAGE}{t}"));
    }
    // A colon before any `/`, `?` or `#` starts a scheme; `//host` names another site
    // without one, which is still a web address of the page's own scheme.
    let head = t.split(['/', '?', '#']).next().unwrap_or("");
    match head.find(':') {
        Some(colon) => Href::Refused(t[..colon].to_string()),
        None => Href::Relative(t.to_string()),
    }
}

/// The points of `d` each link covers, in the order of the links: every point whose
/// character is the link's anchor. A point two links cover keeps the first.
pub fn covered(d: &Diagram) -> Vec<(Rc, &Link)> {
    let mut out: Vec<(Rc, &Link)> = Vec::new();
    for link in &d.links {
        for (r, row) in d.rows.iter().enumerate() {
            for (c, &cell) in row.iter().enumerate() {
                if super::write::char_of(cell) == link.anchor
                    && !out.iter().any(|&(at, _)| at == (r, c))
                {
                    out.push(((r, c), link));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_lead_to_the_web_or_stay_relative_and_other_schemes_are_refused() {
        let web = |s: &str| Href::Web(s.to_string());
        assert_eq!(
            href("NadareJoseki"),
            web("https://senseis.xmp.net/?NadareJoseki")
        );
        assert_eq!(
            href(" https://x.org/a?b=1&c "),
            web("https://x.org/a?b=1&c")
        );
        assert_eq!(href("HTTP://X.org"), web("HTTP://X.org"));
        assert_eq!(href("#1"), Href::Relative("#1".into()));
        assert_eq!(href("../a.html"), Href::Relative("../a.html".into()));
        assert_eq!(href("a/b:c"), Href::Relative("a/b:c".into()));
        assert_eq!(
            href("javascript:alert(1)"),
            Href::Refused("javascript".into())
        );
        assert_eq!(href("JavaScript:x"), Href::Refused("JavaScript".into()));
        assert_eq!(href("data:text/html,x"), Href::Refused("data".into()));
        assert_eq!(href("javascript:x").address(), None);
    }

    #[test]
    fn a_link_covers_every_point_showing_its_anchor() {
        let d = crate::sl::read("$$\n$$ C . C\n$$ a X 1\n$$ [C|#1]\n$$ [a|A]\n$$ [C|B]").unwrap();
        let got: Vec<(Rc, &str)> = covered(&d)
            .iter()
            .map(|(rc, l)| (*rc, l.target.as_str()))
            .collect();
        assert_eq!(got, [((0, 0), "#1"), ((0, 2), "#1"), ((1, 0), "A")]);
    }
}
