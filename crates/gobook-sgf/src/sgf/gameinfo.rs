//! Correcting free-form game-information values (`KM`, `RE`, `DT`, `TM`) to their FF[4] form.
//!
//! Each function returns `Ok(None)` when the value is already right, `Ok(Some(new))` when it
//! could be corrected, and `Err(())` when it is wrong and cannot be corrected.

/// Formats a number the FF[4] way: `5.5`, `6`, `-0.5`.
pub fn format_real(x: f64) -> String {
    let s = format!("{x}");
    if s == "-0" {
        "0".into()
    } else {
        s
    }
}

/// Reads a leading number such as `5`, `5.5`, `5,5`, `30.`, `5 1/2` or `3/4`; returns it and the rest.
pub fn loose_real(s: &str) -> Option<(f64, &str)> {
    let t = s.trim_start();
    let (neg, body) = match t.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let (int, mut rest) = leading_int(body)?;
    let mut value = int as f64;
    if let Some(r) = rest.strip_prefix(['.', ',']) {
        let n = r.bytes().take_while(u8::is_ascii_digit).count();
        if n > 0 {
            value = format!("{int}.{}", &r[..n]).parse().ok()?;
            rest = &r[n..];
        } else if rest.starts_with('.') {
            rest = r; // "30." has a dot and no decimals
        }
    } else if let Some(r) = rest.strip_prefix('/') {
        if let Some((d, after)) = leading_int(r) {
            if d > 0 {
                value /= d as f64;
                rest = after;
            }
        }
    } else if let (Some(f), after) = fraction(rest.trim_start()) {
        value += f;
        rest = after;
    }
    Some((if neg { -value } else { value }, rest))
}

fn leading_int(s: &str) -> Option<(u64, &str)> {
    let n = s.bytes().take_while(u8::is_ascii_digit).count();
    if n == 0 {
        return None;
    }
    Some((s[..n].parse().ok()?, &s[n..]))
}

fn fraction(s: &str) -> (Option<f64>, &str) {
    if let Some((n, rest)) = leading_int(s) {
        if let Some(r) = rest.strip_prefix('/') {
            if let Some((d, after)) = leading_int(r) {
                if d > 0 && n < d {
                    return (Some(n as f64 / d as f64), after);
                }
            }
        }
    }
    (None, s)
}

/// `KM`: a real number.
pub fn komi(v: &str) -> Result<Option<String>, ()> {
    if super::value::is_real(v) {
        return Ok(None);
    }
    let (x, rest) = loose_real(v).ok_or(())?;
    let rest = rest.trim().to_ascii_lowercase();
    if rest.is_empty() || rest.starts_with("point") || rest.starts_with("pt") || rest == "moku" {
        Ok(Some(format_real(x)))
    } else {
        Err(())
    }
}

/// `TM`: seconds as a real number; understands `9 hours`, `1h30m`, `90 min`, `142 sec`.
pub fn time(v: &str) -> Result<Option<String>, ()> {
    if super::value::is_real(v) {
        return Ok(None);
    }
    if let Some(secs) = clock(v.trim()) {
        return Ok(Some(format_real(secs)));
    }
    let mut total = 0.0;
    let mut rest = v.trim();
    let mut any = false;
    while !rest.is_empty() {
        let (x, after) = loose_real(rest).ok_or(())?;
        let after = after.trim_start();
        let unit_len = after.bytes().take_while(u8::is_ascii_alphabetic).count();
        let unit = after[..unit_len].to_ascii_lowercase();
        let factor = match unit.as_str() {
            "" | "s" | "sec" | "secs" | "second" | "seconds" => 1.0,
            "m" | "min" | "mins" | "minute" | "minutes" => 60.0,
            "h" | "hr" | "hrs" | "hour" | "hours" => 3600.0,
            _ => return Err(()),
        };
        total += x * factor;
        any = true;
        rest = after[unit_len..]
            .trim_start()
            .trim_start_matches([',', '+'])
            .trim_start();
        if unit.is_empty() && !rest.is_empty() {
            return Err(());
        }
    }
    if any {
        Ok(Some(format_real(total)))
    } else {
        Err(())
    }
}

