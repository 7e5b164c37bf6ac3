//! The package document (`content.opf`): metadata, the manifest of every file in
//! the book, and the spine, the reading order.

use crate::escape;
use std::fmt::Write;

/// Book metadata for the package document.
pub struct Metadata {
    /// The unique identifier (from the book ID, language and revision).
    pub identifier: String,
    /// Title.
    pub title: String,
    /// Subtitle, if any.
    pub subtitle: Option<String>,
    /// Author, if any.
    pub author: Option<String>,
    /// Publisher, if any.
    pub publisher: Option<String>,
    /// Copyright line, if any.
    pub rights: Option<String>,
    /// BCP 47 language tag.
    pub language: String,
    /// `dcterms:modified`, as `CCYY-MM-DDThh:mm:ssZ`.
    pub modified: String,
    /// Pages turn to the left (`page-progression-direction="rtl"`): vertical Japanese.
    pub rtl: bool,
}

/// One file of the publication.
pub struct Item {
    /// Manifest id (an XML name).
    pub id: String,
    /// Path relative to the package document.
    pub href: String,
    /// Media type.
    pub media_type: &'static str,
    /// Manifest properties (`nav`, `svg`, `cover-image`).
    pub properties: Vec<&'static str>,
    /// Where it stands in the spine, if it is read at all; `false` for non-linear.
    pub spine: Option<bool>,
}

/// What a reader with assistive technology can expect, for the package's metadata. No
/// conformance (`dcterms:conformsTo`) is claimed: that needs an evaluator's statement.
const ACCESSIBILITY_SUMMARY: &str =
    "Every Go diagram is an SVG image with a title (its caption) and a text \
description naming the stones on the board and the moves shown, with their numbers. Chapters \
are navigable by headings and the table of contents; the reading order follows the book; \
the text reflows and takes the reading system's fonts and colours. Problems' solutions \
follow each chapter. No flashing, sound or motion.";

/// [`ACCESSIBILITY_SUMMARY`] in the other book languages, by language tag: a reading
/// system reads it out in the book's language, so it must be written in it.
const ACCESSIBILITY_SUMMARIES: [(&str, &str); 11] = [
    ("de", "Jedes Go-Diagramm ist ein SVG-Bild mit einem Titel (seiner Bildunterschrift) und einer \
Textbeschreibung, die die Steine auf dem Brett und die gezeigten Züge mit ihren Nummern nennt. Die \
Kapitel sind über Überschriften und das Inhaltsverzeichnis erreichbar; die Lesereihenfolge folgt dem \
Buch; der Text passt sich an und übernimmt Schriften und Farben des Lesegeräts. Die Lösungen der \
Aufgaben folgen jedem Kapitel. Kein Blinken, kein Ton, keine Bewegung."),
    ("fr", "Chaque diagramme de go est une image SVG avec un titre (sa légende) et une description \
textuelle qui nomme les pierres sur le goban et les coups montrés, avec leurs numéros. On navigue \
dans les chapitres par les titres et la table des matières\u{202f}; l’ordre de lecture suit le \
livre\u{202f}; le texte se recompose et prend les polices et les couleurs de la liseuse. Les \
solutions des problèmes suivent chaque chapitre. Ni clignotement, ni son, ni animation."),
    ("ja", "碁の図はすべてSVG画像で、タイトル（図の見出し）と、盤上の石と示された手を番号とともに記した\
テキストの説明があります。章は見出しと目次で移動でき、読む順序は本の通りです。本文はリフローし、\
リーダーのフォントと色を使います。問題の解答は各章の後にあります。点滅・音・動きはありません。"),
    ("ko", "모든 바둑 그림은 제목(그림 설명)과, 판 위의 돌과 보여 주는 수를 번호와 함께 밝힌 텍스트 \
설명이 있는 SVG 이미지입니다. 장은 제목과 목차로 이동할 수 있고 읽는 순서는 책을 따릅니다. 본문은 \
리플로되며 리더의 글꼴과 색을 씁니다. 문제의 해답은 각 장 뒤에 있습니다. 깜박임, 소리, 움직임이 없습니다."),
    ("zh-Hans", "每个围棋图都是SVG图像，带有标题（图注）和文字说明，列出棋盘上的棋子和所示着手及其编号。\
可通过标题和目录浏览各章，阅读顺序与书一致；文字可重排，并使用阅读器的字体和颜色。习题的解答附在每章之后。\
无闪烁、声音或动画。"),
    ("zh-Hant", "每個圍棋圖都是SVG圖像，帶有標題（圖說）和文字說明，列出棋盤上的棋子和所示著手及其編號。\
可透過標題和目錄瀏覽各章，閱讀順序與書一致；文字可重排，並使用閱讀器的字型和顏色。習題的解答附在每章之後。\
無閃爍、聲音或動畫。"),
    ("es", "Cada diagrama de go es una imagen SVG con un título (su pie) y una descripción en texto \
que nombra las piedras del tablero y las jugadas mostradas, con sus números. Los capítulos se \
recorren por los encabezados y el índice; el orden de lectura sigue el libro; el texto se adapta y \
toma las fuentes y los colores del lector. Las soluciones de los problemas siguen a cada capítulo. \
Sin destellos, sonido ni movimiento."),
    ("it", "Ogni diagramma di go è un'immagine SVG con un titolo (la sua didascalia) e una \
descrizione testuale che nomina le pietre sul goban e le mosse mostrate, con i loro numeri. I \
capitoli si percorrono con i titoli e l'indice; l'ordine di lettura segue il libro; il testo si \
adatta e usa i caratteri e i colori del lettore. Le soluzioni dei problemi seguono ogni capitolo. \
Niente lampeggi, suoni o movimenti."),
    ("pl", "Każdy diagram go to obraz SVG z tytułem (podpisem) i opisem tekstowym, który wymienia \
kamienie na planszy i pokazane ruchy wraz z numerami. Po rozdziałach można się poruszać dzięki \
nagłówkom i spisowi treści; kolejność czytania jest kolejnością książki; tekst dopasowuje się do \
ekranu i przyjmuje czcionki i kolory czytnika. Rozwiązania zadań są po każdym rozdziale. Bez \
migania, dźwięku i ruchu."),
    ("pt", "Cada diagrama de go é uma imagem SVG com um título (a sua legenda) e uma descrição em \
texto que nomeia as pedras no tabuleiro e as jogadas mostradas, com os seus números. Os capítulos \
navegam-se pelos títulos e pelo índice; a ordem de leitura segue o livro; o texto ajusta-se e usa \
as fontes e as cores do leitor. As soluções dos problemas seguem cada capítulo. Sem piscar, som ou \
movimento."),
    ("ru", "Каждая диаграмма го — изображение SVG с заголовком (подписью) и текстовым описанием, где \
названы камни на доске и показанные ходы с их номерами. По главам можно переходить по заголовкам и \
оглавлению; порядок чтения следует книге; текст перестраивается и берёт шрифты и цвета читалки. \
Решения задач следуют за каждой главой. Без мигания, звука и движения."),
];

