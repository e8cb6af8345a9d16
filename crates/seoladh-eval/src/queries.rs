//! [`derive()`]: messy queries with known answers, sampled from a dataset.
//!
//! Each class draws from its own seeded stream ([`SplitMix64::stream`]) and its own pool of
//! eligible addresses (see `select.rs`): unique-answer classes only sample address points whose
//! postal address (and the corrupted form's normalised text) is unique; `nua` only points whose
//! address is shared. Sampling is without replacement, so a class on a small dataset yields fewer
//! than `per_class` queries rather than repeats.

mod absent;

use std::collections::HashSet;

use rayon::prelude::*;

use super::corrupt::{
    eircode_form, fold_fadas, garbage, invented_names, lookalike, mutate_line, near_miss,
    typo_line, Mutation, EIRCODE_FORMS, GARBAGE_KINDS,
};
use super::format::{self, FormatVariant};
use super::rng::SplitMix64;
use super::select::{self, pack_eircode, Pools, Rendered};
use super::{QueryClass, TestQuery};
use seoladh::raw::ecad::address::{
    mixed_case, postal_address, vanity_address, AddressParts, Language, Lookup, Part,
};
use seoladh::raw::ecad::{AddressPoint, Dataset, UkAddress};

/// What to derive.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeriveOptions {
    /// Queries per class (fewer when the dataset has fewer eligible addresses).
    pub per_class: usize,
    /// Seed of every random choice.
    pub seed: u64,
    /// Classes to derive, in output order (duplicates ignored).
    pub classes: Vec<QueryClass>,
}

impl Default for DeriveOptions {
    fn default() -> Self {
        DeriveOptions {
            per_class: 200,
            seed: super::DEFAULT_SEED,
            classes: QueryClass::ALL.to_vec(),
        }
    }
}

/// The country every derived query is sent with.
pub const COUNTRY: &str = "ie";

/// One derived query before it gets its id.
struct Draft {
    variant: &'static str,
    text: String,
    expected_id: Option<u64>,
    results: Vec<u16>,
    accepted: Vec<u64>,
}

impl Draft {
    fn new(variant: &'static str, text: String, id: Option<u64>, results: &[u16]) -> Draft {
        Draft {
            variant,
            text,
            expected_id: id,
            results: results.to_vec(),
            accepted: Vec::new(),
        }
    }
}

/// Everything a class generator reads.
struct Ctx<'a> {
    ds: &'a Dataset,
    lookup: Lookup<'a>,
    pools: Pools,
}

impl Ctx<'_> {
    fn point(&self, i: u32) -> Option<(&AddressPoint, AddressParts)> {
        let ap = self.ds.address_points.get(i as usize)?;
        Some((ap, self.lookup.address_point_parts(ap.id)?))
    }

    fn eircode_exists(&self, e: &str) -> bool {
        self.pools.eircodes.binary_search(&pack_eircode(e)).is_ok()
    }
}

fn english(parts: &AddressParts) -> Rendered {
    Rendered::new(&postal_address(parts, Language::English))
}

/// Derives the benchmark queries: for each class of `opts.classes`, up to `opts.per_class`
/// queries. Same dataset and options → same queries, in the same order.
pub fn derive(ds: &Dataset, opts: &DeriveOptions) -> Vec<TestQuery> {
    let lookup = Lookup::new(ds);
    let pools = select::pools(ds, &lookup);
    let cx = Ctx { ds, lookup, pools };
    let mut out = Vec::new();
    let mut done = HashSet::new();
    for &class in &opts.classes {
        if !done.insert(class) {
            continue;
        }
        let stream = QueryClass::ALL
            .iter()
            .position(|&c| c == class)
            .unwrap_or(0) as u64;
        let mut rng = SplitMix64::stream(opts.seed, stream);
        let drafts = derive_class(&cx, class, opts.per_class, &mut rng);
        out.extend(drafts.into_iter().enumerate().map(|(k, d)| TestQuery {
            id: format!("{}-{}-{k:05}", class.name(), d.variant),
            class,
            text: d.text,
            country: COUNTRY.to_string(),
            expected_id: d.expected_id,
            expected_results: d.results,
            expect_in_options: class == QueryClass::Nua,
            accepted: d.accepted,
        }));
    }
    out
}

/// Draws from `pool` without replacement until `n` drafts are made or the pool is spent.
fn from_pool(
    pool: &[u32],
    n: usize,
    rng: &mut SplitMix64,
    mut make: impl FnMut(u32, &mut SplitMix64) -> Option<Draft>,
) -> Vec<Draft> {
    let mut pool = pool.to_vec();
    let mut out = Vec::with_capacity(n.min(pool.len()));
    for i in 0..pool.len() {
        if out.len() >= n {
            break;
        }
        let j = i + rng.below(pool.len() - i);
        pool.swap(i, j);
        if let Some(d) = make(pool[i], rng) {
            out.push(d);
        }
    }
    out
}

