//! Resolution inside a place: the house number picks the building, the unit number (or an
//! organisation) the address point.

use std::ops::Range;

use crate::index::{BuildingRow, ElementKind, Index, PlaceRow, NONE};
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
pub(crate) fn number_fits_ref(index: &Index, r: u32, typed: &str) -> bool {
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

/// What stored numbers answer the typed ones, by string, for one query: house numbers and unit
/// names are interned, and a query's shortlisted places read the same few hundred again and
/// again (the `12` of every street, `APARTMENT 3` of every block). Direct-mapped; a slot is
/// current when stamped with the query's epoch.
#[derive(Debug, Default)]
pub struct NumberMemo {
    slots: Vec<(u32, u64, bool)>,
    epoch: u32,
}

/// Slots of [`NumberMemo`] (a power of two).
const NUMBER_MEMO_SLOTS: usize = 4096;

/// What a [`NumberMemo`] entry answers: [`house_fits`], [`unit_fits`] or [`unit_number_is`].
#[derive(Clone, Copy)]
enum Fits {
    House,
    Unit,
    UnitExactly,
}

impl NumberMemo {
    /// Forgets the previous query's answers.
    pub fn start(&mut self) {
        crate::search::restart_stamps(&mut self.slots, NUMBER_MEMO_SLOTS, &mut self.epoch);
    }

    /// Whether string `r` answers typed number `(i, n)` as `fits` reads it.
    fn fits(&mut self, index: &Index, fits: Fits, r: u32, (i, n): Typed<'_>) -> bool {
        let key = u64::from(r) << 16 | (i as u64 & 0xFF) << 8 | fits as u64;
        let slot = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 52) as usize % NUMBER_MEMO_SLOTS;
        if let Some(&(epoch, k, answer)) = self.slots.get(slot) {
            if epoch == self.epoch && k == key {
                return answer;
            }
        }
        let answer = match fits {
            Fits::House => house_fits(index, r, n),
            Fits::Unit => unit_fits(index, r, n),
            Fits::UnitExactly => unit_number_is(index, r, &n.text),
        };
        if let Some(s) = self.slots.get_mut(slot) {
            *s = (self.epoch, key, answer);
        }
        answer
    }
}

/// Whether stored house number `r` answers typed number `n`: as typed, or, when `n` is still
/// being typed, by beginning with it (`17` for `1`, either end of `17-19`).
fn house_fits(index: &Index, r: u32, n: &QueryNumber) -> bool {
    number_fits_ref(index, r, &n.text)
        || (n.partial
            && index
                .string_bytes(r)
                .is_some_and(|s| number_begins(s, &n.text)))
}

/// Whether a stored house number, or either end of a range or pair, begins with the digits
/// `typed`.
fn number_begins(stored: &[u8], typed: &str) -> bool {
    stored
        .split(|b| matches!(b, b'-' | b'/'))
        .any(|part| part.trim_ascii_start().starts_with(typed.as_bytes()))
}

/// Whether the unit number of name `r` answers typed number `n` (as [`house_fits`] does).
fn unit_fits(index: &Index, r: u32, n: &QueryNumber) -> bool {
    unit_number_is(index, r, &n.text)
        || (n.partial
            && index.string_bytes(r).is_some_and(|s| {
                s.split(|b| !b.is_ascii_alphanumeric())
                    .find(|w| w.first().is_some_and(u8::is_ascii_digit))
                    .is_some_and(|w| w.starts_with(n.text.as_bytes()))
            }))
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

/// Another organisation of the place named by the pinned one `pin`'s words (and perhaps more) whose unit is
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
        // Named by the pin's words at least: `O'CALLAGHAN ENGINEERING LIMITED, UNIT 5` beside
        // MCGRATH ENGINEERING LIMITED, UNIT 2, with O'CALLAGHAN read in a locality's alias.
        .filter(|m| m.mask & pin.mask == pin.mask && m.score >= pin.score)
        .filter_map(|m| index.element(m.element).map(|e| e.link))
        .find(|&ap| {
            index
                .address_point(ap)
                .is_some_and(|a| buildings.contains(&a.building))
                && ap_unit_is(index, ap, typed)
        })
}

/// A typed number and its entry in `Plan::numbers`.
type Typed<'a> = (usize, &'a QueryNumber);

/// A building the text may mean: its ordinal, the address point when already singled out, and
/// the query numbers used to find it (bit per entry of `Plan::numbers`).
type Found = (u32, Option<u32>, u32);

/// The house number and the unit number typed, the numbers a name of the place holds
/// (`named`, bit per entry) aside. With no unit word, two numbers read as unit then house
/// (`3 12 Main St`).
fn house_and_unit(plan: &Plan, named: u32) -> (Option<Typed<'_>>, Option<Typed<'_>>) {
    let typed = || {
        plan.numbers
            .iter()
            .enumerate()
            .filter(move |(i, _)| *i >= 32 || named & (1 << i) == 0)
    };
    let unit = typed().find(|(_, n)| n.unit);
    let mut houses = typed().filter(|(_, n)| !n.unit);
    let (first, last) = (houses.next(), houses.next_back());
    match (unit, last) {
        (Some(unit), _) => (last.or(first), Some(unit)),
        (None, Some(last)) => (Some(last), first),
        (None, None) => (first, None),
    }
}

