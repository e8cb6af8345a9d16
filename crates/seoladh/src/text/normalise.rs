//! The normaliser: turns typed text into lower-case ASCII words, keeping for every word the byte
//! span it came from so output can echo what the user typed.
//!
//! The whole pipeline is [`STEPS`], in order. Character steps run fused in one pass over the input;
//! word steps then run over each word. [`normalise`] joins the words with single spaces;
//! the tokeniser (`super::tokenise`) reads the same words with their spans and sections.

use std::borrow::Cow;
use std::cell::RefCell;

use super::ascii::scan_ascii;
use super::eircode::Parsed;
use super::fold::{ascii_class_of, fold_char, fold_fast, folded, Atom, Class};
use super::words::{mutation_by_case, ordinal, second_half, split_points, split_points_with};

/// Version of the normaliser and tokeniser output, written into every index. Bump it on any
/// change that alters the words or tokens produced for some input: an index built with another
/// version must be rebuilt.
pub const NORMALISER_VERSION: u32 = 2;

/// Whether a step keeps every letter and digit of the input (lossless) or drops information.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Loss {
    /// Letters and digits survive; only their form or grouping changes.
    Lossless,
    /// Information is dropped (case, diacritics, punctuation).
    Lossy,
}

/// One step of the normaliser, for documentation and tests.
#[derive(Clone, Copy, Debug)]
pub struct Step {
    /// Short name.
    pub name: &'static str,
    /// What it does, with an example.
    pub what: &'static str,
    /// Lossless or lossy.
    pub loss: Loss,
}

/// The normaliser: lossless steps, then lossy ones. The character steps run fused in one pass
/// over the input; the word steps (`split-digits`, `irish-prothesis`, `o-prefix`, `ordinals`) then
/// run on each word. No lossy step changes what a lossless step decided.
pub const STEPS: &[Step] = &[
    Step { name: "nfkd", what: "Unicode compatibility decomposition: `ﬁ`→`fi`, full-width `Ａ`→`A`, `É`→`E`+accent", loss: Loss::Lossless },
    Step { name: "sections", what: "`,` `;` `|` and line breaks end a section (the tokeniser numbers sections)", loss: Loss::Lossless },
    Step { name: "ampersand", what: "`&` becomes the word `and`", loss: Loss::Lossless },
    Step { name: "ranges", what: "`63-66` and `63/66` between digits stay one word `63-66`", loss: Loss::Lossless },
    Step { name: "split-digits", what: "digits glued to words split: `8silver`→`8 silver`, `apt12`→`apt 12`, `dublin6w`→`dublin 6w`; kept whole: `10a`, `6w`, `1st`, Eircodes `a86vc04` (also the `vc04` half after a routing key), UK postcodes `bt118qt`, outward codes `bt11`", loss: Loss::Lossless },
    Step { name: "fold-diacritics", what: "combining marks dropped (`Ó`→`o`, `á`→`a`); `ß`→`ss`, `æ`→`ae`, `ø`→`o`, `ł`→`l` …", loss: Loss::Lossy },
    Step { name: "case", what: "lower case", loss: Loss::Lossy },
    Step { name: "apostrophes", what: "apostrophes inside a word are removed: `O'Connell`→`oconnell`, `St. John's`→`st johns`", loss: Loss::Lossy },
    Step { name: "punctuation", what: "other punctuation, control characters and odd whitespace separate words; full stops are dropped (`Co.`→`co`); hyphens between words become spaces; letters outside Latin scripts separate words", loss: Loss::Lossy },
    Step { name: "irish-prothesis", what: "an initial mutation marked by a hyphen or by case is removed: `t-oileán`→`oilean`, `tSráid`→`sraid`, `hAbhann`→`abhann`, `nGall`→`gall`, `gCloch`→`cloch`, `bhFear`→`fear` (unmarked ones are the tokeniser's job)", loss: Loss::Lossy },
    Step { name: "o-prefix", what: "a lone `o`/`ó` before a name is joined to it: `O Connell`→`oconnell`, `Ó Conaill`→`oconaill` (not before a word starting with `o`, which keeps this idempotent; the tokeniser joins only within a section, `normalise` across commas too)", loss: Loss::Lossy },
    Step { name: "ordinals", what: "the ordinal words `first`…`twentieth` become `1st`…`20th`", loss: Loss::Lossy },
];

