//! Query plan: the tokens of the input sorted into what each stage needs — words to match
//! against element names (with a typo budget), house and unit numbers, an Eircode, a UK postcode.

use crate::limits::MAX_PLAN_WORDS;
use crate::text::{typo_budget, TokenKind, Tokenised};

/// A word of the query, matched against element terms.
#[derive(Debug, Clone, PartialEq)]
pub struct QueryWord {
    /// Normalised text (`patricks`, `d6w`, `cork`).
    pub text: String,
    /// Index of the token in the tokenised input.
    pub token: usize,
    /// Byte span in the original input.
    pub span: std::ops::Range<usize>,
    /// Comma-separated section.
    pub section: u16,
    /// Token kind (word, county, district).
    pub kind: TokenKind,
    /// Edits allowed when matching by typo: 0 under 4 chars, 1 up to 7, 2 from 8 (chars).
    pub typo_budget: u8,
    /// The last word of the input (a prefix in autocomplete).
    pub last: bool,
    /// The word's other reading when its position cannot tell: `St` or `Dr` after a name and
    /// before another word of its line is `Saint`/`Doctor` before a name and `Street`/`Drive`
    /// after one, and without commas the end of one line (`NORTH ST SORD`) looks like a name
    /// begun.
    pub also: Option<&'static str>,
    /// The tokeniser corrected its spelling (`Co. Tipperar`, `Dublio 17`): an answer that
    /// explains it changed the spelling.
    pub corrected: bool,
}

/// A number of the query: a house number (`12`, `10a`, `63-66`) or a unit number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueryNumber {
    /// Normalised text.
    pub text: String,
    /// Index of the token in the tokenised input.
    pub token: usize,
    /// Byte span in the original input.
    pub span: std::ops::Range<usize>,
    /// Section.
    pub section: u16,
    /// Follows a unit word (`apartment 12`, `flat 3`, `unit 5`).
    pub unit: bool,
    /// The digits still being typed at the end of autocomplete input: a number beginning with
    /// them answers it (`1` of `17`).
    pub partial: bool,
}

/// The Eircode of the query.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueryEircode {
    /// Index of its token in the tokenised input (`usize::MAX` when [`Plan::settle_codes`]
    /// read it from the text).
    pub token: usize,
    /// The corrected code, upper case without space (`A86VC04`).
    pub code: String,
    /// Look-alike characters corrected.
    pub corrections: u8,
    /// Byte span in the original input.
    pub span: std::ops::Range<usize>,
}

/// What the matcher works from.
#[derive(Debug, Clone, Default)]
pub struct Plan {
    /// Words, in input order; at most [`MAX_PLAN_WORDS`] (token masks are `u64`).
    pub words: Vec<QueryWord>,
    /// Numbers, in input order.
    pub numbers: Vec<QueryNumber>,
    /// The Eircode, if any.
    pub eircode: Option<QueryEircode>,
    /// A routing key typed alone (`A86`).
    pub routing_key: Option<String>,
    /// A UK postcode found in the input (no space, upper case).
    pub uk_postcode: Option<String>,
    /// Tokens were dropped at a limit.
    pub truncated: bool,
    /// Autocomplete: the last word as typed, when the tokeniser expanded it (`cl` read as
    /// `close`): what it begins is what is being typed (see [`Plan::note_last_typed`]).
    pub last_typed: Option<String>,
}

impl Plan {
    /// Re-reads words the tokeniser glued where the index knows the parts and not the whole:
    /// a house number glued to a word (`42ADRUMLYNN`) as number + suffix letter (`42a`
    /// `drumlynn`), and a lone `Ó` ending one line joined to the next line's first word when no
    /// comma parts them (`COILL AN Ó TULACH MHÓR`: `o` `tulach`, not `otulach`). `text` is the
    /// input.
    pub fn reglue(&mut self, index: &crate::index::Index, text: &str) {
        self.unglue_lone_o(index, text);
        for n in &mut self.numbers {
            if n.unit || !n.text.bytes().all(|b| b.is_ascii_digit()) {
                continue;
            }
            let Some(w) = self
                .words
                .iter_mut()
                .find(|w| w.span.start == n.span.end && w.token == n.token + 1)
            else {
                continue;
            };
            let glued = w.text.len() >= 5
                && w.text.as_bytes()[0].is_ascii_lowercase()
                && index.term(&w.text).is_none()
                && index.term(&w.text[1..]).is_some();
            if glued {
                let letter = w.text.remove(0);
                n.text.push(letter);
                n.span.end += 1;
                w.span.start += 1;
                w.typo_budget = typo_budget(w.text.chars().count());
            }
        }
    }

