//! The tokeniser: the normaliser's words turned into typed tokens, in the form the index and the
//! matcher share.
//!
//! Per position, in this order (first match wins): Eircode (one word or routing key + unique id;
//! one word that is an Eircode only through look-alikes and a UK postcode as typed is the
//! postcode, see [`super::codes`]), UK postcode, Dublin district (`d6w`, `dublin 6w`, `bac 6w`), county (`co cork`, `cocork`,
//! `contae na mi`, or a bare county name ending its section), unit word before a number
//! (`apt 12`), numbers (`12`, `10a`, `63-66`), Eircode routing key alone (`a86`), then words:
//! abbreviations expanded (`rd`→`road`, `lwr`→`lower`), `st` resolved to `saint` before a name
//! and `street` after one (likewise `dr`: `doctor`/`drive`), Irish mutations removed (see
//! [`super::lexicon`]). Commas (and `;`, `|`, line breaks) separate sections and give a
//! [`TokenKind::Separator`] token.

use std::borrow::Cow;
use std::ops::Range;

use super::lexicon::{lexicon, Lexicon, WordClass, WordInfo};
use super::normalise::{scan_into, Scan, Shape};
use super::roles::Roles;
use super::{codes, eircode, postcode};
use crate::limits::{MAX_QUERY_CHARS, MAX_QUERY_TOKENS};

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TokenKind {
    /// A word (a name, a street type, a qualifier, an ordinal such as `1st`).
    Word,
    /// Digits only (leading zeros removed): `12`.
    Number,
    /// Digits and one letter: `10a`.
    NumberSuffix,
    /// Two numbers joined by `-` or `/`: `63-66`.
    Range,
    /// A unit word followed by its number: `apartment` in `Apt 12`.
    Unit,
    /// A full Eircode, corrected, lower case without space: `a65f4e2`.
    Eircode,
    /// An Eircode routing key on its own: `a86` (Dublin keys give [`TokenKind::DublinDistrict`]).
    RoutingKey,
    /// A UK postcode, lower case without space: `bt118qt`.
    UkPostcode,
    /// A county, as its English name: `cork` (from `Co. Cork`, `Corcaigh`, `Contae Chorcaí`).
    County,
    /// A Dublin postal district: `d6w`, `d8` (from `Dublin 8`, `D08`, `BÁC 8`).
    DublinDistrict,
    /// A section boundary (comma); its text is `,`.
    Separator,
}

/// One token: kind, text, and where it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// What the token is.
    pub kind: TokenKind,
    /// Byte span in the original input (always on char boundaries).
    pub span: Range<usize>,
    /// 0-based comma-separated section.
    pub section: u16,
    /// Look-alike characters corrected (Eircode tokens), or edits that corrected a misspelt
    /// county after a marker (`Co. Tipperar`) or `dublin` before a district (`Dublio 7`); 0
    /// otherwise.
    pub corrections: u8,
    /// Byte range of the text in `Tokenised::text`, or in the normaliser's buffer when the
    /// start has [`IN_SCAN`] set (a word kept as the normaliser wrote it is not copied), or in
    /// the lexicon's fixed texts when it has [`IN_POOL`] set.
    text: (u32, u32),
}

/// Marks a token text range as one in the normaliser's buffer.
const IN_SCAN: u32 = 1 << 31;

/// Marks a token text range as one in the lexicon's string of fixed token texts
/// ([`Lexicon::pool`]): a separator, a canonical form, a county, a district is not copied.
const IN_POOL: u32 = 1 << 30;

/// The text of a token range (see [`Token`]'s `text`).
fn text_of<'a>(text: &'a str, scan: &'a Scan, (s, e): (u32, u32)) -> &'a str {
    let (buf, s) = match s & (IN_SCAN | IN_POOL) {
        0 => (text, s),
        IN_SCAN => (scan.buf.as_str(), s & !IN_SCAN),
        _ => (lexicon().pool(), s & !IN_POOL),
    };
    buf.get(s as usize..e as usize).unwrap_or("")
}

impl Token {
    /// The token's normalised text, stored in `t`.
    pub fn text<'a>(&self, t: &'a Tokenised) -> &'a str {
        text_of(&t.text, &t.scan, self.text)
    }
}