/// One normalised word with its span in the original text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Piece {
    /// Range in [`Scan::buf`] (unless `alt` is set).
    pub start: u32,
    pub end: u32,
    /// Byte span in the original text.
    pub orig_start: u32,
    pub orig_end: u32,
    /// 0-based section (comma-separated part).
    pub section: u16,
    /// Replacement text (ordinal words).
    pub alt: Option<&'static str>,
    /// Span of the boundary character that opened this piece's section, if it opened one.
    pub boundary: Option<(u32, u32)>,
    /// What the ASCII path saw of the text ([`Shape`]): lets the tokeniser decide the common
    /// words without its cascade of parsers. `Shape::Other` when unknown (the general path).
    pub shape: Shape,
}

/// The shape of a piece's text, where the scan knows it for free (from its byte classes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    /// Not known, or neither of the others.
    Other,
    /// Lower-case letters only.
    Letters,
    /// Digits only.
    Digits,
}

/// Reusable buffers of the normaliser.
#[derive(Debug, Default, Clone)]
pub(crate) struct Scan {
    atoms: Vec<Atom>,
    /// Word characters, all words concatenated.
    pub buf: String,
    /// Original span of each byte of `buf`.
    map: Vec<(u32, u32)>,
    pub pieces: Vec<Piece>,
    /// Split points of the current word.
    pub(super) cuts: Vec<usize>,
    /// Some piece is the lone word `o` (else [`join_o_prefix`] has nothing to do).
    pub(super) lone_o: bool,
    /// Piece `k` completes an Eircode begun by piece `k - 1` (`a86 vc04`), as parsed by the fast
    /// path when it decided not to split `vc04`: the tokeniser takes it instead of parsing again.
    pub(super) eircode_pair: Option<(usize, Parsed)>,
}

impl Scan {
    /// Empties every buffer, keeping their capacity.
    pub(super) fn clear(&mut self) {
        self.atoms.clear();
        self.buf.clear();
        self.map.clear();
        self.pieces.clear();
        self.lone_o = false;
        self.eircode_pair = None;
    }

    /// The text of a piece as bytes: no char-boundary checks, for callers that read bytes.
    #[inline(always)]
    pub fn bytes(&self, p: &Piece) -> &[u8] {
        match p.alt {
            Some(a) => a.as_bytes(),
            None => self
                .buf
                .as_bytes()
                .get(p.start as usize..p.end as usize)
                .unwrap_or_default(),
        }
    }

    /// The text of a piece.
    pub fn text(&self, p: &Piece) -> &str {
        match p.alt {
            Some(a) => a,
            None => self.buf.get(p.start as usize..p.end as usize).unwrap_or(""),
        }
    }
}

/// Byte offset as `u32`, saturating (inputs are bounded far below 4 GiB by the callers that keep
/// spans; [`normalise`] only uses spans for ordering).
fn off(i: usize) -> u32 {
    u32::try_from(i).unwrap_or(u32::MAX)
}

/// `u8::is_ascii_alphanumeric` as a table: one load per byte in the scanner's inner loop.
const ALNUM: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = (b as u8).is_ascii_alphanumeric();
        b += 1;
    }
    t
};

/// Runs the normaliser over `input`, filling `scan.pieces`: the ASCII fast path
/// (`super::ascii`) when it can, else the general path.
pub(crate) fn scan_into(input: &str, scan: &mut Scan) {
    if !scan_ascii(input, scan) {
        scan_general(input, scan);
    }
}