    /// Parts the words glued from a lone `o`/`ó` and the word after it (see [`Plan::reglue`]).
    fn unglue_lone_o(&mut self, index: &crate::index::Index, text: &str) {
        let mut k = 0;
        while k < self.words.len() && self.words.len() < MAX_PLAN_WORDS {
            let w = &self.words[k];
            let typed = text.get(w.span.clone()).unwrap_or_default();
            let gap = (w.kind == TokenKind::Word && w.text.len() > 2 && w.text.starts_with('o'))
                .then(|| typed.find(char::is_whitespace))
                .flatten()
                .filter(|_| {
                    index.term(&w.text).is_none()
                        && index.term("o").is_some()
                        && index.term(&w.text[1..]).is_some()
                });
            let Some(gap) = gap else {
                k += 1;
                continue;
            };
            let t = w.token;
            for x in &mut self.words {
                x.token += usize::from(x.token > t);
            }
            for n in &mut self.numbers {
                n.token += usize::from(n.token > t);
            }
            if let Some(e) = self.eircode.as_mut().filter(|e| e.token != usize::MAX) {
                e.token += usize::from(e.token > t);
            }
            let second_at = typed.len() - typed[gap..].trim_start().len();
            let w = &mut self.words[k];
            let rest = w.text.split_off(1);
            let second = QueryWord {
                typo_budget: typo_budget(rest.chars().count()),
                text: rest,
                token: t + 1,
                span: w.span.start + second_at..w.span.end,
                ..w.clone()
            };
            w.span.end = w.span.start + gap;
            w.typo_budget = 0;
            w.last = false;
            w.corrected = false;
            self.words.insert(k + 1, second);
            k += 2;
        }
    }

    /// Autocomplete's reading of what `text` ends with, still being typed. Digits after every
    /// word, with nothing after them, are a number begun ([`QueryNumber::partial`]). The last
    /// word is kept as typed when the tokeniser expanded it: an abbreviation being typed (`85
    /// Main Street, Cl`) is more often the start of a name (`CLONARD`) than the word it
    /// abbreviates, and its expanded form's near spellings (`clone`, `cloe`) are neither.
    pub fn note_last_typed(&mut self, text: &str) {
        let after_words = |n: &QueryNumber| self.words.iter().all(|w| w.token < n.token);
        let partial = self.numbers.last().is_some_and(|n| {
            after_words(n)
                && n.text.bytes().all(|b| b.is_ascii_digit())
                && text
                    .get(n.span.end..)
                    .is_some_and(|rest| rest.trim().is_empty())
        });
        if let Some(n) = self.numbers.last_mut() {
            n.partial = partial;
        }
        self.last_typed = self.words.iter().find(|w| w.last).and_then(|w| {
            let typed = crate::text::normalise(text.get(w.span.clone())?);
            let single = !typed.is_empty() && !typed.contains(' ');
            (single && typed.as_ref() != w.text && w.text.starts_with(typed.as_ref()))
                .then(|| typed.into_owned())
        });
    }

