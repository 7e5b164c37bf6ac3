//! A game record, or a folder of game or problem files, as the book `gobook import` would
//! write, made in memory: what `gobook build`, `serve` and `check` read when they are named
//! a game rather than a book. What is wrong is told where the author can see it: each game
//! file's problems (the reader's repairs, moves the rules refuse) at their line and column
//! in that file ([`files`]), what the import could not carry over per file, and anything the
//! check of the book text finds that no game file explains without a place, since the author
//! has no such text to look at (the importer's goal is that there is none).

mod files;
mod replay;
mod sl;

use crate::diagnostics::{Code, Diagnostic, Severity};
use crate::import::{self, Imported, Note, ProblemSet};
use crate::project::files::FileProblems;
use crate::project::games;
use crate::sgf::GameTree;
use std::path::{Path, PathBuf};

/// What to make of the games: the options `gobook import` takes that make sense for a
/// book built in memory.
#[derive(Clone, Copy, Debug, Default)]
pub struct Request {
    /// How games are laid out (`--every`, `--figures-per-page`, `--lang`); `chapter`
    /// writes chapters to include in a book, no `::book` (`import --chapter`; a build
    /// leaves it off).
    pub import: import::Options,
    /// Read the files as problems (`--problems`), each game a `::prb`.
    pub problems: bool,
}

/// The book made from a game file or a folder.
#[derive(Debug)]
pub struct GameBook {
    /// The book text, as `gobook import` writes it.
    pub text: String,
    /// The game files read, each with its text and its problems.
    pub files: Vec<FileProblems>,
    /// What the import could not carry over.
    pub notes: Vec<Note>,
    /// Moves the rules refuse in files that keep no places (the XML Go format): errors.
    pub refused: Vec<Note>,
    /// Marks and labels read, and how many could not be placed.
    pub markup: import::Tally,
    /// The comments of the games (main lines and variations); none for problems.
    pub comments: Option<usize>,
}

/// Why no book could be made.
#[derive(Debug, thiserror::Error)]
pub enum SourceError {
    /// The file or folder cannot be read.
    #[error("cannot read {}: {source}", path.display())]
    Io {
        /// What could not be read.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// A game file is no game: its problems, placed.
    #[error("{} is not a game file gobook can read", problems.name)]
    Content {
        /// The file, its text and its problems.
        problems: FileProblems,
    },
    /// The folder holds no game file.
    #[error("{} holds no game file (.sgf, .mgt, .xml, or SGF without an extension)", .0.display())]
    NoGames(PathBuf),
    /// A game cannot become a book (a board gobook cannot show).
    #[error("{file}: {error}")]
    Import {
        /// The game file.
        file: String,
        /// Why.
        error: import::ImportError,
    },
}

/// Whether `path` names a game source rather than a book: a game file (by content or
/// extension, never a `.gobook` file), or a folder holding no `.gobook` file but games.
pub fn is_game_source(path: &Path) -> bool {
    if path.is_dir() {
        games::is_game_folder(path)
    } else {
        games::is_game_file(path) || (!games::is_book_file(path) && sl_page(path).is_some())
    }
}

/// The text of `path` when it is a page of Sensei's Library diagrams: a `.sl` or `.txt`
/// file that is no SGF or XML game nor book text, or any file whose first line (not blank)
/// starts with `$$`. `None` for a game, a folder, or a file that is not UTF-8 text.
pub fn sl_page(path: &Path) -> Option<String> {
    if !path.is_file() {
        return None;
    }
    let text = crate::project::read::read_text(path).ok()?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text).to_string();
    let by_name = path
        .extension()
        .and_then(|x| x.to_str())
        .is_some_and(|x| x.eq_ignore_ascii_case("sl") || x.eq_ignore_ascii_case("txt"));
    // A book's text starts with an element, which no page of diagrams does.
    let other = games::sniff(text.as_bytes()).is_some() || text.trim_start().starts_with("::");
    (crate::sl::is_sl(&text) || (by_name && !other)).then_some(text)
}

/// The name the book of `path` takes (its ID and, failing game info, its title): the
/// file's stem, or the folder's name.
pub fn book_name(path: &Path) -> String {
    let name = if path.is_dir() {
        std::path::absolute(path)
            .ok()
            .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
    } else {
        path.file_stem().map(|s| s.to_string_lossy().into_owned())
    };
    name.filter(|n| !n.is_empty())
        .unwrap_or_else(|| "game".into())
}

