//! Interface words added after the first table (`tables::UI`), looked up by the same
//! [`super::ui`]: the e-book's landmarks and the words `serve` lays over a page. Kept in
//! their own table so that additions do not disturb the first one's fixed list.

use super::keys::UiWord;
use super::tables::Row;

/// Keys and rows, one column per language as in [`super::tables`].
pub(super) const MORE_UI: [(UiWord, Row); 5] = [
    (
        UiWord::Cover,
        [
            "Cover",
            "Umschlag",
            "Couverture",
            "表紙",
            "표지",
            "封面",
            "封面",
            "Cubierta",
            "Copertina",
            "Okładka",
            "Capa",
            "Обложка",
        ],
    ),
    (
        UiWord::Start,
        [
            "Start",
            "Beginn",
            "Début",
            "本文",
            "본문",
            "正文",
            "正文",
            "Inicio",
            "Inizio",
            "Początek",
            "Início",
            "Начало",
        ],
    ),
    (
        UiWord::GobookFailed,
        [
            "gobook hit an internal error; the page shows the last good build.",
            "gobook ist auf einen internen Fehler gestoßen; die Seite zeigt den letzten fehlerfreien Stand.",
            "gobook a rencontré une erreur interne\u{a0}; la page montre la dernière version correcte.",
            "gobook で内部エラーが発生しました。このページは最後に正しくビルドされた版です。",
            "gobook에 내부 오류가 발생했습니다. 이 페이지는 마지막으로 정상 빌드된 판입니다.",
            "gobook 发生内部错误；此页显示最后一次成功构建的版本。",
            "gobook 發生內部錯誤；此頁顯示最後一次成功建置的版本。",
            "gobook ha sufrido un error interno; la página muestra la última versión correcta.",
            "gobook ha incontrato un errore interno; la pagina mostra l’ultima versione corretta.",
            "W gobook wystąpił błąd wewnętrzny; strona pokazuje ostatnią poprawną wersję.",
            "O gobook encontrou um erro interno; a página mostra a última versão correta.",
            "В gobook произошла внутренняя ошибка; страница показывает последнюю удачную сборку.",
        ],
    ),
    (
        UiWord::BookHasErrors,
        [
            "The book has errors; the page shows the last good build.",
            "Das Buch enthält Fehler; die Seite zeigt den letzten fehlerfreien Stand.",
            "Le livre contient des erreurs\u{a0}; la page montre la dernière version correcte.",
            "本にエラーがあります。このページは最後に正しくビルドされた版です。",
            "책에 오류가 있습니다. 이 페이지는 마지막으로 정상 빌드된 판입니다.",
            "书中有错误；此页显示最后一次成功构建的版本。",
            "書中有錯誤；此頁顯示最後一次成功建置的版本。",
            "El libro tiene errores; la página muestra la última versión correcta.",
            "Il libro contiene errori; la pagina mostra l’ultima versione corretta.",
            "Książka zawiera błędy; strona pokazuje ostatnią poprawną wersję.",
            "O livro tem erros; a página mostra a última versão correta.",
            "В книге есть ошибки; страница показывает последнюю удачную сборку.",
        ],
    ),
    (
        UiWord::CloseErrors,
        [
            "Close (Esc); the errors come back with the next save",
            "Schließen (Esc); die Fehler erscheinen beim nächsten Speichern wieder",
            "Fermer (Échap)\u{a0}; les erreurs reviennent au prochain enregistrement",
            "閉じる（Esc）。次に保存するとエラーが再び表示されます",
            "닫기(Esc). 다음에 저장하면 오류가 다시 표시됩니다",
            "关闭（Esc）；下次保存时错误会再次显示",
            "關閉（Esc）；下次儲存時錯誤會再次顯示",
            "Cerrar (Esc); los errores vuelven al guardar de nuevo",
            "Chiudi (Esc); gli errori ricompaiono al prossimo salvataggio",
            "Zamknij (Esc); błędy wrócą przy następnym zapisie",
            "Fechar (Esc); os erros voltam no próximo salvamento",
            "Закрыть (Esc); ошибки вернутся при следующем сохранении",
        ],
    ),
];
