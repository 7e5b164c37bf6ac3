//! The Go rules: a board position that plays moves with captures, suicide and ko;
//! and [`diagram`], what a drawing of a board shows.
//!
//! Positions come from books, not from live games, so setup (`ab`/`aw`/`ae`) may
//! build any position and moves need not alternate; only a played move is checked.

pub mod crop;
pub mod diagram;
mod group;
mod outcome;
pub mod sl;
#[cfg(test)]
mod tests;

use std::fmt;

use crate::point::{Color, Point, MAX_SIZE};
use group::{neighbours, GroupScan, CELLS};
use outcome::Ko;
pub use outcome::{BadBoardSize, IllegalMove, MoveOutcome};

/// The smallest board size the rules accept.
pub const MIN_SIZE: u8 = 2;

/// A square Go board (2x2 to 25x25) with its stones, the ko point and the player to move.
#[derive(Clone)]
pub struct Board {
    size: u8,
    /// Row-major from the bottom row: cell `row * size + col`.
    cells: [Option<Color>; CELLS],
    ko: Option<Ko>,
    to_play: Color,
}

thread_local! {
    /// Scratch space for group scans. Kept out of `Board` so that cloning a board, which
    /// diagrams do for every position they start from, copies only the stones.
    static SCAN: std::cell::RefCell<GroupScan> = std::cell::RefCell::new(GroupScan::new());
}

impl Board {
    /// An empty board of `size` x `size`, Black to play.
    pub fn new(size: u8) -> Result<Board, BadBoardSize> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(BadBoardSize(size));
        }
        Ok(Board {
            size,
            cells: [None; CELLS],
            ko: None,
            to_play: Color::Black,
        })
    }

    /// The board size (number of lines).
    pub fn size(&self) -> u8 {
        self.size
    }

    /// The stone on `point`, `None` when empty or off the board.
    pub fn get(&self, point: Point) -> Option<Color> {
        self.index(point).and_then(|i| self.cells[i])
    }

    /// Every stone, bottom row first, left to right.
    pub fn stones(&self) -> impl Iterator<Item = (Point, Color)> + '_ {
        let size = self.size as usize;
        self.cells[..size * size]
            .iter()
            .enumerate()
            .filter_map(move |(i, c)| c.map(|c| (self.point(i), c)))
    }

    /// The stones row by row from the top, left to right, as a reader scans a board.
    pub fn stones_top_down(&self) -> Vec<(Point, Color)> {
        let size = self.size as usize;
        let mut out = Vec::with_capacity(size * size / 2);
        for row in (0..size).rev() {
            for col in 0..size {
                if let Some(c) = self.cells[row * size + col] {
                    out.push((Point::new(col as u8, row as u8), c));
                }
            }
        }
        out
    }

    /// The player to move next.
    pub fn to_play(&self) -> Color {
        self.to_play
    }

    /// Sets the player to move (gobook `pl`).
    pub fn set_to_play(&mut self, color: Color) {
        self.to_play = color;
    }

    /// The point the player to move may not play because of a ko just taken.
    pub fn ko_point(&self) -> Option<Point> {
        self.ko
            .filter(|k| k.forbidden_to == self.to_play)
            .map(|k| k.point)
    }

    /// Forbids `point` to the player to move (gobook `koPoint`); `None` lifts the ban.
    pub fn set_ko_point(&mut self, point: Option<Point>) {
        self.ko = point.filter(|p| p.on_board(self.size)).map(|point| Ko {
            point,
            forbidden_to: self.to_play,
        });
    }

    /// Puts a black stone on `point` without captures (gobook `ab`); false when off the board.
    pub fn add_black(&mut self, point: Point) -> bool {
        self.set(point, Some(Color::Black))
    }

    /// Puts a white stone on `point` without captures (gobook `aw`); false when off the board.
    pub fn add_white(&mut self, point: Point) -> bool {
        self.set(point, Some(Color::White))
    }

    /// Empties `point` (gobook `ae`); false when off the board.
    pub fn remove(&mut self, point: Point) -> bool {
        self.set(point, None)
    }

    /// Passes: the other player moves next and any ko ban ends.
    pub fn pass(&mut self) {
        self.ko = None;
        self.to_play = self.to_play.opponent();
    }

    /// Plays a stone of `color` on `point`, removing the groups it leaves without liberties.
    ///
    /// On an error the board is unchanged. After the move the opponent is to play.
    pub fn play(&mut self, color: Color, point: Point) -> Result<MoveOutcome, IllegalMove> {
        let Some(at) = self.index(point) else {
            return Err(IllegalMove::OffBoard(point));
        };
        if self.cells[at].is_some() {
            return Err(IllegalMove::Occupied(point));
        }
        if self.ko
            == Some(Ko {
                point,
                forbidden_to: color,
            })
        {
            return Err(IllegalMove::Ko(point));
        }
        let size = self.size;
        let enemy = color.opponent();
        self.cells[at] = Some(color);

        let mut captured = Vec::new();
        let (around, count) = neighbours(at, size);
        let suicide = SCAN.with_borrow_mut(|scan| {
            for &n in &around[..count] {
                // A group touching the stone twice is already gone when its second cell comes up.
                if self.cells[n] != Some(enemy) || scan.has_liberty(&self.cells, size, n) {
                    continue;
                }
                for &m in scan.members() {
                    self.cells[m as usize] = None;
                    captured.push(self.point(m as usize));
                }
            }
            let free_neighbour = around[..count].iter().any(|&n| self.cells[n].is_none());
            captured.is_empty() && !free_neighbour && !scan.has_liberty(&self.cells, size, at)
        });
        if suicide {
            self.cells[at] = None;
            return Err(IllegalMove::Suicide(point));
        }

        self.ko = None;
        if captured.len() == 1 && self.is_lone_stone_in_atari(at, color) {
            self.ko = Some(Ko {
                point: captured[0],
                forbidden_to: enemy,
            });
        }
        self.to_play = enemy;
        Ok(MoveOutcome { captured })
    }

    /// Whether the stone on `at` has no friendly neighbour and exactly one liberty,
    /// which after a one-stone capture makes the captured point a ko.
    fn is_lone_stone_in_atari(&self, at: usize, color: Color) -> bool {
        let (around, count) = neighbours(at, self.size);
        let mut liberties = 0;
        for &n in &around[..count] {
            match self.cells[n] {
                None => liberties += 1,
                Some(c) if c == color => return false,
                Some(_) => {}
            }
        }
        liberties == 1
    }

    fn set(&mut self, point: Point, stone: Option<Color>) -> bool {
        let Some(i) = self.index(point) else {
            return false;
        };
        self.cells[i] = stone;
        // Any edit of the position ends a ko: the repeated position it guarded is gone.
        self.ko = None;
        true
    }

    fn index(&self, point: Point) -> Option<usize> {
        point
            .on_board(self.size)
            .then(|| point.row as usize * self.size as usize + point.col as usize)
    }

    fn point(&self, index: usize) -> Point {
        let size = self.size as usize;
        Point::new((index % size) as u8, (index / size) as u8)
    }
}

impl fmt::Display for Board {
    /// The position as text, top row first: `X` black, `O` white, `.` empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..self.size).rev() {
            for col in 0..self.size {
                let c = match self.get(Point::new(col, row)) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                };
                f.write_str(if col == 0 { "" } else { " " })?;
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The scratch arrays are noise; show what a reader of a failing test needs.
        write!(
            f,
            "Board {{ size: {}, to_play: {:?}, ko: {:?} }}\n{}",
            self.size, self.to_play, self.ko, self
        )
    }
}