fn derive_class(cx: &Ctx<'_>, class: QueryClass, n: usize, rng: &mut SplitMix64) -> Vec<Draft> {
    let p = &cx.pools;
    let results = class.expected_results();
    match class {
        QueryClass::Clean | QueryClass::Nua | QueryClass::NoMail => {
            let pool = match class {
                QueryClass::Nua => &p.nua,
                QueryClass::NoMail => &p.no_mail,
                _ => &p.unique,
            };
            from_pool(pool, n, rng, |i, _| {
                let (ap, parts) = cx.point(i)?;
                let text = english(&parts).lines.join(", ");
                Some(Draft::new(class.name(), text, Some(ap.id), results))
            })
        }
        QueryClass::Format => format_drafts(cx, n, rng),
        QueryClass::Typo => from_pool(&p.unique, n, rng, |i, rng| {
            let (ap, parts) = cx.point(i)?;
            let lines = english(&parts).lines;
            let typed: Vec<String> = lines
                .iter()
                .map(|l| typo_line(l, rng).unwrap_or_else(|| l.clone()))
                .collect();
            (typed != lines).then(|| Draft::new("typo", typed.join(", "), Some(ap.id), results))
        }),
        QueryClass::MissingCounty => from_pool(&p.missing_county, n, rng, |i, _| {
            let (ap, parts) = cx.point(i)?;
            let text = english(&parts).without_county().join(", ");
            Some(Draft::new("dropped", text, Some(ap.id), results))
        }),
        QueryClass::WrongCounty => wrong_county_drafts(cx, n, rng, results),
        QueryClass::Vanity => from_pool(&p.vanity, n, rng, |i, _| {
            let (ap, parts) = cx.point(i)?;
            let text = Rendered::new(&vanity_address(&parts)).lines.join(", ");
            Some(Draft::new("vanity", text, Some(ap.id), results))
        }),
        QueryClass::Irish => from_pool(&p.irish, n, rng, |i, rng| {
            let (ap, parts) = cx.point(i)?;
            let (variant, text) = irish_text(&parts, rng)?;
            Some(Draft::new(variant, text, Some(ap.id), results))
        }),
        QueryClass::Mixed => from_pool(&p.mixed, n, rng, |i, rng| {
            let (ap, parts) = cx.point(i)?;
            let (variant, text) = mixed_text(&parts, rng)?;
            Some(Draft::new(variant, text, Some(ap.id), results))
        }),
        QueryClass::EircodeOnly => from_pool(&p.eircode, n, rng, |i, rng| {
            let ap = cx.ds.address_points.get(i as usize)?;
            let &form = rng.pick(&EIRCODE_FORMS)?;
            let text = eircode_form(ap.eircode.as_deref()?, form);
            Some(Draft::new(form, text, Some(ap.id), results))
        }),
        QueryClass::EircodeLookalike => lookalike_drafts(cx, n, rng, results),
        QueryClass::EircodeWrong => from_pool(&p.unique, n, rng, |i, rng| {
            let (ap, parts) = cx.point(i)?;
            let miss = near_miss(ap.eircode.as_deref()?, rng, |e| cx.eircode_exists(e))?;
            let text = format!(
                "{}, {}",
                english(&parts).lines.join(", "),
                eircode_form(&miss, "display")
            );
            Some(Draft::new("near_miss", text, Some(ap.id), results))
        }),
        QueryClass::EircodeOther => other_eircode_drafts(cx, n, rng, results),
        QueryClass::StreetOnly => from_pool(&p.streets, n, rng, |i, rng| {
            let t = cx.ds.thoroughfares.get(i as usize)?;
            let parts = cx.lookup.element_parts(t.id)?;
            let mut text = english(&parts).lines.join(", ");
            if rng.chance(1, 2) {
                text = mixed_case(&text);
            }
            Some(Draft::new("street", text, Some(t.id), results))
        }),
        QueryClass::Foreign => foreign_drafts(cx, n, rng, results),
        QueryClass::Invalid => (0..n)
            .map(|k| {
                let kind = GARBAGE_KINDS[k % GARBAGE_KINDS.len()];
                Draft::new(kind, garbage(kind, rng), None, results)
            })
            .collect(),
        QueryClass::Absent => absent::derive(cx, n, rng),
        QueryClass::Nomatch => {
            let streets = absent_names(&cx.pools.vocabulary);
            const TYPES: [&str; 6] = ["ROAD", "AVENUE", "PARK", "CRESCENT", "GROVE", "LANE"];
            (0..n)
                .filter_map(|_| {
                    let street = rng.pick(&streets)?;
                    let town = rng.pick(&streets)?;
                    let text = format!(
                        "{} {street} {}, {town}",
                        1 + rng.below(120),
                        TYPES[rng.below(TYPES.len())]
                    );
                    Some(Draft::new("invented", text, None, results))
                })
                .collect()
        }
    }
}

