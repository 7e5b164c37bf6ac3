//! The main line of a game in plain terms: board, setup, moves and game information.

use super::tree::GameTree;
use super::value;
use crate::point::{Color, Point};

/// A move of the main line; `point` is `None` for a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// Who plays.
    pub color: Color,
    /// Where, or `None` for a pass.
    pub point: Option<Point>,
}

/// Game information, named as gobook names it (`wp` is the white player).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameInfo {
    /// Game name (GN).
    pub gn: Option<String>,
    /// Black player (PB).
    pub pb: Option<String>,
    /// Black rank (BR).
    pub br: Option<String>,
    /// White player (PW).
    pub wp: Option<String>,
    /// White rank (WR).
    pub wr: Option<String>,
    /// Komi (KM).
    pub km: Option<String>,
    /// Handicap (HA).
    pub ha: Option<String>,
    /// Result (RE).
    pub re: Option<String>,
    /// Time limit (TM).
    pub tm: Option<String>,
    /// Date (DT).
    pub dt: Option<String>,
    /// Place (PC).
    pub pc: Option<String>,
    /// Event (EV).
    pub ev: Option<String>,
    /// Round (RO).
    pub ro: Option<String>,
    /// User who entered the game (US).
    pub us: Option<String>,
    /// Annotator (AN).
    pub an: Option<String>,
    /// Copyright (CP).
    pub cp: Option<String>,
    /// Source (SO).
    pub so: Option<String>,
}

/// What a book needs of a game: the position before the first move and the moves that follow.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MainLine {
    /// Board size (the larger side of a rectangular board).
    pub size: u8,
    /// Black stones set up before the first move (AB).
    pub black: Vec<Point>,
    /// White stones set up before the first move (AW).
    pub white: Vec<Point>,
    /// Points cleared before the first move (AE).
    pub empty: Vec<Point>,
    /// Player to move from PL, if given before the first move.
    pub to_play: Option<Color>,
    /// The moves along the first children.
    pub moves: Vec<Move>,
    /// Game information (the first value of each property along the main line).
    pub info: GameInfo,
}

/// Follows the first child from the root and collects setup, moves and game info.
pub fn main_line(game: &GameTree) -> MainLine {
    let root_size = game.root().value("SZ").and_then(value::parse_size);
    let size = root_size.map_or(19, |(c, r)| c.max(r));
    let mut line = MainLine {
        size,
        ..MainLine::default()
    };
    for id in game.main_line_ids() {
        let node = &game.nodes()[id];
        for p in &node.props {
            let id = p.id.as_str();
            if line.moves.is_empty() {
                let list = || value::point_list(&p.values, size).unwrap_or_default();
                match id {
                    "AB" => line.black.extend(list()),
                    "AW" => line.white.extend(list()),
                    "AE" => line.empty.extend(list()),
                    "PL" => line.to_play = p.value().and_then(value::parse_color),
                    _ => {}
                }
            }
            let slot = match id {
                "B" | "W" => {
                    let color = if id == "B" {
                        Color::Black
                    } else {
                        Color::White
                    };
                    if let Some(point) = p.value().and_then(|v| value::parse_move(v, size)) {
                        line.moves.push(Move { color, point });
                    }
                    continue;
                }
                "GN" => &mut line.info.gn,
                "PB" => &mut line.info.pb,
                "BR" => &mut line.info.br,
                "PW" => &mut line.info.wp,
                "WR" => &mut line.info.wr,
                "KM" => &mut line.info.km,
                "HA" => &mut line.info.ha,
                "RE" => &mut line.info.re,
                "TM" => &mut line.info.tm,
                "DT" => &mut line.info.dt,
                "PC" => &mut line.info.pc,
                "EV" => &mut line.info.ev,
                "RO" => &mut line.info.ro,
                "US" => &mut line.info.us,
                "AN" => &mut line.info.an,
                "CP" => &mut line.info.cp,
                "SO" => &mut line.info.so,
                _ => continue,
            };
            if slot.is_none() {
                *slot = p.value().map(value::simple_text);
            }
        }
    }
    line
}