/// The buildings a pinned organisation or building name fixes, or `None` when the pin is
/// neither (or its element is missing).
fn pinned_buildings(
    index: &Index,
    row: &PlaceRow,
    matches: &[ElementMatch],
    pin: &ElementMatch,
    unit: Option<Typed<'_>>,
) -> Option<Vec<Found>> {
    let el = index.element(pin.element)?;
    let all = row.building_start..row.building_start + row.building_count;
    let mut buildings = Vec::new();
    match el.kind {
        ElementKind::Organisation => {
            let link = match unit {
                Some((_, u)) if !ap_unit_is(index, el.link, &u.text) => {
                    organisation_in_unit(index, matches, pin, all.clone(), &u.text)
                        .unwrap_or(el.link)
                }
                _ => el.link,
            };
            // An organisation whose address point is missing pins nothing.
            let ap = index.address_point(link)?;
            buildings.push((ap.building, Some(link), 0));
            // Organisations of the place named as well, by the same words (two churches of one
            // name in a townland): each is a reading of the text, unless the typed unit is the
            // pinned one's.
            let unit_fits = unit.is_some_and(|(_, u)| ap_unit_is(index, link, &u.text));
            if link == el.link && !unit_fits {
                for ap in namesake_organisations(index, matches, pin, all) {
                    if let Some(a) = index.address_point(ap) {
                        buildings.push((a.building, Some(ap), 0));
                    }
                }
            }
        }
        ElementKind::BuildingName => {
            // Every building of the place with this name: houses that share a name in one
            // townland share their postal address too.
            let name = index.variants(pin.element).next().map(|v| v.name);
            for b in all {
                let same = index.building(b).is_some_and(|r| {
                    r.name != NONE
                        && (r.name == pin.element
                            || index.variants(r.name).next().map(|v| v.name) == name)
                });
                if same {
                    buildings.push((b, None, 0));
                }
            }
            if buildings.is_empty() {
                buildings.push((el.link, None, 0));
            }
        }
        _ => return None,
    }
    Some(buildings)
}

/// Marks the pinned buildings whose house number is the typed one; whether any is.
fn house_on_pinned(
    index: &Index,
    buildings: &mut [Found],
    (hi, h): Typed<'_>,
    memo: &mut NumberMemo,
) -> bool {
    let mut used = false;
    for b in buildings.iter_mut() {
        let fits = index
            .building(b.0)
            .is_some_and(|r| memo.fits(index, Fits::House, r.number, (hi, h)));
        if fits {
            b.2 |= 1 << hi;
            used = true;
        }
    }
    used
}

/// Marks the pinned buildings (with no address point singled out yet) that hold a unit
/// numbered as the typed house (`12 HARBOUR COURT` for APARTMENT 12 of the building HARBOUR
/// COURT), singling it out; whether any does.
fn units_on_pinned(
    index: &Index,
    buildings: &mut [Found],
    (hi, h): Typed<'_>,
    memo: &mut NumberMemo,
) -> bool {
    let mut used = false;
    for b in buildings.iter_mut().filter(|b| b.1.is_none()) {
        let Some(r) = index.building(b.0) else {
            continue;
        };
        let unit = (r.ap_start..r.ap_start + u32::from(r.ap_count)).find(|&ap| {
            index
                .address_point(ap)
                .is_some_and(|a| memo.fits(index, Fits::Unit, a.sub_building, (hi, h)))
        });
        if let Some(ap) = unit {
            b.1 = Some(ap);
            b.2 |= 1 << hi;
            used = true;
        }
    }
    used
}

/// Adds the buildings of `range` numbered as the typed house; whether any is.
fn numbered_buildings(
    index: &Index,
    range: Range<u32>,
    (hi, h): Typed<'_>,
    memo: &mut NumberMemo,
    out: &mut Vec<Found>,
) -> bool {
    let mut used = false;
    for b in range {
        let Some(r) = index.building(b) else { continue };
        if r.number != NONE && memo.fits(index, Fits::House, r.number, (hi, h)) {
            out.push((b, None, 1 << hi));
            used = true;
        }
    }
    used
}

/// Adds the address points of `range` whose unit number is `(i, n)` (an apartment number
/// written as a house number, `12 Harbour Court`, or a unit typed with no house number), and
/// with `named_buildings` the buildings named for it (`Unit 3, Wilfield Park`); whether any.
fn numbered_units(
    index: &Index,
    range: Range<u32>,
    (i, n): Typed<'_>,
    named_buildings: bool,
    memo: &mut NumberMemo,
    out: &mut Vec<Found>,
) -> bool {
    let mut used = false;
    for b in range {
        let Some(r) = index.building(b) else { continue };
        if named_buildings && building_unit_is(index, &r, &n.text) {
            out.push((b, None, 1 << i));
            used = true;
            continue;
        }
        for ap in r.ap_start..r.ap_start + u32::from(r.ap_count) {
            let Some(a) = index.address_point(ap) else {
                continue;
            };
            if memo.fits(index, Fits::Unit, a.sub_building, (i, n)) {
                out.push((b, Some(ap), 1 << i));
                used = true;
            }
        }
    }
    used
}

