//! Rule 2b of [`super::classify`]: an Irish search that names UK places is a foreign address
//! (600), unless Ireland accounts for them (`docs/matching.md` §2).
//!
//! The names come from the whole input (`Plan::uk_names`). A UK country settles it; a UK
//! county or town does unless the input also names an Irish county, district or code. Either
//! way, a name is no evidence when an Irish place of the index bears it as typed (`Bangor` is a
//! town in Co. Down and in Co. Mayo; `Derry` is a townland too, `Londonderry` only the city),
//! nor when the Irish reading explains the whole input and reads the names as typed. An Irish
//! namesake that could not hold the address typed does not count: a house number before a
//! UK town whose Irish namesakes are townlands without a street or estate (`20 Frostenden
//! Corner Road, Leeds`; LEEDS is also a townland of a few houses in Co. Galway). Nor does one
//! when a UK address of the data holds every word typed (`10 Braeside Park, Bangor` is an
//! address of Bangor, Co. Down, that Bangor, Co. Mayo, lacks): as far as the UK addresses
//! loaded reach, the input is one of them.

use smallvec::SmallVec;

use super::Answer;
use crate::ecad::UkCountry;
use crate::index::{ElementKind, Index, NONE};
use crate::search::foreign::is_ni_county;
use crate::search::{Plan, Search};
use crate::text::normalise;

/// Whether the query is a UK address by the places it names.
pub(super) fn names_uk_address(
    index: &Index,
    text: &str,
    search: &Search,
    best: Option<&Answer>,
) -> bool {
    let plan = &search.plan;
    let whole = best.filter(|b| b.complete && !b.tied);
    if plan.eircode.is_some() || whole.is_some_and(|b| !b.typos) {
        return false;
    }
    let names = plan.uk_names(&index.meta().uk_only_towns);
    if names.is_empty() {
        return false;
    }
    // A whole reading through typos accounts for the UK names only when it reads them as
    // typed (`4 Three Bridges Road, London` is no `Londan Bridge Road`).
    let named = names.country | names.county | names.town;
    if whole.is_some_and(|b| reads_exactly(search, b, named)) {
        return false;
    }
    let numbered = plan.numbers.iter().any(|n| !n.unit);
    let uk = |mask: u64| {
        mask != 0
            && match irish_namesakes(index, plan, text, mask) {
                Namesakes::None => true,
                Namesakes::Rural => numbered || uk_holds(index, text),
                Namesakes::Streets => uk_holds(index, text),
            }
    };
    if uk(names.country) {
        return true;
    }
    let county =
        names.county != 0 && (marked_ni_county(plan, text, names.county) || uk(names.county));
    !plan.has_irish_names() && (county || uk(names.town))
}

/// Whether a UK address of the data holds every word of `text`: the input is that address.
fn uk_holds(index: &Index, text: &str) -> bool {
    let mut terms = Vec::new();
    crate::text::index_terms(text, &mut terms);
    let words = index.uk_words();
    [UkCountry::Ni, UkCountry::Gb]
        .into_iter()
        .any(|country| !words.holding_all(&terms, country).is_empty())
}

/// Whether the answer's elements explain the words `mask` without a typo.
fn reads_exactly(search: &Search, answer: &Answer, mask: u64) -> bool {
    let exact = answer
        .candidate
        .place
        .assigned()
        .iter()
        .filter_map(|&m| search.matches.get(m as usize))
        .filter(|m| m.typos == 0)
        .fold(0, |acc, m| acc | m.mask);
    mask & !exact == 0
}

/// Whether the words `mask` hold a county of Northern Ireland written as a county (`Co. Tyrone`,
/// `County Antrim`): no Irish townland of the same name (there are `TYRONE`s) is meant.
fn marked_ni_county(plan: &Plan, text: &str, mask: u64) -> bool {
    plan.words.iter().enumerate().take(64).any(|(i, w)| {
        mask >> i & 1 == 1
            && is_ni_county(w)
            && text
                .get(w.span.clone())
                .is_some_and(|t| t.contains(|c: char| c.is_whitespace() || c == '.'))
    })
}

/// Elements read for an Irish place bearing a UK name: the rarest word's first ones (a name
/// shared with Ireland is found among them, a UK-only one names none).
const MAX_NAMESAKES: usize = 256;

/// The Irish places bearing a name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Namesakes {
    /// None.
    None,
    /// Only localities without a street or estate (townlands of scattered houses).
    Rural,
    /// A post town, or a place holding a street or an estate.
    Streets,
}

/// The Irish places (elements of the index) whose name is the query words `mask` as typed:
/// the words' terms, and their spelling too, since the tokeniser reads a county's names as one
/// (`Londonderry` is the term of `Derry`, which many townlands bear).
fn irish_namesakes(index: &Index, plan: &Plan, text: &str, mask: u64) -> Namesakes {
    let mut terms: SmallVec<[(u32, u32); 4]> = SmallVec::new();
    let mut span: Option<std::ops::Range<usize>> = None;
    for (i, w) in plan.words.iter().enumerate().take(64) {
        if mask >> i & 1 == 1 {
            match index.term(&w.text) {
                Some(t) => terms.push(t),
                None => return Namesakes::None,
            }
            span = Some(span.map_or(w.span.clone(), |s| s.start..w.span.end));
        }
    }
    let Some(&(rarest, _)) = terms.iter().min_by_key(|(_, df)| *df) else {
        return Namesakes::None;
    };
    let typed = normalise(span.and_then(|s| text.get(s)).unwrap_or_default());
    let mut found = Namesakes::None;
    for e in index.term_elements(rarest).take(MAX_NAMESAKES) {
        let named = index
            .variants(e)
            .any(|v| v.term_ids().eq(terms.iter().map(|(t, _)| *t)) && normalise(v.name) == typed);
        if named {
            if holds_streets(index, e) {
                return Namesakes::Streets;
            }
            found = Namesakes::Rural;
        }
    }
    found
}

/// Whether element `e` is a post town (a town, however few of its addresses the data holds) or
/// some place of it has a thoroughfare or a building group.
fn holds_streets(index: &Index, e: u32) -> bool {
    index
        .element(e)
        .is_some_and(|row| row.kind == ElementKind::PostTown)
        || index.element_places(e).any(|p| {
            index
                .place(p)
                .is_some_and(|row| row.thoroughfare != NONE || row.group != NONE)
        })
}
