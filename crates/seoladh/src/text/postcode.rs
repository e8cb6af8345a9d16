//! UK postcodes (Great Britain and Northern Ireland `BT`): parsing, validation, the single space,
//! and finding one inside free text (so an Irish query holding one can be answered 600
//! ForeignAddressDetected).
//!
//! Shapes of the outward code: `A9`, `A99`, `AA9`, `AA99`, `A9A`, `AA9A`; the inward code is always
//! `9AA`. The area (leading letters) must be one of the 126 in use (plus `GIR 0AA`). A postcode
//! whose outward code is one of the ~3,000 districts in use ([`UkPostcode::is_known_district`])
//! is a real one; the others only have the shape.

use std::fmt;
use std::ops::Range;

use super::lookalike::{alphanumeric_runs, digit_for, letters_for, spaces_only};

/// The postcode areas in use, sorted. Source: `fixtures/reference/uk/uk_postcode_districts_post_towns_wikipedia.csv`,
/// and the non-geographic area `BX` (banks and government departments), which that table lacks.
pub const AREAS: [&str; 126] = [
    "AB", "AL", "B", "BA", "BB", "BD", "BF", "BH", "BL", "BN", "BR", "BS", "BT", "BX", "CA", "CB",
    "CF", "CH", "CM", "CO", "CR", "CT", "CV", "CW", "DA", "DD", "DE", "DG", "DH", "DL", "DN", "DT",
    "DY", "E", "EC", "EH", "EN", "EX", "FK", "FY", "G", "GL", "GU", "GY", "HA", "HD", "HG", "HP",
    "HR", "HS", "HU", "HX", "IG", "IM", "IP", "IV", "JE", "KA", "KT", "KW", "KY", "L", "LA", "LD",
    "LE", "LL", "LN", "LS", "LU", "M", "ME", "MK", "ML", "N", "NE", "NG", "NN", "NP", "NR", "NW",
    "OL", "OX", "PA", "PE", "PH", "PL", "PO", "PR", "RG", "RH", "RM", "S", "SA", "SE", "SG", "SK",
    "SL", "SM", "SN", "SO", "SP", "SR", "SS", "ST", "SW", "SY", "TA", "TD", "TF", "TN", "TQ", "TR",
    "TS", "TW", "UB", "W", "WA", "WC", "WD", "WF", "WN", "WR", "WS", "WV", "YO", "ZE",
];

/// Letters never used in the inward code's unit part.
const INWARD_FORBIDDEN: &[u8] = b"CIKMOV";

/// The postcode districts in use (outward codes), one a line: see the file's header.
const DISTRICTS: &str = include_str!("data/uk_districts.txt");

/// An outward code of at most 4 bytes packed into a number (`None` when longer).
fn pack_outward(o: &[u8]) -> Option<u32> {
    if o.is_empty() || o.len() > 4 {
        return None;
    }
    Some(o.iter().fold(0u32, |v, &b| v << 8 | u32::from(b)))
}

/// [`DISTRICTS`] packed and sorted, read once.
fn districts() -> &'static [u32] {
    static TABLE: std::sync::OnceLock<Vec<u32>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t: Vec<u32> = DISTRICTS
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .filter_map(|l| pack_outward(l.trim().as_bytes()))
            .collect();
        t.sort_unstable();
        t.dedup();
        t
    })
}

/// Whether `outward` (upper case, `SW1A`, `BT9`) is a postcode district in use.
pub fn is_district(outward: &str) -> bool {
    pack_outward(outward.as_bytes()).is_some_and(|k| districts().binary_search(&k).is_ok())
}

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

    /// Whether the outward code is a district in use (`GIR 0AA` counts as one): a real
    /// postcode, not only its shape.
    pub fn is_known_district(&self) -> bool {
        self.outward() == "GIR" || is_district(self.outward())
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
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum UkPostcodeError {
    /// Not 5 to 7 letters and digits once spaces are removed, or a character that is neither.
    #[error(
        "{found:?} is not shaped like a UK postcode (outward code such as BT11 or SW1A, then digit + 2 letters)"
    )]
    Shape {
        /// The text, upper case, without spaces.
        found: String,
    },
    /// The leading letters are not a postcode area in use.
    #[error("{area} is not a UK postcode area; check the leading letters")]
    UnknownArea {
        /// The area letters.
        area: String,
    },
}

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

