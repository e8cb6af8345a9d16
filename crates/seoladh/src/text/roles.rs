//! The roles table behind [`Lexicon::roles`]: one lookup per word answers every question the
//! tokeniser asks of it (see [`Roles`]).

use std::collections::{BTreeMap, BTreeSet};

use super::lexicon::{County, Lexicon, WordInfo};
use super::mutation::strip_any;

/// [`WordInfo`] keeps its bits below this; the roles table adds the ones after.
const INFO_BITS: u64 = (1 << 40) - 1;
const COUNTY_SHIFT: u32 = 40;
const COUNTY_ID_MASK: u64 = 0x3F;
const DEMUTATES: u64 = 1 << 46;
const COUNTY_PART: u64 = 1 << 47;

/// Everything the tokeniser asks about one word, from one lookup in the roles table: its
/// [`WordInfo`], the county it names on its own ([`Lexicon::county_word`]) and whether
/// [`Lexicon::demutate`] changes it. The table holds the lexicon's words plus the mutated forms
/// that name a county or lose their mutation (`chorcai`, `bhothar`), each verified at build
/// time against the rule it stands for, so a lookup answers exactly what the rules would.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Roles(u64);

impl Roles {
    /// The roles of packed bits (a value of the table).
    pub(super) fn from_bits(bits: u64) -> Roles {
        Roles(bits)
    }

    /// What the lexicon knows of the word ([`Lexicon::info`]).
    pub(crate) fn info(self) -> WordInfo {
        WordInfo::from_bits(self.0 & INFO_BITS)
    }

    /// The county the word names on its own ([`Lexicon::county_word`]).
    pub(crate) fn county(self) -> Option<County> {
        let id = (self.0 >> COUNTY_SHIFT) & COUNTY_ID_MASK;
        County::from_id(id as u8)
    }

    /// Whether [`Lexicon::demutate`] changes the word.
    pub(crate) fn demutates(self) -> bool {
        self.0 & DEMUTATES != 0
    }

    /// Whether the word, mutation removed as county keys are built, is a word of some county
    /// form (`dhun`, `gall`, `atha`): a county name in several words is made only of these and
    /// the articles `an`, `na`.
    pub(crate) fn county_part(self) -> bool {
        self.0 & COUNTY_PART != 0
    }
}

/// The entries of the roles table: every word, and every form of a word that a mutation
/// rule reads as a county or a known Irish word, with the answer of the rule itself.
/// A mutation rule undoes at most a one-letter prefix (one of `bdghmnt`), `bh` (`bhf`) or a
/// second-place `h`, so the forms tried here cover every word the rules could answer for.
pub(super) fn entries(
    lex: &Lexicon,
    words: &BTreeMap<String, u64>,
    counties: &BTreeMap<String, u64>,
) -> BTreeMap<String, u64> {
    let mut roles = words.clone();
    let parts = county_key_words(counties.keys());
    let mut bases: Vec<&str> = counties.keys().map(String::as_str).collect();
    bases.extend(parts.iter().map(String::as_str));
    bases.extend(
        words
            .iter()
            .filter(|(_, v)| WordInfo::from_bits(**v).is_irish_stem())
            .map(|(k, _)| k.as_str()),
    );
    for base in bases.into_iter().filter(|b| !b.is_empty()) {
        let mut forms = vec![base.to_owned(), format!("bh{base}")];
        // The letters a one-letter prefix of a mutation can be (`mb`, `gc`, `nd`, `bp`, `dt`, `ng`,
        // `ts`, `h`/`t`/`n` before a vowel).
        forms.extend(b"bdghmnt".map(|x| format!("{}{base}", char::from(x))));
        if let (Some(first), Some(rest)) = (base.get(..1), base.get(1..)) {
            forms.push(format!("{first}h{rest}"));
        }
        for form in forms {
            let mut bits = 0;
            if let Some(c) = lex.county_word_by_rule(&form) {
                bits |= u64::from(c.id()) << COUNTY_SHIFT;
            }
            if lex.demutate(&form) != form {
                bits |= DEMUTATES;
            }
            if parts.contains(strip_any(&form).as_ref()) {
                bits |= COUNTY_PART;
            }
            if bits != 0 {
                *roles.entry(form).or_insert(0) |= bits;
            }
        }
    }
    roles
}

/// The words of the county keys (`dun gall` → `dun`, `gall`).
fn county_key_words<'a>(keys: impl Iterator<Item = &'a String>) -> BTreeSet<String> {
    keys.flat_map(|k| k.split(' '))
        .filter(|w| !w.is_empty())
        .map(str::to_owned)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::lexicon::lexicon;

    /// The roles table answers exactly what the rules answer.
    fn roles_agree(l: &Lexicon, w: &str) {
        let r = l.roles(w);
        assert_eq!(r.info(), l.info(w), "{w}");
        assert_eq!(r.county(), l.county_word_by_rule(w), "{w}");
        assert_eq!(r.demutates(), l.demutate(w) != w, "{w}");
        let mut keys = Vec::new();
        let mut stream = l.counties_fst().stream();
        while let Some((k, _)) = fst::Streamer::next(&mut stream) {
            keys.push(String::from_utf8_lossy(k).into_owned());
        }
        let parts = county_key_words(keys.iter());
        assert_eq!(
            r.county_part(),
            parts.contains(strip_any(w).as_ref()),
            "{w}"
        );
    }

    #[test]
    fn roles_agree_with_the_rules_on_every_form() {
        let l = lexicon();
        let mut n = 0;
        let mut keys: Vec<String> = Vec::new();
        let mut stream = l.words_fst().stream();
        while let Some((k, _)) = fst::Streamer::next(&mut stream) {
            keys.push(String::from_utf8_lossy(k).into_owned());
        }
        let mut stream = l.counties_fst().stream();
        while let Some((k, _)) = fst::Streamer::next(&mut stream) {
            keys.push(String::from_utf8_lossy(k).into_owned());
        }
        for k in &keys {
            for x in ["", "b", "bh", "d", "g", "h", "m", "n", "t", "x"] {
                roles_agree(l, &format!("{x}{k}"));
                n += 1;
            }
            if let (Some(a), Some(b)) = (k.get(..1), k.get(1..)) {
                roles_agree(l, &format!("{a}h{b}"));
                roles_agree(l, b);
            }
        }
        assert!(n > 3000, "{n}");
        assert!(keys
            .iter()
            .all(|k| !k.starts_with(|c: char| c.is_ascii_digit())));
        for w in [
            "chorcai", "bhothar", "gcloch", "tsraid", "mhi", "cork", "an", "na", "silver",
        ] {
            roles_agree(l, w);
        }
        assert_eq!(l.roles("chorcai").county().map(County::name), Some("cork"));
        assert!(l.roles("bhothar").demutates() && !l.roles("bothar").demutates());
    }

    proptest::proptest! {
        #[test]
        fn roles_agree_with_the_rules(w in "(bh|[bcdfghmnpst]h?)?[a-z]{0,9}") {
            roles_agree(lexicon(), &w);
        }
    }
}