/// A game file's name without its extension, for IDs and titles.
fn stem(p: &Path) -> String {
    p.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "game".into())
}

/// Reads the game file or folder at `path` and makes its book as `request` says.
pub fn read(path: &Path, request: &Request) -> Result<GameBook, SourceError> {
    let name = book_name(path);
    if let Some(text) = sl_page(path) {
        return sl::read(path, text, &name, request);
    }
    let mut notes = Vec::new();
    let mut read = Vec::new();
    if path.is_dir() {
        let found = games::in_folder(path).map_err(|source| SourceError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        for l in &found.linked {
            notes.push(Note {
                file: Some(l.display().to_string()),
                message: "a linked folder is not followed".into(),
            });
        }
        for folder in &found.folders {
            let mut files = Vec::new();
            for f in &folder.files {
                files.push(read_one(f, request.problems)?);
            }
            read.push((folder.dir.clone(), files));
        }
        if read.iter().all(|(_, f)| f.is_empty()) {
            return Err(SourceError::NoGames(path.to_path_buf()));
        }
    } else {
        read.push((path.to_path_buf(), vec![read_one(path, request.problems)?]));
    }
    let mut refused = Vec::new();
    for (_, files) in &read {
        for (f, file) in files {
            refused.extend(file.unplaced.iter().map(|m| Note {
                file: Some(f.display().to_string()),
                message: m.clone(),
            }));
        }
    }
    let made = make(path.is_dir(), &name, &read, request, &mut notes)?;
    notes.extend(made.0.notes);
    Ok(GameBook {
        text: made.0.text,
        files: read
            .into_iter()
            .flat_map(|(_, files)| files.into_iter().map(|(_, f)| f.problems))
            .collect(),
        notes,
        refused,
        markup: made.0.markup,
        comments: made.1,
    })
}

/// The files of one folder (or the one file), each with its path and what was read.
type Read = Vec<(PathBuf, Vec<(PathBuf, files::GameFile)>)>;

/// Reads one game file; a file that is no game fails the whole book, with its place.
fn read_one(path: &Path, problems: bool) -> Result<(PathBuf, files::GameFile), SourceError> {
    match files::read(path, &path.display().to_string()) {
        Ok(mut f) => {
            // A game book shows the first game of a file; problems, every game.
            f.add_refused(if problems { usize::MAX } else { 1 });
            Ok((path.to_path_buf(), f))
        }
        Err(files::Unread::Io(source)) => Err(SourceError::Io {
            path: path.to_path_buf(),
            source,
        }),
        Err(files::Unread::Content(problems)) => Err(SourceError::Content { problems }),
    }
}

/// The book text from what was read: problems (a chapter per folder, or the file's games
/// as one chapter), the games of a folder (a chapter each), or one game; with the number of
/// comments for games. Notes of what was left out go to `notes`.
fn make(
    folder: bool,
    name: &str,
    read: &Read,
    request: &Request,
    notes: &mut Vec<Note>,
) -> Result<(Imported, Option<usize>), SourceError> {
    let opts = request.import;
    let book = (!opts.chapter).then_some(name);
    let err = |file: &Path| {
        let file = file.display().to_string();
        move |error| SourceError::Import { file, error }
    };
    if request.problems {
        let sets = problem_sets(read);
        let made = import::problem_book(book, &sets, opts.lang);
        return made.map(|b| (b, None)).map_err(err(&read[0].0));
    }
    let games: Vec<(String, String, &GameTree)> = read
        .iter()
        .flat_map(|(_, files)| files)
        .map(|(p, f)| {
            if f.games.len() > 1 {
                notes.push(Note {
                    file: Some(p.display().to_string()),
                    message: format!(
                        "the file holds {} games; only the first is used (--problems reads every one)",
                        f.games.len()
                    ),
                });
            }
            (stem(p), p.display().to_string(), &f.games[0])
        })
        .collect();
    let comments = games
        .iter()
        .map(|(_, _, g)| g.nodes().iter().filter(|n| n.has("C")).count())
        .sum();
    let made = if folder {
        import::games_book(book, &games, &opts)
    } else {
        import::import_game(games[0].2, name, &opts)
    };
    made.map(|b| (b, Some(comments))).map_err(err(&read[0].0))
}

/// The problem sets of what was read: a chapter per folder with files (or the one file),
/// problems in file order, each game of a collection its own problem.
fn problem_sets(read: &Read) -> Vec<ProblemSet<'_>> {
    read.iter()
        .filter(|(_, files)| !files.is_empty())
        .map(|(place, files)| {
            let mut problems = Vec::new();
            for (p, f) in files {
                let name = p.display().to_string();
                let many = f.games.len() > 1;
                for (k, g) in f.games.iter().enumerate() {
                    let n = if many {
                        format!("{name} (game {})", k + 1)
                    } else {
                        name.clone()
                    };
                    problems.push((n, g));
                }
            }
            ProblemSet {
                name: book_name(place),
                title: stem(&files[0].0),
                problems,
            }
        })
        .collect()
}

