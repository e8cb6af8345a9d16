//! Eircodes: parsing (any case, with or without the space), look-alike correction, the 139 routing
//! keys, finding an Eircode inside free text, and near-miss candidates for the matcher.
//!
//! An Eircode is a routing key (letter + 2 digits, or `D6W`) and a 4-character unique identifier,
//! over the alphabet `0-9 A C D E F H K N P R T V W X Y`. People type look-alikes (`O` for `0`,
//! `I`/`L` for `1`, `S` for `5`, `B` for `8`, `Z` for `2`, `G` for `6`); [`parse`] corrects them and
//! says how many it corrected, so a caller can treat a corrected code as less certain.

use std::fmt;
use std::ops::Range;

use super::lookalike::{alphanumeric_runs, digit_for, spaces_only};

/// Every routing key in use (139), sorted. Source: `fixtures/reference/eircode/` (three public
/// lists that agree on this set).
pub const ROUTING_KEYS: [&str; 139] = [
    "A41", "A42", "A45", "A63", "A67", "A75", "A81", "A82", "A83", "A84", "A85", "A86", "A91",
    "A92", "A94", "A96", "A98", "C15", "D01", "D02", "D03", "D04", "D05", "D06", "D07", "D08",
    "D09", "D10", "D11", "D12", "D13", "D14", "D15", "D16", "D17", "D18", "D20", "D22", "D24",
    "D6W", "E21", "E25", "E32", "E34", "E41", "E45", "E53", "E91", "F12", "F23", "F26", "F28",
    "F31", "F35", "F42", "F45", "F52", "F56", "F91", "F92", "F93", "F94", "H12", "H14", "H16",
    "H18", "H23", "H53", "H54", "H62", "H65", "H71", "H91", "K32", "K34", "K36", "K45", "K56",
    "K67", "K78", "N37", "N39", "N41", "N91", "P12", "P14", "P17", "P24", "P25", "P31", "P32",
    "P36", "P43", "P47", "P51", "P56", "P61", "P67", "P72", "P75", "P81", "P85", "R14", "R21",
    "R32", "R35", "R42", "R45", "R51", "R56", "R93", "R95", "T12", "T23", "T34", "T45", "T56",
    "V14", "V15", "V23", "V31", "V35", "V42", "V92", "V93", "V94", "V95", "W12", "W23", "W34",
    "W91", "X35", "X42", "X91", "Y14", "Y21", "Y25", "Y34", "Y35",
];

/// The letters an Eircode may contain (digits are always allowed).
pub use crate::ecad::eircode::EIRCODE_LETTERS as LETTERS;

/// Most look-alike corrections [`parse`] accepts (see [`crate::limits::MAX_EIRCODE_CORRECTIONS`]).
pub const MAX_CORRECTIONS: u8 = crate::limits::MAX_EIRCODE_CORRECTIONS;

/// A valid Eircode, stored upper case without the space (`A86VC04`).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Eircode {
    bytes: [u8; 7],
}

impl Eircode {
    /// The code without a space, upper case (`A86VC04`), the stored form.
    pub fn as_str(&self) -> &str {
        // Only ASCII bytes are ever stored.
        std::str::from_utf8(&self.bytes).unwrap_or("")
    }

    /// The code lower case without a space (`a86vc04`), the form of a token's text.
    pub(crate) fn lower_bytes(&self) -> [u8; 7] {
        let mut b = self.bytes;
        b.make_ascii_lowercase();
        b
    }

    /// The routing key (`A86`).
    pub fn routing_key(&self) -> &str {
        &self.as_str()[..3]
    }

    /// The unique identifier (`VC04`).
    pub fn unique_id(&self) -> &str {
        &self.as_str()[3..]
    }

    /// The display form with the space after the routing key (`A86 VC04`).
    pub fn display(&self) -> String {
        format!("{} {}", self.routing_key(), self.unique_id())
    }
}

impl fmt::Debug for Eircode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Eircode({})", self.as_str())
    }
}

impl fmt::Display for Eircode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.routing_key(), self.unique_id())
    }
}

/// An Eircode read from text, with the number of look-alike characters that had to be corrected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parsed {
    /// The corrected, valid code.
    pub eircode: Eircode,
    /// How many characters were look-alikes (`O`→`0` …); 0 for a clean code.
    pub corrections: u8,
}

