use super::*;

/// The spec's standard text list (with the README's scan corrections), `^` for the player.
const SPEC_PLAYER: [(&str, &str); 31] = [
    ("tp", "^ to play."),
    ("tn", "^ to respond."),
    ("tk", "^ to kill."),
    ("tl", "^ to live."),
    ("tc", "^ to capture."),
    ("tf", "^ to fight."),
    ("tu", "^ to cut."),
    ("to", "^ to connect."),
    ("tx", "^ to extend."),
    ("tr", "^ to reduce."),
    ("ti", "^ to invade."),
    ("ta", "^ to attack."),
    ("td", "^ to defend."),
    ("te", "^ to escape."),
    ("ts", "^ to save the marked stones."),
    ("tw", "^ to win."),
    ("twf", "^ to win the fight."),
    ("twd", "^ to draw or win."),
    ("tgk", "^ to get a ko."),
    ("tgr", "^ to get the best result."),
    ("tpe", "^ to play the best endgame."),
    ("tms", "^ to make shape."),
    ("do", "What can ^ do?"),
    ("wi", "^ wins."),
    ("he", "^ has escaped."),
    ("hnk", "^ has no ko threat."),
    ("id", "^ is dead."),
    ("ia", "^ is alive."),
    ("ias", "^ is alive in sente."),
    ("iddk", "^ is dead in double ko."),
    ("iadk", "^ is alive in double ko."),
];

const SPEC_PLAIN: [(&str, &str); 7] = [
    ("fe", "False eye."),
    ("ko", "Ko."),
    ("ok", "Only ko, not good enough."),
    ("os", "Only seki, not good enough."),
    ("se", "Seki."),
    ("sn", "Snapback."),
    ("prb", "Problem"),
];

/// Every full code of the spec: `btp`, `wtp`, ..., `fe`, ..., `prb`.
fn all_codes() -> Vec<String> {
    let mut codes = Vec::new();
    for (c, _) in SPEC_PLAYER {
        codes.push(format!("b{c}"));
        codes.push(format!("w{c}"));
    }
    codes.extend(SPEC_PLAIN.iter().map(|(c, _)| c.to_string()));
    codes
}

#[test]
fn english_matches_the_spec_list_exactly() {
    for (code, text) in SPEC_PLAYER {
        assert_eq!(
            standard_text(&format!("b{code}"), "en").as_deref(),
            Some(text.replace('^', "Black").as_str())
        );
        assert_eq!(
            standard_text(&format!("w{code}"), "en").as_deref(),
            Some(text.replace('^', "White").as_str())
        );
    }
    for (code, text) in SPEC_PLAIN {
        assert_eq!(standard_text(code, "en").as_deref(), Some(text), "{code}");
    }
}

#[test]
fn the_keys_are_exactly_the_spec_codes() {
    assert_eq!(keys::PLAYER_CODES, SPEC_PLAYER.map(|(c, _)| c));
    assert_eq!(keys::PLAIN_CODES, SPEC_PLAIN.map(|(c, _)| c));
}

/// The keys of a section, sorted.
fn keys_of(map: &std::collections::HashMap<String, String>) -> Vec<&str> {
    let mut v: Vec<&str> = map.keys().map(String::as_str).collect();
    v.sort_unstable();
    v
}

/// `want`, sorted.
fn sorted<'a>(want: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let mut v: Vec<&str> = want.into_iter().collect();
    v.sort_unstable();
    v
}

/// Every language file has exactly the keys gobook looks words up by: none missing (a word
/// that would fall back to English), none extra (a misspelled key, a word never printed).
#[test]
fn every_file_has_exactly_the_keys() {
    for (i, lang) in LANGUAGES.iter().enumerate() {
        let w = words::of(i);
        let at =
            |section: &str| format!("crates/gobook-core/src/i18n/words/{lang}.toml [{section}]");
        assert_eq!(
            keys_of(&w.captions),
            sorted(CaptionWord::ALL.iter().map(|k| k.key())),
            "{}",
            at("captions")
        );
        assert_eq!(
            keys_of(&w.player_texts),
            sorted(keys::PLAYER_CODES),
            "{}",
            at("player_texts")
        );
        assert_eq!(
            keys_of(&w.plain_texts),
            sorted(keys::PLAIN_CODES),
            "{}",
            at("plain_texts")
        );
        let info = GameInfo::ALL[2..].iter().map(|k| k.key());
        assert_eq!(keys_of(&w.game_info), sorted(info), "{}", at("game_info"));
        let ui = UiWord::ALL.iter().map(|k| k.key());
        assert_eq!(keys_of(&w.ui), sorted(ui), "{}", at("ui"));
        let desc = DiagramWord::ALL.iter().map(|k| k.key());
        assert_eq!(
            keys_of(&w.description),
            sorted(desc),
            "{}",
            at("description")
        );
        assert_eq!(
            w.quotes.chars().count(),
            4,
            "{lang}.toml quotes: four marks"
        );
    }
}

