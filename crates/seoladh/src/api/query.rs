//! Reading a raw query string the way real 2.0 clients write it (docs/wire.md §1).
//!
//! Names are matched case-insensitively, the first of duplicate parameters wins, unknown ones
//! are ignored. Values stay encoded until asked for, so a bad encoding in one parameter is
//! reported with that parameter's own error code, and never panics.

use super::enums::ErrorCode;
use super::error::ApiError;

/// The parameters of one query string, in order, names decoded, values still encoded.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RawQuery<'a> {
    pairs: Vec<(String, &'a str)>,
}

impl<'a> RawQuery<'a> {
    /// Splits `a=1&b=2` (no leading `?`). Never fails: a name that does not decode is kept
    /// lossily (it can only ever be an unknown parameter), empty segments are skipped.
    pub fn parse(raw: &'a str) -> Self {
        let pairs = raw
            .split('&')
            .filter(|segment| !segment.is_empty())
            .map(|segment| {
                let (name, value) = segment.split_once('=').unwrap_or((segment, ""));
                let name = match percent_decode(name) {
                    Ok(n) => n,
                    Err(_) => String::from_utf8_lossy(name.as_bytes()).into_owned(),
                };
                (name, value)
            })
            .collect();
        RawQuery { pairs }
    }

    /// The first raw (still encoded) value of `name`, compared ASCII-case-insensitively.
    pub fn raw(&self, name: &str) -> Option<&'a str> {
        self.pairs
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| *v)
    }

    /// The first value of `name`, decoded (`+` is a space); `None` when absent.
    ///
    /// # Errors
    /// Invalid percent-encoding or invalid UTF-8 gives `on_bad` with a message naming `name`.
    pub fn get(&self, name: &str, on_bad: ErrorCode) -> Result<Option<String>, ApiError> {
        match self.raw(name) {
            None => Ok(None),
            Some(raw) => percent_decode(raw).map(Some).map_err(|why| {
                ApiError::new(
                    on_bad,
                    format!("parameter `{name}` is not valid percent-encoded UTF-8 ({why}); encode it as UTF-8 with %XX escapes"),
                )
            }),
        }
    }

    /// Number of parameters (duplicates and unknown ones included).
    pub fn len(&self) -> usize {
        self.pairs.len()
    }

    /// Whether the query has no parameters.
    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }
}

/// Decodes `application/x-www-form-urlencoded` text: `%XX` escapes and `+` as a space.
///
/// # Errors
/// A `%` not followed by two hex digits, or bytes that are not UTF-8, give a short reason.
pub fn percent_decode(input: &str) -> Result<String, &'static str> {
    if !input.contains(['%', '+']) {
        return Ok(input.to_owned());
    }
    let bytes = input.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b'%' => {
                let hi = bytes.get(i + 1).and_then(|b| hex_value(*b));
                let lo = bytes.get(i + 2).and_then(|b| hex_value(*b));
                match (hi, lo) {
                    (Some(hi), Some(lo)) => out.push(hi << 4 | lo),
                    _ => return Err("a % is not followed by two hex digits"),
                }
                i += 3;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).map_err(|_| "the decoded bytes are not UTF-8")
}

fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// Percent-encodes a query value: everything but `A-Z a-z 0-9 - . _ ~` becomes `%XX` (UTF-8),
/// so a space is `%20` and a comma `%2C`.
pub fn percent_encode(input: &str) -> String {
    let mut out = String::with_capacity(input.len());
    percent_encode_into(input, &mut out);
    out
}

/// [`percent_encode`] appending to `out`: links are built without a String per parameter.
pub fn percent_encode_into(input: &str, out: &mut String) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    // Encoded bytes are ASCII: they go through a small buffer and into `out` a chunk at a
    // time, which costs less than a `String::push` per byte.
    let mut buf = [0u8; 128];
    let mut n = 0;
    for &b in input.as_bytes() {
        if n + 3 > buf.len() {
            out.push_str(std::str::from_utf8(&buf[..n]).unwrap_or(""));
            n = 0;
        }
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            buf[n] = b;
            n += 1;
        } else {
            buf[n] = b'%';
            buf[n + 1] = HEX[usize::from(b >> 4)];
            buf[n + 2] = HEX[usize::from(b & 0xF)];
            n += 3;
        }
    }
    out.push_str(std::str::from_utf8(&buf[..n]).unwrap_or(""));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_case_insensitive_and_first_duplicate_wins() {
        let q = RawQuery::parse("Key=a&txn=1&TXN=2&_=123&&ecadid=5");
        assert_eq!(q.raw("key"), Some("a"));
        assert_eq!(q.raw("txn"), Some("1"));
        assert_eq!(q.raw("ecadId"), Some("5"));
        assert_eq!(q.len(), 5);
    }

    proptest::proptest! {
        #[test]
        fn encoding_is_byte_by_byte_and_round_trips(s in "\\PC{0,300}") {
            let mut expected = String::new();
            for &b in s.as_bytes() {
                if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                    expected.push(char::from(b));
                } else {
                    expected.push_str(&format!("%{b:02X}"));
                }
            }
            proptest::prop_assert_eq!(&percent_encode(&s), &expected);
            proptest::prop_assert_eq!(percent_decode(&expected).unwrap(), s);
        }
    }

    #[test]
    fn decodes_plus_percent_and_fadas() {
        assert_eq!(percent_decode("a+b%2C%20c").unwrap(), "a b, c");
        assert_eq!(percent_decode("BAILE%20%C3%81THA").unwrap(), "BAILE ÁTHA");
        assert!(percent_decode("%FF").is_err());
        assert!(percent_decode("%G1").is_err());
        assert!(percent_decode("abc%2").is_err());
        assert!(percent_decode("%").is_err());
    }

    #[test]
    fn bad_value_gets_the_callers_code() {
        let q = RawQuery::parse("address=%FF");
        let err = q.get("address", ErrorCode::InvalidAddress).unwrap_err();
        assert_eq!(err.code, ErrorCode::InvalidAddress);
    }

    #[test]
    fn encode_then_decode_round_trips() {
        let s = "1 Silver Birches, Dún Búinne & Co+ 50%";
        let enc = percent_encode(s);
        assert!(!enc.contains([' ', ',', '&', '+']));
        assert_eq!(percent_decode(&enc).unwrap(), s);
    }

    proptest::proptest! {
        #[test]
        fn decode_never_panics(s in "\\PC*") {
            let _ = percent_decode(&s);
            let q = RawQuery::parse(&s);
            let _ = q.get("address", ErrorCode::InvalidAddress);
        }

        #[test]
        fn round_trip_any_text(s in "\\PC*") {
            proptest::prop_assert_eq!(percent_decode(&percent_encode(&s)).unwrap(), s);
        }
    }
}