/// The accessibility summary in the language `tag` (English when gobook has no other).
fn accessibility_summary(tag: &str) -> &'static str {
    ACCESSIBILITY_SUMMARIES
        .iter()
        .find(|(t, _)| t.eq_ignore_ascii_case(tag))
        .map_or(ACCESSIBILITY_SUMMARY, |(_, s)| s)
}

/// Writes the package document; `spine_order` lists manifest indices in reading order.
pub fn opf(m: &Metadata, items: &[Item], spine_order: &[usize]) -> String {
    let mut o = String::with_capacity(4096);
    let _ = writeln!(o, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>");
    let _ = writeln!(
        o,
        "<package xmlns=\"http://www.idpf.org/2007/opf\" version=\"3.0\" unique-identifier=\"book-id\" xml:lang=\"{}\" prefix=\"schema: http://schema.org/\">",
        escape::attr(&m.language)
    );
    push_metadata(&mut o, m);
    push_manifest(&mut o, items);
    push_spine(&mut o, items, spine_order, m.rtl);
    let _ = writeln!(o, "</package>");
    o
}

/// The `metadata` element: the book's Dublin Core metadata, its accessibility, and the
/// program that made it.
fn push_metadata(o: &mut String, m: &Metadata) {
    let _ = writeln!(
        o,
        "<metadata xmlns:dc=\"http://purl.org/dc/elements/1.1/\">"
    );
    let _ = writeln!(
        o,
        "<dc:identifier id=\"book-id\">{}</dc:identifier>",
        escape::text(&m.identifier)
    );
    let _ = writeln!(
        o,
        "<dc:title id=\"title\">{}</dc:title>",
        escape::text(&m.title)
    );
    let _ = writeln!(
        o,
        "<meta refines=\"#title\" property=\"title-type\">main</meta>"
    );
    // A second dc:title refined as subtitle is valid, but many reading systems (and
    // epubcheck's own report) show the last title: the subtitle goes in the description.
    if let Some(s) = &m.subtitle {
        let _ = writeln!(o, "<dc:description>{}</dc:description>", escape::text(s));
    }
    if let Some(a) = &m.author {
        let _ = writeln!(
            o,
            "<dc:creator id=\"author\">{}</dc:creator>",
            escape::text(a)
        );
        let _ = writeln!(
            o,
            "<meta refines=\"#author\" property=\"role\" scheme=\"marc:relators\">aut</meta>"
        );
    }
    if let Some(p) = &m.publisher {
        let _ = writeln!(o, "<dc:publisher>{}</dc:publisher>", escape::text(p));
    }
    if let Some(r) = &m.rights {
        let _ = writeln!(o, "<dc:rights>{}</dc:rights>", escape::text(r));
    }
    let _ = writeln!(
        o,
        "<dc:language>{}</dc:language>",
        escape::text(&m.language)
    );
    let _ = writeln!(
        o,
        "<meta property=\"dcterms:modified\">{}</meta>",
        escape::text(&m.modified)
    );
    push_accessibility(o, &m.language);
    let _ = writeln!(
        o,
        "<meta name=\"generator\" content=\"gobook {}\"/>",
        env!("CARGO_PKG_VERSION")
    );
    let _ = writeln!(o, "</metadata>");
}

/// The accessibility metadata (schema.org), with the summary in the book's language `tag`.
fn push_accessibility(o: &mut String, tag: &str) {
    // Accessibility: diagrams are SVG with a title and a text description of the position.
    for (p, v) in [
        ("schema:accessMode", "textual"),
        ("schema:accessMode", "visual"),
        ("schema:accessModeSufficient", "textual,visual"),
        ("schema:accessModeSufficient", "textual"),
        ("schema:accessibilityFeature", "structuralNavigation"),
        ("schema:accessibilityFeature", "tableOfContents"),
        ("schema:accessibilityFeature", "readingOrder"),
        ("schema:accessibilityFeature", "alternativeText"),
        ("schema:accessibilityFeature", "longDescription"),
        ("schema:accessibilityFeature", "displayTransformability"),
        ("schema:accessibilityHazard", "none"),
    ] {
        let _ = writeln!(o, "<meta property=\"{p}\">{v}</meta>");
    }
    let _ = writeln!(
        o,
        "<meta property=\"schema:accessibilitySummary\">{}</meta>",
        escape::text(accessibility_summary(tag))
    );
}

/// The `manifest`: every file of the publication.
fn push_manifest(o: &mut String, items: &[Item]) {
    let _ = writeln!(o, "<manifest>");
    for it in items {
        let props = if it.properties.is_empty() {
            String::new()
        } else {
            format!(" properties=\"{}\"", it.properties.join(" "))
        };
        let _ = writeln!(
            o,
            "<item id=\"{}\" href=\"{}\" media-type=\"{}\"{props}/>",
            escape::attr(&it.id),
            escape::attr(&escape::url::path(&it.href)),
            it.media_type
        );
    }
    let _ = writeln!(o, "</manifest>");
}

/// The `spine`: the files read, in reading order (`spine_order`, manifest indices).
fn push_spine(o: &mut String, items: &[Item], spine_order: &[usize], rtl: bool) {
    let direction = if rtl {
        " page-progression-direction=\"rtl\""
    } else {
        ""
    };
    let _ = writeln!(o, "<spine{direction}>");
    for &i in spine_order {
        let linear = if items[i].spine == Some(false) {
            " linear=\"no\""
        } else {
            ""
        };
        let _ = writeln!(
            o,
            "<itemref idref=\"{}\"{linear}/>",
            escape::attr(&items[i].id)
        );
    }
    let _ = writeln!(o, "</spine>");
}

/// The media type of a file by its extension, for the types EPUB readers must support.
pub fn media_type(path: &str) -> Option<&'static str> {
    if let Some(kind) = crate::project::images::ImageKind::of_name(path) {
        return Some(kind.media_type());
    }
    let ext = path.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase())?;
    Some(match ext.as_str() {
        "css" => "text/css",
        "xhtml" => "application/xhtml+xml",
        _ => return None,
    })
}

/// A date and time in seconds since 1970 as `CCYY-MM-DDThh:mm:ssZ` (UTC).
pub fn utc_timestamp(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    // Howard Hinnant's days-to-civil algorithm.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_are_utc_calendar_dates() {
        assert_eq!(utc_timestamp(0), "1970-01-01T00:00:00Z");
        assert_eq!(utc_timestamp(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(utc_timestamp(1_700_000_000), "2023-11-14T22:13:20Z");
    }
}