    /// Sorts the tokens of `t` into a plan.
    pub fn from_tokens(t: &Tokenised) -> Plan {
        let mut plan = Plan {
            truncated: t.truncated,
            ..Plan::default()
        };
        let mut unit_pending = false;
        let last_word = t
            .tokens
            .iter()
            .rposition(|k| k.kind != TokenKind::Separator);
        let mut skip_next = false;
        for (i, tok) in t.tokens.iter().enumerate() {
            if std::mem::take(&mut skip_next) {
                continue;
            }
            let text = tok.text(t);
            let next = t.tokens.get(i + 1).map(|n| (n, n.text(t)));
            // A misspelt `Dublin` before a district number (`Dublio 17`, `Dbulin 22`).
            if let (TokenKind::Word, Some((n, num))) = (tok.kind, next) {
                if n.kind == TokenKind::Number && is_dublin_typo(text) && is_district(num) {
                    if plan.words.len() < MAX_PLAN_WORDS {
                        plan.words.push(QueryWord {
                            text: format!("d{num}"),
                            token: i,
                            span: tok.span.start..n.span.end,
                            section: tok.section,
                            kind: TokenKind::DublinDistrict,
                            typo_budget: 0,
                            last: Some(i + 1) == last_word,
                            corrected: true,
                            also: None,
                        });
                    }
                    skip_next = true;
                    unit_pending = false;
                    continue;
                }
                // A misspelt or Irish unit word before a number (`Aartment 7`, `Árasán 32`).
                if n.kind == TokenKind::Number && is_unit_like(text) {
                    unit_pending = true;
                    continue;
                }
            }
            match tok.kind {
                // `No. 5` marks a house number, not a unit.
                TokenKind::Unit if text == "number" => unit_pending = false,
                TokenKind::Word | TokenKind::County | TokenKind::DublinDistrict => {
                    unit_pending = false;
                    if plan.words.len() >= MAX_PLAN_WORDS {
                        plan.truncated = true;
                        continue;
                    }
                    let chars = text.chars().count();
                    let also = other_reading(t, i, text);
                    plan.words.push(QueryWord {
                        text: text.to_string(),
                        token: i,
                        span: tok.span.clone(),
                        section: tok.section,
                        kind: tok.kind,
                        typo_budget: typo_budget(chars),
                        last: Some(i) == last_word,
                        corrected: tok.corrections > 0,
                        also,
                    });
                }
                TokenKind::Unit => unit_pending = true,
                TokenKind::Number | TokenKind::NumberSuffix | TokenKind::Range => {
                    plan.numbers.push(QueryNumber {
                        text: text.to_string(),
                        token: i,
                        span: tok.span.clone(),
                        section: tok.section,
                        unit: unit_pending,
                        partial: false,
                    });
                    unit_pending = false;
                }
                TokenKind::Eircode if plan.eircode.is_none() => {
                    plan.eircode = Some(QueryEircode {
                        token: i,
                        code: text.to_ascii_uppercase(),
                        corrections: tok.corrections,
                        span: tok.span.clone(),
                    });
                }
                TokenKind::RoutingKey => plan.routing_key = Some(text.to_ascii_uppercase()),
                TokenKind::UkPostcode if plan.uk_postcode.is_none() => {
                    plan.uk_postcode = Some(text.to_ascii_uppercase());
                }
                _ => {}
            }
        }
        plan
    }

    /// Whether nothing in the input can be matched (empty, punctuation only).
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
            && self.numbers.is_empty()
            && self.eircode.is_none()
            && self.routing_key.is_none()
            && self.uk_postcode.is_none()
    }

    /// Whether word `i` is said again in a line that repeats an earlier line's words (`MAIN ST`
    /// after `1 MAIN STREET`, `DUBLIN 22` typed twice): a duplicate line names nothing new. A
    /// word of a line that adds a word (`AN BAILE BÁN` after `AN TEACH BÁN`) is that line's own,
    /// and so is a line that says only part of an earlier one: `CAVAN` after `CAVAN STREET`
    /// names the town.
    pub fn repeats(&self, i: usize) -> bool {
        let Some(word) = self.words.get(i) else {
            return false;
        };
        if !self.words[..i].iter().any(|e| e.text == word.text) {
            return false;
        }
        // Each earlier line once (a line's words are contiguous).
        let mut seen = None;
        self.words[..i]
            .iter()
            .map(|w| w.section)
            .filter(|&s| s != word.section)
            .any(|s| {
                let new = seen != Some(s);
                seen = Some(s);
                new && self.same_line(word.section, s)
            })
    }

    /// Whether lines (sections) `a` and `b` hold the same words.
    pub fn same_line(&self, a: u16, b: u16) -> bool {
        let line = |s: u16| self.words.iter().filter(move |w| w.section == s);
        let within = |a: u16, b: u16| line(a).all(|w| line(b).any(|e| e.text == w.text));
        within(a, b) && within(b, a)
    }

    /// Bit mask of every word.
    pub fn all_words(&self) -> u64 {
        if self.words.len() >= 64 {
            u64::MAX
        } else {
            (1u64 << self.words.len()) - 1
        }
    }
}

