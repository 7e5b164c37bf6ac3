//! One SGF property: its identifier and raw values, stored so that a typical property
//! (a move, a point, a number) costs no allocation at all.

use super::props::{self, IdSet, Info};
use compact_str::CompactString;

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

    /// Whether the identifier is in the property table (and so holds no text of its own).
    #[inline]
    pub(crate) fn is_known(&self) -> bool {
        matches!(self.0, IdRepr::Known(_))
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

/// One raw value; up to 24 bytes (points, moves, numbers, short names) are kept inline.
pub type RawValue = CompactString;

/// The raw values of a property; reads like a slice. A single value is kept without a list,
/// which saves an allocation for nearly every property of a game (a move has one value).
#[derive(Clone, Default)]
pub struct Values(ValRepr);

#[derive(Clone, Default)]
enum ValRepr {
    #[default]
    Empty,
    One(RawValue),
    // Boxed so that the whole is as small as one inline value: every node carries one, and
    // the extra allocation falls only on the few properties with several values.
    #[allow(clippy::box_collection)]
    Many(Box<Vec<RawValue>>),
}

impl Values {
    /// Appends a value.
    pub fn push(&mut self, v: impl Into<RawValue>) {
        let v = v.into();
        match &mut self.0 {
            ValRepr::Empty => self.0 = ValRepr::One(v),
            ValRepr::One(a) => self.0 = ValRepr::Many(Box::new(vec![std::mem::take(a), v])),
            ValRepr::Many(list) => list.push(v),
        }
    }

    /// Appends several values.
    pub fn extend<V: Into<RawValue>>(&mut self, values: impl IntoIterator<Item = V>) {
        for v in values {
            self.push(v);
        }
    }

    /// Keeps the first `n` values.
    pub fn truncate(&mut self, n: usize) {
        let mut list = self.take_vec();
        list.truncate(n);
        *self = Values::from(list);
    }

    /// Keeps the values for which `keep` is true.
    pub fn retain(&mut self, keep: impl FnMut(&RawValue) -> bool) {
        let mut list = self.take_vec();
        list.retain(keep);
        *self = Values::from(list);
    }

    /// The values as a list, leaving this empty.
    pub fn take_vec(&mut self) -> Vec<RawValue> {
        match std::mem::take(&mut self.0) {
            ValRepr::Empty => Vec::new(),
            ValRepr::One(v) => vec![v],
            ValRepr::Many(list) => *list,
        }
    }

    /// The value, when there is exactly one.
    #[inline(always)]
    pub(crate) fn single(&self) -> Option<&RawValue> {
        match &self.0 {
            ValRepr::One(v) => Some(v),
            ValRepr::Many(list) if list.len() == 1 => list.first(),
            _ => None,
        }
    }

    /// Whether dropping the values frees memory (a list, or a value too long to be kept inline).
    #[inline]
    pub(crate) fn owns_heap(&self) -> bool {
        match &self.0 {
            ValRepr::Empty => false,
            ValRepr::One(v) => v.is_heap_allocated(),
            ValRepr::Many(_) => true,
        }
    }

    /// A copy of the values as plain strings.
    pub fn to_vec(&self) -> Vec<String> {
        self.iter().map(|v| v.to_string()).collect()
    }
}

impl From<Vec<RawValue>> for Values {
    fn from(mut list: Vec<RawValue>) -> Values {
        Values(match list.len() {
            0 => ValRepr::Empty,
            1 => ValRepr::One(list.pop().unwrap_or_default()),
            _ => ValRepr::Many(Box::new(list)),
        })
    }
}

impl From<Vec<String>> for Values {
    fn from(list: Vec<String>) -> Values {
        let mut out = Values::default();
        out.extend(list);
        out
    }
}

impl From<RawValue> for Values {
    #[inline]
    fn from(v: RawValue) -> Values {
        Values(ValRepr::One(v))
    }
}

impl std::ops::Deref for Values {
    type Target = [RawValue];
    #[inline]
    fn deref(&self) -> &[RawValue] {
        match &self.0 {
            ValRepr::Empty => &[],
            ValRepr::One(v) => std::slice::from_ref(v),
            ValRepr::Many(list) => list,
        }
    }
}

impl std::ops::DerefMut for Values {
    fn deref_mut(&mut self) -> &mut [RawValue] {
        match &mut self.0 {
            ValRepr::Empty => &mut [],
            ValRepr::One(v) => std::slice::from_mut(v),
            ValRepr::Many(list) => list,
        }
    }
}

impl IntoIterator for Values {
    type Item = RawValue;
    type IntoIter = std::vec::IntoIter<RawValue>;
    fn into_iter(mut self) -> Self::IntoIter {
        self.take_vec().into_iter()
    }
}

impl<'a> IntoIterator for &'a Values {
    type Item = &'a RawValue;
    type IntoIter = std::slice::Iter<'a, RawValue>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a> IntoIterator for &'a mut Values {
    type Item = &'a mut RawValue;
    type IntoIter = std::slice::IterMut<'a, RawValue>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

impl PartialEq for Values {
    fn eq(&self, other: &Values) -> bool {
        self[..] == other[..]
    }
}

impl Eq for Values {}

impl std::fmt::Debug for Values {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

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
        self.values.first().map(RawValue::as_str)
    }
}
