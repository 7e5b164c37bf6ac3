//! The words themselves: one row per text, one column per language, in the order of
//! [`super::LANGUAGES`]: en de fr ja ko cn tw es it po pt ru.
//!
//! Templates use `^` for the player's colour word and `~` for the opponent's (both as
//! [`super::color_name`] gives them). Where a language bends the colour word (Russian
//! "Ход чёрных", Polish "Co mogą zrobić czarne?"), the template holds the two finished
//! sentences as `black|white` instead. Other placeholders: `{m}` moves, `{t}` target,
//! `{a}`/`{b}` the first and last move number.
//!
//! French follows French typography: a no-break space (U+00A0) before `:` and a narrow
//! no-break space (U+202F) before `?` and `;`.

/// A row of the table: one string per language.
pub(super) type Row = [&'static str; 12];

/// Colour words, capitalised as at the start of a sentence: (black, white).
pub(super) const COLORS: [(&str, &str); 12] = [
    ("Black", "White"),
    ("Schwarz", "Weiß"),
    ("Noir", "Blanc"),
    ("黒", "白"),
    ("흑", "백"),
    ("黑", "白"),
    ("黑", "白"),
    ("Negro", "Blanco"),
    ("Nero", "Bianco"),
    // Polish and Russian Go literature speaks of the stones in the plural.
    ("Czarne", "Białe"),
    ("Preto", "Branco"),
    ("Чёрные", "Белые"),
];

/// Standard texts that name a player (`#btp#`, `#wtk#`, ...): code without the colour letter.
pub(super) const PLAYER_TEXTS: [(&str, Row); 31] = [
    ("tp", [
        "^ to play.", "^ am Zug.", "À ^ de jouer.", "^番です。", "^ 차례입니다.", "^先。", "^先。",
        "Juega ^.", "Tocca al Nero.|Tocca al Bianco.", "Ruch czarnych.|Ruch białych.", "^ joga.",
        "Ход чёрных.|Ход белых.",
    ]),
    ("tn", [
        "^ to respond.", "^ antwortet.", "À ^ de répondre.", "^番、どう応じますか。", "^ 차례, 응수하세요.",
        "^如何应对？", "^如何應對？", "^ responde.", "^ risponde.", "^ odpowiadają.", "^ responde.", "^ отвечают.",
    ]),
    ("tk", [
        "^ to kill.", "^ zieht und tötet.", "^ joue et tue.", "^先、~死。", "^선 ~사.", "^先~死。", "^先~死。",
        "^ juega y mata.", "^ gioca e uccide.", "^ zaczynają i zabijają.", "^ joga e mata.",
        "^ начинают и убивают.",
    ]),
    ("tl", [
        "^ to live.", "^ zieht und lebt.", "^ joue et vit.", "^先、活き。", "^선 활.", "^先活。", "^先活。",
        "^ juega y vive.", "^ gioca e vive.", "^ zaczynają i żyją.", "^ joga e vive.",
        "^ начинают и живут.",
    ]),
    ("tc", [
        "^ to capture.", "^ zieht und fängt.", "^ joue et capture.", "^番、石を取ってください。",
        "^ 차례, 돌을 잡으세요.", "^先吃子。", "^先吃子。", "^ juega y captura.", "^ gioca e cattura.",
        "^ zaczynają i zbijają.", "^ joga e captura.", "^ начинают и захватывают камни.",
    ]),
    ("tf", [
        "^ to fight.", "^ zieht und kämpft.", "^ joue et se bat.", "^番、戦ってください。", "^ 차례, 싸우세요.",
        "^先作战。", "^先作戰。", "^ juega y lucha.", "^ gioca e combatte.", "^ zaczynają i walczą.",
        "^ joga e luta.", "^ начинают и борются.",
    ]),
    ("tu", [
        "^ to cut.", "^ zieht und schneidet.", "^ joue et coupe.", "^番、切ってください。", "^ 차례, 끊으세요.",
        "^先切断。", "^先切斷。", "^ juega y corta.", "^ gioca e taglia.", "^ zaczynają i przecinają.",
        "^ joga e corta.", "^ начинают и разрезают.",
    ]),
    ("to", [
        "^ to connect.", "^ zieht und verbindet.", "^ joue et connecte.", "^番、つないでください。",
        "^ 차례, 연결하세요.", "^先连接。", "^先連接。", "^ juega y conecta.", "^ gioca e connette.",
        "^ zaczynają i łączą.", "^ joga e conecta.", "^ начинают и соединяются.",
    ]),
    ("tx", [
        "^ to extend.", "^ zieht und dehnt sich aus.", "^ joue et s’étend.", "^番、伸びてください。",
        "^ 차례, 뻗으세요.", "^先延伸。", "^先延伸。", "^ juega y se extiende.", "^ gioca e si estende.",
        "^ zaczynają i przedłużają.", "^ joga e estende.", "^ начинают и вытягиваются.",
    ]),
    ("tr", [
        "^ to reduce.", "^ zieht und reduziert.", "^ joue et réduit.", "^番、消してください。",
        "^ 차례, 삭감하세요.", "^先浅消。", "^先淺消。", "^ juega y reduce.", "^ gioca e riduce.",
        "^ zaczynają i redukują.", "^ joga e reduz.", "^ начинают и сокращают территорию.",
    ]),
    ("ti", [
        "^ to invade.", "^ zieht und dringt ein.", "^ joue et envahit.", "^番、打ち込んでください。",
        "^ 차례, 침입하세요.", "^先打入。", "^先打入。", "^ juega e invade.", "^ gioca e invade.",
        "^ zaczynają i dokonują inwazji.", "^ joga e invade.", "^ начинают и вторгаются.",
    ]),
    ("ta", [
        "^ to attack.", "^ zieht und greift an.", "^ joue et attaque.", "^番、攻めてください。",
        "^ 차례, 공격하세요.", "^先攻击。", "^先攻擊。", "^ juega y ataca.", "^ gioca e attacca.",
        "^ zaczynają i atakują.", "^ joga e ataca.", "^ начинают и атакуют.",
    ]),
    ("td", [
        "^ to defend.", "^ zieht und verteidigt.", "^ joue et se défend.", "^番、守ってください。",
        "^ 차례, 지키세요.", "^先防守。", "^先防守。", "^ juega y se defiende.", "^ gioca e si difende.",
        "^ zaczynają i bronią się.", "^ joga e se defende.", "^ начинают и защищаются.",
    ]),
    ("te", [
        "^ to escape.", "^ zieht und entkommt.", "^ joue et s’échappe.", "^番、逃げ出してください。",
        "^ 차례, 탈출하세요.", "^先逃出。", "^先逃出。", "^ juega y escapa.", "^ gioca e fugge.",
        "^ zaczynają i uciekają.", "^ joga e escapa.", "^ начинают и убегают.",
    ]),
    ("ts", [
        "^ to save the marked stones.", "^ zieht und rettet die markierten Steine.",
        "^ joue et sauve les pierres marquées.", "^番、印の石を助けてください。",
        "^ 차례, 표시된 돌을 살리세요.", "^先救出标记的棋子。", "^先救出標記的棋子。",
        "^ juega y salva las piedras marcadas.", "^ gioca e salva le pietre segnate.",
        "^ zaczynają i ratują oznaczone kamienie.", "^ joga e salva as pedras marcadas.",
        "^ начинают и спасают отмеченные камни.",
    ]),
    ("tw", [
        "^ to win.", "^ zieht und gewinnt.", "^ joue et gagne.", "^番、勝ってください。", "^ 차례, 이기세요.",
        "^先胜。", "^先勝。", "^ juega y gana.", "^ gioca e vince.", "^ zaczynają i wygrywają.",
        "^ joga e vence.", "^ начинают и выигрывают.",
    ]),
    ("twf", [
        "^ to win the fight.", "^ zieht und gewinnt den Kampf.", "^ joue et gagne le combat.",
        "^番、戦いに勝ってください。", "^ 차례, 싸움에서 이기세요.", "^先赢得战斗。", "^先贏得戰鬥。",
        "^ juega y gana la lucha.", "^ gioca e vince il combattimento.", "^ zaczynają i wygrywają walkę.",
        "^ joga e vence a luta.", "^ начинают и выигрывают борьбу.",
    ]),
    ("twd", [
        "^ to draw or win.", "^ zieht und gewinnt oder erreicht ein Remis.",
        "^ joue et gagne ou fait match nul.", "^番、引き分け以上にしてください。",
        "^ 차례, 비기거나 이기세요.", "^先至少和棋。", "^先至少和棋。", "^ juega y gana o empata.",
        "^ gioca e vince o pareggia.", "^ zaczynają i wygrywają lub remisują.",
        "^ joga e vence ou empata.", "^ начинают и выигрывают или делают ничью.",
    ]),
    ("tgk", [
        "^ to get a ko.", "^ zieht und erreicht ein Ko.", "^ joue et obtient un ko.", "^先、コウ。", "^선 패.",
        "^先劫。", "^先劫。", "^ juega y consigue un ko.", "^ gioca e ottiene un ko.",
        "^ zaczynają i uzyskują ko.", "^ joga e consegue um ko.", "^ начинают и получают ко.",
    ]),
    ("tgr", [
        "^ to get the best result.", "^ zieht und erzielt das beste Ergebnis.",
        "^ joue et obtient le meilleur résultat.", "^番、最善の結果を求めてください。",
        "^ 차례, 최선의 결과를 얻으세요.", "^先，求最佳结果。", "^先，求最佳結果。",
        "^ juega y obtiene el mejor resultado.", "^ gioca e ottiene il miglior risultato.",
        "^ zaczynają i uzyskują najlepszy wynik.", "^ joga e obtém o melhor resultado.",
        "^ начинают и добиваются лучшего результата.",
    ]),
    ("tpe", [
        "^ to play the best endgame.", "^ zieht und spielt das beste Endspiel.",
        "^ joue la meilleure fin de partie.", "^番、最善のヨセを打ってください。",
        "^ 차례, 최선의 끝내기를 하세요.", "^先，走出最佳官子。", "^先，走出最佳官子。",
        "^ juega el mejor final.", "^ gioca il miglior finale.", "^ zaczynają i grają najlepszą końcówkę.",
        "^ joga o melhor final.", "^ начинают и играют ёсэ наилучшим образом.",
    ]),
    ("tms", [
        "^ to make shape.", "^ zieht und macht gute Form.", "^ joue et fait une bonne forme.",
        "^番、形を整えてください。", "^ 차례, 좋은 모양을 만드세요.", "^先整形。", "^先整形。",
        "^ juega y hace buena forma.", "^ gioca e fa una buona forma.",
        "^ zaczynają i budują dobry kształt.", "^ joga e faz boa forma.",
        "^ начинают и строят хорошую форму.",
    ]),
    ("do", [
        "What can ^ do?", "Was kann ^ tun?", "Que peut faire ^\u{202F}?", "^はどう打ちますか？",
        "^은 어떤 수가 있을까요?", "^有什么手段？", "^有什麼手段？", "¿Qué puede hacer ^?",
        "Che cosa può fare ^?", "Co mogą zrobić czarne?|Co mogą zrobić białe?", "O que ^ pode fazer?",
        "Что могут сделать чёрные?|Что могут сделать белые?",
    ]),
    ("wi", [
        "^ wins.", "^ gewinnt.", "^ gagne.", "^の勝ちです。", "^이 이깁니다.", "^胜。", "^勝。", "^ gana.",
        "^ vince.", "^ wygrywają.", "^ vence.", "^ выигрывают.",
    ]),
    ("he", [
        "^ has escaped.", "^ ist entkommen.", "^ s’est échappé.", "^は脱出しました。", "^이 탈출했습니다.",
        "^已逃出。", "^已逃出。", "^ ha escapado.", "^ è fuggito.", "^ uciekły.", "^ escapou.", "^ убежали.",
    ]),
    ("hnk", [
        "^ has no ko threat.", "^ hat keine Ko-Drohung.", "^ n’a pas de menace de ko.",
        "^にはコウ材がありません。", "^은 팻감이 없습니다.", "^没有劫材。", "^沒有劫材。",
        "^ no tiene amenazas de ko.", "^ non ha minacce di ko.", "^ nie mają groźby ko.",
        "^ não tem ameaças de ko.", "У чёрных нет угроз ко.|У белых нет угроз ко.",
    ]),
    ("id", [
        "^ is dead.", "^ ist tot.", "^ est mort.", "^は死んでいます。", "^은 죽었습니다.", "^棋已死。", "^棋已死。",
        "^ está muerto.", "^ è morto.", "^ są martwe.", "^ está morto.", "^ мертвы.",
    ]),
    ("ia", [
        "^ is alive.", "^ lebt.", "^ est vivant.", "^は活きています。", "^은 살았습니다.", "^棋已活。", "^棋已活。",
        "^ está vivo.", "^ è vivo.", "^ żyją.", "^ está vivo.", "^ живы.",
    ]),
    ("ias", [
        "^ is alive in sente.", "^ lebt in Vorhand.", "^ est vivant en sente.", "^は先手で活きています。",
        "^은 선수로 살았습니다.", "^棋先手活。", "^棋先手活。", "^ está vivo en sente.", "^ è vivo in sente.",
        "^ żyją w sente.", "^ está vivo em sente.", "^ живы в сэнтэ.",
    ]),
    ("iddk", [
        "^ is dead in double ko.", "^ ist durch Doppel-Ko tot.", "^ est mort par double ko.",
        "^は両コウで死んでいます。", "^은 양패로 죽었습니다.", "^棋双劫死。", "^棋雙劫死。",
        "^ está muerto por doble ko.", "^ è morto per doppio ko.", "^ są martwe w podwójnym ko.",
        "^ está morto por duplo ko.", "^ мертвы из-за двойного ко.",
    ]),
    ("iadk", [
        "^ is alive in double ko.", "^ lebt durch Doppel-Ko.", "^ est vivant par double ko.",
        "^は両コウで活きています。", "^은 양패로 살았습니다.", "^棋双劫活。", "^棋雙劫活。",
        "^ está vivo por doble ko.", "^ è vivo per doppio ko.", "^ żyją w podwójnym ko.",
        "^ está vivo por duplo ko.", "^ живы благодаря двойному ко.",
    ]),
];

/// Standard texts without a player.
pub(super) const PLAIN_TEXTS: [(&str, Row); 7] = [
    ("fe", [
        "False eye.", "Falsches Auge.", "Faux œil.", "欠け眼。", "옥집.", "假眼。", "假眼。", "Ojo falso.",
        "Occhio falso.", "Fałszywe oko.", "Olho falso.", "Ложный глаз.",
    ]),
    ("ko", ["Ko.", "Ko.", "Ko.", "コウ。", "패.", "劫。", "劫。", "Ko.", "Ko.", "Ko.", "Ko.", "Ко."]),
    ("ok", [
        "Only ko, not good enough.", "Nur Ko, nicht gut genug.", "Seulement un ko, insuffisant.",
        "コウにしかならず、不十分です。", "패일 뿐, 충분하지 않습니다.", "只是劫，不够好。", "只是劫，不夠好。",
        "Solo ko, no es suficiente.", "Solo ko, non basta.", "Tylko ko, to za mało.",
        "Só ko, não é suficiente.", "Только ко, этого недостаточно.",
    ]),
    ("os", [
        "Only seki, not good enough.", "Nur Seki, nicht gut genug.", "Seulement seki, insuffisant.",
        "セキにしかならず、不十分です。", "빅일 뿐, 충분하지 않습니다.", "只是双活，不够好。", "只是雙活，不夠好。",
        "Solo seki, no es suficiente.", "Solo seki, non basta.", "Tylko seki, to za mało.",
        "Só seki, não é suficiente.", "Только сэки, этого недостаточно.",
    ]),
    ("se", ["Seki.", "Seki.", "Seki.", "セキ。", "빅.", "双活。", "雙活。", "Seki.", "Seki.", "Seki.", "Seki.", "Сэки."]),
    // German Go calls it "Mausefalle"; the Romance languages and Polish use the English
    // word, Russian the Japanese one.
    ("sn", [
        "Snapback.", "Mausefalle.", "Snapback.", "ウッテガエシ。", "환격.", "倒扑。", "倒撲。", "Snapback.",
        "Snapback.", "Snapback.", "Snapback.", "Уттэгаэси.",
    ]),
    ("prb", [
        "Problem", "Aufgabe", "Problème", "問題", "문제", "习题", "習題", "Problema", "Problema", "Zadanie",
        "Problema", "Задача",
    ]),
];

/// Caption for showToPlay (no final period).
pub(super) const TO_PLAY: Row = [
    "^ to play", "^ am Zug", "À ^ de jouer", "^番", "^ 차례", "^先", "^先", "Juega ^",
    "Tocca al Nero|Tocca al Bianco", "Ruch czarnych|Ruch białych", "^ joga", "Ход чёрных|Ход белых",
];

/// Caption for showFromTo with several moves (`{a}`–`{b}`).
pub(super) const MOVES: Row = [
    "Moves {a}–{b}", "Züge {a}–{b}", "Coups {a}–{b}", "第{a}–{b}手", "{a}–{b}수", "第{a}–{b}手", "第{a}–{b}手",
    "Jugadas {a}–{b}", "Mosse {a}–{b}", "Ruchy {a}–{b}", "Jogadas {a}–{b}", "Ходы {a}–{b}",
];

/// Caption for showFromTo with a single move.
pub(super) const MOVE: Row = [
    "Move {a}", "Zug {a}", "Coup {a}", "第{a}手", "{a}수", "第{a}手", "第{a}手", "Jugada {a}", "Mossa {a}", "Ruch {a}",
    "Jogada {a}", "Ход {a}",
];

/// Gap caption: moves played on the point of an earlier move.
pub(super) const GAP_AT: Row = [
    "{m} at {t}", "{m} auf {t}", "{m} en {t}", "{m}は{t}", "{t}의 곳: {m}", "{m}在{t}位", "{m}在{t}位", "{m} en {t}",
    "{m} in {t}", "{m} w miejscu {t}", "{m} em {t}", "{m} на месте {t}",
];

/// Gap caption: a move that captures (typically a ko).
pub(super) const GAP_TAKES: Row = [
    "{m}: takes", "{m}: schlägt", "{m}\u{A0}: prend", "{m}：取る", "{m}: 따냄", "{m}：提", "{m}：提", "{m}: captura",
    "{m}: cattura", "{m}: zbija", "{m}: captura", "{m}: взятие",
];

/// Gap caption: a move that connects where stones were captured.
pub(super) const GAP_CONNECTS: Row = [
    "{m}: connects", "{m}: verbindet", "{m}\u{A0}: connecte", "{m}：ツグ", "{m}: 이음", "{m}：粘", "{m}：粘",
    "{m}: conecta", "{m}: connette", "{m}: łączy", "{m}: conecta", "{m}: соединение",
];

/// Gap caption: a move played outside the diagram (tenuki).
pub(super) const GAP_ELSEWHERE: Row = [
    "{m}: elsewhere", "{m}: woanders", "{m}\u{A0}: ailleurs", "{m}：手抜き", "{m}: 손뺌", "{m}：脱先", "{m}：脫先",
    "{m}: en otro lugar", "{m}: altrove", "{m}: gdzie indziej", "{m}: em outro lugar", "{m}: в другом месте",
];

/// Gap caption: ko captures on the same point.
pub(super) const GAP_KO: Row = [
    "ko: {m}", "Ko: {m}", "ko\u{A0}: {m}", "コウ：{m}", "패: {m}", "劫：{m}", "劫：{m}", "ko: {m}", "ko: {m}",
    "ko: {m}", "ko: {m}", "ко: {m}",
];

/// Between gap items on one caption line.
pub(super) const GAP_SEPARATOR: Row = [
    "; ", "; ", "\u{202F}; ", "、", "; ", "；", "；", "; ", "; ", "; ", "; ", "; ",
];

/// Between numbers in a list. Japanese lists move numbers with the nakaguro, as game
/// records do, which keeps "、" free to separate the gap items.
pub(super) const NUMBER_SEPARATOR: Row = [
    ", ", ", ", ", ", "・", ", ", "、", "、", ", ", ", ", ", ", ", ", ", ",
];

/// Quotation marks: (open double, close double, open single, close single).
///
/// Simplified Chinese uses “ ” ‘ ’: that is what GB/T 15834-2011 prescribes for
/// horizontal text, and books from the mainland print them; corner brackets are the
/// norm in Taiwan (and for vertical text), so `tw` gets 「」『』 like Japanese.
pub(super) const QUOTES: [(char, char, char, char); 12] = [
    ('“', '”', '‘', '’'),
    ('„', '“', '‚', '‘'),
    ('«', '»', '‹', '›'),
    ('「', '」', '『', '』'),
    ('“', '”', '‘', '’'),
    ('“', '”', '‘', '’'),
    ('「', '」', '『', '』'),
    ('«', '»', '“', '”'),
    ('«', '»', '“', '”'),
    ('„', '”', '‚', '’'),
    ('“', '”', '‘', '’'),
    ('«', '»', '„', '“'),
];

/// Each language's name for itself.
pub(super) const LANGUAGE_NAMES: Row = [
    "English", "Deutsch", "Français", "日本語", "한국어", "简体中文", "繁體中文", "Español", "Italiano", "Polski",
    "Português", "Русский",
];

/// Words of the website's interface.
pub(super) const UI: [(&str, Row); 29] = [
    ("contents", [
        "Contents", "Inhalt", "Sommaire", "目次", "목차", "目录", "目錄", "Índice", "Indice", "Spis treści", "Índice",
        "Содержание",
    ]),
    ("previous", [
        "Previous", "Zurück", "Précédent", "前へ", "이전", "上一页", "上一頁", "Anterior", "Precedente", "Poprzednia",
        "Anterior", "Назад",
    ]),
    ("next", [
        "Next", "Weiter", "Suivant", "次へ", "다음", "下一页", "下一頁", "Siguiente", "Successivo", "Następna",
        "Próximo", "Далее",
    ]),
    ("show_hint", [
        "Show hint", "Tipp anzeigen", "Afficher l’indice", "ヒントを表示", "힌트 보기", "显示提示", "顯示提示",
        "Mostrar pista", "Mostra suggerimento", "Pokaż podpowiedź", "Mostrar dica", "Показать подсказку",
    ]),
    ("hint", [
        "Hint", "Tipp", "Indice", "ヒント", "힌트", "提示", "提示", "Pista", "Suggerimento", "Podpowiedź", "Dica",
        "Подсказка",
    ]),
    ("solution", [
        "Solution", "Lösung", "Solution", "解答", "해답", "解答", "解答", "Solución", "Soluzione", "Rozwiązanie",
        "Solução", "Решение",
    ]),
    ("show_solution", [
        "Show solution", "Lösung anzeigen", "Afficher la solution", "解答を表示", "해답 보기", "显示解答", "顯示解答",
        "Mostrar solución", "Mostra soluzione", "Pokaż rozwiązanie", "Mostrar solução", "Показать решение",
    ]),
    ("reset", [
        "Reset", "Zurücksetzen", "Recommencer", "最初から", "처음부터", "重来", "重來", "Reiniciar", "Ricomincia",
        "Od nowa", "Reiniciar", "Сначала",
    ]),
    ("correct", [
        "Correct", "Richtig", "Correct", "正解", "정답", "正确", "正確", "Correcto", "Corretto", "Dobrze", "Correto",
        "Верно",
    ]),
    ("wrong", [
        "Wrong", "Falsch", "Faux", "不正解", "오답", "错误", "錯誤", "Incorrecto", "Sbagliato", "Źle", "Errado",
        "Неверно",
    ]),
    ("not_in_book", [
        "Not in book", "Nicht im Buch", "Pas dans le livre", "本にない手", "책에 없는 수", "书中未收录", "書中未收錄",
        "No está en el libro", "Non nel libro", "Nie ma w książce", "Não está no livro", "Нет в книге",
    ]),
    ("problem", [
        "Problem", "Aufgabe", "Problème", "問題", "문제", "习题", "習題", "Problema", "Problema", "Zadanie", "Problema",
        "Задача",
    ]),
    ("figure", [
        "Figure", "Figur", "Figure", "譜", "보", "谱", "譜", "Figura", "Figura", "Rysunek", "Figura", "Рисунок",
    ]),
    ("diagram", [
        "Diagram", "Diagramm", "Diagramme", "図", "도", "图", "圖", "Diagrama", "Diagramma", "Diagram", "Diagrama",
        "Диаграмма",
    ]),
    ("first_move", [
        "First move", "Erster Zug", "Premier coup", "最初の手", "첫 수", "第一手", "第一手", "Primera jugada",
        "Prima mossa", "Pierwszy ruch", "Primeira jogada", "Первый ход",
    ]),
    ("previous_move", [
        "Previous move", "Vorheriger Zug", "Coup précédent", "一手戻る", "이전 수", "上一手", "上一手",
        "Jugada anterior", "Mossa precedente", "Poprzedni ruch", "Jogada anterior", "Предыдущий ход",
    ]),
    ("next_move", [
        "Next move", "Nächster Zug", "Coup suivant", "一手進む", "다음 수", "下一手", "下一手", "Jugada siguiente",
        "Mossa successiva", "Następny ruch", "Próxima jogada", "Следующий ход",
    ]),
    ("last_move", [
        "Last move", "Letzter Zug", "Dernier coup", "最後の手", "마지막 수", "最后一手", "最後一手", "Última jugada",
        "Ultima mossa", "Ostatni ruch", "Última jogada", "Последний ход",
    ]),
    ("expand_board", [
        "Expand board", "Brett vergrößern", "Agrandir le goban", "盤を拡大", "바둑판 확대", "放大棋盘", "放大棋盤",
        "Ampliar tablero", "Ingrandisci goban", "Powiększ planszę", "Ampliar tabuleiro", "Увеличить доску",
    ]),
    ("skip_to_content", [
        "Skip to content", "Zum Inhalt springen", "Aller au contenu", "本文へ移動", "본문으로 건너뛰기", "跳到正文",
        "跳到正文", "Ir al contenido", "Vai al contenuto", "Przejdź do treści", "Ir para o conteúdo",
        "Перейти к содержанию",
    ]),
    ("buy_book", [
        "Buy book", "Buch kaufen", "Acheter le livre", "本を購入", "책 구매", "购买本书", "購買本書", "Comprar el libro",
        "Acquista il libro", "Kup książkę", "Comprar o livro", "Купить книгу",
    ]),
    ("close", [
        "Close", "Schließen", "Fermer", "閉じる", "닫기", "关闭", "關閉", "Cerrar", "Chiudi", "Zamknij", "Fechar",
        "Закрыть",
    ]),
    ("language", [
        "Language", "Sprache", "Langue", "言語", "언어", "语言", "語言", "Idioma", "Lingua", "Język", "Idioma", "Язык",
    ]),
    ("title_page", [
        "Title page", "Titelseite", "Page de titre", "扉", "표제지", "扉页", "扉頁", "Portada", "Frontespizio",
        "Strona tytułowa", "Folha de rosto", "Титульная страница",
    ]),
    ("move_of", [
        "Move {n} of {total}", "Zug {n} von {total}", "Coup {n} sur {total}", "第{n}手（全{total}手）",
        "{n}수 / 총 {total}수", "第{n}手（共{total}手）", "第{n}手（共{total}手）", "Jugada {n} de {total}",
        "Mossa {n} di {total}", "Ruch {n} z {total}", "Jogada {n} de {total}", "Ход {n} из {total}",
    ]),
    ("black_move_at", [
        "Black {n} at {point}", "Schwarz {n} auf {point}", "Noir {n} en {point}", "黒{n}：{point}",
        "흑{n}: {point}", "黑{n}：{point}", "黑{n}：{point}", "Negro {n} en {point}", "Nero {n} in {point}",
        "Czarne {n} na {point}", "Preto {n} em {point}", "Чёрные {n}: {point}",
    ]),
    ("white_move_at", [
        "White {n} at {point}", "Weiß {n} auf {point}", "Blanc {n} en {point}", "白{n}：{point}",
        "백{n}: {point}", "白{n}：{point}", "白{n}：{point}", "Blanco {n} en {point}", "Bianco {n} in {point}",
        "Białe {n} na {point}", "Branco {n} em {point}", "Белые {n}: {point}",
    ]),
    ("pass", [
        "Pass", "Passen", "Passe", "パス", "패스", "停一手", "停一手", "Pasar", "Passo", "Pas", "Passar", "Пас",
    ]),
    ("elsewhere", [
        "Elsewhere", "Woanders", "Ailleurs", "手抜き", "손뺌", "脱先", "脫先", "En otro lugar", "Altrove",
        "Gdzie indziej", "Em outro lugar", "В другом месте",
    ]),
];
