//! The tokeniser's fast path for ASCII input: the normaliser's byte scan (`super::ascii`) and the
//! tokeniser's classification fused into one pass. Each piece is classified as soon as the
//! scanner pushes the one after it (the decisions look one word ahead: an Eircode's second half,
//! a county ending its section, `Dublin 6`), while its text and roles are still at hand; no
//! list of words is walked a second time.
//!
//! Words of letters that are no code, county, district or unit, and plain numbers, are decided
//! here from the shape the scan recorded and one roles lookup. Any other piece goes to the
//! general tokeniser's [`Builder::one`] once the words it may read (its window) are scanned. The
//! scanner gives up on anything rare and the caller runs the general path, so every rule stays
//! written once; the proptests of `tokenise_tests.rs` check that both give the same tokens.

use std::ops::Range;

use super::ascii::{scan_ascii_with, Sink};
use super::eircode::Parsed;
use super::lexicon::{one_slip, DublinDistrict, WordClass, WordInfo};
use super::normalise::{Piece, Scan, Shape};
use super::roles::Roles;
use super::tokenise::{
    eircode_at, is_address_word, number_kind, text_of, Builder, Fused, TokenKind, IN_POOL, IN_SCAN,
    WINDOW,
};
use crate::limits::MAX_QUERY_TOKENS;

/// Roles of the pieces not yet decided, by piece index modulo `RING`: at most `WINDOW + 1`
/// pieces wait (a piece for [`Builder::one`] waits for its window and the piece after it).
const RING: usize = 8;

/// The classifying sink of the scanner.
struct Classify<'b, 'a> {
    b: &'b mut Builder<'a>,
    /// The roles of each piece not yet decided (see [`RING`]).
    roles: [Roles; RING],
    /// The first piece not yet decided.
    done: usize,
    /// The section of the last piece decided (a new one opens with a separator token).
    section: u16,
    /// Tokens reached [`MAX_QUERY_TOKENS`]: nothing more is decided.
    truncated: bool,
    /// A lone `o` was pushed: the scan joins it to the next word at its end, so the tokens are
    /// made again from the finished pieces.
    rerun: bool,
}

/// Tokenises ASCII `input` in one pass into `b`'s buffers, filling `scan` as the normaliser
/// would. On [`Fused::Rerun`] and [`Fused::General`] the tokens made so far are to be thrown
/// away (the caller does).
pub(super) fn tokenise_ascii(input: &str, scan: &mut Scan, b: &mut Builder<'_>) -> Fused {
    let mut c = Classify {
        b,
        roles: [Roles::default(); RING],
        done: 0,
        section: 0,
        truncated: false,
        rerun: false,
    };
    if !scan_ascii_with(input, scan, &mut c) {
        return Fused::General;
    }
    if c.rerun {
        return Fused::Rerun;
    }
    if !c.truncated {
        c.advance(scan, true);
    }
    Fused::Done {
        truncated: c.truncated,
    }
}

impl Sink for Classify<'_, '_> {
    // Out of line: the scanner's byte loop keeps its registers.
    #[inline(never)]
    fn piece(&mut self, scan: &Scan, p: &Piece, text: &[u8]) {
        if self.truncated || self.rerun {
            return;
        }
        if scan.lone_o {
            self.rerun = true;
            return;
        }
        let k = scan.pieces.len() - 1;
        // No key starts with a digit (what `roles` would check).
        let roles = match p.shape {
            Shape::Digits => Roles::default(),
            _ => self.b.lex.roles_of(text),
        };
        self.roles[k % RING] = roles;
        if self.done < k {
            // Earlier pieces wait for this one; this one waits behind them.
            self.advance(scan, false);
            return;
        }
        // The commonest word, decided at once: letters the lexicon does not know, spelled
        // like no code, district or glued county (see `plain`).
        if p.shape == Shape::Letters
            && roles == Roles::default()
            && p.section == self.section
            && plain(text)
            && self.b.tokens.len() < MAX_QUERY_TOKENS
            && self.prev_allows_plain(p.section)
        {
            let span = p.orig_start..p.orig_end;
            let range = (p.start | IN_SCAN, p.end);
            self.b
                .push_range(TokenKind::Word, span, p.section, range, 0);
            self.b.last_info = Some((self.b.tokens.len() - 1, WordInfo::default()));
            self.done += 1;
            return;
        }
        self.advance(scan, false);
    }
}

