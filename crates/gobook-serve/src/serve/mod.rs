//! `gobook serve`: live preview. Watch the book's folder, rebuild in memory with
//! the build cache, serve the last good site, and tell open pages to reload, swap
//! their style sheet, or show the errors.

pub(crate) mod burst;
pub(crate) mod editor;
mod error;
pub(crate) mod http;
pub mod panels;
pub(crate) mod panic;
pub mod rebuild;
pub(crate) mod state;
pub(crate) mod watch;

pub use error::ServeError;
use http::{App, Signal};
use rebuild::{Outcome, Rebuilder};
use state::Shared;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::time::{Duration, Instant};
use tokio::sync::{broadcast, mpsc, watch as tokio_watch};

/// How long a client may take to send a request's headers before it is cut off, so that
/// slow or stuck connections do not pile up.
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);

/// How long after the reload signal the last rebuild's checked book is freed (milliseconds
/// of work): after the pages' requests, which then need both cores no more.
const FREE_AFTER: Duration = Duration::from_millis(100);

/// How long Ctrl-C waits for open connections to finish before stopping anyway.
const DRAIN: Duration = Duration::from_secs(5);

/// How to serve.
pub struct ServeOptions {
    /// The book file.
    pub book: PathBuf,
    /// Address to listen on.
    pub host: String,
    /// Port (0: any free port).
    pub port: u16,
    /// Print less.
    pub quiet: bool,
    /// Called once with the URL when the server listens.
    pub on_listen: Box<dyn FnOnce(&str) + Send>,
    /// `book` is a game file or a folder of games, made into the book `gobook import`
    /// would write this way at every change.
    pub games: Option<crate::game_book::Request>,
}

/// Whether a host name or address only reaches this machine.
pub fn is_loopback(host: &str) -> bool {
    host == "localhost" || host.parse::<IpAddr>().is_ok_and(|a| a.is_loopback())
}

/// Runs the server until Ctrl-C.
pub fn run(opts: ServeOptions) -> Result<(), ServeError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(ServeError::Runtime)?;
    let result = runtime.block_on(serve(opts));
    // Serving holds nothing on disk: a rebuild still running is left to end with the process.
    runtime.shutdown_background();
    result
}

fn log(quiet: bool, line: &str) {
    if !quiet {
        eprintln!("{line}");
    }
}

async fn serve(opts: ServeOptions) -> Result<(), ServeError> {
    let site = Shared::default();
    let (signals, _) = broadcast::channel::<Signal>(16);
    let (stop_tx, stop_rx) = tokio_watch::channel(false);
    let mut rebuilder = match opts.games {
        Some(request) => Rebuilder::for_games(opts.book.clone(), request),
        None => Rebuilder::new(opts.book.clone()),
    };
    let quiet = opts.quiet;

    // The first build: a broken book still gets a server, with the errors on its pages.
    apply(rebuilder.rebuild(), &site, &signals, quiet);

    let addr_host: IpAddr = if opts.host == "localhost" {
        IpAddr::from([127, 0, 0, 1])
    } else {
        opts.host
            .parse()
            .map_err(|_| ServeError::Host(opts.host.clone()))?
    };
    let listener = tokio::net::TcpListener::bind(SocketAddr::new(addr_host, opts.port))
        .await
        .map_err(|source| ServeError::Listen {
            host: opts.host.clone(),
            port: opts.port,
            source,
        })?;
    let local = listener.local_addr().map_err(ServeError::Address)?;
    let url = format!("http://{local}/");
    if !is_loopback(&opts.host) {
        eprintln!("warning: listening on {}: anyone on the network can read this book; use --host 127.0.0.1 to keep it private", opts.host);
    }
    log(
        quiet,
        &format!("Serving {} at {url} (Ctrl-C to stop)", opts.book.display()),
    );
    (opts.on_listen)(&url);

    // File events arrive on the watcher's thread; rebuilds run one at a time on a blocking thread.
    let (tx, mut rx) = mpsc::channel::<burst::Burst>(1);
    // A save between the first build and the start of the watch would go unseen: look once more.
    let _ = tx.try_send(burst::Burst::now());
    let inputs = rebuilder.inputs();
    let editor_inputs = inputs.clone();
    let _watcher = watch::watch(
        &rebuilder.book_dir(),
        move |rel| inputs.read().map_or(true, |i| i.affected_by(rel)),
        move |burst| {
            let _ = tx.try_send(burst);
        },
    )?;
    let (site2, signals2) = (site.clone(), signals.clone());
    let rebuild_task = tokio::spawn(async move {
        while let Some(burst) = rx.recv().await {
            // A rebuild catches its own panics (serve/panic.rs): the blocking task ends in
            // error only when the runtime is shutting down.
            let Ok((r, outcome, ran)) = tokio::task::spawn_blocking(move || {
                let start = Instant::now();
                let o = rebuilder.rebuild();
                (rebuilder, o, (start, Instant::now()))
            })
            .await
            else {
                eprintln!("internal error: the rebuild thread stopped; restart `gobook serve` to rebuild again");
                break;
            };
            rebuilder = r;
            let built = matches!(outcome, Outcome::Built { .. });
            apply(outcome, &site2, &signals2, quiet);
            let signalled = Instant::now();
            // Freed once the pages have reloaded, on a blocking thread, not an async worker.
            let spent = rebuilder.spent();
            tokio::spawn(async move {
                tokio::time::sleep(FREE_AFTER).await;
                let _ = tokio::task::spawn_blocking(move || drop(spent)).await;
            });
            if built && crate::timings::on() {
                eprintln!("{}", waited(burst, ran, signalled));
            }
        }
    });

    let app = App {
        site,
        signals,
        shutdown: stop_rx,
        host: opts.host.clone(),
        token: editor::new_token(),
        inputs: editor_inputs,
    };
    accept(listener, http::router(app), stop_tx, quiet).await;
    rebuild_task.abort();
    log(quiet, "Stopped.");
    Ok(())
}