/// Why a text is not an Eircode.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EircodeError {
    /// Not 7 letters and digits once spaces are removed.
    #[error("an Eircode has 7 letters and digits (like A86 VC04), found {found}")]
    Length {
        /// Letters and digits found.
        found: usize,
    },
    /// A character that is not a letter or digit (other than spaces).
    #[error("an Eircode holds only letters and digits, found {found:?}")]
    NotAlphanumeric {
        /// The character.
        found: char,
    },
    /// A letter outside the Eircode alphabet that is not a known look-alike of a digit.
    #[error(
        "letter {found:?} at position {} is never used in Eircodes (allowed: {} and digits)",
        position + 1,
        allowed_letters()
    )]
    InvalidLetter {
        /// 0-based position in the 7-character code.
        position: usize,
        /// The letter as typed.
        found: char,
    },
    /// The first character must be a letter (routing keys are letter + 2 digits, or `D6W`).
    #[error("the routing key {found:?} must be a letter and two digits (or D6W)")]
    RoutingKeyShape {
        /// The three characters as typed.
        found: String,
    },
    /// The routing key has the right shape but is not one of the 139 in use.
    #[error(
        "{found} is not one of the 139 Eircode routing keys; check the first three characters"
    )]
    UnknownRoutingKey {
        /// The corrected routing key.
        found: String,
    },
    /// More look-alikes than [`MAX_CORRECTIONS`].
    #[error("{corrections} characters look like typing errors; retype the Eircode")]
    TooManyCorrections {
        /// How many characters would need correcting.
        corrections: u8,
    },
}

/// The letters of the alphabet, space-separated (`A C D … Y`), for messages.
fn allowed_letters() -> String {
    let letters: Vec<String> = LETTERS.iter().map(|&c| char::from(c).to_string()).collect();
    letters.join(" ")
}

/// [`LETTERS`] as a bitset over `A..=Z`, built at compile time (a `contains` scan costs ~10×).
const LETTER_BITS: u32 = {
    let mut bits = 0u32;
    let mut i = 0;
    while i < LETTERS.len() {
        bits |= 1 << (LETTERS[i] - b'A');
        i += 1;
    }
    bits
};

fn is_letter_ok(c: u8) -> bool {
    c.is_ascii_uppercase() && LETTER_BITS >> (c - b'A') & 1 == 1
}

/// Whether `key` (any case, `A86`/`d6w`) is one of the 139 routing keys; no correction applied.
pub fn is_routing_key(key: &str) -> bool {
    let b = key.as_bytes();
    if b.len() != 3 {
        return false;
    }
    let up = [
        b[0].to_ascii_uppercase(),
        b[1].to_ascii_uppercase(),
        b[2].to_ascii_uppercase(),
    ];
    routing_key_index(&up).is_some()
}

/// Position of an upper-case routing key in [`ROUTING_KEYS`].
pub fn routing_key_index(key: &[u8; 3]) -> Option<usize> {
    if !is_key(key) {
        return None;
    }
    ROUTING_KEYS
        .binary_search_by(|k| k.as_bytes().cmp(&key[..]))
        .ok()
}

/// Routing keys as a bitset: bit `n` of entry `letter` is set when `letter` + two digits `n`
/// is a key (D6W is checked apart). Built at compile time from [`ROUTING_KEYS`].
const KEY_BITS: [u128; 26] = {
    let mut bits = [0u128; 26];
    let mut i = 0;
    while i < ROUTING_KEYS.len() {
        let k = ROUTING_KEYS[i].as_bytes();
        if k[1].is_ascii_digit() && k[2].is_ascii_digit() {
            let n = (k[1] - b'0') as u32 * 10 + (k[2] - b'0') as u32;
            bits[(k[0] - b'A') as usize] |= 1u128 << n;
        }
        i += 1;
    }
    bits
};