/// Whether a word of letters the lexicon does not know is one [`Builder::one`] pushes as typed
/// whatever follows it (given the word before allows it): not of 1–3 letters (Eircode halves,
/// `st`, `d 8`), not of 7 (an Eircode in one word), not `co…` (a county glued to its marker)
/// or `gir…` (a postcode), and no first word of a Dublin district (`dubiln 6`, `mbaile`).
#[inline(always)]
fn plain(b: &[u8]) -> bool {
    if b.len() < 4 || b.len() == 7 {
        return false;
    }
    match b[0] {
        b'c' => b[1] != b'o',
        b'g' => !b.starts_with(b"gir"),
        b'b' | b'd' | b'm' => {
            !b.ends_with(b"aile") && !((5..=7).contains(&b.len()) && one_slip(b, b"dublin"))
        }
        _ => true,
    }
}

/// What the fused path did with a piece.
enum Step {
    /// Tokens made from this many pieces.
    Done(usize),
    /// The general rules decide ([`Builder::one`], once the window is scanned).
    General,
    /// The decision needs a piece not yet scanned.
    Wait,
}

impl Classify<'_, '_> {
    /// Decides the pieces that can be decided: every one when `end` (the scan is complete),
    /// else those whose next piece, or whose window, is scanned.
    #[inline(always)]
    fn advance(&mut self, scan: &Scan, end: bool) {
        let n = scan.pieces.len();
        while self.done < n {
            let i = self.done;
            let p = &scan.pieces[i];
            // The next piece of the section: `None` while not yet scanned.
            let next = match scan.pieces.get(i + 1) {
                Some(q) => Some(Some(q).filter(|q| q.section == p.section)),
                None => end.then_some(None),
            };
            if p.section != self.section {
                self.section = p.section;
                if !self.b.tokens.is_empty() {
                    if self.b.tokens.len() >= MAX_QUERY_TOKENS {
                        self.truncated = true;
                        return;
                    }
                    let (s, e) = p.boundary.unwrap_or((p.orig_start, p.orig_start));
                    let comma = self.b.lex.pool_at().comma;
                    self.push_pool(TokenKind::Separator, s..e, p.section, comma);
                }
            }
            if self.b.tokens.len() >= MAX_QUERY_TOKENS {
                self.truncated = true;
                return;
            }
            let step = match p.shape {
                Shape::Digits => {
                    self.number(scan, i);
                    Step::Done(1)
                }
                Shape::Letters => self.letters(scan, i, next, end),
                Shape::Other => self.other(scan, i, next),
            };
            match step {
                Step::Done(used) => self.done += used,
                Step::Wait => return,
                Step::General => {
                    // The general rules read up to WINDOW words of the section and whether
                    // the section ends after them: wait until that is known.
                    let last = scan.pieces[n - 1].section;
                    if !end && n <= i + WINDOW && last == p.section {
                        return;
                    }
                    self.done += self.general(scan, i);
                }
            }
        }
    }

    /// Piece `i` through [`Builder::one`], with its window; returns the pieces used.
    #[inline(never)]
    fn general(&mut self, scan: &Scan, i: usize) -> usize {
        let pieces = &scan.pieces;
        let section = pieces[i].section;
        let mut ws = [""; WINDOW];
        let mut rs = [Roles::default(); WINDOW];
        let mut k = 0;
        while k < WINDOW && i + k < pieces.len() && pieces[i + k].section == section {
            ws[k] = scan.text(&pieces[i + k]);
            rs[k] = self.roles[(i + k) % RING];
            k += 1;
        }
        self.b.one(scan, i, &ws[..k], &rs[..k]).max(1)
    }

