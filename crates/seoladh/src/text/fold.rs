//! Character folding for the normaliser: the class of each input character (letter or digit
//! folded to lower-case ASCII, apostrophe, hyphen, slash, ampersand, section boundary, space),
//! fadas and other accents removed by compatibility decomposition, with a precomputed table for
//! the Latin ranges typed in Irish and UK addresses.

use std::sync::OnceLock;

use unicode_normalization::char::{decompose_compatible, is_combining_mark};

/// A character after folding, with the class that drives word building.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Class {
    /// A lower-case ASCII letter or digit.
    Alnum(u8),
    Apostrophe,
    Hyphen,
    Slash,
    Ampersand,
    /// Comma, semicolon, bar, line break.
    Boundary,
    /// Anything else: space, full stop, other punctuation, non-Latin letters.
    Space,
}

#[derive(Clone, Copy, Debug)]
pub(super) struct Atom {
    pub(super) class: Class,
    /// The original character was upper case (drives Irish `tSráid`, `hAbhann` detection).
    pub(super) upper: bool,
    pub(super) start: u32,
    pub(super) end: u32,
}

/// Folds one non-ASCII character into classes.
pub(super) fn fold_char(c: char, start: u32, end: u32, atoms: &mut Vec<Atom>) {
    let upper = c.is_uppercase();
    let mut push = |class| {
        atoms.push(Atom {
            class,
            upper,
            start,
            end,
        })
    };
    match c {
        '\u{2018}' | '\u{2019}' | '\u{201B}' | '\u{02BC}' | '\u{00B4}' | '\u{2032}' => {
            return push(Class::Apostrophe)
        }
        '\u{2010}'..='\u{2015}' | '\u{2212}' | '\u{FE63}' => return push(Class::Hyphen),
        '\u{2028}' | '\u{2029}' | '\u{0085}' | '\u{FF0C}' | '\u{FF1B}' | '\u{3001}' => {
            return push(Class::Boundary)
        }
        _ => {}
    }
    decompose_compatible(c, |d| {
        if is_combining_mark(d) {
            return;
        }
        for l in d.to_lowercase() {
            if l.is_ascii() {
                ascii_class(l as u8, start, end, atoms);
                if let Some(last) = atoms.last_mut() {
                    last.upper = upper;
                }
                continue;
            }
            let rep: &str = match l {
                'ß' => "ss",
                'æ' => "ae",
                'œ' => "oe",
                'ø' => "o",
                'ł' => "l",
                'đ' | 'ð' => "d",
                'þ' => "th",
                'ı' => "i",
                'ħ' => "h",
                'ŧ' => "t",
                _ => "",
            };
            if rep.is_empty() {
                atoms.push(Atom {
                    class: Class::Space,
                    upper,
                    start,
                    end,
                });
            }
            for b in rep.bytes() {
                atoms.push(Atom {
                    class: Class::Alnum(b),
                    upper,
                    start,
                    end,
                });
            }
        }
    });
}

fn ascii_class(b: u8, start: u32, end: u32, atoms: &mut Vec<Atom>) {
    atoms.push(Atom {
        class: ascii_class_of(b),
        upper: b.is_ascii_uppercase(),
        start,
        end,
    });
}

pub(super) fn ascii_class_of(b: u8) -> Class {
    match b {
        b'a'..=b'z' | b'0'..=b'9' => Class::Alnum(b),
        b'A'..=b'Z' => Class::Alnum(b.to_ascii_lowercase()),
        b'\'' | b'`' => Class::Apostrophe,
        b'-' => Class::Hyphen,
        b'/' => Class::Slash,
        b'&' | b'+' => Class::Ampersand,
        b',' | b';' | b'|' | b'\n' | b'\r' => Class::Boundary,
        _ => Class::Space,
    }
}

/// First code point of the folding table: below it is ASCII, handled by [`ascii_class_of`].
const TABLE_FIRST: u32 = 0x80;
/// End of the folding table (exclusive): Latin-1 Supplement and Latin Extended-A and -B, which
/// hold every fada and nearly every accented letter typed in Irish and UK addresses.
const TABLE_END: u32 = 0x250;

/// What [`fold_char`] makes of one character, precomputed: up to two (class, upper) atoms.
#[derive(Clone, Copy, Debug)]
pub(super) struct Folded {
    pub(super) len: u8,
    pub(super) items: [(Class, bool); 2],
}

/// [`fold_char`] precomputed for `U+0080..U+0250` (from `fold_char` itself, so identical by
/// construction): the NFKD, combining-mark and case tables cost ~100 instructions per fada.
/// `None` for characters outside the range or that fold to more than two atoms.
pub(super) fn folded(c: char) -> Option<Folded> {
    static TABLE: OnceLock<Vec<Option<Folded>>> = OnceLock::new();
    let cp = u32::from(c);
    if !(TABLE_FIRST..TABLE_END).contains(&cp) {
        return None;
    }
    let table = TABLE.get_or_init(|| {
        let mut atoms = Vec::new();
        (TABLE_FIRST..TABLE_END)
            .map(|cp| {
                let c = char::from_u32(cp)?;
                atoms.clear();
                fold_char(c, 0, 0, &mut atoms);
                if atoms.len() > 2 {
                    return None;
                }
                let mut items = [(Class::Space, false); 2];
                for (slot, a) in items.iter_mut().zip(&atoms) {
                    *slot = (a.class, a.upper);
                }
                Some(Folded {
                    len: atoms.len() as u8,
                    items,
                })
            })
            .collect()
    });
    table.get((cp - TABLE_FIRST) as usize).copied().flatten()
}

/// [`fold_char`] through the precomputed table where it can.
pub(super) fn fold_fast(c: char, start: u32, end: u32, atoms: &mut Vec<Atom>) {
    match folded(c) {
        Some(f) => atoms.extend(
            f.items[..f.len as usize]
                .iter()
                .map(|&(class, upper)| Atom {
                    class,
                    upper,
                    start,
                    end,
                }),
        ),
        None => fold_char(c, start, end, atoms),
    }
}
