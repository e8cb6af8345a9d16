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
//! town has (the primary locality, else the post town; the street for `building_absent`, or its
//! locality or post town when the area has several streets of that name; a locality named like
//! the post town is as right), 500 whose options are all the same name and
//! number in other towns (`accepted`; the name written with or without its apostrophes and full
//! stops), or 550. Never a postcode.

use std::collections::{HashMap, HashSet};

use super::{english, from_pool, Ctx, Draft};
use crate::rng::SplitMix64;
use crate::QueryClass;
use seoladh::raw::ecad::address::AddressParts;
use seoladh::raw::ecad::{AliasTable, Building, Dataset, NamedElement};

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
    /// A thoroughfare name ([`spelling`]) and house number.
    Street(String, String),
    /// A building group name ([`spelling`]) and house number.
    Estate(String, String),
}

/// A name's letters and digits, case and punctuation aside: `CAPTAIN'S ROAD`, `CAPTAINS ROAD`
/// and `Captains Road` are one name written three ways, the same name elsewhere.
fn spelling(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_uppercase)
        .collect()
}

/// What the derivation reads about the whole dataset, built once.
///
/// An *area* is every post town and locality that goes by one name (English, Irish or alias,
/// as the matcher reads it): `MONKSTOWN` is a post town, a locality of Blackrock, and an alias
/// of post town BLACKROCK. A name borrowed for a query must be foreign to the whole area the
/// text names, whichever of those the matcher takes it for.
struct Facts<'a> {
    /// Every term of every name in each area (its streets, estates, localities, post towns and
    /// building names, in English, Irish and aliases).
    area_terms: HashMap<String, HashSet<String>>,
    /// The post towns and localities of each area.
    area_elements: HashMap<String, Vec<u64>>,
    /// The area names of every post town and locality.
    element_areas: HashMap<u64, Vec<String>>,
    /// The counties (postal and geographic) of the buildings of every post town and locality.
    element_counties: HashMap<u64, HashSet<u64>>,
    /// The areas of the buildings of every thoroughfare.
    street_areas: HashMap<u64, HashSet<String>>,
    /// Thoroughfares by name.
    streets_named: HashMap<&'a str, Vec<u64>>,
    /// Postal and geographic counties of every building on a street of each name.
    street_counties: HashMap<&'a str, HashSet<u64>>,
    /// Numbered buildings on a street, with no estate or name of their own.
    street_donors: Vec<&'a Building>,
    /// Numbered buildings in an estate.
    estate_donors: Vec<&'a Building>,
    thoroughfares: HashMap<u64, &'a NamedElement>,
    groups: HashMap<u64, &'a NamedElement>,
    /// County names as keys (`DUBLIN` is a county before it is a locality).
    counties: HashSet<String>,
    /// The primary localities of every post town.
    town_localities: HashMap<u64, HashSet<u64>>,
}

fn by_id(rows: &[NamedElement]) -> HashMap<u64, &NamedElement> {
    rows.iter().map(|e| (e.id, e)).collect()
}

/// The terms of a name as the matcher reads them (`ST. JOHN'S RD` → `saint johns road`).
fn terms(name: &str) -> Vec<String> {
    let mut out = Vec::new();
    seoladh::raw::text::index_terms(name, &mut out);
    out
}

/// A name as one key: its terms joined.
fn key(name: &str) -> String {
    terms(name).join(" ")
}

/// The terms of a name that say which street it is: not a street type, qualifier, stop word or
/// number.
fn distinctive(name: &str) -> Vec<String> {
    let lex = seoladh::raw::text::lexicon::lexicon();
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

/// The buildings of one place: its post town and localities, and what is in it.
#[derive(Default)]
struct Place<'a> {
    elements: HashSet<u64>,
    names: HashSet<&'a str>,
    counties: HashSet<u64>,
}

/// The names of every element and post town by id: English, Irish and aliases.
struct Names<'a> {
    thoroughfares: &'a HashMap<u64, &'a NamedElement>,
    groups: &'a HashMap<u64, &'a NamedElement>,
    localities: HashMap<u64, &'a NamedElement>,
    towns: HashMap<u64, &'a seoladh::raw::ecad::PostTown>,
    aliases: HashMap<u64, Vec<&'a str>>,
}

