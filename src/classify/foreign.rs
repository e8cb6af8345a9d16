//! Rule 2b of [`super::classify`]: an Irish search that names UK places is a foreign address
//! (600), unless Ireland accounts for them (`matching.md` §2).
//!
//! The names come from the whole input (`Plan::uk_names`). A UK country settles it; a UK
//! county or town does unless the input also names an Irish county, district or code. Either
//! way, a name is no evidence when an Irish place of the index bears it exactly (`Bangor` is a
//! town in Co. Down and in Co. Mayo), nor when the Irish reading explains the whole input.

use super::Answer;
use crate::search::Search;

/// Whether the query is a UK address by the places it names.
pub(super) fn names_uk_address(search: &Search, uk_only_towns: &[String], best: Option<&Answer>) -> bool {
    let plan = &search.plan;
    if plan.eircode.is_some() {
        return false;
    }
    let names = plan.uk_names(uk_only_towns);
    if names.is_empty() {
        return false;
    }
    let uk = |mask: u64| mask != 0 && !named_irish_place(search, mask);
    let country = uk(names.country);
    let place = uk(names.county) || uk(names.town);
    if !country && (!place || plan.has_irish_names()) {
        return false;
    }
    !best.is_some_and(|b| b.complete && !b.tied)
}

/// Whether the words `mask` are exactly the name of an element of the index: some element
/// the search matched explains those words and no others, with every word of its name and no
/// typo.
fn named_irish_place(search: &Search, mask: u64) -> bool {
    search
        .matches
        .iter()
        .any(|m| m.mask == mask && m.typos == 0 && m.coverage >= 1.0 - f32::EPSILON)
}
