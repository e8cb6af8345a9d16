//! Postal addresses shared by several address points (`docs/matching.md` §2 result 300,
//! `docs/ecad-layout.md` §4): which places the text names in full, and their unnumbered points.
//!
//! A place's own postal address (`NEWTOWN, COBH, CO. CORK`) belongs to every plain point in it
//! whose building has neither number nor name. Two distinct elements may render the same
//! postal address (two localities called NEWTOWN with post town COBH), and the best candidate
//! may be a street *inside* the named town rather than the town's own place: so the places
//! looked at are those of the best candidate and its ties, and the own place of each one's most
//! specific matched element. Every one whose postal address the text names in full contributes
//! its plain unnumbered points.

use crate::index::{ElementKind, Index, NONE};
use crate::limits::{MAX_OPTIONS, MAX_OWN_PLACE_SCAN};
use crate::search::{Candidate, Search};

use super::Target;

/// Plain points of a place's buildings that have neither number nor name, appended to `out`
/// until it holds more than `max`.
fn place_points(index: &Index, place: u32, max: usize, out: &mut Vec<u32>) {
    let Some(row) = index.place(place) else {
        return;
    };
    for b in row.building_start..row.building_start + row.building_count {
        if out.len() > max {
            return;
        }
        if let Some(r) = index.building(b) {
            if r.number == NONE && r.name == NONE {
                // Units (`APARTMENT 3`) and organisations each have their own postal address:
                // only plain points share the place's.
                out.extend(
                    (r.ap_start..r.ap_start + u32::from(r.ap_count))
                        .filter(|&ap| index.address_point(ap).is_some_and(|a| a.is_plain())),
                );
            }
        }
    }
}

/// Address points of a building, or of a place's buildings that have neither number nor name:
/// the points that share one postal address.
pub(super) fn shared_points(index: &Index, target: &Target) -> Vec<u32> {
    let mut out = Vec::new();
    match *target {
        Target::Building(b) => {
            if let Some(r) = index.building(b) {
                let range = r.ap_start..r.ap_start + u32::from(r.ap_count);
                let all_plain = range
                    .clone()
                    .all(|ap| index.address_point(ap).is_some_and(|a| a.is_plain()));
                if all_plain {
                    out.extend(range);
                }
            }
        }
        Target::Element { place, .. } => place_points(index, place, MAX_OPTIONS, &mut out),
        _ => {}
    }
    out
}

/// The one plain point with the postal address of the candidate's place, when the candidate
/// explains every word and names its place in full: `KILMACULLAGH, GREYSTONES, CO. WICKLOW`,
/// one address among the townland's 96, which Find answers with that point. Autocomplete
/// offers it beside the place's group. `None` when several plain points share the address: the
/// group stands for them.
pub(crate) fn own_point(index: &Index, search: &Search, c: &Candidate) -> Option<u32> {
    if c.number_unmatched
        || !super::reading::unexplained_words(search, c, 0).is_empty()
        || !super::place_fully_named(index, search, c)
    {
        return None;
    }
    let mut points = Vec::new();
    place_points(index, c.place.place, 1, &mut points);
    match points[..] {
        [only] => Some(only),
        _ => None,
    }
}

/// The elements the candidate's words were assigned to.
pub(super) fn assigned_elements(search: &Search, c: &Candidate) -> Vec<u32> {
    c.place
        .assigned()
        .iter()
        .filter_map(|&m| search.matches.get(m as usize))
        .map(|m| m.element)
        .collect()
}

/// The elements the candidate's words were assigned to that they name in full (not AN LEACACH
/// BEAG read from `LEACACH` alone).
fn named_elements(search: &Search, c: &Candidate) -> Vec<u32> {
    c.place
        .assigned()
        .iter()
        .filter_map(|&m| search.matches.get(m as usize))
        .filter(|m| m.coverage >= 1.0 - f32::EPSILON)
        .map(|m| m.element)
        .collect()
}