impl<'a> Names<'a> {
    fn new(
        ds: &'a Dataset,
        thoroughfares: &'a HashMap<u64, &'a NamedElement>,
        groups: &'a HashMap<u64, &'a NamedElement>,
    ) -> Names<'a> {
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
        Names {
            thoroughfares,
            groups,
            localities: by_id(&ds.localities),
            towns: ds.post_towns.iter().map(|t| (t.id, t)).collect(),
            aliases,
        }
    }

    /// The names of element or post town `id`.
    fn of(&self, id: u64) -> Vec<&'a str> {
        let named = self
            .thoroughfares
            .get(&id)
            .or_else(|| self.groups.get(&id))
            .or_else(|| self.localities.get(&id))
            .map(|e| (e.name.as_str(), e.name_irish.as_deref()))
            .or_else(|| {
                self.towns
                    .get(&id)
                    .map(|t| (t.name.as_str(), t.name_irish.as_deref()))
            });
        let mut out: Vec<&str> = Vec::new();
        if let Some((name, irish)) = named {
            out.push(name);
            out.extend(irish);
        }
        out.extend(self.aliases.get(&id).into_iter().flatten().copied());
        out
    }
}

/// What one pass over the buildings gathers.
#[derive(Default)]
struct BuildingScan<'a> {
    /// Buildings by place (post town and localities): far fewer than buildings.
    places: HashMap<[u64; 3], Place<'a>>,
    street_counties: HashMap<&'a str, HashSet<u64>>,
    street_places: HashMap<u64, HashSet<[u64; 3]>>,
    street_donors: Vec<&'a Building>,
    estate_donors: Vec<&'a Building>,
}

impl<'a> BuildingScan<'a> {
    fn new(ds: &'a Dataset, thoroughfares: &HashMap<u64, &'a NamedElement>) -> BuildingScan<'a> {
        let mut scan = BuildingScan::default();
        for b in &ds.buildings {
            let at = [
                b.post_town_id,
                b.primary_locality_id.unwrap_or(0),
                b.secondary_locality_id.unwrap_or(0),
            ];
            let place = scan.places.entry(at).or_default();
            place.counties.insert(b.post_county_id);
            place.counties.insert(b.county_id);
            for e in [
                Some(b.post_town_id),
                b.building_group_id,
                b.primary_thoroughfare_id,
                b.secondary_thoroughfare_id,
                b.primary_locality_id,
                b.secondary_locality_id,
            ]
            .into_iter()
            .flatten()
            {
                place.elements.insert(e);
            }
            for name in [&b.name, &b.name_irish].into_iter().flatten() {
                place.names.insert(name);
            }
            if let Some(t) = b
                .primary_thoroughfare_id
                .and_then(|t| thoroughfares.get(&t))
            {
                let counties = scan.street_counties.entry(t.name.as_str()).or_default();
                counties.insert(b.post_county_id);
                counties.insert(b.county_id);
                scan.street_places.entry(t.id).or_default().insert(at);
            }
            let numbered = b.number.as_deref().is_some_and(|n| !n.trim().is_empty());
            if numbered && b.building_group_id.is_some() {
                scan.estate_donors.push(b);
            } else if numbered && b.primary_thoroughfare_id.is_some() && b.name.is_none() {
                scan.street_donors.push(b);
            }
        }
        scan
    }
}

/// The areas of every place (the name keys of its post town and localities) and what each
/// area holds.
#[derive(Default)]
struct Areas {
    element_areas: HashMap<u64, Vec<String>>,
    area_terms: HashMap<String, HashSet<String>>,
    area_elements: HashMap<String, Vec<u64>>,
    element_counties: HashMap<u64, HashSet<u64>>,
    place_areas: HashMap<[u64; 3], Vec<String>>,
}

