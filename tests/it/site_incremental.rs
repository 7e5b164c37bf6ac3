//! Rebuilding with the cache of the previous build redoes only what an edit touched.

use crate::common;

use gobook::project::build::Options;
use gobook::site::build::{render, Cache};

/// The site of `text` as the example book, built with `cache`: every file, sorted.
fn rebuild(text: &str, cache: &mut Cache) -> Vec<(std::path::PathBuf, std::sync::Arc<Vec<u8>>)> {
    let book = common::root().join("examples/ear-reddening/ear-reddening.gobook");
    // Rendering writes nothing; the folder only stands where a site would go.
    let tmp = common::tempdir();
    let out = tmp.path().join("site");
    let opts = Options {
        book: &book,
        text,
        out_dir: Some(&out),
        progress: &|_| {},
        checked: None,
    };
    let mut files = render(&opts, cache)
        .unwrap_or_else(|e| panic!("the book builds: {e:?}"))
        .files;
    files.sort();
    files
}

#[test]
fn a_paragraph_edit_renders_one_page_and_no_diagram() {
    let text =
        std::fs::read_to_string(common::root().join("examples/ear-reddening/ear-reddening.gobook"))
            .unwrap();
    let mut cache = Cache::default();
    rebuild(&text, &mut cache);
    assert_eq!(
        cache.diagrams_drawn, 9,
        "9 diagrams, each drawn once for both languages"
    );
    assert_eq!(cache.pages_rendered, 8);

    rebuild(&text, &mut cache);
    assert_eq!(
        (cache.diagrams_drawn, cache.pages_rendered),
        (0, 0),
        "nothing changed, nothing redone"
    );

    let edited = text.replace(
        "the fight spreads along the lower edge",
        "the fight spreads along the whole lower edge",
    );
    assert_ne!(edited, text);
    rebuild(&edited, &mut cache);
    assert_eq!(cache.diagrams_drawn, 0);
    assert_eq!(
        cache.pages_rendered, 1,
        "only the English page of the game chapter"
    );

    let moved = edited.replace(
        "::dia(#dia1) at=15 mv=O3P3N3",
        "::dia(#dia1) at=15 mv=O3P3N2",
    );
    rebuild(&moved, &mut cache);
    assert!(
        cache.diagrams_drawn >= 1,
        "the diagram and what is based on it, drawn once for both languages"
    );
    assert_eq!(
        cache.pages_rendered, 2,
        "the game chapter in both languages"
    );
}

#[test]
fn every_rebuild_equals_a_cold_build() {
    let text =
        std::fs::read_to_string(common::root().join("examples/ear-reddening/ear-reddening.gobook"))
            .unwrap();
    let edits: [&dyn Fn(&str) -> String; 5] = [
        // A move of the game after the first figure's range: later figures, and nothing else.
        &|t| {
            t.replacen("R16 D17 Q3 P17 C4 C14 E4 R5 Q15 O4 Q5 Q4 P4 R4 P3 P5 Q6 R3 O3 P6 Q7 P7 Q8 N4 N3\nP8", "R16 D17 Q3 P17 C4 C14 E4 R5 Q15 O4 Q5 Q4 P4 R4 P3 P5 Q6 R3 O3 P6 Q7 P7 Q8 N4 N3\nT19", 1)
        },
        &|t| {
            t.replace(
                "ca_en=\"Dia. 1: a simpler line\"",
                "ca_en=\"Dia. 1: the simpler line\"",
            )
        },
        &|t| {
            t.replace(
                "::dia(#dia1) at=15 mv=O3P3N3",
                "::dia(#dia1) at=15 mv=O3P3N2",
            )
        },
        &|t| t.replacen("::h2_de Die Partie", "::h2_de Die ganze Partie", 1),
        &|t| {
            t.replacen(
                "::prb(#prb1)",
                "::p A new paragraph before the problems.\n\n::prb(#prb1)",
                1,
            )
        },
    ];
    let mut cache = Cache::default();
    let mut current = text.clone();
    rebuild(&current, &mut cache);
    for (k, edit) in edits.iter().enumerate() {
        let next = edit(&current);
        assert_ne!(next, current, "edit {k} changes the book");
        current = next;
        let warm = rebuild(&current, &mut cache);
        let cold = rebuild(&current, &mut Cache::default());
        assert_eq!(warm.len(), cold.len());
        for ((p, w), (q, c)) in warm.iter().zip(&cold) {
            assert_eq!(p, q);
            assert!(
                w == c,
                "after edit {k}, {} differs from a cold build",
                p.display()
            );
        }
    }
}

/// Pages show what other elements say: the pager a neighbour's `shortTitle`, a paragraph
/// the game info (`#pb#`) of Go data that is no block of its own. A warm build after
/// editing those equals a cold one.
#[test]
fn short_titles_and_game_info_edits_equal_a_cold_build() {
    let text = "::book(#b) title=\"B\"\n\n::chapter(#one) shortTitle=\"One\"\n\n::h1 The first\n\n\
                ::go(#g) pb=Shusaku mv=Q16\n\n#pb# plays first.\n\n\n\n::chapter(#two)\n\n::h1 The second\n\nText.\n";
    let edits: [&dyn Fn(&str) -> String; 2] = [
        &|t| t.replace("shortTitle=\"One\"", "shortTitle=\"Uno\""),
        &|t| t.replace("pb=Shusaku", "pb=Jowa"),
    ];
    let mut cache = Cache::default();
    let mut current = text.to_string();
    rebuild(&current, &mut cache);
    for (k, edit) in edits.iter().enumerate() {
        let next = edit(&current);
        assert_ne!(next, current, "edit {k} changes the book");
        current = next;
        let warm = rebuild(&current, &mut cache);
        let cold = rebuild(&current, &mut Cache::default());
        assert_eq!(warm.len(), cold.len());
        for ((p, w), (q, c)) in warm.iter().zip(&cold) {
            assert_eq!(p, q);
            assert!(
                w == c,
                "after edit {k}, {} differs from a cold build",
                p.display()
            );
        }
    }
}