/// Whether `word` is `dublin` misspelt (one or two edits, not the word itself).
fn is_dublin_typo(word: &str) -> bool {
    word.len() >= 5 && word != "dublin" && crate::text::lexicon::within_edits(word, "dublin", 2)
}

/// Dublin postal district numbers (1–24 and 6W).
fn is_district(num: &str) -> bool {
    num == "6w" || num.parse::<u8>().is_ok_and(|n| (1..=24).contains(&n))
}

/// Unit words as typed with a typo, or in Irish (`arasan`: apartment).
pub(crate) fn is_unit_like(word: &str) -> bool {
    const UNITS: [&str; 3] = ["apartment", "arasan", "aonad"];
    UNITS.contains(&word)
        || (word.len() >= 6
            && UNITS
                .iter()
                .any(|u| crate::text::lexicon::within_edits(word, u, 2)))
}

/// The other reading of token `i` of `t` (read as `text`), for [`QueryWord::also`]: `st` or `dr`
/// as typed, after a name (not an article or particle: `church of st brendan` is a saint's) and
/// before another word of its line.
fn other_reading(t: &Tokenised, i: usize, text: &str) -> Option<&'static str> {
    let other = match text {
        "saint" => "street",
        "street" => "saint",
        "doctor" => "drive",
        "drive" => "doctor",
        _ => return None,
    };
    let tok = t.tokens.get(i)?;
    let word_at = |k: usize| {
        t.tokens
            .get(k)
            .filter(|n| n.kind == TokenKind::Word && n.section == tok.section)
    };
    let prev = word_at(i.checked_sub(1)?)?;
    let info = crate::text::lexicon::lexicon().info(prev.text(t));
    let after_name = !info.is_stopword() && !info.is_particle();
    (tok.span.len() <= 3 && after_name && word_at(i + 1).is_some()).then_some(other)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::tokenise;

    #[test]
    fn only_digits_ending_autocomplete_input_are_still_being_typed() {
        let partial = |text: &str| {
            let mut p = Plan::from_tokens(&tokenise(text));
            p.note_last_typed(text);
            p.numbers.iter().map(|n| n.partial).collect::<Vec<_>>()
        };
        assert_eq!(partial("hughes funeral home, 1"), [true]);
        assert_eq!(partial("12 main street"), [false]);
        assert_eq!(partial("apartment 4, 1"), [false, true]);
        assert_eq!(partial("12a"), [false]);
        // Find never reads a number as begun.
        let find = Plan::from_tokens(&tokenise("hughes funeral home, 1"));
        assert!(find.numbers.iter().all(|n| !n.partial));
    }

    #[test]
    fn sorts_tokens_by_role() {
        let p = Plan::from_tokens(&tokenise(
            "Apt 3, 12 Main Street, Ballymote, Co. Sligo F56 X2Y3",
        ));
        let words: Vec<_> = p.words.iter().map(|w| w.text.as_str()).collect();
        assert!(words.contains(&"main") && words.contains(&"ballymote"));
        assert_eq!(p.numbers.len(), 2);
        assert!(p.numbers[0].unit && !p.numbers[1].unit);
        assert!(p.words.last().unwrap().last || p.eircode.is_some());
        assert_eq!(typo_budget(3), 0);
        assert_eq!(typo_budget(4), 1);
        assert_eq!(typo_budget(8), 2);
    }

    #[test]
    fn a_line_repeats_only_an_earlier_line_it_equals() {
        let repeated = |text: &str| {
            let p = Plan::from_tokens(&tokenise(text));
            (0..p.words.len())
                .filter(|&i| p.repeats(i))
                .map(|i| p.words[i].text.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            repeated("1 Main Street, Main St, Navan"),
            ["main", "street"]
        );
        assert_eq!(repeated("5 Oak Park, Dublin 22, Dublin 22"), ["d22"]);
        // Part of an earlier line is a line of its own: the town a street is named after.
        assert!(repeated("92 Mackintosh Park, Cavan Street, Cavan").is_empty());
        assert!(repeated("An Teach Bán, An Baile Bán").is_empty());
    }

    #[test]
    fn empty_input_is_empty() {
        assert!(Plan::from_tokens(&tokenise("  ,,, ..")).is_empty());
    }
}