/// The general path of [`scan_into`]: any input, character by character through the folding
/// table.
pub(super) fn scan_general(input: &str, scan: &mut Scan) {
    scan.clear();
    let mut w = WordBuilder {
        upper: [false; 3],
        drop_prefix: 0,
        word_start: 0,
        section: 0,
        pending_boundary: None,
        pieces_in_section: false,
    };
    let bytes = input.as_bytes();
    // Every offset `0..=len` converts to `u32` exactly (always, for real addresses).
    let fits_u32 = u32::try_from(bytes.len()).is_ok_and(|n| n < u32::MAX);
    let mut atoms = std::mem::take(&mut scan.atoms);
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if ALNUM[usize::from(b)] {
            // Fast path: a run of ASCII letters and digits goes straight into the word.
            let mut j = i + 1;
            while j < bytes.len() && ALNUM[usize::from(bytes[j])] {
                j += 1;
            }
            let start = scan.buf.len();
            let pos = start - w.word_start;
            for (slot, c) in w.upper.iter_mut().skip(pos).zip(&bytes[i..j]) {
                *slot = c.is_ascii_uppercase();
            }
            // Copy the run whole, then lower-case it in place: no per-char push.
            scan.buf.push_str(&input[i..j]);
            if let Some(run) = scan.buf.get_mut(start..) {
                run.make_ascii_lowercase();
            }
            if fits_u32 {
                // Plain `u32` ranges (no saturation) so the extend vectorises.
                let (s, e) = (i as u32, j as u32);
                scan.map.extend((s..e).map(|k| (k, k + 1)));
            } else {
                scan.map.extend((i..j).map(|k| (off(k), off(k + 1))));
            }
            i = j;
        } else if b.is_ascii() {
            let a = Atom {
                class: ascii_class_of(b),
                upper: false,
                start: off(i),
                end: off(i + 1),
            };
            w.atom(scan, a, || class_at(input, i + 1));
            i += 1;
        } else {
            let c = input[i..].chars().next().unwrap_or(' ');
            let e = i + c.len_utf8();
            atoms.clear();
            fold_fast(c, off(i), off(e), &mut atoms);
            for k in 0..atoms.len() {
                let next = || match atoms.get(k + 1) {
                    Some(n) => Some(n.class),
                    None => class_at(input, e),
                };
                w.atom(scan, atoms[k], next);
            }
            i = e;
        }
    }
    w.end_word(scan);
    scan.atoms = atoms;
    join_o_prefix(scan, Across::No);
}

/// The class of the first atom at or after byte `i` (chars that fold to nothing, like a lone
/// combining mark, are skipped).
fn class_at(input: &str, i: usize) -> Option<Class> {
    let rest = input.get(i..)?;
    for c in rest.chars() {
        if c.is_ascii() {
            return Some(ascii_class_of(c as u8));
        }
        if let Some(f) = folded(c) {
            if f.len > 0 {
                return Some(f.items[0].0);
            }
            continue;
        }
        let mut tmp = Vec::new();
        fold_char(c, 0, 0, &mut tmp);
        if let Some(a) = tmp.first() {
            return Some(a.class);
        }
    }
    None
}

struct WordBuilder {
    /// Case of the first three letters of the current word.
    upper: [bool; 3],
    /// Letters to drop from the front of the current word (a hyphenated prothesis).
    drop_prefix: usize,
    word_start: usize,
    section: u16,
    pending_boundary: Option<(u32, u32)>,
    pieces_in_section: bool,
}

