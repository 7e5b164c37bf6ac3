//! How many layout passes typst took for a PDF, and how long each was, printed with the
//! build's stages when `GOBOOK_TIMINGS=passes`: typst lays a document out again until its
//! page references and running heads settle, and each pass costs seconds on a long book.
//! (Only when asked by name: typst then records every timing scope it has, which costs
//! time and hundreds of megabytes on a long book.) With any `GOBOOK_TIMINGS`, the memory
//! the process holds at a stage.

/// Starts recording typst's timing scopes when the passes are asked for.
pub fn start() -> bool {
    let on = std::env::var("GOBOOK_TIMINGS").is_ok_and(|v| v.contains("passes"));
    if on {
        typst_timing::enable();
    }
    on
}

/// Stops recording and prints each pass's time after `prefix` ("pdf en, ").
pub fn report(on: bool, prefix: &str) {
    if !on {
        return;
    }
    typst_timing::disable();
    let mut json = Vec::new();
    if typst_timing::export_json(&mut json, |_| (String::new(), 0)).is_err() {
        return;
    }
    let events: Vec<serde_json::Value> = serde_json::from_slice(&json).unwrap_or_default();
    // typst names each pass's scope "iter (N)"; its start ("B") and end ("E") events.
    let mut begun = None;
    let mut passes = Vec::new();
    for e in &events {
        let name = e["name"].as_str().unwrap_or("");
        if !name.starts_with("iter (") {
            continue;
        }
        let ts = e["ts"].as_f64().unwrap_or(0.0);
        match e["ph"].as_str() {
            Some("B") => begun = Some(ts),
            Some("E") => {
                passes.extend(begun.take().map(|b| format!("{:.0} ms", (ts - b) / 1000.0)))
            }
            _ => {}
        }
    }
    eprintln!(
        "  {prefix}typst layout passes: {} ({})",
        passes.len(),
        passes.join(", ")
    );
}

/// Prints the memory the process holds now and at most so far (Linux), after `prefix`,
/// when `GOBOOK_TIMINGS` is set.
pub fn memory(prefix: &str) {
    if std::env::var_os("GOBOOK_TIMINGS").is_none() {
        return;
    }
    let Ok(status) = std::fs::read_to_string("/proc/self/status") else {
        return;
    };
    let mb = |key: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(key))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            .map_or(0, |kb| kb / 1024)
    };
    eprintln!(
        "  {prefix}memory: {} MB, peak {} MB",
        mb("VmRSS:"),
        mb("VmHWM:")
    );
}