/// The placeholders of a word: `{x}` names, and whether it uses `^`, `~` and `|`.
fn placeholders(s: &str) -> (Vec<char>, bool, bool) {
    let mut holes: Vec<char> = s
        .match_indices('{')
        .filter_map(|(i, _)| s[i + 1..].chars().next())
        .collect();
    holes.sort_unstable();
    holes.dedup();
    (holes, s.contains('^') || s.contains('|'), s.contains('~'))
}

/// A translated word keeps the placeholders of the English one, so that nothing the
/// sentence needs goes missing and nothing is printed literally.
#[test]
fn every_word_has_the_placeholders_of_english() {
    let en = words::of(0);
    for (i, lang) in LANGUAGES.iter().enumerate() {
        let w = words::of(i);
        let sections: [(&str, words::Section); 6] = [
            ("captions", |w| &w.captions),
            ("player_texts", |w| &w.player_texts),
            ("plain_texts", |w| &w.plain_texts),
            ("game_info", |w| &w.game_info),
            ("ui", |w| &w.ui),
            ("description", |w| &w.description),
        ];
        for (name, section) in sections {
            for (key, text) in section(w) {
                let english = &section(en)[key];
                let (holes, player, opponent) = placeholders(text);
                let (want, want_player, want_opponent) = placeholders(english);
                assert_eq!(
                    holes, want,
                    "{lang}.toml [{name}] {key} = {text:?}: the {{}} of {english:?}"
                );
                // A language may name the player where English does not, never drop it.
                assert!(
                    player || !want_player,
                    "{lang}.toml [{name}] {key} = {text:?} names no player"
                );
                assert!(
                    opponent || !want_opponent || player,
                    "{lang}.toml [{name}] {key} = {text:?}"
                );
            }
        }
    }
}

#[test]
fn every_code_has_a_text_in_every_language() {
    for lang in LANGUAGES {
        for code in all_codes() {
            let text =
                standard_text(&code, lang).unwrap_or_else(|| panic!("{code} missing in {lang}"));
            assert!(!text.trim().is_empty(), "{code} empty in {lang}");
            assert!(
                !text.contains(['^', '~', '|', '{']),
                "{code} in {lang} left a placeholder: {text}"
            );
            assert_eq!(text.trim(), text, "{code} in {lang} has stray spaces");
        }
    }
}

#[test]
fn black_and_white_texts_differ() {
    for lang in LANGUAGES {
        for (code, _) in SPEC_PLAYER {
            let b = standard_text(&format!("b{code}"), lang);
            let w = standard_text(&format!("w{code}"), lang);
            assert_ne!(b, w, "{code} in {lang}");
        }
        assert_ne!(to_play(true, lang), to_play(false, lang), "{lang}");
        assert_ne!(color_name(true, lang), color_name(false, lang), "{lang}");
    }
}

#[test]
fn player_texts_name_the_player_and_the_opponent() {
    assert_eq!(standard_text("btk", "ja").as_deref(), Some("黒先、白死。"));
    assert_eq!(standard_text("wtk", "ja").as_deref(), Some("白先、黒死。"));
    assert_eq!(standard_text("btk", "ko").as_deref(), Some("흑선 백사."));
    assert_eq!(standard_text("wtl", "cn").as_deref(), Some("白先活。"));
    assert_eq!(
        standard_text("btp", "fr").as_deref(),
        Some("À Noir de jouer.")
    );
    assert_eq!(standard_text("wtp", "de").as_deref(), Some("Weiß am Zug."));
    assert_eq!(standard_text("wtp", "ru").as_deref(), Some("Ход белых."));
    assert_eq!(
        standard_text("bdo", "po").as_deref(),
        Some("Co mogą zrobić czarne?")
    );
    assert_eq!(standard_text("se", "ko").as_deref(), Some("빅."));
    assert_eq!(standard_text("se", "tw").as_deref(), Some("雙活。"));
    assert_eq!(standard_text("fe", "ja").as_deref(), Some("欠け眼。"));
}