/// A clock time `MM:SS` or `H:MM:SS` in seconds (`50:00` is 3000), the main time of
/// values such as `10:00(5x1:00)` or `30:00+30:00/25` whose overtime FF[4] keeps in `OT`.
fn clock(v: &str) -> Option<f64> {
    let end = v
        .find(|c: char| !(c.is_ascii_digit() || c == ':'))
        .unwrap_or(v.len());
    let (main, rest) = v.split_at(end);
    let rest = rest.trim_start();
    if !(rest.is_empty() || rest.starts_with('(') || rest.starts_with('+')) {
        return None;
    }
    let parts: Vec<&str> = main.split(':').collect();
    if !(2..=3).contains(&parts.len())
        || parts.iter().any(|p| p.is_empty() || p.len() > 6)
        || parts[1..].iter().any(|p| p.len() != 2)
    {
        return None;
    }
    let n: Vec<f64> = parts
        .iter()
        .map(|p| p.parse::<f64>().ok())
        .collect::<Option<_>>()?;
    if n[1..].iter().any(|x| *x >= 60.0) {
        return None;
    }
    Some(n.iter().fold(0.0, |acc, x| acc * 60.0 + x))
}

/// `RE`: `B+3.5`, `W+R`, `B+T`, `B+F`, `0`, `Draw`, `Void`, `?`.
pub fn result(v: &str) -> Result<Option<String>, ()> {
    if result_ok(v) {
        return Ok(None);
    }
    let t = v.trim();
    let lower = t.to_ascii_lowercase();
    if matches!(lower.as_str(), "draw" | "jigo" | "tie") {
        return Ok(Some("Draw".into()));
    }
    if lower == "void" || lower == "no result" {
        return Ok(Some("Void".into()));
    }
    let (color, rest) = if let Some(r) = lower.strip_prefix("black") {
        ("B", r)
    } else if let Some(r) = lower.strip_prefix("white") {
        ("W", r)
    } else if let Some(r) = lower.strip_prefix('b') {
        ("B", r)
    } else if let Some(r) = lower.strip_prefix('w') {
        ("W", r)
    } else {
        return Err(());
    };
    let rest = rest.trim_start();
    let how = rest.trim_start_matches('+').trim();
    let how = how.strip_prefix("wins").map(str::trim_start).unwrap_or(how);
    let how = how.strip_prefix("by").map(str::trim_start).unwrap_or(how);
    let out = if how.is_empty() {
        format!("{color}+")
    } else if how.starts_with("r") {
        format!("{color}+R")
    } else if how.starts_with("t") {
        format!("{color}+T")
    } else if how.starts_with("f") {
        format!("{color}+F")
    } else if let Some((x, after)) = loose_real(how) {
        let after = after.trim();
        if !(after.is_empty()
            || after.starts_with("point")
            || after.starts_with("pt")
            || after == "moku")
        {
            return Err(());
        }
        format!("{color}+{}", format_real(x))
    } else {
        return Err(());
    };
    if out == t {
        Ok(None)
    } else {
        Ok(Some(out))
    }
}

fn result_ok(v: &str) -> bool {
    match v {
        "0" | "Draw" | "Void" | "?" => return true,
        _ => {}
    }
    let rest = match v.strip_prefix("B+").or_else(|| v.strip_prefix("W+")) {
        Some(r) => r,
        None => return false,
    };
    matches!(rest, "" | "R" | "Resign" | "T" | "Time" | "F" | "Forfeit")
        || super::value::is_real(rest)
}

