//! The `absent` class: a house number on a street or estate that the town named does not have.
//!
//! Each query starts from a real address point numbered on a street (`5 CHURCH STREET, NAVAN,
//! CO. MEATH`: no estate, building name, unit or organisation) and borrows a name from elsewhere
//! in the data, in turn:
//! - `street_elsewhere`: the street replaced by a street of another town, of the same county
//!   when one fits (`9 SEAVIEW WAY, WICKLOW` where SEAVIEW WAY is in Arklow);
//! - `building_absent`: an estate of another town put before the real street
//!   (`12 ROSE COURT, CHURCH STREET, NAVAN`), the house number on the estate;
//! - `other_county`: the street replaced by a street found only in other counties.
//!
//! The number is the address's own or the one the borrowed name has where it is, so the same
//! street (or estate) and number often exist in another town. The borrowed name's distinctive
//! words (not street types, qualifiers or stop words) are no word of any name in the town, nor
//! within the matcher's typo budget of one: no reading of the text finds it in the town.
//!
//! The right answers (`matching.md` §2): 400 at the deepest element the text names that the
//! town has (the primary locality, else the post town; the street for `building_absent`; a
//! locality named like the post town is as right), 500 whose options are all the same name and
//! number in other towns (`accepted`), or 550. Never a postcode.

use std::collections::{HashMap, HashSet};

use super::{english, from_pool, Ctx, Draft};
use crate::rng::SplitMix64;
use crate::QueryClass;
use seoladh::ecad::address::AddressParts;
use seoladh::ecad::{AliasTable, Building, Dataset, NamedElement};

/// The variants, derived in turn.
const VARIANTS: [&str; 3] = ["street_elsewhere", "building_absent", "other_county"];

/// Donors tried for one address before it is passed over.
const MAX_DONOR_TRIES: usize = 64;

/// Of those, the first ones must be in the address's own county (`street_elsewhere`).
const SAME_COUNTY_TRIES: usize = 32;

/// Words that say where along or which part of a street (`UPPER`, `NORTH`).
const QUALIFIERS: [&str; 9] = [
    "upper", "lower", "north", "south", "east", "west", "middle", "great", "little",
];

/// The name a query borrows, and where the same name and number are: the answers a 500 may offer.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Borrowed {
    /// A thoroughfare name and house number.
    Street(String, String),
    /// A building group name and house number.
    Estate(String, String),
}

/// What the derivation reads about the whole dataset, built once.
struct Facts<'a> {
    /// Every term of every name in each post town (its streets, estates, localities, building
    /// names and its own name, in English, Irish and aliases).
    town_terms: HashMap<u64, HashSet<String>>,
    /// Per post town, its localities.
    town_localities: HashMap<u64, HashSet<u64>>,
    /// Postal and geographic counties of every building on a street of each name.
    street_counties: HashMap<&'a str, HashSet<u64>>,
    /// Numbered buildings on a street, with no estate or name of their own.
    street_donors: Vec<&'a Building>,
    /// Numbered buildings in an estate.
    estate_donors: Vec<&'a Building>,
    thoroughfares: HashMap<u64, &'a NamedElement>,
    groups: HashMap<u64, &'a NamedElement>,
    localities: HashMap<u64, &'a NamedElement>,
}

fn by_id(rows: &[NamedElement]) -> HashMap<u64, &NamedElement> {
    rows.iter().map(|e| (e.id, e)).collect()
}

/// The terms of a name as the matcher reads them (`ST. JOHN'S RD` → `saint johns road`).
fn terms(name: &str) -> Vec<String> {
    let mut out = Vec::new();
    seoladh::text::index_terms(name, &mut out);
    out
}

/// The terms of a name that say which street it is: not a street type, qualifier, stop word or
/// number.
fn distinctive(name: &str) -> Vec<String> {
    let lex = seoladh::text::lexicon::lexicon();
    terms(name)
        .into_iter()
        .filter(|t| {
            lex.street_type(t).is_none()
                && !lex.is_stopword(t)
                && !QUALIFIERS.contains(&t.as_str())
                && !t.bytes().any(|b| b.is_ascii_digit())
        })
        .collect()
}

