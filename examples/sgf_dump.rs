//! Prints what the SGF reader makes of every corpus file, to compare the reader before and after
//! a change byte for byte: `cargo run --example sgf_dump > /tmp/before.txt`, change the reader,
//! run it again and `diff` the two files.
//!
//! For each `.sgf` under `../shared/corpora` (sorted, `reference/` included): its error, or its
//! node count per game, its warnings with line and column, and its repaired tree written back
//! as SGF. `--arena` adds every node in arena order with its parent and each property's
//! identifier and byte offset, which the written SGF does not show.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpora");
    let arena = std::env::args().any(|a| a == "--arena");
    let mut files = Vec::new();
    collect(&root, &mut files);
    files.sort();
    if files.is_empty() {
        eprintln!("no SGF files under {}", root.display());
        std::process::exit(1);
    }
    let mut out = String::new();
    for f in &files {
        let name = f.strip_prefix(&root).unwrap_or(f).display().to_string();
        let _ = writeln!(out, "=== {name}");
        let bytes = match std::fs::read(f) {
            Ok(b) => b,
            Err(e) => {
                let _ = writeln!(out, "unreadable: {e}");
                continue;
            }
        };
        match gobook::sgf::parse(&bytes) {
            Err(e) => {
                let _ = writeln!(out, "error {e}");
            }
            Ok(p) => {
                let nodes: Vec<String> = p
                    .collection
                    .games
                    .iter()
                    .map(|g| g.len().to_string())
                    .collect();
                let _ = writeln!(out, "games {} nodes {}", nodes.len(), nodes.join(","));
                for w in &p.warnings {
                    let _ = writeln!(out, "warning {w}");
                }
                out.push_str(&gobook::sgf::write(&p.collection));
                if arena {
                    for (k, g) in p.collection.games.iter().enumerate() {
                        for (id, n) in g.nodes().iter().enumerate() {
                            let _ = write!(
                                out,
                                "game {k} node {id} parent {:?} children {:?}:",
                                n.parent,
                                &n.children[..]
                            );
                            for prop in &n.props {
                                let _ = write!(out, " {}@{}", prop.id, prop.pos);
                            }
                            out.push('\n');
                        }
                    }
                }
            }
        }
    }
    print!("{out}");
    eprintln!("{} SGF files", files.len());
}

/// Every `.sgf` file under `dir`, at any depth.
fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("sgf")) {
            out.push(p);
        }
    }
}
