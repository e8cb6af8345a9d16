//! The query's code settled where the index is at hand: the tokeniser has chosen between an
//! Eircode and a UK postcode with what the characters say (`text::codes`); here a code it left
//! as words is read, and an Eircode read only through look-alike corrections is confirmed
//! against the index (step 3 of the rule in `text::codes`).

use std::ops::Range;

use super::plan::{Plan, QueryEircode};
use super::Search;
use crate::index::{Index, NONE};
use crate::text::codes::{self, Check, Code};
use crate::text::eircode::Parsed;
use crate::text::postcode::{self, UkPostcode};

/// The two readings of a code that only the text can settle ([`Plan::settle_codes`]): a
/// corrected Eircode and a UK reading of the same characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingCode {
    /// The Eircode and its repairs.
    eircode: (Parsed, u8),
    /// The UK postcode and its repairs.
    uk: (UkPostcode, u8),
    /// Where the code is in the input.
    span: Range<usize>,
    /// The index has the Eircode (current or retired).
    known: bool,
}

/// Candidates whose address is read for the routing area the text names.
const AREA_CANDIDATES: usize = 3;
/// Address points of a candidate looked at for an Eircode.
const AREA_POINTS: u32 = 8;

impl Plan {
    /// Reads the code the tokeniser left as words, then settles a code that reads both as a
    /// corrected Eircode and as a UK postcode ([`codes::choose`]):
    ///
    /// 1. Without an Eircode, the whole input, or its last comma section, when it is exactly
    ///    a code once spaces go: an Eircode (look-alikes corrected; in running text the
    ///    tokeniser only trusts a corrected code typed with three digits, on its own or in the
    ///    last section it is trusted with fewer) or a UK postcode (look-alikes repaired,
    ///    `HU17 OXL`).
    /// 2. Typed alone, the code is settled here, the index deciding a tie. Beside words, the
    ///    search must first read them (text in the Eircode's routing area keeps the Eircode:
    ///    `4 Mount Bellew Crescent, Dublin 11, dl129yr`): the two readings are returned, for
    ///    [`Search::settle_code`] after the search.
    pub fn settle_codes(&mut self, index: &Index, input: &str) -> Option<PendingCode> {
        if self.eircode.is_none() {
            self.read_trailing_code(input);
        }
        let span = match (&self.eircode, &self.uk_postcode) {
            (Some(e), _) if e.corrections > 0 => e.span.clone(),
            (None, Some(pc)) if !self.words.is_empty() => uk_span(input, pc)?,
            _ => return None,
        };
        let (eircode, uk) = codes::readings(input.get(span.clone())?);
        let eircode = eircode.filter(|(e, _)| e.corrections > 0)?;
        let pending = PendingCode {
            known: index.eircode(eircode.0.eircode.as_str()).is_some(),
            eircode,
            uk: uk?,
            span,
        };
        if !self.words.is_empty() {
            return Some(pending);
        }
        let check = if pending.known {
            Check::Confirmed
        } else {
            Check::Unconfirmed
        };
        self.settle_pending(pending, check);
        None
    }

    /// Settles the two readings of `pending` with what is known of the Eircode
    /// ([`codes::choose`]).
    pub fn settle_pending(&mut self, pending: PendingCode, check: Check) {
        let PendingCode {
            eircode, uk, span, ..
        } = pending;
        match codes::choose(Some(eircode), Some(uk), check) {
            Some(Code::Uk(pc, _)) => self.take_postcode(pc),
            Some(Code::Eircode(p)) => self.take_eircode(p, span),
            None => {}
        }
    }

