//! Rebuilding with the cache of the previous build redoes only what an edit touched.

mod common;

use gobook::site::build::{render, Cache, Options};

fn rebuild(text: &str, cache: &mut Cache) {
    let book = common::root().join("examples/ear-reddening/ear-reddening.gobook");
    let out = std::env::temp_dir().join("gobook-incremental-unused");
    let opts = Options { book: &book, text, out_dir: Some(&out), progress: &|_| {}, checked: None };
    render(&opts, cache).unwrap_or_else(|_| panic!("the book builds"));
}

#[test]
fn a_paragraph_edit_renders_one_page_and_no_diagram() {
    let text = std::fs::read_to_string(common::root().join("examples/ear-reddening/ear-reddening.gobook")).unwrap();
    let mut cache = Cache::default();
    rebuild(&text, &mut cache);
    assert_eq!(cache.diagrams_drawn, 9, "9 diagrams, each drawn once for both languages");
    assert_eq!(cache.pages_rendered, 8);

    rebuild(&text, &mut cache);
    assert_eq!((cache.diagrams_drawn, cache.pages_rendered), (0, 0), "nothing changed, nothing redone");

    let edited = text.replace("the fight spreads along the lower edge", "the fight spreads along the whole lower edge");
    assert_ne!(edited, text);
    rebuild(&edited, &mut cache);
    assert_eq!(cache.diagrams_drawn, 0);
    assert_eq!(cache.pages_rendered, 1, "only the English page of the game chapter");

    let moved = edited.replace("::dia(#dia1) at=15 mv=O3P3N3", "::dia(#dia1) at=15 mv=O3P3N2");
    rebuild(&moved, &mut cache);
    assert!(cache.diagrams_drawn >= 1, "the diagram and what is based on it, drawn once for both languages");
    assert_eq!(cache.pages_rendered, 2, "the game chapter in both languages");
}
