//! `gobook import --problems FILE|DIR`: the games of a file, or the game files of a
//! folder (a chapter per folder, in file-name order), as one book of problems.

use super::game_file;
use super::game_format;
use super::{report, GlobalArgs, EXIT_CONTENT, EXIT_USAGE};
use gobook::import::{problem_chapter, Imported, ProblemSet};
use gobook::sgf::GameTree;
use std::path::{Path, PathBuf};

/// Reads problem files: the games of one file as one chapter, or a folder's files
/// as a chapter per folder (files in name order, sub-folders after them).
pub fn read(path: &Path, stem: &str, chapter: bool, g: GlobalArgs) -> Result<Imported, i32> {
    let mut chapters: Vec<(String, Vec<(String, GameTree)>)> = Vec::new();
    if path.is_dir() {
        collect_folder(path, stem, &mut chapters, g)?;
    } else {
        let name = path.display().to_string();
        let games = game_file::read_games(path, g)?;
        let many = games.len() > 1;
        let list = games
            .into_iter()
            .enumerate()
            .map(|(k, game)| {
                let n = if many {
                    format!("{name} (game {})", k + 1)
                } else {
                    name.clone()
                };
                (n, game)
            })
            .collect();
        chapters.push((stem.to_string(), list));
    }
    if chapters.iter().all(|c| c.1.is_empty()) {
        report::error(&format!("{} holds no problem file", path.display()));
        return Err(EXIT_CONTENT);
    }
    let sets: Vec<ProblemSet> = chapters
        .iter()
        .filter(|c| !c.1.is_empty())
        .map(|(title, games)| ProblemSet {
            title: title.clone(),
            problems: games.iter().map(|(n, g)| (n.clone(), g)).collect(),
        })
        .collect();
    let book = (!chapter).then_some(stem);
    problem_chapter(book, &sets).map_err(|e| {
        report::error(&format!("{}: {e}", path.display()));
        EXIT_CONTENT
    })
}

/// Adds a chapter for the game files of `dir` (in natural name order), then one per sub-folder.
fn collect_folder(
    dir: &Path,
    title: &str,
    out: &mut Vec<(String, Vec<(String, GameTree)>)>,
    g: GlobalArgs,
) -> Result<(), i32> {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) => {
            report::error(&format!("cannot read {}: {e}", dir.display()));
            return Err(EXIT_USAGE);
        }
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort_by(|a, b| natural(&a.to_string_lossy(), &b.to_string_lossy()));
    let mut games = Vec::new();
    let mut folders = Vec::new();
    for p in paths {
        // Linked folders are not followed: a link to a folder above would never end.
        let linked = std::fs::symlink_metadata(&p).is_ok_and(|m| m.file_type().is_symlink());
        if p.is_dir() {
            if linked {
                if !g.quiet {
                    eprintln!("{}: warning: a linked folder is not followed", p.display());
                }
            } else {
                folders.push(p);
            }
        } else if game_format::of_file(&p).is_some() {
            let name = p.display().to_string();
            for (k, game) in game_file::read_games(&p, g)?.into_iter().enumerate() {
                let n = if k > 0 {
                    format!("{name} (game {})", k + 1)
                } else {
                    name.clone()
                };
                games.push((n, game));
            }
        }
    }
    out.push((title.to_string(), games));
    for f in folders {
        let t = f
            .file_name()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        collect_folder(&f, &t, out, g)?;
    }
    Ok(())
}

/// Compares names with runs of digits as numbers, so `p2` comes before `p10`.
fn natural(a: &str, b: &str) -> std::cmp::Ordering {
    let (mut x, mut y) = (a.chars().peekable(), b.chars().peekable());
    loop {
        match (x.peek().copied(), y.peek().copied()) {
            (None, None) => return std::cmp::Ordering::Equal,
            (None, Some(_)) => return std::cmp::Ordering::Less,
            (Some(_), None) => return std::cmp::Ordering::Greater,
            (Some(c), Some(d)) if c.is_ascii_digit() && d.is_ascii_digit() => {
                let mut n = String::new();
                while let Some(c) = x.next_if(char::is_ascii_digit) {
                    n.push(c);
                }
                let mut m = String::new();
                while let Some(d) = y.next_if(char::is_ascii_digit) {
                    m.push(d);
                }
                let (n, m) = (n.trim_start_matches('0'), m.trim_start_matches('0'));
                let o = n.len().cmp(&m.len()).then_with(|| n.cmp(m));
                if o != std::cmp::Ordering::Equal {
                    return o;
                }
            }
            (Some(c), Some(d)) => {
                if c != d {
                    return c.cmp(&d);
                }
                x.next();
                y.next();
            }
        }
    }
}