/// The tokens of one input, with reusable buffers (see [`tokenise_into`]).
#[derive(Clone, Debug, Default)]
pub struct Tokenised {
    /// The tokens in input order.
    pub tokens: Vec<Token>,
    /// Whether the input was cut at [`MAX_QUERY_CHARS`] or the tokens at [`MAX_QUERY_TOKENS`].
    pub truncated: bool,
    text: String,
    scan: Scan,
    key: String,
}

impl Tokenised {
    /// Empty buffers.
    pub fn new() -> Tokenised {
        Tokenised::default()
    }

    /// Text of token `i` (empty when out of range).
    pub fn text(&self, i: usize) -> &str {
        self.tokens.get(i).map_or("", |t| t.text(self))
    }

    /// Tokens with their texts.
    pub fn iter(&self) -> impl Iterator<Item = (&Token, &str)> + '_ {
        self.tokens.iter().map(move |t| (t, t.text(self)))
    }

    /// Texts of all tokens except separators.
    pub fn texts(&self) -> impl Iterator<Item = &str> + '_ {
        self.iter()
            .filter(|(t, _)| t.kind != TokenKind::Separator)
            .map(|(_, s)| s)
    }

    /// The first token of a kind.
    pub fn first(&self, kind: TokenKind) -> Option<&Token> {
        self.tokens.iter().find(|t| t.kind == kind)
    }

    /// Number of sections (0 for no tokens).
    pub fn sections(&self) -> usize {
        self.tokens.last().map_or(0, |t| t.section as usize + 1)
    }
}

/// Tokenises `s` into fresh buffers.
pub fn tokenise(s: &str) -> Tokenised {
    let mut t = Tokenised::new();
    tokenise_into(s, &mut t);
    t
}

/// Tokenises `s` into `out`, reusing its buffers: after a few calls this allocates nothing.
/// Input longer than [`MAX_QUERY_CHARS`] chars is cut and tokens beyond [`MAX_QUERY_TOKENS`]
/// dropped, with `out.truncated` set.
pub fn tokenise_into(s: &str, out: &mut Tokenised) {
    tokenise_with(s, out, scan_into, LineEnds::Sections);
}

/// Where a bare county name (one without `Co.` before it) is read as the county.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum LineEnds {
    /// Ending its section, as typed addresses place it (`Main Street, Clare`).
    Sections,
    /// Nowhere: the text is one line of a longer address, which may go on without a comma.
    /// `BAILE AN CHLÁIR` names a townland as the words `baile an clair` when `GUAIRE` follows.
    Never,
}

/// [`tokenise_into`] for an element name read as one line of an address that goes on after
/// it without a comma: a county name ending it stays words (see [`LineEnds::Never`]).
pub(crate) fn tokenise_within_line_into(s: &str, out: &mut Tokenised) {
    tokenise_with(s, out, scan_into, LineEnds::Never);
}

/// Clears `out` and returns the part of `s` that is tokenised (cut at [`MAX_QUERY_CHARS`]
/// chars, with `out.truncated` set).
fn start<'s>(s: &'s str, out: &mut Tokenised) -> &'s str {
    out.tokens.clear();
    out.text.clear();
    out.truncated = false;
    // A string of at most MAX_QUERY_CHARS bytes has at most that many chars: skip the count.
    let cut = if s.len() <= MAX_QUERY_CHARS {
        None
    } else {
        s.char_indices().nth(MAX_QUERY_CHARS)
    };
    match cut {
        Some((cut, _)) => {
            out.truncated = true;
            &s[..cut]
        }
        None => s,
    }
}

/// [`tokenise_into`] with the normaliser pass `scan_with` (tests compare the ASCII fast path
/// with the general path).
fn tokenise_with(
    s: &str,
    out: &mut Tokenised,
    scan_with: fn(&str, &mut Scan),
    line_ends: LineEnds,
) {
    let input = start(s, out);
    let Tokenised {
        tokens,
        truncated,
        text,
        scan,
        key,
    } = out;
    scan_with(input, scan);
    let mut b = Builder::new(tokens, text, key, line_ends);
    *truncated |= b.run(scan);
}