/// Serves connections until Ctrl-C, then closes them gracefully, for at most `DRAIN`
/// and only until a second Ctrl-C. hyper directly, not axum::serve, for the header timeout.
async fn accept(
    listener: tokio::net::TcpListener,
    router: axum::Router,
    stop: tokio_watch::Sender<bool>,
    quiet: bool,
) {
    use hyper_util::rt::{TokioIo, TokioTimer};
    let service = hyper_util::service::TowerToHyperService::new(router);
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(HEADER_READ_TIMEOUT);
    let mut connections = tokio::task::JoinSet::new();
    let ctrl_c = tokio::signal::ctrl_c();
    tokio::pin!(ctrl_c);
    loop {
        tokio::select! {
            accepted = listener.accept() => {
                let Ok((tcp, _)) = accepted else {
                    // Out of file handles, most likely: give the open connections time to end.
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                };
                let conn = builder.serve_connection(TokioIo::new(tcp), service.clone());
                let mut stop = stop.subscribe();
                connections.spawn(async move {
                    let mut conn = std::pin::pin!(conn);
                    tokio::select! {
                        _ = conn.as_mut() => {}
                        _ = stop.changed() => {
                            conn.as_mut().graceful_shutdown();
                            let _ = conn.await;
                        }
                    }
                });
            }
            Some(_) = connections.join_next(), if !connections.is_empty() => {}
            _ = &mut ctrl_c => break,
        }
    }
    drop(listener);
    // The first Ctrl-C: end the event streams, let open requests finish; a second one quits at once.
    let _ = stop.send(true);
    let second = tokio::signal::ctrl_c();
    tokio::pin!(second);
    let deadline = tokio::time::Instant::now() + DRAIN;
    let mut told = false;
    loop {
        tokio::select! {
            done = connections.join_next() => if done.is_none() { return },
            _ = &mut second => return,
            _ = tokio::time::sleep_until(deadline) => return,
            // Event streams end at once; only a slow request makes it worth a word.
            _ = tokio::time::sleep(Duration::from_millis(300)), if !told => {
                told = true;
                log(quiet, &format!("Stopping: waiting for {} open connection(s) (Ctrl-C again to quit at once)", connections.len()));
            }
        }
    }
}

/// Where the time from a save to the signal went, for `GOBOOK_TIMINGS`: the burst of file
/// events, the wait for the rebuild thread, the rebuild (`ran`: its start and end) and
/// putting the site in place with the signal (`signalled`), each from the first event.
fn waited(burst: burst::Burst, ran: (Instant, Instant), signalled: Instant) -> String {
    let ms = |t: Instant| t.saturating_duration_since(burst.first).as_secs_f64() * 1000.0;
    format!(
        "  serve: first event 0, burst over {:.1} ms, rebuild from {:.1} to {:.1} ms, signal sent {:.1} ms",
        ms(burst.over),
        ms(ran.0),
        ms(ran.1),
        ms(signalled)
    )
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// Puts a rebuild's result in place, then tells the pages: the signal never comes before the site.
fn apply(outcome: Outcome, site: &Shared, signals: &broadcast::Sender<Signal>, quiet: bool) {
    match outcome {
        Outcome::Unchanged => {}
        Outcome::Built {
            snapshot,
            css_only,
            pages,
            diagrams,
            millis,
            warnings,
            new_warnings,
        } => {
            let old = site.get();
            let had_errors = old.overlay.is_some();
            let same_panel = old.warnings == snapshot.warnings;
            site.set(*snapshot);
            // The pages first, the terminal after: printing may wait on a slow terminal.
            let _ = signals.send(if css_only && !had_errors && same_panel {
                Signal::Css
            } else {
                Signal::Reload
            });
            // Only the new warnings: the same list after every save would bury what changed.
            // --quiet prints only errors, as for `gobook build`; the page still has the panel.
            if !quiet {
                eprint!("{new_warnings}");
            }
            let counted = match warnings {
                0 => String::new(),
                n => format!(", {n} warning{}", plural(n)),
            };
            log(
                quiet,
                &format!(
                    "Rebuilt in {millis:.0} ms ({pages} page{}, {diagrams} diagram{} redrawn{counted})",
                    plural(pages),
                    plural(diagrams)
                ),
            );
        }
        Outcome::Internal { overlay, line } => {
            eprintln!("{line}");
            site.set_overlay(Some(overlay.clone()));
            let _ = signals.send(Signal::Errors(overlay));
        }
        Outcome::Failed { overlay, terminal } => {
            eprint!("{terminal}");
            eprintln!("The book has errors; still serving the last good build.");
            site.set_overlay(Some(overlay.clone()));
            let _ = signals.send(Signal::Errors(overlay));
        }
    }
}
