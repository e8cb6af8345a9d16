//! Wire dates: UTC ISO 8601 with fractional seconds and `Z` (`2015-07-13T09:30:00.000Z`).
//!
//! Hand-written because it is two small conversions (civil date ↔ days) and a date crate would
//! be a dependency for the core library for nothing else.

use std::time::{SystemTime, UNIX_EPOCH};

/// Formats seconds since the Unix epoch (and milliseconds) as a wire date.
pub fn format_unix(secs: i64, millis: u32) -> String {
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{:03}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60,
        millis.min(999)
    )
}

/// Formats a [`SystemTime`] as a wire date (times before 1970 are clamped to the epoch).
pub fn format_system_time(t: SystemTime) -> String {
    let d = t.duration_since(UNIX_EPOCH).unwrap_or_default();
    let secs = i64::try_from(d.as_secs()).unwrap_or(i64::MAX / 2);
    format_unix(secs, d.subsec_millis())
}

/// Normalises an ECAD CSV date (`2015-07-13`, `2015-07-13T09:30:00`, `… 09:30:00.5Z`,
/// `…+00:00`) to the wire form; `None` when it is not a date in one of those forms.
pub fn normalise_date(text: &str) -> Option<String> {
    let t = text.trim();
    let date = t.get(..10)?;
    let (y, m, d) = parse_ymd(date)?;
    let rest = &t[10..];
    let (hh, mm, ss, frac) = if rest.is_empty() {
        (0, 0, 0, String::from("000"))
    } else {
        let rest = rest.strip_prefix(['T', ' '])?;
        let rest = rest
            .strip_suffix('Z')
            .or_else(|| rest.strip_suffix("+00:00"))
            .unwrap_or(rest);
        let (clock, frac) = rest.split_once('.').unwrap_or((rest, ""));
        let mut parts = clock.split(':');
        let hh: u32 = parts.next()?.parse().ok()?;
        let mm: u32 = parts.next()?.parse().ok()?;
        let ss: u32 = parts.next().unwrap_or("0").parse().ok()?;
        if parts.next().is_some() || hh > 23 || mm > 59 || ss > 60 {
            return None;
        }
        if !frac.bytes().all(|b| b.is_ascii_digit()) || frac.len() > 9 {
            return None;
        }
        let mut frac = frac.to_owned();
        while frac.len() < 3 {
            frac.push('0');
        }
        (hh, mm, ss, frac)
    };
    Some(format!(
        "{y:04}-{m:02}-{d:02}T{hh:02}:{mm:02}:{ss:02}.{frac}Z"
    ))
}

fn parse_ymd(s: &str) -> Option<(i64, u32, u32)> {
    let b = s.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let y: i64 = s.get(0..4)?.parse().ok()?;
    let m: u32 = s.get(5..7)?.parse().ok()?;
    let d: u32 = s.get(8..10)?.parse().ok()?;
    let max_day = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 => 29,
        2 => 28,
        _ => return None,
    };
    (1..=max_day).contains(&d).then_some((y, m, d))
}

/// Days since 1970-01-01 → (year, month, day); Howard Hinnant's `civil_from_days`.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (
        y,
        u32::try_from(m).unwrap_or(1),
        u32::try_from(d).unwrap_or(1),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_known_instants() {
        assert_eq!(format_unix(0, 0), "1970-01-01T00:00:00.000Z");
        assert_eq!(format_unix(1_436_779_800, 5), "2015-07-13T09:30:00.005Z");
        assert_eq!(format_unix(951_782_400, 0), "2000-02-29T00:00:00.000Z");
    }

    #[test]
    fn normalises_csv_dates() {
        assert_eq!(
            normalise_date("2015-07-13").as_deref(),
            Some("2015-07-13T00:00:00.000Z")
        );
        assert_eq!(
            normalise_date("2015-07-13T09:30:00Z").as_deref(),
            Some("2015-07-13T09:30:00.000Z")
        );
        assert_eq!(
            normalise_date("2015-07-13 09:30:00.5").as_deref(),
            Some("2015-07-13T09:30:00.500Z")
        );
        assert_eq!(
            normalise_date("2015-07-13T09:30:00.1234567Z").as_deref(),
            Some("2015-07-13T09:30:00.1234567Z")
        );
        assert_eq!(normalise_date("2015-02-30"), None);
        assert_eq!(normalise_date("13/07/2015"), None);
        assert_eq!(normalise_date(""), None);
        assert_eq!(normalise_date("2015-07-13Tx"), None);
    }

    proptest::proptest! {
        #[test]
        fn never_panics(s in "\\PC{0,40}") {
            let _ = normalise_date(&s);
        }

        #[test]
        fn formatted_dates_normalise_to_themselves(secs in 0i64..4_000_000_000, ms in 0u32..1000) {
            let s = format_unix(secs, ms);
            proptest::prop_assert_eq!(normalise_date(&s), Some(s));
        }
    }
}