/// The index term ids of the query's words, sorted.
fn query_terms(index: &Index, search: &Search) -> Vec<u32> {
    let mut out: Vec<u32> = search
        .plan
        .words
        .iter()
        .filter_map(|w| index.term(&w.text).map(|(id, _)| id))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Whether element `e` is named by the text: the matcher gave it words, or every word of one of
/// its names is among the query's words (a post town typed as the county it is named after,
/// `ARDSALLAGH, ROSCOMMON`; a name the matcher gave to a namesake element).
fn element_named(index: &Index, terms: &[u32], assigned: &[u32], e: u32) -> bool {
    assigned.contains(&e)
        || index.variant_terms(e).any(|(_, mut ids)| {
            let mut any = false;
            ids.all(|t| {
                any = true;
                terms.binary_search(&t).is_ok()
            }) && any
        })
}

/// Whether the text names every line of the place's postal address: every element above the
/// counties that takes a line, post town included (the county line may be left out or wrong).
fn names_postal_address(index: &Index, terms: &[u32], assigned: &[u32], place: u32) -> bool {
    let Some(row) = index.place(place) else {
        return false;
    };
    index
        .line_elements(&row)
        .into_iter()
        .all(|e| element_named(index, terms, assigned, e))
}

/// Whether place `place` lies in the post town the candidate's words were given to, if any: a
/// namesake elsewhere is another address even when its lines are all among the words
/// (`CHARLEVILLE, DUNDALK, CO. LOUTH` does not name the post town CHARLEVILLE in CO. CORK, nor
/// `INCH, THURLES, CO. TIPPERARY` the locality INCH in post town TIPPERARY).
fn keeps_post_town(index: &Index, assigned: &[u32], place: u32) -> bool {
    let Some(row) = index.place(place) else {
        return false;
    };
    assigned
        .iter()
        .filter(|&&e| {
            index
                .element(e)
                .is_some_and(|r| r.kind == ElementKind::PostTown)
        })
        .all(|&e| e == row.post_town)
}

/// Places whose most specific line is element `e` (the town's own place beside its streets,
/// and a locality named like its post town), read from the first [`MAX_OWN_PLACE_SCAN`] places
/// of the element.
fn own_places(index: &Index, e: u32, out: &mut Vec<u32>) {
    for p in index.element_places(e).take(MAX_OWN_PLACE_SCAN) {
        let Some(row) = index.place(p) else {
            continue;
        };
        let first = row.elements().into_iter().find(|&x| x != NONE);
        if first == Some(e) || (first.is_some() && index.line_elements(&row).first() == Some(&e)) {
            out.push(p);
        }
    }
}

/// Most namesakes (elements matched by the very same words: the locality LOUGHREA beside the
/// post town LOUGHREA) whose own places are looked at.
const MAX_NAMESAKES: usize = 8;

/// Most namesakes of an element read from the index (a name given to every townland of a kind,
/// `AN CNOC`, is a few dozen elements nationwide).
const MAX_INDEX_NAMESAKES: usize = 64;

/// Most postings of one term read when looking for a name's namesakes in the index.
const MAX_NAMESAKE_SCAN: usize = 65_536;

/// The elements holding every term of `ids` (sorted), or `None` when a term's postings are
/// longer than [`MAX_NAMESAKE_SCAN`]: merged list by list, the shortest first.
fn elements_with_all(index: &Index, ids: &[u32]) -> Option<Vec<u32>> {
    let mut lists: Vec<Vec<u32>> = Vec::with_capacity(ids.len());
    for &t in ids {
        let list: Vec<u32> = index.term_elements(t).take(MAX_NAMESAKE_SCAN + 1).collect();
        if list.len() > MAX_NAMESAKE_SCAN {
            return None;
        }
        lists.push(list);
    }
    lists.sort_by_key(Vec::len);
    let mut lists = lists.into_iter();
    let mut out = lists.next()?;
    for list in lists {
        let mut j = 0;
        out.retain(|&e| {
            while j < list.len() && list[j] < e {
                j += 1;
            }
            list.get(j) == Some(&e)
        });
    }
    Some(out)
}

/// Elements of `e`'s kind with one of `e`'s names that the text names whole (the same terms),
/// read from the index: namesakes the matcher had no need to read, as both localities called
/// `AN CNOC` in Irish in post town PORT LAOISE are named by the one text. At most
/// [`MAX_INDEX_NAMESAKES`] appended to `out`.
fn index_namesakes(index: &Index, terms: &[u32], e: u32, out: &mut Vec<u32>) {
    let Some(kind) = index.element(e).map(|r| r.kind).filter(|k| {
        matches!(
            k,
            ElementKind::BuildingGroup
                | ElementKind::Thoroughfare
                | ElementKind::Locality
                | ElementKind::PostTown
        )
    }) else {
        return;
    };
    let mut found = 0;
    for (_, ids) in index.variant_terms(e) {
        let ids: Vec<u32> = ids.collect();
        if ids.is_empty() || !ids.iter().all(|t| terms.binary_search(t).is_ok()) {
            continue;
        }
        let Some(holding) = elements_with_all(index, &ids) else {
            continue;
        };
        for x in holding {
            if x == e || out.contains(&x) || index.element(x).map(|r| r.kind) != Some(kind) {
                continue;
            }
            if index
                .variant_terms(x)
                .any(|(_, other)| other.eq(ids.iter().copied()))
            {
                out.push(x);
                found += 1;
                if found >= MAX_INDEX_NAMESAKES {
                    return;
                }
            }
        }
    }
}

/// The candidate's most specific matched element, the elements matched by the same words, and
/// the element's namesakes in the index ([`index_namesakes`]).
fn deepest_and_namesakes(
    index: &Index,
    terms: &[u32],
    search: &Search,
    c: &Candidate,
    deepest: u32,
    out: &mut Vec<u32>,
) {
    out.push(deepest);
    index_namesakes(index, terms, deepest, out);
    let Some(mask) = c
        .place
        .assigned()
        .iter()
        .filter_map(|&m| search.matches.get(m as usize))
        .find(|m| m.element == deepest)
        .map(|m| m.mask)
    else {
        return;
    };
    out.extend(
        search
            .matches
            .iter()
            .filter(|m| m.mask == mask && m.element != deepest)
            .filter(|m| {
                matches!(
                    m.kind,
                    ElementKind::BuildingGroup
                        | ElementKind::Thoroughfare
                        | ElementKind::Locality
                        | ElementKind::PostTown
                )
            })
            .map(|m| m.element)
            .take(MAX_NAMESAKES),
    );
}

/// The plain unnumbered points of every place, among `candidates`' own and the own places of
/// their most specific elements (and those elements' namesakes), whose postal address the text
/// names in full; sorted, deduplicated. `deepest` gives a candidate's most specific matched
/// element.
pub(super) fn named_points(
    index: &Index,
    search: &Search,
    candidates: &[Candidate],
    deepest: impl Fn(&Candidate) -> Option<u32>,
) -> Vec<u32> {
    let terms = query_terms(index, search);
    let mut places: Vec<(u32, usize)> = Vec::new();
    let mut own = Vec::new();
    let mut elements = Vec::new();
    let mut scanned: Vec<u32> = Vec::new();
    for (i, c) in candidates.iter().enumerate() {
        if c.address_point.is_some() || c.building.is_some() {
            continue;
        }
        places.push((c.place.place, i));
        let Some(d) = deepest(c).filter(|e| !scanned.contains(e)) else {
            continue;
        };
        elements.clear();
        deepest_and_namesakes(index, &terms, search, c, d, &mut elements);
        for &e in &elements {
            if scanned.contains(&e) {
                continue;
            }
            scanned.push(e);
            own.clear();
            own_places(index, e, &mut own);
            places.extend(own.iter().map(|&p| (p, i)));
        }
    }
    // A place is named by the first candidate that led to it, and lies in the post town of
    // one of them (the locality BALLYMOTE in post town SLIGO is reached from the post town
    // BALLYMOTE too, whose post town it does not keep).
    places.sort_unstable();
    places.dedup();
    let mut points = Vec::new();
    for group in places.chunk_by(|a, b| a.0 == b.0) {
        let p = group[0].0;
        let first = named_elements(search, &candidates[group[0].1]);
        if names_postal_address(index, &terms, &first, p)
            && group.iter().any(|&(_, i)| {
                keeps_post_town(index, &assigned_elements(search, &candidates[i]), p)
            })
        {
            place_points(index, p, MAX_OPTIONS, &mut points);
        }
    }
    points.sort_unstable();
    points.dedup();
    points
}

#[cfg(test)]
mod tests {
    use crate::api::FindResult;
    use crate::classify::{classify, EircodeCheck, OptionSet};
    use crate::index::Index;
    use crate::search::{search, Mode};

    /// ecad-mini with a second locality MILLFARM in post town DUNBOYNE holding one unnumbered
    /// house: two distinct elements that render the same postal address.
    fn twin_localities() -> Option<Index> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/ecad-mini");
        let (mut ds, _) = crate::ecad::layout::read_dir(&dir).ok()?;
        let mut loc = ds
            .localities
            .iter()
            .find(|l| l.id == 1_110_000_001)?
            .clone();
        loc.id = 1_110_000_009;
        ds.localities.push(loc);
        let mut b = ds.buildings.iter().find(|b| b.id == 1_400_000_007)?.clone();
        b.id = 1_400_000_009;
        b.primary_locality_id = Some(1_110_000_009);
        ds.buildings.push(b);
        let mut ap = ds
            .address_points
            .iter()
            .find(|a| a.id == 1_700_000_008)?
            .clone();
        ap.id = 1_700_000_011;
        ap.building_id = 1_400_000_009;
        ap.eircode = Some("A86W2Y9".into());
        ds.address_points.push(ap);
        Some(crate::index::built_in_memory(&ds))
    }

    fn ids(index: &Index, set: &OptionSet) -> Vec<u64> {
        match set {
            OptionSet::AddressPoints(aps) => aps
                .iter()
                .filter_map(|&ap| index.address_point_id(ap))
                .collect(),
            _ => Vec::new(),
        }
    }

    #[test]
    fn namesake_localities_with_one_postal_address_are_one_shared_address() {
        let index = twin_localities().expect("ecad-mini with a twin locality builds");
        for text in ["millfarm, dunboyne", "MILLFARM, DUNBOYNE, CO. MEATH"] {
            let s = search(&index, text, Mode::Find);
            let c = classify(&index, text, &s, &EircodeCheck::of(&index, &s));
            assert_eq!(c.result, FindResult::NonUniqueAddress, "{text}: {c:?}");
            let got = ids(&index, &c.options);
            for want in [1_700_000_008, 1_700_000_009, 1_700_000_011] {
                assert!(got.contains(&want), "{text}: {want} not in {got:?}");
            }
        }
    }

    #[test]
    fn a_place_whose_post_town_is_not_typed_is_not_named_in_full() {
        let index = twin_localities().expect("ecad-mini with a twin locality builds");
        // The post town is left out: no place's postal address is named in full.
        let text = "millfarm";
        let s = search(&index, text, Mode::Find);
        let c = classify(&index, text, &s, &EircodeCheck::of(&index, &s));
        assert_ne!(c.result, FindResult::NonUniqueAddress, "{c:?}");
    }
}