/// Most repairs in one postcode (look-alikes, and a space typed elsewhere than before the
/// inward code), as for an Eircode: with more, any two words of the right length would read.
const MAX_REPAIRS: u8 = 2;

/// Parses a UK postcode typed with look-alikes (`HU17 OXL` for `HU17 0XL`, `SW1A 2A8` for
/// `SW1A 2AB`, `BAL3 5RD` for `BA13 5RD`, `G1R OAA` for `GIR 0AA`). Returns the postcode and
/// how many things were repaired (0 for a clean one); a space typed elsewhere than before the
/// inward code is one (`DL1 04HY` for `DL10 4HY`: the shape of an Eircode). In the inward code
/// the digit and the letters have fixed places, so a look-alike there has one reading; in the
/// outward code the reading with fewest look-alikes that is a district in use is taken (the
/// first in the order of the characters as typed, on a tie). A repaired postcode must have a
/// district in use: with look-alikes allowed, the shape alone would take ordinary words for
/// postcodes. At most two repairs.
pub fn parse_repaired(text: &str) -> Option<(UkPostcode, u8)> {
    let mut raw = [0u8; 7];
    let mut n = 0usize;
    // Characters before the first space inside the code.
    let mut first_gap = None;
    for c in text.chars() {
        if c.is_whitespace() {
            if n > 0 && first_gap.is_none() {
                first_gap = Some(n);
            }
            continue;
        }
        if !c.is_ascii_alphanumeric() || n == 7 {
            return None;
        }
        raw[n] = (c as u8).to_ascii_uppercase();
        n += 1;
    }
    if n < 5 {
        return None;
    }
    let moved_space = u8::from(first_gap.is_some_and(|g| g != n && g != n - 3));
    let raw = &raw[..n];
    // The shape alone (`AB2S 5FW`) only when no district in use is a repair away.
    let clean = parse_compact(raw);
    if let Some(p) = clean.filter(UkPostcode::is_known_district) {
        return Some((p, moved_space));
    }
    repaired(raw, moved_space).or(clean.map(|p| (p, moved_space)))
}

/// [`parse_repaired`] past the clean reading: `raw` (upper case, no spaces) with look-alikes
/// read, `repairs` already counted.
fn repaired(raw: &[u8], mut repairs: u8) -> Option<(UkPostcode, u8)> {
    let n = raw.len();
    let mut buf = [0u8; 7];
    buf[..n].copy_from_slice(raw);
    let raw = &mut buf[..n];
    let (out, inw) = raw.split_at_mut(n - 3);
    if !inw[0].is_ascii_digit() {
        inw[0] = digit_for(inw[0])?;
        repairs += 1;
    }
    for c in &mut inw[1..] {
        if c.is_ascii_digit() {
            // `I` is no inward letter: `1` is an `L` there.
            *c = *letters_for(*c)
                .iter()
                .find(|l| !INWARD_FORBIDDEN.contains(l))?;
            repairs += 1;
        }
    }
    if repairs > MAX_REPAIRS {
        return None;
    }
    let mut outward = [0u8; 4];
    let outward = &mut outward[..out.len()];
    outward.copy_from_slice(out);
    let (best, k) = repair_outward(outward, 0, MAX_REPAIRS - repairs)?;
    out.copy_from_slice(&best[..out.len()]);
    let p = parse_compact(raw)?;
    p.is_known_district().then_some((p, repairs + k))
}

