//! Options: what lies below an answer, listed flat or in intelligent groups (`docs/matching.md` §4).
//!
//! Items are collected in natural order (places in index order, buildings by number, units by
//! number). With `limit = -1` and more than [`GROUP_THRESHOLD`] address points, buildings with
//! several units become one grouped option each, and if that is still too many, places are
//! grouped by the element below the answer's level (each street, estate or townland one option).
//! Every grouped option drills down through its `addressId`.

mod distinct;

pub use distinct::{make_distinct, NoTiebreak, Tiebreak};

use crate::api::OptionType;
use crate::classify::{OptionSet, Target};
use crate::ecad::address::{postal_display_name, Language};
use crate::index::{AddressPointRow, Index, PartsCache, PlaceLevel, NONE};
use crate::limits::{MAX_OPTIONS, MAX_OPTION_PLACES};

/// Up to this many address points are listed flat even with grouping on.
pub const GROUP_THRESHOLD: usize = 20;

/// One option before it is put on the wire.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionItem {
    /// Standard, or grouped homes or businesses.
    pub option_type: OptionType,
    /// Text shown to the user.
    pub display_name: String,
    /// Eircode without space (address points only).
    pub postcode: Option<String>,
    /// ECAD id to drill into (or of the address point).
    pub address_id: u64,
    /// ECAD address type (0: none, as for UK addresses).
    pub address_type: u16,
    /// The address text the option's `next` link carries when it is not the label: a UK
    /// postcode group has no id to drill into and is found by its postcode.
    pub drill_text: Option<String>,
}

/// Collects the options of `set`: `(total, items)`. `grouping` is the `limit = -1` mode;
/// otherwise items are address points, flat, and only listed when `total <= limit`.
pub fn options(
    index: &Index,
    set: &OptionSet,
    limit: i32,
    lang: Language,
) -> (usize, Vec<OptionItem>) {
    let (total, mut items) = listed(index, set, limit, lang);
    let before = items.len();
    make_distinct(&mut items, &IndexTiebreak { index, lang });
    // Repeats dropped from a complete list are not counted either.
    let total = if before == total { items.len() } else { total };
    (total, items)
}

/// The options of `set` as collected, before [`make_distinct`].
fn listed(index: &Index, set: &OptionSet, limit: i32, lang: Language) -> (usize, Vec<OptionItem>) {
    if limit == 0 {
        return (0, Vec::new());
    }
    let grouping = limit < 0;
    let bound = if grouping {
        MAX_OPTIONS
    } else {
        usize::try_from(limit).unwrap_or(0)
    };
    match set {
        OptionSet::None => (0, Vec::new()),
        OptionSet::AddressPoints(aps) => flat_points(index, aps, bound, lang),
        OptionSet::Candidates(targets) => {
            let mut items: Vec<OptionItem> = targets
                .iter()
                .filter_map(|t| target_item(index, t, lang))
                .collect();
            // Two candidates can be one option (a place reached through two of its elements).
            distinct::drop_repeats(&mut items);
            let total = items.len();
            if total > bound {
                return (total, Vec::new());
            }
            (total, items)
        }
        OptionSet::Below(target) => below(index, target, grouping, bound, lang),
    }
}

fn flat_points(
    index: &Index,
    aps: &[u32],
    bound: usize,
    lang: Language,
) -> (usize, Vec<OptionItem>) {
    let total = aps.len();
    if total > bound {
        return (total, Vec::new());
    }
    let mut cache = PartsCache::default();
    let items = aps
        .iter()
        .filter_map(|&ap| point_item_cached(index, ap, lang, &mut cache))
        .collect();
    (total, items)
}

/// An address point as a standard option.
pub fn point_item(index: &Index, ap: u32, lang: Language) -> Option<OptionItem> {
    point_item_cached(index, ap, lang, &mut PartsCache::default())
}

/// [`point_item`] reusing the parts of the place rendered last (a list of one street's houses).
fn point_item_cached(
    index: &Index,
    ap: u32,
    lang: Language,
    cache: &mut PartsCache,
) -> Option<OptionItem> {
    let row = index.address_point(ap)?;
    let parts = index.address_point_parts_cached(ap, cache)?;
    Some(OptionItem {
        option_type: OptionType::Standard,
        display_name: postal_display_name(parts, lang),
        postcode: index.address_point_eircode(ap),
        address_id: parts.address_point_id,
        address_type: row.address_type,
        drill_text: None,
    })
}

fn is_business(index: &Index, ap: u32) -> bool {
    index
        .address_point(ap)
        .is_some_and(|a| a.flags & AddressPointRow::HAS_ORGANISATION != 0)
}

