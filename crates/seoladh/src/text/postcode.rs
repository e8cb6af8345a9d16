//! UK postcodes (Great Britain and Northern Ireland `BT`): parsing, validation, the single space,
//! and finding one inside free text (so an Irish query holding one can be answered 600
//! ForeignAddressDetected).
//!
//! Shapes of the outward code: `A9`, `A99`, `AA9`, `AA99`, `A9A`, `AA9A`; the inward code is always
//! `9AA`. The area (leading letters) must be one of the 125 in use (plus `GIR 0AA`).

use std::fmt;
use std::ops::Range;

/// The postcode areas in use, sorted. Source: `fixtures/reference/uk/uk_postcode_districts_post_towns_wikipedia.csv`.
pub const AREAS: [&str; 125] = [
    "AB", "AL", "B", "BA", "BB", "BD", "BF", "BH", "BL", "BN", "BR", "BS", "BT", "CA", "CB", "CF",
    "CH", "CM", "CO", "CR", "CT", "CV", "CW", "DA", "DD", "DE", "DG", "DH", "DL", "DN", "DT", "DY",
    "E", "EC", "EH", "EN", "EX", "FK", "FY", "G", "GL", "GU", "GY", "HA", "HD", "HG", "HP", "HR",
    "HS", "HU", "HX", "IG", "IM", "IP", "IV", "JE", "KA", "KT", "KW", "KY", "L", "LA", "LD", "LE",
    "LL", "LN", "LS", "LU", "M", "ME", "MK", "ML", "N", "NE", "NG", "NN", "NP", "NR", "NW", "OL",
    "OX", "PA", "PE", "PH", "PL", "PO", "PR", "RG", "RH", "RM", "S", "SA", "SE", "SG", "SK", "SL",
    "SM", "SN", "SO", "SP", "SR", "SS", "ST", "SW", "SY", "TA", "TD", "TF", "TN", "TQ", "TR", "TS",
    "TW", "UB", "W", "WA", "WC", "WD", "WF", "WN", "WR", "WS", "WV", "YO", "ZE",
];

/// Letters never used in the inward code's unit part.
const INWARD_FORBIDDEN: &[u8] = b"CIKMOV";

/// A valid UK postcode, upper case, stored with the single space (`BT11 8QT`).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct UkPostcode {
    bytes: [u8; 8],
    len: u8,
}

impl UkPostcode {
    /// The normalised form with one space (`BT11 8QT`).
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..self.len as usize]).unwrap_or("")
    }

    /// The outward code (`BT11`).
    pub fn outward(&self) -> &str {
        let s = self.as_str();
        &s[..s.len() - 4]
    }

    /// The inward code (`8QT`).
    pub fn inward(&self) -> &str {
        let s = self.as_str();
        &s[s.len() - 3..]
    }

    /// The area letters (`BT`).
    pub fn area(&self) -> &str {
        let o = self.outward();
        let n = o.bytes().take_while(u8::is_ascii_alphabetic).count();
        &o[..n]
    }

    /// Whether this is a Northern Ireland postcode (area `BT`).
    pub fn is_northern_ireland(&self) -> bool {
        self.area() == "BT"
    }
}

impl fmt::Debug for UkPostcode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "UkPostcode({})", self.as_str())
    }
}

impl fmt::Display for UkPostcode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a text is not a UK postcode.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum UkPostcodeError {
    /// Not 5 to 7 letters and digits once spaces are removed, or a character that is neither.
    Shape {
        /// The text, upper case, without spaces.
        found: String,
    },
    /// The leading letters are not a postcode area in use.
    UnknownArea {
        /// The area letters.
        area: String,
    },
}

impl fmt::Display for UkPostcodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UkPostcodeError::Shape { found } => write!(
                f,
                "{found:?} is not shaped like a UK postcode (outward code such as BT11 or SW1A, then digit + 2 letters)"
            ),
            UkPostcodeError::UnknownArea { area } => {
                write!(f, "{area} is not a UK postcode area; check the leading letters")
            }
        }
    }
}

impl std::error::Error for UkPostcodeError {}

/// Whether `area` (upper case) is a postcode area in use.
pub fn is_area(area: &str) -> bool {
    AREAS.binary_search(&area).is_ok()
}

/// Whether `o` (upper case, no space) is a well-formed outward code with a known area.
pub fn is_outward(o: &[u8]) -> bool {
    let letters = o.iter().take_while(|c| c.is_ascii_uppercase()).count();
    if !(1..=2).contains(&letters) {
        return false;
    }
    let area = std::str::from_utf8(&o[..letters]).unwrap_or("");
    if !is_area(area) {
        return false;
    }
    let rest = &o[letters..];
    match rest {
        [d] => d.is_ascii_digit(),
        [d, e] => d.is_ascii_digit() && (e.is_ascii_digit() || e.is_ascii_uppercase()),
        _ => false,
    }
}

fn is_inward(i: &[u8]) -> bool {
    i.len() == 3
        && i[0].is_ascii_digit()
        && i[1..]
            .iter()
            .all(|c| c.is_ascii_uppercase() && !INWARD_FORBIDDEN.contains(c))
}

