//! The level a tie reaches. Tied candidates that are different addresses (`1 MAIN STREET` in
//! several towns) reach no address point: the answer names only the deepest element every one of
//! them shares and the input named (`docs/matching.md` §2, 500: `addressId` is the element the
//! input stops at), never the first tie's id and Eircode.

use super::Target;
use crate::index::{Index, NONE};
use crate::search::Search;

/// The place of a target, and the first slot of its place's elements (address order) the target
/// is at or below.
fn place_and_depth(index: &Index, t: &Target) -> Option<(u32, usize)> {
    match *t {
        Target::AddressPoint(ap) => {
            let b = index.address_point(ap)?.building;
            Some((index.place_of_building(b)?, 0))
        }
        Target::Building(b) => Some((index.place_of_building(b)?, 0)),
        Target::Element { element, place } => {
            let at = index
                .place(place)?
                .elements()
                .iter()
                .position(|&e| e == element)?;
            Some((place, at))
        }
        Target::None => None,
    }
}

/// The deepest element all `ties` share that the search matched, as a target; [`Target::None`]
/// when they share none.
pub(super) fn shared_by_ties(index: &Index, search: &Search, ties: &[Target]) -> Target {
    let mut rows = Vec::with_capacity(ties.len());
    for t in ties {
        let Some((place, at)) = place_and_depth(index, t) else {
            return Target::None;
        };
        let Some(row) = index.place(place) else {
            return Target::None;
        };
        rows.push((place, row.elements(), at));
    }
    let Some(&(place, first, at)) = rows.first() else {
        return Target::None;
    };
    first[at..]
        .iter()
        .copied()
        .filter(|&e| e != NONE && search.matches.iter().any(|m| m.element == e))
        .find(|e| rows.iter().all(|(_, els, at)| els[*at..].contains(e)))
        .map_or(Target::None, |element| Target::Element { element, place })
}
