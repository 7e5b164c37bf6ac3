//! Checks a parsed document against the spec: element order, known elements and
//! attributes, value types (with the board size each element really has),
//! inline markup and links. Unknown things are warnings and are kept.

use crate::diagnostics::{Code, Diagnostics};
use crate::format::inline::{self, Inline};
use crate::format::links::{self, Links};
use crate::format::schema::{self, AttrSpec, DiagramKind, ElementKind, Host, ValueType};
use crate::format::syntax::{Attribute, Document, Element, Span};
use crate::format::values::{self, ValueError};

/// Validates `doc`, given its links.
pub fn validate(doc: &Document, links: &Links, diags: &mut Diagnostics) {
    check_book_first(doc, diags);
    for (i, el) in doc.elements.iter().enumerate() {
        check_element(doc, links, i, el, diags);
    }
}

fn check_book_first(doc: &Document, diags: &mut Diagnostics) {
    let mut seen_content = false;
    let mut book_seen = false;
    for el in &doc.elements {
        match el.kind {
            ElementKind::Comment => {}
            ElementKind::Book if book_seen => {
                diags.error(
                    el.name_span,
                    Code::BookTwice,
                    "a file holds one book: this second `::book` must go",
                );
            }
            ElementKind::Book if seen_content => {
                diags.error(
                    el.name_span,
                    Code::BookNotFirst,
                    "`::book` must be the first element of the file",
                );
                book_seen = true;
            }
            ElementKind::Book => book_seen = true,
            _ => seen_content = true,
        }
    }
    if !book_seen {
        let span = doc
            .elements
            .first()
            .map(|e| Span::new(e.span.start as usize, e.span.start as usize))
            .unwrap_or_default();
        diags.error(span, Code::NoBook, "the file must start with a `::book` element, e.g. `::book(#my-book) title=\"My Book\"`");
    }
}

/// For an unknown element checked as the Go element it misspells: what the check does meanwhile.
fn meant_note(el: &Element) -> String {
    let meant = el.kind.checked_as(&el.name);
    if meant == el.kind {
        return String::new();
    }
    let meant_name = schema::ELEMENT_NAMES
        .iter()
        .find(|n| ElementKind::from_name(n) == meant)
        .unwrap_or(&"?");
    format!(" (meanwhile checked as a `::{meant_name}`, so what follows starts from its position)")
}

fn check_element(doc: &Document, links: &Links, i: usize, el: &Element, diags: &mut Diagnostics) {
    match el.kind {
        ElementKind::Unknown if !el.name.is_empty() => diags.warning(
            el.name_span,
            Code::UnknownElement,
            format!(
                "`::{}` is not an element of the gobook format; it is kept but not shown{}{}",
                el.name,
                meant_note(el),
                crate::suggest::closest(
                    &el.name,
                    schema::ELEMENT_NAMES
                        .iter()
                        .chain(schema::LANGUAGES)
                        .copied()
                )
                .map(|n| format!("; did you mean `::{n}`?"))
                .unwrap_or_default()
            ),
        ),
        ElementKind::Comment => {
            if let Some(a) = el.attrs.first() {
                diags.error(
                    a.name_span,
                    Code::CommentAttributes,
                    "comments can't have attributes; remove `=` or the attribute",
                );
            }
            return;
        }
        _ => {}
    }
    if links.chapter[i].is_none()
        && !matches!(
            el.kind,
            ElementKind::Book | ElementKind::Comment | ElementKind::Unknown
        )
    {
        diags.warning(
            el.name_span,
            Code::OutsideChapter,
            "this element comes before the first `::chapter`; start a chapter first",
        );
    }
    let size = links.size[i];
    if links::is_clone(el) {
        check_clone_attrs(links, el, size, diags);
    } else {
        check_attrs(links, Host::Element(el.kind), &el.attrs, size, diags);
    }
    if el.kind.is_go_data() && el.attr("mv").is_some() && el.attr("to").is_some() {
        let a = el.attr("to").expect("checked");
        diags.error(
            a.name_span,
            Code::MvAndTo,
            "`mv` and `to` can't be used together: give the moves, or a range of the base's moves",
        );
    }
    if el.kind == ElementKind::Include && el.attr("url").is_none() {
        include_without_url(el, diags);
    }
    if el.kind == ElementKind::Chapter {
        if let Some(id) = &el.id {
            check_page_id(&id.name, id.span, diags);
        }
    }
    if let Some(v) = &el.value {
        match el.kind {
            ElementKind::Go => diags.warning(
                v.span,
                Code::GoText,
                "Go data shows no text; this text is ignored",
            ),
            ElementKind::Book | ElementKind::Chapter | ElementKind::Include | ElementKind::Buy => {
                diags.warning(
                    v.span,
                    Code::IgnoredText,
                    format!(
                        "`::{}` shows no text; put an empty line before text meant as a paragraph",
                        el.name
                    ),
                )
            }
            ElementKind::Comment | ElementKind::Unknown => {}
            _ => {
                let parts = inline::parse(v, diags);
                check_inlines(doc, links, i, &parts, diags);
            }
        }
    }
}

