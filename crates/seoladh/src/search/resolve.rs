//! Resolution inside a place: the house number picks the building, the unit number (or an
//! organisation) the address point.

use crate::index::{BuildingRow, ElementKind, Index, NONE};
use crate::limits::MAX_BUILDINGS_SCANNED;
use crate::search::elements::ElementMatch;
use crate::search::places::PlaceScore;
use crate::search::plan::{Plan, QueryNumber};

/// Weight of a house number that matches (and the cost of one that does not).
pub const NUMBER_WEIGHT: f32 = 6.0;
/// Weight of a unit (apartment, flat) number that matches, and the cost of one that does not.
pub const UNIT_WEIGHT: f32 = 4.0;

/// The most numbers can add to a place's score: a house and a unit that both match.
pub const MAX_NUMBER_GAIN: f32 = NUMBER_WEIGHT + UNIT_WEIGHT;

/// A candidate answer: a place, and where known the building and address point in it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Candidate {
    /// The place and its score.
    pub place: PlaceScore,
    /// Building ordinal, when the query singles one out.
    pub building: Option<u32>,
    /// Address point ordinal, when the query singles one out.
    pub address_point: Option<u32>,
    /// Total score: the place's plus numbers matched, less numbers that matched nothing.
    pub score: f32,
    /// Query numbers used (bit per entry of `Plan::numbers`).
    pub numbers_used: u32,
    /// A house or unit number was given that nothing here has.
    pub number_unmatched: bool,
}

/// Whether stored house number `r` (`10A`, `63-66`, `63/64`, any case and spacing) answers a
/// typed one (lower case, no spaces), read without allocating: it runs for every building of
/// a shortlisted place.
fn number_fits_ref(index: &Index, r: u32, typed: &str) -> bool {
    index.string_bytes(r).is_some_and(|s| number_fits(s, typed))
}

/// Whether a stored house number answers a typed one (lower case, no spaces); a range or pair
/// answers either end (`63` for `63-66`). Byte-wise: numbers are ASCII, and a stored name
/// with other bytes simply does not answer.
fn number_fits(stored: &[u8], typed: &str) -> bool {
    // A pair is written `13/14` or `13-14` (the tokeniser reads both as the range `13-14`).
    let norm = |b: u8| {
        if b == b'/' {
            b'-'
        } else {
            b.to_ascii_lowercase()
        }
    };
    let same = |part: &[u8]| {
        part.iter()
            .filter(|b| **b != b' ')
            .map(|&b| norm(b))
            .eq(typed.bytes().map(norm))
    };
    let separator = |b: &u8| matches!(b, b'-' | b'/');
    same(stored) || (stored.iter().any(separator) && stored.split(separator).any(same))
}

/// Whether the first number in unit name `r` (`APARTMENT 12` → `12`) is `typed` (lower case),
/// read without allocating: it runs for every unit of a shortlisted place.
fn unit_number_is(index: &Index, r: u32, typed: &str) -> bool {
    index
        .string_bytes(r)
        .is_some_and(|s| unit_number_fits(s, typed))
}

/// Whether the first word of `name` that starts with a digit is `typed` (lower case). Words
/// are runs of ASCII letters and digits, so the bytes of other characters only separate them.
fn unit_number_fits(name: &[u8], typed: &str) -> bool {
    name.split(|b| !b.is_ascii_alphanumeric())
        .find(|w| w.first().is_some_and(u8::is_ascii_digit))
        .is_some_and(|w| {
            w.len() == typed.len()
                && w.iter()
                    .zip(typed.bytes())
                    .all(|(a, b)| a.to_ascii_lowercase() == b)
        })
}

/// Whether building `b` is named for a unit, and that unit is `typed` (a business park's
/// `UNIT 3` is a building of its own, with no house number).
fn building_unit_is(index: &Index, b: &BuildingRow, typed: &str) -> bool {
    b.name != NONE
        && index
            .variants(b.name)
            .next()
            .is_some_and(|v| unit_number_fits(v.name.as_bytes(), typed))
}

/// Whether address point `ap`, or its building, carries unit number `typed`.
fn ap_unit_is(index: &Index, ap: u32, typed: &str) -> bool {
    index.address_point(ap).is_some_and(|a| {
        unit_number_is(index, a.sub_building, typed)
            || index
                .building(a.building)
                .is_some_and(|r| building_unit_is(index, &r, typed))
    })
}

/// Another organisation of the place named as well as the pinned one `pin` whose unit is
/// `typed` (a business with premises in two units, or a department filed under another unit):
/// its address point.
fn organisation_in_unit(
    index: &Index,
    matches: &[ElementMatch],
    pin: &ElementMatch,
    buildings: std::ops::Range<u32>,
    typed: &str,
) -> Option<u32> {
    matches
        .iter()
        .filter(|m| m.kind == ElementKind::Organisation && m.element != pin.element)
        .filter(|m| m.mask == pin.mask && m.score >= pin.score)
        .filter_map(|m| index.element(m.element).map(|e| e.link))
        .find(|&ap| {
            index
                .address_point(ap)
                .is_some_and(|a| buildings.contains(&a.building))
                && ap_unit_is(index, ap, typed)
        })
}