impl WordBuilder {
    /// Handles one folded character; `next` is the class of the one after it.
    /// `next` is only called for the classes whose handling depends on it.
    fn atom(&mut self, scan: &mut Scan, a: Atom, next: impl FnOnce() -> Option<Class>) {
        let w = self;
        let next = match a.class {
            Class::Apostrophe | Class::Hyphen | Class::Slash => next(),
            _ => None,
        };
        let next_alnum = matches!(next, Some(Class::Alnum(_)));
        let next_digit = matches!(next, Some(Class::Alnum(b)) if b.is_ascii_digit());
        let next_letter = matches!(next, Some(Class::Alnum(b)) if b.is_ascii_lowercase());
        match a.class {
            Class::Alnum(b) => {
                let pos = scan.buf.len() - w.word_start;
                if pos < 3 {
                    w.upper[pos] = a.upper;
                }
                scan.buf.push(b as char);
                scan.map.push((a.start, a.end));
            }
            Class::Apostrophe => {
                if !(w.has_word(scan) && next_alnum) {
                    w.end_word(scan);
                }
            }
            Class::Hyphen | Class::Slash => {
                let cur = &scan.buf.as_bytes()[w.word_start..];
                let ends_digit = cur.last().is_some_and(u8::is_ascii_digit);
                if ends_digit && next_digit && !cur.contains(&b'-') {
                    scan.buf.push('-');
                    scan.map.push((a.start, a.end));
                } else if a.class == Class::Hyphen
                    && matches!(cur, [b't' | b'n' | b'h'])
                    && next_letter
                {
                    // Irish prothesis `t-oileán`, `n-uisce`, `h-Abhann`: the letter goes.
                    w.drop_prefix = 1;
                } else {
                    w.end_word(scan);
                }
            }
            Class::Ampersand => {
                w.end_word(scan);
                for b in "and".bytes() {
                    scan.buf.push(b as char);
                    scan.map.push((a.start, a.end));
                }
                w.end_word(scan);
            }
            Class::Boundary => {
                w.end_word(scan);
                if w.pieces_in_section {
                    w.section = w.section.saturating_add(1);
                    w.pieces_in_section = false;
                    w.pending_boundary = Some((a.start, a.end));
                }
            }
            Class::Space => w.end_word(scan),
        }
    }

    fn has_word(&self, scan: &Scan) -> bool {
        scan.buf.len() > self.word_start
    }

    /// Closes the current raw word: splits it and pushes its pieces.
    fn end_word(&mut self, scan: &mut Scan) {
        let (word_start, we) = (self.word_start, scan.buf.len());
        self.word_start = we;
        let upper = std::mem::take(&mut self.upper);
        let mut drop = std::mem::take(&mut self.drop_prefix);
        if word_start == we {
            return;
        }
        if drop == 0 {
            drop = mutation_by_case(&scan.buf.as_bytes()[word_start..we], upper);
        }
        if we - word_start < drop + 2 {
            drop = 0;
        }
        let ws = word_start + drop;
        let bytes = &scan.buf.as_bytes()[ws..we];
        let mut cuts = std::mem::take(&mut scan.cuts);
        cuts.clear();
        if !second_half_of_last(scan, bytes) {
            split_points(bytes, &mut cuts);
        }
        let mut prev = ws;
        let mut orig_from = word_start;
        for &cut in &cuts {
            self.push_piece(scan, prev, ws + cut, orig_from);
            prev = ws + cut;
            orig_from = prev;
        }
        self.push_piece(scan, prev, we, orig_from);
        scan.cuts = cuts;
    }

    fn push_piece(&mut self, scan: &mut Scan, s: usize, e: usize, orig_from: usize) {
        let text = scan.buf.as_bytes().get(s..e).unwrap_or_default();
        let alt = ordinal(text);
        scan.lone_o |= text == b"o";
        let piece = Piece {
            start: off(s),
            end: off(e),
            orig_start: scan.map[orig_from].0,
            orig_end: scan.map[e - 1].1,
            section: self.section,
            alt,
            boundary: self.pending_boundary.take(),
            shape: Shape::Other,
        };
        self.pieces_in_section = true;
        scan.pieces.push(piece);
    }
}

