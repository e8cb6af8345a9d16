//! The normaliser's fast path for ASCII input: one pass over the bytes with a class table over
//! a lower-cased copy of the input, in which words are spans (no per-word copy, no per-byte span
//! map). It produces exactly the pieces of the general path
//! (`super::normalise::scan_general`) or gives up, and then the caller runs the general path:
//! it gives up on anything rare (non-ASCII, `&`, a hyphenated or case-marked Irish mutation, a
//! word with digits, letters and an apostrophe), so every rule stays written once.

use super::eircode::{self, Parsed};
use super::normalise::{join_o_prefix, second_half_of_last, Across, Piece, Scan, Shape};
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
/// `&`, `+` (and every non-ASCII byte, though such input never reaches the loop): the general
/// path handles them.
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
    /// Span of the word in `scan.buf`. While not `joined` it is also its span in the input.
    start: usize,
    end: usize,
    /// Start and end in the input of the word's first and last character.
    orig_start: usize,
    orig_end: usize,
    /// Union of the classes of the word's bytes.
    classes: u8,
    /// Bit `k` set when the word's `k`-th letter (k < 3) was upper case.
    upper3: u8,
    /// The word's text was copied after the input's (an apostrophe or a `/` inside it): buffer
    /// and input offsets no longer agree.
    joined: bool,
    /// A range hyphen is in the word.
    hyphen: bool,
    /// The word's first character is a lower-case letter.
    lower_first: bool,
}

struct Fast<'a> {
    input: &'a str,
    scan: &'a mut Scan,
    section: u16,
    pending_boundary: Option<(u32, u32)>,
    pieces_in_section: bool,
    /// The routing key read from piece `.0` by [`Fast::code_half`] (a pair's first half).
    key: Option<(usize, eircode::KeyRead)>,
}

/// Fills `scan` from ASCII `input` exactly as the general path would; `false` when the input
/// needs the general path (then `scan` holds partial work, which the general path clears).
///
/// The buffer starts as the whole input lower-cased (one copy, one pass): a word is then the
/// same span in the buffer and in the input, so words cost no copy and spans need no map. Only
/// a word whose characters are not contiguous in the input (`patrick's`, `63/64`) is copied,
/// joined, after the input's text.
pub(super) fn scan_ascii(input: &str, scan: &mut Scan) -> bool {
    let bytes = input.as_bytes();
    // Non-ASCII text (fadas) goes straight to the general path rather than part-way through
    // this one; spans are `u32`, and longer inputs (never real addresses) take it too.
    if !input.is_ascii() || bytes.len() >= (u32::MAX / 2) as usize {
        return false;
    }
    scan.clear();
    scan.buf.push_str(input);
    scan.buf.make_ascii_lowercase();
    let mut f = Fast {
        input,
        scan,
        section: 0,
        pending_boundary: None,
        pieces_in_section: false,
        key: None,
    };
    let mut i = 0;
    while i < bytes.len() {
        let c = CLASS[usize::from(bytes[i])];
        if c & ALNUM == 0 {
            // Between words: a space, an apostrophe or a dash separates (each ends the word
            // before it, which `word` handles); a boundary may open a section.
            if c == BOUNDARY {
                f.boundary(i);
            } else if c == RARE {
                return false;
            }
            i += 1;
            continue;
        }
        let (j, classes, after) = run_after(bytes, i, c);
        // The common word: one run of letters (not marked by case) or of digits, ended by a
        // space, a boundary or the end. It is a piece at once, with no word state.
        if after & (SPACE | BOUNDARY) != 0 && (c != LOWER || classes & UPPER == 0) {
            // Letters and digits: the two halves of a spaced Eircode (`a86`, `vc04`) are
            // decided here as `Fast::end_mixed` decides them, without its word state; any
            // other such word goes there.
            let pushed = if classes & DIGIT == 0 {
                f.push(i, j, i, j, Shape::Letters);
                true
            } else if classes & (LOWER | UPPER) == 0 {
                f.push_code(i, j, Shape::Digits);
                true
            } else {
                f.code_half(i, j)
            };
            if pushed {
                // The byte that ended the word is read here, not again by the loop.
                if after == BOUNDARY {
                    f.boundary(j);
                }
                i = j + 1;
                continue;
            }
        }
        match f.word(i, j, c, classes) {
            Some(end) => i = end,
            None => return false,
        }
    }
    join_o_prefix(scan, Across::No);
    true
}

