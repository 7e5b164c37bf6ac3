//! A folder of games as one book: each game a chapter, as `import --chapter` writes it
//! (IDs prefixed by the game's name, a number after it when two games share a name),
//! under one `::book` titled by the event the games share, else by the folder.

use super::text::{book_id, push_attr};
use super::{import_game, ImportError, Imported, Note, Options};
use crate::sgf::{self, GameTree};

/// Writes a book named `book` (its ID, and its title when the games share no event) of one
/// chapter per game of `games` (each with its name, the file's stem, and the file it
/// came from for notes); with `book` `None`, the chapters alone (to include in a book).
pub fn games_book(
    book: Option<&str>,
    games: &[(String, String, &GameTree)],
    opts: &Options,
) -> Result<Imported, ImportError> {
    let tag = if opts.lang == "en" {
        String::new()
    } else {
        format!("_{}", opts.lang)
    };
    let events: Vec<Option<String>> = games
        .iter()
        .map(|(_, _, g)| {
            sgf::main_line(g)
                .info
                .ev
                .map(|e| e.trim().to_string())
                .filter(|e| !e.is_empty())
        })
        .collect();
    let shared = events
        .first()
        .cloned()
        .flatten()
        .filter(|e| events.iter().all(|x| x.as_deref() == Some(e.as_str())));
    let mut out = String::new();
    if let Some(name) = book {
        out.push_str(&format!("::book{tag}(#{})", book_id(name)));
        push_attr(&mut out, "title", shared.as_deref().unwrap_or(name), true);
        out.push_str("\n\n");
    }
    let mut markup = super::Tally::default();
    let mut notes = Vec::new();
    let mut taken: Vec<String> = Vec::new();
    for (stem, file, game) in games {
        let id = super::chapter_id(stem);
        let ordinal = (2..)
            .find(|n| !taken.contains(&format!("{id}-{n}")))
            .filter(|_| taken.contains(&id))
            .unwrap_or(0);
        taken.push(if ordinal == 0 {
            id
        } else {
            format!("{id}-{ordinal}")
        });
        let chapter = Options {
            chapter: true,
            ordinal,
            ..*opts
        };
        let one = import_game(game, stem, &chapter)?;
        out.push_str(&one.text);
        out.push_str("\n\n");
        markup.add(one.markup);
        notes.extend(one.notes.into_iter().map(|n| Note {
            file: n.file.or_else(|| Some(file.clone())),
            message: n.message,
        }));
    }
    let text = match crate::format::writer::format(&out, false) {
        crate::format::writer::Formatted::Text(t) => t,
        crate::format::writer::Formatted::SyntaxErrors(e) => {
            return Err(ImportError::Internal(e.first().map(|d| d.message.clone())))
        }
    };
    Ok(Imported {
        text,
        markup,
        notes,
    })
}