/// Whether `w` is the second half of a code whose first half is the last piece: the
/// unique identifier of an Eircode (`a86 vc04`) or the inward code of a UK postcode
/// (`bt35 6aa`). Then it must not be split.
pub(super) fn second_half_of_last(scan: &Scan, w: &[u8]) -> bool {
    let Some(prev) = scan.pieces.last() else {
        return false;
    };
    // Sections are not checked: `normalise` drops commas, and must stay idempotent.
    // Only a 3- or 4-character word can be a second half: skip the call for the others.
    if prev.alt.is_some() || !matches!(w.len(), 3 | 4) {
        return false;
    }
    second_half(
        &scan.buf.as_bytes()[prev.start as usize..prev.end as usize],
        w,
    )
}

/// Whether [`join_o_prefix`] joins a lone `o` to a word in the next section.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Across {
    /// Only within a section: the tokeniser's reading (`coill an ó, tulach mhór` keeps the
    /// place `tulach mhor`, and the name that ends in `o` keeps it).
    No,
    /// Across commas too: [`normalise`] drops the commas, and must stay idempotent.
    Yes,
}

/// Joins a lone `o` to the name after it (`o connell` → `oconnell`). One compacting pass, so
/// linear in the number of pieces. Joined pairs never overlap (the word joined to never starts
/// with `o`), so a pass with [`Across::Yes`] after one with [`Across::No`] gives what a single
/// pass across sections would.
pub(super) fn join_o_prefix(scan: &mut Scan, across: Across) {
    if !scan.lone_o {
        return;
    }
    // Pieces move: the remembered Eircode pair would point at the wrong one.
    scan.eircode_pair = None;
    let n = scan.pieces.len();
    let (mut r, mut w) = (0, 0);
    while r < n {
        let a = scan.pieces[r];
        let mut out = a;
        let mut used = 1;
        if r + 1 < n {
            let b = scan.pieces[r + 1];
            let buf = scan.buf.as_bytes();
            let b_text = &buf[b.start as usize..b.end as usize];
            if a.alt.is_none()
                && b.alt.is_none()
                && (across == Across::Yes || a.section == b.section)
                && &buf[a.start as usize..a.end as usize] == b"o"
                && b_text.len() >= 2
                && b_text[0] != b'o'
                && b_text.iter().all(u8::is_ascii_lowercase)
            {
                if a.end == b.start {
                    out.end = b.end;
                } else {
                    // Not adjacent in the buffer (a dropped prothetic letter between): copy.
                    let start = scan.buf.len();
                    scan.buf.push('o');
                    // Byte by byte from the buffer itself: no temporary copy.
                    for k in b.start as usize..b.end as usize {
                        let c = scan.buf.as_bytes().get(k).copied().unwrap_or(b'o');
                        scan.buf.push(char::from(c));
                    }
                    out.start = off(start);
                    out.end = off(scan.buf.len());
                }
                out.orig_end = b.orig_end;
                out.shape = Shape::Other;
                used = 2;
            }
        }
        scan.pieces[w] = out;
        w += 1;
        r += used;
    }
    scan.pieces.truncate(w);
}

// Public free function called from every layer; fresh buffers per call: +95% here, Find +0.8%.
thread_local! {
    static SCRATCH: RefCell<(Scan, String)> = RefCell::new((Scan::default(), String::new()));
}

/// The match key of a whole string: lower-case ASCII words (diacritics and case folded,
/// punctuation dropped per [`STEPS`]) separated by single spaces. Borrows when `s` is already in
/// that form. Idempotent: `normalise(&normalise(x)) == normalise(x)`.
///
/// ```
/// use seoladh::raw::text::normalise;
/// assert_eq!(normalise("8 Silver Birches, Dunboyne, Co. Meath"), "8 silver birches dunboyne co meath");
/// assert_eq!(normalise("Sráid Uí Chonaill"), "sraid ui chonaill");
/// assert_eq!(normalise("O'Connell St."), "oconnell st");
/// ```
pub fn normalise(s: &str) -> Cow<'_, str> {
    SCRATCH.with(|cell| match cell.try_borrow_mut() {
        Ok(mut guard) => {
            let (scan, out) = &mut *guard;
            normalise_with(s, scan, out)
        }
        // Re-entrant call (cannot happen in practice): use fresh buffers.
        Err(_) => normalise_with(s, &mut Scan::default(), &mut String::new()),
    })
}