/// The end of the run of letters and digits that starts at `i` of `bytes` (its first byte
/// has class `c`), and the union of its bytes' classes. A byte loop over the class table: eight
/// bytes at a time (SWAR) measured no cheaper on words of five letters.
#[inline(always)]
fn run_at(bytes: &[u8], i: usize, c: u8) -> (usize, u8) {
    let (j, classes, _) = run_after(bytes, i, c);
    (j, classes)
}

/// [`run_at`], and the class of the byte that ended the run ([`SPACE`] at the end of the
/// input), which the loop read anyway. An iterator loop: no index bounds check per byte.
#[inline(always)]
fn run_after(bytes: &[u8], i: usize, c: u8) -> (usize, u8, u8) {
    let rest = bytes.get(i + 1..).unwrap_or_default();
    let mut classes = c;
    let mut after = SPACE;
    let mut n = 0;
    for &b in rest {
        let d = CLASS[usize::from(b)];
        if d & ALNUM == 0 {
            after = d;
            break;
        }
        classes |= d;
        n += 1;
    }
    (i + 1 + n, classes, after)
}

impl Fast<'_> {
    /// A boundary (`,` `;` `|` line break) at byte `i` opens a section after any piece.
    fn boundary(&mut self, i: usize) {
        if self.pieces_in_section {
            self.section = self.section.saturating_add(1);
            self.pieces_in_section = false;
            self.pending_boundary = Some((i as u32, i as u32 + 1));
        }
    }

    /// Any word but the common one, from its first run `i..j` (first byte of class `c`, runs
    /// of `classes`) to its end: a word marked by case or with letters and digits, a word
    /// joined over an apostrophe (`patrick's`) or a range (`63-66`). Returns where the byte
    /// loop goes on (the byte that ended the word, left for it), or `None` when the input
    /// needs the general path.
    #[inline(never)]
    fn word(&mut self, i: usize, j: usize, c: u8, classes: u8) -> Option<usize> {
        let bytes = self.input.as_bytes();
        let mut w = Word {
            start: i,
            end: j,
            orig_start: i,
            orig_end: j,
            classes,
            upper3: 0,
            joined: false,
            hyphen: false,
            lower_first: c == LOWER,
        };
        let mut pos = 0;
        let (mut i, mut j, mut classes) = (i, j, classes);
        loop {
            // Case only matters in a word that starts lower case (`tSráid`, `bhFear`).
            if pos < 3 && w.lower_first && classes & UPPER != 0 {
                for (k, b) in bytes[i..j].iter().take(3 - pos).enumerate() {
                    if b.is_ascii_uppercase() {
                        w.upper3 |= 1 << (pos + k);
                    }
                }
            }
            i = j;
            // What follows the run: the word ends, or goes on after an apostrophe or a range
            // hyphen with another run.
            let Some(&b) = bytes.get(i) else {
                return self.end_word(&mut w).then_some(i);
            };
            let c = CLASS[usize::from(b)];
            let next = bytes.get(i + 1).map_or(0, |&b| CLASS[usize::from(b)]);
            if c == APOSTROPHE && next & ALNUM != 0 {
                // The word goes on after the apostrophe: its text is no longer a span of the
                // input.
                self.join(&mut w);
            } else if c == DASH {
                let last = self.scan.buf.as_bytes().get(w.end.wrapping_sub(1)).copied();
                if last.is_some_and(|l| l.is_ascii_digit()) && next == DIGIT && !w.hyphen {
                    // A range `63-66`, `63/66`: one word with a hyphen.
                    if b == b'-' && !w.joined {
                        w.end = i + 1;
                    } else {
                        self.join(&mut w);
                        self.scan.buf.push('-');
                        w.end += 1;
                    }
                    w.hyphen = true;
                    w.orig_end = i + 1;
                } else if b == b'-'
                    && next & (LOWER | UPPER) != 0
                    && w.end - w.start == 1
                    && matches!(last, Some(b't' | b'n' | b'h'))
                {
                    // Irish prothesis `t-oileán`: the general path drops the letter.
                    return None;
                } else {
                    return self.end_word(&mut w).then_some(i);
                }
            } else if c == RARE {
                return None;
            } else {
                return self.end_word(&mut w).then_some(i);
            }
            // The next run (an apostrophe or hyphen is followed by a letter or digit).
            i += 1;
            let c = CLASS[usize::from(bytes[i])];
            (j, classes) = run_at(bytes, i, c);
            pos = w.end - w.start;
            if !w.joined && w.end == i {
                // Contiguous: the run follows a range hyphen.
                w.end = j;
            } else {
                self.join(&mut w);
                self.append(&mut w, i, j);
            }
            w.classes |= classes;
            w.orig_end = j;
        }
    }

    /// Copies the word (so far contiguous in the input) after the text in the buffer.
    fn join(&mut self, w: &mut Word) {
        if w.joined {
            return;
        }
        let at = self.scan.buf.len();
        self.scan
            .buf
            .push_str(&self.input[w.orig_start..w.orig_end]);
        if let Some(t) = self.scan.buf.get_mut(at..) {
            t.make_ascii_lowercase();
        }
        (w.start, w.end) = (at, self.scan.buf.len());
        w.joined = true;
    }

    /// Appends input bytes `i..j` to a joined word.
    fn append(&mut self, w: &mut Word, i: usize, j: usize) {
        let at = self.scan.buf.len();
        self.scan.buf.push_str(&self.input[i..j]);
        if let Some(t) = self.scan.buf.get_mut(at..) {
            t.make_ascii_lowercase();
        }
        w.end = self.scan.buf.len();
    }

    /// Closes the current word; `false` when it needs the general path. Most words are letters
    /// only (not marked by case) or digits only: they are pushed here, inlined in the byte loop;
    /// the others go to [`Fast::end_mixed`].
    #[inline(always)]
    fn end_word(&mut self, w: &mut Word) -> bool {
        let (ws, we) = (w.start, w.end);
        if ws == we {
            return true;
        }
        let letters = w.classes & DIGIT == 0;
        if w.upper3 == 0 && (letters || w.classes & (LOWER | UPPER) == 0) {
            let shape = match (letters, w.hyphen) {
                (true, _) => Shape::Letters,
                (false, false) => Shape::Digits,
                (false, true) => Shape::Other,
            };
            (w.classes, w.joined, w.hyphen, w.start) = (0, false, false, we);
            self.push(ws, we, w.orig_start, w.orig_end, shape);
            return true;
        }
        self.end_mixed(w)
    }

    /// [`Fast::end_word`] for a word marked by case or with both letters and digits.
    #[inline(never)]
    fn end_mixed(&mut self, w: &mut Word) -> bool {
        let (ws, we) = (w.start, w.end);
        let upper3 = std::mem::take(&mut w.upper3);
        let classes = std::mem::take(&mut w.classes);
        let joined = std::mem::take(&mut w.joined);
        w.hyphen = false;
        w.start = we;
        // A lower-case letter then an upper-case one may mark a mutation (`tSráid`).
        if upper3 != 0 {
            let upper = [false, upper3 & 2 != 0, upper3 & 4 != 0];
            if mutation_by_case(&self.scan.buf.as_bytes()[ws..we], upper) != 0 {
                return false;
            }
        }
        if classes & DIGIT != 0 && classes & (LOWER | UPPER) != 0 {
            let word = &self.scan.buf.as_bytes()[ws..we];
            if let Some(p) = self.eircode_second_half(word) {
                self.scan.eircode_pair = Some((self.scan.pieces.len(), p));
            } else if word.len() == 3 && eircode::is_routing_key_corrected(word) {
                // Kept whole, as `split_points` would decide (its first check), without its scans.
            } else if !second_half_of_last(self.scan, word) {
                let mut cuts = std::mem::take(&mut self.scan.cuts);
                cuts.clear();
                split_points(word, &mut cuts);
                if !cuts.is_empty() {
                    if joined {
                        self.scan.cuts = cuts;
                        return false;
                    }
                    // Not joined: buffer offsets are input offsets.
                    let mut prev = ws;
                    for &cut in &cuts {
                        self.push(prev, ws + cut, prev, ws + cut, Shape::Other);
                        prev = ws + cut;
                    }
                    self.push(prev, we, prev, we, Shape::Other);
                    self.scan.cuts = cuts;
                    return true;
                }
                self.scan.cuts = cuts;
            }
        }
        let shape = if classes & DIGIT == 0 {
            Shape::Letters
        } else {
            Shape::Other
        };
        self.push(ws, we, w.orig_start, w.orig_end, shape);
        true
    }

    /// A word `i..j` of letters and digits, not marked by case and ended by a space, a
    /// boundary or the end, pushed when it is an Eircode's routing key (`a86`, kept whole) or
    /// the unique identifier completing the piece before it (`vc04`, the pair recorded): what
    /// [`Fast::end_mixed`] does with these words, whose other cases it is left. `false`, having
    /// done nothing, for any other word.
    #[inline(always)]
    fn code_half(&mut self, i: usize, j: usize) -> bool {
        let Some(word) = self.scan.buf.as_bytes().get(i..j) else {
            return false;
        };
        let at = self.scan.pieces.len();
        match word.len() {
            3 => match eircode::routing_key_read(word) {
                Some(k) => self.key = Some((at, k)),
                None => return false,
            },
            4 => {
                // The key read when the piece before was pushed, else read again.
                let parsed = match self.key {
                    Some((k, key)) if k + 1 == at => eircode::parse_with_key(key, word),
                    _ => self.eircode_second_half(word),
                };
                match parsed {
                    Some(p) => self.scan.eircode_pair = Some((at, p)),
                    None => return false,
                }
            }
            _ => return false,
        }
        self.push_code(i, j, Shape::Other);
        true
    }

    /// The Eircode that `w` completes when it is the unique identifier after a routing key
    /// (`a86 vc04`); the cases of `second_half_of_last` that are Eircodes.
    fn eircode_second_half(&self, w: &[u8]) -> Option<Parsed> {
        let prev = self.scan.pieces.last()?;
        if w.len() != 4 || prev.alt.is_some() || prev.end - prev.start != 3 {
            return None;
        }
        let p = self
            .scan
            .buf
            .as_bytes()
            .get(prev.start as usize..prev.end as usize)?;
        let mut raw = [0u8; 7];
        raw[..3].copy_from_slice(p);
        raw[3..].copy_from_slice(w);
        eircode::parse_quiet(&raw).filter(|e| eircode::plausible_in_text(&raw, e))
    }

    /// [`Fast::push`] of a word with a digit, contiguous in the input (`s..e` in both): no
    /// ordinal word, no lone `o`, so neither is looked for.
    #[inline(always)]
    fn push_code(&mut self, s: usize, e: usize, shape: Shape) {
        self.scan.pieces.push(Piece {
            start: s as u32,
            end: e as u32,
            orig_start: s as u32,
            orig_end: e as u32,
            section: self.section,
            alt: None,
            boundary: self.pending_boundary.take(),
            shape,
        });
        self.pieces_in_section = true;
    }

    /// Pushes the piece `s..e` of the buffer, from `orig_start..orig_end` of the input, whose
    /// text has `shape` (unless it is an ordinal word, which becomes digits).
    #[inline(always)]
    fn push(&mut self, s: usize, e: usize, orig_start: usize, orig_end: usize, shape: Shape) {
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
            shape: if alt.is_some() { Shape::Other } else { shape },
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

    /// One piece as (text, input span, section, boundary).
    type Seen = (String, u32, u32, u16, Option<(u32, u32)>);

    /// The pieces of either path.
    fn pieces(s: &str, fast: bool) -> Option<Vec<Seen>> {
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
