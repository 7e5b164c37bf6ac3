//! `gobook serve`: live preview. Watch the book's folder, rebuild in memory with
//! the build cache, serve the last good site, and tell open pages to reload, swap
//! their style sheet, or show the errors.

pub mod http;
pub mod inputs;
pub mod rebuild;
pub mod state;
pub mod watch;

use http::{App, Signal};
use rebuild::{Outcome, Rebuilder};
use state::Shared;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use tokio::sync::{broadcast, mpsc, watch as tokio_watch};

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
}

/// Whether a host name or address only reaches this machine.
pub fn is_loopback(host: &str) -> bool {
    host == "localhost" || host.parse::<IpAddr>().is_ok_and(|a| a.is_loopback())
}

/// Runs the server until Ctrl-C.
pub fn run(opts: ServeOptions) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server: {e}"))?;
    runtime.block_on(serve(opts))
}

fn log(quiet: bool, line: &str) {
    if !quiet {
        eprintln!("{line}");
    }
}

async fn serve(opts: ServeOptions) -> Result<(), String> {
    let site = Shared::default();
    let (signals, _) = broadcast::channel::<Signal>(16);
    let (stop_tx, stop_rx) = tokio_watch::channel(false);
    let mut rebuilder = Rebuilder::new(opts.book.clone());
    let quiet = opts.quiet;

    // The first build: a broken book still gets a server, with the errors on its pages.
    apply(rebuilder.rebuild(), &site, &signals, quiet);

    let addr_host: IpAddr = if opts.host == "localhost" {
        IpAddr::from([127, 0, 0, 1])
    } else {
        opts.host.parse().map_err(|_| format!("`{}` is not an address to listen on; use e.g. 127.0.0.1", opts.host))?
    };
    let listener = tokio::net::TcpListener::bind(SocketAddr::new(addr_host, opts.port))
        .await
        .map_err(|e| format!("cannot listen on {}:{}: {e}; try another --port", opts.host, opts.port))?;
    let local = listener.local_addr().map_err(|e| e.to_string())?;
    let url = format!("http://{local}/");
    if !is_loopback(&opts.host) {
        eprintln!("warning: listening on {}: anyone on the network can read this book; use --host 127.0.0.1 to keep it private", opts.host);
    }
    log(quiet, &format!("Serving {} at {url} (Ctrl-C to stop)", opts.book.display()));
    (opts.on_listen)(&url);

    // File events arrive on the watcher's thread; rebuilds run one at a time on a blocking thread.
    let (tx, mut rx) = mpsc::channel::<()>(1);
    // A save between the first build and the start of the watch would go unseen: look once more.
    let _ = tx.try_send(());
    let inputs = rebuilder.inputs();
    let _watcher = watch::watch(
        &rebuilder.book_dir(),
        move |rel| inputs.read().map_or(true, |i| i.affected_by(rel)),
        move || {
            let _ = tx.try_send(());
        },
    )?;
    let (site2, signals2) = (site.clone(), signals.clone());
    let rebuild_task = tokio::spawn(async move {
        while rx.recv().await.is_some() {
            let (r, outcome) = tokio::task::spawn_blocking(move || {
                let o = rebuilder.rebuild();
                (rebuilder, o)
            })
            .await
            .expect("the rebuild thread does not panic");
            rebuilder = r;
            apply(outcome, &site2, &signals2, quiet);
        }
    });

    let app = App { site, signals, shutdown: stop_rx };
    let server = axum::serve(listener, http::router(app)).with_graceful_shutdown(async move {
        let _ = tokio::signal::ctrl_c().await;
        let _ = stop_tx.send(true);
    });
    server.await.map_err(|e| format!("server error: {e}"))?;
    rebuild_task.abort();
    log(quiet, "Stopped.");
    Ok(())
}

/// Puts a rebuild's result in place, then tells the pages: the signal never comes before the site.
fn apply(outcome: Outcome, site: &Shared, signals: &broadcast::Sender<Signal>, quiet: bool) {
    match outcome {
        Outcome::Unchanged => {}
        Outcome::Built { snapshot, css_only, pages, diagrams, millis } => {
            let had_errors = site.get().overlay.is_some();
            site.set(snapshot);
            log(quiet, &format!("Rebuilt in {millis:.0} ms ({pages} pages, {diagrams} diagrams redrawn)"));
            let _ = signals.send(if css_only && !had_errors { Signal::Css } else { Signal::Reload });
        }
        Outcome::Failed { overlay, terminal } => {
            eprint!("{terminal}");
            eprintln!("The book has errors; still serving the last good build.");
            site.set_overlay(Some(overlay.clone()));
            let _ = signals.send(Signal::Errors(overlay));
        }
    }
}
