//! The normaliser's fast path for ASCII input: one pass over the bytes with a class table,
//! whole runs of letters and digits copied and lower-cased in place, piece spans computed from
//! the run positions (no per-byte span map). It produces exactly the pieces of the general path
//! (`super::normalise::scan_general`) or gives up, and then the caller runs the general path:
//! it gives up on anything rare (non-ASCII, `&`, a hyphenated or case-marked Irish mutation, a
//! word with digits, letters and an apostrophe), so every rule stays written once.

use super::normalise::{join_o_prefix, second_half_of_last, Piece, Scan};
use super::words::{mutation_by_case, ordinal, split_points};

/// Byte classes of the fast path (bits, so a run can OR them together).
const LOWER: u8 = 1;
const UPPER: u8 = 2;
const DIGIT: u8 = 4;
/// Ends a word: space, full stop, other punctuation, control characters.
const SPACE: u8 = 8;
const BOUNDARY: u8 = 16;
const APOSTROPHE: u8 = 32;
/// `-` and `/` (ranges, `t-` prothesis).
const DASH: u8 = 64;
/// `&`, `+` and every non-ASCII byte: the general path handles them.
const RARE: u8 = 128;
const ALNUM: u8 = LOWER | UPPER | DIGIT;

/// The class of every byte, agreeing with `fold::ascii_class_of` (tested below).
const CLASS: [u8; 256] = {
    let mut t = [RARE; 256];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        t[b] = match c {
            b'a'..=b'z' => LOWER,
            b'A'..=b'Z' => UPPER,
            b'0'..=b'9' => DIGIT,
            b'\'' | b'`' => APOSTROPHE,
            b'-' | b'/' => DASH,
            b'&' | b'+' => RARE,
            b',' | b';' | b'|' | b'\n' | b'\r' => BOUNDARY,
            _ => SPACE,
        };
        b += 1;
    }
    t
};

/// State of the word being built.
struct Word {
    /// Start of the word in `scan.buf`.
    start: usize,
    /// Byte offset in the input of the word's first character.
    orig_start: usize,
    /// End in the input of the word's last character.
    orig_end: usize,
    /// Union of the classes of the word's bytes.
    classes: u8,
    /// Bit `k` set when the word's `k`-th letter (k < 3) was upper case.
    upper3: u8,
    /// An apostrophe was dropped inside the word: buffer and input offsets no longer differ by
    /// a constant.
    gap: bool,
    /// A range hyphen is in the word.
    hyphen: bool,
}

struct Fast<'a> {
    scan: &'a mut Scan,
    section: u16,
    pending_boundary: Option<(u32, u32)>,
    pieces_in_section: bool,
}

/// Fills `scan` from ASCII `input` exactly as the general path would; `false` when the input
/// needs the general path (then `scan` holds partial work, which the general path clears).
pub(super) fn scan_ascii(input: &str, scan: &mut Scan) -> bool {
    let bytes = input.as_bytes();
    // Spans are `u32`; longer inputs (never real addresses) take the general path.
    if bytes.len() >= u32::MAX as usize {
        return false;
    }
    scan.clear();
    let mut f = Fast {
        scan,
        section: 0,
        pending_boundary: None,
        pieces_in_section: false,
    };
    let mut w = Word {
        start: 0,
        orig_start: 0,
        orig_end: 0,
        classes: 0,
        upper3: 0,
        gap: false,
        hyphen: false,
    };
    let mut i = 0;
    while i < bytes.len() {
        let c = CLASS[usize::from(bytes[i])];
        if c & ALNUM != 0 {
            let mut j = i + 1;
            let mut classes = c;
            while j < bytes.len() {
                let d = CLASS[usize::from(bytes[j])];
                if d & ALNUM == 0 {
                    break;
                }
                classes |= d;
                j += 1;
            }
            let start = f.scan.buf.len();
            let pos = start - w.start;
            if pos == 0 {
                w.orig_start = i;
            }
            if pos < 3 && classes & UPPER != 0 {
                for (k, b) in bytes[i..j].iter().take(3 - pos).enumerate() {
                    if b.is_ascii_uppercase() {
                        w.upper3 |= 1 << (pos + k);
                    }
                }
            }
            f.scan.buf.push_str(&input[i..j]);
            if classes & UPPER != 0 {
                if let Some(run) = f.scan.buf.get_mut(start..) {
                    run.make_ascii_lowercase();
                }
            }
            w.classes |= classes;
            w.orig_end = j;
            i = j;
            continue;
        }
        let next = bytes.get(i + 1).map_or(0, |&b| CLASS[usize::from(b)]);
        let has_word = f.scan.buf.len() > w.start;
        if c & (SPACE | BOUNDARY) != 0 {
            if !f.end_word(&mut w) {
                return false;
            }
            if c == BOUNDARY && f.pieces_in_section {
                f.section = f.section.saturating_add(1);
                f.pieces_in_section = false;
                f.pending_boundary = Some((i as u32, i as u32 + 1));
            }
        } else if c == APOSTROPHE {
            if has_word && next & ALNUM != 0 {
                w.gap = true;
            } else if !f.end_word(&mut w) {
                return false;
            }
        } else if c == DASH {
            let last = f.scan.buf.as_bytes().last().copied().unwrap_or(b' ');
            if has_word && last.is_ascii_digit() && next == DIGIT && !w.hyphen {
                f.scan.buf.push('-');
                w.hyphen = true;
                w.orig_end = i + 1;
            } else if bytes[i] == b'-'
                && next & (LOWER | UPPER) != 0
                && f.scan.buf.len() == w.start + 1
                && matches!(last, b't' | b'n' | b'h')
            {
                // Irish prothesis `t-oileán`: the general path drops the letter.
                return false;
            } else if !f.end_word(&mut w) {
                return false;
            }
        } else {
            return false;
        }
        i += 1;
    }
    if !f.end_word(&mut w) {
        return false;
    }
    join_o_prefix(scan);
    true
}