/// A building: its single point, or a grouped option over its units.
fn building_item(index: &Index, b: u32, lang: Language) -> Option<OptionItem> {
    building_item_cached(index, b, lang, &mut PartsCache::default())
}

/// [`building_item`] through a [`PartsCache`].
fn building_item_cached(
    index: &Index,
    b: u32,
    lang: Language,
    cache: &mut PartsCache,
) -> Option<OptionItem> {
    let row = index.building(b)?;
    if row.ap_count == 1 {
        return point_item_cached(index, row.ap_start, lang, cache);
    }
    let parts = index.building_parts_cached(b, cache)?;
    let business = (row.ap_start..row.ap_start + u32::from(row.ap_count))
        .filter(|&ap| is_business(index, ap))
        .count();
    Some(OptionItem {
        option_type: if business * 2 > usize::from(row.ap_count) {
            OptionType::GroupedBusiness
        } else {
            OptionType::GroupedNonBusiness
        },
        display_name: with_count(postal_display_name(parts, lang), row.ap_count.into()),
        postcode: None,
        address_id: parts.building_id,
        address_type: row.address_type,
        drill_text: None,
    })
}

/// A grouped option's name: the address and how many addresses it holds.
fn with_count(mut name: String, count: usize) -> String {
    name.push_str(" (");
    name.push_str(itoa::Buffer::new().format(count));
    name.push_str(" addresses)");
    name
}

/// ECAD address types of groups that hold businesses (docs/wire.md §5): industrial estate,
/// shopping centre, business park, factory complex, non-residential building group. Such a
/// group is offered as GroupedBusiness without counting its organisations.
fn is_business_group_type(address_type: u16) -> bool {
    matches!(address_type, 1080 | 1190 | 1220 | 1470 | 2310)
}

/// An element within a place, as a grouped option with its size.
fn element_item(
    index: &Index,
    element: u32,
    place: u32,
    count: usize,
    business: usize,
    lang: Language,
) -> Option<OptionItem> {
    let row = index.element(element)?;
    let level = level_of(index, element);
    let parts = index.place_parts(place, level)?;
    Some(OptionItem {
        option_type: if business * 2 > count || is_business_group_type(row.address_type) {
            OptionType::GroupedBusiness
        } else {
            OptionType::GroupedNonBusiness
        },
        display_name: with_count(postal_display_name(&parts, lang), count),
        postcode: None,
        address_id: row.id,
        address_type: row.address_type,
        drill_text: None,
    })
}

fn target_item(index: &Index, t: &Target, lang: Language) -> Option<OptionItem> {
    target_item_cached(index, t, lang, &mut PartsCache::default())
}

/// One option for `t`, as [`options`] renders a candidate, reusing the parts of the place
/// rendered last through `cache` (suggestions often share a street).
pub fn target_item_cached(
    index: &Index,
    t: &Target,
    lang: Language,
    cache: &mut PartsCache,
) -> Option<OptionItem> {
    match *t {
        Target::AddressPoint(ap) => point_item_cached(index, ap, lang, cache),
        Target::Building(b) => building_item_cached(index, b, lang, cache),
        Target::Element { element, place } => {
            let (count, business) = count_below(index, element);
            element_item(index, element, place, count, business, lang)
        }
        Target::None => None,
    }
}

/// The address level of an element, for rendering it alone.
pub fn level_of(index: &Index, element: u32) -> PlaceLevel {
    use crate::index::ElementKind::*;
    match index.element_kind(element) {
        Some(BuildingGroup) => PlaceLevel::BuildingGroup,
        Some(Thoroughfare) => PlaceLevel::Thoroughfare,
        Some(Locality) => PlaceLevel::Locality,
        Some(PostTown) => PlaceLevel::PostTown,
        _ => PlaceLevel::County,
    }
}

/// Address points and business address points below an element (bounded scan).
fn count_below(index: &Index, element: u32) -> (usize, usize) {
    let mut count = 0;
    let business = 0;
    for p in index.element_places(element).take(MAX_OPTION_PLACES) {
        if let Some(row) = index.place(p) {
            for b in row.building_start..row.building_start + row.building_count {
                if let Some(r) = index.building(b) {
                    count += usize::from(r.ap_count);
                }
            }
        }
    }
    (count, business)
}

/// Places holding the target's addresses.
fn places_of(index: &Index, target: &Target) -> Vec<u32> {
    match *target {
        Target::Element { element, .. } => index
            .element_places(element)
            .take(MAX_OPTION_PLACES)
            .collect(),
        _ => Vec::new(),
    }
}