    /// Step 1 of [`Plan::settle_codes`].
    fn read_trailing_code(&mut self, input: &str) {
        let last = input.rsplit([',', '\n']).next().unwrap_or(input);
        for part in [input, last] {
            // A code has 5 to 8 characters besides spaces (`A65-R2GF`); counting stops past 8.
            let code_chars = part
                .bytes()
                .filter(|b| !b.is_ascii_whitespace())
                .take(9)
                .count();
            if !(5..=8).contains(&code_chars) {
                continue;
            }
            let (eircode, uk) = codes::readings(part);
            let Some(code) = codes::choose(eircode, uk, Check::Unchecked) else {
                continue;
            };
            // The section's words are the code now, not address words.
            let start = input.len() - part.len();
            self.words.retain(|w| w.span.start < start);
            self.numbers.retain(|n| n.span.start < start);
            self.routing_key = None;
            match code {
                Code::Eircode(p) => {
                    // The tokeniser may have read the characters as a UK postcode by shape
                    // alone (`DL0C1WR`, too few digits typed for an Eircode in running text).
                    self.uk_postcode = None;
                    self.eircode = Some(QueryEircode {
                        token: usize::MAX,
                        code: p.eircode.as_str().to_string(),
                        corrections: p.corrections,
                        span: trimmed(input, start..input.len()),
                    });
                }
                Code::Uk(pc, _) => self.uk_postcode = Some(compact(&pc)),
            }
            return;
        }
    }

    /// The UK postcode replaces the Eircode reading of the same characters.
    fn take_postcode(&mut self, pc: UkPostcode) {
        self.eircode = None;
        self.uk_postcode = Some(compact(&pc));
    }

    /// The Eircode replaces the UK reading of the same characters (or stands).
    fn take_eircode(&mut self, p: Parsed, span: Range<usize>) {
        if self.eircode.is_some() {
            return;
        }
        self.uk_postcode = None;
        self.eircode = Some(QueryEircode {
            token: usize::MAX,
            code: p.eircode.as_str().to_string(),
            corrections: p.corrections,
            span,
        });
    }
}

/// Where the UK postcode `pc` (upper case, no space) was typed in `input`.
fn uk_span(input: &str, pc: &str) -> Option<Range<usize>> {
    let found = postcode::find_in(input)?;
    (compact(&found.postcode) == pc).then_some(found.span)
}

impl Search {
    /// Step 2 of [`Plan::settle_codes`] once the words are read: the text agrees with the
    /// Eircode when its best reading explains every word and number and lies in the code's
    /// routing area ([`Check::Agreed`]); it confirms it when the index has the code or one of
    /// the best readings lies there ([`Check::Confirmed`]).
    pub fn settle_code(&mut self, index: &Index, pending: PendingCode) {
        let key = pending.eircode.0.eircode.routing_key();
        let in_area =
            |c: &super::Candidate| first_eircode(index, c).is_some_and(|e| e.starts_with(key));
        let agreed = super::settled(self) && self.best().is_some_and(in_area);
        let named = self.candidates.iter().take(AREA_CANDIDATES).any(in_area);
        let check = if agreed {
            Check::Agreed
        } else if pending.known || named {
            Check::Confirmed
        } else {
            Check::Unconfirmed
        };
        self.plan.settle_pending(pending, check);
    }
}

/// The Eircode of the candidate's point, or of the first point with one in its building or
/// place.
fn first_eircode(index: &Index, c: &super::Candidate) -> Option<String> {
    if let Some(ap) = c.address_point {
        return index.address_point_eircode(ap);
    }
    let building = match c.building {
        Some(b) => b,
        None => {
            let place = index.place(c.place.place)?;
            (place.building_count > 0).then_some(place.building_start)?
        }
    };
    let b = index.building(building)?;
    (b.ap_start..b.ap_start + u32::from(b.ap_count).min(AREA_POINTS))
        .filter(|&ap| index.address_point(ap).is_some_and(|r| r.eircode != NONE))
        .find_map(|ap| index.address_point_eircode(ap))
}

/// A UK postcode as the plan holds it: upper case, no space.
fn compact(pc: &UkPostcode) -> String {
    pc.as_str().chars().filter(|c| *c != ' ').collect()
}

/// `span` of `input` less the spaces around it.
fn trimmed(input: &str, span: Range<usize>) -> Range<usize> {
    let text = &input[span.clone()];
    let start = span.start + (text.len() - text.trim_start().len());
    let end = span.end - (text.len() - text.trim_end().len());
    start..end.max(start)
}
