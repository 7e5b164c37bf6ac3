//! Where resolution spends its time: `cargo run --release --example resolve_prof -- BOOK`.
use std::time::Instant;
fn main() {
    let path = std::env::args().nth(1).expect("a book");
    let src = std::fs::read_to_string(&path).unwrap();
    let parsed = gobook::format::parse(&src);
    let mut d = gobook::diagnostics::Diagnostics::default();
    let links = gobook::resolve::links::link(&parsed.doc, &mut d);
    // Go data only.
    let t = Instant::now();
    let mut data: Vec<Option<gobook::resolve::godata::GoData>> = vec![None; parsed.doc.elements.len()];
    for (i, el) in parsed.doc.elements.iter().enumerate() {
        if let Some(role) = gobook::resolve::godata::Role::of(el.kind) {
            let base = links.base[i].and_then(|b| data[b].as_ref());
            data[i] = Some(gobook::resolve::godata::build(role, &el.attrs, base, links.size[i], &mut d));
        }
    }
    println!("godata {:?}", t.elapsed());
    let t = Instant::now();
    let mut n = 0;
    for (i, el) in parsed.doc.elements.iter().enumerate() {
        if let gobook::format::schema::ElementKind::Diagram(k) = el.kind {
            let gd = data[i].as_ref().unwrap();
            let base = links.base[i].and_then(|b| data[b].as_ref());
            let dia = gobook::resolve::diagram::assemble(gobook::resolve::model::DiagramRole::Block(k), &el.attrs, gd, base, Default::default());
            n += dia.moves.len();
        }
    }
    println!("assemble {:?} ({n} moves)", t.elapsed());
    let t = Instant::now();
    let r = gobook::resolve::resolve(&src, &parsed.doc, &links, &mut d);
    println!("resolve {:?} ({} diagrams)", t.elapsed(), r.book.diagrams.len());
}
