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

/// What an identifier outside FF[4] gets.
const UNKNOWN: Info = i(Kind::Other, Type::Unknown, Arity::List);

/// Identifiers kept as an index into this table: every FF[4] one, then old FF[1]-FF[3] ones
/// (which read as unknown). All are one or two uppercase letters, which [`LOOKUP`] relies on.
const TABLE: [(&str, Info); 84] = {
    use Arity::*;
    use Kind::*;
    use Type as T;
    [
        ("B", i(Move, T::Move, Single)),
        ("W", i(Move, T::Move, Single)),
        ("KO", i(Move, T::None, Single)),
        ("MN", i(Move, T::Number, Single)),
        ("BL", i(Move, T::Real, Single)),
        ("WL", i(Move, T::Real, Single)),
        ("OB", i(Move, T::Number, Single)),
        ("OW", i(Move, T::Number, Single)),
        ("BM", i(Move, T::Double, Single)),
        ("TE", i(Move, T::Double, Single)),
        ("DO", i(Move, T::None, Single)),
        ("IT", i(Move, T::None, Single)),
        ("AB", i(Setup, T::Point, List)),
        ("AW", i(Setup, T::Point, List)),
        ("AE", i(Setup, T::Point, List)),
        ("PL", i(Setup, T::Color, Single)),
        ("C", i(Other, T::Text, Single)),
        ("N", i(Other, T::SimpleText, Single)),
        ("DM", i(Other, T::Double, Single)),
        ("GB", i(Other, T::Double, Single)),
        ("GW", i(Other, T::Double, Single)),
        ("HO", i(Other, T::Double, Single)),
        ("UC", i(Other, T::Double, Single)),
        ("V", i(Other, T::Real, Single)),
        ("CR", i(Other, T::Point, List)),
        ("MA", i(Other, T::Point, List)),
        ("SL", i(Other, T::Point, List)),
        ("SQ", i(Other, T::Point, List)),
        ("TR", i(Other, T::Point, List)),
        ("DD", i(Other, T::Point, EList)),
        ("VW", i(Other, T::Point, EList)),
        ("TB", i(Other, T::Point, EList)),
        ("TW", i(Other, T::Point, EList)),
        ("AR", i(Other, T::PointPoint, List)),
        ("LN", i(Other, T::PointPoint, List)),
        ("LB", i(Other, T::PointText, List)),
        ("AP", i(Root, T::TextText, Single)),
        ("CA", i(Root, T::SimpleText, Single)),
        ("FF", i(Root, T::Number, Single)),
        ("GM", i(Root, T::Number, Single)),
        ("ST", i(Root, T::Number, Single)),
        ("SZ", i(Root, T::Size, Single)),
        ("GC", i(GameInfo, T::Text, Single)),
        ("AN", i(GameInfo, T::SimpleText, Single)),
        ("BR", i(GameInfo, T::SimpleText, Single)),
        ("BT", i(GameInfo, T::SimpleText, Single)),
        ("CP", i(GameInfo, T::SimpleText, Single)),
        ("DT", i(GameInfo, T::SimpleText, Single)),
        ("EV", i(GameInfo, T::SimpleText, Single)),
        ("GN", i(GameInfo, T::SimpleText, Single)),
        ("ON", i(GameInfo, T::SimpleText, Single)),
        ("OT", i(GameInfo, T::SimpleText, Single)),
        ("PB", i(GameInfo, T::SimpleText, Single)),
        ("PC", i(GameInfo, T::SimpleText, Single)),
        ("PW", i(GameInfo, T::SimpleText, Single)),
        ("RE", i(GameInfo, T::SimpleText, Single)),
        ("RO", i(GameInfo, T::SimpleText, Single)),
        ("RU", i(GameInfo, T::SimpleText, Single)),
        ("SO", i(GameInfo, T::SimpleText, Single)),
        ("US", i(GameInfo, T::SimpleText, Single)),
        ("WR", i(GameInfo, T::SimpleText, Single)),
        ("WT", i(GameInfo, T::SimpleText, Single)),
        ("HA", i(GameInfo, T::Number, Single)),
        ("KM", i(GameInfo, T::Real, Single)),
        ("TM", i(GameInfo, T::Real, Single)),
        ("FG", i(Other, T::Figure, Single)),
        ("PM", i(Other, T::Number, Single)),
        ("L", UNKNOWN),
        ("M", UNKNOWN),
        ("KI", UNKNOWN),
        ("BS", UNKNOWN),
        ("WS", UNKNOWN),
        ("CH", UNKNOWN),
        ("SC", UNKNOWN),
        ("SE", UNKNOWN),
        ("SI", UNKNOWN),
        ("ID", UNKNOWN),
        ("LT", UNKNOWN),
        ("OM", UNKNOWN),
        ("OP", UNKNOWN),
        ("OV", UNKNOWN),
        ("RG", UNKNOWN),
        ("EL", UNKNOWN),
        ("EX", UNKNOWN),
    ]
};

