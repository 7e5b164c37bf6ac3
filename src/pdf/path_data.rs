//! SVG path data as absolute segments. gobook's print drawings write straight segments
//! only (`M`, `L`, `H`, `V`, `Z`, absolute or relative): those are read here directly,
//! a stone a few bytes; anything else (a circle mark's arcs, a number with an exponent)
//! goes through svgtypes, which reads all of SVG's path data but at several times the
//! cost, and a long book's drawings hold hundreds of thousands of points.

use svgtypes::SimplePathSegment as Segment;

/// The segments of `d` with absolute coordinates, arcs made curves; `None` if `d` is not
/// valid path data.
pub fn segments(d: &str) -> Option<Vec<Segment>> {
    straight(d.as_bytes()).or_else(|| {
        svgtypes::SimplifyingPathParser::from(d)
            .collect::<Result<Vec<_>, _>>()
            .ok()
    })
}

/// `d` read when it holds straight segments only, in plain numbers; `None` otherwise.
fn straight(d: &[u8]) -> Option<Vec<Segment>> {
    let mut out = Vec::new();
    let mut at = 0;
    let (mut x, mut y) = (0.0, 0.0);
    let (mut start_x, mut start_y) = (0.0, 0.0);
    let mut command = None;
    loop {
        skip_separators(d, &mut at);
        let Some(&c) = d.get(at) else { break };
        if c.is_ascii_alphabetic() {
            command = Some(c);
            at += 1;
            if matches!(c, b'Z' | b'z') {
                out.push(Segment::ClosePath);
                (x, y) = (start_x, start_y);
                continue;
            }
        }
        let c = command?;
        let relative = c.is_ascii_lowercase();
        let (dx, dy) = if relative { (x, y) } else { (0.0, 0.0) };
        match c.to_ascii_uppercase() {
            b'M' => {
                (x, y) = (number(d, &mut at)? + dx, number(d, &mut at)? + dy);
                (start_x, start_y) = (x, y);
                out.push(Segment::MoveTo { x, y });
                // Pairs after a move are lines.
                command = Some(if relative { b'l' } else { b'L' });
            }
            b'L' => {
                (x, y) = (number(d, &mut at)? + dx, number(d, &mut at)? + dy);
                out.push(Segment::LineTo { x, y });
            }
            b'H' => {
                x = number(d, &mut at)? + dx;
                out.push(Segment::LineTo { x, y });
            }
            b'V' => {
                y = number(d, &mut at)? + dy;
                out.push(Segment::LineTo { x, y });
            }
            _ => return None,
        }
    }
    // Path data starts with a move.
    matches!(out.first(), None | Some(Segment::MoveTo { .. })).then_some(out)
}

/// Skips white space and a comma.
fn skip_separators(d: &[u8], at: &mut usize) {
    while matches!(d.get(*at), Some(b' ' | b'\t' | b'\n' | b'\r' | b',')) {
        *at += 1;
    }
}

/// The powers of ten up to the fifteen digits a number is read by division with.
const POWERS: [f64; 16] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
];

/// A plain number (sign, digits, a point, digits) at `at`, separators before it skipped;
/// `None` for anything else (an exponent sends the whole path to svgtypes).
fn number(d: &[u8], at: &mut usize) -> Option<f64> {
    skip_separators(d, at);
    let start = *at;
    if matches!(d.get(*at), Some(b'-' | b'+')) {
        *at += 1;
    }
    let mut digits = 0u32;
    let mut value: u64 = 0;
    let mut fraction = 0i32;
    let mut point = false;
    while let Some(&c) = d.get(*at) {
        match c {
            b'0'..=b'9' => {
                digits += 1;
                value = value.wrapping_mul(10).wrapping_add(u64::from(c - b'0'));
                fraction += i32::from(point);
            }
            b'.' if !point => point = true,
            _ => break,
        }
        *at += 1;
    }
    if digits == 0 || matches!(d.get(*at), Some(b'e' | b'E')) {
        return None;
    }
    let n = if digits <= 15 {
        // Exact: both below 2^53, so the one division rounds as parsing the text does.
        let n = value as f64 / POWERS[fraction as usize];
        if d[start] == b'-' {
            -n
        } else {
            n
        }
    } else {
        std::str::from_utf8(&d[start..*at]).ok()?.parse().ok()?
    };
    n.is_finite().then_some(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The segments svgtypes reads from `d`.
    fn by_svgtypes(d: &str) -> Vec<Segment> {
        svgtypes::SimplifyingPathParser::from(d)
            .collect::<Result<Vec<_>, _>>()
            .unwrap()
    }

    #[test]
    fn straight_path_data_reads_as_svgtypes_reads_it() {
        for d in [
            "M24 0v432m24 0v-432M0 24h432m0 24h-432",
            "M0 0H432V432H0Z",
            "M2 1h.01M3 2h.01M15 15h.01",
            "M5 -3l3.5 6h-7z",
            "M5 5l4 4-4 4-4-4z",
            "M1 2L3 4 5 6",
            "m1 2 3 4",
            "M-1.5-2.25L.5.5",
            "M 1 , 2 l 3 , 4 Z m 1 1 h 2",
            "M0.1 0.2h0.30000000000000004",
            "M12345678901234567 1h1",
        ] {
            assert_eq!(straight(d.as_bytes()), Some(by_svgtypes(d)), "{d}");
            assert_eq!(segments(d), Some(by_svgtypes(d)), "{d}");
        }
    }

    #[test]
    fn other_path_data_goes_to_svgtypes() {
        for d in [
            "M1 1a3.5 3.5 0 1 0 7 0",
            "M0 0C1 1 2 2 3 3",
            "M1e2 0h1",
            "M0 0Q1 1 2 2",
        ] {
            assert_eq!(straight(d.as_bytes()), None, "{d}");
            assert_eq!(segments(d), Some(by_svgtypes(d)), "{d}");
        }
        for bad in ["L1 1", "M1", "M1 x"] {
            assert_eq!(straight(bad.as_bytes()), None, "{bad}");
        }
    }
}