impl Areas {
    fn new(places: &HashMap<[u64; 3], Place<'_>>, names: &Names<'_>) -> Areas {
        let mut a = Areas::default();
        let element_areas = &mut a.element_areas;
        let mut areas_of = |id: u64| -> Vec<String> {
            element_areas
                .entry(id)
                .or_insert_with(|| {
                    let mut keys: Vec<String> = names.of(id).into_iter().map(key).collect();
                    keys.sort();
                    keys.dedup();
                    keys
                })
                .clone()
        };
        let mut element_terms: HashMap<u64, Vec<String>> = HashMap::new();
        for (at, place) in places {
            let mut keys = Vec::new();
            for &e in at.iter().filter(|&&e| e != 0) {
                let k = areas_of(e);
                for area in &k {
                    let els = a.area_elements.entry(area.clone()).or_default();
                    if !els.contains(&e) {
                        els.push(e);
                    }
                }
                keys.extend(k);
                a.element_counties
                    .entry(e)
                    .or_default()
                    .extend(place.counties.iter().copied());
            }
            keys.sort();
            keys.dedup();
            let mut words: HashSet<String> = HashSet::new();
            for &e in &place.elements {
                let t = element_terms
                    .entry(e)
                    .or_insert_with(|| names.of(e).into_iter().flat_map(terms).collect());
                words.extend(t.iter().cloned());
            }
            for name in &place.names {
                words.extend(terms(name));
            }
            for k in &keys {
                a.area_terms
                    .entry(k.clone())
                    .or_default()
                    .extend(words.iter().cloned());
            }
            a.place_areas.insert(*at, keys);
        }
        a
    }
}

