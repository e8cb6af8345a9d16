//! UK place names in a query, read from the whole input (`docs/matching.md` §2, 600): a UK country
//! in any section, and from the end, past the country (`England`, `UK`; `Ireland` and `Éire`
//! are skipped, they are no place), UK counties (`Kent`, `Co. Antrim`) and then the town
//! (`Stoke-on-Trent`). Whether the names make the query foreign is the classifier's call: an
//! Irish place of the same name, or an Irish county or district beside a town, outweighs them.

use smallvec::SmallVec;

use super::plan::{Plan, QueryWord};
use crate::text::uk_places::{in_list, is_irish_country, uk_places};
use crate::text::TokenKind;

/// Longest run of words read as one county or town (`east riding of yorkshire`).
const MAX_NAME_WORDS: usize = 4;

/// The UK place names of a query, as bits of [`Plan::words`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct UkNames {
    /// Words naming the UK or one of its countries.
    pub country: u64,
    /// Words naming a UK county.
    pub county: u64,
    /// Words naming a UK town.
    pub town: u64,
    /// The town is a UK post town of the index's own UK addresses that no Irish place shares
    /// (`Meta::uk_only_towns`).
    pub town_unshared: bool,
}

impl UkNames {
    /// Whether no UK name was found.
    pub fn is_empty(&self) -> bool {
        self.country | self.county | self.town == 0
    }
}

/// Bits `start..end`.
fn bits(start: usize, end: usize) -> u64 {
    (start..end.min(64)).fold(0, |m, i| m | 1u64 << i)
}

/// The counties of Northern Ireland as county tokens name them.
const NI_COUNTIES: [&str; 6] = [
    "antrim",
    "armagh",
    "down",
    "fermanagh",
    "londonderry",
    "tyrone",
];

/// Whether a query word is Irish by its kind: a Dublin district or a county of the Republic.
fn is_irish_word(w: &QueryWord) -> bool {
    match w.kind {
        TokenKind::DublinDistrict => true,
        TokenKind::County => !NI_COUNTIES.contains(&w.text.as_str()),
        _ => false,
    }
}

/// Whether a query word is a Northern Ireland county (`Co. Antrim`).
pub fn is_ni_county(w: &QueryWord) -> bool {
    w.kind == TokenKind::County && NI_COUNTIES.contains(&w.text.as_str())
}

impl Plan {
    /// The UK place names of the query (see the module). `unshared_towns`:
    /// `Meta::uk_only_towns`.
    pub fn uk_names(&self, unshared_towns: &[String]) -> UkNames {
        let places = uk_places();
        let words = &self.words[..self.words.len().min(64)];
        let texts: SmallVec<[&str; 16]> = words.iter().map(|w| w.text.as_str()).collect();
        let mut names = UkNames::default();
        // A country in any section.
        let mut start = 0;
        while start < words.len() {
            let end = section_end(words, start);
            if end - start <= 2
                && places.may_end_name(texts[end - 1])
                && places.is_country(&texts[start..end])
            {
                names.country |= bits(start, end);
            }
            start = end;
        }
        // From the end: countries and counties, then the town.
        let mut end = words.len();
        while end > 0 && places.may_end_name(texts[end - 1]) {
            let section_start = section_start(words, end);
            let tail = |k: usize| (end - section_start >= k).then(|| &texts[end - k..end]);
            if let Some(k) = (1..=2)
                .rev()
                .find(|&k| tail(k).is_some_and(|t| places.is_country(t)))
            {
                names.country |= bits(end - k, end);
                end -= k;
                continue;
            }
            if tail(1).is_some_and(is_irish_country) {
                end -= 1;
                continue;
            }
            let county = (1..=MAX_NAME_WORDS).rev().find(|&k| {
                tail(k).is_some_and(|t| places.is_county(t))
                    || (k == 1 && is_ni_county(&words[end - 1]))
            });
            if let Some(k) = county {
                names.county |= bits(end - k, end);
                end -= k;
                continue;
            }
            let town = (1..=MAX_NAME_WORDS.min(end - section_start))
                .rev()
                .find(|&k| {
                    let run = &words[end - k..end];
                    let t = &texts[end - k..end];
                    run.iter().all(|w| w.kind == TokenKind::Word)
                        && (places.is_town(t) || in_list(unshared_towns, t))
                });
            if let Some(k) = town {
                names.town = bits(end - k, end);
                names.town_unshared = in_list(unshared_towns, &texts[end - k..end]);
            }
            break;
        }
        names
    }