/// A clone's attributes: its own are checked as any diagram's; an unknown one is warned of
/// as such, once; any other a diagram takes says what the board shows, which is the
/// original's, so it is ignored with a warning (and its value is not checked).
fn check_clone_attrs(links: &Links, el: &Element, size: u8, diags: &mut Diagnostics) {
    let host = Host::Element(el.kind);
    let (checked, ignored): (Vec<Attribute>, Vec<Attribute>) =
        el.attrs.iter().cloned().partition(|a| {
            let base = a.base_name();
            links::CLONE_ATTRIBUTES.contains(&base)
                || matches!(schema::attr_spec(host, base), AttrSpec::Unknown)
        });
    check_attrs(links, host, &checked, size, diags);
    for a in ignored {
        diags.warning(
            a.name_span,
            Code::MisplacedAttribute,
            format!(
                "`{}` is ignored on a clone: it repeats the board, marks and answers of the diagram it names; change that diagram, or draw a new one without `clone`",
                a.name
            ),
        );
    }
}

/// A chapter's ID names its page (`ID.html`) beside the pages gobook makes itself: the
/// title page `index.html` and the contents page `contents.html` (which only the spec's
/// own `contents` chapter may be), compared ignoring case as Windows and macOS do. An ID
/// starting with `.` would make a hidden file, which many hosts do not serve.
fn check_page_id(id: &str, span: Span, diags: &mut Diagnostics) {
    if let Some(rest) = id.strip_prefix('.') {
        let better = rest.trim_start_matches('.');
        let better = if better.is_empty() {
            "chapter-1"
        } else {
            better
        };
        diags.error(
            span,
            Code::PageId,
            format!(
                "a chapter's ID names its page, and `{id}.html` would be a hidden file that many hosts do not serve: \
                 rename the chapter's ID so it does not start with `.`, e.g. `(#{better})`"
            ),
        );
    } else if id.eq_ignore_ascii_case("index") {
        diags.error(
            span,
            Code::PageId,
            format!(
                "a chapter's ID names its page, and `index.html` is the title page gobook makes: \
                 rename the chapter's ID, e.g. `(#{id}-page)`"
            ),
        );
    } else if id.eq_ignore_ascii_case("contents") && id != "contents" {
        diags.error(
            span,
            Code::PageId,
            format!(
                "a chapter's ID names its page, and `{id}.html` is `contents.html`, the table of contents, on Windows and macOS: \
                 write `(#contents)` to make this chapter the table of contents, or rename it, e.g. `(#table-of-contents)`"
            ),
        );
    }
}