#[test]
fn unknown_codes_are_none() {
    for code in [
        "",
        "b",
        "w",
        "tp",
        "xtp",
        "btpx",
        "Btp",
        "btp_de",
        "app",
        "title",
        "copyright",
        "123",
        "é",
    ] {
        assert_eq!(standard_text(code, "en"), None, "{code:?}");
    }
}

#[test]
fn every_ui_key_exists_in_every_language() {
    for lang in LANGUAGES {
        for &key in UiWord::ALL {
            let text = ui(key, lang);
            assert!(!text.trim().is_empty(), "{key:?} empty in {lang}");
        }
        let move_of = ui(UiWord::MoveOf, lang);
        assert!(
            move_of.contains("{n}") && move_of.contains("{total}"),
            "{lang}: {move_of}"
        );
        for key in [UiWord::BlackMoveAt, UiWord::WhiteMoveAt] {
            let text = ui(key, lang);
            assert!(
                text.contains("{n}") && text.contains("{point}"),
                "{lang}: {text}"
            );
        }
    }
    assert_eq!(ui(UiWord::MoveOf, "en"), "Move {n} of {total}");
    assert_eq!(ui(UiWord::BlackMoveAt, "en"), "Black {n} at {point}");
    assert_eq!(ui(UiWord::WhiteMoveAt, "en"), "White {n} at {point}");
}

#[test]
fn captions_in_english() {
    assert_eq!(to_play(true, "en"), "Black to play");
    assert_eq!(to_play(false, "en"), "White to play");
    assert_eq!(move_range(51, 100, "en"), "Moves 51\u{2013}100");
    assert_eq!(move_range(51, 51, "en"), "Move 51");
    assert_eq!(gap_at("12, 18", "7", "en"), "12, 18 at 7");
    assert_eq!(gap_takes("9", "en"), "9: takes");
    assert_eq!(gap_elsewhere("2", "en"), "2: elsewhere");
    assert_eq!(gap_ko("5, 8, 11", "en"), "ko: 5, 8, 11");
    assert_eq!(gap_at("204", "a", "en"), "204 at a");
    assert_eq!(
        gap_outside("1\u{2013}3, 5", "en"),
        "1\u{2013}3, 5: outside the diagram"
    );
    assert_eq!(gap_separator("en"), "; ");
    assert_eq!(number_separator("en"), ", ");
}

#[test]
fn captions_in_every_language() {
    for lang in LANGUAGES {
        let range = move_range(51, 100, lang);
        assert!(range.contains("51\u{2013}100"), "{lang}: {range}");
        assert!(!range.contains('-'), "{lang}: {range}");
        let one = move_range(7, 7, lang);
        assert!(
            one.contains('7') && !one.contains('\u{2013}'),
            "{lang}: {one}"
        );
        for text in [to_play(true, lang), to_play(false, lang)] {
            assert!(!text.ends_with(['.', '。']), "{lang}: {text}");
            assert!(!text.contains(['^', '~', '|']), "{lang}: {text}");
        }
        let at = gap_at("12", "7", lang);
        assert!(
            at.contains("12") && at.contains('7') && !at.contains('{'),
            "{lang}: {at}"
        );
        for text in [
            gap_takes("9", lang),
            gap_elsewhere("9", lang),
            gap_ko("9", lang),
            gap_outside("9", lang),
        ] {
            assert!(text.contains('9') && !text.contains('{'), "{lang}: {text}");
        }
        assert!(!gap_separator(lang).is_empty() && !number_separator(lang).is_empty());
    }
    assert_eq!(move_range(1, 50, "ja"), "第1\u{2013}50手");
    assert_eq!(gap_separator("ja"), "、");
    assert_eq!(number_separator("cn"), "、");
}

#[test]
fn placeholders_in_moves_are_not_rescanned() {
    assert_eq!(gap_at("{t}", "7", "en"), "{t} at 7");
    assert_eq!(gap_ko("^", "en"), "ko: ^");
}

#[test]
fn unknown_language_and_ui_are_english() {
    for lang in ["ui", "", "xx", "pl", "zh", "english", "e"] {
        assert_eq!(color_name(true, lang), "Black", "{lang}");
        assert_eq!(
            standard_text("wtl", lang).as_deref(),
            Some("White to live."),
            "{lang}"
        );
        assert_eq!(to_play(true, lang), "Black to play", "{lang}");
        assert_eq!(move_range(1, 2, lang), "Moves 1\u{2013}2", "{lang}");
        assert_eq!(gap_separator(lang), "; ");
        assert_eq!(quotes(lang), ('“', '”', '‘', '’'));
        assert_eq!(quote_inner_space(lang), None);
        assert_eq!(language_name(lang), "English");
        for &key in UiWord::ALL {
            assert_eq!(ui(key, lang), ui(key, "en"), "{key:?} in {lang}");
        }
    }
}

