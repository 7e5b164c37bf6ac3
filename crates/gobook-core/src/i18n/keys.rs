//! The keys of the translated word tables, as types: a word is looked up by a variant,
//! so a misspelled key does not compile (string keys failed silently to the empty word).
//! Each variant also has its name as a string, for the words a page hands its script.

/// Defines a key enum with every variant listed in `ALL` and its string name.
macro_rules! keys {
    ($(#[$doc:meta])* $name:ident { $($variant:ident = $key:literal,)* }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $(
                #[doc = concat!("`", $key, "`")]
                $variant,
            )*
        }

        impl $name {
            /// Every key, in table order.
            pub const ALL: &'static [$name] = &[$($name::$variant,)*];

            /// The key's name: what the page's script looks its word up by.
            pub fn key(self) -> &'static str {
                match self {
                    $($name::$variant => $key,)*
                }
            }
        }
    };
}

keys! {
    /// A word of the reader's interface (website, e-book, `serve`'s panels).
    UiWord {
        Contents = "contents",
        Previous = "previous",
        Next = "next",
        ShowHint = "show_hint",
        Hint = "hint",
        Solution = "solution",
        Solutions = "solutions",
        NavBook = "nav_book",
        NavPages = "nav_pages",
        ShowSolution = "show_solution",
        Reset = "reset",
        Correct = "correct",
        Wrong = "wrong",
        NotInBook = "not_in_book",
        Problem = "problem",
        Figure = "figure",
        Diagram = "diagram",
        FirstMove = "first_move",
        PreviousMove = "previous_move",
        NextMove = "next_move",
        LastMove = "last_move",
        ExpandBoard = "expand_board",
        SkipToContent = "skip_to_content",
        BuyBook = "buy_book",
        Close = "close",
        Language = "language",
        TitlePage = "title_page",
        MoveOf = "move_of",
        BlackMoveAt = "black_move_at",
        WhiteMoveAt = "white_move_at",
        Pass = "pass",
        Elsewhere = "elsewhere",
        PageAbbrev = "page_abbrev",
        Cover = "cover",
        Start = "start",
        GobookFailed = "gobook_failed",
        BookHasErrors = "book_has_errors",
        CloseErrors = "close_errors",
        Search = "search",
        SearchText = "search_text",
        SearchPositions = "search_positions",
        Results = "results",
        OneResult = "one_result",
        NoResults = "no_results",
        PatternBoard = "pattern_board",
        MustBeEmpty = "must_be_empty",
        Erase = "erase",
        Clear = "clear",
        SwapColours = "swap_colours",
        Find = "find",
        AtMove = "at_move",
        StartPosition = "start_position",
        Chapters = "chapters",
        Shortcuts = "shortcuts",
        PreviousPage = "previous_page",
        NextPage = "next_page",
        ToggleSidebar = "toggle_sidebar",
        ShowShortcuts = "show_shortcuts",
    }
}

keys! {
    /// A word of a diagram's description for screen readers.
    DiagramWord {
        Board = "board",
        Showing = "showing",
        End = "end",
        HeadSep = "head_sep",
        ItemSep = "item_sep",
        BlackStones = "black_stones",
        WhiteStones = "white_stones",
        Moves = "moves",
        Run = "run",
        MoveItem = "move_item",
        Marks = "marks",
        Labels = "labels",
        ItemAt = "item_at",
        Triangle = "triangle",
        Square = "square",
        Circle = "circle",
        Cross = "cross",
        Diamond = "diamond",
        BlackTerritory = "black_territory",
        WhiteTerritory = "white_territory",
        Lines = "lines",
        Arrows = "arrows",
        Segment = "segment",
        Covered = "covered",
    }
}

keys! {
    /// A label of the game-info line of an imported game (or problem set).
    GameInfo {
        Black = "black",
        White = "white",
        Event = "event",
        Date = "date",
        Place = "place",
        Komi = "komi",
        Result = "result",
        Source = "source",
        Annotator = "annotator",
    }
}

/// The standard texts that name a player, by code without the colour letter (`#btp#` is
/// `b` + `tp`), in the spec's order: the keys of each language file's `[player_texts]`.
pub(super) const PLAYER_CODES: [&str; 31] = [
    "tp", "tn", "tk", "tl", "tc", "tf", "tu", "to", "tx", "tr", "ti", "ta", "td", "te", "ts", "tw",
    "twf", "twd", "tgk", "tgr", "tpe", "tms", "do", "wi", "he", "hnk", "id", "ia", "ias", "iddk",
    "iadk",
];

/// The standard texts without a player, in the spec's order: the keys of `[plain_texts]`.
pub(super) const PLAIN_CODES: [&str; 7] = ["fe", "ko", "ok", "os", "se", "sn", "prb"];

keys! {
    /// A word of a diagram's caption or gaps line (`[captions]` of the words files).
    CaptionWord {
        ToPlay = "to_play",
        Moves = "moves",
        Move = "move",
        GapAt = "gap_at",
        GapTakes = "gap_takes",
        GapElsewhere = "gap_elsewhere",
        GapKo = "gap_ko",
        GapOutside = "gap_outside",
        GapSeparator = "gap_separator",
        NumberSeparator = "number_separator",
        Diagram = "diagram",
        PlayedAt = "played_at",
        CaptionSeparator = "caption_separator",
        TitleSeparator = "title_separator",
        MoveComment = "move_comment",
    }
}