/// What the check of a game source's book found, told where the author can see it.
#[derive(Debug, Default)]
pub struct Told {
    /// Each game file with problems, at their places.
    pub files: Vec<FileProblems>,
    /// Problems without a place in a file the author has, in the order found.
    pub loose: Vec<Loose>,
}

/// A problem told without a place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loose {
    /// The file it concerns (a game file, or the source named).
    pub file: String,
    /// Error or warning.
    pub severity: Severity,
    /// The kind of problem.
    pub code: Code,
    /// What is wrong.
    pub message: String,
    /// Whether it was found in the book text made from the games (no game file explains
    /// it), which `gobook import` writes for the author to look at.
    pub in_text: bool,
}

impl GameBook {
    /// The game files' problems, the import's notes, and what the check of the book text
    /// found (`checked`, in the text [`GameBook::text`]) that the game files do not say
    /// already: a refused move is told in its game file, so the book's own report of it
    /// goes; anything else has no place the author can see, and is told as `source`'s.
    pub fn told(&self, source: &str, checked: &[Diagnostic]) -> Told {
        let refused = !self.refused.is_empty()
            || self
                .files
                .iter()
                .flat_map(|f| &f.diagnostics)
                .any(|d| d.code == Code::IllegalMove);
        let loose_note = |n: &Note, severity, code| Loose {
            file: n.file.clone().unwrap_or_else(|| source.to_string()),
            severity,
            code,
            message: n.message.clone(),
            in_text: false,
        };
        let mut loose: Vec<Loose> = self
            .refused
            .iter()
            .map(|n| loose_note(n, Severity::Error, Code::IllegalMove))
            .collect();
        loose.extend(
            self.notes
                .iter()
                .map(|n| loose_note(n, Severity::Warning, Code::ImportNote)),
        );
        loose.extend(
            checked
                .iter()
                .filter(|d| !(refused && d.code == Code::IllegalMove))
                .map(|d| Loose {
                    file: source.to_string(),
                    severity: d.severity,
                    code: d.code,
                    message: d.message.clone(),
                    in_text: true,
                }),
        );
        Told {
            files: self
                .files
                .iter()
                .filter(|f| !f.diagnostics.is_empty())
                .cloned()
                .collect(),
            loose,
        }
    }
}

impl Told {
    /// Every problem placed in its file, in order (files first); those without a place at
    /// line and column 0 (see [`Located::line`](crate::diagnostics::Located::line)).
    pub fn located(&self) -> Vec<crate::diagnostics::Located> {
        let mut out = Vec::new();
        for f in &self.files {
            let src = crate::diagnostics::SourceFile::new(&f.name, &f.text);
            out.extend(f.diagnostics.iter().map(|d| src.locate(d)));
        }
        out.extend(self.loose.iter().map(|l| crate::diagnostics::Located {
            file: l.file.clone(),
            line: 0,
            column: 0,
            severity: l.severity,
            code: l.code,
            message: l.message.clone(),
            source_line: String::new(),
            snippet_column: 0,
        }));
        out
    }

    /// Whether an error is among the problems.
    pub fn has_errors(&self) -> bool {
        self.files
            .iter()
            .flat_map(|f| &f.diagnostics)
            .any(|d| d.severity == Severity::Error)
            || self.loose.iter().any(|l| l.severity == Severity::Error)
    }
}
