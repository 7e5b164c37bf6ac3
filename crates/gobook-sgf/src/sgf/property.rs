//! One SGF property: its identifier and raw values.

use super::props::{self, IdSet, Info};
use smallvec::SmallVec;

/// A property identifier such as `B` or `AB`; identifiers in the property table are an index.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PropId(IdRepr);

// `new` never leaves a table identifier as text, so the derived equality is exact.
#[derive(Clone, PartialEq, Eq, Hash)]
enum IdRepr {
    // Table identifiers cost neither an allocation nor a string comparison when matched.
    Known(u8),
    Other(Box<str>),
}

impl PropId {
    /// An identifier from its text (normally uppercase ASCII letters).
    #[inline]
    pub fn new(s: &str) -> PropId {
        match props::index(s) {
            Some(k) => PropId(IdRepr::Known(k)),
            None => PropId(IdRepr::Other(s.into())),
        }
    }

    /// The identifier at a table index (see [`props::index_of`]).
    pub(crate) const fn known(index: u8) -> PropId {
        PropId(IdRepr::Known(index))
    }

    /// The identifier as text.
    pub fn as_str(&self) -> &str {
        match &self.0 {
            IdRepr::Known(k) => props::name(*k),
            IdRepr::Other(s) => s,
        }
    }

    /// This identifier as a one-element [`IdSet`]; empty for identifiers outside the table.
    #[inline]
    pub(crate) fn bit(&self) -> IdSet {
        match &self.0 {
            IdRepr::Known(k) => 1 << k,
            IdRepr::Other(_) => 0,
        }
    }

    /// The name of a table identifier, which borrows nothing; `None` for others.
    #[inline]
    pub(crate) fn table_name(&self) -> Option<&'static str> {
        match &self.0 {
            IdRepr::Known(k) => Some(props::name(*k)),
            IdRepr::Other(_) => None,
        }
    }

    /// What the FF[4] property table says about this identifier.
    #[inline]
    pub fn info(&self) -> Info {
        match &self.0 {
            IdRepr::Known(k) => props::info_at(*k),
            IdRepr::Other(s) => props::info(s),
        }
    }
}

impl PartialEq<str> for PropId {
    #[inline]
    fn eq(&self, other: &str) -> bool {
        // A table identifier is compared by index: no string comparison for `p.id == "B"`.
        match &self.0 {
            IdRepr::Known(k) => props::index(other) == Some(*k),
            IdRepr::Other(s) => &**s == other,
        }
    }
}

impl PartialEq<&str> for PropId {
    #[inline]
    fn eq(&self, other: &&str) -> bool {
        *self == **other
    }
}

impl std::fmt::Debug for PropId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::fmt::Display for PropId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One raw value, as in the file (escapes kept) but decoded to UTF-8.
pub type RawValue = String;

/// The raw values of a property, in file order. Nearly every property has one value, kept
/// without a list of its own: that halved the reader's allocations.
pub type Values = SmallVec<[RawValue; 1]>;

/// One property: identifier and its raw values (escapes kept, as in the file but decoded to UTF-8).
#[derive(Clone, Debug)]
pub struct Property {
    /// The identifier, e.g. `AB`.
    pub id: PropId,
    /// Raw values between `[` and `]`, escapes kept; see [`super::value`] to read them.
    pub values: Values,
    /// Byte offset of the identifier in the decoded text (0 when not read from a file), for warnings.
    pub pos: u32,
}

impl PartialEq for Property {
    /// Where a property stood in the file is not part of its meaning.
    fn eq(&self, other: &Property) -> bool {
        self.id == other.id && self.values == other.values
    }
}

impl Eq for Property {}

impl Property {
    /// A property with the given raw values.
    pub fn new(id: &str, values: Vec<String>) -> Property {
        Property {
            id: PropId::new(id),
            values: values.into(),
            pos: 0,
        }
    }

    /// The first raw value, if any.
    pub fn value(&self) -> Option<&str> {
        self.values.first().map(String::as_str)
    }
}
