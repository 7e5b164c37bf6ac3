//! The FF[4] property table: what each known identifier means and which value type it has.

/// When a property may appear, which decides how nodes are split and checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A move (`B`, `W`) or a property belonging to a move (`KO`, `MN`, timing, move annotation).
    Move,
    /// Setup of the position (`AB`, `AW`, `AE`, `PL`).
    Setup,
    /// Only in the root node (`FF`, `GM`, `SZ`, ...).
    Root,
    /// Game information (`PB`, `KM`, ...).
    GameInfo,
    /// Anything else: markup, node annotation, unknown.
    Other,
}

/// The value type of a property, as in the FF[4] specification.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Type {
    /// No value: `[]`.
    None,
    /// An integer.
    Number,
    /// A real number.
    Real,
    /// `1` (normal) or `2` (emphasized).
    Double,
    /// `B` or `W`.
    Color,
    /// Text on one line.
    SimpleText,
    /// Text with line breaks.
    Text,
    /// A point (also used for stones).
    Point,
    /// A move: a point or a pass.
    Move,
    /// `point:point` (arrows, lines).
    PointPoint,
    /// `point:simpletext` (labels).
    PointText,
    /// `simpletext:simpletext` (application).
    TextText,
    /// A number or `number:number` (board size).
    Size,
    /// None or `number:simpletext` (figure).
    Figure,
    /// Not in FF[4]: kept as raw text.
    Unknown,
}

/// How many values a property takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arity {
    /// Exactly one.
    Single,
    /// One or more.
    List,
    /// Zero or more (`[]` is the empty list).
    EList,
}

/// What the table knows about one identifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Info {
    /// When it may appear.
    pub kind: Kind,
    /// Its value type.
    pub ty: Type,
    /// How many values.
    pub arity: Arity,
}

const fn i(kind: Kind, ty: Type, arity: Arity) -> Info {
    Info { kind, ty, arity }
}

/// Looks up an FF[4] identifier; unknown identifiers get `Kind::Other`, `Type::Unknown`, `Arity::List`.
pub fn info(id: &str) -> Info {
    use Arity::*;
    use Kind::*;
    use Type as T;
    match id {
        "B" | "W" => i(Move, T::Move, Single),
        "KO" => i(Move, T::None, Single),
        "MN" => i(Move, T::Number, Single),
        "BL" | "WL" => i(Move, T::Real, Single),
        "OB" | "OW" => i(Move, T::Number, Single),
        "BM" | "TE" => i(Move, T::Double, Single),
        "DO" | "IT" => i(Move, T::None, Single),
        "AB" | "AW" | "AE" => i(Setup, T::Point, List),
        "PL" => i(Setup, T::Color, Single),
        "C" => i(Other, T::Text, Single),
        "N" => i(Other, T::SimpleText, Single),
        "DM" | "GB" | "GW" | "HO" | "UC" => i(Other, T::Double, Single),
        "V" => i(Other, T::Real, Single),
        "CR" | "MA" | "SL" | "SQ" | "TR" => i(Other, T::Point, List),
        "DD" | "VW" | "TB" | "TW" => i(Other, T::Point, EList),
        "AR" | "LN" => i(Other, T::PointPoint, List),
        "LB" => i(Other, T::PointText, List),
        "AP" => i(Root, T::TextText, Single),
        "CA" => i(Root, T::SimpleText, Single),
        "FF" | "GM" | "ST" => i(Root, T::Number, Single),
        "SZ" => i(Root, T::Size, Single),
        "GC" => i(GameInfo, T::Text, Single),
        "AN" | "BR" | "BT" | "CP" | "DT" | "EV" | "GN" | "ON" | "OT" | "PB" | "PC" | "PW"
        | "RE" | "RO" | "RU" | "SO" | "US" | "WR" | "WT" => i(GameInfo, T::SimpleText, Single),
        "HA" => i(GameInfo, T::Number, Single),
        "KM" | "TM" => i(GameInfo, T::Real, Single),
        "FG" => i(Other, T::Figure, Single),
        "PM" => i(Other, T::Number, Single),
        _ => i(Other, T::Unknown, List),
    }
}

/// Whether the identifier is defined in FF[4].
pub fn is_known(id: &str) -> bool {
    info(id).ty != Type::Unknown
}