impl Fast<'_> {
    /// Closes the current word; `false` when it needs the general path.
    fn end_word(&mut self, w: &mut Word) -> bool {
        let (ws, we) = (w.start, self.scan.buf.len());
        if ws == we {
            return true;
        }
        let upper3 = std::mem::take(&mut w.upper3);
        let classes = std::mem::take(&mut w.classes);
        let gap = std::mem::take(&mut w.gap);
        w.hyphen = false;
        w.start = we;
        // A lower-case letter then an upper-case one may mark a mutation (`tSráid`).
        if upper3 & 1 == 0 && upper3 != 0 {
            let upper = [upper3 & 1 != 0, upper3 & 2 != 0, upper3 & 4 != 0];
            if mutation_by_case(&self.scan.buf.as_bytes()[ws..we], upper) != 0 {
                return false;
            }
        }
        if classes & DIGIT != 0 && classes & (LOWER | UPPER) != 0 {
            let word = &self.scan.buf.as_bytes()[ws..we];
            let mut cuts = std::mem::take(&mut self.scan.cuts);
            cuts.clear();
            if !second_half_of_last(self.scan, word) {
                split_points(word, &mut cuts);
            }
            if !cuts.is_empty() {
                if gap {
                    self.scan.cuts = cuts;
                    return false;
                }
                // No gap: input offset = buffer offset + a constant.
                let shift = w.orig_start as isize - ws as isize;
                let at = |b: usize| (b as isize + shift) as usize;
                let mut prev = ws;
                for &cut in &cuts {
                    self.push(prev, ws + cut, at(prev), at(ws + cut));
                    prev = ws + cut;
                }
                self.push(prev, we, at(prev), w.orig_end);
                self.scan.cuts = cuts;
                return true;
            }
            self.scan.cuts = cuts;
        }
        self.push(ws, we, w.orig_start, w.orig_end);
        true
    }

    fn push(&mut self, s: usize, e: usize, orig_start: usize, orig_end: usize) {
        let text = self.scan.buf.as_bytes().get(s..e).unwrap_or_default();
        let alt = ordinal(text);
        self.scan.lone_o |= text == b"o";
        self.scan.pieces.push(Piece {
            start: s as u32,
            end: e as u32,
            orig_start: orig_start as u32,
            orig_end: orig_end as u32,
            section: self.section,
            alt,
            boundary: self.pending_boundary.take(),
        });
        self.pieces_in_section = true;
    }
}

#[cfg(test)]
mod tests {
    use super::super::fold::{ascii_class_of, Class};
    use super::super::normalise::scan_general;
    use super::*;

    #[test]
    fn class_table_agrees_with_the_general_path() {
        for b in 0u8..128 {
            let want = match ascii_class_of(b) {
                Class::Alnum(_) if b.is_ascii_uppercase() => UPPER,
                Class::Alnum(_) if b.is_ascii_digit() => DIGIT,
                Class::Alnum(_) => LOWER,
                Class::Apostrophe => APOSTROPHE,
                Class::Hyphen | Class::Slash => DASH,
                Class::Ampersand => RARE,
                Class::Boundary => BOUNDARY,
                Class::Space => SPACE,
            };
            assert_eq!(CLASS[usize::from(b)], want, "byte {b}");
        }
    }

    /// The pieces of both paths, as (text, input span, section, boundary).
    fn pieces(s: &str, fast: bool) -> Option<Vec<(String, u32, u32, u16, Option<(u32, u32)>)>> {
        let mut scan = Scan::default();
        if fast {
            if !scan_ascii(s, &mut scan) {
                return None;
            }
        } else {
            scan_general(s, &mut scan);
        }
        Some(
            scan.pieces
                .iter()
                .map(|p| {
                    (
                        scan.text(p).to_owned(),
                        p.orig_start,
                        p.orig_end,
                        p.section,
                        p.boundary,
                    )
                })
                .collect(),
        )
    }

    fn same(s: &str) -> bool {
        match pieces(s, true) {
            Some(fast) => {
                assert_eq!(Some(fast), pieces(s, false), "{s:?}");
                true
            }
            None => false,
        }
    }

    proptest::proptest! {
        #[test]
        fn fast_path_equals_general_path_on_ascii(s in "[ -~\n]{0,40}") {
            same(&s);
        }

        #[test]
        fn fast_path_equals_general_path_on_address_shapes(
            s in "((o|O|st|St\\.|first|A86|VC04|vco4|10A|8silver|D6W|BT11|8QT|apt12|63-66|63/64|O'Connell|d'Arcy|t-Oileán|tSraid|hAbhann|bhFear|iPhone|12'3|[a-zA-Z0-9]{1,6})[ ,.;'\\-/]{0,2}){0,10}"
        ) {
            same(&s);
        }
    }

    #[test]
    fn fast_path_takes_the_common_shapes() {
        for s in [
            "8 Silver Birches, Millfarm, Dunboyne, Co. Meath, A86 VC04",
            "APT 4 BLOCK I OSTMAN, ANNE ST, WATERFORD, Co. Waterford, X91 E248",
            "St. Patrick's Rd, Dublin6W, 63-66 Main St, O Connell, First Ave",
            "apt12 8silver bt118qt BT35 6AA ab6 vco4",
        ] {
            assert!(same(s), "{s:?} left the fast path");
        }
        for s in [
            "Bóthar",
            "Smith & Sons",
            "an t-Oileán",
            "an tSraid",
            "12'ab3",
        ] {
            assert!(!same(s), "{s:?} must take the general path");
        }
    }
}