    /// A plain number: leading zeros go, but for the last digit (`007` → `7`, `0` stays).
    #[inline(always)]
    fn number(&mut self, scan: &Scan, i: usize) {
        let p = &scan.pieces[i];
        let b = scan.buf.as_bytes().get(p.start as usize..p.end as usize);
        let b = b.unwrap_or_default();
        let zeros = b.iter().take_while(|c| **c == b'0').count();
        let skip = zeros.min(b.len().saturating_sub(1));
        let span = p.orig_start..p.orig_end;
        self.b
            .push_piece(scan, TokenKind::Number, span, p.section, i, skip);
    }

    /// A piece of any other shape (letters and digits, a range, an ordinal): an Eircode whose
    /// second half the scan parsed, or a number (`10a`, `63-66`, `1st`); the rest is general.
    /// As [`Builder::one`] reads such a piece: the Eircode pair first; then, for a piece that
    /// starts with a digit, every other code, district and county test fails on that digit.
    #[inline(never)]
    fn other(&mut self, scan: &Scan, i: usize, next: Option<Option<&Piece>>) -> Step {
        let pieces = &scan.pieces;
        let p = &pieces[i];
        // Only a piece of 3 characters begins an Eircode pair, known once the next is scanned.
        if next.is_none() && text_len(p) == 3 {
            return Step::Wait;
        }
        if let Some((k, e)) = scan.eircode_pair {
            if k == i + 1 {
                let Some(n) = pieces.get(k).filter(|n| n.section == p.section) else {
                    return Step::General;
                };
                if is_address_word(scan.text(n), self.roles[k % RING]) {
                    return Step::General;
                }
                self.eircode(e, p.orig_start..n.orig_end, p.section);
                return Step::Done(2);
            }
        }
        let w = scan.text(p);
        if !w.as_bytes().first().is_some_and(u8::is_ascii_digit) {
            // An Eircode in one word (`a86vc04`) is read before anything else.
            if w.len() == 7 {
                if let Some((e, _)) = eircode_at(&[w]) {
                    let span = p.orig_start..p.orig_end;
                    self.eircode(e, span, p.section);
                    return Step::Done(1);
                }
            }
            return Step::General;
        }
        let (kind, t) = number_kind(w);
        let span = p.orig_start..p.orig_end;
        self.b
            .push_piece(scan, kind, span, p.section, i, w.len() - t.len());
        Step::Done(1)
    }

    /// Pushes the Eircode token of `e` (lower case, no space).
    fn eircode(&mut self, e: Parsed, span: Range<u32>, section: u16) {
        let code = e.eircode.as_bytes();
        let s = self.b.text.len() as u32;
        self.b
            .text
            .extend(code.iter().map(|b| char::from(b.to_ascii_lowercase())));
        let range = (s, self.b.text.len() as u32);
        self.b
            .push_range(TokenKind::Eircode, span, section, range, e.corrections);
    }