    /// Whether the query names something only Ireland has: an Eircode or routing key, a Dublin
    /// district, a county of the Republic.
    pub fn has_irish_names(&self) -> bool {
        self.eircode.is_some() || self.routing_key.is_some() || self.words.iter().any(is_irish_word)
    }
}

/// The end of the section of word `start` (its words are contiguous).
fn section_end(words: &[QueryWord], start: usize) -> usize {
    let s = words[start].section;
    start + words[start..].iter().take_while(|w| w.section == s).count()
}

/// The start of the section of word `end - 1`.
fn section_start(words: &[QueryWord], end: usize) -> usize {
    let s = words[end - 1].section;
    end - words[..end]
        .iter()
        .rev()
        .take_while(|w| w.section == s)
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::tokenise;

    fn names(s: &str) -> (Vec<String>, Vec<String>, Vec<String>) {
        let plan = Plan::from_tokens(&tokenise(s));
        let n = plan.uk_names(&[]);
        let pick = |m: u64| {
            plan.words
                .iter()
                .enumerate()
                .filter(|(i, _)| m >> i & 1 == 1)
                .map(|(_, w)| w.text.clone())
                .collect()
        };
        (pick(n.country), pick(n.county), pick(n.town))
    }

    #[test]
    fn reads_countries_counties_and_towns_from_the_end() {
        let (country, county, town) = names("10 High Street, Stoke-on-Trent, United Kingdom");
        assert_eq!(
            (country, county),
            (vec!["united".into(), "kingdom".into()], vec![])
        );
        assert_eq!(town, ["stoke", "on", "trent"]);
        let (country, county, town) = names("5 Park Road, Thanet, Kent, England");
        assert_eq!(country, ["england"]);
        assert_eq!(county, ["kent"]);
        assert!(town.is_empty());
        let (_, county, town) = names("3 main street newry co down");
        assert_eq!(county, ["down"]);
        assert_eq!(town, ["newry"]);
        let (country, _, town) = names("12 high st belfast northern ireland");
        assert_eq!(country, ["northern", "ireland"]);
        assert_eq!(town, ["belfast"]);
        // A country anywhere.
        let (country, _, _) = names("England, 10 Downing Street, London");
        assert_eq!(country, ["england"]);
    }

    #[test]
    fn ireland_at_the_end_is_no_place() {
        for s in [
            "8 Silver Birches, Dunboyne, Co. Meath, Ireland",
            "8 silver birches dunboyne eire",
            "8 Silver Birches, Dunboyne, Irland",
        ] {
            assert_eq!(names(s), (vec![], vec![], vec![]), "{s}");
        }
        // Past `Ireland`, the town is still read.
        let (_, _, town) = names("1 High Street, Aberdeen, Ireland");
        assert_eq!(town, ["aberdeen"]);
    }

    #[test]
    fn ni_counties_are_the_lexicons() {
        let lex = crate::text::lexicon::lexicon();
        for c in NI_COUNTIES {
            assert!(
                lex.county(c).is_some_and(|c| c.is_northern_ireland()),
                "{c}"
            );
        }
    }

    #[test]
    fn irish_names_are_told() {
        let plan = |s: &str| Plan::from_tokens(&tokenise(s));
        assert!(plan("main street, bangor, co mayo").has_irish_names());
        assert!(plan("main street, dublin 15").has_irish_names());
        assert!(!plan("main street, newry, co down").has_irish_names());
    }
}