#[test]
fn colour_names() {
    let expected = [
        ("en", "Black", "White"),
        ("de", "Schwarz", "Weiß"),
        ("fr", "Noir", "Blanc"),
        ("ja", "黒", "白"),
        ("ko", "흑", "백"),
        ("cn", "黑", "白"),
        ("tw", "黑", "白"),
        ("es", "Negro", "Blanco"),
        ("it", "Nero", "Bianco"),
        ("pt", "Preto", "Branco"),
    ];
    for (lang, b, w) in expected {
        assert_eq!(
            (color_name(true, lang), color_name(false, lang)),
            (b, w),
            "{lang}"
        );
    }
}

#[test]
fn quotes_and_names() {
    assert_eq!(quotes("de"), ('„', '“', '‚', '‘'));
    assert_eq!(quotes("fr"), ('«', '»', '‹', '›'));
    assert_eq!(quote_inner_space("fr"), Some('\u{202F}'));
    assert_eq!(quotes("ja"), ('「', '」', '『', '』'));
    assert_eq!(quotes("tw"), ('「', '」', '『', '』'));
    assert_eq!(quotes("cn"), ('“', '”', '‘', '’'));
    assert_eq!(quotes("ru"), ('«', '»', '„', '“'));
    assert_eq!(quotes("po"), ('„', '”', '‚', '’'));
    assert_eq!(quotes("es"), ('«', '»', '“', '”'));
    let names: Vec<_> = LANGUAGES.iter().map(|l| language_name(l)).collect();
    assert_eq!(
        names,
        [
            "English",
            "Deutsch",
            "Français",
            "日本語",
            "한국어",
            "简体中文",
            "繁體中文",
            "Español",
            "Italiano",
            "Polski",
            "Português",
            "Русский"
        ]
    );
    for lang in LANGUAGES {
        assert_eq!(quote_inner_space(lang).is_some(), lang == "fr");
    }
}

#[test]
fn language_codes_ignore_ascii_case() {
    assert_eq!(color_name(true, "DE"), "Schwarz");
    assert_eq!(language_name("Ja"), "日本語");
}

#[test]
fn diagram_words_exist_in_every_language_with_the_placeholders_of_english() {
    let holes = |s: &str| {
        let mut v: Vec<char> = s
            .match_indices('{')
            .filter_map(|(i, _)| s[i + 1..].chars().next())
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    for &key in DiagramWord::ALL {
        let en = diagram_word(key, "en");
        for lang in LANGUAGES {
            let w = diagram_word(key, lang);
            assert!(!w.is_empty(), "{key:?} in {lang}");
            assert_eq!(holes(w), holes(en), "{key:?} in {lang}: {w}");
        }
    }
}

#[test]
fn reader_words_exist_in_every_language() {
    for key in [
        UiWord::Cover,
        UiWord::Start,
        UiWord::BookHasErrors,
        UiWord::CloseErrors,
    ] {
        for lang in LANGUAGES {
            assert!(!ui(key, lang).is_empty(), "{key:?} in {lang}");
        }
    }
    assert_eq!(ui(UiWord::Cover, "ja"), "表紙");
}

#[test]
fn typography_of_each_language() {
    assert!(unspaced("ja") && unspaced("cn") && unspaced("tw"));
    assert!(!unspaced("ko") && !unspaced("en"));
    assert_eq!(ellipsis("ja"), "……");
    assert_eq!(ellipsis("fr"), "…");
    assert_eq!(em_dash("cn"), "——");
    assert_eq!(spaced_dash("ru"), ('\u{a0}', '—'));
    assert_eq!(spaced_dash("de"), ('\u{a0}', '–'));
    assert_eq!(spaced_dash("en"), ('\u{a0}', '–'));
    assert_eq!(space_before('?', "fr"), Some('\u{202F}'));
    assert_eq!(space_before(':', "fr"), Some('\u{a0}'));
    assert_eq!(space_before('?', "en"), None);
    assert_eq!(quotes("pt"), ('«', '»', '“', '”'));
    assert_eq!(quotes("it"), ('«', '»', '“', '”'));
}