fn check_inlines(
    doc: &Document,
    links: &Links,
    i: usize,
    parts: &[Inline],
    diags: &mut Diagnostics,
) {
    for part in parts {
        match part {
            Inline::Text(_) | Inline::Break(_) | Inline::Escaped(_) => {}
            Inline::Dia { attrs, content, .. } => {
                if let Some(b) = attrs.iter().find(|a| a.name == "base") {
                    links::check_inline_base(doc, links, i, b, diags);
                }
                let base = links::inline_dia_base(
                    doc,
                    links,
                    i,
                    attrs
                        .iter()
                        .find(|a| a.name == "base")
                        .map(|a| a.value.as_str()),
                );
                let size = own_size(attrs)
                    .or_else(|| base.map(|b| links.size[b]))
                    .unwrap_or(links::DEFAULT_SIZE);
                check_attrs(links, Host::InlineDia, attrs, size, diags);
                if let Some(a) = attrs.iter().find(|a| a.name == "clone") {
                    diags.error(
                        a.name_span,
                        Code::MisplacedAttribute,
                        "an inline `<dia>` cannot repeat a diagram: put `::dia clone=ID` on a line of its own",
                    );
                }
                if attrs.iter().any(|a| a.name == "mv") {
                    if let Some(a) = attrs.iter().find(|a| a.name == "to") {
                        diags.error(
                            a.name_span,
                            Code::MvAndTo,
                            "`mv` and `to` can't be used together",
                        );
                    }
                }
                check_inlines(doc, links, i, content, diags);
            }
            Inline::Link {
                attrs,
                content,
                span,
            } => {
                if !attrs.iter().any(|a| a.name == "href") {
                    diags.warning(*span, Code::LinkWithoutHref, "this link has no `href`");
                }
                check_attrs(links, Host::InlineLink, attrs, links.size[i], diags);
                check_inlines(doc, links, i, content, diags);
            }
            Inline::Img { attrs, .. } => {
                check_attrs(links, Host::InlineImg, attrs, links.size[i], diags)
            }
            Inline::Style { content, .. } => check_inlines(doc, links, i, content, diags),
        }
    }
}

fn own_size(attrs: &[Attribute]) -> Option<u8> {
    let a = attrs.iter().find(|a| a.name == "sz")?;
    let v = values::parse_int(&a.value).ok()?;
    (2..=25).contains(&v).then_some(v as u8)
}

fn host_name(host: Host) -> String {
    match host {
        Host::Element(k) => match k {
            ElementKind::Book => "the book".into(),
            ElementKind::Chapter => "a chapter".into(),
            ElementKind::Go => "Go data".into(),
            ElementKind::Diagram(_) => "a diagram".into(),
            ElementKind::Paragraph(_) => "a paragraph".into(),
            ElementKind::Img => "an image".into(),
            ElementKind::Buy => "a buy button".into(),
            ElementKind::Include => "an include".into(),
            ElementKind::Comment => "a comment".into(),
            ElementKind::Unknown => "this element".into(),
        },
        Host::InlineDia => "an inline diagram".into(),
        Host::InlineLink => "a link".into(),
        Host::InlineImg => "an image".into(),
    }
}