/// Turns the normaliser's pieces (`scan`, passed to the methods that read them) into tokens.
struct Builder<'a> {
    lex: &'static Lexicon,
    tokens: &'a mut Vec<Token>,
    text: &'a mut String,
    key: &'a mut String,
    /// The lexicon entry of the last token when it is a plain word pushed as typed (index of
    /// the token, its info): the next word asks about it without a second lookup.
    last_info: Option<(usize, WordInfo)>,
    /// Where a bare county name is read as the county.
    line_ends: LineEnds,
}

/// Most words looked at together (the longest county or district form).
const WINDOW: usize = 5;

impl<'a> Builder<'a> {
    fn new(
        tokens: &'a mut Vec<Token>,
        text: &'a mut String,
        key: &'a mut String,
        line_ends: LineEnds,
    ) -> Builder<'a> {
        Builder {
            lex: lexicon(),
            tokens,
            text,
            key,
            last_info: None,
            line_ends,
        }
    }

    /// Returns whether tokens were dropped at the limit.
    // Out of line: measured cheaper on clean input than inlined into `tokenise_into`.
    #[inline(never)]
    fn run(&mut self, scan: &Scan) -> bool {
        let pieces = &scan.pieces;
        let mut i = 0;
        let mut section = 0u16;
        // The window slides: texts still in it after a step are kept, not looked up again. Each
        // word's roles come from one lookup as it enters the window.
        let mut ws = [""; WINDOW];
        let mut rs = [Roles::default(); WINDOW];
        let mut k = 0;
        while i < pieces.len() {
            let p = &pieces[i];
            if p.section != section {
                section = p.section;
                if !self.tokens.is_empty() {
                    if self.tokens.len() >= MAX_QUERY_TOKENS {
                        return true;
                    }
                    let (s, e) = p.boundary.unwrap_or((p.orig_start, p.orig_start));
                    let comma = self.lex.pool_at().comma;
                    self.push_pool(TokenKind::Separator, s..e, section, comma);
                }
            }
            if self.tokens.len() >= MAX_QUERY_TOKENS {
                return true;
            }
            // A piece not yet in the window is first offered to `plain` alone: most are decided
            // there, without filling the window.
            let fresh = k == 0;
            if fresh {
                if p.shape == Shape::Other {
                    // (Only the ASCII scan parses pairs: the general path skips the call.)
                    let pair = scan.eircode_pair.is_some_and(|(k, _)| k == i + 1);
                    if pair && self.scanned_eircode(scan, i) {
                        i += 2;
                        continue;
                    }
                    ws[0] = scan.text(p);
                    rs[0] = self.lex.roles(ws[0]);
                } else {
                    // A piece of letters or digits has no replacement text: its text is its
                    // span of the buffer, read as bytes (a `str` slice checks char boundaries).
                    let b = scan.buf.as_bytes();
                    let b = b.get(p.start as usize..p.end as usize).unwrap_or_default();
                    let r = match p.shape {
                        // No key starts with a digit (what `roles` would check).
                        Shape::Digits => Roles::default(),
                        _ => self.lex.roles_of(b),
                    };
                    let used = self.plain(scan, i, b, r);
                    if used > 0 {
                        i += used;
                        continue;
                    }
                    (ws[0], rs[0]) = (scan.text(p), r);
                }
                k = 1;
            }
            while k < WINDOW && i + k < pieces.len() && pieces[i + k].section == section {
                ws[k] = scan.text(&pieces[i + k]);
                rs[k] = self.lex.roles(ws[k]);
                k += 1;
            }
            let plain = match !fresh && p.shape != Shape::Other {
                true => self.plain(scan, i, ws[0].as_bytes(), rs[0]),
                false => 0,
            };
            let used = match plain {
                0 => self.one(scan, i, &ws[..k], &rs[..k]).max(1),
                n => n,
            };
            i += used;
            if used < k {
                ws.copy_within(used..k, 0);
                rs.copy_within(used..k, 0);
                k -= used;
            } else {
                k = 0;
            }
        }
        false
    }

    fn span(scan: &Scan, i: usize, n: usize) -> Range<u32> {
        let ps = &scan.pieces;
        ps[i].orig_start..ps[i + n - 1].orig_end
    }

    #[inline]
    fn push(&mut self, kind: TokenKind, span: Range<u32>, section: u16, text: &str, corr: u8) {
        let s = self.text.len() as u32;
        self.text.push_str(text);
        let range = (s, self.text.len() as u32);
        self.push_range(kind, span, section, range, corr);
    }

    /// Pushes a token whose text is piece `i`'s as the normaliser wrote it, less its first
    /// `skip` bytes (leading zeros, a mutation prefix): no copy. Inlined: most tokens are
    /// pushed here, and the call cost as much as the push.
    #[inline(always)]
    fn push_piece(
        &mut self,
        scan: &Scan,
        kind: TokenKind,
        span: Range<u32>,
        section: u16,
        i: usize,
        skip: usize,
    ) {
        let p = scan.pieces[i];
        match p.alt {
            // Offsets of the buffer fit below IN_POOL: inputs are cut at MAX_QUERY_CHARS.
            None if p.end < IN_POOL => {
                let range = ((p.start + skip as u32) | IN_SCAN, p.end);
                self.push_range(kind, span, section, range, 0);
            }
            _ => {
                let t = scan.text(&p).get(skip..).unwrap_or("");
                self.push(kind, span, section, t, 0);
            }
        }
    }

    #[inline(always)]
    fn push_range(
        &mut self,
        kind: TokenKind,
        span: Range<u32>,
        section: u16,
        text: (u32, u32),
        corr: u8,
    ) {
        self.tokens.push(Token {
            kind,
            span: span.start as usize..span.end as usize,
            section,
            corrections: corr,
            text,
        });
    }

    /// Pushes a token whose text is the range `at` of the lexicon's fixed texts (no copy).
    #[inline(always)]
    fn push_pool(&mut self, kind: TokenKind, span: Range<u32>, section: u16, at: (u32, u32)) {
        self.push_range(kind, span, section, (at.0 | IN_POOL, at.1), 0);
    }

    /// Emits the token(s) starting at piece `i`; returns how many pieces were used. `rs` holds
    /// the roles of the words `ws`.
    fn one(&mut self, scan: &Scan, i: usize, ws: &[&str], rs: &[Roles]) -> usize {
        let section = scan.pieces[i].section;
        let w0 = ws[0];
        // Shapes first, parsers only when they fit. An Eircode is one 7-character word or 3 + 4;
        // every other code has a digit second or third (`bt11`, `d6w`, `a86`, `d15`), but for
        // the `gir` postcode; a number starts with one.
        let b = w0.as_bytes();
        let digit = |k: usize| b.get(k).is_some_and(u8::is_ascii_digit);
        let code_shape = digit(1) || digit(2);
        // Eircode (not a routing key followed by an address word: `D15 Park`). The normaliser
        // may already have parsed a routing key + unique identifier pair.
        let pair = match scan.eircode_pair {
            Some((k, p)) if k == i + 1 && ws.len() > 1 => Some((p, 2)),
            _ => None,
        };
        let maybe_eircode =
            w0.len() == 7 || (w0.len() == 3 && ws.get(1).is_some_and(|w| w.len() == 4));
        if let Some((e, n)) = pair
            .or_else(|| maybe_eircode.then(|| eircode_at(ws)).flatten())
            .filter(|(_, n)| *n == 1 || !is_known_letters(ws[1], rs[1]))
        {
            // One word read as an Eircode only through look-alikes may be a UK postcode
            // (`DL104HY`); two words parted after the routing key are an Eircode as typed.
            let uk = match (n, e.corrections) {
                (1, 1..) => postcode::parse_word(w0).map(|p| (p, 0)),
                _ => None,
            };
            match codes::choose(Some(codes::typed(e)), uk, codes::Check::Unchecked) {
                Some(codes::Code::Uk(pc, _)) => {
                    self.push_postcode(scan, i, 1, &pc);
                    return 1;
                }
                _ => {
                    self.push_eircode(scan, i, n, &e);
                    return n;
                }
            }
        }
        // UK postcode.
        if let Some((pc, n)) = (code_shape || w0.starts_with("gir"))
            .then(|| postcode_at(ws))
            .flatten()
        {
            self.push_postcode(scan, i, n, &pc);
            return n;
        }
        // Dublin district: every form starts with `d` (`d6w`, `dublin`), `b` (`bac`, `baile`) or
        // `m` (`mbaile`), and is one word `d` + number or has a number after it.
        let first = b.first().copied().unwrap_or(b' ');
        if let Some((d, n, edits)) = (matches!(first, b'd' | b'b' | b'm')
            && (digit(1) || ws.len() > 1))
            .then(|| self.lex.match_district(ws))
            .flatten()
        {
            let at = self.lex.district_in_pool(d);
            self.push_pool(
                TokenKind::DublinDistrict,
                Builder::span(scan, i, n),
                section,
                at,
            );
            if let Some(t) = self.tokens.last_mut() {
                t.corrections = edits;
            }
            return n;
        }
        // County.
        let info = rs[0].info();
        if let Some((c, n, edits)) = self.county_at(scan, i, ws, rs) {
            let at = self.lex.county_in_pool(c);
            self.push_pool(TokenKind::County, Builder::span(scan, i, n), section, at);
            if let Some(t) = self.tokens.last_mut() {
                t.corrections = edits;
            }
            return n;
        }
        // Unit word before its number (`apt 12`, `block a`).
        if info.class() == Some(WordClass::Unit) {
            let next_is_number = ws.get(1).is_some_and(|n| {
                n.as_bytes().first().is_some_and(u8::is_ascii_digit) || (n.len() == 1 && w0 != "no")
            });
            let canon = self.lex.canonical_of(info).unwrap_or(w0);
            if next_is_number {
                self.push(
                    TokenKind::Unit,
                    Builder::span(scan, i, 1),
                    section,
                    canon,
                    0,
                );
            } else {
                let t = if w0 == "no" { w0 } else { canon };
                self.push(TokenKind::Word, Builder::span(scan, i, 1), section, t, 0);
            }
            return 1;
        }
        // Numbers, then a routing key alone (a letter and two digits, or `d6w`).
        if first.is_ascii_digit() || code_shape {
            if first.is_ascii_digit() {
                let (kind, t) = number_kind(w0);
                let span = Builder::span(scan, i, 1);
                self.push_piece(scan, kind, span, section, i, w0.len() - t.len());
                return 1;
            }
            if w0.len() == 3 && eircode::is_routing_key(w0) {
                self.push(
                    TokenKind::RoutingKey,
                    Builder::span(scan, i, 1),
                    section,
                    w0,
                    0,
                );
                return 1;
            }
        }
        self.word(scan, i, ws, section, rs[0]);
        1
    }

    /// Pushes the UK postcode `pc` read from `n` pieces at `i` (lower case, no space).
    fn push_postcode(&mut self, scan: &Scan, i: usize, n: usize, pc: &postcode::UkPostcode) {
        let mut buf = [0u8; 8];
        let mut len = 0;
        for c in pc.as_str().bytes().filter(|c| *c != b' ') {
            buf[len] = c.to_ascii_lowercase();
            len += 1;
        }
        let t = std::str::from_utf8(&buf[..len]).unwrap_or("");
        let section = scan.pieces[i].section;
        self.push(
            TokenKind::UkPostcode,
            Builder::span(scan, i, n),
            section,
            t,
            0,
        );
    }

    /// A county at piece `i`: after a marker, glued to one, or bare at the end of its section.
    /// Returns the county, the pieces it takes and the edits that corrected its spelling.
    fn county_at(
        &mut self,
        scan: &Scan,
        i: usize,
        ws: &[&str],
        rs: &[Roles],
    ) -> Option<(super::lexicon::County, usize, u8)> {
        let info0 = rs[0].info();
        if info0.is_county_marker() && ws.len() > 1 {
            let found = match ws {
                [_, _] => rs[1].county().map(|c| (c, 1)),
                _ => self
                    .lex
                    .match_county(&ws[1..1 + county_run(&ws[1..], &rs[1..])], self.key),
            };
            if let Some((c, n)) = found {
                return Some((c, n + 1, 0));
            }
            // A misspelt county after a marker is still the county (`Co. Tipperar`).
            if let Some((c, edits)) = self.lex.near_county(ws[1]) {
                return Some((c, 2, edits));
            }
        }
        if ws[0].len() > 3 && ws[0].starts_with("co") {
            if let Some(c) = self.lex.glued_county(ws[0]) {
                return Some((c, 1, 0));
            }
        }
        // Bare: only when nothing but a code follows in the section (checked cheaply first).
        let section_ends = i + ws.len() >= scan.pieces.len()
            || scan.pieces[i + ws.len()].section != scan.pieces[i].section;
        if !section_ends || self.line_ends == LineEnds::Never {
            return None;
        }
        let (c, n) = match ws {
            // A word that names a county passes the test below.
            [_] => (rs[0].county()?, 1),
            _ if info0.starts_county() || info0.is_particle() || self.lex.mutated(ws[0]) => {
                self.lex.match_county(&ws[..county_run(ws, rs)], self.key)?
            }
            _ => return None,
        };
        if c.name() == "down" {
            return None;
        }
        let rest = &ws[n..];
        let tail_ok = rest.is_empty()
            || eircode_at(rest).is_some_and(|(_, m)| m == rest.len())
            || postcode_at(rest).is_some_and(|(_, m)| m == rest.len())
            || (rest.len() == 1 && eircode::is_routing_key(rest[0]));
        tail_ok.then_some((c, n, 0))
    }

    /// A plain word: abbreviation expansion, `st`/`dr` by position, mutation removal.
    fn word(&mut self, scan: &Scan, i: usize, ws: &[&str], section: u16, roles: Roles) {
        let w0 = ws[0];
        let info = roles.info();
        let span = Builder::span(scan, i, 1);
        let prev = self
            .tokens
            .last()
            .filter(|t| t.section == section && t.kind == TokenKind::Word)
            .map(|t| t.text);
        let prev_text = prev.map(|r| text_of(self.text, scan, r));
        let cached = self
            .last_info
            .filter(|(t, _)| prev.is_some() && *t + 1 == self.tokens.len())
            .map(|(_, info)| info);
        let prev_info = |p: &str| cached.unwrap_or_else(|| self.lex.info(p));
        if let "st" | "dr" = w0 {
            let prev_is_name = prev_text.is_some_and(|p| {
                let pi = prev_info(p);
                !pi.is_particle() && !pi.is_stopword() && pi.class().is_none()
            });
            let next_is_word = ws
                .get(1)
                .is_some_and(|n| n.bytes().all(|b| b.is_ascii_lowercase()));
            let before_name = !prev_is_name && next_is_word;
            // `saint`, `street`, `doctor`, `drive`, in the lexicon's fixed texts.
            let k = match (w0, before_name) {
                ("st", true) => 0,
                ("st", false) => 1,
                (_, true) => 2,
                _ => 3,
            };
            let at = self.lex.pool_at().st_dr[k];
            self.push_pool(TokenKind::Word, span, section, at);
            return;
        }
        if let (Some(at), Some(class)) = (self.lex.canonical_in_pool(info), info.class()) {
            if class != WordClass::Unit {
                self.push_pool(TokenKind::Word, span, section, at);
                return;
            }
        }
        // Particles are short words: skip the lookup for anything longer.
        let base = match prev_text.filter(|p| p.len() <= 4 && prev_info(p).is_particle()) {
            Some(particle) => self.lex.demutate_after(particle, w0),
            None if roles.demutates() => self.lex.demutate(w0),
            None => Cow::Borrowed(w0),
        };
        match base {
            // `w0` itself, or `w0` less a mutation prefix (`gcloch` → `cloch`).
            Cow::Borrowed(b) => {
                self.push_piece(scan, TokenKind::Word, span, section, i, w0.len() - b.len());
                if b.len() == w0.len() {
                    self.last_info = Some((self.tokens.len() - 1, info));
                }
            }
            Cow::Owned(b) => self.push(TokenKind::Word, span, section, &b, 0),
        }
    }
}