/// The address point of building `r` the text means, when it singles one out: the typed unit
/// (scored), the building's only address point, or its one plain address point (a house with
/// a flat added).
fn address_point_in(
    index: &Index,
    r: &BuildingRow,
    unit: Option<Typed<'_>>,
    memo: &mut NumberMemo,
    c: &mut Candidate,
) {
    let points = r.ap_start..r.ap_start + u32::from(r.ap_count);
    if let Some((ui, u)) = unit {
        let typed = points.clone().find(|&ap| {
            index
                .address_point(ap)
                .is_some_and(|a| memo.fits(index, Fits::UnitExactly, a.sub_building, (ui, u)))
        });
        if let Some(ap) = typed {
            c.address_point = Some(ap);
            c.numbers_used |= 1 << ui;
            c.score += UNIT_WEIGHT;
        } else {
            c.number_unmatched = true;
            c.score -= UNIT_WEIGHT;
        }
    } else if r.ap_count == 1 {
        c.address_point = Some(r.ap_start);
    } else {
        let mut plain = points.filter(|&ap| index.address_point(ap).is_some_and(|a| a.is_plain()));
        if let (Some(only), None) = (plain.next(), plain.next()) {
            c.address_point = Some(only);
        }
    }
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
    memo: &mut NumberMemo,
    out: &mut Vec<Candidate>,
) {
    let Some(row) = index.place(place.place) else {
        return;
    };
    // Numbers the place's names hold are read (and weighed) with those names.
    let named = place
        .assigned()
        .iter()
        .filter_map(|&m| matches.get(m as usize))
        .fold(0u32, |acc, m| acc | u32::from(m.numbers));
    let base = Candidate {
        place: *place,
        building: None,
        address_point: None,
        score: place.score,
        numbers_used: named,
        number_unmatched: false,
    };
    let (house, unit) = house_and_unit(plan, named);

    // A pinned organisation or building name fixes the building.
    let pinned = place
        .pin
        .and_then(|pin| pinned_buildings(index, &row, matches, &matches[pin as usize], unit));
    let is_pinned = pinned.is_some();
    let mut buildings = pinned.unwrap_or_default();
    let range = row.building_start
        ..row.building_start + row.building_count.min(MAX_BUILDINGS_SCANNED as u32);
    let mut house_used = false;
    if let Some(h) = house {
        house_used = if is_pinned {
            house_on_pinned(index, &mut buildings, h, memo)
        } else {
            numbered_buildings(index, range.clone(), h, memo, &mut buildings)
        };
        if !house_used && unit.is_none() {
            // A pinned name fixes the building: the number may be one of its units, not a
            // unit of another building of the place (`1 CASTLEGATE, STATION RD, PORTARLINGTON`
            // is not FLAT 1 beside PORTARLINGTON GARDA STATION).
            house_used = if is_pinned {
                units_on_pinned(index, &mut buildings, h, memo)
            } else {
                numbered_units(index, range.clone(), h, false, memo, &mut buildings)
            };
        }
    }
    if let (None, Some(u), false) = (house, unit, is_pinned) {
        numbered_units(index, range, u, true, memo, &mut buildings);
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
        c.numbers_used |= used;
        if used != 0 {
            c.score += NUMBER_WEIGHT;
        } else if house.is_some() && !house_used {
            c.number_unmatched = true;
            c.score -= NUMBER_WEIGHT;
        }
        let Some(r) = index.building(b) else { continue };
        if let (Some(ap), Some((ui, u))) = (c.address_point, unit) {
            // A pinned organisation's unit (`Unit 6`) confirms it; another unit typed is
            // another organisation's (two firms named alike in one business park).
            if ap_unit_is(index, ap, &u.text) {
                c.numbers_used |= 1 << ui;
            } else if is_pinned {
                c.number_unmatched = true;
                c.score -= UNIT_WEIGHT;
            }
        }
        if c.address_point.is_none() {
            // A unit that named the building is used: its address points are read as if none
            // was typed.
            let unit = unit.filter(|&(ui, _)| c.numbers_used & (1 << ui) == 0);
            address_point_in(index, &r, unit, memo, &mut c);
        }
        out.push(c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_being_typed_begin_numbers_and_either_end_of_a_range() {
        assert!(number_begins(b"17", "1"));
        assert!(number_begins(b"1", "1"));
        assert!(number_begins(b"101A", "10"));
        assert!(number_begins(b"21-23", "23"));
        assert!(number_begins(b"21 / 17", "1"));
        assert!(!number_begins(b"21", "1"));
        assert!(!number_begins(b"7", "17"));
    }

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