fn check_attrs(links: &Links, host: Host, attrs: &[Attribute], size: u8, diags: &mut Diagnostics) {
    if host == Host::Element(ElementKind::Unknown) {
        return;
    }
    for (k, a) in attrs.iter().enumerate() {
        if attrs[..k].iter().any(|b| b.name == a.name) {
            diags.warning(
                a.name_span,
                Code::DuplicateAttribute,
                format!("`{}` is given twice; the last one counts", a.name),
            );
        }
        let (base, suffix) = schema::split_langs(&a.name);
        let spec = schema::attr_spec(host, base);
        if !suffix.is_empty() {
            match spec {
                AttrSpec::Known { lang_ok: true, .. } | AttrSpec::PointText => {}
                AttrSpec::Known { .. } | AttrSpec::Label => diags.warning(
                    a.name_span,
                    Code::LanguageSuffix,
                    format!("`{base}` is not language-specific; the suffix `_{suffix}` is ignored"),
                ),
                _ => {}
            }
            for tag in suffix.split('_') {
                if !schema::is_language(tag) {
                    let fix = crate::suggest::closest(tag, schema::LANGUAGES.iter().copied())
                        .map(|l| {
                            format!(
                                "; did you mean `{}`?",
                                a.name.replacen(&format!("_{tag}"), &format!("_{l}"), 1)
                            )
                        })
                        .unwrap_or_else(|| format!(" (known: {})", schema::LANGUAGES.join(", ")));
                    diags.warning(
                        a.name_span,
                        Code::UnknownLanguage,
                        format!("`{tag}` is not a language tag{fix}"),
                    );
                }
            }
        }
        match spec {
            AttrSpec::Unknown => diags.warning(
                a.name_span,
                Code::UnknownAttribute,
                format!(
                    "`{}` is not an attribute of the gobook format; it is kept but has no effect{}",
                    a.name,
                    attribute_fix(host, a)
                ),
            ),
            AttrSpec::Misplaced => diags.warning(
                a.name_span,
                Code::MisplacedAttribute,
                format!(
                    "`{}` does not apply to {}{}; it is kept but has no effect",
                    a.name,
                    host_name(host),
                    takers(base)
                ),
            ),
            AttrSpec::Label => check_value(a, ValueType::PointList, size, diags),
            AttrSpec::PointText => {
                if let Some(p) = crate::point::Point::parse_standard(base) {
                    if !p.on_board(size) {
                        diags.error(
                            a.name_span,
                            Code::OffBoard,
                            format!("`{base}` is off the {size}x{size} board"),
                        );
                    }
                }
            }
            AttrSpec::Known { ty, .. } => {
                if matches!(base, "correct" | "wrong")
                    && !matches!(host, Host::Element(ElementKind::Diagram(DiagramKind::Prb)))
                {
                    diags.warning(
                        a.name_span,
                        Code::ProblemOnly,
                        format!("`{base}` only applies to problems (`::prb`)"),
                    );
                }
                check_value(a, ty, size, diags);
                if ty == ValueType::Href {
                    check_href(links, a, diags);
                }
            }
        }
    }
}

/// ` but to `::go`, `::fig`, ...`: the elements that do take the attribute `base`.
fn takers(base: &str) -> String {
    let names: Vec<String> = schema::ELEMENT_NAMES
        .iter()
        .filter(|n| {
            !matches!(
                schema::attr_spec(Host::Element(ElementKind::from_name(n)), base),
                AttrSpec::Misplaced | AttrSpec::Unknown
            )
        })
        .map(|n| format!("`::{n}`"))
        .collect();
    if names.is_empty() {
        String::new()
    } else {
        format!(" but to {}", names.join(", "))
    }
}

/// Names other tools give the file of an include or image.
const FILE_WORDS: &[&str] = &["file", "src", "path", "filename", "href"];

/// An include must name its file: without `url` the build has nothing to read.
fn include_without_url(el: &Element, diags: &mut Diagnostics) {
    let message = match el
        .attrs
        .iter()
        .find(|a| FILE_WORDS.contains(&a.name.as_str()))
    {
        Some(a) => format!(
            "`::include` takes its file as `url`: write `url={}` instead of `{}=`",
            quoted(&a.value),
            a.name
        ),
        None => "`::include` needs the file to include, e.g. `::include url=\"notes.md\"`".into(),
    };
    diags.error(el.name_span, Code::IncludeWithoutUrl, message);
}

/// What an unknown attribute most likely should be: a file named the way other tools
/// name it (`file=`, `src=`) is `url=`; else the closest attribute `host` takes.
fn attribute_fix(host: Host, a: &Attribute) -> String {
    let takes_url = matches!(
        host,
        Host::Element(ElementKind::Include | ElementKind::Img) | Host::InlineImg
    );
    if takes_url && FILE_WORDS.contains(&a.name.as_str()) {
        return format!(
            "; the file is given as `url=`, e.g. `url={}`",
            quoted(&a.value)
        );
    }
    let (base, _) = schema::split_langs(&a.name);
    crate::suggest::hint(base, schema::attribute_names_for(host))
}

/// A value as the writer would quote it in an example.
fn quoted(v: &str) -> String {
    format!("\"{}\"", v.replace('\\', "\\\\").replace('"', "\\\""))
}

