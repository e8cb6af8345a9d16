//! Wire dates: UTC ISO 8601 with millisecond fractions and `Z` (`2015-07-13T09:30:00.000Z`).
//!
//! The crate's one date module: the index store keeps dates as milliseconds since the Unix epoch
//! ([`parse_date`] at build time, re-exported as `index::store::parse_date`) and every answer
//! writes them with [`format_date`], so stored and served dates cannot disagree in form.

use std::time::{SystemTime, UNIX_EPOCH};

/// Parses an ECAD CSV date-time (`2019-04-18T10:22:31.123Z`, `…+01:00`, `2015-07-13T09:30:00`,
/// `2015-07-13 09:30:00.5` or a plain date `2015-07-13`) into milliseconds since the epoch;
/// `None` when it is none of those forms. A time without an offset is taken as UTC.
pub fn parse_date(s: &str) -> Option<i64> {
    let s = s.trim();
    if let Ok(dt) = chrono::DateTime::parse_from_rfc3339(s) {
        return Some(dt.timestamp_millis());
    }
    for form in ["%Y-%m-%dT%H:%M:%S%.f", "%Y-%m-%d %H:%M:%S%.f"] {
        if let Ok(dt) = chrono::NaiveDateTime::parse_from_str(s, form) {
            return Some(dt.and_utc().timestamp_millis());
        }
    }
    let d = chrono::NaiveDate::parse_from_str(s, "%Y-%m-%d").ok()?;
    Some(d.and_hms_opt(0, 0, 0)?.and_utc().timestamp_millis())
}

/// Formats milliseconds since the epoch as a wire date (`2019-04-18T10:22:31.123Z`); an instant
/// outside chrono's range (±262,000 years) is clamped to the epoch rather than failing.
pub fn format_date(ms: i64) -> String {
    let dt = chrono::DateTime::from_timestamp_millis(ms).unwrap_or_default();
    dt.format("%Y-%m-%dT%H:%M:%S%.3fZ").to_string()
}

/// Formats a [`SystemTime`] as a wire date (times before 1970 are clamped to the epoch).
pub fn format_system_time(t: SystemTime) -> String {
    let d = t.duration_since(UNIX_EPOCH).unwrap_or_default();
    format_date(i64::try_from(d.as_millis()).unwrap_or(0))
}

/// An ECAD CSV date in wire form ([`parse_date`] then [`format_date`]); `None` when it is not
/// a date.
pub fn normalise_date(text: &str) -> Option<String> {
    parse_date(text).map(format_date)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_known_instants() {
        assert_eq!(format_date(0), "1970-01-01T00:00:00.000Z");
        assert_eq!(format_date(1_436_779_800_005), "2015-07-13T09:30:00.005Z");
        assert_eq!(format_date(951_782_400_000), "2000-02-29T00:00:00.000Z");
        assert_eq!(format_date(i64::MAX), "1970-01-01T00:00:00.000Z");
        assert_eq!(
            format_system_time(UNIX_EPOCH + std::time::Duration::from_millis(1500)),
            "1970-01-01T00:00:01.500Z"
        );
    }

    #[test]
    fn normalises_csv_dates() {
        for (text, wire) in [
            ("2015-07-13", "2015-07-13T00:00:00.000Z"),
            ("2015-07-13T09:30:00Z", "2015-07-13T09:30:00.000Z"),
            ("2015-07-13 09:30:00.5", "2015-07-13T09:30:00.500Z"),
            ("2015-07-13T09:30:00", "2015-07-13T09:30:00.000Z"),
            ("2015-07-13T09:30:00.1234567Z", "2015-07-13T09:30:00.123Z"),
            ("2015-07-13T10:30:00+01:00", "2015-07-13T09:30:00.000Z"),
        ] {
            assert_eq!(normalise_date(text).as_deref(), Some(wire), "{text}");
        }
        for bad in ["2015-02-30", "13/07/2015", "", "2015-07-13Tx", "yesterday"] {
            assert_eq!(normalise_date(bad), None, "{bad}");
        }
    }

    proptest::proptest! {
        #[test]
        fn never_panics(s in "\\PC{0,40}") {
            let _ = normalise_date(&s);
        }

        #[test]
        fn formatted_dates_parse_back(ms in 0i64..4_000_000_000_000) {
            proptest::prop_assert_eq!(parse_date(&format_date(ms)), Some(ms));
        }
    }
}