/// The address in one of the [`FormatVariant`]s that applies to it.
fn format_drafts(cx: &Ctx<'_>, n: usize, rng: &mut SplitMix64) -> Vec<Draft> {
    from_pool(&cx.pools.unique, n, rng, |i, rng| {
        let (ap, parts) = cx.point(i)?;
        let r = english(&parts);
        let mut variants = FormatVariant::ALL.to_vec();
        // Try variants in random order until one applies.
        while !variants.is_empty() {
            let v = variants.swap_remove(rng.below(variants.len()));
            if let Some(text) = format::apply(v, &r, ap.eircode.as_deref(), rng) {
                let results: &[u16] = if v.has_eircode() { &[110] } else { &[100] };
                return Some(Draft::new(v.name(), text, Some(ap.id), results));
            }
        }
        None
    })
}

/// The address with its county line replaced by (or added as) the geographic county.
fn wrong_county_drafts(
    cx: &Ctx<'_>,
    n: usize,
    rng: &mut SplitMix64,
    results: &[u16],
) -> Vec<Draft> {
    from_pool(&cx.pools.wrong_county, n, rng, |i, _| {
        let (ap, parts) = cx.point(i)?;
        let mut r = english(&parts);
        let geographic = format!("CO. {}", parts.geographic_county.as_ref()?.english.trim());
        let variant = match r.county_line {
            Some(at) => {
                *r.lines.get_mut(at)? = geographic;
                "replaced"
            }
            None => {
                r.lines.push(geographic);
                "added"
            }
        };
        Some(Draft::new(
            variant,
            r.lines.join(", "),
            Some(ap.id),
            results,
        ))
    })
}

/// An Eircode typed with look-alike characters, alone or after its address.
fn lookalike_drafts(cx: &Ctx<'_>, n: usize, rng: &mut SplitMix64, results: &[u16]) -> Vec<Draft> {
    from_pool(&cx.pools.eircode, n, rng, |i, rng| {
        let ap = cx.ds.address_points.get(i as usize)?;
        let typed = lookalike(ap.eircode.as_deref()?, rng)?;
        let &form = rng.pick(&EIRCODE_FORMS)?;
        let code = eircode_form(&typed, form);
        // Half after the address, when the address alone names this point.
        if cx.pools.unique.binary_search(&i).is_ok() && rng.chance(1, 2) {
            let (_, parts) = cx.point(i)?;
            let text = format!("{}, {}", english(&parts).lines.join(", "), code.trim());
            return Some(Draft::new("with_address", text, Some(ap.id), results));
        }
        Some(Draft::new("alone", code, Some(ap.id), results))
    })
}

/// An address followed by another address's Eircode (the Eircode's point is expected).
fn other_eircode_drafts(
    cx: &Ctx<'_>,
    n: usize,
    rng: &mut SplitMix64,
    results: &[u16],
) -> Vec<Draft> {
    from_pool(&cx.pools.unique, n, rng, |i, rng| {
        let (_, parts) = cx.point(i)?;
        let &other = rng.pick(&cx.pools.unique)?;
        let b = cx.ds.address_points.get(other as usize)?;
        if other == i {
            return None;
        }
        let text = format!(
            "{}, {}",
            english(&parts).lines.join(", "),
            eircode_form(b.eircode.as_deref()?, "display")
        );
        Some(Draft::new("other", text, Some(b.id), results))
    })
}

/// UK addresses, with or without their postcode.
fn foreign_drafts(cx: &Ctx<'_>, n: usize, rng: &mut SplitMix64, results: &[u16]) -> Vec<Draft> {
    {
        let all: Vec<u32> = (0..cx.ds.uk_addresses.len())
            .filter_map(|i| u32::try_from(i).ok())
            .collect();
        from_pool(&all, n, rng, |i, rng| {
            let uk = cx.ds.uk_addresses.get(i as usize)?;
            let with_postcode = rng.chance(2, 3);
            let variant = if with_postcode {
                "postcode"
            } else {
                "no_postcode"
            };
            Some(Draft::new(
                variant,
                uk_text(uk, with_postcode),
                None,
                results,
            ))
        })
    }
}