/// The reading of `outward[at..]` with fewest look-alikes (at most `budget`) that makes
/// `outward` a district in use (or `GIR`): the outward code and the look-alikes read.
fn repair_outward(outward: &mut [u8], at: usize, budget: u8) -> Option<([u8; 4], u8)> {
    let Some(&typed) = outward.get(at) else {
        let known = outward == b"GIR"
            || (is_outward(outward) && std::str::from_utf8(outward).is_ok_and(is_district));
        let mut out = [0u8; 4];
        out[..outward.len()].copy_from_slice(outward);
        return known.then_some((out, 0));
    };
    let mut best = repair_outward(outward, at + 1, budget);
    if budget > 0 {
        let digit = digit_for(typed);
        let alts = match &digit {
            Some(d) => std::slice::from_ref(d),
            None => letters_for(typed),
        };
        for &alt in alts {
            outward[at] = alt;
            if let Some((o, k)) = repair_outward(outward, at + 1, budget - 1) {
                if !best.is_some_and(|(_, b)| b <= k + 1) {
                    best = Some((o, k + 1));
                }
            }
        }
        outward[at] = typed;
    }
    best
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
    for (s, i) in alphanumeric_runs(text) {
        let w = &text[s..i];
        if word_boundary_ok(bytes, s, i) {
            if let Some(p) = parse_word(w) {
                return Some(Found {
                    postcode: p,
                    span: s..i,
                });
            }
            if let Some((ps, pe)) = prev {
                if spaces_only(&text[pe..s]) && i - s == 3 {
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
    fn districts_in_use_are_known() {
        for (code, known) in [
            ("AB10 6ES", true),
            ("SW1A 2AA", true),
            ("BX1 1LT", true),
            ("BX5 5AT", true),
            ("GIR 0AA", true),
            ("DL5A 2XY", false),
            ("AB9 1AA", false),
        ] {
            assert_eq!(parse(code).unwrap().is_known_district(), known, "{code}");
        }
        assert!(is_district("EC1A") && is_district("BT94") && !is_district("EC1Z"));
    }

    #[test]
    fn repairs_look_alikes_in_the_inward_code() {
        let r = |t: &str| parse_repaired(t).map(|(p, n)| (p.as_str().to_owned(), n));
        assert_eq!(r("HU17 OXL"), Some(("HU17 0XL".into(), 1)));
        assert_eq!(r("g1r oaa"), Some(("GIR 0AA".into(), 2)));
        assert_eq!(r("bt9 6gw"), Some(("BT9 6GW".into(), 0)));
        assert_eq!(r("bt96gw "), Some(("BT9 6GW".into(), 0)));
        // Spaced like an Eircode: the space is repaired too.
        assert_eq!(r("DL1 04HY"), Some(("DL10 4HY".into(), 1)));
        // A digit where the inward code has a letter, and look-alikes in the outward code.
        assert_eq!(r("SW1A 2A8"), Some(("SW1A 2AB".into(), 1)));
        assert_eq!(r("dn15 08a"), Some(("DN15 0BA".into(), 1)));
        assert_eq!(r("BAL3 5RD"), Some(("BA13 5RD".into(), 1)));
        assert_eq!(r("8D12 1LN"), Some(("BD12 1LN".into(), 1)));
        assert_eq!(r("SWIA OAA"), Some(("SW1A 0AA".into(), 2)));
        assert_eq!(r("1399LU"), Some(("L39 9LU".into(), 1)));
        // At most two repairs.
        assert_eq!(r("SWIA OA8"), None);
        // A district in use a look-alike away beats the shape of one not in use.
        assert_eq!(r("AB2S 5FW"), Some(("AB25 5FW".into(), 1)));
        assert_eq!(r("AB2Z 5FW"), Some(("AB22 5FW".into(), 1)));
        // Only a district in use is repaired; a clean code needs none.
        assert_eq!(r("DL5A SXY"), None);
        assert_eq!(r("HU17 OX"), None);
        assert_eq!(r("HU17 OOL"), None);
    }

    #[test]
    fn finds_inside_irish_text() {
        let t = "12 Main Street, Newry, bt35 6aa";
        let f = find_in(t).unwrap();
        assert_eq!(&t[f.span], "bt35 6aa");
        assert!(find_in("8 Silver Birches, Dunboyne, A86 VC04").is_none());
    }
}