impl<'a> Facts<'a> {
    fn new(ds: &'a Dataset) -> Facts<'a> {
        let thoroughfares = by_id(&ds.thoroughfares);
        let groups = by_id(&ds.building_groups);
        let localities = by_id(&ds.localities);
        let mut aliases: HashMap<u64, Vec<&str>> = HashMap::new();
        for table in [
            AliasTable::Thoroughfare,
            AliasTable::BuildingGroup,
            AliasTable::Locality,
            AliasTable::PostTown,
        ] {
            for a in ds.aliases.get(&table).into_iter().flatten() {
                aliases.entry(a.element_id).or_default().push(&a.name);
            }
        }
        // Per town: the elements and building names in it.
        let mut town_elements: HashMap<u64, HashSet<u64>> = HashMap::new();
        let mut town_names: HashMap<u64, HashSet<&str>> = HashMap::new();
        let mut town_localities: HashMap<u64, HashSet<u64>> = HashMap::new();
        let mut street_counties: HashMap<&str, HashSet<u64>> = HashMap::new();
        let mut street_donors = Vec::new();
        let mut estate_donors = Vec::new();
        for b in &ds.buildings {
            let elements = town_elements.entry(b.post_town_id).or_default();
            elements.insert(b.post_town_id);
            for e in [
                b.building_group_id,
                b.primary_thoroughfare_id,
                b.secondary_thoroughfare_id,
                b.primary_locality_id,
                b.secondary_locality_id,
            ]
            .into_iter()
            .flatten()
            {
                elements.insert(e);
            }
            for l in [b.primary_locality_id, b.secondary_locality_id]
                .into_iter()
                .flatten()
            {
                town_localities.entry(b.post_town_id).or_default().insert(l);
            }
            for name in [&b.name, &b.name_irish].into_iter().flatten() {
                town_names.entry(b.post_town_id).or_default().insert(name);
            }
            if let Some(t) = b
                .primary_thoroughfare_id
                .and_then(|t| thoroughfares.get(&t))
            {
                let counties = street_counties.entry(t.name.as_str()).or_default();
                counties.insert(b.post_county_id);
                counties.insert(b.county_id);
            }
            let numbered = b.number.as_deref().is_some_and(|n| !n.trim().is_empty());
            if numbered && b.building_group_id.is_some() {
                estate_donors.push(b);
            } else if numbered && b.primary_thoroughfare_id.is_some() && b.name.is_none() {
                street_donors.push(b);
            }
        }
        let towns: HashMap<u64, &seoladh::ecad::PostTown> =
            ds.post_towns.iter().map(|t| (t.id, t)).collect();
        let mut element_terms: HashMap<u64, Vec<String>> = HashMap::new();
        let mut name_terms = |id: u64| -> Vec<String> {
            element_terms
                .entry(id)
                .or_insert_with(|| {
                    let named = thoroughfares
                        .get(&id)
                        .or_else(|| groups.get(&id))
                        .or_else(|| localities.get(&id))
                        .map(|e| (e.name.as_str(), e.name_irish.as_deref()));
                    let named = named.or_else(|| {
                        towns
                            .get(&id)
                            .map(|t| (t.name.as_str(), t.name_irish.as_deref()))
                    });
                    let mut out = Vec::new();
                    if let Some((name, irish)) = named {
                        out.extend(terms(name));
                        out.extend(irish.map(terms).unwrap_or_default());
                    }
                    for alias in aliases.get(&id).into_iter().flatten() {
                        out.extend(terms(alias));
                    }
                    out
                })
                .clone()
        };
        let mut town_terms: HashMap<u64, HashSet<String>> = HashMap::new();
        for (&town, elements) in &town_elements {
            let set = town_terms.entry(town).or_default();
            for &e in elements {
                set.extend(name_terms(e));
            }
            for name in town_names.get(&town).into_iter().flatten() {
                set.extend(terms(name));
            }
        }
        Facts {
            town_terms,
            town_localities,
            street_counties,
            street_donors,
            estate_donors,
            thoroughfares,
            groups,
            localities,
        }
    }

    /// Whether a name's distinctive words are all foreign to the town: no word of its names, and
    /// none within the matcher's typo budget of one (`matching.md` §1).
    fn foreign_to(&self, town: u64, name: &str) -> bool {
        let words = distinctive(name);
        let Some(town_terms) = self.town_terms.get(&town) else {
            return !words.is_empty();
        };
        !words.is_empty()
            && words.iter().all(|w| {
                let budget = usize::from(seoladh::text::typo_budget(w.chars().count()));
                !town_terms.contains(w)
                    && !town_terms.iter().any(|t| {
                        t.len().abs_diff(w.len()) <= budget && strsim::osa_distance(t, w) <= budget
                    })
            })
    }
}

/// An address point the class can start from: numbered on one street, nothing else above it.
struct Start<'p> {
    parts: &'p AddressParts,
    number: String,
    town: u64,
    counties: [u64; 2],
    lines: Vec<String>,
}

