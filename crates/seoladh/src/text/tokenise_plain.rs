//! The tokeniser's fast decisions (`Builder::plain`): the pieces the ASCII scan recorded a
//! shape for, decided without `Builder::one`'s cascade and window; and the Eircode pair the
//! scan already parsed.

use super::{eircode, eircode_at, is_address_word, Builder, LineEnds, TokenKind};
use crate::text::lexicon::WordClass;
use crate::text::normalise::{Scan, Shape};
use crate::text::roles::Roles;

impl Builder<'_> {
    /// The commonest pieces, decided from the shape the scan recorded instead of through
    /// [`Builder::one`]'s cascade and its window: a word of letters that is no code, county,
    /// district or unit (pushed as typed, or as its canonical form: `rd` → `road`), and a plain
    /// number; also a county after its marker or ending its section. Returns how many pieces
    /// it used, or `0`, having done nothing, for any piece `one` might read otherwise, and
    /// `one` decides. Each condition below is one under which `one` would do what is done
    /// here (the proptests compare this with the general scan, which records no shapes, so
    /// every piece goes through `one` there).
    #[inline(always)]
    pub(super) fn plain(&mut self, scan: &Scan, i: usize, b: &[u8], roles: Roles) -> usize {
        let pieces = &scan.pieces;
        let p = &pieces[i];
        match p.shape {
            Shape::Letters => {
                let next = pieces.get(i + 1).filter(|n| n.section == p.section);
                // Words `one` reads otherwise, told first by their first letter: `st`/`dr`
                // (read by position), the articles (county names in several words start with
                // them), the `gir` postcode, a county glued to its marker (`cocork`), a Dublin
                // district (every form starts with `d`, `b` or `m` and has a number or `6w`
                // right after its first word, but for the three-word forms: `b a c`, `baile`,
                // `bhaile`, `mbaile` …).
                let defer = match b.first() {
                    Some(b'c') => {
                        b.len() > 3
                            && b.starts_with(b"co")
                            && self.lex.glued_county(scan.text(p)).is_some()
                    }
                    Some(b'd' | b'b' | b'm') => {
                        b == b"dr"
                            || next.is_some_and(|n| {
                                n.shape != Shape::Letters || b == b"b" || b.ends_with(b"aile")
                            })
                    }
                    Some(b'g') => b.starts_with(b"gir"),
                    Some(b's') => b == b"st",
                    Some(b'a') => b == b"an",
                    Some(b'n') => b == b"na",
                    _ => false,
                };
                // An Eircode's second half parsed by the scan; an Eircode in one word or two
                // (`dgw` is letters only), as `one` reads it.
                let pair = matches!(scan.eircode_pair, Some((k, _)) if k == i + 1);
                let eircode = match (b.len(), next) {
                    (7, _) => eircode_at(&[scan.text(p)]).is_some(),
                    (3, Some(n)) if scan.bytes(n).len() == 4 => {
                        eircode_at(&[scan.text(p), scan.text(n)]).is_some()
                    }
                    _ => false,
                };
                if defer || pair || eircode {
                    return 0;
                }
                // Counties: after a marker; one word ending its section; several words, the
                // first with `county_part` (`county_run` is 0 otherwise, and `match_county` of
                // no words finds none). Units before their number.
                let info = roles.info();
                match next {
                    // `co cork`, `county meath`: a marker, then a county name ending the section.
                    Some(n) if info.is_county_marker() => {
                        if pieces.get(i + 2).is_some_and(|t| t.section == p.section) {
                            return 0;
                        }
                        match self.lex.roles_of(scan.bytes(n)).county() {
                            Some(c) => {
                                let at = self.lex.county_in_pool(c);
                                let span = Builder::span(scan, i, 2);
                                self.push_pool(TokenKind::County, span, p.section, at);
                                return 2;
                            }
                            _ => return 0,
                        }
                    }
                    Some(_) if roles.county_part() => return 0,
                    // A county name ending its section (but `down`, an English word too).
                    None if self.line_ends == LineEnds::Sections => {
                        if let Some(c) = roles.county() {
                            if c.name() == "down" {
                                return 0;
                            }
                            let at = self.lex.county_in_pool(c);
                            let span = Builder::span(scan, i, 1);
                            self.push_pool(TokenKind::County, span, p.section, at);
                            return 1;
                        }
                    }
                    _ => {}
                }
                if info.class() == Some(WordClass::Unit) {
                    return 0;
                }
                if let (Some(at), Some(_)) = (self.lex.canonical_in_pool(info), info.class()) {
                    self.push_pool(TokenKind::Word, Builder::span(scan, i, 1), p.section, at);
                    return 1;
                }
                // A word may lose its mutation on its own (`bhothar`) or after a particle
                // (`na habhann`).
                if roles.demutates() {
                    return 0;
                }
                let prev_word = self
                    .tokens
                    .last()
                    .is_some_and(|t| t.section == p.section && t.kind == TokenKind::Word);
                if prev_word {
                    match self.last_info {
                        Some((t, prev)) if t + 1 == self.tokens.len() && !prev.is_particle() => {}
                        _ => return 0,
                    }
                }
                self.push_piece(
                    scan,
                    TokenKind::Word,
                    Builder::span(scan, i, 1),
                    p.section,
                    i,
                    0,
                );
                self.last_info = Some((self.tokens.len() - 1, info));
                1
            }
            Shape::Digits => {
                // Leading zeros go, but for the last digit (`007` → `7`, `0` stays).
                let zeros = b.iter().take_while(|c| **c == b'0').count();
                let skip = zeros.min(b.len().saturating_sub(1));
                self.push_piece(
                    scan,
                    TokenKind::Number,
                    Builder::span(scan, i, 1),
                    p.section,
                    i,
                    skip,
                );
                1
            }
            Shape::Other => 0,
        }
    }

    /// The Eircode of pieces `i` and `i + 1` when the scan parsed it (`a86 vc04`) and `one`
    /// would read it (the second half is no address word): pushed, without a window.
    pub(super) fn scanned_eircode(&mut self, scan: &Scan, i: usize) -> bool {
        let Some((k, e)) = scan.eircode_pair.filter(|(k, _)| *k == i + 1) else {
            return false;
        };
        match scan.pieces.get(k) {
            Some(n) if n.section == scan.pieces[i].section => {
                if is_address_word(scan.bytes(n), self.lex) {
                    return false;
                }
            }
            _ => return false,
        }
        self.push_eircode(scan, i, 2, &e);
        true
    }

    /// Pushes the Eircode `e` read from `n` pieces at `i` (lower case, no space).
    pub(super) fn push_eircode(&mut self, scan: &Scan, i: usize, n: usize, e: &eircode::Parsed) {
        let section = scan.pieces[i].section;
        let span = Builder::span(scan, i, n);
        if e.corrections == 0 {
            // Nothing corrected: the code is its words as the normaliser wrote them (lower
            // case), so one word is not copied and two are copied as they are.
            if n == 1 {
                self.push_piece(scan, TokenKind::Eircode, span, section, i, 0);
                return;
            }
            let s = self.text.len();
            for p in scan.pieces.get(i..i + n).unwrap_or_default() {
                self.text.push_str(scan.text(p));
            }
            let range = (s as u32, self.text.len() as u32);
            self.push_range(TokenKind::Eircode, span, section, range, 0);
            return;
        }
        let s = self.text.len();
        // Seven ASCII bytes pushed as chars: cheaper than a UTF-8 check of a `str` view.
        self.text
            .extend(e.eircode.lower_bytes().into_iter().map(char::from));
        let range = (s as u32, self.text.len() as u32);
        self.push_range(TokenKind::Eircode, span, section, range, e.corrections);
    }
}