    /// A word of letters, read as [`Builder::one`] reads it, in its order: codes, Dublin
    /// district, county, unit, then the word itself. Decided here: no code; a district
    /// `dublin 8`; a county after a marker (`co cork`), glued to one (`cocork`) or alone at the
    /// end of its section; a unit word; a word pushed as typed or as its canonical form
    /// (`rd` → `road`). Every other case is [`Step::General`], and `one` decides.
    #[inline(always)]
    fn letters(&mut self, scan: &Scan, i: usize, next: Option<Option<&Piece>>, end: bool) -> Step {
        let pieces = &scan.pieces;
        let p = &pieces[i];
        let roles = self.roles[i % RING];
        let b = scan.buf.as_bytes().get(p.start as usize..p.end as usize);
        let b = b.unwrap_or_default();
        // Most words are decided before the next is scanned; the rules that read the next word
        // wait for it (`Step::Wait`) and are asked again once it is.
        let known = next.is_some();
        let next = next.flatten();
        if b.len() == 3 && !known {
            return Step::Wait;
        }
        // Codes: an Eircode in one word or two (`dgw` is letters only; its second half parsed
        // by the scan), the `gir` postcode; the articles (county names in several words start
        // with them).
        let pair = matches!(scan.eircode_pair, Some((k, _)) if k == i + 1);
        if pair || b.starts_with(b"gir") || matches!(b, b"an" | b"na") {
            return Step::General;
        }
        let eircode = match (b.len(), next) {
            (7, _) => eircode_at(&[scan.text(p)]).is_some(),
            (3, Some(n)) if text_len(n) == 4 => eircode_at(&[scan.text(p), scan.text(n)]).is_some(),
            _ => false,
        };
        if eircode {
            return Step::General;
        }
        let span = p.orig_start..p.orig_end;
        // Dublin districts: every form starts with `d`, `b` or `m` and has a number or `6w`
        // right after its first word, but for the three-word forms (`b a c`, `baile`,
        // `bhaile`, `mbaile` …).
        let dbm = matches!(b[0], b'd' | b'b' | b'm');
        if dbm && !known {
            return Step::Wait;
        }
        if let Some(n) = next.filter(|_| dbm) {
            if n.shape != Shape::Letters || b == b"b" || b.ends_with(b"aile") {
                if b == b"b" || b.ends_with(b"aile") {
                    return Step::General;
                }
                if let Some(d) = dublin_district(b, scan.text(n)) {
                    let span = span.start..n.orig_end;
                    let at = self.b.lex.district_in_pool(d);
                    self.push_pool(TokenKind::DublinDistrict, span, p.section, at);
                    return Step::Done(2);
                }
            }
        }
        let info = roles.info();
        let unit = info.class() == Some(WordClass::Unit);
        if !known
            && (info.is_county_marker()
                || roles.county().is_some()
                || roles.county_part()
                || unit
                || matches!(b, b"st" | b"dr"))
        {
            return Step::Wait;
        }
        // County after a marker: `[marker, name]` ending the section.
        if let Some(n) = next.filter(|_| info.is_county_marker()) {
            match pieces.get(i + 2) {
                None if !end => return Step::Wait,
                Some(t) if t.section == p.section => return Step::General,
                _ => match self.roles[(i + 1) % RING].county() {
                    Some(c) => {
                        let span = span.start..n.orig_end;
                        let at = self.b.lex.county_in_pool(c);
                        self.push_pool(TokenKind::County, span, p.section, at);
                        return Step::Done(2);
                    }
                    None => return Step::General,
                },
            }
        }
        // Glued to its marker (`cocork`).
        if b.len() > 3 && b.starts_with(b"co") {
            if let Some(c) = self.b.lex.glued_county(scan.text(p)) {
                let at = self.b.lex.county_in_pool(c);
                self.push_pool(TokenKind::County, span, p.section, at);
                return Step::Done(1);
            }
        }
        match next {
            // Alone at the end of its section (but `down`, an English word too).
            None => {
                if let Some(c) = roles.county() {
                    if c.name() == "down" {
                        return Step::General;
                    }
                    let at = self.b.lex.county_in_pool(c);
                    self.push_pool(TokenKind::County, span, p.section, at);
                    return Step::Done(1);
                }
            }
            // Several words, the first with `county_part` (`county_run` is 0 otherwise, and
            // `match_county` of no words finds none).
            Some(_) if roles.county_part() => return Step::General,
            Some(_) => {}
        }
        // A unit word before its number (`apt 12`), else a word.
        if unit {
            let next_is_number = next.is_some_and(|n| {
                let t = scan.text(n).as_bytes();
                t.first().is_some_and(u8::is_ascii_digit) || (t.len() == 1 && b != b"no")
            });
            let w = scan.text(p);
            let canon = self.b.lex.canonical_of(info).unwrap_or(w);
            if next_is_number {
                self.b.push(TokenKind::Unit, span, p.section, canon, 0);
            } else {
                let t = if b == b"no" { w } else { canon };
                self.b.push(TokenKind::Word, span, p.section, t, 0);
            }
            return Step::Done(1);
        }
        // `st` is Saint before a name and Street after one (likewise `dr`: Doctor, Drive).
        if let b"st" | b"dr" = b {
            let k = self.st_dr(scan, p.section, b == b"st", next.map(|n| scan.text(n)));
            let at = self.b.lex.pool_at().st_dr[k];
            self.push_pool(TokenKind::Word, span, p.section, at);
            self.b.last_info = Some((self.b.tokens.len() - 1, self.b.lex.info(ST_DR[k])));
            return Step::Done(1);
        }
        if let (Some((at, canon_info)), Some(_)) =
            (self.b.lex.canonical_in_pool(info), info.class())
        {
            self.push_pool(TokenKind::Word, span, p.section, at);
            self.b.last_info = Some((self.b.tokens.len() - 1, canon_info));
            return Step::Done(1);
        }
        // A word may lose its mutation on its own (`bhothar`) or after a particle
        // (`na habhann`).
        if roles.demutates() {
            return Step::General;
        }
        let prev_word = self
            .b
            .tokens
            .last()
            .is_some_and(|t| t.section == p.section && t.kind == TokenKind::Word);
        if prev_word {
            match self.b.last_info {
                Some((t, prev)) if t + 1 == self.b.tokens.len() && !prev.is_particle() => {}
                _ => return Step::General,
            }
        }
        self.b
            .push_piece(scan, TokenKind::Word, span, p.section, i, 0);
        self.b.last_info = Some((self.b.tokens.len() - 1, info));
        Step::Done(1)
    }
}