impl<'p> Start<'p> {
    fn of(parts: &'p AddressParts) -> Option<Start<'p>> {
        let plain = parts.building_group.is_none()
            && parts.building_name.is_none()
            && parts.sub_building.is_none()
            && parts.organisation.is_none()
            && parts.secondary_thoroughfare.is_none();
        let number = parts.building_number.as_deref()?.trim().to_string();
        let street = parts.primary_thoroughfare.as_ref()?;
        let lines = english(parts).lines;
        let first = format!("{number} {}", street.english.trim());
        if !plain || number.is_empty() || lines.first() != Some(&first) {
            return None;
        }
        Some(Start {
            parts,
            number,
            town: parts.post_town.as_ref()?.id,
            counties: [
                parts.post_county.as_ref().map_or(0, |c| c.id),
                parts.geographic_county.as_ref().map_or(0, |c| c.id),
            ],
            lines,
        })
    }

    /// The deepest element of the text left as it was: the primary locality, else the post town.
    fn place_reached(&self) -> Option<u64> {
        self.parts
            .primary_locality
            .as_ref()
            .or(self.parts.post_town.as_ref())
            .map(|p| p.id)
    }
}

/// The house number a query carries: the address's own, or the donor's.
fn number(start: &Start<'_>, donor: &Building, rng: &mut SplitMix64) -> String {
    match donor.number.as_deref() {
        Some(n) if rng.chance(1, 2) => n.trim().to_string(),
        _ => start.number.clone(),
    }
}

/// Localities of the town named exactly like its post town (as right as the town for a 400).
fn town_namesakes(facts: &Facts<'_>, start: &Start<'_>) -> Vec<u64> {
    let Some(town) = start.parts.post_town.as_ref() else {
        return Vec::new();
    };
    let mut out: Vec<u64> = facts
        .town_localities
        .get(&start.town)
        .into_iter()
        .flatten()
        .filter(|l| {
            facts
                .localities
                .get(l)
                .is_some_and(|e| e.name.trim() == town.english.trim())
        })
        .copied()
        .collect();
    out.sort_unstable();
    out
}

fn street_query(
    facts: &Facts<'_>,
    start: &Start<'_>,
    other_county: bool,
    rng: &mut SplitMix64,
) -> Option<(Draft, Borrowed)> {
    let own = start.parts.primary_thoroughfare.as_ref()?.english.trim();
    for attempt in 0..MAX_DONOR_TRIES {
        let &donor = rng.pick(&facts.street_donors)?;
        let Some(street) = donor
            .primary_thoroughfare_id
            .and_then(|t| facts.thoroughfares.get(&t))
        else {
            continue;
        };
        let name = street.name.trim();
        let fits_county = if other_county {
            facts
                .street_counties
                .get(street.name.as_str())
                .is_some_and(|c| !start.counties.iter().any(|k| c.contains(k)))
        } else {
            attempt >= SAME_COUNTY_TRIES || donor.post_county_id == start.counties[0]
        };
        if name == own || !fits_county || !facts.foreign_to(start.town, name) {
            continue;
        }
        let number = number(start, donor, rng);
        let mut lines = start.lines.clone();
        lines[0] = format!("{number} {name}");
        let variant = if other_county {
            VARIANTS[2]
        } else {
            VARIANTS[0]
        };
        let mut d = Draft::new(
            variant,
            lines.join(", "),
            start.place_reached(),
            QueryClass::Absent.expected_results(),
        );
        if start.parts.primary_locality.is_none() {
            d.accepted = town_namesakes(facts, start);
        }
        return Some((d, Borrowed::Street(name.to_string(), number)));
    }
    None
}

fn estate_query(
    facts: &Facts<'_>,
    start: &Start<'_>,
    rng: &mut SplitMix64,
) -> Option<(Draft, Borrowed)> {
    let street = start.parts.primary_thoroughfare.as_ref()?;
    for _ in 0..MAX_DONOR_TRIES {
        let &donor = rng.pick(&facts.estate_donors)?;
        let Some(group) = donor.building_group_id.and_then(|g| facts.groups.get(&g)) else {
            continue;
        };
        let name = group.name.trim();
        if !facts.foreign_to(start.town, name) {
            continue;
        }
        let number = number(start, donor, rng);
        let mut lines = start.lines.clone();
        lines[0] = street.english.trim().to_string();
        lines.insert(0, format!("{number} {name}"));
        let d = Draft::new(
            VARIANTS[1],
            lines.join(", "),
            Some(street.id),
            QueryClass::Absent.expected_results(),
        );
        return Some((d, Borrowed::Estate(name.to_string(), number)));
    }
    None
}

/// Derives up to `n` queries, the variants in turn.
pub(super) fn derive(cx: &Ctx<'_>, n: usize, rng: &mut SplitMix64) -> Vec<Draft> {
    let facts = Facts::new(cx.ds);
    let mut borrowed = Vec::new();
    let mut drafts = from_pool(&cx.pools.unique, n, rng, |i, rng| {
        let (_, parts) = cx.point(i)?;
        let start = Start::of(&parts)?;
        let (d, b) = match VARIANTS[borrowed.len() % VARIANTS.len()] {
            "building_absent" => estate_query(&facts, &start, rng)?,
            "other_county" => street_query(&facts, &start, true, rng)?,
            _ => street_query(&facts, &start, false, rng)?,
        };
        borrowed.push(b);
        Some(d)
    });
    for (d, points) in drafts
        .iter_mut()
        .zip(same_elsewhere(cx.ds, &facts, &borrowed))
    {
        d.accepted.extend(points);
    }
    drafts
}

/// For each borrowed name and number, the address points with that street (and no estate) or
/// that estate, and that number: the answers a 500 may offer, in dataset order.
fn same_elsewhere(ds: &Dataset, facts: &Facts<'_>, borrowed: &[Borrowed]) -> Vec<Vec<u64>> {
    let mut wanted: HashMap<&Borrowed, Vec<usize>> = HashMap::new();
    for (i, b) in borrowed.iter().enumerate() {
        wanted.entry(b).or_default().push(i);
    }
    let mut by_building: HashMap<u64, Vec<usize>> = HashMap::new();
    for b in &ds.buildings {
        let Some(number) = b.number.as_deref().map(str::trim) else {
            continue;
        };
        let key = match (b.building_group_id, b.primary_thoroughfare_id) {
            (Some(g), _) => facts
                .groups
                .get(&g)
                .map(|e| Borrowed::Estate(e.name.trim().to_string(), number.to_string())),
            (None, Some(t)) => facts
                .thoroughfares
                .get(&t)
                .map(|e| Borrowed::Street(e.name.trim().to_string(), number.to_string())),
            _ => None,
        };
        if let Some(queries) = key.and_then(|k| wanted.get(&k)) {
            by_building.insert(b.id, queries.clone());
        }
    }
    let mut out = vec![Vec::new(); borrowed.len()];
    for ap in &ds.address_points {
        for &q in by_building.get(&ap.building_id).into_iter().flatten() {
            out[q].push(ap.id);
        }
    }
    out
}