/// Whether an upper-case key is a routing key, in a few instructions.
fn is_key(k: &[u8; 3]) -> bool {
    if k == b"D6W" {
        return true;
    }
    if !k[0].is_ascii_uppercase() || !k[1].is_ascii_digit() || !k[2].is_ascii_digit() {
        return false;
    }
    let n = u32::from(k[1] - b'0') * 10 + u32::from(k[2] - b'0');
    KEY_BITS[usize::from(k[0] - b'A')] >> n & 1 == 1
}

/// Parses an Eircode: spaces anywhere are ignored, and so is one dash between the routing key and
/// the unique identifier (`A65-R2GF`, as the tokeniser reads it); case is ignored, look-alike
/// letters are corrected to digits (at most [`MAX_CORRECTIONS`]), and the routing key must be one
/// of the 139.
///
/// # Errors
/// [`EircodeError`] says what is wrong (length, letter outside the alphabet with its position,
/// routing key shape or unknown key, too many look-alikes).
pub fn parse(text: &str) -> Result<Parsed, EircodeError> {
    parse_raw(compact(text)?)
}

/// [`parse`] without an error to build: only whether and what (`text::codes` reads every short
/// last section of an input with it).
pub(crate) fn parse_ok(text: &str) -> Option<Parsed> {
    check(compact(text).ok()?).ok()
}

/// The 7 characters of a code typed with spaces and a dash (see [`parse`]), upper case.
fn compact(text: &str) -> Result<[u8; 7], EircodeError> {
    let mut raw = [0u8; 7];
    let mut n = 0usize;
    let mut dashed = false;
    for c in text.chars() {
        if c.is_whitespace() {
            continue;
        }
        if is_dash(c) && n == 3 && !dashed {
            dashed = true;
            continue;
        }
        if !c.is_ascii_alphanumeric() {
            return Err(EircodeError::NotAlphanumeric { found: c });
        }
        if n < 7 {
            raw[n] = (c as u8).to_ascii_uppercase();
        }
        n += 1;
    }
    if n != 7 {
        return Err(EircodeError::Length { found: n });
    }
    Ok(raw)
}

/// A hyphen or dash, as typed between the two halves of a code (`-`, `‐`, `‑`, `–`, `—`).
fn is_dash(c: char) -> bool {
    matches!(c, '-' | '\u{2010}' | '\u{2011}' | '\u{2013}' | '\u{2014}')
}

/// Why [`check`] failed, without allocating (the hot path only needs yes/no).
#[derive(Clone, Copy)]
enum Fail {
    Letter(usize, u8),
    KeyShape([u8; 3]),
    UnknownKey([u8; 3]),
    TooMany(u8),
}

/// Parses 7 upper-case ASCII alphanumerics.
fn parse_raw(raw: [u8; 7]) -> Result<Parsed, EircodeError> {
    check(raw).map_err(|f| match f {
        Fail::Letter(position, c) => EircodeError::InvalidLetter {
            position,
            found: c as char,
        },
        Fail::KeyShape(k) => EircodeError::RoutingKeyShape {
            found: String::from_utf8_lossy(&k).into_owned(),
        },
        Fail::UnknownKey(k) => EircodeError::UnknownRoutingKey {
            found: String::from_utf8_lossy(&k).into_owned(),
        },
        Fail::TooMany(corrections) => EircodeError::TooManyCorrections { corrections },
    })
}

/// What each byte (any case) may be in an Eircode, packed so one load answers every question
/// [`check`] asks of a character: bits 0–7 the byte upper-cased (0 for a byte that is neither
/// letter nor digit); bits 8–15 the digit it is or, as a look-alike, stands for (0: neither);
/// bits 24–31 what it becomes in a unique identifier (itself upper-cased when a digit or one of
/// [`LETTERS`], else the digit it stands for, else 0), with [`ID_CORRECTED`] set when that is a
/// correction; the flag [`IS_DIGIT`].
const BYTE_ROLES: [u32; 256] = {
    let mut t = [0u32; 256];
    let mut b = 0;
    while b < 256 {
        let c = (b as u8).to_ascii_uppercase();
        if c.is_ascii_digit() || c.is_ascii_uppercase() {
            let digit = match (c.is_ascii_digit(), digit_for(c)) {
                (true, _) => c,
                (false, Some(d)) => d,
                (false, None) => 0,
            };
            let mut v = c as u32 | (digit as u32) << 8;
            let letter = c.is_ascii_uppercase() && LETTER_BITS >> (c - b'A') & 1 == 1;
            if c.is_ascii_digit() {
                v |= IS_DIGIT;
            }
            if c.is_ascii_digit() || letter {
                v |= (c as u32) << 24;
            } else if digit != 0 {
                v |= (digit as u32) << 24 | ID_CORRECTED;
            }
            t[b] = v;
        }
        b += 1;
    }
    t
};