impl<'a> Facts<'a> {
    fn new(ds: &'a Dataset) -> Facts<'a> {
        let thoroughfares = by_id(&ds.thoroughfares);
        let groups = by_id(&ds.building_groups);
        let scan = BuildingScan::new(ds, &thoroughfares);
        let areas = {
            let names = Names::new(ds, &thoroughfares, &groups);
            Areas::new(&scan.places, &names)
        };
        let street_areas = scan
            .street_places
            .into_iter()
            .map(|(t, at)| {
                let keys = at
                    .iter()
                    .flat_map(|a| areas.place_areas.get(a).cloned().unwrap_or_default())
                    .collect();
                (t, keys)
            })
            .collect();
        let mut streets_named: HashMap<&str, Vec<u64>> = HashMap::new();
        for t in &ds.thoroughfares {
            streets_named.entry(t.name.trim()).or_default().push(t.id);
        }
        let counties = ds
            .counties
            .iter()
            .flat_map(|c| [Some(c.name.as_str()), c.name_irish.as_deref()])
            .flatten()
            .map(key)
            .collect();
        let mut town_localities: HashMap<u64, HashSet<u64>> = HashMap::new();
        for at in scan.places.keys().filter(|at| at[1] != 0) {
            town_localities.entry(at[0]).or_default().insert(at[1]);
        }
        Facts {
            counties,
            town_localities,
            area_terms: areas.area_terms,
            area_elements: areas.area_elements,
            element_areas: areas.element_areas,
            element_counties: areas.element_counties,
            street_areas,
            streets_named,
            street_counties: scan.street_counties,
            street_donors: scan.street_donors,
            estate_donors: scan.estate_donors,
            thoroughfares,
            groups,
        }
    }

    /// The areas an element belongs to by its names.
    fn areas(&self, id: u64) -> &[String] {
        self.element_areas.get(&id).map_or(&[], Vec::as_slice)
    }

    /// Whether another locality of post town `town` is named like `locality`: the text then
    /// names no one of them, and the post town is as far as it surely reaches.
    fn namesake_in_town(&self, locality: u64, town: u64) -> bool {
        let names = self.areas(locality);
        self.town_localities.get(&town).is_some_and(|ls| {
            ls.iter()
                .any(|&l| l != locality && self.areas(l).iter().any(|a| names.contains(a)))
        })
    }

    /// Whether a name's distinctive words are all foreign to the areas of the elements `named`:
    /// no word of their names, and none within the matcher's typo budget of one
    /// (`matching.md` §1).
    fn foreign_to(&self, named: &[u64], name: &str) -> bool {
        let words = distinctive(name);
        let areas: Vec<&HashSet<String>> = named
            .iter()
            .flat_map(|&e| self.areas(e))
            .filter_map(|a| self.area_terms.get(a))
            .collect();
        !words.is_empty()
            && words.iter().all(|w| {
                let budget = usize::from(seoladh::raw::text::typo_budget(w.chars().count()));
                areas.iter().all(|terms| {
                    !terms.contains(w)
                        && !terms.iter().any(|t| {
                            t.len().abs_diff(w.len()) <= budget
                                && strsim::osa_distance(t, w) <= budget
                        })
                })
            })
    }

    /// The post towns and localities named like element `id`, in one of `counties`: a 400 at any
    /// of them reaches what the text names.
    fn namesakes(&self, id: u64, counties: &[u64]) -> Vec<u64> {
        let mut out: Vec<u64> = self
            .areas(id)
            .iter()
            .filter_map(|a| self.area_elements.get(a))
            .flatten()
            .filter(|e| {
                self.element_counties
                    .get(e)
                    .is_some_and(|c| counties.iter().any(|k| c.contains(k)))
            })
            .copied()
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The thoroughfares named `name` in the areas of all of `named`: a 400 at any of them
    /// reaches the street the text names.
    fn streets_in(&self, name: &str, named: &[u64]) -> Vec<u64> {
        let mut out: Vec<u64> = self
            .streets_named
            .get(name)
            .into_iter()
            .flatten()
            .filter(|t| {
                let Some(areas) = self.street_areas.get(t) else {
                    return false;
                };
                named
                    .iter()
                    .all(|&e| self.areas(e).iter().any(|a| areas.contains(a)))
            })
            .copied()
            .collect();
        out.sort_unstable();
        out
    }
}

/// An address point the class can start from: numbered on one street, nothing else above it.
struct Start<'p> {
    parts: &'p AddressParts,
    number: String,
    /// The post town and the primary locality, as the text names them.
    named: Vec<u64>,
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
        let named = [&parts.post_town, &parts.primary_locality]
            .into_iter()
            .flatten()
            .map(|p| p.id)
            .collect();
        parts.post_town.as_ref()?;
        Some(Start {
            parts,
            number,
            named,
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
        if name == own || !fits_county || !facts.foreign_to(&start.named, name) {
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
        let reached = start.place_reached()?;
        let mut d = Draft::new(
            variant,
            lines.join(", "),
            Some(reached),
            QueryClass::Absent.expected_results(),
        );
        d.accepted = facts.namesakes(reached, &start.counties);
        // A locality named like a county (`…, DUBLIN, DUBLIN 2`) reads as the county: the post
        // town is as far as the text surely reaches.
        let county_named = start
            .parts
            .primary_locality
            .as_ref()
            .is_some_and(|l| facts.counties.contains(&key(&l.english)));
        // So does a locality its post town holds twice (three MILLTOWNs of ATHY).
        let shared_name = match (&start.parts.primary_locality, &start.parts.post_town) {
            (Some(l), Some(t)) => facts.namesake_in_town(l.id, t.id),
            _ => false,
        };
        if let (true, Some(town)) = (county_named || shared_name, &start.parts.post_town) {
            d.accepted.extend(facts.namesakes(town.id, &start.counties));
        }
        return Some((d, Borrowed::Street(spelling(name), number)));
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
        if !facts.foreign_to(&start.named, name) {
            continue;
        }
        let number = number(start, donor, rng);
        let mut lines = start.lines.clone();
        lines[0] = street.english.trim().to_string();
        lines.insert(0, format!("{number} {name}"));
        let mut d = Draft::new(
            VARIANTS[1],
            lines.join(", "),
            Some(street.id),
            QueryClass::Absent.expected_results(),
        );
        d.accepted = facts.streets_in(street.english.trim(), &start.named);
        // The area has more than one street of that name (two SALEENs of MIDLETON, each with
        // its MAIN STREET): the place holding them all is as far as the text surely reaches.
        if d.accepted.len() > 1 {
            let places = [&start.parts.primary_locality, &start.parts.post_town];
            d.accepted
                .extend(places.into_iter().flatten().map(|p| p.id));
        }
        return Some((d, Borrowed::Estate(spelling(name), number)));
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
                .map(|e| Borrowed::Estate(spelling(&e.name), number.to_string())),
            (None, Some(t)) => facts
                .thoroughfares
                .get(&t)
                .map(|e| Borrowed::Street(spelling(&e.name), number.to_string())),
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
