//! Finding a group of connected stones and whether it has a liberty.
//!
//! A flood fill over the flat cell array with a reusable queue, so a move
//! allocates nothing and deep groups cannot overflow the call stack.

use crate::point::Color;

/// Cells on the largest board; every array here is this long so nothing is resized.
pub(crate) const CELLS: usize = 25 * 25;

/// Scratch space for group scans, kept inside the board and reused by every move.
#[derive(Clone)]
pub(crate) struct GroupScan {
    /// `seen[i] == epoch` marks cell `i` as visited in the current scan; bumping the
    /// epoch forgets every mark without clearing the array.
    seen: [u32; CELLS],
    epoch: u32,
    /// Cells of the last scanned group, in visiting order; doubles as the work queue.
    members: [u16; CELLS],
    len: usize,
}

impl GroupScan {
    /// Empty scratch space.
    pub(crate) fn new() -> Self {
        GroupScan {
            seen: [0; CELLS],
            epoch: 0,
            members: [0; CELLS],
            len: 0,
        }
    }

    /// Cells of the group the last [`GroupScan::has_liberty`] found without a liberty.
    pub(crate) fn members(&self) -> &[u16] {
        &self.members[..self.len]
    }

    /// Whether the group on `start` has a liberty, stopping at the first one found: most
    /// groups touched by a move have one a step or two away, and this is every move's cost.
    pub(crate) fn has_liberty(&mut self, cells: &[Option<Color>], size: u8, start: usize) -> bool {
        let Some(color) = cells.get(start).copied().flatten() else {
            return false;
        };
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.seen = [0; CELLS];
            self.epoch = 1;
        }
        self.seen[start] = self.epoch;
        self.members[0] = start as u16;
        self.len = 1;
        let mut head = 0;
        while head < self.len {
            let cell = self.members[head] as usize;
            head += 1;
            let (around, count) = neighbours(cell, size);
            for &n in &around[..count] {
                match cells[n] {
                    None => {
                        self.len = 0;
                        return true;
                    }
                    Some(c) if c == color && self.seen[n] != self.epoch => {
                        self.seen[n] = self.epoch;
                        self.members[self.len] = n as u16;
                        self.len += 1;
                    }
                    Some(_) => {}
                }
            }
        }
        // No liberty: the whole group was visited, and `members` holds it.
        false
    }
}

/// The up to four orthogonal neighbours of `cell` on a board of `size`.
pub(crate) fn neighbours(cell: usize, size: u8) -> ([usize; 4], usize) {
    let size = size as usize;
    let (col, row) = (cell % size, cell / size);
    let mut out = [0; 4];
    let mut n = 0;
    if col > 0 {
        out[n] = cell - 1;
        n += 1;
    }
    if col + 1 < size {
        out[n] = cell + 1;
        n += 1;
    }
    if row > 0 {
        out[n] = cell - size;
        n += 1;
    }
    if row + 1 < size {
        out[n] = cell + size;
        n += 1;
    }
    (out, n)
}