/// How many of the words `ws` (roles `rs`) a county name could span: it holds only articles and
/// words of county forms, so `match_county` need not try beyond the first other word.
fn county_run(ws: &[&str], rs: &[Roles]) -> usize {
    ws.iter()
        .zip(rs)
        .take_while(|(w, r)| r.county_part() || matches!(**w, "an" | "na"))
        .count()
}

/// Whether an all-letter word is one the lexicon knows (`park`, `road`, `lane`): such a word
/// after a routing key is not the unique identifier of an Eircode.
fn is_known_letters(w: &str, roles: Roles) -> bool {
    w.bytes().all(|b| b.is_ascii_lowercase()) && roles.info() != WordInfo::default()
}

/// [`is_known_letters`] of a word whose roles are not yet known: looked up only for a word of
/// letters (the second half of a scanned Eircode has a digit).
fn is_address_word(w: &[u8], lex: &Lexicon) -> bool {
    w.iter().all(u8::is_ascii_lowercase) && lex.roles_of(w).info() != WordInfo::default()
}

/// Number, number with a letter, range or ordinal, with leading zeros removed.
fn number_kind(w: &str) -> (TokenKind, &str) {
    let b = w.as_bytes();
    if b.contains(&b'-') {
        return (TokenKind::Range, w);
    }
    let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
    let zeros = b[..digits]
        .iter()
        .take_while(|c| **c == b'0')
        .count()
        .min(digits.saturating_sub(1));
    let trimmed = &w[zeros..];
    match b.len() - digits {
        0 => (TokenKind::Number, trimmed),
        1 if b[digits].is_ascii_lowercase() => (TokenKind::NumberSuffix, trimmed),
        _ => (TokenKind::Word, w),
    }
}