/// [`BYTE_ROLES`] flag: a digit.
const IS_DIGIT: u32 = 1 << 16;
/// [`BYTE_ROLES`] flag: the byte's unique-identifier character is a look-alike corrected.
const ID_CORRECTED: u32 = 1 << 17;

/// The byte of a [`BYTE_ROLES`] entry, upper case.
fn role_upper(r: u32) -> u8 {
    r as u8
}

/// The digit a [`BYTE_ROLES`] entry is or stands for (0: none).
fn role_digit(r: u32) -> u8 {
    (r >> 8) as u8
}

/// The unique-identifier character of a [`BYTE_ROLES`] entry (0: none).
fn role_id(r: u32) -> u8 {
    (r >> 24) as u8
}

/// Parses 7 ASCII letters and digits in any case without building an error: the hot path
/// (the normaliser asks it of every 4-character word after a 3-character one). Answers as
/// [`check`] does, one table load per character and no loop (tested against it).
pub(crate) fn parse_quiet(bytes: &[u8]) -> Option<Parsed> {
    let raw: &[u8; 7] = bytes.try_into().ok()?;
    let r = raw.map(|b| BYTE_ROLES[usize::from(b)]);
    let k0 = role_upper(r[0]);
    // The first character is a letter of the alphabet, never corrected.
    if !k0.is_ascii_uppercase() || role_id(r[0]) != k0 {
        return None;
    }
    let (u1, u2) = (role_upper(r[1]), role_upper(r[2]));
    let (k1, k2, key_corrections) = if k0 == b'D' && matches!(u1, b'6' | b'G') && u2 == b'W' {
        (b'6', b'W', u32::from(u1 == b'G'))
    } else {
        // Digits where they are needed: the digit, or the digit a look-alike stands for.
        let (d1, d2) = (role_digit(r[1]), role_digit(r[2]));
        if d1 == 0 || d2 == 0 {
            return None;
        }
        let c = u32::from(r[1] & IS_DIGIT == 0) + u32::from(r[2] & IS_DIGIT == 0);
        (d1, d2, c)
    };
    let id = [role_id(r[3]), role_id(r[4]), role_id(r[5]), role_id(r[6])];
    if id.contains(&0) {
        return None;
    }
    let corrections = key_corrections
        + (r[3] & ID_CORRECTED) / ID_CORRECTED
        + (r[4] & ID_CORRECTED) / ID_CORRECTED
        + (r[5] & ID_CORRECTED) / ID_CORRECTED
        + (r[6] & ID_CORRECTED) / ID_CORRECTED;
    if corrections > u32::from(MAX_CORRECTIONS) || !is_key(&[k0, k1, k2]) {
        return None;
    }
    Some(Parsed {
        eircode: Eircode {
            bytes: [k0, k1, k2, id[0], id[1], id[2], id[3]],
        },
        corrections: corrections as u8,
    })
}

fn check(raw: [u8; 7]) -> Result<Parsed, Fail> {
    let mut out = raw;
    let mut corrections = 0u8;
    let key3 = [raw[0], raw[1], raw[2]];
    // Routing key: a letter, then digits (D6W is the one exception).
    if !raw[0].is_ascii_uppercase() || !is_letter_ok(raw[0]) {
        if raw[0].is_ascii_uppercase() {
            return Err(Fail::Letter(0, raw[0]));
        }
        return Err(Fail::KeyShape(key3));
    }
    let d6w = raw[0] == b'D' && matches!(raw[1], b'6' | b'G') && raw[2] == b'W';
    if d6w {
        if raw[1] == b'G' {
            out[1] = b'6';
            corrections += 1;
        }
    } else {
        for i in 1..3 {
            if raw[i].is_ascii_digit() {
                continue;
            }
            match digit_for(raw[i]) {
                Some(d) => {
                    out[i] = d;
                    corrections += 1;
                }
                None => return Err(Fail::KeyShape(key3)),
            }
        }
    }
    for i in 3..7 {
        let c = raw[i];
        if c.is_ascii_digit() || is_letter_ok(c) {
            continue;
        }
        match digit_for(c) {
            Some(d) => {
                out[i] = d;
                corrections += 1;
            }
            None => return Err(Fail::Letter(i, c)),
        }
    }
    let key = [out[0], out[1], out[2]];
    if !is_key(&key) {
        return Err(Fail::UnknownKey(key));
    }
    if corrections > MAX_CORRECTIONS {
        return Err(Fail::TooMany(corrections));
    }
    Ok(Parsed {
        eircode: Eircode { bytes: out },
        corrections,
    })
}

