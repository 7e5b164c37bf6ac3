//! The SGF files of the shared corpora, for the SGF benches and `examples/sgf_speed`.

use std::path::{Path, PathBuf};

/// Every `.sgf` under `root`, leaving out `reference/` (other tools' rewrites of the same games).
pub fn sgf_files(root: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut dirs = vec![root.to_path_buf()];
    while let Some(d) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() && !p.ends_with("reference") {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("sgf")) {
                out.push(p);
            }
        }
    }
    out
}

/// One game of 200,000 moves with a comment every 50 moves.
pub fn synthetic_game() -> String {
    let mut game = String::from("(;FF[4]GM[1]SZ[19]PB[Black]PW[White]KM[6.5]");
    for i in 0..200_000u32 {
        let (c, x, y) = (
            if i % 2 == 0 { 'B' } else { 'W' },
            b'a' + (i % 19) as u8,
            b'a' + (i / 19 % 19) as u8,
        );
        game.push_str(&format!(";{c}[{}{}]", x as char, y as char));
        if i % 50 == 0 {
            game.push_str("C[a comment of some length, as games in books have]");
        }
    }
    game.push(')');
    game
}