/// The slot of a one- or two-letter uppercase identifier in [`LOOKUP`].
const fn slot(id: &[u8]) -> Option<usize> {
    match id {
        [a] if a.is_ascii_uppercase() => Some((*a - b'A') as usize * 27),
        [a, b] if a.is_ascii_uppercase() && b.is_ascii_uppercase() => {
            Some((*a - b'A') as usize * 27 + (*b - b'A') as usize + 1)
        }
        _ => None,
    }
}

/// Table index plus one for every slot, 0 for identifiers not in the table: one load per lookup.
const LOOKUP: [u8; 26 * 27] = {
    let mut out = [0u8; 26 * 27];
    let mut k = 0;
    while k < TABLE.len() {
        match slot(TABLE[k].0.as_bytes()) {
            Some(s) => out[s] = k as u8 + 1,
            None => panic!("table identifiers are one or two uppercase letters"),
        }
        k += 1;
    }
    out
};

/// The table index of an identifier, if it has one.
#[inline]
pub(crate) fn index(id: &str) -> Option<u8> {
    let k = LOOKUP[slot(id.as_bytes())?];
    k.checked_sub(1)
}

/// The identifier at a table index.
#[inline]
pub(crate) fn name(index: u8) -> &'static str {
    TABLE[index as usize].0
}

/// What the table says about the identifier at `index`.
#[inline]
pub(crate) fn info_at(index: u8) -> Info {
    TABLE[index as usize].1
}

/// A set of table identifiers, one bit per table index: what a node holds, in one word.
pub(crate) type IdSet = u128;

const _: () = assert!(TABLE.len() <= IdSet::BITS as usize);

/// The table index of an identifier known to be there; a name outside the table fails the build.
pub(crate) const fn index_of(id: &str) -> u8 {
    match slot(id.as_bytes()) {
        Some(s) if LOOKUP[s] > 0 => LOOKUP[s] - 1,
        _ => panic!("not a table identifier"),
    }
}

/// The set of the given table identifiers; a name outside the table fails the build.
pub(crate) const fn set(ids: &[&str]) -> IdSet {
    let mut out = 0;
    let mut k = 0;
    while k < ids.len() {
        out |= 1 << index_of(ids[k]);
        k += 1;
    }
    out
}

/// Looks up an FF[4] identifier; unknown identifiers get `Kind::Other`, `Type::Unknown`, `Arity::List`.
pub fn info(id: &str) -> Info {
    index(id).map_or(UNKNOWN, info_at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookup() {
        assert_eq!(info("B").ty, Type::Move);
        assert_eq!(info("AB").kind, Kind::Setup);
        assert_eq!(info("L").ty, Type::Unknown);
        assert_eq!(info("XX").ty, Type::Unknown);
        assert_eq!(info("b").ty, Type::Unknown);
        assert_eq!(info("ABC").ty, Type::Unknown);
        for (k, (id, _)) in TABLE.iter().enumerate() {
            assert_eq!(index(id), Some(k as u8));
            assert_eq!(name(k as u8), *id);
        }
    }
}