fn below(
    index: &Index,
    target: &Target,
    grouping: bool,
    bound: usize,
    lang: Language,
) -> (usize, Vec<OptionItem>) {
    if let Target::Building(b) = *target {
        let Some(r) = index.building(b) else {
            return (0, Vec::new());
        };
        let aps: Vec<u32> = (r.ap_start..r.ap_start + u32::from(r.ap_count)).collect();
        return flat_points(index, &aps, bound, lang);
    }
    let places = places_of(index, target);
    let buildings: Vec<u32> = places
        .iter()
        .filter_map(|&p| index.place(p))
        .flat_map(|row| row.building_start..row.building_start + row.building_count)
        .collect();
    let points: usize = buildings
        .iter()
        .filter_map(|&b| index.building(b))
        .map(|r| usize::from(r.ap_count))
        .sum();
    if !grouping || points <= GROUP_THRESHOLD {
        if points > bound {
            return (points, Vec::new());
        }
        let aps: Vec<u32> = buildings
            .iter()
            .filter_map(|&b| index.building(b))
            .flat_map(|r| r.ap_start..r.ap_start + u32::from(r.ap_count))
            .collect();
        return flat_points(index, &aps, bound, lang);
    }
    // Group units by building.
    if buildings.len() <= GROUP_THRESHOLD * 2 || places.len() == 1 {
        let items: Vec<OptionItem> = buildings
            .iter()
            .take(MAX_OPTIONS)
            .filter_map(|&b| building_item(index, b, lang))
            .collect();
        return (buildings.len(), items);
    }
    // Group places by the element just below the target's level.
    let Target::Element { element, .. } = *target else {
        return (0, Vec::new());
    };
    let mut groups: Vec<(u32, u32, usize, usize)> = Vec::new(); // (child, place, points, business)
    for &p in &places {
        let Some(row) = index.place(p) else { continue };
        let child = row
            .elements()
            .into_iter()
            .find(|&e| e != NONE && e != element)
            .filter(|&e| level_of(index, e) < level_of(index, element))
            .unwrap_or(element);
        let mut n = 0;
        let mut business = 0;
        for b in row.building_start..row.building_start + row.building_count {
            if let Some(r) = index.building(b) {
                n += usize::from(r.ap_count);
                business += (r.ap_start..r.ap_start + u32::from(r.ap_count))
                    .filter(|&ap| is_business(index, ap))
                    .count();
            }
        }
        match groups.iter_mut().find(|g| g.0 == child) {
            Some(g) => {
                g.2 += n;
                g.3 += business;
            }
            None => groups.push((child, p, n, business)),
        }
    }
    let total = groups.len();
    let items = groups
        .iter()
        .take(MAX_OPTIONS)
        .filter_map(|&(child, place, n, business)| {
            if child == element {
                return None;
            }
            element_item(index, child, place, n, business, lang)
        })
        .collect();
    (total, items)
}

/// The building or unit behind an option, from the index.
pub struct IndexTiebreak<'a> {
    /// The index the options come from.
    pub index: &'a Index,
    /// The language of the labels.
    pub lang: Language,
}

impl Tiebreak for IndexTiebreak<'_> {
    /// A unit's name, else its building's name or number, whichever the label does not show.
    fn building_or_unit(&self, item: &OptionItem) -> Option<String> {
        use crate::index::EntityKind;
        let parts = match self.index.entity(item.address_id)? {
            (EntityKind::AddressPoint, ap) => self.index.address_point_parts(ap)?,
            (EntityKind::Building, b) => self.index.building_parts(b)?,
            _ => return None,
        };
        let missing = |s: &str| !s.trim().is_empty() && !item.display_name.contains(s.trim());
        let unit = parts.sub_building.as_ref().map(|p| p.name(self.lang));
        let name = parts.building_name.as_ref().map(|p| p.name(self.lang));
        let number = parts.building_number.as_deref();
        let found = [unit, name, number]
            .into_iter()
            .flatten()
            .find(|s| missing(s))
            .map(|s| s.trim().to_string());
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn business_groups_are_known_by_their_address_type() {
        // Business park, industrial estate, shopping centre, factory complex, non-residential group.
        for t in [1220, 1080, 1190, 1470, 2310] {
            assert!(is_business_group_type(t), "{t}");
        }
        // Housing estate, apartment complex, townland, thoroughfare.
        for t in [1290, 1200, 1320, 3100] {
            assert!(!is_business_group_type(t), "{t}");
        }
    }
}