/// `DT`: ISO dates `YYYY-MM-DD`, with FF[4] shortcuts (`1996-05,06`, `1996-05-06,07`).
pub fn date(v: &str) -> Result<Option<String>, ()> {
    if date_ok(v) {
        return Ok(None);
    }
    let t = v.trim();
    let parts: Vec<&str> = t
        .split(['/', '.', '-', ' '])
        .filter(|s| !s.is_empty())
        .collect();
    let nums: Option<Vec<u32>> = parts.iter().map(|p| p.parse().ok()).collect();
    let nums = nums.ok_or(())?;
    // FF[4] writes a year in four digits: a longer one cannot be mended (and "correcting"
    // `20101-09-10` to itself would warn again on every reading).
    let year = |y: &u32| (1000..=9999).contains(y);
    let ymd = match nums.as_slice() {
        [y, m, d] if year(y) => (*y, *m, *d),
        // Day first, as written in most of Europe.
        [d, m, y] if year(y) => (*y, *m, *d),
        [y, m] if year(y) => (*y, *m, 0),
        [y] if year(y) => (*y, 0, 0),
        _ => return Err(()),
    };
    let out = match ymd {
        (y, 0, 0) => format!("{y:04}"),
        (y, m, 0) if (1..=12).contains(&m) => format!("{y:04}-{m:02}"),
        (y, m, d) if (1..=12).contains(&m) && (1..=31).contains(&d) => {
            format!("{y:04}-{m:02}-{d:02}")
        }
        _ => return Err(()),
    };
    Ok(Some(out))
}

fn date_ok(v: &str) -> bool {
    // The usual full date, `YYYY-MM-DD`, without splitting it.
    if let [y0, y1, y2, y3, b'-', m0, m1, b'-', d0, d1] = v.as_bytes() {
        if [y0, y1, y2, y3, m0, m1, d0, d1]
            .iter()
            .all(|b| b.is_ascii_digit())
        {
            return true;
        }
    }
    // Each comma part is YYYY[-MM[-DD]], MM[-DD] or DD, as FF[4] allows after a full date.
    let mut first = true;
    for part in v.split(',') {
        let fields: Vec<&str> = part.split('-').collect();
        let ok = fields
            .iter()
            .all(|f| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit()))
            && match fields.as_slice() {
                [y] if y.len() == 4 => true,
                [y, m] if y.len() == 4 => m.len() == 2,
                [y, m, d] if y.len() == 4 => m.len() == 2 && d.len() == 2,
                [a] if !first => a.len() == 2,
                [m, d] if !first => m.len() == 2 && d.len() == 2,
                _ => false,
            };
        if !ok {
            return false;
        }
        first = false;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corrections() {
        assert_eq!(komi("5 1/2"), Ok(Some("5.5".into())));
        assert_eq!(komi("6,5"), Ok(Some("6.5".into())));
        assert_eq!(komi("6.5"), Ok(None));
        assert_eq!(komi("lots"), Err(()));
        assert_eq!(time("9 hours"), Ok(Some("32400".into())));
        assert_eq!(time("1h30m"), Ok(Some("5400".into())));
        assert_eq!(time("30."), Ok(Some("30".into())));
        assert_eq!(time("50:00"), Ok(Some("3000".into())));
        assert_eq!(time("5:00:00(5x1:00)"), Ok(Some("18000".into())));
        assert_eq!(time("30:00+30:00/25"), Ok(Some("1800".into())));
        assert_eq!(time("5:7"), Err(()));
        assert_eq!(time("1:75"), Err(()));
        assert_eq!(
            result("black wins by 5 3/4 points"),
            Ok(Some("B+5.75".into()))
        );
        assert_eq!(result("W+Resign"), Ok(None));
        assert_eq!(result("w+r"), Ok(Some("W+R".into())));
        assert_eq!(result("john wins"), Err(()));
        assert_eq!(
            date("2019-02-28,2020-02-29,2021-01-10,11,12,02-03"),
            Ok(None)
        );
        assert_eq!(date("1994/3/12"), Ok(Some("1994-03-12".into())));
        assert_eq!(date("12.03.1994"), Ok(Some("1994-03-12".into())));
        assert_eq!(date("a sunny afternoon"), Err(()));
    }
}