/// The Irish address with one of: fadas kept, fadas dropped, a mutation dropped, a mutation added;
/// then a random case.
fn irish_text(parts: &AddressParts, rng: &mut SplitMix64) -> Option<(&'static str, String)> {
    let lines = Rendered::new(&postal_address(parts, Language::Irish)).lines;
    let english_words: HashSet<String> = english(parts)
        .lines
        .iter()
        .flat_map(|l| l.split(' ').map(str::to_string).collect::<Vec<_>>())
        .collect();
    let is_irish = |w: &str| !english_words.contains(w);
    let mut variants = vec!["fadas", "no_fadas", "mutation_dropped", "mutation_added"];
    while !variants.is_empty() {
        let variant = variants.swap_remove(rng.below(variants.len()));
        let text = match variant {
            "fadas" => Some(lines.join(", ")),
            "no_fadas" => Some(fold_fadas(&lines.join(", "))),
            _ => {
                let how = if variant == "mutation_dropped" {
                    Mutation::Dropped
                } else {
                    Mutation::Added
                };
                // One line changes; pick among the lines that can take it.
                let changed: Vec<(usize, String)> = lines
                    .iter()
                    .enumerate()
                    .filter_map(|(i, l)| {
                        let mut probe = SplitMix64::new(rng.next_u64());
                        mutate_line(l, how, is_irish, &mut probe).map(|m| (i, m))
                    })
                    .collect();
                rng.pick(&changed).map(|(at, new)| {
                    let mut out = lines.clone();
                    out[*at] = new.clone();
                    out.join(", ")
                })
            }
        };
        if let Some(text) = text {
            let text = match rng.below(3) {
                0 => text.to_lowercase(),
                1 => mixed_case(&text),
                _ => text,
            };
            return Some((variant, text));
        }
    }
    None
}

fn irish_as_english(part: &mut Option<Part>) {
    if let Some(p) = part {
        if let Some(irish) = p.irish.clone() {
            p.english = irish;
        }
    }
}

/// Irish street with English town (`irish_street`), or English street with Irish town
/// (`irish_town`): the English builder run with some parts' names swapped for their Irish ones.
fn mixed_text(parts: &AddressParts, rng: &mut SplitMix64) -> Option<(&'static str, String)> {
    let english_text = english(parts).lines.join(", ");
    let irish_text = Rendered::new(&postal_address(parts, Language::Irish))
        .lines
        .join(", ");
    let first_street = rng.chance(1, 2);
    for street in [first_street, !first_street] {
        let mut mixed = parts.clone();
        if street {
            for p in [
                &mut mixed.building_group,
                &mut mixed.primary_thoroughfare,
                &mut mixed.secondary_thoroughfare,
                &mut mixed.primary_locality,
                &mut mixed.secondary_locality,
            ] {
                irish_as_english(p);
            }
        } else {
            irish_as_english(&mut mixed.post_town);
            irish_as_english(&mut mixed.post_county);
        }
        let text = english(&mixed).lines.join(", ");
        if text != english_text && text != irish_text {
            let variant = if street { "irish_street" } else { "irish_town" };
            return Some((variant, text));
        }
    }
    None
}

/// A UK address as users write it: lines comma-joined, the postcode last when `with_postcode`.
fn uk_text(uk: &UkAddress, with_postcode: bool) -> String {
    let mut lines: Vec<String> = Vec::new();
    for part in [&uk.organisation, &uk.sub_building, &uk.building_name] {
        if let Some(p) = part.as_deref().filter(|p| !p.trim().is_empty()) {
            lines.push(p.trim().to_string());
        }
    }
    let number = uk.building_number.as_deref().map(str::trim).unwrap_or("");
    match uk.thoroughfare.as_deref().map(str::trim) {
        Some(t) if !t.is_empty() => lines.push(format!("{number} {t}").trim().to_string()),
        _ if !number.is_empty() => lines.push(number.to_string()),
        _ => {}
    }
    if let Some(l) = uk
        .dependent_locality
        .as_deref()
        .filter(|l| !l.trim().is_empty())
    {
        lines.push(l.trim().to_string());
    }
    lines.push(uk.post_town.trim().to_string());
    if with_postcode {
        lines.push(uk.postcode.trim().to_string());
    }
    lines.join(", ")
}

/// Fewest edits between an invented name and every word of the data, so that no typo-tolerant
/// matcher can fairly read it as a real name.
pub const ABSENT_MIN_DISTANCE: usize = 3;

/// Every invented name ([`super::corrupt::invented_names`]) at least [`ABSENT_MIN_DISTANCE`] edits from
/// every word of the data, in a fixed order.
fn absent_names(vocabulary: &HashSet<String>) -> Vec<String> {
    invented_names()
        .into_par_iter()
        .filter(|name| {
            let len = name.chars().count();
            !vocabulary.iter().any(|w| {
                w.chars().count().abs_diff(len) < ABSENT_MIN_DISTANCE
                    && strsim::osa_distance(w, name) < ABSENT_MIN_DISTANCE
            })
        })
        .collect()
}
