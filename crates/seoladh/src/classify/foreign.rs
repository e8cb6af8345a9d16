//! Rule 2b of [`super::classify`]: an Irish search that names UK places is a foreign address
//! (600), unless Ireland accounts for them (`docs/matching.md` §2).
//!
//! The names come from the whole input (`Plan::uk_names`). A UK country settles it; a UK
//! county or town does unless the input also names an Irish county, district or code. Either
//! way, a name is no evidence when an Irish place of the index bears it exactly (`Bangor` is a
//! town in Co. Down and in Co. Mayo), nor when the Irish reading explains the whole input and
//! reads the names as typed.

use smallvec::SmallVec;

use super::Answer;
use crate::index::Index;
use crate::search::foreign::is_ni_county;
use crate::search::{Plan, Search};

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
    let uk = |mask: u64| mask != 0 && !named_irish_place(index, plan, mask);
    if uk(names.country) {
        return true;
    }
    let county =
        names.county != 0 && (marked_ni_county(plan, text, names.county) || uk(names.county));
    !plan.has_irish_names() && (county || uk(names.town))
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

/// Whether the query words `mask` are exactly the name (some variant) of an element of the
/// index: Ireland has a place of that name.
fn named_irish_place(index: &Index, plan: &Plan, mask: u64) -> bool {
    let mut terms: SmallVec<[(u32, u32); 4]> = SmallVec::new();
    for (i, w) in plan.words.iter().enumerate().take(64) {
        if mask >> i & 1 == 1 {
            match index.term(&w.text) {
                Some(t) => terms.push(t),
                None => return false,
            }
        }
    }
    let Some(&(rarest, _)) = terms.iter().min_by_key(|(_, df)| *df) else {
        return false;
    };
    index.term_elements(rarest).take(MAX_NAMESAKES).any(|e| {
        index
            .variant_terms(e)
            .any(|(_, name)| name.eq(terms.iter().map(|(t, _)| *t)))
    })
}