impl Classify<'_, '_> {
    /// Whether a word pushed as typed may follow the last token in `section`: it is no word of
    /// the section, or one known to be no particle (after which a word may lose a mutation).
    #[inline(always)]
    fn prev_allows_plain(&self, section: u16) -> bool {
        let b = &self.b;
        match b.tokens.last() {
            Some(t) if t.section == section && t.kind == TokenKind::Word => {
                matches!(b.last_info, Some((k, prev)) if k + 1 == b.tokens.len() && !prev.is_particle())
            }
            _ => true,
        }
    }

    /// The reading of `st` (`saint` or `street`) or `dr` (`doctor` or `drive`) between the
    /// last token and the `next` word of its section, as `Builder::word` reads it.
    /// Returns the reading's index in `ST_DR`.
    fn st_dr(&self, scan: &Scan, section: u16, st: bool, next: Option<&str>) -> usize {
        let b = &self.b;
        let prev_is_name = match b.tokens.last() {
            Some(t) if t.section == section && t.kind == TokenKind::Word => {
                let pi = match b.last_info {
                    Some((k, info)) if k + 1 == b.tokens.len() => info,
                    _ => b.lex.info(text_of(b.text, scan, t.text)),
                };
                !pi.is_particle() && !pi.is_stopword() && pi.class().is_none()
            }
            _ => false,
        };
        let next_is_word = next.is_some_and(|n| n.bytes().all(|c| c.is_ascii_lowercase()));
        match (st, !prev_is_name && next_is_word) {
            (true, true) => 0,
            (true, false) => 1,
            (false, true) => 2,
            (false, false) => 3,
        }
    }

    /// Pushes a token whose text is the range `at` of the lexicon's fixed texts.
    #[inline(always)]
    fn push_pool(&mut self, kind: TokenKind, span: Range<u32>, section: u16, at: (u32, u32)) {
        self.b
            .push_range(kind, span, section, (at.0 | IN_POOL, at.1), 0);
    }
}

/// The readings of `st` and `dr`, in the order of the lexicon's pool.
const ST_DR: [&str; 4] = ["saint", "street", "doctor", "drive"];

/// The length of a piece's text.
fn text_len(p: &Piece) -> usize {
    p.alt.map_or((p.end - p.start) as usize, str::len)
}

/// The district of `[w, code]` as `Lexicon::match_district` reads two words whose first is
/// not `b` or a form of `baile`: `dublin 8`, `d 6w`, `bac 12`, `dubiln 6w`.
fn dublin_district(w: &[u8], code: &str) -> Option<DublinDistrict> {
    let form = matches!(w, b"dublin" | b"d" | b"bac" | b"dub") || one_slip(w, b"dublin");
    form.then(|| DublinDistrict::from_code(code)).flatten()
}
