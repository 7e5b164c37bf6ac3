//! How long each stage of a build takes, printed to standard error when `GOBOOK_TIMINGS`
//! is set, so that a slow edit in `serve` or `lsp` says where its time goes.

use std::time::Instant;

/// Whether `GOBOOK_TIMINGS` asks for the stages' times.
pub fn on() -> bool {
    std::env::var_os("GOBOOK_TIMINGS").is_some()
}

/// A clock over the stages of one piece of work; silent unless `GOBOOK_TIMINGS` is set.
pub struct Stages {
    /// What each stage's name follows (`"check, "`, or nothing).
    prefix: String,
    /// When the last stage ended; `None` when the timings are not asked for.
    last: Option<Instant>,
}

impl Stages {
    /// Starts the clock; each stage is printed after `prefix`.
    pub fn new(prefix: impl Into<String>) -> Stages {
        Stages {
            prefix: prefix.into(),
            last: on().then(Instant::now),
        }
    }

    /// Prints the time since the last mark (or the start) as the stage `what`.
    pub fn mark(&mut self, what: &str) {
        if let Some(last) = &mut self.last {
            let ms = last.elapsed().as_secs_f64() * 1000.0;
            eprintln!("  {}{what}: {ms:.1} ms", self.prefix);
            *last = Instant::now();
        }
    }
}
