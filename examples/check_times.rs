//! Times the phases of `check`: `cargo run --release --example check_times -- BOOK`.
use std::time::Instant;
fn main() {
    let path = std::env::args().nth(1).expect("a book");
    let src = std::fs::read_to_string(&path).unwrap();
    let t = Instant::now();
    let parsed = gobook::format::parse(&src);
    let t1 = t.elapsed();
    let mut d = gobook::diagnostics::Diagnostics::default();
    let t = Instant::now();
    let links = gobook::resolve::links::link(&parsed.doc, &mut d);
    let t2 = t.elapsed();
    let t = Instant::now();
    gobook::format::validate::validate(&src, &parsed.doc, &links, &mut d);
    let t3 = t.elapsed();
    let t = Instant::now();
    let r = gobook::resolve::resolve(&src, &parsed.doc, &links, &mut d);
    let t4 = t.elapsed();
    let t = Instant::now();
    gobook::resolve::text::check_all(&src, &r, &links, &mut d);
    let t5 = t.elapsed();
    println!("parse {t1:?} link {t2:?} validate {t3:?} resolve {t4:?} texts {t5:?}");
}