fn check_value(a: &Attribute, ty: ValueType, size: u8, diags: &mut Diagnostics) {
    let v = a.value.as_str();
    let name = &a.name;
    let res: Result<(), ValueError> = match ty {
        ValueType::Text | ValueType::Href => Ok(()),
        ValueType::Int { min, max } => values::parse_int(v)
            .map_err(|e| ValueError {
                message: format!("`{name}` must be a whole number, found `{v}`"),
                ..e
            })
            .and_then(|n| {
                if n < min {
                    let what = if min == 1 {
                        "a positive whole number"
                    } else {
                        "a whole number of at least 0"
                    };
                    let what = if min > 1 {
                        format!("a whole number from {min} to {max}")
                    } else {
                        what.to_string()
                    };
                    Err(ValueError {
                        at: 0..v.len(),
                        message: format!("`{name}` must be {what}, found `{v}`"),
                    })
                } else if n > max {
                    Err(ValueError {
                        at: 0..v.len(),
                        message: format!("`{name}` must be from {min} to {max}, found `{v}`"),
                    })
                } else {
                    Ok(())
                }
            }),
        ValueType::Float => values::parse_float(v).map(|_| ()).map_err(|e| ValueError {
            message: format!("`{name}` must be a positive number such as 0.75, found `{v}`"),
            ..e
        }),
        ValueType::Flag => values::parse_flag(v).map(|_| ()).map_err(|e| ValueError {
            message: format!("`{name}` must be 0 or 1, found `{v}`"),
            ..e
        }),
        ValueType::Enum(opts) => {
            if opts.contains(&v) {
                Ok(())
            } else {
                Err(ValueError {
                    at: 0..v.len(),
                    message: format!("`{name}` must be one of {}, found `{v}`", opts.join(", ")),
                })
            }
        }
        ValueType::Point => values::parse_point(v, size).map(|_| ()),
        ValueType::PointList => values::parse_points(v, size).map(|_| ()),
        ValueType::PointPairs => values::parse_point_pairs(v, size).map(|_| ()),
        ValueType::Moves => values::parse_moves(v, size).map(|_| ()),
        ValueType::View => values::parse_view(v, size).map(|_| ()),
        ValueType::Sequences => values::parse_sequences(v, size).map(|_| ()),
        ValueType::IdOrNone => {
            if v.is_empty() {
                Err(ValueError {
                    at: 0..0,
                    message: format!("`{name}` needs an ID or `none`"),
                })
            } else {
                Ok(())
            }
        }
    };
    if let Err(e) = res {
        let span = value_error_span(a, &e);
        let code = if e.message.contains("off the") {
            Code::OffBoard
        } else {
            Code::BadValue
        };
        diags.error(span, code, e.message);
    }
}

/// The source span of a value error: exact for unquoted values and quoted values
/// without escapes, else the whole value.
fn value_error_span(a: &Attribute, e: &ValueError) -> Span {
    let raw_len = (a.value_span.end - a.value_span.start) as usize;
    if raw_len == a.value.len() && e.at.end <= a.value.len() {
        Span::new(
            a.value_span.start as usize + e.at.start,
            a.value_span.start as usize + e.at.end,
        )
    } else {
        a.value_span
    }
}

/// Link targets: URLs, language tags and IDs are fine; unknown IDs and other schemes are not.
fn check_href(links: &Links, a: &Attribute, diags: &mut Diagnostics) {
    match values::classify_href(&a.value) {
        values::Href::External(_) | values::Href::Language(_) => {}
        values::Href::Refused { scheme } => diags.warning(
            a.value_span,
            Code::UnsafeLink,
            format!(
                "links with `{scheme}:` are refused; use http(s):, mailto:, an ID or a language"
            ),
        ),
        values::Href::Id(v) if !links.id_exists(v) => diags.warning(
            a.value_span,
            Code::UnknownLink,
            format!(
                "no element has the ID `{v}`; the link will be disabled{}",
                crate::suggest::hint(v, links.id_names())
            ),
        ),
        values::Href::Id(_) => {}
    }
}