/// Parses a routing key on its own (`A86`, `a86`, `D6W`, `AB6` → `A86`), with look-alike
/// correction; `None` when it is not one of the 139.
pub fn parse_routing_key(text: &str) -> Option<&'static str> {
    let b = text.trim().as_bytes();
    if b.len() != 3 {
        return None;
    }
    let mut k = [
        b[0].to_ascii_uppercase(),
        b[1].to_ascii_uppercase(),
        b[2].to_ascii_uppercase(),
    ];
    if k == *b"DGW" {
        k[1] = b'6';
    } else if k != *b"D6W" {
        for c in &mut k[1..] {
            if !c.is_ascii_digit() {
                *c = digit_for(*c)?;
            }
        }
    }
    routing_key_index(&k).map(|i| ROUTING_KEYS[i])
}

/// Whether [`parse_routing_key`] would accept `key` (exactly 3 bytes, no trimming), without
/// looking the key up in [`ROUTING_KEYS`]: the normaliser asks this of every 3-character word.
#[inline]
pub(crate) fn is_routing_key_corrected(key: &[u8]) -> bool {
    let [a, b, c] = key else {
        return false;
    };
    let r = [a, b, c].map(|x| BYTE_ROLES[usize::from(*x)]);
    let k0 = role_upper(r[0]);
    if k0 == b'D' && matches!(role_upper(r[1]), b'6' | b'G') && role_upper(r[2]) == b'W' {
        return true;
    }
    let (k1, k2) = (role_digit(r[1]), role_digit(r[2]));
    k1 != 0 && k2 != 0 && is_key(&[k0, k1, k2])
}

/// An Eircode found inside free text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The code and its corrections.
    pub parsed: Parsed,
    /// Byte span of the code in the text (both halves when written with a space).
    pub span: Range<usize>,
}

/// Whether a candidate read from free text is believable: a clean code always is; a corrected one
/// must have been typed with at least three digits, so that words like `DOGPARK` (`D06 PARK` after
/// correction) are not taken for Eircodes.
pub(crate) fn plausible_in_text(typed: &[u8], parsed: &Parsed) -> bool {
    parsed.corrections == 0 || typed.iter().filter(|c| c.is_ascii_digit()).count() >= 3
}

/// Finds the first Eircode in free text: a 7-character word, or a 3-character routing key followed
/// by a 4-character word, in any case, with look-alikes corrected (see [`Parsed::corrections`]);
/// a word that is a UK postcode as typed is none ([`super::codes`]).
pub fn find_in(text: &str) -> Option<Found> {
    let bytes = text.as_bytes();
    let mut prev: Option<(usize, usize)> = None;
    for w in alphanumeric_runs(text) {
        if let Some(f) = try_word(text, w) {
            return Some(f);
        }
        if let Some(prev) = prev {
            // Only a space (or spaces) may sit between the halves.
            if prev.1 - prev.0 == 3 && w.1 - w.0 == 4 && spaces_only(&text[prev.1..w.0]) {
                let mut raw = [0u8; 7];
                raw[..3].copy_from_slice(&bytes[prev.0..prev.1]);
                raw[3..].copy_from_slice(&bytes[w.0..w.1]);
                raw.make_ascii_uppercase();
                if let Ok(p) = check(raw) {
                    if plausible_in_text(&raw, &p) {
                        return Some(Found {
                            parsed: p,
                            span: prev.0..w.1,
                        });
                    }
                }
            }
        }
        prev = Some(w);
    }
    None
}

