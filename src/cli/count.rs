//! Counted words in what the commands print: "1 chapter", "2 chapters", never "1 chapters".

/// `n` and `word`, with an `s` unless `n` is 1.
pub fn count(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}