/// [`normalise`] for text that may already be owned: an owned input that is already normal is
/// returned as it is, without a copy.
pub fn normalise_cow(s: Cow<'_, str>) -> Cow<'_, str> {
    match s {
        Cow::Borrowed(b) => normalise(b),
        Cow::Owned(o) => match normalise(&o) {
            Cow::Borrowed(_) => Cow::Owned(o),
            Cow::Owned(n) => Cow::Owned(n),
        },
    }
}

/// Whether `s` is certainly already normal, checked without building anything: lower-case ASCII
/// letters and digits in single-space-separated words, none of which a word step would change.
/// Conservative: `false` only sends the text down the full path.
fn is_already_normal(s: &str) -> bool {
    let b = s.as_bytes();
    if b.first() == Some(&b' ') || b.last() == Some(&b' ') {
        return false;
    }
    let mut words = s.split(' ').peekable();
    let mut prev: &[u8] = &[];
    while let Some(w) = words.next() {
        let wb = w.as_bytes();
        if wb.is_empty()
            || !wb
                .iter()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        {
            return false;
        }
        if w == "o" && words.peek().is_some() {
            return false;
        }
        if ordinal(wb).is_some() {
            return false;
        }
        let mut splits = false;
        split_points_with(wb, |_| splits = true);
        if splits && !second_half(prev, wb) {
            return false;
        }
        prev = wb;
    }
    true
}

fn normalise_with<'a>(s: &'a str, scan: &mut Scan, out: &mut String) -> Cow<'a, str> {
    if is_already_normal(s) {
        return Cow::Borrowed(s);
    }
    scan_into(s, scan);
    join_o_prefix(scan, Across::Yes);
    out.clear();
    for p in &scan.pieces {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(scan.text(p));
    }
    if out.as_str() == s {
        Cow::Borrowed(s)
    } else {
        Cow::Owned(out.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(s: &str) -> String {
        normalise(s).into_owned()
    }

    fn full_path(s: &str) -> String {
        let mut scan = Scan::default();
        scan_into(s, &mut scan);
        let words: Vec<&str> = scan.pieces.iter().map(|p| scan.text(p)).collect();
        words.join(" ")
    }

    proptest::proptest! {
        #[test]
        fn fast_path_never_accepts_what_the_full_path_changes(
            s in "(o|st|first|a86|vc04|10a|8silver|d6w|bt11|8qt|[a-z0-9]{1,6})( (o|st|first|a86|vc04|10a|8silver|d6w|bt11|8qt|[a-z0-9]{1,6})){0,6}"
        ) {
            if is_already_normal(&s) {
                proptest::prop_assert_eq!(full_path(&s), s);
            }
        }
    }

    #[test]
    fn fast_path_agrees_with_full_path() {
        for s in [
            "8 silver birches",
            "a86 vc04",
            "o connell",
            "first avenue",
            "apt12",
            "10a",
            "d6w",
            "",
            "a  b",
            "bt35 6aa",
            "ab6 vc04",
        ] {
            if is_already_normal(s) {
                let mut scan = Scan::default();
                let mut out = String::new();
                scan_into(s, &mut scan);
                for p in &scan.pieces {
                    if !out.is_empty() {
                        out.push(' ');
                    }
                    out.push_str(scan.text(p));
                }
                assert_eq!(out, s, "fast path wrongly accepted {s:?}");
            }
        }
        assert!(is_already_normal("8 silver birches") && is_already_normal("10a main street"));
        assert!(
            !is_already_normal("o connell")
                && !is_already_normal("first avenue")
                && !is_already_normal("apt12")
        );
    }

    #[test]
    fn fold_table_agrees_with_fold_char() {
        for cp in 0..0x300u32 {
            let Some(c) = char::from_u32(cp) else {
                continue;
            };
            let (mut fast, mut slow) = (Vec::new(), Vec::new());
            fold_fast(c, 3, 5, &mut fast);
            fold_char(c, 3, 5, &mut slow);
            if c.is_ascii() {
                continue;
            }
            let key = |a: &Atom| (a.class, a.upper, a.start, a.end);
            assert_eq!(
                fast.iter().map(key).collect::<Vec<_>>(),
                slow.iter().map(key).collect::<Vec<_>>(),
                "U+{cp:04X}"
            );
        }
        assert!(folded('á').is_some() && folded('Ó').is_some() && folded('a').is_none());
    }

    #[test]
    fn borrows_when_already_normal() {
        assert!(matches!(normalise("8 silver birches"), Cow::Borrowed(_)));
        let owned = Cow::Owned("8 silver birches".to_owned());
        assert_eq!(normalise_cow(owned), "8 silver birches");
        assert_eq!(normalise_cow(Cow::Owned("8 Silver".to_owned())), "8 silver");
        assert!(matches!(normalise("8 Silver"), Cow::Owned(_)));
    }

    #[test]
    fn folds_and_splits() {
        assert_eq!(n("Bóthar na Trá"), "bothar na tra");
        assert_eq!(n("8silver birches"), "8 silver birches");
        assert_eq!(n("apt12"), "apt 12");
        assert_eq!(n("10A"), "10a");
        assert_eq!(n("Dublin6W"), "dublin 6w");
        assert_eq!(n("D6W"), "d6w");
        assert_eq!(n("A86VC04"), "a86vc04");
        assert_eq!(n("A86 VC04"), "a86 vc04");
        assert_eq!(n("D6W X2Y3"), "d6w x2y3");
        assert_eq!(n("BT118QT"), "bt118qt");
        assert_eq!(n("BT11"), "bt11");
        assert_eq!(n("21st"), "21st");
        assert_eq!(n("12st"), "12 st");
    }

    #[test]
    fn punctuation_rules() {
        assert_eq!(n("63-66 Main St"), "63-66 main st");
        assert_eq!(n("63/64"), "63-64");
        assert_eq!(n("Carrick-on-Shannon"), "carrick on shannon");
        assert_eq!(n("an t-Oileán"), "an oilean");
        assert_eq!(n("an tSráid"), "an sraid");
        assert_eq!(n("Sráid na hArdeaglaise"), "sraid na ardeaglaise");
        assert_eq!(n("Dún na nGall"), "dun na gall");
        assert_eq!(n("i bhFear"), "i fear");
        assert_eq!(n("iPhone TOWER Tower"), "iphone tower tower");
        assert_eq!(n("BT35 6AA"), "bt35 6aa");
        assert_eq!(n("AB6 VC04"), "ab6 vc04");
        assert_eq!(n("Smith & Sons"), "smith and sons");
        assert_eq!(n("O Connell"), "oconnell");
        assert_eq!(n("St. John’s"), "st johns");
        assert_eq!(n("First Avenue"), "1st avenue");
        assert_eq!(n("a\u{0}b\tc\u{3000}d"), "a b c d");
    }

    #[test]
    fn spans_point_at_original() {
        let mut scan = Scan::default();
        let s = "Ó Conaill, 8silver";
        scan_into(s, &mut scan);
        let spans: Vec<&str> = scan
            .pieces
            .iter()
            .map(|p| &s[p.orig_start as usize..p.orig_end as usize])
            .collect();
        assert_eq!(spans, ["Ó Conaill", "8", "silver"]);
        assert_eq!(scan.pieces[1].section, 1);
        assert_eq!(scan.pieces[1].boundary, Some((10, 11)));
    }
}