/// An Eircode at the start of `ws`: one 7-character word or a 3 + 4 pair.
fn eircode_at(ws: &[&str]) -> Option<(eircode::Parsed, usize)> {
    let try_raw = |raw: [u8; 7]| {
        let p = eircode::parse_quiet(&raw)?;
        eircode::plausible_in_text(&raw, &p).then_some(p)
    };
    let w0 = ws.first()?.as_bytes();
    // A routing key is a letter then two digits (or look-alikes, or `d6w`): turn words away on
    // their first two bytes.
    let look_alike = |b: u8| {
        b.is_ascii_digit() || matches!(b, b'o' | b'i' | b'l' | b'z' | b's' | b'g' | b'b' | b'6')
    };
    if w0.len() < 3 || !w0[0].is_ascii_lowercase() || !look_alike(w0[1]) {
        return None;
    }
    if w0.len() == 7 {
        let mut raw = [0u8; 7];
        raw.copy_from_slice(w0);
        return try_raw(raw).map(|p| (p, 1));
    }
    let w1 = ws.get(1)?.as_bytes();
    if w0.len() == 3 && w1.len() == 4 {
        let mut raw = [0u8; 7];
        raw[..3].copy_from_slice(w0);
        raw[3..].copy_from_slice(w1);
        return try_raw(raw).map(|p| (p, 2));
    }
    None
}

