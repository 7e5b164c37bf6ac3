//! How an index is cut into parts (issue #50): the browser loads the first part with the
//! file it always loads and the others in order, searching each as it comes. The first part
//! is small, so that the first results of a large book show soon, and each next one may be
//! twice the size of the one before, up to a cap, so that a large book has tens of files,
//! not thousands. The cuts depend only on the sizes of what is cut: a warm build cuts as a
//! cold one does.

/// The folder of the site's root that holds every part but the first of each index.
pub const FOLDER: &str = "gobook-search";

/// The sizes a part may reach, in bytes of JSON: the first part's, and the cap that each
/// next part's doubling stops at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The first part's size.
    pub first: usize,
    /// The largest size of a part.
    pub max: usize,
}

impl Limits {
    /// The size part `k` may reach.
    fn of(self, k: usize) -> usize {
        self.first
            .saturating_mul(1usize << k.min(30))
            .min(self.max)
            .max(1)
    }
}

/// The text index's limits: the first part costs the browser about as much to fold and scan
/// as its size (most of a first query's time), and 32 KB is a tenth of the 300 ms goal on a
/// phone (docs/benchmarks.md).
pub const TEXT: Limits = Limits {
    first: 32 * 1024,
    max: 512 * 1024,
};

/// The position index's limits: a figure costs more to make ready than to load, and a part
/// is searched in one go, so the cap keeps each step under a frame or so on a desktop.
pub const POSITIONS: Limits = Limits {
    first: 64 * 1024,
    max: 512 * 1024,
};

/// The place where each part but the first begins, for items of the sizes `sizes` in order:
/// a part ends with the item that brings it to its limit. A single part (an empty list) when
/// everything fits in the first.
pub fn cuts(sizes: impl IntoIterator<Item = usize>, limits: Limits) -> Vec<usize> {
    let mut cuts = Vec::new();
    let mut filled = 0usize;
    for (i, size) in sizes.into_iter().enumerate() {
        if filled >= limits.of(cuts.len()) {
            cuts.push(i);
            filled = 0;
        }
        filled += size;
    }
    cuts
}

/// The file of part `k` (from 1) of the index `name` (a language code or "positions"), and
/// the name it registers under in `gbSearch`.
pub fn file(name: &str, k: usize) -> (String, String) {
    (format!("{FOLDER}/{name}-{k}.js"), format!("{name}-{k}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_double_up_to_the_cap_and_a_small_index_is_one_part() {
        let limits = Limits { first: 10, max: 40 };
        assert!(cuts([3, 3, 3], limits).is_empty());
        // Parts of 10, 20, 40, 40... bytes: each ends with the item that fills it.
        let cut = cuts(std::iter::repeat_n(5, 40), limits);
        assert_eq!(cut, vec![2, 6, 14, 22, 30, 38]);
        // An item larger than a part is a part of its own.
        assert_eq!(cuts([100, 1, 100, 1], limits), vec![1, 3]);
    }
}