/// Parses a UK postcode in any case, with or without (or with several) spaces.
///
/// # Errors
/// [`UkPostcodeError::Shape`] when the letters and digits do not form outward + inward code,
/// [`UkPostcodeError::UnknownArea`] when the area is not in use.
pub fn parse(text: &str) -> Result<UkPostcode, UkPostcodeError> {
    let mut raw = [0u8; 8];
    let mut n = 0usize;
    for c in text.chars() {
        if c.is_whitespace() {
            continue;
        }
        if !c.is_ascii_alphanumeric() || n == 7 {
            return Err(shape_error(text));
        }
        raw[n] = (c as u8).to_ascii_uppercase();
        n += 1;
    }
    parse_compact(&raw[..n]).ok_or_else(|| {
        let letters = raw[..n]
            .iter()
            .take_while(|c| c.is_ascii_uppercase())
            .count();
        let area = String::from_utf8_lossy(&raw[..letters]).into_owned();
        if (1..=2).contains(&letters) && !is_area(&area) && n >= 5 {
            UkPostcodeError::UnknownArea { area }
        } else {
            shape_error(text)
        }
    })
}

fn shape_error(text: &str) -> UkPostcodeError {
    UkPostcodeError::Shape {
        found: text
            .chars()
            .filter(|c| !c.is_whitespace())
            .take(16)
            .collect::<String>()
            .to_uppercase(),
    }
}

/// Parses upper-case letters and digits without spaces.
fn parse_compact(raw: &[u8]) -> Option<UkPostcode> {
    if !(5..=7).contains(&raw.len()) {
        return None;
    }
    let (out, inw) = raw.split_at(raw.len() - 3);
    let ok = (out == b"GIR" && inw == b"0AA") || (is_outward(out) && is_inward(inw));
    if !ok {
        return None;
    }
    let mut bytes = [0u8; 8];
    bytes[..out.len()].copy_from_slice(out);
    bytes[out.len()] = b' ';
    bytes[out.len() + 1..raw.len() + 1].copy_from_slice(inw);
    Some(UkPostcode {
        bytes,
        len: raw.len() as u8 + 1,
    })
}

/// A UK postcode found inside free text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The normalised postcode.
    pub postcode: UkPostcode,
    /// Byte span in the text (both codes when written with a space).
    pub span: Range<usize>,
}

/// Finds the first UK postcode in free text: one word (`BT118QT`) or outward code + inward code
/// separated by spaces (`bt11 8qt`).
pub fn find_in(text: &str) -> Option<Found> {
    let bytes = text.as_bytes();
    let mut prev: Option<(usize, usize)> = None;
    let mut i = 0;
    while i < bytes.len() {
        if !bytes[i].is_ascii_alphanumeric() {
            i += 1;
            continue;
        }
        let s = i;
        while i < bytes.len() && bytes[i].is_ascii_alphanumeric() {
            i += 1;
        }
        let w = &text[s..i];
        if word_boundary_ok(bytes, s, i) {
            if let Some(p) = parse_word(w) {
                return Some(Found {
                    postcode: p,
                    span: s..i,
                });
            }
            if let Some((ps, pe)) = prev {
                let gap = &text[pe..s];
                if !gap.is_empty() && gap.bytes().all(|b| b == b' ') && i - s == 3 {
                    if let Ok(p) = parse(&text[ps..i]) {
                        return Some(Found {
                            postcode: p,
                            span: ps..i,
                        });
                    }
                }
            }
        }
        prev = Some((s, i));
    }
    None
}

/// A candidate word must not be glued to non-ASCII letters (`ÉBT11…`).
fn word_boundary_ok(bytes: &[u8], s: usize, e: usize) -> bool {
    (s == 0 || bytes[s - 1].is_ascii()) && (e == bytes.len() || bytes[e].is_ascii())
}

/// Parses one word without spaces (`bt118qt`).
pub(crate) fn parse_word(w: &str) -> Option<UkPostcode> {
    if !(5..=7).contains(&w.len()) {
        return None;
    }
    let mut raw = [0u8; 7];
    for (d, c) in raw.iter_mut().zip(w.bytes()) {
        if !c.is_ascii_alphanumeric() {
            return None;
        }
        *d = c.to_ascii_uppercase();
    }
    parse_compact(&raw[..w.len()])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn areas_sorted() {
        assert!(AREAS.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn every_shape() {
        for (input, want) in [
            ("m1 1aa", "M1 1AA"),
            ("M601NW", "M60 1NW"),
            ("cr2 6xh", "CR2 6XH"),
            ("DN551PT", "DN55 1PT"),
            ("w1a 1hq", "W1A 1HQ"),
            ("EC1A1BB", "EC1A 1BB"),
            ("bt11 8qt", "BT11 8QT"),
            ("BT1  1AA", "BT1 1AA"),
        ] {
            assert_eq!(parse(input).unwrap().as_str(), want, "{input}");
        }
        assert!(parse("BT11 8QT").unwrap().is_northern_ireland());
    }

    #[test]
    fn rejects_bad() {
        assert!(matches!(
            parse("QQ1 1AA"),
            Err(UkPostcodeError::UnknownArea { .. })
        ));
        assert!(parse("BT11 8CI").is_err());
        assert!(parse("A65 F4E2").is_err());
        assert!(parse("D6W 1234").is_err());
    }

    #[test]
    fn finds_inside_irish_text() {
        let t = "12 Main Street, Newry, bt35 6aa";
        let f = find_in(t).unwrap();
        assert_eq!(&t[f.span], "bt35 6aa");
        assert!(find_in("8 Silver Birches, Dunboyne, A86 VC04").is_none());
    }
}