/// A UK postcode at the start of `ws`: one word or outward + inward code.
fn postcode_at(ws: &[&str]) -> Option<(postcode::UkPostcode, usize)> {
    let w0 = ws.first()?;
    // Every outward code is one or two letters then a digit (or `gir`): skip numbers and plain
    // words fast.
    let b = w0.as_bytes();
    let shaped = match b {
        [l, d, ..] if l.is_ascii_lowercase() && d.is_ascii_digit() => true,
        [l, m, d, ..] if l.is_ascii_lowercase() && m.is_ascii_lowercase() && d.is_ascii_digit() => {
            true
        }
        _ => b.starts_with(b"gir"),
    };
    if !shaped {
        return None;
    }
    if let Some(p) = postcode::parse_word(w0) {
        return Some((p, 1));
    }
    let w1 = ws.get(1)?;
    if (2..=4).contains(&w0.len()) && w1.len() == 3 {
        let mut raw = [0u8; 7];
        raw[..w0.len()].copy_from_slice(w0.as_bytes());
        raw[w0.len()..w0.len() + 3].copy_from_slice(w1.as_bytes());
        let s = std::str::from_utf8(&raw[..w0.len() + 3]).ok()?;
        return postcode::parse_word(s).map(|p| (p, 2));
    }
    None
}

#[path = "tokenise_plain.rs"]
mod plain;

#[cfg(test)]
#[path = "tokenise_tests.rs"]
mod tests;