/// The address points of the other organisations in `buildings` that the text names as well as
/// the pinned one `pin`, by the very same words.
fn namesake_organisations<'a>(
    index: &'a Index,
    matches: &'a [ElementMatch],
    pin: &'a ElementMatch,
    buildings: std::ops::Range<u32>,
) -> impl Iterator<Item = u32> + 'a {
    matches
        .iter()
        .filter(move |m| m.kind == ElementKind::Organisation && m.element != pin.element)
        .filter(move |m| m.mask == pin.mask && m.score >= pin.score)
        .filter_map(|m| index.element(m.element).map(|e| e.link))
        .filter(move |&ap| {
            index
                .address_point(ap)
                .is_some_and(|a| buildings.contains(&a.building))
        })
}

/// Candidates for one scored place.
pub fn resolve(
    index: &Index,
    plan: &Plan,
    matches: &[ElementMatch],
    place: &PlaceScore,
    out: &mut Vec<Candidate>,
) {
    let Some(row) = index.place(place.place) else {
        return;
    };
    let base = Candidate {
        place: *place,
        building: None,
        address_point: None,
        score: place.score,
        numbers_used: 0,
        number_unmatched: false,
    };
    // Numbers: with no unit word, two numbers read as unit then house (`3 12 Main St`).
    type Numbered<'a> = Vec<(usize, &'a QueryNumber)>;
    let (mut units, mut houses): (Numbered, Numbered) =
        plan.numbers.iter().enumerate().partition(|(_, n)| n.unit);
    if units.is_empty() && houses.len() >= 2 {
        units.push(houses.remove(0));
    }
    let house = houses.last().copied();
    let unit = units.first().copied();

    // A pinned organisation or building name fixes the building.
    let mut buildings: Vec<(u32, Option<u32>, u32)> = Vec::new(); // (building, ap, numbers used)
    let mut pinned = false;
    if let Some(pin) = place.pin {
        let m = &matches[pin as usize];
        if let Some(el) = index.element(m.element) {
            match el.kind {
                ElementKind::Organisation => {
                    let all = row.building_start..row.building_start + row.building_count;
                    let link = match unit {
                        Some((_, u)) if !ap_unit_is(index, el.link, &u.text) => {
                            organisation_in_unit(index, matches, m, all.clone(), &u.text)
                                .unwrap_or(el.link)
                        }
                        _ => el.link,
                    };
                    if let Some(ap) = index.address_point(link) {
                        buildings.push((ap.building, Some(link), 0));
                        pinned = true;
                    }
                    // Organisations of the place named as well, by the same words (two
                    // churches of one name in a townland): each is a reading of the text,
                    // unless the typed unit is the pinned one's.
                    let unit_fits = unit.is_some_and(|(_, u)| ap_unit_is(index, link, &u.text));
                    if link == el.link && !unit_fits {
                        for ap in namesake_organisations(index, matches, m, all) {
                            if let Some(a) = index.address_point(ap) {
                                buildings.push((a.building, Some(ap), 0));
                            }
                        }
                    }
                }
                ElementKind::BuildingName => {
                    // Every building of the place with this name: houses that share a name in
                    // one townland share their postal address too.
                    let name = index.variants(m.element).next().map(|v| v.name);
                    for b in row.building_start..row.building_start + row.building_count {
                        let same = index.building(b).is_some_and(|r| {
                            r.name != NONE
                                && (r.name == m.element
                                    || index.variants(r.name).next().map(|v| v.name) == name)
                        });
                        if same {
                            buildings.push((b, None, 0));
                        }
                    }
                    if buildings.is_empty() {
                        buildings.push((el.link, None, 0));
                    }
                    pinned = true;
                }
                _ => {}
            }
        }
    }
    let range = row.building_start
        ..row.building_start + row.building_count.min(MAX_BUILDINGS_SCANNED as u32);
    let mut house_used = false;
    if let Some((hi, h)) = house {
        if pinned {
            for b in buildings.iter_mut() {
                let fits = index
                    .building(b.0)
                    .is_some_and(|r| number_fits_ref(index, r.number, &h.text));
                if fits {
                    b.2 |= 1 << hi;
                    house_used = true;
                }
            }
        } else {
            for b in range.clone() {
                let Some(r) = index.building(b) else { continue };
                if r.number == NONE {
                    continue;
                }
                if number_fits_ref(index, r.number, &h.text) {
                    buildings.push((b, None, 1 << hi));
                    house_used = true;
                }
            }
        }
        if !house_used && unit.is_none() {
            // An apartment number written as a house number (`12 Harbour Court`).
            for b in range.clone() {
                let Some(r) = index.building(b) else { continue };
                for ap in r.ap_start..r.ap_start + u32::from(r.ap_count) {
                    let Some(a) = index.address_point(ap) else {
                        continue;
                    };
                    if unit_number_is(index, a.sub_building, &h.text) {
                        buildings.push((b, Some(ap), 1 << hi));
                        house_used = true;
                    }
                }
            }
        }
    }
    if let (None, Some((ui, u)), false) = (house, unit, pinned) {
        // A unit with no house number (`Apartment 6, Claude Hall, …`): the units of the place,
        // and the buildings named for one (`Unit 3, Wilfield Park`).
        for b in range.clone() {
            let Some(r) = index.building(b) else { continue };
            if building_unit_is(index, &r, &u.text) {
                buildings.push((b, None, 1 << ui));
                continue;
            }
            for ap in r.ap_start..r.ap_start + u32::from(r.ap_count) {
                let Some(a) = index.address_point(ap) else {
                    continue;
                };
                if unit_number_is(index, a.sub_building, &u.text) {
                    buildings.push((b, Some(ap), 1 << ui));
                }
            }
        }
    }
    if buildings.is_empty() {
        let mut c = base;
        if house.is_some() || unit.is_some() {
            c.number_unmatched = true;
            c.score -= NUMBER_WEIGHT;
        }
        out.push(c);
        return;
    }
    for (b, ap, used) in buildings {
        let mut c = base;
        c.building = Some(b);
        c.address_point = ap;
        c.numbers_used = used;
        if used != 0 {
            c.score += NUMBER_WEIGHT;
        } else if house.is_some() && !house_used {
            c.number_unmatched = true;
            c.score -= NUMBER_WEIGHT;
        }
        let Some(r) = index.building(b) else { continue };
        if let (Some(ap), Some((ui, u))) = (c.address_point, unit) {
            // A pinned organisation's unit (`Unit 6`) confirms it.
            if ap_unit_is(index, ap, &u.text) {
                c.numbers_used |= 1 << ui;
            }
        }
        // The unit named the building: its address points are read as if none was typed.
        let unit = unit.filter(|&(ui, _)| c.numbers_used & (1 << ui) == 0);
        if c.address_point.is_none() {
            if let Some((ui, u)) = unit {
                for ap in r.ap_start..r.ap_start + u32::from(r.ap_count) {
                    let Some(a) = index.address_point(ap) else {
                        continue;
                    };
                    if unit_number_is(index, a.sub_building, &u.text) {
                        c.address_point = Some(ap);
                        c.numbers_used |= 1 << ui;
                        c.score += UNIT_WEIGHT;
                        break;
                    }
                }
                if c.address_point.is_none() {
                    c.number_unmatched = true;
                    c.score -= UNIT_WEIGHT;
                }
            } else if r.ap_count == 1 {
                c.address_point = Some(r.ap_start);
            } else {
                // No unit typed: the one unit without a sub-building name or organisation is
                // the building's own address (a house with a flat added).
                let mut plain = (r.ap_start..r.ap_start + u32::from(r.ap_count))
                    .filter(|&ap| index.address_point(ap).is_some_and(|a| a.is_plain()));
                if let (Some(only), None) = (plain.next(), plain.next()) {
                    c.address_point = Some(only);
                }
            }
        }
        out.push(c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_fit_ranges_and_suffixes() {
        assert!(number_fits(b"10a", "10a"));
        assert!(!number_fits(b"10a", "10"));
        assert!(number_fits(b"63-66", "63"));
        assert!(number_fits(b"63/64", "64"));
        assert!(number_fits(b"63-66", "63-66"));
        assert!(!number_fits(b"163", "63"));
        assert!(number_fits(b"13/14", "13-14"));
        assert!(number_fits(b"13 / 14", "13-14"));
        assert!(!number_fits(b"13/14", "14-15"));
    }

    #[test]
    fn unit_numbers_are_the_first_number_of_the_name() {
        assert!(unit_number_fits(b"APARTMENT 12", "12"));
        assert!(unit_number_fits(b"Flat 3B", "3b"));
        assert!(!unit_number_fits(b"APARTMENT 12", "1"));
        assert!(!unit_number_fits(b"APARTMENT 12, BLOCK 4", "4"));
        assert!(!unit_number_fits(b"PENTHOUSE", "1"));
        // Letters outside ASCII separate words like any other character.
        assert!(unit_number_fits("ÁRASÁN 12".as_bytes(), "12"));
        assert!(unit_number_fits("ÁRASÁN 12Ú".as_bytes(), "12"));
        assert!(!unit_number_fits("ÁRASÁN 1Ú2".as_bytes(), "12"));
    }
}