fn try_word(text: &str, (s, e): (usize, usize)) -> Option<Found> {
    if e - s != 7 {
        return None;
    }
    let mut raw = [0u8; 7];
    raw.copy_from_slice(&text.as_bytes()[s..e]);
    raw.make_ascii_uppercase();
    let p = parse_raw(raw).ok()?;
    if !plausible_in_text(&raw, &p) {
        return None;
    }
    // One word that is an Eircode only through look-alikes may be a UK postcode (`DL104HY`).
    let uk = match p.corrections {
        0 => None,
        _ => super::postcode::parse_word(&text[s..e]).map(|u| (u, 0)),
    };
    match super::codes::choose(
        Some(super::codes::typed(p)),
        uk,
        super::codes::Check::Unchecked,
    ) {
        Some(super::codes::Code::Eircode(p)) => Some(Found {
            parsed: p,
            span: s..e,
        }),
        _ => None,
    }
}

/// Valid Eircodes one edit away from `text` (one substituted character, or two neighbours
/// swapped), sorted and without duplicates. `text` may hold a space and any case; an invalid
/// character is a position to substitute. Returns nothing unless `text` has exactly 7 letters
/// and digits. (The matcher finds the stored ones in one walk, `Index::eircodes_near`; this list
/// is its reference in tests.)
pub fn near_misses(text: &str) -> Vec<Eircode> {
    let mut raw = [0u8; 7];
    let mut n = 0;
    for c in text.chars().filter(|c| !c.is_whitespace()) {
        if !c.is_ascii_alphanumeric() || n == 7 {
            return Vec::new();
        }
        raw[n] = (c as u8).to_ascii_uppercase();
        n += 1;
    }
    if n != 7 {
        return Vec::new();
    }
    let mut out = Vec::new();
    let push_if_clean = |cand: [u8; 7], out: &mut Vec<Eircode>| {
        if let Ok(p) = check(cand) {
            if p.corrections == 0 && cand != raw {
                out.push(p.eircode);
            }
        }
    };
    const ALPHABET: &[u8] = crate::ecad::eircode::EIRCODE_ALPHABET;
    for pos in 0..7 {
        for &c in ALPHABET {
            if c == raw[pos] {
                continue;
            }
            let mut cand = raw;
            cand[pos] = c;
            push_if_clean(cand, &mut out);
        }
    }
    for pos in 0..6 {
        if raw[pos] != raw[pos + 1] {
            let mut cand = raw;
            cand.swap(pos, pos + 1);
            push_if_clean(cand, &mut out);
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

#[path = "eircode_pair.rs"]
mod pair;
pub(crate) use pair::{parse_with_key, routing_key_read, KeyRead};

#[cfg(test)]
mod tests {
    use super::*;

    /// [`parse_quiet`] as it was written before its table: the reference it must agree with.
    fn parse_quiet_by_check(bytes: &[u8]) -> Option<Parsed> {
        let mut raw: [u8; 7] = bytes.try_into().ok()?;
        if !raw.iter().all(u8::is_ascii_alphanumeric) {
            return None;
        }
        raw.make_ascii_uppercase();
        check(raw).ok()
    }

    proptest::proptest! {
        #[test]
        fn parse_quiet_agrees_with_check(
            s in "[a-zA-Z0-9]{7}|[dD][6gG][wW][a-zA-Z0-9 .]{4}|[a-zA-Z][0-9oOiIlLzZsSgGbB]{2}[0-9a-zA-Z]{4}|[ -~]{7}"
        ) {
            proptest::prop_assert_eq!(parse_quiet(s.as_bytes()), parse_quiet_by_check(s.as_bytes()));
        }
    }

    #[test]
    fn parse_quiet_agrees_with_check_on_every_byte() {
        for base in [*b"A86VC04", *b"d6wxy12", *b"D02X285", *b"a8oVCO4"] {
            for k in 0..7 {
                for b in 0..=255u8 {
                    let mut raw = base;
                    raw[k] = b;
                    assert_eq!(parse_quiet(&raw), parse_quiet_by_check(&raw), "{raw:?}");
                }
            }
        }
    }

    #[test]
    fn routing_keys_sorted_unique() {
        assert!(ROUTING_KEYS.windows(2).all(|w| w[0] < w[1]));
        let bits: u32 = KEY_BITS.iter().map(|b| b.count_ones()).sum();
        assert_eq!(bits + 1, 139, "every key but D6W in the bitset");
        assert!(is_key(b"A86") && is_key(b"D6W") && !is_key(b"A87") && !is_key(b"D19"));
    }

    #[test]
    fn letter_bits_match_the_alphabet() {
        for c in 0..=255u8 {
            assert_eq!(is_letter_ok(c), LETTERS.contains(&c), "{c}");
        }
    }

    #[test]
    fn corrected_key_check_agrees_with_parse() {
        let alnum: Vec<u8> = (b'0'..=b'9')
            .chain(b'a'..=b'z')
            .chain(b'A'..=b'Z')
            .collect();
        for &a in &alnum {
            for &b in &alnum {
                for &c in &alnum {
                    let k = [a, b, c];
                    let text = std::str::from_utf8(&k).unwrap();
                    assert_eq!(
                        is_routing_key_corrected(&k),
                        parse_routing_key(text).is_some(),
                        "{text}"
                    );
                }
            }
        }
    }

    #[test]
    fn parses_clean_and_spaced() {
        let p = parse("d02 x285").unwrap();
        assert_eq!(p.eircode.as_str(), "D02X285");
        assert_eq!(p.corrections, 0);
        assert_eq!(p.eircode.display(), "D02 X285");
        assert_eq!(p.eircode.routing_key(), "D02");
        assert_eq!(p.eircode.unique_id(), "X285");
    }

    #[test]
    fn a_dash_may_part_the_two_halves() {
        for t in ["A63-W2FF", "a63 - w2ff", "A63\u{2013}W2FF", "a63-w2ff "] {
            assert_eq!(
                parse(t).map(|p| p.eircode.as_str().to_owned()),
                Ok("A63W2FF".into()),
                "{t}"
            );
        }
        // A65 is no routing key: the dash is not what `parse` rejects.
        assert_eq!(
            parse("A65-R2GF"),
            Err(EircodeError::UnknownRoutingKey {
                found: "A65".into()
            })
        );
        for t in ["A6-3R2GF", "A63--R2GF", "A63R-2GF", "-A63R2GF"] {
            assert!(parse(t).is_err(), "{t}");
        }
    }

    #[test]
    fn corrects_look_alikes() {
        let p = parse("AB6 VCO4").unwrap();
        assert_eq!(p.eircode.as_str(), "A86VC04");
        assert_eq!(p.corrections, 2);
        let p = parse("DGW 1234").unwrap();
        assert_eq!(p.eircode.as_str(), "D6W1234");
    }

    #[test]
    fn rejects_bad_letter_with_position() {
        assert_eq!(
            parse("A86 M4E2"),
            Err(EircodeError::InvalidLetter {
                position: 3,
                found: 'M'
            })
        );
    }

    #[test]
    fn finds_in_text_and_rejects_words() {
        let t = "8 Silver Birches, Dunboyne, a86 vc04";
        let f = find_in(t).unwrap();
        assert_eq!(&t[f.span.clone()], "a86 vc04");
        assert!(find_in("dog park lane").is_none());
        assert!(find_in("dogpark").is_none());
        // A real UK postcode is not an Eircode through look-alikes; spaced as an Eircode it is.
        assert!(find_in("Richmond, DL104HY").is_none());
        assert_eq!(
            find_in("dl1 04hy").map(|f| f.parsed.eircode.as_str().to_owned()),
            Some("D1104HY".to_owned())
        );
    }

    #[test]
    fn near_misses_include_swap_and_substitution() {
        let n = near_misses("A86 VC04");
        assert!(n.iter().any(|e| e.as_str() == "A86CV04"));
        assert!(n.iter().any(|e| e.as_str() == "A86VC05"));
        assert!(n.iter().any(|e| e.as_str() == "A85VC04"));
        assert!(!n.iter().any(|e| e.as_str() == "A86VC04"));
        assert!(n.windows(2).all(|w| w[0] < w[1]));
    }
}
